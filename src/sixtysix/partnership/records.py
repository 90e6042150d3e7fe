"""Four-hand game and match records: values, JSON, and :func:`replay`.

A :class:`HandRecord` holds one deal: the rules, the dealer, the sides' match scores when
it was dealt, the pack order, the cards played (canonical text) and the result. A
:class:`MatchRecord` holds a match: rules, seed, first dealer, every hand, final scores.
Both convert to and from JSON with ``"schema": 1`` and ``"kind": "four-hand-game"`` or
``"four-hand-match"``; :func:`replay` re-plays a record card by card and checks its
result.

>>> from sixtysix import partnership as p4
>>> from sixtysix.partnership.records import HandRecord, record_hand, replay
>>> s = p4.new_hand(p4.FOUR_HAND_66, seed=4)
>>> played = []
>>> while not p4.is_over(s):
...     played.append(p4.legal_moves(s)[0])
...     s = p4.apply_move(s, played[-1])
>>> rec = p4.record_hand(p4.FOUR_HAND_66, played, seed=4)
>>> p4.HandRecord.from_json(rec.to_json()) == rec, p4.replay(rec) == s
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, ClassVar, overload

import attrs

from .. import _match, _records
from .._match import MAX_COUNT, MAX_SEED_DIGITS
from .._match import seed_problem as _seed_problem
from .._version import __version__
from ..cards import CARDS, Card, Deck
from ..errors import ParseError, RecordError, ResultError, quote
from ..moves import Move, parse_move
from .engine import Seed, apply_move, deal_from_order, shuffled_deck
from .match import PartnershipMatch, apply_result
from .rules import PartnershipRules
from .scoring import PartnershipEnd, PartnershipResult, score_hand
from .state import PartnershipState

#: The most cards any deck has (a pack read from an iterator stops one card after).
_LARGEST_PACK = max(deck.size for deck in Deck)

__all__ = [
    "SCHEMA",
    "HandRecord",
    "MatchRecord",
    "load_record",
    "record_hand",
    "replay",
    "replay_states",
]

#: The version of the four-hand JSON record format.
SCHEMA = 1
_HAND_KEYS = {"dealer", "scores", "pack", "moves", "result", "seed"}
# Fields a four-hand record may leave out (and their values then): version (this
# library's), scores ([0, 0]), result and seed (null).
_OPTIONAL = frozenset({"version", "scores", "result", "seed"})
_READERS = {"four-hand-game": "HandRecord", "four-hand-match": "MatchRecord"}


def _result_dict(r: PartnershipResult) -> dict[str, Any]:
    return _records.result_body(r, tricks=list(r.tricks), ten_of_trumps=r.ten_of_trumps)


def _result_from(data: object, path: _records.JSONPath, where: str) -> PartnershipResult | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        _records.fail(path, f"{where}result: an object or null, not {quote(data)}")
    try:
        return PartnershipResult(
            winner=data["winner"],
            game_points=data["game_points"],
            carry=data["carry"],
            points=tuple(data["points"]),
            tricks=tuple(data["tricks"]),
            ten_of_trumps=data["ten_of_trumps"],
            reason=PartnershipEnd(data["reason"]),
        )
    except ResultError as exc:
        problem = f"{where}result: {exc}"
    except (KeyError, TypeError, ValueError) as exc:
        problem = f"{where}result: malformed ({exc})"
    _records.fail(path, problem)


def _is_move_text(text: object) -> bool:
    """Whether ``text`` is a move in its canonical text (what a record's JSON holds)."""
    if type(text) is not str:
        return False
    try:
        return str(parse_move(text)) == text
    except ParseError:
        return False


def _check_scores(scores: object, path: _records.JSONPath, where: str) -> None:
    if not (
        isinstance(scores, tuple)
        and len(scores) == 2
        and all(_records.is_int(x) and 0 <= x < MAX_COUNT for x in scores)
    ):
        _records.fail(path, f"{where}scores: two whole numbers, not {quote(scores)}")


def _check_dealer(dealer: object, path: _records.JSONPath, where: str) -> None:
    if not _records.is_int(dealer) or not 0 <= dealer <= 3:
        _records.fail(path, f"{where}dealer: a seat from 0 to 3, not {quote(dealer)}")


def _check_fields(r: Any, base: _records.JSONPath, where: str) -> None:
    if not isinstance(r.rules, PartnershipRules):
        _records.fail(
            (*base, "rules"), f"{where}rules: a PartnershipRules value, not {quote(r.rules)}"
        )
    _check_dealer(r.dealer, (*base, "dealer"), where)
    _check_scores(r.scores, (*base, "scores"), where)
    if not _records.is_tuple_of(r.pack, lambda c: type(c) is Card):
        _records.fail((*base, "pack"), f"{where}pack: a tuple of cards, not {quote(r.pack)}")
    if not _records.is_tuple_of(r.moves, _is_move_text):
        _records.fail(
            (*base, "moves"),
            f"{where}moves: a tuple of move texts as the library writes them (QH), not "
            f"{quote(r.moves)}",
        )
    if r.result is not None and not isinstance(r.result, PartnershipResult):
        _records.fail(
            (*base, "result"),
            f"{where}result: a PartnershipResult or None, not {quote(r.result)}",
        )
    _check_seed_and_version(r, base, where)


def _check_seed_and_version(r: Any, base: _records.JSONPath, where: str) -> None:
    if r.seed is not None and _seed_problem(r.seed) is not None:
        _records.fail(
            (*base, "seed"),
            f"{where}seed: an int of at most {MAX_SEED_DIGITS} digits, a str or None, not "
            f"{quote(r.seed, 30)}",
        )
    if not isinstance(r.version, str):
        _records.fail((*base, "version"), f"{where}version: a string, not {quote(r.version)}")


def _check_match(r: Any, base: _records.JSONPath = (), where: str = "") -> None:
    if not isinstance(r.rules, PartnershipRules):
        _records.fail(("rules",), f"rules: a PartnershipRules value, not {quote(r.rules)}")
    if not _records.is_tuple_of(r.games, lambda g: isinstance(g, HandRecord)):
        _records.fail(("games",), f"games: a tuple of HandRecord, not {quote(r.games)}")
    for number, game in enumerate(r.games, 1):
        if game.rules != r.rules:
            _records.fail(("games", number - 1), "games: every hand must have the match's rules")
        if game.version != r.version:  # the JSON holds one version
            _records.fail(("games", number - 1), "games: every hand must have the match's version")
    _check_scores(r.scores, ("scores",), "")
    _check_dealer(r.dealer, ("dealer",), "")
    _check_seed_and_version(r, (), "")


@attrs.frozen(kw_only=True)
class HandRecord(_records.RecordJSON):
    """The record of one four-hand deal.

    Read from JSON text, a bad record's error starts with the line and column:

    >>> from sixtysix import partnership as p4
    >>> p4.HandRecord.from_json('{"schema": 1, "kind": []}')
    Traceback (most recent call last):
    ...
    sixtysix.errors.RecordError: line 1, column 23: kind: expected a four-hand-game record, ...

    Attributes:
        rules: The rule set.
        dealer: The dealer's seat.
        scores: The sides' match scores when the hand was dealt.
        pack: The pack order, top card first (see :func:`~sixtysix.partnership.deal_from_order`).
        moves: The cards played, in canonical text.
        result: The result, or ``None`` for an unfinished hand.
        seed: The seed the pack was shuffled from, if any (:func:`replay` checks it).
        version: The sixtysix version that wrote the record.
    """

    _SCHEMA: ClassVar[int] = SCHEMA
    _KIND: ClassVar[str] = "four-hand-game"
    _check = staticmethod(_check_fields)
    _ENSURE_ASCII: ClassVar[bool] = True

    rules: PartnershipRules
    dealer: int
    pack: tuple[Card, ...]
    moves: tuple[str, ...]
    result: PartnershipResult | None
    scores: tuple[int, int] = (0, 0)
    seed: int | str | None = None
    version: str = __version__

    def _fields(self) -> dict[str, Any]:
        result = None if self.result is None else _result_dict(self.result)
        return _records.hand_body(self, ("scores", self.scores), result)

    @classmethod
    def _read(cls, data: object) -> HandRecord:
        obj = _records.header(data, SCHEMA, "four-hand-game", _READERS)
        _records.check_keys(
            obj, {"schema", "kind", "version", "rules", *_HAND_KEYS}, (), "", _OPTIONAL
        )
        return _hand_from(
            obj,
            _records.rules_of(obj, PartnershipRules.from_dict),
            _records.version_of(obj, __version__),
            (),
            "",
        )


@attrs.frozen(kw_only=True)
class MatchRecord(_records.RecordJSON):
    """The record of a four-hand match.

    Attributes:
        rules: The rule set.
        seed: The match seed, or ``None``.
        dealer: The seat that dealt the first hand.
        games: Every hand, in order.
        scores: The final scores of side 0 and side 1.
        version: The sixtysix version that wrote the record.

    Its JSON holds the hands without their rules and version, which are the match's.
    """

    _SCHEMA: ClassVar[int] = SCHEMA
    _KIND: ClassVar[str] = "four-hand-match"
    _check = staticmethod(_check_match)
    _ENSURE_ASCII: ClassVar[bool] = True

    rules: PartnershipRules
    seed: int | str | None
    dealer: int
    games: tuple[HandRecord, ...]
    scores: tuple[int, int]
    version: str = __version__

    def _fields(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "games": [g._fields() for g in self.games],
        }

    @classmethod
    def _read(cls, data: object) -> MatchRecord:
        obj = _records.header(data, SCHEMA, "four-hand-match", _READERS)
        keys = {"schema", "kind", "version", "rules", "seed", "dealer", "scores", "games"}
        _records.check_keys(obj, keys, (), "", _OPTIONAL)
        rules = _records.rules_of(obj, PartnershipRules.from_dict)
        version = _records.version_of(obj, __version__)
        games = obj["games"]
        if not isinstance(games, list):
            _records.fail(("games",), f"games: a list, not {quote(games)}")
        hands = []
        for n, g in enumerate(games, 1):
            base: _records.JSONPath = ("games", n - 1)
            where = f"game {n}: "
            if not isinstance(g, Mapping):
                _records.fail(base, f"{where}an object, not {quote(g)}")
            _records.check_keys(g, _HAND_KEYS, base, where, _OPTIONAL)
            hands.append(_hand_from(g, rules, version, base, where))
        scores = obj["scores"]
        if not (isinstance(scores, list) and len(scores) == 2):
            _records.fail(("scores",), f"scores: a list of two numbers, not {quote(scores)}")
        record: MatchRecord = _records.build(
            MatchRecord,
            _check_match,
            (),
            "",
            rules=rules,
            seed=obj.get("seed"),
            dealer=obj["dealer"],
            games=tuple(hands),
            scores=(scores[0], scores[1]),
            version=version,
        )
        return record


def _hand_from(
    obj: Mapping[str, Any],
    rules: PartnershipRules,
    version: str,
    base: _records.JSONPath,
    where: str,
) -> HandRecord:
    cards = _records.read_texts(
        obj["pack"], (*base, "pack"), where, "card", "pack card", Card.parse
    )
    moves = _records.read_texts(obj["moves"], (*base, "moves"), where, "move", "move", parse_move)
    scores = obj.get("scores", [0, 0])
    if not isinstance(scores, list) or len(scores) != 2:
        _records.fail(
            (*base, "scores"), f"{where}scores: a list of two numbers, not {quote(scores)}"
        )
    record: HandRecord = _records.build(
        HandRecord,
        _check_fields,
        base,
        where,
        rules=rules,
        dealer=obj["dealer"],
        scores=(scores[0], scores[1]),
        pack=tuple(cards),
        moves=tuple(str(m) for m in moves),
        result=_result_from(obj.get("result"), (*base, "result"), where),
        seed=obj.get("seed"),
        version=version,
    )
    return record


def load_record(text: str | bytes) -> HandRecord | MatchRecord:
    """Read a four-hand game or match record from JSON, whichever it is.

    Raises:
        RecordError: the text is neither; the message starts with the line and column
            of the problem.
    """
    result: HandRecord | MatchRecord = _records.load_either(
        text, "four-hand-match", HandRecord, MatchRecord
    )
    return result


def record_hand(
    rules: PartnershipRules,
    moves: Iterable[Move | str],
    *,
    seed: Seed = None,
    dealer: int = 0,
    scores: tuple[int, int] = (0, 0),
    pack: Iterable[Card | str] | None = None,
) -> HandRecord:
    """Record a hand dealt from ``seed`` (or from ``pack``) and played with ``moves``.

    The moves are checked by playing them (a single string is split at spaces), and kept
    in canonical text; the result is filled in when the hand is over.
    Only a str seed or an int seed of at most :data:`~sixtysix.match.MAX_SEED_DIGITS`
    digits is kept in the record (the pack is always there).

    Raises:
        IllegalMoveError: a move is illegal.
        ParseError: a move is text that is not a move.
        DealError: a bad rule set, seed, pack, dealer or scores.
        RecordError: ``moves`` is not iterable.
    """
    # (the largest pack: ``rules`` is checked by the deal, after this reads the pack)
    order = _records.pack_order(pack, lambda: shuffled_deck(rules, seed), _LARGEST_PACK)
    state = deal_from_order(rules, order, dealer, scores=scores)  # checks the pack
    cards = _records.pack_cards(order)
    try:
        played = iter(moves.split() if isinstance(moves, str) else moves)
    except TypeError:
        raise RecordError(f"moves: an iterable of moves, not {quote(moves)}") from None
    texts = []
    for move in played:
        state = apply_move(state, move)
        texts.append(str(CARDS[state.played[-1]]))
    kept = seed if isinstance(seed, int | str) and _seed_problem(seed) is None else None
    return _hand_record(rules, dealer, scores, cards, kept if pack is None else None, state, texts)


def _hand_record(
    rules: PartnershipRules,
    dealer: int,
    scores: tuple[int, int],
    pack: tuple[Card, ...],
    seed: int | str | None,
    final: PartnershipState,
    moves: list[str],
) -> HandRecord:
    """The record of a hand dealt from ``pack`` and played with ``moves`` to ``final``."""
    result = score_hand(final) if final.over else None
    fields: dict[str, Any] = {"rules": rules, "dealer": dealer, "scores": scores, "seed": seed}
    return HandRecord(pack=pack, moves=tuple(moves), result=result, **fields)


def _states(record: HandRecord, where: str) -> Iterator[PartnershipState]:
    return _records.hand_states(
        record,
        where,
        shuffle=shuffled_deck,
        deal=lambda r: deal_from_order(r.rules, r.pack, r.dealer, scores=r.scores),
        apply=apply_move,
        score=score_hand,
        is_over=lambda s: s.over,
    )


# What replay gives for a match: the final state of each hand, and the match.
_MatchReplay = tuple[tuple[PartnershipState, ...], PartnershipMatch]


def replay_states(record: HandRecord) -> Iterator[PartnershipState]:
    """Every state of a recorded hand, from the deal to the last move.

    Raises:
        RecordError: the pack, a move or the result does not replay.
    """
    return _states(record, "")


@overload
def replay(record: HandRecord) -> PartnershipState: ...
@overload
def replay(record: MatchRecord) -> _MatchReplay: ...
def replay(record: HandRecord | MatchRecord) -> PartnershipState | _MatchReplay:
    """Re-play a record and check it.

    A hand record gives its final state; a match record every hand's final state and
    the final :class:`~sixtysix.partnership.PartnershipMatch`.

    A match's hands must be dealt by the match (dealer passing left, scores as they
    stood, the match seed's deals when it has one) and its final scores must agree.

    Raises:
        RecordError: the record does not replay.
    """
    if isinstance(record, HandRecord):
        *_, last = _states(record, "")
        return last
    if not isinstance(record, MatchRecord):
        raise RecordError(f"replay needs a HandRecord or MatchRecord, not {quote(record)}")
    result: _MatchReplay = _records.public(lambda: _replay_match(record, _match_start(record)))
    return result


def _match_start(record: MatchRecord) -> PartnershipMatch:
    """The match before the first hand of ``record`` (whose fields are checked)."""
    return PartnershipMatch(rules=record.rules, seed=record.seed, dealer=record.dealer)


def _walk(
    record: MatchRecord,
) -> Iterator[tuple[int, HandRecord, PartnershipMatch, PartnershipMatch | None]]:
    """Each hand of a replayed match record with the match before and after it.

    See :func:`sixtysix._match.walk`; for the replay command and the viewer.
    """
    return _match.walk(_match_start(record), record.games, lambda g: g.result, apply_result)


def _replay_match(record: MatchRecord, m: PartnershipMatch) -> _MatchReplay:
    finals, m = _records.replay_match(
        m,
        record.games,
        deal=(_records.seat_deal_check, _records.seat_deal_check),
        deal_error=_records.seat_deal_error,
        replay_hand=_replay_hand,
        apply=apply_result,
        over_text=lambda m: f"side {m.winner} won it",
    )
    if m.scores != record.scores:
        _records.fail(
            ("scores",), f"scores: the record says {record.scores}, the replay gives {m.scores}"
        )
    return finals, m


def _replay_hand(
    game: HandRecord, base: _records.JSONPath, where: str
) -> tuple[PartnershipState, PartnershipResult | None]:
    *_, last = _states(game, where)
    if not last.over:
        _records.fail(base, f"{where}the hand is not finished")
    return last, game.result
