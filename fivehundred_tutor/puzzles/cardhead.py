"""What every puzzle card the trainer shows starts with, whatever the decision (a card to play, a call,
a discard): which puzzle, how hard, its themes, and the seats' names in the learner's language."""

from __future__ import annotations

from typing import Any

from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..rules import Rules, preset_title
from .model import Puzzle
from .setups import kind_title
from .themes import theme_name

__all__ = ["card_head"]

#: a kind the rules' title already names ("Two players", "Three players"): only what that title does not say,
#: so that the line under a puzzle does not say it twice ("Two players, two players (the table cards)")
_AFTER_RULES = {"two-player": N_("the table cards"), "three-player": ""}


def _kind_after_rules(kind: str) -> str:
    """The kind of puzzle as the line after the rules' title says it ("four players, no trumps"; "" for 3 players)."""
    if kind not in _AFTER_RULES:
        return kind_title(kind)
    words = _AFTER_RULES[kind]
    return _(words) if words else ""


def card_head(puzzle: Puzzle, rules: Rules, seat: int) -> dict[str, Any]:
    """The fields of a ``PuzzleCard`` (``handlers.models``) that name the puzzle and the table."""
    return {
        "id": puzzle.id,
        "rating": puzzle.rating,
        "kind": puzzle.kind,
        "kind_title": _kind_after_rules(puzzle.kind),
        "rules_title": preset_title(rules.preset_name),
        "themes": list(puzzle.themes),
        "theme_names": [theme_name(t) for t in puzzle.themes],
        "players": rules.players,
        "seat": seat,
        "seat_name": rules.local_seat_name(seat),
        "seat_names": [rules.local_seat_name(i) for i in range(rules.players)],
    }
