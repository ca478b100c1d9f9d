"""Code quality gates: ruff (lint + format) over the project, mypy (strict) over the package,
Biome (lint + format) over the widgets' JavaScript and CSS."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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
        [str(find_node()), str(biome), "ci", "--colors=off", "src", "tests"],
        cwd=widgets,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-3000:]
