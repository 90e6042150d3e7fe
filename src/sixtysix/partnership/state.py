"""The immutable state of one four-hand deal (:class:`PartnershipState`).

Seats ``0 1 2 3`` sit clockwise; side ``0`` is seats 0 and 2, side ``1`` seats 1 and 3
(rules §10.1), so a seat's side is ``seat & 1``. Card sets are ``int`` bitmasks over
:attr:`~sixtysix.Card.index`; the properties give the same facts as cards and numbers.
States are made by :func:`~sixtysix.partnership.new_hand` or
:func:`~sixtysix.partnership.deal_from_order` and advanced only by
:func:`~sixtysix.partnership.apply_move`.

>>> from sixtysix import partnership as p4
>>> s = p4.new_hand(p4.FOUR_HAND_24, seed=7, dealer=0)
>>> s.to_move, len(s.hand(1)), s.turnup in s.hand(0), s.trump_suit == s.turnup.suit
(1, 6, True, True)
"""

from __future__ import annotations

from typing import Protocol

import attrs

from ..cards import CARDS, Card, Suit
from ..state import fast_constructor
from ._bits import beats, iter_mask
from .rules import PartnershipRules

__all__ = ["PartnershipState", "PublicFacts", "players_of", "side_of"]


def side_of(seat: int) -> int:
    """The side (0 or 1) of a seat: seats 0 and 2 are side 0, seats 1 and 3 side 1.

    >>> from sixtysix import partnership as p4
    >>> [p4.side_of(s) for s in range(4)]
    [0, 1, 0, 1]
    """
    return seat & 1


class _Public(Protocol):
    @property
    def leader(self) -> int: ...
    @property
    def trick(self) -> tuple[int, ...]: ...
    @property
    def won(self) -> tuple[int, int]: ...
    @property
    def card_points(self) -> tuple[int, int]: ...
    @property
    def played(self) -> tuple[int, ...]: ...
    @property
    def over(self) -> bool: ...
    @property
    def trump(self) -> int: ...
    @property
    def turnup_index(self) -> int: ...
    @property
    def scores(self) -> tuple[int, int]: ...
    @property
    def ten_side(self) -> int: ...
    @property
    def rules(self) -> PartnershipRules: ...


class PublicFacts:
    """Facts every seat knows, shared by :class:`PartnershipState` and the views."""

    __slots__ = ()

    @property
    def to_move(self: _Public) -> int | None:
        """The seat to play (0 to 3), or ``None`` when the hand is over."""
        if self.over:
            return None
        return (self.leader + len(self.trick)) & 3

    @property
    def is_over(self: _Public) -> bool:
        """Whether the hand has ended."""
        return self.over

    @property
    def trump_suit(self: _Public) -> Suit:
        """The trump suit: the suit of the turn-up."""
        return Suit(self.trump)

    @property
    def ended_by_ten(self: _Public) -> bool:
        """Whether the ten of trumps ended the hand (and the match) (rules §10.7).

        That is when the side that won the trump ten reached ``match_target`` with its
        point: the hand ended right after that trick, whichever trick it was (the last one
        too), and nothing else of the hand is scored.
        """
        side = self.ten_side
        return self.over and side >= 0 and self.scores[side] + 1 >= self.rules.match_target

    @property
    def turnup(self: _Public) -> Card:
        """The turned-up card (the dealer's last card)."""
        return CARDS[self.turnup_index]

    @property
    def current_trick(self: _Public) -> tuple[Card, ...]:
        """The cards of the trick in progress, in the order played (from :attr:`leader`)."""
        return tuple(CARDS[i] for i in self.trick)

    @property
    def tricks_played(self: _Public) -> int:
        """Completed tricks."""
        return (self.won[0] | self.won[1]).bit_count() >> 2

    def tricks(self: _Public, side: int) -> int:
        """Tricks won by ``side`` (0 or 1)."""
        return self.won[side].bit_count() >> 2

    @property
    def played_cards(self: _Public) -> tuple[Card, ...]:
        """Every card played, in order (tricks are consecutive runs of four)."""
        return tuple(CARDS[i] for i in self.played)

    def points(self: _Public, side: int) -> int:
        """Card points won by ``side`` so far (the last-trick 10 is added by scoring)."""
        return self.card_points[side]


@attrs.frozen(repr=False, weakref_slot=False)
class PartnershipState(PublicFacts):
    """One four-hand deal at one moment.

    Attributes:
        rules: The rule set.
        dealer: The dealer's seat (0 to 3).
        trump: The trump suit's index (0 clubs, 1 diamonds, 2 hearts, 3 spades).
        turnup_index: Index of the turned-up card (the dealer's last card).
        hands: The cards each seat holds, as bitmasks, by seat.
        leader: The seat that led (or is to lead) the current trick.
        trick: Indices of the cards of the current trick, in the order played.
        best: Index of the card winning the current trick so far, or -1.
        won: Cards in the tricks won by side 0 and side 1.
        card_points: Card points of those tricks, by side.
        played: Indices of all cards played, in order.
        scores: Both sides' match scores when the hand was dealt (0-0 outside a match,
            rules §10.7).
        ten_side: The side that won the trump ten in a trick, or -1.
        over: Whether the hand has ended (played out, or ended by the ten of trumps).
    """

    rules: PartnershipRules
    dealer: int
    trump: int
    turnup_index: int
    hands: tuple[int, int, int, int]
    leader: int
    trick: tuple[int, ...]
    best: int
    won: tuple[int, int]
    card_points: tuple[int, int]
    played: tuple[int, ...]
    scores: tuple[int, int]
    ten_side: int
    over: bool

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in canonical order."""
        return tuple(CARDS[i] for i in iter_mask(self.hands[seat]))

    @classmethod
    def parse(cls, text: str) -> PartnershipState:
        """The state of a position string (what ``repr`` shows; see ``load_position``).

        Raises:
            ParseError: the text is not a four-hand position (see
                :func:`~sixtysix.partnership.load_position`).
        """
        from .._hooks import load_position4  # made by notation, which imports this module

        return load_position4(text)

    def __repr__(self) -> str:
        """Code that makes an equal state: ``PartnershipState.parse('...')``.

        The text is the position string of
        :func:`~sixtysix.partnership.dump_position`, so ``eval(repr(state)) == state``
        where the names of ``from sixtysix.partnership import *`` are defined.

        >>> from sixtysix import partnership as p4
        >>> state = p4.new_hand(p4.FOUR_HAND_24, seed=2)
        >>> state
        PartnershipState.parse('FOUR_HAND_24 0 0-0 JH 9CKDAHKHJHQS ... -')
        >>> eval(repr(state), vars(p4)) == state
        True
        """
        from .._hooks import dump_position4  # made by notation, which imports this module

        return f"PartnershipState.parse({dump_position4(self)!r})"

    def __str__(self) -> str:
        """The deal on several lines, every hand shown (``partnership.render``).

        >>> from sixtysix import partnership as p4
        >>> print(p4.new_hand(p4.FOUR_HAND_24, seed=2))
        four-hand FOUR_HAND_24, dealer seat 0, trump H (turn-up JH), match 0-0
        seat 0 (side 0): 9CKDAHKHJHQS
        seat 1 (side 1): ...
        seat 2 (side 0): ...
        seat 3 (side 1): ...
        points: side 0 0 (0 tricks), side 1 0 (0 tricks)
        to move: seat 1
        """
        from .._hooks import render4  # made by notation, which imports this module

        return render4(self)


def dealt_state(
    rules: PartnershipRules,
    dealer: int,
    turnup: int,
    hands: tuple[int, int, int, int],
    scores: tuple[int, int],
) -> PartnershipState:
    """A hand as dealt (rules §10.3): nothing played, the dealer's left to lead.

    ``turnup`` is the index of the dealer's last card, whose suit is trump; ``scores``
    are the match scores before the hand. Nothing is checked: the engine and the
    position parser check their input before.
    """
    return build_state(
        rules,
        dealer,
        turnup >> 3,
        turnup,
        hands,
        (dealer + 1) & 3,
        (),
        -1,
        (0, 0),
        (0, 0),
        (),
        scores,
        -1,
        False,
    )


def players_of(dealer: int, trump: int, played: tuple[int, ...]) -> tuple[int, ...]:
    """The seat that played each card of ``played`` (a deal's cards in playing order).

    The dealer's left leads the first trick and each trick's winner leads the next
    (§10.4), so the seats follow from the cards alone.

    >>> from sixtysix import partnership as p4
    >>> from sixtysix.cards import Card, Suit
    >>> cards = tuple(Card.parse(t).index for t in "9H AH KH QH TS".split())
    >>> p4.players_of(0, Suit.SPADES, cards)
    (1, 2, 3, 0, 2)
    """
    out: list[int] = []
    leader = (dealer + 1) & 3
    for start in range(0, len(played), 4):
        trick = played[start : start + 4]
        best = trick[0]
        best_pos = 0
        for pos in range(1, len(trick)):
            card = trick[pos]
            if beats(card, best, trump):
                best, best_pos = card, pos
        out.extend((leader + k) & 3 for k in range(len(trick)))
        leader = (leader + best_pos) & 3
    return tuple(out)


#: Positional constructor of :class:`PartnershipState` used by the engine (same result;
#: see :func:`sixtysix.state.fast_constructor`).
build_state = fast_constructor(PartnershipState)
