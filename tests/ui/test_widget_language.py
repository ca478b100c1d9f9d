"""Widgets speak the engine's language (issue 29 item 2, card words first): a hand drawn after
``set_language("pl")`` / ``("it")`` reads "Walet karo" / "Fante di quadri" to a screen reader, in real
Chromium from an executed notebook rendered offline, and its cards are on screen at 1280 and 390 px."""

from __future__ import annotations

from pathlib import Path

import pytest

from fivehundred_tutor import Card, set_language
from fivehundred_tutor.widgets import CardView
from tests.support.browser import assert_seen, open_page, render_notebook_to_html, serve_directory, wait_for_widgets
from tests.support.myst import myst_notebook
from tests.support.paths import ARTIFACTS

NOTEBOOK = myst_notebook(
    "Widget language",
    'from fivehundred_tutor import set_language\nfrom fivehundred_tutor.widgets import CardView\nset_language("pl")\nCardView(["JD", "JK", "TH", "QS"], label="Ręka")',
    'set_language("it")\nCardView(["JD", "JK", "TH", "QS"], label="Mano")',
    'from fivehundred_tutor.widgets import CardHierarchyQuiz\nset_language("pl")\nCardHierarchyQuiz(seed=3, questions=4, title="Starszeństwo kart")',
)

HAND = ["JD", "JK", "TH", "QS"]


def test_a_widget_carries_the_language_it_was_made_in() -> None:
    try:
        assert CardView(HAND)._fht_host["language"] == "en"
        set_language("pl")
        assert CardView(HAND)._fht_host["language"] == "pl"
    finally:
        set_language("en")


@pytest.mark.browser
def test_card_names_in_polish_and_italian_in_the_browser(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    source = tmp_path / "hands.md"
    source.write_text(NOTEBOOK, encoding="utf-8")
    html = render_notebook_to_html(source, tmp_path / "out")
    expected = {}
    for language, label in (("pl", "Ręka"), ("it", "Mano")):
        set_language(language)
        expected[label] = [Card.parse(c).name for c in HAND]
    set_language("en")
    assert expected["Ręka"] == ["Walet karo", "Dżoker", "Dziesiątka kier", "Dama pik"]
    assert expected["Mano"] == ["Fante di quadri", "Jolly", "Dieci di cuori", "Donna di picche"]
    with serve_directory(html.parent) as base:
        for width in (1280, 390):
            page, problems = open_page(browser, base + html.name, viewport={"width": width, "height": 900})
            assert wait_for_widgets(page) == (3, 3)
            for label, names in expected.items():
                hand = page.locator(f'.fht-root[aria-label="{label}"]')
                cards = hand.locator(".fht-card")
                assert cards.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))") == names
                assert_seen(page, hand.locator(".fht-cards"), min_height=40)
                for i in range(len(names)):
                    box = cards.nth(i).bounding_box()
                    assert cards.nth(i).is_visible() and box and box["width"] > 20 and box["height"] > 30, box
            # the quiz's own words in Polish, on screen: its progress, its buttons
            quiz = page.locator('.fht-root[aria-label*="Starszeństwo kart"]').first
            progress = quiz.locator(".fht-progress")
            assert progress.inner_text() == "Pytanie 1 z 4" and progress.is_visible()
            assert quiz.get_by_role("button", name="Pomiń").is_visible()
            assert quiz.get_by_role("button", name="Podpowiedź").is_visible()
            assert "Kontrakt" in quiz.inner_text()
            prompt = quiz.get_by_text("Która karta jest starsza")
            assert prompt.is_visible() and "atutem jest trefl" in prompt.inner_text()
            assert quiz.get_by_role("group", name="Przechodzenie między pytaniami").count() == 1
            assert "Jeszcze bez odpowiedzi" in quiz.inner_text()
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"widget-language-{width}.png"), full_page=True)
            problems.assert_clean("cards in Polish and Italian")
            page.context.close()
