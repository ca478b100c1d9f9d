"""Kitty puzzles: the declarer has taken the kitty; which cards go face down?

A seeded deal of the 4-player game is bid by the heuristic bots.  When the auction ends in a trump
contract, the declarer holds thirteen cards and must discard three.  What the declarer cannot see
(the other three hands) is dealt :data:`LAYOUTS` times, consistent with the auction (a seat that bid
a suit holds some of it); for each layout and each discard the deal is solved double dummy from the
declarer's opening lead.  A discard is valued by its average score for the declaring side: the
contract's value when the tricks reach it, minus it when they do not, as the bidding puzzles score a
call (:mod:`.auction`).

The discards valued are every three of the cards that are not a top trump (the joker, both bowers,
the ace of trumps); a top trump is valued by putting it in place of each card of the best discard in
turn.  A card's value is the best value of a discard that holds it.

The puzzle asks for one card that goes: ``best`` is the cards of the best discard (the solver's best:
every card whose best discard is worth the most; several when discards tie).  A position is a puzzle
when every other card's best discard is worth :data:`MARGIN` points less on average, and
:data:`SE_FACTOR` standard errors of the paired difference less, and the heuristic bot's discard
(keep trumps, aces and guarded kings; void a short side suit) throws a card that is not best: the
rule of thumb gets it wrong.  Everything is seeded: the same seed gives the same puzzle wherever DDS runs.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from ..actions import Discard
from ..analysis import Knowledge, public_history, sample_layouts
from ..bids import Bid
from ..bots import HeuristicBot, discards_for
from ..cards import JOKER, Card
from ..deal import AUCTION, KITTY, Deal
from ..rng import Random, derive_seed
from ..rules import Rules
from ..solver import Solver, dds
from .rating import initial_rating

__all__ = ["KITTY_KINDS", "LAYOUTS", "MARGIN", "SE_FACTOR", "THEME", "check_kitty_puzzle", "kitty_puzzle", "top_trumps"]

#: the kinds of puzzle decided at the kitty
KITTY_KINDS = ("kitty",)
#: layouts of the three hidden hands per deal (the same layouts value every discard)
LAYOUTS = 48
#: points on average the best discard must beat every discard holding another card by
MARGIN = 30
#: and this many standard errors of the paired difference
SE_FACTOR = 2.0
#: most cards a right answer may have: more and the puzzle says little
MOST_BEST = 4
THEME = "discarding"


def top_trumps(rules: Rules, contract: Bid) -> list[Card]:
    """The cards no discard throws: the joker, the bowers and the ace of trumps, in the order of their power.

    >>> from fivehundred_tutor import Rules
    >>> [str(c) for c in top_trumps(Rules(), Bid.parse("7H"))]
    ['Joker', 'J♥', 'J♦', 'A♥']
    """
    table = rules.table(contract)
    trumps = [c for c in rules.deck() if c is JOKER or table.suit_of[c.index] == table.trump]
    return sorted(trumps, key=lambda c: -table.power[c.index])[:4]


def _score(rules: Rules, contract: Bid, tricks: int) -> int:
    return rules.score(contract, tricks)[0]


def _knowledge(deal: Deal, seat: int) -> Knowledge:
    """What the declarer knows holding the kitty: the thirteen cards, and the auction (the view counts the kitty
    as a hidden pile of the kitty phase; it is in this hand now)."""
    view = {**deal.view(seat), "kitty": 0}
    return Knowledge.from_view(deal.rules, view, public_history(deal))


def _seed(seed: int) -> int:
    return derive_seed("puzzle-kitty-layouts", seed)


def value_discards(deal: Deal, layouts: int, seed: int) -> dict[tuple[Card, ...], list[int]]:
    """Every discard :func:`kitty_puzzle` values (see the module docstring), and the declaring side's tricks on each
    layout.  The discards are sorted tuples of cards (by the deck's order)."""
    rules, contract, seat = deal.rules, deal.contract, deal.declarer
    assert contract is not None and seat is not None
    hand = list(deal.hands[seat])
    top = set(top_trumps(rules, contract))
    order = {c: i for i, c in enumerate(rules.deck())}
    free = sorted((c for c in hand if c not in top), key=order.__getitem__)
    discards = [tuple(s) for s in itertools.combinations(free, rules.kitty_size)]
    lays = sample_layouts(_knowledge(deal, seat), layouts, Random(seed))
    solved = _solve(rules, hand, seat, contract, lays, discards)
    # the top trumps in place of each card of the best discard in turn
    means = {d: sum(_score(rules, contract, t) for t in solved[d]) for d in discards}
    best = max(discards, key=means.__getitem__)
    extra = []
    for card in sorted((c for c in hand if c in top), key=order.__getitem__):
        for out in best:
            extra.append(tuple(sorted([*(c for c in best if c != out), card], key=order.__getitem__)))
    solved.update(_solve(rules, hand, seat, contract, lays, extra))
    return solved


def _solve(
    rules: Rules, hand: list[Card], seat: int, contract: Bid, lays: list[dict[int, list[Card]]], discards: list[Any]
) -> dict[tuple[Card, ...], list[int]]:
    jobs = []
    for lay in lays:
        for discard in discards:
            hands = [list(lay.get(s, [])) for s in range(rules.players)]
            hands[seat] = [c for c in hand if c not in discard]
            jobs.append((hands, contract, seat, seat, None))
    if dds.available():
        values = dds.opening_tricks_many(rules, jobs)
    else:  # Pyodide: the pure-Python search (slow; the build makes the puzzles where DDS is)
        solver = Solver()
        values = [solver.solve(Deal.from_position(rules, dict(enumerate(h)), c, d, lead)) for h, c, d, lead, _j in jobs]
    n = len(discards)
    return {d: [values[i * n + j] for i in range(len(lays))] for j, d in enumerate(discards)}


def card_values(
    rules: Rules, contract: Bid, hand: Sequence[Card], solved: dict[tuple[Card, ...], list[int]]
) -> dict[Card, tuple[float, tuple[Card, ...]]]:
    """Per card of the hand: the best average score of a discard that throws it, and that discard."""
    out: dict[Card, tuple[float, tuple[Card, ...]]] = {}
    for discard, tricks in solved.items():
        mean = sum(_score(rules, contract, t) for t in tricks) / len(tricks)
        for card in discard:
            if card not in out or mean > out[card][0]:
                out[card] = (mean, discard)
    return {c: out[c] for c in hand if c in out}


def _clear(
    rules: Rules, contract: Bid, solved: dict[tuple[Card, ...], list[int]], values: dict[Card, tuple[float, Any]]
) -> tuple[list[Card], float] | None:
    """The best cards and the smallest margin over any other card, or None: no clear answer."""
    top = max(v for v, _d in values.values())
    best = [c for c, (v, _d) in values.items() if v == top]
    if len(best) > MOST_BEST:
        return None
    best_discard = values[best[0]][1]
    smallest = math.inf
    for card, (value, discard) in values.items():
        if card in best:
            continue
        gap = top - value
        diffs = [
            _score(rules, contract, a) - _score(rules, contract, b)
            for a, b in zip(solved[best_discard], solved[discard], strict=True)
        ]
        n = len(diffs)
        var = sum((x - gap) ** 2 for x in diffs) / n
        if gap < MARGIN or gap < SE_FACTOR * math.sqrt(var / n):
            return None
        smallest = min(smallest, gap)
    return best, smallest


def _to_kitty(seed: int) -> Deal | None:
    rules = Rules()
    deal = Deal.new(rules, seed=derive_seed("puzzle-kitty", seed), dealer=seed % rules.players)
    bot = HeuristicBot()
    while deal.phase == AUCTION:
        deal.push(bot.choose(deal))
    contract = deal.contract
    if deal.phase != KITTY or contract is None or contract.trump is None or contract.is_misere:
        return None
    return deal


def kitty_puzzle(seed: int, *, layouts: int = LAYOUTS) -> dict[str, Any] | None:
    """The kitty puzzle of deal ``seed`` (None: the auction ends in no trumps, misère or nothing, or no clear
    answer, or the rule of thumb finds it)."""
    deal = _to_kitty(seed)
    if deal is None:
        return None
    rules, contract, seat = deal.rules, deal.contract, deal.declarer
    assert contract is not None and seat is not None
    hand = list(deal.hands[seat])
    thumb = discards_for(rules, hand, contract, rules.kitty_size)
    solved = value_discards(deal, layouts, _seed(seed))
    values = card_values(rules, contract, hand, solved)
    clear = _clear(rules, contract, solved, values)
    if clear is None:
        return None
    best, gap = clear
    if all(c in best for c in thumb):
        return None  # the rule of thumb throws best cards only: nothing to learn
    return _record(deal, seed, layouts, solved, values, best, gap, thumb)


def _key(discard: Sequence[Card]) -> str:
    return " ".join(c.code for c in discard)


def _figure(rules: Rules, contract: Bid, tricks: list[int]) -> dict[str, float]:
    n = len(tricks)
    return {
        "mean": round(sum(_score(rules, contract, t) for t in tricks) / n),
        "make": round(100 * sum(t >= contract.tricks for t in tricks) / n),
        "tricks": round(sum(tricks) / n, 1),
    }


def _record(
    deal: Deal,
    seed: int,
    layouts: int,
    solved: dict[tuple[Card, ...], list[int]],
    values: dict[Card, tuple[float, tuple[Card, ...]]],
    best: list[Card],
    gap: float,
    thumb: list[Card],
) -> dict[str, Any]:
    rules, contract, seat = deal.rules, deal.contract, deal.declarer
    assert contract is not None and seat is not None
    order = {c: i for i, c in enumerate(rules.deck())}
    best_discard = values[best[0]][1]
    thumb_discard = tuple(sorted(thumb, key=order.__getitem__))
    shown = {best_discard, *(d for _v, d in values.values())}
    if thumb_discard in solved:
        shown.add(thumb_discard)
    fails = ["heuristic"]
    # close answers are harder; so is a best answer the rule of thumb would never give (a trump, a guarded king)
    rating = initial_rating(fails=fails, depth=0, classes=len(values) - len(best) + 1, themes=(THEME,))
    rating += 60 if gap < 60 else 0
    return {
        "id": f"kitty-{seed}-{len(deal.history)}",
        "kind": "kitty",
        "level": "heuristic",
        "record": deal.to_dict(),
        "seat": seat,
        "values": {Discard(c).code: round(v) for c, (v, _d) in values.items()},
        "best": sorted(Discard(c).code for c in best),
        "themes": [THEME],
        "rating": rating,
        "lines": {},
        "fails": fails,
        "depth": 0,
        "heuristic": _key(thumb_discard),
        "thumb": None,
        "figures": {
            "layouts": layouts,
            "seed": _seed(seed),
            "best_discard": _key(best_discard),
            "discard_of": {c.code: _key(d) for c, (_v, d) in values.items()},
            "discards": {_key(d): _figure(rules, contract, solved[d]) for d in sorted(shown)},
        },
    }


def check_kitty_puzzle(puzzle: Any) -> str | None:
    """None when solving the puzzle's layouts again gives its values and its best cards; else what differs."""
    deal = puzzle.deal
    if deal.phase != KITTY or deal.declarer != puzzle.seat or deal.to_move != puzzle.seat:
        return f"{puzzle.id}: not the declarer's discard"
    layouts, seed = int(puzzle.figures["layouts"]), int(puzzle.figures["seed"])
    rules, contract = deal.rules, deal.contract
    hand = list(deal.hands[puzzle.seat])
    solved = value_discards(deal, layouts, seed)
    values = card_values(rules, contract, hand, solved)
    found = {Discard(c).code: round(v) for c, (v, _d) in values.items()}
    if found != dict(puzzle.values):
        return f"{puzzle.id}: the discards' values changed: {found} (bank: {dict(puzzle.values)})"
    clear = _clear(rules, contract, solved, values)
    codes = None if clear is None else sorted(Discard(c).code for c in clear[0])
    if codes != sorted(puzzle.best_codes):
        return f"{puzzle.id}: the best cards are {codes}, not {sorted(puzzle.best_codes)}"
    return None
