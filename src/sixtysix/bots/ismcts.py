"""The :class:`IsmctsBot`: information-set Monte Carlo tree search."""

from __future__ import annotations

import math
import random
import time

import attrs

from ..engine import apply_move, legal_moves
from ..moves import CLAIM, Move
from ..observe import PlayerView, determinize, observe
from ..rules import CloserBeaten
from ..search._scores import MAX_VALUE, hand_value
from ..search.evaluate import rollout_value
from ..search.solver import solve
from ..state import HandState, Step
from ._base import BotBase, finite_number, seconds_or_none, whole_number
from ._known import all_known
from .rule_bot import RuleBot

__all__ = ["IsmctsBot"]


_RULE_BOT = RuleBot()


def _sensible(state: HandState, moves: tuple[Move, ...], mover: int) -> tuple[Move, ...]:
    """The moves worth searching: a correct claim alone, and never a false claim.

    A correct claim is worth at least as much as anything after it (the opponent's
    tricks and points only grow; the one exception is claiming against a closer under
    ``CloserBeaten.FLAT_TWO``, where letting the close fail may score 3), and a false
    claim loses at once.
    """
    if CLAIM not in moves:
        return moves
    if state.card_points[mover] + state.marriages[mover] >= 66:
        closer = state.closed_by
        if state.rules.closer_beaten is CloserBeaten.FLAT_TWO and 0 <= closer != mover:
            return moves
        return (CLAIM,)
    return tuple(m for m in moves if m != CLAIM) or moves


class _Node:
    """A node of the information-set tree: the move sequence from the root leads here."""

    __slots__ = ("avail", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat that made the move into this node
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


@attrs.frozen
class IsmctsBot(BotBase[PlayerView, Move]):
    """Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).

    One tree over the bot's information sets: each iteration draws a world with
    :func:`~sixtysix.determinize`, walks down the tree choosing, among the moves legal in
    that world, the one with the best UCB score (counting how often each move was
    available), adds one new node, and values the position reached: exactly once the
    talon is closed or exhausted (:func:`~sixtysix.search.solve`'s search), otherwise by a
    :class:`~sixtysix.RuleBot` playout to the strict phase and an exact value there. The
    most visited move at the root is played. Once every card that matters is known the
    bot solves the position and plays a best move.

    ``iterations`` is the budget (the same ``rng`` seed gives the same moves on any
    machine); ``time_limit`` (seconds) optionally stops earlier.

    >>> import random
    >>> from sixtysix import CLASSIC_66, new_hand, is_legal, observe
    >>> state = new_hand(CLASSIC_66, seed=6)
    >>> move = IsmctsBot(iterations=20).choose(observe(state, state.to_move), random.Random(3))
    >>> is_legal(state, move)
    True
    """

    #: Iterations (sampled worlds, one tree walk each) per decision.
    iterations: int = attrs.field(default=60, validator=whole_number(1))
    #: Optional wall-clock budget per decision, in seconds.
    time_limit: float | None = attrs.field(default=None, validator=seconds_or_none())
    #: The UCB exploration constant (values are scaled to [-1, 1]).
    exploration: float = attrs.field(default=0.7, validator=finite_number(0))

    def _decide(self, view: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """The most visited move after the search."""
        if all_known(view):
            best = solve(determinize(view, rng)).best
            assert best is not None
            return best
        root = _Node(1 - view.seat)
        start = time.perf_counter()
        limit = self.time_limit
        c = self.exploration
        for _ in range(self.iterations):
            self._iterate(root, view, rng, c)
            if limit is not None and time.perf_counter() - start >= limit:
                break
        return max(
            moves,
            key=lambda m: (
                root.children[m].visits if m in root.children else -1,
                -moves.index(m),
            ),
        )

    @staticmethod
    def _iterate(root: _Node, view: PlayerView, rng: random.Random, c: float) -> None:
        state = determinize(view, rng)
        node = root
        path = [root]
        while state.step is not Step.OVER:
            mover = state.to_move
            assert mover is not None
            legal = _sensible(state, legal_moves(state), mover)
            untried = [m for m in legal if m not in node.children]
            if untried:
                hint = _RULE_BOT.choose(observe(state, mover), rng)
                move = hint if hint in untried else untried[rng.randrange(len(untried))]
                child = node.children[move] = _Node(mover)
                state = apply_move(state, move)
                path.append(child)
                break
            best_score = -math.inf
            chosen = legal[0]
            for m in legal:
                ch = node.children[m]
                ch.avail += 1
                score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best_score, chosen = score, m
            node = node.children[chosen]
            state = apply_move(state, chosen)
            path.append(node)
        v0 = hand_value(state) if state.step is Step.OVER else rollout_value(state, 0)
        reward = v0 / MAX_VALUE
        for n in path:
            n.visits += 1
            n.total += reward if n.mover == 0 else -reward
