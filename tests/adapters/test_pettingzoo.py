"""The PettingZoo adapter: PettingZoo's own tests, masks, seeding, and no leaked card."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

pettingzoo = pytest.importorskip("pettingzoo", reason="needs the pettingzoo extra")
np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402
from tests.profiles import examples  # noqa: E402

import sixtysix as ss  # noqa: E402
from sixtysix import tausendeins as t1  # noqa: E402
from sixtysix import testing as sst  # noqa: E402
from sixtysix.encoding import encode_view  # noqa: E402
from sixtysix.errors import AdapterError  # noqa: E402
from sixtysix.game import TwoHandGame  # noqa: E402
from sixtysix.moves import move_id  # noqa: E402
from sixtysix.pettingzoo import ENV_NAME, SixtySixEnv, env, raw_env  # noqa: E402

# PettingZoo's api_test warns about dict observations for every environment that is not
# on its own hard-coded list of classic games (tictactoe_v3, leduc_holdem_v4, ...): the
# dict observation + action mask is what the issue asks for (and what those games use).
# It then checks the "observation" and "action_mask" entries themselves; any other
# warning fails the test.
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


def run_quietly(check: Any, *args: Any, **kwargs: Any) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check(*args, **kwargs)
    messages = [str(w.message) for w in caught]
    unexpected = [m for m in messages if not m.startswith(EXPECTED_WARNINGS)]
    assert not unexpected, unexpected
    return messages


@pytest.mark.parametrize("variant", ["schnapsen", "classic_66", "santase"])
def test_api_test(variant: str) -> None:
    run_quietly(api_test, env(variant=variant), num_cycles=1000)


@pytest.mark.parametrize("rules", ["TAUSENDEINS", "TAUSENDEINS_CONTRACT"])
def test_api_test_of_tausendeins(rules: str) -> None:
    """Any Game: Tausendeins, with its own encoding, action ids and rendering."""
    game = t1.TausendeinsGame(t1.get_preset(rules))
    run_quietly(api_test, env(game=game), num_cycles=300)
    run_quietly(seed_test, lambda: env(game=game), num_cycles=100)
    table = raw_env(game=game, render_mode="ansi")
    table.reset(seed=1)
    assert table.observe("player_0")["observation"].shape == game.observation_shape
    assert table.render() == game.render(table.state)


def test_seed_test() -> None:
    run_quietly(seed_test, env, num_cycles=500)
    run_quietly(seed_test, lambda: env(variant="vu_schnapsen"), num_cycles=500)


def test_render_test() -> None:
    def check_ansi(text: object) -> bool:
        return isinstance(text, str) and "trump" in text and "seat 0:" in text

    run_quietly(render_test, env, custom_tests={"ansi": check_ansi})


def test_human_render_prints(capsys: pytest.CaptureFixture[str]) -> None:
    table = env(render_mode="human")
    table.reset(seed=3)
    table.step(int(np.flatnonzero(table.last()[0]["action_mask"])[0]))
    assert "to move:" in capsys.readouterr().out


def test_render_without_mode_warns() -> None:
    table = raw_env()
    table.reset(seed=1)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert table.render() is None


def test_metadata_and_spaces() -> None:
    table = raw_env(variant="classic_66")
    assert table.metadata["name"] == ENV_NAME
    assert table.possible_agents == ["player_0", "player_1"]
    space: Any = table.observation_space("player_0")
    assert space["observation"].shape == (212,) and space["action_mask"].shape == (40,)
    action_space: Any = table.action_space("player_1")
    assert action_space.n == 40


def play_random_hands(table: SixtySixEnv, hands: int, seed: int) -> int:
    rng = random.Random(seed)
    steps = 0
    for hand in range(hands):
        table.reset(seed=seed * 1000 + hand)
        for _ in range(200):  # a hand has at most 51 moves
            agent = table.agent_selection
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                if not table.agents:
                    break
                continue
            yield_check(table, agent, observation)
            table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            steps += 1
    return steps


def yield_check(table: SixtySixEnv, agent: str, observation: dict[str, Any]) -> None:
    """The mask is legal_moves for the mover and all zeros for the other seat."""
    state = table.state
    seat = table.possible_agents.index(agent)
    assert ss.to_move(state) == seat
    expected = np.zeros(40, np.int8)
    for move in ss.legal_moves(state):
        expected[move_id(move)] = 1
    assert np.array_equal(observation["action_mask"], expected)
    other = table.observe(table.possible_agents[1 - seat])
    assert not other["action_mask"].any()
    view = ss.observe(state, seat)
    assert observation["observation"].dtype == np.float32
    assert np.allclose(observation["observation"], encode_view(view))


def test_masks_equal_legal_moves() -> None:
    for variant in ("schnapsen", "classic_66", "vu_schnapsen"):
        assert play_random_hands(raw_env(variant=variant, claims="explicit"), 15, 7) > 0


def test_rewards_are_game_points_at_the_end() -> None:
    table = raw_env()
    rng = random.Random(5)
    for hand in range(20):
        table.reset(seed=hand)
        total = dict.fromkeys(table.possible_agents, 0)
        while not all(table.terminations.values()):
            observation = table.observe(table.agent_selection)
            assert all(r == 0 for r in table.rewards.values())
            table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            for agent, reward in table.rewards.items():
                total[agent] += reward
        expected = TwoHandGame(ss.SCHNAPSEN).returns(table.state)
        assert (total["player_0"], total["player_1"]) == expected
        assert table.last()[1] == expected[table.possible_agents.index(table.agent_selection)]


def test_dealer_and_deal_come_from_the_reset_seed() -> None:
    a, b = raw_env(), raw_env()
    dealers = set()
    for seed in range(12):
        a.reset(seed=seed)
        b.reset(seed=seed)
        assert a.state == b.state
        dealers.add(a.state.dealer)
    assert dealers == {0, 1}
    a.reset(seed=1)
    first = a.state
    a.reset()
    assert a.state != first  # the seeded generator goes on
    b.reset(seed=1)
    b.reset()
    assert a.state == b.state
    a.reset(seed=2, options={"dealer": 1})
    assert a.state.dealer == 1


def test_reset_options_and_errors() -> None:
    table = raw_env(variant="schnapsen")
    state = ss.new_hand(ss.SCHNAPSEN, seed=9, dealer=1)
    table.reset(options={"state": state})
    assert table.state == state and table.agent_selection == "player_0"
    with pytest.raises(AdapterError, match="the dealer must be a seat"):
        table.reset(options={"dealer": 2})
    table.reset(seed=0)
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(AdapterError, match="cannot play action"):
        table.step(illegal)
    with pytest.raises(AdapterError, match="cannot play action"):
        table.step("AC")  # type: ignore[arg-type]


def test_finished_state_as_reset_option() -> None:
    rules = ss.SCHNAPSEN
    state = ss.new_hand(rules, seed=4)
    while not ss.is_over(state):
        state = ss.apply_move(state, ss.legal_moves(state)[0])
    table = raw_env()
    table.reset(options={"state": state})
    assert all(table.terminations.values())
    assert sum(table.rewards.values()) == 0


def test_constructor_errors() -> None:
    with pytest.raises(AdapterError, match="not a preset"):
        raw_env(variant="skat")
    with pytest.raises(AdapterError, match="render_mode must be"):
        raw_env(render_mode="rgb_array")
    with pytest.raises(AdapterError, match=r"no observation encoding.*pass a Game"):
        raw_env(game=object())
    with pytest.raises(AdapterError, match="also give size="):
        raw_env(encoder=lambda view: view)


def test_any_game_with_an_encoder() -> None:
    """The environment is written against the Game protocol: any game with an encoder."""
    from sixtysix.encoding import encode_view_array

    game = TwoHandGame(ss.HOYLE_66)
    table = raw_env(game=game, encoder=encode_view_array, size=212)
    table.reset(seed=2)
    assert table.observe("player_1")["observation"].shape == (212,)


@settings(max_examples=examples(60))
@given(
    state=sst.reachable_states(sst.presets(mariage=False), unfinished=True),
    seat=st.integers(0, 1),
    seed=st.integers(0, 2**32),
)
def test_observation_is_unchanged_by_any_determinization(
    state: ss.HandState, seat: int, seed: int
) -> None:
    table = raw_env(variant=state.rules)
    table.reset(options={"state": state})
    before = table.observe(f"player_{seat}")
    sample = ss.determinize(ss.observe(state, seat), random.Random(seed))
    table.reset(options={"state": sample})
    after = table.observe(f"player_{seat}")
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])
