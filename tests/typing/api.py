"""Type-checked only (mypy --strict), never run: the public API as a user's code sees it.

If a signature or return type of a public name changes, mypy fails here.
"""

from __future__ import annotations

import random
from typing import assert_type

import attrs

import sixtysix as ss


def hand_api() -> None:
    rules = attrs.evolve(ss.CLASSIC_66, claim_mode=ss.ClaimMode.AUTO)
    assert_type(rules, ss.Rules)
    assert_type(ss.get_preset("SCHNAPSEN"), ss.Rules)
    assert_type(ss.preset_name(rules), str | None)
    assert_type(ss.Rules.from_dict(rules.to_dict()), ss.Rules)
    card = ss.Card.parse("QH")
    assert_type(card, ss.Card)
    assert_type(card.rank, ss.Rank)
    assert_type(card.suit, ss.Suit)
    state = ss.deal_from_order(rules, ss.shuffled_deck(rules, 1), dealer=0)
    state = ss.new_hand(rules, seed=42, dealer=0)
    assert_type(state, ss.HandState)
    assert_type(ss.to_move(state), int | None)
    moves = ss.legal_moves(state)
    assert_type(moves, tuple[ss.Move, ...])
    assert_type(ss.is_legal(state, moves[0]), bool)
    assert_type(ss.is_legal(state, "QH"), bool)
    assert_type(ss.explain_illegal(state, "close"), str | None)
    state = ss.apply_move(state, moves[0])
    state = ss.apply_move(state, "claim")
    assert_type(ss.is_over(state), bool)
    result = ss.score_hand(state)
    assert_type(result, ss.HandResult)
    assert_type(result.winner, int | None)
    assert_type(result.game_points, int)
    assert_type(result.points, tuple[int, int])
    assert_type(result.reason, ss.HandEnd)
    assert_type(ss.parse_move("marry H"), ss.Move)
    move: ss.Move = ss.Marry(ss.Suit.HEARTS)
    assert_type(str(move), str)


def match_and_record_api() -> None:
    match = ss.new_match(ss.SANTASE, seats=2, seed=7)
    assert_type(match, ss.Match)
    state = ss.next_hand(match)
    assert_type(state, ss.HandState)
    match = ss.apply_result(match, ss.score_hand(state))
    assert_type(match.is_over, bool)
    assert_type(match.winner, int | None)

    def chooser(state: ss.HandState, seat: int) -> ss.Move:
        return ss.legal_moves(state)[0]

    record = ss.play_match(ss.CLASSIC_66, chooser, ss.RuleBot(), seed=7)
    assert_type(record, ss.MatchRecord)
    assert_type(ss.MatchRecord.from_json(record.to_json()), ss.MatchRecord)
    game = ss.play_hand(ss.CLASSIC_66, ss.RandomBot(), chooser, seed=1)
    assert_type(game, ss.GameRecord)
    assert_type(ss.replay(game), ss.HandState)
    assert_type(ss.load_position(ss.dump_position(state)), ss.HandState)
    assert_type(ss.render(state), str)


def view_and_bot_api() -> None:
    state = ss.new_hand(ss.CLASSIC_66, seed=1)
    view = ss.observe(state, 0)
    assert_type(view, ss.PlayerView)
    assert_type(ss.legal_moves(view), tuple[ss.Move, ...])
    assert_type(ss.determinize(view, random.Random(1)), ss.HandState)
    bot: ss.Bot = ss.RuleBot()
    assert_type(bot.choose(view, random.Random(2)), ss.Move)
