"""Game records: whole hands and matches as values, JSON, and replay.

A :class:`GameRecord` holds everything needed to replay one hand: the full rules, the
dealer, the pack order, the moves in canonical text and the result. A
:class:`MatchRecord` holds a match: its rules, seats, seed, first dealer, the record of
every hand, and the final scores. Both convert to and from JSON (``to_json`` /
``from_json``, with a ``"schema"`` version field; the format is described field by field
on the docs page "Notation and records"). :func:`replay` re-validates a record move by
move and returns the final state(s); :func:`load_record` reads either kind of record from
JSON text and replays it.

Every error is a :class:`RecordError` whose message names the field, the game (in a
match) and the move (counting from 1) where the problem is; read from JSON text, it
starts with the line and column, and a record that was cut off says so:

>>> from sixtysix.records import load_record
>>> load_record('{"schema": 1, "kind": "game", "rules": {"preset": "SCHN')
Traceback (most recent call last):
...
sixtysix.errors.RecordError: line 1, column 56: the record is cut off here (the text ends
inside a string): was the file truncated?

>>> from sixtysix import CLASSIC_66, legal_moves
>>> from sixtysix.play import play_hand
>>> from sixtysix.records import GameRecord, replay
>>> record = play_hand(CLASSIC_66, lambda s, seat: legal_moves(s)[0],
...                    lambda s, seat: legal_moves(s)[-1], seed=3)
>>> GameRecord.from_json(record.to_json()) == record
True
>>> replay(record).is_over
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, overload

import attrs

from . import _match, _records
from ._version import __version__
from .cards import Card
from .engine import apply_move, deal_from_order, shuffled_deck
from .errors import DealError, IllegalMoveError, ParseError, RecordError, ResultError, quote
from .match import Match, apply_result
from .moves import parse_move
from .rules import Rules
from .scoring import HandEnd, HandResult, score_hand
from .state import HandState
from .validate import validate

__all__ = [
    "SCHEMA",
    "GameRecord",
    "MatchRecord",
    "RecordError",
    "load_record",
    "replay",
    "replay_states",
]

#: The version of the JSON record format that this library writes and reads.
SCHEMA = 1


# --------------------------------------------------------------------------- errors

# --------------------------------------------------------------------------- helpers


def _result_to_dict(result: HandResult) -> dict[str, Any]:
    out = _records.result_body(result)
    if result.honours != (0, 0):  # rules §13.9: only where honours were made
        out["honours"] = list(result.honours)
    return out


def _describe(result: HandResult) -> str:
    if result.winner is None:
        return f"no winner ({result.reason.value}, points {result.points[0]}-{result.points[1]})"
    return (
        f"seat {result.winner} wins {result.game_points} ({result.reason.value}, "
        f"points {result.points[0]}-{result.points[1]})"
    )


def _check_game_fields(record: Any, base: tuple[str | int, ...], where: str) -> None:
    if not isinstance(record.rules, Rules):
        _records.fail(
            (*base, "rules"), f"{where}rules: expected a Rules value, not {quote(record.rules)}"
        )
    if not _records.is_int(record.dealer) or record.dealer not in (0, 1):
        _records.fail(
            (*base, "dealer"), f"{where}dealer: expected seat 0 or 1, not {quote(record.dealer)}"
        )
    if not _records.is_tuple_of(record.pack, lambda c: type(c) is Card):
        _records.fail(
            (*base, "pack"), f"{where}pack: expected a tuple of cards, not {quote(record.pack)}"
        )
    if not _records.is_tuple_of(record.moves, lambda m: isinstance(m, str)):
        _records.fail(
            (*base, "moves"),
            f"{where}moves: expected a tuple of move texts, not {quote(record.moves)}",
        )
    for k, text in enumerate(record.moves, 1):
        try:
            canonical = str(parse_move(text))
        except ParseError as exc:
            _records.fail((*base, "moves", k - 1), f"{where}move {k}: {exc}")
        if canonical != text:
            _records.fail(
                (*base, "moves", k - 1),
                f"{where}move {k}: write {canonical!r}, the canonical text, not {quote(text)}",
            )
    if record.result is not None and not isinstance(record.result, HandResult):
        _records.fail(
            (*base, "result"),
            f"{where}result: expected a HandResult or None, not {quote(record.result)}",
        )
    _records.check_seed((*base, "seed"), where, record.seed)
    players = record.players
    if (
        not _records.is_tuple_of(players, lambda p: _records.is_int(p) and 0 <= p <= 2, 2)
        or players[0] == players[1]
    ):
        _records.fail(
            (*base, "players"),
            f"{where}players: expected two different match seats, not {quote(players)}",
        )
    if not isinstance(record.version, str):
        _records.fail(
            (*base, "version"), f"{where}version: expected text, not {quote(record.version)}"
        )


# --------------------------------------------------------------------------- values


@attrs.frozen(kw_only=True)
class GameRecord(_records.RecordJSON):
    """The record of one hand: enough to replay and check it.

    Attributes:
        rules: The full rule set of the hand.
        dealer: The dealer's hand seat (0 or 1).
        pack: The pack order the hand was dealt from, top card first (see
            :func:`~sixtysix.deal_from_order`).
        moves: Every move in order, in canonical text (``"QH"``, ``"marry H"``, ...).
        result: The hand's result, or ``None`` for a hand that is not finished.
        seed: The seed the pack was shuffled from, if any (a str, or an int of at most
            :data:`~sixtysix.match.MAX_SEED_DIGITS` digits); :func:`replay` then checks
            that the pack is that shuffle.
        players: The match seats of hand seats 0 and 1 (``(0, 1)`` outside three-hand
            play).
        version: The version of sixtysix that wrote the record.

    ``from_json`` checks only the form (fields, cards, move texts); :func:`replay`
    checks that the moves are legal and the result right (:func:`load_record` does both):

    >>> from sixtysix.records import GameRecord
    >>> GameRecord.from_json('{"schema": 1, "kind": "game"')
    Traceback (most recent call last):
    ...
    sixtysix.errors.RecordError: line 1, column 29: the record is cut off here ...

    Raises:
        RecordError: a field of the wrong type or out of range (the message names it).
    """

    _SCHEMA: ClassVar[int] = SCHEMA
    _KIND: ClassVar[str] = "game"
    _check = staticmethod(_check_game_fields)

    rules: Rules
    dealer: int
    pack: tuple[Card, ...]
    moves: tuple[str, ...]
    result: HandResult | None
    seed: int | str | None = None
    players: tuple[int, int] = (0, 1)
    version: str = __version__

    def _fields(self) -> dict[str, Any]:
        return _game_body(self)

    @classmethod
    def _read(cls, data: object) -> GameRecord:
        return _game_record(data)


def _check_match_fields(record: Any, base: _records.JSONPath = (), where: str = "") -> None:
    # A match is a record's root: its fields' paths need no base.
    if not isinstance(record.rules, Rules):
        _records.fail(("rules",), f"rules: expected a Rules value, not {quote(record.rules)}")
    if not _records.is_int(record.seats) or record.seats not in (2, 3):
        _records.fail(("seats",), f"seats: a match has 2 or 3 seats, not {quote(record.seats)}")
    _records.check_seed(("seed",), "", record.seed)
    if not isinstance(record.version, str):
        _records.fail(("version",), f"version: expected text, not {quote(record.version)}")
    if not _records.is_int(record.dealer) or not 0 <= record.dealer < record.seats:
        _records.fail(
            ("dealer",),
            f"dealer: expected a seat from 0 to {record.seats - 1}, not {quote(record.dealer)}",
        )
    if not _records.is_tuple_of(record.games, lambda g: isinstance(g, GameRecord)):
        _records.fail(
            ("games",), f"games: expected a tuple of GameRecord, not {quote(record.games)}"
        )
    for number, game in enumerate(record.games, 1):
        if game.rules != record.rules:
            _records.fail(
                ("games", number - 1), f"game {number}: played under other rules than the match"
            )
        if game.version != record.version:
            _records.fail(
                ("games", number - 1),
                f"game {number}: written by sixtysix {quote(game.version)}, the match by "
                f"{quote(record.version)}",
            )
    scores = record.scores
    if not _records.is_tuple_of(scores, lambda s: _records.is_int(s) and s >= 0, record.seats):
        _records.fail(
            ("scores",),
            f"scores: expected {record.seats} whole numbers of game points, not {quote(scores)}",
        )
    if record.winner is not None and (
        not _records.is_int(record.winner) or not 0 <= record.winner < record.seats
    ):
        _records.fail(("winner",), f"winner: expected a seat or None, not {quote(record.winner)}")


@attrs.frozen(kw_only=True)
class MatchRecord(_records.RecordJSON):
    """The record of a match: every hand, in order, and the final scores.

    Attributes:
        rules: The full rule set of the match and of every hand.
        seats: 2, or 3 for three-hand play.
        seed: The match seed (see :func:`~sixtysix.new_match`), or ``None`` when the
            hands were not dealt from a seed.
        dealer: The match seat that dealt the first hand.
        games: The record of each hand, in order; only the last may be unfinished.
        scores: The game points of each match seat after the last hand.
        winner: The match seat that won the match, or ``None`` if it is not over.
        version: The version of sixtysix that wrote the record.

    Its JSON holds the hands without their rules and version, which are the match's.

    Raises:
        RecordError: a field of the wrong type or out of range, or a hand that does not
            belong to the match (the message names it).
    """

    _SCHEMA: ClassVar[int] = SCHEMA
    _KIND: ClassVar[str] = "match"
    _check = staticmethod(_check_match_fields)

    rules: Rules
    seats: int
    seed: int | str | None
    dealer: int
    games: tuple[GameRecord, ...]
    scores: tuple[int, ...]
    winner: int | None
    version: str = __version__

    def _fields(self) -> dict[str, Any]:
        return {
            "seats": self.seats,
            "seed": self.seed,
            "dealer": self.dealer,
            "games": [_game_body(g) for g in self.games],
            "scores": list(self.scores),
            "winner": self.winner,
        }

    @classmethod
    def _read(cls, data: object) -> MatchRecord:
        return _match_record(data)


# --------------------------------------------------------------------------- JSON


_GAME_KEYS = {"dealer", "players", "seed", "pack", "moves", "result"}
_RESULT_KEYS = {"winner", "game_points", "carry", "points", "reason"}
_MATCH_KEYS = {"schema", "kind", "version", "rules", "seats", "seed", "dealer", "games"} | {
    "scores",
    "winner",
}


def _game_body(g: GameRecord) -> dict[str, Any]:
    result = None if g.result is None else _result_to_dict(g.result)
    return _records.hand_body(g, ("players", g.players), result)


def _header(data: object, kind: str) -> Mapping[str, Any]:
    return _records.header(data, SCHEMA, kind, {"game": "GameRecord", "match": "MatchRecord"})


def _game_record(data: object) -> GameRecord:
    obj = _header(data, "game")
    rules = _records.rules_of(obj, Rules.from_dict)
    _records.check_keys(obj, {"schema", "kind", "version", "rules", *_GAME_KEYS}, (), "")
    return _game_from_dict(obj, rules, _records.version_of(obj), (), "")


def _match_record(data: object) -> MatchRecord:
    obj = _header(data, "match")
    rules = _records.rules_of(obj, Rules.from_dict)
    version = _records.version_of(obj)
    _records.check_keys(obj, _MATCH_KEYS, (), "")
    games_data = obj["games"]
    if not isinstance(games_data, list):
        _records.fail(("games",), f"games: expected a list of hands, not {quote(games_data)}")
    games = []
    for number, game in enumerate(games_data, 1):
        base = ("games", number - 1)
        where = f"game {number}: "
        if not isinstance(game, Mapping):
            _records.fail(base, f"{where}expected an object, not {quote(game)}")
        _records.check_keys(game, _GAME_KEYS, base, where)
        games.append(_game_from_dict(game, rules, version, base, where))
    scores = obj["scores"]
    if not isinstance(scores, list):
        _records.fail(("scores",), f"scores: expected a list of game points, not {quote(scores)}")
    fields = {
        "rules": rules,
        "seats": obj["seats"],
        "seed": obj["seed"],
        "dealer": obj["dealer"],
        "games": tuple(games),
        "scores": tuple(scores),
        "winner": obj["winner"],
        "version": version,
    }
    return _records.build(
        MatchRecord, _check_match_fields, (), "", **fields
    )  # errors with their JSON path


def _game_from_dict(
    obj: Mapping[str, Any], rules: Rules, version: str, base: tuple[str | int, ...], where: str
) -> GameRecord:
    pack = _records.read_texts(
        obj["pack"], (*base, "pack"), where, "card", "pack card", Card.parse
    )
    moves = _records.read_texts(obj["moves"], (*base, "moves"), where, "move", "move", parse_move)
    players = obj["players"]
    if not isinstance(players, list):
        _records.fail(
            (*base, "players"), f"{where}players: expected two match seats, not {quote(players)}"
        )
    result = _result_from_dict(obj["result"], (*base, "result"), where)
    record: GameRecord = _records.build(
        GameRecord,
        _check_game_fields,
        base,
        where,
        rules=rules,
        dealer=obj["dealer"],
        pack=tuple(pack),
        moves=tuple(str(m) for m in moves),
        result=result,
        seed=obj["seed"],
        players=tuple(players),
        version=version,
    )
    return record


def _result_from_dict(data: object, path: tuple[str | int, ...], where: str) -> HandResult | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        _records.fail(path, f"{where}result: expected an object or null, not {quote(data)}")
    _records.check_keys(
        {k: v for k, v in data.items() if k != "honours"}, _RESULT_KEYS, path, f"{where}result: "
    )
    honours = data.get("honours", [0, 0])  # rules §13.9: optional, (0, 0) when absent
    if not isinstance(honours, list) or len(honours) != 2:
        _records.fail(
            (*path, "honours"),
            f"{where}result: honours must be two whole numbers, not {quote(honours)}",
        )
    points = data["points"]
    if not isinstance(points, list) or len(points) != 2:
        _records.fail(
            (*path, "points"),
            f"{where}result: points must be two whole numbers, not {quote(points)}",
        )
    reason = data["reason"]
    try:
        end = HandEnd(reason)
    except (ValueError, TypeError):
        allowed = ", ".join(e.value for e in HandEnd)
        _records.fail(
            (*path, "reason"),
            f"{where}result: unknown reason {quote(reason)}; the reasons are: {allowed}",
        )
    try:
        return HandResult(
            data["winner"],
            data["game_points"],
            data["carry"],
            (points[0], points[1]),
            end,
            (honours[0], honours[1]),
        )
    except ResultError as exc:
        _records.fail(path, f"{where}result: {exc}")


def load_record(text: str | bytes, *, check: bool = True) -> GameRecord | MatchRecord:
    """Read a game or a match record from JSON text, whichever it is, and replay it.

    With ``check`` (the default) the record is replayed with :func:`replay`: every move
    must be legal and every result and score right. ``check=False`` only reads the
    form, as ``from_json`` does. Every error says where the problem is: the line and
    column in ``text``, and the field, game and move.

    >>> from sixtysix.records import load_record
    >>> load_record('{"schema": 1, "kind": []}')
    Traceback (most recent call last):
    ...
    sixtysix.errors.RecordError: line 1, column 23: kind: expected a game record, not []

    Raises:
        RecordError: the text is neither kind of record, or (with ``check``) the record
            does not replay.
    """
    source = _records.text_of(text)

    def load() -> GameRecord | MatchRecord:
        data = _records.parse_json(source)
        record: GameRecord | MatchRecord
        if isinstance(data, Mapping) and data.get("kind") == "match":
            record = _match_record(data)
        else:
            record = _game_record(data)
        if check:
            _replay(record)
        return record

    result: GameRecord | MatchRecord = _records.public(load, source)
    return result


# --------------------------------------------------------------------------- replay


def _deal(record: GameRecord, base: tuple[str | int, ...], where: str) -> HandState:
    rules = record.rules
    if record.seed is not None:
        expected = shuffled_deck(rules, record.seed)
        if list(record.pack) != expected:
            _records.fail(
                (*base, "pack"),
                f"{where}pack: not the shuffle of seed {quote(record.seed)} for the "
                f"{rules.deck.name} deck",
            )
    try:
        return deal_from_order(rules, record.pack, record.dealer)
    except DealError as exc:
        _records.fail((*base, "pack"), f"{where}pack: {exc}")


def _states(record: GameRecord, base: tuple[str | int, ...], where: str) -> Iterator[HandState]:
    state = _deal(record, base, where)
    yield state
    for number, text in enumerate(record.moves, 1):
        path = (*base, "moves", number - 1)
        seat = state.to_move
        if seat is None:
            _records.fail(
                path,
                f"{where}move {number} ({quote(text)}): the hand is already over after move "
                f"{number - 1}",
            )
        try:
            # The move texts were checked when the record was built.
            state = apply_move(state, parse_move(text))
        except IllegalMoveError as exc:
            _records.fail(
                path,
                f"{where}move {number} ({text}) by seat {seat} is illegal: {exc.reason}",
            )
        yield state
    if record.result is None:
        return
    if not state.is_over:
        _records.fail(
            (*base, "result"),
            f"{where}the record has a result but the hand is not over after its "
            f"{len(record.moves)} moves (seat {state.to_move} is to move)",
        )
    real = score_hand(state)
    if real != record.result:
        _records.fail(
            (*base, "result"),
            f"{where}wrong result: the record says {_describe(record.result)}, "
            f"but the moves give {_describe(real)}",
        )


# What replay gives for a match: the final state of each hand, and the match.
_MatchReplay = tuple[tuple[HandState, ...], Match]


def replay_states(record: GameRecord) -> Iterator[HandState]:
    """The states of a recorded hand: the deal, then the state after each move.

    The ``k``-th state after the deal follows ``record.moves[k - 1]``. Every move is
    checked as it is reached, and the stored result once the moves are done, so a
    bad record raises partway through (useful for showing a game move by move).

    Raises:
        RecordError: the pack is wrong, a move is illegal, or the result is wrong.
    """
    if not isinstance(record, GameRecord):
        raise RecordError(f"replay_states needs a GameRecord, not {quote(record)}")
    return _public_states(_states(record, (), ""))


def _public_states(states: Iterator[HandState]) -> Iterator[HandState]:
    try:
        yield from states
    except _records.Problem as exc:
        raise _records.plain(exc, None) from None


def _replay_game(record: GameRecord, base: tuple[str | int, ...], where: str) -> HandState:
    state: HandState | None = None
    for state in _states(record, base, where):  # noqa: B007 - the last state is the result
        pass
    assert state is not None
    problems = validate(state)
    if problems:  # pragma: no cover - legal moves from a deal reach consistent states
        _records.fail(base, f"{where}the replayed hand is inconsistent: {'; '.join(problems)}")
    if record.result is None and state.is_over:
        _records.fail(
            (*base, "result"),
            f"{where}the hand is over after its {len(record.moves)} moves but the record "
            "has no result",
        )
    return state


@overload
def replay(record: GameRecord) -> HandState: ...
@overload
def replay(record: MatchRecord) -> _MatchReplay: ...
def replay(record: GameRecord | MatchRecord) -> HandState | _MatchReplay:
    """Replay a record, checking every move and every result.

    For a :class:`GameRecord`, returns the final :class:`~sixtysix.HandState` (over,
    unless the record has no result). For a :class:`MatchRecord`, returns the pair
    ``(states, match)``: the final state of each hand, and the :class:`~sixtysix.Match`
    after the last hand. A match replay also checks that each hand was dealt by the
    right dealer to the right seats (and, with a seed, from the right shuffle), that no
    hand follows the end of the match, and the final scores and winner.

    Raises:
        RecordError: the record does not replay; the message names the game, the move
            and the problem.
    """
    if not isinstance(record, GameRecord | MatchRecord):
        raise RecordError(f"replay needs a GameRecord or a MatchRecord, not {quote(record)}")
    result: HandState | tuple[tuple[HandState, ...], Match] = _records.public(
        lambda: _replay(record)
    )
    return result


def _replay(record: GameRecord | MatchRecord) -> HandState | _MatchReplay:
    if isinstance(record, GameRecord):
        return _replay_game(record, (), "")
    states, m = _records.replay_match(
        _match_start(record),
        record.games,
        deal=(lambda m: (m.hand_dealer, m.active_seats), lambda g: (g.dealer, g.players)),
        deal_error=lambda m, g: (
            f"expected match seats {m.active_seats} to play with hand seat "
            f"{m.hand_dealer} dealing, not seats {g.players} with {g.dealer} dealing"
        ),
        replay_hand=lambda game, base, where: (_replay_game(game, base, where), game.result),
        apply=apply_result,
        over_text=lambda m: f"seat {m.winner} won it",
    )
    if m.scores != record.scores or m.winner != record.winner:
        _records.fail(
            ("scores",),
            f"wrong match result: the record says scores {list(record.scores)}, winner "
            f"{record.winner}, but the hands give scores {list(m.scores)}, winner {m.winner}",
        )
    return states, m


def _match_start(record: MatchRecord) -> Match:
    """The match before the first hand of ``record``."""
    return Match(
        rules=record.rules,
        seats=record.seats,
        seed=record.seed,
        scores=(0,) * record.seats,
        dealer=record.dealer,
    )


def _walk(record: MatchRecord) -> Iterator[tuple[int, GameRecord, Match, Match | None]]:
    """Each hand of a replayed match record with the match before and after it.

    See :func:`sixtysix._match.walk`; for the replay command and the viewer.
    """
    return _match.walk(_match_start(record), record.games, lambda g: g.result, apply_result)
