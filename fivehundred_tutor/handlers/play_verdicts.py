"""The bidding verdicts of ``PlayDeal``: each call the learner made, judged by the book's bidding standard.

Asked for with the widget's *Judge my calls* setting (``{"type": "judge", "on": true}``): from then on
the state carries a verdict on every call the learner has made in the deal, worked out here from
their own cards and the auction as it stood at that call (never from the hidden hands), by
:mod:`~fivehundred_tutor.bidding_standard` — the same count, rounding and trump rules the chapter
*Judging a hand and bidding* teaches, and the hand-judging quiz asks about.  The widget only shows
the words.

A verdict is one of ``"sound"`` (a sound player could make this call), ``"unsound"`` (the standard
says why not) and ``"missed"`` (a pass where a bid was sound).

>>> from fivehundred_tutor import Deal, Rules, Bid
>>> deal = Deal.new(Rules(), seed=48, dealer=3)
>>> deal.push(Bid.parse("7C"))
>>> [v["verdict"] for v in call_verdicts(deal, 0)]
['unsound']
"""

from __future__ import annotations

from typing import Any

from ..bidding_standard import judge_in
from ..bids import Bid, Pass
from ..deal import Deal, Phase
from ..explain import call_label
from ..i18n import gettext as _

__all__ = ["VERDICTS", "call_verdicts", "judge_call"]

#: what a verdict may be (the widget colours each kind)
VERDICTS = ("sound", "unsound", "missed")


def judge_call(deal: Deal, call: Bid | Pass) -> dict[str, Any]:
    """The verdict on ``call`` by the player to call in ``deal`` (before it is made), in the reader's language:
    ``{"call", "label", "verdict", "text"}``."""
    judge = judge_in(deal)
    label = _("Pass") if isinstance(call, Pass) else call_label(call)
    if isinstance(call, Bid):
        problem = judge.problem(call)
        if problem is not None:
            verdict, text = (
                "unsound",
                _("Your {call} is not sound by the book's standard: {problem}.").format(call=label, problem=problem),
            )
        elif call.is_misere:
            verdict, text = (
                "sound",
                _(
                    "Your {call} is sound by the book's standard: once the kitty exchange has thrown away "
                    "your highest cards, none is left that must win a trick."
                ).format(call=label),
            )
        else:
            verdict, text = (
                "sound",
                _("Your {call} is sound by the book's standard: your hand counts {reckoning}.").format(
                    call=label, reckoning=judge.reckoning(call)
                ),
            )
        return {"call": call.code, "label": label, "verdict": verdict, "text": text}
    rules = deal.rules
    bids = [a for a in deal.legal_actions() if isinstance(a, Bid) and not a.is_misere]
    sound = [b for b in bids if judge.is_sound(b)]
    if sound:
        best = max(sound, key=rules.bid_value)
        verdict = "missed"
        text = _("You passed, but {bid} was sound by the book's standard: your hand counts {reckoning}.").format(
            bid=best, reckoning=judge.reckoning(best)
        )
    elif not bids:
        verdict = "sound"
        text = _("Your pass is right: no bid is left that outranks {high}.").format(
            high=call_label(deal.high_bid) if deal.high_bid is not None else ""
        )
    else:
        best = max(bids, key=judge.count)
        cheapest = min((b for b in bids if b.denomination == best.denomination), key=lambda b: b.tricks)
        verdict = "sound"
        text = _("Your pass is right by the book's standard: no bid is sound. The nearest: {problem}.").format(
            problem=judge.problem(cheapest)
        )
    return {"call": call.code, "label": label, "verdict": verdict, "text": text}


def call_verdicts(deal: Deal, seat: int) -> list[dict[str, Any]]:
    """A verdict (:func:`judge_call`) on each call ``seat`` has made in ``deal`` so far, in order.

    Each is judged with the auction as it stood when the call was made: the deal is replayed
    from its start, only as far as the end of the auction.
    """
    replay = Deal.from_dict({**deal.to_dict(), "actions": []})
    out: list[dict[str, Any]] = []
    for action in deal.history:
        if replay.phase is not Phase.AUCTION:
            break
        if replay.to_move == seat and isinstance(action, (Bid, Pass)):
            out.append(judge_call(replay, action))
        replay.push(action)
    return out
