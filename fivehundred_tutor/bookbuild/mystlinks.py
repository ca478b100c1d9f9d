"""The book's MyST labels and cross-references, readable in a notebook host (JupyterLab, JupyterLite).

The chapters are MyST markdown: a label line ``(ch-bowers)=`` names a place, and ``[the bowers](#ch-bowers)``
links to it from any page.  Sphinx resolves both; a notebook renderer shows the label as text and takes
``#ch-bowers`` for a place on the same page, so the link does nothing.  For a notebook host:

- :func:`to_notebook` turns each label line into an anchor (``<a id="ch-bowers"></a>``, drawn as nothing)
  and each link to a label of another file into a link to that file (``03-bowers.md#ch-bowers``), which
  the host opens;
- :func:`from_notebook` undoes exactly that, so a chapter saved from the host is the same text.

``labels(root)`` finds every label of the book's markdown files (``{label: path relative to root}``)::

    index = labels(book_dir)
    to_notebook(notebook, "chapters/01-how-to-use.md", index)   # in place, markdown cells only
    from_notebook(notebook, "chapters/01-how-to-use.md", index)  # back to the MyST text
"""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path
from typing import Any

__all__ = ["from_notebook", "labels", "link_target", "markdown_files", "to_notebook"]

_LABEL = re.compile(r"^\(([A-Za-z0-9_.:-]+)\)=[ \t]*$", re.MULTILINE)
_ANCHOR = re.compile(r'^<a id="([A-Za-z0-9_.:-]+)"></a>$', re.MULTILINE)
_LINK = re.compile(r"\]\(#([A-Za-z0-9_.:-]+)\)")
_FILE_LINK = re.compile(r"\]\(([^()\s#]+)#([A-Za-z0-9_.:-]+)\)")
#: folders of a book that hold no pages
_SKIP = {"_build", "node_modules", "_static_widgets", ".ipynb_checkpoints"}


def markdown_files(root: Path) -> list[Path]:
    """The markdown files of a book under ``root`` (not in its build or npm folders, nor hidden ones)."""
    found: list[Path] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in _SKIP and not d.startswith("."))
        found.extend(Path(folder) / f for f in sorted(files) if f.endswith(".md"))
    return found


def labels(root: Path) -> dict[str, str]:
    """Every MyST label of the markdown files under ``root``: ``{label: path relative to root}`` (posix)."""
    found: dict[str, str] = {}
    for path in markdown_files(root):
        rel = path.relative_to(root)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        for match in _LABEL.finditer(text):
            found.setdefault(match.group(1), rel.as_posix())
    return found


def link_target(label: str, path: str, index: dict[str, str], suffix: str | None = None) -> str | None:
    """Where a link to ``label`` from the page ``path`` goes in a notebook host: ``"03-bowers.md#ch-bowers"``
    (relative to the page's folder), or None when the label is on the same page or unknown.  ``suffix``
    (``".ipynb"``): the pages are notebooks of that suffix there (JupyterLite's ``.ipynb`` copies)."""
    where = index.get(label)
    if where is None or where == path:
        return None
    rel = posixpath.relpath(where, posixpath.dirname(path) or ".")
    if suffix:
        rel = posixpath.splitext(rel)[0] + suffix
    return f"{rel}#{label}"


def _cells(notebook: Any) -> list[dict[str, Any]]:
    cells = notebook.get("cells", []) if isinstance(notebook, dict) else []
    return [c for c in cells if isinstance(c, dict) and c.get("cell_type") == "markdown"]


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def to_notebook(notebook: Any, path: str, index: dict[str, str], suffix: str | None = None) -> None:
    """In place: labels become anchors, links to another page's label become links to that page
    (``suffix``: as :func:`link_target`; ``path`` is the page's MyST path, ``chapters/03-bowers.md``)."""
    for cell in _cells(notebook):
        text = _source(cell)
        new = _LABEL.sub(lambda m: f'<a id="{m.group(1)}"></a>', text)
        new = _LINK.sub(lambda m: f"]({link_target(m.group(1), path, index, suffix) or '#' + m.group(1)})", new)
        if new != text:
            cell["source"] = new


def from_notebook(notebook: Any, path: str, index: dict[str, str]) -> None:
    """In place: undo :func:`to_notebook` (the anchors and links it writes, nothing else)."""

    def back(match: re.Match[str]) -> str:
        target, label = match.group(1), match.group(2)
        return f"](#{label})" if link_target(label, path, index) == f"{target}#{label}" else match.group(0)

    for cell in _cells(notebook):
        text = _source(cell)
        new = _ANCHOR.sub(lambda m: f"({m.group(1)})=", text)
        new = _FILE_LINK.sub(back, new)
        if new != text:
            cell["source"] = new
