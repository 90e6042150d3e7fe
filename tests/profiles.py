"""Example counts from the Hypothesis profile (see tests/conftest.py).

A property test states its *weight*, ``@settings(max_examples=examples(60))``: the number
of examples it runs at the scale of 100 examples, the ``max_examples`` of the ``dev``
profile. Every profile scales every weight by its ``max_examples`` / 100: the default
``ci`` (30) runs 30% of each weight, ``dev`` (100) the weight itself and ``thorough``
(2,000) twenty times the weight, so no test is left behind at a fixed count.
"""

from __future__ import annotations

from hypothesis import settings

#: The ``max_examples`` at which a weight is the number of examples (the ``dev`` profile).
BASE = 100


def examples(weight: int) -> int:
    """The number of examples for a test of this weight under the loaded profile."""
    current = settings.default
    scale = current.max_examples if current is not None else BASE
    return max(1, weight * scale // BASE)


def repeats(weight: int) -> int:
    """The size of a sampled check that is not a Hypothesis test (seeds, positions or
    samples drawn in a loop), scaled by the loaded profile exactly as :func:`examples`:
    30% of ``weight`` under ``ci``, ``weight`` under ``dev``, twenty times under
    ``thorough``."""
    return examples(weight)
