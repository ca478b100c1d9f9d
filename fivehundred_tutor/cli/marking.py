"""``fivehundred-tutor mark``: open HandGrader on a course folder in JupyterLab, to mark written answers.

It writes ``<assignment id>-marking.ipynb`` beside the assignment file (once: your own edits to it are kept), a
notebook whose one cell opens ``HandGrader`` on the assignment, the roster and the collected submissions, and
starts JupyterLab in the assignment's folder on that notebook.  Run the cell (Run > Run All Cells), click the
widget and mark with the keys.  Each mark is saved to ``<assignment>.marks.json``, which every ``grade`` reads.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from ..i18n import gettext as _

__all__ = ["mark_command", "marking_notebook", "register"]


def _path_from(folder: Path, target: Path) -> str:
    """``target`` as the notebook's code names it: relative to the notebook's folder when inside it."""
    target = target.resolve()
    try:
        return target.relative_to(folder).as_posix()
    except ValueError:
        return str(target)


def marking_notebook(assignment: Path, roster: Path, submissions: Path, assignment_id: str) -> Path:
    """The notebook beside ``assignment`` that opens HandGrader (written when missing; returns its path)."""
    folder = assignment.resolve().parent
    path = folder / f"{assignment_id}-marking.ipynb"
    if path.exists():
        return path
    args = ", ".join(json.dumps(_path_from(folder, p), ensure_ascii=False) for p in (assignment, roster, submissions))
    source = f"from fivehundred_tutor.widgets import HandGrader\n\nHandGrader({args})"
    notebook = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "cells": [
            {
                "cell_type": "markdown",
                "id": "about",
                "metadata": {},
                # Translators: "Run > Run All Cells" is JupyterLab's menu (keep it as JupyterLab shows it); the
                # letters and digits are the HandGrader's keys and stay as they are
                "source": _(
                    "Run the cell below (Run > Run All Cells), click the widget, then mark with the keys: "
                    "1-9 tick a rubric line, s save, u undo, j / k next and previous, n next not marked, c comment."
                ),
            },
            {
                "cell_type": "code",
                "id": "mark",
                "metadata": {},
                "execution_count": None,
                "outputs": [],
                "source": source,
            },
        ],
    }
    path.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


def mark_command(notebook: Path, port: int | None, open_browser: bool, extra: list[str]) -> list[str]:
    """The ``jupyter lab`` command line that serves the notebook's folder and opens the notebook."""
    from .lab import QUIET_FLAGS

    cmd = [
        sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={notebook.parent}",
        f"--LabApp.default_url=/lab/tree/{notebook.name}", *QUIET_FLAGS,
    ]  # fmt: skip
    if port is not None:
        cmd.append(f"--port={port}")
    if not open_browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # JupyterLab refuses root without it (containers, CI)
    return cmd + extra


def cmd_mark(args: argparse.Namespace) -> int:
    from ..exercises import load_assignment

    assignment = Path(args.assignment)
    for what, p in (("assignment file", assignment), ("roster", Path(args.roster))):
        if not p.is_file():
            print(f"fivehundred-tutor: error: {p}: no such {what}", file=sys.stderr)
            return 2
    if not Path(args.submissions).is_dir():
        print(f"fivehundred-tutor: error: {args.submissions}: no such submissions folder", file=sys.stderr)
        return 2
    hw = load_assignment(assignment)
    notebook = marking_notebook(assignment, Path(args.roster), Path(args.submissions), hw.id)
    cmd = mark_command(notebook, args.port, not args.no_browser, [])
    print(
        # Translators: "Run > Run All Cells" is JupyterLab's menu (keep it as JupyterLab shows it)
        _("Starting JupyterLab on {notebook} (Ctrl-C stops it): Run > Run All Cells, then click the widget.").format(
            notebook=notebook
        )
    )
    if args.print_only:
        print(" ".join(cmd))
        return 0
    sys.stdout.flush()
    if os.name == "posix":
        # become JupyterLab: a signal that stops this command stops the server (no orphaned server)
        os.execv(cmd[0], cmd)
    try:
        return subprocess.call(cmd)
    except KeyboardInterrupt:
        return 130


def register(subparsers: Any) -> None:
    """Add ``mark`` to the ``fivehundred-tutor`` command line."""
    p = subparsers.add_parser(
        "mark",
        help="mark written answers by hand: open HandGrader on a course folder in JupyterLab",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("assignment", help="assignment file (.toml, .yaml or .json)")
    p.add_argument("--roster", required=True, help="roster CSV (or a Canvas or Moodle export)")
    p.add_argument("--submissions", required=True, help="folder of the collected answer sheets/notebooks")
    p.add_argument("--port", type=int, default=None, help="port on 127.0.0.1 (default: JupyterLab's, 8888)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser window")
    p.add_argument("--print-only", action="store_true", help="write the notebook and print the command; start nothing")
    p.set_defaults(func=cmd_mark)
