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

from ..deal import PLAY
from ..solver import Solver, best_actions
from .notes import made, note_text
from .record import DealRecord

__all__ = ["annotate", "critical_moments"]


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
            if cost and made(deal, best_value) != made(deal, after):
                mark = "??"
            elif cost:
                mark = "?"
            elif critical and len(best) == 1 and len(values) >= 3:
                mark = "!"
            if mark:
                note["mark"] = mark
            if critical:
                # Words only where the choice mattered; the figures are there for every card.
                note["text"] = note_text(deal, action, note, best)
            out.annotations[index] = note
        deal.push(code)
    return out


def critical_moments(record: DealRecord) -> list[int]:
    """Action indices where the choice mattered (some legal action would have cost a trick)."""
    return [i for i, note in sorted(record.annotations.items()) if note.get("critical")]
