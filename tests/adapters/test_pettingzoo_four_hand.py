"""The PettingZoo adapter on four-hand partnership Sixty-Six: four agents, masks, no leak."""

from __future__ import annotations

import random
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

pettingzoo = pytest.importorskip("pettingzoo", reason="needs the pettingzoo extra")
np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402
from tests.profiles import examples  # noqa: E402

from sixtysix import partnership as p4  # noqa: E402
from sixtysix.encoding import (  # noqa: E402
    encode_partnership_view,
    partnership_action_mask,
    partnership_layout,
    partnership_observation_size,
)
from sixtysix.errors import AdapterError, SixtySixError  # noqa: E402
from sixtysix.moves import move_id  # noqa: E402
from sixtysix.pettingzoo import SixtySixEnv, env, raw_env  # noqa: E402

EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


def run_quietly(check: Any, *args: Any, **kwargs: Any) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check(*args, **kwargs)
    unexpected = [str(w.message) for w in caught]
    unexpected = [m for m in unexpected if not m.startswith(EXPECTED_WARNINGS)]
    assert not unexpected, unexpected


@pytest.mark.parametrize("variant", ["four_hand_66", "FOUR_HAND_24"])
def test_api_test(variant: str) -> None:
    run_quietly(api_test, env(game="four-hand", variant=variant), num_cycles=1000)


def test_seed_test() -> None:
    run_quietly(seed_test, lambda: env(game="four-hand"), num_cycles=500)
    run_quietly(seed_test, lambda: env(game="four-hand", variant="four_hand_24"), num_cycles=500)


def test_render_test() -> None:
    run_quietly(render_test, lambda render_mode: env(game="four-hand", render_mode=render_mode))
    table = env(game="four-hand", variant="four_hand_24", render_mode="ansi")
    table.reset(seed=2, options={"dealer": 0})
    text = table.render()
    assert text == p4.render(table.unwrapped.state)
    assert text.startswith("four-hand FOUR_HAND_24, dealer seat 0")


def _play(table: Any, rng: random.Random, final: dict[str, float]) -> int:
    """Play random legal actions to the end; check masks against p4.legal_moves."""
    raw = table.unwrapped
    steps = 0
    for agent in table.agent_iter(max_iter=200):
        observation, reward, termination, truncation, _ = table.last()
        state = raw.state
        seat = raw.possible_agents.index(agent)
        if termination or truncation:
            final[agent] = reward
            table.step(None)
            continue
        assert p4.to_move(state) == seat
        mask = observation["action_mask"]
        legal = sorted(move_id(m) for m in p4.legal_moves(state))
        assert list(np.flatnonzero(mask)) == legal and max(legal) < 32
        for other in raw.possible_agents:
            if other != agent:
                assert not table.observe(other)["action_mask"].any()
        table.step(int(rng.choice(legal)))
        steps += 1
    return steps


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(["four_hand_66", "four_hand_24"]))
def test_four_agents_masks_and_rewards(seed: int, variant: str) -> None:
    table = env(game="four-hand", variant=variant)
    table.reset(seed=seed)
    assert table.agents == ["player_0", "player_1", "player_2", "player_3"]
    rules = p4.get_preset(variant)
    final: dict[str, float] = {}
    steps = _play(table, random.Random(seed), final)
    raw = table.unwrapped
    assert steps == rules.deck.size and p4.is_over(raw.state)
    d = raw.game.returns(raw.state)[0]
    assert [final[a] for a in raw.possible_agents] == [d, -d, d, -d]
    assert (
        d
        == p4.score_hand(raw.state).side_game_points[0]
        - (p4.score_hand(raw.state).side_game_points[1])
    )


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 31), seat=st.integers(0, 3))
def test_observation_does_not_change_under_determinize(seed: int, moves: int, seat: int) -> None:
    rng = random.Random(seed)
    state = p4.new_hand(p4.FOUR_HAND_66, seed=seed, dealer=seed % 4)
    for _ in range(moves):
        state = p4.apply_move(state, rng.choice(p4.legal_moves(state)))
    raw = raw_env(game="four-hand")
    raw.reset(options={"state": state})
    agent = f"player_{seat}"
    before = raw.observe(agent)
    view = p4.observe(state, seat)
    for _ in range(3):
        world = p4.determinize(view, rng)
        raw.reset(options={"state": world})
        after = raw.observe(agent)
        assert np.array_equal(before["observation"], after["observation"])
        assert np.array_equal(before["action_mask"], after["action_mask"])
    vector = encode_partnership_view(view)
    assert len(vector) == partnership_observation_size(p4.FOUR_HAND_66)
    assert all(0.0 <= x <= 4.0 for x in vector)
    assert sum(partnership_action_mask(view)) == len(view.legal_moves())


def test_the_encoding_blocks() -> None:
    state = p4.new_hand(p4.FOUR_HAND_24, seed=4, dealer=1)
    rng = random.Random(0)
    for _ in range(6):
        state = p4.apply_move(state, rng.choice(p4.legal_moves(state)))
    view = p4.observe(state, 3)
    v = encode_partnership_view(view)
    b = {name: v[a : a + n] for name, a, n in partnership_layout(p4.FOUR_HAND_24)}
    cards = p4.FOUR_HAND_24.deck.cards
    assert [c for c, x in zip(cards, b["hand"], strict=True) if x] == list(view.hand)
    assert sum(b["played_0"]) + sum(b["played_1"]) + sum(b["played_2"]) + sum(b["played_3"]) == 6
    assert sum(b["trick"]) == 2 and sum(b["best"]) == 1
    assert sum(b["won_us"]) + sum(b["won_them"]) == 4
    assert b["seat"] == [0.0, 0.0, 0.0, 1.0] and b["dealer"] == [0.0, 0.0, 1.0, 0.0]
    assert b["hand_sizes"] == [view.hand_sizes[(3 + r) & 3] / 6 for r in range(4)]
    assert sorted(b["hand_sizes"]) == [4 / 6, 4 / 6, 5 / 6, 5 / 6]
    to_move = view.to_move
    assert to_move is not None and b["to_move"][(to_move - 3) & 3] == 1.0
    assert sum(b["trump"]) == 1 and sum(b["turnup"]) == 1
    with pytest.raises(SixtySixError, match="PartnershipView"):
        encode_partnership_view("view")  # type: ignore[arg-type]
    with pytest.raises(SixtySixError, match="PartnershipRules"):
        partnership_observation_size("D32")  # type: ignore[arg-type]
    assert partnership_observation_size(p4.FOUR_HAND_24.deck) == 347


def test_bad_arguments() -> None:
    with pytest.raises(AdapterError, match="not a four-hand preset"):
        SixtySixEnv(game="four-hand", variant="schnapsen")
    with pytest.raises(AdapterError, match="not a four-hand preset"):
        SixtySixEnv(game="four-hand", variant=3)  # type: ignore[arg-type]
    with pytest.raises(AdapterError, match="game is 'two-hand'"):
        SixtySixEnv(game="three-hand")
    with pytest.raises(AdapterError, match="need game='four-hand'"):
        SixtySixEnv(variant=p4.FOUR_HAND_24)
    table = SixtySixEnv(game="four-hand", variant=p4.FOUR_HAND_24)
    assert isinstance(table.game, p4.PartnershipGame) and table.game.rules == p4.FOUR_HAND_24
    raw = SixtySixEnv(game=p4.PartnershipGame(p4.FOUR_HAND_66))
    space: Any = raw.observation_space("player_3")
    assert space["observation"].shape == (451,)
    assert SixtySixEnv(game="two-hand").game.name.startswith("two-hand")


def test_the_docs_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    page = Path(__file__).parent.parent.parent / "docs" / "adapters.md"
    found = re.search(r"<!-- four-hand example -->\n```python\n(.*?)```", page.read_text(), re.S)
    assert found is not None
    exec(compile(found.group(1), f"{page}:four-hand", "exec"), {"__name__": "docs_example"})
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "['player_0', 'player_1', 'player_2', 'player_3']",
        "player_2 scores -1",
        "player_0 scores -1",
        "player_1 scores 1",
        "player_3 scores 1",
    ]
