"""Shared pytest configuration: Hypothesis profiles.

Pick a profile with ``HYPOTHESIS_PROFILE=dev|ci|thorough``; CI (``CI`` set) defaults to
``ci``, everything else to ``dev``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# tests/typing/ holds files that are only type-checked (mypy), never run.
collect_ignore_glob = ["typing/*"]

settings.register_profile("dev", deadline=None)
settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    deadline=None,
    max_examples=2000,
    suppress_health_check=[HealthCheck.too_slow],
)
_default_profile = "ci" if os.environ.get("CI") else "dev"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _default_profile))
