"""A play test: a few seeded deals against the stronger bots, each card graded against perfect play
and each deal compared with *par*, the stronger bot playing the same cards from the learner's seat.

Plain data in, plain data out (standard library only): the same functions answer the
:class:`~fivehundred_tutor.widgets.playtest.PlayTest` widget from the JupyterLab kernel and from
the engine running under Pyodide in the reader's browser.  The table is *Play against the bots*
(:mod:`.play`) with the bots of :class:`~fivehundred_tutor.analysis.duplicate.DuplicateBot`; the
state adds ``test``::

    state = start_test(Rules(), seed=15, deals=4)   # the deals chosen and their par worked out
    handle("playtest", {"type": "act", "code": "pass"}, {"state": state})
    handle("playtest", {"type": "next"}, ...)       # once a deal is over: the next one
    handle("playtest", {"type": "again"}, ...)      # the whole test again, from the first deal

Each card the learner chooses is graded as it is played (:func:`~.analysis.duplicate.grade_card`:
the tricks it lost against the best card with every hand in view), under a cap of search nodes
(:data:`GRADE_NODES`) so that a move stays quick in the browser; a card the cap cut short is
graded when the deal ends.  The grades stay hidden until then (they tell where the cards lie).
The result is a number a learner can improve: tricks lost to perfect play per deal, beside the
bot's own figure on the same deals (:func:`summary`).

>>> from fivehundred_tutor import Rules
>>> print(summary_words({"played": 2, "lost": 3, "par_lost": 1, "deals": 4}))
You lost 1.5 tricks a deal to perfect play; the stronger bot in your seat lost 0.5 tricks on the same 2 deals.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..actions import Play
from ..analysis.duplicate import CardGrade, Par, grade_card, is_choice, par, passing_reaches_contract
from ..bids import Bid
from ..cards import Card, Suit
from ..deal import Deal, Phase
from ..explain import call_label
from ..i18n import decimal, ngettext, npgettext, pgettext
from ..i18n import gettext as _
from ..questions.core import sub_seed
from ..rules import Rules
from ..saved import remember
from ..solver import SearchLimit, Solver
from . import play
from .fields import Handler, RequestError, widget_state

__all__ = [
    "GRADE_NODES",
    "HANDLERS",
    "TEST_VERSION",
    "choose_deals",
    "deal_result",
    "learner_actions",
    "start_test",
    "start_unmarked",
    "summary",
    "summary_words",
]

TEST_VERSION = 1
#: search nodes one card's grading may spend as it is played (two solves, each capped); a card
#: that needs more is graded at the end of the deal.  About 0.7 s of plain Python under CPython,
#: 1-2 s in the browser (python -m bench.bench_play_test).
GRADE_NODES = 60_000
#: the fewest cards the bot chose at the par table for a deal to be kept (a deal where the
#: learner's seat sits out, as the partner of a misère declarer does, tests nothing)
MIN_CHOICES = 4

# One solver per deal being graded (its tables carry from card to card): the kernel or the
# browser's worker grades one learner's deal at a time; the key is the deal up to its first card.
_SOLVERS: dict[tuple[Any, ...], Solver] = {}


def _solver_for(deal: Deal) -> Solver:
    start = []
    walk = deal.root()
    for action in deal.history:
        if walk.phase is Phase.PLAY:
            break
        start.append(action.code)
        walk.push(action)
    key = (json.dumps(deal.rules.to_dict(), sort_keys=True), deal.seed, deal.dealer, tuple(start))
    found = _SOLVERS.get(key)
    if found is None:
        if len(_SOLVERS) >= 2:
            _SOLVERS.clear()
        found = _SOLVERS[key] = Solver()
    return found


# ------------------------------------------------------------------ choosing the deals
def choose_deals(rules: Rules, seed: int, count: int, seat: int) -> list[Par]:
    """``count`` seeded deals for a play test from ``seat``, each with its par table.

    A deal is kept when the bots reach a contract even if the learner passes throughout (no deal
    is thrown in) and the bot in the learner's seat chose at least :data:`MIN_CHOICES` cards at
    the par table (the learner's seat takes part in the play).  Candidates come in a seeded order
    with the dealer turning round the table, so the learner bids from different places.
    """
    if not 1 <= count <= 8:
        raise ValueError(f"a play test has 1 to 8 deals, not {count}")
    chosen: list[Par] = []
    for i in range(200):
        if len(chosen) == count:
            return chosen
        deal_seed = sub_seed("play-test", seed, i)
        dealer = (seat + 1 + i) % rules.players
        if not passing_reaches_contract(rules, deal_seed, dealer, seat):
            continue
        table = par(rules, deal_seed, dealer, seat)
        if len(table.grades) >= MIN_CHOICES:
            chosen.append(table)
    raise ValueError(f"only {len(chosen)} of {count} deals found for a play test under these rules")


def _test_id(rules: Rules, seat: int, pars: Sequence[Mapping[str, Any]]) -> str:
    text = json.dumps([TEST_VERSION, rules.to_dict(), seat, [[p["seed"], p["dealer"]] for p in pars]], sort_keys=True)
    return "t" + hashlib.sha256(text.encode()).hexdigest()[:16]


def start_test(rules: Rules, seed: int, deals: int = 4, seat: int = 0) -> dict[str, Any]:
    """A play test's state: its deals and their par worked out (the book does this when it is built),
    the first deal dealt and the bots acted up to the learner's first turn.  (The book's JupyterLite takes
    the par the book build worked out: :func:`fivehundred_tutor.saved.remember`.)"""
    pars = remember(
        "play-test-pars",
        [rules.to_dict(), seed, deals, seat],
        lambda: [p.to_dict() for p in choose_deals(rules, seed, deals, seat)],
    )
    test = {
        "version": TEST_VERSION,
        "id": _test_id(rules, seat, pars),
        "deals": pars,
        "index": 0,
        "grades": [],
        "pending": [],
        "results": [],
        "summary": summary([], len(pars)),
    }
    return _deal_state(rules, test, 0)


def start_unmarked(rules: Rules, deals: Sequence[Mapping[str, Any]], seat: int) -> dict[str, Any]:
    """An assignment's play section at the table: ``deals`` (``{"seed", "dealer", "item"}`` each) played
    from ``seat`` against the same bots, with nothing graded here (the grader replays the actions
    handed in: :mod:`fivehundred_tutor.exercises.playsection`); the state keeps the learner's own
    actions per item (``test["answers"]``) for the answer sheet."""
    entries = [
        {"seed": int(d["seed"]), "dealer": int(d["dealer"]), "seat": seat, "item": str(d["item"])} for d in deals
    ]
    if not entries:
        raise ValueError("an assignment's play table needs at least one deal")
    test = {
        "version": TEST_VERSION,
        "id": _test_id(rules, seat, entries),
        "graded": False,
        "deals": entries,
        "index": 0,
        "grades": [],
        "pending": [],
        "results": [],
        "answers": {},
        "summary": _unmarked_summary([], len(entries)),
    }
    return _deal_state(rules, test, 0)


def learner_actions(deal: Deal, seat: int) -> list[str]:
    """The codes of ``seat``'s own actions in ``deal``, in order (what an answer sheet holds)."""
    walk = deal.root()
    mine = []
    for action in deal.history:
        if walk.to_move == seat:
            mine.append(action.code)
        walk.push(action)
    return mine


def _unmarked_summary(results: Sequence[Mapping[str, Any]], deals: int) -> dict[str, Any]:
    played = len(results)
    text = ngettext(
        "{played} of {deals} deal played; your calls and cards are in your answer sheet, and your teacher's "
        "grading checks each card against perfect play.",
        "{played} of {deals} deals played; your calls and cards are in your answer sheet, and your teacher's "
        "grading checks each card against perfect play.",
        deals,
    ).format(played=played, deals=deals)
    return {"deals": deals, "played": played, "text": text}


def _deal_state(rules: Rules, test: dict[str, Any], index: int) -> dict[str, Any]:
    entry = test["deals"][index]
    state = play.start(rules, int(entry["seed"]), int(entry["seat"]), dealer=int(entry["dealer"]), level=play.DUPLICATE)
    state["test"] = {**test, "index": index, "grades": [], "pending": []}
    return state


# ------------------------------------------------------------------ grading and results
def _lost(n: int) -> str:
    """Tricks lost, as the object of "lost": "nothing", "a trick", "3 tricks"."""
    if not n:
        return pgettext("tricks lost", "nothing")
    # Translators: tricks lost to perfect play, the object of "lost" ("lost a trick", "lost 3 tricks")
    return npgettext("tricks lost", "a trick", "{n} tricks", n).format(n=n)


def _card_words(code: str) -> str:
    """A card action's code in card notation, in the reader's language: "JD" → "J♦", "JK:H" → "Joker (as ♥)"."""
    card, _sep, suit = code.partition(":")
    if suit:
        return _("Joker (as {suit})").format(suit=Suit.parse(suit).symbol)
    return Card.parse(card).short_name


def _either(cards: Sequence[str]) -> str:
    """ "J♦", "J♦ or A♥", "J♦ or A♥ or K♥"."""
    text = cards[0]
    for card in cards[1:]:
        # Translators: alternatives among cards (card notation), "J♦ or A♥"
        text = _("{first} or {second}").format(first=text, second=card)
    return text


def _grade_rows(deal: Deal, grades: Sequence[CardGrade]) -> list[dict[str, Any]]:
    """The costly cards, with what kept the best result, in words."""
    rows = []
    for g in grades:
        if not g.loss:
            continue
        card = _card_words(g.card)
        if g.best:
            better = _either([_card_words(code) for code in g.best[:3]])
            # Translators: {card} and {better} are card notation (J♦, "J♦ or A♥")
            text = ngettext(
                "Trick {trick}: your {card} cost a trick against perfect play; {better} kept the best result.",
                "Trick {trick}: your {card} cost {n} tricks against perfect play; {better} kept the best result.",
                g.loss,
            ).format(trick=g.trick, card=card, n=g.loss, better=better)
        else:
            text = ngettext(
                "Trick {trick}: your {card} cost a trick against perfect play.",
                "Trick {trick}: your {card} cost {n} tricks against perfect play.",
                g.loss,
            ).format(trick=g.trick, card=card, n=g.loss)
        rows.append({**g.to_dict(), "text": text})
    return rows


def _contract_words(rules: Rules, contract: str | Bid | None, declarer: int | None) -> str:
    """ "7♥ by North", "thrown in"."""
    if contract is None:
        # Translators: a deal where everyone passed, in place of its contract
        return _("thrown in")
    bid = contract if isinstance(contract, Bid) else Bid.parse(str(contract))
    # Translators: a contract and its declarer: "7♥ by North"
    return _("{contract} by {seat}").format(contract=call_label(bid), seat=rules.local_seat_name(declarer or 0))


def _finish_grades(deal: Deal, seat: int, grades: list[CardGrade], pending: Sequence[int]) -> list[CardGrade]:
    """The cards a cap cut short graded now (no cap), and the cards that lost given what was better."""
    solver = _solver_for(deal)
    walk = deal.root()
    by_at = set(pending)
    done = {g.trick: g for g in grades}
    out: list[CardGrade] = []
    for at, action in enumerate(deal.history):
        if walk.to_move == seat and isinstance(action, Play) and is_choice(walk):
            trick = len(walk.tricks) + 1
            grade = grade_card(walk, action, solver) if at in by_at or trick not in done else done[trick]
            if grade.loss and not grade.best:
                _played, _best, keep = solver.check(walk, action)
                grade = CardGrade(grade.trick, grade.card, grade.loss, tuple(a.code for a in keep))
            out.append(grade)
        walk.push(action)
    return out


def deal_result(deal: Deal, seat: int, grades: Sequence[CardGrade], table: Mapping[str, Any]) -> dict[str, Any]:
    """One finished deal of the test beside its par table: contracts, scores and tricks lost, in words."""
    rules = deal.rules
    result = deal.result()
    side = rules.side_of(seat)
    lost = sum(g.loss for g in grades)
    mine = result.scores[side]
    theirs = int(table["scores"][side])
    contract = _contract_words(rules, result.contract, result.declarer)
    par_contract = _contract_words(rules, table["contract"], table["declarer"])
    if len(rules.sides[side]) > 1:
        yours = _("Your table: {contract}; your side scored {score}.").format(contract=contract, score=f"{mine:+d}")
    else:
        yours = _("Your table: {contract}; you scored {score}.").format(contract=contract, score=f"{mine:+d}")
    bots = _("The bot's table (the stronger bot in your seat, the same cards): {contract}; it scored {score}.").format(
        contract=par_contract, score=f"{theirs:+d}"
    )
    cards = len(grades)
    # Translators: {lost} and {par_lost} are "nothing", "a trick", "3 tricks"; {choices} the bot's cards that were a choice
    choices = ngettext(
        "Your {cards} card that were a choice lost {lost} to perfect play; the bot's {choices} lost {par_lost}.",
        "Your {cards} cards that were a choice lost {lost} to perfect play; the bot's {choices} lost {par_lost}.",
        cards,
    ).format(cards=cards, lost=_lost(lost), choices=table["choices"], par_lost=_lost(int(table["lost"])))
    lines = [f"{yours} {bots}", choices]
    return {
        "seed": table["seed"],
        "contract": None if result.contract is None else str(result.contract),
        "declarer": result.declarer,
        "made": result.made,
        "scores": list(result.scores),
        "score": mine,
        "par_score": theirs,
        "lost": lost,
        "choices": cards,
        "par_lost": int(table["lost"]),
        "par_choices": int(table["choices"]),
        "rows": _grade_rows(deal, grades),
        "words": lines,
    }


def summary(results: Sequence[Mapping[str, Any]], deals: int) -> dict[str, Any]:
    """The test so far: tricks lost a deal (yours and the bot's on the same deals) and points."""
    played = len(results)
    out: dict[str, Any] = {
        "deals": deals,
        "played": played,
        "lost": sum(int(r["lost"]) for r in results),
        "par_lost": sum(int(r["par_lost"]) for r in results),
        "points": sum(int(r["score"]) for r in results),
        "par_points": sum(int(r["par_score"]) for r in results),
    }
    out["lost_per_deal"] = round(out["lost"] / played, 2) if played else None
    out["par_lost_per_deal"] = round(out["par_lost"] / played, 2) if played else None
    out["text"] = summary_words(out)
    return out


def _per_deal(total: int, played: int) -> str:
    """Tricks a deal, to a tenth: "1.5 tricks", "1 trick", "0 tricks"."""
    text = f"{total / played:.1f}"
    if not text.endswith(".0"):
        # Translators: a fraction of tricks lost a deal, "1.5 tricks" (the object of "lost")
        return pgettext("tricks lost, a fraction", "{n} tricks").format(n=decimal(float(text)))
    whole = int(float(text))
    return npgettext("tricks lost", "{n} trick", "{n} tricks", whole).format(n=whole)


def summary_words(s: Mapping[str, Any]) -> str:
    """The test's number in a sentence (see the module's doctest)."""
    played = int(s["played"])
    if not played:
        deals = int(s["deals"])
        return ngettext("No deal played yet: {n} to go.", "No deal played yet: {n} to go.", deals).format(n=deals)
    mine = _per_deal(int(s["lost"]), played)
    bot = _per_deal(int(s["par_lost"]), played)
    # Translators: {mine} and {bot} are tricks lost a deal on average: "1.5 tricks", "1 trick"
    return ngettext(
        "You lost {mine} a deal to perfect play; the stronger bot in your seat lost {bot} on the same deal.",
        "You lost {mine} a deal to perfect play; the stronger bot in your seat lost {bot} on the same {played} deals.",
        played,
    ).format(mine=mine, bot=bot, played=played)


# ------------------------------------------------------------------ requests
def _test_of(state: Mapping[str, Any]) -> dict[str, Any]:
    test = state.get("test")
    if not isinstance(test, dict) or test.get("version") != TEST_VERSION or not isinstance(test.get("deals"), list):
        raise RequestError("this widget holds no play test (or one saved by another version): run its cell again")
    return test


def _grades(test: Mapping[str, Any]) -> list[CardGrade]:
    raw = test.get("grades") or []
    if not isinstance(raw, list) or len(raw) > 20:
        raise RequestError("the test's grades are not readable: start the test again")
    return [CardGrade.from_dict(g) for g in raw]


def _pending(test: Mapping[str, Any]) -> list[int]:
    raw = test.get("pending") or []
    if not isinstance(raw, list) or len(raw) > 20 or not all(isinstance(x, int) and 0 <= x < 200 for x in raw):
        raise RequestError("the test's grades are not readable: start the test again")
    return list(raw)


def _act_unmarked(request: dict[str, Any], state: dict[str, Any], test: dict[str, Any]) -> dict[str, Any]:
    """A move at an assignment's play table: the learner's actions kept for the answer sheet, nothing graded."""
    out = play.HANDLERS["act"](request, {"state": state})
    new = out["update"]["state"]
    deal = Deal.from_dict(new["deal"])
    entry = test["deals"][int(test["index"])]
    answers = {**(test.get("answers") or {}), str(entry["item"]): learner_actions(deal, int(new["seat"]))}
    test = {**test, "answers": answers}
    if deal.is_over:
        words = [_("This deal is over: your calls and cards are saved for grading.")]
        results = [*test["results"], {"seed": entry["seed"], "item": entry["item"], "words": words, "rows": []}]
        test = {**test, "results": results, "summary": _unmarked_summary(results, len(test["deals"]))}
        out["reply"]["test"] = {"result": results[-1], "summary": test["summary"]}
    new["test"] = test
    return out


def _act(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    test = _test_of(state)
    if test.get("graded") is False:
        return _act_unmarked(request, state, test)
    deal = Deal.from_dict(state["deal"])
    seat = int(state["seat"])
    grades, pending = _grades(test), _pending(test)
    code = request.get("code")
    mine = isinstance(code, str) and deal.to_move == seat and not deal.is_over
    action = {a.code: a for a in deal.legal_actions()}.get(str(code)) if mine else None
    if action is not None and isinstance(action, Play) and is_choice(deal):
        try:
            grades.append(grade_card(deal, action, _solver_for(deal), node_limit=GRADE_NODES))
        except SearchLimit:
            pending.append(len(deal.history))
            grades.append(CardGrade(len(deal.tricks) + 1, action.code, 0))  # a place kept; graded at the end
    out = play.HANDLERS["act"](request, {"state": state})  # the move, the bots' answers, the log
    new = out["update"]["state"]
    test = {**test, "grades": [g.to_dict() for g in grades], "pending": pending}
    if new["view"]["over"]:
        done = Deal.from_dict(new["deal"])
        final = _finish_grades(done, seat, grades, pending)
        table = test["deals"][int(test["index"])]
        result = deal_result(done, seat, final, table)
        results = [*test["results"], result]
        test = {**test, "grades": [g.to_dict() for g in final], "pending": [], "results": results}
        test["summary"] = summary(results, len(test["deals"]))
        out["reply"]["test"] = {"result": result, "summary": test["summary"]}
    new["test"] = test
    return out


def _next(state: dict[str, Any]) -> dict[str, Any]:
    test = _test_of(state)
    index = int(test["index"])
    if not state["view"]["over"]:
        raise RequestError("finish this deal first: its result is kept when the last card is played")
    if index + 1 >= len(test["deals"]):
        raise RequestError("that was the last deal of the test: start it again to play them once more")
    rules = Rules.from_dict(state["deal"]["rules"])
    return {"reply": {"type": "deal", "index": index + 1}, "update": {"state": _deal_state(rules, test, index + 1)}}


def _again(state: dict[str, Any]) -> dict[str, Any]:
    test = _test_of(state)
    if test.get("graded") is False:
        raise RequestError("an assignment's deals are played once: your actions are in your answer sheet")
    rules = Rules.from_dict(state["deal"]["rules"])
    fresh = {**test, "results": [], "summary": summary([], len(test["deals"]))}
    return {"reply": {"type": "deal", "index": 0}, "update": {"state": _deal_state(rules, fresh, 0)}}


def _family_state(state: dict[str, Any]) -> dict[str, Any]:
    inner = widget_state(state, "state", "play test")
    if "deal" not in inner:
        raise RequestError("this widget has no deal in its state")
    return inner


HANDLERS: dict[str, Handler] = {
    "act": lambda request, state: _act(request, _family_state(state)),
    "next": lambda request, state: _next(_family_state(state)),
    "again": lambda request, state: _again(_family_state(state)),
}
