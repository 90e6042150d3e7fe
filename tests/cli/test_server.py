"""``sixtysix.server`` and ``sixtysix serve``: the play server, over real HTTP on 127.0.0.1.

A server runs on port 0 in a thread for each test that needs one and is shut down
after it; requests go through ``http.client`` so that malformed and forged requests
can be sent as they are.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import sixtysix as ss
from sixtysix.cli import main
from sixtysix.errors import SixtySixError
from sixtysix.records import GameRecord, MatchRecord, load_record, replay
from sixtysix.server import MAX_BODY, PlayGame, PlayServer, Refused, make_server, new_game
from sixtysix.viewer import page_data


class Client:
    """Requests to a running server."""

    def __init__(self, server: PlayServer) -> None:
        self.host, self.port = server.server_address[:2]

    def request(
        self,
        method: str,
        path: str,
        body: object = None,
        *,
        raw: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, Any]:
        conn = http.client.HTTPConnection(str(self.host), int(self.port), timeout=30)
        try:
            data = (
                raw if raw is not None else (None if body is None else json.dumps(body).encode())
            )
            sent = {"Content-Type": "application/json", **(headers or {})}
            conn.request(method, path, body=data, headers=sent)
            reply = conn.getresponse()
            text = reply.read().decode("utf-8")
            kind = reply.getheader("Content-Type", "")
            return reply.status, json.loads(text) if kind == "application/json" else text
        finally:
            conn.close()

    def new(self, **fields: Any) -> dict[str, Any]:
        status, data = self.request("POST", "/api/new", {"bot": "random", **fields})
        assert status == 200, data
        result: dict[str, Any] = data
        return result

    def act(self, game: dict[str, Any], action: str, **fields: Any) -> tuple[int, Any]:
        return self.request(
            "POST", f"/api/game/{game['id']}/{action}", {"at": game["at"], **fields}
        )


@pytest.fixture
def server(tmp_path: Path) -> Iterator[PlayServer]:
    srv = make_server("127.0.0.1", 0, save=tmp_path / "games")
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield srv
    finally:
        srv.shutdown()
        srv.server_close()
        thread.join(timeout=10)
        assert not thread.is_alive()


@pytest.fixture
def client(server: PlayServer) -> Client:
    return Client(server)


def _play_out(client: Client, game: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Play legal moves (clicking cards where the move is a card) until the hand ends."""
    for _ in range(60):
        if game["over"]:
            return game
        assert game["your_turn"]
        status, game = client.act(game, "move", move=rng.choice(game["legal"]))
        assert status == 200, game
    raise AssertionError("the hand did not end")


# ------------------------------------------------------------------ pages and options


def test_the_play_page_and_the_options(client: Client) -> None:
    status, page = client.request("GET", "/")
    assert status == 200 and page.startswith("<!DOCTYPE html>") and "Play Sixty-Six" in page
    assert "http://" not in page and "https://" not in page
    status, options = client.request("GET", "/api/options")
    assert status == 200
    assert options["bots"] == ss.bots.registry.two_hand_bot_names()
    assert "SCHNAPSEN" in options["rules"] and options["bot"] == "rule"


def test_a_whole_hand_played_by_requests_saves_a_record_that_replays(
    server: PlayServer, client: Client
) -> None:
    game = client.new(seat=1, seed=12, rules="SCHNAPSEN")
    assert game["you"] == 1 and game["rules"] == "SCHNAPSEN"
    final = _play_out(client, game, random.Random(1))
    assert final["result"] and final["result"][0].startswith("Hand over")
    status, record_data = client.request("GET", f"/api/game/{game['id']}/record")
    assert status == 200
    record = GameRecord.from_dict(record_data)
    state = replay(record)
    assert state.is_over and record.result == ss.score_hand(state)
    saved = server.saved_path(game["id"])
    assert saved is not None and final["saved"] == str(saved)
    assert load_record(saved.read_text(encoding="utf-8")) == record
    status, page = client.request("GET", f"/game/{game['id']}/view")
    assert status == 200
    assert len(page_data(page)["hands"][0]["frames"]) == len(record.moves) + 1
    # The hand is over: no more moves, no hint, no next hand of a single hand.
    for action, fields, words in (
        ("move", {"move": "QH"}, "the hand is over"),
        ("hint", {}, "nothing to hint"),
        ("next", {}, "single hand"),
    ):
        status, data = client.act(final, action, **fields)
        assert status == 400 and words in data["error"]


def test_a_match_goes_hand_by_hand_to_its_end(client: Client) -> None:
    game = client.new(match=True, seed=3, bot="rule")
    rng = random.Random(2)
    for _ in range(30):
        game = _play_out(client, game, rng)
        if game["match_over"]:
            break
        status, data = client.act(game, "move", move="QH")
        assert status == 400 and "over" in data["error"]
        assert game["can_next"]
        status, game = client.act(game, "next")
        assert status == 200 and game["at"] >= 0
    assert game["match_over"] and game["winner"] in (True, False)
    status, data = client.act(game, "next")
    assert status == 400 and "the match is over" in data["error"]
    status, record_data = client.request("GET", f"/api/game/{game['id']}/record")
    record = MatchRecord.from_dict(record_data)
    _, m = replay(record)
    assert m.is_over and list(m.scores) == game["score"]


def test_next_needs_a_finished_hand(client: Client) -> None:
    game = client.new(match=True, seed=3)
    status, data = client.act(game, "next")
    assert status == 400 and "not over yet" in data["error"]


# ------------------------------------------------------------------ refused moves


def test_an_illegal_click_is_refused_with_the_reason(client: Client) -> None:
    game = client.new(seed=5, seat=0)
    state = ss.deal_from_order(ss.CLASSIC_66, ss.shuffled_deck(ss.CLASSIC_66, "5:0"), 1)
    assert game["at"] == 0 or state is not None
    opponent = next(
        str(c) for c in ss.CARDS if str(c) not in game["legal"] and str(c) not in game["cards"]
    )
    status, data = client.act(game, "move", move=opponent)
    assert status == 400
    assert data["error"].startswith(f"{opponent} is not legal now: ")
    status, data = client.act(game, "move", move="claim")
    assert status == 400 and "claim is not legal now" in data["error"]
    status, again = client.request("GET", f"/api/game/{game['id']}")
    assert again["at"] == game["at"] and again["legal"] == game["legal"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"move": 12}, '"move" is a move in text'),
        ({"move": "x" * 50}, '"move" is a move in text'),
        ({"move": "marry X"}, "not understood"),
        ({"move": ""}, "not understood"),
        ({"move": "QH", "at": "0"}, '"at" is the number of moves'),
        ({"move": "QH", "at": 999}, "the game has moved on"),
    ],
)
def test_forged_moves_change_nothing(client: Client, body: dict[str, Any], words: str) -> None:
    game = client.new(seed=7)
    status, data = client.request("POST", f"/api/game/{game['id']}/move", body)
    assert status in (400, 409) and words in data["error"]
    status, again = client.request("GET", f"/api/game/{game['id']}")
    assert again == game


def test_another_games_id_moves_only_that_game_and_only_legally(client: Client) -> None:
    first = client.new(seed=7)
    second = client.new(seed=8)
    assert first["id"] != second["id"]
    # A move legal in the first game, sent to the second at the first one's position.
    move = next((m for m in first["legal"] if m not in second["legal"]), None)
    if move is not None:
        status, data = client.request(
            "POST", f"/api/game/{second['id']}/move", {"move": move, "at": second["at"]}
        )
        assert status == 400 and "not legal now" in data["error"]
    status, data = client.request("POST", "/api/game/0123456789abcdef/move", {"move": "QH"})
    assert status == 404 and "no such game" in data["error"]
    for key, game in ((first["id"], first), (second["id"], second)):
        assert client.request("GET", f"/api/game/{key}")[1] == game


@pytest.mark.parametrize(
    ("raw", "status", "words"),
    [
        (b"{not json", 400, "not JSON"),
        (b"\xff\xfe", 400, "not JSON"),
        (b"[1, 2]", 400, "a JSON object"),
        (b'"text"', 400, "a JSON object"),
        (b"x" * (MAX_BODY + 1), 413, "too large"),
    ],
)
def test_malformed_requests_are_refused(
    client: Client, raw: bytes, status: int, words: str
) -> None:
    game = client.new(seed=2)
    got, data = client.request("POST", f"/api/game/{game['id']}/move", raw=raw)
    assert got == status and words in data["error"]
    assert client.request("GET", f"/api/game/{game['id']}")[1] == game


def test_requests_from_other_sites_are_refused(client: Client) -> None:
    game = client.new(seed=2)
    path = f"/api/game/{game['id']}/move"
    body = json.dumps({"move": game["legal"][0]}).encode()
    status, data = client.request("POST", path, raw=body, headers={"Content-Type": "text/plain"})
    assert status == 415 and "Content-Type: application/json" in data["error"]
    status, data = client.request(
        "POST", path, raw=body, headers={"Origin": "http://evil.example"}
    )
    assert status == 403 and "its own pages only" in data["error"]
    assert client.request("GET", f"/api/game/{game['id']}")[1] == game
    origin = f"http://127.0.0.1:{client.port}"
    status, data = client.request("POST", path, raw=body, headers={"Origin": origin})
    assert status == 200 and data["at"] > game["at"]


def test_a_bad_content_length_and_host_are_refused(client: Client) -> None:
    status, data = client.request("POST", "/api/new", raw=b"{}", headers={"Content-Length": "abc"})
    assert status == 400 and "Content-Length" in data["error"]
    status, data = client.request("GET", "/api/options", headers={"Host": "evil.example:80"})
    assert status == 403 and "requests to itself only" in data["error"]
    status, _ = client.request("GET", "/api/options", headers={"Host": "localhost:8066"})
    assert status == 200


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"bot": "nobody"}, '"bot" is one of'),
        ({"bot": "sixtysix.bots:RandomBot"}, '"bot" is one of'),
        ({"bot": "partnership-rule"}, '"bot" is one of'),
        ({"rules": "FOUR_HAND_66"}, '"rules" is one of'),
        ({"rules": 3}, '"rules" is one of'),
        ({"match": "yes"}, '"match" is true or false'),
        ({"seat": 2}, '"seat" is a whole number from 0 to 1'),
        ({"seat": True}, '"seat" is a whole number'),
        ({"seed": -1}, '"seed" is a whole number'),
        ({"seed": 1.5}, '"seed" is a whole number'),
    ],
)
def test_new_games_check_every_field(client: Client, body: dict[str, Any], words: str) -> None:
    status, data = client.request("POST", "/api/new", body)
    assert status == 400 and words in data["error"]


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/nothing"),
        ("GET", "/api/game"),
        ("GET", "/api/game/a/b/c"),
        ("POST", "/api/game/{id}/record"),
        ("GET", "/api/game/{id}/move"),
        ("POST", "/api/game/{id}/delete"),
        ("POST", "/game/{id}/view"),
    ],
)
def test_unknown_paths_and_methods(client: Client, method: str, path: str) -> None:
    game = client.new(seed=1)
    status, data = client.request(method, path.replace("{id}", game["id"]), {})
    assert status in (404, 405) and data["error"]


# ------------------------------------------------------------------ undo and hints


def test_undo_takes_back_the_persons_move_and_the_bots_reply(client: Client) -> None:
    game = client.new(seed=9, seat=0)
    status, data = client.act(game, "undo")
    assert status == 400 and "nothing to take back" in data["error"]
    status, after = client.act(game, "move", move=game["legal"][-1])
    assert status == 200 and after["can_undo"] and len(after["log"]) >= 1
    status, back = client.act(after, "undo")
    assert status == 200
    assert back == game


def test_a_hint_names_a_legal_move_and_changes_nothing(client: Client) -> None:
    game = client.new(seed=4, seat=0)
    status, data = client.act(game, "hint")
    assert status == 200 and data["hint"] in game["legal"]
    assert client.request("GET", f"/api/game/{game['id']}")[1] == game


# ------------------------------------------------------------------ the game object


def test_the_bot_leads_when_the_person_deals() -> None:
    game = PlayGame(ss.CLASSIC_66, "rule", human=1, seed=3, whole_match=True)
    assert game.state.to_move == 1 and not game.moves  # the bot deals the first hand
    rng = random.Random(1)
    while not game.state.is_over:
        game.play(rng.choice([str(m) for m in ss.legal_moves(game.state)]))
    game.next_hand()
    # The person deals the second hand: the bot has already led.
    assert game.dealer == 1 and game.moves and game.state.to_move == 1
    assert game.snapshot()["log"][0].startswith("The computer leads")


def test_a_bot_that_cheats_is_caught() -> None:
    game = PlayGame(ss.CLASSIC_66, "random", human=0, seed=3, whole_match=False)

    class Cheat:
        def choose(self, view: Any, rng: random.Random) -> Any:
            return ss.Close() if ss.Close() not in view.legal_moves() else ss.Claim()

    game.bot = Cheat()
    move = next(m for m in game.snapshot()["legal"] if m != "close")
    with pytest.raises(Refused, match="chose an illegal move"):
        game.play(move)


def test_a_bot_that_never_stops_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    game = PlayGame(ss.CLASSIC_66, "random", human=0, seed=3, whole_match=False)
    game.human = 1  # the bot's turn now
    monkeypatch.setattr("sixtysix.server.MAX_BOT_MOVES", 0)
    with pytest.raises(Refused, match="too many moves"):
        game._bot_moves()


def test_new_game_defaults() -> None:
    game = new_game({}, "random", "SCHNAPSEN")
    assert game.rules == ss.SCHNAPSEN and game.bot_name == "random" and game.human == 0
    assert not game.whole_match and 0 <= game.seed < 1_000_000


def test_the_games_kept_are_bounded(server: PlayServer) -> None:
    keys = [server.add(PlayGame(ss.CLASSIC_66, "random", human=0, seed=0, whole_match=False))]
    keys += [
        server.add(PlayGame(ss.CLASSIC_66, "random", human=0, seed=1, whole_match=False))
        for _ in range(70)
    ]
    assert len(server.games) == 64 and keys[0] not in server.games and keys[-1] in server.games


def test_a_record_that_cannot_be_saved_is_an_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    srv = make_server("127.0.0.1", 0, save=blocker)
    try:
        game = PlayGame(ss.CLASSIC_66, "random", human=1, seed=3, whole_match=False)
        game.play(str(ss.legal_moves(game.state)[0]))
        with pytest.raises(Refused, match="cannot save the record"):
            srv.store("abc", game)
    finally:
        srv.server_close()
    srv = make_server("127.0.0.1", 0, save=None)
    try:
        assert srv.saved_path("abc") is None
        srv.store("abc", game)  # nothing to do
    finally:
        srv.server_close()


def test_a_match_record_before_any_move_and_between_hands() -> None:
    game = PlayGame(ss.CLASSIC_66, "random", human=0, seed=3, whole_match=True)
    rng = random.Random(5)
    while game.state.to_move == 0:
        game.play(rng.choice([str(m) for m in ss.legal_moves(game.state)]))
    assert game.state.is_over
    game.next_hand()
    record = game.record()
    assert isinstance(record, MatchRecord)
    assert len(record.games) == 1 + bool(game.moves)


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.2", "example.com", ""])
def test_the_server_listens_on_loopback_only(host: str) -> None:
    with pytest.raises(SixtySixError, match="loopback address only"):
        make_server(host, 0)


def test_unknown_defaults_are_refused() -> None:
    with pytest.raises(SixtySixError, match="unknown bot"):
        make_server("127.0.0.1", 0, bot="nobody")
    with pytest.raises(SixtySixError, match="unknown two-hand rule set"):
        make_server("127.0.0.1", 0, rules="FOUR_HAND_66")


def test_the_server_says_its_url() -> None:
    srv = make_server("localhost", 0)
    try:
        assert srv.url.startswith("http://127.0.0.1:") and srv.url.endswith("/")
    finally:
        srv.server_close()


# ------------------------------------------------------------------ sixtysix serve


def test_serve_starts_prints_its_url_and_stops_by_itself(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["serve", "--port", "0", "--seconds", "0.3", "--save", str(tmp_path)])
    out, _ = capsys.readouterr()
    assert code == 0
    assert out.startswith("sixtysix serve: play at http://127.0.0.1:")
    assert f"saved in {tmp_path.resolve()}." in out


def test_serve_refuses_other_hosts_and_taken_ports(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--host", "0.0.0.0", "--port", "0", "--seconds", "1"]) == 1
    assert "loopback address only" in capsys.readouterr().err
    srv = make_server("127.0.0.1", 0)
    try:
        port = str(srv.server_address[1])
        srv.allow_reuse_address = False
        assert main(["serve", "--port", port, "--seconds", "1"]) == 1
        assert "cannot listen on 127.0.0.1:" in capsys.readouterr().err
    finally:
        srv.server_close()


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--port", "70000"], "a port is 0 to 65535"),
        (["--port", "x"], "not a port number"),
        (["--seconds", "0"], "more than 0 seconds"),
        (["--seconds", "soon"], "not a number of seconds"),
        (["--bot", "nobody"], "invalid choice"),
    ],
)
def test_serve_usage_errors(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *argv]) == 2
    assert words in capsys.readouterr().err


def test_a_new_game_without_a_body_takes_the_defaults(client: Client) -> None:
    status, game = client.request("POST", "/api/new")
    assert status == 200 and game["bot"] == "rule" and game["rules"] == "CLASSIC_66"
