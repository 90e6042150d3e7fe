"""``sixtysix play``: the board, the prompt, undo, hints, the saved record, the wording."""

from __future__ import annotations

import builtins
import io
import json
import random
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import sixtysix as ss
from sixtysix import cli
from sixtysix.bots import RandomBot, RuleBot
from sixtysix.bots.registry import BOT_LEVELS, BOT_NAMES, make_bot
from sixtysix.cli import main
from sixtysix.cli import play as cli_play
from sixtysix.match import new_match, next_hand
from sixtysix.play import play_hand
from sixtysix.records import GameRecord, MatchRecord, load_record, replay

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


def _answers(monkeypatch: pytest.MonkeyPatch, answer: Callable[[str], str]) -> list[str]:
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        return answer(prompt)

    monkeypatch.setattr(builtins, "input", fake_input)
    return prompts


def _pick(number: str = "1", between: str = "") -> Callable[[str], str]:
    """A player who always types ``number``, confirms what it is asked about, and answers
    ``between`` at the prompt between hands and at the end of the game."""

    def answer(prompt: str) -> str:
        if prompt.endswith("[y/N] "):
            return "y"
        return between if prompt.startswith("Press Enter") else number

    return answer


#: Standard input that plays move 1 (confirming each false claim) until the hand ends.
FIRST_MOVES = "1\ny\n" * 200


def _first_state(seed: int, seat: int = 0, rules: ss.Rules = ss.CLASSIC_66) -> ss.HandState:
    """The first deal of `sixtysix play --seed SEED --seat SEAT` (the computer deals first)."""
    return next_hand(new_match(rules, seed=seed, dealer=1 - seat))


# ------------------------------------------------------------------ a hand, a match


def test_play_a_hand_to_the_end(run: Run) -> None:
    status, out, err = run("play", "--seed", "4", "--bot", "rule", stdin=FIRST_MOVES)
    assert (status, err) == (0, "")
    assert out.startswith("sixtysix play: a hand of CLASSIC_66 against the computer (RuleBot)")
    assert "=== Hand 1: the computer deals ===" in out
    assert "Hand over: " in out
    assert sum(s in out for s in ("You score", "The computer scores", "Nobody scores")) == 1
    assert "Hand 2" not in out
    # "you" and "the computer", never seat numbers, and never a hidden card.
    assert "seat 0" not in out and "seat 1" not in out and "??" not in out
    assert "The computer holds 6 cards." in out
    assert "(1 cards)" not in out and "1 tricks" not in out and "1 points" not in out


def test_mariage_is_played_against_the_rule_bot(run: Run) -> None:
    """rules §13: the search bots refuse Mariage, so the default opponent is RuleBot."""
    status, out, err = run("play", "--rules", "MARIAGE", "--seed", "4", stdin=FIRST_MOVES)
    assert (status, err) == (0, "")
    assert out.startswith("sixtysix play: a hand of MARIAGE against the computer (RuleBot)")
    assert "Hand over: " in out
    status, out, err = run("play", "--rules", "MARIAGE", "--seed", "4", stdin="hint\nquit\n")
    assert status == 0 and "Hints need the search, which does not know these rules" in out


def test_the_board_shows_every_fact(run: Run) -> None:
    state = _first_state(seed=4)
    _, out, _ = run("play", "--seed", "4", "--bot", "rule", stdin="quit\n")
    hand = " ".join(str(c) for c in state.hand(0))
    assert f"Your hand: {hand}\n" in out
    trump = ss.Suit(state.trump).name.lower()
    assert f"Trump: {trump}. Talon: {state.talon_size} cards, turn-up {state.turnup}." in out
    assert "Points: you 0 (0 tricks), the computer 0 (0 tricks)." in out
    moves = "  ".join(f"{i}) {m}" for i, m in enumerate(ss.legal_moves(state), 1))
    assert f"Your moves: {moves}" in out


def test_board_lines_of_a_position() -> None:
    """Last trick, points, pending marriages, closed talon and known cards, from a view."""
    pack = "AH TH KH QH JH 9H AS TS KS QS JS 9S AD TD KD QD JD 9D AC TC KC QC JC 9C"
    state = ss.deal_from_order(ss.CLASSIC_66, pack.split(), dealer=0)
    # Seat 1 (non-dealer) holds AH TH KH AS TS KS; seat 0 QH JH 9H QS JS 9S.
    names = ("you", "the computer")
    state = ss.apply_move(state, "AH")
    state = ss.apply_move(state, "9H")
    view = ss.observe(state, 0)
    lines = cli_play.board_lines(view, names, cli_play.Style(), "Score: x")
    assert lines[0] == "Trump: diamonds. Talon: 12 cards, turn-up AD."
    assert lines[1] == "Score: x"
    assert lines[2] == (
        "Last trick: the computer led AH, you played 9H; the computer took it (11 points)."
    )
    assert lines[3] == "Points: you 0 (0 tricks), the computer 11 (1 trick)."
    assert lines[4] == "The computer holds 5 cards."  # the winner has not drawn yet
    state = ss.apply_move(state, "close")  # the winner closes instead of drawing
    view = ss.observe(state, 0)
    lines = cli_play.board_lines(view, names, cli_play.Style(), None)
    assert (
        lines[0] == "Trump: diamonds. The talon is closed (by the computer): 12 cards face down."
    )
    assert lines[-1] == "Your hand: QH JH QS JS 9S"
    state = ss.apply_move(state, "TH")
    lines = cli_play.board_lines(ss.observe(state, 0), names, cli_play.Style(), None)
    assert "On the table: the computer led TH." in lines


def test_board_pending_marriage_and_known_cards() -> None:
    pack = "KH QH 9H AS TS KS AH TH JH QS JS 9S AD TD KD QD JD 9D AC TC KC QC JC 9C"
    state = ss.deal_from_order(ss.CLASSIC_66, pack.split(), dealer=0)
    state = ss.apply_move(state, "marry H")  # seat 1 marries before any trick: pending
    lines = cli_play.board_lines(ss.observe(state, 0), ("you", "the computer"), cli_play.Style())
    assert "Points: you 0 (0 tricks), the computer 0 (0 tricks, 20 pending)." in lines
    assert "The computer holds 6 cards, among them KH QH." in lines


def test_play_is_reproducible(run: Run) -> None:
    args = ("play", "--seed", "12", "--rules", "SCHNAPSEN", "--bot", "random")
    assert run(*args, stdin="2\ny\n" * 100) == run(*args, stdin="2\ny\n" * 100)


def test_play_bad_entries_are_explained(run: Run) -> None:
    state = _first_state(seed=4)
    missing = next(c for c in ss.CLASSIC_66.deck.cards if c not in state.hand(0))
    entries = ["", "xx", "0", "99", "help", str(missing), "marry Z", "draw", "board", "quit"]
    status, out, _ = run("play", "--seed", "4", "--bot", "rule", stdin="\n".join(entries) + "\n")
    assert status == 0
    n = len(ss.legal_moves(state))
    for message in [
        "Type a move, or its number in the list.",
        "Not understood: not a move: 'xx'",
        f"There is no move number 0; choose 1 to {n}.",
        f"There is no move number 99; choose 1 to {n}.",
        "How to enter a move:",
        "undo         take back your last move",
        f"{missing} is not legal now: ",
        "Not understood: not a move: 'marry Z'",
        "draw is not legal now: ",
        "You left the game.",
    ]:
        assert message in out, message
    # The moves are listed again after every entry that was not a move.
    assert out.count("Your moves:") == 1 + len(entries) - 1
    # `board` shows the board again.
    assert out.count("Your hand: ") == 2


def test_play_text_moves_in_any_case(run: Run) -> None:
    state = _first_state(seed=5)
    card = ss.legal_moves(state)[-1]
    _, out, _ = run("play", "--seed", "5", "--bot", "rule", stdin=f"{str(card).lower()}\nquit\n")
    assert f"You lead {card}." in out


def test_play_end_of_input(run: Run) -> None:
    status, out, err = run("play", "--seed", "1", "--bot", "rule", stdin="")
    assert (status, err) == (0, "")
    assert out.endswith("End of input: the game is abandoned.\n")


@pytest.mark.parametrize("word", ["q", "QUIT", " exit "])
def test_play_quit(run: Run, word: str) -> None:
    status, out, _ = run("play", "--seed", "1", "--bot", "rule", stdin=f"{word}\n")
    assert status == 0
    assert out.endswith("You left the game.\n")


def test_play_ctrl_c(run: Run, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupt)
    path = tmp_path / "x.json"
    status, out, err = run("play", "--seed", "1", "--bot", "rule", "--save", str(path))
    assert status == 130
    assert err.endswith("sixtysix: interrupted\n")
    assert "Interrupted: the game is abandoned." in out
    # Nothing was played yet, so there is nothing to save.
    assert "Nothing was played" in out and not path.exists()


def test_play_a_whole_match(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    _answers(monkeypatch, _pick())
    status, out, _ = run("play", "--match", "--seed", "3", "--rules", "SCHNAPSEN", "--bot", "rule")
    assert status == 0
    assert out.startswith("sixtysix play: a match of SCHNAPSEN")
    last = out.rstrip().splitlines()[-1]
    assert last.startswith(("*** You win the match", "*** The computer wins the match"))
    assert re.search(r"Score: you \d+, the computer \d+ \(match to 7", out)
    hands = out.count("=== Hand ")
    assert hands >= 2
    assert f"after {hands} hands. ***" in last


def test_play_quit_between_hands(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    prompts = _answers(monkeypatch, _pick(between="quit"))
    status, out, _ = run("play", "--match", "--seed", "3", "--bot", "rule")
    assert status == 0
    assert out.endswith("You left the game.\n")
    assert "=== Hand 2" not in out
    assert prompts[-1].startswith("Press Enter")


def _entries() -> Callable[[str], str]:
    """A player who draws when asked and otherwise tries every card in turn."""
    cycle = iter(["draw", *(str(c) for c in ss.Deck.D24.cards)] * 10_000)
    return lambda prompt: "" if prompt.startswith("Press Enter") else next(cycle)


def test_play_a_match_with_a_carried_point(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    _answers(monkeypatch, _entries())
    status, out, err = run("play", "--match", "--seed", "55", "--bot", "rule")
    assert (status, err) == (0, "")
    assert "Nobody scores; 1 game point carried.\n" in out
    # The next hand that somebody wins also wins the carried point.
    after = out.split("Nobody scores; 1 game point carried.\n", 1)[1]
    assert re.match(
        r"Score: you \d+, the computer \d+ \(match to 7; 1 game point carried\)", after
    )
    won = re.search(r"(You score|The computer scores) \d game points?\.\n(.*)\n", after)
    assert won is not None
    assert won.group(2) == "(with 1 carried game point)"


def test_play_seat_1(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    _answers(monkeypatch, _pick())
    status, out, _ = run("play", "--seat", "1", "--seed", "8", "--bot", "rule")
    assert status == 0
    # The computer deals the first hand whatever your seat, so you lead first.
    assert "=== Hand 1: the computer deals ===" in out
    state = _first_state(seed=8, seat=1)
    assert f"Your hand: {' '.join(str(c) for c in state.hand(1))}\n" in out


def test_play_plays_the_only_legal_card(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    _answers(monkeypatch, _pick())
    status, out, _ = run("play", "--seed", "2", "--bot", "rule")
    assert status == 0
    only = re.search(r"\(your only legal card is (\w\w)\)\n(.*)\n", out)
    assert only is not None
    assert only.group(2).startswith(f"You play {only.group(1)} on ")
    # No list of moves and no prompt for it: the card is played at once.
    before = out[: only.start()].rstrip().splitlines()[-1]
    assert "Your moves" not in before


# ------------------------------------------------------------------ the opponent


def test_default_opponent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "sixtysix.search", None)  # no search module
    names = dict(BOT_NAMES)
    names.pop("strongest", None)
    monkeypatch.setattr(cli_play, "BOT_NAMES", names)
    assert cli_play.default_bot() == "rule"
    names["strongest"] = RuleBot
    assert cli_play.default_bot() == "strongest"


def test_bot_names_and_budget(run: Run) -> None:
    status, _, err = run("play", "--bot", "nope")
    assert status == 2 and "unknown bot 'nope'" in err
    status, _, err = run("play", "--bot", "rule", "--budget", "0")
    assert status == 2 and "must be at least 1" in err
    status, _, err = run("play", "--bot", "rule", "--budget", "10", stdin="quit\n")
    assert status == 1 and "the bot 'rule' takes no iteration budget" in err
    status, out, _ = run("play", "--bot", "sixtysix.bots:RandomBot", "--seed", "1", stdin="q\n")
    assert status == 0 and "against the computer (RandomBot)" in out


@attrs.frozen
class _BudgetBot:
    """A bot that takes an iteration budget, as the search bots do."""

    iterations: int = 1

    def choose(self, view: ss.PlayerView, rng: random.Random) -> ss.Move:
        return view.legal_moves()[0]


def test_bot_names_registered_on_demand(monkeypatch: pytest.MonkeyPatch) -> None:
    """A name the search module registers when imported is accepted by --bot."""
    names = dict(BOT_NAMES)
    monkeypatch.setattr(cli_play, "BOT_NAMES", names)
    monkeypatch.setattr(cli_play, "default_bot", lambda: names.setdefault("late", RuleBot))
    assert cli_play._bot_arg("late") == "late"
    assert "late" not in BOT_NAMES


def test_budget_goes_to_the_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOT_NAMES, "budgeted", _BudgetBot)
    bot = cli_play.build_bot("budgeted", 7)
    assert bot == _BudgetBot(iterations=7)
    assert cli_play.build_bot(f"{__name__}:_BudgetBot", 3) == _BudgetBot(iterations=3)
    assert cli_play.build_bot("budgeted", None) == _BudgetBot()
    monkeypatch.setattr(cli_play, "_budget_keyword", lambda factory: "nonsense")
    with pytest.raises(cli._CliError, match="does not take these arguments"):
        cli_play.build_bot("budgeted", 1)


def test_budget_keyword_of_odd_factories() -> None:
    assert cli_play._budget_keyword(RuleBot) is None
    assert cli_play._budget_keyword(_BudgetBot) == "iterations"
    assert cli_play._budget_keyword(next) is None  # a builtin with no signature to read


# ------------------------------------------------------------------ undo, hint, claim hint


def _game(
    entries: list[str], seed: int = 4, whole_match: bool = False
) -> tuple[cli_play.TerminalGame, io.StringIO]:
    out = io.StringIO()
    feed = iter(entries)

    def read(prompt: str) -> str:
        out.write(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    game = cli_play.TerminalGame(ss.CLASSIC_66, 0, seed, whole_match, out, read, RuleBot())
    return game, out


def test_undo_takes_back_the_last_move() -> None:
    game, out = _game(["undo", "2", "undo", "3", "1"])
    with pytest.raises(EOFError):
        game.run()
    text = out.getvalue()
    assert "Nothing to take back: you have not chosen a move in this hand." in text
    assert text.count("Taken back: your last move (and what followed) is undone.") == 1
    state = _first_state(seed=4)
    moves = ss.legal_moves(state)
    # Move 2 was taken back, then move 3 was played from the same position.
    assert f"You lead {moves[1]}." in text and f"You lead {moves[2]}." in text
    assert game.moves[0] == str(moves[2])
    # The first hand's record holds only the moves that stand.
    record = game.record()
    assert isinstance(record, GameRecord) and record.result is None
    assert record.moves[0] == str(moves[2])
    replay(record)


@attrs.frozen
class _Estimate:
    mean: float
    stderr: float
    samples: int


class _Analyst:
    """A stand-in for the strongest bot: fixed estimates, and the view it was asked about."""

    def __init__(self, estimates: Callable[[ss.PlayerView], dict[ss.Move, Any]]) -> None:
        self.estimates = estimates
        self.views: list[ss.PlayerView] = []

    def choose(self, view: ss.PlayerView, rng: random.Random) -> ss.Move:
        return view.legal_moves()[0]

    def analyse(
        self, view: ss.PlayerView, rng: random.Random
    ) -> tuple[dict[ss.Move, Any], ss.Move]:
        self.views.append(view)
        return self.estimates(view), view.legal_moves()[-1]


def test_hint_needs_a_bot_that_explains(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_play, "hint_bot", RuleBot)
    game, out = _game(["hint"])
    with pytest.raises(EOFError):
        game.run()
    assert "Hints need a bot that explains its moves; 'strongest' does not." in out.getvalue()


def test_hint_bot_is_the_strongest_with_a_fixed_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    bot = cli_play.hint_bot()
    assert bot == make_bot(
        "strongest",
        {"worlds": cli_play.HINT_SAMPLES, "min_worlds": cli_play.HINT_SAMPLES, "time_limit": None},
    )
    monkeypatch.setattr(cli_play, "HINT_SAMPLES", 0)
    with pytest.raises(cli._CliError, match="worlds must be a whole number >= 1"):
        cli_play.hint_bot()


def test_hint_shows_the_strongest_bots_analysis() -> None:
    """The real analysis: every legal move rated, and the move the bot would play named."""
    game = cli_play.TerminalGame(
        ss.SCHNAPSEN, 0, 4, False, io.StringIO(), input, RuleBot(), cli_play.Style()
    )
    state = _first_state(seed=4, rules=ss.SCHNAPSEN)
    moves = ss.legal_moves(state)
    text = game.hint(state, moves)
    rows = text.splitlines()
    assert rows[0].startswith("Hint: the expected game points of each move for you")
    assert len(rows) == len(moves) + 2
    listed = [re.split(r"\s{2,}", row.strip())[0] for row in rows[1:-1]]
    assert sorted(listed) == sorted(map(str, moves))
    played = rows[-1].removeprefix("The strongest bot would play ").removesuffix(".")
    assert played in {str(m) for m in moves}
    assert game.hint(state, moves) != "" and game.hints == 2


def test_hint_lists_the_estimates_best_first(monkeypatch: pytest.MonkeyPatch) -> None:
    def estimates(view: ss.PlayerView) -> dict[ss.Move, _Estimate]:
        moves = view.legal_moves()
        rated = {m: _Estimate(i / 10 - 0.2, 0.05, 200) for i, m in enumerate(moves)}
        del rated[moves[1]]  # a move the search did not rate is left out
        return rated

    analyst = _Analyst(estimates)
    monkeypatch.setattr(cli_play, "hint_bot", lambda: analyst)
    game, out = _game(["hint"])
    with pytest.raises(EOFError):
        game.run()
    state = _first_state(seed=4)
    assert analyst.views == [ss.observe(state, 0)]
    text = out.getvalue()
    lines = text.split("Hint: ", 1)[1].splitlines()
    moves = ss.legal_moves(state)
    assert lines[0].startswith("the expected game points of each move for you")
    best = f"{(len(moves) - 1) / 10 - 0.2:+.2f}"
    assert lines[1].split() == [str(moves[-1]), best, "±", "0.10", "(200", "samples)"]
    assert lines[len(moves) - 1].split()[:2] == [str(moves[0]), "-0.20"]
    # One line per rated move: the move the search left out is not listed.
    assert lines[len(moves)] == f"The strongest bot would play {moves[-1]}."
    assert not any(line.split()[0] == str(moves[1]) for line in lines[1 : len(moves)])
    _assert_aligned(lines[1 : len(moves)])


_COLOUR = re.compile(r"\x1b\[[0-9;]*m")


def _assert_aligned(rows: list[str]) -> None:
    """Every row has its move, its ± and its sample count in the same columns."""
    plain = [_COLOUR.sub("", row) for row in rows]
    assert len(plain) >= 2
    for mark in ("±", "("):
        assert len({row.index(mark) for row in plain}) == 1, plain
    assert len({len(row) - len(row.lstrip()) for row in plain}) == 1, plain
    # The means are right-aligned: they end one space before the ±.
    assert all(row[row.index("±") - 1] == " " for row in plain)
    assert len({row.index("±") - len(row[: row.index("±")].split()[-1]) for row in plain}) == 1


def _varied_position() -> ss.HandState:
    """Seat 1 to lead, with an exchange, a close, a claim, a marriage and tens to choose."""
    pack = "KH QH TS AH JH 9H 9D AS JS QS 9S KS AD TD KD QD JD AC TC KC QC JC 9C TH"
    state = ss.deal_from_order(ss.CLASSIC_66, pack.split(), dealer=0)
    for move in ("AS", "9S", "draw"):
        state = ss.apply_move(state, move)
    return state


@pytest.mark.parametrize("style", [cli_play.Style(), cli_play.Style(symbols=True, colour=True)])
def test_the_hint_table_is_aligned(monkeypatch: pytest.MonkeyPatch, style: cli_play.Style) -> None:
    """Moves of every width, coloured or not, and means and errors of different widths."""
    state = _varied_position()
    moves = ss.legal_moves(state)
    means = [2.5, -3.0, 0.0, 1.25, -0.5, 3.0, -1.75, 0.125, 2.0, -2.0]
    errors = [0.01, 1.2, 0.4, 0.002, 0.9, 0.3, 0.05, 1.0, 0.6, 0.7]

    def estimates(view: ss.PlayerView) -> dict[ss.Move, Any]:
        return {
            m: _Estimate(means[i % 10], errors[i % 10], 1 if i == 0 else 200 * (i + 1))
            for i, m in enumerate(moves)
        }

    analyst = _Analyst(estimates)
    monkeypatch.setattr(cli_play, "hint_bot", lambda: analyst)
    game = cli_play.TerminalGame(
        ss.CLASSIC_66, 1, 1, False, io.StringIO(), input, RuleBot(), style
    )
    rows = game.hint(state, moves).splitlines()[1:-1]
    assert len(rows) == len(moves)
    _assert_aligned(rows)
    if style.colour:
        assert any("\x1b[" in row for row in rows)  # the colour codes are there, not counted
    shown = [_COLOUR.sub("", row).split()[0] for row in rows]
    assert "marry" in shown and "exchange" in shown and "close" in shown


def _claimable() -> ss.HandState:
    """A position where seat 0 is to move, may claim and has 66 or more."""
    for seed in range(500):
        state = ss.new_hand(ss.CLASSIC_66, seed=seed, dealer=1)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            moves = ss.legal_moves(state)
            if seat == 0 and ss.Claim() in moves and state.points(0) >= 66:
                return state
            choices = [m for m in moves if m != ss.Claim()]
            move = RuleBot().choose(ss.observe(state, seat), rng) if seat else choices[0]
            state = ss.apply_move(state, ss.Draw() if ss.Draw() in moves else move)
    raise AssertionError("no seed gives a claimable position")


def test_a_player_with_66_is_told_to_claim() -> None:
    state = _claimable()
    game, out = _game(["claim"])
    move, chose = game.ask(state)
    assert (move, chose) == (ss.Claim(), True)
    points = state.points(0)
    assert f"You have {points} points: type `claim` to end the hand and score" in out.getvalue()


# ------------------------------------------------------------------ the saved record


def test_save_a_hand_and_replay_it(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    status, out, _ = run(
        "play", "--seed", "4", "--bot", "rule", "--save", str(path), stdin=FIRST_MOVES
    )
    assert status == 0
    assert f"The game record is saved in {path} (`sixtysix replay {path}` shows it)." in out
    record = load_record(path.read_text(encoding="utf-8"))
    assert isinstance(record, GameRecord) and record.result is not None
    assert replay(record).is_over
    status, shown, err = run("replay", str(path))
    assert (status, err) == (0, "")
    assert "The record is valid" in shown


def test_save_a_match_left_early(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "match.json"
    count = iter(range(10_000))

    def answer(prompt: str) -> str:
        if prompt.startswith("Press Enter"):
            return ""
        if prompt.endswith("[y/N] "):
            return "y"
        return "quit" if next(count) == 12 else "1"

    _answers(monkeypatch, answer)
    status, out, _ = run("play", "--match", "--seed", "9", "--bot", "rule", "--save", str(path))
    assert status == 0 and "You left the game." in out
    record = load_record(path.read_text(encoding="utf-8"))
    assert isinstance(record, MatchRecord)
    assert record.games and record.games[-1].result is None
    assert all(g.result is not None for g in record.games[:-1])
    replay(record)
    status, _, err = run("replay", str(path))
    assert (status, err) == (0, "")


def test_save_to_an_unwritable_place(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "no" / "such" / "dir.json"
    status, _, err = run("play", "--seed", "4", "--bot", "rule", "--save", str(path), stdin="1\n")
    assert status == 1 and "cannot write the record to" in err


def test_saved_json_is_a_record() -> None:
    game, _ = _game(["1", "y"] * 200)
    game.run()
    record = game.record()
    assert isinstance(record, GameRecord)
    data = json.loads(record.to_json())
    assert data["kind"] == "game" and data["seed"] == "4/0"


# ------------------------------------------------------------------ style


class _Tty(io.StringIO):
    def __init__(self, tty: bool, encoding: str = "utf-8") -> None:
        super().__init__()
        self._tty = tty
        self._encoding = encoding

    def isatty(self) -> bool:
        return self._tty

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding


def test_style_follows_the_terminal_and_no_color() -> None:
    on = cli_play.Style.for_stream(_Tty(True), {})
    assert on.symbols and on.colour
    assert on.card(ss.Card.parse("TH")) == "\x1b[31m10♥\x1b[0m"
    assert on.card(ss.Card.parse("QS")) == "\x1b[1mQ♠\x1b[0m"
    assert on.move(ss.Marry(ss.Suit.DIAMONDS)) == "marry \x1b[31m♦\x1b[0m"
    assert on.suit(ss.Suit.CLUBS) == "\x1b[1m♣\x1b[0m clubs"
    for stream, env in [
        (_Tty(True), {"NO_COLOR": ""}),
        (_Tty(True), {"TERM": "dumb"}),
        (_Tty(False), {}),
        (_Tty(True, "ascii"), {}),
        (_Tty(True, "no-such-codec"), {}),
    ]:
        plain = cli_play.Style.for_stream(stream, env)
        assert not plain.symbols and not plain.colour
        assert plain.card(ss.Card.parse("TH")) == "TH"
        assert plain.move(ss.Marry(ss.Suit.DIAMONDS)) == "marry D"
        assert plain.cards([]) == "none"
    symbols = cli_play.Style(symbols=True)
    assert symbols.card(ss.Card.parse("TH")) == "10♥"
    assert symbols.paint("x", 0) == "x"


def test_style_of_a_closed_stream() -> None:
    stream = io.StringIO()
    stream.close()
    assert not cli_play.Style.for_stream(stream, {}).symbols


def test_line_editing_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "readline", raising=False)
    cli_play._enable_line_editing(_Tty(False))
    assert "readline" not in sys.modules
    cli_play._enable_line_editing(_Tty(True))
    pytest.importorskip("readline", reason="this Python has no readline module")
    assert "readline" in sys.modules
    closed = io.StringIO()
    closed.close()
    cli_play._enable_line_editing(closed)  # no error


# ------------------------------------------------------------------ narration


def test_every_ending_has_words() -> None:
    assert set(cli_play._END_TEXT) == set(ss.HandEnd)


def _games() -> Iterator[tuple[ss.HandState, ss.Move, ss.HandState]]:
    for name, rules in ss.PRESETS.items():
        for seed in range(6):
            record = play_hand(rules, RuleBot(), RandomBot(), seed=f"{name}{seed}")
            state = ss.new_hand(rules, seed=record.seed)
            for text in record.moves:
                move = ss.parse_move(text)
                after = ss.apply_move(state, move)
                yield state, move, after
                state = after


def test_narration_never_names_the_hidden_cards() -> None:
    """As seat 0 sees it: seat 1's drawn cards are named only if public (the turn-up)."""
    tell = cli_play.Narrator(("you", "the computer"), (True, False))
    kinds = set()
    for before, move, after in _games():
        text = tell.move(before, move, after)
        kinds.add(type(move))
        assert text.endswith(".") and text[0].isupper(), text
        assert not re.search(r"\b1 (points|tricks|cards)\b", text), text
        drawn = after.hands[1] & ~before.hands[1]
        for card in ss.Deck.D32.cards:
            if drawn >> card.index & 1 and before.talon[-1] != card.index:
                assert str(card) not in text, (text, card)
        if isinstance(move, ss.Marry):
            assert "the marriage in" in text
        if isinstance(move, ss.Exchange):
            assert "for the turn-up" in text
    assert kinds == {ss.Play, ss.Marry, ss.Exchange, ss.Close, ss.Draw, ss.Claim, ss.Amour}


def test_narration_of_a_known_hand() -> None:
    pack = "AH TH KH QH JH 9H AS TS KS QS JS 9S AD TD KD QD JD 9D AC TC KC QC JC 9C"
    state = ss.deal_from_order(ss.CLASSIC_66, pack.split(), dealer=0)
    tell = cli_play.Narrator(("seat 0", "seat 1"), (True, True))
    after = ss.apply_move(state, "AH")
    assert tell.move(state, ss.parse_move("AH"), after) == "Seat 1 leads AH."
    trick = ss.apply_move(after, "QH")
    assert tell.move(after, ss.parse_move("QH"), trick) == (
        "Seat 0 plays QH on AH: seat 1 takes the trick (14 points)."
    )
    drawn = ss.apply_move(trick, "draw")  # CLASSIC_66: the winner may close instead
    assert tell.move(trick, ss.Draw(), drawn) == "Seat 1 draws TD, then seat 0 draws KD."
    you = cli_play.Narrator(("you", "the computer"), (True, False))
    assert you.move(trick, ss.Draw(), drawn) == "The computer draws a card, then you draw KD."
    fancy = cli_play.Narrator(("you", "the computer"), (True, False), cli_play.Style(True))
    assert fancy.move(trick, ss.Draw(), drawn) == "The computer draws a card, then you draw K♦."
    pack20 = "AH TH KH QH JH AS TS KS QS JS AD TD KD QD JD AC TC KC QC JC"
    schnapsen = ss.deal_from_order(ss.SCHNAPSEN, pack20.split(), dealer=0)
    # SCHNAPSEN draws at once after the trick (close_timing AFTER_DRAW).
    lead = ss.apply_move(schnapsen, "AH")
    won = ss.apply_move(lead, "JH")
    assert you.move(lead, ss.parse_move("JH"), won) == (
        "You play JH on AH: the computer takes the trick (13 points). "
        "The computer draws a card, then you draw KD."
    )


# ------------------------------------------------------------------ claims and closes that lose


def _random_positions(rules: ss.Rules = ss.CLASSIC_66, seeds: int = 300) -> Iterator[ss.HandState]:
    """Positions where seat 0 is to move, from hands played at random (no claims, no closes)."""
    for seed in range(seeds):
        state = ss.new_hand(rules, seed=seed, dealer=1)
        rng = random.Random(seed)
        while not state.is_over:
            moves = ss.legal_moves(state)
            if state.to_move == 0:
                yield state
            calm = [m for m in moves if m not in (ss.Close(), ss.Claim())] or list(moves)
            state = ss.apply_move(state, rng.choice(calm))


def _false_claim_position() -> ss.HandState:
    return next(
        s for s in _random_positions() if ss.Claim() in ss.legal_moves(s) and s.points(0) < 66
    )


def test_a_false_claim_is_confirmed_first() -> None:
    state = _false_claim_position()
    points = state.points(0)
    lost = ss.score_hand(ss.apply_move(state, ss.Claim())).game_points
    assert lost == 2  # CLASSIC_66: a false claim gives the opponent 2 (rules §6.4)
    game, out = _game(["claim", "", "claim", "no", "claim", "y"])
    assert game.ask(state) == (ss.Claim(), True)
    text = out.getvalue()
    question = (
        f"You have {points} points; claiming now loses {lost} game points (66 are needed). "
        "Claim anyway? [y/N] "
    )
    assert text.count(question) == 3
    assert text.count("Not claimed.") == 2


def test_a_correct_claim_is_not_questioned() -> None:
    game, out = _game(["claim"])
    assert game.ask(_claimable()) == (ss.Claim(), True)
    assert "[y/N]" not in out.getvalue()


def _hopeless_close() -> tuple[ss.HandState, int]:
    """A position where seat 0 may close but cannot reach 66 after it, and that bound."""
    for state in _random_positions():
        if ss.Close() in ss.legal_moves(state):
            best = cli_play._most_points_after_close(ss.observe(state, 0))
            if best < 66:
                return state, best
    raise AssertionError("no hopeless close found")  # pragma: no cover


def test_a_close_that_cannot_win_is_confirmed_with_its_stake() -> None:
    state, best = _hopeless_close()
    game, out = _game(["close", "n", "close", "yes"])
    assert game.ask(state) == (ss.Close(), True)
    text = out.getvalue()
    found = re.findall(
        rf"You have {state.points(0)} points?, and the cards left in play bring you at most "
        rf"{best}: after closing you cannot reach 66, and the computer scores (\d) game points?\. "
        r"Close anyway\? \[y/N\] ",
        text,
    )
    assert len(found) == 2 and "Not closed." in text
    # The stake is what the library scores when the closed hand is played out: whatever
    # both play, seat 0 cannot reach 66, and the computer scores that many game points.
    closed = ss.apply_move(state, ss.Close())
    for seed in range(5):
        rng = random.Random(seed)
        end = closed
        while not end.is_over:
            end = ss.apply_move(end, rng.choice(ss.legal_moves(end)))
        result = ss.score_hand(end)
        assert result.winner == 1 and result.game_points == int(found[0])


def test_the_bound_after_a_close_is_never_beaten() -> None:
    """No play after a close gets seat 0 more points than the bound the warning uses."""
    checked = 0
    for state in _random_positions(seeds=40):
        if ss.Close() not in ss.legal_moves(state):
            continue
        best = cli_play._most_points_after_close(ss.observe(state, 0))
        rng = random.Random(checked)
        end = ss.apply_move(state, ss.Close())
        most = end.points(0) + end.pending[0]
        while not end.is_over:
            end = ss.apply_move(end, rng.choice(ss.legal_moves(end)))
            most = max(most, end.points(0) + end.pending[0])
        assert most <= best
        checked += 1
    assert checked > 50


def test_a_close_that_may_win_is_one_word() -> None:
    state = next(s for s in _random_positions() if s.step is ss.Step.DECIDE)
    assert cli_play._most_points_after_close(ss.observe(state, 0)) >= 66
    game, out = _game(["close"])
    assert game.ask(state) == (ss.Close(), True)
    assert "[y/N]" not in out.getvalue()


def test_failed_close_by_closer_points_names_both_grades() -> None:
    rules = attrs.evolve(ss.CLASSIC_66, failed_close=ss.FailedClose.BY_CLOSER_POINTS)
    for state in _random_positions(rules):
        if ss.Close() not in ss.legal_moves(state):
            continue
        if cli_play._most_points_after_close(ss.observe(state, 0)) >= 66:
            continue
        game = cli_play.TerminalGame(rules, 0, 1, False, io.StringIO(), input, RuleBot())
        warning = game.warning(state, ss.Close())
        assert warning is not None
        if "scores 2 game points" in warning:
            assert "scores 2 game points (1 if you end with 33 or more). Close anyway?" in warning
            return
    raise AssertionError("no such close found")  # pragma: no cover


# ------------------------------------------------------------------ Enter draws


def test_enter_draws_after_a_won_trick() -> None:
    state = next(s for s in _random_positions() if s.step is ss.Step.DECIDE)
    game, out = _game(["", "draw"])
    assert game.ask(state) == (ss.Draw(), True)
    assert out.getvalue().endswith("Your move [draw]: ")
    assert game.ask(state) == (ss.Draw(), True)
    # Elsewhere Enter is not a move.
    lead = _first_state(seed=4)
    game, out = _game(["", "1"])
    assert game.ask(lead)[0] == ss.legal_moves(lead)[0]
    assert "Your move: " in out.getvalue() and "[draw]" not in out.getvalue()
    assert "Type a move, or its number in the list." in out.getvalue()


# ------------------------------------------------------------------ after the hand


class _Script:
    """Answers prompts: the listed answers first, by prompt kind, then defaults."""

    def __init__(self, out: io.StringIO, **answers: list[str]) -> None:
        self.out = out
        self.answers = answers
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.out.write(prompt)
        self.prompts.append(prompt)
        kind = (
            "confirm"
            if prompt.endswith("[y/N] ")
            else "decide"
            if prompt.startswith("Your move [draw]")
            else "move"
            if prompt.startswith("Your move")
            else "end"
        )
        queue = self.answers.get(kind)
        if queue:
            return queue.pop(0)
        if kind == "move":  # the last move offered: a card (cards come after the rest)
            listed = self.out.getvalue().rsplit("Your moves: ", 1)[1].splitlines()[0]
            return str(len(re.findall(r"\d+\) ", listed)))
        return {"confirm": "y", "decide": "", "end": ""}[kind]


def _scripted(
    whole_match: bool = False, seed: int = 4, **answers: list[str]
) -> tuple[cli_play.TerminalGame, io.StringIO, _Script]:
    out = io.StringIO()
    script = _Script(out, **answers)
    game = cli_play.TerminalGame(ss.CLASSIC_66, 0, seed, whole_match, out, script, RuleBot())
    return game, out, script


def test_undo_after_a_false_claim_ends_the_hand() -> None:
    # The first decision after a won trick: claim (falsely), confirm; then undo at the end.
    game, out, script = _scripted(decide=["claim"], end=["undo"])
    game.run()
    text = out.getvalue()
    assert "Hand over: you claimed 66 without having it." in text
    after = text.split("Hand over: you claimed 66 without having it.", 1)[1]
    assert after.index(
        "Press Enter to leave (or type new for another hand, undo): "
    ) < after.index("Taken back: your last move (and what followed) is undone.")
    assert "=== Hand 2" not in text
    assert text.count("Hand over: ") == 2
    # The record holds the hand as finally played: the taken-back claim is gone.
    record = game.record()
    assert isinstance(record, GameRecord) and record.result is not None
    assert len(game.games) == 1
    final = replay(record)
    assert ss.score_hand(final) == record.result
    # Where the claim was made, the hand now goes on with a draw (Enter).
    assert next(m for m in record.moves if m in ("claim", "draw", "close")) == "draw"
    # The program waited at the end of each hand instead of leaving at once.
    assert sum(p.startswith("Press Enter to leave") for p in script.prompts) == 2


def test_a_new_hand_after_a_single_hand() -> None:
    game, out, _ = _scripted(end=["new", "quit"])
    with pytest.raises(cli_play._Quit):
        game.run()
    text = out.getvalue()
    assert "=== Hand 1: the computer deals ===" in text
    assert "=== Hand 2: you deal ===" in text
    assert text.count("Hand over: ") == 2
    # The saved record is the last hand's.
    record = game.record()
    assert isinstance(record, GameRecord) and record.seed == "4/1"
    assert record.dealer == 0


def test_end_of_input_after_the_hand_just_leaves() -> None:
    out = io.StringIO()
    feed = iter(["1", "y"] * 200)

    def read(prompt: str) -> str:
        out.write(prompt)
        if prompt.startswith("Press Enter"):
            raise EOFError
        if prompt.startswith("Your move [draw]"):
            return ""
        return next(feed)

    game = cli_play.TerminalGame(ss.CLASSIC_66, 0, 4, False, out, read, RuleBot())
    game.run()  # no EOFError: the hand was over, nothing is abandoned
    record = game.record()
    assert isinstance(record, GameRecord) and record.result is not None


def test_the_end_of_hand_prompt_explains_itself() -> None:
    game, out = _game(["what", "undo", "", "new"])
    result = ss.HandResult(0, 1, 0, (70, 30), ss.HandEnd.PLAYED_OUT)
    assert game.after_hand(result, can_undo=False) == "leave"
    text = out.getvalue()
    assert "The hand is over: type Enter, new, quit." in text
    assert "Nothing to take back: you have not chosen a move in this hand." in text
    assert game.after_hand(result, can_undo=False) == "next"
    # Between the hands of a match anything but quit or undo goes on (as it always did).
    game, out = _game(["x", "undo"], whole_match=True)
    assert game.after_hand(result, can_undo=True) == "next"
    assert out.getvalue().endswith("Press Enter for the next hand (or type quit, undo): ")
    with pytest.raises(cli_play._Undo):
        game.after_hand(result, can_undo=True)
    # At the end of a match, Enter finishes and anything else is explained.
    game, out = _game(["x", ""], whole_match=True)
    game.match = attrs.evolve(game.match, scores=(6, 0))
    assert game.after_hand(result, can_undo=True) == "leave"
    assert "The hand is over: type Enter, quit, undo." in out.getvalue()
    assert "Press Enter to finish (or type undo): " in out.getvalue()
    # With nothing to take back the end of a match does not wait; between the hands of
    # a match, end of input abandons it (as it did).
    game, out = _game([], whole_match=True)
    game.match = attrs.evolve(game.match, scores=(6, 0))
    assert game.after_hand(result, can_undo=False) == "leave"
    assert "Press Enter" not in out.getvalue()
    game, out = _game([], whole_match=True)
    with pytest.raises(EOFError):
        game.after_hand(result, can_undo=True)


def test_undo_before_the_next_hand_of_a_match() -> None:
    game, out, _ = _scripted(whole_match=True, seed=3, end=["undo"])
    game.run()
    text = out.getvalue()
    first = text.index("Press Enter for the next hand (or type quit, undo): ")
    taken = text.index("Taken back: your last move (and what followed) is undone.")
    assert first < taken < text.index("=== Hand 2")
    # The taken-back hand is not in the match: its hands and score come from the record.
    record = game.record()
    assert isinstance(record, MatchRecord) and record.winner is not None
    assert len(record.games) == text.count("=== Hand ") == game.match.hand_number
    replay(record)
    assert game.match.scores == record.scores
    assert text.rstrip().endswith("***") or "Press Enter to finish" in text


def test_undo_after_the_last_hand_of_a_match() -> None:
    game, out, script = _scripted(whole_match=True, seed=3)
    game.match = attrs.evolve(game.match, scores=(6, 6))
    script.answers["end"] = ["undo", ""]
    game.run()
    text = out.getvalue()
    assert text.count("*** ") == 2  # the match ended, was taken back, and ended again
    assert "Press Enter to finish (or type undo): " in text
    assert game.match.is_over and game.match.hand_number == 1


# ------------------------------------------------------------------ levels and odd input


@pytest.mark.parametrize("level", range(1, len(BOT_LEVELS) + 1))
def test_level_picks_the_bot_of_that_strength(
    level: int, run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[str] = []
    real = cli_play.build_bot

    def spy(name: str, budget: int | None) -> Any:
        made.append(name)
        return real(name, budget)

    monkeypatch.setattr(cli_play, "build_bot", spy)
    status, out, err = run("play", "--level", str(level), "--seed", "3", stdin="quit\n")
    assert (status, err) == (0, "")
    assert made == [BOT_LEVELS[level - 1]]
    assert f"({type(make_bot(BOT_LEVELS[level - 1])).__name__})" in out.splitlines()[0]


def test_the_default_opponent_is_the_strongest(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []

    def build(name: str, budget: int | None) -> RuleBot:
        made.append(name)
        return RuleBot()

    monkeypatch.setattr(cli_play, "build_bot", build)
    assert run("play", "--seed", "3", stdin="quit\n")[0] == 0
    assert made == ["strongest"] and BOT_LEVELS[-1] == "strongest"


@pytest.mark.parametrize("text", ["0", "6", "\u00b2", "\u0663", "two", "+1", ""])
def test_level_out_of_range_or_not_ascii(text: str, run: Run) -> None:
    status, _, err = run("play", "--level", text)
    assert status == 2
    assert f"the level is a number from 1 (weakest) to {len(BOT_LEVELS)}" in err


def test_level_and_bot_together_or_four_hand(run: Run) -> None:
    status, _, err = run("play", "--level", "2", "--bot", "rule", stdin="quit\n")
    assert status == 1 and "--level and --bot both choose the opponent" in err
    status, _, err = run("play", "--game", "four-hand", "--level", "2", stdin="quit\n")
    assert status == 1 and "--level is for the two-hand game" in err


def test_strongest_takes_the_budget() -> None:
    bot = cli_play.build_bot("strongest", 8)
    assert bot == make_bot("strongest", {"worlds": 8})


def test_bot_help_and_errors_list_the_registry(run: Run) -> None:
    _, out, _ = run("play", "--help")
    text = " ".join(out.split())
    for name in [*BOT_NAMES, *BOT_LEVELS]:
        assert name in text
    status, _, err = run("play", "--bot", "nope")
    assert status == 2 and "four-hand: partnership-pimc, partnership-rule, random" in err


@pytest.mark.parametrize("typed", ["\u00b2", "\u0663", "1\u00b2", "1" * 12])
def test_a_number_in_other_digits_is_not_understood(typed: str) -> None:
    """``'²'.isdigit()`` is true but ``int('²')`` fails: only ASCII digits are numbers."""
    game, _ = _game([])
    state = _first_state(seed=4)
    move, problem = game.interpret(state, ss.legal_moves(state), typed)
    assert move is None and problem.startswith("Not understood")


def test_commands_are_ascii_words() -> None:
    """``'\u212a'.lower()`` is ``k``: ta\u212aeback (a Kelvin sign) is not ``takeback``."""
    game, _ = _game([])
    state = _first_state(seed=4)
    moves = ss.legal_moves(state)
    move, problem = game.interpret(state, moves, "ta\u212aeback")
    assert move is None and problem.startswith("Not understood")
    with pytest.raises(cli_play._Undo):
        game.interpret(state, moves, " TakeBack\t")
    assert game.interpret(state, moves, "\u00a01\u00a0")[0] is None  # no-break spaces
    assert game.interpret(state, moves, " 1 ")[0] == moves[0]
