# The hot path is written as explicit if/else blocks on purpose (ternaries read worse here).
# ruff: noqa: SIM102, SIM108
"""The exact alpha-beta search over a private ints-only position (not public API).

A position is passed around as plain ints and tuples, never as a
:class:`~sixtysix.HandState`: one argument per future-relevant fact, in this order::

    st   step: 0 lead, 1 follow, 2 decide (the trick winner's draw/close/claim)
    L    the leader's seat (the trick winner at a decision)
    ld   the card led to the current trick, or -1
    h0   seat 0's hand (bitmask)     h1   seat 1's hand
    tal  the talon in drawing order, turn-up last (a tuple of card indices)
    cl   the seat that closed, or -1
    sn   the normalised close snapshot (see :func:`norm_snapshot`), or None
    c0   card points of seat 0       c1   of seat 1
    m0   counted marriages of seat 0 m1   of seat 1
    p0   pending marriages of seat 0 p1   of seat 1
    w0   1 if seat 0 has won a trick w1   the same for seat 1
    tm   the marriage suit declared in this leading turn, or -1
    tc   1 if the leader closed during this leading turn, else 0

Every rule is transcribed from :mod:`sixtysix.engine` and :mod:`sixtysix.scoring`, reading
each :class:`~sixtysix.Rules` field once, when the search for a rule set is compiled
(:func:`compiled`). The values are game points for the seat to move (``+g`` when it wins
the hand with ``g``, ``-g`` when it loses, 0 when the hand scores nothing); the tests
check them against a plain minimax over the public API.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import HIGHER, POINTS, SUIT_MASK
from ..errors import SearchLimitError
from ..legality import require_plain_trick_game
from ..rules import (
    BothOver66,
    ClaimMode,
    ClosedWinBasis,
    CloserBeaten,
    CloseTiming,
    ExchangeTiming,
    ExchangeWhenClosed,
    FailedClose,
    FalseClaim,
    LastTrick,
    MarriageBeforeFirstTrick,
    MarriageLead,
    MarriagePendingRedeem,
    Rules,
    Schwarz,
    StrictPlay,
)
from ..state import CloseSnapshot, HandState

__all__ = ["Core", "args_of", "compiled", "norm_snapshot", "terminal_value"]

_KING = tuple(1 << (s * 8 + 2) for s in range(4))
_QUEEN = tuple(1 << (s * 8 + 3) for s in range(4))
_SUIT_BASE = 0x01010101
#: A value no search result reaches (values are game points, at most 3).
INF = 100
#: The node limit of a search without ``max_nodes``.
NO_LIMIT = 1 << 62
#: The largest value a hand can have (schwarz).
MAX_VALUE = 3
#: ``_ASCENDING[suit][byte]``: the card indices whose bits are set in ``byte``, the
#: ``suit``'s byte of a hand, from the lowest index (the highest rank) up.
_ASCENDING = tuple(
    tuple(tuple(suit * 8 + rank for rank in range(8) if byte >> rank & 1) for byte in range(256))
    for suit in range(4)
)
#: Entries kept in each cache of strict-phase move orders before it is emptied.
ORDER_CACHE_SIZE = 1 << 16


class _Indices(dict[int, tuple[int, ...]]):
    """``indices[mask]``: the card indices of ``mask``'s bits, from the lowest up (cached)."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        if len(self) >= ORDER_CACHE_SIZE:
            self.clear()
        result = self[mask] = (
            _ASCENDING[0][mask & 255]
            + _ASCENDING[1][mask >> 8 & 255]
            + _ASCENDING[2][mask >> 16 & 255]
            + _ASCENDING[3][mask >> 24]
        )
        return result


_INDICES = _Indices()


class _DescendingIndices(dict[int, tuple[int, ...]]):
    """``descending[mask]``: the card indices of ``mask``'s bits, highest first (cached)."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        if len(self) >= ORDER_CACHE_SIZE:
            self.clear()
        result = self[mask] = _INDICES[mask][::-1]
        return result


_DESCENDING = _DescendingIndices()


def norm_snapshot(rules: Rules, snap: CloseSnapshot | None) -> tuple[int, int, int, int] | None:
    """The facts of a close snapshot that can still decide the future, as a tuple.

    ``(tricks_played, opponent had a trick, opponent card points, opponent marriages)``,
    with the trick count kept only where the closed-talon exchange window depends on it
    (``AT_CLOSE_OPPONENT``) and the opponent's points only where the closer's win is
    scored on them (``closed_win_basis`` ``AT_CLOSE``).
    """
    if snap is None:
        return None
    tp = (
        snap.tricks_played
        if rules.exchange_when_closed is ExchangeWhenClosed.AT_CLOSE_OPPONENT
        else 0
    )
    if rules.closed_win_basis is ClosedWinBasis.AT_CLOSE:
        return (
            tp,
            min(snap.opponent_tricks, 1),
            snap.opponent_card_points,
            snap.opponent_marriages,
        )
    return (tp, min(snap.opponent_tricks, 1), 0, 0)


def args_of(state: HandState) -> tuple[Any, ...]:
    """The private position of ``state`` (see the module docstring), without alpha/beta."""
    w0, w1 = state.won
    c0, c1 = state.card_points
    m0, m1 = state.marriages
    p0, p1 = state.pending
    return (
        int(state.step),
        state.leader,
        state.lead,
        state.hands[0],
        state.hands[1],
        state.talon,
        state.closed_by,
        norm_snapshot(state.rules, state.close_snapshot),
        c0,
        c1,
        m0,
        m1,
        p0,
        p1,
        1 if w0 else 0,
        1 if w1 else 0,
        state.turn_marriage,
        state.turn_steps,
    )


class Core:
    """The compiled search for one rule set: the search function and its counters.

    Attributes:
        search: ``search(*position, alpha, beta)``: the value for the seat to move,
            exact when it lies strictly inside ``(alpha, beta)``, else a bound on the
            side of the window it fell (fail-soft).
        terminal: ``terminal(last, empty, cl, sn, c0, c1, m0, m1, w0, w1)``: the value
            of a finished hand for seat 0.
        table: The transposition table (position -> (lower, upper) bound).
    """

    def __init__(self, rules: Rules, trump: int) -> None:
        """Compile the search for ``rules`` with ``trump`` the trump suit."""
        self.rules = rules
        self.trump = trump
        self.table: dict[tuple[Any, ...], tuple[int, int, int]] = {}
        self.table_size = 1 << 20
        self._limit = NO_LIMIT
        self.terminal = _make_terminal(rules)
        #: ``root(*position)``: the full-window value and the best strict-phase lead;
        #: the node count and limit live in the search's closure (all set by
        #: :func:`_make_search`).
        self.root: Callable[..., tuple[int, int]]
        self._counter: tuple[
            Callable[[], int], Callable[[int], None], Callable[[int], None], Callable[[int], None]
        ]
        self.search = _make_search(rules, trump, self)

    @property
    def nodes(self) -> int:
        """Positions searched since the count was last set."""
        return self._counter[0]()

    @nodes.setter
    def nodes(self, count: int) -> None:
        self._counter[1](count)

    @property
    def limit(self) -> int:
        """The node count past which the search raises :class:`SearchLimitError`."""
        return self._limit

    @limit.setter
    def limit(self, limit: int) -> None:
        self._limit = limit
        self._counter[2](limit)

    def reset(self, max_nodes: int | None, table_size: int) -> None:
        """Start a new solve: empty table, node count 0, the given limits."""
        self.table = {}
        self._limit = limit = NO_LIMIT if max_nodes is None else max_nodes
        self._counter[3](limit)
        self.table_size = table_size


_CORES: dict[tuple[Rules, int], Core] = {}


def compiled(rules: Rules, trump: int) -> Core:
    """The compiled search for ``rules`` and trump suit ``trump`` (cached)."""
    core = _CORES.get((rules, trump))
    if core is None:
        require_plain_trick_game(rules, "the search")  # rules §13: see legality
        if len(_CORES) > 64:
            _CORES.clear()
        core = _CORES[rules, trump] = Core(rules, trump)
    return core


def grade_table(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """``table[won][points]``: the game points a loser gives up (rules §6).

    By whether it won a trick (0 or 1) and its counted points: with marriages when
    ``schneider_counts_marriages``, else card points (read only under ``NO_TRICKS``
    rules then, since ``ZERO_POINTS`` also asks for the marriages).
    """
    threshold = rules.schneider_threshold
    no_tricks = rules.schwarz is Schwarz.NO_TRICKS
    return tuple(
        tuple(
            (3 if not won else 2 if x < threshold else 1)
            if no_tricks
            else (3 if x == 0 else 2 if x < threshold else 1)
            for x in range(512)
        )
        for won in (0, 1)
    )


def _make_terminal(rules: Rules) -> Callable[..., int]:
    """The port of :func:`~sixtysix.score_hand`: value of a finished hand for seat 0."""
    threshold = rules.schneider_threshold
    no_tricks = rules.schwarz is Schwarz.NO_TRICKS
    counts_marriages = rules.schneider_counts_marriages
    at_close = rules.closed_win_basis is ClosedWinBasis.AT_CLOSE
    fc_rule = rules.failed_close
    fc_always3 = fc_rule is FailedClose.ALWAYS_THREE
    fc_2or3 = fc_rule is FailedClose.TWO_OR_THREE
    false_rule = rules.false_claim
    false_flat = false_rule is FalseClaim.FLAT_TWO
    false_2or3 = false_rule is FalseClaim.TWO_OR_THREE
    beaten_flat = rules.closer_beaten is CloserBeaten.FLAT_TWO
    wins_hand = rules.last_trick is LastTrick.WINS_HAND
    both_none = rules.both_over_66 is BothOver66.NO_SCORE

    grade_at = grade_table(rules)

    def grade(tricks: int, cp: int, m: int, bonus: int) -> int:
        if counts_marriages:
            return grade_at[tricks][cp + m + bonus]
        full = cp + m + bonus
        if no_tricks:
            if not tricks:
                return 3
        elif full == 0:
            return 3
        return 2 if cp + bonus < threshold else 1

    def grade_claim(
        claimer: int, cl: int, sn: Any, c0: int, c1: int, m0: int, m1: int, w0: int, w1: int
    ) -> int:
        if cl == claimer and at_close and sn is not None:
            return grade(sn[1], sn[2], sn[3], 0)
        if claimer == 1:
            return grade(w0, c0, m0, 0)
        return grade(w1, c1, m1, 0)

    def failed_close(cl: int, sn: Any, pts0: int, pts1: int) -> int:
        assert sn is not None
        if fc_always3 or not sn[1]:
            return 3
        if fc_2or3:
            return 2
        return 1 if (pts0 if cl == 0 else pts1) >= threshold else 2

    def terminal(
        last: int,
        empty: bool,
        cl: int,
        sn: tuple[int, int, int, int] | None,
        c0: int,
        c1: int,
        m0: int,
        m1: int,
        w0: int,
        w1: int,
    ) -> int:
        pts0 = c0 + m0
        pts1 = c1 + m1
        if not empty:
            claimer = last
            opp = 1 - claimer
            if (pts0 if claimer == 0 else pts1) < 66:
                if false_flat:
                    gp = 2
                elif false_2or3:
                    gp = 2 if (w0 if opp == 0 else w1) else 3
                else:
                    gp = grade_claim(claimer, cl, sn, c0, c1, m0, m1, w0, w1)
                return gp if opp == 0 else -gp
            if cl >= 0 and cl != claimer:
                gp = 2 if beaten_flat else failed_close(cl, sn, pts0, pts1)
            elif counts_marriages and not (at_close and cl == claimer and sn is not None):
                # (grade_claim's common case, inline)
                gp = grade_at[w1][pts1] if claimer == 0 else grade_at[w0][pts0]
            else:
                gp = grade_claim(claimer, cl, sn, c0, c1, m0, m1, w0, w1)
            return gp if claimer == 0 else -gp
        if cl >= 0:
            if last == cl and (pts0 if cl == 0 else pts1) >= 66:
                gp = grade_claim(cl, cl, sn, c0, c1, m0, m1, w0, w1)
                return gp if cl == 0 else -gp
            gp = failed_close(cl, sn, pts0, pts1)
            return gp if cl == 1 else -gp
        if wins_hand:
            if (pts0 if last == 0 else pts1) >= 66:
                gp = grade(w0, c0, m0, 0) if last == 1 else grade(w1, c1, m1, 0)
            else:
                gp = 1
            return gp if last == 0 else -gp
        if last == 0:
            pts0 += 10
        else:
            pts1 += 10
        over0 = pts0 >= 66
        over1 = pts1 >= 66
        if over0 and over1:
            if both_none or pts0 == pts1:
                return 0
            winner = 0 if pts0 > pts1 else 1
        elif over0:
            winner = 0
        elif over1:
            winner = 1
        else:
            return 0
        loser = 1 - winner
        bonus = 10 if loser == last else 0
        if counts_marriages:
            gp = grade_at[w0][c0 + m0 + bonus] if loser == 0 else grade_at[w1][c1 + m1 + bonus]
        else:
            gp = grade(w0, c0, m0, bonus) if loser == 0 else grade(w1, c1, m1, bonus)
        return gp if winner == 0 else -gp

    return terminal


def terminal_value(rules: Rules, state: HandState) -> int:
    """The value of the finished ``state`` for seat 0, by the port of ``score_hand``."""
    a = args_of(state)
    return compiled(rules, state.trump).terminal(
        state.leader, not (a[3] | a[4]), a[6], a[7], a[8], a[9], a[10], a[11], a[14], a[15]
    )


def _make_search(rules: Rules, trump: int, core: Core) -> Callable[..., int]:
    """Build the recursive alpha-beta search for ``rules`` (rule facts as closure cells)."""
    terminal = core.terminal
    beaten_flat = rules.closer_beaten is CloserBeaten.FLAT_TWO
    explicit = rules.claim_mode is ClaimMode.EXPLICIT
    auto = not explicit
    deck_size = rules.deck.size
    ex_off = 7 - rules.deck.exchange_rank
    ex_min = rules.exchange_min_talon
    ex_any_time = rules.exchange_timing is ExchangeTiming.ANY_TIME
    ex_needs_trick = rules.exchange_requires_won_trick
    ex_first_lead = rules.exchange_on_first_lead
    ewc = rules.exchange_when_closed
    ewc_never = ewc is ExchangeWhenClosed.NEVER
    ewc_at_close = ewc is ExchangeWhenClosed.AT_CLOSE_OPPONENT
    king_only = rules.marriage_lead is MarriageLead.KING_ONLY
    marry_forbidden = rules.marriage_before_first_trick is MarriageBeforeFirstTrick.FORBIDDEN
    next_trick = rules.marriage_pending_redeem is MarriagePendingRedeem.NEXT_TRICK_AFTER_DECLARING
    marry_strict = rules.marriage_in_strict_phase
    out_without_lead = rules.marriage_out_without_lead
    closing = rules.closing_allowed
    decide_rule = closing and rules.close_timing is CloseTiming.BEFORE_OR_AFTER_DRAW
    close_first = rules.close_on_first_lead
    close_min = rules.close_min_talon
    at_close = rules.closed_win_basis is ClosedWinBasis.AT_CLOSE
    at_close_opp = ewc_at_close
    strict_rule = rules.strict_play
    head_or_trump = strict_rule is StrictPlay.FOLLOW_HEAD_OR_TRUMP
    follow_or_trump = strict_rule is StrictPlay.FOLLOW_OR_TRUMP
    points = POINTS
    higher = HIGHER
    suit_mask = SUIT_MASK
    kings = _KING
    queens = _QUEEN
    suit_base = _SUIT_BASE
    ex = trump * 8 + ex_off
    follower_may_exchange = ex_any_time or not ewc_never
    byte_points = tuple(
        sum(POINTS[rank] for rank in range(8) if byte >> rank & 1) for byte in range(256)
    )
    #: ``ascending[suit][byte]``: the card indices of a suit's byte of a hand, in order.
    ascending = _ASCENDING
    indices = _INDICES
    descending = _DESCENDING
    side_bits = 0xFFFFFFFF ^ SUIT_MASK[trump]
    threshold = rules.schneider_threshold
    no_tricks = rules.schwarz is Schwarz.NO_TRICKS
    counts_marriages = rules.schneider_counts_marriages
    fc_always3 = rules.failed_close is FailedClose.ALWAYS_THREE
    fc_2or3 = rules.failed_close is FailedClose.TWO_OR_THREE
    false_flat = rules.false_claim is FalseClaim.FLAT_TWO
    # An open hand that plays out ends on points with ten for the last trick, the
    # loser graded on its points with marriages (pair() values that inline).
    ten_end = rules.last_trick is LastTrick.TEN_POINTS and counts_marriages
    # A closed hand that plays out: the closer wins with its grade at the close if it
    # takes the last trick with 66, else it fails with a grade fixed by the snapshot
    # (pair() values that inline; claims give the same two grades).
    closed_end = (fc_always3 or fc_2or3) and not beaten_flat and (at_close or counts_marriages)
    false_fixed = false_flat or rules.false_claim is FalseClaim.TWO_OR_THREE
    grade_at = grade_table(rules)
    # A closer's win is graded on the close snapshot (when there is one).
    at_close_grade = at_close

    def sweep(
        X: int,
        hand: int,
        opp: int,
        cl: int,
        sn: Any,
        c0: int,
        c1: int,
        m0: int,
        m1: int,
        p0: int,
        p1: int,
        w0: int,
        w1: int,
    ) -> int:
        """The value for ``X`` of taking every trick left (strict phase, no marriage).

        ``hand`` and ``opp`` are the two hands, in either order.
        """
        both = hand | opp
        gain = (
            byte_points[both & 255]
            + byte_points[both >> 8 & 255]
            + byte_points[both >> 16 & 255]
            + byte_points[both >> 24]
        )
        if X == 0:
            c0 += gain
            m0 += p0
            w0 = 1
            reach = c0 + m0
        else:
            c1 += gain
            m1 += p1
            w1 = 1
            reach = c1 + m1
        sure = terminal(X, True, cl, sn, c0, c1, m0, m1, w0, w1)
        if auto and reach >= 66:
            # The hand may end on reaching 66 before the last trick: the worse of the two.
            early = terminal(X, False, cl, sn, c0, c1, m0, m1, w0, w1)
            if (early < sure) if X == 0 else (early > sure):
                sure = early
        return sure if X == 0 else -sure

    def snapshot_grade(sn: tuple[int, int, int, int]) -> int:
        """The grade of the closer's opponent at the close (``AT_CLOSE`` rules)."""
        _, tricks, cp, m = sn
        if no_tricks:
            if not tricks:
                return 3
        elif cp + m == 0:
            return 3
        return 2 if (cp + m if counts_marriages else cp) < threshold else 1

    trump_bits = SUIT_MASK[trump]
    #: ``beat_mask[card]``: the cards that win a trick ``card`` leads (higher of its
    #: suit, and the trumps when it is not one).
    beat_mask = tuple(
        HIGHER[card] | (0 if card >> 3 == trump else trump_bits) for card in range(32)
    )
    #: ``card_suit[card]``: the cards of ``card``'s suit.
    card_suit = tuple(SUIT_MASK[card >> 3] for card in range(32))

    def snapshot(
        closer: int, tp: int, c0: int, c1: int, m0: int, m1: int, w0: int, w1: int
    ) -> tuple[int, int, int, int]:
        ot = w1 if closer == 0 else w0
        if at_close:
            if closer == 0:
                return (tp if at_close_opp else 0, ot, c1, m1)
            return (tp if at_close_opp else 0, ot, c0, m0)
        return (tp if at_close_opp else 0, ot, 0, 0)

    def tricks_played(h0: int, h1: int, tal: tuple[int, ...], ld: int) -> int:
        return (deck_size - len(tal) - (h0 | h1).bit_count() - (ld >= 0)) >> 1

    def closed_strict(h0: int, h1: int, tal: tuple[int, ...], sn: Any) -> bool:
        """Whether a closed talon leaves no exchange to make (the strict phase)."""
        return (
            ewc_never
            or not ((h0 | h1) >> ex & 1)
            or (ewc_at_close and sn is not None and sn[0] != tricks_played(h0, h1, tal, -1))
        )

    # The node count and the limit (read and set through Core's properties).
    count = 0
    stop = NO_LIMIT

    def get_count() -> int:
        return count

    def set_count(n: int) -> None:
        nonlocal count
        count = n

    def set_stop(n: int) -> None:
        nonlocal stop
        stop = n

    def restart(n: int) -> None:
        nonlocal count, stop
        count = 0
        stop = n

    core._counter = (get_count, set_count, set_stop, restart)

    def over_limit() -> SearchLimitError:
        return SearchLimitError(
            f"the search needs more than max_nodes={stop} nodes; raise the "
            "budget or solve a later position"
        )

    # Set by root() for the strict() call of a solve's root, which then searches the
    # cards in legal order and leaves its best card in root_best (-1 a claim, -2 unknown).
    root_next = False
    root_best = -2

    def root(
        st: int,
        L: int,
        ld: int,
        h0: int,
        h1: int,
        tal: tuple[int, ...],
        cl: int,
        sn: tuple[int, int, int, int] | None,
        c0: int,
        c1: int,
        m0: int,
        m1: int,
        p0: int,
        p1: int,
        w0: int,
        w1: int,
        tm: int,
        tc: int,
        alpha: int,
        beta: int,
    ) -> tuple[int, int]:
        """The value of a solve's root and, in the strict phase, its best lead.

        The value is fail-soft like :func:`search`'s. The best lead is the first card in
        ``legal_moves`` order that reaches the value (exact or over ``beta``), -1 when
        the claim is that move, -2 when the search did not tell.
        """
        nonlocal root_next, root_best
        root_best = -2
        if st == 0 and tm < 0 and (not tal or (cl >= 0 and closed_strict(h0, h1, tal, sn))):
            if (
                explicit
                and (w0 if L == 0 else w1)
                and (c0 + m0 if L == 0 else c1 + m1) >= 66
                and not (beaten_flat and cl >= 0 and cl != L)
            ):
                # Out: the claim is the value (strict() leaves it to its callers).
                v0 = terminal(L, False, cl, sn, c0, c1, m0, m1, w0, w1)
                return (v0 if L == 0 else -v0), -2
            root_next = True
            try:
                hand, opp = (h1, h0) if L else (h0, h1)
                value = enter(L, hand, opp, c0, c1, m0, m1, p0, p1, w0, w1, cl, sn, alpha, beta)
            finally:
                root_next = False
            return value, root_best
        value = search(
            st, L, ld, h0, h1, tal, cl, sn, c0, c1, m0, m1, p0, p1, w0, w1, tm, tc, alpha, beta
        )
        return value, -2

    core.root = root

    def search(
        st: int,
        L: int,
        ld: int,
        h0: int,
        h1: int,
        tal: tuple[int, ...],
        cl: int,
        sn: tuple[int, int, int, int] | None,
        c0: int,
        c1: int,
        m0: int,
        m1: int,
        p0: int,
        p1: int,
        w0: int,
        w1: int,
        tm: int,
        tc: int,
        alpha: int,
        beta: int,
    ) -> int:
        nonlocal count
        count += 1
        if count > stop:
            raise over_limit()
        if st == 1:
            # ---------------------------------------------------------------- follow
            F = 1 - L
            hand = h1 if L == 0 else h0
            open_talon = cl < 0 and bool(tal)
            best = -INF
            # Exchange by the follower (the same seat moves again).
            if follower_may_exchange and tal and hand >> ex & 1 and len(tal) >= ex_min:
                if cl < 0:
                    ok = (
                        ex_any_time
                        and (not ex_needs_trick or bool(w1 if F else w0))
                        and (ex_first_lead or bool(w0 | w1))
                    )
                elif ewc_at_close:
                    ok = cl != F and sn is not None and sn[0] == tricks_played(h0, h1, tal, ld)
                else:
                    ok = not ewc_never and ex_any_time and bool(w1 if F else w0)
                if ok:
                    up = tal[-1]
                    nh = hand ^ (1 << ex) | (1 << up)
                    ntal = (*tal[:-1], ex)
                    if F == 0:
                        v = search(
                            1,
                            L,
                            ld,
                            nh,
                            h1,
                            ntal,
                            cl,
                            sn,
                            c0,
                            c1,
                            m0,
                            m1,
                            p0,
                            p1,
                            w0,
                            w1,
                            tm,
                            tc,
                            alpha,
                            beta,
                        )
                    else:
                        v = search(
                            1,
                            L,
                            ld,
                            h0,
                            nh,
                            ntal,
                            cl,
                            sn,
                            c0,
                            c1,
                            m0,
                            m1,
                            p0,
                            p1,
                            w0,
                            w1,
                            tm,
                            tc,
                            alpha,
                            beta,
                        )
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                return best
            # The playable cards.
            lsuit = ld >> 3
            if open_talon:
                plays = hand
            else:
                same = hand & suit_mask[lsuit]
                if head_or_trump:
                    if same:
                        plays = (same & higher[ld]) or same
                    else:
                        plays = (hand & suit_mask[trump]) or hand
                elif same:
                    plays = same
                elif follow_or_trump:
                    plays = (hand & suit_mask[trump]) or hand
                else:
                    plays = hand
            lp = points[ld]
            # Order: cards that win the trick first (highest first), then the others
            # from the lowest up.
            order = []
            rest = []
            while plays:
                low = plays & -plays
                card = low.bit_length() - 1
                plays ^= low
                if card >> 3 == lsuit:
                    if card < ld:
                        order.append(card)
                    else:
                        rest.append(card)
                elif card >> 3 == trump:
                    order.append(card)
                else:
                    rest.append(card)
            rest.reverse()
            order += rest
            for card in order:
                if card >> 3 == lsuit:
                    W = F if card < ld else L
                elif card >> 3 == trump:
                    W = F
                else:
                    W = L
                gain = lp + points[card]
                if F == 0:
                    n0 = h0 ^ (1 << card)
                    n1 = h1
                else:
                    n0 = h0
                    n1 = h1 ^ (1 << card)
                nc0, nc1, nm0, nm1, np0, np1, nw0, nw1 = c0, c1, m0, m1, p0, p1, w0, w1
                if W == 0:
                    nc0 += gain
                    nw0 = 1
                    if np0:
                        nm0 += np0
                        np0 = 0
                    total = nc0 + nm0
                else:
                    nc1 += gain
                    nw1 = 1
                    if np1:
                        nm1 += np1
                        np1 = 0
                    total = nc1 + nm1
                if not (n0 | n1) or (auto and total >= 66):
                    v0 = terminal(W, not (n0 | n1), cl, sn, nc0, nc1, nm0, nm1, nw0, nw1)
                    v = v0 if F == 0 else -v0
                else:
                    if open_talon:
                        if decide_rule and len(tal) >= close_min:
                            nst = 2
                            ntal = tal
                        else:
                            nst = 0
                            if W == 0:
                                n0 |= 1 << tal[0]
                                n1 |= 1 << tal[1]
                            else:
                                n1 |= 1 << tal[0]
                                n0 |= 1 << tal[1]
                            ntal = tal[2:]
                    else:
                        nst = 0
                        ntal = tal
                    if W == F:
                        v = search(
                            nst,
                            W,
                            -1,
                            n0,
                            n1,
                            ntal,
                            cl,
                            sn,
                            nc0,
                            nc1,
                            nm0,
                            nm1,
                            np0,
                            np1,
                            nw0,
                            nw1,
                            -1,
                            0,
                            alpha,
                            beta,
                        )
                    else:
                        v = -search(
                            nst,
                            W,
                            -1,
                            n0,
                            n1,
                            ntal,
                            cl,
                            sn,
                            nc0,
                            nc1,
                            nm0,
                            nm1,
                            np0,
                            np1,
                            nw0,
                            nw1,
                            -1,
                            0,
                            -beta,
                            -alpha,
                        )
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            return best
            return best

        # ------------------------------------------------------------ lead / decide
        hand = h0 if L == 0 else h1
        won_me = w0 if L == 0 else w1
        pts = (c0 + m0) if L == 0 else (c1 + m1)
        # A correct claim is worth at least as much as anything that can follow it
        # (the opponent's tricks and points only grow), so it is the value.
        if (
            explicit
            and pts >= 66
            and not (beaten_flat and cl >= 0 and cl != L)
            and (st == 2 or (out_without_lead if tm >= 0 else won_me))
        ):
            v0 = terminal(L, False, cl, sn, c0, c1, m0, m1, w0, w1)
            return v0 if L == 0 else -v0
        if st == 0 and tm < 0 and (not tal or (cl >= 0 and closed_strict(h0, h1, tal, sn))):
            # (strict() leaves this claim to its callers)
            count -= 1
            opp = h0 if L else h1
            return enter(L, hand, opp, c0, c1, m0, m1, p0, p1, w0, w1, cl, sn, alpha, beta)
        key = (
            st,
            L,
            h0,
            h1,
            tal if cl < 0 else (len(tal), tal[-1]) if tal else (),
            cl,
            sn,
            c0,
            c1,
            m0,
            m1,
            p0,
            p1,
            w0,
            w1,
            tm,
            tc,
        )
        table = core.table
        entry = table.get(key)
        if entry is not None:
            lo, hi, _ = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo = -INF
            hi = INF
        best = -INF
        if st == 2:
            best = _decide(L, h0, h1, tal, cl, sn, c0, c1, m0, m1, p0, p1, w0, w1, alpha, beta)
        else:
            best = _lead(
                L,
                h0,
                h1,
                tal,
                cl,
                sn,
                c0,
                c1,
                m0,
                m1,
                p0,
                p1,
                w0,
                w1,
                tm,
                tc,
                hand,
                won_me,
                alpha,
                beta,
            )
        if best <= alpha:
            if best < hi:
                hi = best
        elif best >= beta:
            if best > lo:
                lo = best
        else:
            lo = hi = best
        if len(table) >= core.table_size:
            table.clear()
            core.table = table = {}
        table[key] = (lo, hi, -1)
        return best

    # Under AT_CLOSE rules whose failed close does not depend on points, the grade
    # bounds of a closed hand depend only on its snapshot and whether the closer
    # leads: grade_bounds() keeps the last ones (the snapshot is the same object all
    # through a closed hand's search).
    closed_fixed = at_close_grade and (fc_always3 or fc_2or3 or beaten_flat)
    closed_sn: Any = object()
    closed_by_leader = False
    closed_bounds = (0, 0)

    def grade_bounds(
        L: int, c0: int, c1: int, m0: int, m1: int, w0: int, w1: int, cl: int, sn: Any
    ) -> tuple[int, int]:
        """``(top, bottom)``: the most ``L`` can win and the most it can lose, from now.

        Points and tricks only grow, so the grade a loser would get can only fall: the
        loser's grade now (or the close snapshot's, or the closer's failure) bounds
        every win. The loser's false claims are left out, which only raises the
        minimax (it always has a card to play instead). strict() reads the common
        case (no close, marriages counted) off the table inline.
        """
        nonlocal closed_sn, closed_by_leader, closed_bounds
        if cl < 0 or (cl == L and not at_close_grade):
            # L wins at most the grade of its opponent now.
            if counts_marriages:
                top = grade_at[w1][c1 + m1] if L == 0 else grade_at[w0][c0 + m0]
            elif no_tricks:
                top = grade_at[w1][c1] if L == 0 else grade_at[w0][c0]
            elif (c1 + m1 if L == 0 else c0 + m0) == 0:
                top = 3
            else:
                top = 2 if (c1 if L == 0 else c0) < threshold else 1
        elif cl == L:
            top = snapshot_grade(sn)
        elif fc_always3 or not sn[1]:
            top = 3
        elif fc_2or3 or beaten_flat:
            top = 2
        else:
            top = 1 if (c0 + m0 if cl == 0 else c1 + m1) >= threshold else 2
        if cl < 0 or (cl != L and not at_close_grade):
            # L loses at most its own grade now.
            if counts_marriages:
                bottom = -grade_at[w0][c0 + m0] if L == 0 else -grade_at[w1][c1 + m1]
            elif no_tricks:
                bottom = -grade_at[w0][c0] if L == 0 else -grade_at[w1][c1]
            elif (c0 + m0 if L == 0 else c1 + m1) == 0:
                bottom = -3
            else:
                bottom = -2 if (c0 if L == 0 else c1) < threshold else -1
        elif cl != L:
            bottom = -snapshot_grade(sn)
        elif fc_always3 or not sn[1]:
            bottom = -3
        elif fc_2or3 or beaten_flat:
            bottom = -2
        else:
            bottom = -1 if (c0 + m0 if cl == 0 else c1 + m1) >= threshold else -2
        if closed_fixed and cl >= 0:
            # Kept for the next node of the same closed hand with the same leader.
            closed_sn = sn
            closed_by_leader = cl == L
            closed_bounds = (top, bottom)
        return top, bottom

    def last_trick(
        L: int,
        hand: int,
        opp: int,
        c0: int,
        c1: int,
        m0: int,
        m1: int,
        p0: int,
        p1: int,
        w0: int,
        w1: int,
        cl: int,
        sn: Any,
    ) -> int:
        """The value for ``L`` of the last trick: ``L`` leads its one card ``hand``."""
        ld = hand.bit_length() - 1
        card = opp.bit_length() - 1
        won_me = w1 if L else w0
        if explicit and won_me:
            pts = c0 + m0 if L == 0 else c1 + m1
            if pts >= 66 and not (beaten_flat and cl >= 0 and cl != L):
                v0 = terminal(L, False, cl, sn, c0, c1, m0, m1, w0, w1)
                return v0 if L == 0 else -v0
        if card >> 3 == ld >> 3:
            W = 1 - L if card < ld else L
        elif card >> 3 == trump:
            W = 1 - L
        else:
            W = L
        gain = points[ld] + points[card]
        if W == 0:
            v0 = terminal(0, True, cl, sn, c0 + gain, c1, m0 + p0, m1, 1, w1)
        else:
            v0 = terminal(1, True, cl, sn, c0, c1 + gain, m0, m1 + p1, w0, 1)
        v = v0 if L == 0 else -v0
        if explicit and won_me and (v < -1 or (c1 + m1 if L else c0 + m0) >= 66):
            # A false claim loses at least one game point, so it matters only below -1;
            # a correct one (a non-closer the closer-beaten rule keeps from being out)
            # is worth its score.
            v0 = terminal(L, False, cl, sn, c0, c1, m0, m1, w0, w1)
            if L == 1:
                v0 = -v0
            if v0 > v:
                return v0
        return v

    def pair(
        L: int,
        hand: int,
        opp: int,
        c0: int,
        c1: int,
        m0: int,
        m1: int,
        p0: int,
        p1: int,
        w0: int,
        w1: int,
        cl: int,
        sn: Any,
        alpha: int,
        beta: int,
    ) -> int:
        """strict() for two cards each: the table, the bounds, and both tricks inline.

        A leader with a marriage to declare is strict()'s. Sweeps and cashing are not
        looked for: with two cards each the search is smaller than the checks.
        """
        nonlocal count
        if marry_strict and (hand >> 2) & (hand >> 3) & suit_base:
            return strict(L, hand, opp, c0, c1, m0, m1, p0, p1, w0, w1, cl, sn, alpha, beta)
        count += 1
        if count > stop:
            raise over_limit()
        key = (L, hand, opp, c0, c1, m0, m1, p0, p1, w0, w1, cl, sn)
        table = core.table
        entry = table.get(key)
        if entry is not None:
            lo, hi, _ = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo = -INF
            hi = INF
        # The grade bounds, as in strict().
        if cl < 0 and counts_marriages:
            if L == 0:
                top = grade_at[w1][c1 + m1]
                if top <= alpha:
                    return top
                bottom = -grade_at[w0][c0 + m0]
            else:
                top = grade_at[w0][c0 + m0]
                if top <= alpha:
                    return top
                bottom = -grade_at[w1][c1 + m1]
        else:
            if closed_end and not at_close and cl >= 0:
                # (grade_bounds' closed case under AT_END rules, inline)
                if cl == L:
                    top = grade_at[w1][c1 + m1] if L == 0 else grade_at[w0][c0 + m0]
                    bottom = -3 if fc_always3 or not sn[1] else -2
                else:
                    top = 3 if fc_always3 or not sn[1] else 2
                    bottom = -grade_at[w0][c0 + m0] if L == 0 else -grade_at[w1][c1 + m1]
            elif closed_fixed and sn is closed_sn and (cl == L) is closed_by_leader:
                top, bottom = closed_bounds
            else:
                top, bottom = grade_bounds(L, c0, c1, m0, m1, w0, w1, cl, sn)
            if top <= alpha:
                return top
        if bottom >= beta:
            return bottom
        if top < beta:
            beta = top
        if bottom > alpha:
            alpha = bottom
        a_in = alpha
        if closed_end and cl >= 0:
            # A closed hand's two outcomes: the closer fails with a grade fixed by
            # the snapshot, or wins with its opponent's grade (at the close under
            # AT_CLOSE rules: the grade bounds tell it).
            g_fail = 3 if fc_always3 or not sn[1] else 2
            g_win = top if cl == L else -bottom
        else:
            g_win = g_fail = 0
        # Both leads and every legal reply, the last trick valued inline.
        F = 1 - L
        best = -INF
        low = hand & -hand
        for lb in (low, hand ^ low):
            ld = lb.bit_length() - 1
            lsuit = ld >> 3
            same = opp & suit_mask[lsuit]
            if head_or_trump:
                if same:
                    plays = (same & higher[ld]) or same
                else:
                    plays = (opp & trump_bits) or opp
            elif same:
                plays = same
            elif follow_or_trump:
                plays = (opp & trump_bits) or opp
            else:
                plays = opp
            lp = points[ld]
            beats = beat_mask[ld]
            rest = hand ^ lb
            worst = INF
            while plays:
                bit = plays & -plays
                plays ^= bit
                W = F if bit & beats else L
                gain = lp + points[bit.bit_length() - 1]
                other = opp ^ bit
                if L == 0:
                    f0 = rest
                    f1 = other
                else:
                    f0 = other
                    f1 = rest
                # Only the winner's points and flag change (a pending marriage counts).
                if W == 0:
                    nc0 = c0 + gain
                    nm0 = m0 + p0
                    if nc0 + nm0 >= 66 and (auto or not (beaten_flat and cl > 0)):
                        # Out: the hand ends (AUTO) or the winner claims.
                        if cl < 0 and counts_marriages:
                            v0 = grade_at[w1][c1 + m1]
                        elif closed_end and cl >= 0:
                            if cl:
                                v0 = g_fail
                            else:
                                v0 = g_win if at_close else grade_at[w1][c1 + m1]
                        else:
                            v0 = terminal(0, False, cl, sn, nc0, c1, nm0, m1, 1, w1)
                    else:
                        # The last trick, inline (last_trick's body): seat 0 leads.
                        ld2 = f0.bit_length() - 1
                        W2 = 1 if f1 & beat_mask[ld2] else 0
                        gain = points[ld2] + points[f1.bit_length() - 1]
                        if closed_end and cl >= 0:
                            # terminal()'s end of a closed hand, inline: the closer wins
                            # if it takes the last trick with 66, else it fails.
                            if (
                                cl == W2
                                and (nc0 + nm0 + gain if cl == 0 else c1 + m1 + p1 + gain) >= 66
                            ):
                                if at_close:
                                    v0 = -g_win if cl else g_win
                                else:
                                    v0 = -grade_at[1][nc0 + nm0] if cl else grade_at[w1][c1 + m1]
                            else:
                                v0 = g_fail if cl else -g_fail
                        elif not ten_end or cl >= 0:
                            if W2 == 0:
                                v0 = terminal(0, True, cl, sn, nc0 + gain, c1, nm0, m1, 1, w1)
                            else:
                                v0 = terminal(1, True, cl, sn, nc0, c1 + gain, nm0, m1 + p1, 1, 1)
                        else:
                            # terminal()'s end of an open hand, inline: the final points
                            # with the last trick's ten; the loser's grade, or 0.
                            if W2 == 0:
                                a0 = nc0 + nm0 + gain + 10
                                a1 = c1 + m1
                                x1 = w1
                            else:
                                a0 = nc0 + nm0
                                a1 = c1 + m1 + p1 + gain + 10
                                x1 = 1
                            if a0 >= 66:
                                if a1 < 66:
                                    v0 = grade_at[x1][a1]
                                elif W2 == 0:
                                    v0 = terminal(0, True, cl, sn, nc0 + gain, c1, nm0, m1, 1, w1)
                                else:
                                    v0 = terminal(
                                        1, True, cl, sn, nc0, c1 + gain, nm0, m1 + p1, 1, 1
                                    )
                            elif a1 >= 66:
                                v0 = -grade_at[1][a0]
                            else:
                                v0 = 0
                        if explicit and (v0 < -1 or nc0 + nm0 >= 66):
                            # Seat 0 (it has won a trick) may claim instead: falsely,
                            # which loses at least one game point, so only below -1,
                            # or correctly (kept from being out by the closer-beaten
                            # rule).
                            if false_fixed and nc0 + nm0 < 66:
                                fc = -2 if false_flat or w1 else -3
                            else:
                                fc = terminal(0, False, cl, sn, nc0, c1, nm0, m1, 1, w1)
                            if fc > v0:
                                v0 = fc
                else:
                    nc1 = c1 + gain
                    nm1 = m1 + p1
                    if nc1 + nm1 >= 66 and (auto or not (beaten_flat and cl == 0)):
                        if cl < 0 and counts_marriages:
                            v0 = -grade_at[w0][c0 + m0]
                        elif closed_end and cl >= 0:
                            if cl:
                                v0 = -g_win if at_close else -grade_at[w0][c0 + m0]
                            else:
                                v0 = -g_fail
                        else:
                            v0 = terminal(1, False, cl, sn, c0, nc1, m0, nm1, w0, 1)
                    else:
                        ld2 = f1.bit_length() - 1
                        W2 = 0 if f0 & beat_mask[ld2] else 1
                        gain = points[ld2] + points[f0.bit_length() - 1]
                        if closed_end and cl >= 0:
                            if (
                                cl == W2
                                and (c0 + m0 + p0 + gain if cl == 0 else nc1 + nm1 + gain) >= 66
                            ):
                                if at_close:
                                    v0 = -g_win if cl else g_win
                                else:
                                    v0 = -grade_at[w0][c0 + m0] if cl else grade_at[1][nc1 + nm1]
                            else:
                                v0 = g_fail if cl else -g_fail
                        elif not ten_end or cl >= 0:
                            if W2 == 0:
                                v0 = terminal(0, True, cl, sn, c0 + gain, nc1, m0 + p0, nm1, 1, 1)
                            else:
                                v0 = terminal(1, True, cl, sn, c0, nc1 + gain, m0, nm1, w0, 1)
                        else:
                            if W2 == 0:
                                a0 = c0 + m0 + p0 + gain + 10
                                a1 = nc1 + nm1
                                x0 = 1
                            else:
                                a0 = c0 + m0
                                a1 = nc1 + nm1 + gain + 10
                                x0 = w0
                            if a1 >= 66:
                                if a0 < 66:
                                    v0 = -grade_at[x0][a0]
                                elif W2 == 0:
                                    v0 = terminal(
                                        0, True, cl, sn, c0 + gain, nc1, m0 + p0, nm1, 1, 1
                                    )
                                else:
                                    v0 = terminal(1, True, cl, sn, c0, nc1 + gain, m0, nm1, w0, 1)
                            elif a0 >= 66:
                                v0 = grade_at[1][a1]
                            else:
                                v0 = 0
                        if explicit and (v0 > 1 or nc1 + nm1 >= 66):
                            if false_fixed and nc1 + nm1 < 66:
                                fc = 2 if false_flat or w0 else 3
                            else:
                                fc = terminal(1, False, cl, sn, c0, nc1, m0, nm1, w0, 1)
                            if fc < v0:
                                v0 = fc
                v = v0 if L == 0 else -v0
                if v < worst:
                    worst = v
                    if worst <= alpha:
                        break
            if worst > best:
                best = worst
                if worst > alpha:
                    alpha = worst
                    if alpha >= beta:
                        break
        if explicit and (w1 if L else w0) and (best < -1 or (c1 + m1 if L else c0 + m0) >= 66):
            # A false claim loses at least one game point, so it matters only when
            # every card play loses more than one game point; a correct one (see
            # last_trick) is worth its score.
            if false_fixed and (c1 + m1 if L else c0 + m0) < 66:
                v0 = -2 if false_flat or (w0 if L else w1) else -3
            else:
                v0 = terminal(L, False, cl, sn, c0, c1, m0, m1, w0, w1)
                if L == 1:
                    v0 = -v0
            if v0 > best:
                best = v0
        if best <= a_in:
            if best < hi:
                hi = best
        elif best >= beta:
            if best > lo:
                lo = best
        else:
            lo = hi = best
        if len(table) >= core.table_size:
            table.clear()
            core.table = table = {}
        table[key] = (lo, hi, -1)
        return best

    def enter(
        L: int,
        hand: int,
        opp: int,
        c0: int,
        c1: int,
        m0: int,
        m1: int,
        p0: int,
        p1: int,
        w0: int,
        w1: int,
        cl: int,
        sn: Any,
        alpha: int,
        beta: int,
    ) -> int:
        """The strict phase from outside: the last trick, pair() or strict() by size.

        The caller has valued a leader that is out (it claims).
        """
        cards = hand.bit_count()
        if cards == 1:
            return last_trick(L, hand, opp, c0, c1, m0, m1, p0, p1, w0, w1, cl, sn)
        if cards == 2:
            return pair(L, hand, opp, c0, c1, m0, m1, p0, p1, w0, w1, cl, sn, alpha, beta)
        return strict(L, hand, opp, c0, c1, m0, m1, p0, p1, w0, w1, cl, sn, alpha, beta)

    def last_trick_in(
        L: int,
        hand: int,
        opp: int,
        c0: int,
        c1: int,
        m0: int,
        m1: int,
        p0: int,
        p1: int,
        w0: int,
        w1: int,
        cl: int,
        sn: Any,
        alpha: int,
        beta: int,
    ) -> int:
        """last_trick() called like strict() (the window does not matter: it is exact)."""
        return last_trick(L, hand, opp, c0, c1, m0, m1, p0, p1, w0, w1, cl, sn)

    def strict(
        L: int,
        hand: int,
        opp: int,
        c0: int,
        c1: int,
        m0: int,
        m1: int,
        p0: int,
        p1: int,
        w0: int,
        w1: int,
        cl: int,
        sn: Any,
        alpha: int,
        beta: int,
    ) -> int:
        """A whole trick of the strict phase (no draw, no close, no exchange left).

        ``hand`` is the leader's, ``opp`` the follower's, with two cards or more each;
        the callers value a leader that is out (it claims) and the last trick.
        """
        nonlocal root_next, root_best, count
        count += 1
        if count > stop:
            raise over_limit()
        won_me = w1 if L else w0
        key = (L, hand, opp, c0, c1, m0, m1, p0, p1, w0, w1, cl, sn)
        table = core.table
        entry = table.get(key)
        first = -1
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo = -INF
            hi = INF
        # What either side can still win bounds the value: a window outside it is
        # decided at once, and a move reaching the bound needs no sibling searched.
        # Points and tricks only grow, so the grade a loser would get can only fall:
        # the loser's grade now (or the close snapshot's, or the closer's failure)
        # bounds every win. The loser's false claims are left out, which only raises
        # the minimax (it always has a card to play instead).
        if cl < 0 and counts_marriages:
            # (the common case: the grades are read off the table)
            if L == 0:
                top = grade_at[w1][c1 + m1]
                if top <= alpha:
                    return top
                bottom = -grade_at[w0][c0 + m0]
            else:
                top = grade_at[w0][c0 + m0]
                if top <= alpha:
                    return top
                bottom = -grade_at[w1][c1 + m1]
        else:
            if closed_end and not at_close and cl >= 0:
                # (grade_bounds' closed case under AT_END rules, inline)
                if cl == L:
                    top = grade_at[w1][c1 + m1] if L == 0 else grade_at[w0][c0 + m0]
                    bottom = -3 if fc_always3 or not sn[1] else -2
                else:
                    top = 3 if fc_always3 or not sn[1] else 2
                    bottom = -grade_at[w0][c0 + m0] if L == 0 else -grade_at[w1][c1 + m1]
            elif closed_fixed and sn is closed_sn and (cl == L) is closed_by_leader:
                top, bottom = closed_bounds
            else:
                top, bottom = grade_bounds(L, c0, c1, m0, m1, w0, w1, cl, sn)
            if top <= alpha:
                return top
        if bottom >= beta:
            return bottom
        if top < beta:
            beta = top
        if bottom > alpha:
            alpha = bottom
        cards = hand.bit_count()
        two_left = cards == 2
        # The search of the trick after this one, by the cards then left.
        child: Callable[..., int] = strict if cards > 3 else last_trick_in if two_left else pair
        # What the two hands alone tell: the lead order (plain), whether one side
        # takes every trick left (sweeper), and the points the leader can cash
        # (cash_gain). With two cards each (here only with a marriage to declare:
        # pair() has the others) the search is smaller than the checks, so they wait.
        plain: tuple[int, ...]
        if two_left:
            sweeper = cash_gain = 0
            plain = descending[hand]
        else:
            # The follower's cards and every lower card of their suits: a card of the
            # leader outside this heads the follower's whole suit (or the suit is
            # void).
            low = opp
            low |= (low << 1) & 0xFEFEFEFE
            low |= (low << 2) & 0xFCFCFCFC
            low |= (low << 4) & 0xF0F0F0F0
            heads = hand & ~low
            mine = (hand & trump_bits).bit_count()
            theirs = (opp & trump_bits).bit_count()
            # The smear reaches the last bit of each suit the follower holds.
            opp_suits = (low >> 7) & suit_base
            # Sure winners: cards the follower can neither head nor trump.
            winners = heads
            if theirs:
                # A void suit would be trumped.
                winners &= trump_bits | opp_suits * 0xFF
            # sweeper is 1 when the leader takes every trick left: each of its cards
            # heads the follower's cards of its suit, and it holds at least as many
            # trumps (it leads trumps first, top down). -1 when the follower does: the
            # same the other way round, and it holds a card of every suit the leader
            # holds (so it heads any lead and then leads out), and the leader has no
            # marriage to declare. Else 0.
            sweeper = 0
            if heads == hand:
                if mine >= theirs:
                    sweeper = 1
            elif theirs >= mine:
                suits = hand | hand >> 4
                suits |= suits >> 2
                suits |= suits >> 1
                # (the bit of each suit's first card the leader holds a card of)
                if not suits & suit_base & ~opp_suits:
                    cover = opp
                    cover |= (cover >> 1) & 0x7F7F7F7F
                    cover |= (cover >> 2) & 0x3F3F3F3F
                    cover |= (cover >> 4) & 0x0F0F0F0F
                    if not hand & cover and not (
                        marry_strict and (hand >> 2) & (hand >> 3) & suit_base
                    ):
                        sweeper = -1
            # cash_gain: the points of the leader's cards that head every card of the
            # follower in their suit (trumps first: enough of them strip the
            # follower's trumps; otherwise only the trumps count), when there are some
            # and a card is left over to lead after them; else -1.
            cashable = heads
            if (heads & trump_bits).bit_count() < theirs:
                cashable &= trump_bits
            cash_gain = -1
            if cashable and cashable != hand:
                cash_gain = (
                    byte_points[cashable & 255]
                    + byte_points[cashable >> 8 & 255]
                    + byte_points[cashable >> 16 & 255]
                    + byte_points[cashable >> 24]
                )
            # The order: the sure winners by card index (highest rank first, suit by
            # suit), side suits before trumps; then the rest from the highest index
            # (the lowest rank of the last suit) down. Measured: fewer nodes than
            # trumps first or the rest highest first (benchmarks/solver.py, 37 against
            # 44 nodes a solve at CLASSIC_66's talon exhaustion).
            if winners:
                plain = (
                    indices[winners & side_bits]
                    + indices[winners & trump_bits]
                    + descending[hand ^ winners]
                )
            else:
                plain = descending[hand]
        if sweeper > 0:
            sure = sweep(L, hand, opp, cl, sn, c0, c1, m0, m1, p0, p1, w0, w1)
            if sure >= beta or sure >= top:
                return sure
            if sure > alpha:
                alpha = sure
        elif sweeper < 0:
            sure = -sweep(1 - L, hand, opp, cl, sn, c0, c1, m0, m1, p0, p1, w0, w1)
            if explicit and won_me:
                # The leader may claim (falsely) instead.
                v0 = terminal(L, False, cl, sn, c0, c1, m0, m1, w0, w1)
                if L == 1:
                    v0 = -v0
                if v0 > sure:
                    sure = v0
            if sure <= alpha or sure <= bottom:
                return sure
            if sure < beta:
                beta = sure
        if cash_gain > 0:
            # Cashing the sure winners brings the leader to 66 with a card left to
            # lead: it wins by claiming then, the follower's grade as it is now.
            if L == 0:
                if c0 + cash_gain + m0 + p0 >= 66:
                    cash = terminal(0, False, cl, sn, c0 + cash_gain, c1, m0 + p0, m1, 1, w1)
                    if cash >= beta or cash >= top:
                        return cash
                    if cash > alpha:
                        alpha = cash
            elif c1 + cash_gain + m1 + p1 >= 66:
                cash = -terminal(1, False, cl, sn, c0, c1 + cash_gain, m0, m1 + p1, w0, 1)
                if cash >= beta or cash >= top:
                    return cash
                if cash > alpha:
                    alpha = cash
        a_in = alpha
        rooted = root_next
        if rooted:
            # The root of a solve: the cards in legal_moves order (by index), so the
            # first move reaching the value is the one solve reports (see root()).
            root_next = False
            plain = (
                ascending[0][hand & 255]
                + ascending[1][hand >> 8 & 255]
                + ascending[2][hand >> 16 & 255]
                + ascending[3][hand >> 24]
            )
        best = -INF
        best_card = -1
        # A false claim is worth -1 at best: a bound to start from while the window
        # reaches below that, else needed only if every card play is worse. A correct
        # claim here (a non-closer with 66 that the closer-beaten rule keeps from
        # being out) is worth its score, always a bound to start from.
        claim_later = False
        if explicit and won_me:
            if alpha < -1 or (c1 + m1 if L else c0 + m0) >= 66:
                if false_fixed and (c1 + m1 if L else c0 + m0) < 66:
                    # A false claim under FLAT_TWO or TWO_OR_THREE rules (terminal's
                    # value, inline): 3 only when the opponent has won no trick.
                    best = -2 if false_flat or (w0 if L else w1) else -3
                else:
                    v0 = terminal(L, False, cl, sn, c0, c1, m0, m1, w0, w1)
                    best = v0 if L == 0 else -v0
                if best > alpha:
                    alpha = best
            else:
                claim_later = True
        # The lead options: card indices; a lead after a marriage is coded as
        # card + 64 * (k + 1), with the points after the k-th marriage in mpoints.
        options: list[int] | tuple[int, ...]
        mpoints: list[tuple[int, int, int, int]] = []
        pairs = (hand >> 2) & (hand >> 3) & suit_base if marry_strict else 0
        if pairs and alpha < beta and (won_me or not marry_forbidden):
            options = []
            for suit in (trump, 0, 1, 2, 3):
                if not pairs >> (suit * 8) & 1:
                    continue
                pairs ^= 1 << (suit * 8)
                value = 40 if suit == trump else 20
                nm0, nm1, np0, np1 = m0, m1, p0, p1
                if won_me and not next_trick:
                    if L == 0:
                        nm0 += value
                    else:
                        nm1 += value
                elif L == 0:
                    np0 += value
                else:
                    np1 += value
                npts = (c0 + nm0) if L == 0 else (c1 + nm1)
                if (
                    out_without_lead
                    and npts >= 66
                    and (auto or not (beaten_flat and cl >= 0 and cl != L))
                ):
                    # Out by the marriage: a correct claim, the best that can follow.
                    v0 = terminal(L, False, cl, sn, c0, c1, nm0, nm1, w0, w1)
                    v = v0 if L == 0 else -v0
                    if v > best:
                        best = v
                        best_card = -1
                        if v > alpha:
                            alpha = v
                    continue
                if explicit and out_without_lead:
                    v0 = terminal(L, False, cl, sn, c0, c1, nm0, nm1, w0, w1)
                    v = v0 if L == 0 else -v0
                    if v > best:
                        best = v
                        best_card = -1
                        if v > alpha:
                            alpha = v
                mpoints.append((nm0, nm1, np0, np1))
                code = 64 * len(mpoints)
                options.append(code + kings[suit].bit_length() - 1)
                if not king_only:
                    options.append(code + queens[suit].bit_length() - 1)
            if first >= 0:
                options.append(first)
            options.extend(c for c in plain if c != first)
        elif first >= 0 and plain[0] != first:
            options = [first]
            options.extend(c for c in plain if c != first)
        else:
            options = plain
        # The marriage points after the lead (set apart for a marriage lead).
        lm0 = m0
        lm1 = m1
        lp0 = p0
        lp1 = p1
        for ld in options:
            if alpha >= beta:
                break
            if mpoints:
                if ld < 64:
                    lm0 = m0
                    lm1 = m1
                    lp0 = p0
                    lp1 = p1
                else:
                    lm0, lm1, lp0, lp1 = mpoints[(ld >> 6) - 1]
                    ld &= 63
            rest = hand ^ (1 << ld)
            worst = INF
            b = beta
            # The follower's legal replies (strict play): those that win the trick
            # (searched first, highest first) and those that lose (then, lowest first).
            same = opp & card_suit[ld]
            if head_or_trump:
                # It must head the card led, else follow suit, else trump.
                if same:
                    beats = same & higher[ld]
                    loses = 0 if beats else same
                else:
                    beats = opp & trump_bits
                    loses = 0 if beats else opp
            else:
                if same:
                    plays = same
                elif follow_or_trump:
                    plays = (opp & trump_bits) or opp
                else:
                    plays = opp
                beats = plays & beat_mask[ld]
                loses = plays ^ beats
            lp = points[ld]
            while True:
                if beats:
                    bit = beats & -beats
                    beats ^= bit
                    card = bit.bit_length() - 1
                    fwins = True
                elif loses:
                    card = loses.bit_length() - 1
                    bit = 1 << card
                    loses ^= bit
                    fwins = False
                else:
                    break
                gain = lp + points[card]
                other = opp ^ bit
                # Only the trick's winner changes: its points (a pending marriage
                # counts now) and its won-trick flag; the other seat passes on as is.
                # (The hand cannot end here: a leader with one card is last_trick's.)
                if fwins == L:
                    # Seat 0 wins the trick.
                    nc0 = c0 + gain
                    nm0 = lm0 + lp0
                    total = nc0 + nm0
                    if total >= 66 and (auto or (explicit and not (beaten_flat and cl > 0))):
                        # Out: the hand ends (AUTO), or the winner claims (strict()
                        # leaves that to its callers).
                        if cl < 0 and counts_marriages:
                            # (terminal()'s claim with no close: the loser's grade)
                            v = grade_at[w1][c1 + lm1]
                        else:
                            v = terminal(0, False, cl, sn, nc0, c1, nm0, lm1, 1, w1)
                        if L:
                            v = -v
                    elif L == 0:
                        v = child(
                            0, rest, other, nc0, c1, nm0, lm1, 0, lp1, 1, w1, cl, sn, alpha, b
                        )
                    else:
                        v = -child(
                            0, other, rest, nc0, c1, nm0, lm1, 0, lp1, 1, w1, cl, sn, -b, -alpha
                        )
                else:
                    nc1 = c1 + gain
                    nm1 = lm1 + lp1
                    total = nc1 + nm1
                    if total >= 66 and (auto or (explicit and not (beaten_flat and cl == 0))):
                        if cl < 0 and counts_marriages:
                            v = -grade_at[w0][c0 + lm0]
                        else:
                            v = terminal(1, False, cl, sn, c0, nc1, lm0, nm1, w0, 1)
                        if L:
                            v = -v
                    elif L == 1:
                        v = child(
                            1, rest, other, c0, nc1, lm0, nm1, lp0, 0, w0, 1, cl, sn, alpha, b
                        )
                    else:
                        v = -child(
                            1, other, rest, c0, nc1, lm0, nm1, lp0, 0, w0, 1, cl, sn, -b, -alpha
                        )
                if v < worst:
                    worst = v
                    if worst <= alpha:
                        break
                    if worst < b:
                        b = worst
            if worst > best:
                best = worst
                best_card = ld
                if worst > alpha:
                    alpha = worst
        if claim_later and best < -1:
            v0 = terminal(L, False, cl, sn, c0, c1, m0, m1, w0, w1)
            if L == 1:
                v0 = -v0
            if v0 > best:
                best = v0
                best_card = -1
        if best <= a_in:
            if best < hi:
                hi = best
        elif best >= beta:
            if best > lo:
                lo = best
        else:
            lo = hi = best
        table = core.table
        if len(table) >= core.table_size:
            table.clear()
            core.table = table = {}
        table[key] = (lo, hi, best_card)
        if rooted and not (marry_strict and (hand >> 2) & (hand >> 3) & suit_base):
            # The best move is known when a move reached the value, not a bound that
            # every move fell to (a later claim then has value -1 at best, below it),
            # and there is no marriage to declare (best_card does not code one).
            if best > a_in or best >= beta:
                root_best = best_card
            elif best == bottom:
                # Every card fell to the leader's own grade now, which no card play
                # can fall below: each card has that value, so the first in legal
                # order is best, after a claim that reaches it.
                root_best = (hand & -hand).bit_length() - 1
                if explicit and won_me:
                    v0 = terminal(L, False, cl, sn, c0, c1, m0, m1, w0, w1)
                    if (v0 if L == 0 else -v0) >= best:
                        root_best = -1
        return best

    def _decide(
        L: int,
        h0: int,
        h1: int,
        tal: tuple[int, ...],
        cl: int,
        sn: Any,
        c0: int,
        c1: int,
        m0: int,
        m1: int,
        p0: int,
        p1: int,
        w0: int,
        w1: int,
        alpha: int,
        beta: int,
    ) -> int:
        best = -INF
        # Draw.
        if L == 0:
            n0 = h0 | 1 << tal[0]
            n1 = h1 | 1 << tal[1]
        else:
            n1 = h1 | 1 << tal[0]
            n0 = h0 | 1 << tal[1]
        v = search(
            0, L, -1, n0, n1, tal[2:], cl, sn, c0, c1, m0, m1, p0, p1, w0, w1, -1, 0, alpha, beta
        )
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    return best
        # Close (at the decision: the turn flags stay clear).
        nsn = snapshot(L, tricks_played(h0, h1, tal, -1), c0, c1, m0, m1, w0, w1)
        v = search(
            0, L, -1, h0, h1, tal, L, nsn, c0, c1, m0, m1, p0, p1, w0, w1, -1, 0, alpha, beta
        )
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    return best
        if explicit:
            v0 = terminal(L, False, cl, sn, c0, c1, m0, m1, w0, w1)
            v = v0 if L == 0 else -v0
            if v > best:
                best = v
        return best

    def _lead(
        L: int,
        h0: int,
        h1: int,
        tal: tuple[int, ...],
        cl: int,
        sn: Any,
        c0: int,
        c1: int,
        m0: int,
        m1: int,
        p0: int,
        p1: int,
        w0: int,
        w1: int,
        tm: int,
        tc: int,
        hand: int,
        won_me: int,
        alpha: int,
        beta: int,
    ) -> int:
        best = -INF
        if tm >= 0:
            plays = kings[tm] if king_only else kings[tm] | queens[tm]
            plays &= hand
            claim_ok = out_without_lead and explicit
        else:
            plays = hand
            claim_ok = explicit and bool(won_me)
            strict_phase = cl >= 0 or not tal
            # Exchange (the first step of the turn).
            if tal and not tc and len(tal) >= ex_min:
                if hand >> ex & 1:
                    if cl < 0:
                        ok = (not ex_needs_trick or bool(won_me)) and (
                            ex_first_lead or bool(w0 | w1)
                        )
                    elif ewc_never or ewc_at_close:
                        ok = False
                    else:
                        ok = bool(won_me)
                    if ok:
                        up = tal[-1]
                        nh = hand ^ (1 << ex) | (1 << up)
                        ntal = (*tal[:-1], ex)
                        if L == 0:
                            v = search(
                                0,
                                L,
                                -1,
                                nh,
                                h1,
                                ntal,
                                cl,
                                sn,
                                c0,
                                c1,
                                m0,
                                m1,
                                p0,
                                p1,
                                w0,
                                w1,
                                -1,
                                tc,
                                alpha,
                                beta,
                            )
                        else:
                            v = search(
                                0,
                                L,
                                -1,
                                h0,
                                nh,
                                ntal,
                                cl,
                                sn,
                                c0,
                                c1,
                                m0,
                                m1,
                                p0,
                                p1,
                                w0,
                                w1,
                                -1,
                                tc,
                                alpha,
                                beta,
                            )
                        if v > best:
                            best = v
                            if v > alpha:
                                alpha = v
                                if alpha >= beta:
                                    return best
            # Marriages.
            pairs = (hand >> 2) & (hand >> 3) & suit_base
            if pairs and not (
                (not won_me and marry_forbidden) or (strict_phase and not marry_strict)
            ):
                # Trump marriage first.
                suits = [s for s in (0, 1, 2, 3) if pairs >> (s * 8) & 1]
                suits.sort(key=lambda s: s != trump)
                for suit in suits:
                    value = 40 if suit == trump else 20
                    nm0, nm1, np0, np1 = m0, m1, p0, p1
                    if won_me and not next_trick:
                        if L == 0:
                            nm0 += value
                        else:
                            nm1 += value
                    elif L == 0:
                        np0 += value
                    else:
                        np1 += value
                    if auto and out_without_lead and ((c0 + nm0) if L == 0 else (c1 + nm1)) >= 66:
                        v0 = terminal(L, False, cl, sn, c0, c1, nm0, nm1, w0, w1)
                        v = v0 if L == 0 else -v0
                    else:
                        v = search(
                            0,
                            L,
                            -1,
                            h0,
                            h1,
                            tal,
                            cl,
                            sn,
                            c0,
                            c1,
                            nm0,
                            nm1,
                            np0,
                            np1,
                            w0,
                            w1,
                            suit,
                            tc,
                            alpha,
                            beta,
                        )
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                return best
            # Close.
            if (
                closing
                and tal
                and cl < 0
                and len(tal) >= close_min
                and (close_first or bool(w0 | w1))
            ):
                nsn = snapshot(L, tricks_played(h0, h1, tal, -1), c0, c1, m0, m1, w0, w1)
                v = search(
                    0,
                    L,
                    -1,
                    h0,
                    h1,
                    tal,
                    L,
                    nsn,
                    c0,
                    c1,
                    m0,
                    m1,
                    p0,
                    p1,
                    w0,
                    w1,
                    -1,
                    1,
                    alpha,
                    beta,
                )
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            return best
        # Lead a card: highest of each suit first, trumps first.
        order = []
        while plays:
            low = plays & -plays
            order.append(low.bit_length() - 1)
            plays ^= low
        for card in order:
            if L == 0:
                v = -search(
                    1,
                    L,
                    card,
                    h0 ^ (1 << card),
                    h1,
                    tal,
                    cl,
                    sn,
                    c0,
                    c1,
                    m0,
                    m1,
                    p0,
                    p1,
                    w0,
                    w1,
                    -1,
                    0,
                    -beta,
                    -alpha,
                )
            else:
                v = -search(
                    1,
                    L,
                    card,
                    h0,
                    h1 ^ (1 << card),
                    tal,
                    cl,
                    sn,
                    c0,
                    c1,
                    m0,
                    m1,
                    p0,
                    p1,
                    w0,
                    w1,
                    -1,
                    0,
                    -beta,
                    -alpha,
                )
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        return best
        if claim_ok:
            v0 = terminal(L, False, cl, sn, c0, c1, m0, m1, w0, w1)
            v = v0 if L == 0 else -v0
            if v > best:
                best = v
        return best

    return search
