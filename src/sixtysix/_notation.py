"""What the position notations of every game share (internal).

Each game writes a position as one line of fields separated by spaces (see
:mod:`sixtysix.notation`, :mod:`sixtysix.partnership.notation`); :func:`fields_of` is the
first step of reading one back, with the errors every reader gives.
"""

from __future__ import annotations

from typing import Any

from . import _text
from .errors import ParseError, quote


def fields_of(text: object, what: str, count: int, described: str) -> list[str]:
    """The ``count`` fields of the ``what`` (``"position"``, ``"view"``) written in ``text``.

    ``described`` says what the fields are, for the error when their number is wrong.

    Raises:
        ParseError: ``text`` is not a str, or it does not have ``count`` fields.
    """
    if not isinstance(text, str):
        raise ParseError(f"a {what} must be given as text, not {quote(text)}")
    fields = _text.words(text)
    if len(fields) != count:
        raise ParseError(
            f"a {what} has {count} fields separated by spaces ({described}), but this "
            f"text has {len(fields)}"
        )
    return fields


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ".".join(str(v) for v in value)
    return str(value)


def rules_field(rules: Any, name: str | None) -> str:
    """The rules field of a position: the preset ``name``, or every field as ``key=value``.

    The pairs (from ``rules.to_dict()``) are joined by commas; switches are ``yes`` or
    ``no``, lists whole numbers joined by dots.
    """
    if name is not None:
        return name
    return ",".join(f"{key}={_value_text(v)}" for key, v in rules.to_dict().items())
