"""What every puzzle card the trainer shows starts with, whatever the decision (a card to play, a call,
a discard): which puzzle, how hard, its themes, and the seats' names in the learner's language."""

from __future__ import annotations

from typing import Any

from ..rules import Rules, preset_title
from .model import Puzzle
from .setups import kind_title
from .themes import theme_name

__all__ = ["card_head"]


def card_head(puzzle: Puzzle, rules: Rules, seat: int) -> dict[str, Any]:
    """The fields of a ``PuzzleCard`` (``handlers.models``) that name the puzzle and the table."""
    return {
        "id": puzzle.id,
        "rating": puzzle.rating,
        "kind": puzzle.kind,
        "kind_title": kind_title(puzzle.kind),
        "rules_title": preset_title(rules.preset_name),
        "themes": list(puzzle.themes),
        "theme_names": [theme_name(t) for t in puzzle.themes],
        "players": rules.players,
        "seat": seat,
        "seat_name": rules.local_seat_name(seat),
        "seat_names": [rules.local_seat_name(i) for i in range(rules.players)],
    }
