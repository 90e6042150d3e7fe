"""Playing four-hand hands and matches with bots: :func:`play_hand`, :func:`play_match`.

A player is anything with ``choose(view, rng) -> move`` (the two-hand
:class:`~sixtysix.bots.RandomBot` works unchanged, as does
:class:`~sixtysix.partnership.PartnershipRuleBot`); each seat decides from its own
:class:`~sixtysix.partnership.PartnershipView`, so it cannot see other hands.

>>> import random
>>> from sixtysix import partnership as p4
>>> from sixtysix.bots import RandomBot
>>> players = [p4.PartnershipRuleBot(), RandomBot(), p4.PartnershipRuleBot(), RandomBot()]
>>> record = p4.play_match(p4.FOUR_HAND_24, players, seed=3, rng=random.Random(0))
>>> max(record.scores) >= 7 and p4.replay(record)[1].scores == record.scores
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from .. import _match, _play
from ..cards import CARDS
from ..errors import IllegalMoveError, ParseError, PlayerError, quote
from ..moves import Move
from .engine import apply_move, new_hand, shuffled_deck
from .match import PartnershipMatch, apply_result, new_match
from .records import HandRecord, MatchRecord, _hand_record
from .rules import PartnershipRules
from .state import PartnershipState
from .views import observe

__all__ = ["Player", "play_hand", "play_match"]


class Player(Protocol):
    """A four-hand player: chooses a legal move from its seat's view."""

    def choose(self, view: Any, rng: random.Random) -> Move:
        """The move to make; ``view`` is a :class:`~sixtysix.partnership.PartnershipView`."""
        ...


def _check_players(players: object) -> None:
    if (
        not isinstance(players, Sequence)
        or len(players) != 4
        or not all(callable(getattr(p, "choose", None)) for p in players)
    ):
        raise PlayerError(
            "four-hand play needs four players with a choose(view, rng) method, "
            f"not {quote(players)}"
        )


def _check_rng(rng: object) -> random.Random:
    if rng is None:
        return random.Random(0)
    if not isinstance(rng, random.Random):
        raise PlayerError(f"rng must be a random.Random or None, not {quote(rng)}")
    return rng


def play_hand(
    rules: PartnershipRules,
    players: Sequence[Player],
    *,
    seed: int | str,
    dealer: int = 0,
    scores: tuple[int, int] = (0, 0),
    rng: random.Random | None = None,
) -> HandRecord:
    """Deal a hand from ``seed`` and let ``players[seat]`` play each seat; its record.

    Raises:
        PlayerError: not four players, ``seed`` is not a str or an int of at most
            :data:`~sixtysix.match.MAX_SEED_DIGITS` digits, or ``rng`` is not a
            :class:`random.Random`.
        DealError: a bad rule set, dealer or scores.
        IllegalMoveError: a player chose an illegal move (the message names the seat).
    """
    _check_players(players)
    _play.check_seed(seed, fresh=False)
    rng = _check_rng(rng)
    state = new_hand(rules, seed, dealer, scores=scores)

    def answer(state: PartnershipState, seat: int) -> object:
        return players[seat].choose(observe(state, seat), rng)

    final, moves = _play.play_out(state, answer, _apply)
    return _hand_record(
        rules, dealer, scores, tuple(shuffled_deck(rules, seed)), seed, final, moves
    )


def _apply(state: PartnershipState, move: object, seat: int) -> tuple[PartnershipState, str]:
    """The state after seat ``seat``'s player's move, and the move's canonical text."""
    try:
        state = apply_move(state, move)  # type: ignore[arg-type]  # apply_move checks it
    except IllegalMoveError as exc:
        raise IllegalMoveError(move, f"seat {seat}'s player chose it: {exc.reason}") from None
    except ParseError:
        problem = f"seat {seat}'s player returned text that is not a move"
        raise IllegalMoveError(quote(move), problem) from None
    return state, str(CARDS[state.played[-1]])  # canonical, whatever text it returned


def play_match(
    rules: PartnershipRules,
    players: Sequence[Player],
    *,
    seed: int | str,
    dealer: int = 0,
    rng: random.Random | None = None,
    max_hands: int = 1000,
) -> MatchRecord:
    """Play a whole match (to ``match_target``) and return its record.

    Raises:
        PlayerError: not four players, ``seed`` is not a str or an int of at most
            :data:`~sixtysix.match.MAX_SEED_DIGITS` digits, ``rng`` is not a
            :class:`random.Random`, or ``max_hands`` is not a whole number, 1 or more.
        IllegalMoveError: a player chose an illegal move.
        MatchError: a bad rule set or dealer, or the match did not end within
            ``max_hands`` hands.
    """
    _check_players(players)
    _play.check_seed(seed, fresh=False)
    rng = _check_rng(rng)
    if type(max_hands) is not int or max_hands < 1:
        raise PlayerError(f"max_hands must be a whole number, 1 or more, not {quote(max_hands)}")

    def next_hand(m: PartnershipMatch) -> HandRecord:
        assert m.hand_seed is not None  # the match has a seed
        return play_hand(
            rules, players, seed=m.hand_seed, dealer=m.dealer, scores=m.scores, rng=rng
        )

    m, games = _match.play_to_target(
        new_match(rules, seed, dealer=dealer),
        next_hand,
        lambda record: record.result,
        apply_result,
        max_hands,
    )
    return MatchRecord(rules=rules, seed=seed, dealer=dealer, games=tuple(games), scores=m.scores)
