"""Hypothesis properties of random Tausendeins play (rules §12.3 to §12.10).

Over random deals, dealers and random legal play under every preset: 120 card points,
every card played once, zero-sum returns, every deal ends, no state is changed by a
move, moves in the order of rules §12.9, and views that hide what rules §12.10 hides.
"""

from __future__ import annotations

import copy
import random

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.profiles import examples
from tests.tausendeins.helpers import PRESET_LIST, shadow_playable

from sixtysix import Card, Deck
from sixtysix import tausendeins as t1

RULES = st.sampled_from(
    [*PRESET_LIST, t1.make_rules(deal_packets=(6, 6)), t1.make_rules(marriage_values="BY_ORDER")]
)
SEEDS = st.integers(min_value=0, max_value=2**64)


def _play_out(
    rules: t1.TausendeinsRules, seed: int, dealer: int, choices: int
) -> list[tuple[t1.TausendeinsState, t1.TausendeinsMove]]:
    rng = random.Random(choices)
    state = t1.new_hand(rules, seed, dealer)
    path: list[tuple[t1.TausendeinsState, t1.TausendeinsMove]] = []
    for _ in range(100):  # 12 tricks of at most 3 moves, plus the auction
        if state.is_over:
            return path
        move = rng.choice(t1.legal_moves(state))
        path.append((state, move))
        state = t1.apply_move(state, move)
    raise AssertionError("the deal did not end")


def _final(path: list[tuple[t1.TausendeinsState, t1.TausendeinsMove]]) -> t1.TausendeinsState:
    state, move = path[-1]
    return t1.apply_move(state, move)


@settings(max_examples=examples(60))
@given(RULES, SEEDS, st.integers(0, 1), st.integers(0, 2**32))
def test_random_play_conserves_cards_and_points(
    rules: t1.TausendeinsRules, seed: int, dealer: int, choices: int
) -> None:
    """Rules §12.7: 120 card points, each card once, zero-sum returns; the deal ends."""
    path = _play_out(rules, seed, dealer, choices)
    end = _final(path)
    r = t1.score_deal(end)
    played = list(end.played)
    assert len(played) == len(set(played)) == 2 * rules.tricks
    assert sum(r.tricks) == rules.tricks
    game = t1.TausendeinsGame(rules)
    assert sum(game.returns(end)) == 0
    if rules.bidding is t1.Bidding.NONE:
        assert sum(r.card_points) == 120 and end.stock == ()
        assert {Card.from_index(i) for i in played} == set(Deck.D24.cards)
    else:
        dead = end.talons[0] | end.talons[1]
        assert dead.bit_count() == 2 and end.discards.bit_count() == 2
        everything = dead | end.discards
        for i in played:
            everything |= 1 << i
        assert everything == Deck.D24.mask
        assert sum(r.card_points) + sum(c.points for c in Deck.D24.cards if c.mask & dead) == 120
        assert r.declarer is not None and r.contract is not None
        assert r.added[r.declarer] == (r.contract if r.made else -r.contract)


@settings(max_examples=examples(40))
@given(RULES, SEEDS, st.integers(0, 1), st.integers(0, 2**32))
def test_moves_change_no_state_and_come_in_rules_order(
    rules: t1.TausendeinsRules, seed: int, dealer: int, choices: int
) -> None:
    """Rules §12.9: legal moves in the fixed order; states are values (nothing mutated)."""
    path = _play_out(rules, seed, dealer, choices)
    snapshots = [copy.copy(attrs.asdict(s, recurse=False)) for s, _ in path]
    _final(path)
    game = t1.TausendeinsGame(rules)
    for (state, _), snap in zip(path, snapshots, strict=True):
        assert attrs.asdict(state, recurse=False) == snap
        moves = t1.legal_moves(state)
        kinds = [type(m).__name__ for m in moves]
        phase = t1.Phase(state.phase)
        if phase is t1.Phase.PLAY and state.lead < 0 and state.pending < 0:
            n = kinds.count("Marry")
            assert kinds[:n] == ["Marry"] * n and "Marry" not in kinds[n:]
            suits = [m.suit for m in moves[:n]]  # type: ignore[union-attr]
            assert suits == sorted(suits)
            cards = [m.card for m in moves[n:]]  # type: ignore[union-attr]
            assert cards == list(state.hand(state.leader))
        elif phase is t1.Phase.PLAY and state.lead >= 0:
            cards = [m.card for m in moves]  # type: ignore[union-attr]
            strict = not state.stock or rules.stock_play is t1.StockPlay.STRICT
            hand = state.hand(1 - state.leader)
            lead = Card.from_index(state.lead)
            assert cards == (
                shadow_playable(rules.strict_play, hand, lead, state.trump)
                if strict
                else list(hand)
            )
        elif phase is t1.Phase.AUCTION:
            assert kinds[0] == "Pass" and all(k == "Bid" for k in kinds[1:])
            points = [m.points for m in moves[1:]]  # type: ignore[union-attr]
            assert points == sorted(points) and all(p > state.bid for p in points)
        elif phase is t1.Phase.CONTRACT:
            points = [m.points for m in moves]  # type: ignore[union-attr]
            assert points[0] == state.bid and points == sorted(points)
        for m in moves:
            assert game.move_of(game.action_id(m)) == m
            assert t1.parse_move(str(m)) == m


@settings(max_examples=examples(40))
@given(RULES, SEEDS, st.integers(0, 1), st.integers(0, 2**32))
def test_views_hide_hidden_cards_and_determinize_agrees(
    rules: t1.TausendeinsRules, seed: int, dealer: int, choices: int
) -> None:
    """Rules §12.10: a view holds no hidden card; its inferences are true; samples agree."""
    path = _play_out(rules, seed, dealer, choices)
    rng = random.Random(choices)
    for state, move in path[:: max(1, len(path) // 8)]:
        for seat in (0, 1):
            view = t1.observe(state, seat)
            opp = state.hands[1 - seat]
            assert view.hand == state.hands[seat]
            assert view.known & ~opp == 0 and view.excluded & opp == 0
            if state.declarer != seat:
                assert view.discards == 0
            # No field of the view depends on the hidden cards beyond what is public.
            swapped = t1.observe(t1.determinize(view, rng), seat)
            assert swapped == view
            sample = t1.determinize(view, rng)
            assert sample.hands[seat] == state.hands[seat]
            assert sample.hands[1 - seat].bit_count() == opp.bit_count()
            assert len(sample.stock) == len(state.stock)
            if state.to_move == seat:
                assert t1.legal_moves(view) == t1.legal_moves(state)
            else:
                assert t1.legal_moves(view) == ()
        assert move in t1.legal_moves(state)


def test_the_marriage_partner_is_known_and_voids_are_inferred() -> None:
    """Rules §12.10: the partner of a led marriage card; voids in strict tricks."""
    from tests.tausendeins.helpers import deal, play

    rules = t1.make_rules(deal_packets=(6, 6))
    s = deal(rules, "KH QH 9C 9D JD QD JC AC TC KC JH AD", "AH TH QC 9H AS TS KS QS JS 9S KD TD")
    s = play(s, "marry H, QH")
    view = t1.observe(s, 0)
    assert view.known == Card.parse("KH").mask
    s = play(s, "AH, AS")  # the dealer wins and leads AS; the forehand has no spade...
    view = t1.observe(s, 1)
    assert view.known == 0  # the forehand's own marriage: nothing to infer about itself
    s = play(s, "KH")  # a trump on the spade lead
    v0 = t1.observe(s, 0)
    spades = sum(1 << (3 * 8 + k) for k in range(6))
    assert v0.excluded & spades == spades
    assert v0.known == 0  # the KH is played


def _consistent_hands(view: t1.TausendeinsView) -> dict[int, float]:
    """Each unseen card's exact chance to be in the opponent's hand, by enumeration."""
    import itertools

    played = 0
    for c in view.played:
        played |= 1 << c
    unseen = [c.index for c in Deck.D24.cards if not c.mask & (view.hand | played | view.discards)]
    opp_declarer = view.declarer == 1 - view.seat
    shown = view.shown if opp_declarer else 0
    n_disc = view.discard_count if opp_declarer else 0
    counts = dict.fromkeys(unseen, 0)
    total = 0
    for hand in itertools.combinations(unseen, view.opponent_count):
        hmask = sum(1 << c for c in hand)
        if hmask & view.excluded or view.known & ~hmask:
            continue
        rest = [c for c in unseen if not hmask >> c & 1]
        for disc in itertools.combinations(rest, n_disc):
            dmask = sum(1 << c for c in disc)
            if shown & ~(hmask | dmask | played) & Deck.D24.mask:
                continue
            total += 1
            for c in hand:
                counts[c] += 1
    return {c: k / total for c, k in counts.items()}


def test_determinize_is_uniform_over_the_consistent_deals() -> None:
    """Rules §12.10: each card lands in the opponent's hand as often as exact counting says."""
    rng = random.Random(11)
    checked = 0
    for seed in range(200):
        path = _play_out(t1.TAUSENDEINS_CONTRACT, seed, seed % 2, seed)
        for state, _ in path:
            if state.phase != 4 or state.tricks_played != 5 or state.lead >= 0:
                continue
            seat = 1 - state.declarer  # the declarer's discards and talon are hidden
            view = t1.observe(state, seat)
            if not view.excluded:
                continue
            exact = _consistent_hands(view)
            n = 2000
            hits = dict.fromkeys(exact, 0)
            for _ in range(n):
                sample = t1.determinize(view, rng)
                for c in exact:
                    hits[c] += sample.hands[1 - seat] >> c & 1
            for c, p in exact.items():
                sigma = (p * (1 - p) / n) ** 0.5
                assert abs(hits[c] / n - p) <= 4.5 * sigma + 1e-9, (seed, c, p, hits[c] / n)
            checked += 1
            break
        if checked >= 3:
            break
    assert checked >= 3
