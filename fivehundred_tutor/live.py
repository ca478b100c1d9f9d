"""One dispatcher for every widget request, whichever host answers it.

The widgets' requests ("new question", "judge this answer", "bot's move",
"solve this position", "new deal", "make this student's set") are plain data;
this module routes them to the plain-data handlers by widget family::

    handle(kind, request, state) -> {"reply": {...}, "update": {...}}

Three hosts call it: the JupyterLab kernel (``FhtWidget`` forwards each
``msg:custom`` message here), the book build (the same handlers built the
saved state), and the reader's browser, where ``widgets/live-worker.js`` runs
this package under Pyodide in a Web Worker and calls :func:`handle_json`.
Standard library only; nothing here knows about kernels, traitlets or JavaScript.

>>> handle("quiz", {"type": "hello", "id": "r1"}, {})["reply"]
{'type': 'hello', 'live': True, 'id': 'r1'}
>>> import json
>>> json.loads(handle_json(json.dumps({"kind": "nope", "request": {"type": "x", "id": 2}, "state": {}})))["reply"]["type"]
'error'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["KINDS", "handle", "handle_json", "warm"]


def _problem(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    from .problems import handle_request

    return handle_request(request, state)


def _play(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    from .playdeal import handle_request

    return handle_request(request, state)


def _maker(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    from .exercises.maker import handle_request

    return handle_request(request, state)


_OWN: dict[str, Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]] = {
    "problem": _problem,
    "play": _play,
    "maker": _maker,
}
#: the widget families :func:`handle` answers
KINDS = ("cards", "quiz", "ladder", "replay", *_OWN)


def handle(kind: str, request: Any, state: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one widget request with the package's handlers.  Never raises: problems become an error reply."""
    req_id = request.get("id") if isinstance(request, dict) else None
    try:
        own = _OWN.get(kind)
        if own is None:
            from .widgets.handlers import handle as widget_handle

            return widget_handle(kind, request, state)
        if not isinstance(request, dict):
            raise ValueError(f"a request must be an object like {{'type': 'hello'}}, not {type(request).__name__}")
        result = own(request, dict(state))
    except Exception as err:  # the handlers never raise; this guards the import itself
        result = {"reply": {"type": "error", "error": f"internal error ({type(err).__name__}): {err}"}, "update": {}}
    result["reply"]["id"] = req_id
    result.setdefault("update", {})
    return result


def warm() -> None:
    """Import every handler's modules now (the worker calls this once the engine is up)."""
    from . import playdeal, problems, questions, solver  # noqa: F401
    from .exercises import maker  # noqa: F401
    from .widgets import handlers  # noqa: F401


def handle_json(message: str) -> str:
    """JSON in (``{"kind", "request", "state"}``), JSON out (``{"reply", "update"}``): the Web Worker's entry point."""
    try:
        data = json.loads(message)
        kind, request, state = data["kind"], data["request"], data.get("state") or {}
    except (ValueError, KeyError, TypeError) as err:
        out: dict[str, Any] = {"reply": {"type": "error", "error": f"bad message for the engine: {err}"}, "update": {}}
        return json.dumps(out)
    return json.dumps(handle(str(kind), request, state), ensure_ascii=False)
