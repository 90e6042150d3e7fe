"""Whether a Tausendeins state is one that legal play can reach (rules §12.3 to §12.9).

States made by :func:`~sixtysix.tausendeins.new_hand` and advanced by
:func:`~sixtysix.tausendeins.apply_move` always are. A state built by hand (the
``TausendeinsState`` constructor is public) may not be: :func:`validate` says what is
wrong with it, before anything else trips over it.

>>> import attrs
>>> from sixtysix import tausendeins as t1
>>> state = t1.new_hand(t1.TAUSENDEINS, seed=1)
>>> t1.validate(state) is state
True
>>> t1.validate(attrs.evolve(state, trump=2))
Traceback (most recent call last):
...
sixtysix.errors.PositionError: the trump is H, but no marriage has been declared (rules §12.5.2)
"""

from __future__ import annotations

from typing import Any

from ..cards import CARDS, Deck
from ..errors import PositionError, quote
from .rules import Bidding, TausendeinsRules
from .state import MarriageDeclared, Phase, TausendeinsState

__all__ = ["validate"]

_DECK = Deck.D24.mask
_SUITS = "CDHS"


def _fail(message: str) -> PositionError:
    return PositionError(message)


def _int(value: object, name: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _fail(f"{name} must be a whole number from {low} to {high}, not {quote(value)}")
    return value


def _mask(value: object, name: str) -> int:
    if type(value) is not int or value & ~_DECK or value < 0:
        raise _fail(f"{name} must be a set of cards of the 24-card pack, not {quote(value)}")
    return value


def _pair(value: object, name: str, check: Any) -> tuple[Any, Any]:
    if type(value) is not tuple or len(value) != 2:
        raise _fail(f"{name} must be a pair (one value per seat), not {quote(value)}")
    return (check(value[0], f"{name}[0]"), check(value[1], f"{name}[1]"))


def _cards(value: object, name: str) -> tuple[int, ...]:
    if type(value) is not tuple or not all(
        type(c) is int and 0 <= c < 32 and _DECK >> c & 1 for c in value
    ):
        raise _fail(f"{name} must be a tuple of card indices of the pack, not {quote(value)}")
    if len(set(value)) != len(value):
        raise _fail(f"{name} holds a card twice")
    return value


def validate(state: TausendeinsState) -> TausendeinsState:
    """``state`` itself, if legal play can reach it; else a :class:`PositionError` that says why.

    Checks the fields one by one, that every card is in exactly one place, the tricks
    (replayed from the cards played and the marriages: winners, leaders, card points),
    the marriages (holder, value, the lead that followed, the trump), the hand and stock
    sizes, and the auction, talons, discards and contract.

    Raises:
        PositionError: the state is malformed or unreachable; the message says why.
    """
    if type(state) is not TausendeinsState:
        raise _fail(f"validate needs a TausendeinsState, not {quote(state)}")
    rules = state.rules
    if type(rules) is not TausendeinsRules:
        raise _fail(f"the rules must be TausendeinsRules, not {quote(rules)}")
    auction = rules.bidding is Bidding.AUCTION
    dealer = _int(state.dealer, "the dealer", 0, 1)
    phase = state.phase
    if type(phase) is not Phase:
        raise _fail(f"the phase must be a Phase (AUCTION ... OVER), not {quote(phase)}")
    hands = _pair(state.hands, "the hands", _mask)
    stock = _cards(state.stock, "the stock")
    talons = _pair(state.talons, "the talons", _mask)
    leader = _int(state.leader, "the leader", 0, 1)
    lead = _int(state.lead, "the led card", -1, 31)
    pending = _int(state.pending, "the pending marriage", -1, 3)
    trump = _int(state.trump, "the trump", -1, 3)
    won = _pair(state.won, "the cards won", _mask)
    points = _pair(state.card_points, "the card points", lambda v, n: _int(v, n, 0, 120))
    played = _cards(state.played, "the cards played")
    marriages = state.marriages
    if type(marriages) is not tuple or not all(type(m) is MarriageDeclared for m in marriages):
        raise _fail(f"the marriages must be a tuple of MarriageDeclared, not {quote(marriages)}")
    calls = state.calls
    if type(calls) is not tuple or not all(type(c) is int and c >= 0 for c in calls):
        raise _fail(f"the calls must be a tuple of whole numbers, not {quote(calls)}")
    bid = _int(state.bid, "the bid", 0, 10_000)
    declarer = _int(state.declarer, "the declarer", -1, 1)
    contract = _int(state.contract, "the contract", 0, 10_000)
    taken = _int(state.talon_taken, "the talon taken", -1, 1)
    shown = _mask(state.shown, "the shown talon")
    discards = _mask(state.discards, "the discards")
    last_winner = _int(state.last_winner, "the last trick's winner", -1, 1)
    if lead >= 0 and not _DECK >> lead & 1:
        raise _fail(f"the led card {quote(lead)} is not a card of the pack")

    # Every card in exactly one place.
    lead_bit = 1 << lead if lead >= 0 else 0
    stock_mask = 0
    for c in stock:
        stock_mask |= 1 << c
    places = [
        ("seat 0's hand", hands[0]),
        ("seat 1's hand", hands[1]),
        ("the stock", stock_mask),
        ("talon 0", talons[0]),
        ("talon 1", talons[1]),
        ("seat 0's tricks", won[0]),
        ("seat 1's tricks", won[1]),
        ("the discards", discards),
        ("the led card", lead_bit),
    ]
    seen = 0
    for name, mask in places:
        if seen & mask:
            card = CARDS[(seen & mask).bit_length() - 1]
            raise _fail(f"{card} is in two places (one of them {name})")
        seen |= mask
    if seen != _DECK:
        card = CARDS[(_DECK & ~seen).bit_length() - 1]
        raise _fail(
            f"{card} is nowhere: every card must be in a hand, the stock, a talon, "
            "a trick, the discards or the current trick"
        )

    # The cards played and the tricks, replayed.
    played_mask = 0
    for c in played:
        played_mask |= 1 << c
    if played_mask != won[0] | won[1] | lead_bit:
        raise _fail("the cards played are not the cards of the tricks and the current trick")
    if (lead >= 0) != (len(played) % 2 == 1) or (lead >= 0 and played[-1] != lead):
        raise _fail("the led card must be the last card played, after complete tricks")
    tricks = len(played) // 2
    if tricks > rules.tricks or (tricks == rules.tricks and lead >= 0):
        raise _fail(f"{tricks} tricks played, but a deal has {rules.tricks}")
    pre_play = phase < 4
    if pre_play and (played or marriages or pending >= 0 or trump >= 0):
        raise _fail(f"no card is played before the tricks ({Phase(phase).name} step)")
    start = declarer if auction else 1 - dealer
    if auction and not pre_play and declarer < 0:
        raise _fail("the tricks of an auction deal need a declarer")
    who = start
    player: dict[int, int] = {}
    current = -1
    queue = list(marriages)
    replay_won = [0, 0]
    replay_points = [0, 0]
    count = 0
    for k in range(tricks + (1 if lead >= 0 or pending >= 0 else 0)):
        here = [m for m in queue if m.trick == k]
        if len(here) > 1:
            raise _fail(
                f"two marriages at the lead of trick {k + 1} (one per lead, rules §12.5.1)"
            )
        if here:
            m = here[0]
            queue.remove(m)
            _check_marriage(rules, m, k, who, current, count)
            if k < len(played) // 2 + (1 if lead >= 0 else 0):
                first = played[2 * k]
                if first not in (m.suit * 8 + 2, m.suit * 8 + 3):
                    raise _fail(
                        f"the marriage of {_SUITS[m.suit]} must be followed by the lead of "
                        f"its K or Q (rules §12.5.1), not {CARDS[first]}"
                    )
            current = m.suit
            count += 1
        if k >= tricks:
            break
        a, b = played[2 * k], played[2 * k + 1]
        if b >> 3 == a >> 3:
            winner = who if a < b else 1 - who
        elif b >> 3 == current:
            winner = 1 - who
        else:
            winner = who
        player[a], player[b] = who, 1 - who
        replay_won[winner] |= (1 << a) | (1 << b)
        replay_points[winner] += CARDS[a].points + CARDS[b].points
        who = winner
    if queue:
        raise _fail("a marriage is dated to a lead that has not come yet")
    if lead >= 0:
        player[lead] = who
    for m in marriages:
        for card in (m.suit * 8 + 2, m.suit * 8 + 3):
            where = played.index(card) if card in played else -1
            if (where >= 0 and (where < 2 * m.trick or player[card] != m.seat)) or (
                where < 0 and not hands[m.seat] >> card & 1
            ):
                raise _fail(
                    f"seat {m.seat} did not hold both the K and the Q of {_SUITS[m.suit]} "
                    "when it declared their marriage (rules §12.5.1)"
                )
    if (replay_won[0], replay_won[1]) != won:
        raise _fail("the cards won are not those the tricks played give (rules §12.4)")
    if (replay_points[0], replay_points[1]) != points:
        raise _fail("the card points are not those of the cards won")
    if not pre_play and leader != who:
        raise _fail(
            f"seat {who} won the last trick (or leads the first) and must lead, not seat {leader}"
        )
    if last_winner != (who if tricks else -1):
        raise _fail("the last trick's winner is wrong")
    if trump != current:
        raise _fail(
            f"the trump is {_SUITS[trump] if trump >= 0 else 'none'}, but "
            + (
                f"the last marriage made it {_SUITS[current]}"
                if current >= 0
                else "no marriage has been declared"
            )
            + " (rules §12.5.2)"
        )
    if pending >= 0 and (
        lead >= 0
        or not marriages
        or marriages[-1].trick != tricks
        or marriages[-1].suit != pending
    ):
        raise _fail("a pending marriage must be the one declared at the lead to come")
    if pending < 0 and lead < 0 and marriages and marriages[-1].trick == tricks:
        raise _fail("the marriage declared at this lead is not pending")

    # Hand and stock sizes.
    h0, h1 = hands[0].bit_count(), hands[1].bit_count()
    if phase == 5:
        if hands != (0, 0) or tricks != rules.tricks:
            raise _fail("a finished deal has both hands empty and every trick played")
    elif phase == 4 or (not auction and phase != 4):
        if not auction and phase != 4:
            raise _fail(f"without an auction the deal has no {Phase(phase).name} step")
        size_lead = (h0, h1)[leader] + (1 if lead >= 0 else 0)
        if size_lead != (h0, h1)[1 - leader] or size_lead == 0:
            raise _fail("the hands hold the wrong number of cards for this point of the deal")
        want_stock = max(rules.stock_size - 2 * tricks, 0)
        if len(stock) != want_stock:
            raise _fail(f"the stock must hold {want_stock} cards after {tricks} tricks")
    if not auction:
        if (calls, bid, declarer, contract, taken, shown, discards, talons) != (
            (),
            rules.bid_opening,
            -1,
            0,
            -1,
            0,
            0,
            (0, 0),
        ):
            raise _fail(
                "a deal without an auction has no calls, declarer, contract, talons or discards"
            )
        return state
    _check_auction(state, played_mask)
    return state


def _check_marriage(
    rules: TausendeinsRules, m: MarriageDeclared, k: int, who: int, trump: int, count: int
) -> None:
    if m.seat != who:
        raise _fail(
            f"seat {m.seat} declared a marriage at the lead of trick {k + 1}, "
            f"but seat {who} led it"
        )
    if type(m.suit) is not int or not 0 <= m.suit <= 3:
        raise _fail(f"a marriage's suit must be 0 to 3, not {quote(m.suit)}")
    want = rules.marriage_value(m.suit, count) if count < 4 else -1
    if m.value != want:
        raise _fail(f"the marriage of {_SUITS[m.suit]} is worth {want}, not {quote(m.value)}")
    if k == 0 and not rules.marriage_on_first_lead:
        raise _fail("no marriage at the first lead under these rules (rules §12.5.3)")
    if not rules.may_retrump(m.suit, trump):
        raise _fail(
            f"the marriage of {_SUITS[m.suit]} does not rank above the trump "
            f"{_SUITS[trump]} (rules §12.5.3)"
        )


def _check_auction(state: TausendeinsState, played: int) -> None:
    """The auction, talons, discards and contract (their types are checked already)."""
    rules = state.rules
    phase, hands, talons, calls, bid = (
        state.phase,
        state.hands,
        state.talons,
        state.calls,
        state.bid,
    )
    declarer, contract, taken = state.declarer, state.contract, state.talon_taken
    shown, discards = state.shown, state.discards
    bids = [c for c in calls if c]
    if 0 in calls[:-1] or (phase == 0 and 0 in calls) or (phase > 0 and calls[-1:] != (0,)):
        raise _fail("the auction ends with its first pass, and only then (rules §12.6.2)")
    last = rules.bid_opening
    for n in bids:
        if n <= last or (n - rules.bid_opening) % rules.bid_step:
            raise _fail(f"the bid {n} does not raise {last} by a multiple of {rules.bid_step}")
        last = n
    if bid != last:
        raise _fail(f"the bid must be the last one made, {last}")
    if phase < 4 and hands[1 - max(declarer, 0)].bit_count() != 10:
        raise _fail("before the tricks the declarer's opponent holds its 10 cards")
    if phase < 2 and hands[max(declarer, 0)].bit_count() != 10:
        raise _fail("before the talon is taken each seat holds its 10 cards")
    if phase == 0:
        if (declarer, contract, taken, shown, discards) != (-1, 0, -1, 0, 0):
            raise _fail("during the auction there is no declarer, talon, discard or contract")
        if talons[0].bit_count() != 2 or talons[1].bit_count() != 2:
            raise _fail("during the auction both talons hold two cards")
        return
    passer = state.dealer if len(calls) % 2 == 1 else 1 - state.dealer
    if declarer != 1 - passer:
        raise _fail(f"seat {passer} passed, so seat {1 - passer} is the declarer")
    if phase == 1:
        if (contract, taken, shown, discards) != (0, -1, 0, 0) or not all(
            t.bit_count() == 2 for t in talons
        ):
            raise _fail(
                "before the talon is taken both talons hold two cards, "
                "and there are no discards and no contract"
            )
        return
    if taken < 0 or talons[taken] != 0 or talons[1 - taken].bit_count() != 2:
        raise _fail("the declarer has taken one talon; the other holds two cards")
    if shown.bit_count() != 2 or shown & ~(hands[declarer] | discards | played):
        raise _fail("the taken talon's two cards are shown, and are the declarer's")
    n = discards.bit_count()
    if (phase == 2 and n > 1) or (phase > 2 and n != 2):
        raise _fail(f"{n} discards at the {Phase(phase).name} step")
    if phase == 2 and hands[declarer].bit_count() != 12 - n:
        raise _fail("the declarer holds 12 cards less its discards")
    if phase <= 3:
        if contract:
            raise _fail("no contract before the CONTRACT step is done")
        if phase == 3 and hands[declarer].bit_count() != 10:
            raise _fail("the declarer keeps 10 cards")
        return
    if contract < bid or (contract - bid) % rules.bid_step or contract > max(bid, rules.max_cap):
        raise _fail(
            f"the contract {contract} is not the bid {bid} plus a multiple of "
            f"{rules.bid_step} (rules §12.6.5)"
        )
