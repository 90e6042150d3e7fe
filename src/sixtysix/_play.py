"""The loop that plays a hand out between players, for every game (internal).

:func:`play_out` asks the seat to move for its answer and applies it until the hand is
over; the game gives the two hooks: how a seat answers (a chooser, a bot and its view)
and how an answer is applied (what counts as a move, the error that names the player).
:func:`check_seed` is the seed check of the play functions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from ._match import fresh_seed, seed_problem
from .errors import PlayerError


class _Playable(Protocol):
    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` when the hand is over."""


_S = TypeVar("_S", bound=_Playable)


def play_out(
    state: _S,
    answer: Callable[[_S, int], object],
    apply: Callable[[_S, object, int], tuple[_S, str]],
) -> tuple[_S, list[str]]:
    """Play ``state`` to its end; the final state and every move in canonical text.

    ``answer(state, seat)`` is what the player of ``seat`` answers; ``apply(state,
    answer, seat)`` checks and applies it, giving the next state and the move's text.
    """
    moves: list[str] = []
    while (seat := state.to_move) is not None:
        state, text = apply(state, answer(state, seat), seat)
        moves.append(text)
    return state, moves


def check_seed(seed: object, *, fresh: bool) -> int | str:
    """``seed`` if it is a seed (a fresh one for ``None`` when ``fresh``).

    Raises:
        PlayerError: ``seed`` is not a str or an int of at most ``MAX_SEED_DIGITS`` digits.
    """
    if seed is None and fresh:
        return fresh_seed()
    problem = seed_problem(seed)
    if problem is not None:
        raise PlayerError(f"{problem} (or None for a fresh seed)" if fresh else problem)
    assert isinstance(seed, int | str)
    return seed
