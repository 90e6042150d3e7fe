"""The shared play loop of ``sixtysix play`` (``sixtysix.cli._loop``) and its hooks."""

from __future__ import annotations

import ast
import io
import random
from pathlib import Path
from typing import Any

import pytest

from sixtysix import CLASSIC_66
from sixtysix import partnership as p4
from sixtysix.bots import RandomBot, RuleBot
from sixtysix.cli import _loop
from sixtysix.cli.play import TerminalGame
from sixtysix.cli.play4 import FourHandGame
from sixtysix.game import TwoHandGame
from sixtysix.moves import Play, parse_move

CLI = Path(_loop.__file__).parent


def _bare() -> _loop.PlaySession[Any, Any, Any, Any, Any, Any]:
    return _loop.PlaySession(
        TwoHandGame(CLASSIC_66),
        0,
        1,
        False,
        io.StringIO(),
        input,
        _loop.Style(),
        random.Random(0),
        None,
    )


@pytest.mark.parametrize(
    ("hook", "args"),
    [
        ("intro", ()),
        ("deal", (None,)),
        ("player_at", (1,)),
        ("narrate", (None, None, None)),
        ("score", (None,)),
        ("hand_over_lines", (None, None)),
        ("apply_result", (None, None)),
        ("scoreline", (None,)),
        ("collected", (None, None)),
        ("match_over_line", (None,)),
        ("board_lines", (None,)),
        ("refusal", (None, None)),
        ("record_of_hand", (None,)),
        ("record", ()),
        ("skip_hand", (None,)),
    ],
)
def test_a_game_must_supply_every_required_hook(hook: str, args: tuple[object, ...]) -> None:
    with pytest.raises(NotImplementedError):
        getattr(_bare(), hook)(*args)


def test_the_optional_hooks_have_defaults() -> None:
    session = _bare()
    assert session.notes(None, ()) == []
    assert session.prompt(()) == "Your move: "
    assert session.enter_move(()) is None
    assert session.warning(None, None) is None
    assert session.declined(None) == "Not played."
    assert session.command("hint", None, ()) is None
    assert session.parse("qh") == parse_move("QH")


def test_both_games_run_on_their_game_object() -> None:
    two = TerminalGame(CLASSIC_66, 0, 1, False, io.StringIO(), input, RuleBot())
    four = FourHandGame(
        p4.FOUR_HAND_24, 1, False, io.StringIO(), input, [RandomBot()] * 4, _loop.Style()
    )
    assert two.game == TwoHandGame(CLASSIC_66)
    assert four.game == p4.PartnershipGame(p4.FOUR_HAND_24)


class _Careful(FourHandGame):
    """A four-hand session that asks before every card: the loop's confirmation path."""

    def warning(self, state: p4.PartnershipState, move: Play) -> str | None:
        return f"Play {move}?"


def test_a_declined_confirmation_asks_again() -> None:
    out = io.StringIO()
    answers = iter(["1", "no", "1", "yes"])

    def read(prompt: str) -> str:
        out.write(prompt)
        return next(answers, "quit")

    game = _Careful(p4.FOUR_HAND_24, 1, False, out, read, [RandomBot()] * 4, _loop.Style())
    with pytest.raises(_loop._Quit):
        game.run()
    text = out.getvalue()
    assert text.count("? [y/N] ") >= 2
    assert "Not played." in text
    assert len(game.moves) >= 1


def _cli_imports(path: Path) -> set[str]:
    """The cli submodules that ``path`` imports, at any level (``from .x import``)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            names.add(node.module.split(".")[0])
        if isinstance(node, ast.ImportFrom) and node.level == 1 and not node.module:
            names.update(alias.name for alias in node.names if (CLI / f"{alias.name}.py").exists())
    return names


def test_the_cli_submodules_import_each_other_without_a_cycle() -> None:
    graph = {p.stem: _cli_imports(p) for p in CLI.glob("*.py") if p.stem != "__init__"}
    assert "play" not in graph["play4"]

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"import cycle: {' -> '.join((*path, name))}"
        for other in graph.get(name, ()):
            visit(other, (*path, name))

    for name in graph:
        visit(name, ())


def test_a_table_of_no_rows_has_no_lines() -> None:
    assert _loop._table([], right=(False, True)) == []
    assert _loop._table([("QH", "+1.00")], right=(False, True)) == ["QH  +1.00"]
