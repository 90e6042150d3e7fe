"""The exact alpha-beta search of a hand whose every card is known (not public API).

:class:`Searcher` values a :class:`~sixtysix.HandState` for one rule set and trump suit:
the game points, for a given seat, of the hand played on perfectly by both (negamax,
fail-soft: exact inside the window, else a bound on the side it fell). While the talon
is open (draws, exchanges, closing, the decision after a trick) it searches the
engine's own moves, :func:`~sixtysix.legal_moves` and :func:`~sixtysix.apply_move`, and
keys its table with :func:`~sixtysix.search.position_key`; a finished hand is scored by
:func:`~sixtysix.score_hand`. Once only tricks are left it hands the position to the
bitmask search of :mod:`._strict`. The tests check both against a brute force over
the public API.
"""

from __future__ import annotations

from ..engine import apply_move, legal_moves
from ..moves import Move, Play
from ..rules import Rules
from ..state import HandState, Step
from ._facts import search_facts
from ._scores import HandValues, hand_value
from ._strict import INF, NO_LIMIT, Budget, TrickSearch, stored_bound, tricks_of
from .key import position_key

__all__ = ["INF", "NO_LIMIT", "Searcher", "searcher"]


class Searcher:
    """The search of one rule set and trump suit, with its budget and table."""

    def __init__(self, rules: Rules, trump: int) -> None:
        """A searcher for ``rules`` with trump suit ``trump``."""
        self.rules = rules
        self.trump = trump
        self.facts = search_facts(rules, trump)
        self.values = HandValues(rules, trump)
        self.budget = Budget()
        self.tricks = TrickSearch(self.facts, self.values, self.budget)

    def value_for(self, state: HandState, seat: int, alpha: int, beta: int) -> int:
        """The value of ``state`` for ``seat`` (window in ``seat``'s terms)."""
        if state.step is Step.OVER:
            value = hand_value(state)
            return value if seat == 0 else -value
        if state.to_move == seat:
            return self.value(state, alpha, beta)
        return -self.value(state, -beta, -alpha)

    def move_values(
        self, state: HandState, alpha: int, beta: int, stop_at: int = INF
    ) -> dict[Move, int]:
        """The value of each legal move of the unfinished ``state`` for the seat to move.

        In legal order, each searched in the window ``(alpha, beta)``, up to the first
        whose value reaches ``stop_at``. A card led in the strict phase is valued by the
        trick search directly.
        """
        mover = state.to_move
        assert mover is not None
        pos = tricks_of(state) if self._only_tricks(state) else None
        values: dict[Move, int] = {}
        for move in legal_moves(state):
            if pos is not None and type(move) is Play:
                value = self.tricks.lead_value(pos, move.card.index, alpha, beta)
            else:
                value = self.value_for(apply_move(state, move), mover, alpha, beta)
            values[move] = value
            if value >= stop_at:
                break
        return values

    def _only_tricks(self, state: HandState) -> bool:
        """Whether ``state`` is at a lead of the strict phase with no marriage declared."""
        return (
            state.step is Step.LEAD
            and state.turn_marriage < 0
            and self.facts.no_exchange_left(state)
        )

    def value(self, state: HandState, alpha: int, beta: int) -> int:
        """The value of the unfinished ``state`` for the seat to move."""
        if self._only_tricks(state):
            return self.tricks.value(tricks_of(state), alpha, beta)
        budget = self.budget
        budget.count()
        key = position_key(state)
        known, alpha, beta, entry = budget.look_up(key, alpha, beta)
        if known is not None:
            return known
        mover = state.to_move
        assert mover is not None
        best = -INF
        floor = alpha
        for move in self._ordered(state):
            if floor >= beta:
                break
            value = self.value_for(apply_move(state, move), mover, floor, beta)
            if value > best:
                best = value
                floor = max(floor, value)
        budget.store(key, (*stored_bound(best, alpha, beta, entry), -1))
        return best

    def _ordered(self, state: HandState) -> list[Move]:
        """The legal moves, a follower's cards that take the trick first."""
        moves = list(legal_moves(state))
        if state.step is Step.FOLLOW:
            beats = self.facts.beats[state.lead]

            def loses(move: Move) -> bool:
                return not (isinstance(move, Play) and beats >> move.card.index & 1)

            moves.sort(key=loses)
        return moves

    def reset(self, max_nodes: int | None, table_size: int) -> None:
        """Start a new search: an empty table, no nodes counted, these limits."""
        self.budget.reset(max_nodes, table_size)


_SEARCHERS: dict[tuple[Rules, int], Searcher] = {}
#: At most this many rule sets (by trump) keep a searcher (then the cache restarts).
SEARCHER_CACHE_SIZE = 64


def searcher(rules: Rules, trump: int) -> Searcher:
    """The :class:`Searcher` of ``rules`` and trump suit ``trump`` (cached)."""
    found = _SEARCHERS.get((rules, trump))
    if found is None:
        if len(_SEARCHERS) > SEARCHER_CACHE_SIZE:
            _SEARCHERS.clear()
        found = _SEARCHERS[rules, trump] = Searcher(rules, trump)
    return found
