"""The live book: the engine runs in the reader's browser (Pyodide in a Web Worker), on a served build.

Real Chromium, every off-site request blocked (and recorded).  One chapter page
goes live; its quiz makes questions that are not in the saved bank and judges
them with the engine; a whole deal is played against the bots; the instructor's
page makes a student's set identical to the CLI's; the page never freezes while
the engine loads; a failed load leaves one line and the saved widgets working.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import LONGTASKS_JS, QuietHandler, open_page, serve_directory, wait_for_widgets

ROOT = Path(__file__).resolve().parents[2]
TRICKS = "chapters/07-playing-tricks.html"
INSTRUCTORS = "chapters/14-instructors.html"
STATE_RE = re.compile(r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', re.S)


def _saved_models(html_file: Path) -> list[dict[str, Any]]:
    match = STATE_RE.search(html_file.read_text(encoding="utf-8"))
    assert match, f"{html_file.name} has no saved widget state"
    return [m["state"] for m in json.loads(match.group(1))["state"].values()]


@contextlib.contextmanager
def _serve_without(root: Path, suffix: str, body: bytes | None = None) -> Iterator[str]:
    """Serve ``root`` on 127.0.0.1, answering 404 for every file ending in ``suffix`` (or ``body`` instead of it).

    (A server-side block: Playwright's routing does not see a worker's requests.)
    """

    class Handler(QuietHandler):
        def _blocked(self, head: bool = False) -> bool:
            if not self.path.split("?")[0].endswith(suffix):
                return False
            if body is None:
                self.send_error(404, "blocked by the test")
                return True
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if not head:
                self.wfile.write(body)
            return True

        def do_GET(self) -> None:
            if not self._blocked():
                super().do_GET()

        def do_HEAD(self) -> None:
            if not self._blocked(head=True):
                super().do_HEAD()

    with serve_directory(root, Handler) as url:
        yield url


def _open(browser: Any, url: str) -> tuple[Any, Any]:
    page, problems = open_page(browser, url)
    declared, rendered = wait_for_widgets(page)
    assert declared and rendered == declared, f"{rendered} of {declared} widgets rendered on {url}"
    return page, problems


def _wait_status(page: Any, timeout_ms: int = 30000) -> str:
    page.wait_for_function(
        "window.__fhtLive && ['live', 'failed'].includes(window.__fhtLive.status)", timeout=timeout_ms
    )
    return str(page.evaluate("window.__fhtLive.status"))


def _answer_first(quiz: Any) -> bool:
    """Answer the shown question with its first choice; False if it is not a choice/multi question."""
    choices = quiz.locator(".fht-answer [data-choice]:not([disabled])")
    if choices.count() == 0 or quiz.locator(".fht-answer input").count():
        return False
    choices.first.click()
    check = quiz.locator(".fht-answer .fht-check")
    if check.count() and check.is_enabled():
        check.click()
    return True


@pytest.mark.browser
def test_chapter_goes_live_quiz_and_a_whole_deal(built_book: Any, browser: Any) -> None:
    html = built_book.html / TRICKS
    saved_prompts = {q["prompt"] for s in _saved_models(html) if "quiz" in s for q in s["quiz"]["bank"]}
    assert saved_prompts, "the chapter's quiz has a saved bank"
    page, problems = _open(browser, built_book.url(TRICKS))
    status = page.locator(".fht-live-status").first
    # no status line while the saved examples are all there is
    assert status.get_attribute("data-status") == "idle" and not status.is_visible()
    page.evaluate(LONGTASKS_JS)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))  # the worker's requests too
    quiz = page.locator(".fht-quiz").first
    assert quiz.locator(".fht-progress").inner_text().endswith("of 12")

    # The first request that needs the engine starts it, once, in a worker; the page stays responsive.
    started = page.evaluate("performance.now()")
    quiz.locator(".fht-new").click()
    assert _wait_status(page) == "live", page.evaluate("window.__fhtLive.text")
    # a first visit starts from the build's start-up snapshot (widgets/tools/engine-snapshot.mjs, made in Node)
    assert page.evaluate("window.__fhtLive.startedFrom") == "site"
    # the asking widget's line ("Getting a new question ready …") goes once the question came: then nothing to say
    # a new question is asked next, right after the one the learner is at (question 1 of 12)
    quiz.locator(".fht-progress").filter(has_text="Question 2 of 13").wait_for(timeout=30000)
    page.wait_for_function("el => el.hidden || !el.textContent.trim()", arg=status.element_handle(), timeout=10000)
    assert not status.is_visible()
    # The engine loads in a worker: the page never stops for it.  Loading it on the main thread would
    # block for seconds; the 200 ms target is measured by bench/bench_live.py (a test on a loaded
    # machine saw 203 ms: a time target does not belong in a test).
    slow = [t for t in page.evaluate("window.__longtasks") if t["start"] >= started and t["ms"] > 1000]
    assert not slow, f"the page was blocked while the engine loaded: {slow}"
    assert page.evaluate("document.querySelectorAll('.fht-live-status').length") >= 2  # one line per widget

    # Fresh questions, not in the saved bank, judged by the engine (a right and a wrong verdict).
    verdicts: dict[bool, str] = {}
    for asked in range(1, 18):
        # each new question comes right after the one the learner is at: 2 of 13, 3 of 14, ...
        n, total = asked + 1, asked + 12
        quiz.locator(".fht-progress").filter(has_text=f"Question {n} of {total}").wait_for(timeout=10000)
        prompt = quiz.locator(".fht-prompt").inner_text()
        assert prompt not in saved_prompts, f"question {n} was in the saved bank: {prompt}"
        if _answer_first(quiz):
            quiz.locator(".fht-verdict").wait_for(timeout=10000)
            good = quiz.locator(".fht-verdict-right").count() == 1
            # the verdict's words and the question's explanation, both from the engine
            text = quiz.locator(".fht-quiz .fht-verdict").inner_text().strip()
            assert len(text) > 30, f"no explanation with the verdict on question {n}: {text!r}"
            verdicts.setdefault(good, text)
        if len(verdicts) == 2:
            break
        quiz.locator(".fht-new").click()
    assert set(verdicts) == {True, False}, f"saw only {verdicts}"
    assert verdicts[True] != verdicts[False]

    # A whole deal against the bots: bid once, then pass; discard and play the first legal card.
    play = page.locator(".fht-play")
    assert play.locator(".fht-play-calls").count() == 1, "the saved deal starts at the learner's call"
    bid = False
    for _ in range(80):
        if play.locator(".fht-play-result").count():
            break
        play.locator(".fht-new-deal:not([disabled])").wait_for(timeout=15000)
        calls = play.locator(".fht-play-calls button")
        if calls.count():
            target = calls.nth(1) if not bid and calls.count() > 1 else calls.first  # [0] is Pass
            bid = bid or calls.count() > 1
            target.click()
        elif play.locator(".fht-continue-trick").count():
            play.locator(".fht-continue-trick").click()  # a finished trick waits for the learner
        else:
            play.locator(".fht-play-me .fht-cards button:not([disabled]), .fht-continue-trick").first.click()
        page.wait_for_timeout(30)
    result = play.locator(".fht-play-result")
    assert result.count() == 1, "the deal did not reach its end"
    assert result.inner_text().startswith("Score: North–South"), result.inner_text()
    assert re.search(r"took \d+ tricks?", result.inner_text()), result.inner_text()
    # The solver, in the browser, checks the learner's cards.
    play.locator(".fht-review").click()
    review = play.locator(".fht-play-review")
    review.wait_for(timeout=30000)
    assert "real choice" in review.inner_text() or "nothing to check" in review.inner_text(), review.inner_text()
    assert play.locator(".fht-review").count() == 0  # asked once; the answer stays until a new deal
    assert any(u.endswith(".whl") or ".whl?" in u for u in requested), "the engine's requests were not seen"
    offsite = [u for u in requested if not u.startswith(built_book.base_url) and not u.startswith(("blob:", "data:"))]
    assert not offsite, f"off-site requests: {offsite}"
    problems.assert_clean(TRICKS)
    page.context.close()


SNAPSHOT_KEPT_JS = """async (ms) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const keys = await (await caches.open("fivehundred-engine")).keys();
    if (keys.length) return keys.map((request) => request.url);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return [];
}"""


@pytest.mark.browser
def test_the_next_page_starts_the_engine_kept_from_the_last(built_book: Any, browser: Any) -> None:
    """A first visit starts nothing by itself; once the engine has run, its worker keeps a start-up
    snapshot (Cache Storage, keyed by the wheel), and the next page starts the engine on its own."""
    context = browser.new_context()
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.goto(built_book.url(TRICKS))
        wait_for_widgets(page)
        page.wait_for_timeout(1500)
        assert page.evaluate("window.__fhtLive.status") == "idle", "the engine started on a first visit"
        page.locator(".fht-quiz .fht-new").first.click()
        assert _wait_status(page, 120000) == "live"
        kept = page.evaluate(SNAPSHOT_KEPT_JS, 120000)
        wheel = page.evaluate("window.fhtLiveConfig.wheel")
        assert len(kept) == 1 and kept[0].startswith(wheel), f"kept {kept}, the wheel is {wheel}"
        page.close()
        page = context.new_page()
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.goto(built_book.url("chapters/04-bidding-ladder.html"))
        wait_for_widgets(page)
        assert _wait_status(page, 120000) == "live", page.evaluate("window.__fhtLive.text")  # no click
        assert page.evaluate("window.__fhtWidgets.engineStartedEarly") is True
        assert page.evaluate("window.__fhtLive.startedFrom") == "cache"
        reply = page.evaluate("window.__fhtLive.call('play', {type: 'hello'}, {}).then((r) => r.reply.type)")
        assert reply == "hello"
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.parametrize(
    "body",
    [None, gzip.compress(b"not a snapshot" * 100)],
    ids=["missing", "unreadable"],
)
def test_without_a_usable_snapshot_the_engine_starts_the_ordinary_way(
    built_book: Any, browser: Any, body: bytes | None
) -> None:
    """A host that lost the build's snapshot, or mangles it: Python starts the ordinary way, no error shown."""
    with _serve_without(built_book.html, "engine.snapshot", body) as base:
        page, problems = _open(browser, f"{base}/chapters/04-bidding-ladder.html")
        page.locator(".fht-quiz .fht-new").first.click()
        assert _wait_status(page, 120000) == "live", page.evaluate("window.__fhtLive.text")
        assert page.evaluate("window.__fhtLive.startedFrom") == "start"
        reply = page.evaluate("window.__fhtLive.call('quiz', {type: 'hello'}, {}).then((r) => r.reply.type)")
        assert reply == "hello"
        # the host's 404 is the one request that failed: the browser logs it, the page says nothing
        problems.failed_requests = [u for u in problems.failed_requests if "/engine.snapshot?" not in u or body]
        problems.console_errors = [m for m in problems.console_errors if "404" not in m or body]
        problems.assert_clean("chapter 4 without the snapshot")
        page.context.close()


@pytest.mark.browser
def test_play_problem_gets_the_solver_verdict_in_the_browser(built_book: Any, browser: Any) -> None:
    page, problems = _open(browser, built_book.url("chapters/12a-play-problems.html"))
    problem = page.locator(".fht-problem").first
    problem.locator(".fht-cards button:not([disabled])").nth(1).click()  # not the joker: a mistake here
    assert _wait_status(page) == "live"
    feedback = problem.locator(".fht-verdict")
    feedback.filter(has_text="Then:").wait_for(timeout=20000)  # the other seats answered by the solver
    assert re.search(r"costs (a trick|\d+ tricks)", feedback.inner_text()), feedback.inner_text()
    # the answer held back on a first miss (issue 31, 6); shown on asking, with the line that plays the
    # trick out (the "Then: …" line goes: the trick is not said twice)
    problem.get_by_role("button", name="Show the answer").click()
    assert "make the most of it:" in feedback.inner_text()
    assert "Then:" not in feedback.inner_text(), feedback.inner_text()
    problem.locator(".fht-try-again").click()  # the card taken back by the engine
    problem.locator(".fht-problem-question").wait_for(timeout=20000)
    problems.assert_clean("chapter 12")
    page.context.close()


@pytest.mark.browser
def test_assignment_page_makes_the_cli_set(built_book: Any, browser: Any, tmp_path: Path) -> None:
    from fivehundred_tutor.exercises import example_assignment_path

    student = "zoe-7"
    page, problems = _open(browser, built_book.url(INSTRUCTORS))
    maker = page.locator(".fht-maker")
    assert maker.locator(".fht-maker-summary").get_attribute("data-student") == "ada"  # saved state
    maker.get_by_label("Student id").fill(student)
    maker.locator(".fht-maker-make").click()
    made = maker.locator(f'.fht-maker-summary[data-student="{student}"]')
    try:
        made.wait_for(timeout=120000)  # the browser's Python may still be starting on a loaded machine
    except Exception as err:  # say what the instructor saw instead
        status = maker.locator(".fht-maker-status").inner_text()
        live = page.evaluate("() => window.__fhtLive && [window.__fhtLive.status, window.__fhtLive.text]")
        raise AssertionError(
            f"no set for {student}: the maker says {status!r}; live book {live}; {problems.all()}"
        ) from err
    with page.expect_download() as info:
        maker.locator(".fht-maker-download").click()
    browser_text = Path(info.value.path()).read_text(encoding="utf-8")
    problems.assert_clean(INSTRUCTORS)
    page.context.close()

    (tmp_path / "roster.csv").write_text(f"id,name\n{student},Zoe\n", encoding="utf-8")
    cmd = [sys.executable, "-m", "fivehundred_tutor", "assign", str(example_assignment_path())]
    cmd += ["--roster", str(tmp_path / "roster.csv"), "--out", str(tmp_path / "out"), "--no-progress"]
    subprocess.run(cmd, check=True, capture_output=True, cwd=tmp_path)
    cli_text = (tmp_path / "out" / "students" / student / f"hw-basics-{student}.questions.json").read_text("utf-8")
    assert json.loads(browser_text)["student"] == student
    assert browser_text == cli_text


@pytest.mark.browser
def test_a_request_before_the_wheel_arrives_waits_for_the_packages_files(built_book: Any, browser: Any) -> None:
    """Started from the site's snapshot, the engine answers before its wheel has arrived; the package's data
    files (here the example assignment the maker reads) come with the wheel.  A request that comes first waits
    for them (a CI run on a loaded machine met "No such file or directory: …/data/assignments/example.toml")."""
    page, problems = _open(browser, built_book.url(INSTRUCTORS))
    try:

        def late_wheel(route: Any) -> None:
            time.sleep(4)  # the wheel arrives well after the snapshot has started Python
            route.fallback()

        page.context.route(re.compile(r".*\.whl(\?.*)?$"), late_wheel)
        maker = page.locator(".fht-maker")
        maker.get_by_label("Student id").fill("kim-3")
        maker.locator(".fht-maker-make").click()
        made = maker.locator('.fht-maker-summary[data-student="kim-3"]')
        made.wait_for(timeout=120000)
        assert page.evaluate("window.__fhtLive.startedFrom") == "site"  # the start this test is about
        assert "error" not in maker.locator(".fht-maker-status").inner_text().lower()
        problems.assert_clean(INSTRUCTORS)
    finally:
        page.context.close()


@pytest.mark.browser
def test_failed_load_says_so_and_the_saved_widgets_work(built_book: Any, browser: Any) -> None:
    with _serve_without(built_book.html, ".wasm") as base:
        _failed_load(browser, base + TRICKS)


def _failed_load(browser: Any, url: str) -> None:
    page, _problems = _open(browser, url)
    quiz = page.locator(".fht-quiz").first
    t0 = time.monotonic()
    quiz.locator(".fht-new").click()
    assert _wait_status(page) == "failed"
    assert time.monotonic() - t0 < 30
    lines = page.locator(".fht-live-status")
    assert lines.count() >= 2 and all(
        "could not load" in t and "saved ones still work" in t for t in lines.all_inner_texts()
    )
    assert lines.first.get_attribute("aria-live") == "polite"
    assert quiz.locator(".fht-progress").inner_text() == "Question 1 of 12"  # nothing lost, nothing added
    assert _answer_first(quiz)
    assert quiz.locator(".fht-verdict-right, .fht-verdict-wrong").count() == 1  # judged from the saved verdicts
    assert quiz.locator(".fht-verdict-reason").inner_text().strip()
    page.context.close()


# ------------------------------------------------------------------ the Python side (no browser)


def test_wheel_is_reproducible_and_runs_on_the_standard_library_alone(tmp_path: Path) -> None:
    import zipfile

    from fivehundred_tutor.bookbuild import webassets

    first = webassets.write_wheel(tmp_path / "a")
    second = webassets.write_wheel(tmp_path / "b")
    assert first.name == "fivehundred_tutor-0.1.0-py3-none-any.whl"
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as zf:
        names = zf.namelist()
        assert "fivehundred_tutor/handlers/__init__.py" in names and "fivehundred_tutor-0.1.0.dist-info/RECORD" in names
        assert not [n for n in names if "/static/" in n or n.endswith(".pyc")]
        zf.extractall(tmp_path / "site")
    # -S: no site-packages at all, as under Pyodide (no anywidget, traitlets, tqdm …)
    code = (
        "import json; from fivehundred_tutor import handlers as live; live.warm();"
        "r = json.loads(live.handle_json(json.dumps({'kind': 'play', 'request': {'type': 'hello', 'id': 1}, 'state': {}})));"
        "a = json.loads(live.handle_json(json.dumps({'kind': 'play', 'request': {'type': 'act', 'id': 2}, 'state': {}})));"
        "print(live.__file__, r['reply']['type'], a['reply']['type'])"
    )
    # the unpacked wheel alone on the path (PYTHONPATH; run from tmp_path, so not the source tree)
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr
    # hello answers for every family; a move with no deal in the state is a readable error
    assert out.stdout.startswith(str(tmp_path / "site")) and out.stdout.split()[-2:] == ["hello", "error"]


def test_the_build_ships_the_engines_start_up_snapshot(built_book: Any) -> None:
    """The book build made Pyodide's memory snapshot of the started engine for the wheel it ships
    (a first visit starts from it: test_chapter_goes_live…); it is remade only when an input changed."""
    from fivehundred_tutor.bookbuild import webassets

    live = built_book.html / "_static" / "live"
    snapshot = live / webassets.SNAPSHOT_NAME
    memory = gzip.decompress(snapshot.read_bytes())
    assert memory[:4] == b"\0snp", "not a Pyodide memory snapshot"
    build_id = re.search(r'BUILD_ID:"([0-9a-f]{64})"', (live / "pyodide.mjs").read_text(encoding="utf-8"))
    assert build_id, "no BUILD_ID in pyodide.mjs"
    words = bytes.fromhex(build_id.group(1))  # the header keeps it as little-endian 32-bit words
    assert b"".join(words[i : i + 4][::-1] for i in range(0, 32, 4)) in memory[:128], "made by another Pyodide build"
    config = next(built_book.html.rglob(webassets.LIVE_SCRIPT)).read_text(encoding="utf-8")
    # the build makes it in the book's static sources (Sphinx copies it to the site): made again
    # only when an input changed, and the site's URL names that version
    source = webassets.BOOK_DIR / "_static_widgets" / webassets.LIVE_DIR
    assert (source / webassets.SNAPSHOT_NAME).read_bytes() == snapshot.read_bytes()
    wheel = next(source.glob("fivehundred_tutor-*.whl"))
    runtime = webassets.BOOK_DIR / "node_modules" / "pyodide"
    before = (source / webassets.SNAPSHOT_NAME).stat().st_mtime_ns
    digest = webassets.make_engine_snapshot(source, wheel, runtime)
    assert (source / webassets.SNAPSHOT_NAME).stat().st_mtime_ns == before, "remade with nothing changed"
    assert f'"{webassets.SNAPSHOT_NAME}?v={digest}"' in config


def test_a_deal_against_the_bots_plays_to_the_end() -> None:
    from fivehundred_tutor import Rules
    from fivehundred_tutor.handlers import handle
    from fivehundred_tutor.handlers.play import start

    state = start(Rules(), seed=3, seat=2)
    assert state["view"]["to_move"] == 2 and state["view"]["legal"]
    assert all(isinstance(h, int) for i, h in enumerate(state["view"]["hands"]) if i != 2)  # the others unseen
    wrong = handle("play", {"type": "act", "code": "ZZ", "id": 9}, {"state": state})["reply"]
    assert wrong["type"] == "error" and "cannot be played now; you may:" in wrong["error"] and wrong["id"] == 9
    moves = 0
    while not state["view"]["over"]:
        legal = state["view"]["legal"]
        code = legal[1]["code"] if moves == 0 and len(legal) > 1 else legal[0]["code"]
        out = handle("play", {"type": "act", "code": code, "id": moves}, {"state": state})
        assert out["reply"]["type"] == "moved", out["reply"]
        state = out["update"]["state"]
        moves += 1
        assert moves < 40
    result = state["view"]["result"]
    assert sum(state["view"]["tricks_won"]) == 10 and len(result["scores"]) == 2 and "took" in result["summary"]
    again = handle("play", {"type": "act", "code": "pass"}, {"state": state})["reply"]
    assert again["type"] == "error" and "over" in again["error"]


def test_maker_gives_the_assign_file_and_clear_errors() -> None:
    from fivehundred_tutor.exercises import example_assignment, example_assignment_path
    from fivehundred_tutor.exercises.release import set_json, student_set
    from fivehundred_tutor.handlers import handle

    source = example_assignment_path().read_text(encoding="utf-8")
    out = handle("maker", {"type": "make", "student": "b-2", "id": "m"}, {"source": source})
    assert out["reply"] == {"type": "made", "student": "b-2", "questions": 14, "id": "m"}
    assert out["update"]["made_text"] == set_json(student_set(example_assignment(), "b-2"))
    bad_id = handle("maker", {"type": "make", "student": "no spaces"}, {"source": source})["reply"]
    assert bad_id["type"] == "error" and "student id" in bad_id["error"]
    bad_toml = handle("maker", {"type": "make", "student": "a", "source": "id = "}, {"source": source})["reply"]
    assert bad_toml["type"] == "error" and "TOML" in bad_toml["error"]
    unknown = handle("nothing", {"type": "x"}, {})["reply"]
    assert unknown["type"] == "error" and "no widget kind" in unknown["error"]
