"""``fivehundred-tutor annotate FILE`` and ``fivehundred-tutor solve FILE`` (deal records).

FILE is a deal record: the text notation (``.fhn``) or JSON (``.json``).

    fivehundred-tutor annotate deal.fhn -o deal.json   # solver verdicts for every card
    fivehundred-tutor annotate deal.fhn --text         # the same, readable
    fivehundred-tutor solve deal.fhn                   # best play from the end of the record
    fivehundred-tutor solve deal.fhn --at 20           # ... after the first 20 actions
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

__all__ = ["register"]


def _load(path: str) -> Any:
    from ..records import load_record

    if not Path(path).is_file():
        raise FileNotFoundError(f"no such record file: {path}")
    return load_record(path)


def _cmd_annotate(args: argparse.Namespace) -> int:
    from ..records import annotate, critical_moments

    record = _load(args.file)
    started = time.perf_counter()
    annotated = annotate(record)
    elapsed = time.perf_counter() - started
    if args.text:
        deal = annotated.start_deal()
        for i, code in enumerate(annotated.actions):
            note = annotated.annotations.get(i)
            if note:
                # Without the solver's sentence: the figure and the best cards, in the same notation
                # as the card played (parsed before it is played).
                words = note.get("text") or f"{note['after']} tricks; best: " + ", ".join(
                    str(deal.parse_action(c)) for c in note["best"]
                )
            deal.push(code)
            if note:
                who = deal.rules.seat_name(note["seat"])
                mark = note.get("mark", "")
                print(f"{i:3} {who:<11} {str(deal.history[-1]) + mark:<14} {words}")
        moments = critical_moments(annotated)
        print(f"Critical moments: {len(moments)} ({elapsed:.1f} s)")
    text = annotated.to_json(indent=1) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"wrote {args.output}: {len(annotated.annotations)} plays annotated in {elapsed:.1f} s", file=sys.stderr)
    elif not args.text:
        sys.stdout.write(text)
    return 0


def _cmd_solve(args: argparse.Namespace) -> int:
    from ..records import RecordError
    from ..solver import solve_report

    record = _load(args.file)
    upto = args.at
    if upto is not None and not 0 <= upto <= len(record.actions):
        raise RecordError(f"--at must be between 0 and {len(record.actions)} (the number of actions)")
    deal = record.to_deal(upto)
    report = solve_report(deal)
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
        return 0
    print(deal)
    print(f"Double dummy: {report['value']} — {report['counts']}.")
    if report["actions"]:
        print(f"{report['to_move']} to play:")
        for code, value in report["actions"].items():
            star = "  best" if code in report["best"] else ""
            print(f"  {deal.parse_action(code)!s:<16} {value}{star}")
    for note in report["notes"]:
        print(f"Note: {note}")
    return 0


def register(subparsers: Any) -> None:
    """Add ``annotate`` and ``solve`` to the ``fivehundred-tutor`` command line."""
    p = subparsers.add_parser(
        "annotate",
        help="fill a deal record with double-dummy verdicts for every card",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", help="deal record (.fhn text notation or .json)")
    p.add_argument("-o", "--output", help="write the annotated JSON record here (default: standard output)")
    p.add_argument("--text", action="store_true", help="print the verdicts as readable lines")
    p.set_defaults(func=_cmd_annotate)
    p = subparsers.add_parser(
        "solve",
        help="double-dummy value of a deal record's position and of each legal card",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", help="deal record (.fhn text notation or .json)")
    p.add_argument("--at", type=int, help="solve after this many actions (default: all of them)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(func=_cmd_solve)
