"""PlayProblem: the learner plays one seat of a problem deal; the solver answers for the others.

In the built book (no kernel) the widget uses the verdicts :func:`~fivehundred_tutor.handlers.problem.precompute`
stored in its model, along the recorded line.  In JupyterLab each card goes to
the ``problem`` family of :mod:`fivehundred_tutor.handlers`: the other seats answer with the
solver and, on declarer problems, the defenders' unseen cards may be rearranged.

>>> w = PlayProblem({"library": "10-ending-name-the-suit"})
>>> w.model["steps"][0]["choices"]["JK:S"]["verdict"], w.state["status"]
('best', 'your-turn')
>>> w.request({"type": "play", "code": "JK:C"})["verdict"]
'mistake'
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..handlers.problem import precompute, start
from .base import FhtWidget, bundle

__all__ = ["PlayProblem"]


class PlayProblem(FhtWidget):
    """A play problem: ``PlayProblem({"library": NAME})`` or ``PlayProblem({"record": data, "seat": 2})``."""

    _esm = bundle("problem.js")
    _kind = "problem"
    _state_traits = ("state", "problem")

    #: precomputed steps for the kernel-less book (see ``problems.precompute``)
    model = traitlets.Dict().tag(sync=True)
    #: the live state (``problems.start`` / ``respond``) used when a kernel answers
    state = traitlets.Dict().tag(sync=True)
    problem = traitlets.Dict().tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)

    def __init__(self, problem: dict[str, Any], *, four_colour: bool = False, **kwargs: Any) -> None:
        data = precompute(problem)
        live = start(problem)
        data["version"] = 1
        data["seat_name"] = live["view"]["seat_name"]
        data["contract"] = live["view"]["contract"]
        data["contract_label"] = live["view"]["contract_label"]
        data["seat_names"] = list(_seat_names(live))
        super().__init__(model=data, state=live, problem=problem, four_colour=four_colour, **kwargs)


def _seat_names(state: dict[str, Any]) -> tuple[str, ...]:
    """The seats' names in the reader's language (the status line and the trick's captions show them)."""
    from ..records.record import DealRecord

    rules = DealRecord.from_dict(state["record"]).rules
    return tuple(rules.local_seat_name(s) for s in range(rules.players))
