"""Analysing a player's position: expected move values over sampled worlds.

:func:`analyse` is what a player who cannot see the opponent's cards can compute: it
draws ``samples`` worlds consistent with the view (:func:`~sixtysix.determinize`),
values every legal move in each (:func:`~sixtysix.search.evaluate.world_move_values`:
exact in the strict phase, a playout to the strict phase and then exact in the open
phase) and reports each move's mean, its standard error and the number of samples.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import attrs

from ..errors import SixtySixError
from ..moves import Move
from ..observe import PlayerView, determinize
from .evaluate import world_move_values

if TYPE_CHECKING:
    from ..bots import Bot

__all__ = ["Estimate", "analyse"]


@attrs.frozen
class Estimate:
    """The estimated value of a move: mean game points, standard error, sample count.

    >>> from sixtysix.search import Estimate
    >>> e = Estimate(mean=1.25, stderr=0.5, samples=8)
    >>> f"{e.mean:+.2f} ± {e.stderr:.2f} ({e.samples})"
    '+1.25 ± 0.50 (8)'
    """

    #: Mean value over the samples, in game points for the seat to move.
    mean: float
    #: Standard error of the mean (0 with a single sample or identical samples).
    stderr: float
    #: Number of sampled worlds.
    samples: int


def estimate(values: list[float]) -> Estimate:
    """The :class:`Estimate` of a list of sample values.

    >>> estimate([1.0, 3.0])
    Estimate(mean=2.0, stderr=1.0, samples=2)
    """
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return Estimate(mean, 0.0, n)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return Estimate(mean, math.sqrt(var / n), n)


def analyse(
    view: PlayerView, rng: random.Random, samples: int = 32, policy: Bot | None = None
) -> dict[Move, Estimate]:
    """Each legal move's expected value for the view's seat, over ``samples`` worlds.

    Args:
        view: The position as the seat to move sees it.
        rng: The source of randomness (the same seed gives the same result).
        samples: How many worlds to draw (at least 1).
        policy: The playout policy of the open phase (default :class:`~sixtysix.RuleBot`).

    Returns:
        ``{move: Estimate}`` in :func:`~sixtysix.legal_moves` order; empty when the
        view's seat is not to move.

    Raises:
        SixtySixError: ``samples`` is less than 1.

    >>> import random
    >>> from sixtysix import CLASSIC_66, new_hand, observe, legal_moves
    >>> state = new_hand(CLASSIC_66, seed=9)
    >>> result = analyse(observe(state, state.to_move), random.Random(2), samples=3)
    >>> list(result) == list(legal_moves(state)), result[legal_moves(state)[0]].samples
    (True, 3)
    """
    if type(samples) is not int or samples < 1:
        raise SixtySixError(f"analyse needs at least 1 sample, not {samples!r}")
    moves = view.legal_moves()
    if not moves:
        return {}
    columns: list[list[float]] = [[] for _ in moves]
    for _ in range(samples):
        world = determinize(view, rng)
        for column, value in zip(columns, world_move_values(world, policy, rng), strict=True):
            column.append(value)
    return {move: estimate(column) for move, column in zip(moves, columns, strict=True)}
