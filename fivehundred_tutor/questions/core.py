"""The question format, ids, checking and the public (exam) view.

A question is a plain JSON-safe dict (see :func:`fivehundred_tutor.questions.generate`).
Checking needs only the dict: it never calls back into a generator, so a
browser host (Pyodide) or a grader can judge answers from the stored question.

Response shapes, by ``kind``:

- ``"choice"``: one choice id (a string), e.g. ``"JD"``;
- ``"multi"``: a list of choice ids (any order), e.g. ``["JD", "5H"]``;
- ``"order"``: a list of every choice id, first = highest;
- ``"number"``: a number when the question has one field, else an object
  ``{field id: number}`` (or a list in field order); ``"280"`` and ``-140``
  are both read;
- ``"cards"``: a list of card codes (or card text such as ``"10♥"``) picked
  from the hand in ``context["hand"]``; exactly ``context["count"]`` of them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from ..bids import Bid
from ..cards import Card, CardParseError, Suit
from ..errors import FiveHundredError
from ..i18n import gettext as _
from ..i18n import ngettext
from ..rng import Random, derive_seed
from ..rules import Rules

__all__ = [
    "FORMAT",
    "KINDS",
    "QuestionError",
    "answer_slot",
    "bid_info",
    "bid_text",
    "card_in_text",
    "card_info",
    "check",
    "make_rng",
    "ordered_choices",
    "place_answer",
    "public_view",
    "question_id",
    "response_key",
    "rules_key",
    "rules_record",
]

FORMAT = "fivehundred-question/1"
KINDS = ("choice", "multi", "order", "number", "cards")
# Seeds stay below 2**53 so that JavaScript (the answer-sheet page) reads them exactly.
SEED_LIMIT = 1 << 53
_PRIVATE_KEYS = ("answer", "explanation")


class QuestionError(FiveHundredError, ValueError):
    """A question cannot be made (unknown topic, bad difficulty, topic not played under these rules)."""


# json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":")) builds this encoder on every call
_CANONICAL = json.JSONEncoder(sort_keys=True, ensure_ascii=True, separators=(",", ":"))


def canonical_json(data: Any) -> str:
    return _CANONICAL.encode(data)


_RULES_FIELDS = tuple(f.name for f in dataclasses.fields(Rules) if f.init)  # the options, not what follows from them
_RulesKey = tuple[tuple[str, type, Any], ...]
_RULES_RECORDS: dict[_RulesKey, tuple[tuple[tuple[str, Any], ...], str]] = {}


_LAST_RULES: list[Any] = [None, None]  # the last rules object seen and its record (rules are frozen)


def rules_key(rules: Rules) -> _RulesKey:
    """Every option's name, type and value: a key for work done once per set of rules.

    Types count: 300 and 300.0 are equal but are written differently.  Caches keyed by it hold only what
    follows from the rules (their record, the 2-player form), never a student, seed or question.
    """
    return tuple((name, type(v), v) for name in _RULES_FIELDS for v in (getattr(rules, name),))


def _rules_cached(rules: Rules) -> tuple[tuple[tuple[str, Any], ...], str]:
    """(``rules.to_dict()`` as items, its canonical JSON), made once per set of rules."""
    if _LAST_RULES[0] is rules:
        return _LAST_RULES[1]  # type: ignore[no-any-return]
    key = rules_key(rules)
    found = _RULES_RECORDS.get(key)
    if found is None:
        if len(_RULES_RECORDS) >= 64:
            _RULES_RECORDS.clear()
        record = rules.to_dict()
        found = _RULES_RECORDS[key] = (tuple(record.items()), canonical_json(record))
    _LAST_RULES[:] = [rules, found]
    return found


def rules_record(rules: Rules) -> dict[str, Any]:
    """``rules.to_dict()`` (a fresh dict), computed once per set of rules."""
    return dict(_rules_cached(rules)[0])


_PLAIN_TEXT = re.compile(r"[A-Za-z0-9 ._/-]*")  # written by JSON as is, between quotes
_ID_HEAD = canonical_json([FORMAT])[:-1]


def question_id(topic: str, rules: Rules, seed: int, difficulty: int) -> str:
    """Stable id: the same on every machine for the same (topic, rules, seed, difficulty)."""
    # == canonical_json([FORMAT, topic, rules.to_dict(), seed, difficulty]), written out (a test compares)
    if type(seed) is int and type(difficulty) is int and isinstance(topic, str) and _PLAIN_TEXT.fullmatch(topic):
        text = f'{_ID_HEAD},"{topic}",{_rules_cached(rules)[1]},{seed},{difficulty}]'
    else:
        text = canonical_json([FORMAT, topic, rules.to_dict(), seed, difficulty])
    return "q" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def make_rng(topic: str, seed: int, difficulty: int) -> Random:
    return Random(derive_seed("fivehundred-question", topic, difficulty, seed))


def sub_seed(*parts: object) -> int:
    """A derived seed that JavaScript can hold exactly (< 2**53)."""
    return derive_seed(*parts) % SEED_LIMIT


# ------------------------------------------------------------ answer placement
T = TypeVar("T")


def answer_slot(rng: Random, k: int) -> int:
    """Where the answer will stand among ``k`` choices: uniform over ``0 … k-1``.

    Draw it **once, before** building the question, then build (retrying as needed) a question whose
    answer fits that place.  A retry loop that draws the place again on every try favours the places
    that are easy to fill, and the answer drifts back to where a guesser finds it (the right bid
    first, the lowest card first).
    """
    if k < 1:
        raise QuestionError(_("a choice question needs at least one choice"))
    return rng.randbelow(k)


def place_answer(rng: Random, answer: T, others: Sequence[T]) -> list[T]:
    """``answer`` put among ``others`` at a place drawn uniformly (for choices whose order means nothing).

    >>> from fivehundred_tutor.rng import Random
    >>> sorted(place_answer(Random(1), "b", ["a", "c"]))
    ['a', 'b', 'c']
    """
    out = list(others)
    out.insert(rng.randbelow(len(out) + 1), answer)
    return out


def ordered_choices(
    rng: Random, answer: T, others: Sequence[T], k: int, slot: int, key: Callable[[T], Any]
) -> list[T] | None:
    """``k`` choices in the order of ``key`` with ``answer`` at index ``slot``, or None if ``others``
    cannot put it there.

    For lists whose order carries meaning (a bid ladder, numbers, cards in rank order): they stay in
    order, and the answer's place is balanced by choosing *which* others are shown — ``slot`` of them
    below the answer and the rest above — rather than by shuffling.  ``slot`` comes from
    :func:`answer_slot`, drawn once per question.

    >>> from fivehundred_tutor.rng import Random
    >>> ordered_choices(Random(3), 50, [10, 20, 30, 40, 60, 70], 4, 3, key=int)[3]
    50
    >>> ordered_choices(Random(3), 50, [60, 70], 4, 3, key=int) is None
    True
    """
    mark = key(answer)
    below = [o for o in others if key(o) < mark]
    above = [o for o in others if key(o) > mark]
    if not 0 <= slot < k or len(below) < slot or len(above) < k - 1 - slot:
        return None
    picks = rng.sample(below, slot) + rng.sample(above, k - 1 - slot)
    return sorted([answer, *picks], key=key)


def card_info(card: Card) -> dict[str, str]:
    """``{"code": "JD", "label": "J♦", "words": "Jack of diamonds"}`` (the joker's label is its name in the
    reader's language: "Joker", "Jolly")."""
    return {"code": card.code, "label": card.short_name, "words": card.name}


def cards_info(cards: Sequence[Card]) -> list[dict[str, str]]:
    return [card_info(c) for c in cards]


def card_in_text(card: Card) -> str:
    """A card inside a sentence: "J♥", but "the joker" (its label "Joker" reads as a name mid-sentence)."""
    return _("the joker") if card.is_joker else str(card)


def card_choice(card: Card) -> dict[str, str]:
    return {"id": card.code, "label": card.short_name, "words": card.name, "card": card.code}


def bid_text(bid: Bid) -> str:
    """A bid inside a sentence: "7♠", "10NT", and a misère by its words ("open misère", "odkryte misère")."""
    return bid.words if bid.is_misere else str(bid)


def bid_info(bid: Bid) -> dict[str, Any]:
    return {
        "code": bid.code,
        "label": bid_text(bid),
        "words": bid.words,
        "trumps": None if bid.trump is None else bid.trump.word,
    }


def public_view(question: Mapping[str, Any]) -> dict[str, Any]:
    """The question without its answer or explanation (what an exam shows)."""
    out = {k: v for k, v in question.items() if k not in _PRIVATE_KEYS}
    out["public"] = True
    return out


# ------------------------------------------------------------------ checking
def _result(correct: bool, score: float, feedback: str, explanation: str) -> dict[str, Any]:
    return {
        "correct": correct,
        "score": round(max(0.0, min(1.0, score)), 4),
        "feedback": feedback,
        "explanation": explanation,
    }


def _label(question: Mapping[str, Any], choice_id: str) -> str:
    for c in question.get("choices") or []:
        if isinstance(c, Mapping) and c.get("id") == choice_id:
            return str(c.get("label", choice_id))
    return str(choice_id)


def answer_words(question: Mapping[str, Any]) -> str:
    kind, answer = question.get("kind"), question.get("answer")
    if kind == "choice":
        return _label(question, str(answer))
    if kind == "multi":
        labels = [_label(question, a) for a in answer or []]
        return ", ".join(labels) if labels else _("none of them")
    if kind == "order":
        return " > ".join(_label(question, a) for a in answer or [])
    if kind == "number":
        fields = question.get("fields") or []
        if isinstance(answer, Mapping):
            return ", ".join(f"{f.get('label', f.get('id'))}: {answer.get(f.get('id'))}" for f in fields)
        return str(answer)
    if kind == "cards" and isinstance(answer, Mapping):
        count = answer.get("count")
        return ngettext(
            "any {count} card that keeps the rule, for example {cards}",
            "any {count} cards that keep the rule, for example {cards}",
            count if isinstance(count, int) else 2,
        ).format(count=count, cards=answer.get("example_words", ""))
    return str(answer)


class _Malformed(FiveHundredError):
    pass


def _as_id(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise _Malformed(_("expected a choice id (text), got {type}").format(type=type(value).__name__))
    return str(value).strip()


def _as_id_list(value: Any) -> list[str]:
    if isinstance(value, str):
        value = [p for p in re.split(r"[\s,;]+", value.strip()) if p]
    if not isinstance(value, (list, tuple)):
        raise _Malformed(_("expected a list of choice ids, got {type}").format(type=type(value).__name__))
    if len(value) > 200:
        raise _Malformed(_("too many items in the answer"))
    return [_as_id(v) for v in value]


_NUMBER_RE = re.compile(r"^[+-]?\d{1,6}$")


def _as_number(value: Any) -> int:
    if isinstance(value, bool):
        raise _Malformed(_("expected a number, got true/false"))
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip().replace("\u2212", "-").replace(" ", "")
        if _NUMBER_RE.match(text):
            return int(text)
        raise _Malformed(
            _("{value} is not a whole number: write digits, with a minus sign for a loss (e.g. -140)").format(
                value=repr(value)
            )
        )
    raise _Malformed(_("expected a whole number, got {type}").format(type=type(value).__name__))


def check(question: Mapping[str, Any], response: Any) -> dict[str, Any]:
    """Judge ``response`` against ``question``.

    Returns ``{"correct", "score" (0–1, partial credit), "feedback", "explanation"}``.
    A malformed response scores 0 with feedback that says what was expected.
    """
    if not isinstance(question, Mapping) or question.get("kind") not in KINDS or "answer" not in question:
        return _result(False, 0.0, _("This question cannot be checked: it has no answer (public view?)."), "")
    explanation = str(question.get("explanation", ""))
    kind = question["kind"]
    if response is None or response == "" or response == []:
        return _result(False, 0.0, _("No answer given.") + " " + answer_sentence(question), explanation)
    try:
        correct, score, detail = _CHECKERS[kind](question, response)
    except _Malformed as err:
        return _result(False, 0.0, _("Could not read the answer: {error}.").format(error=err), explanation)
    # the detail is a sentence of its own after the verdict's full stop: it starts with a capital letter
    # whatever word its template (or the translation of it) begins with ("Trafione: 1, błędne: 0, …")
    detail = detail[:1].upper() + detail[1:]
    if correct:
        feedback = _("Correct!") + (f" {detail}" if detail else "")
    elif score > 0:
        feedback = f"{partly_right(score)} {detail} {answer_sentence(question)}".replace("  ", " ")
    else:
        feedback = f"{_('Not quite.')} {detail} {answer_sentence(question)}".replace("  ", " ")
    return _result(correct, 1.0 if correct else score, feedback.strip(), explanation)


def answer_sentence(question: Mapping[str, Any]) -> str:
    """ "The answer: 8♥." (the last sentence of a feedback that was not right)."""
    return _("The answer: {answer}.").format(answer=answer_words(question))


def partly_right(score: float) -> str:
    """ "Partly right (50%)." (the first sentence of a feedback with partial credit)."""
    return _("Partly right ({percent}%).").format(percent=round(score * 100))


def _choice_ids(question: Mapping[str, Any]) -> list[str]:
    return [str(c.get("id")) for c in question.get("choices") or [] if isinstance(c, Mapping)]


def _check_choice(question: Mapping[str, Any], response: Any) -> tuple[bool, float, str]:
    if isinstance(response, (list, tuple)) and len(response) == 1:
        response = response[0]
    rid = _as_id(response)
    ids = _choice_ids(question)
    if rid not in ids:
        raise _Malformed(
            _("{choice} is not one of the choices ({choices})").format(choice=repr(rid), choices=", ".join(ids))
        )
    ok = rid == question["answer"]
    return ok, 1.0 if ok else 0.0, "" if ok else _("You chose {choice}.").format(choice=_label(question, rid))


def _check_multi(question: Mapping[str, Any], response: Any) -> tuple[bool, float, str]:
    chosen = _as_id_list(response)
    ids = _choice_ids(question)
    unknown = [c for c in chosen if c not in ids]
    if unknown:
        raise _Malformed(
            _("{given} not among the choices ({choices})").format(
                given=", ".join(map(repr, unknown)), choices=", ".join(ids)
            )
        )
    picked, answer = set(chosen), set(question["answer"])
    hits, wrong = len(picked & answer), len(picked - answer)
    missed = len(answer - picked)
    ok = picked == answer
    score = 1.0 if ok else max(0.0, (hits - wrong) / max(1, len(answer)))
    # Translators: counts of the choices picked right, picked wrong and not picked ("1 right, 1 wrong, 2 missed.")
    detail = (
        "" if ok else _("{hits} right, {wrong} wrong, {missed} missed.").format(hits=hits, wrong=wrong, missed=missed)
    )
    return ok, score, detail


def _check_order(question: Mapping[str, Any], response: Any) -> tuple[bool, float, str]:
    order = _as_id_list(response)
    answer = list(question["answer"])
    if sorted(order) != sorted(answer):
        raise _Malformed(_("put every card in order, each once: {cards}").format(cards=", ".join(sorted(answer))))
    pos = {cid: i for i, cid in enumerate(order)}
    pairs = good = 0
    for i in range(len(answer)):
        for j in range(i + 1, len(answer)):
            pairs += 1
            good += pos[answer[i]] < pos[answer[j]]
    ok = order == answer
    # Kendall's tau, cut at 0: one neighbouring swap in five cards keeps 0.8, a blind shuffle averages 0.16
    # (counting the pairs in order instead gave a blind shuffle half the points).
    score = max(0.0, 1.0 - 2.0 * (pairs - good) / max(1, pairs))
    if ok:
        return ok, 1.0, ""
    # Translators: pairs of cards whose order the learner got right, e.g. "8 of 10 pairs in the right order."
    text = ngettext("{good} of {pairs} pair in the right order.", "{good} of {pairs} pairs in the right order.", pairs)
    return ok, score, text.format(good=good, pairs=pairs)


def _check_number(question: Mapping[str, Any], response: Any) -> tuple[bool, float, str]:
    fields = [f for f in question.get("fields") or [] if isinstance(f, Mapping)]
    answer = question["answer"]
    if not fields:
        value = _as_number(response)
        ok = value == answer
        return ok, 1.0 if ok else 0.0, "" if ok else _("You wrote {value}.").format(value=value)
    ids = [str(f["id"]) for f in fields]
    if len(ids) == 1 and not isinstance(response, (Mapping, list, tuple)):
        response = {ids[0]: response}
    if isinstance(response, (list, tuple)):
        if len(response) != len(ids):
            raise _Malformed(
                ngettext("expected {n} numbers ({fields})", "expected {n} numbers ({fields})", len(ids)).format(
                    n=len(ids), fields=", ".join(str(f.get("label")) for f in fields)
                )
            )
        response = dict(zip(ids, response))
    if not isinstance(response, Mapping):
        raise _Malformed(
            _("expected numbers for {fields}").format(fields=", ".join(str(f.get("label")) for f in fields))
        )
    unknown = [k for k in response if k not in ids]
    if unknown:
        raise _Malformed(
            _("unknown field(s) {given}; fields are {fields}").format(
                given=", ".join(map(str, unknown)), fields=", ".join(ids)
            )
        )
    wrong: list[str] = []  # the boxes to look at again, by their labels: a count alone does not say which
    for box in fields:
        fid, label = str(box["id"]), str(box.get("label") or box["id"])
        given = response.get(fid)
        if given in (None, ""):
            # Translators: a number box the learner left empty, named by its label
            wrong.append(_("{label} (empty)").format(label=label))
        elif _as_number(given) != answer[fid]:
            wrong.append(label)
    right = len(ids) - len(wrong)
    ok = not wrong
    if ok:
        return ok, 1.0, ""
    text = ngettext(
        "{right} of {n} figures right; not right yet: {boxes}.",  # English: "0 of 1 figures" as before
        "{right} of {n} figures right; not right yet: {boxes}.",
        len(ids),
    )
    return ok, right / len(ids), text.format(right=right, n=len(ids), boxes=_and(wrong))


def _and(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(words) == 1:
        return words[0]
    # Translators: the end of a list: "7♣, 8♣ and 9♦" ({items} is "7♣, 8♣")
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def _card_code(value: Any) -> str:
    if not isinstance(value, str):
        raise _Malformed(_("expected a card such as 'JD' or '10♥', got {type}").format(type=type(value).__name__))
    try:
        return Card.parse(value).code
    except CardParseError as err:
        raise _Malformed(str(err)) from None


def _cards_words(codes: Sequence[str]) -> str:
    return _and([card_in_text(Card.parse(c)) for c in codes])


def _check_cards(question: Mapping[str, Any], response: Any) -> tuple[bool, float, str]:
    """A discard judged by its quality: every trump kept, every side ace kept, a side suit emptied when asked.

    A thrown trump scores 0 (the one rule the kitty question is about); a thrown ace halves the score, and
    so does a missing void where one is asked for.  A blind pick of cards scores at most a third of the
    points on average (``tests/engine/test_quiz_fairness.py`` computes it for every level).
    """
    if isinstance(response, str):
        response = [p for p in re.split(r"[\s,;]+", response.strip()) if p]
    if not isinstance(response, (list, tuple)) or len(response) > 60:
        raise _Malformed(_("expected a list of cards such as ['5S', '6C', '7C']"))
    chosen = [_card_code(v) for v in response]
    context = question.get("context") or {}
    hand = [c["code"] for c in context.get("hand", []) if isinstance(c, Mapping)]
    not_held = [c for c in chosen if c not in hand]
    if not_held:
        raise _Malformed(_("{cards} not in the hand").format(cards=", ".join(not_held)))
    if len(set(chosen)) != len(chosen):
        raise _Malformed(_("a card is listed twice"))
    answer = question["answer"]
    count = int(answer["count"])
    if len(chosen) != count:
        text = ngettext(
            "Pick exactly {count} card (you picked {picked}).",
            "Pick exactly {count} cards (you picked {picked}).",
            count,
        )
        return False, 0.0, text.format(count=count, picked=len(chosen))
    picked = set(chosen)
    if "trumps" in answer:
        trumps, aces = set(answer["trumps"]), set(answer.get("aces", []))
    else:  # recorded before aces were judged: every card to keep was a trump
        trumps, aces = set(answer.get("forbidden", [])), set()
    thrown_trumps = [c for c in chosen if c in trumps]
    if thrown_trumps:
        text = ngettext(
            "{cards} should be kept: it is a trump. Keep every trump.",
            "{cards} should be kept: they are trumps. Keep every trump.",
            len(thrown_trumps),
        )
        return False, 0.0, text.format(cards=_cards_words(thrown_trumps))
    score, detail = 1.0, []
    thrown_aces = [c for c in chosen if c in aces]
    if thrown_aces:
        score *= 0.5
        text = ngettext(
            "{cards} should be kept: an ace wins a trick. Throw losers, not winners.",
            "{cards} should be kept: aces win tricks. Throw losers, not winners.",
            len(thrown_aces),
        )
        detail.append(text.format(cards=_cards_words(thrown_aces)))
    if answer.get("need_void"):
        sides = answer.get("side_suits")
        groups = list(sides.values()) if isinstance(sides, Mapping) else answer.get("void_any_of", [])
        if not any(group and set(group) <= picked for group in groups):
            score *= 0.5
            short = [word for word, group in (sides or {}).items() if set(group) & set(_flat(answer))]
            if short:
                text = ngettext(
                    "No side suit is left empty: throw all your {suits} to be void in it.",
                    "No side suit is left empty: throw all your {suits} to be void in one.",
                    len(short),
                )
                detail.append(text.format(suits=_and([_suit_name(w) for w in short])))
            else:
                detail.append(_("No side suit is left empty."))
    ok = score == 1.0
    return ok, score, " ".join(detail)


def _suit_name(word: str) -> str:
    """A suit's English word as recorded in a question ('clubs'), in the reader's language."""
    try:
        return Suit.parse(word).local_name
    except CardParseError:
        return word


def _flat(answer: Mapping[str, Any]) -> list[str]:
    """Every card of the voids that count (``void_any_of``)."""
    return [c for group in answer.get("void_any_of", []) for c in group]


_CHECKERS: dict[str, Callable[[Mapping[str, Any], Any], tuple[bool, float, str]]] = {
    "choice": _check_choice,
    "multi": _check_multi,
    "order": _check_order,
    "number": _check_number,
    "cards": _check_cards,
}


_KEY_NUMBER_RE = re.compile(r"[+-]?[0-9]{1,6}", re.ASCII)
_SAFE_INT = 2**53 - 1  # the largest whole number JavaScript holds exactly


def _number_text(value: Any) -> str | None:
    """A whole number as canonical text ("40", "-140"), or None: read as the answer checker reads it."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        return str(value) if abs(value) <= _SAFE_INT else None
    if isinstance(value, str):
        text = value.strip().replace("\u2212", "-").replace(" ", "")
        return str(int(text)) if _KEY_NUMBER_RE.fullmatch(text) else None
    return None


def _number_values(fields: list[str], response: Any) -> list[Any] | None:
    if not fields:
        return None if isinstance(response, (Mapping, list)) else [response]
    if isinstance(response, Mapping):
        return [response.get(f) for f in fields] if all(k in fields for k in response) else None
    if isinstance(response, list):
        return response if len(response) == len(fields) else None
    return [response] if len(fields) == 1 else None


def response_key(question: Mapping[str, Any], response: Any) -> str | None:
    """The canonical text of a response: how the quiz and assignment JavaScript key verdicts (None: unreadable).

    One definition for every host: the book's saved verdicts, the assignment page and grading all use it,
    and a Node test checks the JavaScript ``responseKey`` (``widgets/src/keys.js``) against it over
    generated questions of every topic.  ``choice``: the id; ``multi``/``cards``: the ids sorted,
    ``order``: as given, joined by ","; ``number``: each field's whole number in the question's
    field order (a response is ``{field id: value}``, ``[values]``, or one value for one field or
    none), read like the checker reads it: 40, 40.0, "40", " +40 ", "−40" (U+2212).

    >>> response_key({"kind": "multi"}, ["b", "a"])
    'a,b'
    >>> response_key({"kind": "number", "fields": [{"id": "ns"}, {"id": "ew"}]}, {"ew": "20", "ns": 40})
    '40,20'
    >>> response_key({"kind": "number"}, " 40 ")
    '40'
    >>> response_key({"kind": "number"}, 40.0), response_key({"kind": "number"}, 40.5)
    ('40', None)
    """
    kind = question.get("kind")
    if response is None:
        return None
    ids = isinstance(response, list) and all(isinstance(r, str) for r in response)
    if kind == "choice":
        return response if isinstance(response, str) else None
    if kind in ("multi", "cards"):
        return ",".join(sorted(response)) if ids else None
    if kind == "order":
        return ",".join(response) if ids else None
    if kind == "number":
        fields = [str(f["id"]) for f in question.get("fields") or [] if isinstance(f, Mapping)]
        texts = [_number_text(v) for v in _number_values(fields, response) or [None]]
        return ",".join(t for t in texts if t is not None) if None not in texts else None
    return None
