"""What the book's in-browser notebooks run in their Python before the first cell (JupyterLite's Pyodide kernel).

The book build puts this module's source into the kernel's start module
(``lite/kernel/start.mjs``, see :mod:`fivehundred_tutor.bookbuild.litekernel`), which
runs it in a namespace of its own:

- :func:`warm` once per started interpreter, before its memory snapshot is kept (at
  build time in Node, or on a first visit in the browser): the kernel's imports
  (IPython, the widget stack, this package's widgets, the kernel itself) and
  :func:`quick_file_check`;
- :func:`after_restore` after every start from such a snapshot: what a snapshot
  cannot carry (the file system IPython made at start, a fresh random seed).

Nothing here runs in CPython except the tests; nothing decides anything about the game.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from typing import Any

__all__ = [
    "INSTALL",
    "WARM_IMPORTS",
    "after_restore",
    "chapter_imports",
    "could_name_a_file",
    "installed_satisfies",
    "quick_file_check",
    "quick_install",
    "warm",
    "warm_cell_path",
]

#: what the kernel and every chapter import; ``pyodide_kernel`` starts IPython's shell (the kernel's worker
#: imports it again after the start: then a no-op)
WARM_IMPORTS = (
    "IPython",
    "comm",
    "ipywidgets",
    "anywidget",
    "fivehundred_tutor.widgets",
    "micropip",
    "piplite.piplite",
    "pyodide_kernel",
)

#: a file name's extension at the end of a path: ``notes.md``, ``figures/ch-1.png``
_EXTENSION = re.compile(r"\.[A-Za-z0-9_-]{1,10}$")


def could_name_a_file(text: str) -> bool:
    """Whether ``text`` could be a file's path someone passes to ``HTML(...)``, ``Markdown(...)`` or ``Image(...)``.

    IPython's display objects read a file when their text names one that exists, so every
    ``HTML(markup)`` asks the file system first.  In JupyterLite the notebook's folder is the
    browser's storage, reached through the page: each such question costs ~10 ms, a chapter
    asks hundreds.  Markup, several lines or a sentence without a file extension is no path
    anyone means:

    >>> could_name_a_file("figures/ch-1.png"), could_name_a_file("my notes.md"), could_name_a_file("README")
    (True, True, True)
    >>> could_name_a_file("<b>x</b>"), could_name_a_file("**Hearts** are trumps"), could_name_a_file("a\\nb")
    (False, False, False)
    """
    if "\n" in text or "<" in text or ">" in text or len(text) > 4096:
        return False
    return bool(_EXTENSION.search(text)) or not any(c.isspace() for c in text)


def quick_file_check(exists: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """IPython's ``_safe_exists`` that asks the file system only for text that :func:`could_name_a_file`.

    >>> asked = []
    >>> check = quick_file_check(lambda path: asked.append(path) or True)
    >>> check("<b>x</b>"), check("figures/ch-1.png"), check(b"bytes"), asked
    (False, True, True, ['figures/ch-1.png', b'bytes'])
    """

    def _safe_exists(path: Any) -> bool:
        if isinstance(path, str) and not could_name_a_file(path):
            return False
        return exists(path)

    _safe_exists.__doc__ = exists.__doc__
    _safe_exists.__wrapped__ = exists  # type: ignore[attr-defined]
    return _safe_exists


#: the chapters' install cell, as the kernel runs it (``%pip install``: piplite, then micropip)
INSTALL = ["install", "-q", "fivehundred-tutor"]


async def warm(imports: Iterable[tuple[str, Iterable[str]]] = ()) -> None:
    """Import what the kernel needs and what the chapters import (``imports``: each module with the names taken
    from it: this package's widgets are imported on first use), make IPython's file check quick, go once
    through the chapters' install cell (this package is installed: nothing is fetched), whose first run imports
    a good part of micropip, and once through IPython's way of running a cell (before a snapshot, or at an
    ordinary start).

    A learner's first cell otherwise pays for what IPython builds on first use: its session logger and the
    debugger module it imports to run code (0.1-0.4 s, compiled from source in the browser)."""
    import gc
    import importlib

    import IPython.core.display as display

    if not hasattr(display._safe_exists, "__wrapped__"):
        display._safe_exists = quick_file_check(display._safe_exists)
    for name in WARM_IMPORTS:
        importlib.import_module(name)
    for name, attributes in imports:
        try:
            module = importlib.import_module(name)
            for attribute in attributes:
                getattr(module, attribute, None)
        except Exception:  # not in this Python (matplotlib): the chapter's cell says so itself
            continue
    piplite = importlib.import_module("piplite")  # the Pyodide kernel's (not in CPython)
    cli = importlib.import_module("piplite.cli")
    action, kwargs = await cli.get_action_kwargs(INSTALL)
    if action == "install":
        await piplite.install(**kwargs)
    if not hasattr(piplite.install, "__wrapped__"):
        setattr(piplite, "install", quick_install(piplite.install))  # noqa: B010 (a module the checker cannot see)
    installed_satisfies(INSTALL[-1])  # (imports what the quick check needs)
    warm_cell_path()
    gc.collect()


def _site_packages() -> list[str]:
    import sys

    return [p for p in sys.path if p.rstrip("/").endswith("site-packages")]


def installed_satisfies(requirement: str, paths: Iterable[str] | None = None) -> bool:
    """Whether ``requirement`` (a name, maybe with a version range) is met by a distribution installed in the
    site-packages folders ``paths`` (default: those on ``sys.path``).  A wheel's URL (``name @ …/NAME-1.0-….whl``,
    the chapters' install cell) is met by that distribution installed at the wheel's version.  Extras, markers,
    other URLs: no (pip decides).

    >>> installed_satisfies("no-such-distribution-here")
    False
    """
    from importlib import metadata

    from packaging.requirements import InvalidRequirement, Requirement

    try:
        wanted = Requirement(requirement)
    except InvalidRequirement:
        return False
    if wanted.extras or wanted.marker:
        return False
    found = next(iter(metadata.distributions(name=wanted.name, path=list(paths or _site_packages()))), None)
    if found is None:
        return False
    if wanted.url:
        wheel = wanted.url.split("?")[0].split("#")[0].rsplit("/", 1)[-1]
        parts = wheel[: -len(".whl")].split("-") if wheel.endswith(".whl") else []
        same = (
            len(parts) >= 5 and re.sub(r"[-_.]+", "-", parts[0]).lower() == re.sub(r"[-_.]+", "-", wanted.name).lower()
        )
        return same and parts[1] == found.version
    return wanted.specifier.contains(found.version, prereleases=True)


def quick_install(install: Callable[..., Any], paths: Iterable[str] | None = None) -> Callable[..., Any]:
    """piplite's ``install`` (what ``%pip install`` runs in JupyterLite) answering at once when every requirement
    is installed already at a version it allows, as pip says "Requirement already satisfied" (said only when asked
    to be verbose, as micropip does); anything else goes to piplite as it came.

    Why: micropip's own check looks for the distribution in every folder on ``sys.path``, the notebook's folder
    included, which in JupyterLite is the browser's storage reached through the page: during a Run All, while the
    page draws the outputs, that look-up made the chapters' install cell take 0.4 s instead of a few ms.
    ``paths``: the site-packages folders to look in (default: those on ``sys.path`` when called)."""
    import functools

    folders = list(paths) if paths is not None else None

    @functools.wraps(install)
    async def _install(requirements: str | list[str], *args: Any, **kwargs: Any) -> Any:
        plain = not args and not any(kwargs.get(k) for k in ("reinstall", "constraints", "index_urls", "credentials"))
        wanted = [requirements] if isinstance(requirements, str) else list(requirements)
        if plain and wanted and all(installed_satisfies(r, folders) for r in wanted):
            if kwargs.get("verbose"):
                for r in wanted:
                    print(f"Requirement already satisfied: {r}")
            return None
        return await install(requirements, *args, **kwargs)

    return _install


def warm_cell_path() -> None:
    """Run an empty cell silently through IPython (no history, no execution count, no output) and build its
    session logger, so that what a first cell imports and builds is in the snapshot.  No shell: nothing."""
    from IPython import get_ipython

    shell = get_ipython()
    if shell is None:
        return
    shell.logger  # noqa: B018 (a property that builds IPython's session logger on first use)
    shell.run_cell("pass", store_history=False, silent=True)


def chapter_imports(sources: Iterable[str]) -> list[tuple[str, list[str]]]:
    """The modules the code ``sources`` import, each with the names taken from it (for :func:`warm`).

    >>> chapter_imports(["from fivehundred_tutor import Bid, Rules\\nimport json", "from . import x", "%pip list"])
    [('fivehundred_tutor', ['Bid', 'Rules']), ('json', [])]
    """
    import ast

    found: dict[str, set[str]] = {}
    for source in sources:
        try:
            tree = ast.parse(source)
        except SyntaxError:  # IPython syntax (magics): not Python to read
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    found.setdefault(alias.name, set())
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.setdefault(node.module, set()).update(a.name for a in node.names if a.name != "*")
    return [(name, sorted(found[name])) for name in sorted(found)]


def after_restore() -> None:
    """What a memory snapshot does not carry: IPython's profile folders (the file system is not in it), a fresh seed."""
    import random
    import sys

    random.seed()  # every reader's interpreter comes from one snapshot: not one sequence of "random" numbers for all
    kernel = sys.modules.get("pyodide_kernel")
    shell = getattr(kernel, "ipython_shell", None)
    profile = getattr(shell, "profile_dir", None)
    if profile is not None:
        os.makedirs(profile.location, exist_ok=True)
        profile.check_dirs()
