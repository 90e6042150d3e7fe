"""The Gymnasium vector environment: equal to N single environments, the vector API, bad input."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="needs the gymnasium extra")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from gymnasium.vector import AutoresetMode, SyncVectorEnv, VectorEnv  # noqa: E402
from tests.helpers import SEARCH_PRESETS  # noqa: E402

import sixtysix as ss  # noqa: E402
from sixtysix.bots import RuleBot  # noqa: E402
from sixtysix.encoding import encode_view_array, encode_views_into  # noqa: E402
from sixtysix.errors import AdapterError, PlayerError  # noqa: E402
from sixtysix.gymnasium import ENV_ID, ILLEGAL_ACTION_REWARD  # noqa: E402
from sixtysix.gymnasium_vector import (  # noqa: E402
    BatchStepper,
    PythonStepper,
    SelfPlayVectorEnv,
    VsBotVectorEnv,
)
from sixtysix.moves import move_id  # noqa: E402
from sixtysix.rules import PRESETS  # noqa: E402


def make_vec(num_envs: int, **kwargs: Any) -> Any:
    return gymnasium.make_vec(
        ENV_ID, num_envs=num_envs, vectorization_mode="vector_entry_point", **kwargs
    )


def make_sync(num_envs: int, **kwargs: Any) -> Any:
    kwargs.pop("backend", None)
    return gymnasium.make_vec(ENV_ID, num_envs=num_envs, vectorization_mode="sync", **kwargs)


def pick(masks: Any, rng: Any, illegal_rate: float = 0.0) -> Any:
    """One legal action per row (uniform), now and then an illegal one."""
    actions = np.argmax(masks * rng.random(masks.shape), axis=1)
    bad = rng.random(len(masks)) < illegal_rate
    for row in np.flatnonzero(bad):
        choices = np.flatnonzero(masks[row] == 0)
        actions[row] = rng.choice(choices) if rng.random() < 0.5 else rng.integers(40, 99)
    return actions


def assert_same_run(kwargs: dict[str, Any], num_envs: int, steps: int, illegal_rate: float) -> int:
    """The vector env and SyncVectorEnv over single envs give the same data, step by step."""
    vec, sync = make_vec(num_envs, **kwargs), make_sync(num_envs, **kwargs)
    assert isinstance(sync, SyncVectorEnv)
    assert vec.single_observation_space == sync.single_observation_space
    assert vec.observation_space == sync.observation_space
    assert vec.single_action_space == sync.single_action_space
    assert vec.action_space == sync.action_space
    first = vec.reset(seed=11)
    assert data_equivalence(first, sync.reset(seed=11), exact=True)
    rng = np.random.default_rng(5)
    masks = first[1]["action_mask"]
    episodes = 0
    for _ in range(steps):
        actions = pick(masks, rng, illegal_rate)
        got = vec.step(actions)
        want = sync.step(actions)
        assert data_equivalence(got, want, exact=True)
        masks = got[4]["action_mask"]
        episodes += int(got[2].sum())
    return episodes


@pytest.mark.parametrize(
    "kwargs",
    [
        {"variant": "schnapsen", "opponent": "random"},
        {"variant": "classic_66", "opponent": "rule", "seat": 1},
        {"variant": "santase", "opponent": "random", "claims": "explicit"},
        {"variant": "schnapsen", "opponent": "rule", "mask_observation": True},
    ],
)
def test_equal_to_sync_vector_env_of_single_envs(kwargs: dict[str, Any]) -> None:
    """Same seeds, same actions (some illegal): identical observations, rewards, infos."""
    assert assert_same_run(kwargs, 6, 60, 0.03) > 6


@pytest.mark.parametrize("variant", sorted(SEARCH_PRESETS))  # not Mariage (rules §13)
def test_every_preset_equal_to_single_envs(variant: str) -> None:
    assert assert_same_run({"variant": variant, "opponent": "rule"}, 3, 25, 0.0) > 0


def test_make_vec_and_the_vector_api() -> None:
    envs = gymnasium.make_vec(ENV_ID, num_envs=5, variant="classic_66")
    assert isinstance(envs, VsBotVectorEnv) and isinstance(envs, VectorEnv)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert envs.num_envs == 5 and envs.unwrapped is envs
    assert envs.single_observation_space.shape == (212,)
    assert envs.observation_space.shape == (5, 212)
    assert envs.single_action_space == gymnasium.spaces.Discrete(40)
    assert envs.action_space == gymnasium.spaces.MultiDiscrete([40] * 5)
    assert envs.spec is not None and envs.spec.id == ENV_ID
    observations, infos = envs.reset(seed=3)
    assert observations in envs.observation_space
    assert set(infos) == {"action_mask", "_action_mask"}
    assert infos["action_mask"].dtype == np.int8 and infos["_action_mask"].all()
    rng = np.random.default_rng(0)
    for _ in range(40):
        actions = pick(envs.action_masks(), rng)
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        assert observations in envs.observation_space
        assert rewards.dtype == np.float64 and terminations.dtype == np.bool_
        assert not truncations.any()
        for row in range(5):
            state = envs.state(row)
            view = ss.observe(state, 0)
            assert np.array_equal(observations[row], encode_view_array(view))
            legal = sorted(move_id(m) for m in ss.legal_moves(view))
            assert np.flatnonzero(infos["action_mask"][row]).tolist() == legal
            assert terminations[row] == ss.is_over(state)
    envs.close()
    assert envs.closed


def test_next_step_autoreset() -> None:
    """A finished hand is dealt again at the next step, whose action is ignored."""
    envs = VsBotVectorEnv(4, opponent="rule")
    _, infos = envs.reset(seed=0)
    rng = np.random.default_rng(1)
    seen = 0
    for _ in range(200):
        _, _, terminations, _, infos = envs.step(pick(infos["action_mask"], rng))
        if terminations.any():
            done = np.flatnonzero(terminations)
            assert not envs.action_masks()[done].any()
            ended = [envs.state(row) for row in done]
            assert all(ss.is_over(s) for s in ended)
            # Any action at all (even out of range) for the finished rows is ignored.
            actions = pick(infos["action_mask"], rng)
            actions[done] = 99
            _, rewards, terminations2, _, infos = envs.step(actions)
            assert not terminations2[done].any() and not rewards[done].any()
            assert "illegal_action" not in infos
            for row in done:
                assert not ss.is_over(envs.state(row)) and len(envs.state(row).played) <= 1
                assert infos["action_mask"][row].any()
            seen += len(done)
    assert seen > 10


def test_seeds_reproducible_and_derived_per_sub_env() -> None:
    def run(seed: Any) -> list[Any]:
        envs = VsBotVectorEnv(3, opponent="random")
        out = [envs.reset(seed=seed)[0]]
        rng = np.random.default_rng(2)
        for _ in range(30):
            out.append(envs.step(pick(envs.action_masks(), rng))[:3])
        return out

    assert data_equivalence(run(7), run(7), exact=True)
    assert not data_equivalence(run(7), run(8), exact=True)
    # seed=s is seeds [s, s+1, s+2]; a list gives each sub-environment its own.
    assert data_equivalence(run(7), run([7, 8, 9]), exact=True)
    single = ss.gymnasium.VsBotEnv()
    envs = VsBotVectorEnv(3)
    observations, _ = envs.reset(seed=[4, None, 6])
    assert np.array_equal(observations[0], single.reset(seed=4)[0])
    assert np.array_equal(observations[2], single.reset(seed=6)[0])
    # Without a seed the sub-environments' generators go on.
    again, _ = envs.reset()
    assert not np.array_equal(again, observations)
    assert not np.array_equal(VsBotVectorEnv(2).reset()[0], VsBotVectorEnv(2).reset()[0])


def test_reset_options() -> None:
    envs = VsBotVectorEnv(6)
    envs.reset(seed=1, options={"dealer": 1})
    assert {envs.state(row).dealer for row in range(6)} == {1}
    envs.reset(seed=1)
    assert {envs.state(row).dealer for row in range(6)} == {0, 1}
    before = [envs.state(row) for row in range(6)]
    mask = np.array([True, False, False, True, False, False])
    observations, infos = envs.reset(seed=50, options={"reset_mask": mask})
    after = [envs.state(row) for row in range(6)]
    assert [a != b for a, b in zip(before, after, strict=True)] == mask.tolist()
    single = ss.gymnasium.VsBotEnv()
    assert np.array_equal(observations[3], single.reset(seed=53)[0])
    assert infos["action_mask"].shape == (6, 40)
    sync = make_sync(6)
    sync.reset(seed=1)
    sync_observations, sync_infos = sync.reset(seed=50, options={"reset_mask": mask.copy()})
    assert data_equivalence((observations, infos), (sync_observations, sync_infos), exact=True)
    for bad in (mask.tolist(), mask[:3], np.zeros(6, np.bool_), mask.astype(np.int8)):
        with pytest.raises(AdapterError, match="reset_mask"):
            envs.reset(options={"reset_mask": bad})
    with pytest.raises(AdapterError, match="no reset_mask"):
        VsBotVectorEnv(6).reset(options={"reset_mask": mask})
    with pytest.raises(AdapterError, match="the dealer must be 0 or 1"):
        envs.reset(options={"dealer": 2})
    for bad_seed in ([1, 2], "seed", 1.5, [1, 2, 3, 4, 5, "6"], -1, [0, 1, 2, 3, 4, -5], True):
        with pytest.raises(AdapterError, match="seed must be None, a non-negative int"):
            envs.reset(seed=bad_seed)  # type: ignore[arg-type]
    # NumPy ints and arrays are seeds too.
    first, _ = envs.reset(seed=np.int64(9))
    again, _ = envs.reset(seed=np.arange(9, 15))
    assert np.array_equal(first, again)


def test_bad_action_shapes_raise_and_step_nothing() -> None:
    envs = VsBotVectorEnv(3, opponent="rule")
    with pytest.raises(AdapterError, match="call reset"):
        envs.step(np.zeros(3, np.int64))
    with pytest.raises(AdapterError, match="call reset"):
        envs.state(0)
    envs.reset(seed=0)
    states = [envs.state(row) for row in range(3)]
    for bad in (np.zeros(2, np.int64), np.zeros((3, 1), np.int64), 5, [[1, 2], [3]], None):
        with pytest.raises(AdapterError, match=r"shape \(3,\)"):
            envs.step(bad)
    assert [envs.state(row) for row in range(3)] == states


def test_illegal_actions_lose_per_sub_env() -> None:
    envs = VsBotVectorEnv(4, opponent="rule")
    _, infos = envs.reset(seed=2)
    masks = infos["action_mask"]
    actions = pick(masks, np.random.default_rng(0))
    actions[1] = int(np.flatnonzero(masks[1] == 0)[0])  # masked out
    actions[2] = 40  # out of range
    _, rewards, terminations, truncations, infos = envs.step(actions)
    assert rewards[1] == rewards[2] == ILLEGAL_ACTION_REWARD
    assert terminations[1] and terminations[2] and not truncations.any()
    assert infos["illegal_action"].tolist() == [False, True, True, False]
    assert infos["_illegal_action"].tolist() == [False, True, True, False]
    assert not infos["action_mask"][1:3].any() and not envs.action_masks()[1:3].any()
    # Non-integer actions are no move ids: illegal everywhere, as in the single env.
    envs.reset(seed=2)
    for floats in (actions.astype(np.float64), np.array(["AC"] * 4), np.ones(4, np.bool_)):
        envs.reset(seed=2)
        _, rewards, terminations, _, infos = envs.step(floats)
        assert terminations.all() and (rewards == ILLEGAL_ACTION_REWARD).all()
        assert infos["illegal_action"].all()


def test_illegal_actions_raise_before_any_step() -> None:
    envs = VsBotVectorEnv(3, opponent="rule", illegal="raise")
    _, infos = envs.reset(seed=4)
    states = [envs.state(row) for row in range(3)]
    actions = pick(infos["action_mask"], np.random.default_rng(0))
    actions[2] = int(np.flatnonzero(infos["action_mask"][2] == 0)[0])
    with pytest.raises(AdapterError, match=r"sub-environment 2: action \d+ is illegal; legal: \["):
        envs.step(actions)
    assert [envs.state(row) for row in range(3)] == states
    with pytest.raises(AdapterError, match="is illegal"):
        envs.step(np.full(3, 0.5))


def test_copy_and_observation_dict() -> None:
    envs = VsBotVectorEnv(2, mask_observation=True)
    observations, infos = envs.reset(seed=0)
    assert set(observations) == {"observation", "action_mask"}
    assert np.array_equal(observations["action_mask"], infos["action_mask"])
    assert observations in envs.observation_space
    step = envs.step(pick(infos["action_mask"], np.random.default_rng(0)))
    assert not np.shares_memory(step[0]["observation"], observations["observation"])
    shared = VsBotVectorEnv(2, copy=False)
    first, _ = shared.reset(seed=0)
    second, _ = shared.reset(seed=1)
    assert first is second


def test_constructor_errors_and_render(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(AdapterError, match="num_envs must be a positive int"):
        VsBotVectorEnv(0)
    with pytest.raises(AdapterError, match="num_envs must be a positive int"):
        VsBotVectorEnv(True)
    with pytest.raises(AdapterError, match="seat must be 0 or 1"):
        VsBotVectorEnv(2, seat=2)
    with pytest.raises(AdapterError, match="illegal must be"):
        VsBotVectorEnv(2, illegal="ignore")
    with pytest.raises(AdapterError, match="render_mode must be"):
        VsBotVectorEnv(2, render_mode="human")
    with pytest.raises(AdapterError, match="backend must be"):
        VsBotVectorEnv(2, backend="gpu")
    with pytest.raises(AdapterError, match="opponent must be a Bot"):
        VsBotVectorEnv(2, opponent=42)  # type: ignore[arg-type]
    with pytest.raises(PlayerError, match="unknown bot"):
        VsBotVectorEnv(2, opponent="nobody")
    with pytest.raises(AdapterError, match="is not a preset"):
        VsBotVectorEnv(2, variant="poker")
    assert isinstance(VsBotVectorEnv(2, opponent=RuleBot()).opponent, RuleBot)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert VsBotVectorEnv(2).render() is None
    shown = VsBotVectorEnv(2, render_mode="ansi")
    assert shown.render() == ("no hand: call reset()",) * 2
    shown.reset(seed=0)
    texts = shown.render()
    assert texts is not None and len(texts) == 2 and texts[0] == ss.render(shown.state(0), 0)


def test_pimc_or_any_bot_runs_in_the_python_stepper() -> None:
    """Any Bot plays (here a plain class that is not a built-in)."""

    class First:
        def choose(self, view: ss.PlayerView, rng: Any) -> ss.Move:
            return view.legal_moves()[0]

    envs = VsBotVectorEnv(2, opponent=First())
    assert isinstance(envs.stepper, PythonStepper)
    assert assert_same_run({"opponent": First()}, 2, 20, 0.0) >= 0


class Claimer:
    """Marries whenever it can, then claims at once: false claims at the first lead."""

    def choose(self, view: ss.PlayerView, rng: Any) -> ss.Move:
        moves = view.legal_moves()
        for move in moves:
            if isinstance(move, ss.Marry | ss.Claim):
                return move
        return moves[0]


def test_redeals_like_the_single_env(monkeypatch: pytest.MonkeyPatch) -> None:
    kwargs = {"claims": "explicit", "opponent": Claimer()}
    vec = VsBotVectorEnv(40, **kwargs)  # type: ignore[arg-type]
    vec.reset(seed=0, options={"dealer": 0})
    single = ss.gymnasium.VsBotEnv(**kwargs)  # type: ignore[arg-type]
    redeals = []
    for row in range(40):
        single.reset(seed=row, options={"dealer": 0})
        assert single.state == vec.state(row)
        redeals.append(single.redeals)
    assert vec.redeals.tolist() == redeals and sum(redeals) > 0
    monkeypatch.setattr("sixtysix.gymnasium_vector._MAX_REDEALS", 1)
    with pytest.raises(AdapterError, match="ended 1 hands in a row"):
        vec.reset(seed=0, options={"dealer": 0})


# ---------------------------------------------------------------- the native door


class RecordingStepper(PythonStepper):
    """A stand-in for the native core's stepper: the Python one, counting calls."""

    calls = 0

    def play(self, *args: Any) -> None:
        RecordingStepper.calls += 1
        super().play(*args)


def fake_native(monkeypatch: pytest.MonkeyPatch, factory: Any) -> None:
    module = types.ModuleType("sixtysix.native")
    if factory is not None:
        module.batch_stepper = factory  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sixtysix.native", module)


def test_a_native_batch_stepper_plugs_in(monkeypatch: pytest.MonkeyPatch) -> None:
    def factory(*, rules: ss.Rules, opponent: Any, seat: int, num_envs: int) -> Any:
        return RecordingStepper(rules, opponent, seat, num_envs)

    fake_native(monkeypatch, factory)
    assert isinstance(RecordingStepper(ss.SCHNAPSEN, RuleBot(), 0, 1), BatchStepper)
    envs = VsBotVectorEnv(3, backend="native")
    assert isinstance(envs.stepper, RecordingStepper)
    assert isinstance(VsBotVectorEnv(3).stepper, RecordingStepper)  # auto prefers it
    assert type(VsBotVectorEnv(3, backend="python").stepper) is PythonStepper
    # The same results as the Python stepper, through the same vector env.
    assert assert_same_run({"opponent": "rule"}, 3, 20, 0.05) > 0
    assert RecordingStepper.calls >= 20


def test_native_missing_or_declining(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "sixtysix.native", None)  # import fails
    assert type(VsBotVectorEnv(2).stepper) is PythonStepper
    with pytest.raises(AdapterError, match=r"native core .* is not installed or does not run"):
        VsBotVectorEnv(2, backend="native")
    fake_native(monkeypatch, None)  # a native module without a batch stepper
    assert type(VsBotVectorEnv(2).stepper) is PythonStepper
    fake_native(monkeypatch, lambda **kwargs: None)  # declines this configuration
    assert type(VsBotVectorEnv(2).stepper) is PythonStepper
    with pytest.raises(AdapterError, match="SCHNAPSEN against RandomBot"):
        VsBotVectorEnv(2, backend="native")
    fake_native(monkeypatch, lambda **kwargs: object())
    with pytest.raises(AdapterError, match="batch_stepper returned"):
        VsBotVectorEnv(2)


# ---------------------------------------------------------------- self-play


def test_self_play_equals_pettingzoo_tables() -> None:
    """Hand i of SelfPlayVectorEnv(seed=s) is PettingZoo's table reset with s + i."""
    pz = pytest.importorskip("sixtysix.pettingzoo")
    n = 4
    table = SelfPlayVectorEnv(n, variant="classic_66", claims="explicit")
    observations, info = table.reset(seed=21)
    tables = [pz.raw_env(variant="classic_66", claims="explicit") for _ in range(n)]
    for i, t in enumerate(tables):
        t.reset(seed=21 + i)
    rng = np.random.default_rng(3)
    ended = 0
    resetting = np.zeros(n, np.bool_)
    for _ in range(150):
        for i, t in enumerate(tables):
            if resetting[i]:
                continue
            agent = t.agent_selection
            assert info["current_player"][i] == int(agent[-1])
            seen = t.observe(agent)
            assert np.array_equal(observations[i], seen["observation"])
            assert np.array_equal(info["action_mask"][i], seen["action_mask"])
            assert table.state(i) == t.state
        actions = pick(info["action_mask"], rng)
        observations, rewards, terminated, truncated, info = table.step(actions)
        assert not truncated.any()
        for i, t in enumerate(tables):
            if resetting[i]:
                t.reset()
                assert not rewards[i].any() and not terminated[i]
                continue
            t.step(int(actions[i]))
            assert terminated[i] == all(t.terminations.values())
            assert rewards[i].tolist() == [t.rewards["player_0"], t.rewards["player_1"]]
            if terminated[i]:
                assert info["current_player"][i] == -1 and not info["action_mask"][i].any()
                ended += 1
        resetting = terminated
    assert ended > 10


def test_self_play_bad_input() -> None:
    table = SelfPlayVectorEnv(3)
    with pytest.raises(AdapterError, match="call reset"):
        table.step(np.zeros(3, np.int64))
    with pytest.raises(AdapterError, match="call reset"):
        table.state(0)
    _, info = table.reset(seed=0)
    with pytest.raises(AdapterError, match=r"shape \(3,\)"):
        table.step(np.zeros(4, np.int64))
    actions = np.argmax(info["action_mask"], axis=1)
    actions[1] = 45
    _, rewards, terminated, _, info = table.step(actions)
    mover = 1 - int(np.argmax(rewards[1]))
    assert rewards[1].tolist() == [-3.0, 3.0][:: 1 if mover == 0 else -1]
    assert terminated[1] and info["illegal_action"].tolist() == [False, True, False]
    assert info["current_player"][1] == -1 and not info["action_mask"][1].any()
    strict = SelfPlayVectorEnv(2, illegal="raise")
    _, info = strict.reset(seed=[5, None])
    before = [strict.state(0), strict.state(1)]
    with pytest.raises(AdapterError, match=r"hand 0: action 0.5 is illegal for player_\d"):
        strict.step(np.array([0.5, 0.5]))
    assert [strict.state(0), strict.state(1)] == before
    with pytest.raises(AdapterError, match="seed must be None, an int or a list of 2 ints"):
        strict.reset(seed=[1])
    assert np.array_equal(strict.reset(seed=-4)[0], strict.reset(seed=[-4, -3])[0])
    with pytest.raises(AdapterError, match="num_envs"):
        SelfPlayVectorEnv(0)
    with pytest.raises(AdapterError, match="illegal must be"):
        SelfPlayVectorEnv(1, illegal="skip")
    again, _ = strict.reset()
    assert again.shape == (2, 184)


def test_the_collector_is_paused_only_during_a_step(monkeypatch: pytest.MonkeyPatch) -> None:
    import gc

    envs = VsBotVectorEnv(2)
    envs.reset(seed=0)
    seen: list[bool] = []
    play = envs.stepper.play

    def spy(*args: Any) -> None:
        seen.append(gc.isenabled())
        play(*args)

    monkeypatch.setattr(envs.stepper, "play", spy)
    assert gc.isenabled()
    envs.step(np.argmax(envs.action_masks(), axis=1))
    assert seen == [False] and gc.isenabled()
    gc.disable()
    try:
        envs.step(np.argmax(envs.action_masks(), axis=1))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_python_stepper_before_a_deal_and_small_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    stepper = PythonStepper(ss.SCHNAPSEN, RuleBot(), 0, 2)
    observations = np.zeros((2, 184), np.float32)
    masks = np.zeros((2, 40), np.int8)
    with pytest.raises(AdapterError, match="call reset"):
        stepper.encode(observations, masks)
    with pytest.raises(AdapterError, match="call reset"):
        stepper.state(1)
    # The encoders' identity caches start again when full: same results.
    monkeypatch.setattr("sixtysix.encoding._CACHE_LIMIT", 1)
    monkeypatch.setattr("sixtysix.encoding._MASK_BITS", {})
    monkeypatch.setattr("sixtysix.encoding._SIZES", {})
    assert assert_same_run({"variant": "schnapsen", "opponent": "rule"}, 3, 15, 0.0) >= 0
    views = [
        ss.observe(ss.new_hand(rules, seed=1), 0) for rules in (ss.CLASSIC_66, PRESETS["HOYLE_66"])
    ]
    out = np.zeros((2, 212), np.float32)
    encode_views_into(views, out)
    assert all(np.array_equal(out[k], encode_view_array(v)) for k, v in enumerate(views))


class Failing:
    """Plays the first legal move, until it raises at its ``fail_at``-th call."""

    def __init__(self, fail_at: int) -> None:
        self.calls = 0
        self.fail_at = fail_at

    def choose(self, view: ss.PlayerView, rng: Any) -> ss.Move:
        self.calls += 1
        if self.calls == self.fail_at:
            raise RuntimeError("the bot broke")
        return view.legal_moves()[0]


@pytest.mark.parametrize("fail_at", [1, 40])
def test_an_opponent_that_raises_leaves_no_half_stepped_batch(fail_at: int) -> None:
    bot = Failing(fail_at)
    envs = VsBotVectorEnv(8, opponent=bot)
    with pytest.raises(RuntimeError, match="the bot broke"):
        envs.reset(seed=0)
        for _ in range(60):
            envs.step(np.argmax(envs.action_masks(), axis=1))
    # Some hands moved and others did not: nothing goes on until a full reset.
    with pytest.raises(AdapterError, match="call reset"):
        envs.step(np.zeros(8, np.int64))
    with pytest.raises(AdapterError, match="deals every sub-environment"):
        envs.reset(options={"reset_mask": np.eye(8, dtype=np.bool_)[0]})
    bot.fail_at = 0
    observations, _ = envs.reset(seed=0)
    assert np.array_equal(observations, VsBotVectorEnv(8, opponent=Failing(0)).reset(seed=0)[0])
    envs.step(np.argmax(envs.action_masks(), axis=1))


def test_gymnasium_vector_wrappers_work() -> None:
    """Gymnasium's own vector wrappers read the NEXT_STEP metadata and the batches."""
    from gymnasium.wrappers.vector import NormalizeObservation, RecordEpisodeStatistics

    envs = RecordEpisodeStatistics(NormalizeObservation(make_vec(4, opponent="rule")))
    _, infos = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    finished = []
    for _ in range(80):
        _, rewards, terminations, _, infos = envs.step(pick(infos["action_mask"], rng))
        if "episode" in infos:
            done = infos["_episode"]
            finished += infos["episode"]["r"][done].tolist()
            assert (rewards[done] == infos["episode"]["r"][done]).all()
            assert terminations[done].all()
    assert len(finished) > 4 and set(finished) <= {-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0}
