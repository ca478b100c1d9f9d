"""The bidding ladder's model and requests: every contract in order, with its value and notes."""

from __future__ import annotations

from typing import Any

from ..bids import Bid
from ..explain import call_label
from ..i18n import gettext as _
from ..i18n import ngettext
from ..rules import Rules, preset_title
from .fields import Handler, RequestError, str_field
from .models import MODEL_VERSION
from .quiz import HANDLERS as QUIZ_HANDLERS

__all__ = ["HANDLERS", "ladder_model"]


def ladder_model(rules: Rules) -> dict[str, Any]:
    """Every biddable contract for ``rules``, lowest first, with its value and notes."""
    ladder = rules.bid_ladder()
    rungs = []
    for i, bid in enumerate(ladder):
        note = ""
        if bid.kind == "misere":
            if rules.misere_needs_seven:
                # Translators: a note on a rung of the bidding ladder (misère)
                note = _("may be bid only after someone has bid at the 7 level in this auction")
            elif rules.misere_allowed:  # at any time
                note = _("may be bid at any time under these rules")
        elif bid.kind == "open_misere":
            note = _(
                "may be bid at any time, even as the first bid; the declarer's hand is exposed after the first trick"
            )
        if rules.six_bids_informational and bid.tricks == 6:
            note = _("6-level bids only inform (American rules): they cannot win the auction")
        above = ladder[i + 1 :]
        rungs.append(
            {
                "code": bid.code,
                "label": call_label(bid),
                "words": bid.words,
                "value": rules.bid_value(bid),
                "level": bid.tricks if not bid.is_misere else (ladder[i - 1].tricks if i else 6),
                "suit": bid.trump.letter if bid.trump is not None else ("NT" if bid.is_no_trumps else "MIS"),
                "misere": bid.is_misere,
                "note": note,
                "cheapest_over": above[0].code if above else None,
                "outranked_by": len(above),
            }
        )
    return {
        "version": MODEL_VERSION,
        "rules": rules.to_dict(),
        "rules_name": rules.preset_name,
        "rules_title": preset_title(rules.preset_name),
        "placement": rules.describe_misere_placement() if rules.misere_allowed else _("misère is not allowed"),
        "rungs": rungs,
    }


def _ladder_explain(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    code = str_field(request, "bid")
    rules = Rules.from_dict(state["ladder"]["rules"])
    bid = Bid.parse(code)
    if bid not in rules.bid_ladder():
        raise RequestError(f"{bid} cannot be bid under these rules")
    ladder = rules.bid_ladder()
    above = ladder[ladder.index(bid) + 1 :]
    # a bid whose words are its name (misère) is not said twice: 'misère (misère)'
    label = call_label(bid)
    # Translators: a bid in notation and in words: "7♥ (seven hearts)"
    named = (
        _("{bid} ({words})").format(bid=label, words=bid.words) if bid.words.casefold() != label.casefold() else label
    )
    # Translators: {bid} "7♥ (seven hearts)"; {points} its value
    text = _("{bid} is worth {points}.").format(bid=named, points=rules.bid_value(bid)) + " "
    if above:
        # Translators: {n} bids outrank this one; {cheapest} the cheapest of them (7♠)
        text += ngettext(
            "{n} bid(s) outrank it; the cheapest is {cheapest}.",
            "{n} bid(s) outrank it; the cheapest is {cheapest}.",
            len(above),
        ).format(n=len(above), cheapest=call_label(above[0]))
    else:
        text += _("Nothing outranks it: it is the top of the ladder.")
    return {"reply": {"type": "explain", "bid": bid.code, "text": text}, "update": {}}


def _ladder_set_rules(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """The quiz under the new rules (the ladder widget is a quiz too), and the ladder of those rules."""
    result = QUIZ_HANDLERS["set_rules"](request, state)
    result["update"]["ladder"] = ladder_model(Rules.from_dict(result["update"]["quiz"]["rules"]))
    return result


HANDLERS: dict[str, Handler] = {**QUIZ_HANDLERS, "set_rules": _ladder_set_rules, "explain": _ladder_explain}
