"""anywidget components: the same ES module live in JupyterLab and in the static book.

>>> from fivehundred_tutor.widgets import CardView
>>> CardView("JD TH JK").cards
['JD', 'TH', 'JK']

Classes are imported lazily, so :mod:`fivehundred_tutor.widgets.handlers`
(plain data, no anywidget) can be used where anywidget is absent (Pyodide).
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "BiddingLadder",
    "BowerTrainer",
    "CardHierarchyQuiz",
    "CardView",
    "DealReplay",
    "PlayDeal",
    "QuizWidget",
    "ScoringQuiz",
    "TrickTrainer",
]

_WHERE = {
    "CardView": "cardview",
    "BiddingLadder": "ladder",
    "DealReplay": "replay",
    "PlayDeal": "play",
    "QuizWidget": "quiz",
    "CardHierarchyQuiz": "quiz",
    "BowerTrainer": "quiz",
    "TrickTrainer": "quiz",
    "ScoringQuiz": "quiz",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
