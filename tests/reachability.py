"""Reachability by search: a deal and a move list that lead to exactly a given state.

:func:`find_history` is the test oracle of ``tests/properties/test_validate_properties.py``:
a state is reachable exactly when some deal and some legal moves lead to it, and this
module looks for them, independently of :func:`sixtysix.validate`. A history found is a
proof (it is replayed with the engine and compared field by field); a history not found
means the state is unreachable, because the search covers every history that can matter:

* the cards each seat played and the trick winners are fixed by the played cards; the
  players draw after tricks 1, 2, ... while the talon is open (rules §1.5), the winner the
  top card, the loser the next, the loser of the last drawing trick the bottom card;
* which card a seat was dealt or drew when matters only through a deadline: a card
  played in trick ``j`` must be in hand before it (acquired at the deal or in a draw
  ``< j``), both cards of a marriage before the lead it is declared for, the exchange
  card before the exchange; the bottom card is the last draw of the loser of the last
  drawing trick. Between the draws nothing depends on which card was drawn (the follower
  plays freely while the talon is open, and in the strict phase nobody draws), so
  earliest-deadline-first assignment finds a deal whenever one exists, for each turn at
  which the exchange may have happened;
* a marriage can only be declared before the first lead of its king or queen by its
  owner (or in the current turn), so its time is fixed; the other moves (exchange,
  close, draw, claim) are searched with the engine's own legal moves.
"""

from __future__ import annotations

from collections.abc import Iterator

import sixtysix as ss
from sixtysix import HandState, Move, Step
from sixtysix.cards import CARDS, exchange_card_index, trick_winner
from sixtysix.rules import MarriageLead

from .helpers import deal_slots

__all__ = ["find_history", "replay_history"]

#: A deadline later than every draw: a card still held.
_HELD = 10**6


def _tricks(s: HandState) -> list[tuple[int, int, int, int]]:
    out = []
    leader = 1 - s.dealer
    for i in range(0, len(s.played) - 1, 2):
        lead, follow = s.played[i], s.played[i + 1]
        winner = trick_winner(lead, follow, s.trump, leader)
        out.append((leader, lead, follow, winner))
        leader = winner
    return out


def _k_q(suit: int) -> tuple[int, int]:
    return suit * 8 + 2, suit * 8 + 3


def _deadlines(s: HandState) -> list[dict[int, int]] | None:
    """Per seat, each card it owns (held or played) and the latest draw it may come in."""
    out: list[dict[int, int]] = [{}, {}]
    tricks = _tricks(s)
    for j, (leader, lead, follow, _) in enumerate(tricks, 1):
        out[leader][lead] = j - 1
        out[1 - leader][follow] = j - 1
    now = len(tricks)
    if s.lead >= 0:
        out[s.leader][s.lead] = now
    for seat in (0, 1):
        for i in range(32):
            if s.hands[seat] >> i & 1:
                out[seat][i] = _HELD
    # Marriages: declared before the first lead of their K or Q by their owner.
    for seat in (0, 1):
        for suit in range(4):
            if not s.declared >> (seat * 4 + suit) & 1:
                continue
            k, q = _k_q(suit)
            if k not in out[seat] or q not in out[seat]:
                return None
            current = (
                s.turn_marriage == suit
                and s.leader == seat
                and s.step
                in (
                    Step.LEAD,
                    Step.OVER,
                )
            )
            if current:
                if not (s.hands[seat] >> k & 1 and s.hands[seat] >> q & 1):
                    return None
                when = now
            else:
                first = min(out[seat][k], out[seat][q])
                # The first of the two it played must be its lead, with both in hand.
                if first >= _HELD:
                    return None
                j = first + 1
                led = tricks[j - 1][1] if j <= len(tricks) else s.lead
                owner_led = (tricks[j - 1][0] if j <= len(tricks) else s.leader) == seat
                if not owner_led or led not in (k, q) or out[seat][k] == out[seat][q]:
                    return None
                if s.rules.marriage_lead is MarriageLead.KING_ONLY and led != k:
                    return None
                when = first
            out[seat][k] = min(out[seat][k], when)
            out[seat][q] = min(out[seat][q], when)
    return out


def _assign(
    cards: dict[int, int], hand_size: int, draws: int, forced: int
) -> tuple[list[int], dict[int, int]] | None:
    """Earliest-deadline-first: the dealt cards and the card of each draw, or None."""
    slots = [0] * hand_size + list(range(1, draws + 1))
    if forced >= 0:
        slots.pop()  # the last draw brings the forced (bottom) card
    order = sorted(cards, key=lambda c: (cards[c], c))
    if len(order) != len(slots):
        return None
    dealt: list[int] = []
    drawn: dict[int, int] = {}
    for card, time in zip(order, slots, strict=True):
        if time > cards[card]:
            return None
        if time == 0:
            dealt.append(card)
        else:
            drawn[time] = card
    if forced >= 0:
        drawn[draws] = forced
    return dealt, drawn


def _packs(s: HandState) -> Iterator[list[int]]:
    """Pack orders (card indices, top first) that can have led to ``s``."""
    r = s.rules
    deadlines = _deadlines(s)
    if deadlines is None:
        return
    tricks = _tricks(s)
    draws = (r.talon_size - len(s.talon)) // 2
    if draws > len(tricks) or len(s.talon) % 2:
        return
    up = s.dealt_turnup
    ex = exchange_card_index(r.deck, s.trump)
    e = s.exchanged_by
    bottom = ex if e >= 0 else up
    loser = 1 - tricks[draws - 1][3] if draws and not s.talon else -1
    if s.talon and s.talon[-1] != bottom:
        return
    if loser >= 0 and deadlines[loser].get(bottom, -1) < draws:
        return
    times = range(1, len(tricks) + 2) if e >= 0 else range(1)
    packs: set[tuple[int, ...]] = set()
    for x in times:
        own = [dict(deadlines[0]), dict(deadlines[1])]
        if e >= 0:
            # The exchanger got the turn-up in turn x and gave the exchange card.
            if own[e].get(up, -1) < x - 1:
                continue
            del own[e][up]
            if loser == e:  # it drew the exchange card back at the last draw
                own[e][-1] = x - 1  # a stand-in for its first copy
            elif ex in own[e]:
                continue
            else:
                own[e][ex] = x - 1
        if loser >= 0:
            del own[loser][bottom]
        plans = []
        for seat in (0, 1):
            plan = _assign(own[seat], r.hand_size, draws, bottom if seat == loser else -1)
            if plan is None:
                break
            plans.append(plan)
        else:
            talon = [-1] * r.talon_size
            for i in range(1, draws + 1):
                winner = tricks[i - 1][3]
                talon[2 * i - 2] = plans[winner][1][i]
                talon[2 * i - 1] = plans[1 - winner][1][i]
            talon[2 * draws :] = s.talon
            talon = [ex if c == -1 else c for c in talon]
            talon[-1] = up
            hands = [[ex if c == -1 else c for c in plans[seat][0]] for seat in (0, 1)]
            slots = deal_slots(r)
            pack = [-1] * r.deck.size
            nd = 1 - s.dealer
            for pos, c in zip(slots.non_dealer, hands[nd], strict=True):
                pack[pos] = c
            for pos, c in zip(slots.dealer, hands[s.dealer], strict=True):
                pack[pos] = c
            for pos, c in zip((*slots.talon, slots.turnup), talon, strict=True):
                pack[pos] = c
            if sorted(pack) == sorted(c.index for c in r.deck.cards) and tuple(pack) not in packs:
                packs.add(tuple(pack))
                yield pack


def _search(
    state: HandState, target: HandState, k: int, seen: set[HandState], path: list[Move]
) -> bool:
    if state == target:
        return True
    if state.step is Step.OVER or state in seen:
        return False
    seen.add(state)
    played = target.played
    mover = state.to_move
    assert mover is not None
    at = target.close_snapshot.tricks_played if target.close_snapshot else -1
    for move in ss.legal_moves(state):
        if isinstance(move, ss.Play):
            ok = k < len(played) and move.card.index == played[k]
        elif isinstance(move, ss.Marry):
            suit = int(move.suit)
            nxt = played[k] if k < len(played) else -1
            ok = target.declared >> (mover * 4 + suit) & 1 == 1 and (
                nxt in _k_q(suit) or (nxt < 0 and target.turn_marriage == suit)
            )
        elif isinstance(move, ss.Exchange):
            ok = target.exchanged_by == mover
        elif isinstance(move, ss.Close):
            ok = target.closed_by == mover and state.tricks_played == at
        elif isinstance(move, ss.Claim):
            ok = target.step is Step.OVER and k == len(played)
        else:
            ok = True  # draw
        if not ok:
            continue
        after = ss.apply_move(state, move)
        path.append(move)
        if _search(after, target, k + isinstance(move, ss.Play), seen, path):
            return True
        path.pop()
    return False


def find_history(target: HandState) -> tuple[list[str], list[str]] | None:
    """A pack (card codes, top first) and moves that deal and play to ``target``, or None."""
    for pack in _packs(target):
        try:
            state = ss.deal_from_order(target.rules, [CARDS[i] for i in pack], target.dealer)
        except ss.DealError:  # pragma: no cover - the packs hold the deck
            continue
        if state.dealt_turnup != target.dealt_turnup:
            continue
        path: list[Move] = []
        if _search(state, target, 0, set(), path):
            return [str(CARDS[i]) for i in pack], [str(m) for m in path]
    return None


def replay_history(rules: ss.Rules, dealer: int, pack: list[str], moves: list[str]) -> HandState:
    """The state that a history found by :func:`find_history` leads to."""
    state = ss.deal_from_order(rules, pack, dealer)
    for move in moves:
        state = ss.apply_move(state, move)
    return state
