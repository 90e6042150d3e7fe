"""The one validity checker: is this a state (or a view) that legal play can reach?

:func:`validate` returns the list of problems of a :class:`~sixtysix.HandState` or a
:class:`~sixtysix.PlayerView` (empty when it is consistent), in the manner of
python-chess's ``Board.status()``. It is separate from parsing: every loader
(:func:`~sixtysix.notation.load_position`, the records loader) builds the value from
its text and then asks :func:`validate`; :class:`~sixtysix.PlayerView` calls it when
built by hand; :func:`sixtysix.testing.check_invariants` starts with it.

>>> import attrs
>>> from sixtysix import CLASSIC_66, new_hand
>>> state = new_hand(CLASSIC_66, seed=7)
>>> validate(state)
[]
>>> validate(attrs.evolve(state, card_points=(3, 0)))
['seat 0 has 3 card points but its tricks are worth 0']

What it checks, each tied to the rules page: field types and ranges; card conservation (§1);
the tricks replayed from the non-dealer's lead give the won piles, the card points and
the leader (§1.4); the number of draws against the tricks (never more draws than tricks)
and hand sizes against the deal, the draws and the tricks (§1.3, §1.5), also at every
moment of the hand (the cards a seat played, married and exchanged by a trick fit into
the cards it had then); the step against the card on the table and the decision after a
trick (§2.1), and empty hands end the hand (§2.5); the turn-up, the exchange card, the
exchanger and a turn that allowed the exchange (§3); the bottom card of an exhausted talon
went to the loser of the last drawing trick (§1.5); the strict tricks were followed by the
rules (§1.6); marriages: values, the lead each was declared for, the phase, counting and
pending points (§4); the closer, the closing facts and the close snapshot (§2.2, §9.9);
automatic claims at every window (§2.4); a finished hand that ended the way the rules end
hands; and a hand that is not over has a legal move. docs/notation.md lists them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (
    CARDS,
    KING_BIT,
    KING_QUEEN,
    POINTS,
    exchange_card_index,
    iter_mask,
    marriage_value,
    trick_winner,
)
from .errors import quote
from .legality import (
    ACE_TEN,
    TURN_AMOUR,
    claim_rule,
    close_rule,
    decision_rule,
    declaration_value,
    follow_mask,
    options,
    rule_facts,
)
from .rules import (
    CloseTiming,
    ExchangeTiming,
    ExchangeWhenClosed,
    MarriageBeforeFirstTrick,
    MarriageLead,
    MarriagePendingRedeem,
    Rules,
)
from .state import TURN_CLOSED, CloseSnapshot, HandState, Step

if TYPE_CHECKING:
    from .observe import PlayerView

__all__ = ["validate"]


_INT_FIELDS = ("dealer", "trump", "leader", "lead", "declared", "turn_marriage")
_INT_FIELDS2 = ("turn_steps", "closed_by", "exchanged_by", "dealt_turnup")
PAIR_FIELDS = ("hands", "won", "card_points", "marriages", "pending")
DECK_BITS = (1 << 32) - 1


def _cards(mask: int) -> str:
    return " ".join(str(CARDS[i]) for i in range(32) if mask >> i & 1) or "none"


def _is_int(value: object) -> bool:
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


def _card_tuple(value: object) -> bool:
    """Whether ``value`` is a tuple of card indices 0 to 31."""
    if type(value) is not tuple:
        return False
    if all(type(i) is int for i in value):
        return not value or (min(value) >= 0 and max(value) <= 31)
    return all(_small(i, 0, 31) for i in value)


def _small(value: object, low: int, high: int) -> bool:
    return _is_int(value) and low <= value <= high  # type: ignore[operator]


def field_problems(s: object, pairs: tuple[str, ...]) -> list[str]:
    """Types and ranges of the fields both states and views have (checked first)."""
    out: list[str] = []
    if not isinstance(getattr(s, "rules", None), Rules):
        return ["rules must be a Rules value"]
    if type(getattr(s, "step", None)) is not Step:
        out.append("step must be a Step")
    for name in _INT_FIELDS + _INT_FIELDS2:
        if not _is_int(getattr(s, name, None)):
            out.append(f"{name} must be an int (not a bool)")
    for name in pairs:
        value = getattr(s, name, None)
        if not (type(value) is tuple and len(value) == 2 and all(map(_is_int, value))):
            out.append(f"{name} must be a pair of ints")
    played = getattr(s, "played", None)
    if not _card_tuple(played):
        out.append("played must be a tuple of card indices 0 to 31")
    snap = getattr(s, "close_snapshot", None)
    if snap is not None and not (
        type(snap) is CloseSnapshot
        and all(
            _small(v, 0, 240)
            for v in (
                snap.tricks_played,
                snap.opponent_tricks,
                snap.opponent_card_points,
                snap.opponent_marriages,
            )
        )
    ):
        out.append("close_snapshot must be None or a CloseSnapshot of small whole numbers")
    if out:
        return out
    for name, low, high in (
        ("dealer", 0, 1),
        ("leader", 0, 1),
        ("trump", 0, 3),
        ("lead", -1, 31),
        ("declared", 0, 0xFFFF),
        ("turn_marriage", -1, 3),
        ("turn_steps", 0, TURN_CLOSED | TURN_AMOUR),
        ("closed_by", -1, 1),
        ("exchanged_by", -1, 1),
        ("dealt_turnup", 0, 31),
    ):
        value = getattr(s, name)
        if not low <= value <= high:
            out.append(f"{name} is {quote(value)}, outside {low} to {high}")
    for name in ("hands", "won"):
        if name in pairs and not all(0 <= m <= DECK_BITS for m in getattr(s, name)):
            out.append(f"{name} must be card bitmasks (0 to 2**32 - 1)")
    for name in ("card_points", "marriages", "pending"):
        if not all(0 <= v <= 240 for v in getattr(s, name)):
            out.append(f"{name} must be between 0 and 240")
    return out


def _replay(s: HandState) -> tuple[list[tuple[int, int, int, int]], int, list[int], list[int]]:
    """Completed tricks (leader, lead, follow, winner), the leader now, piles, card points."""
    tricks = []
    leader = 1 - s.dealer
    won = [0, 0]
    points = [0, 0]
    played = s.played
    for i in range(0, len(played) - 1, 2):
        lead, follow = played[i], played[i + 1]
        winner = trick_winner(lead, follow, s.trump, leader)
        tricks.append((leader, lead, follow, winner))
        won[winner] |= 1 << lead | 1 << follow
        points[winner] += POINTS[lead] + POINTS[follow]
        leader = winner
    return tricks, leader, won, points


def state_problems(s: HandState) -> list[str]:
    """The problems of a state (see :func:`validate`)."""
    out = field_problems(s, PAIR_FIELDS)
    raw = getattr(s, "talon", None)
    if not _card_tuple(raw):
        out.append("talon must be a tuple of card indices 0 to 31")
    if out:
        return out
    talon: tuple[int, ...] = s.talon
    r = s.rules
    deck = r.deck
    talon_mask = 0
    for i in talon:
        talon_mask |= 1 << i
    table = (1 << s.lead) if s.lead >= 0 else 0
    # Card conservation (§1).
    if len(set(talon)) != len(talon):
        out.append("the talon holds a card twice")
    if len(set(s.played)) != len(s.played):
        out.append("a card was played twice")
    parts = (
        ("seat 0's hand", s.hands[0]),
        ("seat 1's hand", s.hands[1]),
        ("seat 0's tricks", s.won[0]),
        ("seat 1's tricks", s.won[1]),
        ("the talon", talon_mask),
        ("the table", table),
    )
    seen = 0
    for k, (name, mask) in enumerate(parts):
        for other, other_mask in parts[:k]:
            if mask & other_mask:
                out.append(f"{_cards(mask & other_mask)} is in both {other} and {name}")
        seen |= mask
    if seen != deck.mask:
        missing, extra = deck.mask & ~seen, seen & ~deck.mask
        if missing:
            out.append(f"the {deck.name} deck's {_cards(missing)} is nowhere")
        if extra:
            out.append(f"{_cards(extra)} is not in the {deck.name} deck")
    if out:
        return out
    played_mask = 0
    for i in s.played:
        played_mask |= 1 << i
    if played_mask != s.won[0] | s.won[1] | table:
        out.append("the cards played are not exactly the cards won plus the card on the table")
        return out
    if s.lead >= 0 and s.played[-1] != s.lead:
        return [f"the card on the table {CARDS[s.lead]} is not the last card played"]
    # Tricks and points (§1.4, §5).
    tricks, leader, won, points = _replay(s)
    if (won[0], won[1]) != s.won:
        return [
            f"the tricks played give seat 0 {_cards(won[0])} and seat 1 {_cards(won[1])}, "
            f"not {_cards(s.won[0])} and {_cards(s.won[1])}"
        ]
    if s.leader != leader:
        return [
            f"seat {leader} won the last trick (or leads first), but the leader is seat {s.leader}"
        ]
    for seat in (0, 1):
        if s.card_points[seat] != points[seat]:
            out.append(
                f"seat {seat} has {s.card_points[seat]} card points but its tricks are "
                f"worth {points[seat]}"
            )
    out += _size_problems(s, len(tricks))
    if out:
        return out
    out += _turn_problems(s, len(tricks))
    out += _marriage_problems(s, tricks)
    out += _closing_problems(s, tricks)
    out += _ending_problems(s, len(tricks))
    if not out:
        out += _history_problems(s, tricks)
    no_move = not out and s.step is not Step.OVER
    # Implied by the checks above (a held card can always be led or played); kept so the
    # promise "not over means a legal move" does not rest on that.
    if no_move and options(s, s.hands, len(talon), rule_facts(r)) == (0, 0, 0):
        out.append(
            "the hand is not over but the player to move has no legal move"
        )  # pragma: no cover
    return out


def _size_problems(s: HandState, played: int) -> list[str]:
    r = s.rules
    start = r.talon_size
    n = len(s.talon)
    if n % 2 or n > start:
        return [f"a talon of {n} cards cannot follow a talon of {start} at the deal"]
    draws = (start - n) // 2
    out = []
    for seat in (0, 1):
        expected = r.hand_size + draws - played - (seat == s.leader and s.lead >= 0)
        held = s.hands[seat].bit_count()
        if held != expected:
            out.append(
                f"seat {seat} holds {held} cards, but after {played} tricks and {draws} "
                f"draws from the talon it should hold {expected}"
            )
    if out:
        return out
    if draws > played:
        # Each draw follows a trick (§1.5): the first after trick 1, the last after trick
        # ``start // 2``, so the talon cannot shrink faster than the tricks are played.
        return [
            f"{start - n} cards are gone from the talon ({draws} draw{'s' * (draws != 1)}), "
            f"but only {played} tricks were played and the players draw once after each (§1.5)"
        ]
    if s.closed_by >= 0 or not s.talon:
        return out
    # An open talon: the players drew after every trick but one awaiting the decision
    # of §2.1 (or a last one that ended the hand).
    if s.step is Step.DECIDE or (s.step is Step.OVER and draws == played - 1):
        if draws != played - 1:
            out.append(f"{played} tricks but {draws} draws at the decision after a trick")
    elif draws != played:
        out.append(f"{played} tricks on an open talon but the players drew {draws} times")
    return out


def _turn_problems(s: HandState, played: int) -> list[str]:
    r = s.rules
    out = []
    step = s.step
    if (s.lead >= 0) != (step is Step.FOLLOW):
        out.append("a card is on the table exactly when the follower is to move")
    if not s.hands[0] | s.hands[1] and step is not Step.OVER:
        out.append("both hands are empty, so the hand is over (§2.5)")
    if step is Step.DECIDE:
        if not played or s.closed_by >= 0 or not s.talon:
            out.append("the decision after a trick needs a won trick and an open talon")
        else:
            why = decision_rule(r, len(s.talon))
            if why is not None:
                out.append(f"a decision to draw or close where there is none: {why}")
    if step in (Step.FOLLOW, Step.DECIDE) and (s.turn_marriage >= 0 or s.turn_steps):
        out.append("the steps of a leading turn are set outside a leading turn")
    amour_turn = 8 if s.turn_steps & TURN_AMOUR else 0
    turn_bit = amour_turn + s.leader * 4 + s.turn_marriage
    if s.turn_marriage >= 0 and not s.declared >> turn_bit & 1:
        what = "amour" if amour_turn else "marriage"
        out.append(f"the {what} of this turn is not declared by the leader")
    if s.turn_steps & TURN_AMOUR and s.turn_marriage < 0:
        out.append("an amour is marked for this turn, but no declaration was made")
    if s.turn_steps & TURN_CLOSED and s.closed_by != s.leader:
        out.append("the leader closed the talon this turn, but the talon was not closed by them")
    dealt = s.dealt_turnup
    ex = exchange_card_index(r.deck, s.trump)
    if dealt >> 3 != s.trump or not r.deck.mask >> dealt & 1:
        out.append(f"the card turned up at the deal, {CARDS[dealt]}, is not a trump of the deck")
    if s.talon:
        up = s.talon[-1]
        if s.exchanged_by >= 0 and up != ex:
            out.append(f"after the exchange the last talon card {CARDS[up]} is not {CARDS[ex]}")
        if s.exchanged_by < 0 and up != dealt:
            out.append(
                f"without an exchange the talon's last card {CARDS[up]} is not {CARDS[dealt]}"
            )
    if s.exchanged_by >= 0:
        seat = s.exchanged_by
        if dealt == ex:
            out.append(f"the exchange card {CARDS[ex]} was the turn-up, so nobody could exchange")
        elif not (s.hands[seat] | _played_by(s)[seat]) >> dealt & 1:
            out.append(f"seat {seat} exchanged but never held the turn-up {CARDS[dealt]}")
    return out


def _played_by(s: HandState) -> tuple[int, int]:
    """The cards each seat has played (the card on the table included)."""
    out = [0, 0]
    leader = 1 - s.dealer
    played = s.played
    for i in range(0, len(played) - 1, 2):
        out[leader] |= 1 << played[i]
        out[1 - leader] |= 1 << played[i + 1]
        leader = trick_winner(played[i], played[i + 1], s.trump, leader)
    if s.lead >= 0:
        out[leader] |= 1 << s.lead
    return out[0], out[1]


def _led_by(s: HandState, tricks: list[tuple[int, int, int, int]]) -> tuple[int, int]:
    """The cards each seat has led, from the completed ``tricks`` and the card on the table."""
    out = [0, 0]
    for leader, lead, _, _ in tricks:
        out[leader] |= 1 << lead
    if s.lead >= 0:
        out[s.leader] |= 1 << s.lead
    return out[0], out[1]


def _marriages_declared(s: HandState, seat: int) -> list[int]:
    """The suits whose marriage ``seat`` has declared, by index."""
    return [suit for suit in range(4) if s.declared >> (seat * 4 + suit) & 1]


def _amours_declared(s: HandState, seat: int) -> list[int]:
    """The suits whose amour ``seat`` has declared, by index (rules §13.7.2)."""
    return [suit for suit in range(4) if s.declared >> (8 + seat * 4 + suit) & 1]


def _declaration_values(s: HandState, seat: int) -> list[int]:
    """The points of each declaration of ``seat``: marriages, then amours (§4, §13.9).

    All 0 where honours score game points apart (``GAME_POINTS``).
    """
    if rule_facts(s.rules).honours_apart:
        return []
    values = [marriage_value(suit, s.trump) for suit in _marriages_declared(s, seat)]
    amour = s.rules.amour_points
    values.extend(amour[suit == s.trump] for suit in _amours_declared(s, seat))
    return values


def _amour_problems(s: HandState) -> list[str]:
    """Each amour was allowed by the rule set and held (rules §13.7.2)."""
    out = []
    r = s.rules
    played = _played_by(s)
    for seat in (0, 1):
        for suit in _amours_declared(s, seat):
            letter = "CDHS"[suit]
            if r.amour.name == "NONE" or (r.amour.name == "TRUMP" and suit != s.trump):
                out.append(f"seat {seat} declared the {letter} amour, which this rule set lacks")
            pair = ACE_TEN << (8 * suit)
            if (s.hands[seat] | played[seat]) & pair != pair:
                out.append(
                    f"seat {seat} declared the {letter} amour without A{letter} and T{letter}"
                )
    return out


def _marriage_problems(s: HandState, tricks: list[tuple[int, int, int, int]]) -> list[str]:
    r = s.rules
    out = []
    mine_played = _played_by(s)
    leads = _led_by(s, tricks)
    out.extend(_amour_problems(s))
    for seat in (0, 1):
        declared = _marriages_declared(s, seat)
        value = sum(_declaration_values(s, seat))
        if s.marriages[seat] + s.pending[seat] != value:
            out.append(
                f"seat {seat} declared marriages worth {value} but has {s.marriages[seat]} "
                f"counted and {s.pending[seat]} pending"
            )
        elif not _subset_sum(s, seat, s.pending[seat]):
            out.append(
                f"seat {seat}'s {s.pending[seat]} pending points are no set of its marriages"
            )
        if s.marriages[seat] and not s.won[seat]:
            out.append(f"seat {seat}'s marriages count without a won trick")
        if (
            s.pending[seat]
            and s.won[seat]
            and r.marriage_pending_redeem is MarriagePendingRedeem.ANY_TRICK
        ):
            out.append(f"seat {seat} has won a trick but marriage points are still pending")
        for suit in declared:
            held = s.hands[seat] | mine_played[seat]
            letter = "CDHS"[suit]
            if held & KING_QUEEN[suit] != KING_QUEEN[suit]:
                out.append(
                    f"seat {seat} declared the {letter} marriage without K{letter} and Q{letter}"
                )
                continue
            current = (
                s.turn_marriage == suit
                and not s.turn_steps & TURN_AMOUR
                and s.leader == seat
                and s.step
                in (
                    Step.LEAD,
                    Step.OVER,
                )
            )
            need = (
                KING_BIT[suit] if r.marriage_lead is MarriageLead.KING_ONLY else KING_QUEEN[suit]
            )
            if not current and not leads[seat] & need:
                out.append(f"seat {seat} declared the {letter} marriage but never led from it")
    return out


def _subset_sum(s: HandState, seat: int, target: int) -> bool:
    if not target:
        return True
    values = _declaration_values(s, seat)
    return any(
        sum(v for k, v in enumerate(values) if subset >> k & 1) == target
        for subset in range(1 << len(values))
    )


def _closing_problems(s: HandState, tricks: list[tuple[int, int, int, int]]) -> list[str]:
    r = s.rules
    snap = s.close_snapshot
    if (s.closed_by >= 0) != (snap is not None):
        return ["the talon's closer and the close snapshot disagree (one without the other)"]
    if snap is None:
        return []
    draws = (r.talon_size - len(s.talon)) // 2
    at = snap.tricks_played
    why = close_rule(r, -1, len(s.talon), at > 0, at > draws, -1)
    if why is not None:
        return [f"the talon was closed against the rules: {why}"]
    if at > len(tricks):
        return [f"the talon was closed after {at} tricks, but only {len(tricks)} were played"]
    if at - draws not in (0, 1):
        return [f"the talon was closed after {at} tricks, but with {draws} draws"]
    if at - draws == 1 and r.close_timing is not CloseTiming.BEFORE_OR_AFTER_DRAW:
        return ["the talon was closed instead of drawing, but close_timing is AFTER_DRAW"]
    closer = tricks[at - 1][3] if at else 1 - s.dealer
    if s.closed_by != closer:
        who = f"who won trick {at}" if at else "the first leader"
        return [
            f"seat {s.closed_by} closed the talon after {at} trick{'s' * (at != 1)}, but only "
            f"seat {closer}, {who}, could close it then"
        ]
    this_turn = at == draws == len(tricks) and s.lead < 0 and s.step in (Step.LEAD, Step.OVER)
    if bool(s.turn_steps & TURN_CLOSED) != this_turn:
        if this_turn:
            return [
                f"the talon was closed after the draw of trick {at}, in this leading turn, "
                "but the turn does not record the close"
            ]
        return [
            "the turn records that the leader closed the talon in it, but the close "
            f"snapshot says the talon was closed after {at} trick{'s' * (at != 1)} and "
            f"{draws} draw{'s' * (draws != 1)}"
        ]
    out = []
    opp = 1 - s.closed_by
    before = [t for t in tricks[:at] if t[3] == opp]
    points = sum(POINTS[t[1]] + POINTS[t[2]] for t in before)
    if (snap.opponent_tricks, snap.opponent_card_points) != (len(before), points):
        out.append(
            f"the close snapshot gives seat {opp} {snap.opponent_tricks} tricks and "
            f"{snap.opponent_card_points} card points, but at the close they had "
            f"{len(before)} tricks and {points} card points"
        )
    counted = snap.opponent_marriages
    if counted > s.marriages[opp] or not _subset_sum(s, opp, counted):
        out.append(
            f"the close snapshot gives seat {opp} {counted} marriage points, which are not "
            f"counted marriages of theirs (they have {s.marriages[opp]} counted now)"
        )
    elif counted and not before:
        out.append(
            f"the close snapshot counts {counted} marriage points for seat {opp}, who had "
            "won no trick at the close"
        )
    return out


def _ending_problems(s: HandState, played: int) -> list[str]:
    r = s.rules
    auto = rule_facts(r).auto
    target = rule_facts(r).claim_target
    step = s.step
    leader_points = s.card_points[s.leader] + s.marriages[s.leader]
    if auto and step in (Step.LEAD, Step.DECIDE):
        if s.turn_marriage >= 0:
            if r.marriage_out_without_lead and leader_points >= target:
                return ["claims are automatic, a marriage reached 66, but the hand goes on"]
        elif played and leader_points >= target:
            return ["claims are automatic, the trick winner has 66, but the hand goes on"]
    if step is not Step.OVER or not s.hands[0] | s.hands[1]:
        return []
    # Finished with cards in hand: the leader claimed (or reached 66 under AUTO), right
    # after a trick before the draw (at the decision, or automatically), or in its turn.
    draws = (r.talon_size - len(s.talon)) // 2
    before_draw = s.closed_by < 0 and bool(s.talon) and draws == played - 1
    if before_draw and (s.turn_marriage >= 0 or s.turn_steps):
        return ["the hand ended before the draw after a trick, but a leading turn has begun"]
    if auto:
        if leader_points < target:
            return [
                f"claims are automatic, but the hand ended with cards in hand while the "
                f"leader, seat {s.leader}, has only {leader_points} points"
            ]
        if s.turn_marriage >= 0 and not r.marriage_out_without_lead:
            return [
                "claims are automatic but marriage_out_without_lead is off, so declaring a "
                "marriage cannot end the hand"
            ]
        at = s.close_snapshot.tricks_played if s.close_snapshot is not None else -1
        open_talon = s.closed_by < 0 and bool(s.talon)
        if s.turn_marriage < 0 and (
            s.turn_steps or at >= played or (open_talon and not before_draw)
        ):
            return [
                f"claims are automatic, so the hand ended when seat {s.leader} won trick "
                f"{played}, but the players drew, closed the talon or began a turn after it"
            ]
        return []
    if before_draw:
        why = decision_rule(r, len(s.talon))
        if why is not None:
            return [
                f"the hand ended after trick {played} before the players drew, but there "
                f"was no decision to claim at: {why}"
            ]
        return []
    won = bool(s.won[s.leader])
    why = claim_rule(r, Step.LEAD, won, s.turn_marriage)
    if why is not None and not (s.turn_marriage < 0 and won):
        return [f"the hand ended with cards in hand, but seat {s.leader} could not claim: {why}"]
    return []


Trick = tuple[int, int, int, int]


def _history_problems(s: HandState, tricks: list[Trick]) -> list[str]:
    """What no history of play gives, once the fields agree with each other.

    The played cards fix who led and won each trick, and the talon's size fixes how many
    times the players drew: after tricks 1 to ``draws`` (§1.5). So the last card of the
    talon went to the loser of trick ``draws``, the tricks after the close or the last
    draw were played under the strict rules (§1.6), each marriage was declared for the
    first lead of its king or queen (§4), and the exchange took place in some turn that
    allowed it (§3).
    """
    r = s.rules
    draws = (r.talon_size - len(s.talon)) // 2
    at = s.close_snapshot.tricks_played if s.close_snapshot is not None else -1
    # The trick (1-based) in which each seat played each of its cards.
    when: list[dict[int, int]] = [{}, {}]
    for j, (leader, lead, follow, _) in enumerate(tricks, 1):
        when[leader][lead] = j
        when[1 - leader][follow] = j
    if s.lead >= 0:
        when[s.leader][s.lead] = len(tricks) + 1
    out = _bottom_problems(s, tricks, draws, when)
    out += _strict_problems(s, tricks, draws, at, when)
    out += _declaration_problems(s, tricks, draws, at, when)
    if not out and rule_facts(s.rules).auto:
        out += _auto_problems(s, tricks, when)
    if out:
        return out
    turns = _exchange_turns(s, tricks, draws, at, when) if s.exchanged_by >= 0 else []
    if s.exchanged_by >= 0 and not turns:
        return [
            f"seat {s.exchanged_by} exchanged the exchange card for the turn-up, but no turn "
            f"before it played {CARDS[s.dealt_turnup]} allowed it the exchange"
        ]
    return _holding_problems(s, tricks, draws, when, turns)


def _bottom_problems(
    s: HandState, tricks: list[Trick], draws: int, when: list[dict[int, int]]
) -> list[str]:
    """The last card of an exhausted talon was drawn by the loser of the last drawing trick."""
    if s.talon:
        return []
    r = s.rules
    bottom = exchange_card_index(r.deck, s.trump) if s.exchanged_by >= 0 else s.dealt_turnup
    loser = 1 - tricks[draws - 1][3]
    if s.hands[loser] >> bottom & 1 or when[loser].get(bottom, 0) > draws:
        return []
    what = "the exchange card" if s.exchanged_by >= 0 else "the turn-up"
    return [
        f"seat {loser} lost trick {draws}, the last before the talon ran out, so it drew its "
        f"last card, {what} {CARDS[bottom]}; but seat {loser} neither holds it nor played it "
        "after that trick"
    ]


def _strict_problems(
    s: HandState, tricks: list[Trick], draws: int, at: int, when: list[dict[int, int]]
) -> list[str]:
    """Every trick of the strict phase was followed by the rules of §1.6."""
    r = s.rules
    start = at + 1 if at >= 0 else (draws + 1 if not s.talon else len(tricks) + 1)
    up = s.dealt_turnup
    ex = exchange_card_index(r.deck, s.trump)
    out = []
    for j in range(start, len(tricks) + 1):
        leader, lead, follow, _ = tricks[j - 1]
        seat = 1 - leader
        hand = s.hands[seat]
        for card, k in when[seat].items():
            if k >= j:
                hand |= 1 << card
        if follow_mask(r, hand, lead, s.trump, True) >> follow & 1:
            continue
        # On a closed talon the follower may have exchanged in a later trick (only
        # WHILE_CLOSED_WITH_TRICK allows that): then it held the exchange card instead
        # of the turn-up in this one.
        if (
            s.exchanged_by == seat
            and at >= 0
            and r.exchange_when_closed is ExchangeWhenClosed.WHILE_CLOSED_WITH_TRICK
            and hand >> up & 1
            and not hand >> ex & 1
        ):
            other = hand ^ (1 << up) ^ (1 << ex)
            if follow_mask(r, other, lead, s.trump, True) >> follow & 1:
                continue
        out.append(
            f"trick {j} was played with the talon {'closed' if at >= 0 else 'exhausted'}, "
            f"but seat {seat} followed {CARDS[lead]} with {CARDS[follow]}, which "
            f"{r.strict_play.name} does not allow with its cards then "
            f"({_cards(hand)})"
        )
        break
    return out


def _declaration_problems(
    s: HandState, tricks: list[Trick], draws: int, at: int, when: list[dict[int, int]]
) -> list[str]:
    """Each marriage was declared for the first lead of its K or Q, where that was allowed."""
    r = s.rules
    out = []
    counted = [0, 0]
    pending = [0, 0]
    snap_counted = 0
    opp = 1 - s.closed_by
    apart = rule_facts(r).honours_apart
    for seat in (0, 1):
        wins = [j for j, t in enumerate(tricks, 1) if t[3] == seat]
        for base, suit in [(b, k) for b in (0, 8) for k in range(4)]:
            if not s.declared >> (base + seat * 4 + suit) & 1:
                continue
            letter = "CDHS"[suit]
            amour = base == 8  # rules §13.7.2: the ace and ten, led like a marriage's pair
            king, queen = (suit * 8, suit * 8 + 1) if amour else (suit * 8 + 2, suit * 8 + 3)
            high, low = ("A", "T") if amour else ("K", "Q")
            name = f"seat {seat}'s {letter} {'amour' if amour else 'marriage'}"
            this_turn = s.turn_marriage == suit and bool(s.turn_steps & TURN_AMOUR) == amour
            if this_turn and s.leader == seat and s.step in (Step.LEAD, Step.OVER):
                if not (s.hands[seat] >> king & 1 and s.hands[seat] >> queen & 1):
                    out.append(
                        f"{name} is declared in this turn, but {high}{letter} or {low}{letter} "
                        "is no longer in its hand"
                    )
                    continue
                j = len(tricks) + 1
            else:
                plays = [when[seat][c] for c in (king, queen) if c in when[seat]]
                j = min(plays) if plays else 0
                led = tricks[j - 1] if 0 < j <= len(tricks) else None
                first = (
                    (led[0], led[1])
                    if led is not None
                    else (s.leader, s.lead)
                    if j == len(tricks) + 1
                    else (-1, -1)
                )
                king_only = r.marriage_lead is MarriageLead.KING_ONLY and not amour
                need = (king,) if king_only else (king, queen)
                if first[0] != seat or first[1] not in need:
                    card = "the king" if len(need) == 1 else "the king or queen"
                    if amour:
                        card = "the ace or ten"
                    out.append(
                        f"{name} must have been declared when it led {card} of {letter} "
                        f"with both {high}{letter} and {low}{letter} in hand, but the first "
                        "of them it played was not such a lead"
                    )
                    continue
            # j: the trick whose lead the marriage was declared before.
            strict = (not s.talon and j > draws) or (at >= 0 and j > at)
            if strict and not r.marriage_in_strict_phase:
                out.append(
                    f"{name} was declared in trick {j}, with the talon closed or exhausted, "
                    "but this rule set allows no marriage then"
                )
            if r.marriage_before_first_trick is MarriageBeforeFirstTrick.FORBIDDEN and not any(
                w < j for w in wins
            ):
                out.append(
                    f"{name} was declared in trick {j}, before seat {seat} had won a trick, "
                    "but this rule set forbids that"
                )
            if apart:
                value = 0
            elif amour:
                value = r.amour_points[suit == s.trump]
            else:
                value = marriage_value(suit, s.trump)
            next_trick = (
                r.marriage_pending_redeem is MarriagePendingRedeem.NEXT_TRICK_AFTER_DECLARING
            )
            if any(w >= j for w in wins) or (wins and not next_trick):
                counted[seat] += value
            else:
                pending[seat] += value
            if seat == opp and s.closed_by >= 0 and j <= at:
                won_by_close = [w for w in wins if w <= at and (w >= j or not next_trick)]
                if won_by_close:
                    snap_counted += value
    if out:
        return out
    for seat in (0, 1):
        if (s.marriages[seat], s.pending[seat]) != (counted[seat], pending[seat]):
            out.append(
                f"seat {seat}'s marriages give {counted[seat]} counted and {pending[seat]} "
                f"pending points by the tricks it won since declaring them, not "
                f"{s.marriages[seat]} and {s.pending[seat]}"
            )
    snap = s.close_snapshot
    if snap is not None and snap.opponent_marriages != snap_counted:
        out.append(
            f"the close snapshot counts {snap.opponent_marriages} marriage points for seat "
            f"{opp}, but its marriages counted {snap_counted} when the talon was closed"
        )
    return out


def _declared_for(
    s: HandState, tricks: list[Trick], when: list[dict[int, int]]
) -> list[tuple[int, int, int]]:
    """(seat, trick declared for, value) of each declared marriage and amour (§4, §13.9)."""
    r = s.rules
    out = [
        (seat, j, declaration_value(r, False, suit, s.trump))
        for seat, j, suit in _declared_suits(s, tricks, when)
    ]
    for seat in (0, 1):
        for suit in _amours_declared(s, seat):
            plays = [when[seat][c] for c in (suit * 8, suit * 8 + 1) if c in when[seat]]
            j = min(plays) if plays else len(tricks) + 1
            out.append((seat, j, declaration_value(r, True, suit, s.trump)))
    return out


def _auto_problems(s: HandState, tricks: list[Trick], when: list[dict[int, int]]) -> list[str]:
    """Under automatic claims, nobody reached 66 where a window opened without the hand ending.

    A window opens when a seat wins a trick and, with ``marriage_out_without_lead``, when
    it declares a marriage (§2.4); the last trick is never an automatic claim (§9.4).
    """
    r = s.rules
    marriages = _declared_for(s, tricks, when)
    next_trick = r.marriage_pending_redeem is MarriagePendingRedeem.NEXT_TRICK_AFTER_DECLARING
    points = [0, 0]
    wins: list[list[int]] = [[], []]
    played = len(tricks)
    for t in range(1, played + 2):
        # The marriages declared for the lead of trick t, with the points before it.
        for seat, j, _ in marriages if r.marriage_out_without_lead else ():
            if j != t or (t > played and s.lead < 0):
                continue  # the current turn's marriage: see _ending_problems
            counted = sum(
                v
                for m_seat, k, v in marriages
                if m_seat == seat and k <= j and any(w >= k or not next_trick for w in wins[seat])
            )
            if points[seat] + counted >= r.claim_target:
                return [
                    f"claims are automatic and seat {seat} reached {points[seat] + counted} "
                    f"points by declaring a marriage before trick {t}, but the hand went on"
                ]
        if t > played:
            break
        _, lead, follow, winner = tricks[t - 1]
        points[winner] += POINTS[lead] + POINTS[follow]
        wins[winner].append(t)
        if t == played and s.step is Step.OVER and s.turn_marriage < 0:
            break  # the hand ended with this trick
        total = points[winner] + sum(v for seat, j, v in marriages if seat == winner and j <= t)
        if total >= r.claim_target:
            return [
                f"claims are automatic and seat {winner} had {total} points after winning "
                f"trick {t}, but the hand went on"
            ]
    return []


def _exchange_turns(
    s: HandState, tricks: list[Trick], draws: int, at: int, when: list[dict[int, int]]
) -> list[int]:
    """The tricks in whose turn the exchanger could have exchanged (§3, §9.6).

    Trick ``j``'s turn: before its lead when the exchanger led it, else before it followed.
    Only turns up to the trick in which the exchanger played the turn-up count.
    """
    r = s.rules
    seat = s.exchanged_by
    played = len(tricks)
    last = when[seat].get(s.dealt_turnup, played + 2)
    decision_close = at >= 0 and at - draws == 1
    # Whether the turn after the last trick has begun (else the hand waits for, or
    # ended at, the decision after that trick or the trick itself).
    begun = s.step in (Step.LEAD, Step.FOLLOW) or (
        s.step is Step.OVER
        and bool(s.hands[0] | s.hands[1])
        and not (s.closed_by < 0 and s.talon and draws == played - 1)
        and (not rule_facts(r).auto or s.turn_marriage >= 0)
    )
    turns = []
    for j in range(1, min(last, played + (1 if begun else 0)) + 1):
        leading = (tricks[j - 2][3] if j > 1 else 1 - s.dealer) == seat
        if j == played + 1 and not leading and s.lead < 0:
            continue  # no card led yet in the current trick
        talon = r.talon_size - 2 * min(j - 1, draws)
        if not talon or talon < r.exchange_min_talon:
            continue
        won = any(t[3] == seat for t in tricks[: j - 1])
        closed = at >= 0 and (at < j - 1 or (at == j - 1 and (decision_close or not leading)))
        if not closed:
            ok = (
                (leading or r.exchange_timing is ExchangeTiming.ANY_TIME)
                and (won or not r.exchange_requires_won_trick)
                and (j > 1 or r.exchange_on_first_lead)
            )
        elif r.exchange_when_closed is ExchangeWhenClosed.AT_CLOSE_OPPONENT:
            ok = not leading and seat != s.closed_by and j == at + 1
        else:
            ok = (
                r.exchange_when_closed is ExchangeWhenClosed.WHILE_CLOSED_WITH_TRICK
                and won
                and (leading or r.exchange_timing is ExchangeTiming.ANY_TIME)
            )
        if ok:
            turns.append(j)
    return turns


def _holding_problems(
    s: HandState,
    tricks: list[Trick],
    draws: int,
    when: list[dict[int, int]],
    turns: list[int],
) -> list[str]:
    """No seat needed more cards in hand at once than the deal and the draws gave it.

    A seat holds ``hand_size`` cards after the deal and gets one with each draw, so before
    trick ``t`` it had held at most ``hand_size + min(t - 1, draws)`` different cards. It
    must have held by then every card it played up to trick ``t``, both cards of each
    marriage declared up to then, and the exchange card before exchanging (§1.3, §1.5,
    §3, §4).
    """
    r = s.rules
    held = 1 << 20
    need: list[dict[int, int]] = [
        {c: k - 1 for c, k in when[0].items()},
        {c: k - 1 for c, k in when[1].items()},
    ]
    for seat in (0, 1):
        for i in iter_mask(s.hands[seat]):
            need[seat][i] = held
    for seat, j, suit in _declared_suits(s, tricks, when):
        for card in (suit * 8 + 2, suit * 8 + 3):
            need[seat][card] = min(need[seat][card], j - 1)
    loser = 1 - tricks[draws - 1][3] if not s.talon else -1
    ex = exchange_card_index(r.deck, s.trump)
    bottom = ex if s.exchanged_by >= 0 else s.dealt_turnup
    problem = ""
    for x in turns or [0]:
        own = [dict(need[0]), dict(need[1])]
        slots = [[0] * r.hand_size + list(range(1, draws + 1)) for _ in (0, 1)]
        if loser >= 0:
            del own[loser][bottom]  # the last draw of the loser (see _bottom_problems)
            slots[loser].pop()
        deadlines = [sorted(own[0].values()), sorted(own[1].values())]
        if x:
            e = s.exchanged_by
            deadlines[e].remove(own[e][s.dealt_turnup])
            deadlines[e] = sorted([*deadlines[e], x - 1])  # the exchange card, given away
        problem = ""
        for seat in (0, 1):
            for k, (due, slot) in enumerate(zip(deadlines[seat], slots[seat], strict=True)):
                if slot > due:
                    count = sum(d <= due for d in deadlines[seat])
                    have = k
                    problem = (
                        f"seat {seat} must have held {count} cards before trick {due + 1} "
                        "(every card it played up to that trick, both cards of each marriage "
                        "it declared by then"
                        + (", the exchange card before the exchange" if x else "")
                        + f"), but the deal and the draws before it gave it only {have}"
                    )
                    break
            if problem:
                break
        if not problem:
            return []
    return [problem]


def _declared_suits(
    s: HandState, tricks: list[Trick], when: list[dict[int, int]]
) -> list[tuple[int, int, int]]:
    """(seat, trick declared for, suit) of each declared marriage."""
    out = []
    for seat in (0, 1):
        for suit in range(4):
            if s.declared >> (seat * 4 + suit) & 1:
                plays = [when[seat][c] for c in (suit * 8 + 2, suit * 8 + 3) if c in when[seat]]
                out.append((seat, min(plays) if plays else len(tricks) + 1, suit))
    return out


def validate(position: HandState | PlayerView) -> list[str]:
    """The problems of a state or a seat's view: empty exactly when legal play can reach it.

    Args:
        position: A :class:`~sixtysix.HandState` or a :class:`~sixtysix.PlayerView`.

    Returns:
        One message per problem found, each naming the inconsistency in words (the
        first problem of a kind can hide later ones of other kinds).

    Never raises: a value of another type is one problem.
    """
    value: object = position
    if isinstance(value, HandState):
        return state_problems(value)
    from ._hooks import view_problems  # made by observe, which imports this module

    found = view_problems(value)
    if found is not None:
        return found
    return [f"expected a HandState or a PlayerView, not {type(value).__name__}"]
