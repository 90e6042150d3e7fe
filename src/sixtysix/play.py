"""Playing whole hands and matches between players, with a seed, into game records.

A **player** is either

* a *chooser*: a callable ``chooser(state, seat) -> Move`` that sees the full
  :class:`~sixtysix.HandState` (``seat`` is the hand seat it plays, 0 or 1), or
* a *bot*: an object with a method ``choose(view, rng) -> Move`` that sees only
  ``sixtysix.observe(state, seat)``, the player view of its seat, and gets its own
  :class:`random.Random`.

An object with a ``choose`` method is taken as a bot even if it is also callable. A
player may also return a move's text (``"QH"``). Each seat's random generator is
derived from the seed alone, so the same seed and the same players always give the
same game.

>>> from sixtysix import SCHNAPSEN, legal_moves
>>> from sixtysix.play import play_match
>>> first = lambda state, seat: legal_moves(state)[0]
>>> record = play_match(SCHNAPSEN, first, first, seed=7)
>>> record.winner is not None and max(record.scores) >= 7
True
>>> play_match(SCHNAPSEN, first, first, seed=7) == record
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

from . import _match, _play
from .engine import apply_move, deal_from_order, shuffled_deck
from .errors import DealError, IllegalMoveError, ParseError, PlayerError, RulesError, quote
from .match import Match, apply_result, new_match
from .moves import Amour, Claim, Close, Draw, Exchange, Marry, Move, Play, parse_move
from .records import GameRecord, MatchRecord
from .rules import Rules
from .scoring import score_hand
from .state import HandState

if TYPE_CHECKING:
    from .bots import Bot

__all__ = ["Chooser", "Player", "PlayerError", "play_hand", "play_match"]

_MOVE_TYPES = (Play, Marry, Exchange, Close, Draw, Claim, Amour)


#: A callable that picks a move from the full state: ``chooser(state, seat) -> Move``.
Chooser: TypeAlias = Callable[[HandState, int], Move | str]
#: A chooser or a bot (:class:`sixtysix.bots.Bot`: ``bot.choose(view, rng) -> Move``).
Player: TypeAlias = "Chooser | Bot"

# What the loop calls: (state, hand seat, rng) -> the player's answer.
_Turn = Callable[[HandState, int, random.Random], object]


def _turn(player: object, label: str) -> _Turn:
    """Adapt a chooser or a bot to one calling convention."""
    choose = getattr(player, "choose", None)
    if callable(choose):

        def bot_turn(state: HandState, seat: int, rng: random.Random) -> object:
            from .observe import observe  # lazy: keeps this module light to import

            return choose(observe(state, seat), rng)

        return bot_turn
    if callable(player):

        def chooser_turn(state: HandState, seat: int, rng: random.Random) -> object:
            return player(state, seat)

        return chooser_turn
    raise PlayerError(
        f"{label} is neither a chooser (a callable taking state and seat) nor a bot "
        f"(an object with a choose(view, rng) method): {quote(player)}"
    )


def _check_rules(rules: object, caller: str) -> None:
    if not isinstance(rules, Rules):
        raise RulesError(f"{caller} needs a Rules value, not {quote(rules)}")


def _player_rng(seed: int | str, seat: int) -> random.Random:
    """The random generator of a seat, derived from the seed alone."""
    return random.Random(f"{seed!r}/player {seat}")


def _play_game(
    rules: Rules,
    seed: str | int,
    dealer: int,
    players: tuple[int, int],
    turns: tuple[_Turn, _Turn],
    rngs: tuple[random.Random, random.Random],
) -> GameRecord:
    """Deal a hand from ``seed`` and let the match seats ``players`` play it out."""
    pack = tuple(shuffled_deck(rules, seed))
    labels = tuple(f"seat {p}" for p in players)
    final, moves = _play.play_out(
        deal_from_order(rules, pack, dealer),
        lambda state, seat: turns[seat](state, seat, rngs[seat]),
        lambda state, answer, seat: _apply(state, answer, labels[seat]),
    )
    played: dict[str, Any] = {"moves": tuple(moves), "result": score_hand(final)}
    return GameRecord(rules=rules, dealer=dealer, pack=pack, seed=seed, players=players, **played)


def _apply(state: HandState, answer: object, who: str) -> tuple[HandState, str]:
    """The state after the player ``who``'s answer, and the move's text."""
    if isinstance(answer, str):
        try:
            move: Move = parse_move(answer)
        except ParseError:
            raise IllegalMoveError(
                quote(answer), f"{who} returned text that is not a move"
            ) from None
    elif isinstance(answer, _MOVE_TYPES):
        move = answer
    else:
        raise IllegalMoveError(
            quote(answer), f"{who} returned {quote(answer)}, which is not a move"
        )
    try:
        return apply_move(state, move), str(move)
    except IllegalMoveError as exc:
        raise IllegalMoveError(move, f"{who} chose it, but {exc.reason}") from None


def play_hand(
    rules: Rules,
    player_0: Player,
    player_1: Player,
    *,
    seed: int | str | None = None,
    dealer: int = 0,
) -> GameRecord:
    """Deal one hand from ``seed`` and let two players play it out.

    The hand is ``new_hand(rules, seed=seed, dealer=dealer)``; seat ``i`` is played by
    ``player_i``. ``seed=None`` draws a fresh seed, which the record keeps.

    >>> from sixtysix import CLASSIC_66, legal_moves
    >>> from sixtysix.records import replay
    >>> from sixtysix.play import play_hand
    >>> last = lambda state, seat: legal_moves(state)[-1]
    >>> record = play_hand(CLASSIC_66, last, last, seed=1)
    >>> replay(record).is_over, record.result is not None
    (True, True)

    Raises:
        IllegalMoveError: a player chose an illegal move (the message names the seat).
        PlayerError: a player is neither a chooser nor a bot, or the seed is not an int
            (of at most :data:`~sixtysix.match.MAX_SEED_DIGITS` digits) or a str.
        RulesError: ``rules`` is not a :class:`~sixtysix.Rules`.
        DealError: ``dealer`` is not seat 0 or 1.
    """
    _check_rules(rules, "play_hand")
    if type(dealer) is not int or dealer not in (0, 1):
        raise DealError(f"the dealer is seat 0 or 1, not {quote(dealer)}")
    hand_seed = _play.check_seed(seed, fresh=True)
    turns = (_turn(player_0, "player_0"), _turn(player_1, "player_1"))
    rngs = (_player_rng(hand_seed, 0), _player_rng(hand_seed, 1))
    return _play_game(rules, hand_seed, dealer, (0, 1), turns, rngs)


def play_match(
    rules: Rules,
    player_0: Player,
    player_1: Player,
    player_2: Player | None = None,
    *,
    seed: int | str | None = None,
    seats: int | None = None,
    dealer: int = 0,
) -> MatchRecord:
    """Play a whole match (to ``match_target``) and return its record.

    Each hand is dealt by :func:`~sixtysix.next_hand` and scored into the match with
    :func:`~sixtysix.apply_result`. With three players (``player_2`` given, or
    ``seats=3``) the dealer sits out each hand; a chooser then gets the *hand* seat it
    plays (see :attr:`~sixtysix.Match.active_seats`). Match seat ``s`` is played by
    ``player_s`` throughout, with one random generator per match seat, derived from
    ``seed``; ``seed=None`` draws a fresh seed, which the record keeps.

    >>> from sixtysix import SANTASE, legal_moves
    >>> from sixtysix.play import play_match
    >>> first = lambda state, seat: legal_moves(state)[0]
    >>> record = play_match(SANTASE, first, first, first, seed=1)
    >>> record.seats, len(record.scores), record.winner is not None
    (3, 3, True)

    Raises:
        IllegalMoveError: a player chose an illegal move (the message names the seat).
        PlayerError: a player is neither a chooser nor a bot, the number of players does
            not match ``seats``, or the seed is not an int (of at most
            :data:`~sixtysix.match.MAX_SEED_DIGITS` digits) or a str.
        RulesError: ``rules`` is not a :class:`~sixtysix.Rules`.
        MatchError: ``dealer`` is not a seat of the match.
    """
    _check_rules(rules, "play_match")
    match_seed = _play.check_seed(seed, fresh=True)
    if seats is None:
        seats = 2 if player_2 is None else 3
    if type(seats) is not int or seats not in (2, 3):
        raise PlayerError(f"a match has 2 or 3 seats, not {quote(seats)}")
    if (seats == 3) != (player_2 is not None):
        given = 2 if player_2 is None else 3
        raise PlayerError(f"seats={seats} needs {seats} players, but {given} were given")
    players = [player_0, player_1] if player_2 is None else [player_0, player_1, player_2]
    turns = [_turn(p, f"player_{k}") for k, p in enumerate(players)]
    rngs = [_player_rng(match_seed, k) for k in range(seats)]
    m, games = _match.play_to_target(
        new_match(rules, seats=seats, seed=match_seed, dealer=dealer),
        lambda m: _play_hand_of(m, turns, rngs),
        lambda game: game.result,
        apply_result,
    )
    return MatchRecord(
        rules=rules,
        seats=seats,
        seed=match_seed,
        dealer=dealer,
        games=tuple(games),
        scores=m.scores,
        winner=m.winner,
    )


def _play_hand_of(m: Match, turns: list[_Turn], rngs: list[random.Random]) -> GameRecord:
    """The record of the match's next hand, played by the match seats' players."""
    a, b = m.active_seats
    assert m.hand_seed is not None
    return _play_game(
        m.rules, m.hand_seed, m.hand_dealer, (a, b), (turns[a], turns[b]), (rngs[a], rngs[b])
    )
