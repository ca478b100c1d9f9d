"""The node limit's exception, apart from the search: one class, whichever build of the search raises it.

(The search may run compiled — :mod:`.native` — or as plain Python; both raise this class,
so a caller's ``except SearchLimit`` catches either.)
"""

from __future__ import annotations

from typing import Final

from ..errors import FiveHundredError

__all__ = ["NO_LIMIT", "SearchLimit"]

#: a node limit no search reaches
NO_LIMIT: Final = 1 << 62


class SearchLimit(FiveHundredError):
    """A search went past the node limit it was given (the solver's tables stay sound: they
    hold only results of searches that finished)."""
