"""The contents manager ``fivehundred-tutor lab`` serves the chapters with (Jupytext's, plus one thing).

A chapter's hidden cells (tagged ``hide-input``, ``remove-cell``…: set-up code and the book's
checks) open collapsed in JupyterLab, as the book and the JupyterLite notebooks show them: the
notebook JupyterLab receives carries ``jupyter.source_hidden`` / ``outputs_hidden`` on those cells,
and saving takes them off again, so a chapter opened, run and saved is the very same file.  Saving
also keeps the chapter's own kernelspec when the running kernel is the same one under another display
name (JupyterLab writes the running kernel's spec: "Python 3" vs "Python 3 (ipykernel)").
"""

from __future__ import annotations

from typing import Any

from jupytext.async_contentsmanager import AsyncTextFileContentsManager

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


def expand_hidden_cells(notebook: Any) -> None:
    """Undo :func:`collapse_hidden_cells` in place: the flags its tags imply go (collapsed or not)."""
    for meta, tags in _code_cells_with_tags(notebook):
        jupyter = meta.get("jupyter")
        if not isinstance(jupyter, dict):
            continue
        for flag, hiding in _ADDED.items():
            if tags & hiding:
                jupyter.pop(flag, None)
        if not jupyter:
            del meta["jupyter"]


def _is_text_notebook(path: str, model: dict[str, Any]) -> bool:
    return model.get("type") == "notebook" and not path.endswith(".ipynb") and isinstance(model.get("content"), dict)


class BookContentsManager(AsyncTextFileContentsManager):  # type: ignore[misc]
    """Jupytext's contents manager; the book's hidden cells collapsed in text notebooks (``.md``)."""

    async def get(self, path: str, content: bool = True, **kwargs: Any) -> dict[str, Any]:
        model: dict[str, Any] = await super().get(path, content=content, **kwargs)
        if content and _is_text_notebook(path, model):
            collapse_hidden_cells(model["content"])
        return model

    async def save(self, model: dict[str, Any], path: str = "") -> dict[str, Any]:
        if _is_text_notebook(path, model):
            expand_hidden_cells(model["content"])
            await self._keep_kernelspec(model["content"], path)
        saved: dict[str, Any] = await super().save(model, path)
        return saved

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
