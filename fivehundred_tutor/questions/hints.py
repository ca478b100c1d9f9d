"""Hints and verdict words for a generated question: a ladder that never gives the answer away.

A quiz shows *Hint* before the learner answers (and after a miss, the next hint not yet read):

1. the principle: the question a player should ask themself ("Which cards are trumps in hearts?");
2. a clue narrower than the principle, worked out from this question's cards, bids and scores
   ("Exactly one trump was played in this trick…", "3 of your cards may be played"), still without
   naming the answer.

The answer itself comes only when the learner asks for it (*Show the answer*) or after a second miss.
After an answer the quiz shows one sentence of why (:func:`verdict_detail`) without restating the
verdict ("Right" / "Not yet" is the front end's heading): no "Correct!", no "Not quite.".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from .clues import clue
from .core import answer_words, check
from .reading import (
    NO_TRUMP_JACKS,
    contract_of,
    defenders_words,
    joker_rule,
    misere_defenders,
    needs_void,
    player_word,
    rules_of,
    sentence,
    trumps_word,
)

__all__ = ["clue", "hints", "principle", "verdict_detail"]


def _hierarchy(q: Mapping[str, Any]) -> str:
    trumps = trumps_word(q)
    if trumps and len(q.get("choices") or ()) > 2:
        # three or more cards: all trumps (the two-card questions are side-suit cards)
        return (
            f"All these cards are trumps in {trumps}. Is one of them the joker, or a jack (the right or left "
            "bower)? Those come first; the others follow in the order ace, king, queen, 10, 9 …"
        )
    if trumps:
        return f"Which cards are trumps in {trumps}, and does either card belong to the trump suit?"
    return f"{NO_TRUMP_JACKS} Each suit keeps its own order, from the ace down."


def _bowers(q: Mapping[str, Any]) -> str:
    trumps = trumps_word(q)
    if trumps:
        return f"Which cards are trumps in {trumps}? Remember the jack of the other suit of the same colour."
    # no trumps, no bowers: the trump-suit question would teach the opposite
    return f"{NO_TRUMP_JACKS} Is the card a jack, or the joker?"


def _legal(q: Mapping[str, Any]) -> str:
    if trumps_word(q):
        return (
            "Which suit was led, and which of your cards belong to it (the left bower and the joker belong to the "
            "trump suit)? You must follow that suit if you can."
        )
    # no trumps: no bowers, and the joker has a rule of its own
    return (
        "Which suit was led (when the joker is led, the suit its holder names)? You must follow that suit if you "
        f"can. {NO_TRUMP_JACKS} {sentence(joker_rule(rules_of(q)))}."
    )


def _winner(q: Mapping[str, Any]) -> str:
    trumps = trumps_word(q)
    if trumps:
        return f"Was a trump played (any {trumps[:-1]}, either bower, the joker)? If not, which suit was led?"
    return "With no trumps the joker wins; otherwise which suit was led, and who played its highest card?"


_PRINCIPLES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "card-hierarchy": _hierarchy,
    "bowers": _bowers,
    "legal-plays": _legal,
    "trick-winner": _winner,
    "bid-values": lambda q: (
        "A bid is worth 40 + 100 for each trick above 6 + 20 × the suit's place (♠ 0, ♣ 1, ♦ 2, ♥ 3, NT 4)."
        + (" Misère and open misère have values of their own." if rules_of(q).misere != "never" else "")
    ),
    "bid-ladder": lambda q: _ladder(q),
    "scoring": lambda q: _scoring(q),
    "game-end": lambda q: _game_end(q),
    "misere": lambda q: _misere(q),
    "two-player": lambda q: "Who leads, and in what order are hand cards and table cards played?",
    "kitty": lambda q: (
        "Which of your cards are trumps (both bowers and the joker too)? Keep them, and keep your aces: throw low "
        "side cards" + (", emptying a short side suit so that you can trump it." if needs_void(q) else ".")
    ),
    "hand-judging": lambda q: (
        "Count the tricks you expect to take: the joker, the bowers and top trumps, then side aces. How many, with some help from partner?"
    ),
    "play-decision": lambda q: (
        "Count what you need: how many tricks must your side still take, and which cards can take them?"
    ),
    "defence": lambda q: _defence(q),
}


def _ladder(q: Mapping[str, Any]) -> str:
    rules = rules_of(q)
    misere = " Where do misère and open misère sit?" if rules.misere != "never" else ""
    if "to_bid" in (q.get("context") or {}):
        return "A bid must outrank the last bid, and only a player still in the auction may bid." + misere
    if q.get("kind") == "choice" and rules.misere != "never":
        misere = " The calls that are not suit bids have places of their own."  # one of them may be the answer
    return "Bids rank by the number of tricks first, then by suit: ♠ < ♣ < ♦ < ♥ < NT." + misere


def _scoring(q: Mapping[str, Any]) -> str:
    rules, contract = rules_of(q), contract_of(q)
    if contract is not None and contract.is_misere:
        return (
            "A misère is made only if the declarer takes no trick at all: made, it scores its value; one trick "
            f"taken and it loses it. In misère {misere_defenders(rules)}."
        )
    return (
        "Did the declarer's side take at least the tricks they bid? Then they score the bid's value; if not, they "
        f"lose it. Then {defenders_words(rules)}."
    )


def _game_end(q: Mapping[str, Any]) -> str:
    rules = rules_of(q)
    hole = f", or fallen to {rules.hole}" if rules.hole is not None else ""
    return (
        f"Add this hand's scores to the running totals first: has a {player_word(rules)} reached {rules.target}{hole}?"
    )


def _misere(q: Mapping[str, Any]) -> str:
    kind = q.get("kind")
    if kind == "number":
        return _scoring(q)
    if kind == "choice":
        return "Misère is a call on the bid ladder: when may it be bid under these rules, and does it outrank the last bid?"
    return "In misère the declarer must take no trick at all: one trick taken and the contract fails."


def _defence(q: Mapping[str, Any]) -> str:
    contract = contract_of(q)
    if contract is not None and contract.is_misere:
        return (
            "Against a misère the defenders want the declarer to win a trick: which of the declarer's cards can "
            "never get under yours, and which card makes one of them win?"
        )
    if "partner" in str(q.get("prompt", "")) and "leave the trick" in str(q.get("prompt", "")):
        return "Your partner's card is already winning: what does overtaking it gain, and what does it cost?"
    return "As a defender, count the tricks the declarer's side still needs: which of your cards can stop one?"


def principle(question: Mapping[str, Any]) -> str:
    """The first hint: the question a player should ask themself (it never gives the answer)."""
    make = _PRINCIPLES.get(str(question.get("topic", "")))
    if make is not None:
        return make(question)
    return "Read the question again: which rule decides it?"


def hints(question: Mapping[str, Any]) -> list[str]:
    """``[principle, clue]``: the hint ladder, in the order a learner reads it.  Neither names the answer;
    the answer waits for *Show the answer* (the quiz's ``answer_words`` and ``explanation``)."""
    first = principle(question)
    second = clue(question)
    return [first, second] if second != first else [first]


def verdict_detail(question: Mapping[str, Any], response: Any) -> tuple[bool, str]:
    """``(correct, one sentence)`` for a response, without "Correct!" / "Not quite." / "The answer:".

    The sentence says what was wrong with this response ("You chose 8♥.",
    "1 right, 1 wrong, 2 missed.") or is empty; the reason itself is the question's explanation.
    """
    result = check(question, response)
    text = str(result["feedback"])
    words = answer_words(question)
    for prefix in ("Correct!", "Not quite."):
        if text.startswith(prefix):
            text = text[len(prefix) :]
    text = re.sub(r"^Partly right \((\d+)%\)\.", r"Partly right (\1%).", text)
    tail = f"The answer: {words}."
    if text.rstrip().endswith(tail):
        text = text.rstrip()[: -len(tail)]
    return bool(result["correct"]), " ".join(text.split())
