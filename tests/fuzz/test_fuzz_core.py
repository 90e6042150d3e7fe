"""Fuzz targets of the core modules: positions, moves, cards, rules, dealing, the engine's
queries, views. Every accepted value must round-trip and pass ``sixtysix.validate``.

They pin the input checks of the core modules (``validate``, checked queries,
``PlayerView`` validated on construction, quoted messages).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st
from tests.helpers import ALL_RULES, random_play

import sixtysix as ss
from sixtysix.moves import ALL_MOVES

from .support import ANY, INTS, TEXT, fuzz, outcome


def validate(state: ss.HandState) -> list[str]:
    """``sixtysix.validate.validate`` (looked up when called: it is on the core branch)."""
    check: Callable[[ss.HandState], list[str]] = importlib.import_module(
        "sixtysix.validate"
    ).validate
    return check(state)


# A pool of reachable states: every preset and claim mode, all through the hand.
STATES: list[ss.HandState] = [
    s for k, rules in enumerate(ALL_RULES) for s in list(random_play(rules, k))[::3]
]
DUMPS = [ss.dump_position(s) for s in STATES]
VIEWS = [ss.observe(s, seat) for s in STATES[::2] for seat in (0, 1)]
WRONG = ANY | st.sampled_from(VIEWS[:3])


def check_state(state: ss.HandState) -> None:
    """An accepted state is consistent and works with every query."""
    assert validate(state) == []
    assert ss.load_position(ss.dump_position(state)) == state
    moves = ss.legal_moves(state)
    assert bool(moves) != state.is_over
    assert ss.render(state) and ss.render(state, 0)
    for seat in (0, 1):
        view = ss.observe(state, seat)
        sample = ss.determinize(view, random.Random(1))
        assert ss.observe(sample, seat) == view
    for move in moves:
        assert ss.is_legal(state, move) and ss.explain_illegal(state, move) is None
        assert validate(ss.apply_move(state, move)) == []
    if state.is_over:
        ss.score_hand(state)


def _damage(text: str, edits: list[tuple[int, int, str]]) -> str:
    for position, kind, char in edits:
        at = position % (len(text) + 1)
        if kind == 0:
            text = text[:at] + text[at + 1 :]
        elif kind == 1:
            text = text[:at] + char + text[at:]
        else:
            text = text[:at] + char + text[at + 1 :]
    return text


EDITS = st.lists(
    st.tuples(
        st.integers(0, 10**6),
        st.integers(0, 2),
        st.sampled_from("0123456789²٣ -[]=,.LFSCDHAKQJT") | st.characters(),
    ),
    min_size=1,
    max_size=4,
)


@fuzz
@given(text=TEXT | st.text())
def test_load_position_any_text(text: str) -> None:
    state = outcome(ss.load_position, text)
    if not isinstance(state, ss.SixtySixError):
        check_state(state)


@fuzz
@given(dump=st.sampled_from(DUMPS), edits=EDITS)
def test_load_position_damaged(dump: str, edits: list[tuple[int, int, str]]) -> None:
    state = outcome(ss.load_position, _damage(dump, edits))
    if not isinstance(state, ss.SixtySixError):
        check_state(state)


def test_the_issue_repros() -> None:
    for text in (
        "CLASSIC_66[match_target=²] 1 ... L0 - - - - -",
        "CLASSIC_66[match_target=" + "9" * 5000 + "] 1 ... L0 - - - - -",
    ):
        assert isinstance(outcome(ss.load_position, text), ss.ParseError)


@fuzz
@given(value=ANY | TEXT)
def test_parsers(value: Any) -> None:
    for parse in (ss.parse_move, ss.Card.parse, ss.Suit.parse, ss.Rank.parse):
        parsed = outcome(parse, value)
        if not isinstance(parsed, ss.SixtySixError):
            assert parse(str(parsed)) == parsed


FIELDS = [f.name for f in attrs.fields(ss.Rules)]


def check_rules(rules: ss.Rules) -> None:
    assert ss.Rules.from_dict(rules.to_dict()) == rules
    assert repr(rules) and hash(rules) == hash(attrs.evolve(rules))
    check_state(ss.new_hand(rules, seed=1))


@fuzz
@given(field=st.sampled_from(FIELDS), value=ANY | INTS)
def test_rules_fields(field: str, value: Any) -> None:
    rules = outcome(attrs.evolve, ss.CLASSIC_66, **{field: value})
    if not isinstance(rules, ss.SixtySixError):
        check_rules(rules)


@fuzz
@given(data=st.dictionaries(st.sampled_from([*FIELDS, "preset", "x"]), ANY | INTS, max_size=4))
def test_rules_from_dict(data: dict[str, Any]) -> None:
    rules = outcome(ss.Rules.from_dict, data)
    if not isinstance(rules, ss.SixtySixError):
        check_rules(rules)
    outcome(ss.Rules.from_dict, data.get("x"))  # not a mapping, mostly


SEEDS = st.none() | INTS | TEXT | st.binary(max_size=8) | st.builds(random.Random, st.integers())


@fuzz
@given(rules=st.sampled_from(ALL_RULES) | WRONG, seed=SEEDS | WRONG, dealer=INTS | WRONG)
def test_new_hand_and_shuffled_deck(rules: Any, seed: Any, dealer: Any) -> None:
    state = outcome(ss.new_hand, rules, seed, dealer)
    if not isinstance(state, ss.SixtySixError):
        check_state(state)
    deck = outcome(ss.shuffled_deck, rules, seed)
    if not isinstance(deck, ss.SixtySixError):
        assert sorted(deck, key=lambda c: c.index) == sorted(
            rules.deck.cards, key=lambda c: c.index
        )


@fuzz
@given(
    rules=st.sampled_from(ALL_RULES) | WRONG,
    order=st.lists(st.sampled_from(ss.Deck.D32.cards) | TEXT | WRONG, max_size=34) | WRONG,
    dealer=INTS | WRONG,
)
def test_deal_from_order(rules: Any, order: Any, dealer: Any) -> None:
    state = outcome(ss.deal_from_order, rules, order, dealer)
    if not isinstance(state, ss.SixtySixError):
        check_state(state)


@fuzz
@given(state=st.sampled_from(STATES), move=WRONG | TEXT | st.sampled_from(list(ALL_MOVES)))
def test_moves_of_any_kind(state: ss.HandState, move: Any) -> None:
    after = outcome(ss.apply_move, state, move)
    legal = outcome(ss.is_legal, state, move)
    why = outcome(ss.explain_illegal, state, move)
    if isinstance(after, ss.HandState):
        assert legal is True and why is None
        assert validate(after) == []
    else:
        assert legal is False or isinstance(legal, ss.SixtySixError)


QUERIES: list[Callable[..., object]] = [
    ss.legal_moves,
    ss.score_hand,
    ss.to_move,
    ss.is_over,
    ss.render,
    ss.dump_position,
    lambda s: ss.is_legal(s, "QH"),
    lambda s: ss.explain_illegal(s, "QH"),
    lambda s: ss.observe(s, 0),
    lambda s: ss.determinize(s, random.Random(1)),
    lambda s: ss.apply_move(s, "QH"),
]


@fuzz
@given(value=ANY)
def test_queries_on_wrong_objects(value: Any) -> None:
    for query in QUERIES:
        result = outcome(query, value)
        assert isinstance(result, ss.SixtySixError) or isinstance(value, ss.PlayerView)


@fuzz
@given(state=st.sampled_from(STATES), seat=INTS | WRONG, rng=WRONG)
def test_observe_and_determinize_arguments(state: ss.HandState, seat: Any, rng: Any) -> None:
    view = outcome(ss.observe, state, seat)
    if isinstance(view, ss.PlayerView):
        assert seat in (0, 1)
        outcome(ss.determinize, view, rng)
    outcome(ss.render, state, seat)


VIEW_FIELDS = [f.name for f in attrs.fields(ss.PlayerView)]


@fuzz
@given(
    view=st.sampled_from(VIEWS),
    field=st.sampled_from(VIEW_FIELDS),
    value=INTS | st.sampled_from([2**30, 2**24 - 1, 0, 1, 2, -1]) | WRONG,
)
def test_player_view_built_by_hand(view: ss.PlayerView, field: str, value: Any) -> None:
    built = outcome(attrs.evolve, view, **{field: value})
    if isinstance(built, ss.SixtySixError):
        return
    moves = ss.legal_moves(built)
    assert bool(moves) != (built.step is ss.Step.OVER)
    sample = ss.determinize(built, random.Random(2))
    assert validate(sample) == [] and ss.observe(sample, built.seat) == built
