"""Placing hidden cards where a view allows them: the counting behind every ``determinize``.

A view leaves some cards unseen; each must go to one of three places (the other seats'
hands, or a hand, the discards and the stock, as the game has it), each place takes a
given number of cards, and the inferences of the view forbid some places to some cards.
:func:`draw_placement` draws one placement uniformly among all that keep those facts,
:func:`first_placement` gives the first in card order, and :func:`count_placements`
says how many there are. The counts are exact (cards grouped by their allowed places,
memoised), so the draw is uniform whatever the constraints.

A card's ``allowed`` value has bit ``k`` set when place ``k`` (0, 1 or 2) may take it.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence

__all__ = ["count_placements", "draw_placement", "first_placement"]

#: The cards of each place, in the order of ``cards``.
Placement = tuple[list[int], list[int], list[int]]


@functools.lru_cache(maxsize=4096)
def _ways(kinds: tuple[tuple[int, int], ...], quotas: tuple[int, int, int]) -> int:
    """Ways to place cards of ``kinds`` (``(allowed places, how many)``) into ``quotas``."""
    pos = next((k for k, (_, n) in enumerate(kinds) if n), -1)
    if pos < 0:
        return 1 if quotas == (0, 0, 0) else 0
    allowed, n = kinds[pos]
    rest = (*kinds[:pos], (allowed, n - 1), *kinds[pos + 1 :])
    total = 0
    for place in range(3):
        if allowed >> place & 1 and quotas[place]:
            total += _ways(rest, (*quotas[:place], quotas[place] - 1, *quotas[place + 1 :]))
    return total


def _kinds(allowed: Sequence[int]) -> dict[int, int]:
    kinds: dict[int, int] = {}
    for a in allowed:
        kinds[a] = kinds.get(a, 0) + 1
    return kinds


def count_placements(allowed: Sequence[int], quotas: tuple[int, int, int]) -> int:
    """The number of placements of cards with these ``allowed`` places into ``quotas``."""
    if min(quotas) < 0 or sum(quotas) != len(allowed):
        return 0
    return _ways(tuple(sorted(_kinds(allowed).items())), quotas)


def _place(
    cards: Sequence[int],
    allowed: Sequence[int],
    quotas: tuple[int, int, int],
    choose: Callable[[list[tuple[int, int]]], int],
) -> Placement | None:
    """Place card after card; ``choose`` picks a place from ``(place, ways)`` pairs."""
    if count_placements(allowed, quotas) == 0:
        return None
    kinds = _kinds(allowed)
    left = list(quotas)
    placed: Placement = ([], [], [])
    for card, ok in zip(cards, allowed, strict=True):
        kinds[ok] -= 1
        key = tuple(sorted(kinds.items()))
        weights: list[tuple[int, int]] = []
        for place in range(3):
            if ok >> place & 1 and left[place]:
                left[place] -= 1
                weights.append((place, _ways(key, (left[0], left[1], left[2]))))
                left[place] += 1
        chosen = choose(weights)
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

    def pick(weights: list[tuple[int, int]]) -> int:
        at = rng.randrange(sum(w for _, w in weights))
        for place, w in weights:
            if at < w:
                return place
            at -= w
        raise AssertionError("the weights sum to more than the draw")  # pragma: no cover

    return _place(cards, allowed, quotas, pick)


def first_placement(
    cards: Sequence[int], allowed: Sequence[int], quotas: tuple[int, int, int]
) -> Placement | None:
    """The first placement (each card in the lowest place that still leaves one), or ``None``."""
    return _place(cards, allowed, quotas, lambda weights: next(p for p, w in weights if w))
