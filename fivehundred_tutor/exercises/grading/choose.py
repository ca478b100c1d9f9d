"""One sheet per student: when a student handed in more than one, the one the collection received last.

A sheet with the student's own token always comes first: one without (accepted only from the student's own
folder, and never in an exam) is graded only when no sheet with a valid token came in.  Among those, the
collection's own order decides — Canvas's submission ids, nbgrader's ``timestamp.txt`` — else the file times;
never a time written inside a sheet (the student's clock).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..assignment import Assignment
from .intake import Claim
from .results import Note, StudentResult

__all__ = ["choose", "describe", "order_basis", "trusted"]


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


def trusted(own: list[Claim], assignment: Assignment, result: StudentResult) -> list[Claim]:
    """The claims that may be graded: those with the student's token; else (homework only) those without one.

    A sheet without a token never displaces or outranks one with the student's token; in an exam (``feedback =
    "none"``) it is never graded.  Returns [] when nothing may be graded (the row says why).
    """
    valid = [c for c in own if c.token_ok]
    tokenless = [c for c in own if not c.token_ok]
    if valid:
        if tokenless:
            files = ", ".join(c.rel for c in tokenless)
            result.problems.append(Note.private(f"note: ignored {len(tokenless)} sheet(s) without a token ({files})"))
        return valid
    if assignment.exam:
        files = ", ".join(c.rel for c in tokenless)
        result.files.extend(c.rel for c in tokenless)
        result.problems.append(
            Note.private(
                f"{files}: the sheet carries no token; in an exam only sheets from the student's own files are "
                "graded — not graded"
            )
        )
        return []
    return tokenless


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
    # the student reads how many and which rule chose, never the files' paths (a path may name another folder)
    if len(distinct) == 1:
        result.problems.append(
            Note(
                f"note: {len(own)} submissions with the same answers ({files}): graded once",
                for_student=f"note: {len(own)} submissions with the same answers: graded once",
            )
        )
        return latest
    # the LMS's or nbgrader's own order: an ordinary resubmission (a note); file times can lie: flagged
    head = "duplicated: " if basis == "file time" else "note: resubmitted: "
    result.problems.append(
        Note(
            f"{head}{len(own)} different answer sheets ({files}); graded the one collected last by "
            f"{basis} ({latest.rel}, {describe(latest, basis)}); the times written inside sheets are not used",
            for_student=f"{len(own)} different answer sheets were handed in: the one collected last was graded",
        )
    )
    return latest
