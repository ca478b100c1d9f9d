"""The package layout keeps its promises: imports point one way, no cycles, no private names across modules.

Read with ``ast`` (nothing is imported), so a violation fails here even in code no test runs.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "fivehundred_tutor"
ENGINE = {"cards", "bids", "rules", "deal", "actions", "errors", "explain", "native", "rng", "render", "game"}
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


def imports_of(name: str, path: Path, tree: ast.Module, known: set[str]) -> list[tuple[str, str, int]]:
    """(imported module, imported name or '', line) for every import of this package in ``tree``."""
    out = []
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
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
