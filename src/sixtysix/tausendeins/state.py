"""The immutable state of one Tausendeins deal (:class:`TausendeinsState`).

Card sets are ``int`` bitmasks over :attr:`~sixtysix.Card.index` (the two-hand layout:
``suit * 8 + 7 - rank``, so a suit's ace is its lowest bit). States are made by
:func:`~sixtysix.tausendeins.new_hand` or :func:`~sixtysix.tausendeins.deal_from_order`
and advanced only by :func:`~sixtysix.tausendeins.apply_move`.

>>> from sixtysix import tausendeins as t1
>>> s = t1.new_hand(t1.TAUSENDEINS, seed=7, dealer=0)
>>> s.to_move, len(s.hand(1)), s.stock_size, s.trump_suit, s.phase.name
(1, 8, 8, None, 'PLAY')
"""

from __future__ import annotations

import enum
from typing import NamedTuple

import attrs

from ..cards import CARDS, Card, Suit
from ..state import fast_constructor
from .rules import TausendeinsRules

__all__ = ["MarriageDeclared", "Phase", "TausendeinsState"]


class Phase(enum.IntEnum):
    """The step of a deal (rules §12.9): whose decision of which kind comes next."""

    #: The auction: the speaker passes or bids (``AUCTION`` only).
    AUCTION = 0
    #: The declarer takes a talon.
    TALON = 1
    #: The declarer lays away a card (twice).
    DISCARD = 2
    #: The declarer names the contract.
    CONTRACT = 3
    #: The tricks: the leader marries or leads, the follower follows.
    PLAY = 4
    #: The deal is over.
    OVER = 5


class MarriageDeclared(NamedTuple):
    """One marriage of the deal (rules §12.5).

    Attributes:
        seat: The seat that declared it.
        suit: Its suit index (0 clubs, 1 diamonds, 2 hearts, 3 spades), trump from then on.
        value: Its points (rules §12.5.5), counted at the end of the deal (rules §12.5.6).
        trick: The number of tricks completed before it (0 at the deal's first lead).
    """

    seat: int
    suit: int
    value: int
    trick: int


#: The set bits of every byte, lowest first.
_BYTE_BITS = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))
#: The same, for each of the four suit bytes of a card mask (the card indices).
_SUIT_BITS = tuple(tuple(tuple(8 * s + i for i in bits) for bits in _BYTE_BITS) for s in range(4))


def iter_mask(mask: int) -> tuple[int, ...]:
    """The card indices of ``mask`` (a 32-bit card set), lowest (canonical order) first."""
    return (
        _SUIT_BITS[0][mask & 0xFF]
        + _SUIT_BITS[1][(mask >> 8) & 0xFF]
        + _SUIT_BITS[2][(mask >> 16) & 0xFF]
        + _SUIT_BITS[3][(mask >> 24) & 0xFF]
    )


def seat_to_move(
    phase: int, leader: int, lead: int, dealer: int, calls: tuple[int, ...], declarer: int
) -> int | None:
    """The seat whose decision it is, or ``None`` once the deal is over (rules §12.9).

    The ``to_move`` of both :class:`TausendeinsState` and
    :class:`~sixtysix.tausendeins.TausendeinsView`, from the fields of that name: in the
    play the leader before the lead and the follower after it; in the auction the dealer
    and the forehand in turn (the dealer answers the compulsory opening bid); between
    them the declarer.
    """
    if phase == 4:
        return leader if lead < 0 else 1 - leader
    if phase == 0:
        return dealer if not len(calls) & 1 else 1 - dealer
    if phase == 5:
        return None
    return declarer


@attrs.frozen(weakref_slot=False)
class TausendeinsState:
    """One Tausendeins deal at one moment.

    Attributes:
        rules: The rule set.
        dealer: The dealer's seat; the forehand is ``1 - dealer`` (rules §12.1).
        phase: The step of the deal (a :class:`Phase` value).
        hands: The cards each seat holds, as bitmasks.
        stock: The face-down stock, card indices, ``stock[0]`` drawn next (rules §12.3).
        talons: Talon 0 and talon 1 as bitmasks (``AUCTION``; the taken one becomes 0).
        leader: The seat that leads, or led, the current trick.
        lead: The led card of the current trick, or -1 before the lead.
        pending: The suit of a marriage declared before this lead, or -1.
        trump: The trump suit in force, or -1 while there is none (rules §12.5.2).
        won: The cards of the tricks each seat won.
        card_points: The card points of those tricks, per seat.
        marriages: Every marriage declared, in order.
        played: Every card played, in order (tricks are consecutive pairs).
        calls: The auction after the compulsory opening: each bid's points, 0 for the pass.
        bid: The highest bid so far (the opening bid before any call).
        declarer: The declarer's seat, or -1 (``NONE``, or during the auction).
        contract: The contract named, or 0 before it.
        talon_taken: The talon the declarer took (0 or 1), or -1.
        shown: The cards of the taken talon, shown to both seats.
        discards: The declarer's discards (rules §12.6.4).
        last_winner: The winner of the latest trick, or -1.
    """

    rules: TausendeinsRules
    dealer: int
    phase: int
    hands: tuple[int, int]
    stock: tuple[int, ...]
    talons: tuple[int, int]
    leader: int
    lead: int
    pending: int
    trump: int
    won: tuple[int, int]
    card_points: tuple[int, int]
    marriages: tuple[MarriageDeclared, ...]
    played: tuple[int, ...]
    calls: tuple[int, ...]
    bid: int
    declarer: int
    contract: int
    talon_taken: int
    shown: int
    discards: int
    last_winner: int

    @property
    def forehand(self) -> int:
        """The non-dealer, ``1 - dealer``."""
        return 1 - self.dealer

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or ``None`` once the deal is over (rules §12.9)."""
        return seat_to_move(
            self.phase, self.leader, self.lead, self.dealer, self.calls, self.declarer
        )

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self.phase == 5

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self.stock)

    @property
    def trump_suit(self) -> Suit | None:
        """The trump suit in force, or ``None`` before the first marriage."""
        return None if self.trump < 0 else Suit(self.trump)

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks won, per seat."""
        return (self.won[0].bit_count() >> 1, self.won[1].bit_count() >> 1)

    @property
    def tricks_played(self) -> int:
        """Completed tricks."""
        return len(self.played) >> 1

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in canonical order."""
        return tuple(CARDS[i] for i in iter_mask(self.hands[seat]))

    @property
    def played_cards(self) -> tuple[Card, ...]:
        """Every card played, in order."""
        return tuple(CARDS[i] for i in self.played)


#: Positional constructor of :class:`TausendeinsState` for the engine (same result).
build_state = fast_constructor(TausendeinsState)
