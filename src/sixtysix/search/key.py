"""The position key: a hashable value equal for positions whose futures are the same.

:func:`position_key` keeps exactly the facts of a :class:`~sixtysix.HandState` that can
still decide what happens next: the rules, trump, whose step it is, both hands, the talon
(its order while it is open; once closed only what a closed-talon exchange can use), the
card led, points (card points, counted and pending marriages), whether each seat has won a
trick, the turn's marriage and close flags, and the facts of the close snapshot that can
still be scored. It drops the history: the order in which cards were played, which
cards each trick held, the dealer, the exchange and marriage records.

>>> from sixtysix import CLASSIC_66, new_hand, apply_move, legal_moves
>>> state = new_hand(CLASSIC_66, seed=4)
>>> key = position_key(state)
>>> hash(key) == hash(position_key(state)) and key != position_key(
...     apply_move(state, legal_moves(state)[-1]))
True
"""

from __future__ import annotations

from typing import Any

from ..rules import ClosedWinBasis, ExchangeWhenClosed
from ..state import HandState

__all__ = ["position_key"]

_NEVER = ExchangeWhenClosed.NEVER
_AT_CLOSE_OPPONENT = ExchangeWhenClosed.AT_CLOSE_OPPONENT
_AT_CLOSE = ClosedWinBasis.AT_CLOSE


def position_key(state: HandState) -> tuple[Any, ...]:
    """A hashable key, equal for two states with the same future (cheap: about 1 µs).

    Two states get equal keys exactly when every continuation is legal in both and ends
    with the same score: same rules and trump, same hands and talon, same step, leader
    and card led, same points, same closing facts; the order in which past cards were
    played does not matter. Use it to key search tables (a ``HandState`` itself compares
    its whole history, so transpositions never meet).

    >>> from sixtysix import SCHNAPSEN, deal_from_order, apply_move
    >>> pack = "AH TH KH QH JH AS TS KS QS JS AD TD KD QD JD AC TC KC QC JC".split()
    >>> a = deal_from_order(SCHNAPSEN, pack, dealer=0)
    >>> b = deal_from_order(SCHNAPSEN, pack, dealer=1)
    >>> position_key(a) == position_key(b)   # only the dealer differs... and the leader
    False
    """
    rules = state.rules
    talon = state.talon
    closed = state.closed_by
    snap = state.close_snapshot
    if closed >= 0:
        ewc = rules.exchange_when_closed
        if ewc is _NEVER or not talon:
            talon_key: Any = None
        else:
            talon_key = (len(talon) >= rules.exchange_min_talon, talon[-1])
        assert snap is not None
        if ewc is _AT_CLOSE_OPPONENT:
            window = snap.tricks_played == (state.won[0] | state.won[1]).bit_count() >> 1
        else:
            window = False
        if rules.closed_win_basis is _AT_CLOSE:
            snap_key: Any = (
                window,
                snap.opponent_tricks > 0,
                snap.opponent_card_points,
                snap.opponent_marriages,
            )
        else:
            snap_key = (window, snap.opponent_tricks > 0)
    else:
        talon_key = talon
        snap_key = None
    won = state.won
    return (
        rules,
        state.trump,
        state.step,
        state.leader,
        state.lead,
        state.hands,
        talon_key,
        closed,
        snap_key,
        state.card_points,
        state.marriages,
        state.pending,
        won[0] != 0,
        won[1] != 0,
        state.turn_marriage,
        state.turn_steps,
    )
