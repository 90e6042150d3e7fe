from typing import Any

SPEC_SIZE: int
SPEC_MAGIC: int
MAX_POINTS: int
MAX_CARD_POINTS: int
MAX_MARRIAGES: int

class LimitError(Exception): ...
class InputError(ValueError): ...

def compile(table: Any, /) -> object: ...
def solve(
    spec: object, position: tuple[Any, ...], max_nodes: int | None, table_size: int, every: bool, /
) -> tuple[Any, ...]: ...
def solve_many(
    items: list[tuple[object, tuple[Any, ...]]],
    max_nodes: int | None,
    table_size: int,
    every: bool,
    /,
) -> list[tuple[Any, ...]]: ...
def world_values(
    spec: object,
    position: tuple[Any, ...],
    world: tuple[int, int, int, int],
    exact_talon: int,
    max_nodes: int | None,
    table_size: int,
    /,
) -> tuple[bytes, int]: ...
def rulebot(
    spec: object,
    position: tuple[Any, ...],
    world: tuple[int, int, int, int],
    known: int,
    excluded: int,
    /,
) -> int: ...
