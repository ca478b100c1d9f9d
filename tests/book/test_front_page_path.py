"""The front page's path for a beginner (issue 30): from *How to use this book* and *A hand in five phases*,
in the book's order, on past *Scoring* to the final test (it stopped before them and at Scoring)."""

from __future__ import annotations

import re

from tests.support.paths import ROOT

BOOK = ROOT / "book"


def test_the_beginners_path_starts_at_the_beginning_and_goes_past_scoring() -> None:
    index = (BOOK / "index.md").read_text(encoding="utf-8")
    item = re.search(r"^- \*\*New to the game\?\*\*(.*?)(?=^- \*\*)", index, re.S | re.M)
    assert item, "the front page has no 'New to the game?' path"
    path = re.findall(r"\]\((chapters/[^)]+)\.md\)", item.group(1))
    toc = re.findall(r"file: (chapters/\S+)", (BOOK / "_toc.yml").read_text(encoding="utf-8"))
    assert path[:2] == ["chapters/01-how-to-use", "chapters/01a-phases-of-a-hand"], path
    assert path == sorted(path, key=toc.index), "the path keeps the book's order"
    after = toc[toc.index("chapters/09-scoring") + 1 :]
    assert "chapters/09-scoring" in path and [p for p in path if p in after], "the path stops at Scoring"
    assert path[-1] == "chapters/15-final-test", path
    # the first screen of a phone: 'Where to start' comes before any other section
    assert re.findall(r"^## (.+)$", index, re.M)[0] == "Where to start"
