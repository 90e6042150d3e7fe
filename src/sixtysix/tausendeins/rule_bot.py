""":class:`TausendeinsRuleBot`: a Tausendeins player built from rules of thumb, no search."""

from __future__ import annotations

import random

import attrs

from ..cards import CARDS
from ..errors import SixtySixError
from ..moves import Marry, Play
from .engine import cap, legal_moves
from .moves import Bid, Contract, Discard, TausendeinsMove
from .rules import SUIT_VALUES
from .views import TausendeinsView

__all__ = ["TausendeinsRuleBot"]

_POINTS = tuple(c.points for c in CARDS)
_SUIT = tuple(0x3F << (8 * s) for s in range(4))
_PAIR = tuple((1 << (8 * s + 2)) | (1 << (8 * s + 3)) for s in range(4))


def _pairs(hand: int) -> int:
    """The K and Q of every marriage in ``hand``."""
    out = 0
    for pair in _PAIR:
        if hand & pair == pair:
            out |= pair
    return out


def _estimate(hand: int) -> int:
    """A rough guess of the deal points a 12-card hand makes as declarer (rules §12.7)."""
    total = 20  # low cards and the odd trick
    for s in range(4):
        suit = hand & _SUIT[s]
        ace, ten = 1 << (8 * s), 1 << (8 * s + 1)
        if suit & ace:
            total += 16
            if suit & ten:
                total += 14
        elif suit & ten and (suit & ~ten).bit_count() >= 2:
            total += 6
        if hand & _PAIR[s] == _PAIR[s]:
            total += SUIT_VALUES[s]
    return total


def _cheapest(cards: list[int], keep: int) -> int:
    """The cheapest card, sparing the cards of ``keep`` (marriage pairs) when possible."""
    return min(cards, key=lambda c: (bool(keep >> c & 1), _POINTS[c], -(c & 7)))


@attrs.frozen
class TausendeinsRuleBot:
    """Plays Tausendeins by rules of thumb over what its view knows, with no search.

    * Auction: it bids the next bid while a rough estimate of its hand (aces, guarded
      tens, marriages held) covers it, else passes; it takes a talon at random, lays
      away unguarded tens and loose cards (never a marriage card while it has others),
      and names the bid as its contract unless its kept hand is worth more.
    * Leading: it declares its most valuable marriage and leads the queen; otherwise it
      leads the best card still out of a suit (in strict tricks) or a cheap card (while
      the follower is free), sparing marriage pairs.
    * Following: it wins as cheaply as it can when the trick holds 10 points or more (or
      when winning costs nothing), otherwise it plays its cheapest card.
    """

    def choose(self, view: TausendeinsView, rng: random.Random) -> TausendeinsMove:
        """The move for ``view`` (its seat must be to move).

        Raises:
            SixtySixError: the view's seat is not to move.
        """
        if type(view) is not TausendeinsView or view.to_move != view.seat:
            raise SixtySixError("the rule bot needs the view of the seat to move")
        moves = legal_moves(view)
        phase = view.phase
        if phase == 0:
            nxt = [m for m in moves if isinstance(m, Bid)]
            if nxt and _estimate(view.hand) >= nxt[0].points + 10:
                return nxt[0]
            return moves[0]
        if phase == 1:
            return rng.choice(moves)
        if phase == 2:
            return self._discard(view, moves)
        if phase == 3:
            worth = min(_estimate(view.hand) - 20, cap(view.rules, view.hand))
            fit = [m for m in moves if isinstance(m, Contract) and m.points <= worth]
            return fit[-1] if fit else moves[0]
        if view.lead < 0:
            return self._lead(view, moves)
        return self._follow(view, moves)

    def _discard(self, view: TausendeinsView, moves: tuple[TausendeinsMove, ...]) -> Discard:
        hand = view.hand
        keep = _pairs(hand)

        def badness(card: int) -> tuple[int, int]:
            bit = 1 << card
            suit = hand & _SUIT[card >> 3]
            if bit & keep:
                return (3, 0)
            if card & 7 == 1 and not suit & (bit >> 1):  # a ten without its ace
                return (0, -_POINTS[card])
            if card & 7 == 0:
                return (2, 0)  # keep aces
            return (1, _POINTS[card] + 8 * (suit.bit_count() - 1))

        discards = [m for m in moves if isinstance(m, Discard)]
        return min(discards, key=lambda m: badness(m.card.index))

    def _lead(self, view: TausendeinsView, moves: tuple[TausendeinsMove, ...]) -> TausendeinsMove:
        marriages = [m for m in moves if isinstance(m, Marry)]
        if marriages:
            return max(marriages, key=lambda m: SUIT_VALUES[m.suit])
        plays = [m.card.index for m in moves if isinstance(m, Play)]
        if view.pending >= 0:
            return next(m for m in moves if isinstance(m, Play) and m.card.index & 7 == 3)
        keep = _pairs(view.hand)
        strict = (
            not view.stock_size
            or view.rules.stock_play.name == "STRICT"
            or view.rules.bidding.name == "AUCTION"
        )
        if strict:
            gone = view.hand
            for c in view.played:
                gone |= 1 << c
            tops = [c for c in plays if not (_SUIT[c >> 3] & ((1 << c) - 1)) & ~gone]
            tops = [c for c in tops if not keep >> c & 1]
            if tops:
                trumps = [c for c in tops if c >> 3 == view.trump]
                return _play_of(moves, max(trumps or tops, key=lambda c: _POINTS[c]))
        return _play_of(moves, _cheapest(plays, keep))

    def _follow(
        self, view: TausendeinsView, moves: tuple[TausendeinsMove, ...]
    ) -> TausendeinsMove:
        lead = view.lead
        plays = [m.card.index for m in moves if isinstance(m, Play)]
        keep = _pairs(view.hand)

        def wins(card: int) -> bool:
            if card >> 3 == lead >> 3:
                return card < lead
            return card >> 3 == view.trump

        winners = [c for c in plays if wins(c)]
        cheap = _cheapest(plays, keep)
        if winners:
            best = _cheapest(winners, keep)
            if _POINTS[lead] >= 10 or _POINTS[best] <= _POINTS[cheap]:
                return _play_of(moves, best)
        return _play_of(moves, cheap)


def _play_of(moves: tuple[TausendeinsMove, ...], card: int) -> TausendeinsMove:
    return next(m for m in moves if isinstance(m, Play) and m.card.index == card)
