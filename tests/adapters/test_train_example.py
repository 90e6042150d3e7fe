"""examples/train_maskable_ppo.py: its evaluation path, with built-in policies (no torch)."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="needs the gymnasium extra")
np = pytest.importorskip("numpy")

SCRIPT = Path(__file__).parent.parent.parent / "examples" / "train_maskable_ppo.py"


@pytest.fixture(scope="module")
def example() -> Any:
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_evaluation_of_a_fake_policy(example: Any) -> None:
    seen: list[tuple[Any, ...]] = []

    def fake(observations: Any, masks: Any) -> Any:
        seen.append((observations.shape, masks.dtype))
        return example.first_legal_policy(observations, masks)

    result = example.evaluate(fake, "rule", 9)
    assert result["hands"] == 18 and result["illegal"] == 0
    assert -3.0 <= result["mean"] <= 3.0 and result["stderr"] > 0
    assert {s[0][1] for s in seen} == {184} and {s[1] for s in seen} == {np.dtype(bool)}
    # Reproducible: the same deals and the same opponent generators.
    assert example.evaluate(example.first_legal_policy, "rule", 9) == result


def test_duplicate_deals_cancel_the_cards(example: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A policy that plays like the opponent breaks even on every duplicate deal."""
    import sixtysix as ss
    from sixtysix.bots import RuleBot
    from sixtysix.gymnasium_vector import VsBotVectorEnv
    from sixtysix.moves import move_id

    # RuleBot ignores its generator: as the policy, it meets itself, so seat 0 and
    # seat 1 of one deal are the same hand from both sides and sum to zero.
    bot = RuleBot()
    made: list[Any] = []
    original = VsBotVectorEnv.__init__

    def record(self: Any, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        made.append(self)

    def as_rule_bot(observations: Any, masks: Any) -> Any:
        env = made[-1]
        out = []
        for row in range(env.num_envs):
            state = env.state(row)
            if state.to_move != env.seat:  # a finished hand: the action is ignored
                out.append(0)
                continue
            out.append(move_id(bot.choose(ss.observe(state, env.seat), random.Random(0))))
        return np.array(out)

    monkeypatch.setattr(VsBotVectorEnv, "__init__", record)
    result = example.evaluate(as_rule_bot, "rule", 6)
    assert result["mean"] == 0.0 and result["illegal"] == 0 and len(made) == 4


def test_illegal_actions_are_counted(example: Any) -> None:
    result = example.evaluate(lambda o, m: np.full(len(m), 45), "random", 4)
    assert result["illegal"] == 8 and result["mean"] == -3.0


def test_the_evaluate_only_command(example: Any, capsys: pytest.CaptureFixture[str]) -> None:
    example.main(["--evaluate-only", "random", "--final-deals", "10"])
    example.main(["--evaluate-only", "first", "--final-deals", "1", "--variant", "santase"])
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 4
    assert out[0].startswith("random policy vs random: ") and "over 20 hands" in out[0]
    assert out[3].startswith("first policy vs rule: ") and "over 2 hands" in out[3]
