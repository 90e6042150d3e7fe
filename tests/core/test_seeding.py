"""The one seeding module of every game (sixtysix._seeding): where int seeds change tags.

Each game hashes an int seed by its decimal text below a bound and by its bytes from the
bound on; the bounds are those the games used before the module was shared (two-hand:
ints of up to 12,000 bits; four-hand: up to 4,300 digits), so no deal changed. These
tests pin both sides of each bound against the scheme written out here, independently
of the module's code (the mutation run found the bounds unpinned).
"""

from __future__ import annotations

import hashlib
import math
import sys

import pytest

from sixtysix import _seeding
from sixtysix._seeding import FOUR_HAND, TWO_HAND, SeedScheme, permutation_index


def _expected(person: bytes, tagged: bytes, n: int) -> int:
    digest = hashlib.blake2b(tagged, digest_size=64, person=person).digest()
    return int.from_bytes(digest, "big") % math.factorial(n)


def _decimal_text(value: int) -> bytes:
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return str(value).encode()
    finally:
        sys.set_int_max_str_digits(old)


def _bytes_text(value: int) -> bytes:
    return value.to_bytes(value.bit_length() // 8 + 1, "big", signed=True)


BOUNDS = {
    "two-hand": (TWO_HAND, 1 << 12_000),
    "four-hand": (FOUR_HAND, 10**4300),
}


@pytest.mark.parametrize("game", BOUNDS)
@pytest.mark.parametrize("sign", [1, -1])
def test_int_seeds_are_decimal_below_the_bound_and_bytes_from_it(game: str, sign: int) -> None:
    scheme, bound = BOUNDS[game]
    inside, outside = sign * (bound - 1), sign * bound
    assert permutation_index(scheme, inside, 24) == _expected(
        scheme.person, b"i" + _decimal_text(inside), 24
    )
    assert permutation_index(scheme, outside, 24) == _expected(
        scheme.person, b"I" + _bytes_text(outside), 24
    )


def test_the_two_hand_bound_is_the_old_bit_length_rule() -> None:
    # Before the module was shared: decimal text exactly when bit_length() <= 12,000.
    for value in (1 << 12_000, (1 << 12_000) - 1, -(1 << 12_000), -(1 << 12_000) + 1):
        decimal = -TWO_HAND.decimal_below < value < TWO_HAND.decimal_below
        assert decimal == (value.bit_length() <= 12_000)


def test_long_decimal_texts_do_not_depend_on_the_digit_limit() -> None:
    # 10**640 and more are written in chunks of 600 digits; a chunk boundary exactly.
    for value in (10**640, 10**1200, -(10**1200), 10**1200 - 1, 10**600 * 7 + 3):
        assert _seeding._decimal(value).encode() == _decimal_text(value)


def test_a_scheme_of_its_own_gives_other_deals() -> None:
    other = SeedScheme(b"sixtysix-other", 10)
    assert permutation_index(other, 5, 24) == _expected(b"sixtysix-other", b"i5", 24)
    assert permutation_index(other, 10, 24) == _expected(b"sixtysix-other", b"I" + b"\x0a", 24)
    assert permutation_index(other, 5, 24) != permutation_index(TWO_HAND, 5, 24)


def test_a_scheme_prints_even_with_a_bound_str_cannot_write() -> None:
    assert "14285 bits" in repr(FOUR_HAND)
    assert repr(SeedScheme(b"x", 10)) == "SeedScheme(person=b'x', decimal_below=10)"
