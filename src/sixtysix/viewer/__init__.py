"""Watch a game in the browser: one self-contained HTML page per record.

:func:`record_html` turns a game or match record (two-hand or four-hand) into one HTML
file that needs nothing from outside (no network, no script or font files): the position
drawn as SVG (:func:`sixtysix.svg.position_svg`) at every move, with every hand face up
or as one seat sees it, the move list as a clickable side panel, a slider, the keys
:kbd:`←` :kbd:`→` :kbd:`Home` :kbd:`End` (and :kbd:`PgUp` :kbd:`PgDn` between hands), the
result of each hand and the match score. :func:`write_journal_html` writes one page per
deal of a tournament journal, and an index.

The pictures and texts of every position are computed here, in Python, packed as JSON
(each card's picture kept once), compressed with gzip and embedded as base64; the page's
script unpacks them with the browser's ``DecompressionStream``. :func:`page_data` reads
them back, which is how the tests check a page without a browser:

>>> from sixtysix import CLASSIC_66, legal_moves
>>> from sixtysix.play import play_hand
>>> from sixtysix.svg import position_svg
>>> record = play_hand(CLASSIC_66, lambda s, _: legal_moves(s)[0],
...                    lambda s, _: legal_moves(s)[-1], seed=3)
>>> page = record_html(record)
>>> page.startswith("<!DOCTYPE html>") and "http" not in page.split("<body>")[1]
True
>>> data = page_data(page)
>>> [hand] = data["hands"]
>>> len(hand["frames"]) == len(record.moves) + 1
True
>>> from sixtysix.records import replay
>>> picture(data, 0, -1, 0) == position_svg(replay(record))
True

The game-specific part is a small :class:`GameHook` per record
type (the states of a record, the picture and text of a state or view); see
:func:`register_hook`.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import re
from collections.abc import Sequence
from typing import Any

from .. import _hooks
from .._version import __version__
from ..cards import CARDS
from ..errors import SixtySixError
from ..svg import _back, _face
from ._page import CSS, PAGE, SCRIPT
from .hooks import GameHook, HandPlay, hook_for, register_hook

__all__ = [
    "GameHook",
    "HandPlay",
    "page_data",
    "picture",
    "record_html",
    "register_hook",
    "show_data",
]

#: The marker that stands for a card's picture in the packed SVG (then the card's text).
_MARK = "\x01"


def _inner(group: str) -> str:
    """The content of an SVG ``<g ...>...</g>`` string."""
    return group[group.index(">") + 1 : -len("</g>")]


def card_table() -> dict[str, str]:
    """The inside of each card's picture (``"??"``: a card back), as the page expands it."""
    table = {str(card): _inner(_face(card, 0, 0)) for card in CARDS}
    table["??"] = _inner(_back(0, 0))
    return table


def _packer(table: dict[str, str]) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(body) for body in sorted(table.values(), key=len)[::-1]))


def show_data(
    record: Any, *, names: Sequence[str] | None = None, title: str | None = None
) -> dict[str, Any]:
    """What a viewer page shows of ``record``, as JSON-ready data (pictures unpacked).

    Raises:
        SixtySixError: ``record`` is no record the viewer knows, or ``names`` are not
            one name per seat.
        RecordError: the record does not replay (an illegal move, a wrong result).
    """
    hook: GameHook = hook_for(record)
    hands = hook.hands(record, names)
    return {
        "title": title or hook.title(record),
        "summary": hook.summary(record, names),
        "hands": [_hand_data(hook, hand) for hand in hands],
    }


def _hand_data(hook: GameHook, hand: HandPlay) -> dict[str, Any]:
    seats = len(hand.names)
    views = ["every hand face up", *(f"as {name} sees it" for name in hand.names)]
    frames = []
    for i, state in enumerate(hand.states):
        frame: dict[str, Any] = {
            "p": [
                hook.picture(state, seat, hand.names, hand.score) for seat in (None, *range(seats))
            ],
            "t": [hook.text(state, seat) for seat in (None, *range(seats))],
        }
        if i:
            before = hand.states[i - 1]
            move = hand.moves[i - 1]
            frame["m"] = move
            frame["w"] = hand.names[before.to_move]
            frame["s"] = hook.say(before, move, state, hand.names)
        frames.append(frame)
    deal = hand.states[0]
    return {
        "title": hand.title,
        "names": list(hand.names),
        "views": views,
        "deal": f"{hand.names[deal.dealer]} deals; {hand.names[deal.to_move]} is to move first.",
        "frames": frames,
        "result": list(hand.result),
        "after": hand.after,
    }


def _pack(data: dict[str, Any]) -> str:
    table = card_table()
    back = {body: key for key, body in table.items()}
    pattern = _packer(table)
    for hand in data["hands"]:
        for frame in hand["frames"]:
            frame["p"] = [pattern.sub(lambda m: _MARK + back[m.group(0)], p) for p in frame["p"]]
    data["cards"] = table
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=True).encode("ascii")
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


def record_html(
    record: Any, *, names: Sequence[str] | None = None, title: str | None = None
) -> str:
    """One self-contained HTML page that steps through ``record``.

    Args:
        record: A two-hand :class:`~sixtysix.records.GameRecord` or
            :class:`~sixtysix.records.MatchRecord`, or a four-hand
            :class:`~sixtysix.partnership.HandRecord` or
            :class:`~sixtysix.partnership.MatchRecord` (or a record of a game whose
            hook was registered).
        names: A name for each seat of the match (default ``seat 0``, ``seat 1``, ...).
        title: The page's title (default: the game, rules and number of hands).

    Raises:
        SixtySixError: not a record the viewer shows, or bad ``names``.
        RecordError: the record does not replay.
    """
    data = show_data(record, names=names, title=title)
    return PAGE.format(
        version=__version__,
        title=html.escape(data["title"]),
        css=CSS,
        data=_pack(data),
        script=SCRIPT,
    )


_DATA = re.compile(r'<script id="sixtysix-data" type="application/octet-stream">([^<]*)</script>')


def page_data(page: str) -> dict[str, Any]:
    """The data embedded in a viewer page (pictures still packed; see :func:`picture`).

    Raises:
        SixtySixError: ``page`` is not a viewer page, or its data is damaged.
    """
    found = _DATA.search(page)
    if found is None:
        raise SixtySixError("this is not a sixtysix viewer page (it has no game data)")
    try:
        data = json.loads(gzip.decompress(base64.b64decode(found.group(1), validate=True)))
    except (ValueError, OSError, EOFError):
        raise SixtySixError("the game data of this viewer page is damaged") from None
    if not isinstance(data, dict):
        raise SixtySixError("the game data of this viewer page is damaged")
    return data


def picture(data: dict[str, Any], hand: int, frame: int, view: int) -> str:
    """The SVG a page shows for ``hand``, ``frame`` and ``view`` (0: every hand face up).

    ``data`` is what :func:`page_data` returns; the picture is expanded as the page's
    script expands it.
    """
    packed: str = data["hands"][hand]["frames"][frame]["p"][view]
    table: dict[str, str] = data["cards"]
    return re.sub(_MARK + "(..)", lambda m: table[m.group(1)], packed)


# The page that sixtysix.svg.record_html returns (sixtysix._hooks).
_hooks.record_html.register(lambda record, names: record_html(record, names=names))
