"""Each student's questions, re-derived from the secret: most of grading's time, in worker processes for a
large class (students are independent of each other)."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import Any

from ..assignment import Assignment

__all__ = ["PARALLEL_FROM", "question_sets"]

#: a class this size or larger has its questions re-derived in worker processes
PARALLEL_FROM = 200
_WORKER_ASSIGNMENT: list[Assignment] = []


def _start_worker(assignment: Assignment) -> None:
    _WORKER_ASSIGNMENT[:] = [assignment]


def _worker_questions(student: str) -> list[dict[str, Any]]:
    return _WORKER_ASSIGNMENT[0].questions_for(student)


def question_sets(assignment: Assignment, ids: list[str], workers: int | None) -> Iterator[list[dict[str, Any]]]:
    """Each student's questions, in the order of ``ids``: re-deriving them is most of grading's time
    (random draws, a solver for the decision questions), and students are independent of each other."""
    if workers is None:
        cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
        workers = min(cpus, 4) if len(ids) >= PARALLEL_FROM else 1
    if workers <= 1:
        for sid in ids:
            yield assignment.questions_for(sid)
        return
    import multiprocessing

    # spawn, not fork: a grading run may be inside a Jupyter kernel, whose threads a fork would copy
    context = multiprocessing.get_context("spawn")
    with _main_left_alone():
        pool = context.Pool(workers, initializer=_start_worker, initargs=(assignment,))
    with pool:
        yield from pool.imap(_worker_questions, ids, chunksize=max(1, min(50, len(ids) // (workers * 8))))


@contextlib.contextmanager
def _main_left_alone() -> Iterator[None]:
    """Start worker processes without running the caller's script again in each of them.

    A spawned worker normally re-imports the ``__main__`` module; an instructor's script that calls ``grade``
    at its top level (no ``if __name__ == "__main__":``) would then grade again in every worker, and
    multiprocessing stops with a RuntimeError.  The workers need only this package: while they start,
    ``__main__`` shows no file or spec to re-import.
    """
    main = sys.modules.get("__main__")
    if main is None:
        yield
        return
    saved: dict[str, Any] = {n: main.__dict__[n] for n in ("__file__", "__spec__") if n in main.__dict__}
    main.__dict__.pop("__file__", None)
    if "__spec__" in saved:
        main.__dict__["__spec__"] = None
    try:
        yield
    finally:
        main.__dict__.update(saved)
