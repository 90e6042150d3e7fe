"""Evaluating moves in one determinized four-hand world (partnership Sixty-Six, rules §10).

The building blocks of :class:`~sixtysix.partnership.PartnershipPimcBot`. A *world* is a
complete :class:`~sixtysix.partnership.PartnershipState` drawn by
:func:`~sixtysix.partnership.determinize`. In a world every card is known, so:

* :func:`four_hand_exact_value` searches the rest of the hand exactly (alpha-beta over
  every seat's legal plays) — cheap only for the last few tricks;
* :func:`four_hand_playout_value` plays the hand out with a policy (by default
  :class:`~sixtysix.partnership.PartnershipRuleBot`, each seat deciding from its own
  view, so the partner's play is modelled as well as the opponents');
* :func:`four_hand_move_values` values every legal move of the seat to move: exactly
  when at most ``exact_tricks`` tricks remain, else by one playout after each move.

A value is for a side (0: seats 0 and 2; 1: seats 1 and 3): the side's game points for
the hand minus the other side's (the ten-of-trumps point included, carried points not:
:attr:`~sixtysix.partnership.PartnershipResult.side_game_points`), plus
:data:`MARGIN_WEIGHT` times the card-point margin, which breaks ties between moves of
equal game points in favour of the larger margin (a margin never outweighs a game point).

>>> from sixtysix import partnership as p4
>>> state = p4.new_hand(p4.FOUR_HAND_66, seed=8)
>>> values = four_hand_move_values(state)
>>> len(values) == len(p4.legal_moves(state)) and all(-4 < v < 4 for v in values)
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..partnership.engine import apply_move, legal_moves
from ..partnership.rule_bot import PartnershipRuleBot
from ..partnership.scoring import score_hand
from ..partnership.state import PartnershipState
from ..partnership.views import observe

if TYPE_CHECKING:
    from ..bots import Bot

__all__ = [
    "MARGIN_WEIGHT",
    "four_hand_exact_value",
    "four_hand_move_values",
    "four_hand_playout_value",
    "four_hand_terminal_value",
]

#: The weight of one card point of margin in a four-hand value: 130 points of margin
#: weigh less than one game point.
MARGIN_WEIGHT = 1 / 256
_RULE_BOT = PartnershipRuleBot()
_RNG = random.Random(0)


def four_hand_terminal_value(state: PartnershipState, side: int) -> float:
    """The value of a finished four-hand deal for ``side`` (see the module text).

    Raises:
        HandNotOverError: the hand is not over.

    >>> from sixtysix import partnership as p4
    >>> s = p4.new_hand(p4.FOUR_HAND_66, seed=3)
    >>> while not p4.is_over(s):
    ...     s = p4.apply_move(s, p4.legal_moves(s)[0])
    >>> four_hand_terminal_value(s, 1) == -four_hand_terminal_value(s, 0)
    True
    """
    result = score_hand(state)
    g = result.side_game_points
    p = result.points
    value = (g[0] - g[1]) + MARGIN_WEIGHT * (p[0] - p[1])
    return value if side == 0 else -value


def four_hand_playout_value(
    state: PartnershipState,
    side: int,
    policy: Bot | None = None,
    rng: random.Random | None = None,
) -> float:
    """Play ``state`` out with ``policy`` (each seat from its own view); the value for ``side``.

    >>> from sixtysix import partnership as p4
    >>> -4 < four_hand_playout_value(p4.new_hand(p4.FOUR_HAND_24, seed=3), 0) < 4
    True
    """
    bot = policy if policy is not None else _RULE_BOT
    gen = rng if rng is not None else _RNG
    while not state.over:
        mover = (state.leader + len(state.trick)) & 3
        state = apply_move(state, bot.choose(observe(state, mover), gen))
    return four_hand_terminal_value(state, side)


def four_hand_exact_value(state: PartnershipState, side: int) -> float:
    """The value for ``side`` of ``state`` under perfect play by all four seats.

    Every card is known; the two sides play against each other (partners cooperate).
    The cost grows steeply with the cards left: use it for the last few tricks.

    >>> from sixtysix import partnership as p4
    >>> s = p4.new_hand(p4.FOUR_HAND_66, seed=3)
    >>> while len(s.played) < 24:
    ...     s = p4.apply_move(s, p4.legal_moves(s)[0])
    >>> four_hand_exact_value(s, 0) >= four_hand_playout_value(s, 0)
    True
    """
    value = _search(state, -1e9, 1e9)
    return value if side == 0 else -value


def _search(state: PartnershipState, alpha: float, beta: float) -> float:
    """Side 0's value of ``state`` (fail-hard alpha-beta; side 0 maximises)."""
    if state.over:
        return four_hand_terminal_value(state, 0)
    maximise = not ((state.leader + len(state.trick)) & 1)
    if maximise:
        best = -1e9
        for move in legal_moves(state):
            value = _search(apply_move(state, move), alpha, beta)
            if value > best:
                best = value
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        return best
    best = 1e9
    for move in legal_moves(state):
        value = _search(apply_move(state, move), alpha, beta)
        if value < best:
            best = value
            if best < beta:
                beta = best
                if alpha >= beta:
                    break
    return best


def four_hand_move_values(
    state: PartnershipState,
    policy: Bot | None = None,
    rng: random.Random | None = None,
    exact_tricks: int = 0,
) -> list[float]:
    """The value of each legal move of ``state`` for the side to move, in one world.

    Exact (:func:`four_hand_exact_value`) when at most ``exact_tricks`` tricks remain
    counting the current one, else one :func:`four_hand_playout_value` playout after each
    move. The list is in :func:`~sixtysix.partnership.legal_moves` order; empty once the
    hand is over.

    >>> from sixtysix import partnership as p4
    >>> s = p4.new_hand(p4.FOUR_HAND_66, seed=5)
    >>> len(four_hand_move_values(s)) == len(p4.legal_moves(s))
    True
    """
    if state.over:
        return []
    side = (state.leader + len(state.trick)) & 1
    remaining = (state.rules.deck.size - len(state.played) + len(state.trick) + 3) // 4
    moves = legal_moves(state)
    if remaining <= exact_tricks:
        return [four_hand_exact_value(apply_move(state, move), side) for move in moves]
    return [four_hand_playout_value(apply_move(state, move), side, policy, rng) for move in moves]
