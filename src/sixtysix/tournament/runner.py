"""Running a tournament on any :class:`concurrent.futures.Executor`.

:func:`run_tournament` sends the jobs of :func:`~sixtysix.tournament.schedule_jobs` to an
executor in batches, keeps a few batches in flight per worker, and takes the results
as they finish: each deal is appended to the journal at once, the progress callback
is told, and the SPRT (if any) looks at the deals from deal 0 on. A batch that fails
(a worker process that died, a lost Dask worker) is sent again; when a process pool
of the runner's own breaks, the runner starts a new one. Ctrl-C stops the run with
what has finished (``interrupted=True``); a journal lets :func:`run_tournament`
continue it later with ``resume=True``.

Every job is a pure function of the tournament and the job, so the results do not
depend on the executor, the number of workers, the batch size or the finishing order.

>>> from sixtysix.tournament import BotSpec, Tournament
>>> t = Tournament((BotSpec("rule"), BotSpec("random")), deals=6, seed=3)
>>> a = run_tournament(t, executor="inline")
>>> b = run_tournament(t, executor="thread", workers=2, batch_size=1)
>>> a.report().to_dict(timing=False) == b.report().to_dict(timing=False)
True
"""

from __future__ import annotations

import math
import os
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import ExitStack

import attrs

from ..errors import TournamentError
from .executors import _EXECUTORS, default_workers, open_executor
from .journal import JournalWriter, open_journal
from .report import Report, SprtTracker, build_report
from .results import DealResult
from .schedule import Job, Tournament, schedule_jobs
from .worker import play_batch

__all__ = ["TournamentRun", "run_tournament"]

#: A progress callback: ``progress(deals_done, deals_planned, hands_done)``.
Progress = Callable[[int, int, int], None]


@attrs.frozen
class TournamentRun:
    """What a run produced.

    Attributes:
        tournament: The tournament.
        deals: Every finished deal (from the journal too, when resumed), by job.
        interrupted: The run was stopped by Ctrl-C before its end.
        resumed: How many of the deals came from the journal.
        retried: How many batches were sent again after a failure.
        stopped_by_sprt: The SPRT decided, so the run ended early.
    """

    tournament: Tournament
    deals: tuple[DealResult, ...]
    interrupted: bool = False
    resumed: int = 0
    retried: int = 0
    stopped_by_sprt: bool = False

    def report(self, bootstrap: int = 200) -> Report:
        """The report of the run (see :func:`~sixtysix.tournament.build_report`)."""
        return build_report(
            self.tournament, self.deals, interrupted=self.interrupted, bootstrap=bootstrap
        )


def _capacity(executor: Executor) -> int | None:
    """How many calls ``executor`` runs at once, if it tells.

    A pool's workers, or the threads of a Dask cluster's workers.
    """
    pool = getattr(executor, "_max_workers", None)
    if isinstance(pool, int):
        return pool
    client = getattr(executor, "_client", None)
    try:
        return int(sum(client.nthreads().values())) or None  # type: ignore[union-attr]
    except Exception:
        return None


def _default_batch(jobs: int, workers: int) -> int:
    """About eight batches per worker, each of 1 to 64 jobs."""
    return max(1, min(64, math.ceil(jobs / (8 * workers))))


def run_tournament(
    tournament: Tournament,
    executor: Executor | str | None = None,
    *,
    workers: int | None = None,
    batch_size: int | None = None,
    journal: str | os.PathLike[str] | None = None,
    resume: bool = False,
    progress: Progress | None = None,
    retries: int = 3,
    scheduler: str | None = None,
    timeout: float = 5.0,
) -> TournamentRun:
    """Play ``tournament`` on ``executor`` and return every finished deal.

    Args:
        tournament: What to play.
        executor: Any :class:`~concurrent.futures.Executor` (the caller shuts it down),
            or the name of one for the runner to open and close: ``"process"`` (the
            default: a process pool), ``"thread"``, ``"inline"`` or ``"dask"`` (see
            :func:`~sixtysix.tournament.open_executor`).
        workers: Workers of an executor opened by name (default one per core); with a
            given executor, how many it runs at once (to keep it busy).
        batch_size: Jobs per batch (default about eight batches per worker, at most 64).
        journal: A JSON-lines file that gets one line per finished deal.
        resume: Continue ``journal``: play only the deals it lacks.
        progress: Called as ``progress(deals_done, deals_planned, hands_done)``.
        retries: How often a failed batch is sent again before the run fails.
        scheduler: The address of a running Dask scheduler (``executor="dask"``).
        timeout: Seconds to wait for the Dask scheduler.

    Raises:
        PlayerError: a bot cannot be made (unknown name, bad import path or arguments).
        TournamentError: a bad journal, an executor that cannot be opened, or a batch
            that failed more than ``retries`` times.
    """
    t = tournament
    if resume and journal is None:
        raise TournamentError("resume=True needs the journal to resume")
    if isinstance(executor, str) and executor not in _EXECUTORS:
        raise TournamentError(f"unknown executor {executor!r}: use one of {', '.join(_EXECUTORS)}")
    for spec in t.bots:
        spec.make()  # an unknown bot is an error before anything runs
    jobs = schedule_jobs(t)
    with ExitStack() as stack:
        writer: JournalWriter | None = None
        done: dict[int, DealResult] = {}
        if journal is not None:
            writer, done = open_journal(journal, t, resume=resume)
            stack.callback(writer.close)
        resumed = len(done)
        tracker = SprtTracker(t) if t.sprt is not None else None
        stopped = tracker is not None and tracker.feed(done) is not None
        todo = [] if stopped else [job for job in jobs if job.index not in done]
        n = workers if workers is not None else default_workers()
        if workers is None and isinstance(executor, Executor):
            n = _capacity(executor) or n
        size = batch_size if batch_size is not None else _default_batch(len(todo), n)
        if size < 1:
            raise TournamentError(f"batch_size must be 1 or more, not {size}")
        loop = _Loop(t, todo, size, 2 * n, retries, writer, done, tracker, progress, len(jobs))
        if not todo:
            loop.report_progress()
        elif isinstance(executor, Executor):
            loop.run(lambda: executor, own=False)
        else:
            name = executor or "process"

            def opener() -> Executor:
                return stack.enter_context(
                    open_executor(name, n, scheduler=scheduler, timeout=timeout)
                )

            loop.run(opener, own=name == "process")
        deals = tuple(done[j] for j in sorted(done))
    return TournamentRun(
        t, deals, loop.interrupted, resumed, loop.retried, stopped or loop.stopped
    )


class _Loop:
    """The submit-and-collect loop of one run."""

    def __init__(
        self,
        tournament: Tournament,
        todo: list[Job],
        size: int,
        inflight: int,
        retries: int,
        writer: JournalWriter | None,
        done: dict[int, DealResult],
        tracker: SprtTracker | None,
        progress: Progress | None,
        planned: int,
    ) -> None:
        self.tournament = tournament
        self.pending = deque(enumerate(todo[i : i + size] for i in range(0, len(todo), size)))
        self.max_inflight = max(1, inflight)
        self.retries = retries
        self.writer = writer
        self.done = done
        self.tracker = tracker
        self.progress = progress
        self.planned = planned
        self.hands = sum(d.hands for d in done.values())
        self.attempts: Counter[int] = Counter()
        self.retried = 0
        self.interrupted = False
        self.stopped = False

    def report_progress(self) -> None:
        if self.progress is not None:
            self.progress(len(self.done), self.planned, self.hands)

    def run(self, open_executor: Callable[[], Executor], own: bool) -> None:
        executor = open_executor()
        generation = 0
        inflight: dict[Future[list[DealResult]], tuple[int, list[Job], int]] = {}
        self.report_progress()
        try:
            while (self.pending or inflight) and not self.stopped:
                while self.pending and len(inflight) < self.max_inflight:
                    number, batch = self.pending.popleft()
                    try:
                        future = executor.submit(play_batch, self.tournament, batch)
                    except (BrokenProcessPool, RuntimeError) as exc:
                        if not own:
                            raise TournamentError(f"the executor cannot take work: {exc}") from exc
                        self.pending.appendleft((number, batch))
                        executor, generation = open_executor(), generation + 1
                        continue
                    inflight[future] = (number, batch, generation)
                finished, _ = wait(inflight, return_when=FIRST_COMPLETED)
                for future in sorted(finished, key=lambda f: inflight[f][0]):
                    number, batch, gen = inflight.pop(future)
                    try:
                        results = future.result()
                    except KeyboardInterrupt:
                        raise
                    except Exception as exc:
                        self._failed(number, batch, exc)
                        if own and isinstance(exc, BrokenProcessPool) and gen == generation:
                            executor, generation = open_executor(), generation + 1
                        continue
                    if self._take(results):
                        break
        except KeyboardInterrupt:
            self.interrupted = True
        finally:
            for future in inflight:
                future.cancel()

    def _failed(self, number: int, batch: list[Job], exc: BaseException) -> None:
        self.attempts[number] += 1
        if self.attempts[number] > self.retries:
            first, last = batch[0].index, batch[-1].index
            raise TournamentError(
                f"the batch of jobs {first} to {last} failed {self.attempts[number]} times; "
                f"the last time: {type(exc).__name__}: {exc}"
            ) from exc
        self.retried += 1
        self.pending.appendleft((number, batch))

    def _take(self, results: list[DealResult]) -> bool:
        """Record the results; whether the SPRT has now decided."""
        for deal in results:
            self.done[deal.job] = deal
            self.hands += deal.hands
            if self.writer is not None:
                self.writer.write(deal)
        self.report_progress()
        if self.tracker is not None and self.tracker.feed(self.done) is not None:
            self.stopped = True
        return self.stopped
