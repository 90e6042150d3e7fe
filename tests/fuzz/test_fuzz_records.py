"""Fuzz targets of the records: load_record, from_json/from_dict, the record values, replay."""

from __future__ import annotations

import json
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

import sixtysix as ss
from sixtysix.play import play_hand, play_match
from sixtysix.records import GameRecord, MatchRecord, RecordError, load_record, replay

from .support import ANY, INTS, TEXT, fuzz, outcome


def _first(state: ss.HandState, seat: int) -> ss.Move:
    return ss.legal_moves(state)[0]


GAME = play_hand(ss.CLASSIC_66, _first, _first, seed=4)
MATCH = play_match(ss.SCHNAPSEN, _first, _first, seed=4)
TEXTS = [GAME.to_json(), MATCH.to_json(indent=1)]


def check_loaded(text: str | bytes) -> None:
    """Loaded: only RecordError; a record read is a valid one that round-trips."""
    record = outcome(load_record, text)
    if isinstance(record, ss.SixtySixError):
        assert type(record) is RecordError
        return
    assert isinstance(record, GameRecord | MatchRecord)
    assert load_record(record.to_json()) == record
    replay(record)


@fuzz
@given(text=TEXT | st.text())
def test_any_text(text: str) -> None:
    check_loaded(text)


@fuzz
@given(data=st.binary(max_size=200))
def test_any_bytes(data: bytes) -> None:
    check_loaded(data)


@fuzz
@given(
    which=st.sampled_from(TEXTS),
    edits=st.lists(
        st.tuples(st.integers(0, 10**6), st.integers(0, 3), st.sampled_from('{}[]",:0119 -aeE\\')),
        min_size=1,
        max_size=5,
    ),
)
def test_damaged_records(which: str, edits: list[tuple[int, int, str]]) -> None:
    text = which
    for position, kind, char in edits:
        at = position % (len(text) + 1)
        if kind == 0:
            text = text[:at] + text[at + 1 :]
        elif kind == 1:
            text = text[:at] + char + text[at:]
        elif kind == 2:
            text = text[:at] + char + text[at + 1 :]
        else:
            text = text[:at]
    check_loaded(text)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value in a JSON document."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


DOCS = [json.loads(t) for t in TEXTS]
PATHS = [(k, p) for k, doc in enumerate(DOCS) for p in _paths(doc)]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([99, -99, 100]).map(lambda d: 10 ** abs(d) * (1 if d > 0 else -1))
    | st.floats()
    | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=6,
)


@fuzz
@given(where=st.sampled_from(PATHS), value=JSON_VALUES, delete=st.booleans())
def test_any_value_in_any_field(
    where: tuple[int, tuple[Any, ...]], value: Any, delete: bool
) -> None:
    doc = json.loads(TEXTS[where[0]])
    *parents, last = where[1]
    target = doc
    for key in parents:
        target = target[key]
    if delete and isinstance(target, dict):
        del target[last]
    else:
        target[last] = value
    text = json.dumps(doc, indent=1)
    check_loaded(text)
    for cls in (GameRecord, MatchRecord):
        result = outcome(cls.from_dict, doc)
        assert not isinstance(result, ss.SixtySixError) or type(result) is RecordError


@fuzz
@given(data=ANY)
def test_from_dict_of_anything(data: Any) -> None:
    for cls in (GameRecord, MatchRecord):
        result = outcome(cls.from_dict, data)
        assert isinstance(result, RecordError | cls)
    outcome(replay, data)


GAME_FIELDS = [f.name for f in attrs.fields(GameRecord)]
MATCH_FIELDS = [f.name for f in attrs.fields(MatchRecord)]


@fuzz
@given(field=st.sampled_from(GAME_FIELDS), value=ANY | INTS)
def test_game_record_built_by_hand(field: str, value: Any) -> None:
    record = outcome(attrs.evolve, GAME, **{field: value})
    if isinstance(record, ss.SixtySixError):
        assert type(record) is RecordError
        return
    assert GameRecord.from_json(record.to_json()) == record
    outcome(replay, record)
    outcome(lambda: list(ss.replay_states(record)))


@fuzz
@given(field=st.sampled_from(MATCH_FIELDS), value=ANY | INTS)
def test_match_record_built_by_hand(field: str, value: Any) -> None:
    record = outcome(attrs.evolve, MATCH, **{field: value})
    if isinstance(record, ss.SixtySixError):
        assert type(record) is RecordError
        return
    assert MatchRecord.from_json(record.to_json()) == record
    outcome(replay, record)
