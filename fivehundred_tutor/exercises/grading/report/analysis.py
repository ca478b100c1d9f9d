"""The class's view: the item analysis (per item: answered, correct, mean score, and the psychometric figures of
:mod:`.psychometrics`), the wrong answers given (distractors), and the summary page that gathers them with the
files not read, the regrading and the answers held back."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from ...text import fmt_points, md_escape, safe_text
from ..results import GradeReport, ItemResult
from .files import write_csv
from .psychometrics import ClassFigures, analyse

__all__ = ["item_analysis", "rule_lines", "summary_markdown", "write_distractors"]


def _two(x: float | None) -> str:
    return "" if x is None else f"{x:.2f}"


def item_analysis(report: GradeReport, figures: ClassFigures | None = None) -> list[dict[str, Any]]:
    """One row per item: the columns of ``item_analysis.csv``."""
    figures = figures if figures is not None else analyse(report)
    by_label = {f.item: f for f in figures.items}
    by_item: dict[str, list[ItemResult]] = {}
    for s in report.students:
        if s.status in ("graded", "flagged"):
            for i in s.items:
                by_item.setdefault(i.item, []).append(i)
    rows = []
    for label, _, _, section in report.assignment.items():
        got = by_item.get(label, [])
        n = len(got) or 1
        rows.append(
            {
                "item": label,
                "section": section.title,
                "topic": section.topic,
                "difficulty": " ".join(sorted({str(i.difficulty) for i in got})) or "",
                "answered": f"{sum(i.answered for i in got) / n:.2f}",
                "correct": f"{sum(i.correct for i in got) / n:.2f}",
                "mean_score": ""
                if by_label[label].dropped
                else f"{float(sum((i.exact for i in got), Fraction(0))) / n / section.points:.2f}",
                "points": fmt_points(section.points),
                "discrimination": _two(by_label[label].discrimination),
                "upper_27": _two(by_label[label].upper),
                "lower_27": _two(by_label[label].lower),
                "index_d": _two(by_label[label].index_d),
                "flags": "; ".join(by_label[label].flags),
            }
        )
    return rows


def rule_lines(report: GradeReport) -> list[str]:
    """Each item rule of the assignment in words, with how many graded students it changed."""
    a = report.assignment
    labels = {key: label for label, key in a.item_keys().items()}
    out = []
    for rule in a.item_rules:
        label = labels.get(rule.item, rule.item)
        kind = {"drop": "dropped", "full": "full", "accept": "accepted"}[rule.action]
        changed = sum(
            1
            for s in report.students
            if s.status in ("graded", "flagged")
            for i in s.items
            if i.item == label and i.rule == kind and (not rule.question or i.question_id == rule.question)
        )
        what = {
            "drop": "dropped from the grade",
            "full": "full points for everyone",
            "accept": f"answer {safe_text(rule.answer, 60)!r} accepted",
        }[rule.action]
        only = f" (question {rule.question} only)" if rule.question else ""
        why = f": {rule.reason}" if rule.reason else ""
        out.append(f"{label} {what}{only}{why} — {changed} graded student(s) changed")
    return out


def _fig(x: object, fmt: str = ".2f") -> str:
    """A statistic (mean, SD, α…): always 2 decimals."""
    return "–" if x is None else format(x, fmt)


def _points(x: float | None) -> str:
    """A student's points (lowest, highest): as every report writes points."""
    return "–" if x is None else fmt_points(x)


def _class_lines(max_points: float, figures: ClassFigures) -> list[str]:
    """The class's scores and the test's reliability, per section of the assignment and of the class."""
    if not figures.n:
        return []
    lines = [
        "",
        "## The class",
        "",
        f"{figures.n} graded sheets: mean {_fig(figures.mean)}, median {_fig(figures.median)}, standard deviation "
        f"{_fig(figures.sd)} of {fmt_points(max_points)} points (lowest {_points(figures.low)}, highest "
        f"{_points(figures.high)}).",
        f"Reliability: Cronbach's α {_fig(figures.alpha)} over the items' points, KR-20 {_fig(figures.kr20)} over "
        "right and wrong (0.7 or more is usual for a class test; with few items or a small class it is rough).",
        "",
        "| section | items | points | mean | median | SD | mean share | α |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in figures.sections:
        lines.append(
            f"| {md_escape(row['section'])} | {row['items']} | {fmt_points(row['points'])} "
            f"| {_fig(row['mean'])} | {_fig(row['median'])} | {_fig(row['sd'])} | {_fig(row['share'])} "
            f"| {_fig(row['alpha'])} |"
        )
    if figures.groups:
        lines += ["", "| class section | graded sheets | mean | median | SD |", "|---|---|---|---|---|"]
        for row in figures.groups:
            lines.append(
                f"| {md_escape(row['group'])} | {row['n']} | {_fig(row['mean'])} | {_fig(row['median'])} "
                f"| {_fig(row['sd'])} |"
            )
    return lines


def _definition(report: GradeReport, graded: int) -> str:
    """What every mean, median and SD of the summary is taken over, said once."""
    only = sum(1 for s in report.students if s.status == "override")
    text = (
        f"Every mean, median and SD here is over the {graded} graded sheets, with their final totals (after late "
        "penalties and overrides)"
    )
    if only:
        text += f"; {only} student(s) graded by an override only (no sheet) are not counted"
    return text + "."


def write_distractors(figures: ClassFigures, path: Path) -> None:
    """``distractors.csv``: for each item and each question id in it, the wrong answers given and how many
    students gave each (``share``: of the students who had that question).  The question id is what an ``accept``
    item rule names to accept an answer for one question only."""
    rows = []
    for f in figures.items:
        for qid, answer, count, had in f.wrong_by_question:
            rows.append([f.item, f.section, qid, answer, str(count), str(had), f"{count / had:.2f}" if had else ""])
        if f.blanks:
            share = f"{f.blanks / f.n:.2f}" if f.n else ""
            rows.append([f.item, f.section, "", "(no answer)", str(f.blanks), str(f.n), share])
    header = ["item", "section", "question_id", "wrong answer", "students", "students_with_question", "share"]
    write_csv(path, header, rows)


def summary_markdown(
    report: GradeReport,
    analysis: list[dict[str, Any]],
    has_histogram: bool,
    figures: ClassFigures | None = None,
    has_item_plot: bool = False,
) -> str:
    a = report.assignment
    figures = figures if figures is not None else analyse(report)
    counts: dict[str, int] = {}
    for s in report.students:
        counts[s.status] = counts.get(s.status, 0) + 1
    lines = [
        f"# {md_escape(a.title)} — item analysis",
        "",
        f"Assignment `{a.id}` (fingerprint `{a.fingerprint}`), {len(report.students)} students: "
        + ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
        + ".",
    ]
    if figures.n:
        lines.append(
            f"Mean {_fig(figures.mean)} of {fmt_points(a.max_points)} points; highest {_points(figures.high)}, "
            f"lowest {_points(figures.low)}."
        )
        lines.append(_definition(report, figures.n))
    if report.warnings:
        lines += ["", "## Warnings", ""] + [f"- {md_escape(w)}" for w in report.warnings]
    if has_histogram:
        lines += ["", "![Score histogram](histogram.png)"]
    lines += _class_lines(a.max_points, figures)
    lines += [
        "",
        "## Items",
        "",
        "Difficulty is the mean share of an item's points; discrimination (r) the correlation of the item with the "
        "rest of the test (the point-biserial for a right/wrong item); D the share earned by the top 27% of the "
        "class minus the bottom 27%. r weighs the whole class and D only its top and bottom 27%, so the two can "
        "differ in sign on an item few students miss: the flag says which is negative. A dropped item has no "
        "figures; an item given to everyone by a rule is not flagged too easy.",
        "",
        "| item | section | topic | level | answered | correct | difficulty | discrimination | D | flags |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in analysis:
        lines.append(
            f"| {r['item']} | {md_escape(r['section'])} | {r['topic']} | {r['difficulty']} | {r['answered']} "
            f"| {r['correct']} | {r['mean_score'] or '–'} | {r['discrimination'] or '–'} | {r['index_d'] or '–'} "
            f"| {r['flags']} |"
        )
    if has_item_plot:
        lines += [
            "",
            "![Each item's difficulty against its discrimination: items to look at are marked](item_analysis.png)",
        ]
    flagged = [f for f in figures.items if f.flags and not f.dropped]
    if flagged:
        lines += ["", "## Items to look at", ""]
        for f in flagged:
            wrong = ", ".join(f"{md_escape(w)} ({n})" for w, n in f.wrong_answers[:3])
            lines.append(
                f"- {f.item} ({md_escape(f.section)}): {', '.join(f.flags)}"
                + (f"; wrong answers given most: {wrong}" if wrong else "")
            )
    rules = rule_lines(report)
    if rules:
        lines += ["", "## Item rules (applied to everyone)", ""] + [f"- {md_escape(r)}" for r in rules]
    if report.unmatched:
        lines += ["", "## Files matched to no student", ""]
        lines += [f"- {md_escape(f)}: {md_escape(reason)}" for f, reason in report.unmatched]
    if report.skipped:
        lines += ["", "## Files not read", ""]
        lines += [f"- {md_escape(f)}: {md_escape(reason)}" for f, reason in report.skipped]
    if report.overrides_applied:
        lines += ["", "## Regrading (overrides applied)", ""]
        lines += [
            f"- {md_escape(s)} {i}: {a} → {b} {md_escape(c)}".rstrip() for s, i, a, b, c in report.overrides_applied
        ]
    if report.held_back:
        lines += ["", f"## Answers held back ({len(report.held_back)} students)", ""]
        lines += [f"- {md_escape(s.student)}: {md_escape(s.held_back)}" for s in report.held_back]
    return "\n".join(lines) + "\n"
