"""``sixtysix play --game four-hand``: whole hands and matches fed on standard input."""

from __future__ import annotations

import builtins
import importlib
import io
import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

from sixtysix import partnership as p4
from sixtysix.bots import RandomBot
from sixtysix.bots.registry import four_hand_bot_names, two_hand_bot_names
from sixtysix.cards import CARDS
from sixtysix.cli import main
from sixtysix.cli.play import Style
from sixtysix.cli.play4 import FourHandGame

Run = Callable[..., tuple[int, str, str]]

#: Every card text of the 32-card deck: fed before a number, most of them are refused.
ALL_CARDS = [str(c) for c in CARDS if c.rank.letter not in "65432"]


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


def _prompts(out: str) -> int:
    return out.count("Your card: ")


def test_bot_name_helpers() -> None:
    assert "partnership-rule" not in two_hand_bot_names()
    assert {"random", "rule"} <= set(two_hand_bot_names())
    assert four_hand_bot_names() == ["partnership-pimc", "partnership-rule", "random"]


def test_a_whole_hand_with_bad_input_mixed_in(run: Run) -> None:
    stdin = "zz\n99\n0\n\nhelp\nboard\n" + "1\n" * 40
    status, out, err = run("play", "--game", "four-hand", "--seed", "3", stdin=stdin)
    assert (status, err) == (0, "")
    assert out.startswith("sixtysix play: a hand of four-hand FOUR_HAND_66, seed 3")
    assert "=== Hand 1: the right opponent deals; trump " in out
    assert "Not understood: not a move: 'zz'" in out
    assert "There is no card number 99; choose 1 to 8." in out
    assert "There is no card number 0; choose 1 to 8." in out
    assert "Type a card, or its number in the list." in out
    assert "How to enter a card:" in out
    # The person leads the first trick, and each of the four seats is named by role.
    assert "\nYou lead " in out
    for who in ("The left opponent plays", "Your partner plays", "The right opponent plays"):
        assert who in out
    assert "On the table: " in out and "Your hand: " in out
    assert "Hand over: " in out
    assert sum(s in out for s in ("Your side scores", "The opponents score ")) == 1
    assert "Score:" not in out  # a single hand has no match score
    # Plain text off a terminal; no seat numbers; correct plurals.
    hands = [x for x in out.splitlines() if "Your hand: " in x]
    assert "\x1b[" not in out and not any(s in "".join(hands) for s in "♣♦♥♠")
    assert not re.search(r"seat \d", out)
    assert not re.search(r"\b1 (tricks|points|game points)\b", out)
    assert not re.search(r"\b([02-9]|\d\d+) (trick|point|game point)\b(?!s)", out)


def test_illegal_cards_explain_the_obligation(run: Run) -> None:
    # The deck's cards are typed in turn, round and round: each turn takes the next cards
    # until a legal one, so the person sees "not legal now" with the rule it breaks,
    # "You do not hold" and "already been played" (8 turns take at most 8 rounds).
    stdin = "\n".join(ALL_CARDS * 9) + "\n"
    seen = ""
    for seed in range(1, 9):
        status, out, err = run("play", "--game", "four-hand", "--seed", str(seed), stdin=stdin)
        assert (status, err) == (0, "")
        assert "Hand over: " in out
        seen += out
    assert "You do not hold " in seen
    assert "has already been played." in seen
    refused = [x for x in seen.splitlines() if "is not legal now: you " in x]
    assert any("you must follow suit: you hold " in x for x in refused)
    assert any("you must beat the " in x or "you must play a trump" in x for x in refused)
    assert not any("seat" in x for x in refused)


def test_save_then_replay_a_hand(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    status, out, err = run(
        "play", "--game", "four-hand", "--seed", "5", "--save", str(path), stdin="1\n" * 40
    )
    assert (status, err) == (0, "")
    assert f"The four-hand game record is saved in {path}" in out
    record = p4.load_record(path.read_text(encoding="utf-8"))
    assert isinstance(record, p4.HandRecord)
    assert record.result is not None and len(record.moves) == 32
    assert record.dealer == 3 and record.rules == p4.FOUR_HAND_66
    final = p4.replay(record)
    assert p4.score_hand(final) == record.result
    status, out, err = run("replay", str(path))
    assert (status, err) == (0, "")
    assert out.startswith(f"Four-hand game record {path}: FOUR_HAND_66")
    assert "The record is valid" in out


def test_a_whole_match_of_the_24_card_variant(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    status, out, err = run(
        "play",
        "--game",
        "four-hand",
        "--variant",
        "FOUR_HAND_24",
        "--match",
        "--bot",
        "random",
        "--partner",
        "partnership-rule",
        "--seed",
        "11",
        "--save",
        str(path),
        stdin="1\n" * 2000,
    )
    assert (status, err) == (0, "")
    assert "a match to 7 of four-hand FOUR_HAND_24" in out
    assert "your partner (PartnershipRuleBot) against two opponents (RandomBot)" in out
    assert re.search(r"\*\*\* (Your side wins|The opponents win) the match, \d+ to \d+", out)
    assert "Score: your side " in out and "(match to 7" in out
    record = p4.load_record(path.read_text(encoding="utf-8"))
    assert isinstance(record, p4.MatchRecord)
    assert max(record.scores) >= 7 and record.dealer == 3
    assert all(len(g.moves) <= 24 for g in record.games)
    assert out.count("=== Hand ") == len(record.games)
    status, out, err = run("replay", str(path))
    assert (status, err) == (0, "")
    assert out.startswith(f"Four-hand match record {path}")


def test_quit_in_a_match_saves_whole_hands(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    args = ("play", "--game", "four-hand", "--match", "--seed", "2", "--save", str(path))
    # Left during the first hand: the unfinished hand is saved as a game record.
    status, out, _ = run(*args, stdin="1\nquit\n")
    assert status == 0 and "You left the game." in out
    record = p4.load_record(path.read_text(encoding="utf-8"))
    assert isinstance(record, p4.HandRecord) and record.result is None
    assert run("replay", str(path))[0] == 0
    # Left at the prompt after the first hand: a match record of that hand.
    status, out, _ = run(*args, stdin="1\n" * 8 + "quit\n")
    assert status == 0 and "You left the game." in out
    record = p4.load_record(path.read_text(encoding="utf-8"))
    assert isinstance(record, p4.MatchRecord) and len(record.games) == 1
    # Left during the second hand: that hand is left out.
    status, out, _ = run(*args, stdin="1\n" * 9 + "quit\n")
    assert "(The unfinished hand is left out" in out
    record = p4.load_record(path.read_text(encoding="utf-8"))
    assert isinstance(record, p4.MatchRecord) and len(record.games) == 1
    assert run("replay", str(path))[0] == 0


def test_end_of_input_and_nothing_played(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "none.json"
    status, out, _ = run(
        "play", "--game", "four-hand", "--seed", "3", "--save", str(path), stdin=""
    )
    assert status == 0
    assert "End of input: the game is abandoned." in out
    assert "Nothing was played" in out and not path.exists()


class _Tty(io.StringIO):
    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("no_color", [True, False])
def test_colour_on_a_terminal_unless_no_color(
    run: Run, monkeypatch: pytest.MonkeyPatch, no_color: bool
) -> None:
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
        monkeypatch.setenv("TERM", "xterm")
    tty = _Tty()
    monkeypatch.setattr(sys, "stdout", tty)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 40))
    assert main(["play", "--game", "four-hand", "--seed", "3"]) == 0
    out = tty.getvalue()
    assert "Hand over: " in out
    if no_color:
        assert "\x1b[" not in out and not any(s in out for s in "♣♦♥♠")
        assert re.search(r"Your hand: ([AKQJT987][CDHS] ?)+", out)
    else:
        assert "\x1b[31m" in out and any(s in out for s in "♣♦♥♠")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "four-hand", "--bot", "rule"], "cannot play the four-hand game"),
        (["--game", "four-hand", "--partner", "pimc"], "cannot play the four-hand game"),
        (["--game", "four-hand", "--rules", "CLASSIC_66"], "use --variant"),
        (["--game", "four-hand", "--seat", "1"], "you sit at seat 0"),
        (["--game", "four-hand", "--budget", "5"], "--budget is for the two-hand"),
        (["--bot", "partnership-rule"], "cannot play the two-hand game"),
        (["--variant", "FOUR_HAND_24"], "are for --game four-hand"),
    ],
)
def test_options_that_do_not_fit_the_game(run: Run, argv: list[str], message: str) -> None:
    status, _, err = run("play", "--seed", "1", *argv, stdin="")
    assert status == 1
    assert message in err


def test_four_hand_bot_by_import_path(run: Run) -> None:
    status, out, _ = run(
        "play",
        "--game",
        "four-hand",
        "--seed",
        "1",
        "--bot",
        "sixtysix.bots:RandomBot",
        stdin="1\n" * 40,
    )
    assert status == 0 and "two opponents (RandomBot)" in out
    status, _, err = run(
        "play", "--game", "four-hand", "--seed", "1", "--bot", "sixtysix:Nope", stdin=""
    )
    assert status == 1 and err


def test_simulate_does_not_offer_partnership_rule(run: Run) -> None:
    status, _, err = run("simulate", "--bots", "partnership-rule", "rule")
    assert status == 2
    assert "invalid choice: 'partnership-rule'" in err


def test_help_mentions_the_four_hand_game(run: Run) -> None:
    status, out, _ = run("play", "--help")
    assert status == 0
    assert "--game {two-hand,four-hand,tausendeins}" in out and "--partner NAME" in out


def test_record_json_is_four_hand(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "h.json"
    run("play", "--game", "four-hand", "--seed", "8", "--save", str(path), stdin="1\n" * 40)
    assert json.loads(path.read_text(encoding="utf-8"))["kind"] == "four-hand-game"


def test_ctrl_c_and_an_unwritable_record(
    run: Run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupt)
    status, out, err = run("play", "--game", "four-hand", "--seed", "1")
    assert status == 130 and err.endswith("sixtysix: interrupted\n")
    assert "Interrupted: the game is abandoned." in out
    monkeypatch.undo()
    missing = tmp_path / "no" / "such" / "dir.json"
    status, _, err = run(
        "play", "--game", "four-hand", "--seed", "1", "--save", str(missing), stdin="1\n" * 40
    )
    assert status == 1 and "cannot write the record" in err


def _game(
    rules: p4.PartnershipRules, answers: str, whole_match: bool
) -> tuple[FourHandGame, io.StringIO]:
    out = io.StringIO()
    lines = iter(answers.splitlines())
    bots = [RandomBot()] * 4

    def read(prompt: str) -> str:
        out.write(prompt)
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    return FourHandGame(rules, 1, whole_match, out, read, bots, Style()), out


def test_a_carried_point_and_the_ten_of_trumps() -> None:
    # A 65-65 carry is collected by the next hand's winner; the ten of trumps, with
    # ten_of_trumps_point, scores 1 and ends the match when it reaches the target.
    rules = attrs.evolve(p4.FOUR_HAND_24, ten_of_trumps_point=True)
    game, out = _game(rules, "1\n" * 500, whole_match=True)
    game.match = attrs.evolve(game.match, carry=1, scores=(6, 6))
    game.run()
    text = out.getvalue()
    assert "game point carried" in text
    assert "The ten of trumps gives " in text
    assert "*** " in text


def test_the_result_lines_of_a_tie_and_a_ten() -> None:
    game, _ = _game(p4.FOUR_HAND_66, "", whole_match=False)
    tie = p4.PartnershipResult(None, 0, 1, (65, 65), (4, 4), None, p4.PartnershipEnd.TIE)
    assert game.result_lines(tie) == [
        "Hand over: 65 points each.",
        "Points: your side 65 (4 tricks), the opponents 65 (4 tricks).",
        "Nobody scores the hand; 1 game point carried.",
    ]
    ten = p4.PartnershipResult(None, 0, 0, (30, 20), (2, 1), 1, p4.PartnershipEnd.TEN_OF_TRUMPS)
    assert game.result_lines(ten) == [
        "Hand over: the ten of trumps reached the match target.",
        "The ten of trumps gives the opponents 1 game point.",
    ]


def test_narration_when_the_ten_of_trumps_ends_the_hand() -> None:
    rules = attrs.evolve(p4.FOUR_HAND_66, ten_of_trumps_point=True)
    game, _ = _game(rules, "", whole_match=False)
    rng = random.Random(0)
    for seed in range(200):
        state = p4.new_hand(rules, seed, 3, scores=(6, 6))
        for _ in range(32):
            move = rng.choice(p4.legal_moves(state))
            after = p4.apply_move(state, move)
            if after.is_over:
                break
            state = after
        if after.ended_by_ten:
            text = game.narrate(state, move, after)
            assert text.endswith("the match target: the hand ends.")
            assert "The ten of trumps gives " in text
            return
    pytest.fail("no hand of 200 ended by the ten of trumps")  # pragma: no cover


def test_narration_when_the_ten_of_trumps_falls_in_the_last_trick() -> None:
    """Rules 10.7 in the last trick: no last-trick 10, the hand ends by the ten."""
    rules = attrs.evolve(p4.FOUR_HAND_24, ten_of_trumps_point=True)
    game, _ = _game(rules, "", whole_match=False)
    rng = random.Random(0)
    for seed in range(200):
        state = p4.new_hand(rules, seed, 3, scores=(6, 6))
        while not state.over:
            move = rng.choice(p4.legal_moves(state))
            before, state = state, p4.apply_move(state, move)
        if state.ended_by_ten and not any(state.hands):
            text = game.narrate(before, move, state)
            worth = sum(c.points for c in (*before.current_trick, move.card))
            assert f"the trick ({worth} point" in text
            assert text.endswith("the match target: the hand ends.")
            return
    pytest.fail("no hand of 200 had the ten of trumps in its last trick")  # pragma: no cover


def test_quit_between_hands_and_a_carry_collected() -> None:
    out = io.StringIO()

    def read(prompt: str) -> str:
        out.write(prompt)
        return "quit" if prompt.startswith("Press Enter") else "1"

    # The module as it is now: other tests reload the cli package (and its _Quit).
    mod = importlib.import_module("sixtysix.cli.play4")
    game = mod.FourHandGame(p4.FOUR_HAND_24, 4, True, out, read, [RandomBot()] * 4, Style())
    game.match = attrs.evolve(game.match, carry=2)
    with pytest.raises(mod._Quit):
        game.run()
    text = out.getvalue()
    assert "(with 2 carried game points)" in text
    assert text.count("=== Hand ") == 1
    record = game.record()
    assert isinstance(record, p4.MatchRecord) and len(record.games) == 1


def test_without_a_seed_a_fresh_one_is_shown(run: Run) -> None:
    status, out, _ = run("play", "--game", "four-hand", stdin="quit\n")
    assert status == 0 and "You left the game." in out
    assert re.match(r"sixtysix play: a hand of four-hand FOUR_HAND_66, seed \d+: ", out)
    assert "=== Hand 1: the right opponent deals; trump " in out


def _scripted(
    answers: list[str], whole_match: bool = False, seed: int = 1
) -> tuple[FourHandGame, io.StringIO]:
    """A game whose person types ``answers`` in turn, then the last card offered."""
    out = io.StringIO()
    queue = list(answers)

    def read(prompt: str) -> str:
        out.write(prompt)
        if queue:
            return queue.pop(0)
        if prompt.startswith("Your card"):
            listed = out.getvalue().rsplit("Your cards to play: ", 1)[1].splitlines()[0]
            return str(len(re.findall(r"\d+\) ", listed)))
        raise EOFError

    bots = [RandomBot()] * 4
    return FourHandGame(p4.FOUR_HAND_24, seed, whole_match, out, read, bots, Style()), out


def test_undo_during_and_after_a_hand() -> None:
    game, out = _scripted(["undo", "1", "undo", "2"])
    game.run()  # end of input at the end of the hand: it just leaves
    text = out.getvalue()
    assert "Nothing to take back: you have not chosen a card in this hand." in text
    assert text.count("Taken back: your last card (and what followed) is undone.") == 1
    # The hand ran to its end and then waited: Enter leaves, `new` deals, `undo` takes back.
    assert "Press Enter to leave (or type new for another hand, undo): " in text
    record = game.record()
    assert isinstance(record, p4.HandRecord) and record.result is not None
    assert p4.score_hand(p4.replay(record)) == record.result
    # Undo at the end: the last card is played again, and the hand ends again.
    game, out = _scripted([])
    answers = iter(["undo", ""])

    def read(prompt: str, inner: Callable[[str], str] = game.read) -> str:
        if prompt.startswith("Press Enter"):
            out.write(prompt)
            return next(answers)
        return inner(prompt)

    game.read = read
    game.run()
    text = out.getvalue()
    assert text.count("Hand over: ") == 2
    assert text.index("Taken back: your last card") > text.index("Hand over: ")
    assert len(game.games) == 1
    record = game.record()
    assert isinstance(record, p4.HandRecord) and len(record.moves) == 24


def test_new_hand_after_a_single_hand_and_undo_in_a_match() -> None:
    game, out = _scripted([])
    answers = iter(["what", "new", "quit"])

    def read(prompt: str, inner: Callable[[str], str] = game.read) -> str:
        if prompt.startswith("Press Enter"):
            out.write(prompt)
            return next(answers)
        return inner(prompt)

    game.read = read
    with pytest.raises(importlib.import_module("sixtysix.cli.play4")._Quit):
        game.run()
    text = out.getvalue()
    assert "The hand is over: type Enter, new, quit, undo." in text
    assert "=== Hand 2: you deal; trump " in text
    record = game.record()
    assert isinstance(record, p4.HandRecord) and record.seed == "1/1" and record.dealer == 0
    # In a match, undo before the next hand starts; the match counts the hand once.
    game, out = _scripted([], whole_match=True)
    answers = iter(["undo"])

    def read2(prompt: str, inner: Callable[[str], str] = game.read) -> str:
        if prompt.startswith("Press Enter"):
            out.write(prompt)
            return next(answers, "")
        return inner(prompt)

    game.read = read2
    game.run()
    text = out.getvalue()
    first = text.index("Press Enter for the next hand (or type quit, undo): ")
    assert first < text.index("Taken back: your last card") < text.index("=== Hand 2")
    record = game.record()
    assert isinstance(record, p4.MatchRecord)
    assert len(record.games) == game.match.hand_number == text.count("=== Hand ")
    assert p4.replay(record) is not None


def test_the_end_of_hand_prompt_of_four_hands() -> None:
    game, out = _scripted(["undo", ""])
    result = p4.PartnershipResult(0, 1, 0, (70, 60), (5, 3), None, p4.PartnershipEnd.PLAYED_OUT)
    assert game.after_hand(result, can_undo=False) == "leave"
    assert "Nothing to take back: you have not chosen a card in this hand." in out.getvalue()
    game, out = _scripted([], whole_match=True)
    game.match = attrs.evolve(game.match, scores=(6, 0))
    assert game.after_hand(result, can_undo=False) == "leave"  # the match is over
    game, out = _scripted([], whole_match=True)
    with pytest.raises(EOFError):  # between hands, end of input abandons the match
        game.after_hand(result, can_undo=True)
