"""One sheet per student: when a student handed in more than one, the one the collection received last.

A sheet with the student's own token always comes first: one without (accepted only from the student's own
folder, and never in an exam) is graded only when no sheet with a valid token came in.  Among those, the
collection's own order decides — Canvas's submission ids, nbgrader's ``timestamp.txt`` — else the file times;
never a time written inside a sheet (the student's clock).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import PurePosixPath
from typing import Any

from ..assignment import Assignment
from .intake import Claim
from .results import Note, StudentResult

__all__ = ["choose", "describe", "order_basis", "outside_copies", "redownloads", "trusted"]

# what a browser adds to a file it downloads again under a name already taken: "hw1 (1).answers.json" (Chrome,
# Edge), "hw1.answers(1).json" (Firefox)
_BROWSER_COPY = re.compile(r" ?\([0-9]{1,3}\)")


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


def outside_copies(own: list[Claim], result: StudentResult) -> tuple[list[Claim], list[tuple[str, str]]]:
    """A student's hand-in is their collection entry's: copies of their sheet elsewhere are set aside.

    When the collection's own entry (their folder, their LMS entry) holds a sheet of the student's, a sheet of
    theirs (with a valid token) found outside it (at the top of the collection, in a folder of no roster
    student) is someone's copy:
    it never decides which sheet is graded nor when it came in (with ``--file-times`` a copy's later time
    would make the owner late).  Returns (the claims kept, the copies set aside as unmatched rows).
    """
    inside = [c for c in own if c.own_entry]
    outside = [c for c in own if not c.own_entry]
    if not outside or not any(c.token_ok for c in inside):
        return own, []
    sid = result.student
    files = ", ".join(c.rel for c in outside)
    result.problems.append(
        Note(
            f"note: {len(outside)} copy/copies of {sid}'s sheet outside {sid}'s own folder ({files}): not used "
            "(neither graded nor timed; the sheet in the student's own folder decides)",
            for_student=f"note: {len(outside)} copy/copies of your sheet were found outside your folder: not used",
        )
    )
    unmatched = [
        (c.rel, f"a copy of {sid}'s sheet (their token) outside {sid}'s own folder: not used, neither graded nor timed")
        for c in outside
    ]
    return inside, unmatched


def redownloads(own: list[Claim]) -> bool:
    """True when the files are one file the browser saved again ("hw1.answers.json", "hw1 (1).answers.json" …) in
    one folder: a student who downloaded twice, not a case to flag.

    >>> from datetime import datetime, timezone
    >>> t = datetime(2026, 1, 1, tzinfo=timezone.utc)
    >>> c = lambda rel: Claim(rel, {}, t, "file time", t)
    >>> redownloads([c("amy/hw1-amy.answers.json"), c("amy/hw1-amy (1).answers.json")])
    True
    >>> redownloads([c("amy/week3.answers.json"), c("amy/week3-trumps (1).answers.json")])
    False
    """
    paths = [PurePosixPath(c.rel) for c in own]
    return len({p.parent for p in paths}) == 1 and len({_BROWSER_COPY.sub("", p.name) for p in paths}) == 1


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
    if basis == "file time" and ordered[-2].file_time == latest.file_time:
        # nothing says which came in last: the order by name is no order of the collection's
        result.problems.append(
            Note(
                f"duplicated: {len(own)} different answer sheets ({files}) with the same file time "
                f"({latest.file_time:%Y-%m-%d %H:%M:%S %Z}): nothing says which came in last, so {latest.rel} (the "
                "last by name) was graded — check which one the student meant",
                for_student=f"{len(own)} different answer sheets were handed in: your teacher will check which counts",
            )
        )
        return latest
    if basis == "file time" and redownloads(own):
        result.problems.append(
            Note(
                f"note: re-downloaded: {len(own)} versions of one answer sheet saved by the browser ({files}); "
                f"graded the one collected last by file time ({latest.rel}, {describe(latest, basis)})",
                for_student=f"note: {len(own)} versions of your answer sheet were handed in: the newest was graded",
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
