"""Export seeded random games of the ``schnapsen`` PyPI engine (0.0.5) for replay in sixtysix.

Run with the interpreter of an environment where ``schnapsen==0.0.5`` is installed (it is
not a dependency of ``sixtysix``)::

    /tmp/vu-venv/bin/python benchmarks/vu_export.py --hands 1000 --seed 0 > vu_games.json

stdout gets a JSON list, one entry per hand::

    {"seed": 17, "order": ["QH", "AS", ...],      # 20 card texts, d0 .. d19
     "dealer": 1, "moves": ["TS", "JS", "marry H", "KH", ...],
     "winner": 0, "game_points": 2, "points": [70, 41], "pending": [0, 20]}

``points`` and ``pending`` are, by seat, the package's final ``Score.direct_points``
(card points plus counted marriages; the package has no last-trick 10) and
``Score.pending_points`` (declared marriages never counted), read from the game state on
which ``declare_winner`` ended the game. ``--lines`` writes compact JSON, one entry per
line (the form of the committed test data ``tests/data/vu_games.json``).

Replaying an entry in sixtysix: deal ``order`` with ``Rules`` preset ``VU_SCHNAPSEN`` and
dealer ``dealer``, apply ``moves`` one by one (each must be legal), and the finished hand
must be won by ``winner`` with ``game_points``. ``--with-legal`` adds ``"legal"``: for
each move, the sorted list of all moves legal at that decision in the package's terms,
translated to ours, so move generation can be compared too. ``--verify`` replays every
exported entry in the *package's* engine from ``order`` and ``moves`` alone (scripted
bots) and checks that it reproduces the same game and result, i.e. that the export is
complete and the reverse mapping is exact.

Every entry comes from the package's own engine: ``SchnapsenGamePlayEngine().play_game(
bot1, bot2, rng)`` (``schnapsen/game.py`` 1986-2010) with two ``schnapsen.bots.rand.
RandBot``. The script only wraps two of the engine's components to observe them: the
hand generator (to record the shuffled deck) and the move requester (to record each move
as the engine receives it; the engine then validates and applies it unchanged).

Mapping decisions
-----------------

Seeds. Entry ``seed = s`` shuffles with ``random.Random(s)`` (the engine's ``rng``,
used only by ``DeckGenerator.shuffle_deck``, game.py 1340-1351); ``bot1`` draws its moves
from ``random.Random(f"{s}/bot1")``, ``bot2`` from ``random.Random(f"{s}/bot2")``. String
seeds are hashed with SHA-512 by ``random``, so results do not depend on PYTHONHASHSEED.
``benchmarks/vu_schnapsen_engine.py`` seeds identically.

Cards. The package's ``Card`` members are ``RANK_SUIT`` enum names (``deck.py`` 62-129).
Rank: ACE -> A, TEN -> T, KING -> K, QUEEN -> Q, JACK -> J (the deck has only these five,
``SchnapsenDeckGenerator``, game.py 1354-1373). Suit: CLUBS -> C, DIAMONDS -> D,
HEARTS -> H, SPADES -> S. Card points (``SchnapsenTrickScorer.SCORES``, game.py
1861-1867) and rank order (the package compares points) are the same as ours.

Pack order. ``shuffled[i]`` (the ``OrderedCardCollection`` handed to
``SchnapsenHandGenerator.generateHands``, game.py 1390-1405) is our ``d{i}``. The package
gives its first hand ``shuffled[0, 2, 4, 6, 8]``, its second ``shuffled[1, 3, 5, 7, 9]``,
and makes ``shuffled[10:]`` the talon, drawn from the front (``Talon.draw_cards``, game.py
407-418), whose last card ``shuffled[19]`` is the face-up trump card and fixes the trump
suit (``Talon.__init__``, game.py 362-378). That is exactly rules §1.3
``LAST_CARD_OF_PACK``: non-dealer d0 d2 d4 d6 d8, dealer d1 d3 d5 d7 d9, drawn d10..d18,
turn-up d19 last. ``order`` is therefore the shuffled list unchanged; the script asserts
the deal at run time.

Seats and dealer. The package has no dealer; ``bot1`` (first argument of ``play_game``)
gets the first hand and leads the first trick (it is the initial ``GameState.leader``),
so ``bot1`` is our non-dealer and ``bot2`` our dealer. ``--dealer`` picks the seats:
``1`` puts bot1 on seat 0 and bot2 on seat 1 (dealer 1); ``0`` the reverse; ``alt``
(default) uses ``dealer = seed % 2`` so both seat layouts are exercised. In every entry,
seat ``1 - dealer`` is bot1 and seat ``dealer`` is bot2. ``winner`` is the seat of the
bot returned by ``play_game``.

Moves. The package has three move types (game.py 134-255), requested one per "trick"
step (``SchnapsenTrickImplementer``, game.py 1435-1582):

* ``RegularMove(card)`` -> ``"<card>"`` (a lead or a follow).
* ``TrumpExchange(jack)`` -> ``"exchange"``. In the package it is a separate step after
  which the same player leads again (``ExchangeTrick``, leader stays, game.py 1464-1473);
  in ours it is the first step of the same leading turn. Same sequence of decisions.
* ``Marriage(queen, king)`` -> ``"marry <suit>"`` followed by ``"K<suit>"``: the package
  declares and leads in one move, always leading the king (``underlying_regular_move``
  returns the king, game.py 236-244), which is our ``marriage_lead = KING_ONLY`` and
  ``marriage_out_without_lead = no`` (so no ``claim`` can come between).
* No ``draw``/``close``/``claim`` ever appears: the package has no closing (draws are
  automatic, game.py 1510-1515) and ends the hand itself as soon as the trick winner has
  66 (our ``claim_mode = AUTO``), or after the last trick.

Result. ``game_points`` is the package's ``points`` (1, 2 or 3) from
``SchnapsenTrickScorer.declare_winner`` (game.py 1940-1971).

Where the package is not exactly the rules page's VU_SCHNAPSEN
--------------------------------------------------------

No rule difference was found: for the games the package plays, the rules page's VU_SCHNAPSEN
column gives the same legal moves at every decision and the same winner and game points.
(Checked when this script was written: a separate throw-away implementation of the column,
written from the rules page alone, replayed 20,000 exported games (seeds 0-19999, --with-legal)
with 0 mismatches in legal-move lists or results; reading ANY_TRICK instead of
NEXT_TRICK_AFTER_DECLARING changed 184 of those results.) Points to read carefully:

* ``marriage_pending_redeem = NEXT_TRICK_AFTER_DECLARING`` must include the trick led with
  the marriage king itself: the package adds the 20/40 as *pending* (game.py 1878-1891,
  1555-1565) and turns all of the declarer's pending points into counted points whenever
  the declarer wins a trick (``redeem_pending_points``, game.py 1935-1937), including the
  trick in which the marriage was declared. A player who had won tricks before declaring
  still waits for the next won trick.
* ``schwarz = ZERO_POINTS``: the package tests the loser's counted points ``== 0``
  (game.py 1958). With 20 cards a won trick is worth at least 4 points, so this is the
  same as "won no trick".
* Pending (not yet counted) marriage points count neither for the 66 nor for the
  loser's 33 (game.py 1956-1965 read ``direct_points`` only).
* When the follower must follow a marriage lead in the strict phase, the package's
  validator compares with the *queen* (game.py 1775-1776) while the trick is scored with
  the king (1904-1905). The follower can hold neither, so the cards "higher" and "lower"
  than Q and K of that suit in the follower's hand are the same: no difference.
* Match parameters (``match_target``, ``next_dealer``, ``tie_carry``) are not in the
  package: it plays single games only. ``tie_carry`` is moot, no game is ever drawn.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

RANK_LETTER = {"ACE": "A", "TEN": "T", "KING": "K", "QUEEN": "Q", "JACK": "J"}
SUIT_LETTER = {"CLUBS": "C", "DIAMONDS": "D", "HEARTS": "H", "SPADES": "S"}


def card_text(card: Any) -> str:
    """Our two-letter text of a package ``Card`` (e.g. ``Card.QUEEN_HEARTS`` -> ``QH``)."""
    return RANK_LETTER[card.rank.name] + SUIT_LETTER[card.suit.name]


def move_texts(move: Any) -> list[str]:
    """Our canonical move texts for one package move (one or two of them)."""
    if move.is_marriage():
        marriage = move.as_marriage()
        led = marriage.underlying_regular_move().card  # the engine leads this card
        assert led == marriage.king_card, "schnapsen 0.0.5 always leads the king"
        return [f"marry {SUIT_LETTER[marriage.suit.name]}", card_text(led)]
    if move.is_trump_exchange():
        return ["exchange"]
    return [card_text(move.as_regular_move().card)]


def _first_texts(moves: Any) -> list[str]:
    """Our texts for a package legal-move list, as first decisions (``marry S``, not ``KS``)."""
    return sorted(move_texts(m)[0] for m in moves)


def play_one(seed: int, dealer: int, with_legal: bool) -> dict[str, Any]:
    """Play one seeded hand in the package's engine and return its export entry."""
    from schnapsen.bots.rand import RandBot
    from schnapsen.game import (
        HandGenerator,
        MoveRequester,
        SchnapsenGamePlayEngine,
        SchnapsenTrickScorer,
    )

    engine = SchnapsenGamePlayEngine()
    dealt: list[Any] = []
    final: list[Any] = []  # (game state, result) of each declare_winner that ended the game
    record: list[tuple[Any, Any, list[str] | None]] = []

    class RecordingHandGenerator(HandGenerator):
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def generateHands(self, cards: Any) -> Any:
            dealt.extend(cards.get_cards())
            return self.inner.generateHands(cards)

    class RecordingMoveRequester(MoveRequester):
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def get_move(self, bot: Any, perspective: Any, leader_move: Any) -> Any:
            legal = _first_texts(perspective.valid_moves()) if with_legal else None
            move = self.inner.get_move(bot, perspective, leader_move)
            record.append((bot.implementation, move, legal))
            return move

    class RecordingTrickScorer(SchnapsenTrickScorer):
        def declare_winner(self, game_state: Any) -> Any:
            result = super().declare_winner(game_state)
            if result is not None:
                final.append((game_state, result))
            return result

    assert type(engine.trick_scorer) is SchnapsenTrickScorer
    engine.hand_generator = RecordingHandGenerator(engine.hand_generator)
    engine.trick_scorer = RecordingTrickScorer()
    engine.move_requester = RecordingMoveRequester(engine.move_requester)

    bot1 = RandBot(random.Random(f"{seed}/bot1"), "bot1")  # leads first: non-dealer
    bot2 = RandBot(random.Random(f"{seed}/bot2"), "bot2")  # dealer
    seat = {id(bot1): 1 - dealer, id(bot2): dealer}
    winner, points, winner_score = engine.play_game(bot1, bot2, random.Random(seed))

    assert len(dealt) == 20
    assert len(final) == 1, "the game ended more than once?"
    end_state, (end_winner, end_points) = final[0]
    assert end_winner.implementation is winner and end_points == points
    assert end_winner.score == winner_score
    points_by_seat = [0, 0]
    pending_by_seat = [0, 0]
    for bot_state in (end_state.leader, end_state.follower):
        points_by_seat[seat[id(bot_state.implementation)]] = bot_state.score.direct_points
        pending_by_seat[seat[id(bot_state.implementation)]] = bot_state.score.pending_points
    order = [card_text(c) for c in dealt]

    moves: list[str] = []
    legal_lists: list[list[str]] = []
    for _bot, move, legal in record:
        texts = move_texts(move)
        moves.extend(texts)
        if with_legal:
            assert legal is not None
            legal_lists.append(legal)
            if len(texts) == 2:  # after "marry S" the only legal move is "KS"
                legal_lists.append([texts[1]])

    entry: dict[str, Any] = {
        "seed": seed,
        "order": order,
        "dealer": dealer,
        "moves": moves,
        "winner": seat[id(winner)],
        "game_points": points,
        "points": points_by_seat,
        "pending": pending_by_seat,
    }
    if with_legal:
        entry["legal"] = legal_lists
    # who moved, in our seats; used by --verify and handy when debugging a mismatch
    entry["_movers"] = [seat[id(b)] for b, m, _ in record for _ in move_texts(m)]
    return entry


def replay_in_package(entry: dict[str, Any]) -> tuple[int, int, int]:
    """Replay an entry in the package's engine from ``order`` and ``moves`` alone.

    Builds the deal with the package's own ``SchnapsenHandGenerator`` from ``order`` and
    feeds the exported moves back through scripted bots; returns (winner seat, game
    points, the winner's direct points).
    """
    from schnapsen.deck import Card, OrderedCardCollection, Rank, Suit
    from schnapsen.game import (
        Bot,
        BotState,
        GameState,
        Marriage,
        RegularMove,
        SchnapsenGamePlayEngine,
        TrumpExchange,
    )

    rank_of = {v: Rank[k] for k, v in RANK_LETTER.items()}
    suit_of = {v: Suit[k] for k, v in SUIT_LETTER.items()}

    def card(text: str) -> Any:
        return Card.get_card(rank_of[text[0]], suit_of[text[1]])

    dealer = entry["dealer"]
    queue = list(zip(entry["moves"], entry["_movers"], strict=True))
    pos = [0]

    class Scripted(Bot):
        def __init__(self, my_seat: int) -> None:
            super().__init__(f"seat{my_seat}")
            self.my_seat = my_seat

        def get_move(self, perspective: Any, leader_move: Any) -> Any:
            text, mover = queue[pos[0]]
            assert mover == self.my_seat, f"move {pos[0]} {text!r} by the wrong seat"
            pos[0] += 1
            if text == "exchange":
                move: Any = TrumpExchange(Card.get_card(Rank.JACK, perspective.get_trump_suit()))
            elif text.startswith("marry "):
                s = suit_of[text[-1]]
                move = Marriage(Card.get_card(Rank.QUEEN, s), Card.get_card(Rank.KING, s))
                king_text, _ = queue[pos[0]]
                assert king_text == "K" + text[-1]
                pos[0] += 1
            else:
                move = RegularMove(card(text))
            assert move in perspective.valid_moves(), f"{text!r} not legal in the package"
            return move

    engine = SchnapsenGamePlayEngine()
    hand1, hand2, talon = engine.hand_generator.generateHands(
        OrderedCardCollection([card(t) for t in entry["order"]])
    )
    nondealer, dealer_bot = Scripted(1 - dealer), Scripted(dealer)
    state = GameState(
        leader=BotState(implementation=nondealer, hand=hand1),
        follower=BotState(implementation=dealer_bot, hand=hand2),
        talon=talon,
        previous=None,
    )
    winner, points, winner_score = engine.play_game_from_state(state, leader_move=None)
    assert pos[0] == len(queue), "the package ended the game before all moves were used"
    return winner.my_seat, points, winner_score.direct_points


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Export seeded random schnapsen-0.0.5 games as JSON for sixtysix."
    )
    parser.add_argument("--hands", type=int, default=100, help="number of hands (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="first seed; hand i uses seed + i")
    parser.add_argument(
        "--dealer",
        choices=["0", "1", "alt"],
        default="alt",
        help="our dealer seat; alt (default) = seed %% 2. bot1 (leads first) sits opposite",
    )
    parser.add_argument(
        "--with-legal",
        action="store_true",
        help="add 'legal': the legal moves at each decision (our texts, sorted)",
    )
    parser.add_argument(
        "--verify",
        action="store_true",
        help="replay each entry in the package from order and moves; fail on any mismatch",
    )
    parser.add_argument("--indent", type=int, default=None, help="indent the JSON output")
    parser.add_argument(
        "--lines",
        action="store_true",
        help="compact JSON list, one entry per line (overrides --indent)",
    )
    args = parser.parse_args(argv)

    try:
        import schnapsen.game  # noqa: F401
    except ImportError as exc:
        print(
            f"cannot import the schnapsen package ({exc}); use the interpreter of an "
            "environment with `pip install schnapsen==0.0.5`",
            file=sys.stderr,
        )
        return 2

    entries = []
    for i in range(args.hands):
        seed = args.seed + i
        dealer = seed % 2 if args.dealer == "alt" else int(args.dealer)
        entry = play_one(seed, dealer, args.with_legal)
        if args.verify:
            got = replay_in_package(entry)
            want = (entry["winner"], entry["game_points"], entry["points"][entry["winner"]])
            if got != want:
                print(f"seed {seed}: replay gave {got}, export says {want}", file=sys.stderr)
                return 1
        del entry["_movers"]
        entries.append(entry)

    if args.lines:
        rows = (json.dumps(e, separators=(",", ":")) for e in entries)
        sys.stdout.write("[\n" + ",\n".join(rows) + "\n]\n")
    else:
        json.dump(entries, sys.stdout, indent=args.indent)
        sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
