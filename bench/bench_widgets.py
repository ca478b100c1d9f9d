"""Widget figures: first paint of a full-deal replay in headless Chromium, and model sizes.

    .venv/bin/python -m bench.bench_widgets [--runs 15]

Prints (no pass/fail): the time the replay module's ``render`` takes to build the
DOM, and from calling it to the second animation frame after it (the first
paint; two frames at 60 Hz are ~33 ms of that), median and worst of
``--runs`` fresh renders; the time to step one action; and the JSON size of
each quiz widget's 40-question bank and of one annotated deal.
Targets: first paint <= 100 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from fivehundred_tutor import Rules
from fivehundred_tutor.actions import Play
from fivehundred_tutor.handlers.replay import bot_deal
from fivehundred_tutor.widgets import (
    BiddingLadder,
    BowerTrainer,
    CardHierarchyQuiz,
    DealReplay,
    ScoringQuiz,
    TrickTrainer,
)

ROOT = Path(__file__).resolve().parent.parent

HARNESS = """
async ({ esm, css, state, runs }) => {
  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);
  const url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
  const t0 = performance.now();
  const mod = await import(url);
  const load = performance.now() - t0;
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  function fakeModel(values) {
    const handlers = {};
    return {
      get: (k) => values[k],
      set: (k, v) => { values[k] = v; (handlers["change:" + k] || []).forEach((h) => h()); },
      save_changes: () => {},
      send: () => {},
      on: (e, h) => { (handlers[e] = handlers[e] || []).push(h); },
      off: (e, h) => { handlers[e] = (handlers[e] || []).filter((x) => x !== h); },
    };
  }
  const paints = [];
  const steps = [];
  const syncs = [];
  for (let i = 0; i < runs; i++) {
    const el = document.createElement("div");
    document.body.append(el);
    const model = fakeModel(JSON.parse(JSON.stringify(state)));
    await frame();
    const start = performance.now();
    mod.default.render({ model, el });
    syncs.push(performance.now() - start);
    await frame();
    await frame();
    paints.push(performance.now() - start);
    const s0 = performance.now();
    model.set("position", 30);
    await new Promise((r) => queueMicrotask(r));
    await frame();
    await frame();
    steps.push(performance.now() - s0);
    if (!el.querySelector(".fht-replay .fht-seat")) throw new Error("the replay did not draw");
    el.remove();
  }
  return { load, paints, steps, syncs };
}
"""


def kb(data: object) -> float:
    return len(json.dumps(data, separators=(",", ":")).encode()) / 1024


def annotated_replay() -> DealReplay:
    deal = bot_deal(Rules(), 5)
    plays = [i for i, a in enumerate(deal.history) if isinstance(a, Play)]
    comments = {i: f"Comment on step {i}: why this card, what it tells partner." for i in plays[::2]}
    marks = dict.fromkeys(plays[1::7], "!?")
    return DealReplay(deal, comments=comments, marks=marks, stops=plays[:8:2], title="Annotated deal")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()

    replay = annotated_replay()
    print("Model sizes (JSON):")
    for cls in (CardHierarchyQuiz, BowerTrainer, TrickTrainer, ScoringQuiz, BiddingLadder):
        widget = cls(Rules(), seed=1, questions=40)
        print(f"  {cls.__name__:<18} 40-question bank: {kb(widget.quiz):6.1f} KB")
    n = len(replay.model["actions"])
    print(
        f"  DealReplay         annotated deal ({n} actions, {len(replay.model['stops'])} stops): "
        f"{kb(replay.model) + kb(replay.deal):6.1f} KB (frames {kb(replay.model['frames']):.1f} KB)"
    )
    print(
        f"  shared bundle (cards.js + replay.js): {len(replay._esm.encode()) / 1024:.1f} KB; CSS {len(replay._css.encode()) / 1024:.1f} KB"
    )

    from tests.support.browser import launch_chromium

    state = {"model": replay.model, "deal": replay.deal, "position": 0, "answers": {}, "four_colour": False}
    with launch_chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_content("<!doctype html><html><head><meta charset='utf-8'></head><body></body></html>")
        result = page.evaluate(HARNESS, {"esm": replay._esm, "css": replay._css, "state": state, "runs": args.runs})
        page.close()
    paints, steps = result["paints"], result["steps"]
    print(f"Replay of a full deal in headless Chromium ({args.runs} renders):")
    print(f"  module load (import): {result['load']:.1f} ms")
    print(
        f"  render() itself (DOM built): median {statistics.median(result['syncs']):.1f} ms, worst {max(result['syncs']):.1f} ms"
    )
    print(f"  first paint, first render (cold): {paints[0]:.1f} ms")
    print(
        f"  first paint after render(): median {statistics.median(paints):.1f} ms, worst {max(paints):.1f} ms (target <= 100 ms)"
    )
    print(f"  one step (position change to paint): median {statistics.median(steps):.1f} ms, worst {max(steps):.1f} ms")


if __name__ == "__main__":
    main()
