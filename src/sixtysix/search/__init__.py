"""Search: the exact solver, the position key, and sampling over the hidden cards.

* :func:`solve` — the exact value of a position whose every card is known, with the
  value of each legal move and a principal line (:class:`Solution`);
* :func:`position_key` — a hashable key equal for positions with the same future;
* :func:`analyse` — for a :class:`~sixtysix.PlayerView`: each legal move's expected value
  over random determinizations (:class:`Estimate`).

>>> import random
>>> from sixtysix import SCHNAPSEN, new_hand, observe
>>> state = new_hand(SCHNAPSEN, seed=5)
>>> estimates = analyse(observe(state, state.to_move), random.Random(1), samples=4)
>>> all(e.samples == 4 for e in estimates.values())
True
"""

from __future__ import annotations

from ..errors import HiddenCardsError, SearchLimitError
from .analysis import Estimate, analyse
from .key import position_key
from .solver import DEFAULT_TABLE_SIZE, Solution, solve, solve_many

__all__ = [
    "DEFAULT_TABLE_SIZE",
    "Estimate",
    "HiddenCardsError",
    "SearchLimitError",
    "Solution",
    "analyse",
    "position_key",
    "solve",
    "solve_many",
]
