"""``sixtysix replay`` (text and ``--html``) and ``sixtysix play --save`` for Tausendeins."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from sixtysix import svg
from sixtysix import tausendeins as t1
from sixtysix.bots import RandomBot
from sixtysix.cli import main
from sixtysix.viewer import page_data

DATA = Path(__file__).parents[1] / "data" / "records"


def _match(rules: t1.TausendeinsRules = t1.TAUSENDEINS_CONTRACT) -> t1.MatchRecord:
    return t1.play_match(rules, [RandomBot(), t1.TausendeinsRuleBot()], seed=2)


def test_replay_prints_a_game_to_1001(capsys: pytest.CaptureFixture[str]) -> None:
    """Rules §12.8: every deal, its moves, its result and the totals after it."""
    path = DATA / "tausendeins_contract_match.json"
    record = t1.load_record(path.read_text())
    assert isinstance(record, t1.MatchRecord)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Tausendeins game record {path}: TAUSENDEINS_CONTRACT, a game to 1001")
    assert out.count("=== Hand ") == len(record.games)
    assert "the contract of" in out and "declares the marriage" in out
    assert f"Seat {record.winner} won the match." in out
    assert out.endswith("every move is legal and every result is right.\n")


def test_replay_prints_a_deal_and_an_unfinished_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deal = _match(t1.TAUSENDEINS).games[0]
    path = tmp_path / "deal.json"
    path.write_text(deal.to_json())
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Tausendeins deal record {path}: TAUSENDEINS,")
    assert f"{len(deal.moves):>3}. " in out and "Result: points" in out
    assert main(["replay", str(DATA / "tausendeins_deal_unfinished.json")]) == 0
    out = capsys.readouterr().out
    assert "Seat 1: bid 110." in out and "The deal is not finished." in out


def test_replay_rejects_a_bad_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(_match().games[0].to_json())
    data["moves"] = list(reversed(data["moves"]))
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1
    assert "move 1" in capsys.readouterr().err


def test_replay_html_steps_through_every_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The viewer shows Tausendeins records: a frame per move, the auction included."""
    record = _match()
    out = tmp_path / "game.html"
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    assert main(["replay", str(path), "--html", str(out)]) == 0
    data = page_data(out.read_text())
    assert len(data["hands"]) == len(record.games)
    for hand, game in zip(data["hands"], record.games, strict=True):
        assert len(hand["frames"]) == len(game.moves) + 1
    assert any("contract" in line for line in data["hands"][0]["result"])
    assert svg.record_html(record.games[0]).startswith("<!DOCTYPE html>")
    page = svg.record_html(t1.load_record((DATA / "tausendeins_deal_unfinished.json").read_text()))
    assert "The deal is not finished." in json.dumps(page_data(page))


def test_play_save_writes_a_record_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--save``: the deal played (here cut short by the end of input) is recorded."""
    path = tmp_path / "saved.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\n1\n"))
    argv = ["play", "--game", "tausendeins", "--seed", "4", "--save", str(path)]
    assert main(argv) == 0
    capsys.readouterr()
    record = t1.load_record(path.read_text())
    assert isinstance(record, t1.DealRecord) and record.seed == "4/0" and record.moves
    t1.replay(record)


def test_play_match_save_keeps_the_finished_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--match --save``: a game left during a deal keeps its whole deals (rules §12.8)."""
    path = tmp_path / "game.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 40))
    argv = ["play", "--game", "tausendeins", "--match", "--seed", "6", "--save", str(path)]
    assert main(argv) == 0
    assert "The unfinished deal is left out" in capsys.readouterr().out
    record = t1.load_record(path.read_text())
    assert isinstance(record, t1.MatchRecord) and record.games and record.seed == 6
    _, game = t1.replay(record)
    assert game.scores == record.scores and not game.is_over
