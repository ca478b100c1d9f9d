"""Shared machinery of the anywidget components.

Where the browser code lives
----------------------------
The ES modules and the stylesheet are in the repository's ``widgets/`` folder.
``fivehundred_tutor/widgets/static`` is a symbolic link to it, so an editable
install reads the files in place and a wheel copies them into
``fivehundred_tutor/widgets/static/`` (see ``[tool.setuptools.package-data]``).

One module per widget, one shared card module
---------------------------------------------
anywidget loads a widget's ``_esm`` as ONE module (relative imports resolve
neither in JupyterLab nor in the HTML manager of the built book), so every
widget's module is built here by concatenation::

    from fivehundred_tutor.widgets.base import esm_bundle, css_bundle
    _esm = esm_bundle("replay.js")          # cards.js + replay.js
    _css = css_bundle()                     # fht.css

Other packages' widgets (assignments, play problems) reuse the shared card
module the same way, passing their own file as a path::

    _esm = esm_bundle(Path(__file__).with_name("assignment.js"))

The shared module ``widgets/cards.js`` provides, all prefixed ``fht``:
``fhtCard(code)`` (display facts and the spoken name "Jack of diamonds"),
``fhtCardEl(code, {button, onClick, faceDown, highlight, dim, small})``,
``fhtCardRow(codes, {label, button, onClick, highlight})``, ``fhtEl(tag, attrs,
...children)``, ``fhtRoot(el, kind, {fourColour, label})``, ``fhtSafe(el,
kind, draw)`` (a readable error instead of a blank widget), ``fhtExpect``,
``fhtRoving(container)`` (arrow keys among buttons), ``fhtLive(root)``
(aria-live region) and ``fhtRequest(model, message)`` (request/reply with the
Python side; resolves ``null`` when no kernel answers, as in the book).
Write your module with ``export default { render({ model, el }) { ... } }``
and no ``import`` statements.

Messages
--------
:class:`FhtWidget` forwards every ``msg:custom`` message to
:func:`fivehundred_tutor.handlers.handle` (which routes it to
:func:`fivehundred_tutor.handlers.handle` or the family's handler) with the widget's plain-data
state, applies the ``update`` the handler returns to the traitlets and sends
the ``reply`` back (echoing the request's ``id``).  Nothing raised by a
handler reaches the kernel log: it becomes ``{"type": "error", ...}``.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from ..bids import Bid, Pass
from ..cards import Card, parse_cards
from ..rules import Rules

__all__ = ["STATIC_DIR", "FhtWidget", "asset_text", "card_codes", "css_bundle", "esm_bundle", "rules_from"]

STATIC_DIR = Path(__file__).resolve().parent / "static"
SHARED_MODULE = "cards.js"
STYLESHEET = "fht.css"


def _asset_path(name: str | Path) -> Path:
    path = Path(name)
    if not path.is_absolute():
        path = STATIC_DIR / path
    if not path.is_file():
        raise FileNotFoundError(
            f"widget asset {str(name)!r} not found in {path.parent}; reinstall fivehundred-tutor "
            "(the wheel ships widgets/*.js and *.css inside fivehundred_tutor/widgets/static)"
        )
    return path


def asset_text(name: str | Path) -> str:
    """The text of a file in ``widgets/`` (or of an absolute path)."""
    return _asset_path(name).read_text(encoding="utf-8")


@functools.lru_cache(maxsize=32)
def _bundle(names: tuple[str, ...]) -> str:
    parts = []
    for name in names:
        parts.append(f"/* ---- {Path(name).name} ---- */\n{asset_text(name)}")
    return "\n".join(parts)


def esm_bundle(*modules: str | Path) -> str:
    """The shared card module followed by ``modules`` (file names in ``widgets/`` or paths), as one ES module."""
    return _bundle((SHARED_MODULE, *(str(m) for m in modules)))


def css_bundle(*extra: str | Path) -> str:
    """The shared stylesheet, plus any extra stylesheets."""
    return _bundle((STYLESHEET, *(str(m) for m in extra)))


def card_codes(cards: Iterable[Card | str] | str) -> list[str]:
    """Cards (objects, codes or text like ``"J♦ 10H"``) as ASCII codes."""
    if isinstance(cards, str):
        return [c.code for c in parse_cards(cards)]
    return [(c if isinstance(c, Card) else Card.parse(c)).code for c in cards]


def rules_from(rules: Rules | str | dict[str, Any] | None) -> Rules:
    """A :class:`Rules` from a Rules, a preset name or a ``to_dict()`` dict (``None``: the default)."""
    if rules is None:
        return Rules()
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules.preset(rules)
    if isinstance(rules, dict):
        return Rules.from_dict(rules)
    raise TypeError(f"rules must be a Rules object, a preset name or a dict, not {type(rules).__name__}")


def call_code(call: Bid | Pass) -> str:
    return call.code


class FhtWidget(anywidget.AnyWidget):  # type: ignore[misc]
    """Base class: shared stylesheet, and forwarding of front-end requests to :mod:`handlers`."""

    _css = traitlets.Unicode(css_bundle()).tag(sync=True)
    #: handler family in :mod:`handlers` ("quiz", "ladder", "replay", "cards")
    _kind: ClassVar[str] = ""
    #: traitlets passed to the handler as its ``state`` (plain data)
    _state_traits: ClassVar[tuple[str, ...]] = ()

    #: the last reply sent to the front end (for a learner's code, and for tests)
    last_reply = traitlets.Dict({}).tag(sync=False)
    #: handler family and state traits, for the in-browser host (the live book answers requests itself)
    _fht_host = traitlets.Dict({}).tag(sync=True)

    @traitlets.default("_fht_host")
    def _default_fht_host(self) -> dict[str, Any]:
        return {"kind": self._kind, "state": list(self._state_traits)}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_front_end_message)

    def handler_state(self) -> dict[str, Any]:
        """The plain-data state the handlers see (a JSON round trip: no traitlets, no shared lists)."""
        state = {name: getattr(self, name) for name in self._state_traits}
        plain: dict[str, Any] = json.loads(json.dumps(state))
        return plain

    def _on_front_end_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        from ..handlers import handle

        result = handle(self._kind, content, self.handler_state())
        for name, value in result.get("update", {}).items():
            if name in self._state_traits:
                setattr(self, name, value)
        self.last_reply = result["reply"]
        self.send(result["reply"])

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Answer ``message`` as if the front end had sent it (for tests and scripts); returns the reply."""
        self._on_front_end_message(self, message)
        return self.last_reply
