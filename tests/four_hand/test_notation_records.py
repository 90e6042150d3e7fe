"""Four-hand position notation and JSON records: round trips, replay, and every rejection."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from sixtysix import DealError, IllegalMoveError, ParseError, RecordError
from sixtysix import partnership as p4
from sixtysix.moves import PLAY

from .helpers import PRESET_IDS, PRESET_LIST, random_play


def _played(rules: p4.PartnershipRules, seed: int, n: int) -> p4.PartnershipState:
    states = list(random_play(rules, seed))
    return states[min(n, len(states) - 1)]


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_position_round_trip(rules: p4.PartnershipRules) -> None:
    for n in (0, 1, 5, 13, 40):
        state = _played(rules, n, n)
        text = p4.dump_position(state)
        assert p4.load_position(text) == state
        assert len(text.split()) == 9
    house = attrs.evolve(
        rules, undertrump=p4.Undertrump.FREE, ten_of_trumps_point=True, match_target=9
    )
    state = p4.new_hand(house, seed=3, dealer=2, scores=(8, 4))
    text = p4.dump_position(state)
    assert text.split()[0].startswith("deck=") and "undertrump=FREE" in text
    assert text.split()[2] == "8-4"
    assert p4.load_position(text) == state
    assert repr(state) == f"PartnershipState.parse({text!r})"
    assert eval(repr(state), vars(p4)) == state


def test_position_rejections() -> None:
    state = _played(p4.FOUR_HAND_24, 1, 6)
    fields = p4.dump_position(state).split()

    def with_field(k: int, value: str) -> str:
        return " ".join([*fields[:k], value, *fields[k + 1 :]])

    cases = [
        (" ".join(fields[:-1]), "has 9 fields"),
        (with_field(0, "SCHNAPSEN"), "not a four-hand preset"),
        (with_field(0, "deck=D24,oops"), "is not key=value"),
        (with_field(0, "deck=D24,deal_packets=3.x"), "bad deal_packets"),
        (with_field(0, "ten_of_trumps_point=maybe"), "yes or no"),
        (with_field(0, "match_target=x"), "whole number"),
        (with_field(0, "deck=D24"), "give each seat 8 cards"),
        (with_field(1, "4"), "a seat from 0 to 3"),
        (with_field(2, "0:0"), "write the sides' scores"),
        (with_field(2, "7-0"), "reaches the match target"),
        (with_field(3, "AHKH"), "one card"),
        (with_field(3, "ZZ"), "is not a card"),
        (with_field(4, fields[4] + "A"), "run of two-letter cards"),
        (with_field(4, fields[4] + "7S"), "7S is not in the D24 deck"),
        (with_field(4, fields[4] + fields[5][:2]), "appears twice"),
        (with_field(4, "-"), "does not hold the whole deck"),
        (with_field(8, "-"), "does not hold the whole deck"),
    ]
    for text, words in cases:
        with pytest.raises(ParseError, match=words):
            p4.load_position(text)
    with pytest.raises(ParseError, match=r"^a four-hand position must be given as text, not 5$"):
        p4.load_position(5)  # type: ignore[arg-type]
    with pytest.raises(ParseError, match=r"^a four-hand position has 9 fields separated by "):
        p4.load_position("FOUR_HAND_24 0")


def test_position_rejects_impossible_play_and_deals() -> None:
    rules = p4.FOUR_HAND_24
    order = "AC TC KC QC JC 9C AD TD KD QD JD 9D AH TH KH QH JH 9H AS TS KS QS JS 9S"
    state = p4.deal_from_order(rules, order.split(), dealer=0)
    # Seat 1 holds AC TC KC, AH TH KH; trump is spades (9S, the dealer's).
    good = p4.dump_position(p4.apply_move(state, "AC"))
    assert p4.load_position(good).played == (PLAY[0].card.index,)
    f = p4.dump_position(state).split()
    # Move a card from seat 2 to seat 1: wrong counts.
    moved = f[6][:2]
    bad = " ".join([*f[:5], f[5] + moved, f[6][2:], *f[7:]])
    with pytest.raises(ParseError, match="seat 1 holds and played 7 cards"):
        p4.load_position(bad)
    # A turn-up that the dealer was not dealt.
    with pytest.raises(ParseError, match="was not dealt to the dealer"):
        p4.load_position(" ".join([f[0], f[1], f[2], "AC", *f[4:]]))
    # A card played against the rules: seat 1 leads AC, seat 2 (QC JC 9C ...) must follow.
    s = p4.apply_move(state, "AC")
    text = p4.dump_position(s).split()
    hand2 = text[6]
    assert "QH" in hand2
    illegal = " ".join([*text[:6], hand2.replace("QH", ""), text[7], "ACQH"])
    with pytest.raises(ParseError, match=r"card 2 played \(QH\): you must follow suit"):
        p4.load_position(illegal)


def test_render() -> None:
    state = _played(p4.FOUR_HAND_66, 2, 6)
    full = p4.render(state)
    assert "trick (led by seat" in full and "to move: seat" in full
    assert full.count("cards") == 0
    assert p4.render(state, seat=1).count(" cards") == 3
    *_, final = random_play(p4.FOUR_HAND_66, 2)
    assert p4.render(final).endswith("hand over")
    with pytest.raises(DealError, match="0 to 3"):
        p4.render(state, seat=7)


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_match_record_round_trip_and_replay(rules: p4.PartnershipRules) -> None:
    m = p4.new_match(rules, seed="club night", dealer=1)
    games = []
    finals = []
    for _ in range(100):
        if m.is_over:
            break
        state = p4.next_hand(m)
        moves = []
        while not p4.is_over(state):
            moves.append(p4.legal_moves(state)[0])
            state = p4.apply_move(state, moves[-1])
        finals.append(state)
        games.append(
            p4.record_hand(rules, moves, seed=m.hand_seed, dealer=m.dealer, scores=m.scores)
        )
        m = p4.apply_result(m, p4.score_hand(state))
    record = p4.MatchRecord(
        rules=rules, seed=m.seed, dealer=1, games=tuple(games), scores=m.scores
    )
    text = record.to_json(indent=1)
    assert p4.MatchRecord.from_json(text) == record
    assert p4.load_record(text) == record
    assert json.loads(text)["kind"] == "four-hand-match"
    states, final = p4.replay(record)
    assert list(states) == finals and final == m and final.is_over


def _game_record() -> p4.HandRecord:
    rules = p4.FOUR_HAND_24
    states = list(random_play(rules, 9))
    moves = [PLAY[s.played[-1]] for s in states[1:]]
    return p4.record_hand(rules, moves, seed=9)


def test_record_rejections() -> None:
    record = _game_record()
    data = record.to_dict()
    assert data["kind"] == "four-hand-game" and data["schema"] == 1

    def fails(change: dict[str, object], words: str) -> None:
        with pytest.raises(RecordError, match=words):
            p4.HandRecord.from_dict({**data, **change})

    fails({"schema": 2}, "schema")
    fails({"kind": "game"}, "kind")
    fails({"colour": 1}, "unknown field")
    fails({"rules": {"deck": "D99"}}, "rules")
    fails({"version": 3}, "version")
    fails({"pack": "AC"}, "pack")
    fails({"pack": ["ZZ"]}, "not a card")
    fails({"moves": [1]}, "move 1: expected a move's text, not 1")
    fails({"moves": "QH"}, "moves: expected a list of moves")
    fails({"pack": [*data["pack"][:3], 7]}, "pack card 4: expected a card's text, not 7")
    fails({"moves": ["marry"]}, "not a move")
    fails({"scores": [0]}, "scores")
    fails({"result": 5}, "result")
    fails({"result": {"winner": 0}}, "result: malformed")
    fails({"dealer": 5}, "dealer")
    fails({"seed": 1.5}, "seed")
    texts: list[tuple[str | bytes, str]] = [
        ("{", "line 1, column 2: the record is cut off here"),
        ("{\n  5}", "line 2, column 3: not valid JSON"),
        ("[]", "JSON object"),
        (b"5", "JSON object"),
    ]
    for text, words in texts:
        with pytest.raises(RecordError, match=words):
            p4.load_record(text)
    with pytest.raises(RecordError, match="JSON text"):
        p4.HandRecord.from_json(5)  # type: ignore[arg-type]
    # Replay checks the pack against the seed, every move and the result.
    with pytest.raises(RecordError, match="not the shuffle of seed 9"):
        p4.replay(attrs.evolve(record, pack=tuple(reversed(record.pack))))
    with pytest.raises(RecordError, match="move 1"):
        p4.replay(attrs.evolve(record, moves=("exchange", *record.moves[1:])))
    with pytest.raises(RecordError, match="result"):
        p4.replay(attrs.evolve(record, result=None))
    with pytest.raises(RecordError, match="D24 deck"):
        p4.replay(attrs.evolve(record, seed=None, pack=record.pack[:-1]))
    with pytest.raises(RecordError, match="HandRecord or MatchRecord"):
        p4.replay(object())  # type: ignore[call-overload]
    unfinished = p4.record_hand(p4.FOUR_HAND_24, [], seed=1)
    assert unfinished.result is None and p4.replay(unfinished).played == ()
    packed = p4.record_hand(p4.FOUR_HAND_24, [], pack=p4.shuffled_deck(p4.FOUR_HAND_24, 1))
    assert packed.seed is None
    with pytest.raises(IllegalMoveError):
        p4.record_hand(p4.FOUR_HAND_24, ["claim"], seed=1)
    for bad in [{"rules": 1}, {"dealer": "x"}, {"scores": (1,)}, {"pack": ["AC"]}, {"moves": [1]}]:
        with pytest.raises(RecordError):
            attrs.evolve(record, **bad)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="result"):
        attrs.evolve(record, result=1)  # type: ignore[arg-type]


def test_record_errors_from_text_give_line_and_column() -> None:
    record = _game_record()
    lines = record.to_json(indent=1).splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith(' "dealer"'))
    lines[at] = ' "dealer": 7,'
    with pytest.raises(RecordError, match=rf"^line {at + 1}, column 12: dealer: a seat from 0"):
        p4.load_record("\n".join(lines))
    moves = next(n for n, line in enumerate(lines) if line.startswith(' "moves"'))
    lines[moves + 2] = '  "QX",'
    with pytest.raises(RecordError, match=rf"^line {moves + 3}, column 3: "):
        p4.HandRecord.from_json("\n".join(lines))


def test_record_hand_reads_a_pack_once() -> None:
    order = p4.shuffled_deck(p4.FOUR_HAND_24, 1)
    packed = p4.record_hand(p4.FOUR_HAND_24, [], pack=order)
    # A pack given as an iterator is read once; text is split at spaces.
    assert p4.record_hand(p4.FOUR_HAND_24, [], pack=iter(order)) == packed
    assert p4.record_hand(p4.FOUR_HAND_24, [], pack=" ".join(map(str, order))) == packed
    with pytest.raises(DealError, match="sequence of cards"):
        p4.record_hand(p4.FOUR_HAND_24, [], pack=5)  # type: ignore[arg-type]


def test_match_record_rejections() -> None:
    rules = p4.FOUR_HAND_24
    game = _game_record()
    good = p4.MatchRecord(rules=rules, seed=None, dealer=0, games=(game,), scores=(0, 0))
    data = good.to_dict()
    changes: list[tuple[dict[str, Any], str]] = [
        ({"games": 3}, "games"),
        ({"games": [3]}, "game 1: an object"),
        ({"games": [{**data["games"][0], "extra": 1}]}, "game 1: unknown field"),
        ({"scores": [0]}, "scores"),
    ]
    for change, words in changes:
        with pytest.raises(RecordError, match=words):
            p4.MatchRecord.from_dict({**data, **change})
    # The hand was dealt from seed 9, not by a match: replay names the game.
    with pytest.raises(RecordError, match="game 1"):
        p4.replay(attrs.evolve(good, seed=5))
    with pytest.raises(RecordError, match="scores: the record says"):
        p4.replay(good)
    wrong_dealer = attrs.evolve(good, dealer=2)
    with pytest.raises(RecordError, match="but the match had seat 2 to deal"):
        p4.replay(wrong_dealer)
    unfinished = p4.record_hand(rules, [], seed=None, pack=game.pack)
    with pytest.raises(RecordError, match="not finished"):
        p4.replay(attrs.evolve(good, games=(unfinished,)))
    for bad, words in [
        ({"rules": 1}, "rules"),
        ({"games": (1,)}, "games"),
        (
            {
                "games": (
                    attrs.evolve(
                        game,
                        rules=p4.FOUR_HAND_66,
                        pack=tuple(p4.shuffled_deck(p4.FOUR_HAND_66, 9)),
                        moves=(),
                        result=None,
                        seed=None,
                    ),
                )
            },
            "match's rules",
        ),
        ({"scores": (1,)}, "scores"),
        ({"dealer": 9}, "dealer"),
    ]:
        with pytest.raises(RecordError, match=words):
            attrs.evolve(good, **bad)  # type: ignore[arg-type]
