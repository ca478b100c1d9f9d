"""The class's view: an item analysis (per item: answered, correct, mean score), a score histogram, and the
summary page that gathers them with the files not read, the regrading and the answers held back."""

from __future__ import annotations

import textwrap
from fractions import Fraction
from pathlib import Path
from typing import Any

from ...text import fmt_points, md_escape
from ..results import GradeReport, ItemResult

__all__ = ["item_analysis", "summary_markdown", "write_histogram"]


def item_analysis(report: GradeReport) -> list[dict[str, Any]]:
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
                "mean_score": f"{float(sum((i.exact for i in got), Fraction(0))) / n / section.points:.2f}",
                "points": fmt_points(section.points),
            }
        )
    return rows


def write_histogram(report: GradeReport, png: Path) -> bool:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    a = report.assignment
    scores = [100 * s.total / a.max_points for s in report.students if s.has_grade and a.max_points]
    fig, ax = plt.subplots(figsize=(6, 3.2), dpi=100)
    ax.hist(scores, bins=[i * 10 for i in range(11)], color="#1a5fb4", edgecolor="white")
    ax.set_xlabel("score (%)")
    ax.set_ylabel("students")
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # whole students, never "2.5"
    # an assignment's title may be 80 characters: wrapped, it stays inside the image (tight_layout makes room)
    title = textwrap.fill(f"{a.title}: {len(scores)} submissions", width=52)
    ax.set_title(title.replace("$", r"\$"))
    fig.tight_layout()
    fig.savefig(png, metadata={"Software": None})
    plt.close(fig)
    return True


def summary_markdown(report: GradeReport, analysis: list[dict[str, Any]], has_histogram: bool) -> str:
    a = report.assignment
    counts: dict[str, int] = {}
    for s in report.students:
        counts[s.status] = counts.get(s.status, 0) + 1
    graded = [s.total for s in report.students if s.status in ("graded", "flagged")]
    lines = [
        f"# {md_escape(a.title)} — item analysis",
        "",
        f"Assignment `{a.id}` (fingerprint `{a.fingerprint}`), {len(report.students)} students: "
        + ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
        + ".",
    ]
    if graded:
        mean = sum(graded) / len(graded)
        lines.append(
            f"Mean {mean:.2f} of {fmt_points(a.max_points)} points; highest {max(graded):g}, lowest {min(graded):g}."
        )
    if report.warnings:
        lines += ["", "## Warnings", ""] + [f"- {md_escape(w)}" for w in report.warnings]
    if has_histogram:
        lines += ["", "![Score histogram](histogram.png)"]
    lines += [
        "",
        "| item | section | topic | level | answered | correct | mean score |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in analysis:
        lines.append(
            f"| {r['item']} | {md_escape(r['section'])} | {r['topic']} | {r['difficulty']} | {r['answered']} "
            f"| {r['correct']} | {r['mean_score']} |"
        )
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
