"""Grading speed: 1,000 submissions of a 20-question assignment (target: <= 10 s).

    .venv/bin/python -m bench.bench_grading [--students 1000]
    .venv/bin/python -m bench.bench_grading --hostile     # peak memory of grading one hostile notebook

``--hostile`` grades a folder holding one 49 MB ``.ipynb`` of empty JSON objects (the largest a notebook may be)
in a fresh process and prints that process's peak resident memory (``VmHWM``): a notebook is measured before it
is parsed, so the peak stays near the file's own size.  Point ``PYTHONPATH`` at an older copy of the package to
compare.

Prints the time to re-derive and judge every submission (grade_folder), the
time to write the reports (gradebook, feedback, item analysis, histogram), and
the time to make the release (assign) for the same class, with the machine's
load average: on a shared machine the wall time grows with the load, the CPU
time much less.  ``bench/question_digests.py`` checks that a speed change left
every question identical.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from fivehundred_tutor.exercises import Roster, assign, grade_folder, make_sheet, parse_assignment, write_reports
from fivehundred_tutor.exercises.roster import Student
from fivehundred_tutor.rng import Random

ASSIGNMENT = {
    "id": "bench",
    "title": "Benchmark assignment",
    "seed": 42,
    "feedback": "none",
    "sections": [
        {"title": "Hierarchy", "topic": "card-hierarchy", "count": 2, "difficulty": [1, 3]},
        {"title": "Bowers", "topic": "bowers", "count": 2, "difficulty": [1, 3]},
        {"title": "Values", "topic": "bid-values", "count": 1, "difficulty": 2},
        {"title": "Ladder", "topic": "bid-ladder", "count": 2, "difficulty": [1, 3]},
        {"title": "Legal plays", "topic": "legal-plays", "count": 2, "difficulty": [2, 3]},
        {"title": "Tricks", "topic": "trick-winner", "count": 2, "difficulty": [2, 3]},
        {"title": "Scoring", "topic": "scoring", "count": 2, "difficulty": [1, 3]},
        {"title": "Game end", "topic": "game-end", "count": 1, "difficulty": 2},
        {"title": "Misere", "topic": "misere", "count": 1, "difficulty": 3},
        {"title": "Two players", "topic": "two-player", "count": 1, "difficulty": 2},
        {"title": "Kitty", "topic": "kitty", "count": 2, "difficulty": [1, 3]},
        {"title": "Decisions", "topic": "play-decision", "count": 2, "difficulty": [1, 2]},
    ],
}


HOSTILE_GRADER = """
import sys, time
from pathlib import Path
from fivehundred_tutor.exercises import Roster, grade_folder, parse_assignment
from fivehundred_tutor.exercises.roster import Student
hw = parse_assignment({"id": "bench", "seed": 1, "sections": [{"topic": "bowers"}]}, secret=bytes(range(32)))
t0 = time.perf_counter()
report = grade_folder(hw, Roster([Student("amy")]), Path(sys.argv[1]))
seconds = time.perf_counter() - t0
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(f"{peak / 1024:.0f} {seconds:.2f} {report.by_id()['amy'].status}: {report.by_id()['amy'].problems[0][:100]}")
"""


def hostile() -> None:
    """Peak memory of grading one 49 MB notebook of empty objects, in a fresh process (see the module)."""
    import subprocess
    import sys

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "subs" / "amy"
        home.mkdir(parents=True)
        body = b"{}," * 16_300_000
        nb = b'{"nbformat": 4, "metadata": {}, "cells": [{"cell_type": "code", "outputs": [' + body + b"{}]}]}"
        (home / "hw1.ipynb").write_bytes(nb)
        done = subprocess.run(
            [sys.executable, "-c", HOSTILE_GRADER, str(home.parent)], capture_output=True, text=True, check=True
        )
        peak, seconds, verdict = done.stdout.strip().split(" ", 2)
        print(f"one {len(nb) / 1e6:.1f} MB notebook of {len(body) // 3:,} empty objects:")
        print(f"  peak resident memory of the grading process: {peak} MB; {seconds} s")
        print(f"  verdict: {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--students", type=int, default=1000)
    parser.add_argument("--profile", action="store_true", help="print a cProfile of grade_folder")
    parser.add_argument("--hostile", action="store_true", help="peak memory of grading a 49 MB hostile notebook")
    args = parser.parse_args()
    if args.hostile:
        hostile()
        return
    hw = parse_assignment(ASSIGNMENT, secret=bytes(range(32)))  # a fixed secret: the figures are comparable
    assert hw.question_count == 20, hw.question_count
    roster = Roster([Student(f"s{i:04d}") for i in range(args.students)])
    rng = Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        subs = root / "submissions"
        subs.mkdir()
        t0 = time.perf_counter()
        for s in roster:
            qs = hw.questions_for(s.id)
            answers = {}
            for q in qs:
                if rng.random() < 0.7:
                    answers[q["item"]] = q["answer"]["example"] if q["kind"] == "cards" else q["answer"]
                elif q["choices"]:
                    answers[q["item"]] = q["choices"][0]["id"] if q["kind"] == "choice" else [q["choices"][0]["id"]]
            sheet = make_sheet(
                hw.id, hw.fingerprint, s.id, answers, {q["item"]: q["id"] for q in qs}, token=hw.token_for(s.id)
            )
            (subs / f"{hw.id}-{s.id}.answers.json").write_text(json.dumps(sheet), encoding="utf-8")
        prep = time.perf_counter() - t0

        t0 = time.perf_counter()
        c0 = time.process_time()
        if args.profile:
            import cProfile
            import pstats

            prof = cProfile.Profile()
            report = prof.runcall(grade_folder, hw, roster, subs)
            pstats.Stats(prof).sort_stats("tottime").print_stats(15)
        else:
            report = grade_folder(hw, roster, subs)
        grading = time.perf_counter() - t0
        grading_cpu = time.process_time() - c0
        t0 = time.perf_counter()
        write_reports(report, root / "grades", feedback="both")
        reports = time.perf_counter() - t0
        t0 = time.perf_counter()
        assign(hw, roster, root / "release")
        release = time.perf_counter() - t0
        page = (root / "release" / "students" / "s0000" / "bench-s0000.html").stat().st_size

    totals = [s.total for s in report.students]
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print(
        f"machine: {os.cpu_count()} CPUs, load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} (wall times grow with it)"
    )
    per_question = grading / (args.students * hw.question_count) * 1e6
    print(f"students: {args.students}, questions each: {hw.question_count}")
    print(f"making the submissions (not timed against the target): {prep:.2f} s")
    print(
        f"grade_folder (re-derive + judge + checks): {grading:.2f} s  ({per_question:.0f} µs a question; "
        f"CPU {grading_cpu:.2f} s)  target <= 10 s"
    )
    print(
        f"write_reports (CSV, {args.students} × md+html feedback, item analysis, LMS files, histogram): {reports:.2f} s"
    )
    print(
        f"assign (per-student pages, notebooks, question sets): {release:.2f} s; one student's page {page / 1e6:.2f} MB"
    )
    print(
        f"mean score {statistics.mean(totals):.2f} / {hw.max_points:g}; statuses: "
        + ", ".join(f"{k} {sum(1 for s in report.students if s.status == k)}" for k in ("graded", "flagged"))
    )


if __name__ == "__main__":
    main()
