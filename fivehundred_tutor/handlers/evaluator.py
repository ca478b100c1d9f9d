"""The hand evaluator: the learner estimates a hand's tricks in each denomination; a double-dummy
simulation answers (the hand fixed, the other cards dealt many times, each layout solved).

The book case first: :func:`evaluator_model` deals a bank of hands and simulates each one at build
time (``layouts`` deals of the other cards each), so the static page judges with no Python at all:
every hand carries, per denomination, the distribution of tricks, the average, the chance of making
each number of tricks, the chapter's rule-of-thumb count in words, and the whole estimates judged
right (:data:`TOLERANCE` tricks either side of the average).  The front end only looks these up
and draws them.

Live (the JupyterLab kernel, and the live book's worker, which calls the same dispatcher)::

    new_hand   deal a new hand; simulate it now when the solver is fast (DDS), else leave it to
               ``simulate`` (pure Python: one layout and denomination at a time, so no request
               runs long and the simulation goes on while the learner thinks)
    simulate   {"index": i}: the next layouts of hand i, for at most BUDGET seconds
    judge      {"index": i, "estimates": {"S": 7, …, "NT": 5}}: the verdict
               (the same look-up the front end makes), recorded in ``judged``

Misère is not asked: a double-dummy defender sees the declarer's cards, so every simulated misère
is an open misère, and the simulation would call the chapter's sound misère hands unsafe (its
example makes in 10% of 20 layouts) — it would teach the wrong thing.

Where the search is slow (no DDS: JupyterLite's Pyodide, a plain-Python kernel), a cell that builds the
evaluator is given a time ``budget`` (:data:`CELL_BUDGET` from the widget): hands the book build simulated
are taken from what it saved (:data:`SAVED_HANDS`: the JupyterLite site's wheel carries the chapters' hands,
written by :mod:`fivehundred_tutor.bookbuild.lite`), and any other hand is planned as a new hand is live
(:data:`LIVE_LAYOUTS` layouts, one unit at a time): what the budget leaves undone the front end asks for
with ``simulate`` while the learner reads and types.

A hand simulated in chunks gets chunk ``c`` from ``simulate(..., layouts=chunk, seed=seed + c)``:
one chunk of all its layouts (the book, and the kernel with DDS) is exactly
``analysis.simulate(rules, seat, hand, layouts=n, seed=seed)``.

>>> from fivehundred_tutor.rules import Rules
>>> from fivehundred_tutor.cards import parse_cards
>>> parts = count_parts(Rules(), parse_cards("JK JH JD AH KH 9H AS 7C 5D 6S"), "H")
>>> [words for words, _ in parts][:3]
['the joker', 'J♥ (right bower)', 'J♦ (left bower)']
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from ..analysis import Simulation, simulate
from ..bidding_standard import (
    COUNT_VALUES,
    HandJudge,
    count,
    count_items,
    estimate_tricks,
    expected_support,
    partner_share,
    rounded,
    trumps_needed,
)
from ..bids import Bid
from ..cards import ACE, Card, Suit, display_order, short_names
from ..i18n import decimal, ngettext, pgettext
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..rng import Random
from ..rules import Rules
from ..saved import saved_file
from ..solver import dds
from .fields import Handler, RequestError, int_field, widget_state
from .models import MODEL_VERSION
from .quiz import preset_title

__all__ = [
    "BOOK_LAYOUTS",
    "BUDGET",
    "CELL_BUDGET",
    "DENOMINATIONS",
    "HANDLERS",
    "KERNEL_LAYOUTS",
    "LIVE_LAYOUTS",
    "PRINCIPLE",
    "SAVED_HANDS",
    "TOLERANCE",
    "count_parts",
    "evaluator_model",
    "hand_item",
    "judge",
    "saved_hand_key",
    "saved_hands",
    "simulate_more",
]

#: an estimate this many tricks from the simulated average (or closer) is judged right
TOLERANCE = 1.0
#: layouts per hand in the book (simulated at build time)
BOOK_LAYOUTS = 200
#: layouts per new hand in the JupyterLab kernel with DDS (bench/bench_evaluator.py: ≤ 2 s)
KERNEL_LAYOUTS = 60
#: layouts per new hand in pure Python (the live book's worker, a kernel without DDS): about 4 s of
#: CPU a layout in CPython (bench/bench_evaluator.py), more under Pyodide, so a rough guide only
LIVE_LAYOUTS = 5
#: seconds of simulation one ``simulate`` request may spend (pure Python; a unit may run over)
BUDGET = 1.5
#: seconds a cell that builds the evaluator may simulate where the search is slow (no DDS); the rest goes on
#: in the background (the front end's ``simulate`` requests)
CELL_BUDGET = 2.0
#: hands the book build simulated, saved for a host where the search is slow (only the JupyterLite site's wheel
#: has this file): ``{"hands": {saved_hand_key(...): {denomination: [layouts with t tricks, t = 0..]}}}``
SAVED_HANDS = Path(__file__).resolve().parents[1] / "data" / "saved-hands.json"
#: the hint that comes first: a principle, not this hand's answer
_SUIT_DENOMINATIONS = ("S", "C", "D", "H")
#: what the learner estimates: the four suits as trumps, and no trumps
DENOMINATIONS = (*_SUIT_DENOMINATIONS, "NT")
_LABELS = {"S": "\u2660", "C": "\u2663", "D": "\u2666", "H": "\u2665", "NT": N_("No trumps")}
_WORDS = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts", "NT": N_("no trumps")}


def _label(denomination: str) -> str:
    """A denomination as the widget labels it: "♠", "No trumps" (in the reader's language)."""
    return _(_LABELS["NT"]) if denomination == "NT" else _LABELS[denomination]


def _words(denomination: str) -> str:
    """A denomination in words: "spades", "no trumps" (in the reader's language)."""
    return _(_WORDS["NT"]) if denomination == "NT" else Suit.parse(denomination).local_name


def _contract(denomination: str) -> Bid:
    return Bid.no_trumps(7) if denomination == "NT" else Bid.suit(7, Suit.parse(denomination))


def _cards(cards: Sequence[Card]) -> str:
    return short_names(cards)


def _number(words: float) -> str:
    """0.85 → '0.85', 2.0 → '2': a count as a learner reads it (``0,85`` in Polish and Italian)."""
    return decimal(words, 2, trim=True)


_FRACTIONS = {0.25: "\u00bc", 0.5: "\u00bd", 0.75: "\u00be"}


def said(value: float) -> str:
    """A count as a player says it: to the nearest quarter of a trick, in whole numbers and ¼ ½ ¾.

    >>> [said(v) for v in (0.85, 0.4, 1.0, 2.4, 2.3, 7.3, 9.6, -1.4, 0.1)]
    ['¾', '½', '1', '2½', '2¼', '7¼', '9½', 'minus 1½', '0']
    """
    quarters = round(abs(value) * 4)
    whole, part = divmod(quarters, 4)
    text = (str(whole) if whole or not part else "") + _FRACTIONS.get(part / 4, "")
    # Translators: a count below nothing, "minus 1½"
    return _("minus {n}").format(n=text) if value < 0 and quarters else text


def said_about(value: float) -> str:
    """A total as a player says it: to the nearest half trick ("about 7", "about 9½").

    >>> [said_about(v) for v in (7.2, 9.6, 2.3, 0.2, 0.4)]
    ['7', '9½', '2½', '0', '½']
    """
    halves = round(max(0.0, value) * 2)
    return str(halves // 2) if halves % 2 == 0 else (f"{halves // 2}\u00bd" if halves > 1 else "\u00bd")


def times_in(hits: int, out_of: int) -> str:
    """A chance as a player says it, in small numbers: 13 in 33 → "about 2 times in 5".

    >>> times_in(13, 33), times_in(1, 2), times_in(30, 33)
    ('about 2 times in 5', 'about 1 time in 2', 'about 9 times in 10')
    """
    n, d = _small_odds(hits / out_of)
    return ngettext("about {n} time in {d}", "about {n} times in {d}", n).format(n=n, d=d)


def _small_odds(share: float) -> tuple[int, int]:
    """The nearest chance in small numbers, (n, d) for "n times in d": 0.345 → (1, 3)."""
    return min(((n, d) for d in (2, 3, 4, 5, 10) for n in range(1, d)), key=lambda nd: abs(nd[0] / nd[1] - share))


def _tricks(value: float) -> str:
    """ "about 7 tricks", "about 1 trick", "about ½ a trick", "nothing" """
    return _tricks_said(said_about(value))


def _tricks_said(text: str) -> str:
    if text == "0" or not (text[:1].isdigit() or text[:1] in _FRACTIONS.values()):  # "0", "minus 1½"
        # Translators: tricks a hand is worth or partner and the kitty bring: none
        return pgettext("tricks worth", "nothing")
    if text == "\u00bd":
        return _("about \u00bd a trick")
    if not text.isdigit():
        # Translators: tricks a hand is worth, with a fraction: "about 2½ tricks"
        return pgettext("a fraction of tricks", "about {n} tricks").format(n=text)
    return ngettext("about {n} trick", "about {n} tricks", int(text)).format(n=text)


def quarters_total(values: Sequence[float]) -> float:
    """The sum of ``values`` each said to the nearest quarter (:func:`said`): the total a reader adds up from
    the parts as they are written.

    >>> quarters_total([1.0, 0.85, 0.75, 3.2, 0.9, 0.4, 0.6])  # the parts said 1, ¾, ¾, 3¼, 1, ½, ½
    7.75
    """
    return sum(round(abs(v) * 4) / 4 * (1 if v >= 0 else -1) for v in values)


def _listed(items: Sequence[str]) -> str:
    """ "a, b and c" """
    if len(items) == 1:
        return items[0]
    # Translators: the end of a list, "a, b and c": {items} is "a, b"
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def _both(items: Sequence[str]) -> str:
    """ "♠ and ♥", "♠ and ♥ and ♦" (suit symbols)"""
    text = items[0]
    for item in items[1:]:
        # Translators: suit symbols, "♠ and ♥"
        text = _("{first} and {second}").format(first=text, second=item)
    return text


def principle(rules: Rules) -> str:
    """The hint that comes first: how to count (the book's bidding standard), not this hand's answer."""
    v = COUNT_VALUES
    values = {
        "joker": _number(v["joker"]),
        "left": _number(v["left bower"]),
        "ace": _number(v["trump ace"]),
        "length": _number(v["trump length"]),
        "side_ace": _number(v["side ace"]),
        "ace_king": _number(v["side ace-king"]),
        "support": _number(expected_support(rules)),
    }
    if partner_share(rules):
        # Translators: the count of a hand's tricks; the placeholders are numbers of tricks (0.85, 2.3)
        text = _(
            "Count trumps first: the joker and the right bower ({joker} each), the left bower ({left}), the ace "
            "({ace}); then {length} for each trump beyond the third; then side aces ({side_ace}, an ace\u2013king "
            "{ace_king}). Partner and the kitty add about {support} more."
        )
    else:
        text = _(
            "Count trumps first: the joker and the right bower ({joker} each), the left bower ({left}), the ace "
            "({ace}); then {length} for each trump beyond the third; then side aces ({side_ace}, an ace\u2013king "
            "{ace_king}). The kitty adds about {support} more."
        )
    return text.format(**values)


PRINCIPLE = principle(Rules())


def _friendly_share(rules: Rules, seat: int) -> tuple[int, int]:
    """(places on the bidder's side or in the kitty, all unseen places) for one unseen card."""
    partners = sum(1 for s in range(rules.players) if s != seat and rules.side_of(s) == rules.side_of(seat))
    unseen = (rules.players - 1) * rules.hand_size + rules.kitty_size
    return partners * rules.hand_size + rules.kitty_size, unseen


def count_parts(rules: Rules, hand: Sequence[Card], denomination: str, seat: int = 0) -> list[tuple[str, float]]:
    """The book's count of ``hand``'s own tricks in ``denomination``
    (:func:`~fivehundred_tutor.bidding_standard.count_items`), item by item in words: (words, tricks)."""
    friendly, unseen = _friendly_share(rules, seat)
    parts: list[tuple[str, float]] = []
    for item in count_items(rules, hand, _contract(denomination)):
        cards, kind = item.cards, item.kind
        card = cards[0].short_name if cards else ""
        if kind in ("joker", "nt joker"):
            # Translators: the parts of a hand's count, each followed by its tricks ("the joker 1")
            words = _("the joker")
        elif kind == "right bower":
            words = _("{card} (right bower)").format(card=card)
        elif kind == "left bower":
            words = _("{card} (left bower)").format(card=card)
        elif kind == "left bower alone":
            words = _("{card} (left bower, alone: it may be caught)").format(card=card)
        elif kind == "trump ace alone":
            words = _("{card} (alone)").format(card=card)
        elif kind == "trump length":
            n = 3 + len(cards)
            words = ngettext("length ({n} trump)", "length ({n} trumps)", n).format(n=n)
        elif kind == "nt length":
            # Translators: a long suit in no trumps: "length (5 spades)"
            words = _("length ({n} {suit})").format(n=4 + len(cards), suit=item.suits[0].local_name)
        elif kind == "guarded king":
            ace = str(Card(ACE, cards[0].suit))
            if friendly > rules.kitty_size:
                # Translators: {card} a king, {ace} its ace (card notation); {chance} "about 2 times in 5"
                words = _("{card} with the {ace} out (the {ace} is with partner or in the kitty {chance})")
            else:
                words = _("{card} with the {ace} out (the {ace} is in the kitty {chance})")
            words = words.format(card=card, ace=ace, chance=times_in(friendly, unseen))
        elif kind == "nt guarded king":
            words = _("{card} (guarded)").format(card=card)
        elif kind == "void":
            # Translators: {suits} suit symbols, "♠ and ♥"
            words = _("a void in {suits} to trump").format(suits=_both([s.symbol for s in item.suits]))
        elif kind == "nt no stopper":
            words = _("no stopper in {suits} (the others can run it)").format(
                suits=" ".join(s.symbol for s in item.suits)
            )
        else:  # an ace, an ace–king, a king of trumps: the cards say it
            words = short_names(cards)
        parts.append((words, item.tricks))
    return parts


def _reason(
    rules: Rules, hand: Sequence[Card], denomination: str, mean: float, seat: int, chance: Sequence[float] = ()
) -> str:
    """The chapter's count in words, how the layouts differ from it, and the bid it is worth (``chance``: the
    layouts' chance of each number of tricks, when known: a sound bid they make less often than not is said)."""
    parts = count_parts(rules, hand, denomination, seat)
    own = estimate_tricks(rules, hand, _contract(denomination))
    support = expected_support(rules)
    # Translators: what a hand is counted for: "no trumps", "hearts as trumps"
    what = _("no trumps") if denomination == "NT" else _("{suit} as trumps").format(suit=_words(denomination))
    if parts:
        # the total is the sum of the parts as written (each to the nearest quarter), so that they add up
        items = _listed([f"{words} {said(value)}" for words, value in parts])
        said_total = said(quarters_total([value for _words, value in parts]))
        total = _tricks_said(said_total)
        nothing = total == pgettext("tricks worth", "nothing")
        if len(parts) > 1 and nothing:
            text = _("Counting {what}, your own cards are worth nothing (each part to the nearest quarter): {items}.")
        elif len(parts) > 1:
            # Translators: {what} "hearts as trumps"; {total} "about 7 tricks"; {items} the parts, each with its tricks
            text = _("Counting {what}, your own cards are worth {total} (each part to the nearest quarter): {items}.")
        elif nothing:
            text = _("Counting {what}, your own cards are worth nothing: {items}.")
        else:
            text = _("Counting {what}, your own cards are worth {total}: {items}.")
        sentence = text.format(what=what, total=total, items=items)
    else:
        sentence = _("Counting {what}, your own cards have nothing that wins a trick by itself.").format(what=what)
    friendly, _unseen = _friendly_share(rules, seat)
    partner = friendly > rules.kitty_size
    brought = mean - own
    allows = said(support)  # to the nearest quarter, as the parts: own parts + this = the count
    values = {"tricks": _tricks(brought), "allows": allows}
    if denomination == "NT" or own < 0:
        # the gap is not what partner and the kitty bring: the simulation plays no trumps its own way
        sentence += " " + _simulation_words(rules, hand, denomination, mean)
    elif abs(brought - support) < 0.75:
        # Translators: {tricks} "about 2 tricks", "nothing"
        text = (
            _("Partner and the kitty bring {tricks} more, as the count allows.")
            if partner
            else _("The kitty brings {tricks} more, as the count allows.")
        )
        sentence += " " + text.format(**values)
    elif brought > support:
        # Translators: {tricks} "about 2 tricks"; {allows} a number of tricks, "1½"
        text = (
            _(
                "In these deals partner and the kitty bring {tricks} more: better than the {allows} the count allows for."
            )
            if partner
            else _("In these deals the kitty brings {tricks} more: better than the {allows} the count allows for.")
        )
        sentence += " " + text.format(**values)
    elif _said_nothing(brought):
        text = (
            _("In these deals partner and the kitty bring nothing more: less than the {allows} the count allows for.")
            if partner
            else _("In these deals the kitty brings nothing more: less than the {allows} the count allows for.")
        )
        sentence += " " + text.format(**values)
    else:
        text = (
            _(
                "In these deals partner and the kitty bring only {tricks} more: less than the {allows} "
                "the count allows for."
            )
            if partner
            else _("In these deals the kitty brings only {tricks} more: less than the {allows} the count allows for.")
        )
        sentence += " " + text.format(**values)
    return sentence + _bid_words(rules, hand, denomination) + _disagreement(rules, hand, denomination, chance)


def _said_nothing(value: float) -> bool:
    """Whether :func:`_tricks` says ``value`` as "nothing"."""
    text = said_about(value)
    return text == "0" or text.startswith("minus")


def _simulation_words(rules: Rules, hand: Sequence[Card], denomination: str, mean: float) -> str:
    """No trumps (or a count below nothing): what the simulation assumes, and how the whole count compares
    with its average; the difference is never put down to partner and the kitty."""
    whole = count(rules, hand, _contract(denomination))
    values = {"mean": said_about(mean), "count": rounded(whole)}  # the count rounded as the standard rounds it
    if denomination == "NT":
        assumes = _(
            "In no trumps the simulation lets the joker's holder name its suit before play, and every card is seen."
        )
    else:
        assumes = _("The simulation sees every card.")
    if abs(mean - whole) < 0.75:
        compared = _("In these deals it averaged about {mean} tricks, close to the count's total, about {count}.")
    elif mean > whole:
        compared = _(
            "In these deals it averaged about {mean} tricks, more than the count's total, about {count}: "
            "the count is more cautious, and you bid without seeing the other hands."
        )
    else:
        compared = _("In these deals it averaged only about {mean} tricks, less than the count's total, about {count}.")
    return assumes + " " + compared.format(**values)


def _disagreement(rules: Rules, hand: Sequence[Card], denomination: str, chance: Sequence[float]) -> str:
    """When the count's highest sound bid was made in fewer than half of the deals (so it lost points on
    average: long trumps, each counted in full): say so, and name the bid that scored best in these deals."""
    judge = HandJudge(rules, hand)
    sound = [t for t in range(6, 11) if judge.is_sound(Bid.parse(f"{t}{denomination}"))]
    if not sound or len(chance) <= sound[-1] or chance[sound[-1]] >= 0.5:
        return ""
    level = sound[-1]

    exactly = [chance[t] - (chance[t + 1] if t + 1 < len(chance) else 0.0) for t in range(len(chance))]

    def average_score(t: int) -> float:  # your side's score for the bid, over these deals
        bid = Bid.parse(f"{t}{denomination}")
        return sum(share * rules.score(bid, tricks)[0] for tricks, share in enumerate(exactly))

    best = max(range(6, level), key=average_score, default=None)
    n, d = _small_odds(chance[level])
    values = {
        "bid": str(Bid.parse(f"{level}{denomination}")),
        "tricks": level,
        "times": ngettext("about {n} time in {d}", "about {n} times in {d}", n).format(n=n, d=d),
    }
    if best is not None and average_score(best) > 0:
        return " " + _(
            "But the count is too hopeful here: in these deals {tricks} tricks came only {times}, so {bid} "
            "would be set more often than made. Bid {best}, the bid that scored best over these deals."
        ).format(best=str(Bid.parse(f"{best}{denomination}")), **values)
    return " " + _(
        "But the count is too hopeful here: in these deals {tricks} tricks came only {times}, so {bid} "
        "would be set more often than made, and no lower bid scored points over these deals."
    ).format(**values)


def _bid_words(rules: Rules, hand: Sequence[Card], denomination: str) -> str:
    """What the book's bidding standard makes of the count: the highest sound bid, or why there is none."""
    judge = HandJudge(rules, hand)
    bids = [Bid.parse(f"{t}{denomination}") for t in range(6, 11)]
    sound = [b for b in bids if judge.is_sound(b)]
    if sound:
        top = sound[-1]
        reach = min(rounded(judge.count(top)), bids[-1].tricks)
        higher = Bid.parse(f"{top.tricks + 1}{denomination}") if top.tricks < reach else None
        why = judge.shape_problem(higher) if higher is not None else None
        if higher is not None and why is not None:  # the count reaches higher, the hand's shape does not
            if higher.trump is not None:
                have, want = judge.trumps(higher), trumps_needed(higher.tricks)
                # Translators: {bid} a bid (7♥) that needs {want} trumps
                why = ngettext(
                    "{bid} wants {want} trump and this hand has {have}",
                    "{bid} wants {want} trumps and this hand has {have}",
                    want,
                ).format(bid=str(higher), want=want, have=have)
            # Translators: {count} a number of tricks; {reach} and {top} bids (8♥); {why} why the higher bid is not sound
            return " " + _(
                "By the book's bidding standard the count, about {count}, would reach {reach}, but {why}: "
                "the highest sound bid is {top}."
            ).format(
                count=rounded(judge.count(top)), reach=str(Bid.parse(f"{reach}{denomination}")), why=why, top=str(top)
            )
        return " " + _("By the book's bidding standard the count, about {count}, is enough to bid {top}.").format(
            count=rounded(judge.count(top)), top=str(top)
        )
    first = bids[0]
    # the count falls short (not the shape: too few trumps, no joker or aces): that count said as a player says it
    if judge.shape_problem(first) is None:
        values = {"bid": str(first), "need": judge.need(first), "count": said_about(judge.count(first))}
        if partner_share(rules):
            text = _(
                "By the book's bidding standard that is no bid: {bid} needs a count of {need}, "
                "and with partner and the kitty this hand counts about {count}."
            )
        else:
            text = _(
                "By the book's bidding standard that is no bid: {bid} needs a count of {need}, "
                "and with the kitty this hand counts about {count}."
            )
        return " " + text.format(**values)
    # Translators: {problem} why the bid is not sound
    return " " + _("By the book's bidding standard that is no bid: {problem}.").format(problem=judge.problem(first))


def _right_range(mean: float, tricks: int) -> list[int]:
    """The whole estimates judged right: within TOLERANCE of the average (at least the nearest one)."""
    lo = max(0, int(-(-(mean - TOLERANCE) // 1)))
    hi = min(tricks, int((mean + TOLERANCE) // 1))
    if lo > hi:
        lo = hi = min(tricks, max(0, round(mean)))
    return [lo, hi]


def _denomination_result(rules: Rules, counts: Mapping[int, int]) -> dict[str, Any]:
    n = rules.hand_size
    dist = [int(counts.get(t, 0)) for t in range(n + 1)]
    total = max(1, sum(dist))
    mean = sum(t * k for t, k in enumerate(dist)) / total
    chance = [round(sum(dist[t:]) / total, 3) for t in range(n + 1)]
    return {"dist": dist, "mean": round(mean, 2), "chance": chance, "right": _right_range(mean, n)}


def _fill(rules: Rules, item: dict[str, Any], hand: Sequence[Card], seat: int) -> None:
    """(Re)compute an item's averages, chances, right answers, words and hints from its counts."""
    results = item["results"]
    for d, res in results.items():
        res.update(_denomination_result(rules, dict(enumerate(res["dist"]))))
        res["reason"] = _reason(rules, hand, d, res["mean"], seat, res["chance"])
        res["count"] = count(rules, hand, _contract(d))
    counts = ", ".join(f"{_label(d)} {_number(results[d]['count'])}" for d in results)
    if partner_share(rules):
        # Translators: {counts} "♠ 4.5, ♣ 3, …, No trumps 5"
        hint = _("The chapter's count for this hand, with partner and the kitty: {counts}.")
    else:
        hint = _("The chapter's count for this hand, with the kitty: {counts}.")
    item["hints"] = [principle(rules), hint.format(counts=counts)]


def _empty_item(rules: Rules, seed: int, seat: int, layouts: int, chunk: int) -> tuple[dict[str, Any], list[Card]]:
    hand = _deal_hand(rules, seed, seat)
    shown = display_order(hand)
    item: dict[str, Any] = {
        "id": f"hand-{seed}",
        "seed": seed,
        "cards": [c.code for c in shown],
        "label": ", ".join(c.name for c in shown),
        "layouts": layouts,
        "chunk": chunk,
        "units": 0,
        "done": 0,
        "ready": False,
        "results": {d: {"dist": [0] * (rules.hand_size + 1)} for d in (*_SUIT_DENOMINATIONS, "NT")},
        "hints": [],
    }
    _fill(rules, item, hand, seat)
    return item, hand


def _worth_judging(rules: Rules, hand: Sequence[Card]) -> bool:
    """A hand a player would stop to think about: some denomination near a bid, not a plain pass."""
    return max(count(rules, hand, _contract(d)) for d in (*_SUIT_DENOMINATIONS, "NT")) >= 6.0


def _deal_hand(rules: Rules, seed: int, seat: int) -> list[Card]:
    """``seat``'s hand of a seeded shuffle; seeds in turn until a hand worth judging (seeded, repeatable)."""
    del seat  # every seat's hand is a random hand: the first ten cards of the shuffle
    for step in range(50):
        deck = list(rules.deck())
        Random(seed * 100 + step).shuffle(deck)
        hand = deck[: rules.hand_size]
        if _worth_judging(rules, hand):
            return hand
    return hand


def _apply(rules: Rules, item: dict[str, Any], sim: Simulation) -> None:
    for d, counter in sim.tricks.items():
        for t, k in counter.items():
            item["results"][d]["dist"][t] += k


def simulate_more(rules: Rules, item: dict[str, Any], seat: int, budget: float | None = None) -> dict[str, Any]:
    """Go on simulating ``item`` (a copy is returned): whole chunks of all denominations at once
    when ``budget`` is None, else one (chunk, denomination) unit at a time until ``budget`` seconds."""
    item = {**item, "results": {d: dict(r) for d, r in item["results"].items()}}
    item["results"] = {d: {**r, "dist": list(r["dist"])} for d, r in item["results"].items()}
    hand = [Card.parse(c) for c in item["cards"]]
    dens = DENOMINATIONS
    chunks = -(-int(item["layouts"]) // int(item["chunk"]))
    total_units = chunks * len(dens)
    started = time.perf_counter()
    units = int(item["units"])
    while units < total_units:
        c = units // len(dens)
        size = min(int(item["chunk"]), int(item["layouts"]) - c * int(item["chunk"]))
        if budget is None:
            todo = dens[units % len(dens) :]
        else:
            todo = (dens[units % len(dens)],)
        sim = simulate(rules, seat, hand, layouts=size, seed=int(item["seed"]) + c, denominations=todo)
        _apply(rules, item, sim)
        units += len(todo)
        if budget is not None and time.perf_counter() - started >= budget:
            break
    item["units"] = units
    item["done"] = min(int(item["layouts"]), (units // len(dens)) * int(item["chunk"]))
    item["ready"] = units >= total_units
    _fill(rules, item, hand, seat)
    return item


def hand_item(rules: Rules, seed: int, *, layouts: int, chunk: int | None = None, seat: int = 0) -> dict[str, Any]:
    """A hand and its whole simulation (``layouts`` deals of the other cards; one chunk by default)."""
    item, _hand = _empty_item(rules, seed, seat, layouts, chunk or layouts)
    return simulate_more(rules, item, seat)


def saved_hand_key(rules: Rules | Mapping[str, Any], seed: int, layouts: int, seat: int) -> str:
    """The name under which a hand's whole simulation is saved: the rules, the hand's seed, layouts and seat."""
    data = rules.to_dict() if isinstance(rules, Rules) else dict(rules)
    text = json.dumps([data, int(seed), int(layouts), int(seat)], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def saved_hands(models: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """What :data:`SAVED_HANDS` holds for the evaluator ``models`` (the chapters' saved widget state): every
    simulated hand's counts under its :func:`saved_hand_key`."""
    hands: dict[str, dict[str, list[int]]] = {}
    for model in models:
        for item in model.get("hands", []):
            if item.get("ready") and int(item.get("done", 0)) == int(item.get("layouts", -1)):
                key = saved_hand_key(model["rules"], item["seed"], item["layouts"], model["seat"])
                hands[key] = {d: [int(k) for k in r["dist"]] for d, r in item["results"].items()}
    return {"version": MODEL_VERSION, "hands": dict(sorted(hands.items()))}


@cache
def _saved(path: Path) -> Mapping[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    hands = data.get("hands") if isinstance(data, dict) and data.get("version") == MODEL_VERSION else None
    return hands if isinstance(hands, dict) else {}


def _saved_item(rules: Rules, seed: int, layouts: int, seat: int, path: Path) -> dict[str, Any] | None:
    """The hand the book build simulated (its counts from ``path``), or None when it did not."""
    counts = _saved(path).get(saved_hand_key(rules, seed, layouts, seat))
    if not isinstance(counts, dict) or set(counts) != set(DENOMINATIONS):
        return None
    item, hand = _empty_item(rules, seed, seat, layouts, layouts)
    for d, dist in counts.items():
        if not isinstance(dist, list) or len(dist) != rules.hand_size + 1 or sum(dist) != layouts:
            return None
        item["results"][d]["dist"] = [int(k) for k in dist]
    item.update(units=len(DENOMINATIONS), done=layouts, ready=True)
    _fill(rules, item, hand, seat)
    return item


def _hands(
    rules: Rules, seed: int, hands: int, layouts: int, seat: int, budget: float | None, saved: Path
) -> list[dict[str, Any]]:
    """The model's hands: saved ones as the build simulated them; the others whole (no ``budget``), or planned
    as live new hands and simulated for at most ``budget`` seconds in all (the front end asks for the rest)."""
    started = time.perf_counter()
    out = []
    for i in range(hands):
        item = _saved_item(rules, seed + i, layouts, seat, saved_file(saved))
        if item is not None:
            pass
        elif budget is None:
            item = hand_item(rules, seed + i, layouts=layouts, seat=seat)
        else:
            item, _hand = _empty_item(rules, seed + i, seat, min(layouts, LIVE_LAYOUTS), 1)
            left = budget - (time.perf_counter() - started)
            if left > 0:
                item = simulate_more(rules, item, seat, left)
        out.append(item)
    return out


def _prompt(rules: Rules, seat: int) -> str:
    """The question, in the learner's words."""
    n = rules.kitty_size
    words = {
        1: pgettext("cards thrown away", "one"),
        2: pgettext("cards thrown away", "two"),
        3: pgettext("cards thrown away", "three"),
        4: pgettext("cards thrown away", "four"),
        5: pgettext("cards thrown away", "five"),
    }
    throw = words.get(n, str(n))
    if rules.partnerships and rules.players > 3:
        # Translators: {throw} a number in words ("three"), the cards the declarer throws away from the kitty
        text = ngettext(
            "You sit {seat} and would declare: you take the kitty, throw away {throw} cards, "
            "and lead. How many tricks would your side take with each of these as trumps?",
            "You sit {seat} and would declare: you take the kitty, throw away {throw} cards, "
            "and lead. How many tricks would your side take with each of these as trumps?",
            n,
        )
    else:
        text = ngettext(
            "You sit {seat} and would declare: you take the kitty, throw away {throw} cards, "
            "and lead. How many tricks would you take with each of these as trumps?",
            "You sit {seat} and would declare: you take the kitty, throw away {throw} cards, "
            "and lead. How many tricks would you take with each of these as trumps?",
            n,
        )
    return text.format(seat=rules.local_seat_name(seat), throw=throw)


def evaluator_model(
    rules: Rules,
    *,
    hands: int = 6,
    seed: int = 1,
    layouts: int = BOOK_LAYOUTS,
    title: str | None = None,
    budget: float | None = None,
    saved: Path = SAVED_HANDS,
) -> dict[str, Any]:
    """The widget's model: ``hands`` hands for seat 0 (North), each simulated over ``layouts`` layouts.

    Hands found in ``saved`` (the book build's) are not simulated again.  With a ``budget`` (seconds) the
    others are live new hands (:data:`LIVE_LAYOUTS` layouts, not ready until the front end's ``simulate``
    requests finish them) and no more than ``budget`` seconds are spent on them here.  ``title``: "Judge a hand"
    (in the reader's language) by default."""
    if rules.players == 2:
        raise ValueError("the hand evaluator needs hidden hands to deal: not the 2-player game")
    if rules.players > 4:
        # measured: one 6-player layout takes ~23 s to solve in Python, a 5-player one ~100 s (no DDS for them)
        raise ValueError(
            f"the hand evaluator solves every layout exactly, which takes minutes with {rules.players} players; "
            "use it with the 3- or 4-player rules"
        )
    if hands < 1:
        raise ValueError("the hand evaluator needs at least one hand")
    if not 1 <= layouts <= 2000:
        raise ValueError(f"layouts must be between 1 and 2000, got {layouts}")
    seat = 0
    return {
        "version": MODEL_VERSION,
        "title": _("Judge a hand") if title is None else title,
        "rules": rules.to_dict(),
        "rules_title": preset_title(rules.preset_name),
        "seat": seat,
        "seat_name": rules.local_seat_name(seat),
        "prompt": _prompt(rules, seat),
        "tricks": rules.hand_size,
        "denominations": [{"code": d, "label": _label(d), "words": _words(d)} for d in (*_SUIT_DENOMINATIONS, "NT")],
        "tolerance": TOLERANCE,
        "hands": _hands(rules, seed, hands, layouts, seat, budget, saved),
        "next_seed": seed + hands,
    }


def _live_plan() -> tuple[int, int, float | None]:
    """(layouts, chunk, budget) for a new hand here: all at once with DDS, else a little at a time."""
    if dds.available():
        return KERNEL_LAYOUTS, KERNEL_LAYOUTS, None
    return LIVE_LAYOUTS, 1, BUDGET


def _model(state: Mapping[str, Any]) -> tuple[dict[str, Any], Rules]:
    model = dict(widget_state(state, "evaluator", "hand evaluator"))
    return model, Rules.from_dict(model["rules"])


def _index(request: Mapping[str, Any], model: Mapping[str, Any]) -> int:
    return int_field(request, "index", 0, max(0, len(model["hands"]) - 1))


def _new_hand(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    model, rules = _model(state)
    seed = int(model["next_seed"])
    layouts, chunk, budget = _live_plan()
    item, _hand = _empty_item(rules, seed, int(model["seat"]), layouts, chunk)
    item = simulate_more(rules, item, int(model["seat"]), budget)
    model["hands"] = [*model["hands"], item]
    model["next_seed"] = seed + 1
    index = len(model["hands"]) - 1
    reply = {"type": "hand", "index": index, "ready": item["ready"], "done": item["done"], "layouts": layouts}
    return {"reply": reply, "update": {"evaluator": model, "index": index}}


def _simulate(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    model, rules = _model(state)
    index = _index(request, model)
    item = model["hands"][index]
    if not item["ready"]:
        _layouts, _chunk, budget = _live_plan()
        item = simulate_more(
            rules, item, int(model["seat"]), budget if int(item["chunk"]) < int(item["layouts"]) else None
        )
        model["hands"] = [*model["hands"][:index], item, *model["hands"][index + 1 :]]
    reply = {
        "type": "progress",
        "index": index,
        "ready": item["ready"],
        "done": item["done"],
        "layouts": item["layouts"],
    }
    return {"reply": reply, "update": {"evaluator": model}}


def judge(model: Mapping[str, Any], index: int, estimates: Mapping[str, Any]) -> dict[str, Any]:
    """The verdict on the learner's estimates for hand ``index``: per denomination right or not,
    and ``correct`` when every one is."""
    item = model["hands"][index]
    if not item["ready"]:
        raise RequestError("this hand is still being simulated: send 'simulate' until it is ready")
    marks: dict[str, bool] = {}
    for d, res in item["results"].items():
        value = estimates.get(d)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= int(model["tricks"]):
            raise RequestError(
                f"'estimates' needs a whole number of tricks 0\u2013{model['tricks']} for {d}, got {value!r}"
            )
        lo, hi = res["right"]
        marks[d] = lo <= value <= hi
    return {"correct": all(marks.values()), "marks": marks}


def _judge(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    model, _rules = _model(state)
    index = _index(request, model)
    estimates = request.get("estimates")
    if not isinstance(estimates, dict):
        raise RequestError("'estimates' must be an object like {'S': 7, 'C': 4, 'D': 5, 'H': 6, 'NT': 3}")
    verdict = judge(model, index, estimates)
    judged = [*(state.get("judged") or []), {"index": index, "id": model["hands"][index]["id"], **verdict}]
    return {"reply": {"type": "judged", "index": index, **verdict}, "update": {"judged": judged}}


HANDLERS: dict[str, Handler] = {"new_hand": _new_hand, "simulate": _simulate, "judge": _judge}
