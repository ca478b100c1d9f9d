"""How a card, a bid or a deal shows itself, drawn by a module above the engine.

The engine's values answer Jupyter's ``_repr_html_`` (and a deal ``str()``), but the drawing lives in
:mod:`fivehundred_tutor.render`, which imports them.  So the values ask here, and render hands in its
drawers when the package is imported (``fivehundred_tutor/__init__.py`` imports render): the engine
never imports upward, lazily or otherwise.

>>> from fivehundred_tutor import Card
>>> 'aria-label="Jack of diamonds"' in picture(Card.parse("JD"), "html")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

__all__ = ["Form", "draws", "picture"]

#: ``"html"``: Jupyter's rich display; ``"text"``: ``str()``, a picture in plain text
Form = Literal["html", "text"]

_DRAWERS: dict[tuple[type, Form], Callable[[Any], str]] = {}


def draws(kind: type, form: Form, drawer: Callable[[Any], str]) -> None:
    """Let ``drawer`` draw every value of ``kind`` in ``form`` (the last one handed in wins)."""
    _DRAWERS[kind, form] = drawer


def picture(value: object, form: Form) -> str:
    """``value`` drawn in ``form`` by the drawer handed in for its type (or the nearest base class)."""
    for kind in type(value).__mro__:
        drawer = _DRAWERS.get((kind, form))
        if drawer is not None:
            return drawer(value)
    raise LookupError(f"no {form} picture of a {type(value).__name__}: import fivehundred_tutor.render first")
