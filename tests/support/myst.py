"""A chapter-like MyST notebook for a browser test to build into a page: the jupytext header, a title and code cells."""

from __future__ import annotations

__all__ = ["myst_notebook"]

_HEADER = """\
---
jupytext:
  text_representation:
    format_name: myst
kernelspec:
  name: python3
  display_name: Python 3
---
"""


def myst_notebook(title: str, *cells: str) -> str:
    """The MyST text of a notebook titled ``title`` whose code cells are ``cells`` (each the cell's source).

    >>> myst_notebook("T", "x = 1").splitlines()[-5:]
    ['# T', '', '```{code-cell} ipython3', 'x = 1', '```']
    """
    body = "".join(f"\n```{{code-cell}} ipython3\n{cell}\n```\n" for cell in cells)
    return f"{_HEADER}\n# {title}\n{body}"
