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
)
from .game import Game, TwoHandGame
from .match import Match, MatchError, apply_result, new_match, next_hand
from .moves import Claim, Close, Draw, Exchange, Marry, Move, Play, parse_move
from .notation import dump_position, dump_view, load_position, load_view, render
from .observe import PlayerView, determinize, observe, validate_view
from .play import PlayerError, play_hand, play_match
from .records import GameRecord, MatchRecord, RecordError, load_record, replay, replay_states
from .rules import (
    CLASSIC_66,
    HOYLE_66,
    PAGAT_66,
    PRESET_INFO,
    PRESETS,
    SANTASE,
    SCHNAPSEN,
    SCHNAPSEN_TOURNAMENT,
    VU_SCHNAPSEN,
    BothOver66,
    ClaimMode,
    ClosedWinBasis,
    CloserBeaten,
    CloseTiming,
    DealerAfterTie,
    ExchangeTiming,
    ExchangeWhenClosed,
    FailedClose,
    FalseClaim,
    LastTrick,
    MarriageBeforeFirstTrick,
    MarriageLead,
    MarriagePendingRedeem,
    NextDealer,
    PresetInfo,
    Rules,
    Schwarz,
    SitOutScores,
    StrictPlay,
    TrumpSource,
    get_preset,
    preset_name,
)
from .scoring import HandEnd, HandResult, ResultError, score_hand
from .state import CloseSnapshot, HandState, Step
from .validate import validate

__all__ = [
    "CARDS",
    "CLASSIC_66",
    "HOYLE_66",
    "PAGAT_66",
    "PRESETS",
    "PRESET_INFO",
    "SANTASE",
    "SCHNAPSEN",
    "SCHNAPSEN_TOURNAMENT",
    "VU_SCHNAPSEN",
    "AdapterError",
    "Bot",
    "BothOver66",
    "Card",
    "Claim",
    "ClaimMode",
    "Close",
    "CloseSnapshot",
    "CloseTiming",
    "ClosedWinBasis",
    "CloserBeaten",
    "DealError",
    "DealerAfterTie",
    "Deck",
    "Draw",
    "Exchange",
    "ExchangeTiming",
    "ExchangeWhenClosed",
    "FailedClose",
    "FalseClaim",
    "Game",
    "GameRecord",
    "HandEnd",
    "HandNotOverError",
    "HandResult",
    "HandState",
    "HiddenCardsError",
    "IllegalMoveError",
    "IsmctsBot",
    "LastTrick",
    "MarriageBeforeFirstTrick",
    "MarriageLead",
    "MarriagePendingRedeem",
    "Marry",
    "Match",
    "MatchError",
    "MatchRecord",
    "Move",
    "NextDealer",
    "ParseError",
    "PimcBot",
    "Play",
    "PlayerError",
    "PlayerView",
    "PositionError",
    "PresetInfo",
    "RandomBot",
    "Rank",
    "RecordError",
    "ResultError",
    "RuleBot",
    "Rules",
    "RulesError",
    "Schwarz",
    "SearchLimitError",
    "SitOutScores",
    "SixtySixError",
    "Step",
    "StrictPlay",
    "Suit",
    "TournamentError",
    "TrumpSource",
    "TwoHandGame",
    "__version__",
    "apply_move",
    "apply_result",
    "deal_from_order",
    "determinize",
    "dump_position",
    "dump_view",
    "explain_illegal",
    "get_preset",
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
    "preset_name",
    "render",
    "replay",
    "replay_states",
    "score_hand",
    "shuffled_deck",
    "to_move",
    "validate",
    "validate_view",
]
