"""The widgets in real Chromium, from an executed notebook rendered offline (the book's set-up)."""

from __future__ import annotations

import pytest

from fivehundred_tutor import Card
from tests.support.browser import (
    launch_chromium,
    open_page,
    render_notebook_to_html,
    run_axe,
    serve_directory,
    wait_for_widgets,
)
from tests.support.widgets import GALLERY_NOTEBOOK, gallery

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("widget-gallery")
    page = render_notebook_to_html(GALLERY_NOTEBOOK, out)
    with launch_chromium() as browser, serve_directory(out) as base:
        yield browser, base + page.name


@pytest.fixture(scope="module")
def widgets():
    return gallery()


@pytest.fixture
def page(site):
    browser, url = site
    page, problems = open_page(browser, url)
    declared, rendered = wait_for_widgets(page)
    assert declared == rendered == 16
    yield page
    problems.assert_clean("the widget gallery")
    page.context.close()


def root(page, label):
    return page.locator(f'.fht-root[aria-label="{label}"]')


def test_every_widget_renders_with_cards_in_words(page, widgets):
    labels = page.eval_on_selector_all(".fht-root", "els => els.map(e => e.getAttribute('aria-label'))")
    assert len(labels) == 16
    cards = root(page, "A sample hand")
    names = cards.locator(".fht-card").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert names == [Card.parse(c).name for c in widgets["cards"].cards]
    assert cards.get_by_role("group", name="A sample hand").count() == 1
    # every card of every deck the engine deals reads as the engine's words
    deck = root(page, "Every card").locator(".fht-card")
    spoken = deck.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert spoken == [Card.parse(c).name for c in widgets["deck"].cards]
    assert len(spoken) == 63  # the 63-card pack holds every rank of the other packs
    # four-colour deck: diamonds drawn in a different colour from hearts
    four = root(page, "Four-colour aces")
    colours = four.locator("text.fht-s-D, text.fht-s-H").evaluate_all("els => els.map(e => getComputedStyle(e).fill)")
    assert len(set(colours)) == 2


def test_no_accessibility_violations_in_widgets(page):
    # the page around them is nbconvert's template; only our widgets' nodes are judged here
    ours = [
        (v["id"], n["target"])
        for v in run_axe(page)
        for n in v["nodes"]
        if "fht" in str(n["target"]) or "fht-" in n.get("html", "")
    ]
    assert not ours, ours


def test_malformed_model_shows_a_message(page):
    error = page.locator(".fht-error").filter(has_text="frames")
    assert error.count() == 1
    assert "cannot be shown" in error.inner_text() and "Re-run the cell" in error.inner_text()
    stale = page.locator(".fht-error").filter(has_text="different version")
    assert stale.count() == 1 and "model version 99" in stale.inner_text()


def _answer(quiz, question, right):
    kind, answer = question["kind"], question["answer"]
    ids = [c["id"] for c in question["choices"]]
    if kind == "choice":
        pick = answer if right else next(i for i in ids if i != answer)
        quiz.locator(f'.fht-answer [data-choice="{pick}"]').click()
    elif kind == "multi":
        pick = answer if right else [i for i in ids if i not in answer] or ids[:1]
        if not right and sorted(pick) == sorted(answer):
            pick = ids
        for cid in pick:
            quiz.locator(f'.fht-answer [data-choice="{cid}"]').click()
        quiz.locator(".fht-check").click()
    elif kind == "order":
        order = answer if right else list(reversed(answer))
        for cid in order:
            quiz.locator(f'.fht-answer [data-choice="{cid}"]').click()
        quiz.locator(".fht-check").click()
    elif kind == "number":
        values = answer if isinstance(answer, dict) else {"": answer}
        for fid, value in values.items():
            quiz.locator(f'.fht-answer input[data-field="{fid}"]').fill(str(value if right else value + 10))
        quiz.locator(".fht-answer input").last.press("Enter")
    else:
        raise AssertionError(kind)


@pytest.mark.parametrize(
    ("key", "label"),
    [
        ("hierarchy", "Hierarchy quiz"),
        ("bowers", "Bower quiz"),
        ("tricks", "Trick quiz"),
        ("scoring", "Scoring quiz"),
        ("ladder", "bidding ladder and quiz"),
    ],
)
def test_quiz_right_then_wrong(page, widgets, key, label):
    bank = widgets[key].quiz["bank"]
    quiz = root(page, label)
    assert quiz.locator(".fht-prompt").inner_text() == bank[0]["prompt"]
    _answer(quiz, bank[0], right=True)
    verdict = quiz.locator(".fht-quiz .fht-verdict")
    assert verdict.locator(".fht-verdict-heading").inner_text().endswith("Right")
    assert bank[0]["explanation"][:40] in verdict.inner_text()
    assert "Right at the first try: 1 of 1" in quiz.locator(".fht-score").inner_text()
    # keyboard: focus moved to Next question; Enter goes on
    assert page.evaluate("document.activeElement.classList.contains('fht-continue')")
    page.keyboard.press("Enter")
    assert quiz.locator(".fht-prompt").inner_text() == bank[1]["prompt"]
    _answer(quiz, bank[1], right=False)
    assert quiz.locator(".fht-quiz .fht-verdict-wrong").count() == 1
    assert "null" not in quiz.inner_text() and "undefined" not in quiz.inner_text()
    assert "Right at the first try: 1 of 2" in quiz.locator(".fht-score").inner_text()
    # back to question 1: the verdict is remembered, nothing can be answered twice
    quiz.locator(".fht-prev").click()
    assert quiz.locator(".fht-quiz .fht-verdict-right").count() == 1
    assert quiz.locator(".fht-answer button:not([disabled])").count() == 0


def test_every_topic_and_kind_draws(page, widgets):
    bank = widgets["every_topic"].quiz["bank"]
    assert {q["kind"] for q in bank} >= {"choice", "multi", "order", "number"}
    quiz = root(page, "Every topic")
    for i, question in enumerate(bank):
        assert quiz.locator(".fht-prompt").inner_text() == question["prompt"], (i, question["topic"])
        assert quiz.locator(".fht-answer button, .fht-answer input").count() > 0
        text = quiz.inner_text()
        assert "null" not in text and "undefined" not in text and "[object Object]" not in text, question["topic"]
        if i < len(bank) - 1:
            quiz.locator(".fht-next").click()
    assert page.locator(".fht-error").count() == 2  # only the deliberately broken replay and quiz


def test_keyboard_only_choice(page, widgets):
    bank = widgets["bowers"].quiz["bank"]
    question = bank[0]
    assert question["kind"] == "choice"
    quiz = root(page, "Bower quiz")
    first = quiz.locator(".fht-answer [data-choice]").first
    first.focus()
    ids = [c["id"] for c in question["choices"]]
    for _ in range(ids.index(question["answer"])):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.choice") == question["answer"]
    page.keyboard.press("Enter")
    assert quiz.locator(".fht-quiz .fht-verdict-right").count() == 1
    assert quiz.locator(".fht-quiz .fht-verdict").get_attribute("aria-live") == "polite"


def test_ladder_click_shows_value_and_what_outranks(page):
    ladder = root(page, "bidding ladder and quiz")
    ladder.locator('[data-bid="7H"]').click()
    detail = ladder.locator(".fht-ladder-detail").inner_text()
    assert "worth 200" in detail and "cheapest bid over it is 7NT" in detail
    bids = ladder.locator(".fht-bid")
    at = bids.evaluate_all("els => els.findIndex(e => e.dataset.bid === '7H')")
    assert ladder.locator(".fht-bid.fht-outranks").count() == bids.count() - 1 - at == 18
    ladder.locator('[data-bid="MIS"]').click()
    assert "7 level" in ladder.locator(".fht-ladder-detail").inner_text()


def test_replay_steps_forward_and_back_and_stops(page, widgets):
    model = widgets["replay4"].model
    stops = model["stops"]
    replay = root(page, "Four players replay")
    progress = replay.locator(".fht-progress")
    assert progress.inner_text() == f"Step 0 of {len(model['actions'])}"
    replay.locator(".fht-forward").click()
    assert progress.inner_text().startswith("Step 1 ")
    assert replay.locator(".fht-comment").inner_text() == "East opens the auction."
    replay.locator(".fht-back").click()
    assert progress.inner_text().startswith("Step 0 ")
    # arrow keys step too
    replay.locator(".fht-forward").focus()
    for _ in range(stops[0]["index"]):
        page.keyboard.press("ArrowRight")
    assert progress.inner_text().startswith(f"Step {stops[0]['index']} ")
    # a stop: Next waits for an answer; a wrong card is explained
    assert replay.locator(".fht-forward").is_disabled()
    assert replay.locator(".fht-stop-prompt").inner_text() == stops[0]["prompt"]
    wrong = next(c for c in stops[0]["choices"] if not c["correct"])
    # keyboard: the focus is on the hand; arrows move among its cards (not the replay); Enter chooses
    assert page.evaluate("!!document.activeElement.closest('.fht-stop-hand')")
    cards = replay.locator(".fht-stop-hand button").evaluate_all("els => els.map(e => e.dataset.card)")
    start = page.evaluate("document.activeElement.dataset.card")
    for _ in range((cards.index(wrong["code"]) - cards.index(start)) % len(cards)):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == wrong["code"]
    assert progress.inner_text().startswith(f"Step {stops[0]['index']} ")
    page.keyboard.press("Enter")
    feedback = replay.locator(".fht-stop .fht-verdict")
    if wrong["legal"]:
        assert "Not yet" in feedback.inner_text() and wrong["feedback"] in feedback.inner_text()
    else:  # an illegal card is not an answer: its reason, and the stop stays open
        assert "cannot be played" in feedback.inner_text() and wrong["feedback"] in feedback.inner_text()
        replay.locator(".fht-stop .fht-show").click()
    replay.locator(".fht-forward").click()
    assert replay.locator(".fht-step .fht-mark").inner_text() == "!"
    assert "(good move)" in replay.locator(".fht-step").text_content()
    # second stop: the card actually played
    assert replay.locator(".fht-stop-prompt").inner_text() == stops[1]["prompt"]
    replay.locator(f'.fht-stop-hand [data-card="{stops[1]["answer"]}"]').click()
    assert "Right" in replay.locator(".fht-stop .fht-verdict").inner_text()
    replay.locator(".fht-end").click()
    assert model["result"] in replay.locator(".fht-result").inner_text()
    assert replay.locator(".fht-trick-slot.fht-won .fht-highlight").count() == 1
    replay.locator(".fht-start").click()
    assert progress.inner_text().startswith("Step 0 ")


def test_replay_shows_the_kitty_exchange(page, widgets):
    frames = widgets["replay4"].model["frames"]
    first = next(i for i, f in enumerate(frames) if f["phase"] == "kitty")
    after = next(i for i, f in enumerate(frames) if i > first and f["phase"] == "play")
    replay = root(page, "Four players replay")
    replay.locator(".fht-forward").focus()
    for _ in range(first):
        page.keyboard.press("ArrowRight")
    declarer = replay.locator(f'.fht-seat[data-seat="{frames[first]["declarer"]}"]')
    assert declarer.locator(".fht-from-kitty").count() == 3
    assert "(from the kitty)" in declarer.locator(".fht-from-kitty").first.get_attribute("aria-label")
    assert "discards 3 cards" in replay.locator(".fht-kitty-note").inner_text()
    for _ in range(after - first):
        page.keyboard.press("ArrowRight")
    assert replay.locator(".fht-discards .fht-card").count() == 3


def test_layouts_misere_open_misere_three_and_two_players(page, widgets):
    misere = root(page, "Misere replay")
    misere.locator(".fht-forward").click()
    assert "laid aside" in misere.locator('.fht-seat[data-seat="2"]').inner_text()
    assert misere.locator('.fht-seat.fht-out[data-seat="2"]').count() == 1
    opened = root(page, "Open misere replay")  # East's view
    north = opened.locator('.fht-seat[data-seat="0"]')
    assert north.locator("[data-card]").count() == 0
    frames = widgets["open_misere"].model["frames"]
    first_trick = next(i for i, f in enumerate(frames) if f["trick_no"] == 1)
    for _ in range(first_trick):
        opened.locator(".fht-forward").click()
    assert "hand exposed" in north.inner_text()
    assert north.locator("[data-card]").count() == len(frames[first_trick]["hands"][0].split())
    three = root(page, "Three players replay")
    assert three.locator(".fht-seat").count() == 3
    two = root(page, "Two players replay")
    assert two.locator(".fht-pile").count() == 10
    assert two.locator(".fht-pile .fht-card").count() == 20
    frames = widgets["two"].model["frames"]
    k = next(i for i, f in enumerate(frames) if f.get("order") and f["trick"])
    for _ in range(k):
        two.locator(".fht-forward").click()
    assert "Order this trick: 1." in two.locator(".fht-order-line").inner_text()


def test_replay_rearranges_itself_on_a_phone(site):
    browser, url = site
    boxes = "els => els.map(e => { const r = e.getBoundingClientRect(); return [e.dataset.seat, r.x, r.y, r.width]; })"
    seen = {}
    for width in (1280, 390):
        page, problems = open_page(browser, url, viewport={"width": width, "height": 844})
        wait_for_widgets(page)
        replay = root(page, "Four players replay")
        replay.scroll_into_view_if_needed()
        seen[width] = {seat: (x, y, w) for seat, x, y, w in replay.locator(".fht-seat").evaluate_all(boxes)}
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        problems.assert_clean(f"the gallery at {width}px")
        page.context.close()
    north, east, south, west = (seen[1280][str(s)] for s in range(4))
    assert north[1] < west[1] < south[1] and abs(west[1] - east[1]) < 2  # West and East on one level
    assert west[0] < east[0]
    # wide: the trick sits between West and East
    assert east[0] - (west[0] + west[2]) > 150
    # narrow (a phone): one column, North, West, East, South, each the full width
    north, east, south, west = (seen[390][str(s)] for s in range(4))
    assert north[1] < west[1] < east[1] < south[1]
    assert abs(north[0] - east[0]) < 2 and abs(west[2] - east[2]) < 2


_NO_JP = "<style>* { --jp-layout-color1: initial; --jp-ui-font-color1: initial; }</style>"
_STYLE = "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]"


def test_theme_follows_jupyterlab_then_the_system(site):
    browser, url = site
    seen = {}
    for scheme in ("light", "dark"):
        page, problems = open_page(browser, url, color_scheme=scheme)
        wait_for_widgets(page)
        # the page carries JupyterLab's (light) theme variables: the widgets use them
        seen[scheme, "jp"] = page.eval_on_selector(".fht-replay", _STYLE)
        page.evaluate("document.body.style.setProperty('--jp-layout-color1', '#111111')")
        seen[scheme, "jp-dark"] = page.eval_on_selector(".fht-replay", _STYLE)[0]
        # without JupyterLab's variables (a plain page), the system colour scheme decides
        page.evaluate("html => document.head.insertAdjacentHTML('beforeend', html)", _NO_JP)
        seen[scheme, "plain"] = page.eval_on_selector(".fht-replay", _STYLE)
        problems.assert_clean(scheme)
        page.context.close()
    assert seen["light", "jp"][0] == "rgb(255, 255, 255)"
    assert seen["dark", "jp-dark"] == "rgb(17, 17, 17)"
    assert seen["light", "plain"] == ["rgb(255, 255, 255)", "rgb(27, 27, 27)"]
    assert seen["dark", "plain"] == ["rgb(30, 31, 34)", "rgb(232, 232, 232)"]
