"""The version of sixtysix: the one place it is set."""

__version__ = "0.2.0"
