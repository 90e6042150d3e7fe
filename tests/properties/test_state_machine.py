"""A Hypothesis state machine over random legal play, hand after hand.

Each step either plays a legal move (checked with :func:`sixtysix.testing.check_transition`)
or tries any move at all (an illegal one must be rejected, leaving the state as it was);
after every step the invariants of :func:`sixtysix.testing.check_invariants` must hold.
A finished hand is scored, replayed from its deal to the same state, and a new hand is
dealt under another rule set: the presets in both claim modes.
"""

from __future__ import annotations

import pickle

import attrs
import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from tests.profiles import examples

import sixtysix.testing as kit
from sixtysix import (
    ClaimMode,
    HandState,
    IllegalMoveError,
    Move,
    Rules,
    apply_move,
    explain_illegal,
    is_legal,
    legal_moves,
    score_hand,
)

BOTH_MODES: st.SearchStrategy[Rules] = st.tuples(
    kit.presets(), st.sampled_from(list(ClaimMode))
).map(lambda pair: attrs.evolve(pair[0], claim_mode=pair[1]))


class RandomPlay(RuleBasedStateMachine):
    """Random legal play with illegal attempts in between."""

    def __init__(self) -> None:
        super().__init__()
        self.deal: HandState | None = None
        self.state: HandState | None = None
        self.moves: list[Move] = []

    def _start(self, state: HandState) -> None:
        self.deal = self.state = state
        self.moves = []

    @initialize(state=kit.dealt_states(BOTH_MODES))
    def first_deal(self, state: HandState) -> None:
        self._start(state)

    def _going(self) -> bool:
        return self.state is not None and not self.state.is_over

    def _over(self) -> bool:
        return self.state is not None and self.state.is_over

    @precondition(_going)
    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        state = self.state
        assert state is not None
        move = data.draw(kit.legal_move(state))
        after = apply_move(state, move)
        kit.check_transition(state, move, after)
        self.state = after
        self.moves.append(move)

    @precondition(_going)
    @rule(move=kit.moves())
    def try_any_move(self, move: Move) -> None:
        state = self.state
        assert state is not None
        if is_legal(state, move):
            assert move in legal_moves(state)
            after = apply_move(state, move)
            kit.check_transition(state, move, after)
            self.state = after
            self.moves.append(move)
            return
        before = pickle.dumps(state)
        reason = explain_illegal(state, move)
        with pytest.raises(IllegalMoveError) as info:
            apply_move(state, move)
        assert reason and info.value.reason == reason and reason != "not allowed here"
        assert pickle.dumps(state) == before

    @precondition(_over)
    @rule(state=kit.dealt_states(BOTH_MODES))
    def score_replay_and_deal_again(self, state: HandState) -> None:
        assert self.state is not None and self.deal is not None
        result = score_hand(self.state)
        event(f"hand ended: {result.reason.name}")
        assert result.winner in (0, 1, None)
        assert 0 <= result.game_points <= 3
        replay = self.deal
        for move in self.moves:
            replay = apply_move(replay, str(move))
        assert replay == self.state and hash(replay) == hash(self.state)
        self._start(state)

    @invariant()
    def invariants_hold(self) -> None:
        if self.state is not None:
            kit.check_invariants(self.state)


RandomPlay.TestCase.settings = settings(
    max_examples=examples(30),
    stateful_step_count=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestRandomPlay = RandomPlay.TestCase
