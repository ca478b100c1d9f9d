"""The package layout keeps its promises: imports point one way, no cycles, no private names across modules.

Read with ``ast`` (nothing is imported), so a violation fails here even in code no test runs.  An import
inside a function counts like one at the top: a lazy import that closes a loop is still a loop.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "fivehundred_tutor"
ENGINE = {
    "cards",
    "bids",
    "rules",
    "deal",
    "actions",
    "errors",
    "explain",
    "native",
    "rng",
    "render",
    "display",
    "game",
}
# room -> rooms it must never import (the arrows of DESIGN.md point one way)
FORBIDDEN = {
    "engine": {
        "solver",
        "bots",
        "records",
        "questions",
        "handlers",
        "widgets",
        "exercises",
        "cli",
        "bookbuild",
        "puzzles",
    },
    "solver": {"handlers", "widgets", "exercises", "cli", "bookbuild", "records", "questions", "puzzles"},
    "bots": {"handlers", "widgets", "exercises", "cli", "bookbuild", "puzzles"},
    "analysis": {"handlers", "widgets", "exercises", "cli", "bookbuild", "puzzles"},
    "records": {"handlers", "widgets", "exercises", "cli", "bookbuild", "puzzles"},
    "questions": {"handlers", "widgets", "exercises", "cli", "bookbuild", "puzzles"},
    # beside analysis: engine, solver, analysis, bots; only handlers, widgets, cli and the build use it
    "puzzles": {"handlers", "widgets", "exercises", "cli", "bookbuild", "records", "questions"},
    "handlers": {"widgets", "cli", "bookbuild"},
    "exercises": {"widgets", "cli", "bookbuild", "puzzles"},
    "widgets": {"cli", "bookbuild"},
    # the message catalogs' lookups: the engine's core imports them, so they import nothing of the package
    "i18n": {"engine", "solver", "bots", "records", "questions", "handlers", "widgets", "exercises", "cli"}
    | {"bookbuild"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, tuple[Path, ast.Module]]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if "static" in path.parts:
            continue
        out[module_name(path)] = (path, ast.parse(path.read_text(encoding="utf-8")))
    return out


def resolve(current: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = current.split(".") if is_package else current.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def type_only_nodes(tree: ast.Module) -> set[int]:
    """ids of the nodes under ``if TYPE_CHECKING:``: imported for annotations only, never run."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in {"TYPE_CHECKING", "typing.TYPE_CHECKING"}:
            out.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    return out


def imports_of(
    name: str, path: Path, tree: ast.Module, known: set[str], *, run_only: bool = False
) -> list[tuple[str, str, int]]:
    """(imported module, imported name or '', line) for every import of this package in ``tree``: at the top,
    inside functions, and (unless ``run_only``) under ``if TYPE_CHECKING:``."""
    out = []
    is_package = path.name == "__init__.py"
    skip = type_only_nodes(tree) if run_only else set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("fivehundred_tutor"):
                    out.append((alias.name, "", node.lineno))
        elif isinstance(node, ast.ImportFrom):
            target = resolve(name, is_package, node)
            if not target.startswith("fivehundred_tutor"):
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                out.append((sub, "", node.lineno) if sub in known else (target, alias.name, node.lineno))
    return out


def room(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return "package"
    head = parts[1]
    return "engine" if head in ENGINE else head


def own_private_names(tree: ast.Module) -> set[str]:
    """Private names this module defines: functions, classes, and attributes it assigns (``self._x = ...``)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return {n for n in names if n.startswith("_")}


#: collections.namedtuple's public methods (named with an underscore so as not to clash with fields)
NAMEDTUPLE_API = {"_make", "_replace", "_asdict", "_fields", "_field_defaults"}


def test_no_private_names_across_modules() -> None:
    mods = modules()
    known = set(mods)
    problems = []
    for name, (path, tree) in mods.items():
        for target, imported, line in imports_of(name, path, tree, known):
            if imported.startswith("_") and not imported.startswith("__") and target != name:
                problems.append(f"{path.name}:{line} imports private {imported} from {target}")
        own = own_private_names(tree)
        for node in ast.walk(tree):
            # obj._private where _private belongs to another module: reading its internals
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                if node.attr in own or (isinstance(node.value, ast.Name) and node.value.id in {"self", "cls"}):
                    continue
                if node.attr in NAMEDTUPLE_API:  # a named tuple's documented methods, public despite the underscore
                    continue
                problems.append(f"{path.relative_to(PACKAGE)}:{node.lineno} reads {ast.unparse(node)}")
    assert not problems, "private names used across modules:\n" + "\n".join(problems)


def test_imports_point_one_way_and_make_no_cycle() -> None:
    mods = modules()
    known = set(mods)
    graph: dict[str, set[str]] = defaultdict(set)
    wrong = []
    for name, (path, tree) in mods.items():
        for target, _imported, line in imports_of(name, path, tree, known):
            target = target if target in known else target.rsplit(".", 1)[0]
            if target == name or target == "fivehundred_tutor":
                continue
            graph[name].add(target)
            if room(target) in FORBIDDEN.get(room(name), set()):
                wrong.append(f"{path.relative_to(PACKAGE)}:{line}: {room(name)} imports {target}")
    assert not wrong, "imports against the arrows:\n" + "\n".join(wrong)

    # a cycle between rooms (lazy imports inside functions included)
    rooms: dict[str, set[str]] = defaultdict(set)
    for src, targets in graph.items():
        for dst in targets:
            if room(src) != room(dst) and "package" not in (room(src), room(dst)):
                rooms[room(src)].add(room(dst))
    seen: dict[str, int] = {}

    def visit(node: str, stack: list[str]) -> None:
        seen[node] = 1
        for nxt in sorted(rooms[node]):
            assert seen.get(nxt) != 1, "import cycle between rooms: " + " -> ".join([*stack, node, nxt])
            if nxt not in seen:
                visit(nxt, [*stack, node])
        seen[node] = 2

    for node in sorted(rooms):
        if node not in seen:
            visit(node, [])


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Groups of modules that import each other (directly or round a loop), Tarjan's algorithm."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_no_import_cycle_between_modules() -> None:
    """Zero cycles between modules, imports inside functions included (issue 26 §2).

    A package's ``__init__`` is a module like any other: a submodule that imports its own package while
    the package imports it is a cycle.  Imports under ``if TYPE_CHECKING:`` are left out: they name a type
    for the annotations and never run (``explain`` names ``Rules`` so, while ``Rules`` imports ``explain``).
    """
    mods = modules()
    known = set(mods)
    graph: dict[str, set[str]] = defaultdict(set)
    where: dict[tuple[str, str], int] = {}
    for name, (path, tree) in mods.items():
        for target, _imported, line in imports_of(name, path, tree, known, run_only=True):
            target = target if target in known else target.rsplit(".", 1)[0]
            if target != name:
                graph[name].add(target)
                where.setdefault((name, target), line)
    loops = []
    for group in strongly_connected(graph):
        ties = [f"{a} -> {b} (line {where[a, b]})" for a in group for b in sorted(graph[a]) if b in group]
        loops.append(" | ".join(ties))
    assert not loops, "modules that import each other:\n" + "\n".join(loops)


def test_the_cycle_finder_finds_a_lazy_loop() -> None:
    """The check above can fail: a loop closed by an import inside a function is found, a type-only one is not."""
    known = {"fivehundred_tutor.a", "fivehundred_tutor.b"}
    a = ast.parse("from . import b\n")
    b = ast.parse(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\ndef f():\n    from .a import x\n"
    )
    b_types = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n")
    assert imports_of("fivehundred_tutor.b", PACKAGE / "b.py", b_types, known, run_only=True) == []
    edges = {
        "fivehundred_tutor.a": {t for t, _, _ in imports_of("fivehundred_tutor.a", PACKAGE / "a.py", a, known)},
        "fivehundred_tutor.b": {
            t for t, _, _ in imports_of("fivehundred_tutor.b", PACKAGE / "b.py", b, known, run_only=True)
        },
    }
    assert strongly_connected(edges) == [["fivehundred_tutor.a", "fivehundred_tutor.b"]]
