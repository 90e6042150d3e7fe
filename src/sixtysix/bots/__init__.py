"""Bots: the :class:`Bot` protocol and two reference bots.

A bot decides from a :class:`~sixtysix.PlayerView` — what its seat can know — never from
the full state, so it cannot cheat by construction. Anything with a ``choose(view, rng)``
method that returns a legal move is a bot:

>>> import random
>>> from sixtysix import CLASSIC_66, new_hand, is_legal
>>> from sixtysix.observe import observe
>>> state = new_hand(CLASSIC_66, seed=1)
>>> view = observe(state, state.to_move)
>>> move = RuleBot().choose(view, random.Random(0))
>>> is_legal(state, move) and isinstance(RandomBot(), Bot)
True

* :class:`RandomBot` picks uniformly among the legal moves.
* :class:`RuleBot` plays by simple rules of thumb (see its docstring); it wins almost
  every match against :class:`RandomBot` (``benchmarks/bots.py`` measures it).
* :class:`PimcBot` and :class:`IsmctsBot` search over sampled worlds with the exact solver
  of :mod:`sixtysix.search` (``benchmarks/strength.py`` measures them).
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from ..moves import Move
from .random_bot import RandomBot
from .rule_bot import RuleBot

__all__ = ["Bot", "IsmctsBot", "PimcBot", "RandomBot", "RuleBot"]


@runtime_checkable
class Bot(Protocol):
    """A player: chooses a legal move from what its seat can see.

    ``view.seat`` is the seat to move; ``sixtysix.legal_moves(view)`` lists the choices.
    ``rng`` is the only source of randomness a bot should use, so that seeded games
    are reproducible.

    The view is typed :data:`~typing.Any` because the protocol covers every game of the
    library: a two-hand bot receives a :class:`~sixtysix.PlayerView`, a four-hand bot
    (such as :class:`~sixtysix.partnership.PartnershipRuleBot`) a
    :class:`~sixtysix.partnership.PartnershipView`. Each bot types its own ``choose``
    with the view it plays from.
    """

    def choose(self, view: Any, rng: random.Random) -> Move:
        """The move to make in the position ``view`` (one of its legal moves)."""
        ...


# The search bots import the search package, which uses RuleBot: import them last.
from .ismcts import IsmctsBot  # noqa: E402
from .pimc import PimcBot  # noqa: E402
