"""An atheris (libFuzzer) target for the raw entry points of both C extensions.

``python tests/native_fuzz/atheris_native.py [libFuzzer options]``, e.g.
``-atheris_runs=200000 -max_len=256``; the nox session ``native-fuzz`` runs it after the
Hypothesis targets when atheris imports (``pip install atheris``), under the same
sanitizer build. libFuzzer's bytes choose a rule set and an entry point, and then the
corruption: bytes poked into a rule table, fields of a start state or a solver position
replaced by arbitrary integers, other types, or cut short. Each call must return or
raise an ordinary exception (TypeError, ValueError, OverflowError, the solver's
LimitError); anything else is a finding, and a sanitizer report aborts the process.

The extensions are built with gcc, so libFuzzer is guided by the coverage of this
Python file only (atheris instruments Python); coverage of the C code would need a
clang build with ``-fsanitize=fuzzer-no-link``.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import atheris  # type: ignore[import-untyped, import-not-found, unused-ignore]

with atheris.instrument_imports():
    import sixtysix as ss
    from sixtysix import native
    from sixtysix.search import _native
    from sixtysix.search._core import args_of

_core: Any = importlib.import_module("sixtysix_native._core")
_solver: Any = importlib.import_module("sixtysix_native._solver")

EXPECTED = (TypeError, ValueError, OverflowError, _solver.LimitError)
BUDGET = 20_000


def _endgame(state: ss.HandState) -> ss.HandState:
    s = state
    while (s.hands[0] | s.hands[1]).bit_count() + len(s.talon) > 8:
        moves: list[ss.Move] = [
            m for m in ss.legal_moves(s) if not isinstance(m, ss.Claim | ss.Close)
        ]
        after = ss.apply_move(s, (moves or list(ss.legal_moves(s)))[0])
        if after.is_over:
            break
        s = after
    return s


CASES: list[dict[str, Any]] = []
for _rules in (ss.CLASSIC_66, ss.SCHNAPSEN, ss.SANTASE, ss.HOYLE_66):
    for _seed in range(3):
        _state = ss.new_hand(_rules, seed=_seed)
        for _move in ("first", "first", "close"):  # one trick, then close if allowed
            _moves = ss.legal_moves(_state)
            _state = ss.apply_move(_state, ss.Close() if ss.Close() in _moves else _moves[-1])
        _end = _endgame(ss.new_hand(_rules, seed=_seed))
        CASES.append(
            {
                "table": native.rule_tables(_rules),
                "capsule": native._capsule(_core, _rules),
                "start": native._state_tuple(_state),
                "dealer": _state.dealer,
                "spec_table": _native.spec_table(_rules, _end.trump),
                "spec": _native.native_spec(_rules, _end.trump),
                "position": args_of(_end),
            }
        )


def _value(fdp: Any) -> Any:
    kind = fdp.ConsumeIntInRange(0, 7)
    if kind <= 3:
        return fdp.ConsumeIntInRange(-2, 40)
    if kind == 4:
        return fdp.ConsumeInt(fdp.ConsumeIntInRange(1, 9))
    if kind == 5:
        return fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 33))
    if kind == 6:
        return None
    return (fdp.ConsumeIntInRange(-1, 40),) * fdp.ConsumeIntInRange(0, 5)


def _corrupt(fdp: Any, good: tuple[Any, ...]) -> Any:
    items = list(good)
    for _ in range(fdp.ConsumeIntInRange(0, 4)):
        i = fdp.ConsumeIntInRange(0, len(items) - 1)
        if isinstance(items[i], tuple) and items[i] and fdp.ConsumeBool():
            items[i] = _corrupt(fdp, items[i])
        else:
            items[i] = _value(fdp)
    cut = fdp.ConsumeIntInRange(0, 3)
    return tuple(items[: len(items) - 1]) if cut == 0 else tuple(items)


def _poke(fdp: Any, good: bytes, width: int) -> bytes:
    data = bytearray(good)
    for _ in range(fdp.ConsumeIntInRange(0, 6)):
        i = fdp.ConsumeIntInRange(0, len(data) // width - 1) * width
        data[i : i + width] = fdp.ConsumeBytes(width).ljust(width, b"\0")
    if fdp.ConsumeIntInRange(0, 15) == 0:
        del data[fdp.ConsumeIntInRange(0, len(data)) :]
    return bytes(data)


def _call(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except EXPECTED:
        return None


def test_one(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    case = CASES[fdp.ConsumeIntInRange(0, len(CASES) - 1)]
    entry = fdp.ConsumeIntInRange(0, 3)
    if entry == 0:
        capsule = _call(_core.compile, _poke(fdp, case["table"], 1))
        if capsule is not None:
            _call(_core.playouts, capsule, bytes(16), case["dealer"], case["start"], True)
            _call(_core.playouts, capsule, bytes(8), 0, None, False)
    elif entry == 1:
        seeds = fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 17))
        start = _corrupt(fdp, case["start"])
        _call(_core.playouts, case["capsule"], seeds, _value(fdp), start, fdp.ConsumeBool())
        _call(_core.trace, case["capsule"], _value(fdp), case["dealer"], start, True)
    elif entry == 2:
        spec = _call(_solver.compile, _poke(fdp, case["spec_table"], 4))
        if spec is not None:
            _call(_solver.solve, spec, case["position"], BUDGET, 256, True)
    else:
        position = _corrupt(fdp, case["position"])
        table_size = fdp.ConsumeIntInRange(-2, 4096)
        _call(_solver.solve, case["spec"], position, BUDGET, table_size, fdp.ConsumeBool())
        _call(_solver.solve_many, [(case["spec"], position)] * 2, BUDGET, table_size, False)


def main() -> None:
    atheris.Setup(sys.argv, test_one)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
