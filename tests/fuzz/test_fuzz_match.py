"""Fuzz targets of matches and hand results: Match, new_match, next_hand, apply_result,
HandResult; every accepted value must work and round-trip."""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

import sixtysix as ss
from sixtysix import HandEnd, HandResult, Match, MatchError, ResultError
from sixtysix.errors import quote
from sixtysix.records import _result_from_dict, _result_to_dict

from .support import ANY, INTS, fuzz, outcome

SMALL = st.integers(-3, 300)
RULES = st.sampled_from(list(ss.PRESETS.values()))
POINTS = st.tuples(SMALL, SMALL) | ANY
RESULT_FIELDS = st.tuples(
    st.none() | SMALL | INTS | ANY,
    SMALL | INTS | ANY,
    st.integers(-1, 3) | INTS | ANY,
    POINTS,
    st.sampled_from(list(HandEnd)) | ANY,
)


def check_result(result: HandResult) -> None:
    """An accepted result is a value that works everywhere a result goes."""
    assert attrs.evolve(result) == result
    assert quote(result) and repr(result)
    assert _result_from_dict(_result_to_dict(result), (), "") == result
    for rules in ss.PRESETS.values():
        for seats in (2, 3):
            m = outcome(ss.apply_result, ss.new_match(rules, seats, seed=1), result)
            assert isinstance(m, Match | MatchError)
            if isinstance(m, Match):
                check_match(m)


def check_match(m: Match) -> None:
    """An accepted match works: repr, evolve, dealing, seats, results."""
    assert attrs.evolve(m) == m
    assert repr(m) and quote(m)
    assert m.winner is None or m.scores[m.winner] >= m.rules.match_target
    for seat in range(m.seats):
        assert m.hand_seat(seat) in (0, 1, None)
    state = outcome(ss.next_hand, m)
    if isinstance(state, ss.SixtySixError):
        assert isinstance(state, MatchError) and (m.is_over or m.seed is None)
    else:
        assert not m.is_over and state.dealer == m.hand_dealer


@fuzz
@given(fields=RESULT_FIELDS)
def test_hand_result_built_by_hand(fields: tuple[Any, ...]) -> None:
    result = outcome(HandResult, *fields)
    if isinstance(result, ss.SixtySixError):
        assert type(result) is ResultError
        return
    check_result(result)


@fuzz
@given(
    rules=RULES | ANY,
    seats=st.integers(-1, 4) | INTS | ANY,
    seed=st.none() | INTS | st.text(max_size=10) | ANY,
    dealer=st.integers(-1, 3) | INTS | ANY,
)
def test_new_match(rules: Any, seats: Any, seed: Any, dealer: Any) -> None:
    m = outcome(ss.new_match, rules, seats, seed, dealer=dealer)
    if isinstance(m, ss.SixtySixError):
        assert type(m) is MatchError
        return
    check_match(m)


@fuzz
@given(
    rules=RULES | ANY,
    seats=st.integers(1, 4) | ANY,
    seed=st.none() | INTS | st.text(max_size=10) | ANY,
    scores=st.tuples(SMALL, SMALL) | st.tuples(SMALL, SMALL, SMALL) | ANY,
    dealer=st.integers(-1, 3) | ANY,
    carry=st.integers(-1, 5) | INTS | ANY,
    hand_number=st.integers(-1, 5) | INTS | ANY,
)
def test_match_built_by_hand(
    rules: Any, seats: Any, seed: Any, scores: Any, dealer: Any, carry: Any, hand_number: Any
) -> None:
    m = outcome(
        Match,
        rules=rules,
        seats=seats,
        seed=seed,
        scores=scores,
        dealer=dealer,
        carry=carry,
        hand_number=hand_number,
    )
    if isinstance(m, ss.SixtySixError):
        assert type(m) is MatchError
        return
    check_match(m)


@fuzz
@given(m=ANY, result=ANY)
def test_apply_result_and_next_hand_on_anything(m: Any, result: Any) -> None:
    assert isinstance(outcome(ss.apply_result, m, result), MatchError)
    assert isinstance(outcome(ss.next_hand, m), MatchError)
    real = ss.new_match(ss.CLASSIC_66, seed=1)
    assert isinstance(outcome(ss.apply_result, real, result), Match | MatchError)
    assert isinstance(outcome(real.hand_seat, m), int | None | MatchError)
