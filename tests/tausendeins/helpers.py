"""Helpers for the Tausendeins tests, written from rules §12 and independent of the engine.

* :func:`pack_for` builds the pack that deals wanted hands (rules §12.3);
* :func:`deal` deals it; :func:`play` applies move texts;
* :func:`spec_shuffle` restates rules §12.2 literally;
* :func:`shadow_playable` restates rules §12.4 on :class:`~sixtysix.Card` objects.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Sequence

from sixtysix import Card, Deck, StrictPlay
from sixtysix import tausendeins as t1

__all__ = [
    "PRESET_IDS",
    "PRESET_LIST",
    "deal",
    "pack_for",
    "play",
    "random_states",
    "spec_shuffle",
]

PRESET_LIST = [t1.TAUSENDEINS, t1.TAUSENDEINS_DE, t1.TAUSENDEINS_CONTRACT]
PRESET_IDS = ["TAUSENDEINS", "TAUSENDEINS_DE", "TAUSENDEINS_CONTRACT"]


def cards(text: str) -> list[Card]:
    """Cards from text such as ``"AC TC KC"``."""
    return [Card.parse(t) for t in text.split()]


def pack_for(rules: t1.TausendeinsRules, forehand: str, dealer: str, rest: str = "") -> list[Card]:
    """The pack that deals ``forehand`` and ``dealer`` their cards (in the given order).

    The rest of the pack follows ``rest`` (the stock in drawing order, or talon 0 then
    talon 1), then every other card in canonical order.
    """
    fh, dl = cards(forehand), cards(dealer)
    assert len(fh) == len(dl) == rules.hand_size
    order: list[Card] = []
    a = b = 0
    for k in rules.deal_packets:
        order += fh[a : a + k]
        order += dl[b : b + k]
        a += k
        b += k
    order += cards(rest)
    order += [c for c in Deck.D24.cards if c not in order]
    assert len(order) == 24
    return order


def deal(
    rules: t1.TausendeinsRules, forehand: str, dealer: str, rest: str = "", dealer_seat: int = 0
) -> t1.TausendeinsState:
    """The deal of :func:`pack_for`, dealer ``dealer_seat``."""
    return t1.deal_from_order(rules, pack_for(rules, forehand, dealer, rest), dealer_seat)


def play(state: t1.TausendeinsState, moves: str) -> t1.TausendeinsState:
    """``state`` after the moves written ``"marry H, KH, 9H"`` (comma separated)."""
    for text in moves.split(","):
        if text.strip():
            state = t1.apply_move(state, t1.parse_move(text))
    return state


def texts(state: t1.TausendeinsState | t1.TausendeinsView) -> list[str]:
    """The legal moves as text."""
    return [str(m) for m in t1.legal_moves(state)]


def spec_shuffle(seed: int | str | bytes) -> list[str]:
    """Rules §12.2, word for word."""
    if isinstance(seed, int):
        tagged = b"i" + str(seed).encode()
    elif isinstance(seed, str):
        tagged = b"s" + seed.encode()
    else:
        tagged = b"b" + seed
    h = hashlib.blake2b(tagged, digest_size=64, person=b"sixtysix-1001")
    index = int.from_bytes(h.digest(), "big") % math.factorial(24)
    left = [r + s for s in "CDHS" for r in "ATKQJ9"]
    pack = []
    for k in range(24, 0, -1):
        index, j = divmod(index, k)
        pack.append(left.pop(j))
    return pack


def shadow_playable(rule: StrictPlay, hand: Sequence[Card], lead: Card, trump: int) -> list[Card]:
    """The cards a strict follower may play, restated from rules §12.4."""
    same = [c for c in hand if c.suit == lead.suit]
    if same:
        if rule is StrictPlay.FOLLOW_HEAD_OR_TRUMP:
            higher = [c for c in same if c.rank > lead.rank]
            return higher or same
        return same
    if rule is not StrictPlay.FOLLOW_ONLY and trump >= 0:
        trumps = [c for c in hand if c.suit == trump]
        if trumps:
            return trumps
    return list(hand)


def random_states(rules: t1.TausendeinsRules, seed: int) -> list[t1.TausendeinsState]:
    """Every state of a deal dealt from ``seed`` (dealer ``seed % 2``) played at random."""
    rng = random.Random(seed)
    state = t1.new_hand(rules, seed, seed % 2)
    out = [state]
    while not state.is_over:
        state = t1.apply_move(state, rng.choice(t1.legal_moves(state)))
        out.append(state)
    return out
