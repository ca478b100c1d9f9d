"""The ``fivehundred-tutor`` command line.

Errors (a bad option, an unknown preset) print one clear line and exit non-zero.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from .. import __version__
from ..bots import HeuristicBot
from ..deal import Deal
from ..errors import FiveHundredError
from ..rng import derive_seed
from ..rules import Rules, RulesError

T = TypeVar("T")


class CLIError(FiveHundredError):
    """A user mistake on the command line: printed as one line, exit status 2."""


def _rules_from(args: argparse.Namespace) -> Rules:
    try:
        rules = Rules.preset(args.preset)
        if getattr(args, "players", None) and args.players != rules.players:
            rules = rules.replace(players=args.players, deck_size=None, partnerships=None, misere=None)
    except RulesError as err:
        raise CLIError(str(err)) from None
    return rules


def progress(items: Iterable[T], total: int, desc: str, enabled: bool = True) -> Iterable[T]:
    """A tqdm progress bar on stderr when available and wanted."""
    if not enabled:
        return items
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return items
    bar: Iterable[T] = tqdm(items, total=total, desc=desc, unit="hand", file=sys.stderr, leave=False)
    return bar


def cmd_deal(args: argparse.Namespace) -> int:
    rules = _rules_from(args)
    deal = Deal.new(rules, seed=args.seed, dealer=args.dealer % rules.players)
    if args.play:
        bot = HeuristicBot()
        while not deal.is_over:
            deal.push(bot.choose(deal))
    if args.json:
        print(json.dumps(deal.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(deal)
    return 0


def simulate(rules: Rules, hands: int, seed: int, show_progress: bool = False) -> dict[str, Any]:
    """Play ``hands`` bot deals; make-rates by contract and average scores per side."""
    bot = HeuristicBot()
    by_contract: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    totals = [0] * len(rules.sides)
    declaring_total = 0
    thrown_in = 0
    for i in progress(range(hands), hands, "simulating", show_progress):
        deal = Deal.new(rules, seed=derive_seed(seed, i), dealer=i % rules.players)
        while not deal.is_over:
            deal.push(bot.choose(deal))
        result = deal.result()
        if result.thrown_in or result.contract is None or result.declarer is None:
            thrown_in += 1
            continue
        row = by_contract[str(result.contract)]
        row[0] += 1
        row[1] += int(result.made)
        for side, pts in enumerate(result.scores):
            totals[side] += pts
        declaring_total += result.scores[rules.side_of(result.declarer)]
    played = hands - thrown_in
    ladder = {str(b): k for k, b in enumerate(rules.bid_ladder())}
    return {
        "rules": rules.preset_name,
        "hands": hands,
        "seed": seed,
        "thrown_in": thrown_in,
        "contracts": {
            name: {"played": n, "made": m, "make_rate": m / n}
            for name, (n, m) in sorted(by_contract.items(), key=lambda kv: ladder.get(kv[0], 99))
        },
        "average_score_per_side": {rules.side_name(s): totals[s] / max(1, played) for s in range(len(totals))},
        "average_declaring_score": declaring_total / max(1, played),
    }


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.hands <= 0:
        raise CLIError(f"--hands must be a positive number, not {args.hands}")
    rules = _rules_from(args)
    report = simulate(rules, args.hands, args.seed, show_progress=not args.no_progress)
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
        return 0
    print(f"{report['hands']} hands of {rules.preset_name} ({rules.players} players), seed {args.seed}")
    print(f"thrown in (all passed): {report['thrown_in']}")
    print(f"{'contract':<13}{'played':>8}{'made':>8}{'make rate':>11}")
    for name, row in report["contracts"].items():
        print(f"{name:<13}{row['played']:>8}{row['made']:>8}{row['make_rate']:>10.0%}")
    print("average score per hand:")
    for side, avg in report["average_score_per_side"].items():
        print(f"  {side:<24}{avg:>8.1f}")
    print(f"  {'declaring side':<24}{report['average_declaring_score']:>8.1f}")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    if args.preset is None:
        from ..rules import PRESETS

        for name, (words, _) in PRESETS.items():
            print(f"{name:<24}{words}")
        return 0
    rules = _rules_from(args)
    for topic, setting in rules.describe():
        print(f"{topic:<20}{setting}")
    print("Bid ladder: " + " ".join(f"{b}={rules.bid_value(b)}" for b in rules.bid_ladder()))
    return 0


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise CLIError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="fivehundred-tutor",
        description="Learn and analyse the card game Five Hundred (500).",
        epilog="Instructors: `fivehundred-tutor exercises --help` shows assign, grade and mark in the order a "
        "course uses them.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    def with_rules(p: argparse.ArgumentParser) -> None:
        p.add_argument("--preset", default="australian", help="rules preset (see `fivehundred-tutor rules`)")
        p.add_argument("--players", type=int, choices=(2, 3, 4, 5, 6), help="number of players (changes the deck)")

    p = sub.add_parser("deal", help="print a readable deal")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dealer", type=int, default=0)
    p.add_argument("--play", action="store_true", help="let the bots bid and play it out")
    p.add_argument("--json", action="store_true", help="print the deal record as JSON")
    with_rules(p)
    p.set_defaults(func=cmd_deal)

    p = sub.add_parser("simulate", help="play hands with bots; make-rates and average scores")
    p.add_argument("--hands", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    with_rules(p)
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("rules", help="list presets, or describe one")
    p.add_argument("preset", nargs="?")
    p.add_argument("--players", type=int, choices=(2, 3, 4, 5, 6))
    p.set_defaults(func=cmd_rules)
    for register in _EXTENSIONS:
        register(sub)
    return parser


# Other modules (book, exercises, solver) add their subcommands here.
_EXTENSIONS: list[Callable[[Any], None]] = []


def _load_extensions() -> None:
    import importlib

    if _EXTENSIONS:
        return
    for name in (
        "fivehundred_tutor.cli.book",
        "fivehundred_tutor.cli.lab",
        "fivehundred_tutor.cli.exercises",
        "fivehundred_tutor.cli.records",
    ):
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name and name.startswith(err.name):
                continue
            raise
        _EXTENSIONS.append(module.register)


def main(argv: Sequence[str] | None = None) -> int:
    _load_extensions()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if not getattr(args, "command", None):
            parser.print_help()
            return 0
        return int(args.func(args) or 0)
    except CLIError as err:
        print(f"fivehundred-tutor: error: {err}", file=sys.stderr)
        return 2
    except (RulesError, FileNotFoundError, ValueError) as err:
        print(f"fivehundred-tutor: error: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
