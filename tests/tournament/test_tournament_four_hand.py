"""The tournament runner and ``sixtysix tournament`` on four-hand partnership deals."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from sixtysix import partnership as p4
from sixtysix.bots.registry import make_bot
from sixtysix.cli import main
from sixtysix.errors import TournamentError
from sixtysix.tournament import BotSpec, Tournament, read_journal, run_tournament, schedule_jobs
from sixtysix.tournament import worker as worker_module
from sixtysix.tournament.schedule import seatings

RULE4 = BotSpec("partnership-rule")
RANDOM = BotSpec("random")


def four(deals: int = 6, unit: str = "hand", **kw: object) -> Tournament:
    game = p4.PartnershipGame(p4.FOUR_HAND_24)
    return Tournament((RULE4, RANDOM), deals=deals, seed=3, unit=unit, game=game, **kw)  # type: ignore[arg-type]


def test_registry_has_the_four_hand_rule_bot() -> None:
    bot = make_bot("partnership-rule")
    assert isinstance(bot, p4.PartnershipRuleBot)
    s = p4.new_hand(p4.FOUR_HAND_66, seed=2)
    seat = p4.to_move(s)
    assert seat is not None
    assert bot.choose(p4.observe(s, seat), random.Random(0)) in p4.legal_moves(s)


def test_sides_dealer_passing_and_duplicate() -> None:
    t = four(deals=5)
    jobs = schedule_jobs(t)
    assert [j.dealer for j in jobs] == [0, 1, 2, 3, 0]
    games = seatings(t, jobs[2])
    assert [g.seats for g in games] == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert all(g.dealer == 2 for g in games)


def test_a_hand_is_the_hand_play_hand_plays() -> None:
    t2 = Tournament(
        (RULE4, BotSpec("partnership-rule", label="r2")),
        deals=4,
        seed=3,
        game=p4.PartnershipGame(p4.FOUR_HAND_24),
    )
    for job in schedule_jobs(t2):
        deal = worker_module.play_job(t2, job)
        record = p4.play_hand(
            p4.FOUR_HAND_24, [p4.PartnershipRuleBot()] * 4, seed=job.seed, dealer=job.dealer
        )
        for game in deal.games:  # the rule bot is deterministic: both games are this hand
            hand = game.hands[0]
            assert hand.moves == record.moves
            assert record.result is not None
            g = record.result.side_game_points
            assert hand.returns == (g[0] - g[1], g[1] - g[0]) * 2
            assert hand.end == record.result.reason.name


def test_matches_are_played_to_seven_and_scored_per_side() -> None:
    t = four(deals=3, unit="match")
    run = run_tournament(t, "inline")
    for d in run.deals:
        for g in d.games:
            assert g.scores is not None and max(g.scores) >= 7 and g.winner in (0, 1)
            assert g.net(g.seats[0]) == g.scores[0] - g.scores[1]
            assert sum(g.decisions) == sum(len(h.moves) for h in g.hands)
    report = run.report(bootstrap=10)
    pair = report.pairs[0]
    assert pair.matches_won is not None and sum(pair.matches_won) == 6
    assert "matches" in report.text()


def test_thread_and_process_give_identical_reports() -> None:
    t = four(deals=6)
    reports = [
        run_tournament(t, "inline").report(bootstrap=20).to_dict(),
        run_tournament(t, "thread", workers=2, batch_size=1).report(bootstrap=20).to_dict(),
        run_tournament(t, "process", workers=2, batch_size=2).report(bootstrap=20).to_dict(),
    ]
    for r in reports:
        del r["timing"]
    assert reports[0] == reports[1] == reports[2]
    pair = reports[0]["pairs"][0]
    assert pair["deals"] == 6 and pair["hands"] == 12


def test_report_is_per_side() -> None:
    report = run_tournament(four(deals=40), "inline").report(bootstrap=10)
    pair = report.pairs[0]
    won, lost, tied = pair.hands_won
    assert won + lost + tied == 80
    assert pair.points_per_hand.value > 0  # the rule bot's side beats the random side
    text = report.text()
    assert "by seat k % 4" in text and "four-hand FOUR_HAND_24" in text


def test_round_trip_and_validation(tmp_path: Path) -> None:
    t = four(deals=2, unit="match")
    back = Tournament.from_dict(json.loads(json.dumps(t.to_dict())))
    assert back == t and back.the_game == t.the_game
    journal = tmp_path / "j.jsonl"
    run_tournament(t, "inline", journal=str(journal))
    assert read_journal(str(journal))[0].the_game == t.the_game
    with pytest.raises(TournamentError, match="not the data"):
        Tournament.from_dict({**t.to_dict(), "four_hand_rules": {"deck": "D99"}})


def test_a_two_hand_bot_forfeits_for_its_side() -> None:
    t = Tournament(
        (RULE4, BotSpec("rule")), deals=1, seed=1, game=p4.PartnershipGame(p4.FOUR_HAND_66)
    )
    deal = worker_module.play_job(t, schedule_jobs(t)[0])
    for game in deal.games:
        assert game.forfeit is not None and game.winner_bot == 0
        assert game.hands[-1].end == "FORFEIT"
    tm = Tournament(
        (RULE4, BotSpec("rule")),
        deals=1,
        seed=1,
        unit="match",
        game=p4.PartnershipGame(p4.FOUR_HAND_66),
    )
    for game in worker_module.play_job(tm, schedule_jobs(tm)[0]).games:
        assert game.forfeit is not None and game.winner_bot == 0 and game.scores is not None
        assert game.scores[game.seat_of(0)] >= 3


def test_cli_four_hand(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--game", "four-hand", "--variant", "FOUR_HAND_24", "partnership-rule"]
    code = main(
        [*args, "random", "--deals", "4", "--seed", "1", "--executor", "thread", "--quiet"]
    )
    out = capsys.readouterr().out
    assert code == 0 and "four-hand FOUR_HAND_24" in out and "partnership-rule vs random" in out
    args = ["tournament", "--game", "four-hand", "random", "r2=random", "--json"]
    more = ["--deals", "2", "--seed", "1", "--executor", "thread", "--quiet", "--unit", "match"]
    code = main([*args, *more, "--bootstrap", "5"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["tournament"]["game"] == "four-hand FOUR_HAND_66"


@pytest.mark.parametrize(
    "extra",
    [["--game", "four-hand", "--rules", "SCHNAPSEN"], ["--variant", "FOUR_HAND_24"]],
)
def test_cli_four_hand_usage(extra: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", *extra, "random", "random", "--deals", "1"]) == 2
    assert "--variant" in capsys.readouterr().err
