"""What a play test's grading costs: per card as it is played, and at the end of a deal (figures, not a test).

Usage: python -m bench.bench_play_test [--seed 15] [--deals 4] [--host both] [--learner heuristic]

The test's deals (``handlers.playtest.choose_deals``, as the book's chapter 15 picks them) are
played through the ``playtest`` handler by a stand-in learner (``heuristic``: the rules-of-thumb
bot; ``random``: any legal action; ``duplicate``: the stronger bot, which must lose what its par
table lost).  Printed, in CPU seconds of this process (the machine may be shared: wall time would
count other work), per host:

- grading one card as it is played (``grade_card`` under ``GRADE_NODES``), and how many cards the
  cap left for the end of the deal;
- each whole move (the learner's card graded, then the bots' answers: what the learner waits for);
- the end of a deal (cards the cap cut short graded, costly cards given the cards that were better).

Hosts: ``kernel`` (DDS where a position maps to bridge, the compiled search for the rest) and
``browser`` (no DDS, the plain Python search, as the live book under Pyodide; Pyodide itself is
about 1.5-2.5x slower than CPython: ``python -m bench.bench_live`` measures it there).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from bench.bench_bot_moves import PYODIDE, host
from fivehundred_tutor import Deal, Rules
from fivehundred_tutor.analysis.duplicate import DuplicateBot
from fivehundred_tutor.bots import HeuristicBot, RandomBot
from fivehundred_tutor.handlers import handle, playtest


def _line(values: list[float]) -> str:
    if not values:
        return "none"
    values = sorted(values)
    return (
        f"median {statistics.median(values):.3f} s  p90 {values[int(0.9 * (len(values) - 1))]:.3f} s  "
        f"max {values[-1]:.3f} s  (n={len(values)})"
    )


def _learner(name: str, seed: int) -> Any:
    return {"heuristic": HeuristicBot(), "random": RandomBot(seed), "duplicate": None}[name]


def run(name: str, state: dict[str, Any], learner_name: str) -> None:
    grading: list[float] = []
    moves: list[float] = []
    ends: list[float] = []
    capped = 0
    real_grade = playtest.grade_card
    real_finish = playtest._finish_grades

    def timed_grade(*args: Any, **kwargs: Any) -> Any:
        c0 = time.process_time()
        try:
            return real_grade(*args, **kwargs)
        finally:
            grading.append(time.process_time() - c0)

    def timed_finish(*args: Any, **kwargs: Any) -> Any:
        c0 = time.process_time()
        try:
            return real_finish(*args, **kwargs)
        finally:
            ends.append(time.process_time() - c0)

    playtest.grade_card = timed_grade  # type: ignore[assignment]
    playtest._finish_grades = timed_finish  # type: ignore[assignment]
    playtest._SOLVERS.clear()
    lost = []
    try:
        with host(name):
            for k in range(len(state["test"]["deals"])):
                seed = int(state["test"]["deals"][k]["seed"])
                learner = _learner(learner_name, seed) or DuplicateBot(seed)
                most = 0
                while not state["view"]["over"]:
                    most = max(most, len(state["test"]["pending"]))
                    deal = Deal.from_dict(state["deal"])
                    code = learner.choose(deal).code
                    c0 = time.process_time()
                    out = handle("playtest", {"type": "act", "code": code}, {"state": state})
                    moves.append(time.process_time() - c0)
                    if out["reply"]["type"] == "error":
                        raise SystemExit(out["reply"]["error"])
                    state = out["update"]["state"]
                capped += most
                result = out["reply"]["test"]["result"]
                lost.append((result["lost"], result["par_lost"]))
                if k + 1 < len(state["test"]["deals"]):
                    state = handle("playtest", {"type": "next"}, {"state": state})["update"]["state"]
    finally:
        playtest.grade_card = real_grade  # type: ignore[assignment]
        playtest._finish_grades = real_finish  # type: ignore[assignment]
    print(f"[{name}] learner: {learner_name}; tricks lost (learner, par) per deal: {lost}")
    print(f"  one card graded as played ({playtest.GRADE_NODES:,} nodes a solve): {_line(grading)}")
    print(f"  cards the cap left for the deal's end (at least): {capped}")
    print(f"  a whole move (card graded + the bots' answers): {_line(moves)}")
    if name == "browser":
        print(f"    at Pyodide's {PYODIDE}x: max {max(moves) * PYODIDE:.1f} s")
    print(f"  the end of a deal (cut cards, better cards named): {_line(ends)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--host", choices=["kernel", "browser", "both"], default="both")
    parser.add_argument("--learner", choices=["heuristic", "random", "duplicate"], default="heuristic")
    args = parser.parse_args()
    c0 = time.process_time()
    state = playtest.start_test(Rules(), args.seed, args.deals, seat=2)
    print(f"choosing {args.deals} deals and their par tables (the book's build): {time.process_time() - c0:.1f} s CPU")
    for name in ["kernel", "browser"] if args.host == "both" else [args.host]:
        run(name, state, args.learner)


if __name__ == "__main__":
    main()
