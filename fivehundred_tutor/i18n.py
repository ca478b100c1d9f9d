"""The language a learner reads: English in the source, a gettext catalog per other language.

Every sentence the package gives a learner is written in English inside ``gettext`` calls
(``from .i18n import gettext as _`` and ``_("…")``, ``ngettext`` for every count: Polish has three
plural forms), and looked up in the catalog of the language chosen here.  The catalogs are the
``.po`` files under ``fivehundred_tutor/locale/<code>/LC_MESSAGES/``, compiled to ``.mo`` by the build
(``python -m fivehundred_tutor.bookbuild.catalogs compile``, run by both bootstrap jobs); reading
them needs only the standard library's :mod:`gettext`, so the same lookups run under Pyodide.

The language is English unless :func:`set_language` or the ``FIVEHUNDRED_LANG`` environment
variable (read when the package is imported: ``pl``, ``it``, ``pl_PL.UTF-8`` …) says otherwise.

>>> set_language("it"); gettext("The deal is over: no more actions.")
'La mano è finita: non ci sono altre mosse.'
>>> set_language("pl"); ngettext("took {n} trick: made", "took {n} tricks: made", 22).format(n=22)
'bierze 22 lewy — kontrakt zrealizowany'
>>> set_language("en"); get_language()
'en'

This module imports nothing from the package: the engine's core imports it.
"""

from __future__ import annotations

import gettext as _gettext
import os
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

__all__ = [
    "DOMAIN",
    "ENV",
    "LOCALE_DIR",
    "SOURCE_LANGUAGE",
    "available_languages",
    "decimal",
    "get_language",
    "gettext",
    "gettext_noop",
    "ngettext",
    "npgettext",
    "per_language",
    "pgettext",
    "reload_catalogs",
    "set_language",
]

#: the catalogs' name: ``locale/<code>/LC_MESSAGES/fivehundred_tutor.mo``
DOMAIN = "fivehundred_tutor"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: the language the messages are written in (no catalog)
SOURCE_LANGUAGE = "en"
#: the environment variable that chooses the language when the package is imported
ENV = "FIVEHUNDRED_LANG"

T = TypeVar("T")


def available_languages() -> tuple[str, ...]:
    """The languages there are: English and every language with a catalog in :data:`LOCALE_DIR`.

    >>> available_languages()
    ('en', 'it', 'pl')
    """
    found = sorted(
        p.name
        for p in LOCALE_DIR.iterdir()
        if (p / "LC_MESSAGES" / f"{DOMAIN}.po").is_file() or (p / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
    )
    return (SOURCE_LANGUAGE, *found)


def _normalize(code: str) -> str:
    """``"pl_PL.UTF-8"``, ``"it-IT"``, ``" PL "`` → the bare language code."""
    return code.strip().split(".")[0].replace("-", "_").split("_")[0].lower()


_loaded: dict[str, _gettext.NullTranslations] = {}
#: every :func:`per_language` table, emptied by :func:`reload_catalogs`
_tables: list[dict[str, Any]] = []


def _load(code: str) -> _gettext.NullTranslations:
    """The catalog of ``code``, read once per process (switching languages per request stays cheap)."""
    if code in _loaded:
        return _loaded[code]
    if code == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    mo = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not mo.is_file():
        raise FileNotFoundError(
            f"the {code!r} catalog is not compiled ({mo} is missing): "
            "run `python -m fivehundred_tutor.bookbuild.catalogs compile`"
        )
    with mo.open("rb") as fp:
        _loaded[code] = _gettext.GNUTranslations(fp)
    return _loaded[code]


_language = SOURCE_LANGUAGE
_translation: _gettext.NullTranslations = _gettext.NullTranslations()


def set_language(code: str) -> None:
    """Give every later message in the language ``code`` (``"en"``, ``"pl"``, ``"it"``).

    An unknown code is a ``ValueError`` that names the languages there are; the language in use is
    then left as it was.

    >>> set_language("fr")
    Traceback (most recent call last):
    ...
    ValueError: no messages in 'fr': the languages are en (English), it (Italian), pl (Polish)
    """
    global _language, _translation
    wanted = _normalize(code) if isinstance(code, str) else ""
    languages = available_languages()
    if wanted not in languages:
        names = ", ".join(f"{c} ({LANGUAGE_NAMES.get(c, c)})" for c in languages)
        raise ValueError(f"no messages in {code!r}: the languages are {names}")
    _translation = _load(wanted)
    _language = wanted


def reload_catalogs() -> None:
    """Read the compiled catalogs again (after the build recompiled them in this process)."""
    global _translation
    _loaded.clear()
    for table in _tables:
        table.clear()
    _translation = _load(_language)


def get_language() -> str:
    """The code of the language messages are given in now."""
    return _language


#: each language's name in English, for error messages
LANGUAGE_NAMES = {"en": "English", "it": "Italian", "pl": "Polish"}


def gettext(message: str) -> str:
    """``message`` in the current language (itself in English, or where the catalog has no entry)."""
    return _translation.gettext(message)


def gettext_noop(message: str) -> str:
    """``message`` itself, marked for the catalog: for English kept in data and translated when shown
    (``from .i18n import gettext_noop as N_``; ``gettext(reason)`` later)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` in the current language (Polish has three)."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English words by ``context``
    (``pgettext("seat", "North")``)."""
    return _translation.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a ``context``."""
    return _translation.npgettext(context, singular, plural, n)


def decimal(number: float, digits: int = 1, *, trim: bool = False) -> str:
    """``number`` with ``digits`` decimals, written as the language writes them (``5.7``; ``5,7`` in
    Polish and Italian); ``trim`` drops trailing zeros (``6.25``, ``6.2``, ``6``).

    >>> decimal(5.67), decimal(6.20, 2, trim=True)
    ('5.7', '6.2')
    >>> set_language("pl"); decimal(5.67); set_language("en")
    '5,7'
    """
    text = f"{number:.{digits}f}"
    if trim and "." in text:
        text = text.rstrip("0").rstrip(".")
    # Translators: the decimal separator of numbers such as 5.7
    return text.replace(".", pgettext("decimal separator", "."))


def per_language(build: Callable[[], T]) -> Callable[[], T]:
    """``build()`` once per language: for tables of words looked up often (every card's name).

    >>> calls = []
    >>> words = per_language(lambda: calls.append(1) or pgettext("seat", "North"))
    >>> set_language("it"); words(), words(), len(calls)
    ('Nord', 'Nord', 1)
    >>> set_language("en"); words(), len(calls)
    ('North', 2)
    """
    table: dict[str, T] = {}
    _tables.append(table)

    def cached() -> T:
        language = _language
        if language not in table:
            table[language] = build()
        return table[language]

    return cached


def _apply_environment() -> None:
    """The language ``FIVEHUNDRED_LANG`` asks for: an unknown one is an error at import; a known one
    whose catalog is not compiled yet leaves English, with a warning (so the compile command itself runs)."""
    wanted = os.environ.get(ENV, "").strip()
    if not wanted:
        return
    try:
        set_language(wanted)
    except FileNotFoundError as err:
        warnings.warn(f"{ENV}={wanted}: {err}; the messages stay in English", RuntimeWarning, stacklevel=2)


_apply_environment()
