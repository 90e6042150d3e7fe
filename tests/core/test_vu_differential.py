"""Differential test: the VU_SCHNAPSEN preset against the ``schnapsen`` PyPI engine (0.0.5).

``tests/data/vu_games.json`` holds 400 hands (seeds 0-399; dealer = seed % 2, so both
seat layouts) played by random bots in the package's own engine. It was generated, in a
virtualenv with ``pip install schnapsen==0.0.5`` (Python 3.11), from the repository root
with::

    /tmp/vu-venv/bin/python benchmarks/vu_export.py --hands 400 --seed 0 --dealer alt \\
        --with-legal --lines --verify > tests/data/vu_games.json

The output is deterministic (independent of PYTHONHASHSEED); ``--verify`` replays every
entry in the package itself before writing it. The file is committed: this test reads
only the file, so CI never needs the package and never touches the network. See the
docstring of ``benchmarks/vu_export.py`` for the card, seat and move mappings.

For every hand we deal ``order`` with ``deal_from_order(VU_SCHNAPSEN, order, dealer)``
and, at every decision, compare our ``legal_moves`` as a set with the package's legal
moves, then apply the package's move. At the end we compare ``score_hand``'s winner and
game points, and each seat's final points and still-pending marriage points, with the
package's.

Marriages: the package's ``Marriage`` is one move that declares and leads the king
(``marriage_lead = KING_ONLY``, ``marriage_out_without_lead = no``). The export writes it
as two of our moves, ``marry S`` then ``KS``. Its legal list for the decision holds
``marry S`` (with ``KS``/``QS`` as plain leads if legal), and for the ``KS`` step it holds
exactly ``["KS"]``: after ``marry S`` our engine must offer the king alone.
:func:`test_golden_file_is_complete` checks that this form holds in the data.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypedDict, cast

import attrs
import pytest

from sixtysix.engine import apply_move, deal_from_order, is_over, legal_moves
from sixtysix.errors import IllegalMoveError
from sixtysix.rules import (
    VU_SCHNAPSEN,
    ClaimMode,
    LastTrick,
    MarriageBeforeFirstTrick,
    MarriageLead,
    MarriagePendingRedeem,
    Rules,
    StrictPlay,
)
from sixtysix.scoring import score_hand

DATA = Path(__file__).parents[1] / "data" / "vu_games.json"
EXPECTED_GAMES = 400
EXPECTED_MOVES = 6328  # sum of len(moves): changes only when the file is regenerated


class VuGame(TypedDict):
    """One exported hand (see ``benchmarks/vu_export.py``)."""

    seed: int
    order: list[str]
    dealer: int
    moves: list[str]
    legal: list[list[str]]
    winner: int
    game_points: int
    points: list[int]
    pending: list[int]


GAMES = cast(list[VuGame], json.loads(DATA.read_text(encoding="utf-8")))


def first_mismatch(rules: Rules, game: VuGame) -> str | None:
    """Replay ``game`` under ``rules``; describe the first disagreement with the package.

    Returns ``None`` when every legal-move set, every move and the result agree.
    """
    seed = game["seed"]
    state = deal_from_order(rules, game["order"], game["dealer"])
    for i, (move, theirs) in enumerate(zip(game["moves"], game["legal"], strict=True)):
        at = f"seed {seed}, move {i} ({move!r})"
        if is_over(state):
            return f"{at}: our hand is already over: {score_hand(state)}"
        ours = [str(m) for m in legal_moves(state)]
        if len(set(ours)) != len(ours):
            return f"{at}: our legal_moves repeats a move: {ours}"
        if set(ours) != set(theirs):
            return (
                f"{at}: legal moves differ; package {sorted(theirs)}, ours {sorted(ours)}; "
                f"only ours: {sorted(set(ours) - set(theirs))}, "
                f"only package: {sorted(set(theirs) - set(ours))}"
            )
        try:
            state = apply_move(state, move)
        except IllegalMoveError as exc:  # listed as legal, yet refused
            return f"{at}: listed as legal but apply_move refused it: {exc}"
    if not is_over(state):
        left = [str(m) for m in legal_moves(state)]
        return (
            f"seed {seed}: the package's hand ended after {len(game['moves'])} moves, "
            f"ours goes on: seat {state.to_move} to move, legal {left}"
        )
    result = score_hand(state)
    want: tuple[Any, ...] = (game["winner"], game["game_points"])
    if (result.winner, result.game_points) != want:
        return f"seed {seed}: (winner, game points) package {want}, ours {result}"
    if result.points != tuple(game["points"]):
        return f"seed {seed}: final points package {game['points']}, ours {result.points}"
    if state.pending != tuple(game["pending"]):
        return f"seed {seed}: pending marriages package {game['pending']}, ours {state.pending}"
    return None


@pytest.mark.parametrize(
    "game", GAMES, ids=[f"seed{g['seed']}-dealer{g['dealer']}" for g in GAMES]
)
def test_replay_matches_package(game: VuGame) -> None:
    """Same legal-move set at every decision, same end, same result as the package."""
    mismatch = first_mismatch(VU_SCHNAPSEN, game)
    assert mismatch is None, mismatch


def test_golden_file_is_complete() -> None:
    """The whole documented file is there, in the documented form, and all of it is replayed."""
    assert len(GAMES) == EXPECTED_GAMES
    assert [g["seed"] for g in GAMES] == list(range(EXPECTED_GAMES))
    assert all(g["dealer"] == g["seed"] % 2 for g in GAMES)
    assert sum(len(g["moves"]) for g in GAMES) == EXPECTED_MOVES
    keys = set(VuGame.__annotations__)
    for g in GAMES:
        seed, moves, legal = g["seed"], g["moves"], g["legal"]
        assert set(g) == keys, f"seed {seed}: keys {sorted(g)}"
        assert len(legal) == len(moves), f"seed {seed}"
        for i, move in enumerate(moves):
            assert move in legal[i], f"seed {seed}, move {i}: {move!r} not in {legal[i]}"
            assert len(set(legal[i])) == len(legal[i]), f"seed {seed}, move {i}"
            if move.startswith("marry "):  # the package's Marriage: declare + lead the king
                king = "K" + move[-1]
                assert moves[i + 1 : i + 2] == [king], f"seed {seed}, move {i}"
                assert legal[i + 1] == [king], f"seed {seed}, move {i + 1}"


# Each rule change must make at least one golden game disagree, or the data would not
# exercise that VU_SCHNAPSEN parameter. (schwarz NO_TRICKS is left out: with 20 cards it
# equals ZERO_POINTS.)
MUTATIONS: dict[str, dict[str, Any]] = {
    "pending_redeem_any_trick": {"marriage_pending_redeem": MarriagePendingRedeem.ANY_TRICK},
    "strict_follow_or_trump": {"strict_play": StrictPlay.FOLLOW_OR_TRUMP},
    "strict_follow_only": {"strict_play": StrictPlay.FOLLOW_ONLY},
    "marriage_lead_either": {"marriage_lead": MarriageLead.EITHER},
    "first_trick_marriage_forbidden": {
        "marriage_before_first_trick": MarriageBeforeFirstTrick.FORBIDDEN
    },
    "no_marriage_in_strict_phase": {"marriage_in_strict_phase": False},
    "exchange_requires_won_trick": {"exchange_requires_won_trick": True},
    "no_exchange_on_first_lead": {"exchange_on_first_lead": False},
    "exchange_min_talon_4": {"exchange_min_talon": 4},
    "closing_allowed": {"closing_allowed": True},
    "claim_explicit": {"claim_mode": ClaimMode.EXPLICIT},
    "last_trick_ten_points": {"last_trick": LastTrick.TEN_POINTS},
    "schneider_ignores_marriages": {"schneider_counts_marriages": False},
}


@pytest.mark.parametrize("changes", MUTATIONS.values(), ids=list(MUTATIONS))
def test_golden_data_detects_rule_change(changes: dict[str, Any]) -> None:
    """The golden games tell VU_SCHNAPSEN apart from each one-parameter variant."""
    rules = attrs.evolve(VU_SCHNAPSEN, **changes)
    assert any(first_mismatch(rules, g) is not None for g in GAMES)
