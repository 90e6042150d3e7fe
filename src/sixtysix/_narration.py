"""Words for the game: how cards, suits and moves are written, and sentences about moves.

The terminal game (``sixtysix play``), ``sixtysix replay``, the viewer pages and the play
page all tell a hand in the same sentences; they share this module, which sits below all
of them (so that the viewer and the server need not import the command line).
"""

from __future__ import annotations

import os
from collections.abc import Hashable, Sequence
from typing import TextIO

from .cards import CARDS, POINTS, Card, Suit
from .moves import Amour, Claim, Close, Draw, Exchange, Marry, Move, Play
from .rules import HonoursScoring
from .scoring import HandEnd, HandResult
from .state import HandState, Step

__all__: list[str] = []

#: How each way a hand ends is told (``{w}`` the winner, ``{l}`` the loser).
_END_TEXT: dict[HandEnd, str] = {
    HandEnd.CLAIM: "{w} claimed 66 correctly",
    HandEnd.FALSE_CLAIM: "{l} claimed 66 without having it",
    HandEnd.CLOSER_TOOK_LAST_TRICK: "{w} closed the talon and took the last trick with 66",
    HandEnd.FAILED_CLOSE: "{l} closed the talon but did not reach 66",
    HandEnd.CLOSER_BEATEN: "{w} reached 66 before {l}, who had closed the talon",
    HandEnd.PLAYED_OUT: "the hand was played out and only {w} had 66",
    HandEnd.BOTH_OVER_66: "the hand was played out with both players at 66 or more",
    HandEnd.NEITHER_REACHED_66: "the hand was played out and neither player reached 66",
    HandEnd.LAST_TRICK: "{w} took the last trick",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _suit_name(suit: int) -> str:
    return Suit(suit).name.lower()


class Style:
    """How cards, suits and moves are written: plain ASCII, or symbols with colour.

    ``symbols`` writes ``Q♥`` and ``10♥`` instead of ``QH`` and ``TH``; ``colour`` paints
    hearts and diamonds red and the other suits in the terminal's bold (ANSI codes).
    """

    def __init__(self, symbols: bool = False, colour: bool = False) -> None:
        self.symbols = symbols
        self.colour = colour and symbols

    @classmethod
    def for_stream(cls, stream: TextIO, environ: dict[str, str] | None = None) -> Style:
        """Symbols and colour on a terminal that can print them, unless ``NO_COLOR`` is set."""
        env = os.environ if environ is None else environ
        if "NO_COLOR" in env or env.get("TERM") == "dumb":
            return cls()
        try:
            tty = stream.isatty()
        except (AttributeError, ValueError):
            tty = False
        if not tty:
            return cls()
        try:
            "♣♦♥♠".encode(stream.encoding or "ascii")
        except (LookupError, UnicodeEncodeError):
            return cls()
        return cls(symbols=True, colour=True)

    def paint(self, text: str, suit: int) -> str:
        """``text`` in the colour of ``suit`` (unchanged without colour)."""
        if not self.colour:
            return text
        code = "31" if suit in (Suit.DIAMONDS, Suit.HEARTS) else "1"
        return f"\x1b[{code}m{text}\x1b[0m"

    def card(self, card: Card) -> str:
        """One card: ``QH`` or ``Q♥``."""
        if not self.symbols:
            return str(card)
        rank = "10" if card.rank.letter == "T" else card.rank.letter
        return self.paint(rank + card.suit.symbol, card.suit)

    def cards(self, cards: Sequence[Card]) -> str:
        """Cards separated by spaces, or ``none``."""
        return " ".join(self.card(c) for c in cards) if cards else "none"

    def suit(self, suit: int) -> str:
        """A suit by name, with its symbol when symbols are on: ``♥ hearts``."""
        name = _suit_name(suit)
        if not self.symbols:
            return name
        return f"{self.paint(Suit(suit).symbol, suit)} {name}"

    def move(self, move: Hashable) -> str:
        """A move as the player may type it: ``QH``/``Q♥``, ``marry H``/``marry ♥``.

        Any other move is written as its ``str``: ``close``, ``bid 110``.
        """
        if isinstance(move, Play):
            return self.card(move.card)
        if isinstance(move, Marry) and self.symbols:
            return "marry " + self.paint(move.suit.symbol, move.suit)
        return str(move)


_PLAIN: Style = Style()


class Narrator:
    """Sentences about moves and results, from one point of view.

    ``names`` are the lower-case names of hand seats 0 and 1 (``"you"`` takes the verb's
    base form); ``sees`` says whose drawn cards may be named.
    """

    def __init__(
        self, names: tuple[str, str], sees: tuple[bool, bool], style: Style = _PLAIN
    ) -> None:
        self.names = names
        self.sees = sees
        self.style = style

    def subject(self, seat: int, verb: str) -> str:
        """``You play``, ``The computer plays``, ``Seat 1 passes``: capitalised."""
        name = self.names[seat]
        if name != "you":
            verb = verb + ("es" if verb.endswith(("s", "sh", "ch")) else "s")
        return f"{name[0].upper()}{name[1:]} {verb}"

    def move(self, before: HandState, move: Move, after: HandState) -> str:
        """What ``move`` (by the seat to move in ``before``) did, as one sentence or two."""
        seat = before.to_move
        assert seat is not None
        card_text = self.style.card
        if isinstance(move, Play):
            card = move.card
            if before.step is Step.LEAD:
                return f"{self.subject(seat, 'lead')} {card_text(card)}."
            winner = after.leader
            worth = POINTS[before.lead] + card.points
            text = (
                f"{self.subject(seat, 'play')} {card_text(card)} on "
                f"{card_text(CARDS[before.lead])}: "
                f"{self.subject(winner, 'take').lower()} the trick ({_plural(worth, 'point')})."
            )
            draws = self.draws(before, after, winner)
            if draws:
                text += " " + draws
            if after.is_over and (after.hands[0] | after.hands[1]):
                text += f" {self.subject(winner, 'reach')} 66: the hand ends."
            return text
        if isinstance(move, Marry | Amour):
            gained = after.marriages[seat] + after.pending[seat]
            value = f"{gained - before.marriages[seat] - before.pending[seat]}"
            if before.rules.honours_scoring is HonoursScoring.GAME_POINTS:
                value = "an honour, paid after the hand"  # rules §13.9
            note = ""
            if after.pending[seat] > before.pending[seat]:
                note = f" (pending until {self.subject(seat, 'win').lower()} a trick)"
            suit = before.trump if move.suit is None else move.suit
            what = "amour" if isinstance(move, Amour) else "marriage"
            text = (
                f"{self.subject(seat, 'declare')} the {what} in {_suit_name(suit)}: {value}{note}."
            )
            if after.is_over:
                text += f" {self.subject(seat, 'reach')} 66: the hand ends."
            return text
        if isinstance(move, Exchange):
            return (
                f"{self.subject(seat, 'exchange')} {card_text(CARDS[after.talon[-1]])} for "
                f"the turn-up {card_text(CARDS[before.talon[-1]])}."
            )
        if isinstance(move, Close):
            return f"{self.subject(seat, 'close')} the talon."
        if isinstance(move, Draw):
            return self.draws(before, after, seat)
        assert isinstance(move, Claim)
        return f"{self.subject(seat, 'claim')} 66 with {_plural(before.points(seat), 'point')}."

    def draws(self, before: HandState, after: HandState, winner: int) -> str:
        """The draw after a trick (rules §1.5): the winner first, then the loser."""
        if len(after.talon) != len(before.talon) - 2:
            return ""
        parts = []
        last = len(before.talon) == 2
        for seat, index in ((winner, before.talon[0]), (1 - winner, before.talon[1])):
            card = self.style.card(CARDS[index])
            if last and seat != winner:
                parts.append(f"{self.subject(seat, 'take').lower()} the turn-up {card}")
            elif self.sees[seat]:
                parts.append(f"{self.subject(seat, 'draw').lower()} {card}")
            else:
                parts.append(f"{self.subject(seat, 'draw').lower()} a card")
        text = f"{parts[0][0].upper()}{parts[0][1:]}, then {parts[1]}."
        if last:
            text += " The talon is exhausted."
        return text

    def result(self, state: HandState, result: HandResult) -> list[str]:
        """How the hand ended and what it scores."""
        w = result.winner
        if w is None:
            why = _END_TEXT[result.reason].format(w="nobody", l="nobody")
        else:
            why = _END_TEXT[result.reason].format(w=self.names[w], l=self.names[1 - w])
        points = ", ".join(
            f"{result.points[s]} for {self.names[s]} ({_plural(state.tricks(s), 'trick')})"
            for s in (0, 1)
        )
        lines = [f"Hand over: {why}.", f"Points: {points}."]
        if w is None:
            carry = f"; {_plural(result.carry, 'game point')} carried" if result.carry else ""
            lines.append(f"Nobody scores{carry}.")
        else:
            gained = _plural(result.game_points, "game point")
            lines.append(f"{self.subject(w, 'score')} {gained}.")
        return lines


# ------------------------------------------------------------------------ the board
