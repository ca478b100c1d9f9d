"""Puzzle ratings refined from learners' solves.

A puzzle's first rating comes from its difficulty (:func:`~fivehundred_tutor.puzzles.rating.initial_rating`).
Learners then show how hard it really is.  The trainer keeps each learner's first tries in their progress
(the record ``puzzle-trainer``: the puzzle, solved or not, the learner's rating before the try), and a learner
carries it in the progress file the book saves (*Save my progress to a file*).  An instructor, or whoever keeps
the book, collects those files and refines the bank's ratings from them: each first try is a game between the
learner (rated as they were then) and the puzzle, one Glicko-2 period per try, as lichess rates its puzzles
(:func:`~fivehundred_tutor.puzzles.rating.refine`)::

    python -m fivehundred_tutor.puzzles refine progress/*.json -o puzzle-ratings.json

The ratings file maps puzzle ids to refined ratings; :func:`with_ratings` gives the bank with them.  A file
that is not a progress file, too big, or malformed is reported by name and left out: it never stops the rest.
Nothing in a file is run; only numbers and puzzle ids are read from it.

>>> attempts = attempts_in(_example_file(), "ana.json")
>>> attempts[0]
Attempt(puzzle='suit-5-7', learner=1500.0, solved=False)
>>> refined = refine_ratings({"suit-5-7": 1500}, attempts * 4)
>>> refined["suit-5-7"].rating > 1500, refined["suit-5-7"].attempts
(True, 4)
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from .glicko import Rating
from .model import Puzzle, PuzzleError
from .rating import PUZZLE_DEVIATION, refine

__all__ = [
    "LEARNER_DEVIATION",
    "MAX_FILE_BYTES",
    "RATINGS_FORMAT",
    "Attempt",
    "RefinedRating",
    "attempts_in",
    "read_ratings",
    "refine_ratings",
    "with_ratings",
    "write_ratings",
]

#: a progress file bigger than this is not read (the book refuses to save one over 4 MB)
MAX_FILE_BYTES = 4 * 1024 * 1024
PROGRESS_FORMAT = "fivehundred-tutor progress"
RECORD = "w:puzzle-trainer"
#: the file keeps the learner's rating before each try, not how sure it was: a settled learner's deviation
LEARNER_DEVIATION = 100.0
RATINGS_FORMAT = "fivehundred-puzzle-ratings/1"
_MAX_ID = 100


class Attempt(NamedTuple):
    """One learner's first try at one puzzle."""

    puzzle: str
    learner: float
    solved: bool


@dataclasses.dataclass(frozen=True)
class RefinedRating:
    """A puzzle's rating after learners' tries, how sure it is, and how many tries made it."""

    rating: int
    deviation: float
    attempts: int


def attempts_in(data: bytes, name: str) -> list[Attempt]:
    """The first tries in one progress file (its bytes; ``name`` for the messages), oldest first.

    A :class:`PuzzleError` says what is wrong with a file that is not a readable progress file.
    """
    if len(data) > MAX_FILE_BYTES:
        raise PuzzleError(f"{name}: {len(data):,} bytes, more than a progress file holds ({MAX_FILE_BYTES:,})")
    try:
        body = json.loads(data)
    except (ValueError, RecursionError) as err:
        raise PuzzleError(f"{name}: not a progress file (not JSON: {str(err)[:80]})") from None
    if not isinstance(body, dict) or body.get("format") != PROGRESS_FORMAT:
        raise PuzzleError(f"{name}: not a progress file saved by the book (*Save my progress to a file*)")
    records = body.get("records")
    record = records.get(RECORD) if isinstance(records, dict) else None
    if record is None:
        return []  # a learner who has not tried a puzzle yet
    if isinstance(record, str):  # a store that kept the record as text
        try:
            record = json.loads(record)
        except ValueError:
            raise PuzzleError(f"{name}: the puzzle trainer's record is not readable") from None
    history = record.get("history") if isinstance(record, dict) else None
    if not isinstance(history, list):
        raise PuzzleError(f"{name}: the puzzle trainer's record has no list of tries")
    found = []
    for entry in history:
        if not isinstance(entry, dict):
            continue
        puzzle, solved, before = entry.get("id"), entry.get("ok"), entry.get("before")
        if not (isinstance(puzzle, str) and 0 < len(puzzle) <= _MAX_ID and isinstance(solved, bool)):
            continue
        if isinstance(before, bool) or not isinstance(before, (int, float)) or not 0 < before < 4000:
            continue
        found.append(Attempt(puzzle, float(before), solved))
    return found


def refine_ratings(ratings: Mapping[str, int], attempts: Iterable[Attempt]) -> dict[str, RefinedRating]:
    """Each puzzle of ``ratings`` (id → rating now) that learners tried, refined from their tries in order;
    tries at puzzles not in ``ratings`` (another bank's) are left out."""
    tries: dict[str, list[tuple[Rating, bool]]] = {}
    for attempt in attempts:
        if attempt.puzzle in ratings:
            tries.setdefault(attempt.puzzle, []).append((Rating(attempt.learner, LEARNER_DEVIATION), attempt.solved))
    refined = {}
    for puzzle, games in tries.items():
        after = refine(Rating(float(ratings[puzzle]), PUZZLE_DEVIATION), games)
        refined[puzzle] = RefinedRating(round(after.rating), round(after.deviation, 1), len(games))
    return refined


def write_ratings(path: Path, refined: Mapping[str, RefinedRating], *, files: int) -> None:
    """The ratings file: ``{"format", "files", "ratings": {id: {"rating", "deviation", "attempts"}}}``."""
    body = {
        "format": RATINGS_FORMAT,
        "files": files,
        "ratings": {key: dataclasses.asdict(value) for key, value in sorted(refined.items())},
    }
    path.write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")


def read_ratings(path: Path) -> dict[str, int]:
    """The refined ratings of a ratings file (id → rating); a :class:`PuzzleError` for a file that is not one."""
    try:
        body = json.loads(path.read_bytes())
    except (OSError, ValueError) as err:
        raise PuzzleError(f"{path}: cannot be read as a ratings file ({err})") from None
    ratings = body.get("ratings") if isinstance(body, dict) and body.get("format") == RATINGS_FORMAT else None
    if not isinstance(ratings, dict):
        raise PuzzleError(f"{path}: not a ratings file (made by `python -m fivehundred_tutor.puzzles refine`)")
    out = {}
    for key, value in ratings.items():
        rating = value.get("rating") if isinstance(value, dict) else None
        if isinstance(rating, int) and not isinstance(rating, bool) and 0 < rating < 4000:
            out[str(key)] = rating
    return out


def with_ratings(puzzles: Sequence[Puzzle], ratings: Mapping[str, int]) -> list[Puzzle]:
    """``puzzles`` with the refined rating of each one ``ratings`` names (the others as they are)."""
    return [dataclasses.replace(p, rating=ratings[p.id]) if p.id in ratings else p for p in puzzles]


def _example_file() -> bytes:
    history = [{"id": "suit-5-7", "ok": False, "before": 1500, "after": 1420, "themes": ["entries"]}]
    record: dict[str, Any] = {"rating": {"rating": 1420}, "history": history, "tries": {}, "streak": {}}
    return json.dumps({"format": PROGRESS_FORMAT, "version": 2, "records": {RECORD: record}}).encode()
