"""Fuzz targets of play_hand and play_match: bad players, seeds, dealers, seat counts."""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

import sixtysix as ss
from sixtysix.records import replay

from .support import ANY, INTS, fuzz, outcome


def first(state: ss.HandState, seat: int) -> ss.Move:
    return ss.legal_moves(state)[0]


class Returns:
    """A chooser that answers with a fixed value (a move, text, or nonsense)."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def __call__(self, state: ss.HandState, seat: int) -> Any:
        return self.answer


#: One-hand matches (a target of 1 game point), so that a match is quick.
SHORT = attrs.evolve(ss.SCHNAPSEN, match_target=1)
PLAYERS = st.sampled_from([first, ss.RandomBot(), ss.RuleBot()]) | ANY | ANY.map(Returns)


@fuzz
@given(
    rules=st.sampled_from(list(ss.PRESETS.values())) | ANY,
    players=st.tuples(PLAYERS, PLAYERS),
    seed=st.none() | INTS | st.text(max_size=10) | ANY,
    dealer=st.integers(-1, 2) | INTS | ANY,
)
def test_play_hand(rules: Any, players: tuple[Any, Any], seed: Any, dealer: Any) -> None:
    record = outcome(ss.play_hand, rules, *players, seed=seed, dealer=dealer)
    if not isinstance(record, ss.SixtySixError):
        assert replay(record).is_over


@fuzz
@given(
    players=st.tuples(PLAYERS, PLAYERS) | st.tuples(PLAYERS, PLAYERS, PLAYERS),
    seed=st.none() | INTS | ANY,
    seats=st.none() | st.integers(1, 4) | INTS | ANY,
    dealer=st.integers(-1, 3) | ANY,
)
def test_play_match(players: tuple[Any, ...], seed: Any, seats: Any, dealer: Any) -> None:
    record = outcome(ss.play_match, SHORT, *players, seed=seed, seats=seats, dealer=dealer)
    if not isinstance(record, ss.SixtySixError):
        _, m = replay(record)
        assert m.is_over and record.winner == m.winner
