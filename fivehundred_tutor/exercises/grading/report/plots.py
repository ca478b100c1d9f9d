"""The report's pictures: the score histogram and each item's difficulty against its discrimination
(matplotlib, imported only here; without it the reports are written without pictures)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from ..results import GradeReport
from .psychometrics import LOW_DISCRIMINATION, TOO_EASY, TOO_HARD, ClassFigures

__all__ = ["item_labels", "item_plot", "write_histogram", "write_item_plot"]


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
    look at in orange; every point labelled, no label over another or over a point; the limits of the flags as
    dotted lines.  False without matplotlib or items."""
    plt = _pyplot()
    fig = item_plot(figures, title) if plt is not None else None
    if fig is None:
        return False
    fig.savefig(png, metadata={"Software": None})
    plt.close(fig)
    return True


def item_plot(figures: ClassFigures, title: str) -> Any:
    """The item plot as a matplotlib figure (None without matplotlib or items); the caller closes it."""
    plt = _pyplot()
    points = [f for f in figures.items if f.difficulty is not None and f.discrimination is not None]
    if plt is None or not points:
        return None
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
    ax.set_xlim(-0.05, 1.05)
    ax.set_ylim(low, 1.05)
    ax.set_xlabel("difficulty: share of the points earned (easier →)")
    ax.set_ylabel("discrimination (item against the rest)")
    ax.legend(loc="lower left", fontsize=8)
    ax.set_title(textwrap.fill(f"{title}: items", width=52).replace("$", r"\$"))
    fig.tight_layout()  # first: the labels are placed in the axes' final place on the page
    _label_points(fig, ax, item_labels([(f.item, f.difficulty, f.discrimination) for f in points], near=0.005))
    return fig


def item_labels(
    points: list[tuple[str, float | None, float | None]], near: float = 0.03
) -> list[tuple[float, float, str]]:
    """One label per group of items drawn at (nearly) the same place, so their names do not print over each other
    (an all-or-nothing section's items all fall on one point; the plot groups only dots that coincide).

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


# where a label may go, in points from its item's dot: beside it first, then further out (with a leader line)
_RINGS = (6.0, 16.0, 28.0, 42.0, 58.0, 76.0)
_DIRECTIONS = ((1, 0.35), (1, -0.35), (0, 1), (0, -1), (-1, 0.35), (-1, -0.35), (1, 1), (1, -1), (-1, 1), (-1, -1))
_MARKER_HALF = 4.5  # half a scatter dot (36 pt², default size), in points, with a little room
_PAD = 1.5  # room round a label, in points: two labels never touch ("2.45.3")


def _label_points(fig: Any, ax: Any, labels: list[tuple[float, float, str]]) -> None:
    """Write each label where it covers no other label, no dot, no leader line and not the legend, inside the
    axes: measured with the renderer (the text's real size, in pixels), nearest place first; a label away from
    its dot gets a thin line to it, which crosses no other label if it can."""
    renderer = fig.canvas.get_renderer()
    to_px = fig.dpi / 72.0
    pad = _PAD * to_px
    frame = tuple(float(v) for v in ax.get_window_extent(renderer).extents)
    dots = [(float(dx), float(dy)) for dx, dy in ax.transData.transform([(x, y) for x, y, _ in labels])]
    half = _MARKER_HALF * to_px
    taken: list[tuple[float, ...]] = [(dx - half, dy - half, dx + half, dy + half) for dx, dy in dots]
    legend = ax.get_legend()
    if legend is not None:
        taken.append(tuple(float(v) for v in legend.get_window_extent(renderer).extents))
    # the flags' limits and the zero line: a label across one reads badly ("1:1"), so it is avoided if it can be
    x0, y0, x1, y1 = frame
    _, (zero, low) = ax.transData.transform([(0, 0), (0, LOW_DISCRIMINATION)]).T
    hard, easy = ax.transData.transform([(TOO_HARD, 0), (TOO_EASY, 0)])[:, 0]
    ruled = [(x0, float(v) - 1, x1, float(v) + 1) for v in (zero, low)]
    ruled += [(float(v) - 1, y0, float(v) + 1, y1) for v in (hard, easy)]
    leaders: list[list[tuple[float, float]]] = []  # points along each leader line drawn so far
    # the most crowded dots choose first: the free places next to them are the fewest
    crowd = [sum(1 for qx, qy in dots if abs(qx - px) < 40 * to_px and abs(qy - py) < 30 * to_px) for px, py in dots]
    for i in sorted(range(len(labels)), key=lambda i: (-crowd[i], i)):
        (x, y, words), (px, py) = labels[i], dots[i]
        probe = ax.text(0, 0, words, fontsize=8)
        extent = probe.get_window_extent(renderer)
        probe.remove()
        w, h = extent.width + 2 * pad, extent.height + 2 * pad
        best: tuple[float, float, float, float, bool] | None = None
        best_cost = float("inf")
        for ring in _RINGS:
            if best_cost <= ring * to_px:  # nothing further out can cost less
                break
            for ux, uy in _DIRECTIONS:
                cx, cy = px + ux * (ring * to_px + w / 2), py + uy * (ring * to_px + h / 2)
                cand = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
                far = ring > _RINGS[0]
                cost = ring * to_px  # nearer is better
                cost += 10 * (sum(_overlap(cand, other) for other in taken) + _outside(cand, frame))  # never, if it can
                cost += 0.5 * sum(_overlap(cand, line) for line in ruled)
                cost += 8 * sum(1 for line in leaders for q in line if _inside(q, cand))
                if far:  # its own line should cross no dot and no label drawn before
                    line = _along((px, py), (cx, cy))
                    cost += 8 * sum(1 for q in line for j, box in enumerate(taken) if j != i and _inside(q, box))
                if cost < best_cost:
                    best, best_cost = (cx, cy, w, h, far), cost
        assert best is not None
        cx, cy, w, h, far = best
        taken.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
        if far:
            leaders.append(_along((px, py), (cx, cy)))
        ax.annotate(
            words,
            (x, y),
            xytext=((cx - px) / to_px, (cy - py) / to_px),
            textcoords="offset points",
            ha="center",
            va="center",
            fontsize=8,
            arrowprops={"arrowstyle": "-", "color": "#555555", "linewidth": 0.7, "shrinkA": 1, "shrinkB": 4}
            if far
            else None,
            zorder=4,
        )


def _along(a: tuple[float, float], b: tuple[float, float], n: int = 12) -> list[tuple[float, float]]:
    """Points along a line from a to b (its ends left out: the dot and the label's middle)."""
    return [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(2, n - 1)]


def _inside(q: tuple[float, float], box: tuple[float, ...]) -> bool:
    return box[0] < q[0] < box[2] and box[1] < q[1] < box[3]


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """The area two boxes (x0, y0, x1, y1) share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _outside(a: tuple[float, ...], frame: tuple[float, ...]) -> float:
    """The area of a box outside the frame."""
    return (a[2] - a[0]) * (a[3] - a[1]) - _overlap(a, frame)
