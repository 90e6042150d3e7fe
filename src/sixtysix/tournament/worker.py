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

In the four-hand game (:class:`~sixtysix.partnership.PartnershipGame`) a hand's
returns are per seat, ``(d, -d, d, -d)`` with ``d`` side 0's net game points, its end
is the :class:`~sixtysix.partnership.PartnershipEnd` name, and it is *schwarz* when the
losing side took no trick (3 game points); a match is played hand by hand with
:func:`~sixtysix.partnership.new_match`, :func:`~sixtysix.partnership.next_hand` and
:func:`~sixtysix.partnership.apply_result`.

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
from ..engine import apply_move as _apply_move
from ..errors import quote
from ..game import Game, TwoHandGame
from ..match import apply_result, new_match
from ..observe import observe as _observe
from ..partnership import match as _p4_match
from ..partnership.game import PartnershipGame
from ..partnership.scoring import PartnershipResult
from ..partnership.scoring import score_hand as _p4_score_hand
from ..rules import Rules, Schwarz
from ..scoring import HandResult, score_hand
from ..state import HandState
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


class _Clock:
    """Thinking time and decisions per seat."""

    def __init__(self, seats: int) -> None:
        self.seconds = [0.0] * seats
        self.decisions = [0] * seats


def _to_move(state: HandState) -> int | None:
    return state.to_move


def _rng(seed: str, seat: int) -> random.Random:
    return random.Random(f"{seed!r}/player {seat}")


def _play_game(tournament: Tournament, seed: str, seating: Seating) -> GameOutcome:
    game = tournament.the_game
    seats = seating.seats
    bots = [tournament.bots[b] for b in seats]
    players = [spec.make() for spec in bots]
    labels = [spec.label for spec in bots]
    rngs = [_rng(seed, s) for s in range(len(seats))]
    clock = _Clock(len(seats))
    if tournament.unit == "match":
        if isinstance(game, PartnershipGame):
            return _play_p4_match(game, seed, seating, players, labels, rngs, clock)
        assert isinstance(game, TwoHandGame)
        return _play_match(game, seed, seating, players, labels, rngs, clock)
    state = game.new_hand(seed=seed, dealer=seating.dealer)
    final, moves, forfeit = _play_hand(game, state, players, labels, rngs, clock)
    if forfeit is not None:
        hand = _forfeit_hand(moves, len(seats), forfeit.seat)
        winner: int | None = 1 - forfeit.seat % 2
    else:
        hand, winner = _outcome(game, final, moves)
    return GameOutcome(
        seats,
        seating.dealer,
        (hand,),
        None,
        winner,
        forfeit,
        tuple(clock.seconds),
        tuple(clock.decisions),
    )


def _play_match(
    game: TwoHandGame,
    seed: str,
    seating: Seating,
    players: list[Bot],
    labels: list[str],
    rngs: list[random.Random],
    clock: _Clock,
) -> GameOutcome:
    """A whole match, hand by hand as :func:`~sixtysix.play.play_match` plays it."""
    rules = game.rules
    m = new_match(rules, seed=seed, dealer=seating.dealer)
    hands: list[HandOutcome] = []
    forfeit: Forfeit | None = None
    while not m.is_over:
        state = game.new_hand(seed=m.hand_seed, dealer=m.hand_dealer)
        final, moves, forfeit = _play_hand(game, state, players, labels, rngs, clock)
        if forfeit is not None:
            hands.append(_forfeit_hand(moves, 2, forfeit.seat))
            scores = list(m.scores)
            scores[1 - forfeit.seat] += FORFEIT_POINTS + m.carry
            return GameOutcome(
                seating.seats,
                seating.dealer,
                tuple(hands),
                tuple(scores),
                1 - forfeit.seat,
                forfeit,
                tuple(clock.seconds),
                tuple(clock.decisions),
            )
        result = score_hand(final)
        hands.append(_hand_outcome(rules, final, moves, result))
        m = apply_result(m, result)
    return GameOutcome(
        seating.seats,
        seating.dealer,
        tuple(hands),
        m.scores,
        m.winner,
        None,
        tuple(clock.seconds),
        tuple(clock.decisions),
    )


def _play_p4_match(
    game: PartnershipGame,
    seed: str,
    seating: Seating,
    players: list[Bot],
    labels: list[str],
    rngs: list[random.Random],
    clock: _Clock,
) -> GameOutcome:
    """A whole four-hand match, as :func:`~sixtysix.partnership.play_match` deals it."""
    m = _p4_match.new_match(game.rules, seed, dealer=seating.dealer)
    hands: list[HandOutcome] = []
    while not m.is_over:
        state = _p4_match.next_hand(m)
        final, moves, forfeit = _play_hand(game, state, players, labels, rngs, clock)
        if forfeit is not None:
            hands.append(_forfeit_hand(moves, 4, forfeit.seat))
            scores = list(m.scores)
            scores[1 - (forfeit.seat & 1)] += FORFEIT_POINTS + m.carry
            return GameOutcome(
                seating.seats,
                seating.dealer,
                tuple(hands),
                tuple(scores),
                1 - (forfeit.seat & 1),
                forfeit,
                tuple(clock.seconds),
                tuple(clock.decisions),
            )
        result = _p4_score_hand(final)
        hands.append(_p4_hand_outcome(game, final, moves, result))
        m = _p4_match.apply_result(m, result)
    return GameOutcome(
        seating.seats,
        seating.dealer,
        tuple(hands),
        m.scores,
        m.winner,
        None,
        tuple(clock.seconds),
        tuple(clock.decisions),
    )


def _p4_hand_outcome(
    game: PartnershipGame, final: Any, moves: list[str], result: PartnershipResult
) -> HandOutcome:
    """A four-hand hand: returns per seat, the end's name, schwarz (no trick for the loser)."""
    winner = result.winner
    schwarz = winner is not None and result.tricks[1 - winner] == 0
    return HandOutcome(tuple(moves), game.returns(final), result.reason.name, schwarz)


def _play_hand(
    game: Game[Any, Any, Any],
    state: Any,
    players: list[Bot],
    labels: list[str],
    rngs: list[random.Random],
    clock: _Clock,
) -> tuple[Any, list[str], Forfeit | None]:
    """Play ``state`` out; the final state, the moves, and a forfeit if a bot failed."""
    moves: list[str] = []
    seconds = clock.seconds
    decisions = clock.decisions
    if isinstance(game, TwoHandGame):  # the same functions, without the indirection
        to_move, observe, apply_move = _to_move, _observe, _apply_move
    else:
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
    """The outcome of a finished hand, and its winning seat (``None``: nobody scored)."""
    if isinstance(game, TwoHandGame):
        result = score_hand(final)
        return _hand_outcome(game.rules, final, moves, result), result.winner
    if isinstance(game, PartnershipGame):
        hand = _p4_hand_outcome(game, final, moves, _p4_score_hand(final))
        d = hand.returns[0]  # the ten-of-trumps point can decide a 65-65 hand
        return hand, (0 if d > 0 else 1) if d else None
    returns = tuple(game.returns(final))
    best = max(returns)
    winner = returns.index(best) if best > 0 else None
    hand_end = getattr(game, "hand_end", None)
    end = str(hand_end(final)) if callable(hand_end) else "OTHER"
    return HandOutcome(tuple(moves), returns, end, False), winner


def _hand_outcome(rules: Rules, final: Any, moves: list[str], result: HandResult) -> HandOutcome:
    winner = result.winner
    if winner is None:
        return HandOutcome(tuple(moves), (0, 0), result.reason.name, False)
    g = result.game_points
    loser = 1 - winner
    if rules.schwarz is Schwarz.NO_TRICKS:
        schwarz = final.tricks(loser) == 0
    else:
        schwarz = result.points[loser] == 0
    returns = (g, -g) if winner == 0 else (-g, g)
    return HandOutcome(tuple(moves), returns, result.reason.name, schwarz)
