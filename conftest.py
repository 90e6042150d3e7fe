"""Root pytest configuration: the adapters' modules need their frameworks to be imported.

``--doctest-modules`` imports every module under ``src/``; the modules of the optional
adapters import their framework (OpenSpiel, PettingZoo, Gymnasium) at import time, so
they are left out when it is not installed, and the test header says so. Their tests in
``tests/adapters/`` skip with a reason of their own.
"""

from __future__ import annotations

import importlib.util

import pytest

#: Each adapter module and the framework it imports.
_ADAPTERS = {
    "src/sixtysix/openspiel.py": "pyspiel",
    "src/sixtysix/pettingzoo.py": "pettingzoo",
    "src/sixtysix/gymnasium.py": "gymnasium",
}
_MISSING = {
    path: name for path, name in _ADAPTERS.items() if importlib.util.find_spec(name) is None
}

collect_ignore = list(_MISSING)


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Name the adapter modules whose doctests are skipped, and why."""
    return [
        f"{path}: doctests skipped, {name} is not installed" for path, name in _MISSING.items()
    ]
