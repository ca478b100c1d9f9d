"""The widgets' built front end: which bundles there are, where, and whether they match their sources.

Standard library only (and the handlers' ``MODEL_VERSION``).  The widget classes read this to refuse
stale code; :mod:`fivehundred_tutor.bookbuild.bundles` reads it to know what to build.  Nothing here
runs Node: a stale or missing bundle is a :class:`BundleError` that names the command to run::

    python -m fivehundred_tutor.bookbuild.bundles       # what bootstrap and the book build run

``static/.bundles-stamp`` holds a digest of everything a build reads (the sources in
``widgets/src``, the npm manifest and lock, the build script and ``MODEL_VERSION``).  In an installed
wheel there are no sources: the bundles it ships are current by definition.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

from ..errors import FiveHundredError
from ..handlers.models import MODEL_VERSION

__all__ = [
    "BUILD_COMMAND",
    "ENTRIES",
    "SOURCE_DIR",
    "STAMP",
    "STATIC_DIR",
    "STYLESHEETS",
    "BundleError",
    "bundle_path",
    "is_fresh",
    "model_version",
    "outputs",
    "require_bundles",
    "source_digest",
    "source_files",
]

PACKAGE_DIR = Path(__file__).resolve().parent.parent
#: the front end's sources (present in a source checkout and the sdist, not in a wheel)
SOURCE_DIR = PACKAGE_DIR.parent / "widgets"
#: where the bundles go (inside the package, so the wheel ships them)
STATIC_DIR = PACKAGE_DIR / "widgets" / "static"
#: the bundled scripts: the one list (widgets/build.mjs gets it as ``--entries``)
ENTRIES = (
    "cardview",
    "quizview",
    "ladder",
    "replay",
    "play",
    "problem",
    "puzzles",
    "assignment",
    "maker",
    "review",
    "evaluator",
    "assignment-page",
    "live-worker",
    "handgrader",
    "coursemap",
)
#: the bundled stylesheets (``--stylesheets``); assignment.css and evaluator.css include fht.css
STYLESHEETS = ("fht", "assignment", "evaluator", "handgrader")
#: the digest of the sources the bundles were built from (written by a build)
STAMP = ".bundles-stamp"
#: the one command that builds them
BUILD_COMMAND = "python -m fivehundred_tutor.bookbuild.bundles"
_BUILD_FILES = ("package.json", "package-lock.json", "build.mjs")


class BundleError(FiveHundredError, RuntimeError):
    """The bundles are missing or stale (and, for a build, cannot be built here)."""


def model_version() -> int:
    """The model layout version the Python side writes (``MODEL_VERSION``), for the bundles to check."""
    return MODEL_VERSION


def source_files(source_dir: Path = SOURCE_DIR) -> list[Path]:
    """Everything a build reads from ``source_dir``, in a fixed order (a file may be missing)."""
    files = sorted(p for p in (source_dir / "src").rglob("*") if p.is_file())
    return files + [source_dir / name for name in _BUILD_FILES]


def source_digest(source_dir: Path = SOURCE_DIR) -> str:
    """A digest of everything a build reads: sources, npm manifest and lock, build script, MODEL_VERSION."""
    digest = hashlib.sha256(f"model-version={model_version()}\n".encode())
    for path in source_files(source_dir):
        digest.update(path.relative_to(source_dir).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() if path.exists() else b"-")
        digest.update(b"\0")
    return digest.hexdigest()


def outputs(static_dir: Path = STATIC_DIR) -> list[Path]:
    """The files a build writes into ``static_dir``."""
    return [static_dir / f"{name}.js" for name in ENTRIES] + [static_dir / f"{name}.css" for name in STYLESHEETS]


def bundle_path(entry: str, static_dir: Path = STATIC_DIR) -> Path:
    """The built file of ``entry``: ``"replay"`` or ``"replay.js"`` (a script), ``"fht.css"`` (a stylesheet).

    >>> bundle_path("replay").name, bundle_path("fht.css").name
    ('replay.js', 'fht.css')
    """
    name = entry if entry.endswith((".js", ".css")) else f"{entry}.js"
    stem, _, suffix = name.rpartition(".")
    known = ENTRIES if suffix == "js" else STYLESHEETS
    if stem not in known:
        raise ValueError(f"no bundle {entry!r}; scripts: {', '.join(ENTRIES)}; stylesheets: {', '.join(STYLESHEETS)}")
    return static_dir / name


def is_fresh(source_dir: Path = SOURCE_DIR, static_dir: Path = STATIC_DIR) -> bool:
    """Are the bundles there, and built from the current sources (always True without sources: a wheel)?"""
    if not all(p.is_file() for p in outputs(static_dir)):
        return False
    if not (source_dir / "src").is_dir():
        return True
    stamp = static_dir / STAMP
    return stamp.is_file() and stamp.read_text(encoding="utf-8").strip() == source_digest(source_dir)


def _newer_than_stamp(source_dir: Path, static_dir: Path) -> list[Path]:
    stamp = static_dir / STAMP
    if not stamp.is_file():
        return source_files(source_dir)
    built = stamp.stat().st_mtime
    return [p for p in source_files(source_dir) if p.exists() and p.stat().st_mtime > built]


def require_bundles(source_dir: Path | None = None, static_dir: Path | None = None) -> None:
    """Raise :class:`BundleError` (naming the command to run) unless the bundles are there and current.

    Cheap when nothing changed (file times only); a source newer than the last build is compared by
    content, so a checkout that only touched the files is not called stale.  The folders default to
    :data:`SOURCE_DIR` and :data:`STATIC_DIR`.
    """
    source_dir = SOURCE_DIR if source_dir is None else source_dir
    static_dir = STATIC_DIR if static_dir is None else static_dir
    missing = [p.name for p in outputs(static_dir) if not p.is_file()]
    has_sources = (source_dir / "src").is_dir()
    if missing:
        fix = f"run `{BUILD_COMMAND}`" if has_sources else "reinstall fivehundred-tutor (its wheel ships them)"
        raise BundleError(f"the widget bundles {', '.join(missing)} are missing from {static_dir}: {fix}")
    if not has_sources:
        return
    changed = _newer_than_stamp(source_dir, static_dir)
    if not changed:
        return
    if is_fresh(source_dir, static_dir):
        with contextlib.suppress(OSError):  # the same content: remember it was checked
            os.utime(static_dir / STAMP)
        return
    newest = max(changed, key=lambda p: p.stat().st_mtime if p.exists() else 0.0)
    where = newest.relative_to(source_dir.parent).as_posix() if (static_dir / STAMP).is_file() else ""
    raise BundleError(
        f"the widget bundles in {static_dir} are older than their sources"
        + (f" ({where} is newer than the last build)" if where else " (never built here)")
        + f": run `{BUILD_COMMAND}`, then import the widgets again (restart the kernel in JupyterLab)"
    )
