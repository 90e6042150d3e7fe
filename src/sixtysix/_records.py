"""The record machinery every game shares (internal).

A game's record module (:mod:`sixtysix.records`, :mod:`sixtysix.partnership.records`)
defines its record classes and its field checks; this module gives them the rest:

* errors with a JSON path (:class:`Problem`, :func:`fail`), which :func:`public` turns
  into a plain :class:`~sixtysix.errors.RecordError` that starts with the line and
  column of the value when the record came from JSON text;
* reading JSON text (:func:`text_of`, :func:`parse_json`: bytes must be UTF-8, a text
  cut off says so, no number longer than any field), and the common header
  (:func:`header`: ``"schema"`` and ``"kind"``), field-set (:func:`check_keys`) and
  ``"version"`` (:func:`version_of`) checks;
* the rules field (:func:`rules_of`), a list of card or move texts (:func:`read_texts`),
  the JSON of a hand and of a result (:func:`hand_body`, :func:`result_body`), and a
  record built with its field errors at their JSON path (:func:`build`);
* :class:`RecordJSON`, the ``to_dict`` / ``to_json`` / ``from_dict`` / ``from_json``
  methods and the check on construction of every record class, on top of the class's
  ``_fields``, ``_read`` and ``_check`` hooks;
* :func:`replay_match`, the hand-by-hand replay of a match record, with the game's
  rules for dealing, replaying and scoring a hand as hooks.

A third game's records need only their fields, their checks and those hooks
(``tests/core/test_shared_plumbing.py`` has one).
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import SimpleNamespace
from typing import Any, ClassVar, NoReturn, Protocol, Self, TypeVar

from ._match import MAX_SEED_DIGITS
from ._match import is_int as is_int
from ._match import seed_problem as _seed_problem
from .cards import Card
from .errors import (
    DealError,
    IllegalMoveError,
    MatchError,
    ParseError,
    RecordError,
    RulesError,
    quote,
)

#: A JSON path: object keys and list indices from a record's root.
JSONPath = tuple[str | int, ...]

_T = TypeVar("_T")
_R = TypeVar("_R")

# json's own string scanner (C where available): ``scanstring(text, after_quote)``.
scanstring: Callable[[str, int], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]


class Problem(RecordError):
    """A record error with the JSON path of the value it is about (internal).

    ``path`` holds object keys and list indices from the record's root. The public
    functions turn it into a plain :class:`RecordError`, with the line and column of the
    value when the record came from JSON text.
    """

    def __init__(self, path: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.path = path


def fail(path: tuple[str | int, ...], message: str) -> NoReturn:
    raise Problem(path, message)


def plain(exc: Problem, text: str | None) -> RecordError:
    """The public error for ``exc``: with its line and column if ``text`` is given."""
    message = str(exc)
    if text is not None:
        where = locate(text, exc.path)
        if where is not None:  # pragma: no branch - None only if the text is not JSON
            message = f"line {where[0]}, column {where[1]}: {message}"
    return RecordError(message)


def line_column(text: str, offset: int) -> tuple[int, int]:
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


def find(text: str, path: tuple[str | int, ...]) -> int:
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


def locate(text: str, path: tuple[str | int, ...]) -> tuple[int, int] | None:
    """The line and column of the value at ``path`` in ``text``, if it can be found."""
    try:
        return line_column(text, find(text, path))
    except (ValueError, IndexError):  # pragma: no cover - the text parsed as JSON
        return None


def is_tuple_of(value: object, check: Callable[[object], bool], size: int = -1) -> bool:
    return (
        isinstance(value, tuple)
        and (size < 0 or len(value) == size)
        and all(check(v) for v in value)
    )


def check_seed(path: tuple[str | int, ...], prefix: str, seed: object) -> None:
    if seed is None:
        return
    if _seed_problem(seed) is not None:
        fail(
            path,
            f"{prefix}seed: expected an int of at most {MAX_SEED_DIGITS} digits, a str or "
            f"null, not {quote(seed)}",
        )


def public(func: Callable[[], Any], text: str | None = None) -> Any:
    """Call ``func``, turning an internal error into a public :class:`RecordError`."""
    try:
        return func()
    except Problem as exc:
        raise plain(exc, text) from None


def text_of(text: object) -> str:
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


def parse_json(text: str) -> object:
    try:
        return json.loads(text, parse_int=_parse_int)
    except json.JSONDecodeError as exc:
        end = len(text.rstrip(" \t\n\r"))
        if end == 0:
            raise RecordError("the record is empty: expected a JSON object") from None
        if _is_cut_off(text, exc, end):
            line, column = line_column(text, end)
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
            else "line {}, column {}: ".format(*line_column(text, found.start()))
        )
        raise RecordError(
            f"{place}a number of {len(digits.lstrip('-'))} digits; no field of a record has "
            f"more than {MAX_SEED_DIGITS}"
        ) from None
    except RecursionError:
        raise RecordError("not a record: the JSON is nested far too deeply") from None


def json_kind(value: object) -> str:
    names = {list: "a list", str: "a string", bool: "true or false", int: "a number"}
    if value is None:
        return "null"
    return names.get(type(value), "a number" if isinstance(value, float) else type(value).__name__)


def check_keys(
    obj: Mapping[Any, Any],
    keys: set[str],
    path: JSONPath,
    where: str,
    optional: frozenset[str] = frozenset(),
) -> None:
    """Fail unless ``obj`` has the fields ``keys``, each (those in ``optional`` may be missing)."""
    unknown = sorted(quote(k) for k in obj if not isinstance(k, str) or k not in keys)
    if unknown:
        fail(
            path,
            f"{where}unknown field {unknown[0]}; the fields are: {', '.join(sorted(keys))}",
        )
    missing = sorted(keys - optional - set(obj))
    if missing:
        fail(path, f"{where}missing field {missing[0]!r}")


def header(data: object, schema: int, kind: str, readers: Mapping[str, str]) -> Mapping[str, Any]:
    """``data`` as a record object of this ``schema`` and ``kind``.

    ``readers`` names, for each kind of the game's records, the class that reads it: a
    record of another kind gets a hint to read it with that class.
    """
    if not isinstance(data, Mapping):
        fail((), f"a record is a JSON object, not {json_kind(data)}")
    found_schema = data.get("schema")
    if not is_int(found_schema) or found_schema != schema:
        fail(
            ("schema",),
            f"schema: this version of sixtysix reads record schema {schema}, not "
            f"{quote(found_schema)}",
        )
    found = data.get("kind")
    if found != kind or not isinstance(found, str):
        hint = (
            f"; read it with {readers[found]}.from_json"
            if isinstance(found, str) and found in readers
            else ""
        )
        fail(("kind",), f"kind: expected a {kind} record, not {quote(found)}{hint}")
    return data


def rules_of(obj: Mapping[str, Any], read: Callable[[Mapping[str, Any]], _R]) -> _R:
    """The rule set of a record object, read by the game's ``read`` (its ``from_dict``)."""
    data = obj.get("rules")
    if not isinstance(data, Mapping):
        fail(("rules",), f"rules: expected an object of rule fields, not {quote(data)}")
    try:
        return read(data)
    except RulesError as exc:
        fail(("rules",), f"rules: {exc}")


def version_of(obj: Mapping[str, Any], default: str | None = None) -> str:
    """The writer's version of a record object (``default`` where the field may be left out)."""
    version = obj.get("version", default)
    if not isinstance(version, str):
        fail(
            ("version",),
            f"version: expected the writer's version as text, not {quote(version)}",
        )
    return version


def read_texts(
    data: object, path: JSONPath, where: str, noun: str, label: str, parse: Callable[[str], _T]
) -> list[_T]:
    """The list of texts at ``path`` (a pack's cards, a hand's moves), each read by ``parse``.

    ``noun`` is what an item is (``"card"``), ``label`` how an error names item ``k``
    (``"pack card"``: ``pack card 3: ...``).
    """
    field = str(path[-1])
    if not isinstance(data, list):
        fail(path, f"{where}{field}: expected a list of {noun}s, not {quote(data)}")
    items = []
    for k, text in enumerate(data, 1):
        if not isinstance(text, str):
            fail(
                (*path, k - 1), f"{where}{label} {k}: expected a {noun}'s text, not {quote(text)}"
            )
        try:
            items.append(parse(text))
        except ParseError as exc:
            fail((*path, k - 1), f"{where}{label} {k}: {exc}")
    return items


def build(
    cls: Callable[..., _R],
    check: Callable[[Any, JSONPath, str], None],
    base: JSONPath,
    where: str,
    **fields: Any,
) -> _R:
    """``cls(**fields)``, its field errors first checked by ``check`` with their JSON path."""
    check(SimpleNamespace(**fields), base, where)
    return cls(**fields)


class RecordJSON:
    """The JSON methods of a record class, on top of its ``_fields`` and ``_read`` hooks.

    A record class has the fields ``rules`` and ``version``, and says its ``_SCHEMA``,
    ``_KIND``, ``_ENSURE_ASCII`` (``json.dumps``'s, where the games' formats differ) and
    ``_check`` (a static method: the check of its fields, run on construction).
    """

    __slots__ = ()

    _SCHEMA: ClassVar[int]
    _KIND: ClassVar[str]
    _ENSURE_ASCII: ClassVar[bool] = False
    rules: Any
    version: str

    @staticmethod
    def _check(record: Any, base: JSONPath, where: str, /) -> None:
        """Check the fields of ``record``: errors are :class:`Problem` under ``base``."""
        raise NotImplementedError  # pragma: no cover - every record class defines it

    def __attrs_post_init__(self) -> None:
        """Check the fields of the record (the error names the one that is wrong)."""
        public(lambda: self._check(self, (), ""))

    def _fields(self) -> dict[str, Any]:
        """The record's own fields, as JSON-ready values in the order of the format."""
        raise NotImplementedError  # pragma: no cover - every record class defines it

    @classmethod
    def _read(cls, data: object) -> Self:
        """The record that a parsed JSON value holds; errors are :class:`Problem`."""
        raise NotImplementedError  # pragma: no cover - every record class defines it

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dict of the record (the docs describe each field)."""
        return {
            "schema": self._SCHEMA,
            "kind": self._KIND,
            "version": self.version,
            "rules": self.rules.to_dict(),
            **self._fields(),
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text; :meth:`from_json` reads it back exactly."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=self._ENSURE_ASCII)

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """Read a record from a dict such as :meth:`to_dict` makes.

        Raises:
            RecordError: the dict is not a record of this kind and schema.
        """
        result: Self = public(lambda: cls._read(data))
        return result

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Read a record from JSON text.

        Only the form is checked here (fields, cards, move texts); ``replay`` checks that
        the moves are legal and the result right.

        Raises:
            RecordError: the text is not a record of this kind and schema; the message
                starts with the line and column of the problem.
        """
        source = text_of(text)
        result: Self = public(lambda: cls._read(parse_json(source)), source)
        return result


class HandFields(Protocol):
    """What every game's hand record holds (for :func:`hand_body`)."""

    @property
    def dealer(self) -> int:
        """The dealer's seat."""

    @property
    def seed(self) -> int | str | None:
        """The seed of the pack, or ``None``."""

    @property
    def pack(self) -> tuple[Any, ...]:
        """The pack order, top card first."""

    @property
    def moves(self) -> tuple[str, ...]:
        """The moves, in canonical text."""


class ResultFields(Protocol):
    """What every game's hand result holds (for :func:`result_body`)."""

    @property
    def winner(self) -> int | None:
        """The winning seat or side."""

    @property
    def game_points(self) -> int:
        """The game points won."""

    @property
    def carry(self) -> int:
        """The game points carried."""

    @property
    def points(self) -> tuple[int, ...]:
        """The card points."""

    @property
    def reason(self) -> Any:
        """Why the hand ended (an enum; its value is written)."""


def hand_body(
    hand: HandFields, seats: tuple[str, Sequence[int]], result: dict[str, Any] | None
) -> dict[str, Any]:
    """The JSON fields of a hand: dealer, the game's ``seats`` field, seed, pack, moves, result."""
    name, values = seats
    return {
        "dealer": hand.dealer,
        name: list(values),
        "seed": hand.seed,
        "pack": [str(c) for c in hand.pack],
        "moves": list(hand.moves),
        "result": result,
    }


def result_body(result: ResultFields, **more: object) -> dict[str, Any]:
    """The JSON fields of a result: winner, game points, carry, points, ``more``, reason."""
    return {
        "winner": result.winner,
        "game_points": result.game_points,
        "carry": result.carry,
        "points": list(result.points),
        **more,
        "reason": result.reason.value,
    }


# --------------------------------------------------------------------------- replay


class MatchLike(Protocol):
    """What the replay reads of a game's match value."""

    @property
    def seed(self) -> int | str | None:
        """The match seed, or ``None``."""

    @property
    def hand_seed(self) -> str | None:
        """The seed of the next deal."""

    @property
    def is_over(self) -> bool:
        """Whether the match is over."""


class HandLike(Protocol):
    """What the replay reads of a game's hand record."""

    @property
    def seed(self) -> int | str | None:
        """The seed the hand was dealt from, or ``None``."""


_M = TypeVar("_M", bound=MatchLike)  # the game's match value
_G = TypeVar("_G", bound=HandLike)  # the game's hand record
_S = TypeVar("_S")  # the game's state


def replay_match(
    start: _M,
    games: Sequence[_G],
    *,
    deal: tuple[Callable[[_M], object], Callable[[_G], object]],
    deal_error: Callable[[_M, _G], str],
    replay_hand: Callable[[_G, JSONPath, str], tuple[_S, Any]],
    apply: Callable[[_M, Any], _M],
    over_text: Callable[[_M], str],
) -> tuple[tuple[_S, ...], _M]:
    """Replay the hands of a match record from the match ``start``; the final states and match.

    Every hand must be the one the match deals next: not after the end of the match,
    dealt as the match deals (``deal[0](m) == deal[1](game)``: the dealer and seats, or
    scores; else the error ``deal_error(m, game)``), and from the match's hand seed when
    the match has a seed. ``replay_hand(game,
    base, where)`` replays one hand and gives its final state and its result (``None``
    for an unfinished hand, which only the last hand may be); ``apply`` scores a result
    into the match; ``over_text(m)`` says who won a match that is over. Errors are
    :class:`Problem` values with the game's number and JSON path.
    """
    m = start
    states = []
    count = len(games)
    for number, game in enumerate(games, 1):
        base: JSONPath = ("games", number - 1)
        where = f"game {number}: "
        if m.is_over:
            fail(base, f"{where}the match was already over ({over_text(m)})")
        if deal[0](m) != deal[1](game):
            fail(base, f"{where}{deal_error(m, game)}")
        if m.seed is not None and game.seed != m.hand_seed:
            fail(
                (*base, "seed"),
                f"{where}seed: expected {quote(m.hand_seed)}, not {quote(game.seed)}",
            )
        state, result = replay_hand(game, base, where)
        states.append(state)
        if result is None:
            if number != count:
                fail(base, f"{where}unfinished, but more hands follow")
            break
        try:
            m = apply(m, result)
        except MatchError as exc:  # pragma: no cover - the replay checked the result
            fail(base, f"{where}{exc}")
    return tuple(states), m


def load_either(text: object, match_kind: str, single: Any, match: Any) -> Any:
    """The record in JSON ``text``: of class ``match`` if its kind is ``match_kind``.

    Else of class ``single`` (a hand's); errors start with the line and column.
    """
    source = text_of(text)

    def load() -> Any:
        data = parse_json(source)
        kind = data.get("kind") if isinstance(data, Mapping) else None
        return (match if kind == match_kind else single)._read(data)

    return public(load, source)


def hand_states(
    record: Any,
    where: str,
    *,
    shuffle: Callable[[Any, Any], list[Any]],
    deal: Callable[[Any], _S],
    apply: Callable[[_S, str], _S],
    score: Callable[[_S], object],
    is_over: Callable[[_S], bool],
) -> Iterator[_S]:
    """Every state of a recorded hand, each move, the pack and the result checked.

    ``shuffle(rules, seed)`` is the game's pack of a seed, ``deal(record)`` its first
    state, ``apply(state, text)`` a move, ``score`` the result of a finished state.
    Errors are :class:`RecordError` values that start with ``where``.
    """
    if record.seed is not None and list(record.pack) != shuffle(record.rules, record.seed):
        raise RecordError(f"{where}pack: it is not the shuffle of seed {record.seed!r}")
    try:
        state = deal(record)
    except DealError as exc:
        raise RecordError(f"{where}{exc}") from None
    yield state
    for n, text in enumerate(record.moves, 1):
        try:
            state = apply(state, text)
        except (IllegalMoveError, ParseError) as exc:
            raise RecordError(f"{where}move {n} ({text}): {exc}") from None
        yield state
    expected = score(state) if is_over(state) else None
    if record.result != expected:
        raise RecordError(
            f"{where}result: the record says {record.result}, the replay gives {expected}"
        )


def pack_order(pack: object, shuffled: Callable[[], list[Any]], size: int) -> Any:
    """The pack a record is dealt from: ``shuffled()`` without ``pack``, else ``pack``.

    An iterator is read once (at most ``size + 1`` cards); a str, a sequence or a value
    that is no pack at all is given back as it is, for the deal to check and name.
    """
    if pack is None:
        return shuffled()
    if isinstance(pack, str | Sequence) or not isinstance(pack, Iterable):
        return pack
    return tuple(itertools.islice(pack, size + 1))


def pack_cards(order: Any) -> tuple[Card, ...]:
    """The cards of a pack :func:`pack_order` gave, once the deal has checked it."""
    items = order.split() if isinstance(order, str) else order
    return tuple(Card.parse(c) if isinstance(c, str) else c for c in items)


def seat_deal_check(m: Any) -> tuple[int, tuple[int, ...]]:
    """What a hand of a match of dealer and scores must agree on (for :func:`replay_match`)."""
    return (m.dealer, m.scores)


def seat_deal_error(m: Any, g: Any) -> str:
    """The error of a hand dealt by the wrong seat or at the wrong scores."""
    return (
        f"dealt by seat {g.dealer} at {g.scores}, but the match had "
        f"seat {m.dealer} to deal at {m.scores}"
    )
