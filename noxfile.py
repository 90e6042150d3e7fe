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

import importlib.util
import json
import os
import shutil
import sys
from pathlib import Path

import nox

nox.needs_version = ">=2024.4.15"
nox.options.default_venv_backend = "none"
nox.options.error_on_missing_interpreters = True
# Order matters to the reader: the tests run last, so pytest's summary line is near the end.
nox.options.sessions = ["lint", "typecheck", "docs", "browser", "tests"]

PY = sys.executable
DOCS_BUILD = "docs/_build"


@nox.session(venv_backend="none")
def lint(session: nox.Session) -> None:
    """Ruff lint rules, the ruff formatter check and the layers of the package.

    The layers contract (``[tool.importlinter]`` in pyproject.toml, checked by
    import-linter) and tools/import_cycles.py (no cycle of imports at all, imports inside
    functions included); see docs/how_it_works.md.
    """
    session.run(PY, "-m", "ruff", "check", ".", *session.posargs)
    session.run(PY, "-m", "ruff", "format", "--check", "--diff", ".")
    lint_imports = "from importlinter.cli import lint_imports_command; lint_imports_command()"
    session.run(PY, "-c", lint_imports, "--no-cache")
    session.run(PY, "tools/import_cycles.py")


@nox.session(venv_backend="none")
def typecheck(session: nox.Session) -> None:
    """Mypy in strict mode over src/ and tests/ (see [tool.mypy] in pyproject.toml)."""
    session.run(PY, "-m", "mypy", "--strict", *session.posargs)


@nox.session(venv_backend="none")
def tests(session: nox.Session) -> None:
    """Pytest (unit, property and doctests) with branch coverage, on both backends.

    With the native core installed (``pip install -e ./native``, as the README's dev
    install does) the suite runs twice: first in pure Python (``SIXTYSIX_PUREPYTHON=1``),
    then with the C core, and the coverage of both runs is added up; it fails under 95%.
    Without the native core it runs once, in pure Python; under CI (``CI`` set) a missing
    native core is an error, since the README's install builds it.
    """
    import importlib.util

    native = importlib.util.find_spec("sixtysix_native") is not None
    if not native and os.environ.get("CI"):
        session.error("the native core is not installed (pip install -e ./native)")
    common = [PY, "-m", "pytest", "--cov", "--cov-branch"]
    report = ["--cov-report=term-missing", "--cov-fail-under=95", *session.posargs]
    if not native:
        session.log("sixtysix_native is not installed: the suite runs in pure Python only")
        session.run(*common, *report)
        return
    session.log("the suite in pure Python (SIXTYSIX_PUREPYTHON=1)")
    session.run(*common, "--cov-report=", *session.posargs, env={"SIXTYSIX_PUREPYTHON": "1"})
    session.log("the suite with the native core")
    session.run(*common, "--cov-append", *report)


@nox.session(venv_backend="none")
def docs(session: nox.Session) -> None:
    """Build the Sphinx site (warnings are errors) and run its doctests."""
    common = ["-W", "--keep-going", "-E", "-d", f"{DOCS_BUILD}/doctrees"]
    session.run(PY, "-m", "sphinx", *common, "-b", "html", "docs", f"{DOCS_BUILD}/html")
    session.run(PY, "-m", "sphinx", *common, "-b", "doctest", "docs", f"{DOCS_BUILD}/doctest")


@nox.session(venv_backend="none")
def browser(session: nox.Session) -> None:
    """The viewer and the play page in a headless Chromium (tests/browser/).

    Needs Debian's ``chromium`` and ``chromium-driver`` (``apt-get install -y chromium
    chromium-driver``) and the ``browser`` extra, which ``dev`` includes: nothing is
    downloaded. Run by hand without them it
    skips and says what is missing; under CI (``CI`` set) that is an error. Screenshots
    are saved in ``build/browser-screenshots`` (under CI ``.ci-logs/browser-screenshots``;
    ``SIXTYSIX_SCREENSHOTS`` names another directory).
    """
    import importlib.util

    env_or_path = {
        "chromium (apt-get install chromium)": os.environ.get("SIXTYSIX_CHROMIUM")
        or shutil.which("chromium"),
        "chromedriver (apt-get install chromium-driver)": os.environ.get("SIXTYSIX_CHROMEDRIVER")
        or shutil.which("chromedriver"),
        "selenium (pip install -e '.[browser]')": importlib.util.find_spec("selenium"),
    }
    missing = [what for what, found in env_or_path.items() if not found]
    if missing:
        message = "the browser tests need " + ", ".join(missing)
        if os.environ.get("CI"):
            session.error(message)
        session.skip(message)
    # Under CI the screenshots go with the other CI artifacts, in .ci-logs/.
    default = (
        ".ci-logs/browser-screenshots" if os.environ.get("CI") else "build/browser-screenshots"
    )
    shots = os.environ.get("SIXTYSIX_SCREENSHOTS", default)
    env = {"SIXTYSIX_BROWSER_TESTS": "1", "SIXTYSIX_SCREENSHOTS": shots}
    session.run(
        PY,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "tests/browser",
        *session.posargs,
        env=env,
    )
    session.log(f"screenshots saved in {shots}")


@nox.session(venv_backend="none")
def bench(session: nox.Session) -> None:
    """Run the benchmark script and print its figures (not part of the default run)."""
    session.run(PY, "benchmarks/bench.py", *session.posargs)


@nox.session(venv_backend="none")
def perft(session: nox.Session) -> None:
    """Every golden perft count in tests/data/perft*.json, to depth 6 (not a default session)."""
    session.env["SIXTYSIX_PERFT_DEPTH"] = "6"
    tests = ["tests/core/test_perft.py", "tests/tausendeins/test_perft.py"]
    session.run(PY, "-m", "pytest", "-q", *tests, *session.posargs)


@nox.session(venv_backend="none")
def slow(session: nox.Session) -> None:
    """Only the tests marked ``slow``, which the default run leaves out (not a default session)."""
    session.run(PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "slow", *session.posargs)


@nox.session(venv_backend="none")
def thorough(session: nox.Session) -> None:
    """The whole test suite, the ``slow`` tests too, under the Hypothesis profile
    ``thorough`` (20x the weight of every property test and sampled loop)."""
    session.env["HYPOTHESIS_PROFILE"] = "thorough"
    session.run(PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "", *session.posargs)


@nox.session(venv_backend="none")
def fuzz(session: nox.Session) -> None:
    """The fuzz targets of tests/fuzz/ with many examples each (not a default session).

    ``FUZZ_EXAMPLES`` sets the examples per target (default here 5,000; the test suite
    runs 25); arguments after ``--`` go to pytest, e.g. ``-k records``.
    """
    env = {"FUZZ_EXAMPLES": os.environ.get("FUZZ_EXAMPLES", "5000")}
    session.run(
        PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/fuzz", *session.posargs, env=env
    )


@nox.session(name="native-fuzz", venv_backend="none")
def native_fuzz(session: nox.Session) -> None:
    """The C extensions under AddressSanitizer and UBSan, fuzzed (not a default session).

    Builds both extensions with ``-fsanitize=address,undefined`` into
    ``build/native-asan`` (the in-place build is left alone), puts that first on
    ``PYTHONPATH``, preloads the sanitizer runtimes and runs tests/native_fuzz/ and the
    native differential tests, then the atheris target if atheris imports.
    ``NATIVE_FUZZ_EXAMPLES`` sets the examples per Hypothesis target (default here
    2,000), ``NATIVE_FUZZ_ATHERIS_RUNS`` atheris's inputs (100,000); arguments after
    ``--`` go to pytest. See docs/fuzzing.md, "Native core".
    """
    build = str(Path("build/native-asan").resolve())
    shutil.rmtree(build, ignore_errors=True)
    preload = session.run(PY, "tests/native_fuzz/build_asan.py", build, silent=True)
    assert isinstance(preload, str)
    env = {
        "PYTHONPATH": os.pathsep.join(p for p in (build, os.environ.get("PYTHONPATH")) if p),
        "LD_PRELOAD": preload.strip().splitlines()[-1],
        # CPython keeps memory until exit, so leak detection would only report that;
        # benchmarks/native_leaks.py is the leak check.
        "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1",
        "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1",
        "SIXTYSIX_NATIVE_FUZZ": "1",
        "NATIVE_FUZZ_BUILD": build,
        "NATIVE_FUZZ_EXAMPLES": os.environ.get("NATIVE_FUZZ_EXAMPLES", "2000"),
    }
    tests = ["tests/native_fuzz", "tests/native"]
    session.run(PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--no-cov", *tests,
                *session.posargs, env=env)  # fmt: skip
    if importlib.util.find_spec("atheris") is None:
        session.log("atheris is not installed (pip install atheris): its target is skipped")
        return
    runs = os.environ.get("NATIVE_FUZZ_ATHERIS_RUNS", "100000")
    out = Path("build/native-fuzz-atheris")
    out.mkdir(parents=True, exist_ok=True)
    target = str(Path("tests/native_fuzz/atheris_native.py").resolve())
    with session.chdir(out):  # crash files (crash-*) land here
        session.run(PY, target, f"-atheris_runs={runs}", "-max_len=512", env=env)


# The tests of the engine and its rules of legality (the mutation targets below).
_RULE_TESTS = [
    "tests/core/test_engine_api.py",
    "tests/core/test_engine_mutants.py",
    "tests/core/test_legality.py",
    "tests/core/test_legality_mutants.py",
    "tests/core/test_errors.py",
    "tests/core/test_moves.py",
    "tests/core/test_deal.py",
    "tests/core/test_perft.py",
    "tests/core/test_play_rules.py",
    "tests/core/test_rules_review.py",
    "tests/core/test_rules_values.py",
]

# What each mutation target mutates, and the tests that must kill its mutants.
MUTATION_TARGETS = {
    "scoring": (
        "src/sixtysix/scoring.py",
        ["tests/core/test_scoring.py", "tests/core/test_results.py", "src/sixtysix/scoring.py"],
    ),
    "records": (
        "src/sixtysix/records.py",
        [
            "tests/core/test_records.py",
            "tests/core/test_records_inputs.py",
            "src/sixtysix/records.py",
        ],
    ),
    # The rule tests: fast (about 10 s for the whole subset on a loaded two-core machine;
    # mutmut runs only the tests that reach the mutated function, and stops at the first
    # failure), and enough to kill every killable mutant (docs/fuzzing.md).
    "engine": ("src/sixtysix/engine.py", [*_RULE_TESTS, "src/sixtysix/engine.py"]),
    "legality": ("src/sixtysix/legality.py", [*_RULE_TESTS, "src/sixtysix/legality.py"]),
    # Seed to shuffled deck, shared by every game: the deal tests of both games.
    "seeding": (
        "src/sixtysix/_seeding.py",
        [
            "tests/core/test_seeding.py",
            "tests/core/test_deal.py",
            "tests/core/test_engine_mutants.py",
            "tests/four_hand/test_rules_deal.py",
            "src/sixtysix/_seeding.py",
        ],
    ),
}


@nox.session(venv_backend="none")
def mutation(session: nox.Session) -> None:
    """Mutation testing with mutmut (not a default session; CPU heavy).

    ``python -m nox -s mutation -- scoring`` (the default), ``-- records``, ``-- engine``,
    ``-- legality`` or ``-- seeding`` (the engine: 10 to 50 minutes with one child on a
    two-core machine); ``-- scoring --max-children 2`` passes the rest to ``mutmut run``.
    It runs in a copy of the project under build/mutation/TARGET (so the worktree is
    never mutated), with the plugin ``tests.fuzz.caches`` emptying the engine caches
    before every test, and prints the surviving mutants and the score. Inspect one with
    ``cd build/mutation/TARGET && python -m mutmut show NAME``.
    """
    args = list(session.posargs)
    target = args.pop(0) if args and not args[0].startswith("-") else "scoring"
    if target not in MUTATION_TARGETS:
        session.error(f"unknown target {target!r}; the targets are {', '.join(MUTATION_TARGETS)}")
    source, tests = MUTATION_TARGETS[target]
    work = Path("build/mutation") / target
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    for part in ("src", "tests"):
        shutil.copytree(part, work / part, ignore=shutil.ignore_patterns("__pycache__"))
    config = {
        "source_paths": ["src/sixtysix"],
        "only_mutate": [source],
        "pytest_add_cli_args": ["-p", "tests.fuzz.caches", "-p", "no:cacheprovider", "-q"],
        "pytest_add_cli_args_test_selection": tests,
        "use_git_change_detection": False,
    }
    pyproject = Path("pyproject.toml").read_text(encoding="utf-8")
    lines = [f"{key} = {json.dumps(value)}" for key, value in config.items()]
    (work / "pyproject.toml").write_text(
        pyproject + "\n[tool.mutmut]\n" + "\n".join(lines) + "\n", encoding="utf-8"
    )
    with session.chdir(work):
        session.run(PY, "-m", "mutmut", "run", *args, env={"FUZZ_EXAMPLES": "25"})
        session.run(PY, "-m", "mutmut", "results")
        session.run(PY, "-m", "mutmut", "export-cicd-stats")
        stats = json.loads(Path("mutants/mutmut-cicd-stats.json").read_text(encoding="utf-8"))
    session.log(f"mutation stats for {source}: {stats}")
    # As mutmut's own badge counts: a mutant no test reaches counts against the score.
    caught = stats.get("killed", 0) + stats.get("timeout", 0)
    total = stats.get("total", 0) - stats.get("skipped", 0)
    if total:
        session.log(f"mutation score: {caught}/{total} = {100 * caught / total:.1f}% killed")


@nox.session(name="bench-tournament", venv_backend="none")
def bench_tournament(session: nox.Session) -> None:
    """The tournament runner's speed on 1 and 2 workers and its overhead (not default)."""
    session.run(PY, "benchmarks/tournament.py", *session.posargs)
