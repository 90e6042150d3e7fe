"""Four-hand position strings: :func:`dump_position` and :func:`load_position`.

A position is one line of nine fields separated by single spaces:

1. the rules: a preset name (``FOUR_HAND_66``), or ``key=value`` pairs joined by commas
   for every field (``deck=D24,deal_packets=3.3,undertrump=FREE,ten_of_trumps_point=yes,
   tie_carry=1,match_target=7``);
2. the dealer's seat, 0 to 3;
3. the sides' match scores when the hand was dealt, ``0-0``;
4. the turn-up card;
5. to 8. the cards in the hands of seats 0 to 3 (cards written together, canonical
   order, ``-`` for none);
9. every card played, in order, written together (``-`` for none).

Who played each card and who won each trick follow from the cards, so they are not
written; :func:`load_position` rebuilds the deal and replays the cards, so a position that
breaks a rule of play is rejected with the card and the obligation broken.

>>> from sixtysix import partnership as p4
>>> s = p4.new_hand(p4.FOUR_HAND_24, seed=2, dealer=1)
>>> s = p4.apply_move(s, p4.legal_moves(s)[0])
>>> text = p4.dump_position(s)
>>> text
'FOUR_HAND_24 1 0-0 JH ACKCJDQH9HKS 9CKDAHKHJHQS QCTD9DAS9S JCADQDTHTSJS TC'
>>> p4.load_position(text) == s
True
"""

from __future__ import annotations

import re

from .. import _hooks, _text
from .._notation import fields_of, rules_field
from ..cards import CARDS
from ..errors import DealError, IllegalMoveError, ParseError, PositionError, RulesError, quote
from ..moves import PLAY
from ._bits import mask_text
from .engine import apply_move
from .rules import PRESETS, PartnershipRules, preset_name
from .state import PartnershipState, dealt_state, players_of

__all__ = ["dump_position", "load_position", "render"]

FIELDS = (
    "rules",
    "dealer",
    "scores",
    "turn-up",
    "hand 0",
    "hand 1",
    "hand 2",
    "hand 3",
    "played",
)
_SCORES = re.compile(r"([0-9]{1,4})-([0-9]{1,4})\Z")
_CODES = {str(c): c.index for c in CARDS}


def _rules_text(rules: PartnershipRules) -> str:
    return rules_field(rules, preset_name(rules))


def _parse_rules(text: str) -> PartnershipRules:
    if text in PRESETS:
        return PRESETS[text]
    if "=" not in text:
        raise ParseError(
            f"field 1 (rules): {quote(text)} is not a four-hand preset ({', '.join(PRESETS)}) "
            "nor a list of key=value pairs"
        )
    data: dict[str, object] = {}
    for pair in text.split(","):
        key, sep, value = pair.partition("=")
        if not sep:
            raise ParseError(f"field 1 (rules): {quote(pair)} is not key=value")
        parsed: object = value
        if key == "deal_packets":
            parts = value.split(".")
            if not all(_text.is_digits(v, 4) for v in parts):
                raise ParseError(
                    f"field 1 (rules): bad deal_packets {quote(value)}: write whole numbers "
                    "joined by dots (3.2.3)"
                )
            parsed = tuple(int(v) for v in parts)
        elif key == "ten_of_trumps_point":
            if value not in ("yes", "no"):
                raise ParseError(
                    f"field 1 (rules): ten_of_trumps_point is yes or no, not {quote(value)}"
                )
            parsed = value == "yes"
        elif key in ("tie_carry", "match_target"):
            if not _text.is_digits(value, 4):
                raise ParseError(
                    f"field 1 (rules): {key} must be a whole number, not {quote(value)}"
                )
            parsed = int(value)
        data[key] = parsed
    try:
        return PartnershipRules.from_dict(data)
    except RulesError as exc:
        raise ParseError(f"field 1 (rules): {exc}") from None


def dump_position(state: PartnershipState) -> str:
    """The one-line position string of ``state``; :func:`load_position` reads it back.

    Raises:
        PositionError: ``state`` is not a :class:`PartnershipState`.
    """
    _check_state("dump_position", state)
    played = "".join(str(CARDS[i]) for i in state.played) or "-"
    return " ".join(
        [
            _rules_text(state.rules),
            str(state.dealer),
            f"{state.scores[0]}-{state.scores[1]}",
            str(CARDS[state.turnup_index]),
            *(mask_text(h) for h in state.hands),
            played,
        ]
    )


def _check_state(what: str, state: object) -> None:
    if type(state) is not PartnershipState:
        raise PositionError(f"{what} needs a PartnershipState, not {type(state).__name__}")


def _cards(number: int, text: str) -> list[int]:
    if text == "-":
        return []
    if len(text) % 2:
        raise ParseError(
            f"field {number} ({FIELDS[number - 1]}): {quote(text)} is not a run of "
            "two-letter cards"
        )
    out = []
    for k in range(0, len(text), 2):
        code = _CODES.get(text[k : k + 2])
        if code is None:
            raise ParseError(
                f"field {number} ({FIELDS[number - 1]}): {quote(text[k : k + 2])} is not a card "
                "(ranks A T K Q J 9 8 7, suits C D H S, upper case)"
            )
        out.append(code)
    return out


def load_position(text: str) -> PartnershipState:
    """Read a position string back into the state it was written from.

    Raises:
        ParseError: the text is not a position, or it describes an impossible deal or
            play (a card twice or missing, a wrong number of cards, a turn-up the dealer
            was not dealt, a card played against the rules).
    """
    fields = fields_of(text, "four-hand position", len(FIELDS), ", ".join(FIELDS))
    rules = _parse_rules(fields[0])
    if fields[1] not in ("0", "1", "2", "3"):
        raise ParseError(f"field 2 (dealer): a seat from 0 to 3, not {quote(fields[1])}")
    dealer = int(fields[1])
    m = _SCORES.match(fields[2])
    if m is None:
        raise ParseError(
            f"field 3 (scores): write the sides' scores as 0-0, not {quote(fields[2])}"
        )
    scores = (int(m.group(1)), int(m.group(2)))
    if max(scores) >= rules.match_target:
        raise ParseError(
            f"field 3 (scores): {fields[2]} reaches the match target {rules.match_target}"
        )
    turnup = _cards(4, fields[3])
    if len(turnup) != 1:
        raise ParseError(f"field 4 (turn-up): one card, not {quote(fields[3])}")
    hands = [_cards(5 + k, fields[4 + k]) for k in range(4)]
    played = tuple(_cards(9, fields[8]))
    seen = 0
    for card in [*played, *(c for h in hands for c in h)]:
        if not (rules.deck.mask >> card) & 1:
            raise ParseError(f"{CARDS[card]} is not in the {rules.deck.name} deck")
        if (seen >> card) & 1:
            raise ParseError(f"{CARDS[card]} appears twice in the position")
        seen |= 1 << card
    if seen != rules.deck.mask:
        raise ParseError(
            "the position does not hold the whole deck; missing: "
            + " ".join(str(c) for c in rules.deck.cards if not (seen >> c.index) & 1)
        )
    trump = turnup[0] >> 3
    dealt = [sum(1 << c for c in h) for h in hands]
    for card, seat in zip(played, players_of(dealer, trump, played), strict=True):
        dealt[seat] |= 1 << card
    for seat in range(4):
        if dealt[seat].bit_count() != rules.hand_size:
            raise ParseError(
                f"seat {seat} holds and played {dealt[seat].bit_count()} cards; every seat "
                f"is dealt {rules.hand_size}"
            )
    if not (dealt[dealer] >> turnup[0]) & 1:
        raise ParseError(
            f"the turn-up {CARDS[turnup[0]]} was not dealt to the dealer, seat {dealer}"
        )
    state = dealt_state(rules, dealer, turnup[0], (dealt[0], dealt[1], dealt[2], dealt[3]), scores)
    for number, card in enumerate(played, 1):
        try:
            state = apply_move(state, PLAY[card])
        except IllegalMoveError as exc:
            raise ParseError(f"card {number} played ({CARDS[card]}): {exc.reason}") from None
    return state


def render(state: PartnershipState, seat: int | None = None) -> str:
    """A readable picture of ``state`` on several lines.

    With ``seat``, the other seats' cards are hidden (only their number is shown).

    >>> from sixtysix import partnership as p4
    >>> print(p4.render(p4.new_hand(p4.FOUR_HAND_24, seed=2), seat=0))
    four-hand FOUR_HAND_24, dealer seat 0, trump H (turn-up JH), match 0-0
    seat 0 (side 0): 9CKDAHKHJHQS
    seat 1 (side 1): 6 cards
    seat 2 (side 0): 6 cards
    seat 3 (side 1): 6 cards
    points: side 0 0 (0 tricks), side 1 0 (0 tricks)
    to move: seat 1

    Raises:
        PositionError: ``state`` is not a :class:`PartnershipState`.
        DealError: ``seat`` is not None or 0 to 3.
    """
    _check_state("render", state)
    if seat is not None and (type(seat) is not int or not 0 <= seat <= 3):
        raise DealError(f"a four-hand seat is 0 to 3, not {quote(seat)}")
    name = preset_name(state.rules) or "house rules"
    t = CARDS[state.turnup_index]
    lines = [
        f"four-hand {name}, dealer seat {state.dealer}, trump {t.suit.letter} (turn-up {t}), "
        f"match {state.scores[0]}-{state.scores[1]}"
    ]
    for s in range(4):
        hand = state.hands[s]
        shown = mask_text(hand) if seat is None or seat == s else f"{hand.bit_count()} cards"
        lines.append(f"seat {s} (side {s & 1}): {shown}")
    if state.trick:
        lines.append(
            f"trick (led by seat {state.leader}): " + " ".join(str(CARDS[i]) for i in state.trick)
        )
    lines.append(
        f"points: side 0 {state.card_points[0]} ({state.tricks(0)} tricks), "
        f"side 1 {state.card_points[1]} ({state.tricks(1)} tricks)"
    )
    mover = state.to_move
    lines.append("hand over" if mover is None else f"to move: seat {mover}")
    return "\n".join(lines)


# The text forms that PartnershipState shows and parses (sixtysix._hooks).
_hooks.dump_position4.register(dump_position)
_hooks.load_position4.register(load_position)
_hooks.render4.register(render)
