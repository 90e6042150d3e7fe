"""What one seat can know: player views (:func:`observe`) and sampling the hidden cards.

A :class:`PlayerView` holds exactly what a player with perfect memory knows at a moment of
a hand, and nothing else: no reference to the full state, no opponent hand, no talon
order. Two states that differ only in what the seat cannot see give *equal* views.
:func:`determinize` goes the other way: it deals the cards the seat cannot see at random,
respecting every inference the rules allow, and returns a complete
:class:`~sixtysix.HandState` whose view is the original one. Search bots (Monte Carlo
sampling, ISMCTS) sample with it; rule-based bots read the view directly.

>>> import random
>>> from sixtysix import CLASSIC_66, new_hand, legal_moves
>>> state = new_hand(CLASSIC_66, seed=7)
>>> view = observe(state, seat=1)
>>> view.to_move, len(view.hand), view.opponent_hand_size, view.talon_size
(1, 6, 6, 12)
>>> legal_moves(view) == legal_moves(state)
True
>>> sample = determinize(view, random.Random(1))
>>> observe(sample, 1) == view and sample.hands[1] == state.hands[1]
True

**What the seat knows** (RULES.md §1 to §4, perfect memory):

* its own hand, the trump suit, every card played and who won each trick, all points
  (card points of both piles, declared and counted marriages), the trick in progress;
* the talon size, whether and when it was closed (:attr:`PlayerView.close_snapshot`),
  and its bottom card (the turn-up, face up while the talon is open; once the talon is
  closed it lies face down, but both players saw it);
* cards the opponent must hold: the partner of a marriage they declared, until played;
  the turn-up they took by an exchange; the turn-up they drew as the loser of the last
  drawing trick;
* cards the opponent cannot hold (:attr:`PlayerView.opponent_excluded`): in the strict
  phase, a follower who did not follow suit is void in it; one who did not trump when
  void is void in trumps (``FOLLOW_HEAD_OR_TRUMP``, ``FOLLOW_OR_TRUMP``); one who
  followed without heading the trick under ``FOLLOW_HEAD_OR_TRUMP`` holds no higher
  card of that suit. No card is drawn after a strict trick, so these facts still hold
  for the cards the opponent holds now.
"""

from __future__ import annotations

import random

import attrs

from .cards import CARDS, HIGHER, SUIT_MASK, Card, Suit, cards_of, iter_mask
from .engine import legal_moves as _engine_legal_moves
from .errors import DealError
from .moves import Move
from .rules import Rules, StrictPlay
from .state import CloseSnapshot, HandFacts, HandState, Step

__all__ = ["PlayerView", "determinize", "observe"]

#: Bits of the king and the queen of each suit.
_KING_QUEEN = tuple((1 << (s * 8 + 2)) | (1 << (s * 8 + 3)) for s in range(4))
_HEAD_OR_TRUMP = StrictPlay.FOLLOW_HEAD_OR_TRUMP
_FOLLOW_OR_TRUMP = StrictPlay.FOLLOW_OR_TRUMP


def _exchange_card(rules: Rules, trump: int) -> int:
    """Index of the exchange card (the deck's lowest trump, RULES.md §1.2)."""
    return trump * 8 + 7 - rules.deck.exchange_rank


def _trick_winner(won: tuple[int, int], lead: int) -> int:
    """The seat that won the completed trick whose led card is ``lead``."""
    return 0 if (won[0] >> lead) & 1 else 1


@attrs.frozen(repr=False, cache_hash=True)
class PlayerView(HandFacts):
    """What seat :attr:`seat` knows at one moment of a hand; made by :func:`observe`.

    Immutable, hashable and comparable: two states that differ only in cards this seat
    cannot see give equal views. Card sets are ``int`` bitmasks as in
    :class:`~sixtysix.HandState` (the ``*_mask`` fields); the properties give the same
    facts as :class:`~sixtysix.Card` tuples. :meth:`legal_moves` lists the seat's moves
    when it is to move, so ``sixtysix.legal_moves(view)`` works too.

    Attributes:
        rules: The rule set of the hand.
        seat: The seat whose view this is (0 or 1).
        dealer: The dealer's seat.
        trump: The trump suit's index (0 clubs, 1 diamonds, 2 hearts, 3 spades).
        hand_mask: The seat's own cards.
        opponent_hand_size: How many cards the opponent holds.
        opponent_known_mask: Cards the seat knows the opponent holds (a declared
            marriage partner not yet played, the turn-up taken by an exchange, the
            turn-up drawn by the loser of the last drawing trick).
        talon_size: Cards left in the talon, bottom card included (0 once exhausted).
        talon_bottom: Index of the talon's last card (the turn-up, or the exchange card
            after an exchange), face up or under a closed talon; -1 once exhausted.
        step: Whose decision is pending (see :class:`~sixtysix.Step`).
        leader: The seat leading the current trick (see :class:`~sixtysix.HandState`).
        lead: Index of the card led to the current trick, or -1.
        won: Cards in the tricks won by seat 0 and seat 1 (every played card was seen).
        card_points: Card points of those tricks, by seat.
        marriages: Counted marriage points, by seat.
        pending: Declared marriage points not yet counted, by seat.
        declared: Declared marriages: bit ``seat * 4 + suit``.
        turn_marriage: The suit married in this leading turn, or -1.
        turn_steps: Flags of what the leader did in this turn before leading.
        closed_by: The seat that closed the talon, or -1.
        close_snapshot: The closer's opponent's tricks and points at the close (it also
            says when: after how many tricks), or ``None``.
        exchanged_by: The seat that exchanged for the turn-up, or -1.
        played: Indices of all cards played, in order (tricks are consecutive pairs).
        dealt_turnup: Index of the card turned up at the deal (everybody saw it).
    """

    rules: Rules
    seat: int
    dealer: int
    trump: int
    hand_mask: int
    opponent_hand_size: int
    opponent_known_mask: int
    talon_size: int
    talon_bottom: int
    step: Step
    leader: int
    lead: int
    won: tuple[int, int]
    card_points: tuple[int, int]
    marriages: tuple[int, int]
    pending: tuple[int, int]
    declared: int
    turn_marriage: int
    turn_steps: int
    closed_by: int
    close_snapshot: CloseSnapshot | None
    exchanged_by: int
    played: tuple[int, ...]
    dealt_turnup: int

    # ----------------------------------------------------------------- public facts

    @property
    def opponent(self) -> int:
        """The other seat."""
        return 1 - self.seat

    @property
    def is_strict(self) -> bool:
        """Whether the strict phase has begun (talon closed or exhausted, RULES.md §1.6)."""
        return self.closed_by >= 0 or self.talon_size == 0

    @property
    def turnup(self) -> Card | None:
        """The face-up trump card, or ``None`` once drawn or while the talon is closed."""
        if self.talon_bottom >= 0 and self.closed_by < 0:
            return CARDS[self.talon_bottom]
        return None

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own cards, in canonical order."""
        return cards_of(self.hand_mask)

    @property
    def opponent_known(self) -> tuple[Card, ...]:
        """The cards the seat knows the opponent holds, in canonical order."""
        return cards_of(self.opponent_known_mask)

    @property
    def played_mask(self) -> int:
        """All cards played so far, the card led to the current trick included."""
        lead = self.lead
        return self.won[0] | self.won[1] | ((1 << lead) if lead >= 0 else 0)

    @property
    def unseen_mask(self) -> int:
        """The cards whose place the seat does not know (opponent's hand or talon)."""
        known = self.hand_mask | self.played_mask | self.opponent_known_mask
        if self.talon_bottom >= 0:
            known |= 1 << self.talon_bottom
        return self.rules.deck.mask & ~known

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards whose place the seat does not know, in canonical order."""
        return cards_of(self.unseen_mask)

    @property
    def opponent_excluded_mask(self) -> int:
        """Unseen cards the opponent cannot hold, by the strict-phase inferences.

        A strict-phase trick that the opponent followed shows what their hand lacked
        then; no card is drawn after a strict trick (an exchange brings only the known
        turn-up), so the same holds for the opponent's hand now.
        """
        rules = self.rules
        strict = rules.strict_play
        opp = 1 - self.seat
        trump_mask = SUIT_MASK[self.trump]
        played = self.played
        won = self.won
        exhausted_from = rules.talon_size // 2
        snap = self.close_snapshot
        closed_from = snap.tricks_played if snap is not None else exhausted_from
        first_strict = min(exhausted_from, closed_from)
        leader = 1 - self.dealer
        excluded = 0
        for k in range(len(played) // 2):
            lead = played[2 * k]
            if k >= first_strict and leader != opp:
                follow = played[2 * k + 1]
                lead_suit = lead >> 3
                follow_suit = follow >> 3
                if follow_suit != lead_suit:
                    excluded |= SUIT_MASK[lead_suit]
                    if follow_suit != self.trump and strict in (_HEAD_OR_TRUMP, _FOLLOW_OR_TRUMP):
                        excluded |= trump_mask
                elif strict is _HEAD_OR_TRUMP and follow > lead:
                    excluded |= HIGHER[lead]
            leader = _trick_winner(won, lead)
        return excluded & self.unseen_mask

    @property
    def opponent_excluded(self) -> tuple[Card, ...]:
        """Unseen cards the opponent cannot hold (see :attr:`opponent_excluded_mask`)."""
        return cards_of(self.opponent_excluded_mask)

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """All cards played so far, in order."""
        return tuple(CARDS[i] for i in self.played)

    def legal_moves(self) -> tuple[Move, ...]:
        """The seat's legal moves, as ``legal_moves`` gives them on the full state.

        Empty when the opponent is to move or the hand is over. The mover's options
        depend only on public facts and the mover's own hand, so the unseen cards are
        placed arbitrarily for the computation.
        """
        if self.to_move != self.seat:
            return ()
        return _engine_legal_moves(_shadow_state(self))

    def __repr__(self) -> str:
        """A one-line summary for debugging."""
        hand = " ".join(str(c) for c in self.hand)
        known = " ".join(str(c) for c in self.opponent_known)
        bottom = CARDS[self.talon_bottom] if self.talon_bottom >= 0 else "-"
        return (
            f"<PlayerView seat={self.seat} {self.step.name} leader={self.leader} "
            f"trump={Suit(self.trump).letter} talon={self.talon_size}"
            f"{' closed' if self.closed_by >= 0 else ''} bottom={bottom} "
            f"lead={CARDS[self.lead] if self.lead >= 0 else '-'} hand=[{hand}] "
            f"opponent={self.opponent_hand_size} known=[{known}] "
            f"points={self.points(0)}/{self.points(1)}>"
        )

    def _repr_svg_(self) -> str:
        """What the seat sees, as an SVG picture, for Jupyter (see :mod:`sixtysix.svg`)."""
        from .svg import position_svg

        return position_svg(self)


def observe(state: HandState, seat: int) -> PlayerView:
    """The view of ``state`` that seat ``seat`` has: what it can know, nothing more.

    Args:
        state: A hand state (in progress or finished).
        seat: The observing seat, 0 or 1.

    Raises:
        DealError: ``seat`` is not 0 or 1.
    """
    if type(seat) is not int or seat not in (0, 1):
        raise DealError(f"the seat must be 0 or 1, not {seat!r}")
    rules = state.rules
    opp = 1 - seat
    won = state.won
    lead = state.lead
    played_mask = won[0] | won[1] | ((1 << lead) if lead >= 0 else 0)
    dealt = state.dealt_turnup
    known = 0
    declared = (state.declared >> (4 * opp)) & 15
    if declared:
        for suit in range(4):
            if (declared >> suit) & 1:
                known |= _KING_QUEEN[suit]
    if state.exchanged_by == opp:
        known |= 1 << dealt
    talon = state.talon
    if not talon:
        # The loser of the last drawing trick took the bottom card of the talon.
        last_draw = rules.talon_size // 2 - 1
        if 1 - _trick_winner(won, state.played[2 * last_draw]) == opp:
            bottom = _exchange_card(rules, state.trump) if state.exchanged_by >= 0 else dealt
            known |= 1 << bottom
    known &= ~played_mask
    return PlayerView(
        rules,
        seat,
        state.dealer,
        state.trump,
        state.hands[seat],
        state.hands[opp].bit_count(),
        known,
        len(talon),
        talon[-1] if talon else -1,
        state.step,
        state.leader,
        lead,
        won,
        state.card_points,
        state.marriages,
        state.pending,
        state.declared,
        state.turn_marriage,
        state.turn_steps,
        state.closed_by,
        state.close_snapshot,
        state.exchanged_by,
        state.played,
        dealt,
    )


def _make_state(view: PlayerView, opponent_cards: int, talon: tuple[int, ...]) -> HandState:
    """The full state with the view's public facts and the given hidden placement."""
    hands = [0, 0]
    hands[view.seat] = view.hand_mask
    hands[1 - view.seat] = view.opponent_known_mask | opponent_cards
    return HandState(
        view.rules,
        view.dealer,
        view.trump,
        (hands[0], hands[1]),
        talon,
        view.step,
        view.leader,
        view.lead,
        view.won,
        view.card_points,
        view.marriages,
        view.pending,
        view.declared,
        view.turn_marriage,
        view.turn_steps,
        view.closed_by,
        view.close_snapshot,
        view.exchanged_by,
        view.played,
        view.dealt_turnup,
    )


def _hidden_counts(view: PlayerView) -> tuple[int, int, int]:
    """(unseen mask, unseen cards in the opponent's hand, unseen cards in the talon)."""
    unseen = view.unseen_mask
    in_hand = view.opponent_hand_size - view.opponent_known_mask.bit_count()
    in_talon = max(view.talon_size - 1, 0)
    if in_hand < 0 or unseen.bit_count() != in_hand + in_talon:
        raise DealError(
            f"no deal agrees with this view: {unseen.bit_count()} unseen cards for "
            f"{max(in_hand, 0)} places in the opponent's hand and {in_talon} in the talon"
        )
    return unseen, in_hand, in_talon


def _shadow_state(view: PlayerView) -> HandState:
    """A state with the view's public facts; unseen cards placed in index order."""
    unseen, in_hand, _ = _hidden_counts(view)
    ids = list(iter_mask(unseen))
    opponent = 0
    for i in ids[:in_hand]:
        opponent |= 1 << i
    rest = tuple(ids[in_hand:])
    talon = (*rest, view.talon_bottom) if view.talon_size else ()
    return _make_state(view, opponent, talon)


def determinize(view: PlayerView, rng: random.Random) -> HandState:
    """A complete hand state drawn at random among those consistent with ``view``.

    The seat's cards, the known opponent cards, the talon's bottom card and everything
    played stay where they are. The unseen cards are dealt uniformly at random between
    the opponent's hand and the talon (in random order), among all placements that
    respect the inferences (:attr:`PlayerView.opponent_excluded_mask`): every such
    placement has the same chance, and ``observe(sample, view.seat) == view``.

    >>> import random
    >>> from sixtysix import SCHNAPSEN, new_hand
    >>> view = observe(new_hand(SCHNAPSEN, seed=3), 0)
    >>> a = determinize(view, random.Random(1))
    >>> b = determinize(view, random.Random(2))
    >>> observe(a, 0) == observe(b, 0) == view
    True

    Args:
        view: The view to complete.
        rng: The source of randomness; the same seed gives the same sample.

    Raises:
        DealError: no placement of the unseen cards agrees with ``view`` (never for a
            view made by :func:`observe`).
    """
    unseen, in_hand, _ = _hidden_counts(view)
    excluded = view.opponent_excluded_mask
    allowed = list(iter_mask(unseen & ~excluded))
    if len(allowed) < in_hand:
        raise DealError(
            f"no deal agrees with this view: the opponent holds {in_hand} unseen cards "
            f"but only {len(allowed)} unseen cards are possible for them"
        )
    opponent = 0
    for i in rng.sample(allowed, in_hand):
        opponent |= 1 << i
    rest = list(iter_mask(unseen & ~opponent))
    rng.shuffle(rest)
    talon = (*rest, view.talon_bottom) if view.talon_size else ()
    return _make_state(view, opponent, talon)
