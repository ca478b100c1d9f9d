"""``fivehundred-tutor lab``: its command line.  The command started for real, with chapters opened as
notebooks, run and saved in a real JupyterLab: tests/ui/test_lab_save.py."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_lab_command_line() -> None:
    from fivehundred_tutor.cli.lab import FIRST_CHAPTER, lab_command

    cmd = lab_command(ROOT / "book", 8899, False, ["--foo"])
    assert cmd[1:4] == ["-m", "jupyter", "lab"]
    assert f"--ServerApp.root_dir={ROOT / 'book'}" in cmd and "--port=8899" in cmd and "--no-browser" in cmd
    assert f"--ServerApp.default_url=/lab/tree/{FIRST_CHAPTER}" in cmd and cmd[-1] == "--foo"
    assert (ROOT / "book" / FIRST_CHAPTER).is_file()
