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
import os
import random
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs

from .._text import is_digits, lower, strip
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
    Suit,
    cards_of,
    iter_mask,
    marriage_value,
    mask_points,
)
from ..engine import apply_move, deal_from_order, explain_illegal, legal_moves, shuffled_deck
from ..errors import ParseError, SixtySixError
from ..match import Match, apply_result, new_match
from ..moves import Claim, Close, Draw, Exchange, Marry, Move, Play, parse_move
from ..observe import PlayerView, observe
from ..records import GameRecord, MatchRecord
from ..rules import FailedClose, Rules
from ..scoring import HandEnd, HandResult, _failed_close, score_hand
from ..state import HandState, Step
from . import (
    _EXIT_INTERRUPTED,
    _EXIT_OK,
    _add_rules_options,
    _fresh_seed,
    _plural,
    _positive,
    _Quit,
    _rules_label,
    _rules_of,
    _seed_arg,
    _suit_name,
)

#: Nothing here is public API: ``sixtysix.cli.main`` runs the command.
__all__: list[str] = []

#: How many worlds the strongest bot samples for a ``hint`` (a fixed count, no time limit).
HINT_SAMPLES = 200
#: The bot whose analysis ``hint`` shows.
HINT_BOT = "strongest"

#: Keyword names under which a search bot may take its iteration budget, in order.
_BUDGET_NAMES = ("budget", "iterations", "samples", "worlds", "n_worlds", "simulations")

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


# ------------------------------------------------------------------------ card style


class Style:
    """How cards, suits and moves are written: plain ASCII, or symbols with colour.

    ``symbols`` writes ``Q♥`` and ``10♥`` instead of ``QH`` and ``TH``; ``colour`` paints
    hearts and diamonds red and the other suits in the terminal's bold (ANSI codes).
    """

    def __init__(self, symbols: bool = False, colour: bool = False) -> None:
        self.symbols = symbols
        self.colour = colour and symbols

    @classmethod
    def for_stream(cls, stream: TextIO, environ: dict[str, str] | None = None) -> Style:
        """Symbols and colour on a terminal that can print them, unless ``NO_COLOR`` is set."""
        env = os.environ if environ is None else environ
        if "NO_COLOR" in env or env.get("TERM") == "dumb":
            return cls()
        try:
            tty = stream.isatty()
        except (AttributeError, ValueError):
            tty = False
        if not tty:
            return cls()
        try:
            "♣♦♥♠".encode(stream.encoding or "ascii")
        except (LookupError, UnicodeEncodeError):
            return cls()
        return cls(symbols=True, colour=True)

    def paint(self, text: str, suit: int) -> str:
        """``text`` in the colour of ``suit`` (unchanged without colour)."""
        if not self.colour:
            return text
        code = "31" if suit in (Suit.DIAMONDS, Suit.HEARTS) else "1"
        return f"\x1b[{code}m{text}\x1b[0m"

    def card(self, card: Card) -> str:
        """One card: ``QH`` or ``Q♥``."""
        if not self.symbols:
            return str(card)
        rank = "10" if card.rank.letter == "T" else card.rank.letter
        return self.paint(rank + card.suit.symbol, card.suit)

    def cards(self, cards: Sequence[Card]) -> str:
        """Cards separated by spaces, or ``none``."""
        return " ".join(self.card(c) for c in cards) if cards else "none"

    def suit(self, suit: int) -> str:
        """A suit by name, with its symbol when symbols are on: ``♥ hearts``."""
        name = _suit_name(suit)
        if not self.symbols:
            return name
        return f"{self.paint(Suit(suit).symbol, suit)} {name}"

    def move(self, move: Move) -> str:
        """A move as the player may type it: ``QH``/``Q♥``, ``marry H``/``marry ♥``."""
        if isinstance(move, Play):
            return self.card(move.card)
        if isinstance(move, Marry) and self.symbols:
            return "marry " + self.paint(move.suit.symbol, move.suit)
        return str(move)


_PLAIN = Style()


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _width(text: str) -> int:
    """How many columns ``text`` takes on a terminal (colour codes take none)."""
    return len(_ANSI.sub("", text))


def _table(rows: Sequence[Sequence[str]], right: Sequence[bool]) -> list[str]:
    """``rows`` as lines of aligned columns, two spaces apart (``right``: right-aligned).

    Widths are measured without the colour codes, so coloured cards line up too.
    """
    if not rows:
        return []
    widths = [max(_width(row[k]) for row in rows) for k in range(len(right))]
    lines = []
    for row in rows:
        cells = []
        for text, width, flush in zip(row, widths, right, strict=True):
            pad = " " * (width - _width(text))
            cells.append(pad + text if flush else text + pad)
        lines.append("  ".join(cells).rstrip())
    return lines


# ------------------------------------------------------------------------ narration


class Narrator:
    """Sentences about moves and results, from one point of view.

    ``names`` are the lower-case names of hand seats 0 and 1 (``"you"`` takes the verb's
    base form); ``sees`` says whose drawn cards may be named.
    """

    def __init__(
        self, names: tuple[str, str], sees: tuple[bool, bool], style: Style = _PLAIN
    ) -> None:
        self.names = names
        self.sees = sees
        self.style = style

    def subject(self, seat: int, verb: str) -> str:
        """``You play``, ``The computer plays``, ``Seat 1 passes``: capitalised."""
        name = self.names[seat]
        if name != "you":
            verb = verb + ("es" if verb.endswith(("s", "sh", "ch")) else "s")
        return f"{name[0].upper()}{name[1:]} {verb}"

    def move(self, before: HandState, move: Move, after: HandState) -> str:
        """What ``move`` (by the seat to move in ``before``) did, as one sentence or two."""
        seat = before.to_move
        assert seat is not None
        card_text = self.style.card
        if isinstance(move, Play):
            card = move.card
            if before.step is Step.LEAD:
                return f"{self.subject(seat, 'lead')} {card_text(card)}."
            winner = after.leader
            worth = POINTS[before.lead] + card.points
            text = (
                f"{self.subject(seat, 'play')} {card_text(card)} on "
                f"{card_text(CARDS[before.lead])}: "
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
                f"{self.subject(seat, 'exchange')} {card_text(CARDS[after.talon[-1]])} for "
                f"the turn-up {card_text(CARDS[before.talon[-1]])}."
            )
        if isinstance(move, Close):
            return f"{self.subject(seat, 'close')} the talon."
        if isinstance(move, Draw):
            return self.draws(before, after, seat)
        assert isinstance(move, Claim)
        return f"{self.subject(seat, 'claim')} 66 with {_plural(before.points(seat), 'point')}."

    def draws(self, before: HandState, after: HandState, winner: int) -> str:
        """The draw after a trick (rules §1.5): the winner first, then the loser."""
        if len(after.talon) != len(before.talon) - 2:
            return ""
        parts = []
        last = len(before.talon) == 2
        for seat, index in ((winner, before.talon[0]), (1 - winner, before.talon[1])):
            card = self.style.card(CARDS[index])
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


# ------------------------------------------------------------------------ the board


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


class _Undo(Exception):
    """The player typed ``undo``."""


_UNDO_WORDS = ("u", "undo", "back", "takeback")


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


def _cli_error(message: str) -> Exception:
    """The command's error for exit status 1, ``sixtysix.cli._CliError``.

    Looked up when raised, not imported: the package may have been reloaded since this
    module was imported (its error class is then a new one).
    """
    error: type[Exception] = sys.modules[__package__ or "sixtysix.cli"]._CliError
    return error(message)


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


class TerminalGame:
    """One person against a bot: the board, the prompt, undo, hints and the record."""

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
        self.rules = rules
        self.human = human
        self.bot = 1 - human
        self.seed = seed
        self.whole_match = whole_match
        self.out = out
        self.read = read
        self.player = bot
        self.rng = random.Random(f"{seed}/bot")
        self.style = style
        self.names = ("you", "the computer") if human == 0 else ("the computer", "you")
        self.tell = Narrator(self.names, (human == 0, human == 1), style)
        self.match: Match = new_match(rules, seed=seed, dealer=self.bot)
        self.games: list[GameRecord] = []
        #: The hand in progress: its pack, dealer, seed and the moves so far.
        self.current: tuple[tuple[Card, ...], int, str] | None = None
        self.moves: list[str] = []
        self.hints = 0

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    # -------------------------------------------------------------- match and hands

    def run(self) -> None:
        """Play the hand or the match; returns at its end, or raises ``_Quit``/EOFError."""
        label = _rules_label(self.rules)
        what = "a match" if self.whole_match else "a hand"
        self.say(
            f"sixtysix play: {what} of {label} against the computer "
            f"({type(self.player).__name__}), seed {self.seed}."
        )
        self.say("Type a move (QH, marry H, exchange, close, draw, claim) or its number;")
        self.say("`help` lists the commands (undo, hint, board), `quit` leaves.")
        while True:
            if self.play_hand() == "leave":
                return

    def scoreline(self, m: Match) -> str:
        carry = f"; {_plural(m.carry, 'game point')} carried" if m.carry else ""
        return (
            f"Score: you {m.scores[self.human]}, the computer {m.scores[self.bot]} "
            f"(match to {self.rules.match_target}{carry})."
        )

    def play_hand(self) -> str:
        """Play one hand, then ask what next: ``"next"`` (another hand) or ``"leave"``.

        Until the person accepts the end of the hand, ``undo`` still takes back their
        last move: the hand goes on from there and its result is forgotten.
        """
        m = self.match
        seed = m.hand_seed
        assert seed is not None
        pack = tuple(shuffled_deck(self.rules, seed))
        state = deal_from_order(self.rules, pack, m.hand_dealer)
        self.current = (pack, m.hand_dealer, seed)
        self.moves = []
        dealer = "you deal" if state.dealer == self.human else "the computer deals"
        self.say()
        self.say(f"=== Hand {m.hand_number + 1}: {dealer} ===")
        # The human's decision points of this hand: (state, moves so far, bot rng state).
        history: list[tuple[HandState, int, object]] = []
        while True:
            while not state.is_over:
                if state.to_move == self.human:
                    try:
                        move, chose = self.ask(state)
                    except _Undo:
                        state = self.take_back(history, state)
                        continue
                    if chose:
                        history.append((state, len(self.moves), self.rng.getstate()))
                else:
                    move = self.player.choose(observe(state, self.bot), self.rng)
                after = apply_move(state, move)
                self.moves.append(str(move))
                self.say(self.tell.move(state, move, after))
                state = after
            result = score_hand(state)
            current = self.current
            self.games.append(self.record_of_hand(result))
            self.current = None
            self.say()
            for line in self.tell.result(state, result):
                self.say(line)
            try:
                choice = self.after_hand(result, can_undo=bool(history))
            except _Undo:
                self.games.pop()
                self.current = current
                state = self.take_back(history, state)
                continue
            if self.whole_match:
                self.match = apply_result(m, result)
            else:
                # Single hands keep no score: `new` deals the seed's next hand.
                self.match = attrs.evolve(m, dealer=1 - m.dealer, hand_number=m.hand_number + 1)
            return choice

    def take_back(
        self, history: list[tuple[HandState, int, object]], state: HandState
    ) -> HandState:
        """The position of the person's last choice (``state`` itself if there is none)."""
        if not history:
            self.say("Nothing to take back: you have not chosen a move in this hand.")
            return state
        state, count, rng_state = history.pop()
        del self.moves[count:]
        self.rng.setstate(rng_state)  # type: ignore[arg-type]
        self.say("Taken back: your last move (and what followed) is undone.")
        return state

    def after_hand(self, result: HandResult, can_undo: bool) -> str:
        """The score, then the person's choice: ``"next"``, ``"leave"``, or ``_Undo``."""
        undo = ", undo" if can_undo else ""
        if self.whole_match:
            before = self.match
            m = apply_result(before, result)
            if result.winner is not None and before.carry:
                self.say(f"(with {_plural(before.carry, 'carried game point')})")
            self.say(self.scoreline(m))
            if m.winner is not None:
                who = "You win" if m.winner == self.human else "The computer wins"
                self.say()
                self.say(
                    f"*** {who} the match, {m.scores[self.human]} to {m.scores[self.bot]}, "
                    f"after {_plural(m.hand_number, 'hand')}. ***"
                )
                if not can_undo:
                    return "leave"
                prompt, enter = "Press Enter to finish (or type undo): ", "leave"
            else:
                prompt, enter = f"Press Enter for the next hand (or type quit{undo}): ", "next"
            words = {"": enter}
        else:
            prompt = f"Press Enter to leave (or type new for another hand{undo}): "
            words = {"": "leave", "new": "next", "n": "next"}
        while True:
            try:
                answer = lower(strip(self.read(prompt)))
            except EOFError:
                if self.whole_match and words[""] == "next":
                    raise
                return "leave"  # the hand is over: nothing is abandoned
            if answer in ("q", "quit", "exit"):
                raise _Quit
            if answer in words:
                return words[answer]
            if words[""] == "next" and answer not in _UNDO_WORDS:
                return "next"  # as before: anything but quit (or undo) goes on
            if answer in _UNDO_WORDS:
                if can_undo:
                    raise _Undo
                self.say("Nothing to take back: you have not chosen a move in this hand.")
                continue
            choices = ", ".join(["Enter", *(w for w in words if len(w) > 1), "quit"])
            self.say(f"The hand is over: type {choices}{undo}.")

    # -------------------------------------------------------------- the person's turn

    def show_board(self, state: HandState) -> None:
        score = self.scoreline(self.match) if self.whole_match else None
        view = observe(state, self.human)
        self.say()
        for line in board_lines(view, self.names, self.style, score):
            self.say("  " + line)

    def show_moves(self, moves: Sequence[Move]) -> None:
        listed = "  ".join(f"{i}) {self.style.move(m)}" for i, m in enumerate(moves, 1))
        self.say("  Your moves: " + listed)

    def ask(self, state: HandState) -> tuple[Move, bool]:
        """The person's move, and whether they chose it (``False``: it was the only one)."""
        moves = legal_moves(state)
        self.show_board(state)
        if len(moves) == 1 and isinstance(moves[0], Play):
            self.say(f"  (your only legal card is {self.style.move(moves[0])})")
            return moves[0], False
        self.show_moves(moves)
        points = state.points(self.human)
        if Claim() in moves and points >= 66:
            self.say(
                f"  You have {points} points: type `claim` to end the hand and score "
                "(66 is enough)."
            )
        # After a won trick the usual choice is to draw: Enter draws (rules §2.1).
        prompt = "Your move [draw]: " if Draw() in moves else "Your move: "
        while True:
            typed = self.read(prompt)
            if not typed.strip() and Draw() in moves:
                return Draw(), True
            move, problem = self.interpret(state, moves, typed)
            if move is not None:
                warning = self.warning(state, move)
                if warning is None or self.confirm(warning):
                    return move, True
                problem = f"Not {'claimed' if isinstance(move, Claim) else 'closed'}."
            self.say(problem)
            self.show_moves(moves)

    def confirm(self, question: str) -> bool:
        """Whether the person answers yes to ``question`` (anything else is no)."""
        return lower(strip(self.read(f"{question} [y/N] "))) in ("y", "yes")

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

    def interpret(
        self, state: HandState, moves: Sequence[Move], typed: str
    ) -> tuple[Move | None, str]:
        """The move the player typed, or ``None`` and what to tell them instead."""
        text = strip(typed)
        word = lower(text)
        if word in ("q", "quit", "exit"):
            raise _Quit
        if word in ("?", "h", "help"):
            return None, _PLAY_HELP
        if word in _UNDO_WORDS:
            raise _Undo
        if word in ("hint", "hints"):
            return None, self.hint(state, moves)
        if word in ("b", "board"):
            view = observe(state, self.human)
            score = self.scoreline(self.match) if self.whole_match else None
            return None, "\n".join(
                "  " + line for line in board_lines(view, self.names, self.style, score)
            )
        if not text:
            return None, "Type a move, or its number in the list."
        if is_digits(text):
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
        return None, f"{self.style.move(move)} is not legal now: {reason}."

    def hint(self, state: HandState, moves: Sequence[Move]) -> str:
        """The strongest bot's analysis of each legal move, best first, and its choice."""
        self.hints += 1
        rng = random.Random(f"{self.seed}/hint/{self.hints}")
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


def _write_record(game: TerminalGame, path: str, out: TextIO) -> None:
    record = game.record()
    if record is None:
        out.write(f"Nothing was played, so no record is written to {path}.\n")
        return
    try:
        Path(path).write_text(record.to_json(indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        raise _cli_error(f"cannot write the record to {path!r}: {exc.strerror or exc}") from None
    what = "match" if isinstance(record, MatchRecord) else "game"
    out.write(f"The {what} record is saved in {path} (`sixtysix replay {path}` shows it).\n")


def _enable_line_editing(stdin: TextIO) -> None:
    """Arrow keys, line editing and history at the prompt, where readline exists."""
    try:
        tty = stdin.isatty()
    except (AttributeError, ValueError):
        tty = False
    if tty:
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (importing it is what makes input() use it)


def _cmd_play(args: argparse.Namespace) -> int:
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
    bot = build_bot(name or default_bot(), args.budget)
    _enable_line_editing(sys.stdin)
    style = Style.for_stream(sys.stdout)
    out = sys.stdout
    game = TerminalGame(rules, args.seat, seed, args.match, out, input, bot, style)
    status = _EXIT_OK
    try:
        game.run()
    except _Quit:
        out.write("You left the game.\n")
    except EOFError:
        out.write("\nEnd of input: the game is abandoned.\n")
    except KeyboardInterrupt:
        out.write("\nInterrupted: the game is abandoned.\n")
        status = _EXIT_INTERRUPTED
    if args.save is not None:
        _write_record(game, args.save, out)
    if status == _EXIT_INTERRUPTED:
        sys.stderr.write("sixtysix: interrupted\n")
    return status


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


def add_parser(sub: Any) -> None:
    """Add the ``play`` subcommand to the subparsers ``sub`` of the ``sixtysix`` parser."""
    play = sub.add_parser(
        "play",
        help="play against the computer in the terminal (a hand, or a match with --match)",
        description="Play a hand (or, with --match, a whole match) against the computer: "
        "by default the strongest built-in bot (`strongest`; --level 1 to 5 picks a "
        "weaker one, --bot any other). Type a move in its text "
        "form (QH, marry H, exchange, close, draw, claim; any case) or its number in the "
        "list shown (after a trick you won, Enter draws); `undo` takes back your last move, "
        "also after the hand has ended; a claim or close that loses by your own count is "
        "confirmed first; `hint` shows what the strongest bot "
        "thinks, `help` explains, `quit` leaves. Ctrl-C leaves with exit status 130, end "
        "of input with 0. Cards have suit symbols and colour on a terminal, unless "
        "NO_COLOR is set.",
    )
    _add_rules_options(play)
    play.add_argument(
        "--game",
        choices=("two-hand", "four-hand"),
        default="two-hand",
        help="two-hand (default): you against the computer; four-hand: you (seat 0) and a "
        "bot partner (seat 2) against two bots (seats 1 and 3)",
    )
    play.add_argument(
        "--variant",
        choices=("FOUR_HAND_66", "FOUR_HAND_24"),
        help="four-hand only: the rule set (default FOUR_HAND_66)",
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
    play.add_argument(
        "--seed", type=_seed_arg, metavar="N", help="seed of the deals and the bot's choices"
    )
    play.add_argument(
        "--bot",
        type=_bot_arg,
        metavar="NAME",
        help=f"your opponent: a bot name ({', '.join(two_hand_bot_names())}) or an import "
        "path package.module:Class (default: strongest); with --game four-hand the "
        f"opponents' bot ({', '.join(four_hand_bot_names())}; default partnership-rule)",
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
    play.set_defaults(handler=_cmd_play)
