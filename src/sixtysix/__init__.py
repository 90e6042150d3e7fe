"""sixtysix: the rules of Sixty-Six (Sechsundsechzig) and Schnapsen, exactly.

Immutable game states, pure transition functions and rule variants chosen by data:

>>> import sixtysix as ss
>>> state = ss.new_hand(ss.CLASSIC_66, seed=42, dealer=0)
>>> ss.to_move(state)
1
>>> while not ss.is_over(state):
...     state = ss.apply_move(state, ss.legal_moves(state)[0])
>>> ss.score_hand(state).winner in (0, 1, None)
True
"""

from __future__ import annotations

from . import rules as _rules
from ._version import __version__
from .bots import Bot, IsmctsBot, PimcBot, RandomBot, RuleBot
from .cards import CARDS, Card, Deck, Rank, Suit
from .engine import (
    apply_move,
    deal_from_order,
    explain_illegal,
    is_legal,
    is_over,
    legal_moves,
    new_hand,
    shuffled_deck,
    to_move,
)
from .errors import (
    AdapterError,
    DealError,
    HandNotOverError,
    HiddenCardsError,
    IllegalMoveError,
    ParseError,
    PositionError,
    RulesError,
    SearchLimitError,
    SixtySixError,
    TournamentError,
    UnsupportedRulesError,
)
from .game import Game, TwoHandGame
from .match import Match, MatchError, apply_result, new_match, next_hand
from .moves import Amour, Claim, Close, Draw, Exchange, Marry, Move, Play, parse_move
from .notation import dump_position, dump_view, load_position, load_view, render
from .observe import PlayerView, determinize, observe, validate_view
from .play import PlayerError, play_hand, play_match
from .records import GameRecord, MatchRecord, RecordError, load_record, replay, replay_states
from .rules import *  # noqa: F403 - the rule set, its enums and presets: rules.__all__
from .scoring import HandEnd, HandResult, ResultError, score_hand
from .state import CloseSnapshot, HandState, Step
from .validate import validate

__all__ = [
    "CARDS",
    "AdapterError",
    "Amour",
    "Bot",
    "Card",
    "Claim",
    "Close",
    "CloseSnapshot",
    "DealError",
    "Deck",
    "Draw",
    "Exchange",
    "Game",
    "GameRecord",
    "HandEnd",
    "HandNotOverError",
    "HandResult",
    "HandState",
    "HiddenCardsError",
    "IllegalMoveError",
    "IsmctsBot",
    "Marry",
    "Match",
    "MatchError",
    "MatchRecord",
    "Move",
    "ParseError",
    "PimcBot",
    "Play",
    "PlayerError",
    "PlayerView",
    "PositionError",
    "RandomBot",
    "Rank",
    "RecordError",
    "ResultError",
    "RuleBot",
    "RulesError",
    "SearchLimitError",
    "SixtySixError",
    "Step",
    "Suit",
    "TournamentError",
    "TwoHandGame",
    "UnsupportedRulesError",
    "__version__",
    "apply_move",
    "apply_result",
    "deal_from_order",
    "determinize",
    "dump_position",
    "dump_view",
    "explain_illegal",
    "is_legal",
    "is_over",
    "legal_moves",
    "load_position",
    "load_record",
    "load_view",
    "new_hand",
    "new_match",
    "next_hand",
    "observe",
    "parse_move",
    "play_hand",
    "play_match",
    "render",
    "replay",
    "replay_states",
    "score_hand",
    "shuffled_deck",
    "to_move",
    "validate",
    "validate_view",
]
# The rule set, its enums and the presets are re-exported as rules.__all__ lists them,
# all but one specialised helper (sixtysix.rules.preset_differences).
__all__ += _rules.__all__
__all__.remove("preset_differences")
