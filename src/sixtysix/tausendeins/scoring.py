"""The score of a finished deal and the game to 1001 (rules §12.7, §12.8).

>>> import random
>>> from sixtysix import tausendeins as t1
>>> state = t1.new_hand(t1.TAUSENDEINS, seed=4)
>>> rng = random.Random(0)
>>> while not t1.is_over(state):
...     state = t1.apply_move(state, rng.choice(t1.legal_moves(state)))
>>> result = t1.score_deal(state)
>>> sum(result.card_points), sum(result.tricks), result.declarer
(120, 12, None)
>>> t1.match_winner(t1.TAUSENDEINS, (1010, 990)), t1.match_winner(t1.TAUSENDEINS, (1001, 1001))
(0, None)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..cards import CARDS
from ..errors import HandNotOverError, RulesError, quote
from .rules import Bidding, TausendeinsRules
from .state import TausendeinsState, iter_mask

__all__ = ["TausendeinsResult", "match_winner", "score_deal"]


@attrs.frozen
class TausendeinsResult:
    """What one finished deal scores (rules §12.7).

    Attributes:
        points: Deal points per seat: card points (the declarer's discards included),
            the last-trick bonus and counted marriages; 0 for a seat that won no trick
            when ``no_trick_no_score`` is on.
        added: What each seat adds to its running total.
        card_points: Card points won per seat: its tricks, plus the declarer's discards
            with ``AUCTION`` (before ``no_trick_no_score``).
        marriage_points: Marriage points counted per seat (rules §12.5.6).
        tricks: Tricks won per seat.
        declarer: The declarer's seat, or ``None`` with ``NONE``.
        contract: The contract, or ``None`` with ``NONE``.
        made: Whether the declarer's points reached the contract, or ``None``.
    """

    points: tuple[int, int]
    added: tuple[int, int]
    card_points: tuple[int, int]
    marriage_points: tuple[int, int]
    tricks: tuple[int, int]
    declarer: int | None = None
    contract: int | None = None
    made: bool | None = None


def score_deal(state: TausendeinsState) -> TausendeinsResult:
    """The score of a finished deal (rules §12.7).

    Raises:
        HandNotOverError: the deal is not over.
    """
    if type(state) is not TausendeinsState:
        raise HandNotOverError(f"score_deal needs a TausendeinsState, not {quote(state)}")
    if state.phase != 5:
        raise HandNotOverError(
            f"the deal is not over: {state.tricks_played} of {state.rules.tricks} tricks played"
        )
    rules = state.rules
    cards = [state.card_points[0], state.card_points[1]]
    auction = rules.bidding is Bidding.AUCTION
    declarer = state.declarer
    if auction:
        cards[declarer] += sum(_points_of(state.discards))
    tricks = state.tricks_won
    marriages = [0, 0]
    for m in state.marriages:
        if tricks[m.seat] or not rules.no_trick_no_score:
            marriages[m.seat] += m.value
    points = [cards[0] + marriages[0], cards[1] + marriages[1]]
    if rules.last_trick_bonus and state.last_winner >= 0:
        points[state.last_winner] += rules.last_trick_bonus
    if rules.no_trick_no_score:
        points = [p if t else 0 for p, t in zip(points, tricks, strict=True)]
    contract = state.contract
    made = auction and points[declarer] >= contract
    added = [points[0], points[1]]
    if auction:
        added[declarer] = contract if made else -contract
    return TausendeinsResult(
        (points[0], points[1]),
        (added[0], added[1]),
        (cards[0], cards[1]),
        (marriages[0], marriages[1]),
        tricks,
        declarer if auction else None,
        contract if auction else None,
        made if auction else None,
    )


def _points_of(mask: int) -> list[int]:
    return [CARDS[i].points for i in iter_mask(mask)]


def match_winner(rules: TausendeinsRules, totals: Sequence[int]) -> int | None:
    """The seat that has won the game to ``rules.target``, or ``None`` (rules §12.8).

    The higher total wins once it is at least the target and the totals differ; equal
    totals at or above the target play on.

    Raises:
        RulesError: ``rules`` is not a rule set, or ``totals`` is not two whole numbers.
    """
    if type(rules) is not TausendeinsRules:
        raise RulesError(f"match_winner needs TausendeinsRules, not {quote(rules)}")
    try:
        a, b = totals
    except (TypeError, ValueError):
        raise RulesError(f"the totals must be two whole numbers, not {quote(totals)}") from None
    if type(a) is not int or type(b) is not int:
        raise RulesError(f"the totals must be two whole numbers, not {quote(totals)}")
    if a == b or max(a, b) < rules.target:
        return None
    return 0 if a > b else 1
