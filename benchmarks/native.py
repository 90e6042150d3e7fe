"""Benchmark: batch random playouts, native and pure Python side by side (hands/s).

Run from a clone with both packages installed (``pip install -e '.[dev]' -e ./native``)::

    python benchmarks/native.py                          # every preset, both backends
    python benchmarks/native.py --presets CLASSIC_66 --hands 2000000 --python-hands 5000
    python benchmarks/native.py --policy rulebot --hands 200000 --python-hands 500

For each preset it times :func:`sixtysix.native.playouts` from a deal (``seeds =
range(n)``), with the random policy as documented (claims allowed) and without claims
(``claims=False``: more hands are played out to the last trick), on one thread: the
native backend over ``--hands`` hands, the pure-Python one over ``--python-hands``.
With ``--policy rulebot`` both seats play RuleBot (one row per preset: the policy
reads no ``claims``). The first call of each rule set (which computes and hands over
its tables) is not timed; each figure is the best of ``--repeat`` runs. Both backends
must agree on the hands they both played, which the script checks.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

import sixtysix as ss
from sixtysix import native


def rate(
    rules: ss.Rules, hands: int, backend: str, claims: bool, repeat: int, policy: str = "random"
) -> float:
    """The best hands per second over ``repeat`` runs of ``hands`` playouts."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        native.playouts(rules, range(hands), backend=backend, claims=claims, policy=policy)  # type: ignore[arg-type]
        best = min(best, time.perf_counter() - start)
    return hands / best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", nargs="*", default=list(ss.PRESETS))
    parser.add_argument("--hands", type=int, default=1_000_000, help="native hands per run")
    parser.add_argument("--python-hands", type=int, default=3_000, help="Python hands per run")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--policy", choices=("random", "rulebot"), default="random")
    args = parser.parse_args(argv)
    print(f"sixtysix {ss.__version__}, Python {platform.python_version()}, {platform.machine()}")
    print(f"native backend: {native.unavailable_reason() or 'available'}")
    header = (
        f"{'preset':22} {'claims':>6} {'native hands/s':>15} {'python hands/s':>15} {'ratio':>7}"
    )
    print(header)
    print("-" * len(header))
    for name in args.presets:
        rules = ss.get_preset(name)
        policy = args.policy
        for claims in (True, False) if policy == "random" else (True,):
            check = min(args.python_hands, 500)
            py = native.playouts(
                rules, range(check), backend="python", claims=claims, policy=policy
            )
            py_rate = rate(rules, args.python_hands, "python", claims, 1, policy)
            if native.available():
                nat = native.playouts(
                    rules, range(check), backend="native", claims=claims, policy=policy
                )
                if nat != py:
                    print(f"{name}: the backends disagree", file=sys.stderr)
                    return 1
                nat_rate = rate(rules, args.hands, "native", claims, args.repeat, policy)
                shown = f"{nat_rate:15,.0f} {py_rate:15,.0f} {nat_rate / py_rate:6.0f}x"
            else:
                shown = f"{'-':>15} {py_rate:15,.0f} {'-':>7}"
            print(f"{name:22} {'yes' if claims else 'no':>6} {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
