"""Tests of four-hand partnership Sixty-Six (:mod:`sixtysix.partnership`, rules §10)."""
