"""Dealing, legal moves and playing a card in four-hand partnership Sixty-Six (rules §10).

Every move is a :class:`~sixtysix.moves.Play`: there is no exchange, closing, marriage or
claim (§10.3). :func:`legal_moves` returns the cached ``Play`` objects of the playable
cards in canonical order (by suit C, D, H, S, and within a suit from the ace down), so it
allocates nothing once a hand shape has been seen.

>>> from sixtysix import partnership as p4
>>> pack = ("AC TC KC QC JC 9C 8C 7C AD TD KD QD JD 9D 8D 7D "
...         "AH TH KH QH JH 9H 8H 7H AS TS KS QS JS 9S 8S 7S")
>>> s = p4.deal_from_order(p4.FOUR_HAND_66, pack.split(), dealer=3)
>>> [str(c) for c in s.hand(0)], str(s.turnup)
(['AC', 'TC', 'KC', 'JD', '9D', 'JH', '9H', '8H'], '7S')
>>> s = p4.apply_move(s, "AC")
>>> [str(m) for m in p4.legal_moves(s)]
['QC', 'JC', '9C']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .._family.deal import read_pack
from .._hooks import VIEW_CLASSES4
from .._seeding import FOUR_HAND, Seed, shuffle
from ..cards import CARDS, Card
from ..errors import DealError, IllegalMoveError, PositionError, quote
from ..moves import PLAY, Move, Play, parse_move
from ._bits import HIGHER, POINTS, SUIT_MASK, TEN_OFFSET, iter_mask
from .rules import PartnershipRules, Undertrump
from .state import PartnershipState, build_state, dealt_state

if TYPE_CHECKING:
    from .views import PartnershipView

__all__ = [
    "Seed",
    "apply_move",
    "deal_from_order",
    "deal_plan",
    "explain_illegal",
    "is_legal",
    "is_over",
    "legal_moves",
    "new_hand",
    "playable_mask",
    "shuffled_deck",
    "to_move",
]

_REQUIRED = Undertrump.REQUIRED
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_SUIT_SINGULAR = ("club", "diamond", "heart", "spade")
_MOVES_CACHE: dict[int, tuple[Play, ...]] = {}
_MOVES_CACHE_LIMIT = 100_000
#: For each suit and each byte of that suit's run of bits, the plays of those cards.
_SUIT_MOVES: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
    tuple(tuple(PLAY[suit * 8 + k] for k in range(8) if (byte >> k) & 1) for byte in range(256))
    for suit in range(4)
)
_DEAL_PLANS: dict[tuple[int, tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}


# --------------------------------------------------------------------------- dealing


def _check_rules(rules: object) -> None:
    if not isinstance(rules, PartnershipRules):
        raise DealError(f"rules must be a PartnershipRules value, not {quote(rules)}")


def _check_dealer(dealer: object) -> None:
    if type(dealer) is not int or not 0 <= dealer <= 3:
        raise DealError(f"the dealer must be a seat from 0 to 3, not {quote(dealer)}")


def _not_a_state(what: str, value: object, view: bool = False) -> PositionError:
    kinds = "a PartnershipState or a PartnershipView" if view else "a PartnershipState"
    return PositionError(f"{what} needs {kinds}, not {type(value).__name__}")


def _check_state(what: str, state: object) -> None:
    if type(state) is not PartnershipState:
        raise _not_a_state(what, state)


def _check_state_or_view(what: str, state: object) -> None:
    # VIEW_CLASSES4 holds PartnershipView (added by views, which imports this module).
    if type(state) is not PartnershipState and type(state) not in VIEW_CLASSES4:
        raise _not_a_state(what, state, view=True)


def _check_scores(rules: PartnershipRules, scores: object) -> tuple[int, int]:
    if (
        not isinstance(scores, tuple)
        or len(scores) != 2
        or not all(type(x) is int and 0 <= x < rules.match_target for x in scores)
    ):
        raise DealError(
            "the match scores must be a pair of whole numbers of game points, each below "
            f"the match target {rules.match_target}, not {quote(scores)}"
        )
    return (scores[0], scores[1])


def deal_plan(rules: PartnershipRules, dealer: int) -> tuple[tuple[int, ...], ...]:
    """The pack positions dealt to seats 0, 1, 2 and 3 (rules §10.2).

    Each packet size in turn goes to every seat clockwise from the dealer's left
    (``dealer + 1``) to the dealer; the last card of the pack is the dealer's last card.

    >>> from sixtysix import partnership as p4
    >>> p4.deal_plan(p4.FOUR_HAND_24, dealer=0)[1]
    (0, 1, 2, 12, 13, 14)

    Raises:
        DealError: ``rules`` is not a :class:`PartnershipRules`, or a bad dealer.
    """
    _check_rules(rules)
    _check_dealer(dealer)
    key = (rules.deck.size, rules.deal_packets, dealer)
    plan = _DEAL_PLANS.get(key)
    if plan is None:
        seats: list[list[int]] = [[], [], [], []]
        pos = 0
        for size in rules.deal_packets:
            for k in range(1, 5):
                seats[(dealer + k) & 3].extend(range(pos, pos + size))
                pos += size
        plan = tuple(tuple(s) for s in seats)
        _DEAL_PLANS[key] = plan
    return plan


def _deal(
    rules: PartnershipRules, ids: Sequence[int], dealer: int, scores: tuple[int, int]
) -> PartnershipState:
    plan = deal_plan(rules, dealer)
    hands = [0, 0, 0, 0]
    for seat in range(4):
        mask = 0
        for p in plan[seat]:
            mask |= 1 << ids[p]
        hands[seat] = mask
    return dealt_state(rules, dealer, ids[-1], (hands[0], hands[1], hands[2], hands[3]), scores)


def deal_from_order(
    rules: PartnershipRules,
    order: Sequence[Card | str] | str,
    dealer: int = 0,
    *,
    scores: tuple[int, int] = (0, 0),
) -> PartnershipState:
    """Deal a hand from an ordered pack, top card first (rules §10.2, §10.3).

    Args:
        rules: The rule set; it fixes the deck and the packets.
        order: The whole deck, each card once, ``order[0]`` on top; cards or their text
            (a single string is split at spaces). The last card is turned up as trump.
        dealer: The dealer's seat, 0 to 3.
        scores: Both sides' match scores before this hand (§10.7), each below
            ``match_target``.

    Raises:
        DealError: ``order`` is not the deck in some order, a bad dealer or bad scores.
    """
    _check_rules(rules)
    _check_dealer(dealer)
    scores = _check_scores(rules, scores)
    ids = read_pack(order, rules.deck)
    return _deal(rules, ids, dealer, scores)


def _shuffled_ids(rules: PartnershipRules, seed: Seed) -> list[int]:
    return shuffle(FOUR_HAND, [c.index for c in rules.deck.cards], seed)


def shuffled_deck(rules: PartnershipRules, seed: Seed = None) -> list[Card]:
    """The deck in the order :func:`new_hand` deals it for ``seed``.

    The order is the permutation of the deck's canonical order whose factorial-number
    index is the BLAKE2b hash (personalisation ``sixtysix-4hand``) of the seed modulo
    ``n!``: stable across platforms and Python versions. The seed is tagged as in the
    two-hand :func:`sixtysix.shuffled_deck` (the same code), except that int seeds are
    hashed by their decimal text up to 4,300 digits (not 12,000 bits), so that the deals
    stay those of earlier versions. A :class:`random.Random` seed draws
    ``rng.randrange(n!)``; ``None`` draws from :mod:`secrets`.

    >>> from sixtysix import partnership as p4
    >>> p4.shuffled_deck(p4.FOUR_HAND_24, 1) == p4.shuffled_deck(p4.FOUR_HAND_24, 1)
    True

    Raises:
        DealError: ``seed`` is of another type.
    """
    _check_rules(rules)
    return [CARDS[i] for i in _shuffled_ids(rules, seed)]


def new_hand(
    rules: PartnershipRules,
    seed: Seed = None,
    dealer: int = 0,
    *,
    scores: tuple[int, int] = (0, 0),
) -> PartnershipState:
    """Deal a shuffled hand; the same int, str or bytes ``seed`` always gives the same deal.

    ``deal_from_order(rules, shuffled_deck(rules, seed), dealer)`` is the same deal.

    >>> from sixtysix import partnership as p4
    >>> p4.new_hand(p4.FOUR_HAND_66, seed=7) == p4.new_hand(p4.FOUR_HAND_66, seed=7)
    True

    Raises:
        DealError: a bad dealer, scores or seed.
    """
    _check_rules(rules)
    _check_dealer(dealer)
    return _deal(rules, _shuffled_ids(rules, seed), dealer, _check_scores(rules, scores))


# --------------------------------------------------------------------------- play


def to_move(state: PartnershipState) -> int | None:
    """The seat to play (0 to 3), or ``None`` when the hand is over.

    Raises:
        PositionError: ``state`` is not a :class:`PartnershipState`.
    """
    _check_state("to_move", state)
    if state.over:
        return None
    return (state.leader + len(state.trick)) & 3


def is_over(state: PartnershipState) -> bool:
    """Whether the hand has ended (then :func:`~sixtysix.partnership.score_hand` scores it).

    Raises:
        PositionError: ``state`` is not a :class:`PartnershipState`.
    """
    _check_state("is_over", state)
    return state.over


def _playable(hand: int, lead: int, best: int, trump: int, undertrump: Undertrump) -> int:
    """The cards a follower holding ``hand`` may play (rules §10.4)."""
    led = lead >> 3
    same = hand & SUIT_MASK[led]
    if same:
        if best >> 3 == led:  # not trumped (or a trump lead): beat the best card if able
            return (same & HIGHER[best]) or same
        return same  # trumped: any card of the led suit
    trumps = hand & SUIT_MASK[trump]
    if not trumps:
        return hand
    if best >> 3 == trump:
        higher = trumps & HIGHER[best]
        if higher:
            return higher
        return trumps if undertrump is _REQUIRED else hand
    return trumps


def playable_mask(state: PartnershipState | PartnershipView) -> int:
    """The bitmask of the cards the seat to move may play (0 when the hand is over).

    Raises:
        PositionError: ``state`` is neither a :class:`PartnershipState` nor a view.
    """
    _check_state_or_view("playable_mask", state)
    if state.over:
        return 0
    trick = state.trick
    seat = (state.leader + len(trick)) & 3
    hand = _hand_of(state, seat)
    if not trick:
        return hand
    return _playable(hand, trick[0], state.best, state.trump, state.rules.undertrump)


def _hand_of(state: PartnershipState | PartnershipView, seat: int) -> int:
    if isinstance(state, PartnershipState):
        return state.hands[seat]
    if seat != state.seat:
        return 0
    return state.hand_mask


def legal_moves(state: PartnershipState | PartnershipView) -> tuple[Play, ...]:
    """The legal moves: plays of the playable cards, in canonical card order.

    Works on a state, and on the view of the seat to move (another seat's view has no
    moves). The tuple is empty when the hand is over.

    Raises:
        PositionError: ``state`` is neither a :class:`PartnershipState` nor a view.
    """
    if type(state) is PartnershipState:
        if state.over:
            return ()
        trick = state.trick
        hand = state.hands[(state.leader + len(trick)) & 3]
    else:
        _check_state_or_view("legal_moves", state)
        if state.over:
            return ()
        trick = state.trick
        hand = _hand_of(state, (state.leader + len(trick)) & 3)
    if trick:
        mask = _playable(hand, trick[0], state.best, state.trump, state.rules.undertrump)
    else:
        mask = hand
    moves = _MOVES_CACHE.get(mask)
    if moves is None:
        moves = (
            _SUIT_MOVES[0][mask & 0xFF]
            + _SUIT_MOVES[1][(mask >> 8) & 0xFF]
            + _SUIT_MOVES[2][(mask >> 16) & 0xFF]
            + _SUIT_MOVES[3][mask >> 24]
        )
        if len(_MOVES_CACHE) < _MOVES_CACHE_LIMIT:
            _MOVES_CACHE[mask] = moves
    return moves


def _card_of(move: object) -> int:
    if isinstance(move, str):
        move = parse_move(move)
    if type(move) is Play:
        return move.card.index
    raise IllegalMoveError(
        move, "four-hand Sixty-Six has no exchange, closing, marriage, draw or claim: play a card"
    )


def _who(state: PartnershipState, seat: int, position: int) -> str:
    """Who played the card at ``position`` of the current trick, seen from ``seat``."""
    player = (state.leader + position) & 3
    if player == (seat + 2) & 3:
        return f"your partner (seat {player})"
    return f"seat {player}"


def _cards_word(mask: int) -> str:
    return " ".join(str(CARDS[i]) for i in iter_mask(mask))


def explain_illegal(state: PartnershipState, move: Move | str) -> str | None:
    """Why ``move`` is illegal in ``state``, in words a player would use, or ``None``.

    >>> from sixtysix import partnership as p4
    >>> pack = ("AC TC KC QC JC 9C 8C 7C AD TD KD QD JD 9D 8D 7D "
    ...         "AH TH KH QH JH 9H 8H 7H AS TS KS QS JS 9S 8S 7S")
    >>> s = p4.apply_move(p4.deal_from_order(p4.FOUR_HAND_66, pack.split(), dealer=3), "JD")
    >>> p4.explain_illegal(s, "AS")
    'you must follow suit: you hold diamonds (8D 7D)'
    >>> s = p4.apply_move(s, "8D")
    >>> p4.explain_illegal(s, "8C")
    'you must follow suit: you hold diamonds (AD)'
    >>> p4.explain_illegal(s, "AD") is None
    True

    Raises:
        ParseError: ``move`` is text that is not a move.
        PositionError: ``state`` is not a :class:`PartnershipState`.
    """
    _check_state("explain_illegal", state)
    try:
        card = _card_of(move)
    except IllegalMoveError as exc:
        return exc.reason
    if state.over:
        return "the hand is over"
    trick = state.trick
    seat = (state.leader + len(trick)) & 3
    hand = state.hands[seat]
    bit = 1 << card
    if not hand & bit:
        holder = next((s for s in range(4) if state.hands[s] & bit), None)
        if holder is None:
            return (
                f"{CARDS[card]} has already been played"
                if card in state.played
                else (f"{CARDS[card]} is not in the {state.rules.deck.name} deck")
            )
        return f"it is seat {seat}'s turn, and seat {seat} does not hold {CARDS[card]}"
    if not trick:
        return None
    allowed = _playable(hand, trick[0], state.best, state.trump, state.rules.undertrump)
    if allowed & bit:
        return None
    led = trick[0] >> 3
    trump = state.trump
    best = state.best
    who = _who(state, seat, trick.index(best))
    same = hand & SUIT_MASK[led]
    if same:
        if card >> 3 != led:
            return f"you must follow suit: you hold {_SUIT_NAMES[led]} ({_cards_word(same)})"
        kind = "trump" if led == trump else _SUIT_SINGULAR[led]
        return (
            f"you must beat the {CARDS[best]} of {who} with a higher {kind}: you hold "
            f"{_cards_word(allowed)}"
        )
    void = f"you are void in {_SUIT_NAMES[led]}, so"
    if best >> 3 != trump:
        return f"{void} you must play a trump: you hold {_cards_word(allowed)}"
    if allowed & HIGHER[best]:
        return (
            f"{void} you must over-trump the {CARDS[best]} of {who}: you hold "
            f"{_cards_word(allowed)}"
        )
    return (
        f"{void} although you cannot beat the {CARDS[best]} of {who}, you must still play a "
        f"trump (undertrump = REQUIRED): you hold {_cards_word(allowed)}"
    )


def is_legal(state: PartnershipState, move: Move | str) -> bool:
    """Whether ``move`` may be played in ``state``.

    Raises:
        ParseError: ``move`` is text that is not a move.
        PositionError: ``state`` is not a :class:`PartnershipState`.
    """
    _check_state("is_legal", state)
    return explain_illegal(state, move) is None


def apply_move(state: PartnershipState, move: Move | str) -> PartnershipState:
    """The state after the seat to move plays ``move``; ``state`` itself is unchanged.

    ``move`` is a :class:`~sixtysix.moves.Play` or its text (``"QH"``).

    After the fourth card of a trick, its winner takes it and leads the next (§10.4); the
    hand ends when the cards run out, or (§10.7) right after the trick in which the side
    that wins the trump ten reaches ``match_target`` with its point.

    Raises:
        IllegalMoveError: the move is not legal; the message names the obligation broken.
        ParseError: ``move`` is text that is not a move.
        PositionError: ``state`` is not a :class:`PartnershipState`.
    """
    if type(state) is not PartnershipState:
        raise _not_a_state("apply_move", state)
    if type(move) is not Play:
        card = _card_of(move)
        move = PLAY[card]
    else:
        card = move.card.index
    if state.over:
        raise IllegalMoveError(move, "the hand is over")
    trick = state.trick
    n = len(trick)
    leader = state.leader
    seat = (leader + n) & 3
    hands = state.hands
    hand = hands[seat]
    bit = 1 << card
    if n:
        best = state.best
        trump = state.trump
        if not (_playable(hand, trick[0], best, trump, state.rules.undertrump) & bit):
            raise IllegalMoveError(move, explain_illegal(state, move) or "not playable")
        suit = card >> 3
        if (suit == best >> 3 and card < best) or (suit == trump and best >> 3 != trump):
            best = card
    else:
        if not hand & bit:
            raise IllegalMoveError(move, explain_illegal(state, move) or "not playable")
        best = card
    if seat == 0:
        new_hands = (hand ^ bit, hands[1], hands[2], hands[3])
    elif seat == 1:
        new_hands = (hands[0], hand ^ bit, hands[2], hands[3])
    elif seat == 2:
        new_hands = (hands[0], hands[1], hand ^ bit, hands[3])
    else:
        new_hands = (hands[0], hands[1], hands[2], hand ^ bit)
    played = (*state.played, card)
    if n < 3:
        return build_state(
            state.rules,
            state.dealer,
            state.trump,
            state.turnup_index,
            new_hands,
            leader,
            (*trick, card),
            best,
            state.won,
            state.card_points,
            played,
            state.scores,
            state.ten_side,
            False,
        )
    # The trick is complete: its winner takes it and leads next.
    a, b, c = trick
    winner = (leader + (0 if best == a else 1 if best == b else 2 if best == c else 3)) & 3
    side = winner & 1
    mask = (1 << a) | (1 << b) | (1 << c) | bit
    value = POINTS[a] + POINTS[b] + POINTS[c] + POINTS[card]
    won = state.won
    points = state.card_points
    if side:
        won = (won[0], won[1] | mask)
        points = (points[0], points[1] + value)
    else:
        won = (won[0] | mask, won[1])
        points = (points[0] + value, points[1])
    ten_side = state.ten_side
    over = not any(new_hands)
    rules = state.rules
    if rules.ten_of_trumps_point and (mask >> (state.trump * 8 + TEN_OFFSET)) & 1:
        ten_side = side
        if state.scores[side] + 1 >= rules.match_target:
            over = True
    return build_state(
        rules,
        state.dealer,
        state.trump,
        state.turnup_index,
        new_hands,
        winner,
        (),
        -1,
        won,
        points,
        played,
        state.scores,
        ten_side,
        over,
    )
