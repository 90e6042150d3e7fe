"""validate against reachability: a damaged position is rejected or reachable, and nothing
that validate accepts makes a public function fail.

The states come from random legal play from random deals (every preset, and house rules);
each is damaged field by field, both in the raw :class:`~sixtysix.HandState` fields and in
its position string (where the derived fields are recomputed, so the damage is the kind a
person writing a position makes). A damaged position that :func:`sixtysix.validate`
accepts must be reachable: :func:`tests.reachability.find_history` must find a deal and
legal moves that lead to exactly it (see that module for why its search is complete).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.profiles import examples
from tests.reachability import find_history, replay_history

import sixtysix as ss
import sixtysix.testing as kit
from sixtysix import CloseSnapshot, HandState, SixtySixError, Step, validate
from sixtysix.encoding import action_mask, encode_view
from sixtysix.legality import rule_facts
from sixtysix.notation import dump_position, load_position, render
from sixtysix.search import solve
from sixtysix.svg import position_svg

Damage = Callable[[HandState, st.DataObject], HandState | None]


PLACES = ("hand0", "hand1", "talon", "won0", "won1")


def _cards_at(s: HandState, place: str) -> list[int]:
    if place == "talon":
        return list(s.talon)
    mask = s.hands[int(place[-1])] if place.startswith("hand") else s.won[int(place[-1])]
    return [i for i in range(32) if mask >> i & 1]


def _put(s: HandState, place: str, card: int, add: bool, at: int = 0) -> HandState:
    if place == "talon":
        talon = list(s.talon)
        if add:
            talon.insert(min(at, len(talon)), card)
        else:
            talon.remove(card)
        return attrs.evolve(s, talon=tuple(talon))
    seat = int(place[-1])
    name = "hands" if place.startswith("hand") else "won"
    pair = list(getattr(s, name))
    pair[seat] ^= 1 << card
    changes: dict[str, Any] = {name: (pair[0], pair[1])}
    return attrs.evolve(s, **changes)


def move_card(s: HandState, data: st.DataObject) -> HandState | None:
    """Move one card from a hand, the talon or a won pile to another of them."""
    src = data.draw(st.sampled_from([p for p in PLACES if _cards_at(s, p)]))
    card = data.draw(st.sampled_from(_cards_at(s, src)))
    dst = data.draw(st.sampled_from([p for p in PLACES if p != src]))
    at = data.draw(st.integers(0, 12))
    return _put(_put(s, src, card, False), dst, card, True, at)


def swap_cards(s: HandState, data: st.DataObject) -> HandState | None:
    """Swap a card of one place (hand, talon, played card) with a card of another."""
    cards = [i for i in range(32) if s.rules.deck.mask >> i & 1]
    a, b = data.draw(st.lists(st.sampled_from(cards), min_size=2, max_size=2, unique=True))

    def swap(i: int) -> int:
        return b if i == a else a if i == b else i

    def swap_mask(m: int) -> int:
        return sum(1 << swap(i) for i in range(32) if m >> i & 1)

    return attrs.evolve(
        s,
        hands=(swap_mask(s.hands[0]), swap_mask(s.hands[1])),
        talon=tuple(swap(i) for i in s.talon),
        played=tuple(swap(i) for i in s.played),
        lead=swap(s.lead) if s.lead >= 0 else -1,
        won=(swap_mask(s.won[0]), swap_mask(s.won[1])),
    )


def coherent_swap(s: HandState, data: st.DataObject) -> HandState | None:
    """Swap two cards in the position string (the tricks and points are recomputed)."""
    parts = dump_position(s).split(" ")
    body = " ".join(parts[3:8])  # the hands, the talon, who moves and the played cards
    codes = [str(card) for card in s.rules.deck.cards]
    a, b = data.draw(st.lists(st.sampled_from(codes), min_size=2, max_size=2, unique=True))
    swapped = body.replace(a, "##").replace(b, a).replace("##", b)
    return _load(" ".join([*parts[:3], *swapped.split(" "), *parts[8:]]))


def coherent_field(s: HandState, data: st.DataObject) -> HandState | None:
    """Rewrite one field of the position string: rules, dealer, turn-up, who moves, ..."""
    parts = dump_position(s).split(" ")
    k = data.draw(st.sampled_from([0, 1, 2, 6, 7, 8, 9, 10, 11]))
    if k == 0:  # the same position under other rules with the same deck
        others = [n for n, r in ss.PRESETS.items() if r.deck is s.rules.deck and r != s.rules]
        parts[0] = data.draw(st.sampled_from(others)) if others else parts[0]
    elif k == 1:
        parts[1] = str(1 - s.dealer)
    elif k == 2:  # another turn-up (and so trumps)
        parts[2] = str(data.draw(st.sampled_from(s.rules.deck.cards)))
    elif k == 6:
        parts[6] = data.draw(st.sampled_from(["L0", "L1", "F0", "F1", "D0", "D1", "-"]))
    elif k == 7:  # move cards between the tricks and the hands and talon
        played = parts[7].replace(",", "")
        if played == "-" or data.draw(st.booleans()):
            # take a card from a hand or the talon and play it as the next card
            src = data.draw(st.sampled_from([3, 4, 5]))
            if parts[src] == "-":
                return None
            i = data.draw(st.integers(0, len(parts[src]) // 2 - 1)) * 2
            card = parts[src][i : i + 2]
            parts[src] = parts[src][:i] + parts[src][i + 2 :] or "-"
            played = ("" if played == "-" else played) + card
        else:  # take back the last card played into a hand
            card, played = played[-2:], played[:-2]
            dst = data.draw(st.sampled_from([3, 4]))
            parts[dst] = ("" if parts[dst] == "-" else parts[dst]) + card
        tricks = [played[i : i + 4] for i in range(0, len(played), 4)]
        parts[7] = ",".join(tricks) or "-"
    elif k == 8:
        items = data.draw(
            st.lists(st.sampled_from([f"{p}{x}" for p in "01" for x in "CDHS"]), unique=True)
        )
        parts[8] = ",".join(f"{i}{'*' * data.draw(st.booleans())}" for i in sorted(items)) or "-"
    elif k == 9:
        parts[9] = data.draw(st.sampled_from(["-", "c", "mC", "mD", "mH", "mS", "cmH", "cmS"]))
    elif k == 10:
        if data.draw(st.booleans()):
            parts[10] = "-"
        else:
            n = [data.draw(st.integers(0, 1))] + [data.draw(st.integers(0, 8)) for _ in range(2)]
            points = data.draw(st.sampled_from([0, 2, 11, 14, 20, 25, 31]))
            marriages = data.draw(st.sampled_from([0, 20, 40]))
            parts[10] = f"{n[0]}:{n[1]}:{n[2]}:{points}:{marriages}"
    else:
        parts[11] = data.draw(st.sampled_from(["-", "0", "1"]))
    return _load(" ".join(parts))


def _load(text: str) -> HandState | None:
    try:
        return load_position(text)
    except ss.ParseError:
        return None


def raw_field(s: HandState, data: st.DataObject) -> HandState | None:
    """Change one raw field: step, leader, lead, points, flags, close, exchange, ..."""
    name = data.draw(
        st.sampled_from(
            [
                "dealer",
                "step",
                "leader",
                "lead",
                "card_points",
                "marriages",
                "pending",
                "declared",
                "turn_marriage",
                "turn_steps",
                "closed_by",
                "close_snapshot",
                "exchanged_by",
                "dealt_turnup",
                "trump",
                "played",
            ]
        )
    )
    small = st.integers(-1, 1)
    value: object
    if name in ("dealer", "leader"):
        value = 1 - getattr(s, name)
    elif name == "step":
        value = data.draw(st.sampled_from(list(Step)))
    elif name in ("lead", "dealt_turnup"):
        value = data.draw(st.integers(-1 if name == "lead" else 0, 31))
    elif name in ("card_points", "marriages", "pending"):
        seat = data.draw(st.integers(0, 1))
        delta = data.draw(st.sampled_from([-20, -10, -3, 3, 10, 20, 40]))
        pair = list(getattr(s, name))
        pair[seat] = max(0, pair[seat] + delta)
        value = (pair[0], pair[1])
    elif name == "declared":
        value = s.declared ^ (1 << data.draw(st.integers(0, 7)))
    elif name == "turn_marriage":
        value = data.draw(st.integers(-1, 3))
    elif name == "turn_steps":
        value = s.turn_steps ^ 1
    elif name in ("closed_by", "exchanged_by"):
        value = data.draw(small)
    elif name == "close_snapshot":
        value = data.draw(
            st.none()
            | st.builds(
                CloseSnapshot,
                st.integers(0, 8),
                st.integers(0, 6),
                st.sampled_from([0, 11, 14, 25, 40]),
                st.sampled_from([0, 20, 40]),
            )
        )
    elif name == "trump":
        value = data.draw(st.integers(0, 3))
    else:
        played = list(s.played)
        if len(played) < 2:
            return None
        i, j = data.draw(st.lists(st.integers(0, len(played) - 1), min_size=2, max_size=2))
        played[i], played[j] = played[j], played[i]
        value = tuple(played)
    changes: dict[str, Any] = {name: value}
    return attrs.evolve(s, **changes)


DAMAGES: tuple[Damage, ...] = (move_card, swap_cards, coherent_swap, coherent_field, raw_field)


def _quietly(call: Callable[[], object]) -> None:
    """Call ``call``; a SixtySixError is a refusal in words, anything else a bug."""
    with contextlib.suppress(SixtySixError):
        call()


def exercise(s: HandState) -> None:
    """Every public function on a state that validate accepts: no error but SixtySixError."""
    assert validate(s) == []
    moves = ss.legal_moves(s)
    assert bool(moves) != s.is_over
    for move in moves:
        after = ss.apply_move(s, move)
        assert validate(after) == [], (dump_position(s), str(move))
    assert load_position(dump_position(s)) == s
    assert eval(repr(s), vars(ss)) == s
    render(s)
    render(s, 0)
    str(s)
    position_svg(s)
    if s.is_over:
        _quietly(lambda: ss.score_hand(s))
    rng = random.Random(0)
    for seat in (0, 1):
        view = ss.observe(s, seat)
        assert validate(view) == []
        if rule_facts(s.rules).encodable:
            encode_view(view)
            action_mask(view)
        else:  # rules §13: the fixed encoding has no room for Mariage
            with pytest.raises(ss.UnsupportedRulesError):
                encode_view(view)
            with pytest.raises(ss.UnsupportedRulesError):
                action_mask(view)
        position_svg(view)
        repr(view)
        sample = ss.determinize(view, rng)
        assert ss.observe(sample, seat) == view
        assert validate(sample) == []
    if (s.hands[0] | s.hands[1]).bit_count() + len(s.talon) <= 8:
        _quietly(lambda: solve(s, max_nodes=20_000, table_size=4096))


def check_damaged(s: HandState, data: st.DataObject) -> None:
    damage = data.draw(st.sampled_from(DAMAGES))
    try:
        hurt = damage(s, data)
    except (ValueError, TypeError):  # the damage itself made no HandState
        return
    if hurt is None or hurt == s or validate(hurt):
        return
    history = find_history(hurt)
    assert history is not None, f"validate accepts an unreachable position: {hurt!r}"
    assert replay_history(hurt.rules, hurt.dealer, *history) == hurt
    exercise(hurt)


_SETTINGS = settings(
    max_examples=examples(300),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@_SETTINGS
@given(state=kit.reachable_states(kit.presets()), data=st.data())
def test_damaged_positions_are_rejected_or_reachable(
    state: HandState, data: st.DataObject
) -> None:
    exercise(state)
    for _ in range(4):
        check_damaged(state, data)


@_SETTINGS
@given(state=kit.reachable_states(kit.rules()), data=st.data())
def test_damaged_positions_under_house_rules(state: HandState, data: st.DataObject) -> None:
    for _ in range(4):
        check_damaged(state, data)
