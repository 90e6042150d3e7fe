"""A pytest plugin that empties sixtysix's caches before every test (for mutation testing).

The engine memoises legal moves and deal plans. Under mutmut the tests of a mutant run in
a process forked from one that has already imported (and so possibly filled the caches
of) the unmutated code, and inside one test run a cached answer hides the mutant from
every later test. Loading this plugin (``pytest -p tests.fuzz.caches``, as the nox
``mutation`` session does) makes every test compute everything afresh.

A cache is a module-level ``dict`` of a ``sixtysix`` module whose name contains
``CACHE`` or ends in ``_PLANS``, or a function with ``cache_clear`` (``functools``). The
one-entry memo of :mod:`sixtysix.legality` (``LAST_RULES``, filled at import with the
facts of ``CLASSIC_66``) is forgotten too, so the next call computes the facts again.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest


def clear_caches() -> int:
    """Empty every cache of every imported ``sixtysix`` module; the number emptied."""
    count = 0
    for name, module in list(sys.modules.items()):
        if not (name == "sixtysix" or name.startswith("sixtysix.")):
            continue
        for attr, value in list(vars(module).items()):
            if isinstance(value, dict) and ("CACHE" in attr or attr.endswith("_PLANS")):
                value.clear()
                count += 1
            elif callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
                count += 1
        if "LAST_RULES" in vars(module):
            # No rule set is this object, so the hot path calls rule_facts() again.
            vars(module)["LAST_RULES"] = _FORGOTTEN
            count += 1
    return count


_FORGOTTEN = object()


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    clear_caches()
    yield
