"""Numbers for learning agents: a fixed-size vector for a :class:`~sixtysix.PlayerView`.

The framework adapters (:mod:`sixtysix.openspiel`, :mod:`sixtysix.pettingzoo`,
:mod:`sixtysix.gymnasium`) all observe a hand through this one encoding, and all act
through the fixed move ids of :func:`~sixtysix.moves.move_id` (40 actions for every
deck). Everything is computed from the view alone, so an observation can never reveal a
card the seat has not seen: equal views give equal vectors.

>>> from sixtysix import SCHNAPSEN, new_hand, observe, legal_moves
>>> from sixtysix.moves import move_id
>>> view = observe(new_hand(SCHNAPSEN, seed=7), 1)
>>> vector = encode_view(view)
>>> len(vector) == observation_size(SCHNAPSEN.deck) == 184
True
>>> mask = action_mask(view)
>>> len(mask), sum(mask) == len(legal_moves(view))
(40, True)
>>> sorted(decode_mask(mask), key=move_id) == sorted(legal_moves(view), key=move_id)
True

**The vector** is a flat list of floats, all in ``[0, 1]`` except the point and trick
counts, which are scaled so that 66 points or a whole hand's tricks are 1.0 (they stay
below 3). Card blocks have one entry per card of the rule set's deck, in canonical order
(:attr:`Deck.cards <sixtysix.Deck.cards>`: clubs A T K Q J (9 8 7), then diamonds,
hearts, spades), so a block has 20, 24 or 32 entries and the whole vector has
``7 * deck.size + 44`` entries: 184 for 20 cards, 212 for 24, 268 for 32 (:func:`layout`
gives every block's position).
"Me" is the view's seat, "opponent" the other seat; the vector is the same function of
the view for both seats.

=====================  =======  ======================================================
block                  size     meaning
=====================  =======  ======================================================
``hand``               n        1 for each card in my hand (the only private block)
``opponent_known``     n        cards I know the opponent holds (declared marriage
                                partner, the turn-up taken by an exchange, the last
                                card drawn from the talon)
``opponent_excluded``  n        unseen cards the opponent cannot hold (strict-phase
                                inferences, :attr:`~sixtysix.PlayerView.opponent_excluded_mask`)
``won_me``             n        cards in the tricks I won
``won_opponent``       n        cards in the tricks the opponent won
``lead``               n        the card led to the trick in progress
``talon_bottom``       n        the talon's bottom card (turn-up, or the exchange card
                                after an exchange; also under a closed talon)
``trump``              4        trump suit, one-hot (clubs, diamonds, hearts, spades)
``step``               4        LEAD, FOLLOW, DECIDE, OVER, one-hot
``seat``               2        my seat, one-hot
``flags``              8        I am to move; I lead this trick; I am the dealer;
                                talon closed by me; closed by the opponent; exchanged by
                                me; exchanged by the opponent; I closed during this turn
``sizes``              2        talon size / initial talon size; opponent's hand size /
                                cards per hand
``points``             6        card points me, opponent; counted marriages me,
                                opponent; pending marriages me, opponent (all / 66)
``tricks``             2        tricks won by me, by the opponent (/ tricks in a hand)
``declared_me``        4        marriages I declared, by suit
``declared_opponent``  4        marriages the opponent declared, by suit
``turn_marriage``      4        the suit married in this leading turn, one-hot
``close_snapshot``     4        at the close: tricks played (/ tricks in a hand), the
                                closer's opponent's tricks (same scale), card points
                                and counted marriages (/ 66); zeros if not closed
=====================  =======  ======================================================

**The action mask** has :data:`~sixtysix.moves.NUM_ACTIONS` (40) entries, 1 at the id of
each legal move of the view's seat and 0 elsewhere; it is all zeros when the seat is
not to move or the hand is over. :func:`decode_mask` turns it back into the moves.

**Four-hand partnership views** (:class:`~sixtysix.partnership.PartnershipView`) have
their own vector, :func:`encode_partnership_view`, of ``13 * deck.size + 35`` entries
(451 for the 32-card deck, 347 for 24 cards; :func:`partnership_layout` gives the
blocks). Seats are taken *relative to the viewer*: position 0 is me, 1 the opponent on
my left (the next to play after me), 2 my partner, 3 the opponent on my right; "us" is
my side, "them" the other. Card blocks are in the deck's canonical order as above.

=====================  =======  ======================================================
block                  size     meaning
=====================  =======  ======================================================
``hand``               n        my cards (the only private block)
``turnup``             n        the turned-up card (the trump card, the dealer's)
``played_0`` ..        4 x n    the cards each relative position has played so far
``played_3``                    (this trick included)
``excluded_1`` ..      3 x n    the cards positions 1, 2, 3 are known not to hold
``excluded_3``                  (the inferences of rules §10.9)
``trick``              n        the cards of the trick in progress
``best``               n        the card winning the trick in progress
``won_us``             n        the cards in the tricks my side won
``won_them``           n        the cards in the tricks the other side won
``trump``              4        trump suit, one-hot (clubs, diamonds, hearts, spades)
``seat``               4        my absolute seat, one-hot (seats 0, 2 are side 0)
``dealer``             4        the dealer's relative position, one-hot
``leader``             4        the relative position that led this trick, one-hot
``to_move``            4        the relative position to move, one-hot (zeros when over)
``flags``              3        I am to move; the dealer still holds the turn-up; over
``hand_sizes``         4        cards held by each relative position / cards per hand
``points``             2        card points of us, them (/ 66)
``tricks``             2        tricks won by us, them (/ tricks in a hand)
``scores``             2        match scores of us, them when dealt (/ ``match_target``)
``ten_of_trumps``      2        the side that won the trump ten: us, them (one-hot)
=====================  =======  ======================================================

The four-hand action mask is :func:`partnership_action_mask`: the same 40 ids, of
which only the plays (0-31) occur.

>>> from sixtysix import partnership as p4
>>> v4 = p4.observe(p4.new_hand(p4.FOUR_HAND_66, seed=3), 1)
>>> len(encode_partnership_view(v4)) == partnership_observation_size(p4.FOUR_HAND_66) == 451
True
>>> sum(partnership_action_mask(v4)) == len(p4.legal_moves(v4))
True

The plain functions return Python lists and need nothing but the standard library;
:func:`encode_view_array` and :func:`action_mask_array` return NumPy arrays (``float32``
and ``int8``) and import NumPy when first called.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import attrs

from .cards import CARDS, Deck, Suit
from .errors import SixtySixError, quote
from .legality import require_plain_trick_game
from .moves import ALL_MOVES, NUM_ACTIONS, Move, move_id
from .observe import PlayerView
from .rules import Rules
from .state import Step

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from .partnership.rules import PartnershipRules
    from .partnership.views import PartnershipView

__all__ = [
    "action_mask",
    "action_mask_array",
    "action_masks_into",
    "decode_mask",
    "encode_partnership_view",
    "encode_partnership_view_array",
    "encode_view",
    "encode_view_array",
    "encode_views_into",
    "layout",
    "observation_size",
    "partnership_action_mask",
    "partnership_layout",
    "partnership_observation_size",
    "view_text",
]

#: The blocks of the vector after the six card blocks: (name, size).
_FIXED_BLOCKS: tuple[tuple[str, int], ...] = (
    ("trump", 4),
    ("step", 4),
    ("seat", 2),
    ("flags", 8),
    ("sizes", 2),
    ("points", 6),
    ("tricks", 2),
    ("declared_me", 4),
    ("declared_opponent", 4),
    ("turn_marriage", 4),
    ("close_snapshot", 4),
)
_CARD_BLOCKS = (
    "hand",
    "opponent_known",
    "opponent_excluded",
    "won_me",
    "won_opponent",
    "lead",
    "talon_bottom",
)
_FIXED_SIZE = sum(size for _, size in _FIXED_BLOCKS)
_STEPS = (Step.LEAD, Step.FOLLOW, Step.DECIDE, Step.OVER)
_POINTS_SCALE = 66.0


def _deck_of(deck: object, rules_type: type[Any] = Rules) -> Deck:
    """The deck of ``deck``: a :class:`~sixtysix.Deck` or a rule set of ``rules_type``."""
    if isinstance(deck, rules_type):
        found: Deck = deck.deck
        return found
    if isinstance(deck, Deck):
        return deck
    raise SixtySixError(f"expected a Deck or a {rules_type.__name__} value, not {quote(deck)}")


def _check_view(view: object, what: str) -> None:
    """Raise the error of a two-hand function given something else than a view."""
    if type(view) is not PlayerView:
        needs = "PlayerViews" if what.endswith("_into") else "a PlayerView"
        raise SixtySixError(f"{what} needs {needs}, not {quote(view)}")


def observation_size(deck: Deck | Rules) -> int:
    """The length of :func:`encode_view`'s vector for this deck: ``7 * deck.size + 44``.

    >>> from sixtysix import Deck, CLASSIC_66
    >>> observation_size(Deck.D20), observation_size(CLASSIC_66), observation_size(Deck.D32)
    (184, 212, 268)

    Raises:
        SixtySixError: ``deck`` is neither a :class:`~sixtysix.Deck` nor a rule set.
    """
    return len(_CARD_BLOCKS) * _deck_of(deck).size + _FIXED_SIZE


def layout(deck: Deck | Rules) -> tuple[tuple[str, int, int], ...]:
    """The blocks of the vector as ``(name, start, size)``, in order (see the module doc).

    >>> from sixtysix import SCHNAPSEN
    >>> layout(SCHNAPSEN)[:3]
    (('hand', 0, 20), ('opponent_known', 20, 20), ('opponent_excluded', 40, 20))
    >>> layout(SCHNAPSEN)[-1]
    ('close_snapshot', 180, 4)

    Raises:
        SixtySixError: ``deck`` is neither a :class:`~sixtysix.Deck` nor a rule set.
    """
    return _layout(_deck_of(deck).size, _CARD_BLOCKS, _FIXED_BLOCKS)


def _layout(
    n: int, card_blocks: tuple[str, ...], fixed_blocks: tuple[tuple[str, int], ...]
) -> tuple[tuple[str, int, int], ...]:
    """``(name, start, size)`` of each block: the card blocks of ``n`` entries, then the rest."""
    sizes = [(name, n) for name in card_blocks] + list(fixed_blocks)
    starts = [0]
    for _, size in sizes:
        starts.append(starts[-1] + size)
    return tuple((name, start, size) for (name, size), start in zip(sizes, starts, strict=False))


# Card index -> position in the deck's canonical order, per deck.
_SLOTS: dict[Deck, tuple[int, ...]] = {
    d: tuple(next((k for k, c in enumerate(d.cards) if c.index == i), -1) for i in range(32))
    for d in Deck
}


def _card_block(out: list[float], mask: int, slots: tuple[int, ...], n: int) -> None:
    block = [0.0] * n
    i = 0
    while mask:
        if mask & 1:
            block[slots[i]] = 1.0
        mask >>= 1
        i += 1
    out.extend(block)


def _one_hot(out: list[float], index: int, size: int) -> None:
    block = [0.0] * size
    if 0 <= index < size:
        block[index] = 1.0
    out.extend(block)


def _bits(out: list[float], mask: int, size: int) -> None:
    out.extend(float((mask >> k) & 1) for k in range(size))


def encode_view(view: PlayerView) -> list[float]:
    """The observation vector of ``view`` (layout in the module docstring).

    >>> from sixtysix import CLASSIC_66, new_hand, observe
    >>> vector = encode_view(observe(new_hand(CLASSIC_66, seed=1, dealer=0), 0))
    >>> len(vector), sum(vector[:24])  # six cards in my hand
    (212, 6.0)

    Raises:
        SixtySixError: ``view`` is not a :class:`~sixtysix.PlayerView`.
    """
    _check_view(view, "encode_view")
    rules = view.rules
    require_plain_trick_game(rules, "the observation encoding", encoding=True)  # §13
    deck = rules.deck
    n = deck.size
    slots = _SLOTS[deck]
    me = view.seat
    opp = 1 - me
    out: list[float] = []
    _card_block(out, view.hand_mask, slots, n)
    _card_block(out, view.opponent_known_mask, slots, n)
    _card_block(out, view.opponent_excluded_mask, slots, n)
    _card_block(out, view.won[me], slots, n)
    _card_block(out, view.won[opp], slots, n)
    _card_block(out, (1 << view.lead) if view.lead >= 0 else 0, slots, n)
    _card_block(out, (1 << view.talon_bottom) if view.talon_bottom >= 0 else 0, slots, n)
    _one_hot(out, view.trump, 4)
    _one_hot(out, _STEPS.index(view.step), 4)
    _one_hot(out, me, 2)
    out.extend(
        (
            float(view.to_move == me),
            float(view.leader == me),
            float(view.dealer == me),
            float(view.closed_by == me),
            float(view.closed_by == opp),
            float(view.exchanged_by == me),
            float(view.exchanged_by == opp),
            float(bool(view.turn_steps)),
        )
    )
    hand_size = sum(rules.deal_packets)
    out.append(view.talon_size / rules.talon_size)
    out.append(view.opponent_hand_size / hand_size)
    out.extend(
        (
            view.card_points[me] / _POINTS_SCALE,
            view.card_points[opp] / _POINTS_SCALE,
            view.marriages[me] / _POINTS_SCALE,
            view.marriages[opp] / _POINTS_SCALE,
            view.pending[me] / _POINTS_SCALE,
            view.pending[opp] / _POINTS_SCALE,
        )
    )
    tricks = n // 2
    out.append(view.tricks(me) / tricks)
    out.append(view.tricks(opp) / tricks)
    _bits(out, view.declared >> (4 * me), 4)
    _bits(out, view.declared >> (4 * opp), 4)
    _one_hot(out, view.turn_marriage, 4)
    snap = view.close_snapshot
    if snap is None:
        out.extend((0.0, 0.0, 0.0, 0.0))
    else:
        out.extend(
            (
                snap.tricks_played / tricks,
                snap.opponent_tricks / tricks,
                snap.opponent_card_points / _POINTS_SCALE,
                snap.opponent_marriages / _POINTS_SCALE,
            )
        )
    return out


def action_mask(view: PlayerView) -> list[int]:
    """40 ints: 1 at the :func:`~sixtysix.moves.move_id` of each legal move of the view.

    All zeros when the view's seat is not to move (or the hand is over).

    >>> from sixtysix import SCHNAPSEN, new_hand, observe
    >>> state = new_hand(SCHNAPSEN, seed=2, dealer=0)
    >>> sum(action_mask(observe(state, 0))), sum(action_mask(observe(state, 1))) > 0
    (0, True)

    Raises:
        SixtySixError: ``view`` is not a :class:`~sixtysix.PlayerView`.
    """
    _check_view(view, "action_mask")
    require_plain_trick_game(view.rules, "the action ids", encoding=True)  # §13
    mask = [0] * NUM_ACTIONS
    for move in view.legal_moves():
        mask[move_id(move)] = 1
    return mask


def decode_mask(mask: Any) -> tuple[Move, ...]:
    """The moves whose entries in ``mask`` are non-zero, in id order.

    ``mask`` is any sequence of 40 numbers (a list, a tuple, a NumPy array). Decoding
    the mask of a view gives exactly its legal moves, sorted by id (whereas
    :func:`~sixtysix.legal_moves` has its own fixed order).

    >>> decode_mask([1] + [0] * 36 + [0, 1, 0])
    (Play(card=Card.parse('AC')), Draw())

    Raises:
        SixtySixError: ``mask`` does not have 40 entries.
    """
    values = list(mask)
    if len(values) != NUM_ACTIONS:
        raise SixtySixError(
            f"an action mask has {NUM_ACTIONS} entries, not {len(values)}: {quote(mask)}"
        )
    return tuple(ALL_MOVES[i] for i, value in enumerate(values) if value)


def encode_view_array(view: PlayerView) -> npt.NDArray[np.float32]:
    """:func:`encode_view` as a NumPy ``float32`` array (NumPy is imported on first use).

    >>> from sixtysix import SCHNAPSEN, new_hand, observe
    >>> array = encode_view_array(observe(new_hand(SCHNAPSEN, seed=1), 0))
    >>> array.dtype.name, array.shape
    ('float32', (184,))

    Raises:
        SixtySixError: ``view`` is not a :class:`~sixtysix.PlayerView`.
    """
    import numpy as np

    return np.asarray(encode_view(view), dtype=np.float32)


def action_mask_array(view: PlayerView) -> npt.NDArray[np.int8]:
    """:func:`action_mask` as a NumPy ``int8`` array (NumPy is imported on first use).

    >>> from sixtysix import SCHNAPSEN, new_hand, observe
    >>> state = new_hand(SCHNAPSEN, seed=1, dealer=0)
    >>> mask = action_mask_array(observe(state, 1))
    >>> mask.dtype.name, mask.shape, int(mask.sum()) > 0
    ('int8', (40,), True)

    Raises:
        SixtySixError: ``view`` is not a :class:`~sixtysix.PlayerView`.
    """
    import numpy as np

    return np.asarray(action_mask(view), dtype=np.int8)


# ---------------------------------------------------------------- batches of views

# Per rule set (by identity, the value kept so the id stays valid): the divisors of the
# sizes block, (talon size, cards per hand).
_SIZES: dict[int, tuple[Rules, int, int]] = {}
# Per legal-move tuple (by identity; legal_moves returns cached tuples): its ids as bits.
_MASK_BITS: dict[int, tuple[tuple[Move, ...], int]] = {}
_CACHE_LIMIT = 50_000


def _sizes(rules: Rules) -> tuple[int, int]:
    entry = _SIZES.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_SIZES) >= _CACHE_LIMIT:
            _SIZES.clear()
        entry = _SIZES[id(rules)] = (rules, rules.talon_size, sum(rules.deal_packets))
    return entry[1], entry[2]


# The int fields of a view that the batch encoder reads (then its pairs, flattened).
_GATHER = attrgetter(
    "seat",
    "dealer",
    "trump",
    "hand_mask",
    "opponent_hand_size",
    "opponent_known_mask",
    "talon_size",
    "talon_bottom",
    "step",
    "leader",
    "lead",
    "declared",
    "turn_marriage",
    "turn_steps",
    "closed_by",
    "exchanged_by",
)


#: The length of a :func:`_view_row`.
_ROW_SIZE = 24


def _snapshot(snap: Any) -> tuple[int, int, int, int]:
    return (
        snap.tricks_played,
        snap.opponent_tricks,
        snap.opponent_card_points,
        snap.opponent_marriages,
    )


def _view_row(view: PlayerView) -> tuple[int, ...]:
    """The ints of ``view`` for the batch encoder: :data:`_GATHER`, then the pairs."""
    return (
        *_GATHER(view),
        *view.won,
        *view.card_points,
        *view.marriages,
        *view.pending,
    )


def encode_views_into(views: Sequence[PlayerView], out: npt.NDArray[np.float32]) -> None:
    """Write :func:`encode_view_array` of ``views[k]`` into row ``out[k]``, for every k.

    For batches (the vector environment encodes every sub-environment's view in one
    call): the integers of each view are gathered in Python, the vectors are computed
    with NumPy for the whole batch at once, and ``out`` is written in place. The views
    may come from different seats and hands; they must share one deck, whose
    :func:`observation_size` is ``out``'s row length. The rows are equal to
    :func:`encode_view_array`'s (a test checks it on random hands of every preset).

    >>> import numpy as np
    >>> from sixtysix import SCHNAPSEN, new_hand, observe
    >>> views = [observe(new_hand(SCHNAPSEN, seed=s), s % 2) for s in range(3)]
    >>> out = np.zeros((3, observation_size(SCHNAPSEN)), np.float32)
    >>> encode_views_into(views, out)
    >>> all(np.array_equal(out[k], encode_view_array(v)) for k, v in enumerate(views))
    True

    Raises:
        SixtySixError: a view is not a :class:`~sixtysix.PlayerView`, the views do not
            share one deck, or ``out`` is not a ``float32`` array of
            ``(len(views), observation_size)``.
    """
    import numpy as np

    count = len(views)
    if count == 0:
        if getattr(out, "ndim", None) != 2 or len(out) or out.dtype != np.float32:
            raise SixtySixError(
                f"out must be a float32 array of 0 rows, not {_describe_array(out)}"
            )
        return
    deck = _batch_deck(views)
    n = deck.size
    _check_out(out, (count, len(_CARD_BLOCKS) * n + _FIXED_SIZE), "float32")
    flat = chain.from_iterable(map(_view_row, views))
    rows = np.fromiter(flat, np.int64, count * _ROW_SIZE).reshape(count, _ROW_SIZE)
    rules = views[0].rules
    if all(v.rules is rules for v in views):
        talon_total: Any = rules.talon_size
        hand_total: Any = sum(rules.deal_packets)
    else:
        sizes = np.array([_sizes(v.rules) for v in views], dtype=np.int64)
        talon_total, hand_total = sizes[:, 0], sizes[:, 1]
    seat = rows[:, 0]
    first = seat == 0
    opp = 1 - seat

    def mine(column: int) -> Any:
        return np.where(first, rows[:, column], rows[:, column + 1])

    def theirs(column: int) -> Any:
        return np.where(first, rows[:, column + 1], rows[:, column])

    closed_by, exchanged_by = rows[:, 14], rows[:, 15]
    # The exclusions are strict-phase inferences: none before the talon is closed or
    # exhausted, so the property's walk over the tricks runs only in strict rows.
    excluded = np.zeros(count, np.int64)
    strict = np.flatnonzero((closed_by >= 0) | (rows[:, 6] == 0)).tolist()
    if strict:
        excluded[strict] = [views[i].opponent_excluded_mask for i in strict]
    masks = np.stack((rows[:, 3], rows[:, 5], excluded, mine(16), theirs(16)), axis=1)
    positions = _bit_positions(deck)
    cards = (masks[:, :, None] >> positions) & 1
    out[:, : 5 * n] = cards.reshape(count, 5 * n)
    out[:, 5 * n : 6 * n] = rows[:, 10, None] == positions
    out[:, 6 * n : 7 * n] = rows[:, 7, None] == positions
    k = 7 * n
    step, leader = rows[:, 8], rows[:, 9]
    _one_hot_rows(out, k, rows[:, 2], 4)
    _one_hot_rows(out, k + 4, step, 4)
    _one_hot_rows(out, k + 8, seat, 2)
    to_move = np.where(step == int(Step.FOLLOW), 1 - leader, leader)
    out[:, k + 10] = (step != int(Step.OVER)) & (to_move == seat)
    out[:, k + 11] = leader == seat
    out[:, k + 12] = rows[:, 1] == seat
    out[:, k + 13] = closed_by == seat
    out[:, k + 14] = closed_by == opp
    out[:, k + 15] = exchanged_by == seat
    out[:, k + 16] = exchanged_by == opp
    out[:, k + 17] = rows[:, 13] != 0
    out[:, k + 18] = rows[:, 6] / talon_total
    out[:, k + 19] = rows[:, 4] / hand_total
    for j, column in enumerate((18, 20, 22)):
        out[:, k + 20 + 2 * j] = mine(column) / _POINTS_SCALE
        out[:, k + 21 + 2 * j] = theirs(column) / _POINTS_SCALE
    tricks = float(n // 2)
    out[:, k + 26] = cards[:, 3].sum(axis=1) // 2 / tricks
    out[:, k + 27] = cards[:, 4].sum(axis=1) // 2 / tricks
    declared = rows[:, 11]
    out[:, k + 28 : k + 32] = ((declared >> (4 * seat))[:, None] >> np.arange(4)) & 1
    out[:, k + 32 : k + 36] = ((declared >> (4 * opp))[:, None] >> np.arange(4)) & 1
    _one_hot_rows(out, k + 36, rows[:, 12], 4)
    out[:, k + 40 : k + 44] = 0.0
    snapshots = [(i, views[i].close_snapshot) for i in np.flatnonzero(closed_by >= 0).tolist()]
    closed = [i for i, snap in snapshots if snap is not None]
    if closed:
        snaps = np.array([_snapshot(snap) for _, snap in snapshots if snap is not None], np.int64)
        out[closed, k + 40 : k + 42] = snaps[:, :2] / tricks
        out[closed, k + 42 : k + 44] = snaps[:, 2:] / _POINTS_SCALE


def _batch_deck(views: Sequence[PlayerView]) -> Deck:
    first = views[0]
    _check_view(first, "encode_views_into")
    deck = first.rules.deck
    require_plain_trick_game(first.rules, "the observation encoding", encoding=True)  # §13
    for view in views:
        if type(view) is not PlayerView:
            raise SixtySixError(f"encode_views_into needs PlayerViews, not {quote(view)}")
        if view.rules.deck is not deck:
            raise SixtySixError(
                f"the views of one batch share a deck: {deck.name} and {view.rules.deck.name}"
            )
    return deck


def _check_out(out: Any, shape: tuple[int, ...], dtype: str) -> None:
    if getattr(out, "shape", None) != shape or getattr(out, "dtype", None) != dtype:
        raise SixtySixError(
            f"out must be a {dtype} array of shape {shape}, not {_describe_array(out)}"
        )


def _describe_array(value: Any) -> str:
    shape = getattr(value, "shape", None)
    dtype = getattr(value, "dtype", None)
    if shape is None or dtype is None:
        return quote(value)
    return f"a {dtype} array of shape {tuple(shape)}"


_BIT_POSITIONS: dict[Deck, Any] = {}


def _bit_positions(deck: Deck) -> Any:
    """The card index of each position of a card block (the deck's canonical order)."""
    positions = _BIT_POSITIONS.get(deck)
    if positions is None:
        import numpy as np

        positions = _BIT_POSITIONS[deck] = np.array([c.index for c in deck.cards], np.int64)
    return positions


def _one_hot_rows(out: Any, start: int, index: Any, size: int) -> None:
    import numpy as np

    out[:, start : start + size] = index[:, None] == np.arange(size)


def _mask_bits(moves: tuple[Move, ...]) -> int:
    entry = _MASK_BITS.get(id(moves))
    if entry is None or entry[0] is not moves:
        bits = 0
        for move in moves:
            bits |= 1 << move_id(move)
        if len(_MASK_BITS) >= _CACHE_LIMIT:
            _MASK_BITS.clear()
        entry = _MASK_BITS[id(moves)] = (moves, bits)
    return entry[1]


def action_masks_into(views: Sequence[PlayerView], out: npt.NDArray[np.int8]) -> None:
    """Write :func:`action_mask_array` of ``views[k]`` into row ``out[k]``, for every k.

    The batch form of :func:`action_mask_array`, as :func:`encode_views_into` is of
    :func:`encode_view_array`.

    >>> import numpy as np
    >>> from sixtysix import SCHNAPSEN, new_hand, observe
    >>> state = new_hand(SCHNAPSEN, seed=1, dealer=0)
    >>> out = np.zeros((2, 40), np.int8)
    >>> action_masks_into([observe(state, 0), observe(state, 1)], out)
    >>> from sixtysix import legal_moves
    >>> out.sum(axis=1).tolist() == [0, len(legal_moves(state))]
    True

    Raises:
        SixtySixError: a view is not a :class:`~sixtysix.PlayerView`, or ``out`` is not
            an ``int8`` array of ``(len(views), 40)``.
    """
    import numpy as np

    _check_out(out, (len(views), NUM_ACTIONS), "int8")
    bits = []
    for view in views:
        if type(view) is not PlayerView:
            raise SixtySixError(f"action_masks_into needs PlayerViews, not {quote(view)}")
        bits.append(_mask_bits(view.legal_moves()))
    packed = np.array(bits, dtype=np.int64).reshape(len(views), 1)
    out[:] = (packed >> np.arange(NUM_ACTIONS)) & 1


_CARD_FIELDS = ("lead", "talon_bottom", "dealt_turnup")


def _cards_text(mask: int) -> str:
    return " ".join(str(CARDS[i]) for i in range(32) if (mask >> i) & 1) or "-"


def _field_text(name: str, value: Any) -> str:
    if name.endswith("_mask"):
        return _cards_text(value)
    if name == "won":
        return " | ".join(_cards_text(mask) for mask in value)
    if name == "played":
        return " ".join(str(CARDS[i]) for i in value) or "-"
    if name in _CARD_FIELDS:
        return str(CARDS[value]) if value >= 0 else "-"
    if name == "trump":
        return Suit(value).letter
    if name == "step":
        return str(value.name)
    if value is not None and attrs.has(type(value)):
        return " ".join(str(v) for v in attrs.astuple(value))
    return str(value)


def view_text(view: PlayerView, *, public: bool = True, private: bool = True) -> str:
    """Every fact of ``view`` as one line of text: equal views give equal text.

    ``private`` is the seat's hand; ``public`` is everything else (the seat, the
    dealer, the trick, the cards played and won, the points, what is known and excluded
    of the opponent's hand, ...). The framework adapters use it as the observation
    string.

    >>> from sixtysix import SCHNAPSEN, deal_from_order, observe
    >>> pack = "AH TH KH QH JH AS TS KS QS JS AD TD KD QD JD AC TC KC QC JC"
    >>> view = observe(deal_from_order(SCHNAPSEN, pack.split(), dealer=0), 1)
    >>> view_text(view, public=False)
    'hand=AH TH KH KS QS'
    >>> view_text(view).split("; ")[1:4]
    ['seat=1', 'dealer=0', 'trump=S']

    Raises:
        SixtySixError: ``view`` is not a :class:`~sixtysix.PlayerView`.
    """
    _check_view(view, "view_text")
    parts = []
    if private:
        parts.append(f"hand={_cards_text(view.hand_mask)}")
    if public:
        for field in attrs.fields(PlayerView):
            if field.name not in ("rules", "hand_mask"):
                parts.append(f"{field.name}={_field_text(field.name, getattr(view, field.name))}")
    return "; ".join(parts)


# ---------------------------------------------------------------- four-hand views

_P4_CARD_BLOCKS = (
    "hand",
    "turnup",
    "played_0",
    "played_1",
    "played_2",
    "played_3",
    "excluded_1",
    "excluded_2",
    "excluded_3",
    "trick",
    "best",
    "won_us",
    "won_them",
)
_P4_FIXED_BLOCKS: tuple[tuple[str, int], ...] = (
    ("trump", 4),
    ("seat", 4),
    ("dealer", 4),
    ("leader", 4),
    ("to_move", 4),
    ("flags", 3),
    ("hand_sizes", 4),
    ("points", 2),
    ("tricks", 2),
    ("scores", 2),
    ("ten_of_trumps", 2),
)
_P4_FIXED_SIZE = sum(size for _, size in _P4_FIXED_BLOCKS)


def _p4_deck_of(deck: Deck | PartnershipRules) -> Deck:
    from .partnership.rules import PartnershipRules

    return _deck_of(deck, PartnershipRules)


def partnership_observation_size(deck: Deck | PartnershipRules) -> int:
    """The length of :func:`encode_partnership_view`'s vector: ``13 * deck.size + 35``.

    >>> from sixtysix import Deck, partnership as p4
    >>> partnership_observation_size(p4.FOUR_HAND_66), partnership_observation_size(Deck.D24)
    (451, 347)

    Raises:
        SixtySixError: ``deck`` is neither a :class:`~sixtysix.Deck` nor a four-hand rule set.
    """
    return len(_P4_CARD_BLOCKS) * _p4_deck_of(deck).size + _P4_FIXED_SIZE


def partnership_layout(deck: Deck | PartnershipRules) -> tuple[tuple[str, int, int], ...]:
    """The blocks of the four-hand vector as ``(name, start, size)``, in order.

    >>> from sixtysix import partnership as p4
    >>> partnership_layout(p4.FOUR_HAND_24)[:2]
    (('hand', 0, 24), ('turnup', 24, 24))
    >>> partnership_layout(p4.FOUR_HAND_24)[-1]
    ('ten_of_trumps', 345, 2)

    Raises:
        SixtySixError: ``deck`` is neither a :class:`~sixtysix.Deck` nor a four-hand rule set.
    """
    return _layout(_p4_deck_of(deck).size, _P4_CARD_BLOCKS, _P4_FIXED_BLOCKS)


def _check_p4_view(view: object) -> PartnershipView:
    from .partnership.views import PartnershipView

    if type(view) is not PartnershipView:
        raise SixtySixError(f"expected a PartnershipView, not {quote(view)}")
    return view


def encode_partnership_view(view: PartnershipView) -> list[float]:
    """The four-hand observation vector of ``view`` (see the module doc for its layout).

    A function of the view alone: two states that differ only in cards the seat cannot
    see give equal vectors.

    >>> from sixtysix import partnership as p4
    >>> s = p4.new_hand(p4.FOUR_HAND_24, seed=3, dealer=0)
    >>> vector = encode_partnership_view(p4.observe(s, 2))
    >>> blocks = {name: vector[a : a + n] for name, a, n in partnership_layout(s.rules)}
    >>> sum(blocks["hand"]), blocks["dealer"], blocks["to_move"]
    (6.0, [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0])

    Raises:
        SixtySixError: ``view`` is not a :class:`~sixtysix.partnership.PartnershipView`.
    """
    view = _check_p4_view(view)
    rules = view.rules
    deck = rules.deck
    n = deck.size
    slots = _SLOTS[deck]
    me = view.seat
    us = me & 1
    out: list[float] = []
    _card_block(out, view.hand_mask, slots, n)
    _card_block(out, 1 << view.turnup_index, slots, n)
    played_by = [0, 0, 0, 0]
    for card, seat in zip(view.played, view.players, strict=True):
        played_by[(seat - me) & 3] |= 1 << card
    for mask in played_by:
        _card_block(out, mask, slots, n)
    for rel in (1, 2, 3):
        _card_block(out, view.excluded[(me + rel) & 3], slots, n)
    trick = 0
    for card in view.trick:
        trick |= 1 << card
    _card_block(out, trick, slots, n)
    _card_block(out, 1 << view.best if view.best >= 0 else 0, slots, n)
    _card_block(out, view.won[us], slots, n)
    _card_block(out, view.won[1 - us], slots, n)
    _one_hot(out, view.trump, 4)
    _one_hot(out, me, 4)
    _one_hot(out, (view.dealer - me) & 3, 4)
    _one_hot(out, (view.leader - me) & 3, 4)
    to_move = view.to_move
    _one_hot(out, -1 if to_move is None else (to_move - me) & 3, 4)
    out.extend((float(to_move == me), float(view.turnup_held), float(view.over)))
    per_hand = n // 4
    out.extend(view.hand_sizes[(me + rel) & 3] / per_hand for rel in range(4))
    out.extend((view.points(us) / _POINTS_SCALE, view.points(1 - us) / _POINTS_SCALE))
    out.extend((view.tricks(us) / per_hand, view.tricks(1 - us) / per_hand))
    target = rules.match_target
    out.extend((view.scores[us] / target, view.scores[1 - us] / target))
    ten = view.ten_side
    _one_hot(out, -1 if ten < 0 else int(ten != us), 2)
    return out


def partnership_action_mask(view: PartnershipView) -> list[int]:
    """40 entries, 1 at the id of each of the view's legal plays (all 0 if not to move).

    >>> from sixtysix import partnership as p4
    >>> s = p4.new_hand(p4.FOUR_HAND_66, seed=3, dealer=0)
    >>> [sum(partnership_action_mask(p4.observe(s, seat))) for seat in (1, 2)]
    [8, 0]

    Raises:
        SixtySixError: ``view`` is not a :class:`~sixtysix.partnership.PartnershipView`.
    """
    view = _check_p4_view(view)
    mask = [0] * NUM_ACTIONS
    for move in view.legal_moves():
        mask[move_id(move)] = 1
    return mask


def encode_partnership_view_array(view: PartnershipView) -> npt.NDArray[np.float32]:
    """:func:`encode_partnership_view` as a NumPy ``float32`` array.

    >>> from sixtysix import partnership as p4
    >>> v = p4.observe(p4.new_hand(p4.FOUR_HAND_66, seed=1), 0)
    >>> encode_partnership_view_array(v).shape
    (451,)

    Raises:
        SixtySixError: ``view`` is not a :class:`~sixtysix.partnership.PartnershipView`.
    """
    import numpy as np

    return np.asarray(encode_partnership_view(view), dtype=np.float32)
