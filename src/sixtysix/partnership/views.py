"""What one seat knows (rules §10.9): :func:`observe` and :func:`determinize`.

A :class:`PartnershipView` holds what a seat with perfect memory knows and nothing else:
its own hand, the turn-up (held by the dealer until played), every card played and by
whom, every trick's winner, all points, the match scores, and the cards each other seat
cannot hold by the obligations of §10.4 (:attr:`PartnershipView.excluded`). Two states
that differ only in cards the seat cannot see give equal views. :func:`determinize` deals
the unseen cards at random, uniformly among the deals that agree with every one of those
facts.

>>> import random
>>> from sixtysix import partnership as p4
>>> state = p4.new_hand(p4.FOUR_HAND_66, seed=7)
>>> view = p4.observe(state, 2)
>>> view.to_move, len(view.hand), view.hand_sizes
(1, 8, (8, 8, 8, 8))
>>> sample = p4.determinize(view, random.Random(1))
>>> p4.observe(sample, 2) == view and sample.hands[2] == state.hands[2]
True

**The inferences** (§10.9), for a follower to a trick whose best card so far is ``b``:

* it played another suit than the one led: it holds none of the led suit;
* it followed suit without beating ``b``, in a trick not trumped (on a trump lead too):
  it holds no card of the led suit higher than ``b``;
* it was void and played no trump: it holds no trump; except under ``FREE`` when ``b``
  is a trump: then it holds no trump higher than ``b``;
* it trumped without beating the trump ``b``: it holds no trump higher than ``b``.

No card is drawn, so these facts hold to the end of the hand.
"""

from __future__ import annotations

import functools
import random

import attrs

from .. import _hooks
from .._family.determinize import count_placements, draw_placement, first_placement
from ..cards import CARDS, Card
from ..errors import DealError, ParseError, PositionError, quote
from ..moves import Play
from ..state import fast_constructor
from ._bits import HIGHER, POINTS, SUIT_MASK, TEN_OFFSET, beats, iter_mask
from .rules import PartnershipRules, Undertrump
from .state import PartnershipState, PublicFacts, build_state, players_of

__all__ = ["PartnershipView", "determinize", "dump_view", "inferences", "load_view", "observe"]

_FREE = Undertrump.FREE


@attrs.frozen(repr=False, cache_hash=True, weakref_slot=False)
class PartnershipView(PublicFacts):
    """What seat :attr:`seat` knows at one moment of a deal; made by :func:`observe`.

    :meth:`legal_moves` lists the seat's moves when it is to move, so bots written for
    the two-hand game's ``view.legal_moves()`` work unchanged.

    Attributes:
        rules: The rule set.
        seat: Whose view this is (0 to 3).
        dealer: The dealer's seat.
        trump: The trump suit's index.
        turnup_index: Index of the turned-up card.
        hand_mask: The seat's own cards.
        hand_sizes: How many cards each seat holds.
        leader: The seat that led (or leads) the current trick.
        trick: The cards of the current trick, in order.
        best: The card winning the current trick so far, or -1.
        won: Cards won by side 0 and side 1.
        card_points: Card points won by each side.
        played: Every card played, in order.
        scores: The sides' match scores when the hand was dealt.
        ten_side: The side that won the trump ten, or -1.
        over: Whether the hand has ended.
        excluded: For each seat, the cards it is known not to hold by the play
            obligations (§10.9); 0 for the viewing seat itself.

    Raises:
        PositionError: built by hand, the view is not that of any state legal play
            reaches (:func:`observe` builds views without this check).
    """

    rules: PartnershipRules
    seat: int
    dealer: int
    trump: int
    turnup_index: int
    hand_mask: int
    hand_sizes: tuple[int, int, int, int]
    leader: int
    trick: tuple[int, ...]
    best: int
    won: tuple[int, int]
    card_points: tuple[int, int]
    played: tuple[int, ...]
    scores: tuple[int, int]
    ten_side: int
    over: bool
    excluded: tuple[int, int, int, int]

    def __attrs_post_init__(self) -> None:
        """Check a view built by hand (:func:`observe` skips this)."""
        problem = _view_problem(self)
        if problem is not None:
            raise PositionError(f"not a view of any reachable four-hand state: {problem}")

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own cards, in canonical order."""
        return tuple(CARDS[i] for i in iter_mask(self.hand_mask))

    @property
    def partner(self) -> int:
        """The partner's seat."""
        return (self.seat + 2) & 3

    @property
    def turnup_held(self) -> bool:
        """Whether the dealer still holds the turn-up (everybody knows where it is)."""
        return self.turnup_index not in self.played

    @property
    def known(self) -> tuple[int, int, int, int]:
        """For each seat, the cards the viewer knows it holds.

        That is the viewer's own hand, and the turn-up in the dealer's hand until the
        dealer plays it.
        """
        known = [0, 0, 0, 0]
        known[self.seat] = self.hand_mask
        if self.turnup_held:
            known[self.dealer] |= 1 << self.turnup_index
        return (known[0], known[1], known[2], known[3])

    @property
    def unseen_mask(self) -> int:
        """The cards in other seats' hands whose holder the viewer does not know."""
        played = 0
        for i in self.played:
            played |= 1 << i
        known = self.known
        return self.rules.deck.mask & ~played & ~(known[0] | known[1] | known[2] | known[3])

    @property
    def players(self) -> tuple[int, ...]:
        """The seat that played each card of :attr:`played`."""
        return players_of(self.dealer, self.trump, self.played)

    def legal_moves(self) -> tuple[Play, ...]:
        """The seat's legal moves, or ``()`` when another seat is to move or it is over."""
        from .engine import legal_moves

        if self.to_move != self.seat:
            return ()
        return legal_moves(self)

    @classmethod
    def parse(cls, text: str) -> PartnershipView:
        """The view written by ``dump_view`` (what ``repr`` shows).

        Raises:
            ParseError: the text is not the view of a possible deal (see ``load_view``).
        """
        return load_view(text)

    def __repr__(self) -> str:
        """Code that makes an equal view: ``PartnershipView.parse('...')``.

        The text is the view string of ``dump_view``, with ``??`` for every card
        the seat cannot see; ``eval(repr(view)) == view`` where the names of
        ``from sixtysix.partnership import *`` are defined.

        >>> from sixtysix import partnership as p4
        >>> view = observe(p4.new_hand(p4.FOUR_HAND_24, seed=2), 1)
        >>> view
        PartnershipView.parse('FOUR_HAND_24 0 0-0 JH JH?????????? TCQCTD9DAS9S ... - @1')
        >>> eval(repr(view)) == view
        True
        """
        return f"PartnershipView.parse({dump_view(self)!r})"

    def __str__(self) -> str:
        """What the seat sees, on several lines: the other hands are counted, not shown.

        The same text as ``partnership.render(state, seat)`` for any state of this view.

        >>> from sixtysix import partnership as p4
        >>> print(observe(p4.new_hand(p4.FOUR_HAND_24, seed=2), 1))
        four-hand FOUR_HAND_24, dealer seat 0, trump H (turn-up JH), match 0-0
        seat 0 (side 0): 6 cards
        seat 1 (side 1): TCQCTD9DAS9S
        seat 2 (side 0): 6 cards
        seat 3 (side 1): 6 cards
        points: side 0 0 (0 tricks), side 1 0 (0 tricks)
        to move: seat 1
        """
        from .notation import render  # notation imports the engine, which needs this module

        return render(_a_state_of(self), seat=self.seat)


#: A card the view's seat cannot see, in a view string.
HIDDEN = "??"


def _a_state_of(view: PartnershipView) -> PartnershipState:
    """One state of ``view`` (the same for equal views): only its public part is used."""
    return determinize(view, random.Random(0))


def dump_view(view: PartnershipView) -> str:
    """The one-line text of a seat's view; ``load_view`` reads it back.

    It is the position string (see :func:`~sixtysix.partnership.dump_position`) with
    ``??`` for every card in another seat's hand (the turn-up, while the dealer holds
    it, is named), followed by a tenth field, ``@0`` to ``@3``: whose view it is.

    >>> from sixtysix import partnership as p4
    >>> view = p4.observe(p4.new_hand(p4.FOUR_HAND_24, seed=2), 2)
    >>> p4.dump_view(view)
    'FOUR_HAND_24 0 0-0 JH JH?????????? ???????????? JCADQDTHTSJS ???????????? - @2'
    >>> p4.load_view(p4.dump_view(view)) == view
    True

    Raises:
        DealError: ``view`` is not a :class:`PartnershipView`.
    """
    if type(view) is not PartnershipView:
        raise DealError(f"dump_view needs a PartnershipView, not {type(view).__name__}")
    from .notation import dump_position  # notation imports the engine, which needs this module

    fields = dump_position(_a_state_of(view)).split(" ")
    known = view.known
    for seat in range(4):
        if seat != view.seat:
            named = "".join(str(CARDS[i]) for i in iter_mask(known[seat]))
            hidden = view.hand_sizes[seat] - known[seat].bit_count()
            fields[4 + seat] = named + HIDDEN * hidden or "-"
    return " ".join(fields) + f" @{view.seat}"


def load_view(text: str) -> PartnershipView:
    """The :class:`PartnershipView` written by ``dump_view``.

    The ``??`` cards are dealt to their seats in a way that agrees with every card played
    (:func:`inferences`), and the position is then checked as
    :func:`~sixtysix.partnership.load_position` checks one (the cards replayed by the
    rules of play); the named cards of the other seats must be exactly what the seat
    knows (the turn-up in the dealer's hand, until played).

    Raises:
        ParseError: the text is not a view string, or no deal of the hidden cards agrees
            with it; the message names the field.
    """
    from . import notation  # notation imports the engine, which needs this module

    if not isinstance(text, str):
        raise ParseError(f"a view must be given as text, not {quote(text)}")
    fields = text.split()
    if len(fields) != len(notation.FIELDS) + 1:
        raise ParseError(
            f"a four-hand view has {len(notation.FIELDS) + 1} fields (the "
            f"{len(notation.FIELDS)} of a position, with ?? for the cards the seat cannot "
            f"see, then @0 to @3), not {len(fields)}"
        )
    if fields[-1] not in ("@0", "@1", "@2", "@3"):
        raise ParseError(
            f"field 10 (seat) {quote(fields[-1])}: expected @0 to @3, the seat whose view it is"
        )
    seat = int(fields[-1][1])
    fields = fields[:-1]
    written = list(fields)
    for number in (2, 3, 4, 5 + seat, 9):
        if HIDDEN in fields[number - 1]:
            raise ParseError(
                f"field {number} ({notation.FIELDS[number - 1]}) {quote(fields[number - 1])}: "
                "the seat sees it, so it has no ??"
            )
    if fields[1] in ("0", "1", "2", "3"):
        rules = notation._parse_rules(fields[0])
        dealer = int(fields[1])
        turnup = notation._cards(4, fields[3])
        played = tuple(notation._cards(9, fields[8]))
        if len(turnup) == 1 and all(rules.deck.mask >> c & 1 for c in (*turnup, *played)):
            fields = _deal_hidden(fields, seat, rules, dealer, turnup[0] >> 3, played)
    view = observe(notation.load_position(" ".join(fields)), seat)
    for other in range(4):
        named = [t for t in _tokens(written[4 + other]) if t != HIDDEN]
        if other != seat and sum(1 << Card.parse(t).index for t in named) != view.known[other]:
            knows = " ".join(str(CARDS[i]) for i in iter_mask(view.known[other])) or "no card"
            raise ParseError(
                f"field {5 + other} (hand {other}) {quote(written[4 + other])}: seat {seat} "
                f"knows that seat {other} holds {knows}; the others are written ??"
            )
    return view


def _deal_hidden(
    fields: list[str],
    seat: int,
    rules: PartnershipRules,
    dealer: int,
    trump: int,
    played: tuple[int, ...],
) -> list[str]:
    """``fields`` with each ``??`` replaced by a card its seat may hold (first such deal)."""
    others = [s for s in range(4) if s != seat]
    tokens = {s: _tokens(fields[4 + s]) for s in range(4)}
    named = {t for s in range(4) for t in tokens[s] if t != HIDDEN}
    named |= {str(CARDS[i]) for i in played}
    cards = [c.index for c in rules.deck.cards if str(c) not in named]
    quotas = [tokens[s].count(HIDDEN) for s in others]
    if sum(quotas) != len(cards):
        raise ParseError(
            f"the view hides {sum(quotas)} cards, but {len(cards)} cards of the "
            f"{rules.deck.name} deck are not named in it"
        )
    excluded = inferences(dealer, trump, played, rules.undertrump)
    allowed = [
        sum(1 << k for k, s in enumerate(others) if not excluded[s] >> c & 1) for c in cards
    ]
    placed = first_placement(cards, allowed, (quotas[0], quotas[1], quotas[2]))
    if placed is None:
        raise ParseError(
            "no deal of the ?? cards agrees with the cards played (each seat must hold "
            "cards it may hold by the rules of play, rules §10.9)"
        )
    dealt = [[str(CARDS[card]) for card in part] for part in placed]
    out = list(fields)
    for k, s in enumerate(others):
        fill = iter(dealt[k])
        out[4 + s] = "".join(next(fill) if t == HIDDEN else t for t in tokens[s]) or "-"
    return out


def _tokens(text: str) -> list[str]:
    """The two-letter codes of a card field (``-``: none), ``??`` among them."""
    return [] if text == "-" else [text[k : k + 2] for k in range(0, len(text), 2)]


def _is_int(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _is_ints(value: object, size: int, low: int, high: int) -> bool:
    return (
        type(value) is tuple and len(value) == size and all(_is_int(x, low, high) for x in value)
    )


def _view_problem(v: PartnershipView) -> str | None:
    """What makes ``v`` the view of no reachable state, or ``None``.

    The public fields follow from the rules, dealer, trump, match scores, turn-up and the
    cards played; the seat's own plays must have been legal from its hand, nobody may
    have played a card the earlier plays showed it did not hold, and the unseen cards
    must be dealable to the other seats.
    """
    rules: object = v.rules
    if not isinstance(rules, PartnershipRules):
        return f"rules must be PartnershipRules, not {quote(rules)}"
    deck = rules.deck.mask
    for name in ("seat", "dealer", "trump"):
        if not _is_int(getattr(v, name), 0, 3):
            return f"{name} must be 0 to 3, not {quote(getattr(v, name))}"
    turnup = v.turnup_index
    if not _is_int(turnup, 0, 31) or not (deck >> turnup) & 1 or turnup >> 3 != v.trump:
        return f"turnup_index must be a card of the deck of the trump suit, not {quote(turnup)}"
    hand = v.hand_mask
    if not (type(hand) is int and hand >= 0 and not hand & ~deck):
        return f"hand_mask must be a set of cards of the deck, not {quote(hand)}"
    played = v.played
    if not (type(played) is tuple and all(_is_int(c, 0, 31) and (deck >> c) & 1 for c in played)):
        return f"played must be a tuple of cards of the deck, not {quote(played)}"
    played_mask = 0
    for c in played:
        played_mask |= 1 << c
    if played_mask.bit_count() != len(played) or played_mask & hand:
        return "a card is played twice, or played and still held"
    if not _is_ints(v.scores, 2, 0, rules.match_target - 1):
        return f"scores must be two numbers below the match target, not {quote(v.scores)}"
    seat, dealer, trump = v.seat, v.dealer, v.trump
    seats = players_of(dealer, trump, played)
    if (turnup in played and seats[played.index(turnup)] != dealer) or (
        turnup not in played and bool((hand >> turnup) & 1) != (seat == dealer)
    ):
        return f"the turn-up {CARDS[turnup]} is the dealer's (seat {dealer})"
    # Replay the public facts trick by trick, checking every play that can be checked.
    size = rules.hand_size
    leader, best = (dealer + 1) & 3, -1
    trick: list[int] = []
    won, points, ten_side, over = [0, 0], [0, 0], -1, False
    held = hand | sum(1 << c for c, s in zip(played, seats, strict=True) if s == seat)
    ten = trump * 8 + TEN_OFFSET
    for k, card in enumerate(played):
        if over:
            return f"card {k + 1} ({CARDS[card]}) was played after the hand ended"
        who = seats[k]
        lacked = inferences(dealer, trump, played[:k], rules.undertrump)[who]
        if who != seat and (lacked >> card) & 1:
            return f"seat {who} played {CARDS[card]}, which the earlier plays showed it lacked"
        if who == seat:
            if (
                trick
                and not (_playable_by(held, trick[0], best, trump, rules.undertrump) >> card) & 1
            ):
                return f"seat {seat}'s own play {CARDS[card]} was not legal"
            held &= ~(1 << card)
        trick.append(card)
        if len(trick) == 1 or beats(card, best, trump):
            best = card
        if len(trick) == 4:
            winner = (leader + trick.index(best)) & 3
            mask = sum(1 << c for c in trick)
            won[winner & 1] |= mask
            points[winner & 1] += sum(POINTS[c] for c in trick)
            if rules.ten_of_trumps_point and (mask >> ten) & 1:
                ten_side = winner & 1
                over = v.scores[ten_side] + 1 >= rules.match_target
            leader, trick, best = winner, [], -1
    over = over or len(played) == rules.deck.size
    counts = [0, 0, 0, 0]
    for who in seats:
        counts[who] += 1
    expected = {
        "hand_sizes": tuple(size - n for n in counts),
        "leader": leader,
        "trick": tuple(trick),
        "best": best,
        "won": (won[0], won[1]),
        "card_points": (points[0], points[1]),
        "ten_side": ten_side,
        "over": over,
    }
    for name, value in expected.items():
        if getattr(v, name) != value or type(getattr(v, name)) is not type(value):
            return f"{name} is {quote(getattr(v, name))}, but the cards played give {value}"
    if hand.bit_count() != size - counts[seat]:
        return f"seat {seat} holds {hand.bit_count()} cards, not {size - counts[seat]}"
    excluded = list(inferences(dealer, trump, played, rules.undertrump))
    excluded[seat] = 0
    if v.excluded != tuple(excluded):
        return "excluded is not what the cards played show"
    if not _dealable(v):
        return "no deal of the unseen cards agrees with what the view knows"
    return None


def _playable_by(hand: int, lead: int, best: int, trump: int, undertrump: Undertrump) -> int:
    from .engine import _playable

    return _playable(hand, lead, best, trump, undertrump)


def _dealable(view: PartnershipView) -> bool:
    """Whether the unseen cards can be dealt to the other seats without a contradiction."""
    others = [s for s in range(4) if s != view.seat]
    known = view.known
    quotas = [view.hand_sizes[s] - known[s].bit_count() for s in others]
    cards = list(iter_mask(view.unseen_mask))
    if min(quotas) < 0 or sum(quotas) != len(cards):  # pragma: no cover - ruled out before
        return False
    allowed = [
        sum(1 << k for k in range(3) if not (view.excluded[others[k]] >> c) & 1) for c in cards
    ]
    return count_placements(allowed, (quotas[0], quotas[1], quotas[2])) > 0


def inferences(
    dealer: int, trump: int, played: tuple[int, ...], undertrump: Undertrump
) -> tuple[int, int, int, int]:
    """For each seat, the cards it cannot hold, inferred from the cards played (§10.9).

    >>> from sixtysix import partnership as p4
    >>> from sixtysix.cards import Card, Suit
    >>> from sixtysix.cards import cards_of
    >>> cards = tuple(Card.parse(t).index for t in "QH 9H 7S 8C".split())
    >>> ex = p4.inferences(0, Suit.SPADES, cards, p4.Undertrump.REQUIRED)
    >>> [str(c) for c in cards_of(ex[2])], [len(cards_of(m)) for m in ex]
    (['AH', 'TH', 'KH'], [16, 0, 3, 8])

    Seat 2 followed the queen of hearts low (no higher heart), seat 3 trumped (no heart),
    seat 0 threw a club (no heart, no trump); seat 1 led and is unconstrained.
    """
    excluded = [0, 0, 0, 0]
    seats = players_of(dealer, trump, played)
    trump_mask = SUIT_MASK[trump]
    free = undertrump is _FREE
    for start in range(0, len(played), 4):
        trick = played[start : start + 4]
        led = trick[0] >> 3
        best = trick[0]
        for pos in range(1, len(trick)):
            card = trick[pos]
            seat = seats[start + pos]
            suit = card >> 3
            if suit == led:
                if best >> 3 == led and not beats(card, best, trump):
                    excluded[seat] |= HIGHER[best]
            else:
                excluded[seat] |= SUIT_MASK[led]
                trumped = best >> 3 == trump
                if suit != trump:
                    if trumped and free:
                        excluded[seat] |= HIGHER[best]
                    else:
                        excluded[seat] |= trump_mask
                elif trumped and card > best:
                    excluded[seat] |= HIGHER[best]
            if beats(card, best, trump):
                best = card
    return (excluded[0], excluded[1], excluded[2], excluded[3])


@functools.lru_cache(maxsize=1 << 14)
def _cached_inferences(
    dealer: int, trump: int, played: tuple[int, ...], undertrump: Undertrump
) -> tuple[int, int, int, int]:
    # Memoised on the cards played: the four seats' views of one position, and the views
    # of the states sampled from them, share one computation.
    return inferences(dealer, trump, played, undertrump)


def observe(state: PartnershipState, seat: int) -> PartnershipView:
    """What ``seat`` knows of ``state``.

    Raises:
        PositionError: ``state`` is not a :class:`PartnershipState`.
        DealError: ``seat`` is not 0 to 3.
    """
    if type(state) is not PartnershipState:
        raise PositionError(f"observe needs a PartnershipState, not {type(state).__name__}")
    if type(seat) is not int or not 0 <= seat <= 3:
        raise DealError(f"a four-hand seat is 0 to 3, not {quote(seat)}")
    hands = state.hands
    excluded = list(
        _cached_inferences(state.dealer, state.trump, state.played, state.rules.undertrump)
    )
    excluded[seat] = 0
    return _build_view(
        state.rules,
        seat,
        state.dealer,
        state.trump,
        state.turnup_index,
        hands[seat],
        (hands[0].bit_count(), hands[1].bit_count(), hands[2].bit_count(), hands[3].bit_count()),
        state.leader,
        state.trick,
        state.best,
        state.won,
        state.card_points,
        state.played,
        state.scores,
        state.ten_side,
        state.over,
        (excluded[0], excluded[1], excluded[2], excluded[3]),
    )


#: Positional constructor of :class:`PartnershipView` for :func:`observe` (same result,
#: without the check of a view built by hand).
_build_view: type[PartnershipView] = fast_constructor(PartnershipView)

_REJECTION_TRIES = 16


def determinize(view: PartnershipView, rng: random.Random) -> PartnershipState:
    """A full state drawn uniformly among those consistent with ``view``.

    The viewer's hand, every played card and the dealer's turn-up (while held) stay where
    they are; the other cards go to the other three seats, each getting as many as it
    holds, never a card that seat is known not to hold (:attr:`PartnershipView.excluded`).
    Every such deal is equally likely: a uniform shuffle is tried a few times and, if it
    keeps breaking the inferences, the deal is drawn card by card with exact counts.

    Raises:
        PositionError: ``view`` is not a :class:`PartnershipView`.
        DealError: ``rng`` is not a :class:`random.Random`, or no deal agrees with the
            view (a view not made by :func:`observe`).
    """
    if type(view) is not PartnershipView:
        raise PositionError(f"determinize needs a PartnershipView, not {type(view).__name__}")
    if not isinstance(rng, random.Random):
        raise DealError(f"determinize needs a random.Random, not {type(rng).__name__}")
    others = [s for s in range(4) if s != view.seat]
    known = view.known
    hands = list(known)
    quotas = [view.hand_sizes[s] - known[s].bit_count() for s in others]
    cards = list(iter_mask(view.unseen_mask))
    if len(cards) != sum(quotas) or min(quotas) < 0:
        raise DealError("the view's hand sizes do not match its unseen cards")
    excluded = [view.excluded[s] for s in others]
    allowed = [
        (not (excluded[0] >> c) & 1)
        | (not (excluded[1] >> c) & 1) << 1
        | (not (excluded[2] >> c) & 1) << 2
        for c in cards
    ]
    for _ in range(_REJECTION_TRIES):
        order = cards[:]
        rng.shuffle(order)
        a, b = quotas[0], quotas[0] + quotas[1]
        parts = (order[:a], order[a:b], order[b:])
        masks = [sum(1 << c for c in part) for part in parts]
        if not any(masks[k] & excluded[k] for k in range(3)):
            break
    else:
        placed = draw_placement(cards, allowed, (quotas[0], quotas[1], quotas[2]), rng)
        if placed is None:
            raise DealError("no deal of the unseen cards agrees with what the view knows")
        masks = [sum(1 << c for c in part) for part in placed]
    for k, s in enumerate(others):
        hands[s] |= masks[k]
    return build_state(
        view.rules,
        view.dealer,
        view.trump,
        view.turnup_index,
        (hands[0], hands[1], hands[2], hands[3]),
        view.leader,
        view.trick,
        view.best,
        view.won,
        view.card_points,
        view.played,
        view.scores,
        view.ten_side,
        view.over,
    )


# The view class that the engine takes besides a state (sixtysix._hooks).
_hooks.VIEW_CLASSES4.add(PartnershipView)
