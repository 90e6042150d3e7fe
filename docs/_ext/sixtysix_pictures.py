"""Pictures in the docs, drawn by :mod:`sixtysix.svg` when the site is built.

The directive ``sixtysix-picture`` deals a hand, plays some moves and draws the position
(or draws a row of cards); the SVG goes inline into the HTML page, and a copy is written
to ``_images/sixtysix/`` in the build so it can be opened on its own. Nothing is stored in
the repository: the pictures always show what the library does now.

In a MyST page::

    ```{sixtysix-picture}
    :rules: CLASSIC_66
    :pack: AH TH KH QH JH 9H AS TS KS QS JS 9S AD TD KD QD JD 9D AC TC KC QC JC 9C
    :dealer: 0
    :moves: AH 9H close
    :seat: 0
    :names: you, the computer
    :score: 2 3
    :caption: Seat 1 took the first trick and closed the talon.
    ```

Options: ``rules`` (a preset name, default ``CLASSIC_66``); the deal, as ``pack`` (the
pack order, top card first) or ``seed`` (as :func:`sixtysix.new_hand`), with ``dealer``
(default 0); ``moves`` (move texts separated by spaces, ``marry H`` written ``marry-H``
or ``marry_H``; a ``draw`` is inserted where the script goes on with a card); ``seat``
(draw that seat's view instead of the full state); ``names``, ``score`` and ``bottom`` as
in :func:`sixtysix.svg.position_svg`; or ``cards`` (a row of cards; ``back`` for a card
back) instead of a position; ``caption``. A bad option or an illegal move is a build
error, so a picture can never silently show something else.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import ensuredir

import sixtysix as ss
from sixtysix.svg import cards_svg, position_svg


def _moves(text: str) -> list[str]:
    return [word.replace("-", " ").replace("_", " ") for word in text.split()]


def _play(state: ss.HandState, moves: list[str]) -> ss.HandState:
    """Apply the move texts; a ``draw`` is inserted at a decision the script passes."""
    for text in moves:
        move = ss.parse_move(text)
        if ss.Draw() in ss.legal_moves(state) and move not in ss.legal_moves(state):
            state = ss.apply_move(state, ss.Draw())
        state = ss.apply_move(state, move)
    return state


def picture(options: dict[str, Any]) -> str:
    """The SVG the directive's options describe (raises on a bad option or move)."""
    if "cards" in options:
        cards = [None if word == "back" else word for word in options["cards"].split()]
        return cards_svg(cards, overlap="overlap" in options)
    rules = ss.get_preset(options.get("rules", "CLASSIC_66"))
    dealer = int(options.get("dealer", 0))
    if "pack" in options:
        state = ss.deal_from_order(rules, options["pack"].split(), dealer=dealer)
    else:
        state = ss.new_hand(rules, seed=int(options.get("seed", 0)), dealer=dealer)
    state = _play(state, _moves(options.get("moves", "")))
    kwargs: dict[str, Any] = {}
    if "names" in options:
        first, second = (n.strip() for n in options["names"].split(","))
        kwargs["names"] = (first, second)
    if "score" in options:
        a, b = (int(n) for n in options["score"].split())
        kwargs["score"] = (a, b)
    if "bottom" in options:
        kwargs["bottom"] = int(options["bottom"])
    if "seat" in options:
        return position_svg(ss.observe(state, int(options["seat"])), **kwargs)
    return position_svg(state, **kwargs)


class SixtySixPicture(SphinxDirective):
    """``sixtysix-picture``: a position or a row of cards, drawn at build time."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "rules": directives.unchanged,
        "pack": directives.unchanged,
        "seed": directives.nonnegative_int,
        "dealer": directives.nonnegative_int,
        "moves": directives.unchanged,
        "seat": directives.nonnegative_int,
        "names": directives.unchanged,
        "score": directives.unchanged,
        "bottom": directives.nonnegative_int,
        "cards": directives.unchanged,
        "overlap": directives.flag,
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        try:
            svg = picture(dict(self.options))
        except (ss.SixtySixError, ValueError) as exc:
            raise self.error(f"sixtysix-picture: {exc}") from None
        name = hashlib.sha1(svg.encode("utf-8")).hexdigest()[:12] + ".svg"
        outdir = Path(self.env.app.outdir) / "_images" / "sixtysix"
        ensuredir(str(outdir))
        (outdir / name).write_text(svg, encoding="utf-8")
        caption = self.options.get("caption", "")
        html = f'<figure class="sixtysix-picture">{svg}'
        if caption:
            text = nodes.Text(caption).astext()
            html += f"<figcaption>{_escape(text)}</figcaption>"
        html += "</figure>"
        node = nodes.raw("", html, format="html")
        return [node]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("sixtysix-picture", SixtySixPicture)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
