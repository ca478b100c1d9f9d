"""The built book shows what a cell shows, not the code that made it (the notebooks keep the code).

A chapter folds the code of a cell that only draws something (``hide-input``, see
:mod:`~fivehundred_tutor.bookbuild.celltags`): in JupyterLab the cell shows collapsed, and a learner
who wants the code opens it there.  On the book's pages the fold was a "Show code cell source" bar
before nearly every widget and picture: programmer chrome a reader does not need.  Listed in the
book's Sphinx ``extensions``, this post-transform (before myst-nb turns the folds into ``<details>``)
drops, in the HTML only:

- the code of a :data:`~fivehundred_tutor.bookbuild.celltags.BOOK_DROPS_SOURCE` cell whose outputs are
  all pictures, widgets, tables or formatted text (no printed text, which its code explains);
- such a cell entirely when it shows nothing (set-up code: imports, rules, helpers).

The source files and the notebooks are untouched.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes  # type: ignore[import-untyped]
from sphinx.transforms.post_transforms import SphinxPostTransform

from .celltags import BOOK_DROPS_SOURCE

__all__ = ["DropWidgetCellSource", "drops_source", "setup"]


def _tags(cell: nodes.Element) -> set[str]:
    return set((cell.get("cell_metadata") or {}).get("tags") or [])


def drops_source(cell: nodes.Element) -> str | None:
    """What the book does with a code cell: ``"cell"`` (drop it), ``"source"`` (drop its code), or None."""
    if cell.get("nb_element") != "cell_code" or cell.get("hide_mode") != "input":
        return None
    if not BOOK_DROPS_SOURCE & _tags(cell):
        return None
    outputs = [child for child in cell.children if child.get("nb_element") == "cell_code_output"]
    if not outputs or not any(output.children for output in outputs):
        return "cell"
    printed = any(True for output in outputs for _ in output.findall(nodes.literal_block))
    return None if printed else "source"


class DropWidgetCellSource(SphinxPostTransform):
    """Drop the folded code of the cells that only draw something (HTML only)."""

    default_priority = 150  # after myst-nb picks each output's form (4), before it folds code (199)
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        for cell in list(self.document.findall(nodes.container)):
            what = drops_source(cell)
            if what == "cell":
                cell.parent.remove(cell)
            elif what == "source":
                for child in list(cell.children):
                    if child.get("nb_element") == "cell_code_source":
                        cell.remove(child)
                del cell["hide_mode"]


def setup(app: Any) -> dict[str, Any]:
    app.add_post_transform(DropWidgetCellSource)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
