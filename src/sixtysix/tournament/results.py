"""The results of a tournament's games, as values that round-trip through JSON.

A :class:`DealResult` is what one :class:`~sixtysix.tournament.Job` produced: one
:class:`GameOutcome` per seating, each with its hands (:class:`HandOutcome`). This is
exactly what a journal line holds (:meth:`DealResult.to_dict`).

>>> hand = HandOutcome(("QH", "KH"), (2, -2), "CLAIM", False)
>>> game = GameOutcome((0, 1), 0, (hand,), None, 0, None, (0.001, 0.002), (1, 1))
>>> game.net(0), game.net(1), game.winner_bot
(2, -2, 0)
>>> deal = DealResult(0, 0, (0, 1), "1:0", (game,))
>>> DealResult.from_dict(deal.to_dict()) == deal
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from ..errors import TournamentError, quote

__all__ = ["DealResult", "Forfeit", "GameOutcome", "HandOutcome"]

#: The ending recorded for the hand in which a bot forfeited.
FORFEIT_END = "FORFEIT"


@attrs.frozen
class HandOutcome:
    """One finished hand.

    Attributes:
        moves: The moves in their text form, in order.
        returns: Game points won (+) or lost (-) by each seat (carried points excluded).
        end: How the hand ended: a :class:`~sixtysix.HandEnd` name, ``"FORFEIT"``, or
            what a game without hand endings reports.
        schwarz: Whether the loser was schwarz (the rule set's definition).
    """

    moves: tuple[str, ...]
    returns: tuple[int, ...]
    end: str
    schwarz: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "moves": list(self.moves),
            "returns": list(self.returns),
            "end": self.end,
            "schwarz": self.schwarz,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandOutcome:
        """The hand :meth:`to_dict` wrote."""
        return cls(
            tuple(_strs(data["moves"])),
            tuple(_ints(data["returns"])),
            _str(data["end"]),
            _bool(data["schwarz"]),
        )


@attrs.frozen
class Forfeit:
    """A bot that raised an exception or chose an illegal move, losing the game.

    Attributes:
        seat: The seat of the offending bot.
        bot: Its label.
        reason: What it did, e.g. ``"raised RuntimeError: boom"``.
    """

    seat: int
    bot: str
    reason: str


@attrs.frozen
class Seating:
    """One game of a job: which bot sits at each seat.

    Attributes:
        seats: The bot index of each seat.
        dealer: The seat that deals (the first dealer, for a match).
    """

    seats: tuple[int, ...]
    dealer: int


@attrs.frozen
class GameOutcome(Seating):
    """One game of a deal: a hand, or a whole match.

    Attributes:
        seats: The bot index of each seat.
        dealer: The seat that dealt (the first hand, in a match).
        hands: The hands played, in order.
        scores: The final match scores of each seat, or ``None`` for a single hand.
        winner: The seat that won the hand or match, or ``None`` (a hand nobody won).
        forfeit: The bot that forfeited the game, if one did.
        seconds: Time spent choosing moves, by seat (not part of the results proper).
        decisions: The number of moves chosen, by seat.
    """

    hands: tuple[HandOutcome, ...]
    scores: tuple[int, ...] | None
    winner: int | None
    forfeit: Forfeit | None
    seconds: tuple[float, ...]
    decisions: tuple[int, ...]

    def seat_of(self, bot: int) -> int:
        """The first seat of bot ``bot`` in this game."""
        return self.seats.index(bot)

    def net(self, bot: int) -> int:
        """Game points of ``bot`` (or its side) minus those of its opponent."""
        seat = self.seat_of(bot)
        if self.scores is not None:
            other = next(s for s, b in enumerate(self.seats) if b != bot)
            return self.scores[seat] - self.scores[other]
        return sum(hand.returns[seat] for hand in self.hands)

    @property
    def winner_bot(self) -> int | None:
        """The bot that won the game, or ``None`` when nobody did."""
        return None if self.winner is None else self.seats[self.winner]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data; times are rounded to microseconds."""
        forfeit = self.forfeit
        return {
            "seats": list(self.seats),
            "dealer": self.dealer,
            "hands": [h.to_dict() for h in self.hands],
            "scores": None if self.scores is None else list(self.scores),
            "winner": self.winner,
            "forfeit": None if forfeit is None else attrs.asdict(forfeit),
            "seconds": [round(s, 6) for s in self.seconds],
            "decisions": list(self.decisions),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameOutcome:
        """The game :meth:`to_dict` wrote."""
        forfeit = data["forfeit"]
        scores = data["scores"]
        winner = data["winner"]
        seconds = data["seconds"]
        if not isinstance(seconds, list) or not all(
            isinstance(s, int | float) and not isinstance(s, bool) for s in seconds
        ):
            raise TournamentError(f"seconds must be a list of numbers, not {quote(seconds)}")
        return cls(
            tuple(_ints(data["seats"])),
            _int(data["dealer"]),
            tuple(HandOutcome.from_dict(h) for h in _list(data["hands"])),
            None if scores is None else tuple(_ints(scores)),
            None if winner is None else _int(winner),
            None
            if forfeit is None
            else Forfeit(_int(forfeit["seat"]), _str(forfeit["bot"]), _str(forfeit["reason"])),
            tuple(float(s) for s in seconds),
            tuple(_ints(data["decisions"])),
        )


@attrs.frozen
class DealResult:
    """What one job produced: its games, one per seating.

    Attributes:
        job: The job's index in the schedule.
        deal: The deal number.
        pair: The two bots of the job.
        seed: The deal's seed.
        games: One game per seating (two with duplicate play).
    """

    job: int
    deal: int
    pair: tuple[int, int]
    seed: str
    games: tuple[GameOutcome, ...]

    @property
    def hands(self) -> int:
        """The number of hands played in all games of the deal."""
        return sum(len(g.hands) for g in self.games)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: one journal line."""
        return {
            "job": self.job,
            "deal": self.deal,
            "pair": list(self.pair),
            "seed": self.seed,
            "games": [g.to_dict() for g in self.games],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DealResult:
        """The deal :meth:`to_dict` wrote.

        Raises:
            TournamentError: the data is not such a deal (a missing field, a wrong type).
        """
        if not isinstance(data, Mapping):
            raise TournamentError(f"a deal result is a JSON object, not {quote(data)}")
        try:
            pair = tuple(_ints(data["pair"]))
            if len(pair) != 2:
                raise TournamentError(f"a pair has two bots, not {quote(pair)}")
            return cls(
                _int(data["job"]),
                _int(data["deal"]),
                (pair[0], pair[1]),
                _str(data["seed"]),
                tuple(GameOutcome.from_dict(g) for g in _list(data["games"])),
            )
        except TournamentError:
            raise
        except (KeyError, TypeError, AttributeError) as exc:
            raise TournamentError(
                f"a deal result lacks a field or has a wrong one: {exc}"
            ) from None


def _int(value: object) -> int:
    if type(value) is not int:
        raise TournamentError(f"expected a whole number, not {quote(value)}")
    return value


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise TournamentError(f"expected a string, not {quote(value)}")
    return value


def _bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise TournamentError(f"expected true or false, not {quote(value)}")
    return value


def _list(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise TournamentError(f"expected a list, not {quote(value)}")
    return value


def _ints(value: object) -> list[int]:
    return [_int(v) for v in _list(value)]


def _strs(value: object) -> list[str]:
    return [_str(v) for v in _list(value)]
