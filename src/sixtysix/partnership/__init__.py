"""Four-hand partnership Sixty-Six (rules §10): ``from sixtysix import partnership as p4``.

Seats 0 and 2 play against seats 1 and 3; the whole deck is dealt, the dealer's last card
is trump, every follower must follow suit and beat the trick (even its partner's card) and
over-trump, the last trick is worth 10, 130 points in all, 1/2/3 game points, matches to 7.

>>> import random
>>> from sixtysix import partnership as p4
>>> state = p4.new_hand(p4.FOUR_HAND_66, seed=7, dealer=0)
>>> p4.to_move(state), len(p4.legal_moves(state))
(1, 8)
>>> rng = random.Random(1)
>>> while not p4.is_over(state):
...     state = p4.apply_move(state, rng.choice(p4.legal_moves(state)))
>>> result = p4.score_hand(state)
>>> sum(result.points), result.winner in (0, 1, None)
(130, True)
"""

from __future__ import annotations

from .engine import (
    Seed,
    apply_move,
    deal_from_order,
    deal_plan,
    explain_illegal,
    is_legal,
    is_over,
    legal_moves,
    new_hand,
    playable_mask,
    shuffled_deck,
    to_move,
)
from .game import PartnershipGame
from .match import PartnershipMatch, apply_result, new_match, next_hand
from .notation import dump_position, load_position, render
from .pimc import PartnershipPimcBot
from .play import Player, play_hand, play_match
from .records import (
    SCHEMA,
    HandRecord,
    MatchRecord,
    load_record,
    record_hand,
    replay,
    replay_states,
)
from .rule_bot import PartnershipRuleBot
from .rules import (
    FOUR_HAND_24,
    FOUR_HAND_66,
    PRESETS,
    PartnershipRules,
    Undertrump,
    get_preset,
    preset_name,
)
from .scoring import (
    LAST_TRICK_BONUS,
    PartnershipEnd,
    PartnershipResult,
    game_points_for,
    score_hand,
)
from .state import PartnershipState, PublicFacts, players_of, side_of
from .views import PartnershipView, determinize, dump_view, inferences, load_view, observe

__all__ = [
    "FOUR_HAND_24",
    "FOUR_HAND_66",
    "LAST_TRICK_BONUS",
    "PRESETS",
    "SCHEMA",
    "HandRecord",
    "MatchRecord",
    "PartnershipEnd",
    "PartnershipGame",
    "PartnershipMatch",
    "PartnershipPimcBot",
    "PartnershipResult",
    "PartnershipRuleBot",
    "PartnershipRules",
    "PartnershipState",
    "PartnershipView",
    "Player",
    "PublicFacts",
    "Seed",
    "Undertrump",
    "apply_move",
    "apply_result",
    "deal_from_order",
    "deal_plan",
    "determinize",
    "dump_position",
    "dump_view",
    "explain_illegal",
    "game_points_for",
    "get_preset",
    "inferences",
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
    "play_hand",
    "play_match",
    "playable_mask",
    "players_of",
    "preset_name",
    "record_hand",
    "render",
    "replay",
    "replay_states",
    "score_hand",
    "shuffled_deck",
    "side_of",
    "to_move",
]
