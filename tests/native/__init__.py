"""Tests by area: native."""
