"""The :class:`PimcBot`: perfect-information Monte Carlo over determinized worlds."""

from __future__ import annotations

import math
import random
import time

import attrs

from ..errors import SixtySixError
from ..moves import CLAIM, Close, Move
from ..observe import PlayerView, determinize
from ..search._native import world_budget
from ..search.analysis import Estimate, estimate
from ..search.evaluate import BOT_TABLE_SIZE, EXACT_OPEN_NODES
from ..search.evaluate import fast_world_values as world_values
from ..search.solver import all_move_values
from ._base import BotBase, finite_number, flag, seconds_or_none, whole_number
from ._known import all_known, claim_dominates

__all__ = ["PimcBot"]

#: In the open phase a decision plays out at most this many moves in all (worlds times
#: legal moves), and never fewer worlds than ``min_worlds``.
PLAYOUT_BUDGET = 384
#: The positions all exact open-phase searches of one decision may visit together.
EXACT_NODE_BUDGET = 40_000


@attrs.frozen
class PimcBot(BotBase[PlayerView, Move]):
    """Perfect-information Monte Carlo: sample worlds, value each move in each, take the best.

    For each of ``worlds`` worlds drawn with :func:`~sixtysix.determinize` (from the
    view only, with the ``rng`` passed to :meth:`choose`, so the same seed gives the same
    moves on any machine), every legal move is valued for the bot's seat:

    * in the strict phase (talon closed or exhausted) exactly, by
      :func:`~sixtysix.search.solve`;
    * in the open phase by playing on with :class:`~sixtysix.RuleBot` for both seats (each
      from its own view) until the talon is closed or runs out, and solving the strict
      position reached exactly; closing the talon is therefore valued exactly.

    Worlds are drawn until the choice is settled, at least ``min_worlds`` and at most
    ``worlds`` of them: the choice is settled once, for every other move, the leader's
    mean advantage over it (each world compared with itself) is at least ``confidence``
    standard errors. The rule looks only at the values, so it is as reproducible as a
    fixed count, and easy choices cost a quarter of hard ones.

    The move with the highest mean wins; among equal means a move that is neither a
    claim nor a close, then the first in ``legal_moves`` order. Once
    every card that matters is known (the talon is gone and the opponent's hand follows
    from what was seen), the bot solves the one remaining world and plays a best move.
    With ``time_limit`` (seconds) it stops sampling early, after at least one world; then
    its moves depend on the machine's speed.

    >>> import random
    >>> from sixtysix import SCHNAPSEN, new_hand, is_legal, observe
    >>> state = new_hand(SCHNAPSEN, seed=6)
    >>> bot = PimcBot(worlds=4)
    >>> move = bot.choose(observe(state, state.to_move), random.Random(1))
    >>> is_legal(state, move), move == bot.choose(observe(state, state.to_move), random.Random(1))
    (True, True)
    """

    #: The most worlds sampled per decision (the iteration budget).
    worlds: int = attrs.field(default=64, validator=whole_number(1))
    #: Optional wall-clock budget per decision, in seconds.
    time_limit: float | None = attrs.field(default=None, validator=seconds_or_none())
    #: In the open phase, solve each world exactly (instead of playing on with
    #: RuleBot) once the talon holds at most this many cards, within a node budget.
    exact_talon: int = attrs.field(default=2, validator=whole_number(0))
    #: The fewest worlds sampled before the choice may be settled early (at most
    #: ``worlds``; set it to ``worlds`` for a fixed count).
    min_worlds: int = attrs.field(default=16, validator=whole_number(1))
    #: How many standard errors the leader's advantage over every other move must reach
    #: to settle the choice early.
    confidence: float = attrs.field(default=2.0, validator=finite_number(0))
    #: Close the talon only when closing beats the best other move by ``confidence``
    #: standard errors (each world compared with itself), not merely on the mean.
    cautious_close: bool = attrs.field(default=True, validator=flag())

    def _decide(self, view: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """The move with the best mean value over the sampled worlds."""
        if CLAIM in moves and claim_dominates(view):
            return CLAIM
        return moves[self._pick(moves, self._sample(view, moves, rng))]

    def analyse(self, view: PlayerView, rng: random.Random) -> tuple[dict[Move, Estimate], Move]:
        """What the bot's search thinks of each legal move, and the move it would play.

        The estimates are each move's mean value in game points over the worlds the bot
        samples for this decision (with :meth:`choose`'s budget and stopping rule), with
        their standard errors; the move is what :meth:`choose` plays with the same
        ``rng`` state (a claim worth at least any continuation is played without search,
        but still valued here).

        Raises:
            SixtySixError: the view's seat is not to move.

        >>> import random
        >>> from sixtysix import SCHNAPSEN, new_hand, observe
        >>> view = observe(new_hand(SCHNAPSEN, seed=6), 1)
        >>> estimates, move = PimcBot(worlds=4).analyse(view, random.Random(1))
        >>> list(estimates) == list(view.legal_moves()), move in estimates
        (True, True)
        """
        moves = view.legal_moves()
        if not moves:
            raise SixtySixError(f"seat {view.seat} is not to move, so it has no move to analyse")
        samples = self._sample(view, moves, rng)
        columns = list(zip(*samples, strict=True))
        estimates = {
            move: estimate(list(column)) for move, column in zip(moves, columns, strict=True)
        }
        if len(moves) == 1:
            return estimates, moves[0]
        if CLAIM in moves and claim_dominates(view):
            return estimates, CLAIM
        return estimates, moves[self._pick(moves, samples)]

    def _sample(
        self, view: PlayerView, moves: tuple[Move, ...], rng: random.Random
    ) -> list[list[float]]:
        """Each sampled world's value of every legal move (one row per world)."""
        if all_known(view):
            known = all_move_values(determinize(view, rng), BOT_TABLE_SIZE)
            return [[float(v) for v in known.values()]]
        totals = [0.0] * len(moves)
        samples: list[list[float]] = []
        start = time.perf_counter()
        limit = self.time_limit
        least = min(self.min_worlds, self.worlds)
        most = self.worlds
        if not view.is_strict:
            # Open phase: each world costs one playout per move.
            most = min(most, max(least, world_budget(PLAYOUT_BUDGET, limit) // len(moves)))
        exact_talon = self.exact_talon
        exact_nodes = EXACT_NODE_BUDGET
        for count in range(1, most + 1):
            per_world = min(EXACT_OPEN_NODES, exact_nodes)
            values, spent = world_values(determinize(view, rng), rng, exact_talon, per_world)
            exact_nodes -= spent
            if spent > per_world or exact_nodes < EXACT_OPEN_NODES // 5:
                # Out of nodes here (it would be in the other worlds) or in all: play out.
                exact_talon = 0
            samples.append(values)
            for i, value in enumerate(values):
                totals[i] += value
            if limit is not None and time.perf_counter() - start >= limit:
                break
            if (
                count >= least
                and count % 4 == 0
                and _settled(moves, totals, samples, self.confidence)
            ):
                break
        return samples

    def _pick(self, moves: tuple[Move, ...], samples: list[list[float]]) -> int:
        """The index of the move to play given the sampled values (the cautious close)."""
        totals = [sum(column) for column in zip(*samples, strict=True)]
        choice = _best_index(moves, totals)
        if isinstance(moves[choice], Close) and self.cautious_close and len(samples) > 1:
            # Closing is irrevocable, and every world values it as if the closer then saw
            # every card: close only when it is clearly better than playing on.
            others = [i for i in range(len(moves)) if i != choice and moves[i] != CLAIM]
            if others:
                rest = max(others, key=lambda i: (totals[i], -i))
                if not _ahead(samples, choice, rest, self.confidence):
                    choice = rest
        return choice


def _ahead(samples: list[list[float]], leader: int, other: int, z: float) -> bool:
    """Whether move ``leader`` beats ``other`` by ``z`` standard errors of the paired mean."""
    n = len(samples)
    diffs = [world[leader] - world[other] for world in samples]
    mean = sum(diffs) / n
    spread = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean >= z * math.sqrt(spread / n)


def _settled(
    moves: tuple[Move, ...], totals: list[float], samples: list[list[float]], z: float
) -> bool:
    """Whether the leader beats every other move by ``z`` standard errors of the paired mean."""
    leader = _best_index(moves, totals)
    return all(_ahead(samples, leader, other, z) for other in range(len(moves)) if other != leader)


def _best_index(moves: tuple[Move, ...], values: list[float]) -> int:
    """The index of the move to play: the highest value, then a move that commits to less.

    Among equal values a move that is neither a claim nor a close wins, then the first
    in ``legal_moves`` order. Perfect play often values every move the same (a hand
    already lost by 2, say); against a fallible opponent playing on keeps the chances a
    false claim or an early close would throw away.
    """
    return max(
        range(len(moves)),
        key=lambda i: (values[i], not (moves[i] == CLAIM or isinstance(moves[i], Close)), -i),
    )
