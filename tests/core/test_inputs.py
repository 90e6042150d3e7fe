"""Every public entry point of the core modules raises only SixtySixError on bad input.

Regression tests for the repros of issue 9 that concern cards, rules, moves, engine,
observe and notation; plus a Hypothesis sweep of hostile values over every entry point.
"""

from __future__ import annotations

import contextlib
import itertools
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import sixtysix as ss
from sixtysix import CLASSIC_66, Card, Rank, Rules, SixtySixError, Suit
from sixtysix import engine as engine_module
from sixtysix.notation import dump_position, load_position, render

STATE = ss.new_hand(CLASSIC_66, seed=1)
VIEW = ss.observe(STATE, 1)
START = dump_position(STATE)
HUGE = 10**5000

ENTRY_POINTS: dict[str, Callable[[Any], object]] = {
    "legal_moves": lambda a: ss.legal_moves(a),
    "is_legal": lambda a: ss.is_legal(a, "AC"),
    "is_legal move": lambda a: ss.is_legal(STATE, a),
    "explain_illegal": lambda a: ss.explain_illegal(a, "AC"),
    "explain_illegal move": lambda a: ss.explain_illegal(STATE, a),
    "to_move": lambda a: ss.to_move(a),
    "is_over": lambda a: ss.is_over(a),
    "observe": lambda a: ss.observe(a, 0),
    "observe seat": lambda a: ss.observe(STATE, a),
    "determinize": lambda a: ss.determinize(a, random.Random(1)),
    "determinize rng": lambda a: ss.determinize(VIEW, a),
    "dump_position": lambda a: dump_position(a),
    "load_position": lambda a: load_position(a),
    "render": lambda a: render(a),
    "render seat": lambda a: render(STATE, a),
    "shuffled_deck seed": lambda a: ss.shuffled_deck(CLASSIC_66, a),
    "shuffled_deck rules": lambda a: ss.shuffled_deck(a, 1),
    "new_hand seed": lambda a: ss.new_hand(CLASSIC_66, a),
    "new_hand rules": lambda a: ss.new_hand(a, 1),
    "new_hand dealer": lambda a: ss.new_hand(CLASSIC_66, 1, a),
    "deal_from_order": lambda a: ss.deal_from_order(CLASSIC_66, a),
    "deal_from_order item": lambda a: ss.deal_from_order(CLASSIC_66, [a] * 24),
    "apply_move": lambda a: ss.apply_move(a, "AC"),
    "apply_move move": lambda a: ss.apply_move(STATE, a),
    "Card.parse": lambda a: Card.parse(a),
    "Card.from_index": lambda a: Card.from_index(a),
    "Card": lambda a: Card(a, Suit.CLUBS),
    "Suit.parse": lambda a: Suit.parse(a),
    "Rank.parse": lambda a: Rank.parse(a),
    "parse_move": lambda a: ss.parse_move(a),
    "Rules int": lambda a: attrs.evolve(CLASSIC_66, match_target=a),
    "Rules enum": lambda a: attrs.evolve(CLASSIC_66, claim_mode=a),
    "Rules bool": lambda a: attrs.evolve(CLASSIC_66, closing_allowed=a),
    "Rules packets": lambda a: attrs.evolve(CLASSIC_66, deal_packets=a),
    "Rules packet": lambda a: attrs.evolve(CLASSIC_66, deal_packets=(a, 3)),
    "Rules.from_dict": lambda a: Rules.from_dict(a),
    "Rules.from_dict value": lambda a: Rules.from_dict({"match_target": a}),
    "get_preset": lambda a: ss.get_preset(a),
    "move_from_id": lambda a: ss.moves.move_from_id(a),
    "PlayerView talon_bottom": lambda a: attrs.evolve(VIEW, talon_bottom=a),
    "PlayerView won": lambda a: attrs.evolve(VIEW, won=a),
    "PlayerView close_snapshot": lambda a: attrs.evolve(VIEW, close_snapshot=a),
    "PlayerView rules": lambda a: attrs.evolve(VIEW, rules=a),
    "PlayerView step": lambda a: attrs.evolve(VIEW, step=a),
    "PlayerView played": lambda a: attrs.evolve(VIEW, played=a),
    "validate": lambda a: ss.validate(a),
}

HOSTILE: list[Any] = [None, True, False, HUGE, -HUGE, -1, 2, 2**64, 1.5, "x", "²", "\ud800", b"x"]
HOSTILE += [[], {}, (), object(), "AC", STATE, VIEW, CLASSIC_66, "1" * 5000, (HUGE, 1)]


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
def test_hostile_values_raise_only_library_errors(name: str) -> None:
    call = ENTRY_POINTS[name]
    for value in HOSTILE:
        try:
            call(value)
        except SixtySixError as exc:
            assert len(str(exc)) < 2000  # messages quote values truncated
        # anything else propagates and fails the test


@given(
    name=st.sampled_from(sorted(ENTRY_POINTS)),
    value=st.one_of(
        st.integers(),
        st.text(max_size=40),
        st.binary(max_size=8),
        st.booleans(),
        st.none(),
        st.floats(),
        st.lists(st.integers(-2, 40), max_size=30),
        st.tuples(st.integers(), st.integers()),
    ),
)
def test_fuzzed_values_raise_only_library_errors(name: str, value: object) -> None:
    with contextlib.suppress(SixtySixError):
        ENTRY_POINTS[name](value)


@given(st.text(alphabet="CLASIC_6[]=0123456789²-,:ADHSTKQJ FLD*cm", max_size=120))
def test_fuzzed_position_text(text: str) -> None:
    try:
        state = load_position(text)
    except SixtySixError:
        return
    assert ss.validate(state) == [] and load_position(dump_position(state)) == state


@given(st.integers(0, 11), st.text(max_size=12))
def test_a_damaged_field_of_a_position(field: int, value: str) -> None:
    parts = START.split(" ")
    parts[field] = value or "-"
    try:
        state = load_position(" ".join(parts))
    except SixtySixError:
        return
    assert ss.validate(state) == [] and (state.is_over or ss.legal_moves(state))


# --------------------------------------------------------------------------- repros


def test_unicode_and_giant_digits_in_position_text() -> None:
    text = START.replace("CLASSIC_66", "CLASSIC_66[match_target=²]", 1)
    with pytest.raises(ss.ParseError, match="must be a whole number"):
        load_position(text)
    text = START.replace("CLASSIC_66", "CLASSIC_66[match_target=" + "9" * 5000 + "]", 1)
    with pytest.raises(ss.ParseError, match="must be a whole number"):
        load_position(text)
    with pytest.raises(ss.ParseError, match="whole numbers joined"):
        load_position(START.replace("CLASSIC_66", "CLASSIC_66[deal_packets=3-²]", 1))


def test_giant_integers() -> None:
    with pytest.raises(ss.RulesError, match="an int of 5001 digits"):
        attrs.evolve(CLASSIC_66, match_target=HUGE)
    with pytest.raises(ss.ParseError, match="an int of 5001 digits"):
        Card.from_index(HUGE)
    with pytest.raises(ss.IllegalMoveError, match="an int of 5001 digits"):
        ss.apply_move(STATE, HUGE)  # type: ignore[arg-type]
    with pytest.raises(ss.DealError, match="an int of 5001 digits"):
        ss.observe(STATE, HUGE)
    with pytest.raises(ss.RulesError, match="an int of 5001 digits"):
        ss.get_preset(HUGE)  # type: ignore[arg-type]


def test_new_hand_hashes_a_giant_seed_without_str() -> None:
    a = ss.new_hand(CLASSIC_66, seed=HUGE)
    assert a == ss.new_hand(CLASSIC_66, seed=HUGE)
    assert a != ss.new_hand(CLASSIC_66, seed=HUGE + 1)
    assert ss.new_hand(CLASSIC_66, seed=-HUGE) != a
    # Seeds below the threshold keep their deal (hashed by decimal text, as before).
    assert ss.shuffled_deck(CLASSIC_66, 10**100) == ss.shuffled_deck(CLASSIC_66, 10**100)
    assert ss.new_hand(CLASSIC_66, seed="\ud800") == ss.new_hand(CLASSIC_66, seed="\ud800")


def test_query_functions_check_their_arguments() -> None:
    calls: list[Callable[[Any], object]] = [
        ss.legal_moves,
        ss.to_move,
        ss.is_over,
        dump_position,
        render,
    ]
    for call in calls:
        with pytest.raises(ss.PositionError, match="needs a HandState"):
            call("state")
    with pytest.raises(ss.PositionError, match="needs a PlayerView"):
        ss.determinize(STATE, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(ss.DealError, match=r"random\.Random"):
        ss.determinize(VIEW, 3)  # type: ignore[arg-type]
    with pytest.raises(ss.DealError, match="rules must be a Rules"):
        ss.shuffled_deck("CLASSIC_66", 1)  # type: ignore[arg-type]
    broken = attrs.evolve(STATE, card_points=(HUGE, 0))
    with pytest.raises(ss.PositionError, match="card_points must be between"):
        dump_position(broken)


def test_a_huge_talon_bottom_allocates_nothing() -> None:
    with pytest.raises(ss.PositionError, match="talon_bottom"):
        attrs.evolve(VIEW, talon_bottom=2**30)


def test_caches_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_module, "_DEAL_PLANS_LIMIT", 3)
    engine_module._DEAL_PLANS.clear()
    for target in range(5, 15):
        ss.new_hand(attrs.evolve(CLASSIC_66, match_target=target), seed=1)
    assert len(engine_module._DEAL_PLANS) <= 3


def test_an_endless_pack_order_is_cut_off() -> None:
    with pytest.raises(ss.DealError, match="appears twice"):
        ss.deal_from_order(CLASSIC_66, itertools.repeat(Card.parse("AC")))  # type: ignore[arg-type]
