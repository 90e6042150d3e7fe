"""A tournament game's outcome is its seating and what happened (one declaration of both)."""

from __future__ import annotations

import inspect

from sixtysix.tournament import GameOutcome, Seating, results, schedule


def test_outcome_starts_with_the_seating_fields_in_the_same_order() -> None:
    assert list(inspect.signature(Seating).parameters) == ["seats", "dealer"]
    assert list(inspect.signature(GameOutcome).parameters) == [
        "seats",
        "dealer",
        "hands",
        "scores",
        "winner",
        "forfeit",
        "seconds",
        "decisions",
    ]
    outcome = GameOutcome((1, 0), 1, (), None, None, None, (0.0, 0.0), (0, 0))
    assert isinstance(outcome, Seating)
    assert outcome != Seating((1, 0), 1)
    assert repr(outcome).startswith("GameOutcome(seats=(1, 0), dealer=1, hands=()")
    assert schedule.Seating is results.Seating
