""":class:`TausendeinsGame`: Tausendeins as a :class:`sixtysix.game.Game`.

>>> from sixtysix import tausendeins as t1
>>> from sixtysix.game import Game
>>> game = t1.TausendeinsGame(t1.TAUSENDEINS_CONTRACT)
>>> state = game.new_hand(seed=5, dealer=1)
>>> while not game.is_over(state):
...     state = game.apply_move(state, game.legal_moves(state)[0])
>>> r = game.returns(state)
>>> sum(r), isinstance(game, Game), game.num_seats, game.num_actions, game.name
(0, True, 2, 136, 'Tausendeins TAUSENDEINS_CONTRACT')
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from .._seeding import Seed
from ..errors import ParseError, quote
from .engine import action_table, apply_move, is_over, legal_moves, new_hand, to_move
from .moves import TausendeinsMove
from .rules import TausendeinsRules, preset_name
from .scoring import score_deal
from .state import TausendeinsState
from .views import TausendeinsView, determinize, observe

__all__ = ["TausendeinsGame"]


@attrs.frozen
class TausendeinsGame:
    """Tausendeins under ``rules``, as a :class:`~sixtysix.game.Game` (rules §12).

    One hand of the protocol is one deal. Action ids are those of rules §12.9 (see
    :class:`~sixtysix.tausendeins.engine.ActionTable`): 136 for the presets.

    Attributes:
        rules: The rule set of every deal.
    """

    rules: TausendeinsRules = attrs.field(validator=attrs.validators.instance_of(TausendeinsRules))

    @property
    def name(self) -> str:
        """``"Tausendeins"`` and the preset's name (or ``"house rules"``)."""
        return f"Tausendeins {preset_name(self.rules) or 'house rules'}"

    @property
    def num_seats(self) -> int:
        """Always 2."""
        return 2

    @property
    def num_actions(self) -> int:
        """The size of the action table (136 for the presets)."""
        return len(action_table(self.rules).moves)

    def new_hand(self, seed: Seed = None, dealer: int = 0) -> TausendeinsState:
        """:func:`~sixtysix.tausendeins.new_hand` under this game's rules."""
        return new_hand(self.rules, seed, dealer)

    def to_move(self, state: TausendeinsState) -> int | None:
        """:func:`~sixtysix.tausendeins.to_move`."""
        return to_move(state)

    def legal_moves(
        self, state: TausendeinsState | TausendeinsView
    ) -> tuple[TausendeinsMove, ...]:
        """:func:`~sixtysix.tausendeins.legal_moves`."""
        return legal_moves(state)

    def apply_move(self, state: TausendeinsState, move: TausendeinsMove) -> TausendeinsState:
        """:func:`~sixtysix.tausendeins.apply_move`."""
        return apply_move(state, move)

    def is_over(self, state: TausendeinsState) -> bool:
        """:func:`~sixtysix.tausendeins.is_over`."""
        return is_over(state)

    def returns(self, state: TausendeinsState) -> tuple[int, int]:
        """``(a0 - a1, a1 - a0)`` where ``a`` is what each seat adds (rules §12.7).

        Raises:
            HandNotOverError: the deal is not over.
        """
        a0, a1 = score_deal(state).added
        return (a0 - a1, a1 - a0)

    def observe(self, state: TausendeinsState, seat: int) -> TausendeinsView:
        """:func:`~sixtysix.tausendeins.observe`."""
        return observe(state, seat)

    def determinize(self, view: TausendeinsView, rng: random.Random) -> TausendeinsState:
        """:func:`~sixtysix.tausendeins.determinize`."""
        return determinize(view, rng)

    def action_id(self, move: TausendeinsMove) -> int:
        """The fixed id of ``move`` (rules §12.9).

        Raises:
            ParseError: ``move`` is not a move of this rule set.
        """
        try:
            return action_table(self.rules).ids[move]
        except (KeyError, TypeError):
            raise ParseError(f"not a Tausendeins move of these rules: {quote(move)}") from None

    def move_of(self, action: int) -> TausendeinsMove:
        """The move whose id is ``action`` (the inverse of :meth:`action_id`).

        Raises:
            ParseError: ``action`` is not an id of this rule set.
        """
        moves = action_table(self.rules).moves
        move = moves[action] if type(action) is int and 0 <= action < len(moves) else None
        if move is None:
            raise ParseError(
                f"not a Tausendeins action id (0 to {len(moves) - 1}, not 36-39): {quote(action)}"
            )
        return move


if TYPE_CHECKING:  # mypy checks that TausendeinsGame satisfies Game
    from ..game import Game
    from .rules import TAUSENDEINS

    _GAME: Game[TausendeinsState, TausendeinsView, TausendeinsMove] = TausendeinsGame(TAUSENDEINS)
