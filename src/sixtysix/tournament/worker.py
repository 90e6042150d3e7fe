"""Playing jobs: the code that runs in the workers.

:func:`play_job` plays every game of one :class:`~sixtysix.tournament.Job`; it is a
pure function of the tournament and the job (but for the time measurements), which is
what makes a tournament's results independent of the executor. :func:`play_batch` plays
several jobs; it is what the runner sends to an executor.

Every game gets fresh bots (``BotSpec.make``) and one :class:`random.Random` per seat,
seeded ``f"{seed!r}/player {seat}"`` from the deal's seed as
:func:`~sixtysix.play.play_hand` and :func:`~sixtysix.play.play_match` seed theirs, so
a hand here is exactly the hand those functions play with the same seed and dealer.

A bot that raises an exception, or returns a move that is not legal, forfeits: the
hand is scored as lost by it (by its side, in the four-hand game) by 3 game points
(``"FORFEIT"``), a match as lost.

Everything else comes from the :class:`~sixtysix.Game`: a hand's returns, end and
schwarz are its :meth:`~sixtysix.Game.outcome` (in the four-hand game
:class:`~sixtysix.partnership.PartnershipGame` the returns are per seat, ``(d, -d, d,
-d)`` with ``d`` side 0's net game points), and a match is played hand by hand with
:meth:`~sixtysix.Game.new_match`, :meth:`~sixtysix.Game.next_hand` and
:meth:`~sixtysix.Game.add_hand`. A match that has not ended after
:data:`~sixtysix.game.MAX_MATCH_HANDS` hands is given up, won by nobody.

>>> from sixtysix import CLASSIC_66, RuleBot, RandomBot
>>> from sixtysix.play import play_hand
>>> from sixtysix.tournament import BotSpec, Tournament, schedule_jobs
>>> t = Tournament((BotSpec("rule"), BotSpec("random")), deals=1, seed=5)
>>> deal = play_job(t, schedule_jobs(t)[0])
>>> first = deal.games[0].hands[0]
>>> first.moves == play_hand(CLASSIC_66, RuleBot(), RandomBot(), seed="5:0").moves
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from time import perf_counter
from typing import Any

from ..bots import Bot
from ..errors import quote
from ..game import MAX_MATCH_HANDS, Game
from .results import FORFEIT_END, DealResult, Forfeit, GameOutcome, HandOutcome
from .schedule import Job, Seating, Tournament, seatings

__all__ = ["play_batch", "play_job"]

#: Game points a forfeited hand costs the bot that forfeits it.
FORFEIT_POINTS = 3


def play_batch(tournament: Tournament, jobs: Sequence[Job]) -> list[DealResult]:
    """Play ``jobs`` one after the other (what the runner submits to an executor)."""
    return [play_job(tournament, job) for job in jobs]


def play_job(tournament: Tournament, job: Job) -> DealResult:
    """Play every game of ``job`` (one per seating) and return their outcomes."""
    games = tuple(
        _play_game(tournament, job.seed, seating) for seating in seatings(tournament, job)
    )
    return DealResult(job.index, job.deal, job.pair, job.seed, games)


class _Table:
    """The players of one game, their labels and rngs, and their time and decisions."""

    def __init__(self, seating: Seating, players: list[Bot], labels: list[str], seed: str):
        self.seating = seating
        self.players = players
        self.labels = labels
        seats = len(players)
        self.rngs = [random.Random(f"{seed!r}/player {s}") for s in range(seats)]
        self.seconds = [0.0] * seats
        self.decisions = [0] * seats

    def outcome(
        self,
        hands: list[HandOutcome],
        scores: tuple[int, ...] | None,
        winner: int | None,
        forfeit: Forfeit | None,
    ) -> GameOutcome:
        """The game's outcome: the hands played and how it ended, with the clock."""
        return GameOutcome(
            self.seating.seats,
            self.seating.dealer,
            tuple(hands),
            scores,
            winner,
            forfeit,
            tuple(self.seconds),
            tuple(self.decisions),
        )


def _play_game(tournament: Tournament, seed: str, seating: Seating) -> GameOutcome:
    game = tournament.the_game
    bots = [tournament.bots[b] for b in seating.seats]
    table = _Table(seating, [spec.make() for spec in bots], [spec.label for spec in bots], seed)
    if tournament.unit == "match":
        return _play_match(game, seed, table)
    state = game.new_hand(seed=seed, dealer=seating.dealer)
    final, moves, forfeit = _play_hand(game, state, table)
    if forfeit is not None:
        hand = _forfeit_hand(moves, len(seating.seats), forfeit.seat)
        return table.outcome([hand], None, 1 - forfeit.seat % 2, forfeit)
    hand, winner = _outcome(game, final, moves)
    return table.outcome([hand], None, winner, None)


def _play_match(game: Game[Any, Any, Any], seed: str, table: _Table) -> GameOutcome:
    """A whole match, hand by hand as the game's ``play_match`` deals it."""
    m = game.new_match(seed, table.seating.dealer)
    hands: list[HandOutcome] = []
    while not m.is_over and len(hands) < MAX_MATCH_HANDS:
        state = game.next_hand(m)
        final, moves, forfeit = _play_hand(game, state, table)
        if forfeit is not None:
            side = 1 - forfeit.seat % 2
            hands.append(_forfeit_hand(moves, len(table.players), forfeit.seat))
            scores = list(m.scores)
            scores[side] += FORFEIT_POINTS + m.carry
            return table.outcome(hands, tuple(scores), side, forfeit)
        hands.append(_outcome(game, final, moves)[0])
        m = game.add_hand(m, final)
    return table.outcome(hands, tuple(m.scores), m.winner, None)


def _play_hand(
    game: Game[Any, Any, Any], state: Any, table: _Table
) -> tuple[Any, list[str], Forfeit | None]:
    """Play ``state`` out; the final state, the moves, and a forfeit if a bot failed."""
    moves: list[str] = []
    players, rngs, labels = table.players, table.rngs, table.labels
    seconds = table.seconds
    decisions = table.decisions
    to_move, observe, apply_move = game.to_move, game.observe, game.apply_move
    while True:
        seat = to_move(state)
        if seat is None:
            return state, moves, None
        view = observe(state, seat)
        start = perf_counter()
        try:
            move = players[seat].choose(view, rngs[seat])
        except Exception as exc:
            seconds[seat] += perf_counter() - start
            return state, moves, Forfeit(seat, labels[seat], f"raised {_describe(exc)}")
        seconds[seat] += perf_counter() - start
        decisions[seat] += 1
        try:
            state = apply_move(state, move)
        except Exception as exc:
            reason = f"chose {quote(move)}, which is not a legal move: {_describe(exc)}"
            return state, moves, Forfeit(seat, labels[seat], reason)
        moves.append(str(move))


def _describe(exc: BaseException) -> str:
    text = str(exc)
    name = type(exc).__name__
    return f"{name}: {text}" if text else name


def _forfeit_hand(moves: list[str], seats: int, offender: int) -> HandOutcome:
    returns = tuple(
        -FORFEIT_POINTS if s % 2 == offender % 2 else FORFEIT_POINTS for s in range(seats)
    )
    return HandOutcome(tuple(moves), returns, FORFEIT_END, False)


def _outcome(
    game: Game[Any, Any, Any], final: Any, moves: list[str]
) -> tuple[HandOutcome, int | None]:
    """The outcome of a finished hand, and its winning side (``None``: nobody scored)."""
    o = game.outcome(final)
    return HandOutcome(tuple(moves), tuple(o.returns), o.end, o.schwarz), o.winner
