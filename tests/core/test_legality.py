"""The rules of legality (sixtysix.legality): each rule once, its tables, the move list."""

from __future__ import annotations

import importlib
import random

import attrs
import pytest

import sixtysix as ss
from sixtysix import (
    CLASSIC_66,
    PRESETS,
    SCHNAPSEN,
    ClaimMode,
    Step,
    apply_move,
    explain_illegal,
    is_legal,
    legal_moves,
    new_hand,
    observe,
)
from sixtysix import legality as lg
from sixtysix.cards import KING_QUEEN, Card, Deck, Suit, exchange_card_index, marriage_value
from sixtysix.cards import trick_winner as winner
from sixtysix.moves import ALL_MOVES


def idx(text: str) -> int:
    return Card.parse(text).index


def test_card_facts() -> None:
    assert exchange_card_index(Deck.D24, Suit.HEARTS) == idx("9H")
    assert exchange_card_index(Deck.D20, Suit.SPADES) == idx("JS")
    assert exchange_card_index(Deck.D32, Suit.CLUBS) == idx("7C")
    assert marriage_value(Suit.DIAMONDS, Suit.DIAMONDS) == 40
    assert marriage_value(Suit.SPADES, Suit.DIAMONDS) == 20
    # Same suit: the higher card; a trump beats a non-trump lead; else the leader wins.
    assert winner(idx("TH"), idx("AH"), Suit.CLUBS, 1) == 0
    assert winner(idx("AH"), idx("TH"), Suit.CLUBS, 1) == 1
    assert winner(idx("AH"), idx("9C"), Suit.CLUBS, 0) == 1
    assert winner(idx("9C"), idx("AH"), Suit.CLUBS, 0) == 0
    assert winner(idx("9S"), idx("AH"), Suit.CLUBS, 1) == 1
    assert KING_QUEEN[Suit.HEARTS] == 1 << idx("KH") | 1 << idx("QH")


def test_rule_facts_are_the_rule_functions_evaluated() -> None:
    for rules in PRESETS.values():
        f = lg.rule_facts(rules)
        for n in range(29):
            assert (f.decide_talons >> n & 1) == (lg.decision_rule(rules, n) is None)
            for won, table in ((False, f.close_first), (True, f.close_later)):
                expected = lg.close_rule(rules, -1, n, won, False, -1) is None
                assert (table >> n & 1) == expected
        assert f.claim_lead == (lg.claim_rule(rules, Step.LEAD, True, -1) is None)
        assert f.auto == (rules.claim_mode is ClaimMode.AUTO)


def test_rule_facts_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lg, "FACTS_CACHE_LIMIT", 2)
    lg.FACTS_BY_ID.clear()
    variants = [attrs.evolve(CLASSIC_66, match_target=t) for t in (5, 6, 7, 8)]
    for rules in variants:
        assert lg.rule_facts(rules).rules == rules
        state = new_hand(rules, seed=1)
        assert legal_moves(state) == legal_moves(attrs.evolve(state, rules=CLASSIC_66))
    assert len(lg.FACTS_BY_ID) <= 2
    # An equal rule set found by value gets an entry of its own by identity.
    copy = attrs.evolve(variants[-1])
    assert lg.rule_facts(copy) is lg.rule_facts(variants[-1])


def test_move_list_order() -> None:
    plays = 1 << idx("AC") | 1 << idx("9S") | 1 << idx("KH")
    moves = lg.move_list(lg.F_DRAW | lg.F_CLOSE | lg.F_CLAIM | lg.F_EXCHANGE, 1 | 1 << 24, plays)
    assert [str(m) for m in moves] == [
        "draw",
        "exchange",
        "close",
        "claim",
        "marry C",
        "marry S",
        "AC",
        "KH",
        "9S",
    ]
    assert lg.move_list(0, 0, 0) == ()


def _states(rules: ss.Rules, hands: int) -> list[ss.HandState]:
    out = []
    for seed in range(hands):
        rng = random.Random(seed)
        state = new_hand(rules, seed=seed, dealer=seed & 1)
        for _ in range(64):
            out.append(state)
            if state.is_over:
                break
            state = apply_move(state, rng.choice(legal_moves(state)))
    return out


def test_explanations_agree_with_the_move_list() -> None:
    """explain_illegal is None exactly for the legal moves: the same rule functions."""
    for rules in PRESETS.values():
        for state in _states(rules, 12):
            legal = set(legal_moves(state))
            for move in ALL_MOVES:
                reason = explain_illegal(state, move)
                assert (reason is None) == (move in legal) == is_legal(state, move), (
                    move,
                    reason,
                )


def test_view_legal_moves_need_no_shadow_state(monkeypatch: pytest.MonkeyPatch) -> None:
    observe_module = importlib.import_module("sixtysix.observe")

    def boom(*_: object) -> None:
        raise AssertionError("legal_moves(view) built a shadow state")

    monkeypatch.setattr(observe_module, "_shadow_state", boom)
    for state in _states(SCHNAPSEN, 4):
        for seat in (0, 1):
            view = observe(state, seat)
            expected = legal_moves(state) if state.to_move == seat else ()
            assert legal_moves(view) == view.legal_moves() == expected


def test_wrong_objects_raise_library_errors() -> None:
    for func in (legal_moves, lambda s: is_legal(s, "close"), lambda s: explain_illegal(s, "AC")):
        with pytest.raises(ss.PositionError, match="HandState"):
            func(object())  # type: ignore[arg-type]


def test_engine_does_not_import_observe_back() -> None:
    for name in ("sixtysix.observe", "sixtysix.legality", "sixtysix.validate"):
        module = importlib.import_module(name)
        assert "engine" not in vars(module)
        assert not any(
            getattr(value, "__module__", "") == "sixtysix.engine"
            for value in vars(module).values()
        ), name
