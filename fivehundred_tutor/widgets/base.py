"""Shared machinery of the anywidget components.

Where the browser code lives
----------------------------
The front end's sources are ES modules that import each other, in the
repository's ``widgets/src/`` (see ``widgets/README.md``).  anywidget loads a
widget's ``_esm`` as ONE module, so esbuild bundles each widget's entry into one
minified module in ``fivehundred_tutor/widgets/static/`` (build output, not in
git; the wheel ships it): :mod:`fivehundred_tutor.bookbuild.bundles` builds
them, ``python -m fivehundred_tutor.bookbuild.bundles`` from a shell.

A widget class points at its bundle FILE, and anywidget reads it (with
``ANYWIDGET_HMR=1``, JupyterLab reloads the widget when the file changes, e.g.
under ``python -m fivehundred_tutor.bookbuild.bundles --watch``)::

    from fivehundred_tutor.widgets.base import FhtWidget, bundle
    class DealReplay(FhtWidget):
        _esm = bundle("replay.js")        # widgets/src/replay.js and what it imports
        # _css: FhtWidget's bundle("fht.css"); bundle("assignment.css") includes it

The class attribute must be the path itself (not a traitlet): anywidget then
syncs the file's text, so the state saved in a notebook or the built book
carries the whole module.  Importing this module never runs a build: from a
source checkout, bundles missing or older than ``widgets/src`` raise
:class:`~fivehundred_tutor.widgets.bundled.BundleError` naming the command to
run (``python -m fivehundred_tutor.bookbuild.bundles``; bootstrap, the book
build and the test session run it).

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

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from ..cards import Card, parse_cards
from ..i18n import get_language
from ..rules import Rules
from . import bundled

__all__ = [
    "SAFE_INTEGER",
    "STATIC_DIR",
    "FhtWidget",
    "bundle",
    "card_codes",
    "from_front_end",
    "json_safe",
    "rules_from",
    "unsafe_integers",
]

STATIC_DIR = bundled.STATIC_DIR
#: the largest whole number JavaScript's numbers hold exactly (``Number.MAX_SAFE_INTEGER``).  A bigger one (a
#: 63-bit seed of :func:`~fivehundred_tutor.rng.derive_seed`) reaches JupyterLab rounded off, and in JupyterLite
#: (Pyodide hands it over as a ``BigInt``) it stops the widget: "Do not know how to serialize a BigInt".
SAFE_INTEGER = 2**53 - 1

try:  # JupyterLite's Python (Pyodide) hands a JavaScript null in a front end's message over as jsnull, not None
    from pyodide.ffi import jsnull as JSNULL  # type: ignore[import-not-found,unused-ignore]
except ImportError:
    JSNULL = None


def bundle(name: str) -> Path:
    """The built file ``name`` in ``static/`` (``"replay.js"``, ``"fht.css"``), for a class's ``_esm`` / ``_css``."""
    path = STATIC_DIR / name
    if not path.is_file():
        bundled.require_bundles()  # says which are missing and what to run
        raise FileNotFoundError(
            f"the widget bundle {name!r} is missing from {STATIC_DIR}: run `{bundled.BUILD_COMMAND}`"
        )
    return path


# Stale JavaScript would draw this Python's models wrongly: refuse it here, with the command to run
# (the build itself belongs to bootstrap, the book build and the test session, never to an import).
bundled.require_bundles()


def card_codes(cards: Iterable[Card | str] | str) -> list[str]:
    """Cards (objects, codes or text like ``"J♦ 10H"``) as ASCII codes."""
    if isinstance(cards, str):
        return [c.code for c in parse_cards(cards)]
    return [(c if isinstance(c, Card) else Card.parse(c)).code for c in cards]


def rules_from(rules: Rules | str | dict[str, Any] | None) -> Rules:
    """A :class:`Rules` from a Rules, a preset name or a ``to_dict()`` dict (``None``: the default)."""
    if rules is not None and not isinstance(rules, (Rules, str, dict)):
        raise TypeError(f"rules must be a Rules object, a preset name or a dict, not {type(rules).__name__}")
    return Rules.coerce(rules)


def from_front_end(value: Any) -> Any:
    """A front end's message as plain data: in JupyterLite (Pyodide) a ``null`` arrives as ``pyodide.ffi.jsnull``,
    which is not ``None`` (the puzzle trainer's ``"theme": null`` was refused: "no theme jsnull", and the trainer
    fell back on the puzzles saved in the page)."""
    if value is JSNULL:
        return None
    if isinstance(value, dict):
        return {key: from_front_end(item) for key, item in value.items()}
    if isinstance(value, list):
        return [from_front_end(item) for item in value]
    return value


def json_safe(value: Any) -> Any:
    """``value`` (plain data) with every whole number beyond :data:`SAFE_INTEGER` as its decimal text.

    Such numbers are identifiers (seeds): no front end computes with them, and text keeps them exact.

    >>> json_safe({"seed": 2**62, "tricks": [10, 2**53 - 1], "ok": True})
    {'seed': '4611686018427387904', 'tricks': [10, 9007199254740991], 'ok': True}
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value if -SAFE_INTEGER <= value <= SAFE_INTEGER else str(value)
    if isinstance(value, dict):
        return {key: json_safe(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(item) for item in value]
    return value


def unsafe_integers(value: Any, where: str = "") -> list[str]:
    """Where in ``value`` (plain data) a whole number lies beyond :data:`SAFE_INTEGER` (``"deal.seed"``), for checks."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [] if -SAFE_INTEGER <= value <= SAFE_INTEGER else [where or "(the value)"]
    if isinstance(value, dict):
        return [
            f for key, item in value.items() for f in unsafe_integers(item, f"{where}.{key}" if where else str(key))
        ]
    if isinstance(value, (list, tuple)):
        return [f for i, item in enumerate(value) for f in unsafe_integers(item, f"{where}[{i}]")]
    return []


class FhtWidget(anywidget.AnyWidget):  # type: ignore[misc]
    """Base class: shared stylesheet, and forwarding of front-end requests to :mod:`handlers`."""

    _css = bundle("fht.css")
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
        # the language the engine speaks as the widget is made: the front end's words follow it (language.js)
        return {"kind": self._kind, "state": list(self._state_traits), "language": get_language()}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_front_end_message)

    @staticmethod
    def _trait_to_json(x: Any, self: Any) -> Any:
        """What the front end gets of a trait: no whole number JavaScript cannot hold (:func:`json_safe`)."""
        return json_safe(x)

    def handler_state(self) -> dict[str, Any]:
        """The plain-data state the handlers see (a JSON round trip: no traitlets, no shared lists)."""
        state = {name: getattr(self, name) for name in self._state_traits}
        plain: dict[str, Any] = json.loads(json.dumps(state))
        return plain

    def _on_front_end_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        from ..handlers import handle

        result = handle(self._kind, from_front_end(content), self.handler_state())
        for name, value in result.get("update", {}).items():
            if name in self._state_traits:
                setattr(self, name, value)
        self.last_reply = result["reply"]
        self.send(json_safe(result["reply"]))

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Answer ``message`` as if the front end had sent it (for tests and scripts); returns the reply."""
        self._on_front_end_message(self, message)
        return self.last_reply
