"""Plumbing shared by every game of the family (private).

Each game (two-hand, four-hand partnership, Tausendeins, and the next) keeps its rules in
its own package; what they do alike lives here once, with small per-game hooks:

* ``_family.rules``: the helpers of a rule-set value (validators, ``to_dict``,
  ``from_dict``, presets by name);
* ``_family.deal``: reading a pack order given by the user;
* ``_family.moves``: the error of a move text that is no move;
* :func:`exports` here: a game package's ``__all__``, the union of its modules'.

The drawing pieces of the position pictures are the private helpers of
:mod:`sixtysix.svg`. These modules import only :mod:`sixtysix.cards`,
:mod:`sixtysix.errors` and :mod:`sixtysix._text`, so that any layer above may use them.
"""

from __future__ import annotations

from types import ModuleType

__all__ = ["exports"]


def exports(*modules: ModuleType) -> list[str]:
    """The ``__all__`` of a game package: the public names of its ``modules``, in order.

    A game package star-imports each of its modules (type checkers read those imports)
    and sets ``__all__ = exports(...)`` of the same modules, so a name made public in a
    module is public in the package, once.

    Raises:
        ValueError: two modules export the same name (a mistake of the package).
    """
    names: list[str] = []
    for module in modules:
        for name in module.__all__:
            if name in names:
                raise ValueError(f"{module.__name__} exports {name!r} a second time")
            names.append(name)
    return names
