"""Play problems' requests: the learner plays a card and the solver judges it; takes the card back;
asks for a hint (a principle, then the card); or starts the problem again."""

from __future__ import annotations

from typing import Any

from ..records.problems import ProblemError, hint, respond, start, takeback
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
    reply["prompt"] = new["prompt"]
    return {"reply": reply, "update": {"state": new}}


def _restart(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """``{"type": "restart"}`` → a fresh start of the same problem."""
    spec = state.get("problem") or (state.get("state") or {}).get("problem")
    if not spec:
        raise ProblemError("restart needs the problem ('problem' in the widget state)")
    fresh = start(spec)
    reply = {"type": "restarted", "view": fresh["view"], "legal": fresh["legal"], "prompt": fresh["prompt"]}
    return {"reply": reply, "update": {"state": fresh}}


def _takeback(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """``{"type": "takeback"}`` → the problem as it was before the learner's last card."""
    back = takeback(state.get("state") or {})
    reply = {"type": "taken-back", "view": back["view"], "legal": back["legal"], "status": back["status"]}
    reply["prompt"] = back["prompt"]
    return {"reply": reply, "update": {"state": back}}


def _hint(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """``{"type": "hint"}`` → ``{"principle": …, "answer": …}`` for the learner's turn."""
    return {"reply": {"type": "hint", **hint(state.get("state") or {})}}


HANDLERS: dict[str, Handler] = {"play": _play, "restart": _restart, "takeback": _takeback, "hint": _hint}
