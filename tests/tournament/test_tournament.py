"""The tournament runner: schedule, games, executors, journal, resume, SPRT, forfeits."""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.profiles import examples

import sixtysix as ss
from sixtysix import CLASSIC_66, SCHNAPSEN, RandomBot, RuleBot, TwoHandGame
from sixtysix import tausendeins as t1
from sixtysix.errors import PlayerError, TournamentError
from sixtysix.game import Outcome
from sixtysix.moves import Move
from sixtysix.observe import PlayerView
from sixtysix.play import play_hand, play_match
from sixtysix.tournament import (
    BotSpec,
    DealResult,
    SprtSpec,
    Tournament,
    build_report,
    parse_bot,
    read_journal,
    run_tournament,
    schedule_jobs,
    worker,
)
from sixtysix.tournament import runner as runner_module
from sixtysix.tournament import worker as worker_module
from sixtysix.tournament.executors import _Inline, open_executor
from sixtysix.tournament.journal import open_journal
from sixtysix.tournament.progress import progress_bar
from sixtysix.tournament.schedule import seatings

HERE = __name__  # bots of this module are importable as f"{HERE}:Name"

RULE = BotSpec("rule")
RANDOM = BotSpec("random")


class RaisingBot:
    """Raises on its first decision (after `after` good ones)."""

    def __init__(self, after: int = 0) -> None:
        self.after = after
        self.calls = 0

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        self.calls += 1
        if self.calls > self.after:
            raise RuntimeError("boom")
        return RandomBot().choose(view, rng)


class IllegalBot:
    """Draws a card where it may not (only right after winning a trick)."""

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        return ss.Draw()


class NotAMoveBot:
    def choose(self, view: PlayerView, rng: random.Random) -> Any:
        return 42


class ExitBot:
    """Kills its worker process the first time it plays (a marker file remembers)."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        if not os.path.exists(self.marker):
            Path(self.marker).write_text("died", encoding="utf-8")
            os._exit(3)
        return RandomBot().choose(view, rng)


#: Bootstrap resamples of the reports that tests compare with each other (the bootstrap
#: is seeded, so any count pins the equality; the default 200 is tested on its own).
BOOTSTRAP = 20


def _stable(report: Any) -> dict[str, Any]:
    data: dict[str, Any] = report.to_dict(timing=False)
    return data


def _without_timing(deal: DealResult) -> DealResult:
    games = tuple(attrs.evolve(g, seconds=(0.0,) * len(g.seconds)) for g in deal.games)
    return attrs.evolve(deal, games=games)


# ------------------------------------------------------------------ schedule


def test_schedule_round_robin_order_and_seeds() -> None:
    t = Tournament((RULE, RANDOM, parse_bot("r2=random")), deals=2, seed="x")
    jobs = schedule_jobs(t)
    assert [(j.index, j.deal, j.pair, j.seed, j.dealer) for j in jobs] == [
        (0, 0, (0, 1), "x:0", 0),
        (1, 0, (0, 2), "x:0", 0),
        (2, 0, (1, 2), "x:0", 0),
        (3, 1, (0, 1), "x:1", 1),
        (4, 1, (0, 2), "x:1", 1),
        (5, 1, (1, 2), "x:1", 1),
    ]
    assert [s.seats for s in seatings(t, jobs[4])] == [(0, 2), (2, 0)]
    assert all(s.dealer == 1 for s in seatings(t, jobs[4]))
    single = attrs.evolve(t, duplicate=False)
    assert [s.seats for s in seatings(single, jobs[4])] == [(0, 2)]
    assert t.labels == ("rule", "random", "r2")


@attrs.frozen
class FourSeats:
    """Just enough of a four-seat game to seat the bots."""

    name: str = "four seats"
    num_seats: int = 4


def test_four_seat_games_seat_partners_opposite() -> None:
    t = Tournament((RULE, RANDOM), deals=1, game=FourSeats())  # type: ignore[arg-type]
    assert [s.seats for s in seatings(t, schedule_jobs(t)[0])] == [(0, 1, 0, 1), (1, 0, 1, 0)]
    with pytest.raises(TournamentError, match="cannot be rebuilt"):
        Tournament.from_dict(t.to_dict())


def test_tournament_validation() -> None:
    with pytest.raises(TournamentError, match="two or more"):
        Tournament((RULE,))
    with pytest.raises(TournamentError, match="different labels"):
        Tournament((RULE, RULE))
    with pytest.raises(TournamentError, match="deals"):
        Tournament((RULE, RANDOM), deals=0)
    with pytest.raises(TournamentError, match="unit"):
        Tournament((RULE, RANDOM), unit="bummerl")  # type: ignore[arg-type]
    with pytest.raises(TournamentError, match="compares two bots"):
        Tournament((RULE, RANDOM, parse_bot("x=rule")), sprt=SprtSpec(0, 10))


def test_tournament_round_trips_through_its_dict() -> None:
    t = Tournament(
        (RULE, parse_bot('r=random{"a": [1, 2]}')),
        SCHNAPSEN,
        deals=7,
        seed="s",
        unit="match",
        duplicate=False,
        sprt=SprtSpec(0, 5, 0.1, 0.2, "points"),
    )
    assert Tournament.from_dict(json.loads(json.dumps(t.to_dict()))) == t
    for broken in ({}, {**t.to_dict(), "rules": 3}, {**t.to_dict(), "bots": [{}]}):
        with pytest.raises(TournamentError, match="not the data of a tournament"):
            Tournament.from_dict(broken)


def test_parse_bot() -> None:
    assert parse_bot("rule") == BotSpec("rule")
    assert parse_bot('x=sixtysix.bots:RandomBot{"a":1}') == BotSpec(
        "sixtysix.bots:RandomBot", {"a": 1}, "x"
    )
    assert parse_bot('random{"b": 2, "a": 1}').label == 'random{"a": 1, "b": 2}'
    for bad in ("", "=rule", "x=", "rule{nope", 'rule{"a":1}x'):
        with pytest.raises(PlayerError):
            parse_bot(bad)
    with pytest.raises(PlayerError, match="JSON object"):
        BotSpec("rule", "[1, 2]")
    with pytest.raises(PlayerError, match="JSON values"):
        BotSpec("rule", {"a": object()})


def test_sprt_spec() -> None:
    assert SprtSpec.parse("-5,5") == SprtSpec(-5, 5)
    assert SprtSpec.parse("0,2,0.1,0.2", "points") == SprtSpec(0, 2, 0.1, 0.2, "points")
    for bad in ("1", "a,b", "1,2,3", "1,1", "0,5,0,0.05", "0,5,0.05,0.6"):
        with pytest.raises(TournamentError):
            SprtSpec.parse(bad)
    with pytest.raises(TournamentError, match="metric"):
        SprtSpec(0, 1, metric="gp")  # type: ignore[arg-type]


# ------------------------------------------------------------------ games


def test_hands_are_the_hands_play_hand_plays() -> None:
    t = Tournament((RULE, RANDOM), deals=4, seed=9)
    for job in schedule_jobs(t):
        deal = worker_module.play_job(t, job)
        first, second = deal.games
        expected = play_hand(CLASSIC_66, RuleBot(), RandomBot(), seed=job.seed, dealer=job.dealer)
        swapped = play_hand(CLASSIC_66, RandomBot(), RuleBot(), seed=job.seed, dealer=job.dealer)
        assert first.hands[0].moves == expected.moves
        assert second.hands[0].moves == swapped.moves
        result = expected.result
        assert result is not None
        assert first.hands[0].end == result.reason.name
        assert first.winner == result.winner
        assert sum(d for d in first.decisions) == len(expected.moves)


def test_matches_are_the_matches_play_match_plays() -> None:
    t = Tournament((RULE, RANDOM), rules=SCHNAPSEN, deals=3, seed=4, unit="match")
    for job in schedule_jobs(t):
        game = worker_module.play_job(t, job).games[0]
        record = play_match(SCHNAPSEN, RuleBot(), RandomBot(), seed=job.seed, dealer=job.dealer)
        assert [h.moves for h in game.hands] == [g.moves for g in record.games]
        assert game.scores == record.scores and game.winner == record.winner
        assert game.net(0) == record.scores[0] - record.scores[1]


def test_the_same_bot_on_both_sides_of_a_duplicate_pair_mirrors() -> None:
    t = Tournament((RANDOM, parse_bot("twin=random")), deals=10, seed=2)
    report = run_tournament(t, "inline").report()
    pair = report.pairs[0]
    assert pair.points_per_hand.value == 0.0
    assert pair.hands_won[0] == pair.hands_won[1]


def test_schwarz_is_counted() -> None:
    t = Tournament((RULE, RANDOM), deals=30, seed=1)
    run = run_tournament(t, "inline")
    hands = [h for d in run.deals for g in d.games for h in g.hands]
    assert any(h.schwarz for h in hands)
    assert run.report().pairs[0].schwarz == sum(h.schwarz for h in hands)
    zero = attrs.evolve(SCHNAPSEN, schwarz=ss.Schwarz.ZERO_POINTS)
    run = run_tournament(attrs.evolve(t, rules=zero), "inline")
    for d in run.deals:
        for g in d.games:
            for h in g.hands:
                assert not h.schwarz or 3 in [abs(r) for r in h.returns]


@attrs.frozen
class Wrapped:
    """The two-hand game behind another class: the generic code path of the runner."""

    inner: TwoHandGame = TwoHandGame(CLASSIC_66)
    name: str = "wrapped"
    num_seats: int = 2

    def __getattr__(self, attr: str) -> Any:
        return getattr(self.inner, attr)


@attrs.frozen
class WrappedWithEnds(Wrapped):
    def outcome(self, state: ss.HandState) -> Outcome:
        return attrs.evolve(self.inner.outcome(state), end="END")


@pytest.mark.parametrize("unit", ["hand", "match"])
def test_a_game_other_than_the_two_hand_game(unit: str) -> None:
    t = Tournament((RULE, RANDOM), deals=3, seed=8, unit=unit)  # type: ignore[arg-type]
    plain = run_tournament(t, "inline")
    for game in (Wrapped(), WrappedWithEnds()):
        wrapped = run_tournament(attrs.evolve(t, game=game), "inline")
        for a, b in zip(plain.deals, wrapped.deals, strict=True):
            for ga, gb in zip(a.games, b.games, strict=True):
                assert [h.moves for h in ga.hands] == [h.moves for h in gb.hands]
                assert [h.returns for h in ga.hands] == [h.returns for h in gb.hands]
                assert ga.winner_bot == gb.winner_bot and ga.scores == gb.scores
                ends = [h.end for h in gb.hands]
                assert ends == ["END"] * len(ends) or ends == [h.end for h in ga.hands]
        assert "wrapped" in wrapped.report().text()


# ------------------------------------------------------------------ forfeits


@pytest.mark.parametrize(
    ("bot", "reason"),
    [
        ("RaisingBot", "raised RuntimeError: boom"),
        ("IllegalBot", "chose Draw(), which is not a legal move: IllegalMoveError"),
        ("NotAMoveBot", "chose 42, which is not a legal move"),
    ],
)
@pytest.mark.parametrize("unit", ["hand", "match"])
def test_a_failing_bot_forfeits_and_the_run_goes_on(bot: str, reason: str, unit: str) -> None:
    bad = BotSpec(f"{HERE}:{bot}", label="bad")
    t = Tournament((RULE, bad), deals=3, seed=1, unit=unit)  # type: ignore[arg-type]
    run = run_tournament(t, "thread", workers=2, batch_size=1)
    assert len(run.deals) == 3
    report = run.report()
    assert len(report.forfeits) == 6
    assert all(f.bot == "bad" and f.reason.startswith(reason) for f in report.forfeits)
    assert report.pairs[0].forfeits == (0, 6)
    for deal in run.deals:
        for game in deal.games:
            assert game.forfeit is not None and game.winner_bot == 0
            assert game.hands[-1].end == "FORFEIT"
            assert game.hands[-1].returns[game.seat_of(1)] == -3
    assert report.pairs[0].grouped_endings()["forfeit"] == 6
    text = report.text()
    assert "forfeits (6):" in text and f"deal 0, game 1: bad (seat 1) {reason}" in text


# ------------------------------------------------------------------ executors


def test_same_report_on_every_executor_and_worker_count() -> None:
    t = Tournament((RULE, RANDOM, parse_bot("r2=random")), deals=6, seed=3)
    inline = run_tournament(t, "inline")
    expected = _stable(inline.report(bootstrap=BOOTSTRAP))
    runs = [
        run_tournament(t, "thread", workers=2, batch_size=1),
        run_tournament(t, "process", workers=1),
        run_tournament(t, "process", workers=2, batch_size=2),
        run_tournament(t, workers=2, batch_size=5),
    ]
    with ThreadPoolExecutor(3) as pool:
        runs.append(run_tournament(t, pool, batch_size=4))
    for run in runs:
        assert _stable(run.report(bootstrap=BOOTSTRAP)) == expected
        assert [_without_timing(d) for d in run.deals] == [
            _without_timing(d) for d in inline.deals
        ]
    assert inline.report().text(timing=False) == runs[1].report().text(timing=False)


class ReversingExecutor(ThreadPoolExecutor):
    """A thread pool in which each batch waits less than the one before: the later finish first."""

    def __init__(self) -> None:
        super().__init__(4)
        self.count = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        delay = 0.05 * (8 - self.count)
        self.count += 1

        def late() -> Any:
            time.sleep(delay)
            return fn(*args, **kwargs)

        return super().submit(late)


def test_finishing_order_does_not_matter(tmp_path: Path) -> None:
    t = Tournament((RULE, RANDOM), deals=8, seed=12)
    path = tmp_path / "j.jsonl"
    with ReversingExecutor() as pool:
        mixed = run_tournament(t, pool, batch_size=1, workers=4, journal=path)
    jobs = [json.loads(line)["job"] for line in path.read_text().splitlines()[1:]]
    assert jobs != sorted(jobs)  # the deals did finish out of order
    assert _stable(mixed.report(bootstrap=BOOTSTRAP)) == _stable(
        run_tournament(t, "inline").report(bootstrap=BOOTSTRAP)
    )


class FlakyExecutor(Executor):
    """Fails the first ``failures`` submissions, then runs inline."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.inner = _Inline()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self.failures > 0:
            self.failures -= 1
            future: Future[Any] = Future()
            future.set_exception(ConnectionError("worker lost"))
            return future
        return self.inner.submit(fn, *args, **kwargs)


def test_a_failed_batch_is_sent_again() -> None:
    t = Tournament((RULE, RANDOM), deals=4, seed=6)
    run = run_tournament(t, FlakyExecutor(2), batch_size=2)
    assert run.retried == 2
    assert _stable(run.report(bootstrap=BOOTSTRAP)) == _stable(
        run_tournament(t, "inline").report(bootstrap=BOOTSTRAP)
    )
    with pytest.raises(TournamentError, match=r"failed 4 times.*ConnectionError: worker lost"):
        run_tournament(t, FlakyExecutor(100), batch_size=2, retries=3)


def test_a_dying_worker_process_is_replaced_and_its_deals_replayed(tmp_path: Path) -> None:
    marker = tmp_path / "died"
    dying = BotSpec(f"{HERE}:ExitBot", {"marker": str(marker)}, label="b")
    t = Tournament((RULE, dying), deals=4, seed=5)
    run = run_tournament(t, "process", workers=2, batch_size=1)
    assert marker.exists() and run.retried >= 1
    assert [d.job for d in run.deals] == [0, 1, 2, 3]
    # ExitBot plays as RandomBot once the marker exists: the results are RandomBot's.
    plain = run_tournament(attrs.evolve(t, bots=(RULE, BotSpec("random", label="b"))), "inline")
    assert [_without_timing(d) for d in run.deals] == [_without_timing(d) for d in plain.deals]


def test_a_broken_executor_of_the_caller_is_an_error(tmp_path: Path) -> None:
    from concurrent.futures import ProcessPoolExecutor

    dying = BotSpec(f"{HERE}:ExitBot", {"marker": str(tmp_path / "m")}, label="b")
    t = Tournament((RULE, dying), deals=6, seed=5)
    with ProcessPoolExecutor(1) as pool, pytest.raises(TournamentError):
        run_tournament(t, pool, batch_size=1)


def test_an_executor_that_takes_no_work() -> None:
    pool = ThreadPoolExecutor(1)
    pool.shutdown()
    with pytest.raises(TournamentError, match="the executor cannot take work"):
        run_tournament(Tournament((RULE, RANDOM), deals=2), pool)


class RefusingOnce(Executor):
    """Refuses its first batch as a broken process pool does, then runs inline."""

    refused = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if RefusingOnce.refused == 0:
            RefusingOnce.refused += 1
            raise BrokenProcessPool("a child process terminated abruptly")
        return _Inline().submit(fn, *args, **kwargs)


def test_a_pool_of_its_own_that_breaks_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []

    @contextmanager
    def fake(name: str, *args: Any, **kwargs: Any) -> Iterator[Executor]:
        opened.append(name)
        yield RefusingOnce()

    monkeypatch.setattr(runner_module, "open_executor", fake)
    t = Tournament((RULE, RANDOM), deals=3, seed=1)
    run = run_tournament(t, "process", batch_size=1)
    assert opened == ["process", "process"] and len(run.deals) == 3


def test_the_inline_executor_keeps_exceptions() -> None:
    with open_executor("inline") as ex:
        future = ex.submit(int, "x")
    assert isinstance(future.exception(), ValueError)


def test_unknown_bots_and_executors() -> None:
    with pytest.raises(PlayerError, match="unknown bot 'clever'"):
        run_tournament(Tournament((RULE, BotSpec("clever"))), "inline")
    with pytest.raises(PlayerError, match="cannot import the bot module"):
        run_tournament(Tournament((RULE, BotSpec("no.such.module:Bot"))), "inline")
    with pytest.raises(TournamentError, match="unknown executor 'gpu'"):
        run_tournament(Tournament((RULE, RANDOM)), "gpu")
    with pytest.raises(TournamentError, match="unknown executor"), open_executor("gpu"):
        pass  # pragma: no cover
    with pytest.raises(TournamentError, match="batch_size"):
        run_tournament(Tournament((RULE, RANDOM), deals=1), "inline", batch_size=0)
    with pytest.raises(TournamentError, match="needs the journal"):
        run_tournament(Tournament((RULE, RANDOM), deals=1), "inline", resume=True)


def test_dask_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    real = importlib.import_module

    def no_dask(name: str, package: str | None = None) -> Any:
        if name == "distributed":
            raise ImportError("no dask here")
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", no_dask)
    with pytest.raises(TournamentError, match=r"pip install 'sixtysix\[dask\]'"):
        run_tournament(Tournament((RULE, RANDOM), deals=1), "dask")


def test_interrupted_run_keeps_what_finished(tmp_path: Path) -> None:
    t = Tournament((RULE, RANDOM), deals=8, seed=2)
    calls: list[int] = []

    def progress(done: int, total: int, hands: int) -> None:
        calls.append(done)
        if done >= 3:
            raise KeyboardInterrupt

    path = tmp_path / "j.jsonl"
    run = run_tournament(t, "inline", batch_size=1, journal=path, progress=progress)
    assert run.interrupted and len(run.deals) == 3
    assert run.report().interrupted and "(interrupted)" in run.report().text()
    resumed = run_tournament(t, "thread", workers=2, journal=path, resume=True)
    assert resumed.resumed == 3 and not resumed.interrupted
    assert _stable(resumed.report(bootstrap=BOOTSTRAP)) == _stable(
        run_tournament(t, "inline").report(bootstrap=BOOTSTRAP)
    )
    jobs = [json.loads(line)["job"] for line in path.read_text().splitlines()[1:]]
    assert sorted(jobs) == list(range(8))


# ------------------------------------------------------------------ SPRT


def test_sprt_stops_the_run_the_same_way_everywhere(tmp_path: Path) -> None:
    t = Tournament((RULE, RANDOM), deals=200, seed=1, sprt=SprtSpec(0, 100))
    inline = run_tournament(t, "inline", batch_size=3)
    assert inline.stopped_by_sprt
    report = inline.report(bootstrap=BOOTSTRAP)
    assert report.sprt is not None and report.sprt.decision == "H1"
    assert report.played == report.sprt.deals < 200
    assert report.sprt.llr >= report.sprt.upper
    threaded = run_tournament(t, "thread", workers=2, batch_size=1)
    assert _stable(threaded.report(bootstrap=BOOTSTRAP)) == _stable(report)
    text = report.text()
    assert f"H1 accepted after {report.played} deals: LLR " in text
    assert "(stopped by the SPRT)" in text and "bounds -2.944, 2.944" in text
    # A journal whose SPRT has decided plays nothing more.
    path = tmp_path / "sprt.jsonl"
    run_tournament(t, "inline", journal=path)
    again = run_tournament(t, "inline", journal=path, resume=True)
    assert again.stopped_by_sprt and _stable(again.report(bootstrap=BOOTSTRAP)) == _stable(report)


def test_sprt_on_points_and_undecided() -> None:
    # A random player that also claims falsely loses by less, so 3 deals do not decide.
    clumsy = parse_bot('random{"false_claims": true}')
    t = Tournament((RULE, clumsy), deals=3, seed=1, sprt=SprtSpec(0, 0.1, metric="points"))
    report = run_tournament(t, "inline").report()
    assert report.sprt is not None
    assert report.sprt.metric == "points" and report.sprt.deals == 3
    assert report.sprt.estimate == report.pairs[0].points_per_hand.value
    single = Tournament(
        (RANDOM, parse_bot("b=random")), deals=4, seed=1, duplicate=False, sprt=SprtSpec(0, 300)
    )
    report = run_tournament(single, "inline").report()
    assert report.sprt is not None and report.sprt.decision is None
    assert "undecided after 4 deals" in report.text()


# ------------------------------------------------------------------ journal


def test_journal_lines_and_reading(tmp_path: Path) -> None:
    t = Tournament((RULE, RANDOM), deals=3, seed=4)
    path = tmp_path / "j.jsonl"
    run = run_tournament(t, "thread", workers=2, batch_size=1, journal=path)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert header["format"] == "sixtysix-tournament-journal"
    assert header["tournament"] == t.to_dict()
    deals = [json.loads(line) for line in lines[1:]]
    assert sorted(d["job"] for d in deals) == [0, 1, 2]
    first = deals[0]
    assert set(first) == {"job", "deal", "pair", "seed", "games"}
    assert set(first["games"][0]) >= {"seats", "dealer", "hands", "winner", "forfeit"}
    found, by_job, torn = read_journal(path)
    assert found == t and not torn
    assert [_without_timing(by_job[j]) for j in sorted(by_job)] == [
        _without_timing(d) for d in run.deals
    ]


def test_a_new_journal_must_not_exist(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    path.write_text("x\n", encoding="utf-8")
    t = Tournament((RULE, RANDOM), deals=1)
    with pytest.raises(TournamentError, match="already exists"):
        run_tournament(t, "inline", journal=path)
    with pytest.raises(TournamentError, match="cannot write journal"):
        run_tournament(t, "inline", journal=tmp_path / "no" / "dir.jsonl")
    empty = tmp_path / "empty.jsonl"
    empty.touch()
    run_tournament(t, "inline", journal=empty)  # an empty file is fine
    assert len(empty.read_text().splitlines()) == 2


def _journal(tmp_path: Path, deals: int = 3) -> tuple[Tournament, Path, list[str]]:
    t = Tournament((RULE, RANDOM), deals=deals, seed=7)
    path = tmp_path / "j.jsonl"
    run_tournament(t, "inline", journal=path)
    return t, path, path.read_text(encoding="utf-8").splitlines(keepends=True)


@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda lines: [], "is empty"),
        (lambda lines: ["not json\n"], "is not a sixtysix tournament journal"),
        (lambda lines: ["x"], "is not a sixtysix tournament journal"),
        (lambda lines: ['{"type": "game"}\n'], "is not a sixtysix tournament journal"),
        (lambda lines: ["\xff\n"], "is not a sixtysix tournament journal"),
        (
            lambda lines: [lines[0].replace('"format_version":1', '"format_version":9')],
            "format version 9",
        ),
        (lambda lines: [*lines[:2], "{oops\n", *lines[2:]], "line 3: not JSON"),
        (lambda lines: [*lines[:2], '{"job": 1}\n'], "line 3: a deal result lacks a field"),
        (lambda lines: [*lines[:2], "[1, 2]\n"], "line 3: a deal result is a JSON object, not"),
        (lambda lines: [*lines, lines[1]], "appears twice"),
        (
            lambda lines: [*lines[:1], lines[1].replace('"job":0', '"job":99', 1)],
            "is not a job of this tournament",
        ),
        (
            lambda lines: [*lines[:1], lines[1].replace('"winner":', '"winner":"x","w":', 1)],
            "expected a whole number",
        ),
    ],
)
def test_corrupt_or_foreign_journals(
    tmp_path: Path, mangle: Callable[[list[str]], list[str]], message: str
) -> None:
    t, path, lines = _journal(tmp_path)
    path.write_text("".join(mangle(lines)), encoding="utf-8")
    with pytest.raises(TournamentError, match=message):
        run_tournament(t, "inline", journal=path, resume=True)


def test_journal_of_another_tournament_or_missing(tmp_path: Path) -> None:
    t, path, _ = _journal(tmp_path)
    with pytest.raises(TournamentError, match="belongs to another tournament"):
        run_tournament(attrs.evolve(t, seed=8), "inline", journal=path, resume=True)
    with pytest.raises(TournamentError, match="does not exist"):
        read_journal(tmp_path / "missing.jsonl")
    with pytest.raises(TournamentError, match="is a directory"):
        read_journal(tmp_path)
    record = play_hand(CLASSIC_66, RuleBot(), RandomBot(), seed=1)
    foreign = tmp_path / "record.json"
    foreign.write_text(record.to_json(), encoding="utf-8")
    with pytest.raises(TournamentError, match="not a sixtysix tournament journal"):
        read_journal(foreign)


def test_unreadable_journal(tmp_path: Path) -> None:
    name = tmp_path / ("x" * 300)
    with pytest.raises(TournamentError, match="cannot read journal"):
        read_journal(name)


def test_a_torn_last_line_is_cut_and_its_deal_played_again(tmp_path: Path) -> None:
    t, path, lines = _journal(tmp_path, deals=4)
    path.write_text("".join(lines[:3]) + lines[3][:40], encoding="utf-8")
    _, done, torn = read_journal(path)
    assert torn and len(done) == 2
    run = run_tournament(t, "inline", journal=path, resume=True)
    assert run.resumed == 2
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n") and len(text.splitlines()) == 5
    assert _stable(run.report(bootstrap=BOOTSTRAP)) == _stable(
        run_tournament(t, "inline").report(bootstrap=BOOTSTRAP)
    )


def test_open_journal_resume_appends(tmp_path: Path) -> None:
    t, path, lines = _journal(tmp_path, deals=2)
    writer, done = open_journal(path, t, resume=True)
    writer.close()
    assert sorted(done) == [0, 1] and path.read_text(encoding="utf-8") == "".join(lines)


# ------------------------------------------------------------------ report


def test_report_of_matches_and_round_robin() -> None:
    t = Tournament(
        (RULE, RANDOM, parse_bot("r2=random")), rules=SCHNAPSEN, deals=3, seed=2, unit="match"
    )
    report = run_tournament(t, "inline").report(bootstrap=20)
    first = report.pairs[0]
    assert first.matches_won is not None and sum(first.matches_won) == first.games == 6
    assert first.match_rate is not None and first.match_rate.value == first.matches_won[0] / 6
    assert next(r.bot for r in report.ratings) == "rule"
    assert report.bootstrap == 20
    text = report.text()
    assert "round robin of 3 bots" in text and "matches won" in text
    assert "time per move:" in text and "time per move:" not in report.text(timing=False)
    data = report.to_dict()
    assert json.loads(json.dumps(data, allow_nan=True))["pairs"][0]["deals"] == 3
    assert data["timing"][0]["bot"] == "rule" and "timing" not in report.to_dict(timing=False)
    assert data["pairs"][0]["endings_grouped"]["other"] == 0
    assert sum(data["pairs"][0]["endings"].values()) == first.hands


def test_report_before_any_deal() -> None:
    t = Tournament((RULE, RANDOM), deals=5, seed=1)
    report = build_report(t, [], interrupted=True)
    assert report.played == 0 and report.ratings == ()
    pair = report.pairs[0]
    assert pair.deals == 0 and pair.to_dict()["hand_win_rate"] is None
    text = report.text()
    assert "0 of 5 deals played (interrupted)" in text and "nan" in text


def test_report_of_matches_before_any_deal() -> None:
    t = Tournament((RULE, RANDOM), deals=2, unit="match")
    pair = build_report(t, []).pairs[0]
    assert pair.matches_won == (0, 0) and pair.match_rate is None


def test_a_hand_nobody_wins() -> None:
    # Seed 26, deal 0: RuleBot against RuleBot ends with no score (see test_cli_more.py).
    t = Tournament((RULE, parse_bot("twin=rule")), deals=1, seed=26, duplicate=False)
    game = run_tournament(t, "inline").deals[0].games[0]
    assert game.winner is None and game.hands[0].returns == (0, 0)
    pair = run_tournament(t, "inline").report().pairs[0]
    assert pair.hands_won == (0, 0, 1)


def test_report_rejects_results_of_another_tournament() -> None:
    t = Tournament((RULE, RANDOM), deals=2, seed=1)
    deals = run_tournament(t, "inline").deals
    with pytest.raises(TournamentError, match="appears twice"):
        build_report(t, [*deals, deals[0]])
    with pytest.raises(TournamentError, match="does not belong"):
        build_report(attrs.evolve(t, deals=1), deals)


def test_results_round_trip_and_reject_bad_data() -> None:
    t = Tournament((RULE, BotSpec(f"{HERE}:RaisingBot", label="bad")), deals=1, unit="match")
    deal = run_tournament(t, "inline").deals[0]
    data = json.loads(json.dumps(deal.to_dict()))
    assert _without_timing(DealResult.from_dict(data)) == _without_timing(deal)
    bad: tuple[tuple[str, object], ...] = (("pair", [0]), ("seed", 3), ("games", {}))
    for key, value in bad:
        with pytest.raises(TournamentError):
            DealResult.from_dict({**data, key: value})
    game = data["games"][0]
    worse: tuple[tuple[str, object], ...] = (
        ("seconds", ["x"]),
        ("hands", [{"moves": [], "returns": [], "end": 1}]),
    )
    for key, value in worse:
        with pytest.raises(TournamentError):
            DealResult.from_dict({**data, "games": [{**game, key: value}]})
    hand = game["hands"][0]
    with pytest.raises(TournamentError, match="true or false"):
        DealResult.from_dict({**data, "games": [{**game, "hands": [{**hand, "schwarz": 1}]}]})


# ------------------------------------------------------------------ progress


def test_plain_progress_line() -> None:
    import io

    out = io.StringIO()
    update, close = progress_bar(out, use_tqdm=False)
    close()
    assert out.getvalue() == ""  # nothing shown, nothing to wipe
    update(0, 4, 0)
    update(1, 4, 2)  # throttled: less than 0.1 s after the first
    time.sleep(0.11)
    update(2, 4, 4)  # now shown, with the time left
    update(4, 4, 8)
    close()
    text = out.getvalue()
    assert "2/4 deals" in text and "ETA 0:00:0" in text
    assert "\r[" in text and "4/4 deals" in text and text.endswith("\r")
    assert "1/4" not in text
    empty = io.StringIO()
    update, close = progress_bar(empty, use_tqdm=False)
    update(0, 0, 0)
    assert "0/0 deals" in empty.getvalue()


def test_tqdm_progress_bar() -> None:
    pytest.importorskip("tqdm", reason="tqdm (the [tqdm] extra) is not installed")
    import io

    out = io.StringIO()
    update, close = progress_bar(out)
    update(2, 5, 4)
    update(5, 5, 10)
    close()
    assert "5/5" in out.getvalue()


def test_progress_without_tqdm_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib
    import io

    real = importlib.import_module

    def no_tqdm(name: str, package: str | None = None) -> Any:
        if name == "tqdm":
            raise ImportError(name)
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", no_tqdm)
    out = io.StringIO()
    update, close = progress_bar(out)
    update(3, 3, 6)
    close()
    assert "3/3 deals" in out.getvalue()


# ------------------------------------------------------------------ properties


@settings(max_examples=examples(10), deadline=None)
@given(
    deals=st.integers(1, 5),
    seed=st.integers(0, 10**6),
    batch=st.integers(1, 4),
    workers=st.integers(1, 3),
    unit=st.sampled_from(["hand", "match"]),
)
def test_batching_and_threads_never_change_the_report(
    deals: int, seed: int, batch: int, workers: int, unit: str
) -> None:
    t = Tournament((RULE, RANDOM), deals=deals, seed=seed, unit=unit)  # type: ignore[arg-type]
    inline = run_tournament(t, "inline")
    threaded = run_tournament(t, "thread", workers=workers, batch_size=batch)
    assert _stable(threaded.report(bootstrap=5)) == _stable(inline.report(bootstrap=5))
    for deal in inline.deals:
        # Duplicate: the same bots meet on the same cards, once from each side.
        first, second = deal.games
        assert first.seats == second.seats[::-1] and first.dealer == second.dealer


@pytest.mark.parametrize("unit", ["hand", "match"])
def test_a_tausendeins_tournament(unit: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = t1.TausendeinsGame(t1.TAUSENDEINS)
    two = (RANDOM, BotSpec("random", label="r2"))
    t = Tournament(two, deals=2, seed=3, unit=unit, game=game)  # type: ignore[arg-type]
    run = run_tournament(t, "inline")
    parallel = run_tournament(t, "process", workers=2, batch_size=1).deals
    assert [_without_timing(d) for d in run.deals] == [_without_timing(d) for d in parallel]
    for deal in run.deals:
        for g in deal.games:
            assert all(h.end in ("DEAL", "MADE", "SET") for h in g.hands)
            if unit == "match":
                assert g.scores is not None and max(g.scores) >= 1001 and g.winner in (0, 1)
    assert "Tausendeins TAUSENDEINS" in run.report().text()
    rebuilt = Tournament.from_dict(json.loads(json.dumps(t.to_dict())))
    assert rebuilt.the_game == game and rebuilt.to_dict() == t.to_dict()
    if unit == "match":  # a match that does not end is given up, won by nobody
        monkeypatch.setattr(worker, "MAX_MATCH_HANDS", 1)
        short = run_tournament(t, "inline")
        assert all(len(g.hands) == 1 and g.winner is None for d in short.deals for g in d.games)
