"""anywidget components: the same ES module live in JupyterLab and in the static book.

>>> from fivehundred_tutor.widgets import CardView
>>> CardView("JD TH JK").cards
['JD', 'TH', 'JK']

Each class is a thin traitlets shell over one family of :mod:`fivehundred_tutor.handlers`
(plain data, no anywidget), which also answers where anywidget is absent (Pyodide).
Classes are imported lazily.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "AssignmentMaker",
    "AssignmentWidget",
    "BiddingLadder",
    "BowerTrainer",
    "CardHierarchyQuiz",
    "CardView",
    "DealReplay",
    "HandEvaluator",
    "HandGrader",
    "PlayDeal",
    "PlayProblem",
    "PlayTest",
    "PuzzleTrainer",
    "QuizWidget",
    "Review",
    "ScoringQuiz",
    "TrickTrainer",
]

_WHERE = {
    "CardView": "cardview",
    "BiddingLadder": "ladder",
    "DealReplay": "replay",
    "PlayDeal": "play",
    "PlayProblem": "problem",
    "PlayTest": "playtest",
    "PuzzleTrainer": "puzzles",
    "AssignmentWidget": "assignment",
    "AssignmentMaker": "maker",
    "QuizWidget": "quiz",
    "CardHierarchyQuiz": "quiz",
    "BowerTrainer": "quiz",
    "TrickTrainer": "quiz",
    "ScoringQuiz": "quiz",
    "Review": "review",
    "HandEvaluator": "evaluator",
    "HandGrader": "handgrader",
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
