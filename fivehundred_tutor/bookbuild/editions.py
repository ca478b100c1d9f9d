"""The book's Polish and Italian editions: one MyST tree per language, built beside the English site.

    python -m fivehundred_tutor.bookbuild.editions init      # copy every English page a tree lacks into it
    python -m fivehundred_tutor.bookbuild.editions check     # untranslated blocks, per language and page
    fivehundred-tutor book build --editions pl,it            # build them (:func:`.jupyterbook.build_edition`)

Why trees and not Sphinx's gettext catalogs: a chapter's code cells are part of what a learner reads.
Their outputs (card pictures' labels, tables a cell writes as Markdown, quiz widgets) are computed
from the cell's code, and its hidden cells assert the prose against the engine (``c.name == "Jack of
diamonds"``).  gettext translates only the prose Sphinx parses, never the code that is executed: the
outputs would stay English and the hidden cells would check the English prose only.  In a tree the
Polish chapter is a whole notebook: its labels are Polish, its hidden cells assert the Polish prose
against the engine running in Polish (the kernel runs with ``FIVEHUNDRED_LANG=pl``), and JupyterLab
opens it as a Polish notebook.  What gettext gives for free, knowing what is left to translate, is
:func:`untranslated`: every block of a page's prose (and every string literal of its code cells that
reads as words) still the same as in the English page.

Layout: ``book/editions/<code>/`` holds ``index.md``, ``glossary.md``, ``rules-index.md``, ``references.md``
and ``chapters/*.md``, the same names as ``book/`` (so links and labels work unchanged), plus
``book/editions/editions.yml`` (each edition's name, title and ``complete`` flag).  A build stages each
edition as a book of its own in ``book/_build/editions/<code>/book`` (its pages copied, ``_assets``,
``_templates``, ``_static_widgets`` and ``node_modules`` linked to the English book's), runs Jupyter
Book with ``language: <code>`` and ``FIVEHUNDRED_LANG=<code>`` (its own execution cache in
``book/_build/editions/<code>/_build/.jupyter_cache``), copies the site into ``book/_build/html/<code>/``
and puts a language switcher on every page of every edition (:func:`add_switcher`).

What every language serves alike is built once and shared (issue 29, §5 "Cost"): a file of an edition's site
that is not a page and has the English site's bytes (Pyodide, the widgets' scripts) is a hard link to the English
file (:func:`publish`), and an edition's JupyterLite site (``<code>/lite/``) is the English one's files, hard
links, with its own notebooks: one wheel (every language's catalogs and saved results), one kernel and start-up
snapshot, one ``jupyter lite build`` (:func:`fivehundred_tutor.bookbuild.lite.build_shared_sites`).
"""

from __future__ import annotations

import argparse
import ast
import datetime
import io
import os
import posixpath
import re
import shutil
import sys
import tokenize
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import FiveHundredError
from .files import share_file

ROOT = Path(__file__).resolve().parents[2]
BOOK_DIR = ROOT / "book"
EDITIONS_DIR = BOOK_DIR / "editions"
SETTINGS = EDITIONS_DIR / "editions.yml"
#: the environment variable (and ``book build --editions``) naming the editions a build makes
EDITIONS_ENV = "FIVEHUNDRED_EDITIONS"
SOURCE_LANGUAGE = "en"
#: the language names the switcher shows, each in its own language
NAMES = {"en": "English", "pl": "Polski", "it": "Italiano"}
#: what a staged edition links to in the English book (shared, never copied)
_LINKED = ("_assets", "_templates", "_static_widgets", "node_modules", "package.json", "package-lock.json")
_COPIED = ("_toc.yml", "jupytext.toml")
_SWITCH_START = "<!--fht-editions-->"
_SWITCH_END = "<!--/fht-editions-->"
_SWITCH_RE = re.compile(re.escape(_SWITCH_START) + r".*?" + re.escape(_SWITCH_END), re.DOTALL)
_ARTICLE = '<article class="bd-article">'
#: html folders of a site that hold no pages of its own
_NOT_PAGES = {"_static", "_sources", "_images", "lite", "_static_widgets", *NAMES}


class EditionError(FiveHundredError, RuntimeError):
    pass


def settings() -> dict[str, dict[str, Any]]:
    """``book/editions/editions.yml``: ``{code: {name, title, complete}}`` for every edition there is."""
    import yaml  # type: ignore[import-untyped]

    data = yaml.safe_load(SETTINGS.read_text(encoding="utf-8")) or {}
    return {str(code): dict(values or {}) for code, values in data.items()}


def languages() -> list[str]:
    """Every edition beside the English one (``editions.yml``'s keys)."""
    return list(settings())


def requested(value: str | None = None) -> list[str]:
    """The editions a build makes: ``value`` (``"pl,it"``, ``"all"``, ``""``), else ``$FIVEHUNDRED_EDITIONS``.

    None by default here; the README's book commands set ``FIVEHUNDRED_EDITIONS=all``
    (:func:`fivehundred_tutor.bootstrap.book_environment`), and so does the tests' build (tests/support/book.py)."""
    text = os.environ.get(EDITIONS_ENV, "") if value is None else value
    codes = [c.strip().lower() for c in text.replace(" ", ",").split(",") if c.strip()]
    known = languages()
    if codes in (["all"], ["1"], ["yes"]):
        return known
    unknown = [c for c in codes if c not in known]
    if unknown:
        raise EditionError(f"no edition {', '.join(unknown)} (editions.yml has {', '.join(known)})")
    return codes


def pages(book_dir: Path = BOOK_DIR) -> list[str]:
    """The book's pages (``_toc.yml``'s root and files), without suffix: ``["index", "chapters/01-how-to-use", ...]``."""
    import yaml

    toc = yaml.safe_load((book_dir / "_toc.yml").read_text(encoding="utf-8"))
    found = [str(toc["root"])]
    for part in toc.get("parts", []):
        found += [str(entry["file"]) for entry in part.get("chapters", [])]
    return found


def tree(code: str) -> Path:
    return EDITIONS_DIR / code


#: a line (after the front matter) of a tree's page not started yet: the build takes the English page as it is now (so an
#: English change never leaves a stale copy behind).  A translator starting the page deletes the line.
NOT_STARTED = "<!-- not translated yet: delete this line when you start translating this page -->\n"


def is_started(text: str) -> bool:
    return NOT_STARTED not in text


def _front_matter_end(lines: list[str]) -> int:
    """The index of the first line after a page's jupytext front matter (0 without one)."""
    if lines and lines[0].strip() == "---":
        return next((n for n in range(1, len(lines)) if lines[n].strip() == "---"), 0) + 1
    return 0


def mark_not_started(text: str) -> str:
    lines = text.splitlines(keepends=True)
    at = _front_matter_end(lines)
    return "".join(lines[:at]) + NOT_STARTED + "".join(lines[at:])


def init(codes: Iterable[str] | None = None, book_dir: Path = BOOK_DIR) -> list[Path]:
    """Write every page an edition's tree lacks, or has not started, as the English page now (marked
    :data:`NOT_STARTED`), so translators can work file by file; a started page is left alone.  Returns
    the files written."""
    written = []
    for code in codes or languages():
        for page in pages(book_dir):
            target = tree(code) / f"{page}.md"
            if target.exists() and is_started(target.read_text(encoding="utf-8")):
                continue
            text = mark_not_started((book_dir / f"{page}.md").read_text(encoding="utf-8"))
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
                written.append(target)
    return written


# --- what is left to translate ---------------------------------------------------------------------

_FENCE = re.compile(r"^(```+|~~~+)")
_WORD = re.compile(r"[^\W\d_]*[^\W\d_A-Z][^\W\d_]*")  # a word with a lower-case letter (not JD, 7H, JK)


def _reads_as_words(text: str) -> bool:
    """Prose, not a label, a link target, a card code or markup: two words or more."""
    text = re.sub(r"\]\([^)]*\)", "]", text)  # link targets are not words
    text = re.sub(r"\{[a-z-]+\}`[^`]*`|<[^>]*>", " ", text)  # roles and tags
    return len(_WORD.findall(text)) >= 2


def _code_strings(code: str) -> list[str]:
    """The string literals of a code cell that read as words (labels, assertions against prose, Markdown)."""
    found = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(code).readline):
            if tok.type == tokenize.STRING:
                try:
                    value = ast.literal_eval(tok.string)
                except (ValueError, SyntaxError):
                    continue
                if isinstance(value, str) and " " in value and _reads_as_words(value):
                    found.append(value.strip())
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return found


def blocks(text: str) -> list[str]:
    """A page's translatable units: its prose blocks (paragraphs, headings, list items, table rows)
    and its code cells' string literals that read as words.  The front matter, labels and fences'
    options are not."""
    found: list[str] = []
    lines = text.splitlines()
    i = 0
    if lines and lines[0].strip() == "---":  # jupytext front matter
        i = next((n for n in range(1, len(lines)) if lines[n].strip() == "---"), 0) + 1
    para: list[str] = []

    def flush() -> None:
        block = " ".join(line.strip() for line in para).strip()
        para.clear()
        if block and _reads_as_words(block):
            found.append(block)

    while i < len(lines):
        line = lines[i]
        fence = _FENCE.match(line.strip())
        if fence:
            flush()
            mark = fence.group(1)
            body: list[str] = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith(mark):
                body.append(lines[i])
                i += 1
            head = line.strip()[len(mark) :].strip()
            code = "\n".join(b for b in body if not b.startswith(":"))
            if head.startswith("{code-cell}") or head.startswith(("python", "ipython")):
                found += _code_strings(code)
            elif head.startswith(("{", "")) and not head.startswith(("{code-cell}", "bash", "text", "toml")):
                found += [b for b in blocks(code) if b]  # a directive's body is prose (admonitions, tips)
        elif not line.strip() or re.match(r"^\s*(#+\s|[-*+]\s|\d+\.\s|\|)", line):
            flush()
            if line.strip():
                para.append(re.sub(r"^\s*(#+|[-*+]|\d+\.)\s", "", line))
                if line.lstrip().startswith(("#", "|")):
                    flush()
        elif re.match(r"^\([A-Za-z0-9_.:-]+\)=\s*$", line):
            flush()
        else:
            para.append(line)
        i += 1
    flush()
    return found


@dataclass
class Report:
    """What is left to translate in one edition: untranslated blocks per page (a missing page counts whole)."""

    code: str
    total: int = 0
    left: dict[str, list[str]] = field(default_factory=dict)

    @property
    def untranslated(self) -> int:
        return sum(len(v) for v in self.left.values())

    def lines(self) -> list[str]:
        done = self.total - self.untranslated
        out = [f"{self.code}: {self.untranslated} of {self.total} blocks untranslated ({done} translated)"]
        out += [f"  {page}: {len(left)}" for page, left in self.left.items() if left]
        return out


def untranslated(code: str, book_dir: Path = BOOK_DIR) -> Report:
    """Every block of every page still as in English (see :func:`blocks`); a page not in the tree counts whole."""
    report = Report(code)
    for page in pages(book_dir):
        english = blocks((book_dir / f"{page}.md").read_text(encoding="utf-8"))
        report.total += len(english)
        translated = tree(code) / f"{page}.md"
        if not translated.exists() or not is_started(translated.read_text(encoding="utf-8")):
            report.left[page] = english
            continue
        same = set(english)
        report.left[page] = [b for b in blocks(translated.read_text(encoding="utf-8")) if b in same]
    return report


def check(codes: Iterable[str] | None = None, *, complete: bool | None = None) -> tuple[list[Report], list[str]]:
    """The reports for ``codes`` and the editions that fail: those marked ``complete: true`` in
    editions.yml (or all, with ``complete=True``) that still have an untranslated block."""
    marks = settings()
    reports = [untranslated(code) for code in (codes or languages())]
    failing = [
        r.code
        for r in reports
        if r.untranslated and (complete if complete is not None else bool(marks.get(r.code, {}).get("complete")))
    ]
    return reports, failing


# --- staging and building an edition ---------------------------------------------------------------


def edition_build_dir(code: str, book_dir: Path = BOOK_DIR) -> Path:
    return book_dir / "_build" / "editions" / code


def _write_if_changed(path: Path, data: bytes) -> None:
    if path.exists() and path.read_bytes() == data:
        return  # an unchanged page keeps its time: Sphinx and the execution cache skip it
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def edition_config(code: str, book_dir: Path = BOOK_DIR) -> dict[str, Any]:
    """The English ``_config.yml`` with the edition's language and title."""
    import yaml

    config: dict[str, Any] = yaml.safe_load((book_dir / "_config.yml").read_text(encoding="utf-8"))
    mine = settings().get(code, {})
    if mine.get("title"):
        config["title"] = mine["title"]
    sphinx_config = config.setdefault("sphinx", {}).setdefault("config", {})
    sphinx_config["language"] = code
    sphinx_config.update(mine.get("sphinx") or {})
    # the templates' own words (Open in JupyterLab, ...): book/editions/<code>/locales/<code>/LC_MESSAGES/sphinx.po
    sphinx_config["locale_dirs"] = ["locales"]
    return config


def stage(code: str, book_dir: Path = BOOK_DIR) -> Path:
    """The edition as a book of its own (see the module docstring); returns its folder."""
    import yaml

    source = tree(code)
    if not source.is_dir():
        raise EditionError(f"{source} is missing: `python -m fivehundred_tutor.bookbuild.editions init`")
    staged = edition_build_dir(code, book_dir) / "book"
    staged.mkdir(parents=True, exist_ok=True)
    for name in _LINKED:
        link, target = staged / name, book_dir / name
        if target.exists() and not link.is_symlink():
            if link.exists():
                shutil.rmtree(link) if link.is_dir() else link.unlink()
            link.symlink_to(target, target_is_directory=target.is_dir())
    for name in _COPIED:
        text = (book_dir / name).read_text(encoding="utf-8")
        if name == "_toc.yml":  # the sidebar's part captions, in the edition's words
            for english, translated in (settings().get(code, {}).get("captions") or {}).items():
                text = text.replace(f"caption: {english}\n", f"caption: {translated}\n")
        _write_if_changed(staged / name, text.encode())
    config = yaml.safe_dump(edition_config(code, book_dir), allow_unicode=True, sort_keys=False)
    _write_if_changed(staged / "_config.yml", config.encode())
    for page in pages(book_dir):
        english = (book_dir / f"{page}.md").read_text(encoding="utf-8")
        path = source / f"{page}.md"
        text = path.read_text(encoding="utf-8") if path.exists() else english
        if not is_started(text) or text == english:
            text = not_yet_translated(english, code)
        else:
            text = in_its_language(text, code)
        _write_if_changed(staged / f"{page}.md", text.encode())
    _compile_template_words(code, staged)
    return staged


#: the note an edition's page carries while it is the English page (in the edition's language)
NOT_YET = {
    "pl": "Ten rozdział nie jest jeszcze przetłumaczony: czytasz wersję angielską.",
    "it": "Questo capitolo non è ancora tradotto: stai leggendo la versione inglese.",
}
_LANGUAGE_CELL = """```{{code-cell}} ipython3
:tags: [remove-cell]

# {why}
import fivehundred_tutor

fivehundred_tutor.set_language("{code}")
```
"""


def _after_title(text: str, insert: str) -> str:
    lines = text.splitlines(keepends=True)
    start = _front_matter_end(lines)
    head = next((n for n in range(start, len(lines)) if lines[n].startswith("# ")), None)
    at = (head + 1) if head is not None else start
    return "".join(lines[:at]) + "\n" + insert + "\n" + "".join(lines[at:])


def not_yet_translated(text: str, code: str) -> str:
    """An English page staged in an edition: it runs in English (its hidden cells check the English prose
    against the engine's English words), under a note in the edition's language saying so."""
    note = f"```{{note}}\n{NOT_YET.get(code, NOT_YET['pl'])}\n```\n\n"
    why = "not translated yet: this page runs in English, so its outputs agree with its English prose"
    cell = _LANGUAGE_CELL.format(why=why, code="en") if "{code-cell}" in text else ""
    return _after_title(text, note + cell)


def in_its_language(text: str, code: str) -> str:
    """A translated page staged in its edition: its first cell speaks the edition's language, so the page
    runs in it wherever it runs (the build's kernel, JupyterLite's, a JupyterLab without FIVEHUNDRED_LANG)."""
    if "{code-cell}" not in text:
        return text
    return _after_title(text, _LANGUAGE_CELL.format(why=f"this page is the {code} edition's", code=code))


def _compile_template_words(code: str, staged: Path) -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    po = tree(code) / "locales" / code / "LC_MESSAGES" / "sphinx.po"
    if not po.exists():
        return
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=code)
    # without dates in the .po, babel writes the minute of the build into the .mo's header: a staged file that
    # changed every minute made every edition's Sphinx run again on a no-op rebuild
    text = po.read_text(encoding="utf-8")
    fixed = datetime.datetime(2000, 1, 1, tzinfo=datetime.timezone.utc)
    if "POT-Creation-Date:" not in text:
        catalog.creation_date = fixed
    if "PO-Revision-Date:" not in text:
        catalog.revision_date = fixed
    out = io.BytesIO()
    write_mo(out, catalog)
    _write_if_changed(staged / "locales" / code / "LC_MESSAGES" / "sphinx.mo", out.getvalue())


#: the edition's JupyterLite site: not the edition's build's, but the English one's linked with the edition's
#: notebooks (:func:`fivehundred_tutor.bookbuild.lite.link_edition_site`)
_NOT_PUBLISHED = "lite"


def _same_bytes(a: Path, b: Path) -> bool:
    return a.stat().st_size == b.stat().st_size and a.read_bytes() == b.read_bytes()


def publish(code: str, book_dir: Path = BOOK_DIR) -> Path:
    """Copy the edition's site into the English site's ``<code>/`` folder (files that changed only).  A file that
    is not a page (``_static/``: Pyodide, the widgets' scripts, the styles) and has the same bytes as the English
    site's file at the same place is a hard link to it: no second copy of what every language serves alike.  A
    file is replaced, never written into (it may be such a link)."""
    built = edition_build_dir(code, book_dir) / "_build" / "html"
    english = book_dir / "_build" / "html"
    target = english / code
    seen = set()
    for path in sorted(built.rglob("*")):
        rel = path.relative_to(built)
        if rel.parts[0] == _NOT_PUBLISHED:
            continue
        seen.add(rel)
        dest, twin = target / rel, english / rel
        if path.is_dir():
            dest.mkdir(parents=True, exist_ok=True)
            continue
        if path.suffix != ".html" and twin.is_file() and _same_bytes(twin, path):
            share_file(twin, dest)
        elif not dest.exists() or (twin.exists() and os.path.samefile(dest, twin)) or not _same_bytes(dest, path):
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.unlink(missing_ok=True)
            shutil.copy2(path, dest)
    for path in sorted(target.rglob("*"), reverse=True):
        rel = path.relative_to(target)
        if rel.parts[0] != _NOT_PUBLISHED and rel not in seen:
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    return target


# --- the language switcher ---------------------------------------------------------------------------


def site_pages(html: Path) -> list[str]:
    """The pages of one edition's site (``chapters/01-how-to-use.html``...), not those of the editions in it."""
    return sorted(
        p.relative_to(html).as_posix() for p in html.rglob("*.html") if p.relative_to(html).parts[0] not in _NOT_PAGES
    )


_LINK_STYLE = "display:inline-block;min-height:44px;line-height:44px;padding:0 .5rem"


def switcher(page: str, code: str, codes: Sequence[str]) -> str:
    """The switcher's HTML for ``page`` (relative to its edition's root) of edition ``code``: a line over the
    page's text with a link to the same page in every other edition (``codes`` includes ``en``), each
    language named in itself, the current one marked (``aria-current``)."""
    here = posixpath.dirname(posixpath.join("" if code == SOURCE_LANGUAGE else code, page))
    items = []
    for other in codes:
        name = NAMES.get(other, other)
        if other == code:
            items.append(
                f'<strong class="fht-edition-current" aria-current="page" lang="{other}" style="{_LINK_STYLE}">{name}</strong>'
            )
            continue
        target = posixpath.join("" if other == SOURCE_LANGUAGE else other, page)
        href = posixpath.relpath(target, here or ".")
        items.append(
            f'<a class="fht-edition" href="{href}" hreflang="{other}" lang="{other}" style="{_LINK_STYLE}">{name}</a>'
        )
    label = {"pl": "Język", "it": "Lingua"}.get(code, "Language")
    return (
        f'{_SWITCH_START}<nav class="fht-editions d-print-none" aria-label="{label}" '
        'style="display:flex;flex-wrap:wrap;justify-content:flex-end;gap:0 .25rem;font-size:.9rem;margin:-.5rem 0 .25rem">'
        + "".join(items)
        + f"</nav>{_SWITCH_END}"
    )


def add_switcher(html: Path, codes: Sequence[str]) -> int:
    """Put the switcher (:func:`switcher`) on every page of every edition of the site at ``html``
    (``codes`` without ``en``; none takes every switcher off).  Returns the pages changed."""
    everything = [SOURCE_LANGUAGE, *codes]
    changed = 0
    for code in [*everything, *(c for c in NAMES if c not in everything)]:
        root = html if code == SOURCE_LANGUAGE else html / code
        if not root.is_dir():
            continue
        for page in site_pages(root):
            path = root / page
            text = path.read_text(encoding="utf-8")
            new = _SWITCH_RE.sub("", text)
            if codes and _ARTICLE in new:
                new = new.replace(_ARTICLE, _ARTICLE + switcher(page, code, everything), 1)
            if new != text:
                path.write_text(new, encoding="utf-8")
                changed += 1
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m fivehundred_tutor.bookbuild.editions",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("init", help="copy every English page an edition lacks into its tree")
    c = sub.add_parser("check", help="count the untranslated blocks of every edition, page by page")
    c.add_argument("codes", nargs="*")
    c.add_argument("--complete", action="store_true", help="fail (exit 1) on any untranslated block")
    c.add_argument("--show", action="store_true", help="print the untranslated blocks themselves")
    args = parser.parse_args(argv)
    if args.command == "init":
        for path in init():
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    if args.command == "check":
        reports, failing = check(args.codes or None, complete=True if args.complete else None)
        for report in reports:
            print("\n".join(report.lines()))
            if args.show:
                for page, left in report.left.items():
                    for block in left:
                        print(f"    {page}: {block[:100]}")
        if failing:
            print(f"not complete: {', '.join(failing)}", file=sys.stderr)
            return 1
        return 0
    return 0  # pragma: no cover (argparse requires one of the commands above)


if __name__ == "__main__":
    sys.exit(main())
