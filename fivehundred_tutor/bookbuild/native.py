"""Compile the engine core and the solver's search with mypyc (see :mod:`fivehundred_tutor.native`
and :mod:`fivehundred_tutor.solver.native`).

    python -m fivehundred_tutor.bookbuild.native            # compile (skipped when up to date)
    python -m fivehundred_tutor.bookbuild.native --force    # compile again
    python -m fivehundred_tutor.bookbuild.native --status   # which engine and search run, and why

The engine core (cards, bids, rules, actions, deal) is compiled under its own module names into
:data:`~fivehundred_tutor.native.ENGINE_DIR` (:func:`build_engine`); the solver's search as
follows.

Both README commands run it after the install (``bootstrap``).  It copies the package's
Python files into a scratch folder, puts copies of the compiled modules into the package
they will be imported as (:data:`~fivehundred_tutor.solver.native.PACKAGE`, their relative
imports shifted one level), runs mypyc there and keeps only the extension modules and a
digest of what they were built from.  No compiler, no mypy: a message, and the solver runs
its Python search.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Callable
from pathlib import Path

from .. import native as engine_native
from ..solver.native import COMPILED, DIGEST_FILE, NATIVE_DIR, PACKAGE, source_digest, status

__all__ = ["build", "build_engine", "main", "shifted"]

SOLVER = Path(__file__).resolve().parents[1] / "solver"


def shifted(source: str) -> str:
    """A module's source as a member of :data:`PACKAGE`: relative imports of anything but the
    other compiled modules reach one package further up (``from ..deal`` → ``from ...deal``)."""
    lines = source.splitlines(keepends=True)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level and not (node.level == 1 and node.module in COMPILED):
            i = node.lineno - 1
            text = lines[i]
            col = text.index("from") + len("from ")
            lines[i] = text[:col] + "." + text[col:]
    return "".join(lines)


def build(directory: Path = NATIVE_DIR, *, force: bool = False, quiet: bool = False) -> bool:
    """Compile the search into ``directory`` (skipped when the build there is current).

    True when a current compiled search is there afterwards.  Needs mypy (its mypyc) and a C
    compiler with this Python's headers; without them it says so and returns False: the
    solver then runs the Python search, only slower.
    """

    def sources(work: Path) -> list[Path]:
        # the compiled modules' copies in the package they will live in
        target = work / Path(*PACKAGE.split("."))
        target.mkdir()
        (target / "__init__.py").write_text('"""The solver\'s search, compiled by mypyc."""\n', encoding="utf-8")
        for name in COMPILED:
            (target / f"{name}.py").write_text(
                shifted((SOLVER / f"{name}.py").read_text(encoding="utf-8")), encoding="utf-8"
            )
        return [target / f"{name}.py" for name in COMPILED]

    return _compile("the solver's search", sources, directory, source_digest(), DIGEST_FILE, force=force, quiet=quiet)


def build_engine(directory: Path = engine_native.ENGINE_DIR, *, force: bool = False, quiet: bool = False) -> bool:
    """Compile the engine core into ``directory`` (skipped when the build there is current).

    True when a current compiled engine is there afterwards; without mypyc or a C compiler it
    says so and returns False: the engine then runs as plain Python, only slower.
    """

    def sources(work: Path) -> list[Path]:
        return [work / "fivehundred_tutor" / f"{name}.py" for name in engine_native.ENGINE_MODULES]

    digest = engine_native.engine_digest()
    return _compile("the engine core", sources, directory, digest, engine_native.DIGEST_FILE, force=force, quiet=quiet)


def _compile(
    what: str,
    sources: Callable[[Path], list[Path]],
    directory: Path,
    digest: str,
    digest_file: str,
    *,
    force: bool,
    quiet: bool,
) -> bool:
    """Compile ``sources(work)`` (one mypyc group) in a copy of the package; keep the extension
    modules and mypyc's runtime in ``directory`` with the digest they were built from."""
    stamp = directory / digest_file
    if not force and stamp.is_file() and stamp.read_text(encoding="utf-8").strip() == digest:
        return True
    if importlib.util.find_spec("mypyc") is None:
        print(f"{what} stays plain Python here: mypyc (pip install mypy) is not installed", file=sys.stderr)
        return False
    suffix = str(sysconfig.get_config_var("EXT_SUFFIX"))
    with tempfile.TemporaryDirectory(prefix="fivehundred-native-") as tmp:
        work = Path(tmp)
        # A copy of the package's Python files: mypy checks the compiled modules against the rest of it.
        shutil.copytree(
            SOLVER.parents[1] / "fivehundred_tutor",
            work / "fivehundred_tutor",
            ignore=lambda folder, names: [
                n for n in names if not (n.endswith((".py", ".typed")) or (Path(folder) / n).is_dir())
            ],
        )
        paths = sources(work)
        env = dict(os.environ, MYPYC_OPT_LEVEL="3", PYTHONPATH=str(work))
        proc = subprocess.run(
            [sys.executable, "-m", "mypyc", *(str(p.relative_to(work)) for p in paths)],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        built = [p.with_name(p.stem + suffix) for p in paths]
        runtime = list(work.glob(f"*__mypyc{suffix}"))
        if proc.returncode != 0 or not all(p.is_file() for p in built) or len(runtime) != 1:
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
            print(f"{what} stays plain Python here: compiling it failed:", *tail, sep="\n  ", file=sys.stderr)
            return False
        if directory.exists():
            shutil.rmtree(directory)
        directory.mkdir(parents=True)
        for path in [*built, *runtime]:
            shutil.copy2(path, directory / path.name)
        stamp.write_text(digest + "\n", encoding="utf-8")
    if not quiet:
        print(f"compiled {what} (mypyc) into {directory}")
    return True


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and set(args) - {"--force", "--status"}:
        print(__doc__)
        return 2
    if "--status" in args:
        print(engine_native.engine_status())
        print(status())
        return 0
    engine_ok = build_engine(force="--force" in args)
    ok = build(force="--force" in args)
    if engine_native.engine_is_compiled() or not engine_ok:
        print(engine_native.engine_status())
    else:  # this process imported the plain engine before the build: the next one loads the compiled
        print(f"compiled (mypyc) engine in {engine_native.ENGINE_DIR}")
    print(status())
    return 0 if ok and engine_ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
