"""The Gymnasium adapter: check_env, seeding, masks, the illegal-action policy."""

from __future__ import annotations

import random
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="needs the gymnasium extra")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import sixtysix as ss  # noqa: E402
from sixtysix import partnership as p4  # noqa: E402
from sixtysix import tausendeins as t1  # noqa: E402
from sixtysix.bots import RandomBot, RuleBot  # noqa: E402
from sixtysix.encoding import encode_view  # noqa: E402
from sixtysix.errors import AdapterError, PlayerError  # noqa: E402
from sixtysix.gymnasium import ENV_ID, ILLEGAL_ACTION_REWARD, VsBotEnv  # noqa: E402
from sixtysix.moves import move_id  # noqa: E402


def make(**kwargs: Any) -> Any:
    return gymnasium.make(ENV_ID, **kwargs)


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"variant": "classic_66", "opponent": "rule"},
        {"variant": "santase", "seat": 1, "render_mode": "ansi"},
        {"variant": "vu_schnapsen", "claims": "explicit", "render_mode": "human"},
        {"variant": "schnapsen", "opponent": "rule", "mask_observation": True},
    ],
)
def test_check_env(kwargs: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    check_env(make(**kwargs).unwrapped)
    capsys.readouterr()


def test_registered_on_import() -> None:
    assert ENV_ID in gymnasium.registry
    env = make(variant="SCHNAPSEN", opponent=RuleBot())
    assert isinstance(env.unwrapped, VsBotEnv)
    assert env.unwrapped.rules == ss.SCHNAPSEN
    assert env.observation_space.shape == (184,)
    assert env.action_space.n == 40


def random_run(env: Any, seed: int, episodes: int) -> list[float]:
    rng = random.Random(seed)
    returns = []
    for episode in range(episodes):
        _, info = env.reset(seed=seed + episode)
        total = 0.0
        for _ in range(100):  # a hand has at most 51 moves
            mask = env.unwrapped.action_masks()
            assert np.array_equal(mask, info["action_mask"].astype(bool))
            legal = np.flatnonzero(mask).tolist()
            _observation, reward, terminated, truncated, info = env.step(rng.choice(legal))
            total += reward
            assert not truncated
            if terminated:
                break
        else:
            raise AssertionError("the hand did not end")
        returns.append(total)
    return returns


def test_short_random_policy_run_finishes() -> None:
    returns = random_run(make(variant="schnapsen", opponent="rule"), 1, 20)
    assert len(returns) == 20
    assert all(r in (-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0) for r in returns)
    assert any(r != 0 for r in returns)


def test_masks_and_observations_are_the_agents_view() -> None:
    env = make(variant="classic_66", seat=1, opponent="random")
    raw = env.unwrapped
    rng = random.Random(3)
    for seed in range(10):
        observation, _ = env.reset(seed=seed)
        while True:
            state = raw.state
            assert ss.to_move(state) == 1
            assert np.allclose(observation, encode_view(ss.observe(state, 1)))
            expected = sorted(move_id(m) for m in ss.legal_moves(state))
            assert np.flatnonzero(raw.action_masks()).tolist() == expected
            observation, _, terminated, _, _info = env.step(rng.choice(expected))
            if terminated:
                assert not raw.action_masks().any()
                break


def test_reset_seeds_deal_dealer_and_opponent() -> None:
    def trajectory(seed: int) -> list[Any]:
        env = make(variant="schnapsen", opponent="random")
        env.reset(seed=seed)
        out: list[Any] = [env.unwrapped.state]
        for _ in range(100):
            action = int(np.flatnonzero(env.unwrapped.action_masks())[0])
            _observation, _reward, terminated, _, _ = env.step(action)
            out.append(env.unwrapped.state)
            if terminated:
                return out
        raise AssertionError("the hand did not end")

    # The agent always plays its first legal move: the rest is the seed's.
    assert trajectory(5) == trajectory(5)
    dealers = set()
    for seed in range(12):
        env = make()
        env.reset(seed=seed)
        dealers.add(env.unwrapped.state.dealer)
    assert dealers == {0, 1}
    env = make()
    env.reset(seed=1)
    first = env.unwrapped.state
    env.reset(seed=2)
    assert env.unwrapped.state != first
    env.reset(seed=3, options={"dealer": 1})
    assert env.unwrapped.state.dealer == 1


def test_opponent_rng_comes_from_the_seed() -> None:
    """The opponent's generator is drawn from the reset seed, like the deal."""
    a, b = VsBotEnv(), VsBotEnv()
    a.reset(seed=4)
    b.reset(seed=4)
    assert a._opponent_rng.getstate() == b._opponent_rng.getstate()
    b.reset(seed=5)
    assert a._opponent_rng.getstate() != b._opponent_rng.getstate()


class Claimer:
    """Marries whenever it can, then claims at once: false claims at the first lead."""

    def choose(self, view: ss.PlayerView, rng: random.Random) -> ss.Move:
        moves = view.legal_moves()
        for move in moves:
            if isinstance(move, ss.Marry | ss.Claim):
                return move
        return moves[0]


def test_hands_the_opponent_ends_at_once_are_dealt_again(monkeypatch: pytest.MonkeyPatch) -> None:
    env = VsBotEnv(variant="schnapsen", claims="explicit", opponent=Claimer(), seat=0)
    redeals = 0
    for seed in range(40):
        env.reset(seed=seed, options={"dealer": 0})
        assert env.state is not None
        assert not ss.is_over(env.state) and ss.to_move(env.state) == 0
        redeals += env.redeals
    assert redeals > 0
    monkeypatch.setattr("sixtysix.gymnasium._MAX_REDEALS", 1)
    with pytest.raises(AdapterError, match="ended 1 hands in a row"):
        for seed in range(40):
            env.reset(seed=seed, options={"dealer": 0})


def test_illegal_action_policies() -> None:
    env = make(variant="schnapsen")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.unwrapped.action_masks())[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (ILLEGAL_ACTION_REWARD, True, False)
    assert info["illegal_action"] is True and not info["action_mask"].any()
    assert not env.unwrapped.action_masks().any()
    with pytest.raises(AdapterError, match="call reset"):
        env.unwrapped.step(0)
    strict = make(variant="schnapsen", illegal="raise").unwrapped
    strict.reset(seed=0)
    with pytest.raises(AdapterError, match="is illegal; legal:"):
        strict.step(illegal)
    with pytest.raises(AdapterError, match="is illegal"):
        strict.step("AC")


def test_errors() -> None:
    raw = VsBotEnv()
    with pytest.raises(AdapterError, match="call reset"):
        raw.step(0)
    assert not raw.action_masks().any()
    with pytest.raises(AdapterError, match="seat must be 0 or 1"):
        VsBotEnv(seat=2)
    with pytest.raises(AdapterError, match="illegal must be"):
        VsBotEnv(illegal="ignore")
    with pytest.raises(AdapterError, match="render_mode must be"):
        VsBotEnv(render_mode="rgb_array")
    with pytest.raises(AdapterError, match="opponent must be a Bot"):
        VsBotEnv(opponent=42)  # type: ignore[arg-type]
    with pytest.raises(PlayerError, match="unknown bot"):
        VsBotEnv(opponent="nobody")
    with pytest.raises(AdapterError, match="the dealer must be 0 or 1"):
        raw.reset(options={"dealer": 5})
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert raw.render() is None
    assert VsBotEnv(render_mode="ansi").render() == "no hand: call reset()"
    assert isinstance(VsBotEnv(opponent="random", opponent_kwargs={}).opponent, RandomBot)


def test_mask_observation_puts_the_mask_in_the_observation() -> None:
    env = make(variant="schnapsen", mask_observation=True)
    observation, info = env.reset(seed=3)
    assert set(observation) == {"observation", "action_mask"}
    assert observation in env.observation_space
    assert np.array_equal(observation["action_mask"], info["action_mask"])
    assert np.array_equal(observation["action_mask"], env.unwrapped.action_masks())
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    observation, reward, terminated, _, info = env.step(illegal)
    assert reward == ILLEGAL_ACTION_REWARD and terminated
    assert not observation["action_mask"].any() and not info["action_mask"].any()


ANY_GAMES = [
    p4.PartnershipGame(p4.FOUR_HAND_24),
    t1.TausendeinsGame(t1.TAUSENDEINS),
    t1.TausendeinsGame(t1.TAUSENDEINS_CONTRACT),
]


@pytest.mark.parametrize("game", ANY_GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("seat", [0, 1])
def test_any_game(game: Any, seat: int, capsys: pytest.CaptureFixture[str]) -> None:
    """Any Game: the four-hand game (the bot plays the partner too), Tausendeins."""
    check_env(make(game=game, seat=seat, mask_observation=True).unwrapped)
    table = VsBotEnv(game=game, seat=seat, render_mode="human")
    observation, info = table.reset(seed=3)
    assert observation.shape == game.observation_shape
    assert game.to_move(table.state) == seat
    mask = table.action_masks()
    legal = game.legal_moves(table.state)
    assert mask.shape == (game.num_actions,) and mask.sum() == len(legal)
    assert list(observation) == pytest.approx(game.encode(game.observe(table.state, seat)))
    rng = random.Random(1)
    terminated, total = False, 0.0
    while not terminated:
        action = rng.choice(np.flatnonzero(table.action_masks()))
        observation, reward, terminated, _, info = table.step(action)
        total += reward
    assert total == game.returns(table.state)[seat]
    assert not table.action_masks().any() and not info["action_mask"].any()
    assert game.render(table.state, seat) in capsys.readouterr().out


def test_any_game_errors() -> None:
    game = p4.PartnershipGame(p4.FOUR_HAND_66)
    with pytest.raises(AdapterError, match="seat must be 0 to 3"):
        VsBotEnv(game=game, seat=4)
    with pytest.raises(AdapterError, match="a seat, 0 to 3"):
        VsBotEnv(game=game).reset(options={"dealer": 4})
    with pytest.raises(AdapterError, match="must be a sixtysix Game"):
        VsBotEnv(game=object())  # type: ignore[arg-type]
    assert VsBotEnv(game=game).rules is p4.FOUR_HAND_66
