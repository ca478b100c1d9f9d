"""What a student reads about their own grade: a Markdown or HTML page per student, and the notes the Moodle
feedback column repeats — lateness, regrading, files not read; never academic-integrity flags."""

from __future__ import annotations

import html

from ....i18n import get_language, ngettext, pgettext
from ....i18n import gettext as _
from ...assignment import Assignment
from ...text import fmt_points, md_escape, status_words
from ..results import ItemResult, Note, StudentResult, Unanswered

__all__ = ["feedback_html", "feedback_markdown", "hand_marks", "student_notes"]


def _waiting() -> str:
    """What a student reads while their only sheet (one without a token) waits for the instructor's review."""
    return _("your hand-in is waiting for your teacher's review")


_INSTRUCTOR_ONLY = (
    "wrong student:",
    "your answer sheet was found in another",
    "tampered:",
    "the sheet carries no token",
)


def _instructor_only(problem: str) -> bool:
    """Academic-integrity matters (copied or altered sheets, tokens): for the instructor's files only."""
    text = problem.removeprefix("note: ")
    return text.startswith(_INSTRUCTOR_ONLY) or "token is not" in text


def _for_student(problem: str) -> str | None:
    """What the student reads of one line of their row (None: nothing, it is for the instructor)."""
    if isinstance(problem, Note):
        return None if problem.for_student is None else problem.for_student.removeprefix("note: ")
    return None if _instructor_only(problem) else problem.removeprefix("note: ")


def student_notes(s: StudentResult) -> list[str]:
    """The notes a student may read about their own grade: lateness, regrading, files not read, unanswered
    questions, held-back answers — never integrity flags, nor another student's file or folder (those stay in
    the gradebook and summary)."""
    # no points yet: not even the 0s of unanswered questions
    shown = [p for p in s.problems if not (s.review and s.has_grade and isinstance(p, Unanswered))]
    notes = [text for text in map(_for_student, shown) if text is not None]
    if s.status == "rejected" and not any(n for n in notes if n != "no submission"):
        notes.append(_("not graded: please speak to your instructor"))
    if s.held_back:
        # Translators: {reason} says until when (the due date) or why
        notes.append(_("the answers and explanations are held back: {reason}").format(reason=s.held_back))
    elif s.review and s.has_grade:
        notes.append(_waiting())
    return notes


def _by_hand(item: ItemResult) -> bool:
    """A written answer that has its mark: the ticked rubric lines and the comment are the student's to read,
    before the due date too (they give away no other student's answer nor the key of a question)."""
    return item.kind == "text" and item.answered and not item.pending


def hand_marks(s: StudentResult) -> list[str]:
    """Each hand-marked answer's ticked rubric lines and comment, as the Moodle feedback column says them."""
    return [f"{item.item}: {item.feedback}" for item in s.items if _by_hand(item)] if _shown(s) else []


def _status_words(s: StudentResult) -> str:
    """The row's status as the student reads it: "flagged" is the instructor's word (an integrity matter or a
    problem to look at), never the student's; their notes say what they may read of it."""
    if s.review and s.has_grade:
        return _waiting()
    return status_words("graded" if s.status == "flagged" else s.status)


def _shown(s: StudentResult) -> bool:
    """Whether the student reads points: not with nothing graded, nor while their only sheet (one without a token,
    which nothing shows they made) waits for the instructor's review — as the LMS files leave it blank."""
    return s.has_grade and not s.review


def _earned(s: StudentResult, points: float) -> str:
    """Points earned, or a blank ("–") for a student with nothing graded (missing, or every file rejected) or a
    grade waiting for the instructor's review."""
    return fmt_points(points) if _shown(s) else "–"


def feedback_markdown(assignment: Assignment, s: StudentResult) -> str:
    score = _score_words(assignment, s)
    lines = [
        f"# {md_escape(assignment.title)}",
        "",
        f"{_label('Student')} **{md_escape(s.student)}**{' (' + md_escape(s.name) + ')' if s.name else ''}  ",
        f"{_label('Score')} **{score}** ({_status_words(s)})",
        "",
    ]
    for title, pts in s.section_totals(assignment).items():
        sec = next(x for x in assignment.sections if x.title == title)
        lines.append(f"- {md_escape(title)}: {_earned(s, pts)} / {fmt_points(assignment.section_max(sec))}")
    notes = student_notes(s)
    if notes:
        lines += ["", "## " + _("Notes"), ""] + [f"- {md_escape(p)}" for p in notes]
    lines += ["", "## " + _("Questions"), ""]
    for item in s.items:
        heading = f"{_mark(item)} {fmt_points(item.score)}" if _shown(s) else "–"  # no grade: a blank, not a 0
        lines += [f"### {item.item} {heading} / {fmt_points(item.points)}", "", md_escape(item.prompt), ""]
        if item.kind == "text" and isinstance(item.response, str):
            lines += [_("Your answer:"), "", f"> {md_escape(item.response)}", ""]
        if item.note:
            lines += [f"*{md_escape(item.note)}*", ""]
        if not s.held_back:
            lines += [f"*{md_escape(item.feedback)}*", "", md_escape(item.explanation), ""]
        elif item.override or item.pending or _by_hand(item):
            lines += [f"*{md_escape(item.feedback)}*", ""]
    return "\n".join(lines)


def _mark(item: ItemResult) -> str:
    if item.pending:
        return "…"
    return "✔" if item.correct else ("◐" if item.score > 0 else "✘")


def _score_words(assignment: Assignment, s: StudentResult) -> str:
    if s.review and s.has_grade:
        return _("not graded yet")
    if not s.has_grade:
        return _("no submission")
    score = f"{fmt_points(s.total)} / {fmt_points(assignment.max_points)}"
    waiting = s.pending
    if not waiting:
        return score
    still = ngettext("{n} written answer still to be marked", "{n} written answers still to be marked", waiting)
    return f"{score}, {still.format(n=waiting)}"


def _label(word: str) -> str:
    """A label of the feedback page's head, with its colon: "Student:", "Score:" (in the reader's language)."""
    words = {"Student": pgettext("feedback page", "Student:"), "Score": pgettext("feedback page", "Score:")}
    return words[word]


def feedback_html(assignment: Assignment, s: StudentResult) -> str:
    e = html.escape
    score = _score_words(assignment, s)
    parts = [
        f"<!doctype html><html lang='{e(get_language())}'><head><meta charset='utf-8'>",
        f"<title>{e(assignment.title)} — {e(s.student)}</title>",
        "<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;"
        "color:#1b1b1b;background:#fff}@media(prefers-color-scheme:dark){body{color:#e8e8e8;background:#1e1f22}}"
        ".ok{color:#1e6b34}.bad{color:#a4161a}@media(prefers-color-scheme:dark){.ok{color:#7bd88f}.bad{color:#ff8a8a}}"
        "</style></head><body><main>",
        f"<h1>{e(assignment.title)}</h1>",
        f"<p>{e(_label('Student'))} <strong>{e(s.student)}</strong>{' (' + e(s.name) + ')' if s.name else ''}<br>"
        f"{e(_label('Score'))} <strong>{e(score)}</strong> ({e(_status_words(s))})</p><ul>",
    ]
    for title, pts in s.section_totals(assignment).items():
        sec = next(x for x in assignment.sections if x.title == title)
        parts.append(f"<li>{e(title)}: {_earned(s, pts)} / {fmt_points(assignment.section_max(sec))}</li>")
    parts.append("</ul>")
    notes = student_notes(s)
    if notes:
        parts.append("<h2>" + e(_("Notes")) + "</h2><ul>" + "".join(f"<li>{e(p)}</li>" for p in notes) + "</ul>")
    parts.append("<h2>" + e(_("Questions")) + "</h2>")
    for item in s.items:
        cls = "ok" if item.correct else "bad"
        more = ""
        if item.kind == "text" and isinstance(item.response, str):
            more += "<p>" + e(_("Your answer:")) + f"</p><blockquote>{e(item.response)}</blockquote>"
        if item.note:
            more += f"<p><em>{e(item.note)}</em></p>"
        if not s.held_back:
            more += f"<p class='{cls}'><em>{e(item.feedback)}</em></p><p>{e(item.explanation)}</p>"
        elif item.override or item.pending or _by_hand(item):
            more += f"<p class='{cls}'><em>{e(item.feedback)}</em></p>"
        parts.append(
            f"<section><h3>{e(item.item)}: <span class='{cls}'>{_earned(s, item.score)} / {fmt_points(item.points)}</span></h3>"
            f"<p>{e(item.prompt)}</p>{more}</section>"
        )
    parts.append("</main></body></html>")
    return "".join(parts)
