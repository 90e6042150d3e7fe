""":class:`PartnershipRuleBot`: a four-hand player built from rules of thumb, no search.

>>> import random
>>> from sixtysix import partnership as p4
>>> s = p4.new_hand(p4.FOUR_HAND_66, seed=1)
>>> move = PartnershipRuleBot().choose(p4.observe(s, p4.to_move(s)), random.Random(0))
>>> move in p4.legal_moves(s)
True
"""

from __future__ import annotations

import random

import attrs

from ..errors import SixtySixError
from ..moves import PLAY, Play
from ._bits import POINTS, SUIT_MASK, beats, iter_mask
from .engine import playable_mask
from .observe import PartnershipView

__all__ = ["PartnershipRuleBot"]


def _top(mask: int) -> int:
    """The highest card of ``mask`` in its suit order (the lowest index)."""
    return (mask & -mask).bit_length() - 1


def _cheapest(mask: int) -> int:
    """The card of ``mask`` with the fewest points, the lowest rank among equals."""
    return min(iter_mask(mask), key=lambda c: (POINTS[c], -(c & 7)))


@attrs.frozen
class PartnershipRuleBot:
    """Plays by simple rules; it beats random play by a wide margin.

    * Leading: an ace of a side suit; else the highest trump when it is the best trump
      still out; else the lowest card of its longest side suit.
    * Following, partner winning: the last to play adds its richest non-trump card;
      earlier, it plays cheap.
    * Following, opponents winning: the last to play wins as cheaply as it can, an
      earlier seat wins with its highest winning card; if it cannot win, it plays cheap.
    """

    def choose(self, view: PartnershipView, rng: random.Random) -> Play:
        """The move for ``view`` (the seat to move); ``rng`` breaks no ties here.

        Raises:
            SixtySixError: the view's seat is not to move.
        """
        if view.to_move != view.seat:
            raise SixtySixError(f"seat {view.seat} is not to move, so it has no move to choose")
        allowed = playable_mask(view)
        trump_mask = SUIT_MASK[view.trump]
        trick = view.trick
        if not trick:
            return PLAY[self._lead(view, allowed, trump_mask)]
        best = view.best
        position = len(trick)
        best_seat = (view.leader + trick.index(best)) & 3
        last = position == 3
        if best_seat == view.partner:
            if last:
                side = allowed & ~trump_mask
                pool = side or allowed
                return PLAY[max(iter_mask(pool), key=lambda c: (POINTS[c], c & 7))]
            return PLAY[_cheapest(allowed)]
        winners = 0
        for c in iter_mask(allowed):
            if beats(c, best, view.trump):
                winners |= 1 << c
        if winners:
            if last:
                return PLAY[_cheapest(winners)]
            side = winners & ~trump_mask
            return PLAY[_top(side) if side else _cheapest(winners)]
        return PLAY[_cheapest(allowed)]

    @staticmethod
    def _lead(view: PartnershipView, hand: int, trump_mask: int) -> int:
        for suit in range(4):
            ace = 1 << (suit * 8)
            if suit != view.trump and hand & ace:
                return suit * 8
        trumps = hand & trump_mask
        if trumps:
            out = view.rules.deck.mask & trump_mask & ~view.hand_mask
            for i in view.played:
                out &= ~(1 << i)
            top = _top(trumps)
            if not out or (out & -out) > (1 << top):
                return top
        side = hand & ~trump_mask
        if side:
            longest = max(range(4), key=lambda s: (hand & SUIT_MASK[s] & ~trump_mask).bit_count())
            return _cheapest(hand & SUIT_MASK[longest])
        return _cheapest(hand)
