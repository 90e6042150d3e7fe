"""The rule facts the search reads, derived once per rule set and trump suit (not public API).

The search writes no rule of its own. Everything it needs to know about a
:class:`~sixtysix.Rules` value is computed here, once per rule set and trump, by calling
the functions that define the rules: :func:`~sixtysix.cards.trick_winner` (who takes a
trick), :func:`~sixtysix.legality.follow_mask` and :func:`~sixtysix.legality.lead_mask`
(which cards may be played), :func:`~sixtysix.legality.exchange_rule` and the
:class:`~sixtysix.legality.RuleFacts` tables (exchanges, claims, marriages),
:func:`~sixtysix.cards.marriage_value` and :data:`~sixtysix.cards.POINTS`. Scoring is
read the same way, from :func:`~sixtysix.score_hand` (:mod:`._scores`).
"""

from __future__ import annotations

from ..cards import KING_QUEEN, POINTS, exchange_card_index, marriage_value, trick_winner
from ..legality import exchange_rule, lead_mask, require_plain_trick_game, rule_facts
from ..rules import MarriagePendingRedeem, Rules
from ..state import CloseSnapshot, HandState, Step
from ._native import follow_chain

__all__ = ["SearchFacts", "search_facts"]
#: Bit 0 of each suit's run of 8 bits (suit ``s``'s ace is bit ``8 * s``).
_SUIT_BASE = 0x01010101


class _ClosedTalon:
    """A stand-in position for :func:`~sixtysix.legality.exchange_rule`: a closed talon.

    Both seats have won a trick (two tricks are over) and seat 0 closed, after the
    first trick (``in_window``: so the trick after the close is still to come) or
    before it.
    """

    step = Step.LEAD
    leader = 0
    lead = -1
    won = (0b11, 0b1100)
    turn_marriage = -1
    turn_steps = 0
    closed_by = 0

    def __init__(self, rules: Rules, trump: int, in_window: bool) -> None:
        self.rules = rules
        self.trump = trump
        self.close_snapshot = CloseSnapshot(2 if in_window else 1, 1, 0, 0)

    def allows_exchange(self, card: int) -> bool:
        """Whether either seat, leading or following, may exchange here."""
        return any(
            exchange_rule(self, 1 << card, 28, seat, leading) is None
            for seat in (0, 1)
            for leading in (False, True)
        )


class SearchFacts:
    """What the search reads of one rule set with one trump suit.

    Attributes:
        rules: The rule set.
        trump: The trump suit.
        points: ``points[card]``: the card points of each card index.
        beats: ``beats[card]``: the cards that win a trick led with ``card``.
        follow_chains: ``follow_chains[card]``: the strict follow rule to ``card`` as
            three masks (:func:`~sixtysix.search._native.follow_chain`, probed from
            :func:`~sixtysix.legality.follow_mask`).
        marriage_points: ``marriage_points[suit]``: what a marriage in ``suit`` counts.
        marriage_leads: ``marriage_leads[suit]``: the cards that may be led after
            marrying ``suit``.
        may_marry: ``may_marry[won]``: whether a leader who has (1) or has not (0) won
            a trick may declare a marriage in the strict phase.
        claim_lead: Whether a leader who has won a trick may claim.
        claim_after_marriage: Whether the leader may claim right after a marriage.
        auto: Whether reaching 66 ends the hand by itself (``ClaimMode.AUTO``).
        marriage_out: Whether a marriage that reaches 66 ends the hand at once.
        count_at_once: Whether a marriage of a leader who has won a trick counts at
            once (else it waits, pending, for the leader's next trick).
        exchange_card: The exchange card's index.
        exchange_after_close: Whether a closed talon allows an exchange after the first
            trick that follows the close.
        exchange_in_window: Whether it allows one in that first trick.
    """

    __slots__ = (
        "auto",
        "beats",
        "claim_after_marriage",
        "claim_lead",
        "count_at_once",
        "exchange_after_close",
        "exchange_card",
        "exchange_in_window",
        "follow_chains",
        "marriage_leads",
        "marriage_out",
        "marriage_points",
        "may_marry",
        "points",
        "rules",
        "trump",
    )

    def __init__(self, rules: Rules, trump: int) -> None:
        """Derive the facts of ``rules`` with trump suit ``trump``."""
        f = rule_facts(rules)
        deck = rules.deck.mask
        self.rules = rules
        self.trump = trump
        self.points = tuple(POINTS[card] if deck >> card & 1 else 0 for card in range(32))
        self.beats = tuple(
            sum(
                1 << card
                for card in range(32)
                if deck >> card & 1 and card != led and trick_winner(led, card, trump, 0) == 1
            )
            for led in range(32)
        )
        self.marriage_points = tuple(marriage_value(suit, trump) for suit in range(4))
        self.marriage_leads = tuple(lead_mask(rules, deck, suit) for suit in range(4))
        self.may_marry = (f.marry[0][1], f.marry[1][1])
        self.claim_lead = f.claim_lead
        self.claim_after_marriage = f.claim_after_marriage
        self.auto = f.auto
        self.marriage_out = f.marriage_out
        self.count_at_once = (
            rules.marriage_pending_redeem is not MarriagePendingRedeem.NEXT_TRICK_AFTER_DECLARING
        )
        self.exchange_card = exchange_card_index(rules.deck, trump)
        ex = self.exchange_card
        self.exchange_after_close = _ClosedTalon(rules, trump, False).allows_exchange(ex)
        self.exchange_in_window = _ClosedTalon(rules, trump, True).allows_exchange(ex)
        self.follow_chains = tuple(tuple(follow_chain(rules, led, trump)) for led in range(32))

    def follow(self, hand: int, led: int) -> int:
        """The cards of ``hand`` that may follow ``led`` in the strict phase.

        :func:`~sixtysix.legality.follow_mask`'s answer, read off ``follow_chains[led]``
        (the first of its masks that ``hand`` holds a card of, else any card).
        """
        first, second, third = self.follow_chains[led]
        return hand & first or hand & second or hand & third or hand

    def marriages_in(self, hand: int) -> tuple[int, ...]:
        """The suits whose king and queen are both in ``hand``, trumps first."""
        if not (hand >> 2) & (hand >> 3) & _SUIT_BASE:  # (a king beside its queen)
            return ()
        suits = [suit for suit in range(4) if hand & KING_QUEEN[suit] == KING_QUEEN[suit]]
        suits.sort(key=lambda suit: suit != self.trump)
        return tuple(suits)

    def lead_order(self, hand: int, opp: int) -> list[int]:
        """The cards of ``hand`` in the order to try them as leads against ``opp``.

        First the sure winners (cards ``opp`` can neither head nor trump), side suits
        before trumps, from the lowest index up; then the rest, from the highest index
        (the lowest card of the last suit) down.
        """
        side_winners = []
        trump_winners = []
        rest = []
        beats = self.beats
        trump = self.trump
        while hand:
            card = hand.bit_length() - 1
            hand ^= 1 << card
            if self.follow(opp, card) & beats[card]:
                rest.append(card)
            elif card >> 3 == trump:
                trump_winners.append(card)
            else:
                side_winners.append(card)
        side_winners.reverse()
        trump_winners.reverse()
        return side_winners + trump_winners + rest

    def no_exchange_left(self, state: HandState) -> bool:
        """Whether no exchange can happen for the rest of ``state``'s hand.

        True once the talon is exhausted; on a closed talon, once no hand holds the
        exchange card, or when the rules allow no exchange on a closed talon, or one
        only in the first trick after the close and that trick is over.
        """
        if not state.talon:
            return True
        if state.closed_by < 0:
            return False
        if not (state.hands[0] | state.hands[1]) >> self.exchange_card & 1:
            return True
        if self.exchange_after_close:
            return False
        snapshot = state.close_snapshot
        return (
            not self.exchange_in_window
            or snapshot is None
            or snapshot.tricks_played != state.tricks_played
        )


_FACTS: dict[tuple[Rules, int], SearchFacts] = {}
#: At most this many rule sets (by trump) keep their facts (then the cache restarts).
FACTS_CACHE_SIZE = 64


def search_facts(rules: Rules, trump: int) -> SearchFacts:
    """The :class:`SearchFacts` of ``rules`` and ``trump``, derived once (bounded cache)."""
    facts = _FACTS.get((rules, trump))
    if facts is None:
        require_plain_trick_game(rules, "the search")  # no Mariage yet (rules §13)
        if len(_FACTS) >= FACTS_CACHE_SIZE:
            _FACTS.clear()
        facts = _FACTS[rules, trump] = SearchFacts(rules, trump)
    return facts
