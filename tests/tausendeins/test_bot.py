"""The Tausendeins rule-of-thumb bot: legal moves only, better than random (rules §12.9)."""

from __future__ import annotations

import random

import pytest
from tests.tausendeins.helpers import PRESET_IDS, PRESET_LIST

from sixtysix import SixtySixError
from sixtysix import tausendeins as t1


def _deal(rules: t1.TausendeinsRules, seed: int, bot_seat: int) -> int:
    """Play one deal, the bot at ``bot_seat``, random play at the other; its return."""
    bot = t1.TausendeinsRuleBot()
    rng = random.Random(seed)
    state = t1.new_hand(rules, seed, seed % 2)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        if seat == bot_seat:
            move = bot.choose(t1.observe(state, seat), rng)
            assert move in t1.legal_moves(state)
        else:
            move = rng.choice(t1.legal_moves(state))
        state = t1.apply_move(state, move)
    return t1.TausendeinsGame(rules).returns(state)[bot_seat]


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_the_bot_plays_legal_moves_and_beats_random_play(rules: t1.TausendeinsRules) -> None:
    """Rules §12.9: every move is legal; over 40 seeded deals it wins on average."""
    results = [_deal(rules, seed, seed // 2 % 2) for seed in range(40)]
    assert sum(results) / len(results) > 20


def test_the_bot_needs_the_view_of_the_seat_to_move() -> None:
    """Rules §12.9: only the seat to move has a move to choose."""
    state = t1.new_hand(t1.TAUSENDEINS, 0, 0)
    bot = t1.TausendeinsRuleBot()
    with pytest.raises(SixtySixError, match="seat to move"):
        bot.choose(t1.observe(state, 0), random.Random(0))
    with pytest.raises(SixtySixError, match="seat to move"):
        bot.choose(state, random.Random(0))  # type: ignore[arg-type]


def test_the_bot_declares_its_best_marriage_and_leads_the_queen() -> None:
    """Rules §12.5: marriage first, the most valuable one, then the Q."""
    from tests.tausendeins.helpers import deal

    state = deal(t1.TAUSENDEINS, "KH QH KC QC 9C AD TD JD", "AH TH AC TC JH 9H AS TS")
    bot = t1.TausendeinsRuleBot()
    move = bot.choose(t1.observe(state, 1), random.Random(0))
    assert str(move) == "marry C"
    state = t1.apply_move(state, move)
    assert str(bot.choose(t1.observe(state, 1), random.Random(0))) == "QC"
