"""``sixtysix play`` in a real pseudo-terminal: a whole game, with bad input mixed in.

The command runs as a subprocess whose standard input, output and error are the slave
side of a pty (stdlib :mod:`pty`), so it sees a terminal: suit symbols, colour and
readline line editing are on. The test answers every prompt the way a person would,
typing nonsense, out-of-range numbers, ``help`` and ``undo`` between real moves, and
checks that the game reaches its end, that the saved record replays, and that the
up-arrow key recalls the previous line (readline history) instead of typing ``^[[A``.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sixtysix.records import GameRecord, load_record, replay

pty = pytest.importorskip("pty", reason="the pty module exists on POSIX systems only")
pytest.importorskip("termios", reason="pseudo-terminals need termios (POSIX only)")

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]|[\x01\x02]")
_TIMEOUT = 60.0


class Terminal:
    """A subprocess attached to a pseudo-terminal, read and written like a person would."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        master, slave = pty.openpty()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "sixtysix", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.fd = master
        self.raw = ""
        self.seen = 0

    def read_until(self, *patterns: str) -> str | None:
        """Read until the unread output contains one of ``patterns`` (``None``: it ended)."""
        deadline = time.monotonic() + _TIMEOUT
        while True:
            text = self.text[self.seen :]
            hits = [(text.find(p), p) for p in patterns if p in text]
            if hits:
                at, pattern = min(hits)
                self.seen += at + len(pattern)
                return pattern
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {patterns}: {text[-2000:]!r}")
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # EIO: the child closed the terminal
                    chunk = b""
                if not chunk:
                    return None
                self.raw += chunk.decode("utf-8", errors="replace")

    @property
    def text(self) -> str:
        """Everything printed so far, without terminal control sequences and carriage returns."""
        return _ANSI.sub("", self.raw).replace("\r", "")

    def send(self, line: str) -> None:
        os.write(self.fd, line.encode("utf-8") + b"\r")

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=_TIMEOUT)
        finally:
            os.close(self.fd)


def _env(**extra: str) -> dict[str, str]:
    # The same interpreter, with sixtysix installed (editable or from the wheel).
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM", "COLUMNS")}
    env.update(TERM="xterm", PYTHONIOENCODING="utf-8", LANG="C.UTF-8", **extra)
    return env


def _moves_offered(terminal: Terminal) -> int:
    listed = terminal.text.rsplit("Your moves: ", 1)[1].splitlines()[0]
    return len(re.findall(r"\d+\) ", listed))


def test_a_whole_game_in_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    terminal = Terminal(["play", "--seed", "7", "--bot", "rule", "--save", str(path)], _env())
    # Bad entries first ("\x1b[A" is the up-arrow key), then a move, `undo`, and from
    # then on a real move at each prompt with a nonsense word before every third one.
    try:
        script = ["zz", "\x1b[A", "0", "999", "help", "marry X", "", "QQ", "hint", None, "undo"]
        turns = 0
        draws_by_enter = 0
        while True:
            hit = terminal.read_until("Your move: ", "Your move [draw]: ", "[y/N] ", "Press Enter")
            if hit is None:
                break
            if hit == "[y/N] ":  # a claim or close that loses: yes, really
                terminal.send("y")
                continue
            if hit == "Press Enter":  # the hand is over: leave
                assert terminal.read_until("undo): ") == "undo): "
                terminal.send("")
                continue
            if hit == "Your move [draw]: " and draws_by_enter < 2:
                draws_by_enter += 1
                terminal.send("")  # Enter draws
                continue
            turns += 1
            assert turns < 300, "the game does not end"
            entry = script.pop(0) if script else None
            if entry is None and turns % 3 == 0:
                script.append(None)
                entry = "nonsense"
            terminal.send(str(_moves_offered(terminal)) if entry is None else entry)
        status = terminal.close()
    finally:
        if terminal.proc.poll() is None:
            terminal.proc.kill()
    text = terminal.text
    assert status == 0, text[-3000:]
    assert "Hand over: " in text
    assert "The game record is saved in" in text
    # Each kind of bad entry got its explanation, and the game went on.
    assert "Not understood: not a move: 'zz'" in text
    assert "There is no move number 0; choose 1 to" in text
    assert "There is no move number 999; choose 1 to" in text
    assert "How to enter a move:" in text
    assert "Not understood: not a move: 'marry X'" in text
    assert "Type a move, or its number in the list." in text
    assert "Taken back: your last move (and what followed) is undone." in text
    assert "Not understood: not a move: 'nonsense'" in text
    # Enter at the decision after a won trick drew a card; the game waited at its end.
    assert draws_by_enter and re.search(r"Your move \[draw\]: \n?You draw ", text)
    assert "Press Enter to leave (or type new for another hand" in text
    # Readline: the up-arrow key brought back the previous line, "zz", instead of
    # sending the escape sequence itself.
    assert text.count("Not understood: not a move: 'zz'") >= 2
    assert "\\x1b" not in text and "^[[A" not in text
    # A terminal gets suit symbols and colour (hearts and diamonds in red).
    assert re.search("[♣♦♥♠]", text)
    assert "\x1b[31m" in terminal.raw
    assert "you" in text and "the computer" in text and "seat 0" not in text
    record = load_record(path.read_text(encoding="utf-8"))
    assert isinstance(record, GameRecord) and record.result is not None
    assert replay(record).is_over


def test_no_color_gives_plain_text_in_a_terminal() -> None:
    terminal = Terminal(["play", "--seed", "7", "--bot", "rule"], _env(NO_COLOR="1"))
    try:
        assert terminal.read_until("Your move: ") == "Your move: "
        terminal.send("quit")
        assert terminal.read_until("You left the game.") == "You left the game."
        status = terminal.close()
    finally:
        if terminal.proc.poll() is None:
            terminal.proc.kill()
    assert status == 0
    assert not re.search("[♣♦♥♠]", terminal.text)
    assert "\x1b[31m" not in terminal.raw and "\x1b[1m" not in terminal.raw
    assert re.search(r"Your hand: ([AKQJT9][CDHS] ?){6}\n", terminal.text)
