"""Example counts from the Hypothesis profile (see tests/conftest.py).

A property test states its *weight*, ``@settings(max_examples=examples(60))``: the number
of examples it runs under the default ``ci`` profile, whose ``max_examples`` is 100. Other
profiles scale every weight by their ``max_examples`` / 100, so ``thorough`` (2,000) runs
each property test twenty times longer and no test is left behind at a fixed count.
"""

from __future__ import annotations

from hypothesis import settings

#: ``max_examples`` of the ``ci`` profile, the one the weights are written for.
BASE = 100


def examples(weight: int) -> int:
    """The number of examples for a test of this weight under the loaded profile."""
    current = settings.default
    scale = current.max_examples if current is not None else BASE
    return max(1, weight * scale // BASE)
