"""``fivehundred-tutor lab`` starts a real JupyterLab on the book, and a chapter opens as a notebook."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "fivehundred-lab-test"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.jupyterlab
@pytest.mark.browser
def test_lab_command_opens_a_chapter_as_a_notebook(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR"):  # fmt: skip
        env[var] = str(tmp_path / var.lower())
    from tests.support.browser import quiet_extensions

    quiet_extensions(tmp_path / "jupyter_config_dir")
    port = _free_port()
    cmd = [sys.executable, "-m", "fivehundred_tutor", "lab", "--no-browser", "--port", str(port), "--",
           f"--IdentityProvider.token={TOKEN}"]  # fmt: skip
    log = (tmp_path / "lab.log").open("w")
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={TOKEN}", timeout=1) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, (tmp_path / "lab.log").read_text()[-3000:]
            time.sleep(0.3)
        # the server's root is the book: the chapters are there
        with urllib.request.urlopen(f"{base}/api/contents/chapters?token={TOKEN}", timeout=10) as reply:
            names = {item["name"] for item in json.load(reply)["content"]}
        assert "01-how-to-use.md" in names
        # the viewer setting the command wrote makes JupyterLab open a chapter as a notebook
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{base}/lab/tree/chapters/03-bowers.md?token={TOKEN}")
        cell = page.locator(".jp-Notebook .jp-Cell").first
        cell.wait_for(state="visible", timeout=60_000)
        assert page.locator(".jp-Notebook .jp-CodeCell").count() > 0
        page.close()
    finally:
        try:
            request = urllib.request.Request(
                f"{base}/api/shutdown", method="POST", headers={"Authorization": f"token {TOKEN}"}
            )
            urllib.request.urlopen(request, timeout=5)
            proc.wait(timeout=15)
        except Exception:
            proc.kill()
            proc.wait()
        log.close()


def test_lab_command_line() -> None:
    from fivehundred_tutor.cli.lab import FIRST_CHAPTER, lab_command

    cmd = lab_command(ROOT / "book", 8899, False, ["--foo"])
    assert cmd[1:4] == ["-m", "jupyter", "lab"]
    assert f"--ServerApp.root_dir={ROOT / 'book'}" in cmd and "--port=8899" in cmd and "--no-browser" in cmd
    assert f"--ServerApp.default_url=/lab/tree/{FIRST_CHAPTER}" in cmd and cmd[-1] == "--foo"
    assert (ROOT / "book" / FIRST_CHAPTER).is_file()
