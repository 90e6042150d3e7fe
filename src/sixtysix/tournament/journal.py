"""The journal of a tournament: one JSON line per finished deal, to resume from.

The first line is a header that names the format and records the whole tournament
(:meth:`~sixtysix.tournament.Tournament.to_dict`); every further line is one
:class:`~sixtysix.tournament.DealResult`, appended (and flushed) as soon as it arrives,
in the order deals finish. A run killed part-way leaves a journal whose lines are all
complete except perhaps the last one, which :func:`read_journal` drops (that deal is
played again); any other damage is an error.

>>> import tempfile, pathlib
>>> from sixtysix.tournament import BotSpec, Tournament, run_tournament
>>> t = Tournament((BotSpec("rule"), BotSpec("random")), deals=3, seed=2)
>>> path = pathlib.Path(tempfile.mkdtemp()) / "run.jsonl"
>>> _ = run_tournament(t, executor="inline", journal=path)
>>> again, deals, torn = read_journal(path)
>>> again == t, sorted(deals), torn
(True, [0, 1, 2], False)
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import IO, Any

from .. import _files
from .._version import __version__
from ..errors import TournamentError
from .results import DealResult
from .schedule import Tournament

__all__ = ["JournalWriter", "open_journal", "read_journal"]

#: The value of the header's ``"format"`` key.
_FORMAT = "sixtysix-tournament-journal"
_FORMAT_VERSION = 1


def _header(tournament: Tournament) -> dict[str, Any]:
    return {
        "format": _FORMAT,
        "format_version": _FORMAT_VERSION,
        "sixtysix": __version__,
        "tournament": tournament.to_dict(),
    }


class JournalWriter:
    """Appends deal results to a journal file, one flushed line each."""

    def __init__(self, file: IO[str]) -> None:
        self._file = file

    def write(self, deal: DealResult) -> None:
        """Append ``deal`` as one line and flush it to the operating system."""
        self._file.write(json.dumps(deal.to_dict(), separators=(",", ":")) + "\n")
        self._file.flush()

    def close(self) -> None:
        """Close the file."""
        self._file.close()


def _read_lines(path: Path) -> tuple[list[bytes], bool]:
    """The complete lines of ``path`` and whether a torn last line followed them."""
    data = _files.read_bytes(path, "journal", TournamentError)
    lines = data.split(b"\n")
    torn = lines.pop() != b""
    return lines, torn


def read_journal(
    path: str | os.PathLike[str], tournament: Tournament | None = None
) -> tuple[Tournament, dict[int, DealResult], bool]:
    """The tournament of a journal, its deal results by job, and whether a line was torn.

    Args:
        path: The journal file.
        tournament: If given, the journal must be this tournament's.

    Raises:
        TournamentError: the file is missing or unreadable, is not a tournament journal,
            belongs to another tournament, or has a corrupt or duplicate line.
    """
    path = Path(path)
    name = str(path)
    lines, torn = _read_lines(path)
    if not lines:
        if torn:
            raise TournamentError(f"{name!r} is not a sixtysix tournament journal")
        raise TournamentError(f"journal {name!r} is empty")
    try:
        header = json.loads(lines[0])
    except (json.JSONDecodeError, UnicodeDecodeError):
        header = None
    if not isinstance(header, dict) or header.get("format") != _FORMAT:
        raise TournamentError(
            f"{name!r} is not a sixtysix tournament journal (its first line is no journal header)"
        )
    if header.get("format_version") != _FORMAT_VERSION:
        raise TournamentError(
            f"journal {name!r} has format version {header.get('format_version')!r}; "
            f"this sixtysix reads version {_FORMAT_VERSION}"
        )
    if tournament is not None:
        if header.get("tournament") != tournament.to_dict():
            raise TournamentError(
                f"journal {name!r} belongs to another tournament (other bots, rules, deals, "
                "seed or format); resume it with the tournament that wrote it"
            )
        found = tournament
    else:
        found = Tournament.from_dict(header.get("tournament") or {})
    deals: dict[int, DealResult] = {}
    pairs = found.pairs
    planned = found.deals * len(pairs)
    for number, line in enumerate(lines[1:], 2):
        try:
            deal = DealResult.from_dict(json.loads(line))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise TournamentError(f"journal {name!r}, line {number}: not JSON ({exc})") from None
        except TournamentError as exc:
            raise TournamentError(f"journal {name!r}, line {number}: {exc}") from None
        if not 0 <= deal.job < planned or pairs[deal.job % len(pairs)] != deal.pair:
            raise TournamentError(
                f"journal {name!r}, line {number}: deal result {deal.job} is not a job of "
                "this tournament"
            )
        if deal.job in deals:
            raise TournamentError(
                f"journal {name!r}, line {number}: deal result {deal.job} appears twice"
            )
        deals[deal.job] = deal
    return found, deals, torn


def open_journal(
    path: str | os.PathLike[str], tournament: Tournament, *, resume: bool = False
) -> tuple[JournalWriter, dict[int, DealResult]]:
    """Open a journal for writing: a new one, or (``resume``) an existing one to continue.

    A new journal must not exist yet (or be empty). Resuming reads the deals already
    done, cuts off a torn last line, and appends after them.

    Raises:
        TournamentError: a new journal exists; the journal to resume is missing, is not
            this tournament's, or is corrupt (see :func:`read_journal`).
    """
    path = Path(path)
    if not resume:
        if path.exists() and (not path.is_file() or path.stat().st_size > 0):
            raise TournamentError(
                f"{str(path)!r} already exists: resume it with --resume, or remove it"
            )
        try:
            file = path.open("w", encoding="utf-8")
        except OSError as exc:
            raise TournamentError(f"cannot write journal {str(path)!r}: {exc.strerror}") from None
        writer = JournalWriter(file)
        file.write(json.dumps(_header(tournament), separators=(",", ":")) + "\n")
        file.flush()
        return writer, {}
    _, deals, torn = read_journal(path, tournament)
    if torn:
        data = path.read_bytes()
        with path.open("r+b") as raw:
            raw.truncate(data.rfind(b"\n") + 1)
    return JournalWriter(path.open("a", encoding="utf-8")), deals
