"""The message catalogs (:mod:`fivehundred_tutor.i18n`): extract, update, compile and check them with Babel.

    python -m fivehundred_tutor.bookbuild.catalogs extract   # the English messages into locale/fivehundred_tutor.pot
    python -m fivehundred_tutor.bookbuild.catalogs update    # new messages into every language's .po (untranslated)
    python -m fivehundred_tutor.bookbuild.catalogs compile   # every .po into its .mo (skipped when current)
    python -m fivehundred_tutor.bookbuild.catalogs check     # every message translated, placeholders kept

A translator's round: ``extract`` and ``update`` after changing messages in the code, translate the
new entries in ``locale/<code>/LC_MESSAGES/fivehundred_tutor.po``, ``check``, ``compile``.  Both
bootstrap jobs run ``compile``; the ``.mo`` files are build output (not committed), the wheels ship
them.  The template is written without line numbers and with a fixed date, so it changes only when a
message does (tests/quality/test_catalogs.py compares it with a fresh extraction).
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .. import i18n
from ..i18n import DOMAIN, LOCALE_DIR, SOURCE_LANGUAGE

__all__ = [
    "PACKAGE_DIR",
    "TEMPLATE",
    "Problem",
    "check",
    "compile_catalogs",
    "extract",
    "main",
    "mo_path",
    "placeholders",
    "po_path",
    "template_text",
    "translated_languages",
    "update",
    "widget_words",
    "widget_words_module",
]

PACKAGE_DIR = LOCALE_DIR.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
#: the widgets' words in every language, written by ``compile`` from the catalogs (the bundles import it)
WIDGET_WORDS = PACKAGE_DIR.parent / "widgets" / "src" / "catalogs.js"
#: a fixed date in the template's header: the file changes only when a message does
_TEMPLATE_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
#: what Babel reads: the package's Python, nothing generated
_METHOD_MAP = [("**/node_modules/**", "ignore"), ("**.py", "python")]
#: the widgets' sources (``t("…")``, ``nt("…", "…", n)`` from widgets/src/language.js), where the tree has them
WIDGET_SOURCES = PACKAGE_DIR.parent / "widgets" / "src"
_JS_KEYWORDS: dict[str, Any] = {"t": None, "nt": (1, 2)}
_PLACEHOLDER = re.compile(r"(?<!\{)\{([^{}]*)\}(?!\})")


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


_PLURAL_ENTRY = re.compile(r'\bone:\s*"((?:[^"\\]|\\.)*)",\s*other:\s*"((?:[^"\\]|\\.)*)"')


def _extract_widget_js(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Any:
    """Babel's JavaScript extractor, and the English plural table of format.js (``PLURALS``: ``{one: "# trick",
    other: "# tricks"}``) read as counted messages, so every phrase ``plural()`` says is in the catalogs."""
    from babel.messages.extract import extract_javascript

    source = fileobj.read()
    yield from extract_javascript(io.BytesIO(source), keywords, comment_tags, options)
    text = source.decode("utf-8")
    for found in _PLURAL_ENTRY.finditer(text):
        one, other = (json.loads(f'"{form}"') for form in found.groups())
        yield text.count("\n", 0, found.start()) + 1, "nt", (one, other), []


def translated_languages() -> list[str]:
    """The languages with a ``.po`` catalog (English, the source, has none)."""
    return sorted(p.name for p in LOCALE_DIR.iterdir() if po_path(p.name).is_file() and p.name != SOURCE_LANGUAGE)


def extract(package_dir: Path = PACKAGE_DIR) -> Catalog:
    """Every message in ``gettext``/``ngettext``/``pgettext``/``npgettext`` calls (``_`` too) of the package."""
    catalog = Catalog(project="fivehundred-tutor", creation_date=_TEMPLATE_DATE, fuzzy=False)
    root = package_dir.parent
    for filename, lineno, message, comments, context in extract_from_dir(
        package_dir, method_map=_METHOD_MAP, comment_tags=("Translators:",), strip_comment_tags=True
    ):
        where = (package_dir / filename).relative_to(root).as_posix()
        catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    widgets = root / "widgets" / "src"
    if widgets.is_dir():
        for filename, lineno, message, comments, context in extract_from_dir(
            widgets,
            method_map=[("catalogs.js", "ignore"), ("**.js", cast(Any, _extract_widget_js))],  # a callable works
            options_map={"**.js": {"parse_template_string": "true"}},
            keywords=_JS_KEYWORDS,
            comment_tags=("Translators:",),
            strip_comment_tags=True,
        ):
            where = (widgets / filename).relative_to(root).as_posix()
            catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return catalog


def template_text(catalog: Catalog) -> str:
    """The template as the repository keeps it: sorted, no line numbers, the fixed date."""
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False)
    return out.getvalue().decode("utf-8")


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as fp:
        return read_po(fp, locale=locale, domain=DOMAIN)


def _write(path: Path, catalog: Catalog, **options: bool) -> None:
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, **options)
    if not path.is_file() or path.read_bytes() != out.getvalue():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(out.getvalue())


def update(languages: Iterable[str] | None = None) -> list[str]:
    """Bring every language's ``.po`` in step with the template: new messages (untranslated), gone ones
    dropped (kept as obsolete ``#~`` entries for the translator).  Returns the languages updated."""
    template = _read(TEMPLATE)
    done = []
    for code in languages or translated_languages():
        catalog = _read(po_path(code), locale=code)
        catalog.update(template, update_header_comment=False, no_fuzzy_matching=True)
        _write(po_path(code), catalog)
        done.append(code)
    return done


def mo_bytes(code: str) -> bytes:
    """What the ``.po`` of ``code`` compiles to (fuzzy entries left out, as gettext's tools do)."""
    out = io.BytesIO()
    write_mo(out, _read(po_path(code), locale=code), use_fuzzy=False)
    return out.getvalue()


def compile_catalogs(*, force: bool = False) -> list[str]:
    """Compile every ``.po`` into its ``.mo`` where the ``.mo`` differs (or ``force``), then the widgets'
    words (:data:`WIDGET_WORDS`, where the source tree has the widgets); the languages written."""
    written = []
    for code in translated_languages():
        data = mo_bytes(code)
        target = mo_path(code)
        if force or not target.is_file() or target.read_bytes() != data:
            target.write_bytes(data)
            written.append(code)
    if written:
        i18n.reload_catalogs()
    if WIDGET_WORDS.parent.is_dir():
        text = widget_words_module()
        if force or not WIDGET_WORDS.is_file() or WIDGET_WORDS.read_text(encoding="utf-8") != text:
            WIDGET_WORDS.write_text(text, encoding="utf-8")
    return written


def widget_words() -> dict[str, dict[str, object]]:
    """What the widgets say, per language, from the same catalogs as the engine: the words of a card's
    name (rank words by code letter, suit names, the joker, the pattern that joins them).

    >>> widget_words()["pl"]["ranks"]["J"], widget_words()["it"]["card"]
    ('Walet', '{rank} di {suit}')
    """
    from ..cards import ALL_CARDS, JOKER, Suit

    was = i18n.get_language()
    out: dict[str, dict[str, object]] = {}
    ui = [m for m in _read(TEMPLATE) if m.id and any(f.startswith("widgets/") for f, _line in m.locations)]
    try:
        for code in i18n.available_languages():
            i18n.set_language(code)
            spades = [c for c in ALL_CARDS if c.suit is Suit.SPADES]
            out[code] = {
                "ranks": {c.code[:-1]: c.rank_word for c in spades},
                "suits": {s.letter: s.local_name for s in Suit},
                "joker": JOKER.name,
                "card": i18n.pgettext("card name", "{rank} of {suit}"),
                "messages": {m.id: i18n.gettext(m.id) for m in ui if isinstance(m.id, str) and code != SOURCE_LANGUAGE},
                "plurals": {m.id[0]: _plural_forms(code, m.id) for m in ui if not isinstance(m.id, str)},
            }
    finally:
        i18n.set_language(was)
    return out


def _plural_forms(code: str, ids: Any) -> list[str]:
    """Every plural form of a counted message in ``code`` (English: singular, plural)."""
    if code == SOURCE_LANGUAGE:
        return [str(ids[0]), str(ids[1])]
    message = _read(po_path(code), locale=code).get(ids)
    if message is None or not isinstance(message.string, (list, tuple)):
        return [str(ids[0]), str(ids[1])]
    return [str(s) for s in message.string]


def _plural_rule(code: str) -> str:
    """The language's plural rule as a JavaScript function of ``n`` (a gettext expression is one)."""
    if code == SOURCE_LANGUAGE:
        return "(n) => (n === 1 ? 0 : 1)"
    expression = _read(po_path(code), locale=code).plural_expr
    if not re.fullmatch(r"[n0-9%<>=!&|?:() ]+", expression):
        raise ValueError(f"{code}: a plural rule that is not a plain expression of n: {expression!r}")
    return f"(n) => Number({expression})"


def widget_words_module() -> str:
    """The ES module :data:`WIDGET_WORDS`: the table of :func:`widget_words` (generated: not edited by hand)."""
    words = widget_words()
    table = json.dumps(words, ensure_ascii=False, indent=2, sort_keys=True)
    rules = ",\n".join(f"  {code}: {_plural_rule(code)}" for code in sorted(words))
    return (
        "// Generated from fivehundred_tutor/locale by `python -m fivehundred_tutor.bookbuild.catalogs compile`:\n"
        "// edit the .po catalogs, not this file (tests/quality/test_catalogs.py checks it is current).\n\n"
        f"export const WORDS = {table};\n\n"
        "/** Which plural form a count takes, per language (from the catalogs' Plural-Forms). */\n"
        f"export const PLURAL = {{\n{rules},\n}};\n"
    )


def placeholders(text: str) -> list[str]:
    """The ``str.format`` fields of a message, sorted: ``"{seat} bids {bid}"`` → ``['bid', 'seat']``.

    >>> placeholders("{seat} cannot bid {bid}: {problem}. {{not one}}")
    ['bid', 'problem', 'seat']
    """
    return sorted(_PLACEHOLDER.findall(text))


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a catalog, said so a translator can find and fix it."""

    language: str
    msgid: str
    what: str

    def __str__(self) -> str:
        return f"{self.language}: {self.msgid!r}: {self.what}"


def _forms(message: Message) -> tuple[list[str], list[str]]:
    ids = list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]
    strings = list(message.string) if isinstance(message.string, (list, tuple)) else [message.string or ""]
    return [str(i) for i in ids], [str(s or "") for s in strings]


def check(languages: Iterable[str] | None = None) -> list[Problem]:
    """Every message of the template in every catalog, translated (not fuzzy, every plural form), with
    the same placeholders as its English; no catalog message the code no longer has."""
    template = _read(TEMPLATE)
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
    problems = []
    for code in languages or translated_languages():
        catalog = _read(po_path(code), locale=code)
        plurals = catalog.num_plurals
        seen = set()
        for message in catalog:
            if not message.id:
                continue
            ids, strings = _forms(message)
            key = (ids[0], message.context)
            seen.add(key)
            if key not in wanted:
                problems.append(Problem(code, ids[0], "not in the code any more (run `update`)"))
                continue
            if message.fuzzy:
                problems.append(Problem(code, ids[0], "fuzzy: check the translation and remove the flag"))
            if not all(s.strip() for s in strings):
                problems.append(Problem(code, ids[0], "not translated"))
                continue
            if len(ids) > 1 and len(strings) != plurals:
                problems.append(Problem(code, ids[0], f"{len(strings)} plural forms, the language has {plurals}"))
            if len(ids) > 1 and "#" in ids[-1] and not all("#" in form for form in strings[1:]):
                problems.append(Problem(code, ids[0], "a plural form lost the count '#'"))
            fields = set(placeholders(ids[-1])) | set(placeholders(ids[0]))
            for s in strings:
                if not set(placeholders(s)) <= fields or (len(ids) == 1 and set(placeholders(s)) != fields):
                    problems.append(
                        Problem(code, ids[0], f"placeholders {placeholders(s)} differ from {sorted(fields)}")
                    )
        for msgid, _context in sorted(wanted - seen, key=lambda k: (k[0], k[1] or "")):
            problems.append(Problem(code, msgid, "missing (run `update`, then translate)"))
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fivehundred_tutor.bookbuild.catalogs", description=__doc__)
    parser.add_argument("job", choices=["extract", "update", "compile", "check"])
    parser.add_argument("--force", action="store_true", help="compile: write every .mo again")
    args = parser.parse_args(argv)
    if args.job == "extract":
        text = template_text(extract())
        if not TEMPLATE.is_file() or TEMPLATE.read_text(encoding="utf-8") != text:
            TEMPLATE.write_text(text, encoding="utf-8")
        print(f"{TEMPLATE.relative_to(PACKAGE_DIR.parent)}: {len(extract())} messages")
        return 0
    if args.job == "update":
        print("updated:", ", ".join(update()) or "nothing")
        return 0
    if args.job == "compile":
        written = compile_catalogs(force=args.force)
        print("compiled:", ", ".join(written) or "all current")
        return 0
    problems = check()
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s) in {', '.join(translated_languages())}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
