"""The widgets' front end: its bundles, and its pure helpers under Node's own test runner.

``widgets/tests/*.test.js`` test card facts and spoken names, words and labels,
and response keys; the last one also compares the JavaScript response keys with
Python's over questions of every topic (a JSON fixture written here).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fivehundred_tutor.bookbuild import bundles
from fivehundred_tutor.bookbuild.node import NodeNotFoundError, find_node
from fivehundred_tutor.questions import TOPICS, generate
from fivehundred_tutor.rules import Rules
from fivehundred_tutor.widgets import bundled

ROOT = Path(__file__).resolve().parents[2]
JS_TESTS = sorted((ROOT / "widgets" / "tests").glob("*.test.js"))


def _python_key() -> Any:
    """The one Python function that makes a response's key (the front end must agree with it)."""
    try:
        from fivehundred_tutor.questions import response_key
    except ImportError:
        from fivehundred_tutor.exercises.sheets import response_key
    return response_key


def _node() -> str:
    try:
        return str(find_node())
    except NodeNotFoundError as err:
        pytest.fail(str(err))


def _node_test(files: list[Path], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [_node(), "--test", "--test-reporter=spec", *map(str, files)],
        cwd=ROOT / "widgets",
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_js_unit_tests_pass() -> None:
    assert JS_TESTS, "no widgets/tests/*.test.js"
    proc = _node_test(JS_TESTS)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    assert re.search(r"\bpass \d+", proc.stdout) and not re.search(r"\bfail [1-9]", proc.stdout)


def _responses(question: dict[str, Any]) -> Iterator[Any]:
    """Right and wrong answers, and the same answer written several ways."""
    kind, answer = question["kind"], question["answer"]
    ids = [c["id"] for c in question.get("choices") or []]
    if kind == "choice":
        yield from ids
        yield answer
        yield from (None, ["x"], 3, True, "")
    elif kind in ("multi", "order"):
        yield answer
        yield list(reversed(answer))
        yield ids
        yield ids[:1]
        yield []
        yield from ("ab", None, [1, 2])
    elif kind == "cards":
        hand = [c["code"] for c in question["context"]["hand"]]
        example = list(answer["example"])
        yield example
        yield list(reversed(example))
        yield sorted(example)
        yield hand[: answer["count"]]
        yield hand[::-1][: answer["count"]]
    elif kind == "number":
        fields = [f["id"] for f in question.get("fields") or []]
        values = [answer[f] for f in fields] if isinstance(answer, dict) else [answer]
        first = values[0]
        for way in (first, str(first), float(first), f" {first} ", f"+{first}", str(first).replace("-", "\u2212")):
            yield {fields[0]: way, **{f: v for f, v in zip(fields[1:], values[1:])}} if fields else way
        yield dict(zip(fields, values)) if fields else first
        yield dict(reversed(list(zip(fields, values)))) if fields else first
        yield values
        yield values[0] if len(values) == 1 else values[:1]
        yield {**dict(zip(fields, values)), "extra": 1} if fields else [first]
        for bad in (40.5, "4e1", "", "forty", True, None, "1234567", "1 040"):
            yield {fields[0]: bad, **{f: v for f, v in zip(fields[1:], values[1:])}} if fields else bad
        yield {}


def _cases() -> list[dict[str, Any]]:
    key = _python_key()
    cases = []
    for topic, info in TOPICS.items():
        rules = Rules() if info.unavailable(Rules()) is None else None
        if rules is None:
            rules = next(r for r in map(Rules.preset, Rules.preset_names()) if info.unavailable(r) is None)
        for difficulty in info.difficulties:
            for seed in (1, 2, 3):
                question = generate(topic, rules, seed, difficulty)
                shape = {"kind": question["kind"], "fields": question.get("fields") or []}
                for response in _responses(question):
                    cases.append(
                        {"topic": topic, "question": shape, "response": response, "key": key(question, response)}
                    )
    return cases


def test_js_response_keys_match_python(tmp_path: Path) -> None:
    cases = _cases()
    kinds = {c["question"]["kind"] for c in cases}
    assert kinds == {"choice", "multi", "order", "cards", "number"}, kinds
    fixture = tmp_path / "keys.json"
    fixture.write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    proc = _node_test([ROOT / "widgets" / "tests" / "keys.test.js"], {"FHT_KEYS_FIXTURE": str(fixture)})
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    assert "# SKIP" not in proc.stdout and "skipped 0" in proc.stdout.replace("ℹ ", "")


def test_bundles_are_built_from_the_current_sources() -> None:
    bundles.ensure_bundles()
    assert bundles.is_fresh()
    for entry in bundles.ENTRIES:
        text = bundles.bundle_path(entry).read_text(encoding="utf-8")
        # one self-contained module: nothing imported, nothing fetched from elsewhere
        assert not re.search(r"""\bimport\s*[\w{*"']""", text.replace("import(", "")), entry
        assert "https://" not in text and "http://" not in text.replace("http://www.w3.org/2000/svg", ""), entry
    for entry in ("cardview", "quizview", "ladder", "replay", "play", "problem", "assignment", "maker"):
        assert re.search(r"export\{[^}]*\bas default\b", bundles.bundle_path(entry).read_text()), entry
    assert "@import" not in bundles.bundle_path("assignment.css").read_text()


def test_bundles_carry_the_python_model_version() -> None:
    bundles.ensure_bundles()
    text = bundles.bundle_path("replay").read_text(encoding="utf-8")
    name = re.search(r"this page reads version \$\{(\w+)\}", text)
    assert name, "the version check is missing from the replay bundle"
    value = re.search(rf"\b{re.escape(name.group(1))}=(\d+)[,;]", text)
    assert value and int(value.group(1)) == bundles.model_version()


def test_sdist_ships_the_front_end_sources(tmp_path: Path) -> None:
    code = f"from setuptools import build_meta; print(build_meta.build_sdist({str(tmp_path)!r}))"
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    with tarfile.open(tmp_path / proc.stdout.split()[-1]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "widgets" / "src").iterdir()}
    assert sources <= names, sorted(sources - names)
    assert {"widgets/package.json", "widgets/package-lock.json", "widgets/build.mjs", "widgets/biome.json"} <= names
    assert not any("node_modules" in name for name in names)


# --------------------------------------------------------------------------- no build at import


def _fake_checkout(tmp_path: Path) -> tuple[Path, Path]:
    """A widgets/ folder with one source and built bundles stamped with its digest (no Node involved)."""
    source, static = tmp_path / "widgets", tmp_path / "static"
    (source / "src").mkdir(parents=True)
    static.mkdir()
    (source / "src" / "quiz.js").write_text("export const a = 1;\n")
    for name in ("package.json", "package-lock.json", "build.mjs"):
        (source / name).write_text("{}\n")
    for path in bundled.outputs(static):
        path.write_text("/* built */\n")
    (static / bundled.STAMP).write_text(bundled.source_digest(source) + "\n")
    old = time.time() - 60
    for path in bundled.source_files(source):
        os.utime(path, (old, old))
    return source, static


def test_current_bundles_pass_and_a_mere_touch_is_not_stale(tmp_path: Path) -> None:
    source, static = _fake_checkout(tmp_path)
    bundled.require_bundles(source, static)
    stamp = static / bundled.STAMP
    before = stamp.stat().st_mtime
    os.utime(source / "src" / "quiz.js")  # a checkout touched it; same content
    bundled.require_bundles(source, static)
    assert stamp.stat().st_mtime > before  # checked by content once, then cheap again


def test_a_changed_source_is_a_clear_error_naming_the_command(tmp_path: Path) -> None:
    source, static = _fake_checkout(tmp_path)
    (source / "src" / "quiz.js").write_text("export const a = 2;\n")
    with pytest.raises(bundled.BundleError) as err:
        bundled.require_bundles(source, static)
    assert "widgets/src/quiz.js" in str(err.value) and bundled.BUILD_COMMAND in str(err.value)


def test_a_missing_bundle_is_a_clear_error(tmp_path: Path) -> None:
    source, static = _fake_checkout(tmp_path)
    (static / "replay.js").unlink()
    with pytest.raises(bundled.BundleError, match=r"replay\.js are missing.*bookbuild\.bundles"):
        bundled.require_bundles(source, static)
    # an installed wheel has no sources: it is told to reinstall, and is never stale
    (source / "src" / "quiz.js").unlink()
    (source / "src").rmdir()
    with pytest.raises(bundled.BundleError, match="reinstall"):
        bundled.require_bundles(source, static)
    (static / "replay.js").write_text("/* built */\n")
    bundled.require_bundles(source, static)


def test_importing_the_widget_classes_never_runs_a_build(tmp_path: Path) -> None:
    """Stale bundles make the import fail with the command to run; no process (Node, npm, Python) starts."""
    source, static = _fake_checkout(tmp_path)
    (source / "src" / "quiz.js").write_text("export const a = 2;\n")
    code = f"""
import subprocess, sys
def refuse(*args, **kwargs):
    raise AssertionError(f"a process was started at import: {{args[:1]}}")
subprocess.Popen = subprocess.run = subprocess.call = refuse
from pathlib import Path
from fivehundred_tutor.widgets import bundled
bundled.SOURCE_DIR, bundled.STATIC_DIR = Path({str(source)!r}), Path({str(static)!r})
try:
    import fivehundred_tutor.widgets.base
except bundled.BundleError as err:
    print("REFUSED:", err)
else:
    print("IMPORTED")
"""
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.startswith("REFUSED:") and bundled.BUILD_COMMAND in proc.stdout, proc.stdout
