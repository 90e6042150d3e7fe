"""``strongest``: the strongest two-hand bot the library can configure today.

For now an alias of :class:`~sixtysix.bots.PimcBot` at its measured default budget
(16 to 64 worlds per decision, ``exact_talon=2``, a cautious close; see the strength
table of the search page), with a per-move time limit as a guard for the rare decision
that would take longer. It will become a stronger bot later under the same name, so
``sixtysix play`` and scripts that ask for ``strongest`` keep getting the best one.

>>> from sixtysix.bots.registry import make_bot
>>> make_bot("strongest").time_limit, make_bot("strongest", {"time_limit": None}).worlds
(0.8, 64)
"""

from __future__ import annotations

from typing import Any

from .pimc import PimcBot

__all__ = ["STRONGEST_TIME_LIMIT", "strongest_bot"]

#: The default wall-clock limit of one decision of :func:`strongest_bot`, in seconds.
STRONGEST_TIME_LIMIT = 0.8


def strongest_bot(
    worlds: int = 64, time_limit: float | None = STRONGEST_TIME_LIMIT, **kwargs: Any
) -> PimcBot:
    """The strongest two-hand bot: today a :class:`~sixtysix.bots.PimcBot`.

    Args:
        worlds: The most worlds sampled per decision (the iteration budget).
        time_limit: Seconds one decision may take at most (``None``: no limit, so the
            moves depend only on the seed, not on the machine's speed).
        kwargs: Other :class:`~sixtysix.bots.PimcBot` settings, to override the defaults.

    Raises:
        SixtySixError: a setting is out of range.
    """
    return PimcBot(worlds=worlds, time_limit=time_limit, **kwargs)
