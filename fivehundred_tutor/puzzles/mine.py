"""The miner: bots play seeded deals, the solver values every choice, and a position is kept as a
puzzle when its answer is clear, fair and instructive.

A *job* is one deal: a kind (:data:`~.setups.KINDS`), a seed and the level of the bots that play
it (``"heuristic"`` or ``"sampling"``).  At each decision of the play (every seat's), the miner
keeps the position as a puzzle when

1. there is a real choice: at least two classes of equivalent cards (:mod:`.classes`);
2. the solver's best actions form one class, so every other card loses at least a trick;
3. it is instructive: the heuristic bot, or the rule of thumb for the position (:mod:`.thumb`),
   chooses a card that loses;
4. it is fair: the answer stays best in :data:`ROBUST_LAYOUTS` other layouts of the cards the
   seat cannot see (:mod:`.relayout`), so it can be found from what the seat sees.

Then the solver's line after each class of choice is kept (to the end of the hand), the themes
are detected (:mod:`.themes`), and an initial rating is given (:mod:`.rating`).  At most one
puzzle per trick and :data:`MAX_PER_DEAL` per deal (the highest rated), so a bank is many deals.

Everything is seeded: the same job gives the same puzzles, in any process, on any machine with
the same build (DDS where a position maps to bridge, the compiled search otherwise: they agree,
as the solver's tests show).

>>> puzzles = mine_job(Job("suit", 1))
>>> all(p["best"] and set(p["best"]) <= set(p["values"]) for p in puzzles)
True
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..actions import Action
from ..analysis.sampling_bot import SamplingBot
from ..bots import HeuristicBot
from ..deal import PLAY, Deal
from ..rng import Random, derive_seed
from ..solver import Solver, best_actions, maximises
from .classes import action_classes, class_key
from .lines import best_line, natural_choice, side_running, trick_winners
from .rating import initial_rating
from .relayout import relayouts
from .setups import KINDS, setup_deal
from .themes import Decision, detect_themes
from .thumb import rule_of_thumb

__all__ = ["LEVELS", "MAX_PER_DEAL", "MINE_VERSION", "ROBUST_LAYOUTS", "Job", "consider", "mine_job"]

#: changes whenever what the miner keeps, or how it writes a puzzle, changes (part of the bank's digest)
MINE_VERSION = 1
#: other layouts of the unseen cards in which the answer must stay best
ROBUST_LAYOUTS = 6
#: puzzles kept from one deal at most
MAX_PER_DEAL = 3
#: the bots that play the deals: the heuristic bot, or the sampling bot (double-dummy samples)
LEVELS = ("heuristic", "sampling")


@dataclasses.dataclass(frozen=True)
class Job:
    """One deal to mine: its kind, its seed, and the level of the bots that play it."""

    kind: str
    seed: int
    level: str = "heuristic"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"no puzzle kind {self.kind!r}; kinds are {', '.join(KINDS)}")
        if self.level not in LEVELS:
            raise ValueError(f"the bots' level is one of {', '.join(LEVELS)}, not {self.level!r}")


def _groups(deal: Deal, values: dict[Action, int]) -> dict[tuple[Any, ...], list[Action]]:
    """The mover's choices by class and outcome (the joker's nominations may differ in value)."""
    out: dict[tuple[Any, ...], list[Action]] = {}
    for key, actions in action_classes(deal).items():
        for action in actions:
            out.setdefault((key, values[action]), []).append(action)
    return out


def _depth(deal: Deal, seat: int, best_winners: list[int], wrong_winners: list[int]) -> int:
    """Tricks played before the wrong choice's line falls behind the best one (0: this very trick)."""
    maximise = maximises(deal, seat)
    good, bad = side_running(deal, best_winners, seat), side_running(deal, wrong_winners, seat)
    for i, (g, b) in enumerate(zip(good, bad)):
        if (b < g) if maximise == (not deal.contract.is_misere or seat != deal.declarer) else (b > g):  # type: ignore[union-attr]
            return i
    return max(len(good), len(bad))


def consider(deal: Deal, solver: Solver, rng: Random, *, sampling: SamplingBot | None = None) -> dict[str, Any] | None:
    """The puzzle at ``deal``'s decision, or None when the position is not one (see the module)."""
    seat = deal.to_move
    if deal.phase != PLAY or seat is None or deal.is_nominating:
        return None
    classes = action_classes(deal)
    if len(classes) < 2:
        return None
    values = solver.analyse(deal)
    best = best_actions(deal, values)
    if len({class_key(deal, a) for a in best}) != 1:
        return None
    best_set = frozenset(best)
    heuristic = HeuristicBot().choose(deal)
    thumb = rule_of_thumb(deal)
    fails = []
    if heuristic not in best_set:
        fails.append("heuristic")
    if thumb is not None and thumb.action not in best_set:
        fails.append("thumb")
    if not fails:
        return None
    for other in relayouts(deal, seat, ROBUST_LAYOUTS, rng):
        # a solver of its own: a solver's tables belong to one deal (the 2-player game's table
        # patterns assume the face-down cards stay where they are)
        if not best_set <= set(best_actions(other, Solver().analyse(other))):
            return None
    if sampling is not None and sampling.choose(deal) not in best_set:
        fails.append("sampling")
    groups = _groups(deal, values)
    lines: dict[Action, list[Action]] = {}
    winners: dict[Action, list[int]] = {}
    rep_of: dict[Action, Action] = {}
    for group in groups.values():
        rep = natural_choice(deal, group)
        line = best_line(deal, rep, solver)
        lines[rep] = line
        winners[rep] = trick_winners(deal, line)
        rep_of.update({a: rep for a in group})
    best_rep = rep_of[best[0]]
    wrong = heuristic if heuristic not in best_set else thumb.action  # type: ignore[union-attr]
    depth = _depth(deal, seat, winners[best_rep], winners[rep_of[wrong]])
    decision = Decision(deal, seat, values, best_set, lines, winners)
    themes = detect_themes(decision)
    rating = initial_rating(fails=fails, depth=depth, classes=len(classes), themes=themes)
    record = deal.to_dict()
    return {
        "id": "",  # given by the job (kind, seed, ply)
        "record": record,
        "seat": seat,
        "values": {a.code: v for a, v in values.items()},
        "best": sorted(a.code for a in best_set),
        "lines": {rep.code: [a.code for a in line] for rep, line in lines.items()},
        "themes": list(themes),
        "rating": rating,
        "fails": fails,
        "depth": depth,
        "heuristic": heuristic.code,
        "thumb": None if thumb is None else [thumb.name, thumb.action.code],
    }


def mine_job(job: Job) -> list[dict[str, Any]]:
    """The puzzles of one deal (an empty list when the deal gives none, or is thrown in)."""
    deal = setup_deal(job.kind, job.seed)
    if deal is None:
        return []
    solver = Solver()
    heuristic = HeuristicBot()
    sampler = SamplingBot(seed=job.seed, solver=solver)
    player = sampler if job.level == "sampling" else heuristic
    found: list[dict[str, Any]] = []
    trick_done = -1
    while deal.phase == PLAY:
        ply = len(deal.history)
        if len(deal.tricks) != trick_done:
            rng = Random(derive_seed("puzzle-relayout", job.kind, job.seed, ply))
            puzzle = consider(deal, solver, rng, sampling=sampler)
            if puzzle is not None:
                puzzle["id"] = f"{job.kind}-{job.seed}-{ply}"
                puzzle["kind"] = job.kind
                puzzle["level"] = job.level
                found.append(puzzle)
                trick_done = len(deal.tricks)
        deal.push(player.choose(deal))
    found.sort(key=lambda p: -p["rating"])
    kept = found[:MAX_PER_DEAL]
    kept.sort(key=lambda p: len(p["record"]["actions"]))
    return kept
