"""``sixtysix play --game tausendeins``: the third game on the shared play loop."""

from __future__ import annotations

import io
import random
import re
import sys
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from sixtysix import tausendeins as t1
from sixtysix.cli import main
from sixtysix.cli._loop import PlaySession, Style, _Quit
from sixtysix.cli.play_tausendeins import TausendeinsSession, Totals

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Run:
    """``run(*argv, stdin=None)`` -> (exit status, stdout, stderr)."""

    def go(*argv: str, stdin: str | None = None) -> tuple[int, str, str]:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        status = main(list(argv))
        out, err = capsys.readouterr()
        return status, out, err

    return go


def _session(
    rules: t1.TausendeinsRules, answers: list[str], whole_match: bool = False, human: int = 0
) -> tuple[TausendeinsSession, io.StringIO]:
    """A session whose person types ``answers`` in turn, then the first move offered."""
    out = io.StringIO()
    queue = list(answers)

    def read(prompt: str) -> str:
        out.write(prompt)
        if queue:
            return queue.pop(0)
        if prompt.startswith("Your move"):
            return "1"
        raise EOFError

    bot = t1.TausendeinsRuleBot()
    match = Totals(rules, 3, dealer=1 - human)
    game = t1.TausendeinsGame(rules)
    return TausendeinsSession(game, human, 3, whole_match, out, read, bot, Style(), match), out


def test_a_whole_deal(run: Run) -> None:
    status, out, err = run("play", "--game", "tausendeins", "--seed", "2", stdin="1\n" * 80)
    assert status == 0, err
    assert out.startswith("sixtysix play: a deal of Tausendeins TAUSENDEINS against the computer")
    assert "=== Deal 1: the computer deals ===" in out
    assert "Deal over. Points: " in out and "Added: you " in out
    assert "Press Enter to leave (or type new for another hand, undo): " in out


@pytest.mark.parametrize("rules", [t1.TAUSENDEINS_DE, t1.TAUSENDEINS_CONTRACT])
def test_the_session_plays_every_preset(rules: t1.TausendeinsRules) -> None:
    game, out = _session(rules, [])
    game.run()
    assert "Deal over. Points: " in out.getvalue() and len(game.games) == 1


def test_the_person_may_sit_at_seat_1(run: Run) -> None:
    status, out, _ = run("play", "--game", "tausendeins", "--seat", "1", "--seed", "4", stdin="")
    assert status == 0 and "=== Deal 1: the computer deals ===" in out
    assert "End of input: the game is abandoned." in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bot", "rule", "--level", "2"], "--bot, --level not available"),
        (["--rules", "CLASSIC_66"], "--rules not available"),
        (["--variant", "FOUR_HAND_24"], "--variant not available"),
    ],
)
def test_options_that_do_not_fit_tausendeins(run: Run, argv: list[str], message: str) -> None:
    status, _, err = run("play", "--game", "tausendeins", "--seed", "1", *argv, stdin="")
    assert status == 1 and message in err


def test_refusals_help_board_and_undo() -> None:
    game, out = _session(t1.TAUSENDEINS, ["help", "board", "xx", "99", "undo", "marry S", "2"])
    game.run()
    text = out.getvalue()
    assert "pass, bid N  in the auction of the contract game" in text
    assert "Not understood: not a Tausendeins move: 'xx'" in text
    assert "There is no move number 99; choose 1 to 9." in text
    assert "Nothing to take back: you have not chosen a move in this hand." in text
    assert "marry S is not legal now: you do not hold both the king and the queen" in text
    assert len(game.games) == 1
    session: PlaySession[Any, Any, Any, Any, Any, Any] = game
    record = session.record()  # the finished deal's record (`--save` writes it)
    assert isinstance(record, t1.DealRecord) and record.result is not None
    assert t1.replay(record) is not None


def test_undo_takes_back_a_card() -> None:
    game, out = _session(t1.TAUSENDEINS, ["2", "undo"])
    game.run()
    assert "Taken back: your last move (and what followed) is undone." in out.getvalue()


def test_a_game_to_the_target_and_its_totals() -> None:
    rules = t1.make_rules(target=150)
    game, out = _session(rules, [], whole_match=True)
    game.run()
    text = out.getvalue()
    assert re.search(r"\*\*\* (You win|The computer wins) the game, -?\d+ to -?\d+, after ", text)
    assert "Score: you " in text and "(game to 150)." in text
    m = game.match
    assert m.winner is not None and max(m.totals) >= 150
    assert m.hand_number == text.count("=== Deal ")


def test_the_contract_game_narrates_the_auction() -> None:
    for human in (0, 1):
        game, out = _session(t1.TAUSENDEINS_CONTRACT, ["bid 110"], human=human)
        game.run()
        text = out.getvalue()
        assert "the contract of " in text and "Contract: " in text
        assert re.search(r"(You|The computer) take", text)


def test_narration_of_every_kind_of_move() -> None:
    game, _ = _session(t1.TAUSENDEINS_CONTRACT, [])
    rng = random.Random(5)
    seen: set[str] = set()
    for seed in range(30):
        state = t1.new_hand(t1.TAUSENDEINS_CONTRACT, seed=seed, dealer=seed % 2)
        while not t1.is_over(state):
            move = rng.choice(t1.legal_moves(state))
            after = t1.apply_move(state, move)
            text = game.narrate(state, move, after)
            assert text.endswith(".") and text[0].isupper()
            seen.add(type(move).__name__)
            if isinstance(move, t1.Discard) and state.declarer == 1:
                assert text == "The computer lays away a card."
            state = after
        lines = game.hand_over_lines(state, t1.score_deal(state))
        assert lines[0].startswith("Deal over. Points: ")
    assert seen == {"Pass", "Bid", "TakeTalon", "Discard", "Contract", "Play", "Marry"}


def test_totals_between_deals() -> None:
    m = Totals(t1.TAUSENDEINS, 7, dealer=1)
    assert m.hand_seed == "7/0" and m.winner is None
    assert attrs.evolve(m, totals=(1001, 990)).winner == 0
    game, _ = _session(t1.TAUSENDEINS, [])
    assert game.skip_hand(m) == attrs.evolve(m, dealer=0, hand_number=1)


def test_quit_leaves() -> None:
    game, _ = _session(t1.TAUSENDEINS, ["quit"])
    with pytest.raises(_Quit):
        game.run()
