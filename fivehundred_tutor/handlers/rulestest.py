"""The rules part of the final test: a seeded form of questions that asks every topic at every
difficulty and everything special to Five Hundred.

A form (:func:`form_questions`) asks each topic at each of its levels, easiest first, and makes
sure it asks what is special to the game (:data:`SPECIALS`: the joker led in no trumps, when the
joker may be played, passing is final, open misère at any time, the slam, −500, misère card
play): the question of such an item's topic and level is one that asks it.  Every form of a set
of rules has the same number of questions.  Its pass mark is worked out, not typed:
:mod:`.calibration`.

>>> from fivehundred_tutor.rules import Rules
>>> form = form_questions(Rules(), 15)
>>> sorted(covered(form)) == sorted(SPECIALS)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .. import questions
from ..bids import PASS, Bid, Pass
from ..deal import Deal, Phase
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..questions.bidding import call_text, call_verdict, random_auction
from ..questions.core import bid_info, bid_text, make_rng, rules_record, sub_seed
from ..rules import Rules
from .quiz import quiz_item, quiz_model
from .rulesbot import auction_calls, codes_of, context_of, contract_of

__all__ = [
    "AUCTION_ITEMS",
    "LEFT_OUT",
    "SPECIALS",
    "auction_question",
    "covered",
    "form_questions",
    "form_topics",
    "rules_test_model",
    "special_question",
]

#: topics a form leaves out: the two-player game is a variant with its own chapter
LEFT_OUT = ("two-player",)


# ------------------------------------------------------------------ what is special to 500
def _joker_led_in_no_trumps(q: Mapping[str, Any]) -> bool:
    contract = contract_of(q)
    trick = codes_of(context_of(q).get("trick"))
    return q["topic"] == "legal-plays" and contract is not None and contract.trump is None and trick[:1] == ["JK"]


def _joker_may_be_played(q: Mapping[str, Any]) -> bool:
    contract = contract_of(q)
    trick = codes_of(context_of(q).get("trick"))
    hand = codes_of(context_of(q).get("hand"))
    return (
        q["topic"] == "legal-plays"
        and contract is not None
        and contract.trump is None
        and "JK" in hand
        and bool(trick)
        and trick[0] != "JK"
    )


def _passing_is_final(q: Mapping[str, Any]) -> bool:
    """An auction question about a player who has passed (in the default game they are out)."""
    seat = context_of(q).get("to_bid")
    return q["topic"] in ("bid-ladder", "misere") and any(s == seat and c == "pass" for s, c in auction_calls(q))


def _open_misere_any_time(q: Mapping[str, Any]) -> bool:
    """May a player bid open misère now, in an auction where nobody has bid at the 7 level."""
    bid = context_of(q).get("bid")
    if not (q["topic"] in ("bid-ladder", "misere") and isinstance(bid, Mapping)):
        return False
    if not Bid.parse(str(bid.get("code"))).is_open_misere:
        return False
    calls = [Bid.parse(c) for _s, c in auction_calls(q) if c != "pass"]
    return not any(c.tricks >= 7 for c in calls if not c.is_misere)


def _slam(q: Mapping[str, Any]) -> bool:
    """A contract worth less than 250 with all ten tricks taken (it scores 250)."""
    contract = contract_of(q)
    tricks = context_of(q).get("tricks")
    if q["topic"] != "scoring" or contract is None or contract.is_misere or not isinstance(tricks, Mapping):
        return False
    rules = Rules.from_dict(dict(q["rules"]))
    return rules.bid_value(contract) < 250 and 10 in tricks.values()


def _minus_500(q: Mapping[str, Any]) -> bool:
    """The end of the game with a side at -500 or below after the hand."""
    if q["topic"] != "game-end":
        return False
    ctx = context_of(q)
    before, hand, hole = ctx.get("scores_before"), ctx.get("hand"), ctx.get("hole")
    if not (isinstance(before, Mapping) and isinstance(hand, Mapping) and isinstance(hole, int)):
        return False
    after = [b + s for b, s in zip(before.values(), hand.get("scores") or [])]
    return any(score <= hole for score in after)


def _misere_card_play(q: Mapping[str, Any]) -> bool:
    contract = contract_of(q)
    return q["topic"] == "misere" and contract is not None and contract.is_misere and bool(context_of(q).get("trick"))


#: what is special to Five Hundred, each asked on every form: name → (where it is asked, test of a question);
#: the names are English keys, in the catalogs for a page to show (``gettext(name)``)
SPECIALS: dict[str, tuple[tuple[str, int], Callable[[Mapping[str, Any]], bool]]] = {
    N_("the joker led in no trumps"): (("legal-plays", 3), _joker_led_in_no_trumps),
    N_("when the joker may be played in no trumps"): (("legal-plays", 3), _joker_may_be_played),
    N_("passing is final"): (("bid-ladder", 3), _passing_is_final),
    N_("open misère at any time"): (("bid-ladder", 3), _open_misere_any_time),
    N_("the slam (all ten tricks)"): (("scoring", 3), _slam),
    N_("minus 500 (in the hole)"): (("game-end", 3), _minus_500),
    N_("misère card play"): (("misere", 3), _misere_card_play),
}


def covered(form: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """How many questions of ``form`` ask each special item (only the items asked at least once)."""
    out: dict[str, int] = {}
    for name, (_where, asks) in SPECIALS.items():
        hits = sum(1 for q in form if asks(q))
        if hits:
            out[name] = hits
    return out


# ------------------------------------------------------------------ a form
def form_topics(rules: Rules) -> list[str]:
    return [t for t in questions.available_topics(rules) if t not in LEFT_OUT]


def form_questions(rules: Rules, seed: int, *, tries: int = 200) -> list[dict[str, Any]]:
    """A seeded form: every topic at every difficulty (easiest first); the question of a special
    item's topic and level is one that asks it, and a second item of the same slot adds a question
    (so every form has the same number of questions, and asks every special item once).

    A special question is found by seed among its topic's questions; for the auction's two items,
    which the quizzes may not ask, :func:`auction_question` makes one when ``tries`` seeds find none.
    """
    topics = form_topics(rules)
    levels = sorted({d for t in topics for d in questions.TOPICS[t].difficulties})
    specials: dict[tuple[str, int], list[str]] = {}
    for name, (where, _asks) in SPECIALS.items():
        if where[0] in topics:
            specials.setdefault(where, []).append(name)
    form: list[dict[str, Any]] = []
    for level in levels:
        for i, topic in enumerate(topics):
            if level not in questions.TOPICS[topic].difficulties:
                continue
            names = specials.get((topic, level))
            if not names:
                form.append(questions.generate(topic, rules, sub_seed("final-test", seed, topic, level, i), level))
                continue
            for name in names:
                form.append(special_question(rules, seed, name, tries=tries))
    return form


def special_question(rules: Rules, seed: int, name: str, *, tries: int = 200) -> dict[str, Any]:
    """A question that asks the special item ``name`` (see :data:`SPECIALS`), found by seed."""
    (topic, level), asks = SPECIALS[name]
    for k in range(tries):
        q = questions.generate(topic, rules, sub_seed("final-test-special", seed, name, k), level)
        if asks(q):
            return q
    if name in AUCTION_ITEMS:
        return auction_question(rules, sub_seed("final-test-special", seed, name), name)
    raise ValueError(f"no {topic} question of level {level} asks about {name} in {tries} seeds")


#: the special items :func:`auction_question` can ask
AUCTION_ITEMS = ("passing is final", "open misère at any time")


def auction_question(rules: Rules, seed: int, name: str) -> dict[str, Any]:
    """A yes/no auction question in the bid-ladder's level-3 form ("May South bid … now?") that asks
    one of :data:`AUCTION_ITEMS`; the answer is the engine's (:class:`~fivehundred_tutor.deal.Deal`).

    *passing is final*: a player who passed is asked about; whether the bidding ever comes back to
    them is played out (the other players go on bidding).  *open misère at any time*: an auction
    with no bid at the 7 level yet (misère would not be allowed), asked about open misère.
    """
    if name not in AUCTION_ITEMS:
        raise ValueError(f"no auction question about {name!r}; the items are {', '.join(AUCTION_ITEMS)}")
    rng = make_rng("final-test-auction", seed, 3)
    for _attempt in range(400):
        deal = random_auction(rules, rng, 1 + rng.randbelow(min(3, rules.players - 1)))
        calls = [(s, c) for s, c in deal.auction]
        high = [c for _s, c in calls if isinstance(c, Bid)]
        if name == "passing is final":
            passers = [s for s, c in calls if not isinstance(c, Bid)]
            if not passers or deal.to_move in passers:
                continue
            seat = passers[0]
            legal_bids = [a for a in deal.legal_actions() if isinstance(a, Bid) and not a.is_misere]
            if not legal_bids:
                continue
            bid = legal_bids[rng.randbelow(min(6, len(legal_bids)))]
            allowed = _turn_comes_back(deal.copy(), seat)  # the bid itself outranks the bids so far
            if not allowed:
                why = _(
                    "{seat} passed earlier, and in this game a player who passes is out of the auction "
                    "for the rest of the hand: the bidding never comes back to them."
                ).format(seat=rules.local_seat_name(seat))
            else:
                why = _(
                    "Under these rules a player who passed may bid again, and {bid} outranks the bids so far."
                ).format(bid=bid_text(bid))
            prompt = _("{auction} May {seat} bid {bid} when the bidding comes round?").format(
                auction=_auction_words(rules, calls), seat=rules.local_seat_name(seat), bid=bid_text(bid)
            )
        else:
            if any(c.tricks >= 7 and not c.is_misere for c in high) or deal.to_move is None:
                continue
            seat, bid = deal.to_move, Bid.open_misere()
            allowed, reason = call_verdict(deal, bid)
            # Translators: {reason} is the engine's verdict on the call, {placement} where misère ranks
            why = _("{reason} (Misère under these rules: {placement}.)").format(
                reason=reason, placement=rules.describe_misere_placement()
            )
            prompt = _("{auction} May {seat} bid {bid} now?").format(
                auction=_auction_words(rules, calls), seat=rules.local_seat_name(seat), bid=bid_text(bid)
            )
        return {
            "format": questions.FORMAT,
            "id": questions.question_id("bid-ladder", rules, seed, 3),
            "topic": "bid-ladder",
            "title": questions.TOPICS["bid-ladder"].local_title,
            "difficulty": 3,
            "seed": seed,
            "rules": rules_record(rules),
            "points": 1,
            "fields": [],
            "prompt": prompt,
            "kind": "choice",
            "choices": [{"id": "yes", "label": _("Yes")}, {"id": "no", "label": _("No")}],
            "context": {
                "auction": [{"seat": rules.seat_name(s), "call": c.code, "label": call_text(c)} for s, c in calls],
                "dealer": rules.seat_name(deal.dealer),
                "to_bid": rules.seat_name(seat),
                "bid": bid_info(bid),
            },
            "answer": "yes" if allowed else "no",
            "explanation": why,
        }
    raise ValueError(f"no auction found that asks about {name} under these rules")


def _auction_words(rules: Rules, calls: Sequence[tuple[int, Bid | Pass]]) -> str:
    if not calls:
        return _("No calls yet.")
    calls_words = ", ".join(f"{rules.local_seat_name(s)} {call_text(c)}" for s, c in calls)
    return _("Auction so far: {calls}.").format(calls=calls_words)


def _turn_comes_back(deal: Deal, seat: int) -> bool:
    """Whether ``seat`` gets a turn again while the others keep the auction open (each bids the
    cheapest bid it may), for two rounds of the table."""
    for _round in range(2 * deal.rules.players):
        if deal.phase is not Phase.AUCTION or deal.to_move is None:
            return False
        if deal.to_move == seat:
            return True
        bids = sorted((a for a in deal.legal_actions() if isinstance(a, Bid)), key=deal.rules.bid_key)
        deal.push(bids[0] if bids else PASS)
    return False


def rules_test_model(rules: Rules, seed: int, title: str, *, pass_mark: int | None = None) -> dict[str, Any]:
    """The quiz widget's model for the form of ``seed`` (its bank is the form, judged in advance).

    Its ``size`` is the form's length; ``pass_mark`` (the calibrated one,
    :func:`fivehundred_tutor.handlers.calibration.calibrate`) is the number right at the first try
    that masters it, instead of the quizzes' four in five.
    """
    form = form_questions(rules, seed)
    model = quiz_model(rules, form_topics(rules), 1, seed, title, rules_menu=False)
    model["bank"] = [quiz_item(q) for q in form]
    model["size"] = len(form)
    if pass_mark is not None:
        if not 1 <= pass_mark <= len(form):
            raise ValueError(f"a pass mark of {pass_mark} for a test of {len(form)} questions")
        model["pass_mark"] = pass_mark
    model["next_seed"] = sub_seed("final-test-more", seed)
    return model
