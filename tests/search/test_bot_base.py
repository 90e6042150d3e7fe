"""The base every bot shares (sixtysix.bots._base): the first steps of choose, the checks."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from sixtysix import CLASSIC_66, SixtySixError, apply_move, legal_moves, new_hand, observe
from sixtysix import partnership as p4
from sixtysix.bots import IsmctsBot, PimcBot, RandomBot, RuleBot
from sixtysix.bots._base import BotBase
from sixtysix.moves import Move
from sixtysix.observe import PlayerView
from sixtysix.state import HandState

BOTS: list[Any] = [RandomBot(), RuleBot(), PimcBot(worlds=2), IsmctsBot(iterations=4)]


def _forced() -> HandState:
    """A state whose seat to move has exactly one legal move."""
    rng = random.Random(5)
    for seed in range(200):
        state = new_hand(CLASSIC_66, seed=seed)
        while state.to_move is not None:
            moves = legal_moves(state)
            if len(moves) == 1:
                return state
            state = apply_move(state, moves[rng.randrange(len(moves))])
    raise AssertionError("no forced move found")  # pragma: no cover


@pytest.mark.parametrize("bot", BOTS, ids=lambda b: type(b).__name__)
def test_every_bot_refuses_the_view_of_a_seat_not_to_move(bot: Any) -> None:
    state = new_hand(CLASSIC_66, seed=3)
    assert state.to_move is not None
    idle = observe(state, 1 - state.to_move)
    with pytest.raises(SixtySixError, match=r"seat \d is not to move, so it has no move"):
        bot.choose(idle, random.Random(0))


def test_the_four_hand_search_bot_refuses_it_too() -> None:
    state = p4.new_hand(p4.FOUR_HAND_66, seed=1)
    mover = p4.to_move(state)
    assert mover is not None
    idle = p4.observe(state, (mover + 1) % 4)
    with pytest.raises(SixtySixError, match="is not to move"):
        p4.PartnershipPimcBot(worlds=1).choose(idle, random.Random(0))


def test_a_forced_move_is_played_without_search_but_random_bot_still_draws() -> None:
    state = _forced()
    assert state.to_move is not None
    view = observe(state, state.to_move)
    (only,) = legal_moves(state)
    for bot in BOTS[1:]:
        rng = random.Random(1)
        assert bot.choose(view, rng) == only
        assert rng.random() == random.Random(1).random()  # the rng was not touched
    rng = random.Random(1)
    assert RandomBot().choose(view, rng) == only
    fresh = random.Random(1)
    fresh.randrange(1)
    assert rng.random() == fresh.random()  # the same stream as before the base existed


def test_a_subclass_decides_the_rest() -> None:
    class FirstBot(BotBase[PlayerView, Move]):
        def _decide(self, view: PlayerView, moves: tuple[Move, ...], rng: random.Random) -> Move:
            return moves[-1]

    state = new_hand(CLASSIC_66, seed=2)
    assert state.to_move is not None
    assert (
        FirstBot().choose(observe(state, state.to_move), random.Random(0))
        == (legal_moves(state)[-1])
    )
    with pytest.raises(NotImplementedError):
        BotBase[PlayerView, Move]()._decide(observe(state, 0), legal_moves(state), random.Random())


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: PimcBot(time_limit=math.inf), "PimcBot.time_limit must be a positive number"),
        (lambda: PimcBot(time_limit=math.nan), "PimcBot.time_limit must be a positive number"),
        (lambda: IsmctsBot(time_limit=-1.0), "IsmctsBot.time_limit must be a positive number"),
        (lambda: IsmctsBot(exploration=math.inf), "IsmctsBot.exploration must be a finite"),
        (lambda: PimcBot(confidence=True), "PimcBot.confidence must be a finite number >= 0"),
        (lambda: PimcBot(exact_talon=-1), "PimcBot.exact_talon must be a whole number >= 0"),
        (
            lambda: PimcBot(cautious_close=1),  # type: ignore[arg-type]
            r"PimcBot.cautious_close must be True or False",
        ),
        (lambda: p4.PartnershipPimcBot(worlds=0), "PartnershipPimcBot.worlds must be a whole"),
        (
            lambda: p4.PartnershipPimcBot(exact_tricks=1.5),  # type: ignore[arg-type]
            r"PartnershipPimcBot.exact_tricks must be a whole number >= 0, not 1\.5",
        ),
    ],
)
def test_bad_settings_name_the_bot_and_the_setting(make: Any, message: str) -> None:
    with pytest.raises(SixtySixError, match=message):
        make()


def test_good_settings_are_kept() -> None:
    bot = PimcBot(time_limit=1, confidence=0, exact_talon=0, cautious_close=False)
    assert (bot.time_limit, bot.confidence, bot.exact_talon, bot.cautious_close) == (
        1,
        0,
        0,
        False,
    )
    assert IsmctsBot(exploration=0.0, time_limit=0.5).time_limit == 0.5
