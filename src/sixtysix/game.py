"""The :class:`Game` protocol: one interface for every game of the family.

Search, bots, tournaments and the framework adapters are written once, against this
protocol, instead of once per game. A game object is a small immutable value that
bundles a rule set with the functions of one game: the two-hand game
(:class:`TwoHandGame`, over :class:`~sixtysix.Rules`) implements it today, the four-hand
partnership game implements it too.

The protocol is deliberately thin: each method is one of the game's own pure functions.
States and views are the game's own immutable values; moves are the game's own move
values; an *action id* is a small int fixed for the game (see :func:`~sixtysix.moves.move_id`).

>>> import random
>>> from sixtysix import SCHNAPSEN
>>> game = TwoHandGame(SCHNAPSEN)
>>> state = game.new_hand(seed=5, dealer=0)
>>> while not game.is_over(state):
...     state = game.apply_move(state, game.legal_moves(state)[0])
>>> returns = game.returns(state)
>>> sum(returns), abs(returns[0]) in (0, 1, 2, 3)
(0, True)
>>> view = game.observe(state, 0)
>>> isinstance(game, Game)
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

import attrs

from .engine import apply_move, is_over, legal_moves, new_hand, to_move
from .moves import NUM_ACTIONS, Move, move_from_id, move_id
from .observe import PlayerView, determinize, observe
from .rules import Rules, preset_name
from .scoring import score_hand
from .state import HandState

__all__ = ["Game", "Seed", "TwoHandGame"]

#: What :meth:`Game.new_hand` accepts as a seed (see :func:`~sixtysix.new_hand`).
Seed = int | str | bytes | random.Random | None

StateT = TypeVar("StateT", bound=Hashable)
ViewT = TypeVar("ViewT", bound=Hashable)
MoveT = TypeVar("MoveT", bound=Hashable)


@runtime_checkable
class Game(Protocol[StateT, ViewT, MoveT]):
    """One game of the family, with its rule set: everything generic code needs.

    Attributes:
        name: A short name of the game and its rules, e.g. ``"two-hand SCHNAPSEN"``.
        num_seats: Seats at the table in one hand (2 or 4); seats are ``0 .. num_seats-1``.
        num_actions: Action ids run from 0 to ``num_actions - 1``.
    """

    @property
    def name(self) -> str:
        """A short name of the game and its rule set."""
        ...

    @property
    def num_seats(self) -> int:
        """The number of seats in one hand."""
        ...

    @property
    def num_actions(self) -> int:
        """The number of action ids."""
        ...

    def new_hand(self, seed: Seed = None, dealer: int = 0) -> StateT:
        """Deal a hand; the same int, str or bytes ``seed`` always gives the same deal."""
        ...

    def to_move(self, state: StateT) -> int | None:
        """The seat whose decision it is, or ``None`` when the hand is over."""
        ...

    def legal_moves(self, state: StateT | ViewT) -> Sequence[MoveT]:
        """The legal moves, in the game's fixed order (a state or the mover's view)."""
        ...

    def apply_move(self, state: StateT, move: MoveT) -> StateT:
        """The state after ``move``; raises :class:`~sixtysix.IllegalMoveError` if illegal."""
        ...

    def is_over(self, state: StateT) -> bool:
        """Whether the hand has ended."""
        ...

    def returns(self, state: StateT) -> tuple[int, ...]:
        """Game points won (+) or lost (-) by each seat in a finished hand; they sum to 0."""
        ...

    def observe(self, state: StateT, seat: int) -> ViewT:
        """What ``seat`` can know of ``state``: a view that holds no hidden card."""
        ...

    def determinize(self, view: ViewT, rng: random.Random) -> StateT:
        """A full state drawn uniformly among those consistent with ``view``."""
        ...

    def action_id(self, move: MoveT) -> int:
        """The fixed integer id of ``move``."""
        ...

    def move_of(self, action: int) -> MoveT:
        """The move whose id is ``action``."""
        ...


@attrs.frozen
class TwoHandGame:
    """Two-hand Sixty-Six or Schnapsen under ``rules``, as a :class:`Game`.

    Each method is the top-level function of the same name (:func:`~sixtysix.new_hand`,
    :func:`~sixtysix.legal_moves`, ...), so the two are interchangeable; generic code
    pays one attribute look-up for the indirection. Action ids are those of
    :func:`~sixtysix.moves.move_id` (40 ids, for every deck).

    >>> from sixtysix import CLASSIC_66, new_hand
    >>> TwoHandGame(CLASSIC_66).new_hand(seed=1) == new_hand(CLASSIC_66, seed=1)
    True

    Attributes:
        rules: The rule set of every hand.
    """

    rules: Rules = attrs.field(validator=attrs.validators.instance_of(Rules))

    @property
    def name(self) -> str:
        """``"two-hand"`` and the preset's name (or ``"house rules"``)."""
        return f"two-hand {preset_name(self.rules) or 'house rules'}"

    @property
    def num_seats(self) -> int:
        """Always 2."""
        return 2

    @property
    def num_actions(self) -> int:
        """40: see :data:`~sixtysix.moves.ALL_MOVES`."""
        return NUM_ACTIONS

    def new_hand(self, seed: Seed = None, dealer: int = 0) -> HandState:
        """:func:`~sixtysix.new_hand` under this game's rules."""
        return new_hand(self.rules, seed, dealer)

    def to_move(self, state: HandState) -> int | None:
        """:func:`~sixtysix.to_move`."""
        return to_move(state)

    def legal_moves(self, state: HandState | PlayerView) -> tuple[Move, ...]:
        """:func:`~sixtysix.legal_moves`."""
        return legal_moves(state)

    def apply_move(self, state: HandState, move: Move) -> HandState:
        """:func:`~sixtysix.apply_move`."""
        return apply_move(state, move)

    def is_over(self, state: HandState) -> bool:
        """:func:`~sixtysix.is_over`."""
        return is_over(state)

    def returns(self, state: HandState) -> tuple[int, int]:
        """``(+g, -g)`` for the winner and the loser of ``g`` game points; ``(0, 0)`` if none.

        Raises:
            HandNotOverError: the hand is not over.
        """
        result = score_hand(state)
        if result.winner is None:
            return (0, 0)
        g = result.game_points
        return (g, -g) if result.winner == 0 else (-g, g)

    def observe(self, state: HandState, seat: int) -> PlayerView:
        """:func:`~sixtysix.observe`."""
        return observe(state, seat)

    def determinize(self, view: PlayerView, rng: random.Random) -> HandState:
        """:func:`~sixtysix.determinize`."""
        return determinize(view, rng)

    def action_id(self, move: Move) -> int:
        """:func:`~sixtysix.moves.move_id`."""
        return move_id(move)

    def move_of(self, action: int) -> Move:
        """:func:`~sixtysix.moves.move_from_id`."""
        return move_from_id(action)


if TYPE_CHECKING:  # mypy checks that TwoHandGame satisfies Game
    from .rules import CLASSIC_66

    _TWO_HAND: Game[HandState, PlayerView, Move] = TwoHandGame(CLASSIC_66)
