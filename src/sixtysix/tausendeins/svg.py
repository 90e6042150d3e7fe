"""Pictures of Tausendeins positions as self-contained SVG, in the style of :mod:`sixtysix.svg`.

:func:`position_svg` draws a :class:`~sixtysix.tausendeins.TausendeinsState` (both hands
face up) or a :class:`~sixtysix.tausendeins.TausendeinsView` (the seat's own hand face
up, the other as backs): the two hands, the card led, the stock or the talons, the trump
(or "no trump"), each seat's card points and tricks, the marriages, the auction and
contract, and whose turn it is. Cards are the ``<g class="card face" data-card="QH">``
groups of the two-hand pictures.

>>> import xml.etree.ElementTree as ET
>>> from sixtysix import tausendeins as t1
>>> from sixtysix.tausendeins.svg import position_svg as t1_svg
>>> state = t1.new_hand(t1.TAUSENDEINS, seed=2)
>>> root = ET.fromstring(t1_svg(t1.observe(state, 1)))
>>> G = "{http://www.w3.org/2000/svg}g"
>>> faces = [g.get("data-card") for g in root.iter(G) if g.get("class") == "card face"]
>>> faces == [str(c) for c in state.hand(1)]
True
>>> sum(g.get("class") == "card back" for g in root.iter(G))  # 8 in the other hand, the stock
9
"""

from __future__ import annotations

from ..cards import CARDS, Card
from ..errors import SixtySixError, quote
from ..svg import _GOLD, _MUTED, CARD_H, CARD_W, _back, _face, _spread, _suit_path, _table
from ..svg import _svg as _picture
from ..svg import _text as _label
from .rules import Bidding, preset_name
from .state import Phase, TausendeinsState, iter_mask
from .views import TausendeinsView

__all__ = ["position_svg"]

_WIDTH = 760
_HEIGHT = 420
_PANEL_X = 560
_STEP = 38


def position_svg(position: TausendeinsState | TausendeinsView) -> str:
    """The position as an SVG picture (a string), as seen by a view's seat or by all.

    The seat at the bottom is the view's seat (seat 0 for a state).

    Raises:
        SixtySixError: ``position`` is neither a Tausendeins state nor a view.
    """
    if isinstance(position, TausendeinsView):
        bottom = position.seat
        hands: list[list[Card | None]] = [[], []]
        hands[bottom] = [CARDS[i] for i in iter_mask(position.hand)]
        hands[1 - bottom] = [None] * position.opponent_count
    elif isinstance(position, TausendeinsState):
        bottom = 0
        hands = [list(position.hand(0)), list(position.hand(1))]
    else:
        raise SixtySixError(
            f"position_svg needs a Tausendeins state or view, not {quote(position)}"
        )
    rules = position.rules
    name = preset_name(rules) or "house rules"
    body = _table(_WIDTH, _HEIGHT, _PANEL_X)
    top = 1 - bottom
    for seat, row_y in ((top, 34), (bottom, _HEIGHT - CARD_H - 14)):
        who = "dealer" if seat == position.dealer else "forehand"
        body.append(_label(16, row_y - 8, f"seat {seat} ({who})", fill=_MUTED))
        body += _spread(hands[seat], 16, row_y, _STEP)
    middle = _HEIGHT / 2 - CARD_H / 2
    if position.lead >= 0:
        led = CARDS[position.lead]
        x = 300
        body.append(_label(x, middle - 6, f"led by seat {position.leader}", fill=_MUTED))
        body.append(_face(led, x, middle))
    stock = position.stock_size
    if stock:
        body.append(_back(16, middle))
        body.append(_label(16 + CARD_W + 8, middle + CARD_H / 2, f"stock {stock}", fill=_MUTED))
    if rules.bidding is Bidding.AUCTION and position.phase <= Phase.TALON:
        for k in (0, 1):
            x = 120 + k * 2 * (CARD_W + 20)
            body.append(_label(x, middle - 6, f"talon {k}", fill=_MUTED))
            body.append(_back(x, middle))
            body.append(_back(x + CARD_W - 20, middle))
    # The panel: rules, trump, points, marriages, auction, turn.
    px = _PANEL_X + 6
    y = 34.0
    body.append(_label(px, y, "Tausendeins", fill=_GOLD, weight="bold"))
    y += 18
    body.append(_label(px, y, name, fill=_GOLD, size=10))
    y += 26
    if position.trump >= 0:
        body.append(_label(px, y, "trump", fill=_MUTED))
        body.append(_suit_path(position.trump, px + 48, y - 13, 16))
    else:
        body.append(_label(px, y, "no trump yet", fill=_MUTED))
    y += 24
    for seat in (0, 1):
        text = (
            f"seat {seat}: {position.card_points[seat]} points, "
            f"{position.won[seat].bit_count() // 2} tricks"
        )
        body.append(_label(px, y, text))
        y += 18
    for m in position.marriages:
        body.append(_label(px, y, f"seat {m.seat} married {'CDHS'[m.suit]}: {m.value}"))
        y += 18
    if rules.bidding is Bidding.AUCTION:
        y += 6
        bid = f"bid {position.bid}"
        if position.declarer >= 0:
            bid += f", declarer seat {position.declarer}"
        body.append(_label(px, y, bid))
        y += 18
        if position.contract:
            body.append(_label(px, y, f"contract {position.contract}"))
            y += 18
    seat_to_move = position.to_move
    turn = "deal over" if seat_to_move is None else f"seat {seat_to_move} to move"
    body.append(_label(px, _HEIGHT - 24, turn, fill=_GOLD, weight="bold"))
    title = f"Tausendeins {name}, dealer seat {position.dealer}: {turn}"
    return _picture(_WIDTH, _HEIGHT, title, body)
