"""Four-hand matches (rules §10.6-§10.8): :class:`PartnershipMatch` and its transitions.

Sides play to ``match_target`` (7) game points; the deal passes left (clockwise) after
every hand, tied hands included; a 65-65 hand carries ``tie_carry`` to the side that
wins the next hand that scores. Each hand is dealt knowing both sides' scores, so that
the ten-of-trumps point (§10.7) can end the match in the middle of a hand.

>>> from sixtysix import partnership as p4
>>> m = p4.new_match(p4.FOUR_HAND_24, seed=7)
>>> while not m.is_over:
...     s = p4.next_hand(m)
...     while not p4.is_over(s):
...         s = p4.apply_move(s, p4.legal_moves(s)[-1])
...     m = p4.apply_result(m, p4.score_hand(s))
>>> m.winner in (0, 1) and max(m.scores) >= 7, m.hand_number > 1
(True, True)
"""

from __future__ import annotations

import attrs

from .. import _match
from ..errors import MatchError, quote
from .engine import new_hand
from .rules import PartnershipRules
from .scoring import PartnershipEnd, PartnershipResult
from .state import PartnershipState

__all__ = ["PartnershipMatch", "apply_result", "new_match", "next_hand"]


@attrs.frozen(kw_only=True)
class PartnershipMatch(_match.MatchScores):
    """A four-hand match between hands.

    Attributes:
        rules: The rule set of the match and every hand.
        seed: The match seed every deal is drawn from, or ``None`` (hands dealt by hand):
            a str or an int of at most :data:`~sixtysix.match.MAX_SEED_DIGITS` digits, as
            in the two-hand game.
        scores: Game points of side 0 (seats 0, 2) and side 1 (seats 1, 3).
        dealer: The seat (0 to 3) that deals the next hand.
        carry: Game points carried from 65-65 hands.
        hand_number: Hands played so far.

    Scores, carry and hand number are whole numbers below
    :data:`~sixtysix.match.MAX_COUNT`.

    Raises:
        MatchError: a field that no match can hold.
    """

    rules: PartnershipRules
    seed: int | str | None
    scores: tuple[int, int] = (0, 0)
    dealer: int = 0
    carry: int = 0
    hand_number: int = 0

    def __attrs_post_init__(self) -> None:
        """Check that the fields describe a possible match."""
        if not isinstance(self.rules, PartnershipRules):
            raise MatchError(f"a four-hand match needs PartnershipRules, not {quote(self.rules)}")
        _match.check_fields(self, count="two", size=2, who="side", dealers=4)


def new_match(
    rules: PartnershipRules, seed: int | str | None = None, *, dealer: int = 0
) -> PartnershipMatch:
    """Start a match at 0-0 with ``dealer`` to deal; ``seed=None`` draws a fresh seed.

    Raises:
        MatchError: a bad rule set, seed or dealer (the seed: a str, an int of at most
            :data:`~sixtysix.match.MAX_SEED_DIGITS` digits, or ``None``).
    """
    if seed is None:
        seed = _match.fresh_seed()
    return PartnershipMatch(rules=rules, seed=seed, dealer=dealer)


def next_hand(m: PartnershipMatch) -> PartnershipState:
    """Deal the match's next hand: ``new_hand(rules, m.hand_seed, m.dealer, scores=m.scores)``.

    Raises:
        MatchError: the match is over, or has no seed.
    """
    if not isinstance(m, PartnershipMatch):
        raise MatchError(f"next_hand needs a PartnershipMatch, not {quote(m)}")
    if m.is_over:
        raise MatchError(f"the match is over: side {m.winner} has won it")
    if m.seed is None:
        raise MatchError("this match has no seed, so it cannot deal; use deal_from_order")
    return new_hand(m.rules, m.hand_seed, m.dealer, scores=m.scores)


def apply_result(m: PartnershipMatch, result: PartnershipResult) -> PartnershipMatch:
    """The match after a hand with ``result``; the deal passes left.

    The hand's winner scores its game points plus everything carried; a 65-65 hand adds
    its ``carry``; the ten-of-trumps point (§10.7) goes to its side in any case. When the
    ten of trumps ended the hand (reason ``TEN_OF_TRUMPS``, in whichever trick, the last
    one too), its side has reached the target, nothing else is scored and the carry is
    not collected: only one side can reach the target in a hand.

    Raises:
        MatchError: the match is over, or ``result`` is not a four-hand result.
    """
    if not isinstance(m, PartnershipMatch):
        raise MatchError(f"apply_result needs a PartnershipMatch, not {quote(m)}")
    if not isinstance(result, PartnershipResult):
        raise MatchError(f"apply_result needs a PartnershipResult, not {quote(result)}")
    if m.is_over:
        raise MatchError(f"the match is over: side {m.winner} has won it")
    gained = list(result.side_game_points)
    carry = m.carry
    if result.winner is not None:
        gained[result.winner] += carry
        carry = 0
    elif result.reason is PartnershipEnd.TIE:
        carry += result.carry
    scores = (m.scores[0] + gained[0], m.scores[1] + gained[1])
    if scores[0] >= m.rules.match_target and scores[1] >= m.rules.match_target:
        raise MatchError(
            f"the result {result.side_game_points} would give both sides the match target; "
            "it does not belong to this match (a hand dealt with other scores?)"
        )
    return PartnershipMatch(
        rules=m.rules,
        seed=m.seed,
        scores=scores,
        dealer=(m.dealer + 1) & 3,
        carry=carry,
        hand_number=m.hand_number + 1,
    )
