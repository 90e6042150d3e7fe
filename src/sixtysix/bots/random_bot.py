"""The :class:`RandomBot`: a uniformly random legal move (no false claims by default)."""

from __future__ import annotations

import random
from typing import ClassVar

import attrs

from ..moves import Claim, Move
from ..observe import PlayerView
from ._base import BotBase

__all__ = ["RandomBot"]


@attrs.frozen(repr=False)
class RandomBot(BotBase[PlayerView, Move]):
    """Chooses uniformly at random among the legal moves (with the given ``rng``).

    The baseline every other bot should beat. By default it never makes a *false* claim:
    when ``claim`` is legal but the bot's counted points (``view.points(view.seat)``)
    are under 66, the claim is left out of the choice; a correct claim stays one of the
    choices. A bot that claims at random ends most hands with a false claim after a
    trick or two (rules §6.2), which makes it a poor opponent and a noisy baseline;
    ``RandomBot(false_claims=True)`` restores that uniform choice over every legal move.

    >>> import random
    >>> from sixtysix import SCHNAPSEN, new_hand, legal_moves
    >>> from sixtysix.observe import observe
    >>> view = observe(new_hand(SCHNAPSEN, seed=4), 1)
    >>> RandomBot().choose(view, random.Random(0)) in legal_moves(view)
    True
    >>> RandomBot(), RandomBot(false_claims=True)
    (RandomBot(), RandomBot(false_claims=True))

    Attributes:
        false_claims: Whether a claim under 66 is one of the choices (default ``False``).
    """

    false_claims: bool = False
    # A forced move is drawn too, so that the rng's stream does not depend on it.
    _play_forced: ClassVar[bool] = False

    def _decide(self, view: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """A legal move drawn uniformly with ``rng`` (a false claim only if allowed)."""
        # Claim has no fields, so "is a Claim" is "== Claim()", without attrs' __eq__ calls
        # (this bot is the vector environment's most frequent opponent).
        if (
            not self.false_claims
            and any(type(m) is Claim for m in moves)
            and view.points(view.seat) < 66
        ):
            moves = tuple(m for m in moves if type(m) is not Claim)
        return moves[rng.randrange(len(moves))]

    def __repr__(self) -> str:
        """``RandomBot()``, or ``RandomBot(false_claims=True)``: a value that pastes back."""
        return "RandomBot(false_claims=True)" if self.false_claims else "RandomBot()"
