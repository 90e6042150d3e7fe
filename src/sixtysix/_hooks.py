"""Functions that a lower layer calls and an upper layer provides.

A module imports only from the layers below it (the contract in pyproject.toml; the
picture in docs/how_it_works.md). A value's text forms and pictures are made above the
value's own module: the position string of a :class:`~sixtysix.HandState` by
:mod:`sixtysix.notation`, which imports :mod:`sixtysix.state`; its SVG picture by
:mod:`sixtysix.svg`. So ``HandState.__repr__`` does not import the notation back: it
calls the hook :data:`dump_position` here, on which :mod:`sixtysix.notation` registers
its function when it is imported. Each hook names the module that provides it and
imports that module by name the first time it is called before then (a value's module
can be imported alone), so a hook always answers.

>>> from sixtysix import CLASSIC_66, new_hand
>>> from sixtysix.notation import dump_position as text
>>> dump_position(new_hand(CLASSIC_66, seed=7)) == text(new_hand(CLASSIC_66, seed=7))
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, TypeVar

if TYPE_CHECKING:
    from .observe import PlayerView
    from .partnership.state import PartnershipState
    from .state import HandState

_P = ParamSpec("_P")
_R = TypeVar("_R")

__all__ = ["Hook"]


class Hook(Generic[_P, _R]):
    """A function that ``provider`` (a module above the caller) registers.

    Calling the hook calls the registered function; when none is registered yet, the
    hook first imports ``provider``, which registers it.
    """

    __slots__ = ("_function", "name", "provider")

    def __init__(self, name: str, provider: str) -> None:
        self.name = name
        self.provider = provider
        self._function: Callable[_P, _R] | None = None

    def register(self, function: Callable[_P, _R]) -> Callable[_P, _R]:
        """Make ``function`` the one this hook calls (returned unchanged)."""
        self._function = function
        return function

    def __call__(self, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        function = self._function
        if function is None:
            importlib.import_module(self.provider)
            function = self._function
            if function is None:
                raise RuntimeError(f"{self.provider} does not register {self.name}")
        return function(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<Hook {self.name} from {self.provider}>"


# ------------------------------------------------------------------ two-hand game

#: :func:`sixtysix.notation.dump_position`, for ``HandState.__repr__``.
dump_position: Hook[[HandState], str] = Hook("dump_position", "sixtysix.notation")
#: :func:`sixtysix.notation.render`, for ``HandState.__str__`` and ``PlayerView.__str__``.
render: Hook[[HandState | PlayerView], str] = Hook("render", "sixtysix.notation")
#: :func:`sixtysix.notation.dump_view`, for ``PlayerView.__repr__``.
dump_view: Hook[[PlayerView], str] = Hook("dump_view", "sixtysix.notation")
#: :func:`sixtysix.notation.load_view`, for ``PlayerView.parse``.
load_view: Hook[[str], PlayerView] = Hook("load_view", "sixtysix.notation")
#: :func:`sixtysix.observe.validate_view` of a PlayerView (None for any other value), for
#: :func:`sixtysix.validate.validate`.
view_problems: Hook[[object], list[str] | None] = Hook("validate_view", "sixtysix.observe")
#: :func:`sixtysix.svg.position_svg`, for the ``_repr_svg_`` of states and views.
position_svg: Hook[[HandState | PlayerView], str] = Hook("position_svg", "sixtysix.svg")
#: :func:`sixtysix.viewer.record_html`, for :func:`sixtysix.svg.record_html`.
record_html: Hook[[Any, Sequence[str] | None], str] = Hook("record_html", "sixtysix.viewer")

# ------------------------------------------------------------------ four-hand game

#: :func:`sixtysix.partnership.dump_position`, for ``PartnershipState.__repr__``.
dump_position4: Hook[[PartnershipState], str] = Hook(
    "dump_position", "sixtysix.partnership.notation"
)
#: :func:`sixtysix.partnership.load_position`, for ``PartnershipState.parse``.
load_position4: Hook[[str], PartnershipState] = Hook(
    "load_position", "sixtysix.partnership.notation"
)
#: :func:`sixtysix.partnership.render`, for ``PartnershipState.__str__``.
render4: Hook[[PartnershipState], str] = Hook("render", "sixtysix.partnership.notation")
#: The class of the four-hand views (:class:`~sixtysix.partnership.PartnershipView`,
#: added by its module), which the engine's ``legal_moves`` and ``playable_mask`` take
#: besides a state: a set, as a type check on the hot path of the search.
VIEW_CLASSES4: set[type] = set()
