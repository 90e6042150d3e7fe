"""Tests of four-hand partnership Sixty-Six (:mod:`sixtysix.partnership`, RULES.md §10)."""
