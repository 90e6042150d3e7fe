"""The rules of legality, each written once, and the move generator built on them.

Every rule that decides whether a move is allowed is one function here that returns
*why the move is not allowed*, in words a player would use, or ``None`` when it is
allowed (rules §1.6, §2, §3, §4, §9):

=========================  ======================================================
:func:`exchange_rule`      the exchange of the exchange card for the turn-up (§3)
:func:`close_rule`         closing the talon, on lead or at the decision (§2.1)
:func:`claim_rule`         claiming 66 (§2.4, §9.3)
:func:`marriage_rule`      declaring a marriage (§4)
:func:`amour_rule`         declaring an amour, the ace and ten of a suit (§13.7)
:func:`play_rule`          which card may be led or played to a trick (§1.6, §4)
:func:`decision_rule`      whether a won trick is followed by the decision to draw
                           or close (§2.1) rather than by the draw
=========================  ======================================================

The same functions serve three users: :func:`options` (the move list that
:func:`sixtysix.legal_moves` returns, for a state or a seat's view), the engine's
decision after a trick, and :func:`sixtysix.explain_illegal`. Rules that depend only on
the :class:`~sixtysix.Rules` value and a few small numbers are evaluated once per rule
set, for every value of those numbers, into the bit tables of :class:`RuleFacts`
(:func:`rule_facts`, a bounded cache); the hot path reads a bit, and the answer is the
rule function's by construction.

This module knows nothing of :class:`~sixtysix.HandState` or
:class:`~sixtysix.PlayerView` beyond the fields both have (:class:`Position`); the mover's
hand and the talon size are passed in, so a view needs no shadow state.
"""

from __future__ import annotations

from typing import Protocol

from .cards import CARDS, HIGHER, KING_BIT, KING_QUEEN, SUIT_MASK, Suit, exchange_card_index
from .moves import AMOUR, AMOURS, CLAIM, CLOSE, DRAW, EXCHANGE, MARRY, PLAY, Move
from .rules import (
    CLASSIC_66,
    AmourRule,
    ClaimMode,
    CloseTiming,
    ExchangeTiming,
    ExchangeWhenClosed,
    HonoursScoring,
    MarriageBeforeFirstTrick,
    MarriageLead,
    Rules,
    Schwarz,
    StrictPlay,
)
from .state import CloseSnapshot, Step

__all__ = [
    "FACTS_BY_ID",
    "FACTS_CACHE_LIMIT",
    "LAST_FACTS",
    "LAST_RULES",
    "MOVES_CACHE",
    "MOVES_CACHE_LIMIT",
    "TURN_AMOUR",
    "Position",
    "RuleFacts",
    "amour_rule",
    "cached_moves",
    "claim_rule",
    "close_rule",
    "decision_rule",
    "declaration_value",
    "exchange_rule",
    "follow_mask",
    "lead_mask",
    "marriage_rule",
    "move_list",
    "options",
    "play_rule",
    "require_plain_trick_game",
    "rule_facts",
]

LEAD = Step.LEAD
FOLLOW = Step.FOLLOW
DECIDE = Step.DECIDE
OVER = Step.OVER

_AUTO = ClaimMode.AUTO
_NO_CLAIMS = ClaimMode.NONE
_ANY_TIME = ExchangeTiming.ANY_TIME
_NEVER = ExchangeWhenClosed.NEVER
_AT_CLOSE_OPPONENT = ExchangeWhenClosed.AT_CLOSE_OPPONENT
_FORBIDDEN = MarriageBeforeFirstTrick.FORBIDDEN
_KING_ONLY = MarriageLead.KING_ONLY
_BEFORE_OR_AFTER = CloseTiming.BEFORE_OR_AFTER_DRAW
_HEAD_OR_TRUMP = StrictPlay.FOLLOW_HEAD_OR_TRUMP
_FOLLOW_OR_TRUMP = StrictPlay.FOLLOW_OR_TRUMP

#: Bit 0 of each suit's run (where ``hand >> 2 & hand >> 3`` marks a king-queen pair).
SUIT_BASE = 0x01010101

# Flags of the non-card options (the first item of :func:`options`).
F_EXCHANGE = 1
F_CLOSE = 2
F_CLAIM = 4
F_DRAW = 8
#: The trump amour (``amour``, with ``amour = TRUMP``) may be declared.
F_AMOUR = 16

#: Flag in ``turn_steps``: the declaration of this turn (``turn_marriage``) is an amour.
TURN_AMOUR = 2
#: The ace and ten of clubs (shift by ``suit * 8`` for the other suits).
ACE_TEN = 3

#: The largest talon any deck leaves (32 cards minus two hands of two).
_MAX_TALON = 28


class Position(Protocol):
    """The public facts of a position that the rules read (both states and views)."""

    @property
    def rules(self) -> Rules:
        """The rule set."""

    @property
    def trump(self) -> int:
        """The trump suit index."""

    @property
    def step(self) -> Step:
        """The pending step."""

    @property
    def leader(self) -> int:
        """The leading seat."""

    @property
    def lead(self) -> int:
        """The card led, or -1."""

    @property
    def won(self) -> tuple[int, int]:
        """The cards won by each seat."""

    @property
    def turn_marriage(self) -> int:
        """The suit married this turn, or -1."""

    @property
    def turn_steps(self) -> int:
        """What the leader did this turn."""

    @property
    def closed_by(self) -> int:
        """The closer, or -1."""

    @property
    def close_snapshot(self) -> CloseSnapshot | None:
        """The close snapshot, or None."""


def _talon_words(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


# --------------------------------------------------------------------------- the rules


def exchange_rule(p: Position, hand: int, talon: int, seat: int, leading: bool) -> str | None:
    """Why ``seat`` may not exchange now (rules §3, §9.6), or ``None`` if it may.

    Args:
        p: The position.
        hand: The cards ``seat`` holds.
        talon: The number of cards in the talon.
        seat: The seat that would exchange.
        leading: Whether ``seat`` is the leader before the lead (else the follower).
    """
    r = p.rules
    if leading and (p.turn_marriage >= 0 or p.turn_steps):
        return "the exchange must be the first step of your turn"
    if not talon:
        return "the talon is exhausted, so there is no turn-up to exchange"
    if talon < r.exchange_min_talon:
        return (
            f"cannot exchange: the talon has {_talon_words(talon)} and this rule set "
            f"needs at least {r.exchange_min_talon}"
        )
    ex = exchange_card_index(r.deck, p.trump)
    if not (hand >> ex) & 1:
        return f"you do not hold the exchange card {CARDS[ex]}"
    won = p.won
    if p.closed_by < 0:
        if not leading and r.exchange_timing is not _ANY_TIME:
            return "this rule set allows the exchange only to the player on lead"
        if r.exchange_requires_won_trick and not won[seat]:
            return "this rule set allows the exchange only after you have won a trick"
        if not (r.exchange_on_first_lead or won[0] | won[1]):
            return "this rule set allows no exchange during the first trick"
        return None
    when = r.exchange_when_closed
    if when is _NEVER:
        return "the talon is closed and this rule set allows no exchange then"
    if when is _AT_CLOSE_OPPONENT:
        snap = p.close_snapshot
        if leading or seat == p.closed_by:
            return "on a closed talon only the closer's opponent may exchange, as follower"
        if snap is None or snap.tricks_played != (won[0] | won[1]).bit_count() >> 1:
            return (
                "on a closed talon the exchange is allowed only before the first trick "
                "after the close"
            )
        return None
    if not won[seat]:
        return "on a closed talon only a player who has won a trick may exchange"
    if not leading and r.exchange_timing is not _ANY_TIME:
        return "this rule set allows the exchange only to the player on lead"
    return None


def close_rule(
    r: Rules, closed_by: int, talon: int, won_any: bool, at_decision: bool, turn_marriage: int
) -> str | None:
    """Why the talon may not be closed now (rules §2.1, §2.2), or ``None``.

    Args:
        r: The rule set.
        closed_by: The seat that closed the talon, or -1.
        talon: The number of cards in the talon.
        won_any: Whether any trick has been completed.
        at_decision: Closing at the decision after a trick (else on lead).
        turn_marriage: The suit married in this leading turn, or -1.
    """
    if not r.closing_allowed:
        return "this rule set does not allow closing the talon"
    if closed_by >= 0:
        return "the talon is already closed"
    if talon == 0:
        return "the talon is exhausted and cannot be closed"
    if talon < r.close_min_talon:
        return (
            f"cannot close: the talon has {_talon_words(talon)} and this rule set needs at "
            f"least {r.close_min_talon}"
        )
    if not at_decision:
        if turn_marriage >= 0:
            return "the talon must be closed before declaring a marriage, not after"
        if not (r.close_on_first_lead or won_any):
            return "this rule set does not allow closing on the first lead"
    return None


def decision_rule(r: Rules, talon: int) -> str | None:
    """Why a won trick is not followed by the decision to draw or close, or ``None``.

    rules §2.1: after a trick on an open talon of ``talon`` cards the winner may
    close instead of drawing where this returns ``None``; otherwise both draw at once.
    """
    if r.close_timing is not _BEFORE_OR_AFTER:
        return "this rule set closes only before the lead (close_timing AFTER_DRAW)"
    return close_rule(r, -1, talon, True, True, -1)


def claim_rule(r: Rules, step: Step, won: bool, turn_marriage: int) -> str | None:
    """Why the player to move may not claim 66 (rules §2.4, §9.3), or ``None``.

    Args:
        r: The rule set.
        step: The step of the hand (``LEAD``, ``FOLLOW`` or ``DECIDE``).
        won: Whether the player to move has won a trick.
        turn_marriage: The suit married in this leading turn, or -1.
    """
    if r.claim_mode is _AUTO:
        return "claims are automatic in this rule set (claim_mode AUTO)"
    if r.claim_mode is _NO_CLAIMS:
        return "this rule set has no claims (claim_mode NONE): every hand is played out"
    if step is FOLLOW:
        return "only the player on lead may claim, not the follower"
    if step is DECIDE:
        return None
    if turn_marriage >= 0:
        if r.marriage_out_without_lead:
            return None
        return "this rule set does not allow claiming right after a marriage; lead a card"
    if not won:
        return "you have not won a trick yet, so you cannot claim"
    return None


def _declaration_time_rule(
    r: Rules, step: Step, won: bool, strict: bool, turn_marriage: int, what: str
) -> str | None:
    """When a declaration (``what``: marriage or amour) may be made (§4, §13.7)."""
    article = "an" if what == "amour" else "a"
    if step is FOLLOW:
        return f"only the player on lead may declare {article} {what}"
    if turn_marriage >= 0:
        if what == "amour":
            return "only one declaration may be made per lead"
        return "only one marriage may be declared per lead"
    if not won and r.marriage_before_first_trick is _FORBIDDEN:
        return f"this rule set allows no {what} before you have won a trick"
    if strict and not r.marriage_in_strict_phase:
        return f"this rule set allows no {what} once the talon is closed or exhausted"
    return None


def marriage_rule(
    r: Rules, step: Step, hand: int, won: bool, strict: bool, turn_marriage: int, suit: int
) -> str | None:
    """Why the player to move may not declare a marriage in ``suit`` (rules §4), or ``None``.

    Args:
        r: The rule set.
        step: The step of the hand (``LEAD`` or ``FOLLOW``).
        hand: The cards of the player to move.
        won: Whether that player has won a trick.
        strict: Whether the strict phase has begun (talon closed or exhausted).
        turn_marriage: The suit married in this leading turn, or -1.
        suit: The suit of the marriage.
    """
    why = _declaration_time_rule(r, step, won, strict, turn_marriage, "marriage")
    if why is not None:
        return why
    if hand & KING_QUEEN[suit] != KING_QUEEN[suit]:
        s = Suit(suit)
        return f"you need both K{s.letter} and Q{s.letter} in hand to marry {s.name.lower()}"
    return None


def amour_rule(
    r: Rules,
    step: Step,
    hand: int,
    won: bool,
    strict: bool,
    turn_marriage: int,
    suit: int | None,
    trump: int,
) -> str | None:
    """Why the player to move may not declare an amour, or ``None`` (rules §13.7.2).

    ``suit`` is the suit of an ``amour S`` move, ``None`` for the plain ``amour`` (the
    trump amour); the other arguments are as for :func:`marriage_rule`, whose
    conditions of time apply [M9].
    """
    rule = r.amour
    if rule is AmourRule.NONE:
        return "this rule set has no amour (amour NONE)"
    if rule is AmourRule.TRUMP and suit is not None:
        return "in this rule set the amour is the trumps' only: write it as amour"
    if rule is AmourRule.ANY_SUIT and suit is None:
        return "in this rule set an amour names its suit, e.g. amour H"
    why = _declaration_time_rule(r, step, won, strict, turn_marriage, "amour")
    if why is not None:
        return why
    s = Suit(trump if suit is None else suit)
    if hand & ACE_TEN << (8 * s) != ACE_TEN << (8 * s):
        return f"you need both A{s.letter} and T{s.letter} in hand for the amour"
    return None


def declaration_value(r: Rules, amour: bool, suit: int, trump: int) -> int:
    """The points a marriage or amour of ``suit`` adds (rules §4, §13.9); 0 under GAME_POINTS."""
    if r.honours_scoring is HonoursScoring.GAME_POINTS:
        return 0
    if amour:
        return r.amour_points[suit == trump]
    return 40 if suit == trump else 20


def lead_mask(r: Rules, hand: int, turn_marriage: int, turn_steps: int = 0) -> int:
    """The cards the leader may lead: any, or after a marriage its king (or queen) (§4).

    After an amour (``turn_steps`` with :data:`TURN_AMOUR`): its ace or ten (§13.7.2,
    also under ``KING_ONLY`` [M18]).
    """
    if turn_marriage < 0:
        return hand
    if turn_steps & TURN_AMOUR:
        return ACE_TEN << (8 * turn_marriage)
    if r.marriage_lead is _KING_ONLY:
        return KING_BIT[turn_marriage]
    return KING_QUEEN[turn_marriage]


def follow_mask(r: Rules, hand: int, lead: int, trump: int, strict: bool) -> int:
    """The cards the follower may play to ``lead`` (rules §1.6)."""
    if not strict:
        return hand
    same = hand & SUIT_MASK[lead >> 3]
    rule = r.strict_play
    if rule is _HEAD_OR_TRUMP:
        if same:
            return (same & HIGHER[lead]) or same
        return (hand & SUIT_MASK[trump]) or hand
    if same:
        return same
    if rule is _FOLLOW_OR_TRUMP:
        return (hand & SUIT_MASK[trump]) or hand
    return hand


def play_rule(p: Position, hand: int, talon: int, card: int) -> str | None:
    """Why the player to move may not play ``card`` (an index) now, or ``None`` (§1.6, §4).

    ``p.step`` must be ``LEAD`` or ``FOLLOW``; ``hand`` is the mover's hand.
    """
    if not (hand >> card) & 1:
        return f"you do not hold {CARDS[card]}"
    r = p.rules
    if p.step is LEAD:
        suit_index = p.turn_marriage
        if (lead_mask(r, hand, suit_index, p.turn_steps) >> card) & 1:
            return None
        suit = Suit(suit_index)
        if p.turn_steps & TURN_AMOUR:
            return f"after the amour you must lead A{suit.letter} or T{suit.letter}"
        if r.marriage_lead is _KING_ONLY:
            return f"after marrying {suit.name.lower()} you must lead K{suit.letter}"
        return f"after marrying {suit.name.lower()} you must lead K{suit.letter} or Q{suit.letter}"
    strict = p.closed_by >= 0 or not talon
    if (follow_mask(r, hand, p.lead, p.trump, strict) >> card) & 1:
        return None
    lead = CARDS[p.lead]
    why = "the talon is closed" if p.closed_by >= 0 else "the talon is exhausted"
    same = hand & SUIT_MASK[lead.suit]
    if same:
        if r.strict_play is _HEAD_OR_TRUMP and same & HIGHER[lead.index]:
            higher = lead.suit.name.lower()[:-1]
            return f"{why}: you must follow suit and beat {lead} with a higher {higher}"
        return f"{why}: you must follow suit ({lead.suit.name.lower()})"
    return f"{why}: you have no {lead.suit.name.lower()}, so you must play a trump"


# --------------------------------------------------------------------------- per-rules facts


class RuleFacts:
    """The rules above evaluated once for one :class:`~sixtysix.Rules` value.

    Every table is computed by calling the rule functions, so it cannot disagree with
    them. Bit ``n`` of a talon table is set when the rule allows the move with ``n``
    cards in the talon.

    Attributes:
        exchange_offset: Offset of the exchange card within the trump suit's bits.
        decide_talons: Talon sizes after which a won trick leads to the decision.
        close_first: Talon sizes at which the leader may close before any trick.
        close_later: Talon sizes at which the leader may close after a trick.
        claim_lead: Whether a leader who has won a trick may claim.
        claim_after_marriage: Whether the leader may claim right after a marriage.
        decide_flags: The non-card options at the decision after a trick.
        marry: For (won a trick, strict phase): whether a held marriage may be declared.
        auto: Whether claims are automatic (``ClaimMode.AUTO``).
        marriage_out: Whether a marriage reaching 66 ends the hand at once (under AUTO).
        amour: For (won a trick, strict phase): whether a held amour may be declared;
            ``None`` when the rule set has no amour.
        amour_any_suit: Whether amours name their suit (``ANY_SUIT``).
        honours_apart: Whether honours score game points apart (``GAME_POINTS``).
        claim_target: The points that make a claim correct (``Rules.claim_target``).
        plain_trick_game: Whether the rule set is the trick game that the solvers
            (:mod:`sixtysix.search`, :mod:`sixtysix.native`) know: no amour, no
            whitewash, honours as points, claims, a claim target of 66 and schwarz as
            §6 (rules §13). The solvers refuse other rule sets.
        encodable: Whether the observation encoding and the fixed action ids cover the
            rule set: no amour, no whitewash, honours as points (rules §13).
    """

    __slots__ = (
        "amour",
        "amour_any_suit",
        "auto",
        "claim_after_marriage",
        "claim_lead",
        "claim_target",
        "close_first",
        "close_later",
        "decide_flags",
        "decide_talons",
        "encodable",
        "exchange_offset",
        "honours_apart",
        "marriage_out",
        "marry",
        "plain_trick_game",
        "rules",
    )

    def __init__(self, r: Rules) -> None:
        """Evaluate the rules for ``r``."""
        talons = range(_MAX_TALON + 1)
        self.rules = r
        self.exchange_offset = exchange_card_index(r.deck, 0)
        self.decide_talons = sum(1 << n for n in talons if decision_rule(r, n) is None)
        self.close_first = sum(
            1 << n for n in talons if close_rule(r, -1, n, False, False, -1) is None
        )
        self.close_later = sum(
            1 << n for n in talons if close_rule(r, -1, n, True, False, -1) is None
        )
        self.claim_lead = claim_rule(r, LEAD, True, -1) is None
        self.claim_after_marriage = claim_rule(r, LEAD, False, 0) is None
        self.decide_flags = (
            F_DRAW | F_CLOSE | (F_CLAIM if claim_rule(r, DECIDE, True, -1) is None else 0)
        )
        pair = KING_QUEEN[0]
        self.marry = tuple(
            tuple(
                marriage_rule(r, LEAD, pair, won, strict, -1, 0) is None
                for strict in (False, True)
            )
            for won in (False, True)
        )
        self.auto = r.claim_mode is _AUTO
        self.marriage_out = self.auto and r.marriage_out_without_lead
        self.amour_any_suit = r.amour is AmourRule.ANY_SUIT
        amour_suit = 0 if self.amour_any_suit else None
        self.amour: tuple[tuple[bool, ...], ...] | None = (
            None
            if r.amour is AmourRule.NONE
            else tuple(
                tuple(
                    amour_rule(r, LEAD, ACE_TEN, won, strict, -1, amour_suit, 0) is None
                    for strict in (False, True)
                )
                for won in (False, True)
            )
        )
        self.honours_apart = r.honours_scoring is HonoursScoring.GAME_POINTS
        self.claim_target = r.claim_target
        self.plain_trick_game = (
            r.amour is AmourRule.NONE
            and not r.whitewash
            and not self.honours_apart
            and r.claim_mode is not _NO_CLAIMS
            and r.claim_target == 66
            and r.schwarz is not Schwarz.NONE
        )
        # The amour has no action id; honours and the whitewash are not observed.
        self.encodable = r.amour is AmourRule.NONE and not r.whitewash and not self.honours_apart


#: Rule facts by ``id`` of the :class:`~sixtysix.Rules` object; each entry holds its
#: rule set, so an ``id`` cannot be reused while it is cached. The hot path reads it
#: inline; :func:`rule_facts` fills it.
FACTS_BY_ID: dict[int, tuple[Rules, RuleFacts]] = {}
_FACTS_BY_VALUE: dict[Rules, RuleFacts] = {}
#: At most this many rule sets keep their tables in each cache (then it starts again).
FACTS_CACHE_LIMIT = 64


#: The rule set of the last :func:`rule_facts` call and its facts: the hot path reads
#: ``LAST_FACTS if rules is LAST_RULES else rule_facts(rules)`` (a one-entry memo; most
#: programs play one rule set at a time).
LAST_FACTS: RuleFacts = RuleFacts(CLASSIC_66)
LAST_RULES: Rules = LAST_FACTS.rules


def rule_facts(r: Rules) -> RuleFacts:
    """The :class:`RuleFacts` of ``r``, computed once per rule set (bounded cache).

    >>> from sixtysix import CLASSIC_66, SCHNAPSEN
    >>> rule_facts(CLASSIC_66) is rule_facts(CLASSIC_66)
    True
    >>> rule_facts(SCHNAPSEN).exchange_offset  # the jack is the lowest card of the suit
    4
    """
    global LAST_RULES, LAST_FACTS  # the one-entry memo of the hot path
    entry = FACTS_BY_ID.get(id(r))
    if entry is not None and entry[0] is r:
        LAST_RULES, LAST_FACTS = r, entry[1]
        return entry[1]
    facts = _FACTS_BY_VALUE.get(r)
    if facts is None:
        facts = RuleFacts(r)
        if len(_FACTS_BY_VALUE) >= FACTS_CACHE_LIMIT:
            _FACTS_BY_VALUE.clear()
        _FACTS_BY_VALUE[r] = facts
    if len(FACTS_BY_ID) >= FACTS_CACHE_LIMIT:
        FACTS_BY_ID.clear()
    FACTS_BY_ID[id(r)] = (r, facts)
    LAST_RULES, LAST_FACTS = r, facts
    return facts


def require_plain_trick_game(r: Rules, tool: str, *, encoding: bool = False) -> None:
    """Raise :class:`~sixtysix.errors.UnsupportedRulesError` unless ``tool`` knows ``r``.

    The solvers know the plain trick game only (:attr:`RuleFacts.plain_trick_game`):
    amours, the whitewash, honours paid apart and unclaimable hands (rules §13) would
    make their values silently wrong, so they refuse such rule sets through this. The
    observation encoding and the action ids (``encoding=True``) need less: no amour,
    whitewash or honours paid apart (:attr:`RuleFacts.encodable`); hands without claims
    are fine there.
    """
    facts = rule_facts(r)
    if not (facts.encodable if encoding else facts.plain_trick_game):
        from .errors import UnsupportedRulesError

        raise UnsupportedRulesError(
            f"{tool} does not know these rules: amours, the whitewash, honours paid as game "
            "points and hands without claims (Mariage, rules §13) are not supported yet; "
            "play such hands with the engine, RandomBot or RuleBot"
        )


# --------------------------------------------------------------------------- the move list


def options(p: Position, hands: tuple[int, int], talon: int, f: RuleFacts) -> tuple[int, int, int]:
    """(flags, marriages, playable cards) of the player to move in ``p``.

    ``hands`` are the two hands by seat (only the mover's is read, so a seat's view
    passes its own hand twice), ``talon`` is the talon size and ``f`` the rule facts of
    ``p.rules``. ``marriages`` has bit ``suit * 8`` set for each suit the leader may marry.
    """
    step = p.step
    if step is LEAD:
        leader = p.leader
        hand = hands[leader]
        suit = p.turn_marriage
        if suit >= 0:
            # After a marriage or amour: only its lead, or (§9.3, [M18]) a claim.
            return (
                (F_CLAIM if f.claim_after_marriage else 0),
                0,
                lead_mask(p.rules, hand, suit, p.turn_steps),
            )
        won = p.won
        mine = won[leader]
        closed = p.closed_by >= 0
        flags = 0
        if (
            talon
            and (hand >> (p.trump * 8 + f.exchange_offset)) & 1
            and exchange_rule(p, hand, talon, leader, True) is None
        ):
            flags = F_EXCHANGE
        if not closed and ((f.close_later if won[0] | won[1] else f.close_first) >> talon) & 1:
            flags |= F_CLOSE
        if mine and f.claim_lead:
            flags |= F_CLAIM
        pairs = (hand >> 2) & (hand >> 3) & SUIT_BASE
        if pairs and not f.marry[mine != 0][closed or not talon]:
            pairs = 0
        if f.amour is not None and f.amour[mine != 0][closed or not talon]:
            aces = hand & (hand >> 1) & SUIT_BASE  # bit suit * 8: A and T of the suit
            if f.amour_any_suit:
                pairs |= aces << 1
            elif aces >> (8 * p.trump) & 1:
                flags |= F_AMOUR
        return flags, pairs, hand
    if step is FOLLOW:
        seat = 1 - p.leader
        hand = hands[seat]
        flags = (
            F_EXCHANGE
            if talon
            and (hand >> (p.trump * 8 + f.exchange_offset)) & 1
            and exchange_rule(p, hand, talon, seat, False) is None
            else 0
        )
        if p.closed_by < 0 and talon:  # open talon: any card (follow_mask, not strict)
            return flags, 0, hand
        return flags, 0, follow_mask(p.rules, hand, p.lead, p.trump, True)
    if step is DECIDE:
        return f.decide_flags, 0, 0
    return 0, 0, 0


#: Move tuples by :func:`options` triple: the same tuple object for the same options.
MOVES_CACHE: dict[tuple[int, int, int], tuple[Move, ...]] = {}
#: At most this many entries (then the cache starts again).
MOVES_CACHE_LIMIT = 200_000


def cached_moves(key: tuple[int, int, int]) -> tuple[Move, ...]:
    """:func:`move_list` of an :func:`options` triple, through :data:`MOVES_CACHE`."""
    moves = MOVES_CACHE.get(key)
    if moves is None:
        moves = move_list(*key)
        if len(MOVES_CACHE) >= MOVES_CACHE_LIMIT:
            MOVES_CACHE.clear()
        MOVES_CACHE[key] = moves
    return moves


def _prefix(code: int) -> tuple[Move, ...]:
    flags, marriages = code & 15, code >> 4 & 15
    out: list[Move] = []
    for flag, move in ((F_DRAW, DRAW), (F_EXCHANGE, EXCHANGE), (F_CLOSE, CLOSE), (F_CLAIM, CLAIM)):
        if flags & flag:
            out.append(move)
    out.extend(MARRY[suit] for suit in range(4) if marriages >> suit & 1)
    if code >> 8 & 1:
        out.append(AMOUR)
    out.extend(AMOURS[suit] for suit in range(4) if code >> (9 + suit) & 1)
    return tuple(out)


def _suits(bits: int) -> int:
    """Bits ``suit * 8`` gathered into 4 suit bits."""
    return (bits | bits >> 7 | bits >> 14 | bits >> 21) & 15


def _amour_code(flags: int, pairs: int) -> int:
    """The amour bits of a :func:`_prefix` code: trump amour at 8, suit amours from 9."""
    return (flags >> 4 & 1) << 8 | _suits(pairs >> 1 & SUIT_BASE) << 9


#: The non-card moves by ``flags | marriages << 4`` (marriages as 4 suit bits).
_PREFIXES: tuple[tuple[Move, ...], ...] = tuple(_prefix(code) for code in range(256))
#: The plays of each suit's 8 bits of a mask, by suit and bits.
_SUIT_PLAYS: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(tuple(PLAY[suit * 8 + k] for k in range(8) if bits >> k & 1) for bits in range(256))
    for suit in range(4)
)


def move_list(flags: int, pairs: int, plays: int) -> tuple[Move, ...]:
    """The moves of an :func:`options` triple, in the documented order.

    >>> from sixtysix.legality import F_CLOSE, move_list
    >>> [str(m) for m in move_list(F_CLOSE, 1 << 8, 0b1101)]
    ['close', 'marry D', 'AC', 'KC', 'QC']

    ``pairs`` also holds, at bit ``suit * 8 + 1``, the suits of ``amour S`` moves, and
    ``flags`` has :data:`F_AMOUR` for the trump ``amour``; amours follow the marriages.
    """
    if flags & F_AMOUR or pairs & SUIT_BASE << 1:
        prefix = _prefix(flags & 15 | _suits(pairs & SUIT_BASE) << 4 | _amour_code(flags, pairs))
    else:
        code = flags | ((pairs | pairs >> 7 | pairs >> 14 | pairs >> 21) & 15) << 4
        prefix = _PREFIXES[code]
    return (
        prefix
        + _SUIT_PLAYS[0][plays & 255]
        + _SUIT_PLAYS[1][plays >> 8 & 255]
        + _SUIT_PLAYS[2][plays >> 16 & 255]
        + _SUIT_PLAYS[3][plays >> 24 & 255]
    )
