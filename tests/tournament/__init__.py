"""Tests by area: tournament."""
