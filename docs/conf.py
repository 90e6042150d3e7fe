"""Sphinx configuration for the sixtysix documentation."""

from __future__ import annotations

import doctest

import sixtysix

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
doctest_global_setup = "import sixtysix\nfrom sixtysix import *"
doctest_default_flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

# -- HTML --------------------------------------------------------------------------
html_theme = "furo"
html_title = f"sixtysix {release}"
