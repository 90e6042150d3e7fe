"""Position strings (one line, like FEN in chess) and a readable rendering of a hand.

:func:`dump_position` writes any :class:`~sixtysix.HandState` as one line of twelve
fields separated by single spaces; :func:`load_position` reads it back into exactly the
same state, after checking that it is consistent. :func:`render` draws a state on
several lines for people and logs. The grammar, field by field, is on the docs page
"Notation and records".

>>> from sixtysix import CLASSIC_66, deal_from_order, apply_move
>>> from sixtysix.notation import dump_position, load_position
>>> pack = "AH TH KH QH JH 9H AS TS KS QS JS 9S AD TD KD QD JD 9D AC TC KC QC JC 9C"
>>> state = apply_move(deal_from_order(CLASSIC_66, pack.split(), dealer=0), "AH")
>>> text = dump_position(state)
>>> text
'CLASSIC_66 0 AD QHJH9HQSJS9S THKHASTSKS TDKDQDJD9DACTCKCQCJC9CAD F0 AH - - - -'
>>> load_position(text) == state
True
"""

from __future__ import annotations

import enum
import re
from typing import Any

import attrs

from . import _hooks
from ._notation import fields_of
from .cards import (
    CARDS,
    POINTS,
    Card,
    Suit,
    cards_of,
    exchange_card_index,
    mask_points,
    trick_winner,
)
from .errors import ParseError, PositionError, RulesError
from .errors import quote as _quote
from .legality import TURN_AMOUR, declaration_value
from .observe import PlayerView, _shadow_state, observe, strict_exclusions, validate_view
from .rules import PRESETS, Rules, preset_differences
from .state import TURN_CLOSED, CloseSnapshot, HandState, Step
from .validate import validate

__all__ = ["dump_position", "dump_view", "load_position", "load_view", "render"]

#: The names of the twelve fields, in order (used in error messages).
FIELDS = (
    "rules",
    "dealer",
    "turn-up",
    "hand 0",
    "hand 1",
    "talon",
    "to move",
    "played",
    "marriages",
    "turn",
    "close",
    "exchange",
)

_STEP_LETTER = {Step.LEAD: "L", Step.FOLLOW: "F", Step.DECIDE: "D"}
_LETTER_STEP = {v: k for k, v in _STEP_LETTER.items()}
_NAME_RE = re.compile(r"[A-Za-z0-9_]+")


# --------------------------------------------------------------------------- rules


def _value_text(value: object) -> str:
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "-".join(str(v) for v in value)
    return str(value)


def _rules_text(rules: Rules) -> str:
    """A preset name, or the closest preset and the differing fields in brackets."""
    name, changes = preset_differences(rules)
    if not changes:
        return name
    return f"{name}[{','.join(f'{k}={_value_text(v)}' for k, v in changes.items())}]"


def _parse_value(key: str, text: str, current: object) -> object:
    """Read ``text`` as a value of the same kind as ``current``."""
    if isinstance(current, enum.Enum):
        return text  # Rules.from_dict reads enum members by name and lists the allowed ones.
    if isinstance(current, bool):
        if text not in ("true", "false"):
            raise RulesError(
                f"rules field {_quote(key)} must be true or false, not {_quote(text)}"
            )
        return text == "true"
    if isinstance(current, tuple):
        parts = text.split("-")
        if not all(_is_number(p) for p in parts):
            raise RulesError(
                f"rules field {_quote(key)} must be whole numbers joined by '-', e.g. 3-2, "
                f"not {_quote(text)}"
            )
        return tuple(int(p) for p in parts)
    if not _is_number(text):
        raise RulesError(f"rules field {_quote(key)} must be a whole number, not {_quote(text)}")
    return int(text)


def _check_state(state: object, what: str) -> None:
    if type(state) is not HandState:
        raise PositionError(f"{what} needs a HandState, not {type(state).__name__}")
    problems = validate(state)
    if problems:
        raise PositionError(f"{what} needs a reachable state: {'; '.join(problems)}")


def _is_number(text: str) -> bool:
    """Whether ``text`` is a whole number of at most 9 ASCII digits (not ``²``)."""
    return 0 < len(text) <= 9 and text.isascii() and text.isdigit()


def _parse_rules(text: str) -> Rules:
    base_name, bracket, rest = text.partition("[")
    if not _NAME_RE.fullmatch(base_name):
        raise RulesError(
            f"expected a preset name such as CLASSIC_66, optionally followed by "
            f"[field=value,...], not {_quote(text)}"
        )
    base = PRESETS.get(base_name)
    if base is None:
        raise RulesError(
            f"no preset called {_quote(base_name)}; the presets are: {', '.join(PRESETS)}"
        )
    if not bracket:
        return base
    if not rest.endswith("]"):
        raise RulesError(f"the list of rule changes must end with ']': {_quote(text)}")
    body = rest[:-1]
    changes: dict[str, Any] = {}
    names = {f.name for f in attrs.fields(Rules)}
    for item in body.split(",") if body else []:
        key, eq, value = item.partition("=")
        if not eq or not value:
            raise RulesError(f"expected field=value in the rules, not {_quote(item)}")
        if key not in names:
            raise RulesError(
                f"unknown rules field {_quote(key)}; the fields are: {', '.join(names)}"
            )
        if key in changes:
            raise RulesError(f"rules field {_quote(key)} is given twice")
        changes[key] = _parse_value(key, value, getattr(base, key))
    return Rules.from_dict(changes, base=base)


# --------------------------------------------------------------------------- writing


def _cards_text(indices: tuple[int, ...] | list[int]) -> str:
    return "".join(str(CARDS[i]) for i in indices) or "-"


def _mask_text(mask: int) -> str:
    return "".join(str(c) for c in cards_of(mask)) or "-"


def _pending_suits(state: HandState, seat: int) -> int:
    """A set of the seat's declarations (bit ``suit``, amours ``4 + suit``) worth its pending."""
    items = [b for b in range(8) if state.declared >> (b // 4 * 8 + seat * 4 + b % 4) & 1]
    target = state.pending[seat]
    for subset in range(1 << len(items)):
        chosen = [b for k, b in enumerate(items) if subset >> k & 1]
        values = (declaration_value(state.rules, b >= 4, b % 4, state.trump) for b in chosen)
        if sum(values) == target:
            return sum(1 << b for b in chosen)
    raise ParseError(
        f"cannot write this state: seat {seat} has {target} pending marriage points, "
        "which no set of its declared marriages adds up to"
    )


def _marriages_text(state: HandState) -> str:
    items = []
    for seat in (0, 1):
        pending = _pending_suits(state, seat)
        for suit in range(4):
            if state.declared >> (seat * 4 + suit) & 1:
                star = "*" if pending >> suit & 1 else ""
                items.append(f"{seat}{Suit(suit).letter}{star}")
        for suit in range(4):  # amours (rules §13.7.2): 0aH
            if state.declared >> (8 + seat * 4 + suit) & 1:
                star = "*" if pending >> (4 + suit) & 1 else ""
                items.append(f"{seat}a{Suit(suit).letter}{star}")
    return ",".join(items) or "-"


def _played_text(played: tuple[int, ...]) -> str:
    tricks = [_cards_text(played[i : i + 2]) for i in range(0, len(played), 2)]
    return ",".join(tricks) or "-"


def dump_position(state: HandState) -> str:
    """The one-line position string of ``state``; :func:`load_position` reads it back.

    The rules are written as a preset name when they equal a preset, else as the
    nearest preset followed by the fields that differ, e.g.
    ``CLASSIC_66[claim_mode=AUTO]``.

    >>> import attrs
    >>> from sixtysix import CLASSIC_66, ClaimMode, new_hand
    >>> from sixtysix.notation import dump_position
    >>> house = attrs.evolve(CLASSIC_66, claim_mode=ClaimMode.AUTO, match_target=11)
    >>> dump_position(new_hand(house, seed=2, dealer=1))
    'CLASSIC_66[claim_mode=AUTO,match_target=11] 1 ... L0 - - - - -'

    Raises:
        PositionError: ``state`` is not a :class:`~sixtysix.HandState`, or not one that
            legal play can reach (see :func:`~sixtysix.validate`).
    """
    _check_state(state, "dump_position")
    step = state.step
    to_move = "-" if step is Step.OVER else f"{_STEP_LETTER[step]}{state.to_move}"
    turn = ""
    if state.turn_steps & TURN_CLOSED:
        turn = "c"
    if state.turn_marriage >= 0:
        turn += ("a" if state.turn_steps & TURN_AMOUR else "m") + Suit(state.turn_marriage).letter
    snap = state.close_snapshot
    if state.closed_by >= 0 and snap is not None:
        close = (
            f"{state.closed_by}:{snap.tricks_played}:{snap.opponent_tricks}:"
            f"{snap.opponent_card_points}:{snap.opponent_marriages}"
        )
    else:
        close = "-"
    return " ".join(
        (
            _rules_text(state.rules),
            str(state.dealer),
            str(CARDS[state.dealt_turnup]),
            _mask_text(state.hands[0]),
            _mask_text(state.hands[1]),
            _cards_text(state.talon),
            to_move,
            _played_text(state.played),
            _marriages_text(state),
            turn or "-",
            close,
            "-" if state.exchanged_by < 0 else str(state.exchanged_by),
        )
    )


# --------------------------------------------------------------------------- reading


class _Reader:
    """Reads the fields of one position string; errors name the field."""

    def __init__(self, fields: list[str]) -> None:
        self.fields = fields

    def error(self, number: int, message: str) -> ParseError:
        name = FIELDS[number - 1]
        return ParseError(
            f"position field {number} ({name}) {_quote(self.fields[number - 1])}: {message}"
        )

    def seat(self, number: int, allow_none: bool = False) -> int:
        text = self.fields[number - 1]
        if allow_none and text == "-":
            return -1
        if text not in ("0", "1"):
            raise self.error(number, "expected seat 0 or 1" + (" or -" if allow_none else ""))
        return int(text)

    def cards(self, number: int, text: str | None = None) -> list[int]:
        text = self.fields[number - 1] if text is None else text
        if text == "-":
            return []
        if len(text) % 2:
            raise self.error(
                number, "cards are written as two-letter codes run together, e.g. AHKS"
            )
        out = []
        for k in range(0, len(text), 2):
            code = text[k : k + 2]
            card = _CARD_CODES.get(code)
            if card is None:
                raise self.error(
                    number,
                    f"{_quote(code)} is not a card "
                    "(ranks A T K Q J 9 8 7, suits C D H S, upper case)",
                )
            out.append(card.index)
        return out

    def number(self, number: int, text: str, what: str) -> int:
        if not _is_number(text):
            raise self.error(number, f"{what} must be a whole number, not {_quote(text)}")
        return int(text)


_CARD_CODES: dict[str, Card] = {str(c): c for c in CARDS}


def load_position(text: str) -> HandState:
    """The :class:`~sixtysix.HandState` written by :func:`dump_position`.

    The text is checked for consistency: every card of the deck exactly once, hand sizes
    that fit the trick in progress, a seat to move that follows from the tricks played,
    marriages and the close snapshot that agree with the cards, and so on.

    >>> from sixtysix.notation import load_position
    >>> load_position("CLASSIC_66 0 AD QHJH9HQSJS9S THKHASTSKS TDKDQDJD9DACTCKCQCJC9CAD L2 "
    ...               "AH - - - -")
    Traceback (most recent call last):
    ...
    sixtysix.errors.ParseError: position field 7 (to move) 'L2': expected L, F or D and ...

    Raises:
        ParseError: the text is not a position string, or describes an impossible
            state; the message names the field.
    """
    state = _read_position(text)
    problems = validate(state)
    if problems:
        raise ParseError(f"the position is not reachable by legal play: {'; '.join(problems)}")
    return state


def _read_position(text: str) -> HandState:
    """The state a position string writes, checked field by field but not by ``validate``."""
    fields = fields_of(text, "position", len(FIELDS), ", ".join(FIELDS))
    r = _Reader(fields)

    # 1 rules, 2 dealer, 3 trump
    try:
        rules = _parse_rules(fields[0])
    except RulesError as exc:
        raise r.error(1, str(exc)) from None
    dealer = r.seat(2)
    turnup_cards = r.cards(3)
    if len(turnup_cards) != 1:
        raise r.error(3, "expected the one card turned up at the deal, e.g. AD")
    dealt_turnup = turnup_cards[0]
    trump = dealt_turnup >> 3

    # 4-6 hands and talon, 8 played: every card of the deck exactly once
    hand0 = r.cards(4)
    hand1 = r.cards(5)
    talon = r.cards(6)
    tricks_text = fields[7].split(",") if fields[7] != "-" else []
    played: list[int] = []
    for k, trick in enumerate(tricks_text, 1):
        cards = r.cards(8, trick) if trick != "-" else []
        if len(cards) != 2 and not (len(cards) == 1 and k == len(tricks_text)):
            raise r.error(
                8,
                f"trick {k} has {len(cards)} cards; every trick but a last one in progress has 2",
            )
        played.extend(cards)
    deck = rules.deck
    seen: dict[int, int] = {}
    for number, group in ((4, hand0), (5, hand1), (6, talon), (8, played)):
        for i in group:
            if not deck.mask >> i & 1:
                raise r.error(number, f"{CARDS[i]} is not in the {deck.name} deck")
            if i in seen:
                where = FIELDS[seen[i] - 1]
                raise r.error(number, f"{CARDS[i]} appears twice (also in {where})")
            seen[i] = number
    if len(seen) != deck.size:
        missing = " ".join(str(c) for c in deck.cards if c.index not in seen)
        raise ParseError(
            f"the position has {len(seen)} cards but the {deck.name} deck has {deck.size}; "
            f"missing: {missing}"
        )
    if len(talon) % 2:
        raise r.error(6, f"the talon always holds an even number of cards, not {len(talon)}")
    if not rules.deck.mask >> dealt_turnup & 1:
        raise r.error(3, f"{CARDS[dealt_turnup]} is not in the {deck.name} deck")

    # The tricks decide who won what, who leads and the card led.
    leader = 1 - dealer
    won = [0, 0]
    card_points = [0, 0]
    history: list[tuple[int, int]] = []  # (seat 0's tricks, seat 1's tricks) after each
    for k in range(0, len(played) - 1, 2):
        lead, follow = played[k], played[k + 1]
        leader = trick_winner(lead, follow, trump, leader)
        won[leader] |= 1 << lead | 1 << follow
        card_points[leader] += POINTS[lead] + POINTS[follow]
        history.append((won[0], won[1]))
    lead = played[-1] if len(played) % 2 else -1
    tricks_played = len(played) // 2

    # 7 to move
    move_text = fields[6]
    if move_text == "-":
        step = Step.OVER
    else:
        letter, seat_text = move_text[:1], move_text[1:]
        if letter not in _LETTER_STEP or seat_text not in ("0", "1"):
            raise r.error(
                7,
                "expected L, F or D and the seat (lead, follow, decide after a trick: "
                "e.g. L0, F1, D0), or - when the hand is over",
            )
        step = _LETTER_STEP[letter]
        expected = 1 - leader if step is Step.FOLLOW else leader
        if int(seat_text) != expected:
            raise r.error(7, f"the tricks played give the move to seat {expected}")
    if (step is Step.FOLLOW) != (lead >= 0):
        raise r.error(
            7,
            "a card has been led, so the follower is to move (F)"
            if lead >= 0
            else "F (follow) needs a card led to the trick in progress",
        )
    sizes = (len(hand0), len(hand1))
    if step is Step.FOLLOW:
        if sizes[leader] + 1 != sizes[1 - leader]:
            raise r.error(
                4 + leader,
                f"the leader holds {sizes[leader]} cards and the follower {sizes[1 - leader]};"
                " the leader should hold one fewer",
            )
    elif sizes[0] != sizes[1]:
        raise r.error(4, f"the hands hold {sizes[0]} and {sizes[1]} cards; they must be equal")

    # 11 close
    closed_by = -1
    snapshot: CloseSnapshot | None = None
    if fields[10] != "-":
        parts = fields[10].split(":")
        if len(parts) != 5:
            raise r.error(
                11,
                "expected - or closer:tricks:opponent tricks:opponent card points:"
                "opponent marriages, e.g. 1:3:1:25:0",
            )
        if parts[0] not in ("0", "1"):
            raise r.error(11, "the closer must be seat 0 or 1")
        closed_by = int(parts[0])
        at, opp_tricks, opp_points, opp_marriages = (
            r.number(11, p, w)
            for p, w in zip(
                parts[1:],
                ("tricks played", "opponent tricks", "opponent card points", "marriages"),
                strict=True,
            )
        )
        if at > tricks_played:
            raise r.error(11, f"closed after {at} tricks, but only {tricks_played} were played")
        if not talon:
            raise r.error(11, "a closed talon keeps its cards, but the talon is empty")
        opp = 1 - closed_by
        mask = history[at - 1][opp] if at else 0
        real = (mask.bit_count() // 2, mask_points(mask))
        if (opp_tricks, opp_points) != real:
            raise r.error(
                11,
                f"after {at} tricks seat {opp} had won {real[0]} tricks with {real[1]} card "
                "points",
            )
        snapshot = CloseSnapshot(at, opp_tricks, opp_points, opp_marriages)
    if step is Step.DECIDE and (closed_by >= 0 or not talon or not tricks_played):
        raise r.error(7, "the decision after a trick (D) needs a won trick and an open talon")

    # 9 marriages
    declared = 0
    marriages = [0, 0]
    pending = [0, 0]
    if fields[8] != "-":
        for item in fields[8].split(","):
            if not re.fullmatch(r"[01]a?[CDHS]\*?", item):
                raise r.error(
                    9, f"expected seat and suit, * when pending, e.g. 0H,1S*; not {_quote(item)}"
                )
            amour = item[1] == "a"  # an amour (rules §13.7.2), e.g. 0aH
            seat, suit = int(item[0]), "CDHS".index(item[1 + amour])
            bit = 1 << (8 * amour + seat * 4 + suit)
            if declared & bit:
                what = "amour" if amour else "marriage"
                raise r.error(9, f"{what} {item.rstrip('*')} is listed twice")
            declared |= bit
            value = declaration_value(rules, amour, suit, trump)
            if item.endswith("*"):
                pending[seat] += value
            else:
                marriages[seat] += value

    # 10 turn
    turn_text = fields[9]
    match = re.fullmatch(r"(c?)(?:([ma])([CDHS]))?", turn_text) if turn_text != "-" else None
    if turn_text != "-" and (match is None or not turn_text):
        raise r.error(10, "expected -, c (closed this turn), mH (married hearts) or cmH")
    turn_steps = TURN_CLOSED if match and match.group(1) else 0
    turn_marriage = "CDHS".index(match.group(3)) if match and match.group(3) else -1
    amour_turn = bool(match and match.group(2) == "a")
    if amour_turn:
        turn_steps |= TURN_AMOUR
    if (turn_steps or turn_marriage >= 0) and step not in (Step.LEAD, Step.OVER):
        raise r.error(10, "only the leader's turn, before the lead, has steps")
    if turn_marriage >= 0 and not declared >> (8 * amour_turn + leader * 4 + turn_marriage) & 1:
        what = "amour" if amour_turn else "marriage"
        raise r.error(10, f"seat {leader} has not declared that {what} (see field 9)")
    if turn_steps & TURN_CLOSED and closed_by != leader:
        raise r.error(10, f"c says seat {leader} closed this turn, but field 11 disagrees")

    # 12 exchange
    exchanged_by = r.seat(12, allow_none=True)
    if talon:
        exchange_card = exchange_card_index(deck, trump)
        if exchanged_by < 0 and talon[-1] != dealt_turnup:
            raise r.error(
                6,
                f"without an exchange the last card of the talon is the turn-up "
                f"{CARDS[dealt_turnup]} (field 3)",
            )
        if exchanged_by >= 0 and (talon[-1] != exchange_card or exchange_card == dealt_turnup):
            raise r.error(
                12,
                f"after an exchange the last card of the talon is the exchange card "
                f"{CARDS[exchange_card]}, which was not the turn-up",
            )

    return HandState(
        rules=rules,
        dealer=dealer,
        trump=trump,
        hands=(_mask(hand0), _mask(hand1)),
        talon=tuple(talon),
        step=step,
        leader=leader,
        lead=lead,
        won=(won[0], won[1]),
        card_points=(card_points[0], card_points[1]),
        marriages=(marriages[0], marriages[1]),
        pending=(pending[0], pending[1]),
        declared=declared,
        turn_marriage=turn_marriage,
        turn_steps=turn_steps,
        closed_by=closed_by,
        close_snapshot=snapshot,
        exchanged_by=exchanged_by,
        played=tuple(played),
        dealt_turnup=dealt_turnup,
    )


def _mask(indices: list[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


# --------------------------------------------------------------------------- views

#: A card the view's seat cannot see, in a view string.
HIDDEN = "??"


def dump_view(view: PlayerView) -> str:
    """The one-line text of a seat's view; :func:`load_view` reads it back.

    It is the position string of the hand (see :func:`dump_position`) with every card
    the seat cannot see written ``??``: the opponent's unknown cards (the cards the seat
    knows they hold are named) and the talon's face-down cards (its bottom card, seen by
    both, is named), followed by a thirteenth field, ``@0`` or ``@1``: whose view it is.

    >>> from sixtysix import CLASSIC_66, deal_from_order, observe
    >>> from sixtysix.notation import dump_view, load_view
    >>> pack = "AH TH KH QH JH 9H AS TS KS QS JS 9S AD TD KD QD JD 9D AC TC KC QC JC 9C"
    >>> view = observe(deal_from_order(CLASSIC_66, pack.split(), dealer=0), 0)
    >>> text = dump_view(view)
    >>> text
    'CLASSIC_66 0 AD QHJH9HQSJS9S ???????????? ??????????????????????AD L1 - - - - - @0'
    >>> load_view(text) == view
    True

    Raises:
        PositionError: ``view`` is not a :class:`~sixtysix.PlayerView`.
    """
    if type(view) is not PlayerView:
        raise PositionError(f"dump_view needs a PlayerView, not {type(view).__name__}")
    fields = dump_position(_shadow_state(view)).split(" ")
    known = view.opponent_known_mask
    hidden = view.opponent_hand_size - known.bit_count()
    fields[4 - view.seat] = "".join(str(c) for c in cards_of(known)) + HIDDEN * hidden or "-"
    if view.talon_size:
        fields[5] = HIDDEN * (view.talon_size - 1) + str(CARDS[view.talon_bottom])
    return " ".join(fields) + f" @{view.seat}"


def load_view(text: str) -> PlayerView:
    """The :class:`~sixtysix.PlayerView` written by :func:`dump_view`.

    The text is checked as a position string is (:func:`load_position`), with the
    unseen cards placed anywhere; then ``??`` must stand for exactly the cards the seat
    cannot see: its own hand, the cards played and the talon's bottom card are named,
    and so are the opponent's cards it knows (and no others).

    >>> from sixtysix.notation import load_view
    >>> load_view("CLASSIC_66 0 AD QHJH9HQSJS9S ???????????? ??????????????????????AD L1 "
    ...           "- - - - - @2")
    Traceback (most recent call last):
    ...
    sixtysix.errors.ParseError: view field 13 (seat) '@2': expected @0 or @1, the seat ...

    Raises:
        ParseError: the text is not a view string, or not the view of a reachable state;
            the message names the field.
    """
    fields = fields_of(
        text,
        "view",
        len(FIELDS) + 1,
        f"the {len(FIELDS)} of a position, with ?? for the cards the seat cannot see, then "
        "@0 or @1",
    )
    if fields[-1] not in ("@0", "@1"):
        raise ParseError(
            f"view field 13 (seat) {_quote(fields[-1])}: expected @0 or @1, the seat whose "
            "view it is"
        )
    seat = int(fields[-1][1])
    opp = 1 - seat
    fields = fields[:-1]
    tokens = {n: _tokens(fields[n - 1]) for n in (4, 5, 6)}
    tokens[8] = [t for trick in fields[7].split(",") for t in _tokens(trick)]
    for number, field in ((3, 3), (4 + seat, 4 + seat), (8, 8)):
        if HIDDEN in fields[field - 1]:
            whose = {3: "the turn-up", 8: "the cards played"}.get(number, "the seat's own hand")
            raise ParseError(
                f"view field {number} ({FIELDS[number - 1]}) {_quote(fields[number - 1])}: "
                f"{whose} is seen by the seat, so it has no ??"
            )
    talon = tokens[6]
    if talon and talon[-1] == HIDDEN:
        raise ParseError(
            f"view field 6 (talon) {_quote(fields[5])}: the talon's last card (the turn-up, "
            "or the exchange card) is seen by both players, so it is named, not ??"
        )
    if HIDDEN in talon[:-1] and any(t != HIDDEN for t in talon[:-1]):
        raise ParseError(
            f"view field 6 (talon) {_quote(fields[5])}: the seat sees only the talon's last "
            "card; the others are ??"
        )
    try:
        deck = _parse_rules(fields[0]).deck
    except RulesError:
        deck = None  # load_position below reports it
    if deck is not None:
        named = {t for n in (4, 5, 6, 8) for t in tokens[n] if t != HIDDEN}
        unseen = [str(c) for c in deck.cards if str(c) not in named]
        hidden = sum(tokens[n].count(HIDDEN) for n in (4, 5, 6, 8))
        if hidden != len(unseen):
            raise ParseError(
                f"the view hides {hidden} cards, but {len(unseen)} cards of the {deck.name} "
                "deck are not named in it"
            )
        # The opponent gets the unseen cards it may hold first: a strict-phase trick it
        # followed shows what it lacked (the same public facts whatever the fill).
        fill = iter(unseen)
        filled = list(fields)
        for n in (4 + opp, 6):
            filled[n - 1] = "".join(next(fill) if t == HIDDEN else t for t in tokens[n]) or "-"
        lacked = strict_exclusions(_read_position(" ".join(filled)), seat)
        fill = iter(sorted(unseen, key=lambda c: bool(lacked >> _CARD_CODES[c].index & 1)))
        for n in (4 + opp, 6):
            fields[n - 1] = "".join(next(fill) if t == HIDDEN else t for t in tokens[n]) or "-"
    view = observe(load_position(" ".join(fields)), seat)
    named_opp = sum(
        1 << _CARD_CODES[t].index for t in tokens[4 + opp] if t != HIDDEN and t in _CARD_CODES
    )
    if named_opp != view.opponent_known_mask:
        knows = " ".join(str(c) for c in view.opponent_known) or "no card"
        raise ParseError(
            f"view field {4 + opp} (hand {opp}) {_quote(fields[3 + opp])}: seat {seat} knows "
            f"that seat {opp} holds {knows}; the others are written ??"
        )
    problems = validate_view(view)
    if problems:
        raise ParseError(f"not the view of a reachable state: {'; '.join(problems)}")
    return view


def _tokens(text: str) -> list[str]:
    """The two-letter codes of a card field (``-``: none), ``??`` among them."""
    if text == "-":
        return []
    return [text[k : k + 2] for k in range(0, len(text), 2)]


# --------------------------------------------------------------------------- rendering


def _cards_line(mask: int) -> str:
    return " ".join(str(c) for c in cards_of(mask)) or "(none)"


def render(position: HandState | PlayerView, seat: int | None = None) -> str:
    """A multi-line, human-readable picture of a hand, for logs, debugging and the CLI.

    A :class:`~sixtysix.HandState` is drawn whole: both hands and the talon's order. With
    ``seat`` given, or for a :class:`~sixtysix.PlayerView`, only what that seat may see
    is shown: the cards it cannot see are ``??`` (the cards it knows the opponent holds
    are named) and the talon's face-down cards are counted. ``str(state)`` is
    ``render(state)`` and ``str(view)`` is ``render(view)``, the same as
    ``render(state, seat=view.seat)``.

    >>> from sixtysix import CLASSIC_66, deal_from_order, apply_move
    >>> from sixtysix.notation import render
    >>> pack = "AH TH KH QH JH 9H AS TS KS QS JS 9S AD TD KD QD JD 9D AC TC KC QC JC 9C"
    >>> state = apply_move(deal_from_order(CLASSIC_66, pack.split(), dealer=0), "AH")
    >>> print(render(state, seat=0))
    CLASSIC_66, trump diamonds (D), dealer seat 0
    talon: 12 cards, turn-up AD
    seat 0: QH JH 9H QS JS 9S
    seat 1: ?? ?? ?? ?? ?? (5 cards)
    seat 0 won 0 tricks, 0 points
    seat 1 won 0 tricks, 0 points
    trick: seat 1 led AH
    to move: seat 0 (follow)

    Raises:
        ParseError: ``seat`` is not 0, 1 or ``None`` (or, for a view, not its seat).
        PositionError: ``position`` is not a reachable :class:`~sixtysix.HandState` or
            a :class:`~sixtysix.PlayerView`.
    """
    if type(position) is PlayerView:
        if seat is not None and seat != position.seat:
            raise ParseError(
                f"a view shows what seat {position.seat} sees; render it without a seat, "
                f"not with seat {_quote(seat)}"
            )
        problems = validate_view(position)
        if problems:
            raise PositionError(f"render needs a reachable view: {'; '.join(problems)}")
        return _render(position)
    _check_state(position, "render")
    assert isinstance(position, HandState)
    if seat is not None and (type(seat) is not int or seat not in (0, 1)):
        raise ParseError(f"render shows the view of seat 0 or 1 (or None), not {_quote(seat)}")
    return _render(position if seat is None else observe(position, seat))


def _render(position: HandState | PlayerView) -> str:
    """The lines of :func:`render`: a state shows everything, a view what its seat sees."""
    state = position if isinstance(position, HandState) else None
    view = position if isinstance(position, PlayerView) else None
    trump = Suit(position.trump)
    rules = _rules_text(position.rules)
    lines = [
        f"{rules}, trump {trump.name.lower()} ({trump.letter}), dealer seat {position.dealer}"
    ]
    talon_size = position.talon_size
    if not talon_size:
        lines.append("talon: exhausted")
    else:
        if position.closed_by >= 0:
            talon = f"talon: {talon_size} cards, closed by seat {position.closed_by}"
        else:
            talon = f"talon: {talon_size} cards, turn-up {position.turnup}"
        if state is not None:
            talon += f" (draw order {' '.join(str(CARDS[i]) for i in state.talon)})"
        lines.append(talon)
    for s in (0, 1):
        if state is not None:
            hand = _cards_line(state.hands[s])
        else:
            assert view is not None
            if s == view.seat:
                hand = _cards_line(view.hand_mask)
            else:
                n = view.opponent_hand_size
                known = [str(c) for c in cards_of(view.opponent_known_mask)]
                shown = known + ["??"] * (n - len(known))
                hand = (
                    " ".join(shown) + f" ({n} {'card' if n == 1 else 'cards'})" if n else "(none)"
                )
        lines.append(f"seat {s}: {hand}")
    for s in (0, 1):
        marriages = [Suit(k).letter for k in range(4) if position.declared >> (s * 4 + k) & 1]
        extra = f", marriages {' '.join(marriages)}" if marriages else ""
        if position.pending[s]:
            extra += f" ({position.pending[s]} pending)"
        tricks = position.tricks(s)
        won = f"{tricks} trick" if tricks == 1 else f"{tricks} tricks"
        lines.append(f"seat {s} won {won}, {position.points(s)} points{extra}")
    if position.exchanged_by >= 0:
        lines.append(f"seat {position.exchanged_by} exchanged the trump card")
    if position.lead >= 0:
        lines.append(f"trick: seat {position.leader} led {CARDS[position.lead]}")
    elif position.played:
        last = position.played[-2:]
        lines.append(
            f"last trick: {CARDS[last[0]]} {CARDS[last[1]]}, won by seat {position.leader}"
        )
    if position.step is Step.OVER:
        lines.append("the hand is over")
    else:
        what = {Step.LEAD: "lead", Step.FOLLOW: "follow", Step.DECIDE: "draw or close"}
        lines.append(f"to move: seat {position.to_move} ({what[position.step]})")
    return "\n".join(lines)


# The text forms that HandState and PlayerView show (sixtysix._hooks).
_hooks.dump_position.register(dump_position)
_hooks.render.register(render)
_hooks.dump_view.register(dump_view)
_hooks.load_view.register(load_view)
