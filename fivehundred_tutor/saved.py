"""Results the book build worked out, for a Python where working them out again is slow (the book's JupyterLite).

A chapter's slow, seeded computation (the final test's pass mark over 100 forms, its play test's par) goes
through :func:`remember`, with a name and the plain-data arguments that decide the result:

- while the book build executes the chapters (``FIVEHUNDRED_SAVE_RESULTS=DIR``, set by
  :mod:`fivehundred_tutor.bookbuild.lite` for the chapters' kernels) it is computed and written to
  ``DIR/NAME-KEY.json``;
- the JupyterLite site's wheel carries those files as one (:data:`SAVED_RESULTS`, written by the Lite build):
  there a result found in it is taken as saved, which a cell of plain Python under Pyodide would take a minute
  or more to work out (issue 31: every chapter live within 30 s of Run All);
- a JupyterLab started by ``fivehundred-tutor lab`` after a book build takes the same two files from the
  build's folder (:data:`SAVED_DIR_ENV`, :func:`saved_file`): its kernel with DDS still took 9–45 s on the
  evaluator's six hands and the pass mark's 100 forms (issue 31: every chapter live within 15 s there);
- anywhere else (no such file: this package as installed) it is computed as always.

The engine is deterministic (seeded): a saved result is what computing it again gives.  Standard library only.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

__all__ = ["SAVED_DIR_ENV", "SAVED_RESULTS", "SAVE_ENV", "collect", "remember", "result_key", "saved_file"]

T = TypeVar("T")
#: the folder the book build's kernels write their results into
SAVE_ENV = "FIVEHUNDRED_SAVE_RESULTS"
#: the results the JupyterLite site's wheel carries (absent from the package otherwise)
SAVED_RESULTS = Path(__file__).resolve().parent / "data" / "saved-results.json"
#: a folder holding the files the JupyterLite wheel carries (the book build's ``_build/saved``): set by
#: ``fivehundred-tutor lab`` for its kernels
SAVED_DIR_ENV = "FIVEHUNDRED_SAVED_DIR"
_VERSION = 1


def saved_file(packaged: Path) -> Path:
    """``packaged`` (a file the JupyterLite wheel carries) where this package has it, else the file of that name in
    the folder :data:`SAVED_DIR_ENV` names, if any.

    >>> import os; os.environ.pop(SAVED_DIR_ENV, None) and None
    >>> saved_file(SAVED_RESULTS) == SAVED_RESULTS
    True
    """
    if packaged.is_file():
        return packaged
    folder = os.environ.get(SAVED_DIR_ENV)
    return Path(folder) / packaged.name if folder else packaged


def result_key(name: str, arguments: Any) -> str:
    """``name`` and a digest of ``arguments`` (plain data): the file and the entry a result is saved under."""
    text = json.dumps(arguments, sort_keys=True, separators=(",", ":"), default=str)
    return f"{name}-{hashlib.sha256(text.encode()).hexdigest()[:24]}"


@cache
def _saved(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    results = data.get("results") if isinstance(data, dict) and data.get("version") == _VERSION else None
    return results if isinstance(results, dict) else {}


def remember(
    name: str,
    arguments: Any,
    compute: Callable[[], T],
    *,
    dump: Callable[[T], Any] = lambda value: value,
    load: Callable[[Any], T] = lambda data: data,  # type: ignore[assignment,return-value]
    saved: Path | None = None,
) -> T:
    """``compute()``, or the result the book build saved for ``name`` and ``arguments`` (``load`` of its plain
    data, from ``saved``: default :data:`SAVED_RESULTS`); while the book build runs, the result is saved
    (``dump``: plain data)."""
    key = result_key(name, arguments)
    found = _saved(saved or saved_file(SAVED_RESULTS)).get(key)
    value = load(found) if found is not None else compute()
    folder = os.environ.get(SAVE_ENV)
    if folder:  # the book build: saved for the JupyterLite wheel, even when a saved one was found
        target = Path(folder) / f"{key}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(found if found is not None else dump(value), sort_keys=True), encoding="utf-8")
        tmp.replace(target)
    return value


def collect(folder: Path) -> dict[str, Any]:
    """The content of :data:`SAVED_RESULTS` from the results the book build wrote into ``folder``."""
    results = {}
    for path in sorted(Path(folder).glob("*.json")):
        try:
            results[path.stem] = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            continue
    return {"version": _VERSION, "results": results}
