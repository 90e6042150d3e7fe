"""The alpha-beta search of the strict phase, a trick at a time, over bitmasks (not public API).

Once the talon is exhausted, or closed with no exchange left (rules §1.6, §2.1, §3),
a hand is only tricks: the leader leads (after a marriage, where allowed, §4) or
claims (§2.4), the follower plays a card the follow rule allows, the winner leads
next. :class:`Tricks` holds such a position at a lead as a few ints and pairs, and
:class:`TrickSearch` values it: the value, in game points, for the leader (negamax,
fail-soft), with a transposition table and the bounds of
:meth:`~._scores.HandValues.most_won`. Every rule comes from :mod:`._facts` and
:mod:`._scores`.
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import SearchLimitError
from ..state import HandState
from ._facts import SearchFacts
from ._scores import TARGET, Closing, HandValues, Pair, closing_of

__all__ = [
    "INF",
    "NO_LIMIT",
    "Budget",
    "Marriage",
    "Probe",
    "Table",
    "TrickSearch",
    "Tricks",
    "tricks_of",
]

#: A value no search result reaches (values are game points, at most 3).
INF = 100
#: The node limit of a search without ``max_nodes``.
NO_LIMIT = 1 << 62
_new = tuple.__new__
#: Added to a card's index in the table's best lead when a marriage was declared with it.
MARRIED = 32
#: A transposition table entry: (lower bound, upper bound, best lead or -1).
Entry = tuple[int, int, int]


class Tricks(NamedTuple):
    """A strict-phase position at the start of a trick (the leader to lead or claim)."""

    #: The seat that leads.
    leader: int
    #: Each seat's cards, as bitmasks of card indices.
    hands: Pair
    #: Each seat's card points won.
    card_points: Pair
    #: Each seat's counted marriage points.
    marriages: Pair
    #: Each seat's marriage points that count once it wins a trick.
    pending: Pair
    #: Whether each seat has won a trick.
    won: tuple[bool, bool]
    #: How the talon was closed, if it was (fixed for the rest of the hand).
    closing: Closing


def tricks_of(state: HandState) -> Tricks:
    """The :class:`Tricks` of a strict-phase ``state`` at a lead with no marriage declared."""
    return Tricks(
        state.leader,
        state.hands,
        state.card_points,
        state.marriages,
        state.pending,
        (state.won[0] != 0, state.won[1] != 0),
        closing_of(state),
    )


def _with(pair: Pair, seat: int, value: int) -> Pair:
    """``pair`` with ``seat``'s number replaced by ``value``."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)


class Marriage(NamedTuple):
    """A marriage declared (or none, suit -1), with the leader's points after it."""

    suit: int
    marriages: Pair
    pending: Pair


#: A transposition table: position (a :class:`Tricks`, or a
#: :func:`~sixtysix.search.position_key`) -> :data:`Entry`.
Table = dict[object, Entry]
#: What a transposition table entry tells a search (:meth:`Budget.look_up`): the value
#: when the entry settles the search (else ``None``), the window narrowed by the
#: entry, and the entry, if there is one.
Probe = tuple[int | None, int, int, Entry | None]


def _no_marriage(pos: Tricks) -> Marriage:
    """No marriage declared: ``pos``'s own marriage points."""
    return _new(Marriage, (-1, pos.marriages, pos.pending))


class Budget:
    """The node count, the limit and the transposition table of one search."""

    def __init__(self) -> None:
        """An empty table, no nodes counted, no limit."""
        self.nodes = 0
        self.limit = NO_LIMIT
        self.table: Table = {}
        self.table_size = 1 << 20

    def reset(self, max_nodes: int | None, table_size: int) -> None:
        """Start a new search: an empty table, no nodes counted, these limits."""
        self.table = {}
        self.nodes = 0
        self.limit = NO_LIMIT if max_nodes is None else max_nodes
        self.table_size = table_size

    def count(self) -> None:
        """Count a node; raise :class:`SearchLimitError` past the limit."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise SearchLimitError(
                f"the search needs more than max_nodes={self.limit} nodes; raise the "
                "budget or solve a later position"
            )

    def look_up(self, key: object, alpha: int, beta: int) -> Probe:
        """What the table knows of ``key`` for a search in ``(alpha, beta)``.

        The value when the entry settles the search, else the window narrowed by it.
        """
        entry = self.table.get(key)
        if entry is None:
            return None, alpha, beta, entry
        lo, hi, _ = entry
        if lo >= beta or lo == hi:
            return lo, alpha, beta, entry
        if hi <= alpha:
            return hi, alpha, beta, entry
        return None, max(alpha, lo), min(beta, hi), entry

    def store(self, key: object, entry: Entry) -> None:
        """Keep ``entry`` for ``key``, emptying a full table first."""
        if len(self.table) >= self.table_size:
            self.table = {}
        self.table[key] = entry


def stored_bound(best: int, alpha: int, beta: int, entry: Entry | None) -> tuple[int, int]:
    """The (lower, upper) bounds a fail-soft result ``best`` in ``(alpha, beta)`` proves.

    Joined with what ``entry`` knew already.
    """
    lo, hi = (-INF, INF) if entry is None else (entry[0], entry[1])
    if best <= alpha:
        return lo, min(hi, best)
    if best >= beta:
        return max(lo, best), hi
    return best, best


class TrickSearch:
    """The strict-phase search of one rule set and trump suit."""

    def __init__(self, facts: SearchFacts, values: HandValues, budget: Budget) -> None:
        """Search with these rule facts, hand values and budget."""
        self.facts = facts
        self.values = values
        self.budget = budget

    def value(self, pos: Tricks, alpha: int, beta: int) -> int:
        """The value of ``pos`` for its leader, exact inside ``(alpha, beta)``, else a bound."""
        budget = self.budget
        budget.count()
        if pos.hands[0].bit_count() == 1:
            return self._last_trick(pos, beta)
        known, alpha, beta, entry = budget.look_up(pos, alpha, beta)
        if known is not None:
            return known
        first = -1 if entry is None else entry[2]
        # What each side can still win bounds the value.
        leader = pos.leader
        other = 1 - leader
        top = self.values.most_won(
            leader, pos.closing, pos.card_points[other], pos.marriages[other], pos.won[other]
        )
        if top <= alpha:
            return top
        bottom = -self.values.most_won(
            other, pos.closing, pos.card_points[leader], pos.marriages[leader], pos.won[leader]
        )
        if top == bottom or bottom >= beta:
            return bottom
        if bottom > alpha:
            alpha = bottom
        if top < beta:
            beta = top
        best, best_card = self._best_move(pos, alpha, beta, first)
        budget.store(pos, (*stored_bound(best, alpha, beta, entry), best_card))
        return best

    def _best_move(self, pos: Tricks, alpha: int, beta: int, first: int) -> tuple[int, int]:
        """The best value for the leader of its claims and leads, and the lead's code.

        The code (kept in the table, and tried first next time as ``first``) is the card
        led, plus :data:`MARRIED` when a marriage was declared with it, or -1 for a
        claim. A leader short of 66 tries its claims last, when no lead has cut the
        search.
        """
        leader = pos.leader
        marriages = self._marriages(pos)
        claims_first = pos.card_points[leader] + pos.marriages[leader] >= TARGET
        best = max(self._claims(pos, marriages), default=-INF) if claims_first else -INF
        alpha = max(alpha, best)
        best_card = -1
        plain = _no_marriage(pos)
        leads = [(card, plain) for card in self._order(pos, first)]
        if marriages:
            leads[:0] = [
                (card, married)
                for married in marriages
                if not self._ends_hand(pos, married)
                for card in _cards(pos.hands[leader] & self.facts.marriage_leads[married.suit])
            ]
            if first >= MARRIED:
                leads.sort(key=lambda lead: lead[1].suit < 0 or lead[0] != first - MARRIED)
        for card, married in leads:
            if alpha >= beta:
                return best, best_card
            value = self._trick_value(pos, card, married, alpha, beta)
            if value > best:
                best = value
                best_card = card if married.suit < 0 else card + MARRIED
                if value > alpha:
                    alpha = value
        if not claims_first and alpha < beta:
            claim = max(self._claims(pos, marriages), default=-INF)
            if claim > best:
                return claim, -1
        return best, best_card

    def _end_value(self, pos: Tricks, seat: int, marriages: Pair, claimed: bool) -> int:
        """The value for ``pos``'s leader of the hand ending now, ``seat`` last to act."""
        value = self.values.final(seat, claimed, pos.closing, pos.card_points, marriages, pos.won)
        return value if pos.leader == 0 else -value

    def _claims(self, pos: Tricks, marriages: list[Marriage]) -> list[int]:
        """The values of the leader's claims: now, or right after a marriage (§2.4, §9.3).

        A marriage that ends the hand by itself (rules §9.3 under ``AUTO``) counts as
        a claim.
        """
        facts = self.facts
        leader = pos.leader
        claims = []
        if facts.claim_lead and pos.won[leader]:
            claims.append(self._end_value(pos, leader, pos.marriages, True))
        for married in marriages:
            if facts.claim_after_marriage or self._ends_hand(pos, married):
                claims.append(self._end_value(pos, leader, married.marriages, True))
        return claims

    def _ends_hand(self, pos: Tricks, married: Marriage) -> bool:
        """Whether declaring ``married`` ends the hand at once (rules §9.3 under ``AUTO``)."""
        leader = pos.leader
        return (
            self.facts.marriage_out and pos.card_points[leader] + married.marriages[leader] >= 66
        )

    def _marriages(self, pos: Tricks) -> list[Marriage]:
        """The marriages the leader may declare, with the points after each."""
        facts = self.facts
        leader = pos.leader
        won = pos.won[leader]
        if not facts.may_marry[won]:
            return []
        suits = facts.marriages_in(pos.hands[leader])
        marriages = []
        for suit in suits:
            points = facts.marriage_points[suit]
            if won and facts.count_at_once:
                counted = _with(pos.marriages, leader, pos.marriages[leader] + points)
                marriages.append(Marriage(suit, counted, pos.pending))
            else:
                pending = _with(pos.pending, leader, pos.pending[leader] + points)
                marriages.append(Marriage(suit, pos.marriages, pending))
        return marriages

    def _order(self, pos: Tricks, first: int) -> list[int]:
        """The leader's cards: the table's best first, then sure winners, then the rest."""
        leader = pos.leader
        order = self.facts.lead_order(pos.hands[leader], pos.hands[1 - leader])
        if 0 <= first < MARRIED and order[0] != first and first in order:
            order.remove(first)
            order.insert(0, first)
        return order

    def _last_trick(self, pos: Tricks, beta: int) -> int:
        """The value for the leader of the last trick, every card forced, or of a claim.

        Exact, or a lower bound of at least ``beta``.
        """
        leader = pos.leader
        card = pos.hands[1 - leader].bit_length() - 1
        led = pos.hands[leader].bit_length() - 1
        winner = 1 - leader if self.facts.beats[led] >> card & 1 else leader
        end = self._take_trick(pos, led, _no_marriage(pos), card, winner)
        value = self._end_value(end, winner, end.marriages, False)
        if winner != leader:
            value = -value
        if value >= beta or not (self.facts.claim_lead and pos.won[leader]):
            return value
        return max(value, self._end_value(pos, leader, pos.marriages, True))

    def lead_value(self, pos: Tricks, card: int, alpha: int, beta: int) -> int:
        """The leader's value of leading ``card`` (no marriage declared with it)."""
        return self._trick_value(pos, card, _no_marriage(pos), alpha, beta)

    def _trick_value(self, pos: Tricks, led: int, married: Marriage, alpha: int, beta: int) -> int:
        """The leader's value of leading ``led``: the follower's best reply (its minimum).

        ``married`` holds the marriage points after the lead (the marriage declared with
        it, if any). After each reply the trick's winner leads next; the hand ends when
        the cards are gone, or (``AUTO``) at 66.
        """
        facts = self.facts
        leader = pos.leader
        follower = 1 - leader
        plays = facts.follow(pos.hands[follower], led)
        heads = plays & facts.beats[led]
        last = pos.hands[leader].bit_count() == 2
        # Replies that take the trick first (highest first), then the others (lowest first).
        worst = INF
        for card in _cards(heads) + _cards(plays ^ heads)[::-1]:
            winner = follower if heads >> card & 1 else leader
            child = self._take_trick(pos, led, married, card, winner)
            window = beta if beta < worst else worst
            if not (child.hands[0] | child.hands[1]) or (
                facts.auto and child.card_points[winner] + child.marriages[winner] >= TARGET
            ):
                value = self._end_value(child, winner, child.marriages, bool(child.hands[0]))
                value = value if winner == leader else -value
            elif last:  # (the last trick, valued directly: every card is forced)
                value = (
                    self._last_trick(child, window)
                    if winner == leader
                    else -self._last_trick(child, -alpha)
                )
            elif winner == leader:
                value = self.value(child, alpha, window)
            else:
                value = -self.value(child, -window, -alpha)
            if value < worst:
                worst = value
                if worst <= alpha:
                    break
        return worst

    def _take_trick(
        self, pos: Tricks, led: int, married: Marriage, card: int, winner: int
    ) -> Tricks:
        """The position after ``winner`` took ``led`` and ``card``: it leads next.

        The winner adds the cards' points and its pending marriages count (rules §4, §5).
        """
        played = ~(1 << led | 1 << card)
        hands = (pos.hands[0] & played, pos.hands[1] & played)
        points = self.facts.points
        gain = points[led] + points[card]
        card_points, marriages, pending = pos.card_points, married.marriages, married.pending
        # (tuple.__new__: the same Tricks as Tricks(...), without its __new__ frame)
        if winner == 0:
            return _new(
                Tricks,
                (
                    0,
                    hands,
                    (card_points[0] + gain, card_points[1]),
                    (marriages[0] + pending[0], marriages[1]),
                    (0, pending[1]),
                    (True, pos.won[1]),
                    pos.closing,
                ),
            )
        return _new(
            Tricks,
            (
                1,
                hands,
                (card_points[0], card_points[1] + gain),
                (marriages[0], marriages[1] + pending[1]),
                (pending[0], 0),
                (pos.won[0], True),
                pos.closing,
            ),
        )


class _CardLists(dict[int, tuple[int, ...]]):
    """``cards[mask]``: the card indices of ``mask``, from the lowest up (cached)."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        if len(self) >= CARD_LISTS_SIZE:
            self.clear()
        cards = self[mask] = tuple(card for card in range(32) if mask >> card & 1)
        return cards


#: Entries kept in the cache of card lists before it is emptied.
CARD_LISTS_SIZE = 1 << 16
_CARD_LISTS = _CardLists()


def _cards(mask: int) -> tuple[int, ...]:
    """The card indices of ``mask``, from the lowest up (the highest rank of a suit first)."""
    return _CARD_LISTS[mask]
