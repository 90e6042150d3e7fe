"""What the position notations of every game share (internal).

Each game writes a position as one line of fields separated by spaces (see
:mod:`sixtysix.notation`, :mod:`sixtysix.partnership.notation`); :func:`fields_of` is the
first step of reading one back, with the errors every reader gives.
"""

from __future__ import annotations

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
