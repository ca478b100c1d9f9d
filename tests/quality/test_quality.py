"""Code quality gates: ruff (lint + format) over the project, mypy (strict) over the package,
Biome (lint + format) over the widgets' JavaScript and CSS."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_lint_is_clean() -> None:
    proc = _run("ruff", "check", ".")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_format_is_clean() -> None:
    proc = _run("ruff", "format", "--check", ".")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_strict_on_the_package() -> None:
    proc = _run("mypy")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_biome_lint_and_format_of_the_front_end_are_clean() -> None:
    from fivehundred_tutor.bookbuild.webassets import find_node, npm_ci

    widgets = ROOT / "widgets"
    npm_ci(widgets)  # Biome is pinned in widgets/package.json
    biome = widgets / "node_modules" / "@biomejs" / "biome" / "bin" / "biome"
    proc = subprocess.run(
        [str(find_node()), str(biome), "ci", "--colors=off", "src", "tests", "tools"],
        cwd=widgets,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-3000:]


ROOMS = {"engine", "widgets", "ui", "book", "exercises", "quality", "puzzles"}


def test_tests_live_in_room_folders_and_import_helpers_as_a_package() -> None:
    """No test module at tests/ top level (only conftest.py); no ``sys.path`` edits to reach helpers
    (tests and bench/ import ``tests.support``; bench scripts run as ``python -m bench.bench_x``)."""
    tests = ROOT / "tests"
    stray = sorted(p.name for p in tests.glob("*.py") if p.name not in {"__init__.py", "conftest.py"})
    assert not stray, f"put these in a room folder ({', '.join(sorted(ROOMS))}) or tests/support/: {stray}"
    unknown = sorted(
        p.parent.name for p in tests.glob("*/test_*.py") if p.parent.name not in ROOMS | {"support", "data"}
    )
    assert not unknown, f"test folders that are not rooms: {sorted(set(unknown))}"
    missing = sorted(room for room in ROOMS | {"support"} if not (tests / room / "__init__.py").is_file())
    assert not missing, f"room folders without __init__.py (two rooms' test_x.py would collide): {missing}"
    edits = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in sorted([*tests.rglob("*.py"), *tests.rglob("*.md"), *(ROOT / "bench").glob("*.py")])
        if not p.is_relative_to(tests / "data")
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"sys\.path\.(insert|append)\(", line)
    ]
    assert not edits, "import the helpers as `from tests.support.x import ...` instead:\n" + "\n".join(edits)
    assert (ROOT / "bench" / "__init__.py").is_file(), "bench/ is a package: python -m bench.bench_x"


def _extra_closure(extra: str) -> set[str]:
    """The distributions an extra of this package installs, following ``fivehundred-tutor[x]`` self-references."""
    from importlib import metadata

    from packaging.requirements import Requirement

    requires = [Requirement(r) for r in metadata.requires("fivehundred-tutor") or []]
    seen: set[str] = set()
    names: set[str] = set()
    todo = [extra]
    while todo:
        x = todo.pop()
        if x in seen:
            continue
        seen.add(x)
        for req in requires:
            if req.marker is None or "extra" not in str(req.marker):
                continue
            if not req.marker.evaluate({"extra": x}):
                continue
            if req.name == "fivehundred-tutor":
                todo.extend(req.extras)
            else:
                names.add(req.name)
    return names


def test_the_book_command_installs_what_executing_the_chapters_needs() -> None:
    """README command 1 (``bootstrap serve``/``build``) installs the ``book`` extra only, then executes
    every chapter: the hand evaluator's cell needs DDS, else it runs past myst-nb's cell limit and the
    build fails (it did: only the test extra, which CI uses, had it)."""
    book = _extra_closure("book")
    assert "endplay" in book, sorted(book)
    assert {"jupyter-book", "jupyterlite-core", "mypy"} <= book, sorted(book)


def test_no_extra_installs_the_pyodide_kernel_into_the_learners_jupyterlab() -> None:
    """jupyterlite-pyodide-kernel's JupyterLab extension, installed with the book's extra, loaded in the learner's
    real JupyterLab (``fivehundred-tutor lab``) and logged "Shared module @jupyterlite/services…" (issue 31,
    defect 11): the Lite build unpacks it into a cache of its own (bookbuild/litekernel.py kernel_package)."""
    from fivehundred_tutor.bookbuild import litekernel

    for extra in ("book", "test", "dev"):
        assert litekernel.KERNEL_PACKAGE not in _extra_closure(extra), extra
    assert "pkginfo" in _extra_closure("book"), "the kernel's build add-on needs it"
    assert litekernel.pinned(litekernel.KERNEL_PACKAGE) == "0.8.6"


def test_every_module_imports_without_what_python_3_14_removed() -> None:
    """The live notebook's Pyodide may be Python 3.14, where ``importlib.abc.Traversable`` (and the
    other resource ABCs) are gone: every module of the package must import without them."""
    script = (
        "import importlib, importlib.abc, pkgutil, fivehundred_tutor\n"
        "for name in ('Traversable', 'TraversableResources', 'ResourceReader'):\n"
        "    if hasattr(importlib.abc, name): delattr(importlib.abc, name)\n"
        "failed = []\n"
        "for info in pkgutil.walk_packages(fivehundred_tutor.__path__, 'fivehundred_tutor.'):\n"
        "    if info.name.endswith('__main__'): continue\n"
        "    try: importlib.import_module(info.name)\n"
        "    except ImportError as exc:\n"
        "        if 'importlib.abc' in str(exc): failed.append(f'{info.name}: {exc}')\n"
        "print('\\n'.join(failed)); raise SystemExit(1 if failed else 0)\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
