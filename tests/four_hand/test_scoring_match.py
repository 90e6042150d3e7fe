"""rules §10.5-§10.8: points, game points, carries, the ten of trumps, matches."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from sixtysix import HandNotOverError, IllegalMoveError, MatchError, PositionError, ResultError
from sixtysix import partnership as p4

from .helpers import PRESET_IDS, PRESET_LIST, play, random_play

# Hands found by search and replayed here: (preset, seed of the deal, the cards played).
LINES = {
    ("FOUR_HAND_66", "66"): (
        11,
        "8S JS KS TS 8C TC 7C KC AC 9C JD QC KH 7H AH JH 9D 7D QH TD KD AD JC 9S "
        "8D 7S AS QD QS 8H TH 9H",
    ),
    ("FOUR_HAND_66", "tie"): (
        16,
        "TS 7S 9H 8S KH AH QH JH JD TD QS QD TC 7C AC 9C KD AD QC 8D TH 7H AS 8H "
        "JS KS 7D 8C KC 9D JC 9S",
    ),
    ("FOUR_HAND_66", "99"): (
        122,
        "JH AH TH 8H 9S KS 7S AS KC 7C TC JC 8S QD JS TS 9D 9H KD 8D JD AC TD QS "
        "9C 8C 7D QC AD 7H QH KH",
    ),
    ("FOUR_HAND_66", "100"): (
        229,
        "KD JD AD TD AS 9S TS JS 9H TH 8H QH JH 7H AC KH 7C AH KC JC 7S KS 8D 7D "
        "QC 9C TC QS 8C 8S QD 9D",
    ),
    ("FOUR_HAND_66", "schwarz"): (
        145,
        "QH KC TH KH 9H 7H 9D 8S 8H 7S 9S AS JH QS 9C QC 7D QD KD 8D 8C 7C AH TC "
        "TD JD JC TS AD KS AC JS",
    ),
    ("FOUR_HAND_66", "130-lost-a-trick"): (
        4,
        "9H TH KH QH 8C 9C 7C 9S AH AS JS JH QC AC QS 8S 8H 7H TS 7S KD TC AD TD "
        "QD 9D 7D KC JD 8D KS JC",
    ),
    ("FOUR_HAND_24", "66"): (
        127,
        "AD QD TD KC 9H AH QH KH 9D TC 9C JC TS AS KS JD QC TH JH AC 9S QS JS KD",
    ),
    ("FOUR_HAND_24", "tie"): (
        652,
        "QC KC 9S AC AD KD TH TD QS KS AS KH TC 9C 9D JH 9H AH QH JD JC JS TS QD",
    ),
    ("FOUR_HAND_24", "99"): (
        252,
        "KS JS JD 9S QC TC KC JC AH 9H TH JH QD TS 9D TD 9C AD QS KH KD AS QH AC",
    ),
    ("FOUR_HAND_24", "100"): (
        84,
        "JS TS AS 9S QC KC AC JH 9H TH KH AH QS QH 9C KS JD AD QD KD JC TD TC 9D",
    ),
    ("FOUR_HAND_24", "schwarz"): (
        8,
        "QD JD KD AD 9D AC QC KC AH KH QH JH 9H QS TH AS 9C TC TD KS TS JS JC 9S",
    ),
    ("FOUR_HAND_24", "130-lost-a-trick"): (
        281,
        "AH TH JH KH AS TS QS JS AD QH QD TD 9H 9C 9D 9S AC KS KC TC KD JC JD QC",
    ),
}


def line(rules: p4.PartnershipRules, key: str) -> p4.PartnershipState:
    seed, moves = LINES[(p4.preset_name(rules) or "", key)]
    return play(p4.new_hand(rules, seed=seed), moves)


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
@pytest.mark.parametrize(
    ("key", "points", "game_points"),
    [
        ("66", (66, 64), 1),
        ("99", (99, 31), 1),
        ("100", (30, 100), 2),  # exactly 100 (the other side at 30) scores 2
        ("schwarz", None, 3),
        ("130-lost-a-trick", None, 2),
    ],
)
def test_game_points(
    rules: p4.PartnershipRules,
    key: str,
    points: tuple[int, int] | None,
    game_points: int,
) -> None:
    state = line(rules, key)
    assert p4.is_over(state) and p4.to_move(state) is None and p4.legal_moves(state) == ()
    result = p4.score_hand(state)
    assert sum(result.points) == 130  # 120 card points + 10 for the last trick (§10.5)
    if points is not None:
        assert result.points == points
    assert result.winner == (0 if result.points[0] > result.points[1] else 1)
    assert result.game_points == game_points and result.carry == 0
    assert result.reason is p4.PartnershipEnd.PLAYED_OUT
    loser = 1 - result.winner
    if key == "schwarz":
        assert result.tricks[loser] == 0 and result.points[result.winner] == 130
    if key == "130-lost-a-trick":
        # 130 points, yet the other side won a trick of zero-point cards: 2, not 3.
        assert result.points[result.winner] == 130 and result.points[loser] == 0
        assert result.tricks[loser] >= 1
    # The last trick's 10 goes to the side that won it (its winner leads the empty next).
    assert state.card_points[state.leader & 1] + 10 == result.points[state.leader & 1]
    assert result.side_game_points[result.winner] == game_points


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_tie_carries(rules: p4.PartnershipRules) -> None:
    state = line(rules, "tie")
    result = p4.score_hand(state)
    assert result.points == (65, 65) and result.winner is None and result.game_points == 0
    assert result.carry == 1 and result.reason is p4.PartnershipEnd.TIE
    assert result.side_game_points == (0, 0)
    no_carry = attrs.evolve(rules, tie_carry=0)
    seed, moves = LINES[(p4.preset_name(rules) or "", "tie")]
    assert p4.score_hand(play(p4.new_hand(no_carry, seed=seed), moves)).carry == 0


def test_game_points_for() -> None:
    assert [p4.game_points_for(p, 1) for p in (66, 99, 100, 129, 130)] == [1, 1, 2, 2, 2]
    assert p4.game_points_for(66, 0) == 3


def test_score_unfinished_hand() -> None:
    state = p4.new_hand(p4.FOUR_HAND_24, seed=1)
    with pytest.raises(HandNotOverError, match="0 of 6 tricks"):
        p4.score_hand(state)
    with pytest.raises(PositionError, match="PartnershipState"):  # as the two-hand game
        p4.score_hand(object())  # type: ignore[arg-type]


# ----------------------------------------------------------------- the ten of trumps


def _ten_index(state: p4.PartnershipState) -> int:
    return state.trump * 8 + 1


def _ten_capture(rules: p4.PartnershipRules, seed: int) -> tuple[int, int]:
    """(side that wins the trump ten, trick number) when seed's hand is played at random."""
    for state in random_play(rules, seed):
        if state.ten_side >= 0:
            return state.ten_side, state.tricks_played
    raise AssertionError("the trump ten is always won in a trick")


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_ten_of_trumps_point(rules: p4.PartnershipRules) -> None:
    """§10.7: one extra game point for the side that wins the trump ten, win or lose."""
    on = attrs.evolve(rules, ten_of_trumps_point=True)
    seen_losing_side = False
    for seed in range(40):
        *_, final = random_play(on, seed)
        *_, plain = random_play(rules, seed)
        result = p4.score_hand(final)
        base = p4.score_hand(plain)
        assert base.ten_of_trumps is None and plain.ten_side == -1
        ten = result.ten_of_trumps
        assert ten is not None and (final.won[ten] >> _ten_index(final)) & 1
        assert (result.winner, result.game_points, result.points) == (
            base.winner,
            base.game_points,
            base.points,
        )
        expected = list(base.side_game_points)
        expected[ten] += 1
        assert result.side_game_points == tuple(expected)
        seen_losing_side |= result.winner is not None and result.winner != ten
    assert seen_losing_side  # the point is scored whether or not the side wins the hand


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_ten_of_trumps_on_a_tie_still_carries(rules: p4.PartnershipRules) -> None:
    on = attrs.evolve(rules, ten_of_trumps_point=True)
    seed, moves = LINES[(p4.preset_name(rules) or "", "tie")]
    result = p4.score_hand(play(p4.new_hand(on, seed=seed), moves))
    assert result.reason is p4.PartnershipEnd.TIE and result.carry == 1
    assert result.ten_of_trumps is not None
    m = p4.PartnershipMatch(rules=on, seed=None, carry=2)
    after = p4.apply_result(m, result)
    assert after.carry == 3
    assert after.scores[result.ten_of_trumps] == 1


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_ten_of_trumps_ends_the_match_mid_hand(rules: p4.PartnershipRules) -> None:
    on = attrs.evolve(rules, ten_of_trumps_point=True)
    for seed in range(20):
        side, trick_no = _ten_capture(on, seed)
        if trick_no < rules.tricks:
            break
    else:  # pragma: no cover - the seeds above always have an early capture
        raise AssertionError("no early capture of the trump ten")
    scores = (6, 3) if side == 0 else (3, 6)
    states = list(random_play(on, seed, scores=scores))
    final = states[-1]
    # The hand ends right after the trick that took the ten, with cards still in hand.
    assert p4.is_over(final) and final.ended_by_ten and any(final.hands)
    assert final.tricks_played == trick_no and final.ten_side == side
    assert not any(s.is_over for s in states[:-1])
    result = p4.score_hand(final)
    assert result.reason is p4.PartnershipEnd.TEN_OF_TRUMPS
    assert result.winner is None and result.game_points == 0 and result.carry == 0
    assert result.side_game_points == ((1, 0) if side == 0 else (0, 1))
    # No other points are scored and no carry is collected: the side wins the match.
    m = p4.PartnershipMatch(rules=on, seed=None, scores=scores, carry=2)
    after = p4.apply_result(m, result)
    assert after.is_over and after.winner == side and after.scores[side] == 7
    assert after.scores[1 - side] == 3 and after.carry == 2
    # Outside a match (0-0) the same hand goes on to the end.
    *_, whole = random_play(on, seed)
    assert not whole.ended_by_ten and not any(whole.hands)
    with pytest.raises(IllegalMoveError, match="the hand is over"):
        p4.apply_move(final, p4.legal_moves(states[-2])[0])


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_ten_of_trumps_in_the_last_trick_ends_the_match(rules: p4.PartnershipRules) -> None:
    """§10.7 in the last trick: the ten point ends the hand; its result on points is not
    scored, so the other side cannot reach the target too (1 match in 750 crashed)."""
    on = attrs.evolve(rules, ten_of_trumps_point=True)
    seed = next(s for s in range(200) if _ten_capture(on, s)[1] == rules.tricks)
    side, _ = _ten_capture(on, seed)
    *_, plain = random_play(on, seed)
    base = p4.score_hand(plain)  # at 0-0: the ten point and the hand's result on points
    assert base.reason is not p4.PartnershipEnd.TEN_OF_TRUMPS and base.ten_of_trumps == side
    for scores in ((6, 6), (6, 3) if side == 0 else (3, 6)):
        final = list(random_play(on, seed, scores=scores))[-1]
        assert final.ended_by_ten and not any(final.hands)
        assert all(p4.observe(final, seat).ended_by_ten for seat in range(4))
        result = p4.score_hand(final)
        assert result.reason is p4.PartnershipEnd.TEN_OF_TRUMPS
        assert (result.winner, result.game_points, result.carry) == (None, 0, 0)
        assert result.points == final.card_points and sum(result.points) == 120  # no last 10
        assert result.tricks == base.tricks and result.ten_of_trumps == side
        assert result.side_game_points == ((1, 0) if side == 0 else (0, 1))
        after = p4.apply_result(p4.PartnershipMatch(rules=on, seed=None, scores=scores), result)
        assert after.winner == side and after.scores[side] == 7
        assert after.scores[1 - side] == scores[1 - side]
    # Below the target the last-trick ten is an extra point on a hand played out.
    final = list(random_play(on, seed, scores=(5, 5)))[-1]
    assert not final.ended_by_ten and p4.score_hand(final) == base


def _finish_matches(
    rules: p4.PartnershipRules, scores: tuple[int, int], matches: int, salt: int
) -> int:
    """Play ``matches`` random matches from ``scores`` (random carry) to their end.

    Every hand's result must apply, and each match ends with exactly one side at the
    target. Returns how many hands the ten of trumps ended in their last trick.
    """
    rng = random.Random(f"{p4.preset_name(rules)}/{scores}/{salt}")
    target = rules.match_target
    last_trick_tens = 0
    for n in range(matches):
        m = p4.PartnershipMatch(
            rules=rules, seed=f"{salt}/{n}", scores=scores, dealer=n & 3, carry=rng.randrange(3)
        )
        while not m.is_over:
            state = p4.next_hand(m)
            while not state.over:
                state = p4.apply_move(state, rng.choice(p4.legal_moves(state)))
            result = p4.score_hand(state)
            after = p4.apply_result(m, result)  # never raises
            assert sum(x >= target for x in after.scores) <= 1
            if result.reason is p4.PartnershipEnd.TEN_OF_TRUMPS:
                side = result.ten_of_trumps
                assert side is not None and after.winner == side
                assert after.scores[1 - side] == m.scores[1 - side]
                last_trick_tens += not any(state.hands)
            m = after
        assert sum(x >= target for x in m.scores) == 1 and m.winner is not None
    return last_trick_tens


NEAR_TARGET = [(5, 5), (5, 6), (6, 5), (6, 6)]


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
@pytest.mark.parametrize("scores", NEAR_TARGET, ids=[f"{a}-{b}" for a, b in NEAR_TARGET])
def test_matches_near_the_target_end_with_one_winner(
    rules: p4.PartnershipRules, scores: tuple[int, int]
) -> None:
    """Every hand of matches from 5-5 to 6-6 with the ten rule on applies, one side wins."""
    on = attrs.evolve(rules, ten_of_trumps_point=True)
    tens = _finish_matches(on, scores, 500, 0)
    if 6 in scores:  # the ten reaches the target for that side: in the last trick too
        assert tens > 0


@pytest.mark.slow
@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
@pytest.mark.parametrize("scores", NEAR_TARGET, ids=[f"{a}-{b}" for a, b in NEAR_TARGET])
def test_many_matches_near_the_target_end_with_one_winner(
    rules: p4.PartnershipRules, scores: tuple[int, int]
) -> None:
    on = attrs.evolve(rules, ten_of_trumps_point=True)
    _finish_matches(on, scores, 20_000, 1)


# ----------------------------------------------------------------- matches


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_match_to_seven_deal_passes_left(rules: p4.PartnershipRules) -> None:
    m = p4.new_match(rules, seed=11, dealer=2)
    dealers = []
    total = [0, 0]
    carry = 0
    for hand_no in range(100):
        if m.is_over:
            break
        assert m.hand_number == hand_no and m.hand_seed == f"11/{hand_no}"
        state = p4.next_hand(m)
        dealers.append(state.dealer)
        assert state.dealer == m.dealer and state.scores == m.scores
        while not p4.is_over(state):
            state = p4.apply_move(state, p4.legal_moves(state)[-1])
        result = p4.score_hand(state)
        if result.winner is None:
            carry += result.carry
        else:
            total[result.winner] += result.game_points + carry
            carry = 0
        m = p4.apply_result(m, result)
        assert list(m.scores) == total and m.carry == carry
    assert m.is_over and m.winner is not None and m.scores[m.winner] >= 7
    assert m.scores[1 - m.winner] < 7
    # The deal passes left (clockwise) after every hand.
    assert dealers == [(2 + k) % 4 for k in range(len(dealers))]
    with pytest.raises(MatchError, match="the match is over"):
        p4.next_hand(m)
    with pytest.raises(MatchError, match="the match is over"):
        p4.apply_result(m, result)


def test_carries_accumulate_and_go_to_the_next_winner() -> None:
    rules = p4.FOUR_HAND_24
    tie = p4.score_hand(line(rules, "tie"))
    win = p4.score_hand(line(rules, "100"))
    m = p4.PartnershipMatch(rules=rules, seed=None)
    m = p4.apply_result(p4.apply_result(m, tie), tie)
    assert m.carry == 2 and m.scores == (0, 0) and m.dealer == 2  # tied hands pass the deal
    m = p4.apply_result(m, win)
    assert m.carry == 0 and m.scores[win.winner or 0] == 2 + 2 and m.dealer == 3


def test_match_errors() -> None:
    rules = p4.FOUR_HAND_66
    with pytest.raises(MatchError, match="PartnershipRules"):
        p4.PartnershipMatch(rules=object(), seed=1)  # type: ignore[arg-type]
    with pytest.raises(MatchError, match="seed"):
        p4.PartnershipMatch(rules=rules, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(MatchError, match="two whole numbers"):
        p4.PartnershipMatch(rules=rules, seed=1, scores=(1,))  # type: ignore[arg-type]
    with pytest.raises(MatchError, match="give more than one side the match target 7"):
        p4.PartnershipMatch(rules=rules, seed=1, scores=(7, 8))
    with pytest.raises(MatchError, match="dealer"):
        p4.PartnershipMatch(rules=rules, seed=1, dealer=4)
    with pytest.raises(MatchError, match="carried points must be from 0 to 999999999"):
        p4.PartnershipMatch(rules=rules, seed=1, carry=-1)
    with pytest.raises(MatchError, match="the hand number must be from 0"):
        p4.PartnershipMatch(rules=rules, seed=1, hand_number=True)
    with pytest.raises(MatchError, match="no seed"):
        p4.next_hand(p4.PartnershipMatch(rules=rules, seed=None))
    with pytest.raises(MatchError, match="PartnershipMatch"):
        p4.next_hand(object())  # type: ignore[arg-type]
    m = p4.new_match(rules)
    assert isinstance(m.seed, int) and m.hand_seed is not None
    assert p4.PartnershipMatch(rules=rules, seed=None).hand_seed is None
    with pytest.raises(MatchError, match="PartnershipResult"):
        p4.apply_result(m, object())  # type: ignore[arg-type]
    with pytest.raises(MatchError, match="PartnershipMatch"):
        p4.apply_result(object(), object())  # type: ignore[arg-type]
    big = p4.PartnershipResult(0, 3, 0, (130, 0), (8, 0), 1, p4.PartnershipEnd.PLAYED_OUT)
    near = p4.PartnershipMatch(rules=rules, seed=None, scores=(6, 6))
    with pytest.raises(MatchError, match="both sides"):
        p4.apply_result(near, big)


def test_results_are_checked_on_construction() -> None:
    """A PartnershipResult is one score_hand could give (ResultError otherwise)."""
    end = p4.PartnershipEnd
    good = [
        (0, 1, 0, (70, 60), (4, 4), None, end.PLAYED_OUT),
        (1, 3, 0, (0, 130), (0, 8), 1, end.PLAYED_OUT),
        (None, 0, 1, (65, 65), (4, 4), 0, end.TIE),
        (None, 0, 0, (50, 70), (4, 4), 1, end.TEN_OF_TRUMPS),
    ]
    for fields in good:
        assert p4.PartnershipResult(*fields).reason is fields[-1]
    bad: list[tuple[tuple[Any, ...], str]] = [
        ((0, 1, 0, (70, 60), (4, 4), None, "PLAYED_OUT"), "reason must be"),
        ((0, 1, 0, (70, 61), (4, 4), None, end.PLAYED_OUT), "points must be"),
        ((0, 1, 0, (70, -1), (4, 4), None, end.PLAYED_OUT), "points must be"),
        ((0, 1, 0, (70, 60), (4, 5), None, end.PLAYED_OUT), "tricks must be"),
        ((0, 1, 0, (70, 60), (4, 4), 2, end.PLAYED_OUT), "ten_of_trumps is"),
        ((None, 1, 0, (70, 60), (4, 4), None, end.PLAYED_OUT), "winning side"),
        ((1, 1, 0, (70, 60), (4, 4), None, end.PLAYED_OUT), "cannot win"),
        ((0, 2, 0, (70, 60), (4, 4), None, end.PLAYED_OUT), "scores 1 game points"),
        ((0, 1, 1, (70, 60), (4, 4), None, end.PLAYED_OUT), "carries no"),
        ((0, 0, 1, (65, 65), (4, 4), None, end.TIE), "no winner"),
        ((None, 1, 1, (65, 65), (4, 4), None, end.TIE), "no winner"),
        ((None, 0, 1, (60, 70), (4, 4), None, end.TIE), "65-65"),
        ((None, 0, 2, (65, 65), (4, 4), None, end.TIE), "carries 0 or 1"),
        ((None, 0, 0, (50, 70), (4, 4), None, end.TEN_OF_TRUMPS), "needs the side"),
        ((None, 0, 1, (50, 70), (4, 4), 0, end.TEN_OF_TRUMPS), "carries no"),
        ((None, 0, 0, (60, 70), (4, 4), 0, end.TEN_OF_TRUMPS), "no last-trick 10"),
    ]
    for fields, words in bad:
        with pytest.raises(ResultError, match=words):
            p4.PartnershipResult(*fields)
