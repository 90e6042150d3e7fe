"""The viewer and the play page in a real (headless) Chromium.

* The viewer: a recorded match is stepped through with the keyboard, the slider, the
  move list and the hand selector, and at several moves the drawn position (its cards,
  face up and face down, and its title) is checked against ``position_svg`` of the
  replayed state, and the text panel against ``render``.
* The play page: a whole hand is played by clicking cards and buttons (an illegal click
  first, a hint, an undo), and the saved record replays to the result the page shows.

Screenshots of both go to the ``screenshots`` directory (the docs use them).
"""

from __future__ import annotations

import json
import threading
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import sixtysix as ss
from sixtysix.bots import RandomBot, RuleBot
from sixtysix.cli import main
from sixtysix.notation import render
from sixtysix.play import play_match
from sixtysix.records import GameRecord, load_record, replay, replay_states
from sixtysix.server import PlayServer, make_server
from sixtysix.svg import position_svg
from sixtysix.viewer import record_html

NS = "{http://www.w3.org/2000/svg}"
#: The longest wait for the page to react, in seconds.
WAIT = 20


def _wait(driver: Any, test: Callable[[Any], Any], what: str) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, WAIT, poll_frequency=0.05).until(test, what)


def _cards_of(svg: str) -> tuple[list[str], int, str]:
    """The faces (in drawing order), the number of backs and the title of a picture."""
    root = ET.fromstring(svg)
    faces = []
    backs = 0
    for g in root.iter(f"{NS}g"):
        kind = g.get("class")
        if kind == "card face":
            faces.append(g.get("data-card", ""))
        elif kind == "card back":
            backs += 1
    title = root.find(f"{NS}title")
    return faces, backs, "" if title is None else (title.text or "")


def _drawn(driver: Any) -> tuple[list[str], int, str]:
    """What the page's board shows, read from the browser's DOM."""
    result: list[Any] = driver.execute_script(
        """
        const svg = document.querySelector('#board svg');
        const faces = [...svg.querySelectorAll('g.card.face')].map(g => g.dataset.card);
        const backs = svg.querySelectorAll('g.card.back').length;
        return [faces, backs, svg.querySelector('title').textContent];
        """
    )
    return list(result[0]), int(result[1]), str(result[2])


def _at(driver: Any) -> tuple[int, int, int]:
    data = driver.execute_script(
        "return [document.body.dataset.hand, "
        "document.body.dataset.frame, document.body.dataset.view]"
    )
    return int(data[0]), int(data[1]), int(data[2])


# ------------------------------------------------------------------ the viewer


@pytest.fixture(scope="module")
def match() -> ss.MatchRecord:
    return play_match(ss.CLASSIC_66, RuleBot(), RandomBot(), seed=11)


def _check_position(driver: Any, record: ss.MatchRecord, names: tuple[str, str]) -> None:
    hand, frame, view = _at(driver)
    game = record.games[hand]
    state = list(replay_states(game))[frame]
    m = ss.new_match(record.rules, seed=record.seed, dealer=record.dealer)
    for earlier in record.games[:hand]:
        assert earlier.result is not None
        m = ss.apply_result(m, earlier.result)
    position = state if view == 0 else ss.observe(state, view - 1)
    expected = position_svg(position, names=names, score=(m.scores[0], m.scores[1]))
    assert _drawn(driver) == _cards_of(expected)
    text = driver.find_element("id", "text").get_attribute("textContent")
    assert text == render(state, None if view == 0 else view - 1)


def test_the_viewer_steps_through_a_match(
    driver: Any, match: ss.MatchRecord, tmp_path: Path, screenshots: Path
) -> None:
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    page = tmp_path / "match.html"
    page.write_text(record_html(match), encoding="utf-8")
    driver.get(page.as_uri())
    _wait(driver, lambda d: d.execute_script("return document.body.dataset.ready"), "loaded")
    body = driver.find_element("tag name", "body")
    names = ("seat 0", "seat 1")
    assert _at(driver) == (0, 0, 0)
    _check_position(driver, match, names)
    for _ in range(5):
        body.send_keys(Keys.ARROW_RIGHT)
    assert _at(driver) == (0, 5, 0)
    _check_position(driver, match, names)
    body.send_keys(Keys.ARROW_LEFT)
    assert _at(driver)[1] == 4
    body.send_keys(Keys.END)
    last = len(match.games[0].moves)
    assert _at(driver) == (0, last, 0)
    _check_position(driver, match, names)
    result = driver.find_element("id", "result").text
    assert result.startswith("Hand over")
    # One more step goes on to the next hand; Home goes back to its deal.
    body.send_keys(Keys.ARROW_RIGHT)
    assert _at(driver) == (1, 0, 0)
    body.send_keys(Keys.HOME)
    assert _at(driver) == (1, 0, 0)
    # The move list: a click on the 7th move.
    driver.find_element("css selector", '#moves button[data-frame="7"]').click()
    assert _at(driver) == (1, 7, 0)
    _check_position(driver, match, names)
    # The view toggle: as seat 1 sees it (the opponent's cards face down).
    Select(driver.find_element("id", "view")).select_by_index(2)
    assert _at(driver) == (1, 7, 2)
    _check_position(driver, match, names)
    driver.save_screenshot(str(screenshots / "viewer-seat-view.png"))
    # The slider.
    driver.execute_script(
        "const s = document.getElementById('slider'); s.value = '3';"
        "s.dispatchEvent(new Event('input'));"
    )
    assert _at(driver) == (1, 3, 2)
    _check_position(driver, match, names)
    # An arrow key on the focused slider steps once (the slider's own step, not two).
    slider = driver.find_element("id", "slider")
    slider.send_keys(Keys.ARROW_RIGHT)
    assert _at(driver) == (1, 4, 2)
    _check_position(driver, match, names)
    # The hand selector: the last hand, at its end, every hand face up.
    Select(driver.find_element("id", "hand")).select_by_index(len(match.games) - 1)
    Select(driver.find_element("id", "view")).select_by_index(0)
    body.send_keys(Keys.END)
    hand, frame, view = _at(driver)
    assert (hand, frame, view) == (len(match.games) - 1, len(match.games[-1].moves), 0)
    _check_position(driver, match, names)
    assert "won the match" in driver.find_element("id", "summary").text
    assert driver.find_element("id", "after").text.startswith("Match score:")
    # Back to the middle of the first hand for the picture in the docs.
    driver.get(page.as_uri() + "#h=0&f=9&v=0")
    driver.refresh()
    _wait(driver, lambda d: d.execute_script("return document.body.dataset.ready"), "loaded")
    assert _at(driver) == (0, 9, 0)
    _check_position(driver, match, names)
    driver.save_screenshot(str(screenshots / "viewer.png"))


# ------------------------------------------------------------------ the play page


@pytest.fixture
def server(tmp_path: Path) -> Iterator[PlayServer]:
    srv = make_server("127.0.0.1", 0, save=tmp_path / "games", bot="rule")
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield srv
    finally:
        srv.shutdown()
        srv.server_close()
        thread.join(timeout=10)


def _game(server: PlayServer, key: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server.url}api/game/{key}", timeout=10) as reply:
        data: dict[str, Any] = json.loads(reply.read())
    return data


def _settled(driver: Any, at: int | None = None) -> int:
    """Wait for the page to finish a request (and reach move ``at``); its move count."""

    def done(d: Any) -> Any:
        busy, now = d.execute_script(
            "return [document.body.dataset.busy, document.body.dataset.at]"
        )
        if busy == "1" or now is None:
            return False
        return (at is None or int(now) >= at) and int(now) + 1

    return int(_wait(driver, done, "the page to settle")) - 1


def _click_move(driver: Any, move: str) -> None:
    if move in {str(c) for c in ss.CARDS}:
        selector = f'#board g.card.face[data-card="{move}"]'
    else:
        selector = f'#actions button[data-move="{move}"]'
    driver.find_element("css selector", selector).click()


def test_a_whole_hand_is_played_by_clicks(
    driver: Any, server: PlayServer, tmp_path: Path, screenshots: Path, capsys: Any
) -> None:
    driver.get(server.url)
    _wait(driver, lambda d: d.execute_script("return document.body.dataset.game"), "a game")
    key = driver.execute_script("return document.body.dataset.game")
    _settled(driver)
    game = _game(server, key)
    assert game["your_turn"] and game["at"] == 0
    # An illegal click: the turn-up is not the person's card.
    driver.find_element("css selector", "#board g.turn-up g.card.face").click()
    _wait(
        driver,
        lambda d: "is not legal now" in d.find_element("id", "message").text,
        "the reason of the refusal",
    )
    assert _game(server, key) == game
    # A hint, then a move and its undo.
    driver.find_element("id", "hint").click()
    _wait(driver, lambda d: d.find_element("id", "message").text.startswith("Hint:"), "a hint")
    _click_move(driver, game["cards"][0])
    _settled(driver, 1)
    driver.find_element("id", "undo").click()
    _wait(driver, lambda d: d.execute_script("return document.body.dataset.at") == "0", "undo")
    assert _game(server, key)["legal"] == game["legal"]
    # The whole hand, one click per move.
    shot = False
    for _ in range(60):
        game = _game(server, key)
        if game["over"]:
            break
        if not shot and game["at"] >= 6:
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(str(screenshots / "play.png"))
            shot = True
        move = game["cards"][-1] if game["cards"] else game["legal"][0]
        _click_move(driver, move)
        _settled(driver, game["at"] + 1)
    assert game["over"]
    _wait(driver, lambda d: d.execute_script("return document.body.dataset.over") == "1", "end")
    shown = driver.find_element("id", "result").text
    assert shown.startswith("Hand over")
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(str(screenshots / "play-over.png"))
    # The saved record replays to the result the page shows.
    saved = server.saved_path(key)
    assert saved is not None and saved.exists()
    record = load_record(saved.read_text(encoding="utf-8"))
    assert isinstance(record, GameRecord)
    state = replay(record)
    assert state.is_over and record.result == ss.score_hand(state)
    assert shown == " ".join(game["result"])
    capsys.readouterr()
    assert main(["replay", str(saved)]) == 0
    assert "The record is valid" in capsys.readouterr().out
