"""``sixtysix.svg``: pictures parsed back as XML and checked card by card."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import attrs
import pytest
from tests.helpers import ALL_RULES, RULE_IDS, random_play

import sixtysix as ss
from sixtysix.svg import card_svg, cards_svg, position_svg

NS = "{http://www.w3.org/2000/svg}"


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def _cards(root: ET.Element) -> tuple[list[str], int]:
    """The faces (their data-card, in drawing order) and the number of backs."""
    faces: list[str] = []
    backs = 0
    for g in root.iter(f"{NS}g"):
        kind = g.get("class", "")
        if kind == "card face":
            card = g.get("data-card")
            assert card is not None
            faces.append(card)
        elif kind == "card back":
            backs += 1
    return faces, backs


def _texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


def _self_contained(svg: str) -> None:
    """No network, no images, no external fonts, no suit glyphs: paths and generic fonts."""
    for forbidden in ("href", "url(", "@import", "<image", "@font-face", "http://www.w3.org/1999"):
        assert forbidden not in svg, forbidden
    root = _parse(svg)
    for text in root.iter(f"{NS}text"):
        assert text.get("font-family", "").endswith("sans-serif")
        assert not re.search("[♣♦♥♠♧♢♡♤]", text.text or "")
    # The only namespace URI is SVG's own (xmlns); nothing else points outside.
    assert re.findall(r"https?://[^\"' ]+", svg) == ["http://www.w3.org/2000/svg"]


def _talon_backs(talon: int, closed: bool) -> int:
    """Backs drawn for the talon: up to three for the face-down stack, the closed turn-up."""
    if talon == 0:
        return 0
    return min(talon - 1, 3) + (1 if closed else 0)


def _last_trick(state: ss.HandState) -> list[str]:
    complete = len(state.played) // 2
    if not complete:
        return []
    return [str(ss.CARDS[i]) for i in state.played[2 * complete - 2 : 2 * complete]]


def _expected_state_faces(state: ss.HandState, bottom: int) -> list[str]:
    top = 1 - bottom
    faces = [str(c) for c in state.hand(top)] + [str(c) for c in state.hand(bottom)]
    if state.talon and state.closed_by < 0:
        faces.append(str(ss.CARDS[state.talon[-1]]))
    if state.lead >= 0:
        faces.append(str(ss.CARDS[state.lead]))
    return faces + _last_trick(state)


@pytest.mark.parametrize("rules", ALL_RULES[::3], ids=RULE_IDS[::3])
def test_every_state_of_random_hands(rules: ss.Rules) -> None:
    for seed in range(4):
        for state in random_play(rules, seed):
            svg = position_svg(state)
            root = _parse(svg)
            faces, backs = _cards(root)
            assert faces == _expected_state_faces(state, 0)
            assert backs == _talon_backs(len(state.talon), state.closed_by >= 0)
            texts = _texts(root)
            for seat in (0, 1):
                tricks = state.tricks(seat)
                words = f"{state.points(seat)} points, {tricks} trick{'s' * (tricks != 1)}"
                assert words in texts
            suits = [p.get("data-suit") for p in root.iter(f"{NS}path")]
            assert ss.Suit(state.trump).letter in suits
            assert state._repr_svg_() == svg


@pytest.mark.parametrize("rules", ALL_RULES[1::3], ids=RULE_IDS[1::3])
def test_every_view_of_random_hands(rules: ss.Rules) -> None:
    for seed in range(4):
        for state in random_play(rules, seed):
            for seat in (0, 1):
                view = ss.observe(state, seat)
                svg = position_svg(view)
                faces, backs = _cards(_parse(svg))
                known = [str(c) for c in view.opponent_known]
                own = [str(c) for c in view.hand]
                expected = known + own
                if view.talon_size and view.closed_by < 0:
                    expected.append(str(ss.CARDS[view.talon_bottom]))
                if view.lead >= 0:
                    expected.append(str(ss.CARDS[view.lead]))
                expected += _last_trick(state)
                assert faces == expected
                hidden = view.opponent_hand_size - len(known)
                assert backs == hidden + _talon_backs(view.talon_size, view.closed_by >= 0)
                # Nothing the seat cannot see is drawn.
                opponent = {str(c) for c in state.hand(1 - seat)} - set(known)
                assert not opponent & set(faces)
                assert view._repr_svg_() == svg


def test_pictures_are_self_contained() -> None:
    state = ss.new_hand(ss.SCHNAPSEN, seed=3)
    for svg in [
        position_svg(state),
        position_svg(ss.observe(state, 0)),
        card_svg("TH"),
        card_svg(None),
        cards_svg(["AS", None, ss.Card.parse("9D")]),
    ]:
        _self_contained(svg)


def test_a_closed_talon_shows_its_turn_up_face_down() -> None:
    pack = "AH TH KH QH JH 9H AS TS KS QS JS 9S AD TD KD QD JD 9D AC TC KC QC JC 9C"
    state = ss.deal_from_order(ss.CLASSIC_66, pack.split(), dealer=0)
    open_root = _parse(position_svg(state))
    turnups = [g for g in open_root.iter(f"{NS}g") if g.get("class") == "turn-up"]
    assert len(turnups) == 1
    assert "rotate(90)" in turnups[0].get("transform", "")  # crosswise under the talon
    assert "talon: 12 cards" in _texts(open_root)
    closed = ss.apply_move(state, "close")
    root = _parse(position_svg(closed))
    faces, backs = _cards(root)
    assert "AD" not in faces  # the turn-up is face down now
    assert backs == 3 + 1
    assert "closed by seat 1" in _texts(root)
    assert not [g for g in root.iter(f"{NS}g") if g.get("class") == "turn-up"]


def test_the_trick_the_last_trick_and_the_panel() -> None:
    pack = "KH QH 9H AS TS KS AH TH JH QS JS 9S AD TD KD QD JD 9D AC TC KC QC JC 9C"
    state = ss.deal_from_order(ss.CLASSIC_66, pack.split(), dealer=0)
    state = ss.apply_move(state, "marry H")
    state = ss.apply_move(state, "KH")
    root = _parse(position_svg(state, names=("Ann", "Bob"), score=(4, 6)))
    texts = _texts(root)
    assert "led by Bob" in texts
    assert "20 pending" in texts
    assert "Score 4 : 6" in texts
    assert texts[-2:] == ["Ann", "to follow"]
    assert "Ann (dealer)" in texts and "Bob" in texts
    assert "CLASSIC_66" in texts
    after = ss.apply_move(state, "9S")  # Ann holds only spades: Bob's king takes it
    root = _parse(position_svg(after, names=("Ann", "Bob")))
    last = [g for g in root.iter(f"{NS}g") if g.get("class") == "last-trick"]
    assert len(last) == 1
    assert [g.get("data-card") for g in last[0].iter(f"{NS}g") if g.get("data-card")] == [
        "KH",
        "9S",
    ]
    assert "won by Bob (4)" in _texts(root)
    house = attrs.evolve(ss.CLASSIC_66, match_target=9)
    root = _parse(position_svg(ss.new_hand(house, seed=1)))
    assert "house rules" in _texts(root)


def test_the_bottom_seat_and_a_view_from_seat_1() -> None:
    state = ss.new_hand(ss.CLASSIC_66, seed=7)
    flipped, _ = _cards(_parse(position_svg(state, bottom=1)))
    assert flipped == _expected_state_faces(state, 1)
    texts = _texts(_parse(position_svg(ss.observe(state, 1))))
    assert "you" in texts and "opponent (dealer)" in texts
    texts = _texts(_parse(position_svg(ss.observe(state, 0))))
    assert "you (dealer)" in texts and "opponent" in texts


def _title(svg: str) -> str:
    title = _parse(svg).find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.text is not None
    return title.text


#: How each ending is worded in the panel (every HandEnd, so a new one fails here).
END_WORDS = {
    ss.HandEnd.CLAIM: "claimed 66",
    ss.HandEnd.FALSE_CLAIM: "false claim",
    ss.HandEnd.CLOSER_TOOK_LAST_TRICK: "closer took last trick",
    ss.HandEnd.FAILED_CLOSE: "failed close",
    ss.HandEnd.CLOSER_BEATEN: "closer beaten",
    ss.HandEnd.PLAYED_OUT: "played out",
    ss.HandEnd.BOTH_OVER_66: "played out, both 66+",
    ss.HandEnd.NEITHER_REACHED_66: "neither reached 66",
    ss.HandEnd.LAST_TRICK: "won the last trick",
}


def test_a_finished_hand_names_its_winner_and_how_it_ended() -> None:
    assert set(END_WORDS) == set(ss.HandEnd)
    seen = set()
    for rules in (ss.SCHNAPSEN, ss.CLASSIC_66, ss.PAGAT_66):
        for seed in range(40):
            *_, state = random_play(rules, seed)
            result = ss.score_hand(state)
            seen.add(result.reason)
            svg = position_svg(state)
            texts = _texts(_parse(svg))
            how = END_WORDS[result.reason]
            if result.winner is None:
                assert texts[-3:] == ["hand over", "nobody scores", how][-3:]
                continue
            gp = result.game_points
            won = f"{gp} game point{'s' * (gp > 1)}"
            assert texts[-3:] == [f"seat {result.winner} wins", won, how]
            assert f"hand over: seat {result.winner} wins {won} ({how})" in _title(svg)
            view_texts = _texts(_parse(position_svg(ss.observe(state, 0))))
            assert view_texts[-1] == "hand over"
            assert "talon exhausted" in texts or state.talon
    assert len(seen) >= 4
    for rules in (ss.CLASSIC_66, ss.PAGAT_66):  # one carries a game point, one does not
        played = _neither_reached_66(rules)
        texts = _texts(_parse(position_svg(played)))
        result = ss.score_hand(played)
        assert result.carry == rules.tie_carry
        carried = [f"{result.carry} game point{'s' * (result.carry > 1)} carried"] * bool(
            result.carry
        )
        how = END_WORDS[result.reason]
        assert texts[-3 - len(carried) :] == ["hand over", "nobody scores", *carried, how]
        assert f"hand over: nobody scores ({how})" in _title(position_svg(played))


@pytest.mark.parametrize(
    ("rules", "game"),
    [
        (ss.CLASSIC_66, "Sixty-Six"),
        (ss.HOYLE_66, "Sixty-Six"),
        (ss.SCHNAPSEN, "Schnapsen"),
        (ss.SCHNAPSEN_TOURNAMENT, "Schnapsen"),
        (ss.VU_SCHNAPSEN, "Schnapsen"),
        (ss.SANTASE, "Santase"),
        (attrs.evolve(ss.SCHNAPSEN, tie_carry=0), "Schnapsen"),  # house rules: the nearest
    ],
)
def test_the_title_names_the_game(rules: ss.Rules, game: str) -> None:
    state = ss.new_hand(rules, seed=1)
    for picture in (position_svg(state), position_svg(ss.observe(state, 1))):
        assert _title(picture).startswith(f"{game} position: trump ")
    assert {ss.preset_name(r) for r in (ss.PRESETS.values())} <= set(ss.PRESET_INFO)


def _neither_reached_66(rules: ss.Rules = ss.CLASSIC_66) -> ss.HandState:
    for seed in range(2000):
        for state in random_play(rules, seed, no_close=True):
            if state.is_over and ss.score_hand(state).winner is None:
                return state
    raise AssertionError("no hand without a winner in 2000 seeds")


def test_single_cards_and_rows() -> None:
    root = _parse(card_svg("10♥"))
    assert _cards(root) == (["TH"], 0)
    assert root.findtext(f"{NS}title") == "the card TH"
    assert "10" in _texts(root)
    assert _cards(_parse(card_svg(None))) == ([], 1)
    row = _parse(cards_svg(["AS", None, "KD"], overlap=True))
    assert _cards(row) == (["AS", "KD"], 1)
    assert float(row.get("width", 0)) == 2 * 32 + 54 + 2
    assert _cards(_parse(cards_svg([]))) == ([], 0)
    with pytest.raises(ss.ParseError):
        card_svg("ZZ")
    with pytest.raises(ss.SixtySixError, match="a card is a Card"):
        card_svg(12)  # type: ignore[arg-type]


def test_bad_arguments() -> None:
    with pytest.raises(ss.SixtySixError, match="HandState or a PlayerView"):
        position_svg("QH")  # type: ignore[arg-type]
    state = ss.new_hand(ss.CLASSIC_66, seed=1)
    with pytest.raises(ss.SixtySixError, match="bottom is seat 0 or 1"):
        position_svg(state, bottom=2)
