"""A Tausendeins game to ``target`` (1001) points, deal by deal (rules §12.8).

>>> from sixtysix import tausendeins as t1
>>> from sixtysix.tausendeins.match import new_match, next_deal
>>> m = new_match(t1.TAUSENDEINS, seed=7, dealer=1)
>>> m.scores, m.is_over, m.winner, next_deal(m) == t1.new_hand(t1.TAUSENDEINS, "7/0", 1)
((0, 0), False, None, True)
"""

from __future__ import annotations

import random

import attrs

from ..errors import MatchError, quote
from ..match import _seed_problem
from .engine import new_hand
from .rules import TausendeinsRules
from .scoring import match_winner, score_deal
from .state import TausendeinsState

__all__ = ["TausendeinsMatch", "add_deal", "new_match", "next_deal"]


@attrs.frozen
class TausendeinsMatch:
    """The running totals of a game to ``rules.target`` between deals.

    Attributes:
        rules: The rule set of every deal.
        seed: The seed ``g``: deal ``k`` is dealt from ``f"{g}/{k}"`` (rules §12.8).
        scores: The running total of each seat (negative after a failed contract).
        dealer: The seat that deals the next deal (the deal alternates).
        hand_number: Deals played so far.
    """

    rules: TausendeinsRules
    seed: int | str
    scores: tuple[int, int] = (0, 0)
    dealer: int = 0
    hand_number: int = 0

    @property
    def carry(self) -> int:
        """Always 0: Tausendeins carries nothing from deal to deal."""
        return 0

    @property
    def winner(self) -> int | None:
        """The seat that has won: :func:`~sixtysix.tausendeins.match_winner` of the totals."""
        return match_winner(self.rules, self.scores)

    @property
    def hand_seed(self) -> str:
        """The seed of the next deal, ``f"{seed}/{hand_number}"`` (rules §12.8)."""
        return f"{self.seed}/{self.hand_number}"

    @property
    def is_over(self) -> bool:
        """Whether a seat has won."""
        return self.winner is not None


def new_match(
    rules: TausendeinsRules, seed: int | str | None = None, dealer: int = 0
) -> TausendeinsMatch:
    """A game at 0-0 with ``dealer`` to deal first; ``seed=None`` draws a fresh seed.

    Raises:
        MatchError: a bad rule set, seed or dealer.
    """
    if type(rules) is not TausendeinsRules:
        raise MatchError(f"a Tausendeins match needs TausendeinsRules, not {quote(rules)}")
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    problem = _seed_problem(seed)
    if problem is not None:
        raise MatchError(f"the match seed: {problem}")
    if type(dealer) is not int or dealer not in (0, 1):
        raise MatchError(f"the dealer is seat 0 or 1, not {quote(dealer)}")
    return TausendeinsMatch(rules, seed, dealer=dealer)


def next_deal(m: TausendeinsMatch) -> TausendeinsState:
    """Deal the next deal of ``m``, from the seed ``f"{m.seed}/{m.hand_number}"``.

    Raises:
        MatchError: the match is over.
    """
    if m.is_over:
        raise MatchError(f"the match is over: seat {m.winner} has won it")
    return new_hand(m.rules, f"{m.seed}/{m.hand_number}", m.dealer)


def add_deal(m: TausendeinsMatch, state: TausendeinsState) -> TausendeinsMatch:
    """The match after the finished deal ``state``: each seat adds its ``added``.

    Raises:
        HandNotOverError: the deal is not over.
        MatchError: the match is over already.
    """
    if m.is_over:
        raise MatchError(f"the match is over: seat {m.winner} has won it")
    a0, a1 = score_deal(state).added
    return attrs.evolve(
        m,
        scores=(m.scores[0] + a0, m.scores[1] + a1),
        dealer=1 - m.dealer,
        hand_number=m.hand_number + 1,
    )
