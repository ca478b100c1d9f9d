"""Reading a generated question for its hints: its rules, contract and cards, and words for counts and rules.

Shared by the principles (:mod:`.hints`) and the clues (:mod:`.clues`); every rule a hint states in
words comes from here, read from the question's own ``rules`` (the variant said as such).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bids import Bid
from ..cards import JACK, Card, Suit
from ..rules import Rules, RulesError

__all__ = [
    "NO_TRUMP_JACKS",
    "cards_of",
    "contract_of",
    "count_words",
    "declarer_words",
    "defenders_words",
    "is_special",
    "joker_rule",
    "led_suit",
    "misere_defenders",
    "needs_void",
    "player_word",
    "rules_of",
    "sentence",
    "trumps_word",
]


#: What every bower hint says under a no-trump contract (there are no bowers then).
NO_TRUMP_JACKS = "With no trumps there are no bowers: every jack is a plain jack of its own suit."


def trumps_word(question: Mapping[str, Any]) -> str | None:
    contract = (question.get("context") or {}).get("contract")
    if isinstance(contract, Mapping):
        trumps = contract.get("trumps")
        return str(trumps) if trumps else None
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


def count_words(n: int, one: str, many: str | None = None) -> str:
    """``count_words(2, "trick")`` → "two tricks"; numbers in words up to ten, as a learner reads them."""
    number = _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)
    return f"{number} {one if n == 1 else (many or one + 's')}"


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def joker_rule(rules: Rules) -> str:
    """When the joker may be played to a trick in no trumps, under ``rules`` (the variant said as such)."""
    if rules.joker_no_trumps == "any-time":
        return "in this variant the joker may be played at any time, even when you could follow suit"
    return "the joker may be played only when you cannot follow suit"


def player_word(rules: Rules) -> str:
    """ "side" (partnerships), or "player" when each plays for themselves (two, three or five players)."""
    return "player" if all(len(side) == 1 for side in rules.sides) else "side"


def declarer_words(rules: Rules) -> str:
    """ "the declaring side" (partnerships), or "the declarer" when each plays for themselves."""
    return "the declarer" if player_word(rules) == "player" else "the declaring side"


def defenders_words(rules: Rules) -> str:
    """What the defenders score for their tricks under ``rules`` (the variant said as such)."""
    if rules.defender_tricks == "beyond-five":
        return "the defenders score 10 for each trick they take beyond five (this variant)"
    return "the defenders score 10 for each trick they take"


def misere_defenders(rules: Rules) -> str:
    if rules.misere_defenders_score:
        return "the defenders score their tricks too (this variant)"
    return "the defenders score nothing for their tricks"


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
