"""Tests by area: project."""
