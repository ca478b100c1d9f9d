"""Live book benchmark: the engine in the reader's browser (Pyodide in a Web Worker).

    python -m bench.bench_live [--runs 3] [--page chapters/07-playing-tricks.html] [--html DIR]

Uses the built book in book/_build/html (builds it first when it is stale; or the site in
--html DIR as it is), serves it on 127.0.0.1 as a static host does (Last-Modified, ETag,
max-age=600, 304s; bench/benchkit.py), counting what it sends, and drives Debian's chromium
with a profile folder (a disk cache, as a reader's browser has), a fresh one per cold run.

Figures printed:
- page load -> live engine: navigation start to "engine ready", when the reader asks for a new
  question as soon as the widgets are drawn (a fresh browser profile each run: a cold cache);
  split into "widgets drawn" and the engine start alone (click -> ready), and from the page's
  load event. Target <= 3 s.
- the next page (or a revisit), files cached: in the same browser profile, once the first page's
  engine has stored its start-up snapshot, another chapter's quiz asks for a new question:
  click -> ready and navigation start -> ready.  Target <= 1.5 s.
- where Python started from: the snapshot the book build made (a first visit), the one kept in
  Cache Storage (the next page), or an ordinary start (a site without a snapshot).
- bytes downloaded to go live (everything the server sent between the click and "ready"; also as
  a host that gzips would send it), and the whole page with the engine.
- answer latency, main thread -> worker -> main thread, through the same call the widgets use
  (window.__fhtLive.call): a new quiz question, judging an answer (target <= 50 ms), a solver
  verdict on each library play problem, a move in a deal against the bots, and two whole deals
  against the strong bots (every learner turn: a hint, then a move with up to three bot replies;
  target <= 3 s a bot move).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from contextlib import ExitStack
from pathlib import Path

from bench.benchkit import browser_cpu, chromium_profile, load_average, static_host
from fivehundred_tutor import Rules
from fivehundred_tutor.bookbuild import jupyterbook
from fivehundred_tutor.handlers.play import start as play_start
from fivehundred_tutor.handlers.problem import start as problem_start
from fivehundred_tutor.handlers.quiz import quiz_model
from tests.support.browser import LONGTASKS_JS, wait_for_widgets

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
PROBLEMS = ("10-ending-name-the-suit", "11-ending-overtake-with-the-joker", "12-defence-keep-the-right-card")


#: where the worker's Python started from (window.__fhtLive.startedFrom)
WHERE = {"site": "the build's snapshot", "cache": "the snapshot kept in Cache Storage", "start": "an ordinary start"}


def _ms(values: list[float]) -> str:
    return f"median {statistics.median(values):6.1f} ms   max {max(values):6.1f} ms   (n={len(values)})"


CALL_JS = """async ([kind, request, state, times]) => {
  const out = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    const result = await window.__fhtLive.call(kind, request, state);
    out.push([performance.now() - t0, result.ms, result.reply.type]);
  }
  return out;
}"""


# A whole deal against the strong bots in the worker: at each of the learner's turns a hint, then
# the first legal action (with the bots' replies until the learner's next turn).
STRONG_DEAL_JS = """async (state) => {
  const acts = [], hints = [];
  for (let turn = 0; turn < 40 && !state.view.over; turn++) {
    let t0 = performance.now();
    await window.__fhtLive.call("play", { type: "hint" }, { state });
    hints.push(performance.now() - t0);
    const code = state.view.legal[0].code;
    t0 = performance.now();
    const result = await window.__fhtLive.call("play", { type: "act", code }, { state });
    acts.push(performance.now() - t0);
    if (!result.update || !result.update.state) break;
    state = result.update.state;
  }
  return { acts, hints };
}"""


SNAPSHOT_KEPT_JS = """async (ms) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    try {
      const keys = await (await caches.open('fivehundred-engine')).keys();
      if (keys.length) return true;
    } catch (_error) {
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="cold page loads to time (default 3)")
    parser.add_argument("--page", default="chapters/07-playing-tricks.html", help="page with a quiz")
    parser.add_argument("--next-page", default="chapters/04-bidding-ladder.html", help="another page with a quiz")
    parser.add_argument("--html", help="measure this built site as it is (no build)")
    parser.add_argument("--prefix", default="/", help="serve the site under this sub-path (e.g. /fivehundred/)")
    args = parser.parse_args()

    html = Path(args.html).resolve() if args.html else BOOK / "_build" / "html"
    if not args.html and (not (html / "index.html").exists() or jupyterbook.is_stale(BOOK)):
        print("building the book first …", flush=True)
        result = jupyterbook.run_build(BOOK, capture=True)
        if result.returncode != 0:
            print(result.output[-3000:])
            return 1
    config = (html / "_static" / "widgetjs" / "fivehundred-live.js").read_text()
    print(f"live files: {sum(p.stat().st_size for p in (html / '_static' / 'live').iterdir()) / 1e6:.1f} MB; ", end="")
    print(config.split('pyodide: "')[1].split('"')[0].join(("Pyodide ", "")))

    loads: list[float] = []
    starts: list[float] = []
    engine_bytes: list[int] = []
    engine_gzip: list[int] = []
    started_from: list[str] = []
    longest: list[float] = []
    page_bytes: list[int] = []
    drawn: list[float] = []
    after_load: list[float] = []
    print(load_average())
    profiles = tempfile.TemporaryDirectory(prefix="bench-live-profile-")
    with profiles, static_host(html, args.prefix) as (base, sent):
        for run in range(args.runs):
            # a fresh profile each run (an empty disk cache); the last one stays for the next page
            profile = ExitStack()
            profile_dir = Path(profiles.name) / str(run)
            context = profile.enter_context(chromium_profile(profile_dir))
            mark = sent.mark()
            page = context.new_page()
            page.goto(base + args.page)
            wait_for_widgets(page)
            page.evaluate(LONGTASKS_JS)
            before = sent.mark()
            page.locator(".fht-quiz .fht-new").first.click()
            page.wait_for_function("window.__fhtLive && window.__fhtLive.status !== 'loading'", timeout=60000)
            live = page.evaluate(
                "({s: window.__fhtLive.status, t: window.__fhtLive.text, ready: window.__fhtLive.readyAt, "
                "started: window.__fhtLive.started, from: window.__fhtLive.startedFrom, "
                "loaded: performance.getEntriesByType('navigation')[0].loadEventEnd})"
            )
            if live["s"] != "live":
                print(f"the engine did not start: {live['t']}")
                return 1
            loads.append(live["ready"])
            starts.append(live["ready"] - live["started"])
            drawn.append(live["started"])
            after_load.append(live["ready"] - live["loaded"])
            engine_bytes.append(sent.total(before))
            engine_gzip.append(sent.gzip_total(before))
            started_from.append(live["from"])
            longest.append(max((t["ms"] for t in page.evaluate("window.__longtasks")), default=0.0))
            page.wait_for_timeout(300)
            page_bytes.append(sent.total(mark))
            if run < args.runs - 1:
                profile.close()
        print(
            f"page load -> live engine: median {statistics.median(loads) / 1000:.2f} s "
            f"(runs: {', '.join(f'{v / 1000:.2f}' for v in loads)}; target <= 3 s)"
        )
        print(
            f"  = widgets drawn and clicked at {statistics.median(drawn) / 1000:.2f} s, then engine start "
            f"(click -> ready) {statistics.median(starts) / 1000:.2f} s; load event -> ready "
            f"{statistics.median(after_load) / 1000:.2f} s"
        )
        print(
            f"  longest main-thread task from the click to ready: max {max(longest):.0f} ms over the runs "
            "(target: none over 200 ms)"
        )
        print(
            "  Python started from: "
            + ", ".join(
                f"{WHERE.get(w, w)} ({started_from.count(w)} of {len(started_from)})" for w in sorted(set(started_from))
            )
        )
        print(
            f"bytes to go live: {statistics.median(engine_bytes) / 1e6:.2f} MB "
            f"({statistics.median(engine_gzip) / 1e6:.2f} MB from a host that gzips); "
            f"whole page with the engine: {statistics.median(page_bytes) / 1e6:.2f} MB"
        )

        # The next page, files cached: same context, once the engine kept its start-up snapshot.
        revisit_click: list[float] = []
        revisit_nav: list[float] = []
        snapshots = 0
        revisit_mark = sent.mark()
        revisit_cpu: list[float] = []
        for _run in range(args.runs):
            kept = page.evaluate(SNAPSHOT_KEPT_JS, 60000)
            if not kept:
                print("  (no start-up snapshot kept after 60 s: the next page starts the ordinary way)")
            page.close()
            page = context.new_page()
            for target in (args.next_page, args.page):
                cpu = browser_cpu(profile_dir)
                page.goto(base + target)
                wait_for_widgets(page)
                page.locator(".fht-quiz .fht-new").first.click()
                page.wait_for_function("window.__fhtLive && window.__fhtLive.status !== 'loading'", timeout=60000)
                live = page.evaluate(
                    "({s: window.__fhtLive.status, ready: window.__fhtLive.readyAt, started: window.__fhtLive.started})"
                )
                if live["s"] != "live":
                    print("the engine did not start on the next page")
                    return 1
                revisit_cpu.append(browser_cpu(profile_dir) - cpu)
                revisit_click.append(live["ready"] - live["started"])
                revisit_nav.append(live["ready"])
            snapshots += 1
        print(
            f"next page / revisit (files cached, {snapshots * 2} loads): click -> ready median "
            f"{statistics.median(revisit_click) / 1000:.2f} s (runs: {', '.join(f'{v / 1000:.2f}' for v in revisit_click)}); "
            f"navigation start -> ready {statistics.median(revisit_nav) / 1000:.2f} s   (target <= 1.5 s)"
        )
        print(
            f"  browser CPU per page, navigation -> ready: median {statistics.median(revisit_cpu):.2f} s "
            "(every browser process: less sensitive to the machine's load than wall time)"
        )
        rows = sent.since(revisit_mark)
        print(
            f"  bytes sent for those {snapshots * 2} pages: {sent.total(revisit_mark) / 1e6:.2f} MB in {len(rows)} "
            f"responses ({sum(1 for row in rows if row[3] == 304)} of them 304 Not Modified)"
        )

        rules = Rules()
        quiz = quiz_model(rules, ["legal-plays", "trick-winner"], 1, 1000, "bench")
        state = {"quiz": quiz, "index": 0, "judged": []}
        rows = page.evaluate(CALL_JS, ["quiz", {"type": "new_question"}, state, 20])
        print(f"new question   : round trip {_ms([r[0] for r in rows])}; Python {_ms([r[1] for r in rows])}")
        answer = {"type": "answer", "index": 0, "response": quiz["bank"][0]["answer"]}
        rows = page.evaluate(CALL_JS, ["quiz", answer, state, 20])
        assert all(r[2] == "judged" for r in rows), rows[:2]
        print(f"judge an answer: round trip {_ms([r[0] for r in rows])}  (target <= 50 ms)")
        for name in PROBLEMS:
            pstate = problem_start({"library": name})
            request = {"type": "play", "code": pstate["legal"][0]}
            rows = page.evaluate(CALL_JS, ["problem", request, {"state": pstate, "problem": {"library": name}}, 3])
            assert all(r[2] == "verdict" for r in rows), rows[:2]
            print(f"solver verdict {name[:28]:28}: round trip {_ms([r[0] for r in rows])}")
        dstate = play_start(rules, 7, 2)
        request = {"type": "act", "code": dstate["view"]["legal"][0]["code"]}
        rows = page.evaluate(CALL_JS, ["play", request, {"state": dstate}, 10])
        print(f"a move against the bots (+ their replies): round trip {_ms([r[0] for r in rows])}")
        for seed in (7, 8):
            strong = page.evaluate(STRONG_DEAL_JS, play_start(rules, seed, 2, level="strong"))
            print(
                f"a whole deal against the strong bots (seed {seed}): a move + the bots' replies "
                f"{_ms(strong['acts'])} (target <= 3 s a bot move); a hint {_ms(strong['hints'])}"
            )
        profile.close()
    print(load_average())
    print(json.dumps({"load_s": statistics.median(loads) / 1000, "bytes": statistics.median(engine_bytes)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
