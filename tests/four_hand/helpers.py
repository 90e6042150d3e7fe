"""Helpers for the four-hand tests, written from rules §10 and independent of the engine.

* :func:`pack_for` builds the pack order that deals wanted hands (§10.2);
* :func:`deal` deals it; :func:`play` applies move texts;
* :func:`shadow_legal` and :func:`shadow_winner` restate §10.4 literally on
  :class:`~sixtysix.Card` objects, to cross-check the bitmask engine;
* :func:`random_play` plays a bounded random hand and yields every state.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from sixtysix import Card, Suit
from sixtysix import partnership as p4

__all__ = [
    "PRESET_IDS",
    "PRESET_LIST",
    "deal",
    "pack_for",
    "play",
    "random_play",
    "shadow_legal",
    "shadow_winner",
]

PRESET_LIST = [p4.FOUR_HAND_66, p4.FOUR_HAND_24]
PRESET_IDS = ["FOUR_HAND_66", "FOUR_HAND_24"]


def pack_for(
    rules: p4.PartnershipRules, hands: Sequence[str], dealer: int, turnup: str
) -> list[Card]:
    """The pack order (top first) that deals ``hands[seat]`` to each seat (§10.2).

    Each packet size in turn goes to every seat clockwise from ``dealer + 1``, ending with
    the dealer; the pack's last card (the dealer's last) is ``turnup``, which must be in
    the dealer's hand.
    """
    cards = [[Card.parse(t) for t in h.split()] for h in hands]
    up = Card.parse(turnup)
    dealer_cards = cards[dealer]
    dealer_cards.remove(up)
    dealer_cards.append(up)
    taken = [0, 0, 0, 0]
    pack: list[Card] = []
    for size in rules.deal_packets:
        for k in range(1, 5):
            seat = (dealer + k) % 4
            pack.extend(cards[seat][taken[seat] : taken[seat] + size])
            taken[seat] += size
    return pack


def deal(
    rules: p4.PartnershipRules,
    hands: Sequence[str],
    dealer: int,
    turnup: str,
    scores: tuple[int, int] = (0, 0),
) -> p4.PartnershipState:
    """Deal exactly ``hands`` (space-separated card texts per seat) with that turn-up."""
    return p4.deal_from_order(rules, pack_for(rules, hands, dealer, turnup), dealer, scores=scores)


def play(state: p4.PartnershipState, moves: str) -> p4.PartnershipState:
    """Apply space-separated card texts in order."""
    for text in moves.split():
        state = p4.apply_move(state, text)
    return state


def shadow_winner(trick: Sequence[Card], trump: Suit) -> int:
    """Position in ``trick`` of its winner: the highest trump, else the highest card of
    the suit led (§10.4)."""
    trumps = [c for c in trick if c.suit == trump]
    pool = trumps or [c for c in trick if c.suit == trick[0].suit]
    return list(trick).index(max(pool, key=lambda c: c.rank))


def shadow_legal(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit, undertrump: p4.Undertrump
) -> set[Card]:
    """The cards a player may play, restated from rules §10.4 on card objects."""
    if not trick:
        return set(hand)  # the leader is never constrained
    led = trick[0].suit
    follow = [c for c in hand if c.suit == led]
    trumps_in_trick = [c for c in trick if c.suit == trump]
    if follow:
        if led != trump and trumps_in_trick:
            return set(follow)  # trumped: any card of the led suit
        best = max((c for c in trick if c.suit == led), key=lambda c: c.rank)
        higher = [c for c in follow if c.rank > best.rank]
        return set(higher or follow)
    my_trumps = [c for c in hand if c.suit == trump]
    if not my_trumps:
        return set(hand)
    if not trumps_in_trick:
        return set(my_trumps)
    top = max(trumps_in_trick, key=lambda c: c.rank)
    over = [c for c in my_trumps if c.rank > top.rank]
    if over:
        return set(over)
    return set(my_trumps) if undertrump is p4.Undertrump.REQUIRED else set(hand)


def random_play(
    rules: p4.PartnershipRules,
    seed: int,
    dealer: int = 0,
    scores: tuple[int, int] = (0, 0),
) -> Iterator[p4.PartnershipState]:
    """Every state of a hand dealt from ``seed`` and played at random (bounded)."""
    rng = random.Random(seed)
    state = p4.new_hand(rules, seed=seed, dealer=dealer, scores=scores)
    yield state
    for _ in range(rules.deck.size):
        if p4.is_over(state):
            return
        state = p4.apply_move(state, rng.choice(p4.legal_moves(state)))
        yield state
    assert p4.is_over(state), "a hand has as many moves as cards"
