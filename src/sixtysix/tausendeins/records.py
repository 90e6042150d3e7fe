"""Tausendeins deal and game records: values, JSON, and :func:`replay` (rules §12).

A :class:`DealRecord` holds one deal: the rules, the dealer, the totals when it was
dealt, the pack order, every move (its §12.9 text: ``QH``, ``marry H``, ``bid 110``,
``talon 0``, ``discard 9S``, ``contract 120``, ``pass``) and the result. A
:class:`MatchRecord` holds a game to ``target`` (1001, rules §12.8): rules, seed, first
dealer, every deal, final totals. Both convert to and from JSON with ``"schema": 1`` and
``"kind": "tausendeins-deal"`` or ``"tausendeins-match"``; :func:`replay` re-plays a
record move by move, checking every move and every result.

>>> from sixtysix import tausendeins as t1
>>> s = t1.new_hand(t1.TAUSENDEINS_CONTRACT, seed=4)
>>> moves = []
>>> while not t1.is_over(s):
...     moves.append(t1.legal_moves(s)[0])
...     s = t1.apply_move(s, moves[-1])
>>> rec = t1.record_deal(t1.TAUSENDEINS_CONTRACT, moves, seed=4)
>>> rec.moves[:3], rec.result == t1.score_deal(s)
(('pass', 'talon 0', 'discard TC'), True)
>>> t1.DealRecord.from_json(rec.to_json()) == rec, t1.replay(rec) == s
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, overload

import attrs

from .. import _match, _records
from .._match import MAX_COUNT
from .._seeding import Seed
from .._version import __version__
from ..cards import Card
from ..errors import (
    IllegalMoveError,
    MatchError,
    ParseError,
    PlayerError,
    RecordError,
    quote,
)
from .engine import apply_move, deal_from_order, shuffled_deck
from .match import TausendeinsMatch, new_match, next_deal
from .moves import TausendeinsMove, parse_move
from .rules import TausendeinsRules
from .scoring import TausendeinsResult, score_deal
from .state import TausendeinsState
from .views import observe

__all__ = [
    "DealRecord",
    "MatchRecord",
    "apply_result",
    "load_record",
    "play_match",
    "record_deal",
    "record_match",
    "replay",
    "replay_states",
]

#: The version of the Tausendeins JSON record format.
SCHEMA = 1
_DEAL_KEYS = {"dealer", "scores", "pack", "moves", "result", "seed"}
# Fields a record may leave out (and their values then): version (this library's),
# scores ([0, 0]), result and seed (null).
_OPTIONAL = frozenset({"version", "scores", "result", "seed"})
_READERS = {"tausendeins-deal": "DealRecord", "tausendeins-match": "MatchRecord"}
_PAIRS = ("points", "added", "card_points", "marriage_points", "tricks")


def _result_dict(r: TausendeinsResult) -> dict[str, Any]:
    out: dict[str, Any] = {name: list(getattr(r, name)) for name in _PAIRS}
    out.update(declarer=r.declarer, contract=r.contract, made=r.made)
    return out


def _result_from(data: object, path: _records.JSONPath, where: str) -> TausendeinsResult | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        _records.fail(path, f"{where}result: an object or null, not {quote(data)}")
    _records.check_keys(data, {*_PAIRS, "declarer", "contract", "made"}, path, f"{where}result: ")
    for name in _PAIRS:
        value = data[name]
        if not (
            isinstance(value, list)
            and len(value) == 2
            and all(_records.is_int(v) and abs(v) < MAX_COUNT for v in value)
        ):
            _records.fail((*path, name), f"{where}result: {name}: two numbers, not {quote(value)}")
    declarer, contract, made = data["declarer"], data["contract"], data["made"]
    if not (declarer is None or (_records.is_int(declarer) and declarer in (0, 1))):
        _records.fail((*path, "declarer"), f"{where}result: declarer: 0, 1 or null")
    if not (contract is None or (_records.is_int(contract) and 0 <= contract < MAX_COUNT)):
        _records.fail((*path, "contract"), f"{where}result: contract: a number or null")
    if made not in (None, True, False) or (made is None) != (declarer is None):
        _records.fail((*path, "made"), f"{where}result: made: true or false with a declarer")
    p, a, c, m, t = ((data[n][0], data[n][1]) for n in _PAIRS)
    return TausendeinsResult(p, a, c, m, t, declarer, contract, made)


def _is_move_text(text: object) -> bool:
    """Whether ``text`` is a move in its §12.9 text (what a record's JSON holds)."""
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
        and all(_records.is_int(x) and abs(x) < MAX_COUNT for x in scores)
    ):
        _records.fail(path, f"{where}scores: two whole numbers, not {quote(scores)}")


def _check_dealer(dealer: object, path: _records.JSONPath, where: str) -> None:
    if not _records.is_int(dealer) or dealer not in (0, 1):
        _records.fail(path, f"{where}dealer: seat 0 or 1, not {quote(dealer)}")


def _check_common(r: Any, base: _records.JSONPath, where: str) -> None:
    if not isinstance(r.rules, TausendeinsRules):
        _records.fail(
            (*base, "rules"), f"{where}rules: a TausendeinsRules value, not {quote(r.rules)}"
        )
    _check_dealer(r.dealer, (*base, "dealer"), where)
    _check_scores(r.scores, (*base, "scores"), where)
    _records.check_seed((*base, "seed"), where, r.seed)
    if not isinstance(r.version, str):
        _records.fail((*base, "version"), f"{where}version: a string, not {quote(r.version)}")


def _check_deal(r: Any, base: _records.JSONPath, where: str) -> None:
    _check_common(r, base, where)
    if not _records.is_tuple_of(r.pack, lambda c: type(c) is Card):
        _records.fail((*base, "pack"), f"{where}pack: a tuple of cards, not {quote(r.pack)}")
    if not _records.is_tuple_of(r.moves, _is_move_text):
        _records.fail(
            (*base, "moves"),
            f"{where}moves: a tuple of move texts as the library writes them (QH, marry H, "
            f"bid 110), not {quote(r.moves)}",
        )
    if r.result is not None and not isinstance(r.result, TausendeinsResult):
        _records.fail(
            (*base, "result"),
            f"{where}result: a TausendeinsResult or None, not {quote(r.result)}",
        )


def _check_match(r: Any, base: _records.JSONPath = (), where: str = "") -> None:
    _check_common(r, base, where)
    if not _records.is_tuple_of(r.games, lambda g: isinstance(g, DealRecord)):
        _records.fail(("games",), f"games: a tuple of DealRecord, not {quote(r.games)}")
    for number, game in enumerate(r.games, 1):
        if game.rules != r.rules:
            _records.fail(("games", number - 1), "games: every deal must have the match's rules")
        if game.version != r.version:  # the JSON holds one version
            _records.fail(("games", number - 1), "games: every deal must have the match's version")


@attrs.frozen(kw_only=True)
class DealRecord(_records.RecordJSON):
    """The record of one Tausendeins deal.

    Read from JSON text, a bad record's error starts with the line and column:

    >>> from sixtysix import tausendeins as t1
    >>> t1.DealRecord.from_json('{"schema": 1, "kind": []}')
    Traceback (most recent call last):
    ...
    sixtysix.errors.RecordError: line 1, column 23: kind: expected a tausendeins-deal record, ...

    Attributes:
        rules: The rule set.
        dealer: The dealer's seat.
        pack: The pack order, top card first (see
            :func:`~sixtysix.tausendeins.deal_from_order`).
        moves: The moves, in their §12.9 text.
        result: The result, or ``None`` for an unfinished deal.
        scores: The seats' totals when the deal was dealt.
        seed: The seed the pack was shuffled from, if any (:func:`replay` checks it).
        version: The sixtysix version that wrote the record.
    """

    _SCHEMA: ClassVar[int] = SCHEMA
    _KIND: ClassVar[str] = "tausendeins-deal"
    _check = staticmethod(_check_deal)

    rules: TausendeinsRules
    dealer: int
    pack: tuple[Card, ...]
    moves: tuple[str, ...]
    result: TausendeinsResult | None
    scores: tuple[int, int] = (0, 0)
    seed: int | str | None = None
    version: str = __version__

    def _fields(self) -> dict[str, Any]:
        result = None if self.result is None else _result_dict(self.result)
        return _records.hand_body(self, ("scores", self.scores), result)

    @classmethod
    def _read(cls, data: object) -> DealRecord:
        obj = _records.header(data, SCHEMA, cls._KIND, _READERS)
        _records.check_keys(
            obj, {"schema", "kind", "version", "rules", *_DEAL_KEYS}, (), "", _OPTIONAL
        )
        rules = _records.rules_of(obj, TausendeinsRules.from_dict)
        return _deal_from(obj, rules, _records.version_of(obj, __version__), (), "")


@attrs.frozen(kw_only=True)
class MatchRecord(_records.RecordJSON):
    """The record of a Tausendeins game to ``rules.target`` (rules §12.8).

    Attributes:
        rules: The rule set.
        seed: The match seed, or ``None`` (deal ``k`` is dealt from ``f"{seed}/{k}"``).
        dealer: The seat that dealt the first deal (the deal alternates).
        games: Every deal, in order.
        scores: The final totals of seat 0 and seat 1.
        version: The sixtysix version that wrote the record.

    Its JSON holds the deals without their rules and version, which are the match's.
    """

    _SCHEMA: ClassVar[int] = SCHEMA
    _KIND: ClassVar[str] = "tausendeins-match"
    _check = staticmethod(_check_match)

    rules: TausendeinsRules
    seed: int | str | None
    dealer: int
    games: tuple[DealRecord, ...]
    scores: tuple[int, int]
    version: str = __version__

    @property
    def winner(self) -> int | None:
        """The seat that won the game, by the final totals (rules §12.8)."""
        return TausendeinsMatch(self.rules, 0, self.scores).winner

    def _fields(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "games": [g._fields() for g in self.games],
        }

    @classmethod
    def _read(cls, data: object) -> MatchRecord:
        obj = _records.header(data, SCHEMA, cls._KIND, _READERS)
        keys = {"schema", "kind", "version", "rules", "seed", "dealer", "scores", "games"}
        _records.check_keys(obj, keys, (), "", _OPTIONAL - {"scores", "seed"})
        rules = _records.rules_of(obj, TausendeinsRules.from_dict)
        version = _records.version_of(obj, __version__)
        games = obj["games"]
        if not isinstance(games, list):
            _records.fail(("games",), f"games: a list, not {quote(games)}")
        deals = []
        for n, g in enumerate(games, 1):
            base: _records.JSONPath = ("games", n - 1)
            where = f"game {n}: "
            if not isinstance(g, Mapping):
                _records.fail(base, f"{where}an object, not {quote(g)}")
            _records.check_keys(g, _DEAL_KEYS, base, where, _OPTIONAL)
            deals.append(_deal_from(g, rules, version, base, where))
        record: MatchRecord = _records.build(
            MatchRecord,
            _check_match,
            (),
            "",
            rules=rules,
            seed=obj["seed"],
            dealer=obj["dealer"],
            games=tuple(deals),
            scores=_pair(obj["scores"], ("scores",), ""),
            version=version,
        )
        return record


def _pair(value: object, path: _records.JSONPath, where: str) -> tuple[Any, Any]:
    if not isinstance(value, list) or len(value) != 2:
        _records.fail(path, f"{where}scores: a list of two numbers, not {quote(value)}")
    return (value[0], value[1])


def _deal_from(
    obj: Mapping[str, Any],
    rules: TausendeinsRules,
    version: str,
    base: _records.JSONPath,
    where: str,
) -> DealRecord:
    cards = _records.read_texts(
        obj["pack"], (*base, "pack"), where, "card", "pack card", Card.parse
    )
    moves = _records.read_texts(obj["moves"], (*base, "moves"), where, "move", "move", parse_move)
    record: DealRecord = _records.build(
        DealRecord,
        _check_deal,
        base,
        where,
        rules=rules,
        dealer=obj["dealer"],
        scores=_pair(obj.get("scores", [0, 0]), (*base, "scores"), where),
        pack=tuple(cards),
        moves=tuple(str(m) for m in moves),
        result=_result_from(obj.get("result"), (*base, "result"), where),
        seed=obj.get("seed"),
        version=version,
    )
    return record


def load_record(text: str | bytes) -> DealRecord | MatchRecord:
    """Read a Tausendeins deal or match record from JSON, whichever it is.

    Raises:
        RecordError: the text is neither; the message starts with the line and column
            of the problem.
    """
    result: DealRecord | MatchRecord = _records.load_either(
        text, "tausendeins-match", DealRecord, MatchRecord
    )
    return result


def record_deal(
    rules: TausendeinsRules,
    moves: Iterable[TausendeinsMove | str],
    *,
    seed: Seed = None,
    dealer: int = 0,
    scores: tuple[int, int] = (0, 0),
    pack: Iterable[Card | str] | None = None,
) -> DealRecord:
    """Record a deal dealt from ``seed`` (or from ``pack``) and played with ``moves``.

    The moves (moves or their text) are checked by playing them and kept in their §12.9
    text; the result is filled in when the deal is over. Only a str seed or an int seed
    of at most :data:`~sixtysix.match.MAX_SEED_DIGITS` digits is kept in the record (the
    pack is always there).

    Raises:
        IllegalMoveError: a move is illegal.
        ParseError: a move is text that is not a move.
        DealError: a bad rule set, seed, pack or dealer.
        RecordError: ``moves`` is not iterable, or bad ``scores``.
    """
    order = _records.pack_order(pack, lambda: shuffled_deck(rules, seed), 24)
    state = deal_from_order(rules, order, dealer)  # checks the pack
    cards = _records.pack_cards(order)
    try:
        given = iter(moves)
    except TypeError:
        raise RecordError(f"moves: an iterable of moves, not {quote(moves)}") from None
    texts = []
    for move in given:
        parsed = parse_move(move) if isinstance(move, str) else move
        state = apply_move(state, parsed)
        texts.append(str(parsed))
    kept = seed if isinstance(seed, int | str) and _match.seed_problem(seed) is None else None
    result = score_deal(state) if state.is_over else None
    record: DealRecord = _records.public(
        lambda: DealRecord(
            rules=rules,
            dealer=dealer,
            scores=scores,
            pack=cards,
            moves=tuple(texts),
            result=result,
            seed=kept if pack is None else None,
        )
    )
    return record


def apply_result(m: TausendeinsMatch, result: TausendeinsResult) -> TausendeinsMatch:
    """The match after a deal with ``result``: each seat adds its ``added`` (rules §12.8)."""
    a0, a1 = result.added
    return attrs.evolve(
        m,
        scores=(m.scores[0] + a0, m.scores[1] + a1),
        dealer=1 - m.dealer,
        hand_number=m.hand_number + 1,
    )


def _states(record: DealRecord, where: str) -> Iterator[TausendeinsState]:
    return _records.hand_states(
        record,
        where,
        shuffle=shuffled_deck,
        deal=lambda r: deal_from_order(r.rules, r.pack, r.dealer),
        apply=lambda s, text: apply_move(s, parse_move(text)),
        score=score_deal,
        is_over=lambda s: s.is_over,
    )


def replay_states(record: DealRecord) -> Iterator[TausendeinsState]:
    """Every state of a recorded deal, from the deal to the last move.

    Raises:
        RecordError: the pack, a move or the result does not replay.
    """
    if not isinstance(record, DealRecord):
        raise RecordError(f"replay_states needs a DealRecord, not {quote(record)}")
    return _states(record, "")


# What replay gives for a match: the final state of each deal, and the match.
_MatchReplay = tuple[tuple[TausendeinsState, ...], TausendeinsMatch]


@overload
def replay(record: DealRecord) -> TausendeinsState: ...
@overload
def replay(record: MatchRecord) -> _MatchReplay: ...
def replay(record: DealRecord | MatchRecord) -> TausendeinsState | _MatchReplay:
    """Re-play a record and check every move and every result.

    A deal record gives its final state; a match record every deal's final state and
    the final :class:`~sixtysix.tausendeins.match.TausendeinsMatch`. A match's deals
    must be dealt by the match (the dealer alternating, the totals as they stood, the
    match seed's deals when it has one) and its final totals must agree.

    Raises:
        RecordError: the record does not replay.
    """
    if isinstance(record, DealRecord):
        *_, last = _states(record, "")
        return last
    if not isinstance(record, MatchRecord):
        raise RecordError(f"replay needs a DealRecord or MatchRecord, not {quote(record)}")
    result: _MatchReplay = _records.public(lambda: _replay_match(record))
    return result


def _match_start(record: MatchRecord) -> TausendeinsMatch:
    """The match before the first deal of ``record`` (whose fields are checked)."""
    return TausendeinsMatch(record.rules, record.seed, dealer=record.dealer)  # type: ignore[arg-type]


def _walk(
    record: MatchRecord,
) -> Iterator[tuple[int, DealRecord, TausendeinsMatch, TausendeinsMatch | None]]:
    """Each deal of a replayed match record with the match before and after it."""
    start = _match_start(record)
    return _match.walk(start, record.games, lambda g: g.result, apply_result)  # type: ignore[type-var]


def _replay_match(record: MatchRecord) -> _MatchReplay:
    finals, m = _records.replay_match(
        _match_start(record),
        record.games,
        deal=(_records.seat_deal_check, _records.seat_deal_check),
        deal_error=_records.seat_deal_error,
        replay_hand=_replay_deal,
        apply=apply_result,
        over_text=lambda m: f"seat {m.winner} won it",
    )
    if m.scores != record.scores:
        _records.fail(
            ("scores",), f"scores: the record says {record.scores}, the replay gives {m.scores}"
        )
    return finals, m


def _replay_deal(
    game: DealRecord, base: _records.JSONPath, where: str
) -> tuple[TausendeinsState, TausendeinsResult | None]:
    *_, last = _states(game, where)
    if not last.is_over:
        _records.fail(base, f"{where}the deal is not finished")
    return last, game.result


def record_match(m: TausendeinsMatch, games: Sequence[DealRecord]) -> MatchRecord:
    """The record of the game ``m`` was started as, with its ``games`` (the finished deals).

    Raises:
        RecordError: the deals do not replay as that game's.
    """
    totals = [0, 0]
    for g in games:
        if g.result is not None:
            totals = [totals[0] + g.result.added[0], totals[1] + g.result.added[1]]
    record: MatchRecord = _records.public(
        lambda: MatchRecord(
            rules=m.rules,
            seed=m.seed,
            dealer=m.dealer,
            games=tuple(games),
            scores=(totals[0], totals[1]),
        )
    )
    replay(record)
    return record


#: The most deals :func:`play_match` plays before it gives up on a game that never ends.
MAX_DEALS = 1000


def play_match(
    rules: TausendeinsRules,
    players: Sequence[Any],
    *,
    seed: int | str,
    dealer: int = 0,
    rng: random.Random | None = None,
) -> MatchRecord:
    """Let ``players[seat]`` (bots with ``choose(view, rng)``) play a game to ``target``.

    Deal ``k`` is dealt from ``f"{seed}/{k}"`` (rules §12.8); ``rng`` (default
    ``random.Random(0)``) is handed to every ``choose``.

    Raises:
        PlayerError: not two players, a bad ``rng``, or a player chose an illegal move.
        MatchError: a bad seed or dealer, or no seat won within :data:`MAX_DEALS` deals.
    """
    given: object = players
    if not (
        isinstance(given, Sequence)
        and len(given) == 2
        and all(callable(getattr(p, "choose", None)) for p in given)
    ):
        raise PlayerError(f"players: two bots with a choose method, not {quote(players)}")
    if rng is None:
        rng = random.Random(0)
    elif not isinstance(rng, random.Random):
        raise PlayerError(f"rng must be a random.Random or None, not {quote(rng)}")
    start = m = new_match(rules, seed, dealer)
    games: list[DealRecord] = []
    while not m.is_over:
        if len(games) == MAX_DEALS:
            raise MatchError(f"the game did not end within {MAX_DEALS} deals")
        state = next_deal(m)
        pack = tuple(shuffled_deck(rules, m.hand_seed))
        texts = []
        while (seat := state.to_move) is not None:
            move = players[seat].choose(observe(state, seat), rng)
            try:
                state = apply_move(state, move)
            except (IllegalMoveError, ParseError) as exc:
                raise PlayerError(f"seat {seat}'s player chose {quote(move)}: {exc}") from None
            texts.append(str(move))
        result = score_deal(state)
        games.append(
            DealRecord(
                rules=rules,
                dealer=m.dealer,
                scores=m.scores,
                pack=pack,
                moves=tuple(texts),
                result=result,
                seed=m.hand_seed,
            )
        )
        m = apply_result(m, result)
    return MatchRecord(
        rules=rules, seed=start.seed, dealer=dealer, games=tuple(games), scores=m.scores
    )
