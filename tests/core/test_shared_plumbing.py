"""A third game reuses the shared plumbing: match bookkeeping, play loop, records, notation.

``High card`` is a toy game made for this test: four cards, two each, played in turn;
the seat whose cards have more card points wins the hand's game point. Everything but
its rules comes from ``sixtysix._match``, ``sixtysix._play``, ``sixtysix._records`` and
``sixtysix._notation``, through the same small hooks the two-hand and four-hand games
give, and its records get the line/column errors and the replay checks of theirs.
"""

from __future__ import annotations

import enum
import io
import json
import random
from typing import Any, ClassVar

import attrs
import pytest

from sixtysix import _match, _notation, _play, _records
from sixtysix.cards import Card
from sixtysix.cli._match_text import print_match
from sixtysix.errors import MatchError, ParseError, PlayerError, RecordError

PACK = tuple(Card.parse(c) for c in ("AH", "TH", "KH", "QH"))


@attrs.frozen
class ToyRules:
    match_target: int = 3

    def to_dict(self) -> dict[str, Any]:
        return {"match_target": self.match_target}


class ToyEnd(enum.Enum):
    PLAYED_OUT = "PLAYED_OUT"


@attrs.frozen
class ToyResult:
    winner: int | None
    game_points: int
    carry: int
    points: tuple[int, int]
    reason: ToyEnd = ToyEnd.PLAYED_OUT


@attrs.frozen
class ToyState:
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    played: tuple[Card, ...] = ()
    leader: int = 0

    @property
    def to_move(self) -> int | None:
        if len(self.played) == len(PACK):
            return None
        return (self.leader + len(self.played)) % 2


def deal(pack: tuple[Card, ...], dealer: int) -> ToyState:
    return ToyState(hands=(pack[0::2], pack[1::2]), leader=1 - dealer)


def apply(state: ToyState, answer: object, seat: int) -> tuple[ToyState, str]:
    card = Card.parse(answer) if isinstance(answer, str) else answer
    if not isinstance(card, Card) or card not in state.hands[seat] or card in state.played:
        raise PlayerError(f"seat {seat} cannot play {answer}")
    return attrs.evolve(state, played=(*state.played, card)), str(card)


def score(state: ToyState) -> ToyResult:
    points = (sum(c.points for c in state.hands[0]), sum(c.points for c in state.hands[1]))
    winner = None if points[0] == points[1] else int(points[1] > points[0])
    return ToyResult(winner, 0 if winner is None else 1, 1 if winner is None else 0, points)


@attrs.frozen(kw_only=True)
class ToyMatch(_match.MatchScores):
    rules: ToyRules
    seed: int | str | None
    scores: tuple[int, int] = (0, 0)
    dealer: int = 0
    carry: int = 0
    hand_number: int = 0

    def __attrs_post_init__(self) -> None:
        _match.check_fields(self, count="two", size=2, who="seat", dealers=2)


def apply_result(m: ToyMatch, result: ToyResult) -> ToyMatch:
    scores = list(m.scores)
    carry = m.carry + result.carry
    if result.winner is not None:
        scores[result.winner] += result.game_points + m.carry
        carry = 0
    return attrs.evolve(
        m,
        scores=(scores[0], scores[1]),
        carry=carry,
        dealer=1 - m.dealer,
        hand_number=m.hand_number + 1,
    )


def _check_hand(r: Any, base: _records.JSONPath, where: str) -> None:
    if not _records.is_int(r.dealer) or r.dealer not in (0, 1):
        _records.fail((*base, "dealer"), f"{where}dealer: seat 0 or 1, not {r.dealer!r}")


@attrs.frozen(kw_only=True)
class ToyHand(_records.RecordJSON):
    _SCHEMA: ClassVar[int] = 1
    _KIND: ClassVar[str] = "toy-game"
    _check = staticmethod(_check_hand)

    rules: ToyRules
    dealer: int
    pack: tuple[Card, ...]
    moves: tuple[str, ...]
    result: ToyResult | None
    seed: int | str | None = None
    version: str = "toy"

    def _fields(self) -> dict[str, Any]:
        result = None if self.result is None else _records.result_body(self.result)
        return _records.hand_body(self, ("players", (0, 1)), result)

    @classmethod
    def _read(cls, data: object) -> ToyHand:
        keys = {"schema", "kind", "version", "rules", "dealer", "players", "seed", "pack"}
        obj = _records.header(data, 1, "toy-game", {"toy-game": "ToyHand"})
        _records.check_keys(obj, {*keys, "moves", "result"}, (), "")
        pack = _records.read_texts(obj["pack"], ("pack",), "", "card", "pack card", Card.parse)
        moves = _records.read_texts(obj["moves"], ("moves",), "", "move", "move", Card.parse)
        result = obj["result"]
        fields: dict[str, Any] = {"rules": ToyRules(**obj["rules"]), "seed": obj["seed"]}
        return _records.build(
            ToyHand,
            _check_hand,
            (),
            "",
            dealer=obj["dealer"],
            pack=tuple(pack),
            moves=tuple(map(str, moves)),
            result=None if result is None else _toy_result(result),
            version=_records.version_of(obj),
            **fields,
        )


def _toy_result(data: dict[str, Any]) -> ToyResult:
    return ToyResult(**{**data, "points": tuple(data["points"]), "reason": ToyEnd(data["reason"])})


def play_toy_hand(m: ToyMatch, players: list[Any]) -> ToyHand:
    rng = random.Random(m.hand_seed)
    pack = tuple(rng.sample(PACK, len(PACK)))
    final, moves = _play.play_out(deal(pack, m.dealer), players.__getitem__(0), apply)
    played: dict[str, Any] = {"moves": tuple(moves), "result": score(final)}
    return ToyHand(rules=m.rules, dealer=m.dealer, pack=pack, seed=m.hand_seed, **played)


def replay_toy(m: ToyMatch, games: list[ToyHand]) -> tuple[tuple[ToyState, ...], ToyMatch]:
    def replay_hand(game: ToyHand, base: _records.JSONPath, where: str) -> tuple[ToyState, Any]:
        state = deal(game.pack, game.dealer)
        for number, text in enumerate(game.moves, 1):
            seat = state.to_move
            assert seat is not None
            try:
                state, _ = apply(state, text, seat)
            except PlayerError as exc:
                _records.fail((*base, "moves", number - 1), f"{where}move {number}: {exc}")
        return state, game.result

    return _records.replay_match(
        m,
        games,
        deal=(lambda m: m.dealer, lambda g: g.dealer),
        deal_error=lambda m, g: f"dealt by seat {g.dealer}, but seat {m.dealer} deals",
        replay_hand=replay_hand,
        apply=apply_result,
        over_text=lambda m: f"seat {m.winner} won it",
    )


def first_card(state: ToyState, seat: int) -> Card:
    return next(c for c in state.hands[seat] if c not in state.played)


def test_a_third_game_plays_records_and_replays_a_match() -> None:
    start = ToyMatch(rules=ToyRules(), seed=5)
    m, games = _match.play_to_target(
        start, lambda m: play_toy_hand(m, [first_card]), lambda g: g.result, apply_result
    )
    assert m.is_over and m.winner is not None and max(m.scores) >= 3
    # JSON round trip, with the shared header and body.
    texts = [g.to_json() for g in games]
    assert [ToyHand.from_json(t) for t in texts] == games
    assert json.loads(texts[0])["kind"] == "toy-game" and json.loads(texts[0])["players"] == [0, 1]
    # The shared replay checks the deal, the seeds, and the end of the match.
    states, replayed = _records.public(lambda: replay_toy(start, games))
    assert replayed == m and len(states) == len(games)
    with pytest.raises(RecordError, match="game 1: dealt by seat 1, but seat 0 deals"):
        _records.public(lambda: replay_toy(start, games[1:]))
    with pytest.raises(RecordError, match="game 1: seed: expected '5/0', not '5/2'"):
        _records.public(lambda: replay_toy(start, games[2:]))
    with pytest.raises(RecordError, match=r"game \d+: the match was already over"):
        _records.public(lambda: replay_toy(start, [*games, games[-1]]))
    walked = list(_match.walk(start, games, lambda g: g.result, apply_result))
    assert walked[-1][3] == m and walked[0][2] == start
    assert _match.carried(attrs.evolve(start, carry=2)) == " (2 carried)"


def test_a_third_game_gets_line_and_column_errors_and_match_checks() -> None:
    record = play_toy_hand(ToyMatch(rules=ToyRules(), seed=1), [first_card])
    lines = record.to_json(indent=2).splitlines()
    at = lines.index('  "pack": [') + 2  # the second card of the pack
    lines[at] = '    "ZZ",'
    with pytest.raises(RecordError, match=rf"^line {at + 1}, column 5: pack card 2: "):
        ToyHand.from_json("\n".join(lines))
    with pytest.raises(RecordError, match=r"^line 1, column 23: kind: expected a toy-game"):
        ToyHand.from_json('{"schema": 1, "kind": "game"}')
    with pytest.raises(RecordError, match="dealer: seat 0 or 1"):
        ToyHand.from_dict({**record.to_dict(), "dealer": 2})
    with pytest.raises(RecordError, match=r"^dealer: seat 0 or 1, not 5$"):
        attrs.evolve(record, dealer=5)
    with pytest.raises(MatchError, match="more than one seat the match target 3"):
        ToyMatch(rules=ToyRules(), seed=1, scores=(3, 4))
    with pytest.raises(MatchError, match="did not end within 1 hands"):
        _match.play_to_target(
            ToyMatch(rules=ToyRules(99), seed=1),
            lambda m: play_toy_hand(m, [first_card]),
            lambda g: g.result,
            apply_result,
            max_hands=1,
        )
    assert _notation.fields_of("a b c", "toy position", 3, "x, y, z") == ["a", "b", "c"]
    with pytest.raises(ParseError, match=r"^a toy position has 3 fields separated by spaces"):
        _notation.fields_of("a b", "toy position", 3, "x, y, z")
    assert _play.check_seed(None, fresh=True) != _play.check_seed(None, fresh=True)


def test_the_match_printer_shows_an_unfinished_last_hand() -> None:
    start = ToyMatch(rules=ToyRules(), seed=5)
    first = play_toy_hand(start, [first_card])
    unfinished = attrs.evolve(first, moves=first.moves[:1], result=None)
    out = io.StringIO()
    hands = _match.walk(start, [first, unfinished], lambda g: g.result, apply_result)

    def print_hand(game: ToyHand) -> None:
        out.write(f"{len(game.moves)} moves\n")

    print_match(out, hands, print_hand, str, str)
    text = out.getvalue()
    assert "=== Hand 2 ===\n1 moves\n\nThe match is not finished.\n" in text
    assert text.count("Match score:") == 1
