"""``fivehundred-tutor assign`` and ``fivehundred-tutor grade``."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from ..exercises.assignment import AssignmentError, load_assignment
from ..exercises.roster import RosterError, load_roster

__all__ = ["register"]


class _Fail(Exception):
    pass


def _load(args: argparse.Namespace) -> tuple[Any, Any]:
    from . import CLIError

    try:
        assignment = load_assignment(args.assignment)
        roster = load_roster(args.roster)
    except (AssignmentError, RosterError) as err:
        raise CLIError(str(err)) from None
    return assignment, roster


def cmd_assign(args: argparse.Namespace) -> int:
    from ..exercises.release import assign

    assignment, roster = _load(args)
    start = time.perf_counter()
    manifest = assign(assignment, roster, args.out, progress=not args.no_progress)
    out = Path(args.out)
    mode = "exam (no answers in student files)" if assignment.exam else f"feedback: {assignment.feedback}"
    print(f"{assignment.id}: {len(manifest['students'])} students × {assignment.question_count} questions, {mode}")
    print(f"  notebooks and question sets: {out / 'students'}")
    print(f"  class page:                  {out / manifest['page']}")
    print(f"  done in {time.perf_counter() - start:.1f} s")
    return 0


def cmd_grade(args: argparse.Namespace) -> int:
    from ..exercises import grade
    from . import CLIError

    assignment, roster = _load(args)
    if not Path(args.submissions).is_dir():
        raise CLIError(f"{args.submissions}: no such submissions folder")
    start = time.perf_counter()
    report = grade(
        assignment,
        roster,
        args.submissions,
        args.out,
        progress=not args.no_progress,
        feedback=args.feedback,
        histogram=not args.no_histogram,
    )
    counts: dict[str, int] = {}
    for s in report.students:
        counts[s.status] = counts.get(s.status, 0) + 1
    out = Path(args.out)
    print(
        f"{assignment.id}: {len(report.students)} students — "
        + ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
    )
    for s in report.students:
        if s.status in ("flagged", "rejected"):
            print(f"  {s.student}: {s.status}: {' | '.join(s.problems)}", file=sys.stderr)
    for rel, reason in report.unmatched:
        print(f"  unmatched file {rel}: {reason}", file=sys.stderr)
    print(f"  gradebook: {out / 'gradebook.csv'}   feedback: {out / 'feedback'}   summary: {out / 'summary.md'}")
    print(f"  done in {time.perf_counter() - start:.1f} s")
    return 0


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "assign", help="make each student's notebook, question set and the class page from an assignment file"
    )
    p.add_argument("assignment", help="assignment file (.toml, .yaml or .json)")
    p.add_argument("--roster", required=True, help="roster CSV with an 'id' column (optional 'name', 'email')")
    p.add_argument("--out", required=True, help="output folder")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_assign)

    p = subparsers.add_parser(
        "grade", help="grade a folder of answer sheets/notebooks into a CSV gradebook, feedback and item analysis"
    )
    p.add_argument("assignment", help="assignment file (.toml, .yaml or .json)")
    p.add_argument("--roster", required=True, help="roster CSV")
    p.add_argument("--submissions", required=True, help="folder of submitted *.answers.json and/or *.ipynb files")
    p.add_argument("--out", required=True, help="output folder for gradebook.csv, feedback/, summary.md")
    p.add_argument("--feedback", choices=("md", "html", "both"), default="both", help="feedback file format")
    p.add_argument("--no-histogram", action="store_true", help="skip the score histogram (matplotlib)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_grade)
