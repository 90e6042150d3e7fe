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
>>> game.outcome(state).returns == r, game.observation_shape
(True, (347,))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from ..encoding import encode_partnership_view, partnership_observation_size
from ..errors import ParseError, RulesError, quote
from ..game import GameBase, Outcome
from ..moves import NUM_ACTIONS, Play, move_from_id, move_id
from . import engine as _engine_module
from . import match as _match
from . import rules as _rules
from . import views as _views_module
from .notation import render
from .play import play_match
from .records import MatchRecord
from .rules import PartnershipRules
from .scoring import score_hand
from .state import PartnershipState
from .views import PartnershipView, determinize

__all__ = ["PartnershipGame"]


@attrs.frozen
class PartnershipGame(GameBase[PartnershipState, PartnershipView, Play]):
    """Four-hand partnership Sixty-Six under ``rules``, as a :class:`~sixtysix.game.Game`.

    Seats 0 to 3; moves are :class:`~sixtysix.moves.Play` values; action ids are those of
    :func:`~sixtysix.moves.move_id` (40 ids, of which the plays 0-31 occur), so tables and
    encodings shared with the two-hand game still fit. The observation is
    :func:`~sixtysix.encoding.encode_partnership_view`, the text
    :func:`~sixtysix.partnership.render`, the match a
    :class:`~sixtysix.partnership.PartnershipMatch`.

    Attributes:
        rules: The rule set of every hand.
    """

    rules: PartnershipRules = attrs.field()

    @rules.validator
    def _check_rules(self, attribute: object, value: object) -> None:
        if not isinstance(value, PartnershipRules):
            raise RulesError(f"a four-hand game needs PartnershipRules, not {quote(value)}")

    _engine: ClassVar[ModuleType] = _engine_module  # new_hand deals at match scores 0-0
    _views: ClassVar[ModuleType] = _views_module
    _rules_module: ClassVar[ModuleType] = _rules
    _kind = "four-hand"
    #: Always 4.
    num_seats = 4
    #: 40: see :data:`~sixtysix.moves.ALL_MOVES` (only the 32 plays occur).
    num_actions = NUM_ACTIONS
    #: The registered bots of the four-hand game.
    bot_names = ("partnership-pimc", "partnership-rule", "random")
    action_id = staticmethod(move_id)
    encode = staticmethod(encode_partnership_view)

    @property
    def observation_shape(self) -> tuple[int]:
        """``(partnership_observation_size(rules),)``: see :mod:`sixtysix.encoding`."""
        return (partnership_observation_size(self.rules),)

    def outcome(self, state: PartnershipState) -> Outcome:
        """Net game points of each seat, ``(d, -d, d, -d)``, and the end's name.

        ``d`` is side 0's game points minus side 1's (the ten-of-trumps point included,
        carried points not); the side with ``d > 0`` wins (the ten-of-trumps point can
        decide a 65-65 hand). Schwarz: the losing side took no trick.

        Raises:
            HandNotOverError: the hand is not over.
        """
        result = score_hand(state)
        g = result.side_game_points
        d = g[0] - g[1]
        winner = result.winner
        schwarz = winner is not None and result.tricks[1 - winner] == 0
        side = (0 if d > 0 else 1) if d else None
        return Outcome((d, -d, d, -d), result.reason.name, side, schwarz)

    def render(self, position: PartnershipState | PartnershipView, seat: int | None = None) -> str:
        """:func:`~sixtysix.partnership.render`; a view shows what its seat sees.

        Raises:
            PositionError: ``position`` is neither a state nor a view of this game.
        """
        if type(position) is PartnershipView:  # the hidden hands are not shown
            return render(determinize(position, random.Random(0)), position.seat)
        return render(position, seat)  # type: ignore[arg-type]

    def new_match(self, seed: int | str | None = None, dealer: int = 0) -> _match.PartnershipMatch:
        """:func:`~sixtysix.partnership.new_match`."""
        return _match.new_match(self.rules, seed, dealer=dealer)

    def next_hand(self, match: _match.PartnershipMatch) -> PartnershipState:
        """:func:`~sixtysix.partnership.next_hand`."""
        return _match.next_hand(match)

    def add_hand(
        self, match: _match.PartnershipMatch, state: PartnershipState
    ) -> _match.PartnershipMatch:
        """:func:`~sixtysix.partnership.apply_result` of the hand's score."""
        return _match.apply_result(match, score_hand(state))

    def play_match(
        self, players: Sequence[Any], *, seed: int | str, dealer: int = 0
    ) -> MatchRecord:
        """:func:`~sixtysix.partnership.play_match`."""
        return play_match(self.rules, players, seed=seed, dealer=dealer)

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
