"""Mining at scale: the same jobs in this process, in worker processes, or on a Dask cluster.

Each job is independent and seeded (:func:`~.mine.mine_job`), so the puzzles do not depend on
where a job runs: results are gathered in job order, and the same jobs give the same puzzles
in one process, in ``workers`` local processes, or on a Dask cluster given its scheduler's
address (``dask.distributed``, the optional ``[dask]`` extra) — a course that wants a million
puzzles runs them there.

>>> [len(batch) >= 0 for batch in run_jobs([Job("misere", 5)])]
[True]
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import FiveHundredError
from .mine import Job, mine_job

__all__ = ["DaskUnavailable", "run_jobs"]

Progress = Callable[[int, int], None]


class DaskUnavailable(FiveHundredError, RuntimeError):
    """``--dask`` was given but ``dask.distributed`` is not installed."""


def _init_worker() -> None:
    # one DDS thread per worker process: the processes are the parallelism
    from ..solver import dds

    dds.set_threads(1)


def _mine(job: Job) -> list[dict[str, Any]]:
    return mine_job(job)


def run_jobs(
    jobs: Sequence[Job],
    *,
    workers: int = 1,
    dask: str | Any | None = None,
    progress: Progress | None = None,
) -> list[list[dict[str, Any]]]:
    """Each job's puzzles, in job order.  ``workers`` local processes (1: this process), or ``dask``
    (a scheduler address like ``tcp://host:8786``, or a ``distributed.Client``)."""
    total = len(jobs)
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    if dask is not None:
        return _run_dask(jobs, dask, tick)
    if workers <= 1:
        out = []
        for job in jobs:
            out.append(mine_job(job))
            tick()
        return out
    context = multiprocessing.get_context("spawn")  # no inherited DDS state or threads
    results: list[list[dict[str, Any]] | None] = [None] * total
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker) as pool:
        futures = {pool.submit(_mine, job): i for i, job in enumerate(jobs)}
        for future in concurrent.futures.as_completed(futures):
            results[futures[future]] = future.result()
            tick()
    return [r if r is not None else [] for r in results]


def _run_dask(jobs: Sequence[Job], dask: str | Any, tick: Callable[[], None]) -> list[list[dict[str, Any]]]:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise DaskUnavailable(
            "mining on a Dask cluster needs dask.distributed: pip install 'fivehundred-tutor[dask]'"
        ) from None
    client = Client(dask) if isinstance(dask, str) else dask  # type: ignore[no-untyped-call]
    try:
        client.run(_init_worker)
        futures = client.map(_mine, list(jobs), pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        results: list[list[dict[str, Any]] | None] = [None] * len(jobs)
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            results[index[future.key]] = future.result()
            tick()
        return [r if r is not None else [] for r in results]
    finally:
        if isinstance(dask, str):
            client.close()
