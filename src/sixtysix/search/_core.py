"""A position as plain ints and tuples: the native solver's input layout (not public API).

:func:`args_of` gives the facts of a :class:`~sixtysix.HandState` that can still decide
the future, in this order (what ``sixtysix_native._solver`` reads; docs/native_solver.md)::

    st   step: 0 lead, 1 follow, 2 decide (the trick winner's draw/close/claim)
    L    the leader's seat (the trick winner at a decision)
    ld   the card led to the current trick, or -1
    h0   seat 0's hand (bitmask)     h1   seat 1's hand
    tal  the talon in drawing order, turn-up last (a tuple of card indices)
    cl   the seat that closed, or -1
    sn   the normalised close snapshot (see :func:`norm_snapshot`), or None
    c0   card points of seat 0       c1   of seat 1
    m0   counted marriages of seat 0 m1   of seat 1
    p0   pending marriages of seat 0 p1   of seat 1
    w0   1 if seat 0 has won a trick w1   the same for seat 1
    tm   the marriage suit declared in this leading turn, or -1
    tc   1 if the leader closed during this leading turn, else 0

The pure-Python search (:mod:`._alphabeta`) does not use this layout; it shares
:func:`norm_snapshot`, to key the values of closed hands (:func:`._scores.closing_of`).
"""

from __future__ import annotations

from ..rules import ClosedWinBasis, ExchangeWhenClosed, Rules
from ..state import CloseSnapshot, HandState

__all__ = ["NativeArgs", "args_of", "norm_snapshot"]

#: The position tuple of :func:`args_of`.
NativeArgs = tuple[
    int,
    int,
    int,
    int,
    int,
    tuple[int, ...],
    int,
    tuple[int, int, int, int] | None,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
]


def norm_snapshot(rules: Rules, snap: CloseSnapshot | None) -> tuple[int, int, int, int] | None:
    """The facts of a close snapshot that can still decide the future, as a tuple.

    ``(tricks_played, opponent had a trick, opponent card points, opponent marriages)``,
    with the trick count kept only where the closed-talon exchange window depends on it
    (``AT_CLOSE_OPPONENT``) and the opponent's points only where the closer's win is
    scored on them (``closed_win_basis`` ``AT_CLOSE``).
    """
    if snap is None:
        return None
    tp = (
        snap.tricks_played
        if rules.exchange_when_closed is ExchangeWhenClosed.AT_CLOSE_OPPONENT
        else 0
    )
    if rules.closed_win_basis is ClosedWinBasis.AT_CLOSE:
        return (
            tp,
            min(snap.opponent_tricks, 1),
            snap.opponent_card_points,
            snap.opponent_marriages,
        )
    return (tp, min(snap.opponent_tricks, 1), 0, 0)


def args_of(state: HandState) -> NativeArgs:
    """The private position of ``state`` (see the module docstring), without alpha/beta."""
    w0, w1 = state.won
    c0, c1 = state.card_points
    m0, m1 = state.marriages
    p0, p1 = state.pending
    return (
        int(state.step),
        state.leader,
        state.lead,
        state.hands[0],
        state.hands[1],
        state.talon,
        state.closed_by,
        norm_snapshot(state.rules, state.close_snapshot),
        c0,
        c1,
        m0,
        m1,
        p0,
        p1,
        1 if w0 else 0,
        1 if w1 else 0,
        state.turn_marriage,
        state.turn_steps,
    )
