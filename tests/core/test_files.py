"""sixtysix._files: reading a user's file, with errors that name it."""

from __future__ import annotations

from pathlib import Path

import pytest

from sixtysix import _files
from sixtysix.errors import TournamentError


def test_text_is_utf8_with_newlines_as_open_reads_them(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_bytes('{\r\n"seed": "\u00fc"\r}\n'.encode())
    assert _files.read_text(path, "record file", TournamentError) == '{\n"seed": "\u00fc"\n}\n'
    path.write_bytes(b"\xff")
    with pytest.raises(TournamentError, match=r"^record file '.*r\.json' is not UTF-8 text$"):
        _files.read_text(path, "record file", TournamentError)


def test_each_os_error_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(TournamentError, match=r"^journal '.*nope' does not exist$"):
        _files.read_bytes(tmp_path / "nope", "journal", TournamentError)
    with pytest.raises(TournamentError, match="is a directory, not a file"):
        _files.read_bytes(tmp_path, "journal", TournamentError)
    with pytest.raises(TournamentError, match=r"^cannot read journal 'xxx.*': File name too long"):
        _files.read_bytes("x" * 5000, "journal", TournamentError)
