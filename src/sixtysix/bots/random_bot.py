"""The :class:`RandomBot`: a uniformly random legal move."""

from __future__ import annotations

import random

import attrs

from ..errors import SixtySixError
from ..moves import Move
from ..observe import PlayerView

__all__ = ["RandomBot"]


@attrs.frozen
class RandomBot:
    """Chooses uniformly at random among the legal moves (with the given ``rng``).

    The baseline every other bot should beat.

    >>> import random
    >>> from sixtysix import SCHNAPSEN, new_hand, legal_moves
    >>> from sixtysix.observe import observe
    >>> view = observe(new_hand(SCHNAPSEN, seed=4), 1)
    >>> RandomBot().choose(view, random.Random(0)) in legal_moves(view)
    True
    """

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A legal move drawn uniformly with ``rng``.

        Raises:
            SixtySixError: the view's seat is not to move.
        """
        moves = view.legal_moves()
        if not moves:
            raise SixtySixError(f"seat {view.seat} is not to move, so it has no move to choose")
        return moves[rng.randrange(len(moves))]
