"""What every fuzz target shares: example counts, strategies for hostile values, the check.

``FUZZ_EXAMPLES`` sets the examples per target; without it a target has the weight 25 of
the Hypothesis profile (tests/profiles.py), which keeps the whole fuzz suite to a few
seconds in CI and scales with ``thorough``; ``python -m nox -s fuzz`` runs 5,000 each. Every
example has a deadline (``FUZZ_DEADLINE_MS``, default 5,000 ms, generous for a loaded
machine), so an input that makes an entry point hang fails instead of stalling the run.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from tests.profiles import examples

import sixtysix as ss

T = TypeVar("T")

EXAMPLES = int(os.environ["FUZZ_EXAMPLES"]) if "FUZZ_EXAMPLES" in os.environ else examples(25)
DEADLINE = timedelta(milliseconds=int(os.environ.get("FUZZ_DEADLINE_MS", "5000")))

#: The settings of every fuzz target.
fuzz = settings(
    max_examples=EXAMPLES,
    deadline=DEADLINE,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

#: Integers a careless caller passes: giant (past CPython's 4,300-digit ``str()``
#: limit), huge, negative, bools.
#: (Built by ``map`` so that no strategy's ``repr`` holds a giant int.)
BIG_INTS = st.sampled_from([5000, 4301, 4300, 301, 101, 20]).map(lambda digits: 10**digits) | (
    st.sampled_from([5000, 101, 64, 63]).map(lambda bits: -(2**bits))
)
INTS = st.integers() | BIG_INTS | st.booleans()
#: Text with the traps of parsers: unicode digits, signs, spaces, control characters.
TRICKY_TEXT = st.sampled_from(
    ["", " ", "²", "٣", "1²", "-0", "+1", "1_000", "0x10", "1e3", "\x00", "\u200b", "NaN"]
)
TEXT = st.text(max_size=40) | TRICKY_TEXT | st.integers(4300, 5000).map(lambda n: "9" * n)


class Weird:
    """An object that is nothing the library expects, with a ``repr`` that fails."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


#: Any value at all: scalars, containers, library values of the wrong kind.
SCALARS = (
    st.none()
    | INTS
    | st.floats(allow_nan=True)
    | TEXT
    | st.binary(max_size=20)
    | st.sampled_from(
        [
            ss.CLASSIC_66,
            ss.Suit.HEARTS,
            ss.Card.parse("QH"),
            ss.Play(ss.Card.parse("AS")),
            ss.HandEnd.CLAIM,
            ss.Step.OVER,
            object(),
            ss.new_hand(ss.CLASSIC_66, seed=1),
            ss.new_match(ss.CLASSIC_66, seed=1),
        ]
    )
    | st.builds(Weird)
)
ANY = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)


def outcome(func: Callable[..., T], *args: Any, **kwargs: Any) -> T | ss.SixtySixError:
    """Call ``func``: its result, or the :class:`~sixtysix.SixtySixError` it raised.

    Any other exception fails the target: the library promises typed errors only.
    """
    try:
        return func(*args, **kwargs)
    except ss.SixtySixError as exc:
        assert str(exc), f"{type(exc).__name__} without a message"
        return exc
