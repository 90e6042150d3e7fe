"""Scoring a finished four-hand deal (rules §10.5-§10.7): :func:`score_hand`.

>>> from sixtysix import partnership as p4
>>> s = p4.new_hand(p4.FOUR_HAND_66, seed=3)
>>> while not p4.is_over(s):
...     s = p4.apply_move(s, p4.legal_moves(s)[0])
>>> r = p4.score_hand(s)
>>> sum(r.points), r.winner, r.game_points, r.reason
(130, 1, 1, <PartnershipEnd.PLAYED_OUT: 'PLAYED_OUT'>)
"""

from __future__ import annotations

import enum

import attrs

from ..errors import HandNotOverError, PositionError, ResultError, quote
from .state import PartnershipState

__all__ = [
    "LAST_TRICK_BONUS",
    "PartnershipEnd",
    "PartnershipResult",
    "game_points_for",
    "score_hand",
]

#: Points for the last trick of a hand played out (§10.5): 120 card points + 10 = 130.
LAST_TRICK_BONUS = 10


class PartnershipEnd(enum.Enum):
    """How a four-hand deal ended."""

    #: Played out; one side made 66 or more and scores 1, 2 or 3 (§10.6).
    PLAYED_OUT = "PLAYED_OUT"
    #: Played out 65-65: nobody scores the hand; ``tie_carry`` is carried (§10.6).
    TIE = "TIE"
    #: The side that won the trump ten reached ``match_target`` with that point, and the
    #: hand ended right after that trick (§10.7): no other points are scored, also when
    #: the ten fell in the last trick (no hand winner, no last-trick 10).
    TEN_OF_TRUMPS = "TEN_OF_TRUMPS"


@attrs.frozen
class PartnershipResult:
    """The result of a finished four-hand deal.

    Attributes:
        winner: The side (0: seats 0 and 2; 1: seats 1 and 3) that won the hand with 66
            or more, or ``None`` (a 65-65 tie, or a hand ended by the ten of trumps).
        game_points: Game points the winner scores for the hand (1, 2 or 3; 0 without a
            winner). Carried points and the ten-of-trumps point are not included.
        carry: ``tie_carry`` for a 65-65 hand, else 0 (the match adds it to the next
            winner, §10.6).
        points: Final points of side 0 and side 1: card points plus the last-trick 10
            (they sum to 130 in a hand played out); in a hand ended by the ten of trumps,
            the card points won until then, without the last-trick 10 even when the ten
            fell in the last trick.
        tricks: Tricks won by side 0 and side 1.
        ten_of_trumps: The side that scores the ten-of-trumps point (§10.7), or ``None``
            when ``ten_of_trumps_point`` is off.
        reason: How the hand ended.

    Raises:
        ResultError: the fields do not describe a possible four-hand result (checked on
            construction, so that a result read from a record cannot break a match).
    """

    winner: int | None
    game_points: int
    carry: int
    points: tuple[int, int]
    tricks: tuple[int, int]
    ten_of_trumps: int | None
    reason: PartnershipEnd

    def __attrs_post_init__(self) -> None:
        """Check the fields (see the class docstring)."""
        _check_result(self)

    @property
    def side_game_points(self) -> tuple[int, int]:
        """Game points each side scores with this hand, the ten-of-trumps point included.

        Carried points are excluded: the match adds those.

        >>> from sixtysix import partnership as p4
        >>> r = p4.PartnershipResult(1, 2, 0, (30, 100), (2, 6), 0, p4.PartnershipEnd.PLAYED_OUT)
        >>> r.side_game_points
        (1, 2)
        """
        g = [0, 0]
        if self.winner is not None:
            g[self.winner] += self.game_points
        if self.ten_of_trumps is not None:
            g[self.ten_of_trumps] += 1
        return (g[0], g[1])


#: The most tricks of a four-hand deal (D32: eight each).
_MAX_TRICKS = 8


def _is_pair(value: object, top: int) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(type(x) is int and x >= 0 for x in value)
        and value[0] + value[1] <= top
    )


def _check_result(r: PartnershipResult) -> None:
    """Raise :class:`ResultError` unless ``r`` is a result :func:`score_hand` could give."""
    v: object = r.reason
    if not isinstance(v, PartnershipEnd):
        allowed = ", ".join(e.name for e in PartnershipEnd)
        raise ResultError(f"reason must be a PartnershipEnd ({allowed}), not {quote(v)}")
    total = 120 + LAST_TRICK_BONUS
    if not _is_pair(r.points, total):
        raise ResultError(
            f"points must be two whole numbers of 0 or more, together at most {total}, "
            f"not {quote(r.points)}"
        )
    if not _is_pair(r.tricks, _MAX_TRICKS):
        raise ResultError(
            f"tricks must be two whole numbers of 0 or more, together at most {_MAX_TRICKS}, "
            f"not {quote(r.tricks)}"
        )
    ten: object = r.ten_of_trumps
    if ten is not None and (type(ten) is not int or ten not in (0, 1)):
        raise ResultError(f"ten_of_trumps is side 0 or 1, or None, not {quote(ten)}")
    winner: object = r.winner
    game_points: object = r.game_points
    carry: object = r.carry
    if r.reason is PartnershipEnd.PLAYED_OUT:
        if type(winner) is not int or winner not in (0, 1):
            raise ResultError(f"a hand played out has a winning side, 0 or 1, not {quote(winner)}")
        mine, theirs = r.points[winner], r.points[1 - winner]
        if not (mine >= 66 and mine > theirs):
            raise ResultError(f"side {winner} cannot win a hand with {mine}-{theirs} points")
        expected = game_points_for(mine, r.tricks[1 - winner])
        if type(game_points) is not int or game_points != expected:
            raise ResultError(
                f"side {winner} scores {expected} game points with {mine} points, "
                f"not {quote(game_points)}"
            )
        if type(carry) is not int or carry != 0:
            raise ResultError(f"a hand with a winner carries no game points, not {quote(carry)}")
        return
    if winner is not None or type(game_points) is not int or game_points != 0:
        raise ResultError(
            f"a hand that ends {r.reason.name} has no winner and scores no game points, not "
            f"winner {quote(winner)} with {quote(game_points)}"
        )
    if r.reason is PartnershipEnd.TIE:
        if r.points != (65, 65):
            raise ResultError(f"a tied hand is 65-65, not {r.points[0]}-{r.points[1]}")
        if type(carry) is not int or carry not in (0, 1):
            raise ResultError(f"a tied hand carries 0 or 1 game points, not {quote(carry)}")
        return
    if ten is None:
        raise ResultError("a hand ended by the ten of trumps needs the side that won it")
    if type(carry) is not int or carry != 0:
        raise ResultError(
            f"a hand ended by the ten of trumps carries no game points, not {quote(carry)}"
        )
    if r.points[0] + r.points[1] > 120:
        raise ResultError(
            "a hand ended by the ten of trumps scores no last-trick 10: its points are at "
            f"most 120 in all, not {r.points[0]}-{r.points[1]}"
        )


def game_points_for(winner_points: int, loser_tricks: int) -> int:
    """The hand's game points for a side with ``winner_points`` (66 or more).

    ``loser_tricks`` is the number of tricks the other side won (rules §10.6 and its
    readings): 3 if the other side took no trick, else 2 with 100 or more (exactly 100 included),
    else 1.

    >>> from sixtysix import partnership as p4
    >>> [p4.game_points_for(p, t) for p, t in [(66, 3), (99, 1), (100, 1), (130, 1), (130, 0)]]
    [1, 1, 2, 2, 3]
    """
    if loser_tricks == 0:
        return 3
    return 2 if winner_points >= 100 else 1


def score_hand(state: PartnershipState) -> PartnershipResult:
    """Score a finished deal.

    Raises:
        PositionError: ``state`` is not a :class:`PartnershipState`.
        HandNotOverError: the hand is not over.
    """
    if type(state) is not PartnershipState:
        raise PositionError(f"score_hand needs a PartnershipState, not {type(state).__name__}")
    if not state.over:
        raise HandNotOverError(
            f"the hand is not over: {state.tricks_played} of {state.rules.tricks} tricks played"
        )
    tricks = (state.won[0].bit_count() >> 2, state.won[1].bit_count() >> 2)
    ten = state.ten_side if state.ten_side >= 0 else None
    if state.ended_by_ten:  # in any trick, the last one too (§10.7)
        return PartnershipResult(
            None, 0, 0, state.card_points, tricks, ten, PartnershipEnd.TEN_OF_TRUMPS
        )
    last = state.leader & 1  # the winner of the last trick leads the (empty) next one
    p = list(state.card_points)
    p[last] += LAST_TRICK_BONUS
    points = (p[0], p[1])
    if p[0] == p[1]:
        return PartnershipResult(
            None, 0, state.rules.tie_carry, points, tricks, ten, PartnershipEnd.TIE
        )
    winner = 0 if p[0] > p[1] else 1
    g = game_points_for(p[winner], tricks[1 - winner])
    return PartnershipResult(winner, g, 0, points, tricks, ten, PartnershipEnd.PLAYED_OUT)
