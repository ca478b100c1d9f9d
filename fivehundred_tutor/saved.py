"""Results the book build worked out, for a Python where working them out again is slow (the book's JupyterLite).

A chapter's slow, seeded computation (the final test's pass mark over 100 forms, its play test's par) goes
through :func:`remember`, with a name and the plain-data arguments that decide the result:

- while the book build executes the chapters (``FIVEHUNDRED_SAVE_RESULTS=DIR``, set by
  :mod:`fivehundred_tutor.bookbuild.lite` for the chapters' kernels) it is computed and written to
  ``DIR/NAME-KEY.json``;
- the JupyterLite site's wheel carries those files as one (:data:`SAVED_RESULTS`, written by the Lite build),
  every edition's in one file (:func:`collect_languages`: one wheel serves the three sites; a result whose words
  differ by language, a play test's summaries, is kept per language): there a result found in it for the language
  in use is taken as saved, which a cell of plain Python under Pyodide would take a minute
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

__all__ = [
    "SAVED_DIR_ENV",
    "SAVED_RESULTS",
    "SAVE_ENV",
    "collect",
    "collect_languages",
    "remember",
    "result_key",
    "saved_file",
]

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
def _saved_data(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) and data.get("version") == _VERSION else {}


@cache
def _saved_in(path: Path, language: str) -> dict[str, Any]:
    data = _saved_data(path)
    results = data.get("results")
    found = dict(results) if isinstance(results, dict) else {}
    mine = (data.get("languages") or {}).get(language) if isinstance(data.get("languages"), dict) else None
    if isinstance(mine, dict):
        found.update(mine)
    return found


def _saved(path: Path) -> dict[str, Any]:
    """The results saved in ``path`` for the language in use (its own where they differ from English's)."""
    from .i18n import get_language

    return _saved_in(path, get_language())


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


def _read(folder: Path) -> dict[str, Any]:
    results = {}
    for path in sorted(Path(folder).glob("*.json")):
        try:
            results[path.stem] = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            continue
    return results


def collect(folder: Path) -> dict[str, Any]:
    """The content of :data:`SAVED_RESULTS` from the results the book build wrote into ``folder``."""
    return {"version": _VERSION, "results": _read(folder)}


def collect_languages(folders: dict[str, Path]) -> dict[str, Any]:
    """The content of :data:`SAVED_RESULTS` for every language at once: ``folders`` maps a language (the first one
    the source language, ``en``) to the folder its build's kernels wrote into.  ``results`` are the first
    language's; ``languages[code]`` holds a later language's results that are not the same (a summary in its
    words, a result only its chapters worked out), which :func:`remember` takes first in that language.

    >>> import tempfile; d = Path(tempfile.mkdtemp())
    >>> for code, text in (("en", "made"), ("pl", "zrealizowany")):
    ...     _ = (d / code).mkdir(), (d / code / "x-1.json").write_text(json.dumps({"n": 7, "summary": text}))
    >>> _ = (d / "pl" / "y-2.json").write_text("3")
    >>> collect_languages({"en": d / "en", "pl": d / "pl"})["languages"]
    {'pl': {'x-1': {'n': 7, 'summary': 'zrealizowany'}, 'y-2': 3}}
    """
    codes = list(folders)
    results = _read(folders[codes[0]]) if codes else {}
    languages: dict[str, dict[str, Any]] = {}
    for code in codes[1:]:
        own = {key: value for key, value in _read(folders[code]).items() if results.get(key) != value}
        if own:
            languages[code] = own
    data: dict[str, Any] = {"version": _VERSION, "results": results}
    if languages:
        data["languages"] = languages
    return data
