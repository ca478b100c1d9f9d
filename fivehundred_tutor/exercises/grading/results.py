"""What grading finds, as data: one item, one student, the whole class (no files are read or written here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...errors import FiveHundredError
from ..assignment import Assignment

__all__ = ["GradeReport", "GradingError", "ItemResult", "Note", "StudentResult"]


class GradingError(FiveHundredError, ValueError):
    """Grading cannot start or its reports cannot be written (the message says what to change)."""


class Note(str):
    """A line on a student's row (the gradebook's ``problems``) that the student reads differently, or not at all.

    ``for_student`` is what the student's feedback says of it; None keeps it for the instructor alone (integrity
    matters: a copied or forged sheet, files of another student).  Plain ``str`` lines are read as they are.

    >>> n = Note("duplicated: 2 sheets (amy/a.json, amy/b.json)", for_student="2 different answer sheets")
    >>> n.startswith("duplicated"), n.for_student
    (True, '2 different answer sheets')
    >>> Note.private("wrong student: …").for_student is None
    True
    """

    for_student: str | None

    def __new__(cls, text: str, for_student: str | None = None) -> Note:
        note = super().__new__(cls, text)
        note.for_student = for_student
        return note

    @classmethod
    def private(cls, text: str) -> Note:
        """A line for the instructor only."""
        return cls(text, None)


class Unanswered(Note):
    """The count of a sheet's unanswered questions (scored 0): a plain fact, not a problem with the sheet, and
    not said to a student whose points are not out yet.  Its words are in the instructor's language: code tells
    it by this class, never by them."""

    def __new__(cls, text: str, for_student: str | None = None) -> Unanswered:
        return super().__new__(cls, text, text if for_student is None else for_student)  # type: ignore[return-value]


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
    exact: Fraction = field(default=Fraction(0), repr=False)
    key: str = ""
    override: str = ""
    kind: str = ""  # the question's kind: choice, multi, order, number, cards, text (written)
    rule: str = ""  # an item rule that changed it: accepted | dropped | full
    note: str = ""  # that rule in words ("Dropped from the grade for everyone: …"), shown even when answers are not
    pending: bool = False  # a written answer not marked yet (scored 0 until it is)
    response: Any = field(default=None, repr=False)  # the answer as the sheet held it (for distractor analysis)
    response_words: str = ""  # that answer as a person reads it ("K♦", "280")


@dataclass
class StudentResult:
    student: str
    name: str = ""
    status: str = "missing"  # graded | flagged | missing | rejected
    items: list[ItemResult] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    collected_at: str = ""
    collected_by: str = ""  # what put the student's files in order: the LMS export, nbgrader, or file times
    days_late: int = 0
    late_judged: bool = True  # False: no time said when the sheet came in (the gradebook leaves lateness blank)
    penalty: float = 0.0  # fraction of the score taken off for lateness
    held_back: str = ""  # why the answers and explanations are not in this student's feedback ("" = they are)
    # why the grade waits for the instructor's review before it reaches the LMS files and the student ("" = it
    # need not): graded only from a sheet without a token, which nothing shows the student made
    review: str = ""

    @property
    def raw_total(self) -> Fraction:
        return sum((i.exact for i in self.items), Fraction(0))

    @property
    def total(self) -> float:
        """The score after any late penalty, rounded once (to 4 places)."""
        return round(float(self.raw_total * (1 - Fraction(self.penalty).limit_denominator(10_000))), 4)

    @property
    def pending(self) -> int:
        """Written answers still to mark by hand (their LMS grade waits for them)."""
        return sum(1 for i in self.items if i.pending)

    @property
    def released(self) -> bool:
        """True when the grade may go to the LMS and the student: graded, no written answer still to mark, nothing
        waiting for the instructor's review."""
        return self.has_grade and not self.pending and not self.review

    @property
    def has_grade(self) -> bool:
        """False for a student with nothing graded — missing, or every file rejected: blank cells, not 0.

        A student graded only by an instructor's override (status ``override``) has a grade: the override's.
        """
        return self.status in ("graded", "flagged", "override")

    def section_totals(self, assignment: Assignment) -> dict[str, float]:
        """Points per section title, after the section's scoring policy and item rules."""
        sums: dict[str, Fraction] = {s.title: Fraction(0) for s in assignment.sections}
        for item in self.items:
            sums[item.section] = sums.get(item.section, Fraction(0)) + item.exact
        return {k: round(float(v), 4) for k, v in sums.items()}


@dataclass
class GradeReport:
    assignment: Assignment
    students: list[StudentResult]
    unmatched: list[tuple[str, str]]  # (file, reason) for files no roster student could be found for
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, why) files not read, said out loud
    overrides_applied: list[tuple[str, str, str, str, str]] = field(default_factory=list)
    warnings: list[str] = field(
        default_factory=list
    )  # about the whole run: times that look wrong, overrides said twice

    @property
    def held_back(self) -> list[StudentResult]:
        """Students whose feedback holds back the answers (no graded sheet, or their deadline not yet passed)."""
        return [s for s in self.students if s.held_back]

    def by_id(self) -> dict[str, StudentResult]:
        return {s.student: s for s in self.students}

    @property
    def not_read(self) -> list[tuple[str, str]]:
        """Files skipped that an instructor must look at (hidden files and grade's own output folder aside)."""
        quiet = ("a hidden file", "a hidden folder", "the grading output folder")
        return [(f, why) for f, why in self.skipped if not why.startswith(quiet)]

    @property
    def rejected(self) -> int:
        """Students rejected, plus files matched to no student (a file that did both counts once)."""
        rejected = [s for s in self.students if s.status == "rejected"]
        counted = {f for s in rejected for f in s.files}
        return len(rejected) + sum(1 for rel, _ in self.unmatched if rel not in counted)
