"""The CPython assumptions behind state.fast_constructor, pinned.

The engine builds each new HandState (and observe each PlayerView) through a mutable twin
class with the same slots that is re-labelled by ``__class__`` assignment. These tests fail
if an interpreter change breaks any assumption that makes the result indistinguishable
from the class's own constructor.
"""

from __future__ import annotations

import importlib
import pickle
import sys

import attrs
import pytest

from sixtysix import CLASSIC_66, HandState, PlayerView, apply_move, new_hand, observe
from sixtysix.state import build_state, fast_constructor


def _args(obj: HandState | PlayerView) -> list[object]:
    return [getattr(obj, f.name) for f in attrs.fields(type(obj))]


def test_the_fast_constructors_are_in_use() -> None:
    assert build_state is not HandState
    assert importlib.import_module("sixtysix.observe")._build_view is not PlayerView


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fast_states_are_indistinguishable(seed: int) -> None:
    state = apply_move(new_hand(CLASSIC_66, seed=seed), "close")
    plain = HandState(*_args(state))  # type: ignore[arg-type]
    fast = build_state(*_args(state))  # type: ignore[arg-type]
    for value in (state, fast):
        assert type(value) is HandState
        assert value == plain and hash(value) == hash(plain)
        assert pickle.loads(pickle.dumps(value)) == plain
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            value.leader = 1  # type: ignore[misc]
        assert not hasattr(value, "__dict__")


def test_fast_views_are_indistinguishable() -> None:
    view = observe(new_hand(CLASSIC_66, seed=4), 1)
    plain = PlayerView(*_args(view))  # type: ignore[arg-type]
    assert type(view) is PlayerView
    assert view == plain and hash(view) == hash(plain)
    assert pickle.loads(pickle.dumps(view)) == plain
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.seat = 0  # type: ignore[misc]


def test_slots_match_fields() -> None:
    """The twin copies ``__slots__``; attrs must keep them equal to the fields."""
    for cls in (HandState, PlayerView):
        names = {f.name for f in attrs.fields(cls)}
        assert set(cls.__slots__) - names <= {"_attrs_cached_hash"}
        assert "__weakref__" not in cls.__slots__  # a weakref slot breaks the relabelling


def test_a_class_that_cannot_be_relabelled_falls_back() -> None:
    @attrs.frozen
    class WithWeakref:
        x: int

    built = fast_constructor(WithWeakref)
    if sys.version_info < (3, 12):
        # CPython 3.11 refuses to re-label this layout, so the plain class is used.
        assert built is WithWeakref
    else:  # newer CPythons re-label it too; the result is then the same value
        assert type(built(1)) is WithWeakref and built(1) == WithWeakref(1)


def test_the_four_hand_state_uses_the_same_fast_constructor() -> None:
    from sixtysix import partnership as p4
    from sixtysix.partnership.state import build_state as build_p4

    assert build_p4 is not p4.PartnershipState
    state = p4.new_hand(p4.FOUR_HAND_24, seed=5)
    args = [getattr(state, f.name) for f in attrs.fields(p4.PartnershipState)]
    fast = build_p4(*args)
    assert type(fast) is p4.PartnershipState and isinstance(fast, p4.PublicFacts)
    assert fast == p4.PartnershipState(*args) and hash(fast) == hash(state)
    assert pickle.loads(pickle.dumps(fast)) == state
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        fast.leader = 1  # type: ignore[misc]
