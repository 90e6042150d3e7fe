"""The immutable state of one hand (:class:`HandState`) and its steps (:class:`Step`).

A :class:`HandState` holds everything needed to continue and score a hand: the rules,
both hands and the talon as card bitmasks (see :mod:`sixtysix.cards` for the bit
layout), the trick in progress, the tricks and points won, marriages (counted and
pending), the closing snapshot, and every card played in order. States are frozen,
hashable, comparable and picklable; they are made by :func:`~sixtysix.deal_from_order`
or :func:`~sixtysix.new_hand` and advanced only by :func:`~sixtysix.apply_move`.

The raw fields are ints and tuples, for speed; the properties give the same facts as
:class:`~sixtysix.Card` objects and plain numbers.
"""

from __future__ import annotations

import enum
from typing import Any, Protocol, TypeVar, cast

import attrs

from .cards import CARDS, Card, Suit, cards_of
from .rules import Rules

__all__ = ["CloseSnapshot", "HandState", "Step"]


class Step(enum.IntEnum):
    """Whose decision the hand is waiting for, and of what kind."""

    #: The leader's turn: exchange, close, claim, marry, or lead a card.
    LEAD = 0
    #: The follower's turn: play a card (after exchanging, where allowed).
    FOLLOW = 1
    #: The trick winner's decision before the draw: draw, close or claim (rules §2.1).
    DECIDE = 2
    #: The hand is over; :func:`~sixtysix.score_hand` scores it.
    OVER = 3


#: Flag in :attr:`HandState.turn_steps`: the leader closed the talon during this turn.
TURN_CLOSED = 1


@attrs.frozen
class CloseSnapshot:
    """What was true of the closer's opponent when the talon was closed (rules §9.9).

    Attributes:
        tricks_played: Tricks completed in the hand when the talon was closed.
        opponent_tricks: Tricks the opponent had won then.
        opponent_card_points: Card points of those tricks.
        opponent_marriages: The opponent's counted marriage points then (pending ones excluded).
    """

    tricks_played: int
    opponent_tricks: int
    opponent_card_points: int
    opponent_marriages: int


class _HandFacts(Protocol):
    """The fields that :class:`HandFacts` reads."""

    @property
    def step(self) -> Step: ...
    @property
    def leader(self) -> int: ...
    @property
    def lead(self) -> int: ...
    @property
    def won(self) -> tuple[int, int]: ...
    @property
    def card_points(self) -> tuple[int, int]: ...
    @property
    def marriages(self) -> tuple[int, int]: ...
    @property
    def closed_by(self) -> int: ...
    @property
    def trump(self) -> int: ...


class HandFacts:
    """Derived facts shared by :class:`HandState` and :class:`~sixtysix.PlayerView`.

    Whose turn it is, whether the hand is over, tricks and points: everything here is
    public knowledge, computed from fields that both classes hold.
    """

    __slots__ = ()

    @property
    def trump_suit(self: _HandFacts) -> Suit:
        """The trump suit."""
        return Suit(self.trump)

    @property
    def to_move(self: _HandFacts) -> int | None:
        """The seat whose decision it is, or ``None`` when the hand is over."""
        step = self.step
        if step is Step.OVER:
            return None
        if step is Step.FOLLOW:
            return 1 - self.leader
        return self.leader

    @property
    def is_over(self: _HandFacts) -> bool:
        """Whether the hand has ended."""
        return self.step is Step.OVER

    @property
    def is_closed(self: _HandFacts) -> bool:
        """Whether the talon has been closed."""
        return self.closed_by >= 0

    @property
    def tricks_played(self: _HandFacts) -> int:
        """The number of completed tricks."""
        return (self.won[0] | self.won[1]).bit_count() // 2

    @property
    def current_trick(self: _HandFacts) -> tuple[Card, ...]:
        """The card led to the trick in progress (empty tuple if none)."""
        return () if self.lead < 0 else (CARDS[self.lead],)

    def tricks(self: _HandFacts, seat: int) -> int:
        """The number of tricks won by ``seat``."""
        return self.won[seat].bit_count() // 2

    def points(self: _HandFacts, seat: int) -> int:
        """The points of ``seat`` now: card points won plus counted marriages (§5).

        The last-trick 10 is not included; :func:`~sixtysix.score_hand` adds it where
        it applies.
        """
        return self.card_points[seat] + self.marriages[seat]


@attrs.frozen(repr=False, weakref_slot=False)
class HandState(HandFacts):
    """The complete, immutable state of a two-hand deal in progress or finished.

    Attributes:
        rules: The rule set the hand is played under.
        dealer: The dealer's seat (0 or 1); the other seat leads the first trick.
        trump: The trump suit's index (0 clubs, 1 diamonds, 2 hearts, 3 spades).
        hands: Bitmasks of the cards held by seat 0 and seat 1.
        talon: Card indices of the talon in drawing order; the last one is the turn-up.
            Empty once exhausted. A closed talon keeps its cards.
        step: Whose decision is pending (see :class:`Step`).
        leader: The seat that leads the current trick (after a trick: its winner; in a
            finished hand: the claimer, or the winner of the last trick).
        lead: Index of the card led to the current trick, or -1 if none yet.
        won: Bitmasks of the cards in the tricks won by each seat.
        card_points: Card points of the tricks won by each seat.
        marriages: Counted marriage points of each seat.
        pending: Pending (not yet counted) marriage points of each seat (rules §4).
        declared: Bitmask of declared marriages: bit ``seat * 4 + suit``.
        turn_marriage: The suit of the marriage declared in this leading turn, or -1.
        turn_steps: Flags of what the leader did in this turn before leading.
        closed_by: The seat that closed the talon, or -1.
        close_snapshot: The opponent's situation at the close, or ``None``.
        exchanged_by: The seat that exchanged the exchange card for the turn-up, or -1.
        played: Indices of all cards played, in order (tricks are consecutive pairs).
        dealt_turnup: Index of the card turned up at the deal. It never changes; with
            the exchange and the last draw it tells which cards a player with perfect
            memory knows the opponent holds.
    """

    rules: Rules
    dealer: int
    trump: int
    hands: tuple[int, int]
    talon: tuple[int, ...]
    step: Step
    leader: int
    lead: int
    won: tuple[int, int]
    card_points: tuple[int, int]
    marriages: tuple[int, int]
    pending: tuple[int, int]
    declared: int
    turn_marriage: int
    turn_steps: int
    closed_by: int
    close_snapshot: CloseSnapshot | None
    exchanged_by: int
    played: tuple[int, ...]
    dealt_turnup: int

    # ----------------------------------------------------------------- derived facts

    @property
    def is_strict(self) -> bool:
        """Whether the strict phase has begun (talon closed or exhausted, rules §1.6)."""
        return self.closed_by >= 0 or not self.talon

    @property
    def talon_size(self) -> int:
        """Cards left in the talon, turn-up included (0 once exhausted)."""
        return len(self.talon)

    @property
    def turnup(self) -> Card | None:
        """The face-up trump card, or ``None`` once drawn or while the talon is closed."""
        if self.talon and self.closed_by < 0:
            return CARDS[self.talon[-1]]
        return None

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards held by ``seat``, in canonical order."""
        return cards_of(self.hands[seat])

    def __repr__(self) -> str:
        """The position string, as code that reads it back (python-chess style).

        ``eval(repr(state)) == state`` where the names of ``from sixtysix import *`` are
        defined; a state that legal play cannot reach (built by hand) shows
        :meth:`describe` instead.

        >>> from sixtysix import CLASSIC_66, load_position, new_hand
        >>> state = new_hand(CLASSIC_66, seed=7)
        >>> repr(state)[:40]
        "load_position('CLASSIC_66 0 AS 9CKDJDQH9"
        >>> eval(repr(state)) == state
        True
        """
        from ._hooks import dump_position  # made by notation, which imports this module

        try:
            return f"load_position({dump_position(self)!r})"
        except ValueError:
            return self.describe()

    def __str__(self) -> str:
        """The hand on several lines, for people (:func:`~sixtysix.notation.render`).

        ``repr`` gives the position string as code; ``str`` (what ``print`` shows) the
        picture: both hands, the talon in drawing order, tricks, points and whose turn.

        >>> from sixtysix import CLASSIC_66, new_hand
        >>> print(new_hand(CLASSIC_66, seed=7))
        CLASSIC_66, trump spades (S), dealer seat 0
        talon: 12 cards, turn-up AS (draw order JC QD QC 9S AH AC QS JS TH TC TD AS)
        seat 0: 9C KD JD QH 9H KS
        seat 1: KC AD 9D KH JH TS
        seat 0 won 0 tricks, 0 points
        seat 1 won 0 tricks, 0 points
        to move: seat 1 (lead)
        """
        from ._hooks import render  # made by notation, which imports this module

        try:
            return render(self)
        except ValueError:
            return self.describe()

    def describe(self) -> str:
        """A one-line summary for debugging: step, leader, trump, talon, hands, points."""
        hands = " | ".join(" ".join(str(c) for c in self.hand(s)) for s in (0, 1))
        return (
            f"<HandState {self.step.name} leader={self.leader} trump={Suit(self.trump).letter} "
            f"talon={len(self.talon)}{' closed' if self.closed_by >= 0 else ''} "
            f"lead={CARDS[self.lead] if self.lead >= 0 else '-'} hands=[{hands}] "
            f"points={self.points(0)}/{self.points(1)}>"
        )

    def _repr_svg_(self) -> str:
        """The position as an SVG picture, for Jupyter (see :func:`sixtysix.svg.position_svg`)."""
        from ._hooks import position_svg  # made by svg, which imports this module

        return position_svg(self)


_T = TypeVar("_T")


def fast_constructor(cls: type[_T]) -> type[_T]:
    """A constructor of the frozen attrs class ``cls`` for the hot path (same result, faster).

    A frozen attrs class must set each slot through ``object.__setattr__``, which makes
    its ``__init__`` about twice as slow as plain attribute stores, and runs no check
    that the caller does not need. This allocates a private mutable twin with exactly
    the same slots and base classes (``object.__new__``, no ``__init__`` frame), stores
    the fields (and ``None`` in attrs' cached-hash slot, if any), and re-labels the
    object as a ``cls``. The result is indistinguishable from ``cls(...)`` with the same
    arguments: same class, fields, equality, hash and pickling, and it is frozen from
    then on. The CPython rules this relies on (``__class__`` assignment between classes
    of identical slot layout) are pinned by ``tests/core/test_fast_constructor.py``; where the
    interpreter refuses, the plain class is returned.

    It is typed as ``type[cls]``, so mypy checks every call against ``cls``'s own
    signature (the fields in order, positionally).
    """
    names = [field.name for field in attrs.fields(cls)]  # type: ignore[arg-type]
    slots: tuple[str, ...] = cls.__slots__  # type: ignore[attr-defined]
    extra = [name for name in slots if name not in names and name != "__weakref__"]
    if any(name != "_attrs_cached_hash" for name in extra):  # pragma: no cover - guarded
        return cls
    params = ", ".join(names)
    body = "".join(f"    self.{name} = {name}\n" for name in names)
    body += "".join(f"    self.{name} = None\n" for name in extra)
    bases = ", ".join(f"base{k}" for k in range(len(cls.__bases__)))
    source = (
        f"class _MutableTwin({bases}):\n    __slots__ = {slots!r}\n"
        f"def build({params}):\n"
        f"    self = new(_MutableTwin)\n{body}"
        f"    self.__class__ = cls\n"
        f"    return self\n"
    )
    namespace: dict[str, Any] = {f"base{k}": b for k, b in enumerate(cls.__bases__)}
    namespace.update(cls=cls, new=object.__new__)
    exec(source, namespace)  # the source is generated from the field names above
    build = namespace["build"]
    try:
        probe = build(*range(len(names)))
    except TypeError:  # a layout CPython will not re-label (e.g. with a weakref slot)
        return cls
    if type(probe) is not cls:  # pragma: no cover - guarded by a test
        return cls
    return cast("type[_T]", build)


#: Positional constructor of :class:`HandState` used by the engine (same result, faster).
#: Typed as the class itself, so its calls are checked against ``HandState.__init__``.
build_state: type[HandState] = fast_constructor(HandState)
