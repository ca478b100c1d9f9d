"""Reading a generated question for its hints: its rules, contract and cards, and words for counts and rules.

Shared by the principles (:mod:`.hints`) and the clues (:mod:`.clues`); every rule a hint states in
words comes from here, read from the question's own ``rules`` (the variant said as such).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bids import Bid
from ..cards import JACK, Card, Suit
from ..explain import suit_one
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..i18n import per_language, pgettext
from ..rules import Rules, RulesError

__all__ = [
    "NO_TRUMP_JACKS",
    "aim",
    "cards_of",
    "contract_of",
    "count_words",
    "declarer_words",
    "defenders_words",
    "is_special",
    "joker_rule",
    "led_suit",
    "local_name",
    "misere_defenders",
    "needs_void",
    "number_word",
    "partnerships",
    "player_word",
    "rules_of",
    "sentence",
    "suit_one",
    "trumps_suit",
    "trumps_word",
]


#: What every bower hint says under a no-trump contract (there are no bowers then); English: ``_()`` it when shown.
NO_TRUMP_JACKS = N_("With no trumps there are no bowers: every jack is a plain jack of its own suit.")


def trumps_word(question: Mapping[str, Any]) -> str | None:
    contract = (question.get("context") or {}).get("contract")
    if isinstance(contract, Mapping):
        trumps = contract.get("trumps")
        return str(trumps) if trumps else None
    return None


def trumps_suit(question: Mapping[str, Any]) -> Suit | None:
    """The trump suit of the question's contract (None: no contract, or no trumps)."""
    word = trumps_word(question)
    try:
        return Suit.parse(word) if word else None
    except ValueError:
        return None


def rules_of(q: Mapping[str, Any]) -> Rules:
    try:
        return Rules.coerce(q.get("rules") or {})
    except (RulesError, TypeError):
        return Rules()


def contract_of(q: Mapping[str, Any]) -> Bid | None:
    contract = (q.get("context") or {}).get("contract")
    if isinstance(contract, Mapping) and contract.get("code"):
        return Bid.parse(str(contract["code"]))
    return None


def cards_of(items: Any) -> list[Card]:
    return [Card.parse(str(item["code"])) for item in items or [] if isinstance(item, Mapping) and item.get("code")]


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _build_numbers() -> tuple[str, ...]:
    return (
        # Translators: a count in words before a noun ("no tricks", "two cards"); digits are fine where the
        # language would have to decline the word
        pgettext("count", "no"),
        pgettext("count", "one"),
        pgettext("count", "two"),
        pgettext("count", "three"),
        pgettext("count", "four"),
        pgettext("count", "five"),
        pgettext("count", "six"),
        pgettext("count", "seven"),
        pgettext("count", "eight"),
        pgettext("count", "nine"),
        pgettext("count", "ten"),
    )


_numbers = per_language(_build_numbers)


def number_word(n: int) -> str:
    """``n`` in words up to ten, in the reader's language ("two"; "no" for 0), else in digits: the
    ``{count}`` of a counted hint (``ngettext(…, n).format(count=number_word(n))``)."""
    return _numbers()[n] if 0 <= n < len(_NUMBERS) else str(n)


def count_words(n: int, one: str, many: str | None = None) -> str:
    """``count_words(2, "trick")`` → "two tricks"; numbers in words up to ten, as a learner reads them
    (English only: a hint in the reader's language counts with :func:`number_word` and ``ngettext``)."""
    number = _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)
    return f"{number} {one if n == 1 else (many or one + 's')}"


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def joker_rule(rules: Rules) -> str:
    """When the joker may be played to a trick in no trumps, under ``rules`` (the variant said as such)."""
    if rules.joker_any_time:
        return _("in this variant the joker may be played at any time, even when you could follow suit")
    return _("the joker may be played only when you cannot follow suit")


def partnerships(rules: Rules) -> bool:
    """Do the players play in sides (the hints say "side", not "player")?"""
    return not all(len(side) == 1 for side in rules.sides)


def player_word(rules: Rules) -> str:
    """ "side" (partnerships), or "player" when each plays for themselves (two, three or five players)."""
    return "player" if all(len(side) == 1 for side in rules.sides) else "side"


def declarer_words(rules: Rules) -> str:
    """ "the declaring side" (partnerships), or "the declarer" when each plays for themselves."""
    return "the declarer" if player_word(rules) == "player" else "the declaring side"


def defenders_words(rules: Rules) -> str:
    """What the defenders score for their tricks under ``rules`` (the variant said as such)."""
    if rules.defenders_score_beyond_five:
        return _("the defenders score 10 for each trick they take beyond five (this variant)")
    return _("the defenders score 10 for each trick they take")


def misere_defenders(rules: Rules) -> str:
    if rules.misere_defenders_score:
        return _("the defenders score their tricks too (this variant)")
    return _("the defenders score nothing for their tricks")


def needs_void(q: Mapping[str, Any]) -> bool:
    answer = q.get("answer")
    return isinstance(answer, Mapping) and bool(answer.get("need_void"))


def is_special(card: Card, contract: Bid | None) -> bool:
    """The joker or a bower under ``contract``."""
    trump = contract.trump if contract is not None else None
    return card.is_joker or (trump is not None and card.rank == JACK and card.suit in (trump, trump.sister))


def led_suit(q: Mapping[str, Any], rules: Rules, contract: Bid | None) -> Suit | None:
    trick = cards_of((q.get("context") or {}).get("trick"))
    if not trick:
        return None
    named = (q.get("context") or {}).get("joker_suit")
    if trick[0].is_joker and named:
        return Suit.parse(str(named))
    return rules.effective_suit(trick[0], contract)


def aim(q: Mapping[str, Any]) -> str:
    """What a play question asks, whatever the language of its prompt: ``"cheap"`` (win the trick as
    cheaply as possible), ``"partner"`` (leave the trick with partner), ``"throw"`` (no card of the suit
    led: trump it or throw a card away), or ``""`` (play the ending out; every other question)."""
    topic, level = q.get("topic"), q.get("difficulty")
    if topic in ("play-decision", "defence") and level in (1, 2, 3):
        rules = rules_of(q)
        partner = bool(rules.partnerships) and rules.players in (4, 6)  # play.partners_play
        if topic == "play-decision":
            return {1: "cheap", 2: "partner" if partner else "cheap", 3: ""}[level]
        return {1: "partner" if partner else "cheap", 2: "throw", 3: ""}[level]
    prompt = str(q.get("prompt", ""))  # a question made elsewhere: its English prompt
    if "as cheaply" in prompt:
        return "cheap"
    if "partner" in prompt and "leave the trick" in prompt:
        return "partner"
    if "no card of the suit led" in prompt:
        return "throw"
    return ""


def local_name(rules: Rules, name: str) -> str:
    """A seat's or a side's English name as a question records it ("North", "North–South"), in the
    reader's language; any other text unchanged."""
    for seat, english in enumerate(rules.seat_names):
        if english == name:
            return rules.local_seat_name(seat)
    for side in range(len(rules.sides)):
        if rules.side_name(side) == name:
            return rules.local_side_name(side)
    # a seat of other rules (a 2-player question asked under 3- or 5-player rules): the seat's word
    return pgettext("seat", name)
