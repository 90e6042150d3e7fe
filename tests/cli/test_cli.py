"""The ``sixtysix`` command: every subcommand driven through ``main([...])``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import sixtysix as ss
from sixtysix import cli
from sixtysix.bots import RandomBot, RuleBot
from sixtysix.cli import main
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


def _field_names() -> list[str]:
    return [f.name for f in attrs.fields(ss.Rules)]


# ------------------------------------------------------------------ general


def test_version(run: Run) -> None:
    assert run("--version") == (0, f"sixtysix {ss.__version__}\n", "")


@pytest.mark.parametrize("command", [[], ["play"], ["simulate"], ["replay"], ["rules"]])
def test_help_everywhere(run: Run, command: list[str]) -> None:
    status, out, err = run(*command, "--help")
    assert status == 0
    assert out.startswith(f"usage: sixtysix {' '.join(command)}".rstrip())
    assert err == ""


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["deal"],
        ["--frobnicate"],
        ["play", "--seat", "2"],
        ["play", "--rules", "NOPE"],
        ["play", "--rules", "CLASSIC_66", "--rules-file", "x.json"],
        ["play", "--seed", "-1"],
        ["play", "--seed", "seven"],
        ["simulate", "--matches", "0"],
        ["simulate", "--matches", "x"],
        ["simulate", "--hands", "-3"],
        ["simulate", "--matches", "1", "--hands", "1"],
        ["replay"],
        ["replay", "a.json", "b.json"],
        ["rules", "NOPE"],
        ["rules", "CLASSIC_66", "--rules-file", "x.json"],
    ],
)
def test_usage_errors_exit_2(run: Run, argv: list[str]) -> None:
    status, out, err = run(*argv)
    assert status == 2
    assert out == ""
    assert "usage: sixtysix" in err
    assert "\nsixtysix: error: " in err


def test_unknown_preset_lists_the_presets(run: Run) -> None:
    status, _, err = run("simulate", "--rules", "schnaps")
    assert status == 2
    assert "no preset called 'schnaps'" in err
    assert all(name in err for name in ss.PRESETS)


def test_python_dash_m(tmp_path: Path) -> None:
    src = str(Path(cli.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}
    ok = subprocess.run(
        [sys.executable, "-m", "sixtysix", "--version"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert (ok.returncode, ok.stdout) == (0, f"sixtysix {ss.__version__}\n")
    bad = subprocess.run(
        [sys.executable, "-m", "sixtysix", "rules", "nope"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert bad.returncode == 2
    assert "sixtysix: error: " in bad.stderr


def test_importing_the_command_runs_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    import importlib

    import sixtysix.__main__

    importlib.reload(sixtysix.__main__)
    importlib.reload(cli)
    assert capsys.readouterr() == ("", "")


# ------------------------------------------------------------------ rules


def test_rules_lists_every_preset_with_a_description(run: Run) -> None:
    status, out, err = run("rules")
    assert (status, err) == (0, "")
    lines = {line.split()[0]: line for line in out.splitlines()[2:]}
    assert list(lines) == list(ss.PRESETS)
    for name, line in lines.items():
        assert len(line.split(name, 1)[1].strip()) > 20, name


@pytest.mark.parametrize("name", list(ss.PRESETS))
def test_rules_prints_every_parameter_of_a_preset(run: Run, name: str) -> None:
    status, out, err = run("rules", name.lower().replace("_", "-"))
    assert (status, err) == (0, "")
    rules = ss.PRESETS[name]
    lines = out.splitlines()
    assert lines[0] == f"# {name}"
    body = [line for line in lines if not line.startswith("#")]
    assert [line.split(" = ")[0].strip() for line in body] == _field_names()
    for line, field in zip(body, _field_names(), strict=True):
        value = line.split(" = ")[1]
        differs = getattr(rules, field) != getattr(ss.CLASSIC_66, field)
        assert value.endswith("  *") == differs, line
        assert value.removesuffix("  *") == cli._value_text(getattr(rules, field))
    # Aligned: every "=" in the same column.
    assert len({line.index(" = ") for line in body}) == 1


def test_rules_values_read_like_the_spec(run: Run) -> None:
    _, out, _ = run("rules", "VU_SCHNAPSEN")
    assert "deal_packets                = (1, 1, 1, 1, 1)  *" in out
    assert "closing_allowed             = no  *" in out
    assert "marriage_lead               = KING_ONLY  *" in out
    assert "match_target                = 7\n" in out


@pytest.mark.parametrize("name", list(ss.PRESETS))
def test_rules_json_round_trips(run: Run, name: str) -> None:
    status, out, _ = run("rules", name, "--json")
    assert status == 0
    assert ss.Rules.from_dict(json.loads(out)) == ss.PRESETS[name]


def test_rules_json_of_all_presets(run: Run) -> None:
    status, out, _ = run("rules", "--json")
    assert status == 0
    data = json.loads(out)
    assert list(data) == list(ss.PRESETS)
    assert all(ss.Rules.from_dict(d) == ss.PRESETS[n] for n, d in data.items())


def test_rules_file(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "house.json"
    path.write_text('{"preset": "SCHNAPSEN", "match_target": 11}', encoding="utf-8")
    status, out, err = run("rules", "--rules-file", str(path))
    assert (status, err) == (0, "")
    assert out.startswith(f"# {path} (house rules)\n")
    assert "match_target                = 11  *" in out
    assert "deck                        = D20  *" in out
    status, out, _ = run("rules", "--rules-file", str(path), "--json")
    expected = attrs.evolve(ss.SCHNAPSEN, match_target=11)
    assert ss.Rules.from_dict(json.loads(out)) == expected


def test_rules_file_naming_a_preset(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "santase.json"
    path.write_text(json.dumps(ss.SANTASE.to_dict()), encoding="utf-8")
    status, out, _ = run("rules", "--rules-file", str(path))
    assert status == 0
    assert out.startswith(f"# {path} (SANTASE)\n")


BAD_RULES = [
    ('{"match_target": 11', "is not valid JSON"),
    ('{"match_taget": 11}', "unknown rules field 'match_taget'"),
    ('{"strict_play": "FOLLOW"}', "cannot be 'FOLLOW'; allowed values: FOLLOW_HEAD_OR_TRUMP"),
    ('{"match_target": 0}', "match_target must be a whole number"),
    ('{"deal_packets": [6, 6]}', "talon"),
    ('{"preset": "NOPE"}', "no preset called 'NOPE'"),
    ("[1, 2]", "mapping"),
    ("", "is not valid JSON"),
]


@pytest.mark.parametrize(("text", "message"), BAD_RULES)
@pytest.mark.parametrize("command", [["rules"], ["play"], ["simulate", "--matches", "1"]])
def test_bad_rules_files_exit_1(
    run: Run, tmp_path: Path, text: str, message: str, command: list[str]
) -> None:
    path = tmp_path / "rules.json"
    path.write_text(text, encoding="utf-8")
    status, out, err = run(*command, "--rules-file", str(path), stdin="")
    assert status == 1
    assert out == ""
    assert err.startswith(f"sixtysix: error: rules file '{path}'")
    assert message in err
    assert err.count("\n") == 1


def test_unreadable_rules_files_exit_1(run: Run, tmp_path: Path) -> None:
    status, _, err = run("rules", "--rules-file", str(tmp_path / "missing.json"))
    assert (status, err) == (
        1,
        f"sixtysix: error: rules file '{tmp_path}/missing.json' does not exist\n",
    )
    status, _, err = run("rules", "--rules-file", str(tmp_path))
    assert status == 1
    assert "is a directory" in err
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    status, _, err = run("rules", "--rules-file", str(binary))
    assert status == 1
    assert "is not UTF-8 text" in err


# ------------------------------------------------------------------ simulate


def _summary(run: Run, *argv: str) -> dict[str, object]:
    status, out, err = run("simulate", "--json", *argv)
    assert (status, err) == (0, "")
    data: dict[str, object] = json.loads(out)
    return data


def test_simulate_main_job(run: Run) -> None:
    status, out, err = run("simulate", "--matches", "100", "--seed", "1")
    assert (status, err) == (0, "")  # no progress bar: stderr is not a terminal here
    assert out.startswith(
        "sixtysix simulate: 100 matches of CLASSIC_66, RandomBot vs RandomBot, seed 1"
    )
    table = {line[:22].strip(): line[22:].split() for line in out.splitlines() if line[:1] != " "}
    won = [int(x) for x in table["matches won"]]
    assert sum(won) == 100
    assert table["match win rate"] == [f"{w:.1f}%" for w in won]
    hands = int(out.split("hands: ")[1].split()[0])
    assert sum(int(x) for x in table["hands won"]) <= hands
    assert "game points per hand" in table
    assert "hands per second" in out


def test_simulate_matches_are_the_documented_matches(run: Run) -> None:
    data = _summary(run, "--matches", "6", "--seed", "9")
    records = [
        play_match(ss.CLASSIC_66, RandomBot(), RandomBot(), seed=f"9:{i}", dealer=i % 2)
        for i in range(6)
    ]
    assert data["matches"] == 6
    assert data["hands"] == sum(len(r.games) for r in records)
    assert data["matches_won"] == [sum(r.winner == s for r in records) for s in (0, 1)]
    assert data["game_points"] == [sum(r.scores[s] for r in records) for s in (0, 1)]
    endings = data["endings"]
    assert isinstance(endings, dict)
    assert sum(endings.values()) == data["hands"]


def test_simulate_hands(run: Run) -> None:
    data = _summary(run, "--hands", "30", "--seed", "2", "--rules", "SCHNAPSEN")
    results = [
        play_hand(ss.SCHNAPSEN, RandomBot(), RandomBot(), seed=f"2:{i}", dealer=i % 2).result
        for i in range(30)
    ]
    assert (data["hands"], data["matches"], data["rules"]) == (30, 0, "SCHNAPSEN")
    assert data["hands_won"] == [
        sum(r is not None and r.winner == s for r in results) for s in (0, 1)
    ]
    points = [
        sum(r.game_points for r in results if r is not None and r.winner == s) for s in (0, 1)
    ]
    assert data["game_points"] == points
    per_hand = data["game_points_per_hand"]
    assert per_hand == [p / 30 for p in points]


def test_simulate_default_is_100_matches(run: Run) -> None:
    data = _summary(run, "--seed", "3", "--rules", "VU_SCHNAPSEN")
    assert data["requested"] == {"matches": 100}
    assert data["matches"] == 100


def test_simulate_is_reproducible_but_for_the_speed(run: Run) -> None:
    def text() -> list[str]:
        _, out, _ = run("simulate", "--matches", "4", "--seed", "11", "--rules", "santase")
        return [line for line in out.splitlines() if not line.startswith("speed:")]

    assert text() == text()


def test_simulate_without_seed_picks_and_reports_one(run: Run) -> None:
    data = _summary(run, "--hands", "2")
    seed = data["seed"]
    assert isinstance(seed, int)
    assert _summary(run, "--hands", "2", "--seed", str(seed))["hands_won"] == data["hands_won"]


def test_simulate_house_rules(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "house.json"
    path.write_text('{"match_target": 3}', encoding="utf-8")
    data = _summary(run, "--rules-file", str(path), "--matches", "5", "--seed", "1")
    assert data["rules"] == "house rules"
    won = data["matches_won"]
    assert isinstance(won, list) and sum(won) == 5


def test_simulate_progress_bar(run: Run) -> None:
    status, out, err = run("simulate", "--matches", "3", "--seed", "1", "--progress")
    assert status == 0
    assert "\r[" in err
    assert "3/3 matches" in err
    assert err.endswith("\r")  # the bar is wiped before the summary
    assert "\r" not in out
    status, _, err = run("simulate", "--matches", "3", "--seed", "1", "--no-progress")
    assert (status, err) == (0, "")


def test_simulate_other_bots(run: Run) -> None:
    data = _summary(run, "--bots", "rule", "random", "--matches", "10", "--seed", "4")
    assert data["players"] == ["RuleBot", "RandomBot"]
    records = [
        play_match(ss.CLASSIC_66, RuleBot(), RandomBot(), seed=f"4:{i}", dealer=i % 2)
        for i in range(10)
    ]
    assert data["matches_won"] == [sum(r.winner == s for r in records) for s in (0, 1)]
    status, _, err = run("simulate", "--bots", "rule", "clever")
    assert status == 2
    assert "invalid choice: 'clever'" in err


def test_simulate_interrupted(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = worker.play_job

    def flaky(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args)

    # One worker thread plays the matches in order, one per batch.
    monkeypatch.setattr(worker, "play_job", flaky)
    status, out, err = run(
        "simulate", "--matches", "5", "--seed", "1", "--executor", "thread", "--workers", "1"
    )
    assert status == 130
    assert "2 of 5 matches (interrupted)" in out
    assert err == "sixtysix: interrupted\n"


def test_simulate_runs_in_parallel_with_the_same_results(run: Run) -> None:
    argv = ("--matches", "6", "--seed", "5", "--bots", "rule", "random")
    one = _summary(run, *argv, "--executor", "inline")
    two = _summary(run, *argv, "--workers", "2")
    for data in (one, two):
        del data["seconds"], data["hands_per_second"]
    assert one == two


# ------------------------------------------------------------------ play


# ------------------------------------------------------------------ words


def test_every_ending_and_preset_has_words() -> None:
    assert set(cli._END_TEXT) == set(ss.HandEnd)
    assert set(cli._PRESET_SUMMARIES) == set(ss.PRESETS)


# ------------------------------------------------------------------ replay


@pytest.fixture
def game_file(tmp_path: Path) -> tuple[Path, GameRecord]:
    record = play_hand(ss.CLASSIC_66, RuleBot(), RandomBot(), seed=5)
    path = tmp_path / "game.json"
    path.write_text(record.to_json(indent=2), encoding="utf-8")
    return path, record


def test_replay_a_game(run: Run, game_file: tuple[Path, GameRecord]) -> None:
    path, record = game_file
    status, out, err = run("replay", str(path))
    assert (status, err) == (0, "")
    assert out.startswith(f"Game record {path}: CLASSIC_66, written by sixtysix ")
    numbered = [line for line in out.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    assert len(numbered) == len(record.moves)
    deal = ss.new_hand(ss.CLASSIC_66, seed=5)
    for seat in (0, 1):
        assert " ".join(str(c) for c in deal.hand(seat)) in out
    assert "Hand over: " in out
    assert out.endswith("The record is valid: every move is legal and every result is right.\n")


def test_replay_a_match(run: Run, tmp_path: Path) -> None:
    record = play_match(ss.SCHNAPSEN, RuleBot(), RandomBot(), seed=21)
    path = tmp_path / "match.json"
    path.write_text(record.to_json(), encoding="utf-8")
    status, out, _ = run("replay", str(path))
    assert status == 0
    assert out.count("=== Hand ") == len(record.games)
    assert f"Seat {record.winner} won the match." in out
    final = ", ".join(f"seat {s} {p}" for s, p in enumerate(record.scores))
    assert f"Match score: {final}" in out


def test_replay_from_stdin(run: Run, game_file: tuple[Path, GameRecord]) -> None:
    path, _ = game_file
    status, out, _ = run("replay", "-", stdin=path.read_text(encoding="utf-8"))
    assert status == 0
    assert out.startswith("Game record standard input: ")


def test_replay_an_unfinished_game(run: Run, tmp_path: Path) -> None:
    full = play_hand(ss.CLASSIC_66, RandomBot(), RandomBot(), seed=2)
    part = attrs.evolve(full, moves=full.moves[:3], result=None)
    path = tmp_path / "part.json"
    path.write_text(part.to_json(), encoding="utf-8")
    status, out, _ = run("replay", str(path))
    assert status == 0
    assert "The hand is not finished: seat " in out


def _mutate(record: GameRecord, change: Callable[[dict[str, object]], object]) -> str:
    data = record.to_dict()
    change(data)
    return json.dumps(data)


def _illegal_first_move(data: dict[str, object]) -> None:
    state = ss.new_hand(ss.CLASSIC_66, seed=5)
    leader = state.to_move
    assert leader is not None
    other = state.hand(1 - leader)[0]
    moves = data["moves"]
    assert isinstance(moves, list)
    moves[0] = str(other)


def _wrong_result(data: dict[str, object]) -> None:
    result = data["result"]
    assert isinstance(result, dict)
    result["game_points"] = 3 if result["game_points"] != 3 else 1


BAD_RECORDS: list[tuple[str, Callable[[GameRecord], str], str]] = [
    ("truncated", lambda r: r.to_json()[:50], "line 1, column 50: the record is cut off"),
    ("empty", lambda r: "", "the record is empty"),
    ("not a record", lambda r: "[1, 2, 3]", ""),
    ("illegal move", lambda r: _mutate(r, _illegal_first_move), "move 1"),
    ("wrong result", lambda r: _mutate(r, _wrong_result), "wrong result"),
    ("bad card", lambda r: r.to_json().replace('"pack": ["', '"pack": ["X', 1), "not a card"),
    (
        "unknown rules field",
        lambda r: _mutate(r, lambda d: d["rules"].update(colour="red")),  # type: ignore[attr-defined]
        "colour",
    ),
]


@pytest.mark.parametrize(("what", "make", "message"), BAD_RECORDS, ids=[b[0] for b in BAD_RECORDS])
def test_replay_bad_records_exit_1(
    run: Run,
    tmp_path: Path,
    game_file: tuple[Path, GameRecord],
    what: str,
    make: Callable[[GameRecord], str],
    message: str,
) -> None:
    _, record = game_file
    path = tmp_path / "bad.json"
    path.write_text(make(record), encoding="utf-8")
    status, out, err = run("replay", str(path))
    assert status == 1, what
    assert out == ""  # nothing is printed for a record that does not check out
    assert err.startswith(f"sixtysix: error: {path}: ")
    assert message in err
    assert err.count("\n") == 1


def test_replay_missing_file(run: Run, tmp_path: Path) -> None:
    status, out, err = run("replay", str(tmp_path / "nope.json"))
    assert (status, out) == (1, "")
    assert err == f"sixtysix: error: record file '{tmp_path}/nope.json' does not exist\n"


@pytest.mark.parametrize(
    ("hands", "elapsed", "shown"), [(6, 15.4, "(0.39 hands per second)"), (5000, 2.0, "(2,500 ")]
)
def test_simulate_speed_line_keeps_slow_rates_readable(
    hands: int, elapsed: float, shown: str
) -> None:
    from sixtysix.cli.simulate import _Summary, _Tally

    tally = _Tally(hands=hands)
    summary = _Summary(ss.SCHNAPSEN, 1, ("pimc", "rule"), "hands", hands, tally, elapsed, False)
    out = io.StringIO()
    summary.write(out)
    assert shown in out.getvalue()
