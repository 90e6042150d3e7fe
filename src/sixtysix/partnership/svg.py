"""Pictures of four-hand positions as self-contained SVG, in the style of :mod:`sixtysix.svg`.

:func:`position_svg` draws a :class:`~sixtysix.partnership.PartnershipState` (every hand
face up) or a :class:`~sixtysix.partnership.PartnershipView` (the seat's own hand face up,
the other hands as backs): the four hands around the table, the trick in progress in
front of the seats that played it, the last trick, the trump suit and turn-up, each
side's card points and tricks, the match score and whose turn it is. Cards are the same
``<g class="card face" data-card="QH">`` groups as the two-hand pictures.

>>> import xml.etree.ElementTree as ET
>>> from sixtysix import partnership as p4
>>> from sixtysix.partnership.svg import position_svg as p4_svg
>>> state = p4.new_hand(p4.FOUR_HAND_24, seed=2)
>>> root = ET.fromstring(p4_svg(p4.observe(state, 0)))
>>> G = "{http://www.w3.org/2000/svg}g"
>>> faces = [g.get("data-card") for g in root.iter(G) if g.get("class") == "card face"]
>>> faces[:6] == [str(c) for c in state.hand(0)]
True
>>> sum(g.get("class") == "card back" for g in root.iter(G))
18
"""

from __future__ import annotations

from ..cards import CARDS, Card, Suit
from ..errors import SixtySixError, quote
from ..svg import _GOLD, _MUTED, CARD_H, CARD_W, _face, _spread, _table, _trump_badge
from ..svg import _svg as _picture
from ..svg import _text as _label
from .rules import preset_name
from .state import PartnershipState
from .views import PartnershipView

__all__ = ["position_svg"]

_WIDTH = 760
_HEIGHT = 500
_PANEL_X = 584
_TABLE_W = _PANEL_X - 8
_STEP = 36
_SIDE_STEP = 22


def _hands(position: PartnershipState | PartnershipView) -> list[list[Card | None]]:
    if isinstance(position, PartnershipView):
        hands: list[list[Card | None]] = [[None] * n for n in position.hand_sizes]
        hands[position.seat] = list(position.hand)
        return hands
    return [list(position.hand(s)) for s in range(4)]


def _span(n: int, step: float) -> float:
    return step * (n - 1) + CARD_W if n else 0


def position_svg(
    position: PartnershipState | PartnershipView,
    *,
    names: tuple[str, str, str, str] | None = None,
    score: tuple[int, int] | None = None,
    bottom: int | None = None,
) -> str:
    """A picture of a four-hand deal in progress (or finished), as self-contained SVG.

    >>> from sixtysix import partnership as p4
    >>> from sixtysix.partnership.svg import position_svg as p4_svg
    >>> svg = p4_svg(p4.new_hand(p4.FOUR_HAND_24, seed=2), score=(3, 1))
    >>> svg.count('class="card face"')  # the 24 cards in the hands (the turn-up is the dealer's)
    24
    >>> "Score 3 : 1" in svg
    True

    Args:
        position: The state or the view to draw.
        names: The names of seats 0 to 3 (default ``seat 0`` ... ``seat 3``).
        score: The match score of side 0 and side 1.
        bottom: The seat drawn at the bottom (default: the view's seat, or seat 0).

    Raises:
        SixtySixError: ``position`` is neither a ``PartnershipState`` nor a
            ``PartnershipView``, or ``bottom`` is not a seat 0 to 3.
    """
    if not isinstance(position, PartnershipState | PartnershipView):
        raise SixtySixError(
            "this position_svg draws a PartnershipState or a PartnershipView, "
            f"not {quote(position)}"
        )
    p = position
    if bottom is None:
        bottom = p.seat if isinstance(p, PartnershipView) else 0
    if type(bottom) is not int or not 0 <= bottom <= 3:
        raise SixtySixError(f"bottom is a seat 0 to 3, not {quote(bottom)}")
    label = names or tuple(f"seat {s}" for s in range(4))
    hands = _hands(p)
    body = _table(_WIDTH, _HEIGHT, _PANEL_X)
    # Seats around the table: bottom, then (in playing order) right, top, left.
    where = {bottom: "bottom", (bottom + 1) & 3: "right", (bottom + 2) & 3: "top"}
    where[(bottom + 3) & 3] = "left"
    trick_at: dict[int, tuple[float, float]] = {}
    cx, cy = _TABLE_W / 2, _HEIGHT / 2
    x0: float
    y: float
    for seat in range(4):
        cards = hands[seat]
        name = label[seat] + (" (dealer)" if seat == p.dealer else "")
        if p.to_move == seat:
            name += " \u25c0"
        place = where[seat]
        if place in ("top", "bottom"):
            x0 = (_TABLE_W - _span(len(cards), _STEP)) / 2
            y = 30 if place == "top" else _HEIGHT - CARD_H - 30
            body += _spread(cards, x0, y, _STEP)
            ty = 22 if place == "top" else _HEIGHT - 12
            body.append(_label(_TABLE_W / 2, ty, name, anchor="middle", weight="bold"))
            trick_at[seat] = (cx - CARD_W / 2, cy - CARD_H - 4 if place == "top" else cy + 4)
        else:
            x0 = 14 if place == "left" else _TABLE_W - 14 - _span(len(cards), _SIDE_STEP)
            y = cy - CARD_H / 2
            body += _spread(cards, x0, y, _SIDE_STEP)
            anchor = "start" if place == "left" else "end"
            tx: float = 14 if place == "left" else _TABLE_W - 14
            body.append(_label(tx, y - 10, name, anchor=anchor, weight="bold"))
            dx = -CARD_W - 30 if place == "left" else 30
            trick_at[seat] = (cx + dx, cy - CARD_H / 2)
    # The trick in progress, each card in front of the seat that played it.
    for k, card in enumerate(p.trick):
        x, y = trick_at[(p.leader + k) & 3]
        body.append(_face(CARDS[card], x, y))
    body += _panel(p, label, score)
    trump = Suit(p.trump).name.lower()
    title = (
        f"Four-hand Sixty-Six position: trump {trump}; side 0 {p.card_points[0]}, "
        f"side 1 {p.card_points[1]} points"
    )
    return _picture(_WIDTH, _HEIGHT, title, body)


def _panel(
    p: PartnershipState | PartnershipView,
    label: tuple[str, ...],
    score: tuple[int, int] | None,
) -> list[str]:
    x = _PANEL_X + 6
    out = _trump_badge(x, p.trump)
    out.append(_label(x, 66, preset_name(p.rules) or "house rules", size=11, fill=_MUTED))
    out.append(_label(x, 84, f"turn-up {CARDS[p.turnup_index]}", size=11, fill=_MUTED))
    y = 112
    for side in (0, 1):
        seats = f"{label[side]} & {label[side + 2]}"
        out.append(_label(x, y, f"Side {side}", size=13, weight="bold"))
        out.append(_label(x, y + 16, seats, size=11, fill=_MUTED))
        tricks = p.tricks(side)
        line = f"{p.card_points[side]} points, {tricks} trick{'s' if tricks != 1 else ''}"
        out.append(_label(x, y + 33, line, size=12))
        y += 56
    if score is not None:
        out.append(_label(x, y + 4, f"Score {score[0]} : {score[1]}", size=13, weight="bold"))
        y += 30
    # The last completed trick, small.
    done = len(p.played) // 4 * 4
    if done:
        out.append(_label(x, y + 4, "last trick", size=11, fill=_MUTED))
        cards = "".join(
            _face(CARDS[c], i * 36, 0) for i, c in enumerate(p.played[done - 4 : done])
        )
        out.append(f'<g class="last-trick" transform="translate({x} {y + 12}) scale(0.5)">')
        out.append(cards + "</g>")
        y += 64
    status = ["hand over"] if p.over else [label[p.to_move or 0], "to play"]
    for i, line in enumerate(status):
        out.append(_label(x, y + 8 + 17 * i, line, size=12, fill=_GOLD, weight="bold"))
    return out
