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

import json
import re
from collections.abc import Callable, Iterator, Mapping
from types import SimpleNamespace
from typing import Any, NoReturn, TypeGuard, overload

import attrs

from ._version import __version__
from .cards import Card
from .engine import apply_move, deal_from_order, shuffled_deck
from .errors import (
    DealError,
    IllegalMoveError,
    ParseError,
    RecordError,
    ResultError,
    RulesError,
    quote,
)
from .match import MAX_SEED_DIGITS, Match, MatchError, _seed_problem, apply_result
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

# json's own string scanner (C where available): ``scanstring(text, after_quote)``.
scanstring: Callable[[str, int], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]


class _Problem(RecordError):
    """A record error with the JSON path of the value it is about (internal).

    ``path`` holds object keys and list indices from the record's root. The public
    functions turn it into a plain :class:`RecordError`, with the line and column of the
    value when the record came from JSON text.
    """

    def __init__(self, path: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.path = path


def _fail(path: tuple[str | int, ...], message: str) -> NoReturn:
    raise _Problem(path, message)


def _plain(exc: _Problem, text: str | None) -> RecordError:
    """The public error for ``exc``: with its line and column if ``text`` is given."""
    message = str(exc)
    if text is not None:
        where = _locate(text, exc.path)
        if where is not None:  # pragma: no branch - None only if the text is not JSON
            message = f"line {where[0]}, column {where[1]}: {message}"
    return RecordError(message)


def _line_column(text: str, offset: int) -> tuple[int, int]:
    """The line and column (both from 1) of ``text[offset]``."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


_WS = re.compile(r"[ \t\n\r]*")
_OPENERS = frozenset("[{")
_CLOSERS = frozenset("]}")
_SCALAR = re.compile(r"-?(?:Infinity|[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)|true|false|null|NaN")


def _skip_ws(text: str, i: int) -> int:
    match = _WS.match(text, i)
    assert match is not None  # the pattern matches the empty string
    return match.end()


def _skip_value(text: str, i: int) -> int:
    """The end of the JSON value that starts at ``text[i]`` (the text is valid JSON)."""
    depth = 0
    while True:
        i = _skip_ws(text, i)
        c = text[i]
        if c == '"':
            i = scanstring(text, i + 1)[1]
        elif c in _OPENERS:
            depth += 1
            i += 1
        elif c in _CLOSERS:
            depth -= 1
            i += 1
        elif c in ",:":
            i += 1
            continue
        else:
            match = _SCALAR.match(text, i)
            if match is None:  # pragma: no cover - the text parsed as JSON
                raise ValueError(f"not JSON at {i}")
            i = match.end()
        if depth == 0:
            return i


def _find(text: str, path: tuple[str | int, ...]) -> int:
    """The offset of the value at ``path`` in valid JSON ``text``.

    Where the path leaves the text (a missing field), the offset of the deepest value
    on the path that exists.
    """
    i = _skip_ws(text, 0)
    for step in path:
        found = -1
        if text[i] == "{" and isinstance(step, str):
            j = i + 1
            while True:
                j = _skip_ws(text, j)
                if text[j] == "}":
                    break
                key, j = scanstring(text, j + 1)
                j = _skip_ws(text, _skip_ws(text, j) + 1)  # past the colon
                if key == step:
                    found = j  # json keeps the last of repeated keys, and so do we
                j = _skip_ws(text, _skip_value(text, j))
                if text[j] != ",":
                    break
                j += 1
        elif text[i] == "[" and isinstance(step, int):
            # The paths of errors come from the parsed lists, so the item exists.
            j = _skip_ws(text, i + 1)
            for _ in range(step):
                j = _skip_ws(text, _skip_ws(text, _skip_value(text, j)) + 1)  # past a comma
            found = j
        if found < 0:
            return i
        i = found
    return i


def _locate(text: str, path: tuple[str | int, ...]) -> tuple[int, int] | None:
    """The line and column of the value at ``path`` in ``text``, if it can be found."""
    try:
        return _line_column(text, _find(text, path))
    except (ValueError, IndexError):  # pragma: no cover - the text parsed as JSON
        return None


# --------------------------------------------------------------------------- helpers


def _is_int(value: object) -> TypeGuard[int]:
    return type(value) is int


def _is_tuple_of(value: object, check: Callable[[object], bool], size: int = -1) -> bool:
    return (
        isinstance(value, tuple)
        and (size < 0 or len(value) == size)
        and all(check(v) for v in value)
    )


def _check_seed(path: tuple[str | int, ...], prefix: str, seed: object) -> None:
    if seed is None:
        return
    if _seed_problem(seed) is not None:
        _fail(
            path,
            f"{prefix}seed: expected an int of at most {MAX_SEED_DIGITS} digits, a str or "
            f"null, not {quote(seed)}",
        )


def _result_to_dict(result: HandResult) -> dict[str, Any]:
    out = {
        "winner": result.winner,
        "game_points": result.game_points,
        "carry": result.carry,
        "points": list(result.points),
        "reason": result.reason.value,
    }
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
        _fail((*base, "rules"), f"{where}rules: expected a Rules value, not {quote(record.rules)}")
    if not _is_int(record.dealer) or record.dealer not in (0, 1):
        _fail(
            (*base, "dealer"), f"{where}dealer: expected seat 0 or 1, not {quote(record.dealer)}"
        )
    if not _is_tuple_of(record.pack, lambda c: type(c) is Card):
        _fail((*base, "pack"), f"{where}pack: expected a tuple of cards, not {quote(record.pack)}")
    if not _is_tuple_of(record.moves, lambda m: isinstance(m, str)):
        _fail(
            (*base, "moves"),
            f"{where}moves: expected a tuple of move texts, not {quote(record.moves)}",
        )
    for k, text in enumerate(record.moves, 1):
        try:
            canonical = str(parse_move(text))
        except ParseError as exc:
            _fail((*base, "moves", k - 1), f"{where}move {k}: {exc}")
        if canonical != text:
            _fail(
                (*base, "moves", k - 1),
                f"{where}move {k}: write {canonical!r}, the canonical text, not {quote(text)}",
            )
    if record.result is not None and not isinstance(record.result, HandResult):
        _fail(
            (*base, "result"),
            f"{where}result: expected a HandResult or None, not {quote(record.result)}",
        )
    _check_seed((*base, "seed"), where, record.seed)
    players = record.players
    if (
        not _is_tuple_of(players, lambda p: _is_int(p) and 0 <= p <= 2, 2)
        or players[0] == players[1]
    ):
        _fail(
            (*base, "players"),
            f"{where}players: expected two different match seats, not {quote(players)}",
        )
    if not isinstance(record.version, str):
        _fail((*base, "version"), f"{where}version: expected text, not {quote(record.version)}")


def _public(func: Callable[[], Any], text: str | None = None) -> Any:
    """Call ``func``, turning an internal error into a public :class:`RecordError`."""
    try:
        return func()
    except _Problem as exc:
        raise _plain(exc, text) from None


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
        seed: The seed the pack was shuffled from, if any (a str, or an int of at most
            :data:`~sixtysix.match.MAX_SEED_DIGITS` digits); :func:`replay` then checks
            that the pack is that shuffle.
        players: The match seats of hand seats 0 and 1 (``(0, 1)`` outside three-hand
            play).
        version: The version of sixtysix that wrote the record.

    Raises:
        RecordError: a field of the wrong type or out of range (the message names it).
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
        _public(lambda: _check_game_fields(self, (), ""))

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
        result: GameRecord = _public(lambda: _game_record(data))
        return result

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record from JSON text.

        Only the form is checked here (fields, cards, move texts); :func:`replay` checks
        that the moves are legal and the result right (:func:`load_record` does both).

        >>> from sixtysix.records import GameRecord
        >>> GameRecord.from_json('{"schema": 1, "kind": "game"')
        Traceback (most recent call last):
        ...
        sixtysix.errors.RecordError: line 1, column 29: the record is cut off here ...

        Raises:
            RecordError: the text is not a game record of this schema.
        """
        source = _text(text)
        result: GameRecord = _public(lambda: _game_record(_parse_json(source)), source)
        return result


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

    Raises:
        RecordError: a field of the wrong type or out of range, or a hand that does not
            belong to the match (the message names it).
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
        _public(lambda: _check_match_fields(self))

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
        result: MatchRecord = _public(lambda: _match_record(data))
        return result

    @classmethod
    def from_json(cls, text: str | bytes) -> MatchRecord:
        """Read a record from JSON text (only the form is checked; see :func:`replay`).

        Raises:
            RecordError: the text is not a match record of this schema.
        """
        source = _text(text)
        result: MatchRecord = _public(lambda: _match_record(_parse_json(source)), source)
        return result


def _check_match_fields(record: Any) -> None:
    if not isinstance(record.rules, Rules):
        _fail(("rules",), f"rules: expected a Rules value, not {quote(record.rules)}")
    if not _is_int(record.seats) or record.seats not in (2, 3):
        _fail(("seats",), f"seats: a match has 2 or 3 seats, not {quote(record.seats)}")
    _check_seed(("seed",), "", record.seed)
    if not isinstance(record.version, str):
        _fail(("version",), f"version: expected text, not {quote(record.version)}")
    if not _is_int(record.dealer) or not 0 <= record.dealer < record.seats:
        _fail(
            ("dealer",),
            f"dealer: expected a seat from 0 to {record.seats - 1}, not {quote(record.dealer)}",
        )
    if not _is_tuple_of(record.games, lambda g: isinstance(g, GameRecord)):
        _fail(("games",), f"games: expected a tuple of GameRecord, not {quote(record.games)}")
    for number, game in enumerate(record.games, 1):
        if game.rules != record.rules:
            _fail(("games", number - 1), f"game {number}: played under other rules than the match")
        if game.version != record.version:
            _fail(
                ("games", number - 1),
                f"game {number}: written by sixtysix {quote(game.version)}, the match by "
                f"{quote(record.version)}",
            )
    scores = record.scores
    if not _is_tuple_of(scores, lambda s: _is_int(s) and s >= 0, record.seats):
        _fail(
            ("scores",),
            f"scores: expected {record.seats} whole numbers of game points, not {quote(scores)}",
        )
    if record.winner is not None and (
        not _is_int(record.winner) or not 0 <= record.winner < record.seats
    ):
        _fail(("winner",), f"winner: expected a seat or None, not {quote(record.winner)}")


# --------------------------------------------------------------------------- JSON


_GAME_KEYS = {"dealer", "players", "seed", "pack", "moves", "result"}
_RESULT_KEYS = {"winner", "game_points", "carry", "points", "reason"}
_MATCH_KEYS = {"schema", "kind", "version", "rules", "seats", "seed", "dealer", "games"} | {
    "scores",
    "winner",
}


def _game_body(g: GameRecord) -> dict[str, Any]:
    return {
        "dealer": g.dealer,
        "players": list(g.players),
        "seed": g.seed,
        "pack": [str(c) for c in g.pack],
        "moves": list(g.moves),
        "result": None if g.result is None else _result_to_dict(g.result),
    }


def _text(text: object) -> str:
    """The record text as a str (bytes must be UTF-8)."""
    if isinstance(text, bytes | bytearray):
        try:
            return bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            bad = quote(bytes(text[exc.start : exc.start + 1]))
            raise RecordError(
                f"a record must be UTF-8 text: byte {exc.start} ({bad}) is not UTF-8"
            ) from None
    if not isinstance(text, str):
        raise RecordError(f"a record must be given as JSON text, not {type(text).__name__}")
    return text


class _HugeNumber(Exception):
    """A JSON number with more digits than any field of a record can hold."""


def _parse_int(digits: str) -> int:
    # Checked before int() converts it: past CPython's int/str limit that would raise a
    # ValueError, and well before it, no field of a record is that large.
    if len(digits.lstrip("-")) > MAX_SEED_DIGITS:
        raise _HugeNumber(digits)
    return int(digits)


_STRUCTURE = {"{": "an object", "[": "a list", '"': "a string"}
# The end of a JSON string's body: its closing quote, or an escape to skip over.
_STRING_PART = re.compile(r'"|\\.')


def _cut_off_inside(text: str) -> str:
    """What the truncated valid-JSON prefix ``text`` was in the middle of."""
    stack: list[str] = []
    i = 0
    end = len(text)
    while i < end:
        c = text[i]
        if c == '"':
            j = i + 1
            while True:
                match = _STRING_PART.search(text, j)
                if match is None:
                    return _STRUCTURE['"']
                j = match.end()
                if match.group() == '"':
                    break
            i = j
            continue
        if c in _OPENERS:
            stack.append(c)
        elif c in _CLOSERS and stack:
            stack.pop()
        i += 1
    return _STRUCTURE[stack[-1]] if stack else "a value"


_LITERALS = ("true", "false", "null", "NaN", "Infinity", "-Infinity")
# What a number may be cut off to: a sign, a fraction point or an exponent without digits.
_NUMBER_START = re.compile(r"-?(?:[0-9]+(?:\.(?:[0-9]+(?:[eE][-+]?[0-9]*)?)?|[eE][-+]?[0-9]*)?)?")


# The digits (and sign) of a number that ends just before a position.
_DIGITS_BEFORE = re.compile(r"-?[0-9]+$")


def _is_cut_off(text: str, exc: json.JSONDecodeError, end: int) -> bool:
    """Whether the JSON error means the text ends early (``end``: its length unspaced)."""
    if exc.pos >= end or exc.msg.startswith("Unterminated string"):
        return True
    rest = text[exc.pos : end]
    if exc.msg.startswith("Invalid \\uXXXX escape"):
        return re.fullmatch(r"u[0-9a-fA-F]{0,4}(?:\\(?:u[0-9a-fA-F]{0,4})?)?", rest) is not None
    if exc.msg == "Expecting value":  # a literal cut off ("tr", "-Inf"; "-" of a number)
        return any(word.startswith(rest) for word in _LITERALS)
    # A number cut off after its point or exponent letter: json read the digits before.
    digits = _DIGITS_BEFORE.search(text, 0, exc.pos)
    return digits is not None and _NUMBER_START.fullmatch(text, digits.start(), end) is not None


def _parse_json(text: str) -> object:
    try:
        return json.loads(text, parse_int=_parse_int)
    except json.JSONDecodeError as exc:
        end = len(text.rstrip(" \t\n\r"))
        if end == 0:
            raise RecordError("the record is empty: expected a JSON object") from None
        if _is_cut_off(text, exc, end):
            line, column = _line_column(text, end)
            raise RecordError(
                f"line {line}, column {column}: the record is cut off here (the text ends "
                f"inside {_cut_off_inside(text[:end])}): was the file truncated?"
            ) from None
        raise RecordError(
            f"line {exc.lineno}, column {exc.colno}: not valid JSON: {exc.msg}"
        ) from None
    except _HugeNumber as exc:
        digits = str(exc.args[0])
        found = re.search(rf"-?[0-9]{{{MAX_SEED_DIGITS + 1},}}", text)
        place = (
            ""
            if found is None
            else "line {}, column {}: ".format(*_line_column(text, found.start()))
        )
        raise RecordError(
            f"{place}a number of {len(digits.lstrip('-'))} digits; no field of a record has "
            f"more than {MAX_SEED_DIGITS}"
        ) from None
    except RecursionError:
        raise RecordError("not a record: the JSON is nested far too deeply") from None


def _header(data: object, kind: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        _fail((), f"a record is a JSON object, not {_json_kind(data)}")
    schema = data.get("schema")
    if not _is_int(schema) or schema != SCHEMA:
        _fail(
            ("schema",),
            f"schema: this version of sixtysix reads record schema {SCHEMA}, not {quote(schema)}",
        )
    found = data.get("kind")
    if found != kind or not isinstance(found, str):
        other = {"game": "GameRecord", "match": "MatchRecord"}
        hint = (
            f"; read it with {other[found]}.from_json"
            if isinstance(found, str) and found in other
            else ""
        )
        _fail(("kind",), f"kind: expected a {kind} record, not {quote(found)}{hint}")
    return data


def _json_kind(value: object) -> str:
    names = {list: "a list", str: "a string", bool: "true or false", int: "a number"}
    if value is None:
        return "null"
    return names.get(type(value), "a number" if isinstance(value, float) else type(value).__name__)


def _check_keys(
    obj: Mapping[Any, Any], keys: set[str], path: tuple[str | int, ...], where: str
) -> None:
    unknown = sorted(quote(k) for k in obj if not isinstance(k, str) or k not in keys)
    if unknown:
        _fail(
            path,
            f"{where}unknown field {unknown[0]}; the fields are: {', '.join(sorted(keys))}",
        )
    missing = sorted(keys - set(obj))
    if missing:
        _fail(path, f"{where}missing field {missing[0]!r}")


def _rules(obj: Mapping[str, Any]) -> Rules:
    data = obj.get("rules")
    if not isinstance(data, Mapping):
        _fail(("rules",), f"rules: expected an object of rule fields, not {quote(data)}")
    try:
        return Rules.from_dict(data)
    except RulesError as exc:
        _fail(("rules",), f"rules: {exc}")


def _version(obj: Mapping[str, Any]) -> str:
    version = obj.get("version")
    if not isinstance(version, str):
        _fail(
            ("version",),
            f"version: expected the writer's version as text, not {quote(version)}",
        )
    return version


def _game_record(data: object) -> GameRecord:
    obj = _header(data, "game")
    rules = _rules(obj)
    _check_keys(obj, {"schema", "kind", "version", "rules", *_GAME_KEYS}, (), "")
    return _game_from_dict(obj, rules, _version(obj), (), "")


def _match_record(data: object) -> MatchRecord:
    obj = _header(data, "match")
    rules = _rules(obj)
    version = _version(obj)
    _check_keys(obj, _MATCH_KEYS, (), "")
    games_data = obj["games"]
    if not isinstance(games_data, list):
        _fail(("games",), f"games: expected a list of hands, not {quote(games_data)}")
    games = []
    for number, game in enumerate(games_data, 1):
        base = ("games", number - 1)
        where = f"game {number}: "
        if not isinstance(game, Mapping):
            _fail(base, f"{where}expected an object, not {quote(game)}")
        _check_keys(game, _GAME_KEYS, base, where)
        games.append(_game_from_dict(game, rules, version, base, where))
    scores = obj["scores"]
    if not isinstance(scores, list):
        _fail(("scores",), f"scores: expected a list of game points, not {quote(scores)}")
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
    _check_match_fields(SimpleNamespace(**fields))  # errors with their JSON path
    return MatchRecord(**fields)


def _game_from_dict(
    obj: Mapping[str, Any], rules: Rules, version: str, base: tuple[str | int, ...], where: str
) -> GameRecord:
    pack_data = obj["pack"]
    if not isinstance(pack_data, list):
        _fail((*base, "pack"), f"{where}pack: expected a list of cards, not {quote(pack_data)}")
    pack = []
    for k, text in enumerate(pack_data, 1):
        path = (*base, "pack", k - 1)
        if not isinstance(text, str):
            _fail(path, f"{where}pack card {k}: expected a card's text, not {quote(text)}")
        try:
            pack.append(Card.parse(text))
        except ParseError as exc:
            _fail(path, f"{where}pack card {k}: {exc}")
    moves_data = obj["moves"]
    if not isinstance(moves_data, list):
        _fail((*base, "moves"), f"{where}moves: expected a list of moves, not {quote(moves_data)}")
    moves = []
    for k, text in enumerate(moves_data, 1):
        path = (*base, "moves", k - 1)
        if not isinstance(text, str):
            _fail(path, f"{where}move {k}: expected a move's text, not {quote(text)}")
        try:
            moves.append(str(parse_move(text)))
        except ParseError as exc:
            _fail(path, f"{where}move {k}: {exc}")
    players = obj["players"]
    if not isinstance(players, list):
        _fail(
            (*base, "players"), f"{where}players: expected two match seats, not {quote(players)}"
        )
    result = _result_from_dict(obj["result"], (*base, "result"), where)
    record: GameRecord = _new_game_record(
        base,
        where,
        rules=rules,
        dealer=obj["dealer"],
        pack=tuple(pack),
        moves=tuple(moves),
        result=result,
        seed=obj["seed"],
        players=tuple(players),
        version=version,
    )
    return record


def _new_game_record(base: tuple[str | int, ...], where: str, **fields: Any) -> GameRecord:
    """A :class:`GameRecord` whose field errors name the game and the JSON path."""
    _check_game_fields(SimpleNamespace(**fields), base, where)
    return GameRecord(**fields)


def _result_from_dict(data: object, path: tuple[str | int, ...], where: str) -> HandResult | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        _fail(path, f"{where}result: expected an object or null, not {quote(data)}")
    _check_keys(
        {k: v for k, v in data.items() if k != "honours"}, _RESULT_KEYS, path, f"{where}result: "
    )
    honours = data.get("honours", [0, 0])  # rules §13.9: optional, (0, 0) when absent
    if not isinstance(honours, list) or len(honours) != 2:
        _fail(
            (*path, "honours"),
            f"{where}result: honours must be two whole numbers, not {quote(honours)}",
        )
    points = data["points"]
    if not isinstance(points, list) or len(points) != 2:
        _fail(
            (*path, "points"),
            f"{where}result: points must be two whole numbers, not {quote(points)}",
        )
    reason = data["reason"]
    try:
        end = HandEnd(reason)
    except (ValueError, TypeError):
        allowed = ", ".join(e.value for e in HandEnd)
        _fail(
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
        _fail(path, f"{where}result: {exc}")


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
    source = _text(text)

    def load() -> GameRecord | MatchRecord:
        data = _parse_json(source)
        record: GameRecord | MatchRecord
        if isinstance(data, Mapping) and data.get("kind") == "match":
            record = _match_record(data)
        else:
            record = _game_record(data)
        if check:
            _replay(record)
        return record

    result: GameRecord | MatchRecord = _public(load, source)
    return result


# --------------------------------------------------------------------------- replay


def _deal(record: GameRecord, base: tuple[str | int, ...], where: str) -> HandState:
    rules = record.rules
    if record.seed is not None:
        expected = shuffled_deck(rules, record.seed)
        if list(record.pack) != expected:
            _fail(
                (*base, "pack"),
                f"{where}pack: not the shuffle of seed {quote(record.seed)} for the "
                f"{rules.deck.name} deck",
            )
    try:
        return deal_from_order(rules, record.pack, record.dealer)
    except DealError as exc:
        _fail((*base, "pack"), f"{where}pack: {exc}")


def _states(record: GameRecord, base: tuple[str | int, ...], where: str) -> Iterator[HandState]:
    state = _deal(record, base, where)
    yield state
    for number, text in enumerate(record.moves, 1):
        path = (*base, "moves", number - 1)
        seat = state.to_move
        if seat is None:
            _fail(
                path,
                f"{where}move {number} ({quote(text)}): the hand is already over after move "
                f"{number - 1}",
            )
        try:
            # The move texts were checked when the record was built.
            state = apply_move(state, parse_move(text))
        except IllegalMoveError as exc:
            _fail(
                path,
                f"{where}move {number} ({text}) by seat {seat} is illegal: {exc.reason}",
            )
        yield state
    if record.result is None:
        return
    if not state.is_over:
        _fail(
            (*base, "result"),
            f"{where}the record has a result but the hand is not over after its "
            f"{len(record.moves)} moves (seat {state.to_move} is to move)",
        )
    real = score_hand(state)
    if real != record.result:
        _fail(
            (*base, "result"),
            f"{where}wrong result: the record says {_describe(record.result)}, "
            f"but the moves give {_describe(real)}",
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
        raise RecordError(f"replay_states needs a GameRecord, not {quote(record)}")
    return _public_states(_states(record, (), ""))


def _public_states(states: Iterator[HandState]) -> Iterator[HandState]:
    try:
        yield from states
    except _Problem as exc:
        raise _plain(exc, None) from None


def _replay_game(record: GameRecord, base: tuple[str | int, ...], where: str) -> HandState:
    state: HandState | None = None
    for state in _states(record, base, where):  # noqa: B007 - the last state is the result
        pass
    assert state is not None
    problems = validate(state)
    if problems:  # pragma: no cover - legal moves from a deal reach consistent states
        _fail(base, f"{where}the replayed hand is inconsistent: {'; '.join(problems)}")
    if record.result is None and state.is_over:
        _fail(
            (*base, "result"),
            f"{where}the hand is over after its {len(record.moves)} moves but the record "
            "has no result",
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
    if not isinstance(record, GameRecord | MatchRecord):
        raise RecordError(f"replay needs a GameRecord or a MatchRecord, not {quote(record)}")
    result: HandState | tuple[tuple[HandState, ...], Match] = _public(lambda: _replay(record))
    return result


def _replay(
    record: GameRecord | MatchRecord,
) -> HandState | tuple[tuple[HandState, ...], Match]:
    if isinstance(record, GameRecord):
        return _replay_game(record, (), "")
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
        base = ("games", number - 1)
        where = f"game {number}: "
        if m.is_over:
            _fail(base, f"{where}the match was already over (seat {m.winner} won it)")
        if game.dealer != m.hand_dealer or game.players != m.active_seats:
            _fail(
                base,
                f"{where}expected match seats {m.active_seats} to play with hand seat "
                f"{m.hand_dealer} dealing, not seats {game.players} with {game.dealer} dealing",
            )
        if m.seed is not None and game.seed != m.hand_seed:
            _fail(
                (*base, "seed"),
                f"{where}seed: expected {quote(m.hand_seed)}, not {quote(game.seed)}",
            )
        state = _replay_game(game, base, where)
        states.append(state)
        if game.result is None:
            if number != count:
                _fail(base, f"{where}unfinished, but more hands follow")
            break
        try:
            m = apply_result(m, game.result)
        except MatchError as exc:  # pragma: no cover - the replay checked the result
            _fail(base, f"{where}{exc}")
    if m.scores != record.scores or m.winner != record.winner:
        _fail(
            ("scores",),
            f"wrong match result: the record says scores {list(record.scores)}, winner "
            f"{record.winner}, but the hands give scores {list(m.scores)}, winner {m.winner}",
        )
    return tuple(states), m
