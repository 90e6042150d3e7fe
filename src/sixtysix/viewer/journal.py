"""Viewer pages for a tournament: one page per game of every deal, and an index.

A journal line (:class:`~sixtysix.tournament.DealResult`) holds the moves of every hand
and the seed of the deal, which is all it takes to rebuild the game records
(:func:`deal_records`); :func:`write_tournament_html` writes their pages.

>>> import tempfile, pathlib
>>> from sixtysix.tournament import BotSpec, Tournament, run_tournament
>>> t = Tournament((BotSpec("rule"), BotSpec("random")), deals=2, seed=2)
>>> run = run_tournament(t, executor="inline")
>>> out = pathlib.Path(tempfile.mkdtemp())
>>> pages = write_tournament_html(t, run.deals, out)
>>> sorted(p.name for p in pages)
['deal-0-a.html', 'deal-0-b.html', 'deal-1-a.html', 'deal-1-b.html', 'index.html']
"""

from __future__ import annotations

import html
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .. import partnership as p4
from ..engine import apply_move, deal_from_order, shuffled_deck
from ..errors import SixtySixError
from ..match import apply_result, new_match
from ..partnership.game import PartnershipGame
from ..records import GameRecord, MatchRecord
from ..scoring import score_hand
from ..tausendeins import match as t1_match
from ..tausendeins import records as t1_records
from ..tausendeins.game import TausendeinsGame
from ..tournament import DealResult, Tournament
from ..tournament.results import GameOutcome
from . import record_html

__all__ = ["deal_records", "write_tournament_html"]


def _two_hand_game(rules: Any, seed: str, dealer: int, moves: Iterable[str]) -> GameRecord:
    pack = tuple(shuffled_deck(rules, seed))
    state = deal_from_order(rules, pack, dealer)
    texts = []
    for move in moves:
        state = apply_move(state, move)
        texts.append(move)
    result = score_hand(state) if state.is_over else None
    return GameRecord(
        rules=rules, dealer=dealer, pack=pack, moves=tuple(texts), result=result, seed=seed
    )


def _record(tournament: Tournament, seed: str, game: GameOutcome) -> Any:
    """The record of one game of a deal (a forfeited hand is left unfinished)."""
    the_game = tournament.the_game
    if isinstance(the_game, PartnershipGame):
        rules = the_game.rules
        if tournament.unit == "hand":
            return p4.record_hand(rules, game.hands[0].moves, seed=seed, dealer=game.dealer)
        m = p4.new_match(rules, seed, dealer=game.dealer)
        hands = []
        for hand in game.hands:
            assert m.hand_seed is not None
            record = p4.record_hand(
                rules, hand.moves, seed=m.hand_seed, dealer=m.dealer, scores=m.scores
            )
            hands.append(record)
            if record.result is None:
                break
            m = p4.apply_result(m, record.result)
        return p4.MatchRecord(
            rules=rules, seed=seed, dealer=game.dealer, games=tuple(hands), scores=m.scores
        )
    if isinstance(the_game, TausendeinsGame):
        return _tausendeins_record(tournament, seed, game)
    two = tournament.rules
    if tournament.unit == "hand":
        return _two_hand_game(two, seed, game.dealer, game.hands[0].moves)
    mm = new_match(two, seed=seed, dealer=game.dealer)
    games = []
    for hand in game.hands:
        assert mm.hand_seed is not None
        g = _two_hand_game(two, mm.hand_seed, mm.hand_dealer, hand.moves)
        games.append(
            GameRecord(
                rules=two,
                dealer=g.dealer,
                pack=g.pack,
                moves=g.moves,
                result=g.result,
                seed=g.seed,
                players=mm.active_seats,
            )
        )
        if g.result is None:
            break
        mm = apply_result(mm, g.result)
    return MatchRecord(
        rules=two,
        seats=2,
        seed=seed,
        dealer=game.dealer,
        games=tuple(games),
        scores=mm.scores,
        winner=mm.winner,
    )


def _tausendeins_record(tournament: Tournament, seed: str, game: GameOutcome) -> Any:
    """A Tausendeins deal, or game to 1001, as the tournament dealt it (rules §12.2, §12.8)."""
    rules = tournament.the_game.rules
    if tournament.unit == "hand":
        return t1_records.record_deal(rules, game.hands[0].moves, seed=seed, dealer=game.dealer)
    start = m = t1_match.new_match(rules, seed, game.dealer)
    deals = []
    for hand in game.hands:
        record = t1_records.record_deal(
            rules, hand.moves, seed=m.hand_seed, dealer=m.dealer, scores=m.scores
        )
        if record.result is None:  # a forfeited deal: the game's record keeps finished ones
            break
        deals.append(record)
        m = t1_records.apply_result(m, record.result)
    return t1_records.record_match(start, deals)


def deal_records(tournament: Tournament, deal: DealResult) -> list[tuple[Any, tuple[str, ...]]]:
    """The record of each game of ``deal``, with the bots' labels as the seats' names."""
    labels = tournament.labels
    out = []
    for game in deal.games:
        names = tuple(f"{labels[bot]} (seat {seat})" for seat, bot in enumerate(game.seats))
        out.append((_record(tournament, deal.seed, game), names))
    return out


def write_tournament_html(
    tournament: Tournament, deals: Iterable[DealResult], directory: str | os.PathLike[str]
) -> list[Path]:
    """Write ``deal-N-a.html`` (one page per game of each deal) and ``index.html``.

    Returns the paths written.

    Raises:
        SixtySixError: the directory cannot be made or written.
    """
    out = Path(directory)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SixtySixError(f"cannot make the directory {str(out)!r}: {exc.strerror}") from None
    written: list[Path] = []
    rows = []
    labels = tournament.labels
    for deal in sorted(deals, key=lambda d: d.job):
        for k, (record, names) in enumerate(deal_records(tournament, deal)):
            game = deal.games[k]
            name = f"deal-{deal.job}-{'ab'[k] if k < 2 else k}.html"
            title = f"Deal {deal.job} ({', '.join(names)})"
            page = record_html(record, names=names, title=title)
            written.append(_write(out / name, page))
            winner = "nobody" if game.winner_bot is None else labels[game.winner_bot]
            forfeit = f" (forfeit: {game.forfeit.bot})" if game.forfeit is not None else ""
            rows.append(
                f'<li><a href="{name}">Deal {deal.job}, game {k + 1}</a>: '
                f"{html.escape(' vs '.join(names))}: {html.escape(winner)} won"
                f"{html.escape(forfeit)}</li>"
            )
    title = html.escape(f"Tournament: {' vs '.join(labels)}, seed {tournament.seed}")
    index = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{title}</title></head><body><h1>{title}</h1><ol>"
        + "".join(rows)
        + "</ol></body></html>\n"
    )
    written.append(_write(out / "index.html", index))
    return written


def _write(path: Path, text: str) -> Path:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise SixtySixError(f"cannot write {str(path)!r}: {exc.strerror}") from None
    return path
