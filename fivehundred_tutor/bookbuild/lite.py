"""JupyterLab in the reader's browser: every chapter as a notebook in JupyterLite, served by the book itself.

Listed in the book's Sphinx ``extensions``, this module makes ``book build``
write a JupyterLite site into ``<html>/lite/`` (JupyterLab + a Python running
in the browser under Pyodide), and the chapter pages' *Open in JupyterLab*
button (``book/_templates/fivehundred-lite-button.html``) opens
``lite/lab/index.html?path=chapters/NAME.ipynb`` in a new tab.  Nothing comes
from anywhere but the site::

    lite/                       ``jupyter lite build`` output (apps: lab), extensions:
                                the widget manager, anywidget, the Pyodide kernel
    lite/files/chapters/*.ipynb the chapters as notebooks (see :func:`export_notebook`)
    lite/files/chapters/figures/*.png   the figures the book build drew (plot-cell fallback)
    lite/pypi/                  this package's wheel (with the widgets' bundles): the install cell's source
    lite/kernel/                ``pyodide-lock.json`` + every wheel the notebook's Python loads at start
                                (this package's too), ``start.mjs`` (the kernel's ``pyodideUrl``)

Pyodide itself is the live book's (``_static/live/``, npm ``pyodide`` pinned in
``book/package.json``): one runtime, cached once by the browser for both.  The
lock file lists only what the kernel needs (micropip, packaging, IPython and its
pure-Python dependencies, the widget stack, the kernel's own wheels, this
package), all pure-Python wheels from PyPI (downloaded once into a cache, pinned
to the versions installed here), loaded in parallel while the kernel starts.
``jedi`` (completions; the largest wheel) is left out: a metadata-only stand-in
satisfies the kernel's install step and IPython completes without it (IPython
only imports jedi when it is importable).

``kernel/start.mjs`` (:data:`KERNEL_START_JS`) is what the kernel loads as its
Pyodide: it starts the book's Pyodide, unpacks the lock's wheels and, the first
time, imports IPython, the widget stack and this package's widgets and keeps a
memory snapshot of that interpreter in Cache Storage; every later start (another
chapter, a revisit) begins from it, without Python's start-up and those imports.

The exported notebooks start with an install cell (``%pip install
fivehundred-tutor``: piplite, from ``lite/pypi`` only, PyPI fallback off),
collapse the book's hidden cells (``jupyter.source_hidden``), carry no saved
outputs or widget state, and wrap every plot cell so that without matplotlib
(there is none for Pyodide on PyPI) the learner sees the figure the build drew.

Build from a shell (the book must have been built once, for its executed notebooks)::

    python -m fivehundred_tutor.bookbuild.lite BUILD/_build/html
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from . import bundles, webassets
from .celltags import HIDE_OUTPUT, HIDE_SOURCE

__all__ = [
    "BUTTON_TEMPLATE",
    "KERNEL_DISTRIBUTIONS",
    "KERNEL_START",
    "KERNEL_START_JS",
    "LITE_DIR",
    "LiteError",
    "LiteResult",
    "build_lite",
    "export_notebook",
    "kernel_wheels",
    "main",
    "setup",
    "write_package_wheel",
]

LITE_DIR = "lite"
BUTTON_TEMPLATE = "fivehundred-lite-button.html"
PACKAGE_DIR = Path(__file__).resolve().parents[1]
#: the Python version of the book's Pyodide (npm ``pyodide`` 0.29.x: CPython 3.13)
PYODIDE_PYTHON = "3.13"
#: pure-Python wheels the notebook's Python loads at start (PyPI; versions as installed here)
KERNEL_DISTRIBUTIONS = (
    "micropip",
    "packaging",
    "ipython",
    "ipython-pygments-lexers",
    "pygments",
    "prompt-toolkit",
    "wcwidth",
    "stack-data",
    "asttokens",
    "executing",
    "pure-eval",
    "matplotlib-inline",
    "traitlets",
    "comm",
    "ipywidgets",
    "jupyterlab-widgets",
    "anywidget",
    "psygnal",
    "typing-extensions",
    "tqdm",
)
#: not installed in this environment: pinned here (micropip: the version npm pyodide's own lock names)
_PINS = {"micropip": "0.11.0"}
#: the Pyodide kernel's own wheels (ipykernel and widgetsnbextension are its stand-ins), from its labextension
_KERNEL_OWN = ("piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension")
_KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
_FEDERATED = (_KERNEL_EXTENSION, "@jupyter-widgets/jupyterlab-manager", "anywidget")
_KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
_STAMP = ".fivehundred-lite-digest"

INSTALL_CELL = (
    "# Installs this book's Python package into the notebook, from the book's own site (no internet needed).\n"
    "%pip install -q fivehundred-tutor"
)
_PLOT_FALLBACK = """\
try:
    import matplotlib
except ImportError:  # no matplotlib in this browser's Python: show the figure drawn when the book was built
    from IPython.display import Image, Markdown, display

    try:
{images}
    except OSError:  # the notebook's folder is out of Python's reach here: the page shows the file instead
{links}
else:
{body}"""


#: the notebook's Python start (``kernel/start.mjs``, the kernel's ``pyodideUrl``): the book's Pyodide, and
#: from the second visit on a memory snapshot of the started interpreter (see :data:`KERNEL_START_JS`)
KERNEL_START = "start.mjs"
#: modules in the snapshot: what the kernel and a chapter import that touch no JavaScript object
#: (micropip, piplite and pyodide_kernel do: the kernel imports them after the start, as before);
#: this package is preloaded with the kernel's wheels, so its widgets are imported there too
SNAPSHOT_IMPORTS = (
    "IPython",
    "comm",
    "ipywidgets",
    "anywidget",
    "packaging.requirements",
    "packaging.tags",
    "packaging.utils",
    "packaging.markers",
    "zipfile",
    "asyncio",
    "tarfile",
    "email.parser",
    "importlib.metadata",
    "fivehundred_tutor.widgets",
)
KERNEL_START_JS = """\
// Generated by fivehundred_tutor.bookbuild.lite: the notebook's Python (JupyterLite's Pyodide kernel) starts here.
//
// The kernel's worker imports this module as its Pyodide (``pyodideUrl``) and calls loadPyodide(options).
// It loads the book's own Pyodide (the live book's, one runtime for both), unpacks the kernel's wheels
// (kernel/pyodide-lock.json) and, the first time, imports what every chapter needs and keeps a memory
// snapshot of that interpreter in the browser's Cache Storage, keyed by the lock file's hash.  The next
// start (another chapter, a revisit) begins from the snapshot: no interpreter start-up, no imports.
// No Cache Storage (an insecure context, a private window) or a snapshot this Pyodide refuses: the
// ordinary start.  Nothing here decides anything about the game.
import { loadPyodide as loadRuntime, version } from "../../_static/%(live)s/pyodide.mjs";

export { version };

const INDEX = new URL("../../_static/%(live)s/", import.meta.url).href;
const LOCK = new URL("pyodide-lock.json", import.meta.url).href;
const STORE = "fivehundred-notebook";
const WARM = %(warm)s;

async function openStore() {
  try {
    return typeof caches === "object" && caches ? await caches.open(STORE) : null;
  } catch (_error) {
    return null;
  }
}

async function readSnapshot(store, key) {
  try {
    const hit = store ? await store.match(key) : null;
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (_error) {
    return null;
  }
}

async function unpackWheels(pyodide, lock, names) {
  const files = names.filter((name) => lock.packages[name]).map((name) => lock.packages[name].file_name);
  const wheels = await Promise.all(
    files.map(async (file) => {
      const response = await fetch(new URL(file, LOCK));
      if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    }),
  );
  // into site-packages (the default is the working directory, which the kernel changes)
  const extractDir = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const bytes of wheels) pyodide.unpackArchive(bytes, "wheel", { extractDir });
}

export async function loadPyodide(options = {}) {
  const names = options.packages || [];
  const base = { ...options, indexURL: INDEX, lockFileURL: LOCK, packages: [] };
  const [store, lockText] = await Promise.all([openStore(), fetch(LOCK).then((r) => r.text())]);
  const lock = JSON.parse(lockText);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(lockText + WARM)));
  const key = `${LOCK}?pyodide=${version}&sha256=${[...digest].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
  const snapshot = await readSnapshot(store, key);
  if (snapshot) {
    try {
      const pyodide = await loadRuntime({ ...base, _loadSnapshot: snapshot });
      await unpackWheels(pyodide, lock, names);
      return pyodide;
    } catch (_error) {
      await store.delete(key).catch(() => {}); // a snapshot this Pyodide cannot read: the ordinary start
    }
  }
  const pyodide = await loadRuntime({ ...base, _makeSnapshot: Boolean(store) });
  await unpackWheels(pyodide, lock, names);
  if (store) {
    try {
      pyodide.runPython(WARM);
      const bytes = pyodide.makeMemorySnapshot();
      for (const old of await store.keys()) await store.delete(old);
      store.put(key, new Response(bytes, { headers: { "content-type": "application/octet-stream" } })).catch(() => {});
    } catch (_error) {
      // no snapshot this time (a full disk, a refused snapshot): the next start is the ordinary one
    }
  }
  return pyodide;
}
"""


class LiteError(RuntimeError):
    """The in-browser notebooks cannot be built (a one-line reason a person can act on)."""


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "fivehundred-tutor" / "lite-wheels"


def _wheel_name_version(path: Path) -> tuple[str, str]:
    parts = path.name.split("-")
    return _canonical(parts[0]), parts[1]


def _pinned(name: str) -> str:
    if name in _PINS:
        return _PINS[name]
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError as err:
        raise LiteError(f"{name} is not installed here: `pip install -e '.[book]'` installs it") from err


def kernel_wheels(cache: Path | None = None, *, quiet: bool = True) -> list[Path]:
    """The PyPI wheels of :data:`KERNEL_DISTRIBUTIONS` (pure Python), downloaded once into ``cache``."""
    cache = cache or _cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    wanted = {name: _pinned(name) for name in KERNEL_DISTRIBUTIONS}
    have = {_wheel_name_version(p): p for p in cache.glob("*-none-any.whl")}
    missing = [f"{name}=={version}" for name, version in wanted.items() if (name, version) not in have]
    if missing:
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--dest", str(cache)]
        cmd += ["--python-version", PYODIDE_PYTHON, "--implementation", "py", "--abi", "none", "--platform", "any"]
        proc = subprocess.run([*cmd, *missing], capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            last = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["?"]
            raise LiteError(f"cannot download the notebook's wheels from PyPI ({' '.join(missing)}): {last[0]}")
        have = {_wheel_name_version(p): p for p in cache.glob("*-none-any.whl")}
    return [have[(name, version)] for name, version in wanted.items()]


def _kernel_own_wheels() -> list[Path]:
    folder = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / _KERNEL_EXTENSION / "static" / "pypi"
    found = {_canonical(p.name.split("-")[0]): p for p in sorted(folder.glob("*.whl"))}
    # widgetsnbextension: the stand-in for ipywidgets 8 (4.0.999), not the one for ipywidgets 7
    wheels = sorted(folder.glob("widgetsnbextension-4.*.whl"))
    if wheels:
        found["widgetsnbextension"] = wheels[-1]
    missing = [name for name in _KERNEL_OWN if name not in found]
    if missing:
        raise LiteError(f"jupyterlite-pyodide-kernel's wheels are missing in {folder}: `pip install -e '.[book]'`")
    return [found[name] for name in _KERNEL_OWN]


def write_package_wheel(out_dir: Path, package_dir: Path = PACKAGE_DIR) -> Path:
    """This package as a wheel for the notebook: Python, data and the widgets' bundled front end.

    Unlike the live book's wheel (which leaves the widget modules out: the page
    has them), JupyterLab needs each widget's ``_esm`` from the package.  The
    dependencies are the installed package's own (``Requires-Dist``).
    """
    static = package_dir / "widgets" / "static"
    if not any(static.glob("*.js")):
        raise LiteError(
            f"the widgets' bundles are missing in {static}: `python -m fivehundred_tutor.bookbuild.bundles`"
        )
    requires = [r for r in metadata.requires("fivehundred-tutor") or [] if "extra ==" not in r]
    return webassets.write_wheel(out_dir, package_dir, widget_modules=True, requires=requires, generator=__name__)


def _jedi_stand_in(out_dir: Path) -> Path:
    """A metadata-only ``jedi``: the kernel's start-up installs "jedi"; IPython completes without it."""
    summary = "Stand-in: jedi (code completion) is left out of the book's in-browser notebooks to keep them light."
    meta = f"Metadata-Version: 2.1\nName: jedi\nVersion: 0+absent\nSummary: {summary}\n"
    entries = [("jedi-0+absent.dist-info/METADATA", meta.encode())]
    return webassets.zip_wheel(out_dir / "jedi-0+absent-py3-none-any.whl", entries, generator=__name__)


def _top_level(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    tops = {n.split("/")[0] for n in names if "/" in n and not n.split("/")[0].endswith((".dist-info", ".data"))}
    tops |= {n[:-3] for n in names if "/" not in n and n.endswith(".py")}
    return sorted(t for t in tops if t.isidentifier())


def _lock_entry(wheel: Path) -> dict[str, Any]:
    name, version = _wheel_name_version(wheel)
    return {
        "name": name,
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": _top_level(wheel),
        "depends": [],
        "unvendored_tests": False,
        "shared_library": False,
    }


def _pyodide_info(book_dir: Path) -> dict[str, Any]:
    lock = book_dir / "node_modules" / "pyodide" / "pyodide-lock.json"
    if not lock.exists():
        raise LiteError(f"{lock} is missing: run `npm ci` in {book_dir}")
    info: dict[str, Any] = json.loads(lock.read_text())["info"]
    return info


def write_kernel_dir(
    kernel_dir: Path, book_dir: Path, cache: Path | None = None, extra: Iterable[Path] = ()
) -> list[str]:
    """Copy the kernel's wheels (and ``extra`` ones, e.g. this package's) into ``kernel_dir`` with a
    ``pyodide-lock.json`` naming them; return the names.  Every one is loaded while the kernel starts,
    in parallel: the chapter's install cell then finds this package installed (no index round trip)."""
    kernel_dir.mkdir(parents=True, exist_ok=True)
    wheels = [*kernel_wheels(cache), *_kernel_own_wheels(), *extra]
    keep = {w.name for w in wheels} | {"pyodide-lock.json", "jedi-0+absent-py3-none-any.whl", KERNEL_START}
    for old in kernel_dir.iterdir():
        if old.name not in keep:
            old.unlink()
    copied = []
    for wheel in wheels:
        webassets.copy_if_changed(wheel, kernel_dir / wheel.name)
        copied.append(kernel_dir / wheel.name)
    copied.append(_jedi_stand_in(kernel_dir))
    packages = {entry["name"]: entry for entry in map(_lock_entry, copied)}
    lock = {"info": _pyodide_info(book_dir), "packages": packages}
    webassets.write_if_changed(kernel_dir / "pyodide-lock.json", json.dumps(lock, indent=1, sort_keys=True) + "\n")
    warm = json.dumps("import " + ", ".join(SNAPSHOT_IMPORTS))
    webassets.write_if_changed(kernel_dir / KERNEL_START, KERNEL_START_JS % {"live": webassets.LIVE_DIR, "warm": warm})
    return sorted(packages)


# --------------------------------------------------------------------------- notebooks


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def _pngs(cell: dict[str, Any]) -> list[bytes]:
    out = []
    for output in cell.get("outputs", []):
        data = output.get("data", {}) if isinstance(output, dict) else {}
        png = data.get("image/png")
        if png:
            out.append(base64.b64decode("".join(png) if isinstance(png, list) else png))
    return out


def _alt(cell: dict[str, Any]) -> str:
    meta = cell.get("metadata", {}).get("mystnb", {}) or {}
    for key in ("image", "figure"):
        part = meta.get(key) or {}
        text = part.get("alt") or part.get("caption")
        if text:
            return " ".join(str(text).split())
    return "The figure drawn when the book was built"


#: a MyST target line, ``(ch-bowers)=``: the book's cross-reference labels, printed as text by JupyterLab
_MYST_TARGET = re.compile(r"^\([\w.:-]+\)=[ \t]*$\n?", re.M)
#: names that draw with matplotlib even when a cell does not import it (an earlier cell did)
_DRAWING_SEED = frozenset({"plt", "matplotlib", "mpl"})


def _split_drawing(source: str) -> tuple[list[str], list[str]] | None:
    """A plot cell's top-level statements as (computing, drawing), each in its order; None if not Python.

    Drawing statements are matplotlib's imports and every statement that uses a
    name bound by a drawing statement (``fig, ax = plt.subplots()``, ``ax.bar(...)``,
    ``for ax in axes: ...``); the rest compute what later cells use, so they stay.
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    lines = source.splitlines()
    drawing_names = set(_DRAWING_SEED)
    computing: list[str] = []
    drawing: list[str] = []
    start = 0
    for node in tree.body:
        end = node.end_lineno or node.lineno
        text = "\n".join(lines[start:end]).strip("\n")
        start = end
        loads = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        stores = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            if any(m.split(".")[0] == "matplotlib" for m in modules):
                drawing_names |= {(a.asname or a.name).split(".")[0] for a in node.names}
                drawing.append(text)
                continue
        if loads & drawing_names:
            drawing_names |= stores
            drawing.append(text)
        else:
            computing.append(text)
    return computing, drawing


def _plot_cell(computing: list[str], drawing: list[str], figures: list[str], alt: str) -> str:
    """The cell that computes as before and draws with matplotlib where there is one, else shows ``figures``."""
    alt = " ".join(alt.replace("[", "(").replace("]", ")").split())
    images = "\n".join(f"        display(Image(filename={path!r}, alt={alt!r}))" for path in figures)
    links = "\n".join(f"        display(Markdown({f'![{alt}]({path})'!r}))" for path in figures)
    fallback = _PLOT_FALLBACK.format(images=images, links=links, body=textwrap.indent("\n".join(drawing), "    "))
    return "\n\n".join(["\n".join(computing), fallback]) if computing else fallback


def export_notebook(executed: dict[str, Any], stem: str, figures_dir: Path) -> dict[str, Any]:
    """A chapter's executed notebook (myst-nb's ``jupyter_execute``) as the learner's notebook.

    No outputs or widget state (the learner runs it); an install cell before the
    first code cell; the book's hidden cells collapsed; plot cells fall back on
    the figures the build drew, written into ``figures_dir`` (beside the
    notebook) as ``STEM-N.png``: Python reads the file (JupyterLite gives it
    the notebook's folder), so the figure is kept in the notebook's outputs.
    """
    cells: list[dict[str, Any]] = []
    installed = False
    count = 0
    for cell in executed.get("cells", []):
        kind = cell.get("cell_type")
        source = _source(cell)
        meta = {k: v for k, v in (cell.get("metadata") or {}).items() if k in ("tags", "mystnb")}
        if kind != "code":
            source = _MYST_TARGET.sub("", source).strip("\n") if kind == "markdown" else source
            cells.append({"cell_type": kind, "metadata": meta, "source": source, **_attachments(cell)})
            continue
        if not installed:
            cells.append(_code(INSTALL_CELL, {"tags": ["install"]}))
            installed = True
        tags = set(meta.get("tags", []))
        hidden: dict[str, bool] = {}
        if tags & HIDE_SOURCE:
            hidden["source_hidden"] = True
        if tags & HIDE_OUTPUT:
            hidden["outputs_hidden"] = True
        if hidden:
            meta["jupyter"] = hidden
        if "remove-cell" in tags:
            meta["collapsed"] = True
        pngs = _pngs(cell)
        split = _split_drawing(source) if pngs else None
        if split and split[1]:
            names = []
            for png in pngs:
                count += 1
                name = f"{stem}-{count}.png"
                figures_dir.mkdir(parents=True, exist_ok=True)
                (figures_dir / name).write_bytes(png)
                names.append(f"{figures_dir.name}/{name}")
            source = _plot_cell(*split, names, _alt(cell))
        cells.append(_code(source, meta))
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"name": "python", "display_name": "Python (Pyodide)", "language": "python"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def _attachments(cell: dict[str, Any]) -> dict[str, Any]:
    return {"attachments": cell["attachments"]} if cell.get("attachments") else {}


def _code(source: str, metadata: dict[str, Any]) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "metadata": metadata, "outputs": [], "source": source}


def _with_ids(nb: dict[str, Any], stem: str) -> dict[str, Any]:
    for i, cell in enumerate(nb["cells"]):
        cell["id"] = f"{stem[:40]}-{i}"
    return nb


def export_chapters(executed_dir: Path, contents_dir: Path, docnames: Iterable[str]) -> list[Path]:
    """Export each ``docname`` (e.g. ``chapters/03-bowers``) from ``executed_dir`` into ``contents_dir``."""
    written = []
    for docname in docnames:
        src = executed_dir / f"{docname}.ipynb"
        if not src.exists():
            raise LiteError(f"{src} is missing: the chapter was not executed by the book build")
        target = contents_dir / f"{docname}.ipynb"
        stem = Path(docname).name
        figures = target.parent / "figures"
        for old in figures.glob(f"{stem}-*.png"):
            old.unlink()
        nb = _with_ids(export_notebook(json.loads(src.read_text(encoding="utf-8")), stem, figures), stem)
        target.parent.mkdir(parents=True, exist_ok=True)
        webassets.write_if_changed(target, json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
        written.append(target)
    return written


# --------------------------------------------------------------------------- the lite site


@dataclass
class LiteResult:
    """What :func:`build_lite` did: the site folder, the notebooks, whether ``jupyter lite build`` ran, timings."""

    site: Path
    notebooks: list[Path]
    ran: bool
    seconds: float
    packages: list[str] = field(default_factory=list)


def _lite_config(pyodide_url: str, packages: list[str]) -> dict[str, Any]:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Five Hundred notebooks",
            # the book's own icon (282 bytes) rather than JupyterLite's favicon.ico (319 kB on every visit)
            "faviconUrl": "./../_static/favicon.svg",
            "disabledExtensions": ["@jupyterlab/apputils-extension:announcements"],
            "litePluginSettings": {
                _KERNEL_SETTINGS: {
                    "pyodideUrl": pyodide_url,
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"lockFileURL": "kernel/pyodide-lock.json", "packages": packages},
                }
            },
        },
    }


def _digest(paths: Iterable[Path], extra: str) -> str:
    h = hashlib.sha256(extra.encode())
    for path in sorted(paths):
        h.update(str(path).encode() + b"\0")
        if path.is_file():
            h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def _labextension(name: str) -> Path:
    path = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / name
    if not (path / "package.json").exists():
        raise LiteError(f"the JupyterLab extension {name} is not installed here: `pip install -e '.[book]'`")
    return path


def build_lite(
    html: Path,
    docnames: Iterable[str],
    *,
    executed_dir: Path | None = None,
    book_dir: Path = webassets.BOOK_DIR,
    work_dir: Path | None = None,
    quiet: bool = True,
) -> LiteResult:
    """Write the JupyterLite site into ``html/lite`` (skipped when nothing it is made from changed)."""
    start = time.perf_counter()
    html = Path(html).resolve()
    executed_dir = executed_dir or html.parent / "jupyter_execute"
    work = work_dir or html.parent / "lite-src"
    site = html / LITE_DIR
    contents = work / "contents"
    notebooks = export_chapters(executed_dir, contents, docnames)
    pypi = work / "pypi"
    pypi.mkdir(parents=True, exist_ok=True)
    bundles.ensure_bundles()
    wheel = write_package_wheel(pypi)
    for old in pypi.glob("*.whl"):
        if old != wheel:
            old.unlink()
    kernel = work / "kernel"
    packages = write_kernel_dir(kernel, book_dir, extra=[wheel])
    # "./" URLs in jupyter-lite.json are relative to the lite folder (JupyterLite rewrites them): the kernel's
    # start module, which loads the live book's Pyodide
    config = _lite_config(f"./kernel/{KERNEL_START}", packages)
    webassets.write_if_changed(work / "jupyter-lite.json", json.dumps(config, indent=2) + "\n")
    inputs = [*work.rglob("*")]
    digest = _digest(inputs, f"{_pinned('jupyterlite-core')} {_pinned('jupyterlite-pyodide-kernel')} {sys.prefix}")
    stamp = site / _STAMP
    if stamp.exists() and stamp.read_text() == digest and (site / "lab" / "index.html").exists():
        return LiteResult(site, notebooks, False, time.perf_counter() - start, packages)
    cmd = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(work)]
    cmd += ["--contents", str(contents), "--output-dir", str(site), "--apps", "lab"]
    cmd += ["--no-sourcemaps", "--no-unused-shared-packages", "--ignore-sys-prefix"]
    for name in _FEDERATED:
        cmd += ["--LiteBuildConfig.federated_extensions", str(_labextension(name))]
    # doit keeps its database in the working directory: the work folder, never the book's sources
    proc = subprocess.run(cmd, cwd=work, capture_output=quiet, text=True, check=False)
    if proc.returncode != 0:
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:]) if quiet else ""
        raise LiteError(f"`jupyter lite build` failed (exit {proc.returncode}):\n{tail}")
    target = site / "kernel"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(kernel, target)
    stamp.write_text(digest)
    return LiteResult(site, notebooks, True, time.perf_counter() - start, packages)


# --------------------------------------------------------------------------- Sphinx


def _chapters(app: Any) -> list[str]:
    return sorted(d for d in app.env.found_docs if d.startswith("chapters/"))


def _on_config(app: Any, config: Any) -> None:
    options = dict(config.html_theme_options or {})
    end = list(options.get("article_header_end") or ["article-header-buttons.html"])
    if BUTTON_TEMPLATE not in end:
        end.insert(0, BUTTON_TEMPLATE)
    options["article_header_end"] = end
    config.html_theme_options = options


def _on_finished(app: Any, error: BaseException | None) -> None:
    if error is not None or app.builder.format != "html":
        return
    from sphinx.errors import ExtensionError

    try:
        result = build_lite(Path(app.outdir), _chapters(app), book_dir=Path(app.srcdir))
    except LiteError as err:
        raise ExtensionError(f"the chapters as JupyterLab notebooks: {err}") from None
    if result.ran:
        print(f"[fivehundred lite] JupyterLite site with {len(result.notebooks)} notebooks in {result.seconds:.1f} s")


def setup(app: Any) -> dict[str, Any]:
    """Sphinx extension: the *Open in JupyterLab* button on chapter pages, the lite site after the build."""
    app.connect("config-inited", _on_config)
    app.connect("build-finished", _on_finished)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the book's JupyterLite site into HTML/lite.")
    parser.add_argument("html", type=Path, help="the built book's HTML folder (…/_build/html)")
    args = parser.parse_args(argv)
    executed = args.html.resolve().parent / "jupyter_execute"
    docnames = sorted(p.relative_to(executed).with_suffix("").as_posix() for p in executed.glob("chapters/*.ipynb"))
    try:
        result = build_lite(args.html, docnames)
    except LiteError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    print(f"{result.site}: {len(result.notebooks)} notebooks, {'built' if result.ran else 'up to date'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
