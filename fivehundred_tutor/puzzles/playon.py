"""A level problem played on, in words: each later decision as a puzzle card, and what the other seats reply.

The steps were worked out when the book was built (:mod:`.steps`); here each one becomes what the trainer draws:
a later decision is a card made by :func:`~.words.puzzle_card` itself (the seat's view, every class's verdict and the
solver's line after it), without the fields that name the problem and the table (the problem's own card has them).
After each best card, the replies as tricks and in words, and the step they lead to (or why the problem ends).
Nothing is solved here.

>>> from fivehundred_tutor.puzzles import load_bank
>>> from fivehundred_tutor.puzzles.sets import level_sets
>>> from fivehundred_tutor.puzzles.steps import level_steps
>>> puzzle = level_sets(load_bank())["A"][0]
>>> nodes = play_on(puzzle, level_steps()[puzzle.id])["nodes"]
>>> nodes[0]["depth"], all(step["words"] for node in nodes for step in node["next"].values())
(1, True)
"""

from __future__ import annotations

from typing import Any

from ..actions import Action
from ..deal import Deal
from ..i18n import gettext as _
from ..i18n import ngettext
from .cardhead import card_head
from .model import Puzzle
from .words import line_tricks, puzzle_card, replay_line, trick_words

__all__ = ["play_on"]

#: a card's fields that name the problem and the table: the same at every step (the problem's card has them)
_SHARED = (
    "side_names",
    "declarer",
    "contract",
    "contract_label",
    "trump_suit",
    "decision",
    "auction",
    "calls",
)


def _total(nodes: list[dict[str, Any]], index: int) -> int:
    """The decisions of a problem on its natural way through node ``index`` (the solver's own best card each time)."""
    node = nodes[index]
    while node["next"]:
        nxt = node["next"][node["own"]]["node"]
        if nxt is None:
            break
        node = nodes[nxt]
    return int(node["depth"])


def _end_words(end: str, depth: int) -> str:
    """Why a problem played on ends once the learner's ``depth``-th card was best: no card of theirs changes the result
    any more (``"hand"``), or the problem has its decisions (``"steps"``)."""
    if end == "steps":
        return ngettext(
            "Solved: your card was the best. The rest of the hand is in the best line.",
            "Solved: all {n} of your cards were the best. The rest of the hand is in the best line.",
            depth,
        ).format(n=depth)
    return ngettext(
        "Solved: your card was the best, and no card of yours can change the result any more.",
        "Solved: all {n} of your cards were the best, and no card of yours can change the result any more.",
        depth,
    ).format(n=depth)


def _end_reason(end: str) -> str:
    """Why the problem ends here, without saying it is solved (a learner who missed a card on the way reads it)."""
    if end == "steps":
        return _("The problem ends here: the rest of the hand is in the best line.")
    return _("The problem ends here: no card of yours can change the result any more.")


def play_on(puzzle: Puzzle, problem: dict[str, Any]) -> dict[str, Any]:
    """The steps of a level problem as the trainer draws them: ``{"nodes": [...]}``; node 0 is the problem's own card
    (only its ``depth``, ``total`` and ``next`` here), every other node a card of its own (without the shared
    fields).  ``next`` maps each best card to ``{"tricks", "words", "node", "end", "why"}``: the replies as tricks (from
    the trick on the table) and in words, the node they lead to (None: solved, and ``end`` says so; ``why`` says why it
    ends there, for a learner who missed a card on the way)."""
    nodes = problem["nodes"]
    seat = puzzle.seat
    out: list[dict[str, Any]] = []
    head = set(card_head(puzzle, puzzle.deal.rules, seat)) - {"themes", "theme_names"}
    for index, node in enumerate(nodes):
        deal = puzzle.deal
        replay = replay_line(deal, node["path"])
        for action in replay:
            deal.push(action)
        card: dict[str, Any] = {}
        if index:
            step = Puzzle(
                id=puzzle.id,
                kind=puzzle.kind,
                record=deal.to_dict(),
                seat=seat,
                values=node["values"],
                best_codes=tuple(node["best"]),
                themes=tuple(node["themes"]) or puzzle.themes,
                rating=puzzle.rating,
                lines={k: tuple(v) for k, v in node["lines"].items()},
                thumb=None if node["thumb"] is None else (str(node["thumb"][0]), str(node["thumb"][1])),
            )
            full = puzzle_card(step)
            card = {k: v for k, v in full.items() if k not in head and k not in _SHARED}
        nexts: dict[str, Any] = {}
        for code, after in node["next"].items():
            line = replay_line(deal, [code, *after["replies"]])
            tricks = line_tricks(deal, line)
            if after["node"] is None:
                # the problem is over: the trick the learner's card went to is enough (the best line shows the rest)
                tricks = tricks[:1]
            words = [trick_words(deal, t) for t in tricks]
            shown = sum(len(t["plays"]) for t in tricks) - len(deal.trick)
            if seat in _movers(deal, line)[1:shown]:
                words.append(_("Your cards that make no difference are played for you."))
            nexts[code] = {
                "tricks": tricks,
                "words": " ".join(words),
                "node": after["node"],
                "end": "" if after["node"] is not None else _end_words(after["end"], node["depth"]),
                "why": "" if after["node"] is not None else _end_reason(after["end"]),
            }
        card.update({"depth": node["depth"], "total": _total(nodes, index), "next": nexts})
        out.append(card)
    return {"nodes": out}


def _movers(deal: Deal, line: list[Action]) -> list[int | None]:
    """Who plays each action of ``line`` (pushed from ``deal``, which is left as it was)."""
    out: list[int | None] = []
    try:
        for action in line:
            out.append(deal.to_move)
            deal.push(action)
    finally:
        for _i in range(len(out)):
            deal.pop()
    return out
