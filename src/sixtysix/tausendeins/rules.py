"""The parameters of Tausendeins (1001) and its three presets (rules §12.11).

:class:`TausendeinsRules` is a frozen value of its own, separate from the two-hand
:class:`~sixtysix.Rules`: the games share cards and card points, not rules. Its 13 field
names are those of rules §12.11. Every combination is checked when the value is made
(``TausendeinsRules(...)``, :func:`make_rules` or ``attrs.evolve``):

>>> from sixtysix import tausendeins as t1
>>> t1.TAUSENDEINS.deal_packets, t1.TAUSENDEINS.hand_size, t1.TAUSENDEINS.stock_size
((3, 2, 3), 8, 8)
>>> t1.TAUSENDEINS_CONTRACT.tricks, t1.preset_name(t1.TAUSENDEINS_DE)
(10, 'TAUSENDEINS_DE')
>>> t1.make_rules(deal_packets=(6, 6), bidding=t1.Bidding.AUCTION)
Traceback (most recent call last):
...
sixtysix.errors.RulesError: the auction needs deal packets that leave exactly 4 cards ...
"""

from __future__ import annotations

import enum
import types
from collections.abc import Mapping
from typing import Any

import attrs

from .._family import rules as family
from ..errors import RulesError, quote
from ..rules import StrictPlay

__all__ = [
    "PRESETS",
    "TAUSENDEINS",
    "TAUSENDEINS_CONTRACT",
    "TAUSENDEINS_DE",
    "Bidding",
    "MarriageValues",
    "Retrump",
    "StockPlay",
    "TausendeinsRules",
    "get_preset",
    "make_rules",
    "preset_name",
]


class Bidding(family.NamedEnum):
    """Whether a deal starts with an auction (rules §12.3, §12.6)."""

    #: No auction: the rest of the pack is a stock, both seats score their points.
    NONE = enum.auto()
    #: An auction, two talons of two cards, discards and a contract (two-player 1000).
    AUCTION = enum.auto()


class StockPlay(family.NamedEnum):
    """What a follower may play while the stock holds cards (rules §12.4)."""

    #: Any card (the open phase).
    FREE = enum.auto()
    #: The strict rule of ``strict_play`` applies from the first trick.
    STRICT = enum.auto()


class MarriageValues(family.NamedEnum):
    """What a marriage scores (rules §12.5.5)."""

    #: By its suit: clubs 100, spades 80, hearts 60, diamonds 40.
    BY_SUIT = enum.auto()
    #: By its place in the deal: the first 40, then 60, 80 and 100, whatever the suit.
    BY_ORDER = enum.auto()


class Retrump(family.NamedEnum):
    """Which marriages may replace the trump (rules §12.5.3)."""

    #: Any suit whose king and queen the leader holds.
    ANY = enum.auto()
    #: Only a suit ranked above the trump in the order C > S > H > D.
    HIGHER_ONLY = enum.auto()


def _check_packets(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if (
        not isinstance(value, tuple)
        or not value
        or not all(type(k) is int and k >= 1 for k in value)
    ):
        raise RulesError(
            "TausendeinsRules.deal_packets must be a non-empty tuple of positive whole "
            f"numbers, not {quote(value)}"
        )


#: Marriage points by suit with ``BY_SUIT`` (index: clubs, diamonds, hearts, spades).
SUIT_VALUES = (100, 40, 60, 80)
#: Marriage points of the n-th marriage of a deal with ``BY_ORDER``.
ORDER_VALUES = (40, 60, 80, 100)
#: Each suit's place in the order C > S > H > D (higher is higher), for ``HIGHER_ONLY``.
SUIT_RANK = (3, 0, 1, 2)


@attrs.frozen(cache_hash=True)
class TausendeinsRules(family.DictRules):
    """The rule set of Tausendeins (rules §12.11): 13 parameters.

    Attributes:
        bidding: ``NONE`` (a stock, both seats score) or ``AUCTION`` (rules §12.6).
        deal_packets: Packet sizes, each dealt to the forehand and then the dealer
            (rules §12.3).
        stock_play: Whether the follower is free (``FREE``) or bound by ``strict_play``
            (``STRICT``) while the stock holds cards (rules §12.4).
        strict_play: What a follower must play in the strict phase (rules §12.4).
        marriage_values: ``BY_SUIT`` or ``BY_ORDER`` (rules §12.5.5).
        retrump: Which suit a marriage may make trump (rules §12.5.3).
        marriage_on_first_lead: Whether a marriage may be declared at the deal's first
            lead (rules §12.5.3).
        no_trick_no_score: Whether a seat that won no trick scores nothing, marriages
            included (rules §12.5.6, §12.7).
        last_trick_bonus: Points for winning the last trick (rules §12.7).
        target: The total that wins the game (rules §12.8).
        bid_opening: The forehand's compulsory opening bid (rules §12.6.1).
        bid_step: Bids and contracts rise in multiples of this (rules §12.6.2).
        bid_base_cap: The highest bid before marriages held are added (rules §12.6.2).
    """

    _game = "Tausendeins"

    bidding: Bidding = attrs.field(default=Bidding.NONE, validator=family.enum_check(Bidding))
    deal_packets: tuple[int, ...] = attrs.field(
        default=(3, 2, 3), converter=family.to_tuple, validator=_check_packets
    )
    stock_play: StockPlay = attrs.field(
        default=StockPlay.FREE, validator=family.enum_check(StockPlay)
    )
    strict_play: StrictPlay = attrs.field(
        default=StrictPlay.FOLLOW_HEAD_OR_TRUMP, validator=family.enum_check(StrictPlay)
    )
    marriage_values: MarriageValues = attrs.field(
        default=MarriageValues.BY_SUIT, validator=family.enum_check(MarriageValues)
    )
    retrump: Retrump = attrs.field(default=Retrump.ANY, validator=family.enum_check(Retrump))
    marriage_on_first_lead: bool = attrs.field(default=True, validator=family.bool_check)
    no_trick_no_score: bool = attrs.field(default=True, validator=family.bool_check)
    last_trick_bonus: int = attrs.field(default=0, validator=family.int_check(0, 1000))
    target: int = attrs.field(default=1001, validator=family.int_check(1, 1_000_000))
    bid_opening: int = attrs.field(default=100, validator=family.int_check(0, 1000))
    bid_step: int = attrs.field(default=10, validator=family.int_check(1, 1000))
    bid_base_cap: int = attrs.field(default=120, validator=family.int_check(0, 1000))

    def __attrs_post_init__(self) -> None:
        """Check the deal and the auction parameters together (rules §12.3, §12.6.2)."""
        per_seat = sum(self.deal_packets)
        if per_seat > 12:
            raise RulesError(
                f"the deal packets {self.deal_packets} give each seat {per_seat} cards, "
                "but the 24-card pack has at most 12 for each"
            )
        left = 24 - 2 * per_seat
        if left % 2:  # pragma: no cover - two seats always leave an even number
            raise RulesError(f"the deal packets {self.deal_packets} leave a stock of odd size")
        if self.bidding is Bidding.AUCTION:
            if left != 4:
                raise RulesError(
                    "the auction needs deal packets that leave exactly 4 cards for the two "
                    f"talons, such as (5, 5); {self.deal_packets} leave {left}"
                )
            if self.marriage_values is MarriageValues.BY_ORDER:
                raise RulesError(
                    "the auction needs marriage_values = BY_SUIT: a seat's cap counts the "
                    "marriages it holds by their suit (rules §12.6.2)"
                )

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat: ``sum(deal_packets)``."""
        return sum(self.deal_packets)

    @property
    def stock_size(self) -> int:
        """Cards left in the stock after the deal (0 with ``AUCTION``: they are talons)."""
        if self.bidding is Bidding.AUCTION:
            return 0
        return 24 - 2 * self.hand_size

    @property
    def tricks(self) -> int:
        """Tricks in a deal: 12 with ``NONE``, 10 with ``AUCTION``."""
        return 10 if self.bidding is Bidding.AUCTION else 12

    @property
    def max_cap(self) -> int:
        """The highest cap any hand can have: ``bid_base_cap`` plus all four marriages."""
        return self.bid_base_cap + sum(SUIT_VALUES)

    def marriage_value(self, suit: int, count: int) -> int:
        """The points of a marriage of ``suit`` declared after ``count`` others (§12.5.5).

        ``count`` is 0 for the deal's first marriage; a deal has at most four.

        >>> from sixtysix import tausendeins as t1
        >>> by_order = t1.make_rules(marriage_values="BY_ORDER")
        >>> t1.TAUSENDEINS.marriage_value(0, 2), by_order.marriage_value(0, 2)
        (100, 80)
        """
        if self.marriage_values is MarriageValues.BY_SUIT:
            return SUIT_VALUES[suit]
        return ORDER_VALUES[count]

    def may_retrump(self, suit: int, trump: int) -> bool:
        """Whether a marriage of ``suit`` may make it trump over ``trump`` (-1: none; §12.5.3).

        >>> from sixtysix import tausendeins as t1
        >>> t1.TAUSENDEINS.may_retrump(1, 0), t1.TAUSENDEINS_DE.may_retrump(1, 0)
        (True, False)
        """
        return (
            self.retrump is not Retrump.HIGHER_ONLY
            or trump < 0
            or SUIT_RANK[suit] > SUIT_RANK[trump]
        )


def make_rules(base: TausendeinsRules | None = None, /, **changes: Any) -> TausendeinsRules:
    """A rule set: ``base`` (default :data:`TAUSENDEINS`) with ``changes``.

    Enum fields may be given by name (``bidding="AUCTION"``).

    >>> from sixtysix import tausendeins as t1
    >>> t1.make_rules(target=500).target, t1.make_rules(retrump="HIGHER_ONLY").retrump
    (500, <Retrump.HIGHER_ONLY: 'HIGHER_ONLY'>)

    Raises:
        RulesError: an unknown field or value, or a combination rules §12.3 rejects:
            packets giving more than 12 cards each, or ``AUCTION`` with anything but 4
            cards left over or with ``BY_ORDER``.
    """
    if base is None:
        base = TAUSENDEINS
    elif type(base) is not TausendeinsRules:
        raise RulesError(f"the base must be a TausendeinsRules, not {quote(base)}")
    return family.evolve_rules(base, changes, what="Tausendeins rules")


#: Hülsemann's two-hand game: packets 3-2-3, free play while the stock lasts.
TAUSENDEINS = TausendeinsRules()
#: de.wikipedia's reading: packets 3-3-2, follow suit from the first trick, rising trumps.
TAUSENDEINS_DE = TausendeinsRules(
    deal_packets=(3, 3, 2),
    stock_play=StockPlay.STRICT,
    strict_play=StrictPlay.FOLLOW_ONLY,
    retrump=Retrump.HIGHER_ONLY,
)
#: The two-player form of 1000: auction, two talons, discards and a contract.
TAUSENDEINS_CONTRACT = TausendeinsRules(
    bidding=Bidding.AUCTION,
    deal_packets=(5, 5),
    stock_play=StockPlay.STRICT,
    strict_play=StrictPlay.FOLLOW_OR_TRUMP,
    marriage_on_first_lead=False,
)

#: The presets by name.
PRESETS: Mapping[str, TausendeinsRules] = types.MappingProxyType(
    {
        "TAUSENDEINS": TAUSENDEINS,
        "TAUSENDEINS_DE": TAUSENDEINS_DE,
        "TAUSENDEINS_CONTRACT": TAUSENDEINS_CONTRACT,
    }
)
TausendeinsRules._presets = PRESETS


#: The preset called ``name`` (case-insensitive, ``-`` for ``_``), e.g.
#: ``t1.get_preset("tausendeins-de") is t1.TAUSENDEINS_DE``; a :class:`~sixtysix.errors.RulesError`
#: names the presets when none is.
get_preset = TausendeinsRules.get_preset


def preset_name(rules: TausendeinsRules) -> str | None:
    """The name of the preset equal to ``rules``, or ``None`` for house rules."""
    return family.preset_name_of(PRESETS, rules)
