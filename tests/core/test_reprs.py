"""repr of HandState, PlayerView and Rules: short text that evaluates back to an equal value;
str of states and views: the board a person reads (a view never shows a hidden card)."""

from __future__ import annotations

import random
import re
from typing import Any

import attrs
import pytest

import sixtysix as ss
from sixtysix import PRESETS, ClaimMode, Deck, Rules, StrictPlay
from sixtysix.notation import dump_view, load_view

NAMES = vars(ss)


def test_states_and_views_round_trip_through_repr() -> None:
    for rules in PRESETS.values():
        for seed in range(6):
            rng = random.Random(seed)
            state = ss.new_hand(rules, seed=seed, dealer=seed & 1)
            for _ in range(64):
                assert eval(repr(state), NAMES) == state
                for seat in (0, 1):
                    view = ss.observe(state, seat)
                    assert eval(repr(view), NAMES) == view
                if state.is_over:
                    break
                state = ss.apply_move(state, rng.choice(ss.legal_moves(state)))


def test_rules_repr_names_the_preset_or_the_differences() -> None:
    for name, preset in PRESETS.items():
        assert repr(preset) == name
        assert eval(repr(preset), NAMES) == preset
    house = attrs.evolve(
        ss.SCHNAPSEN,
        deck=Deck.D24,
        deal_packets=(3, 3),
        strict_play=StrictPlay.FOLLOW_ONLY,
        claim_mode=ClaimMode.AUTO,
    )
    text = repr(house)
    assert text.startswith("Rules.from_dict({'preset': ")
    assert eval(text, NAMES) == house
    assert eval(repr(attrs.evolve(ss.CLASSIC_66, match_target=11)), NAMES).match_target == 11
    assert isinstance(eval(repr(Rules()), NAMES), Rules)


def test_an_unreachable_state_shows_its_summary() -> None:
    state = attrs.evolve(ss.new_hand(ss.CLASSIC_66, seed=1), card_points=(5, 0))
    assert repr(state).startswith("<HandState LEAD")


def _positions() -> list[ss.HandState]:
    states = []
    for rules in PRESETS.values():
        for seed in range(4):
            rng = random.Random(seed)
            state = ss.new_hand(rules, seed=seed, dealer=seed & 1)
            states.append(state)
            while not state.is_over:
                state = ss.apply_move(state, rng.choice(ss.legal_moves(state)))
                states.append(state)
    return states


CARD_CODE = re.compile(r"(?<![A-Z0-9])[AKQJT98765432][CDHS]")


def _card_codes(text: str) -> set[str]:
    """The card codes in ``text`` (position fields run them together: read in pairs)."""
    found: set[str] = set()
    for word in re.split(r"[\s',()]+", text):
        if len(word) % 2 == 0 and re.fullmatch(r"(?:[AKQJT98765432?][CDHS?])+", word):
            found |= {word[k : k + 2] for k in range(0, len(word), 2)} - {"??"}
        else:
            found |= set(CARD_CODE.findall(word))
    return found


def test_str_is_the_board_and_repr_the_code() -> None:
    for state in _positions()[::7]:
        assert str(state) == ss.render(state)
        assert str(state).startswith(f"{ss.dump_position(state).split()[0]}, trump ")
        assert "\n" in str(state) and "\n" not in repr(state)
        for seat in (0, 1):
            view = ss.observe(state, seat)
            assert str(view) == ss.render(view) == ss.render(state, seat=seat)
            assert repr(view).startswith("PlayerView.parse('") and "\n" not in repr(view)


def test_a_view_shows_no_card_its_seat_cannot_see() -> None:
    """Neither str nor repr of a view names a hidden card, or invents one in its place."""
    for state in _positions():
        for seat in (0, 1):
            view = ss.observe(state, seat)
            seen = {str(c) for c in (*view.hand, *view.played_cards, *view.opponent_known)}
            seen.add(str(ss.Card.from_index(view.dealt_turnup)))
            if view.talon_bottom >= 0:
                seen.add(str(ss.Card.from_index(view.talon_bottom)))
            for text in (str(view), repr(view), dump_view(view)):
                assert _card_codes(text) <= seen, (text, _card_codes(text) - seen)
            hidden = len(view.unseen)
            assert dump_view(view).count("??") == hidden
            assert str(view).count("??") == view.opponent_hand_size - len(view.opponent_known)
            assert load_view(dump_view(view)) == view == ss.PlayerView.parse(dump_view(view))


def test_a_broken_value_still_has_a_text() -> None:
    """Changed in place (unsupported), a state or view falls back to its summary."""
    state = attrs.evolve(ss.new_hand(ss.CLASSIC_66, seed=1), card_points=(5, 0))
    assert str(state).startswith("<HandState LEAD")
    view = ss.observe(ss.new_hand(ss.CLASSIC_66, seed=1), 0)
    object.__setattr__(view, "talon_size", 10)
    assert repr(view).startswith("<PlayerView seat=0")
    assert str(view).startswith("<PlayerView seat=0")


def _view_text() -> str:
    pack = "KH QH 9H AS TS KS AH TH JH QS JS 9S AD TD KD QD JD 9D AC TC KC QC JC 9C"
    state = ss.deal_from_order(ss.CLASSIC_66, pack.split(), dealer=0)
    state = ss.apply_move(state, "marry H")  # seat 1 declares: KH and QH are known to seat 0
    return dump_view(ss.observe(state, 0))


def test_the_view_string_names_the_known_cards() -> None:
    text = _view_text()
    assert text.split()[4] == "KHQH????????"
    assert text.endswith(" @0")
    view = load_view(text)
    assert [str(c) for c in view.opponent_known] == ["KH", "QH"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t + " x", "a view has 13 fields separated by spaces"),
        (lambda t: t.replace("@0", "@2"), "view field 13 (seat) '@2': expected @0 or @1"),
        (lambda t: t.replace("@0", "1"), "expected @0 or @1"),
        (lambda t: t.replace("ASTSKS", "??TSKS"), "the seat's own hand is seen by the seat"),
        (lambda t: t.replace(" AD ", " ?? ", 1), "field 3 (turn-up) '??': the turn-up is seen"),
        (lambda t: t.replace("??AD ", "???? ", 1), "the talon's last card"),
        (lambda t: t.replace("????AD", "TDKDAD", 1), "the seat sees only the talon's last"),
        (lambda t: t.replace("????AD", "??TD??AD", 1), "the seat sees only the talon's last"),
        (lambda t: t.replace("KHQH??", "KHQHTH", 1), "seat 0 knows that seat 1 holds KH QH"),
        (lambda t: t.replace("KHQH??", "KH????", 1), "not reachable by legal play"),
        (lambda t: t.replace("KHQH??", "KHQH", 1), "the view hides 14 cards, but 15 cards"),
        (lambda t: t.replace("CLASSIC_66", "NOPE", 1), "no preset called 'NOPE'"),
        (lambda t: t.replace("L1", "L0", 1), "position field 7 (to move) 'L0'"),
    ],
)
def test_bad_view_strings_are_refused(change: Any, message: str) -> None:
    text = change(_view_text())
    with pytest.raises(ss.ParseError, match=re.escape(message)):
        load_view(text)


def test_load_view_needs_text_and_dump_view_a_view() -> None:
    with pytest.raises(ss.ParseError, match="a view must be given as text"):
        load_view(3)  # type: ignore[arg-type]
    with pytest.raises(ss.PositionError, match="dump_view needs a PlayerView, not HandState"):
        dump_view(ss.new_hand(ss.CLASSIC_66, seed=1))  # type: ignore[arg-type]
    view = ss.observe(ss.new_hand(ss.CLASSIC_66, seed=1), 0)
    with pytest.raises(ss.ParseError, match="a view shows what seat 0 sees"):
        ss.render(view, seat=1)
    assert ss.render(view, seat=0) == str(view)


def test_a_view_the_inferences_rule_out_is_refused() -> None:
    """A follower that did not follow suit is void in it: neither the position nor a view
    of it, whose unseen cards are all of suits the opponent cannot hold, is accepted."""
    from sixtysix.cards import SUIT_MASK, iter_mask

    for seed in range(400):
        state = ss.new_hand(ss.CLASSIC_66, seed=seed, dealer=1)
        rng = random.Random(seed)
        while not state.is_over:
            if state.step is ss.Step.LEAD and state.to_move == 0 and not state.talon:
                for lead in iter_mask(state.hands[0]):
                    void = SUIT_MASK[lead >> 3] | SUIT_MASK[state.trump]
                    held = state.hands[1]
                    for card in iter_mask(held & ~void if held & SUIT_MASK[lead >> 3] else 0):
                        if held & ~void & ~(1 << card) == 0:
                            # Seat 1 throws `card` on `lead` though it holds that suit.
                            texts = [str(ss.Card.from_index(i)) for i in (lead, card)]
                            fields = ss.dump_position(state).split()
                            fields[3] = fields[3].replace(texts[0], "", 1) or "-"
                            fields[4] = fields[4].replace(texts[1], "", 1) or "-"
                            fields[7] = ",".join([*fields[7].split(","), "".join(texts)])
                            fields[6] = "L0"
                            with pytest.raises(ss.ParseError, match="not reachable"):
                                ss.load_position(" ".join(fields))
                            # The same play in seat 0's view: seat 1's card is unseen.
                            seen = dump_view(ss.observe(state, 0)).split()
                            seen[3] = seen[3].replace(texts[0], "", 1) or "-"
                            seen[4] = seen[4].replace("??", "", 1) or "-"
                            seen[7] = ",".join([*seen[7].split(","), "".join(texts)])
                            seen[6] = "L0"
                            with pytest.raises(ss.ParseError, match=r"not reachable|unseen"):
                                load_view(" ".join(seen))
                            return
            moves = [m for m in ss.legal_moves(state) if m not in (ss.Claim(), ss.Close())]
            state = ss.apply_move(state, rng.choice(moves or ss.legal_moves(state)))
    pytest.fail("no such position found")  # pragma: no cover
