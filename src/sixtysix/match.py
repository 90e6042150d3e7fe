"""Matches ("Bummerl"): the immutable :class:`Match` value and its pure transitions.

A match is a sequence of hands played until one seat has ``match_target`` game points
(rules §6.6 and §7). :func:`new_match` starts one, :func:`next_hand` deals its next
hand (reproducibly, from the match seed and the hand number) and :func:`apply_result`
scores a finished hand into a new :class:`Match`:

>>> from sixtysix import CLASSIC_66, legal_moves, apply_move, score_hand
>>> from sixtysix.match import new_match, next_hand, apply_result
>>> m = new_match(CLASSIC_66, seed=7)
>>> while not m.is_over:
...     state = next_hand(m)
...     while not state.is_over:
...         state = apply_move(state, legal_moves(state)[-1])
...     m = apply_result(m, score_hand(state))
>>> m.winner is not None and m.scores[m.winner] >= 7
True

**Seats.** A two-seat match has seats 0 and 1, and hand seat *i* is match seat *i*. A
three-seat match (seats 0, 1, 2; seat ``s + 1`` sits on the left of seat ``s``, modulo 3)
deals a normal two-hand deal to the two seats other than the dealer; they are
:attr:`Match.active_seats`, in increasing order, so hand seat ``i`` of the
:class:`~sixtysix.HandState` is match seat ``m.active_seats[i]``. The dealer's left-hand
neighbour leads (it is the hand's non-dealer); the dealer's right-hand neighbour is the
hand's dealer, :attr:`Match.hand_dealer`. The deal then passes left.
"""

from __future__ import annotations

import attrs

from . import _match
from .engine import new_hand
from .errors import MatchError, quote
from .rules import DealerAfterTie, HonoursScoring, NextDealer, Rules, SitOutScores
from .scoring import HandResult
from .state import HandState

__all__ = [
    "MAX_COUNT",
    "MAX_SEED_DIGITS",
    "Match",
    "MatchError",
    "apply_result",
    "new_match",
    "next_hand",
]

#: The most decimal digits an int seed may have (a match's, a hand's or a record's). The
#: limit keeps every seed printable under any ``sys.set_int_max_str_digits`` setting.
MAX_SEED_DIGITS = _match.MAX_SEED_DIGITS
#: Scores, carried points and hand numbers of a :class:`Match` are below this.
MAX_COUNT = _match.MAX_COUNT

_is_int = _match.is_int
_seed_problem = _match.seed_problem  # the name the records and play modules used to import


@attrs.frozen(kw_only=True)
class Match(_match.MatchScores):
    """The state of a match between two or three seats, between hands.

    Make one with :func:`new_match`; advance it with :func:`apply_result`. The winner
    and whether the match is over follow from the scores.

    Attributes:
        rules: The rule set, for every hand and for the match itself (§6.6, §7).
        seats: 2, or 3 for three-hand play (the dealer sits out each hand).
        seed: The match seed from which every deal is drawn (see :func:`next_hand`), or
            ``None`` for a match whose hands are dealt by hand (then :func:`next_hand`
            cannot deal).
        scores: Game points of each match seat.
        dealer: The match seat that deals the next hand.
        carry: Game points carried from hands that scored nothing; they go to the winner
            of the next hand that scores (rules §6.6).
        hand_number: Hands played so far; the next hand is hand ``hand_number``,
            counting from 0.
    """

    rules: Rules
    seats: int
    seed: int | str | None
    scores: tuple[int, ...]
    dealer: int
    carry: int = 0
    hand_number: int = 0

    def __attrs_post_init__(self) -> None:
        """Check that the fields describe a possible match."""
        if not isinstance(self.rules, Rules):
            raise MatchError(f"a match needs a Rules value, not {quote(self.rules)}")
        if not _is_int(self.seats) or self.seats not in (2, 3):
            raise MatchError(f"a match has 2 or 3 seats, not {quote(self.seats)}")
        # Rules §13.11 [M25]: where honours are paid apart they can lift two seats past
        # the target in one hand; then the highest total has won, and equal totals play on.
        _match.check_fields(
            self,
            count=str(self.seats),
            size=self.seats,
            who="seat",
            dealers=self.seats,
            several_at_target=_honours_apart(self.rules),
        )

    @property
    def active_seats(self) -> tuple[int, int]:
        """The match seats playing the next hand: hand seat ``i`` is ``active_seats[i]``.

        ``(0, 1)`` in a two-seat match; with three seats, the two seats other than the
        dealer, in increasing order.

        >>> from sixtysix import CLASSIC_66
        >>> from sixtysix.match import new_match
        >>> new_match(CLASSIC_66, seats=3, seed=1, dealer=1).active_seats
        (0, 2)
        """
        if self.seats == 2:
            return (0, 1)
        a, b = sorted(((self.dealer + 1) % 3, (self.dealer + 2) % 3))
        return (a, b)

    @property
    def sitting_out(self) -> int | None:
        """The match seat that sits out the next hand (the dealer), or ``None`` with 2 seats."""
        return self.dealer if self.seats == 3 else None

    @property
    def hand_dealer(self) -> int:
        """The dealer of the next hand as a hand seat (0 or 1) of :attr:`active_seats`.

        With two seats it is :attr:`dealer`. With three, it is the hand seat of the
        dealer's right-hand neighbour (``(dealer + 2) % 3``), so that the dealer's
        left-hand neighbour, the hand's non-dealer, leads.
        """
        if self.seats == 2:
            return self.dealer
        return self.active_seats.index((self.dealer + 2) % 3)

    def hand_seat(self, seat: int) -> int | None:
        """The hand seat (0 or 1) of match seat ``seat`` in the next hand, or ``None``.

        ``None`` means that ``seat`` sits out the next hand.

        Raises:
            MatchError: ``seat`` is not a seat of this match.
        """
        if not _is_int(seat) or not 0 <= seat < self.seats:
            raise MatchError(f"this match has seats 0 to {self.seats - 1}, not {quote(seat)}")
        active = self.active_seats
        return active.index(seat) if seat in active else None


def new_match(
    rules: Rules, seats: int = 2, seed: int | str | None = None, *, dealer: int = 0
) -> Match:
    """Start a match: no game points, no carry, ``dealer`` to deal the first hand.

    Args:
        rules: The rule set of every hand and of the match.
        seats: 2, or 3 for three-hand play (the dealer sits out each hand).
        seed: The seed every deal of the match is drawn from. ``None`` draws a fresh
            random seed, which the match keeps, so every match can be replayed.
        dealer: The seat that deals the first hand.

    >>> from sixtysix import SANTASE
    >>> from sixtysix.match import new_match
    >>> m = new_match(SANTASE, seed=7)
    >>> m.scores, m.dealer, m.is_over, m.winner
    ((0, 0), 0, False, None)

    Raises:
        MatchError: a seat count other than 2 or 3, a bad seed or dealer, or ``rules``
            not a :class:`~sixtysix.Rules`.
    """
    # Checked before the scores tuple is built from it.
    if not _is_int(seats) or seats not in (2, 3):
        raise MatchError(f"a match has 2 or 3 seats, not {quote(seats)}")
    if seed is None:
        seed = _match.fresh_seed()
    return Match(rules=rules, seats=seats, seed=seed, scores=(0,) * seats, dealer=dealer)


def next_hand(m: Match) -> HandState:
    """Deal the next hand of the match.

    The deal is ``new_hand(m.rules, seed=m.hand_seed, dealer=m.hand_dealer)``: a pure
    function of the match seed and the hand number. Its seats are hand seats; see
    :attr:`Match.active_seats` for the match seats they stand for.

    >>> from sixtysix import SCHNAPSEN
    >>> from sixtysix.match import new_match, next_hand
    >>> m = new_match(SCHNAPSEN, seed=3)
    >>> next_hand(m) == next_hand(m)
    True

    Raises:
        MatchError: the match is over, or it has no seed.
    """
    if not isinstance(m, Match):
        raise MatchError(f"next_hand needs a Match, not {quote(m)}")
    if m.is_over:
        raise MatchError(f"the match is over: seat {m.winner} has won it")
    seed = m.hand_seed
    if seed is None:
        raise MatchError("this match has no seed, so it cannot deal; deal with deal_from_order")
    return new_hand(m.rules, seed=seed, dealer=m.hand_dealer)


def _rotate(m: Match) -> int:
    """The next dealer when the deal passes on (two seats: the other; three: the left)."""
    return (m.dealer + 1) % m.seats


def apply_result(m: Match, result: HandResult) -> Match:
    """The match after a hand with this result; ``m`` itself is unchanged.

    The result's seats are hand seats of the hand just dealt (see
    :attr:`Match.active_seats`). The hand's winner scores the hand's game points plus
    any carried points; a hand that scores nothing adds its ``carry`` to the carried
    points (rules §6.6). In three-hand play with ``sit_out_scores =
    SAME_AS_WINNER`` the idle dealer scores the same as the winner (carried points
    included), but never past ``match_target - 1``. The next dealer follows
    ``next_dealer``, or ``dealer_after_tie`` after a hand that scored nothing (§7).

    >>> from sixtysix import CLASSIC_66, HandResult, HandEnd
    >>> from sixtysix.match import new_match, apply_result
    >>> m = new_match(CLASSIC_66, seed=1)
    >>> m = apply_result(m, HandResult(None, 0, 1, (65, 65), HandEnd.NEITHER_REACHED_66))
    >>> m.carry, m.dealer
    (1, 1)
    >>> m = apply_result(m, HandResult(0, 2, 0, (70, 20), HandEnd.PLAYED_OUT))
    >>> m.scores, m.carry, m.dealer
    ((3, 0), 0, 0)

    Raises:
        MatchError: the match is already over, or ``result`` is not a hand result of
            this match's rules.
    """
    if not isinstance(m, Match):
        raise MatchError(f"apply_result needs a Match, not {quote(m)}")
    if m.is_over:
        raise MatchError(
            f"the match is already over (seat {m.winner} won it, {_score_text(m.scores)}); "
            "start a new match"
        )
    if not isinstance(result, HandResult):
        raise MatchError(f"apply_result needs a HandResult (from score_hand), not {quote(result)}")
    rules = m.rules
    winner = result.winner
    if result.honours != (0, 0):  # rules §13.11: honour game points join the scores
        scores = list(m.scores)
        for hand_seat, seat in enumerate(m.active_seats):
            scores[seat] += result.honours[hand_seat]
        m = attrs.evolve(m, scores=tuple(scores))
    if winner is None:
        # A HandResult is checked on construction; what is left is whether it belongs to
        # these rules.
        if result.carry != rules.tie_carry:
            raise MatchError(
                f"this result carries {result.carry} game points but the match's rules "
                f"carry tie_carry={rules.tie_carry}; was the hand played under other rules?"
            )
        dealer = m.dealer if rules.dealer_after_tie is DealerAfterTie.SAME else _rotate(m)
        return Match(
            rules=rules,
            seats=m.seats,
            seed=m.seed,
            scores=m.scores,
            dealer=dealer,
            carry=m.carry + result.carry,
            hand_number=m.hand_number + 1,
        )
    seat = m.active_seats[winner]
    gained = result.game_points + m.carry
    scores = list(m.scores)
    scores[seat] += gained
    if m.seats == 3 and rules.sit_out_scores is SitOutScores.SAME_AS_WINNER:
        idle = m.dealer
        scores[idle] = max(scores[idle], min(scores[idle] + gained, rules.match_target - 1))
    dealer = seat if rules.next_dealer is NextDealer.WINNER_DEALS else _rotate(m)
    return Match(
        rules=rules,
        seats=m.seats,
        seed=m.seed,
        scores=tuple(scores),
        dealer=dealer,
        carry=0,
        hand_number=m.hand_number + 1,
    )


def _honours_apart(rules: Rules) -> bool:
    return rules.honours_scoring is HonoursScoring.GAME_POINTS


def _score_text(scores: tuple[int, ...]) -> str:
    return "scores " + "-".join(str(s) for s in scores)
