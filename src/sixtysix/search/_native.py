"""The bridge to the native exact solver (``sixtysix_native._solver``), not public API.

The C solver knows tricks, bitmasks and alpha-beta; every rule fact reaches it from
here, as one table per rule set and trump suit (:func:`spec_table`), computed by calling
the rule functions themselves (:mod:`sixtysix.legality`, :mod:`sixtysix.scoring`,
:mod:`sixtysix.cards`), so that C holds no copy of a rule. See docs/native_solver.md.
"""

from __future__ import annotations

import os
from array import array
from types import ModuleType
from typing import Any

from ..cards import KING_QUEEN, POINTS, marriage_value, trick_winner
from ..engine import legal_moves
from ..errors import PositionError, SearchLimitError
from ..legality import F_CLAIM, follow_mask, lead_mask, require_plain_trick_game, rule_facts
from ..moves import CLAIM, CLOSE, DRAW, EXCHANGE, MARRY, PLAY, Move
from ..native import ENV_PUREPYTHON
from ..rules import (
    BothOver66,
    ClosedWinBasis,
    CloserBeaten,
    ExchangeTiming,
    ExchangeWhenClosed,
    LastTrick,
    MarriagePendingRedeem,
    Rules,
)
from ..scoring import (
    _closer_beaten_points,
    _failed_close_points,
    _false_claim_points,
    _grade,
)
from ..state import HandState, Step
from ._core import args_of

__all__ = [
    "NATIVE_WORLD_FACTOR",
    "available",
    "beat_mask",
    "follow_chain",
    "move_at",
    "moves_of",
    "native_spec",
    "spec_table",
    "world_budget",
    "world_values",
]

#: The spec layout version (solver.h's ``SS_SPEC_MAGIC``).
SPEC_MAGIC = 0x66660003
#: A hand is won with this many points (rules §2); a played-out open hand's last trick
#: counts ``LAST_BONUS`` (§5); under ``LastTrick.WINS_HAND`` a winner short of the target
#: scores ``WINS_HAND_SHORT`` (scoring.score_hand).
TARGET = 66
LAST_BONUS = 10
WINS_HAND_SHORT = 1
MAX_POINTS = 230
MAX_CARD_POINTS = 130
MAX_MARRIAGES = 100


def _load() -> ModuleType | None:
    """The extension module, or ``None`` when it is not built."""
    try:
        from sixtysix_native import _solver  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    module: ModuleType = _solver
    return module


_SOLVER: ModuleType | None = _load()


def solver() -> ModuleType | None:
    """The extension to search with, or ``None``: not built, or ``SIXTYSIX_PUREPYTHON=1``.

    The environment variable is read at every call, as :func:`sixtysix.native.backend`
    reads it, so one process can compare both backends.
    """
    if _SOLVER is None or os.environ.get(ENV_PUREPYTHON, "") == "1":
        return None
    return _SOLVER


#: The moves of the native kind codes 0 to 3 (4 marries ``arg``'s suit, 5 plays ``arg``).
_FIXED: tuple[Move, ...] = (DRAW, EXCHANGE, CLOSE, CLAIM)


def available() -> bool:
    """Whether the native solver is loaded and not switched off (see :func:`solver`)."""
    return solver() is not None


_GRADES: dict[Rules, list[int]] = {}
_SPECS: dict[tuple[Rules, int], Any] = {}
#: At most this many rule sets (by trump) keep their compiled tables (then it restarts).
SPEC_CACHE_LIMIT = 64


def _grades(rules: Rules) -> list[int]:
    """``_grade(rules, won, x, m, 0)`` by ``[won][x][m]`` (x: card points + bonus)."""
    grades = _GRADES.get(rules)
    if grades is None:
        if len(_GRADES) >= SPEC_CACHE_LIMIT:
            _GRADES.clear()
        grades = _GRADES[rules] = [
            _grade(rules, won, x, m, 0)
            for won in (0, 1)
            for x in range(MAX_CARD_POINTS + 1)
            for m in range(MAX_MARRIAGES + 1)
        ]
    return grades


def _monotone(rules: Rules) -> bool:
    """Whether the game points a seat gives up only fall as its points and tricks grow.

    True of every rule set here; the C search bounds a position's value by them only
    then.
    """
    g = _grades(rules)
    n = MAX_MARRIAGES + 1

    def at(won: int, x: int, m: int) -> int:
        return g[(won * (MAX_CARD_POINTS + 1) + x) * n + m]

    grades = all(
        at(won, x, m) >= at(won, x, m + 1)
        and at(won, x, m) >= at(won, x + 1, m)
        and at(0, x, m) >= at(1, x, m)
        for won in (0, 1)
        for x in range(MAX_CARD_POINTS)
        for m in range(MAX_MARRIAGES)
    )
    closes = all(
        fn(rules, tricks, pts) >= fn(rules, tricks, pts + 1)
        for fn in (_failed_close_points, _closer_beaten_points)
        for tricks in (0, 1)
        for pts in range(MAX_POINTS)
    )
    return grades and closes


def beat_mask(led: int, trump: int, deck: int) -> int:
    """The cards of ``deck`` that win a trick over the card ``led`` (trick_winner's)."""
    return sum(
        1 << card
        for card in range(32)
        if deck >> card & 1 and card != led and trick_winner(led, card, trump, 0) == 1
    )


def follow_chain(rules: Rules, led: int, trump: int) -> list[int]:
    """The strict follow rule to ``led`` as three masks, probed from ``follow_mask``.

    A follower may play its cards of the first mask it holds a card of, else any card:
    the first mask is what ``follow_mask`` allows a hand of every other card, the next
    what it allows once those are gone, and so on.
    """
    chain: list[int] = []
    rest = rules.deck.mask & ~(1 << led)
    for _ in range(3):
        mask = follow_mask(rules, rest, led, trump, True) if rest else 0
        chain.append(mask)
        rest &= ~mask
    return chain


def spec_table(rules: Rules, trump: int) -> bytes:
    """The rule facts of ``rules`` with trump suit ``trump``, in solver.h's layout."""
    require_plain_trick_game(rules, "the native solver")  # rules §13: see legality
    f = rule_facts(rules)
    deck = rules.deck.mask
    t: list[int] = [
        SPEC_MAGIC,
        trump,
        deck,
        int(f.auto),
        int(f.claim_lead),
        int(f.claim_after_marriage),
        int(bool(f.decide_flags & F_CLAIM)),
        f.decide_talons,
        f.close_first,
        f.close_later,
        *(int(f.marry[won][strict]) for won in (0, 1) for strict in (0, 1)),
        int(f.marriage_out),
        int(rules.marriage_pending_redeem is MarriagePendingRedeem.NEXT_TRICK_AFTER_DECLARING),
        int(rules.closer_beaten is CloserBeaten.FLAT_TWO),
        trump * 8 + f.exchange_offset,
        rules.exchange_min_talon,
        int(rules.exchange_timing is ExchangeTiming.ANY_TIME),
        int(rules.exchange_requires_won_trick),
        int(rules.exchange_on_first_lead),
        {
            ExchangeWhenClosed.NEVER: 0,
            ExchangeWhenClosed.AT_CLOSE_OPPONENT: 1,
        }.get(rules.exchange_when_closed, 2),
        int(rules.exchange_when_closed is ExchangeWhenClosed.AT_CLOSE_OPPONENT),
        int(rules.closed_win_basis is ClosedWinBasis.AT_CLOSE),
        TARGET,
        LAST_BONUS,
        int(rules.last_trick is LastTrick.WINS_HAND),
        WINS_HAND_SHORT,
        int(rules.both_over_66 is BothOver66.NO_SCORE),
    ]
    t.append(int(_monotone(rules)))
    for won in (False, True):
        flat = _false_claim_points(rules, won)
        t.append(0 if flat is None else flat)
    t.extend(POINTS[c] if deck >> c & 1 else 0 for c in range(32))
    t.extend(beat_mask(led, trump, deck) for led in range(32))
    for led in range(32):
        t.extend(follow_chain(rules, led, trump))
    t.extend(lead_mask(rules, deck, suit) for suit in range(4))
    t.extend(KING_QUEEN[suit] for suit in range(4))
    t.extend(marriage_value(suit, trump) for suit in range(4))
    for fn in (_failed_close_points, _closer_beaten_points):
        for tricks in (0, 1):
            t.extend(fn(rules, tricks, pts) for pts in range(MAX_POINTS + 1))
    t.extend(_grades(rules))
    return array("I", t).tobytes()


#: Compiled specs by ``id`` of the rule set (each entry holds its rule set, so an id
#: is not reused while cached) and trump: hashing a Rules value costs more than a solve.
_BY_ID: dict[tuple[int, int], tuple[Rules, Any]] = {}


def native_spec(rules: Rules, trump: int) -> Any:
    """The compiled spec of ``rules`` and ``trump`` (cached)."""
    entry = _BY_ID.get((id(rules), trump))
    if entry is not None and entry[0] is rules:
        return entry[1]
    spec = _SPECS.get((rules, trump))
    if spec is None:
        assert _SOLVER is not None
        if len(_SPECS) >= SPEC_CACHE_LIMIT:
            _SPECS.clear()
        spec = _SPECS[rules, trump] = _SOLVER.compile(spec_table(rules, trump))
    if len(_BY_ID) >= SPEC_CACHE_LIMIT:
        _BY_ID.clear()
    _BY_ID[id(rules), trump] = (rules, spec)
    return spec


def moves_of(kinds: bytes, args: bytes) -> tuple[Move, ...]:
    """The moves of a native result, as :func:`~sixtysix.legal_moves` lists them."""
    out: list[Move] = []
    for kind, arg in zip(kinds, args, strict=True):
        if kind < 4:
            out.append(_FIXED[kind])
        elif kind == 4:
            out.append(MARRY[arg])
        else:
            out.append(PLAY[arg])
    return tuple(out)


def move_at(kinds: bytes, args: bytes, index: int) -> Move:
    """The move ``index`` of a native result."""
    kind = kinds[index]
    if kind == 5:
        return PLAY[args[index]]
    if kind == 4:
        return MARRY[args[index]]
    return _FIXED[kind]


def run(fn: Any, *args: Any) -> Any:
    """Call the native ``fn``, its errors turned into :class:`SixtySixError` subclasses."""
    assert _SOLVER is not None
    try:
        return fn(*args)
    except _SOLVER.LimitError:
        raise SearchLimitError(
            f"the search needs more than max_nodes={args[-3]} nodes; raise the "
            "budget or solve a later position"
        ) from None
    except _SOLVER.InputError as exc:
        raise PositionError(f"the native solver cannot search this position: {exc}") from None


# --------------------------------------------------------------------------- PimcBot's worlds

#: The table bound of the bots' small solves (``evaluate.BOT_TABLE_SIZE``).
BOT_TABLE_SIZE = 100_000
#: With a time limit, the native backend lets a :class:`~sixtysix.PimcBot` decision of the
#: open phase play out this many times more moves than the pure-Python one.
NATIVE_WORLD_FACTOR = 64


def world_values(
    state: HandState, rng: Any, exact_talon: int, max_nodes: int
) -> tuple[list[float], int]:
    """:func:`sixtysix.search.evaluate.world_values` with its default policy, natively.

    The same values, move for move, as the pure-Python function (the C side plays the
    open phase on with its port of :class:`~sixtysix.RuleBot`, which never draws from
    ``rng``, and solves the strict position reached exactly), all in one call that
    releases the GIL. Only with the extension loaded:
    :func:`sixtysix.search.evaluate.fast_world_values` picks this or the pure-Python
    function. The node count of an exact open-phase search is the searching solver's own
    (the two solvers count different nodes, so ``max_nodes`` may suffice for one and not
    the other: docs/native_solver.md).
    """
    native = solver()
    if native is None:
        raise RuntimeError("the native solver is not loaded (see fast_world_values)")
    if state.step is Step.OVER:
        return [], 0
    spec = native_spec(state.rules, state.trump)
    values, spent = run(
        native.world_values,
        spec,
        args_of(state),
        world_facts(state),
        exact_talon,
        max_nodes,
        BOT_TABLE_SIZE,
    )
    return [float(v) for v in memoryview(values).cast("b")], spent


def world_facts(state: HandState) -> tuple[int, int, int, int]:
    """The public facts of ``state`` that RuleBot's view reads beyond the position."""
    return (
        state.declared,
        state.exchanged_by,
        state.dealt_turnup,
        int(state.rules.marriage_in_strict_phase),
    )


def world_budget(budget: int, time_limit: float | None) -> int:
    """The open-phase playout budget of a PimcBot decision (``PLAYOUT_BUDGET``).

    Unchanged without a time limit, so that a fixed number of worlds gives the same
    moves on both backends; with one, the native backend takes
    :data:`NATIVE_WORLD_FACTOR` times more (the time limit then bounds the worlds).
    """
    if time_limit is None or solver() is None:
        return budget
    return budget * NATIVE_WORLD_FACTOR


def rulebot_move(state: HandState) -> Move:
    """:class:`~sixtysix.RuleBot`'s move in ``state`` for the seat to move, from C.

    The native port of the bot (the playouts of :func:`world_values` use it), for the
    differential tests: equal to ``RuleBot().choose(observe(state, state.to_move), rng)``.
    """
    native = solver()
    assert native is not None, "the native solver is not available"
    from ..observe import observe

    seat = state.to_move
    assert seat is not None, "the hand is over"
    view = observe(state, seat)
    spec = native_spec(state.rules, state.trump)
    index = run(
        native.rulebot,
        spec,
        args_of(state),
        world_facts(state),
        view.opponent_known_mask,
        view.opponent_excluded_mask,
    )
    return legal_moves(state)[int(index)]
