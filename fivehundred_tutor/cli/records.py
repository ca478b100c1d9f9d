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

from ..i18n import decimal, get_language, ngettext, pgettext
from ..i18n import gettext as _

__all__ = ["register"]


def _label(action: Any) -> str:
    """An action in card notation, in the reader's language (``J♦``, ``Jolly``, ``Joker (as ♠)``, ``8♠ from hand``)."""
    from ..actions import Play
    from ..explain import action_label, play_label

    return play_label(action) if isinstance(action, Play) else action_label(action)


def _counts(deal: Any) -> str:
    """Whose tricks the solver's figure counts, in the reader's language (the report's ``counts``)."""
    rules = deal.rules
    if deal.contract.is_misere:
        return _("tricks taken by the declarer ({seat}), who tries to take none").format(
            seat=rules.local_seat_name(deal.declarer)
        )
    if rules.calls_partner:  # the declarer and the called partner
        seats = [rules.local_seat_name(s) for s in deal.declaring_seats]
        if len(seats) == 2:
            return _("tricks taken by {seat} and {partner}").format(seat=seats[0], partner=seats[1])
        return _("tricks taken by {seats}").format(seats=" ".join(seats))
    return _("tricks taken by {seats}").format(seats=rules.local_side_name(rules.side_of(deal.declarer)))


def _load(path: str) -> Any:
    from ..records import load_record

    if not Path(path).is_file():
        raise FileNotFoundError(f"no such record file: {path}")
    return load_record(path)


def _cmd_annotate(args: argparse.Namespace) -> int:
    from ..records import annotate, critical_moments
    from ..records.notes import note_text

    record = _load(args.file)
    started = time.perf_counter()
    annotated = annotate(record)
    elapsed = time.perf_counter() - started
    if args.text:
        deal = annotated.start_deal()
        for i, code in enumerate(annotated.actions):
            note = annotated.annotations.get(i)
            if note:
                # The solver's sentence (the record keeps it in English: said again in the reader's
                # language); without one, the figure and the best cards, in the same notation as the
                # card played (parsed before it is played).
                if note.get("text"):
                    words = note["text"] if get_language() == "en" else note_text(deal, deal.parse_action(code), note)
                else:
                    words = ngettext("{n} trick; best: {cards}", "{n} tricks; best: {cards}", note["after"]).format(
                        n=note["after"], cards=", ".join(_label(deal.parse_action(c)) for c in note["best"])
                    )
            deal.push(code)
            if note:
                rules = deal.rules
                who = rules.local_seat_name(note["seat"])
                width = max(11, *(len(rules.local_seat_name(s)) for s in range(rules.players)))
                mark = note.get("mark", "")
                print(f"{i:3} {who:<{width}} {_label(deal.history[-1]) + mark:<14} {words}")
        moments = critical_moments(annotated)
        print(
            ngettext("Critical moment: {n} ({seconds} s)", "Critical moments: {n} ({seconds} s)", len(moments)).format(
                n=len(moments), seconds=decimal(elapsed, 1)
            )
        )
    text = annotated.to_json(indent=1) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
        n = len(annotated.annotations)
        print(
            ngettext(
                "wrote {path}: {n} play annotated in {seconds} s", "wrote {path}: {n} plays annotated in {seconds} s", n
            ).format(path=args.output, n=n, seconds=decimal(elapsed, 1)),
            file=sys.stderr,
        )
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
    from ..records.notes import double_dummy_note
    from ..render import deal_text
    from ..solver import DOUBLE_DUMMY_NOTE

    print(deal_text(deal))
    # Translators: the solver's figure, then whose tricks it counts ("Double dummy: 7 — tricks taken by North–South.")
    print(_("Double dummy: {value} — {counts}.").format(value=report["value"], counts=_counts(deal)))
    if report["actions"]:
        print(_("{seat} to play:").format(seat=deal.rules.local_seat_name(deal.to_move)))
        for code, value in report["actions"].items():
            # Translators: after a card's figure, the solver's best card(s)
            star = "  " + pgettext("solver", "best") if code in report["best"] else ""
            print(f"  {_label(deal.parse_action(code)):<16} {value}{star}")
    for note in report["notes"]:
        print(_("Note: {note}").format(note=double_dummy_note() if note == DOUBLE_DUMMY_NOTE else note))
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
