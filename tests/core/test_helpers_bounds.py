"""The random-play loop of tests/helpers.py is bounded and fails with a clear message."""

from __future__ import annotations

import pytest
from tests.helpers import ALL_RULES, MAX_HAND_MOVES, random_play

import sixtysix as ss


def test_random_play_ends_well_within_the_bound() -> None:
    longest = max(
        len(list(random_play(rules, seed, no_close=True))) - 1
        for rules in ALL_RULES
        for seed in range(5)
    )
    assert 0 < longest < MAX_HAND_MOVES // 2


def test_random_play_fails_clearly_when_a_move_makes_no_progress(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # An engine regression: the move is accepted but the state never changes.
    monkeypatch.setattr(ss, "apply_move", lambda state, move: state)
    states = random_play(ss.CLASSIC_66, 3, max_moves=25)
    with pytest.raises(AssertionError, match=r"seed=3, no_close=False\): the hand is not over"):
        for _ in states:
            pass
    with pytest.raises(AssertionError, match="after 25 moves under CLASSIC_66"):
        list(random_play(ss.CLASSIC_66, 3, max_moves=25))
