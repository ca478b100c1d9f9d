"""A puzzle's rating: first from its difficulty, then refined from learners' solves (Glicko-2).

The initial rating (Glicko scale, a newcomer is 1500) grows with what makes a position hard:
which players fail it (the heuristic bot, the sampling bot, the rule of thumb for the position),
how many tricks pass before the mistake shows (``depth``), how many different choices there are
to go wrong with, and themes that need a plan rather than a reflex (an end-play, unblocking).

>>> initial_rating(fails=(), depth=0, classes=2, themes=("defence",))
1100
>>> initial_rating(fails=("heuristic", "sampling", "thumb"), depth=3, classes=5, themes=("endplay",))
2220

Solves refine it: each attempt is a game between the learner and the puzzle (solved: the learner
won), one Glicko-2 period per attempt, as lichess rates its puzzles (:func:`refine`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .glicko import Rating, update

__all__ = ["PUZZLE_DEVIATION", "initial_rating", "refine"]

#: how unsure a new puzzle's rating is (lower than a newcomer's 350: its difficulty was measured)
PUZZLE_DEVIATION = 250.0
_BASE = 1000
_FAIL_WEIGHT = {"heuristic": 220, "sampling": 280, "thumb": 130}
_THEME_WEIGHT = {
    "endplay": 160,
    "unblocking": 120,
    "counting-kitty": 100,
    "crossruff": 80,
    "entries": 80,
    "ducking": 60,
    "bower-guard": 60,
    "joker-suit": 40,
    "opening-lead": -60,
    "misere-escape": -40,
}
LOWEST, HIGHEST = 600, 2600


def initial_rating(*, fails: Sequence[str], depth: int, classes: int, themes: Sequence[str]) -> int:
    """The rating a freshly mined puzzle starts with (rounded to 10)."""
    value = float(_BASE)
    value += sum(_FAIL_WEIGHT.get(f, 0) for f in fails)
    value += 90 * min(max(depth, 0), 4)
    # one right class among ``classes``: a blind guess is right 1 time in ``classes``
    value += 200 * (1 - 1 / max(classes, 1))
    value += sum(_THEME_WEIGHT.get(t, 0) for t in themes)
    return int(round(min(max(value, LOWEST), HIGHEST) / 10) * 10)


def refine(puzzle: Rating, attempts: Iterable[tuple[Rating, bool]]) -> Rating:
    """``puzzle``'s rating after ``attempts`` (the learner's rating at the time, solved or not), in order.

    >>> hard = refine(Rating(1500, 250), [(Rating(1800, 60), False)] * 5)
    >>> hard.rating > 1500, hard.deviation < 250
    (True, True)
    """
    for learner, solved in attempts:
        # the puzzle wins when the learner misses it
        puzzle = update(puzzle, [(learner, 0.0 if solved else 1.0)])
    return puzzle
