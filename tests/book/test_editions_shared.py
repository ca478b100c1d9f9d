"""What the three sites share (issue 29, §5 "Cost": the wheel and the engine's snapshot are built once): the
editions' JupyterLite sites are the English one's files (hard links) with their own notebooks, one wheel serves
the three (it carries every language's saved results), and an edition's site holds no second copy of what every
language serves alike.  The first tests make small sites in a temporary folder; the last ones read the built book.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from fivehundred_tutor.bookbuild import editions, lite, webassets

CHAPTER = "chapters/02-deck-and-hierarchy"


def _english_site(root: Path) -> Path:
    site = root / "html" / "lite"
    for rel, text in {
        "lab/index.html": "<script></script>",
        "jupyter-lite.json": "{}",
        "kernel/notebook.snapshot": "snapshot",
        "pypi/fivehundred_tutor-0.1.0-py3-none-any.whl": "wheel",
        "files/chapters/01.ipynb": "english",
        "api/contents/all.json": "english listing",
    }.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text)
    return site


def test_an_editions_lite_site_links_the_english_files_and_has_its_own_notebooks(tmp_path: Path) -> None:
    english = _english_site(tmp_path)
    contents = tmp_path / "pl-contents"
    (contents / "chapters").mkdir(parents=True)
    (contents / "chapters" / "01.ipynb").write_text(json.dumps({"cells": [], "nbformat": 4, "nbformat_minor": 5}))
    site = tmp_path / "html" / "pl" / "lite"
    (site / "kernel").mkdir(parents=True)
    (site / "kernel" / "notebook.snapshot").write_text("a snapshot of its own, from before the sharing")
    (site / "kernel" / "old.whl").write_text("gone")
    done = lite.link_edition_site(english, site, contents)
    for rel in ("lab/index.html", "jupyter-lite.json", "kernel/notebook.snapshot", "pypi/" + webassets.wheel_name()):
        assert os.path.samefile(english / rel, site / rel), rel
    assert not (site / "kernel" / "old.whl").exists()
    assert (site / "files" / "chapters" / "01.ipynb").read_text() == (contents / "chapters" / "01.ipynb").read_text()
    assert not os.path.samefile(english / "files" / "chapters" / "01.ipynb", site / "files" / "chapters" / "01.ipynb")
    listing = json.loads((site / "api" / "contents" / "chapters" / "all.json").read_text())
    assert [item["path"] for item in listing["content"]] == ["chapters/01.ipynb"]
    assert json.loads((site / "api" / "contents" / "all.json").read_text())["content"][0]["name"] == "chapters"
    assert done["removed"] == 1
    again = lite.link_edition_site(english, site, contents)
    assert again == {"linked": 0, "copied": 0, "removed": 0}, "a second time changes nothing"
    (english / "kernel" / "notebook.snapshot").unlink()
    (english / "kernel" / "notebook.snapshot").write_text("a new snapshot")  # the English build made a new file
    lite.link_edition_site(english, site, contents)
    assert (site / "kernel" / "notebook.snapshot").read_text() == "a new snapshot"


def test_publish_links_what_the_english_site_serves_alike_and_never_writes_into_a_link(tmp_path: Path) -> None:
    book = tmp_path / "book"
    built = editions.edition_build_dir("pl", book) / "_build" / "html"
    english = book / "_build" / "html"
    for root, page in ((english, "<p>Hello</p>"), (built, "<p>Cześć</p>")):
        (root / "_static").mkdir(parents=True)
        (root / "_static" / "pyodide.wasm").write_bytes(b"the same runtime")
        (root / "_static" / "documentation_options.js").write_text(f"LANGUAGE: '{'en' if root == english else 'pl'}'")
        (root / "index.html").write_text(page)
    (built / "lite").mkdir()
    (built / "lite" / "stale.txt").write_text("an edition's own Lite site from before the sharing")
    (english / "pl" / "lite").mkdir(parents=True)
    (english / "pl" / "lite" / "jupyter-lite.json").write_text("{}")
    target = editions.publish("pl", book)
    assert os.path.samefile(target / "_static" / "pyodide.wasm", english / "_static" / "pyodide.wasm")
    assert (target / "_static" / "documentation_options.js").read_text() == "LANGUAGE: 'pl'"
    assert (target / "index.html").read_text() == "<p>Cześć</p>"
    assert not (target / "lite" / "stale.txt").exists(), "the edition's lite/ is link_edition_site's"
    assert (target / "lite" / "jupyter-lite.json").exists(), "and publish leaves it alone"
    (built / "_static" / "pyodide.wasm").write_bytes(b"another runtime")
    editions.publish("pl", book)
    assert (english / "_static" / "pyodide.wasm").read_bytes() == b"the same runtime", "written into the link"
    assert (target / "_static" / "pyodide.wasm").read_bytes() == b"another runtime"


# --- the built book ---------------------------------------------------------------------------------


def _codes(html: Path) -> list[str]:
    codes = [c for c in editions.requested(os.environ.get(editions.EDITIONS_ENV, "all")) if (html / c).is_dir()]
    if not codes:
        pytest.skip("this build made no edition")
    return codes


@pytest.mark.slow
def test_the_editions_jupyterlite_sites_hold_no_second_copy_of_the_english_ones_files(built_book: Any) -> None:
    html: Path = built_book.html
    english = html / "lite"
    for code in _codes(html):
        site = html / code / "lite"
        shared = [p for p in site.rglob("*") if p.is_file() and p.relative_to(site).parts[0] not in ("files", "api")]
        assert len(shared) > 100, f"{site} is not a whole JupyterLite site"
        copies = [p for p in shared if not os.path.samefile(p, english / p.relative_to(site))]
        assert not copies, f"{len(copies)} files of /{code}/lite/ are copies, not the English site's: {copies[:5]}"
        for rel in (
            "pypi/" + webassets.wheel_name(),
            "kernel/notebook.snapshot",
            "service-worker.js",
            "lab/index.html",
        ):
            assert os.path.samefile(site / rel, english / rel), rel
        static = html / code / "_static" / webassets.LIVE_DIR / "pyodide.asm.wasm"
        assert os.path.samefile(static, html / "_static" / webassets.LIVE_DIR / "pyodide.asm.wasm")


@pytest.mark.slow
def test_an_editions_install_cell_names_the_wheel_its_site_serves(built_book: Any) -> None:
    html: Path = built_book.html
    for code in _codes(html):
        path = html / code / "lite" / "files" / f"{CHAPTER}.ipynb"
        notebook = json.loads(path.read_text(encoding="utf-8"))
        install = next(c for c in notebook["cells"] if lite.INSTALL_TAG in (c.get("metadata") or {}).get("tags", []))
        source = "".join(install["source"]) if isinstance(install["source"], list) else install["source"]
        url = re.search(r'fivehundred-tutor @ ([^"]+)"', source)
        assert url, source
        wheel = (path.parent / url.group(1)).resolve()
        assert wheel.is_file() and wheel.is_relative_to(html / code / "lite"), (code, url.group(1))
        assert wheel.read_bytes() == (html / "lite" / "pypi" / webassets.wheel_name()).read_bytes()


@pytest.mark.slow
def test_the_one_wheel_carries_each_languages_play_test_summaries(built_book: Any) -> None:
    import zipfile

    html: Path = built_book.html
    codes = _codes(html)
    with zipfile.ZipFile(html / "lite" / "pypi" / webassets.wheel_name()) as zf:
        data = json.loads(zf.read("fivehundred_tutor/data/saved-results.json"))
    pars = [k for k in data["results"] if k.startswith("play-test-pars-")]
    assert pars, sorted(data["results"])[:5]
    for code in codes:
        own = data.get("languages", {}).get(code, {})
        assert any(k in own for k in pars), f"the {code} play test's summaries are not in the wheel"


def test_the_editions_are_built_side_by_side_one_per_cpu(monkeypatch: pytest.MonkeyPatch) -> None:
    from fivehundred_tutor.bookbuild import jupyterbook

    monkeypatch.delenv(jupyterbook.EDITION_JOBS_ENV, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert [jupyterbook.edition_jobs(n) for n in (0, 1, 2, 3)] == [1, 1, 2, 2]
    monkeypatch.setenv(jupyterbook.EDITION_JOBS_ENV, "1")
    assert jupyterbook.edition_jobs(2) == 1, "one at a time when asked"


def test_the_build_code_is_not_what_the_chapters_outputs_are_cached_against() -> None:
    """A change to the build's own code rewrites the pages but runs no chapter again (in three languages)."""
    from fivehundred_tutor.bookbuild import jupyterbook

    assert Path(lite.__file__).resolve().parent == jupyterbook._BUILD_CODE
    assert jupyterbook.build_code_digest() != jupyterbook.package_digest()


def test_an_executed_notebook_written_without_its_cached_outputs_gets_them_back(tmp_path: Path) -> None:
    """myst-nb writes a page read from the execution cache without its outputs (jupyter_execute/): the build
    puts them back, or the JupyterLite wheel's saved hands and an edition's widgets count would be lost."""
    import nbformat
    from jupyter_cache import get_cache
    from jupyter_cache.base import CacheBundleIn

    ran = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(1)")])
    ran.cells[0].outputs = [nbformat.v4.new_output("stream", name="stdout", text="1\n")]
    cache = get_cache(tmp_path / ".jupyter_cache")
    cache.cache_notebook_bundle(CacheBundleIn(ran, "chapters/x.md"), check_validity=False)
    executed = tmp_path / "jupyter_execute"
    (executed / "chapters").mkdir(parents=True)
    (executed / "chapters" / "x.ipynb").write_text(
        nbformat.writes(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(1)")]))
    )
    restored = lite.restore_cached_outputs(executed, tmp_path / ".jupyter_cache", ["chapters/x", "chapters/none"])
    assert restored == ["chapters/x"]
    back = nbformat.read(executed / "chapters" / "x.ipynb", as_version=4)
    assert back.cells[0].outputs[0]["text"] == "1\n"
    assert lite.restore_cached_outputs(executed, tmp_path / ".jupyter_cache", ["chapters/x"]) == [], "once"


def test_an_editions_template_words_compile_to_the_same_bytes_every_time(tmp_path: Path) -> None:
    """The staged sphinx.mo is the same from one build to the next (babel dated it to the minute: every edition's
    Sphinx ran again on a no-op rebuild)."""
    editions._compile_template_words("pl", tmp_path / "a")
    mo = tmp_path / "a" / "locales" / "pl" / "LC_MESSAGES" / "sphinx.mo"
    assert b"2000-01-01" in mo.read_bytes()
