"""``python -m sixtysix``: the same as the ``sixtysix`` command (see :mod:`sixtysix.cli`)."""

from __future__ import annotations

if __name__ == "__main__":
    from .cli import main

    raise SystemExit(main())
