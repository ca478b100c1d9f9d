"""The course the book build writes (bookbuild/course.py) and what the built pages show of the code
(bookbuild/hiddencode.py).

- The course lists every chapter of the table of contents in order, each with the quizzes its page
  shows (title, first question, size), read from the built pages; two chapters whose quizzes would
  share one progress record stop the build.
- A folded cell (``hide-input``) that only draws something shows no "Show code cell source" bar in
  the built book (its code stays in the chapter and the notebooks); one that draws nothing is not on
  the page at all; one that prints text keeps its fold.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import jupytext
import pytest
from docutils import nodes

from fivehundred_tutor.bookbuild import course, hiddencode

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def _page(*models: tuple[str, dict[str, Any]]) -> str:
    """A built page's widget state and views (in the order given)."""
    state = {"state": {mid: {"model_name": "AnyModel", "state": fields} for mid, fields in models}}
    views = "".join(f'<script type="{WIDGET_VIEW}">{json.dumps({"model_id": mid})}</script>' for mid, _ in models)
    return f'<script type="application/vnd.jupyter.widget-state+json">{json.dumps(state)}</script>{views}'


def _quiz(title: str, first: str, n: int = 12, kind: str = "quiz", size: int | None = None) -> dict[str, Any]:
    quiz = {"title": title, "bank": [{"id": first}] + [{"id": f"{first}-{i}"} for i in range(1, n)]}
    if size is not None:
        quiz["size"] = size
    return {"_fht_host": {"kind": kind, "state": ["quiz"]}, "quiz": quiz}


def _bank_sizes(page_html: str) -> list[int]:
    """How many questions each quiz of a built page shows, in the order bookbuild.course lists them."""
    found = re.search(rf'<script type="{re.escape(WIDGET_STATE)}">(.*?)</script>', page_html, re.S)
    states = {mid: (entry or {}).get("state") or {} for mid, entry in json.loads(found.group(1))["state"].items()}
    sizes = []
    for view in re.findall(rf'<script type="{re.escape(WIDGET_VIEW)}">(.*?)</script>', page_html, re.S):
        state = states.get(json.loads(view).get("model_id")) or {}
        kind = (state.get("_fht_host") or {}).get("kind")
        quiz = state.get("quiz")
        if kind in course.QUIZ_KINDS and isinstance(quiz, dict) and quiz.get("bank"):
            sizes.append(len(quiz["bank"]))
    return sizes


def test_a_chapters_quizzes_are_read_from_its_page_in_page_order() -> None:
    page = _page(
        ("m2", _quiz("Bidding ladder quiz", "q-ladder", kind="ladder")),
        ("m1", {"_fht_host": {"kind": "replay", "state": []}, "model": {}}),
        ("m3", _quiz("What is it worth?", "q-worth", n=13, size=12)),
        ("m4", {"_fht_host": {"kind": "review", "state": []}, "quiz": {"title": "Review", "bank": [{"id": "r"}]}}),
    )
    assert course.chapter_quizzes(page) == [
        {"title": "Bidding ladder quiz", "first": "q-ladder", "size": 12},
        {"title": "What is it worth?", "first": "q-worth", "size": 12},  # a live host's extra question: not counted
    ]
    assert course.chapter_quizzes("<p>no widgets</p>") == []
    # a test with its own rule (the final test's pass mark) carries it to the course
    final = _quiz("Final test", "q-final", n=41, size=41)
    final["quiz"]["pass_mark"] = 27
    assert course.chapter_quizzes(_page(("m5", final))) == [
        {"title": "Final test", "first": "q-final", "size": 41, "pass_mark": 27}
    ]


def test_two_chapters_sharing_a_quiz_record_stop_the_build(tmp_path: Path) -> None:
    (tmp_path / "chapters").mkdir()
    (tmp_path / "chapters" / "a.html").write_text(_page(("m", _quiz("Quiz", "q1"))))
    (tmp_path / "chapters" / "b.html").write_text(_page(("m", _quiz("Quiz", "q1"))))
    (tmp_path / "chapters" / "c.html").write_text(_page(("m", _quiz("Quiz", "q2"))))
    data = course.course_data([("chapters/a", "A"), ("chapters/c", "C")], tmp_path)
    assert [c["path"] for c in data["chapters"]] == ["chapters/a", "chapters/c"]
    with pytest.raises(course.CourseError, match="chapters/b and chapters/a both have a quiz titled 'Quiz'"):
        course.course_data([("chapters/a", "A"), ("chapters/b", "B")], tmp_path)
    script = course.course_js(data)
    assert "window.fhtCourse = course;" in script and "</" not in script.split("var course = ")[1].split(";")[0]


def test_the_built_course_lists_every_chapter_in_order_with_its_quizzes(built_book: Any) -> None:
    text = (built_book.html / "_static" / "widgetjs" / course.COURSE_SCRIPT).read_text(encoding="utf-8")
    data = json.loads(re.search(r"var course = (\{.*\});", text).group(1))
    toc = re.findall(r"- file: (chapters/[\w-]+)", (BOOK / "_toc.yml").read_text(encoding="utf-8"))
    assert [c["path"] for c in data["chapters"]] == toc
    for chapter in data["chapters"]:
        source = (BOOK / f"{chapter['path']}.md").read_text(encoding="utf-8")
        assert chapter["title"] == re.search(r"^# (.+)$", source, re.M).group(1)
        page = (built_book.html / f"{chapter['path']}.html").read_text(encoding="utf-8")
        assert chapter["quizzes"] == course.chapter_quizzes(page)
    by_path = {c["path"]: c for c in data["chapters"]}
    assert [q["title"] for q in by_path["chapters/03-bowers"]["quizzes"]] == ["Bower trainer"]
    assert len(by_path["chapters/04-bidding-ladder"]["quizzes"]) == 2  # the ladder's quiz and the quiz
    assert all(q["size"] >= 1 for c in data["chapters"] for q in c["quizzes"])
    # no quiz is mastered by one answer (learner review, finding 1: the final test was, size 1 of 41):
    # each is out of the questions its page shows, mastered at four in five (progress.js masteryNeed) or,
    # the final test, at the pass mark the page states
    for chapter in data["chapters"]:
        page = (built_book.html / f"{chapter['path']}.html").read_text(encoding="utf-8")
        for quiz, shown in zip(chapter["quizzes"], _bank_sizes(page), strict=True):
            need = quiz.get("pass_mark") or math.ceil(0.8 * quiz["size"] - 1e-9)
            assert quiz["size"] == shown and need > 1, (chapter["path"], quiz, shown)
    final = by_path["chapters/15-final-test"]["quizzes"]
    stated = re.search(
        r"Pass mark: (\d+) of (\d+)", (built_book.html / "chapters/15-final-test.html").read_text(encoding="utf-8")
    )
    assert [(q["pass_mark"], q["size"]) for q in final] == [(int(stated.group(1)), int(stated.group(2)))]
    every = [(q["title"], q["first"]) for c in data["chapters"] for q in c["quizzes"]]
    assert len(every) == len(set(every)), "two quizzes would share one progress record"
    # every page loads the course and the course map
    for page in ("index.html", "chapters/03-bowers.html", "glossary.html"):
        head = (built_book.html / page).read_text(encoding="utf-8")
        assert course.COURSE_SCRIPT in head and course.COURSE_MAP_SCRIPT in head, page


# ------------------------------------------------------------------------------ hidden code


def _cell(tags: list[str], *outputs: nodes.Node, hide: str | None = "input") -> nodes.container:
    cell = nodes.container(nb_element="cell_code", cell_metadata={"tags": tags})
    if hide:
        cell["hide_mode"] = hide
    cell += nodes.container(nb_element="cell_code_source")
    if outputs:
        out = nodes.container(nb_element="cell_code_output")
        for node in outputs:
            out += node
        cell += out
    return cell


def test_what_the_book_drops_of_a_folded_cell() -> None:
    widget = nodes.raw("", '<script type="application/vnd.jupyter.widget-view+json"></script>', format="html")
    picture = nodes.image(uri="x.png")
    printed = nodes.literal_block("", "North  J♦ 9♦")
    assert hiddencode.drops_source(_cell(["hide-input"], widget)) == "source"
    assert hiddencode.drops_source(_cell(["hide-input"], picture, widget)) == "source"
    assert hiddencode.drops_source(_cell(["hide-input"])) == "cell"  # set-up code: nothing to see
    assert hiddencode.drops_source(_cell(["hide-input"], printed)) is None  # its code explains the print
    assert hiddencode.drops_source(_cell([], widget, hide=None)) is None  # open code stays open
    assert hiddencode.drops_source(_cell(["hide-output"], widget, hide="output")) is None


def test_the_built_pages_show_widgets_and_pictures_without_code_bars(built_book: Any) -> None:
    pages = [built_book.html / "index.html", *sorted((built_book.html / "chapters").glob("*.html"))]
    bars = []
    widgets = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        widgets += text.count(f'<script type="{WIDGET_VIEW}">')
        for cell in re.split(r'(?=<div class="cell )', text)[1:]:
            cell = cell.split("</section>")[0]
            if "above-input" in cell and (WIDGET_VIEW in cell or "<img" in cell):
                bars.append(f"{page.name}: {re.sub(r'<[^>]+>', ' ', cell)[:120]!r}")
    assert widgets > 60
    assert not bars, "\n".join(bars)
    # the chapters keep every line of that code (JupyterLab shows it folded)
    bowers = jupytext.read(BOOK / "chapters" / "03-bowers.md", fmt="md:myst")
    folded = [c for c in bowers.cells if c.cell_type == "code" and "hide-input" in c.metadata.get("tags", [])]
    assert any("BowerTrainer(" in c.source for c in folded)
    built = (built_book.html / "chapters" / "03-bowers.html").read_text(encoding="utf-8")
    assert "BowerTrainer" not in re.sub(r"<script[^>]*>.*?</script>", "", built, flags=re.S)
