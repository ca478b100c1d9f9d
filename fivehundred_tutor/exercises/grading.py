"""Grading: re-derive every student's questions from the assignment seed, judge the
submitted answers, and write a gradebook, feedback and an item analysis.

Never trusts a submission: each file is parsed as data (never executed), and
every problem — malformed, truncated, oversized, duplicated, wrong assignment,
wrong student, tampered questions — becomes a reason on that student's row.
The batch always finishes.
"""

from __future__ import annotations

import csv
import html
import json
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..questions import check
from .assignment import Assignment
from .roster import Roster
from .sheets import MAX_SUBMISSION_BYTES, SHEET_FORMAT, SubmissionProblem, read_submission

__all__ = [
    "GradeReport",
    "ItemResult",
    "StudentResult",
    "grade_folder",
    "grade_sheet",
    "write_reports",
]

MAX_RESPONSE_CHARS = 20_000
_ALNUM_RUN = re.compile(r"[A-Za-z0-9]+")


@dataclass
class ItemResult:
    item: str
    section: str
    topic: str
    difficulty: int
    question_id: str
    points: float
    score: float  # points earned
    correct: bool
    answered: bool
    feedback: str
    explanation: str
    prompt: str


@dataclass
class StudentResult:
    student: str
    name: str = ""
    status: str = "missing"  # graded | flagged | missing | rejected
    items: list[ItemResult] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)

    @property
    def total(self) -> float:
        return round(sum(i.score for i in self.items), 4)

    def section_totals(self, assignment: Assignment) -> dict[str, float]:
        out = {s.title: 0.0 for s in assignment.sections}
        for item in self.items:
            out[item.section] = round(out.get(item.section, 0.0) + item.score, 4)
        return out


@dataclass
class GradeReport:
    assignment: Assignment
    students: list[StudentResult]
    unmatched: list[tuple[str, str]]  # (file, reason) for files no roster student could be found for

    def by_id(self) -> dict[str, StudentResult]:
        return {s.student: s for s in self.students}


# ------------------------------------------------------------ one answer sheet
def _fmt(x: float) -> str:
    return f"{x:g}"


def grade_sheet(
    assignment: Assignment, student: str, sheet: Mapping[str, Any] | None, questions: list[dict[str, Any]] | None = None
) -> tuple[list[ItemResult], list[str]]:
    """Judge ``sheet`` for ``student`` against the questions re-derived from the seed.

    Returns the item results (every item, unanswered ones at 0) and the problems found.
    ``sheet=None`` grades an empty submission.
    """
    qs = questions if questions is not None else assignment.questions_for(student)
    problems: list[str] = []
    answers: Mapping[str, Any] = {}
    ids: Mapping[str, Any] = {}
    if sheet is not None:
        raw_answers = sheet.get("answers", {})
        raw_ids = sheet.get("question_ids", {})
        if not isinstance(raw_answers, Mapping):
            problems.append("the sheet's 'answers' is not an object: nothing could be graded")
            raw_answers = {}
        if not isinstance(raw_ids, Mapping):
            problems.append("the sheet's 'question_ids' is not an object")
            raw_ids = {}
        answers, ids = raw_answers, raw_ids
        if not ids and answers:
            problems.append("the sheet lists no question ids, so its questions could not be verified")
        expected = {q["item"] for q in qs}
        extra = sorted(str(k) for k in answers if k not in expected)
        if extra:
            shown = ", ".join(extra[:5]) + (" …" if len(extra) > 5 else "")
            problems.append(f"ignored answers to items not in this assignment: {shown}")
    tampered: list[str] = []
    results: list[ItemResult] = []
    for q in qs:
        item = q["item"]
        response = answers.get(item)
        answered = response not in (None, "", [], {})
        if answered and item in ids and ids[item] != q["id"]:
            tampered.append(item)
            verdict = {
                "correct": False,
                "score": 0.0,
                "feedback": "Not graded: this answer is for a different question than the one assigned.",
            }
        elif answered and item not in ids and ids:
            tampered.append(item)
            verdict = {
                "correct": False,
                "score": 0.0,
                "feedback": "Not graded: the sheet does not say which question this answers.",
            }
        elif answered and len(json.dumps(response, default=str)) > MAX_RESPONSE_CHARS:
            verdict = {"correct": False, "score": 0.0, "feedback": "Not graded: the answer is far too long."}
        else:
            verdict = check(q, response if answered else None)
        results.append(
            ItemResult(
                item=item,
                section=q["section"],
                topic=q["topic"],
                difficulty=q["difficulty"],
                question_id=q["id"],
                points=q["points"],
                score=round(verdict["score"] * q["points"], 4),
                correct=bool(verdict["correct"]),
                answered=answered,
                feedback=str(verdict["feedback"]),
                explanation=q["explanation"],
                prompt=q["prompt"],
            )
        )
    if tampered:
        problems.append(
            f"tampered: {len(tampered)} answer(s) are for questions other than the assigned ones "
            f"(items {', '.join(tampered[:6])}{' …' if len(tampered) > 6 else ''}; changed seed or questions?) — scored 0"
        )
    return results, problems


# ------------------------------------------------------------------ a folder
def _owner_from_path(rel: str, roster: Roster) -> str | None:
    """The roster id a file's path names (``alice/…``, ``hw1-alice.answers.json``), if exactly one."""
    # Candidates: every stretch of the path that starts and ends at a letter/digit run boundary.
    starts = [m.start() for m in _ALNUM_RUN.finditer(rel)]
    ends = [m.end() for m in _ALNUM_RUN.finditer(rel)]
    hits = set()
    for i, a in enumerate(starts):
        for b in ends[i:]:
            if b - a > 64:
                break
            if rel[a:b] in roster:
                hits.add(rel[a:b])
    # "al" inside "al.smith": keep the longest hit, drop those contained in another
    hits = {h for h in hits if not any(h != o and h in o for o in hits)}
    return hits.pop() if len(hits) == 1 else None


def _check_header(sheet: Mapping[str, Any], assignment: Assignment) -> tuple[str | None, list[str]]:
    """(fatal reason or None, warnings) from the sheet's own description of itself."""
    if sheet.get("format") != SHEET_FORMAT:
        return f"not an answer sheet (format {str(sheet.get('format'))[:40]!r}, expected {SHEET_FORMAT!r})", []
    aid = sheet.get("assignment")
    if aid != assignment.id:
        return f"wrong assignment: the sheet is for {str(aid)[:40]!r}, not {assignment.id!r}", []
    warnings = []
    if sheet.get("fingerprint") != assignment.fingerprint:
        warnings.append(
            "the sheet was made for another version of this assignment (its fingerprint differs): "
            "answers to changed questions score 0"
        )
    return None, warnings


def grade_folder(
    assignment: Assignment,
    roster: Roster,
    submissions: str | Path,
    *,
    progress: bool = False,
    max_bytes: int = MAX_SUBMISSION_BYTES,
) -> GradeReport:
    """Grade every submission under ``submissions`` (``.json`` sheets and ``.ipynb`` notebooks, any depth)."""
    folder = Path(submissions)
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder}: no such submissions folder")
    results = {s.id: StudentResult(s.id, s.name) for s in roster}
    unmatched: list[tuple[str, str]] = []
    # Gather: every file → (owner, sheet or problem)
    claims: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    files = sorted(
        p
        for p in folder.rglob("*")
        if (p.is_file() or p.is_symlink()) and not any(part.startswith(".") for part in p.relative_to(folder).parts)
    )
    for path in files:
        rel = path.relative_to(folder).as_posix()
        owner = _owner_from_path(rel, roster)
        try:
            if path.is_symlink():
                raise SubmissionProblem(f"{rel}: a link, not a file (links are not followed)")
            sheet = read_submission(path, max_bytes)
            claimed = sheet.get("student")
            if not isinstance(claimed, str):
                raise SubmissionProblem(f"{rel}: the sheet does not say whose it is ('student' missing)")
            fatal, _ = _check_header(sheet, assignment)
            if fatal:
                raise SubmissionProblem(f"{rel}: {fatal}")
            if owner is not None and claimed != owner:
                results[owner].problems.append(
                    f"wrong student: {rel} holds the answers of {claimed[:40]!r}, not {owner!r} — not graded"
                )
                results[owner].files.append(rel)
                if claimed in results:
                    results[claimed].problems.append(f"your answer sheet was found in {owner!r}'s submission ({rel})")
                continue
            if claimed not in results:
                unmatched.append((rel, f"unknown student {claimed[:40]!r} (not in the roster)"))
                continue
            claims.setdefault(claimed, []).append((rel, sheet))
        except SubmissionProblem as err:
            if owner is not None:
                results[owner].problems.append(str(err))
                results[owner].files.append(rel)
            else:
                unmatched.append((rel, str(err)))
        except Exception as err:
            reason = f"{rel}: could not be read ({type(err).__name__})"
            if owner is not None:
                results[owner].problems.append(reason)
            else:
                unmatched.append((rel, reason))
    # Grade: one sheet per student
    ids: Iterable[str] = roster.ids
    if progress:
        ids = _progress(list(ids), "grading")
    for sid in ids:
        result = results[sid]
        own = claims.get(sid, [])
        if not own:
            result.items, _ = grade_sheet(assignment, sid, None)
            if result.problems:
                result.status = "rejected"
            else:
                result.status = "missing"
                result.problems.append("no submission")
            continue
        chosen_rel, chosen = _choose(own, result)
        result.files.append(chosen_rel)
        try:
            _, warnings = _check_header(chosen, assignment)
            result.problems.extend(warnings)
            result.items, problems = grade_sheet(assignment, sid, chosen)
            result.problems.extend(problems)
        except Exception as err:
            result.items, _ = grade_sheet(assignment, sid, None)
            result.problems.append(f"{chosen_rel}: could not be graded ({type(err).__name__})")
        unanswered = sum(1 for i in result.items if not i.answered)
        if unanswered:
            result.problems.append(f"{unanswered} of {len(result.items)} question(s) unanswered (scored 0)")
        serious = [p for p in result.problems if not p.startswith("note:") and not p.endswith("unanswered (scored 0)")]
        result.status = "flagged" if serious else "graded"
    return GradeReport(assignment, list(results.values()), unmatched)


def _choose(own: list[tuple[str, dict[str, Any]]], result: StudentResult) -> tuple[str, dict[str, Any]]:
    if len(own) == 1:
        return own[0]
    distinct: dict[str, tuple[str, dict[str, Any]]] = {}
    for rel, sheet in own:
        key = json.dumps(sheet.get("answers"), sort_keys=True, default=str)
        distinct.setdefault(key, (rel, sheet))
    files = ", ".join(rel for rel, _ in own)
    if len(distinct) == 1:
        result.problems.append(f"note: {len(own)} submissions with the same answers ({files}): graded once")
        return own[0]
    latest = max(own, key=lambda rs: (str(rs[1].get("saved_at", "")), rs[0]))
    result.problems.append(
        f"duplicated: {len(own)} different answer sheets ({files}); graded the one saved last ({latest[0]})"
    )
    return latest


def _progress(items: list[str], desc: str) -> Iterable[str]:
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return items
    bar: Iterable[str] = tqdm(items, desc=desc, unit="student", file=sys.stderr, leave=False)
    return bar


# ------------------------------------------------------------------ reports
def gradebook_rows(report: GradeReport) -> list[dict[str, str]]:
    a = report.assignment
    rows = []
    for s in report.students:
        row = {
            "student_id": s.student,
            "name": s.name,
            "status": s.status,
            "total": _fmt(s.total),
            "max_points": _fmt(a.max_points),
            "percent": f"{100 * s.total / a.max_points:.1f}" if a.max_points else "0",
        }
        sections = s.section_totals(a)
        for sec in a.sections:
            row[f"{sec.title} ({_fmt(sec.count * sec.points)})"] = _fmt(sections.get(sec.title, 0.0))
        row["problems"] = " | ".join(s.problems)
        rows.append(row)
    return rows


def write_reports(
    report: GradeReport, out: str | Path, *, feedback: str = "md", histogram: bool = True
) -> dict[str, Path]:
    """Write ``gradebook.csv``, ``feedback/<id>.md|html``, ``item_analysis.csv``, ``summary.md`` and a histogram."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    paths: dict[str, Path] = {}
    rows = gradebook_rows(report)
    paths["gradebook"] = folder / "gradebook.csv"
    with paths["gradebook"].open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["student_id"])
        writer.writeheader()
        for row in rows:
            writer.writerow({k: _csv_safe(v) for k, v in row.items()})
    fb = folder / "feedback"
    fb.mkdir(exist_ok=True)
    for s in report.students:
        text = feedback_markdown(report.assignment, s)
        if feedback in ("md", "both"):
            (fb / f"{s.student}.md").write_text(text, encoding="utf-8")
        if feedback in ("html", "both"):
            (fb / f"{s.student}.html").write_text(feedback_html(report.assignment, s), encoding="utf-8")
    paths["feedback"] = fb
    paths["items"] = folder / "item_analysis.csv"
    analysis = item_analysis(report)
    with paths["items"].open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(
            fh, fieldnames=["item", "section", "topic", "difficulty", "answered", "correct", "mean_score", "points"]
        )
        writer.writeheader()
        writer.writerows(analysis)
    if report.unmatched:
        paths["unmatched"] = folder / "unmatched.csv"
        with paths["unmatched"].open("w", newline="", encoding="utf-8") as fh:
            writer2 = csv.writer(fh)
            writer2.writerow(["file", "reason"])
            writer2.writerows([(_csv_safe(f), _csv_safe(r)) for f, r in report.unmatched])
    if histogram:
        png = folder / "histogram.png"
        if _histogram(report, png):
            paths["histogram"] = png
    paths["summary"] = folder / "summary.md"
    paths["summary"].write_text(summary_markdown(report, analysis, "histogram" in paths), encoding="utf-8")
    return paths


def _csv_safe(value: str) -> str:
    """Keep spreadsheets from reading student-controlled text as a formula."""
    if value and value[0] in "=+-@\t\r" and not re.fullmatch(r"-?\d+(\.\d+)?", value):
        return "'" + value
    return value


def item_analysis(report: GradeReport) -> list[dict[str, Any]]:
    rows = []
    for label, _, _, section in report.assignment.items():
        got = [i for s in report.students for i in s.items if i.item == label and s.status in ("graded", "flagged")]
        n = len(got) or 1
        rows.append(
            {
                "item": label,
                "section": section.title,
                "topic": section.topic,
                "difficulty": " ".join(sorted({str(i.difficulty) for i in got})) or "",
                "answered": f"{sum(i.answered for i in got) / n:.2f}",
                "correct": f"{sum(i.correct for i in got) / n:.2f}",
                "mean_score": f"{sum(i.score for i in got) / n / section.points:.2f}",
                "points": _fmt(section.points),
            }
        )
    return rows


def _histogram(report: GradeReport, png: Path) -> bool:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    a = report.assignment
    scores = [100 * s.total / a.max_points for s in report.students if s.status != "missing" and a.max_points]
    fig, ax = plt.subplots(figsize=(6, 3.2), dpi=100)
    ax.hist(scores, bins=[i * 10 for i in range(11)], color="#1a5fb4", edgecolor="white")
    ax.set_xlabel("score (%)")
    ax.set_ylabel("students")
    ax.set_title(f"{a.title}: {len(scores)} submissions")
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
        f"# {a.title} — item analysis",
        "",
        f"Assignment `{a.id}` (fingerprint `{a.fingerprint}`), {len(report.students)} students: "
        + ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
        + ".",
    ]
    if graded:
        mean = sum(graded) / len(graded)
        lines.append(
            f"Mean {mean:.2f} of {_fmt(a.max_points)} points; highest {max(graded):g}, lowest {min(graded):g}."
        )
    if has_histogram:
        lines += ["", "![Score histogram](histogram.png)"]
    lines += [
        "",
        "| item | section | topic | level | answered | correct | mean score |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in analysis:
        lines.append(
            f"| {r['item']} | {r['section']} | {r['topic']} | {r['difficulty']} | {r['answered']} | {r['correct']} | {r['mean_score']} |"
        )
    if report.unmatched:
        lines += ["", "## Files matched to no student", ""]
        lines += [f"- `{f}`: {reason}" for f, reason in report.unmatched]
    return "\n".join(lines) + "\n"


def _md_escape(text: str) -> str:
    return re.sub(r"([\\`*_{}\[\]<>|#])", r"\\\1", text)


def feedback_markdown(assignment: Assignment, s: StudentResult) -> str:
    lines = [
        f"# {_md_escape(assignment.title)}",
        "",
        f"Student: **{_md_escape(s.student)}**{' (' + _md_escape(s.name) + ')' if s.name else ''}  ",
        f"Score: **{_fmt(s.total)} / {_fmt(assignment.max_points)}** ({s.status})",
        "",
    ]
    for title, pts in s.section_totals(assignment).items():
        sec = next(x for x in assignment.sections if x.title == title)
        lines.append(f"- {_md_escape(title)}: {_fmt(pts)} / {_fmt(sec.count * sec.points)}")
    if s.problems:
        lines += ["", "## Notes", ""] + [f"- {_md_escape(p)}" for p in s.problems]
    lines += ["", "## Questions", ""]
    for item in s.items:
        mark = "✔" if item.correct else ("◐" if item.score > 0 else "✘")
        lines += [
            f"### {item.item} {mark} {_fmt(item.score)} / {_fmt(item.points)}",
            "",
            _md_escape(item.prompt),
            "",
            f"*{_md_escape(item.feedback)}*",
            "",
            _md_escape(item.explanation),
            "",
        ]
    return "\n".join(lines)


def feedback_html(assignment: Assignment, s: StudentResult) -> str:
    e = html.escape
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{e(assignment.title)} — {e(s.student)}</title>",
        "<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;"
        "color:#1b1b1b;background:#fff}@media(prefers-color-scheme:dark){body{color:#e8e8e8;background:#1e1f22}}"
        ".ok{color:#1e6b34}.bad{color:#a4161a}@media(prefers-color-scheme:dark){.ok{color:#7bd88f}.bad{color:#ff8a8a}}"
        "</style></head><body><main>",
        f"<h1>{e(assignment.title)}</h1>",
        f"<p>Student: <strong>{e(s.student)}</strong>{' (' + e(s.name) + ')' if s.name else ''}<br>"
        f"Score: <strong>{_fmt(s.total)} / {_fmt(assignment.max_points)}</strong> ({e(s.status)})</p><ul>",
    ]
    for title, pts in s.section_totals(assignment).items():
        sec = next(x for x in assignment.sections if x.title == title)
        parts.append(f"<li>{e(title)}: {_fmt(pts)} / {_fmt(sec.count * sec.points)}</li>")
    parts.append("</ul>")
    if s.problems:
        parts.append("<h2>Notes</h2><ul>" + "".join(f"<li>{e(p)}</li>" for p in s.problems) + "</ul>")
    parts.append("<h2>Questions</h2>")
    for item in s.items:
        cls = "ok" if item.correct else "bad"
        parts.append(
            f"<section><h3>{e(item.item)}: <span class='{cls}'>{_fmt(item.score)} / {_fmt(item.points)}</span></h3>"
            f"<p>{e(item.prompt)}</p><p class='{cls}'><em>{e(item.feedback)}</em></p><p>{e(item.explanation)}</p></section>"
        )
    parts.append("</main></body></html>")
    return "".join(parts)
