"""``sixtysix replay`` for Tausendeins records (kinds ``tausendeins-deal``, ``tausendeins-match``).

:func:`is_tausendeins` tells a Tausendeins record by its ``kind``; :func:`print_tausendeins`
checks it with :func:`sixtysix.tausendeins.replay` and prints it move by move: the deal,
every move (the auction, talon, discards and contract in the contract game), the result,
and for a game to 1001 the totals after every deal.

>>> import io
>>> from sixtysix import tausendeins as t1
>>> record = t1.record_deal(t1.TAUSENDEINS, ["AC"], seed=7)
>>> is_tausendeins(record.to_json()), is_tausendeins('{"kind": "game"}'), is_tausendeins("[")
(True, False, False)
>>> out = io.StringIO()
>>> print_tausendeins(out, t1.load_record(record.to_json()), "deal.json")
>>> print(out.getvalue().splitlines()[0])
Tausendeins deal record deal.json: TAUSENDEINS, written by sixtysix ...
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TextIO

from .. import tausendeins as t1
from ..cards import Card
from ..tausendeins.records import _walk
from ..viewer.hooks import t1_say
from ._match_text import has_kind, print_match

__all__: list[str] = []  # used by the replay command only

_NAMES = ("seat 0", "seat 1")


def is_tausendeins(text: str | bytes) -> bool:
    """Whether ``text`` is JSON whose ``kind`` starts with ``tausendeins``."""
    return has_kind(text, "tausendeins")


def _print_deal(out: TextIO, record: t1.DealRecord, card: Callable[[Card], str]) -> None:
    states = list(t1.replay_states(record))
    deal = states[0]
    seed = f", seed {record.seed!r}" if record.seed is not None else ""
    out.write(f"Seat {deal.dealer} deals{seed}; totals {record.scores[0]}-{record.scores[1]}\n")
    for seat in (0, 1):
        out.write(f"  seat {seat}: {' '.join(card(c) for c in deal.hand(seat))}\n")
    for number, (before, after) in enumerate(itertools.pairwise(states), 1):
        out.write(f"{number:>3}. {t1_say(before, record.moves[number - 1], after, _NAMES)}\n")
    r = record.result
    if r is None:
        out.write("The deal is not finished.\n")
        return
    out.write(
        f"Result: points {r.points[0]}-{r.points[1]} (tricks {r.tricks[0]}-{r.tricks[1]}, "
        f"marriages {r.marriage_points[0]}-{r.marriage_points[1]})"
    )
    if r.declarer is not None:
        made = "made" if r.made else "missed"
        out.write(f"; seat {r.declarer} {made} the contract of {r.contract}")
    out.write(f"; added {r.added[0]:+d} and {r.added[1]:+d}\n")


def print_tausendeins(
    out: TextIO,
    record: t1.DealRecord | t1.MatchRecord,
    name: str,
    card: Callable[[Card], str] = str,
) -> None:
    """Check ``record`` (every move and result) and print it; ``card`` writes a card."""
    t1.replay(record)  # before anything is printed
    label = t1.preset_name(record.rules) or "house rules"
    if isinstance(record, t1.DealRecord):
        out.write(
            f"Tausendeins deal record {name}: {label}, written by sixtysix {record.version}\n"
        )
        _print_deal(out, record, card)
    else:
        deals = len(record.games)
        out.write(
            f"Tausendeins game record {name}: {label}, a game to {record.rules.target}, "
            f"{deals} deal{'s' * (deals != 1)}, written by sixtysix {record.version}\n"
        )
        print_match(
            out,
            _walk(record),
            lambda game: _print_deal(out, game, card),
            lambda m: f"seat 0 {m.scores[0]}, seat 1 {m.scores[1]}",
            lambda seat: f"Seat {seat}",
        )
    out.write("The record is valid: every move is legal and every result is right.\n")
