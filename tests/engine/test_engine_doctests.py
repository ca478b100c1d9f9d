"""The engine core's docstring examples, run against the engine this process loaded: compiled or plain.

``--doctest-modules`` cannot collect them from a compiled engine (mypyc's modules carry no
docstrings, and their files are not the sources), so pyproject.toml leaves the six modules of
:data:`fivehundred_tutor.native.ENGINE_MODULES` out of that collection and this file reads their
examples from the sources, one test per docstring, with the loaded module's names as globals
(what pytest's doctests do).  Under ``FIVEHUNDRED_TUTOR_NATIVE=0`` the same examples run on the
plain modules.
"""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

from fivehundred_tutor.native import ENGINE_MODULES, PACKAGE_DIR


def _docstrings(name: str) -> list[tuple[str, str, int]]:
    """(qualified name, docstring, line) of the module, its classes, functions and methods."""
    tree = ast.parse((PACKAGE_DIR / f"{name}.py").read_text(encoding="utf-8"))
    found: list[tuple[str, str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                qualname = f"{prefix}{child.name}"
                doc = ast.get_docstring(child, clean=False)
                if doc:
                    found.append((qualname, doc, child.body[0].lineno))
                visit(child, qualname + ".")

    module_doc = ast.get_docstring(tree, clean=False)
    if module_doc:
        found.append(("", module_doc, 1))
    visit(tree, "")
    return found


PARSER = doctest.DocTestParser()
EXAMPLES = [
    (name, qualname, doc, line)
    for name in ENGINE_MODULES
    for qualname, doc, line in _docstrings(name)
    if PARSER.get_examples(doc)
]


def test_the_engine_modules_have_examples_to_run() -> None:
    # A parser that found nothing would pass every run below: each module has examples.
    assert {name for name, *_ in EXAMPLES} == set(ENGINE_MODULES)
    assert len(EXAMPLES) >= 20


@pytest.mark.parametrize(
    ("name", "qualname", "doc", "line"), EXAMPLES, ids=[f"{n}.{q or '<module>'}" for n, q, _d, _l in EXAMPLES]
)
def test_engine_docstring_examples(name: str, qualname: str, doc: str, line: int) -> None:
    module = importlib.import_module(f"fivehundred_tutor.{name}")
    path = PACKAGE_DIR / f"{name}.py"
    test = PARSER.get_doctest(doc, dict(vars(module)), f"{module.__name__}.{qualname}", str(path), line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    runner.run(test, out=report.append)
    failed, attempted = runner.summarize(verbose=False)
    assert attempted > 0
    assert failed == 0, "".join(report)


def test_an_example_that_is_wrong_fails_here(tmp_path: Path) -> None:
    # The runner above reports a wrong example (not only an exception).
    test = PARSER.get_doctest(">>> 1 + 1\n3\n", {}, "wrong", str(tmp_path / "x.py"), 1)
    runner = doctest.DocTestRunner()
    runner.run(test, out=lambda _text: None)
    assert runner.summarize(verbose=False).failed == 1
