"""The reports of a grading run, written into one folder: gradebook, feedback per student, item analysis and
histogram, summary, LMS import files (see :func:`write_reports`)."""

from __future__ import annotations

from pathlib import Path

from ...roster import Roster
from ..results import GradeReport
from .analysis import item_analysis, summary_markdown, write_distractors
from .feedback import feedback_html, feedback_markdown, student_notes
from .files import MANIFEST, check_out_folder, finish_out, prepare_out, write_csv
from .gradebook import PROBLEMS_FILE, gradebook_rows, problems_cell
from .lms import write_lms_exports
from .plots import write_histogram, write_item_plot
from .psychometrics import analyse

__all__ = [
    "MANIFEST",
    "check_out_folder",
    "feedback_html",
    "feedback_markdown",
    "gradebook_rows",
    "item_analysis",
    "student_notes",
    "summary_markdown",
    "write_lms_exports",
    "write_reports",
]


def write_reports(
    report: GradeReport,
    out: str | Path,
    *,
    feedback: str = "md",
    histogram: bool = True,
    roster: Roster | None = None,
) -> dict[str, Path]:
    """Write ``gradebook.csv``, ``feedback/<id>/<assignment>.md|html``, ``item_analysis.csv`` (with each item's
    discrimination), ``distractors.csv``, ``summary.md`` (the class's scores, reliability, items to look at),
    LMS import files (``canvas_grades.csv``, ``moodle_grades.csv``), a histogram and an item plot; and
    ``problems.csv`` (every problem, a row each) when some row's problems did not fit in its gradebook cell.

    Every file is rewritten on each run, so grading twice gives the same files.
    """
    folder = prepare_out(out)
    a = report.assignment
    paths: dict[str, Path] = {}
    rows = gradebook_rows(report)
    paths["gradebook"] = folder / "gradebook.csv"
    header = list(rows[0]) if rows else ["student_id"]
    write_csv(paths["gradebook"], header, ([row[h] for h in header] for row in rows))
    fb = folder / "feedback"
    fb.mkdir(exist_ok=True)
    written: list[Path] = []
    for s in report.students:
        home = fb / s.student
        home.mkdir(exist_ok=True)
        if feedback in ("md", "both"):
            (home / f"{a.id}.md").write_text(feedback_markdown(a, s), encoding="utf-8")
            written.append(home / f"{a.id}.md")
        if feedback in ("html", "both"):
            (home / f"{a.id}.html").write_text(feedback_html(a, s), encoding="utf-8")
            written.append(home / f"{a.id}.html")
    paths["feedback"] = fb
    paths["items"] = folder / "item_analysis.csv"
    figures = analyse(report, roster)
    analysis = item_analysis(report, figures)
    columns = [
        "item", "section", "topic", "difficulty", "answered", "correct", "mean_score", "points",
        "discrimination", "upper_27", "lower_27", "index_d", "flags",
    ]  # fmt: skip
    write_csv(paths["items"], columns, ([r[c] for c in columns] for r in analysis))
    paths["distractors"] = folder / "distractors.csv"
    write_distractors(figures, paths["distractors"])
    unmatched = folder / "unmatched.csv"
    # grade's own output folder inside the submissions is skipped on every run: nothing to look at
    skipped = [(f, why) for f, why in report.skipped if not why.startswith("the grading output folder")]
    if report.unmatched or skipped:
        paths["unmatched"] = unmatched
        write_csv(
            unmatched,
            ["file", "reason"],
            [*report.unmatched, *((f, f"skipped: {why}") for f, why in skipped)],
        )
    if any(not problems_cell(s.problems)[1] for s in report.students):
        # some row's problems did not fit in its cell: every one of them, a row each
        paths["problems"] = folder / PROBLEMS_FILE
        write_csv(
            paths["problems"], ["student_id", "problem"], ([s.student, p] for s in report.students for p in s.problems)
        )
    if report.overrides_applied:
        paths["overrides"] = folder / "overrides_applied.csv"
        write_csv(paths["overrides"], ["student", "item", "from", "to", "comment"], report.overrides_applied)
    paths.update(write_lms_exports(report, folder, roster))
    if histogram:
        png = folder / "histogram.png"
        if write_histogram(report, png):
            paths["histogram"] = png
        png = folder / "item_analysis.png"
        if write_item_plot(figures, a.title, png):
            paths["item_plot"] = png
    paths["summary"] = folder / "summary.md"
    paths["summary"].write_text(
        summary_markdown(report, analysis, "histogram" in paths, figures, "item_plot" in paths), encoding="utf-8"
    )
    written += [p for k, p in paths.items() if k != "feedback"]
    finish_out(folder, written)
    return paths
