"""repr of HandState, PlayerView and Rules: short text that evaluates back to an equal value."""

from __future__ import annotations

import random

import attrs

import sixtysix as ss
from sixtysix import PRESETS, ClaimMode, Deck, Rules, StrictPlay

NAMES = vars(ss)


def test_states_and_views_round_trip_through_repr() -> None:
    for rules in PRESETS.values():
        for seed in range(6):
            rng = random.Random(seed)
            state = ss.new_hand(rules, seed=seed, dealer=seed & 1)
            for _ in range(64):
                assert eval(repr(state), NAMES) == state
                for seat in (0, 1):
                    view = ss.observe(state, seat)
                    assert eval(repr(view), NAMES) == view
                if state.is_over:
                    break
                state = ss.apply_move(state, rng.choice(ss.legal_moves(state)))


def test_rules_repr_names_the_preset_or_the_differences() -> None:
    for name, preset in PRESETS.items():
        assert repr(preset) == name
        assert eval(repr(preset), NAMES) == preset
    house = attrs.evolve(
        ss.SCHNAPSEN,
        deck=Deck.D24,
        deal_packets=(3, 3),
        strict_play=StrictPlay.FOLLOW_ONLY,
        claim_mode=ClaimMode.AUTO,
    )
    text = repr(house)
    assert text.startswith("Rules.from_dict({'preset': ")
    assert eval(text, NAMES) == house
    assert eval(repr(attrs.evolve(ss.CLASSIC_66, match_target=11)), NAMES).match_target == 11
    assert isinstance(eval(repr(Rules()), NAMES), Rules)


def test_an_unreachable_state_shows_its_summary() -> None:
    state = attrs.evolve(ss.new_hand(ss.CLASSIC_66, seed=1), card_points=(5, 0))
    assert repr(state).startswith("<HandState LEAD")
