"""The exact solver for a hand whose every card is known: :func:`solve` → :class:`Solution`.

The value of a position is the game-theoretic result of the hand when both players play
perfectly and every card (both hands and the talon's order) is known: the game points
the hand will score, ``+g`` when the seat to move wins it with ``g`` game points, ``-g``
when it loses, 0 when the hand scores nothing (a carried ``tie_carry`` is ignored). Every
decision is searched as a move: exchanges, closing (on lead or at the decision after a
trick), marriages, claims (right or false), draws.

With the optional native solver built (``sixtysix_native``), :func:`solve`,
:func:`solve_many` and a solution's ``move_values`` and ``line`` search in C, with the
same results (docs/native_solver.md); ``SIXTYSIX_PUREPYTHON=1`` keeps them in Python.

>>> from sixtysix import SCHNAPSEN, new_hand, apply_move, legal_moves
>>> state = new_hand(SCHNAPSEN, seed=11)
>>> while state.talon and not state.is_over:     # play on to the strict phase
...     state = apply_move(state, legal_moves(state)[-1])
>>> sol = solve(state)
>>> sol.value == max(sol.move_values.values()) and sol.best in sol.move_values
True
>>> final = state
>>> for move in sol.line:
...     final = apply_move(final, move)
>>> final.is_over
True
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping

import attrs

from ..engine import apply_move, legal_moves
from ..errors import HiddenCardsError, quote
from ..moves import Move
from ..state import HandState, Step
from . import _native
from ._alphabeta import INF, Searcher, searcher
from ._core import NativeArgs, args_of
from ._strict import Table

#: What the native solver returns: the value, the best move's index, the moves' kinds
#: and arguments, their values (with ``all_moves``) and the nodes searched.
NativeResult = tuple[int, int, bytes, bytes, bytes, int]

__all__ = [
    "DEFAULT_TABLE_SIZE",
    "Solution",
    "all_move_values",
    "counted_move_values",
    "solve",
    "solve_many",
]

#: The default bound on the transposition table: entries kept before it is emptied
#: (about 250 bytes each, so the default stays well under 1 GB).
DEFAULT_TABLE_SIZE = 1_000_000
_EVALUATE = __name__.rpartition(".")[0] + ".evaluate"
#: A solution keeps its search's table for ``move_values`` up to this many entries.
WARM_TABLE_SIZE = 20_000


@attrs.frozen
class Solution:
    """The exact solution of a position: its value, every move's value, a best line.

    Attributes:
        value: The value for the seat to move, in game points (see the module docs).
        best: The first legal move (in ``legal_moves`` order) with the highest value, or
            ``None`` in a finished hand.
        nodes: Positions searched to find ``value`` and ``best``.

    :attr:`move_values` and :attr:`line` cost more than the value: :func:`solve` searches
    only what decides ``value`` and ``best``, and each of them is searched on first
    access (with the same ``max_nodes`` and ``table_size``) and then kept.

    >>> from sixtysix import CLASSIC_66, Close, new_hand, apply_move, legal_moves
    >>> state = apply_move(new_hand(CLASSIC_66, seed=2), Close())
    >>> sol = solve(state)
    >>> sol.move_values[sol.best] == sol.value, sol.nodes > 0
    (True, True)
    """

    value: int
    _move_values: Mapping[Move, int] | None = attrs.field(eq=False, alias="move_values")
    best: Move | None
    nodes: int
    _root: HandState | None = attrs.field(default=None, repr=False, eq=False, alias="root")
    _table_size: int = attrs.field(
        default=DEFAULT_TABLE_SIZE, repr=False, eq=False, alias="table_size"
    )
    _max_nodes: int | None = attrs.field(default=None, repr=False, eq=False, alias="max_nodes")
    _line: list[tuple[Move, ...]] = attrs.field(factory=list, repr=False, eq=False)
    _values: list[Mapping[Move, int]] = attrs.field(factory=list, repr=False, eq=False)
    _warm: list[Table] = attrs.field(factory=list, repr=False, eq=False, alias="warm")

    @property
    def move_values(self) -> Mapping[Move, int]:
        """The exact value of every legal move, for the seat to move (searched on first use).

        In the order of :func:`~sixtysix.legal_moves`.

        Raises:
            SearchLimitError: the search needed more than the solve's ``max_nodes``.
        """
        if self._move_values is not None:
            return self._move_values
        if not self._values:
            state = self._root
            if state is None or state.step is Step.OVER:
                self._values.append({})
            else:
                table = self._warm.pop() if self._warm else None
                self._values.append(
                    all_move_values(state, self._table_size, self._max_nodes, self.value, table)
                )
        return self._values[0]

    @property
    def line(self) -> tuple[Move, ...]:
        """One principal variation: best moves for both sides until the hand ends.

        Computed on first access (by solving each position along it). Playing it from
        the solved position reaches a finished hand that scores :attr:`value`.
        """
        if not self._line:
            self._line.append(_principal_line(self))
        return self._line[0]


def _cool(found: Searcher) -> None:
    """Forget the bots' warm table if it belongs to ``found`` (solve starts afresh)."""
    # (sys.modules, not an import: this runs on every solve, and a module that is not
    # loaded yet has no warm table)
    evaluate = sys.modules.get(_EVALUATE)
    if evaluate is not None and getattr(evaluate, "_warm", None) is found:
        evaluate._warm = None  # type: ignore[attr-defined]


def _searcher_for(state: HandState, max_nodes: int | None, table_size: int) -> Searcher:
    """The searcher of ``state``'s rules and trump, reset for a new search."""
    found = searcher(state.rules, state.trump)
    _cool(found)
    found.reset(max_nodes, max(int(table_size), 1))
    return found


def _check(state: object) -> HandState:
    if type(state) is HandState:
        return state
    if hasattr(state, "hand_mask"):  # a seat's view: it holds only that seat's hand
        raise HiddenCardsError(
            "solve needs every card, but a PlayerView hides the opponent's hand and the "
            "talon: determinize it first (sixtysix.determinize(view, rng)) and solve the "
            "sample, or use sixtysix.search.analyse(view, rng)"
        )
    raise HiddenCardsError(f"solve needs a HandState, not {quote(state)}")


def solve(
    state: HandState, max_nodes: int | None = None, table_size: int = DEFAULT_TABLE_SIZE
) -> Solution:
    """Solve ``state`` exactly (every card known): its value and every move's value.

    Args:
        state: A hand state, with both hands and the talon order known.
        max_nodes: Stop with :class:`~sixtysix.errors.SearchLimitError` once the search
            has visited more positions than this (``None``: no limit).
        table_size: The most positions the transposition table holds; when it is full it
            is emptied and filled again, so memory stays bounded.

    Returns:
        The :class:`Solution`. For a finished hand: value 0, no moves, no best move.

    Raises:
        HiddenCardsError: ``state`` is a :class:`~sixtysix.PlayerView` (determinize it
            first) or not a state at all.
        SearchLimitError: the search needed more than ``max_nodes`` positions.

    >>> from sixtysix import SCHNAPSEN, Close, new_hand, apply_move
    >>> sol = solve(apply_move(new_hand(SCHNAPSEN, seed=3), Close()), table_size=50_000)
    >>> sol.value in (-3, -2, -1, 0, 1, 2, 3), str(sol.best) in {str(m) for m in sol.move_values}
    (True, True)
    """
    state = _check(state)
    if state.step is Step.OVER:
        return Solution(0, {}, None, 0, root=state, table_size=table_size)
    native = _native.solver()
    if native is not None:
        spec = _native.native_spec(state.rules, state.trump)
        result = _native.run(native.solve, spec, args_of(state), max_nodes, int(table_size), False)
        return _native_solution(state, result, max_nodes, table_size)
    table_size = max(int(table_size), 1)
    found = _searcher_for(state, max_nodes, table_size)
    mover = state.to_move
    assert mover is not None
    # The value first; then the first legal move that reaches it, each tried with a
    # null window (value - 1, value), which the table of the first search makes cheap.
    value = found.value(state, -INF, INF)
    best = list(found.move_values(state, value - 1, value, stop_at=value))[-1]
    # A small table is kept for move_values, which then starts from what is known.
    table = found.budget.table
    found.budget.table = {}
    return Solution(
        value,
        None,
        best,
        found.budget.nodes,
        root=state,
        table_size=table_size,
        max_nodes=max_nodes,
        warm=[table] if len(table) <= WARM_TABLE_SIZE else [],
    )


def all_move_values(
    state: HandState,
    table_size: int = DEFAULT_TABLE_SIZE,
    max_nodes: int | None = None,
    value: int | None = None,
    table: Table | None = None,
) -> dict[Move, int]:
    """The exact value of every legal move of ``state`` (not finished), in one table.

    With ``value`` (the position's value, known from :func:`solve`) no move is searched
    above it; ``table`` is a transposition table of an earlier search of the same rules
    and trump to start from.
    """
    return counted_move_values(state, table_size, max_nodes, value=value, table=table)[0]


def counted_move_values(
    state: HandState,
    table_size: int,
    max_nodes: int | None,
    *,
    value: int | None = None,
    table: Table | None = None,
) -> tuple[dict[Move, int], int]:
    """:func:`all_move_values`, and the positions the search visited."""
    native = _native.solver()
    if native is not None:
        spec = _native.native_spec(state.rules, state.trump)
        result = _native.run(native.solve, spec, args_of(state), max_nodes, int(table_size), True)
        moves = legal_moves(state)
        # (the native solver lists the moves itself, in the same order)
        assert moves == _native.moves_of(result[2], result[3]), "native moves differ"
        return dict(zip(moves, memoryview(result[4]).cast("b"), strict=True)), result[5]
    found = _searcher_for(state, max_nodes, table_size)
    if table is not None:
        found.budget.table = table
    beta = INF if value is None else value + 1
    values = found.move_values(state, -INF, beta)
    found.budget.table = {}
    return values, found.budget.nodes


def _principal_line(solution: Solution) -> tuple[Move, ...]:
    """Best moves from the solution's position to the end of the hand."""
    state = solution._root
    if state is None or state.step is Step.OVER:
        return ()
    native = _native.solver()
    if native is not None:
        # Each position's best move (the first in legal order that keeps its value).
        moves: list[Move] = []
        while not state.is_over:
            spec = _native.native_spec(state.rules, state.trump)
            result = _native.run(
                native.solve, spec, args_of(state), None, int(solution._table_size), False
            )
            moves.append(_native.move_at(result[2], result[3], result[1]))
            state = apply_move(state, moves[-1])
        return tuple(moves)
    found = _searcher_for(state, None, solution._table_size)
    line: list[Move] = []
    mover = state.to_move
    assert mover is not None
    target = solution.value
    # Walk down: at each position pick the first move whose value is the position's.
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        chosen: tuple[Move, HandState] | None = None
        for move in legal_moves(state):
            child = apply_move(state, move)
            if found.value_for(child, mover, target - 1, target + 1) == target:
                chosen = (move, child)
                break
        assert chosen is not None, "no move keeps the solved value"
        line.append(chosen[0])
        state = chosen[1]
        next_mover = state.to_move
        if next_mover is not None and next_mover != mover:
            target = -target
    found.budget.table = {}
    return tuple(line)


def _native_solution(
    state: HandState, result: NativeResult, max_nodes: int | None, table_size: int
) -> Solution:
    """The :class:`Solution` of a native result (value, best, kinds, args, values, nodes)."""
    return Solution(
        result[0],
        None,
        _native.move_at(result[2], result[3], result[1]),
        result[5],
        root=state,
        table_size=table_size,
        max_nodes=max_nodes,
    )


def solve_many(
    states: Iterable[HandState], max_nodes: int | None = None, table_size: int = DEFAULT_TABLE_SIZE
) -> list[Solution]:
    """:func:`solve` each of ``states`` (every card known): the solutions, in order.

    The same solutions as ``[solve(s, max_nodes, table_size) for s in states]``; with the
    native solver (:mod:`sixtysix_native`) built, the states are searched in one call
    that releases the GIL for the whole batch, so other threads run meanwhile and a
    pool of threads can share the work. Each state gets its own table and its own
    ``max_nodes`` budget.

    Raises:
        HiddenCardsError: an item is a :class:`~sixtysix.PlayerView` or not a state.
        SearchLimitError: a state needed more than ``max_nodes`` positions (the first
            such state stops the batch).

    >>> from sixtysix import SCHNAPSEN, Close, new_hand, apply_move
    >>> states = [apply_move(new_hand(SCHNAPSEN, seed=s), Close()) for s in range(3)]
    >>> [sol.value for sol in solve_many(states)] == [solve(s).value for s in states]
    True
    """
    checked = [_check(state) for state in states]
    native = _native.solver()
    if native is None:
        return [solve(state, max_nodes, table_size) for state in checked]
    out: list[Solution | None] = [None] * len(checked)
    items: list[tuple[object, NativeArgs]] = []
    where: list[int] = []
    for i, state in enumerate(checked):
        if state.step is Step.OVER:
            out[i] = Solution(0, {}, None, 0, root=state, table_size=table_size)
        else:
            items.append((_native.native_spec(state.rules, state.trump), args_of(state)))
            where.append(i)
    results = _native.run(native.solve_many, items, max_nodes, int(table_size), False)
    for i, result in zip(where, results, strict=True):
        out[i] = _native_solution(checked[i], result, max_nodes, table_size)
    return [sol for sol in out if sol is not None]
