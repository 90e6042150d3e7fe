"""Sphinx configuration for the sixtysix documentation."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent
# The local extension (docs/_ext/sixtysix_docs.py: tables generated from the code), and
# the package itself, so that a plain `sphinx-build` from a clone documents this tree.
sys.path.insert(0, str(_HERE / "_ext"))
sys.path.insert(0, str(_HERE.parent / "src"))

import sixtysix  # noqa: E402

project = "sixtysix"
author = "The sixtysix authors"
copyright = "2026, The sixtysix authors"
release = sixtysix.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "sixtysix_docs",
    "sixtysix_pictures",
    "sixtysix_rules_page",
]
# No network during builds: sphinx.ext.intersphinx is deliberately not enabled.

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]

# -- MyST ----------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# -- autodoc / napoleon (Google-style docstrings) -------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented"
autodoc_preserve_defaults = True
napoleon_google_docstring = True
napoleon_numpy_docstring = False
# "Attributes:" sections become :ivar: fields, so they never clash with the attribute
# entries autodoc generates for attrs fields ("duplicate object description").
napoleon_use_ivar = True
python_use_unqualified_type_names = True

# -- doctest (sphinx-build -b doctest) -------------------------------------------
# Docstring examples should import what they use; this setup only adds robustness.
# All docstrings of a page share one namespace here (pytest runs each in its own
# module's namespace), so every public name of every module is made available: the
# subpackages' (partnership, tausendeins) first, then the top-level modules', which win a
# shared name such as position_svg, and the top-level package's names last.
doctest_global_setup = """
import importlib as _importlib
import pkgutil as _pkgutil
import sixtysix
_walk = _pkgutil.walk_packages(sixtysix.__path__, "sixtysix.")
for _info in sorted(_walk, key=lambda _i: -_i.name.count(".")):
    if not any(_part.startswith("_") for _part in _info.name.split(".")[1:]):
        try:
            _module = _importlib.import_module(_info.name)
        except ModuleNotFoundError:  # an adapter whose framework is not installed
            continue
        globals().update({_n: getattr(_module, _n) for _n in getattr(_module, "__all__", ())})
from sixtysix import *
"""
doctest_default_flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

# -- HTML --------------------------------------------------------------------------
html_theme = "furo"
html_title = f"sixtysix {release}"
