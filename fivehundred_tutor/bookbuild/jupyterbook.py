"""Build the Jupyter Book (Jupyter Book 1, warnings as errors) and serve it on 127.0.0.1.

The command line (``fivehundred-tutor book build|serve``) is :mod:`fivehundred_tutor.cli.book`.

build   Build ``book/`` into ``book/_build/html`` with Jupyter Book 1, warnings as errors
        (``-W -n --keep-going``).  Incremental by default: only changed pages are rewritten,
        and executed notebook outputs come from the jupyter-cache in ``book/_build/.jupyter_cache``.
        The cache is keyed on cell code only, so when the package (engine, widgets) changes the
        cache is cleared and every chapter runs again.  ``--clean`` starts from nothing.
serve   Build if anything changed, then serve the site on http://127.0.0.1:PORT/ until Ctrl-C.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import FiveHundredError
from . import bundles, webassets

ROOT = Path(__file__).resolve().parents[2]
BOOK_DIR = ROOT / "book"
PACKAGE_DIR = Path(__file__).resolve().parents[1]
WIDGETS_DIR = ROOT / "widgets"
_DIGEST_FILE = ".fivehundred-package-digest"
# Printed by every ipykernel that myst-nb starts (jupyter_client uses TCP on localhost): not ours to fix.
_NOISE = ("Kernel is running over TCP without encryption",)
_SKIP_DIRS = {"_build", "node_modules", "_static_widgets", ".ipynb_checkpoints", "__pycache__", ".jupyter_cache"}


class BookError(FiveHundredError, RuntimeError):
    pass


def _files(base: Path, suffixes: Iterable[str] | None = None) -> Iterable[Path]:
    if not base.exists():
        return
    for path in sorted(base.rglob("*")):
        if any(part in _SKIP_DIRS for part in path.relative_to(base).parts):
            continue
        if path.is_file() and (suffixes is None or path.suffix in suffixes):
            yield path


# Page scripts that draw the saved outputs but never go into them (the widget loader):
# a change there rewrites the pages without running the chapters again.
_PAGE_ONLY = WIDGETS_DIR / "src" / "page"


#: the build's own code (Sphinx extensions, the Lite site, the editions): never imported by a chapter's kernel, so a
#: change there rewrites the pages (:data:`_BUILD_DIGEST_FILE`) without running every chapter of every language again
_BUILD_CODE = Path(__file__).resolve().parent
_BUILD_DIGEST_FILE = ".fivehundred-build-digest"


def package_digest() -> str:
    """Hash of the code that computes the chapters' outputs (the package and the widget modules; not the build's
    own code, :data:`_BUILD_CODE`: see :func:`build_code_digest`)."""
    digest = hashlib.sha256()
    for base in (PACKAGE_DIR, WIDGETS_DIR):
        for path in _files(base, {".py", ".js", ".mjs", ".css", ".json"}):
            if path.is_relative_to(_PAGE_ONLY) or path.is_relative_to(_BUILD_CODE):
                continue
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def build_code_digest() -> str:
    """Hash of the build's own code (:data:`_BUILD_CODE`): what writes the pages, not what computes their outputs."""
    digest = hashlib.sha256()
    for path in _files(_BUILD_CODE, {".py"}):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


_INPUTS_FILE = ".fivehundred-inputs-digest"
#: the environment variables that change what a build writes (the language its chapters run in, the shared Lite)
_INPUT_ENV = ("FIVEHUNDRED_LANG", "FIVEHUNDRED_LITE_SHARED")


def _read(path: Path) -> str | None:
    return path.read_text() if path.is_file() else None


def inputs_digest(book_dir: Path, env: dict[str, str] | None = None, *extra: str) -> str:
    """Hash of everything a build of ``book_dir`` reads: the book's files (a staged edition's links to the English
    book's assets and templates followed), the package and the widgets, the installed distributions and the
    environment variables of :data:`_INPUT_ENV`.  The same as after the last successful build: nothing to do."""
    from importlib import metadata

    digest = hashlib.sha256()
    translations = book_dir / "editions"  # the editions' trees: their own builds read them (staged), not the book's
    for base in (book_dir, book_dir / "_assets", book_dir / "_templates", PACKAGE_DIR, WIDGETS_DIR):
        for path in _files(base):
            if path.is_relative_to(translations):
                continue
            digest.update(str(path).encode() + b"\0" + path.read_bytes() + b"\0")
    dists = sorted(f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions())
    variables = [f"{name}={(env if env is not None else os.environ).get(name, '')}" for name in _INPUT_ENV]
    digest.update("\n".join([*dists, sys.prefix, *variables, *extra]).encode())
    return digest.hexdigest()


def html_dir(book_dir: Path = BOOK_DIR, output: Path | None = None) -> Path:
    return (output or book_dir) / "_build" / "html"


def is_stale(book_dir: Path = BOOK_DIR, output: Path | None = None) -> bool:
    """True when the site is missing or older than any source, config or package file."""
    index = html_dir(book_dir, output) / "index.html"
    stamp = index.parent.parent / _DIGEST_FILE  # rewritten by every successful build
    if not index.exists() or not stamp.exists():
        return True
    return _changed_since(stamp, [*_files(book_dir), *_files(PACKAGE_DIR, {".py"}), *_files(WIDGETS_DIR)])


def _changed_since(stamp: Path, files: Iterable[Path]) -> bool:
    """Is any of ``files`` newer than ``stamp`` (an existing file a build rewrote)?"""
    built = stamp.stat().st_mtime
    return any(p.stat().st_mtime > built for p in files)


def assets_changed(book_dir: Path, stamp: Path) -> bool:
    """Has a file the book serves as it is (its ``_assets``, ``_templates``) changed since the last build?"""
    if not stamp.exists():
        return False
    return _changed_since(stamp, [p for folder in ("_assets", "_templates") for p in _files(book_dir / folder)])


def _jupyter_book() -> list[str]:
    exe = Path(sys.executable).parent / "jupyter-book"
    if exe.exists():
        return [str(exe)]
    found = shutil.which("jupyter-book")
    if found:
        return [found]
    raise BookError("jupyter-book is not installed: `pip install -e '.[book]'`")


@dataclass
class BuildResult:
    """What a build produced: the HTML folder, the exit code, Sphinx's output and the time taken."""

    html: Path
    returncode: int
    output: str
    seconds: float
    ran: bool = True
    package_changed: bool = False  # the package changed since the last build: every chapter ran again

    @property
    def ok(self) -> bool:
        return self.returncode == 0

    @property
    def warnings(self) -> list[str]:
        """Sphinx warnings/errors (``path:line: WARNING: ...``), colour codes removed."""
        text = re.sub(r"\x1b\[[0-9;]*m", "", self.output)
        return [line for line in text.splitlines() if re.search(r"\b(WARNING|ERROR|CRITICAL|SEVERE):", line)]


def run_build(
    book_dir: Path = BOOK_DIR,
    *,
    output: Path | None = None,
    clean: bool = False,
    strict: bool = True,
    quiet: bool = True,
    all_pages: bool = False,
    capture: bool = False,
    env: dict[str, str] | None = None,
    edition: bool = False,
    prefix: str = "",
) -> BuildResult:
    """Build the book (see the module docstring); a failing build is reported, not raised.

    ``env``: the environment Jupyter Book (and the kernels running the chapters) runs in; ``edition``: a
    language edition staged by :mod:`.editions` (the puzzle bank is the English build's to check); ``prefix``: put
    before every line of Jupyter Book's output shown (the editions built side by side say whose it is)."""
    start = time.perf_counter()
    book_dir = Path(book_dir).resolve()
    if not (book_dir / "_config.yml").exists():
        raise BookError(f"{book_dir / '_config.yml'} is missing: not a Jupyter Book folder")
    out_root = Path(output).resolve() if output else book_dir
    build_dir = out_root / "_build"
    if clean and build_dir.exists():
        shutil.rmtree(build_dir)
    try:
        bundles.ensure_bundles()  # the widgets' ES modules, before any chapter saves their text
        webassets.install_widget_js(book_dir / "_static_widgets" / "widgetjs", book_dir=book_dir)
    except (webassets.NodeNotFoundError, RuntimeError, FileNotFoundError) as err:
        raise BookError(f"cannot install the widget front end: {err}") from err
    # the puzzle bank: mined only when its spec changed (committed data otherwise), and every puzzle
    # re-solved once per bank and solver (a stamp in the build folder)
    from ..puzzles import bank as puzzle_bank
    from ..puzzles import steps as level_steps

    if not edition:
        puzzle_bank.build(log=lambda line: print(line, flush=True) if not capture else None)
        level_steps.build(log=lambda line: print(line, flush=True) if not capture else None)
        wrong = puzzle_bank.check_cached(build_dir / ".puzzles-checked", log=lambda line: print(line, flush=True))
        if wrong:
            raise BookError("puzzles whose answer is no longer the solver's:\n  " + "\n  ".join(wrong[:20]))
    digest = package_digest()
    stamp = build_dir / _DIGEST_FILE
    package_changed = outputs_outdated(build_dir, digest)
    if package_changed:
        # Cached outputs were computed by other engine/widget code: run every chapter again.
        shutil.rmtree(build_dir / ".jupyter_cache", ignore_errors=True)
        all_pages = True
    build_stamp = build_dir / _BUILD_DIGEST_FILE
    build_code = build_code_digest()
    if not build_stamp.is_file() or build_stamp.read_text() != build_code:
        all_pages = True  # the pages as the build's code now writes them (the chapters' outputs from the cache)
    if assets_changed(book_dir, stamp):
        # Sphinx copies html_static_path only when it writes pages: a style-only change would not reach
        # the site.  --all rewrites the pages from the cached outputs (no chapter runs again).
        all_pages = True
    inputs_stamp = build_dir / _INPUTS_FILE
    inputs = inputs_digest(book_dir, env, f"strict={strict}")
    html = build_dir / "html"
    shared_lite = (env if env is not None else os.environ).get("FIVEHUNDRED_LITE_SHARED")
    made = (html / "index.html").is_file() and (shared_lite or (html / "lite" / "lab" / "index.html").is_file())
    if not all_pages and made and _read(inputs_stamp) == inputs and _read(stamp) == digest:
        # nothing Sphinx reads changed since its last successful run: it would read nothing and write nothing,
        # after seconds of starting up (three times with the editions)
        if not capture:
            print(f"Up to date: {html}", flush=True)
        return BuildResult(html, 0, "", time.perf_counter() - start, ran=False)
    inputs_stamp.unlink(missing_ok=True)
    cmd = [*_jupyter_book(), "build", str(book_dir), "--path-output", str(out_root)]
    if strict:
        cmd += ["-W", "-n", "--keep-going"]
    if quiet:
        cmd.append("-q")
    if all_pages:
        cmd.append("--all")
    lines: list[str] = []
    with subprocess.Popen(
        cmd, cwd=book_dir, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace", env=env
    ) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            if not capture and not any(noise in line for noise in _NOISE):
                sys.stdout.write(prefix + line)
                sys.stdout.flush()
    text = "".join(lines)
    if proc.returncode == 0:
        build_dir.mkdir(parents=True, exist_ok=True)
        stamp.write_text(digest)
        build_stamp.write_text(build_code)
        inputs_stamp.write_text(inputs)
    return BuildResult(
        build_dir / "html", proc.returncode, text, time.perf_counter() - start, package_changed=package_changed
    )


def outputs_outdated(build_dir: Path, digest: str) -> bool:
    """Were the cached chapter outputs in ``build_dir`` computed by other package code than ``digest``?

    A build with no stamp beside it failed (or predates stamps): its outputs count as outdated too,
    or the next build would keep a failed build's stale widget state.
    """
    stamp = build_dir / _DIGEST_FILE
    if stamp.exists():
        return stamp.read_text() != digest
    return (build_dir / ".jupyter_cache").exists() or (build_dir / "html").exists()


def build(book_dir: Path = BOOK_DIR, *, editions: str | None = None, **kwargs: Any) -> Path:
    """Build the book; return the HTML folder.  Raises BookError when the build fails.

    ``editions`` (``"pl,it"``, ``"all"``; default ``$FIVEHUNDRED_EDITIONS``, else none): the language
    editions built after the English site, into its ``<code>/`` folders (:mod:`.editions`)."""
    from . import editions as eds
    from . import lite

    # the editions are built beside the book's own site only (not into another --output)
    here = Path(book_dir).resolve() == BOOK_DIR and kwargs.get("output") is None
    codes = eds.requested(editions) if here else []
    if codes:
        # one JupyterLite site for the three: each Sphinx build only exports its notebooks (lite.SHARED_ENV), the
        # English site and its wheel and kernel are made once all languages ran, and linked into /pl/lite, /it/lite
        kwargs["env"] = {**(kwargs.get("env") or os.environ), lite.SHARED_ENV: "1"}
    result = run_build(book_dir, **kwargs)
    if not result.ok:
        raise BookError(f"the book build failed (exit {result.returncode}); the warnings above say why")
    if here and (codes or any((result.html / c).is_dir() for c in eds.NAMES if c != eds.SOURCE_LANGUAGE)):
        build_editions(codes, book_dir, english_ran=result.ran, **kwargs)
    return result.html


def build_shared_lite(codes: list[str], book_dir: Path = BOOK_DIR) -> Any:
    """The English JupyterLite site (one wheel, kernel and snapshot for every language) and the editions' ``lite/``
    linked to it (:func:`.lite.build_shared_sites`), after every language's build exported its notebooks; returns
    its :class:`.lite.LiteResult`."""
    from . import editions as eds
    from . import lite

    editions = {code: eds.edition_build_dir(code, book_dir) / "_build" / "html" for code in codes}
    try:
        result = lite.build_shared_sites(html_dir(book_dir), editions, book_dir=book_dir)
    except lite.LiteError as err:
        raise BookError(f"the chapters as JupyterLab notebooks: {err}") from None
    shared = "" if not codes else f", shared by the {', '.join(codes)} editions"
    if result.ran or codes:
        print(f"[fivehundred lite] JupyterLite site{shared} in {result.seconds:.1f} s", flush=True)
    return result


#: how many editions a build makes side by side (default: as many as there are CPUs, at most the editions)
EDITION_JOBS_ENV = "FIVEHUNDRED_EDITION_JOBS"


def edition_jobs(editions: int) -> int:
    """How many of ``editions`` to build at once: ``$FIVEHUNDRED_EDITION_JOBS``, else one per CPU."""
    wanted = os.environ.get(EDITION_JOBS_ENV, "").strip()
    jobs = int(wanted) if wanted.isdigit() and int(wanted) > 0 else (os.cpu_count() or 1)
    return max(1, min(jobs, editions))


def build_editions(codes: list[str], book_dir: Path = BOOK_DIR, *, english_ran: bool = True, **kwargs: Any) -> None:
    """Build the editions ``codes`` (after the English site) and put the language switcher on every page;
    an edition built before and not asked for now is taken off the site.  ``english_ran``: False when the English
    site's build found nothing to do (then, if no edition's build ran either, neither does the JupyterLite step)."""
    from . import editions as eds

    html = html_dir(book_dir)
    kwargs.pop("output", None)
    kwargs.pop("env", None)

    ran = [english_ran]

    def one(code: str, prefix: str = "") -> None:
        start = time.perf_counter()
        ran.append(build_edition(code, book_dir, prefix=prefix, **kwargs).ran)
        print(
            f"Built the {code} edition in {time.perf_counter() - start:.1f} s: {html / code / 'index.html'}", flush=True
        )

    jobs = edition_jobs(len(codes))
    if jobs > 1:
        # side by side: each edition's build is one Sphinx process running its chapters one kernel at a time, so
        # two of them keep two cores busy (issue 29 §5: three languages in under 5 minutes on 2 cores)
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            running = [pool.submit(one, code, f"[{code}] ") for code in codes]
            for job in running:
                job.result()  # the first failure, once every edition has finished
    else:
        for code in codes:
            one(code)
    sites = [html / "lite", *(html / code / "lite" for code in codes)]
    if codes and (any(ran) or not all((site / "lab" / "index.html").is_file() for site in sites)):
        build_shared_lite(codes, book_dir)
    for code in eds.NAMES:
        if code not in codes and code != eds.SOURCE_LANGUAGE and (html / code).is_dir():
            shutil.rmtree(html / code)
    eds.add_switcher(html, codes)


def _contents_digest(paths: Iterable[Path]) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(str(path).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@functools.cache
def _template_is_current(stamp: Path | None = None) -> bool:
    """The catalogs' template holds exactly the messages of the code (extracted once per build).  With ``stamp``
    (a file in the build folder), once per change of the code or the template: extracting the messages takes
    seconds, and a build with both editions asked it every time."""
    from . import catalogs

    key = ""
    if stamp is not None:
        sources = [p for p in catalogs.PACKAGE_DIR.rglob("*.py") if "__pycache__" not in p.parts]
        sources += [*catalogs.WIDGET_SOURCES.rglob("*.js"), catalogs.TEMPLATE]
        key = _contents_digest(p for p in sources if "node_modules" not in p.parts)
        if stamp.is_file() and stamp.read_text() == key:
            return True
    current = catalogs.TEMPLATE.read_text(encoding="utf-8") == catalogs.template_text(catalogs.extract())
    if current and stamp is not None:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(key)
    return current


def catalog_gate(code: str, stamp: Path | None = None) -> None:
    """A complete edition is built only when its catalog translates every message the code holds: the
    template must be the code's (a message added since ``catalogs extract`` would show in English) and every
    entry translated.  Raises :class:`BookError` naming the first problems and the commands that fix them.
    ``stamp``: where the build keeps that the template was the code's (see :func:`_template_is_current`)."""
    from . import catalogs

    problems = [str(p) for p in catalogs.check([code])]
    if not _template_is_current(stamp):
        problems.insert(0, "the message template is not the code's: a message was added or changed since `extract`")
    if problems:
        shown = "\n  ".join(problems[:8]) + (f"\n  … and {len(problems) - 8} more" if len(problems) > 8 else "")
        raise BookError(
            f"the {code} edition would show English: its catalog is not complete:\n  {shown}\n"
            "Run `python -m fivehundred_tutor.bookbuild.catalogs extract`, `… update`, translate the entries in "
            f"{catalogs.po_path(code)}, then `… check` and `… compile`."
        )


def _edition_check(code: str, book_dir: Path = BOOK_DIR) -> tuple[str, bool]:
    """:func:`.editions.check` of one edition: its report's first line, and whether it fails.  Kept in the
    edition's build folder with a digest of the pages and editions.yml it was made from (it reads every block of
    every page of both languages: seconds)."""
    from . import editions as eds

    pages = eds.pages(book_dir)
    sources = [book_dir / f"{page}.md" for page in pages] + [eds.tree(code) / f"{page}.md" for page in pages]
    key = _contents_digest([p for p in sources if p.is_file()] + [eds.SETTINGS])
    stamp = eds.edition_build_dir(code, book_dir) / ".fivehundred-check.json"
    try:
        kept = json.loads(stamp.read_text(encoding="utf-8")) if stamp.is_file() else {}
    except ValueError:
        kept = {}
    if kept.get("key") == key:
        return str(kept["line"]), bool(kept["failing"])
    reports, failing = eds.check([code])
    line = reports[0].lines()[0]
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(json.dumps({"key": key, "line": line, "failing": bool(failing)}), encoding="utf-8")
    return line, bool(failing)


def build_edition(code: str, book_dir: Path = BOOK_DIR, **kwargs: Any) -> BuildResult:
    """Stage, build and publish one edition (keyword arguments as :func:`run_build`); the untranslated
    blocks are reported, and fail the build when editions.yml marks the edition complete."""
    from . import editions as eds
    from . import lite

    if eds.settings().get(code, {}).get("complete"):
        catalog_gate(code, eds.edition_build_dir(code, book_dir).parent / ".fivehundred-template-current")
    staged = eds.stage(code, book_dir)
    env = {**os.environ, "FIVEHUNDRED_LANG": code, lite.SHARED_ENV: "1"}
    result = run_build(staged, output=eds.edition_build_dir(code, book_dir), env=env, edition=True, **kwargs)
    if not result.ok:
        raise BookError(f"the {code} edition's build failed (exit {result.returncode})")
    eds.publish(code, book_dir)
    line, failing = _edition_check(code, book_dir)
    print(line, flush=True)
    if failing:
        raise BookError(
            f"the {code} edition is marked complete in {eds.SETTINGS.relative_to(eds.ROOT)} but has untranslated "
            "blocks: `python -m fivehundred_tutor.bookbuild.editions check`"
        )
    return result


# JupyterLab opens the chapters (MyST markdown) as notebooks through jupytext's "Jupytext Notebook"
# viewer.  Made the default for markdown files in this environment's JupyterLab (settings overrides).
LAB_VIEWERS = {"markdown": "Jupytext Notebook", "myst": "Jupytext Notebook"}
_DOCMANAGER = "@jupyterlab/docmanager-extension:plugin"
#: JupyterLab's news and update pop-ups, off (they cover the chapter and ask to go online)
LAB_QUIET = {"fetchNews": "false", "checkForUpdates": False}
_NOTIFICATION = "@jupyterlab/apputils-extension:notification"


def lab_overrides_file() -> Path:
    """JupyterLab's environment-wide settings overrides (``{sys.prefix}/share/jupyter/lab/settings``)."""
    return Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"


def configure_jupyterlab(overrides: Path | None = None) -> bool:
    """Make JupyterLab open ``.md`` chapters as notebooks, without news or update pop-ups; keep every
    other override (a news or update setting already there too).  True if changed."""
    path = overrides or lab_overrides_file()
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    except json.JSONDecodeError as err:
        raise BookError(f"{path} is not valid JSON ({err}); fix or remove it") from err
    viewers = data.setdefault(_DOCMANAGER, {}).setdefault("defaultViewers", {})
    # no "Would you like to get notified about official Jupyter news?" pop-up over the chapter, no
    # update check going online: unless the learner chose otherwise (their own setting is kept)
    notes = data.setdefault(_NOTIFICATION, {})
    if all(viewers.get(k) == v for k, v in LAB_VIEWERS.items()) and all(k in notes for k in LAB_QUIET):
        return False
    viewers.update(LAB_VIEWERS)
    for key, value in LAB_QUIET.items():
        notes.setdefault(key, value)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return True


DISCONNECTS = (ConnectionResetError, BrokenPipeError, ConnectionAbortedError)


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site's files.

    A browser that closes a connection mid-answer (a page left while a file was on its way) is
    normal for a static site, not an error worth a traceback in the reader's terminal.
    """

    def log_message(self, format: str, *args: Any) -> None:
        sys.stderr.write("  %s\n" % (format % args))

    def handle(self) -> None:
        with contextlib.suppress(*DISCONNECTS):
            super().handle()

    def finish(self) -> None:
        with contextlib.suppress(*DISCONNECTS):
            super().finish()


class StaticServer(http.server.ThreadingHTTPServer):
    """A threading server whose threads never hold up Ctrl-C and that stays quiet on hang-ups."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], DISCONNECTS):
            return  # the client went away: nothing to report
        super().handle_error(request, client_address)


def serve(directory: Path, port: int = 8000) -> None:
    """Serve ``directory`` on 127.0.0.1:port until Ctrl-C."""
    handler = functools.partial(StaticHandler, directory=str(directory))
    try:
        server = StaticServer(("127.0.0.1", port), handler)
    except OSError as err:
        raise BookError(f"cannot listen on 127.0.0.1:{port} ({err.strerror}); try another --port") from err
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"Serving the book at {url}  (Ctrl-C stops)", flush=True)
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nstopped", flush=True)
