"""The :class:`Game` protocol: one interface for every game of the family.

Search, bots, tournaments and the framework adapters are written once, against this
protocol, instead of once per game. A game object is a small immutable value that
bundles a rule set with the functions of one game: the two-hand game
(:class:`TwoHandGame`, over :class:`~sixtysix.Rules`) implements it today, the four-hand
partnership game implements it too.

Each method is one of the game's own pure functions. States and views are the game's
own immutable values; moves are the game's own move values; an *action id* is a small
int fixed for the game (see :func:`~sixtysix.moves.move_id`). Besides the rules of a
hand, a game gives generic code what it needs to show, learn from, score and play it:
:meth:`~Game.render` (a state or a view as text), :meth:`~Game.encode` and
:attr:`~Game.observation_shape` (the observation vector of a view),
:meth:`~Game.outcome` (a hand's :class:`Outcome` per seat), a match
(:meth:`~Game.new_match`, :meth:`~Game.next_hand`, :meth:`~Game.add_hand`,
:meth:`~Game.play_match`) and :attr:`~Game.bot_names` (the bots of
:func:`~sixtysix.bots.registry.make_bot` that play it; a bot of any game is a
:class:`~sixtysix.bots.Bot`, whose ``choose`` gets the game's view).

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
>>> len(game.encode(view)) == game.observation_shape[0] == 184
True
>>> game.outcome(state).returns == returns
True
>>> isinstance(game, Game)
True
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Hashable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

import attrs

from . import engine as _engine_module
from . import match as _match
from . import rules as _rules
from ._seeding import Seed
from .encoding import encode_view, observation_size
from .errors import MatchError
from .moves import NUM_ACTIONS, Move, move_from_id, move_id
from .notation import render
from .observe import PlayerView
from .play import play_match
from .records import MatchRecord
from .rules import Rules, Schwarz
from .scoring import score_hand
from .state import HandState

# The module: the package's own ``observe`` attribute is the function of that name.
_observe_module = importlib.import_module(".observe", __package__)

__all__ = [
    "MAX_MATCH_HANDS",
    "Game",
    "GameBase",
    "MatchProgress",
    "Outcome",
    "PlayedMatch",
    "Seed",
    "TwoHandGame",
]

#: The most hands :meth:`GameBase.play_match` plays before it gives a match up.
MAX_MATCH_HANDS = 1000

StateT = TypeVar("StateT", bound=Hashable)
ViewT = TypeVar("ViewT", bound=Hashable)
MoveT = TypeVar("MoveT", bound=Hashable)


@attrs.frozen
class Outcome:
    """How a finished hand ended, per seat: what generic code records of a hand.

    Attributes:
        returns: Game points won (+) or lost (-) by each seat; they sum to 0.
        end: The name of the way the hand ended (e.g. ``"CLOSED_WON"``, ``"TRICKS"``).
        winner: The winning side, or ``None`` when nobody scored. The seats ``s`` with
            ``s % 2 == winner`` are that side; in a two-seat game the side is the seat.
        schwarz: Whether the loser was made schwarz (no trick, or no points, as the
            rules count it).
    """

    returns: tuple[int, ...]
    end: str
    winner: int | None
    schwarz: bool = False


@runtime_checkable
class MatchProgress(Protocol):
    """A match between hands, as :meth:`Game.new_match` and :meth:`Game.add_hand` give it.

    Each game has its own match value (:class:`~sixtysix.Match`,
    :class:`~sixtysix.partnership.PartnershipMatch`, ...); generic code reads these.
    """

    @property
    def scores(self) -> tuple[int, ...]:
        """The match score of each side."""
        ...

    @property
    def carry(self) -> int:
        """Points carried to the winner of the next hand that scores (0 if none)."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether a side has won the match."""
        ...

    @property
    def winner(self) -> int | None:
        """The side that has won the match, or ``None`` while it goes on."""
        ...


@attrs.frozen
class PlayedMatch:
    """The record of a match of a game without a record format of its own.

    Attributes:
        game: The game's :attr:`~Game.name`.
        seed: The match seed.
        dealer: The dealer of the first hand.
        hands: The moves of each hand, as text, in order.
        scores: The final match scores.
        winner: The side that won the match.
    """

    game: str
    seed: int | str
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]
    winner: int | None


@runtime_checkable
class Game(Protocol[StateT, ViewT, MoveT]):
    """One game of the family, with its rule set: everything generic code needs.

    Attributes:
        name: A short name of the game and its rules, e.g. ``"two-hand SCHNAPSEN"``.
        rules: The game's rule set (a value with ``to_dict()``).
        num_seats: Seats at the table in one hand (2 or 4); seats are ``0 .. num_seats-1``.
        num_actions: Action ids run from 0 to ``num_actions - 1``.
        observation_shape: The shape of :meth:`encode`'s vectors: ``(size,)``.
        bot_names: The built-in bot names (:func:`~sixtysix.bots.registry.make_bot`)
            that play this game.
    """

    @property
    def name(self) -> str:
        """A short name of the game and its rule set."""
        ...

    @property
    def rules(self) -> Any:
        """The rule set of every hand."""
        ...

    @property
    def num_seats(self) -> int:
        """The number of seats in one hand."""
        ...

    @property
    def num_actions(self) -> int:
        """The number of action ids."""
        ...

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of the observation vectors of :meth:`encode`."""
        ...

    @property
    def bot_names(self) -> tuple[str, ...]:
        """The built-in bots that play this game, by registry name."""
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

    def outcome(self, state: StateT) -> Outcome:
        """How the finished hand ``state`` ended: returns, end, winning side, schwarz."""
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

    def encode(self, view: ViewT) -> list[float]:
        """The observation vector of ``view`` (a function of the view alone)."""
        ...

    def render(self, position: StateT | ViewT, seat: int | None = None) -> str:
        """A state or a view as text; with ``seat``, what that seat may see of a state."""
        ...

    def new_match(self, seed: int | str | None = None, dealer: int = 0) -> MatchProgress:
        """A match at 0-0 with ``dealer`` to deal first; ``None`` draws a fresh seed."""
        ...

    def next_hand(self, match: Any) -> StateT:
        """Deal the next hand of ``match`` (a pure function of its seed and progress)."""
        ...

    def add_hand(self, match: Any, state: StateT) -> MatchProgress:
        """The match after the finished hand ``state`` (it was the match's next hand)."""
        ...

    def play_match(self, players: Sequence[Any], *, seed: int | str, dealer: int = 0) -> object:
        """Let ``players[seat]`` (bots) play a whole match from ``seed``; its record."""
        ...


class GameBase(Generic[StateT, ViewT, MoveT]):
    """What the library's games share: one copy of the members that every game binds alike.

    A game class names its engine module (``new_hand``, ``to_move``, ``legal_moves``,
    ``apply_move``, ``is_over``) as ``_engine``, its views module (``observe``,
    ``determinize``) as ``_views`` and its rules module (``preset_name``) as
    ``_rules_module``; each of those members is the module's function of the same name
    (:meth:`new_hand` passes the game's rules), and :attr:`name` is the game's ``_kind``
    and the rules' preset name. :meth:`returns` is the
    :attr:`Outcome.returns` of :meth:`outcome`, and :meth:`play_match` plays a match of
    any game. The rest (name, encoding, text, outcome, matches) is the game's own.
    """

    _engine: ClassVar[ModuleType]
    _views: ClassVar[ModuleType]
    _rules_module: ClassVar[ModuleType]  # its preset_name names the rules in name
    _kind: ClassVar[str]  # the first word of name: "two-hand", "four-hand", ...
    rules: Any
    outcome: Any
    new_match: Any
    next_hand: Any
    add_hand: Any

    @property
    def name(self) -> str:
        """The game's kind and its rules' preset name (or ``"house rules"``)."""
        return f"{self._kind} {self._rules_module.preset_name(self.rules) or 'house rules'}"

    def new_hand(self, seed: Seed = None, dealer: int = 0) -> StateT:
        """The engine's ``new_hand`` under this game's rules (e.g. :func:`sixtysix.new_hand`)."""
        state: StateT = self._engine.new_hand(self.rules, seed, dealer)
        return state

    def to_move(self, state: StateT) -> int | None:
        """The engine's ``to_move`` (e.g. :func:`sixtysix.to_move`)."""
        seat: int | None = self._engine.to_move(state)
        return seat

    def legal_moves(self, state: StateT | ViewT) -> tuple[MoveT, ...]:
        """The engine's ``legal_moves`` (e.g. :func:`sixtysix.legal_moves`)."""
        moves: tuple[MoveT, ...] = self._engine.legal_moves(state)
        return moves

    def apply_move(self, state: StateT, move: MoveT) -> StateT:
        """The engine's ``apply_move`` (e.g. :func:`sixtysix.apply_move`)."""
        after: StateT = self._engine.apply_move(state, move)
        return after

    def is_over(self, state: StateT) -> bool:
        """The engine's ``is_over`` (e.g. :func:`sixtysix.is_over`)."""
        over: bool = self._engine.is_over(state)
        return over

    def observe(self, state: StateT, seat: int) -> ViewT:
        """The views module's ``observe`` (e.g. :func:`sixtysix.observe`)."""
        view: ViewT = self._views.observe(state, seat)
        return view

    def determinize(self, view: ViewT, rng: random.Random) -> StateT:
        """The views module's ``determinize`` (e.g. :func:`sixtysix.determinize`)."""
        state: StateT = self._views.determinize(view, rng)
        return state

    def returns(self, state: Any) -> tuple[int, ...]:
        """The game points won (+) or lost (-) by each seat: ``outcome(state).returns``.

        Raises:
            HandNotOverError: the hand is not over.
        """
        returns: tuple[int, ...] = self.outcome(state).returns
        return returns

    def play_match(self, players: Sequence[Any], *, seed: int | str, dealer: int = 0) -> object:
        """Play a match with ``players`` (one bot a seat, each with a seeded rng).

        Bot ``players[s]`` draws from ``random.Random(f"{seed!r}/player {s}")``; the
        record is a :class:`PlayedMatch`.

        Raises:
            IllegalMoveError: a player chose an illegal move.
            MatchError: the match did not end within :data:`MAX_MATCH_HANDS` hands.
        """
        max_hands = MAX_MATCH_HANDS
        rngs = [random.Random(f"{seed!r}/player {s}") for s in range(len(players))]
        m = self.new_match(seed, dealer)
        hands: list[tuple[str, ...]] = []
        while not m.is_over:
            if len(hands) == max_hands:
                raise MatchError(f"the match did not end within {max_hands} hands")
            state = self.next_hand(m)
            moves: list[str] = []
            while (seat := self.to_move(state)) is not None:
                move = players[seat].choose(self.observe(state, seat), rngs[seat])
                state = self.apply_move(state, move)
                moves.append(str(move))
            hands.append(tuple(moves))
            m = self.add_hand(m, state)
        return PlayedMatch(self.name, seed, dealer, tuple(hands), tuple(m.scores), m.winner)


@attrs.frozen
class TwoHandGame(GameBase[HandState, PlayerView, Move]):
    """Two-hand Sixty-Six or Schnapsen under ``rules``, as a :class:`Game`.

    Each method is the top-level function of the same name (:func:`~sixtysix.new_hand`,
    :func:`~sixtysix.legal_moves`, ...), so the two are interchangeable. Action ids are
    those of :func:`~sixtysix.moves.move_id` (40 ids, for every deck); the observation
    is :func:`~sixtysix.encoding.encode_view`, the text :func:`~sixtysix.notation.render`,
    the match a :class:`~sixtysix.Match` of two seats.

    >>> from sixtysix import CLASSIC_66, new_hand
    >>> TwoHandGame(CLASSIC_66).new_hand(seed=1) == new_hand(CLASSIC_66, seed=1)
    True

    Attributes:
        rules: The rule set of every hand.
    """

    rules: Rules = attrs.field(validator=attrs.validators.instance_of(Rules))

    _engine: ClassVar[ModuleType] = _engine_module
    _views: ClassVar[ModuleType] = _observe_module
    _rules_module: ClassVar[ModuleType] = _rules
    _kind = "two-hand"
    #: Always 2.
    num_seats = 2
    #: 40: see :data:`~sixtysix.moves.ALL_MOVES`.
    num_actions = NUM_ACTIONS
    #: The registered bots of the two-hand game.
    bot_names = ("ismcts", "pimc", "random", "rule", "strongest")
    action_id = staticmethod(move_id)
    move_of = staticmethod(move_from_id)
    encode = staticmethod(encode_view)
    render = staticmethod(render)

    @property
    def observation_shape(self) -> tuple[int]:
        """``(observation_size(rules),)``: see :mod:`sixtysix.encoding`."""
        return (observation_size(self.rules),)

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

    def outcome(self, state: HandState) -> Outcome:
        """The :func:`~sixtysix.score_hand` of ``state``: schwarz as ``rules.schwarz`` counts it.

        Raises:
            HandNotOverError: the hand is not over.
        """
        result = score_hand(state)
        winner = result.winner
        if winner is None:
            return Outcome((0, 0), result.reason.name, None)
        g = result.game_points
        loser = 1 - winner
        if self.rules.schwarz is Schwarz.NO_TRICKS:
            schwarz = state.tricks(loser) == 0
        else:
            schwarz = result.points[loser] == 0
        return Outcome((g, -g) if winner == 0 else (-g, g), result.reason.name, winner, schwarz)

    def new_match(self, seed: int | str | None = None, dealer: int = 0) -> _match.Match:
        """:func:`~sixtysix.match.new_match` of two seats."""
        return _match.new_match(self.rules, seed=seed, dealer=dealer)

    def next_hand(self, match: _match.Match) -> HandState:
        """:func:`~sixtysix.match.next_hand`."""
        return _match.next_hand(match)

    def add_hand(self, match: _match.Match, state: HandState) -> _match.Match:
        """:func:`~sixtysix.match.apply_result` of :func:`~sixtysix.score_hand`."""
        return _match.apply_result(match, score_hand(state))

    def play_match(
        self, players: Sequence[Any], *, seed: int | str, dealer: int = 0
    ) -> MatchRecord:
        """:func:`~sixtysix.play.play_match` with two players."""
        return play_match(self.rules, *players, seed=seed, dealer=dealer)


if TYPE_CHECKING:  # mypy checks that TwoHandGame satisfies Game
    from .rules import CLASSIC_66

    _TWO_HAND: Game[HandState, PlayerView, Move] = TwoHandGame(CLASSIC_66)
