r"""Progress display for a tournament: a tqdm bar if tqdm is installed, else a plain line.

:func:`progress_bar` returns a progress callback for
:func:`~sixtysix.tournament.run_tournament` and a function that closes the display.
tqdm is the optional extra ``sixtysix[tqdm]``; without it the bar is a line redrawn in
place (``\r``) with the deals done, the rate and the time left.

>>> import io
>>> out = io.StringIO()
>>> update, close = progress_bar(out, use_tqdm=False)
>>> update(5, 10, 9)
>>> close()
>>> "5/10 deals" in out.getvalue()
True
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from typing import Any, TextIO

from .runner import Progress

__all__ = ["progress_bar"]


def _clock(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def progress_bar(
    stream: TextIO, *, use_tqdm: bool = True, unit: str = "deals"
) -> tuple[Progress, Callable[[], None]]:
    """A progress callback drawing on ``stream``, and the function that ends the display."""
    if use_tqdm:
        try:
            tqdm: Any = importlib.import_module("tqdm").tqdm
        except ImportError:
            pass
        else:
            bar = tqdm(total=0, unit=unit[:-1], file=stream, dynamic_ncols=True, leave=False)

            def update_tqdm(done: int, total: int, hands: int) -> None:
                if bar.total != total:
                    bar.total = total
                bar.n = done
                bar.set_postfix_str(f"{hands} hands", refresh=False)
                bar.refresh()

            return update_tqdm, bar.close

    start = time.perf_counter()
    state = {"first": -1, "last": 0.0, "shown": False}

    def update(done: int, total: int, hands: int) -> None:
        now = time.perf_counter()
        if state["first"] < 0:
            state["first"] = done  # deals resumed from a journal do not count for the rate
        if done < total and now - state["last"] < 0.1:
            return
        state["last"] = now
        elapsed = max(now - start, 1e-9)
        rate = (done - state["first"]) / elapsed
        left = f"  ETA {_clock((total - done) / rate)}" if rate > 0 and done < total else ""
        width = 30
        filled = width * done // total if total else width
        bar = "#" * filled + "." * (width - filled)
        stream.write(f"\r[{bar}] {done}/{total} {unit}  {rate:,.1f} {unit}/s{left} ")
        stream.flush()
        state["shown"] = True

    def close() -> None:
        if state["shown"]:
            stream.write("\r" + " " * 79 + "\r")
            stream.flush()

    return update, close
