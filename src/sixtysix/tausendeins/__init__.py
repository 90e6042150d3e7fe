"""Tausendeins (1001), rules §12: ``from sixtysix import tausendeins as t1``.

Two players, the 24-card pack, no trump until a marriage names one and a new trump with
every marriage, played to 1001 points. Three presets: Hülsemann's game
(:data:`TAUSENDEINS`), de.wikipedia's (:data:`TAUSENDEINS_DE`) and the two-player form of
1000 with an auction and a contract (:data:`TAUSENDEINS_CONTRACT`).

>>> import random
>>> from sixtysix import tausendeins as t1
>>> state = t1.new_hand(t1.TAUSENDEINS, seed=7, dealer=0)
>>> t1.to_move(state), len(t1.legal_moves(state))
(1, 8)
>>> rng = random.Random(1)
>>> while not t1.is_over(state):
...     state = t1.apply_move(state, rng.choice(t1.legal_moves(state)))
>>> result = t1.score_deal(state)
>>> sum(result.card_points), sum(result.tricks)
(120, 12)
"""

from __future__ import annotations

from .._seeding import Seed
from .engine import (
    ActionTable,
    action_table,
    apply_move,
    cap,
    deal_from_order,
    is_legal,
    is_over,
    legal_moves,
    new_hand,
    perft,
    playable_mask,
    shuffled_deck,
    to_move,
)
from .game import TausendeinsGame
from .moves import Bid, Contract, Discard, Pass, TakeTalon, TausendeinsMove, parse_move
from .rule_bot import TausendeinsRuleBot
from .rules import (
    PRESETS,
    TAUSENDEINS,
    TAUSENDEINS_CONTRACT,
    TAUSENDEINS_DE,
    Bidding,
    MarriageValues,
    Retrump,
    StockPlay,
    TausendeinsRules,
    get_preset,
    make_rules,
    preset_name,
)
from .scoring import TausendeinsResult, match_winner, score_deal
from .state import MarriageDeclared, Phase, TausendeinsState
from .validate import validate
from .views import TausendeinsView, determinize, inferences, observe

__all__ = [
    "PRESETS",
    "TAUSENDEINS",
    "TAUSENDEINS_CONTRACT",
    "TAUSENDEINS_DE",
    "ActionTable",
    "Bid",
    "Bidding",
    "Contract",
    "Discard",
    "MarriageDeclared",
    "MarriageValues",
    "Pass",
    "Phase",
    "Retrump",
    "Seed",
    "StockPlay",
    "TakeTalon",
    "TausendeinsGame",
    "TausendeinsMove",
    "TausendeinsResult",
    "TausendeinsRuleBot",
    "TausendeinsRules",
    "TausendeinsState",
    "TausendeinsView",
    "action_table",
    "apply_move",
    "cap",
    "deal_from_order",
    "determinize",
    "get_preset",
    "inferences",
    "is_legal",
    "is_over",
    "legal_moves",
    "make_rules",
    "match_winner",
    "new_hand",
    "observe",
    "parse_move",
    "perft",
    "playable_mask",
    "preset_name",
    "score_deal",
    "shuffled_deck",
    "to_move",
    "validate",
]
