r"""ASCII-only text helpers for the parsers.

``str.upper``, ``str.lower``, ``str.strip``, ``str.split`` and ``str.isdigit`` know all
of Unicode: the long s ``"\u017f".upper()`` is ``"S"``, the Kelvin sign
``"\u212a".lower()`` is ``"k"``, ``"²".isdigit()`` is true and ``str.split`` splits at
an ideographic space. The parsers of cards, moves, preset names and positions use these
instead, so that only the documented characters are ever read.

>>> upper("q\u017f") == "Q\u017f", lower("\u212aH") == "\u212ah", words(" marry\tH ")
(True, True, ['marry', 'H'])
>>> is_digits("\u00b2"), stray("7 \u017f", allowed="")[3:]
(False, ' (U+017F LATIN SMALL LETTER LONG S)')
"""

from __future__ import annotations

import re
import string
import unicodedata

#: The whitespace a parser skips around (and, for moves, between) words: ASCII only.
SPACE = " \t\n\r\f\v"

_UPPER = str.maketrans(string.ascii_lowercase, string.ascii_uppercase)
_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
_SPLIT = re.compile(f"[{re.escape(SPACE)}]+")
_PRINTABLE = frozenset(string.ascii_letters + string.digits + string.punctuation + SPACE)


def upper(text: str) -> str:
    """``text`` with its ASCII letters in upper case; every other character unchanged."""
    return text.translate(_UPPER)


def lower(text: str) -> str:
    """``text`` with its ASCII letters in lower case; every other character unchanged."""
    return text.translate(_LOWER)


def strip(text: str) -> str:
    """``text`` without the ASCII whitespace around it."""
    return text.strip(SPACE)


def words(text: str) -> list[str]:
    """The words of ``text`` separated by runs of ASCII whitespace (none for blank text)."""
    body = strip(text)
    return _SPLIT.split(body) if body else []


def is_digits(text: str, limit: int = 9) -> bool:
    """Whether ``text`` is 1 to ``limit`` ASCII digits (not ``²``, ``٣``, ``+1`` or ``1_0``)."""
    return 0 < len(text) <= limit and text.isascii() and text.isdigit()


def describe(char: str) -> str:
    """``char`` quoted, with its code point and Unicode name: ``'·' (U+00B7 MIDDLE DOT)``."""
    name = unicodedata.name(char, "")
    return f"{char!r} (U+{ord(char):04X}{' ' + name if name else ''})"


def stray(text: str, allowed: str) -> str | None:
    """The first character of ``text`` that is neither printable ASCII nor in ``allowed``.

    Described by :func:`describe`, or ``None`` when there is none.
    """
    for char in text:
        if char not in _PRINTABLE and char not in allowed:
            return describe(char)
    return None
