"""``sixtysix replay`` for four-hand records (kinds ``four-hand-game``, ``four-hand-match``).

:func:`is_four_hand` tells a four-hand record by its ``kind``; :func:`print_four_hand`
checks it with :func:`sixtysix.partnership.replay` and prints it move by move: the deal,
every play with the trick it completes and who won it, the result, and for a match the
score after every hand.

>>> import io, random
>>> from sixtysix import partnership as p4
>>> from sixtysix.bots import RandomBot
>>> record = p4.play_hand(p4.FOUR_HAND_24, [RandomBot()] * 4, seed=3, rng=random.Random(0))
>>> is_four_hand(record.to_json()), is_four_hand('{"kind": "game"}'), is_four_hand("[")
(True, False, False)
>>> out = io.StringIO()
>>> print_four_hand(out, p4.load_record(record.to_json()), "hand.json")
>>> print(out.getvalue().splitlines()[0])
Four-hand game record hand.json: FOUR_HAND_24, written by sixtysix ...
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TextIO

from .. import partnership as p4
from ..cards import CARDS, Card
from ..partnership.records import HandRecord, MatchRecord, _walk
from ._match_text import has_kind, print_match

__all__: list[str] = []  # used by the replay command only


def is_four_hand(text: str | bytes) -> bool:
    """Whether ``text`` is JSON whose ``kind`` starts with ``four-hand``."""
    return has_kind(text, "four-hand")


def _rules_label(rules: p4.PartnershipRules) -> str:
    return p4.preset_name(rules) or "house rules"


def _side(side: int) -> str:
    return f"side {side} (seats {side} and {side + 2})"


def _print_hand(out: TextIO, record: HandRecord, card: Callable[[Card], str]) -> None:
    states = list(p4.replay_states(record))
    deal = states[0]
    seed = f", seed {record.seed!r}" if record.seed is not None else ""
    out.write(
        f"Seat {deal.dealer} deals{seed}; trump {deal.trump_suit.name.lower()}, "
        f"turn-up {card(deal.turnup)} (seat {deal.dealer}'s); scores {record.scores[0]}-"
        f"{record.scores[1]}\n"
    )
    for seat in range(4):
        out.write(f"  seat {seat}: {' '.join(card(c) for c in deal.hand(seat))}\n")
    for number, (before, after) in enumerate(itertools.pairwise(states), 1):
        line = f"{number:>3}. seat {before.to_move} plays {card(CARDS[after.played[-1]])}"
        if not after.trick:  # the move completed a trick
            cards = " ".join(card(CARDS[c]) for c in after.played[-4:])
            line += f"   [{cards}] won by seat {after.leader}"
            line += f"; card points {after.points(0)}-{after.points(1)}"
        out.write(line + "\n")
    result = record.result
    if result is None:
        out.write("The hand is not finished.\n")
        return
    ten = ""
    if result.ten_of_trumps is not None:
        ten = f"; {_side(result.ten_of_trumps)} scores the ten-of-trumps point"
    if result.winner is None:
        out.write(
            f"Result: {result.points[0]}-{result.points[1]}, nobody scores; "
            f"{result.carry} carried{ten}\n"
        )
    else:
        out.write(
            f"Result: {_side(result.winner)} wins {result.points[0]}-{result.points[1]} "
            f"(tricks {result.tricks[0]}-{result.tricks[1]}) and scores "
            f"{result.game_points}{ten} [{result.reason.name}]\n"
        )


def print_four_hand(
    out: TextIO,
    record: HandRecord | MatchRecord,
    name: str,
    card: Callable[[Card], str] = str,
) -> None:
    """Print a four-hand record that :func:`sixtysix.partnership.replay` accepted.

    ``card`` writes a card (``str``: ``TS``; the command passes the terminal's style,
    ``10♠``, as ``sixtysix play4`` writes it).

    Raises:
        RecordError: the record does not replay.
    """
    p4.replay(record)  # checks every move and every result before anything is printed
    if isinstance(record, HandRecord):
        out.write(f"Four-hand game record {name}: {_rules_label(record.rules)}")
        out.write(f", written by sixtysix {record.version}\n")
        _print_hand(out, record, card)
    else:
        out.write(
            f"Four-hand match record {name}: {_rules_label(record.rules)}, "
            f"{len(record.games)} hands, written by sixtysix {record.version}\n"
        )
        print_match(
            out,
            _walk(record),
            lambda game: _print_hand(out, game, card),
            lambda m: f"side 0 {m.scores[0]}, side 1 {m.scores[1]}",
            lambda side: _side(side).capitalize(),
        )
    out.write("The record is valid: every move is legal and every result is right.\n")
