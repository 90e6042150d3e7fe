"""The ``sixtysix`` command: play, simulate, replay and look up rules in a terminal.

Run ``sixtysix --help`` (or ``python -m sixtysix --help``) for the subcommands:

* ``sixtysix play`` — play a hand (or a match, ``--match``) against the random player;
* ``sixtysix simulate`` — random-vs-random matches or hands, with a summary;
* ``sixtysix tournament BOT BOT ...`` — bots against bots over duplicate deals, with a
  report (confidence intervals, ratings, SPRT), on any number of cores or a Dask cluster;
* ``sixtysix replay FILE`` — check a game or match record and print it move by move;
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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn, TextIO

import attrs

from .._version import __version__
from ..bots import Bot, RandomBot, RuleBot
from ..cards import CARDS, POINTS, Suit
from ..engine import apply_move, explain_illegal, legal_moves
from ..errors import ParseError, SixtySixError
from ..match import Match, apply_result, new_match, next_hand
from ..moves import Claim, Close, Draw, Exchange, Marry, Move, Play, parse_move
from ..notation import render
from ..observe import observe
from ..play import play_hand, play_match
from ..records import GameRecord, MatchRecord, load_record, replay, replay_states
from ..rules import CLASSIC_66, PRESET_INFO, PRESETS, Rules, get_preset, preset_name
from ..scoring import HandEnd, HandResult, score_hand
from ..state import HandState, Step

__all__ = ["main"]

_EXIT_OK = 0
_EXIT_ERROR = 1
_EXIT_USAGE = 2
_EXIT_INTERRUPTED = 130

#: One line per preset for ``sixtysix rules`` (a test checks that every preset has one).
_PRESET_SUMMARIES: dict[str, str] = {n: i.summary for n, i in PRESET_INFO.items()}


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


def _count(text: str, low: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < low:
        raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
    return value


def _seed_arg(text: str) -> int:
    return _count(text, 0)


def _positive(text: str) -> int:
    return _count(text, 1)


def _read_text(path: str, what: str) -> str:
    """The text of ``path`` (``-`` is standard input), or a :class:`_CliError`."""
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
    """A parameter value as ``sixtysix rules`` prints it (and the docs' tables)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return "(" + ", ".join(str(v) for v in value) + ")"
    if isinstance(value, int):
        return str(value)
    return getattr(value, "name", str(value))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


#: The built-in players, by their command-line name.
_BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "rule": RuleBot}


def _fresh_seed() -> int:
    return random.SystemRandom().randrange(1_000_000)


# ------------------------------------------------------------------------ rules


def _cmd_rules(args: argparse.Namespace) -> int:
    out = sys.stdout
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


# ------------------------------------------------------------------------ telling a game


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


def _suit_name(suit: int) -> str:
    return Suit(suit).name.lower()


class _Narrator:
    """Sentences about moves and results, from one point of view.

    ``names`` are the lower-case names of hand seats 0 and 1 (``"you"`` takes the verb's
    base form); ``sees`` says whose drawn cards may be named.
    """

    def __init__(self, names: tuple[str, str], sees: tuple[bool, bool]) -> None:
        self.names = names
        self.sees = sees

    def subject(self, seat: int, verb: str) -> str:
        """``You play``, ``The bot plays``, ``Seat 1 passes``: capitalised."""
        name = self.names[seat]
        if name != "you":
            verb = verb + ("es" if verb.endswith(("s", "sh", "ch")) else "s")
        return f"{name[0].upper()}{name[1:]} {verb}"

    def move(self, before: HandState, move: Move, after: HandState) -> str:
        """What ``move`` (by the seat to move in ``before``) did, as one sentence or two."""
        seat = before.to_move
        assert seat is not None
        if isinstance(move, Play):
            card = move.card
            if before.step is Step.LEAD:
                return f"{self.subject(seat, 'lead')} {card}."
            winner = after.leader
            worth = POINTS[before.lead] + card.points
            text = (
                f"{self.subject(seat, 'play')} {card} on {CARDS[before.lead]}: "
                f"{self.subject(winner, 'take').lower()} the trick ({_plural(worth, 'point')})."
            )
            draws = self.draws(before, after, winner)
            if draws:
                text += " " + draws
            if after.is_over and (after.hands[0] | after.hands[1]):
                text += f" {self.subject(winner, 'reach')} 66: the hand ends."
            return text
        if isinstance(move, Marry):
            value = 40 if move.suit == before.trump else 20
            note = ""
            if after.pending[seat] > before.pending[seat]:
                note = f" (pending until {self.subject(seat, 'win').lower()} a trick)"
            text = (
                f"{self.subject(seat, 'declare')} the marriage in {_suit_name(move.suit)}: "
                f"{value}{note}."
            )
            if after.is_over:
                text += f" {self.subject(seat, 'reach')} 66: the hand ends."
            return text
        if isinstance(move, Exchange):
            return (
                f"{self.subject(seat, 'exchange')} {CARDS[after.talon[-1]]} for the turn-up "
                f"{CARDS[before.talon[-1]]}."
            )
        if isinstance(move, Close):
            return f"{self.subject(seat, 'close')} the talon."
        if isinstance(move, Draw):
            return self.draws(before, after, seat)
        assert isinstance(move, Claim)
        return f"{self.subject(seat, 'claim')} 66 with {_plural(before.points(seat), 'point')}."

    def draws(self, before: HandState, after: HandState, winner: int) -> str:
        """The draw after a trick (RULES.md §1.5): the winner first, then the loser."""
        if len(after.talon) != len(before.talon) - 2:
            return ""
        parts = []
        last = len(before.talon) == 2
        for seat, index in ((winner, before.talon[0]), (1 - winner, before.talon[1])):
            card = CARDS[index]
            if last and seat != winner:
                parts.append(f"{self.subject(seat, 'take').lower()} the turn-up {card}")
            elif self.sees[seat]:
                parts.append(f"{self.subject(seat, 'draw').lower()} {card}")
            else:
                parts.append(f"{self.subject(seat, 'draw').lower()} a card")
        text = f"{parts[0][0].upper()}{parts[0][1:]}, then {parts[1]}."
        if last:
            text += " The talon is exhausted."
        return text

    def result(self, state: HandState, result: HandResult) -> list[str]:
        """How the hand ended and what it scores."""
        w = result.winner
        if w is None:
            why = _END_TEXT[result.reason].format(w="nobody", l="nobody")
        else:
            why = _END_TEXT[result.reason].format(w=self.names[w], l=self.names[1 - w])
        points = ", ".join(
            f"{result.points[s]} for {self.names[s]} ({_plural(state.tricks(s), 'trick')})"
            for s in (0, 1)
        )
        lines = [f"Hand over: {why}.", f"Points: {points}."]
        if w is None:
            carry = f"; {_plural(result.carry, 'game point')} carried" if result.carry else ""
            lines.append(f"Nobody scores{carry}.")
        else:
            gained = _plural(result.game_points, "game point")
            lines.append(f"{self.subject(w, 'score')} {gained}.")
        return lines


# ------------------------------------------------------------------------ play


_PLAY_HELP = """\
How to enter a move:
  a card       QH, qh, 10H or Q♥ (rank A T K Q J 9 8 7, suit C D H S)
  marry H      declare the marriage of that suit, then lead its king or queen
  exchange     swap the exchange card (lowest trump) for the turn-up
  close        close the talon: no more drawing, strict play from now on
  draw         after winning a trick: draw instead of closing
  claim        you have 66 or more: end the hand (a false claim loses)
  a number     the move with that number in the list
  quit         leave the game"""


def _indent(text: str, prefix: str = "  ") -> str:
    return "\n".join(prefix + line for line in text.splitlines())


class _TerminalGame:
    """One person against a built-in bot (by default :class:`~sixtysix.RandomBot`)."""

    def __init__(
        self,
        rules: Rules,
        human: int,
        seed: int,
        whole_match: bool,
        out: TextIO,
        read: Callable[[str], str],
        bot: str = "random",
    ) -> None:
        self.rules = rules
        self.human = human
        self.bot = 1 - human
        self.seed = seed
        self.whole_match = whole_match
        self.out = out
        self.read = read
        self.player = _BOTS[bot]()
        self.bot_name = bot
        self.rng = random.Random(f"{seed}/bot")
        names = ("you", "the bot") if human == 0 else ("the bot", "you")
        sees = (human == 0, human == 1)
        self.tell = _Narrator(names, sees)

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def run(self) -> None:
        """Play the hand or the match; returns at its end, or raises ``_Quit``/EOFError."""
        label = _rules_label(self.rules)
        what = "a match" if self.whole_match else "a hand"
        self.say(
            f"sixtysix play: {what} of {label}; you are seat {self.human}, against the "
            f"{self.bot_name} bot (seed {self.seed})."
        )
        self.say("Type a move (QH, marry H, exchange, close, draw, claim) or its number;")
        self.say("`help` explains, `quit` leaves.")
        # The bot deals the first hand, so the person leads first.
        m = new_match(self.rules, seed=self.seed, dealer=self.bot)
        while True:
            result = self.play_hand(m)
            before = m
            m = apply_result(m, result)
            if not self.whole_match:
                return
            if result.winner is not None and before.carry:
                self.say(f"(with {_plural(before.carry, 'carried game point')})")
            self.say(self.scoreline(m))
            if m.winner is not None:
                who = "You win" if m.winner == self.human else "The bot wins"
                self.say()
                self.say(
                    f"*** {who} the match, {m.scores[self.human]} to {m.scores[self.bot]}, "
                    f"after {_plural(m.hand_number, 'hand')}. ***"
                )
                return
            answer = self.read("Press Enter for the next hand (or type quit): ")
            if answer.strip().lower() in ("q", "quit", "exit"):
                raise _Quit

    def scoreline(self, m: Match) -> str:
        carry = f", {m.carry} carried" if m.carry else ""
        return (
            f"Match to {self.rules.match_target}: you {m.scores[self.human]}, "
            f"the bot {m.scores[self.bot]}{carry}"
        )

    def play_hand(self, m: Match) -> HandResult:
        state = next_hand(m)
        dealer = "you deal" if state.dealer == self.human else "the bot deals"
        self.say()
        self.say(f"=== Hand {m.hand_number + 1}: {dealer} ===")
        if self.whole_match and m.hand_number:
            self.say(self.scoreline(m))
        while not state.is_over:
            if state.to_move == self.human:
                self.say()
                self.say(_indent(render(state, seat=self.human)))
                move = self.ask(state)
            else:
                move = self.player.choose(observe(state, self.bot), self.rng)
            after = apply_move(state, move)
            self.say(self.tell.move(state, move, after))
            state = after
        result = score_hand(state)
        self.say()
        for line in self.tell.result(state, result):
            self.say(line)
        return result

    def show_moves(self, moves: Sequence[Move]) -> None:
        self.say("  Legal moves: " + "  ".join(f"{i}) {m}" for i, m in enumerate(moves, 1)))

    def ask(self, state: HandState) -> Move:
        moves = legal_moves(state)
        if len(moves) == 1 and isinstance(moves[0], Play):
            self.say(f"  (your only legal card is {moves[0]})")
            return moves[0]
        self.show_moves(moves)
        while True:
            move, problem = self.interpret(state, moves, self.read("Your move: "))
            if move is not None:
                return move
            self.say(problem)
            self.show_moves(moves)

    def interpret(
        self, state: HandState, moves: Sequence[Move], typed: str
    ) -> tuple[Move | None, str]:
        """The move the player typed, or ``None`` and what was wrong with the entry."""
        text = typed.strip()
        word = text.lower()
        if word in ("q", "quit", "exit"):
            raise _Quit
        if word in ("?", "h", "help"):
            return None, _PLAY_HELP
        if not text:
            return None, "Type a move, or its number in the list."
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


def _cmd_play(args: argparse.Namespace) -> int:
    rules = _rules_of(args)
    seed = args.seed if args.seed is not None else _fresh_seed()
    game = _TerminalGame(rules, args.seat, seed, args.match, sys.stdout, input, args.bot)
    try:
        game.run()
    except _Quit:
        sys.stdout.write("You left the game.\n")
    except EOFError:
        sys.stdout.write("\nEnd of input: the game is abandoned.\n")
    return _EXIT_OK


# ------------------------------------------------------------------------ replay


def _cmd_replay(args: argparse.Namespace) -> int:
    path: str = args.file
    text = _read_text(path, "record file")
    name = "standard input" if path == "-" else path
    try:
        record = load_record(text)
        replay(record)  # checks every move and every result before anything is printed
    except SixtySixError as exc:
        raise _CliError(f"{name}: {exc}") from None
    out = sys.stdout
    if isinstance(record, GameRecord):
        out.write(f"Game record {name}: {_rules_label(record.rules)}")
        out.write(f", written by sixtysix {record.version}\n")
        _print_game(out, record, ("seat 0", "seat 1"))
    else:
        out.write(
            f"Match record {name}: {_rules_label(record.rules)}, {record.seats} seats, "
            f"{_plural(len(record.games), 'hand')}, written by sixtysix {record.version}\n"
        )
        m = Match(
            rules=record.rules,
            seats=record.seats,
            seed=record.seed,
            scores=(0,) * record.seats,
            dealer=record.dealer,
        )
        for number, game in enumerate(record.games, 1):
            out.write(f"\n=== Hand {number} ===\n")
            names = (f"seat {game.players[0]}", f"seat {game.players[1]}")
            _print_game(out, game, names)
            if game.result is not None:
                m = apply_result(m, game.result)
                scores = ", ".join(f"seat {s} {p}" for s, p in enumerate(m.scores))
                carry = f" ({m.carry} carried)" if m.carry else ""
                out.write(f"Match score: {scores}{carry}\n")
        if record.winner is not None:
            out.write(f"\nSeat {record.winner} won the match.\n")
        else:
            out.write("\nThe match is not finished.\n")
    out.write("The record is valid: every move is legal and every result is right.\n")
    return _EXIT_OK


def _print_game(out: TextIO, record: GameRecord, names: tuple[str, str]) -> None:
    """The deal, every move (numbered as in error messages), and the result."""
    tell = _Narrator(names, (True, True))
    states = list(replay_states(record))
    deal = states[0]
    seed = f", seed {record.seed!r}" if record.seed is not None else ""
    out.write(f"{tell.subject(deal.dealer, 'deal')}{seed}; trump {_suit_name(deal.trump)}, ")
    out.write(f"turn-up {deal.turnup}, talon {_plural(deal.talon_size, 'card')}\n")
    width = max(len(n) for n in names)
    for seat in (0, 1):
        hand = " ".join(str(c) for c in deal.hand(seat))
        out.write(f"  {names[seat]:<{width}}  {hand}\n")
    for number, (move_text, before, after) in enumerate(
        zip(record.moves, states, states[1:], strict=False), 1
    ):
        out.write(f"{number:>4}. {tell.move(before, parse_move(move_text), after)}\n")
    final = states[-1]
    if record.result is None:
        out.write(f"The hand is not finished: {names[final.to_move or 0]} is to move.\n")
        return
    for line in tell.result(final, record.result):
        out.write(line + "\n")


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
        help="play against a built-in bot (the random player) in the terminal",
        description="Play a hand (or, with --match, a whole match) against a built-in bot, "
        "by default the random player. Type a move in its text form (QH, marry H, "
        "exchange, close, draw, claim; any case) or its number in the list shown; `help` "
        "explains, `quit` leaves. Ctrl-C leaves with exit status 130, end of input with 0.",
    )
    _add_rules_options(play)
    play.add_argument("--match", action="store_true", help="play a whole match, not one hand")
    play.add_argument(
        "--seed", type=_seed_arg, metavar="N", help="seed of the deals and the bot's choices"
    )
    play.add_argument(
        "--bot",
        choices=sorted(_BOTS),
        default="random",
        help="your opponent: the random player (default) or the rule-based RuleBot",
    )
    play.add_argument(
        "--seat",
        type=int,
        choices=(0, 1),
        default=0,
        help="your seat (default 0); the bot deals the first hand",
    )
    play.set_defaults(handler=_cmd_play)

    from . import simulate, tournament  # they import this module's helpers

    simulate.add_parser(sub)
    tournament.add_parser(sub)

    replay_cmd = sub.add_parser(
        "replay",
        help="check a game or match record and print it move by move",
        description="Read a game or match record (JSON, as GameRecord.to_json() or "
        "MatchRecord.to_json() writes it), check every move and every result, and print "
        "the game move by move. An invalid record is reported with exit status 1.",
    )
    replay_cmd.add_argument("file", metavar="FILE", help="the record file (- reads stdin)")
    replay_cmd.set_defaults(handler=_cmd_replay)

    rules = sub.add_parser(
        "rules",
        help="list the presets, or print one rule set",
        description="Without PRESET, list the presets; with it, print every parameter "
        "(values that differ from CLASSIC_66 are marked *).",
    )
    which = rules.add_mutually_exclusive_group()
    which.add_argument("preset", nargs="?", type=_preset_arg, metavar="PRESET")
    which.add_argument("--rules-file", metavar="FILE", help="print a JSON rules file instead")
    rules.add_argument("--json", action="store_true", help="print JSON (Rules.to_dict())")
    rules.set_defaults(handler=_cmd_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``sixtysix`` command with ``argv`` (default ``sys.argv[1:]``).

    Returns the exit status instead of exiting: 0 success, 1 a game or rules error,
    2 a usage error, 130 interrupted. Output goes to ``sys.stdout``, errors to
    ``sys.stderr``.

    >>> main(["rules"])
    Presets (`sixtysix rules NAME` prints one):
    <BLANKLINE>
      CLASSIC_66 ...
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
    except (_CliError, SixtySixError) as exc:
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
            try:
                os.dup2(devnull, sys.stdout.fileno())
            finally:
                os.close(devnull)
        return _EXIT_OK
