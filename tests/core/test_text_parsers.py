"""Every text parser reads only its documented characters (docs/notation.md, "Card and move text").

Python's ``str.upper``/``lower``/``casefold`` map Unicode look-alikes onto ASCII letters
(``"\u017f".upper() == "S"``, the Kelvin sign lowers to ``k``), ``str.isdigit`` and ``int``
accept ``²`` and ``٣``, and ``str.split``/``strip`` treat an ideographic space as a
space. A parser that used them read ``7 \u017f`` as the seven of spades. Here: anything a
parser accepts is made of the documented characters (Hypothesis over arbitrary text and
over look-alikes), and every look-alike put into a valid text is refused by an error
that names it.
"""

from __future__ import annotations

import json
import random
import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.profiles import examples

import sixtysix as ss
from sixtysix import partnership as p4
from sixtysix.cli import main

SPACE = " \t\n\r\f\v"
WS = f"[{re.escape(SPACE)}]"
SYMBOLS = "♣♦♥♠♧♢♡♤"
FLAGS = re.ASCII | re.IGNORECASE  # without re.ASCII, (?i) matches '\u017f' to 's' too

CARD = r"(?:[ATKQJ987]|10)[CDHS" + SYMBOLS + "]"
SUIT = "(?:[CDHS" + SYMBOLS + "]|clubs|diamonds|hearts|spades)"
RANK = r"(?:[ATKQJ987]|10|seven|eight|nine|jack|queen|king|ten|ace)"
MOVE = rf"(?:{CARD}|exchange|close|draw|claim|marry{WS}+{SUIT})"
PRESET = r"[A-Z0-9_\- ]+"


def _look_alikes() -> list[str]:
    """Non-ASCII characters that a Unicode case mapping turns into ASCII letters."""
    found = []
    for code in range(0x80, 0x20000):
        char = chr(code)
        mapped = char.upper() + char.lower() + char.casefold()
        if any(c.isascii() and c.isalpha() for c in mapped):
            found.append(char)
    return found


LOOK_ALIKES = _look_alikes()
#: Non-ASCII digits and spaces that str.isdigit, int, str.split and str.strip accept.
DIGITS_AND_SPACES = [
    c for c in map(chr, range(0x80, 0x20000)) if c.isdigit() or c.isspace() or c.isdecimal()
]
TRICKY = [*LOOK_ALIKES, *DIGITS_AND_SPACES, "\x00", "\x1c", "\x85", "\u200b", "\ufeff"]
PIECES = [
    *"ATKQJ987atkqj10CDHScdhs",
    *SYMBOLS,
    " ",
    "\t",
    "marry ",
    "exchange",
    "close",
    "draw",
    "claim",
    "hearts",
    "queen",
    "schnapsen",
    "classic-66",
    "four_hand_24",
]
#: Text built from valid pieces and tricky characters, so that accepted text is common.
PIECE_TEXT = st.lists(
    st.sampled_from(PIECES) | st.sampled_from(TRICKY), min_size=1, max_size=5
).map("".join)
#: Valid texts of every parser.
VALID = [
    "7S",
    "KH",
    "10D",
    "sc",
    "J♥",
    "marry S",
    "marry spades",
    "close",
    "claim",
    "exchange",
    "draw",
    "king",
    "seven",
    "schnapsen",
    "classic-66",
    "four_hand_24",
]


def _traps_for(char: str) -> list[str]:
    """The tricky characters that a Unicode-aware parser could read as ``char``."""
    if char == " ":
        return [c for c in DIGITS_AND_SPACES if c.isspace()]
    if char.isdigit():
        return [c for c in DIGITS_AND_SPACES if unicodedata.digit(c, None) == int(char)]
    return [
        c
        for c in LOOK_ALIKES
        if char.upper() in {m.upper() for m in (c.upper(), c.lower(), c.casefold())}
    ]


TRAPS = {c: _traps_for(c) for c in {*"".join(VALID), *"0123456789"}}


@st.composite
def _trapped(draw: st.DrawFn) -> str:
    """A valid text with one character replaced by a look-alike of it (if it has one)."""
    text = draw(st.sampled_from(VALID))
    at = draw(st.sampled_from([i for i, c in enumerate(text) if TRAPS[c]] or range(len(text))))
    return text[:at] + draw(st.sampled_from(TRAPS[text[at]] or TRICKY)) + text[at + 1 :]


ANY_TEXT = _trapped() | st.text(max_size=12) | PIECE_TEXT


def test_the_alphabets_hold_the_known_traps() -> None:
    assert {"\u017f", "\u212a", "\u0131", "ß", "ﬀ"} <= set(LOOK_ALIKES)
    assert {"²", "٣", "\u3000", "\xa0"} <= set(DIGITS_AND_SPACES)
    assert "\u017f".upper() == "S" and "\u212a".lower() == "k"  # the reason for this file
    assert "\u212a" in TRAPS["K"] and "\u017f" in TRAPS["s"] and "\u0663" in TRAPS["3"]


def _accepted(parse: object, text: str) -> bool:
    try:
        parse(text)  # type: ignore[operator]
    except ss.SixtySixError:
        return False
    return True


def _grammar(body: str) -> re.Pattern[str]:
    return re.compile(f"{WS}*{body}{WS}*", FLAGS)


@settings(max_examples=examples(300))
@given(ANY_TEXT)
def test_accepted_cards_suits_ranks_and_moves_are_documented_text(text: str) -> None:
    for parse, body in (
        (ss.Card.parse, CARD),
        (ss.Suit.parse, SUIT),
        (ss.Rank.parse, RANK),
        (ss.parse_move, MOVE),
    ):
        if _accepted(parse, text):
            assert _grammar(body).fullmatch(text), (parse, text)


@settings(max_examples=examples(200))
@given(ANY_TEXT)
def test_accepted_preset_names_are_documented_text(text: str) -> None:
    for parse in (ss.get_preset, p4.get_preset):
        if _accepted(parse, text):
            assert _grammar(PRESET).fullmatch(text), (parse, text)


def _two_hand() -> str:
    state = ss.new_hand(ss.SCHNAPSEN, seed=4)
    for _ in range(3):
        state = ss.apply_move(state, ss.legal_moves(state)[0])
    return ss.dump_position(state)


TWO_HAND = _two_hand()
FOUR_HAND = p4.dump_position(p4.new_hand(p4.FOUR_HAND_24, seed=2, dealer=1))


@settings(max_examples=examples(300))
@given(st.data())
def test_accepted_positions_are_ascii(data: st.DataObject) -> None:
    """A position with one character replaced by a tricky one is refused."""
    for load, text in ((ss.load_position, TWO_HAND), (p4.load_position, FOUR_HAND)):
        at = data.draw(st.integers(0, len(text) - 1))
        char = data.draw(st.sampled_from(TRICKY))
        for changed in (text[:at] + char + text[at + 1 :], text[:at] + char + text[at:]):
            if _accepted(load, changed):
                assert changed.isascii(), (load, changed)


def _substitutions(text: str) -> list[tuple[str, str]]:
    """``text`` with one ASCII letter, digit or space replaced by each of its look-alikes."""
    out = []
    for i, old in enumerate(text):
        for char in TRICKY:
            mapped = {char.upper(), char.lower(), char.casefold()}
            same = old.upper() in {m.upper() for m in mapped}
            space = old == " " and char.isspace()
            digit = old.isdigit() and unicodedata.digit(char, None) == int(old)
            if same or space or digit:
                out.append((text[:i] + char + text[i + 1 :], char))
    return out


def _names(char: str) -> str:
    return f"U+{ord(char):04X}"


@pytest.mark.parametrize(
    ("parse", "texts"),
    [
        (ss.Card.parse, ["7S", "KH", "10D", "qc", "JH"]),
        (ss.Suit.parse, ["S", "spades", "clubs", "h"]),
        (ss.Rank.parse, ["K", "10", "seven", "king", "ace", "j"]),
        (ss.parse_move, ["KH", "7S", "marry S", "close", "claim", "exchange", "draw", "10C"]),
    ],
)
def test_every_look_alike_is_refused_by_name(parse: object, texts: list[str]) -> None:
    checked = 0
    for text in texts:
        assert _accepted(parse, text)
        for changed, char in _substitutions(text):
            with pytest.raises(ss.ParseError) as info:
                parse(changed)  # type: ignore[operator]
            assert _names(char) in str(info.value), (changed, str(info.value))
            checked += 1
    assert checked > 0


def test_the_brief_examples() -> None:
    with pytest.raises(ss.ParseError, match=r"U\+017F LATIN SMALL LETTER LONG S"):
        ss.Card.parse("7 \u017f")
    with pytest.raises(ss.ParseError, match=r"U\+212A KELVIN SIGN"):
        ss.parse_move("\u212aH")
    with pytest.raises(ss.ParseError, match="U\\+3000 IDEOGRAPHIC SPACE"):
        ss.parse_move("marry\u3000H")
    with pytest.raises(ss.RulesError, match=r"U\+017F"):
        ss.get_preset("\u017fchnapsen")
    with pytest.raises(ss.RulesError):
        p4.get_preset("four_hand_\u0662\u0664")  # Arabic-Indic 2 and 4


@pytest.mark.parametrize("text", ["Q H", "10 H", "q ♥", "Q\tH"])
def test_a_card_has_no_space_inside(text: str) -> None:
    """docs/notation.md: a card is rank and suit written together."""
    with pytest.raises(ss.ParseError, match="without spaces"):
        ss.Card.parse(text)
    with pytest.raises(ss.ParseError):
        ss.parse_move(text)


@pytest.mark.parametrize("text", ["QueenH", "queen♥", "TenS"])
def test_rank_names_are_not_card_text(text: str) -> None:
    with pytest.raises(ss.ParseError, match="not a card"):
        ss.Card.parse(text)


def test_only_ascii_whitespace_is_skipped() -> None:
    assert ss.Card.parse(" \tQH\n") == ss.Card.parse("QH")
    assert ss.parse_move(" marry \t H ") == ss.parse_move("marry H")
    for space in ("\xa0", "\u3000", "\u2003", "\x1c", "\x85"):
        for parse in (ss.Card.parse, ss.parse_move, ss.Suit.parse, ss.Rank.parse):
            with pytest.raises(ss.ParseError, match="U\\+"):
                parse(f"{space}QH" if parse is not ss.Rank.parse else f"{space}Q")
        with pytest.raises(ss.RulesError):
            ss.get_preset(f"{space}schnapsen")
        with pytest.raises(ss.ParseError):
            ss.load_position(TWO_HAND.replace(" ", space, 1))
        with pytest.raises(ss.ParseError):
            p4.load_position(FOUR_HAND.replace(" ", space, 1))


def test_four_hand_positions_read_ascii_digits_and_upper_case_cards() -> None:
    assert p4.load_position(FOUR_HAND) == p4.new_hand(p4.FOUR_HAND_24, seed=2, dealer=1)
    fields = FOUR_HAND.split(" ")
    for i, value in ((2, "\u0660-0"), (2, "0-\u0660"), (3, fields[3].lower())):
        changed = " ".join([*fields[:i], value, *fields[i + 1 :]])
        with pytest.raises(ss.ParseError):
            p4.load_position(changed)
    symbol = fields[3][0] + "♣♦♥♠"["CDHS".index(fields[3][1])]
    with pytest.raises(ss.ParseError, match="upper case"):
        p4.load_position(" ".join([*fields[:3], symbol, *fields[4:]]))
    house = "deck=D24,deal_packets=3.3,undertrump=FREE,ten_of_trumps_point=yes,tie_carry=1,"
    loaded = p4.load_position(" ".join([house + "match_target=7", *fields[1:]]))
    assert loaded.rules.match_target == 7
    for bad in ("match_target=\u00b2", "match_target=\u0667", "match_target=" + "7" * 5000):
        with pytest.raises(ss.ParseError, match="match_target"):
            p4.load_position(" ".join([house + bad, *fields[1:]]))
    for packets in ("3.\u0663", "3.+3", "3.3_3", "3.\u00b3"):
        changed = house.replace("3.3", packets) + "match_target=7"
        with pytest.raises(ss.ParseError, match="deal_packets"):
            p4.load_position(" ".join([changed, *fields[1:]]))


@pytest.mark.parametrize("seed", ["\u0663", "+3", "1_0", " 3"])
def test_command_line_numbers_are_ascii_digits(
    seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--hands", "1", "--seed", seed]) == 2
    assert "not a whole number" in capsys.readouterr().err


def test_command_line_big_numbers_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "1", "--seed", "9" * 50]) == 0
    assert main(["simulate", "--hands", "-1"]) == 2
    assert "at least 1" in capsys.readouterr().err


def test_records_refuse_look_alikes_in_cards_and_moves() -> None:
    """Records read their pack and moves with Card.parse and parse_move."""
    record = ss.play_hand(ss.CLASSIC_66, ss.RuleBot(), ss.RandomBot(), seed=5)
    data = json.loads(record.to_json())
    assert ss.load_record(json.dumps(data)) == record
    k = next(i for i, m in enumerate(data["moves"]) if m[0] == "K" or "S" in m)
    move = data["moves"][k]
    trapped = move.replace("K", "\u212a") if move[0] == "K" else move.replace("S", "\u017f")
    for field, index, text in (("moves", k, trapped), ("pack", 0, data["pack"][0] + "\u3000")):
        changed = json.loads(json.dumps(data))
        changed[field][index] = text
        with pytest.raises(ss.RecordError, match=r"U\+(212A|017F|3000)"):
            ss.load_record(json.dumps(changed))
    players: list[p4.Player] = [p4.PartnershipRuleBot(), ss.RandomBot()] * 2
    hand = p4.play_hand(p4.FOUR_HAND_24, players, seed=3, rng=random.Random(0))
    data = json.loads(hand.to_json())
    data["moves"][0] = data["moves"][0][0] + "\u2665\ufe0f"  # a heart with a variation selector
    with pytest.raises(ss.SixtySixError, match=r"U\+FE0F"):
        p4.load_record(json.dumps(data))
