"""The OpenSpiel adapter of the four-hand game: ``python_sixtysix_partnership``."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from tests.profiles import repeats

pyspiel = pytest.importorskip("pyspiel", reason="needs the openspiel extra (open_spiel)")
np = pytest.importorskip("numpy")

import sixtysix.openspiel as sso  # noqa: E402
from sixtysix import partnership as p4  # noqa: E402
from sixtysix.cards import CARDS  # noqa: E402
from sixtysix.encoding import encode_partnership_view  # noqa: E402
from sixtysix.errors import AdapterError, IllegalMoveError  # noqa: E402
from sixtysix.moves import Move, move_from_id, move_id  # noqa: E402
from sixtysix.partnership._bits import mask_text  # noqa: E402

games_sim_test = pytest.importorskip("open_spiel.python.tests.games_sim_test")

NAME = sso.PARTNERSHIP_GAME_NAME


def load(params: str = "") -> Any:
    return pyspiel.load_game(f"{NAME}{params}")


def random_states(game: Any, seed: int, count: int) -> list[Any]:
    """Decision states at random points of random hands."""
    rng = np.random.RandomState(seed)
    out: list[Any] = []
    while len(out) < count:
        state = game.new_initial_state()
        while state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        for _ in range(rng.randint(0, 20)):
            state.apply_action(int(rng.choice(state.legal_actions())))
        if not state.is_terminal():
            out.append(state)
    return out


@pytest.mark.parametrize("variant", ["four_hand_66", "four_hand_24"])
def test_random_sim_test(variant: str) -> None:
    game = load(f"(variant={variant})")
    pyspiel.random_sim_test(game, num_sims=repeats(20), serialize=True, verbose=False)


@pytest.mark.parametrize("params", ["", "(dealer=3,variant=FOUR_HAND_24)"])
def test_games_sim_test_sim_game(params: str) -> None:
    case = games_sim_test.GamesSimTest()
    for _ in range(3):
        case.sim_game(load(params))


def test_game_facts() -> None:
    game = load("(variant=four_hand_24)")
    assert (game.num_players(), game.num_distinct_actions(), game.max_game_length()) == (4, 40, 24)
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-4.0, 4.0, 0.0)
    assert game.observation_tensor_size() == 347
    assert game.information_state_tensor_size() == 347 + 24 * 40
    assert game.max_chance_nodes_in_history() == 25
    assert load("(dealer=2)").max_chance_nodes_in_history() == 32
    assert game.rules == p4.FOUR_HAND_24 and load().rules == p4.FOUR_HAND_66
    assert pickle.loads(pickle.dumps(game)).rules == p4.FOUR_HAND_24


def test_hands_agree_with_the_core() -> None:
    game = load("(variant=four_hand_24)")
    core = p4.PartnershipGame(p4.FOUR_HAND_24)
    rng = random.Random(2)
    for _ in range(repeats(20)):
        state = game.new_initial_state()
        assert state.chance_outcomes() == [(seat, 0.25) for seat in range(4)]
        state.apply_action(rng.randrange(4))
        assert "dealer seat" in str(state)
        while state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        hand = p4.deal_from_order(
            p4.FOUR_HAND_24, [CARDS[i] for i in state.pack], state.hand.dealer
        )
        assert state.hand == hand and str(state) == core.render(hand)
        while not state.is_terminal():
            seat = state.current_player()
            assert state.legal_actions() == sorted(move_id(m) for m in core.legal_moves(hand))
            view = core.observe(hand, seat)
            assert state.observation_tensor(seat) == pytest.approx(encode_partnership_view(view))
            action = rng.choice(state.legal_actions())
            assert state.action_to_string(seat, action) == str(core.move_of(action))
            state.apply_action(action)
            hand = core.apply_move(hand, core.move_of(action))
            assert state.returns() == [0.0] * 4 or state.is_terminal()
        assert state.returns() == [float(x) for x in core.returns(hand)]


def test_clone_serialize_pickle() -> None:
    game = load()
    for state in random_states(game, 5, 10):
        copies = [
            state.clone(),
            game.deserialize_state(state.serialize()),
            pickle.loads(pickle.dumps(state)),
        ]
        for copy in copies:
            assert type(copy) is sso.PartnershipSpielState
            assert copy.hand == state.hand and copy.pack == state.pack
            assert copy.information_state_string(1) == state.information_state_string(1)
            copy.apply_action(copy.legal_actions()[0])
            assert copy.history() != state.history()


def test_observations() -> None:
    game = load("(variant=four_hand_24,dealer=0)")
    public_type = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    private_type = pyspiel.IIGObservationType(
        public_info=False, perfect_recall=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    public = game.make_py_observer(public_type)
    private = game.make_py_observer(private_type)
    assert list(public.dict) == ["public"] and list(private.dict) == ["hand"]
    for state in random_states(game, 3, 10):
        texts = {public.string_from(state, p).split("; ", 1)[1] for p in range(4)}
        assert len(texts) == 1  # what is public is the same for every player
        for player in range(4):
            hand = mask_text(state.hand.hands[player])
            assert private.string_from(state, player) == f"player {player}; hand={hand}"
            assert len(hand) < 4 or hand not in public.string_from(state, player)
            private.set_from(state, player)
            assert private.tensor.sum() == state.hand.hands[player].bit_count()
        info = state.information_state_tensor(0)
        moves = np.asarray(info[347:]).reshape(24, 40)
        assert [int(np.argmax(row)) for row in moves[: len(state.hand.played)]] == [
            a for _, a in state._r.moves
        ]
    before = game.new_initial_state()
    public.set_from(before, 0)
    assert public.tensor.sum() == 0 and "dealing" in public.string_from(before, 1)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ("(variant=schnapsen)", "not a four-hand preset"),
        ("(dealer=4)", "dealer must be 0 to 3"),
    ],
)
def test_bad_parameters(params: str, message: str) -> None:
    with pytest.raises(Exception, match=message):
        load(params)


def test_bad_parameters_direct() -> None:
    with pytest.raises(AdapterError, match="no parameter 'colour'"):
        sso.PartnershipSpielGame({"colour": "red"})
    game = load()
    with pytest.raises(AdapterError, match="no observation parameters"):
        game.make_py_observer(None, {"x": 1})
    everyone = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(AdapterError, match="ALL_PLAYERS"):
        game.make_py_observer(everyone)


def test_sixtysix_bots_play_the_four_hand_game() -> None:
    evaluate_bots = pytest.importorskip("open_spiel.python.algorithms.evaluate_bots")
    game = load("(variant=four_hand_24)")
    bots = [sso.as_pyspiel_bot("partnership-rule", seat, rng=seat, players=4) for seat in range(4)]
    rng = np.random.RandomState(1)
    for _ in range(repeats(5)):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert sum(returns) == 0 and returns[0] == returns[2]
    state = random_states(game, 4, 1)[0]
    seat = state.current_player()
    with pytest.raises(AdapterError, match=f"player {seat} is to move"):
        sso.as_pyspiel_bot("random", (seat + 1) % 4, players=4).step(state)
    wrong = next(a for a in range(32) if a not in state.legal_actions())
    with pytest.raises(IllegalMoveError, match="chose it, but"):
        sso.as_pyspiel_bot(Fixed(move_from_id(wrong))).step(state)
    with pytest.raises(AdapterError, match="player_id must be 0 to 3 or None, not 4"):
        sso.as_pyspiel_bot("random", 4, players=4)
    with pytest.raises(AdapterError, match="players must be 2 or 4"):
        sso.as_pyspiel_bot("random", players=3)


class Fixed:
    def __init__(self, move: Move) -> None:
        self.move = move

    def choose(self, view: Any, rng: random.Random) -> Move:
        return self.move
