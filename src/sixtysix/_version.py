"""The version of sixtysix: the one place it is set."""

__version__ = "0.1.0"
