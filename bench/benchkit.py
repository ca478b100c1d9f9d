"""What the browser benchmarks share: a static host that counts what it sends, and Chromium with a disk cache.

    from bench.benchkit import chromium_profile, kind, static_host

- ``static_host(root, prefix="/")`` (a context manager) serves a built site on 127.0.0.1 the way a
  real static host does: ``Last-Modified`` and ``ETag`` on every file, ``Cache-Control: max-age=600``
  (GitHub Pages' header), ``304 Not Modified`` for a conditional request that still matches.  It
  records every response (``host.sent``: path, bytes of the body, status) and, when asked after
  the visit, the gzip size of each file (what a host that compresses sends).
- ``chromium_profile(folder)`` starts Debian's chromium with a user-data folder (a persistent
  context): the HTTP cache is on disk as in a reader's browser.  Playwright's ordinary contexts
  are incognito, whose in-memory cache keeps no entry larger than a few MB (Pyodide's wasm and
  JupyterLab's bundles are larger), so a "revisit" there downloads them again.
"""

from __future__ import annotations

import functools
import http.server
import os
import threading
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fivehundred_tutor.bookbuild import webassets

ROOT = Path(__file__).resolve().parent.parent

MIB = 2**20
MAX_AGE = 600


@dataclass
class Sent:
    """What the host sent: ``(seconds, path, body bytes, status)`` per response, in order (``seconds``:
    ``time.perf_counter()`` when the response began); gzip size by path."""

    rows: list[tuple[float, str, int, int]] = field(default_factory=list)
    gzipped: dict[str, int] = field(default_factory=dict)
    #: the file each path was served from: gzip sizes are computed when asked, after the visit (compressing
    #: 30 MB while the browser loads took a core from it)
    files: dict[str, Path] = field(default_factory=dict)
    #: paths asked for outside the site's prefix (answered 404)
    outside: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def mark(self) -> int:
        return len(self.rows)

    def since(self, mark: int = 0) -> list[tuple[float, str, int, int]]:
        with self.lock:
            return list(self.rows[mark:])

    def total(self, mark: int = 0) -> int:
        return sum(size for _t, _p, size, _s in self.since(mark))

    def wire(self, path: str, size: int) -> int:
        """What a host that compresses sends for this response: gzip, unless the file is compressed already."""
        if path not in self.gzipped and path in self.files:
            self.gzipped[path] = len(zlib.compress(self.files[path].read_bytes(), 6)) + 18
        return min(size, self.gzipped.get(path, size))

    def gzip_total(self, mark: int = 0) -> int:
        return sum(self.wire(path, size) for _t, path, size, _s in self.since(mark))

    def first(self, fragment: str, mark: int = 0) -> float | None:
        """When the first response whose path holds ``fragment`` began (None: never asked for)."""
        return next((t for t, path, _n, _s in self.since(mark) if fragment in path), None)

    def last(self, fragment: str, mark: int = 0) -> float | None:
        return next((t for t, path, _n, _s in reversed(self.since(mark)) if fragment in path), None)


def _handler(sent: Sent, prefix: str) -> type[http.server.SimpleHTTPRequestHandler]:
    class Handler(http.server.SimpleHTTPRequestHandler):
        _etag: str | None = None
        outside: list[str] = sent.outside

        def translate_path(self, path: str) -> str:
            if prefix != "/":
                if not path.startswith(prefix):  # outside the site: a name no file has (a 404)
                    self.outside.append(path)
                    return str(Path(self.directory) / ".outside-the-site" / "missing")
                path = "/" + path[len(prefix) :]
            return super().translate_path(path)

        def send_head(self) -> Any:
            local = Path(self.translate_path(self.path))
            if local.is_file():
                stat = local.stat()
                etag = f'"{stat.st_size:x}-{stat.st_mtime_ns:x}"'
                if self.headers.get("If-None-Match") == etag:
                    self.send_response(304)
                    self.send_header("ETag", etag)
                    self.send_header("Cache-Control", f"max-age={MAX_AGE}")
                    self.end_headers()
                    self._record(0, 304)
                    return None
                self._etag = etag
            return super().send_head()

        def end_headers(self) -> None:
            etag = self._etag
            if etag:
                self.send_header("ETag", etag)
                self.send_header("Cache-Control", f"max-age={MAX_AGE}")
                self._etag = None
            super().end_headers()

        def copyfile(self, source: Any, outputfile: Any) -> None:
            data = source.read()
            path = self._record(len(data), 200)
            outputfile.write(data)
            if path not in sent.files and isinstance(getattr(source, "name", None), str):
                sent.files[path] = Path(source.name)

        def _record(self, size: int, status: int) -> str:
            path = self.path.split("?")[0]
            with sent.lock:
                sent.rows.append((time.perf_counter(), path, size, status))
            return path

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def handle(self) -> None:
            with suppress(ConnectionResetError, BrokenPipeError):
                super().handle()

    return Handler


@contextmanager
def static_host(root: Path, prefix: str = "/") -> Iterator[tuple[str, Sent]]:
    """Serve ``root`` under ``prefix``; yields ``(base URL ending in the prefix, what was sent)``."""
    sent = Sent()
    handler = functools.partial(_handler(sent, prefix), directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{prefix}", sent
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def chromium_profile(user_dir: Path, **options: Any) -> Iterator[Any]:
    """Debian's chromium with a profile folder (HTTP cache on disk); yields the persistent ``BrowserContext``."""
    from playwright.sync_api import sync_playwright

    from tests.support.browser import CHROMIUM, CHROMIUM_ARGS

    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(user_dir),
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900},
            **options,
        )
        try:
            yield context
        finally:
            context.close()


def browser_cpu(user_dir: Path) -> float:
    """CPU seconds used so far by the live processes of the chromium running with profile ``user_dir``.

    Less sensitive to a loaded machine than wall-clock time (a process waiting for a core uses none);
    read it before closing a tab (a closed tab's process takes its figure with it).
    """
    needle = f"--user-data-dir={user_dir}".encode()
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if needle not in (proc / "cmdline").read_bytes():
                continue
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def kind(path: str) -> str:
    """What a served file is for: the Pyodide runtime, the notebook's wheels, JupyterLab, the book …"""
    if f"/_static/{webassets.LIVE_DIR}/" in path or "/pyodide-alt/" in path:
        return "Pyodide runtime" if ".whl" not in path and "worker" not in path else "live engine (wheel, worker)"
    if "/lite/kernel/" in path or "/lite/pypi/" in path:
        return "the notebook's Python"  # its start-up snapshot, its files, the install cell's wheel
    if "/lite/files/" in path or "/lite/api/" in path:
        return "notebook, figures"
    if "/lite/" in path:
        return "JupyterLab"
    return "book page"


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} ({os.cpu_count()} cores)"
