"""A single-agent Gymnasium environment: play one seat against a ``sixtysix`` bot.

Importing this module registers ``sixtysix/VsBot-v0`` (the ``gymnasium`` extra: ``pip
install 'sixtysix[gymnasium]'``); ``import sixtysix`` never imports it.

>>> import gymnasium
>>> import sixtysix.gymnasium
>>> vs_bot = gymnasium.make("sixtysix/VsBot-v0", variant="schnapsen", opponent="rule")
>>> observation, info = vs_bot.reset(seed=7)
>>> observation.shape, vs_bot.unwrapped.action_masks().shape
((184,), (40,))

One episode is one hand. The agent plays seat ``seat`` (default 0) and ``opponent``
plays the other seat: any :class:`~sixtysix.Bot`, or a name for
:func:`~sixtysix.bots.registry.make_bot` (``"random"``, ``"rule"``, an import path). The
opponent moves inside :meth:`VsBotEnv.step` and :meth:`VsBotEnv.reset` until it is the
agent's turn. The observation is :func:`~sixtysix.encoding.encode_view` of the agent's
view (``float32``); actions are the 40 move ids of :func:`~sixtysix.moves.move_id`;
:meth:`VsBotEnv.action_masks` gives the legal ones (as masked policies, e.g.
sb3-contrib's ``MaskablePPO``, expect), and ``info["action_mask"]`` has the same as
``int8``. The reward is 0 until the hand ends, then the agent's game points (``+g`` or
``-g``, 0 if the hand scores nothing).

With ``mask_observation=True`` the observation is a dict, as PettingZoo's: ``observation``
(the vector) and ``action_mask`` (the same ``int8`` mask as ``info["action_mask"]``).

**Illegal actions** follow ``illegal``: ``"lose"`` (the default) ends the hand at once
with reward ``-3``, the worst a hand can score, and ``info["illegal_action"] = True``;
``"raise"`` raises :class:`~sixtysix.errors.AdapterError` instead.

**Any game**: ``game=`` takes any :class:`~sixtysix.Game` (the four-hand
:class:`~sixtysix.partnership.PartnershipGame`, :class:`~sixtysix.tausendeins.TausendeinsGame`,
...) instead of ``variant``: the agent plays ``seat``, the opponent bot every other seat
(its partner too), the observation is the game's :meth:`~sixtysix.Game.encode` (of
:attr:`~sixtysix.Game.observation_shape`), the actions its :attr:`~sixtysix.Game.num_actions`
ids, the text its :meth:`~sixtysix.Game.render`.

>>> from sixtysix import tausendeins as t1
>>> vs_bot = gymnasium.make("sixtysix/VsBot-v0", game=t1.TausendeinsGame(t1.TAUSENDEINS))
>>> observation, info = vs_bot.reset(seed=7)
>>> observation.shape, info["action_mask"].shape
((293,), (136,))

``reset(seed=...)`` draws the dealer, the deal and the opponent's random generator from
the seed. A hand that the opponent ends before the agent's first move (with explicit
claims, a marriage and a false claim at the first lead) is dealt again, so every episode
has at least one step; :attr:`VsBotEnv.redeals` counts them at the last reset.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ._adapters import resolve_rules
from .bots import Bot
from .bots.registry import make_bot
from .errors import AdapterError, quote
from .game import Game, TwoHandGame
from .rules import Rules

__all__ = ["ENV_ID", "ILLEGAL_ACTION_REWARD", "VsBotEnv"]

#: The registered environment id.
ENV_ID = "sixtysix/VsBot-v0"
#: The reward for an illegal action under ``illegal="lose"``.
ILLEGAL_ACTION_REWARD = -3.0
_ILLEGAL = ("lose", "raise")
# Re-deals of hands that the opponent ends before the agent moves, before giving up.
_MAX_REDEALS = 1000


def check_options(
    seat: object, illegal: object, render_mode: object, render_modes: list[str], seats: int = 2
) -> None:
    """Check the seat, illegal-action policy and render mode of a ``VsBot`` environment.

    Raises:
        AdapterError: one of them is not a value the environment takes.
    """
    if type(seat) is not int or not 0 <= seat < seats:
        choices = "0 or 1" if seats == 2 else f"0 to {seats - 1}"
        raise AdapterError(f"seat must be {choices}, not {quote(seat)}")
    if illegal not in _ILLEGAL:
        raise AdapterError(f"illegal must be 'lose' or 'raise', not {quote(illegal)}")
    if render_mode is not None and render_mode not in render_modes:
        modes = [repr(m) for m in [None, *render_modes]]
        allowed = ", ".join(modes[:-1]) + " or " + modes[-1]
        raise AdapterError(f"render_mode must be {allowed}, not {quote(render_mode)}")


class VsBotEnv(gymnasium.Env[Any, Any]):
    """One seat of a two-hand game against a bot (see the module doc).

    >>> one_seat = VsBotEnv(variant="classic_66", opponent="rule", seat=1, illegal="raise")
    >>> observation, info = one_seat.reset(seed=1)
    >>> observation.shape, bool(info["action_mask"].any()), one_seat.state.to_move
    ((212,), True, 1)

    Args:
        variant: A preset name (any case) or a :class:`~sixtysix.Rules` value (ignored
            with ``game``).
        opponent: A :class:`~sixtysix.Bot`, or a name for
            :func:`~sixtysix.bots.registry.make_bot`.
        opponent_kwargs: Keyword arguments for ``make_bot`` when ``opponent`` is a name.
        claims: ``preset`` (the rule set's own claim mode), ``auto`` or ``explicit``.
        seat: The agent's seat, 0 or 1.
        illegal: ``"lose"`` or ``"raise"`` (see the module doc).
        render_mode: ``None``, ``"ansi"`` or ``"human"``; both show what the agent's
            seat may see.
        mask_observation: Observations are dicts of ``observation`` and
            ``action_mask`` (default ``False``: the vector alone).
        game: Any :class:`~sixtysix.Game` (default: the two-hand game of ``variant``).

    Raises:
        AdapterError: an unknown variant, claims value, seat, policy or render mode, or
            a ``game`` that is not a :class:`~sixtysix.Game`.
        PlayerError: ``opponent`` names no bot.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 2}  # noqa: RUF012

    def __init__(  # noqa: PLR0913 - the environment's keyword settings (Gymnasium's make kwargs)
        self,
        variant: str | Rules = "schnapsen",
        opponent: Bot | str = "random",
        opponent_kwargs: dict[str, Any] | None = None,
        claims: str = "preset",
        seat: int = 0,
        illegal: str = "lose",
        render_mode: str | None = None,
        mask_observation: bool = False,
        game: Game[Any, Any, Any] | None = None,
    ) -> None:
        if game is None:
            game = TwoHandGame(resolve_rules(variant, claims))
        elif not isinstance(game, Game):
            raise AdapterError(f"game must be a sixtysix Game, not {quote(game)}")
        check_options(seat, illegal, render_mode, self.metadata["render_modes"], game.num_seats)
        self.opponent: Bot = (
            make_bot(opponent, opponent_kwargs) if isinstance(opponent, str) else opponent
        )
        if not isinstance(self.opponent, Bot):
            raise AdapterError(f"opponent must be a Bot or a bot name, not {quote(opponent)}")
        self.game: Game[Any, Any, Any] = game
        self.seat: int = seat
        self.illegal = illegal
        self.render_mode = render_mode
        vector = spaces.Box(0.0, 4.0, game.observation_shape, np.float32)
        self.mask_observation = bool(mask_observation)
        n = self._num_actions = game.num_actions
        self.observation_space: spaces.Space[Any] = (
            spaces.Dict({"observation": vector, "action_mask": spaces.Box(0, 1, (n,), np.int8)})
            if self.mask_observation
            else vector
        )
        self.action_space = spaces.Discrete(n)
        self.state: Any = None
        #: Hands dealt again at the last reset because the opponent ended them at once.
        self.redeals = 0
        self._done = True
        self._opponent_rng = random.Random()

    @property
    def rules(self) -> Any:
        """The rule set of every hand (a :class:`~sixtysix.Rules` in the two-hand game)."""
        return self.game.rules

    def _mask(self, view: Any) -> Any:
        game = self.game
        mask = np.zeros(self._num_actions, np.int8)
        for move in game.legal_moves(view):
            mask[game.action_id(move)] = 1
        return mask

    def _hand(self) -> Any:
        if self.state is None:
            raise AdapterError("call reset() before using the environment")
        return self.state

    def _observe(self, illegal: bool = False) -> tuple[Any, dict[str, Any]]:
        game = self.game
        state = self._hand()
        view = game.observe(state, self.seat)
        vector = np.asarray(game.encode(view), dtype=np.float32)
        over = illegal or game.to_move(state) != self.seat
        mask = np.zeros(self._num_actions, np.int8) if over else self._mask(view)
        if self.mask_observation:
            return {"observation": vector, "action_mask": mask.copy()}, {"action_mask": mask}
        return vector, {"action_mask": mask}

    def _opponent_moves(self, state: Any) -> Any:
        game = self.game
        seat = self.seat
        while (other := game.to_move(state)) is not None and other != seat:
            move = self.opponent.choose(game.observe(state, other), self._opponent_rng)
            state = game.apply_move(state, move)
        return state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal a hand (dealer, deal and opponent's generator from ``seed``).

        ``options={"dealer": 0}`` fixes the dealer.

        Raises:
            AdapterError: a dealer that is not 0 or 1, or an opponent that ended a
                thousand hands in a row before the agent's first move.
        """
        super().reset(seed=seed)
        dealer_option = (options or {}).get("dealer")
        seats = self.game.num_seats
        if dealer_option is not None and (
            type(dealer_option) is not int or not 0 <= dealer_option < seats
        ):
            choices = "0 or 1" if seats == 2 else f"a seat, 0 to {seats - 1}"
            raise AdapterError(f"the dealer must be {choices}, not {quote(dealer_option)}")
        source = self.np_random
        self.redeals = 0
        for _ in range(_MAX_REDEALS):
            dealer = int(source.integers(seats)) if dealer_option is None else dealer_option
            deal_seed = int(source.integers(2**63))
            self._opponent_rng = random.Random(int(source.integers(2**63)))
            state = self._opponent_moves(self.game.new_hand(seed=deal_seed, dealer=dealer))
            if not self.game.is_over(state):
                self.state = state
                self._done = False
                if self.render_mode == "human":
                    self.render()
                return self._observe()
            self.redeals += 1
        raise AdapterError(
            f"the opponent ended {_MAX_REDEALS} hands in a row before the agent's first move"
        )

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play the move with id ``action``, then let the opponent move until the agent's turn.

        Raises:
            AdapterError: the hand is over (call :meth:`reset`), or ``action`` is illegal
                and ``illegal="raise"``.
        """
        state = self._hand()
        game = self.game
        if self._done:
            raise AdapterError("the hand is over: call reset() to deal the next one")
        legal = {game.action_id(m): m for m in game.legal_moves(state)}
        key = int(action) if isinstance(action, int | np.integer) else None
        if key is None or key not in legal:
            if self.illegal == "raise":
                raise AdapterError(f"action {quote(action)} is illegal; legal: {sorted(legal)}")
            self._done = True
            observation, info = self._observe(illegal=True)
            info["illegal_action"] = True
            return observation, ILLEGAL_ACTION_REWARD, True, False, info
        state = self._opponent_moves(game.apply_move(state, legal[key]))
        self.state = state
        reward = 0.0
        terminated = self._done = game.is_over(state)
        if terminated:
            reward = float(game.returns(state)[self.seat])
        if self.render_mode == "human":
            self.render()
        observation, info = self._observe()
        return observation, reward, terminated, False, info

    def action_masks(self) -> Any:
        """A boolean array of ``num_actions`` (40): ``True`` at the agent's legal move ids."""
        if self.state is None or self._done:
            return np.zeros(self._num_actions, np.bool_)
        return self._mask(self.game.observe(self.state, self.seat)).astype(np.bool_)

    def render(self) -> str | None:
        """What the agent's seat sees, as text (``ansi``) or printed (``human``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        state = self.state
        text = "no hand: call reset()" if state is None else self.game.render(state, self.seat)
        if self.render_mode == "ansi":
            return text
        print(text + "\n")
        return None


if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=ENV_ID,
        entry_point="sixtysix.gymnasium:VsBotEnv",
        vector_entry_point="sixtysix.gymnasium_vector:VsBotVectorEnv",
    )
