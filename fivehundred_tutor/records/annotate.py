"""Fill a record with double-dummy verdicts for every card and mark the critical moments.

For each action of the play (cards, and joker nominations), ``annotate`` stores::

    {"seat": 1, "value": 8, "after": 7, "best": ["JD", "TD"], "cost": 1,
     "critical": true, "mark": "?", "text": "…"}

``value`` is the solver's figure before the action (tricks the declaring side
ends with; the declarer's own tricks in misère), ``after`` the figure after it,
``best`` the actions keeping the best figure for the player, ``cost`` how many
tricks the action gave away from that player's point of view, ``critical``
whether some legal action would have cost something; ``text`` (a sentence for
the replay) only at critical moments.  Automatic marks: ``??``
when the action turns a made contract into a set one (or back), ``?`` when it
costs a trick, ``!`` for the only good action among several at a critical
moment.  The author's own marks are kept (see ``DealRecord.replay_args``).
"""

from __future__ import annotations

import copy
from typing import Any

from ..deal import PLAY, Deal
from ..solver import DOUBLE_DUMMY_NOTE, Solver, best_actions
from .record import DealRecord

__all__ = ["annotate", "critical_moments"]


def _made(deal: Deal, value: int) -> bool:
    assert deal.contract is not None
    if deal.contract.is_misere:
        return value == 0
    return value >= deal.contract.tricks


def _tricks(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''}"


def _describe(deal: Deal, action_text: str, note: dict[str, Any], best_text: str) -> str:
    assert deal.contract is not None and deal.declarer is not None
    rules = deal.rules
    value, after, cost = note["value"], note["after"], note["cost"]
    misere = deal.contract.is_misere
    who = rules.seat_name(deal.declarer) if misere else rules.side_name(rules.side_of(deal.declarer))
    if misere:
        before_words = (
            f"the declarer ({who}) can keep clear of every trick"
            if value == 0
            else f"the defence can force {who} to take a trick"
        )
    else:
        before_words = f"{who} can take {_tricks(value)}"
    if cost == 0:
        others = f" (as would {best_text})" if best_text else ""
        return f"Double dummy: {before_words}. {action_text} keeps that{others}."
    if misere:
        change = "lets the declarer escape" if after == 0 else "hands the declarer a trick"
        return f"Double dummy: {before_words}. {action_text} {change}; {best_text} was the card."
    flip = ""
    if _made(deal, value) != _made(deal, after):
        flip = " — and the contract with it" if _made(deal, value) else " — enough to make the contract"
    return (
        f"Double dummy: {before_words}. {action_text} costs {_tricks(cost)}{flip}: "
        f"{value} → {after}. Best was {best_text}."
    )


def annotate(record: DealRecord, solver: Solver | None = None) -> DealRecord:
    """A copy of ``record`` with solver verdicts for every action of the play."""
    solver = solver or Solver()
    out = copy.deepcopy(record)
    out.annotations = {}
    deal = record.start_deal()
    for index, code in enumerate(record.actions):
        if deal.phase == PLAY:
            values = solver.analyse(deal)
            seat = deal.to_move
            assert seat is not None
            best = best_actions(deal, values)
            best_value = values[best[0]]
            deal.push(code)
            action = deal.history[-1]
            deal.pop()
            after = values[action]
            cost = abs(best_value - after)
            critical = len(set(values.values())) > 1
            note: dict[str, Any] = {
                "seat": seat,
                "value": best_value,
                "after": after,
                "best": [a.code for a in best],
                "cost": cost,
                "critical": critical,
            }
            mark = None
            if cost and _made(deal, best_value) != _made(deal, after):
                mark = "??"
            elif cost:
                mark = "?"
            elif critical and len(best) == 1 and len(values) >= 3:
                mark = "!"
            if mark:
                note["mark"] = mark
            if critical:
                # Words only where the choice mattered; the figures are there for every card.
                others = [a for a in best if a != action]
                best_text = " or ".join(_words(a) for a in others[:3]) + (" …" if len(others) > 3 else "")
                note["text"] = _describe(deal, _words(action), note, best_text)
                if deal.rules.players == 2:
                    note["text"] += " " + DOUBLE_DUMMY_NOTE
            out.annotations[index] = note
        deal.push(code)
    return out


def _words(action: Any) -> str:
    return str(action)


def critical_moments(record: DealRecord) -> list[int]:
    """Action indices where the choice mattered (some legal action would have cost a trick)."""
    return [i for i, note in sorted(record.annotations.items()) if note.get("critical")]
