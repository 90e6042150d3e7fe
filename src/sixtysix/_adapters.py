"""What the framework adapters share: reading their ``variant`` and ``claims`` options.

Private: the public entry points are :mod:`sixtysix.openspiel`,
:mod:`sixtysix.pettingzoo` and :mod:`sixtysix.gymnasium`.
"""

from __future__ import annotations

import attrs

from .errors import AdapterError, RulesError, quote
from .legality import require_plain_trick_game
from .partnership.rules import FOUR_HAND_66, PartnershipRules
from .partnership.rules import PRESETS as FOUR_HAND_PRESETS
from .partnership.rules import get_preset as get_four_hand_preset
from .rules import PRESETS, ClaimMode, Rules, get_preset

__all__: list[str] = []

#: The values of the ``claims`` option: keep the preset's own claim mode, or set one.
CLAIMS = ("preset", "auto", "explicit")


def resolve_rules(variant: str | Rules, claims: str = "preset") -> Rules:
    """The rule set named by ``variant`` (a preset name, any case) with ``claims`` applied.

    >>> resolve_rules("schnapsen", "auto").claim_mode.name
    'AUTO'

    Raises:
        AdapterError: ``variant`` names no preset, or ``claims`` is not one of
            ``preset``, ``auto``, ``explicit``.
        UnsupportedRulesError: the rule set has amours, honours or a whitewash (§13).
    """
    if isinstance(variant, Rules):
        rules = variant
    else:
        if not isinstance(variant, str):
            raise AdapterError(f"variant must be a preset name, not {quote(variant)}")
        try:
            rules = get_preset(variant)
        except RulesError:
            names = ", ".join(name.lower() for name in PRESETS)
            raise AdapterError(
                f"variant {quote(variant)} is not a preset; use one of: {names}"
            ) from None
    # The fixed action layout and the observation have no room for rules §13's amours,
    # honours and whitewash: the adapters refuse them at once.
    require_plain_trick_game(rules, "the framework adapters", encoding=True)
    given: object = claims
    mode = given.lower() if isinstance(given, str) else given
    if mode == "preset":
        return rules
    if mode == "auto":
        return attrs.evolve(rules, claim_mode=ClaimMode.AUTO)
    if mode == "explicit":
        return attrs.evolve(rules, claim_mode=ClaimMode.EXPLICIT)
    raise AdapterError(f"claims must be one of {', '.join(CLAIMS)}, not {quote(claims)}")


def resolve_four_hand(variant: object) -> PartnershipRules:
    """The four-hand rule set named by ``variant`` (a preset name, any case, or rules).

    >>> resolve_four_hand("four_hand_24").deck.size
    24

    Raises:
        AdapterError: ``variant`` names no four-hand preset.
    """
    if isinstance(variant, PartnershipRules):
        return variant
    if variant is None:
        return FOUR_HAND_66
    if isinstance(variant, str):
        try:
            return get_four_hand_preset(variant)
        except RulesError:
            pass
    names = ", ".join(name.lower() for name in FOUR_HAND_PRESETS)
    raise AdapterError(f"variant {quote(variant)} is not a four-hand preset; use one of: {names}")
