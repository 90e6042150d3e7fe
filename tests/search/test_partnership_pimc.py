"""The four-hand search: exact values, playouts, and PartnershipPimcBot's contract."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from sixtysix import partnership as p4
from sixtysix.bots.registry import four_hand_bot_names, make_bot, two_hand_bot_names
from sixtysix.errors import SixtySixError
from sixtysix.search import four_hand as fh

RULE = p4.PartnershipRuleBot()


def _mover(state: p4.PartnershipState) -> int:
    """The seat to move (the hand must not be over)."""
    seat = p4.to_move(state)
    assert seat is not None
    return seat


def _positions(
    rules: p4.PartnershipRules = p4.FOUR_HAND_66, seeds: int = 6, every: int = 1
) -> Iterator[p4.PartnershipState]:
    """Unfinished positions of hands played by random moves (seeded)."""
    for seed in range(seeds):
        rng = random.Random(seed)
        state = p4.new_hand(rules, seed=seed, dealer=seed % 4)
        k = 0
        while not state.over:
            if k % every == 0:
                yield state
            state = p4.apply_move(state, rng.choice(p4.legal_moves(state)))
            k += 1


def _late(state: p4.PartnershipState, cards_left: int) -> p4.PartnershipState:
    rng = random.Random(len(state.played))
    while not state.over and state.rules.deck.size - len(state.played) > cards_left:
        state = p4.apply_move(state, rng.choice(p4.legal_moves(state)))
    return state


def _minimax(state: p4.PartnershipState) -> float:
    """Side 0's value by plain minimax (no pruning): the reference for the solver."""
    if state.over:
        return fh.four_hand_terminal_value(state, 0)
    values = [_minimax(p4.apply_move(state, m)) for m in p4.legal_moves(state)]
    return max(values) if _mover(state) % 2 == 0 else min(values)


@pytest.mark.parametrize("rules", [p4.FOUR_HAND_66, p4.FOUR_HAND_24])
@pytest.mark.parametrize("seed", range(6))
def test_exact_value_is_the_minimax_value(rules: p4.PartnershipRules, seed: int) -> None:
    state = _late(p4.new_hand(rules, seed=seed, dealer=seed % 4), 9 - seed % 3)
    if state.over:
        pytest.skip("the hand ended early")
    reference = _minimax(state)
    assert fh.four_hand_exact_value(state, 0) == reference
    assert fh.four_hand_exact_value(state, 1) == -reference


def test_exact_value_with_the_ten_of_trumps_point() -> None:
    rules = p4.FOUR_HAND_66.__class__(ten_of_trumps_point=True)
    for seed in range(4):
        state = _late(p4.new_hand(rules, seed=seed), 8)
        if not state.over:
            assert fh.four_hand_exact_value(state, 0) == _minimax(state)


def test_terminal_value_counts_game_points_then_the_margin() -> None:
    for state in _positions(seeds=3):
        if not state.over:
            continue
        result = p4.score_hand(state)
        g, pts = result.side_game_points, result.points
        value = fh.four_hand_terminal_value(state, 0)
        assert value == g[0] - g[1] + fh.MARGIN_WEIGHT * (pts[0] - pts[1])
        assert round(value) == g[0] - g[1]  # the margin never outweighs a game point


def test_playout_is_the_rule_bots_hand() -> None:
    for seed in range(3):
        state = p4.new_hand(p4.FOUR_HAND_66, seed=seed)
        final = state
        while not final.over:
            seat = _mover(final)
            final = p4.apply_move(final, RULE.choose(p4.observe(final, seat), random.Random(0)))
        value = fh.four_hand_terminal_value(final, 1)
        assert fh.four_hand_playout_value(state, 1) == value
        assert fh.four_hand_playout_value(state, 0, RULE, random.Random(2)) == -value


def test_move_values_exact_or_played_out() -> None:
    for state in _positions(seeds=3, every=5):
        moves = p4.legal_moves(state)
        side = _mover(state) % 2
        left = (state.rules.deck.size - len(state.played) + len(state.trick) + 3) // 4
        exact = fh.four_hand_move_values(state, exact_tricks=2)
        if left <= 2:
            assert exact == [
                fh.four_hand_exact_value(p4.apply_move(state, m), side) for m in moves
            ]
        else:
            rng = random.Random(3)
            again = fh.four_hand_move_values(state, rng=random.Random(3), exact_tricks=2)
            assert (
                again
                == exact
                == [
                    fh.four_hand_playout_value(p4.apply_move(state, m), side, rng=rng)
                    for m in moves
                ]
            )


def test_registered_for_the_four_hand_game_only() -> None:
    assert "partnership-pimc" in four_hand_bot_names()
    assert "partnership-pimc" not in two_hand_bot_names()
    assert make_bot("partnership-pimc", {"worlds": 3}) == p4.PartnershipPimcBot(worlds=3)


def test_plays_legal_moves_only_and_is_reproducible() -> None:
    bot = p4.PartnershipPimcBot(worlds=4, min_worlds=2)
    for state in _positions(seeds=2, every=3):
        if state.over:
            continue
        view = p4.observe(state, _mover(state))
        move = bot.choose(view, random.Random(7))
        assert move in p4.legal_moves(state)
        assert bot.choose(view, random.Random(7)) == move


def test_reads_only_its_view() -> None:
    """Two deals that the seat to move cannot tell apart get the same move."""
    bot = p4.PartnershipPimcBot(worlds=4, min_worlds=4)
    checked = 0
    for state in _positions(seeds=3, every=4):
        if state.over:
            continue
        view = p4.observe(state, _mover(state))
        other = p4.determinize(view, random.Random(99))
        assert p4.observe(other, view.seat) == view
        assert bot.choose(p4.observe(other, view.seat), random.Random(5)) == bot.choose(
            view, random.Random(5)
        )
        checked += 1
    assert checked > 10


def test_a_whole_hand_against_the_rule_bots() -> None:
    bot = p4.PartnershipPimcBot(worlds=3, min_worlds=3)
    record = p4.play_hand(p4.FOUR_HAND_24, [bot, RULE, bot, RULE], seed=4, rng=random.Random(1))
    assert record.result is not None and len(record.moves) == 24


def test_forced_moves_and_the_wrong_seat() -> None:
    bot = p4.PartnershipPimcBot(worlds=2)
    for state in _positions(seeds=2):
        if state.over:
            continue
        seat = _mover(state)
        view = p4.observe(state, seat)
        if len(p4.legal_moves(state)) == 1:
            # No search: the rng is not even drawn from.
            rng = random.Random(1)
            assert bot.choose(view, rng) == p4.legal_moves(state)[0]
            assert rng.random() == random.Random(1).random()
        with pytest.raises(SixtySixError, match="is not to move"):
            bot.choose(p4.observe(state, (seat + 1) % 4), random.Random(0))
        break


def test_time_limit_stops_after_one_world(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = fh.four_hand_move_values

    def counting(*args: object, **kwargs: object) -> list[float]:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(fh, "four_hand_move_values", counting)
    state = p4.new_hand(p4.FOUR_HAND_66, seed=2)
    view = p4.observe(state, _mover(state))
    p4.PartnershipPimcBot(worlds=50, min_worlds=50, time_limit=1e-9).choose(view, random.Random(0))
    assert len(calls) == 1
    calls.clear()
    p4.PartnershipPimcBot(worlds=6, min_worlds=6).choose(view, random.Random(0))
    assert len(calls) == 6


def test_settles_early_on_a_clear_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def first_is_best(state: p4.PartnershipState, **kwargs: object) -> list[float]:
        calls.append(1)
        n = len(p4.legal_moves(state))
        return [1.0 + random.random()] + [-1.0 - random.random() for _ in range(n - 1)]

    monkeypatch.setattr(fh, "four_hand_move_values", first_is_best)
    state = p4.new_hand(p4.FOUR_HAND_66, seed=2)
    view = p4.observe(state, _mover(state))
    move = p4.PartnershipPimcBot(worlds=32, min_worlds=8).choose(view, random.Random(0))
    assert move == p4.legal_moves(state)[0] and len(calls) == 8


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("worlds", 0),
        ("worlds", 1.5),
        ("worlds", True),
        ("exact_tricks", -1),
        ("min_worlds", 0),
        ("playouts", 0),
        ("confidence", -1.0),
        ("confidence", float("nan")),
        ("confidence", True),
        ("time_limit", 0),
        ("time_limit", float("inf")),
        ("time_limit", True),
        ("time_limit", "1"),
    ],
)
def test_bad_settings_are_refused(field: str, value: object) -> None:
    with pytest.raises(SixtySixError, match=f"PartnershipPimcBot.{field} must be"):
        p4.PartnershipPimcBot(**{field: value})  # type: ignore[arg-type]


def test_a_finished_hand_has_no_move_values() -> None:
    state = p4.new_hand(p4.FOUR_HAND_24, seed=1)
    while not state.over:
        state = p4.apply_move(state, p4.legal_moves(state)[0])
    assert fh.four_hand_move_values(state) == []
