"""Match bookkeeping every game shares (internal).

A match of any game of the family is played in hands until a seat (or a side) has
``rules.match_target`` game points. What does not depend on the game is here: the seed
and count limits (:data:`MAX_SEED_DIGITS`, :data:`MAX_COUNT`, :func:`seed_problem`), the
checks of a match's fields (:func:`check_fields`), :class:`MatchScores` (the winner,
whether the match is over, the seed of the next deal), :func:`play_to_target` (playing
hands into a match until it is over) and :func:`walk` (a match record hand by hand).
Each game's match module adds its seats, its dealing and its scoring of a hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeGuard, TypeVar

from .errors import MatchError, quote

#: The most decimal digits an int seed may have (a match's, a hand's or a record's). The
#: limit keeps every seed printable under any ``sys.set_int_max_str_digits`` setting.
MAX_SEED_DIGITS = 100
#: Scores, carried points and hand numbers of a match are below this.
MAX_COUNT = 10**9

_SEED_BOUND = 10**MAX_SEED_DIGITS


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an int (not a bool)."""
    return type(value) is int


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` is not a seed, or ``None`` if it is one.

    A seed is a str or an int of at most :data:`MAX_SEED_DIGITS` digits. Shared by the
    matches, the play modules and the records of every game.
    """
    if isinstance(seed, str):
        return None
    if not is_int(seed):
        return f"a seed must be an int or a str, not {quote(seed)}"
    if not -_SEED_BOUND < seed < _SEED_BOUND:
        return f"an int seed has at most {MAX_SEED_DIGITS} digits, not {quote(seed, 30)}"
    return None


def fresh_seed() -> int:
    """A new random seed (63 bits from the system's generator), for a match given none."""
    return random.SystemRandom().getrandbits(63)


def is_count(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number from 0 to ``MAX_COUNT - 1``."""
    return is_int(value) and 0 <= value < MAX_COUNT


def check_fields(
    m: Any, *, count: str, size: int, who: str, dealers: int, several_at_target: bool = False
) -> None:
    """Check the fields of the match ``m`` (not its rules): the errors are :class:`MatchError`.

    ``m.scores`` must be ``size`` counts (``count``: how the message says the number), at
    most one of them at ``m.rules.match_target`` (``who``: "seat" or "side");
    ``m.dealer`` a seat from 0 to ``dealers - 1``; ``m.carry`` and ``m.hand_number``
    counts; ``m.seed`` a seed or ``None``. With ``several_at_target`` (honours paid
    apart, rules §13.11) more than one seat may be at the target.
    """
    if m.seed is not None:
        problem = seed_problem(m.seed)
        if problem is not None:
            raise MatchError(f"the match seed: {problem}")
    scores = m.scores
    if not (
        isinstance(scores, tuple) and len(scores) == size and all(is_count(s) for s in scores)
    ):
        raise MatchError(
            f"scores must be {count} whole numbers of game points from 0 to "
            f"{MAX_COUNT - 1}, not {quote(scores)}"
        )
    target = m.rules.match_target
    if sum(s >= target for s in scores) > 1 and not several_at_target:
        raise MatchError(f"scores {scores} give more than one {who} the match target {target}")
    if not is_int(m.dealer) or not 0 <= m.dealer < dealers:
        raise MatchError(
            f"the dealer must be a seat from 0 to {dealers - 1}, not {quote(m.dealer)}"
        )
    if not is_count(m.carry):
        raise MatchError(f"carried points must be from 0 to {MAX_COUNT - 1}, not {quote(m.carry)}")
    if not is_count(m.hand_number):
        raise MatchError(
            f"the hand number must be from 0 to {MAX_COUNT - 1}, not {quote(m.hand_number)}"
        )


class MatchScores:
    """The winner, the end and the next deal's seed of a match, from its fields.

    A game's match class has the fields ``rules`` (with ``match_target``), ``seed``,
    ``scores`` and ``hand_number``.
    """

    __slots__ = ()

    rules: Any
    seed: int | str | None
    scores: tuple[int, ...]
    hand_number: int

    @property
    def winner(self) -> int | None:
        """The seat (or side) that reached ``match_target``; ``None`` while the match goes on.

        Where several seats may be at the target (rules §13.11 [M25]), the highest total
        has won, and equal totals play on.
        """
        scores = self.scores
        top = max(scores)
        if top < self.rules.match_target or scores.count(top) > 1:
            return None
        return scores.index(top)

    @property
    def is_over(self) -> bool:
        """Whether a seat (or side) has reached ``match_target``."""
        return self.winner is not None

    @property
    def hand_seed(self) -> str | None:
        """The seed the next hand is dealt from, or ``None`` for a match without a seed.

        It is the text ``f"{seed!r}/{hand_number}"``, so int and str match seeds never
        give the same deals:

        >>> from sixtysix import CLASSIC_66
        >>> from sixtysix.match import new_match
        >>> new_match(CLASSIC_66, seed=7).hand_seed, new_match(CLASSIC_66, seed="7").hand_seed
        ('7/0', "'7'/0")
        """
        if self.seed is None:
            return None
        return f"{self.seed!r}/{self.hand_number}"


_M = TypeVar("_M", bound=MatchScores)
_H = TypeVar("_H")


def play_to_target(
    m: _M,
    play: Callable[[_M], _H],
    result_of: Callable[[_H], Any],
    apply: Callable[[_M, Any], _M],
    max_hands: int | None = None,
) -> tuple[_M, list[_H]]:
    """Play hands into the match ``m`` until it is over; the final match and every hand.

    ``play(m)`` plays the match's next hand (its record), ``result_of`` gives that hand's
    result and ``apply`` scores it into the match.

    Raises:
        MatchError: the match did not end within ``max_hands`` hands.
    """
    hands: list[_H] = []
    while not m.is_over:
        if max_hands is not None and len(hands) == max_hands:
            raise MatchError(f"the match did not end within {max_hands} hands")
        hand = play(m)
        hands.append(hand)
        m = apply(m, result_of(hand))
    return m, hands


def walk(
    start: _M,
    games: Sequence[_H],
    result_of: Callable[[_H], Any],
    apply: Callable[[_M, Any], _M],
) -> Iterator[tuple[int, _H, _M, _M | None]]:
    """Each hand of a replayed match record: number, hand, match before, match after.

    The match after an unfinished hand is ``None``. For showing a record hand by hand.
    """
    m = start
    for number, game in enumerate(games, 1):
        result = result_of(game)
        if result is None:
            yield number, game, m, None
            continue
        before, m = m, apply(m, result)
        yield number, game, before, m


def carried(m: Any) -> str:
    """`` (N carried)`` when the match ``m`` carries game points, else nothing (for texts)."""
    return f" ({m.carry} carried)" if m.carry else ""
