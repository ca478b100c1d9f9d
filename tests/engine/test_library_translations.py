"""The library deals in Polish and Italian (``fivehundred_tutor/data/deals/<code>/NAME.json``, issue 29).

A translation gives a deal's title, intro and every comment of the English record, keyed by the same
action indices; it names exactly the cards and numbers the English names (so the claims the English
comments are checked for, tests/engine/test_library_claims.py, hold for the translation too); loading the
deal in that language gives its words, with the play unchanged.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from fivehundred_tutor import set_language
from fivehundred_tutor.records.library import library_names, load_library_record, translation

DEALS = Path(__file__).resolve().parents[2] / "fivehundred_tutor" / "data" / "deals"
LANGUAGES = ("pl", "it")
#: a card in notation, a number (a contract's level, a score, a count of tricks)
CARD = re.compile(r"(?:10|[2-9AKQJ])[♠♣♦♥]")
NUMBER = re.compile(r"(?<![\w♠♣♦♥])-?\d+(?![\w♠♣♦♥])")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def _facts(text: str) -> tuple[Counter[str], Counter[str]]:
    """The cards and numbers a text names (a card like 10♥ is not also the number 10)."""
    return Counter(CARD.findall(text)), Counter(NUMBER.findall(CARD.sub(" ", text)))


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_library_deal_is_translated_whole(code: str) -> None:
    english = {name: load_library_record(name) for name in library_names()}
    missing = [name for name in english if not (DEALS / code / f"{name}.json").is_file()]
    assert not missing, f"{code}: no translation of {missing}"
    strays = sorted(p.stem for p in (DEALS / code).glob("*.json") if p.stem not in english)
    assert not strays, f"{code}: translations of no library deal: {strays}"
    for name, record in english.items():
        words = translation(name, code)
        assert set(words) <= {"title", "intro", "comments", "stops"}, (code, name, set(words))
        assert {int(k) for k in words.get("stops", {})} == set(record.stops), (code, name, "stops")
        comments = {int(k): v for k, v in words["comments"].items()}
        assert set(comments) == set(record.comments), (code, name, set(comments) ^ set(record.comments))
        assert bool(words.get("title")) == bool(record.title) and bool(words.get("intro")) == bool(record.intro)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_translation_names_the_cards_and_numbers_of_the_english(code: str) -> None:
    for name in library_names():
        record, words = load_library_record(name), translation(name, code)
        pairs = [(record.title or "", words.get("title") or ""), (record.intro or "", words.get("intro") or "")]
        pairs += [(record.comments[int(k)], v) for k, v in (words.get("comments") or {}).items()]
        pairs += [(record.stops[int(k)], v) for k, v in (words.get("stops") or {}).items()]
        for english, local in pairs:
            assert _facts(local) == _facts(english), f"{code}/{name}: {local!r} does not name what {english!r} names"


def test_a_deal_loads_in_the_language_spoken_and_plays_the_same() -> None:
    name = library_names()[0]
    english = load_library_record(name)
    for code in LANGUAGES:
        set_language(code)
        local = load_library_record(name)
        words = json.loads((DEALS / code / f"{name}.json").read_text(encoding="utf-8"))
        assert local.title == words["title"] != english.title
        assert local.comments[min(local.comments)] == words["comments"][str(min(local.comments))]
        assert local.actions == english.actions and local.to_deal().result() == english.to_deal().result()
    set_language("en")
    assert load_library_record(name).title == english.title


def test_the_facts_check_catches_a_changed_card_and_a_changed_number() -> None:
    assert _facts("A♥ wins; 250 points") == _facts("250 punktów: wygrywa A♥")
    assert _facts("A♥ wins") != _facts("wygrywa K♥")
    assert _facts("6♥ is worth 100") != _facts("6♥ jest warte 120")
    assert _facts("10♥ and 10 tricks") == _facts("10 lew i 10♥")


def test_the_solvers_verdicts_are_said_again_in_the_language_spoken() -> None:
    """A record keeps its solver notes in English; read back from their figures, they say the same words in
    English (so the read-back is faithful) and Polish or Italian words in those languages."""
    from fivehundred_tutor.records.notes import note_text

    said = 0
    for name in library_names():
        record = load_library_record(name)
        deal = record.start_deal()
        for index, code in enumerate(record.actions):
            note = record.annotations.get(index)
            if note and note.get("text"):
                assert note_text(deal, deal.parse_action(code), note) == note["text"], (name, index)
                said += 1
            deal.push(code)
    assert said > 20
    for code in LANGUAGES:
        set_language(code)
        for name in library_names():
            comments = load_library_record(name).replay_args()["comments"]
            assert not [c for c in comments.values() if "Double dummy" in c or " keeps that" in c], (code, name)
