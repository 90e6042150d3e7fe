"""Placing hidden cards where a view allows them: the counting behind every ``determinize``.

A view leaves some cards unseen; each must go to one of three places (the other seats'
hands, or a hand, the discards and the stock, as the game has it), each place takes a
given number of cards, and the inferences of the view forbid some places to some cards.
:func:`draw_placement` draws one placement uniformly among all that keep those facts,
:func:`first_placement` gives the first in card order, and :func:`count_placements`
says how many there are. The counts are exact, so the draw is uniform whatever the
constraints: cards are grouped by the places they allow (a "kind"), and the placements
are summed over how many cards of each kind go to each place (memoised, so a game's
common situations are counted once).

A card's ``allowed`` value has bit ``k`` set when place ``k`` (0, 1 or 2) may take it.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence

__all__ = ["count_placements", "draw_placement", "first_placement"]

#: The cards of each place, in the order of ``cards``.
Placement = tuple[list[int], list[int], list[int]]
#: Cards grouped by their allowed places: ``(allowed, how many)``, sorted.
Kinds = tuple[tuple[int, int], ...]


@functools.lru_cache(maxsize=16384)
def _ways(kinds: Kinds, quotas: tuple[int, int, int]) -> int:
    """Ways to place the (distinct) cards of ``kinds`` into places of these ``quotas``."""
    if not kinds:
        return 1 if quotas == (0, 0, 0) else 0
    (allowed, n), rest = kinds[0], kinds[1:]
    if not n:
        return _ways(rest, quotas)
    q0, q1, q2 = quotas
    total = 0
    for x0 in range(min(n, q0) + 1) if allowed & 1 else (0,):
        for x1 in range(min(n - x0, q1) + 1) if allowed & 2 else (0,):
            x2 = n - x0 - x1
            if x2 > q2 or (x2 and not allowed & 4):
                continue
            # Which x0 of the n cards go to place 0, which x1 of the others to place 1.
            ways = _ways(rest, (q0 - x0, q1 - x1, q2 - x2))
            if ways:
                total += math.comb(n, x0) * math.comb(n - x0, x1) * ways
    return total


def _counts(allowed: Sequence[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for a in allowed:
        counts[a] = counts.get(a, 0) + 1
    return counts


def count_placements(allowed: Sequence[int], quotas: tuple[int, int, int]) -> int:
    """The number of placements of cards with these ``allowed`` places into ``quotas``."""
    if min(quotas) < 0 or sum(quotas) != len(allowed):
        return 0
    return _ways(tuple(sorted(_counts(allowed).items())), quotas)


def _place(
    cards: Sequence[int],
    allowed: Sequence[int],
    quotas: tuple[int, int, int],
    rng: random.Random | None,
) -> Placement | None:
    """Place card after card, each in a place drawn with ``rng``.

    Each place is weighted by the placements its choice leaves; with ``rng`` ``None`` the
    card goes to the first place that leaves one.
    """
    if count_placements(allowed, quotas) == 0:
        return None
    counts = _counts(allowed)
    left = list(quotas)
    placed: Placement = ([], [], [])
    for card, ok in zip(cards, allowed, strict=True):
        counts[ok] -= 1
        kinds = tuple(sorted(counts.items()))
        weights: list[tuple[int, int]] = []
        for place in (0, 1, 2):
            if ok >> place & 1 and left[place]:
                left[place] -= 1
                weights.append((place, _ways(kinds, (left[0], left[1], left[2]))))
                left[place] += 1
        if rng is None:
            chosen = next(p for p, w in weights if w)
        else:
            at = rng.randrange(sum(w for _, w in weights))
            for chosen, w in weights:  # noqa: B007  # pragma: no branch - it always breaks
                if at < w:
                    break
                at -= w
        placed[chosen].append(card)
        left[chosen] -= 1
    return placed


def draw_placement(
    cards: Sequence[int],
    allowed: Sequence[int],
    quotas: tuple[int, int, int],
    rng: random.Random,
) -> Placement | None:
    """A placement drawn uniformly among all, or ``None`` when there is none.

    It draws once per card, ``rng.randrange`` of the placements left, so the same seed
    gives the same placement.
    """
    return _place(cards, allowed, quotas, rng)


def first_placement(
    cards: Sequence[int], allowed: Sequence[int], quotas: tuple[int, int, int]
) -> Placement | None:
    """The first placement (each card in the lowest place that still leaves one), or ``None``."""
    return _place(cards, allowed, quotas, None)
