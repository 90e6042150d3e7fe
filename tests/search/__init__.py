"""Tests by area: search."""
