"""Regenerate tests/data/records/*.json: golden record files (run from the repository root).

    python tests/data/make_records.py

Seeded hands and matches of both games, written with ``to_json`` (compact and indented)
under a fixed ``version``. ``tests/core/test_records_golden.py`` checks that the writers still
give these bytes and that reading a file and writing it again gives it back. Only
regenerate after a deliberate change of the record format, and say so in the changelog.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import attrs

import sixtysix as ss
from sixtysix import partnership as p4
from sixtysix import tausendeins as t1
from sixtysix.bots import RandomBot
from sixtysix.play import play_hand, play_match

OUT = Path(__file__).with_name("records")
VERSION = "golden"


def _chooser(seed: int) -> Any:
    rng = random.Random(seed)
    return lambda state, seat: rng.choice(ss.legal_moves(state))


def _pinned(record: Any) -> Any:
    """``record`` with the writer's version fixed, so that the files outlive releases."""
    if hasattr(record, "games"):
        games = tuple(attrs.evolve(g, version=VERSION) for g in record.games)
        return attrs.evolve(record, games=games, version=VERSION)
    return attrs.evolve(record, version=VERSION)


def build() -> dict[str, str]:
    """The name and text of every golden file."""
    four: list[Any] = [p4.PartnershipRuleBot(), RandomBot(), p4.PartnershipRuleBot(), RandomBot()]
    records: dict[str, Any] = {
        "game_classic": play_hand(ss.CLASSIC_66, _chooser(1), _chooser(2), seed=3),
        "game_unicode_seed": play_hand(
            ss.SCHNAPSEN, _chooser(3), _chooser(4), seed="Schnapsen \u00fc \u2665", dealer=1
        ),
        "match_schnapsen": play_match(ss.SCHNAPSEN, _chooser(5), _chooser(6), seed=7),
        "match_three_seats": play_match(
            ss.SANTASE, _chooser(7), _chooser(8), _chooser(9), seed="three", dealer=2
        ),
        "four_hand_game": p4.play_hand(
            p4.FOUR_HAND_66, four, seed="vier \u00fc", dealer=3, rng=random.Random(1)
        ),
        "four_hand_unfinished": p4.record_hand(p4.FOUR_HAND_24, "", seed=11, dealer=1),
        "four_hand_match": p4.play_match(p4.FOUR_HAND_24, four, seed=3, rng=random.Random(0)),
        "tausendeins_match": t1.play_match(
            t1.TAUSENDEINS, [t1.TausendeinsRuleBot(), RandomBot()], seed=5, dealer=1
        ),
        "tausendeins_contract_match": t1.play_match(
            t1.TAUSENDEINS_CONTRACT, [RandomBot(), t1.TausendeinsRuleBot()], seed="tausend"
        ),
        "tausendeins_deal_unfinished": t1.record_deal(
            t1.TAUSENDEINS_CONTRACT, ["bid 110", "pass", "talon 1"], seed=4, dealer=1
        ),
    }
    texts = {}
    for name, record in records.items():
        record = _pinned(record)
        texts[f"{name}.json"] = record.to_json()
        texts[f"{name}.indent2.json"] = record.to_json(indent=2)
    return texts


def main() -> None:
    """Write every golden file."""
    OUT.mkdir(exist_ok=True)
    for name, text in build().items():
        (OUT / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
