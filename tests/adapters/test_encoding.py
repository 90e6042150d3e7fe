"""The observation and action encodings shared by the adapters (no framework needed)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.profiles import examples

import sixtysix as ss
from sixtysix import Deck
from sixtysix import testing as sst
from sixtysix._adapters import resolve_rules
from sixtysix.encoding import (
    action_mask,
    decode_mask,
    encode_view,
    layout,
    observation_size,
    view_text,
)
from sixtysix.errors import AdapterError, SixtySixError
from sixtysix.moves import ALL_MOVES, NUM_ACTIONS, move_from_id, move_id


def blocks(view: ss.PlayerView) -> dict[str, list[float]]:
    vector = encode_view(view)
    return {name: vector[start : start + size] for name, start, size in layout(view.rules)}


def test_layout_is_contiguous_and_sized_per_deck() -> None:
    for deck in Deck:
        spans = layout(deck)
        assert spans[0][1] == 0
        for (_, start, size), (_, following, _) in itertools.pairwise(spans):
            assert following == start + size
        assert spans[-1][1] + spans[-1][2] == observation_size(deck) == 7 * deck.size + 44
    assert layout(ss.SCHNAPSEN) == layout(Deck.D20)


@settings(max_examples=examples(150))
@given(state=sst.reachable_states(sst.presets(mariage=False)), seat=st.integers(0, 1))
def test_encoding_of_any_reachable_view(state: ss.HandState, seat: int) -> None:
    view = ss.observe(state, seat)
    vector = encode_view(view)
    assert len(vector) == observation_size(state.rules)
    assert all(0.0 <= x < 4.0 for x in vector)
    parts = blocks(view)
    deck = state.rules.deck.cards
    assert [c for c, x in zip(deck, parts["hand"], strict=True) if x] == list(view.hand)
    assert [c for c, x in zip(deck, parts["won_me"], strict=True) if x] == list(
        ss.Card.from_index(i) for i in range(32) if view.won[seat] >> i & 1
    )
    assert parts["seat"] == [float(seat == 0), float(seat == 1)]
    assert parts["trump"].index(1.0) == state.trump
    assert sum(parts["step"]) == 1.0
    assert parts["flags"][0] == float(ss.to_move(state) == seat)
    mask = action_mask(view)
    legal = ss.legal_moves(state) if ss.to_move(state) == seat else ()
    assert sum(mask) == len(legal)
    assert sorted(decode_mask(mask), key=move_id) == sorted(legal, key=move_id)
    for move in legal:
        assert move_from_id(move_id(move)) == move and mask[move_id(move)] == 1


@settings(max_examples=examples(100))
@given(
    state=sst.reachable_states(sst.presets(mariage=False), unfinished=True),
    seat=st.integers(0, 1),
    seed=st.integers(0, 2**32),
)
def test_encoding_never_sees_a_hidden_card(state: ss.HandState, seat: int, seed: int) -> None:
    view = ss.observe(state, seat)
    sample = ss.determinize(view, random.Random(seed))
    other = ss.observe(sample, seat)
    assert encode_view(other) == encode_view(view)
    assert action_mask(other) == action_mask(view)
    assert view_text(other) == view_text(view)


def test_close_snapshot_block() -> None:
    state = ss.new_hand(ss.CLASSIC_66, seed=3, dealer=0)
    state = ss.apply_move(state, ss.Close())
    parts = blocks(ss.observe(state, 1))
    assert parts["close_snapshot"] == [0.0, 0.0, 0.0, 0.0]  # nothing played yet
    assert parts["flags"][3:5] == [1.0, 0.0]  # closed by me (seat 1 leads)
    assert parts["flags"][7] == 1.0  # ... during this turn
    assert blocks(ss.observe(state, 0))["flags"][3:5] == [0.0, 1.0]
    rng = random.Random(1)
    for seed in range(200):
        state = ss.new_hand(ss.CLASSIC_66, seed=seed)
        for _ in range(60):
            if ss.is_over(state) or state.close_snapshot is not None:
                break
            moves = ss.legal_moves(state)
            close = ss.Close() in moves and state.tricks_played > 0
            state = ss.apply_move(state, ss.Close() if close else rng.choice(moves))
        snap = state.close_snapshot
        if snap is not None and snap.tricks_played:
            closer = state.closed_by
            part = blocks(ss.observe(state, closer))["close_snapshot"]
            assert part[0] == snap.tricks_played / 12
            assert part[2] == snap.opponent_card_points / 66
            return
    raise AssertionError("no hand closed after a trick")


def test_mask_table_size() -> None:
    assert NUM_ACTIONS == len(ALL_MOVES) == 40
    assert decode_mask([0] * 40) == ()
    assert decode_mask((1,) * 40) == ALL_MOVES


def test_errors() -> None:
    with pytest.raises(SixtySixError, match="encode_view needs a PlayerView"):
        encode_view("view")  # type: ignore[arg-type]
    with pytest.raises(SixtySixError, match="action_mask needs a PlayerView"):
        action_mask(ss.new_hand(ss.SCHNAPSEN, seed=1))  # type: ignore[arg-type]
    with pytest.raises(SixtySixError, match="view_text needs a PlayerView"):
        view_text(None)  # type: ignore[arg-type]
    with pytest.raises(SixtySixError, match="has 40 entries, not 3"):
        decode_mask([1, 0, 1])
    with pytest.raises(SixtySixError, match="expected a Deck or a Rules value"):
        observation_size("D20")  # type: ignore[arg-type]


def test_numpy_variants() -> None:
    np = pytest.importorskip("numpy", reason="the array variants need NumPy")
    from sixtysix.encoding import action_mask_array, encode_view_array

    view = ss.observe(ss.new_hand(ss.PAGAT_66, seed=5, dealer=1), 0)
    assert encode_view_array(view).tolist() == pytest.approx(encode_view(view))
    assert encode_view_array(view).dtype == np.float32
    assert action_mask_array(view).tolist() == action_mask(view)


def test_resolve_rules() -> None:
    assert resolve_rules("Schnapsen-Tournament") == ss.SCHNAPSEN_TOURNAMENT
    assert resolve_rules(ss.SANTASE, "explicit").claim_mode is ss.ClaimMode.EXPLICIT
    assert resolve_rules("santase", "PRESET") == ss.SANTASE
    with pytest.raises(AdapterError, match="variant must be a preset name, not 66"):
        resolve_rules(66)  # type: ignore[arg-type]
    with pytest.raises(AdapterError, match="claims must be one of preset, auto, explicit"):
        resolve_rules("schnapsen", None)  # type: ignore[arg-type]


def test_import_sixtysix_imports_no_framework() -> None:
    import subprocess
    import sys

    code = (
        "import sys, sixtysix, sixtysix.encoding; "
        "print(sorted(m for m in ('numpy', 'pyspiel', 'pettingzoo', 'gymnasium') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
