"""The solver's search compiled to C by mypyc, where it has been built: the same source, 3-4x faster.

The search (:mod:`.position` and :mod:`.search`) is plain, fully typed Python, and stays so:
it is what runs in the reader's browser under Pyodide.  On a CPython host with a C compiler,
``python -m fivehundred_tutor.bookbuild.native`` (run by both README commands) compiles
those two modules with mypyc (part of mypy, from PyPI) into extension modules kept in
``<sys.prefix>/share/fivehundred-tutor/native/``, outside the source tree, so nothing
compiled can shadow the sources (no ``.so`` beside a ``.py``), and the package's wheels
stay pure Python.

:func:`load` gives those compiled modules when they were built from exactly the sources
here (a digest of both files, the interpreter and this module's build recipe), else ``None``
and the solver runs the Python modules: an edited search is never answered by a stale
build.  ``FIVEHUNDRED_TUTOR_NATIVE=0`` in the environment turns the compiled search off.
Same algorithm, same answers and the same search nodes (tests/engine/test_solver_native.py).
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
import types
from pathlib import Path

from ..native import DIGEST_FILE, build_digest, build_unavailable_reason

__all__ = ["COMPILED", "DIGEST_FILE", "NATIVE_DIR", "PACKAGE", "load", "source_digest", "status", "unavailable_reason"]

HERE = Path(__file__).resolve().parent
#: the modules compiled, in the order they import each other
COMPILED = ("position", "search")
#: the package the compiled modules live in (their copies' relative imports are shifted to fit)
PACKAGE = f"{__package__}._native"
#: where the build puts them (beside this environment's other shared data)
NATIVE_DIR = Path(sys.prefix) / "share" / "fivehundred-tutor" / "native"
#: bump when the way the copies are made changes (old builds then no longer load)
RECIPE = "1"


def source_digest() -> str:
    """What a build must have been made from: the sources, this interpreter, the recipe."""
    return build_digest(RECIPE, [HERE / f"{name}.py" for name in COMPILED])


def unavailable_reason(directory: Path = NATIVE_DIR) -> str | None:
    """Why the compiled search cannot be used now (None: it can)."""
    return build_unavailable_reason(directory, source_digest())


def load(directory: Path = NATIVE_DIR) -> tuple[types.ModuleType, types.ModuleType] | None:
    """The compiled ``(position, search)`` modules, or None (the solver then runs the Python ones)."""
    if unavailable_reason(directory) is not None:
        return None
    position, search = (sys.modules.get(f"{PACKAGE}.{name}") for name in COMPILED)
    if position is not None and search is not None:
        return position, search
    try:
        # mypyc's runtime for the group, imported by the modules under its own top-level name
        for path in directory.glob("*__mypyc*"):
            name = path.name.split(".")[0]
            if name not in sys.modules:
                spec = importlib.util.spec_from_file_location(name, path)
                if spec is None or spec.loader is None:
                    return None
                module = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(module)
                sys.modules[name] = module
        if PACKAGE not in sys.modules:
            package = types.ModuleType(PACKAGE, "The solver's search, compiled by mypyc (see native.py).")
            package.__path__ = [str(directory)]
            sys.modules[PACKAGE] = package
        modules = [importlib.import_module(f"{PACKAGE}.{name}") for name in COMPILED]
    except Exception:  # a broken build: the Python search answers
        for name in (PACKAGE, *(f"{PACKAGE}.{n}" for n in COMPILED)):
            sys.modules.pop(name, None)
        return None
    for module in modules:
        if not isinstance(module.__spec__, importlib.machinery.ModuleSpec) or not isinstance(
            module.__spec__.loader, importlib.machinery.ExtensionFileLoader
        ):
            return None  # a copy of the source, not a compiled module: no gain, and not what was built
    return modules[0], modules[1]


def status(directory: Path = NATIVE_DIR) -> str:
    """Which search the solver uses here, in one line."""
    why = unavailable_reason(directory)
    if why is None and load(directory) is not None:
        return f"compiled (mypyc) search from {directory}"
    return f"Python search: the compiled one is {why or 'there but does not load (rebuild it)'}"
