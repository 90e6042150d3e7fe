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

import itertools
import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, overload

import attrs

from .._version import __version__
from ..cards import CARDS, Card
from ..errors import (
    DealError,
    IllegalMoveError,
    MatchError,
    ParseError,
    RecordError,
    ResultError,
    RulesError,
    quote,
)
from ..match import MAX_COUNT, MAX_SEED_DIGITS, _seed_problem
from ..moves import Move, parse_move
from .engine import Seed, apply_move, deal_from_order, shuffled_deck
from .match import PartnershipMatch, apply_result
from .rules import PartnershipRules
from .scoring import PartnershipEnd, PartnershipResult, score_hand
from .state import PartnershipState

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


def _result_dict(r: PartnershipResult) -> dict[str, Any]:
    return {
        "winner": r.winner,
        "game_points": r.game_points,
        "carry": r.carry,
        "points": list(r.points),
        "tricks": list(r.tricks),
        "ten_of_trumps": r.ten_of_trumps,
        "reason": r.reason.value,
    }


def _result_from(data: object, where: str) -> PartnershipResult | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise RecordError(f"{where}result: an object or null, not {quote(data)}")
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
        raise RecordError(f"{where}result: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"{where}result: malformed ({exc})") from None


def _is_move_text(text: object) -> bool:
    """Whether ``text`` is a move in its canonical text (what a record's JSON holds)."""
    if type(text) is not str:
        return False
    try:
        return str(parse_move(text)) == text
    except ParseError:
        return False


def _check_fields(record: HandRecord) -> None:
    r: Any = record
    if not isinstance(r.rules, PartnershipRules):
        raise RecordError(f"rules: a PartnershipRules value, not {quote(r.rules)}")
    if type(r.dealer) is not int or not 0 <= r.dealer <= 3:
        raise RecordError(f"dealer: a seat from 0 to 3, not {quote(r.dealer)}")
    if not (
        isinstance(r.scores, tuple)
        and len(r.scores) == 2
        and all(type(x) is int and 0 <= x < MAX_COUNT for x in r.scores)
    ):
        raise RecordError(f"scores: two whole numbers, not {quote(r.scores)}")
    if not (isinstance(r.pack, tuple) and all(type(c) is Card for c in r.pack)):
        raise RecordError(f"pack: a tuple of cards, not {quote(r.pack)}")
    if not (isinstance(r.moves, tuple) and all(_is_move_text(m) for m in r.moves)):
        raise RecordError(
            f"moves: a tuple of move texts as the library writes them (QH), not {quote(r.moves)}"
        )
    if r.result is not None and not isinstance(r.result, PartnershipResult):
        raise RecordError(f"result: a PartnershipResult or None, not {quote(r.result)}")
    _check_seed_and_version(r)


def _check_seed_and_version(r: Any) -> None:
    if r.seed is not None and _seed_problem(r.seed) is not None:
        raise RecordError(
            f"seed: an int of at most {MAX_SEED_DIGITS} digits, a str or None, not "
            f"{quote(r.seed, 30)}"
        )
    if not isinstance(r.version, str):
        raise RecordError(f"version: a string, not {quote(r.version)}")


@attrs.frozen(kw_only=True)
class HandRecord:
    """The record of one four-hand deal.

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

    rules: PartnershipRules
    dealer: int
    pack: tuple[Card, ...]
    moves: tuple[str, ...]
    result: PartnershipResult | None
    scores: tuple[int, int] = (0, 0)
    seed: int | str | None = None
    version: str = __version__

    def __attrs_post_init__(self) -> None:
        """Check the types of the fields."""
        _check_fields(self)

    def _body(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "scores": list(self.scores),
            "seed": self.seed,
            "pack": [str(c) for c in self.pack],
            "moves": list(self.moves),
            "result": None if self.result is None else _result_dict(self.result),
        }

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dict of the record."""
        return {
            "schema": SCHEMA,
            "kind": "four-hand-game",
            "version": self.version,
            "rules": self.rules.to_dict(),
            **self._body(),
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text; :meth:`from_json` reads it back exactly."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: object) -> HandRecord:
        """Read a record from a dict such as :meth:`to_dict` makes.

        Raises:
            RecordError: not a four-hand game record of this schema.
        """
        obj = _header(data, "four-hand-game")
        _check_keys(obj, {"schema", "kind", "version", "rules", *_HAND_KEYS}, "")
        return _hand_from(obj, _rules(obj), _version(obj), "")

    @classmethod
    def from_json(cls, text: str | bytes) -> HandRecord:
        """Read a record from JSON text.

        >>> from sixtysix import partnership as p4
        >>> p4.HandRecord.from_json("[]")
        Traceback (most recent call last):
        ...
        sixtysix.errors.RecordError: a record is a JSON object, not []

        Raises:
            RecordError: the text is not a four-hand game record of this schema.
        """
        return cls.from_dict(_parse_json(text))


@attrs.frozen(kw_only=True)
class MatchRecord:
    """The record of a four-hand match.

    Attributes:
        rules: The rule set.
        seed: The match seed, or ``None``.
        dealer: The seat that dealt the first hand.
        games: Every hand, in order.
        scores: The final scores of side 0 and side 1.
        version: The sixtysix version that wrote the record.
    """

    rules: PartnershipRules
    seed: int | str | None
    dealer: int
    games: tuple[HandRecord, ...]
    scores: tuple[int, int]
    version: str = __version__

    def __attrs_post_init__(self) -> None:
        """Check the types of the fields."""
        self._check(self)

    @staticmethod
    def _check(r: Any) -> None:
        if not isinstance(r.rules, PartnershipRules):
            raise RecordError(f"rules: a PartnershipRules value, not {quote(r.rules)}")
        if not (isinstance(r.games, tuple) and all(isinstance(g, HandRecord) for g in r.games)):
            raise RecordError(f"games: a tuple of HandRecord, not {quote(r.games)}")
        if any(g.rules != r.rules for g in r.games):
            raise RecordError("games: every hand must have the match's rules")
        if any(g.version != r.version for g in r.games):  # the JSON holds one version
            raise RecordError("games: every hand must have the match's version")
        if not (
            isinstance(r.scores, tuple)
            and len(r.scores) == 2
            and all(type(x) is int and 0 <= x < MAX_COUNT for x in r.scores)
        ):
            raise RecordError(f"scores: two whole numbers, not {quote(r.scores)}")
        if type(r.dealer) is not int or not 0 <= r.dealer <= 3:
            raise RecordError(f"dealer: a seat from 0 to 3, not {quote(r.dealer)}")
        _check_seed_and_version(r)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dict of the record (hands without their repeated rules)."""
        return {
            "schema": SCHEMA,
            "kind": "four-hand-match",
            "version": self.version,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "games": [g._body() for g in self.games],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text; :meth:`from_json` reads it back exactly."""
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_dict(cls, data: object) -> MatchRecord:
        """Read a match record from a dict such as :meth:`to_dict` makes.

        Raises:
            RecordError: not a four-hand match record of this schema.
        """
        obj = _header(data, "four-hand-match")
        _check_keys(
            obj, {"schema", "kind", "version", "rules", "seed", "dealer", "scores", "games"}, ""
        )
        rules = _rules(obj)
        version = _version(obj)
        games = obj.get("games")
        if not isinstance(games, list):
            raise RecordError(f"games: a list, not {quote(games)}")
        hands = []
        for n, g in enumerate(games, 1):
            where = f"game {n}: "
            if not isinstance(g, Mapping):
                raise RecordError(f"{where}an object, not {quote(g)}")
            _check_keys(g, _HAND_KEYS, where)
            hands.append(_hand_from(g, rules, version, where))
        scores = obj.get("scores")
        if not (isinstance(scores, list) and len(scores) == 2):
            raise RecordError(f"scores: a list of two numbers, not {quote(scores)}")
        return cls(
            rules=rules,
            seed=obj.get("seed"),
            dealer=obj.get("dealer"),  # type: ignore[arg-type]
            games=tuple(hands),
            scores=(scores[0], scores[1]),
            version=version,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> MatchRecord:
        """Read a match record from JSON text.

        Raises:
            RecordError: the text is not a four-hand match record of this schema.
        """
        return cls.from_dict(_parse_json(text))


def _parse_json(text: object) -> object:
    if not isinstance(text, str | bytes):
        raise RecordError(f"a record is JSON text, not {quote(text)}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"not valid JSON (truncated or damaged?): {exc}") from None
    return data


def _header(data: object, kind: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise RecordError(f"a record is a JSON object, not {quote(data)}")
    if data.get("schema") != SCHEMA:
        raise RecordError(
            f"schema: this library reads schema {SCHEMA}, not {quote(data.get('schema'))}"
        )
    if data.get("kind") != kind:
        raise RecordError(f"kind: expected {kind!r}, not {quote(data.get('kind'))}")
    return data


def _check_keys(obj: Mapping[str, Any], keys: set[str], where: str) -> None:
    unknown = sorted(set(obj) - keys)
    if unknown:
        raise RecordError(f"{where}unknown field(s): {', '.join(quote(k) for k in unknown)}")


def _rules(obj: Mapping[str, Any]) -> PartnershipRules:
    try:
        return PartnershipRules.from_dict(obj.get("rules"))  # type: ignore[arg-type]
    except RulesError as exc:
        raise RecordError(f"rules: {exc}") from None


def _version(obj: Mapping[str, Any]) -> str:
    version = obj.get("version", __version__)
    if not isinstance(version, str):
        raise RecordError(f"version: a string, not {quote(version)}")
    return version


def _hand_from(
    obj: Mapping[str, Any], rules: PartnershipRules, version: str, where: str
) -> HandRecord:
    pack = obj.get("pack")
    moves = obj.get("moves")
    scores = obj.get("scores", [0, 0])
    if not isinstance(pack, list) or not all(isinstance(c, str) for c in pack):
        raise RecordError(f"{where}pack: a list of card texts, not {quote(pack)}")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError(f"{where}moves: a list of move texts, not {quote(moves)}")
    if not isinstance(scores, list) or len(scores) != 2:
        raise RecordError(f"{where}scores: a list of two numbers, not {quote(scores)}")
    try:
        cards = tuple(Card.parse(c) for c in pack)
        texts = tuple(str(parse_move(m)) for m in moves)
    except ParseError as exc:
        raise RecordError(f"{where}{exc}") from None
    return HandRecord(
        rules=rules,
        dealer=obj.get("dealer"),  # type: ignore[arg-type]
        scores=(scores[0], scores[1]),
        pack=cards,
        moves=texts,
        result=_result_from(obj.get("result"), where),
        seed=obj.get("seed"),
        version=version,
    )


def load_record(text: str | bytes) -> HandRecord | MatchRecord:
    """Read a four-hand game or match record from JSON, whichever it is.

    Raises:
        RecordError: the text is neither.
    """
    data = _parse_json(text)
    kind = data.get("kind") if isinstance(data, Mapping) else None
    if kind == "four-hand-match":
        return MatchRecord.from_dict(data)
    return HandRecord.from_dict(data)


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
    if pack is None:
        cards = tuple(shuffled_deck(rules, seed))
    else:
        try:
            items = pack.split() if isinstance(pack, str) else list(itertools.islice(pack, 41))
        except TypeError:
            raise DealError(
                f"the pack order must be a sequence of cards, not {quote(pack)}"
            ) from None
        deal_from_order(rules, items)  # checks the pack: the deck's cards, each once
        cards = tuple(Card.parse(c) if isinstance(c, str) else c for c in items)
    state = deal_from_order(rules, cards, dealer, scores=scores)
    if isinstance(moves, str):
        moves = moves.split()
    try:
        played = iter(moves)
    except TypeError:
        raise RecordError(f"moves: an iterable of moves, not {quote(moves)}") from None
    texts = []
    for move in played:
        state = apply_move(state, move)
        texts.append(str(CARDS[state.played[-1]]))
    kept = seed if isinstance(seed, int | str) and _seed_problem(seed) is None else None
    return HandRecord(
        rules=rules,
        dealer=dealer,
        scores=scores,
        pack=cards,
        moves=tuple(texts),
        result=score_hand(state) if state.over else None,
        seed=kept if pack is None else None,
    )


def _states(record: HandRecord, where: str) -> Iterator[PartnershipState]:
    if record.seed is not None and list(record.pack) != shuffled_deck(record.rules, record.seed):
        raise RecordError(f"{where}pack: it is not the shuffle of seed {record.seed!r}")
    try:
        state = deal_from_order(record.rules, record.pack, record.dealer, scores=record.scores)
    except DealError as exc:
        raise RecordError(f"{where}{exc}") from None
    yield state
    for n, text in enumerate(record.moves, 1):
        try:
            state = apply_move(state, text)
        except (IllegalMoveError, ParseError) as exc:
            raise RecordError(f"{where}move {n} ({text}): {exc}") from None
        yield state
    expected = score_hand(state) if state.over else None
    if record.result != expected:
        raise RecordError(
            f"{where}result: the record says {record.result}, the replay gives {expected}"
        )


def replay_states(record: HandRecord) -> Iterator[PartnershipState]:
    """Every state of a recorded hand, from the deal to the last move.

    Raises:
        RecordError: the pack, a move or the result does not replay.
    """
    return _states(record, "")


@overload
def replay(record: HandRecord) -> PartnershipState: ...
@overload
def replay(record: MatchRecord) -> tuple[tuple[PartnershipState, ...], PartnershipMatch]: ...
def replay(
    record: HandRecord | MatchRecord,
) -> PartnershipState | tuple[tuple[PartnershipState, ...], PartnershipMatch]:
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
    try:
        m = PartnershipMatch(rules=record.rules, seed=record.seed, dealer=record.dealer)
    except MatchError as exc:  # pragma: no cover - MatchRecord checks the same fields
        raise RecordError(str(exc)) from None
    finals = []
    for n, game in enumerate(record.games, 1):
        where = f"game {n}: "
        if m.is_over:
            raise RecordError(f"{where}the match was already over")
        if game.dealer != m.dealer or game.scores != m.scores:
            raise RecordError(
                f"{where}dealt by seat {game.dealer} at {game.scores}, but the match had "
                f"seat {m.dealer} to deal at {m.scores}"
            )
        if m.seed is not None and game.seed != m.hand_seed:
            raise RecordError(
                f"{where}seed {game.seed!r}, but the match deals from {m.hand_seed!r}"
            )
        *_, last = _states(game, where)
        if not last.over:
            raise RecordError(f"{where}the hand is not finished")
        finals.append(last)
        try:
            m = apply_result(m, score_hand(last))
        except MatchError as exc:  # pragma: no cover - the checks above rule it out
            raise RecordError(f"{where}{exc}") from None
    if m.scores != record.scores:
        raise RecordError(f"scores: the record says {record.scores}, the replay gives {m.scores}")
    return tuple(finals), m
