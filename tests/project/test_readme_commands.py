"""README.md's commands: CI runs exactly them, and the one that shows the library works.

The README promises two commands that work on a fresh machine exactly as printed: the
install from a clone (with everything the suite needs) followed by the test command, and
a command that shows the library doing its main job. ``.ci/run`` must run the first two
verbatim and install nothing else, or a README that misses a step stays hidden behind a
green CI (that happened: CI installed the adapters' frameworks, the README's install did
not, and the coverage threshold failed for a reader).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from sixtysix.cli import main

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI_RUN = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def _blocks_after(heading: str) -> list[str]:
    """The fenced ``bash`` blocks of the README section whose heading is ``heading``."""
    match = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", README, re.M | re.S)
    assert match, f"README.md has no section {heading!r}"
    return re.findall(r"```bash\n(.*?)```", match.group(1), re.S)


def _ci_lines() -> list[str]:
    """The commands of .ci/run, without comments and leading white space."""
    return [line.strip() for line in CI_RUN.splitlines() if not line.strip().startswith("#")]


def test_ci_installs_exactly_what_the_readme_says() -> None:
    install = [b.strip() for b in _blocks_after("Install") if "-e '.[dev" in b]
    assert len(install) == 1, "README.md's Install section names one dev install"
    assert install[0] in _ci_lines(), ".ci/run must run README.md's install command as printed"
    # Nothing else is installed for the main run: every pip install in .ci/run is either
    # the README's line or the other versions' virtual environments.
    others = [
        line
        for line in _ci_lines()
        if "pip" in line and "install" in line and line != install[0] and ".venv-" not in line
    ]
    assert not [line for line in others if "$venv/bin/pip" not in line], others


def test_ci_runs_the_readme_test_commands() -> None:
    blocks = [b.strip() for b in _blocks_after("Run the tests")]
    assert blocks[-1] == ".venv/bin/python -m nox", "the last command runs the whole suite"
    for command in blocks:
        assert any(line.startswith(command + " ") or line == command for line in _ci_lines()), (
            command
        )


def test_the_dev_extra_installs_every_framework_the_suite_tests() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    dev = re.search(r"^dev = \[(.*?)^\]", pyproject, re.M | re.S)
    assert dev
    for extra in ("openspiel", "pettingzoo", "gymnasium", "dask", "tqdm", "testing", "browser"):
        assert re.search(rf"sixtysix\[[^\]]*\b{extra}\b", dev.group(1)), extra


def test_the_readme_simulate_command_prints_what_the_readme_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    (command,) = [b.strip() for b in _blocks_after("Try it") if "simulate" in b]
    argv = shlex.split(command)
    assert argv[0].endswith("sixtysix")
    assert main(argv[1:]) == 0
    out = capsys.readouterr().out
    claim = re.search(r"wins all (\d+) matches and (\d+) of the (\d+) hands \(([\d.]+)%\)", README)
    assert claim, "README.md states the simulate command's result"
    matches, won, hands, rate = claim.groups()
    assert re.search(rf"^matches won\s+{matches}\s+0$", out, re.M), out
    assert re.search(rf"^hands won\s+{won}\s+\d+$", out, re.M), out
    assert f"hands: {hands} " in out
    assert re.search(rf"^hand win rate\s+{re.escape(rate)}%", out, re.M), out
    for share, name in (("53", "failed_close"), ("29", "claim"), ("13", "closer_beaten")):
        assert f"{share}%" in README
        line = re.search(rf"^\s+{name}\s+\d+\s+([\d.]+)%$", out, re.M)
        assert line, (name, out)
        assert round(float(line.group(1))) == int(share), (name, line.group(1))
