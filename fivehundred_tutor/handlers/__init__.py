"""One dispatcher for every widget request, whichever host answers it.

The widgets' requests ("new question", "judge this answer", "bot's move",
"solve this position", "new deal", "make this student's set") are plain data;
this package answers them, one module per widget family::

    handle(kind, request, state) -> {"reply": {...}, "update": {...}}

``kind`` names the family (:data:`KINDS`), ``request`` is the front end's
message (``{"type": ..., "id": ...}``) and ``state`` the widget's plain-data
state.  ``update`` holds new values for state keys (the host applies them);
``reply`` goes back to the front end and always echoes the request's ``id``.
A request the handlers cannot answer gets ``{"type": "error", "error":
"<what to do>"}``: :func:`handle` never raises.  Only a
:class:`~fivehundred_tutor.errors.FiveHundredError` (a bad request, an illegal move, rules that
cannot be) is the request's fault and is answered with its words; any other exception is a bug of
ours: the reply says so, never blaming the learner (``"bug": true``), and it is logged with its
traceback (logger ``fivehundred_tutor.handlers``), not swallowed.

Three hosts call it: the JupyterLab kernel (``FhtWidget`` forwards each
``msg:custom`` message here), the book build (the same handlers built the
saved state), and the reader's browser, where the live worker runs this
package under Pyodide and calls :func:`handle_json`.  Standard library only;
nothing here knows about kernels, traitlets or JavaScript.

>>> handle("quiz", {"type": "hello", "id": "r1"}, {})["reply"]
{'type': 'hello', 'live': True, 'id': 'r1'}
>>> handle("quiz", {"type": "dance", "id": 2}, {"quiz": {}})["reply"]["error"]
"unknown request type 'dance' for a quiz widget; known: answer, hello, new_question, set_rules"
>>> import json
>>> json.loads(handle_json(json.dumps({"kind": "nope", "request": {"type": "x", "id": 2}, "state": {}})))["reply"]["type"]
'error'
"""

from __future__ import annotations

import importlib
import json
import logging
from collections.abc import Mapping
from typing import Any

from ..errors import FiveHundredError
from ..i18n import available_languages, get_language, set_language
from .fields import Handler, RequestError

__all__ = ["KINDS", "Handler", "RequestError", "handle", "handle_json", "warm"]

#: widget family -> the module of this package that answers it (imported on first use)
_FAMILIES = {
    "cards": "cards",
    "quiz": "quiz",
    "ladder": "ladder",
    "replay": "replay",
    "play": "play",
    "playtest": "playtest",
    "problem": "problem",
    "maker": "maker",
    "review": "review",
    "evaluator": "evaluator",
    "puzzles": "puzzles",
}
#: the widget families :func:`handle` answers
KINDS = tuple(_FAMILIES)
_LOG = logging.getLogger(__name__)
_MAX_REQUEST_CHARS = 20_000


def _table(kind: str) -> dict[str, Handler]:
    name = _FAMILIES.get(kind)
    if name is None:
        raise RequestError(f"no widget kind {kind!r}; kinds are {', '.join(sorted(_FAMILIES))}")
    table: dict[str, Handler] = importlib.import_module(f".{name}", __name__).HANDLERS
    return table


def handle(kind: str, request: Any, state: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one widget request.  Never raises: problems become an error reply."""
    req_id = request.get("id") if isinstance(request, dict) else None
    try:
        if not isinstance(request, dict):
            raise RequestError(f"a request must be an object like {{'type': 'hello'}}, not {type(request).__name__}")
        if len(json.dumps(request, default=str)) > _MAX_REQUEST_CHARS:
            raise RequestError("the request is too large")
        rtype = request.get("type")
        if not isinstance(rtype, str):
            raise RequestError("the request has no 'type' (e.g. 'hello', 'answer', 'new_question')")
        if rtype == "hello":
            result: dict[str, Any] = {"reply": {"type": "hello", "live": True}, "update": {}}
        else:
            table = _table(kind)
            fn = table.get(rtype)
            if fn is None:
                known = ", ".join(sorted(["hello", *table]))
                raise RequestError(f"unknown request type {rtype!r} for a {kind} widget; known: {known}")
            result = fn(request, dict(state))
    except FiveHundredError as err:  # the request cannot be answered: say why, in its words
        result = {"reply": {"type": "error", "error": str(err)}, "update": {}}
    except Exception as err:  # a bug of ours: say so (not the learner's mistake), and log it
        _LOG.error("the %s handler failed on a %r request", kind, request.get("type"), exc_info=err)
        text = f"Sorry: the tutor hit a bug, not a mistake of yours ({type(err).__name__}: {err})"
        result = {"reply": {"type": "error", "error": text[:300], "bug": True}, "update": {}}
    result["reply"]["id"] = req_id
    result.setdefault("update", {})
    return result


def warm() -> None:
    """Import every family's module now (the live worker calls this once the engine is up)."""
    for kind in _FAMILIES:
        _table(kind)


def handle_json(message: str) -> str:
    """JSON in (``{"kind", "request", "state", "language"?}``), JSON out (``{"reply", "update"}``): the Web
    Worker's entry point.  ``language`` (the widget's, from its model) is spoken for this request only; an
    unknown one leaves the engine's own."""
    try:
        data = json.loads(message)
        kind, request, state = data["kind"], data["request"], data.get("state") or {}
    except (ValueError, KeyError, TypeError) as err:
        out: dict[str, Any] = {"reply": {"type": "error", "error": f"bad message for the engine: {err}"}, "update": {}}
        return json.dumps(out)
    language = data.get("language") if isinstance(data, dict) else None
    was = get_language()
    if isinstance(language, str) and language in available_languages():
        set_language(language)
    try:
        return json.dumps(handle(str(kind), request, state), ensure_ascii=False)
    finally:
        set_language(was)
