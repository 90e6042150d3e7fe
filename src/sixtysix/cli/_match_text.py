"""The hand-by-hand text of a match record, for ``sixtysix replay`` of every game (internal)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, TextIO, TypeVar

from .._match import carried

_G = TypeVar("_G")


def print_match(
    out: TextIO,
    hands: Iterable[tuple[int, _G, Any, Any]],
    print_hand: Callable[[_G], None],
    scores: Callable[[Any], str],
    winner: Callable[[int], str],
) -> None:
    """Print every hand of a replayed match, the match score after it, and who won.

    ``hands`` is the game's walk of the record (``(number, hand, before, after)``, see
    :func:`sixtysix._match.walk`); ``print_hand`` prints one hand; ``scores(m)`` writes
    the scores of a match; ``winner(seat)`` names the winning seat or side.
    """
    last = None
    for number, hand, _before, after in hands:
        out.write(f"\n=== Hand {number} ===\n")
        print_hand(hand)
        if after is not None:
            out.write(f"Match score: {scores(after)}{carried(after)}\n")
            last = after
    if last is None or last.winner is None:
        out.write("\nThe match is not finished.\n")
    else:
        out.write(f"\n{winner(last.winner)} won the match.\n")


def has_kind(text: str | bytes, prefix: str) -> bool:
    """Whether ``text`` is JSON whose ``kind`` starts with ``prefix`` (which game's record)."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError):
        return False
    kind = data.get("kind") if isinstance(data, dict) else None
    return isinstance(kind, str) and kind.startswith(prefix)
