"""Numbers for learning agents: the observation vector of a Tausendeins view.

>>> from sixtysix import tausendeins as t1
>>> from sixtysix.tausendeins.encoding import OBSERVATION_SIZE, encode_tausendeins_view
>>> view = t1.observe(t1.new_hand(t1.TAUSENDEINS, seed=2), 1)
>>> len(encode_tausendeins_view(view)) == OBSERVATION_SIZE == 293
True
"""

from __future__ import annotations

from ..errors import PositionError, quote
from .views import TausendeinsView

__all__ = ["OBSERVATION_SIZE", "encode_tausendeins_view"]

#: The length of :func:`encode_tausendeins_view`'s vectors.
OBSERVATION_SIZE = 8 * 32 + 4 + 4 + 6 + 2 + 5 + 2 + 2 + 2 + 2 + 8


def _block(out: list[float], mask: int) -> None:
    out.extend(float(mask >> i & 1) for i in range(32))


def _one_hot(out: list[float], index: int, size: int) -> None:
    out.extend(1.0 if i == index else 0.0 for i in range(size))


def encode_tausendeins_view(view: TausendeinsView) -> list[float]:
    """The observation vector of a Tausendeins view: 293 floats, from the view alone.

    Card blocks have 32 entries, one per card index (8 per suit, clubs first; the
    ranks below the nine stay 0): my hand, the cards I won, the opponent won, the card
    led, the talon shown, the cards known in the opponent's hand, the cards it cannot
    hold, my discards. Then trump and a pending marriage's suit (one-hot, zeros if
    none), the phase (one-hot, 6), my seat (2), flags (I am to move, I lead, I deal, I
    declare, the opponent declares), the stock and the opponent's hand sizes (/ 24),
    card points (/ 120), tricks (/ tricks in a deal), bid and contract (/ 300), and
    each seat's marriages by suit (mine, then the opponent's).

    Raises:
        PositionError: ``view`` is not a :class:`~sixtysix.tausendeins.TausendeinsView`.
    """
    if type(view) is not TausendeinsView:
        raise PositionError(f"not a Tausendeins view: {quote(view)}")
    me = view.seat
    other = 1 - me
    lead_mask = 0 if view.lead < 0 else 1 << view.lead
    out: list[float] = []
    for mask in (view.hand, view.won[me], view.won[other], lead_mask, view.shown):
        _block(out, mask)
    for mask in (view.known, view.excluded, view.discards):
        _block(out, mask)
    _one_hot(out, view.trump, 4)
    _one_hot(out, view.pending, 4)
    _one_hot(out, view.phase, 6)
    _one_hot(out, me, 2)
    out.extend(
        float(flag)
        for flag in (
            view.to_move == me,
            view.leader == me,
            view.dealer == me,
            view.declarer == me,
            view.declarer == other,
        )
    )
    tricks = view.rules.tricks
    out.extend((view.stock_size / 24, view.opponent_count / 24))
    out.extend((view.card_points[me] / 120, view.card_points[other] / 120))
    out.extend((view.tricks_won[me] / tricks, view.tricks_won[other] / tricks))
    out.extend((view.bid / 300, view.contract / 300))
    for seat in (me, other):
        suits = {m.suit for m in view.marriages if m.seat == seat}
        out.extend(1.0 if s in suits else 0.0 for s in range(4))
    return out
