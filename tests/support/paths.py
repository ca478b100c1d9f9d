"""Where things are: the repository, its tests, the book, the folder for screenshots and reports."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
BOOK = ROOT / "book"
ARTIFACTS = ROOT / "test-artifacts"
