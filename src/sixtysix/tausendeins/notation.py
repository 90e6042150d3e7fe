"""Tausendeins position strings: :func:`position` and :func:`load_position`.

A position is one line of ten fields separated by single spaces:

1. the rules: a preset name (``TAUSENDEINS``), or ``key=value`` pairs joined by commas
   for every field of rules §12.11 (``bidding=NONE,deal_packets=3.2.3,...``; ``yes`` and
   ``no`` for the switches);
2. the dealer's seat, ``0`` or ``1``;
3. the step of the deal (rules §12.9): ``AUCTION``, ``TALON``, ``DISCARD``, ``CONTRACT``,
   ``PLAY`` or ``OVER``;
4. and 5. the cards seat 0 and seat 1 hold (written together, canonical order, ``-`` for
   none);
6. the stock, in the order it is drawn (rules §12.3), ``-`` when empty;
7. the two talons, ``talon0/talon1`` (``-/-`` without an auction, rules §12.6.3);
8. every card played, in order (``-`` for none); tricks are consecutive pairs;
9. the marriages declared, in order, joined by commas (``-`` for none): the seat, the
   suit letter, ``@`` and the number of tricks completed before it, as ``1H@0``
   (rules §12.5);
10. the auction (rules §12.6), ``-`` without one; else five parts joined by ``/``: the
    calls after the opening bid (points joined by dots, ``0`` for the pass), the talon
    taken, its two cards as shown, the discards and the contract (``-`` for each not yet
    made).

Everything else (who leads, the tricks won and their card points, the trump, the bid,
the declarer, the marriages' values) follows from these fields, so it is not written:
:func:`load_position` works it out and checks the whole with
:func:`~sixtysix.tausendeins.validate`, so a position that legal play cannot reach is
rejected with the reason.

>>> from sixtysix import tausendeins as t1
>>> s = t1.new_hand(t1.TAUSENDEINS, seed=7, dealer=0)
>>> s = t1.apply_move(s, t1.legal_moves(s)[0])
>>> text = t1.position(s)
>>> text
'TAUSENDEINS 0 PLAY QC9CKDJD9DTHKH9S ADTDQDAHQH9HTS KSQSJSJHJCKCTCAS -/- AC - -'
>>> t1.load_position(text) == s
True
"""

from __future__ import annotations

from typing import Any

from .. import _text
from .._notation import fields_of, rules_field
from ..cards import CARDS, Deck
from ..errors import ParseError, PositionError, RulesError, SixtySixError, quote
from .rules import PRESETS, TAUSENDEINS, Bidding, TausendeinsRules, preset_name
from .state import MarriageDeclared, Phase, TausendeinsState, iter_mask
from .validate import validate

__all__ = ["load_position", "position"]

FIELDS = (
    "rules",
    "dealer",
    "step",
    "hand 0",
    "hand 1",
    "stock",
    "talons",
    "played",
    "marriages",
    "auction",
)
_CODES = {str(c): c.index for c in Deck.D24.cards}
_SUITS = "CDHS"


def _parse_value(key: str, text: str) -> object:
    """``text`` read as the kind of value rules field ``key`` holds (unknown keys: as is)."""
    kind = TAUSENDEINS.to_dict().get(key, "")
    if isinstance(kind, bool):
        if text not in ("yes", "no"):
            raise ParseError(f"field 1 (rules): {key} is yes or no, not {quote(text)}")
        return text == "yes"
    if isinstance(kind, int | list):
        parts = text.split(".") if isinstance(kind, list) else [text]
        if not all(_text.is_digits(p, 7) for p in parts):
            raise ParseError(
                f"field 1 (rules): {key} must be "
                + (
                    "whole numbers joined by dots (3.2.3)"
                    if isinstance(kind, list)
                    else "a whole number"
                )
                + f", not {quote(text)}"
            )
        numbers = tuple(int(p) for p in parts)
        return numbers if isinstance(kind, list) else numbers[0]
    return text


def _parse_rules(text: str) -> TausendeinsRules:
    if text in PRESETS:
        return PRESETS[text]
    if "=" not in text:
        raise ParseError(
            f"field 1 (rules): {quote(text)} is not a Tausendeins preset ({', '.join(PRESETS)}) "
            "nor a list of key=value pairs"
        )
    data: dict[str, Any] = {}
    for pair in text.split(","):
        key, sep, value = pair.partition("=")
        if not sep:
            raise ParseError(f"field 1 (rules): {quote(pair)} is not key=value")
        data[key] = _parse_value(key, value)
    try:
        return TausendeinsRules.from_dict(data)
    except RulesError as exc:
        raise ParseError(f"field 1 (rules): {exc}") from None


def _mask_text(mask: int) -> str:
    return "".join(str(CARDS[i]) for i in iter_mask(mask)) or "-"


def _run_text(cards: tuple[int, ...]) -> str:
    return "".join(str(CARDS[i]) for i in cards) or "-"


def _check_state(what: str, state: object) -> TausendeinsState:
    if type(state) is not TausendeinsState:
        raise PositionError(f"{what} needs a TausendeinsState, not {type(state).__name__}")
    return state


def position(state: TausendeinsState) -> str:
    """The one-line position string of ``state``; :func:`load_position` reads it back.

    Raises:
        PositionError: ``state`` is not a :class:`TausendeinsState` that legal play can
            reach (see :func:`~sixtysix.tausendeins.validate`).
    """
    s = validate(_check_state("position", state))
    marriages = ",".join(f"{m.seat}{_SUITS[m.suit]}@{m.trick}" for m in s.marriages) or "-"
    auction = "-"
    if s.rules.bidding is Bidding.AUCTION:
        auction = "/".join(
            [
                ".".join(str(c) for c in s.calls) or "-",
                str(s.talon_taken) if s.talon_taken >= 0 else "-",
                _mask_text(s.shown),
                _mask_text(s.discards),
                str(s.contract) if s.contract else "-",
            ]
        )
    return " ".join(
        [
            rules_field(s.rules, preset_name(s.rules)),
            str(s.dealer),
            Phase(s.phase).name,
            _mask_text(s.hands[0]),
            _mask_text(s.hands[1]),
            _run_text(s.stock),
            f"{_mask_text(s.talons[0])}/{_mask_text(s.talons[1])}",
            _run_text(s.played),
            marriages,
            auction,
        ]
    )


def _cards(number: int, text: str, what: str | None = None) -> tuple[int, ...]:
    name = what or FIELDS[number - 1]
    if text == "-":
        return ()
    if len(text) % 2:
        raise ParseError(
            f"field {number} ({name}): {quote(text)} is not a run of two-letter cards"
        )
    out = []
    for k in range(0, len(text), 2):
        code = _CODES.get(text[k : k + 2])
        if code is None:
            raise ParseError(
                f"field {number} ({name}): {quote(text[k : k + 2])} is not a card of the "
                "24-card pack (ranks A T K Q J 9, suits C D H S, upper case)"
            )
        if code in out:
            raise ParseError(f"field {number} ({name}): {CARDS[code]} is written twice")
        out.append(code)
    return tuple(out)


def _mask(cards: tuple[int, ...]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def _marriages(text: str, rules: TausendeinsRules) -> tuple[MarriageDeclared, ...]:
    if text == "-":
        return ()
    out = []
    for k, item in enumerate(text.split(",")):
        seat, suit, at, trick = item[:1], item[1:2], item[2:3], item[3:]
        if (
            seat not in ("0", "1")
            or suit not in _SUITS
            or at != "@"
            or not _text.is_digits(trick, 2)
        ):
            raise ParseError(
                f"field 9 (marriages): {quote(item)} is not a marriage such as 1H@0 "
                "(the seat, the suit, @ and the tricks completed before it)"
            )
        if k >= 4:
            raise ParseError(
                "field 9 (marriages): a deal has at most four marriages (rules §12.5)"
            )
        s = _SUITS.index(suit)
        out.append(MarriageDeclared(int(seat), s, rules.marriage_value(s, k), int(trick)))
    return tuple(out)


def _number(number: int, text: str, what: str) -> int:
    if not _text.is_digits(text, 6):
        raise ParseError(
            f"field {number} ({FIELDS[number - 1]}): {what} {quote(text)} is not a whole number"
        )
    return int(text)


def _tricks(
    start: int, played: tuple[int, ...], marriages: tuple[MarriageDeclared, ...]
) -> tuple[int, tuple[int, int], tuple[int, int], int]:
    """The leader now, the cards and card points won, the last trick's winner (§12.4)."""
    who, trump, last = start, -1, -1
    won, points = [0, 0], [0, 0]
    for k in range(len(played) // 2):
        for m in marriages:
            if m.trick == k:
                trump = m.suit
        a, b = played[2 * k], played[2 * k + 1]
        beats = b >> 3 == trump if b >> 3 != a >> 3 else b < a
        winner = 1 - who if beats else who
        won[winner] |= (1 << a) | (1 << b)
        points[winner] += CARDS[a].points + CARDS[b].points
        who = last = winner
    return who, (won[0], won[1]), (points[0], points[1]), last


def load_position(text: str) -> TausendeinsState:
    """Read a position string back into the state it was written from.

    Raises:
        ParseError: the text is not a Tausendeins position, or it describes a deal legal
            play cannot reach (the message says why, as
            :func:`~sixtysix.tausendeins.validate` does).
    """
    f = fields_of(text, "Tausendeins position", len(FIELDS), ", ".join(FIELDS))
    rules = _parse_rules(f[0])
    if f[1] not in ("0", "1"):
        raise ParseError(f"field 2 (dealer): a seat, 0 or 1, not {quote(f[1])}")
    dealer = int(f[1])
    if f[2] not in Phase.__members__:
        raise ParseError(
            f"field 3 (step): one of {', '.join(Phase.__members__)}, not {quote(f[2])}"
        )
    phase = Phase[f[2]]
    hands = (_mask(_cards(4, f[3])), _mask(_cards(5, f[4])))
    stock = _cards(6, f[5])
    t0, sep, t1 = f[6].partition("/")
    if not sep:
        raise ParseError(
            f"field 7 (talons): write the two talons as talon0/talon1, not {quote(f[6])}"
        )
    talons = (_mask(_cards(7, t0, "talon 0")), _mask(_cards(7, t1, "talon 1")))
    played = _cards(8, f[7])
    marriages = _marriages(f[8], rules)
    auction = rules.bidding is Bidding.AUCTION
    calls: tuple[int, ...] = ()
    taken, shown, discards, contract, declarer = -1, 0, 0, 0, -1
    if auction:
        parts = f[9].split("/")
        if len(parts) != 5:
            raise ParseError(
                "field 10 (auction): five parts joined by / (calls, talon taken, shown, "
                f"discards, contract), not {quote(f[9])}"
            )
        if parts[0] != "-":
            calls = tuple(_number(10, c, "the call") for c in parts[0].split("."))
        if parts[1] != "-":
            if parts[1] not in ("0", "1"):
                raise ParseError(
                    f"field 10 (auction): the talon taken is 0 or 1, not {quote(parts[1])}"
                )
            taken = int(parts[1])
        shown = _mask(_cards(10, parts[2], "the shown talon"))
        discards = _mask(_cards(10, parts[3], "the discards"))
        if parts[4] != "-":
            contract = _number(10, parts[4], "the contract")
        if phase > Phase.AUCTION:
            declarer = 1 - dealer if len(calls) % 2 == 1 else dealer
    elif f[9] != "-":
        raise ParseError(
            f"field 10 (auction): these rules have no auction, so write -, not {quote(f[9])}"
        )
    bid = next((c for c in reversed(calls) if c), rules.bid_opening)
    lead = played[-1] if len(played) % 2 else -1
    complete = played[: len(played) - (lead >= 0)]
    start = declarer if auction else 1 - dealer
    leader, won, points, last = _tricks(start, complete, marriages)
    if phase < Phase.PLAY:
        leader = 1 - dealer
    tricks = len(complete) // 2
    pending = (
        marriages[-1].suit if marriages and lead < 0 and marriages[-1].trick == tricks else -1
    )
    trump = marriages[-1].suit if marriages else -1
    try:
        state = TausendeinsState(
            rules, dealer, phase, hands, stock, talons, leader, lead, pending, trump,
            won, points, marriages, played, calls, bid, declarer, contract, taken, shown,
            discards, last,
        )  # fmt: skip
        return validate(state)
    except SixtySixError as exc:
        raise ParseError(f"not a position legal play can reach: {exc}") from None
