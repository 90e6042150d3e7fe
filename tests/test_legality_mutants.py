"""Tests that pin the behaviour the mutation testing of legality.py found unpinned.

Each test cites the rule it checks (docs/rules.md); see docs/fuzzing.md.
"""

from __future__ import annotations
