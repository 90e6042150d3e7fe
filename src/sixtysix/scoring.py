"""Scoring a finished hand (RULES.md §5, §6 and §9): :func:`score_hand` → :class:`HandResult`.

>>> from sixtysix import SCHNAPSEN, new_hand, legal_moves, apply_move
>>> state = new_hand(SCHNAPSEN, seed=5)
>>> while not state.is_over:
...     state = apply_move(state, legal_moves(state)[-1])
>>> result = score_hand(state)
>>> result.winner, result.game_points, result.reason
(0, 1, <HandEnd.LAST_TRICK: 'LAST_TRICK'>)
"""

from __future__ import annotations

import enum

import attrs

from .errors import HandNotOverError
from .rules import (
    BothOver66,
    ClosedWinBasis,
    CloserBeaten,
    FailedClose,
    FalseClaim,
    LastTrick,
    Rules,
    Schwarz,
)
from .state import HandState, Step

__all__ = ["HandEnd", "HandResult", "score_hand"]


class HandEnd(enum.Enum):
    """How a hand ended: the reason behind a :class:`HandResult`."""

    #: A correct claim of 66 or more (explicit, or automatic under ``ClaimMode.AUTO``).
    CLAIM = "CLAIM"
    #: A claim with fewer than 66 points; the opponent scores by ``false_claim``.
    FALSE_CLAIM = "FALSE_CLAIM"
    #: The closer won the last trick with 66 or more, which counts as a claim.
    CLOSER_TOOK_LAST_TRICK = "CLOSER_TOOK_LAST_TRICK"
    #: A closed hand was played out without the closer making 66; scored by ``failed_close``.
    FAILED_CLOSE = "FAILED_CLOSE"
    #: The closer's opponent claimed correctly first; scored by ``closer_beaten``.
    CLOSER_BEATEN = "CLOSER_BEATEN"
    #: Played out (not closed, ``TEN_POINTS``): exactly one player had 66 or more.
    PLAYED_OUT = "PLAYED_OUT"
    #: Played out (not closed, ``TEN_POINTS``): both had 66 or more; see ``both_over_66``.
    BOTH_OVER_66 = "BOTH_OVER_66"
    #: Played out (not closed, ``TEN_POINTS``): neither player reached 66; no score.
    NEITHER_REACHED_66 = "NEITHER_REACHED_66"
    #: Played out (not closed, ``WINS_HAND``): the winner of the last trick won the hand.
    LAST_TRICK = "LAST_TRICK"


@attrs.frozen
class HandResult:
    """The result of a finished hand.

    Attributes:
        winner: The seat that scores, or ``None`` when the hand scores nothing.
        game_points: Game points the winner scores (0 when nobody scores). Carried points
            from earlier hands are not included; the match adds them.
        carry: Game points this hand carries to the next scored hand: the rule set's
            ``tie_carry`` when nobody scores, else 0.
        points: Final points of seat 0 and seat 1 (RULES.md §9.10): card points plus
            counted marriages, plus the last-trick 10 in a played-out, unclosed
            ``TEN_POINTS`` hand.
        reason: How the hand ended.
    """

    winner: int | None
    game_points: int
    carry: int
    points: tuple[int, int]
    reason: HandEnd

    @property
    def loser(self) -> int | None:
        """The seat that does not score, or ``None`` when the hand scores nothing."""
        return None if self.winner is None else 1 - self.winner


def _grade(rules: Rules, tricks: int, card_points: int, marriages: int, bonus: int) -> int:
    """3/2/1 game points for beating an opponent in this situation (RULES.md §6)."""
    full = card_points + marriages + bonus
    if rules.schwarz is Schwarz.NO_TRICKS:
        if tricks == 0:
            return 3
    elif full == 0:
        return 3
    counted = full if rules.schneider_counts_marriages else card_points + bonus
    return 2 if counted < rules.schneider_threshold else 1


def _grade_now(state: HandState, seat: int, bonus: int = 0) -> int:
    return _grade(
        state.rules,
        state.won[seat].bit_count() >> 1,
        state.card_points[seat],
        state.marriages[seat],
        bonus,
    )


def _grade_claim(state: HandState, claimer: int) -> int:
    """What a correct claim by ``claimer`` is worth, on the §6.1 basis."""
    snap = state.close_snapshot
    if (
        state.closed_by == claimer
        and snap is not None
        and state.rules.closed_win_basis is ClosedWinBasis.AT_CLOSE
    ):
        return _grade(
            state.rules,
            snap.opponent_tricks,
            snap.opponent_card_points,
            snap.opponent_marriages,
            0,
        )
    return _grade_now(state, 1 - claimer)


def _failed_close(state: HandState) -> int:
    """What the closer's opponent scores for a failed close (RULES.md §6.3)."""
    rules = state.rules
    snap = state.close_snapshot
    assert snap is not None
    rule = rules.failed_close
    if rule is FailedClose.ALWAYS_THREE or snap.opponent_tricks == 0:
        return 3
    if rule is FailedClose.TWO_OR_THREE:
        return 2
    closer_points = state.points(state.closed_by)
    return 1 if closer_points >= rules.schneider_threshold else 2


def score_hand(state: HandState) -> HandResult:
    """Score a finished hand.

    Raises:
        HandNotOverError: the hand is not over yet.
    """
    if state.step is not Step.OVER:
        raise HandNotOverError(
            "cannot score a hand that is not over: "
            f"seat {state.to_move} is still to move ({state.step.name.lower()})"
        )
    rules = state.rules
    points = [state.points(0), state.points(1)]
    closer = state.closed_by
    last = state.leader
    if state.hands[0] | state.hands[1]:
        # Ended by a claim (explicit, or automatic) of the leader.
        claimer = last
        opponent = 1 - claimer
        if points[claimer] < 66:
            rule = rules.false_claim
            if rule is FalseClaim.FLAT_TWO:
                gp = 2
            elif rule is FalseClaim.TWO_OR_THREE:
                gp = 2 if state.won[opponent] else 3
            else:
                gp = _grade_claim(state, claimer)
            return _result(rules, opponent, gp, points, HandEnd.FALSE_CLAIM)
        if closer >= 0 and closer != claimer:
            gp = 2 if rules.closer_beaten is CloserBeaten.FLAT_TWO else _failed_close(state)
            return _result(rules, claimer, gp, points, HandEnd.CLOSER_BEATEN)
        return _result(rules, claimer, _grade_claim(state, claimer), points, HandEnd.CLAIM)
    if closer >= 0:
        if last == closer and points[closer] >= 66:
            gp = _grade_claim(state, closer)
            return _result(rules, closer, gp, points, HandEnd.CLOSER_TOOK_LAST_TRICK)
        return _result(rules, 1 - closer, _failed_close(state), points, HandEnd.FAILED_CLOSE)
    if rules.last_trick is LastTrick.WINS_HAND:
        gp = _grade_now(state, 1 - last) if points[last] >= 66 else 1
        return _result(rules, last, gp, points, HandEnd.LAST_TRICK)
    points[last] += 10
    over = [p >= 66 for p in points]
    if over[0] and over[1]:
        if rules.both_over_66 is BothOver66.NO_SCORE or points[0] == points[1]:
            return _result(rules, None, 0, points, HandEnd.BOTH_OVER_66)
        winner = 0 if points[0] > points[1] else 1
    elif over[0] or over[1]:
        winner = 0 if over[0] else 1
    else:
        return _result(rules, None, 0, points, HandEnd.NEITHER_REACHED_66)
    loser = 1 - winner
    gp = _grade_now(state, loser, 10 if loser == last else 0)
    reason = HandEnd.BOTH_OVER_66 if over[loser] else HandEnd.PLAYED_OUT
    return _result(rules, winner, gp, points, reason)


def _result(
    rules: Rules, winner: int | None, game_points: int, points: list[int], reason: HandEnd
) -> HandResult:
    return HandResult(
        winner=winner,
        game_points=game_points,
        carry=rules.tie_carry if winner is None else 0,
        points=(points[0], points[1]),
        reason=reason,
    )
