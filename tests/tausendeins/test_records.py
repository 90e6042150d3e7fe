"""Tausendeins deal and game records: JSON, errors with line and column, replay (rules §12)."""

from __future__ import annotations

import json
import random

import attrs
import pytest
from tests.tausendeins.helpers import PRESET_IDS, PRESET_LIST

from sixtysix import MatchError, PlayerError, RecordError
from sixtysix import tausendeins as t1
from sixtysix.bots import RandomBot
from sixtysix.tausendeins.match import new_match


def _deal(rules: t1.TausendeinsRules, seed: int, stop: int | None = None) -> t1.DealRecord:
    rng = random.Random(seed)
    s = t1.new_hand(rules, seed, seed % 2)
    moves: list[t1.TausendeinsMove] = []
    while not t1.is_over(s) and len(moves) != stop:
        moves.append(rng.choice(t1.legal_moves(s)))
        s = t1.apply_move(s, moves[-1])
    return t1.record_deal(rules, moves, seed=seed, dealer=seed % 2)


def _match(rules: t1.TausendeinsRules = t1.TAUSENDEINS) -> t1.MatchRecord:
    return t1.play_match(rules, [t1.TausendeinsRuleBot(), RandomBot()], seed=5, dealer=1)


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_deal_records_round_trip_and_replay(rules: t1.TausendeinsRules) -> None:
    """Rules §12.9: every move is kept in its text; the replay gives the result (§12.7)."""
    for seed in range(8):
        rec = _deal(rules, seed)
        back = t1.DealRecord.from_json(rec.to_json())
        assert back == rec and t1.load_record(rec.to_json(indent=2)) == rec
        final = t1.replay(back)
        assert t1.score_deal(final) == rec.result
        states = list(t1.replay_states(rec))
        assert len(states) == len(rec.moves) + 1 and states[-1] == final


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_a_game_to_1001_records_and_replays(rules: t1.TausendeinsRules) -> None:
    """Rules §12.8: deals alternate the dealer, totals add up, someone reaches the target."""
    rec = _match(rules)
    assert rec.winner is not None and max(rec.scores) >= rules.target
    assert [g.dealer for g in rec.games[:3]] == [1, 0, 1]
    back = t1.load_record(rec.to_json())
    assert back == rec and t1.MatchRecord.from_json(rec.to_json().encode()) == rec
    finals, m = t1.replay(back)
    assert len(finals) == len(rec.games) and m.scores == rec.scores and m.winner == rec.winner
    again = t1.record_match(new_match(rules, 5, 1), rec.games)
    assert again == rec


def test_an_unfinished_deal_is_kept_without_result() -> None:
    rec = _deal(t1.TAUSENDEINS_CONTRACT, 2, stop=5)
    assert rec.result is None and len(rec.moves) == 5
    back = t1.load_record(rec.to_json())
    assert isinstance(back, t1.DealRecord)
    assert t1.replay(back).phase == t1.Phase.CONTRACT


def test_record_deal_takes_texts_and_a_pack() -> None:
    s = t1.new_hand(t1.TAUSENDEINS, seed=9)
    first = str(t1.legal_moves(s)[0])
    pack = t1.shuffled_deck(t1.TAUSENDEINS, 9)
    by_pack = t1.record_deal(t1.TAUSENDEINS, [first], pack=iter(pack))
    assert by_pack.seed is None and by_pack.pack == tuple(pack) and by_pack.moves == (first,)
    assert t1.record_deal(t1.TAUSENDEINS, [first], seed=9).seed == 9
    with pytest.raises(RecordError, match="an iterable of moves"):
        t1.record_deal(t1.TAUSENDEINS, 5, seed=9)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="scores: two whole numbers"):
        t1.record_deal(t1.TAUSENDEINS, [], seed=9, scores=(1,))  # type: ignore[arg-type]


def _edit(text: str, change: object) -> str:
    data = json.loads(text)
    change(data)  # type: ignore[operator]
    return json.dumps(data, indent=1)


DEAL = _deal(t1.TAUSENDEINS, 1).to_json(indent=1)
MATCH = _match().to_json(indent=1)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(kind="tausendeins-match"), "read it with MatchRecord"),
        (lambda d: d.update(dealer=2), "dealer: seat 0 or 1"),
        (lambda d: d.update(scores=[1]), "scores: a list of two numbers"),
        (lambda d: d.update(seed=1.5), "seed: expected an int"),
        (lambda d: d.update(colour=1), "unknown field 'colour'"),
        (lambda d: d["moves"].__setitem__(0, "bid many"), "move 1: "),
        (lambda d: d["pack"].__setitem__(0, "ZZ"), "pack card 1"),
        (lambda d: d.update(result=[]), "result: an object or null"),
        (lambda d: d["result"].pop("made"), "result: missing field 'made'"),
        (lambda d: d["result"].update(points=[1, "x"]), "points: two numbers"),
        (lambda d: d["result"].update(declarer=3), "declarer: 0, 1 or null"),
        (lambda d: d["result"].update(contract="a"), "contract: a number or null"),
        (lambda d: d["result"].update(made=True), "made: true or false with a declarer"),
        (lambda d: d.update(version=3), "version: expected"),
    ],
)
def test_bad_deal_records_say_where_and_why(change: object, message: str) -> None:
    with pytest.raises(RecordError) as info:
        t1.DealRecord.from_json(_edit(DEAL, change))
    assert message in str(info.value) and str(info.value).startswith("line ")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["moves"].reverse(), "move 1"),
        (lambda d: d["result"].update(points=[0, 0]), "result: the record says"),
        (lambda d: d.update(seed=2), "not the shuffle of seed 2"),
        (lambda d: d["pack"].__setitem__(1, d["pack"][0]), "pack"),
    ],
)
def test_deal_records_that_do_not_replay(change: object, message: str) -> None:
    """Rules §12.9: replay re-checks every move, the pack and the result."""
    rec = t1.DealRecord.from_json(_edit(DEAL, change))
    with pytest.raises(RecordError, match=message):
        t1.replay(rec)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(scores=[1, 2]), "scores: the record says"),
        (lambda d: d["games"][1].update(dealer=1), "game 2: dealt by seat 1"),
        (lambda d: d["games"].append(d["games"][0]), "the match was already over"),
        (
            lambda d: (d["games"][0]["moves"].pop(), d["games"][0].update(result=None)),
            "game 1: the deal is not finished",
        ),
        (lambda d: d["games"][0].update(seed="x/0"), "game 1: seed: expected '5/0'"),
    ],
)
def test_match_records_that_do_not_replay(change: object, message: str) -> None:
    """Rules §12.8: every deal is the one the game deals next, and the totals agree."""
    text = _edit(MATCH, change)
    with pytest.raises(RecordError, match=message):
        t1.replay(t1.load_record(text))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(games={}), "games: a list"),
        (lambda d: d["games"].__setitem__(0, 1), "game 1: an object"),
        (lambda d: d["games"][0].update(colour=1), "game 1: unknown field"),
        (lambda d: d.update(scores=None), "scores: a list of two numbers"),
        (lambda d: d.pop("seed"), "missing field 'seed'"),
    ],
)
def test_bad_match_records(change: object, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        t1.load_record(_edit(MATCH, change))


def test_record_values_are_checked_on_construction() -> None:
    rec = t1.load_record(MATCH)
    assert isinstance(rec, t1.MatchRecord)
    with pytest.raises(RecordError, match="every deal must have the match's rules"):
        attrs.evolve(rec, rules=t1.TAUSENDEINS_DE)
    with pytest.raises(RecordError, match="every deal must have the match's version"):
        attrs.evolve(rec, version="other")
    with pytest.raises(RecordError, match="a tuple of DealRecord"):
        attrs.evolve(rec, games=(1,))  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="a TausendeinsRules value"):
        attrs.evolve(rec.games[0], rules=None)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="a tuple of cards"):
        attrs.evolve(rec.games[0], pack=("AC",))  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="a TausendeinsResult or None"):
        attrs.evolve(rec.games[0], result=1)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="version: a string"):
        attrs.evolve(rec.games[0], version=1)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="replay needs a DealRecord"):
        t1.replay("x")  # type: ignore[call-overload]
    with pytest.raises(RecordError, match="replay_states needs a DealRecord"):
        t1.replay_states(rec)  # type: ignore[arg-type]


def test_play_match_checks_its_players() -> None:
    bots = [RandomBot(), RandomBot()]
    with pytest.raises(PlayerError, match="two bots"):
        t1.play_match(t1.TAUSENDEINS, bots[:1], seed=1)
    with pytest.raises(PlayerError, match="rng must be"):
        t1.play_match(t1.TAUSENDEINS, bots, seed=1, rng=3)  # type: ignore[arg-type]

    class Bad:
        def choose(self, view: object, rng: random.Random) -> object:
            return t1.Bid(5)

    with pytest.raises(PlayerError, match="seat 1's player chose"):
        t1.play_match(t1.TAUSENDEINS, [Bad(), Bad()], seed=1)
    with pytest.raises(MatchError, match="did not end within"):
        t1.play_match(t1.make_rules(target=10**6), bots, seed=1)
