"""The :class:`RuleBot`: a sensible player built from rules of thumb, no search."""

from __future__ import annotations

import random

import attrs

from ..cards import HIGHER, POINTS, SUIT_MASK, iter_mask
from ..moves import CLAIM, CLOSE, DRAW, EXCHANGE, PLAY, Amour, Marry, Move
from ..observe import PlayerView
from ..state import Step
from ._base import BotBase

__all__ = ["RuleBot"]

_KING = tuple(1 << (s * 8 + 2) for s in range(4))
_QUEEN = tuple(1 << (s * 8 + 3) for s in range(4))


def _beats(card: int, lead: int, trump: int) -> bool:
    """Whether ``card``, played to the led card ``lead``, wins the trick (rules §1.4)."""
    if card >> 3 == lead >> 3:
        return card < lead
    return card >> 3 == trump


def _top(mask: int) -> int:
    """The highest card of ``mask`` by rank (the lowest index; ace lowest in a suit)."""
    return (mask & -mask).bit_length() - 1


@attrs.frozen
class _Facts:
    """What the rules of thumb look at, computed once per decision."""

    view: PlayerView
    hand: int
    trump: int
    #: Cards not in the bot's hand and not played (opponent's hand or talon).
    out: int
    #: Cards the opponent may hold (a superset of their hand; exact once the talon is gone).
    opp_may: int
    exact: bool
    exchange_card: int

    @classmethod
    def of(cls, view: PlayerView) -> _Facts:
        """Collect the facts of ``view``."""
        out = view.rules.deck.mask & ~view.hand_mask & ~view.played_mask
        opp_may = view.opponent_known_mask | (view.unseen_mask & ~view.opponent_excluded_mask)
        exchange_card = view.trump * 8 + 7 - view.rules.deck.exchange_rank
        return cls(
            view, view.hand_mask, view.trump, out, opp_may, view.talon_size == 0, exchange_card
        )

    def marriage_hope(self, card: int) -> int:
        """Marriage points ``card`` may still help to score (0 if it cannot)."""
        suit = card >> 3
        if not (1 << card) & (_KING[suit] | _QUEEN[suit]):
            return 0
        view = self.view
        if (view.declared >> (4 * view.seat + suit)) & 1:
            return 0
        partner = (_KING[suit] | _QUEEN[suit]) & ~(1 << card)
        value = 40 if suit == self.trump else 20
        if partner & self.hand:
            return value
        if partner & self.out & ~view.opponent_known_mask and not view.is_strict:
            return value // 4
        return 0

    def future(self, card: int) -> int:
        """What keeping ``card`` is worth later, beyond its own card points."""
        value = self.marriage_hope(card)
        rank = 7 - (card & 7)
        if card >> 3 == self.trump:
            value += 8 + 2 * rank
            view = self.view
            if card == self.exchange_card and view.exchanged_by < 0 and not view.is_strict:
                # Worth what it can still be exchanged for.
                value += POINTS[view.talon_bottom]
        elif rank == 7:
            value += 6
        elif rank == 6:
            value += 3
        return value

    def keep_value(self, card: int) -> int:
        """How much the bot would rather keep ``card`` than play it away cheaply."""
        return POINTS[card] + self.future(card)

    def lead_bonus(self) -> int:
        """What winning a trick in the open phase is worth beyond its card points.

        Pending marriage points start to count; held marriages can be declared next.
        """
        view = self.view
        me = view.seat
        bonus = 2 + view.pending[me] // 2
        for suit in range(4):
            both = _KING[suit] | _QUEEN[suit]
            if self.hand & both == both:
                bonus += 20 if suit == self.trump else 10
        return bonus

    def sure_winner(self, card: int) -> bool:
        """Whether leading ``card`` now wins the trick whatever the opponent holds."""
        if self.opp_may & HIGHER[card]:
            return False
        suit = card >> 3
        if suit == self.trump or not self.opp_may & SUIT_MASK[self.trump]:
            return True
        # The opponent must follow suit if they can; once the talon is gone their hand
        # is known exactly.
        return self.exact and bool(self.opp_may & SUIT_MASK[suit])


@attrs.frozen
class RuleBot(BotBase[PlayerView, Move]):
    """A rule-based player: sensible, fast and deterministic.

    Its rules of thumb:

    * claims exactly when its own points reach 66 (never a false claim);
    * exchanges the exchange card whenever it may (a higher trump for the lowest);
    * declares every marriage it holds (trumps first) and leads the queen, keeping the
      king, while the talon is open;
    * closes (or, at the decision after a trick, stops drawing) only when its points,
      the marriages it still holds and the tricks it is sure to win add up to 66;
    * while the talon is open, leads and throws low cards, keeps trumps, aces, tens and
      marriage partners for later, takes a led ace or ten with a higher card of the suit
      or a low trump, and takes any trick that brings it to 66;
    * in the strict phase leads its sure winners (drawing trumps first), otherwise a
      low card, and wins a trick with the cheapest card that does, else throws its
      least valuable card.

    It uses only the view (with its inferences about the opponent's hand) and never
    the ``rng``, so its play is a pure function of the view.

    >>> import random
    >>> from sixtysix import SCHNAPSEN, new_hand, is_legal
    >>> from sixtysix.observe import observe
    >>> state = new_hand(SCHNAPSEN, seed=2)
    >>> move = RuleBot().choose(observe(state, state.to_move), random.Random(0))
    >>> is_legal(state, move)
    True
    """

    def _decide(self, view: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """The bot's move among the legal ``moves`` of ``view`` (``rng`` is not used)."""
        if CLAIM in moves and view.points(view.seat) >= 66:
            return CLAIM
        facts = _Facts.of(view)
        if view.step is Step.DECIDE:
            return CLOSE if CLOSE in moves and self._strong(facts) else DRAW
        if EXCHANGE in moves:
            return EXCHANGE
        plays = 0
        marriages: list[Marry] = []
        for move in moves:
            if isinstance(move, Marry):
                marriages.append(move)
        for move in moves:
            card = getattr(move, "card", None)
            if card is not None:
                plays |= 1 << card.index
        if view.step is Step.LEAD:
            if CLOSE in moves and self._strong(facts):
                return CLOSE
            if marriages:
                return max(marriages, key=lambda m: (m.suit == view.trump, m.suit))
            for move in moves:  # Mariage's amour (rules §13.7.2), declared like a marriage
                if isinstance(move, Amour):
                    return move
            return PLAY[self._lead(facts, plays)]
        return PLAY[self._follow(facts, plays)]

    # ------------------------------------------------------------------ closing

    def _strong(self, f: _Facts) -> bool:
        """Whether the bot's sure points after closing now reach 66."""
        view = f.view
        me = view.seat
        points = view.points(me)
        if view.won[me] or view.step is Step.DECIDE:
            points += view.pending[me]
        if view.rules.marriage_in_strict_phase:
            for suit in range(4):
                both = _KING[suit] | _QUEEN[suit]
                if f.hand & both == both:
                    points += 40 if suit == f.trump else 20
        # Lead the sure trumps from the top, then (once the opponent cannot have a
        # trump left) the sure cards of the other suits.
        opp_may = f.opp_may
        opp_trumps = opp_may & SUIT_MASK[f.trump]
        max_opp_trumps = min(opp_trumps.bit_count(), view.opponent_hand_size)
        trumps = f.hand & SUIT_MASK[f.trump]
        sure_trumps = 0
        while trumps:
            top = _top(trumps)
            if opp_trumps & HIGHER[top]:
                break
            points += POINTS[top]
            sure_trumps += 1
            trumps &= ~(1 << top)
            if opp_trumps:
                # The opponent follows with their lowest trump.
                opp_trumps &= ~(1 << (opp_trumps.bit_length() - 1))
        if sure_trumps < max_opp_trumps:
            return points >= 66
        for suit in range(4):
            if suit == f.trump:
                continue
            mine = f.hand & SUIT_MASK[suit]
            theirs = opp_may & SUIT_MASK[suit]
            while mine:
                top = _top(mine)
                if theirs & HIGHER[top]:
                    break
                points += POINTS[top]
                mine &= ~(1 << top)
        return points >= 66

    # ------------------------------------------------------------------ leading

    def _lead(self, f: _Facts, plays: int) -> int:
        view = f.view
        if view.turn_marriage >= 0:
            suit = view.turn_marriage
            if not view.is_strict and plays & _QUEEN[suit]:
                return _top(plays & _QUEEN[suit])
            return _top(plays & _KING[suit]) if plays & _KING[suit] else _top(plays)
        if not view.is_strict:
            return min(iter_mask(plays), key=lambda c: (f.keep_value(c), -c))
        trump_mask = SUIT_MASK[f.trump]
        sure = [c for c in iter_mask(plays) if f.sure_winner(c)]
        if sure:
            sure_trumps = [c for c in sure if c >> 3 == f.trump]
            if sure_trumps and f.opp_may & trump_mask:
                return min(sure_trumps)  # the highest: draw the opponent's trumps
            return max(sure, key=lambda c: (POINTS[c], -c))
        # Nothing sure: give away as little as possible.
        return min(
            iter_mask(plays),
            key=lambda c: (c >> 3 == f.trump, POINTS[c], -(c & 7)),
        )

    # ------------------------------------------------------------------ following

    def _follow(self, f: _Facts, plays: int) -> int:
        view = f.view
        lead = view.lead
        trump = f.trump
        me = view.seat
        winners = [c for c in iter_mask(plays) if _beats(c, lead, trump)]
        if winners:
            # Taking the trick with a card that brings the bot to 66 ends the hand.
            potential = view.points(me) + view.pending[me] + POINTS[lead]
            reaching = [c for c in winners if potential + POINTS[c] >= 66]
            if reaching:
                return min(reaching, key=lambda c: (f.keep_value(c), c))
            if view.is_strict:
                same = [c for c in winners if c >> 3 == lead >> 3]
                return max(same or winners)  # the lowest card that wins

        if not view.is_strict:
            # Weigh the points of the trick (won or given away) against what the card
            # played is worth later, plus the value of leading next.
            bonus = f.lead_bonus()

            def net(c: int) -> int:
                stake = POINTS[lead] + POINTS[c]
                if _beats(c, lead, trump):
                    return stake + bonus - f.future(c)
                return -stake - f.future(c)

            return max(iter_mask(plays), key=lambda c: (net(c), c))
        return min(iter_mask(plays), key=lambda c: (f.keep_value(c), -c))
