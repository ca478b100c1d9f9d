"""``fivehundred-tutor lab`` starts a real JupyterLab on the book, and a chapter opens as a notebook."""

from __future__ import annotations

import json
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import jupyterlab_server

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.jupyterlab
@pytest.mark.browser
def test_lab_command_opens_a_chapter_as_a_notebook(tmp_path: Path, browser: Any) -> None:
    def lab(port: int, token: str) -> list[str]:
        return [sys.executable, "-m", "fivehundred_tutor", "lab", "--no-browser", "--port", str(port), "--",
                f"--IdentityProvider.token={token}"]  # fmt: skip

    with jupyterlab_server(None, tmp_path, command=lab, cwd=ROOT) as (base, token):
        # the server's root is the book: the chapters are there
        with urllib.request.urlopen(f"{base}/api/contents/chapters?token={token}", timeout=10) as reply:
            names = {item["name"] for item in json.load(reply)["content"]}
        assert "01-how-to-use.md" in names
        # the viewer setting the command wrote makes JupyterLab open a chapter as a notebook
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{base}/lab/tree/chapters/03-bowers.md?token={token}")
        cell = page.locator(".jp-Notebook .jp-Cell").first
        cell.wait_for(state="visible", timeout=60_000)
        assert page.locator(".jp-Notebook .jp-CodeCell").count() > 0
        page.close()


def test_lab_command_line() -> None:
    from fivehundred_tutor.cli.lab import FIRST_CHAPTER, lab_command

    cmd = lab_command(ROOT / "book", 8899, False, ["--foo"])
    assert cmd[1:4] == ["-m", "jupyter", "lab"]
    assert f"--ServerApp.root_dir={ROOT / 'book'}" in cmd and "--port=8899" in cmd and "--no-browser" in cmd
    assert f"--ServerApp.default_url=/lab/tree/{FIRST_CHAPTER}" in cmd and cmd[-1] == "--foo"
    assert (ROOT / "book" / FIRST_CHAPTER).is_file()
