"""Reading a user's file with errors that name it (internal: the CLI, the tournament journal)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path


def read_bytes(
    path: str | os.PathLike[str], what: str, error: Callable[[str], Exception]
) -> bytes:
    """The bytes of the file ``path`` (``what`` it is, for messages).

    Raises:
        Exception: ``error(message)`` when the file does not exist, is a directory or
            cannot be read; the message names ``what`` and the path.
    """
    name = str(path)
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise error(f"{what} {name!r} does not exist") from None
    except IsADirectoryError:
        raise error(f"{what} {name!r} is a directory, not a file") from None
    except OSError as exc:
        raise error(f"cannot read {what} {name!r}: {exc.strerror or exc}") from None


def read_text(path: str | os.PathLike[str], what: str, error: Callable[[str], Exception]) -> str:
    """The UTF-8 text of the file ``path``, newlines read as ``open`` reads them.

    Raises:
        Exception: ``error(message)`` as :func:`read_bytes`, or when the file is not UTF-8.
    """
    try:
        text = read_bytes(path, what, error).decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{what} {str(path)!r} is not UTF-8 text") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")
