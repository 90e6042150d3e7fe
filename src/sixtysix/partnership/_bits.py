"""Private bitmask facts of the partnership engine (card layout of :mod:`sixtysix.cards`).

A card's index is ``suit * 8 + 7 - rank``: each suit is a run of eight bits with the ace
lowest, so within a suit a lower index is a higher card. These tables are kept here, not
imported from the core's private helpers, so that the four-hand engine depends only on the
public card layout.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import CARDS

#: Card points by index.
POINTS: tuple[int, ...] = tuple(c.points for c in CARDS)
#: Bitmask of the eight possible cards of each suit.
SUIT_MASK: tuple[int, ...] = tuple(0xFF << (8 * s) for s in range(4))
#: For each card index, the bitmask of the higher cards of the same suit.
HIGHER: tuple[int, ...] = tuple(((1 << i) - 1) & ~((1 << (i & ~7)) - 1) for i in range(32))
#: Offset of the ten within its suit's run of bits (the ace is at offset 0).
TEN_OFFSET = 1


def iter_mask(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_text(mask: int) -> str:
    """The cards of ``mask`` as one word of two-letter texts, or ``-`` when empty."""
    return "".join(str(CARDS[i]) for i in iter_mask(mask)) or "-"


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` beats ``best``, the card winning the trick so far (§10.4)."""
    suit = card >> 3
    if suit == best >> 3:
        return card < best
    return suit == trump
