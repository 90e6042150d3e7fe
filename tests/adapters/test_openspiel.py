"""The OpenSpiel adapter: OpenSpiel's own game tests, and agreement with the core engine.

The playthrough in tests/data/python_sixtysix.txt is regenerated (after a deliberate
change of the game's strings or tensors) with ``python tests/adapters/test_openspiel.py``.
"""

from __future__ import annotations

import os
import pickle
import random
import re
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from tests.helpers import SEARCH_PRESETS
from tests.profiles import repeats

pyspiel = pytest.importorskip("pyspiel", reason="needs the openspiel extra (open_spiel)")
np = pytest.importorskip("numpy")

import sixtysix as ss  # noqa: E402
import sixtysix.openspiel as sso  # noqa: E402
from sixtysix.bots.strongest import strongest_bot  # noqa: E402
from sixtysix.encoding import encode_view  # noqa: E402
from sixtysix.errors import AdapterError, IllegalMoveError, PlayerError  # noqa: E402
from sixtysix.game import TwoHandGame  # noqa: E402
from sixtysix.moves import ALL_MOVES, move_id  # noqa: E402

api_test = pytest.importorskip("open_spiel.integration_tests.api_test")
games_sim_test = pytest.importorskip("open_spiel.python.tests.games_sim_test")
generate_playthrough = pytest.importorskip("open_spiel.python.algorithms.generate_playthrough")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
evaluate_bots = pytest.importorskip("open_spiel.python.algorithms.evaluate_bots").evaluate_bots
uniform_random = pytest.importorskip("open_spiel.python.bots.uniform_random")

PRESET_NAMES = [name.lower() for name in SEARCH_PRESETS]  # not Mariage (rules §13)
PLAYTHROUGH = Path(__file__).parent.parent / "data" / "python_sixtysix.txt"
PLAYTHROUGH_GAME = "python_sixtysix(variant=schnapsen)"
ADAPTERS_PAGE = Path(__file__).parent.parent.parent / "docs" / "adapters.md"
# random_sim_test runs: SIXTYSIX_SIM_COUNT for every preset when it is set
# (SIXTYSIX_SIM_COUNT=100 runs the full acceptance check); otherwise weights of the
# Hypothesis profile (tests/profiles.py): 100 for Schnapsen and 20 for the other presets,
# so 30 and 6 under the default ci profile and 100 and 20 under dev.
SIM_COUNT = os.environ.get("SIXTYSIX_SIM_COUNT")


def sim_count(variant: str) -> int:
    if SIM_COUNT is not None:
        return int(SIM_COUNT)
    return repeats(100 if variant == "schnapsen" else 20)


def load(text: str = "python_sixtysix") -> Any:
    return pyspiel.load_game(text)


def deal(state: Any, rng: Any) -> None:
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probs)))


def random_states(game: Any, seed: int, count: int) -> list[Any]:
    """States at random points of random hands (decision nodes only)."""
    rng = np.random.RandomState(seed)
    out: list[Any] = []
    while len(out) < count:
        state = game.new_initial_state()
        deal(state, rng)
        stop = rng.randint(0, 30)
        for _ in range(stop):
            if state.is_terminal():
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
        if not state.is_terminal():
            out.append(state)
    return out


# ------------------------------------------------------------- OpenSpiel's own tests


@pytest.mark.parametrize("variant", PRESET_NAMES)
def test_random_sim_test(variant: str) -> None:
    game = load(f"python_sixtysix(variant={variant})")
    pyspiel.random_sim_test(game, num_sims=sim_count(variant), serialize=True, verbose=False)


@pytest.mark.parametrize("params", ["", "(claims=auto,dealer=0)", "(variant=classic_66)"])
def test_games_sim_test_sim_game(params: str) -> None:
    """The checks OpenSpiel's games_sim_test runs on every registered game."""
    case = games_sim_test.GamesSimTest()
    for _ in range(5):
        case.sim_game(load(f"python_sixtysix{params}"))


class TestEnforceApiPartialTree(api_test.EnforceAPIOnPartialTreeBase):  # type: ignore[misc,name-defined]
    """OpenSpiel's integration API test on 400 sampled states of the game."""

    game_name = sso.GAME_NAME
    game = load()


class TestEnforceApiPartialTreeClassic(api_test.EnforceAPIOnPartialTreeBase):  # type: ignore[misc,name-defined]
    game_name = sso.GAME_NAME
    game = load("python_sixtysix(variant=classic_66,claims=explicit)")


def test_playthrough_replays_identically() -> None:
    flags = pytest.importorskip("absl.flags")
    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()
    original, regenerated = generate_playthrough.replay(str(PLAYTHROUGH))
    assert original == regenerated


def test_playthrough_is_a_whole_hand() -> None:
    text = PLAYTHROUGH.read_text(encoding="utf-8")
    assert text.startswith(f"game: {PLAYTHROUGH_GAME}\n")
    assert "IsTerminal() = True" in text


def test_game_facts() -> None:
    game = load("python_sixtysix(variant=Classic_66)")
    assert game.num_distinct_actions() == 40
    assert game.num_players() == 2
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-3.0, 3.0, 0.0)
    assert game.max_game_length() == 51
    assert game.max_chance_nodes_in_history() == 25
    assert game.observation_tensor_size() == 212
    assert game.information_state_tensor_size() == 212 + 51 * 40 + 24 + 7 * 24
    assert game.rules == ss.CLASSIC_66
    assert load("python_sixtysix(dealer=1)").max_chance_nodes_in_history() == 20
    assert pickle.loads(pickle.dumps(game)).rules == ss.CLASSIC_66


# ------------------------------------------------------------------ parameters


def test_dealer_parameter() -> None:
    state = load("python_sixtysix(dealer=1)").new_initial_state()
    assert state.chance_outcomes()[0][0] == ss.SCHNAPSEN.deck.cards[0].index
    deal(state, np.random.RandomState(0))
    assert state.hand.dealer == 1
    chance = load().new_initial_state()
    assert chance.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    assert chance.action_to_string(pyspiel.PlayerId.CHANCE, 1) == "dealer 1"
    chance.apply_action(1)
    assert chance.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal AC"
    assert "dealer seat 1" in str(chance)


def test_claims_parameter() -> None:
    assert load("python_sixtysix(claims=auto)").rules.claim_mode is ss.ClaimMode.AUTO
    assert load("python_sixtysix(claims=EXPLICIT,variant=santase)").rules.claim_mode is (
        ss.ClaimMode.EXPLICIT
    )
    assert load("python_sixtysix(variant=santase)").rules == ss.SANTASE
    for state in random_states(load("python_sixtysix(claims=auto)"), 3, 30):
        assert move_id(ss.Claim()) not in state.legal_actions()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("python_sixtysix(variant=skat)", "not a preset"),
        ("python_sixtysix(claims=sometimes)", "claims must be one of"),
        ("python_sixtysix(dealer=2)", "dealer must be 0, 1 or -1"),
    ],
)
def test_bad_parameters(text: str, message: str) -> None:
    with pytest.raises(Exception, match=message):
        load(text)


def test_bad_parameters_direct() -> None:
    with pytest.raises(AdapterError, match="no parameter 'colour'"):
        sso.SixtySixGame({"colour": "red"})
    game = load()
    with pytest.raises(AdapterError, match="no observation parameters"):
        game.make_py_observer(None, {"x": 1})
    everyone = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(AdapterError, match="ALL_PLAYERS"):
        game.make_py_observer(everyone)


# ----------------------------------------------------------- agreement with the core


@pytest.mark.parametrize("variant", PRESET_NAMES)
def test_legal_actions_and_returns_agree_with_core(variant: str) -> None:
    rules = ss.get_preset(variant)
    game = load(f"python_sixtysix(variant={variant},dealer=0)")
    rng = random.Random(variant)
    for seed in range(20):
        state = game.new_initial_state()
        for card in ss.shuffled_deck(rules, seed):
            state.apply_action(card.index)
        core = ss.new_hand(rules, seed, dealer=0)
        assert state.hand == core
        for _ in range(200):  # a hand has at most 51 moves
            if ss.is_over(core):
                break
            assert state.current_player() == ss.to_move(core)
            assert state.legal_actions() == sorted(move_id(m) for m in ss.legal_moves(core))
            move = rng.choice(ss.legal_moves(core))
            state.apply_action(move_id(move))
            core = ss.apply_move(core, move)
        assert state.is_terminal() and state.hand == core
        result = ss.score_hand(core)
        returns = state.returns()
        assert returns == [float(x) for x in TwoHandGame(rules).returns(core)]
        if result.winner is None:
            assert returns == [0.0, 0.0]
        else:
            assert returns[result.winner] == result.game_points
            assert sum(returns) == 0.0


def test_game_length_bound_holds() -> None:
    for variant in PRESET_NAMES:
        game = load(f"python_sixtysix(variant={variant},claims=explicit)")
        rng = np.random.RandomState(1)
        longest = 0
        for _ in range(30):
            state = game.new_initial_state()
            deal(state, rng)
            moves = 0
            while not state.is_terminal():
                state.apply_action(int(rng.choice(state.legal_actions())))
                moves += 1
            longest = max(longest, moves)
        assert 0 < longest <= game.max_game_length()


# ------------------------------------------------------ clone, serialize, pickle


def test_clone_serialize_pickle_round_trips_are_equal_and_independent() -> None:
    game = load()
    for state in random_states(game, 5, 25):
        copies = [
            state.clone(),
            game.deserialize_state(state.serialize()),
            pickle.loads(pickle.dumps(state)),
            pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
        ]
        before = (str(state), state.history(), state.hand)
        for copy in copies:
            assert type(copy) is sso.SixtySixState
            assert str(copy) == before[0] and copy.history() == before[1]
            assert copy.hand == before[2] and copy.pack == state.pack
            assert copy.information_state_string(0) == state.information_state_string(0)
            assert copy.information_state_tensor(1) == state.information_state_tensor(1)
            copy.apply_action(copy.legal_actions()[-1])
            assert (str(state), state.history(), state.hand) == before
            assert copy.history() == [*before[1], copy.history()[-1]]


def test_clone_during_the_deal() -> None:
    state = load().new_initial_state()
    state.apply_action(0)
    state.apply_action(3)
    copy = state.clone()
    copy.apply_action(4)
    assert state.pack == (3,) and copy.pack == (3, 4)
    assert "2 cards dealt" in str(copy)


def test_clone_is_cheap() -> None:
    """A clone shares the immutable record: the state holds nothing else.

    ``python benchmarks/adapters.py`` prints what a clone costs.
    """
    state = random_states(load(), 2, 1)[0]
    copy = state.clone()
    assert copy._r is state._r
    assert set(vars(state)) == {"_r"}


# ------------------------------------------------------------------ observations


def test_tensors_come_from_the_encoding() -> None:
    game = load()
    n = ss.SCHNAPSEN.deck.size
    for state in random_states(game, 7, 20):
        for player in (0, 1):
            view = ss.observe(state.hand, player)
            assert state.observation_tensor(player) == pytest.approx(encode_view(view))
            info = state.information_state_tensor(player)
            assert info[: len(encode_view(view))] == pytest.approx(encode_view(view))
            moves = np.asarray(info[184 : 184 + 43 * 40]).reshape(43, 40)
            history = [a for _, a in state._r.moves]
            assert moves.sum() == len(history)
            assert [int(np.argmax(row)) for row in moves[: len(history)]] == history
            dealt = info[184 + 43 * 40 : 184 + 43 * 40 + n]
            assert sum(dealt) == 5
            assert state.observation_string(player).startswith("hand=")
            assert f"seat={player}" in state.information_state_string(player)


def test_factored_observations() -> None:
    game = load()
    public_type = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    private_type = pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    private_recall = pyspiel.IIGObservationType(
        public_info=False, perfect_recall=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    public = game.make_py_observer(public_type)
    private = game.make_py_observer(private_type)
    recall = game.make_py_observer(private_recall)
    assert list(private.dict) == ["hand"] and list(public.dict) == ["public"]
    assert list(recall.dict) == ["hand", "dealt", "received"]
    for state in random_states(game, 8, 10):
        hand = " ".join(str(c) for c in state.hand.hand(0))
        assert private.string_from(state, 0) == f"hand={hand}"
        assert "hand=" not in public.string_from(state, 0)
        assert recall.string_from(state, 0).startswith(f"hand={hand}; dealt=")
        private.set_from(state, 0)
        assert private.tensor.sum() == len(state.hand.hand(0))
    before = game.new_initial_state()
    public.set_from(before, 0)
    assert public.tensor.sum() == 0 and "dealing" in public.string_from(before, 1)


def test_observation_hides_the_opponent_hand() -> None:
    """Swapping the hidden cards never changes a player's observations."""
    game = load()
    rng = random.Random(4)
    for state in random_states(game, 9, 20):
        player = state.current_player()
        other = sso.resample(state, player, rng)
        for fn in ("observation_tensor", "observation_string", "information_state_tensor"):
            assert getattr(other, fn)(player) == getattr(state, fn)(player)


# -------------------------------------------------------------------- resampler


@pytest.mark.parametrize("variant", ["schnapsen", "classic_66", "vu_schnapsen", "pagat_66"])
def test_resampler_keeps_info_state_player_and_legal_actions(variant: str) -> None:
    game = load(f"python_sixtysix(variant={variant},claims=explicit)")
    callback = sso.resampler(random.Random(0))
    changed = 0
    for state in random_states(game, 11, 40):
        player = state.current_player()
        key = state.information_state_string(player)
        for _ in range(3):
            sample = callback(state, player)
            assert sample.information_state_string(player) == key
            assert sample.current_player() == player
            assert sample.legal_actions() == state.legal_actions()
            assert len(sample.history()) == len(state.history())
            assert sample.hand is not None and state.hand is not None
            assert ss.observe(sample.hand, player) == ss.observe(state.hand, player)
            changed += sample.hand != state.hand
    assert changed > 0


def test_resampled_state_has_perfect_recall() -> None:
    """Replaying a resample gives the player the same sequence of information states."""
    game = load("python_sixtysix(dealer=0)")
    rng = random.Random(2)

    def own_sequence(state: Any, player: int) -> list[tuple[str, int]]:
        replay = game.new_initial_state()
        out = []
        for action in state.history():
            if replay.current_player() == player:
                out.append((replay.information_state_string(player), action))
            replay.apply_action(action)
        return out

    for state in random_states(game, 12, 15):
        player = state.current_player()
        sample = sso.resample(state, player, rng)
        assert own_sequence(sample, player) == own_sequence(state, player)


def test_resample_errors() -> None:
    state = load().new_initial_state()
    with pytest.raises(AdapterError, match="once the pack is dealt"):
        sso.resample(state, 0, random.Random(0))
    deal(state, np.random.RandomState(0))
    with pytest.raises(AdapterError, match="the player must be 0 or 1"):
        sso.resample(state, 2, random.Random(0))
    with pytest.raises(AdapterError, match="rng must be"):
        sso.resampler("seed")  # type: ignore[arg-type]
    assert sso.resampler(None)(state, 0).hand is not None
    assert sso.resampler(3)(state, 0).hand is not None


def test_ismcts_bot_with_resampler_plays_four_hands() -> None:
    game = load("python_sixtysix(variant=schnapsen)")
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(4)),
        uct_c=2.0,
        max_simulations=8,
        random_state=np.random.RandomState(5),
    )
    bot.set_resampler(sso.resampler(6))
    totals = [0.0, 0.0]
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                deal(state, rng)
                continue
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        returns = state.returns()
        assert sum(returns) == 0.0 and max(abs(x) for x in returns) <= 3
        totals = [t + r for t, r in zip(totals, returns, strict=True)]
    assert sum(totals) == 0.0


# ------------------------------------------------------------------ as_pyspiel_bot

#: Every two-hand bot of the registry, with budgets small enough for tests.
SMALL_BOTS: dict[str, Any] = {
    "random": ss.RandomBot(),
    "rule": ss.RuleBot(),
    "pimc": ss.PimcBot(worlds=4, min_worlds=2, exact_talon=0),
    "ismcts": ss.IsmctsBot(iterations=6),
    "strongest": strongest_bot(worlds=4, min_worlds=2, exact_talon=0, time_limit=None),
}


def test_small_bots_cover_the_registry() -> None:
    from sixtysix.bots.registry import two_hand_bot_names

    assert sorted(SMALL_BOTS) == two_hand_bot_names()


def test_wrapped_rule_bot_beats_uniform_random_in_evaluate_bots() -> None:
    """OpenSpiel's evaluate_bots plays the wrapped RuleBot against its uniform random bot."""
    game = load("python_sixtysix(variant=schnapsen)")
    rng = np.random.RandomState(0)
    rule_total = 0.0
    won = 0
    games = max(10, repeats(40))
    for g in range(games):
        seat = g % 2
        rule = sso.as_pyspiel_bot(ss.RuleBot(), seat, rng=g)
        uniform = uniform_random.UniformRandomBot(1 - seat, np.random.RandomState(g))
        bots = [rule, uniform] if seat == 0 else [uniform, rule]
        state = game.new_initial_state()
        returns = evaluate_bots(state, bots, rng)
        assert state.is_terminal() and sum(returns) == 0.0
        rule_total += returns[seat]
        won += returns[seat] > 0
    # RuleBot wins almost every hand against a player that also claims at random.
    assert won > games * 0.7 and rule_total > 0


@pytest.mark.parametrize("name", sorted(SMALL_BOTS))
@pytest.mark.parametrize("variant", ["schnapsen", "classic_66", "santase"])
def test_wrapped_bot_picks_only_legal_actions(name: str, variant: str) -> None:
    game = load(f"python_sixtysix(variant={variant},claims=explicit)")
    wrapped = sso.as_pyspiel_bot(SMALL_BOTS[name], rng=1)
    rng = np.random.RandomState(2)
    hands = 2 if name in ("pimc", "ismcts", "strongest") else 6
    decisions = 0
    for _ in range(hands):
        state = game.new_initial_state()
        wrapped.restart_at(state)
        while not state.is_terminal():
            if state.is_chance_node():
                deal(state, rng)
                continue
            action = wrapped.step(state)
            assert type(action) is int and action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert decisions > hands


@pytest.mark.parametrize("name", sorted(SMALL_BOTS))
def test_wrapped_choice_is_the_bare_choice_on_the_same_view(name: str) -> None:
    bot = SMALL_BOTS[name]
    for k, state in enumerate(random_states(load(), 21, 8)):
        seat = state.current_player()
        view = ss.observe(state.hand, seat)
        bare = bot.choose(view, random.Random(k))
        assert sso.as_pyspiel_bot(bot, seat, rng=k).step(state) == move_id(bare)
        assert sso.as_pyspiel_bot(bot, rng=random.Random(k)).step(state) == move_id(bare)


@attrs.define
class SpyBot:
    """Plays like RuleBot and keeps every view it was given."""

    views: list[Any] = attrs.field(factory=list)

    def choose(self, view: Any, rng: random.Random) -> Any:
        self.views.append(view)
        return ss.RuleBot().choose(view, rng)


def test_wrapped_bot_sees_only_the_acting_players_view() -> None:
    game = load()
    rng = random.Random(5)
    for state in random_states(game, 22, 15):
        seat = state.current_player()
        spy = SpyBot()
        wrapped = sso.as_pyspiel_bot(spy, rng=0)
        action = wrapped.step(state)
        (view,) = spy.views
        assert type(view) is ss.PlayerView
        assert view == ss.observe(state.hand, seat) and view.seat == seat
        # Dealing the hidden cards again changes nothing the bot is given or chooses.
        other = sso.resample(state, seat, rng)
        assert sso.as_pyspiel_bot(spy, rng=0).step(other) == action
        assert spy.views[1] == view


def play_games(bots: list[Any], seed: int, games: int) -> list[list[int]]:
    game = load("python_sixtysix(variant=classic_66)")
    rng = np.random.RandomState(seed)
    histories = []
    for _ in range(games):
        state = game.new_initial_state()
        evaluate_bots(state, bots, rng)
        histories.append(state.history())
    return histories


def test_wrapped_bots_are_reproducible_from_the_seed() -> None:
    def bots(seed: int) -> list[Any]:
        return [
            sso.as_pyspiel_bot("random", 0, rng=seed),
            sso.as_pyspiel_bot("random", 1, rng=seed + 1),
        ]

    first = play_games(bots(7), 3, 4)
    assert play_games(bots(7), 3, 4) == first
    assert play_games(bots(8), 3, 4) != first


def test_wrapped_bots_in_the_cpp_evaluate_bots() -> None:
    """pyspiel.evaluate_bots (C++) plays the wrapped bots too, reproducibly from its seed."""
    game = load("python_sixtysix(variant=schnapsen)")

    def run(seed: int) -> list[float]:
        state = game.new_initial_state()
        bots = [sso.as_pyspiel_bot("rule", 0, rng=1), sso.as_pyspiel_bot("random", 1, rng=2)]
        returns: list[float] = pyspiel.evaluate_bots(state, bots, seed)
        assert state.is_terminal() and returns == state.returns()
        return returns

    results = [run(seed) for seed in range(6)]
    assert results == [run(seed) for seed in range(6)]
    assert all(sum(r) == 0.0 and abs(r[0]) in (1, 2, 3) for r in results)


@pytest.mark.parametrize("claims", ["auto", "explicit"])
def test_wrapped_bot_against_openspiel_mcts_bot(claims: str) -> None:
    game = load(f"python_sixtysix(variant=schnapsen,claims={claims})")
    mcts_bot = mcts.MCTSBot(
        game,
        2.0,
        10,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        random_state=np.random.RandomState(1),
    )
    rule = sso.as_pyspiel_bot("rule", rng=2)
    rng = np.random.RandomState(3)
    for bots in ([mcts_bot, rule], [rule, mcts_bot]):
        returns = evaluate_bots(game.new_initial_state(), bots, rng)
        assert sum(returns) == 0.0 and 1 <= abs(returns[0]) <= 3


class RestartableISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc,name-defined]
    """The pattern of docs/adapters.md: ISMCTSBot with the restart_at evaluate_bots calls."""

    def restart_at(self, state: Any) -> None:
        pass


def test_wrapped_bot_against_openspiel_ismcts_bot() -> None:
    game = load("python_sixtysix(variant=schnapsen,claims=auto)")

    def new_ismcts() -> Any:
        bot = RestartableISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
            2.0,
            max_simulations=8,
            random_state=np.random.RandomState(1),
        )
        bot.set_resampler(sso.resampler(2))
        return bot

    # The bare ISMCTSBot cannot start a game in evaluate_bots: that is why the subclass.
    bare = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1), 2.0, max_simulations=8)
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        evaluate_bots(game.new_initial_state(), [bare, sso.as_pyspiel_bot("rule")], np.random)
    ismcts_bot = new_ismcts()
    pimc = sso.as_pyspiel_bot("pimc", rng=3, bot_kwargs={"worlds": 4, "min_worlds": 2})
    rng = np.random.RandomState(4)
    results = []
    for bots in ([ismcts_bot, pimc], [pimc, ismcts_bot], [ismcts_bot, pimc]):
        returns = evaluate_bots(game.new_initial_state(), bots, rng)
        assert sum(returns) == 0.0 and 1 <= abs(returns[0]) <= 3
        results.append(returns)
    # A fresh bot per game is the other pattern: the same seeds give the same games.
    again = [
        evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(5))
        for bots in ([new_ismcts(), sso.as_pyspiel_bot("rule", rng=6)],) * 2
    ]
    assert again[0] == again[1]


def docs_examples() -> dict[str, str]:
    text = ADAPTERS_PAGE.read_text(encoding="utf-8")
    found = re.findall(r"<!-- openspiel example: (\w+) -->\n```python\n(.*?)```", text, re.S)
    return dict(found)


def test_docs_have_the_openspiel_bot_examples() -> None:
    assert sorted(docs_examples()) == ["evaluate_bots", "ismcts", "mcts"]


@pytest.mark.parametrize("name", ["evaluate_bots", "ismcts", "mcts"])
def test_docs_openspiel_bot_example_runs(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = docs_examples()[name]
    exec(compile(code, f"{ADAPTERS_PAGE}:{name}", "exec"), {"__name__": "docs_example"})
    out = capsys.readouterr().out
    returns = [[float(x) for x in found] for found in re.findall(r"\[(\S+), (\S+)\]", out)]
    # Each example prints zero-sum returns; the last line is one hand's (1 to 3 points).
    assert returns and all(a + b == 0 for a, b in returns) and abs(returns[-1][0]) in (1, 2, 3)


def test_wrapped_bot_errors() -> None:
    game = load("python_sixtysix(dealer=0)")
    wrapped = sso.as_pyspiel_bot("rule", 0, rng=0)
    state = game.new_initial_state()
    with pytest.raises(AdapterError, match="chance node"):
        wrapped.step(state)
    deal(state, np.random.RandomState(0))
    assert state.current_player() == 1
    with pytest.raises(AdapterError, match="player 1 is to move, but this bot plays player 0"):
        wrapped.step(state)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(AdapterError, match="the hand is over"):
        wrapped.step(state)
    other = pyspiel.load_game("tic_tac_toe").new_initial_state()
    for method in ("step", "restart_at"):
        with pytest.raises(AdapterError, match=f"{method}: this bot plays python_sixtysix"):
            getattr(wrapped, method)(other)
    with pytest.raises(AdapterError, match="inform_action: this bot plays"):
        wrapped.inform_action(other, 0, 4)
    with pytest.raises(AdapterError, match="inform_actions: this bot plays"):
        wrapped.inform_actions(other, [4])
    live = random_states(game, 23, 1)[0]
    wrapped.restart_at(live)
    wrapped.inform_action(live, 0, live.legal_actions()[0])
    wrapped.inform_actions(live, [])
    assert not wrapped.provides_policy()
    with pytest.raises(AdapterError, match="gives no policy"):
        wrapped.get_policy(live)
    with pytest.raises(AdapterError, match="gives no policy"):
        wrapped.step_with_policy(live)


def test_as_pyspiel_bot_arguments() -> None:
    wrapped = sso.as_pyspiel_bot("pimc", 1, bot_kwargs={"worlds": 8})
    assert wrapped.bot == ss.PimcBot(worlds=8) and wrapped.player_id() == 1
    assert isinstance(wrapped, pyspiel.Bot)
    assert repr(sso.as_pyspiel_bot(ss.RuleBot())) == "PyspielBot(RuleBot(), player_id=None)"
    given = random.Random(3)
    assert sso.as_pyspiel_bot("random", rng=given).rng is given
    with pytest.raises(AdapterError, match="player_id must be 0, 1 or None, not 2"):
        sso.as_pyspiel_bot("rule", 2)
    with pytest.raises(AdapterError, match="player_id must be 0, 1 or None, not True"):
        sso.as_pyspiel_bot("rule", True)
    with pytest.raises(AdapterError, match=r"rng must be a random\.Random or an int seed"):
        sso.as_pyspiel_bot("rule", rng=np.random.RandomState(0))
    with pytest.raises(AdapterError, match="bot must be a sixtysix Bot"):
        sso.as_pyspiel_bot(uniform_random.UniformRandomBot(0, np.random))
    with pytest.raises(PlayerError, match="unknown bot 'chess'"):
        sso.as_pyspiel_bot("chess")


@attrs.frozen
class FixedBot:
    """Returns the same answer whatever the position."""

    answer: Any

    def choose(self, view: Any, rng: random.Random) -> Any:
        return self.answer


def test_wrapped_bot_that_returns_an_illegal_move() -> None:
    state = random_states(load("python_sixtysix(dealer=0)"), 24, 1)[0]
    seat = state.current_player()
    illegal = next(m for m in ALL_MOVES if move_id(m) not in state.legal_actions())
    with pytest.raises(
        IllegalMoveError,
        match=rf"illegal move {illegal}: the bot .* \(player {seat}\) chose it, but",
    ):
        sso.as_pyspiel_bot(FixedBot(illegal)).step(state)
    with pytest.raises(IllegalMoveError, match="returned 'AC', which is not a move"):
        sso.as_pyspiel_bot(FixedBot("AC")).step(state)


def regenerate_playthrough() -> None:
    """Write the playthrough file anew (seed 66), as OpenSpiel's own script would."""
    flags = pytest.importorskip("absl.flags")
    flags.FLAGS.mark_as_parsed()
    text = generate_playthrough.playthrough(PLAYTHROUGH_GAME, None, seed=66)
    PLAYTHROUGH.write_text(text, encoding="utf-8")
    print(f"wrote {PLAYTHROUGH} ({len(text.splitlines())} lines)", file=sys.stderr)


if __name__ == "__main__":
    regenerate_playthrough()
