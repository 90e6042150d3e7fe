"""The test kit's checks catch what they promise: the checks of :mod:`sixtysix.testing`.

Each test takes a state that passes :func:`~sixtysix.testing.check_invariants` (or a
transition that passes :func:`~sixtysix.testing.check_transition`), breaks one thing, and
expects an :class:`~sixtysix.testing.InvariantError` that names what broke. The checks of
the engine's answers (legal moves, scores) are tested against a deliberately wrong
engine, patched into the kit.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import deal_a, play, run
from tests.profiles import examples

import sixtysix.testing as kit
from sixtysix import (
    CLASSIC_66,
    PRESETS,
    SCHNAPSEN,
    Card,
    ClaimMode,
    CloseTiming,
    HandEnd,
    HandResult,
    HandState,
    Move,
    Rules,
    Step,
    apply_move,
    legal_moves,
    new_hand,
    parse_move,
    score_hand,
)
from sixtysix.moves import CLAIM, CLOSE, DRAW, EXCHANGE, MARRY, PLAY, Marry, Play
from sixtysix.scoring import _unchecked_result, _with_honours
from sixtysix.testing import InvariantError, check_invariants, check_transition

# A played-out CLASSIC_66 hand (trump clubs) in which neither player reaches 66: 65 : 55 + 10.
NEITHER = "TH AH AS TS QH 9H JH KH KS QS JS 9S AC 9C TC JD KC QD QC KD JC AD 9D TD"
# ... in which seat 1 has 97, seat 0 23 + 10.
ONE_LAST = "JH AH 9H TH KH QH AS 9S TS JS KS QS AC 9C TC JD KC QD QC KD JC AD 9D TD"
# ... in which both have 66 or more thanks to their marriages: 82 + 20 : 38 + 20 + 10.
BOTH = "9S AS marry H KH 9H QH AH marry S KS JS QS TS JH TH AC 9C TC JD KC QD QC KD JC AD 9D TD"


def card(text: str) -> int:
    return Card.parse(text).index


def bit(text: str) -> int:
    return 1 << card(text)


def broken(state: HandState, message: str, **changes: Any) -> None:
    """``state`` passes the invariants, but not with ``changes``: the error says ``message``."""
    check_invariants(state)
    bad = attrs.evolve(state, **changes)
    with pytest.raises(InvariantError, match=re.escape(message)):
        check_invariants(bad)


def random_states(rules: Rules, seeds: range) -> Iterator[HandState]:
    """Every state of random games in which nobody claims."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_hand(rules, seed=seed)
        yield state
        while not state.is_over:
            options = [m for m in legal_moves(state) if m != CLAIM]
            state = apply_move(state, rng.choice(options))
            yield state


def find(rules: Rules, wanted: Callable[[HandState], bool]) -> HandState:
    for state in random_states(rules, range(500)):
        if wanted(state):
            return state
    raise AssertionError("no such state in 500 random games")


def a_trick() -> HandState:
    """Deal A after AC JC: seat 1 won the trick and decides (draw, close or claim)."""
    return play(deal_a(), "AC JC", auto_draw=False)


def drawn() -> HandState:
    """... after the draw: seat 1 leads."""
    return play(deal_a(), "AC JC draw")


# ================================================================== strategies


@settings(max_examples=examples(20), database=None)
@given(kit.rules(house=False), kit.rules(claim_mode=ClaimMode.AUTO, house=False))
def test_rules_without_house_rules_are_presets(any_preset: Rules, auto: Rules) -> None:
    assert any_preset in PRESETS.values()
    assert any(attrs.evolve(p, claim_mode=ClaimMode.AUTO) == auto for p in PRESETS.values())


@settings(max_examples=examples(10), database=None)
@given(kit.dealt_states())
def test_dealt_states_default_to_any_rules(state: HandState) -> None:
    check_invariants(state)
    assert state.played == () and state.step is Step.LEAD


@settings(max_examples=examples(3), database=None)
@given(st.data())
def test_legal_move_in_a_finished_hand_is_an_error(data: st.DataObject) -> None:
    over = run(CLASSIC_66, NEITHER, trump="C")
    with pytest.raises(InvariantError, match="no legal move in <HandState OVER"):
        data.draw(kit.legal_move(over))


# ================================================================== fields and cards


def test_fields_out_of_range() -> None:
    s = deal_a()
    broken(s, "dealer 2 and leader 1 must be seats 0 or 1", dealer=2)
    broken(s, "dealer 0 and leader -1 must be seats 0 or 1", leader=-1)
    broken(s, "trump, closed_by or exchanged_by out of range", closed_by=2)
    broken(s, "trump, closed_by or exchanged_by out of range", exchanged_by=-2)
    broken(s, "turn_marriage or step out of range", turn_marriage=4)


def test_card_conservation() -> None:
    s = deal_a()
    h0, h1 = s.hands
    t = s.talon
    broken(s, "the talon repeats a card: JD JD", talon=(t[0], *t[:-1]))
    broken(
        s,
        "card conservation: AC in both seat 0's hand and seat 1's hand",
        hands=(h0 | bit("AC"), h1),
    )
    broken(
        s, "card conservation: JD in both seat 1's hand and the talon", hands=(h0, h1 | bit("JD"))
    )
    broken(
        s,
        "card conservation: missing TC, not in the D24 deck: -",
        hands=(h0 & ~bit("TC"), h1),
    )
    broken(s, "card conservation: missing -, not in the D24 deck: 7H", hands=(h0 | bit("7H"), h1))
    after_lead = play(s, "AC")
    broken(
        after_lead,
        "card conservation: AC in both seat 1's hand and the table",
        hands=(h0, after_lead.hands[1] | bit("AC")),
    )
    won = drawn().won[1]
    broken(drawn(), "AC JC in both seat 0's tricks and seat 1's tricks", won=(won, won))


def test_play_record() -> None:
    trick = a_trick()
    broken(trick, "a card was played twice", played=(card("AC"), card("AC")))
    broken(
        deal_a(),
        "the cards played are not exactly the cards won plus the card on the table",
        played=(card("AC"),),
    )
    on_table = play(drawn(), "KH")
    lead, *rest = on_table.played
    broken(on_table, "the card on the table KH is not the last card played", played=(*rest, lead))


def test_won_cards_and_points() -> None:
    s = deal_a()
    broken(
        s,
        "seat 1 has an odd number of won cards",
        hands=(s.hands[0], s.hands[1] & ~bit("AC")),
        won=(0, bit("AC")),
        played=(card("AC"),),
    )
    broken(a_trick(), "seat 1 has card_points 12 but won cards worth 13", card_points=(0, 12))
    # Both hands empty with cards in the open talon: undo the last trick of a played-out
    # hand by putting its two cards back in the talon.
    out = run(CLASSIC_66, NEITHER, trump="C")
    last = out.played[-2:]
    winner = out.leader
    won = list(out.won)
    won[winner] &= ~(1 << last[0] | 1 << last[1])
    points = list(out.card_points)
    points[winner] -= sum(Card.from_index(i).points for i in last)
    broken(
        out,
        "both hands are empty but the open talon still has cards",
        talon=last,
        won=tuple(won),
        card_points=tuple(points),
        played=out.played[:-2],
    )


def test_tricks_replay() -> None:
    s = drawn()
    broken(
        s,
        "the tricks played give seat 0 - and seat 1 AC JC",
        won=s.won[::-1],
        card_points=s.card_points[::-1],
    )
    broken(deal_a(), "seat 1 won the last trick (or leads first) but leader is 0", leader=0)


# ================================================================== sizes and turn


def test_hand_sizes_and_draws() -> None:
    s = deal_a()
    h0, h1 = s.hands
    broken(
        s,
        "talon of 11 cards after a talon of 12 at the deal",
        talon=s.talon[1:],
        hands=(h0 | 1 << s.talon[0], h1),
    )
    broken(
        s,
        "seat 0 holds 5 cards but has been dealt 6, drawn 0 and played 0 fewer: expected 6",
        hands=(h0 & ~bit("TC"), h1 | bit("TC")),
    )
    broken(drawn(), "1 tricks but 1 draws at the decision after a trick", step=Step.DECIDE)
    broken(a_trick(), "1 tricks on an open talon but the players drew 0 times", step=Step.LEAD)


class _NobodyToMove(HandState):
    """A state whose ``to_move`` is wrong (as a buggy state class would have it)."""

    @property
    def to_move(self) -> int | None:
        return None


def test_turn() -> None:
    s = deal_a()
    check_invariants(s)
    wrong = _NobodyToMove(**{f.name: getattr(s, f.name) for f in attrs.fields(HandState)})
    with pytest.raises(InvariantError, match="to_move is None but 1 at step LEAD"):
        check_invariants(wrong)
    broken(s, "a card is on the table exactly when the follower is to move", step=Step.FOLLOW)
    broken(
        a_trick(),
        "a decision to draw or close where closing is not allowed (§2.1)",
        rules=attrs.evolve(CLASSIC_66, close_timing=CloseTiming.AFTER_DRAW),
    )
    broken(play(s, "AC"), "turn_marriage/turn_steps set outside a leading turn", turn_steps=1)
    broken(
        s,
        "the marriage of this turn is not recorded as declared by the leader",
        turn_marriage=2,
    )
    broken(s, "turn_steps says the leader closed, but closed_by disagrees", turn_steps=1)


def test_trump_and_exchange() -> None:
    s = deal_a()
    h0, h1 = s.hands
    broken(
        s, f"the card turned up at the deal ({card('AH')}) is not a trump", dealt_turnup=card("AH")
    )
    # Seat 0's AH and the turn-up AS change places.
    broken(
        s,
        "the turn-up AH is not a trump",
        talon=(*s.talon[:-1], card("AH")),
        hands=(h0 & ~bit("AH") | bit("AS"), h1),
    )
    broken(s, "after the exchange the turn-up AS is not the exchange card", exchanged_by=1)
    rules = attrs.evolve(CLASSIC_66, exchange_requires_won_trick=False)
    swapped = play(deal_a(rules), "exchange")
    assert swapped.exchanged_by == 1
    broken(swapped, "no exchange, but the turn-up 9S is not AS", exchanged_by=-1)
    broken(swapped, "seat 0 exchanged but never held the turn-up AS", exchanged_by=0)


# ================================================================== marriages, closing, claims


def test_marriages() -> None:
    s = deal_a()  # seat 1 holds KH QH and KD QD; trump spades
    hearts = 1 << (1 * 4 + 2)
    broken(
        s,
        "seat 1 declared marriages worth 0 but has 0 counted and 20 pending",
        pending=(0, 20),
    )
    broken(
        s,
        "seat 1's marriages count without a won trick (§4)",
        declared=hearts,
        marriages=(0, 20),
    )
    broken(
        drawn(),
        "seat 1 has won a trick but marriage points are still pending",
        declared=hearts,
        pending=(0, 20),
    )
    broken(
        s,
        "seat 0 declared marriage 2 without holding K and Q",
        declared=1 << 2,
        pending=(20, 0),
    )
    broken(
        s, "seat 1 declared marriage 2 but never led its card", declared=hearts, pending=(0, 20)
    )


def test_closing() -> None:
    snap = attrs.evolve
    broken(deal_a(), "closed_by and close_snapshot disagree", closed_by=1)
    closed = play(deal_a(), "close")
    assert closed.close_snapshot is not None
    broken(
        closed,
        "the talon of 12 cards was closed against the rules",
        rules=attrs.evolve(CLASSIC_66, closing_allowed=False),
    )
    broken(
        closed,
        "the close snapshot counts more tricks than were played",
        close_snapshot=snap(closed.close_snapshot, tricks_played=1),
    )
    broken(
        closed,
        "closed on the first lead, but close_on_first_lead is off",
        rules=attrs.evolve(CLASSIC_66, close_on_first_lead=False),
    )
    broken(
        closed,
        "the close snapshot says 0 tricks and 5 card points, but the opponent had 0 tricks "
        "and 0 card points at the close",
        close_snapshot=snap(closed.close_snapshot, opponent_card_points=5),
    )
    broken(
        closed,
        "the close snapshot has more marriage points than the opponent has now",
        close_snapshot=snap(closed.close_snapshot, opponent_marriages=20),
    )
    instead = play(a_trick(), "close")
    broken(
        instead,
        "closed instead of drawing, but close_timing is AFTER_DRAW",
        rules=attrs.evolve(CLASSIC_66, close_timing=CloseTiming.AFTER_DRAW),
    )
    later = play(deal_a(), "AC JC draw KH AH draw close")
    assert later.close_snapshot is not None and later.close_snapshot.tricks_played == 2
    broken(
        later,
        "closed after 0 tricks but with 2 draws",
        close_snapshot=snap(later.close_snapshot, tricks_played=0),
    )


def test_automatic_claims() -> None:
    auto = attrs.evolve(CLASSIC_66, claim_mode=ClaimMode.AUTO)
    married = run(CLASSIC_66, "AH 9H TH JH AS 9S marry C", trump="C")
    assert married.points(married.leader) >= 66 and married.turn_marriage >= 0
    broken(married, "AUTO claims: a marriage reached 66 but the hand goes on", rules=auto)
    won = run(CLASSIC_66, "AH 9H TH JH AS 9S AC 9C TC JC TS JS draw", trump="D")
    assert won.step is Step.LEAD and won.points(won.leader) >= 66
    broken(won, "AUTO claims: the trick winner has 66 or more but the hand goes on", rules=auto)


# ================================================================== the engine's answers


def _in_order(moves: Sequence[Move]) -> tuple[Move, ...]:
    """``moves`` in the documented order of legal_moves."""
    words = [DRAW, EXCHANGE, CLOSE, CLAIM]

    def key(m: Move) -> tuple[int, int]:
        if isinstance(m, Play):
            return 5, m.card.index
        if isinstance(m, Marry):
            return 4, int(m.suit)
        return words.index(m), 0

    return tuple(sorted(set(moves), key=key))


def wrong_moves(
    monkeypatch: pytest.MonkeyPatch,
    change: Callable[[HandState, tuple[Move, ...]], Sequence[Move]],
) -> None:
    """Patch the kit's engine so that the legal moves are ``change(state, real moves)``."""

    def fake(state: HandState) -> tuple[Move, ...]:
        return tuple(change(state, legal_moves(state)))

    monkeypatch.setattr(kit, "legal_moves", fake)
    monkeypatch.setattr(kit, "is_legal", lambda state, move: move in fake(state))


@pytest.mark.parametrize(
    ("state", "change", "message"),
    [
        (deal_a, lambda s, m: (), "legal moves [] at step LEAD"),
        (deal_a, lambda s, m: m[::-1], "legal moves repeated or out of order"),
        (deal_a, lambda s, m: (*m, m[-1]), "legal moves repeated or out of order"),
        (deal_a, lambda s, m: _in_order([DRAW, *m]), "draw must be offered exactly at the"),
        (a_trick, lambda s, m: (DRAW, CLOSE), "at the decision after a trick expected"),
        (
            lambda: play(deal_a(), "AC"),
            lambda s, m: _in_order([CLAIM, *m]),
            "claim offered under AUTO (or NONE) claims or to the follower",
        ),
        (
            lambda: play(deal_a(), "AC"),
            lambda s, m: _in_order([MARRY[0], *m]),
            "marriage offered to the follower or twice in one turn",
        ),
        (
            lambda: play(deal_a(), "marry H"),
            lambda s, m: _in_order([MARRY[1], *m]),
            "marriage offered to the follower or twice in one turn",
        ),
        (
            deal_a,
            lambda s, m: _in_order([MARRY[0], *m]),
            "marriage of suit 0 offered without king and queen in hand",
        ),
        (
            lambda: play(deal_a(), "AC"),
            lambda s, m: _in_order([EXCHANGE, *m]),
            "exchange offered without the exchange card or without a talon",
        ),
        (
            lambda: play(deal_a(), "AC"),
            lambda s, m: _in_order([CLOSE, *m]),
            "close offered on a closed talon, against the rules or to the follower",
        ),
        (
            lambda: play(deal_a(), "close"),
            lambda s, m: _in_order([CLOSE, *m]),
            "close offered on a closed talon, against the rules or to the follower",
        ),
        (
            deal_a,
            lambda s, m: [x for x in m if x != PLAY[card("AC")]],
            "playable cards are KD QD KH QH 9S but rules §1.6/§4 allow AC KD QD KH QH 9S",
        ),
        (
            lambda: play(deal_a(), "marry H"),
            lambda s, m: _in_order([*m, PLAY[card("AC")]]),
            "playable cards are AC KH QH but rules §1.6/§4 allow KH QH",
        ),
        (
            lambda: play(deal_a(), "close AC"),
            lambda s, m: _in_order([*m, PLAY[card("TC")], PLAY[card("AH")]]),
            "playable cards are TC JC AH but rules §1.6/§4 allow TC JC",
        ),
        (
            lambda: run(CLASSIC_66, NEITHER, trump="C"),
            lambda s, m: (PLAY[0],),
            "legal moves ['AC'] at step OVER",
        ),
    ],
)
def test_wrong_legal_moves(
    monkeypatch: pytest.MonkeyPatch,
    state: Callable[[], HandState],
    change: Callable[[HandState, tuple[Move, ...]], Sequence[Move]],
    message: str,
) -> None:
    s = state()
    check_invariants(s)
    wrong_moves(monkeypatch, change)
    with pytest.raises(InvariantError, match=re.escape(message)):
        check_invariants(s)


def test_is_legal_must_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    s = deal_a()
    check_invariants(s)
    monkeypatch.setattr(kit, "is_legal", lambda state, move: move == CLAIM)
    with pytest.raises(InvariantError, match=re.escape("is_legal(AC) is False but legal_moves")):
        check_invariants(s)


def wrong_score(
    monkeypatch: pytest.MonkeyPatch, change: Callable[[HandResult], HandResult]
) -> None:
    """Patch the kit's engine so that scores are ``change(the real score)``."""
    monkeypatch.setattr(kit, "score_hand", lambda state: change(score_hand(state)))


def test_scoring_an_unfinished_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    s = deal_a()
    check_invariants(s)
    fake = _unchecked_result(1, 1, 0, (0, 0), HandEnd.CLAIM)
    monkeypatch.setattr(kit, "score_hand", lambda state: fake)
    with pytest.raises(InvariantError, match="score_hand scored a hand that is not over"):
        check_invariants(s)


def claimed(correct: bool) -> HandState:
    """A hand that seat 1 ended with a claim under CLASSIC_66: with 69 points or with 13."""
    script = "AH 9H TH JH AS 9S AC 9C TC JC TS JS claim" if correct else "AH 9H claim"
    state = run(CLASSIC_66, script, trump="D")
    assert state.is_over and state.leader == 1 and (state.points(1) >= 66) == correct
    return state


def played_out(rules: Rules, closed: bool) -> HandState:
    def wanted(s: HandState) -> bool:
        return s.is_over and not s.hands[0] | s.hands[1] and (s.closed_by >= 0) == closed

    return find(rules, wanted)


Change = Callable[[HandResult], HandResult]


def E(r: HandResult, **changes: Any) -> HandResult:
    """``attrs.evolve`` without HandResult's construction checks: the kit must catch
    impossible results too."""
    fields = attrs.asdict(r, recurse=False) | changes
    honours = fields.pop("honours")
    return _with_honours(_unchecked_result(**fields), honours)


@pytest.mark.parametrize(
    ("state", "change", "message"),
    [
        (lambda: claimed(True), lambda r: E(r, winner=2), "winner 2"),
        (
            lambda: run(CLASSIC_66, NEITHER, trump="C"),
            lambda r: E(r, game_points=1),
            "no winner, but game points 1 carry 1",
        ),
        (
            lambda: claimed(True),
            lambda r: E(r, game_points=1, carry=1),
            "winner with game points 1 and carry 1",
        ),
        (
            lambda: claimed(True),
            lambda r: E(r, game_points=4),
            "winner with game points 4 and carry 0",
        ),
        (
            lambda: run(CLASSIC_66, NEITHER, trump="C"),
            lambda r: E(r, points=(55, 65)),
            "final points (55, 65), expected (65, 65) (§9.10)",
        ),
        (
            lambda: claimed(True),
            lambda r: E(r, reason=HandEnd.PLAYED_OUT),
            "a hand ended with cards in hand has reason HandEnd.PLAYED_OUT",
        ),
        (
            lambda: claimed(True),
            lambda r: E(r, reason=HandEnd.FALSE_CLAIM),
            "scored as HandEnd.FALSE_CLAIM",
        ),
        (
            lambda: claimed(False),
            lambda r: E(r, reason=HandEnd.CLAIM),
            "scored as HandEnd.CLAIM",
        ),
        (
            lambda: claimed(True),
            lambda r: E(r, winner=1 - (r.winner or 0)),
            "(HandEnd.CLAIM) won by",
        ),
        (
            lambda: claimed(True),
            lambda r: E(r, reason=HandEnd.CLOSER_BEATEN),
            "reason HandEnd.CLOSER_BEATEN for a claim by seat",
        ),
        (
            lambda: run(CLASSIC_66, ONE_LAST, trump="C"),
            lambda r: E(r, reason=HandEnd.CLAIM),
            "a played-out hand scored as HandEnd.CLAIM (§9.4)",
        ),
        (
            lambda: played_out(CLASSIC_66, closed=True),
            lambda r: E(r, winner=1 - (r.winner or 0)),
            "closed hand played out: ",
        ),
        (
            lambda: played_out(SCHNAPSEN, closed=False),
            lambda r: E(r, reason=HandEnd.PLAYED_OUT),
            "WINS_HAND: HandEnd.PLAYED_OUT won by",
        ),
        (
            lambda: run(CLASSIC_66, NEITHER, trump="C"),
            lambda r: _unchecked_result(0, 1, 0, r.points, HandEnd.PLAYED_OUT),
            "seat 0 wins a played-out hand with 65",
        ),
        (
            lambda: run(CLASSIC_66, BOTH, trump="C"),
            lambda r: E(r, reason=HandEnd.PLAYED_OUT),
            "both over 66 but reason HandEnd.PLAYED_OUT",
        ),
        (
            lambda: run(CLASSIC_66, ONE_LAST, trump="C"),
            lambda r: _unchecked_result(None, 0, 1, r.points, HandEnd.PLAYED_OUT),
            "one player over 66 but reason HandEnd.PLAYED_OUT and winner None",
        ),
        (
            lambda: run(CLASSIC_66, NEITHER, trump="C"),
            lambda r: E(r, reason=HandEnd.PLAYED_OUT),
            "nobody over 66 but reason HandEnd.PLAYED_OUT and winner None",
        ),
    ],
)
def test_wrong_results(
    monkeypatch: pytest.MonkeyPatch,
    state: Callable[[], HandState],
    change: Change,
    message: str,
) -> None:
    s = state()
    check_invariants(s)
    wrong_score(monkeypatch, change)
    with pytest.raises(InvariantError, match=re.escape(message)):
        check_invariants(s)


def test_claims_need_an_open_window(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 1 "claims" before winning a trick or declaring a marriage.
    s = attrs.evolve(deal_a(), step=Step.OVER)
    fake = _unchecked_result(0, 2, 0, (0, 0), HandEnd.FALSE_CLAIM)
    monkeypatch.setattr(kit, "score_hand", lambda state: fake)
    with pytest.raises(InvariantError, match="seat 1 claimed without an open claim window"):
        check_invariants(s)


def test_automatic_claims_are_never_false(monkeypatch: pytest.MonkeyPatch) -> None:
    s = claimed(False)
    check_invariants(s)
    result = score_hand(s)
    assert result.reason is HandEnd.FALSE_CLAIM
    auto = attrs.evolve(s, rules=attrs.evolve(CLASSIC_66, claim_mode=ClaimMode.AUTO))
    monkeypatch.setattr(kit, "score_hand", lambda state: result)
    with pytest.raises(InvariantError, match="an automatic claim with only"):
        check_invariants(auto)


# ================================================================== transitions


def broken_move(before: HandState, text: str, message: str, **changes: Any) -> None:
    """``text`` is checked fine in ``before``, but not with ``changes`` to the result."""
    move = parse_move(text)
    after = apply_move(before, move)
    check_transition(before, move, after)
    with pytest.raises(InvariantError, match=re.escape(message)):
        check_transition(before, move, attrs.evolve(after, **changes))


def test_transition_of_an_illegal_move() -> None:
    s = deal_a()
    with pytest.raises(InvariantError, match="JC is not legal here"):
        check_transition(s, parse_move("JC"), s)


def test_broken_transitions() -> None:
    s = deal_a()
    broken_move(
        s, "AC", "AC changed the rules, the dealer, the trump or the dealt turn-up", dealer=1
    )
    broken_move(s, "AC", "AC changed the rules", rules=SCHNAPSEN)
    broken_move(s, "AC", "leading AC: the card goes from hand to table", step=Step.LEAD)
    on_table = play(s, "AC")
    broken_move(
        on_table,
        "JC",
        "AC led, JC played: trick to seat 1; card_points: expected (0, 13), got (0, 0)",
        card_points=(0, 0),
    )
    broken_move(
        on_table,
        "JC",
        "trick to seat 1; step: expected <Step.DECIDE: 2>, got <Step.LEAD: 0>; "
        "leader: expected 1, got 0",
        step=Step.LEAD,
        leader=0,
    )
    trick = a_trick()
    broken_move(trick, "claim", "a claim must end the hand and change nothing else", leader=0)
    broken_move(trick, "draw", "draw changed the tricks", played=())
    broken_move(
        trick, "draw", "the trick winner draws the top card, the loser the next (§1.5)", leader=0
    )
    broken_move(
        trick,
        "close",
        "closing must keep the lead, draw nothing and snapshot the opponent",
        close_snapshot=None,
    )
    rules = attrs.evolve(CLASSIC_66, exchange_requires_won_trick=False)
    broken_move(
        deal_a(rules),
        "exchange",
        "the exchange must swap the exchange card with the turn-up (§3)",
        exchanged_by=-1,
    )
    broken_move(s, "marry H", "marry H is worth 20, pending", pending=(0, 0))
    broken_move(drawn(), "marry D", "marry D is worth 20, counted", declared=0)
