""":class:`PartnershipRuleBot`: a four-hand player built from rules of thumb, no search."""

from __future__ import annotations

import random

import attrs

from ..errors import SixtySixError
from ..moves import PLAY, Play
from ._bits import POINTS, SUIT_MASK, beats, iter_mask
from .engine import playable_mask
from .views import PartnershipView

__all__ = ["PartnershipRuleBot"]


def _top(mask: int) -> int:
    """The highest card of ``mask`` in its suit order (the lowest index)."""
    return (mask & -mask).bit_length() - 1


def _cheapest(mask: int) -> int:
    """The card of ``mask`` with the fewest points, the lowest rank among equals."""
    return min(iter_mask(mask), key=lambda c: (POINTS[c], -(c & 7)))


@attrs.frozen
class PartnershipRuleBot:
    """Plays by rules of thumb over what its view knows, with no search.

    * Leading: the best card still out of a side suit (an ace, or a ten once the ace is
      gone) unless an opponent is known to be void there and may trump; else its top
      trump when that is the best trump out (and it has two); else a low card of a suit
      its partner is known to ruff, or of its longest side suit.
    * Following, partner winning: it adds its richest non-trump card when it plays last
      or when the last seat cannot beat the partner's card (by what the view excludes);
      otherwise it plays cheap.
    * Following, opponents winning: the last to play wins as cheaply as it can; an
      earlier seat wins with the best card of the suit if it is the best one out, else
      as cheaply as it can; if it cannot win, it plays cheap.

    Against :class:`~sixtysix.bots.RandomBot` partners it wins about 1.5 to 1.8 times as
    many game points (``python benchmarks/bench_four_hand.py --strength 300``).
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
            if last or self._safe(view, best, trump_mask):
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
            return PLAY[
                _top(side) if side and self._boss(view, _top(side)) else _cheapest(winners)
            ]
        return PLAY[_cheapest(allowed)]

    @staticmethod
    def _boss(view: PartnershipView, card: int) -> bool:
        """Whether no card of ``card``'s suit higher than it is still out."""
        out = view.rules.deck.mask & ~view.hand_mask
        for i in view.played:
            out &= ~(1 << i)
        return not (out & SUIT_MASK[card >> 3] & ((1 << card) - 1))

    @staticmethod
    def _safe(view: PartnershipView, best: int, trump_mask: int) -> bool:
        """Whether the partner's winning card cannot be beaten by the last seat to play."""
        out = view.rules.deck.mask & ~view.hand_mask
        for i in view.played:
            out &= ~(1 << i)
        last = (view.leader + 3) & 3
        suit_mask = SUIT_MASK[best >> 3]
        can = out & ~view.excluded[last]
        if can & suit_mask & ((1 << best) - 1):
            return False  # it may hold a higher card of that suit
        if best >> 3 == view.trump:
            return True
        # It can trump only when void in the suit led.
        led_mask = SUIT_MASK[view.trick[0] >> 3]
        return not (can & trump_mask) or bool(can & led_mask)

    @staticmethod
    def _lead(view: PartnershipView, hand: int, trump_mask: int) -> int:
        trump = view.trump
        out = view.rules.deck.mask & ~hand  # cards still out: not ours, not played
        for i in view.played:
            out &= ~(1 << i)
        excluded = view.excluded
        opponents = ((view.seat + 1) & 3, (view.seat + 3) & 3)
        partner = view.partner

        def ruffed_by(seat: int, suit: int) -> bool:
            """Whether ``seat`` is known void in ``suit`` and may still hold a trump."""
            void = excluded[seat] & SUIT_MASK[suit] & out == SUIT_MASK[suit] & out
            return void and bool(out & trump_mask & ~excluded[seat])

        # A boss card of a side suit that no opponent is known to ruff.
        for suit in range(4):
            mine = hand & SUIT_MASK[suit]
            if suit == trump or not mine:
                continue
            top = _top(mine)
            rest = out & SUIT_MASK[suit]
            if (not rest or _top(rest) > top) and not any(ruffed_by(o, suit) for o in opponents):
                return top
        trumps = hand & trump_mask
        if trumps:
            rest = out & trump_mask
            top = _top(trumps)
            if not rest or (_top(rest) > top and trumps.bit_count() >= 2):
                return top
        side = hand & ~trump_mask
        if side:
            # A low card of a suit the partner can ruff, else of the longest side suit.
            for suit in range(4):
                mine = side & SUIT_MASK[suit]
                if (
                    mine
                    and ruffed_by(partner, suit)
                    and not any(ruffed_by(o, suit) for o in opponents)
                ):
                    return _cheapest(mine)
            longest = max(range(4), key=lambda t: (side & SUIT_MASK[t]).bit_count())
            return _cheapest(side & SUIT_MASK[longest])
        return _cheapest(hand)
