"""More of the ``sixtysix`` command: hands nobody wins, unfinished matches, odd failures.

The seeds below were picked because their games show the case under test; each test
checks that its game really does, so a change of dealing or of a bot shows up as a
failure here rather than as a test that silently stops testing anything.
"""

from __future__ import annotations

import builtins
import io
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import sixtysix as ss
from sixtysix import cli
from sixtysix.bots import RandomBot, RuleBot
from sixtysix.cli import main
from sixtysix.match import apply_result, new_match
from sixtysix.play import play_hand, play_match
from sixtysix.records import GameRecord
from sixtysix.tournament import worker

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Run:
    """``run(*argv, stdin=None)`` -> (exit status, stdout, stderr)."""

    def go(*argv: str, stdin: str | None = None) -> tuple[int, str, str]:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        status = main(list(argv))
        out, err = capsys.readouterr()
        return status, out, err

    return go


def answer(monkeypatch: pytest.MonkeyPatch, reply: Callable[[str], str]) -> None:
    monkeypatch.setattr(builtins, "input", lambda prompt="": reply(prompt))


# ------------------------------------------------------------------ hands nobody wins

# `simulate --hands 1 --seed 26 --bots rule rule`: the one hand ends with no score.
TIE_SEED = 26


def _tie_record() -> GameRecord:
    record = play_hand(ss.CLASSIC_66, RuleBot(), RuleBot(), seed=f"{TIE_SEED}:0", dealer=0)
    assert record.result is not None and record.result.winner is None
    return record


def test_simulate_hands_as_text_with_a_hand_nobody_wins(run: Run) -> None:
    result = _tie_record().result
    assert result is not None
    status, out, err = run(
        "simulate", "--hands", "1", "--seed", str(TIE_SEED), "--bots", "rule", "rule"
    )
    assert (status, err) == (0, "")
    assert out.startswith(
        f"sixtysix simulate: 1 hands of CLASSIC_66, RuleBot vs RuleBot, seed {TIE_SEED}\n"
        f"(hand i is dealt from seed '{TIE_SEED}:i' by seat i % 2)\n"
    )
    assert "matches won" not in out and "per match" not in out
    assert re.search(r"^hands won +0 +0$", out, re.MULTILINE)
    assert "hands: 1, of which without score: 1 (100.0%)\n" in out
    assert re.search(rf"^  {result.reason.name.lower()} +1  100.0%$", out, re.MULTILINE)
    status, out, _ = run(
        "simulate", "--json", "--hands", "1", "--seed", str(TIE_SEED), "--bots", "rule", "rule"
    )
    data = json.loads(out)
    assert (data["hands_won"], data["hands_without_score"]) == ([0, 0], 1)
    assert data["game_points"] == [0, 0]
    assert data["endings"] == {result.reason.name: 1}


@pytest.mark.parametrize(
    ("tie_carry", "words"), [(1, "Nobody scores; 1 game point carried."), (0, "Nobody scores.")]
)
def test_replay_a_hand_nobody_wins(run: Run, tmp_path: Path, tie_carry: int, words: str) -> None:
    record = _tie_record()
    result = record.result
    assert result is not None
    if tie_carry != record.rules.tie_carry:
        rules = attrs.evolve(record.rules, tie_carry=tie_carry)
        record = attrs.evolve(record, rules=rules, result=attrs.evolve(result, carry=0))
    path = tmp_path / "tie.json"
    path.write_text(record.to_json(), encoding="utf-8")
    status, out, err = run("replay", str(path))
    assert (status, err) == (0, "")
    why = cli._END_TEXT[result.reason].format(w="nobody", l="nobody")
    assert f"Hand over: {why}.\n" in out
    assert f"\n{words}\n" in out
    assert "scores 1 game point" not in out


def test_replay_a_marriage_that_ends_the_hand(run: Run, tmp_path: Path) -> None:
    # SANTASE: automatic claims, and a marriage may take its declarer out.
    record = play_hand(ss.SANTASE, RuleBot(), RuleBot(), seed=2)
    assert record.moves[-1] == "marry D" and record.result is not None
    path = tmp_path / "marriage.json"
    path.write_text(record.to_json(), encoding="utf-8")
    status, out, _ = run("replay", str(path))
    assert status == 0
    numbered = [line for line in out.splitlines() if re.match(r" *\d+\. ", line)]
    assert len(numbered) == len(record.moves)
    assert re.fullmatch(
        r" *\d+\. Seat [01] declares the marriage in diamonds: (20|40)\. "
        r"Seat [01] reaches 66: the hand ends\.",
        numbered[-1],
    )


# ------------------------------------------------------------------ replay of a match


def test_replay_an_unfinished_match(run: Run, tmp_path: Path) -> None:
    record = play_match(ss.SCHNAPSEN, RuleBot(), RandomBot(), seed=21)
    assert len(record.games) >= 2
    first, second = record.games[0], record.games[1]
    assert first.result is not None
    m = apply_result(new_match(record.rules, seed=record.seed, dealer=record.dealer), first.result)
    partial = attrs.evolve(
        record,
        games=(first, attrs.evolve(second, moves=second.moves[:2], result=None)),
        scores=m.scores,
        winner=None,
    )
    path = tmp_path / "partial.json"
    path.write_text(partial.to_json(), encoding="utf-8")
    status, out, err = run("replay", str(path))
    assert (status, err) == (0, "")
    assert out.startswith(f"Match record {path}: SCHNAPSEN, 2 seats, 2 hands, written by ")
    assert out.count("=== Hand ") == 2
    assert out.count("Match score: ") == 1  # only after the finished hand
    scores = ", ".join(f"seat {s} {p}" for s, p in enumerate(m.scores))
    assert f"Match score: {scores}" in out
    assert "The hand is not finished: seat " in out
    assert "\nThe match is not finished.\n" in out
    assert "won the match" not in out
    assert out.endswith("The record is valid: every move is legal and every result is right.\n")


# ------------------------------------------------------------------ odd failures


def test_simulate_interrupted_before_the_first_hand(
    run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupt(*args: object, **kwargs: object) -> GameRecord:
        raise KeyboardInterrupt

    monkeypatch.setattr(worker, "play_job", interrupt)
    status, out, err = run("simulate", "--hands", "5", "--seed", "1", "--executor", "thread")
    assert status == 130
    assert err == "sixtysix: interrupted\n"
    assert "0 of 5 hands (interrupted)" in out
    assert "hands: 0, of which without score: 0 (-)\n" in out
    assert "how hands ended" not in out
    assert re.search(r"^game points per hand +- +-$", out, re.MULTILINE)


def test_unreadable_file_for_another_reason(run: Run) -> None:
    name = "x" * 5000  # too long a file name for any file system
    status, out, err = run("rules", "--rules-file", name)
    assert (status, out) == (1, "")
    assert err.startswith(f"sixtysix: error: cannot read rules file '{name}': ")
    assert err.endswith("File name too long\n")


class _ClosedPipe(io.TextIOBase):
    """Standard output whose reader has gone away (no file descriptor to redirect)."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_pipe_ends_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    assert main(["rules"]) == 0
    assert capsys.readouterr().err == ""
