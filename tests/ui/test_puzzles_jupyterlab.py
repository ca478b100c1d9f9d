"""The puzzle trainer in a real JupyterLab: the kernel answers its hello, serves the next puzzle
from the whole bank near the learner's rating, and the verdict shows."""

from __future__ import annotations

import nbformat
import pytest

from tests.support.browser import jupyterlab_server, launch_chromium, open_page

pytestmark = pytest.mark.jupyterlab


def test_lab_trainer_gets_puzzles_from_the_kernel(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            'from fivehundred_tutor.widgets import PuzzleTrainer\nPuzzleTrainer("Lab puzzles", size=2, levels=False)'
        )
    ]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, work / "puzzles.ipynb")
    with jupyterlab_server(work, tmp_path) as (base, token), launch_chromium() as browser:
        page, problems = open_page(browser, f"{base}/lab/tree/puzzles.ipynb?token={token}")
        page.get_by_text("| Idle").first.wait_for(timeout=90_000)
        page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
        page.get_by_text("Run All Cells", exact=True).click()
        trainer = page.locator('.fht-root[aria-label="Lab puzzles"]')
        trainer.wait_for(timeout=90_000)
        saved = {"p": None}
        for _ in range(3):
            trainer.locator(".fht-pz-next").first.click()
            trainer.locator(".fht-pz-prompt").wait_for(timeout=30_000)
            trainer.locator(
                ".fht-pz-hand button:not([disabled]), .fht-pz-joker button, .fht-piles button,"
                " .fht-pz-calls button:not([disabled])"  # a bidding puzzle: a call
            ).first.click()
            trainer.locator(".fht-pz-verdict").wait_for(timeout=10_000)
            assert "Rating" in trainer.locator(".fht-pz-verdict").inner_text()
            saved["p"] = trainer.locator(".fht-pz-status").inner_text()
        # three puzzles from a model that holds two: the kernel served them from the whole bank
        assert "over 3 puzzles" in trainer.locator(".fht-pz-stats summary").inner_text()
        # JupyterLab's own extensions log errors here (the JupyterLite kernel's); none of ours
        ours = [m for m in problems.all() if "fht" in m or "fivehundred" in m]
        assert not ours, ours
        page.context.close()
