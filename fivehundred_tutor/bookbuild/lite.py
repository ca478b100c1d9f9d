"""JupyterLab in the reader's browser: every chapter as a notebook in JupyterLite, served by the book itself.

Listed in the book's Sphinx ``extensions``, this module makes ``book build``
write a JupyterLite site into ``<html>/lite/`` (JupyterLab + a Python running
in the browser under Pyodide), and the chapter pages' *Open in JupyterLab*
button (``book/_templates/fivehundred-lite-button.html``) opens
``lite/lab/index.html?path=chapters/NAME.ipynb`` in a new tab.  Nothing comes
from anywhere but the site::

    lite/                       ``jupyter lite build`` output (apps: lab), extensions:
                                the widget manager, anywidget, the Pyodide kernel
    lite/files/chapters/*.ipynb the chapters as notebooks (see :func:`export_notebook`)
    lite/files/chapters/figures/*.png   the figures the book build drew (plot-cell fallback)
    lite/files/glossary.md ...  the book's pages the chapters link to (:data:`PAGES`, :func:`export_page`)
    lite/pypi/                  this package's wheel (with the widgets' bundles): the install cell's source
    lite/kernel/                the notebook's Python: the wheels it loads at start and their lock, its start
                                module, the worker the page starts early, its start-up snapshot
                                (:mod:`fivehundred_tutor.bookbuild.litekernel`)

The language editions (``<code>/lite/``) share this site: built with them (:data:`SHARED_ENV`), each language's
build only exports its notebooks, then this site is made once, its wheel carrying every language's saved results,
and each edition's ``lite/`` is its files as hard links plus the edition's ``files/`` (:func:`build_shared_sites`).

JupyterLab's page (``lite/lab/index.html``) gets small scripts (``widgets/tools/lite-*.js``): one
starts the kernel's worker while JupyterLab loads (``lite-early.js``), one gives a phone's
notebook the width (``lite-layout.js``), one makes the cells' collapse-output icon cost one
layout a frame instead of one per output (``lite-outputs.js``), one has a link to another chapter's section
open it there (``lite-links.js``), one runs the chapter once its
Python is ready, leaving the reader at its start (``lite-run.js``), and one, once the page is
idle, has Chromium keep JupyterLab's compiled code for the next visit (``lite-codecache.js``).
JupyterLite's service worker is patched to leave the requests it does not cache to
the browser (:func:`patch_service_worker`), JupyterLab runs without the plugins
of :data:`DISABLED_PLUGINS`, and its settings list only the schemas of the plugins it runs
(:func:`prune_settings_schemas`).

The exported notebooks start with an install cell (``%pip install "fivehundred-tutor @ ../../pypi/WHEEL"``:
this site's wheel, never a name looked up on PyPI; in JupyterLite it is installed already and the cell
returns at once, File > Download writes the wheel's full address into it: ``widgets/tools/lite-download.js``),
collapse the book's hidden cells (``jupyter.source_hidden``), carry no saved
outputs or widget state (JupyterLab saves the widgets' state with their outputs), and wrap every plot cell so that without matplotlib
(there is none for Pyodide on PyPI) the learner sees the figure the build drew.

Build from a shell (the book must have been built once, for its executed notebooks)::

    python -m fivehundred_tutor.bookbuild.lite BUILD/_build/html
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from .. import saved
from ..handlers import evaluator as evaluator_handlers
from ..i18n import gettext as _
from . import bundles, litekernel, mystlinks, notebook_python, webassets
from .celltags import HIDE_OUTPUT, HIDE_SOURCE
from .files import share_file
from .litekernel import KERNEL_START, LiteError, kernel_wheels, write_kernel_dir

__all__ = [
    "BUTTON_TEMPLATE",
    "KERNEL_START",
    "LITE_DIR",
    "LiteError",
    "LiteResult",
    "build_lite",
    "build_shared_sites",
    "chapter_saved_hands",
    "export_contents",
    "export_notebook",
    "export_page",
    "install_cell",
    "kernel_wheels",
    "link_edition_site",
    "lite_labels",
    "main",
    "prune_settings_schemas",
    "saved_results_dir",
    "setup",
    "wheel_url",
    "write_package_wheel",
]

LITE_DIR = "lite"
BUTTON_TEMPLATE = "fivehundred-lite-button.html"
PACKAGE_DIR = Path(__file__).resolve().parents[1]
_FEDERATED = (litekernel.KERNEL_EXTENSION, "@jupyter-widgets/jupyterlab-manager", "anywidget")
_KERNEL_SETTINGS = f"{litekernel.KERNEL_EXTENSION}:kernel"
_STAMP = ".fivehundred-lite-digest"
#: the chapters a site's build exported for JupyterLite (in its ``lite-src``)
_DOCNAMES = ".fivehundred-docnames.json"
#: set (to ``1``) by the book build that makes the language editions too: each site's Sphinx build then only
#: exports its chapters as notebooks (:func:`export_contents`), and the build makes one JupyterLite site, the
#: English one, whose wheel carries every language's saved results, and links it into each edition's ``lite/``
#: (:func:`build_shared_sites`)
SHARED_ENV = "FIVEHUNDRED_LITE_SHARED"

#: JupyterLab's plugins the book's notebooks do without (less to start and to update on every output:
#: bench/bench_lite.py's browser CPU): news pop-ups; the language-server bridge (no language server in the
#: browser) and what needs it; the table of contents, the cell toolbar, cell tags and the metadata form (they
#: follow every change of every cell); the running-sessions, workspaces and log panels; the REPL buttons and
#: the links to the forum and to the classic notebook.  Then what a chapter's notebook never shows and that
#: costs at every start (each plugin's settings schema is compiled and checked, each viewer registered; the
#: math typesetter loads and starts MathJax, 0.4 MB of script, for the first Markdown it sees, and no chapter
#: has math): terminals (there are none in the browser), the inspector, the settings and plugin editors,
#: Mermaid diagrams, viewers of CSV, HTML, PDF, audio, video, Vega, JSON and JavaScript files and outputs,
#: inline (ghost-text) completions and the help menu's links to other sites.  Kept: keyboard shortcuts
#: (``@jupyterlab/shortcuts-extension`` binds them all), completions, the tooltip, search, consoles, the
#: licences.  Measured (``python -m bench.bench_lite``; main-thread CPU of a revisit): see the module's
#: account in ``bench/bench_lite.py``.
DISABLED_PLUGINS = [
    "@jupyterlab/apputils-extension:announcements",
    "@jupyterlab/lsp-extension",
    "@jupyterlite/application-extension:lsp-connection-manager",
    "@jupyterlab/fileeditor-extension:language-server",
    "@jupyterlab/notebook-extension:language-server",
    "@jupyterlab/toc-extension",
    "@jupyterlab/notebook-extension:toc",
    "@jupyterlab/cell-toolbar-extension",
    "@jupyterlab/celltags-extension",
    "@jupyterlab/metadataform-extension",
    "@jupyterlab/notebook-extension:update-raw-mimetype",
    "@jupyterlab/running-extension",
    "@jupyterlab/workspaces-extension",
    "@jupyterlab/logconsole-extension",
    "@jupyterlite/repl-extension",
    "@jupyterlab/help-extension:jupyter-forum",
    "@jupyterlab/help-extension:launch-classic",
    "@jupyterlab/help-extension:resources",
    "@jupyterlab/terminal-extension",
    "@jupyterlab/services-extension:terminal-manager",
    "@jupyterlab/inspector-extension",
    "@jupyterlab/settingeditor-extension",
    "@jupyterlab/pluginmanager-extension",
    "@jupyterlite/application-extension:plugin-manager",
    "@jupyterlab/mathjax-extension",
    "@jupyterlab/mermaid-extension",
    "@jupyterlab/csvviewer-extension",
    "@jupyterlab/htmlviewer-extension",
    "@jupyterlab/pdf-extension",
    "@jupyterlab/audio-extension",
    "@jupyterlab/video-extension",
    "@jupyterlab/vega5-extension",
    "@jupyterlab/json-extension",
    "@jupyterlab/json-lines-extension",
    "@jupyterlab/javascript-extension",
    "@jupyterlab/completer-extension:inline-completer",
    "@jupyterlab/completer-extension:inline-completer-factory",
    "@jupyterlab/completer-extension:inline-history",
]

#: the install cell: this package's wheel as the site serves it (``lite/pypi/``), by a URL the build writes (relative
#: to the notebook; File > Download makes it the site's full address: ``widgets/tools/lite-download.js``).  Never a
#: bare name: there is no ``fivehundred-tutor`` on PyPI, and anyone could register one.
#: the install cell's tag (the download script and the build find the cell by it)
INSTALL_TAG = "install"


#: the first words of every chapter notebook, before the install cell: that it runs by itself when opened from
#: the book (widgets/tools/lite-run.js), and how to run it again
def install_cell(wheel: str) -> str:
    """The install cell for the wheel at URL ``wheel`` (relative to the notebook, or absolute), its comment in
    the language of the build (an edition's notebooks speak its language)."""
    comment = _(
        "This book's Python package, fivehundred-tutor. It is not on PyPI: this line installs the wheel the book's\n"
        "site serves. In the book's JupyterLab in your browser it is there already, and the line returns at once.\n"
        "A chapter downloaded from there (File > Download) names the wheel by its full address on the book's site,\n"
        "so that in a JupyterLab of your own the line installs it from there."
    )
    lines = "".join(f"# {line}\n" for line in comment.splitlines())
    return f'{lines}%pip install -q "fivehundred-tutor @ {wheel}"'


def how_to_run() -> str:
    """The first words of every chapter notebook, before the install cell (in the language of the build): that
    it runs by itself when opened from the book (widgets/tools/lite-run.js), and how to run it again."""
    return _(
        "*This chapter is a notebook.* Opened from the book, it runs by itself, its Python in your browser: the "
        "first cell below sets up the book's Python package (there it is in your browser already), then the "
        "examples and quizzes come to life, and your answers are kept where the book shows them too. In a "
        "JupyterLab of your own (a chapter you downloaded), and to run it again (after changing a cell, or if it "
        "did not start), choose **Run → Run All Cells**. The first time in a JupyterLab of your own, the first "
        "cell installs the package: then reload the page once (JupyterLab loads the widgets' part only when a "
        "page opens) and choose **Run → Run All Cells** again."
    )


def wheel_url(docname: str, wheel_name: str) -> str:
    """The site's wheel (``lite/pypi/NAME``) as seen from the notebook of ``docname`` (``lite/files/DOCNAME.ipynb``).

    >>> wheel_url("chapters/03-bowers", "fivehundred_tutor-0.1.0-py3-none-any.whl")
    '../../pypi/fivehundred_tutor-0.1.0-py3-none-any.whl'
    """
    return "../" * (docname.count("/") + 1) + f"pypi/{wheel_name}"


#: the language the Pyodide kernel reports when it starts (jupyterlite-pyodide-kernel 0.8.x, its kernel_info
#: reply): the notebook says the same, or JupyterLab changes it and marks a notebook just opened as unsaved
KERNEL_LANGUAGE_INFO: dict[str, Any] = {
    "codemirror_mode": {"name": "python", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
    "version": "3.8",
}
_PLOT_FALLBACK = """\
try:
    import matplotlib
except ImportError:  # no matplotlib in this browser's Python: show the figure drawn when the book was built
    from IPython.display import Image, Markdown, display

    try:
{images}
    except OSError:  # the notebook's folder is out of Python's reach here: the page shows the file instead
{links}
else:
{body}"""


def write_package_wheel(
    out_dir: Path,
    package_dir: Path = PACKAGE_DIR,
    *,
    saved_hands: dict[str, Any] | None = None,
    saved_results: dict[str, Any] | None = None,
) -> Path:
    """This package as a wheel for the notebook: Python, data and the widgets' bundled front end.

    Unlike the live book's wheel (which leaves the widget modules out: the page
    has them), JupyterLab needs each widget's ``_esm`` from the package.  The
    dependencies are the installed package's own (``Requires-Dist``).  ``saved_hands``
    (:func:`chapter_saved_hands`) goes in as the hand evaluator's saved simulations, ``saved_results``
    (:func:`fivehundred_tutor.saved.collect`) as the chapters' other results the book build worked out.
    """
    static = package_dir / "widgets" / "static"
    if not any(static.glob("*.js")):
        raise LiteError(
            f"the widgets' bundles are missing in {static}: `python -m fivehundred_tutor.bookbuild.bundles`"
        )
    requires = [r for r in metadata.requires("fivehundred-tutor") or [] if "extra ==" not in r]
    extra = {
        path.relative_to(PACKAGE_DIR).as_posix(): data
        for path, data in saved_files(saved_hands=saved_hands, saved_results=saved_results).items()
    }
    return webassets.write_wheel(
        out_dir, package_dir, widget_modules=True, requires=requires, generator=__name__, extra=extra
    )


def saved_files(*, saved_hands: Any = None, saved_results: Any = None) -> dict[Path, bytes]:
    """The package's files of saved results (their paths in the package) and their bytes."""
    files = {}
    if saved_hands is not None:
        files[evaluator_handlers.SAVED_HANDS] = saved_hands
    if saved_results is not None:
        files[saved.SAVED_RESULTS] = saved_results
    return {
        path: (json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n").encode() for path, data in files.items()
    }


def jupyterlab_saved_dir(html: Path) -> Path:
    """Where the build leaves the same saved results for a JupyterLab on the book (``fivehundred-tutor lab`` sets
    :data:`fivehundred_tutor.saved.SAVED_DIR_ENV` to it): ``_build/saved``."""
    return Path(html).resolve().parent / "saved"


_WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def chapter_saved_hands(executed: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The hand evaluator's hands as the book build simulated them, from the executed chapters' widget state: a
    chapter's ``HandEvaluator`` cell in JupyterLite takes them instead of simulating them again (without DDS
    that takes its Python many minutes: issue 31)."""
    models = []
    for nb in executed:
        states = ((nb.get("metadata") or {}).get("widgets") or {}).get(_WIDGET_STATE, {}).get("state", {})
        for entry in states.values():
            model = (entry.get("state") or {}).get("evaluator")
            if isinstance(model, dict) and model.get("hands"):
                models.append(model)
    return evaluator_handlers.saved_hands(models)


# --------------------------------------------------------------------------- notebooks


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def _pngs(cell: dict[str, Any]) -> list[bytes]:
    out = []
    for output in cell.get("outputs", []):
        data = output.get("data", {}) if isinstance(output, dict) else {}
        png = data.get("image/png")
        if png:
            out.append(base64.b64decode("".join(png) if isinstance(png, list) else png))
    return out


def _alt(cell: dict[str, Any]) -> str:
    meta = cell.get("metadata", {}).get("mystnb", {}) or {}
    for key in ("image", "figure"):
        part = meta.get(key) or {}
        text = part.get("alt") or part.get("caption")
        if text:
            return " ".join(str(text).split())
    return "The figure drawn when the book was built"


#: the book's pages that are not chapters, written beside the chapters' notebooks (``lite/files/NAME.md``) as
#: markdown JupyterLab draws (its Markdown Preview opens them from a link): the chapters' links to the glossary,
#: the rules index and the sources open them there (:func:`export_page`)
PAGES = ("glossary", "rules-index", "references")
#: a link to a file of the book, ``[…](07-playing-tricks.md)`` or ``[…](../glossary.md#gloss-trick)``
_MD_FILE_LINK = re.compile(r"\]\(([^()\s#]+)\.md((?:#[A-Za-z0-9_.:-]+)?)\)")
#: a MyST definition-list entry: the term's line, then its definition's ``: `` line (JupyterLab draws neither)
_DEFINITION = re.compile(r"^(?!\s)([^\n:<#|(-][^\n]*)\n: ", re.M)
#: names that draw with matplotlib even when a cell does not import it (an earlier cell did)
_DRAWING_SEED = frozenset({"plt", "matplotlib", "mpl"})


def _split_drawing(source: str) -> tuple[list[str], list[str]] | None:
    """A plot cell's top-level statements as (computing, drawing), each in its order; None if not Python.

    Drawing statements are matplotlib's imports and every statement that uses a
    name bound by a drawing statement (``fig, ax = plt.subplots()``, ``ax.bar(...)``,
    ``for ax in axes: ...``); the rest compute what later cells use, so they stay.
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    lines = source.splitlines()
    drawing_names = set(_DRAWING_SEED)
    computing: list[str] = []
    drawing: list[str] = []
    start = 0
    for node in tree.body:
        end = node.end_lineno or node.lineno
        text = "\n".join(lines[start:end]).strip("\n")
        start = end
        loads = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        stores = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            if any(m.split(".")[0] == "matplotlib" for m in modules):
                drawing_names |= {(a.asname or a.name).split(".")[0] for a in node.names}
                drawing.append(text)
                continue
        if loads & drawing_names:
            drawing_names |= stores
            drawing.append(text)
        else:
            computing.append(text)
    return computing, drawing


def _plot_cell(computing: list[str], drawing: list[str], figures: list[str], alt: str) -> str:
    """The cell that computes as before and draws with matplotlib where there is one, else shows ``figures``."""
    alt = " ".join(alt.replace("[", "(").replace("]", ")").split())
    images = "\n".join(f"        display(Image(filename={path!r}, alt={alt!r}))" for path in figures)
    links = "\n".join(f"        display(Markdown({f'![{alt}]({path})'!r}))" for path in figures)
    fallback = _PLOT_FALLBACK.format(images=images, links=links, body=textwrap.indent("\n".join(drawing), "    "))
    return "\n\n".join(["\n".join(computing), fallback]) if computing else fallback


def _lite_path(page: str) -> str | None:
    """Where a book page (``chapters/03-bowers.md``) is on the site's JupyterLite (``chapters/03-bowers.ipynb``,
    ``glossary.md``), or None: not there."""
    stem, suffix = posixpath.splitext(posixpath.normpath(page))
    if suffix != ".md":
        return None
    if stem.startswith("chapters/") and stem.count("/") == 1:
        return f"{stem}.ipynb"
    return page if stem in PAGES else None


def lite_labels(book_dir: Path) -> dict[str, str]:
    """The book's MyST labels (:func:`mystlinks.labels`) where they are on the site's JupyterLite: a chapter's in
    its notebook (``chapters/03-bowers.ipynb``), a page's of :data:`PAGES` in its markdown (``glossary.md``);
    labels of other pages (the book's front page) are left out: a link to one stays as it was."""
    found = {}
    for label, where in mystlinks.labels(book_dir).items():
        there = _lite_path(where)
        if there:
            found[label] = there
    return found


def _lite_links(text: str, path: str) -> str:
    """Links to a chapter's file (``[…](07-playing-tricks.md)``) in the page at ``path`` open its notebook."""

    def to_lite(match: re.Match[str]) -> str:
        target, fragment = match.group(1), match.group(2)
        there = _lite_path(posixpath.join(posixpath.dirname(path), f"{target}.md"))
        if there and there.endswith(".ipynb"):
            return f"]({target}.ipynb{fragment})"
        return match.group(0)

    return _MD_FILE_LINK.sub(to_lite, text)


def _markdown_links(notebook: dict[str, Any], path: str, index: dict[str, str]) -> None:
    """In place, a notebook for the site's JupyterLite at ``path``: its MyST labels become anchors, links to a
    label or a file of another page open that page's copy there (``index``: :func:`lite_labels`)."""
    mystlinks.to_notebook(notebook, path, index)
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "markdown":
            cell["source"] = _lite_links(_source(cell), path)


def export_page(text: str, name: str, index: dict[str, str]) -> str:
    """A book page (``glossary.md``'s text) as JupyterLab's Markdown Preview draws it on the site's JupyterLite:
    labels as anchors, links to a chapter's label opening its notebook there, and the definition lists (the
    glossary's ``Term`` / ``: definition``, which JupyterLab does not know) as paragraphs that start with the
    term in bold."""
    page = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": text}]}
    _markdown_links(page, name, index)
    return _DEFINITION.sub(lambda m: f"**{m.group(1).strip()}**: ", _source(page["cells"][0]))


def export_notebook(
    executed: dict[str, Any],
    stem: str,
    figures_dir: Path,
    *,
    wheel: str | None = None,
    labels: dict[str, str] | None = None,
) -> dict[str, Any]:
    """A chapter's executed notebook (myst-nb's ``jupyter_execute``) as the learner's notebook.

    No outputs or widget state (the learner runs it); a line on how to run it and an
    install cell (this package's wheel at URL ``wheel``, default the site's as a chapter sees it) before the first
    code cell; the book's hidden cells collapsed; plot cells fall back on
    the figures the build drew, written into ``figures_dir`` (beside the
    notebook) as ``STEM-N.png``: Python reads the file (JupyterLite gives it
    the notebook's folder), so the figure is kept in the notebook's outputs.  The MyST labels
    (``(ch-bowers)=``, which JupyterLab would print) become anchors, and links to another page's label open
    that page's copy on the site (``labels``: :func:`lite_labels`; without them such a link is left as it is).
    """
    cells: list[dict[str, Any]] = []
    installed = False
    count = 0
    for cell in executed.get("cells", []):
        kind = cell.get("cell_type")
        source = _source(cell)
        meta = {k: v for k, v in (cell.get("metadata") or {}).items() if k in ("tags", "mystnb")}
        if kind != "code":
            cells.append({"cell_type": kind, "metadata": meta, "source": source, **_attachments(cell)})
            continue
        if not installed:
            cells.append({"cell_type": "markdown", "metadata": {"tags": ["how-to-run"]}, "source": how_to_run()})
            url = wheel or wheel_url(f"chapters/{stem}", webassets.wheel_name())
            cells.append(_code(install_cell(url), {"tags": [INSTALL_TAG]}))
            installed = True
        tags = set(meta.get("tags", []))
        hidden: dict[str, bool] = {}
        if tags & HIDE_SOURCE:
            hidden["source_hidden"] = True
        if tags & HIDE_OUTPUT:
            hidden["outputs_hidden"] = True
        if hidden:
            meta["jupyter"] = hidden
        if "remove-cell" in tags:
            meta["collapsed"] = True
        pngs = _pngs(cell)
        split = _split_drawing(source) if pngs else None
        if split and split[1]:
            names = []
            for png in pngs:
                count += 1
                name = f"{stem}-{count}.png"
                figures_dir.mkdir(parents=True, exist_ok=True)
                (figures_dir / name).write_bytes(png)
                names.append(f"{figures_dir.name}/{name}")
            source = _plot_cell(*split, names, _alt(cell))
        cells.append(_code(source, meta))
    _markdown_links({"cells": cells}, f"chapters/{stem}.ipynb", labels or {})
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"name": "python", "display_name": "Python (Pyodide)", "language": "python"},
            "language_info": KERNEL_LANGUAGE_INFO,
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def _attachments(cell: dict[str, Any]) -> dict[str, Any]:
    return {"attachments": cell["attachments"]} if cell.get("attachments") else {}


def _code(source: str, meta: dict[str, Any]) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "metadata": meta, "outputs": [], "source": source}


def _with_ids(nb: dict[str, Any], stem: str) -> dict[str, Any]:
    for i, cell in enumerate(nb["cells"]):
        cell["id"] = f"{stem[:40]}-{i}"
    return nb


def export_chapters(
    executed_dir: Path,
    contents_dir: Path,
    docnames: Iterable[str],
    wheel_name: str | None = None,
    book_dir: Path = webassets.BOOK_DIR,
) -> list[Path]:
    """Export each ``docname`` (e.g. ``chapters/03-bowers``) from ``executed_dir`` into ``contents_dir``; their
    install cells name ``wheel_name`` (default: this package's) in the site's ``pypi/``.  The pages of
    :data:`PAGES` go beside them (``contents_dir/glossary.md``...), for the chapters' links (``book_dir``'s)."""
    labels = lite_labels(book_dir)
    written = []
    for docname in docnames:
        src = executed_dir / f"{docname}.ipynb"
        if not src.exists():
            raise LiteError(f"{src} is missing: the chapter was not executed by the book build")
        target = contents_dir / f"{docname}.ipynb"
        stem = Path(docname).name
        figures = target.parent / "figures"
        for old in figures.glob(f"{stem}-*.png"):
            old.unlink()
        url = wheel_url(docname, wheel_name or webassets.wheel_name())
        executed = json.loads(src.read_text(encoding="utf-8"))
        nb = _with_ids(export_notebook(executed, stem, figures, wheel=url, labels=labels), stem)
        target.parent.mkdir(parents=True, exist_ok=True)
        webassets.write_if_changed(target, json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
        written.append(target)
    for name in PAGES:
        source = book_dir / f"{name}.md"
        if source.is_file():
            text = export_page(source.read_text(encoding="utf-8"), f"{name}.md", labels)
            webassets.write_if_changed(contents_dir / f"{name}.md", text)
    return written


# --------------------------------------------------------------------------- the lite site


@dataclass
class LiteResult:
    """What :func:`build_lite` did: the site folder, the notebooks, whether ``jupyter lite build`` ran, timings."""

    site: Path
    notebooks: list[Path]
    ran: bool
    seconds: float
    packages: list[str] = field(default_factory=list)


def _lite_config(pyodide_url: str, packages: list[str]) -> dict[str, Any]:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Five Hundred notebooks",
            # the book's own icon (282 bytes) rather than JupyterLite's favicon.ico (319 kB on every visit)
            "faviconUrl": "./../_static/favicon.svg",
            "disabledExtensions": DISABLED_PLUGINS,
            # window.jupyterapp, for the page's phone layout (widgets/tools/lite-layout.js)
            "exposeAppInBrowser": "true",
            # JupyterLab light or dark as the reader's system is (the book follows it too; JupyterLab's own
            # default is light whatever the system says)
            # a saved (and downloaded) notebook carries its widgets' state: a viewer without Python (nbviewer, a
            # JupyterLab before Run All) draws them instead of printing "<... BowerTrainer object at 0x...>"
            # the book's pages beside the chapters (the glossary...: PAGES) open drawn, at the label a link names:
            # JupyterLab opens a link's file with its default viewer (the text editor for markdown)
            "settingsOverrides": {
                "@jupyterlab/docmanager-extension:plugin": {"defaultViewers": {"markdown": "Markdown Preview"}},
                "@jupyterlab/apputils-extension:themes": {"adaptive-theme": True},
                "@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": True},
            },
            "litePluginSettings": {
                _KERNEL_SETTINGS: {
                    "pyodideUrl": pyodide_url,
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"lockFileURL": "kernel/pyodide-lock.json", "packages": packages},
                }
            },
        },
    }


def _digest(paths: Iterable[Path], extra: str) -> str:
    h = hashlib.sha256(extra.encode())
    for path in sorted(paths):
        h.update(str(path).encode() + b"\0")
        if path.is_file():
            h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


#: JupyterLite's service worker answers every request of its pages itself, with ``fetch(request)`` when its
#: cache is off (ours): the same response, later, and a script or wasm answered by a service worker is compiled
#: again on every visit (no code cache).  Patched to let the browser fetch what it does not cache (it still
#: relays the notebook's file requests): a revisit's Python ready 5.7 -> 3.8 s, a cold visit's 8.6 -> 7.2 s.
_SW_RELAY = "shouldDrop(t,a)||(n=maybeFromCache(e))"
_SW_PASS = "shouldDrop(t,a)||!enableCache||(n=maybeFromCache(e))"


def patch_service_worker(path: Path) -> None:
    """Let JupyterLite's service worker (``lite/service-worker.js``) leave what it does not cache to the browser."""
    text = path.read_text(encoding="utf-8")
    if _SW_PASS in text:
        return
    if text.count(_SW_RELAY) != 1:
        raise LiteError(
            f"{path} is not the service worker of jupyterlite-core 0.8.6 that this build knows how to patch"
        )
    path.write_text(text.replace(_SW_RELAY, _SW_PASS), encoding="utf-8")


def prune_settings_schemas(all_json: Path, disabled: Iterable[str]) -> int:
    """Leave out of JupyterLite's settings (``build/schemas/all.json``) the schemas no plugin of this site reads:
    the Notebook app's (``@jupyter-notebook/*``: the site has JupyterLab only) and those of the plugins it turns
    off.  JupyterLab compiles and checks every schema listed there as it starts, about 5 ms each on the page's
    main thread.  Returns how many were left out (0 the second time)."""
    off = tuple(disabled)
    entries = json.loads(all_json.read_text(encoding="utf-8"))

    def unused(plugin: str) -> bool:
        return plugin.startswith("@jupyter-notebook/") or any(plugin == x or plugin.startswith(x + ":") for x in off)

    kept = [entry for entry in entries if not unused(str(entry.get("id", "")))]
    if len(kept) != len(entries):
        all_json.write_text(json.dumps(kept), encoding="utf-8")
    return len(entries) - len(kept)


def _sync(src: Path, dst: Path) -> None:
    """Make folder ``dst`` hold exactly ``src``'s files (unchanged ones keep their time stamps)."""
    dst.mkdir(parents=True, exist_ok=True)
    names = {p.name for p in src.iterdir() if p.is_file() and not p.name.startswith(".")}
    for old in dst.iterdir():
        if old.name not in names:
            shutil.rmtree(old) if old.is_dir() else old.unlink()
    for name in sorted(names):
        webassets.copy_if_changed(src / name, dst / name)


def export_contents(
    html: Path,
    docnames: Iterable[str],
    *,
    executed_dir: Path | None = None,
    book_dir: Path = webassets.BOOK_DIR,
    work_dir: Path | None = None,
) -> list[Path]:
    """Export the site's chapters as notebooks into its Lite build's ``contents/`` (``html/../lite-src``): the part
    of a JupyterLite site that is a language's own (see :func:`build_lite`, :func:`link_edition_site`)."""
    html = Path(html).resolve()
    executed_dir = executed_dir or html.parent / "jupyter_execute"
    work = work_dir or html.parent / "lite-src"
    docnames = list(docnames)
    missing = [d for d in docnames if not (executed_dir / f"{d}.ipynb").exists()]
    if missing:
        raise LiteError(f"{executed_dir / missing[0]}.ipynb is missing: the chapter was not executed by the book build")
    notebooks = export_chapters(executed_dir, work / "contents", docnames, webassets.wheel_name(), book_dir)
    webassets.write_if_changed(work / _DOCNAMES, json.dumps(docnames, indent=1) + "\n")
    return notebooks


def exported_docnames(html: Path, work_dir: Path | None = None) -> list[str]:
    """The chapters :func:`export_contents` last exported for the site at ``html``."""
    path = (work_dir or Path(html).resolve().parent / "lite-src") / _DOCNAMES
    if not path.is_file():
        raise LiteError(f"{path} is missing: the book build did not export its chapters for JupyterLite")
    return [str(d) for d in json.loads(path.read_text(encoding="utf-8"))]


def build_lite(
    html: Path,
    docnames: Iterable[str],
    *,
    executed_dir: Path | None = None,
    book_dir: Path = webassets.BOOK_DIR,
    work_dir: Path | None = None,
    quiet: bool = True,
    export: bool = True,
    saved_dirs: dict[str, Path] | None = None,
    other_notebooks: Iterable[Path] = (),
) -> LiteResult:
    """Write the JupyterLite site into ``html/lite`` (skipped when nothing it is made from changed).

    ``export=False``: the chapters' notebooks are those :func:`export_contents` wrote already (in the build of the
    site's language).  ``saved_dirs``: the folders each language's kernels saved their results in
    (``{"en": ..., "pl": ...}``, default: this site's), all carried by the one wheel
    (:func:`fivehundred_tutor.saved.collect_languages`); ``other_notebooks``: the editions' notebooks, whose
    imports the kernel's start-up snapshot makes too (the editions' sites share this site's kernel)."""
    start = time.perf_counter()
    html = Path(html).resolve()
    executed_dir = executed_dir or html.parent / "jupyter_execute"
    work = work_dir or html.parent / "lite-src"
    site = html / LITE_DIR
    contents = work / "contents"
    docnames = list(docnames)
    if export:
        notebooks = export_contents(html, docnames, executed_dir=executed_dir, book_dir=book_dir, work_dir=work)
    else:
        notebooks = [contents / f"{d}.ipynb" for d in docnames]
        missing = [nb for nb in notebooks if not nb.is_file()]
        if missing:
            raise LiteError(f"{missing[0]} is missing: the book build did not export the chapter for JupyterLite")
    pypi = work / "pypi"
    pypi.mkdir(parents=True, exist_ok=True)
    bundles.ensure_bundles()
    executed = [json.loads((executed_dir / f"{d}.ipynb").read_text(encoding="utf-8")) for d in docnames]
    results = saved.collect_languages(saved_dirs or {"en": saved_results_dir(html)})
    hands = chapter_saved_hands(executed)
    wheel = write_package_wheel(pypi, saved_hands=hands, saved_results=results)
    for path, data in saved_files(saved_hands=hands, saved_results=results).items():
        webassets.write_if_changed(jupyterlab_saved_dir(html) / path.name, data.decode())
    for old in pypi.glob("*.whl"):
        if old != wheel:
            old.unlink()
    kernel = work / "kernel"
    cells = [c for nb in [*notebooks, *other_notebooks] for c in json.loads(nb.read_text(encoding="utf-8"))["cells"]]
    sources = [_source(c) for c in cells if INSTALL_TAG not in (c.get("metadata") or {}).get("tags", [])]
    imports = notebook_python.chapter_imports(sources)
    packages = write_kernel_dir(kernel, book_dir, extra=[wheel], imports=imports)
    snapshot = litekernel.make_notebook_snapshot(kernel, book_dir)
    if snapshot["made"] and not quiet:
        print(f"[fivehundred lite] the notebook's start-up snapshot: {snapshot}")
    # "./" URLs in jupyter-lite.json are relative to the lite folder (JupyterLite rewrites them): the kernel's
    # start module, which loads the live book's Pyodide
    config = _lite_config(f"./kernel/{KERNEL_START}", packages)
    webassets.write_if_changed(work / "jupyter-lite.json", json.dumps(config, indent=2) + "\n")
    # the kernel folder is copied on its own (below): a new wheel or snapshot needs no `jupyter lite build`
    # not the work folder's hidden files: doit's database and JupyterLite's cache change with every `jupyter lite
    # build`, so with them in the digest every build ran it again (a no-op rebuild spent ~20 s per language on it)
    inputs = [
        p for p in work.rglob("*") if kernel not in p.parents and not p.relative_to(work).parts[0].startswith(".")
    ]
    versions = f"{litekernel.pinned('jupyterlite-core')} {litekernel.pinned('jupyterlite-pyodide-kernel')}"
    digest = _digest(inputs, f"{versions} {sys.prefix}")
    stamp = site / _STAMP
    ran = not (stamp.exists() and stamp.read_text() == digest and (site / "lab" / "index.html").exists())
    if ran:
        cmd = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(work)]
        cmd += ["--contents", str(contents), "--output-dir", str(site), "--apps", "lab"]
        cmd += ["--no-sourcemaps", "--no-unused-shared-packages", "--ignore-sys-prefix"]
        for name in _FEDERATED:
            cmd += ["--LiteBuildConfig.federated_extensions", str(litekernel.labextension(name))]
        # the Pyodide kernel's build add-ons (its wheels' index in pypi/, its settings) from the Lite build's own
        # copy: the package is not installed here (its JupyterLab extension would load in real JupyterLab)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(litekernel.kernel_package()), env.get("PYTHONPATH")) if p)
        # doit keeps its database in the working directory: the work folder, never the book's sources
        proc = subprocess.run(cmd, cwd=work, capture_output=quiet, text=True, check=False, env=env)
        if proc.returncode != 0:
            tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:]) if quiet else ""
            raise LiteError(f"`jupyter lite build` failed (exit {proc.returncode}):\n{tail}")
        stamp.write_text(digest)
    _sync(kernel, site / "kernel")
    patch_service_worker(site / "service-worker.js")
    prune_settings_schemas(site / "build" / "schemas" / "all.json", DISABLED_PLUGINS)
    built = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    litekernel.inject_early_script(site / "lab" / "index.html", built)
    return LiteResult(site, notebooks, ran, time.perf_counter() - start, packages)


# --------------------------------------------------------------------------- the editions' sites

#: what of a JupyterLite site is its language's own: the chapters' files and the contents listing made from them;
#: every other file (JupyterLab, its extensions, the kernel and its snapshot, the wheel) is the same for every
#: language
_OWN = (Path("files"), Path("api") / "contents")


def _is_own(rel: Path) -> bool:
    return any(rel == own or own in rel.parents for own in _OWN)


def _contents_listings(files: Path, api: Path) -> None:
    """JupyterLite's contents listing (``api/contents/**/all.json``) of the folder ``files``, as
    ``jupyter lite build`` writes it (its contents add-on: jupyter_server's file manager)."""
    from jupyter_server.services.contents.filemanager import FileContentsManager
    from jupyterlite_core.addons.contents import DateTimeEncoder  # type: ignore[import-untyped]

    manager = FileContentsManager(root_dir=str(files))
    wanted = set()
    for folder in [files, *sorted(d for d in files.rglob("*") if d.is_dir())]:
        rel = folder.relative_to(files).as_posix()
        listing = manager.get("" if rel == "." else rel)  # type: ignore[no-untyped-call]
        target = api / folder.relative_to(files) / "all.json"
        wanted.add(target)
        webassets.write_if_changed(target, json.dumps(listing, sort_keys=True, indent=2, cls=DateTimeEncoder))
    for old in sorted(api.rglob("*"), reverse=True):
        if old.is_file() and old not in wanted:
            old.unlink()
        elif old.is_dir() and not any(old.iterdir()):
            old.rmdir()


def link_edition_site(english: Path, site: Path, contents: Path) -> dict[str, int]:
    """An edition's JupyterLite site at ``site`` (``html/<code>/lite``): the English site ``english``'s files, hard
    links to them (JupyterLab, the kernel and its snapshot, the wheel: the same bytes at the same relative URLs,
    so the edition's notebooks install the wheel from ``../../pypi/`` as the English ones do), and its own
    ``files/`` (its notebooks from ``contents``) with their contents listing.  Returns counts of what it wrote."""
    english, site = Path(english).resolve(), Path(site).resolve()
    if not (english / "lab" / "index.html").is_file():
        raise LiteError(f"{english} is not a built JupyterLite site: the English site is built first")
    shared = {p.relative_to(english) for p in english.rglob("*") if p.is_file() and not _is_own(p.relative_to(english))}
    linked = sum(share_file(english / rel, site / rel) for rel in sorted(shared))
    own = {Path("files") / p.relative_to(contents) for p in contents.rglob("*") if p.is_file()}
    copied = 0
    for rel in sorted(own):
        target = site / rel
        if not target.exists() or target.read_bytes() != (contents / rel.relative_to("files")).read_bytes():
            target.unlink(missing_ok=True)
            webassets.copy_if_changed(contents / rel.relative_to("files"), target)
            copied += 1
    removed = 0
    for path in sorted(site.rglob("*"), reverse=True):
        rel = path.relative_to(site)
        if path.is_file() and rel not in shared and rel not in own and not rel.is_relative_to(_OWN[1]):
            path.unlink()
            removed += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    (site / "files").mkdir(parents=True, exist_ok=True)
    _contents_listings(site / "files", site / _OWN[1])
    return {"linked": linked, "copied": copied, "removed": removed}


def build_shared_sites(
    html: Path, editions: dict[str, Path], *, book_dir: Path = webassets.BOOK_DIR, quiet: bool = True
) -> LiteResult:
    """After the builds of the English site (``html``) and of each edition (``{code: its build's html folder}``),
    all run with :data:`SHARED_ENV`: the English JupyterLite site, built once (:func:`build_lite`) with the one
    wheel carrying every language's saved results, then each edition's ``html/<code>/lite`` as
    :func:`link_edition_site` makes it from the notebooks its own build exported."""
    start = time.perf_counter()
    html = Path(html).resolve()
    saved_dirs = {"en": saved_results_dir(html), **{code: saved_results_dir(ed) for code, ed in editions.items()}}
    others = []
    for edition_html in editions.values():
        work = edition_html.resolve().parent / "lite-src"
        others += [work / "contents" / f"{d}.ipynb" for d in exported_docnames(edition_html)]
    result = build_lite(
        html,
        exported_docnames(html),
        book_dir=book_dir,
        quiet=quiet,
        export=False,
        saved_dirs=saved_dirs,
        other_notebooks=others,
    )
    for code, edition_html in editions.items():
        shutil.rmtree(edition_html / LITE_DIR, ignore_errors=True)  # a site of its own from before the sharing
        contents = edition_html.resolve().parent / "lite-src" / "contents"
        link_edition_site(result.site, html / code / LITE_DIR, contents)
    result.seconds = time.perf_counter() - start
    return result


# --------------------------------------------------------------------------- Sphinx


def _chapters(app: Any) -> list[str]:
    return sorted(d for d in app.env.found_docs if d.startswith("chapters/"))


def saved_results_dir(html: Path) -> Path:
    """Where the chapters' kernels write the results JupyterLite takes as saved (:mod:`fivehundred_tutor.saved`)."""
    return Path(html).resolve().parent / "saved-results"


def _on_config(app: Any, config: Any) -> None:
    # the chapters' kernels (started by myst-nb in this process) save their slow results for JupyterLite
    os.environ[saved.SAVE_ENV] = str(saved_results_dir(Path(app.outdir)))
    options = dict(config.html_theme_options or {})
    end = list(options.get("article_header_end") or ["article-header-buttons.html"])
    if BUTTON_TEMPLATE not in end:
        end.insert(0, BUTTON_TEMPLATE)
    options["article_header_end"] = end
    config.html_theme_options = options


def _has_outputs(nb: dict[str, Any]) -> bool:
    return any(cell.get("outputs") for cell in nb.get("cells", []) if cell.get("cell_type") == "code")


def restore_cached_outputs(executed_dir: Path, cache_path: Path, docnames: Iterable[str]) -> list[str]:
    """Put the cached outputs back into the executed notebooks (``jupyter_execute/DOC.ipynb``) that lack them.

    myst-nb 1.4 writes a page's notebook as it read it when its outputs come from the jupyter-cache (it merges
    them into a copy): every page read again without running (a prose change, ``--all``) left a notebook with no
    outputs and no widget state, the notebook the JupyterLite export and its saved hands are made from.  Returns
    the pages restored."""
    import nbformat
    from jupyter_cache import get_cache  # type: ignore[import-untyped]

    restored = []
    cache = None
    for docname in docnames:
        path = executed_dir / f"{docname}.ipynb"
        if not path.is_file():
            continue
        nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
        if _has_outputs(nb):
            continue
        cache = cache or get_cache(cache_path)
        try:
            _, merged = cache.merge_match_into_notebook(nb)
        except KeyError:
            continue  # not in the cache: a page that has nothing to run
        if _has_outputs(merged):
            path.write_text(nbformat.writes(merged), encoding="utf-8")  # type: ignore[no-untyped-call]
            restored.append(docname)
    return restored


def _on_finished(app: Any, error: BaseException | None) -> None:
    if error is not None or app.builder.format != "html":
        return
    from sphinx.errors import ExtensionError

    config = getattr(app.env, "mystnb_config", None)
    cache_path = getattr(config, "execution_cache_path", "") or Path(app.outdir).parent / ".jupyter_cache"
    restore_cached_outputs(Path(app.outdir).parent / "jupyter_execute", Path(cache_path), _chapters(app))
    try:
        if os.environ.get(SHARED_ENV):  # the book build makes the JupyterLite sites once all languages are built
            export_contents(Path(app.outdir), _chapters(app), book_dir=Path(app.srcdir))
            return
        result = build_lite(Path(app.outdir), _chapters(app), book_dir=Path(app.srcdir))
    except LiteError as err:
        raise ExtensionError(f"the chapters as JupyterLab notebooks: {err}") from None
    if result.ran:
        print(f"[fivehundred lite] JupyterLite site with {len(result.notebooks)} notebooks in {result.seconds:.1f} s")


def setup(app: Any) -> dict[str, Any]:
    """Sphinx extension: the *Open in JupyterLab* button on chapter pages, the lite site after the build."""
    app.connect("config-inited", _on_config)
    app.connect("build-finished", _on_finished)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the book's JupyterLite site into HTML/lite.")
    parser.add_argument("html", type=Path, help="the built book's HTML folder (…/_build/html)")
    args = parser.parse_args(argv)
    executed = args.html.resolve().parent / "jupyter_execute"
    docnames = sorted(p.relative_to(executed).with_suffix("").as_posix() for p in executed.glob("chapters/*.ipynb"))
    try:
        result = build_lite(args.html, docnames)
    except LiteError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    print(f"{result.site}: {len(result.notebooks)} notebooks, {'built' if result.ran else 'up to date'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
