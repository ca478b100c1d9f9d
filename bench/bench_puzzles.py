"""Puzzle figures: mining throughput, the bank's size and load time, and move → verdict.

    .venv/bin/python -m bench.bench_puzzles [--deals 60] [--skip-live] [--html DIR]

Prints (no pass/fail):
- mining: puzzles per CPU-minute on a fixed batch of deals (four-player trumps and misère, the
  kinds most of the bank is), in this process (1 worker) and in 2 worker processes (CPU of the
  workers counted through their rusage), with wall times and the machine's load;
- the bank: puzzles, bytes (gzip) and uncompressed, and the time to load it in a fresh CPython; the
  trainer's first next-puzzle request there (it reads the bank's index and one record);
- the book build's cost of the bank: the cache check every build makes (the manifest's spec digest
  and the bank's own digest), the re-solving of every puzzle a build makes once per bank and solver
  (a clean clone, or a change to the engine or solver), and the trainer models the chapters build
  (chapter 12b's trainer and levels, the four play chapters' drills);
- move → verdict in the kernel: a handler's next puzzle (the card with every verdict) in CPython,
  and in Chromium the click on a card to the verdict on screen (the verdicts are in the page);
- the live book (unless --skip-live): the same next-puzzle request answered by the engine in the
  browser (Pyodide in a Web Worker): the first (which reads the bank's index and one puzzle, and runs the engine's code for the first time) and the following ones.
Targets: move → verdict ≤ 0.3 s in the kernel, ≤ 1 s live.
"""

from __future__ import annotations

import argparse
import gzip
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.benchkit import load_average
from fivehundred_tutor.puzzles import bank
from fivehundred_tutor.puzzles.mine import Job
from fivehundred_tutor.puzzles.workers import run_jobs

ROOT = Path(__file__).resolve().parent.parent


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def mining(deals: int) -> None:
    jobs = [Job("suit", 10_000 + s) for s in range(deals)] + [Job("misere", 10_000 + s) for s in range(deals)]
    for workers in (1, 2):
        cpu, wall = _cpu(), time.perf_counter()
        found = sum(len(b) for b in run_jobs(jobs, workers=workers))
        cpu, wall = _cpu() - cpu, time.perf_counter() - wall
        print(
            f"mining, {workers} worker{'s' if workers > 1 else ''}: {found} puzzles from {len(jobs)} deals in "
            f"{cpu:.1f} s CPU, {wall:.1f} s wall: {found / (cpu / 60):.0f} puzzles per CPU-minute, "
            f"{found / (wall / 60):.0f} per wall minute"
        )


def bank_figures() -> None:
    raw = gzip.decompress(bank.BANK_PATH.read_bytes())
    code = "import time; t=time.perf_counter(); from fivehundred_tutor.puzzles import load_bank; n=len(load_bank()); print(n, time.perf_counter()-t)"
    times = []
    for _ in range(3):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
        ).stdout.split()
        times.append(float(out[1]))
    print(
        f"bank: {out[0]} puzzles, {bank.BANK_PATH.stat().st_size / 1e6:.2f} MB gzip ({len(raw) / 1e6:.2f} MB JSON); "
        f"load_bank() in a fresh CPython {statistics.median(times):.2f} s (import included; runs {', '.join(f'{t:.2f}' for t in times)})"
    )
    # what the trainer's first 'next puzzle' reads: the index and one record (not the whole bank)
    code = (
        "import time; from fivehundred_tutor.handlers import handle, puzzles; t=time.perf_counter(); "
        "handle('puzzles', {'type': 'next', 'rating': 1500, 'seen': []}, {}); print(time.perf_counter()-t)"
    )
    firsts = [
        float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout)
        for _ in range(3)
    ]
    print(
        f"bank: index {bank.INDEX_PATH.stat().st_size / 1e3:.0f} kB gzip; the first next-puzzle request in a fresh "
        f"CPython (index and one record; modules imported first, as in the live book's snapshot) {statistics.median(firsts) * 1000:.0f} ms (runs {', '.join(f'{t * 1000:.0f}' for t in firsts)})"
    )


def build_cost() -> None:
    from fivehundred_tutor.handlers.puzzles import trainer_model

    t = time.perf_counter()
    bank.build(log=lambda _line: None)
    cached = time.perf_counter() - t
    cpu, t = _cpu(), time.perf_counter()
    checked = bank._build_checked()
    problems = bank.check_bank(checked)
    cpu, wall = _cpu() - cpu, time.perf_counter() - t
    print(
        f"build: cache check (spec and bank digests) {cached:.2f} s every build; the build's check ({len(checked)} puzzles:"
        f" every play puzzle re-solved, {bank.AUCTION_CHECKED} bidding puzzles simulated again) "
        f"{wall:.1f} s wall, {cpu:.1f} s CPU, once per bank and solver ({len(problems)} problems)"
    )
    models: dict[str, dict[str, Any]] = {
        "12b trainer": {"size": 80, "levels": False},
        "12b levels": {"mode": "levels"},
        **{
            f"{name} drill": {"mode": "drill", "drill_name": name, "size": 12, "levels": False}
            for name in ("card-play", "defence", "misere", "two-player")
        },
    }
    parts = []
    for name, options in models.items():
        t = time.perf_counter()
        model = trainer_model(name, **options)
        parts.append(f"{name} {time.perf_counter() - t:.2f} s ({len(model['puzzles'])} puzzles)")
    print("build: trainer models the chapters make (bank already read): " + ", ".join(parts))


def kernel_verdict() -> None:
    from fivehundred_tutor.handlers import handle
    from fivehundred_tutor.puzzles import load_bank

    load_bank()
    times = []
    for i in range(20):
        t = time.perf_counter()
        handle("puzzles", {"type": "next", "rating": 1200 + 50 * i, "seen": []}, {})
        times.append(time.perf_counter() - t)
    print(
        f"kernel: next puzzle with every verdict (handler) median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms (target ≤ 300 ms)"
    )


def browser_verdict() -> None:
    from tests.support.browser import launch_chromium, open_page, render_notebook_to_html, serve_directory
    from tests.support.myst import myst_notebook

    notebook = myst_notebook(
        "Bench", "from fivehundred_tutor.widgets import PuzzleTrainer\nPuzzleTrainer(size=40, levels=False)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "bench.md"
        source.write_text(notebook, encoding="utf-8")
        html = render_notebook_to_html(source, Path(tmp) / "out")
        with launch_chromium() as browser, serve_directory(html.parent) as base:
            page, _ = open_page(browser, base + html.name)
            root = page.locator(".fht-puzzles")
            root.locator(".fht-pz-start").click()
            times = []
            for _ in range(10):
                # a card, a joker's suit, a card from the table, or a bidding puzzle's call (the spread has all)
                button = root.locator(
                    ".fht-pz-hand button:not([disabled]), .fht-pz-joker button, .fht-piles button,"
                    " .fht-pz-calls button:not([disabled])"
                ).first
                button.wait_for()
                ms = page.evaluate(
                    """(b) => new Promise((done) => { const t = performance.now(); b.click();
                       const wait = () => document.querySelector('.fht-pz-verdict') ? requestAnimationFrame(() => done(performance.now() - t)) : requestAnimationFrame(wait);
                       wait(); })""",
                    button.element_handle(),
                )
                times.append(ms)
                root.locator(".fht-pz-next").first.click()
            print(
                f"browser: click on a card → verdict drawn median {statistics.median(times):.0f} ms, max {max(times):.0f} ms"
            )
            page.context.close()


def live_verdict(html: Path) -> None:
    from bench.benchkit import static_host
    from tests.support.browser import launch_chromium, wait_for_widgets

    # the shared Playwright driver of browser_verdict (a second sync driver in one process fails)
    with static_host(html, "/") as (base, _sent), launch_chromium() as browser:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(base + "chapters/12b-puzzle-trainer.html")
        wait_for_widgets(page)
        calls = page.evaluate(
            """async () => {
                const out = [];
                let t = performance.now();
                await window.__fhtLive.call("puzzles", { type: "hello" }, {});
                out.push([performance.now() - t, "hello"]);
                for (let i = 0; i < 8; i++) {
                    t = performance.now();
                    const r = await window.__fhtLive.call("puzzles", { type: "next", rating: 1300 + 80 * i, seen: [] }, {});
                    out.push([performance.now() - t, r && r.reply ? r.reply.type : String(r)]);
                }
                return out;
            }"""
        )
        hello, first, rest = calls[0], calls[1], calls[2:]
        print(
            f"live book: the engine starts (Pyodide, the wheel) {hello[0] / 1000:.2f} s; the first next-puzzle "
            f"request (the bank's index and one puzzle; the engine's code run a first time) {first[0] / 1000:.2f} s; then median "
            f"{statistics.median(t for t, _ in rest):.0f} ms, max {max(t for t, _ in rest):.0f} ms "
            f"(target ≤ 1 s); replies: {sorted({k for _, k in calls[1:]})}"
        )
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=60, help="deals of each kind for the mining figure")
    parser.add_argument("--skip-live", action="store_true")
    parser.add_argument("--skip-mining", action="store_true")
    parser.add_argument("--html", default=str(ROOT / "book" / "_build" / "html"))
    args = parser.parse_args()
    print(load_average())
    if not args.skip_mining:
        mining(args.deals)
    bank_figures()
    build_cost()
    kernel_verdict()
    browser_verdict()
    if not args.skip_live:
        html = Path(args.html)
        if not (html / "chapters" / "12b-puzzle-trainer.html").exists():
            print(f"live book: no built page in {html} (run `fivehundred-tutor book build` first)")
        else:
            live_verdict(html)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    raise SystemExit(main())
