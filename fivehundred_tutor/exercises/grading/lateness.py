"""Lateness, from times the student cannot set.

In order: nbgrader's ``timestamp.txt`` (its own layout, see :mod:`.collection`), the LMS's submission time
(Moodle's grading worksheet as the roster), the time the instructor says they collected (``--collected-at``),
and the files' own times only when the instructor says those are the hand-in times (``--file-times``: a copy
that keeps times from a folder a student can write lets the student set them).  Canvas's download marks a late
file ``LATE_``: that marker decides late or not, and how late comes from a submission time (the roster's
``submitted_at``) — its download has none — else is the least the mark shows, an estimate the run names.  With
none of these, lateness is not judged and the run warns, naming the students; it warns too when most rows come
out late or the file times all fall within seconds (a copy's time).
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, replace

from ..assignment import Assignment, Deadline
from ..roster import Roster, Student
from ..text import safe_text
from .intake import Claim
from .results import Note, StudentResult

__all__ = ["CollectionTimes", "Lateness", "apply_late_penalty", "lateness_warnings", "lms_time"]

_MOODLE_FORMATS = ("%A, %d %B %Y, %I:%M %p", "%A, %d %B %Y, %H:%M", "%d %B %Y, %I:%M %p", "%d %B %Y, %H:%M")
#: file times this close together look like one copy's time, not the students' hand-ins
CLUSTER_SECONDS = 2


@dataclass(frozen=True)
class CollectionTimes:
    """What the instructor says about the collection's times.

    ``collected_at``: when the files were collected (everything in by then); ``file_times``: the files' own
    times are when they were handed in (a collection that sets them itself).
    """

    collected_at: _dt.datetime | None = None
    file_times: bool = False


@dataclass(frozen=True)
class Lateness:
    """How one student's lateness was judged: the time used (None: not judged) and where it came from.

    ``student``: whose; ``why``: why the collection's own time could not be used (nbgrader's timestamp.txt
    missing, a link, not a time), for the run's warning; ``estimate``: the days charged are only the least
    Canvas's ``LATE_`` shows (no submission time), in words for the run's warning.
    """

    when: _dt.datetime | None
    basis: str
    days: int = 0
    student: str = ""
    why: str = ""
    estimate: str = ""  # Canvas's LATE_ without a submission time: whose days charged are the least, in words


def lms_time(text: str, zone: _dt.tzinfo) -> _dt.datetime | None:
    """An LMS's submission time as its export writes it: ISO 8601, or Moodle's English worksheet format (in the
    deadline's time zone, as Moodle shows the course's times); None for "-" or anything else.

    >>> lms_time("Sunday, 1 March 2026, 11:30 PM", _dt.timezone.utc).isoformat()
    '2026-03-01T23:30:00+00:00'
    >>> lms_time("2026-03-01T23:30:00+10:00", _dt.timezone.utc).isoformat(), lms_time("-", _dt.timezone.utc)
    ('2026-03-01T23:30:00+10:00', None)
    """
    text = text.strip()
    if not text or text == "-":
        return None
    try:
        when = _dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
        return when if when.tzinfo else when.replace(tzinfo=zone)
    except ValueError:
        pass
    for fmt in _MOODLE_FORMATS:
        try:
            return _dt.datetime.strptime(text, fmt).replace(tzinfo=zone)
        except ValueError:
            continue
    return None


def _time_of(claim: Claim, student: Student | None, times: CollectionTimes, zone: _dt.tzinfo) -> Lateness:
    if claim.stamp is not None:
        return Lateness(claim.stamp, "nbgrader timestamp.txt")
    submitted = lms_time(student.submitted, zone) if student is not None and student.submitted else None
    if submitted is not None:
        return Lateness(submitted, "the LMS's submission time")
    if times.collected_at is not None:
        return Lateness(times.collected_at, "the collection time given")
    if times.file_times:
        return Lateness(claim.file_time, "file time")
    return Lateness(None, "")


def apply_late_penalty(
    assignment: Assignment, roster: Roster, result: StudentResult, claim: Claim, times: CollectionTimes
) -> Lateness:
    """Days late (a part of a day counts as one) past the due time plus the student's extension, and the
    penalty they cost; returns how it was judged (``when`` None: it could not be)."""
    judged = _judge(assignment, roster, result, claim, times)
    why = claim.stamp_problem if judged.when is None and judged.basis == "" else ""
    if why:
        result.problems.append(Note.private(f"note: lateness not judged: {why}"))
    return replace(judged, student=result.student, why=why)


def _judge(
    assignment: Assignment, roster: Roster, result: StudentResult, claim: Claim, times: CollectionTimes
) -> Lateness:
    deadline = assignment.deadline
    if deadline is None:
        return Lateness(None, "no deadline")
    student = roster.get(result.student)
    extension = student.extension_days if student else 0.0
    zone = deadline.due.tzinfo or _dt.timezone.utc
    judged = _time_of(claim, student, times, zone)
    with_ext = f", extension {extension:g} day(s)" if extension else ""
    if claim.late_marker is False:
        return Lateness(judged.when, "Canvas (not marked late)")
    if claim.late_marker:
        return _canvas_late(deadline, result, judged, extension)
    if judged.when is None:
        return judged
    else:
        days = deadline.days_late(judged.when, extension)
        how = f"collected {judged.when:%Y-%m-%d %H:%M %Z} by {judged.basis}{with_ext}"
    result.days_late = days
    if days:
        result.penalty = deadline.penalty(days)
        result.problems.append(f"note: late by {days} day(s) ({how}): {100 * result.penalty:g}% off")
    return Lateness(judged.when, judged.basis, days)


#: the times that say when a student handed in (not when the files were collected or copied)
_SUBMISSION_TIMES = ("nbgrader timestamp.txt", "the LMS's submission time")


def _canvas_late(deadline: Deadline, result: StudentResult, judged: Lateness, extension: float) -> Lateness:
    """A file Canvas marked ``LATE_``: its days late from the submission time when one is known (the roster's
    ``submitted_at``, nbgrader's timestamp.txt), else the least the mark shows — a day, or none for a student
    with an extension (Canvas's mark may not count it) — with the most it could be by the collection time given,
    said as an estimate (the run names those students).  Canvas's download holds no submission time: the times
    of its zip's files are when the zip was made."""
    sid = result.student
    least = 0 if extension else 1
    with_ext = f", extension {extension:g} day(s)" if extension else ""
    if judged.when is not None and judged.basis in _SUBMISSION_TIMES:
        days = max(least, deadline.days_late(judged.when, extension))
        how = f"marked late by Canvas; {judged.basis} {judged.when:%Y-%m-%d %H:%M %Z}{with_ext}"
        estimate = ""
    else:
        by_collection = judged.when is not None and judged.basis == "the collection time given"
        most = deadline.days_late(judged.when, extension) if by_collection and judged.when is not None else None
        days = least
        exact = most is not None and most <= least
        upto = f", up to {most} by the collection time given" if most is not None else ", maybe more"
        ext = f" (an extension of {extension:g} day(s), which Canvas's mark may not count)" if extension else ""
        estimate = "" if exact else f"{sid} ({days} day(s) charged{ext}{upto})"
        how = (
            f"marked late by Canvas, whose download gives no submission time: charged the least the mark shows"
            f"{ext}{upto}; add {sid}'s submitted_at to the roster for the exact days"
        )
    result.days_late = days
    if days:
        result.penalty = deadline.penalty(days)
        result.problems.append(
            Note(
                f"note: late by {days} day(s) ({how}): {100 * result.penalty:g}% off",
                for_student=f"note: late by {days} day(s) (marked late by Canvas): {100 * result.penalty:g}% off",
            )
        )
    elif estimate:
        result.problems.append(Note.private(f"note: not charged as late ({how})"))
    return Lateness(judged.when, "Canvas LATE_ marker", days, estimate=estimate)


def lateness_warnings(assignment: Assignment, judged: list[Lateness]) -> list[str]:
    """What looks wrong about a run's times: lateness not judged, most rows late, file times of one copy."""
    if assignment.deadline is None or not judged:
        return []
    out = []
    unjudged = [j for j in judged if j.when is None and not j.basis.startswith("Canvas")]
    if unjudged:
        names = "; ".join(safe_text(j.student, 40) + (f" ({j.why})" if j.why else "") for j in unjudged[:20])
        more = " …" if len(unjudged) > 20 else ""
        out.append(
            f"lateness not judged for {len(unjudged)} student(s), so no late penalty — {names}{more} — with no "
            "time of the collection's own (nbgrader's timestamp.txt inside its submitted/ folder, the LMS's "
            "submission times, Canvas's LATE_ marker); give --collected-at TIME (when you collected), or "
            "--file-times if the files' times are when they were handed in"
        )
    estimates = [j.estimate for j in judged if j.estimate]
    if estimates:
        shown = "; ".join(estimates[:20]) + (" …" if len(estimates) > 20 else "")
        out.append(
            f"lateness is an estimate for {len(estimates)} student(s) marked LATE_ by Canvas, whose download gives "
            f"no submission times — {shown} — each charged the least the mark shows (a day, none with an "
            "extension), not their real lateness; for the exact days add a submitted_at column to the roster with "
            "each one's submission time (as SpeedGrader shows it, e.g. 2026-03-02T09:15+10:00) and grade again"
        )
    counted = [j for j in judged if j.when is not None or j.basis.startswith("Canvas")]
    late = sum(1 for j in counted if j.days)
    if len(counted) >= 3 and 2 * late > len(counted):
        used = {j.basis for j in counted if j.days}
        bases = ", ".join(sorted(used))
        if used == {"the collection time given"}:
            why = "is the time given with --collected-at right (its date, its time zone)?"
        elif used == {"file time"}:
            why = "if the files were copied or unzipped after the deadline, their times are the copy's"
        else:
            why = "check the times they were judged by"
        out.append(
            f"{late} of {len(counted)} graded students count as late (by {bases}): {why}; check before handing "
            "back grades"
        )
    by_file = sorted(j.when for j in judged if j.basis == "file time" and j.when is not None)
    if len(by_file) >= 3 and (by_file[-1] - by_file[0]).total_seconds() <= CLUSTER_SECONDS:
        spread = (by_file[-1] - by_file[0]).total_seconds()
        out.append(
            f"the file times of {len(by_file)} sheets fall within {spread:.1f} seconds of each other: they look "
            "like the time of a copy or an unzip, not of handing in (give --collected-at or the LMS's times)"
        )
    return out
