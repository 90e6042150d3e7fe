"""Hypothesis properties of the rules engine over random legal play (issue 2, item 4).

Every property runs for every preset in both claim modes, and most also for random house
rules. The expectations come from the rules page: the legal moves and the scores are computed
here by an independent reading of the rules (``expected_moves``, ``expected_result``),
and :mod:`sixtysix.testing` checks the state invariants and single transitions.
"""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.profiles import examples

import sixtysix as ss
import sixtysix.testing as kit
from sixtysix import (
    PRESETS,
    BothOver66,
    Claim,
    ClaimMode,
    ClosedWinBasis,
    CloserBeaten,
    CloseTiming,
    ExchangeTiming,
    ExchangeWhenClosed,
    FailedClose,
    FalseClaim,
    HandEnd,
    HandNotOverError,
    HandState,
    IllegalMoveError,
    LastTrick,
    MarriageBeforeFirstTrick,
    MarriageLead,
    Move,
    Play,
    Rank,
    Rules,
    Schwarz,
    Step,
    apply_move,
    explain_illegal,
    is_legal,
    legal_moves,
    new_hand,
    score_hand,
)
from sixtysix.moves import CLAIM, CLOSE, DRAW, EXCHANGE, MARRY, PLAY

RULESETS = [
    pytest.param(attrs.evolve(preset, claim_mode=mode), id=f"{name}-{mode.name}")
    for name, preset in PRESETS.items()
    for mode in ClaimMode
]

# Per preset and claim mode; house-rules tests get more examples since they vary more.
FEW = settings(
    max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
SOME = settings(
    max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
MANY = settings(
    max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


# ====================================================== an independent reading of the rules page


def _exchange_card(s: HandState) -> int:
    return s.trump * 8 + 7 - s.rules.deck.exchange_rank


def _king_queen(suit: int) -> tuple[int, int]:
    return suit * 8 + 7 - Rank.KING, suit * 8 + 7 - Rank.QUEEN


def _draws(s: HandState) -> int:
    return (s.rules.talon_size - len(s.talon)) // 2


def _may_exchange(s: HandState, seat: int, leading: bool) -> bool:
    """rules §3 and §9.2, §9.5, §9.6."""
    r = s.rules
    if not s.talon or len(s.talon) < r.exchange_min_talon:
        return False
    if not s.hands[seat] >> _exchange_card(s) & 1:
        return False
    if s.closed_by < 0:
        if not leading and r.exchange_timing is ExchangeTiming.ON_LEAD:
            return False
        if r.exchange_requires_won_trick and not s.won[seat]:
            return False
        return r.exchange_on_first_lead or s.tricks_played > 0
    when = r.exchange_when_closed
    if when is ExchangeWhenClosed.NEVER:
        return False
    if when is ExchangeWhenClosed.AT_CLOSE_OPPONENT:
        snap = s.close_snapshot
        assert snap is not None
        return seat != s.closed_by and not leading and s.tricks_played == snap.tricks_played
    return bool(s.won[seat]) and (leading or r.exchange_timing is ExchangeTiming.ANY_TIME)


def _follow_cards(s: HandState) -> list[int]:
    """rules §1.6."""
    hand = [i for i in range(32) if s.hands[1 - s.leader] >> i & 1]
    if s.closed_by < 0 and s.talon:
        return hand
    led_suit, led_rank = s.lead >> 3, 7 - (s.lead & 7)
    same = [i for i in hand if i >> 3 == led_suit]
    trumps = [i for i in hand if i >> 3 == s.trump]
    rule = s.rules.strict_play.name
    if same:
        if rule == "FOLLOW_HEAD_OR_TRUMP":
            return [i for i in same if 7 - (i & 7) > led_rank] or same
        return same
    if trumps and rule != "FOLLOW_ONLY":
        return trumps
    return hand


def expected_moves(s: HandState) -> list[Move]:
    """The legal moves by rules §1.6, §2, §3, §4 and §9, in the documented order."""
    r = s.rules
    explicit = r.claim_mode is ClaimMode.EXPLICIT
    if s.step is Step.OVER:
        return []
    if s.step is Step.DECIDE:
        return [DRAW, CLOSE, *([CLAIM] if explicit else [])]
    if s.step is Step.FOLLOW:
        out: list[Move] = [EXCHANGE] if _may_exchange(s, 1 - s.leader, False) else []
        return out + [PLAY[i] for i in _follow_cards(s)]
    seat = s.leader
    married = s.turn_marriage >= 0
    snap = s.close_snapshot
    closed_this_turn = (
        s.closed_by == seat
        and snap is not None
        and snap.tricks_played == s.tricks_played
        and _draws(s) == snap.tricks_played
    )
    out = []
    if not married and not closed_this_turn and _may_exchange(s, seat, True):
        out.append(EXCHANGE)
    if (
        not married
        and r.closing_allowed
        and s.closed_by < 0
        and s.talon
        and len(s.talon) >= r.close_min_talon
        and (r.close_on_first_lead or s.tricks_played > 0)
    ):
        out.append(CLOSE)
    if explicit and (r.marriage_out_without_lead if married else s.tricks_played > 0):
        out.append(CLAIM)
    strict = s.closed_by >= 0 or not s.talon
    if (
        not married
        and not (
            r.marriage_before_first_trick is MarriageBeforeFirstTrick.FORBIDDEN and not s.won[seat]
        )
        and not (strict and not r.marriage_in_strict_phase)
    ):
        for suit in range(4):
            king, queen = _king_queen(suit)
            if s.hands[seat] >> king & 1 and s.hands[seat] >> queen & 1:
                out.append(MARRY[suit])
        # rules §13.7.2: the amour (ace and ten), after the marriages, on the same terms
        for suit in range(4):
            if s.hands[seat] >> (8 * suit) & 3 != 3:
                continue
            if r.amour is ss.AmourRule.TRUMP and suit == s.trump:
                out.append(ss.Amour())
            elif r.amour is ss.AmourRule.ANY_SUIT:
                out.append(ss.Amour(ss.Suit(suit)))
    if married and s.turn_steps & 2:  # after an amour: its ace or ten
        cards = [8 * s.turn_marriage, 8 * s.turn_marriage + 1]
    elif married:
        king, queen = _king_queen(s.turn_marriage)
        cards = [king] if r.marriage_lead is MarriageLead.KING_ONLY else sorted([king, queen])
    else:
        cards = [i for i in range(32) if s.hands[seat] >> i & 1]
    return out + [PLAY[i] for i in cards]


def _grade(r: Rules, tricks: int, full: int, marriages: int) -> int:
    """3/2/1 for beating an opponent with these tricks and points (rules §6)."""
    if r.schwarz is Schwarz.NO_TRICKS and tricks == 0:
        return 3
    if r.schwarz is Schwarz.ZERO_POINTS and full == 0:
        return 3
    counted = full if r.schneider_counts_marriages else full - marriages
    return 2 if counted < r.schneider_threshold else 1


def _grade_claim(s: HandState, claimer: int) -> int:
    """A correct claim's worth on the §6.1 basis."""
    opp = 1 - claimer
    snap = s.close_snapshot
    if s.closed_by == claimer and s.rules.closed_win_basis is ClosedWinBasis.AT_CLOSE:
        assert snap is not None
        full = snap.opponent_card_points + snap.opponent_marriages
        return _grade(s.rules, snap.opponent_tricks, full, snap.opponent_marriages)
    return _grade(s.rules, s.tricks(opp), s.points(opp), s.marriages[opp])


def _failed_close(s: HandState) -> int:
    """rules §6.3."""
    r = s.rules
    snap = s.close_snapshot
    assert snap is not None
    if r.failed_close is FailedClose.ALWAYS_THREE or snap.opponent_tricks == 0:
        return 3
    if r.failed_close is FailedClose.TWO_OR_THREE:
        return 2
    return 1 if s.points(s.closed_by) >= r.schneider_threshold else 2


def expected_result(s: HandState) -> tuple[int | None, int, HandEnd]:
    """(winner, game points, reason) of a finished hand by rules §6 and §9."""
    r = s.rules
    last = s.leader
    if s.hands[0] | s.hands[1]:
        claimer, opp = last, 1 - last
        if s.points(claimer) < r.claim_target:  # 66 unless claim_target says (§13 [M24])
            if r.false_claim is FalseClaim.FLAT_TWO:
                gp = 2
            elif r.false_claim is FalseClaim.TWO_OR_THREE:
                gp = 2 if s.won[opp] else 3
            else:
                gp = _grade_claim(s, claimer)
            return opp, gp, HandEnd.FALSE_CLAIM
        if s.closed_by == opp:
            gp = 2 if r.closer_beaten is CloserBeaten.FLAT_TWO else _failed_close(s)
            return claimer, gp, HandEnd.CLOSER_BEATEN
        return claimer, _grade_claim(s, claimer), HandEnd.CLAIM
    if s.closed_by >= 0:
        closer = s.closed_by
        if last == closer and s.points(closer) >= 66:
            return closer, _grade_claim(s, closer), HandEnd.CLOSER_TOOK_LAST_TRICK
        return 1 - closer, _failed_close(s), HandEnd.FAILED_CLOSE
    final = [s.points(0), s.points(1)]
    late = s.played[r.talon_size :]  # §13.8: the tricks after the last draw
    if (
        r.whitewash
        and r.honours_scoring is ss.HonoursScoring.POINTS
        and late
        and all(s.won[last] >> c & 1 for c in late)
    ):
        final[last] += r.whitewash_points
    if r.last_trick is LastTrick.WINS_HAND:
        opp = 1 - last
        if final[last] >= 66:
            return (
                last,
                _grade(r, s.tricks(opp), s.points(opp), s.marriages[opp]),
                HandEnd.LAST_TRICK,
            )
        return last, 1, HandEnd.LAST_TRICK
    final[last] += 10
    if final[0] >= 66 and final[1] >= 66:
        if r.both_over_66 is BothOver66.NO_SCORE or final[0] == final[1]:
            return None, 0, HandEnd.BOTH_OVER_66
        winner = 0 if final[0] > final[1] else 1
        reason = HandEnd.BOTH_OVER_66
    elif final[0] >= 66 or final[1] >= 66:
        winner = 0 if final[0] >= 66 else 1
        reason = HandEnd.PLAYED_OUT
    else:
        return None, 0, HandEnd.NEITHER_REACHED_66
    loser = 1 - winner
    return winner, _grade(r, s.tricks(loser), final[loser], s.marriages[loser]), reason


# ============================================================ helpers


def _walk(data: st.DataObject, state: HandState, claims: bool = True) -> list[HandState]:
    """Random legal play to the end of the hand, checking every step; all states seen."""
    seen = [state]
    kit.check_invariants(state)
    while not state.is_over:
        options = legal_moves(state)
        assert list(options) == expected_moves(state), (
            f"legal moves {[str(m) for m in options]} but the rules page gives "
            f"{[str(m) for m in expected_moves(state)]} in {state!r}"
        )
        move = data.draw(kit.legal_move(state, claims=claims))
        after = apply_move(state, move)
        kit.check_transition(state, move, after)
        kit.check_invariants(after)
        state = after
        seen.append(state)
    assert legal_moves(state) == ()
    return seen


def _snapshot(state: HandState) -> tuple[HandState, bytes]:
    """A deep copy and the pickle of ``state``, to show later that nothing changed it."""
    return copy.deepcopy(state), pickle.dumps(state)


def _assert_rejected(
    state: HandState, move: Move | str, snapshot: tuple[HandState, bytes] | None = None
) -> None:
    """``move`` is refused with its reason and leaves ``state`` as it was (as ``snapshot``,
    taken once for the many moves tried on one state, says it was)."""
    before, frozen = snapshot if snapshot is not None else _snapshot(state)
    reason = explain_illegal(state, move)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, move)
    assert isinstance(reason, str) and reason, f"no reason for illegal {move}"
    assert reason != "not allowed here", f"fallback reason for {move} in {state!r}"
    assert info.value.reason == reason
    assert state == before and pickle.dumps(state) == frozen


# ============================================================ properties


@pytest.mark.parametrize("rules", RULESETS)
@SOME
@given(data=st.data())
def test_random_play_follows_the_rules(rules: Rules, data: st.DataObject) -> None:
    """Card conservation, invariants and the legal moves of the rules page at every step."""
    _walk(data, data.draw(kit.dealt_states(rules)))


@MANY
@given(data=st.data())
def test_random_play_follows_the_rules_under_house_rules(data: st.DataObject) -> None:
    _walk(data, data.draw(kit.dealt_states(kit.house_rules())))


@pytest.mark.parametrize("rules", RULESETS)
@FEW
@given(data=st.data())
def test_played_out_hand_has_120_card_points(rules: Rules, data: st.DataObject) -> None:
    """Card points in tricks add up to 120 at the end of a played-out hand (closed: with the
    cards left in the talon)."""
    state = _walk(data, data.draw(kit.dealt_states(rules)), claims=False)[-1]
    if state.hands[0] | state.hands[1]:
        assert rules.claim_mode is ClaimMode.AUTO  # only an automatic claim ends it early
        return
    left = sum(PLAY[i].card.points for i in state.talon)
    assert sum(state.card_points) + left == 120
    assert left == 0 or state.is_closed
    result = score_hand(state)
    bonus = 10 if not state.is_closed and rules.last_trick is LastTrick.TEN_POINTS else 0
    assert sum(result.points) == 120 - left + sum(state.marriages) + bonus


@pytest.mark.parametrize("rules", RULESETS)
@SOME
@given(data=st.data())
def test_every_finished_hand_scores_by_the_rules(rules: Rules, data: st.DataObject) -> None:
    claims = data.draw(st.booleans())
    state = data.draw(kit.finished_states(rules, claims=claims))
    kit.check_invariants(state)
    result = score_hand(state)
    assert result.winner in (0, 1, None)
    assert 0 <= result.game_points <= 3
    assert (result.winner is None) == (result.game_points == 0)
    assert result.carry == (rules.tie_carry if result.winner is None else 0)
    assert (result.winner, result.game_points, result.reason) == expected_result(state)
    assert score_hand(state) == result


@MANY
@given(data=st.data())
def test_every_finished_hand_scores_under_house_rules(data: st.DataObject) -> None:
    state = data.draw(kit.finished_states(kit.house_rules()))
    kit.check_invariants(state)
    result = score_hand(state)
    assert (result.winner, result.game_points, result.reason) == expected_result(state)
    assert result.carry == (state.rules.tie_carry if result.winner is None else 0)


@pytest.mark.parametrize("rules", RULESETS)
@FEW
@given(data=st.data())
def test_unfinished_hand_does_not_score(rules: Rules, data: st.DataObject) -> None:
    state = data.draw(kit.reachable_states(rules, unfinished=True))
    assert legal_moves(state)
    assert state.to_move in (0, 1)
    with pytest.raises(HandNotOverError):
        score_hand(state)


@pytest.mark.parametrize("rules", RULESETS)
@FEW
@given(
    seed=st.integers(0, 2**32),
    dealer=st.integers(0, 1),
    picks=st.lists(st.integers(0, 1000), max_size=70),
)
def test_same_seed_and_moves_give_the_same_states(
    rules: Rules, seed: int, dealer: int, picks: list[int]
) -> None:
    def play() -> list[HandState]:
        state = new_hand(rules, seed=seed, dealer=dealer)
        states = [state]
        for pick in picks:
            if state.is_over:
                break
            options = legal_moves(state)
            state = apply_move(state, options[pick % len(options)])
            states.append(state)
        return states

    first, second = play(), play()
    assert first == second
    assert [hash(s) for s in first] == [hash(s) for s in second]
    for state in first:
        back = pickle.loads(pickle.dumps(state))
        assert back == state and hash(back) == hash(state)
        assert copy.deepcopy(state) == state
        assert legal_moves(back) == legal_moves(state)


@pytest.mark.parametrize("rules", RULESETS)
@FEW
@given(state=st.data())
def test_apply_move_never_mutates_its_input(rules: Rules, state: st.DataObject) -> None:
    s = state.draw(kit.reachable_states(rules, unfinished=True))
    frozen, twin, digest = pickle.dumps(s), copy.deepcopy(s), hash(s)
    for move in legal_moves(s):
        after = apply_move(s, move)
        assert after is not s
        assert after == apply_move(s, str(move))  # the text form means the same move
        assert s == twin and hash(s) == digest and pickle.dumps(s) == frozen


@pytest.mark.parametrize("rules", RULESETS)
@SOME
@given(data=st.data())
def test_illegal_moves_are_rejected_and_change_nothing(rules: Rules, data: st.DataObject) -> None:
    state = data.draw(kit.reachable_states(rules))
    explicit = rules.claim_mode is ClaimMode.EXPLICIT
    legal = set(legal_moves(state))
    snapshot = _snapshot(state)
    for move in kit.ALL_MOVES:
        assert is_legal(state, move) == (move in legal)
        assert is_legal(state, str(move)) == (move in legal)
        if move in legal:
            assert explain_illegal(state, move) is None
            continue
        _assert_rejected(state, move, snapshot)
        _assert_rejected(state, str(move), snapshot)
        reason = explain_illegal(state, move)
        assert reason is not None
        mover = state.to_move
        if state.is_over:
            assert "over" in reason
        elif isinstance(move, Play) and mover is not None and state.step is not Step.DECIDE:
            if not state.hands[mover] >> move.card.index & 1:
                assert str(move.card) in reason
        elif isinstance(move, Claim) and state.step is not Step.DECIDE and not explicit:
            assert ("no claims" if rules.claim_mode is ClaimMode.NONE else "automatic") in reason


@MANY
@given(data=st.data(), move=kit.moves())
def test_illegal_moves_are_rejected_under_house_rules(data: st.DataObject, move: Move) -> None:
    state = data.draw(kit.reachable_states(kit.house_rules()))
    if is_legal(state, move):
        assert move in legal_moves(state)
        assert explain_illegal(state, move) is None
        kit.check_transition(state, move, apply_move(state, move))
    else:
        assert move not in legal_moves(state)
        _assert_rejected(state, move)


@pytest.mark.parametrize("rules", RULESETS)
@FEW
@given(data=st.data())
def test_strategies_deal_and_play_as_asked(rules: Rules, data: st.DataObject) -> None:
    dealt = data.draw(kit.dealt_states(rules, dealer=1))
    assert dealt.rules == rules and dealt.dealer == 1 and dealt.leader == 0
    assert dealt.talon_size == rules.talon_size and not dealt.played
    assert all(dealt.hands[s].bit_count() == rules.hand_size for s in (0, 1))
    short = data.draw(kit.reachable_states(rules, max_moves=3))
    assert len(short.played) <= 3
    going = data.draw(kit.reachable_states(rules, unfinished=True))
    assert not going.is_over
    done = data.draw(kit.finished_states(rules, claims=False))
    assert done.is_over
    if rules.claim_mode is ClaimMode.EXPLICIT:
        assert not done.hands[0] | done.hands[1]  # no claims: played out


@settings(max_examples=examples(60), deadline=None)
@given(r=kit.rules(claim_mode=ClaimMode.AUTO))
def test_rules_strategy_fixes_the_claim_mode(r: Rules) -> None:
    assert r.claim_mode is ClaimMode.AUTO
    assert Rules.from_dict(r.to_dict()) == r


def test_invariant_checks_can_fail() -> None:
    """The kit's checks reject broken states and wrong transitions (so they test something)."""
    state = new_hand(PRESETS["CLASSIC_66"], seed=11)
    kit.check_invariants(state)
    broken = [
        attrs.evolve(state, card_points=(1, 0)),
        attrs.evolve(state, hands=(state.hands[0] | state.hands[1], state.hands[1])),
        attrs.evolve(state, talon=state.talon[:-1]),
        attrs.evolve(state, step=Step.FOLLOW),
        attrs.evolve(state, marriages=(20, 0)),
        attrs.evolve(state, leader=state.dealer),
        attrs.evolve(state, step=Step.OVER),
    ]
    for bad in broken:
        with pytest.raises(kit.InvariantError):
            kit.check_invariants(bad)
    move = legal_moves(state)[-1]
    after = apply_move(state, move)
    with pytest.raises(kit.InvariantError):
        kit.check_transition(state, move, attrs.evolve(after, talon=state.talon[1:]))
    with pytest.raises(kit.InvariantError):
        kit.check_transition(state, move, state)


@pytest.mark.parametrize("mode", list(ClaimMode))
def test_play_meets_the_decision_and_the_close(mode: ClaimMode) -> None:
    """A sanity check that the walks above meet the decision of §2.1 and the close."""
    rules = attrs.evolve(PRESETS["CLASSIC_66"], claim_mode=mode)
    assert rules.close_timing is CloseTiming.BEFORE_OR_AFTER_DRAW
    seen_decide = seen_close = False
    for seed in range(40):
        state = new_hand(rules, seed=seed)
        while not state.is_over:
            options = legal_moves(state)
            seen_decide |= state.step is Step.DECIDE
            move = CLOSE if CLOSE in options and seed % 3 == 0 else options[-1]
            seen_close |= move is CLOSE
            state = apply_move(state, move)
        kit.check_invariants(state)
    assert seen_decide and seen_close
