"""What every request handler shares: the error it raises and readers for a request's fields.

>>> int_field({"seed": 7}, "seed", 0, 10)
7
>>> str_field({"bid": ""}, "bid")
Traceback (most recent call last):
...
fivehundred_tutor.handlers.fields.RequestError: 'bid' must be a non-empty string, got ''
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import FiveHundredError
from ..rules import Rules

__all__ = ["Handler", "RequestError", "int_field", "rules_field", "str_field"]

#: one request type's handler: (request, state) -> {"reply": {...}, "update": {...}}
Handler = Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]


class RequestError(FiveHundredError, ValueError):
    """A request the handlers cannot answer; the message says what to send instead."""


def int_field(request: Mapping[str, Any], key: str, lo: int, hi: int) -> int:
    """``request[key]`` as a whole number in ``lo..hi``, or a :class:`RequestError` saying what to send."""
    value = request.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"'{key}' must be a whole number, got {value!r}")
    if not lo <= value <= hi:
        raise RequestError(f"'{key}' must be between {lo} and {hi}, got {value}")
    return value


def str_field(request: Mapping[str, Any], key: str) -> str:
    """``request[key]`` as non-empty text."""
    value = request.get(key)
    if not isinstance(value, str) or not value.strip():
        raise RequestError(f"'{key}' must be a non-empty string, got {value!r}")
    return value


def rules_field(request: Mapping[str, Any], example: str) -> Rules:
    """The ``rules`` of a request: a preset name or a dict of options."""
    options = request.get("rules")
    if not isinstance(options, (str, dict)):
        raise RequestError(f"'rules' must be a preset name (e.g. '{example}') or a dict of options")
    return Rules.coerce(options)


def widget_state(state: Mapping[str, Any], key: str, what: str) -> dict[str, Any]:
    """``state[key]``, the dict a widget family keeps its data in, or a clear error."""
    inner = state.get(key)
    if not isinstance(inner, dict):
        raise RequestError(f"this widget has no {what} in its state")
    return inner
