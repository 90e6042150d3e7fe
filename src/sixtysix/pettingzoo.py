"""Sixty-Six and Schnapsen as a PettingZoo AEC environment: ``sixtysix_v0``.

Needs the ``pettingzoo`` extra (``pip install 'sixtysix[pettingzoo]'``); ``import
sixtysix`` never imports it.

>>> from sixtysix.pettingzoo import env
>>> table = env(variant="schnapsen")
>>> table.reset(seed=42)
>>> table.agent_selection in table.agents
True
>>> observation, reward, termination, truncation, info = table.last()
>>> observation["observation"].shape, observation["action_mask"].shape
((184,), (40,))

One episode is one hand. The agents are ``player_0`` and ``player_1`` (one per seat of
the :class:`~sixtysix.Game`); the agent to act is the seat to move, so turns do not
simply alternate. Each observation is a dict: ``observation``, the
:func:`~sixtysix.encoding.encode_view` vector of the agent's
:class:`~sixtysix.PlayerView` (``float32``), and ``action_mask``, 1 at the id of each
legal move (``int8``, all zeros for an agent that is not to move). Actions are the 40
move ids of :func:`~sixtysix.moves.move_id`; an illegal action raises
:class:`~sixtysix.errors.AdapterError`. Rewards are 0 until the hand ends, then the
hand's game points: ``+g`` for the winner, ``-g`` for the loser.

``reset(seed=...)`` draws the dealer and the deal from the seed, so the same seed gives
the same hand; ``options={"dealer": 0}`` fixes the dealer and ``options={"state":
hand}`` starts from a given :class:`~sixtysix.HandState`. Rendering shows the whole
table (both hands and the talon, for a spectator; :meth:`~sixtysix.Game.render`):
``render_mode="ansi"`` returns the text, ``"human"`` prints it after every step.

**Four-hand partnership Sixty-Six** is ``env(game="four-hand", variant="four_hand_66")``
(or ``"four_hand_24"``, any case, or a :class:`~sixtysix.partnership.PartnershipRules`
value; the default variant is ``four_hand_66``): four agents ``player_0`` to
``player_3``, seats 0 and 2 against 1 and 3. Each observation is the
:func:`~sixtysix.encoding.encode_partnership_view_array` vector of the agent's
:class:`~sixtysix.partnership.PartnershipView` (451 entries for 32 cards, 347 for 24)
and the action mask of its legal plays (:func:`sixtysix.partnership.legal_moves`;
only the ids 0-31 occur). Rewards are the hand's net game points per seat,
``(d, -d, d, -d)`` with ``d`` side 0's game points minus side 1's, so partners share a
reward. ``options={"state": ...}`` takes a
:class:`~sixtysix.partnership.PartnershipState`; the rendering is
:func:`sixtysix.partnership.render` (all four hands).

>>> table4 = env(game="four-hand", variant="four_hand_24")
>>> table4.reset(seed=1)
>>> table4.possible_agents
['player_0', 'player_1', 'player_2', 'player_3']
>>> table4.observe(table4.agent_selection)["observation"].shape
(347,)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import partnership as p4
from ._adapters import resolve_four_hand, resolve_rules
from .errors import AdapterError, quote
from .game import Game, TwoHandGame
from .rules import Rules

__all__ = ["ENV_NAME", "SixtySixEnv", "env", "raw_env"]

#: The environment's name (``metadata["name"]``).
ENV_NAME = "sixtysix_v0"
#: The largest value in an observation vector (points are scaled by 66: at most 120 + 100).
_OBSERVATION_HIGH = 4.0


class SixtySixEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment (see the module doc); :func:`env` wraps it as PettingZoo advises.

    >>> table = SixtySixEnv(variant="santase")
    >>> table.reset(seed=3, options={"dealer": 0})
    >>> table.agent_selection, int(table.observe("player_0")["action_mask"].sum())
    ('player_1', 0)

    Args:
        variant: A preset name (any case) or a rule set: a :class:`~sixtysix.Rules`
            value for the two-hand game (default ``schnapsen``), a four-hand preset name
            or :class:`~sixtysix.partnership.PartnershipRules` with
            ``game="four-hand"`` (default ``four_hand_66``); ignored when ``game`` is a
            :class:`~sixtysix.Game`.
        claims: ``preset`` (the rule set's own claim mode), ``auto`` or ``explicit``
            (two-hand only).
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        game: ``"two-hand"`` (the default), ``"four-hand"`` (partnership Sixty-Six of
            ``variant``, with four agents), or any :class:`~sixtysix.Game`; one agent
            per seat.
        encoder: The observation function of the game's views (default: the game's
            :meth:`~sixtysix.Game.encode`, as a ``float32`` array, of
            :attr:`~sixtysix.Game.observation_shape`).
        size: The length of ``encoder``'s vectors (needed with ``encoder``).

    Raises:
        AdapterError: an unknown variant, claims value or render mode, or a game without
            an encoder.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention
        "render_modes": ["ansi", "human"],
        "name": ENV_NAME,
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        variant: str | Rules | p4.PartnershipRules | None = None,
        claims: str = "preset",
        render_mode: str | None = None,
        game: str | Game[Any, Any, Any] | None = None,
        encoder: Callable[[Any], Any] | None = None,
        size: int | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise AdapterError(
                f"render_mode must be None, 'ansi' or 'human', not {quote(render_mode)}"
            )
        game = _resolve_game(game, variant, claims)
        if encoder is None:
            if not isinstance(game, Game):
                raise AdapterError(
                    f"no observation encoding for {quote(game)}: pass a Game, or encoder= "
                    "and size="
                )
            encoder = _array_encoder(game)
            size = game.observation_shape[0]
        elif size is None:
            raise AdapterError("with encoder=, also give size= (the length of its vectors)")
        self.game: Game[Any, Any, Any] = game
        self.render_mode = render_mode
        self._encoder = encoder
        self._num_actions = game.num_actions
        self.possible_agents = [f"player_{seat}" for seat in range(game.num_seats)]
        self.agents = self.possible_agents[:]
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, _OBSERVATION_HIGH, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self._num_actions,), np.int8),
            }
        )
        self._action_space = spaces.Discrete(self._num_actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._action_space)
        self._rng = random.Random()
        self.state: Any = None

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """A dict of the observation vector and the action mask (the same for all)."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(40)``: the move ids."""
        return self._action_space

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand: the dealer and the deal come from ``seed``.

        Without a seed the environment's random generator goes on (it starts from the
        operating system's entropy). ``options``: ``dealer`` fixes the dealer's seat,
        ``state`` starts from that game state instead of a new deal; other keys are
        ignored (PettingZoo's API test passes some).

        Raises:
            AdapterError: a dealer that is not a seat.
        """
        if seed is not None:
            self._rng = random.Random(seed)
        options = dict(options or {})
        game = self.game
        if "state" in options:
            self.state = options["state"]
        else:
            dealer = options.get("dealer")
            if dealer is None:
                dealer = self._rng.randrange(game.num_seats)
            elif type(dealer) is not int or not 0 <= dealer < game.num_seats:
                raise AdapterError(f"the dealer must be a seat number, not {quote(dealer)}")
            self.state = game.new_hand(seed=self._rng.getrandbits(64), dealer=dealer)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        seat = game.to_move(self.state)
        if seat is None:  # a finished hand given as the state
            self._finish()
            self._accumulate_rewards()
            seat = 0
        self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation vector and action mask (never a hidden card)."""
        seat = self.possible_agents.index(agent)
        game = self.game
        state = self.state
        mask = np.zeros(self._num_actions, np.int8)
        if game.to_move(state) == seat:
            for move in game.legal_moves(state):
                mask[game.action_id(move)] = 1
        return {"observation": self._encoder(game.observe(state, seat)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Make the current agent's move ``action`` (a move id).

        Raises:
            AdapterError: ``action`` is not a legal move id of the agent to move.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        state = self.state
        legal = {game.action_id(m): m for m in game.legal_moves(state)}
        key = int(action) if isinstance(action, int | np.integer) else None
        if key is None or key not in legal:
            raise AdapterError(
                f"{agent} cannot play action {quote(action)}; legal: {sorted(legal)}"
            )
        self._cumulative_rewards[agent] = 0
        self.rewards = dict.fromkeys(self.agents, 0)
        self.state = game.apply_move(state, legal[key])
        seat = game.to_move(self.state)
        if seat is None:
            self._finish()
            seat = (self.possible_agents.index(agent) + 1) % len(self.possible_agents)
        self.agent_selection = self.possible_agents[seat]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        for agent, points in zip(self.possible_agents, self.game.returns(self.state), strict=True):
            self.rewards[agent] = points
        self.terminations = dict.fromkeys(self.agents, True)

    # ------------------------------------------------------------------ rendering

    def render(self) -> str | None:
        """The whole table as text (``ansi``), printed (``human``), or ``None``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = self.game.render(self.state)
        if self.render_mode == "ansi":
            return text
        print(text + "\n")
        return None

    def close(self) -> None:
        """Nothing to release."""


def _array_encoder(game: Game[Any, Any, Any]) -> Callable[[Any], Any]:
    """``game.encode`` as a ``float32`` array."""
    encode = game.encode

    def encoder(view: Any) -> Any:
        return np.asarray(encode(view), dtype=np.float32)

    return encoder


def _resolve_game(
    game: str | Game[Any, Any, Any] | None,
    variant: str | Rules | p4.PartnershipRules | None,
    claims: str,
) -> Game[Any, Any, Any]:
    """The game of :class:`SixtySixEnv`'s ``game`` and ``variant`` arguments."""
    if game is None or game == "two-hand":
        if isinstance(variant, p4.PartnershipRules):
            raise AdapterError("four-hand rules need game='four-hand'")
        return TwoHandGame(resolve_rules("schnapsen" if variant is None else variant, claims))
    if game == "four-hand":
        return p4.PartnershipGame(resolve_four_hand(variant))
    if isinstance(game, str):
        raise AdapterError(f"game is 'two-hand', 'four-hand' or a Game, not {quote(game)}")
    return game


def raw_env(**kwargs: Any) -> SixtySixEnv:
    """The environment without wrappers (same arguments as :class:`SixtySixEnv`).

    >>> raw_env(variant="hoyle_66").observation_space("player_0")["observation"].shape
    (212,)
    """
    return SixtySixEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """``sixtysix_v0`` with PettingZoo's order-enforcing wrapper (see :class:`SixtySixEnv`).

    >>> table = env(variant="classic_66", render_mode="ansi")
    >>> table.reset(seed=1)
    >>> print(table.render().splitlines()[0])
    CLASSIC_66, trump ... dealer seat ...
    """
    return wrappers.OrderEnforcingWrapper(SixtySixEnv(**kwargs))
