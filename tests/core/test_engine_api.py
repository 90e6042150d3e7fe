"""The engine's public API around dealing, seeds and bad input (not the rules themselves)."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

import sixtysix as ss
from sixtysix.engine import shuffled_deck


def test_new_hand_is_the_deal_of_shuffled_deck() -> None:
    for rules in ss.PRESETS.values():
        for seed in (0, 1, "table 7", b"\x00\x01"):
            order = shuffled_deck(rules, seed)
            assert sorted(order) == sorted(rules.deck.cards)
            assert ss.new_hand(rules, seed, dealer=1) == ss.deal_from_order(rules, order, 1)


def test_seed_kinds_are_distinct_and_stable() -> None:
    rules = ss.CLASSIC_66
    assert ss.new_hand(rules, 5) == ss.new_hand(rules, 5)
    assert ss.new_hand(rules, 5) != ss.new_hand(rules, "5")
    assert ss.new_hand(rules, "5") != ss.new_hand(rules, b"5")
    # Pinned: the deal for a seed never changes between versions or platforms.
    assert " ".join(str(c) for c in shuffled_deck(rules, 42)[:6]) == "QS TH 9H KH AS QD"


def test_random_instance_seed_draws_from_the_generator() -> None:
    first = ss.new_hand(ss.SCHNAPSEN, random.Random(3))
    assert first == ss.new_hand(ss.SCHNAPSEN, random.Random(3))
    rng = random.Random(3)
    assert ss.new_hand(ss.SCHNAPSEN, rng) == first
    assert ss.new_hand(ss.SCHNAPSEN, rng) != first  # the generator moved on


def test_seed_none_deals_fresh_random_hands() -> None:
    deals = {ss.dump_position(ss.new_hand(ss.CLASSIC_66)) for _ in range(20)}
    assert len(deals) > 1


@pytest.mark.parametrize("seed", [1.5, True, [1], object()])
def test_bad_seed_is_a_deal_error(seed: object) -> None:
    with pytest.raises(ss.DealError, match="a seed must be"):
        ss.new_hand(ss.CLASSIC_66, seed)  # type: ignore[arg-type]


def test_new_hand_checks_rules_and_dealer() -> None:
    with pytest.raises(ss.DealError, match="rules must be a Rules value"):
        ss.new_hand("CLASSIC_66", 1)  # type: ignore[arg-type]
    with pytest.raises(ss.DealError, match="dealer must be seat 0 or 1"):
        ss.new_hand(ss.CLASSIC_66, 1, dealer=2)


def test_deal_from_order_accepts_one_string() -> None:
    text = " ".join(str(c) for c in ss.CLASSIC_66.deck.cards)
    assert ss.deal_from_order(ss.CLASSIC_66, text) == ss.deal_from_order(
        ss.CLASSIC_66, list(ss.CLASSIC_66.deck.cards)
    )


def test_deal_from_order_rejects_a_non_sequence() -> None:
    with pytest.raises(ss.DealError, match="must be a sequence of cards"):
        ss.deal_from_order(ss.CLASSIC_66, 24)  # type: ignore[arg-type]
    with pytest.raises(ss.DealError, match="rules must be a Rules value"):
        ss.deal_from_order(None, [])  # type: ignore[arg-type]


def test_apply_move_needs_a_hand_state() -> None:
    with pytest.raises(ss.IllegalMoveError, match="moves apply to a HandState"):
        ss.apply_move("not a state", "QH")  # type: ignore[arg-type]


def test_non_moves_are_rejected_with_a_reason() -> None:
    state = ss.new_hand(ss.CLASSIC_66, 1)
    assert not ss.is_legal(state, "xyzzy")
    assert ss.explain_illegal(state, "xyzzy") is not None
    with pytest.raises(ss.IllegalMoveError, match="is not a move"):
        ss.apply_move(state, 17)  # type: ignore[arg-type]
    assert not ss.is_legal(state, 17)  # type: ignore[arg-type]


def test_finished_hand_rejects_everything() -> None:
    state = ss.new_hand(ss.CLASSIC_66, 2)
    while not ss.is_over(state):
        state = ss.apply_move(state, ss.legal_moves(state)[-1])
    assert ss.legal_moves(state) == ()
    assert ss.to_move(state) is None
    for move in ("claim", "QH", "close", "draw", "exchange", "marry H"):
        assert ss.explain_illegal(state, move) == "the hand is over"
        with pytest.raises(ss.IllegalMoveError, match="the hand is over"):
            ss.apply_move(state, move)


def test_legal_moves_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from sixtysix import legality

    monkeypatch.setattr(legality, "MOVES_CACHE_LIMIT", 1)
    legality.MOVES_CACHE.clear()
    state = ss.new_hand(ss.CLASSIC_66, 3)
    first = ss.legal_moves(state)
    state2 = ss.apply_move(state, first[-1])
    assert ss.legal_moves(state2) != first  # evicts the full cache and still answers
    assert list(legality.MOVES_CACHE.values()) == [ss.legal_moves(state2)]
    assert ss.legal_moves(state) == first


def test_states_are_hashable_picklable_and_immutable() -> None:
    state = ss.apply_move(ss.new_hand(ss.CLASSIC_66, 9), "close")
    assert type(state) is ss.HandState
    rebuilt = ss.HandState(*(getattr(state, f.name) for f in attrs.fields(ss.HandState)))
    assert rebuilt == state and hash(rebuilt) == hash(state)
    assert pickle.loads(pickle.dumps(state)) == state
    assert hash(pickle.loads(pickle.dumps(state))) == hash(state)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.leader = 0  # type: ignore[misc]
    assert "HandState LEAD" in state.describe()
    assert eval(repr(state), vars(ss)) == state


def test_engine_uses_the_fast_state_constructor() -> None:
    from sixtysix import state as state_module

    # If HandState's slot layout ever stops matching its mutable twin, the engine silently
    # falls back to the (slower) attrs constructor; this test makes that visible.
    assert state_module.build_state is not ss.HandState
    built = ss.apply_move(ss.new_hand(ss.CLASSIC_66, 4), "close")
    assert type(built) is ss.HandState
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.step = ss.Step.OVER  # type: ignore[misc]
