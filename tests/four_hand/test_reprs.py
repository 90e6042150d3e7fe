"""Four-hand states and views: repr is code that makes an equal value, str the board.

A view's text (str and repr) never names a card its seat cannot see: the other hands
are ``??`` in the view string (the turn-up, while the dealer holds it, is named).
"""

from __future__ import annotations

import re

import attrs
import pytest

from sixtysix import partnership as p4
from sixtysix.cards import CARDS
from sixtysix.errors import DealError, ParseError
from sixtysix.partnership.views import dump_view, load_view

from .helpers import random_play

NAMES = vars(p4)
RULES = [
    p4.FOUR_HAND_24,
    p4.FOUR_HAND_66,
    attrs.evolve(p4.FOUR_HAND_66, undertrump=p4.Undertrump.FREE, ten_of_trumps_point=True),
]


def _states() -> list[p4.PartnershipState]:
    out: list[p4.PartnershipState] = []
    for k, rules in enumerate(RULES):
        for seed in range(4):
            scores = (6, 6) if rules.ten_of_trumps_point else (0, 0)
            out.extend(random_play(rules, seed, dealer=(seed + k) & 3, scores=scores))
    return out


def _codes(text: str) -> set[str]:
    """The card codes of ``text``, read two letters at a time in runs of cards."""
    found: set[str] = set()
    for word in re.split(r"[\s',()]+", text):
        if re.fullmatch(r"(?:[AKQJT98765432?][CDHS?])+", word):
            found |= {word[k : k + 2] for k in range(0, len(word), 2)} - {"??"}
    return found


def test_states_round_trip_through_repr_and_str_is_render() -> None:
    for state in _states()[::3]:
        assert eval(repr(state), NAMES) == state
        assert repr(state) == f"PartnershipState.parse({p4.dump_position(state)!r})"
        assert str(state) == p4.render(state)


def test_views_round_trip_and_hide_what_their_seat_cannot_see() -> None:
    for state in _states()[::2]:
        for seat in range(4):
            view = p4.observe(state, seat)
            assert eval(repr(view), NAMES) == view
            assert load_view(dump_view(view)) == view == p4.PartnershipView.parse(dump_view(view))
            assert str(view) == p4.render(state, seat=seat)
            seen = {str(c) for c in (*view.hand, *view.played_cards)}
            if view.turnup_held:
                seen.add(str(view.turnup))
            for text in (repr(view), str(view)):
                assert _codes(text) <= seen, (text, _codes(text) - seen)
            hidden = (
                sum(view.hand_sizes) - len(view.hand) - view.turnup_held * (view.dealer != seat)
            )
            assert dump_view(view).count("??") == hidden


def _text() -> str:
    state = p4.new_hand(p4.FOUR_HAND_24, seed=2)
    for _ in range(5):
        state = p4.apply_move(state, p4.legal_moves(state)[0])
    return dump_view(p4.observe(state, 2))


def test_the_view_string() -> None:
    text = _text()
    fields = text.split()
    assert len(fields) == 10 and fields[-1] == "@2"
    turnup = fields[3]
    assert fields[4].startswith(turnup) or turnup in fields[8]
    assert "??" not in fields[6] and "??" in fields[5]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda f: [*f, "x"], "a four-hand view has 10 fields"),
        (lambda f: [*f[:-1], "@4"], "field 10 (seat) '@4': expected @0 to @3"),
        (lambda f: [*f[:6], "??" + f[6][2:], *f[7:]], "field 7 (hand 2)"),
        (lambda f: [*f[:8], "??" + f[8][2:], f[9]], "field 9 (played)"),
        (lambda f: [*f[:5], f[5] + "????", *f[6:]], "the view hides"),
        (lambda f: [*f[:5], f[5][:-2], *f[6:]], "the view hides"),
        (lambda f: [f[0], "7", *f[2:]], "field 2 (dealer): a seat from 0 to 3"),
        (lambda f: ["NOPE", *f[1:]], "field 1 (rules)"),
    ],
)
def test_bad_view_strings_are_refused(change: object, message: str) -> None:
    fields = _text().split()
    with pytest.raises(ParseError, match=re.escape(message)):
        load_view(" ".join(change(fields)))  # type: ignore[operator]


def test_a_named_card_the_seat_cannot_know_is_refused() -> None:
    state = p4.new_hand(p4.FOUR_HAND_24, seed=2)
    view = p4.observe(state, 2)
    fields = dump_view(view).split()
    # Name a card of seat 1 (really held there): seat 2 cannot know it.
    card = str(CARDS[next(i for i in range(32) if state.hands[1] >> i & 1)])
    fields[5] = card + fields[5][2:]
    with pytest.raises(ParseError, match="seat 2 knows that seat 1 holds no card"):
        load_view(" ".join(fields))
    # Hide the dealer's turn-up, which everybody knows.
    fields = dump_view(view).split()
    fields[4] = "??" + fields[4][2:]
    either = f"seat 2 knows that seat 0 holds {state.turnup}|turn-up {state.turnup} was not dealt"
    with pytest.raises(ParseError, match=either):
        load_view(" ".join(fields))


def test_a_deal_the_cards_played_rule_out_is_refused() -> None:
    """Only cards a seat is known not to hold are left for it: no deal agrees."""
    for state in random_play(p4.FOUR_HAND_24, 5):
        view = p4.observe(state, 0)
        excluded = view.excluded
        for a in (1, 2, 3):
            for b in (1, 2, 3):
                if a == b:
                    continue
                # Move one hidden card from seat b's ?? to seat a's: the counts still
                # add up, but seat a may now have to hold a card it cannot hold.
                fields = dump_view(view).split()
                if "??" not in fields[4 + b] or not excluded[a]:
                    continue
                fields[4 + b] = fields[4 + b].replace("??", "", 1) or "-"
                fields[4 + a] = (fields[4 + a] if fields[4 + a] != "-" else "") + "??"
                try:
                    load_view(" ".join(fields))
                except ParseError as exc:
                    if "no deal of the ?? cards agrees" in str(exc):
                        return
    pytest.fail("no such view found")  # pragma: no cover


def test_load_view_needs_text_and_dump_view_a_view() -> None:
    with pytest.raises(ParseError, match="a view must be given as text"):
        load_view(None)  # type: ignore[arg-type]
    with pytest.raises(DealError, match="dump_view needs a PartnershipView"):
        dump_view(p4.new_hand(p4.FOUR_HAND_24, seed=1))  # type: ignore[arg-type]
