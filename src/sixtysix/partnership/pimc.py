""":class:`PartnershipPimcBot`: determinized search for four-hand partnership Sixty-Six.

>>> import random
>>> from sixtysix import partnership as p4
>>> s = p4.new_hand(p4.FOUR_HAND_66, seed=1)
>>> bot = p4.PartnershipPimcBot(worlds=4)
>>> move = bot.choose(p4.observe(s, p4.to_move(s)), random.Random(0))
>>> move in p4.legal_moves(s)
True
"""

from __future__ import annotations

import random
import time

import attrs

from ..bots._base import BotBase, finite_number, seconds_or_none, whole_number
from ..bots.pimc import _best_index, _settled
from ..moves import Play
from ..search import four_hand as _four_hand
from .views import PartnershipView, determinize

__all__ = ["PartnershipPimcBot"]

#: The default of :attr:`PartnershipPimcBot.playouts`.
PLAYOUT_BUDGET = 160


@attrs.frozen
class PartnershipPimcBot(BotBase[PartnershipView, Play]):
    """Perfect-information Monte Carlo over the three hidden hands.

    For each world drawn with :func:`~sixtysix.partnership.determinize` (uniform among
    the deals that agree with the view, its inferences included; only the view and the
    ``rng`` passed to :meth:`choose` are read, so a seed gives the same moves on any
    machine), every legal move is valued for the bot's side by
    :func:`~sixtysix.search.four_hand.four_hand_move_values`: exactly (all four seats
    playing perfectly) once at most ``exact_tricks`` tricks remain, else by playing the
    hand out with :class:`~sixtysix.partnership.PartnershipRuleBot` in every seat, each
    from its own view — the partner's play is the partner's rules of thumb, not the bot's
    wishes. The value is the side's net game points with the card-point margin as a tie
    break.

    Worlds are drawn until the choice is settled: at least ``min_worlds`` and at most
    ``worlds`` of them (and, before the exact endgame, at most ``playouts`` playouts
    per decision); the choice is settled once the leader's mean advantage over every
    other move (each world compared with itself) reaches ``confidence`` standard errors.
    The move with the highest mean wins, the first in ``legal_moves`` order among equals.
    A forced move is played without search. With ``time_limit`` (seconds) it also stops
    sampling early, after one world at least; its moves then depend on the machine.
    """

    #: The most worlds sampled per decision (the iteration budget).
    worlds: int = attrs.field(default=32, validator=whole_number(1))
    #: Search exactly once at most this many tricks remain (the current one included).
    exact_tricks: int = attrs.field(default=3, validator=whole_number(0))
    #: The fewest worlds sampled before the choice may be settled early.
    min_worlds: int = attrs.field(default=8, validator=whole_number(1))
    #: How many standard errors settle the choice early.
    confidence: float = attrs.field(default=2.0, validator=finite_number(0))
    #: Optional wall-clock budget per decision, in seconds.
    time_limit: float | None = attrs.field(default=None, validator=seconds_or_none())
    #: Before the exact endgame, a decision plays out at most this many moves in all
    #: (worlds times legal moves), and never fewer worlds than ``min_worlds``.
    playouts: int = attrs.field(default=PLAYOUT_BUDGET, validator=whole_number(1))

    def _decide(self, view: PartnershipView, moves: tuple[Play, ...], rng: random.Random) -> Play:
        """The move with the best mean value over the sampled worlds."""
        remaining = (view.rules.deck.size - len(view.played) + len(view.trick) + 3) // 4
        least = min(self.min_worlds, self.worlds)
        most = self.worlds
        if remaining > self.exact_tricks:
            most = min(most, max(least, self.playouts // len(moves)))
        totals = [0.0] * len(moves)
        samples: list[list[float]] = []
        start = time.perf_counter()
        for count in range(1, most + 1):
            values = _four_hand.four_hand_move_values(
                determinize(view, rng), rng=rng, exact_tricks=self.exact_tricks
            )
            samples.append(values)
            for i, value in enumerate(values):
                totals[i] += value
            if self.time_limit is not None and time.perf_counter() - start >= self.time_limit:
                break
            if (
                count >= least
                and count % 4 == 0
                and _settled(moves, totals, samples, self.confidence)
            ):
                break
        return moves[_best_index(moves, totals)]
