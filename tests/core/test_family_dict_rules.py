"""One ``to_dict`` / ``from_dict`` / ``get_preset`` for each game."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from sixtysix import partnership as p4
from sixtysix import tausendeins as t1
from sixtysix.errors import RulesError

GAMES = [
    (p4.PartnershipRules, p4.PRESETS, p4.FOUR_HAND_66, p4.get_preset, "four-hand"),
    (t1.TausendeinsRules, t1.rules.PRESETS, t1.TAUSENDEINS, t1.rules.get_preset, "Tausendeins"),
]


@pytest.mark.parametrize(("kind", "presets", "default", "get_preset", "game"), GAMES)
def test_every_preset_round_trips_and_is_found_by_name(
    kind: type[Any], presets: dict[str, Any], default: object, get_preset: object, game: str
) -> None:
    assert kind.from_dict({}) == default
    for name, rules in presets.items():
        assert kind.from_dict(rules.to_dict()) == rules
        assert kind.from_dict({"preset": name.lower().replace("_", "-")}) == rules
        assert get_preset(name) is rules  # type: ignore[operator]
        assert type(kind.from_dict({}, base=rules)) is kind
    with pytest.raises(RulesError, match=f"no {game} preset is called 'nope'"):
        kind.from_dict({"preset": "nope"})
    with pytest.raises(RulesError, match=f"unknown {game} rules field 'zzz'"):
        kind.from_dict({"zzz": 1})


def test_other_games_rules_are_no_base() -> None:
    with pytest.raises(RulesError, match="base must be a TausendeinsRules value"):
        t1.TausendeinsRules.from_dict({}, base=p4.FOUR_HAND_66)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="base must be a PartnershipRules value"):
        p4.PartnershipRules.from_dict({}, base=t1.TAUSENDEINS)  # type: ignore[arg-type]


def test_constructors_keep_their_signatures() -> None:
    assert list(inspect.signature(p4.PartnershipRules).parameters) == [
        "deck",
        "deal_packets",
        "undertrump",
        "ten_of_trumps_point",
        "tie_carry",
        "match_target",
    ]
    assert list(inspect.signature(t1.TausendeinsRules).parameters)[:2] == [
        "bidding",
        "deal_packets",
    ]
