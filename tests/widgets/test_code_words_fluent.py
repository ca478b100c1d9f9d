"""Words the fluent readers of the Polish and Italian editions found in English (or broken) that come from
the code, not from the catalogs: they are said in the reader's language now (findings plB/itB, plA)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fivehundred_tutor import set_language


@pytest.fixture
def lang() -> Iterator[None]:
    yield
    set_language("en")


@pytest.mark.parametrize(
    ("code", "names"), [("pl", ["Północ", "Wschód", "Południe", "Zachód"]), ("it", ["Nord", "Est", "Sud", "Ovest"])]
)
def test_play_problem_names_the_seats_in_the_readers_language(lang: None, code: str, names: list[str]) -> None:
    """plB 8, itB 6: "Dotychczasowe lewy: North 3, East 0…" and the captions under the trick's cards."""
    from fivehundred_tutor.widgets.problem import PlayProblem

    set_language(code)
    widget = PlayProblem({"library": "10-ending-name-the-suit"})
    assert widget.model["seat_names"] == names


@pytest.mark.parametrize(
    ("code", "line"),
    [
        ("en", "Two players, the table cards."),
        ("pl", "Dwóch graczy, karty na stole."),
        ("it", "Due giocatori, le carte in tavola."),
    ],
)
def test_a_two_player_puzzle_says_its_players_once(lang: None, code: str, line: str) -> None:
    """plB 23, itB 31 (and English): "Two players, two players (the table cards)" under a 2-player puzzle; the
    3-player puzzles said "Three players, three players"."""
    from fivehundred_tutor.puzzles import load_bank
    from fivehundred_tutor.puzzles.words import puzzle_card

    set_language(code)
    bank = load_bank()
    two = puzzle_card(next(p for p in bank if p.kind == "two-player"))
    assert f"{two['rules_title']}, {two['kind_title']}." == line
    three = puzzle_card(next(p for p in bank if p.kind == "three-player"))
    assert three["kind_title"] == ""
    assert puzzle_card(next(p for p in bank if p.kind == "suit"))["kind_title"]  # four players: the kind is said


@pytest.mark.parametrize(
    ("code", "start"),
    [("pl", "Częściowo dobrze (20%). Trafione: 1, "), ("en", "Partly right (20%). 1 right, 0 wrong, 4 missed.")],
)
def test_partial_credit_feedback_starts_its_second_sentence_with_a_capital(lang: None, code: str, start: str) -> None:
    """plB 21: "Częściowo dobrze (20%). trafione: 1, błędne: 0, pominięte: 4."."""
    from fivehundred_tutor.questions.core import check

    set_language(code)
    question = {"kind": "multi", "answer": ["a", "b", "c", "d", "e"], "choices": [{"id": x} for x in "abcdef"]}
    assert check(question, ["a"])["feedback"].startswith(start)


def test_the_footer_byline_is_one_translated_sentence_per_edition() -> None:
    """plA 2, plB 5: the footer read "Przez fivehundred_tutor developers"."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    from fivehundred_tutor.bookbuild.editions import edition_config

    book = Path(__file__).resolve().parents[2] / "book"
    template = (book / "_templates" / "author.html").read_text(encoding="utf-8")
    assert "{% trans author=author|e %}By {{ author }}{% endtrans %}" in template
    for code, byline in (
        ("pl", "Autorzy: zespół fivehundred_tutor"),
        ("it", "Autori: gli sviluppatori di fivehundred_tutor"),
    ):
        author = edition_config(code)["sphinx"]["config"]["author"]
        with (book / "editions" / code / "locales" / code / "LC_MESSAGES" / "sphinx.po").open("rb") as fp:
            catalog = read_po(fp, locale=code)
        assert catalog["By %(author)s"].string % {"author": author} == byline
        assert "developers" not in byline


@pytest.mark.parametrize(
    ("code", "truncated", "unanswered"),
    [
        ("pl", "to nie jest poprawny JSON (", "9 z 14 pytań bez odpowiedzi (0 pkt)"),
        ("it", "non è un JSON valido (", "9 domande su 14 senza risposta (punteggio 0)"),
    ],
)
def test_grading_messages_in_the_instructors_language(lang: None, code: str, truncated: str, unanswered: str) -> None:
    """plB 13, itB 20: `grade` said "not valid JSON … the file looks truncated" and "9 of 14 question(s)
    unanswered (scored 0)" in the Polish and Italian chapter 14; a truncated file is still told from a
    broken sheet (by its class, not its words), and the unanswered count is still not a problem."""
    import datetime as dt
    from pathlib import Path
    from tempfile import TemporaryDirectory

    from fivehundred_tutor.exercises import grade, parse_roster
    from fivehundred_tutor.exercises.grading.report.feedback import student_notes
    from tests.support.exercises import all_right, sheet_for, small_assignment, write_json

    set_language(code)
    hw = small_assignment()
    with TemporaryDirectory() as tmp:
        subs = Path(tmp) / "subs"
        right = all_right(hw, "ada")
        write_json(subs / f"{hw.id}-ada.answers.json", sheet_for(hw, "ada", dict(list(right.items())[:1])))
        (subs / f"{hw.id}-cy.answers.json").write_text('{"format": "fivehundred-answers", "ver', encoding="utf-8")
        report = grade(hw, parse_roster("id\nada\ncy\n"), subs, Path(tmp) / "g", now=dt.datetime.now(dt.timezone.utc))
    rows = {s.student: s for s in report.students}
    assert rows["cy"].status == "rejected"
    cy = " ".join(rows["cy"].problems)
    assert truncated in cy and "not valid JSON" not in cy and "truncated" not in cy, cy
    ada = rows["ada"]
    total = len(ada.items)
    assert ada.status == "graded", ada.problems  # the unanswered count is not a problem with the sheet
    line = unanswered.replace("9", str(total - 1)).replace("14", str(total))
    assert line in ada.problems and line in student_notes(ada), ada.problems
