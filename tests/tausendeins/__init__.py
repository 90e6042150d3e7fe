"""Tests of Tausendeins (:mod:`sixtysix.tausendeins`, rules §12)."""
