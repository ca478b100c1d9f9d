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
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..i18n import ngettext, pgettext
from ..render import deal_text
from ..rng import derive_seed
from ..rules import Rules, RulesError

T = TypeVar("T")


class CLIError(FiveHundredError):
    """A user mistake on the command line: printed as one line, exit status 2."""


#: the presets' descriptions (``rules.PRESETS``, kept in English there) for the catalogs: ``rules`` without a
#: preset lists them in the reader's language
_PRESET_WORDS = (
    N_("4 players in partnerships, 43 cards; the default game"),
    N_("one round of bidding, 6-level bids only inform, the joker named only to a suit not shown void"),
    N_("2 players with the dummy layout (5 table piles each)"),
    N_("3 players each for themselves, 33 cards"),
    N_("6 players in two teams of three, 63 cards"),
    N_("6 players each for themselves, 63 cards"),
    N_("black 4s kept: 45 cards and a kitty of 5"),
    N_("misère may be bid without a 7 bid first"),
    N_("misère and open misère may not be bid"),
    N_("open misère above 10♥, below 10NT"),
    N_("open misère above 8NT, below 9♠, worth 330"),
    N_("misère 150 above 7♠; open misère 250 above 8♠"),
    N_("5 players, 53 cards; the declarer calls a card and its holder is the partner for the hand"),
    N_("a player who passed may bid again (as in bridge)"),
    N_("a player who passed may bid again once someone changes the suit of their bid"),
    N_("the auction winner may raise their own bid"),
    N_("in no trumps the joker may be played at any time"),
    N_("the joker may not be named to a suit its holder has shown void in"),
    N_("in no trumps the joker's holder, declarer or defender, may name its suit before the first lead"),
    N_("in no trumps a declarer holding the joker may name its suit before the first lead"),
    N_("defenders score only tricks beyond five"),
    N_("no loss at -500"),
    N_("a side wins only by making a contract as declarer"),
)


def preset_words(words: str) -> str:
    """A preset's description from ``rules.PRESETS`` in the reader's language (English when not listed).

    >>> from ..rules import PRESETS
    >>> all(words in _PRESET_WORDS for words, _opts in PRESETS.values())
    True
    """
    return _(words) if words in _PRESET_WORDS else words


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
        print(deal_text(deal))
    return 0


def simulate(rules: Rules, hands: int, seed: int, show_progress: bool = False) -> dict[str, Any]:
    """Play ``hands`` bot deals; make-rates by contract and average scores per side."""
    bot = HeuristicBot()
    by_contract: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    totals = [0] * len(rules.sides)
    declaring_total = 0
    thrown_in = 0
    for i in progress(range(hands), hands, _("simulating"), show_progress):
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
    from ..bids import Bid
    from ..explain import call_label
    from ..i18n import decimal

    # Translators: the heading of a simulation: the rules by their title (never the preset's slug), how many
    # hands were simulated, and the seed that dealt them
    print(
        ngettext(
            "{rules}: {n} hand simulated, seed {seed}", "{rules}: {n} hands simulated, seed {seed}", args.hands
        ).format(rules=rules.title, n=report["hands"], seed=args.seed)
    )
    print(_("thrown in (all passed): {n}").format(n=report["thrown_in"]))
    # the columns as wide as their headings (the English ones fit the usual widths)
    heads = (
        pgettext("simulate column", "contract"),
        pgettext("simulate column", "played"),
        pgettext("simulate column", "made"),
        pgettext("simulate column", "make rate"),
    )
    w = [max(13, len(heads[0]) + 1), max(8, len(heads[1]) + 2), max(8, len(heads[2]) + 2), max(11, len(heads[3]) + 2)]
    print(f"{heads[0]:<{w[0]}}{heads[1]:>{w[1]}}{heads[2]:>{w[2]}}{heads[3]:>{w[3]}}")
    for name, row in report["contracts"].items():
        try:
            label = call_label(Bid.parse(name))
        except Exception:  # a name the ladder does not parse is shown as it is
            label = name
        print(f"{label:<{w[0]}}{row['played']:>{w[1]}}{row['made']:>{w[2]}}{row['make_rate']:>{w[3] - 1}.0%}")
    print(_("average score per hand:"))
    sides = [
        (rules.local_side_name(s), report["average_score_per_side"][rules.side_name(s)])
        for s in range(len(rules.sides))
    ]
    declaring = _("declaring side")
    # 24 wide as in English (six players' sides run over it there too; the numbers keep them apart)
    width = max(24, len(declaring) + 2)
    for side, avg in sides:
        print(f"  {side:<{width}}{decimal(avg, 1):>8}")
    print(f"  {declaring:<{width}}{decimal(report['average_declaring_score'], 1):>8}")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    if args.preset is None:
        from ..rules import PRESETS

        for name, (words, _opts) in PRESETS.items():
            print(f"{name:<24}{preset_words(words)}")
        return 0
    from ..explain import call_label

    rules = _rules_from(args)
    rows = rules.describe()
    # the labels' column as wide as the longest label (20 for the English ones)
    width = max(20, *(len(topic) + 2 for topic, _setting in rows))
    for topic, setting in rows:
        print(f"{topic:<{width}}{setting}")
    ladder = " ".join(f"{call_label(b)}={rules.bid_value(b)}" for b in rules.bid_ladder())
    print(_("Bid ladder: {ladder}").format(ladder=ladder))
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
