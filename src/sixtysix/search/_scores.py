"""Values of finished hands, and what each seat can still win, by :func:`~sixtysix.score_hand`.

The search never scores a hand itself: :class:`HandValues` builds the finished hand a
search line reaches (only the fields scoring reads) and asks
:func:`~sixtysix.score_hand`, keeping each answer (not public API).

A value is in game points for seat 0: ``+g`` when seat 0 wins the hand with ``g`` game
points, ``-g`` when it loses, 0 when the hand scores nothing.
"""

from __future__ import annotations

from ..rules import Rules
from ..scoring import score_hand
from ..state import CloseSnapshot, HandState, Step, build_state
from ._core import norm_snapshot

__all__ = [
    "MAX_VALUE",
    "NOT_CLOSED",
    "TARGET",
    "Closing",
    "HandValues",
    "Pair",
    "closing_of",
    "hand_value",
]

#: The points that win a hand (rules §2).
TARGET = 66
#: The most game points a hand scores (rules §6: schwarz), so the largest value.
MAX_VALUE = 3

#: Two numbers, one for each seat.
Pair = tuple[int, int]
#: How a closed talon is scored: ``(closer, tricks_played, opponent_tricks,
#: opponent_card_points, opponent_marriages)`` of the close snapshot, or
#: :data:`NOT_CLOSED`.
Closing = tuple[int, int, int, int, int]
NOT_CLOSED: Closing = (-1, 0, 0, 0, 0)
#: The facts of :meth:`HandValues.final`, in its order.
Ending = tuple[int, bool, Closing, Pair, Pair, tuple[bool, bool]]
#: Entries kept in each cache of values before it is emptied.
VALUE_CACHE_SIZE = 1 << 18
#: A seat's cards won, as a mask: two cards, one trick (scoring reads only whether a
#: seat has won a trick).
_ONE_TRICK = 0b11


def closing_of(state: HandState) -> Closing:
    """The :data:`Closing` of ``state``: the closer, and the snapshot's facts that matter.

    The snapshot as :func:`~sixtysix.search._core.norm_snapshot` keeps it (the facts
    that can still decide the future), so that closes that score alike share values.
    """
    snap = norm_snapshot(state.rules, state.close_snapshot)
    if snap is None:
        return NOT_CLOSED
    return (state.closed_by, *snap)


def hand_value(state: HandState) -> int:
    """The value of the finished ``state`` for seat 0 (its :func:`~sixtysix.score_hand`)."""
    result = score_hand(state)
    if result.winner is None:
        return 0
    return result.game_points if result.winner == 0 else -result.game_points


class HandValues:
    """The values of the hands a search of one rule set can reach (cached)."""

    def __init__(self, rules: Rules, trump: int) -> None:
        """Values under ``rules`` with trump suit ``trump``."""
        self.rules = rules
        self.trump = trump
        self._final: dict[Ending, int] = {}
        self._most: dict[tuple[int, Closing, int, int, bool], int] = {}
        self._snapshots: dict[Closing, CloseSnapshot] = {}

    def final(
        self,
        last: int,
        claimed: bool,
        closing: Closing,
        card_points: Pair,
        marriages: Pair,
        won: tuple[bool, bool],
    ) -> int:
        """The value for seat 0 of a hand that ended with these facts.

        ``last`` is the seat that claimed (``claimed``) or took the last trick.
        """
        key = (last, claimed, closing, card_points, marriages, won)
        value = self._final.get(key)
        if value is None:
            if len(self._final) >= VALUE_CACHE_SIZE:
                self._final.clear()
            value = self._final[key] = hand_value(self._finished(key))
        return value

    def most_won(self, seat: int, closing: Closing, points: int, marriages: int, won: bool) -> int:
        """The most game points ``seat`` can still win, its opponent having these facts.

        ``points``, ``marriages`` and ``won`` are the opponent's card points, counted
        marriages and whether it has won a trick. They only grow as the hand goes on,
        and the game points a winner scores only fall as the loser's do (rules §6), so
        the most ``seat`` can win is what it would win now, by a claim or by the last
        trick, with points enough to win. (The opponent's false claims are left out: it
        need not make them, so they can only lower what ``seat`` gets.)
        """
        key = (seat, closing, points, marriages, won)
        most = self._most.get(key)
        if most is None:
            if len(self._most) >= VALUE_CACHE_SIZE:
                self._most.clear()
            enough = max(TARGET, points + marriages + 1)
            if seat == 0:
                facts = ((enough, points), (0, marriages), (True, won))
            else:
                facts = ((points, enough), (marriages, 0), (won, True))
            by_trick = self.final(seat, False, closing, *facts)
            by_claim = self.final(seat, True, closing, *facts)
            if seat == 1:
                by_trick, by_claim = -by_trick, -by_claim
            most = self._most[key] = by_trick if by_trick > by_claim else by_claim
        return most

    def _finished(self, facts: Ending) -> HandState:
        """A finished hand with the facts of :meth:`final` (its history left empty)."""
        last, claimed, closing, card_points, marriages, won = facts
        closer = closing[0]
        snapshot = self._snapshots.get(closing)
        if snapshot is None and closer >= 0:
            if len(self._snapshots) >= VALUE_CACHE_SIZE:
                self._snapshots.clear()
            snapshot = self._snapshots[closing] = CloseSnapshot(*closing[1:])
        return build_state(
            self.rules,
            0,
            self.trump,
            (1, 0) if claimed else (0, 0),
            (),
            Step.OVER,
            last,
            -1,
            (_ONE_TRICK if won[0] else 0, _ONE_TRICK if won[1] else 0),
            card_points,
            marriages,
            (0, 0),
            0,
            -1,
            0,
            closer,
            snapshot,
            -1,
            (),
            -1,
        )
