"""``fivehundred-tutor assign`` and ``fivehundred-tutor grade``, and ``fivehundred-tutor exercises``: the three
instructor commands (assign, grade, mark) together, in the order a course uses them."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from ..exercises.assignment import AssignmentError, load_assignment
from ..exercises.roster import RosterError, load_roster
from ..exercises.text import status_words
from ..i18n import decimal, ngettext, pgettext
from ..i18n import gettext as _

__all__ = ["register"]


class _Rows:
    """``assign``'s report: a label column (``  note:             …``), 18 wide as in English, or as wide as
    the longest label a language gives it; a text's further lines start under its first."""

    def __init__(self, labels: list[str]) -> None:
        self.width = max(18, *(len(label) + 2 for label in labels))

    def line(self, label: str, text: str) -> str:
        # Translators: a label of the assign report's left column, with its colon ("note:")
        head = _("{label}:").format(label=label)
        indent = "\n" + " " * (self.width + 2)
        return f"  {head:<{self.width}}" + indent.join(text.split("\n"))


def _status_count(status: str, n: int) -> str:
    """``3 graded``: a count of students with a status, in the reader's language."""
    # Translators: a count of students with a status, in "hw1: 30 students — 27 graded, 2 flagged, 1 missing"
    return ngettext("{n} {status}", "{n} {status}", n).format(n=n, status=status_words(status))


def _warning(text: str) -> str:
    """``  warning: …`` (the warning's own words come from where it is found)."""
    return _("  warning: {text}").format(text=text)


def _load(args: argparse.Namespace) -> tuple[Any, Any]:
    from . import CLIError

    try:
        assignment = load_assignment(args.assignment, secret=args.secret)
        roster = load_roster(args.roster)
    except (AssignmentError, RosterError) as err:
        raise CLIError(str(err)) from None
    return assignment, roster


def _progress_wanted(args: argparse.Namespace) -> bool:
    """A progress bar only for a person at a terminal: never in a pipe, a log or a CI run."""
    return not args.no_progress and sys.stderr.isatty()


def _took(start: float) -> None:
    """How long it took, for a person at a terminal; piped output stays the same from run to run."""
    if sys.stdout.isatty():
        print(_("  done in {seconds} s").format(seconds=decimal(time.perf_counter() - start, 1)))


def _secret_warnings(assignment: Any) -> None:
    """Say it when git tracks the secret (a pushed course folder would publish every answer)."""
    from ..exercises.grading import safe_text
    from ..exercises.secret_guard import secret_warnings

    if assignment.secret_file:
        for warning in secret_warnings(Path(assignment.secret_file)):
            print(_warning(safe_text(warning, 600)), file=sys.stderr)


def cmd_assign(args: argparse.Namespace) -> int:
    from ..bookbuild.bundles import BundleError, ensure_bundles
    from ..exercises.grading import safe_text
    from ..exercises.pools import ENOUGH
    from ..exercises.release import assign
    from . import CLIError

    assignment, roster = _load(args)
    for warning in roster.warnings:
        print(_warning(safe_text(warning, 600)), file=sys.stderr)
    try:
        ensure_bundles()  # the student pages embed the assignment page's bundle (built from a source checkout)
    except BundleError as err:
        raise CLIError(str(err)) from None
    start = time.perf_counter()
    try:
        manifest = assign(assignment, roster, args.out, progress=_progress_wanted(args))
    except AssignmentError as err:
        raise CLIError(str(err)) from None
    except OSError as err:
        raise CLIError(f"{safe_text(err.filename or args.out)}: cannot write the release ({err.strerror})") from None
    out = Path(args.out)
    if assignment.exam:
        mode = _("exam (no answers in student files)")
    elif assignment.feedback == "after-submit":
        mode = _("feedback after grading (no answers in student files)")
    else:
        mode = _("feedback: immediate (accepted answers are in the student files)")
    n_students, n_questions = len(manifest["students"]), assignment.question_count
    students = ngettext("{n} student", "{n} students", n_students).format(n=n_students)
    questions = ngettext("{n} question", "{n} questions", n_questions).format(n=n_questions)
    print(
        # Translators: "hw1: 30 students × 12 questions, exam (no answers in student files)"
        _("{id}: {students} × {questions}, {mode}").format(
            id=assignment.id, students=students, questions=questions, mode=mode
        )
    )
    labels = {
        "note": pgettext("assign report", "note"),
        "new secret": pgettext("assign report", "new secret"),
        "secret": pgettext("assign report", "secret"),
        "warning": pgettext("assign report", "warning"),
        "question pools": pgettext("assign report", "question pools"),
        "for each student": pgettext("assign report", "for each student"),
        "instructor only": pgettext("assign report", "instructor only"),
    }
    rows = _Rows(list(labels.values()))
    if manifest.get("secret_is_public"):
        # Translators: keep the line break (\n): the report's lines stay short
        text = _(
            "this is the package's example: its secret is published, so its questions\n"
            "and answers are public; for a class, write your own assignment file"
        )
        print(rows.line(labels["note"], text))
    elif manifest["secret_made_now"]:
        print(rows.line(labels["new secret"], str(assignment.secret_file)))
        text = _("keep it private and back it up: grading needs it, and without it\nnobody can re-make these questions")
        print(" " * (rows.width + 2) + ("\n" + " " * (rows.width + 2)).join(text.split("\n")))
        if manifest.get("gitignore_written"):
            print(
                _("  wrote {path} (*.secret): git will not pick the secret up").format(
                    path=manifest["gitignore_written"]
                )
            )
    else:
        secret = assignment.secret_file or pgettext("secret file", "given")
        print(rows.line(labels["secret"], _("{secret} (the same questions as before)").format(secret=secret)))
    deadline = assignment.deadline
    if deadline is not None:
        import datetime as dt

        if deadline.due <= dt.datetime.now(dt.timezone.utc):
            text = _(
                "the due date {due} has already passed: every sheet collected from now on counts as late; "
                "change [deadline] due in the assignment file and run assign again"
            ).format(due=deadline.due.isoformat())
            print(rows.line(labels["warning"], text))
    _secret_warnings(assignment)
    complete = [p for p in manifest["pools"] if p["complete"]]
    small = [
        ngettext(
            "{topic} level {level}: {n} different question",
            "{topic} level {level}: {n} different questions",
            p["distinct"],
        ).format(topic=p["topic"], level=p["level"], n=p["distinct"])
        for p in complete
    ]
    large = len(manifest["pools"]) - len(small)
    if large:
        if small:
            more = ngettext(
                "the other {n} topic level: {enough} or more each",
                "the other {n} topic levels: {enough} or more each",
                large,
            )
        else:
            more = ngettext("{n} topic level: {enough} or more each", "{n} topic levels: {enough} or more each", large)
        small.append(more.format(n=large, enough=ENOUGH))
    print(rows.line(labels["question pools"], "; ".join(small)))
    for warning in manifest["pool_warnings"]:
        print(_warning(warning), file=sys.stderr)
    where = out / "students" / "<id>"
    print(
        rows.line(
            labels["for each student"], _("{path} (their own page, notebook and question set)").format(path=where)
        )
    )
    print(rows.line(labels["instructor only"], _("{path} (never hand it out)").format(path=out / "instructor")))
    _took(start)
    return 0


def _collected_at(text: str | None) -> Any:
    """``--collected-at``: a date and time with its zone (``2026-12-01T23:59+10:00``, or Z for UTC)."""
    from ..exercises.assignment import parse_time
    from . import CLIError

    if text is None:
        return None
    try:
        return parse_time(text, "--collected-at")
    except AssignmentError as err:
        raise CLIError(str(err)) from None


def cmd_grade(args: argparse.Namespace) -> int:
    from ..exercises import grade
    from ..exercises.grading import GradingError, safe_text
    from . import CLIError

    assignment, roster = _load(args)
    if not Path(args.submissions).is_dir():
        raise CLIError(f"{safe_text(args.submissions)}: no such submissions folder")
    if assignment.secret is None:
        raise CLIError(
            f"grading {assignment.id} needs its secret file {assignment.secret_hint()} (made by the first "
            "'assign'; or give --secret FILE). Without it the students' questions cannot be re-made: "
            "if it is lost, these submissions cannot be graded; run 'assign' again for new questions."
        )
    start = time.perf_counter()
    try:
        report = grade(
            assignment,
            roster,
            args.submissions,
            args.out,
            progress=_progress_wanted(args),
            feedback=args.feedback,
            histogram=not args.no_histogram,
            overrides=args.overrides,
            collected_at=_collected_at(args.collected_at),
            file_times=args.file_times,
            trust_timestamps=args.trust_timestamps,
            marks=args.marks,
        )
    except (GradingError, AssignmentError) as err:
        raise CLIError(str(err)) from None
    except OSError as err:
        raise CLIError(f"{safe_text(err.filename or args.out)}: cannot write the reports ({err.strerror})") from None
    counts: dict[str, int] = {}
    for s in report.students:
        counts[s.status] = counts.get(s.status, 0) + 1
    out = Path(args.out)
    n_students = len(report.students)
    # Translators: "hw1: 30 students — 27 graded, 2 flagged, 1 missing"
    head = ngettext("{id}: {n} student — {counts}", "{id}: {n} students — {counts}", n_students)
    print(
        head.format(
            id=assignment.id, n=n_students, counts=", ".join(_status_count(k, v) for k, v in sorted(counts.items()))
        )
    )
    print(_("  secret: {secret}").format(secret=assignment.secret_file or pgettext("secret file", "given")))
    _secret_warnings(assignment)
    for s in report.students:
        if s.status in ("flagged", "rejected"):
            problems = safe_text(" | ".join(s.problems), 600)
            # Translators: a student's id, their status (flagged, rejected) and what is wrong
            line = _("  {student}: {status}: {problems}").format(
                student=s.student, status=status_words(s.status), problems=problems
            )
            print(line, file=sys.stderr)
    for warning in report.warnings:
        print(_warning(safe_text(warning, 600)), file=sys.stderr)
    for rel, reason in report.unmatched:
        print(
            _("  unmatched file {path}: {reason}").format(path=safe_text(rel), reason=safe_text(reason)),
            file=sys.stderr,
        )
    not_read = pgettext("grade report", "not read")
    for rel, reason in report.skipped:
        line = _("  {not_read}: {path}: {reason}").format(
            not_read=not_read, path=safe_text(rel), reason=safe_text(reason)
        )
        print(line, file=sys.stderr)
    if report.overrides_applied:
        print(_("  overrides applied: {n}").format(n=len(report.overrides_applied)))
        for sid, item, before, after, _reason in report.overrides_applied:
            print(f"    {safe_text(sid)} {item}: {before} → {after}")
    from ..exercises.grading.report.analysis import rule_lines

    for line in rule_lines(report):
        print(_("  item rule: {rule}").format(rule=safe_text(line, 300)))
    held = report.held_back
    if held:
        names = ", ".join(safe_text(s.student, 40) for s in held[:10]) + (" …" if len(held) > 10 else "")
        text = ngettext(
            "  answers held back for {n} student: {names} (no graded sheet, or still able to hand in; grade again "
            "after the last deadline to release them)",
            "  answers held back for {n} students: {names} (no graded sheet, or still able to hand in; grade again "
            "after the last deadline to release them)",
            len(held),
        )
        print(text.format(n=len(held), names=names))
    print(
        _("  gradebook: {gradebook}   feedback: {feedback}   summary: {summary}").format(
            gradebook=out / "gradebook.csv", feedback=out / "feedback", summary=out / "summary.md"
        )
    )
    print(
        _("  for the LMS: {canvas}, {moodle}").format(
            canvas=out / "canvas_grades.csv", moodle=out / "moodle_grades.csv"
        )
    )
    _took(start)
    status = 0
    if report.rejected:
        for line in rejected_lines(report):
            print(f"  {line}", file=sys.stderr)
        status = 1
    if report.not_read:
        n = len(report.not_read)
        text = ngettext(
            "  {n} file(s) not read: see '{not_read}' above and unmatched.csv",
            "  {n} file(s) not read: see '{not_read}' above and unmatched.csv",
            n,
        )
        print(text.format(n=n, not_read=not_read), file=sys.stderr)
        status = 1
    return status


def rejected_lines(report: Any) -> list[str]:
    """What was rejected, each where it is told: students on their gradebook row, files no student in
    unmatched.csv (a file on both counts once, on the row)."""
    rejected = [s for s in report.students if s.status == "rejected"]
    on_rows = {f for s in rejected for f in s.files}
    loose = sum(1 for rel, _ in report.unmatched if rel not in on_rows)
    out = []
    if rejected:
        n = len(rejected)
        # Translators: "problems" is the gradebook's column header, which stays in English
        out.append(
            ngettext(
                "{n} student(s) rejected: see the problems column of gradebook.csv",
                "{n} student(s) rejected: see the problems column of gradebook.csv",
                n,
            ).format(n=n)
        )
    if loose:
        out.append(
            ngettext(
                "{n} file(s) matched to no student: see unmatched.csv",
                "{n} file(s) matched to no student: see unmatched.csv",
                loose,
            ).format(n=loose)
        )
    return out


INSTRUCTOR_STEPS = """\
For instructors: seeded exercises, each student with their own questions.

  1. fivehundred-tutor assign hw1.toml --roster roster.csv --out release
       each student's own page, notebook and question set (release/students/<id>/)
  2. students answer on their page or in their notebook and hand in the sheet
  3. fivehundred-tutor grade hw1.toml --roster roster.csv --submissions collected --out grades
       gradebook.csv, feedback, summary.md, item analysis, Canvas and Moodle files
  4. fivehundred-tutor mark hw1.toml --roster roster.csv --submissions collected
       mark answers in words by hand in JupyterLab (HandGrader); then grade again

Each command is also `fivehundred-tutor exercises COMMAND` and has its own --help.
The book's chapter 14 (Assigning and grading) tells the whole course through.
"""


def register(subparsers: Any) -> None:
    """Add ``assign``, ``grade``, ``mark`` and the ``exercises`` group holding the same three."""
    _add_commands(subparsers)
    group = subparsers.add_parser(
        "exercises",
        help="for instructors: assign, grade and mark seeded exercises (the same commands, in order)",
        description=INSTRUCTOR_STEPS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    group.set_defaults(func=lambda args: _print_help(group))
    _add_commands(group.add_subparsers(dest="exercises_command", metavar="{assign,grade,mark}"))


def _print_help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 0


def _add_commands(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "assign", help="make each student's own page, notebook and question set from an assignment file"
    )
    p.add_argument("assignment", help="assignment file (.toml, .yaml or .json)")
    p.add_argument(
        "--roster", required=True, help="roster CSV with an 'id' column, or a Canvas or Moodle roster export"
    )
    p.add_argument("--out", required=True, help="output folder")
    p.add_argument("--secret", help="the assignment's secret file (default: beside the assignment, made if missing)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar (none unless at a terminal)")
    p.set_defaults(func=cmd_assign)

    p = subparsers.add_parser(
        "grade", help="grade a folder of answer sheets/notebooks into a CSV gradebook, feedback and item analysis"
    )
    p.add_argument("assignment", help="assignment file (.toml, .yaml or .json)")
    p.add_argument(
        "--roster",
        required=True,
        help="roster CSV (or a Canvas or Moodle export); a submitted_at column gives each student's submission "
        "time, which lateness is counted from (Canvas's download has none)",
    )
    p.add_argument("--submissions", required=True, help="folder of submitted *.answers.json and/or *.ipynb files")
    p.add_argument("--out", required=True, help="output folder for gradebook.csv, feedback/, summary.md")
    p.add_argument("--secret", help="the assignment's secret file (default: beside the assignment file)")
    p.add_argument(
        "--overrides",
        help="regrading CSV (student,item,points,comment); default: <assignment>.overrides.csv if present",
    )
    p.add_argument(
        "--marks",
        help="marks given by hand to written answers (default: <assignment>.marks.json, as the HandGrader saves them)",
    )
    p.add_argument(
        "--collected-at",
        metavar="TIME",
        help="when you collected the files (e.g. 2026-12-01T23:59+10:00): lateness is counted from it when the "
        "collection has no times of its own (nbgrader's timestamp.txt, the LMS's submission times); a file Canvas "
        "marked LATE_ is never charged up to it",
    )
    p.add_argument(
        "--file-times",
        action="store_true",
        help="count lateness from the files' own times (only if they are when students handed in: a copy that "
        "keeps times from a folder a student can write lets the student set them)",
    )
    p.add_argument(
        "--trust-timestamps",
        action="store_true",
        help="take any timestamp.txt as the collection time of the files beside it (by default only nbgrader's, "
        "in its own layout: <id>/<assignment>/timestamp.txt inside a folder named submitted or autograded, or "
        "its exchange's <id>+<assignment>+<time>/)",
    )
    p.add_argument("--feedback", choices=("md", "html", "both"), default="both", help="feedback file format")
    p.add_argument("--no-histogram", action="store_true", help="skip the score histogram (matplotlib)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar (none unless at a terminal)")
    p.set_defaults(func=cmd_grade)

    from .marking import register as register_mark

    register_mark(subparsers)
