"""The Python of the book's in-browser notebooks: JupyterLite's Pyodide kernel, served from ``lite/kernel/``.

:mod:`fivehundred_tutor.bookbuild.lite` builds the JupyterLite site; this module writes its kernel folder::

    lite/kernel/pyodide-lock.json     every wheel the notebook's Python loads at start (this package's too)
    lite/kernel/*.whl                 those wheels (pure Python, PyPI; the Pyodide kernel's own)
    lite/kernel/start.mjs             the kernel's ``pyodideUrl`` (widgets/tools/lite-kernel.mjs + this site's settings)
    lite/kernel/worker.mjs            the kernel's worker started with the page (lab/index.html: widgets/tools/lite-early.js)
    lite/kernel/notebook.snapshot     the started Python's memory snapshot, made at build time (gzip)

Pyodide itself is the live book's (``_static/live/``, npm ``pyodide`` pinned in
``book/package.json``): one runtime, cached once by the browser for both.  The lock
lists only what the kernel needs (micropip, packaging, IPython and its pure-Python
dependencies, the widget stack, the kernel's own wheels, this package), pinned to the
versions installed here and downloaded once into a cache.  ``jedi`` (completions; the
largest wheel) is left out: a metadata-only stand-in satisfies the kernel's install
step and IPython completes without it.

How the start goes (measured by ``python -m bench.bench_lite``): the page starts the
kernel's worker while JupyterLab loads (:data:`EARLY_SOURCE`); the worker's Python starts
from a memory snapshot of an interpreter that has imported everything the kernel and a
chapter import (:mod:`fivehundred_tutor.bookbuild.notebook_python`): this browser's copy
from an earlier visit, else the site's (:func:`make_notebook_snapshot`: made in Node with
the same start module, the heap's free chunks cleared, gzipped), else the ordinary start.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path
from typing import Any

from ..errors import FiveHundredError
from . import notebook_python, webassets

__all__ = [
    "CODECACHE_SOURCE",
    "DOWNLOAD_SOURCE",
    "EARLY_SOURCE",
    "KERNEL_DISTRIBUTIONS",
    "KERNEL_PACKAGE",
    "KERNEL_START",
    "KERNEL_WORKER",
    "LAYOUT_SOURCE",
    "OUTPUTS_SOURCE",
    "PYODIDE_PYTHON",
    "RUN_SOURCE",
    "SNAPSHOT_NAME",
    "START_SOURCE",
    "LiteError",
    "early_script",
    "inject_early_script",
    "kernel_package",
    "kernel_wheels",
    "make_notebook_snapshot",
    "write_kernel_dir",
]

#: the Python version of the book's Pyodide (npm ``pyodide`` 0.29.x: CPython 3.13)
PYODIDE_PYTHON = "3.13"
#: pure-Python wheels the notebook's Python loads at start (PyPI; versions as installed here)
KERNEL_DISTRIBUTIONS = (
    "micropip",
    "packaging",
    "ipython",
    "ipython-pygments-lexers",
    "pygments",
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
#: the Pyodide kernel's JupyterLab extension and its build add-ons: never installed in this environment (real
#: JupyterLab would load the extension and log "Shared module @jupyterlite/services…": issue 31), but unpacked
#: from its PyPI wheel into a cache of the Lite build's own (:func:`kernel_package`)
KERNEL_PACKAGE = "jupyterlite-pyodide-kernel"
#: not installed in this environment: pinned here (micropip: the version npm pyodide's own lock names)
_PINS = {"micropip": "0.11.0", KERNEL_PACKAGE: "0.8.6"}
#: the Pyodide kernel's own wheels (ipykernel and widgetsnbextension are its stand-ins), from its labextension
_KERNEL_OWN = ("piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension")
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"

#: the notebook's Python start (the kernel's ``pyodideUrl``) and the kernel's worker started with the page
KERNEL_START = "start.mjs"
KERNEL_WORKER = "worker.mjs"
SNAPSHOT_NAME = "notebook.snapshot"
_SNAPSHOT_STAMP = ".snapshot-digest"
#: the chapters' imports, made before the snapshot (a dot-file: not copied to the site)
_IMPORTS = ".chapter-imports.json"
#: every wheel's files in one archive, unpacked by the start module into site-packages (one fetch, one native
#: gunzip, no zip to read in Python)
ARCHIVE_NAME = "site-packages.tar.gz"
#: left out of the notebook's Python, like jedi: only IPython's terminal (not a notebook's) imports them
_STAND_INS = {"jedi": "code completion", "prompt-toolkit": "IPython's terminal", "wcwidth": "IPython's terminal"}
#: pygments' lexers the kernel keeps: Python's (tracebacks, help) and the ones IPython's own lexers import, with
#: what they import; the lexer table lists only these (an unknown language is then pygments' ClassNotFound)
_PYGMENTS_LEXERS = ("python", "shell", "html", "javascript", "ruby", "perl", "markup", "special")
TOOLS = webassets.ROOT / "widgets" / "tools"
#: the start module's source; the build sets its ``SETTINGS`` line
START_SOURCE = TOOLS / "lite-kernel.mjs"
#: the page script (inlined into lab/index.html) that starts the kernel's worker while JupyterLab loads
EARLY_SOURCE = TOOLS / "lite-early.js"
#: gives a phone's notebook the whole width (needs ``exposeAppInBrowser`` in jupyter-lite.json)
LAYOUT_SOURCE = TOOLS / "lite-layout.js"
#: one layout per frame, not per output, for the cells' "collapse output" icon (needs ``exposeAppInBrowser``)
OUTPUTS_SOURCE = TOOLS / "lite-outputs.js"
#: a link to another chapter's section opens that chapter there (once the section is drawn)
LINKS_SOURCE = TOOLS / "lite-links.js"
#: a chapter opened from the book (or restored by a reload) runs all its cells once its Python is ready
RUN_SOURCE = TOOLS / "lite-run.js"
#: File > Download: the notebook under its own name, its install cell naming the site's wheel by its full address
DOWNLOAD_SOURCE = TOOLS / "lite-download.js"
#: once the chapter has run and the page is idle, JupyterLab's scripts run a second time in a hidden frame, so
#: that Chromium keeps their compiled code for the reader's next visit
CODECACHE_SOURCE = TOOLS / "lite-codecache.js"
#: the Node script that makes the notebook's start-up snapshot at build time
SNAPSHOT_SCRIPT = TOOLS / "lite-snapshot.mjs"
_EARLY_BEGIN = "<!-- fivehundred: the notebook's Python starts with the page -->"
_EARLY_END = "<!-- /fivehundred -->"


class LiteError(FiveHundredError, RuntimeError):
    """The in-browser notebooks cannot be built (a one-line reason a person can act on)."""


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _cache_dir() -> Path:
    import os

    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "fivehundred-tutor" / "lite-wheels"


def _wheel_name_version(path: Path) -> tuple[str, str]:
    parts = path.name.split("-")
    return _canonical(parts[0]), parts[1]


def pinned(name: str) -> str:
    """The version of ``name`` the notebook's Python gets: the one installed here (or pinned in this module)."""
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
    wanted = {name: pinned(name) for name in KERNEL_DISTRIBUTIONS}
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


def kernel_package(cache: Path | None = None) -> Path:
    """The folder holding :data:`KERNEL_PACKAGE` (its Python add-ons for ``jupyter lite build`` and its JupyterLab
    extension), unpacked from its PyPI wheel (downloaded once): the Lite build puts it on ``PYTHONPATH`` and
    takes the extension from it, so that it never lands among the JupyterLab extensions of this environment."""
    version = pinned(KERNEL_PACKAGE)
    dist = KERNEL_PACKAGE.replace("-", "_")
    base = (cache or _cache_dir()).parent / "lite-kernel"
    folder = base / f"{dist}-{version}"
    if (folder / f"{dist}-{version}.dist-info" / "METADATA").exists():
        return folder
    base.mkdir(parents=True, exist_ok=True)
    wheels = base / "wheels"
    found = sorted(wheels.glob(f"{dist}-{version}-*.whl"))
    if not found:
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--dest", str(wheels)]
        proc = subprocess.run([*cmd, f"{KERNEL_PACKAGE}=={version}"], capture_output=True, text=True, check=False)
        found = sorted(wheels.glob(f"{dist}-{version}-*.whl"))
        if proc.returncode != 0 or not found:
            last = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["?"]
            raise LiteError(f"cannot download {KERNEL_PACKAGE}=={version} from PyPI: {last[0]}")
    partial = base / f".{folder.name}.partial"
    shutil.rmtree(partial, ignore_errors=True)
    with zipfile.ZipFile(found[0]) as zf:
        zf.extractall(partial)
    shutil.rmtree(folder, ignore_errors=True)
    partial.rename(folder)
    return folder


def labextension(name: str) -> Path:
    """The folder of the JupyterLab extension ``name``: the Pyodide kernel's from :func:`kernel_package`, any
    other as installed in this environment."""
    if name == KERNEL_EXTENSION:
        dist = f"{KERNEL_PACKAGE.replace('-', '_')}-{pinned(KERNEL_PACKAGE)}"
        path = kernel_package() / f"{dist}.data" / "data" / "share" / "jupyter" / "labextensions" / name
    else:
        path = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / name
    if not (path / "package.json").exists():
        raise LiteError(f"the JupyterLab extension {name} is not in {path.parent}: `pip install -e '.[book]'`")
    return path


def _kernel_own_wheels() -> list[Path]:
    folder = labextension(KERNEL_EXTENSION) / "static" / "pypi"
    found = {_canonical(p.name.split("-")[0]): p for p in sorted(folder.glob("*.whl"))}
    # widgetsnbextension: the stand-in for ipywidgets 8 (4.0.999), not the one for ipywidgets 7
    wheels = sorted(folder.glob("widgetsnbextension-4.*.whl"))
    if wheels:
        found["widgetsnbextension"] = wheels[-1]
    missing = [name for name in _KERNEL_OWN if name not in found]
    if missing:
        raise LiteError(f"jupyterlite-pyodide-kernel's wheels are missing in {folder}")
    return [found[name] for name in _KERNEL_OWN]


def kernel_worker_name() -> str:
    """The file name of the Pyodide kernel's worker module (``comlink.worker.<hash>.js``) in its extension."""
    found = sorted((labextension(KERNEL_EXTENSION) / "static").glob("comlink.worker.*.js"))
    if len(found) != 1:
        raise LiteError(f"expected one comlink worker in {KERNEL_EXTENSION}'s static folder, found {len(found)}")
    return found[0].name


def _stand_in(out_dir: Path, name: str, what: str) -> Path:
    """A metadata-only wheel for ``name`` (version ``0+absent``): installed as far as the kernel's install
    step asks, no module to import."""
    summary = f"Stand-in: {name} ({what}) is left out of the book's in-browser notebooks to keep them light."
    dist = name.replace("-", "_")
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: 0+absent\nSummary: {summary}\n"
    entries = [(f"{dist}-0+absent.dist-info/METADATA", meta.encode())]
    return webassets.zip_wheel(out_dir / f"{dist}-0+absent-py3-none-any.whl", entries, generator=__name__)


def _pygments_closure(files: dict[str, bytes]) -> set[str]:
    """The lexer modules of :data:`_PYGMENTS_LEXERS` and every lexer module they import (transitively)."""
    import ast

    keep: set[str] = set()
    todo = list(_PYGMENTS_LEXERS)
    while todo:
        module = todo.pop()
        source = files.get(f"pygments/lexers/{module}.py")
        if module in keep or source is None:
            continue
        keep.add(module)
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pygments.lexers."):
                todo.append((node.module or "").split(".")[2])
    return keep


def _trimmed_entries(name: str, files: dict[str, bytes]) -> list[tuple[str, bytes]]:
    """A wheel's files without what the notebook's Python never reads: other packages' front ends and man
    pages (``*.data/``, anywidget's own JupyterLab extension: the site serves those), pygments' other lexers."""
    out = []
    lexers = _pygments_closure(files) if name == "pygments" else set()
    for arc, data in files.items():
        top = arc.split("/")[0]
        if top.endswith(".data") or arc.endswith(".dist-info/RECORD"):
            continue
        if name == "anywidget" and arc.startswith(("anywidget/labextension/", "anywidget/nbextension/")):
            continue
        if name == "pygments" and arc.startswith("pygments/lexers/"):
            module = arc[len("pygments/lexers/") : -len(".py")] if arc.endswith(".py") else ""
            if module == "_mapping":
                data = _pygments_mapping(data, lexers)
            elif module not in lexers | {"__init__"}:
                continue
        out.append((arc, data))
    return out


def _pygments_mapping(source: bytes, lexers: set[str]) -> bytes:
    """pygments' lexer table (``LEXERS = {...}``) with only the ``lexers`` modules' entries."""
    import ast

    table = ast.literal_eval(source.decode().split("LEXERS = ", 1)[1])
    kept = {key: value for key, value in table.items() if value[0].rsplit(".", 1)[1] in lexers}
    rows = "".join(f"    {key!r}: {value!r},\n" for key, value in sorted(kept.items()))
    note = "# pygments' table, trimmed by fivehundred_tutor.bookbuild.litekernel to the lexers this Python has.\n"
    return (note + "\nLEXERS = {\n" + rows + "}\n").encode()


def _prepared(wheel: Path, out_dir: Path) -> Path:
    """The wheel as the notebook's Python gets it in ``out_dir``: a stand-in, trimmed, or as it is."""
    name = _wheel_name_version(wheel)[0]
    with zipfile.ZipFile(wheel) as zf:
        files = {info.filename: zf.read(info) for info in zf.infolist() if not info.is_dir()}
    entries = _trimmed_entries(name, files)
    if len(entries) == len(files) - 1:  # only the RECORD left out: nothing to trim
        webassets.copy_if_changed(wheel, out_dir / wheel.name)
        return out_dir / wheel.name
    return webassets.zip_wheel(out_dir / wheel.name, entries, generator=__name__)


def write_archive(wheels: Iterable[Path], target: Path) -> str:
    """Every file of ``wheels`` (but ``*.data/``) in one ``tar.gz`` laid out as site-packages; returns its digest.

    Reproducible (sorted, no dates, gzip without a time stamp), so an unchanged set of wheels gives the same bytes.
    """
    import gzip
    import io
    import tarfile

    members: dict[str, bytes] = {}
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            for info in zf.infolist():
                if not info.is_dir() and not info.filename.split("/")[0].endswith(".data"):
                    members[info.filename] = zf.read(info)
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for arc in sorted(members):
            item = tarfile.TarInfo(arc)
            item.size, item.mode, item.mtime = len(members[arc]), 0o644, 0
            tar.addfile(item, io.BytesIO(members[arc]))
    packed = io.BytesIO()
    with gzip.GzipFile(fileobj=packed, mode="wb", compresslevel=9, mtime=0) as gz:
        gz.write(raw.getvalue())
    data = packed.getvalue()
    if not target.exists() or target.read_bytes() != data:
        target.write_bytes(data)
    return hashlib.sha256(data).hexdigest()[:16]


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


def _runtime(book_dir: Path) -> Path:
    runtime = book_dir / "node_modules" / "pyodide"
    if not (runtime / "pyodide-lock.json").exists():
        raise LiteError(f"{runtime / 'pyodide-lock.json'} is missing: run `npm ci` in {book_dir}")
    return runtime


def _pyodide_info(book_dir: Path) -> dict[str, Any]:
    info: dict[str, Any] = json.loads((_runtime(book_dir) / "pyodide-lock.json").read_text())["info"]
    return info


def snapshot_digest(kernel_dir: Path, book_dir: Path) -> str:
    """What the notebook's snapshot is made from: the lock (every wheel's hash), Pyodide, the start code."""
    runtime = _runtime(book_dir)
    digest = hashlib.sha256()
    for path in (
        kernel_dir / "pyodide-lock.json",
        kernel_dir / _IMPORTS,
        runtime / "pyodide.asm.wasm",
        runtime / "pyodide.asm.js",
        runtime / "python_stdlib.zip",
        START_SOURCE,
        SNAPSHOT_SCRIPT,
        Path(notebook_python.__file__),
    ):
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def start_module(settings: dict[str, Any]) -> str:
    """The site's ``start.mjs``: widgets/tools/lite-kernel.mjs with its ``SETTINGS`` line set to ``settings``."""
    source = START_SOURCE.read_text(encoding="utf-8")
    line = f"const SETTINGS = {json.dumps(settings, sort_keys=True)};"
    text, count = re.subn(r"^const SETTINGS = \{.*?\};$", lambda _m: line, source, count=1, flags=re.M | re.S)
    if count != 1:
        raise LiteError(f"{START_SOURCE} has no `const SETTINGS = {{...}};` line for the build to set")
    return "// Generated by fivehundred_tutor.bookbuild.litekernel from widgets/tools/lite-kernel.mjs.\n" + text


def _worker_module() -> str:
    return (
        "// Generated by fivehundred_tutor.bookbuild.litekernel: the Pyodide kernel's worker as the page starts it\n"
        "// (lab/index.html): the notebook's Python starts at once (start.mjs), then the kernel's own worker module.\n"
        'import "./start.mjs";\n'
        f'import "../extensions/{KERNEL_EXTENSION}/static/{kernel_worker_name()}";\n'
    )


def write_kernel_dir(
    kernel_dir: Path,
    book_dir: Path,
    cache: Path | None = None,
    extra: Iterable[Path] = (),
    imports: Iterable[tuple[str, list[str]]] = (),
) -> list[str]:
    """Copy the kernel's wheels (and ``extra`` ones, e.g. this package's) into ``kernel_dir`` with a
    ``pyodide-lock.json`` naming them, the start module and the early worker; return the package names.
    Every wheel is unpacked while the kernel starts: the chapter's install cell then finds this package
    installed (no index round trip).  ``imports`` (the chapters', see
    :func:`~fivehundred_tutor.bookbuild.notebook_python.chapter_imports`) are made before the start-up
    snapshot, which is :func:`make_notebook_snapshot`'s."""
    kernel_dir.mkdir(parents=True, exist_ok=True)
    sources = [*kernel_wheels(cache), *_kernel_own_wheels(), *extra]
    copied = [_prepared(wheel, kernel_dir) for wheel in sources]
    copied += [_stand_in(kernel_dir, name, what) for name, what in _STAND_INS.items()]
    keep = {w.name for w in copied} | {"pyodide-lock.json", KERNEL_START, KERNEL_WORKER, ARCHIVE_NAME}
    keep |= {SNAPSHOT_NAME, _SNAPSHOT_STAMP, _IMPORTS}
    for old in kernel_dir.iterdir():
        if old.name not in keep:
            old.unlink()
    archive = write_archive(copied, kernel_dir / ARCHIVE_NAME)
    packages = {entry["name"]: entry for entry in map(_lock_entry, copied)}
    lock = {"info": _pyodide_info(book_dir), "packages": packages}
    webassets.write_if_changed(kernel_dir / "pyodide-lock.json", json.dumps(lock, indent=1, sort_keys=True) + "\n")
    warm = [[name, list(names)] for name, names in imports]
    webassets.write_if_changed(kernel_dir / _IMPORTS, json.dumps(warm, indent=1) + "\n")
    digest = snapshot_digest(kernel_dir, book_dir)
    version = lock["info"].get("version", "?")
    settings = {
        "runtime": f"../../_static/{webassets.LIVE_DIR}/pyodide.mjs",
        "lock": "pyodide-lock.json",
        "packages": sorted(packages),
        "archive": f"{ARCHIVE_NAME}?v={archive}",
        "imports": warm,
        "snapshot": f"{SNAPSHOT_NAME}?v={digest}",
        "key": f"{SNAPSHOT_NAME}?v={digest}&pyodide={version}",
        "python": Path(notebook_python.__file__).read_text(encoding="utf-8"),
    }
    webassets.write_if_changed(kernel_dir / KERNEL_START, start_module(settings))
    webassets.write_if_changed(kernel_dir / KERNEL_WORKER, _worker_module())
    return sorted(packages)


def make_notebook_snapshot(kernel_dir: Path, book_dir: Path, *, timeout: float = 600) -> dict[str, Any]:
    """Make ``kernel_dir/notebook.snapshot`` (again only when what it is made from changed); returns its facts.

    Made in Node by widgets/tools/lite-snapshot.mjs with the kernel folder's start module and wheels and
    the book's npm Pyodide (the files the site serves), checked there by starting from it and running a cell.
    """
    digest = snapshot_digest(kernel_dir, book_dir)
    target, stamp = kernel_dir / SNAPSHOT_NAME, kernel_dir / _SNAPSHOT_STAMP
    if target.exists() and stamp.exists() and stamp.read_text().split(" ", 1)[0] == digest:
        return {"made": False, "bytes": target.stat().st_size, **json.loads(stamp.read_text().split(" ", 1)[1])}
    stamp.unlink(missing_ok=True)
    cmd = [str(webassets.find_node()), str(SNAPSHOT_SCRIPT), "--start", str(kernel_dir / KERNEL_START)]
    cmd += ["--pyodide", str(_runtime(book_dir)), "--out", str(target)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=timeout)
    if proc.returncode != 0:
        detail = webassets.node_failure(proc.stderr or proc.stdout)
        raise LiteError(f"making the notebook's start-up snapshot failed (exit {proc.returncode}): {detail}")
    facts: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    stamp.write_text(f"{digest} {json.dumps(facts)}")
    return {"made": True, **facts}


def early_script(config: dict[str, Any]) -> str:
    """The page script that starts the kernel's worker with the page (widgets/tools/lite-early.js, set up for the
    site whose ``jupyter-lite.json`` is ``config``: its kernel worker, service worker and JupyterLite version)."""
    data = config.get("jupyter-config-data", {})
    cache = str(data.get("enableServiceWorkerCache") or "false").lower()
    site = {
        "kernelWorker": f"/pyodide-kernel-extension/static/{kernel_worker_name()}",
        # as JupyterLite registers it (lab/index.html is one folder down from the site's root)
        "serviceWorker": f"../service-worker.js?enableCache={cache}",
        "version": str(data.get("appVersion", "")),
    }
    source = EARLY_SOURCE.read_text(encoding="utf-8")
    line = f"  const SITE = {json.dumps(site, sort_keys=True)};"
    text, count = re.subn(r"^  const SITE = \{.*?\};$", lambda _m: line, source, count=1, flags=re.M | re.S)
    if count != 1:
        raise LiteError(f"{EARLY_SOURCE} has no `const SITE = {{...}};` line for the build to set")
    return text


def inject_early_script(index_html: Path, config: dict[str, Any]) -> None:
    """Put :func:`early_script`, the phone layout (``widgets/tools/lite-layout.js``), the outputs' one layout
    per frame (``widgets/tools/lite-outputs.js``), links that land on another chapter's section
    (``widgets/tools/lite-links.js``), the chapter's run on opening (``widgets/tools/lite-run.js``), a
    download that works outside the site (``widgets/tools/lite-download.js``) and the code-cache warm-up for the next visit (``widgets/tools/lite-codecache.js``) into JupyterLab's page
    (``lite/lab/index.html``), before its own scripts, with the site's icon (``faviconUrl``)."""
    html = index_html.read_text(encoding="utf-8")
    html = re.sub(re.escape(_EARLY_BEGIN) + r".*?" + re.escape(_EARLY_END) + r"\n?", "", html, flags=re.S)
    icon = str(config.get("jupyter-config-data", {}).get("faviconUrl") or "")
    # the page's icon from the start (JupyterLite sets it only later: the browser asks the host's /favicon.ico)
    link = f'<link rel="icon" href="{"../" + icon[2:] if icon.startswith("./") else icon}">\n' if icon else ""
    scripts = "\n".join(
        f"<script>\n{source}</script>"
        for source in (
            early_script(config),
            LAYOUT_SOURCE.read_text(encoding="utf-8"),
            OUTPUTS_SOURCE.read_text(encoding="utf-8"),
            LINKS_SOURCE.read_text(encoding="utf-8"),
            RUN_SOURCE.read_text(encoding="utf-8"),
            DOWNLOAD_SOURCE.read_text(encoding="utf-8"),
            CODECACHE_SOURCE.read_text(encoding="utf-8"),
        )
    )
    block = f"{_EARLY_BEGIN}\n{link}{scripts}\n{_EARLY_END}\n"
    anchor = re.search(r"[ \t]*<script[ >]", html)
    if anchor is None:
        raise LiteError(f"{index_html} has no <script>: not JupyterLite's page")
    webassets.write_if_changed(index_html, html[: anchor.start()] + block + html[anchor.start() :])
