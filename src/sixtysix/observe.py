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

**What the seat knows** (rules §1 to §4, perfect memory):

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

from . import _hooks
from .cards import (
    CARDS,
    HIGHER,
    KING_QUEEN,
    SUIT_MASK,
    Card,
    Suit,
    cards_of,
    exchange_card_index,
    iter_mask,
)
from .errors import DealError, PositionError, quote
from .legality import cached_moves, options, rule_facts
from .moves import Move
from .rules import Rules, StrictPlay
from .state import CloseSnapshot, HandFacts, HandState, Step, fast_constructor
from .validate import DECK_BITS, PAIR_FIELDS, field_problems, state_problems

__all__ = ["PlayerView", "determinize", "observe", "validate_view"]

_HEAD_OR_TRUMP = StrictPlay.FOLLOW_HEAD_OR_TRUMP
_FOLLOW_OR_TRUMP = StrictPlay.FOLLOW_OR_TRUMP


def _trick_winner(won: tuple[int, int], lead: int) -> int:
    """The seat that won the completed trick whose led card is ``lead``."""
    return 0 if (won[0] >> lead) & 1 else 1


@attrs.frozen(repr=False, cache_hash=True, weakref_slot=False)
class PlayerView(HandFacts):
    """What seat :attr:`seat` knows at one moment of a hand; made by :func:`observe`.

    Immutable, hashable and comparable: two states that differ only in cards this seat
    cannot see give equal views. Card sets are ``int`` bitmasks as in
    :class:`~sixtysix.HandState` (the ``*_mask`` fields); the properties give the same
    facts as :class:`~sixtysix.Card` tuples. :meth:`legal_moves` lists the seat's moves
    when it is to move, so ``sixtysix.legal_moves(view)`` works too.

    A view built by hand (or by :func:`attrs.evolve`) is checked on construction by
    :func:`validate_view` and raises :class:`~sixtysix.PositionError` when no reachable
    state gives it; :func:`observe` skips the check, its views are consistent by
    construction. Changing a field in place with ``object.__setattr__`` is not
    supported: it skips the check and leaves a stale cached hash.

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

    def __attrs_post_init__(self) -> None:
        """Check the view (only views built by hand: :func:`observe` skips this).

        Raises:
            PositionError: no state that legal play can reach gives this view; the
                message names the inconsistency (see :func:`validate_view`).
        """
        problems = validate_view(self)
        if problems:
            raise PositionError(f"not a view of any reachable state: {'; '.join(problems)}")

    # ----------------------------------------------------------------- public facts

    @property
    def opponent(self) -> int:
        """The other seat."""
        return 1 - self.seat

    @property
    def is_strict(self) -> bool:
        """Whether the strict phase has begun (talon closed or exhausted, rules §1.6)."""
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
        return strict_exclusions(self, self.seat) & self.unseen_mask

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
        hand = self.hand_mask
        return cached_moves(options(self, (hand, hand), self.talon_size, rule_facts(self.rules)))

    @classmethod
    def parse(cls, text: str) -> PlayerView:
        """The view written by :func:`~sixtysix.notation.dump_view` (what ``repr`` shows).

        Raises:
            ParseError: the text is not the view of a reachable state (see
                :func:`~sixtysix.notation.load_view`).
        """
        from ._hooks import load_view  # made by notation, which imports this module

        return load_view(text)

    def __repr__(self) -> str:
        """Code that makes an equal view: ``PlayerView.parse('...')``.

        The text is the view string of :func:`~sixtysix.notation.dump_view`: the
        position with ``??`` for every card the seat cannot see, then ``@seat``. So
        ``eval(repr(view)) == view`` where the names of ``from sixtysix import *`` are
        defined, and nothing hidden is shown (nor invented).

        >>> from sixtysix import CLASSIC_66, new_hand
        >>> view = observe(new_hand(CLASSIC_66, seed=7), 1)
        >>> view
        PlayerView.parse('CLASSIC_66 0 AS ???????????? KCAD9DKHJHTS ????...??AS L1 - - - - - @1')
        >>> eval(repr(view)) == view
        True
        """
        from ._hooks import dump_view  # made by notation, which imports this module

        try:
            return f"PlayerView.parse({dump_view(self)!r})"
        except ValueError:
            return self.describe()

    def __str__(self) -> str:
        """What the seat sees, on several lines (:func:`~sixtysix.notation.render`).

        >>> from sixtysix import CLASSIC_66, new_hand
        >>> print(observe(new_hand(CLASSIC_66, seed=7), 1))
        CLASSIC_66, trump spades (S), dealer seat 0
        talon: 12 cards, turn-up AS
        seat 0: ?? ?? ?? ?? ?? ?? (6 cards)
        seat 1: KC AD 9D KH JH TS
        seat 0 won 0 tricks, 0 points
        seat 1 won 0 tricks, 0 points
        to move: seat 1 (lead)
        """
        from ._hooks import render  # made by notation, which imports this module

        try:
            return render(self)
        except ValueError:
            return self.describe()

    def describe(self) -> str:
        """A one-line summary for debugging: seat, step, trump, talon, hand, points."""
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
        from ._hooks import position_svg  # made by svg, which imports this module

        return position_svg(self)


def strict_exclusions(facts: PlayerView | HandState, seat: int) -> int:
    """The cards that ``seat``'s opponent showed it lacked in the strict-phase tricks.

    Only the public facts are read (rules, trump, dealer, the cards played and won, the
    close snapshot), so this works on a view and on a state whose hidden cards are not
    placed yet (:func:`~sixtysix.notation.load_view`); the mask may include seen cards.
    """
    rules = facts.rules
    strict = rules.strict_play
    opp = 1 - seat
    trump_mask = SUIT_MASK[facts.trump]
    played = facts.played
    won = facts.won
    exhausted_from = rules.talon_size // 2
    snap = facts.close_snapshot
    closed_from = snap.tricks_played if snap is not None else exhausted_from
    first_strict = min(exhausted_from, closed_from)
    leader = 1 - facts.dealer
    excluded = 0
    for k in range(len(played) // 2):
        lead = played[2 * k]
        if k >= first_strict and leader != opp:
            follow = played[2 * k + 1]
            lead_suit = lead >> 3
            follow_suit = follow >> 3
            if follow_suit != lead_suit:
                excluded |= SUIT_MASK[lead_suit]
                if follow_suit != facts.trump and strict in (_HEAD_OR_TRUMP, _FOLLOW_OR_TRUMP):
                    excluded |= trump_mask
            elif strict is _HEAD_OR_TRUMP and follow > lead:
                excluded |= HIGHER[lead]
        leader = _trick_winner(won, lead)
    return excluded


def observe(state: HandState, seat: int) -> PlayerView:
    """The view of ``state`` that seat ``seat`` has: what it can know, nothing more.

    Args:
        state: A hand state (in progress or finished).
        seat: The observing seat, 0 or 1.

    Raises:
        DealError: ``seat`` is not 0 or 1.
        PositionError: ``state`` is not a :class:`~sixtysix.HandState`.
    """
    if type(seat) is not int or seat not in (0, 1):
        raise DealError(f"the seat must be 0 or 1, not {quote(seat)}")
    if type(state) is not HandState:
        raise PositionError(f"observe needs a HandState, not {type(state).__name__}")
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
                known |= KING_QUEEN[suit]
    amours = (state.declared >> (8 + 4 * opp)) & 15  # rules §13.12: an amour shows A and T
    if amours:
        for suit in range(4):
            if (amours >> suit) & 1:
                known |= 3 << (8 * suit)
    if state.exchanged_by == opp:
        known |= 1 << dealt
    talon = state.talon
    if not talon:
        # The loser of the last drawing trick took the bottom card of the talon.
        last_draw = rules.talon_size // 2 - 1
        if 1 - _trick_winner(won, state.played[2 * last_draw]) == opp:
            bottom = (
                exchange_card_index(rules.deck, state.trump) if state.exchanged_by >= 0 else dealt
            )
            known |= 1 << bottom
    known &= ~played_mask
    return _build_view(
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


#: Positional constructor of :class:`PlayerView` without the check (for :func:`observe`,
#: whose views are consistent by construction).
_build_view: type[PlayerView] = fast_constructor(PlayerView)


def validate_view(view: PlayerView) -> list[str]:
    """The problems of a seat's view: empty exactly when some reachable state gives it.

    The view's fields are checked for type and range, then the view is completed with
    the unseen cards in canonical order and that state is checked by
    :func:`~sixtysix.validate`; the known opponent cards must be exactly what the
    public facts tell the seat, and the inferences must leave enough unseen cards for
    the opponent's hand.

    >>> import attrs
    >>> from sixtysix import CLASSIC_66, new_hand
    >>> view = observe(new_hand(CLASSIC_66, seed=7), 1)
    >>> validate_view(view)
    []
    >>> attrs.evolve(view, talon_size=11)
    Traceback (most recent call last):
    ...
    sixtysix.errors.PositionError: not a view of any reachable state: talon_size is 11; ...
    """
    out = field_problems(view, PAIR_FIELDS[1:])
    for name in ("seat", "opponent_hand_size", "talon_size", "talon_bottom"):
        if type(getattr(view, name, None)) is not int:
            out.append(f"{name} must be an int (not a bool)")
    for name in ("hand_mask", "opponent_known_mask"):
        value = getattr(view, name, None)
        if not (type(value) is int and 0 <= value <= DECK_BITS):
            out.append(f"{name} must be a card bitmask (0 to 2**32 - 1)")
    if out:
        return out
    r = view.rules
    if view.seat not in (0, 1):
        out.append(f"seat is {quote(view.seat)}, not 0 or 1")
    if not 0 <= view.opponent_hand_size <= r.hand_size:
        out.append(
            f"opponent_hand_size is {quote(view.opponent_hand_size)}, outside 0 to {r.hand_size}"
        )
    if not 0 <= view.talon_size <= r.talon_size or view.talon_size % 2:
        out.append(
            f"talon_size is {quote(view.talon_size)}; the talon holds an even number of cards "
            f"from 0 to {r.talon_size}"
        )
    if not -1 <= view.talon_bottom <= 31 or (view.talon_bottom < 0) != (view.talon_size == 0):
        out.append("talon_bottom must be a card index exactly while the talon has cards")
    if out:
        return out
    seen = 0
    table = (1 << view.lead) if view.lead >= 0 else 0
    bottom = (1 << view.talon_bottom) if view.talon_bottom >= 0 else 0
    for mask in (
        view.hand_mask,
        view.won[0],
        view.won[1],
        view.opponent_known_mask,
        table,
        bottom,
    ):
        if mask & seen or mask & ~r.deck.mask:
            where = _cards_text(mask & (seen | ~r.deck.mask))
            return [f"the view places {where} twice or outside the deck"]
        seen |= mask
    try:
        unseen, in_hand, _ = _hidden_counts(view)
    except DealError as exc:
        return [str(exc)]
    possible = (unseen & ~view.opponent_excluded_mask).bit_count()
    if possible < in_hand:
        return [
            f"the opponent holds {in_hand} unseen cards but only {possible} unseen cards "
            "are possible for them"
        ]
    shadow = _shadow_state(view)
    problems = state_problems(shadow)
    if problems:
        return problems
    if observe(shadow, view.seat) != view:
        return ["the known opponent cards are not what the public facts tell the seat"]
    return []


def _cards_text(mask: int) -> str:
    return " ".join(str(c) for c in cards_of(mask & DECK_BITS)) or "a card"


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
    """A state with the view's public facts; unseen cards placed in index order.

    The opponent gets the first unseen cards it can hold (those the strict-phase
    inferences leave it), so that the strict tricks it followed stay legal.
    """
    unseen, in_hand, _ = _hidden_counts(view)
    excluded = view.opponent_excluded_mask
    ids = [*iter_mask(unseen & ~excluded), *iter_mask(unseen & excluded)]
    opponent = 0
    for i in ids[:in_hand]:
        opponent |= 1 << i
    rest = tuple(sorted(ids[in_hand:]))
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
            view made by :func:`observe`), or ``rng`` is not a :class:`random.Random`.
        PositionError: ``view`` is not a :class:`PlayerView`.
    """
    if type(view) is not PlayerView:
        raise PositionError(f"determinize needs a PlayerView, not {type(view).__name__}")
    if not isinstance(rng, random.Random):
        raise DealError(f"determinize needs a random.Random, not {type(rng).__name__}")
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


# The check that sixtysix.validate.validate runs on a view (sixtysix._hooks).
_hooks.view_problems.register(
    lambda value: validate_view(value) if isinstance(value, PlayerView) else None
)
