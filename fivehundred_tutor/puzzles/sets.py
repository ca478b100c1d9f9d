"""Sets drawn from the bank: five levels (A–E) of problems, chapter drills, and the next puzzle
near a learner's rating.

Levels follow the bank's ratings: A is its easiest fifth, E its hardest.  Each level holds
:data:`LEVEL_SIZE` problems spread over the kinds of puzzle and their themes, chosen the same way
every time (by id), and opens once :data:`LEVEL_PASS` problems of the level before are solved.

>>> from fivehundred_tutor.puzzles import load_bank
>>> levels = level_sets(load_bank())
>>> [len(levels[name]) for name in LEVELS]
[24, 24, 24, 24, 24]
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

from .model import Puzzle

__all__ = ["DRILLS", "LEVELS", "LEVEL_PASS", "LEVEL_SIZE", "drill", "level_sets", "nearest", "side", "spread"]

LEVELS = ("A", "B", "C", "D", "E")
LEVEL_SIZE = 24
#: solved problems of a level that open the next one (two thirds: "mostly solved")
LEVEL_PASS = 16
#: chapter drills: the themes (or kinds) each play chapter ends with; ``"sides"``, when given, the learner's side
#: in every puzzle of the drill (``"defenders"``: the defence drill holds no declarer's puzzle, and so no opening
#: lead, which in 500 is always the declarer's)
DRILLS: dict[str, dict[str, tuple[str, ...]]] = {
    "card-play": {
        "themes": (
            "drawing-trumps",
            "ruffing",
            "crossruff",
            "entries",
            "unblocking",
            "ducking",
            "bower-guard",
            "endplay",
            "joker-no-trumps",
            "joker-suit",
            "counting-kitty",
        ),
        "kinds": ("suit", "no-trumps"),
    },
    "defence": {
        "themes": ("second-hand", "third-hand", "defence"),
        "kinds": ("suit", "no-trumps"),
        "sides": ("defenders",),
    },
    "misere": {"themes": ("misere-escape", "misere-defence"), "kinds": ("misere", "open-misere")},
    "two-player": {"themes": ("two-player",), "kinds": ("two-player",)},
    "bidding": {"themes": ("judging-hand",), "kinds": ("bidding",)},
    "kitty": {"themes": ("discarding",), "kinds": ("kitty",)},
}


def _order(puzzle: Puzzle, salt: str) -> str:
    return hashlib.sha256(f"{salt}:{puzzle.id}".encode()).hexdigest()


def spread(puzzles: Sequence[Puzzle], count: int, salt: str) -> list[Puzzle]:
    """``count`` puzzles spread over kinds and themes: round robin over (kind, first theme), each
    group in a fixed pseudo-random order; the result sorted by rating."""
    groups: dict[tuple[str, str], list[Puzzle]] = {}
    for p in sorted(puzzles, key=lambda p: _order(p, salt)):
        groups.setdefault((p.kind, p.themes[0] if p.themes else ""), []).append(p)
    keys = sorted(groups)
    out: list[Puzzle] = []
    while len(out) < count and any(groups.values()):
        for key in keys:
            if groups[key] and len(out) < count:
                out.append(groups[key].pop(0))
    return sorted(out, key=lambda p: (p.rating, p.id))


def level_sets(bank: Sequence[Puzzle]) -> dict[str, list[Puzzle]]:
    """Level → its problems (easiest first): the bank's ratings cut in five bands."""
    ranked = sorted(bank, key=lambda p: (p.rating, p.id))
    band = len(ranked) // len(LEVELS)
    out = {}
    for i, name in enumerate(LEVELS):
        part = ranked[i * band : (i + 1) * band if i < len(LEVELS) - 1 else len(ranked)]
        out[name] = spread(part, LEVEL_SIZE, f"level-{name}")
    return out


def drill(bank: Sequence[Puzzle], name: str, count: int = 12) -> list[Puzzle]:
    """The drill a chapter ends with: puzzles of its themes and kinds, easiest first."""
    spec = DRILLS[name]
    themes, kinds, sides = set(spec["themes"]), set(spec["kinds"]), set(spec.get("sides", ()))
    chosen = [p for p in bank if p.kind in kinds and themes & set(p.themes) and (not sides or side(p) in sides)]
    return spread(chosen, count, f"drill-{name}")


def side(puzzle: Puzzle) -> str:
    """The learner's side in a puzzle: ``"declarer"`` (the declarer or the declarer's partner) or ``"defenders"``;
    a bidding or kitty puzzle, before any contract, is the would-be declarer's."""
    deal = puzzle.deal
    if deal.declarer is None:
        return "declarer"
    return "declarer" if puzzle.seat in deal.declaring_seats else "defenders"


class Rated(Protocol):
    """What choosing a puzzle reads: a :class:`Puzzle`, or the bank index's entry of one."""

    @property
    def id(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def rating(self) -> int: ...
    @property
    def themes(self) -> tuple[str, ...]: ...


P = TypeVar("P", bound=Rated)


def nearest(
    puzzles: Iterable[P], rating: float, *, theme: str | None = None, exclude: Iterable[str] = (), pick: int = 0
) -> P | None:
    """The puzzle nearest ``rating`` (of ``theme``, none of ``exclude``); ``pick`` chooses among the
    five nearest, so a learner does not always meet the same one, and without a theme ``pick // 5`` chooses the
    kind (suit, no trumps, misère…) in the bank's proportions.  ``puzzles`` may be the bank's
    puzzles or its index (:func:`~fivehundred_tutor.puzzles.bank.bank_index`): the same choice."""
    skip = set(exclude)
    pool = [p for p in puzzles if p.id not in skip and (theme is None or theme in p.themes)]
    if not pool:
        return None
    if theme is None:
        # The kind first, in the bank's proportions (``pick // 5`` draws it), then the nearest of that kind: the
        # ratings of the kinds differ (misère puzzles sit higher), and a learner whose rating climbed met mostly
        # misère (10 of 20 in the fresh-eyes trial, while the bank holds 20%).
        shares: dict[str, int] = {}
        for p in pool:
            shares[p.kind] = shares.get(p.kind, 0) + 1
        slot = (pick // 5) % len(pool)
        for kind in sorted(shares):
            if slot < shares[kind]:
                pool = [p for p in pool if p.kind == kind]
                break
            slot -= shares[kind]
    pool.sort(key=lambda p: (abs(p.rating - rating), p.id))
    return pool[pick % min(5, len(pool))]
