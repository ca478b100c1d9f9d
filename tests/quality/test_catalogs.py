"""The message catalogs are complete and current (issue 29, item 4).

- the committed template (``locale/fivehundred_tutor.pot``) is what Babel extracts from the code now;
- every message of it is in the Polish and the Italian ``.po``, translated (no empty or fuzzy entry,
  every plural form: Polish three, Italian two), with the same ``{placeholders}`` as its English;
- the compiled ``.mo`` files are what the ``.po`` files compile to (the bootstrap's ``compile``);
- and the check itself fails on each kind of fault, shown on a spoiled copy of the catalogs.

Fix a failure with ``python -m fivehundred_tutor.bookbuild.catalogs extract|update|compile`` (README).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from fivehundred_tutor import i18n
from fivehundred_tutor.bookbuild import catalogs

LANGUAGES = ["it", "pl"]


def test_the_template_is_what_the_code_holds() -> None:
    fresh = catalogs.template_text(catalogs.extract())
    assert catalogs.TEMPLATE.read_text(encoding="utf-8") == fresh, (
        "messages changed in the code: run `python -m fivehundred_tutor.bookbuild.catalogs extract` and `update`, "
        "then translate the new entries"
    )


def test_every_message_is_translated_in_every_language_with_its_placeholders() -> None:
    assert catalogs.translated_languages() == LANGUAGES
    assert i18n.available_languages() == ("en", *LANGUAGES)
    problems = catalogs.check()
    assert not problems, "\n".join(map(str, problems))
    template = read_po(catalogs.TEMPLATE.open("rb"))
    assert len([m for m in template if m.id]) >= 80, "the engine's words are in the catalog"


@pytest.mark.parametrize(("language", "forms"), [("pl", 3), ("it", 2)])
def test_plural_forms(language: str, forms: int) -> None:
    catalog = read_po(catalogs.po_path(language).open("rb"), locale=language)
    assert catalog.num_plurals == forms
    plural = [m for m in catalog if m.id and m.pluralizable]
    assert plural and all(len(m.string) == forms and all(m.string) for m in plural)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogs_are_current(language: str) -> None:
    assert catalogs.mo_path(language).read_bytes() == catalogs.mo_bytes(language), (
        "run `python -m fivehundred_tutor.bookbuild.catalogs compile`"
    )


def test_the_widgets_words_are_the_catalogs_words() -> None:
    """widgets/src/catalogs.js (the card words the bundles carry) is what the catalogs say now."""
    assert catalogs.WIDGET_WORDS.read_text(encoding="utf-8") == catalogs.widget_words_module(), (
        "run `python -m fivehundred_tutor.bookbuild.catalogs compile`"
    )
    words = catalogs.widget_words()
    assert sorted(words) == ["en", "it", "pl"]
    assert words["pl"]["joker"] == "Dżoker" and words["it"]["ranks"] == {**words["it"]["ranks"], "J": "Fante"}


def test_the_browser_wheel_ships_the_catalogs_and_speaks_polish_from_them(tmp_path: Path) -> None:
    """The wheel the live book and JupyterLite install (Pyodide) holds the compiled catalogs, and the package
    unpacked from it alone (no source tree, plain Python) names cards in Polish and Italian."""
    from fivehundred_tutor.bookbuild import webassets

    wheel = webassets.write_wheel(tmp_path / "wheel")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        zf.extractall(tmp_path / "site")
    for language in LANGUAGES:
        assert f"fivehundred_tutor/locale/{language}/LC_MESSAGES/fivehundred_tutor.mo" in names
    code = "import fivehundred_tutor as f; f.set_language('pl'); a = f.Card.parse('JD').name; f.set_language('it'); print(a, '|', f.Card.parse('JD').name, '|', f.__file__)"
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site"), "FIVEHUNDRED_TUTOR_NATIVE": "0"}
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    words, where = out.stdout.strip().rsplit(" | ", 1)
    assert words == "Walet karo | Fante di quadri" and where.startswith(str(tmp_path / "site")), out.stdout


def test_the_check_finds_each_kind_of_fault(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A spoiled copy: an entry emptied, one marked fuzzy, one losing a placeholder, one removed, one extra."""
    copy = tmp_path / "locale"
    shutil.copytree(catalogs.LOCALE_DIR, copy, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setattr(catalogs, "LOCALE_DIR", copy)
    monkeypatch.setattr(catalogs, "TEMPLATE", copy / catalogs.TEMPLATE.name)
    po = copy / "pl" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    text = po.read_text(encoding="utf-8")
    spoiled = (
        text.replace('msgstr "Trwa rozgrywka: {seat} musi zagrać kartę."', 'msgstr ""')
        .replace('msgid "nobody"\nmsgstr "nikt"', '#, fuzzy\nmsgid "nobody"\nmsgstr "nikt"')
        .replace('msgstr "{card}: tej karty nie ma w ręce."', 'msgstr "{karta}: tej karty nie ma w ręce."')
        .replace('msgid "the joker"\nmsgstr "dżoker"', 'msgid "the jester"\nmsgstr "błazen"')
    )
    assert spoiled.count("\n") == text.count("\n") + 1
    po.write_text(spoiled, encoding="utf-8")
    found = {(p.msgid, p.what.split(" ")[0]) for p in catalogs.check(["pl"])}
    assert found == {
        ("It is the play: {seat} must play a card.", "not"),
        ("nobody", "fuzzy:"),
        ("{card} is not in the hand.", "placeholders"),
        ("the jester", "not"),
        ("the joker", "missing"),
    }, found
    assert catalogs.check(["it"]) == []
