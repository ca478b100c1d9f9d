"""One sheet per student: when a student handed in more than one, the one the collection received last.

The collection's own order decides — Canvas's submission ids, nbgrader's ``timestamp.txt`` — else the file
times; never a time written inside a sheet (the student's clock).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .intake import Claim
from .results import StudentResult

__all__ = ["choose", "describe", "order_basis"]


def order_basis(own: list[Claim]) -> tuple[str, Callable[[Claim], Any]]:
    """How to put one student's files in the order the collection received them, and in words.

    The export's own order first: Canvas's submission ids (a resubmission has a higher id, and a file handed in
    again under the same name gets -1, -2 …), nbgrader's timestamp.txt (written by collect, not by the student);
    else the file times.  Never a time written inside a sheet.
    """
    if all(c.canvas is not None for c in own):
        return "Canvas submission order", lambda c: (c.canvas, c.file_time, c.rel)
    if all(c.stamp is not None for c in own) and len({c.stamp for c in own}) == len(own):
        return "nbgrader timestamp.txt", lambda c: (c.stamp, c.rel)
    return "file time", lambda c: (c.file_time, c.rel)


def describe(claim: Claim, basis: str) -> str:
    """Where a claim stands in the collection's order, in words (the gradebook's ``collected_by``)."""
    if basis == "Canvas submission order" and claim.canvas is not None:
        sub, again = claim.canvas
        return f"Canvas submission {sub}" + (f", resubmitted file -{again}" if again else "")
    if basis == "nbgrader timestamp.txt" and claim.stamp is not None:
        return f"nbgrader timestamp.txt {claim.stamp:%Y-%m-%d %H:%M:%S %Z}"
    return f"file time {claim.file_time:%Y-%m-%d %H:%M:%S %Z}"


def choose(own: list[Claim], result: StudentResult) -> Claim:
    """One sheet per student: the one the collection received last (see :func:`order_basis`)."""
    basis, key = order_basis(own)
    if len(own) == 1:
        result.collected_by = describe(own[0], basis if own[0].canvas else "nbgrader timestamp.txt")
        return own[0]
    ordered = sorted(own, key=key)
    latest = ordered[-1]
    result.collected_by = describe(latest, basis)
    distinct = {json.dumps(c.sheet.get("answers"), sort_keys=True, default=str) for c in own}
    files = ", ".join(c.rel for c in ordered)
    if len(distinct) == 1:
        result.problems.append(f"note: {len(own)} submissions with the same answers ({files}): graded once")
        return latest
    result.problems.append(
        f"duplicated: {len(own)} different answer sheets ({files}); graded the one collected last by "
        f"{basis} ({latest.rel}, {describe(latest, basis)}); the times written inside sheets are not used"
    )
    return latest
