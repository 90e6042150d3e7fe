""":class:`TausendeinsGame`: Tausendeins as a :class:`sixtysix.game.Game`.

A whole game to 1001 between two random players, deal by deal, through the protocol:

>>> import random
>>> from sixtysix import tausendeins as t1
>>> from sixtysix.game import Game
>>> game = t1.TausendeinsGame(t1.TAUSENDEINS)
>>> isinstance(game, Game), game.num_seats, game.num_actions, game.name
(True, 2, 136, 'Tausendeins TAUSENDEINS')
>>> rng, m = random.Random(2), game.new_match(seed=5, dealer=1)
>>> while not m.is_over:
...     deal = game.next_hand(m)
...     while (seat := game.to_move(deal)) is not None:
...         view = game.observe(deal, seat)
...         deal = game.apply_move(deal, rng.choice(game.legal_moves(view)))
...     m = game.add_hand(m, deal)
>>> m.winner in (0, 1), max(m.scores) >= 1001, sum(game.outcome(deal).returns)
(True, True, 0)
>>> len(game.encode(view)) == game.observation_shape[0] == 293
True
>>> print(game.render(game.new_hand(seed=5, dealer=1), seat=0))  # doctest: +ELLIPSIS
Tausendeins TAUSENDEINS, dealer seat 1, PLAY, no trump
seat 0: ...
seat 1: 8 cards
...
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import TYPE_CHECKING, ClassVar

import attrs

from ..cards import CARDS
from ..errors import ParseError, PositionError, quote
from ..game import GameBase, Outcome
from . import engine as _engine_module
from . import match as _match
from . import rules as _rules
from . import views as _views_module
from .encoding import OBSERVATION_SIZE, encode_tausendeins_view
from .engine import action_table
from .moves import TausendeinsMove
from .rules import TausendeinsRules, preset_name
from .scoring import score_deal
from .state import Phase, TausendeinsState, iter_mask
from .views import TausendeinsView, determinize

__all__ = ["TausendeinsGame"]


@attrs.frozen
class TausendeinsGame(GameBase[TausendeinsState, TausendeinsView, TausendeinsMove]):
    """Tausendeins under ``rules``, as a :class:`~sixtysix.game.Game` (rules §12).

    One hand of the protocol is one deal. Action ids are those of rules §12.9 (see
    :class:`~sixtysix.tausendeins.engine.ActionTable`): 136 for the presets. A match is
    the game to ``target`` (a :class:`~sixtysix.tausendeins.match.TausendeinsMatch`);
    the observation is
    :func:`~sixtysix.tausendeins.encoding.encode_tausendeins_view`.

    Attributes:
        rules: The rule set of every deal.
    """

    rules: TausendeinsRules = attrs.field(validator=attrs.validators.instance_of(TausendeinsRules))

    _engine: ClassVar[ModuleType] = _engine_module
    _views: ClassVar[ModuleType] = _views_module
    _rules_module: ClassVar[ModuleType] = _rules
    _kind = "Tausendeins"
    add_hand = staticmethod(_match.add_deal)
    next_hand = staticmethod(_match.next_deal)
    #: Always 2.
    num_seats = 2
    #: ``random`` and ``tausendeins-rule`` (the registered bots that play Tausendeins; the
    #: search bots search the two-hand engine only).
    bot_names = ("random", "tausendeins-rule")

    @property
    def num_actions(self) -> int:
        """The size of the action table (136 for the presets)."""
        return len(action_table(self.rules).moves)

    @property
    def observation_shape(self) -> tuple[int]:
        """``(293,)``: see :mod:`sixtysix.tausendeins.encoding`."""
        return (OBSERVATION_SIZE,)

    def new_match(self, seed: int | str | None = None, dealer: int = 0) -> _match.TausendeinsMatch:
        """:func:`~sixtysix.tausendeins.match.new_match`: the game to ``rules.target``."""
        return _match.new_match(self.rules, seed, dealer)

    def outcome(self, state: TausendeinsState) -> Outcome:
        """``(a0 - a1, a1 - a0)`` where ``a`` is what each seat adds (rules §12.7).

        The end is ``"MADE"`` or ``"SET"`` (the contract) with an auction, else
        ``"DEAL"``; schwarz: the loser took no trick.

        Raises:
            HandNotOverError: the deal is not over.
        """
        result = score_deal(state)
        a0, a1 = result.added
        d = a0 - a1
        winner = (0 if d > 0 else 1) if d else None
        end = "DEAL" if result.made is None else "MADE" if result.made else "SET"
        schwarz = winner is not None and result.tricks[1 - winner] == 0
        return Outcome((d, -d), end, winner, schwarz)

    def encode(self, view: TausendeinsView) -> list[float]:
        """:func:`~sixtysix.tausendeins.encoding.encode_tausendeins_view`."""
        return encode_tausendeins_view(view)

    def render(self, position: TausendeinsState | TausendeinsView, seat: int | None = None) -> str:
        """A deal as text; a view, or a state with ``seat``, hides what that seat cannot see.

        Raises:
            PositionError: ``position`` is neither a state nor a view of Tausendeins, or
                ``seat`` is not None, 0 or 1.
        """
        if type(position) is TausendeinsView:
            return _render(determinize(position, random.Random(0)), position.seat)
        if type(position) is not TausendeinsState:
            raise PositionError(f"not a Tausendeins state or view: {quote(position)}")
        if seat is not None and seat not in (0, 1):
            raise PositionError(f"a Tausendeins seat is 0 or 1, not {quote(seat)}")
        return _render(position, seat)

    def action_id(self, move: TausendeinsMove) -> int:
        """The fixed id of ``move`` (rules §12.9).

        Raises:
            ParseError: ``move`` is not a move of this rule set.
        """
        try:
            return action_table(self.rules).ids[move]
        except (KeyError, TypeError):
            raise ParseError(f"not a Tausendeins move of these rules: {quote(move)}") from None

    def move_of(self, action: int) -> TausendeinsMove:
        """The move whose id is ``action`` (the inverse of :meth:`action_id`).

        Raises:
            ParseError: ``action`` is not an id of this rule set.
        """
        moves = action_table(self.rules).moves
        move = moves[action] if type(action) is int and 0 <= action < len(moves) else None
        if move is None:
            raise ParseError(
                f"not a Tausendeins action id (0 to {len(moves) - 1}, not 36-39): {quote(action)}"
            )
        return move


def _cards(mask: int) -> str:
    return " ".join(str(CARDS[i]) for i in iter_mask(mask)) or "-"


def _render(state: TausendeinsState, seat: int | None) -> str:
    """The lines of :meth:`TausendeinsGame.render`; ``seat`` hides the other seat."""
    name = preset_name(state.rules) or "house rules"
    trump = "no trump" if state.trump < 0 else f"trump {CARDS[8 * state.trump].suit.letter}"
    lines = [f"Tausendeins {name}, dealer seat {state.dealer}, {Phase(state.phase).name}, {trump}"]
    for s in (0, 1):
        hand = state.hands[s]
        shown = _cards(hand) if seat is None or seat == s else f"{hand.bit_count()} cards"
        lines.append(f"seat {s}: {shown}")
    if seat is None:
        lines.append(f"stock: {' '.join(str(CARDS[i]) for i in state.stock) or '-'}")
        if any(state.talons):
            lines.append(f"talons: {_cards(state.talons[0])} / {_cards(state.talons[1])}")
    else:
        lines.append(f"stock: {len(state.stock)} cards")
    if state.declarer >= 0:
        contract = f"bid {state.bid}, contract {state.contract}"
        lines.append(f"declarer: seat {state.declarer}, {contract}")
    if state.lead >= 0:
        lines.append(f"trick (led by seat {state.leader}): {CARDS[state.lead]}")
    scores = zip(state.card_points, state.tricks_won, strict=True)
    lines.append(
        "points: " + ", ".join(f"seat {s} {p} ({t} tricks)" for s, (p, t) in enumerate(scores))
    )
    lines.append("deal over" if state.is_over else f"to move: seat {state.to_move}")
    return "\n".join(lines)


if TYPE_CHECKING:  # mypy checks that TausendeinsGame satisfies Game
    from ..game import Game
    from .rules import TAUSENDEINS

    _GAME: Game[TausendeinsState, TausendeinsView, TausendeinsMove] = TausendeinsGame(TAUSENDEINS)
