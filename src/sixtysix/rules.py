"""The rule parameters (:class:`Rules`), their enums, and the named presets.

Every point on which real tables differ is a field of :class:`Rules`; the names are
those of the rules page. A rule set is plain data: frozen, hashable, comparable, and convertible
to and from a JSON-ready ``dict``. Variants are chosen by value, never by subclassing.

>>> CLASSIC_66.deck, SCHNAPSEN.deck
(<Deck.D24: ...>, <Deck.D20: ...>)
>>> import attrs
>>> house = attrs.evolve(CLASSIC_66, claim_mode=ClaimMode.AUTO)
>>> house == CLASSIC_66, preset_name(house), preset_name(SANTASE)
(False, None, 'SANTASE')
>>> Rules.from_dict(SANTASE.to_dict()) == SANTASE
True
"""

from __future__ import annotations

import enum
import types
from collections.abc import Mapping
from typing import Any

import attrs

from . import _text
from ._family.rules import NamedEnum, rules_from_dict, rules_to_dict
from .cards import Deck
from .errors import RulesError
from .errors import quote as _quote

__all__ = [
    "CLASSIC_66",
    "HOYLE_66",
    "MARIAGE",
    "MARIAGE_PARLETT",
    "PAGAT_66",
    "PRESETS",
    "PRESET_INFO",
    "SANTASE",
    "SCHNAPSEN",
    "SCHNAPSEN_TOURNAMENT",
    "VU_SCHNAPSEN",
    "AmourRule",
    "BothOver66",
    "ClaimMode",
    "CloseTiming",
    "ClosedWinBasis",
    "CloserBeaten",
    "DealerAfterTie",
    "ExchangeTiming",
    "ExchangeWhenClosed",
    "FailedClose",
    "FalseClaim",
    "HonoursScoring",
    "LastTrick",
    "MarriageBeforeFirstTrick",
    "MarriageLead",
    "MarriagePendingRedeem",
    "NextDealer",
    "PresetInfo",
    "Rules",
    "Schwarz",
    "SitOutScores",
    "StrictPlay",
    "TrumpSource",
    "get_preset",
    "preset_differences",
    "preset_name",
]


#: An enum whose values are its member names (so JSON holds the names).
_NamedEnum = NamedEnum


class TrumpSource(_NamedEnum):
    """Where the turn-up (trump card) comes from (rules §1.3)."""

    #: Turned up from the pack after ``trump_after_round`` packet rounds.
    NEXT_CARD = enum.auto()
    #: The last card of the pack; it lies under the talon and is drawn last.
    LAST_CARD_OF_PACK = enum.auto()


class StrictPlay(_NamedEnum):
    """What a follower must play in the strict phase (rules §1.6)."""

    #: Follow suit and beat the led card if possible; else follow; else trump; else any.
    FOLLOW_HEAD_OR_TRUMP = enum.auto()
    #: Follow suit with any card of it; if void, trump if possible; else any.
    FOLLOW_OR_TRUMP = enum.auto()
    #: Follow suit if possible; otherwise any card.
    FOLLOW_ONLY = enum.auto()


class ExchangeTiming(_NamedEnum):
    """When the exchange card may be swapped for the turn-up (rules §3)."""

    #: Only before leading.
    ON_LEAD = enum.auto()
    #: Before leading, and also as follower before playing.
    ANY_TIME = enum.auto()


class ExchangeWhenClosed(_NamedEnum):
    """Whether the exchange is possible on a closed talon (rules §3, §9.6)."""

    #: Never.
    NEVER = enum.auto()
    #: The closer's opponent, trick or not, before playing to the first trick after the close.
    AT_CLOSE_OPPONENT = enum.auto()
    #: Anyone with a won trick, under ``exchange_timing``.
    WHILE_CLOSED_WITH_TRICK = enum.auto()


class MarriageLead(_NamedEnum):
    """Which card must be led after declaring a marriage (rules §4)."""

    #: The king or the queen of the marriage suit.
    EITHER = enum.auto()
    #: Only the king.
    KING_ONLY = enum.auto()


class MarriageBeforeFirstTrick(_NamedEnum):
    """Whether a player without a won trick may declare a marriage (rules §4, §9.5)."""

    #: Allowed; the points stay pending until the player wins a trick.
    ALLOWED_PENDING = enum.auto()
    #: A leader who has not won a trick may not marry.
    FORBIDDEN = enum.auto()


class MarriagePendingRedeem(_NamedEnum):
    """When pending marriage points start to count (rules §4)."""

    #: As soon as the owner has won any trick this hand.
    ANY_TRICK = enum.auto()
    #: Only once the owner wins a trick after declaring it.
    NEXT_TRICK_AFTER_DECLARING = enum.auto()


class CloseTiming(_NamedEnum):
    """When the talon may be closed (rules §2.1, §4)."""

    #: Only on lead, after the draw.
    AFTER_DRAW = enum.auto()
    #: Also right after winning a trick, instead of drawing.
    BEFORE_OR_AFTER_DRAW = enum.auto()


class ClosedWinBasis(_NamedEnum):
    """Whose state a successful closer's game points are computed on (rules §6.1)."""

    #: The opponent's tricks and points as they were at the moment of closing.
    AT_CLOSE = enum.auto()
    #: The opponent's tricks and points at the end.
    AT_END = enum.auto()


class FailedClose(_NamedEnum):
    """What the opponent scores when a close fails (rules §6.3)."""

    #: 3 if the opponent had no trick when the talon was closed, else 2.
    TWO_OR_THREE = enum.auto()
    #: Always 3.
    ALWAYS_THREE = enum.auto()
    #: 1 if the closer ends with 33 or more, else 2; 3 if the opponent had no trick at the close.
    BY_CLOSER_POINTS = enum.auto()


class CloserBeaten(_NamedEnum):
    """What the opponent scores by claiming correctly first in a closed hand."""

    #: Scored as a failed close.
    AS_FAILED_CLOSE = enum.auto()
    #: A flat 2.
    FLAT_TWO = enum.auto()


class LastTrick(_NamedEnum):
    """What the last trick of a played-out, unclosed hand is worth (rules §6.4, §6.5)."""

    #: 10 extra points to its winner.
    TEN_POINTS = enum.auto()
    #: Its winner wins the hand.
    WINS_HAND = enum.auto()


class ClaimMode(_NamedEnum):
    """How a player announces 66 (rules §2.4)."""

    #: A ``claim`` move is offered in every open window, right or wrong.
    EXPLICIT = enum.auto()
    #: No ``claim`` move: the hand ends the moment a window opens with 66 or more.
    AUTO = enum.auto()
    #: No claims at all: every hand is played to its last trick (Mariage, rules §13.6).
    NONE = enum.auto()


class FalseClaim(_NamedEnum):
    """What the opponent scores after a false claim (rules §6.2)."""

    #: 2.
    FLAT_TWO = enum.auto()
    #: 3 if the opponent has no trick at the claim, else 2.
    TWO_OR_THREE = enum.auto()
    #: What the claimer would have scored, computed on the opponent's own state.
    MIRROR = enum.auto()


class BothOver66(_NamedEnum):
    """A played-out hand in which both players have 66 or more (rules §6.4)."""

    #: Nobody scores.
    NO_SCORE = enum.auto()
    #: The higher total wins, scored on the lower one's state; equal totals score nothing.
    HIGHER_TOTAL = enum.auto()


class Schwarz(_NamedEnum):
    """When the loser counts as schwarz, worth 3 game points (rules §6)."""

    #: The loser won no trick.
    NO_TRICKS = enum.auto()
    #: The loser has 0 points.
    ZERO_POINTS = enum.auto()
    #: Never: there is no 3; a loser without a trick is schneider (Mariage, rules §13.10).
    NONE = enum.auto()


class HonoursScoring(_NamedEnum):
    """How marriages, amours and the whitewash are paid (rules §13.9)."""

    #: They add to the maker's points (§4), toward 66, schneider and claims.
    POINTS = enum.auto()
    #: They add nothing to points; each honour made scores game points of its own
    #: (``honour_game_points``), whatever the result of the hand.
    GAME_POINTS = enum.auto()


class AmourRule(_NamedEnum):
    """Which ace-ten pairs may be declared as an amour (*l'amour*, rules §13.7.2)."""

    #: No amours.
    NONE = enum.auto()
    #: The ace and ten of trumps.
    TRUMP = enum.auto()
    #: The ace and ten of any suit.
    ANY_SUIT = enum.auto()


class NextDealer(_NamedEnum):
    """Who deals the next hand of a match (rules §7)."""

    #: The deal alternates.
    ALTERNATE = enum.auto()
    #: The winner of the hand deals the next one.
    WINNER_DEALS = enum.auto()


class DealerAfterTie(_NamedEnum):
    """Who deals after a hand that scored nothing (rules §7)."""

    #: The deal passes on as usual.
    ALTERNATE = enum.auto()
    #: The same dealer deals again.
    SAME = enum.auto()


class SitOutScores(_NamedEnum):
    """What the idle dealer scores in three-hand play (rules §7)."""

    #: What the hand's winner scores, never past ``match_target - 1``.
    SAME_AS_WINNER = enum.auto()
    #: Nothing.
    NONE = enum.auto()


def _enum_field(enum_type: type[enum.Enum], default: enum.Enum) -> Any:
    def check(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not enum_type:
            allowed = ", ".join(m.name for m in enum_type)
            raise RulesError(
                f"Rules.{attribute.name} must be a {enum_type.__name__} ({allowed}), "
                f"not {_quote(value)}"
            )

    return attrs.field(default=default, validator=check)


def _int_field(default: int, low: int, high: int) -> Any:
    def check(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not int or not low <= value <= high:
            raise RulesError(
                f"Rules.{attribute.name} must be a whole number from {low} to {high}, "
                f"not {_quote(value)}"
            )

    return attrs.field(default=default, validator=check)


def _bool_field(default: bool) -> Any:
    def check(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not bool:
            raise RulesError(f"Rules.{attribute.name} must be True or False, not {_quote(value)}")

    return attrs.field(default=default, validator=check)


def _to_tuple(value: object) -> object:
    if isinstance(value, list):
        return tuple(value)
    return value


def _int_tuple_field(default: tuple[int, ...], high: int) -> Any:
    size = len(default)

    def check(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if (
            not isinstance(value, tuple)
            or len(value) != size
            or not all(type(k) is int and 0 <= k <= high for k in value)
        ):
            raise RulesError(
                f"Rules.{attribute.name} must be a tuple of {size} whole numbers from 0 to "
                f"{high}, not {_quote(value)}"
            )

    return attrs.field(default=default, converter=_to_tuple, validator=check)


def _to_packets(value: object) -> object:
    if isinstance(value, list):
        return tuple(value)
    return value


def _check_packets(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if (
        not isinstance(value, tuple)
        or not value
        or len(value) > 16
        or not all(type(k) is int and 1 <= k <= 16 for k in value)
    ):
        raise RulesError(
            f"Rules.deal_packets must be a non-empty tuple of at most 16 whole numbers "
            f"from 1 to 16, "
            f"not {_quote(value)}"
        )


@attrs.frozen(kw_only=True, cache_hash=True, repr=False)
class Rules:
    """A complete rule set: every parameter of the rules page, as an immutable value.

    The defaults are :data:`CLASSIC_66`. Build variants with :func:`attrs.evolve`; every
    field is validated, and an inconsistent combination (say, a deal that needs more
    cards than the deck has) raises :class:`~sixtysix.RulesError`. Changing a field in
    place with ``object.__setattr__`` is not supported: it skips the validation and
    leaves a stale cached hash (and stale per-rule-set tables in the engine's caches).

    >>> import attrs
    >>> Rules() == CLASSIC_66
    True
    >>> attrs.evolve(SCHNAPSEN, deal_packets=(5, 5))
    Traceback (most recent call last):
    ...
    sixtysix.errors.RulesError: the deal gives each player 10 cards, leaving a talon of 0; ...

    Each attribute is described, with its sources, on the docs' rules page; the enum types
    list the allowed values.
    """

    #: The pack (§1.1).
    deck: Deck = _enum_field(Deck, Deck.D24)
    #: Packet sizes of one deal round; each packet goes to the non-dealer, then the dealer.
    deal_packets: tuple[int, ...] = attrs.field(
        default=(3, 3), converter=_to_packets, validator=_check_packets
    )
    #: Where the turn-up comes from.
    trump_source: TrumpSource = _enum_field(TrumpSource, TrumpSource.NEXT_CARD)
    #: With NEXT_CARD: after how many packet rounds the trump is turned up.
    trump_after_round: int = _int_field(2, 1, 32)
    #: The follower's obligations in the strict phase.
    strict_play: StrictPlay = _enum_field(StrictPlay, StrictPlay.FOLLOW_HEAD_OR_TRUMP)
    #: Who may exchange the exchange card for the turn-up, and when.
    exchange_timing: ExchangeTiming = _enum_field(ExchangeTiming, ExchangeTiming.ON_LEAD)
    #: The exchanger must have won a trick this hand.
    exchange_requires_won_trick: bool = _bool_field(True)
    #: Without the won-trick condition: whether the exchange is allowed in the first trick.
    exchange_on_first_lead: bool = _bool_field(True)
    #: Minimum talon size (turn-up included) for an exchange.
    exchange_min_talon: int = _int_field(2, 0, 32)
    #: Exchanging on a closed talon.
    exchange_when_closed: ExchangeWhenClosed = _enum_field(
        ExchangeWhenClosed, ExchangeWhenClosed.NEVER
    )
    #: Which card must be led after a marriage.
    marriage_lead: MarriageLead = _enum_field(MarriageLead, MarriageLead.EITHER)
    #: Marriages by a leader without a won trick.
    marriage_before_first_trick: MarriageBeforeFirstTrick = _enum_field(
        MarriageBeforeFirstTrick, MarriageBeforeFirstTrick.ALLOWED_PENDING
    )
    #: When pending marriage points start to count.
    marriage_pending_redeem: MarriagePendingRedeem = _enum_field(
        MarriagePendingRedeem, MarriagePendingRedeem.ANY_TRICK
    )
    #: Whether marriages may be declared once the talon is closed or exhausted.
    marriage_in_strict_phase: bool = _bool_field(False)
    #: After declaring, a player whose counted points reach 66 may claim without leading.
    marriage_out_without_lead: bool = _bool_field(True)
    #: Whether the talon may be closed at all.
    closing_allowed: bool = _bool_field(True)
    #: When the talon may be closed.
    close_timing: CloseTiming = _enum_field(CloseTiming, CloseTiming.BEFORE_OR_AFTER_DRAW)
    #: Whether the non-dealer may close on the very first lead.
    close_on_first_lead: bool = _bool_field(True)
    #: Minimum talon size (turn-up included) at the close.
    close_min_talon: int = _int_field(2, 0, 32)
    #: Whose state a successful closer's game points are computed on.
    closed_win_basis: ClosedWinBasis = _enum_field(ClosedWinBasis, ClosedWinBasis.AT_END)
    #: What the opponent scores when a close fails.
    failed_close: FailedClose = _enum_field(FailedClose, FailedClose.TWO_OR_THREE)
    #: What the opponent scores by claiming correctly first in a closed hand.
    closer_beaten: CloserBeaten = _enum_field(CloserBeaten, CloserBeaten.AS_FAILED_CLOSE)
    #: What the last trick of a played-out, unclosed hand is worth.
    last_trick: LastTrick = _enum_field(LastTrick, LastTrick.TEN_POINTS)
    #: Explicit ``claim`` moves or automatic claims.
    claim_mode: ClaimMode = _enum_field(ClaimMode, ClaimMode.EXPLICIT)
    #: What the opponent scores after a false claim.
    false_claim: FalseClaim = _enum_field(FalseClaim, FalseClaim.FLAT_TWO)
    #: A played-out hand with both players at 66 or more.
    both_over_66: BothOver66 = _enum_field(BothOver66, BothOver66.NO_SCORE)
    #: Game points carried from a hand that scores nothing to the next scored hand's winner.
    tie_carry: int = _int_field(1, 0, 1)
    #: The loser is schneider (2 game points) below this many points.
    schneider_threshold: int = _int_field(33, 0, 200)
    #: Whether the loser's counted marriages count toward the schneider threshold.
    schneider_counts_marriages: bool = _bool_field(True)
    #: When the loser is schwarz (3 game points).
    schwarz: Schwarz = _enum_field(Schwarz, Schwarz.NO_TRICKS)
    #: Game points that win a match (a "Bummerl").
    match_target: int = _int_field(7, 1, 1000)
    #: Who deals the next hand.
    next_dealer: NextDealer = _enum_field(NextDealer, NextDealer.ALTERNATE)
    #: Who deals after a hand that scored nothing.
    dealer_after_tie: DealerAfterTie = _enum_field(DealerAfterTie, DealerAfterTie.ALTERNATE)
    #: What the idle dealer scores in three-hand play.
    sit_out_scores: SitOutScores = _enum_field(SitOutScores, SitOutScores.SAME_AS_WINNER)
    #: Whether honours add to points or score game points apart (rules §13.9).
    honours_scoring: HonoursScoring = _enum_field(HonoursScoring, HonoursScoring.POINTS)
    #: Under GAME_POINTS: plain marriage, trump marriage, amour, whitewash (§13.9).
    honour_game_points: tuple[int, int, int, int] = _int_tuple_field((1, 2, 3, 4), 10)
    #: Which ace-ten pairs may be declared as an amour (§13.7.2).
    amour: AmourRule = _enum_field(AmourRule, AmourRule.NONE)
    #: Under POINTS: what an amour is worth, plain suit and trumps (§13.9).
    amour_points: tuple[int, int] = _int_tuple_field((30, 60), 200)
    #: Whether winning every trick after the last draw is an honour (§13.8).
    whitewash: bool = _bool_field(False)
    #: Under POINTS: the points a whitewash adds to its maker's final points (§13.9).
    whitewash_points: int = _int_field(0, 0, 200)
    #: The points that make a claim correct (§13, [M24]); a played-out hand is won with 66.
    claim_target: int = _int_field(66, 1, 230)

    def __attrs_post_init__(self) -> None:
        """Check that the deal fits the deck."""
        size = self.deck.size
        if self.trump_source is TrumpSource.NEXT_CARD and self.trump_after_round > len(
            self.deal_packets
        ):
            raise RulesError(
                f"Rules.trump_after_round is {self.trump_after_round} but the deal has only "
                f"{len(self.deal_packets)} packet rounds"
            )
        each = sum(self.deal_packets)
        if each < 2:
            raise RulesError(
                f"Rules.deal_packets {self.deal_packets} deal each player {each} card; "
                "each player needs at least 2 (a trick must leave a card to play on)"
            )
        talon = size - 2 * each
        if talon < 2 or talon % 2:
            raise RulesError(
                f"the deal gives each player {each} cards, leaving a talon of {talon}; "
                f"with {size} cards the talon (turn-up included) must be even and at least 2"
            )

    def __repr__(self) -> str:
        """The preset this equals, or the nearest preset and the differences.

        The text evaluates back to an equal value where the names of
        ``from sixtysix import *`` are defined:

        >>> CLASSIC_66
        CLASSIC_66
        >>> attrs.evolve(SCHNAPSEN, match_target=11, closing_allowed=False)
        Rules.from_dict({'preset': 'SCHNAPSEN', 'closing_allowed': False, 'match_target': 11})
        """
        name, changes = preset_differences(self)
        if not changes:
            return name
        items: dict[str, Any] = {"preset": name}
        for key, value in changes.items():
            if isinstance(value, enum.Enum):
                items[key] = value.name
            elif isinstance(value, tuple):
                items[key] = list(value)
            else:
                items[key] = value
        return f"Rules.from_dict({items!r})"

    @property
    def hand_size(self) -> int:
        """The number of cards each player is dealt."""
        return sum(self.deal_packets)

    @property
    def talon_size(self) -> int:
        """The talon size right after the deal, turn-up included."""
        return self.deck.size - 2 * self.hand_size

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every parameter (enum values by name).

        The fields added for Mariage (rules §13) appear only where they differ from
        their defaults, so the dicts (and the record files) of rule sets without them
        read exactly as before; :meth:`from_dict` takes a missing one from its base.

        >>> CLASSIC_66.to_dict()["strict_play"], CLASSIC_66.to_dict()["deal_packets"]
        ('FOLLOW_HEAD_OR_TRUMP', [3, 3])
        >>> "amour" in CLASSIC_66.to_dict(), MARIAGE.to_dict()["amour"]
        (False, 'TRUMP')
        """
        out = rules_to_dict(self)
        defaults = attrs.fields_dict(Rules)
        for name in MARIAGE_FIELDS:  # written only where they differ (records unchanged)
            if getattr(self, name) == defaults[name].default:
                del out[name]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, base: Rules | None = None) -> Rules:
        """Build a rule set from a dict such as :meth:`to_dict` makes.

        Missing fields are taken from ``base`` (default :data:`CLASSIC_66`); a
        ``"preset"`` key names the base instead. Unknown fields and values are errors.

        >>> Rules.from_dict({"preset": "SCHNAPSEN", "match_target": 11}).match_target
        11

        Raises:
            RulesError: an unknown field, a value of the wrong kind, or an inconsistent set.
        """
        return rules_from_dict(
            Rules, data, base, default=CLASSIC_66, get_preset=get_preset, what="rules"
        )


#: The fields added with Mariage (rules §13): :meth:`Rules.to_dict` writes them only
#: where they differ from their defaults.
MARIAGE_FIELDS = frozenset(
    {
        "honours_scoring",
        "honour_game_points",
        "amour",
        "amour_points",
        "whitewash",
        "whitewash_points",
        "claim_target",
    }
)

CLASSIC_66 = Rules()
PAGAT_66 = attrs.evolve(
    CLASSIC_66,
    exchange_when_closed=ExchangeWhenClosed.AT_CLOSE_OPPONENT,
    closer_beaten=CloserBeaten.FLAT_TWO,
    tie_carry=0,
    next_dealer=NextDealer.WINNER_DEALS,
)
HOYLE_66 = attrs.evolve(
    CLASSIC_66,
    strict_play=StrictPlay.FOLLOW_ONLY,
    exchange_timing=ExchangeTiming.ANY_TIME,
    exchange_when_closed=ExchangeWhenClosed.WHILE_CLOSED_WITH_TRICK,
    marriage_in_strict_phase=True,
    close_on_first_lead=False,
)
SCHNAPSEN = attrs.evolve(
    CLASSIC_66,
    deck=Deck.D20,
    deal_packets=(3, 2),
    trump_after_round=1,
    exchange_requires_won_trick=False,
    exchange_on_first_lead=True,
    marriage_in_strict_phase=True,
    close_timing=CloseTiming.AFTER_DRAW,
    closed_win_basis=ClosedWinBasis.AT_CLOSE,
    last_trick=LastTrick.WINS_HAND,
    false_claim=FalseClaim.TWO_OR_THREE,
)
SCHNAPSEN_TOURNAMENT = attrs.evolve(
    SCHNAPSEN,
    exchange_on_first_lead=False,
    exchange_min_talon=4,
    marriage_lead=MarriageLead.KING_ONLY,
    marriage_before_first_trick=MarriageBeforeFirstTrick.FORBIDDEN,
    close_min_talon=4,
)
SANTASE = attrs.evolve(
    CLASSIC_66,
    exchange_on_first_lead=False,
    exchange_min_talon=4,
    marriage_before_first_trick=MarriageBeforeFirstTrick.FORBIDDEN,
    marriage_in_strict_phase=True,
    close_timing=CloseTiming.AFTER_DRAW,
    close_on_first_lead=False,
    close_min_talon=4,
    failed_close=FailedClose.ALWAYS_THREE,
    claim_mode=ClaimMode.AUTO,
    both_over_66=BothOver66.HIGHER_TOTAL,
    tie_carry=0,
    match_target=11,
    next_dealer=NextDealer.WINNER_DEALS,
    dealer_after_tie=DealerAfterTie.SAME,
)
VU_SCHNAPSEN = attrs.evolve(
    CLASSIC_66,
    deck=Deck.D20,
    deal_packets=(1, 1, 1, 1, 1),
    trump_source=TrumpSource.LAST_CARD_OF_PACK,
    exchange_requires_won_trick=False,
    exchange_on_first_lead=True,
    marriage_lead=MarriageLead.KING_ONLY,
    marriage_pending_redeem=MarriagePendingRedeem.NEXT_TRICK_AFTER_DECLARING,
    marriage_in_strict_phase=True,
    marriage_out_without_lead=False,
    closing_allowed=False,
    last_trick=LastTrick.WINS_HAND,
    claim_mode=ClaimMode.AUTO,
    tie_carry=0,
    schwarz=Schwarz.ZERO_POINTS,
)
MARIAGE = attrs.evolve(
    CLASSIC_66,
    deck=Deck.D32,
    trump_after_round=1,
    strict_play=StrictPlay.FOLLOW_OR_TRUMP,
    exchange_timing=ExchangeTiming.ANY_TIME,
    exchange_requires_won_trick=False,
    exchange_on_first_lead=True,
    marriage_before_first_trick=MarriageBeforeFirstTrick.FORBIDDEN,
    marriage_in_strict_phase=True,
    closing_allowed=False,
    claim_mode=ClaimMode.NONE,
    tie_carry=0,
    schwarz=Schwarz.NONE,
    next_dealer=NextDealer.WINNER_DEALS,
    honours_scoring=HonoursScoring.GAME_POINTS,
    amour=AmourRule.TRUMP,
    whitewash=True,
)
MARIAGE_PARLETT = attrs.evolve(CLASSIC_66, deck=Deck.D32, amour=AmourRule.ANY_SUIT)

#: The named presets of rules §8 and §13, by name, in the order of their tables.
PRESETS: Mapping[str, Rules] = types.MappingProxyType(
    {
        "CLASSIC_66": CLASSIC_66,
        "PAGAT_66": PAGAT_66,
        "HOYLE_66": HOYLE_66,
        "SCHNAPSEN": SCHNAPSEN,
        "SCHNAPSEN_TOURNAMENT": SCHNAPSEN_TOURNAMENT,
        "SANTASE": SANTASE,
        "VU_SCHNAPSEN": VU_SCHNAPSEN,
        "MARIAGE": MARIAGE,
        "MARIAGE_PARLETT": MARIAGE_PARLETT,
    }
)


@attrs.frozen
class PresetInfo:
    """What a preset is and where its rules come from (for the CLI, the docs and tools).

    Attributes:
        name: The preset's name, as in :data:`PRESETS`.
        summary: One line of plain text (``sixtysix rules --list`` prints it).
        source: A sentence of MyST markdown naming the game and its source (the docs'
            variant table shows it).
        aliases: Other names :func:`get_preset` accepts (case-insensitive, ``-`` for
            ``_``).
    """

    name: str
    summary: str
    source: str
    aliases: tuple[str, ...] = ()


#: The metadata of every preset, in :data:`PRESETS` order.
PRESET_INFO: Mapping[str, PresetInfo] = types.MappingProxyType(
    {
        info.name: info
        for info in (
            PresetInfo(
                "CLASSIC_66",
                "Sixty-Six, 24 cards: the common ground of the standard texts (default)",
                "**Sixty-Six**, the default: the common ground of the English Sixty-Six rule "
                "texts (the Bicycle/Foster *Hoyle* text and the rules-site write-ups the "
                "library was built from).",
                ("66",),
            ),
            PresetInfo(
                "PAGAT_66",
                "Sixty-Six as on pagat.com: winner deals, no carried points",
                "**Sixty-Six** as on [pagat.com's Sixty-Six page]"
                "(https://www.pagat.com/marriage/66.html): the winner of a hand deals the "
                "next, nothing is carried over.",
                ("PAGAT",),
            ),
            PresetInfo(
                "HOYLE_66",
                "Sixty-Six as in the Bicycle/Foster (Hoyle) text: follow suit only",
                "**Sixty-Six** as in the [Bicycle/Foster text]"
                "(https://bicyclecards.com/how-to-play/sixty-six/) (Foster's *Complete "
                "Hoyle*): follow suit only, exchange at any time.",
                ("HOYLE", "BICYCLE"),
            ),
            PresetInfo(
                "SCHNAPSEN",
                "Schnapsen, 20 cards, as on pagat.com: the last trick wins the hand",
                "**Schnapsen** as on [pagat.com's Schnapsen page]"
                "(https://www.pagat.com/marriage/schnaps.html): 20 cards, the last trick "
                "wins the hand.",
                ("SCHNAPSEN_PAGAT",),
            ),
            PresetInfo(
                "SCHNAPSEN_TOURNAMENT",
                "Schnapsen, Austrian tournament practice (sharper exchange, closing)",
                '**Schnapsen** in Austrian tournament ("sharp") practice: king leads a '
                "marriage, no marriage or exchange before a won trick, no exchange or close "
                "below four talon cards.",
                ("TOURNAMENT",),
            ),
            PresetInfo(
                "SANTASE",
                "Santase, the Bulgarian game: automatic claims, match to 11",
                "**Santase**, the Bulgarian game: automatic claims, a failed close costs 3, "
                "matches to 11.",
                ("SANTASE_BG", "BULGARIAN"),
            ),
            PresetInfo(
                "VU_SCHNAPSEN",
                "Schnapsen as the `schnapsen` PyPI engine plays it: no closing",
                "**Schnapsen** as the engine of the [`schnapsen` package on PyPI]"
                "(https://pypi.org/project/schnapsen/) plays it, so its games can be "
                "replayed and compared: one-by-one deal, no closing, automatic claims.",
                ("VU",),
            ),
            PresetInfo(
                "MARIAGE",
                "Mariage, the 32-card ancestor of Sixty-Six: always played out, honours paid "
                "apart",
                "**Mariage** (*Mariagenspiel*), the two-player game from which Sixty-Six "
                'came, as in Pierer\'s *Universal-Lexikon* (entry "Mariage"): 32 cards, the '
                "trump seven robs, no closing or going out, marriages, *l'amour* and *die "
                "Wäsche* paid apart.",
                ("MARIAGENSPIEL",),
            ),
            PresetInfo(
                "MARIAGE_PARLETT",
                "Mariage as Parlett describes it: Sixty-Six with 32 cards and amours of any suit",
                "**Mariage** as in D. Parlett's *Penguin Book of Card Games*: \"virtually "
                'identical" to Sixty-Six, 32 cards, an amour (ace and ten) of any suit 30, '
                "60 in trumps.",
                ("PARLETT",),
            ),
        )
    }
)
_ALIASES = {alias: info.name for info in PRESET_INFO.values() for alias in info.aliases}


def get_preset(name: str) -> Rules:
    """The preset called ``name`` (case-insensitive; ``-`` and spaces read as ``_``).

    Each preset's :attr:`PresetInfo.aliases` are accepted too. Only ASCII letters are
    case-folded (a long s is not an ``S``), and only ASCII whitespace around the name
    is ignored.

    >>> get_preset("schnapsen-tournament") == SCHNAPSEN_TOURNAMENT
    True
    >>> get_preset("hoyle") == HOYLE_66
    True

    Raises:
        RulesError: no preset has that name.
    """
    if not isinstance(name, str):
        raise RulesError(f"a preset name must be text, not {_quote(name)}")
    key = _text.upper(_text.strip(name)).replace("-", "_").replace(" ", "_")
    try:
        return PRESETS[_ALIASES.get(key, key)]
    except KeyError:
        char = _text.stray(name, "")
        why = f" ({char} is not a character of a preset name)" if char else ""
        raise RulesError(
            f"no preset called {_quote(name)}{why}; the presets are: {', '.join(PRESETS)}"
        ) from None


def preset_name(rules: Rules) -> str | None:
    """The name of the preset equal to ``rules``, or ``None`` for house rules."""
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    return None


def preset_differences(rules: Rules) -> tuple[str, dict[str, Any]]:
    """The preset nearest to ``rules`` and the fields in which ``rules`` differ from it.

    The nearest preset is the one with the fewest differing fields (the first in
    :data:`PRESETS` order on a tie); the differences are in field order.

    >>> preset_differences(SANTASE)
    ('SANTASE', {})
    >>> preset_differences(attrs.evolve(HOYLE_66, tie_carry=0))
    ('HOYLE_66', {'tie_carry': 0})
    """
    best_name = ""
    best: dict[str, Any] = {}
    names = [f.name for f in attrs.fields(Rules)]
    for candidate, preset in PRESETS.items():
        if preset == rules:
            return candidate, {}
        diffs = {n: getattr(rules, n) for n in names if getattr(rules, n) != getattr(preset, n)}
        if not best_name or len(diffs) < len(best):
            best_name, best = candidate, diffs
    return best_name, best
