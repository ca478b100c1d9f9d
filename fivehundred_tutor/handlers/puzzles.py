"""The puzzle trainer's model and requests (plain data; the kernel, the live book's worker and
JupyterLite answer them alike).

The model carries everything the static book needs: a spread of puzzles of the bank, each as a
*card* (:func:`fivehundred_tutor.puzzles.words.puzzle_card`: the seat's view, every choice's
verdict and the solver's line), the levels A–E and the themes.  A level problem's card also carries its later
steps (``play_on``: :func:`fivehundred_tutor.puzzles.playon.play_on`), so the problem plays on in every host.  The learner's rating, streak and
history live in the browser (``widgets/src/puzzle-progress.js``).  Where a host answers, the
trainer asks it for the next puzzle near the learner's rating from the whole bank (``next``), or
for one puzzle by id (``card``).

>>> model = trainer_model("Puzzles", size=4, levels=False)
>>> len(model["puzzles"]), model["mode"]
(4, 'trainer')
>>> reply = handle_next({"type": "next", "rating": 1500, "seen": []}, {})["reply"]
>>> reply["type"], abs(reply["card"]["rating"] - 1500) < 400
('puzzle', True)
"""

from __future__ import annotations

from typing import Any

from ..i18n import gettext as _
from ..puzzles import load_bank
from ..puzzles.bank import bank_index, bank_puzzle
from ..puzzles.playon import play_on
from ..puzzles.sets import DRILLS, LEVEL_PASS, LEVELS, drill, level_sets, nearest, spread
from ..puzzles.steps import level_steps
from ..puzzles.themes import THEMES, theme_name
from ..puzzles.words import puzzle_card
from .fields import Handler, RequestError

__all__ = ["HANDLERS", "MODES", "handle_card", "handle_next", "trainer_model"]

MODES = ("trainer", "drill", "levels")
_SEEN_LIMIT = 2000


def trainer_model(
    title: str,
    *,
    mode: str = "trainer",
    size: int = 120,
    drill_name: str | None = None,
    levels: bool = True,
) -> dict[str, Any]:
    """The trainer's model: ``mode`` "trainer" (rated puzzles near the learner, streaks, theme
    drills), "drill" (a chapter's drill: ``drill_name`` from :data:`~fivehundred_tutor.puzzles.sets.DRILLS`)
    or "levels" (the problem sets A–E)."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    bank = load_bank()
    if mode == "drill":
        if drill_name not in DRILLS:
            raise ValueError(f"no drill {drill_name!r}; drills are {', '.join(DRILLS)}")
        chosen = drill(bank, drill_name, size)
    elif mode == "levels":
        chosen = []
    else:
        chosen = spread(bank, size, "trainer")
    level_rows = []
    level_ids: set[str] = set()
    if levels or mode == "levels":
        sets = level_sets(bank)
        for name in LEVELS:
            level_rows.append({"name": name, "ids": [p.id for p in sets[name]]})
            level_ids.update(p.id for p in sets[name])
            chosen += [p for p in sets[name] if p not in chosen]
    steps = level_steps() if level_ids else {}
    cards = [puzzle_card(p) for p in chosen]
    for puzzle, card in zip(chosen, cards, strict=True):
        if puzzle.id in level_ids:
            # a level problem is played on: the learner's later decisions of the hand, worked out at build time
            card["play_on"] = play_on(puzzle, steps[puzzle.id])
    themes = sorted({t for c in cards for t in c["themes"]}, key=list(THEMES).index)
    return {
        "version": 1,
        "title": title,
        "mode": mode,
        "drill": drill_name,
        "puzzles": cards,
        "levels": level_rows,
        "level_pass": LEVEL_PASS,
        "themes": [{"id": t, "name": theme_name(t)} for t in themes],
    }


def _seen(request: dict[str, Any]) -> list[str]:
    seen = request.get("seen", [])
    if not isinstance(seen, list) or not all(isinstance(s, str) and len(s) <= 100 for s in seen):
        raise RequestError("'seen' must be a list of puzzle ids")
    return seen[-_SEEN_LIMIT:]


def handle_next(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """``{"type": "next", "rating": 1500, "theme": None, "seen": [ids], "pick": 0}`` → the puzzle of the
    whole bank nearest the rating (of the theme), none the learner has seen."""
    rating = request.get("rating")
    if isinstance(rating, bool) or not isinstance(rating, (int, float)) or not 0 <= rating <= 4000:
        raise RequestError("'rating' must be a number from 0 to 4000 (the learner's rating)")
    theme = request.get("theme")
    if theme is not None and theme not in THEMES:
        raise RequestError(f"no theme {theme!r}; themes are {', '.join(THEMES)}")
    pick = request.get("pick", 0)
    if isinstance(pick, bool) or not isinstance(pick, int):
        raise RequestError("'pick' must be a whole number")
    # the bank's index and one record, not the whole bank (the live book's first request: bench_puzzles)
    found = nearest(bank_index(), float(rating), theme=theme, exclude=_seen(request), pick=pick)
    puzzle = None if found is None else bank_puzzle(found.id)
    if puzzle is None:
        text = _("You have seen every puzzle of this theme.") if theme else _("You have seen every puzzle of the bank.")
        return {"reply": {"type": "none", "text": text}}
    return {"reply": {"type": "puzzle", "card": puzzle_card(puzzle)}}


def handle_card(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """``{"type": "card", "id": "suit-5-7"}`` → that puzzle's card."""
    wanted = request.get("id")
    if not isinstance(wanted, str):
        raise RequestError("'id' must be a puzzle id")
    puzzle = bank_puzzle(wanted)
    if puzzle is None:
        raise RequestError(f"no puzzle {wanted!r} in the bank")
    return {"reply": {"type": "puzzle", "card": puzzle_card(puzzle)}}


HANDLERS: dict[str, Handler] = {"next": handle_next, "card": handle_card}
