"""The mutation-testing plugin finds and empties the engine's caches."""

from __future__ import annotations

import sixtysix as ss
from sixtysix import engine

from .caches import clear_caches


def test_clear_caches_empties_the_engine_caches() -> None:
    state = ss.new_hand(ss.CLASSIC_66, seed=1)
    ss.legal_moves(state)
    caches = [v for k, v in vars(engine).items() if isinstance(v, dict) and "CACHE" in k]
    assert caches and any(caches)
    assert clear_caches() >= 1
    assert not any(caches)
