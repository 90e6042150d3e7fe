"""``sixtysix replay`` on four-hand game and match records."""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest

from sixtysix import partnership as p4
from sixtysix.bots import RandomBot
from sixtysix.cli import main


def _match() -> p4.MatchRecord:
    players: list[p4.Player] = [p4.PartnershipRuleBot(), RandomBot()] * 2
    return p4.play_match(p4.FOUR_HAND_24, players, seed=3, rng=random.Random(0))


def test_replay_prints_a_four_hand_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _match().games[0]
    path = tmp_path / "hand.json"
    path.write_text(record.to_json())
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"Four-hand game record {path}: FOUR_HAND_24")
    plays = [line for line in lines if " plays " in line]
    assert [line.split(" plays ")[1].split()[0] for line in plays] == list(record.moves)
    assert sum("won by seat" in line for line in plays) == 6
    assert record.result is not None and record.result.winner is not None
    assert any(line.startswith(f"Result: side {record.result.winner} ") for line in lines)
    assert lines[-1].startswith("The record is valid")


def test_replay_prints_a_four_hand_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _match()
    path = tmp_path / "match.json"
    path.write_text(record.to_json())
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        f"Four-hand match record {path}: FOUR_HAND_24, {len(record.games)} hands"
    )
    assert out.count("=== Hand ") == len(record.games)
    assert f"Match score: side 0 {record.scores[0]}, side 1 {record.scores[1]}" in out
    winner = 0 if record.scores[0] >= 7 else 1
    assert f"Side {winner} (seats {winner} and {winner + 2}) won the match." in out


def test_replay_rejects_a_bad_four_hand_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(_match().games[0].to_json())
    data["moves"] = list(reversed(data["moves"]))
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().err.startswith(f"sixtysix: error: {path}: ")


def test_an_unfinished_hand_and_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = p4.new_hand(p4.FOUR_HAND_24, seed=1)
    moves = []
    for _ in range(5):
        move = p4.legal_moves(s)[0]
        moves.append(move)
        s = p4.apply_move(s, move)
    path = tmp_path / "part.json"
    path.write_text(p4.record_hand(p4.FOUR_HAND_24, moves, seed=1).to_json())
    assert main(["replay", str(path)]) == 0
    assert "The hand is not finished." in capsys.readouterr().out


def test_a_tie_with_the_ten_of_trumps_point(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = attrs.evolve(p4.FOUR_HAND_24, ten_of_trumps_point=True)
    players: list[p4.Player] = [RandomBot()] * 4
    record = p4.play_hand(rules, players, seed=652, rng=random.Random(652))
    assert record.result is not None and record.result.winner is None
    ten = record.result.ten_of_trumps
    assert ten is not None
    path = tmp_path / "tie.json"
    path.write_text(record.to_json())
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Four-hand game record" in out and "house rules" in out
    assert f"nobody scores; 1 carried; side {ten} (seats {ten} and {ten + 2}) scores the" in out


def test_an_unfinished_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _match()
    first = record.games[0]
    assert first.result is not None
    scores = p4.apply_result(
        p4.PartnershipMatch(rules=record.rules, seed=record.seed, dealer=record.dealer),
        first.result,
    ).scores
    part = attrs.evolve(record, games=(first,), scores=scores)
    path = tmp_path / "part-match.json"
    path.write_text(part.to_json())
    assert main(["replay", str(path)]) == 0
    assert "The match is not finished." in capsys.readouterr().out
