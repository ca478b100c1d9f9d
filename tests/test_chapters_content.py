"""Content checks for the book's chapters (helper C's area).

The chapters themselves run under nbval (see ``conftest.py``); these tests check what a run
cannot: that every chapter is in the table of contents, has a live widget and a quiz, says
which variant its rules belong to, that every cross-reference has a target, that the printed
Avondale table is the engine's (and reprints for a house rule), and that the glossary and the
variants chapter cover the sources' terms and variants.  Fast: no kernel is started.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import jupytext
import pytest

from fivehundred_tutor import PRESETS, Bid, Rules, Suit

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
CHAPTERS = sorted((BOOK / "chapters").glob("*.md"))
REFERENCE_PAGES = [BOOK / "glossary.md", BOOK / "rules-index.md", BOOK / "references.md"]

WIDGETS = (
    "CardView",
    "CardHierarchyQuiz",
    "BowerTrainer",
    "BiddingLadder",
    "TrickTrainer",
    "ScoringQuiz",
    "DealReplay",
    "QuizWidget",
    "PlayProblem",
)
QUIZZES = ("CardHierarchyQuiz", "BowerTrainer", "BiddingLadder", "TrickTrainer", "ScoringQuiz", "QuizWidget")


def read(path: Path) -> Any:
    return jupytext.read(path, fmt="md:myst")


def visible_code(path: Path) -> list[str]:
    """Source of the code cells a reader sees (not removed from the page)."""
    cells = []
    for cell in read(path).cells:
        tags = cell.metadata.get("tags", [])
        if cell.cell_type == "code" and "remove-cell" not in tags and "remove-input" not in tags:
            cells.append(cell.source)
    return cells


def prose(path: Path) -> str:
    return "\n".join(c.source for c in read(path).cells if c.cell_type == "markdown")


def test_there_are_fourteen_chapters() -> None:
    assert len(CHAPTERS) >= 14, [p.name for p in CHAPTERS]


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_is_a_myst_notebook(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    header = text.split("---", 2)[1]
    assert "format_name: myst" in header and "name: python3" in header
    nb = read(path)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    assert any(c.cell_type == "code" for c in nb.cells)
    assert not re.search(r"^\s*(import random|from random import)", text, re.M), "use fivehundred_tutor.rng"


def test_every_page_is_in_the_toc_and_every_toc_entry_exists() -> None:
    toc = (BOOK / "_toc.yml").read_text(encoding="utf-8")
    entries = re.findall(r"file:\s*(\S+)", toc)
    for path in CHAPTERS + REFERENCE_PAGES:
        rel = path.relative_to(BOOK).with_suffix("").as_posix()
        assert rel in entries, f"{rel} is missing from _toc.yml"
    for entry in entries:
        assert (BOOK / f"{entry}.md").exists() or (BOOK / f"{entry}.ipynb").exists(), entry


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_has_a_widget_and_a_seeded_quiz(path: Path) -> None:
    code = "\n".join(visible_code(path))
    used = {w for w in WIDGETS if re.search(rf"\b{w}\(", code)}
    assert used, f"{path.name} shows no widget"
    quiz_calls = re.findall(rf"\b(?:{'|'.join(QUIZZES)})\((.*)\)", code)
    assert quiz_calls, f"{path.name} has no quiz widget"
    for args in quiz_calls:
        assert "seed=" in args, f"{path.name}: a quiz without a fixed seed: {args}"
    assert re.search(r"\bfrom fivehundred_tutor\.widgets import\b", code)


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_has_card_pictures_or_engine_output(path: Path) -> None:
    code = "\n".join(c.source for c in read(path).cells if c.cell_type == "code")
    assert re.search(r"cards_html\(|CardView\(|DealReplay\(|Deal\.new\(|Deal\.from_position\(", code), path.name


@pytest.mark.parametrize("path", CHAPTERS[1:], ids=lambda p: p.stem)
def test_chapter_says_which_variant(path: Path) -> None:
    text = prose(path)
    says_whose = r"\bdefault\b|\b(every|all) variants?\b|variant `[a-z0-9-]+`"
    assert re.search(says_whose, text, re.I), f"{path.name} never says which variant its rules belong to"
    assert re.search(r"variant|preset", text, re.I), f"{path.name} names no variant"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_defines_its_rules_profile_in_a_cell(path: Path) -> None:
    code = "\n".join(c.source for c in read(path).cells if c.cell_type == "code")
    assert re.search(r"\brules = (Rules\(|Rules\.preset\()", code) or "Rules(" in code, path.name


def test_every_reference_has_a_target() -> None:
    pages = CHAPTERS + REFERENCE_PAGES + [BOOK / "index.md"]
    texts = {p: p.read_text(encoding="utf-8") for p in pages if p.exists()}
    labels = set()
    for text in texts.values():
        labels |= set(re.findall(r"^\(([\w-]+)\)=\s*$", text, re.M))
    links = 0
    for path, text in texts.items():
        # Cross-references are Markdown links, which JupyterLab shows as links too ({ref} and
        # {doc} roles would show as raw text there).
        assert not re.search(r"\{(ref|doc)\}`", text), f"{path.name}: use [text](#label) or [text](page.md)"
        for target in re.findall(r"\]\(#([\w-]+)\)", text):
            assert target in labels, f"{path.name}: link to undefined label {target!r}"
            links += 1
        for page in re.findall(r"\]\(([\w./-]+\.md)\)", text):
            assert (path.parent / page).exists(), f"{path.name}: link to missing page {page!r}"
            links += 1
    assert links >= 100
    glossary = texts[BOOK / "glossary.md"]
    terms = {line.strip().lower() for line in glossary.splitlines() if re.match(r"^[A-Z][\w ]+$", line)}
    for path, text in texts.items():
        for term in re.findall(r"\{term\}`([^`]+)`", text):
            assert term.lower() in terms, f"{path.name}: {{term}} {term!r} not in the glossary"


def _table_from_chapter(rules_expr: str) -> tuple[str, dict[str, Any]]:
    """Run chapter 4's setup cell with another rules profile, then its table cell; return the Markdown."""
    nb = read(BOOK / "chapters" / "04-bidding-ladder.md")
    code = [c for c in nb.cells if c.cell_type == "code"]
    setup = code[0].source
    assert re.search(r"^rules = Rules\(\)", setup, re.M), "chapter 4 must set its profile as `rules = Rules()`"
    setup = re.sub(r"^rules = Rules\(\)", f"rules = {rules_expr}", setup, flags=re.M)
    table = next(c for c in code if "avondale-table" in c.metadata.get("tags", []))
    namespace: dict[str, Any] = {}
    exec(setup, namespace)
    *body, last = table.source.rstrip().splitlines()
    exec("\n".join(body), namespace)
    markdown = eval(last, namespace)
    return markdown.data, namespace


@pytest.mark.parametrize("preset", ["australian", "misere-150", "open-misere-330", "no-misere"])
def test_printed_scoring_table_is_the_engines(preset: str) -> None:
    text, _ = _table_from_chapter(f'Rules.preset("{preset}")')
    rules = Rules.preset(preset)
    rows = [line for line in text.splitlines() if re.match(r"^\| (6|7|8|9|10) \|", line)]
    assert len(rows) == 5
    for line in rows:
        cells = [c.strip() for c in line.strip("|").split("|")]
        tricks = int(cells[0])
        expected = [rules.bid_value(Bid.suit(tricks, s)) for s in Suit] + [rules.bid_value(Bid.no_trumps(tricks))]
        assert [int(c) for c in cells[1:]] == expected
    if rules.misere == "never":
        assert "Misère" not in text
    else:
        assert f"Misère: **{rules.bid_value(Bid.misere())}**" in text
        assert f"open misère: **{rules.bid_value(Bid.open_misere())}**" in text


def test_scoring_table_reprints_for_a_house_rule() -> None:
    default, _ = _table_from_chapter("Rules()")
    low, _ = _table_from_chapter('Rules.preset("misere-150")')
    assert default != low and "**150**" in low and "**250**" in default


def test_variants_chapter_covers_every_preset_and_the_sources_variants() -> None:
    text = (BOOK / "chapters" / "13-variants.md").read_text(encoding="utf-8")
    index = (BOOK / "rules-index.md").read_text(encoding="utf-8")
    for name in PRESETS:
        if name != "australian":
            assert f"`{name}`" in text or f"`{name}`" in index, f"preset {name} is described nowhere"
    for needle in (
        "45 cards",
        "63 cards",
        "Six players",
        "Nullo",
        "Inkle",
        "St Paul",
        "Bryce Francis",
        "6NT promises the joker",
        "Canadian",
    ):
        assert needle in text, needle


def test_glossary_gives_the_sources_polish_and_italian_terms() -> None:
    text = (BOOK / "glossary.md").read_text(encoding="utf-8")
    for word in (
        "musik",
        "tallone",
        "walet",
        "lewa",
        "presa",
        "misère",
        "briscola",
        "atu",
        "bez atu",
        "dżoker",
        "licytacja",
        "asta",
        "pantano",
        "renons",
        "dichiarante",
        "rozgrywający",
    ):
        assert word in text, word


def test_rules_index_points_at_every_rule_section() -> None:
    index = (BOOK / "rules-index.md").read_text(encoding="utf-8")
    labels = set()
    for path in CHAPTERS:
        labels |= set(re.findall(r"^\((rule-[\w-]+)\)=\s*$", path.read_text(encoding="utf-8"), re.M))
    assert len(labels) >= 25
    missing = sorted(label for label in labels if label not in index and label != "rule-misere-defence")
    assert not missing, f"rules index lacks {missing}"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_every_plot_has_alt_text(path: Path) -> None:
    for cell in read(path).cells:
        if cell.cell_type == "code" and "plt.show()" in cell.source:
            alt = cell.metadata.get("mystnb", {}).get("image", {}).get("alt", "")
            assert len(alt) > 40, f"{path.name}: a plot without a description for screen readers"
