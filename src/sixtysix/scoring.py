"""Scoring a finished hand (rules §5, §6 and §9): :func:`score_hand` → :class:`HandResult`.

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
from typing import Protocol, TypeGuard

import attrs

from .errors import HandNotOverError, PositionError, ResultError, quote
from .legality import rule_facts
from .rules import (
    BothOver66,
    ClosedWinBasis,
    CloserBeaten,
    FailedClose,
    FalseClaim,
    HonoursScoring,
    LastTrick,
    Rules,
    Schwarz,
)
from .state import HandState, Step

__all__ = [
    "MAX_POINTS",
    "HandEnd",
    "HandResult",
    "ResultError",
    "honours",
    "score_hand",
    "whitewash_maker",
    "whitewash_possible",
]

#: The most points both seats of a hand can hold together, and so each seat: every
#: deck holds 120 card points, the four marriages 100 (rules §5), four amours of any
#: suit at most 3 * 200 + 200 (``amour_points``, rules §13.9), the last trick 10 and a
#: whitewash at most 200 (``whitewash_points``).
MAX_POINTS = 120 + 100 + 800 + 10 + 200


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


@attrs.frozen(init=False)
class HandResult:
    """The result of a finished hand.

    A result built by hand is checked on construction: it must be a result that some
    hand can end with (:func:`score_hand` builds its results without the check).

    >>> HandResult(0, 2, 0, (70, 30), HandEnd.CLAIM).loser
    1
    >>> HandResult(0, 2, 0, (40, 30), HandEnd.NEITHER_REACHED_66)
    Traceback (most recent call last):
    ...
    sixtysix.errors.ResultError: a hand that ends NEITHER_REACHED_66 has no winner, not seat 0

    Attributes:
        winner: The seat that scores, or ``None`` when the hand scores nothing.
        game_points: Game points the winner scores (0 when nobody scores). Carried points
            from earlier hands are not included; the match adds them.
        carry: Game points this hand carries to the next scored hand: the rule set's
            ``tie_carry`` when nobody scores, else 0.
        points: Final points of seat 0 and seat 1 (rules §9.10): card points plus
            counted marriages, plus the last-trick 10 in a played-out, unclosed
            ``TEN_POINTS`` hand.
        reason: How the hand ended.
        honours: The honour game points of seat 0 and seat 1 under
            ``honours_scoring = GAME_POINTS`` (rules §13.9, §13.13): what each seat's
            marriages, amours and whitewash pay apart from the hand's game points,
            whatever its result. ``(0, 0)`` under ``POINTS``.

    Raises:
        ResultError: the fields do not describe a possible result: a winner that is
            not seat 0 or 1 or ``None``, game points other than 1 to 3 for a winner (0
            without one), carried points with a winner (0 or 1 without one), points
            that are not two whole numbers from 0 to :data:`MAX_POINTS` together, a
            reason that is not a :class:`HandEnd`, or points and winner that the reason
            rules out (a claim by a seat under 66, a winner when neither reached 66,
            ...).
    """

    winner: int | None
    game_points: int
    carry: int
    points: tuple[int, int]
    reason: HandEnd
    honours: tuple[int, int] = (0, 0)

    def __init__(
        self,
        winner: int | None,
        game_points: int,
        carry: int,
        points: tuple[int, int],
        reason: HandEnd,
        honours: tuple[int, int] = (0, 0),
    ) -> None:
        """Check the fields (see the class docstring), then set them."""
        _check_result(winner, game_points, carry, points, reason)
        value: object = honours
        if not (
            isinstance(value, tuple)
            and len(value) == 2
            and all(_is_int(h) and 0 <= h <= _MAX_HONOURS for h in value)
        ):
            raise ResultError(
                f"honours must be two whole numbers from 0 to {_MAX_HONOURS}, not {quote(honours)}"
            )
        self.__attrs_init__(winner, game_points, carry, points, reason, honours)

    @property
    def loser(self) -> int | None:
        """The seat that does not score, or ``None`` when the hand scores nothing."""
        return None if self.winner is None else 1 - self.winner


_GAME_POINTS = HonoursScoring.GAME_POINTS

#: The most honour game points one seat can make in a hand: four marriages, four
#: amours and the whitewash at 10 each (rules §13.9).
_MAX_HONOURS = 90


def _is_int(value: object) -> TypeGuard[int]:
    return type(value) is int


# Reasons whose winner must have 66 or more; and that always have a winner.
_WINNER_OVER_66 = frozenset(
    {HandEnd.CLAIM, HandEnd.CLOSER_TOOK_LAST_TRICK, HandEnd.CLOSER_BEATEN, HandEnd.PLAYED_OUT}
)


def _check_result(
    winner: object, game_points: object, carry: object, points: object, reason: object
) -> None:
    """Raise :class:`ResultError` unless the fields describe a possible hand result."""
    if not isinstance(reason, HandEnd):
        allowed = ", ".join(e.name for e in HandEnd)
        raise ResultError(f"reason must be a HandEnd ({allowed}), not {quote(reason)}")
    if not (
        isinstance(points, tuple)
        and len(points) == 2
        and _is_int(points[0])
        and _is_int(points[1])
        and points[0] >= 0
        and points[1] >= 0
        and points[0] + points[1] <= MAX_POINTS
    ):
        raise ResultError(
            "points must be two whole numbers of 0 or more, together at most "
            f"{MAX_POINTS}, not {quote(points)}"
        )
    if winner is None:
        if game_points != 0 or not _is_int(game_points):
            raise ResultError(
                f"a hand without a winner scores 0 game points, not {quote(game_points)}"
            )
        if not _is_int(carry) or carry not in (0, 1):
            raise ResultError(
                f"a hand without a winner carries 0 or 1 game points, not {quote(carry)}"
            )
        if reason is HandEnd.NEITHER_REACHED_66:
            if max(points) >= 66:
                raise ResultError(
                    f"neither player reached 66, but the points are {points[0]}-{points[1]}"
                )
        elif reason is HandEnd.BOTH_OVER_66:
            if min(points) < 66:
                raise ResultError(
                    f"both players reached 66, but the points are {points[0]}-{points[1]}"
                )
        else:
            raise ResultError(f"a hand that ends {reason.name} has a winner, not None")
        return
    if not _is_int(winner) or winner not in (0, 1):
        raise ResultError(f"the winner is seat 0 or 1, or None, not {quote(winner)}")
    if not _is_int(game_points) or not 1 <= game_points <= 3:
        raise ResultError(
            f"a hand's winner scores 1, 2 or 3 game points, not {quote(game_points)}"
        )
    if carry != 0 or not _is_int(carry):
        raise ResultError(f"a hand with a winner carries no game points, not {quote(carry)}")
    mine, theirs = points[winner], points[1 - winner]
    if reason is HandEnd.NEITHER_REACHED_66:
        raise ResultError(f"a hand that ends {reason.name} has no winner, not seat {winner}")
    if reason in _WINNER_OVER_66 and mine < 66:
        raise ResultError(f"seat {winner} cannot win by {reason.name} with {mine} points")
    if reason is HandEnd.PLAYED_OUT and theirs >= 66:
        raise ResultError(
            f"both players reached 66 ({points[0]}-{points[1]}), so the hand ends "
            "BOTH_OVER_66, not PLAYED_OUT"
        )
    if reason is HandEnd.FALSE_CLAIM and theirs >= 66:
        raise ResultError(f"a claim with {theirs} points is not false")
    if reason is HandEnd.BOTH_OVER_66 and not (theirs >= 66 and mine > theirs):
        raise ResultError(
            f"seat {winner} cannot win by BOTH_OVER_66 with points {points[0]}-{points[1]}"
        )


_new = object.__new__


def _unchecked_result(
    winner: int | None, game_points: int, carry: int, points: tuple[int, int], reason: HandEnd
) -> HandResult:
    """A :class:`HandResult` built without the checks (for :func:`score_hand`'s own)."""
    result: HandResult = _new(HandResult)
    result.__attrs_init__(winner, game_points, carry, points, reason)
    return result


def _with_honours(r: HandResult, honours: tuple[int, int]) -> HandResult:
    """``r`` with the honour game points ``honours`` (rules §13.9), unchecked."""
    result: HandResult = _new(HandResult)
    result.__attrs_init__(r.winner, r.game_points, r.carry, r.points, r.reason, honours)
    return result


def _grade(rules: Rules, tricks: int, card_points: int, marriages: int, bonus: int) -> int:
    """3/2/1 game points for beating an opponent in this situation (rules §6)."""
    full = card_points + marriages + bonus
    schwarz = rules.schwarz
    if schwarz is Schwarz.NO_TRICKS:
        if tricks == 0:
            return 3
    elif schwarz is Schwarz.ZERO_POINTS and full == 0:
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
    """What the closer's opponent scores for a failed close (rules §6.3)."""
    snap = state.close_snapshot
    assert snap is not None
    return _failed_close_points(state.rules, snap.opponent_tricks, state.points(state.closed_by))


def _failed_close_points(rules: Rules, opponent_tricks: int, closer_points: int) -> int:
    """:func:`_failed_close` from the facts it reads (the native solver tabulates it)."""
    rule = rules.failed_close
    if rule is FailedClose.ALWAYS_THREE or opponent_tricks == 0:
        return 3
    if rule is FailedClose.TWO_OR_THREE:
        return 2
    return 1 if closer_points >= rules.schneider_threshold else 2


def _closer_beaten_points(rules: Rules, opponent_tricks: int, closer_points: int) -> int:
    """What the closer's opponent scores for a correct claim against the closer (§6.3)."""
    if rules.closer_beaten is CloserBeaten.FLAT_TWO:
        return 2
    return _failed_close_points(rules, opponent_tricks, closer_points)


def _false_claim_points(rules: Rules, opponent_won: bool) -> int | None:
    """What a false claim gives the opponent, or ``None`` when graded like a claim (§9)."""
    rule = rules.false_claim
    if rule is FalseClaim.FLAT_TWO:
        return 2
    if rule is FalseClaim.TWO_OR_THREE:
        return 2 if opponent_won else 3
    return None


def whitewash_maker(state: HandState) -> int | None:
    """The seat that won every trick after the last draw, or ``None`` (rules §13.8).

    Only an unclosed hand played to its last trick has a whitewash [M10] [M21]; the
    rule set's ``whitewash`` decides whether it is an honour.
    """
    if state.closed_by >= 0 or state.hands[0] | state.hands[1] or state.talon:
        return None
    late = 0  # the tricks after the last draw: never empty once the cards are out
    for card in state.played[state.rules.talon_size :]:
        late |= 1 << card
    for seat in (0, 1):
        if state.won[seat] & late == late:
            return seat
    return None


class _Tricks(Protocol):
    """The public facts :func:`whitewash_possible` reads (states and views have them)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def played(self) -> tuple[int, ...]: ...
    @property
    def won(self) -> tuple[int, int]: ...
    @property
    def closed_by(self) -> int: ...


def whitewash_possible(position: _Tricks) -> bool:
    """Whether a whitewash can still be made in ``position``, a state or a view (§13.12).

    True while the talon is open and every trick completed after the last draw went to
    one player (or none has been completed yet); public knowledge, so a view answers
    as the state does.
    """
    if not position.rules.whitewash or position.closed_by >= 0:
        return False
    late = position.played[position.rules.talon_size :]
    late = late[: len(late) - len(late) % 2]  # completed tricks only
    if not late:
        return True
    mask = 0
    for card in late:
        mask |= 1 << card
    won = position.won
    return won[0] & mask == mask or won[1] & mask == mask


def honours(state: HandState) -> tuple[int, int]:
    """The honour game points each seat has made in ``state`` (rules §13.9).

    Under ``honours_scoring = GAME_POINTS``: ``honour_game_points`` for each marriage
    (plain, trump) and amour declared by a seat that has won a trick [M22], and for
    the whitewash once made. ``(0, 0)`` under ``POINTS``.
    """
    rules = state.rules
    if not rule_facts(rules).honours_apart:
        return (0, 0)
    plain, trump_marriage, amour, whitewash = rules.honour_game_points
    out = [0, 0]
    trump_bit = 1 << state.trump
    for seat in (0, 1):
        if not state.won[seat]:
            continue
        marriages = state.declared >> (seat * 4) & 15
        amours = state.declared >> (8 + seat * 4) & 15
        out[seat] = (
            (marriages & ~trump_bit).bit_count() * plain
            + (1 if marriages & trump_bit else 0) * trump_marriage
            + amours.bit_count() * amour
        )
    if rules.whitewash:
        maker = whitewash_maker(state)
        if maker is not None:
            out[maker] += whitewash
    return (out[0], out[1])


def score_hand(state: HandState) -> HandResult:
    """Score a finished hand.

    Raises:
        HandNotOverError: the hand is not over yet.
        PositionError: ``state`` is not a :class:`~sixtysix.HandState`.
    """
    if type(state) is not HandState:
        raise PositionError(f"score_hand needs a HandState, not {type(state).__name__}")
    if state.step is not Step.OVER:
        raise HandNotOverError(
            "cannot score a hand that is not over: "
            f"seat {state.to_move} is still to move ({state.step.name.lower()})"
        )
    result = _score(state)
    if state.rules.honours_scoring is _GAME_POINTS:  # rules §13.9
        made = honours(state)
        if made != (0, 0):
            return _with_honours(result, made)
    return result


def _score(state: HandState) -> HandResult:
    """:func:`score_hand` without the honours (rules §6, §9)."""
    rules = state.rules
    points = [state.points(0), state.points(1)]
    closer = state.closed_by
    last = state.leader
    if state.hands[0] | state.hands[1]:
        # Ended by a claim (explicit, or automatic) of the leader.
        claimer = last
        opponent = 1 - claimer
        if points[claimer] < rules.claim_target:
            flat = _false_claim_points(rules, bool(state.won[opponent]))
            gp = _grade_claim(state, claimer) if flat is None else flat
            return _won(opponent, gp, points, HandEnd.FALSE_CLAIM)
        if closer >= 0 and closer != claimer:
            snap = state.close_snapshot
            assert snap is not None
            gp = _closer_beaten_points(rules, snap.opponent_tricks, points[closer])
            return _won(claimer, gp, points, HandEnd.CLOSER_BEATEN)
        return _won(claimer, _grade_claim(state, claimer), points, HandEnd.CLAIM)
    if closer >= 0:
        if last == closer and points[closer] >= 66:
            gp = _grade_claim(state, closer)
            return _won(closer, gp, points, HandEnd.CLOSER_TOOK_LAST_TRICK)
        return _won(1 - closer, _failed_close(state), points, HandEnd.FAILED_CLOSE)
    extra = 0
    if (
        rules.whitewash
        and rules.whitewash_points
        and rules.honours_scoring is HonoursScoring.POINTS
        and whitewash_maker(state) == last
    ):
        extra = rules.whitewash_points  # rules §13.9, [M21]: like the last-trick 10
    if rules.last_trick is LastTrick.WINS_HAND:
        points[last] += extra
        gp = _grade_now(state, 1 - last) if points[last] >= 66 else 1
        return _won(last, gp, points, HandEnd.LAST_TRICK)
    points[last] += 10 + extra
    over = [p >= 66 for p in points]
    if over[0] and over[1]:
        if rules.both_over_66 is BothOver66.NO_SCORE or points[0] == points[1]:
            return _tie(rules, points, HandEnd.BOTH_OVER_66)
        winner = 0 if points[0] > points[1] else 1
    elif over[0] or over[1]:
        winner = 0 if over[0] else 1
    else:
        return _tie(rules, points, HandEnd.NEITHER_REACHED_66)
    loser = 1 - winner
    gp = _grade_now(state, loser, 10 + extra if loser == last else 0)
    reason = HandEnd.BOTH_OVER_66 if over[loser] else HandEnd.PLAYED_OUT
    return _won(winner, gp, points, reason)


def _won(winner: int, game_points: int, points: list[int], reason: HandEnd) -> HandResult:
    return _unchecked_result(winner, game_points, 0, (points[0], points[1]), reason)


def _tie(rules: Rules, points: list[int], reason: HandEnd) -> HandResult:
    return _unchecked_result(None, 0, rules.tie_carry, (points[0], points[1]), reason)
