"""The ladder: a round robin of the built-in two-hand bots, rated, for the docs.

Run from a clone with the project installed (``pip install -e '.[dev]'``)::

    python benchmarks/ladder.py                          # 100 duplicate deals per pair
    python benchmarks/ladder.py --deals 400 --workers 2  # more deals: narrower intervals
    python benchmarks/ladder.py --dry-run                # print the commands only

For each preset (SCHNAPSEN and CLASSIC_66 by default) it plays the bots of
:data:`sixtysix.bots.registry.BOT_LEVELS` (random, ismcts, rule, pimc, strongest: every
bot against every other) through ``sixtysix tournament``, over ``--deals`` duplicate
hand deals per pair (each deal played twice, the seats swapped), journaled in
``--dir``/PRESET.jsonl. Run it again and it resumes each journal where it stopped (a
finished journal is only read); with a larger ``--deals`` than the journal's, delete the
journal first.

It then writes, from the tournament's reports (Bradley-Terry ratings on the Elo scale
with 95% bootstrap intervals, and net game points per hand of every pair with 95%
intervals):

* ``--svg`` (default ``docs/_static/ladder.svg``): each bot's rating with its interval,
  one colour per preset, drawn as SVG by this script (no plotting library);
* ``--page`` (default ``docs/ladder.md``): the tables between the markers
  ``<!-- ladder:begin -->`` and ``<!-- ladder:end -->`` are replaced;
* ``--json`` (default ``--dir``/ladder.json): the figures the tables are made of.

The figures are measurements of this machine's run; nothing here is asserted by the
test suite. ``strongest`` has a per-move time limit, so on a loaded machine its moves may
differ from run to run; the other bots use iteration budgets only.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from sixtysix.bots.registry import BOT_LEVELS

ROOT = Path(__file__).resolve().parent.parent
BEGIN = "<!-- ladder:begin -->"
END = "<!-- ladder:end -->"
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")


def tournament_command(
    preset: str, journal: Path, deals: int, seed: int, workers: int, bots: list[str]
) -> list[str]:
    """The ``sixtysix tournament`` command line that plays (or resumes) one preset."""
    base = [sys.executable, "-m", "sixtysix", "tournament", "--json", "--quiet"]
    base += ["--workers", str(workers)]
    if journal.exists() and journal.stat().st_size > 0:
        return [*base, "--resume", str(journal)]
    return [
        *base,
        *bots,
        "--rules",
        preset,
        "--deals",
        str(deals),
        "--unit",
        "hand",
        "--seed",
        str(seed),
        "--out",
        str(journal),
    ]


def run_preset(command: list[str]) -> dict[str, Any]:
    """Run one tournament; its JSON report (exit status 1 for a forfeit is reported)."""
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1) or not done.stdout.strip():
        sys.stderr.write(done.stderr)
        raise SystemExit(f"the tournament failed (exit status {done.returncode})")
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def _fmt(x: float, digits: int = 0) -> str:
    return f"{x:+.{digits}f}".replace("-", "\u2212")


def tables(reports: dict[str, dict[str, Any]], bots: list[str]) -> str:
    """The Markdown tables of the page: ratings, then each preset's pairs."""
    presets = list(reports)
    lines = [
        "| Level | Bot | " + " | ".join(f"{p}: Elo [95% interval]" for p in presets) + " |",
        "|---:|---|" + "---:|" * len(presets),
    ]
    ratings = {p: {r["bot"]: r for r in reports[p]["ratings"]} for p in presets}
    for level, bot in enumerate(bots, 1):
        cells = []
        for p in presets:
            r = ratings[p].get(bot)
            cells.append(
                "" if r is None else f"{_fmt(r['elo'])} [{_fmt(r['low'])}, {_fmt(r['high'])}]"
            )
        lines.append(f"| {level} | `{bot}` | " + " | ".join(cells) + " |")
    for p in presets:
        report = reports[p]
        deals = report["tournament"]["deals"]
        played = report["played"]
        lines += [
            "",
            f"**{p}**: {played:,} duplicate hand deals in all ({deals:,} planned per pair); "
            "net game points per hand of the row bot against the column bot, with the 95% "
            "interval (each deal one sample):",
            "",
            "| | " + " | ".join(f"`{b}`" for b in bots) + " |",
            "|---|" + "---:|" * len(bots),
        ]
        cell: dict[tuple[str, str], str] = {}
        for pair in report["pairs"]:
            pts = pair["points_per_hand"]
            a, b = pair["a"], pair["b"]
            cell[a, b] = f"{_fmt(pts['value'], 2)} [{_fmt(pts['low'], 2)}, {_fmt(pts['high'], 2)}]"
            cell[b, a] = (
                f"{_fmt(-pts['value'], 2)} [{_fmt(-pts['high'], 2)}, {_fmt(-pts['low'], 2)}]"
            )
        for a in bots:
            row = [cell.get((a, b), "") for b in bots]
            lines.append(f"| `{a}` | " + " | ".join(row) + " |")
        timing = {t["bot"]: t for t in report.get("timing", [])}
        times = ", ".join(
            f"`{b}` {timing[b]['seconds_per_move'] * 1000:.1f} ms" for b in bots if b in timing
        )
        if times:
            lines += ["", f"Mean wall-clock time per move in this run: {times}."]
    return "\n".join(lines) + "\n"


def svg(reports: dict[str, dict[str, Any]], bots: list[str]) -> str:
    """A dot-and-whisker plot of the ratings: one row per bot, one colour per preset."""
    presets = list(reports)
    values = [
        float(v)
        for p in presets
        for r in reports[p]["ratings"]
        for v in (r["low"], r["high"], r["elo"])
    ]
    lo = min([*values, -100.0])
    hi = max([*values, 100.0])
    step = 100.0
    lo = step * (lo // step)
    hi = step * (-(-hi // step))
    left, right, top, row_h = 110, 30, 40, 34
    width = 640
    plot_w = width - left - right
    height = top + row_h * len(bots) + 60

    def x(v: float) -> float:
        return left + (v - lo) / (hi - lo) * plot_w

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
        "<title>Bradley-Terry ratings of the built-in bots (Elo scale, 95% intervals)</title>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    tick = lo
    while tick <= hi + 1e-9:
        out.append(
            f'<line x1="{x(tick):.1f}" y1="{top - 10}" x2="{x(tick):.1f}" '
            f'y2="{top + row_h * len(bots)}" stroke="#ddd"/>'
        )
        out.append(
            f'<text x="{x(tick):.1f}" y="{top + row_h * len(bots) + 18}" '
            f'text-anchor="middle" fill="#444">{tick:+.0f}</text>'
        )
        tick += step
    out.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{top + row_h * len(bots) + 38}" '
        'text-anchor="middle" fill="#444">rating (Elo scale, mean 0)</text>'
    )
    for i, bot in enumerate(bots):
        y0 = top + row_h * i + row_h / 2
        out.append(
            f'<text x="{left - 10}" y="{y0 + 4:.1f}" text-anchor="end">{i + 1} '
            f"{html.escape(bot)}</text>"
        )
        for k, p in enumerate(presets):
            r = next((r for r in reports[p]["ratings"] if r["bot"] == bot), None)
            if r is None:
                continue
            y = y0 + (k - (len(presets) - 1) / 2) * 9
            colour = COLOURS[k % len(COLOURS)]
            out.append(
                f'<line x1="{x(r["low"]):.1f}" y1="{y:.1f}" x2="{x(r["high"]):.1f}" '
                f'y2="{y:.1f}" stroke="{colour}" stroke-width="2"/>'
            )
            out.append(f'<circle cx="{x(r["elo"]):.1f}" cy="{y:.1f}" r="4" fill="{colour}"/>')
    for k, p in enumerate(presets):
        lx = left + k * 150
        colour = COLOURS[k % len(COLOURS)]
        out.append(f'<circle cx="{lx}" cy="16" r="4" fill="{colour}"/>')
        out.append(f'<text x="{lx + 10}" y="20">{html.escape(p)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_page(page: Path, body: str) -> None:
    """Replace the text between the ladder markers of ``page``."""
    text = page.read_text(encoding="utf-8")
    start = text.index(BEGIN) + len(BEGIN)
    end = text.index(END)
    page.write_text(text[:start] + "\n" + body + text[end:], encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", nargs="*", default=["SCHNAPSEN", "CLASSIC_66"])
    parser.add_argument("--bots", nargs="*", default=list(BOT_LEVELS), help="weakest first")
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals per pair")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=66, help="the tournaments' seed")
    parser.add_argument("--dir", type=Path, default=Path("ladder"), help="journals go here")
    parser.add_argument("--svg", type=Path, default=ROOT / "docs" / "_static" / "ladder.svg")
    parser.add_argument("--page", type=Path, default=ROOT / "docs" / "ladder.md")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--dry-run", action="store_true", help="print the commands only")
    args = parser.parse_args(argv)
    args.dir.mkdir(parents=True, exist_ok=True)
    reports: dict[str, dict[str, Any]] = {}
    for preset in args.presets:
        journal = args.dir / f"{preset}.jsonl"
        command = tournament_command(
            preset, journal, args.deals, args.seed, args.workers, args.bots
        )
        print(" ".join(command), flush=True)
        if args.dry_run:
            continue
        reports[preset] = run_preset(command)
        report = reports[preset]
        ranked = ", ".join(f"{r['bot']} {r['elo']:+.0f}" for r in report["ratings"])
        print(f"{preset}: {report['played']} deals; ratings {ranked}", flush=True)
    if args.dry_run:
        return 0
    (args.json or args.dir / "ladder.json").write_text(
        json.dumps(reports, indent=1) + "\n", encoding="utf-8"
    )
    args.svg.parent.mkdir(parents=True, exist_ok=True)
    args.svg.write_text(svg(reports, args.bots), encoding="utf-8")
    write_page(args.page, tables(reports, args.bots))
    print(f"wrote {args.svg} and {args.page}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
