"""A local web server to play Sixty-Six in the browser against any registered bot.

``sixtysix serve`` runs :class:`PlayServer` (the standard library's
:class:`~http.server.ThreadingHTTPServer`, bound to a loopback address): the page at
``/`` lets a person play hands or matches by clicking cards, with buttons for the other
moves (marry, exchange, close, draw, claim), hints from the strongest bot, undo, and the
game saved after every move as a record that ``sixtysix replay`` and the viewer read.

The browser talks to the server in small JSON requests; everything it sends is checked
here, and nothing but a legal move changes a game:

========================================  ==============================================
``GET /api/options``                      the bots, rule sets and defaults
``POST /api/new``                         a new game: ``{"bot", "rules", "match",
                                          "seat"}`` (all optional)
``GET /api/game/ID``                      the game as the person sees it
``POST /api/game/ID/move``                ``{"move": "QH", "at": N}``: play a move
``POST /api/game/ID/undo``                take back the person's last move
``POST /api/game/ID/hint``                what the strongest bot would play
``POST /api/game/ID/next``                deal the next hand of a match
``GET /api/game/ID/record``               the record (JSON), as saved
``GET /game/ID/view``                     the record as a viewer page
========================================  ==============================================

``at`` is the number of moves of the hand the page was showing: a move sent for another
position (a second tab, a stale page) is refused. A refused request gets a status 4xx
and ``{"error": "..."}`` with the reason, for an illegal move the one
:func:`~sixtysix.explain_illegal` gives.

>>> from sixtysix import CLASSIC_66
>>> game = PlayGame(CLASSIC_66, "random", human=0, seed=5, whole_match=False)
>>> snapshot = game.snapshot()
>>> snapshot["you"], snapshot["your_turn"] == (game.state.to_move == 0)
(0, True)
"""

from __future__ import annotations

import html
import json
import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from ipaddress import ip_address
from pathlib import Path
from typing import Any

from ._version import __version__
from .bots import Bot
from .bots.registry import BOT_NAMES, make_bot, two_hand_bot_names
from .cards import Card
from .engine import apply_move, deal_from_order, explain_illegal, legal_moves, shuffled_deck
from .errors import ParseError, SixtySixError
from .match import Match, apply_result, new_match
from .moves import Marry, Move, Play, parse_move
from .observe import observe
from .records import GameRecord, MatchRecord
from .rules import PRESETS, Rules
from .scoring import HandResult, score_hand
from .state import HandState
from .svg import position_svg

__all__ = ["PlayGame", "PlayServer", "Refused", "make_server"]

#: The largest request body accepted, in bytes.
MAX_BODY = 4096
#: Games kept in memory; the oldest is dropped beyond this.
MAX_GAMES = 64
#: Moves a bot may make in a row (a hand has far fewer): a bound on every loop.
MAX_BOT_MOVES = 64
#: The bot whose choice is the hint (the strongest that is registered).
HINT_BOTS = ("pimc", "ismcts", "rule")


class Refused(SixtySixError):
    """A request that is refused; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = HTTPStatus.BAD_REQUEST) -> None:
        super().__init__(message)
        self.status = status


def _two_hand_presets() -> dict[str, Rules]:
    return dict(PRESETS)


def _hint_bot() -> str:
    return next((name for name in HINT_BOTS if name in BOT_NAMES), "random")


class PlayGame:
    """One person against one bot: a hand or a match, with undo, hints and the record.

    Args:
        rules: The rule set.
        bot: A registered bot name (two-hand).
        human: The person's seat (0 or 1).
        seed: The match seed.
        whole_match: A match to ``rules.match_target`` rather than one hand.
    """

    def __init__(self, rules: Rules, bot: str, *, human: int, seed: int, whole_match: bool):
        self.rules = rules
        self.bot_name = bot
        self.bot: Bot = make_bot(bot)
        self.human = human
        self.seed = seed
        self.whole_match = whole_match
        self.rng = random.Random(f"{seed}/bot")
        self.names = ("you", bot) if human == 0 else (bot, "you")
        self.match: Match = new_match(rules, seed=seed, dealer=1 - human)
        self.games: list[GameRecord] = []
        self.hints = 0
        self._deal()

    # ------------------------------------------------------------ the hand

    def _deal(self) -> None:
        m = self.match
        seed = m.hand_seed
        assert seed is not None
        self.pack: tuple[Card, ...] = tuple(shuffled_deck(self.rules, seed))
        self.hand_seed = seed
        self.dealer = m.hand_dealer
        self.state: HandState = deal_from_order(self.rules, self.pack, self.dealer)
        self.moves: list[str] = []
        self.log: list[str] = []
        #: The person's decision points: (state, moves so far, log size, bot rng state).
        self.history: list[tuple[HandState, int, int, object]] = []
        self._bot_moves()

    def _narrator(self) -> Any:
        from ._narration import Narrator

        names = ("you", "the computer") if self.human == 0 else ("the computer", "you")
        return Narrator(names, (self.human == 0, self.human == 1))

    def _apply(self, move: Move) -> None:
        after = apply_move(self.state, move)
        self.log.append(self._narrator().move(self.state, move, after))
        self.moves.append(str(move))
        self.state = after

    def _bot_moves(self) -> None:
        for _ in range(MAX_BOT_MOVES):
            if self.state.is_over or self.state.to_move == self.human:
                return
            view = observe(self.state, 1 - self.human)
            move = self.bot.choose(view, self.rng)
            if explain_illegal(self.state, move) is not None:
                raise Refused(f"the bot {self.bot_name} chose an illegal move {move}", 500)
            self._apply(move)
        raise Refused("the bot made too many moves in a row", HTTPStatus.INTERNAL_SERVER_ERROR)

    @property
    def result(self) -> HandResult | None:
        """The result of the hand, once it is over."""
        return score_hand(self.state) if self.state.is_over else None

    def _check_at(self, at: object) -> None:
        if at is None:
            return
        if type(at) is not int:
            raise Refused(f'"at" is the number of moves played in the hand, not {at!r}')
        if at != len(self.moves):
            raise Refused(
                "the game has moved on since this page was drawn (another tab?): reload it",
                HTTPStatus.CONFLICT,
            )

    def play(self, text: object, at: object = None) -> None:
        """The person plays the move ``text`` (then the bot, until it is their turn).

        Raises:
            Refused: not the person's turn, or the move is not understood or not legal.
        """
        self._check_at(at)
        if not isinstance(text, str) or len(text) > 20:
            raise Refused('"move" is a move in text, such as "QH" or "marry H"')
        if self.state.is_over:
            raise Refused("the hand is over")
        if self.state.to_move != self.human:
            raise Refused("it is not your turn")  # pragma: no cover - the bot always moves
        try:
            move = parse_move(text)
        except ParseError as exc:
            raise Refused(f"not understood: {exc}") from None
        reason = explain_illegal(self.state, move)
        if reason is not None:
            raise Refused(f"{move} is not legal now: {reason}")
        rng_state = self.rng.getstate()
        self.history.append((self.state, len(self.moves), len(self.log), rng_state))
        self._apply(move)
        self._bot_moves()

    def undo(self, at: object = None) -> None:
        """Take back the person's last move and what followed.

        Raises:
            Refused: nothing to take back in this hand.
        """
        self._check_at(at)
        if not self.history:
            raise Refused("nothing to take back: you have not moved in this hand")
        state, count, logged, rng_state = self.history.pop()
        self.state = state
        del self.moves[count:]
        del self.log[logged:]
        self.rng.setstate(rng_state)  # type: ignore[arg-type]

    def next_hand(self, at: object = None) -> None:
        """Score the finished hand into the match and deal the next one.

        Raises:
            Refused: not a match, the hand is not over, or the match is.
        """
        self._check_at(at)
        result = self.result
        if not self.whole_match:
            raise Refused("this game is a single hand: start a new game")
        if result is None:
            raise Refused("the hand is not over yet")
        after = apply_result(self.match, result)
        if after.is_over:
            raise Refused("the match is over: start a new game")
        self.games.append(self._hand_record(result))
        self.match = after
        self._deal()

    def hint(self) -> str:
        """What the strongest registered bot would play in the person's place."""
        if self.state.is_over or self.state.to_move != self.human:
            raise Refused("there is nothing to hint: it is not your turn")
        name = _hint_bot()
        self.hints += 1
        rng = random.Random(f"{self.seed}/hint/{self.hints}")
        move = make_bot(name).choose(observe(self.state, self.human), rng)
        return str(move)

    # ------------------------------------------------------------ the record

    def _hand_record(self, result: HandResult | None) -> GameRecord:
        return GameRecord(
            rules=self.rules,
            dealer=self.dealer,
            pack=self.pack,
            moves=tuple(self.moves),
            result=result,
            seed=self.hand_seed,
            players=self.match.active_seats,
        )

    def record(self) -> GameRecord | MatchRecord:
        """The record of the game so far (a hand's, or the match's)."""
        current = self._hand_record(self.result)
        if not self.whole_match:
            return current
        games = list(self.games)
        m = self.match
        if self.moves:
            games.append(current)
            if self.result is not None:
                m = apply_result(m, self.result)
        return MatchRecord(
            rules=self.rules,
            seats=2,
            seed=self.seed,
            dealer=1 - self.human,
            games=tuple(games),
            scores=m.scores,
            winner=m.winner,
        )

    # ------------------------------------------------------------ what the page shows

    def snapshot(self) -> dict[str, Any]:
        """The game as the person sees it, JSON-ready."""
        s = self.state
        view = observe(s, self.human)
        names = ("you", "bot") if self.human == 0 else ("bot", "you")
        m = self.match
        result = self.result
        after = apply_result(m, result) if result is not None else m
        score = (m.scores[0], m.scores[1]) if self.whole_match else None
        legal = [str(move) for move in legal_moves(s)] if s.to_move == self.human else []
        lines: list[str] = []
        if result is not None:
            lines = self._narrator().result(s, result)
        moves = legal_moves(s) if s.to_move == self.human else ()
        return {
            "id": None,
            "version": __version__,
            "you": self.human,
            "bot": self.bot_name,
            "rules": next((n for n, r in PRESETS.items() if r == self.rules), "house rules"),
            "match": self.whole_match,
            "hand": m.hand_number + 1,
            "at": len(self.moves),
            "svg": position_svg(view, names=names, score=score),
            "legal": legal,
            "cards": [str(mv) for mv in moves if isinstance(mv, Play)],
            "marriages": [str(mv) for mv in moves if isinstance(mv, Marry)],
            "your_turn": s.to_move == self.human,
            "over": s.is_over,
            "log": list(self.log),
            "result": lines,
            "score": list(after.scores) if self.whole_match else None,
            "match_over": self.whole_match and after.is_over,
            "winner": (
                None if not (self.whole_match and after.is_over) else after.winner == self.human
            ),
            "can_undo": bool(self.history),
            "can_next": self.whole_match and result is not None and not after.is_over,
        }


# ------------------------------------------------------------------ requests


def _int_field(body: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = body.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise Refused(f'"{key}" is a whole number from {low} to {high}, not {value!r}')
    return value


def new_game(body: Mapping[str, Any], default_bot: str, default_rules: str) -> PlayGame:
    """A game from the fields of a ``POST /api/new`` body (each one checked).

    Raises:
        Refused: an unknown bot or rule set, or a bad seat, seed or ``match``.
    """
    bot = body.get("bot", default_bot)
    names = two_hand_bot_names()
    if not isinstance(bot, str) or bot not in names:
        raise Refused(f'"bot" is one of {", ".join(names)}, not {bot!r}')
    rules_name = body.get("rules", default_rules)
    presets = _two_hand_presets()
    if not isinstance(rules_name, str) or rules_name not in presets:
        raise Refused(f'"rules" is one of {", ".join(presets)}, not {rules_name!r}')
    whole = body.get("match", False)
    if type(whole) is not bool:
        raise Refused(f'"match" is true or false, not {whole!r}')
    seat = _int_field(body, "seat", 0, 0, 1)
    seed = body.get("seed")
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    seed = _int_field({"seed": seed}, "seed", 0, 0, 10**9)
    return PlayGame(presets[rules_name], bot, human=seat, seed=seed, whole_match=whole)


class PlayServer(ThreadingHTTPServer):
    """The play server: games by id, the defaults, and where records are saved.

    Args:
        address: ``(host, port)``; the host must be a loopback address (port 0: any free).
        save: A directory to save every game's record in (``None``: not saved).
        bot: The default bot name.
        rules: The default rule set's preset name.
    """

    daemon_threads = True
    allow_reuse_address = True

    def __init__(
        self,
        address: tuple[str, int],
        *,
        save: str | Path | None = None,
        bot: str = "rule",
        rules: str = "CLASSIC_66",
    ) -> None:
        host = address[0]
        if not _is_loopback(host):
            raise SixtySixError(
                f"the play server listens on a loopback address only (such as 127.0.0.1), "
                f"not {host!r}"
            )
        if bot not in two_hand_bot_names():
            raise SixtySixError(
                f"unknown bot {bot!r}: use one of {', '.join(two_hand_bot_names())}"
            )
        if rules not in _two_hand_presets():
            raise SixtySixError(f"unknown two-hand rule set {rules!r}")
        self.games: OrderedDict[str, PlayGame] = OrderedDict()
        self.lock = threading.Lock()
        self.save = None if save is None else Path(save)
        self.default_bot = bot
        self.default_rules = rules
        super().__init__(address, _Handler)

    @property
    def url(self) -> str:
        """The address of the play page."""
        host, port = self.server_address[:2]
        name = host.decode() if isinstance(host, bytes) else host
        return f"http://{name}:{port}/"

    def add(self, game: PlayGame) -> str:
        """Keep ``game`` under a new id (dropping the oldest beyond :data:`MAX_GAMES`)."""
        key = secrets.token_hex(8)
        self.games[key] = game
        while len(self.games) > MAX_GAMES:
            self.games.popitem(last=False)
        return key

    def saved_path(self, key: str) -> Path | None:
        """Where the record of game ``key`` is saved."""
        return None if self.save is None else self.save / f"sixtysix-game-{key}.json"

    def store(self, key: str, game: PlayGame) -> None:
        """Save the record of ``game`` (when a save directory is set and it has moves)."""
        path = self.saved_path(key)
        if path is None or (not game.moves and not game.games):
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(game.record().to_json(indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            raise Refused(
                f"cannot save the record to {str(path)!r}: {exc.strerror}",
                HTTPStatus.INTERNAL_SERVER_ERROR,
            ) from None


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ip_address(host).is_loopback
    except ValueError:
        return False


def make_server(
    host: str = "127.0.0.1",
    port: int = 8066,
    *,
    save: str | Path | None = None,
    bot: str = "rule",
    rules: str = "CLASSIC_66",
) -> PlayServer:
    """A :class:`PlayServer` listening on ``host:port`` (call ``serve_forever``).

    Raises:
        SixtySixError: a host that is not a loopback address, an unknown bot or rule set.
        OSError: the port is taken.
    """
    return PlayServer((host, port), save=save, bot=bot, rules=rules)


class _Handler(BaseHTTPRequestHandler):
    server: PlayServer
    server_version = f"sixtysix/{__version__}"
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: no line per request."""

    # ------------------------------------------------------------ answers

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", _CSP)
        self.end_headers()
        self.wfile.write(body)

    def _json(self, data: object, status: int = 200) -> None:
        self._send(status, json.dumps(data).encode("utf-8"), "application/json")

    def _html(self, page: str) -> None:
        self._send(200, page.encode("utf-8"), "text/html; charset=utf-8")

    # ------------------------------------------------------------ requests

    def do_GET(self) -> None:
        """Pages, the options, a game and its record."""
        self._serve("GET")

    def do_POST(self) -> None:
        """New games, moves, undo, hints and the next hand."""
        self._serve("POST")

    def _serve(self, method: str) -> None:
        try:
            self._check_host()
            if method == "POST":
                self._check_origin()
            body = self._body() if method == "POST" else {}
            self._route(method, self.path.split("?", 1)[0], body)
        except Refused as exc:
            self._json({"error": str(exc)}, exc.status)
        except SixtySixError as exc:  # pragma: no cover - every error is turned into Refused
            self._json({"error": str(exc)}, HTTPStatus.BAD_REQUEST)

    def _check_host(self) -> None:
        """Refuse a Host header that is no loopback name (DNS rebinding)."""
        host = self.headers.get("Host", "")
        name = host.rsplit(":", 1)[0].strip("[]") if host else ""
        if not _is_loopback(name):
            raise Refused(f"this server answers requests to itself only, not {host!r}", 403)

    def _check_origin(self) -> None:
        """Refuse a POST from another site's page (it could not read the answer anyway).

        A POST must say ``Content-Type: application/json`` (which a page elsewhere can
        send only after a CORS check this server never passes) and, when the browser
        names the page's origin, come from this server's own pages.
        """
        kind = self.headers.get("Content-Type", "").split(";", 1)[0].strip().lower()
        length = self.headers.get("Content-Length", "0")
        if kind != "application/json" and length not in ("", "0"):
            raise Refused("a request body is JSON (Content-Type: application/json)", 415)
        origin = self.headers.get("Origin")
        if origin is not None and origin != f"http://{self.headers.get('Host', '')}":
            raise Refused(f"this server answers its own pages only, not {origin!r}", 403)

    def _body(self) -> Mapping[str, Any]:
        length_text = self.headers.get("Content-Length", "0")
        try:
            length = int(length_text)
        except ValueError:
            raise Refused("the Content-Length is not a number") from None
        if not 0 <= length <= MAX_BODY:
            self.close_connection = True
            raise Refused(f"the request is too large (at most {MAX_BODY} bytes)", 413)
        raw = self.rfile.read(length)
        if not raw:
            return {}
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise Refused("the request is not JSON") from None
        if not isinstance(data, dict):
            raise Refused("the request is a JSON object")
        return data

    def _game(self, key: str) -> PlayGame:
        game = self.server.games.get(key)
        if game is None:
            raise Refused("there is no such game (the server may have been restarted)", 404)
        return game

    def _route(self, method: str, path: str, body: Mapping[str, Any]) -> None:
        server = self.server
        if method == "GET" and path in ("/", "/index.html"):
            return self._html(play_page())
        if method == "GET" and path == "/api/options":
            return self._json(
                {
                    "bots": two_hand_bot_names(),
                    "rules": list(_two_hand_presets()),
                    "bot": server.default_bot,
                    "rules_default": server.default_rules,
                    "hint_bot": _hint_bot(),
                }
            )
        if method == "POST" and path == "/api/new":
            with server.lock:
                game = new_game(body, server.default_bot, server.default_rules)
                key = server.add(game)
                return self._snapshot(key, game)
        parts = path.strip("/").split("/")
        if len(parts) == 3 and parts[:2] == ["game", parts[1]] and parts[2] == "view":
            from .viewer import record_html

            if method != "GET":
                raise Refused("use GET", HTTPStatus.METHOD_NOT_ALLOWED)
            with server.lock:
                record = self._game(parts[1]).record()
            return self._html(record_html(record, title="Your game"))
        if len(parts) < 3 or parts[:2] != ["api", "game"] or len(parts) > 4:
            raise Refused(f"there is nothing at {path!r}", HTTPStatus.NOT_FOUND)
        key = parts[2]
        action = parts[3] if len(parts) == 4 else ""
        with server.lock:
            game = self._game(key)
            if method == "GET" and action == "":
                return self._snapshot(key, game)
            if method == "GET" and action == "record":
                return self._send(
                    200, game.record().to_json(indent=1).encode("utf-8"), "application/json"
                )
            if method != "POST" or action not in ("move", "undo", "hint", "next"):
                raise Refused(f"there is nothing at {method} {path!r}", HTTPStatus.NOT_FOUND)
            if action == "hint":
                return self._json({"hint": game.hint(), "bot": _hint_bot()})
            at = body.get("at")
            if action == "move":
                game.play(body.get("move"), at)
            elif action == "undo":
                game.undo(at)
            else:
                game.next_hand(at)
            server.store(key, game)
            return self._snapshot(key, game)

    def _snapshot(self, key: str, game: PlayGame) -> None:
        data = game.snapshot()
        data["id"] = key
        path = self.server.saved_path(key)
        data["saved"] = None if path is None or not (game.moves or game.games) else str(path)
        self._json(data)


_CSP = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'"
)


def play_page() -> str:
    """The play page (HTML with its style and script inline)."""
    from ._play_page import PLAY_PAGE

    return PLAY_PAGE.replace("{version}", html.escape(__version__))
