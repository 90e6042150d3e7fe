"""The terminal play loop of ``sixtysix play``, written once for every game of the family.

:class:`PlaySession` runs a hand or a match for one person against bots on any
:class:`~sixtysix.game.Game`: it deals, asks the person (board, numbered moves, ``undo``,
``help``, ``board``, ``quit``), lets the bots play, narrates, scores, asks what next and
keeps the record. A game plugs in through a few small hooks (the methods that raise
:class:`NotImplementedError` below): the introduction, the deal and its header, the
narration, the scoring and the record; everything else has a default that a game may
override (the prompt, the move parser, extra commands such as ``hint``, a confirmation
before a losing move). :func:`run_session` runs a session on standard input and output
with the exit statuses of ``sixtysix play``.

:class:`Style` writes cards plainly (``QH``) or with suit symbols and colour (``Q♥``).
"""

from __future__ import annotations

import contextlib
import random
import re
import sys
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TextIO, TypeVar, cast

import attrs

from .._narration import _PLAIN as _PLAIN
from .._narration import Style as Style
from .._text import is_digits, lower, strip
from ..errors import ParseError
from ..game import Game
from ..moves import Play, parse_move
from ._common import _EXIT_INTERRUPTED, _EXIT_OK, _plural
from ._common import _Quit as _Quit

__all__: list[str] = []  # used by ``sixtysix play`` only


# ------------------------------------------------------------------------ card style


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


# ------------------------------------------------------------------------ helpers


class _Undo(Exception):
    """The person typed ``undo``."""


_QUIT_WORDS = ("q", "quit", "exit")
_UNDO_WORDS = ("u", "undo", "back", "takeback")


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


def _cli_error(message: str) -> Exception:
    """The command's error for exit status 1, ``sixtysix.cli._CliError``.

    Looked up when raised, not imported: the package may have been reloaded since this
    module was imported (its error class is then a new one).
    """
    error: type[Exception] = sys.modules[__package__ or "sixtysix.cli"]._CliError
    return error(message)


def _enable_line_editing(stdin: TextIO) -> None:
    """Arrow keys, line editing and history at the prompt, where readline exists."""
    try:
        tty = stdin.isatty()
    except (AttributeError, ValueError):
        tty = False
    if tty:
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (importing it is what makes input() use it)


# ------------------------------------------------------------------------ the session


class _Match(Protocol):
    """What the loop reads of a match between hands: whether it has a winner."""

    @property
    def winner(self) -> int | None: ...


class Player(Protocol):
    """A bot of any game: the move it chooses for a view (a :class:`~sixtysix.bots.Bot`)."""

    def choose(self, view: Any, rng: random.Random) -> Hashable: ...


class _Record(Protocol):
    """What the loop needs of a game or match record: its JSON text."""

    def to_json(self, *, indent: int | None = None) -> str: ...


StateT = TypeVar("StateT", bound=Hashable)
MoveT = TypeVar("MoveT", bound=Hashable)
ResultT = TypeVar("ResultT")
MatchT = TypeVar("MatchT", bound=_Match)
HandT = TypeVar("HandT")
RecordT = TypeVar("RecordT")

#: The person's decision points in a hand: (state, moves so far, the bots' rng state).
_History = list[tuple[StateT, int, object]]


@attrs.define(slots=False, eq=False)
class PlaySession(Generic[StateT, MoveT, ResultT, MatchT, HandT, RecordT]):
    """One person against bots on a :class:`~sixtysix.game.Game`: the loop and its hooks.

    Attributes:
        game: The game played (its rules inside).
        human: The person's seat in every hand.
        seed: The seed of the deals and of the bots' choices.
        whole_match: A whole match (``True``) or single hands.
        out: Where the text goes.
        read: How a line is read after a prompt (``input``).
        style: How cards are written.
        rng: The bots' random numbers.
        match: The match between hands (a single hand is a match nobody scores).
        games: The records of the finished hands.
        current: The hand in progress as the record needs it (``None`` between hands).
        moves: The text of the moves of the hand in progress.
    """

    #: What the person chooses, in messages: ``move`` or ``card``.
    noun: ClassVar[str] = "move"
    #: The text before the numbered list of legal moves.
    moves_label: ClassVar[str] = "Your moves: "
    #: The text of ``help``.
    help_text: ClassVar[str] = ""
    #: The words before "game record" / "match record" when the record is saved.
    record_label: ClassVar[str] = ""

    game: Game[StateT, Any, MoveT]
    human: int
    seed: int
    whole_match: bool
    out: TextIO
    read: Callable[[str], str]
    style: Style
    rng: random.Random
    match: MatchT
    games: list[RecordT] = attrs.field(init=False, factory=list)
    current: HandT | None = attrs.field(init=False, default=None)
    moves: list[str] = attrs.field(init=False, factory=list)

    def say(self, text: str = "") -> None:
        """Write one line."""
        self.out.write(text + "\n")

    # -------------------------------------------------------------- the game's hooks

    def intro(self) -> list[str]:
        """The lines before the first hand."""
        raise NotImplementedError

    def deal(self, m: MatchT) -> tuple[StateT, HandT, str]:
        """The next hand of ``m``: its state, what its record needs, and its header line."""
        raise NotImplementedError

    def player_at(self, seat: int) -> Player:
        """The bot at ``seat`` (any seat but the person's)."""
        raise NotImplementedError

    def narrate(self, before: StateT, move: MoveT, after: StateT) -> str:
        """What ``move`` did, in a sentence or two."""
        raise NotImplementedError

    def score(self, state: StateT) -> ResultT:
        """The result of the finished hand ``state``."""
        raise NotImplementedError

    def hand_over_lines(self, state: StateT, result: ResultT) -> list[str]:
        """How the hand ended and what it scores."""
        raise NotImplementedError

    def apply_result(self, m: MatchT, result: ResultT) -> MatchT:
        """The match after a hand with ``result``."""
        raise NotImplementedError

    def scoreline(self, m: MatchT) -> str:
        """The match score of ``m``, one line."""
        raise NotImplementedError

    def collected(self, before: MatchT, result: ResultT) -> int:
        """The carried game points that ``result`` collects in the match ``before`` it."""
        raise NotImplementedError

    def match_over_line(self, m: MatchT) -> str:
        """Who won the finished match ``m``, and by what score."""
        raise NotImplementedError

    def board_lines(self, state: StateT) -> list[str]:
        """The board as the person sees it, one fact a line."""
        raise NotImplementedError

    def refusal(self, state: StateT, typed: Hashable) -> str:
        """Why the move ``typed`` (as :meth:`parse` read it), which is not legal, is refused."""
        raise NotImplementedError

    def record_of_hand(self, result: ResultT | None) -> RecordT:
        """The record of the hand in progress (``result`` ``None``: unfinished)."""
        raise NotImplementedError

    def record(self) -> _Record | None:
        """The record of the game so far (``None``: nothing was played)."""
        raise NotImplementedError

    def skip_hand(self, m: MatchT) -> MatchT:
        """The match after a single hand, which keeps no score: ``new`` deals the next."""
        raise NotImplementedError

    # -------------------------------------------------------------- optional hooks

    def notes(self, state: StateT, moves: Sequence[MoveT]) -> list[str]:
        """Lines shown under the list of moves (none by default)."""
        return []

    def prompt(self, moves: Sequence[MoveT]) -> str:
        """The prompt of the person's turn."""
        return f"Your {self.noun}: "

    def enter_move(self, moves: Sequence[MoveT]) -> MoveT | None:
        """The move that Enter alone makes (none by default)."""
        return None

    def warning(self, state: StateT, move: MoveT) -> str | None:
        """A question to confirm before ``move`` is played (none by default)."""
        return None

    def declined(self, move: MoveT) -> str:
        """What to say when the person does not confirm ``move``."""
        return "Not played."

    def command(self, word: str, state: StateT, moves: Sequence[MoveT]) -> str | None:
        """The answer to a game's own command ``word`` (``None``: not a command)."""
        return None

    def parse(self, text: str) -> Hashable:
        """The move written ``text``; raises :class:`~sixtysix.ParseError` if unreadable."""
        return parse_move(text)

    # -------------------------------------------------------------- match and hands

    def run(self) -> None:
        """Play the hand or the match; returns at its end, or raises ``_Quit``/EOFError."""
        for line in self.intro():
            self.say(line)
        while self.play_hand() == "next":
            pass

    def play_hand(self) -> str:
        """Play one hand, then ask what next: ``"next"`` (another hand) or ``"leave"``.

        Until the person accepts the end of the hand, ``undo`` still takes back their
        last move: the hand goes on from there and its result is forgotten.
        """
        game = self.game
        m = self.match
        state, self.current, header = self.deal(m)
        self.moves = []
        self.say()
        self.say(header)
        history: _History[StateT] = []
        while True:
            while not game.is_over(state):
                seat = game.to_move(state)
                if seat == self.human:
                    try:
                        move, chose = self.ask(state)
                    except _Undo:
                        state = self.take_back(history, state)
                        continue
                    if chose:
                        history.append((state, len(self.moves), self.rng.getstate()))
                else:
                    assert seat is not None
                    chosen = self.player_at(seat).choose(game.observe(state, seat), self.rng)
                    move = cast(MoveT, chosen)  # the game's apply_move checks it
                after = game.apply_move(state, move)
                self.moves.append(str(move))
                self.say(self.narrate(state, move, after))
                state = after
            result = self.score(state)
            current = self.current
            self.games.append(self.record_of_hand(result))
            self.current = None
            self.say()
            for line in self.hand_over_lines(state, result):
                self.say(line)
            try:
                choice = self.after_hand(result, can_undo=bool(history))
            except _Undo:
                self.games.pop()
                self.current = current
                state = self.take_back(history, state)
                continue
            self.match = self.apply_result(m, result) if self.whole_match else self.skip_hand(m)
            return choice

    def _nothing_to_take_back(self) -> None:
        self.say(f"Nothing to take back: you have not chosen a {self.noun} in this hand.")

    def take_back(self, history: _History[StateT], state: StateT) -> StateT:
        """The position of the person's last choice (``state`` itself if there is none)."""
        if not history:
            self._nothing_to_take_back()
            return state
        state, count, rng_state = history.pop()
        del self.moves[count:]
        self.rng.setstate(rng_state)  # type: ignore[arg-type]
        self.say(f"Taken back: your last {self.noun} (and what followed) is undone.")
        return state

    def after_hand(self, result: ResultT, can_undo: bool) -> str:
        """The score, then the person's choice: ``"next"``, ``"leave"``, or ``_Undo``."""
        undo = ", undo" if can_undo else ""
        if self.whole_match:
            before = self.match
            m = self.apply_result(before, result)
            carried = self.collected(before, result)
            if carried:
                self.say(f"(with {_plural(carried, 'carried game point')})")
            self.say(self.scoreline(m))
            if m.winner is not None:
                self.say()
                self.say(self.match_over_line(m))
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
            if answer in _QUIT_WORDS:
                raise _Quit
            if answer in words:
                return words[answer]
            if words[""] == "next" and answer not in _UNDO_WORDS:
                return "next"  # as before: anything but quit (or undo) goes on
            if answer in _UNDO_WORDS:
                if can_undo:
                    raise _Undo
                self._nothing_to_take_back()
                continue
            choices = ", ".join(["Enter", *(w for w in words if len(w) > 1), "quit"])
            self.say(f"The hand is over: type {choices}{undo}.")

    # -------------------------------------------------------------- the person's turn

    def show_board(self, state: StateT) -> None:
        """An empty line, then the board, indented."""
        self.say()
        for line in self.board_lines(state):
            self.say("  " + line)

    def show_moves(self, moves: Sequence[MoveT]) -> None:
        """The numbered list of legal moves."""
        listed = "  ".join(f"{i}) {self.style.move(m)}" for i, m in enumerate(moves, 1))
        self.say("  " + self.moves_label + listed)

    def ask(self, state: StateT) -> tuple[MoveT, bool]:
        """The person's move, and whether they chose it (``False``: it was the only one)."""
        moves = self.game.legal_moves(state)
        self.show_board(state)
        if len(moves) == 1 and isinstance(moves[0], Play):
            self.say(f"  (your only legal card is {self.style.move(moves[0])})")
            return moves[0], False
        self.show_moves(moves)
        for line in self.notes(state, moves):
            self.say("  " + line)
        prompt = self.prompt(moves)
        enter = self.enter_move(moves)
        while True:
            typed = self.read(prompt)
            if enter is not None and not typed.strip():
                return enter, True
            move, problem = self.interpret(state, moves, typed)
            if move is not None:
                warning = self.warning(state, move)
                if warning is None or self.confirm(warning):
                    return move, True
                problem = self.declined(move)
            self.say(problem)
            self.show_moves(moves)

    def confirm(self, question: str) -> bool:
        """Whether the person answers yes to ``question`` (anything else is no)."""
        return lower(strip(self.read(f"{question} [y/N] "))) in ("y", "yes")

    def interpret(
        self, state: StateT, moves: Sequence[MoveT], typed: str
    ) -> tuple[MoveT | None, str]:
        """The move the person typed, or ``None`` and what to tell them instead."""
        text = strip(typed)
        word = lower(text)
        if word in _QUIT_WORDS:
            raise _Quit
        if word in ("?", "h", "help"):
            return None, self.help_text
        if word in _UNDO_WORDS:
            raise _Undo
        answer = self.command(word, state, moves)
        if answer is not None:
            return None, answer
        if word in ("b", "board"):
            return None, "\n".join("  " + line for line in self.board_lines(state))
        if not text:
            return None, f"Type a {self.noun}, or its number in the list."
        if is_digits(text):
            number = int(text)
            if 1 <= number <= len(moves):
                return moves[number - 1], ""
            return None, f"There is no {self.noun} number {number}; choose 1 to {len(moves)}."
        try:
            move = self.parse(text)
        except ParseError as exc:
            return None, f"Not understood: {exc}."
        legal = next((m for m in moves if m == move), None)
        if legal is not None:
            return legal, ""
        return None, self.refusal(state, move)

    # -------------------------------------------------------------- the record

    def save(self, path: str) -> None:
        """Write the record so far to ``path`` (or say that there is nothing to write)."""
        record = self.record()
        if record is None:
            self.say(f"Nothing was played, so no record is written to {path}.")
            return
        try:
            Path(path).write_text(record.to_json(indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            why = exc.strerror or exc
            raise _cli_error(f"cannot write the record to {path!r}: {why}") from None
        what = "match" if hasattr(record, "games") else "game"
        self.say(
            f"The {self.record_label}{what} record is saved in {path} "
            f"(`sixtysix replay {path}` shows it)."
        )


class HeadToHead(PlaySession[StateT, MoveT, ResultT, MatchT, HandT, RecordT]):
    """One person against one bot in a two-seat game: the seats, names and bot of both.

    Attributes:
        player: The computer's bot.
        bot: The computer's seat.
        names: The lower-case names of seats 0 and 1 (``"you"`` and ``"the computer"``).
    """

    def __init__(  # noqa: PLR0913 - the session's settings, each given once by run_session
        self,
        game: Game[StateT, Any, MoveT],
        human: int,
        seed: int,
        whole_match: bool,
        out: TextIO,
        read: Callable[[str], str],
        bot: Player,
        style: Style,
        match: MatchT,
    ) -> None:
        rng = random.Random(f"{seed}/bot")
        super().__init__(game, human, seed, whole_match, out, read, style, rng, match)
        self.player = bot
        self.bot = 1 - human
        self.names = ("you", "the computer") if human == 0 else ("the computer", "you")

    def player_at(self, seat: int) -> Player:
        return self.player


def run_session(session: PlaySession[Any, Any, Any, Any, Any, Any], save: str | None) -> int:
    """Run ``session``: its exit status, after the record is saved to ``save`` (if given)."""
    out = session.out
    status = _EXIT_OK
    try:
        session.run()
    except _Quit:
        out.write("You left the game.\n")
    except EOFError:
        out.write("\nEnd of input: the game is abandoned.\n")
    except KeyboardInterrupt:
        out.write("\nInterrupted: the game is abandoned.\n")
        status = _EXIT_INTERRUPTED
    if save is not None:
        session.save(save)
    if status == _EXIT_INTERRUPTED:
        sys.stderr.write("sixtysix: interrupted\n")
    return status
