"""The built book in real Chromium (Debian's, through Playwright), network limited to 127.0.0.1.

Every page in the table of contents: loads with an empty console, no failed and no off-site
requests, and every widget it declares renders.  Then, generically (so it keeps working as
chapters grow): a quiz answer on each page that has a quiz gets feedback, a deal replay steps
through a full deal, and the colour-mode switch re-themes the widgets.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.support.book import SUB_PATH
from tests.support.browser import count_widgets, open_page, serve_directory, toc_pages, wait_for_widgets

pytestmark = pytest.mark.browser

BOOK = Path(__file__).resolve().parents[2] / "book"


PAGES = toc_pages()


def _is_chapter(page: str) -> bool:
    return page.startswith("chapters/")


@pytest.mark.parametrize("page", PAGES)
def test_page_loads_clean_its_widgets_render_and_a_quiz_answers(built_book, browser, page):
    assert (built_book.html / page).exists(), f"{page} is in _toc.yml but was not built"
    tab, problems = open_page(browser, built_book.url(page))
    try:
        declared, rendered = wait_for_widgets(tab)
        if _is_chapter(page):
            src = BOOK / page.replace(".html", ".md")
            if src.exists() and "{code-cell}" in src.read_text(encoding="utf-8"):
                assert declared >= 1, f"{page}: a chapter should have at least one widget"
        assert rendered == declared, f"{page}: {rendered} of {declared} widgets rendered"
        # no widget shows its "cannot display" message
        errors = tab.locator(".fht-error, .fht-root [role=alert]").all_inner_texts()
        assert not [e for e in errors if e.strip()], f"{page}: widget error messages: {errors}"
        if _is_chapter(page) and declared:
            # every chapter has a quiz; answering it gets the engine's (saved) verdict and explanation
            assert tab.locator(".fht-root.fht-quiz").count() >= 1, f"{page}: no quiz"
            feedback = _answer_one_quiz(tab)
            assert feedback and feedback.strip(), f"{page}: no feedback after answering a quiz question"
            assert tab.locator(".fht-quiz .fht-verdict-right, .fht-quiz .fht-verdict-wrong").count() >= 1, (
                f"{page}: feedback not marked right or wrong: {feedback!r}"
            )
        tab.wait_for_timeout(200)  # late console errors (after first paint)
        problems.assert_clean(page)
    finally:
        tab.context.close()


def _feedback(quiz) -> str:
    texts = quiz.locator(".fht-verdict").all_inner_texts()
    return next((t for t in texts if t.strip()), "")


def _answer_one_quiz(tab) -> str | None:
    """Answer the current question of the first quiz that takes an answer; return its feedback.

    Works for every answer form without knowing the question: number fields get "0"; choice
    buttons are clicked one after another (single choice, pick-several, put-in-order) until
    "Check" is enabled or feedback appears.
    """
    quizzes = tab.locator(".fht-root.fht-quiz")
    for i in range(quizzes.count()):
        quiz = quizzes.nth(i)
        quiz.scroll_into_view_if_needed()
        fields = quiz.locator(".fht-answer input[type=text], .fht-answer input:not([type])")
        if fields.count():
            for j in range(fields.count()):
                fields.nth(j).fill("0")
            quiz.locator(".fht-check").first.click()
        else:
            choices = quiz.locator(".fht-answer [data-choice]")
            for j in range(choices.count()):
                choice = choices.nth(j)
                if choice.is_enabled():
                    choice.click()
                check = quiz.locator(".fht-check:not([disabled])")
                if check.count():
                    check.first.click()
                if _feedback(quiz):
                    break
        for _ in range(30):
            if _feedback(quiz):
                return _feedback(quiz)
            tab.wait_for_timeout(100)
    return None


def test_a_replay_steps_through_a_full_deal(built_book, browser):
    page = next(
        (
            p
            for p in PAGES
            if (built_book.html / p).exists() and "DealReplay" in (built_book.html / p).read_text(encoding="utf-8")
        ),
        None,
    )
    candidates = [page] if page else [p for p in PAGES if (built_book.html / p).exists()]
    for page in candidates:
        tab, problems = open_page(browser, built_book.url(page))
        try:
            wait_for_widgets(tab)
            replays = tab.locator(".fht-root.fht-replay")
            if replays.count() == 0:
                continue
            replay = replays.first
            replay.scroll_into_view_if_needed()
            progress = replay.locator(".fht-progress")
            total = int(re.search(r"of (\d+)", progress.inner_text()).group(1))
            assert total >= 40, f"a full deal has an auction and 40 cards, got {total} steps"
            seen_texts = set()
            stops_answered = 0
            for _ in range(total + 20):
                # a "your turn" stop: answer it (a call button, or a card from the highlighted hand)
                stop = replay.locator(".fht-stop [data-choice]:not([disabled]), .fht-stop-hand button:not([disabled])")
                if stop.count():
                    stop.first.click()
                    replay.locator(".fht-stop .fht-verdict").filter(has_text=re.compile(r"\S")).first.wait_for(
                        timeout=3000
                    )
                    if replay.locator(".fht-stop .fht-show").count():  # a card that cannot be played: shown instead
                        replay.locator(".fht-stop .fht-show").click()
                    stops_answered += 1
                forward = replay.locator(".fht-forward")
                if forward.is_disabled():
                    break
                forward.click()
                seen_texts.add(replay.locator(".fht-step").inner_text())
            assert progress.inner_text().startswith(f"Step {total} of {total}"), progress.inner_text()
            assert len(seen_texts) > total // 2, "the step text should change as the deal advances"
            # and back to the start
            replay.locator(".fht-start").click()
            assert progress.inner_text().startswith(f"Step 0 of {total}")
            problems.assert_clean(page)
            return
        finally:
            tab.context.close()
    pytest.fail("no page has a deal replay")


def test_dark_mode_rethemes_the_widgets(built_book, browser):
    page = next(p for p in PAGES if (built_book.html / p).exists() and count_declared(built_book.html / p))
    colours = {}
    for scheme in ("light", "dark"):
        tab, problems = open_page(browser, built_book.url(page), color_scheme=scheme)
        try:
            wait_for_widgets(tab)
            assert tab.evaluate("() => document.documentElement.dataset.theme") == scheme
            root = tab.locator(".fht-root").first
            colours[scheme] = root.evaluate("el => getComputedStyle(el).color")
            problems.assert_clean(f"{page} ({scheme})")
        finally:
            tab.context.close()
    assert colours["light"] != colours["dark"], colours
    # the theme's colour-mode button (our accessible override of it) still switches: auto -> dark
    tab, problems = open_page(browser, built_book.url(page), color_scheme="light")
    try:
        wait_for_widgets(tab)
        tab.get_by_role("button", name="Color mode").first.click()
        assert tab.evaluate("() => document.documentElement.dataset.theme") == "dark"
        tab.wait_for_function(  # (after any colour transition)
            "c => getComputedStyle(document.querySelector('.fht-root')).color === c", arg=colours["dark"], timeout=3000
        )
        problems.assert_clean(f"{page} (colour-mode button)")
    finally:
        tab.context.close()


def count_declared(path: Path) -> int:
    return path.read_text(encoding="utf-8").count('type="application/vnd.jupyter.widget-view+json"')


def test_widget_count_helper_sees_an_unrendered_widget(built_book, browser):
    """The render check can fail: with the widget loader blocked, nothing renders."""
    page = next(p for p in PAGES if (built_book.html / p).exists() and count_declared(built_book.html / p))
    context = browser.new_context()
    tab = context.new_page()
    try:
        tab.route(re.compile(r"fivehundred-widgets\.js"), lambda route: route.abort())
        tab.goto(built_book.url(page))
        tab.wait_for_timeout(500)
        declared, rendered = count_widgets(tab)
        assert declared >= 1 and rendered == 0
    finally:
        context.close()


def test_the_site_works_from_a_sub_path(built_book, browser):
    """Published under a sub-path (https://example.org/fivehundred/), the engine starts in the
    browser from there, and no request leaves the prefix (a URL written from the host's root would
    fail as a 404).  Every page under the sub-path (widgets drawn, nothing failed) is checked by the
    accessibility audit of each page, which loads the pages from there (tests/book/test_book_a11y.py)."""
    with serve_directory(built_book.html, prefix=SUB_PATH) as base:
        assert base.endswith(SUB_PATH)
        quiz_page = "chapters/07-playing-tricks.html"  # a quiz: asking for a new question starts the engine
        tab, problems = open_page(browser, base + quiz_page)
        try:
            requested: list[str] = []
            tab.on("request", lambda request: requested.append(request.url))  # the worker's too
            wait_for_widgets(tab)
            tab.locator(".fht-quiz .fht-new").first.click()
            tab.wait_for_function(
                "window.__fhtLive && ['live', 'failed'].includes(window.__fhtLive.status)", timeout=90000
            )
            assert tab.evaluate("window.__fhtLive.status") == "live", tab.evaluate("window.__fhtLive.text")
            assert any(".whl" in url for url in requested)
            outside = [u for u in requested if not u.startswith(base) and not u.startswith(("blob:", "data:"))]
            assert not outside, f"requests outside {SUB_PATH}: {outside}"
            problems.assert_clean(f"{quiz_page} (live) under {SUB_PATH}")
        finally:
            tab.context.close()


def test_the_viewer_setting_is_merged_into_jupyterlab_settings(tmp_path):
    """`fivehundred-tutor book build` tells JupyterLab to open .md chapters as notebooks, keeping the
    settings already there.  A real JupyterLab opening, running and saving chapters with it:
    tests/ui/test_lab_save.py (through `fivehundred-tutor lab`, which writes the same setting)."""
    import json

    from fivehundred_tutor.bookbuild import jupyterbook
    from tests.support.browser import LAB_QUIET

    overrides_file = tmp_path / "overrides.json"
    overrides_file.write_text(json.dumps(LAB_QUIET))
    assert jupyterbook.configure_jupyterlab(overrides_file) is True
    overrides = json.loads(overrides_file.read_text())
    docmanager = overrides["@jupyterlab/docmanager-extension:plugin"]
    assert docmanager["autosave"] is False  # merged, not replaced
    assert docmanager["defaultViewers"] == {**docmanager["defaultViewers"], **jupyterbook.LAB_VIEWERS}
    assert jupyterbook.configure_jupyterlab(overrides_file) is False  # already there: left alone


def accessible_name(tab, locator) -> str:
    """The accessible name Chromium itself computes for ``locator``'s element (its accessibility tree)."""
    locator.evaluate("(e) => e.setAttribute('data-fht-probe', '1')")
    client = tab.context.new_cdp_session(tab)
    try:
        root = client.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node = client.send("DOM.querySelector", {"nodeId": root, "selector": "[data-fht-probe]"})["nodeId"]
        ax = client.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})["nodes"]
        return str(ax[0].get("name", {}).get("value", ""))
    finally:
        locator.evaluate("(e) => e.removeAttribute('data-fht-probe')")
        client.detach()


@pytest.mark.parametrize("width", [1280, 390])
def test_check_yourself_answers_wait_until_asked(built_book, browser, width):
    """Every chapter's "Check yourself" question shows without its answer; "Show the answer" (mouse, or the
    keyboard: Tab to it, Enter) brings the answer on screen, inside the page's width, and then reads "Hide the
    answer" (what a click does now; "answers" where it said "answers"), its accessible name always the words on
    screen; closed again, it says "Show" again.  Screenshots at each width go to test-artifacts/check-yourself/."""
    from tests.support.paths import ARTIFACTS

    sources = sorted(BOOK.glob("chapters/*.md"))
    with_question = [p for p in sources if "**Check yourself.**" in p.read_text(encoding="utf-8")]
    assert len(with_question) >= 15
    plural = [p.stem for p in with_question if "Show the answers" in p.read_text(encoding="utf-8")]
    assert plural, "no Check yourself asks for several answers any more: pick another chapter below"
    for number, src in enumerate(with_question):
        text = src.read_text(encoding="utf-8")
        assert text.count("**Check yourself.**") == text.count('<details class="fht-check">'), src.name
        page = f"chapters/{src.stem}.html"
        # every fifth chapter in the browser, the bowers, and one that asks for several answers
        if number % 5 and src.stem not in ("03-bowers", plural[0]):
            continue
        words = "answers" if src.stem in plural else "answer"
        tab, problems = open_page(browser, built_book.url(page), viewport={"width": width, "height": 844})
        try:
            check = tab.locator("details.fht-check").first
            check.scroll_into_view_if_needed()
            answer = check.locator("p").first
            assert not answer.is_visible(), f"{page}: the answer shows before it is asked for"
            summary = check.locator("summary")
            assert summary.is_visible() and summary.inner_text() == f"Show the {words}", summary.inner_text()
            assert accessible_name(tab, summary) == f"Show the {words}"
            box = summary.bounding_box()
            assert box is not None and box["height"] >= 44, f"{page}: a {box} target"
            summary.focus()
            tab.keyboard.press("Enter")
            answer.wait_for(state="visible")
            box = answer.bounding_box()
            assert box is not None and box["width"] > 100 and box["x"] + box["width"] <= width, box
            # open: the summary says what a click does now, on screen and to a screen reader alike (the
            # "toggle" event that relabels it comes a moment after the box opens: wait for it, as a reader would)
            expect(summary).to_have_text(f"Hide the {words}")
            assert summary.is_visible() and summary.inner_text() == f"Hide the {words}", summary.inner_text()
            assert accessible_name(tab, summary) == f"Hide the {words}"
            if src.stem in ("03-bowers", plural[0]):
                (ARTIFACTS / "check-yourself").mkdir(parents=True, exist_ok=True)
                check.screenshot(path=str(ARTIFACTS / "check-yourself" / f"{src.stem}-{width}.png"))
            summary.click()
            answer.wait_for(state="hidden")
            expect(summary).to_have_text(f"Show the {words}")
            assert summary.inner_text() == f"Show the {words}" and accessible_name(tab, summary) == f"Show the {words}"
            problems.assert_clean(page)
        finally:
            tab.context.close()
