"""``fivehundred-tutor lab``: open the book's chapters in JupyterLab, where every widget is live.

Each chapter is a MyST markdown notebook (``book/chapters/*.md``); JupyterLab opens it as a
notebook (the Jupytext viewer is set as the default for ``.md``), and *Run All* makes the
widgets answer from the Python kernel.  The book's hidden cells open collapsed (``labcontents``), and
saving writes the same text back (``book/jupytext.toml``, the chapters' kernelspec as JupyterLab writes it).
Arguments after ``--`` go to ``jupyter lab`` unchanged (e.g. ``-- --ServerApp.token=secret``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from ..bookbuild.jupyterbook import BOOK_DIR, BookError, configure_jupyterlab

__all__ = ["lab_command", "register"]

FIRST_CHAPTER = "chapters/01-how-to-use.md"
#: Jupytext's contents manager, with the book's hidden cells collapsed
CONTENTS_MANAGER = "fivehundred_tutor.cli.labcontents.BookContentsManager"


def lab_command(book_dir: Path, port: int | None, open_browser: bool, extra: list[str]) -> list[str]:
    """The ``jupyter lab`` command line that serves ``book_dir`` and opens its first chapter."""
    cmd = [
        sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={book_dir}",
        f"--ServerApp.default_url=/lab/tree/{FIRST_CHAPTER}", f"--ServerApp.contents_manager_class={CONTENTS_MANAGER}",
    ]  # fmt: skip
    if port is not None:
        cmd.append(f"--port={port}")
    if not open_browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # JupyterLab refuses root without it (containers, CI)
    return cmd + extra


def _cmd_lab(args: argparse.Namespace) -> int:
    book_dir = Path(args.book_dir).resolve()
    if not (book_dir / FIRST_CHAPTER).is_file():
        print(f"fivehundred-tutor: error: no chapters in {book_dir} (expected {FIRST_CHAPTER})", file=sys.stderr)
        return 1
    try:
        if configure_jupyterlab():
            print("JupyterLab will open the chapters (.md) as notebooks.", flush=True)
    except (OSError, BookError) as err:
        print(f"note: could not set JupyterLab's default viewer for .md ({err}); "
              "right-click a chapter > Open With > Jupytext Notebook", file=sys.stderr)  # fmt: skip
    extra = list(args.jupyter_args)
    if extra[:1] == ["--"]:
        extra = extra[1:]
    cmd = lab_command(book_dir, args.port, not args.no_browser, extra)
    print(
        "Starting JupyterLab on the book's chapters (Ctrl-C stops it): open a chapter, then Run > Run All Cells.",
        flush=True,
    )
    if os.name == "posix":
        # become JupyterLab: a signal that stops this command stops the server (no orphaned server)
        os.execv(cmd[0], cmd)
    try:
        return subprocess.call(cmd)
    except KeyboardInterrupt:
        return 130


def register(subparsers: Any) -> None:
    """Add ``lab`` to the ``fivehundred-tutor`` command line."""
    p = subparsers.add_parser(
        "lab",
        help="open the book's chapters as live notebooks in JupyterLab",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--port", type=int, default=None, help="port on 127.0.0.1 (default: JupyterLab's, 8888)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser window")
    p.add_argument("--book-dir", default=str(BOOK_DIR), help=argparse.SUPPRESS)
    p.add_argument("jupyter_args", nargs=argparse.REMAINDER, help="after --: passed to jupyter lab")
    p.set_defaults(func=_cmd_lab)
