"""The "skip to the exercise" link (widgets/src/skiplink.js): on every page of the built book whose
widgets include an exercise (a quiz, a bidding ladder, a play problem, the hand evaluator, a game), in
English and in the Polish and Italian editions (pl/, it/), at 1280 × 800 and at 390 × 844, from a fresh load:

- at most three presses of Tab reach the link beside the theme's "Skip to main content";
- the focused link is seen: its box inside the viewport, of real size, the topmost thing at its centre
  (not clipped away, not under another layer), its words those of the page's language;
- Enter on it puts the keyboard on a control (button, input, select) of the exercise it names (the
  first widget of that kind on the page), and that control is on screen below the sticky header.

A page without an exercise (the glossary, the front page with its course widgets) gets no such link.
The exercises are found in the built pages' saved widget state, so an exercise added to any chapter is
checked too.  One screenshot per size of the focused link goes to test-artifacts/skip-link/ (look at it).
"""

from __future__ import annotations

import contextlib
import json
import re
from collections import deque
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import open_page

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "skip-link"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
#: the exercise kinds, most wanted first (as skiplink.js chooses), and the link's words for each
KINDS = ("quiz", "ladder", "problem", "evaluator", "play")
WORDS = {
    "en": {
        "quiz": "Skip to the quiz",
        "ladder": "Skip to the quiz",
        "problem": "Skip to the problem",
        "evaluator": "Skip to the exercise",
        "play": "Skip to the game",
    },
    "pl": {
        "quiz": "Przejdź do quizu",
        "ladder": "Przejdź do quizu",
        "problem": "Przejdź do zadania",
        "evaluator": "Przejdź do ćwiczenia",
        "play": "Przejdź do gry",
    },
    "it": {
        "quiz": "Vai al quiz",
        "ladder": "Vai al quiz",
        "problem": "Vai al problema",
        "evaluator": "Vai all'esercizio",
        "play": "Vai alla partita",
    },
}
#: pages with no exercise (the front pages have course widgets: cards, review)
NO_EXERCISE = ("glossary.html", "index.html", "pl/glossary.html", "it/index.html")
SCREENSHOT_PAGE = "chapters/01-how-to-use.html"
MAX_TABS = 3
LOOKAHEAD = 2  # pages loading in the background while one is tested

STATE_SCRIPT = re.compile(r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', re.S)
VIEW_SCRIPT = re.compile(r'<script type="application/vnd\.jupyter\.widget-view\+json">(.*?)</script>', re.S)

FOCUSED = """() => { const a = document.activeElement;
  return a ? `${a.tagName.toLowerCase()}${a.className ? '.' + String(a.className).split(' ')[0] : ''} `
    + JSON.stringify((a.textContent || '').trim().slice(0, 40)) : 'nothing'; }"""

# The focused link as a sighted person sees it.
LINK_SEEN = """() => {
  const link = document.activeElement;
  const r = link.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  const style = getComputedStyle(link);
  let opacity = 1;
  for (let e = link; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height,
    vw: innerWidth, vh: innerHeight, hit: !!hit && (hit === link || link.contains(hit)),
    hitWhat: hit ? hit.tagName + '.' + hit.className : null, visibility: style.visibility, opacity,
    text: link.textContent.trim(), inBar: !!link.closest('#pst-skip-link'), lang: document.documentElement.lang };
}"""

# Where the keyboard is after Enter: a control of the first `kind` exercise, on screen under the sticky header.
CONTROL_SEEN = """(kind) => {
  const a = document.activeElement;
  const target = document.querySelector(`.fht-root.fht-${kind}`);
  const r = a.getBoundingClientRect();
  const header = Math.max(0, ...[...document.querySelectorAll('.bd-header-article, .bd-header, header')]
    .filter((h) => ['sticky', 'fixed'].includes(getComputedStyle(h).position))
    .map((h) => h.getBoundingClientRect().bottom));
  // some part of it is not covered (a card of a fanned hand is overlapped by the next one)
  const points = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + 3, r.top + r.height / 2],
    [r.left + r.width / 2, r.top + 3]];
  const uncovered = points.some(([x, y]) => { const hit = document.elementFromPoint(x, y);
    return !!hit && (hit === a || a.contains(hit)); });
  return { tag: a.tagName.toLowerCase(), what: a.tagName + '.' + a.className + ' ' + (a.textContent || a.value || '').trim().slice(0, 30),
    inTarget: !!target && target.contains(a), inRoot: a.closest('.fht-root')?.className || null,
    left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height,
    vw: innerWidth, vh: innerHeight, header, uncovered };
}"""


def page_kinds(path: Path) -> list[str]:
    """The kinds (``_fht_host.kind``) of the widgets a built page shows, in page order."""
    text = path.read_text(encoding="utf-8")
    state = STATE_SCRIPT.search(text)
    if not state:
        return []
    models = json.loads(state.group(1)).get("state", {})
    kinds = []
    for view in VIEW_SCRIPT.findall(text):
        model = models.get(json.loads(view).get("model_id"), {})
        kind = (model.get("state") or {}).get("_fht_host", {}).get("kind")
        if kind:
            kinds.append(kind)
    return kinds


def exercise_pages(html: Path) -> dict[str, str]:
    """Built pages with an exercise: {page: the kind the skip link goes to (most wanted first)}."""
    found = {}
    for page in sorted(html.rglob("*.html")):
        rel = page.relative_to(html)
        if {"_static", "lite"} & set(rel.parts):
            continue
        kinds = set(page_kinds(page))
        wanted = next((k for k in KINDS if k in kinds), None)
        if wanted:
            found[rel.as_posix()] = wanted
    return found


def language(rel: str) -> str:
    first = rel.split("/")[0]
    return first if first in WORDS else "en"


def tab_to_link(page: Any) -> list[str]:
    """Press Tab (at most MAX_TABS times) until the skip-to-exercise link has the keyboard; the stops seen."""
    stops = []
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        stops.append(page.evaluate(FOCUSED))
        if page.evaluate("() => !!document.activeElement?.matches('#pst-skip-link .fht-skip-exercise')"):
            break
    return stops


def check_exercise_page(page: Any, rel: str, kind: str, size: str, trouble: list[str]) -> None:
    where = f"{rel} at {size}"
    # the page script adds the link; the widget draws its controls (Enter needs them drawn)
    page.wait_for_selector("#pst-skip-link .fht-skip-exercise", state="attached", timeout=15000)
    page.wait_for_function(
        """(kind) => document.querySelector(`.fht-root.fht-${kind}`)
             ?.querySelector('button:not([disabled]), input:not([disabled]), select')""",
        arg=kind,
        timeout=15000,
    )
    assert page.locator("#pst-skip-link .fht-skip-exercise").count() == 1, f"{where}: not one skip-to-exercise link"
    start = page.evaluate(FOCUSED)
    if not start.startswith(("body", "nothing")):
        trouble.append(f"{where}: after loading, the keyboard is already on {start} (not at the page's start)")
    stops = tab_to_link(page)
    if not page.evaluate("() => !!document.activeElement?.matches('#pst-skip-link .fht-skip-exercise')"):
        trouble.append(f"{where}: {MAX_TABS} presses of Tab did not reach the link; they went to {stops}")
        return
    # the theme's bar slides down when the keyboard is in it (a transition): wait for it to stop
    with contextlib.suppress(Exception):
        page.wait_for_function(
            """() => document.getElementById('pst-skip-link').getAnimations().length === 0
                 && document.activeElement.getBoundingClientRect().top >= 0""",
            timeout=2000,
            polling="raf",
        )
    seen = page.evaluate(LINK_SEEN)
    words = WORDS[language(rel)][kind]
    if seen["text"] != words:
        trouble.append(f"{where}: the link says {seen['text']!r}, not {words!r}")
    if not seen["lang"].startswith(language(rel)):
        trouble.append(f"{where}: the page's language is {seen['lang']!r}, not {language(rel)!r}")
    inside = (
        seen["left"] >= 0 and seen["top"] >= 0 and seen["right"] <= seen["vw"] + 0.5 and seen["bottom"] <= seen["vh"]
    )
    real = seen["width"] >= 20 and seen["height"] >= 10
    if not (inside and real and seen["hit"] and seen["visibility"] == "visible" and seen["opacity"] > 0.9):
        trouble.append(f"{where}: the focused link is not seen: {seen}")
    if rel == SCREENSHOT_PAGE:
        page.screenshot(path=str(ARTIFACTS / f"focused-{size}.png"))
    page.keyboard.press("Enter")
    try:  # the keyboard is on a control of the exercise, and the page stopped scrolling
        page.wait_for_function(
            """() => {
                 const a = document.activeElement;
                 if (!a || !a.matches('button, input, select')) return false;
                 const top = a.getBoundingClientRect().top;
                 const still = window.__fhtLastTop === top;
                 window.__fhtLastTop = top;
                 return still;
               }""",
            timeout=3000,
            polling="raf",
        )
    except Exception:
        trouble.append(f"{where}: after Enter the keyboard is on {page.evaluate(FOCUSED)}, not on a control")
        return
    control = page.evaluate(CONTROL_SEEN, kind)
    if not control["inTarget"]:
        trouble.append(
            f"{where}: after Enter the keyboard is on {control['what']!r} in {control['inRoot']!r}, "
            f"not in the page's first {kind} ({words!r})"
        )
    on_screen = (
        control["top"] >= control["header"] - 0.5
        and control["bottom"] <= control["vh"] + 0.5
        and control["left"] >= 0
        and control["right"] <= control["vw"] + 0.5
        and control["width"] > 1
        and control["height"] > 1
        and control["uncovered"]
    )
    if not on_screen:
        trouble.append(f"{where}: after Enter the focused control is not on screen under the header: {control}")


def check_plain_page(page: Any, rel: str, size: str, trouble: list[str]) -> None:
    where = f"{rel} at {size}"
    page.wait_for_load_state("load")  # the page scripts (coursemap.js, a module) have run
    assert page.locator("#pst-skip-link").count() == 1, f"{where}: the theme's skip link is missing"
    if page.locator(".fht-skip-exercise").count():
        trouble.append(
            f"{where}: a page without an exercise has {page.locator('.fht-skip-exercise').all_inner_texts()}"
        )
    stops = tab_to_link(page)
    if page.evaluate("() => !!document.activeElement?.closest('.fht-skip-exercise')"):
        trouble.append(f"{where}: Tab reached a skip-to-exercise link: {stops}")


@pytest.mark.parametrize("size", list(SIZES))
def test_skip_link_reaches_the_exercise(built_book: Any, browser: Any, size: str) -> None:
    pages = exercise_pages(built_book.html)
    for edition in ("", "pl/", "it/"):
        chapters = [rel for rel in pages if rel.startswith(edition + "chapters/")]
        assert len(chapters) >= 15, f"the {edition or 'English '}chapters' exercises were not found: {pages}"
    assert SCREENSHOT_PAGE in pages, SCREENSHOT_PAGE
    for rel in NO_EXERCISE:
        assert (built_book.html / rel).exists(), rel
        assert rel not in pages, f"{rel} has an exercise now: pick another page without one"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"focused-{size}.png").unlink(missing_ok=True)

    trouble: list[str] = []
    todo = [*pages.items(), *((rel, None) for rel in NO_EXERCISE)]
    loading: deque[tuple[str, str | None, Any, Any]] = deque()

    def start_next() -> None:
        if todo:
            rel, kind = todo.pop(0)
            page, problems = open_page(browser, built_book.url(rel), viewport=SIZES[size], wait_until="commit")
            loading.append((rel, kind, page, problems))

    for _ in range(LOOKAHEAD):
        start_next()
    try:
        while loading:
            rel, kind, page, problems = loading.popleft()
            start_next()  # the next page loads while this one is tested
            try:
                if kind is None:
                    check_plain_page(page, rel, size, trouble)
                else:
                    check_exercise_page(page, rel, kind, size, trouble)
                trouble.extend(f"{rel} at {size}: {p}" for p in problems.all())
            finally:
                page.context.close()
    finally:
        for *_, page, _problems in loading:
            page.context.close()

    assert (ARTIFACTS / f"focused-{size}.png").exists(), "no screenshot of the focused link"
    assert not trouble, f"{len(trouble)} problem(s) with the skip link at {size}:\n" + "\n".join(trouble)
