""":class:`PartnershipGame`: four-hand partnership Sixty-Six as a :class:`sixtysix.game.Game`.

>>> import random
>>> from sixtysix import partnership as p4
>>> from sixtysix.game import Game
>>> game = p4.PartnershipGame(p4.FOUR_HAND_24)
>>> state = game.new_hand(seed=5, dealer=2)
>>> while not game.is_over(state):
...     state = game.apply_move(state, game.legal_moves(state)[0])
>>> r = game.returns(state)
>>> sum(r), r[0] == r[2], isinstance(game, Game), game.num_seats, game.name
(0, True, True, 4, 'four-hand FOUR_HAND_24')
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from ..errors import ParseError, RulesError, quote
from ..moves import NUM_ACTIONS, Play, move_from_id, move_id
from .engine import Seed, apply_move, is_over, legal_moves, new_hand, to_move
from .rules import PartnershipRules, preset_name
from .scoring import score_hand
from .state import PartnershipState
from .views import PartnershipView, determinize, observe

__all__ = ["PartnershipGame"]


@attrs.frozen
class PartnershipGame:
    """Four-hand partnership Sixty-Six under ``rules``, as a :class:`~sixtysix.game.Game`.

    Seats 0 to 3; moves are :class:`~sixtysix.moves.Play` values; action ids are those of
    :func:`~sixtysix.moves.move_id` (40 ids, of which the plays 0-31 occur), so tables and
    encodings shared with the two-hand game still fit.

    Attributes:
        rules: The rule set of every hand.
    """

    rules: PartnershipRules = attrs.field()

    @rules.validator
    def _check_rules(self, attribute: object, value: object) -> None:
        if not isinstance(value, PartnershipRules):
            raise RulesError(f"a four-hand game needs PartnershipRules, not {quote(value)}")

    @property
    def name(self) -> str:
        """``"four-hand"`` and the preset's name (or ``"house rules"``)."""
        return f"four-hand {preset_name(self.rules) or 'house rules'}"

    @property
    def num_seats(self) -> int:
        """Always 4."""
        return 4

    @property
    def num_actions(self) -> int:
        """40: see :data:`~sixtysix.moves.ALL_MOVES` (only the 32 plays occur)."""
        return NUM_ACTIONS

    def new_hand(self, seed: Seed = None, dealer: int = 0) -> PartnershipState:
        """:func:`~sixtysix.partnership.new_hand` (match scores 0-0)."""
        return new_hand(self.rules, seed, dealer)

    def to_move(self, state: PartnershipState) -> int | None:
        """:func:`~sixtysix.partnership.to_move`."""
        return to_move(state)

    def legal_moves(self, state: PartnershipState | PartnershipView) -> tuple[Play, ...]:
        """:func:`~sixtysix.partnership.legal_moves`."""
        return legal_moves(state)

    def apply_move(self, state: PartnershipState, move: Play) -> PartnershipState:
        """:func:`~sixtysix.partnership.apply_move`."""
        return apply_move(state, move)

    def is_over(self, state: PartnershipState) -> bool:
        """:func:`~sixtysix.partnership.is_over`."""
        return is_over(state)

    def returns(self, state: PartnershipState) -> tuple[int, int, int, int]:
        """Net game points of each seat: ``(d, -d, d, -d)``.

        ``d`` is ``d`` is side 0's game points minus side 1's (the ten-of-trumps point
        included, carried points not).

        Raises:
            HandNotOverError: the hand is not over.
        """
        g = score_hand(state).side_game_points
        d = g[0] - g[1]
        return (d, -d, d, -d)

    def observe(self, state: PartnershipState, seat: int) -> PartnershipView:
        """:func:`~sixtysix.partnership.views`."""
        return observe(state, seat)

    def determinize(self, view: PartnershipView, rng: random.Random) -> PartnershipState:
        """:func:`~sixtysix.partnership.determinize`."""
        return determinize(view, rng)

    def action_id(self, move: Play) -> int:
        """:func:`~sixtysix.moves.move_id`."""
        return move_id(move)

    def move_of(self, action: int) -> Play:
        """The play whose id is ``action`` (0-31).

        Raises:
            ParseError: ``action`` is not an id, or not the id of a play.
        """
        move = move_from_id(action)
        if type(move) is not Play:
            raise ParseError(f"action {action} is {move}, which four-hand Sixty-Six has not")
        return move


if TYPE_CHECKING:  # mypy checks that PartnershipGame satisfies Game
    from ..game import Game
    from .rules import FOUR_HAND_66

    _FOUR_HAND: Game[PartnershipState, PartnershipView, Play] = PartnershipGame(FOUR_HAND_66)
