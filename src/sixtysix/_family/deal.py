"""Reading a pack order given by the user, for the ``deal_from_order`` of every game."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from ..cards import CARDS, Card, Deck
from ..errors import DealError, quote

__all__ = ["read_pack"]


def read_pack(order: Iterable[Card | str] | str, deck: Deck) -> list[int]:
    """The card indices of ``order``, which must be ``deck`` in some order, top card first.

    Cards may be given as :class:`~sixtysix.Card` or as text; a single string is split at
    spaces. At most one card past the deck is read, so an endless iterable is refused.

    Raises:
        DealError: ``order`` is not a sequence of cards, or not the deck's cards each once
            (the message names the stray, repeated or missing cards).
    """
    if isinstance(order, str):
        order = order.split()
    try:
        # Never more than one card past the deck: a huge or endless iterable is cut off.
        items = list(itertools.islice(order, deck.size + 1))
    except TypeError:
        raise DealError(
            f"the pack order must be a sequence of cards, not {quote(order)}"
        ) from None
    ids: list[int] = []
    for item in items:
        card = Card.parse(item) if isinstance(item, str) else item
        if type(card) is not Card:
            raise DealError(f"the pack order must hold cards, not {quote(item)}")
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
    return ids
