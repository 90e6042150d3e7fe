"""Fuzz targets: every parser and constructor that takes outside input (issue 9).

Run fast by default (a few seconds); ``FUZZ_EXAMPLES=N`` (or ``python -m nox -s fuzz``)
runs each target on N examples. See docs/fuzzing.md.
"""
