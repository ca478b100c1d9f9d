"""Which engine core runs: the plain Python modules, or the same modules compiled to C by mypyc.

The engine core (:data:`ENGINE_MODULES`: rng, cards, bids, rules, actions, deal) is plain, fully typed
Python, and stays so: it is what runs in the reader's browser under Pyodide and wherever there is
no C compiler.  On a CPython host with one, ``python -m fivehundred_tutor.bookbuild.native`` (run
by both README commands) compiles those modules with mypyc into extension modules kept in
:data:`ENGINE_DIR`, outside the source tree: nothing compiled sits beside a ``.py`` file, and the
package's wheels stay pure Python.

Importing this module (the first thing ``import fivehundred_tutor`` does) calls :func:`install`, which puts a finder in front of the
import system that answers ``import fivehundred_tutor.deal`` (and the other four) with the
compiled module, but only when the build was made from exactly the sources here (a digest of
them, the interpreter and :data:`RECIPE`): an edited engine is never answered by a stale build.
There is one engine per process, compiled or plain, so every ``Card`` is of one class.
``FIVEHUNDRED_TUTOR_NATIVE=0`` in the environment keeps the plain engine (and the solver's
Python search).  Same answers either way (tests/engine/test_engine_native.py).

This module imports nothing from the package: it runs before the engine is imported.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import sysconfig
import types
from collections.abc import Sequence
from pathlib import Path

__all__ = [
    "ENGINE_DIR",
    "ENGINE_MODULES",
    "ENV",
    "RECIPE",
    "build_digest",
    "build_unavailable_reason",
    "engine_digest",
    "engine_is_compiled",
    "engine_status",
    "engine_unavailable_reason",
    "install",
]

PACKAGE_DIR = Path(__file__).resolve().parent
#: the modules compiled together (one mypyc group), by their names in the package
ENGINE_MODULES = ("rng", "cards", "bids", "rules", "actions", "deal")
#: where the build puts them (beside this environment's other shared data)
ENGINE_DIR = Path(sys.prefix) / "share" / "fivehundred-tutor" / "native-engine"
#: bump when the way the build is made changes (old builds then no longer load)
RECIPE = "1"
DIGEST_FILE = "digest.txt"
#: "0" keeps everything plain Python; "1" (set by ``bootstrap test``) says a build must load
ENV = "FIVEHUNDRED_TUTOR_NATIVE"
EXT_SUFFIX = str(sysconfig.get_config_var("EXT_SUFFIX"))


def build_digest(recipe: str, sources: Sequence[Path]) -> str:
    """What a compiled build must have been made from: ``sources``, this interpreter, the ``recipe``
    (also the solver's search, :mod:`fivehundred_tutor.solver.native`)."""
    h = hashlib.sha256()
    for part in (recipe, sys.implementation.cache_tag or "", EXT_SUFFIX):
        h.update(part.encode() + b"\0")
    for path in sources:
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def build_unavailable_reason(directory: Path, digest: str) -> str | None:
    """Why the build in ``directory`` cannot be used here (None: it can): turned off, not CPython,
    not built, or built from other sources than those whose ``digest`` is given."""
    if os.environ.get(ENV) == "0":
        return f"turned off ({ENV}=0)"
    if sys.implementation.name != "cpython" or sys.platform == "emscripten":
        return f"not built for {sys.implementation.name} on {sys.platform}"
    stamp = directory / DIGEST_FILE
    if not stamp.is_file():
        return "not built (python -m fivehundred_tutor.bookbuild.native)"
    if stamp.read_text(encoding="utf-8").strip() != digest:
        return "built from other sources or for another Python: rebuild (python -m fivehundred_tutor.bookbuild.native)"
    return None


def engine_digest() -> str:
    """What an engine build must have been made from: the engine's sources, this interpreter, the recipe."""
    return build_digest(RECIPE, [PACKAGE_DIR / f"{name}.py" for name in ENGINE_MODULES])


def engine_unavailable_reason(directory: Path = ENGINE_DIR) -> str | None:
    """Why the compiled engine cannot be used here (None: it can)."""
    why = build_unavailable_reason(directory, engine_digest())
    if why is not None:
        return why
    if not all((directory / f"{name}{EXT_SUFFIX}").is_file() for name in ENGINE_MODULES):
        return "the build is incomplete: rebuild (python -m fivehundred_tutor.bookbuild.native --force)"
    return None


class _EngineFinder(importlib.abc.MetaPathFinder):
    """Answers the engine core's imports with the compiled modules in ``directory``."""

    def __init__(self, package: str, directory: Path) -> None:
        self.names = {f"{package}.{name}": directory / f"{name}{EXT_SUFFIX}" for name in ENGINE_MODULES}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        file = self.names.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def _load_runtime(directory: Path) -> bool:
    """Import mypyc's shared runtime of the group (the modules import it by its top-level name)."""
    for file in directory.glob(f"*__mypyc{EXT_SUFFIX}"):
        name = file.name.split(".")[0]
        if name in sys.modules:
            continue
        spec = importlib.util.spec_from_file_location(name, file)
        if spec is None or spec.loader is None:
            return False
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except ImportError:
            return False
        sys.modules[name] = module
    return True


def install(package: str = __package__ or "fivehundred_tutor", directory: Path = ENGINE_DIR) -> bool:
    """Answer the engine core's imports with the compiled build, when it fits these sources.

    Called by ``fivehundred_tutor/__init__.py`` before anything imports the engine; True when the
    compiled engine will be used.  Too late (the plain engine already imported) it changes nothing.
    """
    if any(isinstance(f, _EngineFinder) for f in sys.meta_path):
        return True
    if any(f"{package}.{name}" in sys.modules for name in ENGINE_MODULES):
        return False  # one engine per process: the plain one is already in use
    if engine_unavailable_reason(directory) is not None or not _load_runtime(directory):
        return False
    sys.meta_path.insert(0, _EngineFinder(package, directory))
    return True


def engine_is_compiled() -> bool:
    """Whether this process's engine core is the compiled one."""
    module = sys.modules.get(f"{__package__}.deal")
    return module is not None and isinstance(
        getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader
    )


def engine_status() -> str:
    """Which engine core this process runs, in one line."""
    if engine_is_compiled():
        return f"compiled (mypyc) engine from {ENGINE_DIR}"
    why = engine_unavailable_reason()
    return f"plain Python engine: the compiled one is {why or 'there but was not loaded (imported too late?)'}"


install()
