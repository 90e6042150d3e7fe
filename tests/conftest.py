"""Shared pytest configuration: Hypothesis profiles.

Pick a profile with ``HYPOTHESIS_PROFILE=ci|dev|thorough`` (default ``ci``):

* ``ci``: the fast default, derandomized and without an example database, so every
  run tries the same examples; 30% of each test's weight (see tests/profiles.py);
* ``dev``: each test's weight in examples, random examples and a local database (new
  examples each run, failures replayed first);
* ``thorough``: twenty times the weight of every property test (about 67 times ``ci``),
  random (``python -m nox -s thorough``, which also runs the tests marked ``slow``).

Property tests never fix their own ``max_examples``: they give a weight to
``tests.profiles.examples``, which the profile scales.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# tests/typing/ holds files that are only type-checked (mypy), never run; tests/browser/
# needs Chromium and runs only in the nox session "browser" (SIXTYSIX_BROWSER_TESTS=1).
collect_ignore_glob = ["typing/*"]
if os.environ.get("SIXTYSIX_NATIVE_FUZZ") != "1":  # the nox session "native-fuzz" (ASan)
    collect_ignore_glob.append("native_fuzz/*")
if os.environ.get("SIXTYSIX_BROWSER_TESTS") != "1":
    collect_ignore_glob.append("browser/*")

settings.register_profile("dev", deadline=None, max_examples=100)
settings.register_profile(
    "ci",
    deadline=None,
    max_examples=30,
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
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
