"""Helpers for tests that drive Debian's chromium with Playwright over local pages only.

Usage::

    from tests.support.browser import launch_chromium, open_page, render_notebook_to_html, serve_directory

    html = render_notebook_to_html("book/some_chapter.md", tmp_path)      # executed, widgets offline
    with launch_chromium() as browser, serve_directory(html.parent) as base:
        page, problems = open_page(browser, base + html.name)
        page.wait_for_selector(".fht-quiz")                               # your widget's root
        ...
        problems.assert_clean()          # console errors, page errors, failed/404 requests, off-site requests
        page.context.close()

- ``launch_chromium()`` is a context manager yielding a headless Playwright ``Browser``
  (``/usr/bin/chromium``; Playwright never downloads a browser here).
- ``serve_directory(path)`` serves a folder on 127.0.0.1 (free port, threaded, quiet) and
  yields the base URL ending in ``/``.
- ``open_page(browser, url)`` opens the URL in a fresh context and returns ``(page, problems)``;
  every request to a host other than 127.0.0.1/localhost is recorded and aborted.
- ``render_notebook_to_html(path, out_dir)`` executes an ``.ipynb`` or MyST ``.md`` notebook and
  writes ``out_dir/<stem>.html`` whose widgets render with the book's local widget loader
  (``out_dir/widgetjs/``), no CDN, no MathJax, no mermaid.
- ``serve_directory(path, prefix="/fivehundred/")`` serves the folder under a sub-path instead
  (as a site published at ``https://example.org/fivehundred/``); other paths answer 404.
- ``jupyterlab_server(root, scratch)`` starts an isolated ``jupyter lab`` (see DESIGN.md) → ``(url, token)``.
- ``run_axe(page)`` injects npm ``axe-core`` and returns the violations; ``axe_table`` prints them.
- ``assert_seen(page, locator)``: what a sighted person sees: visible, a real box inside the viewport.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fivehundred_tutor.bookbuild.jupyterbook import StaticHandler, StaticServer
from tests.support.paths import BOOK, ROOT

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"


# --------------------------------------------------------------------------- browser


_PLAYWRIGHT: Any = None


def _playwright() -> Any:
    """One Playwright driver per process: the sync API refuses a second one while the first runs,
    so nested ``launch_chromium()`` calls (a session fixture plus a test's own) share it."""
    global _PLAYWRIGHT
    if _PLAYWRIGHT is None:
        import atexit

        from playwright.sync_api import sync_playwright

        _PLAYWRIGHT = sync_playwright().start()
        atexit.register(_stop_playwright)
    return _PLAYWRIGHT


def _stop_playwright() -> None:
    global _PLAYWRIGHT
    if _PLAYWRIGHT is not None:
        with contextlib.suppress(Exception):
            _PLAYWRIGHT.stop()
        _PLAYWRIGHT = None


@contextlib.contextmanager
def launch_chromium(*, headless: bool = True) -> Iterator[Any]:
    """Start Debian's chromium under Playwright (sync API); yields the ``Browser``.

    Safe to nest: every call gets its own browser from one shared Playwright driver.
    """
    if not CHROMIUM.exists():
        raise RuntimeError(f"{CHROMIUM} is missing: install Debian's chromium (`apt-get install chromium`)")
    browser = _playwright().chromium.launch(executable_path=str(CHROMIUM), headless=headless, args=CHROMIUM_ARGS)
    try:
        yield browser
    finally:
        browser.close()


#: records the page's main-thread long tasks (> 50 ms) in ``window.__longtasks`` from when it runs
LONGTASKS_JS = """() => {
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: "longtask" });
}"""


@dataclass
class Problems:
    """What went wrong while a page was open (filled in by Playwright event handlers)."""

    console_errors: list[str] = field(default_factory=list)
    console_warnings: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    offsite_requests: list[str] = field(default_factory=list)

    def all(self) -> list[str]:
        return (
            [f"console error: {m}" for m in self.console_errors]
            + [f"page error: {m}" for m in self.page_errors]
            + [f"failed request: {m}" for m in self.failed_requests]
            + [f"off-site request: {m}" for m in self.offsite_requests]
        )

    def __bool__(self) -> bool:
        return bool(self.all())

    def assert_clean(self, where: str = "") -> None:
        found = self.all()
        assert not found, f"problems on {where or 'the page'}:\n  " + "\n  ".join(found)


def _is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in {"data", "blob", "about"}:
        return True
    return (parts.hostname or "") in LOCAL_HOSTS


def open_page(
    browser: Any,
    url: str,
    *,
    color_scheme: str | None = None,
    wait_until: str = "load",
    viewport: dict[str, int] | None = None,
) -> tuple[Any, Problems]:
    """Open ``url`` in a new browser context; return ``(page, problems)``.

    Off-site requests are aborted and recorded.  Close with ``page.context.close()``.
    """
    kwargs: dict[str, Any] = {"viewport": viewport or {"width": 1280, "height": 900}}
    if color_scheme:
        kwargs["color_scheme"] = color_scheme
    context = browser.new_context(**kwargs)
    page = context.new_page()
    problems = Problems()

    def route(route: Any) -> None:
        request_url = route.request.url
        if _is_local(request_url):
            route.continue_()
        else:
            problems.offsite_requests.append(request_url)
            route.abort("blockedbyclient")

    def on_console(msg: Any) -> None:
        text = msg.text
        location = msg.location or {}
        where = f" ({location.get('url', '')}:{location.get('lineNumber', '')})" if location.get("url") else ""
        if msg.type == "error":
            problems.console_errors.append(text + where)
        elif msg.type == "warning":
            problems.console_warnings.append(text + where)

    def on_request_failed(request: Any) -> None:
        if _is_local(request.url):
            problems.failed_requests.append(f"{request.url} ({request.failure})")

    def on_response(response: Any) -> None:
        if response.status >= 400:
            problems.failed_requests.append(f"{response.url} (HTTP {response.status})")

    page.route("**/*", route)
    page.on("console", on_console)
    page.on("pageerror", lambda err: problems.page_errors.append(str(err)))
    page.on("requestfailed", on_request_failed)
    page.on("response", on_response)
    page.goto(url, wait_until=wait_until)
    return page, problems


def count_widgets(page: Any) -> tuple[int, int]:
    """``(declared, rendered)`` widget views on the page.

    Declared: ``<script type="application/vnd.jupyter.widget-view+json">`` tags.
    Rendered: a non-empty, visible ``.widget-subarea`` the widget loader put before each tag.
    """
    declared, rendered = page.evaluate(
        """(mime) => {
            const decl = Array.from(document.querySelectorAll(`script[type="${mime}"]`));
            let rendered = 0;
            for (const s of decl) {
                // The widget loader inserts a .widget-subarea right before the declaring script tag.
                const area = s.previousElementSibling;
                if (area && area.classList.contains('widget-subarea') && area.children.length > 0 &&
                    area.getBoundingClientRect().height > 0) rendered += 1;
            }
            return [decl.length, rendered];
        }""",
        WIDGET_VIEW_MIME,
    )
    return int(declared), int(rendered)


def wait_for_widgets(page: Any, *, timeout_ms: int = 15000) -> tuple[int, int]:
    """Wait until every declared widget rendered (or the timeout); return ``count_widgets``."""
    import time

    deadline = time.monotonic() + timeout_ms / 1000
    declared, rendered = count_widgets(page)
    while rendered < declared and time.monotonic() < deadline:
        page.wait_for_timeout(100)
        declared, rendered = count_widgets(page)
    return declared, rendered


def scroll_to(page: Any, locator: Any, *, tries: int = 3, wait_ms: int = 200) -> None:
    """Scroll the element into view, asking again when the page drew it anew meanwhile (a widget redraws the same
    content as a new element; JupyterLite redraws a cell's output as it settles): "not attached" is retried."""
    for attempt in range(tries):
        try:
            locator.scroll_into_view_if_needed()
            return
        except Exception as error:
            if "not attached" not in str(error) or attempt == tries - 1:
                raise
            page.wait_for_timeout(wait_ms)


def assert_seen(page: Any, locator: Any, *, min_height: float = 40, rows: str = "whole") -> None:
    """Really seen: visible, scrolled into view, a box of real size (wider than 100 px, taller than
    ``min_height``) inside the viewport's width, and on screen as ``rows`` says:

    - ``"whole"``: every row of the box inside the viewport;
    - ``"top"``: its top edge inside the viewport (the rest may run below);
    - ``"start"``: part of its first 80 px on screen (a box taller than the screen, scrolled to its middle).

    Not text in the DOM: a screen-reader-only region or a box pushed off the page fails.
    """
    scroll_to(page, locator)
    assert locator.is_visible()
    box = locator.bounding_box()
    view = page.viewport_size
    assert box is not None and box["width"] > 100 and box["height"] > min_height, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"] + 1, (box, view)
    if rows == "whole":
        assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"] + 1, (box, view)
    elif rows == "top":
        assert box["y"] >= 0 and box["y"] < view["height"], (box, view)
    elif rows == "start":
        assert box["y"] < view["height"] and box["y"] + min(box["height"], 80) > 0, (box, view)
    else:
        raise ValueError(f"rows must be 'whole', 'top' or 'start', not {rows!r}")


# --------------------------------------------------------------------------- the book's pages


def toc_pages(book_dir: Path = BOOK) -> list[str]:
    """HTML paths of the pages in book/_toc.yml, in reading order."""
    import yaml

    toc = yaml.safe_load((book_dir / "_toc.yml").read_text())
    files = [toc["root"]]

    def walk(entries: list[dict]) -> None:
        for entry in entries:
            if "file" in entry:
                files.append(entry["file"])
            walk(entry.get("chapters", []) + entry.get("sections", []))

    walk(toc.get("parts", []) + toc.get("chapters", []))
    return [f"{name}.html" for name in files]


# --------------------------------------------------------------------------- accessibility


def run_axe(page: Any, *, book_dir: Path | None = None) -> list[dict[str, Any]]:
    """Inject npm ``axe-core`` (local file) and return its violations for the current document."""
    from fivehundred_tutor.bookbuild import webassets

    axe = webassets.axe_js(book_dir or webassets.BOOK_DIR)
    # Audit the settled page: colour transitions (e.g. the theme's) give false contrast results.
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):  # an endless animation: audit anyway
        page.wait_for_function(
            "() => document.getAnimations().every(a => a.playState !== 'running')", timeout=3000, polling=100
        )
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(axe))
    return page.evaluate(
        """async () => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 160)}))}));
        }"""
    )


def axe_table(rows: list[tuple[str, dict[str, Any]]]) -> str:
    """A plain-text table of ``(page, violation)`` pairs."""
    if not rows:
        return "axe-core: 0 violations"
    lines = [f"{'page':40} {'impact':9} {'rule':32} nodes  first target"]
    for where, v in rows:
        first = v["nodes"][0]["target"] if v["nodes"] else ""
        lines.append(f"{where[:40]:40} {v['impact'] or '':9} {v['id'][:32]:32} {len(v['nodes']):5}  {first[:60]}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- serving


class QuietHandler(StaticHandler):
    """The book's own static handler (quiet on hang-ups), without a log line per request."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


_QuietServer = StaticServer


def _under_prefix(handler_class: type[QuietHandler], prefix: str) -> type[QuietHandler]:
    """``handler_class`` answering only under ``prefix`` (``/fivehundred/``), mapped onto the folder's root."""

    class Prefixed(handler_class):  # type: ignore[valid-type, misc]
        def send_head(self) -> Any:
            if not self.path.startswith(prefix):
                self.send_error(404, "Not under the site's path")
                return None
            return super().send_head()

        def translate_path(self, path: str) -> str:
            return str(super().translate_path("/" + path[len(prefix) :]))

    return Prefixed


@contextlib.contextmanager
def serve_directory(
    path: str | Path, handler_class: type[QuietHandler] = QuietHandler, *, prefix: str = "/"
) -> Iterator[str]:
    """Serve ``path`` on 127.0.0.1 (free port) in a thread; yields ``http://127.0.0.1:PORT/``.

    With ``prefix`` (``"/fivehundred/"``) the folder is served under that path only, as a site
    published in a sub-folder of its host; the URL yielded ends with the prefix.
    """
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError(f"prefix must start and end with '/', not {prefix!r}")
    if prefix != "/":
        handler_class = _under_prefix(handler_class, prefix)
    handler = functools.partial(handler_class, directory=str(path))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="serve_directory", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


# --------------------------------------------------------------------------- a real JupyterLab

LAB_QUIET = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
}


#: extensions the test extra brings along (nbgrader, otter's ipylab, Notebook 7) that a learner's JupyterLab lacks
EXTRA_LAB_EXTENSIONS = ("@jupyter/nbgrader", "@jupyter-notebook/lab-extension", "ipylab")
EXTRA_SERVER_EXTENSIONS = (
    "nbgrader.server_extensions.formgrader",
    "nbgrader.server_extensions.validate_assignment",
    "nbgrader.server_extensions.assignment_list",
    "nbgrader.server_extensions.course_list",
)


def quiet_extensions(config_dir: Path) -> None:
    """Turn off, in an isolated Jupyter config folder, the extensions that only the test tools bring."""
    import json

    (config_dir / "labconfig").mkdir(parents=True, exist_ok=True)
    disabled = {name: True for name in EXTRA_LAB_EXTENSIONS}
    (config_dir / "labconfig" / "page_config.json").write_text(json.dumps({"disabledExtensions": disabled}))
    server = {"ServerApp": {"jpserver_extensions": {name: False for name in EXTRA_SERVER_EXTENSIONS}}}
    (config_dir / "jupyter_server_config.json").write_text(json.dumps(server))


@contextlib.contextmanager
def jupyterlab_server(
    root_dir: Path | None,
    scratch: Path,
    overrides: dict[str, Any] | None = None,
    extra_env: dict[str, str] | None = None,
    *,
    command: Callable[[int, str], list[str]] | None = None,
    cwd: Path | None = None,
) -> Iterator[tuple[str, str]]:
    """An isolated ``jupyter lab`` on 127.0.0.1 serving ``root_dir``; yields ``(base_url, token)``.

    Config, data, runtime, IPython, user-settings and workspace folders live in ``scratch``;
    ``overrides`` (default: no news, no update check, no autosave) go to its app settings;
    ``extra_env`` is added to the server's (and so the kernels') environment.

    ``command(port, token)`` starts the server another way (``fivehundred-tutor lab``: its own
    root and settings, so ``root_dir`` and ``overrides`` are unused): the command line it returns
    must serve JupyterLab on ``port`` with ``token``; it runs in ``cwd`` with the same isolated
    environment, and is waited for, shut down and killed if need be like ``jupyter lab``.
    """
    import json
    import os
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    settings = scratch / "app_settings"
    settings.mkdir(parents=True, exist_ok=True)
    quiet_extensions(scratch / "config")
    (settings / "overrides.json").write_text(json.dumps(overrides if overrides is not None else LAB_QUIET))
    env = dict(os.environ)
    for var, sub in (
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("IPYTHONDIR", "ipython"),
        ("JUPYTERLAB_SETTINGS_DIR", "user_settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
    ):
        env[var] = str(scratch / sub)
    env.update(extra_env or {})
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    token = "fivehundred-test"
    if command is not None:
        cmd = command(port, token)
    else:
        if root_dir is None:
            raise ValueError("jupyterlab_server needs a root_dir to serve (or a command)")
        cmd = [
            sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip", "127.0.0.1", f"--port={port}",
            f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root_dir}",
            f"--LabApp.app_settings_dir={settings}",
        ]  # fmt: skip
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--allow-root")
    log_path = scratch / "lab.log"
    with log_path.open("w") as log:
        # its own process group: whatever the command starts is stopped with it
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=1) as reply:
                        if reply.status == 200:
                            break
                except OSError:
                    pass
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("jupyter lab did not start:\n" + log_path.read_text()[-3000:])
                time.sleep(0.2)
            yield base, token
        finally:
            try:
                request = urllib.request.Request(
                    f"{base}/api/shutdown", method="POST", headers={"Authorization": f"token {token}"}
                )
                urllib.request.urlopen(request, timeout=5)
                proc.wait(timeout=10)
            except Exception:
                proc.kill()
                proc.wait()
            finally:
                import contextlib
                import signal

                with contextlib.suppress(ProcessLookupError, PermissionError):  # kernels and all it left behind
                    os.killpg(proc.pid, signal.SIGKILL)


# --------------------------------------------------------------------------- notebooks → offline HTML

_OFFLINE_TEMPLATE = """\
{%- extends 'index.html.j2' -%}
{%- block html_head_js_requirejs -%}{%- endblock html_head_js_requirejs -%}
{% block jupyter_widgets %}
{{ resources.fht_widget_scripts }}
{% endblock jupyter_widgets %}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
"""


def read_notebook(path: str | Path) -> Any:
    """Read an ``.ipynb`` or a MyST markdown notebook (forced ``md:myst``) as an nbformat node."""
    import jupytext
    import nbformat

    path = Path(path)
    if path.suffix == ".ipynb":
        return nbformat.read(path, as_version=4)
    return jupytext.read(path, fmt="md:myst")


def kernel_env() -> dict[str, str]:
    """The environment for a test notebook's kernel: this one, with the repository on ``PYTHONPATH``
    so a notebook imports the tests' helpers as the tests do (``from tests.support.widgets import gallery``)."""
    import os

    paths = [str(ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(dict.fromkeys(paths))}


def render_notebook_to_html(
    notebook: str | Path, out_dir: str | Path, *, timeout: int = 120, execute: bool = True
) -> Path:
    """Execute ``notebook`` (``.ipynb`` or MyST ``.md``; its kernel gets :func:`kernel_env`) and export
    ``out_dir/<stem>.html``.

    The page draws its saved widget state with the book's widget loader from
    ``out_dir/widgetjs/`` (installed by ``fivehundred_tutor.bookbuild.webassets``; the modules
    stay inline in the state, loaded once each through a Blob URL), so its widgets render
    offline.  Serve ``out_dir`` (``serve_directory``) to open it.
    """
    import jinja2
    from nbclient import NotebookClient
    from nbconvert import HTMLExporter

    from fivehundred_tutor.bookbuild import webassets

    notebook = Path(notebook).resolve()
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    webassets.install_widget_js(out_dir / "widgetjs")
    nb = read_notebook(notebook)
    if execute:
        client = NotebookClient(
            nb, timeout=timeout, kernel_name="python3", store_widget_state=True,
            resources={"metadata": {"path": str(notebook.parent)}},
        )  # fmt: skip
        client.execute(env=kernel_env())
    exporter = HTMLExporter(
        template_name="lab",
        extra_loaders=[jinja2.DictLoader({"fht_offline.html.j2": _OFFLINE_TEMPLATE})],
        template_file="fht_offline.html.j2",
    )
    body, _ = exporter.from_notebook_node(
        nb, resources={"fht_widget_scripts": webassets.script_tags("widgetjs/"), "metadata": {"name": notebook.stem}}
    )
    out = out_dir / f"{notebook.stem}.html"
    out.write_text(body, encoding="utf-8")
    return out
