"""``fivehundred-tutor lab``: open the book's chapters in JupyterLab, where every widget is live.

Each chapter is a MyST markdown notebook (``book/chapters/*.md``); JupyterLab opens it as a
notebook (the Jupytext viewer is set as the default for ``.md``), and *Run All* makes the
widgets answer from the Python kernel.  The book's hidden cells open collapsed (``labcontents``), and
saving writes the same text back (``book/jupytext.toml``, the chapters' kernelspec as JupyterLab writes it).
The chapter opens full width in a workspace of its own (``fivehundred-tutor``: the file browser
folded away, one click on the folder icon opens it), so a phone shows the notebook, not the files.
``--language pl`` (or ``it``; default ``$FIVEHUNDRED_LANG``, else English) opens that edition's chapters
(``book/editions/<code>/``) with the engine speaking its language in every kernel.
Arguments after ``--`` go to ``jupyter lab`` unchanged (e.g. ``-- --IdentityProvider.token=secret``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from ..bookbuild.jupyterbook import BOOK_DIR, BookError, configure_jupyterlab
from ..bookbuild.lite import jupyterlab_saved_dir
from ..i18n import gettext as _
from ..saved import SAVED_DIR_ENV

__all__ = ["lab_command", "register"]

FIRST_CHAPTER = "chapters/01-how-to-use.md"
#: the JupyterLab workspace the command opens (written once; JupyterLab keeps the learner's changes in it)
WORKSPACE = "fivehundred-tutor"
#: that workspace at first: the left area (the file browser) folded, so the chapter takes the width
WORKSPACE_DATA: dict[str, Any] = {
    "data": {
        "layout-restorer:data": {
            "main": {"dock": {"type": "tab-area", "currentIndex": 0, "widgets": []}},
            "down": {"size": 0, "collapsed": True, "widgets": []},
            # folded: no "current" (a current widget is shown open); the folder icon opens the file browser
            "left": {"collapsed": True, "visible": True, "widgets": ["filebrowser"]},
            "right": {"collapsed": True, "visible": True, "widgets": []},
            "relativeSizes": [0.2, 0.8, 0],
            "top": {"simpleVisibility": True},
        }
    },
    "metadata": {"id": WORKSPACE},
}
#: no update check going online (the news pop-up: ``configure_jupyterlab``'s settings)
QUIET_FLAGS = (
    "--LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate",
    "--LabApp.news_url=None",
)
#: Jupytext's contents manager, with the book's hidden cells collapsed
CONTENTS_MANAGER = "fivehundred_tutor.cli.labcontents.BookContentsManager"


def lab_command(book_dir: Path, port: int | None, open_browser: bool, extra: list[str]) -> list[str]:
    """The ``jupyter lab`` command line that serves ``book_dir`` and opens its first chapter."""
    cmd = [
        sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={book_dir}",
        f"--LabApp.default_url=/lab/workspaces/{WORKSPACE}/tree/{FIRST_CHAPTER}",
        f"--ServerApp.contents_manager_class={CONTENTS_MANAGER}", *QUIET_FLAGS,
    ]  # fmt: skip
    if port is not None:
        cmd.append(f"--port={port}")
    if not open_browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # JupyterLab refuses root without it (containers, CI)
    return cmd + extra


def workspaces_dir() -> Path:
    """JupyterLab's workspaces folder, as JupyterLab finds it (``JUPYTERLAB_WORKSPACES_DIR``, else the config folder's)."""
    from jupyter_core.paths import jupyter_config_dir

    return Path(os.environ.get("JUPYTERLAB_WORKSPACES_DIR") or Path(jupyter_config_dir()) / "lab" / "workspaces")


def ensure_workspace(folder: Path | None = None) -> Path:
    """The command's workspace file: written with the file browser folded when there is none yet
    (a learner's own layout in it is kept)."""
    from jupyterlab_server import WORKSPACE_EXTENSION, slugify

    name = slugify(WORKSPACE) + WORKSPACE_EXTENSION  # the file JupyterLab looks for ("fivehundred-tutor-4663…")
    path = (folder or workspaces_dir()) / name
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(WORKSPACE_DATA), encoding="utf-8")
    return path


def edition_to_open(language: str | None, book_dir: Path) -> tuple[str, Path, Path]:
    """(language, the folder of chapters to serve, where its book build left saved results) for ``--language``
    (default ``$FIVEHUNDRED_LANG``, else English): an edition's own tree for Polish or Italian.

    >>> edition_to_open("pl", BOOK_DIR)[1].relative_to(BOOK_DIR).as_posix()
    'editions/pl'
    >>> edition_to_open(None, BOOK_DIR)[0] in ("en", "pl", "it")
    True
    """
    from ..bookbuild import editions

    code = (language or os.environ.get("FIVEHUNDRED_LANG") or editions.SOURCE_LANGUAGE).strip().lower()
    if code == editions.SOURCE_LANGUAGE:
        return code, book_dir, jupyterlab_saved_dir(book_dir / "_build" / "html")
    if code not in editions.languages():
        raise BookError(
            _("no edition {language} (the book has {languages})").format(
                language=code, languages=", ".join([editions.SOURCE_LANGUAGE, *editions.languages()])
            )
        )
    built = editions.edition_build_dir(code, book_dir) / "_build" / "html"
    return code, book_dir / editions.EDITIONS_DIR.relative_to(BOOK_DIR) / code, jupyterlab_saved_dir(built)


def _cmd_lab(args: argparse.Namespace) -> int:
    try:
        language, book_dir, built = edition_to_open(args.language, Path(args.book_dir).resolve())
    except BookError as err:
        print(f"fivehundred-tutor: error: {err}", file=sys.stderr)
        return 1
    # the kernels JupyterLab starts inherit it: the engine and the widgets speak the edition's language
    os.environ["FIVEHUNDRED_LANG"] = language
    if not (book_dir / FIRST_CHAPTER).is_file():
        print(f"fivehundred-tutor: error: no chapters in {book_dir} (expected {FIRST_CHAPTER})", file=sys.stderr)
        return 1
    try:
        if configure_jupyterlab():
            print(_("JupyterLab will open the chapters (.md) as notebooks."), flush=True)
    except (OSError, BookError) as err:
        # Translators: "Open With > Jupytext Notebook" is JupyterLab's menu (keep it as JupyterLab shows it)
        print(_("note: could not set JupyterLab's default viewer for .md ({error}); "
                "right-click a chapter > Open With > Jupytext Notebook").format(error=err), file=sys.stderr)  # fmt: skip
    try:
        ensure_workspace()
    except OSError as err:
        print(
            _("note: could not write JupyterLab's workspace for the book ({error})").format(error=err), file=sys.stderr
        )
    extra = list(args.jupyter_args)
    if extra[:1] == ["--"]:
        extra = extra[1:]
    cmd = lab_command(book_dir, args.port, not args.no_browser, extra)
    if built.is_dir():
        # the kernels take the slow seeded results the book build worked out (fivehundred_tutor.saved)
        os.environ[SAVED_DIR_ENV] = str(built)
    print(
        # Translators: "Run > Run All Cells" is JupyterLab's menu (keep it as JupyterLab shows it)
        _("Starting JupyterLab on the book's chapters (Ctrl-C stops it): open a chapter, then Run > Run All Cells."),
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
    p.add_argument(
        "--book-dir",
        default=str(BOOK_DIR),
        help="the book folder whose chapters to open (default: the package's book/); after a book build its kernels take the build's saved results (_build/saved)",
    )
    p.add_argument(
        "--language",
        default=None,
        help="en, pl or it: open that edition's chapters, the engine speaking its language (default: $FIVEHUNDRED_LANG, else en)",
    )
    p.add_argument("jupyter_args", nargs=argparse.REMAINDER, help="after --: passed to jupyter lab")
    p.set_defaults(func=_cmd_lab)
