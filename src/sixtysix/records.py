"""Game records: whole hands and matches as values, JSON, and replay.

A :class:`GameRecord` holds everything needed to replay one hand: the full rules, the
dealer, the pack order, the moves in canonical text and the result. A
:class:`MatchRecord` holds a match: its rules, seats, seed, first dealer, the record of
every hand, and the final scores. Both convert to and from JSON (``to_json`` /
``from_json``, with a ``"schema"`` version field; the format is described field by field
on the docs page "Notation and records"). :func:`replay` re-validates a record move by
move and returns the final state(s).

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

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeGuard, overload

import attrs

from ._version import __version__
from .cards import Card
from .engine import apply_move, deal_from_order, shuffled_deck
from .errors import DealError, IllegalMoveError, ParseError, RecordError, RulesError
from .match import Match, MatchError, apply_result
from .moves import parse_move
from .rules import Rules
from .scoring import HandEnd, HandResult, score_hand
from .state import HandState

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


# --------------------------------------------------------------------------- helpers


def _is_int(value: object) -> TypeGuard[int]:
    return type(value) is int


def _is_tuple_of(value: object, check: Callable[[object], bool], size: int = -1) -> bool:
    return (
        isinstance(value, tuple)
        and (size < 0 or len(value) == size)
        and all(check(v) for v in value)
    )


def _is_seed(value: object) -> bool:
    return value is None or _is_int(value) or isinstance(value, str)


def _result_to_dict(result: HandResult) -> dict[str, Any]:
    return {
        "winner": result.winner,
        "game_points": result.game_points,
        "carry": result.carry,
        "points": list(result.points),
        "reason": result.reason.value,
    }


def _describe(result: HandResult) -> str:
    if result.winner is None:
        return f"no winner ({result.reason.value}, points {result.points[0]}-{result.points[1]})"
    return (
        f"seat {result.winner} wins {result.game_points} ({result.reason.value}, "
        f"points {result.points[0]}-{result.points[1]})"
    )


def _check_game_fields(record: GameRecord) -> None:
    if not isinstance(record.rules, Rules):
        raise RecordError(f"rules: expected a Rules value, not {record.rules!r}")
    if not _is_int(record.dealer) or record.dealer not in (0, 1):
        raise RecordError(f"dealer: expected seat 0 or 1, not {record.dealer!r}")
    if not _is_tuple_of(record.pack, lambda c: type(c) is Card):
        raise RecordError(f"pack: expected a tuple of cards, not {record.pack!r}")
    if not _is_tuple_of(record.moves, lambda m: isinstance(m, str)):
        raise RecordError(f"moves: expected a tuple of move texts, not {record.moves!r}")
    if record.result is not None and not isinstance(record.result, HandResult):
        raise RecordError(f"result: expected a HandResult or None, not {record.result!r}")
    if not _is_seed(record.seed):
        raise RecordError(f"seed: expected an int, a str or None, not {record.seed!r}")
    players = record.players
    if (
        not _is_tuple_of(players, lambda p: _is_int(p) and 0 <= p <= 2, 2)
        or players[0] == players[1]
    ):
        raise RecordError(f"players: expected two different match seats, not {players!r}")
    if not isinstance(record.version, str):
        raise RecordError(f"version: expected text, not {record.version!r}")


# --------------------------------------------------------------------------- values


@attrs.frozen(kw_only=True)
class GameRecord:
    """The record of one hand: enough to replay and check it.

    Attributes:
        rules: The full rule set of the hand.
        dealer: The dealer's hand seat (0 or 1).
        pack: The pack order the hand was dealt from, top card first (see
            :func:`~sixtysix.deal_from_order`).
        moves: Every move in order, in canonical text (``"QH"``, ``"marry H"``, ...).
        result: The hand's result, or ``None`` for a hand that is not finished.
        seed: The seed the pack was shuffled from, if any; :func:`replay` then checks that
            the pack is that shuffle.
        players: The match seats of hand seats 0 and 1 (``(0, 1)`` outside three-hand
            play).
        version: The version of sixtysix that wrote the record.
    """

    rules: Rules
    dealer: int
    pack: tuple[Card, ...]
    moves: tuple[str, ...]
    result: HandResult | None
    seed: int | str | None = None
    players: tuple[int, int] = (0, 1)
    version: str = __version__

    def __attrs_post_init__(self) -> None:
        """Check the types of the fields."""
        _check_game_fields(self)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dict of the record (see the docs for each field)."""
        return {
            "schema": SCHEMA,
            "kind": "game",
            "version": self.version,
            "rules": self.rules.to_dict(),
            **_game_body(self),
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text; :meth:`from_json` reads it back exactly."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Read a record from a dict such as :meth:`to_dict` makes.

        Raises:
            RecordError: the dict is not a game record of this schema.
        """
        obj = _header(data, "game")
        rules = _rules(obj)
        _check_keys(obj, {"schema", "kind", "version", "rules", *_GAME_KEYS}, "")
        return _game_from_dict(obj, rules, _version(obj), "")

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record from JSON text.

        Only the form is checked here (fields, cards, move texts); :func:`replay` checks
        that the moves are legal and the result right.

        >>> from sixtysix.records import GameRecord
        >>> GameRecord.from_json('{"schema": 1, "kind": "game"')
        Traceback (most recent call last):
        ...
        sixtysix.errors.RecordError: not valid JSON (truncated or damaged?): ...

        Raises:
            RecordError: the text is not a game record of this schema.
        """
        return cls.from_dict(_parse_json(text))


@attrs.frozen(kw_only=True)
class MatchRecord:
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
    """

    rules: Rules
    seats: int
    seed: int | str | None
    dealer: int
    games: tuple[GameRecord, ...]
    scores: tuple[int, ...]
    winner: int | None
    version: str = __version__

    def __attrs_post_init__(self) -> None:
        """Check the types of the fields and that every hand belongs to the match."""
        if not isinstance(self.rules, Rules):
            raise RecordError(f"rules: expected a Rules value, not {self.rules!r}")
        if not _is_int(self.seats) or self.seats not in (2, 3):
            raise RecordError(f"seats: a match has 2 or 3 seats, not {self.seats!r}")
        if not _is_seed(self.seed):
            raise RecordError(f"seed: expected an int, a str or None, not {self.seed!r}")
        if not isinstance(self.version, str):
            raise RecordError(f"version: expected text, not {self.version!r}")
        if not _is_int(self.dealer) or not 0 <= self.dealer < self.seats:
            raise RecordError(
                f"dealer: expected a seat from 0 to {self.seats - 1}, not {self.dealer!r}"
            )
        if not _is_tuple_of(self.games, lambda g: isinstance(g, GameRecord)):
            raise RecordError(f"games: expected a tuple of GameRecord, not {self.games!r}")
        for number, game in enumerate(self.games, 1):
            if game.rules != self.rules:
                raise RecordError(f"game {number}: played under other rules than the match")
            if game.version != self.version:
                raise RecordError(
                    f"game {number}: written by sixtysix {game.version}, the match by "
                    f"{self.version}"
                )
        scores = self.scores
        if not _is_tuple_of(scores, lambda s: _is_int(s) and s >= 0, self.seats):
            raise RecordError(
                f"scores: expected {self.seats} whole numbers of game points, not {scores!r}"
            )
        if self.winner is not None and (
            not _is_int(self.winner) or not 0 <= self.winner < self.seats
        ):
            raise RecordError(f"winner: expected a seat or None, not {self.winner!r}")

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dict of the record (see the docs for each field).

        The hands are written without their rules and version, which are the match's.
        """
        return {
            "schema": SCHEMA,
            "kind": "match",
            "version": self.version,
            "rules": self.rules.to_dict(),
            "seats": self.seats,
            "seed": self.seed,
            "dealer": self.dealer,
            "games": [_game_body(g) for g in self.games],
            "scores": list(self.scores),
            "winner": self.winner,
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text; :meth:`from_json` reads it back exactly."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: object) -> MatchRecord:
        """Read a record from a dict such as :meth:`to_dict` makes.

        Raises:
            RecordError: the dict is not a match record of this schema.
        """
        obj = _header(data, "match")
        rules = _rules(obj)
        version = _version(obj)
        _check_keys(
            obj,
            {"schema", "kind", "version", "rules", "seats", "seed", "dealer", "games"}
            | {"scores", "winner"},
            "",
        )
        games_data = obj["games"]
        if not isinstance(games_data, list):
            raise RecordError(f"games: expected a list of hands, not {games_data!r}")
        games = []
        for number, game in enumerate(games_data, 1):
            where = f"game {number}: "
            if not isinstance(game, Mapping):
                raise RecordError(f"{where}expected an object, not {game!r}")
            _check_keys(game, _GAME_KEYS, where)
            games.append(_game_from_dict(game, rules, version, where))
        scores = obj["scores"]
        if not isinstance(scores, list):
            raise RecordError(f"scores: expected a list of game points, not {scores!r}")
        return cls(
            rules=rules,
            seats=obj["seats"],
            seed=obj["seed"],
            dealer=obj["dealer"],
            games=tuple(games),
            scores=tuple(scores),
            winner=obj["winner"],
            version=version,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> MatchRecord:
        """Read a record from JSON text (only the form is checked; see :func:`replay`).

        Raises:
            RecordError: the text is not a match record of this schema.
        """
        return cls.from_dict(_parse_json(text))


# --------------------------------------------------------------------------- JSON


_GAME_KEYS = {"dealer", "players", "seed", "pack", "moves", "result"}


def _game_body(g: GameRecord) -> dict[str, Any]:
    return {
        "dealer": g.dealer,
        "players": list(g.players),
        "seed": g.seed,
        "pack": [str(c) for c in g.pack],
        "moves": list(g.moves),
        "result": None if g.result is None else _result_to_dict(g.result),
    }


def _parse_json(text: object) -> object:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"a record must be UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise RecordError(f"a record must be given as JSON text, not {type(text).__name__}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"not valid JSON (truncated or damaged?): {exc.msg} at line {exc.lineno} "
            f"column {exc.colno}"
        ) from None
    except RecursionError:
        raise RecordError("not valid JSON: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer with too many digits
        raise RecordError(f"not a usable JSON record: {exc}") from None


def _header(data: object, kind: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
    schema = data.get("schema")
    if schema != SCHEMA or not _is_int(schema):
        raise RecordError(
            f"schema: this version of sixtysix reads record schema {SCHEMA}, not {schema!r}"
        )
    found = data.get("kind")
    if found != kind:
        other = {"game": "GameRecord", "match": "MatchRecord"}
        hint = f"; read it with {other[found]}.from_json" if found in other else ""
        raise RecordError(f"kind: expected a {kind} record, not {found!r}{hint}")
    return data


def _check_keys(obj: Mapping[str, Any], keys: set[str], where: str) -> None:
    unknown = sorted(str(k) for k in obj if k not in keys)
    if unknown:
        raise RecordError(
            f"{where}unknown field {unknown[0]!r}; the fields are: {', '.join(sorted(keys))}"
        )
    missing = sorted(keys - set(obj))
    if missing:
        raise RecordError(f"{where}missing field {missing[0]!r}")


def _rules(obj: Mapping[str, Any]) -> Rules:
    data = obj.get("rules")
    if not isinstance(data, Mapping):
        raise RecordError(f"rules: expected an object of rule fields, not {data!r}")
    try:
        return Rules.from_dict(data)
    except RulesError as exc:
        raise RecordError(f"rules: {exc}") from None


def _version(obj: Mapping[str, Any]) -> str:
    version = obj.get("version")
    if not isinstance(version, str):
        raise RecordError(f"version: expected the writer's version as text, not {version!r}")
    return version


def _game_from_dict(obj: Mapping[str, Any], rules: Rules, version: str, where: str) -> GameRecord:
    pack_data = obj["pack"]
    if not isinstance(pack_data, list):
        raise RecordError(f"{where}pack: expected a list of cards, not {pack_data!r}")
    pack = []
    for k, text in enumerate(pack_data, 1):
        try:
            pack.append(Card.parse(text))
        except ParseError as exc:
            raise RecordError(f"{where}pack card {k}: {exc}") from None
    moves_data = obj["moves"]
    if not isinstance(moves_data, list):
        raise RecordError(f"{where}moves: expected a list of moves, not {moves_data!r}")
    moves = []
    for k, text in enumerate(moves_data, 1):
        try:
            moves.append(str(parse_move(text)))
        except ParseError as exc:
            raise RecordError(f"{where}move {k}: {exc}") from None
    players = obj["players"]
    if not isinstance(players, list):
        raise RecordError(f"{where}players: expected two match seats, not {players!r}")
    result = _result_from_dict(obj["result"], where)
    try:
        return GameRecord(
            rules=rules,
            dealer=obj["dealer"],
            pack=tuple(pack),
            moves=tuple(moves),
            result=result,
            seed=obj["seed"],
            players=tuple(players),
            version=version,
        )
    except RecordError as exc:
        raise RecordError(f"{where}{exc}") from None


def _result_from_dict(data: object, where: str) -> HandResult | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise RecordError(f"{where}result: expected an object or null, not {data!r}")
    _check_keys(data, {"winner", "game_points", "carry", "points", "reason"}, f"{where}result: ")
    winner = data["winner"]
    gp = data["game_points"]
    carry = data["carry"]
    points = data["points"]
    reason = data["reason"]
    if winner is not None and not (_is_int(winner) and winner in (0, 1)):
        raise RecordError(f"{where}result: winner must be 0, 1 or null, not {winner!r}")
    if not _is_int(gp) or not _is_int(carry):
        raise RecordError(f"{where}result: game_points and carry must be whole numbers")
    if not (isinstance(points, list) and len(points) == 2 and all(_is_int(p) for p in points)):
        raise RecordError(f"{where}result: points must be two whole numbers, not {points!r}")
    try:
        end = HandEnd(reason)
    except ValueError:
        allowed = ", ".join(e.value for e in HandEnd)
        raise RecordError(
            f"{where}result: unknown reason {reason!r}; the reasons are: {allowed}"
        ) from None
    return HandResult(winner, gp, carry, (points[0], points[1]), end)


def load_record(text: str | bytes) -> GameRecord | MatchRecord:
    """Read a game or a match record from JSON text, whichever it is.

    Raises:
        RecordError: the text is neither.
    """
    data = _parse_json(text)
    if isinstance(data, Mapping) and data.get("kind") == "match":
        return MatchRecord.from_dict(data)
    return GameRecord.from_dict(data)


# --------------------------------------------------------------------------- replay


def _deal(record: GameRecord, where: str) -> HandState:
    rules = record.rules
    if record.seed is not None:
        expected = shuffled_deck(rules, record.seed)
        if list(record.pack) != expected:
            raise RecordError(
                f"{where}pack: not the shuffle of seed {record.seed!r} for the "
                f"{rules.deck.name} deck"
            )
    try:
        return deal_from_order(rules, record.pack, record.dealer)
    except DealError as exc:
        raise RecordError(f"{where}pack: {exc}") from None


def _states(record: GameRecord, where: str) -> Iterator[HandState]:
    state = _deal(record, where)
    yield state
    for number, text in enumerate(record.moves, 1):
        seat = state.to_move
        if seat is None:
            raise RecordError(
                f"{where}move {number} ({text}): the hand is already over after move {number - 1}"
            )
        try:
            state = apply_move(state, parse_move(text))
        except ParseError as exc:
            raise RecordError(f"{where}move {number}: {exc}") from None
        except IllegalMoveError as exc:
            raise RecordError(
                f"{where}move {number} ({text}) by seat {seat} is illegal: {exc.reason}"
            ) from None
        yield state
    if record.result is None:
        return
    if not state.is_over:
        raise RecordError(
            f"{where}the record has a result but the hand is not over after its "
            f"{len(record.moves)} moves (seat {state.to_move} is to move)"
        )
    real = score_hand(state)
    if real != record.result:
        raise RecordError(
            f"{where}wrong result: the record says {_describe(record.result)}, "
            f"but the moves give {_describe(real)}"
        )


def replay_states(record: GameRecord) -> Iterator[HandState]:
    """The states of a recorded hand: the deal, then the state after each move.

    The ``k``-th state after the deal follows ``record.moves[k - 1]``. Every move is
    checked as it is reached, and the stored result once the moves are done, so a
    bad record raises partway through (useful for showing a game move by move).

    Raises:
        RecordError: the pack is wrong, a move is illegal, or the result is wrong.
    """
    if not isinstance(record, GameRecord):
        raise RecordError(f"replay_states needs a GameRecord, not {record!r}")
    return _states(record, "")


def _replay_game(record: GameRecord, where: str) -> HandState:
    state: HandState | None = None
    for state in _states(record, where):  # noqa: B007 - the last state is the result
        pass
    assert state is not None
    if record.result is None and state.is_over:
        raise RecordError(
            f"{where}the hand is over after its {len(record.moves)} moves but the record "
            "has no result"
        )
    return state


@overload
def replay(record: GameRecord) -> HandState: ...
@overload
def replay(record: MatchRecord) -> tuple[tuple[HandState, ...], Match]: ...
def replay(
    record: GameRecord | MatchRecord,
) -> HandState | tuple[tuple[HandState, ...], Match]:
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
    if isinstance(record, GameRecord):
        return _replay_game(record, "")
    if not isinstance(record, MatchRecord):
        raise RecordError(f"replay needs a GameRecord or a MatchRecord, not {record!r}")
    m = Match(
        rules=record.rules,
        seats=record.seats,
        seed=record.seed,
        scores=(0,) * record.seats,
        dealer=record.dealer,
    )
    states = []
    count = len(record.games)
    for number, game in enumerate(record.games, 1):
        where = f"game {number}: "
        if m.is_over:
            raise RecordError(f"{where}the match was already over (seat {m.winner} won it)")
        if game.dealer != m.hand_dealer or game.players != m.active_seats:
            raise RecordError(
                f"{where}expected match seats {m.active_seats} to play with hand seat "
                f"{m.hand_dealer} dealing, not seats {game.players} with {game.dealer} dealing"
            )
        if m.seed is not None and game.seed != m.hand_seed:
            raise RecordError(f"{where}seed: expected {m.hand_seed!r}, not {game.seed!r}")
        state = _replay_game(game, where)
        states.append(state)
        if game.result is None:
            if number != count:
                raise RecordError(f"{where}unfinished, but more hands follow")
            break
        try:
            m = apply_result(m, game.result)
        except MatchError as exc:  # pragma: no cover - the replay checked the result
            raise RecordError(f"{where}{exc}") from None
    if m.scores != record.scores or m.winner != record.winner:
        raise RecordError(
            f"wrong match result: the record says scores {list(record.scores)}, winner "
            f"{record.winner}, but the hands give scores {list(m.scores)}, winner {m.winner}"
        )
    return tuple(states), m
