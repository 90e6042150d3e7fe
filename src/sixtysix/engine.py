"""Dealing, legal moves and move application: the pure transition functions.

Nothing here does I/O or uses hidden randomness: :func:`new_hand` shuffles with a
:class:`random.Random` seeded from its ``seed`` argument, everything else is a pure
function of its arguments.

Order of :func:`legal_moves` (fixed, so that seeded play is reproducible):

* leader: ``exchange``, ``close``, ``claim``, ``marry`` by suit (C, D, H, S), then the
  playable cards;
* follower: ``exchange``, then the playable cards;
* trick winner's decision: ``draw``, ``close``, ``claim``.

Cards come in canonical order: by suit C, D, H, S, and within a suit from the ace down.

>>> from sixtysix import CLASSIC_66
>>> pack = "AH TH KH QH JH 9H AS TS KS QS JS 9S AD TD KD QD JD 9D AC TC KC QC JC 9C"
>>> state = deal_from_order(CLASSIC_66, pack.split(), dealer=0)
>>> [str(c) for c in state.hand(1)], str(state.turnup)
(['AH', 'TH', 'KH', 'AS', 'TS', 'KS'], 'AD')
>>> [str(m) for m in legal_moves(state)]
['close', 'AH', 'TH', 'KH', 'AS', 'TS', 'KS']
"""

from __future__ import annotations

import hashlib
import math
import random
import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import CARDS, HIGHER, POINTS, SUIT_MASK, Card, Deck, Suit
from .errors import DealError, IllegalMoveError
from .moves import (
    CLAIM,
    CLOSE,
    DRAW,
    EXCHANGE,
    MARRY,
    PLAY,
    Claim,
    Close,
    Draw,
    Exchange,
    Marry,
    Move,
    Play,
    parse_move,
)
from .rules import (
    ClaimMode,
    CloseTiming,
    ExchangeTiming,
    ExchangeWhenClosed,
    MarriageBeforeFirstTrick,
    MarriageLead,
    MarriagePendingRedeem,
    Rules,
    StrictPlay,
    TrumpSource,
)
from .state import TURN_CLOSED, CloseSnapshot, HandState, Step, build_state

if TYPE_CHECKING:
    from .observe import PlayerView

__all__ = [
    "apply_move",
    "deal_from_order",
    "explain_illegal",
    "is_legal",
    "is_over",
    "legal_moves",
    "new_hand",
    "shuffled_deck",
    "to_move",
]

LEAD = Step.LEAD
FOLLOW = Step.FOLLOW
DECIDE = Step.DECIDE
OVER = Step.OVER

_AUTO = ClaimMode.AUTO
_EXPLICIT = ClaimMode.EXPLICIT
_ANY_TIME = ExchangeTiming.ANY_TIME
_NEVER = ExchangeWhenClosed.NEVER
_AT_CLOSE_OPPONENT = ExchangeWhenClosed.AT_CLOSE_OPPONENT
_FORBIDDEN = MarriageBeforeFirstTrick.FORBIDDEN
_KING_ONLY = MarriageLead.KING_ONLY
_NEXT_TRICK = MarriagePendingRedeem.NEXT_TRICK_AFTER_DECLARING
_BEFORE_OR_AFTER = CloseTiming.BEFORE_OR_AFTER_DRAW
_HEAD_OR_TRUMP = StrictPlay.FOLLOW_HEAD_OR_TRUMP
_FOLLOW_OR_TRUMP = StrictPlay.FOLLOW_OR_TRUMP

#: Offset of the exchange card within its suit's run of bits, per deck.
_EXCHANGE_OFFSET = {id(d): 7 - d.exchange_rank for d in Deck}
#: Bit 0 of each suit's run (where ``hand >> 2 & hand >> 3`` marks a king-queen pair).
_SUIT_BASE = 0x01010101
#: Bits of the king and the queen of each suit.
_KING = tuple(1 << (s * 8 + 2) for s in range(4))
_QUEEN = tuple(1 << (s * 8 + 3) for s in range(4))

# Flags of the non-card options (internal).
_F_EXCHANGE = 1
_F_CLOSE = 2
_F_CLAIM = 4
_F_DRAW = 8

_MOVES_CACHE: dict[tuple[int, int, int], tuple[Move, ...]] = {}
_MOVES_CACHE_LIMIT = 200_000


# --------------------------------------------------------------------------- dealing


def deal_from_order(rules: Rules, order: Sequence[Card | str], dealer: int = 0) -> HandState:
    """Deal a hand from an ordered pack, top card first (RULES.md §1.3).

    Args:
        rules: The rule set; it fixes the deck, the packets and the turn-up.
        order: The whole deck, each card once, ``order[0]`` on top. Cards may be given
            as :class:`~sixtysix.Card` or as text; a single string is split at spaces.
        dealer: The dealer's seat, 0 or 1.

    Raises:
        DealError: ``order`` is not the rule set's deck in some order, or ``dealer`` is
            not 0 or 1.
    """
    if not isinstance(rules, Rules):
        raise DealError(f"rules must be a Rules value, not {rules!r}")
    if dealer not in (0, 1) or type(dealer) is not int:
        raise DealError(f"the dealer must be seat 0 or 1, not {dealer!r}")
    deck = rules.deck
    if isinstance(order, str):
        order = order.split()
    try:
        items = list(order)
    except TypeError:
        raise DealError(f"the pack order must be a sequence of cards, not {order!r}") from None
    ids: list[int] = []
    for item in items:
        card = Card.parse(item) if isinstance(item, str) else item
        if type(card) is not Card:
            raise DealError(f"the pack order must hold cards, not {item!r}")
        ids.append(card.index)
    expected = deck.mask
    seen = 0
    for i in ids:
        bit = 1 << i
        if not bit & expected:
            raise DealError(f"{CARDS[i]} is not in the {deck.name} deck")
        if bit & seen:
            raise DealError(f"{CARDS[i]} appears twice in the pack order")
        seen |= bit
    if seen != expected:
        missing = " ".join(str(c) for c in deck.cards if not (seen >> c.index) & 1)
        raise DealError(
            f"the pack order has {len(ids)} cards but the {deck.name} deck has "
            f"{deck.size}; missing: {missing}"
        )
    return _deal(rules, ids, dealer)


def _deal_plan(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Pack positions of the non-dealer's cards, the dealer's cards and the talon.

    The talon positions are in drawing order, the turn-up's position last (§1.3).
    """
    plan = _DEAL_PLANS.get(rules)
    if plan is None:
        non_dealer: list[int] = []
        dealer: list[int] = []
        pos = 0
        turnup = -1
        next_card = rules.trump_source is TrumpSource.NEXT_CARD
        for round_no, size in enumerate(rules.deal_packets, 1):
            non_dealer.extend(range(pos, pos + size))
            dealer.extend(range(pos + size, pos + 2 * size))
            pos += 2 * size
            if next_card and round_no == rules.trump_after_round:
                turnup = pos
                pos += 1
        rest = list(range(pos, rules.deck.size))
        talon = (*rest, turnup) if next_card else tuple(rest)
        plan = (tuple(non_dealer), tuple(dealer), talon)
        _DEAL_PLANS[rules] = plan
    return plan


_DEAL_PLANS: dict[Rules, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}


def _deal(rules: Rules, ids: Sequence[int], dealer: int) -> HandState:
    """Deal a validated pack order of card indices."""
    nd_pos, d_pos, talon_pos = _deal_plan(rules)
    nd_hand = 0
    for p in nd_pos:
        nd_hand |= 1 << ids[p]
    d_hand = 0
    for p in d_pos:
        d_hand |= 1 << ids[p]
    talon = tuple([ids[p] for p in talon_pos])
    return build_state(
        rules,
        dealer,
        talon[-1] >> 3,
        (d_hand, nd_hand) if dealer == 0 else (nd_hand, d_hand),
        talon,
        LEAD,
        1 - dealer,
        -1,
        (0, 0),
        (0, 0),
        (0, 0),
        (0, 0),
        0,
        -1,
        0,
        -1,
        None,
        -1,
        (),
        talon[-1],
    )


def _permutation_index(seed: int | str | bytes | random.Random | None, n: int) -> int:
    """A uniform integer below ``n!`` determined by ``seed``."""
    limit = _FACTORIALS[n]
    if isinstance(seed, random.Random):
        return seed.randrange(limit)
    if seed is None:
        return secrets.randbelow(limit)
    if isinstance(seed, bool) or not isinstance(seed, int | str | bytes):
        raise DealError(f"a seed must be an int, str, bytes or random.Random, not {seed!r}")
    if isinstance(seed, int):
        data = b"i" + str(seed).encode()
    elif isinstance(seed, str):
        data = b"s" + seed.encode()
    else:
        data = b"b" + seed
    digest = hashlib.blake2b(data, digest_size=64, person=b"sixtysix-deal").digest()
    return int.from_bytes(digest, "big") % limit


_FACTORIALS = [math.factorial(k) for k in range(33)]


def shuffled_deck(
    rules: Rules, seed: int | str | bytes | random.Random | None = None
) -> list[Card]:
    """The rule set's deck in the order :func:`new_hand` deals it for ``seed``.

    The order is the permutation of the deck's canonical order whose index in the
    factorial number system is drawn from the seed: for an int, str or bytes seed, the
    BLAKE2b hash of the seed taken modulo ``n!`` (stable across Python versions and
    platforms); for a :class:`random.Random`, ``rng.randrange(n!)``; for ``None``, a fresh
    random index from :mod:`secrets`.

    Raises:
        DealError: ``seed`` is of another type.
    """
    return [CARDS[i] for i in _shuffled_ids(rules, seed)]


def _shuffled_ids(rules: Rules, seed: int | str | bytes | random.Random | None) -> list[int]:
    remaining = [c.index for c in rules.deck.cards]
    n = len(remaining)
    index = _permutation_index(seed, n)
    out = []
    for k in range(n, 0, -1):
        index, j = divmod(index, k)
        out.append(remaining.pop(j))
    return out


def new_hand(
    rules: Rules, seed: int | str | bytes | random.Random | None = None, dealer: int = 0
) -> HandState:
    """Deal a shuffled hand: the same ``seed`` always gives the same deal.

    ``seed`` may be an int, str or bytes (the deal is a pure function of it, the same on
    every platform and Python version), a :class:`random.Random` (one ``randrange``
    call), or ``None`` for a fresh random deal. See :func:`shuffled_deck` for the exact
    shuffle; ``deal_from_order(rules, shuffled_deck(rules, seed), dealer)`` is the same
    deal.

    >>> from sixtysix import SCHNAPSEN
    >>> new_hand(SCHNAPSEN, seed=1) == new_hand(SCHNAPSEN, seed=1)
    True

    Raises:
        DealError: ``dealer`` is not 0 or 1, or ``seed`` is of another type.
    """
    if not isinstance(rules, Rules):
        raise DealError(f"rules must be a Rules value, not {rules!r}")
    if dealer not in (0, 1) or type(dealer) is not int:
        raise DealError(f"the dealer must be seat 0 or 1, not {dealer!r}")
    return _deal(rules, _shuffled_ids(rules, seed), dealer)


# --------------------------------------------------------------------------- queries


def to_move(state: HandState) -> int | None:
    """The seat (0 or 1) whose decision it is, or ``None`` when the hand is over."""
    return state.to_move


def is_over(state: HandState) -> bool:
    """Whether the hand has ended (then :func:`~sixtysix.score_hand` scores it)."""
    return state.step is OVER


def _tricks_played(s: HandState) -> int:
    return (s.won[0] | s.won[1]).bit_count() >> 1


def _exchange_card(s: HandState) -> int:
    return s.trump * 8 + _EXCHANGE_OFFSET[id(s.rules.deck)]


def _can_exchange(s: HandState, seat: int, leading: bool) -> bool:
    """Whether ``seat`` may exchange now (the leader: as the first step of the turn)."""
    talon = s.talon
    r = s.rules
    if not talon or len(talon) < r.exchange_min_talon:
        return False
    if not (s.hands[seat] >> (s.trump * 8 + _EXCHANGE_OFFSET[id(r.deck)])) & 1:
        return False
    if leading and (s.turn_marriage >= 0 or s.turn_steps):
        return False
    if s.closed_by < 0:
        if not leading and r.exchange_timing is not _ANY_TIME:
            return False
        if r.exchange_requires_won_trick and not s.won[seat]:
            return False
        return r.exchange_on_first_lead or bool(s.won[0] | s.won[1])
    when = r.exchange_when_closed
    if when is _NEVER:
        return False
    if when is _AT_CLOSE_OPPONENT:
        snap = s.close_snapshot
        return (
            not leading
            and seat != s.closed_by
            and snap is not None
            and snap.tricks_played == _tricks_played(s)
        )
    return bool(s.won[seat]) and (leading or r.exchange_timing is _ANY_TIME)


def _lead_play_mask(s: HandState) -> int:
    suit = s.turn_marriage
    if suit < 0:
        return s.hands[s.leader]
    if s.rules.marriage_lead is _KING_ONLY:
        return _KING[suit]
    return _KING[suit] | _QUEEN[suit]


def _follow_play_mask(s: HandState) -> int:
    hand = s.hands[1 - s.leader]
    if s.closed_by < 0 and s.talon:
        return hand
    lead = s.lead
    same = hand & SUIT_MASK[lead >> 3]
    strict = s.rules.strict_play
    if strict is _HEAD_OR_TRUMP:
        if same:
            return (same & HIGHER[lead]) or same
        return (hand & SUIT_MASK[s.trump]) or hand
    if same:
        return same
    if strict is _FOLLOW_OR_TRUMP:
        return (hand & SUIT_MASK[s.trump]) or hand
    return hand


def _options(s: HandState) -> tuple[int, int, int]:
    """(flags, marriages, playable cards) of the position.

    ``marriages`` has bit ``suit * 8`` set for each suit the leader may marry.
    """
    step = s.step
    if step is LEAD:
        r = s.rules
        leader = s.leader
        hand = s.hands[leader]
        suit = s.turn_marriage
        if suit >= 0:
            # After a marriage: only the marriage lead, or (§9.3) a claim.
            flags = _F_CLAIM if r.marriage_out_without_lead and r.claim_mode is _EXPLICIT else 0
            if r.marriage_lead is _KING_ONLY:
                return flags, 0, _KING[suit]
            return flags, 0, _KING[suit] | _QUEEN[suit]
        talon = s.talon
        won_any = s.won[0] | s.won[1]
        flags = 0
        if (
            talon
            and (hand >> (s.trump * 8 + _EXCHANGE_OFFSET[id(r.deck)])) & 1
            and _can_exchange(s, leader, True)
        ):
            flags = _F_EXCHANGE
        if (
            talon
            and r.closing_allowed
            and s.closed_by < 0
            and len(talon) >= r.close_min_talon
            and (won_any or r.close_on_first_lead)
        ):
            flags |= _F_CLOSE
        won = s.won[leader]
        if won and r.claim_mode is _EXPLICIT:
            flags |= _F_CLAIM
        pairs = (hand >> 2) & (hand >> 3) & _SUIT_BASE
        if pairs and (
            (not won and r.marriage_before_first_trick is _FORBIDDEN)
            or ((s.closed_by >= 0 or not talon) and not r.marriage_in_strict_phase)
        ):
            pairs = 0
        return flags, pairs, hand
    if step is FOLLOW:
        seat = 1 - s.leader
        flags = (
            _F_EXCHANGE
            if s.talon
            and (s.hands[seat] >> (s.trump * 8 + _EXCHANGE_OFFSET[id(s.rules.deck)])) & 1
            and _can_exchange(s, seat, False)
            else 0
        )
        return flags, 0, _follow_play_mask(s)
    if step is DECIDE:
        if s.rules.claim_mode is _EXPLICIT:
            return _F_DRAW | _F_CLOSE | _F_CLAIM, 0, 0
        return _F_DRAW | _F_CLOSE, 0, 0
    return 0, 0, 0


def _build_moves(flags: int, pairs: int, plays: int) -> tuple[Move, ...]:
    out: list[Move] = []
    if flags & _F_DRAW:
        out.append(DRAW)
    if flags & _F_EXCHANGE:
        out.append(EXCHANGE)
    if flags & _F_CLOSE:
        out.append(CLOSE)
    if flags & _F_CLAIM:
        out.append(CLAIM)
    for suit in range(4):
        if pairs >> (suit * 8) & 1:
            out.append(MARRY[suit])
    while plays:
        low = plays & -plays
        out.append(PLAY[low.bit_length() - 1])
        plays ^= low
    return tuple(out)


def legal_moves(state: HandState | PlayerView) -> tuple[Move, ...]:
    """The moves the player to move may make, in the fixed order of this module.

    ``state`` may also be a :class:`~sixtysix.PlayerView` of the seat to move (a bot
    never needs the full state). Empty exactly when the hand is over.
    """
    if type(state) is not HandState:
        return state.legal_moves()  # type: ignore[union-attr]
    key = _options(state)
    moves = _MOVES_CACHE.get(key)
    if moves is None:
        moves = _build_moves(*key)
        if len(_MOVES_CACHE) >= _MOVES_CACHE_LIMIT:
            _MOVES_CACHE.clear()
        _MOVES_CACHE[key] = moves
    return moves


def _legal(s: HandState, move: object) -> bool:
    """Whether ``move`` is legal in ``s`` (computes only what the move needs)."""
    step = s.step
    kind = type(move)
    if kind is Play:
        assert isinstance(move, Play)
        if step is FOLLOW:
            return bool(_follow_play_mask(s) >> move.card.index & 1)
        return step is LEAD and bool(_lead_play_mask(s) >> move.card.index & 1)
    if step is OVER:
        return False
    flags, marry, _ = _options(s)
    if kind is Marry:
        assert isinstance(move, Marry)
        return bool(marry >> (move.suit * 8) & 1)
    if kind is Exchange:
        return bool(flags & _F_EXCHANGE)
    if kind is Close:
        return bool(flags & _F_CLOSE)
    if kind is Claim:
        return bool(flags & _F_CLAIM)
    if kind is Draw:
        return bool(flags & _F_DRAW)
    return False


def is_legal(state: HandState, move: Move | str) -> bool:
    """Whether ``move`` (a move or its text) is legal in ``state``.

    Text that is not a move at all is simply not legal.
    """
    if isinstance(move, str):
        try:
            move = parse_move(move)
        except ValueError:
            return False
    return _legal(state, move)


# --------------------------------------------------------------------------- transitions


def _snapshot(s: HandState, closer: int) -> CloseSnapshot:
    opp = 1 - closer
    return CloseSnapshot(
        tricks_played=_tricks_played(s),
        opponent_tricks=s.won[opp].bit_count() >> 1,
        opponent_card_points=s.card_points[opp],
        opponent_marriages=s.marriages[opp],
    )


def _new(
    s: HandState,
    hands: tuple[int, int],
    talon: tuple[int, ...],
    step: Step,
    leader: int,
    lead: int,
    won: tuple[int, int],
    card_points: tuple[int, int],
    marriages: tuple[int, int],
    pending: tuple[int, int],
    declared: int,
    turn_marriage: int,
    turn_steps: int,
    closed_by: int,
    close_snapshot: CloseSnapshot | None,
    exchanged_by: int,
    played: tuple[int, ...],
) -> HandState:
    return build_state(
        s.rules,
        s.dealer,
        s.trump,
        hands,
        talon,
        step,
        leader,
        lead,
        won,
        card_points,
        marriages,
        pending,
        declared,
        turn_marriage,
        turn_steps,
        closed_by,
        close_snapshot,
        exchanged_by,
        played,
        s.dealt_turnup,
    )


def _draw(s: HandState, winner: int) -> tuple[tuple[int, int], tuple[int, ...]]:
    talon = s.talon
    h0, h1 = s.hands
    if winner == 0:
        h0 |= 1 << talon[0]
        h1 |= 1 << talon[1]
    else:
        h1 |= 1 << talon[0]
        h0 |= 1 << talon[1]
    return (h0, h1), talon[2:]


def _play_lead(s: HandState, card: int) -> HandState:
    leader = s.leader
    h0, h1 = s.hands
    if leader == 0:
        h0 ^= 1 << card
    else:
        h1 ^= 1 << card
    return build_state(
        s.rules,
        s.dealer,
        s.trump,
        (h0, h1),
        s.talon,
        FOLLOW,
        leader,
        card,
        s.won,
        s.card_points,
        s.marriages,
        s.pending,
        s.declared,
        -1,
        0,
        s.closed_by,
        s.close_snapshot,
        s.exchanged_by,
        (*s.played, card),
        s.dealt_turnup,
    )


def _play_follow(s: HandState, card: int) -> HandState:
    r = s.rules
    lead = s.lead
    leader = s.leader
    h0, h1 = s.hands
    if leader == 0:
        h1 ^= 1 << card
    else:
        h0 ^= 1 << card
    if card >> 3 == lead >> 3:
        winner = leader if lead < card else 1 - leader
    elif card >> 3 == s.trump:
        winner = 1 - leader
    else:
        winner = leader
    gain = POINTS[lead] + POINTS[card]
    both = (1 << lead) | (1 << card)
    w0, w1 = s.won
    c0, c1 = s.card_points
    m0, m1 = s.marriages
    p0, p1 = s.pending
    if winner == 0:
        w0 |= both
        c0 += gain
        if p0:
            m0 += p0
            p0 = 0
        total = c0 + m0
    else:
        w1 |= both
        c1 += gain
        if p1:
            m1 += p1
            p1 = 0
        total = c1 + m1
    talon = s.talon
    hands = (h0, h1)
    if not (h0 | h1) or (total >= 66 and r.claim_mode is _AUTO):
        step = OVER
    elif s.closed_by < 0 and talon:
        if r.close_timing is _BEFORE_OR_AFTER and (
            r.closing_allowed and len(talon) >= r.close_min_talon
        ):
            step = DECIDE
        else:
            step = LEAD
            if winner == 0:
                hands = (h0 | 1 << talon[0], h1 | 1 << talon[1])
            else:
                hands = (h0 | 1 << talon[1], h1 | 1 << talon[0])
            talon = talon[2:]
    else:
        step = LEAD
    return build_state(
        r,
        s.dealer,
        s.trump,
        hands,
        talon,
        step,
        winner,
        -1,
        (w0, w1),
        (c0, c1),
        (m0, m1),
        (p0, p1),
        s.declared,
        -1,
        0,
        s.closed_by,
        s.close_snapshot,
        s.exchanged_by,
        (*s.played, card),
        s.dealt_turnup,
    )


def _exchange(s: HandState) -> HandState:
    seat = s.leader if s.step is LEAD else 1 - s.leader
    ex = _exchange_card(s)
    up = s.talon[-1]
    hands = list(s.hands)
    hands[seat] = hands[seat] ^ (1 << ex) | (1 << up)
    return _new(
        s,
        (hands[0], hands[1]),
        (*s.talon[:-1], ex),
        s.step,
        s.leader,
        s.lead,
        s.won,
        s.card_points,
        s.marriages,
        s.pending,
        s.declared,
        s.turn_marriage,
        s.turn_steps,
        s.closed_by,
        s.close_snapshot,
        seat,
        s.played,
    )


def _close(s: HandState) -> HandState:
    closer = s.leader
    at_decision = s.step is DECIDE
    return _new(
        s,
        s.hands,
        s.talon,
        LEAD,
        closer,
        -1,
        s.won,
        s.card_points,
        s.marriages,
        s.pending,
        s.declared,
        s.turn_marriage,
        s.turn_steps if at_decision else s.turn_steps | TURN_CLOSED,
        closer,
        _snapshot(s, closer),
        s.exchanged_by,
        s.played,
    )


def _marry(s: HandState, suit: int) -> HandState:
    r = s.rules
    seat = s.leader
    value = 40 if suit == s.trump else 20
    marriages = list(s.marriages)
    pending = list(s.pending)
    if s.won[seat] and r.marriage_pending_redeem is not _NEXT_TRICK:
        marriages[seat] += value
    else:
        pending[seat] += value
    over = (
        r.claim_mode is _AUTO
        and r.marriage_out_without_lead
        and s.card_points[seat] + marriages[seat] >= 66
    )
    return _new(
        s,
        s.hands,
        s.talon,
        OVER if over else LEAD,
        seat,
        -1,
        s.won,
        s.card_points,
        (marriages[0], marriages[1]),
        (pending[0], pending[1]),
        s.declared | 1 << (seat * 4 + suit),
        suit,
        s.turn_steps,
        s.closed_by,
        s.close_snapshot,
        s.exchanged_by,
        s.played,
    )


def _after_decision_draw(s: HandState) -> HandState:
    hands, talon = _draw(s, s.leader)
    return _new(
        s,
        hands,
        talon,
        LEAD,
        s.leader,
        -1,
        s.won,
        s.card_points,
        s.marriages,
        s.pending,
        s.declared,
        -1,
        0,
        s.closed_by,
        s.close_snapshot,
        s.exchanged_by,
        s.played,
    )


def _claim(s: HandState) -> HandState:
    return _new(
        s,
        s.hands,
        s.talon,
        OVER,
        s.leader,
        s.lead,
        s.won,
        s.card_points,
        s.marriages,
        s.pending,
        s.declared,
        s.turn_marriage,
        s.turn_steps,
        s.closed_by,
        s.close_snapshot,
        s.exchanged_by,
        s.played,
    )


def apply_move(state: HandState, move: Move | str) -> HandState:
    """The state after ``move`` (a move or its text); ``state`` itself is unchanged.

    Raises:
        IllegalMoveError: the move is not legal here; the message says which rule
            forbids it.
        ParseError: ``move`` is text that is not a move.
    """
    if type(state) is not HandState:
        raise IllegalMoveError(move, f"moves apply to a HandState, not {type(state).__name__}")
    if isinstance(move, str):
        move = parse_move(move)
    kind = type(move)
    step = state.step
    if kind is Play:
        card = move.card.index  # type: ignore[union-attr]
        if step is FOLLOW:
            if _follow_play_mask(state) >> card & 1:
                return _play_follow(state, card)
        elif step is LEAD and _lead_play_mask(state) >> card & 1:
            return _play_lead(state, card)
    elif _legal(state, move):
        if kind is Marry:
            return _marry(state, move.suit)  # type: ignore[union-attr]
        if kind is Exchange:
            return _exchange(state)
        if kind is Close:
            return _close(state)
        if kind is Draw:
            return _after_decision_draw(state)
        return _claim(state)
    raise IllegalMoveError(move, explain_illegal(state, move) or "not allowed here")


# --------------------------------------------------------------------------- explanations


def _talon_words(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _exchange_reason(s: HandState, seat: int, leading: bool) -> str | None:
    r = s.rules
    talon = s.talon
    ex = CARDS[_exchange_card(s)]
    if not talon:
        return "the talon is exhausted, so there is no turn-up to exchange"
    if len(talon) < r.exchange_min_talon:
        return (
            f"cannot exchange: the talon has {_talon_words(len(talon))} and this rule set "
            f"needs at least {r.exchange_min_talon}"
        )
    if not (s.hands[seat] >> ex.index) & 1:
        return f"you do not hold the exchange card {ex}"
    if s.closed_by < 0:
        if not leading and r.exchange_timing is not _ANY_TIME:
            return "this rule set allows the exchange only to the player on lead"
        if r.exchange_requires_won_trick and not s.won[seat]:
            return "this rule set allows the exchange only after you have won a trick"
        if not (r.exchange_on_first_lead or s.won[0] | s.won[1]):
            return "this rule set allows no exchange during the first trick"
        return None
    when = r.exchange_when_closed
    if when is _NEVER:
        return "the talon is closed and this rule set allows no exchange then"
    if when is _AT_CLOSE_OPPONENT:
        snap = s.close_snapshot
        if leading or seat == s.closed_by:
            return "on a closed talon only the closer's opponent may exchange, as follower"
        if snap is None or snap.tricks_played != _tricks_played(s):
            return (
                "on a closed talon the exchange is allowed only before the first trick "
                "after the close"
            )
        return None
    if not s.won[seat]:
        return "on a closed talon only a player who has won a trick may exchange"
    if not leading and r.exchange_timing is not _ANY_TIME:
        return "this rule set allows the exchange only to the player on lead"
    return None


def _close_reason(s: HandState, at_decision: bool) -> str | None:
    r = s.rules
    if not r.closing_allowed:
        return "this rule set does not allow closing the talon"
    if s.closed_by >= 0:
        return "the talon is already closed"
    n = len(s.talon)
    if n == 0:
        return "the talon is exhausted and cannot be closed"
    if n < r.close_min_talon:
        return (
            f"cannot close: the talon has {_talon_words(n)} and this rule set needs at "
            f"least {r.close_min_talon}"
        )
    if not at_decision:
        if s.turn_marriage >= 0:
            return "the talon must be closed before declaring a marriage, not after"
        if not (r.close_on_first_lead or s.won[0] | s.won[1]):
            return "this rule set does not allow closing on the first lead"
    return None


def explain_illegal(state: HandState, move: Move | str) -> str | None:
    """Why ``move`` is illegal in ``state``, in words; ``None`` if it is legal.

    >>> from sixtysix import SCHNAPSEN_TOURNAMENT
    >>> s = new_hand(SCHNAPSEN_TOURNAMENT, seed=3)
    >>> explain_illegal(s, "claim")
    'you have not won a trick yet, so you cannot claim'
    """
    if isinstance(move, str):
        try:
            move = parse_move(move)
        except ValueError as exc:
            return str(exc)
    if _legal(state, move):
        return None
    s = state
    r = s.rules
    step = s.step
    if step is OVER:
        return "the hand is over"
    kind = type(move)
    if kind not in (Play, Marry, Exchange, Close, Draw, Claim):
        return f"{move!r} is not a move"
    if step is DECIDE:
        if kind is Exchange:
            return "no exchange at the decision after a trick: draw or close first"
        return "after winning this trick you must choose: draw, close" + (
            " or claim" if r.claim_mode is _EXPLICIT else ""
        )
    seat = s.leader if step is LEAD else 1 - s.leader
    if kind is Draw:
        return "draw is only a choice right after winning a trick, instead of closing"
    if kind is Claim:
        if r.claim_mode is _AUTO:
            return "claims are automatic in this rule set (claim_mode AUTO)"
        if step is FOLLOW:
            return "only the player on lead may claim, not the follower"
        if s.turn_marriage >= 0:
            return "this rule set does not allow claiming right after a marriage; lead a card"
        return "you have not won a trick yet, so you cannot claim"
    if kind is Exchange:
        if step is LEAD and (s.turn_marriage >= 0 or s.turn_steps):
            return "the exchange must be the first step of your turn"
        return _exchange_reason(s, seat, step is LEAD)
    if kind is Close:
        if step is FOLLOW:
            return "only the player on lead may close the talon"
        return _close_reason(s, False)
    if kind is Marry:
        assert isinstance(move, Marry)
        suit = move.suit
        if step is FOLLOW:
            return "only the player on lead may declare a marriage"
        if s.turn_marriage >= 0:
            return "only one marriage may be declared per lead"
        if not s.won[seat] and r.marriage_before_first_trick is _FORBIDDEN:
            return "this rule set allows no marriage before you have won a trick"
        if (s.closed_by >= 0 or not s.talon) and not r.marriage_in_strict_phase:
            return "this rule set allows no marriage once the talon is closed or exhausted"
        return (
            f"you need both K{suit.letter} and Q{suit.letter} in hand to marry {suit.name.lower()}"
        )
    assert isinstance(move, Play)
    card = move.card
    if not (s.hands[seat] >> card.index) & 1:
        return f"you do not hold {card}"
    if step is LEAD:
        suit = Suit(s.turn_marriage)
        if r.marriage_lead is _KING_ONLY:
            return f"after marrying {suit.name.lower()} you must lead K{suit.letter}"
        return f"after marrying {suit.name.lower()} you must lead K{suit.letter} or Q{suit.letter}"
    lead = CARDS[s.lead]
    why = "the talon is closed" if s.closed_by >= 0 else "the talon is exhausted"
    hand = s.hands[seat]
    same = hand & SUIT_MASK[lead.suit]
    if same:
        if r.strict_play is _HEAD_OR_TRUMP and same & HIGHER[lead.index]:
            higher = lead.suit.name.lower()[:-1]
            return f"{why}: you must follow suit and beat {lead} with a higher {higher}"
        return f"{why}: you must follow suit ({lead.suit.name.lower()})"
    return f"{why}: you have no {lead.suit.name.lower()}, so you must play a trump"
