"""The error of a move text that is no move, shared by the move parsers of every game."""

from __future__ import annotations

from .. import _text
from ..cards import _SYMBOLS
from ..errors import ParseError, quote

__all__ = ["not_a_move"]


def not_a_move(text: str, what: str, others: str) -> ParseError:
    """The error for ``text``, which is not a move of the game.

    ``what`` opens the message (``"not a move"``); ``others`` lists the game's moves
    besides the cards and marriages (``"exchange, close, draw or claim"``). A character
    that no move text holds (a Kelvin sign for a ``K``) is named.
    """
    char = _text.stray(text, _SYMBOLS)
    why = f": {char} is not a character of move text" if char else ""
    return ParseError(
        f"{what}: {quote(text)}{why} (write a card such as QH, or marry H, {others})"
    )
