"""Evaluating moves in one determinized world: the building block of the search bots.

A *world* is a complete :class:`~sixtysix.HandState` drawn by
:func:`~sixtysix.determinize`. In a world every card is known, so a position of the
strict phase (talon closed or exhausted) has an exact value (:func:`exact_value`). A
position of the open phase is too expensive to solve exactly for every world, so
:func:`world_move_values` plays it on with a fast policy (by default
:class:`~sixtysix.RuleBot`, each seat deciding from its own view) until the talon is
closed or runs out, and takes the exact value of the strict position reached. A move
that closes the talon is therefore always valued exactly.

>>> from sixtysix import SCHNAPSEN, new_hand, legal_moves
>>> state = new_hand(SCHNAPSEN, seed=8)
>>> values = world_move_values(state)
>>> len(values) == len(legal_moves(state)) and all(-3 <= v <= 3 for v in values)
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..bots.rule_bot import RuleBot
from ..engine import apply_move, legal_moves
from ..errors import SearchLimitError
from ..observe import observe
from ..state import HandState, Step
from . import _native
from ._alphabeta import INF, NO_LIMIT, Searcher, searcher
from .solver import all_move_values, counted_move_values, solve

if TYPE_CHECKING:
    from ..bots import Bot

__all__ = [
    "exact_value",
    "fast_world_values",
    "rollout_value",
    "world_move_values",
    "world_values",
]

#: The table bound used for the small solves inside the bots.
BOT_TABLE_SIZE = 100_000
#: The node budget of an exact open-phase evaluation in one world before it falls back
#: to playouts.
EXACT_OPEN_NODES = 5_000
_RULE_BOT = RuleBot()
_warm: Searcher | None = None
_RNG = random.Random(0)


def exact_value(state: HandState, seat: int, table_size: int = BOT_TABLE_SIZE) -> int:
    """The exact value of ``state`` (every card known) for ``seat``, in game points.

    Cheaper than :func:`~sixtysix.search.solve`: only the position's value is searched,
    not every move's, and the transposition table is kept from one call to the next
    while the rules and the trump suit stay the same (bounded by ``table_size``). With
    the native solver built it is :func:`~sixtysix.search.solve`'s value.

    >>> from sixtysix import CLASSIC_66, Close, new_hand, apply_move
    >>> closed = apply_move(new_hand(CLASSIC_66, seed=1), Close())
    >>> exact_value(closed, 0) in range(-3, 4)
    True
    """
    global _warm
    if state.step is not Step.OVER and _native.solver() is not None:
        value = solve(state, table_size=table_size).value
        return value if state.to_move == seat else -value
    found = searcher(state.rules, state.trump)
    if _warm is not found:
        # One warm table at a time: entries stay valid for the same rules and trump.
        if _warm is not None:
            _warm.budget.table = {}
        found.reset(None, table_size)
        _warm = found
    else:
        found.budget.nodes = 0
        found.budget.limit = NO_LIMIT
        found.budget.table_size = table_size
    return found.value_for(state, seat, -INF, INF)


def rollout_value(
    state: HandState, seat: int, policy: Bot | None = None, rng: random.Random | None = None
) -> int:
    """Play ``state`` on with ``policy`` to the strict phase, then its exact value for ``seat``.

    Each seat decides from its own view. A finished hand is scored.

    >>> from sixtysix import SANTASE, new_hand
    >>> rollout_value(new_hand(SANTASE, seed=3), 1) in range(-3, 4)
    True
    """
    bot = policy if policy is not None else _RULE_BOT
    gen = rng if rng is not None else _RNG
    while state.step is not Step.OVER and state.closed_by < 0 and state.talon:
        mover = state.to_move
        assert mover is not None
        state = apply_move(state, bot.choose(observe(state, mover), gen))
    return exact_value(state, seat)


def world_move_values(
    state: HandState,
    policy: Bot | None = None,
    rng: random.Random | None = None,
    exact_talon: int = 0,
    max_nodes: int = EXACT_OPEN_NODES,
) -> list[float]:
    """The value of each legal move of ``state`` for the seat to move, in one world.

    In the strict phase the values are exact (:func:`~sixtysix.search.solve`). In the
    open phase they are exact too when the talon holds at most ``exact_talon`` cards and
    the search needs at most ``max_nodes`` positions; otherwise each move is followed by
    a :func:`rollout_value` playout. The list is in :func:`~sixtysix.legal_moves` order.

    >>> from sixtysix import CLASSIC_66, new_hand
    >>> len(world_move_values(new_hand(CLASSIC_66, seed=5))) > 1
    True
    """
    return world_values(state, rng, exact_talon, max_nodes, policy)[0]


def world_values(
    state: HandState,
    rng: random.Random | None = None,
    exact_talon: int = 0,
    max_nodes: int = EXACT_OPEN_NODES,
    policy: Bot | None = None,
) -> tuple[list[float], int]:
    """:func:`world_move_values`, and the nodes an exact open-phase search spent.

    The count is 0 when no exact search of the open phase was tried, and more than
    ``max_nodes`` when one was tried and ran out (the values are then playouts), so a
    caller sampling many worlds of one position can budget those searches.

    >>> from sixtysix import SCHNAPSEN, new_hand
    >>> values, nodes = world_values(new_hand(SCHNAPSEN, seed=5), exact_talon=2)
    >>> len(values) > 1, nodes
    (True, 0)
    """
    if state.step is Step.OVER:
        return [], 0
    if state.closed_by >= 0 or not state.talon:
        return [float(v) for v in all_move_values(state, BOT_TABLE_SIZE).values()], 0
    spent = 0
    if len(state.talon) <= exact_talon:
        try:
            values, nodes = counted_move_values(state, BOT_TABLE_SIZE, max_nodes)
        except SearchLimitError:
            spent = max_nodes + 1
        else:
            return [float(v) for v in values.values()], nodes
    seat = state.to_move
    assert seat is not None
    return [
        float(rollout_value(apply_move(state, move), seat, policy, rng))
        for move in legal_moves(state)
    ], spent


def fast_world_values(
    state: HandState, rng: random.Random, exact_talon: int, max_nodes: int
) -> tuple[list[float], int]:
    """:func:`world_values` with its default policy, in C when the native core is loaded.

    The same values either way (``SIXTYSIX_PUREPYTHON=1`` or no ``sixtysix-native``: the
    pure-Python function); :class:`~sixtysix.PimcBot` evaluates its worlds through it.
    """
    if _native.solver() is None:
        return world_values(state, rng, exact_talon, max_nodes)
    return _native.world_values(state, rng, exact_talon, max_nodes)
