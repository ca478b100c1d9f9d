"""Playing a level problem on: the learner's next decisions of the same hand, judged by the solver again.

A level problem (:func:`~.sets.level_sets`) starts at its puzzle's decision.  After a best card the other
seats reply with the solver's best answer to *that* card (the same reply every time: :func:`~.lines.natural_choice`
among the solver's best), up to the learner's next turn; that turn is the problem's next *step*, judged like the
first: every class of the learner's cards has the solver's value and the solver's line after it, and the best set is
exactly the solver's best actions.  A turn where every legal card keeps the same value (one card, or cards that
all come to the same) is no decision: the learner's card is played for them, with the replies.  The problem ends at
:data:`MAX_STEPS` decisions, or once no card of the learner's can change the result any more (the rest of the
hand holds no decision: the outcome is settled).

Every step is computed when the book is built (:func:`build`, cached by the bank's digest, the level sets and the
solver's sources, like the bank's own check), and kept in ``data/puzzles/steps.json.gz``: reading it solves
nothing.  Per problem, *nodes*: node 0 is the puzzle itself; every other node is a later decision, reached by the
codes of ``path`` from the puzzle's position, with the solver's ``values``, ``best`` and one ``lines`` entry per class
and value (as the bank keeps them), its ``themes`` and rule of ``thumb``, and ``own``, the solver's own best card.
Each node's ``next`` maps each best card to the replies after it (``replies``: codes, the learner's no-choice cards among them) and the node they lead to
(``node``; None: the problem is over, and ``end`` says why).  A learner who plays another best card of a step gets
that card's own replies: every best card of every step has a branch.

>>> from fivehundred_tutor.puzzles import load_bank
>>> from fivehundred_tutor.puzzles.sets import level_sets
>>> problems = [level_steps()[p.id] for p in level_sets(load_bank())["A"]]
>>> problem = next(p for p in problems if len(p["nodes"]) > 1)
>>> problem["nodes"][0]["path"], all(n["next"] for n in problem["nodes"]), problem["nodes"][1]["depth"]
([], True, 2)
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import heapq
import json
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from ..actions import Action
from ..deal import PLAY, Deal
from ..solver import Solver, best_actions
from .bank import load_bank, solver_digest
from .classes import action_classes
from .lines import best_line, natural_choice, trick_winners
from .model import Puzzle, PuzzleError
from .sets import LEVELS, level_sets
from .themes import Decision, detect_themes
from .thumb import rule_of_thumb

__all__ = [
    "MAX_NODES",
    "MAX_STEPS",
    "STEPS_FORMAT",
    "STEPS_PATH",
    "STEPS_VERSION",
    "build",
    "check_problem",
    "level_steps",
    "problem_steps",
    "steps_key",
    "stored_key",
]

#: changes whenever what a step holds, or how the steps are found, changes (part of the cache key)
STEPS_VERSION = 2
#: the learner's decisions in one problem, at most (the first one, the puzzle's, included)
MAX_STEPS = 4
#: the decisions a problem keeps, at most, over all its branches (each best card of a step leads somewhere else): the
#: solver's own way first, then the others while there is room (a page carries every one of them)
MAX_NODES = 6
STEPS_FORMAT = "fivehundred-level-steps/1"
STEPS_PATH = Path(__file__).resolve().parent.parent / "data" / "puzzles" / "steps.json.gz"

#: the end of a problem: no decision is left in the hand, or the problem has its decisions
ENDS = ("hand", "steps")


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _judge(deal: Deal, solver: Solver) -> dict[str, Any]:
    """The solver's figures at a decision, as the bank keeps a puzzle's: every legal action's value, the best ones,
    the line after one action of each class and value (:func:`~.lines.natural_choice`), the themes and the rule of
    thumb."""
    seat = deal.to_move
    assert seat is not None
    values = solver.analyse(deal)
    best = best_actions(deal, values)
    groups: dict[tuple[Any, ...], list[Action]] = {}
    for key, actions in action_classes(deal).items():
        for action in actions:
            groups.setdefault((key, values[action]), []).append(action)
    lines: dict[Action, list[Action]] = {}
    winners: dict[Action, list[int]] = {}
    for group in groups.values():
        rep = natural_choice(deal, group)
        lines[rep] = best_line(deal, rep, solver)
        winners[rep] = trick_winners(deal, lines[rep])
    themes = detect_themes(Decision(deal, seat, values, frozenset(best), lines, winners))
    thumb = rule_of_thumb(deal)
    return {
        "values": {a.code: v for a, v in values.items()},
        "best": sorted(a.code for a in best),
        "lines": {rep.code: [a.code for a in line] for rep, line in lines.items()},
        "themes": list(themes),
        "thumb": None if thumb is None else [thumb.name, thumb.action.code],
    }


def _decides(deal: Deal, values: dict[Action, int]) -> bool:
    """Whether a card of the mover's can be wrong here (some legal action keeps less than the best figure)."""
    return len(set(values.values())) > 1


def _play_on(deal: Deal, seat: int, solver: Solver) -> tuple[list[Action], str | None]:
    """From ``deal`` (just after the learner's card) the solver's replies up to the learner's next decision: the
    actions played, and None (a decision is next: ``deal`` is left there) or why the problem ends."""
    played: list[Action] = []
    while True:
        if deal.phase != PLAY:
            return played, "hand"
        values = solver.analyse(deal)
        if deal.to_move == seat and _decides(deal, values):
            return played, None
        pick = natural_choice(deal, best_actions(deal, values))
        deal.push(pick)
        played.append(pick)


def problem_steps(puzzle: Puzzle, solver: Solver | None = None) -> dict[str, Any]:
    """Every step of one level problem (see the module): ``{"id", "nodes": [...]}``.  A bidding or kitty puzzle is
    one decision: its one node has no ``next``.  Node 0 keeps no figures of its own: they are the puzzle's.

    The solver's own card at each step (:func:`~.lines.natural_choice` among the best) is followed first; another
    best card gets steps of its own while the problem has fewer than :data:`MAX_NODES` nodes, and after that ends the
    problem (solved: the card was best)."""
    nodes: list[dict[str, Any]] = [{"path": [], "depth": 1, "next": {}}]
    if puzzle.figures or puzzle.deal.phase != PLAY:
        return {"id": puzzle.id, "nodes": nodes}
    solver = solver or Solver()
    seat = puzzle.seat
    where: dict[tuple[str, ...], int] = {(): 0}
    # edges still to follow: (cards off the solver's own way so far, order found, node, card)
    todo: list[tuple[int, int, int, str]] = []
    found = 0

    def add_edges(index: int, deal: Deal, best: Sequence[str], off: int) -> None:
        nonlocal found
        natural = natural_choice(deal, [deal.parse_action(code) for code in best]).code
        nodes[index]["own"] = natural
        for code in sorted(best, key=lambda c: c != natural):
            heapq.heappush(todo, (off + (code != natural), found, index, code))
            found += 1

    add_edges(0, puzzle.deal, puzzle.best_codes, 0)
    while todo:
        off, _order, index, code = heapq.heappop(todo)
        node = nodes[index]
        deal = puzzle.deal
        for done in node["path"]:
            deal.push(deal.parse_action(done))
        deal.push(deal.parse_action(code))
        replies, end = _play_on(deal, seat, solver)
        path = (*node["path"], code, *(a.code for a in replies))
        step: dict[str, Any] = {"replies": [a.code for a in replies], "node": None}
        if end is None and (node["depth"] >= MAX_STEPS or (path not in where and len(nodes) >= MAX_NODES)):
            end = "steps"
        if end is None:
            if path not in where:
                where[path] = len(nodes)
                judged = _judge(deal, solver)
                nodes.append({"path": list(path), "depth": node["depth"] + 1, **judged, "next": {}})
                add_edges(where[path], deal, judged["best"], off)
            step["node"] = where[path]
        else:
            step["end"] = end
        node["next"][code] = step
    for node in nodes:
        node["next"] = dict(sorted(node["next"].items()))
    return {"id": puzzle.id, "nodes": nodes}


def check_problem(puzzle: Puzzle, problem: dict[str, Any], *, sample: Iterable[int] | None = None) -> list[str]:
    """What is wrong with a problem's steps (empty: each checked node is exactly as the solver says): a node's
    position, values, best set (exactly the solver's best, every best card with a branch) and replies, solved again.
    ``sample``: the nodes to check (all by default)."""
    out = []
    nodes = problem["nodes"]
    seat = puzzle.seat
    if puzzle.figures or puzzle.deal.phase != PLAY:
        # a bidding or kitty puzzle: one decision, nothing after it
        return [] if [n["next"] for n in nodes] == [{}] else [f"{puzzle.id}: a call or a discard has no later steps"]
    for index in range(len(nodes)) if sample is None else sample:
        node = nodes[index]
        solver = Solver()
        deal = puzzle.deal
        try:
            for code in node["path"]:
                deal.push(deal.parse_action(code))
        except Exception as err:
            out.append(f"{puzzle.id} node {index}: its path cannot be played ({err})")
            continue
        if deal.to_move != seat:
            out.append(f"{puzzle.id} node {index}: the seat to move is {deal.to_move}, not the learner's {seat}")
            continue
        values = solver.analyse(deal)
        best = sorted(a.code for a in best_actions(deal, values))
        if index:
            if {a.code: v for a, v in values.items()} != node["values"]:
                out.append(f"{puzzle.id} node {index}: the solver's values changed")
            if best != sorted(node["best"]):
                out.append(f"{puzzle.id} node {index}: the best actions are {best}, not {sorted(node['best'])}")
            if not _decides(deal, values):
                out.append(f"{puzzle.id} node {index}: no card can be wrong here: not a decision")
        elif best != sorted(puzzle.best_codes):
            out.append(f"{puzzle.id} node 0: the best actions are {best}, not the puzzle's")
        if sorted(node["next"]) != best:
            out.append(
                f"{puzzle.id} node {index}: its branches are {sorted(node['next'])}, not the best actions {best}"
            )
        for code, step in node["next"].items():
            if code not in best:
                continue
            deal.push(deal.parse_action(code))
            replies, end = _play_on(deal, seat, solver)
            if [a.code for a in replies] != step["replies"]:
                out.append(f"{puzzle.id} node {index} after {code}: the replies are {[a.code for a in replies]}")
            elif step["node"] is None and step.get("end") != (end or "steps"):
                out.append(f"{puzzle.id} node {index} after {code}: the problem ends otherwise ({end or 'a decision'})")
            elif step["node"] is not None and end is not None:
                out.append(f"{puzzle.id} node {index} after {code}: no decision follows ({end})")
            elif step["node"] is not None and nodes[step["node"]]["path"] != [
                *node["path"],
                code,
                *step["replies"],
            ]:
                out.append(f"{puzzle.id} node {index} after {code}: it leads to the wrong node")
            for _ in range(len(replies) + 1):
                deal.pop()
    return out


def _level_puzzles() -> list[Puzzle]:
    sets = level_sets(load_bank())
    return [p for name in LEVELS for p in sets[name]]


def steps_key(puzzles: Sequence[Puzzle]) -> str:
    """The cache key of the steps file: the problems (their bank records), the solver's sources and this module's
    version."""
    digest = hashlib.sha256()
    digest.update(f"{STEPS_VERSION} {MAX_STEPS} {MAX_NODES} {solver_digest()}".encode())
    for p in puzzles:
        digest.update(_canonical(p.to_dict()))
    return digest.hexdigest()


def _body() -> dict[str, Any] | None:
    try:
        body = json.loads(gzip.decompress(STEPS_PATH.read_bytes()))
    except (OSError, ValueError):
        return None
    return body if isinstance(body, dict) and body.get("format") == STEPS_FORMAT else None


def stored_key() -> str | None:
    """The cache key the steps file was written for (None: no file, or not of this format)."""
    body = _body()
    return None if body is None else str(body.get("key"))


def build(*, force: bool = False, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Work out every level problem's steps unless the file records this key (the cache); returns the file's head."""
    puzzles = _level_puzzles()
    key = steps_key(puzzles)
    body = _body()
    if not force and body is not None and body.get("key") == key:
        log(f"level steps up to date: {len(body['problems'])} problems (key {key[:12]})")
        return {k: v for k, v in body.items() if k != "problems"}
    start = time.time()
    problems = {p.id: problem_steps(p) for p in puzzles}
    nodes = [len(problem["nodes"]) for problem in problems.values()]
    body = {
        "format": STEPS_FORMAT,
        "key": key,
        "count": len(problems),
        "nodes": sum(nodes),
        "seconds": round(time.time() - start, 1),
        "problems": problems,
    }
    STEPS_PATH.parent.mkdir(parents=True, exist_ok=True)
    STEPS_PATH.write_bytes(gzip.compress(_canonical(body), compresslevel=9, mtime=0))
    _read.cache_clear()
    log(f"level steps: {sum(nodes)} decisions in {len(problems)} problems ({body['seconds']} s)")
    return {k: v for k, v in body.items() if k != "problems"}


@functools.cache
def _read() -> dict[str, dict[str, Any]]:
    body = _body()
    if body is None:
        raise PuzzleError(f"the level steps {STEPS_PATH} are missing: run `python -m fivehundred_tutor.puzzles build`")
    problems: dict[str, dict[str, Any]] = body["problems"]
    return problems


def level_steps() -> dict[str, dict[str, Any]]:
    """Every level problem's steps by puzzle id (read once per process; nothing is solved)."""
    return _read()
