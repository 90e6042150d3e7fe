"""sixtysix-native: the C accelerator of sixtysix.

Do not import this package directly: use :mod:`sixtysix.native`, the one door, which
validates every argument, computes the per-rule-set tables from sixtysix's own rule
functions, and falls back to pure Python when this package is missing.
"""

from ._version import __version__

__all__ = ["__version__"]
