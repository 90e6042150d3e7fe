"""The executors a tournament can run on, by name: process, thread, inline and Dask.

:func:`open_executor` opens one as a context manager. ``"process"`` is a
:class:`~concurrent.futures.ProcessPoolExecutor` whose workers ignore Ctrl-C (the
runner handles it); ``"thread"`` a :class:`~concurrent.futures.ThreadPoolExecutor`;
``"inline"`` runs every batch at once in the calling thread; ``"dask"`` connects to a
running Dask scheduler (``scheduler="tcp://host:8786"``) or starts a ``LocalCluster``,
and yields ``Client.get_executor()``. Dask is the optional extra ``sixtysix[dask]`` and
is imported only here, only when asked for.

>>> with open_executor("inline") as ex:
...     ex.submit(pow, 2, 10).result()
1024
"""

from __future__ import annotations

import importlib
import os
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, Literal, ParamSpec, TypeVar

from ..errors import TournamentError

__all__ = ["default_workers", "open_executor"]

#: The executor names :func:`open_executor` accepts.
_EXECUTORS = ("process", "thread", "inline", "dask")

ExecutorName = Literal["process", "thread", "inline", "dask"]

_P = ParamSpec("_P")
_T = TypeVar("_T")


def default_workers() -> int:
    """One worker per core the process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


class _Inline(Executor):
    """An executor that runs each call at once, in the calling thread (no parallelism)."""

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        """Run ``fn(*args, **kwargs)`` now; the future holds its result or exception."""
        future: Future[_T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as exc:
            future.set_exception(exc)
        return future


def _ignore_sigint() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def open_executor(
    name: str,
    workers: int | None = None,
    *,
    scheduler: str | None = None,
    timeout: float = 5.0,
    processes: bool = True,
) -> Iterator[Executor]:
    """An executor by name, shut down (and a Dask cluster closed) on leaving.

    Args:
        name: ``"process"``, ``"thread"``, ``"inline"`` or ``"dask"``.
        workers: The number of workers (default one per core); for Dask with a
            scheduler address, the cluster's own.
        scheduler: The address of a running Dask scheduler (Dask only).
        timeout: Seconds to wait for the Dask scheduler to answer.
        processes: Whether a Dask ``LocalCluster`` runs its workers in processes.

    Raises:
        TournamentError: an unknown name, Dask not installed, or a Dask scheduler that
            cannot be reached.
    """
    n = workers if workers is not None else default_workers()
    if name == "process":
        with ProcessPoolExecutor(max_workers=n, initializer=_ignore_sigint) as pool:
            yield pool
    elif name == "thread":
        with ThreadPoolExecutor(max_workers=n) as threads:
            yield threads
    elif name == "inline":
        yield _Inline()
    elif name == "dask":
        with _dask_client(scheduler, n, timeout, processes) as client:
            yield client.get_executor(pure=False)
    else:
        raise TournamentError(f"unknown executor {name!r}: use one of {', '.join(_EXECUTORS)}")


@contextmanager
def _dask_client(
    scheduler: str | None, workers: int, timeout: float, processes: bool
) -> Iterator[Any]:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise TournamentError("--executor dask needs Dask: pip install 'sixtysix[dask]'") from None
    if scheduler is None:
        Client = distributed.Client
        cluster = distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=processes,
            dashboard_address=None,
        )
        try:
            with Client(cluster) as client:
                yield client
        finally:
            cluster.close()
        return
    try:
        client = distributed.Client(scheduler, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        raise TournamentError(
            f"cannot reach the Dask scheduler at {scheduler!r} within {timeout:g} s: {exc}"
        ) from None
    with client:
        yield client
