"""Moves as values and their canonical text forms (rules §2)."""

from __future__ import annotations

import pickle

import pytest

import sixtysix as ss
from sixtysix import CARDS, Card, Claim, Close, Draw, Exchange, Marry, Play, Suit, parse_move


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Play(Card.parse("QH")), "QH"),
        (Play(Card.parse("10S")), "TS"),
        (Marry(Suit.HEARTS), "marry H"),
        (Marry(Suit.CLUBS), "marry C"),
        (Exchange(), "exchange"),
        (Close(), "close"),
        (Draw(), "draw"),
        (Claim(), "claim"),
    ],
)
def test_canonical_text(move: ss.Move, text: str) -> None:
    assert str(move) == text
    assert parse_move(text) == move


def test_every_move_round_trips() -> None:
    all_moves: list[ss.Move] = [Play(c) for c in CARDS]
    all_moves += [Marry(s) for s in Suit]
    all_moves += [Exchange(), Close(), Draw(), Claim()]
    texts = [str(m) for m in all_moves]
    assert len(set(texts)) == len(texts) == 32 + 4 + 4
    for m in all_moves:
        assert parse_move(str(m)) == m
        assert hash(parse_move(str(m))) == hash(m)
        assert pickle.loads(pickle.dumps(m)) == m


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("qh", Play(Card.parse("QH"))),
        ("10H", Play(Card.parse("TH"))),
        ("Q♥", Play(Card.parse("QH"))),
        ("  QH  ", Play(Card.parse("QH"))),
        ("MARRY h", Marry(Suit.HEARTS)),
        ("marry ♠", Marry(Suit.SPADES)),
        ("marry   d", Marry(Suit.DIAMONDS)),
        (" Exchange ", Exchange()),
        ("CLOSE", Close()),
        ("Draw", Draw()),
        ("claim\n", Claim()),
    ],
)
def test_parse_variants(text: str, move: ss.Move) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "marry",
        "marry X",
        "marry H H",
        "marry KH",
        "play QH",
        "QHx",
        "Q H",
        "exchange now",
        "closed",
        "claims",
        "1H",
        "marryH",
    ],
)
def test_parse_bad_text(text: str) -> None:
    with pytest.raises(ss.ParseError, match="not a move") as info:
        parse_move(text)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [None, 5, Card.parse("QH"), ["QH"]])
def test_parse_non_text(value: object) -> None:
    with pytest.raises(ss.ParseError):
        parse_move(value)  # type: ignore[arg-type]


def test_constructors_check_types() -> None:
    with pytest.raises(ss.ParseError):
        Play("QH")  # type: ignore[arg-type]
    with pytest.raises(ss.ParseError):
        Marry(2)  # type: ignore[arg-type]
    with pytest.raises(ss.ParseError):
        Marry("H")  # type: ignore[arg-type]


def test_moves_are_distinct_values() -> None:
    assert len({Exchange(), Close(), Draw(), Claim()}) == 4
    assert Play(Card.parse("QH")) != Play(Card.parse("KH"))
    assert Marry(Suit.HEARTS) != Marry(Suit.SPADES)
    assert len({Exchange(), Exchange(), Close()}) == 2
