"""Shared helpers for the rule tests: build exact deals, play move lists, inspect results.

Everything here is written from the rules page, independently of the engine's internals:

* :func:`deal_slots` computes where each position of an ordered pack goes (§1.3);
* :func:`deal` builds the pack order for wanted hands, turn-up and talon order and
  deals it with :func:`sixtysix.deal_from_order`;
* :func:`play` applies a list of move texts (inserting ``draw`` at a decision when the
  script goes straight on with a card or marriage);
* :func:`scenario` derives a whole deal from a script of moves (who plays which card in
  which trick), so long played-out hands can be written as their tricks only.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

import attrs

import sixtysix as ss
from sixtysix import Card, HandState, Rules, Step
from sixtysix.legality import rule_facts

__all__ = [
    "ALL_RULES",
    "A_DL",
    "A_ND",
    "A_TALON",
    "A_UP",
    "MAX_HAND_MOVES",
    "RULE_IDS",
    "DealSlots",
    "beats",
    "card",
    "cards",
    "deal",
    "deal_a",
    "deal_slots",
    "hand_text",
    "moves",
    "pack_order",
    "play",
    "position",
    "random_play",
    "run",
    "scenario",
    "split_moves",
    "talon_text",
]


def card(text: str) -> Card:
    """One card from its text."""
    return Card.parse(text)


def cards(text: str) -> list[Card]:
    """The cards of a space-separated text, in the given order."""
    return [Card.parse(t) for t in text.split()]


def hand_text(state: HandState, seat: int) -> str:
    """The cards held by ``seat``, sorted as a space-separated text (canonical order)."""
    return " ".join(str(c) for c in sorted(state.hand(seat), key=lambda c: c.index))


def talon_text(state: HandState) -> str:
    """The talon in drawing order (last = turn-up), as text."""
    return " ".join(str(Card.from_index(i)) for i in state.talon)


def moves(state: HandState) -> list[str]:
    """The legal moves as texts, in the engine's order."""
    return [str(m) for m in ss.legal_moves(state)]


def split_moves(script: str | Iterable[str]) -> list[str]:
    """Split a script such as ``"AH TH draw marry S KS"`` into move texts.

    ``marry`` takes the next word with it; a list is returned as it is.
    """
    if not isinstance(script, str):
        return list(script)
    words = script.replace(",", " ").split()
    out: list[str] = []
    i = 0
    while i < len(words):
        if words[i].lower() == "marry":
            out.append(f"marry {words[i + 1]}")
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


_DECISION_WORDS = {"draw", "close", "claim"}


def play(state: HandState, script: str | Iterable[str], *, auto_draw: bool = True) -> HandState:
    """Apply the moves of ``script`` in order and return the final state.

    With ``auto_draw``, a ``draw`` is applied first whenever the state waits for the
    decision after a trick (§2.1) and the script goes on with something other than
    ``draw``, ``close`` or ``claim``.
    """
    for n, text in enumerate(split_moves(script)):
        if auto_draw and state.step is Step.DECIDE and text.lower() not in _DECISION_WORDS:
            state = ss.apply_move(state, "draw")
        try:
            state = ss.apply_move(state, text)
        except ss.SixtySixError as exc:
            raise AssertionError(f"move #{n} {text!r} failed in {state!r}: {exc}") from exc
    return state


# --------------------------------------------------------------------------- dealing


@attrs.frozen
class DealSlots:
    """Pack positions (0 = top) of each destination of a deal (rules §1.3)."""

    non_dealer: tuple[int, ...]
    dealer: tuple[int, ...]
    turnup: int
    talon: tuple[int, ...]  # the face-down talon in drawing order (turn-up excluded)


def deal_slots(rules: Rules) -> DealSlots:
    """Where each card of the pack goes, computed from rules §1.3."""
    size = rules.deck.size
    pos = 0
    nd: list[int] = []
    dl: list[int] = []
    turnup = -1
    for round_no, k in enumerate(rules.deal_packets, 1):
        nd += range(pos, pos + k)
        pos += k
        dl += range(pos, pos + k)
        pos += k
        if rules.trump_source is ss.TrumpSource.NEXT_CARD and round_no == rules.trump_after_round:
            turnup = pos
            pos += 1
    rest = list(range(pos, size))
    if rules.trump_source is ss.TrumpSource.LAST_CARD_OF_PACK:
        turnup = rest.pop()
    return DealSlots(tuple(nd), tuple(dl), turnup, tuple(rest))


def pack_order(
    rules: Rules,
    non_dealer: str | Sequence[Card],
    dealer: str | Sequence[Card],
    turnup: str | Card,
    talon: str | Sequence[Card] = "",
) -> list[Card]:
    """The pack order (top first) that deals exactly these hands and this talon.

    ``talon`` gives the first face-down cards in drawing order; the remaining cards of
    the deck follow in canonical order.
    """
    nd = cards(non_dealer) if isinstance(non_dealer, str) else list(non_dealer)
    dl = cards(dealer) if isinstance(dealer, str) else list(dealer)
    up = card(turnup) if isinstance(turnup, str) else turnup
    tl = cards(talon) if isinstance(talon, str) else list(talon)
    slots = deal_slots(rules)
    assert len(nd) == len(slots.non_dealer), f"non-dealer needs {len(slots.non_dealer)} cards"
    assert len(dl) == len(slots.dealer), f"dealer needs {len(slots.dealer)} cards"
    used = [*nd, *dl, up, *tl]
    assert len(set(used)) == len(used), f"a card is given twice: {[str(c) for c in used]}"
    deck = list(rules.deck.cards)
    for c in used:
        assert c in deck, f"{c} is not in the {rules.deck.name} deck"
    tl += [c for c in deck if c not in used]
    assert len(tl) == len(slots.talon)
    order: list[Card | None] = [None] * rules.deck.size
    for positions, items in (
        (slots.non_dealer, nd),
        (slots.dealer, dl),
        ((slots.turnup,), [up]),
        (slots.talon, tl),
    ):
        for p, c in zip(positions, items, strict=True):
            order[p] = c
    assert all(c is not None for c in order)
    return [c for c in order if c is not None]


def deal(
    rules: Rules,
    non_dealer: str | Sequence[Card],
    dealer: str | Sequence[Card],
    turnup: str | Card,
    talon: str | Sequence[Card] = "",
    *,
    dealer_seat: int = 0,
) -> HandState:
    """Deal these hands (non-dealer's, dealer's), turn-up and talon start (drawing order)."""
    order = pack_order(rules, non_dealer, dealer, turnup, talon)
    return ss.deal_from_order(rules, order, dealer=dealer_seat)


# --------------------------------------------------------------------------- fixed deals

# Deal A (dealer seat 0, so seat 1 leads): trump spades.
A_ND = "AC 9S KH QH KD QD"
A_DL = "JC TC AD TD AH TH"
A_UP = "AS"
A_TALON = "JD 9C KC QC 9D JH 9H TS KS QS JS"


def deal_a(rules: Rules = ss.CLASSIC_66) -> HandState:
    """Deal A: seat 1 (non-dealer) AC 9S KH QH KD QD, seat 0 JC TC AD TD AH TH; AS up."""
    return deal(rules, A_ND, A_DL, A_UP, A_TALON)


def _filler(rules: Rules, exclude: list[Card], n: int) -> list[Card]:
    return [c for c in rules.deck.cards if c not in exclude][:n]


def position(rules: Rules, nd: str, dl: str, up: str, talon: str = "") -> HandState:
    """Deal with partial hands: missing cards are filled from the unused ones."""
    want_nd, want_dl, want_up = cards(nd), cards(dl), card(up)
    used = [*want_nd, *want_dl, want_up, *cards(talon)]
    extra = _filler(rules, used, 2 * rules.hand_size)
    k = rules.hand_size - len(want_nd)
    want_nd += extra[:k]
    want_dl += extra[k : k + rules.hand_size - len(want_dl)]
    return deal(rules, want_nd, want_dl, want_up, talon)


# --------------------------------------------------------------------------- tricks


def beats(follow: Card, lead: Card, trump: ss.Suit) -> bool:
    """Whether ``follow`` wins the trick against ``lead`` (rules §1.4)."""
    if follow.suit == lead.suit:
        return follow.rank > lead.rank
    return follow.suit == trump


# --------------------------------------------------------------------------- scenarios


def scenario(
    rules: Rules,
    script: str | Iterable[str],
    *,
    trump: str,
    dealer_seat: int = 0,
    turnup: str | None = None,
    hold: tuple[str, str] = ("", ""),
) -> HandState:
    """A deal in which ``script`` can be played: hands and talon derived from the play.

    The script lists the moves (cards in play order, ``marry X``, ``close``, ``claim``,
    ``draw``; a decision not written is a draw). Each card is given to the seat that plays
    it, early enough to be held when played (a marriage's partner card when declared);
    the draws are arranged so that every seat draws its cards in time. ``hold`` gives
    cards that seat 0 / seat 1 is dealt (and need not play). Cards not mentioned fill the hands and
    the talon in canonical order. ``turnup`` chooses the trump card (of suit ``trump``);
    when the talon is exhausted in the script, the turn-up goes to the loser of the last
    draw, so it must be one of that seat's later cards (chosen automatically if not given).
    ``exchange`` is not supported.
    """
    trump_suit = ss.Suit.parse(trump)
    hs = rules.hand_size
    talon_size = rules.talon_size
    inf = 10_000
    leader = 1 - dealer_seat
    talon_left = talon_size
    closed = False
    trick = 1
    lead: Card | None = None
    need: list[dict[Card, int]] = [{}, {}]
    draws: list[int] = []  # winner of each draw
    decision = False

    def note(seat: int, c: Card, by: int) -> None:
        assert all(c not in n for n in need if n is not need[seat]), f"{c} used by both seats"
        need[seat][c] = min(need[seat].get(c, inf), by)

    def draw() -> None:
        nonlocal talon_left, decision
        draws.append(leader)
        talon_left -= 2
        decision = False

    for text in split_moves(script):
        word = text.lower()
        if decision:
            if word == "close":
                closed = True
                decision = False
                continue
            if word == "claim":
                break
            draw()
            if word == "draw":
                continue
        if word == "exchange":
            raise AssertionError("scenario() does not support exchange; deal by hand")
        if word == "close":
            closed = True
            continue
        if word == "claim":
            break
        if word.startswith("marry"):
            suit = ss.Suit.parse(word.split()[1])
            for rank in (ss.Rank.KING, ss.Rank.QUEEN):
                note(leader, Card(rank, suit), trick)
            continue
        c = card(text)
        if lead is None:
            note(leader, c, trick)
            lead = c
            continue
        note(1 - leader, c, trick)
        if beats(c, lead, trump_suit):
            leader = 1 - leader
        lead = None
        trick += 1
        if not closed and talon_left > 0:
            if (
                rules.close_timing is ss.CloseTiming.BEFORE_OR_AFTER_DRAW
                and rules.closing_allowed
                and talon_left >= rules.close_min_talon
            ):
                decision = True
            else:
                draw()
    if decision:
        decision = False
    for seat in (0, 1):
        for c in cards(hold[seat]):
            note(seat, c, 1)  # held cards are dealt

    n_draws = len(draws)
    exhausted = n_draws * 2 == talon_size
    deck = list(rules.deck.cards)
    used = set(need[0]) | set(need[1])
    leftovers = [c for c in deck if c not in used]
    fixed: list[dict[int, Card]] = [{}, {}]  # seat -> draw time -> card
    if exhausted:
        loser = 1 - draws[-1]
        if turnup is None:
            choices = [c for c, by in need[loser].items() if by > n_draws and c.suit == trump_suit]
            choices += [c for c in leftovers if c.suit == trump_suit]
            assert choices, "no trump card can be the turn-up"
            up = choices[0]
        else:
            up = card(turnup)
        assert up.suit == trump_suit
        if up in leftovers:
            leftovers.remove(up)
            need[loser][up] = inf
        assert need[loser].get(up, 0) > n_draws, f"turn-up {up} would be drawn too late"
        fixed[loser][n_draws] = up
    else:
        if turnup is None:
            trumps = [c for c in leftovers if c.suit == trump_suit]
            assert trumps, "no trump card left for the turn-up"
            up = trumps[-1]
        else:
            up = card(turnup)
        assert up in leftovers, f"turn-up {up} is needed in a hand"
        leftovers.remove(up)
    # Fill each seat's pool to hand size + draws.
    for seat in (0, 1):
        want = hs + n_draws - len(need[seat])
        assert want >= 0, f"seat {seat} plays more cards than it can hold"
        for c in leftovers[:want]:
            need[seat][c] = inf
        leftovers = leftovers[want:]
    # Acquisition times: 0 = dealt, t = drawn after trick t (earliest deadline first).
    got: list[dict[int, list[Card]]] = [{}, {}]
    for seat in (0, 1):
        pool = sorted(
            (c for c in need[seat] if c not in fixed[seat].values()),
            key=lambda c: (need[seat][c], c.index),
        )
        times = [0] * hs + [t for t in range(1, n_draws + 1) if t not in fixed[seat]]
        assert len(times) == len(pool)
        slots: dict[int, list[Card]] = {}
        for t, c in zip(times, pool, strict=True):
            assert t < need[seat][c], f"seat {seat} cannot hold {c} in time"
            slots.setdefault(t, []).append(c)
        for t, c in fixed[seat].items():
            slots.setdefault(t, []).append(c)
        got[seat] = slots
    talon: list[Card] = []
    for t in range(1, n_draws + 1):
        winner = draws[t - 1]
        talon += [got[winner][t][0], got[1 - winner][t][0]]
    if exhausted:
        assert talon[-1] == up
        talon = talon[:-1]
    else:
        talon += leftovers
    nd = got[1 - dealer_seat].get(0, [])
    dl = got[dealer_seat].get(0, [])
    return deal(rules, nd, dl, up, talon, dealer_seat=dealer_seat)


def run(
    rules: Rules,
    script: str,
    *,
    trump: str,
    dealer_seat: int = 0,
    turnup: str | None = None,
    hold: tuple[str, str] = ("", ""),
) -> HandState:
    """Deal with :func:`scenario` and play the script; the final state."""
    start = scenario(rules, script, trump=trump, dealer_seat=dealer_seat, turnup=turnup, hold=hold)
    return play(start, script)


# Random play over every preset in both claim modes (shared by the view and bot tests).

ALL_RULES: list[Rules] = [
    attrs.evolve(rules, claim_mode=mode) for rules in ss.PRESETS.values() for mode in ss.ClaimMode
]
RULE_IDS = [f"{name}-{mode.name}" for name in ss.PRESETS for mode in ss.ClaimMode]


def searchable(rules: Rules) -> bool:
    """Whether the solvers know ``rules`` (no Mariage rules, §13; else they refuse)."""
    return rule_facts(rules).plain_trick_game


#: :data:`ALL_RULES` that the search and the native core accept, and their ids.
SEARCH_RULES: list[Rules] = [r for r in ALL_RULES if searchable(r)]
SEARCH_IDS = [i for i, r in zip(RULE_IDS, ALL_RULES, strict=True) if searchable(r)]
#: The presets that the search and the native core accept.
SEARCH_PRESETS: dict[str, Rules] = {n: r for n, r in ss.PRESETS.items() if searchable(r)}


#: More moves than any hand can have: 16 tricks of the 32-card deck are 32 cards, plus
#: at most 16 decisions after a trick, 4 marriages, the exchanges and a claim.
MAX_HAND_MOVES = 200


def random_play(
    rules: Rules, seed: int, *, no_close: bool = False, max_moves: int = MAX_HAND_MOVES
) -> Iterator[HandState]:
    """Every state of one hand of random play (claims rarely taken, to reach deep states;
    with ``no_close``, never claim or close, so the talon runs out).

    Fails with an ``AssertionError`` naming the rules, the seed and the last moves when
    the hand is not over after ``max_moves`` moves (an engine that offers a move that
    makes no progress), instead of looping for ever.
    """
    rng = random.Random(seed)
    state = ss.new_hand(rules, seed=rng.getrandbits(32), dealer=rng.randrange(2))
    yield state
    avoid = (ss.Claim, ss.Close) if no_close else (ss.Claim,)
    played: list[str] = []
    while not state.is_over:
        if len(played) >= max_moves:
            raise AssertionError(
                f"random_play(seed={seed}, no_close={no_close}): the hand is not over after "
                f"{max_moves} moves under {rules!r}; the last moves were {played[-10:]}"
            )
        moves = ss.legal_moves(state)
        choices: list[ss.Move] = [m for m in moves if not isinstance(m, avoid)] or list(moves)
        if len(choices) < len(moves) and not no_close and rng.random() < 0.1:
            choices = list(moves)
        move = rng.choice(choices)
        state = ss.apply_move(state, move)
        played.append(str(move))
        yield state


#: The claim modes and schwarz rules the solvers know (not Mariage's NONE, rules §13).
SEARCH_CLAIM_MODES = [m for m in ss.ClaimMode if m is not ss.ClaimMode.NONE]
SEARCH_SCHWARZ = [m for m in ss.Schwarz if m is not ss.Schwarz.NONE]
