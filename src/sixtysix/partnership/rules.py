"""The parameters of four-hand partnership Sixty-Six (rules §10) and its presets.

:class:`PartnershipRules` is a frozen value of its own, separate from the two-hand
:class:`~sixtysix.Rules`: the games share cards and card points, not rules. Its field names
are those of rules §10.

>>> from sixtysix import partnership as p4
>>> p4.FOUR_HAND_66.deck.name, p4.FOUR_HAND_66.deal_packets, p4.FOUR_HAND_66.hand_size
('D32', (3, 2, 3), 8)
>>> p4.FOUR_HAND_24.hand_size, p4.FOUR_HAND_24.undertrump
(6, <Undertrump.REQUIRED: 'REQUIRED'>)
>>> import attrs
>>> house = attrs.evolve(p4.FOUR_HAND_66, ten_of_trumps_point=True)
>>> p4.preset_name(house), p4.preset_name(p4.FOUR_HAND_24)
(None, 'FOUR_HAND_24')
>>> p4.PartnershipRules.from_dict(house.to_dict()) == house
True
"""

from __future__ import annotations

import enum
import types
from collections.abc import Mapping
from typing import Any

import attrs

from .._family import rules as family
from ..cards import Deck
from ..errors import RulesError, quote

__all__ = [
    "FOUR_HAND_24",
    "FOUR_HAND_66",
    "PRESETS",
    "PartnershipRules",
    "Undertrump",
    "get_preset",
    "preset_name",
]


class Undertrump(enum.Enum):
    """What a void follower may play when it cannot beat the trump in the trick (§10.4)."""

    #: It must still play a trump (a lower one), if it holds any (rules §10.4, default).
    REQUIRED = "REQUIRED"
    #: It may play any card of its hand, a lower trump included.
    FREE = "FREE"


def _check_deck(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not Deck:
        raise RulesError(f"PartnershipRules.deck must be a Deck such as D32, not {quote(value)}")


#: No packet (and no deal) has more cards than the largest deck.
_MOST_CARDS = 32


def _check_packets(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if (
        not isinstance(value, tuple)
        or not value
        or len(value) > _MOST_CARDS
        or not all(type(k) is int and 1 <= k <= _MOST_CARDS for k in value)
    ):
        raise RulesError(
            "PartnershipRules.deal_packets must be a non-empty tuple of positive whole "
            f"numbers (at most {_MOST_CARDS} of them, each at most {_MOST_CARDS}), "
            f"not {quote(value)}"
        )


def _check_undertrump(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not Undertrump:
        raise RulesError(
            "PartnershipRules.undertrump must be an Undertrump (REQUIRED, FREE), "
            f"not {quote(value)}"
        )


@attrs.frozen
class PartnershipRules(family.DictRules):
    """The rule set of four-hand partnership Sixty-Six (rules §10).

    The deck is dealt out completely, ``sum(deal_packets)`` cards to each of the four
    seats, so ``4 * sum(deal_packets)`` must equal the deck's size; any other value
    raises :class:`~sixtysix.RulesError`:

    >>> from sixtysix import partnership as p4
    >>> p4.PartnershipRules(deck=Deck.D24)
    Traceback (most recent call last):
    ...
    sixtysix.errors.RulesError: the deal packets (3, 2, 3) give each seat 8 cards, ...

    Attributes:
        deck: The pack (§10.2): ``D32`` (eight cards each) or ``D24`` (six each).
        deal_packets: Packet sizes (§10.2): each size in turn is dealt to every seat
            clockwise, starting at the dealer's left and ending with the dealer.
        undertrump: Whether a follower void in the led suit who cannot beat the trump in
            the trick must still play a trump (§10.4).
        ten_of_trumps_point: Whether the side that wins the trump ten scores one extra
            game point (§10.7).
        tie_carry: Game points a 65-65 hand carries to the next hand that scores (§10.6).
        match_target: Game points a side needs to win the match (§10.8).
    """

    _game = "four-hand"

    #: The pack: ``D32`` (Foster, Bicycle) or ``D24`` (seed ``003_…``).
    deck: Deck = attrs.field(default=Deck.D32, validator=_check_deck)
    #: Packet sizes, dealt clockwise from the dealer's left in each round.
    deal_packets: tuple[int, ...] = attrs.field(
        default=(3, 2, 3), converter=family.to_tuple, validator=_check_packets
    )
    #: Whether an under-trump is required when a void follower cannot over-trump.
    undertrump: Undertrump = attrs.field(default=Undertrump.REQUIRED, validator=_check_undertrump)
    #: One extra game point for the side that wins the trump ten.
    ten_of_trumps_point: bool = attrs.field(default=False, validator=family.bool_check)
    #: Game points carried by a 65-65 hand (0 or 1).
    tie_carry: int = attrs.field(default=1, validator=family.int_check(0, 1))
    #: Game points that win the match.
    match_target: int = attrs.field(default=7, validator=family.int_check(1, 1000))

    def __attrs_post_init__(self) -> None:
        """Check that the packets deal out the whole deck."""
        per_seat = sum(self.deal_packets)
        if 4 * per_seat != self.deck.size:
            raise RulesError(
                f"the deal packets {self.deal_packets} give each seat {per_seat} cards, "
                f"{4 * per_seat} in all, but the {self.deck.name} deck has "
                f"{self.deck.size} cards"
            )

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat (8 with ``D32``, 6 with ``D24``)."""
        return self.deck.size // 4

    @property
    def tricks(self) -> int:
        """Tricks in a hand played out: the hand size."""
        return self.deck.size // 4


#: Foster's *Complete Hoyle* and the Bicycle rules: 32 cards, packets 3-2-3.
FOUR_HAND_66 = PartnershipRules()
#: Seed ``003_…``: the 24-card Sixty-Six pack, packets 3-3.
FOUR_HAND_24 = PartnershipRules(deck=Deck.D24, deal_packets=(3, 3))

#: The presets by name.
PRESETS: Mapping[str, PartnershipRules] = types.MappingProxyType(
    {"FOUR_HAND_66": FOUR_HAND_66, "FOUR_HAND_24": FOUR_HAND_24}
)
PartnershipRules._presets = PRESETS


#: The preset called ``name`` (case-insensitive, ``-`` for ``_``), e.g.
#: ``p4.get_preset("four-hand-24") is p4.FOUR_HAND_24``; a :class:`~sixtysix.errors.RulesError`
#: names the presets when none is.
get_preset = PartnershipRules.get_preset


def preset_name(rules: PartnershipRules) -> str | None:
    """The name of the preset equal to ``rules``, or ``None`` for house rules."""
    return family.preset_name_of(PRESETS, rules)
