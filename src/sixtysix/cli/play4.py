"""``sixtysix play --game four-hand``: you and a bot partner against two bots.

You sit at seat 0, your partner at seat 2, the opponents at seats 1 (on your left: they
play after you) and 3 (on your right). Each turn the board shows trump, the points of
each side, the match score (with ``--match``), the trick so far with who played each
card, and your hand; you type a card (``QH``, ``10H``, ``Q♥``) or its number. An illegal
card is refused with the obligation it breaks (follow suit, beat the trick, trump;
rules §10). ``undo`` takes back your last card, also after the hand has ended (until the
next hand starts); without ``--match``, ``new`` deals another hand. ``--save FILE``
writes the four-hand record that ``sixtysix replay`` reads.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Hashable, Sequence
from typing import TextIO, cast

import attrs

from .. import partnership as p4
from ..bots import Bot
from ..bots.registry import four_hand_bot_names, make_bot
from ..cards import CARDS, POINTS, Card
from ..errors import SixtySixError
from ..moves import Move, Play, parse_move
from ..partnership.records import HandRecord, MatchRecord
from ._common import _fresh_seed, _plural
from ._loop import PlaySession, Style, _capital, _cli_error, _enable_line_editing, run_session
from ._loop import _Quit as _Quit

__all__: list[str] = []  # used by ``sixtysix play`` only

#: The person's seat and how the others are called, from that seat.
HUMAN = 0
NAMES = ("you", "the left opponent", "your partner", "the right opponent")
SIDE_NAMES = ("your side", "the opponents")

_HELP = """\
How to enter a card:
  a card       QH, qh, 10H or Q♥ (rank A T K Q J 9 8 7, suit C D H S)
  a number     the card with that number in the list
The rules (four-hand, rules §10): follow suit; if you can, beat the best card
of the trick (even your partner's); void in the suit led, you must trump (and
over-trump a trump). The last trick is worth 10; 66 of the 130 points wins.
Commands:
  board        show the board again
  undo         take back your last card (and what the others played after it)
  help         this text
  quit         leave the game (with --save, the record so far is written)"""


def _subject(seat: int, verb: str) -> str:
    """``You play``, ``Your partner plays``: capitalised, the verb agreeing."""
    name = NAMES[seat]
    if name != "you":
        verb += "es" if verb.endswith(("s", "sh", "ch")) else "s"
    return f"{_capital(name)} {verb}"


def _personal(reason: str) -> str:
    """``explain_illegal``'s seat numbers in the person's words."""
    reason = reason.replace("your partner (seat 2)", "your partner")
    for seat in (1, 3):
        reason = reason.replace(f"seat {seat}", NAMES[seat])
    return reason


#: The hand in progress as its record needs it: the pack, the dealer, the scores, the seed.
_Hand = tuple[tuple[Card, ...], int, tuple[int, int], str]

_Session = PlaySession[
    p4.PartnershipState, Play, p4.PartnershipResult, p4.PartnershipMatch, _Hand, HandRecord
]


class FourHandGame(_Session):
    """One person with a bot partner against two bots: the four-hand game's hooks."""

    noun = "card"
    moves_label = "Your cards to play: "
    help_text = _HELP
    record_label = "four-hand "

    def __init__(
        self,
        rules: p4.PartnershipRules,
        seed: int,
        whole_match: bool,
        out: TextIO,
        read: Callable[[str], str],
        bots: Sequence[Bot],
        style: Style,
    ) -> None:
        #: The right opponent deals first, so you lead the first trick.
        self.first_dealer = 3
        super().__init__(
            p4.PartnershipGame(rules),
            HUMAN,
            seed,
            whole_match,
            out,
            read,
            style,
            random.Random(f"{seed}/bots"),
            p4.new_match(rules, seed=seed, dealer=self.first_dealer),
        )
        self.rules = rules
        #: The players of seats 1, 2 and 3 (index 0 is unused: that seat is the person's).
        self.bots = bots

    # -------------------------------------------------------------- the loop's hooks

    def intro(self) -> list[str]:
        label = p4.preset_name(self.rules) or "house rules"
        what = f"a match to {self.rules.match_target}" if self.whole_match else "a hand"
        partner = type(self.bots[2]).__name__
        opponents = type(self.bots[1]).__name__
        return [
            f"sixtysix play: {what} of four-hand {label}, seed {self.seed}: you and your "
            f"partner ({partner}) against two opponents ({opponents}).",
            "Your partner sits opposite you; the left opponent plays after you.",
            "Type a card (QH, 10H) or its number; `undo` takes it back;",
            "`help` explains, `quit` leaves.",
        ]

    def deal(self, m: p4.PartnershipMatch) -> tuple[p4.PartnershipState, _Hand, str]:
        seed = m.hand_seed
        assert seed is not None
        state = p4.next_hand(m)
        hand = (tuple(p4.shuffled_deck(self.rules, seed)), m.dealer, m.scores, seed)
        owner = "yours" if m.dealer == HUMAN else f"{NAMES[m.dealer]}'s"
        header = (
            f"=== Hand {m.hand_number + 1}: {_subject(m.dealer, 'deal').lower()}; trump "
            f"{self.style.suit(state.trump)} (turn-up {self.style.card(state.turnup)}, "
            f"{owner}) ==="
        )
        return state, hand, header

    def player_at(self, seat: int) -> Bot:
        return self.bots[seat]

    def score(self, state: p4.PartnershipState) -> p4.PartnershipResult:
        return p4.score_hand(state)

    def hand_over_lines(
        self, state: p4.PartnershipState, result: p4.PartnershipResult
    ) -> list[str]:
        return self.result_lines(result)

    def apply_result(
        self, m: p4.PartnershipMatch, result: p4.PartnershipResult
    ) -> p4.PartnershipMatch:
        return p4.apply_result(m, result)

    def skip_hand(self, m: p4.PartnershipMatch) -> p4.PartnershipMatch:
        return attrs.evolve(m, dealer=(m.dealer + 1) & 3, hand_number=m.hand_number + 1)

    def collected(self, before: p4.PartnershipMatch, result: p4.PartnershipResult) -> int:
        return before.carry if result.winner is not None else 0

    def scoreline(self, m: p4.PartnershipMatch | None = None) -> str:
        m = self.match if m is None else m
        carry = f"; {_plural(m.carry, 'game point')} carried" if m.carry else ""
        return (
            f"Score: your side {m.scores[0]}, the opponents {m.scores[1]} "
            f"(match to {self.rules.match_target}{carry})."
        )

    def match_over_line(self, m: p4.PartnershipMatch) -> str:
        assert m.winner is not None
        who = "Your side wins" if m.winner == 0 else "The opponents win"
        return (
            f"*** {who} the match, {m.scores[m.winner]} to {m.scores[1 - m.winner]}, "
            f"after {_plural(m.hand_number, 'hand')}. ***"
        )

    def narrate(self, before: p4.PartnershipState, move: Play, after: p4.PartnershipState) -> str:
        seat = before.to_move
        assert seat is not None and isinstance(move, Play)
        card = self.style.card(move.card)
        if not before.trick:
            text = f"{_subject(seat, 'lead')} {card}."
        else:
            text = f"{_subject(seat, 'play')} {card}."
        if len(after.trick) == 0:
            cards = (*before.trick, move.card.index)
            worth = sum(POINTS[c] for c in cards)
            winner = after.leader
            if after.over and not any(after.hands) and not after.ended_by_ten:
                worth += p4.LAST_TRICK_BONUS
            text += f" {_subject(winner, 'take')} the trick ({_plural(worth, 'point')})."
            if after.ended_by_ten:
                text += (
                    f" The ten of trumps gives {SIDE_NAMES[winner & 1]} the match target:"
                    " the hand ends."
                )
        return text

    def result_lines(self, result: p4.PartnershipResult) -> list[str]:
        points = (
            f"Points: your side {result.points[0]} ({_plural(result.tricks[0], 'trick')}), "
            f"the opponents {result.points[1]} ({_plural(result.tricks[1], 'trick')})."
        )
        if result.reason is p4.PartnershipEnd.TEN_OF_TRUMPS:
            lines = ["Hand over: the ten of trumps reached the match target."]
        elif result.reason is p4.PartnershipEnd.TIE:
            lines = ["Hand over: 65 points each.", points]
            carry = _plural(result.carry, "game point")
            lines.append(f"Nobody scores the hand; {carry} carried.")
        else:
            assert result.winner is not None
            who = SIDE_NAMES[result.winner]
            lines = [f"Hand over: {who} reached 66.", points]
            verb = "scores" if result.winner == 0 else "score"
            gained = _plural(result.game_points, "game point")
            lines.append(f"{_capital(who)} {verb} {gained}.")
        if result.ten_of_trumps is not None:
            lines.append(
                f"The ten of trumps gives {SIDE_NAMES[result.ten_of_trumps]} 1 game point."
            )
        return lines

    # -------------------------------------------------------------- the person's turn

    def board_lines(self, state: p4.PartnershipState) -> list[str]:
        view = p4.observe(state, HUMAN)
        style = self.style
        lines = [
            f"Trump: {style.suit(view.trump)} (turn-up {style.card(view.turnup)}). "
            f"Trick {view.tricks_played + 1} of {self.rules.tricks}."
        ]
        if self.whole_match:
            lines.append(self.scoreline())
        lines.append(
            f"Points: your side {view.points(0)} ({_plural(view.tricks(0), 'trick')}), "
            f"the opponents {view.points(1)} ({_plural(view.tricks(1), 'trick')})."
        )
        if view.trick:
            played = ", ".join(
                f"{NAMES[(view.leader + i) & 3]} {'led' if i == 0 else 'played'} "
                f"{style.card(CARDS[c])}"
                for i, c in enumerate(view.trick)
            )
            lines.append(f"On the table: {played}.")
        else:
            lines.append("You lead this trick.")
        lines.append(f"Your hand: {style.cards(p4_hand(view))}")
        return lines

    def parse(self, text: str) -> Move:
        return parse_move(text)

    def refusal(self, state: p4.PartnershipState, typed: Hashable) -> str:
        move = cast(Move, typed)  # what parse read
        if isinstance(move, Play) and not (state.hands[HUMAN] >> move.card.index) & 1:
            if move.card.index in state.played:
                return f"{self.style.move(move)} has already been played."
            return f"You do not hold {self.style.move(move)}."
        reason = p4.explain_illegal(state, move) or "not allowed here"
        return f"{self.style.move(move)} is not legal now: {_personal(reason)}."

    # -------------------------------------------------------------- the record

    def record_of_hand(self, result: p4.PartnershipResult | None) -> HandRecord:
        assert self.current is not None
        pack, dealer, scores, seed = self.current
        return HandRecord(
            rules=self.rules,
            dealer=dealer,
            scores=scores,
            pack=pack,
            moves=tuple(self.moves),
            result=result,
            seed=seed,
        )

    def record(self) -> HandRecord | MatchRecord | None:
        unfinished = self.current is not None and bool(self.moves)
        if not self.whole_match or not self.games:
            # A match record holds finished hands only: a match left during its first
            # hand is saved as that hand's (unfinished) game record. After `new`, the
            # record of the last hand (the one in progress, if any).
            if unfinished:
                return self.record_of_hand(None)
            return self.games[-1] if self.games else None
        if unfinished:
            self.out.write(
                "(The unfinished hand is left out: a match record keeps whole hands.)\n"
            )
        return MatchRecord(
            rules=self.rules,
            seed=self.seed,
            dealer=self.first_dealer,
            games=tuple(self.games),
            scores=self.match.scores,
        )


def p4_hand(view: p4.PartnershipView) -> list[Card]:
    """The cards of the view's seat, in canonical order."""
    return [c for c in CARDS if (view.hand_mask >> c.index) & 1]


def _four_hand_bot(name: str, role: str) -> Bot:
    if ":" not in name and name not in four_hand_bot_names():
        known = ", ".join(four_hand_bot_names())
        raise _cli_error(
            f"{role} bot {name!r} cannot play the four-hand game: use one of {known}, "
            "or an import path package.module:Class"
        )
    try:
        return make_bot(name)
    except SixtySixError as exc:
        raise _cli_error(str(exc)) from None


def cmd_play_four_hand(args: argparse.Namespace) -> int:
    """``sixtysix play --game four-hand``: run the game on standard input and output."""
    if args.rules is not None or args.rules_file is not None:
        raise _cli_error("--rules and --rules-file are for the two-hand game; use --variant")
    if args.seat != 0:
        raise _cli_error("in the four-hand game you sit at seat 0 (your partner at seat 2)")
    if args.budget is not None:
        raise _cli_error("--budget is for the two-hand search bots")
    rules = p4.get_preset(args.variant or "FOUR_HAND_66")
    seed = args.seed if args.seed is not None else _fresh_seed()
    opponent = args.bot or "partnership-rule"
    partner = args.partner or opponent
    bots = [
        _four_hand_bot(opponent, "the opponents'"),
        _four_hand_bot(opponent, "the opponents'"),
        _four_hand_bot(partner, "the partner"),
        _four_hand_bot(opponent, "the opponents'"),
    ]
    _enable_line_editing(sys.stdin)
    out = sys.stdout
    game = FourHandGame(rules, seed, args.match, out, input, bots, Style.for_stream(out))
    return run_session(game, args.save)
