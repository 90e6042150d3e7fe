"""Tests by area: core."""
