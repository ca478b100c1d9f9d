"""The first hint of each topic: the principle, the question a player should ask themself
("Which cards are trumps in hearts?"), said for this question's contract and rules and never naming the
answer.  One function per topic, named after it; the registry (:mod:`.topics`) gives each topic its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import Card
from ..i18n import gettext as _
from .reading import (
    NO_TRUMP_JACKS,
    aim,
    contract_of,
    defenders_words,
    joker_rule,
    misere_defenders,
    needs_void,
    partnerships,
    rules_of,
    sentence,
    suit_one,
    trumps_suit,
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
    trump = trumps_suit(q)
    if trump is not None and len(q.get("choices") or ()) > 2:
        # three or more cards: all trumps (the two-card questions are side-suit cards)
        return _(
            "All these cards are trumps in {trumps}. Is one of them the joker, or a jack (the right or left "
            "bower)? Those come first; the others follow in the order ace, king, queen, 10, 9 …"
        ).format(trumps=trump.local_name)
    if trump is not None:
        return _("Which cards are trumps in {trumps}, and does either card belong to the trump suit?").format(
            trumps=trump.local_name
        )
    return _(NO_TRUMP_JACKS) + " " + _("Each suit keeps its own order, from the ace down.")


def bowers(q: Mapping[str, Any]) -> str:
    trump = trumps_suit(q)
    if trump is not None:
        return _("Which cards are trumps in {trumps}? Remember the jack of the other suit of the same colour.").format(
            trumps=trump.local_name
        )
    # no trumps, no bowers: the trump-suit question would teach the opposite
    return _(NO_TRUMP_JACKS) + " " + _("Is the card a jack, or the joker?")


def bid_values(q: Mapping[str, Any]) -> str:
    text = _("A bid is worth 40 + 100 for each trick above 6 + 20 × the suit's place (♠ 0, ♣ 1, ♦ 2, ♥ 3, NT 4).")
    if rules_of(q).misere_allowed:
        text += " " + _("Misère and open misère have values of their own.")
    return text


def bid_ladder(q: Mapping[str, Any]) -> str:
    rules = rules_of(q)
    places = " " + _("Where do misère and open misère sit?") if rules.misere_allowed else ""
    if "to_bid" in (q.get("context") or {}):
        # the misère places only when the call asked about is one (not a distraction from a 7♦ question)
        asked = places if "misère" in str(q.get("prompt", "")) else ""
        return _("A bid must outrank the last bid, and only a player still in the auction may bid.") + asked
    if q.get("kind") == "choice" and rules.misere_allowed:
        places = " " + _("The calls that are not suit bids have places of their own.")  # one of them may be the answer
    return _("Bids rank by the number of tricks first, then by suit: ♠ < ♣ < ♦ < ♥ < NT.") + places


def legal_plays(q: Mapping[str, Any]) -> str:
    if trumps_suit(q) is not None:
        return _(
            "Which suit was led, and which of your cards belong to it (the left bower and the joker belong to the "
            "trump suit)? You must follow that suit if you can."
        )
    # no trumps: no bowers, and the joker has a rule of its own
    return (
        _(
            "Which suit was led (when the joker is led, the suit its holder names)? You must follow that suit if you can."
        )
        + " "
        + _(NO_TRUMP_JACKS)
        + " "
        + sentence(joker_rule(rules_of(q)))
        + "."
    )


def trick_winner(q: Mapping[str, Any]) -> str:
    trump = trumps_suit(q)
    if trump is not None:
        # Translators: {trump} is one card of the trump suit ("heart"), as in "any heart"
        return _("Was a trump played (any {trump}, either bower, the joker)? If not, which suit was led?").format(
            trump=suit_one(trump)
        )
    return _("With no trumps the joker wins; otherwise which suit was led, and who played its highest card?")


def scoring(q: Mapping[str, Any]) -> str:
    rules, contract = rules_of(q), contract_of(q)
    if contract is not None and contract.is_misere:
        return _(
            "A misère is made only if the declarer takes no trick at all: made, it scores its value; one trick "
            "taken and it loses it. In misère {defenders}."
        ).format(defenders=misere_defenders(rules))
    if partnerships(rules):
        text = _(
            "Did the declaring side take at least the tricks bid? Then the bid's value is scored; if not, it is lost."
        )
    else:
        text = _("Did the declarer take at least the tricks bid? Then the bid's value is scored; if not, it is lost.")
    return text + " " + _("Then {defenders}.").format(defenders=defenders_words(rules))


def game_end(q: Mapping[str, Any]) -> str:
    rules = rules_of(q)
    side = partnerships(rules)
    if rules.hole is not None:
        if side:
            text = _(
                "Add this hand's scores to the running totals first: has a side reached {target}, or fallen to {hole}?"
            )
        else:
            text = _(
                "Add this hand's scores to the running totals first: has a player reached {target}, or fallen to {hole}?"
            )
    elif side:
        text = _("Add this hand's scores to the running totals first: has a side reached {target}?")
    else:
        text = _("Add this hand's scores to the running totals first: has a player reached {target}?")
    return text.format(target=rules.target, hole=rules.hole)


def misere(q: Mapping[str, Any]) -> str:
    kind = q.get("kind")
    if kind == "number":
        return scoring(q)
    if kind == "choice":
        return _(
            "Misère is a call on the bid ladder: when may it be bid under these rules, and does it outrank the last bid?"
        )
    return _("In misère the declarer must take no trick at all: one trick taken and the contract fails.")


def two_player(q: Mapping[str, Any]) -> str:
    if q.get("kind") == "multi":  # which table cards may be played
        return _(
            "You play a hand card and a table card to each trick: each must follow the suit led if that source can."
        )
    return _("Who leads, and in what order are hand cards and table cards played?")


def kitty(q: Mapping[str, Any]) -> str:
    if needs_void(q):
        return _(
            "Which of your cards are trumps (both bowers and the joker too)? Keep them, and keep your aces: throw low "
            "side cards, emptying a short side suit so that you can trump it."
        )
    return _(
        "Which of your cards are trumps (both bowers and the joker too)? Keep them, and keep your aces: throw low "
        "side cards."
    )


def hand_judging(q: Mapping[str, Any]) -> str:
    return _(
        "Count the tricks you expect to take: the joker, the bowers and top trumps, then side aces. How many, with "
        "some help from partner?"
    )


def defence(q: Mapping[str, Any]) -> str:
    contract = contract_of(q)
    if contract is not None and contract.is_misere:
        return _(
            "Against a misère the defenders want the declarer to win a trick: which of the declarer's cards can "
            "never get under yours, and which card makes one of them win?"
        )
    task = aim(q)
    if task == "partner":
        return _("Your partner's card is already winning: what does overtaking it gain, and what does it cost?")
    if task == "throw":
        trump = trumps_suit(q)
        if trump is not None:
            return _(
                "You have no card of the suit led, so you may trump it (with a {trump}) or throw a card away. Which "
                "of your cards will the later tricks need (a trump, a guard for a high card, a card of a suit the "
                "declarer's side must still lead), and which can go without giving the declarer's side a trick?"
            ).format(trump=suit_one(trump))
        return _(
            "You have no card of the suit led, so you may only throw a card away. Which of your cards will the later "
            "tricks need (a guard for a high card, a card of a suit the declarer's side must still lead), and which "
            "can go without giving the declarer's side a trick?"
        )
    return _("As a defender, count the tricks the declarer's side still needs: which of your cards can stop one?")


def _led_trump(q: Mapping[str, Any]) -> str:
    """A sentence when the card led is a trump that does not look like one (a bower of the other suit, the
    joker): then the suit led is the trump suit.  Empty otherwise."""
    contract, trick = contract_of(q), (q.get("context") or {}).get("trick") or []
    if contract is None or contract.trump is None or not trick or not isinstance(trick[0], Mapping):
        return ""
    led = Card.parse(str(trick[0].get("code")))
    if led.suit == contract.trump or rules_of(q).effective_suit(led, contract) != contract.trump:
        return ""
    if led.suit is None:
        text = _("The card led is the joker: a trump, so {trumps} were led.")
    else:
        text = _("The card led is {card}, the left bower: a trump, so {trumps} were led.")
    return text.format(card=led, trumps=contract.trump.local_name) + " "


def play_decision(q: Mapping[str, Any]) -> str:
    """The principle of the question asked: win cheaply, leave partner's trick alone, or play the ending out."""
    task = aim(q)
    trump = trumps_suit(q)
    if trump is not None:
        beats = _("a higher card of the suit led, or a trump ({trumps}) when you cannot follow suit").format(
            trumps=trump.local_name
        )
    else:
        beats = _("a higher card of the suit led; with no trumps, no other suit can win it")
    if task == "cheap":
        return _led_trump(q) + _(
            "Which card is winning this trick so far, and which of your cards would beat it ({beats})? "
            "Of those, the cheapest wins just as well and keeps your higher cards for later tricks."
        ).format(beats=beats)
    if task == "partner":
        return _(
            "Your partner's card is winning this trick. You must follow the suit led if you can: of the cards you may "
            "play, which would beat it ({beats}), and which would leave it winning?"
        ).format(beats=beats)
    return _(
        "Every hand is shown: for each card you may play, follow the play to the end in your head, counting the "
        "tricks each side takes. Which card lets the other side take a trick it could not take otherwise?"
    )
