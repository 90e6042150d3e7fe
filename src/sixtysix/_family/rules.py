"""The helpers of a rule-set value, shared by the rules of every game.

A game's rules are a frozen attrs class of enums, bools, ints and tuples. The validators
here name the class and the field in their messages; :func:`rules_to_dict` and
:func:`rules_from_dict` give the JSON form (enum members by name, tuples as lists), and
:func:`find_preset` / :func:`preset_name_of` read a game's table of presets.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self, TypeVar, cast

import attrs

from .. import _text
from ..errors import RulesError, quote

__all__ = [
    "DictRules",
    "NamedEnum",
    "bool_check",
    "enum_check",
    "evolve_rules",
    "find_preset",
    "int_check",
    "preset_name_of",
    "rules_from_dict",
    "rules_to_dict",
    "to_tuple",
]

R = TypeVar("R", bound=attrs.AttrsInstance)
T = TypeVar("T")

#: An attrs validator: ``(instance, attribute, value)``, raising on a bad value.
Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


class NamedEnum(enum.Enum):
    """An enum whose values are its member names (so JSON holds the names)."""

    @staticmethod
    def _generate_next_value_(name: str, start: int, count: int, last_values: list[Any]) -> str:
        return name

    def __str__(self) -> str:
        """The member name."""
        return self.name


def bool_check(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """Validator: ``value`` is ``True`` or ``False`` (not 0, 1 or a string)."""
    if type(value) is not bool:
        raise RulesError(
            f"{type(inst).__name__}.{attribute.name} must be True or False, not {quote(value)}"
        )


def int_check(low: int, high: int) -> Validator:
    """Validator: ``value`` is a whole number (not a bool) from ``low`` to ``high``."""

    def check(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not int or not low <= value <= high:
            raise RulesError(
                f"{type(inst).__name__}.{attribute.name} must be a whole number from {low} "
                f"to {high}, not {quote(value)}"
            )

    return check


def enum_check(kind: type[enum.Enum]) -> Validator:
    """Validator: ``value`` is a member of ``kind``; the message lists the members."""
    names = ", ".join(kind.__members__)

    def check(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not kind:
            raise RulesError(
                f"{type(inst).__name__}.{attribute.name} must be a {kind.__name__} "
                f"({names}), not {quote(value)}"
            )

    return check


def to_tuple(value: object) -> object:
    """Converter: a list becomes a tuple (JSON gives lists); anything else is kept."""
    return tuple(value) if isinstance(value, list) else value


def rules_to_dict(rules: Any) -> dict[str, Any]:
    """Every field of the attrs value ``rules``: enum members by name, tuples as lists."""
    out: dict[str, Any] = {}
    for field in attrs.fields(type(rules)):
        value = getattr(rules, field.name)
        if isinstance(value, enum.Enum):
            out[field.name] = value.name
        elif isinstance(value, tuple):
            out[field.name] = list(value)
        else:
            out[field.name] = value
    return out


def evolve_rules(base: R, changes: Mapping[str, object], *, what: str) -> R:
    """``base`` with ``changes``; an enum field may be given by member name.

    ``what`` names the game's rules in messages (``"rules"``, ``"four-hand rules"``).
    The class's validators check the values.

    Raises:
        RulesError: an unknown field, an enum field given an unknown name, or a value
            the rules class refuses.
    """
    names = [f.name for f in attrs.fields(type(base))]
    fixed: dict[str, Any] = {}
    for key, value in changes.items():
        if key not in names:
            raise RulesError(
                f"unknown {what} field {quote(key)}; the fields are: {', '.join(names)}"
            )
        current = getattr(base, key)
        if isinstance(current, enum.Enum):
            kind = type(current)
            member = kind.__members__.get(value) if isinstance(value, str) else None
            if member is None and isinstance(value, kind):
                member = value
            if member is None:
                raise RulesError(
                    f"{what} field {quote(key)} cannot be {quote(value)}; "
                    f"allowed values: {', '.join(kind.__members__)}"
                )
            value = member
        fixed[key] = value
    evolved: R = attrs.evolve(cast(Any, base), **fixed)
    return evolved


def rules_from_dict(
    kind: type[R],
    data: object,
    base: R | None,
    *,
    default: R,
    get_preset: Callable[[str], R],
    what: str,
) -> R:
    """The ``from_dict`` of a rules class ``kind``: ``base`` with the fields of ``data``.

    A ``"preset"`` key of ``data`` names the base (read by the game's ``get_preset``);
    otherwise the base is ``base``, or ``default`` when that is ``None``.

    Raises:
        RulesError: ``data`` is not a mapping, ``base`` is not a ``kind``, or as
            :func:`evolve_rules`.
    """
    if not isinstance(data, Mapping):
        raise RulesError(f"rules must be a mapping of field names to values, not {quote(data)}")
    items = dict(data)
    if "preset" in items:
        base = get_preset(items.pop("preset"))
    base = base if base is not None else default
    if not isinstance(base, kind):
        raise RulesError(f"base must be a {kind.__name__} value, not {quote(base)}")
    return evolve_rules(base, items, what=what)


def find_preset(presets: Mapping[str, T], name: object, *, what: str) -> T:
    """The preset of ``presets`` called ``name`` (case-insensitive, ``-`` for ``_``).

    Raises:
        RulesError: no preset has that name (``what`` names the game in the message).
    """
    key = _text.upper(_text.strip(name)).replace("-", "_") if isinstance(name, str) else ""
    if key not in presets:
        raise RulesError(
            f"no {what} preset is called {quote(name)}; the presets are: {', '.join(presets)}"
        )
    return presets[key]


def preset_name_of(presets: Mapping[str, T], rules: object) -> str | None:
    """The name of the preset equal to ``rules``, or ``None`` for house rules."""
    for name, preset in presets.items():
        if preset == rules:
            return name
    return None


class DictRules:
    """``to_dict`` and ``from_dict`` of a game's rules class (a frozen attrs class).

    The class names its game for messages (``_game``, e.g. ``"four-hand"``); its module
    sets ``_presets`` to its table of presets once they exist (the first is the default
    base of :meth:`from_dict`).
    """

    __slots__ = ()

    #: The game's name in messages, e.g. ``"four-hand"``.
    _game: ClassVar[str]
    #: The game's presets by name; the first is the default base.
    _presets: ClassVar[Mapping[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every parameter (enum members by name, tuples as lists)."""
        return rules_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, base: Self | None = None) -> Self:
        """Build a rule set from a dict such as :meth:`to_dict` makes.

        Missing fields come from ``base`` (default: the game's first preset); a
        ``"preset"`` key names the base instead. Unknown fields and values are errors.

        Raises:
            RulesError: an unknown field, a value of the wrong kind, or an inconsistent set.
        """
        kind = cast("type[attrs.AttrsInstance]", cls)
        made = rules_from_dict(
            kind,
            data,
            cast("attrs.AttrsInstance | None", base),
            default=cast("attrs.AttrsInstance", next(iter(cls._presets.values()))),
            get_preset=lambda name: cast("attrs.AttrsInstance", cls.get_preset(name)),
            what=f"{cls._game} rules",
        )
        return cast("Self", made)

    @classmethod
    def get_preset(cls, name: str) -> Self:
        """The game's preset called ``name`` (case-insensitive, ``-`` for ``_``).

        Raises:
            RulesError: no preset of the game has that name.
        """
        return cast("Self", find_preset(cls._presets, name, what=cls._game))
