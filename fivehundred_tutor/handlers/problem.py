"""Play problems' requests: the learner plays a card, the solver judges it; or starts the problem again."""

from __future__ import annotations

from typing import Any

from ..records.problems import ProblemError, respond, start
from .fields import Handler

__all__ = ["HANDLERS"]


def _play(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """``{"type": "play", "code": "JD"}`` → the solver's verdict and the problem's new state."""
    code = request.get("code")
    if not isinstance(code, str) or not code:
        raise ProblemError("a 'play' request needs 'code', the action code of a legal card")
    result = respond(state.get("state") or {}, code)
    reply = {k: v for k, v in result.items() if k != "state"}
    new = result["state"]
    reply.update({"type": "verdict", "view": new["view"], "legal": new["legal"], "status": new["status"]})
    reply["result"] = new["result"]
    return {"reply": reply, "update": {"state": new}}


def _restart(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """``{"type": "restart"}`` → a fresh start of the same problem."""
    spec = state.get("problem") or (state.get("state") or {}).get("problem")
    if not spec:
        raise ProblemError("restart needs the problem ('problem' in the widget state)")
    fresh = start(spec)
    return {"reply": {"type": "restarted", "view": fresh["view"], "legal": fresh["legal"]}, "update": {"state": fresh}}


HANDLERS: dict[str, Handler] = {"play": _play, "restart": _restart}
