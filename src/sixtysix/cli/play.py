"""``sixtysix play``: one person against a built-in bot, in the terminal.

The board is drawn from the person's :class:`~sixtysix.PlayerView` only, so it shows
exactly what they may know: their hand, the opponent's card count (and the cards they
are known to hold), trump, the talon, the trick on the table, the last trick, the points
and, in a match, the score. Moves are typed in their text form or by number (after a
won trick, Enter draws); ``undo`` takes back the person's last move, also after the hand
has ended (until the next hand starts), ``hint`` shows the strongest bot's analysis of
each move (rules §2 lists the moves). The opponent is the ``strongest`` bot unless
``--level 1..5`` (weakest to strongest: :data:`~sixtysix.bots.registry.BOT_LEVELS`) or
``--bot NAME`` picks another. A claim short of 66, or a close after which the person
cannot reach 66, is confirmed first, with the game points it loses. ``--save FILE``
writes the game or match record that ``sixtysix replay`` reads.

On a terminal the cards get suit symbols and colour; with ``NO_COLOR`` set, or when
standard output is not a terminal, the text is plain ASCII (``QH``), which scripts can read.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import inspect
import random
import sys
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TextIO, cast

import attrs

from .._narration import _END_TEXT as _END_TEXT
from .._narration import Narrator as Narrator
from .._text import is_digits
from ..bots import Bot
from ..bots.registry import (
    BOT_LEVELS,
    BOT_NAMES,
    four_hand_bot_names,
    make_bot,
    two_hand_bot_names,
)
from ..cards import (
    CARDS,
    KING_QUEEN,
    POINTS,
    Card,
    cards_of,
    iter_mask,
    marriage_value,
    mask_points,
)
from ..engine import apply_move, deal_from_order, explain_illegal, shuffled_deck
from ..errors import SixtySixError
from ..game import TwoHandGame
from ..legality import rule_facts
from ..match import Match, apply_result, new_match
from ..moves import Claim, Close, Draw, Move, parse_move
from ..observe import PlayerView, observe
from ..records import GameRecord, MatchRecord
from ..rules import FailedClose, Rules
from ..scoring import HandResult, _failed_close, score_hand
from ..state import HandState
from ._common import (
    _fresh_seed,
    _plural,
    _positive,
    _rules_label,
    _rules_of,
)
from ._loop import _PLAIN, HeadToHead, _cli_error, _table, run_session
from ._loop import Style as Style
from ._loop import _enable_line_editing as _enable_line_editing
from ._loop import _Quit as _Quit
from ._loop import _Undo as _Undo
from ._options import add_game_options, add_seed_option, subcommand

#: Nothing here is public API: ``sixtysix.cli.main`` runs the command.
__all__: list[str] = []

#: How many worlds the strongest bot samples for a ``hint`` (a fixed count, no time limit).
HINT_SAMPLES = 200
#: The bot whose analysis ``hint`` shows.
HINT_BOT = "strongest"

#: The hand in progress as its record needs it: the pack, the dealer and the seed.
_Hand = tuple[tuple[Card, ...], int, str]

#: Keyword names under which a search bot may take its iteration budget, in order.
_BUDGET_NAMES = ("budget", "iterations", "samples", "worlds", "n_worlds", "simulations")


# ------------------------------------------------------------------------ narration


def last_trick(view: PlayerView) -> tuple[int, int, int, int] | None:
    """The last completed trick as ``(leader, led card, followed card, winner)``, or ``None``."""
    played = view.played
    complete = len(played) // 2
    if not complete:
        return None
    leader = 1 - view.dealer
    for k in range(complete):
        lead = played[2 * k]
        winner = 0 if (view.won[0] >> lead) & 1 else 1
        if k == complete - 1:
            return leader, lead, played[2 * k + 1], winner
        leader = winner
    raise AssertionError("unreachable")  # pragma: no cover


def board_lines(
    view: PlayerView, names: tuple[str, str], style: Style, score: str | None = None
) -> list[str]:
    """The board as the seat of ``view`` sees it, one fact per line.

    ``names`` are the lower-case names of seats 0 and 1 (the viewer is ``"you"``);
    ``score`` is the match score line, if any.
    """
    me, opp = view.seat, 1 - view.seat
    lines = []
    trump = f"Trump: {style.suit(view.trump)}."
    if view.talon_size == 0:
        talon = "The talon is exhausted."
    elif view.closed_by >= 0:
        closer = "you" if view.closed_by == me else names[view.closed_by]
        talon = f"The talon is closed (by {closer}): {_plural(view.talon_size, 'card')} face down."
    else:
        turnup = style.card(CARDS[view.talon_bottom])
        talon = f"Talon: {_plural(view.talon_size, 'card')}, turn-up {turnup}."
    lines.append(f"{trump} {talon}")
    if score:
        lines.append(score)
    trick = last_trick(view)
    if trick is not None:
        leader, lead, follow, winner = trick
        worth = POINTS[lead] + POINTS[follow]
        lines.append(
            f"Last trick: {names[leader]} led {style.card(CARDS[lead])}, "
            f"{names[1 - leader]} played {style.card(CARDS[follow])}; "
            f"{names[winner]} took it ({_plural(worth, 'point')})."
        )
    facts = []
    for seat in (me, opp):
        text = (
            f"{names[seat]} {view.points(seat)} "
            f"({_plural(view.tricks(seat), 'trick')}"
            + (f", {view.pending[seat]} pending" if view.pending[seat] else "")
            + ")"
        )
        facts.append(text)
    lines.append(f"Points: {', '.join(facts)}.")
    n = view.opponent_hand_size
    held = f"{names[opp][0].upper()}{names[opp][1:]} holds {_plural(n, 'card')}"
    known = view.opponent_known
    if known:
        held += f", among them {style.cards(known)}"
    lines.append(held + ".")
    if view.lead >= 0:
        lines.append(f"On the table: {names[view.leader]} led {style.card(CARDS[view.lead])}.")
    lines.append(f"Your hand: {style.cards(cards_of(view.hand_mask))}")
    return lines


def _most_points_after_close(view: PlayerView) -> int:
    """The most points the viewer can end with if the talon is closed now.

    Its points and pending marriages, every card point of its own hand and of the
    opponent's (the best the unseen cards could give), and the marriages it could still
    declare from its hand; a closed hand has no last-trick 10 (rules §1.6, §5).
    """
    me = view.seat
    total = view.points(me) + view.pending[me] + mask_points(view.hand_mask)
    known = view.opponent_known_mask
    possible = sorted(
        (POINTS[i] for i in iter_mask(view.unseen_mask & ~view.opponent_excluded_mask)),
        reverse=True,
    )
    hidden = view.opponent_hand_size - known.bit_count()
    total += mask_points(known) + sum(possible[:hidden])
    for suit in range(4):
        pair = KING_QUEEN[suit]
        if view.hand_mask & pair == pair and not view.declared >> (me * 4 + suit) & 1:
            total += marriage_value(suit, view.trump)
    return total


# ------------------------------------------------------------------------ the game


_PLAY_HELP = """\
How to enter a move:
  a card       QH, qh, 10H or Q♥ (rank A T K Q J 9 8 7, suit C D H S)
  marry H      declare the marriage of that suit, then lead its king or queen
  exchange     swap the exchange card (lowest trump) for the turn-up
  close        close the talon: no more drawing, strict play from now on
  draw         after winning a trick: draw instead of closing (or press Enter)
  claim        you have 66 or more: end the hand (a false claim loses)
  a number     the move with that number in the list
Commands:
  board        show the board again
  hint         what the strongest bot thinks of each move, and what it would play
  undo         take back your last move (and the computer's answer)
  help         this text
  quit         leave the game (with --save, the record so far is written)"""


def default_bot() -> str:
    """The default opponent: ``strongest`` where the search bots exist, else ``rule``."""
    if "strongest" not in BOT_NAMES:
        with contextlib.suppress(ImportError):
            importlib.import_module("sixtysix.search")
    return "strongest" if "strongest" in BOT_NAMES else "rule"


def hint_bot() -> Bot:
    """The bot whose analysis ``hint`` shows: :data:`HINT_BOT` with :data:`HINT_SAMPLES` worlds.

    Raises:
        sixtysix.cli._CliError: the bot cannot be made.
    """
    settings = {"worlds": HINT_SAMPLES, "min_worlds": HINT_SAMPLES, "time_limit": None}
    try:
        return make_bot(HINT_BOT, settings)
    except SixtySixError as exc:
        raise _cli_error(str(exc)) from None


def _budget_keyword(factory: Callable[..., object]) -> str | None:
    """The keyword under which ``factory`` takes an iteration budget, if any."""
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return None
    return next((name for name in _BUDGET_NAMES if name in params), None)


def build_bot(name: str, budget: int | None) -> Bot:
    """The opponent ``name`` from the bot registry, with ``budget`` iterations if given.

    Raises:
        sixtysix.cli._CliError: the bot takes no iteration budget, or cannot be made.
    """
    kwargs: dict[str, Any] = {}
    if budget is not None:
        factory = BOT_NAMES.get(name)
        if ":" in name:
            module, _, attr = name.partition(":")
            with contextlib.suppress(Exception):
                factory = getattr(importlib.import_module(module), attr)
        keyword = None if factory is None else _budget_keyword(factory)
        if keyword is None:
            raise _cli_error(
                f"the bot {name!r} takes no iteration budget, so --budget does not apply"
            )
        kwargs[keyword] = budget
    try:
        return make_bot(name, kwargs)
    except SixtySixError as exc:
        raise _cli_error(str(exc)) from None


class TerminalGame(HeadToHead[HandState, Move, HandResult, Match, _Hand, GameRecord]):
    """One person against a bot: the two-hand game's hooks of the play loop, and hints."""

    help_text = _PLAY_HELP

    def __init__(
        self,
        rules: Rules,
        human: int,
        seed: int,
        whole_match: bool,
        out: TextIO,
        read: Callable[[str], str],
        bot: Bot,
        style: Style = _PLAIN,
    ) -> None:
        match = new_match(rules, seed=seed, dealer=1 - human)
        super().__init__(
            TwoHandGame(rules), human, seed, whole_match, out, read, bot, style, match
        )
        self.rules = rules
        self.tell = Narrator(self.names, (human == 0, human == 1), style)
        self.hints = 0

    # -------------------------------------------------------------- the loop's hooks

    def intro(self) -> list[str]:
        what = "a match" if self.whole_match else "a hand"
        return [
            f"sixtysix play: {what} of {_rules_label(self.rules)} against the computer "
            f"({type(self.player).__name__}), seed {self.seed}.",
            "Type a move (QH, marry H, exchange, close, draw, claim) or its number;",
            "`help` lists the commands (undo, hint, board), `quit` leaves.",
        ]

    def deal(self, m: Match) -> tuple[HandState, _Hand, str]:
        seed = m.hand_seed
        assert seed is not None
        pack = tuple(shuffled_deck(self.rules, seed))
        state = deal_from_order(self.rules, pack, m.hand_dealer)
        dealer = "you deal" if state.dealer == self.human else "the computer deals"
        return state, (pack, m.hand_dealer, seed), f"=== Hand {m.hand_number + 1}: {dealer} ==="

    def narrate(self, before: HandState, move: Move, after: HandState) -> str:
        return self.tell.move(before, move, after)

    def score(self, state: HandState) -> HandResult:
        return score_hand(state)

    def hand_over_lines(self, state: HandState, result: HandResult) -> list[str]:
        return self.tell.result(state, result)

    def apply_result(self, m: Match, result: HandResult) -> Match:
        return apply_result(m, result)

    def skip_hand(self, m: Match) -> Match:
        return attrs.evolve(m, dealer=1 - m.dealer, hand_number=m.hand_number + 1)

    def collected(self, before: Match, result: HandResult) -> int:
        return before.carry if result.winner is not None else 0

    def scoreline(self, m: Match) -> str:
        carry = f"; {_plural(m.carry, 'game point')} carried" if m.carry else ""
        return (
            f"Score: you {m.scores[self.human]}, the computer {m.scores[self.bot]} "
            f"(match to {self.rules.match_target}{carry})."
        )

    def match_over_line(self, m: Match) -> str:
        who = "You win" if m.winner == self.human else "The computer wins"
        return (
            f"*** {who} the match, {m.scores[self.human]} to {m.scores[self.bot]}, "
            f"after {_plural(m.hand_number, 'hand')}. ***"
        )

    def board_lines(self, state: HandState) -> list[str]:
        score = self.scoreline(self.match) if self.whole_match else None
        return board_lines(observe(state, self.human), self.names, self.style, score)

    def parse(self, text: str) -> Move:
        return parse_move(text)

    def refusal(self, state: HandState, typed: Hashable) -> str:
        move = cast(Move, typed)  # what parse read
        reason = explain_illegal(state, move) or "not allowed here"
        return f"{self.style.move(move)} is not legal now: {reason}."

    def notes(self, state: HandState, moves: Sequence[Move]) -> list[str]:
        points = state.points(self.human)
        if Claim() in moves and points >= 66:
            return [
                f"You have {points} points: type `claim` to end the hand and score (66 is enough)."
            ]
        return []

    def prompt(self, moves: Sequence[Move]) -> str:
        # After a won trick the usual choice is to draw: Enter draws (rules §2.1).
        return "Your move [draw]: " if Draw() in moves else "Your move: "

    def enter_move(self, moves: Sequence[Move]) -> Move | None:
        return Draw() if Draw() in moves else None

    def declined(self, move: Move) -> str:
        return f"Not {'claimed' if isinstance(move, Claim) else 'closed'}."

    def command(self, word: str, state: HandState, moves: Sequence[Move]) -> str | None:
        return self.hint(state, moves) if word in ("hint", "hints") else None

    # -------------------------------------------------------------- warnings and hints

    def warning(self, state: HandState, move: Move) -> str | None:
        """What to ask before a claim or a close that loses by the person's own count.

        A claim short of 66 loses at once; a close loses when the person cannot reach 66
        even by taking every point still in play (the talon is out of play once closed).
        The game points at stake are the library's scoring of that ending
        (:func:`~sixtysix.score_hand`, rules §6), not a copy of it.
        """
        me = self.human
        points = state.points(me)
        other = "the computer"
        if isinstance(move, Claim):
            result = score_hand(apply_move(state, move))
            if result.winner == me:
                return None
            return (
                f"You have {_plural(points, 'point')}; claiming now loses "
                f"{_plural(result.game_points, 'game point')} (66 are needed). Claim anyway?"
            )
        if not isinstance(move, Close):
            return None
        best = _most_points_after_close(observe(state, me))
        if best >= 66:
            return None
        closed = apply_move(state, move)
        lost = _failed_close(closed)
        extra = ""
        if self.rules.failed_close is FailedClose.BY_CLOSER_POINTS and lost == 2:
            extra = f" (1 if you end with {self.rules.schneider_threshold} or more)"
        return (
            f"You have {_plural(points, 'point')}, and the cards left in play bring you at "
            f"most {best}: after closing you cannot reach 66, and {other} scores "
            f"{_plural(lost, 'game point')}{extra}. Close anyway?"
        )

    def hint(self, state: HandState, moves: Sequence[Move]) -> str:
        """The strongest bot's analysis of each legal move, best first, and its choice."""
        self.hints += 1
        rng = random.Random(f"{self.seed}/hint/{self.hints}")
        if not rule_facts(state.rules).plain_trick_game:
            return "Hints need the search, which does not know these rules (Mariage, rules §13)."
        analyst = hint_bot()
        analyse = getattr(analyst, "analyse", None)
        if analyse is None:
            return f"Hints need a bot that explains its moves; {HINT_BOT!r} does not."
        estimates, choice = analyse(observe(state, self.human), rng)
        ranked = sorted(moves, key=lambda m: -estimates[m].mean if m in estimates else 1e9)
        lines = [
            "Hint: the expected game points of each move for you "
            "(over deals of the cards you cannot see), best first:"
        ]
        rows = [
            (
                self.style.move(move),
                f"{estimates[move].mean:+.2f} ± {1.96 * estimates[move].stderr:.2f}",
                f"({_plural(int(estimates[move].samples), 'sample')})",
            )
            for move in ranked
            if move in estimates
        ]
        lines.extend("  " + line for line in _table(rows, right=(False, True, False)))
        lines.append(f"The strongest bot would play {self.style.move(choice)}.")
        return "\n".join(lines)

    # -------------------------------------------------------------- the record

    def record_of_hand(self, result: HandResult | None) -> GameRecord:
        """The record of the hand in progress (``result`` ``None``: unfinished)."""
        assert self.current is not None
        pack, dealer, seed = self.current
        return GameRecord(
            rules=self.rules,
            dealer=dealer,
            pack=pack,
            moves=tuple(self.moves),
            result=result,
            seed=seed,
            players=self.match.active_seats,
        )

    def record(self) -> GameRecord | MatchRecord | None:
        """The record of the game so far: a hand's, or the match's with ``--match``."""
        games = list(self.games)
        if self.current is not None and self.moves:
            games.append(self.record_of_hand(None))
        if not self.whole_match:
            # After `new`, the record of the last hand (the one in progress, if any).
            return games[-1] if games else None
        m = self.match
        return MatchRecord(
            rules=self.rules,
            seats=2,
            seed=self.seed,
            dealer=self.bot,
            games=tuple(games),
            scores=m.scores,
            winner=m.winner,
        )


def _cmd_play(args: argparse.Namespace) -> int:
    if args.game == "tausendeins":
        from .play_tausendeins import cmd_play_tausendeins

        return cmd_play_tausendeins(args)
    if args.game == "four-hand" and args.level is not None:
        raise _cli_error("--level is for the two-hand game; use --bot with --game four-hand")
    if args.game == "four-hand":
        from .play4 import cmd_play_four_hand

        return cmd_play_four_hand(args)
    if args.partner is not None or args.variant is not None:
        raise _cli_error("--partner and --variant are for --game four-hand")
    if args.bot is not None and ":" not in args.bot and args.bot not in two_hand_bot_names():
        known = ", ".join(two_hand_bot_names())
        raise _cli_error(
            f"the bot {args.bot!r} cannot play the two-hand game: use one of {known} "
            "(or --game four-hand)"
        )
    rules = _rules_of(args)
    seed = args.seed if args.seed is not None else _fresh_seed()
    name = args.bot
    if args.level is not None:
        if name is not None:
            raise _cli_error("--level and --bot both choose the opponent: give one of them")
        name = BOT_LEVELS[args.level - 1]
    if name is None and not rule_facts(rules).plain_trick_game:
        name = "rule"  # rules §13: the search bots do not know Mariage yet
    bot = build_bot(name or default_bot(), args.budget)
    _enable_line_editing(sys.stdin)
    game = TerminalGame(
        rules, args.seat, seed, args.match, sys.stdout, input, bot, Style.for_stream(sys.stdout)
    )
    return run_session(game, args.save)


def _level_arg(text: str) -> int:
    """Argparse type of ``--level``: a number from 1 to ``len(BOT_LEVELS)`` in ASCII digits."""
    if is_digits(text) and 1 <= int(text) <= len(BOT_LEVELS):
        return int(text)
    raise argparse.ArgumentTypeError(
        f"the level is a number from 1 (weakest) to {len(BOT_LEVELS)} (strongest), not {text!r}"
    )


def _bot_arg(text: str) -> str:
    """Argparse type of ``--bot``: a registered name or an import path."""
    if text in BOT_NAMES or ":" in text:
        return text
    default_bot()  # registers the search bots, where they exist
    if text in BOT_NAMES:
        return text
    known = ", ".join(two_hand_bot_names())
    four = ", ".join(four_hand_bot_names())
    raise argparse.ArgumentTypeError(
        f"unknown bot {text!r}: use one of {known} (four-hand: {four}), "
        "or an import path package.module:Class"
    )


#: The ``play`` line of ``sixtysix --help``.
_HELP = "play against the computer in the terminal (a hand, or a match with --match)"
_DESCRIPTION = (
    "Play a hand (or, with --match, a whole match) against the computer: "
    "by default the strongest built-in bot (`strongest`; --level 1 to 5 picks a "
    "weaker one, --bot any other). Type a move in its text "
    "form (QH, marry H, exchange, close, draw, claim; any case) or its number in the "
    "list shown (after a trick you won, Enter draws); `undo` takes back your last move, "
    "also after the hand has ended; a claim or close that loses by your own count is "
    "confirmed first; `hint` shows what the strongest bot "
    "thinks, `help` explains, `quit` leaves. Ctrl-C leaves with exit status 130, end "
    "of input with 0. Cards have suit symbols and colour on a terminal, unless "
    "NO_COLOR is set."
)


def add_parser(sub: Any) -> None:
    """Add the ``play`` subcommand to the subparsers ``sub`` of the ``sixtysix`` parser."""
    play = subcommand(sub, "play", _cmd_play, rules=True, help=_HELP, description=_DESCRIPTION)
    add_game_options(
        play,
        default="two-hand",
        games=("two-hand", "four-hand", "tausendeins"),
        game="two-hand (default): you against the computer; four-hand: you (seat 0) and a "
        "bot partner (seat 2) against two bots (seats 1 and 3); tausendeins: Tausendeins "
        "(1001, the TAUSENDEINS preset) against the computer",
        variants=("FOUR_HAND_66", "FOUR_HAND_24"),
        variant="four-hand only: the rule set (default FOUR_HAND_66)",
    )
    play.add_argument(
        "--partner",
        type=_bot_arg,
        metavar="NAME",
        help="four-hand only: your partner's bot (default: the same as --bot)",
    )
    play.add_argument(
        "--match",
        action="store_true",
        help="play a whole match (to 7 in the four-hand game), not one hand",
    )
    add_seed_option(play, "seed of the deals and the bot's choices")
    play.add_argument(
        "--bot",
        type=_bot_arg,
        metavar="NAME",
        help=f"your opponent: a bot name ({', '.join(two_hand_bot_names())}) or an import "
        "path package.module:Class (default: strongest); with --game four-hand the "
        f"opponents' bot ({', '.join(four_hand_bot_names())}; default partnership-rule); "
        "--game tausendeins plays tausendeins-rule",
    )
    levels = ", ".join(f"{i} {name}" for i, name in enumerate(BOT_LEVELS, 1))
    play.add_argument(
        "--level",
        type=_level_arg,
        metavar="N",
        help=f"your opponent by strength, weakest first: {levels} (default: "
        f"{len(BOT_LEVELS)}); instead of --bot",
    )
    play.add_argument(
        "--budget",
        type=_positive,
        metavar="N",
        help="the iteration budget of a search bot (pimc, ismcts); more is stronger and slower",
    )
    play.add_argument(
        "--seat",
        type=int,
        choices=(0, 1),
        default=0,
        help="your seat (default 0); the computer deals the first hand",
    )
    play.add_argument(
        "--save",
        metavar="FILE",
        help="write the game record (a match record with --match; after `new`, the last "
        "hand's) to FILE at the end, "
        "also when you leave early; `sixtysix replay FILE` reads it",
    )
