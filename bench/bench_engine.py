"""Engine speed: random full hands per second and microseconds per action, against OpenSpiel's bridge.

    .venv/bin/python -m bench.bench_engine [--hands N] [--preset NAME] [--rounds R]
    .venv/bin/python -m bench.bench_engine --only ours --hands 3000     # one figure, this process's engine

A "hand" is: shuffle and deal, an auction of random legal calls (thrown-in hands are
redealt and not counted), the kitty exchange, all the play, and the score.  "Per action"
is the whole time (dealing included) over the actions pushed through the public API
(``Deal.legal_actions()`` then ``Deal.push()``).

Each round runs, each in a fresh process and in turn: our engine compiled (mypyc, where
``python -m fivehundred_tutor.bookbuild.native`` built it), our engine as plain Python
(``FIVEHUNDRED_TUTOR_NATIVE=0``: what Pyodide runs) and OpenSpiel's bridge when ``open_spiel``
is installed (``pip install open_spiel``; without it only ours is printed).  OpenSpiel deals
with 52 chance actions: its time per *player* action (the dealing in the time, as in ours) is the
yardstick of issue 26; the figure with the chance actions counted as actions is printed too.
Times are the process's CPU seconds (``time.process_time``): on a shared 2-core machine wall
time measures the neighbours.  The figures are the medians over the rounds.  Targets (issue 26): compiled <= 1.0x OpenSpiel per action, >= 8,000 hands/s.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

CONTENDERS = ("compiled", "plain", "openspiel")


def run_ours(preset: str, hands: int, seed: int) -> dict[str, Any]:
    from fivehundred_tutor import Deal, Rules

    try:
        from fivehundred_tutor.native import engine_status
    except ImportError:  # a tree from before the compiled engine (an A/B against an older checkout)

        def engine_status() -> str:
            return "plain Python engine (before fivehundred_tutor.native)"

    rules = Rules.preset(preset)

    def play(count: int) -> tuple[float, int, int]:
        rng = random.Random(seed)  # the harness's own choices: stdlib speed, not part of the engine
        done = actions = attempt = 0
        start = time.process_time()
        while done < count:
            deal = Deal.new(rules, seed=attempt, dealer=attempt % rules.players)
            attempt += 1
            while not deal.is_over:
                legal = deal.legal_actions()
                deal.push(legal[int(rng.random() * len(legal))])
                actions += 1
            if not deal.result().thrown_in:
                done += 1
        return time.process_time() - start, actions, attempt

    play(200)  # warm the contract tables
    elapsed, actions, attempts = play(hands)
    start = time.process_time()
    for i in range(attempts):
        Deal.new(rules, seed=i, dealer=i % rules.players)
    dealing = time.process_time() - start
    return {
        "engine": engine_status(),
        "hands": hands,
        "actions": actions,
        "seconds": elapsed,
        "dealing_seconds": dealing,
        "attempts": attempts,
    }


def run_openspiel(hands: int, seed: int) -> dict[str, Any]:
    import pyspiel

    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")

    def play(count: int) -> tuple[float, int, int, int]:
        rng = random.Random(seed)
        done = actions = chance = attempts = 0
        start = time.process_time()
        while done < count:
            state = game.new_initial_state()
            attempts += 1
            while not state.is_terminal():
                legal = state.legal_actions()
                if state.is_chance_node():
                    chance += 1
                state.apply_action(legal[int(rng.random() * len(legal))])
                actions += 1
            if any(state.returns()) or state.history()[-4:] != [52, 52, 52, 52]:  # passed out: redealt
                done += 1
        return time.process_time() - start, actions, chance, attempts

    play(200)
    elapsed, actions, chance, attempts = play(hands)
    return {
        "engine": f"OpenSpiel {getattr(pyspiel, '__version__', '')} bridge".replace("  ", " "),
        "hands": hands,
        "actions": actions,
        "chance_actions": chance,
        "seconds": elapsed,
        "attempts": attempts,
    }


def one(contender: str, preset: str, hands: int, seed: int) -> dict[str, Any] | None:
    """One contender's figures from a fresh process (None: it cannot run here)."""
    env = dict(os.environ)
    if contender == "plain":
        env["FIVEHUNDRED_TUTOR_NATIVE"] = "0"
    elif contender == "compiled":
        env.pop("FIVEHUNDRED_TUTOR_NATIVE", None)
    only = "openspiel" if contender == "openspiel" else "ours"
    args = [sys.executable, "-m", "bench.bench_engine", "--only", only, "--preset", preset]
    proc = subprocess.run(
        [*args, "--hands", str(hands), "--seed", str(seed), "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        return None
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    if contender == "compiled" and not result["engine"].startswith("compiled"):
        return None  # not built here: the plain figure says it all
    return result


def per_action_us(result: dict[str, Any]) -> float:
    return float(result["seconds"]) / int(result["actions"]) * 1e6


def hands_per_second(result: dict[str, Any]) -> float:
    return int(result["hands"]) / float(result["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--preset", default="australian")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", choices=("ours", "openspiel"), help="run one contender in this process")
    parser.add_argument("--json", action="store_true", help="with --only: print the figures as JSON")
    args = parser.parse_args()
    if args.only:
        if args.only == "ours":
            result = run_ours(args.preset, args.hands, args.seed)
        else:
            result = run_openspiel(args.hands, args.seed)
        if args.json:
            print(json.dumps(result))
        else:
            print(f"{result['engine']}: {result['hands']} hands, {result['actions']} actions")
            print(f"  {per_action_us(result):.2f} µs per action, {hands_per_second(result):,.0f} hands/s")
        return
    figures: dict[str, list[dict[str, Any]]] = {name: [] for name in CONTENDERS}
    for _ in range(args.rounds):
        for name in CONTENDERS:
            result = one(name, args.preset, args.hands, args.seed)
            if result is not None:
                figures[name].append(result)
    print(f"preset {args.preset}: {args.hands} full hands a run, median of {args.rounds} rounds (CPU time)")
    medians: dict[str, float] = {}
    for name in CONTENDERS:
        runs = figures[name]
        if not runs:
            why = "open_spiel is not installed" if name == "openspiel" else "not built here"
            print(f"  {name:9}  ({why})")
            continue
        us = medians[name] = statistics.median(per_action_us(r) for r in runs)
        rate = statistics.median(hands_per_second(r) for r in runs)
        per_hand = statistics.median(int(r["actions"]) / int(r["hands"]) for r in runs)
        line = f"  {name:9}  {us:5.2f} µs per action   {rate:8,.0f} hands/s   {per_hand:5.1f} actions per hand"
        if "dealing_seconds" in runs[0]:
            deal_us = statistics.median(float(r["dealing_seconds"]) / int(r["attempts"]) * 1e6 for r in runs)
            line += f"   (shuffle+deal {deal_us:.1f} µs)"
        else:
            # its dealing is 52 chance actions; per player action, the dealing time still counted (as in ours)
            players = statistics.median(
                float(r["seconds"]) / (int(r["actions"]) - int(r["chance_actions"])) * 1e6 for r in runs
            )
            medians["openspiel-players"] = players
            line += f"   (52 of them dealing; {players:.2f} µs per player action)"
        print(line)
    if "openspiel" in medians:
        for name in ("compiled", "plain"):
            if name in medians:
                print(
                    f"  {name} / OpenSpiel: {medians[name] / medians['openspiel-players']:.2f}x per player action"
                    f" (target <= 1.0x); {medians[name] / medians['openspiel']:.2f}x with its dealing as actions"
                )


if __name__ == "__main__":
    main()
