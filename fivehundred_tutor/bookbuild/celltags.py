"""The cell tags under which the book hides a cell's code or its output.

Jupyter Book reads them when it builds the pages; JupyterLite's notebooks (bookbuild/lite.py) and
``fivehundred-tutor lab`` (cli/labcontents.py) show those cells collapsed, from this one list.  The
built book goes one step further with :data:`BOOK_DROPS_SOURCE` cells (bookbuild/hiddencode.py): a
cell that only draws something shows no code at all there (nothing when it draws nothing); the
notebooks keep it, collapsed.

>>> sorted(HIDE_SOURCE & HIDE_OUTPUT)
['hide-cell', 'remove-cell']
"""

from __future__ import annotations

__all__ = ["BOOK_DROPS_SOURCE", "HIDE_OUTPUT", "HIDE_SOURCE"]

#: a cell whose code the reader does not see at first
HIDE_SOURCE = frozenset({"remove-cell", "remove-input", "hide-input", "hide-cell"})
#: a cell whose output the reader does not see at first
HIDE_OUTPUT = frozenset({"remove-cell", "remove-output", "hide-output", "hide-cell"})
#: a folded cell whose code the built book drops when its outputs are all pictures, widgets or tables
BOOK_DROPS_SOURCE = frozenset({"hide-input"})
