"""The book's Polish and Italian editions (fivehundred_tutor/bookbuild/editions.py), without building them.

- Every page of the book has a page in each edition's tree (``book/editions/<code>/``), and the pages
  a translator has started (TRANSLATED, per edition) have no block of English prose left, in their
  prose or in the strings their code cells show or check.
- A translated chapter's hidden cells hold in its language: its code cells run with the engine in
  Polish / Italian (``FIVEHUNDRED_LANG``), so the prose's card names are checked against the engine's.
- The untranslated-blocks check counts what is left and fails only an edition marked complete.
- A page not translated yet is staged in English under a note, and runs in English.
- The language switcher links each page to the same page of every other edition, both ways.
"""

from __future__ import annotations

import os
import posixpath
import subprocess
import sys
from pathlib import Path

import jupytext
import pytest

from fivehundred_tutor.bookbuild import editions

ROOT = Path(__file__).resolve().parents[2]


def translated(code: str) -> list[str]:
    """The pages of an edition a translator has started (the not-translated note deleted): each must be whole."""
    return [
        page
        for page in editions.pages()
        if editions.is_started((editions.tree(code) / f"{page}.md").read_text(encoding="utf-8"))
    ]


TRANSLATED = {code: translated(code) for code in ("pl", "it")}
# a floor: the pages translated when the test was written stay translated (a page put back to English fails)
TRANSLATED_BY_NOW = {
    "pl": {"index", "glossary", "chapters/01-how-to-use", "chapters/06-kitty", "chapters/12-annotated-deals"},
    "it": {"index", "glossary", "chapters/01-how-to-use", "chapters/10-three-players", "chapters/12a-play-problems"},
}


@pytest.mark.parametrize("code", ["pl", "it"])
def test_every_page_has_a_page_in_the_edition_and_the_translated_ones_no_english(code: str) -> None:
    assert editions.languages() == ["pl", "it"]
    for page in editions.pages():
        assert (editions.tree(code) / f"{page}.md").exists(), f"{code}: {page}.md is missing from the tree"
    assert TRANSLATED_BY_NOW[code] <= set(TRANSLATED[code])
    report = editions.untranslated(code)
    for page in TRANSLATED[code]:
        assert report.left[page] == [], f"{code}/{page}: started, yet still English: {report.left[page][:3]}"
    for page in set(editions.pages()) - set(TRANSLATED[code]):
        assert report.left[page], f"{code}/{page}: not started, yet counted as translated"  # the rest is counted
    assert report.untranslated < report.total


def _script(code: str, staged: bool) -> str:
    cells = []
    for page in TRANSLATED[code]:
        text = (editions.tree(code) / f"{page}.md").read_text(encoding="utf-8")
        notebook = jupytext.reads(editions.in_its_language(text, code) if staged else text, fmt="md:myst")
        cells += [c.source for c in notebook.cells if c.cell_type == "code"]
    return "\n\n".join(["import os\nos.environ.setdefault('MPLBACKEND', 'Agg')", *cells])


@pytest.mark.parametrize("code", ["pl", "it"])
def test_a_translated_chapter_runs_in_its_language(code: str) -> None:
    """The code cells of the translated pages: their hidden cells assert the card names of the prose against
    the engine's words in that language.  As the build stages them (a first cell setting the language) they
    hold in any kernel, JupyterLite's too (no FIVEHUNDRED_LANG there); as written, only in that language."""
    env = {k: v for k, v in os.environ.items() if k != "FIVEHUNDRED_LANG"}
    staged = subprocess.run(
        [sys.executable, "-"], input=_script(code, True), env=env, capture_output=True, text=True, cwd=ROOT
    )
    assert staged.returncode == 0, staged.stderr[-2000:]
    english = subprocess.run(
        [sys.executable, "-"], input=_script(code, False), env=env, capture_output=True, text=True, cwd=ROOT
    )
    assert english.returncode != 0 and "AssertionError" in english.stderr  # the checks are the language's


def test_blocks_are_prose_and_the_strings_code_shows() -> None:
    page = """---
jupytext:
  text_representation: {}
---

(ch-x)=
# How to use this book

Five Hundred is a game
for four players.

- **Online** works in your browser.

```{code-cell} ipython3
cards = parse_cards("JD TH AS")
CardView(cards, label="Top five hearts")
```
"""
    assert editions.blocks(page) == [
        "How to use this book",
        "Five Hundred is a game for four players.",
        "**Online** works in your browser.",
        "Top five hearts",
    ]
    translated = page.replace("Five Hundred is a game\nfor four players.", "Pięćset to gra\ndla czterech graczy.")
    left = [b for b in editions.blocks(translated) if b in set(editions.blocks(page))]
    assert len(left) == 3


def test_both_editions_are_complete_and_the_check_fails_one_with_english_left(tmp_path: Path, monkeypatch) -> None:
    """Both editions are marked complete (editions.yml) and are: the build would fail on one English block.
    An edition marked complete with an English block left fails the check, by its code."""
    reports, failing = editions.check(["pl", "it"])
    assert [r.code for r in reports] == ["pl", "it"] and failing == []
    assert all(r.untranslated == 0 for r in reports) and all(editions.settings()[c]["complete"] for c in ("pl", "it"))
    assert reports[0].lines()[0].startswith(f"pl: 0 of {reports[0].total} blocks untranslated")
    # a copy of the Polish tree with one English paragraph put back into a translated page
    import shutil

    shutil.copytree(editions.tree("pl"), tmp_path / "pl")
    page = tmp_path / "pl" / "chapters" / "03-bowers.md"
    english = (editions.BOOK_DIR / "chapters" / "03-bowers.md").read_text(encoding="utf-8")
    paragraph = max(editions.blocks(english), key=len)  # the English page's longest block of prose
    page.write_text(page.read_text(encoding="utf-8") + "\n\n" + paragraph + "\n", encoding="utf-8")
    monkeypatch.setattr(
        editions, "tree", lambda code: tmp_path / code if code == "pl" else editions.EDITIONS_DIR / code
    )
    reports, failing = editions.check(["pl", "it"])
    assert failing == ["pl"] and reports[0].left["chapters/03-bowers"], reports[0].lines()[:3]
    cli = subprocess.run(
        [sys.executable, "-m", "fivehundred_tutor.bookbuild.editions", "check", "pl", "--complete"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert cli.returncode == 0 and "pl: 0 of" in cli.stdout  # the real tree: whole


def test_a_page_not_started_is_counted_and_built_as_the_english_page_now(tmp_path: Path, monkeypatch) -> None:
    """A page marked not started is the English page as it is at build time (an English change never leaves
    a stale copy behind, whose English hidden cells would then fail in Polish), counted whole."""
    book = tmp_path / "book"
    (book / "chapters").mkdir(parents=True)
    (book / "_toc.yml").write_text("root: index\nparts:\n  - caption: C\n    chapters:\n      - file: chapters/a\n")
    (book / "index.md").write_text("# Front page\n\nTwo words here.\n")
    (book / "chapters" / "a.md").write_text("# The chapter\n\nThe old sentence is here.\n")
    monkeypatch.setattr(editions, "EDITIONS_DIR", tmp_path / "editions")
    assert len(editions.init(["pl"], book)) == 2
    (book / "chapters" / "a.md").write_text("# The chapter\n\nThe new sentence is here.\n")  # English moves on
    report = editions.untranslated("pl", book)
    assert report.left["chapters/a"] == ["The chapter", "The new sentence is here."]
    assert editions.init(["pl"], book) == [tmp_path / "editions" / "pl" / "chapters" / "a.md"]  # refreshed
    started = "# Strona\n\nDwa słowa tutaj.\n"
    (tmp_path / "editions" / "pl" / "index.md").write_text(started)
    assert editions.init(["pl"], book) == [] and editions.untranslated("pl", book).left["index"] == []


def test_a_page_not_yet_translated_runs_in_english_under_a_note() -> None:
    english = (editions.BOOK_DIR / "chapters" / "03-bowers.md").read_text(encoding="utf-8")
    staged = editions.not_yet_translated(english, "pl")
    title = staged.index("\n# ")
    note = staged.index(editions.NOT_YET["pl"])
    switch = staged.index('fivehundred_tutor.set_language("en")')
    assert title < note < switch < staged.index("```{code-cell}", switch + 1)
    assert jupytext.reads(staged, fmt="md:myst").cells[1].metadata["tags"] == ["remove-cell"]


def test_an_editions_config_is_the_books_in_its_language() -> None:
    config = editions.edition_config("it")
    assert config["title"].startswith("Cinquecento")
    assert config["sphinx"]["config"]["language"] == "it"
    assert config["sphinx"]["config"]["nb_code_prompt_show"] == "Mostra il codice della cella"
    assert config["execute"] == editions.edition_config("pl")["execute"]  # same execution settings, own cache dir


def _follow(start_code: str, page: str, html: str, to: str) -> tuple[str, str]:
    """Click the switcher's link to ``to`` on ``page`` of edition ``start_code``: (edition, page) reached."""
    link = html.split(f'hreflang="{to}"')[0].rsplit('href="', 1)[1].split('"')[0]
    here = posixpath.dirname(posixpath.join("" if start_code == "en" else start_code, page))
    target = posixpath.normpath(posixpath.join(here, link))
    code, _, rest = target.partition("/")
    return (code, rest) if code in ("pl", "it") else ("en", target)


@pytest.mark.parametrize("page", ["index.html", "chapters/01-how-to-use.html", "glossary.html"])
def test_the_switcher_keeps_the_reader_on_the_same_page_both_ways(page: str) -> None:
    codes = ["en", "pl", "it"]
    for here in codes:
        html = editions.switcher(page, here, codes)
        assert f'aria-current="page" lang="{here}"' in html
        for there in codes:
            if there != here:
                assert _follow(here, page, html, there) == (there, page)


def test_the_switcher_goes_on_every_page_once_and_comes_off(tmp_path: Path) -> None:
    article = '<html><body><article class="bd-article"><h1>T</h1></article></body></html>'
    for rel in ["index.html", "chapters/a.html", "pl/index.html", "pl/chapters/a.html", "_static/x.html"]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(article, encoding="utf-8")
    assert editions.add_switcher(tmp_path, ["pl"]) == 4
    assert editions.add_switcher(tmp_path, ["pl"]) == 0  # again: nothing new, no second switcher
    assert (tmp_path / "pl/chapters/a.html").read_text().count("fht-editions") == 3  # the markers and the nav
    assert 'href="../../chapters/a.html" hreflang="en"' in (tmp_path / "pl/chapters/a.html").read_text()
    assert "fht-editions" not in (tmp_path / "_static/x.html").read_text()
    assert editions.add_switcher(tmp_path, []) == 4  # the editions off: every switcher taken away
    assert (tmp_path / "chapters/a.html").read_text() == article


def test_a_complete_edition_is_not_built_while_its_catalog_leaves_a_message_in_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An untranslated catalog entry stops the edition's build (not only the tests), naming the message and the
    commands that fix it; the real catalogs pass."""
    from fivehundred_tutor.bookbuild import catalogs, jupyterbook

    jupyterbook.catalog_gate("pl")  # the real catalog: complete
    real = catalogs.po_path("pl").read_text(encoding="utf-8")
    marker = 'msgid "comment"\nmsgstr "komentarz"'
    assert marker in real
    broken = tmp_path / "pl.po"
    broken.write_text(real.replace(marker, 'msgid "comment"\nmsgstr ""'), encoding="utf-8")
    monkeypatch.setattr(catalogs, "po_path", lambda code: broken if code == "pl" else catalogs.LOCALE_DIR)
    with pytest.raises(
        jupyterbook.BookError, match=r"(?s)pl edition would show English.*'comment': not translated.*extract"
    ):
        jupyterbook.catalog_gate("pl")
