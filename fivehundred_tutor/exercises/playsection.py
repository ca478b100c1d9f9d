"""A play section of an assignment: deals the student bids and plays, graded by tricks lost.

In the assignment file a section whose ``topic`` is ``"play"`` deals ``count`` deals to each
student (from the assignment's secret, like every question), played from ``seat`` (default
South) against the stronger bots of the book's play test::

    [[sections]]
    name = "play"
    title = "Play two deals"
    topic = "play"
    count = 2               # deals
    points = 5              # per deal
    tricks_to_zero = 4      # optional: tricks lost beyond par that take a deal's points to 0

The student plays each deal at the play table (:class:`~fivehundred_tutor.widgets.playtest.PlayTest`
in their notebook); what they hand in is their own **actions** (calls, discards and cards as
codes, e.g. ``["pass", "JD", "AS", …]``), nothing else.  Grading (:func:`grade_play`) never
runs student code and trusts nothing else from the sheet: it deals the deal again from the
secret, replays the student's actions against the same bots (they choose the same cards for
the same actions everywhere, :class:`~fivehundred_tutor.analysis.duplicate.DuplicateBot`),
grades each card the student chose against perfect play, and compares the total with *par*,
the bot's own loss in the student's seat on the same deal.  A deal scores its full points when
the student lost no more tricks than par, and a ``1/tricks_to_zero`` share less for each trick
beyond; a deal not finished, an action that cannot be made there, or a malformed answer scores
0 with a line that says why.

>>> from fivehundred_tutor.rules import Rules
>>> item = play_item(Rules(), seed=3, index=0, seat=2, points=5)
>>> item["kind"], item["topic"], item["context"]["seat_name"]
('play', 'play', 'South')
>>> grade_play(item, "not a list")["feedback"]
'Not graded: the answer is not a list of actions (calls and cards such as "pass", "7H", "JD").'
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from ..analysis.duplicate import card_words, graded_cards, par, passing_reaches_contract, replay
from ..deal import IllegalAction
from ..questions import check
from ..questions.core import FORMAT, canonical_json, rules_record, sub_seed
from ..rules import Rules

__all__ = ["MAX_ACTIONS", "PLAY_TOPIC", "TRICKS_TO_ZERO", "grade_play", "judge", "play_item", "play_score"]

PLAY_TOPIC = "play"
#: tricks lost beyond par that take a deal's points to 0 (an assignment may set its own)
TRICKS_TO_ZERO = 4
#: the most actions a learner makes in one deal (bids, discards, cards), with room to spare
MAX_ACTIONS = 60


def _play_id(rules: Rules, deal_seed: int, dealer: int, seat: int) -> str:
    text = canonical_json([FORMAT, PLAY_TOPIC, rules.to_dict(), deal_seed, dealer, seat])
    return "p" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def play_item(
    rules: Rules, seed: int, index: int, seat: int, points: float, tricks_to_zero: int = TRICKS_TO_ZERO
) -> dict[str, Any]:
    """One deal of a play section, as an assignment item (the shape of a question).

    The deal comes from ``seed`` (the student's item seed): the first of the deals derived from it
    that the bots bid to a contract even if the student passes throughout (so passing cannot
    throw a deal in).  The dealer turns round the table with ``index``; ``context`` holds what the
    play table needs to deal it (the student plays it, so the deal is in their files: a play
    section is open-engine, as every question is unless the test is proctored).
    """
    if not 1 <= tricks_to_zero <= 10:
        raise ValueError(f"tricks_to_zero must be 1 to 10, not {tricks_to_zero}")
    dealer = (seat + 1 + index) % rules.players
    found = (
        s for k in range(200) if passing_reaches_contract(rules, s := sub_seed("play-section", seed, k), dealer, seat)
    )
    deal_seed = next(found, None)
    if deal_seed is None:
        raise ValueError("no deal found that the bots bid to a contract under these rules")
    name = rules.seat_name(seat)
    return {
        "format": FORMAT,
        "id": _play_id(rules, deal_seed, dealer, seat),
        "topic": PLAY_TOPIC,
        "title": "Play a deal",
        "difficulty": 1,
        "seed": deal_seed,
        "rules": rules_record(rules),
        "points": points,
        "fields": [],
        "kind": "play",
        "choices": [],
        "prompt": (
            f"Bid and play deal {index + 1} as {name}, against the stronger bots, at the play table in your "
            "notebook. Your calls and cards are your answer; each card you choose is checked against perfect play."
        ),
        "context": {
            "deal_seed": deal_seed,
            "dealer": dealer,
            "seat": seat,
            "seat_name": name,
            "tricks_to_zero": tricks_to_zero,
        },
        "answer": None,
        "explanation": (
            f"Each card you chose was checked with every hand in view; a deal scores its full points when you lost "
            f"no more tricks to perfect play than the stronger bot in your seat did (par), and "
            f"1/{tricks_to_zero} less for each trick beyond."
        ),
    }


def play_score(lost: int, par_lost: int, tricks_to_zero: int = TRICKS_TO_ZERO) -> float:
    """A deal's share of its points: 1 up to par, then ``1/tricks_to_zero`` less per trick beyond.

    >>> play_score(2, 2), play_score(3, 2), play_score(9, 2)
    (1.0, 0.75, 0.0)
    """
    return max(0.0, 1.0 - max(0, lost - par_lost) / tricks_to_zero)


def _verdict(score: float, feedback: str, explanation: str) -> dict[str, Any]:
    return {"correct": score >= 1.0, "score": round(score, 4), "feedback": feedback, "explanation": explanation}


def _tricks(n: int) -> str:
    return "1 trick" if n == 1 else f"{n} tricks"


def grade_play(item: Mapping[str, Any], response: Any) -> dict[str, Any]:
    """Judge a student's actions in a play item: ``{"correct", "score" (0-1), "feedback", "explanation"}``,
    the shape :func:`~fivehundred_tutor.questions.check` returns.  Never raises on a bad answer."""
    explanation = str(item.get("explanation", ""))
    if response in (None, "", []):
        return _verdict(0.0, "Not played: no actions were handed in for this deal.", explanation)
    if not isinstance(response, list) or not all(isinstance(a, str) and 0 < len(a) <= 12 for a in response):
        return _verdict(
            0.0,
            'Not graded: the answer is not a list of actions (calls and cards such as "pass", "7H", "JD").',
            explanation,
        )
    if len(response) > MAX_ACTIONS:
        return _verdict(0.0, f"Not graded: more than {MAX_ACTIONS} actions for one deal.", explanation)
    ctx = item["context"]
    rules = Rules.from_dict(dict(item["rules"]))
    seed, dealer, seat = int(ctx["deal_seed"]), int(ctx["dealer"]), int(ctx["seat"])
    try:
        deal = replay(rules, seed, dealer, seat, response)
    except IllegalAction as err:
        return _verdict(0.0, f"Not graded: {err}.", explanation)
    except ValueError as err:
        return _verdict(0.0, f"Not graded: {err}.", explanation)
    if not deal.is_over:
        return _verdict(0.0, f"Not finished: the deal stops after {len(response)} of your actions.", explanation)
    grades = graded_cards(deal, seat)
    lost = sum(g.loss for g in grades)
    table = par(rules, seed, dealer, seat)
    score = play_score(lost, table.lost, int(ctx.get("tricks_to_zero", TRICKS_TO_ZERO)))
    result = deal.result()
    side = rules.side_of(seat)
    feedback = (
        f"Your {len(grades)} cards that were a choice lost {_tricks(lost)} to perfect play; the stronger bot in "
        f"your seat lost {_tricks(table.lost)} (par). Your side scored {result.scores[side]:+d} at your table, "
        f"{table.deal.result().scores[side]:+d} at the bot's."
    )
    costly = [f"trick {g.trick}: {card_words(g.card)} cost {_tricks(g.loss)}" for g in grades if g.loss]
    if costly:
        feedback += " Costly cards: " + "; ".join(costly) + "."
    return _verdict(score, feedback, explanation)


def judge(item: Mapping[str, Any], response: Any) -> dict[str, Any]:
    """Any assignment item judged: a play item by :func:`grade_play`, a question by
    :func:`~fivehundred_tutor.questions.check` (the same result's shape)."""
    return grade_play(item, response) if item.get("kind") == "play" else check(item, response)
