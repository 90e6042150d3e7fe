"""Sixty-Six and Schnapsen as an OpenSpiel game: ``python_sixtysix``.

Importing this module registers the game with ``pyspiel`` (the ``openspiel`` extra:
``pip install 'sixtysix[openspiel]'``); ``import sixtysix`` never imports it.

>>> import pyspiel
>>> import sixtysix.openspiel
>>> game = pyspiel.load_game("python_sixtysix(variant=schnapsen,dealer=0)")
>>> state = game.new_initial_state()
>>> while state.is_chance_node():        # the shuffle: one chance node per card
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(1, ['AC', 'TC', 'KC', 'KD', 'QD', 'marry D', 'close'])

**Parameters.** ``variant``: a preset name, any case (default ``schnapsen``; see
:data:`~sixtysix.PRESETS`). ``claims``: ``preset`` (default: the preset's own
:class:`~sixtysix.ClaimMode`), ``auto`` or ``explicit``. ``dealer``: ``0`` or ``1``, or
``-1`` (default) to let a first chance node pick the dealer with probability 1/2 each.

**Chance.** After the dealer, one chance node per card of the pack, from the top: the
outcome is the card's index (:attr:`Card.index <sixtysix.Card.index>`, which is also the
action id of playing it), uniform over the cards not yet dealt. The pack is then dealt
as :func:`~sixtysix.deal_from_order` deals it.

**Actions** are the 40 fixed move ids of :func:`~sixtysix.moves.move_id`, so a policy
over 40 actions fits every variant. **Returns** are the game points of the hand (1, 2
or 3) for the winner and their negative for the loser, 0 for both if the hand scores
nothing: zero-sum, terminal rewards only.

**Observations.** The observation tensor is :func:`~sixtysix.encoding.encode_view` of the
player's :class:`~sixtysix.PlayerView`; the information-state tensor adds the perfect-
recall history: every move of the hand as a one-hot row of 40, the player's dealt hand,
and each card the player received after the deal (draws and the exchange), in order.
The strings are :func:`~sixtysix.encoding.view_text` plus, for the information state,
the same history as text. Public and private observations are provided too.

**States** hold one immutable record (the rule set, the pack dealt so far, the
:class:`~sixtysix.HandState`, the moves), so ``clone()`` shares it instead of copying
it; ``serialize()`` and ``pickle`` work. :func:`resampler` makes the callback that
OpenSpiel's Python ``ISMCTSBot.set_resampler`` takes.

**Bots.** :func:`as_pyspiel_bot` makes any ``sixtysix`` :class:`~sixtysix.Bot` a
``pyspiel.Bot`` (:class:`PyspielBot`), so OpenSpiel's ``evaluate_bots`` and examples
can play it against OpenSpiel's bots.

**The four-hand game** is registered too, as ``python_sixtysix_partnership``
(:class:`PartnershipSpielGame`): four players, the same chance deal and action ids,
:func:`~sixtysix.encoding.encode_partnership_view` tensors. Both games are written
against the :class:`~sixtysix.Game` protocol (moves, returns and text come from it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

import attrs
import numpy as np
import numpy.typing as npt
import pyspiel

from ._adapters import resolve_four_hand, resolve_rules
from .bots import Bot
from .bots.registry import make_bot
from .cards import CARDS, Deck
from .encoding import encode_view, layout, observation_size, partnership_layout, view_text
from .engine import deal_from_order
from .errors import AdapterError, IllegalMoveError, SixtySixError, quote
from .game import Game, TwoHandGame
from .legality import require_plain_trick_game
from .moves import (
    NUM_ACTIONS,
    move_from_id,
)
from .observe import determinize, observe
from .partnership._bits import mask_text
from .partnership.engine import deal_from_order as p4_deal_from_order
from .partnership.game import PartnershipGame
from .partnership.rules import PartnershipRules
from .partnership.state import PartnershipState
from .rules import Rules
from .state import HandState

__all__ = [
    "GAME_NAME",
    "GAME_TYPE",
    "PARTNERSHIP_GAME_NAME",
    "PARTNERSHIP_GAME_TYPE",
    "PartnershipObserver",
    "PartnershipSpielGame",
    "PartnershipSpielState",
    "PyspielBot",
    "SixtySixGame",
    "SixtySixObserver",
    "SixtySixState",
    "as_pyspiel_bot",
    "max_game_length",
    "resample",
    "resampler",
]

#: The short name the game is registered under.
GAME_NAME = "python_sixtysix"

_DEFAULTS: dict[str, Any] = {"variant": "schnapsen", "claims": "preset", "dealer": -1}


def _game_type(short_name: str, long_name: str, players: int, defaults: dict[str, Any]) -> Any:
    """The :class:`pyspiel.GameType` of a card game of the family for ``players`` players."""
    kind = pyspiel.GameType
    return kind(
        short_name=short_name,
        long_name=long_name,
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
        default_loadable=True,
        provides_factored_observation_string=True,
    )


#: The registered :class:`pyspiel.GameType`.
GAME_TYPE = _game_type(GAME_NAME, "Sixty-Six and Schnapsen (sixtysix)", 2, _DEFAULTS)


def max_game_length(rules: Rules) -> int:
    """An upper bound on the player moves in one hand: ``4 * tricks + 3``.

    Each trick has at most a marriage, a lead, a follow and a draw decision; an
    exchange, a close and a claim happen at most once a hand.

    >>> from sixtysix import SCHNAPSEN, CLASSIC_66
    >>> max_game_length(SCHNAPSEN), max_game_length(CLASSIC_66)
    (43, 51)
    """
    return 4 * (rules.deck.size // 2) + 3


def _received_slots(rules: Rules) -> int:
    """Cards a player can receive after the deal: one per drawing trick, one exchange."""
    return rules.talon_size // 2 + 1


@attrs.frozen
class _Config:
    """A game's parameters, resolved once: its :class:`~sixtysix.Game` and dealer."""

    game: Game[Any, Any, Any]
    dealer: int

    @property
    def rules(self) -> Any:
        """The game's rule set."""
        return self.game.rules


@attrs.frozen(eq=False)
class _Record:
    """Everything a state holds; immutable, so clones share it.

    ``dealt`` and ``received`` (the dealt hands and the cards received after the deal,
    per player) are kept by the two-hand game only.
    """

    config: _Config
    dealer: int
    pack: tuple[int, ...]
    hand: Any
    moves: tuple[tuple[int, int], ...]
    dealt: tuple[int, ...] = ()
    received: tuple[tuple[int, ...], ...] = ()

    def __deepcopy__(self, memo: dict[int, object]) -> _Record:
        return self


def _config_of(params: dict[str, Any]) -> _Config:
    unknown = sorted(set(params) - set(_DEFAULTS))
    if unknown:
        raise AdapterError(
            f"{GAME_NAME} has no parameter {quote(unknown[0])}; use variant, claims, dealer"
        )
    merged = {**_DEFAULTS, **params}
    rules = resolve_rules(merged["variant"], merged["claims"])
    dealer = merged["dealer"]
    if type(dealer) is not int or dealer not in (-1, 0, 1):
        raise AdapterError(f"dealer must be 0, 1 or -1 (chance decides), not {quote(dealer)}")
    return _Config(TwoHandGame(rules), dealer)


def _observation_kind(name: str, iig_obs_type: Any, params: Any) -> tuple[bool, bool, bool]:
    """Private, public and perfect recall of an observer; checks what it cannot give."""
    if params:
        raise AdapterError(f"{name} takes no observation parameters: {quote(params)}")
    private = iig_obs_type.private_info
    if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
        raise AdapterError(f"{name} observes for one player, not ALL_PLAYERS")
    return (
        private == pyspiel.PrivateInfoType.SINGLE_PLAYER,
        bool(iig_obs_type.public_info),
        bool(iig_obs_type.perfect_recall),
    )


def _tensor_pieces(
    pieces: list[tuple[str, tuple[int, ...]]],
) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
    """One flat tensor and its named pieces (views into it), as OpenSpiel's observers hold."""
    total = sum(int(np.prod(shape)) for _, shape in pieces)
    tensor = np.zeros(total, np.float32)
    named: dict[str, Any] = {}
    start = 0
    for name, shape in pieces:
        size = int(np.prod(shape))
        named[name] = tensor[start : start + size].reshape(shape)
        start += size
    return tensor, named


def _cards_left(deck: Deck, pack: tuple[int, ...]) -> list[tuple[int, float]]:
    """The chance outcomes of the next card: the deck's cards not yet dealt, uniformly."""
    dealt = set(pack)
    left = [c.index for c in deck.cards if c.index not in dealt]
    p = 1.0 / len(left)
    return [(i, p) for i in sorted(left)]


def _dealing_text(dealer: int, pack: tuple[int, ...]) -> str:
    """A state during the deal, as text."""
    who = "chance picks the dealer" if dealer < 0 else f"dealer seat {dealer}"
    cards = " ".join(str(CARDS[i]) for i in pack)
    return f"dealing ({who}): {len(pack)} cards dealt: {cards}".rstrip()


class _SpielGame(pyspiel.Game):  # type: ignore[misc]
    """What the OpenSpiel games share: the Python side (a config and the first record)."""

    _TYPE: ClassVar[Any]  # the game's pyspiel.GameType
    _DEFAULTS: ClassVar[dict[str, Any]]  # its parameters' defaults
    _MAX_POINTS: ClassVar[float]  # the largest return

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        config = self._config_from(given)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=len(CARDS),
            num_players=config.game.num_seats,
            min_utility=-self._MAX_POINTS,
            max_utility=self._MAX_POINTS,
            utility_sum=0.0,
            max_game_length=self._max_length(config),
        )
        super().__init__(self._TYPE, info, {**self._DEFAULTS, **given})
        self._setup(config)

    def _config_from(self, params: dict[str, Any]) -> _Config:
        raise NotImplementedError  # pragma: no cover - each game reads its parameters

    def _max_length(self, config: _Config) -> int:
        raise NotImplementedError  # pragma: no cover - each game bounds its own length

    def _observer(self, config: _Config, iig_obs_type: Any, params: Any) -> Any:
        raise NotImplementedError  # pragma: no cover - each game observes its own way

    def _setup(self, config: _Config) -> None:
        self._config = config
        self._initial = _Record(config, config.dealer, (), None, ())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        """An observer of the kind OpenSpiel asks for (default: no perfect recall)."""
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return self._observer(self._config, kind, params)

    def __getattr__(self, name: str) -> Any:
        # An unpickled game is a new Python object around the C++ game: rebuild the
        # Python side from the game's parameters.
        if name in ("_config", "_initial"):
            self._setup(self._config_from(dict(self.get_parameters())))
            return self.__dict__[name]
        raise AttributeError(name)

    def max_chance_nodes_in_history(self) -> int:
        """The pack's cards, plus one if chance picks the dealer."""
        size: int = self._config.rules.deck.size
        return size + (1 if self._config.dealer < 0 else 0)


class _SpielState(pyspiel.State):  # type: ignore[misc]
    """What the OpenSpiel states share: chance deals the pack card by card, then the hand.

    The state's only Python attribute is one immutable :class:`_Record`; the game's
    :class:`~sixtysix.Game` gives the moves, the returns and the text.
    """

    def __init__(self, game: _SpielGame) -> None:
        super().__init__(game)
        self._r: _Record = game._initial

    def _deal(self, r: _Record, pack: tuple[int, ...]) -> _Record:
        """The record once the whole ``pack`` is dealt."""
        raise NotImplementedError  # pragma: no cover - each game deals its own way

    def _played(self, r: _Record, seat: int, action: int, after: Any) -> _Record:
        """The record after ``seat`` played ``action``, giving the hand ``after``."""
        return attrs.evolve(r, hand=after, moves=(*r.moves, (seat, action)))

    @property
    def pack(self) -> tuple[int, ...]:
        """The card indices dealt so far, top of the pack first."""
        return self._r.pack

    def current_player(self) -> int:
        """The seat to move, or ``CHANCE`` during the deal, or ``TERMINAL``."""
        hand = self._r.hand
        if hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = hand.to_move
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else int(seat)

    def _legal_actions(self, player: int) -> list[int]:
        game = self._r.config.game
        return sorted(game.action_id(m) for m in game.legal_moves(self._r.hand))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer (any seat) while undecided, then the cards not yet dealt, uniformly."""
        r = self._r
        if r.dealer < 0:
            n = r.config.game.num_seats
            return [(seat, 1.0 / n) for seat in range(n)]
        return _cards_left(r.config.rules.deck, r.pack)

    def _apply_action(self, action: int) -> None:
        r = self._r
        action = int(action)
        hand = r.hand
        if hand is None:
            if r.dealer < 0:
                self._r = attrs.evolve(r, dealer=action)
                return
            pack = (*r.pack, action)
            if len(pack) < r.config.rules.deck.size:
                self._r = attrs.evolve(r, pack=pack)
            else:
                self._r = self._deal(r, pack)
            return
        game = r.config.game
        seat = hand.to_move
        after = game.apply_move(hand, game.move_of(action))
        self._r = self._played(r, seat, action, after)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"dealer {int(action)}" if self._r.dealer < 0 else f"deal {CARDS[int(action)]}"
        return str(move_from_id(int(action)))

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        r = self._r
        return r.hand is not None and r.config.game.is_over(r.hand)

    def returns(self) -> list[float]:
        """Each player's game points once the hand is over (the game's returns); zeros before."""
        r = self._r
        game = r.config.game
        if r.hand is None or not game.is_over(r.hand):
            return [0.0] * game.num_seats
        return [float(x) for x in game.returns(r.hand)]

    def __str__(self) -> str:
        """The whole table (every hand), or the deal so far."""
        r = self._r
        if r.hand is None:
            return _dealing_text(r.dealer, r.pack)
        return r.config.game.render(r.hand)


class SixtySixGame(_SpielGame):
    """The ``python_sixtysix`` game; made by ``pyspiel.load_game`` (see the module doc).

    >>> import pyspiel
    >>> from sixtysix import CLASSIC_66
    >>> game = pyspiel.load_game("python_sixtysix(variant=classic_66,dealer=1)")
    >>> game.rules == CLASSIC_66, game.max_game_length(), game.max_chance_nodes_in_history()
    (True, 51, 24)

    Raises:
        AdapterError: an unknown parameter or value.
    """

    _TYPE = GAME_TYPE
    _DEFAULTS = _DEFAULTS
    _MAX_POINTS = 3.0

    def _config_from(self, params: dict[str, Any]) -> _Config:
        config = _config_of(params)
        require_plain_trick_game(config.rules, "the OpenSpiel game", encoding=True)  # §13
        return config

    def _max_length(self, config: _Config) -> int:
        return max_game_length(config.rules)

    def _observer(self, config: _Config, iig_obs_type: Any, params: Any) -> SixtySixObserver:
        return SixtySixObserver(config.rules, iig_obs_type, params)

    def _setup(self, config: _Config) -> None:
        self._config = config
        self._initial = _Record(config, config.dealer, (), None, (), (0, 0), ((), ()))

    @property
    def rules(self) -> Rules:
        """The rule set of every hand of this game."""
        rules: Rules = self._config.rules
        return rules

    def new_initial_state(self) -> SixtySixState:
        """A state before the deal (a chance node)."""
        return SixtySixState(self)


class SixtySixState(_SpielState):
    """A state of ``python_sixtysix``: a chance node of the deal, a decision, or the end.

    The hand in progress is :attr:`hand` (``None`` during the deal). The only Python
    attribute is one immutable record, which clones share.

    >>> import pyspiel
    >>> state = pyspiel.load_game("python_sixtysix(dealer=0)").new_initial_state()
    >>> for card in (0, 1, 2):
    ...     state.apply_action(card)
    >>> state.pack, state.hand is None, state.is_chance_node()
    ((0, 1, 2), True, True)
    """

    @property
    def hand(self) -> HandState | None:
        """The :class:`~sixtysix.HandState` once the pack is dealt, else ``None``."""
        hand: HandState | None = self._r.hand
        return hand

    def _deal(self, r: _Record, pack: tuple[int, ...]) -> _Record:
        dealt = deal_from_order(r.config.rules, [CARDS[i] for i in pack], r.dealer)
        return attrs.evolve(r, pack=pack, hand=dealt, dealt=dealt.hands)

    def _played(self, r: _Record, seat: int, action: int, after: Any) -> _Record:
        # Also the cards each player received after the deal (perfect recall).
        hand = r.hand
        received = list(r.received)
        for s in (0, 1):
            gained = after.hands[s] & ~hand.hands[s]
            if gained:
                received[s] = (*received[s], *(i for i in range(32) if (gained >> i) & 1))
        return attrs.evolve(
            r,
            hand=after,
            moves=(*r.moves, (seat, action)),
            received=(received[0], received[1]),
        )


# --------------------------------------------------------------------- observations


class SixtySixObserver:
    """The observer behind the information-state and observation strings and tensors.

    ``iig_obs_type.private_info`` may be ``SINGLE_PLAYER`` (the player's hand, and with
    perfect recall their dealt hand and received cards) or ``NONE``; ``public_info``
    adds everything else of the :class:`~sixtysix.PlayerView` (and with perfect recall
    every move of the hand). The pieces, in this order: ``hand`` [n], ``public``
    [observation size - n], ``moves`` [max game length, 40], ``dealt`` [n],
    ``received`` [talon size / 2 + 1, n], where n is the deck's size. Before the deal
    is complete the tensor is all zeros.

    >>> import pyspiel
    >>> game = pyspiel.load_game("python_sixtysix")
    >>> observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    >>> {name: piece.shape for name, piece in observer.dict.items()}
    {'hand': (20,), 'public': (164,), 'moves': (43, 40), 'dealt': (20,), 'received': (6, 20)}

    Raises:
        AdapterError: observation parameters were given, or ``ALL_PLAYERS`` private
            information was asked for.
    """

    def __init__(self, rules: Rules, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        self._private, self._public, self._recall = _observation_kind(
            GAME_NAME, iig_obs_type, params
        )
        self._rules = rules
        n = rules.deck.size
        self._n = n
        self._slots = {c.index: k for k, c in enumerate(rules.deck.cards)}
        pieces: list[tuple[str, tuple[int, ...]]] = []
        if self._private:
            pieces.append(("hand", (n,)))
        if self._public:
            pieces.append(("public", (observation_size(rules) - n,)))
        if self._recall and self._public:
            pieces.append(("moves", (max_game_length(rules), NUM_ACTIONS)))
        if self._recall and self._private:
            pieces.append(("dealt", (n,)))
            pieces.append(("received", (_received_slots(rules), n)))
        self.tensor, self.dict = _tensor_pieces(pieces)
        # The encoding's first block is the hand: the private part of the vector.
        assert layout(rules)[0] == ("hand", 0, n)

    def set_from(self, state: SixtySixState, player: int) -> None:
        """Write the observation of ``state`` by ``player`` into :attr:`tensor`."""
        self.tensor.fill(0.0)
        r = state._r
        if r.hand is None:
            return
        d = self.dict
        n = self._n
        if self._private or self._public:
            vector = encode_view(observe(r.hand, player))
            if self._private:
                d["hand"][:] = vector[:n]
            if self._public:
                d["public"][:] = vector[n:]
        if self._recall and self._public:
            moves = d["moves"]
            for k, (_, action) in enumerate(r.moves):
                moves[k, action] = 1.0
        if self._recall and self._private:
            slots = self._slots
            dealt = r.dealt[player]
            for index, slot in slots.items():
                if (dealt >> index) & 1:
                    d["dealt"][slot] = 1.0
            received = d["received"]
            for k, index in enumerate(r.received[player]):
                received[k, slots[index]] = 1.0

    def string_from(self, state: SixtySixState, player: int) -> str:
        """The observation of ``state`` by ``player`` as text."""
        r = state._r
        if r.hand is None:
            dealer = "chance" if r.dealer < 0 else str(r.dealer)
            return f"player {player}; dealing; dealer={dealer}; dealt={len(r.pack)}"
        parts = []
        if self._private or self._public:
            view = observe(r.hand, player)
            parts.append(view_text(view, public=self._public, private=self._private))
        if self._recall and self._public:
            moves = " ".join(f"{seat}:{move_from_id(a)}" for seat, a in r.moves)
            parts.append(f"moves={moves or '-'}")
        if self._recall and self._private:
            dealt = " ".join(str(CARDS[i]) for i in range(32) if (r.dealt[player] >> i) & 1)
            received = " ".join(str(CARDS[i]) for i in r.received[player])
            parts.append(f"dealt={dealt}; received={received or '-'}")
        return "; ".join(parts)


# ------------------------------------------------------------------------ resampling


def resample(state: SixtySixState, player: int, rng: random.Random) -> SixtySixState:
    """A new state that ``player`` cannot tell from ``state``, drawn with :func:`determinize`.

    The hidden cards (the opponent's unknown cards and the talon below its bottom
    card) are dealt again by :func:`~sixtysix.determinize` of ``player``'s view. The
    new state has a complete, consistent history: the same dealer and moves, and the
    pack order of ``state`` with the hidden cards relabelled to their new places, so
    ``player``'s information state, the player to move and the legal actions are
    unchanged, and replaying the history gives the sampled hand exactly.

    >>> import random, pyspiel
    >>> state = pyspiel.load_game("python_sixtysix(dealer=0)").new_initial_state()
    >>> for card in (0, 1, 2, 3, 4, 8, 9, 10, 11, 12, 16, 17, 18, 19, 20, 24, 25, 26, 27, 28):
    ...     state.apply_action(card)
    >>> other = resample(state, 1, random.Random(5))
    >>> other.information_state_string(1) == state.information_state_string(1)
    True
    >>> other.hand.hands[1] == state.hand.hands[1], other.hand == state.hand
    (True, False)

    Raises:
        AdapterError: ``state`` is still being dealt, or ``player`` is not 0 or 1.
    """
    r = state._r
    hand = r.hand
    if hand is None:
        raise AdapterError("a state can be resampled only once the pack is dealt")
    if type(player) is not int or player not in (0, 1):
        raise AdapterError(f"the player must be 0 or 1, not {quote(player)}")
    view = observe(hand, player)
    sample = determinize(view, rng)
    opp = 1 - player
    unseen = view.unseen_mask
    old_hidden = [i for i in range(32) if (hand.hands[opp] & unseen) >> i & 1]
    new_hidden = [i for i in range(32) if (sample.hands[opp] & unseen) >> i & 1]
    relabel = dict(zip(old_hidden, new_hidden, strict=True))
    relabel.update(zip(hand.talon[:-1], sample.talon[:-1], strict=True))
    fresh: SixtySixState = state.get_game().new_initial_state()
    if r.config.dealer < 0:
        fresh.apply_action(r.dealer)
    for card in r.pack:
        fresh.apply_action(relabel.get(card, card))
    for _, action in r.moves:
        fresh.apply_action(action)
    if fresh._r.hand != sample:  # pragma: no cover - would be a bug in determinize
        raise SixtySixError("internal error: the resampled history does not replay")
    return fresh


def resampler(
    rng: random.Random | int | None = None,
) -> Callable[[SixtySixState, int], SixtySixState]:
    """The ``resampler(state, player)`` callback for ``ISMCTSBot.set_resampler``.

    ``rng`` is a :class:`random.Random`, or a seed for a new one.

    >>> import pyspiel, numpy as np
    >>> from open_spiel.python.algorithms import ismcts, mcts
    >>> import sixtysix.openspiel as sso
    >>> game = pyspiel.load_game("python_sixtysix")
    >>> bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
    ...                        2.0, max_simulations=20, random_state=np.random.RandomState(0))
    >>> bot.set_resampler(sso.resampler(1))
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> bot.step(state) in state.legal_actions()
    True

    Raises:
        AdapterError: ``rng`` is neither a :class:`random.Random`, an int nor ``None``.
    """
    source = _random_source(rng)

    def resample_callback(state: SixtySixState, player: int) -> SixtySixState:
        return resample(state, player, source)

    return resample_callback


# ----------------------------------------------------------------------------- bots

_NO_POLICY = (
    "a sixtysix bot chooses a move and gives no policy (provides_policy() is False); "
    "use step(state)"
)


def _random_source(rng: object) -> random.Random:
    """``rng`` itself, or a new :class:`random.Random` seeded with it."""
    if isinstance(rng, random.Random):
        return rng
    if rng is None or type(rng) is int:
        return random.Random(rng)
    raise AdapterError(f"rng must be a random.Random or an int seed, not {quote(rng)}")


class PyspielBot(pyspiel.Bot):  # type: ignore[misc]
    """A ``sixtysix`` :class:`~sixtysix.Bot` as a ``pyspiel.Bot``; made by :func:`as_pyspiel_bot`.

    :meth:`step` gives the bot the view of the player to move (the game's
    :meth:`~sixtysix.Game.observe` of the state's hand: a :class:`~sixtysix.PlayerView`
    in ``python_sixtysix``, a :class:`~sixtysix.partnership.PartnershipView` in
    ``python_sixtysix_partnership``; what that player can know, never the others'
    hidden cards) and returns the id of the move it chose
    (:func:`~sixtysix.moves.move_id`, the game's action id). The bot draws its
    randomness from :attr:`rng` only, so a seed makes its moves reproducible.

    ``sixtysix`` bots remember nothing between moves, so :meth:`restart_at`,
    :meth:`inform_action` and :meth:`inform_actions` only check the state. The bot
    chooses a move, not a probability over moves: :meth:`provides_policy` is ``False``
    and :meth:`get_policy` and :meth:`step_with_policy` raise.
    """

    def __init__(self, bot: Bot, player_id: int | None, rng: random.Random) -> None:
        pyspiel.Bot.__init__(self)
        #: The wrapped ``sixtysix`` bot.
        self.bot = bot
        #: The random generator handed to ``bot.choose``.
        self.rng = rng
        self._player_id = player_id

    def __repr__(self) -> str:
        """``PyspielBot(RuleBot(), player_id=0)``."""
        return f"PyspielBot({self.bot!r}, player_id={self._player_id!r})"

    def player_id(self) -> int | None:
        """The player this bot plays, or ``None`` for whichever player is to move."""
        return self._player_id

    def _hand(self, state: object, what: str) -> Any:
        if not isinstance(state, _SpielState):  # a state of one of these adapters
            raise AdapterError(f"{what}: this bot plays {GAME_NAME} states, not {quote(state)}")
        return state.hand

    def restart_at(self, state: SixtySixState) -> None:
        """Start a new game at ``state`` (nothing to forget: only the state is checked).

        Raises:
            AdapterError: ``state`` is not a ``python_sixtysix`` state.
        """
        self._hand(state, "restart_at")

    def inform_action(self, state: SixtySixState, player_id: int, action: int) -> None:
        """Another player's move or a chance outcome: nothing to remember (state checked).

        Raises:
            AdapterError: ``state`` is not a ``python_sixtysix`` state.
        """
        self._hand(state, "inform_action")

    def inform_actions(self, state: SixtySixState, actions: list[int]) -> None:
        """Simultaneous moves (the game has none): nothing to remember (state checked).

        Raises:
            AdapterError: ``state`` is not a ``python_sixtysix`` state.
        """
        self._hand(state, "inform_actions")

    def step(self, state: SixtySixState) -> int:
        """The action id of the move the bot chooses in ``state``.

        Raises:
            AdapterError: ``state`` is not a state of the two games, is a chance node
                (the deal) or terminal, or another player than :meth:`player_id` is to
                move.
            IllegalMoveError: the bot returned something that is not a legal move here.
        """
        hand = self._hand(state, "step")
        if hand is None:
            raise AdapterError(
                "step: the state is a chance node (the pack is being dealt); apply a "
                "chance outcome, the bot moves once the hand is dealt"
            )
        game: Game[Any, Any, Any] = state._r.config.game
        seat = game.to_move(hand)
        if seat is None:
            raise AdapterError("step: the hand is over, so there is no move to choose")
        if self._player_id is not None and seat != self._player_id:
            raise AdapterError(
                f"step: player {seat} is to move, but this bot plays player {self._player_id}"
            )
        move: object = self.bot.choose(game.observe(hand, seat), self.rng)
        who = f"the bot {quote(self.bot)} (player {seat})"
        try:
            action: int = game.action_id(move)
        except SixtySixError:
            raise IllegalMoveError(
                move, f"{who} returned {quote(move)}, which is not a move"
            ) from None
        try:
            game.apply_move(hand, move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(move, f"{who} chose it, but {exc.reason}") from None
        return action

    def provides_policy(self) -> bool:
        """``False``: the bot chooses one move, it does not give a policy."""
        return False

    def get_policy(self, state: SixtySixState) -> list[tuple[int, float]]:
        """Not available: a ``sixtysix`` bot gives a move, not a policy.

        Raises:
            AdapterError: always.
        """
        raise AdapterError(_NO_POLICY)

    def step_with_policy(self, state: SixtySixState) -> tuple[list[tuple[int, float]], int]:
        """Not available: a ``sixtysix`` bot gives a move, not a policy.

        Raises:
            AdapterError: always.
        """
        raise AdapterError(_NO_POLICY)


def as_pyspiel_bot(
    bot: Bot | str,
    player_id: int | None = None,
    *,
    rng: random.Random | int | None = None,
    bot_kwargs: dict[str, Any] | None = None,
    players: int = 2,
) -> PyspielBot:
    """``bot`` as a ``pyspiel.Bot`` for ``python_sixtysix``: see :class:`PyspielBot`.

    Args:
        bot: A :class:`~sixtysix.Bot` (:class:`~sixtysix.RuleBot`,
            :class:`~sixtysix.PimcBot`, ...) or a name for
            :func:`~sixtysix.bots.registry.make_bot` (``"random"``, ``"rule"``,
            ``"pimc"``, ``"ismcts"``, an import path).
        player_id: The player (0 or 1) the bot plays; :meth:`~PyspielBot.step` then
            refuses a state where the other player is to move. ``None`` (the default):
            whichever player is to move.
        rng: The bot's :class:`random.Random`, or a seed for a new one (``None``: an
            unseeded one).
        bot_kwargs: Keyword arguments for ``make_bot`` when ``bot`` is a name.
        players: 2 for ``python_sixtysix``, 4 for ``python_sixtysix_partnership`` (the
            players ``player_id`` may name).

    Against OpenSpiel's uniform random bot, with ``evaluate_bots``:

    >>> import numpy as np
    >>> import pyspiel
    >>> from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    >>> from open_spiel.python.bots.uniform_random import UniformRandomBot
    >>> from sixtysix import RuleBot
    >>> from sixtysix.openspiel import as_pyspiel_bot
    >>> game = pyspiel.load_game("python_sixtysix(variant=schnapsen)")
    >>> bots = [as_pyspiel_bot(RuleBot(), 0, rng=1), UniformRandomBot(1, np.random.RandomState(2))]
    >>> rng = np.random.RandomState(3)
    >>> results = [evaluate_bots(game.new_initial_state(), bots, rng) for _ in range(10)]
    >>> all(a + b == 0 for a, b in results), sum(a for a, _ in results) > 0  # RuleBot wins
    (True, True)

    Raises:
        AdapterError: ``player_id`` is not a player or ``None``, ``rng`` is neither a
            :class:`random.Random`, an int nor ``None``, or ``bot`` is not a bot.
        PlayerError: ``bot`` names no bot, or ``bot_kwargs`` do not fit it.
    """
    made = make_bot(bot, bot_kwargs) if isinstance(bot, str) else bot
    if not isinstance(made, Bot):
        raise AdapterError(
            f"bot must be a sixtysix Bot (with choose(view, rng)) or a bot name, not {quote(bot)}"
        )
    if players not in (2, 4):
        raise AdapterError(f"players must be 2 or 4, not {quote(players)}")
    if player_id is not None and (type(player_id) is not int or not 0 <= player_id < players):
        choices = "0, 1" if players == 2 else "0 to 3"
        raise AdapterError(f"player_id must be {choices} or None, not {quote(player_id)}")
    return PyspielBot(made, player_id, _random_source(rng))


# ------------------------------------------------------------ the four-hand game

#: The short name the four-hand partnership game is registered under.
PARTNERSHIP_GAME_NAME = "python_sixtysix_partnership"

_P4_DEFAULTS: dict[str, Any] = {"variant": "four_hand_66", "dealer": -1}

#: The registered :class:`pyspiel.GameType` of the four-hand game.
PARTNERSHIP_GAME_TYPE = _game_type(
    PARTNERSHIP_GAME_NAME, "Four-hand partnership Sixty-Six (sixtysix)", 4, _P4_DEFAULTS
)


def _p4_config_of(params: dict[str, Any]) -> _Config:
    unknown = sorted(set(params) - set(_P4_DEFAULTS))
    if unknown:
        raise AdapterError(
            f"{PARTNERSHIP_GAME_NAME} has no parameter {quote(unknown[0])}; use variant, dealer"
        )
    merged = {**_P4_DEFAULTS, **params}
    rules = resolve_four_hand(merged["variant"])
    dealer = merged["dealer"]
    if type(dealer) is not int or not -1 <= dealer <= 3:
        raise AdapterError(f"dealer must be 0 to 3, or -1 (chance decides), not {quote(dealer)}")
    return _Config(PartnershipGame(rules), dealer)


class PartnershipSpielGame(_SpielGame):
    """``python_sixtysix_partnership``: four-hand partnership Sixty-Six in OpenSpiel.

    Parameters: ``variant`` (``four_hand_66``, the default, or ``four_hand_24``, any
    case) and ``dealer`` (0 to 3, or -1, the default: a first chance node picks the
    dealer, 1/4 each). Four players, seats 0 and 2 against 1 and 3. The chance nodes
    deal the pack card by card as in ``python_sixtysix``, then
    :func:`~sixtysix.partnership.deal_from_order` deals it. Actions are the 40 move ids
    (the plays 0-31 occur); the returns are the hand's
    :meth:`~sixtysix.partnership.PartnershipGame.returns`, ``(d, -d, d, -d)``, with
    ``|d|`` at most 4 (3 game points and the ten-of-trumps point). The observation tensor
    is :func:`~sixtysix.encoding.encode_partnership_view`; the information state adds
    every play of the hand, a one-hot row of 40 each. The strings are the game's
    :meth:`~sixtysix.Game.render` of the player's view (and the plays).

    >>> import pyspiel
    >>> game = pyspiel.load_game("python_sixtysix_partnership(variant=four_hand_24)")
    >>> game.num_players(), game.max_game_length(), game.observation_tensor_shape()
    (4, 24, [347])

    Raises:
        AdapterError: an unknown parameter or value.
    """

    _TYPE = PARTNERSHIP_GAME_TYPE
    _DEFAULTS = _P4_DEFAULTS
    _MAX_POINTS = 4.0

    def _config_from(self, params: dict[str, Any]) -> _Config:
        return _p4_config_of(params)

    def _max_length(self, config: _Config) -> int:
        size: int = config.rules.deck.size  # every card is played once, nothing else
        return size

    def _observer(self, config: _Config, iig_obs_type: Any, params: Any) -> PartnershipObserver:
        return PartnershipObserver(config.game, iig_obs_type, params)

    @property
    def rules(self) -> PartnershipRules:
        """The rule set of every hand of this game."""
        rules: PartnershipRules = self._config.rules
        return rules

    def new_initial_state(self) -> PartnershipSpielState:
        """A state before the deal (a chance node)."""
        return PartnershipSpielState(self)


class PartnershipSpielState(_SpielState):
    """A state of ``python_sixtysix_partnership``: the deal, a play, or the end.

    The hand in progress is :attr:`hand` (``None`` during the deal), a
    :class:`~sixtysix.partnership.PartnershipState`.
    """

    @property
    def hand(self) -> PartnershipState | None:
        """The hand once the pack is dealt, else ``None``."""
        hand: PartnershipState | None = self._r.hand
        return hand

    def _deal(self, r: _Record, pack: tuple[int, ...]) -> _Record:
        dealt = p4_deal_from_order(r.config.rules, [CARDS[i] for i in pack], r.dealer)
        return attrs.evolve(r, pack=pack, hand=dealt)


class PartnershipObserver:
    """The observer of ``python_sixtysix_partnership``'s strings and tensors.

    The pieces, in this order: ``hand`` [n] (``private_info`` ``SINGLE_PLAYER``),
    ``public`` [observation size - n] (``public_info``: the rest of
    :func:`~sixtysix.encoding.encode_partnership_view`), ``moves`` [n, 40] (with perfect
    recall and public information: every play of the hand, in order), where n is the
    deck's size. Before the deal is complete the tensor is all zeros.

    Raises:
        AdapterError: observation parameters were given, or ``ALL_PLAYERS`` private
            information was asked for.
    """

    def __init__(self, game: Game[Any, Any, Any], iig_obs_type: Any, params: Any) -> None:
        self._game = game
        self._private, self._public, self._recall = _observation_kind(
            PARTNERSHIP_GAME_NAME, iig_obs_type, params
        )
        n = self._n = game.rules.deck.size
        pieces: list[tuple[str, tuple[int, ...]]] = []
        if self._private:
            pieces.append(("hand", (n,)))
        if self._public:
            pieces.append(("public", (game.observation_shape[0] - n,)))
            if self._recall:
                pieces.append(("moves", (n, NUM_ACTIONS)))
        self.tensor, self.dict = _tensor_pieces(pieces)
        assert partnership_layout(game.rules)[0] == ("hand", 0, n)

    def set_from(self, state: PartnershipSpielState, player: int) -> None:
        """Write the observation of ``state`` by ``player`` into :attr:`tensor`."""
        self.tensor.fill(0.0)
        r = state._r
        if r.hand is None:
            return
        d = self.dict
        vector = self._game.encode(self._game.observe(r.hand, player))
        if self._private:
            d["hand"][:] = vector[: self._n]
        if self._public:
            d["public"][:] = vector[self._n :]
            if self._recall:
                for k, (_, action) in enumerate(r.moves):
                    d["moves"][k, action] = 1.0

    def string_from(self, state: PartnershipSpielState, player: int) -> str:
        """The observation of ``state`` by ``player`` as text."""
        r = state._r
        if r.hand is None:
            dealer = "chance" if r.dealer < 0 else str(r.dealer)
            return f"player {player}; dealing; dealer={dealer}; dealt={len(r.pack)}"
        parts = [f"player {player}"]
        if self._private:
            parts.append(f"hand={mask_text(r.hand.hands[player]) or '-'}")
        if self._public:
            lines = self._game.render(self._game.observe(r.hand, player)).splitlines()
            count = r.hand.hands[player].bit_count()  # the seat's own line, without the cards
            lines[1 + player] = f"seat {player} (side {player & 1}): {count} cards"
            parts.append("; ".join(lines))
            if self._recall:
                plays = " ".join(f"{seat}:{move_from_id(a)}" for seat, a in r.moves)
                parts.append(f"plays={plays or '-'}")
        return "; ".join(parts)


if GAME_NAME not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, SixtySixGame)
if PARTNERSHIP_GAME_NAME not in pyspiel.registered_names():
    pyspiel.register_game(PARTNERSHIP_GAME_TYPE, PartnershipSpielGame)
