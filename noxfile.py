"""The only way the tests, lint, type checks, docs and benchmarks are run.

Every session runs in the environment that runs nox itself (``venv_backend="none"``),
so nothing is downloaded: install the project once with ``pip install -e '.[dev]'``
and then, with that environment's Python::

    python -m nox                 # lint, typecheck, tests, docs (the default sessions)
    python -m nox -s tests -- -k cards     # arguments after -- go to the tool
    python -m nox -s bench

Tools are started as ``sys.executable -m TOOL``, so the venv's tools are used even when
the venv is not activated (``.venv/bin/python -m nox``).
"""

from __future__ import annotations

import sys

import nox

nox.needs_version = ">=2024.4.15"
nox.options.default_venv_backend = "none"
nox.options.error_on_missing_interpreters = True
# Order matters to the reader: the tests run last, so pytest's summary line is near the end.
nox.options.sessions = ["lint", "typecheck", "docs", "tests"]

PY = sys.executable
DOCS_BUILD = "docs/_build"


@nox.session(venv_backend="none")
def lint(session: nox.Session) -> None:
    """Ruff lint rules and the ruff formatter check."""
    session.run(PY, "-m", "ruff", "check", ".", *session.posargs)
    session.run(PY, "-m", "ruff", "format", "--check", "--diff", ".")


@nox.session(venv_backend="none")
def typecheck(session: nox.Session) -> None:
    """Mypy in strict mode over src/ and tests/ (see [tool.mypy] in pyproject.toml)."""
    session.run(PY, "-m", "mypy", "--strict", *session.posargs)


@nox.session(venv_backend="none")
def tests(session: nox.Session) -> None:
    """Pytest (unit, property and doctests) with branch coverage; fails under 95%."""
    session.run(
        PY,
        "-m",
        "pytest",
        "--cov",
        "--cov-branch",
        "--cov-report=term-missing",
        "--cov-fail-under=95",
        *session.posargs,
    )


@nox.session(venv_backend="none")
def docs(session: nox.Session) -> None:
    """Build the Sphinx site (warnings are errors) and run its doctests."""
    common = ["-W", "--keep-going", "-E", "-d", f"{DOCS_BUILD}/doctrees"]
    session.run(PY, "-m", "sphinx", *common, "-b", "html", "docs", f"{DOCS_BUILD}/html")
    session.run(PY, "-m", "sphinx", *common, "-b", "doctest", "docs", f"{DOCS_BUILD}/doctest")


@nox.session(venv_backend="none")
def bench(session: nox.Session) -> None:
    """Run the benchmark script and print its figures (not part of the default run)."""
    session.run(PY, "benchmarks/bench.py", *session.posargs)


@nox.session(name="bench-tournament", venv_backend="none")
def bench_tournament(session: nox.Session) -> None:
    """The tournament runner's speed on 1 and 2 workers and its overhead (not default)."""
    session.run(PY, "benchmarks/tournament.py", *session.posargs)
