"""``sixtysix play --game tausendeins``: Tausendeins (1001, rules §12) against the computer.

The third game on the shared play loop (:mod:`._loop`): the board shows the trump (none
until a marriage names one), the stock, the points and marriages of each side, the card
on the table and your hand; you type a move (``QH``, ``marry H``, and in the contract
game ``pass``, ``bid 110``, ``talon 0``, ``discard 9S``, ``contract 120``) or its number.
The rules are the :data:`~sixtysix.tausendeins.TAUSENDEINS` preset (the session plays any
preset; the command line has no option for the others yet), the opponent is
:class:`~sixtysix.tausendeins.TausendeinsRuleBot`; ``--match`` plays deals until a total
reaches the target (1001).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Hashable
from typing import cast

import attrs

from .. import tausendeins as t1
from ..cards import CARDS, Card, cards_of
from ..errors import IllegalMoveError
from ..moves import Marry, Play
from ._common import _fresh_seed, _plural, _suit_name
from ._loop import (
    HeadToHead,
    Player,
    Style,
    _capital,
    _cli_error,
    _enable_line_editing,
    run_session,
)

__all__: list[str] = []  # used by ``sixtysix play`` only

_HELP = """\
How to enter a move:
  a card       QH, qh, 10H or Q♥ (rank A T K Q J 9, suit C D H S)
  marry H      declare the marriage of that suit (it names the new trump), then lead
               its king or queen
  pass, bid N  in the auction of the contract game
  talon N      take talon 0 or 1; discard QH lays a card away; contract N names it
  a number     the move with that number in the list
Commands:
  board        show the board again
  undo         take back your last move (and the computer's answer)
  help         this text
  quit         leave the game"""

#: Names of the moves that have no card, for the narration.
_VERBS = {t1.Pass: "pass", t1.Bid: "bid", t1.Contract: "name the contract"}


@attrs.frozen
class Totals:
    """A game of Tausendeins between deals: the running totals toward the target (§12.8).

    Attributes:
        rules: The rule set of every deal.
        seed: The seed; deal ``k`` is dealt from ``f"{seed!r}/{k}"``.
        dealer: The seat that deals the next deal.
        hand_number: Deals finished so far.
        totals: Each seat's total.
    """

    rules: t1.TausendeinsRules
    seed: int
    dealer: int
    hand_number: int = 0
    totals: tuple[int, int] = (0, 0)

    @property
    def hand_seed(self) -> str:
        """The seed of the next deal."""
        return f"{self.seed!r}/{self.hand_number}"

    @property
    def winner(self) -> int | None:
        """The seat that reached the target first (:func:`~sixtysix.tausendeins.match_winner`)."""
        return t1.match_winner(self.rules, self.totals)


_Result = t1.TausendeinsResult
#: What a deal's record needs: the pack, the dealer, the totals and the seed.
_Hand = tuple[tuple[Card, ...], int, tuple[int, int], str]
_Session = HeadToHead[
    t1.TausendeinsState, t1.TausendeinsMove, _Result, Totals, _Hand, t1.DealRecord
]


class TausendeinsSession(_Session):
    """One person against a bot at Tausendeins: the game's hooks of the play loop."""

    help_text = _HELP

    @classmethod
    def against(
        cls, rules: t1.TausendeinsRules, human: int, seed: int, whole_match: bool, bot: Player
    ) -> TausendeinsSession:
        """A session of ``rules`` on standard input and output, ``bot`` the computer."""
        match = Totals(rules, seed, dealer=1 - human)
        game = t1.TausendeinsGame(rules)
        out = sys.stdout
        return cls(game, human, seed, whole_match, out, input, bot, Style.for_stream(out), match)

    @property
    def rules(self) -> t1.TausendeinsRules:
        """The rule set of every deal."""
        return self.match.rules

    def subject(self, seat: int, verb: str) -> str:
        """``You bid``, ``The computer bids``: capitalised, the verb agreeing."""
        name = self.names[seat]
        if name != "you":
            head, _, rest = verb.partition(" ")
            head += "es" if head.endswith(("s", "sh", "ch")) else "s"
            verb = f"{head} {rest}".rstrip()
        return f"{_capital(name)} {verb}"

    # -------------------------------------------------------------- the loop's hooks

    def intro(self) -> list[str]:
        what = f"a game to {self.rules.target}" if self.whole_match else "a deal"
        label = t1.preset_name(self.rules) or "house rules"
        return [
            f"sixtysix play: {what} of Tausendeins {label} against the computer "
            f"({type(self.player).__name__}), seed {self.seed}.",
            "Type a move (QH, marry H; pass, bid 110, talon 0, discard QH, contract 120)",
            "or its number; `help` lists the commands (undo, board), `quit` leaves.",
        ]

    def deal(self, m: Totals) -> tuple[t1.TausendeinsState, _Hand, str]:
        state = self.game.new_hand(m.hand_seed, m.dealer)
        dealer = "you deal" if m.dealer == self.human else "the computer deals"
        pack = tuple(t1.shuffled_deck(self.rules, m.hand_seed))
        hand = (pack, m.dealer, m.totals, m.hand_seed)
        return state, hand, f"=== Deal {m.hand_number + 1}: {dealer} ==="

    def narrate(
        self, before: t1.TausendeinsState, move: t1.TausendeinsMove, after: t1.TausendeinsState
    ) -> str:
        seat = self.game.to_move(before)
        assert seat is not None
        card = self.style.card
        if isinstance(move, Play):
            if before.lead < 0:
                return f"{self.subject(seat, 'lead')} {card(move.card)}."
            winner = after.last_winner
            worth = move.card.points + CARDS[before.lead].points
            text = (
                f"{self.subject(seat, 'play')} {card(move.card)} on {card(CARDS[before.lead])}: "
                f"{self.subject(winner, 'take').lower()} the trick ({_plural(worth, 'point')})."
            )
            if len(after.stock) < len(before.stock):
                text += f" Both draw from the stock ({_plural(len(after.stock), 'card')} left)."
            return text
        if isinstance(move, Marry):
            value = after.marriages[-1].value
            return (
                f"{self.subject(seat, 'declare')} the marriage in {_suit_name(move.suit)}: "
                f"{value}; trump is {self.style.suit(move.suit)}."
            )
        if isinstance(move, t1.TakeTalon):
            taken = self.style.cards(cards_of(after.shown))
            return f"{self.subject(seat, 'take')} talon {move.index}: {taken}."
        if isinstance(move, t1.Discard):
            what = card(move.card) if seat == self.human else "a card"
            return f"{self.subject(seat, 'lay')} away {what}."
        points = "" if isinstance(move, t1.Pass) else f" {move.points}"
        return f"{self.subject(seat, _VERBS[type(move)])}{points}."

    def score(self, state: t1.TausendeinsState) -> t1.TausendeinsResult:
        return t1.score_deal(state)

    def hand_over_lines(
        self, state: t1.TausendeinsState, result: t1.TausendeinsResult
    ) -> list[str]:
        points = ", ".join(
            f"{result.points[s]} for {self.names[s]} ({_plural(result.tricks[s], 'trick')})"
            for s in (self.human, 1 - self.human)
        )
        lines = [f"Deal over. Points: {points}."]
        if result.declarer is not None:
            made = "made" if result.made else "missed"
            who = _capital(self.names[result.declarer])
            lines.append(f"{who} {made} the contract of {result.contract}.")
        added = ", ".join(
            f"{self.names[s]} {result.added[s]:+d}" for s in (self.human, 1 - self.human)
        )
        lines.append(f"Added: {added}.")
        return lines

    def apply_result(self, m: Totals, result: t1.TausendeinsResult) -> Totals:
        totals = (m.totals[0] + result.added[0], m.totals[1] + result.added[1])
        return attrs.evolve(m, dealer=1 - m.dealer, hand_number=m.hand_number + 1, totals=totals)

    def skip_hand(self, m: Totals) -> Totals:
        return attrs.evolve(m, dealer=1 - m.dealer, hand_number=m.hand_number + 1)

    def collected(self, before: Totals, result: t1.TausendeinsResult) -> int:
        return 0  # nothing is carried in Tausendeins

    def scoreline(self, m: Totals) -> str:
        me, bot = m.totals[self.human], m.totals[1 - self.human]
        return f"Score: you {me}, the computer {bot} (game to {self.rules.target})."

    def match_over_line(self, m: Totals) -> str:
        who = "You win" if m.winner == self.human else "The computer wins"
        me, bot = m.totals[self.human], m.totals[1 - self.human]
        return f"*** {who} the game, {me} to {bot}, after {_plural(m.hand_number, 'deal')}. ***"

    def board_lines(self, state: t1.TausendeinsState) -> list[str]:
        view = self.game.observe(state, self.human)
        style = self.style
        me, opp = self.human, self.bot
        trump = "none yet" if view.trump < 0 else style.suit(view.trump)
        stock = f" Stock: {_plural(view.stock_size, 'card')}." if view.stock_size else ""
        lines = [f"Trump: {trump}.{stock}"]
        if self.whole_match:
            lines.append(self.scoreline(self.match))
        if view.contract > 0:
            lines.append(f"Contract: {view.contract} by {self.names[view.declarer]}.")
        facts = []
        for seat in (me, opp):
            married = sum(d.value for d in view.marriages if d.seat == seat)
            extra = f", {married} in marriages" if married else ""
            tricks = _plural(view.tricks_won[seat], "trick")
            facts.append(f"{self.names[seat]} {view.card_points[seat]} ({tricks}{extra})")
        lines.append(f"Points: {', '.join(facts)}.")
        held = f"The computer holds {_plural(view.opponent_count, 'card')}"
        if view.known:
            held += f", among them {style.cards(cards_of(view.known))}"
        lines.append(held + ".")
        if view.lead >= 0:
            leader = self.names[view.leader]
            lines.append(f"On the table: {leader} led {style.card(CARDS[view.lead])}.")
        lines.append(f"Your hand: {style.cards(cards_of(view.hand))}")
        return lines

    def parse(self, text: str) -> t1.TausendeinsMove:
        return t1.parse_move(text)

    def refusal(self, state: t1.TausendeinsState, typed: Hashable) -> str:
        move = cast(t1.TausendeinsMove, typed)  # what parse read
        try:
            self.game.apply_move(state, move)
        except IllegalMoveError as exc:
            reason = str(exc).removeprefix(f"illegal move {move}: ")
            return f"{self.style.move(move)} is not legal now: {reason}."
        raise AssertionError(f"{move} is legal but not listed")  # pragma: no cover

    def record_of_hand(self, result: t1.TausendeinsResult | None) -> t1.DealRecord:
        assert self.current is not None
        pack, dealer, totals, seed = self.current
        return t1.DealRecord(
            rules=self.rules,
            dealer=dealer,
            scores=totals,
            pack=pack,
            moves=tuple(self.moves),
            result=result,
            seed=seed,
        )

    def record(self) -> t1.DealRecord | t1.MatchRecord | None:
        unfinished = self.current is not None and bool(self.moves)
        if not self.whole_match or not self.games:
            # A game record holds finished deals only: a game left during its first deal
            # is saved as that deal's (unfinished) record; single deals, the last one.
            if unfinished:
                return self.record_of_hand(None)
            return self.games[-1] if self.games else None
        if unfinished:
            self.out.write("(The unfinished deal is left out: a game record keeps whole deals.)\n")
        return t1.MatchRecord(
            rules=self.rules,
            seed=self.seed,
            dealer=1 - self.human,
            games=tuple(self.games),
            scores=self.match.totals,
        )


def cmd_play_tausendeins(args: argparse.Namespace) -> int:
    """``sixtysix play --game tausendeins``: run the game on standard input and output."""
    given = [
        flag
        for flag, value in (
            ("--rules", args.rules),
            ("--rules-file", args.rules_file),
            ("--bot", args.bot),
            ("--level", args.level),
            ("--partner", args.partner),
            ("--budget", args.budget),
            ("--variant", args.variant),
        )
        if value is not None
    ]
    if given:
        raise _cli_error(
            f"{', '.join(given)} not available with --game tausendeins "
            "(it plays the TAUSENDEINS preset against TausendeinsRuleBot)"
        )
    seed = args.seed if args.seed is not None else _fresh_seed()
    _enable_line_editing(sys.stdin)
    session = TausendeinsSession.against(
        t1.TAUSENDEINS, args.seat, seed, args.match, t1.TausendeinsRuleBot()
    )
    return run_session(session, args.save)
