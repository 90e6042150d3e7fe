"""Plumbing shared by every game of the family (private).

Each game (two-hand, four-hand partnership, Tausendeins, and the next) keeps its rules in
its own package; what they do alike lives here once, with small per-game hooks:

* :mod:`._family.rules`: the helpers of a rule-set value (validators, ``to_dict``,
  ``from_dict``, presets by name);
* :mod:`._family.deal`: reading a pack order given by the user;
* :mod:`._family.svg`: the drawing pieces of the position pictures.

These modules import only :mod:`sixtysix.cards`, :mod:`sixtysix.errors` and
:mod:`sixtysix._text`, so that any layer above may use them.
"""
