"""The command line's texts: help that fits the terminal, bots listed from the registry,
the tournament's endings table, replay's cards as ``play`` writes them."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest

import sixtysix as ss
from sixtysix import partnership as p4
from sixtysix.bots import RandomBot, RuleBot
from sixtysix.bots.registry import (
    BOT_NAMES,
    four_hand_bot_names,
    register_bot,
    two_hand_bot_names,
)
from sixtysix.cli import _build_parser, main
from sixtysix.cli.play import Style

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main([*argv, "--help"]) == 0
    return capsys.readouterr().out


def _commands() -> list[str]:
    parser = _build_parser()
    sub = next(a for a in parser._actions if a.choices and a.dest == "command")
    assert isinstance(sub.choices, dict)
    return sorted(sub.choices)


@pytest.mark.parametrize("columns", [80, 100, 140])
def test_every_help_text_fits_the_terminal(
    columns: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    commands = _commands()
    assert {"play", "replay", "rules", "simulate", "tournament"} <= set(commands)
    for argv in [[], *([c] for c in commands)]:
        text = _help(capsys, *argv)
        assert "%%" not in text, argv
        # An example to copy stays on its line; everything else is wrapped.
        long = [line for line in text.splitlines() if len(line) > columns]
        assert all(line.startswith("  sixtysix ") for line in long), (argv, long)


def test_the_tournament_help(capsys: pytest.CaptureFixture[str]) -> None:
    text = " ".join(_help(capsys, "tournament").split())
    assert "with a 95% confidence interval" in text
    assert f"A bot is NAME (a registered name: {', '.join(two_hand_bot_names())})" in text
    assert f"The registered bots that play it: {', '.join(four_hand_bot_names())}." in text
    assert "  sixtysix tournament --game four-hand partnership-rule random\n" in _help(
        capsys, "tournament"
    )


def test_simulate_lists_every_registered_bot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(BOT_NAMES, "lazy-texts", RandomBot)  # removed again after the test
    text = " ".join(_help(capsys, "simulate").split())
    names = two_hand_bot_names()
    assert "lazy-texts" in names and {"ismcts", "pimc", "random", "rule"} <= set(names)
    assert f"each a registered bot: {', '.join(names)} (default: random random)" in text
    assert "random or rule" not in text
    assert main(["simulate", "--hands", "1", "--bots", "lazy-texts", "rule", "--seed", "1"]) == 0
    assert "RandomBot vs RuleBot" in capsys.readouterr().out


def test_register_bot_reaches_the_help(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # so that argparse does not break the name at "-"
    register_bot("texts-probe", RuleBot)
    try:
        assert "texts-probe" in _help(capsys, "simulate")
        assert "texts-probe" in _help(capsys, "tournament")
    finally:
        del BOT_NAMES["texts-probe"]


def test_the_docs_list_every_registered_bot() -> None:
    text = (DOCS / "bots.md").read_text(encoding="utf-8")
    rows = re.findall(
        r"^\| `([a-z-]+)` \| \{(?:class|func)\}`~sixtysix\.([\w.]+)`", text, re.MULTILINE
    )
    assert sorted(name for name, _ in rows) == sorted(BOT_NAMES)
    for name, path in rows:
        cls = path.rpartition(".")[2]
        assert BOT_NAMES[name].__name__ == cls, (name, path)
    assert "ships two bots" not in text


# ----------------------------------------------------------- the endings table


def _endings(out: str) -> tuple[str, dict[str, list[str]], dict[str, list[str]]]:
    """The header and rows of "how hands ended", and the rows of "of which ... schwarz"."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("how hands ended ("))
    header = " ".join(lines[start + 1].split())
    rows: dict[str, list[str]] = {}
    k = start + 2
    while not lines[k].startswith("of which"):
        pair, rest = lines[k].split("  ", 1)
        rows[pair] = rest.split()
        k += 1
    schwarz: dict[str, list[str]] = {}
    for line in lines[k + 1 :]:
        if not line.strip():
            break
        pair, rest = line.split("  ", 1)
        schwarz[pair] = rest.split()
    return header, rows, schwarz


def test_the_endings_table_is_exclusive_and_schwarz_is_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["tournament", "rule", "random", "--deals", "30", "--seed", "2", "--quiet"]
    assert main([*argv, "--executor", "thread", "--workers", "1", "--bootstrap", "1"]) == 0
    out = capsys.readouterr().out
    header, rows, schwarz = _endings(out)
    assert header == "hands claimed closed failed close played out forfeit other"
    ((pair, row),) = rows.items()
    assert pair == "rule vs random" and row[0] == "60"
    shares = [float(cell.rstrip("%")) for cell in row[1:]]
    assert abs(sum(shares) - 100) <= 0.05 * len(shares)  # exclusive: they add up
    count, share = schwarz[pair]
    assert 0 < int(count) < 60 and share == f"{100 * int(count) / 60:.1f}%"

    assert main([*argv, "--executor", "thread", "--workers", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (report,) = data["pairs"]
    assert report["schwarz"] == int(count)
    assert sum(report["endings_grouped"].values()) == report["hands"] == 60


# -------------------------------------------------------------------- replay


class _Terminal(io.StringIO):
    """A stand-in for a terminal's stdout with an encoding."""

    def __init__(self, encoding: str) -> None:
        super().__init__()
        self._encoding = encoding

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding

    def isatty(self) -> bool:
        return True


ANSI = re.compile(r"\x1b\[[0-9;]*m")
CODE = re.compile(r"\b([AKQJT987])([CDHS])\b")


def _symbols(text: str) -> str:
    """``text`` with every card code written as ``play`` writes it with symbols."""
    style = Style(symbols=True)
    return CODE.sub(lambda m: style.card(ss.Card.parse(m.group(0))), text)


def _replay(
    path: Path, monkeypatch: pytest.MonkeyPatch, encoding: str, env: dict[str, str]
) -> str:
    for key in ("NO_COLOR", "TERM"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    screen = _Terminal(encoding)
    monkeypatch.setattr("sys.stdout", screen)
    assert main(["replay", str(path)]) == 0
    return screen.getvalue()


@pytest.mark.parametrize("kind", ["two-hand", "match", "four-hand"])
def test_replay_writes_cards_as_play_does(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if kind == "two-hand":
        text = ss.play_hand(ss.CLASSIC_66, RuleBot(), RandomBot(), seed=5).to_json()
    elif kind == "match":
        text = ss.play_match(ss.SCHNAPSEN, RuleBot(), RandomBot(), seed=2).to_json()
    else:
        players: list[p4.Player] = [p4.PartnershipRuleBot(), RandomBot()] * 2
        record = p4.play_hand(p4.FOUR_HAND_24, players, seed=3, rng=random.Random(0))
        text = record.to_json()
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    plain = _replay(path, monkeypatch, "utf-8", {"NO_COLOR": "1"})
    assert CODE.search(plain) and "♠" not in plain and "\x1b[" not in plain
    assert _replay(path, monkeypatch, "ascii", {}) == plain  # no suit symbols in ASCII
    assert _replay(path, monkeypatch, "utf-8", {"TERM": "dumb"}) == plain
    fancy = _replay(path, monkeypatch, "utf-8", {"TERM": "xterm"})
    assert "\x1b[31m" in fancy  # hearts and diamonds in red, as in play
    assert ANSI.sub("", fancy) == _symbols(plain)
    assert "10" in ANSI.sub("", fancy) and not CODE.search(ANSI.sub("", fancy))
    if kind == "two-hand":
        assert "seat 0" in plain and "you" not in plain.split()
