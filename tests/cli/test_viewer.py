"""``sixtysix.viewer``: the HTML game viewer, checked without a browser.

The page's data is read back (:func:`sixtysix.viewer.page_data`) and every picture and
text of every position is compared with what ``position_svg`` and ``render`` draw of
the replayed states; the page is checked to need nothing from outside.
"""

from __future__ import annotations

import base64
import gzip
import io
import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import attrs
import pytest

import sixtysix as ss
from sixtysix import partnership as p4
from sixtysix import tausendeins as t1
from sixtysix.bots import RandomBot, RuleBot
from sixtysix.cli import main
from sixtysix.errors import RecordError, SixtySixError
from sixtysix.notation import render
from sixtysix.partnership.svg import position_svg as p4_svg
from sixtysix.play import play_hand, play_match
from sixtysix.records import GameRecord, MatchRecord, replay_states
from sixtysix.svg import position_svg, record_html
from sixtysix.tournament import BotSpec, Tournament, run_tournament
from sixtysix.viewer import page_data, picture, show_data
from sixtysix.viewer import record_html as viewer_html
from sixtysix.viewer.hooks import hook_for, register_hook
from sixtysix.viewer.journal import deal_records, write_tournament_html

NS = "{http://www.w3.org/2000/svg}"


def _first(state: Any, seat: int) -> Any:
    return ss.legal_moves(state)[0]


def _match(seed: int = 4, rules: ss.Rules = ss.CLASSIC_66) -> MatchRecord:
    return play_match(rules, RuleBot(), RandomBot(), seed=seed)


def _p4_match(seed: int = 3) -> p4.MatchRecord:
    return p4.play_match(p4.FOUR_HAND_24, [RandomBot()] * 4, seed=seed, rng=random.Random(0))


def _assert_self_contained(page: str) -> None:
    assert page.startswith("<!DOCTYPE html>")
    for pattern in (r"\bsrc\s*=", r"\bhref\s*=", r"@import", r"url\(", r"https?://"):
        assert not re.search(pattern, page), pattern


def _faces(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [g.get("data-card", "") for g in root.iter(f"{NS}g") if g.get("class") == "card face"]


# ------------------------------------------------------------------ two-hand pages


def test_a_hand_page_holds_every_position_and_view_as_drawn_today() -> None:
    record = play_hand(ss.SCHNAPSEN, _first, _first, seed=8)
    page = viewer_html(record)
    _assert_self_contained(page)
    data = page_data(page)
    [hand] = data["hands"]
    states = list(replay_states(record))
    assert len(hand["frames"]) == len(states) == len(record.moves) + 1
    names = ("seat 0", "seat 1")
    for i, state in enumerate(states):
        frame = hand["frames"][i]
        assert picture(data, 0, i, 0) == position_svg(state, names=names)
        for seat in (0, 1):
            view = ss.observe(state, seat)
            assert picture(data, 0, i, 1 + seat) == position_svg(view, names=names)
            assert frame["t"][1 + seat] == render(state, seat)
        assert frame["t"][0] == render(state)
        if i:
            assert frame["m"] == record.moves[i - 1]
            assert frame["w"] == names[states[i - 1].to_move or 0]
            assert frame["s"]
    assert hand["views"] == ["every hand face up", "as seat 0 sees it", "as seat 1 sees it"]
    assert hand["result"][0].startswith("Hand over")
    assert data["summary"] == "" and hand["after"] == ""


def test_a_match_page_has_every_hand_the_match_score_and_the_winner() -> None:
    record = _match()
    data = page_data(record_html(record))
    assert len(data["hands"]) == len(record.games)
    winner = record.winner
    assert winner is not None
    assert data["summary"].startswith(f"seat {winner} won the match")
    m = ss.new_match(record.rules, seed=record.seed, dealer=record.dealer)
    for k, (hand, game) in enumerate(zip(data["hands"], record.games, strict=True)):
        # The pictures show the match score as it stood during the hand.
        assert f"Score {m.scores[0]} : {m.scores[1]}" in picture(data, k, 0, 0)
        assert game.result is not None
        m = ss.apply_result(m, game.result)
        assert hand["after"].startswith(f"Match score: seat 0 {m.scores[0]}, seat 1 {m.scores[1]}")
        assert hand["title"].startswith(f"Hand {k + 1}: seat ")


def test_names_name_the_seats_and_must_fit() -> None:
    record = _match()
    data = show_data(record, names=("Ann", "Bob"), title="A & B")
    assert data["title"] == "A & B"
    assert data["hands"][0]["names"] in (["Ann", "Bob"], ["Bob", "Ann"])
    assert "Ann" in data["hands"][0]["frames"][0]["p"][0]
    assert "<title>A &amp; B</title>" in viewer_html(record, title="A & B")
    for bad in (("Ann",), ("Ann", ""), ("Ann", 3)):
        with pytest.raises(SixtySixError, match="names are 2 non-empty strings"):
            viewer_html(record, names=bad)  # type: ignore[arg-type]


def test_a_three_seat_match_names_the_match_seats() -> None:
    first = _first
    record = play_match(ss.SANTASE, first, first, first, seed=2)
    data = page_data(viewer_html(record))
    assert len(data["hands"]) == len(record.games)
    for hand, game in zip(data["hands"], record.games, strict=True):
        assert hand["names"] == [f"seat {s}" for s in game.players]


def test_an_unfinished_hand_says_so() -> None:
    record = play_hand(ss.CLASSIC_66, RandomBot(), RandomBot(), seed=2)
    assert len(record.moves) > 8
    cut = GameRecord(
        rules=record.rules,
        dealer=record.dealer,
        pack=record.pack,
        moves=record.moves[:5],
        result=None,
    )
    data = page_data(viewer_html(cut))
    assert data["hands"][0]["result"] == ["The hand is not finished."]
    assert len(data["hands"][0]["frames"]) == 6


def test_an_unfinished_match_says_so() -> None:
    record = _match()
    games = record.games[:-1]
    cut = MatchRecord(
        rules=record.rules,
        seats=2,
        seed=record.seed,
        dealer=record.dealer,
        games=games,
        scores=_scores_after(record, len(games)),
        winner=None,
    )
    assert show_data(cut)["summary"] == "The match is not finished."


def _scores_after(record: MatchRecord, hands: int) -> tuple[int, ...]:
    m = ss.new_match(record.rules, seed=record.seed, dealer=record.dealer)
    for game in record.games[:hands]:
        assert game.result is not None
        m = ss.apply_result(m, game.result)
    return m.scores


def test_a_seven_point_match_page_stays_small() -> None:
    sizes = []
    for seed in range(6):
        record = play_match(ss.CLASSIC_66, RandomBot(), RandomBot(), seed=seed)
        assert record.rules.match_target == 7
        sizes.append((len(viewer_html(record).encode()), len(record.games)))
    biggest = max(sizes)
    assert biggest[0] < 300_000, sizes


def test_only_records_are_shown_and_they_must_replay() -> None:
    with pytest.raises(SixtySixError, match="shows game and match records"):
        viewer_html(42)
    record = play_hand(ss.CLASSIC_66, _first, _first, seed=1)
    forged = GameRecord(
        rules=record.rules,
        dealer=record.dealer,
        pack=record.pack,
        moves=(record.moves[1], *record.moves[1:]),
        result=record.result,
    )
    with pytest.raises(RecordError):
        viewer_html(forged)
    with pytest.raises(SixtySixError, match="not a sixtysix viewer page"):
        page_data("<html></html>")
    page = viewer_html(record)
    start = page.index('type="application/octet-stream">') + len(
        'type="application/octet-stream">'
    )
    for damage in ("!!!!", "AAAA", base64.b64encode(gzip.compress(b"[1]")).decode()):
        with pytest.raises(SixtySixError, match="data of this viewer page is damaged"):
            page_data(page[:start] + damage + page[page.index("</script>", start) :])


def test_a_registered_hook_shows_a_new_kind_of_record() -> None:
    class Wrapped:
        def __init__(self, record: GameRecord) -> None:
            self.record = record

    base = hook_for(play_hand(ss.CLASSIC_66, _first, _first, seed=1))

    class Hook:
        seats = 2

        def title(self, record: Any) -> str:
            return "wrapped"

        def hands(self, record: Any, names: Any) -> Any:
            return base.hands(record.record, names)

        def summary(self, record: Any, names: Any) -> str:
            return "sum"

        picture = staticmethod(base.picture)
        text = staticmethod(base.text)
        say = staticmethod(base.say)

    register_hook(Wrapped, Hook())
    data = show_data(Wrapped(play_hand(ss.CLASSIC_66, _first, _first, seed=1)))
    assert data["title"] == "wrapped" and data["summary"] == "sum"


# ------------------------------------------------------------------ four-hand pages


def test_a_four_hand_match_page_draws_every_seat_view() -> None:
    record = _p4_match()
    page = viewer_html(record)
    _assert_self_contained(page)
    data = page_data(page)
    assert len(data["hands"]) == len(record.games)
    names = ("seat 0", "seat 1", "seat 2", "seat 3")
    m = p4.PartnershipMatch(rules=record.rules, seed=record.seed, dealer=record.dealer)
    for k, game in enumerate(record.games):
        states = list(p4.replay_states(game))
        hand = data["hands"][k]
        assert len(hand["views"]) == 5
        for i in (0, len(states) // 2, len(states) - 1):
            assert picture(data, k, i, 0) == p4_svg(states[i], names=names, score=m.scores)
            for seat in range(4):
                view = p4.observe(states[i], seat)
                assert picture(data, k, i, 1 + seat) == p4_svg(view, names=names, score=m.scores)
                assert hand["frames"][i]["t"][1 + seat] == p4.render(states[i], seat)
        assert game.result is not None
        m = p4.apply_result(m, game.result)
        assert hand["after"].startswith(f"Match score: side 0 {m.scores[0]}")
    assert data["summary"].startswith("Side ") and "won the match" in data["summary"]


def test_a_four_hand_hand_page_and_an_unfinished_hand() -> None:
    record = p4.play_hand(p4.FOUR_HAND_66, [RandomBot()] * 4, seed=5, rng=random.Random(1))
    data = page_data(viewer_html(record))
    [hand] = data["hands"]
    assert hand["result"][0].startswith("Hand over")
    assert data["summary"] == ""
    cut = p4.record_hand(p4.FOUR_HAND_66, record.moves[:7], seed=5)
    data = page_data(viewer_html(cut))
    assert data["hands"][0]["result"] == ["The hand is not finished."]
    frame = data["hands"][0]["frames"][4]
    assert "takes the trick" in frame["s"]


@pytest.mark.parametrize(
    ("rules", "seed", "words"),
    [
        (attrs.evolve(p4.FOUR_HAND_66, ten_of_trumps_point=True), 0, "ten-of-trumps point"),
        (p4.FOUR_HAND_66, 16, "Nobody scores"),
    ],
)
def test_four_hand_results_tell_the_ten_of_trumps_and_ties(
    rules: p4.PartnershipRules, seed: int, words: str
) -> None:
    record = p4.play_hand(rules, [RandomBot()] * 4, seed=seed, rng=random.Random(seed))
    assert words in " ".join(page_data(viewer_html(record))["hands"][0]["result"])


def test_an_unfinished_four_hand_match() -> None:
    record = _p4_match()
    cut = p4.MatchRecord(
        rules=record.rules,
        seed=record.seed,
        dealer=record.dealer,
        games=record.games[:1],
        scores=_p4_scores(record, 1),
    )
    assert show_data(cut)["summary"] == "The match is not finished."


def _p4_scores(record: p4.MatchRecord, hands: int) -> tuple[int, int]:
    m = p4.PartnershipMatch(rules=record.rules, seed=record.seed, dealer=record.dealer)
    for game in record.games[:hands]:
        assert game.result is not None
        m = p4.apply_result(m, game.result)
    return m.scores


def test_the_four_hand_picture() -> None:
    state = p4.new_hand(p4.FOUR_HAND_24, seed=2)
    assert sorted(_faces(p4_svg(state))) == sorted(str(c) for s in range(4) for c in state.hand(s))
    rng = random.Random(3)
    for _ in range(5):
        state = p4.apply_move(state, rng.choice(p4.legal_moves(state)))
    svg = p4_svg(state, bottom=2)
    faces = _faces(svg)
    assert state.trick and all(str(c) in faces for c in state.current_trick)
    assert 'class="last-trick"' in svg
    while not state.over:
        state = p4.apply_move(state, rng.choice(p4.legal_moves(state)))
    assert "hand over" in p4_svg(state)
    with pytest.raises(SixtySixError, match="PartnershipState or a PartnershipView"):
        p4_svg(ss.new_hand(ss.CLASSIC_66, seed=1))  # type: ignore[arg-type]
    for bad in (4, -1, "0", True):
        with pytest.raises(SixtySixError, match="bottom is a seat 0 to 3"):
            p4_svg(state, bottom=bad)  # type: ignore[arg-type]


# ------------------------------------------------------------------ tournaments


@pytest.mark.parametrize(
    ("game", "unit"),
    [
        (None, "hand"),
        (None, "match"),
        (p4.PartnershipGame(p4.FOUR_HAND_24), "hand"),
        (p4.PartnershipGame(p4.FOUR_HAND_24), "match"),
        (t1.TausendeinsGame(t1.TAUSENDEINS), "hand"),
        (t1.TausendeinsGame(t1.TAUSENDEINS), "match"),
    ],
)
def test_tournament_pages_replay_every_game(game: Any, unit: Any, tmp_path: Path) -> None:
    if game is None:
        bots: tuple[str, str] = ("rule", "random")
    elif isinstance(game, t1.TausendeinsGame):
        bots = ("tausendeins-rule", "random")
    else:
        bots = ("partnership-rule", "random")
    t = Tournament(tuple(BotSpec(b) for b in bots), deals=2, seed=3, unit=unit, game=game)
    run = run_tournament(t, executor="inline")
    pages = write_tournament_html(t, run.deals, tmp_path)
    assert sorted(p.name for p in pages) == [
        "deal-0-a.html",
        "deal-0-b.html",
        "deal-1-a.html",
        "deal-1-b.html",
        "index.html",
    ]
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert index.count("<li>") == 4 and "won" in index
    for deal in run.deals:
        for (record, names), outcome in zip(deal_records(t, deal), deal.games, strict=True):
            played = [h.moves for h in outcome.hands]
            games = getattr(record, "games", (record,))
            assert [g.moves for g in games] == played
            assert names[0].startswith(t.labels[outcome.seats[0]])
    data = page_data((tmp_path / "deal-1-b.html").read_text(encoding="utf-8"))
    assert data["title"].startswith("Deal 1 (")


@pytest.mark.parametrize("game", [None, p4.PartnershipGame(p4.FOUR_HAND_24)])
def test_tournament_pages_of_a_forfeited_game(game: Any, tmp_path: Path) -> None:
    t = Tournament(
        (BotSpec("tests.cli.test_viewer:Crasher"), BotSpec("random")),
        deals=1,
        seed=1,
        unit="match",
        game=game,
    )
    run = run_tournament(t, executor="inline")
    write_tournament_html(t, run.deals, tmp_path)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "forfeit" in index
    data = page_data((tmp_path / "deal-0-a.html").read_text(encoding="utf-8"))
    assert data["hands"][-1]["result"] == ["The hand is not finished."]


class Crasher:
    """A bot that fails once four cards were played."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        if len(view.played) >= 4:
            raise RuntimeError("boom")
        return view.legal_moves()[0]


def test_tournament_pages_need_a_directory(tmp_path: Path) -> None:
    t = Tournament((BotSpec("rule"), BotSpec("random")), deals=1, seed=3)
    run = run_tournament(t, executor="inline")
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(SixtySixError, match="cannot make the directory"):
        write_tournament_html(t, run.deals, blocker / "sub")
    (tmp_path / "out" / "index.html").mkdir(parents=True)
    with pytest.raises(SixtySixError, match="cannot write"):
        write_tournament_html(t, run.deals, tmp_path / "out")


# ------------------------------------------------------------------ the command line


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_html_writes_a_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _match()
    source = tmp_path / "match.json"
    source.write_text(record.to_json(indent=1), encoding="utf-8")
    out = tmp_path / "match.html"
    code, text, _ = _run(["replay", str(source), "--html", str(out)], capsys)
    assert code == 0 and "Wrote" in text
    assert page_data(out.read_text(encoding="utf-8")) == page_data(viewer_html(record))


def test_replay_html_of_a_four_hand_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = _p4_match()
    monkeypatch.setattr("sys.stdin", io.StringIO(record.to_json()))
    out = tmp_path / "four.html"
    code, _, _ = _run(["replay", "-", "--html", str(out)], capsys)
    assert code == 0
    assert len(page_data(out.read_text(encoding="utf-8"))["hands"]) == len(record.games)


def test_replay_html_refuses_bad_records_and_paths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema": 1, "kind": "game"}', encoding="utf-8")
    code, _, err = _run(["replay", str(bad), "--html", str(tmp_path / "x.html")], capsys)
    assert code == 1 and err.startswith(f"sixtysix: error: {bad}:")
    good = tmp_path / "good.json"
    good.write_text(play_hand(ss.CLASSIC_66, _first, _first, seed=1).to_json(), encoding="utf-8")
    code, _, err = _run(["replay", str(good), "--html", str(tmp_path)], capsys)
    assert code == 1 and "cannot write" in err


def test_replay_html_of_a_journal_writes_its_pages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = tmp_path / "run.jsonl"
    code, _, _ = _run(
        [
            "tournament",
            "rule",
            "random",
            "--deals",
            "2",
            "--seed",
            "4",
            "--quiet",
            "--out",
            str(journal),
            "--executor",
            "thread",
            "--workers",
            "1",
        ],
        capsys,
    )
    assert code == 0
    pages = tmp_path / "pages"
    code, text, _ = _run(["replay", str(journal), "--html", str(pages)], capsys)
    assert code == 0 and "4 game pages" in text
    assert (pages / "index.html").exists() and (pages / "deal-1-b.html").exists()
    monkeypatch.setattr("sys.stdin", io.StringIO(journal.read_text(encoding="utf-8")))
    code, _, err = _run(["replay", "-", "--html", str(pages)], capsys)
    assert code == 1 and "not from standard input" in err
    lines = journal.read_text(encoding="utf-8").splitlines()
    broken = tmp_path / "broken.jsonl"
    broken.write_text(lines[0] + "\n{\n" + "\n".join(lines[1:]) + "\n", encoding="utf-8")
    code, _, err = _run(["replay", str(broken), "--html", str(pages)], capsys)
    assert code == 1 and "not JSON" in err


def test_tournament_html_writes_pages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pages = tmp_path / "pages"
    code, out, err = _run(
        [
            "tournament",
            "rule",
            "random",
            "--deals",
            "1",
            "--seed",
            "4",
            "--quiet",
            "--json",
            "--executor",
            "thread",
            "--workers",
            "1",
            "--html",
            str(pages),
        ],
        capsys,
    )
    assert code == 0 and "wrote 2 game pages" in err
    json.loads(out)  # the report on stdout stays JSON
    assert sorted(p.name for p in pages.iterdir()) == [
        "deal-0-a.html",
        "deal-0-b.html",
        "index.html",
    ]
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, _, err = _run(
        [
            "tournament",
            "rule",
            "random",
            "--deals",
            "1",
            "--seed",
            "4",
            "--quiet",
            "--executor",
            "thread",
            "--workers",
            "1",
            "--html",
            str(blocker),
        ],
        capsys,
    )
    assert code == 1 and "cannot make the directory" in err


@pytest.mark.parametrize("which", ["viewer", "play"])
def test_every_element_the_script_uses_is_on_the_page(which: str) -> None:
    if which == "viewer":
        from sixtysix.viewer._page import PAGE, SCRIPT

        page, script = PAGE, SCRIPT
    else:
        from sixtysix._play_page import PLAY_PAGE

        page, script = PLAY_PAGE, PLAY_PAGE
    used = set(re.findall(r'\$\("([\w-]+)"\)', script))
    assert used and used <= set(re.findall(r'id="([\w-]+)"', page))
