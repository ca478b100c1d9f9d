"""``fivehundred-tutor lab``: its command line.  The command started for real, with chapters opened as
notebooks, run and saved in a real JupyterLab: tests/ui/test_lab_save.py, tests/ui/test_lab_chapters.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_lab_command_line() -> None:
    from fivehundred_tutor.cli.lab import FIRST_CHAPTER, WORKSPACE, lab_command

    cmd = lab_command(ROOT / "book", 8899, False, ["--foo"])
    assert cmd[1:4] == ["-m", "jupyter", "lab"]
    assert f"--ServerApp.root_dir={ROOT / 'book'}" in cmd and "--port=8899" in cmd and "--no-browser" in cmd
    # JupyterLab's own default_url wins over the server's: the LabApp one opens the chapter
    assert f"--LabApp.default_url=/lab/workspaces/{WORKSPACE}/tree/{FIRST_CHAPTER}" in cmd and cmd[-1] == "--foo"
    assert not any(arg.startswith("--ServerApp.default_url") for arg in cmd)
    # no update check going online
    assert any("NeverCheckForUpdate" in arg for arg in cmd) and "--LabApp.news_url=None" in cmd
    assert (ROOT / "book" / FIRST_CHAPTER).is_file()


def test_the_lab_workspace_opens_the_chapter_with_the_file_browser_folded(tmp_path: Path) -> None:
    """Issue 31 (9): on a phone the file browser covered ~70% of the screen.  The command's workspace
    starts with the left area folded (no current widget: a current one is shown open), written under
    the name JupyterLab looks for, and a learner's own layout in it is kept."""
    from jupyterlab_server import WORKSPACE_EXTENSION, slugify

    from fivehundred_tutor.cli.lab import WORKSPACE, ensure_workspace

    path = ensure_workspace(tmp_path)
    assert path == tmp_path / (slugify(WORKSPACE) + WORKSPACE_EXTENSION)
    layout = json.loads(path.read_text())["data"]["layout-restorer:data"]
    assert layout["left"]["collapsed"] is True and "current" not in layout["left"]
    path.write_text('{"data": {}, "metadata": {"id": "fivehundred-tutor"}}')
    ensure_workspace(tmp_path)
    assert json.loads(path.read_text())["data"] == {}  # the learner's, left alone


def test_jupyterlab_asks_no_news_question_and_keeps_a_learners_choice(tmp_path: Path) -> None:
    """Issue 31 (11): "Would you like to get notified about official Jupyter news?" covered the chapter."""
    from fivehundred_tutor.bookbuild.jupyterbook import configure_jupyterlab

    overrides = tmp_path / "overrides.json"
    assert configure_jupyterlab(overrides) is True
    notes = json.loads(overrides.read_text())["@jupyterlab/apputils-extension:notification"]
    assert notes == {"fetchNews": "false", "checkForUpdates": False}
    assert configure_jupyterlab(overrides) is False
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps({"@jupyterlab/apputils-extension:notification": {"fetchNews": "true"}}))
    configure_jupyterlab(mine)
    assert json.loads(mine.read_text())["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "true"


def test_lab_help_names_no_deprecated_option() -> None:
    """Issue 31 (11): the help's example used ``--ServerApp.token``, deprecated (jupyter_server 2)."""
    out = subprocess.run(
        [sys.executable, "-m", "fivehundred_tutor", "lab", "--help"], capture_output=True, text=True, check=True
    ).stdout
    assert "ServerApp.token" not in out and "--IdentityProvider.token" in out
