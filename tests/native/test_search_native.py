"""The native solver (``sixtysix_native._solver``) against the pure-Python solver.

The rule tables it is handed are checked against the rule functions they come from
(these tests need no extension); the differential tests compare every part of a
:class:`~sixtysix.search.Solution` (value, best move, every move's value, the line) with
the pure-Python solver's on random positions of every preset, both claim modes, every
failed-close and false-claim rule, ``D32`` decks, open-talon and strict-phase positions;
they skip when the extension is not built. Bad input to the extension raises
:class:`~sixtysix.errors.SixtySixError` subclasses.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from tests.helpers import (
    SEARCH_CLAIM_MODES,
    SEARCH_IDS,
    SEARCH_PRESETS,
    SEARCH_RULES,
)

import sixtysix as ss
from sixtysix.cards import trick_winner
from sixtysix.errors import HiddenCardsError, PositionError, SearchLimitError
from sixtysix.legality import follow_mask
from sixtysix.moves import CLAIM, CLOSE, DRAW, EXCHANGE, MARRY, PLAY
from sixtysix.search import _native, solve, solve_many
from sixtysix.search._core import args_of
from sixtysix.search.solver import Solution

NATIVE = _native.available()
needs_native = pytest.mark.skipif(
    not NATIVE,
    reason="the native solver is not built (build native/, see docs/native_solver.md) "
    "or SIXTYSIX_PUREPYTHON=1",
)


# --------------------------------------------------------------------------- the tables


def _words(table: bytes) -> list[int]:
    return [int.from_bytes(table[i : i + 4], "little") for i in range(0, len(table), 4)]


@pytest.mark.parametrize(
    "rules", [*SEARCH_PRESETS.values(), attrs.evolve(ss.CLASSIC_66, deck=ss.Deck.D32)]
)
def test_follow_chain_is_follow_mask(rules: ss.Rules) -> None:
    """The chain of masks C reads gives the cards follow_mask allows, for any hand."""
    rng = random.Random(5)
    deck = rules.deck.mask
    cards = [c for c in range(32) if deck >> c & 1]
    for trump in range(4):
        for led in cards:
            chain = _native.follow_chain(rules, led, trump)
            for _ in range(40):
                hand = sum(1 << c for c in rng.sample(cards, rng.randint(1, 6)) if c != led)
                if not hand:
                    continue
                plays = next((hand & mask for mask in chain if hand & mask), hand)
                assert plays == follow_mask(rules, hand, led, trump, True)


def test_beat_masks_are_trick_winner() -> None:
    deck = ss.Deck.D32.mask
    for trump in range(4):
        for led in range(32):
            beat = _native.beat_mask(led, trump, deck)
            for card in range(32):
                if card != led:
                    assert (beat >> card & 1) == trick_winner(led, card, trump, 0)


def test_spec_table_layout() -> None:
    table = _native.spec_table(ss.SCHNAPSEN, 2)
    words = _words(table)
    assert words[0] == _native.SPEC_MAGIC and words[1] == 2
    assert words[2] == ss.SCHNAPSEN.deck.mask
    if NATIVE:
        assert len(words) == _native._SOLVER.SPEC_SIZE  # type: ignore[union-attr]
    # The grades close the table: a loser without a trick gives 3 with no points.
    assert words[-(2 * 131 * 101)] == 3


def test_grades_fall_in_every_preset() -> None:
    """The bounds of the C search hold: every preset's grades fall with points."""
    for rules in SEARCH_PRESETS.values():
        assert _native._monotone(rules)


def test_moves_of_results() -> None:
    kinds = bytes([0, 1, 2, 3, 4, 5])
    args = bytes([255, 255, 255, 255, 2, 9])
    assert _native.moves_of(kinds, args) == (DRAW, EXCHANGE, CLOSE, CLAIM, MARRY[2], PLAY[9])
    assert _native.move_at(kinds, args, 4) == MARRY[2]
    assert _native.move_at(kinds, args, 5) == PLAY[9]
    assert _native.move_at(kinds, args, 0) == DRAW


def test_pure_python_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """``SIXTYSIX_PUREPYTHON=1`` switches the native solver off at every call."""
    state = ss.new_hand(ss.SCHNAPSEN, seed=3)
    for _ in range(8):
        state = ss.apply_move(state, ss.legal_moves(state)[-1])
    monkeypatch.setenv("SIXTYSIX_PUREPYTHON", "1")
    assert _native.solver() is None
    assert not _native.available()
    pure = solve(state)
    with monkeypatch.context() as m:
        m.setattr(_native, "_SOLVER", None)
        assert solve(state) == pure  # the same search, node for node
    monkeypatch.delenv("SIXTYSIX_PUREPYTHON")
    assert _native.solver() is _native._SOLVER
    assert solve(state).value == pure.value


# --------------------------------------------------------------------------- positions


def _positions(
    rules: ss.Rules, count: int, seed: int, open_cards: int = 14
) -> Iterator[ss.HandState]:
    """Random positions from seeded random play: open talon, closed, strict, any step.

    An open-talon position has at most ``open_cards`` cards in the hands and the talon
    (the pure-Python solver takes long on the first tricks).
    """
    rng = random.Random(seed)
    made = tries = 0
    while made < count:
        assert tries < 100 * count, "too few positions"
        tries += 1
        state = ss.new_hand(rules, seed=rng.getrandbits(48), dealer=rng.randrange(2))
        mode = ("open", "closed", "strict", "any")[tries % 4]
        close_at = rng.randrange(rules.talon_size // 2 + 1)
        for _ in range(60):
            if state.is_over:
                break
            moves = ss.legal_moves(state)
            cards = (state.hands[0] | state.hands[1]).bit_count() + len(state.talon)
            open_talon = bool(state.talon) and state.closed_by < 0
            if mode == "open" and open_talon and cards <= open_cards:
                break
            if mode == "strict" and not open_talon:
                break
            if mode == "closed" and state.closed_by >= 0:
                break
            if mode == "closed" and state.tricks_played >= close_at and ss.Close() in moves:
                state = ss.apply_move(state, ss.Close())
                continue
            if mode == "any" and rng.random() < 0.08:
                break
            choices: list[ss.Move] = [
                m for m in moves if not isinstance(m, ss.Claim | ss.Close)
            ] or list(moves)
            if rng.random() < 0.05:
                choices = list(moves)
            state = ss.apply_move(state, rng.choice(choices))
        # A few further steps, so that every kind of step is a root.
        for _ in range(rng.randrange(3)):
            if state.is_over:
                break
            state = ss.apply_move(state, rng.choice(ss.legal_moves(state)))
        if state.is_over:
            continue
        cards = (state.hands[0] | state.hands[1]).bit_count() + len(state.talon)
        if state.talon and state.closed_by < 0 and cards > open_cards:
            continue
        made += 1
        yield state


def _small(rules: ss.Rules) -> ss.Rules:
    """The rule set with three cards a hand, so that whole open phases are small."""
    return attrs.evolve(rules, deal_packets=(2, 1), trump_after_round=1)


def _pure(
    state: ss.HandState, monkeypatch: pytest.MonkeyPatch
) -> tuple[Solution, dict[ss.Move, int], tuple[ss.Move, ...]]:
    with monkeypatch.context() as m:
        m.setattr(_native, "_SOLVER", None)
        sol = solve(state)
        return sol, dict(sol.move_values), sol.line


def _same(state: ss.HandState, monkeypatch: pytest.MonkeyPatch) -> None:
    native = solve(state)
    pure, values, line = _pure(state, monkeypatch)
    assert (native.value, native.best) == (pure.value, pure.best), state
    assert dict(native.move_values) == values, state
    assert list(native.move_values) == list(ss.legal_moves(state))
    assert native.line == line, state


FAILED_CLOSE_RULES = [
    attrs.evolve(ss.CLASSIC_66, failed_close=rule, closer_beaten=beaten, false_claim=false)
    for rule in ss.FailedClose
    for beaten in ss.CloserBeaten
    for false in ss.FalseClaim
]
D32_RULES = [
    attrs.evolve(ss.CLASSIC_66, deck=ss.Deck.D32),
    attrs.evolve(ss.SCHNAPSEN, deck=ss.Deck.D32, deal_packets=(3, 3), trump_after_round=2),
]


@needs_native
@pytest.mark.parametrize(("index", "rules"), list(enumerate(SEARCH_RULES)), ids=SEARCH_IDS)
def test_native_matches_python_in_every_preset(
    index: int, rules: ss.Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    for state in _positions(rules, 12, seed=300 + index):
        _same(state, monkeypatch)
    for state in _positions(_small(rules), 8, seed=350 + index):
        _same(state, monkeypatch)


@needs_native
@pytest.mark.parametrize("index", range(len(FAILED_CLOSE_RULES)))
def test_native_matches_python_for_failed_close_rules(
    index: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = FAILED_CLOSE_RULES[index]
    for mode in SEARCH_CLAIM_MODES:
        for state in _positions(
            _small(attrs.evolve(rules, claim_mode=mode)), 6, seed=400 + index, open_cards=12
        ):
            _same(state, monkeypatch)


@needs_native
@pytest.mark.parametrize("rules", D32_RULES, ids=["CLASSIC_D32", "SCHNAPSEN_D32"])
def test_native_matches_python_with_d32(rules: ss.Rules, monkeypatch: pytest.MonkeyPatch) -> None:
    for state in _positions(rules, 10, seed=500):
        _same(state, monkeypatch)


@needs_native
@pytest.mark.slow
@pytest.mark.parametrize(
    ("index", "rules"), list(enumerate(SEARCH_RULES + D32_RULES + FAILED_CLOSE_RULES))
)
def test_native_matches_python_many(
    index: int, rules: ss.Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    for state in _positions(rules, 60, seed=600 + index, open_cards=18):
        _same(state, monkeypatch)
    for state in _positions(_small(rules), 60, seed=700 + index, open_cards=12):
        _same(state, monkeypatch)


@needs_native
def test_whole_deal_first_lead() -> None:
    """A whole CLASSIC_66 deal from the first lead: the line plays to the value."""
    state = ss.new_hand(ss.CLASSIC_66, seed=3)
    sol = solve(state)
    final = state
    for move in sol.line:
        final = ss.apply_move(final, move)
    result = ss.score_hand(final)
    gained = 0 if result.winner is None else result.game_points
    assert (gained if result.winner == state.to_move else -gained) == sol.value


# --------------------------------------------------------------------------- batches


def test_solve_many_matches_solve() -> None:
    states = list(_positions(ss.SCHNAPSEN, 30, seed=7))
    over = ss.apply_move(ss.new_hand(ss.SCHNAPSEN, seed=1), ss.Close())
    while not over.is_over:
        over = ss.apply_move(over, ss.legal_moves(over)[0])
    states.append(over)
    many = solve_many(states)
    single = [solve(s) for s in states]
    assert [(s.value, s.best) for s in many] == [(s.value, s.best) for s in single]
    assert many[-1].value == 0 and many[-1].best is None
    assert solve_many([]) == []


def test_solve_many_refuses_views() -> None:
    state = ss.new_hand(ss.SCHNAPSEN, seed=1)
    with pytest.raises(HiddenCardsError):
        solve_many([ss.observe(state, 0)])  # type: ignore[list-item]


@needs_native
def test_solve_many_in_threads() -> None:
    states = list(_positions(ss.CLASSIC_66, 40, seed=8))
    expected = [(s.value, s.best) for s in solve_many(states)]
    results: list[list[tuple[int, ss.Move | None]]] = []

    def work() -> None:
        results.append([(s.value, s.best) for s in solve_many(states)])

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expected] * 3


# --------------------------------------------------------------------------- limits, bad input


@pytest.mark.parametrize("native", [False, True])
def test_node_limit(native: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if native and not NATIVE:
        pytest.skip("the native solver is not built")
    if not native:
        monkeypatch.setattr(_native, "_SOLVER", None)
    state = ss.new_hand(ss.CLASSIC_66, seed=4)
    with pytest.raises(SearchLimitError, match="max_nodes=10"):
        solve(state, max_nodes=10)
    with pytest.raises(SearchLimitError):
        solve_many([state], max_nodes=10)
    assert solve(state, max_nodes=10**9).value == solve(state).value


@needs_native
def test_bad_spec_tables() -> None:
    solver = _native._SOLVER
    assert solver is not None
    good = _native.spec_table(ss.CLASSIC_66, 0)
    for table in (b"", good[:-4], b"\0" * len(good)):
        with pytest.raises(solver.InputError):
            solver.compile(table)
    with pytest.raises(solver.InputError):
        solver.compile("not bytes")
    words = bytearray(good)
    words[4:8] = (9).to_bytes(4, "little")  # trump 9
    with pytest.raises(solver.InputError, match="trump"):
        solver.compile(bytes(words))


@needs_native
@pytest.mark.parametrize(
    ("index", "value", "match"),
    [
        (0, 5, "step"),
        (1, 2, "leader"),
        (3, 1 << 40, "hand of seat 0"),
        (3, "x", "not an int"),
        (8, 500, "card points"),
        (16, 7, "turn marriage"),
        (5, (1, 1), "talon card is also"),
        (5, (40,), "talon card"),
        (7, (0, 0, 0, 0), "snapshot without a close"),
        (2, 3, "outside the follow step"),
    ],
)
def test_bad_positions(index: int, value: object, match: str) -> None:
    solver = _native._SOLVER
    assert solver is not None
    state = ss.new_hand(ss.CLASSIC_66, seed=2)
    args: list[Any] = list(args_of(state))
    if index == 5 and value == (1, 1):
        card = (args[3] & -args[3]).bit_length() - 1
        value = (card, card)
    args[index] = value
    spec = _native.native_spec(state.rules, state.trump)
    with pytest.raises(PositionError, match=match):
        _native.run(solver.solve, spec, tuple(args), None, 1000, False)
    with pytest.raises(PositionError, match="position 1"):
        _native.run(
            solver.solve_many, [(spec, args_of(state)), (spec, tuple(args))], None, 1000, False
        )


@needs_native
def test_bad_position_shapes() -> None:
    solver = _native._SOLVER
    assert solver is not None
    state = ss.new_hand(ss.CLASSIC_66, seed=2)
    spec = _native.native_spec(state.rules, state.trump)
    args = args_of(state)
    hand0 = args[3]
    low = hand0 & -hand0
    cases = [
        (args[:5], "18 items"),
        ((*args[:3], hand0 ^ low, *args[4:]), "as many cards"),
        ((*args[:3], args[4], args[4], *args[5:]), "same card"),
        ((*args[:6], 0, None, *args[8:]), "snapshot"),
        ((*args[:16], 0, 0), "marriage was declared"),
    ]
    for bad, match in cases:
        with pytest.raises(PositionError, match=match):
            _native.run(solver.solve, spec, bad, None, 1000, False)
    with pytest.raises(PositionError, match="compiled rule set"):
        _native.run(solver.solve, object(), args, None, 1000, False)
    with pytest.raises(PositionError, match="pair"):
        _native.run(solver.solve_many, [args], None, 1000, False)
    with pytest.raises(PositionError, match="max_nodes"):
        _native.run(solver.solve, spec, args, "many", 1000, False)


@needs_native
def test_tiny_tables_give_the_same_values() -> None:
    """A table of one entry, or a few, replaces entries but keeps every value exact."""
    for state in _positions(ss.SCHNAPSEN, 12, seed=9):
        sol = solve(state)
        for size in (1, 64, 2.5):
            small = solve(state, table_size=size)  # type: ignore[arg-type]
            assert (small.value, small.best) == (sol.value, sol.best)
            assert dict(small.move_values) == dict(sol.move_values)


# --------------------------------------------------------------------------- PimcBot's worlds

#: House rules the RuleBot port must follow too (marriages in the strict phase, the
#: strict-play variants, D32).
BOT_RULES = [
    *SEARCH_RULES,
    attrs.evolve(ss.CLASSIC_66, marriage_in_strict_phase=False),
    attrs.evolve(ss.SCHNAPSEN, strict_play=ss.StrictPlay.FOLLOW_OR_TRUMP),
    attrs.evolve(ss.SANTASE, strict_play=ss.StrictPlay.FOLLOW_HEAD_OR_TRUMP),
    *D32_RULES,
]


def _decisions(rules: ss.Rules, hands: int, seed: int) -> Iterator[ss.HandState]:
    """The positions of hands played mostly by RuleBot, sometimes at random."""
    rng = random.Random(seed)
    bot = ss.RuleBot()
    for _ in range(hands):
        state = ss.new_hand(rules, seed=rng.getrandbits(40), dealer=rng.randrange(2))
        while not state.is_over:
            yield state
            mover = state.to_move
            assert mover is not None
            if rng.random() < 0.7:
                move = bot.choose(ss.observe(state, mover), rng)
            else:
                move = rng.choice(ss.legal_moves(state))
            state = ss.apply_move(state, move)


@needs_native
@pytest.mark.parametrize("index", range(len(BOT_RULES)))
def test_native_rulebot_is_rulebot(index: int) -> None:
    """The C port of RuleBot chooses RuleBot's move in every position, every rule set."""
    rules = BOT_RULES[index]
    bot = ss.RuleBot()
    count = 0
    for state in _decisions(rules, 25, index):
        mover = state.to_move
        assert mover is not None
        expected = bot.choose(ss.observe(state, mover), random.Random(0))
        assert _native.rulebot_move(state) == expected, state
        count += 1
    assert count > 300


def _worlds(rules: ss.Rules, count: int, seed: int) -> Iterator[ss.HandState]:
    """Sampled worlds of views of random positions (both phases, every step)."""
    rng = random.Random(seed)
    states = list(_decisions(rules, max(count // 8, 2), seed))
    for state in rng.sample(states, min(count, len(states))):
        mover = state.to_move
        assert mover is not None
        yield ss.determinize(ss.observe(state, mover), rng)


@needs_native
@pytest.mark.parametrize("index", range(len(BOT_RULES)))
def test_native_world_values_are_python_world_values(
    index: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each move's value in one world: the same on both backends (rollouts and solves)."""
    from sixtysix.search.evaluate import world_values as python_world_values

    rules = BOT_RULES[index]
    for k, world in enumerate(_worlds(rules, 40, index)):
        exact_talon = (0, 2, 4)[k % 3]
        native, spent = _native.world_values(world, random.Random(k), exact_talon, 100_000)
        with monkeypatch.context() as m:
            m.setenv("SIXTYSIX_PUREPYTHON", "1")
            pure, _ = python_world_values(world, random.Random(k), exact_talon, 100_000)
        assert native == pure, world
        assert len(native) == len(ss.legal_moves(world))
        open_talon = world.closed_by < 0 and bool(world.talon)
        assert (spent > 0) == (open_talon and len(world.talon) <= exact_talon)


@needs_native
def test_native_world_values_budget() -> None:
    """Over its node budget an exact open-phase search falls back to playouts."""
    world = next(w for w in _worlds(ss.SCHNAPSEN, 200, 3) if len(w.talon) == 4 and w.closed_by < 0)
    exact, spent = _native.world_values(world, random.Random(0), 4, 10**9)
    played, over = _native.world_values(world, random.Random(0), 4, 1)
    rollouts, none = _native.world_values(world, random.Random(0), 0, 1)
    assert spent > 1 and over == 2 and none == 0
    assert played == rollouts and len(exact) == len(played)


def test_world_values_without_native(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the extension the bots' entry is the pure-Python evaluation itself."""
    from sixtysix.search.evaluate import fast_world_values
    from sixtysix.search.evaluate import world_values as python_world_values

    monkeypatch.setenv("SIXTYSIX_PUREPYTHON", "1")
    for world in _worlds(ss.SCHNAPSEN, 4, 1):
        assert fast_world_values(world, random.Random(2), 2, 5_000) == python_world_values(
            world, random.Random(2), 2, 5_000
        )
    with pytest.raises(RuntimeError, match="not loaded"):
        _native.world_values(world, random.Random(2), 2, 5_000)
    assert _native.world_budget(384, 0.5) == 384
    assert _native.world_budget(384, None) == 384


@needs_native
def test_world_values_of_a_finished_hand_and_the_budget() -> None:
    state = ss.new_hand(ss.SCHNAPSEN, seed=1)
    while not state.is_over:
        state = ss.apply_move(state, ss.legal_moves(state)[0])
    assert _native.world_values(state, random.Random(0), 2, 5_000) == ([], 0)
    assert _native.world_budget(384, None) == 384
    assert _native.world_budget(384, 0.5) == 384 * _native.NATIVE_WORLD_FACTOR


@needs_native
@pytest.mark.parametrize("rules", [ss.SCHNAPSEN, ss.CLASSIC_66, ss.SANTASE], ids=str)
def test_pimc_bot_plays_the_same_on_both_backends(
    rules: ss.Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fixed number of worlds gives the same estimates and moves, native or not.

    (Exact open-phase solves within a node budget are left out in the open phase: the
    two solvers count their nodes differently.)
    """
    rng = random.Random(4)
    states = list(_decisions(rules, 6, 7))
    views = [ss.observe(s, s.to_move) for s in rng.sample(states, 24) if s.to_move is not None]
    open_bot = ss.PimcBot(worlds=8, min_worlds=8, exact_talon=0)
    default = ss.PimcBot(worlds=8)
    for k, view in enumerate(views):
        bot = default if view.is_strict else open_bot
        native = bot.analyse(view, random.Random(k))
        with monkeypatch.context() as m:
            m.setenv("SIXTYSIX_PUREPYTHON", "1")
            pure = bot.analyse(view, random.Random(k))
        assert native == pure, view
