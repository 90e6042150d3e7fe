"""Shared helpers of the search bots (not public API)."""

from __future__ import annotations

from ..observe import PlayerView
from ..rules import CloserBeaten


def all_known(view: PlayerView) -> bool:
    """Whether the view pins down every card that can still matter.

    True when the opponent's hand is forced (the unseen cards they may hold are exactly
    as many as they hold unseen) and no hidden card can still be drawn (the talon is
    exhausted, or closed: a closed talon is never drawn, and its turn-up is known).
    """
    hidden_in_hand = view.opponent_hand_size - view.opponent_known_mask.bit_count()
    possible = view.unseen_mask & ~view.opponent_excluded_mask
    if possible.bit_count() != hidden_in_hand:
        return False
    return view.talon_size <= 1 or view.closed_by >= 0


def claim_dominates(view: PlayerView) -> bool:
    """Whether claiming now is worth at least as much as any continuation.

    With 66 or more, a claim scores on the opponent's tricks and points, which only
    grow; the one exception is the closer's opponent under ``CloserBeaten.FLAT_TWO``,
    for whom letting the close fail may be worth 3.
    """
    seat = view.seat
    if view.card_points[seat] + view.marriages[seat] < 66:
        return False
    return not (
        view.rules.closer_beaten is CloserBeaten.FLAT_TWO
        and view.closed_by >= 0
        and view.closed_by != seat
    )
