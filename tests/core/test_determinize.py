"""Sampling the hidden cards: consistency with the view, inferences, coverage, uniformity."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import ALL_RULES, RULE_IDS, random_play
from tests.profiles import examples, repeats

from sixtysix import (
    CLASSIC_66,
    SCHNAPSEN,
    Card,
    DealError,
    HandState,
    Rules,
    StrictPlay,
    apply_move,
    deal_from_order,
    legal_moves,
    new_hand,
    score_hand,
)
from sixtysix.cards import iter_mask
from sixtysix.observe import PlayerView, determinize, observe
from sixtysix.testing import check_invariants, reachable_states
from sixtysix.testing import rules as kit_rules


def mask(text: str) -> int:
    out = 0
    for word in text.split():
        out |= Card.parse(word).mask
    return out


def texts(m: int) -> str:
    return " ".join(str(Card.from_index(i)) for i in iter_mask(m))


def placement_possible(view: PlayerView, state: HandState) -> bool:
    """Whether ``state`` places the unseen cards as ``determinize(view)`` may."""
    opp = 1 - view.seat
    free = state.hands[opp] & ~view.opponent_known_mask
    return (
        state.hands[view.seat] == view.hand_mask
        and state.hands[opp] & view.opponent_known_mask == view.opponent_known_mask
        and free & ~view.unseen_mask == 0
        and free & view.opponent_excluded_mask == 0
        and (not state.talon or state.talon[-1] == view.talon_bottom)
        and len(state.talon) == view.talon_size
    )


def classic_deal(
    non_dealer: str, dealer: str, turnup: str, rules: Rules = CLASSIC_66
) -> HandState:
    """A 24-card deal with these hands (dealer seat 0); the talon is the rest in order."""
    nd, dl = non_dealer.split(), dealer.split()
    used = {*nd, *dl, turnup}
    rest = [str(c) for c in rules.deck.cards if str(c) not in used]
    order = nd[:3] + dl[:3] + nd[3:] + dl[3:] + [turnup] + rest
    return deal_from_order(rules, order, dealer=0)


# --------------------------------------------------------------------------- properties


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
@settings(max_examples=examples(10))
@given(seed=st.integers(0, 2**32 - 1))
def test_samples_agree_with_the_view_and_are_playable(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    for state in random_play(rules, seed):
        for seat in (0, 1):
            view = observe(state, seat)
            # The true state is one of the placements determinize can return.
            assert placement_possible(view, state), (view, state)
            sample = determinize(view, random.Random(rng.getrandbits(32)))
            assert observe(sample, seat) == view
            assert placement_possible(view, sample)
            check_invariants(sample)
            assert legal_moves(sample) == legal_moves(state) or seat != state.to_move
    # One sample of a mid-hand view, played on to the end, scores like any hand.
    states = [s for s in random_play(rules, seed) if not s.is_over]
    middle = states[len(states) // 2]
    sample = determinize(observe(middle, 0), rng)
    while not sample.is_over:
        sample = apply_move(sample, rng.choice(legal_moves(sample)))
    assert score_hand(sample).winner in (0, 1, None)


def _positions(
    states: list[HandState], seat: int
) -> tuple[Counter[int], Counter[tuple[int, int]]]:
    in_hand: Counter[int] = Counter()
    in_talon: Counter[tuple[int, int]] = Counter()
    for s in states:
        for i in iter_mask(s.hands[1 - seat]):
            in_hand[i] += 1
        for pos, i in enumerate(s.talon[:-1]):
            in_talon[pos, i] += 1
    return in_hand, in_talon


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_every_unseen_card_reaches_every_place_it_can_be(rules: Rules) -> None:
    rng = random.Random(20)
    checked = 0
    for seed in range(6):
        states = list(random_play(rules, seed))
        for state in states[:: max(1, len(states) // 6)]:
            seat = seed % 2
            view = observe(state, seat)
            # Never fewer than 500: with 17 unseen cards a card misses a place in 200
            # samples with probability e^-12, and there are some 10^5 places to check.
            samples = [determinize(view, rng) for _ in range(max(500, repeats(500)))]
            in_hand, in_talon = _positions(samples, seat)
            free = view.opponent_hand_size - view.opponent_known_mask.bit_count()
            slots = max(view.talon_size - 1, 0)
            excluded = view.opponent_excluded_mask
            for card in iter_mask(view.unseen_mask):
                if free and not (excluded >> card) & 1:
                    assert in_hand[card] > 0, f"{Card.from_index(card)} never in the hand"
                if (excluded >> card) & 1:
                    assert in_hand[card] == 0
                for pos in range(slots):
                    assert in_talon[pos, card] > 0, f"{Card.from_index(card)} never at {pos}"
            checked += 1
    assert checked >= 6


def test_samples_are_uniform_over_the_placements() -> None:
    view = observe(new_hand(CLASSIC_66, seed=8), 1)
    rng = random.Random(4)
    n = 6000
    samples = [determinize(view, rng) for _ in range(n)]
    in_hand, in_talon = _positions(samples, 1)
    unseen = list(iter_mask(view.unseen_mask))
    assert len(unseen) == 17
    expected_hand = n * 6 / 17
    for card in unseen:
        assert abs(in_hand[card] - expected_hand) < 0.1 * expected_hand
        for pos in (0, 5, 10):
            assert abs(in_talon[pos, card] - n / 17) < 0.3 * n / 17
    # Whole placements: the opponent's six unseen cards are a uniform 6-subset.
    two = (1 << unseen[0]) | (1 << unseen[-1])
    pairs = Counter(s.hands[0] & two == two for s in samples)
    assert abs(pairs[True] - n * (6 * 5) / (17 * 16)) < 0.15 * n * 30 / 272


def test_same_seed_same_sample() -> None:
    view = observe(new_hand(SCHNAPSEN, seed=2), 0)
    assert determinize(view, random.Random(9)) == determinize(view, random.Random(9))


# --------------------------------------------------------------------------- inferences


def test_a_follower_who_cannot_follow_or_trump_is_void_in_both() -> None:
    # Seat 1 (non-dealer) closes at once and leads AH; seat 0 holds only diamonds, no
    # heart and no trump (spades), and throws a diamond.
    state = classic_deal("AH TH KH AC TC KS", "AD TD KD QD JD 9D", "JS")
    state = apply_move(apply_move(state, "close"), "AH")
    assert [str(m) for m in legal_moves(state)] == ["AD", "TD", "KD", "QD", "JD", "9D"]
    view_before = observe(state, 1)
    assert view_before.opponent_excluded_mask == 0
    state = apply_move(state, "9D")
    view = observe(state, 1)
    unseen = view.unseen_mask
    hearts_and_spades = mask("QH JH 9H AS TS QS 9S")
    assert view.opponent_excluded_mask == hearts_and_spades & unseen == hearts_and_spades
    assert " ".join(str(c) for c in view.opponent_excluded) == texts(hearts_and_spades)
    assert texts(view.unseen_mask & ~view.opponent_excluded_mask) == "KC QC JC 9C AD TD KD QD JD"
    rng = random.Random(1)
    for _ in range(200):
        sample = determinize(view, rng)
        assert sample.hands[0] & hearts_and_spades == 0
        assert observe(sample, 1) == view
    # A second trick: seat 1 leads TC and seat 0 throws another diamond: void in clubs
    # too, so the opponent's hand is known exactly.
    state = apply_move(apply_move(state, "TC"), "JD")
    view = observe(state, 1)
    assert texts(view.unseen_mask & ~view.opponent_excluded_mask) == "AD TD KD QD"
    for seed in range(20):
        assert determinize(view, random.Random(seed)).hands[0] == mask("AD TD KD QD")


@pytest.mark.parametrize(
    ("strict_play", "excluded"),
    [
        (StrictPlay.FOLLOW_HEAD_OR_TRUMP, "QH JH 9H AS TS QS 9S"),
        (StrictPlay.FOLLOW_OR_TRUMP, "QH JH 9H AS TS QS 9S"),
        (StrictPlay.FOLLOW_ONLY, "QH JH 9H"),
    ],
)
def test_void_inferences_follow_the_strict_play_rule(
    strict_play: StrictPlay, excluded: str
) -> None:
    rules = attrs.evolve(CLASSIC_66, strict_play=strict_play)
    state = classic_deal("AH TH KH AC TC KS", "AD TD KD QD JD 9D", "JS", rules)
    state = apply_move(apply_move(apply_move(state, "close"), "AH"), "9D")
    assert observe(state, 1).opponent_excluded_mask == mask(excluded)


def test_a_follower_who_does_not_head_holds_no_higher_card() -> None:
    # Seat 1 closes and leads JC; seat 0 holds the 9C only in clubs and must play it.
    state = classic_deal("JC AH TH KH QS JS", "9C AD TD KD QD 9S", "JD")
    state = apply_move(apply_move(apply_move(state, "close"), "JC"), "9C")
    view = observe(state, 1)
    assert view.opponent_excluded_mask == mask("AC TC KC QC")
    # Under FOLLOW_OR_TRUMP following low says nothing.
    rules = attrs.evolve(CLASSIC_66, strict_play=StrictPlay.FOLLOW_OR_TRUMP)
    state = classic_deal("JC AH TH KH QS JS", "9C AD TD KD QD 9S", "JD", rules)
    state = apply_move(apply_move(apply_move(state, "close"), "JC"), "9C")
    assert observe(state, 1).opponent_excluded_mask == 0


def test_no_inference_in_the_open_phase_or_from_the_observers_own_follow() -> None:
    state = classic_deal("AH TH KH AC TC KS", "AD TD KD QD JD 9D", "JS")
    state = apply_move(apply_move(state, "AH"), "9D")  # open talon: anything goes
    assert observe(state, 1).opponent_excluded_mask == 0
    # Seat 0 watched seat 1 lead: the leader is never constrained.
    assert observe(state, 0).opponent_excluded_mask == 0


def test_an_inconsistent_view_is_rejected() -> None:
    view = observe(new_hand(CLASSIC_66, seed=1), 0)
    with pytest.raises(DealError, match="opponent_hand_size is 7, outside 0 to 6"):
        determinize(attrs.evolve(view, opponent_hand_size=7), random.Random(0))
    with pytest.raises(DealError, match="no deal agrees with this view"):
        determinize(attrs.evolve(view, opponent_hand_size=5), random.Random(0))
    # The opponent is void in hearts, spades and clubs and holds four cards, but the
    # (doctored) view leaves only three diamonds for them.
    state = classic_deal("AH TH KH AC TC KS", "AD TD KD QD JD 9D", "JS")
    state = apply_move(apply_move(state, "close"), "AH")
    state = apply_move(apply_move(apply_move(state, "9D"), "TC"), "JD")
    view = observe(state, 1)
    with pytest.raises(DealError, match="only 3 unseen cards are possible"):
        attrs.evolve(view, hand_mask=view.hand_mask & ~mask("AC") | mask("AD"))
    # A view changed behind the validation's back (unsupported) is still caught.
    doctored = attrs.evolve(view)
    object.__setattr__(doctored, "hand_mask", view.hand_mask & ~mask("AC") | mask("AD"))
    with pytest.raises(DealError, match="only 3 unseen cards are possible"):
        determinize(doctored, random.Random(0))


@settings(max_examples=examples(150))
@given(state=reachable_states(kit_rules()))
def test_views_and_samples_under_house_rules(state: HandState) -> None:
    """The same properties on random house rules (any strict-play rule, exchange and
    closing variant), from positions Hypothesis shrinks to short games."""
    for seat in (0, 1):
        view = observe(state, seat)
        assert placement_possible(view, state)
        assert view.legal_moves() == (legal_moves(state) if seat == state.to_move else ())
        for sample_seed in (0, 1):
            sample = determinize(view, random.Random(sample_seed))
            assert observe(sample, seat) == view
            assert placement_possible(view, sample)
            check_invariants(sample)
