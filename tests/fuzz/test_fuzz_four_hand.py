"""Fuzz targets of four-hand partnership Sixty-Six: every parser and constructor.

Positions, records (JSON text, bytes, dicts, values built by hand), moves, the deal
(``new_hand``, ``shuffled_deck``, ``deal_from_order`` with any seed, dealer and scores),
rules, matches, results, the game object and the play helpers. Any input either works
(and what it gives is consistent) or raises a :class:`~sixtysix.SixtySixError` subclass;
the loaders raise exactly their documented error.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

import sixtysix as ss
from sixtysix import partnership as p4
from sixtysix.cards import Deck
from sixtysix.moves import ALL_MOVES

from .support import ANY, INTS, TEXT, fuzz, outcome

TEN = attrs.evolve(p4.FOUR_HAND_24, ten_of_trumps_point=True, match_target=3)
ALL_RULES = [
    p4.FOUR_HAND_66,
    p4.FOUR_HAND_24,
    attrs.evolve(p4.FOUR_HAND_66, undertrump=p4.Undertrump.FREE, ten_of_trumps_point=True),
    TEN,
]


def _random_states(rules: p4.PartnershipRules, seed: int) -> list[p4.PartnershipState]:
    rng = random.Random(seed)
    scores = (rng.randrange(rules.match_target), rng.randrange(rules.match_target))
    state = p4.new_hand(rules, seed, seed & 3, scores=scores)
    states = [state]
    while not state.over:
        state = p4.apply_move(state, rng.choice(p4.legal_moves(state)))
        states.append(state)
    return states


# A pool of reachable states: every rule set, all through the hand, some ended by the ten.
STATES = [s for k in range(12) for s in _random_states(ALL_RULES[k % 4], k)[::5]]
DUMPS = [p4.dump_position(s) for s in STATES]
VIEWS = [p4.observe(s, k & 3) for k, s in enumerate(STATES[::3])]
WRONG = ANY | st.sampled_from([*VIEWS[:2], STATES[0], p4.FOUR_HAND_24])


def check_state(state: p4.PartnershipState) -> None:
    """An accepted state works with every query and round-trips."""
    assert type(state) is p4.PartnershipState
    assert p4.load_position(p4.dump_position(state)) == state
    moves = p4.legal_moves(state)
    assert bool(moves) != state.over
    assert p4.render(state) and p4.render(state, 0) and repr(state)
    for seat in range(4):
        view = p4.observe(state, seat)
        sample = p4.determinize(view, random.Random(1))
        assert p4.observe(sample, seat) == view
    for move in moves:
        assert p4.is_legal(state, move) and p4.explain_illegal(state, move) is None
        p4.apply_move(state, move)
    if state.over:
        result = p4.score_hand(state)
        assert (result.reason is p4.PartnershipEnd.TEN_OF_TRUMPS) == state.ended_by_ten
        m = p4.PartnershipMatch(rules=state.rules, seed=None, scores=state.scores)
        after = p4.apply_result(m, result)
        assert sum(x >= state.rules.match_target for x in after.scores) <= 1


def _damage(text: str, edits: list[tuple[int, int, str]]) -> str:
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
    return text


EDITS = st.lists(
    st.tuples(
        st.integers(0, 10**6),
        st.integers(0, 3),
        st.sampled_from("0123456789²٣ -_=,.ACDHJKQST789yesno") | st.characters(),
    ),
    min_size=1,
    max_size=4,
)


# ----------------------------------------------------------------- positions


@fuzz
@given(text=TEXT | st.text() | WRONG)
def test_load_position_anything(text: Any) -> None:
    state = outcome(p4.load_position, text)
    if isinstance(state, ss.SixtySixError):
        assert type(state) is ss.ParseError
    else:
        check_state(state)


@fuzz
@given(dump=st.sampled_from(DUMPS), edits=EDITS)
def test_load_position_damaged(dump: str, edits: list[tuple[int, int, str]]) -> None:
    state = outcome(p4.load_position, _damage(dump, edits))
    if isinstance(state, ss.SixtySixError):
        assert type(state) is ss.ParseError
    else:
        check_state(state)


RULE_TEXT = st.lists(
    st.tuples(
        st.sampled_from(["deck", "deal_packets", "undertrump", "ten_of_trumps_point"])
        | st.sampled_from(["tie_carry", "match_target", "preset", "x", ""]),
        st.sampled_from(["D24", "D32", "3.3", "3.2.3", "FREE", "yes", "no", "0", "1", "7"]) | TEXT,
    ),
    min_size=1,
    max_size=7,
).map(lambda pairs: ",".join(f"{k}={v}" for k, v in pairs))


@fuzz
@given(rules=RULE_TEXT, dump=st.sampled_from(DUMPS))
def test_position_rules_field(rules: str, dump: str) -> None:
    text = " ".join([rules, *dump.split()[1:]])
    state = outcome(p4.load_position, text)
    if isinstance(state, ss.SixtySixError):
        assert type(state) is ss.ParseError
    else:
        check_state(state)


def test_the_position_rules_digits() -> None:
    """Rule values in a position are ASCII digits, of any length, never a plain crash."""
    base = "deck=D24,deal_packets=3.3,undertrump=REQUIRED,ten_of_trumps_point=no,tie_carry=1"
    rest = " 0 0-0 9S - - - - -"
    for value in ("²", "٣", "9" * 5000, "+7", "7_0", " 7"):
        text = f"{base},match_target={value}{rest}"
        assert isinstance(outcome(p4.load_position, text), ss.ParseError)
    for packets in ("٣.٣", "+3.3", "3_0.3", "9" * 5000):
        text = f"deal_packets={packets}{rest}"
        assert isinstance(outcome(p4.load_position, text), ss.ParseError)


# ----------------------------------------------------------------- moves


@fuzz
@given(state=st.sampled_from(STATES), move=WRONG | TEXT | st.sampled_from(list(ALL_MOVES)))
def test_moves_of_any_kind(state: p4.PartnershipState, move: Any) -> None:
    after = outcome(p4.apply_move, state, move)
    legal = outcome(p4.is_legal, state, move)
    why = outcome(p4.explain_illegal, state, move)
    if isinstance(after, p4.PartnershipState):
        assert legal is True and why is None
        check_state(after)
    else:
        assert legal is False or isinstance(legal, ss.SixtySixError)
        assert why is None or isinstance(why, str | ss.SixtySixError)


QUERIES: list[Callable[..., object]] = [
    p4.legal_moves,
    p4.playable_mask,
    p4.score_hand,
    p4.to_move,
    p4.is_over,
    p4.render,
    p4.dump_position,
    lambda s: p4.is_legal(s, "QH"),
    lambda s: p4.explain_illegal(s, "QH"),
    lambda s: p4.apply_move(s, "QH"),
    lambda s: p4.observe(s, 0),
    lambda s: p4.determinize(s, random.Random(1)),
    lambda s: p4.PartnershipGame(p4.FOUR_HAND_66).returns(s),
]


@fuzz
@given(value=ANY)
def test_queries_on_wrong_objects(value: Any) -> None:
    for query in QUERIES:
        outcome(query, value)


@fuzz
@given(state=st.sampled_from(STATES), seat=INTS | WRONG, rng=WRONG)
def test_observe_render_and_determinize_arguments(
    state: p4.PartnershipState, seat: Any, rng: Any
) -> None:
    view = outcome(p4.observe, state, seat)
    if isinstance(view, p4.PartnershipView):
        assert seat in range(4)
        outcome(p4.determinize, view, rng)
    outcome(p4.render, state, seat)


VIEW_FIELDS = [f.name for f in attrs.fields(p4.PartnershipView)]


def test_every_observed_view_passes_the_check() -> None:
    """The check of a view built by hand accepts what observe gives, to the last card."""
    for k in range(40):
        for state in _random_states(ALL_RULES[k % 4], 100 + k):
            for seat in range(4):
                view = p4.observe(state, seat)
                values = [getattr(view, name) for name in VIEW_FIELDS]
                assert p4.PartnershipView(*values) == view


@fuzz
@given(
    view=st.sampled_from(VIEWS),
    field=st.sampled_from(VIEW_FIELDS),
    value=INTS | st.integers(-1, 40) | st.sampled_from([2**32, 2**24 - 1, 0, 1, 2, -1]) | WRONG,
)
def test_view_built_by_hand(view: p4.PartnershipView, field: str, value: Any) -> None:
    built = outcome(attrs.evolve, view, **{field: value})
    if isinstance(built, ss.SixtySixError):
        assert type(built) is ss.PositionError
        return
    moves = p4.legal_moves(built)
    assert bool(moves) == (not built.over and built.to_move == built.seat)
    sample = p4.determinize(built, random.Random(2))
    assert p4.observe(sample, built.seat) == built
    check_state(sample)


@fuzz
@given(
    view=st.sampled_from(VIEWS),
    edits=st.lists(
        st.tuples(st.sampled_from(VIEW_FIELDS), st.integers(0, 31)), min_size=1, max_size=3
    ),
)
def test_view_with_cards_moved(view: p4.PartnershipView, edits: list[tuple[str, int]]) -> None:
    """Flip a card in the masks, or swap cards of the played list: still a view, or refused."""
    values = {name: getattr(view, name) for name in VIEW_FIELDS}
    for name, card in edits:
        value = values[name]
        if type(value) is int and name not in ("seat", "dealer", "trump", "leader"):
            values[name] = value ^ (1 << card)
        elif name in ("played", "trick") and value:
            items = list(value)
            items[card % len(items)] = card
            values[name] = tuple(items)
        elif name in ("excluded", "won") and value:
            items = list(value)
            items[card % len(items)] ^= 1 << card
            values[name] = tuple(items)
    built = outcome(p4.PartnershipView, *values.values())
    if isinstance(built, ss.SixtySixError):
        assert type(built) is ss.PositionError
        return
    sample = p4.determinize(built, random.Random(3))
    assert p4.observe(sample, built.seat) == built


# ----------------------------------------------------------------- the deal

SEEDS = st.none() | INTS | TEXT | st.binary(max_size=8) | st.builds(random.Random, st.integers())
SCORES = st.tuples(INTS, INTS) | st.tuples(st.integers(0, 8), st.integers(0, 8)) | WRONG


@fuzz
@given(
    rules=st.sampled_from(ALL_RULES) | WRONG,
    seed=SEEDS | WRONG,
    dealer=INTS | st.integers(0, 3) | WRONG,
    scores=SCORES,
)
def test_new_hand_and_shuffled_deck(rules: Any, seed: Any, dealer: Any, scores: Any) -> None:
    state = outcome(p4.new_hand, rules, seed, dealer, scores=scores)
    if not isinstance(state, ss.SixtySixError):
        check_state(state)
        assert state.dealer == dealer and state.scores == scores
    deck = outcome(p4.shuffled_deck, rules, seed)
    if not isinstance(deck, ss.SixtySixError):
        assert sorted(c.index for c in deck) == [c.index for c in rules.deck.cards]
        if not isinstance(seed, random.Random | None):
            assert p4.shuffled_deck(rules, seed) == deck


@fuzz
@given(
    rules=st.sampled_from(ALL_RULES) | WRONG,
    order=st.lists(st.sampled_from(ss.Deck.D32.cards) | TEXT | WRONG, max_size=34)
    | st.permutations(ss.Deck.D24.cards)
    | st.permutations(ss.Deck.D32.cards)
    | WRONG,
    dealer=INTS | st.integers(0, 3) | WRONG,
    scores=SCORES,
)
def test_deal_from_order(rules: Any, order: Any, dealer: Any, scores: Any) -> None:
    state = outcome(p4.deal_from_order, rules, order, dealer, scores=scores)
    if not isinstance(state, ss.SixtySixError):
        check_state(state)
    outcome(p4.deal_plan, rules, dealer)


# ----------------------------------------------------------------- rules

FIELDS = [f.name for f in attrs.fields(p4.PartnershipRules)]


def check_rules(rules: p4.PartnershipRules) -> None:
    assert p4.PartnershipRules.from_dict(rules.to_dict()) == rules
    assert repr(rules) and hash(rules) == hash(attrs.evolve(rules))
    state = p4.new_hand(rules, seed=1)
    check_state(state)
    check_state(p4.load_position(p4.dump_position(state)))
    game = p4.PartnershipGame(rules)
    assert game.name and game.new_hand(2) == p4.new_hand(rules, 2)


@fuzz
@given(field=st.sampled_from(FIELDS), value=ANY | INTS)
def test_rules_fields(field: str, value: Any) -> None:
    for base in (p4.FOUR_HAND_66, p4.FOUR_HAND_24):
        rules = outcome(attrs.evolve, base, **{field: value})
        if isinstance(rules, ss.SixtySixError):
            assert type(rules) is ss.RulesError
        else:
            check_rules(rules)
    rules = outcome(p4.PartnershipRules, **{field: value})
    assert isinstance(rules, ss.RulesError | p4.PartnershipRules)


@fuzz
@given(
    data=st.dictionaries(st.sampled_from([*FIELDS, "preset", "x"]), ANY | INTS, max_size=4) | WRONG
)
def test_rules_from_dict(data: Any) -> None:
    rules = outcome(p4.PartnershipRules.from_dict, data)
    if isinstance(rules, ss.SixtySixError):
        assert type(rules) is ss.RulesError
    else:
        check_rules(rules)
    for base in (p4.FOUR_HAND_24, data, ss.CLASSIC_66):
        built = outcome(p4.PartnershipRules.from_dict, {}, base=base)
        assert isinstance(built, ss.RulesError) or built == base


@fuzz
@given(name=TEXT | WRONG)
def test_presets_and_the_game(name: Any) -> None:
    rules = outcome(p4.get_preset, name)
    assert isinstance(rules, ss.RulesError) or rules in p4.PRESETS.values()
    outcome(p4.preset_name, name)
    game = outcome(p4.PartnershipGame, name)
    assert isinstance(game, ss.SixtySixError | p4.PartnershipGame)
    outcome(p4.PartnershipGame(p4.FOUR_HAND_24).move_of, name)


# ----------------------------------------------------------------- matches and results

MATCH = p4.new_match(TEN, seed=3)
MATCH_FIELDS = [f.name for f in attrs.fields(p4.PartnershipMatch)]
RESULTS = [p4.score_hand(s) for s in STATES if s.over]
RESULT_FIELDS = [f.name for f in attrs.fields(p4.PartnershipResult)]


def check_match(m: p4.PartnershipMatch) -> None:
    """An accepted match plays on to its end (or deals nothing without a seed)."""
    assert repr(m) and sum(x >= m.rules.match_target for x in m.scores) <= 1
    rng = random.Random(0)
    for _ in range(3):
        if m.is_over or m.seed is None:
            assert isinstance(outcome(p4.next_hand, m), ss.MatchError)
            return
        assert isinstance(m.hand_seed, str)
        state = p4.next_hand(m)
        while not state.over:
            state = p4.apply_move(state, rng.choice(p4.legal_moves(state)))
        m = p4.apply_result(m, p4.score_hand(state))


@fuzz
@given(field=st.sampled_from(MATCH_FIELDS), value=ANY | INTS)
def test_match_built_by_hand(field: str, value: Any) -> None:
    m = outcome(attrs.evolve, MATCH, **{field: value})
    if isinstance(m, ss.SixtySixError):
        assert type(m) is ss.MatchError
    else:
        check_match(m)


@fuzz
@given(rules=st.sampled_from(ALL_RULES) | WRONG, seed=SEEDS | WRONG, dealer=INTS | WRONG)
def test_new_match(rules: Any, seed: Any, dealer: Any) -> None:
    m = outcome(p4.new_match, rules, seed, dealer=dealer)
    if isinstance(m, ss.SixtySixError):
        assert type(m) is ss.MatchError
    else:
        check_match(m)


@fuzz
@given(
    result=st.sampled_from(RESULTS),
    field=st.sampled_from(RESULT_FIELDS),
    value=ANY | INTS | st.integers(-2, 4) | st.sampled_from(list(p4.PartnershipEnd)),
    match=st.sampled_from([MATCH, attrs.evolve(MATCH, scores=(2, 2), carry=5)]),
)
def test_results_built_by_hand(
    result: p4.PartnershipResult, field: str, value: Any, match: p4.PartnershipMatch
) -> None:
    built = outcome(attrs.evolve, result, **{field: value})
    if isinstance(built, ss.SixtySixError):
        return
    assert repr(built)
    outcome(lambda: built.side_game_points)
    after = outcome(p4.apply_result, match, built)
    if isinstance(after, p4.PartnershipMatch):
        assert sum(x >= after.rules.match_target for x in after.scores) <= 1
    outcome(p4.apply_result, match, value)
    outcome(p4.apply_result, value, result)


# ----------------------------------------------------------------- records


def _first(view: p4.PartnershipView, rng: random.Random) -> ss.Move:
    return view.legal_moves()[0]


class First:
    choose = staticmethod(_first)


HAND = p4.play_hand(TEN, [First()] * 4, seed=2, scores=(1, 2))
MATCH_RECORD = p4.play_match(TEN, [First()] * 4, seed=4)
TEXTS = [HAND.to_json(), MATCH_RECORD.to_json(indent=1)]


def check_loaded(text: Any) -> None:
    """Loaded: only RecordError; a record read round-trips and replays or says why not."""
    record = outcome(p4.load_record, text)
    if isinstance(record, ss.SixtySixError):
        assert type(record) is ss.RecordError
        return
    assert isinstance(record, p4.HandRecord | p4.MatchRecord)
    assert p4.load_record(record.to_json()) == record
    assert repr(record) and hash(record) == hash(p4.load_record(record.to_json()))
    replayed = outcome(p4.replay, record)
    assert not isinstance(replayed, ss.SixtySixError) or type(replayed) is ss.RecordError
    if isinstance(record, p4.HandRecord):
        states = outcome(lambda: list(p4.replay_states(record)))
        assert not isinstance(states, ss.SixtySixError) or type(states) is ss.RecordError


@fuzz
@given(text=TEXT | st.text() | st.binary(max_size=200) | WRONG)
def test_load_record_anything(text: Any) -> None:
    check_loaded(text)


@fuzz
@given(which=st.sampled_from(TEXTS), edits=EDITS)
def test_damaged_records(which: str, edits: list[tuple[int, int, str]]) -> None:
    check_loaded(_damage(which, edits))


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value in a JSON document."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


DOCS = [json.loads(t) for t in TEXTS]
PATHS = [(k, p) for k, doc in enumerate(DOCS) for p in _paths(doc)]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(-3, 9)
    | st.sampled_from([99, -99, 100]).map(lambda d: 10 ** abs(d) * (1 if d > 0 else -1))
    | st.floats()
    | st.sampled_from([e.value for e in p4.PartnershipEnd])
    | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=6,
)


@fuzz
@given(where=st.sampled_from(PATHS), value=JSON_VALUES, delete=st.booleans())
def test_any_value_in_any_field(
    where: tuple[int, tuple[Any, ...]], value: Any, delete: bool
) -> None:
    doc = json.loads(TEXTS[where[0]])
    *parents, last = where[1]
    target = doc
    for key in parents:
        target = target[key]
    if delete and isinstance(target, dict):
        del target[last]
    else:
        target[last] = value
    check_loaded(json.dumps(doc))
    for cls in (p4.HandRecord, p4.MatchRecord):
        result = outcome(cls.from_dict, doc)
        assert not isinstance(result, ss.SixtySixError) or type(result) is ss.RecordError


@fuzz
@given(data=ANY)
def test_from_dict_of_anything(data: Any) -> None:
    for cls in (p4.HandRecord, p4.MatchRecord):
        result = outcome(cls.from_dict, data)
        assert isinstance(result, ss.RecordError | cls)
    outcome(p4.replay, data)


HAND_FIELDS = [f.name for f in attrs.fields(p4.HandRecord)]
MATCH_RECORD_FIELDS = [f.name for f in attrs.fields(p4.MatchRecord)]


@fuzz
@given(field=st.sampled_from(HAND_FIELDS), value=ANY | INTS | st.sampled_from(RESULTS))
def test_hand_record_built_by_hand(field: str, value: Any) -> None:
    record = outcome(attrs.evolve, HAND, **{field: value})
    if isinstance(record, ss.SixtySixError):
        assert type(record) is ss.RecordError
        return
    assert p4.HandRecord.from_json(record.to_json()) == record
    replayed = outcome(p4.replay, record)
    assert not isinstance(replayed, ss.SixtySixError) or type(replayed) is ss.RecordError


@fuzz
@given(field=st.sampled_from(MATCH_RECORD_FIELDS), value=ANY | INTS | st.just((HAND,)))
def test_match_record_built_by_hand(field: str, value: Any) -> None:
    record = outcome(attrs.evolve, MATCH_RECORD, **{field: value})
    if isinstance(record, ss.SixtySixError):
        assert type(record) is ss.RecordError
        return
    assert p4.MatchRecord.from_json(record.to_json()) == record
    replayed = outcome(p4.replay, record)
    assert not isinstance(replayed, ss.SixtySixError) or type(replayed) is ss.RecordError


@fuzz
@given(
    rules=st.sampled_from(ALL_RULES) | WRONG,
    moves=st.lists(TEXT | WRONG | st.sampled_from(list(ALL_MOVES)), max_size=3) | WRONG,
    seed=SEEDS | WRONG,
    dealer=INTS | WRONG,
    scores=SCORES,
)
def test_record_hand(rules: Any, moves: Any, seed: Any, dealer: Any, scores: Any) -> None:
    record = outcome(p4.record_hand, rules, moves, seed=seed, dealer=dealer, scores=scores)
    if isinstance(record, p4.HandRecord):
        assert p4.load_record(record.to_json()) == record
        p4.replay(record)


# ----------------------------------------------------------------- play helpers


class Returns:
    """A player that answers with a fixed value (a move, text, or nonsense)."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def choose(self, view: p4.PartnershipView, rng: random.Random) -> Any:
        return self.answer


class Lower:
    """A player that answers with the lowercase text of its first legal move."""

    def choose(self, view: p4.PartnershipView, rng: random.Random) -> Any:
        return str(view.legal_moves()[0]).lower()


PLAYER = st.sampled_from([First(), Lower(), p4.PartnershipRuleBot(), ss.RandomBot()]) | (
    (ANY | TEXT | st.sampled_from(list(ALL_MOVES))).map(Returns)
)
PLAYERS = st.lists(PLAYER, min_size=4, max_size=4) | st.lists(PLAYER, max_size=5) | WRONG


@fuzz
@given(
    seed=SEEDS | WRONG,
    dealer=INTS | st.integers(0, 3) | WRONG,
    scores=SCORES,
    players=PLAYERS,
    rng=st.none() | st.builds(random.Random, st.integers()) | WRONG,
    max_hands=st.integers(-1, 3) | WRONG,
)
def test_play_hand_and_match_arguments(
    seed: Any, dealer: Any, scores: Any, players: Any, rng: Any, max_hands: Any
) -> None:
    record = outcome(p4.play_hand, TEN, players, seed=seed, dealer=dealer, scores=scores, rng=rng)
    if isinstance(record, p4.HandRecord):
        assert p4.load_record(record.to_json()) == record
        assert p4.replay(record).over
    match = outcome(
        p4.play_match, TEN, players, seed=seed, dealer=dealer, rng=rng, max_hands=max_hands
    )
    if isinstance(match, p4.MatchRecord):
        assert p4.load_record(match.to_json()) == match
        assert p4.replay(match)[1].is_over


# ----------------------------------------------------------------- what the targets found


def _any(value: object) -> Any:
    return value


def _raises(kind: type[ss.SixtySixError], func: Callable[..., object], *args: Any) -> None:
    assert type(outcome(func, *args)) is kind, func


def test_the_issue_repros() -> None:
    """Seeds the two-hand engine accepts deal four hands too (they crashed)."""
    for seed in (10**5000, -(10**4301), "a\udcff"):
        state = p4.new_hand(p4.FOUR_HAND_66, seed, 0)
        assert state == p4.deal_from_order(
            p4.FOUR_HAND_66, p4.shuffled_deck(p4.FOUR_HAND_66, seed)
        )
        check_state(state)


def test_the_drift_repros() -> None:
    """Where the four-hand copies of the plumbing crashed or let bad input through."""
    rules, state, view = p4.FOUR_HAND_24, STATES[0], VIEWS[0]
    # Queries on objects that are not states: PositionError, not AttributeError.
    for query in QUERIES[:7]:
        _raises(ss.PositionError, query, None)
    _raises(ss.PositionError, p4.observe, view, 0)
    _raises(ss.PositionError, p4.determinize, state, random.Random(0))
    _raises(ss.DealError, p4.determinize, view, 5)
    _raises(ss.DealError, p4.deal_plan, view, 0)
    _raises(ss.DealError, p4.deal_plan, rules, 4)
    _raises(ss.RulesError, p4.PartnershipGame, "FOUR_HAND_24")
    # An endless pack is cut off like the two-hand one.
    endless = itertools.cycle(rules.deck.cards)
    _raises(ss.DealError, p4.deal_from_order, rules, endless)
    # Rule numbers in a position are ASCII digits; scores too.
    fields = DUMPS[0].split()
    for k, value in ((2, "0-٣"), (2, "٣-0"), (0, "deck=D24,deal_packets=٣.3")):
        text = " ".join([*fields[:k], value, *fields[k + 1 :]])
        _raises(ss.ParseError, p4.load_position, text)
    _raises(ss.RulesError, p4.PartnershipRules, Deck.D32, (10**5000,))
    # Match seeds and counts are bounded as in the two-hand game (hand_seed crashed).
    _raises(ss.MatchError, p4.new_match, rules, 10**5000)
    for field in ("hand_number", "carry"):
        changes: dict[str, Any] = {field: 10**5000}
        _raises(ss.MatchError, lambda c=changes: attrs.evolve(MATCH, **c))
    # Results are checked on construction (a bad one broke apply_result and hashing).
    bad = (None, 0, 0, (200, 0), (1, 1), None, p4.PartnershipEnd.TIE)
    _raises(ss.ResultError, p4.PartnershipResult, *bad)
    _raises(ss.ResultError, p4.PartnershipResult, [0], 1, 0, (70, 60), (4, 4), None, bad[-1])
    doc = json.loads(HAND.to_json())
    doc["result"]["winner"] = [0]
    _raises(ss.RecordError, p4.load_record, json.dumps(doc))
    # Records hold canonical move texts, a printable seed and a text version.
    _raises(ss.RecordError, lambda: attrs.evolve(HAND, moves=("",)))
    _raises(ss.RecordError, lambda: attrs.evolve(HAND, version=_any(5)))
    _raises(ss.RecordError, lambda: attrs.evolve(HAND, seed=10**200))
    _raises(ss.RecordError, lambda: attrs.evolve(MATCH_RECORD, seed=_any(1.5)))
    _raises(ss.RecordError, lambda: attrs.evolve(MATCH_RECORD, version=""))  # not the games'

    _raises(ss.RecordError, p4.record_hand, rules, view)
    _raises(ss.DealError, lambda: p4.record_hand(rules, [], pack=_any(5)))
    _raises(ss.RecordError, lambda: attrs.evolve(HAND, moves=_any((5,))))
    pack = " ".join(str(c) for c in p4.shuffled_deck(rules, 2))
    assert p4.record_hand(rules, "tc", pack=pack) == attrs.evolve(
        p4.record_hand(rules, "tc", seed=2), seed=None
    )
    record = p4.record_hand(rules, "tc jc", seed=2)
    assert record.moves == ("TC", "JC") and p4.load_record(record.to_json()) == record
    assert p4.record_hand(rules, [], seed=10**200).seed is None
    # The play helpers check their players and seed first.
    _raises(ss.PlayerError, lambda: p4.play_hand(rules, _any(view), seed=1))
    _raises(ss.PlayerError, lambda: p4.play_hand(rules, [First()] * 4, seed=_any(b"x")))
    _raises(ss.PlayerError, lambda: p4.play_match(rules, [First()] * 4, seed=10**200))
    _raises(ss.PlayerError, lambda: p4.play_hand(rules, [First()] * 4, seed=1, rng=_any(1)))
    _raises(ss.PlayerError, lambda: p4.play_match(rules, [First()] * 4, seed=1, max_hands=0))
    nonsense = [Returns("zz")] * 4
    _raises(ss.IllegalMoveError, lambda: p4.play_hand(rules, nonsense, seed=1))
    lower = p4.play_hand(rules, [Lower()] * 4, seed=1)  # lowercase answers, canonical record
    assert lower == attrs.evolve(p4.play_hand(rules, [First()] * 4, seed=1), version=lower.version)
