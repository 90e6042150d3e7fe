"""``t1.validate``: impossible Tausendeins positions are refused with the reason.

Rules §12.3 to §12.9 say what a reachable position is.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.profiles import examples
from tests.tausendeins.helpers import PRESET_IDS, PRESET_LIST, random_states

from sixtysix import Card, DealError, Deck, PositionError, SixtySixError
from sixtysix import tausendeins as t1

_states = random_states


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_every_reachable_state_and_sample_is_valid(rules: t1.TausendeinsRules) -> None:
    """Rules §12.9: what play reaches, and what determinize draws, passes."""
    rng = random.Random(0)
    for seed in range(30):
        for state in _states(rules, seed):
            assert t1.validate(state) is state
            seat = state.to_move if state.to_move is not None else 0
            t1.validate(t1.determinize(t1.observe(state, seat), rng))


def test_specific_impossible_positions() -> None:
    """Rules §12.3 to §12.6: one broken fact at a time, each named."""
    start = t1.new_hand(t1.TAUSENDEINS, 5, 0)
    mid = _states(t1.TAUSENDEINS, 5)[9]  # in the middle of a trick
    cases = [
        (attrs.evolve(start, trump=1), "no marriage has been declared"),
        (attrs.evolve(start, dealer=2), "the dealer"),
        (attrs.evolve(start, phase=4), "must be a Phase"),
        (attrs.evolve(start, phase=t1.Phase.AUCTION), "without an auction"),
        (attrs.evolve(start, hands=(start.hands[0], start.hands[0])), "in two places"),
        (attrs.evolve(start, stock=start.stock[1:]), "is nowhere"),
        (attrs.evolve(start, stock=(*start.stock, 99)), "card indices"),
        (attrs.evolve(start, leader=start.dealer), "must lead"),
        (attrs.evolve(start, calls=(110,)), "no calls"),
        (attrs.evolve(start, won=(1, 0)), "in two places"),
        (
            attrs.evolve(mid, card_points=(mid.card_points[0] + 1, mid.card_points[1])),
            "card points",
        ),
        (attrs.evolve(mid, played=mid.played[:-1]), "cards played"),
        (attrs.evolve(mid, last_winner=-1), "winner"),
        (attrs.evolve(start, rules="TAUSENDEINS"), "TausendeinsRules"),  # type: ignore[arg-type]
        (attrs.evolve(start, marriages=("x",)), "MarriageDeclared"),  # type: ignore[arg-type]
        ("state", "TausendeinsState"),
    ]
    for state, why in cases:
        with pytest.raises(PositionError, match=why):
            t1.validate(state)  # type: ignore[arg-type]


def test_impossible_auction_positions() -> None:
    """Rules §12.6: the auction, the talon, the discards and the contract."""
    rules = t1.TAUSENDEINS_CONTRACT
    start = t1.new_hand(rules, 2, 0)
    after_pass = t1.apply_move(start, t1.Pass())
    taken = t1.apply_move(after_pass, t1.TakeTalon(1))
    cases = [
        (attrs.evolve(start, calls=(105,), bid=105), "multiple of 10"),
        (attrs.evolve(start, calls=(110,)), "last one made"),
        (attrs.evolve(start, declarer=1), "no declarer"),
        (attrs.evolve(after_pass, declarer=0), "is the declarer"),
        (attrs.evolve(start, calls=(0,)), "first pass"),
        (attrs.evolve(taken, shown=0), "shown"),
        (attrs.evolve(taken, talon_taken=-1), "taken one talon"),
    ]
    for state, why in cases:
        with pytest.raises(PositionError, match=why):
            t1.validate(state)


FIELDS = [f.name for f in attrs.fields(t1.TausendeinsState) if f.name != "rules"]
JUNK = st.one_of(
    st.integers(-3, 40),
    st.sampled_from([(), (0, 0), (1, 2), (-1, 5), None, "x", 2**40, (0,)]),
    st.tuples(st.integers(0, 2**24), st.integers(0, 2**24)),
)


@settings(max_examples=examples(80))
@given(st.sampled_from(PRESET_LIST), st.integers(0, 50), st.data())
def test_damaged_states_are_refused_or_playable(
    rules: t1.TausendeinsRules, seed: int, data: st.DataObject
) -> None:
    """Rules §12.9: a damaged state is refused with a PositionError, or plays on safely."""
    states = _states(rules, seed)
    state = data.draw(st.sampled_from(states))
    name = data.draw(st.sampled_from(FIELDS))
    junk: Any = data.draw(JUNK)
    damaged = attrs.evolve(state, **{name: junk})
    try:
        t1.validate(damaged)
    except PositionError:
        return
    rng = random.Random(seed)
    while not damaged.is_over:
        damaged = t1.apply_move(damaged, rng.choice(t1.legal_moves(damaged)))
    t1.score_deal(damaged)


VIEW_FIELDS = [f.name for f in attrs.fields(t1.TausendeinsView) if f.name != "rules"]


@settings(max_examples=examples(80))
@given(st.sampled_from(PRESET_LIST), st.integers(0, 50), st.data())
def test_damaged_views_are_refused_or_determinized(
    rules: t1.TausendeinsRules, seed: int, data: st.DataObject
) -> None:
    """Rules §12.10: determinize refuses a damaged view with a SixtySixError, or samples."""
    state = data.draw(st.sampled_from(_states(rules, seed)))
    view = t1.observe(state, data.draw(st.integers(0, 1)))
    junk: Any = data.draw(JUNK)
    damaged = attrs.evolve(view, **{data.draw(st.sampled_from(VIEW_FIELDS)): junk})
    try:
        sample = t1.determinize(damaged, random.Random(seed))
    except SixtySixError:
        return
    assert type(sample) is t1.TausendeinsState


def test_views_that_contradict_themselves() -> None:
    """Rules §12.10: a card in two places, or facts no deal agrees with."""
    view = t1.observe(t1.new_hand(t1.TAUSENDEINS, 3, 0), 0)
    with pytest.raises(PositionError, match="two places"):
        t1.determinize(attrs.evolve(view, known=view.hand), random.Random(0))
    with pytest.raises(DealError, match="no deal agrees"):
        t1.determinize(attrs.evolve(view, excluded=Deck.D24.mask & ~view.hand), random.Random(0))
    with pytest.raises(PositionError, match="seat"):
        t1.determinize(attrs.evolve(view, seat=2), random.Random(0))
    with pytest.raises(DealError, match=r"random\.Random"):
        t1.determinize(view, 0)  # type: ignore[arg-type]
    with pytest.raises(DealError, match="TausendeinsView"):
        t1.determinize("view", random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(DealError, match="seat must be 0 or 1"):
        t1.observe(t1.new_hand(t1.TAUSENDEINS, 3, 0), 2)
    with pytest.raises(DealError, match="TausendeinsState"):
        t1.observe(view, 0)  # type: ignore[arg-type]


def _swap_card(state: t1.TausendeinsState, data: st.DataObject) -> t1.TausendeinsState:
    """Move one card of a hand to the other hand, the tricks or the discards."""
    seat = data.draw(st.integers(0, 1))
    if not state.hands[seat]:
        return state
    card = data.draw(st.sampled_from(list(state.hand(seat)))).mask
    hands = list(state.hands)
    hands[seat] &= ~card
    where = data.draw(st.sampled_from(["hand", "won", "discards"]))
    if where == "hand":
        hands[1 - seat] |= card
        return attrs.evolve(state, hands=(hands[0], hands[1]))
    if where == "won":
        won = list(state.won)
        won[seat] |= card
        return attrs.evolve(state, hands=(hands[0], hands[1]), won=(won[0], won[1]))
    return attrs.evolve(state, hands=(hands[0], hands[1]), discards=state.discards | card)


def _bend_marriage(state: t1.TausendeinsState, data: st.DataObject) -> t1.TausendeinsState:
    """Change one field of a marriage, or add one."""
    marriages = list(state.marriages)
    new = t1.MarriageDeclared(
        data.draw(st.integers(0, 1)),
        data.draw(st.integers(-1, 4)),
        data.draw(st.sampled_from([40, 60, 80, 100, 7])),
        data.draw(st.integers(0, 12)),
    )
    replace: bool = data.draw(st.booleans())
    if marriages and replace:
        marriages[data.draw(st.integers(0, len(marriages) - 1))] = new
    else:
        marriages.append(new)
    return attrs.evolve(state, marriages=tuple(marriages))


def _bend_step(state: t1.TausendeinsState, data: st.DataObject) -> t1.TausendeinsState:
    """Another phase, lead, pending marriage, trump, auction value or talon."""
    name = data.draw(
        st.sampled_from(
            ["phase", "lead", "pending", "trump", "bid", "contract", "declarer", "talon_taken",
             "calls", "discards", "shown", "talons", "stock", "played"]
        )
    )  # fmt: skip
    values: dict[str, Any] = {
        "phase": st.sampled_from(list(t1.Phase)),
        "lead": st.integers(-1, 23).map(lambda i: -1 if i < 0 else Deck.D24.cards[i].index),
        "pending": st.integers(-1, 3),
        "trump": st.integers(-1, 3),
        "bid": st.sampled_from([100, 110, 115, 400]),
        "contract": st.sampled_from([0, 100, 110, 135, 900]),
        "declarer": st.integers(-1, 1),
        "talon_taken": st.integers(-1, 1),
        "calls": st.sampled_from([(), (0,), (110,), (110, 0), (110, 120, 0), (120, 110, 0)]),
        "discards": st.sampled_from([0, state.shown, state.discards]),
        "shown": st.sampled_from([0, state.discards, state.talons[0]]),
        "talons": st.sampled_from([(0, 0), state.talons[::-1], (state.talons[0], 0)]),
        "stock": st.sampled_from([state.stock[::-1], state.stock[2:], ()]),
        "played": st.sampled_from([state.played[::-1], state.played[:-2], ()]),
    }
    return attrs.evolve(state, **{name: data.draw(values[name])})


@settings(max_examples=examples(150))
@given(st.sampled_from([*PRESET_LIST, t1.make_rules(marriage_values="BY_ORDER")]),
       st.integers(0, 30), st.data())  # fmt: skip
def test_plausible_damage_is_refused_or_playable(
    rules: t1.TausendeinsRules, seed: int, data: st.DataObject
) -> None:
    """Rules §12.3 to §12.9: a card moved, a marriage bent, a step changed: refused or sound."""
    state = data.draw(st.sampled_from(_states(rules, seed)))
    bend = data.draw(st.sampled_from([_swap_card, _bend_marriage, _bend_step]))
    damaged = bend(state, data)
    try:
        t1.validate(damaged)
    except PositionError:
        return
    rng = random.Random(seed)
    while not damaged.is_over:
        damaged = t1.apply_move(damaged, rng.choice(t1.legal_moves(damaged)))
    t1.score_deal(damaged)


def test_a_marriage_needs_both_cards_in_the_declarers_hand() -> None:
    """Rules §12.5.1: the K and the Q of a declared marriage were the declarer's."""
    from tests.tausendeins.helpers import deal, play

    state = play(
        deal(t1.TAUSENDEINS, "AC TC KC QC JC 9C AD TD", "AH TH KH QH JH 9H AS TS"), "marry C"
    )
    assert t1.validate(state) is state
    qc, ah = Card.parse("QC").mask, Card.parse("AH").mask
    swapped = attrs.evolve(state, hands=(state.hands[0] & ~ah | qc, state.hands[1] & ~qc | ah))
    with pytest.raises(PositionError, match="did not hold both the K and the Q of C"):
        t1.validate(swapped)
    later = play(state, "KC, AH, QC")  # the forehand won and leads the partner: fine
    assert t1.validate(later) is later
