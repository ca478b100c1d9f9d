"""PuzzleTrainer: rated puzzles from the bank, streaks, theme drills and the levels A–E.

The model (:func:`fivehundred_tutor.handlers.puzzles.trainer_model`) carries every puzzle it shows
with every verdict, so the static book needs no kernel; where a host answers (JupyterLab, the live
book, JupyterLite) the trainer also asks it for more puzzles near the learner's rating.

>>> w = PuzzleTrainer(size=3, levels=False)
>>> len(w.model["puzzles"])
3
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..handlers.puzzles import trainer_model
from ..i18n import gettext as _
from .base import FhtWidget, bundle

__all__ = ["PuzzleTrainer"]


class PuzzleTrainer(FhtWidget):
    """``PuzzleTrainer()`` (the trainer), ``PuzzleTrainer(mode="drill", drill="defence")`` (a chapter's
    drill) or ``PuzzleTrainer(mode="levels")`` (the problem sets A–E)."""

    _esm = bundle("puzzles.js")
    _kind = "puzzles"
    _state_traits = ("model",)

    model = traitlets.Dict().tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        title: str | None = None,
        *,
        mode: str = "trainer",
        drill: str | None = None,
        size: int = 120,
        levels: bool | None = None,
        four_colour: bool = False,
        **kwargs: Any,
    ) -> None:
        defaults = {"trainer": _("Puzzle trainer"), "drill": _("Drill"), "levels": _("Problem sets A–E")}
        default = defaults.get(mode, _("Puzzles"))
        data = trainer_model(
            title or default,
            mode=mode,
            size=size,
            drill_name=drill,
            levels=(mode != "drill") if levels is None else levels,
        )
        super().__init__(model=data, four_colour=four_colour, **kwargs)
