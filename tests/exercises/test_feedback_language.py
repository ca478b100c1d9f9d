"""The feedback page a student reads is in the course's language (fluent reviews plB 13, itB 20/21: chapter 14
of the Polish and Italian editions showed Ben's feedback file as "Student: … Score: … ## Notes … ## Questions"):
its labels, headings, score words and notes; the gradebook and the LMS files keep their English words."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest

from fivehundred_tutor import set_language
from fivehundred_tutor.exercises import grade, parse_roster
from fivehundred_tutor.exercises.grading.report.feedback import feedback_html, feedback_markdown
from tests.support.exercises import all_right, sheet_for, small_assignment, write_json

WORDS = {
    "en": ("Student:", "Score:", "## Notes", "## Questions", "no submission", "<html lang='en'>"),
    "pl": ("Uczeń:", "Wynik:", "## Uwagi", "## Pytania", "brak oddanej pracy", "<html lang='pl'>"),
    "it": ("Studente:", "Punteggio:", "## Note", "## Domande", "nessuna consegna", "<html lang='it'>"),
}


@pytest.fixture
def language() -> Iterator[None]:
    yield
    set_language("en")


@pytest.mark.parametrize("code", list(WORDS))
def test_the_feedback_page_speaks_the_course_language(language: None, code: str, tmp_path: Path) -> None:
    student, score, notes, questions, missing, lang = WORDS[code]
    set_language(code)
    hw = small_assignment()
    right = all_right(hw, "ada")
    write_json(tmp_path / "subs" / f"{hw.id}-ada.answers.json", sheet_for(hw, "ada", dict(list(right.items())[:2])))
    report = grade(hw, parse_roster("id\nada\nben\n"), tmp_path / "subs", tmp_path / "g", now=dt.datetime.now(dt.UTC))
    rows = {s.student: s for s in report.students}
    page = feedback_markdown(hw, rows["ada"])
    assert page.count(student) == 1 and page.count(score) == 1, page[:300]
    assert notes in page and questions in page  # ada left questions unanswered: a note says so
    assert missing in feedback_markdown(hw, rows["ben"])
    assert lang in feedback_html(hw, rows["ada"])
    if code != "en":
        assert not [w for w in ("Student:", "Score:", "## Notes", "## Questions") if w in page], page[:300]
    written = (tmp_path / "g" / "feedback" / "ada").glob("*.md")
    assert any(student in path.read_text(encoding="utf-8") for path in written), "the files grade writes say it too"
