"""Pictures of cards and positions as self-contained SVG.

:func:`position_svg` draws a hand in progress, from a :class:`~sixtysix.HandState` (both
hands face up) or from a :class:`~sixtysix.PlayerView` (the seat's own hand face up, the
opponent's cards as backs, except those the seat knows they hold): the trick on the
table, the talon with its turn-up lying crosswise under it (face down once the talon is
closed), the last trick, the trump suit, each player's points and tricks, the match
score if given, and whose turn it is. :func:`card_svg` draws one card (or a card back),
:func:`cards_svg` a row of cards. ``HandState`` and ``PlayerView`` use
:func:`position_svg` for ``_repr_svg_``, so Jupyter shows them as pictures.

The SVG needs nothing from outside: no network, no images, no fonts that might be
missing. Suit symbols are drawn as paths, not glyphs; ranks and labels are text in the
generic ``sans-serif`` family (with common fonts named first), which every renderer has.
Every card is a ``<g>`` with ``class="card face"`` and ``data-card="QH"``, or
``class="card back"``, so a picture can be checked by parsing it as XML.

>>> import xml.etree.ElementTree as ET
>>> from sixtysix import CLASSIC_66, new_hand, observe
>>> state = new_hand(CLASSIC_66, seed=7)
>>> root = ET.fromstring(position_svg(observe(state, 1)))
>>> G = "{http://www.w3.org/2000/svg}g"
>>> faces = [g.get("data-card") for g in root.iter(G) if g.get("class") == "card face"]
>>> faces == [str(c) for c in state.hand(1)] + [str(state.turnup)]
True
>>> sum(g.get("class") == "card back" for g in root.iter(G))  # 6 opponent cards, 3 talon
9
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape, quoteattr

from . import _hooks
from .cards import CARDS, POINTS, Card, Suit, cards_of
from .errors import SixtySixError, quote
from .observe import PlayerView
from .rules import PRESET_INFO, Rules, preset_differences, preset_name
from .scoring import HandEnd, HandResult, score_hand
from .state import HandState, Step

__all__ = ["card_svg", "cards_svg", "position_svg", "record_html"]

#: Card size in SVG user units (pixels at 100%).
CARD_W = 54
CARD_H = 78
_FONT = "'DejaVu Sans', 'Helvetica Neue', Helvetica, Arial, sans-serif"
_RED = "#c8102e"
_BLACK = "#1b1b1b"
_FELT = "#2f6b46"
_FELT_EDGE = "#24553a"
_INK = "#f4f1e8"
_MUTED = "#b9d3c1"
_GOLD = "#ffd27a"

#: The suit symbols as paths in a 100 x 100 box (clubs, diamonds, hearts, spades).
_SUIT_PATHS = (
    # Clubs: three leaves (circles) and a flared stem.
    "M50 4a21 21 0 1 0 0.1 0zM26 38a21 21 0 1 0 0.1 0zM74 38a21 21 0 1 0 0.1 0z"
    "M44 52h12c0 20 6 34 18 44H26c12-10 18-24 18-44z",
    # Diamonds.
    "M50 2L88 50L50 98L12 50z",
    # Hearts.
    "M50 94C22 70 2 52 2 30C2 14 14 4 28 4C38 4 46 10 50 20C54 10 62 4 72 4"
    "C86 4 98 14 98 30C98 52 78 70 50 94z",
    # Spades: an upturned heart and a flared stem.
    "M50 2C70 24 98 40 98 62C98 76 88 84 76 84C66 84 58 79 54 71C55 83 60 91 70 98H30"
    "C40 91 45 83 46 71C42 79 34 84 24 84C12 84 2 76 2 62C2 40 30 24 50 2z",
)


def _colour(suit: int) -> str:
    return _RED if suit in (Suit.DIAMONDS, Suit.HEARTS) else _BLACK


def _num(x: float) -> str:
    """A coordinate without needless decimals."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _suit_path(suit: int, x: float, y: float, size: float, fill: str | None = None) -> str:
    """The symbol of ``suit`` with its top-left corner at (x, y), ``size`` units square."""
    scale = size / 100
    return (
        f'<path class="suit" data-suit="{Suit(suit).letter}" d="{_SUIT_PATHS[suit]}" '
        f'fill="{fill or _colour(suit)}" '
        f'transform="translate({_num(x)} {_num(y)}) scale({_num(scale)})"/>'
    )


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: float = 12,
    fill: str = _INK,
    anchor: str = "start",
    weight: str = "normal",
) -> str:
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-family="{_FONT}" font-size="{_num(size)}" '
        f'font-weight="{weight}" fill="{fill}" text-anchor="{anchor}">{escape(text)}</text>'
    )


def _rank_text(card: Card) -> str:
    return "10" if card.rank.letter == "T" else card.rank.letter


def _face(card: Card, x: float, y: float, dim: bool = False) -> str:
    """A card face with its top-left corner at (x, y)."""
    colour = _colour(card.suit)
    rank = _rank_text(card)
    corner = 13 if len(rank) == 1 else 11.5
    parts = [
        f'<g class="card face" data-card="{card}" transform="translate({_num(x)} {_num(y)})"'
        + (' opacity="0.92"' if dim else "")
        + ">",
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="5" fill="#fffdf7" stroke="#6d6d6d" '
        'stroke-width="0.8"/>',
        _text(4.5, 15, rank, size=corner, fill=colour, weight="bold"),
        _suit_path(card.suit, 5, 18.5, 10),
        f'<g transform="rotate(180 {CARD_W / 2} {CARD_H / 2})">',
        _text(4.5, 15, rank, size=corner, fill=colour, weight="bold"),
        _suit_path(card.suit, 5, 18.5, 10),
        "</g>",
        _suit_path(card.suit, CARD_W / 2 - 14, CARD_H / 2 - 14, 28),
    ]
    if dim:
        parts.append(
            f'<rect width="{CARD_W}" height="{CARD_H}" rx="5" fill="#f2d16b" opacity="0.28"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _back(x: float, y: float, rotate: bool = False) -> str:
    """A card back with its top-left corner at (x, y) (rotated 90 degrees: crosswise)."""
    if rotate:
        move = f"translate({_num(x + CARD_H)} {_num(y)}) rotate(90)"
    else:
        move = f"translate({_num(x)} {_num(y)})"
    w, h = CARD_W, CARD_H
    return "".join(
        [
            f'<g class="card back" transform="{move}">',
            f'<rect width="{w}" height="{h}" rx="5" fill="#fffdf7" stroke="#6d6d6d" '
            'stroke-width="0.8"/>',
            f'<rect x="4" y="4" width="{w - 8}" height="{h - 8}" rx="3" fill="#1f4f8b"/>',
            f'<rect x="7" y="7" width="{w - 14}" height="{h - 14}" rx="2" fill="none" '
            'stroke="#9fbbe0" stroke-width="0.8"/>',
            f'<path d="M{w / 2} 14L{w - 13} {h / 2}L{w / 2} {h - 14}L13 {h / 2}z" '
            'fill="none" stroke="#9fbbe0" stroke-width="1"/>',
            f'<path d="M{w / 2} 24L{w - 20} {h / 2}L{w / 2} {h - 24}L20 {h / 2}z" '
            'fill="#9fbbe0" opacity="0.55"/>',
            "</g>",
        ]
    )


def _card(card: Card | None, x: float, y: float) -> str:
    return _back(x, y) if card is None else _face(card, x, y)


def _svg(width: float, height: float, title: str, body: Iterable[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_num(width)} {_num(height)}" '
        f'width="{_num(width)}" height="{_num(height)}" role="img" '
        f"aria-label={quoteattr(title)}><title>{escape(title)}</title>" + "".join(body) + "</svg>"
    )


def _spread(cards: Sequence[Card | None], x0: float, y: float, step: float) -> list[str]:
    """Cards (``None`` for a back) in a row from ``x0``, ``step`` apart."""
    return [_card(c, x0 + i * step, y) for i, c in enumerate(cards)]


def _table(width: float, height: float, panel_x: float) -> list[str]:
    """The felt of a position picture, and the darker panel from ``panel_x`` to the right."""
    return [
        f'<rect width="{width}" height="{height}" rx="12" fill="{_FELT}"/>',
        f'<rect x="{panel_x - 8}" y="8" width="{width - panel_x}" height="{height - 16}" '
        f'rx="8" fill="{_FELT_EDGE}"/>',
    ]


def _trump_badge(x: float, trump: int) -> list[str]:
    """The panel's heading "Trump" at ``x`` and the trump suit's symbol in a disc."""
    return [
        _text(x, 36, "Trump", size=13, weight="bold"),
        f'<circle cx="{x + 82}" cy="31" r="17" fill="#fffdf7" stroke="#6d6d6d" '
        'stroke-width="0.8"/>',
        _suit_path(trump, x + 70, 19, 24),
    ]


def _caption(x: float, y: float, words: str) -> str:
    """A small muted line of text centred on ``x``: what a card or a place on the table is."""
    return _text(x, y, words, size=11, fill=_MUTED, anchor="middle")


def _empty_place(x: float, y: float, words: str) -> list[str]:
    """A dashed outline where a card would lie, and ``words`` under it."""
    return [
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="none" '
        f'stroke="{_MUTED}" stroke-dasharray="4 3" stroke-width="1"/>',
        _caption(x + CARD_W / 2, y + CARD_H + 16, words),
    ]


def _to_card(value: Card | str | None) -> Card | None:
    if value is None or isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    raise SixtySixError(f"a card is a Card, its text such as 'QH', or None, not {quote(value)}")


def card_svg(card: Card | str | None) -> str:
    """One card as an SVG picture; ``None`` draws a card back.

    >>> svg = card_svg("QH")
    >>> svg.startswith("<svg") and 'data-card="QH"' in svg
    True
    >>> 'class="card back"' in card_svg(None)
    True

    Raises:
        ParseError: ``card`` is text that names no card.
        SixtySixError: ``card`` is of another type.
    """
    value = _to_card(card)
    title = "a card back" if value is None else f"the card {value}"
    return _svg(CARD_W + 2, CARD_H + 2, title, [_card(value, 1, 1)])


def cards_svg(cards: Iterable[Card | str | None], *, overlap: bool = False) -> str:
    """A row of cards as one SVG picture (``None`` draws a card back).

    >>> svg = cards_svg("AH TH KH QH JH 9H".split())
    >>> svg.count('class="card face"')
    6

    Args:
        cards: The cards, left to right.
        overlap: Fan the cards (each covers part of the previous one), as in a hand.

    Raises:
        ParseError: a text names no card.
        SixtySixError: an item is neither a card, its text nor ``None``.
    """
    values = [_to_card(c) for c in cards]
    step = 32 if overlap else CARD_W + 6
    width = (step * (len(values) - 1) + CARD_W if values else 0) + 2
    title = " ".join("back" if c is None else str(c) for c in values) or "no cards"
    body = [_card(c, 1 + i * step, 1) for i, c in enumerate(values)]
    return _svg(width, CARD_H + 2, title, body)


def record_html(record: object, *, names: Sequence[str] | None = None) -> str:
    """A self-contained HTML page that steps through a game or match record.

    The page draws :func:`position_svg` at every move; see :mod:`sixtysix.viewer`
    (this is :func:`sixtysix.viewer.record_html`).

    Raises:
        SixtySixError: ``record`` is not a record, or bad ``names``.
        RecordError: the record does not replay.
    """
    from ._hooks import record_html as page  # made by the viewer, which imports this module

    return page(record, names)


# ------------------------------------------------------------------ positions

_WIDTH = 640
_HEIGHT = 372
_PANEL_X = 468
_ROW_TOP = 34
_ROW_MID = 148
_ROW_LOW = 262
_STEP = 60

_STEP_WORDS = {Step.LEAD: "to lead", Step.FOLLOW: "to follow", Step.DECIDE: "to draw or close"}
#: How a hand ended, short enough for the panel.
_END_WORDS = {
    HandEnd.CLAIM: "claimed 66",
    HandEnd.FALSE_CLAIM: "false claim",
    HandEnd.CLOSER_TOOK_LAST_TRICK: "closer took last trick",
    HandEnd.FAILED_CLOSE: "failed close",
    HandEnd.CLOSER_BEATEN: "closer beaten",
    HandEnd.PLAYED_OUT: "played out",
    HandEnd.BOTH_OVER_66: "played out, both 66+",
    HandEnd.NEITHER_REACHED_66: "neither reached 66",
    HandEnd.LAST_TRICK: "won the last trick",
}


def _game_name(rules: Rules) -> str:
    """The game of a rule set: Sixty-Six, Schnapsen or Santase.

    As the preset's description names it in bold (for house rules, the nearest preset's).
    """
    name = preset_name(rules) or preset_differences(rules)[0]
    found = re.match(r"\*\*([^*]+)\*\*", PRESET_INFO[name].source)
    return found.group(1) if found else "Sixty-Six"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _row(cards: Sequence[Card | None], y: float, highlight: int = 0) -> list[str]:
    """A hand, centred over the table; ``highlight`` masks cards drawn tinted (known)."""
    n = len(cards)
    span = _STEP * (n - 1) + CARD_W if n else 0
    x0 = 24 + (_PANEL_X - 48 - span) / 2
    out = []
    for i, card in enumerate(cards):
        x = x0 + i * _STEP
        if card is None:
            out.append(_back(x, y))
        else:
            out.append(_face(card, x, y, dim=bool(highlight >> card.index & 1)))
    return out


def _last_trick(played: tuple[int, ...], won: tuple[int, int], dealer: int) -> tuple[int, ...]:
    """(leader, led card, followed card, winner) of the last completed trick, or ()."""
    complete = len(played) // 2
    leader = 1 - dealer
    result: tuple[int, ...] = ()
    for k in range(complete):
        lead = played[2 * k]
        winner = 0 if (won[0] >> lead) & 1 else 1
        result = (leader, lead, played[2 * k + 1], winner)
        leader = winner
    return result


def position_svg(
    position: HandState | PlayerView,
    *,
    names: tuple[str, str] | None = None,
    score: tuple[int, int] | None = None,
    bottom: int | None = None,
) -> str:
    """A picture of a hand in progress (or finished), as self-contained SVG.

    A :class:`~sixtysix.HandState` shows both hands face up; a
    :class:`~sixtysix.PlayerView` shows what its seat sees: its own hand, the opponent's
    cards face down (the cards it knows they hold face up, tinted), the talon's size and
    its bottom card. Also drawn: the card led to the trick in progress, the last trick,
    the turn-up under the talon (face down and crosswise while closed), the trump suit,
    points and tricks (pending marriages noted), the match score if given, whose turn it
    is, and for a finished ``HandState`` its result.

    >>> from sixtysix import SCHNAPSEN, new_hand, apply_move, legal_moves
    >>> state = new_hand(SCHNAPSEN, seed=2)
    >>> state = apply_move(state, legal_moves(state)[-1])
    >>> svg = position_svg(state, names=("Ann", "Bob"), score=(3, 5))
    >>> svg.count('class="card face"')  # 5 + 4 in the hands, the led card, the turn-up
    11
    >>> "Score 3 : 5" in svg and "Bob" in svg
    True

    Args:
        position: The state or the view to draw.
        names: The names of seats 0 and 1 (default ``seat 0`` / ``seat 1``; for a view,
            ``you`` for its seat and ``opponent`` for the other).
        score: The match score of seats 0 and 1, drawn in the panel.
        bottom: The seat drawn at the bottom (default: the view's seat, or seat 0).

    Raises:
        SixtySixError: ``position`` is neither a ``HandState`` nor a ``PlayerView``, or
            ``bottom`` is not 0 or 1.
    """
    if isinstance(position, PlayerView):
        view: PlayerView | None = position
        hands: list[list[Card | None]] = [[], []]
        seat = position.seat
        opp = 1 - seat
        hands[seat] = list(cards_of(position.hand_mask))
        known = position.opponent_known_mask
        hidden = position.opponent_hand_size - known.bit_count()
        hands[opp] = [*cards_of(known), *([None] * hidden)]
        default_names = ("you", "opponent") if seat == 0 else ("opponent", "you")
        talon_size = position.talon_size
        bottom_card = position.talon_bottom
        default_bottom = seat
    elif isinstance(position, HandState):
        view = None
        known = 0
        hands = [list(position.hand(0)), list(position.hand(1))]
        default_names = ("seat 0", "seat 1")
        talon_size = len(position.talon)
        bottom_card = position.talon[-1] if position.talon else -1
        default_bottom = 0
    else:
        raise SixtySixError(
            f"position_svg draws a HandState or a PlayerView, not {quote(position)}"
        )
    if bottom is None:
        bottom = default_bottom
    if type(bottom) is not int or bottom not in (0, 1):
        raise SixtySixError(f"bottom is seat 0 or 1, not {quote(bottom)}")
    top = 1 - bottom
    label = names or default_names
    p = position
    body = _table(_WIDTH, _HEIGHT, _PANEL_X)
    # The two hands, with their owners' names.
    body.append(_text(24, 24, _seat_label(p, top, label), weight="bold"))
    body += _row(hands[top], _ROW_TOP, known if view is not None and top != view.seat else 0)
    body += _row(hands[bottom], _ROW_LOW, known if view is not None and bottom != view.seat else 0)
    body.append(_text(24, _ROW_LOW + CARD_H + 20, _seat_label(p, bottom, label), weight="bold"))
    # The talon: the turn-up crosswise under the face-down stack.
    body += _talon(p, talon_size, bottom_card, label)
    # The trick in progress, in front of its leader.
    tx = 208
    if p.lead >= 0:
        body.append(_face(CARDS[p.lead], tx, _ROW_MID))
        body.append(_caption(tx + CARD_W / 2, _ROW_MID + CARD_H + 16, f"led by {label[p.leader]}"))
    else:
        body += _empty_place(tx, _ROW_MID, "trick")
    # The last trick, smaller, to the right.
    last = _last_trick(p.played, p.won, p.dealer)
    if last:
        _, lead, follow, winner = last
        lx = 312
        body.append(
            f'<g class="last-trick" transform="translate({lx} {_ROW_MID + 8}) scale(0.7)">'
            + _face(CARDS[lead], 0, 0)
            + _face(CARDS[follow], 30, 12)
            + "</g>"
        )
        worth = POINTS[lead] + POINTS[follow]
        body.append(_caption(lx + 40, _ROW_MID, "last trick"))
        body.append(_caption(lx + 40, _ROW_MID + CARD_H + 16, f"won by {label[winner]} ({worth})"))
    result = score_hand(p) if isinstance(p, HandState) and p.step is Step.OVER else None
    body += _panel(p, label, score, result)
    title = _title(p, label, result)
    return _svg(_WIDTH, _HEIGHT, title, body)


def _seat_label(p: HandState | PlayerView, seat: int, label: tuple[str, str]) -> str:
    text = label[seat]
    if p.dealer == seat:
        text += " (dealer)"
    return text


def _talon(
    p: HandState | PlayerView, size: int, bottom_card: int, label: tuple[str, str]
) -> list[str]:
    x, y = 28, _ROW_MID
    out: list[str] = []
    if size == 0:
        return _empty_place(x + 12, y, "talon exhausted")
    cross_y = y + (CARD_H - CARD_W) / 2
    # The face-down stack: one back drawn per card, up to three, slightly offset.
    stack = [_back(x + 40 + 2 * i, y - 2 * i) for i in range(min(size - 1, 3))]
    if p.closed_by >= 0:
        # A closed talon: the turn-up turned face down and laid across the stack.
        out += stack
        out.append(_back(x + 28, cross_y, rotate=True))
        words = f"closed by {label[p.closed_by]}"
        out.append(
            _text(x + 52, y - 12, words, size=11, fill=_GOLD, anchor="middle", weight="bold")
        )
    else:
        # An open talon: the turn-up lies face up, crosswise, under the stack.
        out.append(
            f'<g class="turn-up" transform="translate({_num(x - 4 + CARD_H)} {_num(cross_y)}) '
            f'rotate(90)">' + _face(CARDS[bottom_card], 0, 0) + "</g>"
        )
        out += stack
    out.append(_caption(x + 40, y + CARD_H + 16, f"talon: {size} card{'s' if size != 1 else ''}"))
    return out


def _panel(
    p: HandState | PlayerView,
    label: tuple[str, str],
    score: tuple[int, int] | None,
    result: HandResult | None,
) -> list[str]:
    x = _PANEL_X + 6
    out = _trump_badge(x, p.trump)
    rules = preset_name(p.rules) or "house rules"
    out.append(_text(x, 66, rules, size=11, fill=_MUTED))
    y = 96
    for seat in (0, 1):
        out.append(_text(x, y, label[seat], size=13, weight="bold"))
        tricks = p.tricks(seat)
        line = f"{p.points(seat)} points, {tricks} trick{'s' if tricks != 1 else ''}"
        out.append(_text(x, y + 17, line, size=12))
        if p.pending[seat]:
            out.append(_text(x, y + 33, f"{p.pending[seat]} pending", size=11, fill=_MUTED))
        y += 52
    if score is not None:
        out.append(_text(x, y + 4, f"Score {score[0]} : {score[1]}", size=13, weight="bold"))
        y += 30
    if p.step is Step.OVER:
        status = ["hand over"]
        if result is not None:
            if result.winner is None:
                status.append("nobody scores")
                if result.carry:
                    status.append(f"{_plural(result.carry, 'game point')} carried")
            else:
                status = [
                    f"{label[result.winner]} wins",
                    _plural(result.game_points, "game point"),
                ]
            status.append(_END_WORDS[result.reason])
    else:
        mover = p.leader if p.step is not Step.FOLLOW else 1 - p.leader
        status = [label[mover], _STEP_WORDS[p.step]]
    for i, line in enumerate(status):
        out.append(_text(x, y + 4 + 17 * i, line, size=12, fill=_GOLD, weight="bold"))
    return out


def _title(p: HandState | PlayerView, label: tuple[str, str], result: HandResult | None) -> str:
    """``Schnapsen position: trump hearts; ...``, or for a finished hand its result."""
    game = _game_name(p.rules)
    trump = Suit(p.trump).name.lower()
    points = f"{label[0]} {p.points(0)}, {label[1]} {p.points(1)} points"
    if result is None:
        return f"{game} position: trump {trump}; {points}"
    if result.winner is None:
        outcome = "nobody scores"
    else:
        outcome = f"{label[result.winner]} wins {_plural(result.game_points, 'game point')}"
    return f"{game} hand over: {outcome} ({_END_WORDS[result.reason]}); trump {trump}; {points}"


# The picture that HandState and PlayerView show in Jupyter (sixtysix._hooks).
_hooks.position_svg.register(position_svg)
