"""Hypothesis properties over random legal four-hand play (both presets, both undertrump
values, the ten-of-trumps point on and off, any dealer and match score)."""

from __future__ import annotations

import itertools
import random

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.profiles import examples

from sixtysix import CARDS
from sixtysix import partnership as p4
from sixtysix.moves import PLAY

from .helpers import PRESET_LIST, shadow_legal, shadow_winner

rules_st = st.builds(
    lambda base, u, ten: attrs.evolve(base, undertrump=u, ten_of_trumps_point=ten),
    st.sampled_from(PRESET_LIST),
    st.sampled_from(list(p4.Undertrump)),
    st.booleans(),
)


@st.composite
def hands(draw: st.DrawFn) -> tuple[p4.PartnershipRules, int, int, tuple[int, int], int]:
    rules = draw(rules_st)
    scores = (draw(st.integers(0, 6)), draw(st.integers(0, 6)))
    return rules, draw(st.integers(0, 2**32)), draw(st.integers(0, 3)), scores, draw(st.integers())


def play_out(
    rules: p4.PartnershipRules, seed: int, dealer: int, scores: tuple[int, int], choice: int
) -> list[p4.PartnershipState]:
    rng = random.Random(choice)
    state = p4.new_hand(rules, seed=seed, dealer=dealer, scores=scores)
    states = [state]
    for _ in range(rules.deck.size):
        if p4.is_over(state):
            break
        state = p4.apply_move(state, rng.choice(p4.legal_moves(state)))
        states.append(state)
    return states


@settings(max_examples=examples(60))
@given(hands())
def test_random_play_invariants(
    args: tuple[p4.PartnershipRules, int, int, tuple[int, int], int],
) -> None:
    rules, seed, dealer, scores, choice = args
    states = play_out(rules, seed, dealer, scores, choice)
    final = states[-1]
    assert p4.is_over(final)
    deck = rules.deck.mask
    for state in states:
        held = state.hands[0] | state.hands[1] | state.hands[2] | state.hands[3]
        won = state.won[0] | state.won[1]
        in_trick = sum(1 << c for c in state.trick)
        # Card conservation: every card is in exactly one hand, pile or the trick.
        sizes = sum(h.bit_count() for h in state.hands) + won.bit_count() + len(state.trick)
        assert held | won | in_trick == deck and sizes == rules.deck.size
        assert won.bit_count() % 4 == 0
        assert state.card_points[0] + state.card_points[1] == sum(
            CARDS[c].points for c in range(32) if (won >> c) & 1
        )
        if not p4.is_over(state):
            moves = p4.legal_moves(state)
            assert moves  # never stuck before the end
            seat = p4.to_move(state)
            assert seat == (state.leader + len(state.trick)) % 4
            assert seat is not None
            hand = [CARDS[c] for c in range(32) if (state.hands[seat] >> c) & 1]
            expected = shadow_legal(hand, state.current_trick, state.trump_suit, rules.undertrump)
            assert {m.card for m in moves} == expected
            view = p4.observe(state, seat)
            assert p4.legal_moves(view) == moves == view.legal_moves()
        else:
            assert p4.to_move(state) is None and p4.legal_moves(state) == ()
    # Trick winners follow the shadow rule; the winner leads the next trick.
    for prev, state in itertools.pairwise(states):
        if len(prev.trick) == 3:
            trick = [*prev.current_trick, CARDS[state.played[-1]]]
            winner = (prev.leader + shadow_winner(trick, prev.trump_suit)) % 4
            assert (
                state.leader == winner and state.tricks(winner % 2) == prev.tricks(winner % 2) + 1
            )
    result = p4.score_hand(final)
    if final.ended_by_ten:
        assert rules.ten_of_trumps_point and result.reason is p4.PartnershipEnd.TEN_OF_TRUMPS
        assert scores[final.ten_side] + 1 >= rules.match_target
    else:
        assert sum(result.points) == 130  # 130 points in every deal played out
        assert sum(result.tricks) == rules.tricks
        if result.winner is not None:
            assert result.points[result.winner] >= 66 and result.game_points in (1, 2, 3)
        else:
            assert result.points == (65, 65) and result.carry == rules.tie_carry
    g = p4.PartnershipGame(rules).returns(final)
    assert sum(g) == 0 and g[0] == g[2] and g[1] == g[3]


@settings(max_examples=examples(25))
@given(hands())
def test_determinism(args: tuple[p4.PartnershipRules, int, int, tuple[int, int], int]) -> None:
    """The same seed, dealer, scores and choices give the same states, positions, records."""
    rules, seed, dealer, scores, choice = args
    first = play_out(rules, seed, dealer, scores, choice)
    second = play_out(rules, seed, dealer, scores, choice)
    assert first == second
    assert [hash(s) for s in first] == [hash(s) for s in second]
    assert p4.score_hand(first[-1]) == p4.score_hand(second[-1])


@settings(max_examples=examples(25))
@given(hands())
def test_notation_round_trips(
    args: tuple[p4.PartnershipRules, int, int, tuple[int, int], int],
) -> None:
    rules, seed, dealer, scores, choice = args
    for state in play_out(rules, seed, dealer, scores, choice):
        assert p4.load_position(p4.dump_position(state)) == state


@settings(max_examples=examples(25))
@given(hands())
def test_records_round_trip_and_replay(
    args: tuple[p4.PartnershipRules, int, int, tuple[int, int], int],
) -> None:
    rules, seed, dealer, scores, choice = args
    states = play_out(rules, seed, dealer, scores, choice)
    moves = [PLAY[s.played[-1]] for s in states[1:]]
    record = p4.record_hand(rules, moves, seed=seed, dealer=dealer, scores=scores)
    assert p4.HandRecord.from_json(record.to_json()) == record
    assert p4.load_record(record.to_json()) == record
    assert p4.replay(record) == states[-1]
    assert list(p4.replay_states(record)) == states
