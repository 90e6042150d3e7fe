"""What the viewer needs of each game: the states of a record, and pictures of them.

A :class:`GameHook` is the only game-specific part of the HTML viewer: it turns a record
into :class:`HandPlay` values (the states of each hand, with its moves, names and
result) and draws one state, or one seat's view of it, as SVG and as text. The
two-hand and the four-hand partnership game are registered here; a new game of the
family registers its own hook with :func:`register_hook` and the viewer shows its
records unchanged.

>>> from sixtysix import CLASSIC_66, legal_moves
>>> from sixtysix.play import play_hand
>>> record = play_hand(CLASSIC_66, lambda s, _: legal_moves(s)[0],
...                    lambda s, _: legal_moves(s)[0], seed=1)
>>> hook = hook_for(record)
>>> [hand] = hook.hands(record, None)
>>> len(hand.states) == len(record.moves) + 1, hand.names
(True, ('seat 0', 'seat 1'))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import attrs

from .. import partnership as p4
from .. import tausendeins as t1
from .._match import carried
from ..cards import CARDS
from ..errors import SixtySixError, quote
from ..moves import parse_move
from ..notation import render
from ..observe import observe
from ..partnership.records import _walk as _p4_walk
from ..partnership.svg import position_svg as p4_position_svg
from ..records import GameRecord, MatchRecord, _walk, replay, replay_states
from ..rules import preset_name
from ..svg import position_svg
from ..tausendeins.records import _walk as _t1_walk
from ..tausendeins.svg import position_svg as t1_position_svg

__all__ = ["GameHook", "HandPlay", "hook_for", "register_hook"]


@attrs.frozen
class HandPlay:
    """One hand of a record, as the viewer shows it.

    Attributes:
        title: A heading, e.g. ``"Hand 3: seat 1 deals"``.
        states: Every state of the hand, the deal first.
        moves: The moves in text form (one fewer than the states).
        names: The names of the hand's seats.
        score: The match score the pictures show during the hand (or ``None``).
        result: How the hand ended, in lines (``("The hand is not finished.",)``).
        after: The match score after the hand, as a line ("" outside a match).
    """

    title: str
    states: tuple[Any, ...]
    moves: tuple[str, ...]
    names: tuple[str, ...]
    score: tuple[int, ...] | None
    result: tuple[str, ...]
    after: str = ""


class GameHook(Protocol):
    """The game-specific part of the viewer.

    Attributes:
        seats: Seats in one hand (a view toggle is offered for each).
    """

    @property
    def seats(self) -> int:
        """Seats in one hand."""

    def title(self, record: Any) -> str:
        """A title for the record's page."""

    def hands(self, record: Any, names: Sequence[str] | None) -> list[HandPlay]:
        """The hands of ``record`` (checked), with ``names`` for the match's seats."""

    def summary(self, record: Any, names: Sequence[str] | None) -> str:
        """A line on the whole record: who won the match, or "" for a single hand."""

    def picture(self, state: Any, seat: int | None, names: tuple[str, ...], score: Any) -> str:
        """``state`` as SVG: every hand face up (``seat`` ``None``) or ``seat``'s view."""

    def text(self, state: Any, seat: int | None) -> str:
        """``state`` as text (every hand, or what ``seat`` sees)."""

    def say(self, before: Any, move: str, after: Any, names: tuple[str, ...]) -> str:
        """What ``move`` did, in a sentence."""


_HOOKS: list[tuple[type, GameHook]] = []


def register_hook(record_type: type, hook: GameHook) -> None:
    """Show records of ``record_type`` with ``hook`` (a later registration wins)."""
    _HOOKS.insert(0, (record_type, hook))


def hook_for(record: object) -> GameHook:
    """The hook that shows ``record``.

    Raises:
        SixtySixError: no game shows records of this type.
    """
    for kind, hook in _HOOKS:
        if isinstance(record, kind):
            return hook
    raise SixtySixError(f"the viewer shows game and match records, not {quote(record)}")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _seat_names(names: Sequence[str] | None, seats: int) -> tuple[str, ...]:
    if names is None:
        return tuple(f"seat {s}" for s in range(seats))
    given: tuple[object, ...] = tuple(names)
    checked = tuple(n for n in given if isinstance(n, str) and n.strip())
    if len(given) != seats or len(checked) != seats:
        raise SixtySixError(
            f"names are {seats} non-empty strings, one per seat, not {quote(names)}"
        )
    return checked


def _score_line(m: Any, scores: Callable[[Any], str]) -> str:
    """``Match score: ...`` after a hand (``m``: the match after it), or "" if unfinished."""
    return "" if m is None else f"Match score: {scores(m)}{carried(m)}."


# ------------------------------------------------------------------ two-hand game


def _narrator(names: tuple[str, ...]) -> Any:
    from .._narration import Narrator  # the terminal's sentences, shared

    return Narrator((names[0], names[1]), (True, True))


@attrs.frozen
class TwoHandHook:
    """Records of the two-hand game: :class:`~sixtysix.records.GameRecord` and matches."""

    seats: int = 2

    def title(self, record: GameRecord | MatchRecord) -> str:
        rules = preset_name(record.rules) or "house rules"
        if isinstance(record, GameRecord):
            return f"Sixty-Six hand ({rules})"
        return f"Sixty-Six match ({rules}, {_plural(len(record.games), 'hand')})"

    def hands(
        self, record: GameRecord | MatchRecord, names: Sequence[str] | None
    ) -> list[HandPlay]:
        replay(record)  # every move and result checked first
        if isinstance(record, GameRecord):
            who = _seat_names(names, 2)
            return [self._hand(record, "The hand", who, None, "")]
        who = _seat_names(names, record.seats)
        out = []
        for number, game, before, after in _walk(record):
            a, b = game.players
            title = f"Hand {number}: {who[game.players[game.dealer]]} deals"
            score = (before.scores[a], before.scores[b])
            line = _score_line(
                after, lambda m: ", ".join(f"{who[s]} {p}" for s, p in enumerate(m.scores))
            )
            out.append(self._hand(game, title, (who[a], who[b]), score, line))
        return out

    def _hand(
        self,
        game: GameRecord,
        title: str,
        names: tuple[str, ...],
        score: tuple[int, int] | None,
        after: str,
    ) -> HandPlay:
        states = tuple(replay_states(game))
        if game.result is None:
            result: tuple[str, ...] = ("The hand is not finished.",)
        else:
            result = tuple(_narrator(names).result(states[-1], game.result))
        return HandPlay(title, states, game.moves, names, score, result, after)

    def summary(self, record: GameRecord | MatchRecord, names: Sequence[str] | None) -> str:
        if isinstance(record, GameRecord):
            return ""
        who = _seat_names(names, record.seats)
        if record.winner is None:
            return "The match is not finished."
        scores = " : ".join(str(s) for s in record.scores)
        return f"{who[record.winner]} won the match, {scores}."

    def picture(self, state: Any, seat: int | None, names: tuple[str, ...], score: Any) -> str:
        position = state if seat is None else observe(state, seat)
        return position_svg(position, names=(names[0], names[1]), score=score)

    def text(self, state: Any, seat: int | None) -> str:
        return render(state, seat)

    def say(self, before: Any, move: str, after: Any, names: tuple[str, ...]) -> str:
        text: str = _narrator(names).move(before, parse_move(move), after)
        return text


# ------------------------------------------------------------------ four-hand game


def _side(side: int, names: tuple[str, ...]) -> str:
    return f"side {side} ({names[side]} and {names[side + 2]})"


def _p4_check(record: p4.HandRecord | p4.MatchRecord) -> None:
    """Replay a four-hand record; a match may end with an unfinished hand (a forfeit)."""
    if isinstance(record, p4.MatchRecord) and record.games and record.games[-1].result is None:
        p4.replay(attrs.evolve(record, games=record.games[:-1]))
        p4.replay(record.games[-1])
    else:
        p4.replay(record)


@attrs.frozen
class FourHandHook:
    """Records of the four-hand partnership game (:mod:`sixtysix.partnership`)."""

    seats: int = 4

    def title(self, record: p4.HandRecord | p4.MatchRecord) -> str:
        rules = p4.preset_name(record.rules) or "house rules"
        if isinstance(record, p4.HandRecord):
            return f"Four-hand Sixty-Six hand ({rules})"
        return f"Four-hand Sixty-Six match ({rules}, {_plural(len(record.games), 'hand')})"

    def hands(
        self, record: p4.HandRecord | p4.MatchRecord, names: Sequence[str] | None
    ) -> list[HandPlay]:
        _p4_check(record)
        who = _seat_names(names, 4)
        if isinstance(record, p4.HandRecord):
            return [self._hand(record, "The hand", who, None, "")]
        out = []
        for number, game, before, after in _p4_walk(record):
            line = _score_line(after, lambda m: f"side 0 {m.scores[0]}, side 1 {m.scores[1]}")
            out.append(
                self._hand(
                    game, f"Hand {number}: {who[game.dealer]} deals", who, before.scores, line
                )
            )
        return out

    def _hand(
        self,
        game: p4.HandRecord,
        title: str,
        names: tuple[str, ...],
        score: tuple[int, int] | None,
        after: str,
    ) -> HandPlay:
        states = tuple(p4.replay_states(game))
        r = game.result
        if r is None:
            result: tuple[str, ...] = ("The hand is not finished.",)
        else:
            points = f"Points: side 0 {r.points[0]}, side 1 {r.points[1]}"
            points += f" (tricks {r.tricks[0]}-{r.tricks[1]})."
            ten = ""
            if r.ten_of_trumps is not None:
                side = _side(r.ten_of_trumps, names).capitalize()
                ten = f" {side} scores the ten-of-trumps point."
            if r.winner is None:
                line = f"Nobody scores; {_plural(r.carry, 'game point')} carried."
            else:
                gained = _plural(r.game_points, "game point")
                line = f"{_side(r.winner, names).capitalize()} scores {gained}."
            result = (
                f"Hand over ({r.reason.name.lower().replace('_', ' ')}).",
                points,
                line + ten,
            )
        return HandPlay(title, states, game.moves, names, score, result, after)

    def summary(self, record: p4.HandRecord | p4.MatchRecord, names: Sequence[str] | None) -> str:
        if isinstance(record, p4.HandRecord):
            return ""
        who = _seat_names(names, 4)
        winner = None
        for *_, after in _p4_walk(record):
            winner = winner if after is None else after.winner
        if winner is None:
            return "The match is not finished."
        s = record.scores
        return f"{_side(winner, who).capitalize()} won the match, {s[0]} : {s[1]}."

    def picture(self, state: Any, seat: int | None, names: tuple[str, ...], score: Any) -> str:
        position = state if seat is None else p4.observe(state, seat)
        four = (names[0], names[1], names[2], names[3])
        return p4_position_svg(position, names=four, score=score)

    def text(self, state: Any, seat: int | None) -> str:
        return p4.render(state, seat)

    def say(self, before: Any, move: str, after: Any, names: tuple[str, ...]) -> str:
        text = f"{names[before.to_move].capitalize()} plays {move}."
        if not after.trick:  # the move completed a trick
            cards = " ".join(str(CARDS[c]) for c in after.played[-4:])
            text += f" {names[after.leader].capitalize()} takes the trick ({cards});"
            text += f" card points {after.points(0)}-{after.points(1)}."
        return text


register_hook(p4.HandRecord, FourHandHook())
register_hook(p4.MatchRecord, FourHandHook())
register_hook(GameRecord, TwoHandHook())
register_hook(MatchRecord, TwoHandHook())


# ------------------------------------------------------------------ Tausendeins


def t1_say(before: Any, move: str, after: Any, names: tuple[str, ...]) -> str:
    """What the Tausendeins ``move`` did, in a sentence (rules §12.4 to §12.6)."""
    who = names[before.to_move].capitalize()
    if after.marriages != before.marriages:
        m = after.marriages[-1]
        return f"{who} declares the marriage in {'CDHS'[m.suit]} ({m.value}); it is trump now."
    if len(after.played) == len(before.played):
        return f"{who}: {move}."
    if before.lead < 0:
        return f"{who} leads {move}."
    worth = sum(CARDS[c].points for c in after.played[-2:])
    return f"{who} plays {move}: {names[after.last_winner]} takes the trick ({worth} points)."


@attrs.frozen
class TausendeinsHook:
    """Records of Tausendeins (:mod:`sixtysix.tausendeins`, rules §12)."""

    seats: int = 2

    def title(self, record: t1.DealRecord | t1.MatchRecord) -> str:
        rules = t1.preset_name(record.rules) or "house rules"
        if isinstance(record, t1.DealRecord):
            return f"Tausendeins deal ({rules})"
        deals = _plural(len(record.games), "deal")
        return f"Tausendeins game to {record.rules.target} ({rules}, {deals})"

    def hands(
        self, record: t1.DealRecord | t1.MatchRecord, names: Sequence[str] | None
    ) -> list[HandPlay]:
        t1.replay(record)  # every move and result checked first
        who = _seat_names(names, 2)
        if isinstance(record, t1.DealRecord):
            return [self._hand(record, "The deal", who, None, "")]
        out = []
        for number, game, before, after in _t1_walk(record):
            line = _score_line(after, lambda m: f"{who[0]} {m.scores[0]}, {who[1]} {m.scores[1]}")
            title = f"Deal {number}: {who[game.dealer]} deals"
            out.append(self._hand(game, title, who, before.scores, line))
        return out

    def _hand(
        self,
        game: t1.DealRecord,
        title: str,
        names: tuple[str, ...],
        score: tuple[int, int] | None,
        after: str,
    ) -> HandPlay:
        states = tuple(t1.replay_states(game))
        r = game.result
        if r is None:
            result: tuple[str, ...] = ("The deal is not finished.",)
        else:
            lines = [
                f"Deal over. Points: {names[0]} {r.points[0]}, {names[1]} {r.points[1]} "
                f"(tricks {r.tricks[0]}-{r.tricks[1]})."
            ]
            if r.declarer is not None:
                made = "made" if r.made else "missed"
                lines.append(
                    f"{names[r.declarer].capitalize()} {made} the contract of {r.contract}."
                )
            lines.append(f"Added: {names[0]} {r.added[0]:+d}, {names[1]} {r.added[1]:+d}.")
            result = tuple(lines)
        return HandPlay(title, states, game.moves, names, score, result, after)

    def summary(self, record: t1.DealRecord | t1.MatchRecord, names: Sequence[str] | None) -> str:
        if isinstance(record, t1.DealRecord):
            return ""
        who = _seat_names(names, 2)
        if record.winner is None:
            return "The game is not finished."
        return f"{who[record.winner]} won the game, {record.scores[0]} : {record.scores[1]}."

    def picture(self, state: Any, seat: int | None, names: tuple[str, ...], score: Any) -> str:
        return t1_position_svg(state if seat is None else t1.observe(state, seat))

    def text(self, state: Any, seat: int | None) -> str:
        return t1.TausendeinsGame(state.rules).render(state, seat)

    def say(self, before: Any, move: str, after: Any, names: tuple[str, ...]) -> str:
        return t1_say(before, move, after, names)


register_hook(t1.DealRecord, TausendeinsHook())
register_hook(t1.MatchRecord, TausendeinsHook())
