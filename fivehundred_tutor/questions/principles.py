"""The first hint of each topic: the principle, the question a player should ask themself
("Which cards are trumps in hearts?"), said for this question's contract and rules and never naming the
answer.  One function per topic, named after it; the registry (:mod:`.topics`) gives each topic its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .reading import (
    NO_TRUMP_JACKS,
    contract_of,
    declarer_words,
    defenders_words,
    joker_rule,
    misere_defenders,
    needs_void,
    player_word,
    rules_of,
    sentence,
    trumps_word,
)

__all__ = [
    "bid_ladder",
    "bid_values",
    "bowers",
    "card_hierarchy",
    "defence",
    "game_end",
    "hand_judging",
    "kitty",
    "legal_plays",
    "misere",
    "play_decision",
    "scoring",
    "trick_winner",
    "two_player",
]


def card_hierarchy(q: Mapping[str, Any]) -> str:
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


def bowers(q: Mapping[str, Any]) -> str:
    trumps = trumps_word(q)
    if trumps:
        return f"Which cards are trumps in {trumps}? Remember the jack of the other suit of the same colour."
    # no trumps, no bowers: the trump-suit question would teach the opposite
    return f"{NO_TRUMP_JACKS} Is the card a jack, or the joker?"


def bid_values(q: Mapping[str, Any]) -> str:
    own = " Misère and open misère have values of their own." if rules_of(q).misere != "never" else ""
    return "A bid is worth 40 + 100 for each trick above 6 + 20 × the suit's place (♠ 0, ♣ 1, ♦ 2, ♥ 3, NT 4)." + own


def bid_ladder(q: Mapping[str, Any]) -> str:
    rules = rules_of(q)
    places = " Where do misère and open misère sit?" if rules.misere != "never" else ""
    if "to_bid" in (q.get("context") or {}):
        # the misère places only when the call asked about is one (not a distraction from a 7♦ question)
        asked = places if "misère" in str(q.get("prompt", "")) else ""
        return "A bid must outrank the last bid, and only a player still in the auction may bid." + asked
    if q.get("kind") == "choice" and rules.misere != "never":
        places = " The calls that are not suit bids have places of their own."  # one of them may be the answer
    return "Bids rank by the number of tricks first, then by suit: ♠ < ♣ < ♦ < ♥ < NT." + places


def legal_plays(q: Mapping[str, Any]) -> str:
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


def trick_winner(q: Mapping[str, Any]) -> str:
    trumps = trumps_word(q)
    if trumps:
        return f"Was a trump played (any {trumps[:-1]}, either bower, the joker)? If not, which suit was led?"
    return "With no trumps the joker wins; otherwise which suit was led, and who played its highest card?"


def scoring(q: Mapping[str, Any]) -> str:
    rules, contract = rules_of(q), contract_of(q)
    if contract is not None and contract.is_misere:
        return (
            "A misère is made only if the declarer takes no trick at all: made, it scores its value; one trick "
            f"taken and it loses it. In misère {misere_defenders(rules)}."
        )
    return (
        f"Did {declarer_words(rules)} take at least the tricks bid? Then the bid's value is scored; if not, it is "
        f"lost. Then {defenders_words(rules)}."
    )


def game_end(q: Mapping[str, Any]) -> str:
    rules = rules_of(q)
    hole = f", or fallen to {rules.hole}" if rules.hole is not None else ""
    return (
        f"Add this hand's scores to the running totals first: has a {player_word(rules)} reached {rules.target}{hole}?"
    )


def misere(q: Mapping[str, Any]) -> str:
    kind = q.get("kind")
    if kind == "number":
        return scoring(q)
    if kind == "choice":
        return "Misère is a call on the bid ladder: when may it be bid under these rules, and does it outrank the last bid?"
    return "In misère the declarer must take no trick at all: one trick taken and the contract fails."


def two_player(q: Mapping[str, Any]) -> str:
    if q.get("kind") == "multi":  # which table cards may be played
        return "You play a hand card and a table card to each trick: each must follow the suit led if that source can."
    return "Who leads, and in what order are hand cards and table cards played?"


def kitty(q: Mapping[str, Any]) -> str:
    return (
        "Which of your cards are trumps (both bowers and the joker too)? Keep them, and keep your aces: throw low "
        "side cards" + (", emptying a short side suit so that you can trump it." if needs_void(q) else ".")
    )


def hand_judging(q: Mapping[str, Any]) -> str:
    return (
        "Count the tricks you expect to take: the joker, the bowers and top trumps, then side aces. How many, with "
        "some help from partner?"
    )


def defence(q: Mapping[str, Any]) -> str:
    contract = contract_of(q)
    if contract is not None and contract.is_misere:
        return (
            "Against a misère the defenders want the declarer to win a trick: which of the declarer's cards can "
            "never get under yours, and which card makes one of them win?"
        )
    if "partner" in str(q.get("prompt", "")) and "leave the trick" in str(q.get("prompt", "")):
        return "Your partner's card is already winning: what does overtaking it gain, and what does it cost?"
    return "As a defender, count the tricks the declarer's side still needs: which of your cards can stop one?"


def play_decision(q: Mapping[str, Any]) -> str:
    return "Count what you need: how many tricks must your side still take, and which cards can take them?"
