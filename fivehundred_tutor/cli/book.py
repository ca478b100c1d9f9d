"""``fivehundred-tutor book build`` and ``fivehundred-tutor book serve``.

build   Build ``book/`` into ``book/_build/html`` with Jupyter Book 1, warnings as errors
        (``-W -n --keep-going``).  Incremental by default: only changed pages are rewritten,
        and executed notebook outputs come from the jupyter-cache in ``book/_build/.jupyter_cache``.
        The cache is keyed on cell code only, so when the package (engine, widgets) changes the
        cache is cleared and every chapter runs again.  ``--clean`` starts from nothing.
serve   Build if anything changed, then serve the site on http://127.0.0.1:PORT/ until Ctrl-C.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from ..bookbuild.jupyterbook import (
    BOOK_DIR,
    BookError,
    build,
    configure_jupyterlab,
    html_dir,
    is_stale,
    lab_overrides_file,
    serve,
)
from ..i18n import decimal
from ..i18n import gettext as _

__all__ = ["register"]

EDITIONS_HELP = (
    "also build these language editions into /pl/, /it/ ('pl,it', 'all'; default: $FIVEHUNDRED_EDITIONS, "
    "else none): see book/editions/editions.yml"
)


def _configure_lab_quietly() -> None:
    try:
        if configure_jupyterlab():
            print(
                _("JupyterLab will open the chapters (.md) as notebooks: {path}").format(path=lab_overrides_file()),
                flush=True,
            )
    except (OSError, BookError) as err:
        print(_("note: could not set JupyterLab's default viewer for .md ({error})").format(error=err), file=sys.stderr)


def _cmd_build(args: argparse.Namespace) -> int:
    _configure_lab_quietly()
    start = time.perf_counter()
    try:
        out = build(
            Path(args.book_dir),
            output=Path(args.output) if args.output else None,
            clean=args.clean,
            strict=not args.no_strict,
            quiet=not args.verbose,
            all_pages=args.all,
            editions=args.editions,
        )
    except BookError as err:
        print(f"fivehundred-tutor: error: {err}", file=sys.stderr)
        return 1
    _built(start, out)
    return 0


def _built(start: float, out: Path) -> None:
    seconds = decimal(time.perf_counter() - start, 1)
    print(_("Built the book in {seconds} s: {path}").format(seconds=seconds, path=out / "index.html"), flush=True)


def _cmd_serve(args: argparse.Namespace) -> int:
    _configure_lab_quietly()
    book_dir = Path(args.book_dir).resolve()
    out = html_dir(book_dir)
    try:
        if not args.no_build and (is_stale(book_dir) or args.editions):
            start = time.perf_counter()
            out = build(book_dir, quiet=not args.verbose, editions=args.editions)
            _built(start, out)
        elif not (out / "index.html").exists():
            raise BookError(f"{out / 'index.html'} does not exist: run `fivehundred-tutor book build` first")
        else:
            print(_("The book is up to date: {path}").format(path=out / "index.html"), flush=True)
        serve(out, args.port)
    except BookError as err:
        print(f"fivehundred-tutor: error: {err}", file=sys.stderr)
        return 1
    return 0


def register(subparsers: Any) -> None:
    """Add ``book build`` and ``book serve`` to the ``fivehundred-tutor`` command line."""
    book = subparsers.add_parser(
        "book",
        help="build or serve the Jupyter Book",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = book.add_subparsers(dest="book_command", metavar="{build,serve}")
    sub.required = True

    b = sub.add_parser("build", help="build book/ into book/_build/html (warnings are errors)")
    b.add_argument("--clean", action="store_true", help="remove _build first (also the execution cache)")
    b.add_argument("--all", action="store_true", help="rewrite every page (execution stays cached)")
    b.add_argument("--no-strict", action="store_true", help="do not turn warnings into errors")
    b.add_argument("--output", help="build into OUTPUT/_build instead of book/_build")
    b.add_argument("--editions", help=EDITIONS_HELP)
    b.add_argument("--book-dir", default=str(BOOK_DIR), help=argparse.SUPPRESS)
    b.add_argument("-v", "--verbose", action="store_true", help="show Sphinx's progress output")
    b.set_defaults(func=_cmd_build)

    s = sub.add_parser("serve", help="build if needed, then serve the book on 127.0.0.1")
    s.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (default 8000)")
    s.add_argument("--no-build", action="store_true", help="serve the existing build as it is")
    s.add_argument("--editions", help=EDITIONS_HELP)
    s.add_argument("--book-dir", default=str(BOOK_DIR), help=argparse.SUPPRESS)
    s.add_argument("-v", "--verbose", action="store_true", help="show Sphinx's progress output")
    s.set_defaults(func=_cmd_serve)
