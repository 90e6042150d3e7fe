"""Seed to shuffled deck, written once for every game of the family (private).

Each game's ``shuffled_deck`` and ``new_hand`` document the scheme; this module is its one
implementation. A game names its :class:`SeedScheme` (the BLAKE2b personalisation that
keeps its deals unrelated to the other games' deals from the same seed, and where its int
seeds switch from decimal text to bytes) and calls :func:`shuffle` with its deck's card
indices in canonical order:

* an int, str or bytes seed is tagged (``b"i"`` + the decimal text of an int below the
  scheme's bound, ``b"I"`` + the two's-complement big-endian bytes of a larger one,
  ``b"s"`` + the UTF-8 of a str, lone surrogates kept, ``b"b"`` + the bytes), hashed with
  BLAKE2b (64-byte digest, the scheme's personalisation) and taken modulo ``n!``;
* a :class:`random.Random` draws ``rng.randrange(n!)``; ``None`` draws from :mod:`secrets`;
* the index picks the permutation in the factorial number system: for ``k = n .. 1``,
  ``(index, j) = divmod(index, k)`` and the ``j``-th card not yet taken comes next.

The deal is a pure function of the seed's value, the same on every platform, Python
version and ``sys.set_int_max_str_digits`` setting.

>>> from sixtysix._seeding import TWO_HAND, shuffle
>>> shuffle(TWO_HAND, [0, 1, 2, 3], "x") == shuffle(TWO_HAND, [0, 1, 2, 3], "x")
True
>>> sorted(shuffle(TWO_HAND, [0, 1, 2, 3], 10**5000))
[0, 1, 2, 3]
"""

from __future__ import annotations

import hashlib
import math
import random
import secrets
from collections.abc import Sequence
from typing import TypeAlias

import attrs

from .errors import DealError, quote

__all__ = ["FOUR_HAND", "TWO_HAND", "Seed", "SeedScheme", "permutation_index", "shuffle"]

#: What a game's ``new_hand`` and ``shuffled_deck`` accept as a seed.
Seed: TypeAlias = int | str | bytes | random.Random | None


def _bound_text(bound: int) -> str:
    """A bound for ``repr``: ``str()`` of a 4,301-digit int raises under the default limit."""
    return str(bound) if bound < 10**100 else f"<an int of {bound.bit_length()} bits>"


@attrs.frozen
class SeedScheme:
    """How one game turns a seed into the order of its pack.

    Attributes:
        person: The BLAKE2b personalisation (at most 16 bytes), different for every game.
        decimal_below: Int seeds whose absolute value is below this are tagged by their
            decimal text, larger ones by their bytes.
    """

    person: bytes
    decimal_below: int = attrs.field(repr=_bound_text)


#: Two-hand Sixty-Six (``sixtysix.new_hand``): decimal text for ints of up to 12,000 bits.
TWO_HAND = SeedScheme(b"sixtysix-deal", 1 << 12_000)
#: Four-hand partnership Sixty-Six (``sixtysix.partnership.new_hand``): decimal text for
#: ints of up to 4,300 digits (what ``str()`` wrote under CPython's default limit).
FOUR_HAND = SeedScheme(b"sixtysix-4hand", 10**4300)

_FACTORIALS = [math.factorial(k) for k in range(41)]
#: Ints below this have at most 640 digits, which ``str()`` writes under any limit setting.
_SAFE_DECIMAL = 10**640
_CHUNK_DIGITS = 600
_CHUNK = 10**_CHUNK_DIGITS


def _decimal(value: int) -> str:
    """``str(value)``, without CPython's digit limit (for the bounded ints hashed here)."""
    if -_SAFE_DECIMAL < value < _SAFE_DECIMAL:
        return str(value)
    rest = abs(value)
    parts = []
    while rest >= _CHUNK:
        rest, low = divmod(rest, _CHUNK)
        parts.append(f"{low:0{_CHUNK_DIGITS}d}")
    parts.append(str(rest))
    return ("-" if value < 0 else "") + "".join(reversed(parts))


def _tagged(scheme: SeedScheme, seed: int | str | bytes) -> bytes:
    if isinstance(seed, int):
        number = int(seed)
        if -scheme.decimal_below < number < scheme.decimal_below:
            return b"i" + _decimal(number).encode()
        size = number.bit_length() // 8 + 1
        return b"I" + number.to_bytes(size, "big", signed=True)
    if isinstance(seed, str):
        return b"s" + str.encode(seed, "utf-8", "surrogatepass")
    return b"b" + bytes(seed)


def permutation_index(scheme: SeedScheme, seed: Seed, n: int) -> int:
    """A uniform integer below ``n!`` determined by ``seed`` under ``scheme``.

    Raises:
        DealError: ``seed`` is not an int, str, bytes, :class:`random.Random` or ``None``.
    """
    limit = _FACTORIALS[n]
    if isinstance(seed, random.Random):
        return seed.randrange(limit)
    if seed is None:
        return secrets.randbelow(limit)
    if isinstance(seed, bool) or not isinstance(seed, int | str | bytes):
        raise DealError(f"a seed must be an int, str, bytes or random.Random, not {quote(seed)}")
    digest = hashlib.blake2b(_tagged(scheme, seed), digest_size=64, person=scheme.person)
    return int.from_bytes(digest.digest(), "big") % limit


def shuffle(scheme: SeedScheme, cards: Sequence[int], seed: Seed) -> list[int]:
    """``cards`` (a deck's card indices in canonical order) in the order dealt for ``seed``.

    Raises:
        DealError: ``seed`` is of another type.
    """
    remaining = list(cards)
    index = permutation_index(scheme, seed, len(remaining))
    out = []
    for k in range(len(remaining), 0, -1):
        index, j = divmod(index, k)
        out.append(remaining.pop(j))
    return out
