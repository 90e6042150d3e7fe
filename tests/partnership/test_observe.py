"""rules §10.9: what a seat knows; views leak nothing; determinize honours every inference."""

from __future__ import annotations

import collections
import importlib
import itertools
import random
from collections.abc import Iterator

import attrs
import pytest
from tests.profiles import repeats

from sixtysix import CARDS, Card, DealError
from sixtysix import partnership as p4

from .helpers import PRESET_IDS, PRESET_LIST, random_play, shadow_legal

observe_module = importlib.import_module("sixtysix.partnership.views")

RULE_SETS = [attrs.evolve(rules, undertrump=u) for rules in PRESET_LIST for u in p4.Undertrump]
RULE_IDS = [f"{name}-{u.name}" for name in PRESET_IDS for u in p4.Undertrump]


def _cards(mask: int) -> list[Card]:
    return [c for c in CARDS if (mask >> c.index) & 1]


def history_is_legal(rules: p4.PartnershipRules, state: p4.PartnershipState) -> bool:
    """Whether every card played was legal from the hands the state implies (the current
    hands plus each seat's played cards), checked with the shadow rules."""
    players = p4.players_of(state.dealer, state.trump, state.played)
    hands = [set(_cards(h)) for h in state.hands]
    for card, seat in zip(state.played, players, strict=True):
        hands[seat].add(CARDS[card])
    trump = state.trump_suit
    for start in range(0, len(state.played), 4):
        trick: list[Card] = []
        for k, card in enumerate(state.played[start : start + 4]):
            seat = players[start + k]
            c = CARDS[card]
            # (shadow_legal answers a set: the order of the hand does not matter)
            if c not in shadow_legal(list(hands[seat]), trick, trump, rules.undertrump):
                return False
            hands[seat].remove(c)
            trick.append(c)
    return True


def worlds(view: p4.PartnershipView) -> Iterator[tuple[int, int, int, int]]:
    """Every way to give the unseen cards to the other seats with the right counts
    (ignoring the inferences)."""
    others = [s for s in range(4) if s != view.seat]
    known = view.known
    need = [view.hand_sizes[s] - known[s].bit_count() for s in others]
    unseen = [c.index for c in _cards(view.unseen_mask)]
    for first in itertools.combinations(unseen, need[0]):
        rest = [c for c in unseen if c not in first]
        for second in itertools.combinations(rest, need[1]):
            third = [c for c in rest if c not in second]
            hands = list(known)
            for seat, part in zip(others, (first, second, third), strict=True):
                hands[seat] |= sum(1 << c for c in part)
            yield (hands[0], hands[1], hands[2], hands[3])


def late_views(
    rules: p4.PartnershipRules, count: int
) -> Iterator[tuple[p4.PartnershipState, int]]:
    """Positions with few unseen cards (the last two or three tricks), from random play."""
    seed = 0
    found = 0
    while found < count and seed < 10 * count:
        for state in random_play(rules, seed):
            if state.over:
                break
            if 4 * rules.tricks - len(state.played) <= 12 - 4 * (seed % 2):
                seat = (state.dealer + seed) % 4
                yield state, seat
                found += 1
                break
        seed += 1


def test_view_contents() -> None:
    state = p4.new_hand(p4.FOUR_HAND_66, seed=3, dealer=1)
    view = p4.observe(state, 0)
    assert view.hand == state.hand(0) and view.hand_sizes == (8, 8, 8, 8)
    assert view.partner == 2 and view.seat == 0 and view.dealer == 1
    # Everybody knows the dealer holds the turn-up until it is played.
    assert view.turnup_held and view.known[1] == 1 << state.turnup_index
    assert not (view.unseen_mask >> state.turnup_index) & 1
    assert p4.observe(state, 1).known[1] == state.hands[1]
    assert view.legal_moves() == () and p4.observe(state, 2).legal_moves() == p4.legal_moves(state)
    assert repr(view).startswith("PartnershipView.parse(") and repr(view).endswith(" @0')")
    with pytest.raises(DealError, match="0 to 3"):
        p4.observe(state, 4)
    # Once the dealer plays the turn-up it is no longer "held".
    for s in random_play(p4.FOUR_HAND_66, 3, dealer=1):
        if state.turnup_index in s.played:
            v = p4.observe(s, 0)
            assert not v.turnup_held and v.known[1] == 0
            assert v.players[s.played.index(state.turnup_index)] == 1
            break
    else:  # pragma: no cover
        raise AssertionError("the turn-up is always played")


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_views_leak_nothing(rules: p4.PartnershipRules) -> None:
    """Two states that differ only in cards a seat cannot see give equal views."""
    rng = random.Random(5)
    swaps = 0
    for seed in range(12):
        for state in random_play(rules, seed):
            for seat in range(4):
                view = p4.observe(state, seat)
                hidden = {
                    s: _cards(state.hands[s] & ~view.known[s]) for s in range(4) if s != seat
                }
                holders = [s for s, cards in hidden.items() if cards]
                if len(holders) >= 2:
                    a, b = rng.sample(holders, 2)
                    flip = rng.choice(hidden[a]).mask | rng.choice(hidden[b]).mask
                    h = state.hands
                    hands = tuple(h[s] ^ flip if s in (a, b) else h[s] for s in range(4))
                    swapped = attrs.evolve(state, hands=(hands[0], hands[1], hands[2], hands[3]))
                    assert swapped != state
                    assert p4.observe(swapped, seat) == view
                    assert hash(p4.observe(swapped, seat)) == hash(view)
                    swaps += 1
                assert p4.observe(p4.determinize(view, rng), seat) == view
    assert swaps > 500


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_inferences_are_exact(rules: p4.PartnershipRules) -> None:
    """The excluded cards are exactly what the history rules out: a deal of the unseen
    cards respects every inference if and only if the whole play was legal under it."""
    checked = 0
    for state, seat in late_views(rules, repeats(12)):
        view = p4.observe(state, seat)
        for hands in worlds(view):
            world = attrs.evolve(state, hands=hands)
            consistent = history_is_legal(rules, world)
            respects = not any(hands[s] & view.excluded[s] for s in range(4))
            assert consistent == respects, (p4.dump_position(world), seat)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_determinize_honours_every_inference(rules: p4.PartnershipRules) -> None:
    rng = random.Random(11)
    for seed in range(15):
        for state in random_play(rules, seed):
            seat = (seed + len(state.played)) % 4
            view = p4.observe(state, seat)
            sample = p4.determinize(view, rng)
            assert sample.hands[seat] == state.hands[seat]
            assert [h.bit_count() for h in sample.hands] == list(view.hand_sizes)
            assert history_is_legal(rules, sample)
            if view.turnup_held:
                assert (sample.hands[state.dealer] >> state.turnup_index) & 1
            assert p4.legal_moves(sample) == p4.legal_moves(state) or p4.to_move(state) != seat


def _uniformity(rules: p4.PartnershipRules) -> int:
    rng = random.Random(2)
    checked = 0
    for state, seat in late_views(rules, 6):
        view = p4.observe(state, seat)
        good = [h for h in worlds(view) if history_is_legal(rules, attrs.evolve(state, hands=h))]
        if not 2 <= len(good) <= 12:
            continue
        n = 150 * len(good)
        counts = collections.Counter(p4.determinize(view, rng).hands for _ in range(n))
        assert set(counts) == set(good)
        expected = n / len(good)
        chi2 = sum((counts[h] - expected) ** 2 / expected for h in good)
        # Far beyond the 99.9% quantile of chi-square with up to 11 degrees of freedom.
        assert chi2 < 40, (chi2, len(good))
        checked += 1
    return checked


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_determinize_is_uniform(rules: p4.PartnershipRules) -> None:
    assert _uniformity(rules) >= 1


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_determinize_counting_path(
    rules: p4.PartnershipRules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no rejection tries, the exact card-by-card draw is used: still uniform."""
    monkeypatch.setattr(observe_module, "_REJECTION_TRIES", 0)
    assert _uniformity(rules) >= 1
    rng = random.Random(4)
    for seed in range(6):
        for state in random_play(rules, seed):
            view = p4.observe(state, seed % 4)
            assert history_is_legal(rules, p4.determinize(view, rng))


def test_determinize_errors() -> None:
    state = p4.new_hand(p4.FOUR_HAND_24, seed=1)
    view = p4.observe(state, 0)
    with pytest.raises(DealError, match="hand sizes"):
        p4.determinize(attrs.evolve(view, hand_sizes=(6, 6, 6, 5)), random.Random(0))
    everything = view.rules.deck.mask
    impossible = attrs.evolve(view, excluded=(0, everything, everything, everything))
    with pytest.raises(DealError, match="no deal"):
        p4.determinize(impossible, random.Random(0))


def test_inference_examples() -> None:
    """The four inferences of §10.9, one trick each (trump spades, seat 1 leads)."""
    from sixtysix import Suit

    def ex(cards: str, undertrump: p4.Undertrump = p4.Undertrump.REQUIRED) -> list[str]:
        played = tuple(Card.parse(t).index for t in cards.split())
        masks = p4.inferences(0, Suit.SPADES, played, undertrump)
        return [" ".join(str(c) for c in _cards(m)) for m in masks]

    # Followed without beating, trick not trumped: no higher card of the suit.
    assert ex("QH 9H")[2] == "AH TH KH"
    # Followed a trick already trumped: nothing learnt.
    assert ex("QH 7S 9H")[3] == ""
    # Void and no trump played: no heart, no trump.
    assert len(ex("QH 9C")[2].split()) == 16
    # Trumped without beating the trump in the trick: no higher trump (and no heart).
    over = ex("QH KS 9S")[3].split()
    assert {"AS", "TS"} <= set(over) and "QS" not in over and "KS" not in over
    # FREE: void, did not trump though the trick held a trump it could not beat: no
    # trump higher than that one (lower ones may remain); REQUIRED: no trump at all.
    free = set(ex("QH KS 9C", p4.Undertrump.FREE)[3].split())
    req = set(ex("QH KS 9C")[3].split())
    assert {"AS", "TS"} <= free and "QS" not in free and "9S" not in free
    assert {"AS", "TS", "QS", "JS", "9S", "8S", "7S"} <= req
    # On a trump lead, a follower who did not beat the best trump holds no higher trump.
    assert ex("QS 9S")[2] == "AS TS KS"
