"""Fuzz targets for the C extensions (``sixtysix_native._core`` and ``._solver``).

Run by the nox session ``native-fuzz`` against a build with AddressSanitizer and
UndefinedBehaviorSanitizer (see docs/fuzzing.md, "Native core"); collected only when
``SIXTYSIX_NATIVE_FUZZ=1`` (tests/conftest.py). Two kinds of target:

* raw: the extensions' entry points fed arbitrary bytes, ints and tuples (corrupted rule
  tables, corrupted positions, out-of-range values, wrong lengths, wrong types); each
  call returns or raises an ordinary exception, and never crashes the interpreter (a
  sanitizer report aborts the process, which fails the session);
* differential: random valid input (``sixtysix.testing``'s strategies) on the native
  backend and on the pure-Python one, which must agree.

``NATIVE_FUZZ_EXAMPLES`` sets the examples per target (default 200).
"""

from __future__ import annotations

import importlib
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sixtysix as ss
from sixtysix import native
from sixtysix import testing as sst
from sixtysix.search import _native
from sixtysix.search._core import args_of
from sixtysix.search.solver import solve, solve_many

pytestmark = pytest.mark.skipif(not native.available(), reason="sixtysix-native not built")

EXAMPLES = int(os.environ.get("NATIVE_FUZZ_EXAMPLES", "200"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=False,
    database=None,
    suppress_health_check=list(HealthCheck),
)

_core: Any = importlib.import_module("sixtysix_native._core") if native.available() else None
_solver: Any = importlib.import_module("sixtysix_native._solver") if native.available() else None

#: What a raw entry point may raise on bad input: anything but a crash, and no
#: SystemError (CPython's "a C function misbehaved").
EXPECTED: tuple[type[BaseException], ...] = (TypeError, ValueError, OverflowError)
if _solver is not None:
    EXPECTED += (_solver.LimitError,)

PRESETS = [getattr(ss, name) for name in ("CLASSIC_66", "SCHNAPSEN", "SANTASE", "HOYLE_66")]
#: A search budget that keeps every corrupted search short.
BUDGET = 20_000


def _call(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except SystemError:  # a C function returned NULL without an exception, or so
        raise
    except EXPECTED:
        return None


def test_the_sanitized_build_is_loaded() -> None:
    # The nox session names its build; the fuzzing is only worth it against that one.
    build = os.environ.get("NATIVE_FUZZ_BUILD")
    if build is None:
        pytest.skip("not run by the nox session native-fuzz")
    for module in (_core, _solver):
        assert os.path.realpath(str(module.__file__)).startswith(os.path.realpath(build))


# --------------------------------------------------------------------------- values

small_ints = st.integers(-3, 40)
edge_ints = st.sampled_from(
    [-(2**63), -(2**31) - 1, -(2**31), -1, 0, 1, 2, 3, 8, 30, 31, 32, 33, 120, 121, 230,
     255, 256, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**63 - 1, 2**63, 2**64 - 1, 2**64, 10**30]
)  # fmt: skip
any_int = st.one_of(small_ints, edge_ints, st.integers())
junk = st.one_of(
    st.none(),
    st.booleans(),
    any_int,
    st.floats(allow_nan=True),
    st.binary(max_size=40),
    st.text(max_size=5),
    st.tuples(any_int, any_int),
    st.lists(any_int, max_size=4),
)


@st.composite
def corrupted_bytes(draw: st.DrawFn, good: bytes) -> bytes:
    """``good`` with some bytes changed, cut off, or extended."""
    data = bytearray(good)
    how = draw(st.sampled_from(["poke", "poke", "poke", "cut", "grow", "random"]))
    if how == "random":
        return draw(st.binary(max_size=len(good) + 8))
    if how == "cut":
        return bytes(data[: draw(st.integers(0, len(data)))])
    if how == "grow":
        return bytes(data + draw(st.binary(min_size=1, max_size=8)))
    for _ in range(draw(st.integers(1, 8))):
        i = draw(st.integers(0, len(data) - 1))
        data[i] = draw(st.one_of(st.integers(0, 255), st.sampled_from([0, 1, 31, 32, 255])))
    return bytes(data)


@st.composite
def corrupted_words(draw: st.DrawFn, good: bytes) -> bytes:
    """A table of 32-bit words with some words changed (or the size wrong)."""
    words = bytearray(good)
    n = len(words) // 4
    if draw(st.integers(0, 9)) == 0:
        return draw(corrupted_bytes(good))
    for _ in range(draw(st.integers(1, 6))):
        i = draw(st.one_of(st.integers(0, 60), st.integers(0, n - 1)))
        value = draw(st.one_of(st.integers(-3, 300), edge_ints)) & 0xFFFFFFFF
        words[4 * i : 4 * i + 4] = value.to_bytes(4, "little")
    return bytes(words)


@st.composite
def corrupted_tuple(draw: st.DrawFn, good: tuple[Any, ...]) -> Any:
    """``good`` with some fields replaced (by ints, edge values or junk), or reshaped."""
    items = list(good)
    how = draw(st.integers(0, 9))
    if how == 0:
        return draw(junk)
    if how == 1:
        return tuple(items[: draw(st.integers(0, len(items)))])
    if how == 2:
        return (*items, draw(junk))
    if how == 3:
        return items  # a list, not a tuple
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(items) - 1))
        old = items[i]
        if isinstance(old, tuple) and old and draw(st.booleans()):
            items[i] = draw(corrupted_tuple(old))
        elif isinstance(old, bytes) and draw(st.booleans()):
            items[i] = draw(st.binary(max_size=40))
        else:
            items[i] = draw(st.one_of(small_ints, edge_ints, junk))
    return tuple(items)


def _positions() -> st.SearchStrategy[ss.HandState]:
    return sst.reachable_states(st.sampled_from(PRESETS), unfinished=True)


# --------------------------------------------------------------------------- raw: _core


@FUZZ
@given(rules=st.sampled_from(PRESETS), data=st.data())
def test_core_compile_corrupted_tables(rules: ss.Rules, data: st.DataObject) -> None:
    table = data.draw(corrupted_bytes(native.rule_tables(rules)))
    capsule = _call(_core.compile, table)
    if capsule is None:
        return
    # Accepted tables may play nonsense, but within bounds, and every hand ends.
    seeds = data.draw(st.lists(st.integers(0, 2**64 - 1), max_size=4))
    state = data.draw(_positions())
    for start in (None, native._state_tuple(state)):
        for claims in (True, False):
            _call(_core.playouts, capsule, b"".join(s.to_bytes(8, "little") for s in seeds),
                  state.dealer, start, claims)  # fmt: skip
            _call(_core.trace, capsule, seeds[0] if seeds else 0, state.dealer, start, claims)


@FUZZ
@given(data=st.data(), state=_positions())
def test_core_playouts_corrupted_arguments(data: st.DataObject, state: ss.HandState) -> None:
    capsule = native._capsule(_core, state.rules)
    start = native._state_tuple(state)
    bad_start = data.draw(st.one_of(st.none(), corrupted_tuple(start)))
    seeds = data.draw(st.one_of(st.binary(max_size=33), st.just(bytes(16)), junk))
    dealer = data.draw(st.one_of(st.integers(-1, 2), junk))
    claims = data.draw(st.one_of(st.booleans(), junk))
    other = data.draw(st.one_of(st.just(capsule), junk, st.just(_solver_spec(state))))
    for cap in (capsule, other):
        _call(_core.playouts, cap, seeds, dealer, bad_start, claims)
        _call(_core.trace, cap, data.draw(any_int), dealer, bad_start, claims)
    args = data.draw(st.lists(junk, max_size=6))
    for fn in (_core.playouts, _core.trace, _core.compile, _core.rng):
        _call(fn, *args)
    _call(_core.rng, data.draw(any_int), data.draw(st.one_of(st.tuples(any_int, any_int), junk)))


def _solver_spec(state: ss.HandState) -> Any:
    return _native.native_spec(state.rules, state.trump)


# --------------------------------------------------------------------------- raw: _solver


def _small_position(state: ss.HandState) -> ss.HandState:
    """A position near the end of ``state``'s hand (so every search is short)."""
    s = state
    while not s.is_over and (s.hands[0] | s.hands[1]).bit_count() + len(s.talon) > 8:
        moves: list[ss.Move] = [
            m for m in ss.legal_moves(s) if not isinstance(m, ss.Claim | ss.Close)
        ]
        s = ss.apply_move(s, (moves or list(ss.legal_moves(s)))[0])
    return state if s.is_over else s


@FUZZ
@given(data=st.data(), state=_positions())
def test_solver_compile_corrupted_tables(data: st.DataObject, state: ss.HandState) -> None:
    table = data.draw(corrupted_words(_native.spec_table(state.rules, state.trump)))
    spec = _call(_solver.compile, table)
    if spec is None:
        return
    position = args_of(_small_position(state))
    _call(_solver.solve, spec, position, BUDGET, 1000, True)
    _call(_solver.solve_many, [(spec, position)] * 2, BUDGET, 64, False)
    _call(_solver.world_values, spec, position, _native.world_facts(state), 2, BUDGET, 1000)
    _call(_solver.rulebot, spec, position, _native.world_facts(state), 0, 0)


@FUZZ
@given(data=st.data(), state=_positions())
def test_solver_corrupted_positions(data: st.DataObject, state: ss.HandState) -> None:
    spec = _solver_spec(state)
    good = args_of(_small_position(state))
    position = data.draw(corrupted_tuple(good))
    max_nodes = data.draw(st.one_of(st.just(BUDGET), st.integers(-2, 50), edge_ints, junk))
    table_size = data.draw(st.one_of(st.just(1000), st.integers(-2, 50), edge_ints, junk))
    if type(max_nodes) is int and not 0 <= max_nodes <= BUDGET:
        max_nodes = BUDGET  # a huge budget on a corrupted position could search long
    if type(table_size) is int and table_size > 1 << 20:
        table_size = 1 << 20
    every = data.draw(st.one_of(st.booleans(), junk))
    other = data.draw(st.one_of(st.just(spec), junk, st.just(native._capsule(_core, state.rules))))
    _call(_solver.solve, other, position, max_nodes, table_size, every)
    items = data.draw(
        st.one_of(
            st.just([(spec, good), (other, position)]),
            st.lists(st.one_of(st.tuples(st.just(spec), junk), junk), max_size=3),
            junk,
        )
    )
    _call(_solver.solve_many, items, max_nodes, table_size, every)
    _call(_solver.compile, data.draw(junk))
    _call(_solver.solve, *data.draw(st.lists(junk, max_size=6)))


# --------------------------------------------------------------------------- differential


@FUZZ
@given(rules=sst.rules(mariage=False), seeds=st.lists(st.integers(0, 2**64 - 1), max_size=3),
       dealer=st.integers(0, 1), claims=st.booleans())  # fmt: skip
def test_playouts_native_is_python(
    rules: ss.Rules, seeds: list[int], dealer: int, claims: bool
) -> None:
    kwargs: dict[str, Any] = {"dealer": dealer, "claims": claims}
    assert native.playouts(rules, seeds, backend="native", **kwargs) == native.playouts(
        rules, seeds, backend="python", **kwargs
    )


@FUZZ
@given(
    state=sst.reachable_states(sst.rules(mariage=False)),
    seed=st.integers(0, 2**64 - 1),
    claims=st.booleans(),
)
def test_playouts_from_native_is_python(state: ss.HandState, seed: int, claims: bool) -> None:
    assert native._native_trace(state.rules, seed, state.dealer, state, claims) == (
        native._python_trace(state.rules, seed, state.dealer, state, claims)
    )
    native_out = native.playouts_from(state, [seed, seed ^ 1], claims=claims, backend="native")
    assert native_out == native.playouts_from(
        state, [seed, seed ^ 1], claims=claims, backend="python"
    )


@st.composite
def _endgames(draw: st.DrawFn) -> ss.HandState:
    state = draw(sst.reachable_states(sst.rules(mariage=False), unfinished=True))
    return _small_position(state)


@FUZZ
@given(state=_endgames())
def test_solve_native_is_python(state: ss.HandState) -> None:
    if state.is_over:
        return
    fast = solve(state)
    saved = _native._SOLVER
    _native._SOLVER = None
    try:
        pure = solve(state)
    finally:
        _native._SOLVER = saved
    assert (fast.value, fast.best) == (pure.value, pure.best)
    assert dict(fast.move_values) == dict(pure.move_values)
    assert fast.line == pure.line
    assert [s.value for s in solve_many([state, state])] == [pure.value] * 2


# --------------------------------------------------------------------------- worlds, RuleBot


def _world(state: ss.HandState) -> tuple[int, int, int, int]:
    return _native.world_facts(state)


@FUZZ
@given(data=st.data(), state=_positions())
def test_world_values_and_rulebot_corrupted(data: st.DataObject, state: ss.HandState) -> None:
    spec = _solver_spec(state)
    good = args_of(state)
    position = data.draw(st.one_of(st.just(good), corrupted_tuple(good)))
    world = data.draw(st.one_of(st.just(_world(state)), corrupted_tuple(_world(state))))
    exact_talon = data.draw(st.one_of(st.integers(-2, 6), edge_ints, junk))
    max_nodes = data.draw(st.one_of(st.just(BUDGET), st.integers(-2, 50), junk))
    table_size = data.draw(st.one_of(st.just(1000), st.integers(-2, 50), junk))
    other = data.draw(st.one_of(st.just(spec), junk))
    _call(_solver.world_values, other, position, world, exact_talon, max_nodes, table_size)
    known = data.draw(st.one_of(st.integers(0, 2**32 - 1), edge_ints, junk))
    excluded = data.draw(st.one_of(st.integers(0, 2**32 - 1), edge_ints, junk))
    _call(_solver.rulebot, other, position, world, known, excluded)
    _call(_solver.world_values, *data.draw(st.lists(junk, max_size=7)))
    _call(_solver.rulebot, *data.draw(st.lists(junk, max_size=6)))


@FUZZ
@given(data=st.data(), state=_positions())
def test_core_rulebot_corrupted_facts(data: st.DataObject, state: ss.HandState) -> None:
    capsule = native._capsule(_core, state.rules)
    good = native._bot_facts(state.rules, state)
    bot = data.draw(st.one_of(st.just(good), corrupted_tuple(good)))
    start = data.draw(st.one_of(st.none(), st.just(native._state_tuple(state))))
    _call(_core.playouts, capsule, bytes(16), state.dealer, start, True, bot)


@FUZZ
@given(rules=sst.rules(), seeds=st.lists(st.integers(0, 2**64 - 1), max_size=3))
def test_rulebot_playouts_native_is_python(rules: ss.Rules, seeds: list[int]) -> None:
    assert native.playouts(rules, seeds, policy="rulebot", backend="native") == (
        native.playouts(rules, seeds, policy="rulebot", backend="python")
    )


@FUZZ
@given(state=sst.reachable_states(unfinished=True), seed=st.integers(0, 2**32))
def test_world_values_native_is_python(state: ss.HandState, seed: int) -> None:
    import random

    from sixtysix.search.evaluate import world_values

    fast = _native.world_values(state, random.Random(seed), 0, BUDGET)
    saved = _native._SOLVER
    _native._SOLVER = None
    try:
        pure = world_values(state, random.Random(seed), 0, BUDGET)
    finally:
        _native._SOLVER = saved
    assert fast[0] == pure[0]
