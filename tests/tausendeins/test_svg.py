"""Tausendeins pictures: what a seat knows and nothing more (rules §12.10)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from tests.tausendeins.helpers import PRESET_IDS, PRESET_LIST

from sixtysix import Card, SixtySixError
from sixtysix import tausendeins as t1
from sixtysix.tausendeins.svg import position_svg

G = "{http://www.w3.org/2000/svg}g"


def _cards(svg: str, kind: str) -> list[str | None]:
    root = ET.fromstring(svg)
    return [g.get("data-card") for g in root.iter(G) if g.get("class") == f"card {kind}"]


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_pictures_of_states_and_views(rules: t1.TausendeinsRules) -> None:
    """Rules §12.10: a view's picture shows its own hand and the led card, no hidden card."""
    rng = random.Random(3)
    state = t1.new_hand(rules, 3, 0)
    while not state.is_over:
        svg = position_svg(state)
        faces = _cards(svg, "face")
        shown = [str(c) for c in (*state.hand(0), *state.hand(1))]
        if state.lead >= 0:
            shown.append(str(Card.from_index(state.lead)))
        assert sorted(f for f in faces if f) == sorted(shown)
        assert len(faces) == len(state.hand(0)) + len(state.hand(1)) + (state.lead >= 0)
        for seat in (0, 1):
            view_svg = position_svg(t1.observe(state, seat))
            view_faces = set(_cards(view_svg, "face"))
            hidden = {str(c) for c in state.hand(1 - seat)}
            assert not view_faces & hidden
            assert {str(c) for c in state.hand(seat)} <= view_faces
        state = t1.apply_move(state, rng.choice(t1.legal_moves(state)))
    assert "deal over" in position_svg(state)


def test_a_picture_needs_a_position() -> None:
    """Rules §12.10: only states and views are drawn."""
    with pytest.raises(SixtySixError, match="state or view"):
        position_svg("KH")  # type: ignore[arg-type]
