"""The record writers give the stored bytes of tests/data/records, and read them back."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from sixtysix import partnership as p4
from sixtysix import tausendeins as t1
from sixtysix.records import load_record

DATA = Path(__file__).parents[1] / "data"


def _maker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_records", DATA / "make_records.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILT = _maker().build()


def test_the_golden_files_are_all_there() -> None:
    assert sorted(BUILT) == sorted(p.name for p in (DATA / "records").glob("*.json"))


@pytest.mark.parametrize("name", sorted(BUILT))
def test_writers_give_the_stored_bytes(name: str) -> None:
    stored = (DATA / "records" / name).read_bytes()
    assert BUILT[name].encode("utf-8") == stored


@pytest.mark.parametrize("name", sorted(BUILT))
def test_a_stored_file_reads_and_writes_back_the_same(name: str) -> None:
    text = (DATA / "records" / name).read_text(encoding="utf-8")
    read = {"four": p4.load_record, "taus": t1.load_record}.get(name[:4], load_record)
    record = read(text)
    assert record.to_json(indent=2 if ".indent2." in name else None) == text
    assert type(record).from_json(text.encode("utf-8")) == record
