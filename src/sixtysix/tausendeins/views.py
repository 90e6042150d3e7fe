"""What one seat knows of a deal, and states drawn from it (rules §12.10).

:func:`observe` makes a :class:`TausendeinsView`: the seat's own hand and everything
public, and no hidden card (the opponent's hand, the stock, an unchosen talon, the
opponent's discards). :func:`determinize` draws a full state uniformly among those that
agree with the view and with the inferences of rules §12.10.

>>> import random
>>> from sixtysix import tausendeins as t1
>>> state = t1.new_hand(t1.TAUSENDEINS, seed=9)
>>> view = t1.observe(state, 1)
>>> view.opponent_count, view.stock_size, t1.legal_moves(view) == t1.legal_moves(state)
(8, 8, True)
>>> sample = t1.determinize(view, random.Random(1))
>>> sample.hands[1] == state.hands[1], t1.observe(sample, 1) == view
(True, True)
"""

from __future__ import annotations

import random

import attrs

from .._family.determinize import draw_placement
from ..cards import Deck, Suit
from ..errors import DealError, PositionError, quote
from ..rules import StrictPlay
from .moves import TausendeinsMove
from .rules import Bidding, TausendeinsRules
from .state import (
    MarriageDeclared,
    Phase,
    TausendeinsState,
    build_state,
    iter_mask,
    seat_to_move,
)

__all__ = ["TausendeinsView", "determinize", "inferences", "observe"]

_SUIT = tuple(0xFF << (8 * s) for s in range(4))


@attrs.frozen(weakref_slot=False)
class TausendeinsView:
    """One seat's knowledge of a deal (rules §12.10); it holds no hidden card.

    The fields named as in :class:`~sixtysix.tausendeins.TausendeinsState` mean the same.

    Attributes:
        seat: Whose view this is.
        hand: The seat's own cards (bitmask).
        opponent_count: How many cards the opponent holds.
        discards: The seat's own discards, when it is the declarer (else 0).
        discard_count: How many cards the declarer has laid away.
        known: Cards known to be in the opponent's hand: the partner of a led marriage
            card, not yet played (rules §12.10).
        excluded: Cards the opponent cannot hold, inferred from its strict-phase
            follows (rules §12.10).
    """

    rules: TausendeinsRules
    seat: int
    dealer: int
    phase: int
    hand: int
    opponent_count: int
    stock_size: int
    leader: int
    lead: int
    pending: int
    trump: int
    won: tuple[int, int]
    card_points: tuple[int, int]
    tricks_won: tuple[int, int]
    marriages: tuple[MarriageDeclared, ...]
    played: tuple[int, ...]
    calls: tuple[int, ...]
    bid: int
    declarer: int
    contract: int
    talon_taken: int
    shown: int
    discards: int
    discard_count: int
    last_winner: int
    known: int
    excluded: int

    @property
    def hands(self) -> tuple[int, int]:
        """The seat's hand in its place, 0 for the hidden hand (as the engine reads it)."""
        return (self.hand, 0) if self.seat == 0 else (0, self.hand)

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or ``None`` once the deal is over."""
        return seat_to_move(
            self.phase, self.leader, self.lead, self.dealer, self.calls, self.declarer
        )

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self.phase == 5

    def legal_moves(self) -> tuple[TausendeinsMove, ...]:
        """:func:`~sixtysix.tausendeins.legal_moves` of this view (empty unless to move)."""
        from .engine import legal_moves  # the engine imports this module

        return legal_moves(self)

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit in force, or ``None`` before the first marriage."""
        return None if self.trump < 0 else Suit(self.trump)

    @property
    def tricks_played(self) -> int:
        """Completed tricks."""
        return len(self.played) >> 1


def inferences(state: TausendeinsState | TausendeinsView, seat: int) -> tuple[int, int]:
    """``(known, excluded)``: what ``seat`` can infer about the opponent's hand (§12.10).

    ``known`` holds the unplayed partner of every K or Q led after the opponent's
    marriage (and both cards of a marriage declared but not yet led); ``excluded`` holds
    the cards the opponent cannot hold because of how it followed in strict tricks played
    once no card was left to draw: a follower that did not follow suit is void in the led
    suit; under ``FOLLOW_HEAD_OR_TRUMP`` one that followed without beating the led card
    holds no higher card of that suit; a void follower that played no trump holds no
    trump, unless the rule is ``FOLLOW_ONLY``. Tricks played while the stock held cards
    give no fact about the present hand, as the follower drew after them.
    """
    rules = state.rules
    opponent = 1 - seat
    played = state.played
    known = 0
    for m in state.marriages:
        if m.seat != opponent:
            continue
        king, queen = m.suit * 8 + 2, m.suit * 8 + 3
        pair = (1 << king) | (1 << queen)
        gone = 0
        for c in played:
            if (1 << c) & pair:
                gone |= 1 << c
        known |= pair & ~gone
    excluded = 0
    auction = rules.bidding is Bidding.AUCTION
    initial_stock = rules.stock_size
    trump = -1
    marriages = list(state.marriages)
    leader = state.dealer ^ 1 if not auction else state.declarer
    for k in range(len(played) >> 1):
        while marriages and marriages[0].trick <= k:
            trump = marriages.pop(0).suit
        lead, follow = played[2 * k], played[2 * k + 1]
        stock = 0 if auction else max(initial_stock - 2 * k, 0)
        follower = 1 - leader
        if lead >> 3 == follow >> 3:
            winner = leader if lead < follow else follower
        elif follow >> 3 == trump:
            winner = follower
        else:
            winner = leader
        if follower == opponent and stock == 0:
            led = lead >> 3
            if follow >> 3 != led:
                excluded |= _SUIT[led]
                if (
                    trump >= 0
                    and follow >> 3 != trump
                    and rules.strict_play is not StrictPlay.FOLLOW_ONLY
                ):
                    excluded |= _SUIT[trump]
            elif rules.strict_play is StrictPlay.FOLLOW_HEAD_OR_TRUMP and follow > lead:
                excluded |= _SUIT[led] & ((1 << lead) - 1)
        leader = winner
    return known, excluded & Deck.D24.mask & ~known


def observe(state: TausendeinsState, seat: int) -> TausendeinsView:
    """What ``seat`` knows of ``state`` (rules §12.10).

    Raises:
        DealError: ``state`` is not a Tausendeins state, or ``seat`` is not 0 or 1.
    """
    if type(state) is not TausendeinsState:
        raise DealError(f"observe needs a TausendeinsState, not {quote(state)}")
    if type(seat) is not int or seat not in (0, 1):
        raise DealError(f"the seat must be 0 or 1, not {quote(seat)}")
    known, excluded = inferences(state, seat)
    return TausendeinsView(
        state.rules,
        seat,
        state.dealer,
        state.phase,
        state.hands[seat],
        state.hands[1 - seat].bit_count(),
        len(state.stock),
        state.leader,
        state.lead,
        state.pending,
        state.trump,
        state.won,
        state.card_points,
        state.tricks_won,
        state.marriages,
        state.played,
        state.calls,
        state.bid,
        state.declarer,
        state.contract,
        state.talon_taken,
        state.shown,
        state.discards if state.declarer == seat else 0,
        state.discards.bit_count(),
        state.last_winner,
        known,
        excluded,
    )


_HAND, _DISCARD, _POOL = 1, 2, 4


def _check_view(view: TausendeinsView) -> None:
    """Refuse a view whose own facts contradict each other (a view built by hand)."""
    deck = Deck.D24.mask

    def mask(value: object, name: str) -> int:
        if type(value) is not int or value < 0 or value & ~deck:
            raise PositionError(f"the view's {name} must be a set of cards, not {quote(value)}")
        return value

    def number(value: object, name: str, low: int, high: int) -> int:
        if type(value) is not int or not low <= value <= high:
            raise PositionError(
                f"the view's {name} must be a whole number from {low} to {high}, "
                f"not {quote(value)}"
            )
        return value

    if type(view.rules) is not TausendeinsRules or type(view.phase) is not Phase:
        raise PositionError("the view's rules and phase must be TausendeinsRules and a Phase")
    number(view.seat, "seat", 0, 1)
    number(view.dealer, "dealer", 0, 1)
    number(view.declarer, "declarer", -1, 1)
    number(view.talon_taken, "talon taken", -1, 1)
    number(view.opponent_count, "opponent count", 0, 12)
    number(view.stock_size, "stock size", 0, 24)
    number(view.discard_count, "discard count", 0, 2)
    hand = mask(view.hand, "hand")
    known = mask(view.known, "known cards")
    excluded = mask(view.excluded, "excluded cards")
    own = mask(view.discards, "discards")
    shown = mask(view.shown, "shown talon")
    played = view.played
    if (
        type(played) is not tuple
        or not all(type(c) is int and 0 <= c < 32 and deck >> c & 1 for c in played)
        or len(set(played)) != len(played)
    ):
        raise PositionError("the view's cards played must be distinct cards of the pack")
    gone = 0
    for c in played:
        gone |= 1 << c
    if hand & (gone | own) or gone & own or known & (hand | gone | own | excluded):
        raise PositionError("the view holds a card in two places")
    if type(view.marriages) is not tuple or type(view.won) is not tuple:
        raise PositionError("the view's marriages and tricks must be tuples")
    if shown and view.declarer < 0:
        raise PositionError("a shown talon needs a declarer")


def determinize(view: TausendeinsView, rng: random.Random) -> TausendeinsState:
    """A full state drawn uniformly among those that agree with ``view`` (rules §12.10).

    The hidden cards are placed in the opponent's hand, the opponent's discards and the
    unseen pool (the stock and any face-down talon) so that every placement that keeps
    the view's ``known`` and ``excluded`` facts and the shown talon (in the declarer's
    hand or discards) is equally likely; the pool is then shuffled.

    Raises:
        DealError: ``view`` is not a :class:`TausendeinsView`, or no state agrees with it.
    """
    if type(view) is not TausendeinsView:
        raise DealError(f"determinize needs a TausendeinsView, not {quote(view)}")
    if not isinstance(rng, random.Random):
        raise DealError(f"determinize needs a random.Random, not {quote(rng)}")
    _check_view(view)
    seat = view.seat
    opponent = 1 - seat
    played = 0
    for c in view.played:
        played |= 1 << c
    own_discards = view.discards
    unseen = Deck.D24.mask & ~(view.hand | played | own_discards)
    opp_declarer = view.declarer == opponent
    opp_discards = view.discard_count if opp_declarer else 0
    pool = unseen.bit_count() - view.opponent_count - opp_discards
    shown = view.shown & unseen if opp_declarer else 0
    cards = iter_mask(unseen)
    allowed: list[int] = []
    for c in cards:
        bit = 1 << c
        ok = _HAND | _POOL
        if opp_discards:
            ok |= _DISCARD
        if bit & view.known:
            ok = _HAND
        elif bit & shown:
            ok = (_HAND | _DISCARD) & ok
        if bit & view.excluded:
            ok &= ~_HAND
        allowed.append(ok)
    placed = draw_placement(cards, allowed, (view.opponent_count, opp_discards, pool), rng)
    if placed is None:
        raise DealError("no deal agrees with this view: its facts contradict each other")
    rest = placed[2]
    rng.shuffle(rest)
    opp_hand = 0
    for c in placed[0]:
        opp_hand |= 1 << c
    discards = own_discards
    for c in placed[1]:
        discards |= 1 << c
    stock = tuple(rest[: view.stock_size])
    talon_cards = rest[view.stock_size :]
    talons = [0, 0]
    if view.rules.bidding is Bidding.AUCTION:
        if view.talon_taken < 0:
            for c in talon_cards[:2]:
                talons[0] |= 1 << c
            for c in talon_cards[2:]:
                talons[1] |= 1 << c
        else:
            for c in talon_cards:
                talons[1 - view.talon_taken] |= 1 << c
    hands = [0, 0]
    hands[seat] = view.hand
    hands[opponent] = opp_hand
    return build_state(
        view.rules,
        view.dealer,
        Phase(view.phase),
        (hands[0], hands[1]),
        stock,
        (talons[0], talons[1]),
        view.leader,
        view.lead,
        view.pending,
        view.trump,
        view.won,
        view.card_points,
        view.marriages,
        view.played,
        view.calls,
        view.bid,
        view.declarer,
        view.contract,
        view.talon_taken,
        view.shown,
        discards,
        view.last_winner,
    )
