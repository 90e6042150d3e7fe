"""``sixtysix replay FILE --html OUT``: a record as a viewer page, a journal as pages.

A game or match record (two-hand or four-hand) becomes one HTML file
(:func:`sixtysix.viewer.record_html`); a tournament journal (``sixtysix tournament
--out``) becomes a directory with one page per game of every deal and an ``index.html``
(:func:`sixtysix.viewer.journal.write_tournament_html`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..errors import SixtySixError
from ..partnership.records import load_record as p4_load_record
from ..records import load_record
from ..tausendeins.records import load_record as t1_load_record
from .replay4 import is_four_hand
from .replay1001 import is_tausendeins

__all__: list[str] = []  # used by the replay command only


def _error(message: str) -> Exception:
    error: type[Exception] = sys.modules[__package__ or "sixtysix.cli"]._CliError
    return error(message)


def _is_journal(text: str) -> bool:
    first = text.split("\n", 1)[0]
    try:
        header = json.loads(first)
    except ValueError:
        return False
    return isinstance(header, dict) and header.get("format") == "sixtysix-tournament-journal"


def write_html(path: str, text: str, name: str, out: str) -> int:
    """Write the page(s) of the record or journal ``text`` (read from ``path``) to ``out``."""
    if _is_journal(text):
        from ..tournament import read_journal
        from ..viewer.journal import write_tournament_html

        if path == "-":
            raise _error("a tournament journal is read from a file, not from standard input")
        try:
            tournament, deals, _ = read_journal(path)
            pages = write_tournament_html(tournament, deals.values(), out)
        except SixtySixError as exc:
            raise _error(f"{name}: {exc}") from None
        sys.stdout.write(
            f"Wrote {len(pages) - 1} game pages and {Path(out) / 'index.html'} "
            f"for the tournament journal {name}.\n"
        )
        return 0
    from ..viewer import record_html

    try:
        read = p4_load_record if is_four_hand(text) else load_record
        record = t1_load_record(text) if is_tausendeins(text) else read(text)
        page = record_html(record)
    except SixtySixError as exc:
        raise _error(f"{name}: {exc}") from None
    try:
        Path(out).write_text(page, encoding="utf-8")
    except OSError as exc:
        raise _error(f"cannot write {out!r}: {exc.strerror or exc}") from None
    sys.stdout.write(f"Wrote {out} ({len(page.encode()) // 1024 + 1} KB), a page for {name}.\n")
    return 0


def tournament_html(tournament: object, deals: object, out: str) -> None:
    """``sixtysix tournament --html DIR``: the pages of the deals just played."""
    from ..tournament import Tournament
    from ..viewer.journal import write_tournament_html

    assert isinstance(tournament, Tournament)
    assert isinstance(deals, tuple)
    try:
        pages = write_tournament_html(tournament, deals, out)
    except SixtySixError as exc:
        raise _error(str(exc)) from None
    sys.stderr.write(
        f"sixtysix: wrote {len(pages) - 1} game pages and {Path(out) / 'index.html'}\n"
    )
