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
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np
import pyspiel

from ._adapters import resolve_rules
from .bots import Bot
from .bots.registry import make_bot
from .cards import CARDS
from .encoding import encode_view, layout, observation_size, view_text
from .engine import apply_move, deal_from_order, explain_illegal, is_over, legal_moves
from .errors import AdapterError, IllegalMoveError, SixtySixError, quote
from .game import TwoHandGame
from .legality import require_plain_trick_game
from .moves import (
    NUM_ACTIONS,
    Claim,
    Close,
    Draw,
    Exchange,
    Marry,
    Play,
    move_from_id,
    move_id,
)
from .notation import render
from .observe import determinize, observe
from .rules import Rules
from .state import HandState

__all__ = [
    "GAME_NAME",
    "GAME_TYPE",
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

#: The registered :class:`pyspiel.GameType`.
GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Sixty-Six and Schnapsen (sixtysix)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
    default_loadable=True,
    provides_factored_observation_string=True,
)


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
    """The game's parameters, resolved once."""

    rules: Rules
    dealer: int
    game: TwoHandGame


@attrs.frozen(eq=False)
class _Record:
    """Everything a state holds; immutable, so clones share it."""

    config: _Config
    dealer: int
    pack: tuple[int, ...]
    hand: HandState | None
    moves: tuple[tuple[int, int], ...]
    dealt: tuple[int, int]
    received: tuple[tuple[int, ...], tuple[int, ...]]

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
    return _Config(rules, dealer, TwoHandGame(rules))


class SixtySixGame(pyspiel.Game):  # type: ignore[misc]
    """The ``python_sixtysix`` game; made by ``pyspiel.load_game`` (see the module doc).

    >>> import pyspiel
    >>> from sixtysix import CLASSIC_66
    >>> game = pyspiel.load_game("python_sixtysix(variant=classic_66,dealer=1)")
    >>> game.rules == CLASSIC_66, game.max_game_length(), game.max_chance_nodes_in_history()
    (True, 51, 24)

    Raises:
        AdapterError: an unknown parameter or value.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        config = _config_of(given)
        rules = config.rules
        require_plain_trick_game(rules, "the OpenSpiel game")  # no Mariage (rules §13)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=len(CARDS),
            num_players=2,
            min_utility=-3.0,
            max_utility=3.0,
            utility_sum=0.0,
            max_game_length=max_game_length(rules),
        )
        super().__init__(GAME_TYPE, info, {**_DEFAULTS, **given})
        self._setup(config)

    def _setup(self, config: _Config) -> None:
        self._config = config
        self._initial = _Record(config, config.dealer, (), None, (), (0, 0), ((), ()))

    def __getattr__(self, name: str) -> Any:
        # An unpickled game is a new Python object around the C++ game: rebuild the
        # Python side from the game's parameters.
        if name in ("_config", "_initial"):
            self._setup(_config_of(dict(self.get_parameters())))
            return self.__dict__[name]
        raise AttributeError(name)

    @property
    def rules(self) -> Rules:
        """The rule set of every hand of this game."""
        return self._config.rules

    def new_initial_state(self) -> SixtySixState:
        """A state before the deal (a chance node)."""
        return SixtySixState(self)

    def max_chance_nodes_in_history(self) -> int:
        """The pack's cards, plus one if chance picks the dealer."""
        return self._config.rules.deck.size + (1 if self._config.dealer < 0 else 0)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SixtySixObserver:
        """An observer of the kind OpenSpiel asks for (see :class:`SixtySixObserver`)."""
        return SixtySixObserver(
            self._config.rules,
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
        )


class SixtySixState(pyspiel.State):  # type: ignore[misc]
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

    def __init__(self, game: SixtySixGame) -> None:
        super().__init__(game)
        self._r: _Record = game._initial

    # ----------------------------------------------------------------- sixtysix side

    @property
    def hand(self) -> HandState | None:
        """The :class:`~sixtysix.HandState` once the pack is dealt, else ``None``."""
        return self._r.hand

    @property
    def pack(self) -> tuple[int, ...]:
        """The card indices dealt so far, top of the pack first."""
        return self._r.pack

    # ----------------------------------------------------------------- OpenSpiel API

    def current_player(self) -> int:
        """The seat to move, or ``CHANCE`` during the deal, or ``TERMINAL``."""
        hand = self._r.hand
        if hand is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = hand.to_move
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        hand = self._r.hand
        assert hand is not None
        return sorted(move_id(m) for m in legal_moves(hand))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer (0 or 1) while undecided, then the cards not yet dealt, uniformly."""
        r = self._r
        if r.dealer < 0:
            return [(0, 0.5), (1, 0.5)]
        dealt = set(r.pack)
        left = [c.index for c in r.config.rules.deck.cards if c.index not in dealt]
        p = 1.0 / len(left)
        return [(i, p) for i in sorted(left)]

    def _apply_action(self, action: int) -> None:
        r = self._r
        action = int(action)
        hand = r.hand
        if hand is None:
            if r.dealer < 0:
                self._r = attrs.evolve(r, dealer=action)
                return
            pack = (*r.pack, action)
            rules = r.config.rules
            if len(pack) < rules.deck.size:
                self._r = attrs.evolve(r, pack=pack)
                return
            dealt = deal_from_order(rules, [CARDS[i] for i in pack], r.dealer)
            self._r = attrs.evolve(r, pack=pack, hand=dealt, dealt=dealt.hands)
            return
        seat = hand.to_move
        assert seat is not None
        after = apply_move(hand, move_from_id(action))
        received = list(r.received)
        for s in (0, 1):
            gained = after.hands[s] & ~hand.hands[s]
            if gained:
                received[s] = (*received[s], *(i for i in range(32) if (gained >> i) & 1))
        self._r = attrs.evolve(
            r,
            hand=after,
            moves=(*r.moves, (seat, action)),
            received=(received[0], received[1]),
        )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._r.dealer < 0:
                return f"dealer {int(action)}"
            return f"deal {CARDS[int(action)]}"
        return str(move_from_id(int(action)))

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        hand = self._r.hand
        return hand is not None and is_over(hand)

    def returns(self) -> list[float]:
        """± the hand's game points once it is over; zeros before."""
        hand = self._r.hand
        if hand is None or not is_over(hand):
            return [0.0, 0.0]
        a, b = self._r.config.game.returns(hand)
        return [float(a), float(b)]

    def __str__(self) -> str:
        """The whole table (both hands and the talon), or the deal so far."""
        r = self._r
        if r.hand is None:
            dealer = "chance picks the dealer" if r.dealer < 0 else f"dealer seat {r.dealer}"
            cards = " ".join(str(CARDS[i]) for i in r.pack)
            return f"dealing ({dealer}): {len(r.pack)} cards dealt: {cards}".rstrip()
        return render(r.hand)


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
        if params:
            raise AdapterError(f"{GAME_NAME} takes no observation parameters: {quote(params)}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise AdapterError(f"{GAME_NAME} observes for one player, not ALL_PLAYERS")
        self._private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self._public = bool(iig_obs_type.public_info)
        self._recall = bool(iig_obs_type.perfect_recall)
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
        total = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(total, np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + size].reshape(shape)
            start += size
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

_MOVE_TYPES = (Play, Marry, Exchange, Close, Draw, Claim)
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

    :meth:`step` gives the bot the :class:`~sixtysix.PlayerView` of the player to move
    (:func:`~sixtysix.observe` of the state's hand: what that player can know, never the
    opponent's hidden cards) and returns the id of the move it chose
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

    def _hand(self, state: object, what: str) -> HandState | None:
        if not isinstance(state, SixtySixState):
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
            AdapterError: ``state`` is not a ``python_sixtysix`` state, is a chance node
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
        seat = hand.to_move
        if seat is None:
            raise AdapterError("step: the hand is over, so there is no move to choose")
        if self._player_id is not None and seat != self._player_id:
            raise AdapterError(
                f"step: player {seat} is to move, but this bot plays player {self._player_id}"
            )
        move: object = self.bot.choose(observe(hand, seat), self.rng)
        who = f"the bot {quote(self.bot)} (player {seat})"
        if not isinstance(move, _MOVE_TYPES):
            raise IllegalMoveError(move, f"{who} returned {quote(move)}, which is not a move")
        reason = explain_illegal(hand, move)
        if reason is not None:
            raise IllegalMoveError(move, f"{who} chose it, but {reason}")
        return move_id(move)

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
        AdapterError: ``player_id`` is not 0, 1 or ``None``, ``rng`` is neither a
            :class:`random.Random`, an int nor ``None``, or ``bot`` is not a bot.
        PlayerError: ``bot`` names no bot, or ``bot_kwargs`` do not fit it.
    """
    made = make_bot(bot, bot_kwargs) if isinstance(bot, str) else bot
    if not isinstance(made, Bot):
        raise AdapterError(
            f"bot must be a sixtysix Bot (with choose(view, rng)) or a bot name, not {quote(bot)}"
        )
    if player_id is not None and (type(player_id) is not int or player_id not in (0, 1)):
        raise AdapterError(f"player_id must be 0, 1 or None, not {quote(player_id)}")
    return PyspielBot(made, player_id, _random_source(rng))


if GAME_NAME not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, SixtySixGame)
