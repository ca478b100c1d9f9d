"""The contents manager ``fivehundred-tutor lab`` serves the chapters with (Jupytext's, plus one thing).

A chapter's hidden cells (tagged ``hide-input``, ``remove-cell``…: set-up code and the book's
checks) open collapsed in JupyterLab, as the book and the JupyterLite notebooks show them: the
notebook JupyterLab receives carries ``jupyter.source_hidden`` / ``outputs_hidden`` on those cells,
(and the old ``collapsed`` JupyterLab mirrors ``outputs_hidden`` in, so a chapter opened is not
"modified"), and saving takes them off again, so a chapter opened, run and saved is the very same file.  The MyST
labels (``(ch-bowers)=``) arrive as anchors and links to another chapter's label as links to that
chapter (``bookbuild.mystlinks``), and go back as they were on saving.  Saving
also keeps the chapter's own kernelspec when the running kernel is the same one under another display
name (JupyterLab writes the running kernel's spec: "Python 3" vs "Python 3 (ipykernel)").
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from jupytext.async_contentsmanager import AsyncTextFileContentsManager

from ..bookbuild import mystlinks
from ..bookbuild.celltags import HIDE_OUTPUT, HIDE_SOURCE

__all__ = ["BookContentsManager", "collapse_hidden_cells", "expand_hidden_cells"]

_ADDED = {"source_hidden": HIDE_SOURCE, "outputs_hidden": HIDE_OUTPUT}


def _code_cells_with_tags(notebook: Any) -> list[tuple[dict[str, Any], set[str]]]:
    cells = notebook.get("cells", []) if isinstance(notebook, dict) else []
    found = []
    for cell in cells:
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            meta = cell.setdefault("metadata", {})
            tags = meta.get("tags") or []
            if isinstance(tags, list):
                found.append((meta, {t for t in tags if isinstance(t, str)}))
    return found


def collapse_hidden_cells(notebook: Any) -> None:
    """Mark, in place, the code cells the book hides as collapsed (``metadata.jupyter``)."""
    for meta, tags in _code_cells_with_tags(notebook):
        flags = {flag: True for flag, hiding in _ADDED.items() if tags & hiding}
        if flags:
            jupyter = meta.setdefault("jupyter", {})
            if isinstance(jupyter, dict):
                jupyter.update(flags)
            if flags.get("outputs_hidden"):
                # JupyterLab mirrors outputs_hidden in the old ``collapsed`` key as it opens the notebook:
                # sent already, so opening changes nothing (else every chapter opened "modified", ●)
                meta["collapsed"] = True


def expand_hidden_cells(notebook: Any) -> None:
    """Undo :func:`collapse_hidden_cells` in place: the flags its tags imply go (collapsed or not)."""
    for meta, tags in _code_cells_with_tags(notebook):
        jupyter = meta.get("jupyter")
        if not isinstance(jupyter, dict):
            continue
        for flag, hiding in _ADDED.items():
            if tags & hiding:
                jupyter.pop(flag, None)
                if flag == "outputs_hidden" and meta.get("collapsed") is True:
                    del meta["collapsed"]
        if not jupyter:
            del meta["jupyter"]


def python_language_info() -> dict[str, Any] | None:
    """The ``language_info`` a Python kernel of this environment reports (ipykernel's), or None."""
    try:
        from ipykernel.ipkernel import IPythonKernel
    except ImportError:
        return None
    return copy.deepcopy(dict(IPythonKernel.language_info))


def add_language_info(notebook: Any) -> None:
    """Give a Python notebook without ``language_info`` the one its kernel will report as it starts:
    JupyterLab writes it in then, and the chapter would turn "modified" (●) without anyone touching it.
    (Jupytext leaves it out of the chapter's text, so saving writes the same file.)"""
    metadata = notebook.get("metadata") if isinstance(notebook, dict) else None
    if not isinstance(metadata, dict) or "language_info" in metadata:
        return
    kernelspec = metadata.get("kernelspec")
    if isinstance(kernelspec, dict) and kernelspec.get("language") == "python":
        info = python_language_info()
        if info:
            metadata["language_info"] = info


def _is_text_notebook(path: str, model: dict[str, Any]) -> bool:
    return model.get("type") == "notebook" and not path.endswith(".ipynb") and isinstance(model.get("content"), dict)


class BookContentsManager(AsyncTextFileContentsManager):  # type: ignore[misc]
    """Jupytext's contents manager; the book's hidden cells collapsed in text notebooks (``.md``)."""

    async def get(self, path: str, content: bool = True, **kwargs: Any) -> dict[str, Any]:
        model: dict[str, Any] = await super().get(path, content=content, **kwargs)
        if content and _is_text_notebook(path, model):
            collapse_hidden_cells(model["content"])
            add_language_info(model["content"])
            mystlinks.to_notebook(model["content"], path.strip("/"), self._labels())
        return model

    async def save(self, model: dict[str, Any], path: str = "") -> dict[str, Any]:
        if _is_text_notebook(path, model):
            expand_hidden_cells(model["content"])
            mystlinks.from_notebook(model["content"], path.strip("/"), self._labels())
            await self._keep_kernelspec(model["content"], path)
        saved: dict[str, Any] = await super().save(model, path)
        return saved

    def _labels(self) -> dict[str, str]:
        """The book's MyST labels (``mystlinks.labels``), read again when a markdown file changed."""
        root = Path(self.root_dir)
        files = mystlinks.markdown_files(root)
        stamp = (len(files), max((p.stat().st_mtime_ns for p in files), default=0))
        cached: tuple[tuple[int, int], dict[str, str]] | None = getattr(self, "_label_cache", None)
        if cached is None or cached[0] != stamp:
            cached = (stamp, mystlinks.labels(root))
            self._label_cache = cached
        return cached[1]

    async def _keep_kernelspec(self, notebook: dict[str, Any], path: str) -> None:
        metadata = notebook.get("metadata")
        if not isinstance(metadata, dict):
            return
        new = metadata.get("kernelspec")
        if not isinstance(new, dict) or not await self.file_exists(path):
            return
        old_model: dict[str, Any] = await super().get(path, content=True, type="notebook")
        old = (old_model.get("content") or {}).get("metadata", {}).get("kernelspec")
        if isinstance(old, dict) and old.get("name") == new.get("name") and old != new:
            metadata["kernelspec"] = dict(old)
