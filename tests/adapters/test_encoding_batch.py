"""The batch encodings (encode_views_into, action_masks_into) equal the one-view ones."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import SEARCH_PRESETS
from tests.profiles import examples, repeats

np = pytest.importorskip("numpy")

import attrs  # noqa: E402

import sixtysix as ss  # noqa: E402
from sixtysix import testing as sst  # noqa: E402
from sixtysix.encoding import (  # noqa: E402
    action_mask_array,
    action_masks_into,
    encode_view_array,
    encode_views_into,
    observation_size,
)
from sixtysix.errors import SixtySixError  # noqa: E402
from sixtysix.rules import PRESETS, ClaimMode  # noqa: E402


def check_batch(views: list[ss.PlayerView]) -> None:
    out = np.full((len(views), observation_size(views[0].rules)), -1.0, np.float32)
    masks = np.full((len(views), 40), -1, np.int8)
    encode_views_into(views, out)
    action_masks_into(views, masks)
    for row, view in enumerate(views):
        assert np.array_equal(out[row], encode_view_array(view)), view
        assert np.array_equal(masks[row], action_mask_array(view)), view


def playout_views(rules: ss.Rules, seed: int) -> list[ss.PlayerView]:
    """Both seats' views at every step of a random hand (closing, claiming, strict play)."""
    rng = random.Random(seed)
    state = ss.new_hand(rules, seed=seed, dealer=seed % 2)
    views = []
    while True:
        views += [ss.observe(state, 0), ss.observe(state, 1)]
        if ss.is_over(state):
            return views
        moves = ss.legal_moves(state)
        closing = [m for m in moves if isinstance(m, ss.Close)]
        state = ss.apply_move(
            state, closing[0] if closing and rng.random() < 0.3 else rng.choice(moves)
        )


@pytest.mark.parametrize("name", sorted(SEARCH_PRESETS))  # not Mariage (rules §13)
def test_every_step_of_random_hands_of_every_preset(name: str) -> None:
    for claims in (ClaimMode.AUTO, ClaimMode.EXPLICIT):
        rules = attrs.evolve(PRESETS[name], claim_mode=claims)
        for seed in range(repeats(20)):
            check_batch(playout_views(rules, seed))


@settings(max_examples=examples(100))
@given(
    states=st.lists(sst.reachable_states(sst.presets(mariage=False)), min_size=1, max_size=6),
    data=st.data(),
)
def test_batches_of_reachable_views(states: list[ss.HandState], data: st.DataObject) -> None:
    deck = states[0].rules.deck
    views = [ss.observe(s, data.draw(st.integers(0, 1))) for s in states if s.rules.deck is deck]
    check_batch(views)


def test_one_batch_mixes_rule_sets_of_one_deck_and_seats() -> None:
    views = playout_views(ss.CLASSIC_66, 1) + playout_views(PRESETS["HOYLE_66"], 2)
    random.Random(0).shuffle(views)
    check_batch(views)


def test_bad_batches() -> None:
    view = ss.observe(ss.new_hand(ss.SCHNAPSEN, seed=1), 0)
    other = ss.observe(ss.new_hand(ss.CLASSIC_66, seed=1), 0)
    size = observation_size(ss.SCHNAPSEN)
    with pytest.raises(SixtySixError, match="share a deck"):
        encode_views_into([view, other], np.zeros((2, size), np.float32))
    with pytest.raises(SixtySixError, match="needs PlayerViews"):
        encode_views_into([view, "view"], np.zeros((2, size), np.float32))  # type: ignore[list-item]
    with pytest.raises(SixtySixError, match="needs PlayerViews"):
        encode_views_into(["view"], np.zeros((1, size), np.float32))  # type: ignore[list-item]
    with pytest.raises(SixtySixError, match=r"float32 array of shape \(1, 184\), not a float64"):
        encode_views_into([view], np.zeros((1, size)))
    with pytest.raises(SixtySixError, match=r"shape \(1, 184\), not a float32 array of shape"):
        encode_views_into([view], np.zeros((2, size), np.float32))
    with pytest.raises(SixtySixError, match=r"not \[\[0.0, "):
        encode_views_into([view], [[0.0] * size])  # type: ignore[arg-type]
    encode_views_into([], np.zeros((0, size), np.float32))
    with pytest.raises(SixtySixError, match="0 rows"):
        encode_views_into([], np.zeros((1, size), np.float32))
    with pytest.raises(SixtySixError, match=r"int8 array of shape \(1, 40\)"):
        action_masks_into([view], np.zeros((1, 40), np.float32))
    with pytest.raises(SixtySixError, match="needs PlayerViews"):
        action_masks_into([3], np.zeros((1, 40), np.int8))  # type: ignore[list-item]
    action_masks_into([], np.zeros((0, 40), np.int8))
