"""The parts of the pure-Python search: its rule facts, hand values and both searches.

The facts are checked against the rule functions they are derived from, the hand
values against :func:`~sixtysix.score_hand`, and the search of :mod:`._alphabeta` (with
the strict-phase search it hands over to) against the brute force of
``tests/search/test_search_exact.py``, with full and narrow windows.
"""

from __future__ import annotations

import random

import pytest
from tests.helpers import SEARCH_IDS, SEARCH_PRESETS, SEARCH_RULES
from tests.search.test_search_exact import (
    brute,
    check_windows,
    closed_positions,
    mixed_scoring,
    sample_positions,
    small_hands,
)

import sixtysix as ss
from sixtysix.cards import trick_winner
from sixtysix.legality import exchange_rule, follow_mask
from sixtysix.search._alphabeta import INF, searcher
from sixtysix.search._facts import search_facts
from sixtysix.search._scores import HandValues, closing_of, hand_value
from sixtysix.search._strict import Budget


@pytest.mark.parametrize(("index", "rules"), list(enumerate(SEARCH_RULES)), ids=SEARCH_IDS)
def test_facts_are_the_rule_functions(index: int, rules: ss.Rules) -> None:
    rng = random.Random(index)
    trump = index % 4
    facts = search_facts(rules, trump)
    assert search_facts(rules, trump) is facts
    deck = rules.deck.mask
    for led in range(32):
        if not deck >> led & 1:
            continue
        for card in range(32):
            if deck >> card & 1 and card != led:
                wins = trick_winner(led, card, trump, 0) == 1
                assert bool(facts.beats[led] >> card & 1) == wins
        for _ in range(20):
            hand = rng.getrandbits(32) & deck & ~(1 << led)
            assert facts.follow(hand, led) == follow_mask(rules, hand, led, trump, True)


def test_lead_order_tries_sure_winners_first() -> None:
    facts = search_facts(ss.CLASSIC_66, 0)
    # The ace of spades cannot be headed by a hand of clubs and no trumps (hearts).
    hand = 1 << 8 | 1 << 13  # AS, 9S
    opp = 1 << 24 | 1 << 25  # AC, TC
    assert facts.lead_order(hand, opp) == [8, 13]
    assert facts.lead_order(1 << 13 | 1 << 12, 1 << 9) == [13, 12]
    # Sure winners: side suits before trumps (hearts, suit 0, is trumps).
    assert facts.lead_order(1 << 0 | 1 << 8, 1 << 31) == [8, 0]


@pytest.mark.parametrize(("index", "rules"), list(enumerate(SEARCH_RULES)), ids=SEARCH_IDS)
def test_no_exchange_left_agrees_with_the_exchange_rule(index: int, rules: ss.Rules) -> None:
    """Where the search hands a closed talon to the trick search, no exchange is legal."""
    for state in closed_positions(small_hands(rules, (2, 2)), 20, seed=index):
        facts = search_facts(state.rules, state.trump)
        if not facts.no_exchange_left(state):
            continue
        for seat in (0, 1):
            for leading in (False, True):
                why = exchange_rule(state, state.hands[seat], len(state.talon), seat, leading)
                assert why is not None or not state.talon, state


@pytest.mark.parametrize(("index", "rules"), list(enumerate(SEARCH_RULES)), ids=SEARCH_IDS)
def test_final_values_are_score_hand(index: int, rules: ss.Rules) -> None:
    rng = random.Random(50 + index)
    values = HandValues(rules, 0)
    for state in sample_positions(rules, 20, seed=index, limit=10):
        while not state.is_over:
            state = ss.apply_move(state, rng.choice(ss.legal_moves(state)))
        if state.trump != 0:
            continue
        won = (state.won[0] != 0, state.won[1] != 0)
        claimed = bool(state.hands[0] | state.hands[1])
        found = values.final(
            state.leader, claimed, closing_of(state), state.card_points, state.marriages, won
        )
        assert found == hand_value(state)


def test_the_budget_counts_and_stops() -> None:
    budget = Budget()
    budget.reset(2, 1)
    budget.count()
    budget.count()
    with pytest.raises(ss.SearchLimitError, match="max_nodes=2"):
        budget.count()
    budget.store("a", (0, 0, -1))
    budget.store("b", (0, 0, -1))
    assert list(budget.table) == ["b"]


def check(state: ss.HandState, rng: random.Random) -> None:
    """The search's full-window value is the brute force's; windows give true bounds."""
    mover = state.to_move
    assert mover is not None
    found = searcher(state.rules, state.trump)
    found.reset(None, 1 << 20)
    assert found.value_for(state, mover, -INF, INF) == brute(state, mover), state
    check_windows(state, rng)


@pytest.mark.parametrize(("index", "rules"), list(enumerate(SEARCH_RULES)), ids=SEARCH_IDS)
def test_search_matches_the_brute_force(index: int, rules: ss.Rules) -> None:
    rng = random.Random(index)
    for variant in (rules, small_hands(rules)):
        for state in sample_positions(variant, 25, seed=index, limit=9):
            check(state, rng)


@pytest.mark.parametrize("index", range(12))
def test_search_matches_the_brute_force_with_mixed_scoring(index: int) -> None:
    rng = random.Random(700 + index)
    variant = mixed_scoring(list(SEARCH_PRESETS.values())[index % len(SEARCH_PRESETS)], rng)
    for state in sample_positions(variant, 30, seed=index, limit=10):
        check(state, rng)
    for state in closed_positions(small_hands(variant, (2, 2)), 20, seed=index):
        check(state, rng)


def test_full_caches_start_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bounded caches (values, snapshots, card lists) empty themselves and stay exact."""
    from sixtysix.search import _scores as scores
    from sixtysix.search import _strict as strict

    monkeypatch.setattr(scores, "VALUE_CACHE_SIZE", 3)
    monkeypatch.setattr(strict, "CARD_LISTS_SIZE", 3)
    monkeypatch.setattr(strict, "_CARD_LISTS", strict._CardLists())
    rng = random.Random(3)
    rules = small_hands(ss.SCHNAPSEN, (2, 2))
    shared: dict[int, HandValues] = {}
    for state in closed_positions(rules, 16, seed=3) + sample_positions(rules, 6, 3, 8):
        values = shared.setdefault(state.trump, HandValues(state.rules, state.trump))
        found = searcher(state.rules, state.trump)
        found.values = found.tricks.values = values
        check(state, rng)
        assert len(values._final) <= 3 and len(values._snapshots) <= 3
    assert len(strict._CARD_LISTS) <= 3
