"""The report's pictures: the score histogram and each item's difficulty against its discrimination
(matplotlib, imported only here; without it the reports are written without pictures)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from ..results import GradeReport
from .psychometrics import LOW_DISCRIMINATION, TOO_EASY, TOO_HARD, ClassFigures

__all__ = ["item_labels", "write_histogram", "write_item_plot"]


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


def write_histogram(report: GradeReport, png: Path) -> bool:
    """The class's scores in tenths of the maximum; False without matplotlib."""
    plt = _pyplot()
    if plt is None:
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


def write_item_plot(figures: ClassFigures, title: str, png: Path) -> bool:
    """Each item as a point: difficulty (share of its points earned) across, discrimination up; the items to
    look at in orange, labelled; the limits of the flags as dotted lines.  False without matplotlib or items."""
    plt = _pyplot()
    points = [f for f in figures.items if f.difficulty is not None and f.discrimination is not None]
    if plt is None or not points:
        return False
    fig, ax = plt.subplots(figsize=(6, 4), dpi=100)
    for value in (TOO_HARD, TOO_EASY):
        ax.axvline(value, color="#888888", linestyle=":", linewidth=1)
    ax.axhline(LOW_DISCRIMINATION, color="#888888", linestyle=":", linewidth=1)
    ax.axhline(0, color="#444444", linewidth=0.8)
    fine = [f for f in points if not f.flags]
    look = [f for f in points if f.flags]
    ax.scatter([f.difficulty for f in fine], [f.discrimination for f in fine], color="#1a5fb4", label="items", zorder=3)
    ax.scatter(
        [f.difficulty for f in look],
        [f.discrimination for f in look],
        color="#c64600",
        marker="D",
        label="items to look at",
        zorder=3,
    )
    low = min(-0.2, min(f.discrimination for f in points if f.discrimination is not None) - 0.1)
    placed: list[tuple[float, float, float, float]] = []  # label boxes so far, in data units
    for x, y, words in item_labels([(f.item, f.difficulty, f.discrimination) for f in points]):
        ax.annotate(words, (x, y), xytext=_free_place(x, y, words, placed, 1.05 - low), fontsize=8)
    ax.set_xlim(-0.05, 1.05)
    ax.set_ylim(low, 1.05)
    ax.set_xlabel("difficulty: share of the points earned (easier →)")
    ax.set_ylabel("discrimination (item against the rest)")
    ax.legend(loc="lower left", fontsize=8)
    ax.set_title(textwrap.fill(f"{title}: items", width=52).replace("$", r"\$"))
    fig.tight_layout()
    fig.savefig(png, metadata={"Software": None})
    plt.close(fig)
    return True


def item_labels(
    points: list[tuple[str, float | None, float | None]], near: float = 0.03
) -> list[tuple[float, float, str]]:
    """One label per group of items drawn at (nearly) the same place, so their names do not print over each other
    (an all-or-nothing section's items all fall on one point).

    >>> item_labels([("2.1", 0.35, 0.79), ("2.2", 0.35, 0.79), ("1.1", 0.56, 0.3), ("3.1", 0.55, 0.31)])
    [(0.35, 0.79, '2.1, 2.2'), (0.56, 0.3, '1.1, 3.1')]
    """
    groups: list[tuple[float, float, list[str]]] = []
    for item, x, y in points:
        if x is None or y is None:
            continue
        for gx, gy, names in groups:
            if abs(gx - x) <= near and abs(gy - y) <= near:
                names.append(item)
                break
        else:
            groups.append((x, y, [item]))
    return [(x, y, ", ".join(names)) for x, y, names in groups]


def _free_place(
    x: float, y: float, words: str, placed: list[tuple[float, float, float, float]], y_span: float
) -> tuple[float, float]:
    """Where a point's label goes: beside it, else above or below, where it covers no label drawn before."""
    width, height = 0.012 * len(words), 0.045 * y_span / 1.25  # an 8-point character and line on this plot
    for dx, dy in ((0.01, 0.015), (0.01, -0.06), (-0.01 - width, 0.015), (-0.01 - width, -0.06), (0.01, 0.07)):
        box = (x + dx, y + dy, x + dx + width, y + dy + height)
        if not any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in placed):
            break
    placed.append(box)
    return box[0], box[1]
