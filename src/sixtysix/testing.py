"""A test kit: Hypothesis strategies and invariant checks for hands of Sixty-Six.

Use it to property-test a bot, an engine or any code of your own that consumes
:class:`~sixtysix.HandState` values. It needs `Hypothesis <https://hypothesis.works>`_,
which comes with the optional extra ``sixtysix[testing]``
(``pip install "sixtysix[testing]"``); ``import sixtysix`` never imports this module.

Strategies:

* :func:`presets` and :func:`house_rules`, combined in :func:`rules`: rule sets;
* :func:`dealt_states`: freshly dealt hands;
* :func:`reachable_states` and :func:`finished_states`: hands after random legal play,
  drawn move by move so that Hypothesis shrinks a failure to a short game;
* :func:`legal_move`: a legal move in a given state (for stateful tests and bots);
* :func:`moves`: any move value (legal or not), from :data:`~sixtysix.moves.ALL_MOVES`.

Checks, which raise :class:`InvariantError` (an :class:`AssertionError`) with a message
that names the broken rule:

* :func:`check_invariants`: everything that must hold of any reachable state;
* :func:`check_transition`: what a single move must have changed, and nothing else.

And :func:`perft`, which counts move sequences to pin the move generator.

>>> from hypothesis import given, settings
>>> from sixtysix import SCHNAPSEN, legal_moves
>>> @settings(max_examples=5, derandomize=True, database=None)
... @given(reachable_states(SCHNAPSEN))
... def test_always_a_move(state):
...     check_invariants(state)
...     assert state.is_over or legal_moves(state)
>>> test_always_a_move()
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Sequence
from typing import Any, TypeVar

import attrs

try:
    from hypothesis import strategies as st
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "sixtysix.testing needs Hypothesis; install it with: pip install 'sixtysix[testing]'"
    ) from exc

from .cards import CARDS, Card, Deck, Rank, exchange_card_index, marriage_value, trick_winner
from .engine import apply_move, deal_from_order, is_legal, legal_moves
from .errors import HandNotOverError, PositionError, SixtySixError, quote
from .legality import TURN_AMOUR, rule_facts
from .moves import (
    ALL_MOVES,
    CLAIM,
    CLOSE,
    DRAW,
    EXCHANGE,
    Amour,
    Marry,
    Move,
    Play,
)
from .rules import (
    MARIAGE_FIELDS,
    PRESETS,
    AmourRule,
    ClaimMode,
    CloseTiming,
    HonoursScoring,
    LastTrick,
    MarriageLead,
    MarriagePendingRedeem,
    Rules,
    Schwarz,
    StrictPlay,
    TrumpSource,
)
from .scoring import HandEnd, HandResult, score_hand
from .state import TURN_CLOSED, HandState, Step
from .validate import _led_by, _marriages_declared, validate

__all__ = [
    "ALL_MOVES",
    "InvariantError",
    "check_invariants",
    "check_transition",
    "dealt_states",
    "finished_states",
    "house_rules",
    "legal_move",
    "moves",
    "perft",
    "presets",
    "reachable_states",
    "rules",
]


#: A bound on the number of moves in one hand (at most 32 plays, 14 draws, 4 marriages,
#: an exchange, a close and a claim).
_MAX_HAND_MOVES = 64


class InvariantError(AssertionError):
    """A state or a transition that breaks a rule of the rules page.

    It is an :class:`AssertionError`, so test runners report it as a failed assertion.
    """


def _fail(state: HandState, message: str) -> InvariantError:
    return InvariantError(
        f"{message}\n  in state {_describe(state)}\n  moves played: {_cards(state.played)}"
    )


def _describe(state: object) -> str:
    """The one-line debugging summary of a state (its repr is a position string)."""
    if isinstance(state, HandState):
        return state.describe()
    return repr(state)  # pragma: no cover - the kit only reports on states


def _cards(indices: Sequence[int] | int) -> str:
    if isinstance(indices, int):
        indices = [i for i in range(32) if indices >> i & 1]
    return " ".join(str(CARDS[i]) for i in indices) or "-"


# ============================================================================ strategies


def presets(*, mariage: bool = True) -> st.SearchStrategy[Rules]:
    """The named presets of rules §8 and §13 (shrinking towards ``CLASSIC_66``).

    With ``mariage=False``, only the presets the solvers know (not ``MARIAGE`` and
    ``MARIAGE_PARLETT``, rules §13).

    >>> from hypothesis import find
    >>> find(presets(), lambda r: r.deck is Deck.D20) == PRESETS["SCHNAPSEN"]
    True
    """
    return st.sampled_from(tuple(r for r in PRESETS.values() if mariage or _plain(r)))


def _plain(rules: Rules) -> bool:
    return rule_facts(rules).plain_trick_game


#: The enum members of rules §13 that ``house_rules(mariage=False)`` never draws.
_MARIAGE_MEMBERS = frozenset({ClaimMode.NONE, Schwarz.NONE})


_E = TypeVar("_E", bound=enum.Enum)


def _enum(kind: type[_E]) -> st.SearchStrategy[_E]:
    return st.sampled_from(list(kind))


@st.composite
def _house_rules(draw: st.DrawFn, claim_mode: ClaimMode | None, mariage: bool = True) -> Rules:
    deck = draw(st.sampled_from([Deck.D24, Deck.D20, Deck.D32]))
    # Each player gets at least 2 cards; the talon (turn-up included) at least 2.
    most = (deck.size - 2) // 2
    hand_size = draw(st.integers(2, most))
    cuts = draw(st.sets(st.integers(1, hand_size - 1), max_size=4))
    bounds = [0, *sorted(cuts), hand_size]
    packets = tuple(b - a for a, b in itertools.pairwise(bounds))
    source = draw(_enum(TrumpSource))
    after = (
        draw(st.integers(1, len(packets)))
        if source is TrumpSource.NEXT_CARD
        else draw(st.integers(1, 32))
    )
    drawn: dict[str, Any] = {
        "deck": deck,
        "deal_packets": packets,
        "trump_source": source,
        "trump_after_round": after,
    }
    if claim_mode is not None:
        drawn["claim_mode"] = claim_mode
    for field in attrs.fields(Rules):  # every other field, in field order
        if field.name in drawn or (not mariage and field.name in MARIAGE_FIELDS):
            continue
        values = _field_values(field.name, field.default)
        if not mariage and isinstance(field.default, enum.Enum):
            values = st.sampled_from([m for m in type(field.default) if m not in _MARIAGE_MEMBERS])
        drawn[field.name] = draw(values)
    return Rules(**drawn)


_SMALL_TALON = st.one_of(st.sampled_from([2, 4, 6, 0]), st.integers(0, 32))
#: The values drawn for the whole-number fields of :class:`Rules` (defaults first).
_NUMBERS: dict[str, st.SearchStrategy[int]] = {
    "exchange_min_talon": _SMALL_TALON,
    "close_min_talon": _SMALL_TALON,
    "tie_carry": st.integers(0, 1),
    "schneider_threshold": st.one_of(st.just(33), st.integers(0, 200)),
    "match_target": st.one_of(st.sampled_from([7, 11]), st.integers(1, 1000)),
    "whitewash_points": st.one_of(st.just(0), st.integers(0, 200)),
    "claim_target": st.one_of(st.just(66), st.integers(1, 230)),
}
#: The values drawn for the tuple fields of :class:`Rules` (defaults first).
_TUPLES: dict[str, st.SearchStrategy[tuple[int, ...]]] = {
    "honour_game_points": st.one_of(st.just((1, 2, 3, 4)), st.tuples(*[st.integers(0, 10)] * 4)),
    "amour_points": st.one_of(st.just((30, 60)), st.tuples(*[st.integers(0, 200)] * 2)),
}


def _field_values(name: str, default: object) -> st.SearchStrategy[Any]:
    """Every value :func:`house_rules` may give the :class:`Rules` field ``name``."""
    if isinstance(default, enum.Enum):
        return _enum(type(default))
    if isinstance(default, bool):
        return st.booleans()
    if isinstance(default, tuple):
        return _TUPLES[name]
    return _NUMBERS[name]


def house_rules(
    *, claim_mode: ClaimMode | None = None, mariage: bool = True
) -> st.SearchStrategy[Rules]:
    """Random valid rule sets: any combination of parameter values that :class:`Rules` accepts.

    Every field is drawn independently, including the deck (D24, D20 or D32), the deal
    packets (any split of any hand size from 2 that leaves a talon of at least 2) and the turn-up
    source. The result shrinks towards the defaults (:data:`~sixtysix.CLASSIC_66`'s
    values), apart from the deal.

    Args:
        claim_mode: Fix ``claim_mode`` to this value instead of drawing it.
        mariage: Whether to draw the fields and enum members of Mariage (rules §13:
            amours, the whitewash, honours, ``claim_mode`` and ``schwarz`` ``NONE``).
            ``False`` gives the rule sets that the solvers (:mod:`sixtysix.search`,
            :mod:`sixtysix.native`) know.
    """
    return _house_rules(claim_mode, mariage)


def rules(
    *, claim_mode: ClaimMode | None = None, house: bool = True, mariage: bool = True
) -> st.SearchStrategy[Rules]:
    """Rule sets: the presets and (unless ``house=False``) random house rules.

    Args:
        claim_mode: Fix ``claim_mode`` to this value (presets are changed with
            :func:`attrs.evolve`).
        house: Whether to include :func:`house_rules` as well as :func:`presets`.
        mariage: Whether to include Mariage's presets and rules (rules §13), which the
            solvers do not know.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=20, derandomize=True, database=None)
    ... @given(rules(claim_mode=ClaimMode.AUTO))
    ... def test_claims_are_automatic(r):
    ...     assert r.claim_mode is ClaimMode.AUTO
    >>> test_claims_are_automatic()
    """
    base = presets(mariage=mariage)
    if claim_mode is not None:
        mode = claim_mode
        base = base.map(lambda r: r if r.claim_mode is mode else _evolve_claim(r, mode))
    if not house:
        return base
    return st.one_of(base, house_rules(claim_mode=claim_mode, mariage=mariage))


def _evolve_claim(r: Rules, mode: ClaimMode) -> Rules:
    return attrs.evolve(r, claim_mode=mode)


def _rules_strategy(r: Rules | st.SearchStrategy[Rules] | None) -> st.SearchStrategy[Rules]:
    if r is None:
        return rules()
    if isinstance(r, Rules):
        return st.just(r)
    return r


@st.composite
def _dealt(draw: st.DrawFn, r: st.SearchStrategy[Rules], dealer: int | None) -> HandState:
    chosen = draw(r)
    order = draw(st.permutations(chosen.deck.cards))
    seat = dealer if dealer is not None else draw(st.integers(0, 1))
    return deal_from_order(chosen, order, dealer=seat)


def dealt_states(
    rules: Rules | st.SearchStrategy[Rules] | None = None, *, dealer: int | None = None
) -> st.SearchStrategy[HandState]:
    """Freshly dealt hands: a random order of the deck dealt by rules §1.3.

    Args:
        rules: A rule set, a strategy of rule sets, or ``None`` for :func:`rules`.
        dealer: Fix the dealer's seat (0 or 1) instead of drawing it.

    The pack order shrinks towards the deck's canonical order.
    """
    return _dealt(_rules_strategy(rules), dealer)


#: ``st.integers(0, n - 1)`` by ``n``: random play draws one index per move, and a
#: strategy built once is not built and validated again on every move.
_INDEX: dict[int, st.SearchStrategy[int]] = {}


def _index(n: int) -> st.SearchStrategy[int]:
    strategy = _INDEX.get(n)
    if strategy is None:
        strategy = _INDEX[n] = st.integers(0, n - 1)
    return strategy


def _pick(draw: st.DrawFn, moves: Sequence[Move]) -> Move:
    """One of ``moves``, shrinking towards the first (as ``st.sampled_from`` does)."""
    return moves[draw(_index(len(moves)))] if len(moves) > 1 else moves[0]


def _draw_legal_move(draw: st.DrawFn, state: HandState, claims: bool) -> Move:
    options = legal_moves(state)
    if not options:
        raise InvariantError(f"no legal move in {_describe(state)}")
    bold = [m for m in options if (m is CLAIM and claims) or m is CLOSE]
    calm = [m for m in options if m is not CLAIM and m is not CLOSE]
    if bold and calm and draw(_index(16)) != 0:
        return _pick(draw, calm)
    return _pick(draw, bold or calm)


@st.composite
def _legal_move(draw: st.DrawFn, state: HandState, claims: bool) -> Move:
    return _draw_legal_move(draw, state, claims)


def legal_move(state: HandState, *, claims: bool = True) -> st.SearchStrategy[Move]:
    """A legal move in ``state`` (which must not be over).

    ``claim`` and ``close``, which end or change the hand for good, are chosen about one
    time in sixteen when there is another move, so random play reaches deep positions.

    Args:
        state: A state with a player to move.
        claims: If false, ``claim`` is never chosen.

    Raises:
        InvariantError: (when drawn) ``state`` has no legal move.
    """
    return _legal_move(state, claims)


@st.composite
def _reachable(
    draw: st.DrawFn,
    r: st.SearchStrategy[Rules],
    max_moves: int,
    claims: bool,
    unfinished: bool,
    finished: bool,
) -> HandState:
    state = draw(_dealt(r, None))
    count = 0 if finished else draw(st.integers(0, max_moves))
    played = 0
    while state.step is not Step.OVER and (finished or count > 0):
        count -= 1
        played += 1
        if played > _MAX_HAND_MOVES:
            raise InvariantError(
                f"the hand is not over after {_MAX_HAND_MOVES} moves (no hand of any rule "
                "set has that many): the engine offers a move that makes no progress\n"
                + _describe(state)
            )
        after = apply_move(state, _draw_legal_move(draw, state, claims))
        if unfinished and after.step is Step.OVER:
            break
        state = after
    return state


def reachable_states(
    rules: Rules | st.SearchStrategy[Rules] | None = None,
    *,
    max_moves: int | None = None,
    claims: bool = True,
    unfinished: bool = False,
) -> st.SearchStrategy[HandState]:
    """Hands after random legal play from a random deal.

    Each move is drawn from :func:`~sixtysix.legal_moves` with Hypothesis, so a failing
    example shrinks to a short game. The result may be a finished hand.

    Args:
        rules: A rule set, a strategy of rule sets, or ``None`` for :func:`rules`.
        max_moves: At most this many moves are played (default: enough for a whole hand).
        claims: If false, ``claim`` is never chosen (so more hands are played out under
            ``ClaimMode.EXPLICIT``; automatic claims still happen under ``AUTO``).
        unfinished: If true, stop before a move that would end the hand, so the state
            always has a player to move.
    """
    limit = _MAX_HAND_MOVES if max_moves is None else max_moves
    return _reachable(_rules_strategy(rules), limit, claims, unfinished, False)


def finished_states(
    rules: Rules | st.SearchStrategy[Rules] | None = None, *, claims: bool = True
) -> st.SearchStrategy[HandState]:
    """Finished hands: random legal play from a random deal until the hand is over.

    Args:
        rules: A rule set, a strategy of rule sets, or ``None`` for :func:`rules`.
        claims: If false, ``claim`` is never chosen, so under ``ClaimMode.EXPLICIT``
            every hand is played out (or ends by an automatic claim under ``AUTO``).
    """
    return _reachable(_rules_strategy(rules), _MAX_HAND_MOVES, claims, False, True)


def moves() -> st.SearchStrategy[Move]:
    """Any move value, legal or not (see :data:`~sixtysix.moves.ALL_MOVES`)."""
    return st.sampled_from(ALL_MOVES)


# ============================================================================ invariants


def _exchange_card(state: HandState) -> int:
    return exchange_card_index(state.rules.deck, state.trump)


def _replay(state: HandState) -> tuple[list[tuple[int, int, int, int]], int]:
    """The completed tricks as (leader, card led, card followed, winner), and the leader now."""
    tricks = []
    leader = 1 - state.dealer
    played = state.played
    for i in range(0, len(played) - 1, 2):
        lead, follow = played[i], played[i + 1]
        winner = trick_winner(lead, follow, state.trump, leader)
        tricks.append((leader, lead, follow, winner))
        leader = winner
    return tricks, leader


def _played_by(state: HandState) -> tuple[int, int]:
    """Bitmasks of the cards each seat has played (the card on the table included)."""
    out = [0, 0]
    tricks, _ = _replay(state)
    for leader, lead, follow, _ in tricks:
        out[leader] |= 1 << lead
        out[1 - leader] |= 1 << follow
    if state.lead >= 0:
        out[state.leader] |= 1 << state.lead
    return out[0], out[1]


def _marriage_value(state: HandState, suit: int) -> int:
    """§4, and §13.9: marriages add no points where honours are paid apart."""
    if state.rules.honours_scoring is HonoursScoring.GAME_POINTS:
        return 0
    return marriage_value(suit, state.trump)


def _amour_value(state: HandState, suit: int) -> int:
    """§13.9: ``amour_points`` (plain, trumps), none where honours are paid apart."""
    r = state.rules
    if r.honours_scoring is HonoursScoring.GAME_POINTS:
        return 0
    return r.amour_points[1 if suit == state.trump else 0]


def _amours_of(state: HandState, seat: int) -> list[int]:
    """The suits of the amours ``seat`` declared (bits 8 + seat * 4 + suit of ``declared``)."""
    return [suit for suit in range(4) if state.declared >> (8 + seat * 4 + suit) & 1]


def _follow_options(state: HandState) -> int:
    """The cards the follower may play, read from rules §1.6 (a bitmask)."""
    hand = state.hands[1 - state.leader]
    if state.closed_by < 0 and state.talon:
        return hand
    led = CARDS[state.lead]
    same = [c for c in _cards_in(hand) if c.suit == led.suit]
    trumps = [c for c in _cards_in(hand) if c.suit == state.trump]
    strict = state.rules.strict_play
    if same:
        if strict is StrictPlay.FOLLOW_HEAD_OR_TRUMP:
            higher = [c for c in same if c.rank > led.rank]
            return _mask(higher or same)
        return _mask(same)
    if trumps and strict is not StrictPlay.FOLLOW_ONLY:
        return _mask(trumps)
    return hand


def _cards_in(mask: int) -> list[Card]:
    return [CARDS[i] for i in range(32) if mask >> i & 1]


def _mask(cards: Sequence[Card]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c.index
    return out


def _king_queen(suit: int) -> tuple[int, int]:
    return suit * 8 + 7 - Rank.KING, suit * 8 + 7 - Rank.QUEEN


def check_invariants(state: HandState) -> None:
    """Check everything that must hold of any state reachable by legal play.

    The checks, each tied to the rules page:

    * **Fields**: seats are 0 or 1; ``closed_by`` and ``exchanged_by`` are -1 or a seat;
      ``turn_marriage`` is -1 or a suit.
    * **Card conservation** (§1): the two hands, the two piles of won cards, the talon and
      the card on the table are disjoint, the talon has no repeated card, and together
      they are exactly the rule set's deck.
    * **Play record**: ``played`` repeats no card and holds exactly the won cards and the
      card on the table, the latter last.
    * **Tricks** (§1.4): replaying ``played`` two cards at a time from the non-dealer's
      lead, with the higher trump or else the higher card of the suit led winning, gives
      exactly the won piles, and the current leader is the last trick's winner.
    * **Points** (§5): each pile of won cards has an even number of cards; ``card_points``
      are the card points of those cards; the card points of all cards are 120; once both
      hands are empty the talon is empty (unless closed) and, in an unclosed hand, the
      card points won add up to 120.
    * **Hand sizes and drawing** (§1.3, §1.5, §4): with ``d`` the number of cards each
      player has drawn, a player holds ``hand_size + d - tricks`` cards, one fewer for a
      leader whose card is on the table. While the talon is open, the players have
      drawn after every trick except the one awaiting the decision of §2.1 (or the one
      that ended the hand by a claim); a closed talon keeps the size it had at the close.
    * **Turn** (§2): nobody is to move exactly when the hand is over; a card is on the
      table exactly when the follower is to move; otherwise the leader is to move. The
      decision of §2.1 arises only where closing instead of drawing is allowed.
    * **Trump** (§1.3, §3): the card turned up at the deal and the turn-up (last card of
      the talon) are trumps; without an exchange the turn-up is the card turned up at the
      deal, after one it is the exchange card, and the exchanger has held the card turned
      up at the deal.
    * **Marriages** (§4): counted plus pending points equal 40 per declared trump marriage
      and 20 per other; counted points need a won trick; under ``ANY_TRICK`` points stay
      pending only while the player has no trick; the king and queen of a declared
      marriage are in its declarer's hand or were played by the declarer, who has led
      one of them (the king under ``KING_ONLY``) unless the marriage is the current one.
    * **Closing** (§4, §9.9): a closed talon has a snapshot, is allowed by the rules,
      was at least ``close_min_talon`` cards; the snapshot's tricks and card points of the
      opponent match the tricks played before the close; its marriages are at most the
      opponent's counted marriages.
    * **Automatic claims** (§2.4): under ``ClaimMode.AUTO`` a hand still going on never
      has a leader whose window is open with 66 or more.
    * **Legal moves** (§1.6, §2, §3, §4): non-empty exactly until the hand is over, in the
      documented order without repeats, and :func:`~sixtysix.is_legal` agrees on all
      :data:`~sixtysix.moves.ALL_MOVES`; ``draw`` is offered exactly at the decision after a
      trick, where
      only ``draw``, ``close`` and ``claim`` are; ``claim`` only under
      ``ClaimMode.EXPLICIT`` and never to the follower; marriages only to the leader
      holding king and queen, before the lead and at most one per turn; the exchange only
      to a holder of the exchange card while the talon lasts; ``close`` only on an open
      talon; the leader may lead any card, or after a marriage its king (or queen, under
      ``EITHER``); the follower may play what §1.6 allows.
    * **The library's checker**: :func:`sixtysix.validate` finds no problem (the checks
      above are an independent second reading of the rules page; both must accept).
    * **Scoring** (§6): :func:`~sixtysix.score_hand` raises
      :class:`~sixtysix.HandNotOverError` exactly on unfinished hands; a result has a
      winner in {0, 1, None}, game points 1 to 3 for a winner (else 0), ``carry`` equal to
      ``tie_carry`` exactly when nobody scores, final points that add the last-trick 10
      only in a played-out unclosed ``TEN_POINTS`` hand, and a reason consistent with how
      the hand ended (claims by the leader in an open claim window, false claims lose,
      automatic claims are never false, played-out hands by §6.3-§6.5).

    Args:
        state: A state reached from a deal by legal moves.

    Raises:
        InvariantError: an invariant does not hold; the message says which.

    >>> from sixtysix import CLASSIC_66, new_hand
    >>> check_invariants(new_hand(CLASSIC_66, seed=7))
    >>> import attrs
    >>> check_invariants(attrs.evolve(new_hand(CLASSIC_66, seed=7), card_points=(3, 0)))
    Traceback (most recent call last):
    ...
    sixtysix.testing.InvariantError: seat 0 has card_points 3 but won cards worth 0 ...
    """
    _check_fields(state)
    _check_cards(state)
    tricks = _check_tricks(state)
    _check_sizes(state)
    _check_turn(state)
    _check_marriages(state, tricks)
    _check_closing(state, tricks)
    _check_auto(state)
    _check_legal_moves(state)
    _check_score(state)
    problems = validate(state)
    if problems:
        raise _fail(state, f"sixtysix.validate disagrees: {'; '.join(problems)}")


def _check_fields(s: HandState) -> None:
    if s.dealer not in (0, 1) or s.leader not in (0, 1):
        raise _fail(s, f"dealer {s.dealer} and leader {s.leader} must be seats 0 or 1")
    if not 0 <= s.trump <= 3 or s.closed_by not in (-1, 0, 1) or s.exchanged_by not in (-1, 0, 1):
        raise _fail(s, "trump, closed_by or exchanged_by out of range")
    if not -1 <= s.turn_marriage <= 3 or type(s.step) is not Step:
        raise _fail(s, "turn_marriage or step out of range")


def _check_cards(s: HandState) -> None:
    deck = s.rules.deck
    parts = {
        "seat 0's hand": s.hands[0],
        "seat 1's hand": s.hands[1],
        "seat 0's tricks": s.won[0],
        "seat 1's tricks": s.won[1],
        "the talon": sum(1 << i for i in set(s.talon)),
        "the table": (1 << s.lead) if s.lead >= 0 else 0,
    }
    if len(set(s.talon)) != len(s.talon):
        raise _fail(s, f"the talon repeats a card: {_cards(s.talon)}")
    seen = 0
    names: dict[int, str] = {}
    for name, mask in parts.items():
        if mask & seen:
            dup = mask & seen
            other = next(names[i] for i in range(32) if dup >> i & 1)
            raise _fail(s, f"card conservation: {_cards(dup)} in both {other} and {name}")
        seen |= mask
        for i in range(32):
            if mask >> i & 1:
                names[i] = name
    if seen != deck.mask:
        raise _fail(
            s,
            f"card conservation: missing {_cards(deck.mask & ~seen)}, "
            f"not in the {deck.name} deck: {_cards(seen & ~deck.mask)}",
        )
    played = s.played
    if len(set(played)) != len(played):
        raise _fail(s, "a card was played twice")
    table = parts["the table"]
    if sum(1 << i for i in played) != s.won[0] | s.won[1] | table:
        raise _fail(s, "the cards played are not exactly the cards won plus the card on the table")
    if s.lead >= 0 and played[-1] != s.lead:
        raise _fail(s, f"the card on the table {CARDS[s.lead]} is not the last card played")
    for seat in (0, 1):
        if s.won[seat].bit_count() % 2:
            raise _fail(s, f"seat {seat} has an odd number of won cards")
        worth = sum(c.points for c in _cards_in(s.won[seat]))
        if s.card_points[seat] != worth:
            raise _fail(
                s, f"seat {seat} has card_points {s.card_points[seat]} but won cards worth {worth}"
            )
    if sum(c.points for c in _cards_in(seen)) != 120:
        raise _fail(s, "the deck does not hold 120 card points")
    if not s.hands[0] | s.hands[1]:
        if s.talon and s.closed_by < 0:
            raise _fail(s, "both hands are empty but the open talon still has cards")
        if s.closed_by < 0 and sum(s.card_points) != 120:
            raise _fail(
                s, f"played out, but the card points won add up to {sum(s.card_points)}, not 120"
            )


def _check_tricks(s: HandState) -> list[tuple[int, int, int, int]]:
    tricks, leader = _replay(s)
    won = [0, 0]
    for _, lead, follow, winner in tricks:
        won[winner] |= 1 << lead | 1 << follow
    if (won[0], won[1]) != s.won:
        raise _fail(
            s,
            f"the tricks played give seat 0 {_cards(won[0])} and seat 1 {_cards(won[1])} "
            f"(higher trump, else higher card of the suit led, wins), but the state says "
            f"{_cards(s.won[0])} and {_cards(s.won[1])}",
        )
    if s.leader != leader:
        raise _fail(
            s, f"seat {leader} won the last trick (or leads first) but leader is {s.leader}"
        )
    return tricks


def _check_sizes(s: HandState) -> None:
    r = s.rules
    start = r.talon_size
    n = len(s.talon)
    if n % 2 or n > start:
        raise _fail(s, f"talon of {n} cards after a talon of {start} at the deal")
    draws = (start - n) // 2
    played = s.tricks_played
    for seat in (0, 1):
        expected = r.hand_size + draws - played - (seat == s.leader and s.lead >= 0)
        if s.hands[seat].bit_count() != expected:
            raise _fail(
                s,
                f"seat {seat} holds {s.hands[seat].bit_count()} cards but has been dealt "
                f"{r.hand_size}, drawn {draws} and played {expected - r.hand_size - draws} "
                f"fewer: expected {expected}",
            )
    if s.closed_by >= 0 or not s.talon:
        return
    if s.step is Step.DECIDE or (s.step is Step.OVER and draws == played - 1):
        if draws != played - 1:
            raise _fail(s, f"{played} tricks but {draws} draws at the decision after a trick")
    elif draws != played:
        raise _fail(s, f"{played} tricks on an open talon but the players drew {draws} times")


def _check_turn(s: HandState) -> None:
    r = s.rules
    step = s.step
    expected = None if step is Step.OVER else 1 - s.leader if step is Step.FOLLOW else s.leader
    if s.to_move != expected:
        raise _fail(s, f"to_move is {s.to_move} but {expected} at step {step.name}")
    if (s.lead >= 0) != (step is Step.FOLLOW):
        raise _fail(s, "a card is on the table exactly when the follower is to move")
    if step is Step.DECIDE and not (
        r.close_timing is CloseTiming.BEFORE_OR_AFTER_DRAW
        and r.closing_allowed
        and s.closed_by < 0
        and len(s.talon) >= max(2, r.close_min_talon)
        and s.tricks_played > 0
    ):
        raise _fail(s, "a decision to draw or close where closing is not allowed (§2.1)")
    if step in (Step.FOLLOW, Step.DECIDE) and (s.turn_marriage >= 0 or s.turn_steps):
        raise _fail(s, "turn_marriage/turn_steps set outside a leading turn")
    amour_turn = 8 if s.turn_steps & TURN_AMOUR else 0
    if (
        s.turn_marriage >= 0
        and not s.declared >> (amour_turn + s.leader * 4 + s.turn_marriage) & 1
    ):
        what = "amour" if s.turn_steps & TURN_AMOUR else "marriage"
        raise _fail(s, f"the {what} of this turn is not recorded as declared by the leader")
    if s.turn_steps & TURN_CLOSED and s.closed_by != s.leader:
        raise _fail(s, "turn_steps says the leader closed, but closed_by disagrees")
    dealt = s.dealt_turnup
    if not 0 <= dealt < 32 or dealt >> 3 != s.trump:
        raise _fail(s, f"the card turned up at the deal ({dealt}) is not a trump")
    if s.talon:
        up = s.talon[-1]
        if up >> 3 != s.trump:
            raise _fail(s, f"the turn-up {CARDS[up]} is not a trump")
        if s.exchanged_by >= 0 and up != _exchange_card(s):
            raise _fail(s, f"after the exchange the turn-up {CARDS[up]} is not the exchange card")
        if s.exchanged_by < 0 and up != dealt:
            raise _fail(s, f"no exchange, but the turn-up {CARDS[up]} is not {CARDS[dealt]}")
    if s.exchanged_by >= 0:
        seat = s.exchanged_by
        mine = s.hands[seat] | _played_by(s)[seat]
        if dealt == _exchange_card(s) or not mine >> dealt & 1:
            raise _fail(s, f"seat {seat} exchanged but never held the turn-up {CARDS[dealt]}")


def _check_marriages(s: HandState, tricks: list[tuple[int, int, int, int]]) -> None:
    r = s.rules
    holder_played = _played_by(s)
    leads = _led_by(s, tricks)
    for seat in (0, 1):
        declared = _marriages_declared(s, seat)
        value = sum(_marriage_value(s, suit) for suit in declared)
        value += sum(_amour_value(s, suit) for suit in _amours_of(s, seat))
        if s.marriages[seat] + s.pending[seat] != value:
            raise _fail(
                s,
                f"seat {seat} declared marriages worth {value} but has {s.marriages[seat]} "
                f"counted and {s.pending[seat]} pending",
            )
        if s.marriages[seat] and not s.won[seat]:
            raise _fail(s, f"seat {seat}'s marriages count without a won trick (§4)")
        if (
            s.pending[seat]
            and s.won[seat]
            and r.marriage_pending_redeem is MarriagePendingRedeem.ANY_TRICK
        ):
            raise _fail(s, f"seat {seat} has won a trick but marriage points are still pending")
        for suit in declared:
            king, queen = _king_queen(suit)
            mine = s.hands[seat] | holder_played[seat]
            if not (mine >> king & 1 and mine >> queen & 1):
                raise _fail(s, f"seat {seat} declared marriage {suit} without holding K and Q")
            current = s.turn_marriage == suit and s.leader == seat
            current = current and not s.turn_steps & TURN_AMOUR
            current = current and s.step in (Step.LEAD, Step.OVER)
            need = (
                1 << king if r.marriage_lead is MarriageLead.KING_ONLY else 1 << king | 1 << queen
            )
            if not current and not leads[seat] & need:
                raise _fail(s, f"seat {seat} declared marriage {suit} but never led its card")


def _check_closing(s: HandState, tricks: list[tuple[int, int, int, int]]) -> None:
    r = s.rules
    snap = s.close_snapshot
    if (s.closed_by >= 0) != (snap is not None):
        raise _fail(s, "closed_by and close_snapshot disagree")
    if snap is None:
        return
    if not r.closing_allowed or not s.talon or len(s.talon) < r.close_min_talon:
        raise _fail(s, f"the talon of {len(s.talon)} cards was closed against the rules")
    if snap.tricks_played > len(tricks):
        raise _fail(s, "the close snapshot counts more tricks than were played")
    draws = (r.talon_size - len(s.talon)) // 2
    if snap.tricks_played - draws not in (0, 1):
        raise _fail(s, f"closed after {snap.tricks_played} tricks but with {draws} draws")
    if snap.tricks_played - draws == 1 and r.close_timing is not CloseTiming.BEFORE_OR_AFTER_DRAW:
        raise _fail(s, "closed instead of drawing, but close_timing is AFTER_DRAW")
    if snap.tricks_played == 0 and not r.close_on_first_lead:
        raise _fail(s, "closed on the first lead, but close_on_first_lead is off")
    opp = 1 - s.closed_by
    before = [t for t in tricks[: snap.tricks_played] if t[3] == opp]
    points = sum(CARDS[t[1]].points + CARDS[t[2]].points for t in before)
    if (snap.opponent_tricks, snap.opponent_card_points) != (len(before), points):
        raise _fail(
            s,
            f"the close snapshot says {snap.opponent_tricks} tricks and "
            f"{snap.opponent_card_points} card points, but the opponent had {len(before)} "
            f"tricks and {points} card points at the close",
        )
    if snap.opponent_marriages > s.marriages[opp]:
        raise _fail(s, "the close snapshot has more marriage points than the opponent has now")


def _check_auto(s: HandState) -> None:
    r = s.rules
    if r.claim_mode is not ClaimMode.AUTO or s.step not in (Step.LEAD, Step.DECIDE):
        return
    if s.turn_marriage >= 0:
        if r.marriage_out_without_lead and s.points(s.leader) >= r.claim_target:
            raise _fail(s, "AUTO claims: a marriage reached 66 but the hand goes on")
    elif s.tricks_played and s.points(s.leader) >= r.claim_target:
        raise _fail(s, "AUTO claims: the trick winner has 66 or more but the hand goes on")


_ORDER = {type(m): k for k, m in enumerate([DRAW, EXCHANGE, CLOSE, CLAIM])}


def _move_key(m: Move) -> tuple[int, int]:
    if isinstance(m, Play):
        return 5, m.card.index
    if isinstance(m, Marry):
        return 4, int(m.suit)
    if isinstance(m, Amour):  # after the marriages (rules §13.7.3)
        return 4, 4 + (-1 if m.suit is None else int(m.suit))
    return _ORDER[type(m)], 0


def _check_legal_moves(s: HandState) -> None:
    r = s.rules
    options = legal_moves(s)
    if bool(options) == (s.step is Step.OVER):
        raise _fail(s, f"legal moves {[str(m) for m in options]} at step {s.step.name}")
    if len(set(options)) != len(options) or list(options) != sorted(options, key=_move_key):
        raise _fail(s, f"legal moves repeated or out of order: {[str(m) for m in options]}")
    legal = set(options)
    for m in ALL_MOVES:
        if is_legal(s, m) != (m in legal):
            raise _fail(s, f"is_legal({m}) is {is_legal(s, m)} but legal_moves disagrees")
    if s.step is Step.OVER:
        return
    words = {m for m in legal if not isinstance(m, (Play, Marry, Amour))}
    amours = [m for m in legal if isinstance(m, Amour)]
    for amour in amours:
        suit = s.trump if amour.suit is None else int(amour.suit)
        if (
            r.amour is AmourRule.NONE
            or (amour.suit is None) != (r.amour is AmourRule.TRUMP)
            or s.step is not Step.LEAD
            or s.turn_marriage >= 0
            or s.hands[s.leader] >> (suit * 8) & 3 != 3
        ):
            raise _fail(s, f"{amour} offered against rules §13.7.2")
    plays = _mask([m.card for m in legal if isinstance(m, Play)])
    marriages = [int(m.suit) for m in legal if isinstance(m, Marry)]
    mover = s.to_move
    assert mover is not None
    if (DRAW in legal) != (s.step is Step.DECIDE):
        raise _fail(s, "draw must be offered exactly at the decision after a trick")
    if s.step is Step.DECIDE:
        expected = {DRAW, CLOSE} | ({CLAIM} if r.claim_mode is ClaimMode.EXPLICIT else set())
        if legal != expected:
            raise _fail(s, f"at the decision after a trick expected {sorted(map(str, expected))}")
        return
    if CLAIM in legal and (r.claim_mode is not ClaimMode.EXPLICIT or s.step is Step.FOLLOW):
        raise _fail(s, "claim offered under AUTO (or NONE) claims or to the follower")
    if marriages and (s.step is not Step.LEAD or s.turn_marriage >= 0):
        raise _fail(s, "marriage offered to the follower or twice in one turn")
    for suit in marriages:
        king, queen = _king_queen(suit)
        if not (s.hands[mover] >> king & 1 and s.hands[mover] >> queen & 1):
            raise _fail(s, f"marriage of suit {suit} offered without king and queen in hand")
    if EXCHANGE in legal and not (s.talon and s.hands[mover] >> _exchange_card(s) & 1):
        raise _fail(s, "exchange offered without the exchange card or without a talon")
    if CLOSE in legal and (s.closed_by >= 0 or not r.closing_allowed or s.step is Step.FOLLOW):
        raise _fail(s, "close offered on a closed talon, against the rules or to the follower")
    if s.step is Step.LEAD:
        if s.turn_marriage >= 0 and s.turn_steps & TURN_AMOUR:
            want = 3 << (8 * s.turn_marriage)  # the ace or ten of the amour (§13.7.2)
        elif s.turn_marriage >= 0:
            king, queen = _king_queen(s.turn_marriage)
            want = (
                1 << king if r.marriage_lead is MarriageLead.KING_ONLY else 1 << king | 1 << queen
            )
        else:
            want = s.hands[mover]
    else:
        want = _follow_options(s)
        if words - {EXCHANGE}:
            raise _fail(s, f"the follower is offered {sorted(map(str, words))}")
    if plays != want:
        raise _fail(
            s,
            f"playable cards are {_cards(plays)} but rules §1.6/§4 allow {_cards(want)}",
        )


def _check_score(s: HandState) -> None:
    if s.step is not Step.OVER:
        try:
            score_hand(s)
        except HandNotOverError:
            return
        raise _fail(s, "score_hand scored a hand that is not over")
    result = score_hand(s)
    _check_result(s, result)


def _check_result(s: HandState, res: HandResult) -> None:
    r = s.rules
    if res.winner not in (0, 1, None):
        raise _fail(s, f"winner {res.winner!r}")
    if res.winner is None:
        if res.game_points != 0 or res.carry != r.tie_carry:
            raise _fail(s, f"no winner, but game points {res.game_points} carry {res.carry}")
    elif res.game_points not in (1, 2, 3) or res.carry != 0:
        raise _fail(s, f"winner with game points {res.game_points} and carry {res.carry}")
    played_out = not s.hands[0] | s.hands[1]
    last = s.leader
    bonus = played_out and s.closed_by < 0 and r.last_trick is LastTrick.TEN_POINTS
    # §13.8: the whitewash, every trick after the last draw of an unclosed hand.
    late = s.played[r.talon_size :]
    washed = (
        played_out and s.closed_by < 0 and bool(late) and all(s.won[last] >> c & 1 for c in late)
    )
    washed = washed and r.whitewash
    extra = r.whitewash_points if washed and r.honours_scoring is HonoursScoring.POINTS else 0
    final = tuple(
        s.points(seat) + (10 * bonus + extra if seat == last and played_out else 0)
        for seat in (0, 1)
    )
    if res.points != final:
        raise _fail(s, f"final points {res.points}, expected {final} (§9.10)")
    honours = [0, 0]
    if r.honours_scoring is HonoursScoring.GAME_POINTS:  # §13.9
        plain, trump, amour, wash = r.honour_game_points
        for seat in (0, 1):
            if s.won[seat]:
                for suit in _marriages_declared(s, seat):
                    honours[seat] += trump if suit == s.trump else plain
                honours[seat] += amour * len(_amours_of(s, seat))
        if washed:
            honours[last] += wash
    if res.honours != (honours[0], honours[1]):
        raise _fail(s, f"honours {res.honours}, expected {tuple(honours)} (§13.9)")
    reason = res.reason
    if not played_out:
        claimer = s.leader
        window = s.won[claimer] or (s.turn_marriage >= 0 and r.marriage_out_without_lead)
        if not window:
            raise _fail(s, f"seat {claimer} claimed without an open claim window (§2)")
        if reason not in (HandEnd.CLAIM, HandEnd.FALSE_CLAIM, HandEnd.CLOSER_BEATEN):
            raise _fail(s, f"a hand ended with cards in hand has reason {reason}")
        correct = s.points(claimer) >= r.claim_target  # [M24]
        if not correct and r.claim_mode is ClaimMode.AUTO:
            raise _fail(s, f"an automatic claim with only {s.points(claimer)} points")
        if correct == (reason is HandEnd.FALSE_CLAIM):
            raise _fail(s, f"claim with {s.points(claimer)} points scored as {reason}")
        if res.winner != (claimer if correct else 1 - claimer):
            raise _fail(s, f"claim by seat {claimer} ({reason}) won by {res.winner}")
        if (reason is HandEnd.CLOSER_BEATEN) != (correct and s.closed_by == 1 - claimer):
            raise _fail(s, f"reason {reason} for a claim by seat {claimer}")
        return
    if reason in (HandEnd.CLAIM, HandEnd.FALSE_CLAIM, HandEnd.CLOSER_BEATEN):
        raise _fail(s, f"a played-out hand scored as {reason} (§9.4)")
    if s.closed_by >= 0:
        closer = s.closed_by
        took = last == closer and s.points(closer) >= 66
        expected = HandEnd.CLOSER_TOOK_LAST_TRICK if took else HandEnd.FAILED_CLOSE
        if reason is not expected or res.winner != (closer if took else 1 - closer):
            raise _fail(s, f"closed hand played out: {reason} won by {res.winner}")
        return
    if r.last_trick is LastTrick.WINS_HAND:
        if reason is not HandEnd.LAST_TRICK or res.winner != last:
            raise _fail(s, f"WINS_HAND: {reason} won by {res.winner}, last trick by {last}")
        return
    over = [p >= 66 for p in final]
    if res.winner is not None and not over[res.winner]:
        raise _fail(s, f"seat {res.winner} wins a played-out hand with {final[res.winner]}")
    if over[0] and over[1]:
        if reason is not HandEnd.BOTH_OVER_66:
            raise _fail(s, f"both over 66 but reason {reason}")
    elif over[0] or over[1]:
        if reason is not HandEnd.PLAYED_OUT or res.winner is None:
            raise _fail(s, f"one player over 66 but reason {reason} and winner {res.winner}")
    elif reason is not HandEnd.NEITHER_REACHED_66 or res.winner is not None:
        raise _fail(s, f"nobody over 66 but reason {reason} and winner {res.winner}")


# ============================================================================ transitions


def check_transition(before: HandState, move: Move, after: HandState) -> None:
    """Check that ``after`` is what the rules page makes of ``before`` when ``move`` is played.

    The checks:

    * ``move`` is legal in ``before``; the rules, dealer, trump suit and the card turned
      up at the deal never change;
      only the player to move acts, and the opponent's hand changes only by drawing.
    * **Play** as leader (§2.2): the card leaves the hand and lies on the table; the
      follower is to move. As follower (§1.4, §1.5, §4, §2.4): the trick goes to the
      higher trump or else the higher card of the suit led; the winner's pending marriage
      points now count; the hand ends when both hands are empty or, under
      ``ClaimMode.AUTO``, when the winner has 66 or more; otherwise on an open talon the
      winner decides (§2.1) where closing instead of drawing is allowed, else the winner
      draws the top card and the loser the next; on a closed or exhausted talon nobody
      draws.
    * **Exchange** (§3): the exchange card and the turn-up change places; the same player
      is still to move.
    * **Close** (§4, §9.9): the talon is closed by the player on lead, who keeps the lead;
      nobody draws; the snapshot records the opponent's tricks, card points and counted
      marriages.
    * **Draw** (§2.1): the winner draws the top card, the loser the next; the winner leads.
    * **Marry** (§4): 40 in trumps, 20 otherwise; counted at once if the player has won a
      trick (and ``marriage_pending_redeem`` is ``ANY_TRICK``), else pending; under
      ``ClaimMode.AUTO`` with ``marriage_out_without_lead`` the hand ends if the counted
      points reach 66.
    * **Claim** (§6): the hand is over and nothing else changes.

    Args:
        before: The state before the move.
        move: The move played.
        after: The state the engine produced.

    Raises:
        InvariantError: ``after`` is not what the rules make of ``before`` and ``move``.

    >>> from sixtysix import SCHNAPSEN, apply_move, legal_moves, new_hand
    >>> s = new_hand(SCHNAPSEN, seed=2)
    >>> m = legal_moves(s)[-1]
    >>> check_transition(s, m, apply_move(s, m))
    """
    b, a, r = before, after, before.rules
    if not is_legal(b, move):
        raise _fail(b, f"{move} is not legal here")
    if (a.rules, a.dealer, a.trump, a.dealt_turnup) != (r, b.dealer, b.trump, b.dealt_turnup):
        raise _fail(a, f"{move} changed the rules, the dealer, the trump or the dealt turn-up")
    mover = b.to_move
    assert mover is not None
    other = 1 - mover
    if isinstance(move, Play):
        _check_play(b, move.card.index, a)
        return
    if move == CLAIM:
        if a != attrs.evolve(b, step=Step.OVER):
            raise _fail(a, "a claim must end the hand and change nothing else")
        return
    if a.won != b.won or a.played != b.played or a.lead != b.lead:
        raise _fail(a, f"{move} changed the tricks")
    if move == EXCHANGE:
        ex, up = _exchange_card(b), b.talon[-1]
        hand = b.hands[mover] & ~(1 << ex) | 1 << up
        if (
            a.hands[mover] != hand
            or a.hands[other] != b.hands[other]
            or a.talon != (*b.talon[:-1], ex)
            or a.exchanged_by != mover
            or a.step is not b.step
            or a.to_move != mover
        ):
            raise _fail(a, "the exchange must swap the exchange card with the turn-up (§3)")
        return
    if move == CLOSE:
        opp = 1 - mover
        snap = a.close_snapshot
        if (
            a.closed_by != mover
            or a.step is not Step.LEAD
            or a.leader != mover
            or a.hands != b.hands
            or a.talon != b.talon
            or snap is None
            or snap.tricks_played != b.tricks_played
            or snap.opponent_tricks != b.tricks(opp)
            or snap.opponent_card_points != b.card_points[opp]
            or snap.opponent_marriages != b.marriages[opp]
        ):
            raise _fail(a, "closing must keep the lead, draw nothing and snapshot the opponent")
        return
    if move == DRAW:
        top, nxt = b.talon[0], b.talon[1]
        hands = [b.hands[0], b.hands[1]]
        hands[mover] |= 1 << top
        hands[other] |= 1 << nxt
        if (
            a.hands != (hands[0], hands[1])
            or a.talon != b.talon[2:]
            or a.step is not Step.LEAD
            or a.leader != mover
        ):
            raise _fail(a, "the trick winner draws the top card, the loser the next (§1.5)")
        return
    if isinstance(move, Marry | Amour):
        amour = isinstance(move, Amour)
        named = move.suit
        suit = b.trump if named is None else int(named)
        value = _amour_value(b, suit) if amour else _marriage_value(b, suit)
        bit = 1 << (8 * amour + mover * 4 + suit)
        counts = bool(b.won[mover]) and (
            r.marriage_pending_redeem is MarriagePendingRedeem.ANY_TRICK
        )
        marriages = list(b.marriages)
        pending = list(b.pending)
        if counts:
            marriages[mover] += value
        else:
            pending[mover] += value
        ends = (
            r.claim_mode is ClaimMode.AUTO
            and r.marriage_out_without_lead
            and b.card_points[mover] + marriages[mover] >= r.claim_target
        )
        if (
            a.marriages != (marriages[0], marriages[1])
            or a.pending != (pending[0], pending[1])
            or a.hands != b.hands
            or a.talon != b.talon
            or a.turn_marriage != suit
            or bool(a.turn_steps & TURN_AMOUR) != amour
            or a.declared != b.declared | bit
            or a.step is not (Step.OVER if ends else Step.LEAD)
        ):
            raise _fail(
                a,
                f"{move} is worth {value}, "
                f"{'counted' if counts else 'pending'}{', ending the hand' if ends else ''}",
            )
        return
    raise _fail(b, f"unknown move {move!r}")  # pragma: no cover


def _check_play(b: HandState, card: int, a: HandState) -> None:
    r = b.rules
    mover = b.to_move
    assert mover is not None
    if b.step is Step.LEAD:
        hands = list(b.hands)
        hands[mover] &= ~(1 << card)
        if (
            a.hands != (hands[0], hands[1])
            or a.lead != card
            or a.step is not Step.FOLLOW
            or a.leader != mover
            or a.talon != b.talon
            or a.played != (*b.played, card)
            or a.won != b.won
        ):
            raise _fail(a, f"leading {CARDS[card]}: the card goes from hand to table")
        return
    leader = b.leader
    winner = trick_winner(b.lead, card, b.trump, leader)
    loser = 1 - winner
    hands = list(b.hands)
    hands[mover] &= ~(1 << card)
    won = list(b.won)
    won[winner] |= 1 << b.lead | 1 << card
    gain = CARDS[b.lead].points + CARDS[card].points
    points = list(b.card_points)
    points[winner] += gain
    marriages = list(b.marriages)
    pending = list(b.pending)
    marriages[winner] += pending[winner]
    pending[winner] = 0
    total = points[winner] + marriages[winner]
    talon = b.talon
    if not hands[0] | hands[1] or (r.claim_mode is ClaimMode.AUTO and total >= r.claim_target):
        step = Step.OVER
    elif b.closed_by < 0 and talon:
        decide = (
            r.close_timing is CloseTiming.BEFORE_OR_AFTER_DRAW
            and r.closing_allowed
            and len(talon) >= r.close_min_talon
        )
        step = Step.DECIDE if decide else Step.LEAD
        if not decide:
            hands[winner] |= 1 << talon[0]
            hands[loser] |= 1 << talon[1]
            talon = talon[2:]
    else:
        step = Step.LEAD
    expected = (
        (hands[0], hands[1]),
        talon,
        step,
        winner,
        -1,
        (won[0], won[1]),
        (points[0], points[1]),
        (marriages[0], marriages[1]),
        (pending[0], pending[1]),
        (*b.played, card),
        b.closed_by,
    )
    got = (
        a.hands,
        a.talon,
        a.step,
        a.leader,
        a.lead,
        a.won,
        a.card_points,
        a.marriages,
        a.pending,
        a.played,
        a.closed_by,
    )
    if got != expected:
        names = "hands talon step leader lead won card_points marriages pending played closed_by"
        diff = [
            f"{name}: expected {e!r}, got {g!r}"
            for name, e, g in zip(names.split(), expected, got, strict=True)
            if e != g
        ]
        raise _fail(
            a,
            f"{CARDS[b.lead]} led, {CARDS[card]} played: trick to seat {winner}; "
            + "; ".join(diff),
        )


# ============================================================================ perft


def perft(state: HandState, depth: int) -> int:
    """The number of legal move sequences of exactly ``depth`` moves from ``state``.

    Like chess's perft ("performance test, move path enumeration"): a sequence that
    ends the hand early is not counted, so ``perft(state, 1) == len(legal_moves(state))``
    and ``perft(state, 0) == 1``. Golden counts for every preset and claim mode, made
    by this function and committed as ``tests/data/perft.json``, pin the move generator:
    any change to a legal move, or to the order-independent structure of the game tree,
    changes a count.

    >>> from sixtysix import CLASSIC_66, new_hand
    >>> [perft(new_hand(CLASSIC_66, seed=1), d) for d in range(4)]
    [1, 8, 45, 127]

    Raises:
        SixtySixError: ``depth`` is not a whole number from 0 to 64.
        PositionError: ``state`` is not a :class:`~sixtysix.HandState`.
    """
    if type(depth) is not int or not 0 <= depth <= _MAX_HAND_MOVES:
        raise SixtySixError(f"perft depth must be a whole number from 0 to 64, not {quote(depth)}")
    if type(state) is not HandState:
        raise PositionError(f"perft needs a HandState, not {type(state).__name__}")
    return _perft(state, depth)


def _perft(state: HandState, depth: int) -> int:
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    if depth == 0:
        return 1
    return sum(_perft(apply_move(state, move), depth - 1) for move in moves)
