"""Bidding puzzles: a hand and the auction so far, and the call the simulation shows to be best.

A seeded deal of the 4-player game is bid by the heuristic bots; each seat that is to call while
every call so far is a pass is a candidate puzzle.  Its hand is simulated as the evaluator does
(:func:`fivehundred_tutor.analysis.simulate`: the cards it cannot see dealt :data:`LAYOUTS` times, the
hand declares each denomination, takes the kitty, discards as the heuristic bot, and each layout is
solved double dummy).  Every sensible call is valued by its average score for the bidder's side over
those layouts: a bid of six to ten tricks in each denomination scores its value when the simulated
tricks reach it (250 for all ten tricks when it is worth less), minus its value when they do not; a
pass scores 0 (the simulation does not play the others' contracts).  Misère is left out: a
double-dummy defender sees the declarer's cards (see :mod:`fivehundred_tutor.handlers.evaluator`), so a
hand that is near a misère (the bidding standard's danger under :data:`MISERE_NEAR`) is not asked.

A position is a puzzle when one call beats every other by :data:`MARGIN` points on average *and* by
twice the standard error of the difference, so that the answer is clear and not luck of the layouts.
Everything is seeded: the same seed gives the same puzzle on any machine with the same solver.

>>> puzzle = bidding_puzzle(0)
>>> puzzle["id"], puzzle["best"], puzzle["values"]["pass"] < puzzle["values"][puzzle["best"][0]]
('bidding-0-1', ['6D'], True)
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from ..actions import Action
from ..analysis import simulate
from ..bidding_standard import misere_danger
from ..bids import PASS, Bid
from ..bots import HeuristicBot
from ..deal import AUCTION, Deal
from ..rng import derive_seed
from ..rules import Rules
from ..solver import Solver
from .rating import initial_rating

__all__ = [
    "AUCTION_KINDS",
    "LAYOUTS",
    "MARGIN",
    "MISERE_NEAR",
    "bid_figures",
    "bidding_puzzle",
    "candidates",
    "check_auction_puzzle",
    "denomination",
]

#: the kinds of puzzle decided before the play
AUCTION_KINDS = ("bidding",)
#: layouts of the unseen cards per hand (the same layouts value every call)
LAYOUTS = 120
#: points on average the best call must beat every other call by
MARGIN = 30
#: a hand whose misère danger is under this is near a misère: not asked (the simulation cannot value misère)
MISERE_NEAR = 3.5
#: a call must beat every other by this many standard errors of the difference too
SE_FACTOR = 2.0
THEME = "judging-hand"


def denomination(bid: Bid) -> str:
    """The simulation's name of a bid's denomination: "S", "C", "D", "H" or "NT"."""
    return "NT" if bid.trump is None else bid.code[-1]


def candidates(deal: Deal) -> list[Action]:
    """The calls a bidding puzzle values: pass, and every legal bid of six to ten tricks in a suit or no trumps."""
    out: list[Action] = []
    for action in deal.legal_actions():
        if action == PASS or (isinstance(action, Bid) and not action.is_misere and 6 <= action.tricks <= 10):
            out.append(action)
    return out


def _score(rules: Rules, bid: Bid, tricks: int) -> int:
    return rules.score(bid, tricks)[0]


def _scores(rules: Rules, call: Action, counts: Counter[int]) -> dict[int, int]:
    """The call's score for each number of tricks the simulation saw (a pass: 0)."""
    if not isinstance(call, Bid) or call == PASS:
        return dict.fromkeys(counts, 0)
    return {t: _score(rules, call, t) for t in counts}


def bid_figures(rules: Rules, calls: list[Action], counts: Counter[int]) -> dict[str, dict[str, float]]:
    """Per call (its code), over the layouts of one denomination: the share of layouts it makes in and its
    average score."""
    n = max(1, sum(counts.values()))
    out: dict[str, dict[str, float]] = {}
    for call in calls:
        scores = _scores(rules, call, counts)
        made = sum(k for t, k in counts.items() if isinstance(call, Bid) and call != PASS and t >= call.tricks)
        out[call.code] = {"make": made / n, "mean": sum(scores[t] * k for t, k in counts.items()) / n}
    return out


def _clear_best(rules: Rules, calls: list[Action], counts: Counter[int]) -> tuple[Action, float] | None:
    """The call that beats every other clearly on the same layouts, and its smallest margin (None: no clear
    answer): by :data:`MARGIN` points on average, and by :data:`SE_FACTOR` standard errors of the difference."""
    n = max(1, sum(counts.values()))
    table = {call: _scores(rules, call, counts) for call in calls}
    means = {call: sum(table[call][t] * k for t, k in counts.items()) / n for call in calls}
    best = max(calls, key=lambda c: (means[c], c == PASS))
    smallest = math.inf
    for other in calls:
        if other == best:
            continue
        diffs = {t: table[best][t] - table[other][t] for t in counts}
        gap = means[best] - means[other]
        var = sum(k * (diffs[t] - gap) ** 2 for t, k in counts.items()) / n
        if gap < MARGIN or gap < SE_FACTOR * math.sqrt(var / n):
            return None
        smallest = min(smallest, gap)
    return best, smallest


def _best_denomination(rules: Rules, deal: Deal, tricks: dict[str, Counter[int]]) -> str:
    """The denomination whose best bid scores most on average: the one the puzzle asks the level of."""

    def top(d: str) -> float:
        bids = [c for c in candidates(deal) if isinstance(c, Bid) and c != PASS and denomination(c) == d]
        figures = bid_figures(rules, list(bids), tricks[d])
        return max((f["mean"] for f in figures.values()), default=-math.inf)

    return max(tricks, key=lambda d: (top(d), d))


def calls_in(deal: Deal, denom: str) -> list[Action]:
    """The calls a bidding puzzle in ``denom`` offers: pass, and its legal bids of six to ten tricks."""
    return [c for c in candidates(deal) if c == PASS or (isinstance(c, Bid) and denomination(c) == denom)]


def _simulate(deal: Deal, seat: int, layouts: int, seed: int) -> dict[str, Counter[int]]:
    hand = list(deal.hands[seat])
    sim = simulate(deal.rules, seat, hand, layouts=layouts, seed=seed, solver=Solver())
    return sim.tricks


def _seed(seed: int, seat: int) -> int:
    return derive_seed("puzzle-bidding-layouts", seed, seat)


def bidding_puzzle(seed: int, *, layouts: int = LAYOUTS) -> dict[str, Any] | None:
    """The bidding puzzle of deal ``seed`` (None: no seat with a clear call before the first bid)."""
    rules = Rules()
    deal = Deal.new(rules, seed=derive_seed("puzzle-bidding", seed), dealer=seed % rules.players)
    bot = HeuristicBot()
    while deal.phase == AUCTION:
        seat = deal.to_move
        assert seat is not None
        if any(call != PASS for _s, call in _calls(deal)):
            return None
        bot_call = bot.choose(deal)
        if misere_danger(rules, deal.hands[seat], rules.kitty_size) >= MISERE_NEAR:
            tricks = _simulate(deal, seat, layouts, _seed(seed, seat))
            denom = _best_denomination(rules, deal, tricks)
            calls = calls_in(deal, denom)
            clear = _clear_best(rules, calls, tricks[denom])
            if clear is not None:
                best, gap = clear
                return _record(deal, seed, seat, layouts, denom, calls, tricks, best, gap, bot_call)
        deal.push(bot_call)
    return None


def _calls(deal: Deal) -> list[tuple[int, Action]]:
    return [(s, a) for s, a in deal.auction]


def _record(
    deal: Deal,
    seed: int,
    seat: int,
    layouts: int,
    denom: str,
    calls: list[Action],
    tricks: dict[str, Counter[int]],
    best: Action,
    gap: float,
    bot_call: Action,
) -> dict[str, Any]:
    figures = bid_figures(deal.rules, calls, tricks[denom])
    top = figures[best.code]["mean"]
    plausible = sum(1 for c in figures if figures[c]["mean"] >= top - 100)
    fails = [] if bot_call == best else ["heuristic"]
    # a close call is harder: the margin under 60 points adds to the rating
    rating = initial_rating(fails=fails, depth=0, classes=plausible, themes=(THEME,)) + (60 if gap < 60 else 0)
    return {
        "id": f"bidding-{seed}-{len(deal.history)}",
        "kind": "bidding",
        "level": "heuristic",
        "record": deal.to_dict(),
        "seat": seat,
        "values": {c: round(f["mean"]) for c, f in figures.items()},
        "best": [best.code],
        "themes": [THEME],
        "rating": rating,
        "lines": {},
        "fails": fails,
        "depth": 0,
        "heuristic": bot_call.code,
        "thumb": None,
        "figures": {
            "layouts": layouts,
            "seed": _seed(seed, seat),
            "denomination": denom,
            "make": {c: round(100 * f["make"]) for c, f in figures.items()},
            "tricks": {d: {str(t): k for t, k in sorted(c.items())} for d, c in tricks.items()},
        },
    }


def check_auction_puzzle(puzzle: Any) -> str | None:
    """None when simulating the puzzle's hand again gives its values and its best call; else what differs."""
    deal = puzzle.deal
    if deal.to_move != puzzle.seat or deal.phase != AUCTION:
        return f"{puzzle.id}: not the seat's call"
    figures_kept = puzzle.figures
    layouts, seed = int(figures_kept["layouts"]), int(figures_kept["seed"])
    tricks = _simulate(deal, puzzle.seat, layouts, seed)
    denom = _best_denomination(deal.rules, deal, tricks)
    if denom != figures_kept["denomination"]:
        return f"{puzzle.id}: the best denomination is {denom}, not {figures_kept['denomination']}"
    calls = calls_in(deal, denom)
    figures = bid_figures(deal.rules, calls, tricks[denom])
    values = {c.code: round(figures[c.code]["mean"]) for c in calls}
    if values != dict(puzzle.values):
        return f"{puzzle.id}: the simulation's values changed: {values} (bank: {dict(puzzle.values)})"
    clear = _clear_best(deal.rules, calls, tricks[denom])
    if clear is None or [clear[0].code] != list(puzzle.best_codes):
        return f"{puzzle.id}: the best call is {clear and clear[0].code}, not {list(puzzle.best_codes)}"
    return None
