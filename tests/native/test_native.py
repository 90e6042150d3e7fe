"""sixtysix.native: the door, the pure-Python playouts, and native vs Python.

The tests of the pure-Python backend and of the door run everywhere; those that need the
compiled ``sixtysix_native._core`` skip with a reason when it is not built
(``pip install -e ./native``). With the extension built, every native test compares the
two backends move by move or hand by hand.
"""

from __future__ import annotations

import contextlib
import importlib
import re
import sys
import threading
import time
import types
from array import array
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.profiles import examples, repeats

import sixtysix
from sixtysix import (
    CLASSIC_66,
    PRESETS,
    SCHNAPSEN,
    ClaimMode,
    DealError,
    Deck,
    HandEnd,
    HandResult,
    PositionError,
    Rules,
    SixtySixError,
    apply_move,
    legal_moves,
    native,
    score_hand,
)
from sixtysix import testing as sst
from sixtysix.legality import rule_facts
from sixtysix.native import NativeUnavailableError, SplitMix64
from sixtysix.rules import TrumpSource

ROOT = Path(__file__).resolve().parents[2]
NATIVE_SRC = ROOT / "native" / "src"

#: The sdist of sixtysix ships tests/ without native/ (a distribution of its own).
needs_native_sources = pytest.mark.skipif(
    not NATIVE_SRC.is_dir(), reason="native/ is not here (sixtysix's sdist leaves it out)"
)

needs_native = pytest.mark.skipif(
    not native.available(),
    reason=f"the native extension is not built ({native.unavailable_reason()}); "
    "pip install -e ./native",
)

#: Every preset, under both claim modes, and each of them on the 32-card deck.
RULE_SETS: dict[str, Rules] = {}
for _name, _rules in PRESETS.items():
    if not rule_facts(_rules).plain_trick_game:
        continue  # Mariage (rules §13): refused, see test_mariage.py
    for _mode in ClaimMode:
        if _mode is ClaimMode.NONE:
            continue
        _r = attrs.evolve(_rules, claim_mode=_mode)
        RULE_SETS[f"{_name}-{_mode.name}"] = _r
        if _r.deck is not Deck.D32:
            with contextlib.suppress(SixtySixError):  # a deal that does not fit 32 cards
                RULE_SETS[f"{_name}-{_mode.name}-D32"] = attrs.evolve(_r, deck=Deck.D32)


def _core() -> Any:
    from sixtysix_native import _core

    return _core


# --------------------------------------------------------------------------- packaging


@needs_native_sources
def test_native_version_is_sixtysix_version() -> None:
    text = (NATIVE_SRC / "sixtysix_native" / "_version.py").read_text()
    match = re.search(r'__version__ = "([^"]+)"', text)
    assert match is not None
    assert match.group(1) == sixtysix.__version__


@needs_native_sources
def test_facts_layout_version_is_the_c_one() -> None:
    text = (NATIVE_SRC / "core.h").read_text()
    match = re.search(r"#define SS_FACTS_VERSION (\d+)u", text)
    assert match is not None
    assert int(match.group(1)) == native.FACTS_VERSION


# --------------------------------------------------------------------------- the door


def test_backend_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(native.ENV_PUREPYTHON, "1")
    assert native.backend() == "python"
    monkeypatch.setenv(native.ENV_PUREPYTHON, "0")
    assert native.backend() == ("native" if native.available() else "python")
    monkeypatch.delenv(native.ENV_PUREPYTHON)
    assert native.backend() == ("native" if native.available() else "python")


def test_missing_extension_means_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "_CORE", None)
    monkeypatch.setattr(native, "_WHY", "not installed (test)")
    monkeypatch.delenv(native.ENV_PUREPYTHON, raising=False)
    assert not native.available()
    assert native.backend() == "python"
    assert native.unavailable_reason() == "not installed (test)"
    results = native.playouts(SCHNAPSEN, range(20))
    assert results == native.playouts(SCHNAPSEN, range(20), backend="python")
    with pytest.raises(NativeUnavailableError, match="not installed"):
        native.playouts(SCHNAPSEN, [1], backend="native")
    with pytest.raises(NativeUnavailableError, match="not installed"):
        native._native_trace(SCHNAPSEN, 1, 0, None)


def test_import_failure_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "sixtysix_native", None)
    core, why = native._import_core()
    assert core is None
    assert why is not None and "not installed or does not import" in why


def _fake_package(version: str, facts_version: int) -> types.ModuleType:
    package = types.ModuleType("sixtysix_native")
    package.__version__ = version  # type: ignore[attr-defined]
    package.__path__ = []
    core = types.ModuleType("sixtysix_native._core")
    core.FACTS_VERSION = facts_version  # type: ignore[attr-defined]
    package._core = core  # type: ignore[attr-defined]
    return package


def test_version_mismatch_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _fake_package("0.0.1", native.FACTS_VERSION)
    monkeypatch.setitem(sys.modules, "sixtysix_native", fake)
    monkeypatch.setitem(sys.modules, "sixtysix_native._core", fake._core)
    core, why = native._import_core()
    assert core is None
    assert why is not None and "0.0.1 does not match" in why


def test_table_layout_mismatch_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _fake_package(sixtysix.__version__, native.FACTS_VERSION + 1)
    monkeypatch.setitem(sys.modules, "sixtysix_native", fake)
    monkeypatch.setitem(sys.modules, "sixtysix_native._core", fake._core)
    core, why = native._import_core()
    assert core is None
    assert why is not None and "another table layout" in why


def test_matching_fake_is_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _fake_package(sixtysix.__version__, native.FACTS_VERSION)
    monkeypatch.setitem(sys.modules, "sixtysix_native", fake)
    monkeypatch.setitem(sys.modules, "sixtysix_native._core", fake._core)
    core, why = native._import_core()
    assert core is fake._core
    assert why is None


def test_python_backend_forced_by_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(native.ENV_PUREPYTHON, "1")

    def refuse(*args: object) -> object:
        raise AssertionError("the native core was called")

    if native.available():
        monkeypatch.setattr(native._CORE, "playouts", refuse)
    assert len(native.playouts(SCHNAPSEN, range(5))) == 5


def test_unknown_backend() -> None:
    with pytest.raises(NativeUnavailableError, match="backend must be"):
        native.playouts(SCHNAPSEN, [1], backend="gpu")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rules": "CLASSIC_66"}, "rules must be a Rules value"),
        ({"dealer": 2}, "the dealer must be seat 0 or 1"),
        ({"dealer": True}, "the dealer must be seat 0 or 1"),
        ({"policy": "greedy"}, "policy must be 'random'"),
        ({"claims": 1}, "claims must be True or False"),
        ({"seeds": "123"}, "seeds must be an iterable of whole numbers"),
        ({"seeds": 5}, "seeds must be an iterable of whole numbers"),
        ({"seeds": [1, -1]}, "each seed must be a whole number from 0 to 2\\*\\*64 - 1"),
        ({"seeds": [1 << 64]}, "each seed must be a whole number"),
        ({"seeds": [1.0]}, "each seed must be a whole number, not 1.0"),
        ({"seeds": ["7"]}, "each seed must be a whole number, not '7'"),
        ({"seeds": [True]}, "each seed must be a whole number"),
        ({"seeds": range(-1, 3)}, "seeds must be whole numbers from 0"),
        ({"seeds": range((1 << 64) - 1, (1 << 64) + 1)}, "seeds must be whole numbers"),
    ],
)
@pytest.mark.parametrize("backend", ["python", None])
def test_bad_arguments(kwargs: dict[str, Any], message: str, backend: str | None) -> None:
    call: dict[str, Any] = {"rules": SCHNAPSEN, "seeds": [1, 2], **kwargs, "backend": backend}
    with pytest.raises(DealError, match=message):
        native.playouts(call.pop("rules"), call.pop("seeds"), **call)


def test_seed_types() -> None:
    plain = native.playouts(SCHNAPSEN, [5, 6, 7], backend="python")
    assert native.playouts(SCHNAPSEN, array("Q", [5, 6, 7]), backend="python") == plain
    assert native.playouts(SCHNAPSEN, (s for s in (5, 6, 7)), backend="python") == plain
    numpy = pytest.importorskip("numpy")
    seeds = numpy.array([5, 6, 7], dtype=numpy.uint64)
    assert native.playouts(SCHNAPSEN, seeds, backend="python") == plain
    assert native.playouts(SCHNAPSEN, list(seeds)) == plain
    with pytest.raises(DealError, match="each seed must be a whole number, not"):
        native.playouts(SCHNAPSEN, numpy.array([1.5]))


def test_bad_start_states() -> None:
    with pytest.raises(PositionError, match="needs a HandState"):
        native.playouts_from(CLASSIC_66, [1])  # type: ignore[arg-type]
    state = native.deal(CLASSIC_66, 3)
    broken = attrs.evolve(state, hands=(state.hands[0], state.hands[0]))
    with pytest.raises(PositionError, match="not a reachable position"):
        native.playouts_from(broken, [1])
    with pytest.raises(DealError, match="policy"):
        native.playouts_from(state, [1], policy="x")  # type: ignore[arg-type]
    with pytest.raises(DealError, match="claims"):
        native.playouts_from(state, [1], claims=None)  # type: ignore[arg-type]
    with pytest.raises(DealError, match="each seed"):
        native.playouts_from(state, [-5])
    with pytest.raises(DealError, match="rules must be"):
        native.deal("x", 1)  # type: ignore[arg-type]
    with pytest.raises(DealError, match="dealer"):
        native.deal(CLASSIC_66, 1, dealer=-1)
    with pytest.raises(DealError, match="each seed"):
        native.deal(CLASSIC_66, -1)
    with pytest.raises(DealError, match="rules must be"):
        native.rule_tables(None)  # type: ignore[arg-type]


def test_errors_are_sixtysix_errors() -> None:
    assert issubclass(NativeUnavailableError, SixtySixError)


# --------------------------------------------------------------------------- the generator


def test_splitmix64_reference_stream() -> None:
    # splitmix64 from state 0: the published first outputs of Vigna's reference code.
    rng = SplitMix64(0)
    rng.state = 0
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_below_is_in_range_and_uses_rejection() -> None:
    rng = SplitMix64(42)
    for n in (1, 2, 3, 7, 24, 1000, (1 << 31) + 1, (1 << 32) - 1):
        for _ in range(50):
            assert 0 <= rng.below(n) < n
    # With n = 2**31 + 1 about half of all products are rejected: the stream moves on.
    a, b = SplitMix64(1), SplitMix64(1)
    draws = [a.below((1 << 31) + 1) for _ in range(100)]
    plain = [((b.next() >> 32) * ((1 << 31) + 1)) >> 32 for _ in range(100)]
    assert draws != plain


def test_below_is_uniform_over_small_ranges() -> None:
    rng = SplitMix64(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(900 < c < 1100 for c in counts)


# --------------------------------------------------------------------------- the Python backend


def _replay(rules: Rules, seed: int, claims: bool = True) -> tuple[HandResult, int]:
    """One seed played with the library's functions, written out the documented way."""
    rng = SplitMix64(seed)
    pack = [c.index for c in rules.deck.cards]
    for i in range(len(pack) - 1, 0, -1):
        j = rng.below(i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    state = sixtysix.deal_from_order(rules, [sixtysix.CARDS[i] for i in pack], 0)
    assert state == native.deal(rules, seed)
    count = 0
    while not state.is_over:
        moves = [m for m in legal_moves(state) if claims or str(m) != "claim"]
        state = apply_move(state, moves[rng.below(len(moves))])
        count += 1
    return score_hand(state), count


@pytest.mark.parametrize("claims", [True, False])
def test_python_playouts_follow_the_documented_draws(claims: bool) -> None:
    seeds = [0, 1, 2, 99, (1 << 64) - 1]
    results = native.playouts(SCHNAPSEN, seeds, backend="python", claims=claims)
    for i, seed in enumerate(seeds):
        result, count = _replay(SCHNAPSEN, seed, claims)
        assert results[i] == result
        assert results.moves[i] == count


def test_results_container() -> None:
    results = native.playouts(CLASSIC_66, range(30), backend="python", claims=False)
    assert len(results) == 30
    assert list(results)[-1] == results[-1] == results[29]
    with pytest.raises(IndexError):
        results[30]
    assert results.reasons() == tuple(r.reason for r in results)
    totals = [0, 0]
    for r in results:
        if r.winner is not None:
            totals[r.winner] += r.game_points
    assert results.game_points_won() == (totals[0], totals[1])
    assert all(isinstance(column, array) for column in attrs.astuple(results))
    tie = native.PlayoutResults(
        *(
            array(code, values)
            for code, values in zip("bBBBHH", ([-1], [0], [1], [7], [40, 50], [9]), strict=True)
        )
    )
    assert tie[0] == HandResult(None, 0, 1, (40, 50), HandEnd.NEITHER_REACHED_66)
    assert tie.game_points_won() == (0, 0)
    empty = native.playouts(CLASSIC_66, [], backend="python")
    assert len(empty) == 0 and empty.game_points_won() == (0, 0)


def test_playouts_from_a_state_python() -> None:
    state = native.deal(CLASSIC_66, 11)
    state = apply_move(state, legal_moves(state)[-1])
    results = native.playouts_from(state, [5, 6], backend="python")
    for i, seed in enumerate([5, 6]):
        rng = SplitMix64(seed)
        s = state
        while not s.is_over:
            moves = legal_moves(s)
            s = apply_move(s, moves[rng.below(len(moves))])
        assert results[i] == score_hand(s)


def test_finished_state_gives_its_own_result() -> None:
    state = native.deal(SCHNAPSEN, 4)
    while not state.is_over:
        state = apply_move(state, legal_moves(state)[0])
    for backend in ["python"] + (["native"] if native.available() else []):
        results = native.playouts_from(state, [1, 2], backend=backend)  # type: ignore[arg-type]
        assert list(results) == [score_hand(state)] * 2
        assert list(results.moves) == [0, 0]


def test_python_trace_agrees_with_playouts() -> None:
    for seed in range(10):
        steps, result = native._python_trace(SCHNAPSEN, seed, 1, None, claims=seed % 2 == 0)
        hand = native.playouts(SCHNAPSEN, [seed], dealer=1, backend="python", claims=seed % 2 == 0)
        assert len(steps) == hand.moves[0]
        winner = hand[0].winner
        assert result[0] == (-1 if winner is None else winner)
        assert result[4:] == hand[0].points


# --------------------------------------------------------------------------- rule tables


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_rule_tables_are_cached_and_sized(name: str) -> None:
    rules = RULE_SETS[name]
    tables = native.rule_tables(rules)
    assert native.rule_tables(rules) is tables
    assert tables[:4] == native.FACTS_VERSION.to_bytes(4, "little")
    assert len(tables) == len(native.rule_tables(CLASSIC_66))


def test_rule_tables_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "_CACHE_LIMIT", 2)
    monkeypatch.setattr(native, "_TABLES", {})
    monkeypatch.setattr(native, "_CAPSULES", {})
    for target in (5, 6, 7):
        native.rule_tables(attrs.evolve(CLASSIC_66, match_target=target))
    assert len(native._TABLES) <= 2


def test_exchange_table_is_the_rule() -> None:
    rules = SCHNAPSEN
    table = native._exchange_table(rules)
    assert len(table) == 33 * 128
    # On lead, before any other step, open talon of 10, having won a trick: allowed.
    assert table[10 * 128 + (1 | 8)] == 1
    # The same without a won trick: SCHNAPSEN requires one.
    assert table[10 * 128 + 1] == int(rules.exchange_requires_won_trick is False)
    assert table[0 * 128 + (1 | 8)] == 0


# --------------------------------------------------------------------------- native vs Python


def _trace_both(
    rules: Rules, seed: int, dealer: int = 0, state: Any = None, claims: bool = True
) -> None:
    ours = native._python_trace(rules, seed, dealer, state, claims)
    theirs = native._native_trace(rules, seed, dealer, state, claims)
    for k, (a, b) in enumerate(zip(ours[0], theirs[0], strict=True)):
        assert a == tuple(b), f"move {k} of seed {seed} under {rules!r}"
    assert ours[1] == tuple(theirs[1])


@needs_native
@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_native_matches_python_move_by_move(name: str) -> None:
    rules = RULE_SETS[name]
    for seed in range(repeats(40)):
        _trace_both(rules, seed, dealer=seed % 2, claims=seed % 3 != 0)


@needs_native
@pytest.mark.parametrize("name", sorted(RULE_SETS))
@pytest.mark.parametrize("claims", [True, False])
def test_native_matches_python_playouts(name: str, claims: bool) -> None:
    rules = RULE_SETS[name]
    seeds = range(repeats(400))
    py = native.playouts(rules, seeds, backend="python", claims=claims)
    nat = native.playouts(rules, seeds, backend="native", claims=claims)
    assert py == nat


@needs_native
@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RULE_SETS))
@pytest.mark.parametrize("claims", [True, False])
def test_native_matches_python_100k(name: str, claims: bool) -> None:
    rules = RULE_SETS[name]
    seeds = range(100_000)
    assert native.playouts(rules, seeds, backend="python", claims=claims) == native.playouts(
        rules, seeds, backend="native", claims=claims
    )


@needs_native
@settings(max_examples=examples(60))
@given(
    rules=sst.house_rules(mariage=False), seed=st.integers(0, (1 << 64) - 1), claims=st.booleans()
)
def test_native_matches_python_house_rules(rules: Rules, seed: int, claims: bool) -> None:
    _trace_both(rules, seed, dealer=seed & 1, claims=claims)


@needs_native
@settings(max_examples=examples(60))
@given(
    state=sst.reachable_states(sst.rules(mariage=False), claims=False),
    seed=st.integers(0, (1 << 64) - 1),
    claims=st.booleans(),
)
def test_native_matches_python_from_states(state: Any, seed: int, claims: bool) -> None:
    _trace_both(state.rules, seed, state=state, claims=claims)
    py = native.playouts_from(state, [seed, seed ^ 1], backend="python", claims=claims)
    nat = native.playouts_from(state, [seed, seed ^ 1], backend="native", claims=claims)
    assert py == nat


@needs_native
def test_native_generator_is_the_python_one() -> None:
    bounds = (0, 1, 2, 3, 6, 24, 1000, (1 << 31) + 1, (1 << 32) - 1, 0, 5) * 20
    for seed in (0, 1, 12345, (1 << 64) - 1):
        rng = SplitMix64(seed)
        expected = [rng.below(b) if b else rng.next() for b in bounds]
        assert _core().rng(seed, bounds) == expected


@needs_native
def test_native_results_are_hand_results() -> None:
    results = native.playouts(CLASSIC_66, range(200), backend="native")
    assert {r.reason for r in results} >= {HandEnd.FALSE_CLAIM, HandEnd.CLAIM}
    assert native.backend() in ("native", "python")


@needs_native
def test_native_releases_the_gil() -> None:
    # Two threads each run a batch; both finish with the same results as one run.
    out: dict[int, native.PlayoutResults] = {}

    def work(k: int) -> None:
        out[k] = native.playouts(CLASSIC_66, range(20_000), backend="native")

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out[0] == out[1]


@needs_native
def test_a_batch_call_lets_other_threads_run() -> None:
    # While one thread is inside a long C batch, another keeps waking from short sleeps:
    # it could not if the call held the GIL (each wake-up needs it back).
    core = _core()
    capsule = native._capsule(core, CLASSIC_66)
    seeds = array("Q", range(1_000_000)).tobytes()
    assert _wakeups_during(lambda: core.playouts(capsule, seeds, 0, None, True)) > 20


def _wakeups_during(call: Any) -> int:
    """How often this thread woke from 1 ms sleeps while another thread ran ``call``."""
    started, done = threading.Event(), threading.Event()

    def work() -> None:
        started.set()
        call()
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    wakeups = 0
    while not done.is_set():
        time.sleep(0.001)
        wakeups += 1
    worker.join()
    return wakeups


@needs_native
def test_mixed_batches_from_many_threads_match_serial() -> None:
    # Playouts of several rule sets, playouts from a position and exact solves, all at
    # once on 4 threads (the C code keeps no state between calls, so each batch gives
    # what it gives alone).
    from concurrent.futures import ThreadPoolExecutor

    from sixtysix.search import solve_many

    start = apply_move(native.deal(SCHNAPSEN, 9), "close")
    states = [apply_move(sixtysix.new_hand(SCHNAPSEN, seed=s), "close") for s in range(12)]
    jobs: list[Any] = []
    for k, rules in enumerate([CLASSIC_66, SCHNAPSEN, PRESETS["SANTASE"], CLASSIC_66]):
        jobs.append(lambda r=rules, k=k: native.playouts(r, range(k, k + 3000), claims=k % 2 == 0))
        jobs.append(lambda k=k: native.playouts_from(start, range(k, k + 2000)))
        jobs.append(lambda k=k: [(s.value, s.best, s.line) for s in solve_many(states[k:])])
    serial = [job() for job in jobs]
    for _ in range(2):
        with ThreadPoolExecutor(max_workers=4) as pool:
            assert list(pool.map(lambda job: job(), jobs * 2)) == serial * 2


# --------------------------------------------------------------------------- native safety


@needs_native
def test_core_rejects_bad_tables() -> None:
    core = _core()
    good = native.rule_tables(CLASSIC_66)
    with pytest.raises(ValueError, match="malformed rule facts"):
        core.compile(good[:-1])
    with pytest.raises(ValueError, match="malformed rule facts"):
        core.compile(b"\2" + good[1:])
    with pytest.raises(TypeError):
        core.compile("text")
    # Every single-byte corruption either is refused or still plays sane hands.
    for position in range(0, len(good), 97):
        for value in (0, 255):
            data = bytearray(good)
            data[position] = value
            try:
                capsule = core.compile(bytes(data))
            except ValueError:
                continue
            try:
                raw = core.playouts(capsule, array("Q", range(50)).tobytes(), 0, None, True)
            except RuntimeError:  # a corrupted table may keep a hand going: it is cut off
                continue
            assert len(raw[0]) == 50


def _uneven_hands(state: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """``state`` (a first lead) with hands of sizes no play reaches.

    Found by the native fuzzing (atheris): a seat with no cards facing five passed the C
    check, and the playout stopped with "did not end" instead of refusing the state.
    """
    h0, h1 = state[0], state[1]
    low = h1 & -h1
    return [
        (h0, 0, *state[2:]),  # seat 1 holds nothing
        (0, h1, *state[2:]),  # seat 0 holds nothing
        (h0, h1 & ~low, *state[2:]),  # one card fewer
        (0, 0, *state[2:]),  # nobody holds a card, at a lead
        (h0 & ~(h0 & -h0), h1, *state[2:4], 1, state[5], h0 & -h0, *state[7:]),  # follow
    ]


@needs_native
def test_uneven_hands_are_refused_by_the_solver_too() -> None:
    # The same positions as _uneven_hands, through the exact solver's own check.
    from sixtysix.search import _native
    from sixtysix.search._core import args_of

    _solver: Any = importlib.import_module("sixtysix_native._solver")
    state = native.deal(SCHNAPSEN, 3)
    spec = _native.native_spec(state.rules, state.trump)
    good = args_of(state)
    for h0, h1 in [(good[3], 0), (0, good[4]), (good[3], good[4] & (good[4] - 1))]:
        with pytest.raises(_solver.InputError):
            _solver.solve(spec, (*good[:3], h0, h1, *good[5:]), 1000, 64, False)


@needs_native
def test_core_rejects_bad_states_and_arguments() -> None:
    core = _core()
    capsule = core.compile(native.rule_tables(CLASSIC_66))
    state = native._state_tuple(native.deal(CLASSIC_66, 1))
    seeds = array("Q", [1]).tobytes()
    assert len(core.playouts(capsule, seeds, 0, state, True)[0]) == 1
    bad = [
        (state[0], state[0], *state[2:]),  # both seats hold the same cards
        (state[0], state[1], bytes([0, 0]), *state[3:]),  # the same card twice
        (state[0], state[1], bytes([40, 41]), *state[3:]),  # not cards
        (state[0], state[1], bytes(range(40)), *state[3:]),  # too long
        (state[0], state[1], state[2][:-1], *state[3:]),  # odd talon
        (1 << 40, *state[1:]),  # beyond 32 bits
        (*state[:3], 7, *state[4:]),  # no such trump
        (*state[:4], 9, *state[5:]),  # no such step
        (*state[:4], 1, *state[5:]),  # follow without a lead
        (*state[:9], 500, *state[10:]),  # card points out of range
        (*state[:9], 11, *state[10:]),  # card points of no tricks
        (*state[:13], 10, *state[14:]),  # pending points not a multiple of 20
        (*state[:11], 80, 0, 40, *state[14:]),  # more marriage points than there are
        (*state[:11], 30, *state[12:]),  # marriage points not a multiple of 20
        (*state[:17], 0, *state[18:]),  # closed without a snapshot
    ]
    bad += _uneven_hands(native._state_tuple(native.deal(SCHNAPSEN, 3)))
    for item in bad:
        with pytest.raises((ValueError, OverflowError)):
            core.playouts(capsule, seeds, 0, item, True)
        with pytest.raises((ValueError, OverflowError)):
            core.trace(capsule, 1, 0, item, True)
    with pytest.raises(TypeError):
        core.playouts(capsule, seeds, 0, state[:5], True)
    # Found by the native fuzzing: a start state that is not a tuple was a SystemError.
    for not_a_tuple in (False, 0, list(state), b"", "state"):
        with pytest.raises(TypeError, match="start state must be a tuple"):
            core.playouts(capsule, seeds, 0, not_a_tuple, True)
        with pytest.raises(TypeError, match="start state must be a tuple"):
            core.trace(capsule, 1, 0, not_a_tuple, True)
    with pytest.raises(ValueError, match="whole uint64"):
        core.playouts(capsule, b"1234567", 0, None, True)
    with pytest.raises(ValueError, match="dealer"):
        core.playouts(capsule, seeds, 2, None, True)
    with pytest.raises(ValueError, match="dealer"):
        core.trace(capsule, 1, 2, None, True)
    with pytest.raises(ValueError):
        core.playouts(object(), seeds, 0, None, True)
    with pytest.raises(ValueError, match="bound out of range"):
        core.rng(1, (1 << 33,))
    with pytest.raises(OverflowError):
        core.rng(1, (-1,))


@needs_native
def test_trump_source_last_card_and_d32() -> None:
    rules = attrs.evolve(
        CLASSIC_66, deck=Deck.D32, trump_source=TrumpSource.LAST_CARD_OF_PACK, deal_packets=(2,)
    )
    seeds = range(repeats(300))
    assert native.playouts(rules, seeds, backend="python") == native.playouts(
        rules, seeds, backend="native"
    )


# --------------------------------------------------------------------------- the glue, without C


class _FakeCore:
    """Stands in for sixtysix_native._core: checks what the door hands to C, and answers
    with the pure-Python backend's results packed the way C packs them."""

    FACTS_VERSION = native.FACTS_VERSION

    def __init__(self, start: Any = None) -> None:
        self.start = start
        self.compiled: list[bytes] = []

    def compile(self, data: bytes) -> object:
        self.compiled.append(data)
        return ("capsule", data)

    def _rules(self, capsule: Any) -> Rules:
        for rules, tables in native._TABLES.items():
            if ("capsule", tables) == capsule:
                return rules
        raise AssertionError("unknown capsule")

    def playouts(
        self, capsule: Any, seeds: bytes, dealer: int, state: Any, claims: bool
    ) -> tuple[bytes, ...]:
        rules = self._rules(capsule)
        values = array("Q")
        values.frombytes(seeds)
        if state is not None:
            assert state == native._state_tuple(self.start)
        start = None if state is None else self.start
        results = native._python_batch(rules, values, dealer, start, claims)
        return tuple(column.tobytes() for column in attrs.astuple(results))

    def trace(self, capsule: Any, seed: int, dealer: int, state: Any, claims: bool) -> Any:
        start = None if state is None else self.start
        return native._python_trace(self._rules(capsule), seed, dealer, start, claims)


def test_glue_with_a_fake_core(monkeypatch: pytest.MonkeyPatch) -> None:
    state = native.deal(SCHNAPSEN, 8)
    state = apply_move(state, legal_moves(state)[0])
    fake = _FakeCore(state)
    monkeypatch.setattr(native, "_CORE", fake)
    monkeypatch.setattr(native, "_CAPSULES", {})
    monkeypatch.delenv(native.ENV_PUREPYTHON, raising=False)
    assert native.available() and native.backend() == "native"
    assert native.unavailable_reason() == native._WHY
    seeds = [3, 1 << 63, 9]
    assert native.playouts(SCHNAPSEN, seeds) == native.playouts(SCHNAPSEN, seeds, backend="python")
    assert native.playouts_from(state, seeds, claims=False) == native.playouts_from(
        state, seeds, claims=False, backend="python"
    )
    assert (
        native.playouts(SCHNAPSEN, [4], backend="native")[0]
        == native.playouts(SCHNAPSEN, [4], backend="python")[0]
    )
    assert fake.compiled == [native.rule_tables(SCHNAPSEN)]  # once per rule set
    assert native._native_trace(SCHNAPSEN, 5, 0, state) == native._python_trace(
        SCHNAPSEN, 5, 0, state
    )
    assert (
        native._native_trace(SCHNAPSEN, 5, 0, None)[1]
        == native._python_trace(SCHNAPSEN, 5, 0, None)[1]
    )


def test_state_tuple_of_a_closed_hand() -> None:
    state = native.deal(CLASSIC_66, 2)
    assert "close" in [str(m) for m in legal_moves(state)]
    closed = apply_move(state, "close")
    fields = native._state_tuple(closed)
    snap = closed.close_snapshot
    assert snap is not None
    assert fields[17] == closed.closed_by and fields[19] == 1
    assert fields[20:] == (
        snap.tricks_played,
        snap.opponent_tricks,
        snap.opponent_card_points,
        snap.opponent_marriages,
    )


# --------------------------------------------------------------------------- the RuleBot policy


def test_rulebot_policy_python_is_rulebot() -> None:
    """The pure-Python ``rulebot`` policy is RuleBot in both seats on the seed's deal."""
    import random

    from sixtysix import RuleBot, observe

    bot = RuleBot()
    results = native.playouts(SCHNAPSEN, range(20), policy="rulebot", backend="python", dealer=1)
    for seed in range(20):
        state = native.deal(SCHNAPSEN, seed, dealer=1)
        moves = 0
        while not state.is_over:
            mover = state.to_move
            assert mover is not None
            state = apply_move(state, bot.choose(observe(state, mover), random.Random(5)))
            moves += 1
        assert results[seed] == score_hand(state)
        assert results.moves[seed] == moves


@needs_native
@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_rulebot_policy_native_matches_python(name: str) -> None:
    """The C port of RuleBot plays every hand as RuleBot, move for move (same results)."""
    rules = RULE_SETS[name]
    seeds = range(150)
    for dealer in (0, 1):
        python = native.playouts(rules, seeds, policy="rulebot", backend="python", dealer=dealer)
        assert python == native.playouts(
            rules, seeds, policy="rulebot", backend="native", dealer=dealer
        )


@needs_native
@settings(max_examples=examples(40))
@given(rules=sst.house_rules(mariage=False), seed=st.integers(0, (1 << 64) - 1))
def test_rulebot_policy_native_matches_python_house_rules(rules: Rules, seed: int) -> None:
    seeds = [seed, seed ^ 1, seed ^ 2]
    assert native.playouts(rules, seeds, policy="rulebot", backend="python") == (
        native.playouts(rules, seeds, policy="rulebot", backend="native")
    )


@needs_native
@settings(max_examples=examples(80))
@given(state=sst.reachable_states(sst.rules(mariage=False), claims=False))
def test_rulebot_policy_native_matches_python_from_states(state: Any) -> None:
    """From any reachable state (strict tricks already played, marriages declared...)."""
    py = native.playouts_from(state, [1], policy="rulebot", backend="python")
    assert py == native.playouts_from(state, [1], policy="rulebot", backend="native")


@needs_native
def test_rulebot_policy_from_mid_hand_states() -> None:
    """Strict-phase starts: the inferences made before the start reach the C bot."""
    import random

    rng = random.Random(3)
    checked = 0
    for name in ("SCHNAPSEN", "CLASSIC_66", "SANTASE"):
        rules = PRESETS[name]
        for seed in range(60):
            state = native.deal(rules, seed)
            for _ in range(rng.randrange(4, 20)):
                if state.is_over:
                    break
                state = apply_move(state, rng.choice(legal_moves(state)))
            if state.is_over:
                continue
            py = native.playouts_from(state, [seed], policy="rulebot", backend="python")
            assert py == native.playouts_from(state, [seed], policy="rulebot", backend="native")
            checked += 1
    assert checked > 60


@needs_native
def test_bad_bot_facts_for_the_core() -> None:
    core = _core()
    capsule = core.compile(native.rule_tables(SCHNAPSEN))
    seeds = array("Q", [1]).tobytes()
    with pytest.raises(TypeError):
        core.playouts(capsule, seeds, 0, None, True, [0] * 8)
    with pytest.raises(TypeError):
        core.playouts(capsule, seeds, 0, None, True, (0, 1))
    for bad in ((256, 0, -1, 0, 0, 0, 0, 0), (0, 40, -1, 0, 0, 0, 0, 0), (0, 0, 2, 0, 0, 0, 0, 0)):
        with pytest.raises(ValueError, match="bot facts out of range"):
            core.playouts(capsule, seeds, 0, None, True, bad)


WORKFLOWS = ROOT / ".github" / "workflows"


@pytest.mark.skipif(not WORKFLOWS.is_dir(), reason="no .github/ here (an sdist)")
def test_release_workflow_publishes_both_distributions() -> None:
    """release.yml builds both, then publishes each by trusted publishing after the tests."""
    yaml = pytest.importorskip("yaml")
    release = yaml.safe_load((WORKFLOWS / "release.yml").read_text(encoding="utf-8"))
    wheels = yaml.safe_load((WORKFLOWS / "wheels.yml").read_text(encoding="utf-8"))
    assert "workflow_call" in wheels[True]  # (YAML reads the key "on" as True)
    assert "publish" not in wheels["jobs"]  # only release.yml publishes
    jobs = release["jobs"]
    assert jobs["native"]["uses"] == "./.github/workflows/wheels.yml"
    for name, environment in (("publish", "pypi"), ("publish-native", "pypi-native")):
        job = jobs[name]
        assert job["permissions"] == {"id-token": "write"}
        assert job["environment"]["name"] == environment
        assert {"build", "test-wheel", "test-sdist", "native"} <= set(job["needs"])
        assert job["steps"][-1]["uses"] == "pypa/gh-action-pypi-publish@release/v1"
        assert job["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert jobs["publish-native"]["steps"][0]["with"]["pattern"] == "native-*"


@needs_native
def test_rulebot_batches_and_world_values_let_other_threads_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The RuleBot batch and PimcBot's world evaluation release the GIL too.

    The C calls themselves, so also in the suite's SIXTYSIX_PUREPYTHON=1 run (where the
    pure-Python solve of a whole open phase would take hours).
    """
    import random

    monkeypatch.delenv("SIXTYSIX_PUREPYTHON", raising=False)

    from sixtysix.search import _native as solver_bridge

    core = _core()
    capsule = native._capsule(core, CLASSIC_66)
    seeds = array("Q", range(100_000)).tobytes()
    bot = native._bot_facts(CLASSIC_66, None)
    world = native.deal(CLASSIC_66, 3)  # a whole open phase, solved exactly: a long call
    calls = [
        lambda: core.playouts(capsule, seeds, 0, None, True, bot),
        lambda: solver_bridge.world_values(world, random.Random(0), 12, 10**9),
    ]
    for call in calls:
        assert _wakeups_during(call) > 5
