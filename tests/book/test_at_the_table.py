"""The "At the table" chapter: irregularities, each with its source or marked as custom.

Only one published Five Hundred law was found (revokes, in *Hoyle's Games Modernized*); the
chapter must attribute it, and must not state a law for misdeals, exposed cards or leads out of
turn as fact.
"""

from __future__ import annotations

import re
from pathlib import Path

import jupytext

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
CHAPTER = BOOK / "chapters" / "09e-at-the-table.md"


def prose(path: Path) -> str:
    nb = jupytext.read(path, fmt="md:myst")
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def sections(text: str) -> dict[str, str]:
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    return {parts[i].strip(): parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def test_chapter_sits_after_defence_in_the_toc() -> None:
    toc = (BOOK / "_toc.yml").read_text(encoding="utf-8")
    entries = re.findall(r"file:\s*(\S+)", toc)
    at = entries.index("chapters/09e-at-the-table")
    assert entries[at - 1] == "chapters/09d-defence" and entries[at + 1] == "chapters/10-three-players"


def test_revoke_rules_are_attributed_to_hoyle() -> None:
    revokes = sections(prose(CHAPTER))["Revokes"]
    flat = " ".join(revokes.split())
    assert "Hoyle's Games Modernized" in flat
    assert "American rule" in flat and "Hoffmann" in flat
    # The American rule as Hoyle quotes it: the hand stops, the declarer scores the bid.
    assert re.search(r"hand stops at once", flat) and "full value of the bid" in flat
    assert "does not say what happens when the declarer revokes" in flat


def test_no_law_is_invented_for_the_other_irregularities() -> None:
    text = sections(prose(CHAPTER))
    for name in ("Misdeals", "Exposed cards", "Leading out of turn"):
        flat = " ".join(text[name].split())
        assert re.search(r"no (Five Hundred )?law|found no", flat), name
        assert "custom" in flat or "Some tables" in flat, name
        assert not re.search(r"\b(most|all) (clubs|tables|players)\b", flat, re.I), name


def test_sources_and_glossary_know_the_chapter() -> None:
    references = (BOOK / "references.md").read_text(encoding="utf-8")
    hoyle = references.split("**Hoyle's Games Modernized**")[1].split("\n- ")[0]
    assert "Revokes" in hoyle and "09e-at-the-table.md" in hoyle
    glossary = (BOOK / "glossary.md").read_text(encoding="utf-8")
    for label in ("gloss-misdeal", "gloss-exposed-card"):
        assert f"({label})=" in glossary
    assert "#rule-revoke" in glossary
    assert "#rule-revoke" in (BOOK / "rules-index.md").read_text(encoding="utf-8")


def test_the_chapter_checks_the_left_bower_revoke_with_the_engine() -> None:
    code = "\n".join(c.source for c in jupytext.read(CHAPTER, fmt="md:myst").cells if c.cell_type == "code")
    assert "IllegalAction" in code and 'assert diamond_legal == ["7♦"] and trump_legal == ["J♦"]' in code
