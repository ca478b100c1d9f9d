"""The book builds cleanly, offline, and every link inside it resolves.

The build itself happens once per session in the ``built_book`` fixture (tests/conftest.py).
The webassets/CLI tests here need neither the build nor a browser.
"""

from __future__ import annotations

import html.parser
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from fivehundred_tutor.bookbuild import jupyterbook, node, webassets

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


# --------------------------------------------------------------------------- the built site


class _Links(html.parser.HTMLParser):
    """Collects ids, and every URL a page links to or loads."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str]] = []  # (tag, attribute, url)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name == "id" or (tag == "a" and name == "name"):
                self.ids.add(value)
            if name in {"href", "src"}:
                self.links.append((tag, name, value))


def _parse(page: Path) -> _Links:
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def _content_pages(html_dir: Path) -> list[Path]:
    """The site's pages, the editions' (``pl/…``, ``it/…``) included; not the theme's templates in any ``_static``."""
    return [p for p in sorted(html_dir.rglob("*.html")) if "_static" not in p.relative_to(html_dir).parts]


def _site_root(page: Path, html_dir: Path) -> Path:
    """The root of the site a page belongs to: the English site's, or its edition's (the folder with ``_static``)."""
    for folder in page.parents:
        if (folder / "_static").is_dir() or folder == html_dir:
            return folder
    return html_dir


def test_book_builds_with_warnings_as_errors(built_book):
    result = built_book.result
    assert result.ok, f"`fivehundred-tutor book build` (-W -n --keep-going) failed, exit {result.returncode}:\n" + (
        "\n".join(result.warnings) or result.output[-3000:]
    )
    assert result.warnings == [], "the build printed warnings or errors; what followed each:\n" + _with_context(
        result.output, result.warnings
    )


def _with_context(output: str, flagged: list[str], after: int = 25) -> str:
    """Each flagged line with the lines after it (a kernel's traceback follows its ERROR line)."""
    lines = output.splitlines()
    shown = []
    for i, line in enumerate(lines):
        if any(f in line for f in flagged):
            shown.append("\n".join(lines[i : i + after + 1]))
    return "\n---\n".join(shown)[-6000:]


def test_tables_computed_by_chapters_render_as_tables(built_book):
    # Chapters build tables as Markdown outputs; rendered as CommonMark they would show as
    # paragraphs of pipes ("| Preset | What changes | …").
    import re

    raw = {}
    for page in _content_pages(built_book.html):
        found = re.findall(r"<p>\|[^<]{0,60}", page.read_text(encoding="utf-8"))
        if found:
            raw[page.name] = found[:2]
    assert raw == {}
    tables = re.findall(r"<table", (built_book.html / "chapters" / "13-variants.html").read_text(encoding="utf-8"))
    assert len(tables) >= 2  # the presets table (computed by a cell) is one of them


class _VisibleText(html.parser.HTMLParser):
    """A page's text as a reader sees it: no scripts, styles or code blocks (where ``**`` is code)."""

    HIDDEN = frozenset({"script", "style", "pre", "code", "textarea"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.hidden = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.HIDDEN:
            self.hidden += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


#: Markdown the renderer left as text: bold marks, a link to a label or a page
RAW_MARKDOWN = re.compile(r"\*\*|\]\(#|\]\([\w./-]+\.md")


def test_no_page_shows_raw_markdown(built_book):
    """Issue 25, F7: a claims marker on the line of a list item made the renderer print ``**Nullo.**``
    and ``[Inkle](#gloss-inkle)`` as text (chapter 13, 15 items). Every chapter and reference page."""
    shown = []
    pages = [p for p in _content_pages(built_book.html) if p.relative_to(built_book.html).parts[0] != "lite"]
    assert any(p.parent.name == "chapters" for p in pages)
    for page in pages:
        parser = _VisibleText()
        parser.feed(page.read_text(encoding="utf-8"))
        text = " ".join(" ".join(parser.parts).split())
        for m in RAW_MARKDOWN.finditer(text):
            shown.append(f"{page.relative_to(built_book.html)}: …{text[max(0, m.start() - 40) : m.end() + 40]}…")
    assert not shown, "\n".join(shown)


def test_every_internal_link_resolves(built_book):
    html_dir = built_book.html
    pages = _content_pages(html_dir)
    assert len(pages) >= 2
    parsed = {p: _parse(p) for p in pages}
    broken: list[str] = []
    checked = 0
    for page, links in parsed.items():
        for tag, attr, url in links.links:
            parts = urlsplit(url)
            if parts.scheme or parts.netloc or url.startswith(("mailto:", "javascript:", "data:")):
                continue
            path, fragment = parts.path, parts.fragment
            target = page if not path else (page.parent / unquote(path)).resolve()
            checked += 1
            where = f"{page.relative_to(html_dir)}: <{tag} {attr}={url!r}>"
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{where} -> missing {target}")
                continue
            if html_dir.resolve() not in target.resolve().parents:
                broken.append(f"{where} -> outside the site")
                continue
            if fragment and target.suffix == ".html":
                ids = parsed[target].ids if target in parsed else _parse(target).ids
                if unquote(fragment) not in ids:
                    broken.append(f"{where} -> no id {fragment!r} in {target.relative_to(html_dir)}")
    assert checked > 50, f"only {checked} internal links found: is the site built?"
    assert not broken, f"{len(broken)} broken internal link(s):\n  " + "\n  ".join(broken[:40])


def test_no_page_loads_anything_from_another_host(built_book):
    """Scripts, stylesheets, images, iframes: only from the site itself (links to read elsewhere are fine)."""
    offending: list[str] = []
    for page in _content_pages(built_book.html):
        for tag, attr, url in _parse(page).links:
            loads = attr == "src" or (tag == "link")
            if loads and urlsplit(url).scheme in {"http", "https", ""} and urlsplit(url).netloc:
                offending.append(f"{page.relative_to(built_book.html)}: <{tag} {attr}={url}>")
    # the same check on CSS files: url(...) to another host
    for css in built_book.html.rglob("*.css"):
        for url in re.findall(
            r"url\(\s*['\"]?(https?:)?//([^)'\"]+)", css.read_text(encoding="utf-8", errors="replace")
        ):
            offending.append(f"{css.relative_to(built_book.html)}: url(//{url[1]})")
    assert not offending, "off-site resources:\n  " + "\n  ".join(offending[:40])


def test_widget_pages_use_the_local_widget_scripts(built_book):
    pages_with_widgets = 0
    for page in _content_pages(built_book.html):
        text = page.read_text(encoding="utf-8")
        if WIDGET_VIEW not in text:
            continue
        pages_with_widgets += 1
        srcs = [url for tag, attr, url in _parse(page).links if tag == "script" and attr == "src"]
        names = [s.split("?")[0] for s in srcs]
        order = [
            next((i for i, s in enumerate(names) if s.endswith("widgetjs/" + w)), -1) for w in webassets.WIDGET_SCRIPTS
        ]
        assert -1 not in order, f"{page.name}: widget scripts missing: {srcs}"
        assert order == sorted(order), f"{page.name}: widget scripts out of order: {srcs}"
        assert "application/vnd.jupyter.widget-state+json" in text, f"{page.name}: no saved widget state"
        for name in webassets.WIDGET_SCRIPTS:
            src = next(s for s in names if s.endswith("widgetjs/" + name))
            assert (page.parent / src).resolve().exists(), f"{page.name}: {src} not in the site"
    assert pages_with_widgets >= 1
    static = built_book.html / "_static" / "widgetjs"
    for retired in ("require.js", "html-manager", "anywidget"):
        assert not (static / retired).exists(), f"{retired} is still shipped"


def _saved_state(page: Path) -> dict:
    import json

    match = re.search(
        r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>',
        page.read_text(encoding="utf-8"),
        re.S,
    )
    assert match, f"{page.name}: no saved widget state"
    return json.loads(match.group(1))


def test_each_widget_module_is_shipped_once_as_a_shared_file(built_book):
    """No page repeats a widget's module text: the state names files in _static/widgetjs/esm/, shared by all pages."""
    refs: dict[str, set[Path]] = {}
    for page in _content_pages(built_book.html):
        if WIDGET_VIEW not in page.read_text(encoding="utf-8"):
            continue
        for model in _saved_state(page)["state"].values():
            fields = model["state"]
            if "_esm" not in fields:
                continue
            for key in ("_esm", "_css"):
                value = fields.get(key) or ""
                assert value.startswith(webassets.STATIC_REF), f"{page.name}: {key} is inline ({len(value)} chars)"
                refs.setdefault(value, set()).add(page)
                # the head fetches it early: the module preloaded, the stylesheet linked
                name = value.rsplit("/", 1)[1]
                head = page.read_text(encoding="utf-8").split("</head>")[0]
                wanted = (
                    f'data-fht-ref="{value}"'
                    if key == "_css"
                    else f'rel="modulepreload" href="../_static/widgetjs/esm/{name}"'
                )
                depth = len(page.parent.relative_to(_site_root(page, built_book.html)).parts)
                wanted = wanted.replace("../_static", "../" * depth + "_static")
                assert wanted in head, f"{page.name}: {name} not fetched from the head"
    assert refs, "no anywidget models found"
    for ref, pages in refs.items():
        for site in {_site_root(page, built_book.html) for page in pages}:
            target = site / "_static" / "widgetjs" / ref.removeprefix(webassets.STATIC_REF)
            assert target.exists() and target.stat().st_size > 100, f"{ref} is not in the site at {site}"
    assert any(len(pages) > 1 for pages in refs.values()), "modules should be shared between pages"


def test_pages_do_not_load_the_font_awesome_script(built_book):
    """The theme's 1.5 MB fontawesome.js is left out; its stylesheet draws the icons from the web font."""
    for page in _content_pages(built_book.html):
        assert "fontawesome.js" not in page.read_text(encoding="utf-8"), page.name


def test_thebe_is_not_loaded(built_book):
    """sphinx-thebe's inline script is declared twice per page (a console error); it is left out."""
    for page in _content_pages(built_book.html):
        assert "THEBE_JS_URL" not in page.read_text(encoding="utf-8"), page.name


# --------------------------------------------------------------------------- chapters as notebooks


def test_every_toc_page_with_code_is_a_myst_notebook():
    """JupyterLab (with jupytext) opens these as notebooks: they need the md:myst header and a kernelspec.

    Pages without code (glossary, references) may be plain MyST markdown.
    """
    import yaml

    from tests.support.book import is_myst_notebook

    toc = yaml.safe_load((BOOK / "_toc.yml").read_text())
    files = [toc["root"]]
    stack = list(toc.get("parts", [])) + list(toc.get("chapters", []))
    while stack:
        entry = stack.pop()
        if "file" in entry:
            files.append(entry["file"])
        stack.extend(entry.get("chapters", []) + entry.get("sections", []))
    not_notebooks = []
    for name in files:
        md, ipynb = BOOK / f"{name}.md", BOOK / f"{name}.ipynb"
        if md.exists():
            if "{code-cell}" in md.read_text(encoding="utf-8") and not is_myst_notebook(md):
                not_notebooks.append(str(md.relative_to(ROOT)))
        elif not ipynb.exists():
            not_notebooks.append(f"{name} (no such file)")
    assert not not_notebooks, f"not MyST notebooks: {not_notebooks}"


def test_jupytext_reads_a_chapter_as_a_notebook_with_code_cells():
    import jupytext

    nb = jupytext.read(BOOK / "index.md")  # the header alone must be enough (what JupyterLab does)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    assert any(c.cell_type == "code" for c in nb.cells)


def _notebook_pages() -> list[Path]:
    return [p for p in [BOOK / "index.md", *sorted((BOOK / "chapters").glob("*.md"))] if "jupytext:" in p.read_text()]


def test_chapters_round_trip_through_jupytext_unchanged():
    """Saving a chapter from JupyterLab (jupytext, with book/jupytext.toml) writes back the same text."""
    import jupytext
    from jupytext.config import load_jupytext_configuration_file

    config = load_jupytext_configuration_file(str(BOOK / "jupytext.toml"))
    pages = _notebook_pages()
    assert len(pages) >= 15
    for page in pages:
        text = page.read_text(encoding="utf-8")
        again = jupytext.writes(jupytext.reads(text, fmt="md:myst"), fmt="md:myst", config=config)
        assert again == text, f"{page.name} changes when saved through jupytext: normalise it"


@pytest.mark.jupyterlab
def test_saving_a_chapter_in_jupyterlab_leaves_the_file_unchanged(tmp_path):
    """Open a chapter as a notebook through a real Jupyter server's contents API and save it back."""
    import json
    import shutil
    import urllib.request

    from tests.support.browser import jupyterlab_server

    work = tmp_path / "book"
    (work / "chapters").mkdir(parents=True)
    shutil.copy(BOOK / "jupytext.toml", work / "jupytext.toml")
    chapter = work / "chapters" / "03-bowers.md"
    shutil.copy(BOOK / "chapters" / "03-bowers.md", chapter)
    before = chapter.read_bytes()
    with jupyterlab_server(work, tmp_path / "lab") as (base, token):
        url = f"{base}/api/contents/chapters/03-bowers.md?type=notebook&content=1&token={token}"
        with urllib.request.urlopen(url, timeout=30) as reply:
            model = json.load(reply)
        assert model["type"] == "notebook" and any(c["cell_type"] == "code" for c in model["content"]["cells"])
        body = json.dumps({"type": "notebook", "format": "json", "content": model["content"]}).encode()
        save = urllib.request.Request(url.split("?")[0] + f"?token={token}", data=body, method="PUT")
        save.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(save, timeout=30) as reply:
            assert reply.status == 200
    assert chapter.read_bytes() == before


# --------------------------------------------------------------------------- webassets and the CLI


def test_install_widget_js_writes_the_loader(tmp_path):
    (tmp_path / "html-manager").mkdir()  # left by an older build: removed
    (tmp_path / "require.js").write_text("old")
    scripts = webassets.install_widget_js(tmp_path)
    assert scripts == [webassets.LOADER_SCRIPT]
    loader = (tmp_path / webassets.LOADER_SCRIPT).read_text()
    assert "widget-state+json" in loader and "http" not in loader.replace("https?:", "")
    assert len(loader) < webassets.LOADER_JS.stat().st_size, "comments are left out"
    assert not (tmp_path / "html-manager").exists() and not (tmp_path / "require.js").exists()
    before = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*") if p.is_file()}
    webassets.install_widget_js(tmp_path)  # second run: nothing rewritten
    assert before == {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*") if p.is_file()}


def test_externalise_state_writes_each_module_once(tmp_path):
    esm = "export default { render({ el }) { el.textContent = 'hi'; } };"
    state = {
        "version_major": 2,
        "state": {
            "a": {"model_name": "AnyModel", "state": {"_esm": esm, "_css": ".x{}", "value": 1}},
            "b": {"model_name": "AnyModel", "state": {"_esm": esm, "_css": ".x{}", "value": 2}},
            "c": {"model_name": "LayoutModel", "state": {"width": "auto"}},
        },
    }
    out = webassets.externalise_state(state, tmp_path)
    assert out["version_major"] == 2 and state["state"]["a"]["state"]["_esm"] == esm  # the input is untouched
    a, b = out["state"]["a"]["state"], out["state"]["b"]["state"]
    assert a["_esm"] == b["_esm"] and a["_esm"].startswith(webassets.STATIC_REF + "esm/")
    assert a["value"] == 1 and b["value"] == 2 and out["state"]["c"] == state["state"]["c"]
    files = sorted(p.name for p in tmp_path.iterdir())
    assert len(files) == 2 and {Path(f).suffix for f in files} == {".js", ".css"}
    assert (tmp_path / a["_esm"].rsplit("/", 1)[1]).read_text() == esm
    assert webassets.externalise_state(out, tmp_path) == out  # already shared: unchanged


def test_npm_ci_is_skipped_when_up_to_date():
    webassets.npm_ci(BOOK)
    start = time.perf_counter()
    assert webassets.npm_ci(BOOK) is False
    assert time.perf_counter() - start < 1


def test_npm_ci_reports_a_missing_package_json(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"package\.json"):
        webassets.npm_ci(tmp_path)


def test_npm_ci_runs_once_when_two_callers_race(tmp_path, monkeypatch):
    """`npm ci` empties node_modules first: a second caller (a pytest worker beside the book build)
    waits for the first and then finds the install done, instead of emptying it again mid-build."""
    import threading

    (tmp_path / "package.json").write_text("{}")
    runs: list[float] = []

    def fake_npm(book_dir: Path, *, quiet: bool) -> None:
        runs.append(time.perf_counter())
        (book_dir / "node_modules").mkdir(exist_ok=True)
        time.sleep(0.3)

    monkeypatch.setattr(node, "_run_npm", fake_npm)  # npm_ci lives in bookbuild.node
    results: list[bool] = []
    threads = [threading.Thread(target=lambda: results.append(webassets.npm_ci(tmp_path))) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(runs) == 1 and sorted(results) == [False, True]


def test_script_tags_load_the_loader_deferred():
    tags = webassets.script_tags("static")
    assert tags == f'<script defer src="static/{webassets.LOADER_SCRIPT}"></script>'


def test_build_refuses_a_folder_without_config(tmp_path):
    with pytest.raises(jupyterbook.BookError, match=r"_config\.yml"):
        jupyterbook.run_build(tmp_path)


def test_build_result_collects_sphinx_warnings():
    out = "\x1b[91m/b/ch.md:3: WARNING: undefined label: 'x'\x1b[39;49;00m\n[IPKernelApp] WARNING | noise\nok\n"
    result = jupyterbook.BuildResult(Path("."), 1, out, 1.0)
    assert result.warnings == ["/b/ch.md:3: WARNING: undefined label: 'x'"]
    assert not result.ok


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_cli_book_serve_serves_the_build_on_localhost(built_book):
    if built_book.html != BOOK / "_build" / "html":
        pytest.skip("FIVEHUNDRED_BOOK_OUTPUT moved the build outside book/_build")
    port = _free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "fivehundred_tutor", "book", "serve", "--no-build", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        # The first run in a fresh environment also reports the JupyterLab viewer setting.
        first: list[str] = []
        while len(first) < 6 and not any("Serving the book" in line for line in first):
            first.append(proc.stdout.readline())
        assert any(f"Serving the book at http://127.0.0.1:{port}/" in line for line in first), first
        body = ""
        for _ in range(50):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=2) as r:
                    body = r.read().decode()
                break
            except urllib.error.URLError:
                time.sleep(0.1)
        assert "Five Hundred" in body
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_cli_book_serve_reports_a_busy_port(built_book):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        out = subprocess.run(
            [sys.executable, "-m", "fivehundred_tutor", "book", "serve", "--no-build", "--port", str(port)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
        )
    assert out.returncode == 1
    assert "try another --port" in out.stderr


def test_staleness_follows_the_sources(tmp_path):
    book = tmp_path / "book"
    (book / "_build" / "html").mkdir(parents=True)
    (book / "_config.yml").write_text("title: t\n")
    (book / "_build" / "html" / "index.html").write_text("<html></html>")
    assert jupyterbook.is_stale(book)  # never built successfully: no stamp
    stamp = book / "_build" / ".fivehundred-package-digest"
    stamp.write_text("x")
    future = time.time() + 60
    os.utime(stamp, (future, future))
    assert not jupyterbook.is_stale(book)
    chapter = book / "ch.md"
    chapter.write_text("# new\n")
    later = future + 60
    os.utime(chapter, (later, later))
    assert jupyterbook.is_stale(book)


def test_a_failed_builds_outputs_count_as_outdated(tmp_path):
    """A build that failed wrote no stamp: the next build runs every chapter again, not the stale cache."""
    build_dir = tmp_path / "_build"
    assert not jupyterbook.outputs_outdated(build_dir, "d1")  # nothing built yet: nothing outdated
    (build_dir / ".jupyter_cache").mkdir(parents=True)
    assert jupyterbook.outputs_outdated(build_dir, "d1")  # outputs, no stamp: a failed build's
    (build_dir / ".fivehundred-package-digest").write_text("d1")
    assert not jupyterbook.outputs_outdated(build_dir, "d1")
    assert jupyterbook.outputs_outdated(build_dir, "d2")


def test_configure_jupyterlab_merges_and_reports_bad_json(tmp_path):
    import json

    overrides = tmp_path / "overrides.json"
    overrides.write_text(json.dumps({"@jupyterlab/docmanager-extension:plugin": {"autosave": False}, "x": {"y": 1}}))
    assert jupyterbook.configure_jupyterlab(overrides) is True
    data = json.loads(overrides.read_text())
    assert data["x"] == {"y": 1}
    assert data["@jupyterlab/docmanager-extension:plugin"] == {
        "autosave": False,
        "defaultViewers": {"markdown": "Jupytext Notebook", "myst": "Jupytext Notebook"},
    }
    assert jupyterbook.configure_jupyterlab(overrides) is False  # already set: file untouched
    overrides.write_text("{not json")
    with pytest.raises(jupyterbook.BookError, match="not valid JSON"):
        jupyterbook.configure_jupyterlab(overrides)


def test_pages_workflow_builds_with_the_readmes_command_and_deploys_the_site():
    import yaml

    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = "python3 -m fivehundred_tutor.bootstrap build"
    assert command in readme and "## Publishing the book" in readme
    steps = workflow["jobs"]["build"]["steps"]
    assert any(command in (step.get("run") or "") for step in steps)
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact@"))
    assert upload["with"]["path"] == str(jupyterbook.html_dir(Path("book")))
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert any(s.get("uses", "").startswith("actions/deploy-pages@") for s in deploy["steps"])
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}


def test_the_book_server_says_nothing_when_a_browser_drops_a_connection(tmp_path, capfd):
    """A page closed while a file is on its way resets the connection: no traceback (`book serve` and the tests share the server)."""
    import struct

    from tests.support.browser import serve_directory

    (tmp_path / "big.bin").write_bytes(b"x" * 8_000_000)
    with serve_directory(tmp_path) as base:
        port = int(urlsplit(base).port or 0)
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", port)) as sock:
                sock.sendall(b"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                sock.recv(1024)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close = reset
        time.sleep(0.5)
        with urllib.request.urlopen(base + "big.bin", timeout=10) as reply:  # still serving
            assert len(reply.read()) == 8_000_000
    err = capfd.readouterr().err
    assert "Traceback" not in err and "ConnectionResetError" not in err and "BrokenPipeError" not in err, err


def test_a_style_change_rewrites_the_pages(tmp_path: Path) -> None:
    """Sphinx copies the book's static files only when it writes pages, so a changed stylesheet
    (book/_assets) or template asks for every page to be written again."""
    from fivehundred_tutor.bookbuild.jupyterbook import assets_changed

    (tmp_path / "_assets").mkdir()
    css = tmp_path / "_assets" / "book.css"
    css.write_text("a {}")
    stamp = tmp_path / "stamp"
    assert not assets_changed(tmp_path, stamp)  # never built: the build writes everything anyway
    stamp.write_text("built")
    os.utime(css, (time.time() - 60, time.time() - 60))
    assert not assets_changed(tmp_path, stamp)
    css.write_text("a { color: red }")
    os.utime(css, (time.time() + 5, time.time() + 5))
    assert assets_changed(tmp_path, stamp)
