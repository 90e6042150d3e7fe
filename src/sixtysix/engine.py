"""Dealing, legal moves and move application: the pure transition functions.

Nothing here does I/O or uses hidden randomness: :func:`new_hand` shuffles with a
:class:`random.Random` seeded from its ``seed`` argument, everything else is a pure
function of its arguments.

Order of :func:`legal_moves` (fixed, so that seeded play is reproducible):

* leader: ``exchange``, ``close``, ``claim``, ``marry`` by suit (C, D, H, S), ``amour``
  (or ``amour`` by suit, rules §13.7), then the playable cards;
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

import random
from collections.abc import Sequence

from . import legality
from ._family.deal import read_pack
from ._seeding import TWO_HAND, shuffle
from .cards import CARDS, POINTS, Card, exchange_card_index, marriage_value, trick_winner
from .errors import DealError, IllegalMoveError, PositionError
from .errors import quote as _short
from .legality import (
    DECIDE,
    F_AMOUR,
    F_CLAIM,
    F_CLOSE,
    F_DRAW,
    F_EXCHANGE,
    FOLLOW,
    LEAD,
    MOVES_CACHE,
    OVER,
    TURN_AMOUR,
    amour_rule,
    cached_moves,
    claim_rule,
    close_rule,
    exchange_rule,
    follow_mask,
    lead_mask,
    marriage_rule,
    options,
    play_rule,
    rule_facts,
)
from .moves import (
    Amour,
    Claim,
    Close,
    Draw,
    Exchange,
    Marry,
    Move,
    Play,
    parse_move,
)
from .observe import PlayerView
from .rules import MarriagePendingRedeem, Rules, TrumpSource
from .state import TURN_CLOSED, CloseSnapshot, HandState, build_state

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

_NEXT_TRICK = MarriagePendingRedeem.NEXT_TRICK_AFTER_DECLARING


# --------------------------------------------------------------------------- dealing


def deal_from_order(rules: Rules, order: Sequence[Card | str], dealer: int = 0) -> HandState:
    """Deal a hand from an ordered pack, top card first (rules §1.3).

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
        raise DealError(f"rules must be a Rules value, not {_short(rules)}")
    if dealer not in (0, 1) or type(dealer) is not int:
        raise DealError(f"the dealer must be seat 0 or 1, not {_short(dealer)}")
    ids = read_pack(order, rules.deck)
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
        if len(_DEAL_PLANS) >= _DEAL_PLANS_LIMIT:
            _DEAL_PLANS.clear()
        _DEAL_PLANS[rules] = plan
    return plan


_DEAL_PLANS: dict[Rules, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}
#: At most this many rule sets keep their deal plans (then the cache starts again).
_DEAL_PLANS_LIMIT = 64


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
        DealError: ``rules`` is not a :class:`~sixtysix.Rules`, or ``seed`` is of
            another type.
    """
    if not isinstance(rules, Rules):
        raise DealError(f"rules must be a Rules value, not {_short(rules)}")
    return [CARDS[i] for i in _shuffled_ids(rules, seed)]


def _shuffled_ids(rules: Rules, seed: int | str | bytes | random.Random | None) -> list[int]:
    return shuffle(TWO_HAND, [c.index for c in rules.deck.cards], seed)


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
        raise DealError(f"rules must be a Rules value, not {_short(rules)}")
    if dealer not in (0, 1) or type(dealer) is not int:
        raise DealError(f"the dealer must be seat 0 or 1, not {_short(dealer)}")
    return _deal(rules, _shuffled_ids(rules, seed), dealer)


# --------------------------------------------------------------------------- queries


def to_move(state: HandState) -> int | None:
    """The seat (0 or 1) whose decision it is, or ``None`` when the hand is over.

    Raises:
        PositionError: ``state`` is not a :class:`~sixtysix.HandState`.
    """
    if type(state) is not HandState:
        raise _not_a_state("to_move", state, view=False)
    return state.to_move


def is_over(state: HandState) -> bool:
    """Whether the hand has ended (then :func:`~sixtysix.score_hand` scores it).

    Raises:
        PositionError: ``state`` is not a :class:`~sixtysix.HandState`.
    """
    if type(state) is not HandState:
        raise _not_a_state("is_over", state, view=False)
    return state.step is OVER


def _tricks_played(s: HandState) -> int:
    return (s.won[0] | s.won[1]).bit_count() >> 1


def _mover_options(s: HandState) -> tuple[int, int, int]:
    """:func:`~sixtysix.legality.options` of a state."""
    return options(s, s.hands, len(s.talon), rule_facts(s.rules))


def legal_moves(state: HandState | PlayerView) -> tuple[Move, ...]:
    """The moves the player to move may make, in the fixed order of this module.

    ``state`` may also be a :class:`~sixtysix.PlayerView` of the seat to move (a bot
    never needs the full state); for the other seat's view it is empty. Empty exactly
    when the hand is over.

    Raises:
        PositionError: ``state`` is neither a state nor a view.
    """
    if type(state) is HandState:
        r = state.rules
        f = legality.LAST_FACTS if r is legality.LAST_RULES else rule_facts(r)
        key = options(state, state.hands, len(state.talon), f)
    elif type(state) is PlayerView:
        if state.to_move != state.seat:
            return ()
        hand = state.hand_mask
        key = options(state, (hand, hand), state.talon_size, rule_facts(state.rules))
    else:
        raise _not_a_state("legal_moves", state)
    moves = MOVES_CACHE.get(key)
    if moves is None:
        moves = cached_moves(key)
    return moves


def _not_a_state(what: str, value: object, view: bool = True) -> PositionError:
    kinds = "a HandState or a PlayerView" if view else "a HandState"
    return PositionError(f"{what} needs {kinds}, not {type(value).__name__}")


def _legal(s: HandState, move: object) -> bool:
    """Whether ``move`` is legal in ``s`` (computes only what the move needs)."""
    step = s.step
    kind = type(move)
    if kind is Play:
        assert isinstance(move, Play)
        card = move.card.index
        if step is FOLLOW:
            hand = s.hands[1 - s.leader]
            strict = s.closed_by >= 0 or not s.talon
            return bool(follow_mask(s.rules, hand, s.lead, s.trump, strict) >> card & 1)
        if step is LEAD:
            hand = s.hands[s.leader]
            return bool(lead_mask(s.rules, hand, s.turn_marriage, s.turn_steps) >> card & 1)
        return False
    if step is OVER:
        return False
    flags, marry, _ = _mover_options(s)
    if kind is Marry:
        assert isinstance(move, Marry)
        return bool(marry >> (move.suit * 8) & 1)
    if kind is Exchange:
        return bool(flags & F_EXCHANGE)
    if kind is Close:
        return bool(flags & F_CLOSE)
    if kind is Claim:
        return bool(flags & F_CLAIM)
    if kind is Draw:
        return bool(flags & F_DRAW)
    if kind is Amour:
        assert isinstance(move, Amour)
        if move.suit is None:
            return bool(flags & F_AMOUR)
        return bool(marry >> (move.suit * 8 + 1) & 1)
    return False


def is_legal(state: HandState, move: Move | str) -> bool:
    """Whether ``move`` (a move or its text) is legal in ``state``.

    Text that is not a move at all is simply not legal.
    """
    if type(state) is not HandState:
        raise _not_a_state("is_legal", state, view=False)
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
    winner = trick_winner(lead, card, s.trump, leader)
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
    f = legality.LAST_FACTS if r is legality.LAST_RULES else rule_facts(r)
    if not (h0 | h1) or (total >= f.claim_target and f.auto):
        step = OVER
    elif s.closed_by < 0 and talon:
        if (f.decide_talons >> len(talon)) & 1:  # legality.decision_rule
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


def _apply_option(s: HandState, move: Move, kind: type[Move]) -> HandState:
    """The state after ``move`` (of type ``kind``), a legal move other than a card play.

    Every field starts as it is in ``s``; each kind of move changes only its own.
    """
    hands, talon, step, leader, lead = s.hands, s.talon, s.step, s.leader, s.lead
    marriages, pending, declared = s.marriages, s.pending, s.declared
    turn_marriage, turn_steps = s.turn_marriage, s.turn_steps
    closed_by, close_snapshot, exchanged_by = s.closed_by, s.close_snapshot, s.exchanged_by
    if kind is Marry or kind is Amour:
        r = s.rules
        f = rule_facts(r)
        if kind is Marry:
            suit: int = move.suit  # type: ignore[union-attr, assignment]
            value = marriage_value(suit, s.trump)
            declared |= 1 << (leader * 4 + suit)
        else:  # rules §13.7.2: bit 8 + seat * 4 + suit of ``declared``
            named: int | None = move.suit  # type: ignore[union-attr]
            suit = s.trump if named is None else named
            value = r.amour_points[suit == s.trump]
            declared |= 1 << (8 + leader * 4 + suit)
            turn_steps |= TURN_AMOUR
        if f.honours_apart:  # rules §13.9: honours are no points
            value = 0
        m, p = list(marriages), list(pending)
        if s.won[leader] and r.marriage_pending_redeem is not _NEXT_TRICK:
            m[leader] += value
        else:
            p[leader] += value
        marriages, pending = (m[0], m[1]), (p[0], p[1])
        over = f.marriage_out and s.card_points[leader] + m[leader] >= f.claim_target
        step, lead = (OVER if over else LEAD), -1
        turn_marriage = suit
    elif kind is Exchange:
        exchanged_by = leader if step is LEAD else 1 - leader
        ex = exchange_card_index(s.rules.deck, s.trump)
        h = list(hands)
        h[exchanged_by] = h[exchanged_by] ^ (1 << ex) | (1 << talon[-1])
        hands, talon = (h[0], h[1]), (*talon[:-1], ex)
    elif kind is Close:
        if step is not DECIDE:
            turn_steps |= TURN_CLOSED
        step, lead = LEAD, -1
        closed_by, close_snapshot = leader, _snapshot(s, leader)
    elif kind is Draw:
        hands, talon = _draw(s, leader)
        step, lead, turn_marriage, turn_steps = LEAD, -1, -1, 0
    else:  # Claim
        step = OVER
    return build_state(
        s.rules,
        s.dealer,
        s.trump,
        hands,
        talon,
        step,
        leader,
        lead,
        s.won,
        s.card_points,
        marriages,
        pending,
        declared,
        turn_marriage,
        turn_steps,
        closed_by,
        close_snapshot,
        exchanged_by,
        s.played,
        s.dealt_turnup,
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
            hand = state.hands[1 - state.leader]
            if state.closed_by < 0 and state.talon:  # open talon: any card (follow_mask)
                if hand >> card & 1:
                    return _play_follow(state, card)
            elif follow_mask(state.rules, hand, state.lead, state.trump, True) >> card & 1:
                return _play_follow(state, card)
        elif step is LEAD:
            if state.turn_marriage < 0:
                if state.hands[state.leader] >> card & 1:
                    return _play_lead(state, card)
            elif lead_mask(state.rules, 0, state.turn_marriage, state.turn_steps) >> card & 1:
                return _play_lead(state, card)
    elif _legal(state, move):
        return _apply_option(state, move, kind)
    raise IllegalMoveError(move, explain_illegal(state, move) or "not allowed here")


# --------------------------------------------------------------------------- explanations


def explain_illegal(state: HandState, move: Move | str) -> str | None:
    """Why ``move`` is illegal in ``state``, in words; ``None`` if it is legal.

    The words are those of the rule functions of :mod:`sixtysix.legality`, the same
    functions that make the move list.

    >>> from sixtysix import SCHNAPSEN_TOURNAMENT
    >>> s = new_hand(SCHNAPSEN_TOURNAMENT, seed=3)
    >>> explain_illegal(s, "claim")
    'you have not won a trick yet, so you cannot claim'
    """
    if type(state) is not HandState:
        raise _not_a_state("explain_illegal", state, view=False)
    if isinstance(move, str):
        try:
            move = parse_move(move)
        except ValueError as exc:
            return str(exc)
    s = state
    r = s.rules
    step = s.step
    kind = type(move)
    if step is OVER:
        return "the hand is over"
    if kind not in (Play, Marry, Exchange, Close, Draw, Claim, Amour):
        return f"{_short(move)} is not a move"
    if step is DECIDE:
        if kind is Draw or kind is Close:
            return None
        if kind is Claim and claim_rule(r, step, True, -1) is None:
            return None
        if kind is Exchange:
            return "no exchange at the decision after a trick: draw or close first"
        return "after winning this trick you must choose: draw, close" + (
            " or claim" if claim_rule(r, step, True, -1) is None else ""
        )
    seat = s.leader if step is LEAD else 1 - s.leader
    hand = s.hands[seat]
    talon = len(s.talon)
    if kind is Draw:
        return "draw is only a choice right after winning a trick, instead of closing"
    if kind is Claim:
        return claim_rule(r, step, bool(s.won[seat]), s.turn_marriage)
    if kind is Exchange:
        return exchange_rule(s, hand, talon, seat, step is LEAD)
    if kind is Close:
        if step is FOLLOW:
            return "only the player on lead may close the talon"
        won_any = bool(s.won[0] | s.won[1])
        return close_rule(r, s.closed_by, talon, won_any, False, s.turn_marriage)
    if kind is Marry:
        assert isinstance(move, Marry)
        strict = s.closed_by >= 0 or not talon
        return marriage_rule(
            r, step, hand, bool(s.won[seat]), strict, s.turn_marriage, int(move.suit)
        )
    if kind is Amour:
        assert isinstance(move, Amour)
        strict = s.closed_by >= 0 or not talon
        named = None if move.suit is None else int(move.suit)
        return amour_rule(
            r, step, hand, bool(s.won[seat]), strict, s.turn_marriage, named, s.trump
        )
    assert isinstance(move, Play)
    return play_rule(s, hand, talon, move.card.index)
