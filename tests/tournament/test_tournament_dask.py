"""Tournaments on Dask: a LocalCluster gives the same report; a dead scheduler is an error."""

from __future__ import annotations

import socket
from collections.abc import Callable

import pytest

from sixtysix.cli import main
from sixtysix.errors import TournamentError
from sixtysix.tournament import BotSpec, Tournament, open_executor, parse_bot, run_tournament

distributed = pytest.importorskip(
    "distributed", reason="Dask is not installed (pip install 'sixtysix[dask]')"
)

Run = Callable[..., tuple[int, str, str]]


def _free_port() -> int:
    """A loopback port that nothing listens on (bound, then released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


def test_local_cluster_gives_the_same_report() -> None:
    t = Tournament((BotSpec("rule"), BotSpec("random"), parse_bot("r2=random")), deals=4, seed=8)
    expected = run_tournament(t, "inline").report().to_dict(timing=False)
    with open_executor("dask", 2, processes=False) as executor:
        run = run_tournament(t, executor, workers=2, batch_size=1)
    assert run.report().to_dict(timing=False) == expected
    # The runner can open (and close) the cluster itself too.
    named = run_tournament(t, "dask", workers=1, batch_size=3)
    assert named.report().to_dict(timing=False) == expected


def test_a_scheduler_that_cannot_be_reached() -> None:
    address = f"tcp://127.0.0.1:{_free_port()}"
    with (
        pytest.raises(TournamentError, match=f"cannot reach the Dask scheduler at '{address}'"),
        open_executor("dask", scheduler=address, timeout=0.5),
    ):
        pass  # pragma: no cover


def test_the_command_reports_an_unreachable_scheduler(
    capsys: pytest.CaptureFixture[str],
) -> None:
    address = f"tcp://127.0.0.1:{_free_port()}"
    status = main(
        ["tournament", "rule", "random", "--deals", "2", "--executor", "dask",
         "--scheduler", address, "--connect-timeout", "0.5"]
    )  # fmt: skip
    out, err = capsys.readouterr()
    assert (status, out) == (1, "")
    assert err.startswith(f"sixtysix: error: cannot reach the Dask scheduler at '{address}'")


def test_the_command_on_a_scheduler(capsys: pytest.CaptureFixture[str]) -> None:
    cluster = distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    )
    try:
        status = main(
            ["tournament", "rule", "random", "--deals", "3", "--seed", "2", "--executor",
             "dask", "--scheduler", cluster.scheduler_address, "--quiet"]
        )  # fmt: skip
    finally:
        cluster.close()
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    assert "3 of 3 deals played" in out
