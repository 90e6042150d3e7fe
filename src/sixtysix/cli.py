"""The ``sixtysix`` command: play, simulate, replay and look up rules in a terminal.

Run ``sixtysix --help`` (or ``python -m sixtysix --help``) for the subcommands:

* ``sixtysix play`` — play a hand (or a match, ``--match``) against the random player;
* ``sixtysix simulate`` — random-vs-random matches or hands, with a summary;
* ``sixtysix replay FILE`` — check a game record and print it move by move;
* ``sixtysix rules [PRESET]`` — list the presets, or print one rule set.

Exit status, which scripts may rely on:

* ``0`` — success (also when a player leaves ``play`` with ``quit`` or end of input);
* ``1`` — a game or rules error: an unreadable or invalid rules file or game record;
* ``2`` — a usage error: unknown option, bad value, unknown preset name;
* ``130`` — interrupted with Ctrl-C.

Every error message goes to standard error and starts with ``sixtysix: error:``.
This module is never imported by ``import sixtysix``; nothing runs at import time.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn, TextIO

import attrs

from ._version import __version__
from .cards import CARDS, POINTS, Suit, cards_of
from .engine import apply_move, explain_illegal, legal_moves, new_hand
from .errors import ParseError, SixtySixError
from .moves import Claim, Close, Draw, Exchange, Marry, Move, Play, parse_move
from .rules import (
    CLASSIC_66,
    PRESETS,
    DealerAfterTie,
    NextDealer,
    Rules,
    get_preset,
    preset_name,
)
from .scoring import HandEnd, HandResult, score_hand
from .state import HandState, Step

__all__ = ["main"]

_EXIT_OK = 0
_EXIT_ERROR = 1
_EXIT_USAGE = 2
_EXIT_INTERRUPTED = 130

#: One line per preset for ``sixtysix rules`` (a test checks that every preset has one).
_PRESET_SUMMARIES: dict[str, str] = {
    "CLASSIC_66": "Sixty-Six, 24 cards: the common ground of the standard texts (default)",
    "PAGAT_66": "Sixty-Six as on pagat.com: winner deals, no carried points",
    "HOYLE_66": "Sixty-Six as in the Bicycle/Foster (Hoyle) text: follow suit only",
    "SCHNAPSEN": "Schnapsen, 20 cards, as on pagat.com: the last trick wins the hand",
    "SCHNAPSEN_TOURNAMENT": "Schnapsen, Austrian tournament practice (sharper exchange, closing)",
    "SANTASE": "Santase, the Bulgarian game: automatic claims, match to 11",
    "VU_SCHNAPSEN": "Schnapsen as the `schnapsen` PyPI engine plays it: no closing",
}


class _CliError(Exception):
    """A game or rules error to report with exit status 1."""


class _Quit(Exception):
    """The player typed ``quit``."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors read ``sixtysix: error: ...`` (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(_EXIT_USAGE, f"sixtysix: error: {message}\n")


# ------------------------------------------------------------------------ helpers


def _preset_arg(text: str) -> str:
    """Argparse type of a preset name: its canonical spelling."""
    try:
        rules = get_preset(text)
    except SixtySixError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    name = preset_name(rules)
    assert name is not None
    return name


def _nonnegative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def _positive(text: str) -> int:
    value = _nonnegative(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be at least 1, not 0")
    return value


def _read_text(path: str, what: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _CliError(f"{what} {path!r} does not exist") from None
    except IsADirectoryError:
        raise _CliError(f"{what} {path!r} is a directory, not a file") from None
    except UnicodeDecodeError:
        raise _CliError(f"{what} {path!r} is not UTF-8 text") from None
    except OSError as exc:
        raise _CliError(f"cannot read {what} {path!r}: {exc.strerror or exc}") from None


def _load_rules_file(path: str) -> Rules:
    """Read a JSON rules file such as ``Rules.to_dict()`` writes."""
    text = _read_text(path, "rules file")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _CliError(
            f"rules file {path!r} is not valid JSON: {exc.msg} "
            f"(line {exc.lineno}, column {exc.colno})"
        ) from None
    try:
        return Rules.from_dict(data)
    except (SixtySixError, TypeError) as exc:
        raise _CliError(f"rules file {path!r}: {exc}") from None


def _add_rules_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--rules",
        metavar="PRESET",
        type=_preset_arg,
        help="the rule set: a preset name (default CLASSIC_66; `sixtysix rules` lists them)",
    )
    group.add_argument(
        "--rules-file",
        metavar="FILE",
        help='a JSON rules file, as Rules.to_dict() writes it (a "preset" key names the '
        "base for the fields it leaves out)",
    )


def _rules_of(args: argparse.Namespace) -> Rules:
    if args.rules_file is not None:
        return _load_rules_file(args.rules_file)
    if args.rules is not None:
        return PRESETS[args.rules]
    return CLASSIC_66


def _rules_label(rules: Rules) -> str:
    return preset_name(rules) or "house rules"


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return "(" + ", ".join(str(v) for v in value) + ")"
    if isinstance(value, int):
        return str(value)
    return getattr(value, "name", str(value))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _random_choice(state: HandState, rng: random.Random) -> Move:
    """The built-in random player: a uniform choice among the legal moves."""
    moves = legal_moves(state)
    return moves[rng.randrange(len(moves))]


def _next_dealer(rules: Rules, dealer: int, winner: int | None) -> int:
    """The dealer of the next hand of a match (RULES.md §7)."""
    if winner is None:
        return dealer if rules.dealer_after_tie is DealerAfterTie.SAME else 1 - dealer
    return winner if rules.next_dealer is NextDealer.WINNER_DEALS else 1 - dealer


@attrs.frozen
class _Match:
    """The score of a two-hand match between hands (RULES.md §6.6, §7)."""

    rules: Rules
    dealer: int
    scores: tuple[int, int] = (0, 0)
    carry: int = 0
    hands: int = 0

    @property
    def winner(self) -> int | None:
        for seat in (0, 1):
            if self.scores[seat] >= self.rules.match_target:
                return seat
        return None

    def credited(self, result: HandResult) -> int:
        """Game points the hand's winner adds to the match score (carry included)."""
        return 0 if result.winner is None else result.game_points + self.carry

    def after(self, result: HandResult) -> _Match:
        scores = list(self.scores)
        if result.winner is None:
            carry = self.carry + result.carry
        else:
            scores[result.winner] += result.game_points + self.carry
            carry = 0
        return _Match(
            self.rules,
            _next_dealer(self.rules, self.dealer, result.winner),
            (scores[0], scores[1]),
            carry,
            self.hands + 1,
        )


# ------------------------------------------------------------------------ rules


def _cmd_rules(args: argparse.Namespace) -> int:
    out = sys.stdout
    if args.preset is not None and args.rules_file is not None:
        raise _CliError("give either a PRESET or --rules-file, not both")
    if args.preset is None and args.rules_file is None:
        if args.json:
            data = {name: rules.to_dict() for name, rules in PRESETS.items()}
            out.write(json.dumps(data, indent=2) + "\n")
            return _EXIT_OK
        width = max(len(name) for name in PRESETS)
        out.write("Presets (`sixtysix rules NAME` prints one):\n\n")
        for name in PRESETS:
            out.write(f"  {name:<{width}}  {_PRESET_SUMMARIES.get(name, '')}\n")
        return _EXIT_OK
    if args.rules_file is not None:
        rules = _load_rules_file(args.rules_file)
        title = f"{args.rules_file} ({_rules_label(rules)})"
    else:
        rules = PRESETS[args.preset]
        title = args.preset
    if args.json:
        out.write(json.dumps(rules.to_dict(), indent=2) + "\n")
        return _EXIT_OK
    out.write(f"# {title}\n")
    names = [f.name for f in attrs.fields(Rules)]
    width = max(len(n) for n in names)
    differs = False
    for name in names:
        value = getattr(rules, name)
        mark = ""
        if value != getattr(CLASSIC_66, name):
            mark = "  *"
            differs = True
        out.write(f"{name:<{width}} = {_value_text(value)}{mark}\n")
    if differs:
        out.write("# * differs from CLASSIC_66, the default\n")
    return _EXIT_OK


# ------------------------------------------------------------------------ play


_END_TEXT: dict[HandEnd, str] = {
    HandEnd.CLAIM: "{w} claimed 66 correctly",
    HandEnd.FALSE_CLAIM: "{l} claimed 66 without having it",
    HandEnd.CLOSER_TOOK_LAST_TRICK: "{w} closed the talon and took the last trick with 66",
    HandEnd.FAILED_CLOSE: "{l} closed the talon but did not reach 66",
    HandEnd.CLOSER_BEATEN: "{w} reached 66 before {l}, who had closed the talon",
    HandEnd.PLAYED_OUT: "the hand was played out and only {w} had 66",
    HandEnd.BOTH_OVER_66: "the hand was played out with both players at 66 or more",
    HandEnd.NEITHER_REACHED_66: "the hand was played out and neither player reached 66",
    HandEnd.LAST_TRICK: "{w} took the last trick",
}


def _suit_name(suit: int, fancy: bool) -> str:
    name = Suit(suit).name.lower()
    return f"{Suit(suit).symbol} {name}" if fancy else name


def _can_encode(stream: TextIO, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class _TerminalGame:
    """One person against the random player, on a text terminal."""

    def __init__(
        self,
        rules: Rules,
        human: int,
        seed: int,
        whole_match: bool,
        out: TextIO,
        read: Callable[[str], str],
    ) -> None:
        self.rules = rules
        self.human = human
        self.bot = 1 - human
        self.seed = seed
        self.whole_match = whole_match
        self.out = out
        self.read = read
        self.fancy = _can_encode(out, "♣♦♥♠·—")
        master = random.Random(seed)
        self.deal_rng = random.Random(master.getrandbits(64))
        self.bot_rng = random.Random(master.getrandbits(64))

    # -- words

    def name(self, seat: int) -> str:
        return "you" if seat == self.human else "the bot"

    def subject(self, seat: int, verb: str) -> str:
        """``You play`` or ``The bot plays``."""
        if seat == self.human:
            return f"You {verb}"
        if verb.endswith(("s", "sh", "ch")):
            return f"The bot {verb}es"
        return f"The bot {verb}s"

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    # -- the game

    def run(self) -> None:
        rules = self.rules
        label = _rules_label(rules)
        self.say(
            f"sixtysix play: {label}, you are seat {self.human} against the random player "
            f"(seed {self.seed})."
        )
        self.say("Type a move (e.g. QH, marry H, exchange, close, claim) or its number;")
        self.say("`help` explains, `quit` leaves.")
        match = _Match(rules, dealer=self.bot)
        while True:
            result = self.play_hand(match)
            before = match
            match = match.after(result)
            if not self.whole_match:
                return
            self.show_match_score(before, match, result)
            winner = match.winner
            if winner is not None:
                self.say()
                self.say(
                    f"*** {'You win' if winner == self.human else 'The bot wins'} the match "
                    f"{match.scores[self.human]} to {match.scores[self.bot]} "
                    f"after {_plural(match.hands, 'hand')}. ***"
                )
                return
            answer = self.read("Press Enter for the next hand (or type quit): ")
            if answer.strip().lower() in ("q", "quit", "exit"):
                raise _Quit

    def play_hand(self, match: _Match) -> HandResult:
        state = new_hand(self.rules, seed=self.deal_rng.getrandbits(64), dealer=match.dealer)
        rule = "—" * 20 if self.fancy else "-" * 20
        self.say()
        self.say(
            f"{rule} Hand {match.hands + 1}: {self.name(match.dealer)} deal"
            f"{'' if match.dealer == self.human else 's'} {rule}"
        )
        self.say(f"Trump is {_suit_name(state.trump, self.fancy)}; the turn-up is {state.turnup}.")
        if self.whole_match and match.hands:
            self.show_scoreline(match)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            if seat == self.human:
                self.show(state, match)
                move = self.ask(state)
            else:
                move = _random_choice(state, self.bot_rng)
            after = apply_move(state, move)
            for line in self.narrate(state, move, after):
                self.say(line)
            state = after
        return self.show_result(state)

    # -- showing the position

    def show(self, state: HandState, match: _Match) -> None:
        h, b = self.human, self.bot
        self.say()
        talon = state.talon_size
        if state.is_closed:
            talon_text = f"talon closed by {self.name(state.closed_by)} ({_plural(talon, 'card')})"
        elif talon == 0:
            talon_text = "talon exhausted"
        else:
            talon_text = f"turn-up {state.turnup}, talon {_plural(talon, 'card')}"
        dot = " · " if self.fancy else "; "
        self.say(f"  Trump {_suit_name(state.trump, self.fancy)}{dot}{talon_text}")
        for seat in (h, b):
            who = "You:" if seat == h else "Bot:"
            extra = ""
            if state.pending[seat]:
                extra = f" (+{state.pending[seat]} pending)"
            self.say(
                f"  {who:<5}{_plural(state.tricks(seat), 'trick')}, "
                f"{_plural(state.points(seat), 'point')}{extra}"
            )
        if self.whole_match:
            self.show_scoreline(match, indent="  ")
        if state.step is Step.FOLLOW:
            self.say(f"  The bot led {CARDS[state.lead]}.")
        elif state.step is Step.DECIDE:
            self.say("  You won the trick: draw, or close the talon instead.")
        elif state.turn_marriage >= 0:
            self.say(f"  You declared the marriage in {_suit_name(state.turn_marriage, False)}.")
        hand = " ".join(str(c) for c in state.hand(h))
        self.say(f"  Your hand: {hand}")

    def show_scoreline(self, match: _Match, indent: str = "") -> None:
        carry = f", {match.carry} carried" if match.carry else ""
        self.say(
            f"{indent}Match to {self.rules.match_target}: you {match.scores[self.human]}, "
            f"the bot {match.scores[self.bot]}{carry}"
        )

    def show_moves(self, moves: Sequence[Move]) -> None:
        items = [f"{i}) {m}" for i, m in enumerate(moves, 1)]
        self.say("  Legal moves: " + "  ".join(items))

    # -- asking for a move

    def ask(self, state: HandState) -> Move:
        moves = legal_moves(state)
        if len(moves) == 1 and isinstance(moves[0], Play):
            self.say(f"  (your only legal card is {moves[0]})")
            return moves[0]
        self.show_moves(moves)
        while True:
            text = self.read("Your move: ").strip()
            move, problem = self.interpret(state, moves, text)
            if move is not None:
                return move
            self.say(problem)
            self.show_moves(moves)

    def interpret(
        self, state: HandState, moves: Sequence[Move], text: str
    ) -> tuple[Move | None, str]:
        """The move the player typed, or ``None`` and what was wrong."""
        word = text.lower()
        if word in ("q", "quit", "exit"):
            raise _Quit
        if word in ("?", "h", "help"):
            return None, _PLAY_HELP
        if not text:
            return None, "Type a move, or its number from the list."
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(moves):
                return moves[number - 1], ""
            return None, f"There is no move number {number}; choose 1 to {len(moves)}."
        try:
            move = parse_move(text)
        except ParseError as exc:
            return None, f"Not understood: {exc}."
        if move in moves:
            return move, ""
        reason = explain_illegal(state, move) or "not allowed here"
        return None, f"{move} is not legal now: {reason}."

    # -- what happened

    def narrate(self, before: HandState, move: Move, after: HandState) -> list[str]:
        seat = before.to_move
        assert seat is not None
        lines: list[str] = []
        if isinstance(move, Play):
            card = move.card
            if before.step is Step.LEAD:
                lines.append(f"{self.subject(seat, 'lead')} {card}.")
            else:
                lead = CARDS[before.lead]
                winner = after.leader
                worth = POINTS[before.lead] + card.points
                lines.append(
                    f"{self.subject(seat, 'play')} {card} on {lead}: "
                    f"{self.subject(winner, 'take').lower()} the trick ({_plural(worth, 'point')})."
                )
                lines.extend(self.draws(before, after, winner))
                if after.is_over and (after.hands[0] | after.hands[1]):
                    lines.append(f"{self.subject(winner, 'reach')} 66: the hand ends.")
        elif isinstance(move, Marry):
            value = 40 if move.suit == before.trump else 20
            note = ""
            if after.pending[seat] > before.pending[seat]:
                note = f" (pending until {self.subject(seat, 'win').lower()} a trick)"
            lines.append(
                f"{self.subject(seat, 'declare')} the marriage in "
                f"{_suit_name(move.suit, False)}: {value}{note}."
            )
            if after.is_over:
                lines.append(f"{self.subject(seat, 'reach')} 66: the hand ends.")
        elif isinstance(move, Exchange):
            lines.append(
                f"{self.subject(seat, 'exchange')} {CARDS[after.talon[-1]]} for the turn-up "
                f"{CARDS[before.talon[-1]]}."
            )
        elif isinstance(move, Close):
            lines.append(f"{self.subject(seat, 'close')} the talon.")
        elif isinstance(move, Draw):
            lines.extend(self.draws(before, after, seat))
        elif isinstance(move, Claim):
            lines.append(
                f"{self.subject(seat, 'claim')} 66 with {_plural(before.points(seat), 'point')}."
            )
        return lines

    def draws(self, before: HandState, after: HandState, winner: int) -> list[str]:
        """What the human sees of the draw after a trick (RULES.md §1.5)."""
        if before.talon == after.talon or len(after.talon) != len(before.talon) - 2:
            return []
        mine = after.hands[self.human] & ~before.hands[self.human]
        got = " ".join(str(c) for c in cards_of(mine))
        order = "first" if winner == self.human else "second"
        line = f"You draw {got} ({order})"
        if len(before.talon) == 2:
            turnup = CARDS[before.talon[-1]]
            if winner == self.human:
                line += f"; the bot takes the turn-up {turnup}"
            line += ". The talon is exhausted."
        else:
            line += "."
        return [line]

    def show_result(self, state: HandState) -> HandResult:
        result = score_hand(state)
        w = result.winner
        h, b = self.human, self.bot
        wname = self.name(w) if w is not None else "nobody"
        lname = self.name(1 - w) if w is not None else "nobody"
        why = _END_TEXT[result.reason].format(w=wname, l=lname)
        self.say()
        self.say(f"Hand over: {why}.")
        self.say(
            f"Points: you {result.points[h]}, the bot {result.points[b]}; "
            f"tricks: you {state.tricks(h)}, the bot {state.tricks(b)}."
        )
        if w is None:
            carry = f"; {_plural(result.carry, 'game point')} carried" if result.carry else ""
            self.say(f"Nobody scores{carry}.")
        else:
            who = "You score" if w == h else "The bot scores"
            self.say(f"{who} {_plural(result.game_points, 'game point')}.")
        return result

    def show_match_score(self, before: _Match, after: _Match, result: HandResult) -> None:
        if result.winner is not None and before.carry:
            self.say(f"(plus {_plural(before.carry, 'carried game point')})")
        self.show_scoreline(after)


_PLAY_HELP = """\
How to enter a move:
  a card:      QH, qh, 10H or Q♥ (rank A T K Q J 9 8 7, suit C D H S)
  marry H      declare the marriage of that suit, then lead its king or queen
  exchange     swap the exchange card (lowest trump) for the turn-up
  close        close the talon: no more drawing, strict play from now on
  draw         after winning a trick: draw instead of closing
  claim        you have 66 or more: end the hand (a false claim loses)
  a number     the move with that number in the list
  quit         leave the game"""


def _cmd_play(args: argparse.Namespace) -> int:
    rules = _rules_of(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)

    def read(prompt: str) -> str:
        return input(prompt)

    game = _TerminalGame(rules, args.seat, seed, args.match, sys.stdout, read)
    try:
        game.run()
    except _Quit:
        sys.stdout.write("You left the game.\n")
    except EOFError:
        sys.stdout.write("\nEnd of input: the game is abandoned.\n")
    return _EXIT_OK


# ------------------------------------------------------------------------ simulate


class _Progress:
    """A one-line progress bar, redrawn in place on a terminal, throttled."""

    def __init__(self, total: int, unit: str, stream: TextIO | None) -> None:
        self.total = total
        self.unit = unit
        self.stream = stream
        self.start = time.perf_counter()
        self.last = 0.0
        self.shown = False

    def update(self, done: int, hands: int) -> None:
        if self.stream is None:
            return
        now = time.perf_counter()
        if done < self.total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = width * done // self.total
        elapsed = max(now - self.start, 1e-9)
        bar = "#" * filled + "." * (width - filled)
        self.stream.write(
            f"\r[{bar}] {done}/{self.total} {self.unit}  {hands / elapsed:,.0f} hands/s "
        )
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.stream is not None and self.shown:
            self.stream.write("\r" + " " * 79 + "\r")
            self.stream.flush()


@attrs.define
class _Tally:
    """What ``simulate`` counts."""

    hands: int = 0
    matches: int = 0
    hands_won: list[int] = attrs.Factory(lambda: [0, 0])
    matches_won: list[int] = attrs.Factory(lambda: [0, 0])
    game_points: list[int] = attrs.Factory(lambda: [0, 0])
    endings: Counter[HandEnd] = attrs.Factory(Counter)

    def add_hand(self, result: HandResult, credited: int) -> None:
        self.hands += 1
        self.endings[result.reason] += 1
        if result.winner is not None:
            self.hands_won[result.winner] += 1
            self.game_points[result.winner] += credited


def _play_random_hand(rules: Rules, dealer: int, seed: int, rng: random.Random) -> HandResult:
    state = new_hand(rules, seed=seed, dealer=dealer)
    while state.step is not Step.OVER:
        state = apply_move(state, _random_choice(state, rng))
    return score_hand(state)


def _cmd_simulate(args: argparse.Namespace) -> int:
    rules = _rules_of(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    by_hands = args.hands is not None
    total = args.hands if by_hands else (args.matches if args.matches is not None else 100)
    unit = "hands" if by_hands else "matches"
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    progress = _Progress(total, unit, sys.stderr if show else None)
    master = random.Random(seed)
    rng = random.Random(master.getrandbits(64))
    tally = _Tally()
    interrupted = False
    start = time.perf_counter()
    try:
        for i in range(total):
            if by_hands:
                result = _play_random_hand(rules, i % 2, master.getrandbits(64), rng)
                tally.add_hand(result, result.game_points)
            else:
                match = _Match(rules, dealer=i % 2)
                while (winner := match.winner) is None:
                    result = _play_random_hand(rules, match.dealer, master.getrandbits(64), rng)
                    tally.add_hand(result, match.credited(result))
                    match = match.after(result)
                tally.matches += 1
                tally.matches_won[winner] += 1
            progress.update(i + 1, tally.hands)
    except KeyboardInterrupt:
        interrupted = True
    elapsed = time.perf_counter() - start
    progress.close()
    _print_summary(sys.stdout, rules, seed, by_hands, total, tally, elapsed, interrupted)
    if interrupted:
        sys.stderr.write("sixtysix: interrupted\n")
        return _EXIT_INTERRUPTED
    return _EXIT_OK


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def _print_summary(
    out: TextIO,
    rules: Rules,
    seed: int,
    by_hands: bool,
    total: int,
    tally: _Tally,
    elapsed: float,
    interrupted: bool,
) -> None:
    unit = "hands" if by_hands else "matches"
    done = tally.hands if by_hands else tally.matches
    head = f"{done} {unit}" if not interrupted else f"{done} of {total} {unit} (interrupted)"
    out.write(
        f"sixtysix simulate: {head} of {_rules_label(rules)}, random vs random, seed {seed}\n"
    )
    if by_hands:
        out.write("(the deal alternates between the seats)\n\n")
    else:
        out.write("(the first dealer alternates from match to match)\n\n")
    rows: list[tuple[str, str, str]] = []
    if not by_hands:
        rows.append(("matches won", str(tally.matches_won[0]), str(tally.matches_won[1])))
        rows.append(
            (
                "match win rate",
                _pct(tally.matches_won[0], tally.matches),
                _pct(tally.matches_won[1], tally.matches),
            )
        )
    rows.append(("hands won", str(tally.hands_won[0]), str(tally.hands_won[1])))
    rows.append(
        (
            "hand win rate",
            _pct(tally.hands_won[0], tally.hands),
            _pct(tally.hands_won[1], tally.hands),
        )
    )
    per_hand = [f"{gp / tally.hands:.3f}" if tally.hands else "-" for gp in tally.game_points]
    rows.append(("game points per hand", per_hand[0], per_hand[1]))
    out.write(f"{'':<22}{'seat 0':>10}{'seat 1':>10}\n")
    for label, a, b in rows:
        out.write(f"{label:<22}{a:>10}{b:>10}\n")
    out.write("\n")
    unscored = tally.hands - sum(tally.hands_won)
    line = f"hands played: {tally.hands}"
    if not by_hands and tally.matches:
        line += f" ({tally.hands / tally.matches:.1f} per match)"
    out.write(f"{line}; no score: {unscored} ({_pct(unscored, tally.hands)})\n")
    if tally.hands:
        endings = ", ".join(
            f"{reason.name.lower()} {_pct(count, tally.hands)}"
            for reason, count in tally.endings.most_common()
        )
        out.write(f"how hands ended: {endings}\n")
    rate = tally.hands / elapsed if elapsed > 0 else float("inf")
    out.write(f"speed: {tally.hands} hands in {elapsed:.2f} s ({rate:,.0f} hands/s)\n")


# ------------------------------------------------------------------------ replay


def _cmd_replay(args: argparse.Namespace) -> int:
    raise _CliError("replaying game records is not available yet")


# ------------------------------------------------------------------------ main


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="sixtysix",
        description="Play, simulate and check games of Sixty-Six and Schnapsen.",
        epilog="Exit status: 0 ok, 1 game or rules error, 2 usage error, 130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"sixtysix {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    play = sub.add_parser(
        "play",
        help="play against the random player in the terminal",
        description="Play a hand (or, with --match, a whole match) against the built-in "
        "random player. Type a move in its text form (QH, marry H, exchange, close, draw, "
        "claim; any case) or its number in the list shown; `help` explains, `quit` "
        "leaves. Ctrl-C leaves with exit status 130, end of input with 0.",
    )
    _add_rules_options(play)
    play.add_argument("--match", action="store_true", help="play a whole match, not one hand")
    play.add_argument(
        "--seed", type=_nonnegative, metavar="N", help="seed for the deals and the bot"
    )
    play.add_argument(
        "--seat",
        type=int,
        choices=(0, 1),
        default=0,
        help="your seat (default 0); the bot deals the first hand",
    )
    play.set_defaults(handler=_cmd_play)

    simulate = sub.add_parser(
        "simulate",
        help="random-vs-random matches or hands, with a summary",
        description="Play random-vs-random matches (default 100) or single hands and print "
        "win rates per seat, average game points per hand and the speed.",
    )
    _add_rules_options(simulate)
    count = simulate.add_mutually_exclusive_group()
    count.add_argument(
        "--matches", type=_positive, metavar="N", help="play N whole matches (default 100)"
    )
    count.add_argument("--hands", type=_positive, metavar="N", help="play N single hands")
    simulate.add_argument(
        "--seed", type=_nonnegative, metavar="N", help="seed, for a reproducible run"
    )
    simulate.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: only when stderr is a terminal)",
    )
    simulate.set_defaults(handler=_cmd_simulate)

    replay = sub.add_parser(
        "replay",
        help="check a game record and print it move by move",
        description="Read a game or match record (JSON), re-check every move and the "
        "result, and print the game move by move. An invalid record exits with status 1.",
    )
    replay.add_argument("file", metavar="FILE", help="the record file (- reads stdin)")
    replay.set_defaults(handler=_cmd_replay)

    rules = sub.add_parser(
        "rules",
        help="list the presets, or print one rule set",
        description="Without PRESET, list the presets; with it, print every parameter "
        "(values that differ from CLASSIC_66 are marked *).",
    )
    rules.add_argument("preset", nargs="?", type=_preset_arg, metavar="PRESET")
    rules.add_argument("--rules-file", metavar="FILE", help="print a JSON rules file instead")
    rules.add_argument("--json", action="store_true", help="print JSON (Rules.to_dict())")
    rules.set_defaults(handler=_cmd_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``sixtysix`` command with ``argv`` (default ``sys.argv[1:]``).

    Returns the exit status instead of exiting: 0 success, 1 a game or rules error,
    2 a usage error, 130 interrupted.

    >>> main(["rules"])  # doctest: +ELLIPSIS
    Presets (`sixtysix rules NAME` prints one):
    ...
    0
    """
    parser = _build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else _EXIT_USAGE
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except _CliError as exc:
        sys.stderr.write(f"sixtysix: error: {exc}\n")
        return _EXIT_ERROR
    except SixtySixError as exc:
        sys.stderr.write(f"sixtysix: error: {exc}\n")
        return _EXIT_ERROR
    except KeyboardInterrupt:
        sys.stderr.write("\nsixtysix: interrupted\n")
        return _EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (as in `sixtysix rules | head -3`): stop quietly, and keep
        # Python from complaining when it flushes stdout at exit.
        with contextlib.suppress(OSError, ValueError, AttributeError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return _EXIT_OK
