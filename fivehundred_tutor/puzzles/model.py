"""A puzzle as a small immutable value: the position, the answer, its themes and rating.

The position is a deal record (:meth:`Deal.to_dict`) that ends at the decision, so
:attr:`Puzzle.deal` rebuilds it with the engine (a new :class:`Deal` each time: deals are
mutable).  ``values`` holds the solver's figure after every legal action (tricks of the
declaring side; in misère, the declarer's own), ``best`` the actions that keep the best figure.

>>> from fivehundred_tutor.puzzles import load_bank
>>> puzzle = load_bank()[0]
>>> puzzle.deal.to_move == puzzle.seat, puzzle.best <= set(puzzle.deal.legal_actions())
(True, True)
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import Any

from ..actions import Action
from ..deal import Deal
from ..errors import FiveHundredError

__all__ = ["Puzzle", "PuzzleError"]


class PuzzleError(FiveHundredError, ValueError):
    """A puzzle or a bank that cannot be read; the message says why."""


@dataclasses.dataclass(frozen=True)
class Puzzle:
    """One puzzle of the bank.  ``id`` is stable: the kind, the deal's seed and the decision's index."""

    id: str
    kind: str
    record: Mapping[str, Any]
    seat: int
    values: Mapping[str, int]
    best_codes: tuple[str, ...]
    themes: tuple[str, ...]
    rating: int
    lines: Mapping[str, tuple[str, ...]]
    fails: tuple[str, ...] = ()
    depth: int = 0
    level: str = "heuristic"
    heuristic: str = ""
    thumb: tuple[str, str] | None = None
    #: a bidding puzzle's simulation figures (layouts, seed, denomination, make % and tricks); {} for play
    figures: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def deal(self) -> Deal:
        """The position at the decision, the puzzle's seat to move (a fresh deal each time)."""
        return Deal.from_dict(self.record)

    @functools.cached_property
    def best(self) -> frozenset[Action]:
        """The solver's best actions: exactly those that keep the best figure."""
        deal = self.deal
        return frozenset(deal.parse_action(code) for code in self.best_codes)

    @property
    def plies(self) -> int:
        """Actions from the deal's start to the decision (auction, kitty and play)."""
        return len(self.record["actions"])

    def to_dict(self) -> dict[str, Any]:
        out = self._play_dict()
        if self.figures:
            out["figures"] = dict(self.figures)
        return out

    def _play_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "level": self.level,
            "record": dict(self.record),
            "seat": self.seat,
            "values": dict(self.values),
            "best": list(self.best_codes),
            "themes": list(self.themes),
            "rating": self.rating,
            "lines": {k: list(v) for k, v in self.lines.items()},
            "fails": list(self.fails),
            "depth": self.depth,
            "heuristic": self.heuristic,
            "thumb": None if self.thumb is None else list(self.thumb),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Puzzle:
        try:
            thumb = data.get("thumb")
            return cls(
                id=str(data["id"]),
                kind=str(data["kind"]),
                record=data["record"],
                seat=int(data["seat"]),
                values={str(k): int(v) for k, v in data["values"].items()},
                best_codes=tuple(data["best"]),
                themes=tuple(data["themes"]),
                rating=int(data["rating"]),
                lines={str(k): tuple(v) for k, v in data["lines"].items()},
                fails=tuple(data.get("fails", ())),
                depth=int(data.get("depth", 0)),
                level=str(data.get("level", "heuristic")),
                heuristic=str(data.get("heuristic", "")),
                thumb=None if thumb is None else (str(thumb[0]), str(thumb[1])),
                figures=dict(data.get("figures") or {}),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise PuzzleError(f"a puzzle record is damaged ({type(err).__name__}: {err})") from None
