"""The version of sixtysix-native: always equal to sixtysix's (a test checks it)."""

__version__ = "0.2.0"
