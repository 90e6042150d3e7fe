"""The ``sixtysix tournament`` command, and a run killed part-way then resumed."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sixtysix import cli
from sixtysix.bots.registry import BOT_NAMES
from sixtysix.cli import main
from sixtysix.tournament import BotSpec, Tournament, read_journal, run_tournament

Run = Callable[..., tuple[int, str, str]]
HERE = __name__
SRC = str(Path(cli.__file__).resolve().parents[1])


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    def go(*argv: str) -> tuple[int, str, str]:
        status = main(list(argv))
        out, err = capsys.readouterr()
        return status, out, err

    return go


def _json(run: Run, *argv: str) -> dict[str, Any]:
    status, out, err = run("tournament", "--json", *argv)
    assert (status, err) == (0, ""), err
    data: dict[str, Any] = json.loads(out)
    return data


def test_help(run: Run) -> None:
    status, out, _ = run("tournament", "--help")
    assert status == 0 and out.startswith("usage: sixtysix tournament")
    assert "package.module:Class" in out and "--sprt" in out and "--scheduler" in out


def test_an_ab_match_as_text(run: Run) -> None:
    status, out, err = run(
        "tournament", "rule", "random", "--deals", "8", "--seed", "3", "--workers", "2"
    )
    assert (status, err) == (0, "")
    assert out.startswith("sixtysix tournament: rule vs random, 8 deals of CLASSIC_66 (hands), ")
    assert "(deal k is dealt from seed '3:k' by seat k % 2 and played twice" in out
    assert "8 of 8 deals played\n" in out
    assert "rule vs random" in out and "95% CI" in out and "how hands ended (" in out
    assert "ratings (Bradley-Terry" in out and "time per move:" in out
    assert "deals per second" in out


def test_json_report_is_the_api_report(run: Run) -> None:
    data = _json(run, "rule", "random", "--deals", "5", "--seed", "4", "--executor", "thread")
    t = Tournament((BotSpec("rule"), BotSpec("random")), deals=5, seed=4)
    expected = run_tournament(t, "inline").report().to_dict(timing=False)
    assert {k: v for k, v in data.items() if k not in ("timing", "run")} == expected
    assert data["run"]["deals_played_now"] == 5 and data["run"]["deals_resumed"] == 0


def test_round_robin_of_matches_with_options(run: Run, tmp_path: Path) -> None:
    rules = tmp_path / "house.json"
    rules.write_text('{"preset": "SCHNAPSEN", "match_target": 3}', encoding="utf-8")
    data = _json(
        run, "rule", "random", 'r2=random{}', "--deals", "2", "--seed", "1", "--unit", "match",
        "--rules-file", str(rules), "--single", "--bootstrap", "10", "--batch", "1",
    )  # fmt: skip
    assert [p["a"] + "-" + p["b"] for p in data["pairs"]] == [
        "rule-random",
        "rule-r2",
        "random-r2",
    ]
    assert all(p["games"] == 2 and p["matches_won"] is not None for p in data["pairs"])
    assert data["tournament"]["rules_name"] is None and data["bootstrap"] == 10
    assert data["tournament"]["duplicate"] is False


def test_sprt_run(run: Run) -> None:
    status, out, err = run(
        "tournament", "rule", "random", "--deals", "300", "--seed", "1", "--sprt", "0,100"
    )
    assert (status, err) == (0, "")
    assert "SPRT on Elo: H0 0 vs H1 100, alpha 0.05, beta 0.05" in out
    assert "H1 accepted after" in out and "(stopped by the SPRT)" in out
    assert "the report counts the " in out
    data = _json(
        run, "rule", "random", "--deals", "3", "--seed", "1", "--sprt", "0,1,0.1,0.1",
        "--sprt-on", "points",
    )  # fmt: skip
    assert data["sprt"]["metric"] == "points" and data["sprt"]["alpha"] == 0.1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rule"], "two or more bots"),
        (["rule", "random", "--scheduler", "tcp://x:1"], "--scheduler needs --executor dask"),
        (["rule", "random", "--resume", "x.jsonl"], "drop bots"),
        (["--resume", "x.jsonl", "--deals", "3", "--seed", "2"], "drop --deals, --seed"),
        (["rule", "random", "--out", "a", "--resume", "b"], "not allowed with argument"),
        (["rule", "random", "--unit", "bummerl"], "invalid choice"),
        (["rule", "random", "--deals", "0"], "must be at least 1"),
    ],
)
def test_usage_errors(run: Run, argv: list[str], message: str) -> None:
    status, out, err = run("tournament", *argv)
    assert (status, out) == (2, "")
    assert message in err and "sixtysix: error: " in err


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        (
            ["rule", "clever"],
            f"unknown bot 'clever': use one of {', '.join(sorted(BOT_NAMES))}, or an import path",
        ),
        (["rule", "no.such.module:Bot"], "cannot import the bot module 'no.such.module'"),
        (["rule", "sixtysix:NoSuchBot"], "'sixtysix' has no bot class or factory named"),
        (["rule", 'random{"depth": 3}'], "does not take these arguments"),
        (["rule", "random{oops"], "not valid JSON"),
        (["rule", "rule"], "the bots need different labels"),
        (["rule", "random", "--sprt", "1,1"], "must differ"),
    ],
)
def test_bad_bots_exit_1(run: Run, bots: list[str], message: str) -> None:
    status, out, err = run("tournament", *bots, "--deals", "1")
    assert (status, out) == (1, "")
    assert err.startswith("sixtysix: error: ") and message in err


def test_a_forfeiting_bot_is_reported_and_exits_1(run: Run) -> None:
    status, out, err = run(
        "tournament", "rule", f"bad={HERE}:Raiser", "--deals", "2", "--executor", "thread"
    )
    assert status == 1
    assert "2 of 2 deals played" in out and "forfeits (4):" in out
    assert "deal 0, game 1: bad (seat 1) raised ValueError: no move for you" in out
    assert err.startswith("sixtysix: error: 4 game(s) forfeited; the first: deal 0, bad raised")


class Raiser:
    def choose(self, view: object, rng: object) -> Any:
        raise ValueError("no move for you")


def test_out_then_resume(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    argv = ("rule", "random", "--deals", "4", "--seed", "9", "--out", str(path))
    first = _json(run, *argv)
    status, _, err = run("tournament", "--json", *argv)
    assert status == 1 and "already exists" in err
    again = _json(run, "--resume", str(path), "--executor", "thread")
    assert again["run"]["deals_resumed"] == 4 and again["run"]["deals_played_now"] == 0
    assert {k: v for k, v in again.items() if k not in ("run", "timing")} == {
        k: v for k, v in first.items() if k not in ("run", "timing")
    }


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("hello\n", "is not a sixtysix tournament journal"),
        ('{"format": "sixtysix-tournament-journal", "format_version": 1}\n', "not the data"),
        ("", "is empty"),
    ],
)
def test_bad_resume_files_exit_1(run: Run, tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content, encoding="utf-8")
    status, out, err = run("tournament", "--resume", str(path))
    assert (status, out) == (1, "")
    assert message in err
    status, _, err = run("tournament", "--resume", str(tmp_path / "none.jsonl"))
    assert status == 1 and "does not exist" in err


def test_interrupted_run_exits_130_with_a_hint(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sixtysix.tournament import worker

    real = worker.play_job
    calls: list[int] = []

    def flaky(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(worker, "play_job", flaky)
    path = tmp_path / "j.jsonl"
    status, out, err = run(
        "tournament", "rule", "random", "--deals", "6", "--out", str(path),
        "--executor", "thread", "--workers", "1", "--batch", "1",
    )  # fmt: skip
    assert status == 130
    assert "1 of 6 deals played (interrupted)" in out
    assert err == f"sixtysix: interrupted; continue with --resume {path}\n"
    monkeypatch.setattr(worker, "play_job", real)
    status, out, err = run("tournament", "--resume", str(path), "--executor", "thread")
    assert (status, err) == (0, "") and "6 of 6 deals played" in out
    assert "5 deals played in" in out and "1 more from the journal" in out


def test_progress_on_a_terminal(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    term = Terminal()
    monkeypatch.setattr(sys, "stderr", term)
    status = main(["tournament", "rule", "random", "--deals", "3", "--executor", "thread"])
    assert status == 0 and "3/3" in term.getvalue()
    quiet = Terminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    main(["tournament", "rule", "random", "--deals", "3", "--executor", "thread", "--quiet"])
    assert quiet.getvalue() == ""


# ------------------------------------------------------------------ killed, then resumed

SLOW_BOT = '''
import time
from sixtysix.bots import RandomBot

class SlowRandom:
    """RandomBot that takes a millisecond per move, so a run can be killed mid-way."""

    def choose(self, view, rng):
        time.sleep(0.001)
        return RandomBot().choose(view, rng)
'''


_FRESH: dict[str, dict[str, object]] = {}


def _fresh_report(t: Tournament) -> dict[str, object]:
    """The report of a fresh run of ``t``, computed once per tournament."""
    key = repr(t)
    if key not in _FRESH:
        _FRESH[key] = run_tournament(t, "thread", workers=2).report().to_dict(timing=False)
    return _FRESH[key]


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_a_killed_run_resumes_to_the_same_report(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sig: signal.Signals
) -> None:
    (tmp_path / "slowbots.py").write_text(SLOW_BOT, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    path = tmp_path / "run.jsonl"
    argv = ["rule", "slowbots:SlowRandom", "--deals", "40", "--seed", "5"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([SRC, str(tmp_path)])}
    proc = subprocess.Popen(
        [sys.executable, "-m", "sixtysix", "tournament", *argv, "--out", str(path),
         "--workers", "2", "--batch", "1", "--quiet"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if path.exists() and len(path.read_bytes().splitlines()) >= 4:
                break
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
            time.sleep(0.01)
        os.killpg(proc.pid, sig)  # the command and its worker processes
    finally:
        proc.wait(timeout=60)
        if proc.stderr is not None:
            proc.stderr.close()
    assert proc.returncode == -sig
    t, done, _ = read_journal(path)
    assert 3 <= len(done) < 40
    status, out, err = run("tournament", "--resume", str(path), "--json", "--executor", "thread")
    assert (status, err) == (0, "")
    resumed = json.loads(out)
    assert resumed["run"]["deals_resumed"] == len(done)
    assert resumed["run"]["deals_played_now"] == 40 - len(done)
    jobs = [json.loads(line)["job"] for line in path.read_text().splitlines()[1:]]
    assert sorted(jobs) == list(range(40))  # every deal once: none lost, none played twice
    # A fresh run on threads (the executors agree: tests/tournament/test_tournament.py), cached, as
    # both signals kill the same tournament.
    fresh = _fresh_report(t)
    assert {k: v for k, v in resumed.items() if k not in ("run", "timing")} == fresh
