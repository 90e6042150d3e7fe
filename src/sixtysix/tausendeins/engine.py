"""Deal, legal moves and transitions of Tausendeins (rules §12.2 to §12.9).

Everything here is a pure function of immutable values. The per-rule-set tables (the
action table, the cached bid and contract moves) are derived once per
:class:`~sixtysix.tausendeins.TausendeinsRules` value.

>>> import random
>>> from sixtysix import tausendeins as t1
>>> state = t1.new_hand(t1.TAUSENDEINS_CONTRACT, seed=3, dealer=0)
>>> [str(m) for m in t1.legal_moves(state)][:3]
['pass', 'bid 110', 'bid 120']
>>> rng = random.Random(2)
>>> while not t1.is_over(state):
...     state = t1.apply_move(state, rng.choice(t1.legal_moves(state)))
>>> t1.score_deal(state).declarer in (0, 1)
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import repeat
from operator import is_ as _is
from typing import TYPE_CHECKING, Any

from .._family.deal import read_pack
from .._seeding import Seed, SeedScheme, shuffle
from ..cards import CARDS, Card, Deck
from ..errors import DealError, IllegalMoveError, SixtySixError, quote
from ..moves import MARRY, PLAY, Marry, Play
from ..rules import StrictPlay
from .moves import PASS, TALONS, Bid, Contract, Discard, Pass, TakeTalon, TausendeinsMove
from .rules import (
    SUIT_VALUES,
    Bidding,
    StockPlay,
    TausendeinsRules,
)
from .state import MarriageDeclared, Phase, TausendeinsState, build_state, iter_mask

if TYPE_CHECKING:
    from .views import TausendeinsView

__all__ = [
    "ActionTable",
    "action_table",
    "apply_move",
    "cap",
    "deal_from_order",
    "is_legal",
    "is_over",
    "legal_moves",
    "new_hand",
    "perft",
    "playable_mask",
    "shuffled_deck",
    "to_move",
]

#: The seeding of rules §12.2: BLAKE2b with the personalisation ``sixtysix-1001``. Ints
#: are tagged by their decimal text up to 4,300 digits (all that CPython's ``str`` writes
#: by default); larger ones by their bytes, as in the other games.
_SEED_SCHEME = SeedScheme(b"sixtysix-1001", 10**4300)

_DECK = Deck.D24
_CANONICAL = tuple(c.index for c in _DECK.cards)
_DECK_MASK = _DECK.mask
_POINTS = tuple(c.points for c in CARDS)
_SUIT = tuple(0xFF << (8 * s) for s in range(4))
_KING = tuple(s * 8 + 2 for s in range(4))
_QUEEN = tuple(s * 8 + 3 for s in range(4))
_PAIR = tuple((1 << _KING[s]) | (1 << _QUEEN[s]) for s in range(4))
_PLAY_OF_MASK: dict[int, Play] = {1 << i: PLAY[i] for i in range(32)}


class ActionTable:
    """The fixed action ids of one rule set (rules §12.9).

    Plays are 0-31 and marriages 32-35 (the two-hand ids), ``pass`` 40, then one id per
    bid from ``bid_opening + bid_step`` to the highest cap, one per contract from
    ``bid_opening`` to the highest cap, ``talon 0`` and ``talon 1``, and one ``discard``
    per card index. For the default auction values this is the recommended table:
    bids 41-70, contracts 71-101, talons 102-103, discards 104-135, 136 ids.
    """

    __slots__ = (
        "_auction",
        "_contract",
        "_discard",
        "bids",
        "contracts",
        "discards",
        "ids",
        "moves",
    )

    def __init__(self, rules: TausendeinsRules) -> None:
        """Derive the table of ``rules``."""
        top = rules.max_cap
        step = rules.bid_step
        self.bids: dict[int, Bid] = {
            n: Bid(n) for n in range(rules.bid_opening + step, top + 1, step)
        }
        self.contracts: dict[int, Contract] = {
            n: Contract(n) for n in range(rules.bid_opening, top + 1, step)
        }
        self.discards: tuple[Discard, ...] = tuple(Discard(c) for c in CARDS)
        moves: list[TausendeinsMove | None] = [*PLAY, *MARRY, None, None, None, None, PASS]
        moves += self.bids.values()
        moves += self.contracts.values()
        moves += TALONS
        moves += self.discards
        self.moves: tuple[TausendeinsMove | None, ...] = tuple(moves)
        self.ids: dict[TausendeinsMove, int] = {m: i for i, m in enumerate(moves) if m is not None}
        self._auction: dict[tuple[int, int], tuple[TausendeinsMove, ...]] = {}
        self._contract: dict[tuple[int, int], tuple[TausendeinsMove, ...]] = {}
        self._discard: dict[int, tuple[TausendeinsMove, ...]] = {}

    def auction(self, bid: int, top: int) -> tuple[TausendeinsMove, ...]:
        """``pass`` and every bid above ``bid`` up to ``top`` (rules §12.6.2)."""
        key = (bid, top)
        moves = self._auction.get(key)
        if moves is None:
            moves = (PASS, *[m for n, m in self.bids.items() if bid < n <= top])
            self._auction[key] = moves
        return moves

    def discard(self, hand: int) -> tuple[TausendeinsMove, ...]:
        """``discard C`` for every card of ``hand``, in canonical order (rules §12.6.4)."""
        moves = self._discard.get(hand)
        if moves is None:
            moves = tuple(self.discards[i] for i in iter_mask(hand))
            if len(self._discard) < 4096:
                self._discard[hand] = moves
        return moves

    def contract(self, bid: int, top: int) -> tuple[TausendeinsMove, ...]:
        """Every contract from ``bid`` up to ``max(top, bid)`` (rules §12.6.5)."""
        key = (bid, top)
        moves = self._contract.get(key)
        if moves is None:
            moves = tuple(m for n, m in self.contracts.items() if bid <= n <= max(top, bid))
            self._contract[key] = moves
        return moves


@functools.lru_cache(maxsize=64)
def action_table(rules: TausendeinsRules) -> ActionTable:
    """The action table of ``rules`` (derived once per rule set)."""
    return ActionTable(rules)


def _check_rules(rules: object) -> TausendeinsRules:
    if type(rules) is not TausendeinsRules:
        raise DealError(f"a Tausendeins deal needs TausendeinsRules, not {quote(rules)}")
    return rules


def _check_dealer(dealer: object) -> int:
    if type(dealer) is not int or dealer not in (0, 1):
        raise DealError(f"the dealer must be seat 0 or 1, not {quote(dealer)}")
    return dealer


# ------------------------------------------------------------------------------ deal


def shuffled_deck(rules: TausendeinsRules, seed: Seed = None) -> list[Card]:
    """The pack ``d0 … d23`` (``d0`` on top) that :func:`new_hand` deals for ``seed``.

    Rules §12.2: the seed is tagged (``b"i"`` + decimal text of an int, ``b"s"`` + UTF-8
    of a str, ``b"b"`` + bytes), hashed with BLAKE2b (64-byte digest, personalisation
    ``sixtysix-1001``), taken modulo 24!, and read as a permutation of the canonical
    order ``AC TC KC QC JC 9C AD … 9S`` in the factorial number system. A
    :class:`random.Random` draws ``rng.randrange(24!)``; ``None`` draws from
    :mod:`secrets`.

    >>> from sixtysix import tausendeins as t1
    >>> " ".join(map(str, t1.shuffled_deck(t1.TAUSENDEINS, 0)[:6]))
    'KC AS TH 9C 9S AH'

    Raises:
        DealError: ``seed`` is not an int, str, bytes, :class:`random.Random` or ``None``.
    """
    _check_rules(rules)
    return [CARDS[i] for i in shuffle(_SEED_SCHEME, _CANONICAL, seed)]


def new_hand(rules: TausendeinsRules, seed: Seed = None, dealer: int = 0) -> TausendeinsState:
    """Deal a shuffled deal: ``deal_from_order(rules, shuffled_deck(rules, seed), dealer)``.

    >>> from sixtysix import tausendeins as t1
    >>> t1.new_hand(t1.TAUSENDEINS, seed=1) == t1.new_hand(t1.TAUSENDEINS, seed=1)
    True

    Raises:
        DealError: a bad rule set, dealer or seed.
    """
    _check_rules(rules)
    _check_dealer(dealer)
    return _deal(rules, shuffle(_SEED_SCHEME, _CANONICAL, seed), dealer)


def deal_from_order(
    rules: TausendeinsRules, order: Sequence[Card | str] | str, dealer: int = 0
) -> TausendeinsState:
    """Deal from an ordered pack, top card first (rules §12.3).

    For each packet size ``k`` of ``deal_packets`` the forehand (``1 - dealer``) gets the
    next ``k`` cards, then the dealer the next ``k``. The rest is the stock in pack order
    (``NONE``), or talon 0 and talon 1, two cards each (``AUCTION``).

    >>> from sixtysix import tausendeins as t1
    >>> from sixtysix.cards import Deck
    >>> s = t1.deal_from_order(t1.TAUSENDEINS, list(Deck.D24.cards), dealer=0)
    >>> " ".join(map(str, s.hand(1))), " ".join(map(str, s.hand(0)))
    ('AC TC KC AD TD JD 9D AH', 'QC JC 9C KD QD TH KH QH')

    Args:
        rules: The rule set.
        order: The 24 cards of the pack, each once; cards or their text (one string is
            split at spaces).
        dealer: The dealer's seat, 0 or 1.

    Raises:
        DealError: ``order`` is not the 24-card pack in some order, or a bad dealer.
    """
    _check_rules(rules)
    _check_dealer(dealer)
    ids = read_pack(order, _DECK)
    return _deal(rules, ids, dealer)


@functools.lru_cache(maxsize=64)
def _deal_plan(packets: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The pack positions of the forehand's and the dealer's cards, and the first left."""
    first: list[int] = []
    second: list[int] = []
    pos = 0
    for k in packets:
        first += range(pos, pos + k)
        second += range(pos + k, pos + 2 * k)
        pos += 2 * k
    return tuple(first), tuple(second), pos


def _deal(rules: TausendeinsRules, ids: Sequence[int], dealer: int) -> TausendeinsState:
    hands = [0, 0]
    forehand = 1 - dealer
    first, second, pos = _deal_plan(rules.deal_packets)
    for p in first:
        hands[forehand] |= 1 << ids[p]
    for p in second:
        hands[dealer] |= 1 << ids[p]
    rest = tuple(ids[pos:])
    auction = rules.bidding is Bidding.AUCTION
    if auction:
        talons = ((1 << rest[0]) | (1 << rest[1]), (1 << rest[2]) | (1 << rest[3]))
        stock: tuple[int, ...] = ()
    else:
        talons = (0, 0)
        stock = rest
    return build_state(
        rules,
        dealer,
        Phase.AUCTION if auction else Phase.PLAY,
        (hands[0], hands[1]),
        stock,
        talons,
        forehand,
        -1,
        -1,
        -1,
        (0, 0),
        (0, 0),
        (),
        (),
        (),
        rules.bid_opening,
        -1,
        0,
        -1,
        0,
        0,
        -1,
    )


# ------------------------------------------------------------------------ legality


def to_move(state: TausendeinsState) -> int | None:
    """The seat whose decision it is, or ``None`` once the deal is over (rules §12.9)."""
    return state.to_move


def is_over(state: TausendeinsState) -> bool:
    """Whether the deal has ended (rules §12.7): then :func:`score_deal` scores it."""
    return state.phase == 5


def cap(rules: TausendeinsRules, hand: int) -> int:
    """The highest bid or contract a seat holding ``hand`` may make (rules §12.6.2).

    ``bid_base_cap`` plus the ``BY_SUIT`` value of every marriage in the hand.

    >>> from sixtysix import tausendeins as t1
    >>> from sixtysix.cards import Card
    >>> t1.cap(t1.TAUSENDEINS_CONTRACT, Card.parse("KH").mask | Card.parse("QH").mask)
    180
    """
    pairs = hand & (hand >> 1) & 0x04040404
    return (
        rules.bid_base_cap
        + _PAIR_VALUES[
            ((pairs >> 2) & 1) | ((pairs >> 9) & 2) | ((pairs >> 16) & 4) | ((pairs >> 23) & 8)
        ]
    )


#: The marriage points of the suits of each 4-bit pattern (bit s: suit s).
_PAIR_VALUES = tuple(sum(SUIT_VALUES[s] for s in range(4) if p >> s & 1) for p in range(16))


class _AlwaysStrict(dict[TausendeinsRules, bool]):
    """``_ALWAYS_STRICT[rules]``: whether every trick is strict under ``rules`` (§12.4)."""

    def __missing__(self, rules: TausendeinsRules) -> bool:
        value = rules.stock_play is StockPlay.STRICT or rules.bidding is Bidding.AUCTION
        if len(self) < 256:
            self[rules] = value
        return value


_ALWAYS_STRICT = _AlwaysStrict()


def _strict(state: TausendeinsState | TausendeinsView) -> bool:
    rules = state.rules
    return (
        not state.stock_size
        or rules.stock_play is StockPlay.STRICT
        or rules.bidding is Bidding.AUCTION
    )


def playable_mask(rules: TausendeinsRules, hand: int, lead: int, trump: int) -> int:
    """The cards a follower holding ``hand`` may play in the strict phase (rules §12.4).

    >>> from sixtysix import tausendeins as t1
    >>> from sixtysix.cards import Card
    >>> hand = Card.parse("AH").mask | Card.parse("JH").mask | Card.parse("9S").mask
    >>> rule = t1.TAUSENDEINS.strict_play
    >>> t1.playable_mask(t1.TAUSENDEINS, hand, Card.parse("QH").index, -1) == Card.parse("AH").mask
    True
    """
    same = hand & _SUIT[lead >> 3]
    strict = rules.strict_play
    if same:
        if strict is StrictPlay.FOLLOW_HEAD_OR_TRUMP:
            higher = same & ((1 << lead) - 1)
            return higher or same
        return same
    if trump >= 0 and strict is not StrictPlay.FOLLOW_ONLY:
        trumps = hand & _SUIT[trump]
        if trumps:
            return trumps
    return hand


def _marriage_allowed(state: TausendeinsState | TausendeinsView, suit: int) -> str | None:
    """Why the leader may not declare the marriage of ``suit`` now, or ``None``."""
    rules = state.rules
    seat = state.leader
    if state.hands[seat] & _PAIR[suit] != _PAIR[suit]:
        return f"you do not hold both the king and the queen of {'CDHS'[suit]}"
    if not rules.marriage_on_first_lead and not state.played:
        return "no marriage may be declared at the first lead of the deal (rules §12.5.3)"
    trump = state.trump
    if not rules.may_retrump(suit, trump):
        return (
            f"a new trump must rank above the trump {'CDHS'[trump]} in the order "
            "C > S > H > D (rules §12.5.3)"
        )
    return None


_PLAY_PHASE = Phase.PLAY
_OVER_PHASE = Phase.OVER
_MARRIED_LEADS = tuple((PLAY[_KING[s]], PLAY[_QUEEN[s]]) for s in range(4))
#: The plays of a 6-bit suit pattern, per suit.
_SUIT_PLAYS = tuple(
    tuple(tuple(PLAY[8 * s + i] for i in range(6) if pattern >> i & 1) for pattern in range(64))
    for s in range(4)
)


#: The state whose moves were listed last, those moves and the cards among them that may
#: be played: the move that comes next is then known to be legal without a second look.
#: One entry, replaced as a whole (one atomic assignment), so threads cannot mix two.
_LAST: tuple[Any, tuple[TausendeinsMove, ...], int] = (None, (), 0)


def _plays(mask: int) -> tuple[Play, ...]:
    """The plays of the cards of ``mask``, in canonical order."""
    return (
        _SUIT_PLAYS[0][mask & 0x3F]
        + _SUIT_PLAYS[1][(mask >> 8) & 0x3F]
        + _SUIT_PLAYS[2][(mask >> 16) & 0x3F]
        + _SUIT_PLAYS[3][(mask >> 24) & 0x3F]
    )


def legal_moves(state: TausendeinsState | TausendeinsView) -> tuple[TausendeinsMove, ...]:
    """The legal moves, in the order of rules §12.9 (empty once the deal is over).

    Works on a state, and on the view of the seat to move (the other seat's view has no
    moves).

    * auction: ``pass``, then every allowed ``bid N`` in ascending ``N``;
    * talon: ``talon 0``, ``talon 1``; discards: ``discard C`` in canonical order;
    * contract: every allowed ``contract N`` in ascending ``N``, the bid first;
    * the leader: every allowed ``marry S`` (C, D, H, S), then every card in hand;
    * after ``marry S``: ``KS``, then ``QS``; the follower: its playable cards.
    """
    global _LAST
    moves: tuple[TausendeinsMove, ...]
    if type(state) is TausendeinsState:
        if state.phase == 4 and state.lead >= 0:  # the follower: the hot path, inlined
            hand = state.hands[1 - state.leader]
            if not state.stock or _ALWAYS_STRICT[state.rules]:
                hand = playable_mask(state.rules, hand, state.lead, state.trump)
        elif state.phase == 4 and state.pending < 0:  # the leader
            hand = state.hands[state.leader]
            if hand & (hand >> 1) & 0x04040404:  # a K and Q of one suit: marriages first
                moves = _legal(state)
                _LAST = (state, moves, hand)
                return moves
        else:
            moves = _legal(state)
            _LAST = (state, moves, _PAIR[state.pending] if state.phase == 4 else 0)
            return moves
        moves = (
            _SUIT_PLAYS[0][hand & 0x3F]
            + _SUIT_PLAYS[1][(hand >> 8) & 0x3F]
            + _SUIT_PLAYS[2][(hand >> 16) & 0x3F]
            + _SUIT_PLAYS[3][(hand >> 24) & 0x3F]
        )
        _LAST = (state, moves, hand)
        return moves
    if state.to_move != state.seat:  # type: ignore[union-attr]
        return ()
    return _legal(state)


def _legal(state: TausendeinsState | TausendeinsView) -> tuple[TausendeinsMove, ...]:
    phase = state.phase
    if phase == 4:
        if state.lead < 0:
            suit = state.pending
            if suit >= 0:
                return _MARRIED_LEADS[suit]
            hand = state.hands[state.leader]
            plays = _plays(hand)
            if not hand & (hand >> 1) & 0x04040404:  # no K and Q of one suit
                return plays
            marriages = tuple(
                MARRY[s]
                for s in range(4)
                if hand & _PAIR[s] == _PAIR[s] and _marriage_allowed(state, s) is None
            )
            return marriages + plays
        hand = state.hands[1 - state.leader]
        if not state.stock_size or _ALWAYS_STRICT[state.rules]:
            hand = playable_mask(state.rules, hand, state.lead, state.trump)
        return _plays(hand)
    if phase == 5:
        return ()
    table = action_table(state.rules)
    if phase == 0:
        seat = state.to_move
        assert seat is not None
        return table.auction(state.bid, cap(state.rules, state.hands[seat]))
    if phase == 1:
        return TALONS
    if phase == 2:
        return table.discard(state.hands[state.declarer])
    return table.contract(state.bid, cap(state.rules, state.hands[state.declarer]))


def _why_illegal(state: TausendeinsState, move: object) -> str | None:
    """Why ``move`` is illegal in ``state``, or ``None`` if it is legal."""
    phase = state.phase
    if phase == 5:
        return "the deal is over"
    if isinstance(move, Play | Marry) and phase != 4:
        return f"the {Phase(phase).name.lower()} step comes before the tricks"
    rules = state.rules
    if isinstance(move, Play):
        bit = 1 << move.card.index
        if state.lead < 0:
            suit = state.pending
            if suit >= 0:
                if bit & _PAIR[suit]:
                    return None
                return f"after declaring the marriage of {'CDHS'[suit]} you must lead its K or Q"
            if bit & state.hands[state.leader]:
                return None
            return f"you do not hold {move.card}"
        hand = state.hands[1 - state.leader]
        if not bit & hand:
            return f"you do not hold {move.card}"
        if _strict(state) and not bit & playable_mask(rules, hand, state.lead, state.trump):
            led = CARDS[state.lead]
            if hand & _SUIT[led.suit]:
                if (
                    rules.strict_play is StrictPlay.FOLLOW_HEAD_OR_TRUMP
                    and move.card.suit == led.suit
                ):
                    return f"you must beat {led} if you can (rules §12.4)"
                return f"you must follow suit to {led} (rules §12.4)"
            return f"you are void in {led.suit.letter} and must play a trump (rules §12.4)"
        return None
    if isinstance(move, Marry):
        if state.lead >= 0:
            return "only the leader may declare a marriage, before leading"
        if state.pending >= 0:
            return "a marriage was already declared for this lead (one per lead)"
        return _marriage_allowed(state, int(move.suit))
    if phase == 4:
        if isinstance(move, Pass | Bid | TakeTalon | Discard | Contract):
            return "the auction, talon, discards and contract are over: play a card"
        return f"not a Tausendeins move: {quote(move)}"
    table = action_table(rules)
    if isinstance(move, Pass):
        return None if phase == 0 else "the auction is over"
    if isinstance(move, Bid):
        if phase != 0:
            return "the auction is over"
        seat = state.to_move
        assert seat is not None
        top = cap(rules, state.hands[seat])
        if move.points <= state.bid:
            return f"a bid must be above the current bid {state.bid} (rules §12.6.2)"
        if move.points not in table.bids:
            return (
                f"a bid must be the current bid {state.bid} plus a multiple of "
                f"{rules.bid_step} (rules §12.6.2)"
            )
        if move.points > top:
            return f"your cap is {top}: {rules.bid_base_cap} plus the marriages you hold"
        return None
    if isinstance(move, TakeTalon):
        return None if phase == 1 else f"it is the {Phase(phase).name.lower()} step"
    if isinstance(move, Discard):
        if phase != 2:
            return f"it is the {Phase(phase).name.lower()} step"
        if 1 << move.card.index & state.hands[state.declarer]:
            return None
        return f"you do not hold {move.card}"
    if isinstance(move, Contract):
        if phase != 3:
            return f"it is the {Phase(phase).name.lower()} step"
        top = max(cap(rules, state.hands[state.declarer]), state.bid)
        if move.points < state.bid:
            return f"the contract must be at least the bid {state.bid} (rules §12.6.5)"
        if move.points not in table.contracts or move.points > top:
            return (
                f"the contract must be the bid {state.bid} plus a multiple of "
                f"{rules.bid_step}, at most your cap {top} (rules §12.6.5)"
            )
        return None
    return f"not a Tausendeins move: {quote(move)}"


def is_legal(state: TausendeinsState, move: object) -> bool:
    """Whether ``move`` is legal in ``state``."""
    return _why_illegal(state, move) is None


def apply_move(state: TausendeinsState, move: TausendeinsMove) -> TausendeinsState:
    """The state after ``move`` (rules §12.4 to §12.7); ``state`` is not changed.

    Raises:
        IllegalMoveError: ``move`` is not legal here; the message says why.
    """
    last = _LAST
    if last[0] is state:
        # Legal if it is one of the moves just listed for this very state.
        if type(move) is Play:
            if last[2] >> move.card.index & 1:
                if state.lead < 0:
                    return _lead(state, move.card.index)
                return _follow(state, move.card.index)
        elif any(map(_is, last[1], repeat(move))):  # the very object listed (no __eq__)
            if type(move) is Marry:
                return _marry(state, int(move.suit))
            return _auction(state, move)
    if type(state) is not TausendeinsState:
        raise IllegalMoveError(
            move, f"a Tausendeins move needs a TausendeinsState, not {type(state).__name__}"
        )
    if type(move) is Play and state.phase == 4:
        card = move.card.index
        bit = 1 << card
        if state.lead < 0:
            suit = state.pending
            if bit & (_PAIR[suit] if suit >= 0 else state.hands[state.leader]):
                return _lead(state, card)
        elif bit & state.hands[1 - state.leader] and (
            not _strict(state)
            or bit
            & playable_mask(state.rules, state.hands[1 - state.leader], state.lead, state.trump)
        ):
            return _follow(state, card)
    why = _why_illegal(state, move)
    if why is not None:
        raise IllegalMoveError(move, why)
    if isinstance(move, Play):  # pragma: no cover - the fast path above plays every card
        return _lead(state, move.card.index) if state.lead < 0 else _follow(state, move.card.index)
    if isinstance(move, Marry):
        return _marry(state, int(move.suit))
    return _auction(state, move)


def _marry(state: TausendeinsState, suit: int) -> TausendeinsState:
    rules = state.rules
    n = len(state.marriages)
    value = rules.marriage_value(suit, n)
    record = MarriageDeclared(state.leader, suit, value, len(state.played) >> 1)
    s = state
    return build_state(
        s.rules, s.dealer, s.phase, s.hands, s.stock, s.talons, s.leader, s.lead, suit, suit,
        s.won, s.card_points, (*s.marriages, record), s.played, s.calls, s.bid, s.declarer,
        s.contract, s.talon_taken, s.shown, s.discards, s.last_winner,
    )  # fmt: skip


def _lead(state: TausendeinsState, card: int) -> TausendeinsState:
    bit = 1 << card
    hands = state.hands
    return build_state(
        state.rules,
        state.dealer,
        state.phase,
        (hands[0] & ~bit, hands[1]) if state.leader == 0 else (hands[0], hands[1] & ~bit),
        state.stock,
        state.talons,
        state.leader,
        card,
        -1,
        state.trump,
        state.won,
        state.card_points,
        state.marriages,
        (*state.played, card),
        state.calls,
        state.bid,
        state.declarer,
        state.contract,
        state.talon_taken,
        state.shown,
        state.discards,
        state.last_winner,
    )


def _follow(state: TausendeinsState, card: int) -> TausendeinsState:
    leader = state.leader
    hands = state.hands
    bit = 1 << card
    lead = state.lead
    h0, h1 = hands
    if leader == 0:
        h1 &= ~bit
    else:
        h0 &= ~bit
    if card >> 3 == lead >> 3:
        winner = leader if lead < card else 1 - leader
    elif card >> 3 == state.trump:
        winner = 1 - leader
    else:
        winner = leader
    gain = _POINTS[card] + _POINTS[lead]
    both = bit | (1 << lead)
    w0, w1 = state.won
    p0, p1 = state.card_points
    if winner == 0:
        w0 |= both
        p0 += gain
    else:
        w1 |= both
        p1 += gain
    stock = state.stock
    if stock:
        first, second = 1 << stock[0], 1 << stock[1]
        if winner == 0:
            h0 |= first
            h1 |= second
        else:
            h1 |= first
            h0 |= second
        stock = stock[2:]
    return build_state(
        state.rules,
        state.dealer,
        _PLAY_PHASE if h0 | h1 else _OVER_PHASE,
        (h0, h1),
        stock,
        state.talons,
        winner,
        -1,
        -1,
        state.trump,
        (w0, w1),
        (p0, p1),
        state.marriages,
        (*state.played, card),
        state.calls,
        state.bid,
        state.declarer,
        state.contract,
        state.talon_taken,
        state.shown,
        state.discards,
        winner,
    )


def _auction_step(
    state: TausendeinsState,
    phase: int,
    hands: tuple[int, int],
    talons: tuple[int, int],
    leader: int,
    calls: tuple[int, ...],
    bid: int,
    declarer: int,
    contract: int,
    taken: int,
    shown: int,
    discards: int,
) -> TausendeinsState:
    """``state`` with the fields an auction, talon, discard or contract move changes."""
    return build_state(
        state.rules,
        state.dealer,
        phase,
        hands,
        state.stock,
        talons,
        leader,
        state.lead,
        state.pending,
        state.trump,
        state.won,
        state.card_points,
        state.marriages,
        state.played,
        calls,
        bid,
        declarer,
        contract,
        taken,
        shown,
        discards,
        state.last_winner,
    )


def _auction(state: TausendeinsState, move: TausendeinsMove) -> TausendeinsState:
    s = state
    kind = type(move)
    if kind is Bid:
        points = move.points  # type: ignore[union-attr]
        return _auction_step(
            s, s.phase, s.hands, s.talons, s.leader, (*s.calls, points), points,
            s.declarer, s.contract, s.talon_taken, s.shown, s.discards,
        )  # fmt: skip
    if kind is Pass:
        seat = s.to_move
        assert seat is not None
        return _auction_step(
            s, Phase.TALON, s.hands, s.talons, s.leader, (*s.calls, 0), s.bid,
            1 - seat, s.contract, s.talon_taken, s.shown, s.discards,
        )  # fmt: skip
    declarer = s.declarer
    h0, h1 = s.hands
    if kind is TakeTalon:
        index = move.index  # type: ignore[union-attr]
        taken = s.talons[index]
        if declarer == 0:
            h0 |= taken
        else:
            h1 |= taken
        talons = (0, s.talons[1]) if index == 0 else (s.talons[0], 0)
        return _auction_step(
            s, Phase.DISCARD, (h0, h1), talons, s.leader, s.calls, s.bid,
            declarer, s.contract, index, taken, s.discards,
        )  # fmt: skip
    if kind is Discard:
        bit = 1 << move.card.index  # type: ignore[union-attr]
        if declarer == 0:
            h0 &= ~bit
        else:
            h1 &= ~bit
        discards = s.discards | bit
        phase = Phase.CONTRACT if discards.bit_count() == 2 else Phase.DISCARD
        return _auction_step(
            s, phase, (h0, h1), s.talons, s.leader, s.calls, s.bid,
            declarer, s.contract, s.talon_taken, s.shown, discards,
        )  # fmt: skip
    assert kind is Contract
    return _auction_step(
        s, Phase.PLAY, s.hands, s.talons, declarer, s.calls, s.bid,
        declarer, move.points, s.talon_taken, s.shown, s.discards,  # type: ignore[union-attr]
    )  # fmt: skip


def perft(state: TausendeinsState, depth: int) -> int:
    """The number of legal move sequences of exactly ``depth`` moves from ``state``.

    As in chess: ``perft(state, 1) == len(legal_moves(state))`` and ``perft(state, 0)
    == 1``; a sequence that ends the deal early is not counted. The golden counts in
    ``tests/data/perft_tausendeins.json`` pin the move generator.

    >>> from sixtysix import tausendeins as t1
    >>> [t1.perft(t1.new_hand(t1.TAUSENDEINS, seed=1), d) for d in range(3)]
    [1, 8, 64]

    Raises:
        SixtySixError: ``depth`` is not a whole number from 0 to 64.
        DealError: ``state`` is not a :class:`~sixtysix.tausendeins.TausendeinsState`.
    """
    if type(depth) is not int or not 0 <= depth <= 64:
        raise SixtySixError(f"perft depth must be a whole number from 0 to 64, not {quote(depth)}")
    if type(state) is not TausendeinsState:
        raise DealError(f"perft needs a TausendeinsState, not {quote(state)}")
    return _perft(state, depth)


def _perft(state: TausendeinsState, depth: int) -> int:
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(_perft(apply_move(state, m), depth - 1) for m in moves)
