"""Game and match records: values, JSON round trips, replay and bad records."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.profiles import examples

import sixtysix
from sixtysix import (
    CLASSIC_66,
    PRESETS,
    SCHNAPSEN,
    Card,
    ClaimMode,
    Draw,
    HandEnd,
    HandResult,
    HandState,
    Play,
    Rules,
    SixtySixError,
    apply_move,
    legal_moves,
    new_hand,
    score_hand,
)
from sixtysix.engine import shuffled_deck
from sixtysix.match import Match
from sixtysix.play import play_hand, play_match
from sixtysix.records import (
    SCHEMA,
    GameRecord,
    MatchRecord,
    RecordError,
    load_record,
    replay,
    replay_states,
)
from sixtysix.testing import ALL_MOVES

ALL_RULES: list[Rules] = [
    attrs.evolve(rules, claim_mode=mode) for rules in PRESETS.values() for mode in ClaimMode
]


def random_player(seed: int) -> Any:
    rng = random.Random(seed)
    return lambda state, seat: rng.choice(legal_moves(state))


def first(state: HandState, seat: int) -> Any:
    return legal_moves(state)[0]


def game(seed: int = 3, rules: Rules = CLASSIC_66) -> GameRecord:
    return play_hand(rules, random_player(seed), random_player(seed + 1), seed=seed)


def match(seed: int = 3, rules: Rules = CLASSIC_66, seats: int = 2) -> MatchRecord:
    players = [random_player(seed + k) for k in range(seats)]
    return play_match(rules, *players, seed=seed)


def edit(record: GameRecord | MatchRecord, change: Any) -> str:
    """The record's JSON after ``change(data)`` edits its dict."""
    data = json.loads(record.to_json())
    change(data)
    return json.dumps(data)


# --------------------------------------------------------------------------- values


def test_game_record_holds_everything() -> None:
    record = game()
    assert record.rules == CLASSIC_66
    assert record.version == sixtysix.__version__
    assert record.seed == 3
    assert list(record.pack) == shuffled_deck(CLASSIC_66, 3)
    assert record.players == (0, 1)
    assert record.result == score_hand(replay(record))
    assert all(isinstance(m, str) for m in record.moves)


def test_json_has_schema_kind_and_full_rules() -> None:
    data = json.loads(game().to_json())
    assert data["schema"] == SCHEMA == 1
    assert data["kind"] == "game"
    assert data["version"] == sixtysix.__version__
    assert data["rules"] == CLASSIC_66.to_dict()
    # every field but those of rules §13 at their defaults (Rules.to_dict)
    assert len(data["rules"]) == len(attrs.fields(Rules)) - 7
    assert data["pack"][0] == str(game().pack[0])
    assert set(data) == {
        "schema", "kind", "version", "rules", "dealer", "players", "seed", "pack", "moves",
        "result",
    }  # fmt: skip
    assert set(data["result"]) == {"winner", "game_points", "carry", "points", "reason"}


def test_match_json_writes_rules_once() -> None:
    record = match()
    data = json.loads(record.to_json(indent=2))
    assert data["kind"] == "match"
    assert "rules" not in data["games"][0]
    assert data["scores"] == list(record.scores)
    assert data["winner"] == record.winner


def test_round_trip_examples() -> None:
    g = game()
    assert GameRecord.from_json(g.to_json()) == g
    assert GameRecord.from_json(g.to_json(indent=2).encode()) == g
    m = match(seats=3)
    assert MatchRecord.from_json(m.to_json()) == m
    assert load_record(m.to_json()) == m
    assert load_record(g.to_json()) == g


def test_non_canonical_moves_and_cards_are_read_canonically() -> None:
    g = game()

    def lower(data: dict[str, Any]) -> None:
        data["moves"] = [m.lower() for m in data["moves"]]
        data["pack"] = [c.replace("T", "10") for c in data["pack"]]

    assert GameRecord.from_json(edit(g, lower)) == g


def test_rules_may_be_given_by_preset() -> None:
    g = game(rules=SCHNAPSEN)

    def preset(data: dict[str, Any]) -> None:
        data["rules"] = {"preset": "SCHNAPSEN"}

    assert GameRecord.from_json(edit(g, preset)) == g


def test_unfinished_game_record() -> None:
    state = new_hand(CLASSIC_66, seed=1)
    moves = []
    for _ in range(5):
        options = legal_moves(state)
        plays = [m for m in options if isinstance(m, Play)]
        move = plays[-1] if plays else Draw()
        state = apply_move(state, move)
        moves.append(str(move))
    record = GameRecord(
        rules=CLASSIC_66,
        dealer=0,
        pack=tuple(shuffled_deck(CLASSIC_66, 1)),
        moves=tuple(moves),
        result=None,
        seed=1,
    )
    assert replay(record) == state
    assert GameRecord.from_json(record.to_json()) == record


@pytest.mark.parametrize(
    ("field", "value", "pattern"),
    [
        ("rules", "CLASSIC_66", "rules: expected a Rules"),
        ("dealer", 2, "dealer: expected seat 0 or 1"),
        ("dealer", True, "dealer"),
        ("pack", ["AH"], "pack: expected a tuple of cards"),
        ("moves", ("QH", 3), "moves: expected a tuple of move texts"),
        ("result", "won", "result: expected a HandResult"),
        ("seed", 1.5, "seed: expected an int of at most 100 digits, a str or null, not 1.5"),
        ("players", (1, 1), "players: expected two different match seats"),
        ("players", (0, 3), "players"),
        ("version", 1, "version: expected text"),
    ],
)
def test_game_record_fields_are_checked(field: str, value: object, pattern: str) -> None:
    with pytest.raises(RecordError, match=pattern):
        attrs.evolve(game(), **{field: value})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value", "pattern"),
    [
        ("rules", None, "rules: expected a Rules"),
        ("seats", 4, "seats: a match has 2 or 3 seats"),
        ("seed", [1], "seed"),
        ("dealer", 2, "dealer: expected a seat from 0 to 1"),
        ("games", [], "games: expected a tuple"),
        ("scores", (1,), "scores: expected 2 whole numbers"),
        ("winner", 5, "winner: expected a seat or None"),
        ("version", None, "version"),
    ],
)
def test_match_record_fields_are_checked(field: str, value: object, pattern: str) -> None:
    with pytest.raises(RecordError, match=pattern):
        attrs.evolve(match(), **{field: value})  # type: ignore[arg-type]


def test_match_record_games_must_belong_to_the_match() -> None:
    record = match()
    other = attrs.evolve(record.games[0], rules=SCHNAPSEN)
    with pytest.raises(RecordError, match="game 1: played under other rules"):
        attrs.evolve(record, games=(other,))
    old = attrs.evolve(record.games[0], version="0.0.1")
    with pytest.raises(RecordError, match=r"game 1: written by sixtysix '0.0.1', the match by"):
        attrs.evolve(record, games=(old,))


# --------------------------------------------------------------------------- bad JSON


def test_truncated_json() -> None:
    text = game().to_json()
    with pytest.raises(RecordError, match=r"the record is cut off here .*was the file truncated"):
        GameRecord.from_json(text[: len(text) // 2])


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        ("[1, 2]", "line 1, column 1: a record is a JSON object, not a list"),
        ('{"kind": "game"}', "schema: .* reads record schema 1, not None"),
        ('{"schema": 2, "kind": "game"}', "schema: .*not 2"),
        ('{"schema": "1", "kind": "game"}', "schema"),
        ('{"schema": true, "kind": "game"}', "schema"),
        ('{"schema": 1, "kind": "bummerl"}', "kind: expected a game record, not 'bummerl'"),
        ('{"schema": 1, "kind": "match"}', "read it with MatchRecord.from_json"),
        ('{"schema": 1, "kind": "game", "rules": []}', "rules: expected an object"),
    ],
)
def test_bad_headers(text: str, pattern: str) -> None:
    with pytest.raises(RecordError, match=pattern):
        GameRecord.from_json(text)


def test_huge_numbers() -> None:
    with pytest.raises(
        RecordError, match="line 1, column 12: a number of 5000 digits; no field of a record has"
    ):
        GameRecord.from_json('{"schema": ' + "1" * 5000 + "}")
    with pytest.raises(RecordError, match="the JSON is nested far too deeply"):
        GameRecord.from_json("[" * 100_000 + "]" * 100_000)


def test_not_text() -> None:
    with pytest.raises(RecordError, match="JSON text"):
        GameRecord.from_json(42)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="UTF-8"):
        GameRecord.from_json(b"\xff\xfe")


def test_match_json_read_as_game_names_the_right_class() -> None:
    with pytest.raises(RecordError, match=r"MatchRecord.from_json"):
        GameRecord.from_json(match().to_json())
    with pytest.raises(RecordError, match=r"GameRecord.from_json"):
        MatchRecord.from_json(game().to_json())


def set_key(path: tuple[Any, ...], value: Any) -> Any:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


def del_key(*path: Any) -> Any:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]

    return change


@pytest.mark.parametrize(
    ("change", "pattern"),
    [
        (set_key(("rules", "claim_mod"), "AUTO"), "rules: unknown rules field 'claim_mod'"),
        (set_key(("rules", "claim_mode"), "SOMETIMES"), "rules: .*allowed values: EXPLICIT"),
        (set_key(("rules", "tie_carry"), "1"), "rules: Rules.tie_carry must be a whole number"),
        (set_key(("rules", "deal_packets"), {"a": 1}), "rules: Rules.deal_packets"),
        (set_key(("rules", "preset"), "HOUSE"), "rules: no preset called 'HOUSE'"),
        (set_key(("pack", 4), "XY"), "pack card 5: not a card: 'XY'"),
        (set_key(("pack", 0), 7), "pack card 1: expected a card's text, not 7"),
        (set_key(("pack",), "AH TH"), "pack: expected a list of cards"),
        (set_key(("moves", 2), "jump"), "move 3: not a move: 'jump'"),
        (set_key(("moves", 0), None), "move 1: expected a move's text, not None"),
        (set_key(("moves",), {}), "moves: expected a list"),
        (set_key(("extra",), 1), "unknown field 'extra'"),
        (del_key("pack"), "missing field 'pack'"),
        (del_key("version"), "missing field 'version'"),
        (set_key(("version",), 1), "version: expected the writer's version"),
        (set_key(("dealer",), "0"), "dealer: expected seat 0 or 1"),
        (set_key(("players",), [0]), "players: expected two different match seats"),
        (set_key(("players",), 0), "players: expected two match seats"),
        (set_key(("seed",), [1]), "seed: expected an int"),
        (set_key(("result",), 2), "result: expected an object or null"),
        (set_key(("result", "reason"), "LUCK"), "result: unknown reason 'LUCK'"),
        (set_key(("result", "winner"), 2), "result: the winner is seat 0 or 1, or None, not 2"),
        (set_key(("result", "points"), [1]), "result: points must be two whole numbers"),
        (
            set_key(("result", "carry"), "0"),
            "result: a hand with a winner carries no game points, not '0'",
        ),
        (del_key("result", "carry"), "result: missing field 'carry'"),
        (set_key(("result", "bonus"), 0), "result: unknown field 'bonus'"),
    ],
)
def test_bad_game_json(change: Any, pattern: str) -> None:
    with pytest.raises(RecordError, match=pattern):
        GameRecord.from_json(edit(game(), change))


@pytest.mark.parametrize(
    ("change", "pattern"),
    [
        (set_key(("games",), {}), "games: expected a list"),
        (set_key(("games", 1), 5), "game 2: expected an object"),
        (set_key(("games", 0, "moves", 3), "flip"), "game 1: move 4: not a move"),
        (set_key(("games", 1, "rules"), {}), "game 2: unknown field 'rules'"),
        (set_key(("games", 0, "dealer"), 7), "game 1: dealer: expected seat 0 or 1"),
        (set_key(("games", 0, "result", "reason"), "?"), "game 1: result: unknown reason"),
        (set_key(("scores",), 7), "scores: expected a list"),
        (set_key(("scores",), [1, 2, 3]), "scores: expected 2 whole numbers"),
        (set_key(("seats",), 5), "seats: a match has 2 or 3 seats"),
        (del_key("winner"), "missing field 'winner'"),
    ],
)
def test_bad_match_json(change: Any, pattern: str) -> None:
    with pytest.raises(RecordError, match=pattern):
        MatchRecord.from_json(edit(match(), change))


# --------------------------------------------------------------------------- replay


def test_replay_returns_the_final_state() -> None:
    record = game()
    final = replay(record)
    assert final.is_over
    assert score_hand(final) == record.result


def test_replay_states_walks_the_game() -> None:
    record = game()
    states = list(replay_states(record))
    assert len(states) == len(record.moves) + 1
    assert states[0] == new_hand(CLASSIC_66, seed=3, dealer=0)
    for before, move, after in zip(states[:-1], record.moves, states[1:], strict=True):
        assert apply_move(before, move) == after
    with pytest.raises(RecordError, match="GameRecord"):
        replay_states(match())  # type: ignore[arg-type]


def test_replay_match_returns_states_and_match() -> None:
    record = match(seats=3)
    states, m = replay(record)
    assert isinstance(m, Match)
    assert len(states) == len(record.games)
    assert m.scores == record.scores
    assert m.winner == record.winner
    assert all(s.is_over for s in states)
    assert [score_hand(s) for s in states] == [g.result for g in record.games]


def test_replay_needs_a_record() -> None:
    with pytest.raises(RecordError, match="GameRecord or a MatchRecord"):
        replay("game")  # type: ignore[call-overload]


def rigged(**changes: Any) -> GameRecord:
    return attrs.evolve(game(), **changes)


def test_illegal_move_names_move_number_and_seat() -> None:
    record = game()
    state = new_hand(CLASSIC_66, seed=3)
    seat = state.to_move
    hand = {str(c) for c in state.hand(seat)} if seat is not None else set()
    other = next(str(c) for c in CLASSIC_66.deck.cards if str(c) not in hand)
    bad = rigged(moves=(other, *record.moves[1:]))
    with pytest.raises(RecordError, match=f"move 1 \\({other}\\) by seat {seat} is illegal: "):
        replay(bad)


def test_illegal_last_move() -> None:
    record = game()
    states = list(replay_states(record))
    before = states[-2]
    candidates = [str(m) for m in ALL_MOVES]
    illegal = next(m for m in candidates if not sixtysix.is_legal(before, m))
    n = len(record.moves)
    with pytest.raises(RecordError, match=f"move {n} \\({illegal}\\) by seat {before.to_move} "):
        replay(rigged(moves=(*record.moves[:-1], illegal)))


def test_wrong_result() -> None:
    record = game()
    assert record.result is not None
    wrong = attrs.evolve(record.result, game_points=record.result.game_points % 3 + 1)
    with pytest.raises(RecordError, match=r"wrong result: the record says .* but the moves give"):
        replay(rigged(result=wrong))


def test_wrong_result_claiming_no_winner() -> None:
    tie = HandResult(None, 0, 1, (65, 65), HandEnd.NEITHER_REACHED_66)
    with pytest.raises(RecordError, match=r"the record says no winner \(NEITHER_REACHED_66"):
        replay(rigged(result=tie))


def test_move_text_that_is_not_a_move() -> None:
    with pytest.raises(RecordError, match="move 2: not a move: 'jump'"):
        replay(rigged(moves=(game().moves[0], "jump")))


def test_moves_after_the_end() -> None:
    record = game()
    with pytest.raises(RecordError, match=f"move {len(record.moves) + 1} .*already over"):
        replay(rigged(moves=(*record.moves, "AH")))


def test_result_for_an_unfinished_hand() -> None:
    record = game()
    with pytest.raises(RecordError, match="has a result but the hand is not over after its 3"):
        replay(rigged(moves=record.moves[:3]))


def test_missing_result_for_a_finished_hand() -> None:
    with pytest.raises(RecordError, match=r"over after its .* moves but the record has no result"):
        replay(rigged(result=None))


def test_pack_must_match_the_seed() -> None:
    record = game()
    swapped = (record.pack[1], record.pack[0], *record.pack[2:])
    with pytest.raises(RecordError, match="pack: not the shuffle of seed 3"):
        replay(rigged(pack=swapped))
    # Without a seed the pack is taken as it is; the moves then no longer fit it.
    with pytest.raises(RecordError, match="move"):
        replay(rigged(pack=swapped, seed=None, moves=("claim",)))


def test_pack_must_be_the_deck() -> None:
    record = game()
    twice = (record.pack[0], *record.pack[:-1])
    with pytest.raises(RecordError, match=r"pack: .*appears twice"):
        replay(rigged(pack=twice, seed=None))
    with pytest.raises(RecordError, match=r"pack: .*not in the D24 deck"):
        replay(rigged(pack=(*record.pack[:-1], Card.parse("7S")), seed=None))


def test_match_replay_checks_each_hand() -> None:
    record = match()
    games = list(record.games)
    games[1] = attrs.evolve(games[1], moves=games[1].moves[:-1])
    with pytest.raises(RecordError, match="game 2: the record has a result but"):
        replay(attrs.evolve(record, games=tuple(games)))


def test_match_replay_checks_dealer_and_seats() -> None:
    record = match()
    games = list(record.games)
    games[1] = attrs.evolve(games[1], dealer=1 - games[1].dealer)
    with pytest.raises(RecordError, match="game 2: expected match seats"):
        replay(attrs.evolve(record, games=tuple(games)))


def test_match_replay_checks_hand_seeds() -> None:
    record = match()
    games = list(record.games)
    games[0] = attrs.evolve(games[0], seed="7/0", pack=tuple(shuffled_deck(CLASSIC_66, "7/0")))
    with pytest.raises(RecordError, match="game 1: seed: expected '3/0', not '7/0'"):
        replay(attrs.evolve(record, games=tuple(games)))


def test_match_replay_checks_final_scores() -> None:
    record = match()
    with pytest.raises(RecordError, match="wrong match result"):
        replay(attrs.evolve(record, scores=(0, 0)))


def test_match_replay_refuses_hands_after_the_end() -> None:
    record = match()
    extra = attrs.evolve(record, games=(*record.games, record.games[0]))
    with pytest.raises(RecordError, match=f"game {len(record.games) + 1}: the match was already"):
        replay(extra)


def test_unfinished_match_record() -> None:
    record = match()
    cut = record.games[0]
    state = new_hand(CLASSIC_66, seed=cut.seed, dealer=cut.dealer)
    state = apply_move(state, cut.moves[0])
    unfinished = attrs.evolve(cut, moves=cut.moves[:1], result=None)
    partial = attrs.evolve(record, games=(unfinished,), scores=(0, 0), winner=None)
    states, m = replay(partial)
    assert states == (state,)
    assert m.hand_number == 0
    more = attrs.evolve(partial, games=(unfinished, record.games[1]))
    with pytest.raises(RecordError, match="game 1: unfinished, but more hands follow"):
        replay(more)


def test_seedless_match_record_replays() -> None:
    record = match()
    seedless = attrs.evolve(
        record, seed=None, games=tuple(attrs.evolve(g, seed=None) for g in record.games)
    )
    _, m = replay(seedless)
    assert m.scores == record.scores
    assert m.seed is None


def test_record_error_is_a_sixtysix_error() -> None:
    assert issubclass(RecordError, SixtySixError)


# --------------------------------------------------------------------------- properties


@settings(max_examples=examples(60))
@given(rules=st.sampled_from(ALL_RULES), seed=st.integers(0, 2**32))
def test_game_records_round_trip_and_replay(rules: Rules, seed: int) -> None:
    record = play_hand(
        rules, random_player(seed), random_player(~seed), seed=seed, dealer=seed % 2
    )
    text = record.to_json()
    back = GameRecord.from_json(text)
    assert back == record
    assert back.to_json() == text
    states = list(replay_states(back))
    state = new_hand(rules, seed=seed, dealer=seed % 2)
    assert states[0] == state
    for move, after in zip(record.moves, states[1:], strict=True):
        state = apply_move(state, move)
        assert state == after
    assert replay(back) == state
    assert score_hand(state) == record.result


@settings(max_examples=examples(30))
@given(rules=st.sampled_from(ALL_RULES), seed=st.integers(0, 2**32), seats=st.sampled_from([2, 3]))
def test_match_records_round_trip_and_replay(rules: Rules, seed: int, seats: int) -> None:
    record = match(seed, rules, seats)
    text = record.to_json()
    back = MatchRecord.from_json(text)
    assert back == record
    assert back.to_json() == text
    states, m = replay(back)
    assert m.is_over and m.winner == record.winner
    assert [score_hand(s) for s in states] == [g.result for g in record.games]


@settings(max_examples=examples(100))
@given(
    seed=st.integers(0, 50),
    edits=st.lists(
        st.tuples(st.integers(0, 10**6), st.integers(0, 3), st.characters(codec="ascii")),
        min_size=1,
        max_size=4,
    ),
)
def test_damaged_json_gives_only_record_errors(
    seed: int, edits: list[tuple[int, int, str]]
) -> None:
    """A damaged record is read and replayed, or refused with a RecordError: nothing else."""
    text = match(seed, SCHNAPSEN).to_json() if seed % 2 else game(seed).to_json()
    for position, kind, char in edits:
        at = position % (len(text) + 1)
        if kind == 0:
            text = text[:at] + text[at + 1 :]
        elif kind == 1:
            text = text[:at] + char + text[at:]
        elif kind == 2:
            text = text[:at] + char + text[at + 1 :]
        else:
            text = text[:at]
    with contextlib.suppress(RecordError):
        replay(load_record(text))


@settings(max_examples=examples(100))
@given(
    data=st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=10,
    ),
    key=st.sampled_from(
        ["rules", "dealer", "players", "seed", "pack", "moves", "result", "version", "games"]
    ),
)
def test_wrong_values_give_only_record_errors(data: Any, key: str) -> None:
    """Any JSON value in any field is read, or refused with a RecordError."""
    for record in (game(), match()):
        text = edit(record, set_key((key,), data))
        with contextlib.suppress(RecordError):
            replay(load_record(text))


def test_result_value_round_trip() -> None:
    result = HandResult(None, 0, 1, (65, 65), HandEnd.NEITHER_REACHED_66)
    record = attrs.evolve(game(), result=result)
    assert GameRecord.from_json(record.to_json()).result == result
