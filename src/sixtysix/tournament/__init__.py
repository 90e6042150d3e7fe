"""Tournaments: bots against bots over duplicate deals, on any executor.

A :class:`Tournament` names the bots, the rules, the deals and the format;
:func:`run_tournament` plays it on any :class:`concurrent.futures.Executor` (by default a
process pool with one worker per core; Dask through the ``[dask]`` extra), with a
journal to resume from; :meth:`TournamentRun.report` (or :func:`build_report`) gives
the :class:`Report`: per pair the mean game points per hand with a 95% interval over
the duplicate pairs, hand and match win rates (Wilson interval), how hands ended,
Bradley-Terry ratings with bootstrap intervals, an optional SPRT, forfeits and time
per move. The ``sixtysix tournament`` command is its front end; see the
"Tournaments" page of the documentation.

>>> from sixtysix.tournament import BotSpec, Tournament, run_tournament
>>> t = Tournament((BotSpec("rule"), BotSpec("random")), deals=10, seed=1)
>>> report = run_tournament(t, executor="inline").report()
>>> report.pairs[0].points_per_hand.value > 0   # RuleBot beats RandomBot
True

Its modules: ``schedule`` (what a tournament is), ``worker`` (playing a job),
``results``, ``runner``, ``executors``, ``journal``, ``report``, ``progress`` (all their
public names are here) and :mod:`sixtysix.tournament.stats` (the statistics). This
package is not imported by ``import sixtysix``.
"""

from __future__ import annotations

from ..errors import TournamentError
from .executors import default_workers, open_executor
from .journal import JournalWriter, open_journal, read_journal
from .progress import progress_bar
from .report import (
    ForfeitLine,
    PairReport,
    Rating,
    Report,
    SprtReport,
    SprtTracker,
    Timing,
    build_report,
    sprt_stop,
)
from .results import DealResult, Forfeit, GameOutcome, HandOutcome
from .runner import TournamentRun, run_tournament
from .schedule import (
    BotSpec,
    Job,
    Seating,
    SprtSpec,
    Tournament,
    parse_bot,
    schedule_jobs,
    seatings,
)
from .worker import play_batch, play_job

__all__ = [
    "BotSpec",
    "DealResult",
    "Forfeit",
    "ForfeitLine",
    "GameOutcome",
    "HandOutcome",
    "Job",
    "JournalWriter",
    "PairReport",
    "Rating",
    "Report",
    "Seating",
    "SprtReport",
    "SprtSpec",
    "SprtTracker",
    "Timing",
    "Tournament",
    "TournamentError",
    "TournamentRun",
    "build_report",
    "default_workers",
    "open_executor",
    "open_journal",
    "parse_bot",
    "play_batch",
    "play_job",
    "progress_bar",
    "read_journal",
    "run_tournament",
    "schedule_jobs",
    "seatings",
    "sprt_stop",
]
