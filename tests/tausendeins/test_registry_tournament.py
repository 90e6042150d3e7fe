"""The bot registry by game, and ``sixtysix tournament --game tausendeins``."""

from __future__ import annotations

import pytest

from sixtysix import PlayerError
from sixtysix import tausendeins as t1
from sixtysix.bots import RandomBot, registry
from sixtysix.cli import main


def test_each_registered_bot_says_which_games_it_plays() -> None:
    builtin = {"ismcts", "partnership-pimc", "partnership-rule", "pimc", "random", "rule"}
    assert builtin | {"strongest", "tausendeins-rule"} <= set(registry.BOT_GAMES)
    assert registry.bot_names_for("tausendeins") == ["random", "tausendeins-rule"]
    assert "tausendeins-rule" not in registry.two_hand_bot_names()
    assert "tausendeins-rule" not in registry.four_hand_bot_names()
    assert isinstance(registry.make_bot("tausendeins-rule"), t1.TausendeinsRuleBot)
    assert set(t1.TausendeinsGame(t1.TAUSENDEINS).bot_names) == set(
        registry.bot_names_for("tausendeins")
    )
    for search in ("pimc", "ismcts", "strongest"):  # they search the two-hand engine only
        assert registry.BOT_GAMES[search] == {"two-hand"}
    with pytest.raises(PlayerError, match="the games are"):
        registry.bot_names_for("skat")


def test_register_bot_takes_its_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "BOT_NAMES", dict(registry.BOT_NAMES))
    monkeypatch.setattr(registry, "BOT_GAMES", dict(registry.BOT_GAMES))
    registry.register_bot("t1-only", RandomBot, games=["tausendeins"])
    registry.register_bot("anywhere", RandomBot)
    assert "t1-only" in registry.bot_names_for("tausendeins")
    assert "t1-only" not in registry.two_hand_bot_names()
    assert all("anywhere" in registry.bot_names_for(g) for g in registry.GAMES)
    with pytest.raises(PlayerError, match="the games are"):
        registry.register_bot("elsewhere", RandomBot, games=["skat"])


def test_tournament_plays_tausendeins(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--game", "tausendeins", "tausendeins-rule", "random"]
    assert main([*argv, "--deals", "4", "--seed", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "tausendeins-rule" in out and "random" in out
    contract = [*argv, "--variant", "TAUSENDEINS_CONTRACT", "--deals", "2", "--seed", "2"]
    assert main([*contract, "--quiet"]) == 0


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["pimc", "random"], "the bot 'pimc' does not play --game tausendeins"),
        (["random", "random", "--variant", "FOUR_HAND_24"], "not a Tausendeins preset"),
        (["random", "random", "--rules", "CLASSIC_66"], "takes --variant, not --rules"),
    ],
)
def test_tournament_refuses_what_does_not_fit(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", "--game", "tausendeins", *extra, "--deals", "1"]) == 2
    assert message in capsys.readouterr().err


def test_variant_needs_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "random", "random", "--variant", "TAUSENDEINS"]) == 2
    assert "--variant needs --game four-hand or --game tausendeins" in capsys.readouterr().err
    argv = ["tournament", "--game", "four-hand", "random", "random", "--variant", "TAUSENDEINS"]
    assert main(argv) == 2
    assert "not a four-hand preset" in capsys.readouterr().err
