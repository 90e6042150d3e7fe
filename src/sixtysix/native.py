"""The door to the C accelerator ``sixtysix-native``, and its pure-Python twin.

Everything here works without the accelerator: :func:`backend` says which one runs
(``"native"`` when the package ``sixtysix-native`` is installed and imports, else
``"python"``), and both give the same results for the same arguments, on every
platform. Setting the environment variable ``SIXTYSIX_PUREPYTHON=1`` forces pure Python.

>>> from sixtysix import SCHNAPSEN, native
>>> native.backend() in ("native", "python")
True
>>> results = native.playouts(SCHNAPSEN, range(100))
>>> len(results), sum(results.game_points) > 0
(100, True)
>>> results == native.playouts(SCHNAPSEN, range(100), backend="python")
True

**Batch playouts.** :func:`playouts` deals one hand per seed and plays it to the end
with the *random policy* (or, with ``policy="rulebot"``, with :class:`~sixtysix.RuleBot`
in both seats); :func:`playouts_from` does the same from a given
:class:`~sixtysix.HandState`. Each seed is a whole number from 0 to 2**64 - 1 and drives
its own :class:`SplitMix64` stream, drawn in this exact order:

1. (:func:`playouts` only) the deal: a Fisher-Yates shuffle of the deck in its
   canonical order (:attr:`sixtysix.Deck.cards`): for ``i`` from ``n - 1`` down to 1,
   swap positions ``i`` and ``below(i + 1)``; the result is the pack order, top card
   first, dealt by :func:`sixtysix.deal_from_order` with the given dealer;
2. then at every decision, the move ``legal_moves(state)[below(len(moves))]``.

So a seed's hand is not :func:`sixtysix.new_hand`'s deal for the same seed (that one
hashes the seed with BLAKE2b); use :func:`deal` to see it. The pure-Python backend
*is* the library's engine (:func:`~sixtysix.legal_moves`, :func:`~sixtysix.apply_move`,
:func:`~sixtysix.score_hand`); the native one reproduces it move by move, which the
differential tests check on every preset and on random house rules.

**Rule tables.** The C code holds no copy of the rules. For each rule set
:func:`rule_tables` evaluates sixtysix's own rule functions into tables: the
legality facts of :func:`sixtysix.legality.rule_facts`, the exchange rule over every
situation it distinguishes, the follower's strict-play masks, the cards that may be
led after a marriage, the deal plan, the card and marriage points, the §6 grades of
:mod:`sixtysix.scoring` and the scoring options. They are packed into one block and
handed to C once per rule set (a bounded cache); C implements only tricks, bitmasks
and the playout loop over them.
"""

from __future__ import annotations

import enum
import operator
import os
import random
import struct
from array import array
from collections.abc import Iterable, Iterator
from types import ModuleType
from typing import Any, Literal

import attrs

from . import rules as _rules
from . import scoring
from .cards import CARDS, POINTS, exchange_card_index, marriage_value
from .engine import _deal_plan, apply_move, deal_from_order, legal_moves
from .errors import DealError, PositionError, SixtySixError
from .errors import quote as _quote
from .legality import (
    F_CLAIM,
    exchange_rule,
    follow_mask,
    lead_mask,
    options,
    require_plain_trick_game,
    rule_facts,
)
from .moves import Claim, Move
from .observe import observe, strict_exclusions
from .rules import Rules, StrictPlay
from .scoring import HandEnd, HandResult, score_hand
from .state import CloseSnapshot, HandState, Step
from .validate import validate

__all__ = [
    "ENV_PUREPYTHON",
    "FACTS_VERSION",
    "REASONS",
    "NativeUnavailableError",
    "PlayoutResults",
    "SplitMix64",
    "available",
    "backend",
    "deal",
    "playouts",
    "playouts_from",
    "rule_tables",
    "unavailable_reason",
]

#: The environment variable that forces the pure-Python backend when set to ``1``.
ENV_PUREPYTHON = "SIXTYSIX_PUREPYTHON"

#: The layout version of the packed rule tables; core.h's SS_FACTS_VERSION must match.
FACTS_VERSION = 1

Backend = Literal["native", "python"]
Policy = Literal["random", "rulebot"]

_MASK64 = (1 << 64) - 1


class NativeUnavailableError(SixtySixError):
    """The native backend was asked for, but ``sixtysix-native`` is not usable."""


# --------------------------------------------------------------------------- the door


def _import_core() -> tuple[ModuleType | None, str | None]:
    """The extension module, or ``None`` and the reason it is not usable."""
    try:
        import sixtysix_native
        from sixtysix_native import _core
    except ImportError as exc:
        return None, f"sixtysix-native is not installed or does not import ({exc})"
    from ._version import __version__

    theirs = getattr(sixtysix_native, "__version__", None)
    if theirs != __version__:
        return None, (
            f"sixtysix-native {theirs} does not match sixtysix {__version__}; "
            f"install sixtysix-native=={__version__}"
        )
    if getattr(_core, "FACTS_VERSION", None) != FACTS_VERSION:
        return None, "sixtysix-native was built for another table layout; reinstall it"
    return _core, None


_CORE, _WHY = _import_core()


def available() -> bool:
    """Whether the native backend is installed, imports and matches this version.

    ``SIXTYSIX_PUREPYTHON=1`` does not change this answer; it changes :func:`backend`.
    """
    return _CORE is not None


def unavailable_reason() -> str | None:
    """Why the native backend is not available, in words, or ``None`` when it is."""
    return _WHY


def _forced_pure() -> bool:
    return os.environ.get(ENV_PUREPYTHON, "") == "1"


def backend() -> Backend:
    """The backend the batch functions use by default: ``"native"`` or ``"python"``.

    ``"native"`` when :func:`available` and ``SIXTYSIX_PUREPYTHON`` is not ``1`` (read
    at every call, so a test may set it at any time), else ``"python"``.
    """
    return "native" if _CORE is not None and not _forced_pure() else "python"


def _choose_backend(requested: object) -> Backend:
    if requested is None:
        return backend()
    if requested == "python":
        return "python"
    if requested == "native":
        if _CORE is None:
            raise NativeUnavailableError(f"the native backend is not available: {_WHY}")
        return "native"
    raise NativeUnavailableError(
        f"backend must be 'native', 'python' or None, not {_quote(requested)}"
    )


# --------------------------------------------------------------------------- the generator


class SplitMix64:
    """The portable 64-bit generator of the playouts (splitmix64), the same in C.

    ``SplitMix64(seed)`` first mixes the seed (so nearby seeds start far apart), then
    each :meth:`next` adds the golden-ratio increment ``0x9E3779B97F4A7C15`` to the
    state and returns the state mixed by Stafford's "mix13" finalizer (Steele, Lea and
    Flood, 2014). :meth:`below` turns draws into exact uniform integers below ``n``.

    >>> rng = SplitMix64(1)
    >>> rng.next(), rng.below(6) < 6
    (13830413928045401970, True)
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        """Start the stream of ``seed`` (0 to 2**64 - 1)."""
        self.state = _mix64(seed & _MASK64)

    def next(self) -> int:
        """The next 64-bit draw."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        return _mix64(self.state)

    def below(self, n: int) -> int:
        """A uniform integer from 0 to ``n - 1`` (``1 <= n < 2**32``).

        Lemire's multiply-shift on the draw's high 32 bits, with rejection of the
        ``2**32 mod n`` low products that would bias it.
        """
        m = (self.next() >> 32) * n
        low = m & 0xFFFFFFFF
        if low < n:
            threshold = (0x100000000 - n) % n
            while low < threshold:
                m = (self.next() >> 32) * n
                low = m & 0xFFFFFFFF
        return m >> 32


def _mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _shuffle(rules: Rules, rng: SplitMix64) -> list[int]:
    pack = [c.index for c in rules.deck.cards]
    for i in range(len(pack) - 1, 0, -1):
        j = rng.below(i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def deal(rules: Rules, seed: int, dealer: int = 0) -> HandState:
    """The hand that :func:`playouts` deals for ``seed`` (before any move).

    >>> from sixtysix import CLASSIC_66
    >>> deal(CLASSIC_66, 7) == deal(CLASSIC_66, 7)
    True

    Raises:
        DealError: ``rules``, ``seed`` or ``dealer`` is not valid.
    """
    _check_rules(rules)
    _check_dealer(dealer)
    (seed,) = _seed_list((seed,))
    return deal_from_order(rules, [CARDS[i] for i in _shuffle(rules, SplitMix64(seed))], dealer)


# --------------------------------------------------------------------------- rule tables

_EXCHANGE_TALONS = 33  # talon sizes 0 to 32
_GRADE_TRICKS = 17
_GRADE_POINTS = 121
_GRADE_MARRIAGES = 6


@attrs.frozen
class _Probe:
    """A position with just the fields :func:`~sixtysix.legality.exchange_rule` reads."""

    rules: Rules
    trump: int
    step: Step
    leader: int
    lead: int
    won: tuple[int, int]
    turn_marriage: int
    turn_steps: int
    closed_by: int
    close_snapshot: CloseSnapshot | None


def _exchange_table(r: Rules) -> bytes:
    """``exchange_rule`` for every key of core.c's ``exchange_allowed``.

    Key bits: 1 leading, 2 the leader already acted this turn, 4 closed, 8 the seat has
    won a trick, 16 the other seat has, 32 the seat closed, 64 no trick since the close.
    """
    ex = exchange_card_index(r.deck, 0)
    out = bytearray(_EXCHANGE_TALONS * 128)
    for talon in range(1, _EXCHANGE_TALONS):
        for key in range(128):
            leading, acted, closed = key & 1, key & 2, key & 4
            mine, other, closer, fresh = key & 8, key & 16, key & 32, key & 64
            seat = 0
            won = (3 if mine else 0, 12 if other else 0)
            tricks = (won[0] | won[1]).bit_count() >> 1
            snapshot = CloseSnapshot(tricks if fresh else tricks + 1, 0, 0, 0) if closed else None
            probe = _Probe(
                rules=r,
                trump=0,
                step=Step.LEAD if leading else Step.FOLLOW,
                leader=seat if leading else 1 - seat,
                lead=-1 if leading else 8,
                won=won,
                turn_marriage=-1,
                turn_steps=1 if acted else 0,
                closed_by=(seat if closer else 1 - seat) if closed else -1,
                close_snapshot=snapshot,
            )
            allowed = exchange_rule(probe, 1 << ex, talon, seat, bool(leading)) is None
            out[talon * 128 + key] = allowed
    return bytes(out)


def _follow_tables(r: Rules) -> tuple[bytes, int]:
    """``follow_mask`` in the strict phase, split as core.c's ``follow_strict`` reads it.

    Within the suit led (clubs here, trumps diamonds) the allowed cards depend only on
    the card led and the follower's cards of that suit; a follower void in the suit led
    must trump when the rule says so (``void_trump``) and may play anything otherwise.
    Both facts are probed, then checked on every hand of two suits.
    """
    same = bytearray(8 * 256)
    for k in range(8):
        for bits in range(1, 256):
            same[k * 256 + bits] = follow_mask(r, bits, k, 1, True)
    void_trump = follow_mask(r, 1 << 8 | 1 << 16, 0, 1, True) == 1 << 8
    for k in (0, 5):  # the split reproduces the rule function on every two-suit hand
        for hand in range(1, 1 << 16, 7):
            expected = follow_mask(r, hand, k, 1, True)
            clubs, trumps = hand & 255, hand & 0xFF00
            got = same[k * 256 + clubs] if clubs else (trumps if void_trump and trumps else hand)
            if got != expected:  # pragma: no cover - only a new strict-play rule gets here
                raise SixtySixError(
                    f"the strict-play rule {r.strict_play.name} does not fit the native "
                    "tables; teach sixtysix.native._follow_tables about it"
                )
    return bytes(same), int(void_trump)


def _grade_table(r: Rules) -> bytes:
    """Scoring's §6 grade for every (tricks, card points, marriages / 20, bonus / 10)."""
    grade = scoring._grade
    return bytes(
        grade(r, tricks, points, 20 * marriages, 10 * bonus)
        for tricks in range(_GRADE_TRICKS)
        for points in range(_GRADE_POINTS)
        for marriages in range(_GRADE_MARRIAGES)
        for bonus in (0, 1)
    )


#: The codes core.c's ss_score reads for the scoring options (a new option value must
#: be taught to both, or rule_tables refuses the rule set).
_FALSE_CLAIM_CODES = {
    _rules.FalseClaim.FLAT_TWO: 0,
    _rules.FalseClaim.TWO_OR_THREE: 1,
    _rules.FalseClaim.MIRROR: 2,
}
_FAILED_CLOSE_CODES = {
    _rules.FailedClose.TWO_OR_THREE: 0,
    _rules.FailedClose.ALWAYS_THREE: 1,
    _rules.FailedClose.BY_CLOSER_POINTS: 2,
}


def _code(codes: dict[Any, int], value: enum.Enum) -> int:
    code = codes.get(value)
    if code is None:  # pragma: no cover - only a new enum member gets here
        raise SixtySixError(f"the native core does not know {value!r} yet")
    return code


def rule_tables(rules: Rules) -> bytes:
    """The per-rule-set tables of ``rules`` in the packed form the C core reads.

    Every table is computed from sixtysix's own rule functions (see the module
    docstring), so a rule change reaches C with no C change. The layout is that of
    ``ss_facts_unpack`` in ``native/src/core.c`` (little-endian); it is cached by
    rule set.

    >>> from sixtysix import CLASSIC_66, SCHNAPSEN
    >>> rule_tables(CLASSIC_66) != rule_tables(SCHNAPSEN)
    True

    Raises:
        DealError: ``rules`` is not a :class:`~sixtysix.Rules`.
    """
    _check_rules(rules)
    packed = _TABLES.get(rules)
    if packed is None:
        packed = _pack(rules)
        if len(_TABLES) >= _CACHE_LIMIT:
            _TABLES.clear()
            _CAPSULES.clear()
        _TABLES[rules] = packed
    return packed


def _pack(r: Rules) -> bytes:
    f = rule_facts(r)
    deck = r.deck
    nd, dealer, talon = _deal_plan(r)

    def pad(values: Iterable[int]) -> bytes:
        return bytes(values).ljust(32, b"\0")

    same, void_trump = _follow_tables(r)
    parts = [
        struct.pack("<II", FACTS_VERSION, deck.mask),
        bytes([deck.size]),
        pad(c.index for c in deck.cards),
        bytes([len(nd), len(dealer), len(talon)]),
        pad(nd),
        pad(dealer),
        pad(talon),
        bytes(POINTS),
        bytes([marriage_value(0, 1), marriage_value(0, 0)]),
        bytes([f.exchange_offset]),
        struct.pack("<III", f.decide_talons, f.close_first, f.close_later),
        bytes([f.claim_lead, f.claim_after_marriage, f.decide_flags]),
        bytes([f.marry[0][0], f.marry[0][1], f.marry[1][0], f.marry[1][1]]),
        bytes(
            [
                f.auto,
                f.marriage_out,
                r.marriage_pending_redeem
                is not _rules.MarriagePendingRedeem.NEXT_TRICK_AFTER_DECLARING,
            ]
        ),
        struct.pack("<4I", *(lead_mask(r, 0, suit) for suit in range(4))),
        same,
        bytes([void_trump]),
        _exchange_table(r),
        _grade_table(r),
        bytes(
            [
                _code(_FALSE_CLAIM_CODES, r.false_claim),
                r.closer_beaten is _rules.CloserBeaten.FLAT_TWO,
                _code(_FAILED_CLOSE_CODES, r.failed_close),
                r.schneider_threshold,
                r.closed_win_basis is _rules.ClosedWinBasis.AT_CLOSE,
                r.last_trick is _rules.LastTrick.WINS_HAND,
                r.both_over_66 is _rules.BothOver66.NO_SCORE,
                r.tie_carry,
            ]
        ),
    ]
    return b"".join(parts)


_TABLES: dict[Rules, bytes] = {}
_CAPSULES: dict[Rules, object] = {}
#: At most this many rule sets keep their tables (then the caches start again).
_CACHE_LIMIT = 64


def _capsule(core: Any, rules: Rules) -> object:
    capsule = _CAPSULES.get(rules)
    if capsule is None:
        capsule = core.compile(rule_tables(rules))
        _CAPSULES[rules] = capsule
    return capsule


# --------------------------------------------------------------------------- results

#: The members of :class:`~sixtysix.HandEnd` by the codes of :attr:`PlayoutResults.reason`.
REASONS: tuple[HandEnd, ...] = tuple(HandEnd)


@attrs.frozen(eq=True)
class PlayoutResults:
    """The results of a batch of playouts, one entry per seed, in seed order.

    The columns are :class:`array.array` values (compact, and cheap to hand to NumPy
    with ``numpy.frombuffer``); ``results[i]`` is hand ``i`` as a
    :class:`~sixtysix.HandResult`.

    >>> from sixtysix import CLASSIC_66
    >>> r = playouts(CLASSIC_66, [1, 2, 3])
    >>> r[0] == playouts(CLASSIC_66, [1])[0], r.reasons()[0] in REASONS
    (True, True)

    Attributes:
        winner: The seat that scores, or -1 when the hand scores nothing.
        game_points: The winner's game points (0 when nobody scores).
        carry: Game points carried to the next scored hand (``tie_carry``), else 0.
        reason: Index of the :class:`~sixtysix.HandEnd` in :data:`REASONS`.
        points: The final points of seat 0 and seat 1 of each hand, in pairs
            (``points[2 * i]`` and ``points[2 * i + 1]``), as :func:`~sixtysix.score_hand`.
        moves: The number of moves each hand took (every move counts, ``draw`` too).
    """

    winner: array[int]
    game_points: array[int]
    carry: array[int]
    reason: array[int]
    points: array[int]
    moves: array[int]

    def __len__(self) -> int:
        """The number of hands."""
        return len(self.winner)

    def __getitem__(self, i: int) -> HandResult:
        """Hand ``i``'s result as a :class:`~sixtysix.HandResult`."""
        i = range(len(self))[i]  # negative indices count from the end; IndexError past it
        w = self.winner[i]
        return HandResult(
            None if w < 0 else w,
            self.game_points[i],
            self.carry[i],
            (self.points[2 * i], self.points[2 * i + 1]),
            REASONS[self.reason[i]],
        )

    def __iter__(self) -> Iterator[HandResult]:
        """The hands' results in order."""
        return (self[i] for i in range(len(self)))

    def reasons(self) -> tuple[HandEnd, ...]:
        """How each hand ended."""
        return tuple(REASONS[code] for code in self.reason)

    def game_points_won(self) -> tuple[int, int]:
        """The game points scored by seat 0 and by seat 1 over all hands."""
        totals = [0, 0]
        for w, gp in zip(self.winner, self.game_points, strict=True):
            if w >= 0:
                totals[w] += gp
        return totals[0], totals[1]


def _results_from_bytes(raw: tuple[bytes, bytes, bytes, bytes, bytes, bytes]) -> PlayoutResults:
    columns = []
    for code, data in zip("bBBBHH", raw, strict=True):
        column = array(code)
        column.frombytes(data)
        columns.append(column)
    return PlayoutResults(*columns)


# --------------------------------------------------------------------------- playouts


def _check_rules(rules: object) -> None:
    if not isinstance(rules, Rules):
        raise DealError(f"rules must be a Rules value, not {_quote(rules)}")
    require_plain_trick_game(rules, "sixtysix.native")  # rules §13: see legality


def _check_dealer(dealer: object) -> None:
    if type(dealer) is not int or dealer not in (0, 1):
        raise DealError(f"the dealer must be seat 0 or 1, not {_quote(dealer)}")


def _check_policy(policy: object) -> None:
    if type(policy) is not str or policy not in ("random", "rulebot"):
        raise DealError(f"policy must be 'random' or 'rulebot', not {_quote(policy)}")


def _check_claims(claims: object) -> None:
    if type(claims) is not bool:
        raise DealError(f"claims must be True or False, not {_quote(claims)}")


def _seed_list(seeds: object) -> array[int]:
    """The seeds as an ``array('Q')``, each checked to be a whole number below 2**64."""
    if isinstance(seeds, range):
        ends = (seeds[0], seeds[-1]) if len(seeds) else (0, 0)
        if not (min(ends) >= 0 and max(ends) <= _MASK64):
            raise DealError(f"seeds must be whole numbers from 0 to 2**64 - 1, not {seeds!r}")
        return array("Q", seeds)
    if isinstance(seeds, array) and seeds.typecode == "Q":
        return array("Q", seeds)
    if isinstance(seeds, str | bytes) or not isinstance(seeds, Iterable):
        raise DealError(f"seeds must be an iterable of whole numbers, not {_quote(seeds)}")
    values = list(seeds)
    for k, value in enumerate(values):
        if type(value) is not int:
            # Other integer types (NumPy's, say) count by their value; bool never does.
            number = None if isinstance(value, bool) else _as_int(value)
            if number is None:
                raise DealError(f"each seed must be a whole number, not {_quote(value)}")
            values[k] = value = number
        if not 0 <= value <= _MASK64:
            raise DealError(
                f"each seed must be a whole number from 0 to 2**64 - 1, not {_quote(value)}"
            )
    return array("Q", values)


def _choices(state: HandState, claims: bool) -> tuple[Move, ...]:
    moves = legal_moves(state)
    if not claims:
        moves = tuple(m for m in moves if type(m) is not Claim)
    return moves


def _as_int(value: object) -> int | None:
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def _python_playout(
    state: HandState, rng: SplitMix64, claims: bool, policy: Policy = "random"
) -> tuple[HandResult, int]:
    count = 0
    if policy == "rulebot":
        from .bots.rule_bot import RuleBot  # (the bots import this module's neighbours)

        bot, unused = RuleBot(), random.Random(0)  # RuleBot never draws from its rng
        while state.step is not Step.OVER:
            mover = state.to_move
            assert mover is not None
            state = apply_move(state, bot.choose(observe(state, mover), unused))
            count += 1
        return score_hand(state), count
    while state.step is not Step.OVER:
        moves = _choices(state, claims)
        state = apply_move(state, moves[rng.below(len(moves))])
        count += 1
    return score_hand(state), count


def _python_batch(
    rules: Rules,
    seeds: array[int],
    dealer: int,
    start: HandState | None,
    claims: bool,
    policy: Policy = "random",
) -> PlayoutResults:
    columns: list[array[int]] = [array(code) for code in "bBBBHH"]
    winner, game_points, carry, reason, points, moves = columns
    codes = {end: i for i, end in enumerate(REASONS)}
    for seed in seeds:
        rng = SplitMix64(seed)
        if start is None:
            state = deal_from_order(rules, [CARDS[i] for i in _shuffle(rules, rng)], dealer)
        else:
            state = start
        result, count = _python_playout(state, rng, claims, policy)
        winner.append(-1 if result.winner is None else result.winner)
        game_points.append(result.game_points)
        carry.append(result.carry)
        reason.append(codes[result.reason])
        points.extend(result.points)
        moves.append(count)
    return PlayoutResults(*columns)


def _state_tuple(s: HandState) -> tuple[Any, ...]:
    snap = s.close_snapshot
    return (
        s.hands[0],
        s.hands[1],
        bytes(s.talon),
        s.trump,
        int(s.step),
        s.leader,
        s.lead,
        s.won[0],
        s.won[1],
        s.card_points[0],
        s.card_points[1],
        s.marriages[0],
        s.marriages[1],
        s.pending[0],
        s.pending[1],
        s.turn_marriage,
        s.turn_steps,
        s.closed_by,
        s.exchanged_by,
        int(snap is not None),
        snap.tricks_played if snap else 0,
        snap.opponent_tricks if snap else 0,
        snap.opponent_card_points if snap else 0,
        snap.opponent_marriages if snap else 0,
    )


def playouts(
    rules: Rules,
    seeds: Iterable[int],
    *,
    policy: Policy = "random",
    claims: bool = True,
    dealer: int = 0,
    backend: Backend | None = None,
) -> PlayoutResults:
    """Deal and play out one hand per seed; per-hand results, in seed order.

    Args:
        rules: The rule set.
        seeds: Whole numbers from 0 to 2**64 - 1 (a :class:`range` is cheapest); each
            seed's hand is fixed by it alone (see the module docstring for the exact
            draws), the same on every backend and platform.
        policy: How both seats choose: ``"random"``, uniformly among
            :func:`~sixtysix.legal_moves` in their fixed order; ``"rulebot"``, the move of
            :class:`~sixtysix.RuleBot` from the seat's own view (the seed then only
            deals; the native backend plays a C port of the bot, move for move the same).
        claims: If false, ``claim`` is never chosen (it is left out of the moves the
            policy draws from), so more hands are played out; automatic claims under
            ``ClaimMode.AUTO`` still happen. Random claims are mostly false. (Only the
            random policy reads it: RuleBot claims only when it has 66.)
        dealer: The dealer's seat of every hand.
        backend: ``"native"``, ``"python"``, or ``None`` for :func:`backend`.

    The native backend releases the GIL while it plays, so threads can run batches
    side by side.

    Raises:
        DealError: an argument is not valid (the message says which).
        NativeUnavailableError: ``backend="native"`` without the accelerator, or an
            unknown backend.
    """
    _check_rules(rules)
    _check_dealer(dealer)
    _check_policy(policy)
    _check_claims(claims)
    seed_array = _seed_list(seeds)
    chosen = _choose_backend(backend)
    if chosen == "python":
        return _python_batch(rules, seed_array, dealer, None, claims, policy)
    core = _CORE
    assert core is not None
    args: tuple[Any, ...] = (
        _capsule(core, rules),
        _native_seeds(seed_array),
        dealer,
        None,
        claims,
    )
    if policy == "rulebot":
        args += (_bot_facts(rules, None),)
    return _results_from_bytes(core.playouts(*args))


def playouts_from(
    state: HandState,
    seeds: Iterable[int],
    *,
    policy: Policy = "random",
    claims: bool = True,
    backend: Backend | None = None,
) -> PlayoutResults:
    """Play ``state`` out once per seed; per-hand results, in seed order.

    The same as :func:`playouts` from a given position (a finished one gives its own
    result every time). Each seed's stream starts at the first move.

    Raises:
        PositionError: ``state`` is not a :class:`~sixtysix.HandState` that legal play
            can reach (:func:`sixtysix.validate` finds a problem).
        DealError: ``seeds``, ``policy`` or ``claims`` is not valid.
        NativeUnavailableError: as for :func:`playouts`.
    """
    if type(state) is not HandState:
        raise PositionError(f"playouts_from needs a HandState, not {type(state).__name__}")
    problems = validate(state)
    if problems:
        raise PositionError("not a reachable position: " + "; ".join(problems))
    _check_policy(policy)
    _check_claims(claims)
    seed_array = _seed_list(seeds)
    chosen = _choose_backend(backend)
    if chosen == "python":
        return _python_batch(state.rules, seed_array, state.dealer, state, claims, policy)
    core = _CORE
    assert core is not None
    capsule = _capsule(core, state.rules)
    start = _state_tuple(state)
    args: tuple[Any, ...] = (capsule, _native_seeds(seed_array), state.dealer, start, claims)
    if policy == "rulebot":
        args += (_bot_facts(state.rules, state),)
    return _results_from_bytes(core.playouts(*args))


def _bot_facts(rules: Rules, state: HandState | None) -> tuple[int, ...]:
    """What the C port of RuleBot needs beyond the state (core.h's ``ss_bot``).

    The public facts its views read that the C state does not keep (the declared
    marriages, the card turned up at the deal, who drew the talon's last card, what
    each seat's opponent showed it lacks: :func:`sixtysix.observe.strict_exclusions`),
    and how the strict-play rule lets a seat infer voids (as ``strict_exclusions``
    reads it); the C side updates them as the hand goes on.
    """
    strict = rules.strict_play
    infer_trump = strict in (StrictPlay.FOLLOW_HEAD_OR_TRUMP, StrictPlay.FOLLOW_OR_TRUMP)
    infer_head = strict is StrictPlay.FOLLOW_HEAD_OR_TRUMP
    flags = (int(infer_trump), int(infer_head), int(rules.marriage_in_strict_phase))
    if state is None:
        return (0, -1, -1, 0, 0, *flags)
    last_drawer = -1
    if not state.talon:
        last_draw = rules.talon_size // 2 - 1
        lead = state.played[2 * last_draw]
        last_drawer = 1 if state.won[0] >> lead & 1 else 0
    return (
        state.declared,
        state.dealt_turnup,
        last_drawer,
        strict_exclusions(state, 0),
        strict_exclusions(state, 1),
        *flags,
    )


def _native_seeds(seeds: array[int]) -> bytes:
    """The seeds as the native-endian uint64 bytes the C core reads."""
    return seeds.tobytes()  # 'Q' is C's unsigned long long: 8 bytes on every platform


# --------------------------------------------------------------------------- traces (tests)

#: One traced decision: the options triple of :func:`sixtysix.legality.options`, the
#: index drawn, then the state before the move (hands, won, card points, marriages,
#: pending, talon size, step, leader, lead, trump, turn marriage, closer, exchanger,
#: and the talon's cards as bytes).
TraceStep = tuple[int | bytes, ...]


def _python_trace(
    rules: Rules, seed: int, dealer: int, state: HandState | None, claims: bool = True
) -> tuple[list[TraceStep], tuple[int, ...]]:
    """The pure-Python playout of one seed, decision by decision (for the tests)."""
    rng = SplitMix64(seed)
    s = (
        state
        if state is not None
        else deal_from_order(rules, [CARDS[i] for i in _shuffle(rules, rng)], dealer)
    )
    steps: list[TraceStep] = []
    while s.step is not Step.OVER:
        flags, pairs, plays = options(s, s.hands, len(s.talon), rule_facts(s.rules))
        if not claims:
            flags &= ~F_CLAIM
        moves = _choices(s, claims)
        k = rng.below(len(moves))
        steps.append(
            (
                flags,
                pairs,
                plays,
                k,
                *s.hands,
                *s.won,
                *s.card_points,
                *s.marriages,
                *s.pending,
                len(s.talon),
                int(s.step),
                s.leader,
                s.lead,
                s.trump,
                s.turn_marriage,
                s.closed_by,
                s.exchanged_by,
                bytes(s.talon),
            )
        )
        s = apply_move(s, moves[k])
    r = score_hand(s)
    result = (
        -1 if r.winner is None else r.winner,
        r.game_points,
        r.carry,
        REASONS.index(r.reason),
        *r.points,
    )
    return steps, result


def _native_trace(
    rules: Rules, seed: int, dealer: int, state: HandState | None, claims: bool = True
) -> tuple[list[TraceStep], tuple[int, ...]]:
    """The native playout of one seed, decision by decision (for the tests)."""
    core = _CORE
    if core is None:
        raise NativeUnavailableError(f"the native backend is not available: {_WHY}")
    start = None if state is None else _state_tuple(state)
    steps, result = core.trace(_capsule(core, rules), seed, dealer, start, claims)
    return steps, result
