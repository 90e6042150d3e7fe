"""A Gymnasium vector environment: N hands against a bot, stepped in one call.

``gymnasium.make_vec("sixtysix/VsBot-v0", num_envs=N)`` (importing
:mod:`sixtysix.gymnasium` registers it; ``vectorization_mode="vector_entry_point"`` is
the default for this id) returns a :class:`VsBotVectorEnv`: N sub-environments, each
one :class:`~sixtysix.gymnasium.VsBotEnv` hand after hand, with the same arguments,
observations, action ids, masks, rewards and illegal-action policy.

>>> import gymnasium
>>> import numpy as np
>>> import sixtysix.gymnasium
>>> envs = gymnasium.make_vec("sixtysix/VsBot-v0", num_envs=4, opponent="rule")
>>> observations, infos = envs.reset(seed=7)
>>> observations.shape, infos["action_mask"].shape
((4, 184), (4, 40))
>>> actions = np.array([np.flatnonzero(row)[0] for row in infos["action_mask"]])
>>> observations, rewards, terminations, truncations, infos = envs.step(actions)
>>> rewards.shape, terminations.dtype.name
((4,), 'bool')

**Batches.** Observations are a ``float32`` array of ``(N, size)`` (each row
:func:`~sixtysix.encoding.encode_view` of a sub-environment's view), actions an
integer array of ``(N,)``; ``infos["action_mask"]`` is ``int8`` ``(N, 40)`` and
:meth:`VsBotVectorEnv.action_masks` the same as booleans; rewards ``float64`` ``(N,)``.
With ``mask_observation=True`` the observation is a dict of ``observation`` and
``action_mask`` arrays (as in :class:`~sixtysix.gymnasium.VsBotEnv`).

**Autoreset** is Gymnasium's ``NEXT_STEP`` mode (``metadata["autoreset_mode"]``): a
sub-environment whose hand ended in one step is dealt a new hand in the next step,
whose action for it is ignored; that step returns the new hand's first observation,
reward 0 and ``terminated`` False.

**Seeds.** ``reset(seed=s)`` seeds sub-environment ``i`` with ``s + i`` (as
:class:`gymnasium.vector.SyncVectorEnv` does); ``seed`` may also be a list of N seeds
(``None`` entries keep that sub-environment's generator). Each sub-environment draws
its dealer, deal and opponent generator exactly as ``VsBotEnv.reset`` does, so the
vector environment gives the same hands, observations, rewards and terminations as
``SyncVectorEnv`` over N single environments reset with the same seed (a test checks
it). ``options={"dealer": d}`` fixes the dealer of that reset (autoresets draw it);
``options={"reset_mask": mask}`` deals again only the sub-environments where ``mask``
is true.

**Bad input.** An action array that is not of shape ``(N,)`` raises
:class:`~sixtysix.errors.AdapterError` (nothing is stepped). Actions that are not legal
move ids (out of range, not integers, masked out) follow ``illegal`` per
sub-environment as in the single environment: ``"lose"`` ends that hand with reward
``-3``, ``infos["illegal_action"]`` true for it and an all-zero mask; ``"raise"``
raises before any sub-environment is stepped. Actions for hands that ended in the
previous step are ignored (the autoreset). An opponent that raises in the middle of a
batch leaves some hands moved and others not: its error propagates, and the
environment refuses to step until the next full :meth:`~VsBotVectorEnv.reset`.

**Backends.** The hands are advanced by a *batch stepper* (:class:`BatchStepper`):
the native core's when ``sixtysix.native`` is installed and supports the rule set and
opponent, else the pure-Python :class:`PythonStepper`, which uses the engine's own
``legal_moves``/``apply_move`` and the encoding module (the rules live in one place).
Both give identical results for the same seed; ``backend="python"`` forces the Python
one, ``backend="native"`` requires the native one.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import random
from collections.abc import Iterator, Sequence
from typing import Any, Protocol, runtime_checkable

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ._adapters import resolve_rules
from .bots import Bot
from .bots.registry import make_bot
from .encoding import action_masks_into, encode_views_into, observation_size
from .engine import apply_move, new_hand
from .errors import AdapterError, quote
from .game import TwoHandGame
from .gymnasium import ILLEGAL_ACTION_REWARD, check_options
from .moves import ALL_MOVES, NUM_ACTIONS
from .notation import render
from .observe import observe
from .rules import Rules, preset_name
from .state import HandState, Step

__all__ = [
    "BatchStepper",
    "PythonStepper",
    "SelfPlayVectorEnv",
    "VsBotVectorEnv",
    "native_stepper",
]

_BACKENDS = ("auto", "python", "native")
# Re-deals of hands that the opponent ends before the agent moves, before giving up.
_MAX_REDEALS = 1000

Int64Array = npt.NDArray[np.int64]


@runtime_checkable
class BatchStepper(Protocol):
    """What advances the N hands of a :class:`VsBotVectorEnv` (the part a native core replaces).

    The vector environment keeps the seeds, the autoreset, the checks of the actions
    and the illegal-action policy; a stepper only deals, plays legal moves, lets the
    opponent answer, and writes observations and masks. ``rows`` are sub-environment
    indices (``int64`` arrays, each row at most once per call). A stepper must give
    exactly what :class:`PythonStepper` gives for the same calls (the vector tests
    compare them): the deal of :func:`~sixtysix.new_hand` from an int seed, the
    opponent's choices with its own ``random.Random`` (``RandomBot`` draws
    ``rng.randrange(len(moves))`` over its legal moves in the engine's order, false
    claims left out; ``RuleBot`` draws nothing), the encoding of
    :func:`~sixtysix.encoding.encode_view` to the last bit of its ``float32`` values.

    A native core offers one through ``sixtysix.native.batch_stepper(rules=...,
    opponent=..., seat=..., num_envs=...)``, returning ``None`` for a rule set or
    opponent it does not run (:func:`native_stepper` asks it).
    """

    def deal(
        self,
        rows: Int64Array,
        dealers: Int64Array,
        deal_seeds: Int64Array,
        opponent_seeds: Int64Array,
    ) -> Int64Array:
        """Deal in ``rows``; return the rows whose hand ended before the agent's move.

        Row ``rows[k]`` gets ``new_hand(rules, deal_seeds[k], dealers[k])`` and the
        opponent's generator ``random.Random(opponent_seeds[k])``; the opponent moves
        until it is the agent's turn.
        """
        ...

    def play(
        self,
        rows: Int64Array,
        actions: Int64Array,
        rewards: npt.NDArray[np.float64],
        terminated: npt.NDArray[np.bool_],
    ) -> None:
        """Play the legal move id ``actions[k]`` in ``rows[k]``, then the opponent's moves.

        The opponent moves until the agent's turn; where the hand ended, set
        ``terminated`` and ``rewards`` (the agent's game points) at that row.
        """
        ...

    def encode(self, observations: npt.NDArray[np.float32], masks: npt.NDArray[np.int8]) -> None:
        """Write every row's encoding of the agent's view and its action mask."""
        ...

    def state(self, row: int) -> HandState:
        """The hand of sub-environment ``row``, as a :class:`~sixtysix.HandState`."""
        ...


class PythonStepper:
    """The pure-Python :class:`BatchStepper`: the engine's functions, one hand at a time.

    The opponent is any :class:`~sixtysix.Bot`, called as in
    :class:`~sixtysix.gymnasium.VsBotEnv`; observations and masks are written for the
    whole batch by :func:`~sixtysix.encoding.encode_views_into` and
    :func:`~sixtysix.encoding.action_masks_into`.
    """

    def __init__(self, rules: Rules, opponent: Bot, seat: int, num_envs: int) -> None:
        self.game = TwoHandGame(rules)
        self.opponent = opponent
        self.seat = seat
        self._states: list[HandState | None] = [None] * num_envs
        self._rngs = [random.Random(0) for _ in range(num_envs)]

    def _opponent_moves(self, state: HandState, rng: random.Random) -> HandState:
        # The engine's functions themselves (TwoHandGame's methods are these, one call
        # deeper): this loop is most of a step's time.
        other = 1 - self.seat
        choose = self.opponent.choose
        while state.to_move == other:
            state = apply_move(state, choose(observe(state, other), rng))
        return state

    def deal(
        self,
        rows: Int64Array,
        dealers: Int64Array,
        deal_seeds: Int64Array,
        opponent_seeds: Int64Array,
    ) -> Int64Array:
        """See :meth:`BatchStepper.deal`."""
        rules = self.game.rules
        ended = []
        for row, dealer, deal_seed, opponent_seed in zip(
            rows.tolist(),
            dealers.tolist(),
            deal_seeds.tolist(),
            opponent_seeds.tolist(),
            strict=True,
        ):
            rng = self._rngs[row] = random.Random(opponent_seed)
            state = self._opponent_moves(new_hand(rules, deal_seed, dealer), rng)
            self._states[row] = state
            if state.step is Step.OVER:
                ended.append(row)
        return np.array(ended, dtype=np.int64)

    def play(
        self,
        rows: Int64Array,
        actions: Int64Array,
        rewards: npt.NDArray[np.float64],
        terminated: npt.NDArray[np.bool_],
    ) -> None:
        """See :meth:`BatchStepper.play`."""
        returns = self.game.returns
        states = self._states
        rngs = self._rngs
        seat = self.seat
        opponent_moves = self._opponent_moves
        for row, action in zip(rows.tolist(), actions.tolist(), strict=True):
            state = states[row]
            assert state is not None
            state = states[row] = opponent_moves(apply_move(state, ALL_MOVES[action]), rngs[row])
            if state.step is Step.OVER:
                terminated[row] = True
                rewards[row] = returns(state)[seat]

    def encode(self, observations: npt.NDArray[np.float32], masks: npt.NDArray[np.int8]) -> None:
        """See :meth:`BatchStepper.encode`."""
        seat = self.seat
        states = self._states
        views = [observe(s, seat) for s in states if s is not None]
        if len(views) != len(states):
            raise AdapterError("call reset() before using the environment")
        encode_views_into(views, observations)
        action_masks_into(views, masks)

    def state(self, row: int) -> HandState:
        """See :meth:`BatchStepper.state`."""
        state = self._states[row]
        if state is None:
            raise AdapterError("call reset() before using the environment")
        return state


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector (if it runs) for one batch step.

    A step allocates thousands of short-lived objects without cycles (states, views,
    tuples), which reference counting frees; the collector's passes over them cost
    about 5% of a pure-Python step. It is enabled again after the step if it was.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def native_stepper(rules: Rules, opponent: Bot, seat: int, num_envs: int) -> BatchStepper | None:
    """The native core's stepper for this configuration, or ``None``.

    ``None`` when ``sixtysix.native`` is not installed, has no ``batch_stepper``, or
    that factory returns ``None`` (a rule set or opponent it does not run).
    """
    try:
        native = importlib.import_module("sixtysix.native")
    except ImportError:
        return None
    factory = getattr(native, "batch_stepper", None)
    if factory is None:
        return None
    stepper = factory(rules=rules, opponent=opponent, seat=seat, num_envs=num_envs)
    if stepper is not None and not isinstance(stepper, BatchStepper):
        raise AdapterError(f"sixtysix.native.batch_stepper returned {quote(stepper)}")
    return stepper


class VsBotVectorEnv(VectorEnv[Any, Any, Any]):
    """N hands of :class:`~sixtysix.gymnasium.VsBotEnv`, stepped together (see the module doc).

    >>> envs = VsBotVectorEnv(3, variant="classic_66", seat=1, mask_observation=True)
    >>> observations, infos = envs.reset(seed=0)
    >>> observations["observation"].shape, envs.action_masks().shape
    ((3, 212), (3, 40))

    Args:
        num_envs: The number of sub-environments, N >= 1.
        variant, opponent, opponent_kwargs, claims, seat, illegal: as for
            :class:`~sixtysix.gymnasium.VsBotEnv`, for every sub-environment.
        mask_observation: Observations are dicts of ``observation`` and
            ``action_mask`` (default ``False``: the vectors alone).
        render_mode: ``None`` or ``"ansi"`` (:meth:`render` returns one text per
            sub-environment).
        backend: ``"auto"`` (the native core if it runs this configuration, else
            Python), ``"python"`` or ``"native"``.
        copy: Return copies of the observation and mask buffers (default ``True``);
            ``False`` returns the buffers themselves, overwritten by the next step.

    Raises:
        AdapterError: a bad argument (as for ``VsBotEnv``), a ``num_envs`` that is not
            a positive int, or ``backend="native"`` when the native core cannot run it.
        PlayerError: ``opponent`` names no bot.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium's convention
        "render_modes": ["ansi"],
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }

    def __init__(
        self,
        num_envs: int = 1,
        variant: str | Rules = "schnapsen",
        opponent: Bot | str = "random",
        opponent_kwargs: dict[str, Any] | None = None,
        claims: str = "preset",
        seat: int = 0,
        illegal: str = "lose",
        mask_observation: bool = False,
        render_mode: str | None = None,
        backend: str = "auto",
        copy: bool = True,
    ) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise AdapterError(f"num_envs must be a positive int, not {quote(num_envs)}")
        rules = resolve_rules(variant, claims)
        check_options(seat, illegal, render_mode, self.metadata["render_modes"])
        if backend not in _BACKENDS:
            raise AdapterError(
                f"backend must be 'auto', 'python' or 'native', not {quote(backend)}"
            )
        bot = make_bot(opponent, opponent_kwargs) if isinstance(opponent, str) else opponent
        if not isinstance(bot, Bot):
            raise AdapterError(f"opponent must be a Bot or a bot name, not {quote(opponent)}")
        stepper = None if backend == "python" else native_stepper(rules, bot, seat, num_envs)
        if stepper is None and backend == "native":
            raise AdapterError(
                "the native core (sixtysix.native) is not installed or does not run "
                f"{preset_name(rules) or 'these house rules'} against {bot!r}"
            )
        self.stepper: BatchStepper = stepper or PythonStepper(rules, bot, seat, num_envs)
        self.rules = rules
        self.opponent: Bot = bot
        self.seat = seat
        self.illegal = illegal
        self.mask_observation = bool(mask_observation)
        self.render_mode = render_mode
        self.copy = copy
        self.num_envs = num_envs
        size = observation_size(rules)
        vector = spaces.Box(0.0, 4.0, (size,), np.float32)
        mask_space = spaces.Box(0, 1, (NUM_ACTIONS,), np.int8)
        self.single_observation_space: spaces.Space[Any] = (
            spaces.Dict({"observation": vector, "action_mask": mask_space})
            if self.mask_observation
            else vector
        )
        self.single_action_space: spaces.Space[Any] = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._observations = np.zeros((num_envs, size), np.float32)
        self._masks = np.zeros((num_envs, NUM_ACTIONS), np.int8)
        self._rows = np.arange(num_envs)
        self._sub_rngs: list[np.random.Generator | None] = [None] * num_envs
        self._autoreset = np.zeros(num_envs, np.bool_)
        self._started = False
        #: Hands dealt again at the last deal of each sub-environment (see ``VsBotEnv.redeals``).
        self.redeals = np.zeros(num_envs, np.int64)

    # ------------------------------------------------------------------ episode

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Any, dict[str, Any]]:
        """Deal a hand in every sub-environment (seeds and options: see the module doc).

        Raises:
            AdapterError: a seed list of the wrong length, a bad ``dealer`` or
                ``reset_mask``, or an opponent that ended a thousand hands in a row
                before the agent's first move.
        """
        n = self.num_envs
        seeds = _seed_list(seed, n, non_negative=True)
        options = dict(options or {})
        dealer = options.get("dealer")
        if dealer is not None and (type(dealer) is not int or dealer not in (0, 1)):
            raise AdapterError(f"the dealer must be 0 or 1, not {quote(dealer)}")
        reset_mask = options.get("reset_mask")
        if reset_mask is None:
            reset_mask = np.ones(n, np.bool_)
        elif (
            not isinstance(reset_mask, np.ndarray)
            or reset_mask.dtype != np.bool_
            or reset_mask.shape != (n,)
            or not reset_mask.any()
        ):
            raise AdapterError(
                f"options['reset_mask'] must be a bool array of shape ({n},) with a true "
                f"entry, not {quote(reset_mask)}"
            )
        elif not self._started and not reset_mask.all():
            raise AdapterError(
                "the first reset() (and the one after an error) deals every "
                "sub-environment: no reset_mask"
            )
        if _is_int(seed):
            super().reset(seed=seeds[0])
        rows = np.flatnonzero(reset_mask)
        for row in rows.tolist():
            if seeds[row] is not None or self._sub_rngs[row] is None:
                self._sub_rngs[row] = seeding.np_random(seeds[row])[0]
        self._started = False  # until every hand is dealt (an opponent may raise)
        self._deal(rows, dealer)
        self._autoreset[rows] = False
        self.stepper.encode(self._observations, self._masks)
        self._started = True
        info = self._info(None)
        if not reset_mask.all():  # as SyncVectorEnv: the infos of the reset ones only
            info["action_mask"][~reset_mask] = 0
            info["_action_mask"] = reset_mask.copy()
        return self._result(), info

    def _deal(self, rows: Int64Array, dealer: int | None) -> None:
        """Deal in ``rows``, drawing as ``VsBotEnv.reset`` does.

        Hands that the opponent ended before the agent's first move are dealt again.
        """
        self.redeals[rows] = 0
        pending = rows
        attempts = 0
        while len(pending):
            if attempts == _MAX_REDEALS:
                raise AdapterError(
                    f"the opponent ended {_MAX_REDEALS} hands in a row before the agent's "
                    "first move"
                )
            attempts += 1
            dealers = []
            deal_seeds = []
            opponent_seeds = []
            for row in pending.tolist():
                source = self._sub_rngs[row]
                assert source is not None
                dealers.append(int(source.integers(2)) if dealer is None else dealer)
                deal_seeds.append(int(source.integers(2**63)))
                opponent_seeds.append(int(source.integers(2**63)))
            pending = self.stepper.deal(
                pending,
                np.array(dealers, np.int64),
                np.array(deal_seeds, np.int64),
                np.array(opponent_seeds, np.int64),
            )
            self.redeals[pending] += 1

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Play one action in every sub-environment (autoresetting the finished ones).

        Raises:
            AdapterError: :meth:`reset` was not called, ``actions`` is not of shape
                ``(num_envs,)``, or an action is illegal and ``illegal="raise"``.
        """
        if not self._started:
            raise AdapterError("call reset() before step()")
        n = self.num_envs
        ids, legal = _action_ids(actions, n, self._masks, self._rows)
        resetting = self._autoreset
        playing = ~resetting
        illegal = playing & ~legal
        if illegal.any() and self.illegal == "raise":
            row = int(np.flatnonzero(illegal)[0])
            allowed = np.flatnonzero(self._masks[row]).tolist()
            raise AdapterError(
                f"sub-environment {row}: action {quote(np.asarray(actions)[row].item())} is "
                f"illegal; legal: {allowed}"
            )
        rewards = np.zeros(n, np.float64)
        terminated = np.zeros(n, np.bool_)
        rows = np.flatnonzero(playing & legal)
        try:
            with _collector_paused():
                self.stepper.play(rows, ids[rows], rewards, terminated)
                rewards[illegal] = ILLEGAL_ACTION_REWARD
                terminated |= illegal
                resets = np.flatnonzero(resetting)
                if len(resets):
                    self._deal(resets, None)
                self.stepper.encode(self._observations, self._masks)
        except BaseException:
            # Some hands may have moved and others not (the opponent raised, or an
            # interrupt): no step may follow until a reset deals them all again.
            self._started = False
            raise
        self._masks[illegal] = 0
        self._autoreset = terminated.copy()
        return (
            self._result(),
            rewards,
            terminated,
            np.zeros(n, np.bool_),
            self._info(illegal if illegal.any() else None),
        )

    def _result(self) -> Any:
        observations = self._observations.copy() if self.copy else self._observations
        if self.mask_observation:
            masks = self._masks.copy() if self.copy else self._masks
            return {"observation": observations, "action_mask": masks}
        return observations

    def _info(self, illegal: npt.NDArray[np.bool_] | None) -> dict[str, Any]:
        info: dict[str, Any] = {
            "action_mask": self._masks.copy(),
            "_action_mask": np.ones(self.num_envs, np.bool_),
        }
        if illegal is not None:
            info["illegal_action"] = illegal
            info["_illegal_action"] = illegal.copy()
        return info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """A boolean array of ``(num_envs, 40)``: each sub-environment's legal move ids.

        All false for a sub-environment whose hand just ended (it is dealt again at the
        next step) and before the first :meth:`reset`.
        """
        return self._masks.astype(np.bool_)

    def state(self, row: int) -> HandState:
        """The hand of sub-environment ``row`` (all four hands, for inspection and tests).

        Raises:
            AdapterError: :meth:`reset` was not called.
        """
        if not self._started:
            raise AdapterError("call reset() before using the environment")
        return self.stepper.state(row)

    def render(self) -> tuple[str, ...] | None:
        """With ``render_mode="ansi"``: what the agent's seat sees, one text per hand."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        if not self._started:
            return tuple("no hand: call reset()" for _ in range(self.num_envs))
        return tuple(render(self.stepper.state(i), self.seat) for i in range(self.num_envs))


class SelfPlayVectorEnv:
    """N two-seat hands for self-play: both seats are learners (a batched, OpenSpiel-style API).

    Every hand waits for one seat, its *current player*: :meth:`step` takes one action
    per hand, for that seat, and returns the observation of the seat to move next (so
    one policy, or one per seat, acts for whoever is to move). Rewards are per seat, an
    ``(N, 2)`` array: the hand's game points (``+g``, ``-g``) at the step that ends it,
    0 before. Observations, action ids and masks are those of :class:`VsBotVectorEnv`
    (the encoding of the mover's :class:`~sixtysix.PlayerView`); ``info`` has
    ``current_player`` (``int64`` ``(N,)``, -1 in a hand that just ended) and
    ``action_mask``. Autoreset is ``NEXT_STEP``: the step after a hand ends deals a new
    one in that row (its action is ignored).

    >>> import numpy as np
    >>> table = SelfPlayVectorEnv(2, variant="schnapsen")
    >>> observations, info = table.reset(seed=1)
    >>> observations.shape, info["current_player"].tolist() in ([0, 1], [1, 0], [0, 0], [1, 1])
    ((2, 184), True)
    >>> actions = np.argmax(info["action_mask"], axis=1)
    >>> observations, rewards, terminated, truncated, info = table.step(actions)
    >>> rewards.shape
    (2, 2)

    ``reset(seed=s)`` deals hand ``i`` as :func:`sixtysix.pettingzoo.env` does after
    ``reset(seed=s + i)`` (the dealer, then the deal, from ``random.Random(s + i)``), so
    the hands are those of N PettingZoo tables seeded that way (a test checks it).

    **Bad input**: actions of the wrong shape raise :class:`~sixtysix.errors.AdapterError`;
    an illegal action (not a legal move id of the current player) follows ``illegal``:
    ``"lose"`` ends that hand with ``-3`` for the mover and ``+3`` for the other seat
    (``info["illegal_action"]``), ``"raise"`` raises before any hand is stepped.

    Args:
        num_envs: The number of hands, N >= 1.
        variant, claims: as for :class:`VsBotVectorEnv`.
        illegal: ``"lose"`` (the default) or ``"raise"``.
    """

    #: The seats' agent names, as in :mod:`sixtysix.pettingzoo`.
    possible_agents = ("player_0", "player_1")

    def __init__(
        self,
        num_envs: int = 1,
        variant: str | Rules = "schnapsen",
        claims: str = "preset",
        illegal: str = "lose",
    ) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise AdapterError(f"num_envs must be a positive int, not {quote(num_envs)}")
        check_options(0, illegal, None, [])
        self.rules = resolve_rules(variant, claims)
        self.num_envs = num_envs
        self.illegal = illegal
        size = observation_size(self.rules)
        self.single_observation_space = spaces.Box(0.0, 4.0, (size,), np.float32)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self._states: list[HandState | None] = [None] * num_envs
        self._rngs = [random.Random() for _ in range(num_envs)]
        self._observations = np.zeros((num_envs, size), np.float32)
        self._masks = np.zeros((num_envs, NUM_ACTIONS), np.int8)
        self._players = np.zeros(num_envs, np.int64)
        self._autoreset = np.zeros(num_envs, np.bool_)
        self._rows = np.arange(num_envs)

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal every hand (``seed``: None, an int ``s`` for ``s + i``, or a list of N).

        Raises:
            AdapterError: a seed that is none of these.
        """
        seeds = _seed_list(seed, self.num_envs, non_negative=False)
        for row, row_seed in enumerate(seeds):
            if row_seed is not None:
                self._rngs[row] = random.Random(row_seed)
            self._deal(row)
        self._autoreset[:] = False
        self._encode()
        return self._observations.copy(), self._info(None)

    def _deal(self, row: int) -> None:
        rng = self._rngs[row]
        dealer = rng.randrange(2)
        self._states[row] = new_hand(self.rules, rng.getrandbits(64), dealer)

    def _encode(self) -> None:
        views = []
        for row, state in enumerate(self._states):
            assert state is not None  # reset() deals every row
            seat = state.to_move
            self._players[row] = -1 if seat is None else seat
            views.append(observe(state, 0 if seat is None else seat))
        encode_views_into(views, self._observations)
        action_masks_into(views, self._masks)

    def _info(self, illegal: npt.NDArray[np.bool_] | None) -> dict[str, Any]:
        info: dict[str, Any] = {
            "current_player": self._players.copy(),
            "action_mask": self._masks.copy(),
        }
        if illegal is not None:
            info["illegal_action"] = illegal
        return info

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Play each hand's action for its current player (see the class doc).

        Raises:
            AdapterError: :meth:`reset` was not called, ``actions`` is not of shape
                ``(num_envs,)``, or an action is illegal and ``illegal="raise"``.
        """
        if self._states[0] is None:
            raise AdapterError("call reset() before step()")
        n = self.num_envs
        ids, legal = _action_ids(actions, n, self._masks, self._rows)
        playing = ~self._autoreset
        illegal = playing & ~legal
        if illegal.any() and self.illegal == "raise":
            row = int(np.flatnonzero(illegal)[0])
            raise AdapterError(
                f"hand {row}: action {quote(np.asarray(actions)[row].item())} is illegal for "
                f"player_{self._players[row]}; legal: {np.flatnonzero(self._masks[row]).tolist()}"
            )
        rewards = np.zeros((n, 2), np.float64)
        terminated = np.zeros(n, np.bool_)
        game = TwoHandGame(self.rules)
        states = self._states
        for row in np.flatnonzero(self._autoreset).tolist():
            self._deal(row)
        for row in np.flatnonzero(playing & legal).tolist():
            state = states[row]
            assert state is not None
            state = states[row] = apply_move(state, ALL_MOVES[ids[row]])
            if state.step is Step.OVER:
                terminated[row] = True
                rewards[row] = game.returns(state)
        for row in np.flatnonzero(illegal).tolist():
            mover = int(self._players[row])
            rewards[row, mover] = ILLEGAL_ACTION_REWARD
            rewards[row, 1 - mover] = -ILLEGAL_ACTION_REWARD
            terminated[row] = True
        self._encode()
        self._players[illegal] = -1
        self._masks[illegal] = 0
        self._autoreset = terminated.copy()
        return (
            self._observations.copy(),
            rewards,
            terminated,
            np.zeros(n, np.bool_),
            self._info(illegal if illegal.any() else None),
        )

    def state(self, row: int) -> HandState:
        """The hand in row ``row``.

        Raises:
            AdapterError: :meth:`reset` was not called.
        """
        state = self._states[row]
        if state is None:
            raise AdapterError("call reset() before using the environment")
        return state


def _is_int(value: object) -> bool:
    return isinstance(value, int | np.integer) and not isinstance(value, bool | np.bool_)


def _seed_list(seed: Any, n: int, *, non_negative: bool) -> list[int | None]:
    """The seed of each of ``n`` rows: ``None``, ``seed + i`` for an int, or a list's.

    Raises:
        AdapterError: ``seed`` is none of these (or negative, with ``non_negative``).
    """
    seeds: list[Any] | None = None
    if seed is None:
        seeds = [None] * n
    elif _is_int(seed):
        seeds = [int(seed) + i for i in range(n)]
    elif isinstance(seed, np.ndarray | Sequence) and not isinstance(seed, str | bytes):
        seeds = list(seed)
        if len(seeds) != n or not all(s is None or _is_int(s) for s in seeds):
            seeds = None
    if seeds is not None and non_negative and any(s is not None and s < 0 for s in seeds):
        seeds = None
    if seeds is None:
        kind = "non-negative int" if non_negative else "int"
        article = "a" if non_negative else "an"
        raise AdapterError(
            f"seed must be None, {article} {kind} or a list of {n} {kind}s, not {quote(seed)}"
        )
    return [None if s is None else int(s) for s in seeds]


def _action_ids(
    actions: Any, n: int, masks: npt.NDArray[np.int8], rows: Any
) -> tuple[Int64Array, npt.NDArray[np.bool_]]:
    """The actions as ``int64`` ids and whether each is legal under ``masks``.

    Raises:
        AdapterError: ``actions`` is not an array of shape ``(n,)``.
    """
    try:
        given = np.asarray(actions)
    except (TypeError, ValueError):
        given = None
    if given is None or given.shape != (n,):
        shown = quote(actions) if given is None else f"shape {given.shape}"
        raise AdapterError(f"actions must be an array of {n} move ids, shape ({n},), not {shown}")
    if given.dtype.kind not in "iu":  # not integers (floats, bools, text): no move id
        return np.zeros(n, np.int64), np.zeros(n, np.bool_)
    ids = given.astype(np.int64)
    in_range = (ids >= 0) & (ids < NUM_ACTIONS)
    legal = in_range & (masks[rows, np.where(in_range, ids, 0)] != 0)
    return ids, legal
