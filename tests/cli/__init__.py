"""Tests by area: cli."""
