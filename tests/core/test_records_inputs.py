"""Records from hostile or careless input: only RecordError, and every error says where.

The regression tests of issue 9 (crashes on well-typed text, huge numbers, deep JSON) and
issue 14 item 6 (a truncated record says it is cut off; errors name the position).
"""

from __future__ import annotations

import json
import re
from typing import Any

import attrs
import pytest

import sixtysix as ss
from sixtysix import CLASSIC_66, SCHNAPSEN, legal_moves
from sixtysix.play import play_hand, play_match
from sixtysix.records import GameRecord, MatchRecord, RecordError, load_record, replay

LOCATED = re.compile(r"^line (\d+), column (\d+): ")


def first(state: ss.HandState, seat: int) -> ss.Move:
    return legal_moves(state)[0]


def last(state: ss.HandState, seat: int) -> ss.Move:
    return legal_moves(state)[-1]


GAME = play_hand(CLASSIC_66, first, last, seed=3)
MATCH = play_match(SCHNAPSEN, first, last, seed=5)


def position(message: str) -> tuple[int, int]:
    found = LOCATED.match(message)
    assert found, f"no line and column in {message!r}"
    return int(found.group(1)), int(found.group(2))


def line_at(text: str, message: str) -> str:
    """The text of the line the error points to, from its column on."""
    line, column = position(message)
    return text.splitlines()[line - 1][column - 1 :]


def edited(record: GameRecord | MatchRecord, path: tuple[Any, ...], value: Any) -> str:
    data = json.loads(record.to_json())
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return json.dumps(data, indent=1)


def refused(text: str | bytes, **kwargs: bool) -> str:
    with pytest.raises(RecordError) as info:
        load_record(text, **kwargs)
    assert type(info.value) is RecordError  # never an internal subclass
    return str(info.value)


# --------------------------------------------------------------------------- issue 9 repros


def test_kind_that_is_not_text() -> None:
    message = refused('{"schema": 1, "kind": []}')
    assert message == "line 1, column 23: kind: expected a game record, not []"
    assert refused('{"schema": 1, "kind": {}}').endswith("kind: expected a game record, not {}")


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000, "[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000],
)
def test_deep_nesting(text: str) -> None:
    message = refused(text)
    assert "nested far too deeply" in message or "cut off" in message


def test_deep_nesting_within_the_limit_is_a_wrong_type() -> None:
    assert (
        refused("[" * 500 + "]" * 500) == "line 1, column 1: a record is a JSON object, not a list"
    )


@pytest.mark.parametrize("digits", [101, 4301, 100_000])
def test_huge_integers_anywhere(digits: int) -> None:
    for path in [("dealer",), ("seed",), ("rules", "match_target"), ("result", "points", 0)]:
        text = edited(GAME, path, 0).replace(f'"{path[-1]}": 0', f'"{path[-1]}": {"9" * digits}')
        text = text.replace("[\n   0,", "[\n   " + "9" * digits + ",", 1)
        message = refused(text)
        assert f"a number of {digits} digits; no field of a record has more than 100" in message
        assert line_at(text, message).startswith("9" * 20)


def test_a_seed_of_100_digits_is_read() -> None:
    seed = 10**99
    record = play_hand(CLASSIC_66, first, last, seed=seed)
    assert load_record(record.to_json()) == record
    text = record.to_json().replace(str(seed), "-" + "9" * 100)
    assert GameRecord.from_json(text).seed == -(10**100 - 1)
    assert "a number of 101 digits" in refused(text.replace("-9", "-99"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "the record is empty: expected a JSON object"),
        ("   \n ", "the record is empty: expected a JSON object"),
        ("[]", "line 1, column 1: a record is a JSON object, not a list"),
        ('"game"', "line 1, column 1: a record is a JSON object, not a string"),
        ("null", "line 1, column 1: a record is a JSON object, not null"),
        ("true", "line 1, column 1: a record is a JSON object, not true or false"),
        ("12", "line 1, column 1: a record is a JSON object, not a number"),
        ("1e999", "line 1, column 1: a record is a JSON object, not a number"),
        ("NaN", "line 1, column 1: a record is a JSON object, not a number"),
        (
            "{}",
            "line 1, column 1: schema: this version of sixtysix reads record schema 1, not None",
        ),
        ('{"type": "FeatureCollection", "features": []}', "schema: this version"),
        ('{"schema": 1.0, "kind": "game"}', "line 1, column 12: schema: this version"),
        ('{"schema": true, "kind": "game"}', "not True"),
        (
            '{"schema": 1, "kind": "game", "rules": "CLASSIC"}',
            "line 1, column 40: rules: expected",
        ),
        ('{"schema": 1, "kind": "game", "rules": {"preset": "CLASSIC_66"}}', "missing field"),
        ('{\n  "schema": 1,\n  "kind": "game" x}', "line 3, column 18: not valid JSON"),
        ('{"schema": 1} trailing', "line 1, column 15: not valid JSON: Extra data"),
        ('{"schema": 1, "kind": "game", "kind": 5}', "line 1, column 39: kind: expected a game"),
    ],
)
def test_foreign_json(text: str, expected: str) -> None:
    assert expected in refused(text)


def test_non_text_and_bad_bytes() -> None:
    assert refused(b"\x80abc") == "a record must be UTF-8 text: byte 0 (b'\\x80') is not UTF-8"
    assert "not int" in refused(12)  # type: ignore[arg-type]
    assert load_record(GAME.to_json().encode()) == GAME
    assert load_record(bytearray(GAME.to_json().encode())) == GAME  # type: ignore[arg-type]


# --------------------------------------------------------------------------- cut off


@pytest.mark.parametrize("indent", [None, 1])
def test_every_truncation_says_the_record_is_cut_off(indent: int | None) -> None:
    text = MATCH.to_json(indent=indent) if indent else GAME.to_json()
    step = max(1, len(text) // 400)
    for k in range(1, len(text), step):
        message = refused(text[:k])
        assert "the record is cut off here" in message, (k, message)
        assert "at at" not in message
        line, column = position(message)
        cut = text[:k].rstrip()
        assert (line, column) == (cut.count("\n") + 1, len(cut) - cut.rfind("\n"))


def test_truncation_names_what_it_was_in() -> None:
    assert "(the text ends inside a string)" in refused('{"schema": 1, "kind": "ga')
    assert "(the text ends inside a list)" in refused('{"schema": 1, "pack": ["AS", ')
    assert "(the text ends inside an object)" in refused('{"schema": 1, "kind": "game"')
    assert "(the text ends inside an object)" in refused('{"schema": 1, "x": "a\\"b", ')
    assert "(the text ends inside an object)" in refused('{"schema": tr')
    assert "cut off" in refused('{"a": "\\u00e')
    assert "cut off" in refused('{"a": "\\ud83d\\u')
    assert "cut off" in refused('{"a": 1.')
    assert "cut off" in refused('{"a": [1, 2e+')
    assert "cut off" in refused('{"a": -')
    assert "cut off" not in refused('{"a": 1.x}')
    assert "cut off" not in refused('{"a": "\\u00zz"}')
    assert "cut off" not in refused('{"a": trux}')


def test_a_truncated_record_keeps_the_error_short() -> None:
    message = refused(GAME.to_json()[:-3])
    assert message.endswith("was the file truncated?") and len(message) < 150


# --------------------------------------------------------------------------- positions


@pytest.mark.parametrize(
    ("path", "value", "says", "points_at"),
    [
        (("dealer",), 7, "dealer: expected seat 0 or 1, not 7", "7"),
        (("seed",), [1], "seed: expected an int", "["),
        (("players",), [0, 0], "players: expected two different match seats", "["),
        (("pack", 4), "XY", "pack card 5: not a card: 'XY'", '"XY"'),
        (("pack", 0), 7, "pack card 1: expected a card's text, not 7", "7"),
        (("moves", 2), "jump", "move 3: not a move: 'jump'", '"jump"'),
        (("moves", 0), None, "move 1: expected a move's text, not None", "null"),
        (("result", "reason"), "LUCK", "result: unknown reason 'LUCK'", '"LUCK"'),
        (("result", "winner"), 2, "result: the winner is seat 0 or 1", "{"),
        (("result", "points"), [1], "result: points must be two whole numbers", "["),
        (("rules", "claim_mode"), "SOMETIMES", "rules: rules field 'claim_mode'", "{"),
        (("version",), 5, "version: expected the writer's version as text, not 5", "5"),
        (("extra",), 1, "unknown field 'extra'", "{"),
    ],
)
def test_game_errors_point_at_the_value(
    path: tuple[Any, ...], value: Any, says: str, points_at: str
) -> None:
    text = edited(GAME, path, value)
    message = refused(text)
    assert says in message
    assert line_at(text, message).startswith(points_at)


@pytest.mark.parametrize(
    ("path", "value", "says", "points_at"),
    [
        (("games", 1), 5, "game 2: expected an object, not 5", "5"),
        (("games", 0, "moves", 3), "flip", "game 1: move 4: not a move: 'flip'", '"flip"'),
        (("games", 1, "dealer"), 7, "game 2: dealer: expected seat 0 or 1", "7"),
        (("games", 0, "result", "reason"), "?", "game 1: result: unknown reason '?'", '"?"'),
        (("games", 1, "rules"), {}, "game 2: unknown field 'rules'", "{"),
        (("scores",), [1, 2, 3], "scores: expected 2 whole numbers", "["),
        (("seats",), 5, "seats: a match has 2 or 3 seats, not 5", "5"),
        (("winner",), 7, "winner: expected a seat or None, not 7", "7"),
    ],
)
def test_match_errors_point_at_the_value(
    path: tuple[Any, ...], value: Any, says: str, points_at: str
) -> None:
    text = edited(MATCH, path, value)
    message = refused(text)
    assert says in message
    assert line_at(text, message).startswith(points_at)


def test_missing_fields_point_at_their_object() -> None:
    data = json.loads(MATCH.to_json())
    del data["games"][1]["pack"]
    text = json.dumps(data, indent=1)
    message = refused(text)
    assert "game 2: missing field 'pack'" in message
    line, _ = position(message)
    assert text.splitlines()[line - 1].strip() == "{"
    assert text.splitlines()[line].strip().startswith('"dealer"')


def test_repeated_keys_point_at_the_one_json_keeps() -> None:
    text = GAME.to_json().replace('"dealer": 0', '"dealer": 0, "dealer": 9')
    assert GAME.dealer == 0 and text != GAME.to_json()
    message = refused(text)
    assert "dealer: expected seat 0 or 1, not 9" in message
    assert line_at(text, message).startswith("9")


# --------------------------------------------------------------------------- replayed


def test_load_record_replays_and_names_the_illegal_move() -> None:
    data = json.loads(GAME.to_json())
    data["moves"][0], data["moves"][1] = data["moves"][1], data["moves"][0]
    text = json.dumps(data, indent=1)
    message = refused(text)
    assert re.search(r"move 1 \(\w+\) by seat 1 is illegal: ", message)
    assert line_at(text, message).startswith(json.dumps(data["moves"][0]))
    # Only the form is read without check; replay then finds the same move.
    record = load_record(text, check=False)
    with pytest.raises(RecordError, match=r"^move 1 \(\w+\) by seat 1 is illegal"):
        replay(record)


def test_load_record_checks_results_and_match_scores() -> None:
    data = json.loads(MATCH.to_json())
    data["games"][0]["result"]["game_points"] = 3 - data["games"][0]["result"]["game_points"] % 3
    text = json.dumps(data, indent=1)
    message = refused(text)
    assert "game 1: wrong result: the record says" in message
    assert line_at(text, message).startswith("{")
    data = json.loads(MATCH.to_json())
    data["scores"] = [s + 1 for s in data["scores"]]
    message = refused(json.dumps(data))
    assert "wrong match result" in message and position(message) == (
        1,
        message.count("") and position(message)[1],
    )


def test_load_record_names_the_game_and_move_in_a_match() -> None:
    data = json.loads(MATCH.to_json())
    data["games"][1]["moves"].append("AH")
    text = json.dumps(data, indent=1)
    message = refused(text)
    count = len(MATCH.games[1].moves)
    assert f"game 2: move {count + 1} ('AH'): the hand is already over" in message
    assert line_at(text, message).startswith('"AH"')


def test_hand_seeds_of_a_match_are_checked() -> None:
    data = json.loads(MATCH.to_json())
    data["games"][0]["seed"] = "7/0"
    text = json.dumps(data, indent=1)
    message = refused(text)
    assert "game 1: seed: expected '5/0', not '7/0'" in message
    assert line_at(text, message).startswith('"7/0"')


def test_records_round_trip() -> None:
    for record in (GAME, MATCH):
        for text in (record.to_json(), record.to_json(indent=2)):
            assert load_record(text) == record
            assert load_record(text, check=False) == record


def test_direct_construction_errors_are_plain_record_errors() -> None:
    with pytest.raises(RecordError) as info:
        GameRecord(rules=CLASSIC_66, dealer=10**5000, pack=(), moves=(), result=None)
    assert type(info.value) is RecordError
    assert str(info.value) == "dealer: expected seat 0 or 1, not an int of 5001 digits"
    with pytest.raises(RecordError, match=r"^seed: expected an int of at most 100 digits"):
        MatchRecord(
            rules=CLASSIC_66, seats=2, seed=10**100, dealer=0, games=(), scores=(0, 0), winner=None
        )
    with pytest.raises(RecordError, match=r"^replay needs a GameRecord or a MatchRecord, not 5"):
        replay(5)  # type: ignore[call-overload]


# --------------------------------------------------------------------------- exact texts


def test_truncation_after_an_empty_string_and_escapes() -> None:
    assert "inside a list" in refused('{"a": "", "b": [')
    assert "inside an object" in refused('{"a": "\\\\", "b": 1')
    assert "inside a list" in refused('{"a": ["x\\"]", ')


def test_from_dict_errors_have_no_position() -> None:
    data = json.loads(GAME.to_json())
    data["dealer"] = 9
    with pytest.raises(RecordError, match=r"^dealer: expected seat 0 or 1, not 9$"):
        GameRecord.from_dict(data)
    match_data = json.loads(MATCH.to_json())
    match_data["seats"] = 9
    with pytest.raises(RecordError, match=r"^seats: a match has 2 or 3 seats, not 9$"):
        MatchRecord.from_dict(match_data)
    with pytest.raises(RecordError, match=r"^a record is a JSON object, not tuple$"):
        GameRecord.from_dict((1, 2))
    with pytest.raises(RecordError, match=r"^a record is a JSON object, not a number$"):
        MatchRecord.from_dict(1.5)
    assert GameRecord.from_dict(json.loads(GAME.to_json())) == GAME
    assert MatchRecord.from_dict(json.loads(MATCH.to_json())) == MATCH


def test_from_json_errors_have_a_position() -> None:
    text = MATCH.to_json().replace('"seats": 2', '"seats": 9')
    with pytest.raises(RecordError, match=r"^line 1, column \d+: seats: a match has 2 or 3"):
        MatchRecord.from_json(text)
    text = GAME.to_json().replace('"dealer": 0', '"dealer": 9')
    with pytest.raises(RecordError, match=r"^line 1, column \d+: dealer: expected seat 0 or 1"):
        GameRecord.from_json(text)


def test_wrong_result_message_gives_both_scores_exactly() -> None:
    real = GAME.result
    assert real is not None and real.winner is not None
    loser = 1 - real.winner
    fake_points = [0, 0]
    fake_points[loser] = 70
    fake = ss.HandResult(loser, 1, 0, (fake_points[0], fake_points[1]), ss.HandEnd.CLAIM)
    record = attrs.evolve(GAME, result=fake)
    tie = ss.HandResult(None, 0, 1, (65, 64), ss.HandEnd.NEITHER_REACHED_66)
    with pytest.raises(RecordError) as info:
        replay(record)
    said = f"seat {loser} wins 1 (CLAIM, points {fake_points[0]}-{fake_points[1]})"
    real_text = (
        f"seat {real.winner} wins {real.game_points} ({real.reason.value}, "
        f"points {real.points[0]}-{real.points[1]})"
    )
    assert (
        str(info.value) == f"wrong result: the record says {said}, but the moves give {real_text}"
    )
    with pytest.raises(
        RecordError, match=r"the record says no winner \(NEITHER_REACHED_66, points 65-64\)"
    ):
        replay(attrs.evolve(GAME, result=tie))


def test_replay_states_errors() -> None:
    with pytest.raises(RecordError, match=r"^replay_states needs a GameRecord, not 'x'$"):
        ss.replay_states("x")  # type: ignore[arg-type]
    data = json.loads(GAME.to_json())
    data["moves"][0], data["moves"][1] = data["moves"][1], data["moves"][0]
    bad = load_record(json.dumps(data), check=False)
    assert isinstance(bad, GameRecord)
    states = ss.replay_states(bad)
    assert next(states) == ss.deal_from_order(CLASSIC_66, GAME.pack, GAME.dealer)
    with pytest.raises(RecordError, match=r"^move 1 \(\w+\) by seat 1 is illegal: ") as info:
        next(states)
    assert type(info.value) is RecordError


def test_cut_off_edge_cases() -> None:
    assert "(the text ends inside a value)" in refused("tru")
    assert "(the text ends inside a value)" in refused("-1.")
    assert "cut off" in refused('{"a": "\\u00E')
    assert "cut off" in refused('{"a": "\\uABCD\\uD')
    assert "cut off" not in refused("1.e5")
    assert "cut off" not in refused('{"a": 1 -')
    assert "cut off" not in refused('{"a": .5}')
    assert "cut off" in refused('{"a": 12.')
    assert "cut off" in refused('{"a": -12e')


def test_positions_after_empty_strings() -> None:
    data = json.loads(GAME.to_json())
    data["version"] = ""
    data["dealer"] = 7
    text = json.dumps(data, indent=1)
    message = refused(text)
    assert "dealer: expected seat 0 or 1, not 7" in message
    assert line_at(text, message).startswith("7")


def test_game_record_moves_must_be_canonical_move_texts() -> None:
    with pytest.raises(RecordError, match=r"^move 2: not a move: 'jump'"):
        attrs.evolve(GAME, moves=(GAME.moves[0], "jump"))
    with pytest.raises(RecordError, match=r"^move 1: write 'QH', the canonical text, not 'qh'$"):
        attrs.evolve(GAME, moves=("qh",))
    with pytest.raises(RecordError, match=r"^move 1: write 'marry H', the canonical text"):
        attrs.evolve(GAME, moves=("MARRY  h",))


def test_positions_deep_in_lists() -> None:
    data = json.loads(MATCH.to_json())
    last_game = len(data["games"]) - 1
    last_move = len(data["games"][last_game]["moves"]) - 1
    data["games"][last_game]["moves"][last_move] = "flip"
    for text in (
        json.dumps(data),
        json.dumps(data, indent=3),
        json.dumps(data, separators=(",", ":")),
    ):
        message = refused(text)
        assert f"game {last_game + 1}: move {last_move + 1}: not a move: 'flip'" in message
        assert line_at(text, message).startswith('"flip"')


def test_a_path_past_a_scalar_stops_at_the_scalar() -> None:
    from sixtysix._records import find as _find

    text = '{"a": [1, {"b": 5}]}'
    assert _find(text, ("a", 1, "b", "c")) == text.index("5")
    assert _find(text, ("a", "b")) == text.index("[")
    assert _find(text, ("z",)) == 0


def test_a_cut_number_before_trailing_space_is_cut_off() -> None:
    assert "cut off" in refused('{"a": 12.\n\n')
    assert "cut off" in refused('{"a": [1e+ \t')
