"""The one validity checker: sixtysix.validate, and load_position / PlayerView built on it."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from tests.helpers import deal, play

import sixtysix as ss
from sixtysix import (
    CLASSIC_66,
    HOYLE_66,
    PRESETS,
    SANTASE,
    SCHNAPSEN,
    ClaimMode,
    HandState,
    ParseError,
    PositionError,
    Step,
    apply_move,
    legal_moves,
    new_hand,
    observe,
    validate,
)
from sixtysix.notation import dump_position, load_position
from sixtysix.testing import check_invariants

#: The position of issue 8: the close snapshot gives seat 1 three marriage points.
ISSUE_8 = (
    "HOYLE_66 0 QC KC9DJH KDJDAH9H 9SASTDQSJCTHADJSKSQC F1 TCKH,QDAC,TSQH,9C - - 0:2:1:14:3 -"
)


def walk(rules: ss.Rules, seeds: range, limit: int = 64) -> Iterator[HandState]:
    """Every state of random hands (bounded: a hand has at most ``limit`` moves)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_hand(rules, seed=seed, dealer=seed & 1)
        for _ in range(limit):
            yield state
            if state.is_over:
                break
            state = apply_move(state, rng.choice(legal_moves(state)))
        else:  # pragma: no cover - the engine would be broken
            raise AssertionError(f"hand {seed} did not end within {limit} moves")


def find(rules: ss.Rules, predicate: Callable[[HandState], bool]) -> HandState:
    for state in walk(rules, range(400)):
        if predicate(state):
            return state
    raise AssertionError("no such state in 400 random hands")  # pragma: no cover


def fields(state: HandState) -> list[str]:
    return dump_position(state).split(" ")


def damaged(state: HandState, **changes: str) -> str:
    """The position string of ``state`` with fields replaced (``f7="L0"``: field 7)."""
    parts = fields(state)
    for key, value in changes.items():
        parts[int(key[1:]) - 1] = value
    return " ".join(parts)


def rejected(text: str, pattern: str) -> None:
    with pytest.raises(ParseError, match=pattern):
        load_position(text)


# --------------------------------------------------------------------------- basics


def test_reachable_states_and_views_have_no_problems() -> None:
    for rules in PRESETS.values():
        for state in walk(rules, range(25)):
            assert validate(state) == []
            for seat in (0, 1):
                assert validate(observe(state, seat)) == []


def test_the_issue_8_position_is_rejected_with_a_clear_message() -> None:
    rejected(ISSUE_8, "close snapshot gives seat 1 3 marriage points")


def test_validate_never_raises_on_other_values() -> None:
    assert validate(42) == ["expected a HandState or a PlayerView, not int"]  # type: ignore[arg-type]
    state = new_hand(CLASSIC_66, seed=1)
    assert validate(attrs.evolve(state, dealer=True)) == ["dealer must be an int (not a bool)"]
    assert "rules must be a Rules value" in validate(attrs.evolve(state, rules="CLASSIC_66"))  # type: ignore[arg-type]
    assert "talon must be a tuple" in validate(attrs.evolve(state, talon=[1, 2]))[0]  # type: ignore[arg-type]
    assert validate(attrs.evolve(state, trump=10**5000)) == [
        "trump is an int of 5001 digits, outside 0 to 3"
    ]


def test_every_problem_is_listed() -> None:
    state = new_hand(CLASSIC_66, seed=2)
    problems = validate(attrs.evolve(state, card_points=(3, 5)))
    assert problems == [
        "seat 0 has 3 card points but its tricks are worth 0",
        "seat 1 has 5 card points but its tricks are worth 0",
    ]


# --------------------------------------------------------------------------- each kind


def test_hand_sizes_against_talon_and_tricks() -> None:
    state = new_hand(CLASSIC_66, seed=3)
    f = fields(state)
    talon = f[5]
    # Two talon cards moved into the hands: as if the players had drawn without a trick.
    text = damaged(state, f4=f[3] + talon[:2], f5=f[4] + talon[2:4], f6=talon[4:])
    rejected(text, "2 cards are gone from the talon \\(1 draw\\), but only 0 tricks")
    after = find(CLASSIC_66, lambda s: s.step is Step.LEAD and s.tricks_played == 2)
    g = fields(after)
    # The same hands with a talon two cards longer: the hands are too big.
    hands = g[3][2:], g[4]
    text = damaged(after, f4=hands[0], f5=hands[1], f6=g[3][:2] + g[5])
    rejected(text, r"holds|hold \d+ and \d+")


def test_marriages() -> None:
    state = find(
        CLASSIC_66, lambda s: s.step is Step.LEAD and s.declared > 0 and s.tricks_played >= 2
    )
    f = fields(state)
    seat = 0 if state.declared & 15 else 1
    suit = next(k for k in range(4) if state.declared >> (seat * 4 + k) & 1)
    letter = "CDHS"[suit]
    other = 1 - seat
    # The other seat declared it instead: it never held the pair.
    text = damaged(state, f9=f[8].replace(f"{seat}{letter}", f"{other}{letter}"))
    rejected(text, "declared|marriage")
    # A marriage nobody declared, for a seat without that pair.
    fresh = new_hand(CLASSIC_66, seed=5)
    f0 = fields(fresh)
    hand = fresh.hand(1)
    missing = next(s for s in "CDHS" if not {f"K{s}", f"Q{s}"} <= {str(c) for c in hand})
    rejected(damaged(fresh, f9=f"1{missing}*"), f"seat 1 declared the {missing} marriage")
    # Counted without a won trick.
    pair = (
        next(s for s in "CDHS" if {f"K{s}", f"Q{s}"} <= {str(c) for c in fresh.hand(1)})
        if any({f"K{s}", f"Q{s}"} <= {str(c) for c in fresh.hand(1)} for s in "CDHS")
        else None
    )
    if pair is not None:
        rejected(damaged(fresh, f9=f"1{pair}", f10=f"m{pair}"), "count without a won trick")
    assert f0[8] == "-"


def test_marriage_declared_but_never_led() -> None:
    state = find(
        SCHNAPSEN,
        lambda s: (
            s.step is Step.FOLLOW
            and bool(s.declared)
            and s.turn_marriage < 0
            and s.tricks_played >= 3
        ),
    )
    f = fields(state)
    # Another seat-suit pair whose cards the declarer holds but never led from.
    assert validate(state) == []
    seat = 0 if state.declared & 15 else 1
    hand = {str(c) for c in state.hand(seat)}
    for s in "CDHS":
        if {f"K{s}", f"Q{s}"} <= hand and f"{seat}{s}" not in f[8]:
            text = damaged(state, f9=f[8] + f",{seat}{s}*")
            with pytest.raises(ParseError):
                load_position(text)
            break


def test_closing_facts() -> None:
    closed = find(
        CLASSIC_66, lambda s: s.is_closed and s.step is Step.LEAD and s.tricks_played > 0
    )
    f = fields(closed)
    # The close snapshot must give the opponent's real tricks and points at the close.
    closer, at, tricks, points, _ = f[10].split(":")
    text = damaged(closed, f11=f"{closer}:{at}:{tricks}:{points}:3")
    rejected(text, "marriage points")
    # Rule sets without closing, or without closing on the first lead.
    text = damaged(closed, f1="VU_SCHNAPSEN")
    with pytest.raises(ParseError):
        load_position(text)
    first = find(HOYLE_66, lambda s: s.step is Step.LEAD and not s.tricks_played)
    g = fields(first)
    leader = first.leader
    text = damaged(first, f10="c", f11=f"{leader}:0:0:0:0")
    rejected(text, "does not allow closing on the first lead")
    # A talon below close_min_talon (SCHNAPSEN_TOURNAMENT needs 4).
    tournament = PRESETS["SCHNAPSEN_TOURNAMENT"]
    late = find(
        tournament,
        lambda s: s.step is Step.LEAD and len(s.talon) == 2 and not s.is_closed,
    )
    h = fields(late)
    opp = 1 - late.leader
    snap = f"{late.leader}:{late.tricks_played}:{late.tricks(opp)}:{late.card_points[opp]}:0"
    text = damaged(late, f10="c", f11=snap)
    rejected(text, "closed against the rules: cannot close: the talon has 2 cards")
    assert g[10] == "-" and h[10] == "-"


def test_claims_under_auto() -> None:
    # A SANTASE hand (automatic claims) that ended with cards in hand: the leader had 66.
    over = find(SANTASE, lambda s: s.is_over and bool(s.hands[0] | s.hands[1]))
    f = fields(over)
    # The same position, but going on: the winner of the last trick has 66 or more.
    going = find(
        SANTASE,
        lambda s: s.step is Step.LEAD and s.tricks_played >= 2 and s.turn_marriage < 0,
    )
    g = fields(going)
    assert validate(over) == [] and validate(going) == []
    rejected(damaged(going, f7="-"), "claims are automatic")
    explicit = attrs.evolve(SANTASE, claim_mode=ClaimMode.EXPLICIT)
    text = " ".join([dump_position(attrs.evolve(over, rules=explicit)).split(" ")[0], *f[1:]])
    assert load_position(text).is_over  # a claim is fine under EXPLICIT
    assert g[6].startswith("L")


def test_auto_hand_that_should_have_ended() -> None:
    auto = attrs.evolve(CLASSIC_66, claim_mode=ClaimMode.AUTO)
    over = find(auto, lambda s: s.is_over and bool(s.hands[0] | s.hands[1]))
    leader = over.leader
    rejected(damaged(over, f7=f"L{leader}"), "claims are automatic")


def test_claim_without_a_trick_under_explicit() -> None:
    state = new_hand(CLASSIC_66, seed=4)
    rejected(damaged(state, f7="-"), "could not claim")


def test_exchange() -> None:
    state = new_hand(CLASSIC_66, seed=6)
    f = fields(state)
    # Field 12 says seat 0 exchanged, but the turn-up is still the dealt card.
    rejected(damaged(state, f12="0"), "after an exchange|exchange card")
    exchanged = find(CLASSIC_66, lambda s: s.exchanged_by >= 0 and bool(s.talon))
    g = fields(exchanged)
    other = str(1 - exchanged.exchanged_by)
    # The other seat never held the card turned up at the deal.
    text = damaged(exchanged, f12=other)
    with pytest.raises(ParseError, match=r"never held the turn-up|exchange"):
        load_position(text)
    assert f[11] == "-" and g[11] != "-"


def test_decision_where_there_is_none() -> None:
    # SCHNAPSEN closes only before the lead: no decision after a trick.
    state = find(
        SCHNAPSEN, lambda s: s.step is Step.LEAD and s.tricks_played == 1 and not s.is_closed
    )
    f = fields(state)
    # Undo the draw: put the two drawn cards back on the talon and ask for a decision.
    assert f[6].startswith("L")
    rejected(damaged(state, f7="D" + f[6][1]), "decision")


# --------------------------------------------------------------------------- fuzzing


def _mutations(text: str, rng: random.Random) -> Iterator[str]:
    parts = text.split(" ")
    for _ in range(12):
        p = list(parts)
        k = rng.randrange(1, 12)
        field = p[k]
        choice = rng.randrange(5)
        if choice == 0 and len(field) >= 4:  # drop a card
            i = rng.randrange(0, len(field) - 1, 2)
            p[k] = field[:i] + field[i + 2 :] or "-"
        elif choice == 1:  # move a card between fields
            j = rng.choice([3, 4, 5])
            src = p[j]
            if len(src) >= 2 and src != "-":
                i = rng.randrange(0, len(src) - 1, 2)
                moved = src[i : i + 2]
                p[j] = src[:i] + src[i + 2 :] or "-"
                dest = rng.choice([3, 4, 5])
                p[dest] = (p[dest] if p[dest] != "-" else "") + moved
        elif choice == 2:  # a step letter or seat
            p[6] = rng.choice(["L0", "L1", "F0", "F1", "D0", "D1", "-"])
        elif choice == 3:  # marriages and turn
            p[8] = rng.choice(["-", "0C", "1D*", "0H,1S", "0S*", "1H"])
            p[9] = rng.choice(["-", "c", "mH", "cmS"])
        else:  # closing and exchange
            p[10] = rng.choice(["-", "0:0:0:0:0", "1:1:0:0:0", "0:2:1:14:3", "1:3:1:11:20"])
            p[11] = rng.choice(["-", "0", "1"])
        yield " ".join(p)


def test_damaged_positions_are_rejected_or_reachable() -> None:
    """Every damaged position that loads passes the test kit's independent checks."""
    rng = random.Random(8)
    accepted = 0
    for rules in PRESETS.values():
        for state in list(walk(rules, range(6)))[::3]:
            for text in _mutations(dump_position(state), rng):
                try:
                    loaded = load_position(text)
                except ParseError:
                    continue
                accepted += 1
                check_invariants(loaded)
                assert loaded.is_over or legal_moves(loaded)
                for seat in (0, 1):
                    observe(loaded, seat)
    assert accepted > 0


# --------------------------------------------------------------------------- views


def test_views_built_by_hand_are_validated() -> None:
    view = observe(new_hand(CLASSIC_66, seed=1), 0)
    with pytest.raises(PositionError, match="no deal agrees with this view"):
        attrs.evolve(view, opponent_hand_size=5)
    with pytest.raises(PositionError, match="talon_bottom must be a card index"):
        attrs.evolve(view, talon_bottom=2**30)
    with pytest.raises(PositionError, match="seat must be an int"):
        attrs.evolve(view, seat=True)
    with pytest.raises(PositionError, match=re.escape("hand_mask must be a card bitmask")):
        attrs.evolve(view, hand_mask=-1)
    state = new_hand(CLASSIC_66, seed=11)
    with pytest.raises(PositionError, match="known opponent cards"):
        attrs.evolve(observe(state, 0), opponent_known_mask=state.hands[1])
    assert attrs.evolve(view) == view
    assert isinstance(PositionError("x"), ss.DealError)


# --------------------------------------------------------------------------- each check


def _bit(text: str) -> int:
    return 1 << ss.Card.parse(text).index


def _problems_of(state: HandState, **changes: Any) -> str:
    return " | ".join(validate(attrs.evolve(state, **changes)))


def test_each_check_of_a_state_names_its_problem() -> None:
    s = new_hand(CLASSIC_66, seed=1)
    h0, h1 = s.hands
    low0 = h0 & -h0
    follow = find(CLASSIC_66, lambda t: t.step is Step.FOLLOW and t.tricks_played >= 2)
    lead = find(CLASSIC_66, lambda t: t.step is Step.LEAD and t.tricks_played >= 2)
    closed = find(
        CLASSIC_66, lambda t: t.is_closed and t.step is Step.LEAD and t.tricks_played >= 2
    )
    decide = find(CLASSIC_66, lambda t: t.step is Step.DECIDE)
    assert "talon must be a tuple" in _problems_of(s, talon=("x",))
    twice = (*s.talon[:-2], s.talon[0], s.talon[-1])
    assert "the talon holds a card twice" in _problems_of(s, talon=twice)
    assert "is in both seat 0's hand and seat 1's hand" in _problems_of(s, hands=(h0 | h1, h1))
    assert "is nowhere" in _problems_of(s, hands=(h0 & ~low0, h1))
    assert "is not in the D24 deck" in _problems_of(s, hands=(h0 | _bit("7C"), h1))
    assert "played twice" in _problems_of(follow, played=(*follow.played, follow.played[0]))
    assert "not exactly the cards won" in _problems_of(lead, played=lead.played[2:])
    moved = (follow.lead, *follow.played[:-1])
    assert "is not the last card played" in _problems_of(follow, played=moved)
    assert "the tricks played give seat 0" in _problems_of(
        lead,
        won=(lead.won[1], lead.won[0]),
        card_points=(lead.card_points[1], lead.card_points[0]),
    )
    assert "won the last trick" in _problems_of(lead, leader=1 - lead.leader)
    drawn = s.talon[0]
    assert "cannot follow a talon" in _problems_of(
        s, talon=s.talon[1:], hands=(h0 | 1 << drawn, h1)
    )
    moved_card = h0 & -h0
    assert "seat 0 holds 5 cards" in _problems_of(s, hands=(h0 ^ moved_card, h1 | moved_card))
    assert "a card is on the table exactly when" in _problems_of(s, step=Step.FOLLOW)
    assert "needs a won trick and an open talon" in _problems_of(closed, step=Step.DECIDE)
    after_draw = attrs.evolve(CLASSIC_66, close_timing=ss.CloseTiming.AFTER_DRAW)
    assert "a decision to draw or close where there is none" in _problems_of(
        decide, rules=after_draw
    )
    assert "outside a leading turn" in _problems_of(follow, turn_steps=1)
    assert "not declared by the leader" in _problems_of(s, turn_marriage=0)
    assert "was not closed by them" in _problems_of(s, turn_steps=1)
    other = (s.trump + 1) % 4 * 8
    assert "is not a trump of the deck" in _problems_of(s, dealt_turnup=other)
    assert "after the exchange the last talon card" in _problems_of(s, exchanged_by=0)
    assert "not 3 marriage" not in _problems_of(s)
    assert "are no set of its marriages" in _problems_of(
        lead, declared=0b11, marriages=(45, 0), pending=(15, 0)
    )
    snap = closed.close_snapshot
    assert snap is not None
    assert "one without the other" in _problems_of(closed, close_snapshot=None)
    far = attrs.evolve(snap, tricks_played=9)
    assert "were played" in _problems_of(closed, close_snapshot=far)
    wrong = attrs.evolve(snap, opponent_card_points=snap.opponent_card_points + 1)
    assert "but at the close they had" in _problems_of(closed, close_snapshot=wrong)


def test_the_exchange_card_as_the_turn_up_cannot_be_exchanged() -> None:
    for seed in range(200):
        s = new_hand(CLASSIC_66, seed=seed)
        if s.dealt_turnup == ss.cards.exchange_card_index(s.rules.deck, s.trump):
            assert "was the turn-up" in _problems_of(s, exchanged_by=0)
            return
    raise AssertionError("no such deal")  # pragma: no cover


def test_counted_snapshot_marriages_need_a_trick_at_the_close() -> None:
    closed = find(
        CLASSIC_66,
        lambda t: (
            t.is_closed
            and t.close_snapshot is not None
            and t.close_snapshot.opponent_tricks == 0
            and t.tricks_played >= 1
        ),
    )
    snap = closed.close_snapshot
    assert snap is not None
    opp = 1 - closed.closed_by
    marriages = list(closed.marriages)
    marriages[opp] = 20
    problems = _problems_of(
        closed,
        close_snapshot=attrs.evolve(snap, opponent_marriages=20),
        marriages=(marriages[0], marriages[1]),
        declared=closed.declared | 1 << (opp * 4 + (closed.trump + 1) % 4),
    )
    assert "who had won no trick at the close" in problems


# --------------------------------------------------------------------------- histories

#: Positions that no history of play reaches, each with the one problem it has. Each was
#: confirmed unreachable by the search of tests/reachability.py.
UNREACHABLE = [
    (
        "HOYLE_66 1 QC - - 9SASTDQSJCTHADJSKSQC L0 TCKH,QDAC,TSQH,9C9H,KCKD,9DJD,AHJH - - "
        "1:2:1:14:0 -",
        "both hands are empty, so the hand is over",
    ),
    (
        "CLASSIC_66 1 QH QCAD9D9H9S TCKDJDTSKS TDKHJSQSTHACASJCJHKC9CQH - AHQD - - 1:1:1:14:20 -",
        "seat 1 closed the talon after 1 trick, but only seat 0, who won trick 1, could close",
    ),
    (
        "CLASSIC_66 1 QC KDQDJDAHQH9H ACKC9C9DJHTS 9SASTDQSJCTHADJSKSQC L0 TCKH - - 0:1:0:0:20 -",
        "in this leading turn, but the turn does not record the close",
    ),
    (
        "CLASSIC_66 0 AS ADKDQDQSJS TCKCJC9C9H 9DKHTHAHJHTDTSQCACQHJDAS L0 9SKS - c 0:1:0:0:0 -",
        "the turn records that the leader closed the talon in it, but the close snapshot says "
        "the talon was closed after 1 trick and 0 draws",
    ),
    (
        "CLASSIC_66 1 QC KDAH9H KC9CTS 9SASTDQSJCTHADJSKSQC - TCKH,QDAC,9DJH,QHJD - - "
        "1:2:1:14:0 -",
        "trick 3 was played with the talon closed, but seat 0 followed 9D with JH, which "
        "FOLLOW_HEAD_OR_TRUMP does not allow",
    ),
    (
        "SCHNAPSEN 0 JS QCADQDTSKS KCTDAHTHQH QSJCASTCKDJDACJS L1 KHJH 1H mH - -",
        "seat 1's H marriage is declared in this turn, but KH or QH is no longer in its hand",
    ),
    (
        "HOYLE_66 0 AS ADQDJS TCKCKH THAHJHTDTSQCACQHJDAS L0 9CKS,KD9H,9DJC,QS9S 0S - 0:2:0:0:0 -",
        "seat 0's S marriage must have been declared when it led the king or queen of S",
    ),
    (
        "CLASSIC_66[marriage_pending_redeem=NEXT_TRICK_AFTER_DECLARING,claim_mode=AUTO] 0 AS - "
        "9C 9DKHTHAHJHTDTSQCACQHJDAS F1 9SKS,ADJC,JS9H,QDKC,QSTC,KD 0D - 0:1:0:0:0 -",
        "declared in trick 4, with the talon closed or exhausted, but this rule set allows no "
        "marriage then",
    ),
    (
        "SANTASE 1 QC TCQDJDAHQH9H ACKC9C9DJHTS 9SASTDQSJCTHADJSKSQC L0 KDKH 0D - - -",
        "declared in trick 1, before seat 0 had won a trick, but this rule set forbids that",
    ),
    (
        "VU_SCHNAPSEN 1 TH JDQHTSQS ACJCAHKHAS KCQCJHKDTDTH F1 ADJS,TCQD,KS 0S - - -",
        "seat 0's marriages give 0 counted and 20 pending points by the tricks it won since "
        "declaring them, not 20 and 0",
    ),
    (
        "CLASSIC_66 1 QC KDAHQH9H KC9CJHTS 9SASTDQSJCTHADJSKSQC L0 TCKH,QDAC,9DJD 0D - "
        "1:2:1:14:0 -",
        "the close snapshot counts 0 marriage points for seat 0, but its marriages counted 20",
    ),
    (
        "SANTASE 1 TC TDKDKHQHJH KCJCJD9DAS9S ADTC F1 QCJS,AC9C,AHTS,THKS,9HQS,QD 0D - - -",
        "seat 0 reached 74 points by declaring a marriage before trick 6, but the hand went on",
    ),
    (
        "SANTASE 1 TC ADTDKD KC9D - F0 QCJS,QSAC,AHTS,THKS,9H9C,QDJD,KHTC,JCQH,9SJH,AS 0D - - -",
        "seat 1 had 68 points after winning trick 8, but the hand went on",
    ),
    (
        "SCHNAPSEN 0 QD ADTDKDAH TCKCQCJD THKHQHJHASTSKSQSJSQD - ACJC - - - -",
        "the hand ended after trick 1 before the players drew, but there was no decision to "
        "claim at",
    ),
    (
        "VU_SCHNAPSEN 1 AD ACTCADQD QCTDTHKS - - JCTS,QSKD,JDJS,JHAS,KCKH,AHQH 1C mC - -",
        "marriage_out_without_lead is off, so declaring a marriage cannot end the hand",
    ),
    (
        "SCHNAPSEN[claim_mode=AUTO] 1 QS JCTDTHAS QCKDQDQH ADQS - ACTS,JDAH,TCKS,KHJS,KCJH 1C "
        "mC - -",
        "the hand ended before the draw after a trick, but a leading turn has begun",
    ),
    (  # two cards a hand: the exchange card and the marriage make three before trick 1
        "SCHNAPSEN[deal_packets=1-1] 0 AS ACTC QHAS KCQCADTDKDQDJDJCTHJHTSKSQSJS L0 KHAH 1H* "
        "- - 1",
        "seat 1 must have held 3 cards before trick 1",
    ),
    (
        "SCHNAPSEN 0 TD QDKHJHTS ACJCADQHKS QCTHJSTCKCJD F1 ASTD,QSAH,KD - - 0:2:0:0:0 0",
        "seat 0 exchanged the exchange card for the turn-up, but no turn before it played TD "
        "allowed it the exchange",
    ),
]


@pytest.mark.parametrize(("text", "problem"), UNREACHABLE)
def test_positions_without_a_history_are_rejected(text: str, problem: str) -> None:
    with pytest.raises(ParseError) as info:
        load_position(text)
    assert problem in str(info.value)
    assert "; " not in str(info.value).split(": ", 1)[1]  # the one problem, named


def test_the_talon_cannot_shrink_faster_than_the_tricks_are_played() -> None:
    """The issue: the twelve talon cards moved into the hands before any trick."""
    parts = fields(new_hand(CLASSIC_66, seed=1))
    parts[3] += parts[5][:12]
    parts[4] += parts[5][12:]
    parts[5] = "-"
    text = " ".join(parts)
    rejected(text, "12 cards are gone from the talon \\(6 draws\\), but only 0 tricks")
    # The same damage as a raw state: validate names it and observe refuses nothing
    # it accepts (it used to fail with an IndexError).
    s = new_hand(CLASSIC_66, seed=1)
    talon = 0
    for i in s.talon:
        talon |= 1 << i
    low = sum(1 << i for i in s.talon[:6])
    bad = attrs.evolve(s, hands=(s.hands[0] | low, s.hands[1] | talon & ~low), talon=())
    assert validate(bad) == [
        "12 cards are gone from the talon (6 draws), but only 0 tricks were played and the "
        "players draw once after each (§1.5)"
    ]


def test_the_last_card_of_the_talon_goes_to_the_loser_of_the_last_drawing_trick() -> None:
    def exhausted(seed: int) -> HandState | None:
        """Random play without close or claim until the talon has just run out."""
        rng = random.Random(seed)
        t = new_hand(CLASSIC_66, seed=seed)
        while t.talon or t.step is not Step.LEAD:
            if t.is_over:
                return None
            moves = [m for m in legal_moves(t) if not isinstance(m, ss.Close | ss.Claim)]
            t = apply_move(t, rng.choice(moves))
        held = t.hands[1 - t.leader] >> t.dealt_turnup & 1
        return t if held and t.exchanged_by < 0 else None

    s = next(t for t in map(exhausted, range(100)) if t is not None)
    loser, up = 1 - s.leader, 1 << s.dealt_turnup
    other = s.hands[s.leader] & -s.hands[s.leader]
    hands = list(s.hands)
    hands[loser] ^= up | other
    hands[s.leader] ^= up | other
    problems = _problems_of(s, hands=(hands[0], hands[1]))
    assert f"seat {loser} lost trick 6, the last before the talon ran out" in problems
    assert "neither holds it nor played it after that trick" in problems


def test_an_exchange_after_a_strict_trick_is_no_reason_to_reject_it() -> None:
    """With WHILE_CLOSED_WITH_TRICK a player with a trick exchanges on a closed talon, also
    as follower: seat 0 followed TS with JS holding JS and 9S, then exchanged 9S for AS."""
    rules = attrs.evolve(HOYLE_66, strict_play=ss.StrictPlay.FOLLOW_HEAD_OR_TRUMP)
    s = deal(rules, "KH TS AC KD 9C JC", "AH JS 9S QC QD JD", "AS", "TC KC AD TD 9D TH QH JH")
    s = play(s, "KH AH draw QC AC close TS JS KD exchange")
    assert s.exchanged_by == 0 and s.is_closed
    assert validate(s) == []
    # With AS in hand then, JS would not have been a legal answer to TS.
    hand = s.hands[0] | _bit("JS")
    ts = ss.Card.parse("TS").index
    assert not ss.legality.follow_mask(rules, hand, ts, s.trump, True) & _bit("JS")
    # Where the closed talon allows no exchange, seat 0 exchanged before the close and
    # held AS in trick 3: JS was a revoke.
    never = attrs.evolve(rules, exchange_when_closed=ss.ExchangeWhenClosed.NEVER)
    assert "seat 0 followed TS with JS" in _problems_of(s, rules=never)


def test_the_closers_opponent_may_exchange_in_the_first_trick_after_the_close() -> None:
    s = deal(
        ss.PAGAT_66, "KH TS AC KD 9S JC", "AH JS 9C QC QD JD", "AS", "TC KC AD TD 9D TH QH JH"
    )
    s = play(s, "KH AH draw close QC exchange")
    assert s.exchanged_by == 1 and s.closed_by == 0
    assert validate(s) == []
    assert load_position(dump_position(s)) == s
    # The same cards with the exchange before the close: seat 1 had won no trick.
    text = dump_position(s).replace(" - - 0:1:0:0:0 1", " - - - 1")
    with pytest.raises(ParseError):
        load_position(text)


def test_an_automatic_claim_ends_the_hand_before_the_draw() -> None:
    over = find(
        SANTASE, lambda t: t.is_over and len(t.talon) >= 4 and not t.is_closed and bool(t.hands[0])
    )
    hands = list(over.hands)
    hands[over.leader] |= 1 << over.talon[0]
    hands[1 - over.leader] |= 1 << over.talon[1]
    problems = _problems_of(over, hands=(hands[0], hands[1]), talon=over.talon[2:])
    assert "claims are automatic, so the hand ended when seat" in problems
    assert "but the players drew, closed the talon or began a turn after it" in problems
