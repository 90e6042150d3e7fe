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

from sixtysix import CARDS, Card, DealError, Play, PositionError
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


def _unchecked(view: p4.PartnershipView, **changes: object) -> p4.PartnershipView:
    """``attrs.evolve`` without the check of a view built by hand (as observe builds)."""
    values = {f.name: getattr(view, f.name) for f in attrs.fields(p4.PartnershipView)}
    values.update(changes)
    built: p4.PartnershipView = observe_module._build_view(*values.values())
    return built


def test_determinize_errors() -> None:
    state = p4.new_hand(p4.FOUR_HAND_24, seed=1)
    view = p4.observe(state, 0)
    everything = view.rules.deck.mask
    # Such views cannot be built by hand any more (PositionError, a DealError) ...
    with pytest.raises(PositionError, match="hand_sizes"):
        attrs.evolve(view, hand_sizes=(6, 6, 6, 5))
    with pytest.raises(PositionError, match="excluded"):
        attrs.evolve(view, excluded=(0, everything, everything, everything))
    # ... and determinize still refuses them.
    with pytest.raises(DealError, match="hand sizes"):
        p4.determinize(_unchecked(view, hand_sizes=(6, 6, 6, 5)), random.Random(0))
    impossible = _unchecked(view, excluded=(0, everything, everything, everything))
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


def test_views_built_by_hand_are_checked() -> None:
    """A view built by hand must be that of a reachable state (as the two-hand PlayerView)."""
    rules = attrs.evolve(p4.FOUR_HAND_24, ten_of_trumps_point=True)
    state = p4.new_hand(rules, seed=5, dealer=1, scores=(2, 3))
    for _ in range(9):  # two tricks and a card
        state = p4.apply_move(state, p4.legal_moves(state)[-1])
    view = p4.observe(state, 0)
    played, hand = view.played, view.hand_mask
    other = next(c for c in range(32) if (rules.deck.mask >> c) & 1 and c not in played)
    own = next(c for c in range(32) if (hand >> c) & 1)
    cases: list[tuple[dict[str, object], str]] = [
        ({"rules": p4.FOUR_HAND_66.to_dict()}, "rules must be"),
        ({"seat": 4}, "seat must be"),
        ({"dealer": -1}, "dealer must be"),
        ({"trump": (view.trump + 1) % 4}, "turnup_index"),
        ({"turnup_index": 40}, "turnup_index"),
        ({"hand_mask": -1}, "hand_mask"),
        ({"hand_mask": hand | 1 << 7}, "hand_mask"),  # 7C is not in D24
        ({"played": [*played]}, "played must be"),
        ({"played": (*played, played[0])}, "played twice"),
        ({"played": (*played, own)}, "played twice"),
        ({"scores": (7, 0)}, "scores must be"),
        ({"leader": (view.leader + 1) % 4}, "leader is"),
        ({"trick": ()}, "trick is"),
        ({"best": -1}, "best is"),
        ({"won": (0, 0)}, "won is"),
        ({"card_points": (0, 0)}, "card_points is"),
        ({"ten_side": 1 - view.ten_side if view.ten_side >= 0 else 0}, "ten_side is"),
        ({"over": True}, "over is"),
        ({"hand_sizes": (6, 6, 6, 6)}, "hand_sizes is"),
        ({"hand_mask": hand & (hand - 1)}, "holds"),
        ({"excluded": (0, 0, 0, 0) if any(view.excluded) else (0, 1, 0, 0)}, "excluded"),
    ]
    for changes, words in cases:
        with pytest.raises(PositionError, match=words):
            attrs.evolve(view, **changes)  # type: ignore[arg-type]
    assert attrs.evolve(view) == view
    # Another unplayed card in place of one of the viewer's: the view of another deal.
    assert attrs.evolve(view, hand_mask=hand ^ (1 << own) | (1 << other)).hand_mask != hand


def test_views_whose_plays_contradict_the_cards() -> None:
    """The turn-up is the dealer's; nobody plays what it was shown not to hold, or after the
    hand ended; the viewer's own plays were legal."""
    rules = p4.FOUR_HAND_24
    text = "AC TC KC AD TD KD AH TH KH AS TS KS QC JC 9C QD JD 9D QH JH 9H QS JS 9S"
    pack = text.split(" ")
    state = p4.deal_from_order(rules, pack, dealer=3)  # seat 0 clubs, 1 diamonds, 2 hearts
    index = {t: Card.parse(t).index for t in pack}  # seat 3 spades (trump, 9S turned up)

    def refused(seat: int, played: str, words: str, hand: int | None = None) -> None:
        base = p4.observe(state, seat)
        cards = tuple(index[t] for t in played.split())
        if hand is None:
            hand = base.hand_mask & ~sum(1 << c for c in cards)
        with pytest.raises(PositionError, match=words):
            attrs.evolve(base, played=cards, hand_mask=hand)

    refused(1, "9S", "turn-up")  # seat 0 cannot lead the dealer's turn-up
    refused(3, "", "turn-up", p4.observe(state, 3).hand_mask & ~(1 << index["9S"]))
    refused(0, "", "turn-up", p4.observe(state, 0).hand_mask | 1 << index["9S"])
    # Seat 1 did not follow clubs in trick 1, so it holds none; then it plays one.
    refused(2, "AC AD AH AS KS TC KC", "showed it lacked")
    # Seats 1 and 2 showed no club and no trump: if seat 0 held the diamonds, seat 2
    # could hold nothing but hearts, and so could seat 1.
    diamonds = sum(1 << index[t] for t in ("TD", "KD", "QD", "JD", "9D"))
    after = state
    for card in ("AC", "AD", "AH", "AS"):
        after = p4.apply_move(after, card)
    with pytest.raises(PositionError, match="no deal"):
        attrs.evolve(p4.observe(after, 0), hand_mask=diamonds)
    final = p4.deal_from_order(rules, pack, dealer=3)
    while not final.over:
        final = p4.apply_move(final, p4.legal_moves(final)[0])
    assert p4.legal_moves(p4.observe(final, 0)) == ()
    # The viewer's own illegal play, and a card played after the ten ended the hand.
    on = attrs.evolve(rules, ten_of_trumps_point=True)
    illegal = ended = False
    for seed in range(100):
        state = p4.new_hand(on, seed, 0, scores=(6, 6))
        while not state.over:
            seat = state.to_move
            assert seat is not None
            view = p4.observe(state, seat)
            wrong = [c for c in view.hand if Play(c) not in p4.legal_moves(state)]
            if wrong and not illegal:
                bit = 1 << wrong[0].index
                with pytest.raises(PositionError, match="own play"):
                    attrs.evolve(
                        view, played=(*view.played, wrong[0].index), hand_mask=view.hand_mask ^ bit
                    )
                illegal = True
            state = p4.apply_move(state, p4.legal_moves(state)[0])
        if any(state.hands) and not ended:
            seat = next(s for s in range(4) if state.hands[s])
            view = p4.observe(state, seat)
            low = view.hand_mask & -view.hand_mask
            with pytest.raises(PositionError, match="after the hand ended"):
                attrs.evolve(
                    view,
                    played=(*view.played, low.bit_length() - 1),
                    hand_mask=view.hand_mask ^ low,
                )
            ended = True
        if illegal and ended:
            return
    pytest.fail("no illegal own play or early end in 100 hands")  # pragma: no cover
