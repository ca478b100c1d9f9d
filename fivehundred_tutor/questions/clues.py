"""The second hint of a question: a clue narrower than the principle, worked out from this question's cards,
bids and scores ("Exactly one trump was played in this trick…", "three of your cards may be played"),
never naming the answer.  One function per topic, named after it; the registry (:mod:`.topics`) gives each
topic its own and :func:`.hints.clue` asks it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bidding_standard import (
    COUNT_VALUES,
    NO_TRUMP_ACES,
    RAISE_TRUMPS,
    expected_support,
    trumps_needed,
    your_share,
)
from ..bids import Bid
from ..cards import JACK, Card, Suit
from ..rules import Rules
from .reading import (
    NO_TRUMP_JACKS,
    cards_of,
    contract_of,
    count_words,
    declarer_words,
    is_special,
    joker_rule,
    led_suit,
    misere_defenders,
    player_word,
    rules_of,
    sentence,
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
    contract = contract_of(q)
    trump = contract.trump if contract is not None else None
    cards = cards_of((q.get("context") or {}).get("cards"))
    if len(cards) == 2:
        suit = cards[0].suit
        assert suit is not None
        if trump is not None and suit == trump.sister:
            return (
                f"Both cards are {suit.word}, and {suit.word} have no jack while {trump.word} are trumps (it is the "
                "left bower, a trump): their order is A, K, Q, 10, 9 … down. Which of the two comes first?"
            )
        plain = "there are no trumps" if trump is None else f"{suit.word} are not trumps"
        return (
            f"Both cards are {suit.word} and {plain}, so only their ranks count: A, K, Q, J, 10, 9 … down. "
            "Which of the two comes first?"
        )
    if trump is None:
        return "Compare ranks within one suit: A, K, Q, J, 10, 9 … down."
    special = sum(1 for c in cards if is_special(c, contract))
    order = f"the joker, then the jack of {trump.word} (right bower), then the jack of {trump.sister.word} (left bower)"
    if q.get("kind") == "order":
        first = "it goes first" if special == 1 else f"they go first, in this order: {order}"
        return (
            f"{sentence(count_words(special, 'of these cards is', 'of these cards are'))} the joker or a bower: "
            f"{first}; the rest follow A, K, Q, 10, 9 … down."
        )
    if special == 1:
        return "Exactly one of these cards is the joker or a bower: either one beats the ace of trumps."
    return f"{sentence(count_words(special, 'card'))} here are the joker or a bower; among them the order is {order}."


def bowers(q: Mapping[str, Any]) -> str:
    contract = contract_of(q)
    trump = contract.trump if contract is not None else None
    context = q.get("context") or {}
    if trump is None:
        card = context.get("card")
        if isinstance(card, Mapping) and card.get("code") and Card.parse(str(card["code"])).is_joker:
            return (
                f"{NO_TRUMP_JACKS} The joker is the one card apart: in no trumps it wins any trick it is "
                "played to, and when it is led its holder names the suit to follow."
            )
        if isinstance(card, Mapping) and card.get("code"):
            c = Card.parse(str(card["code"]))
            if c.rank == JACK:
                return f"{NO_TRUMP_JACKS} Here nothing is trumps, so {c} stays in its own suit."
            return f"{NO_TRUMP_JACKS} Only the joker and the jacks can ever change suit, and {c} is neither."
        return f"{NO_TRUMP_JACKS} Only the joker is a card apart."
    if q.get("kind") == "multi":
        n = len(q.get("answer") or [])
        return (
            f"{sentence(count_words(n, 'of these cards is a trump', 'of these cards are trumps'))}: count every "
            f"{trump.word[:-1]}, both bowers and the joker."
        )
    card = context.get("card")
    if isinstance(card, Mapping) and card.get("code"):
        c = Card.parse(str(card["code"]))
        if c.is_joker:
            return f"The joker is the highest card of all while {trump.word} are trumps."
        if c.rank == JACK:
            return f"{c} is a jack: only the jack of {trump.word} and the other jack of the same colour become trumps."
        return f"Only the joker and the jacks can change suit, and {c} is neither."
    if "right bower" in str(q.get("prompt", "")):
        return "The right bower is the jack of the trump suit itself."
    return f"The left bower is the jack of the other {trump.colour} suit: {trump.word} are {trump.colour}."


def legal_plays(q: Mapping[str, Any]) -> str:
    n = len(q.get("answer") or [])
    total = len(q.get("choices") or [])
    rules = rules_of(q)
    led = led_suit(q, rules, contract_of(q))
    if led is None:
        return "Nothing has been led yet: the first card of a trick may be any card."
    contract = contract_of(q)
    if n == total:
        return f"{led.word.capitalize()} were led: do you hold any card that counts as a {led.word[:-1]}?"
    if contract is not None and contract.trump is not None:
        note = "(the left bower and the joker count as trumps)"
    else:
        hand = cards_of((q.get("context") or {}).get("hand"))
        joker = any(c.is_joker for c in hand)
        note = f"({joker_rule(rules)})" if joker else "(with no trumps, every jack stays in its own suit)"
    return f"{led.word.capitalize()} were led, and {count_words(n, 'of your cards', 'of your cards')} may be played {note}."


def trick_winner(q: Mapping[str, Any]) -> str:
    rules = rules_of(q)
    contract = contract_of(q)
    trick = cards_of((q.get("context") or {}).get("trick"))
    led = led_suit(q, rules, contract)
    led_words = led.word if led is not None else "the suit led"
    trump = contract.trump if contract is not None else None
    if trump is None:
        if any(c.is_joker for c in trick):
            return "The joker was played: in no trumps it wins any trick it is played to."
        return f"{led_words.capitalize()} were led and there are no trumps: only a {led_words[:-1]} can win."
    trumps = sum(1 for c in trick if rules.effective_suit(c, contract) == trump)
    if trumps == 0:
        return f"No trump was played in this trick, so the highest {led_words[:-1]} (the suit led) wins."
    if trumps == 1:
        return "Exactly one trump was played in this trick, and a trump beats every card of another suit."
    return (
        f"{sentence(count_words(trumps, 'trump'))} were played: the highest of them wins (the joker, the right bower, the left bower, "
        "then A, K, Q, 10 …)."
    )


def bid_values(q: Mapping[str, Any]) -> str:
    context = q.get("context") or {}
    bid = context.get("bid")
    if q.get("kind") == "choice":
        return (
            f"Work back from {context.get('points')}: take away 40; each whole 100 left is a trick above six, and "
            "what remains, divided by 20, is the suit's place (♠ 0, ♣ 1, ♦ 2, ♥ 3, NT 4)."
            + (
                " If no bid on that formula fits, think of the two calls whose values are fixed by the rules."
                if rules_of(q).misere != "never"
                else ""
            )
        )
    if isinstance(bid, Mapping) and bid.get("code"):
        b = Bid.parse(str(bid["code"]))
        if b.is_misere:
            return f"{b} is not worked out with the formula: its value is fixed by the rules (see the bid ladder)."
        places = "♠ 0, ♣ 1, ♦ 2, ♥ 3, NT 4"
        above = b.tricks - 6
        return f"{b} has {count_words(above, 'trick')} above six, and its suit's place is {b.denomination} ({places})."
    return "Work it out in three parts: 40, then the tricks above six, then the suit."


def bid_ladder(q: Mapping[str, Any]) -> str:
    rules = rules_of(q)
    context = q.get("context") or {}
    kind = q.get("kind")
    bid = context.get("bid")
    base = Bid.parse(str(bid["code"])) if isinstance(bid, Mapping) and bid.get("code") else None
    misere = " Misère and open misère have places of their own on the ladder." if rules.misere != "never" else ""
    if kind == "multi" and base is not None:
        n = len(q.get("answer") or [])
        return f"{sentence(count_words(n, 'of these bids outranks', 'of these bids outrank'))} {base}.{misere}"
    if kind == "choice" and "to_bid" not in context and base is not None:
        if base.is_misere:
            return f"{base} has its own place on the ladder, between two bids: which one is just above it?"
        # the misères are not named here: one of them may be the answer
        between = " Are the calls that are not suit bids placed between them?" if rules.misere != "never" else ""
        return (
            f"Is there a higher suit left at the {base.tricks} level? If not, the next level up begins with "
            f"spades.{between}"
        )
    return _auction_clue(q, rules)


def _auction_clue(q: Mapping[str, Any], rules: Rules) -> str:
    context = q.get("context") or {}
    who = context.get("to_bid") or "the player"
    auction = [a for a in context.get("auction") or [] if isinstance(a, Mapping)]
    passed = any(a.get("seat") == who and a.get("call") == "pass" for a in auction)
    bids = [a for a in auction if a.get("call") != "pass"]
    checks = [f"Does the call outrank the last bid, {bids[-1].get('label')}?" if bids else "No one has bid yet."]
    if passed:
        # a question, not the verdict: in the default game it would give the answer away
        if rules.bidding in ("australian", "single-round"):
            checks.append(f"{who} passed earlier: what does a pass mean for the rest of the auction?")
        else:
            checks.append(f"{who} passed earlier: under these rules, may a player who passed come back in, and when?")
    if "misère" in str(q.get("prompt", "")):
        if rules.misere == "after-seven":
            checks.append("Misère needs a bid at the 7 level earlier in this auction: is there one?")
        elif rules.misere == "never":
            checks.append("May misère be bid at all under these rules?")
        else:
            checks.append("Under these rules misère needs no 7-level bid first.")
    return " ".join(checks)


def scoring(q: Mapping[str, Any]) -> str:
    contract = contract_of(q)
    context = q.get("context") or {}
    if contract is None:
        return "Work out the declarer's side first, then the defenders."
    if contract.is_misere:
        return (
            f"{sentence(count_words(sum(int(v) for v in (context.get('tricks') or {}).values()), 'trick'))} for the "
            f"declarer: a misère is made only with none, and in misère {misere_defenders(rules_of(q))}."
        )
    tricks = context.get("tricks") or {}
    rules = rules_of(q)
    return (
        f"{sentence(declarer_words(rules))} needed {contract.tricks} tricks. Look at how many each "
        f"{player_word(rules)} took "
        f"({', '.join(f'{k}: {v}' for k, v in tricks.items())}): made or not? Then the defenders: 10 for each trick"
        + (" beyond five." if rules.defender_tricks == "beyond-five" else ".")
    )


def game_end(q: Mapping[str, Any]) -> str:
    rules = rules_of(q)
    who = player_word(rules)
    hole = f" or at {rules.hole} or below" if rules.hole is not None else ""
    declarer = "the declarer" if who == "player" else "the declaring side"
    text = (
        f"Write down each {who}'s new total (the score before plus this hand's). Is any total at "
        f"{rules.target} or more{hole}? If {declarer} made the contract and reached {rules.target}, "
        f"{declarer} wins, even if another {who} reached it too."
    )
    if rules.win_only_as_declarer:
        text += f" Under these rules a {who} wins only by making a contract as declarer."
    if rules.hole is None and rules.bars_from_winning:
        text += f" A {who} who falls to {rules.barred_from_winning_at} or below plays on but can no longer win."
    elif rules.hole is None:
        text += " Under these rules a low score does not end the game."
    return text


def misere(q: Mapping[str, Any]) -> str:
    kind = q.get("kind")
    if kind == "number":
        return scoring(q)
    if kind == "choice":
        return _auction_clue(q, rules_of(q))
    n = len(q.get("answer") or [])
    return (
        f"{sentence(count_words(n, 'of your cards is', 'of your cards are'))} safe: a card that follows suit if you can, and stays "
        "below the highest card of the suit led so far (the joker would win)."
    )


def two_player(q: Mapping[str, Any]) -> str:
    context = q.get("context") or {}
    if q.get("kind") == "multi":
        n = len(q.get("answer") or [])
        return (
            f"Only your face-up table cards count here: {count_words(n, 'of them', 'of them')} "
            f"{'follows' if n == 1 else 'follow'} the rule for the suit led."
        )
    last = context.get("last_trick")
    if isinstance(last, Mapping) and last.get("winner"):
        return (
            f"{last['winner']} won the last trick, with a card from the {last.get('source', 'hand')}: the winner "
            "leads, and the trick starts with the two cards from that same place."
        )
    return f"In the first trick {context.get('declarer', 'the declarer')}, the declarer, leads with a hand card."


def kitty(q: Mapping[str, Any]) -> str:
    answer = q.get("answer") or {}
    if not isinstance(answer, Mapping):
        return ""
    keep = list(answer.get("forbidden") or [])
    trumps = list(answer.get("trumps", keep))
    aces = [c for c in keep if c not in trumps]
    count = answer.get("count", 3)
    free = len(q.get("choices") or []) - len(keep)
    held = count_words(len(trumps), "trump") + (f" and {count_words(len(aces), 'side ace')}" if aces else "")
    text = (
        f"You hold {held} (the bowers and the joker counted as trumps): keep them all, which leaves "
        f"{free} cards to choose {count} from."
    )
    if answer.get("need_void"):
        text += f" Look for a side suit with {count} cards or fewer and no ace: discarding all of it leaves you void."
    return text


def hand_judging(q: Mapping[str, Any]) -> str:
    """The book's bidding standard, as a method (bidding_standard): the trumps, the count, the raise."""
    rules = rules_of(q)
    text = (
        f"For each bid, count your trumps in its suit (the bowers and the joker too): {trumps_needed(6)} for a 6 bid, "
        f"{trumps_needed(7)} from 7 up. Then your own tricks + about {expected_support(rules):g} from partner and the "
        f"kitty, rounded to the nearest trick, must reach the bid. No trumps wants the joker or {NO_TRUMP_ACES} aces, "
        f"and each suit with no stopper takes {-COUNT_VALUES['nt no stopper']:g} off the count."
    )
    if (q.get("context") or {}).get("auction"):
        text += (
            f" Raising partner's suit: your own tricks + partner's level − {your_share(rules):g}, with "
            f"{RAISE_TRUMPS} trumps of your own; a new suit over partner's bid needs a trick to spare."
        )
    return text


def play_decision(q: Mapping[str, Any]) -> str:
    n = len(q.get("answer") or []) if isinstance(q.get("answer"), list) else 1
    prompt = str(q.get("prompt", ""))
    if "as cheaply" in prompt:
        rules, contract = rules_of(q), contract_of(q)
        context = q.get("context") or {}
        trick, hand = cards_of(context.get("trick")), cards_of(context.get("hand"))
        named = context.get("joker_suit")
        joker = Suit.parse(str(named)) if named else None
        legal = rules.legal_plays(hand, trick, contract, joker)
        wins = sum(1 for c in legal if rules.trick_winner([*trick, c], contract, joker) == len(trick))
        return (
            f"{sentence(count_words(wins, 'of your cards', 'of your cards'))} would win this trick: of those, which is "
            "the lowest?"
        )
    if "partner" in prompt and "leave the trick" in prompt:
        return f"Which of your cards would not beat your partner's card? {sentence(count_words(n, 'card does', 'cards do'))} that."
    return (
        f"Play the ending out in your head for each card: {count_words(n, 'choice keeps', 'choices keep')} the best result "
        "for your side."
    )


def defence(q: Mapping[str, Any]) -> str:
    prompt = str(q.get("prompt", ""))
    if "as cheaply" in prompt or ("partner" in prompt and "leave the trick" in prompt):
        return play_decision(q)
    n = len(q.get("answer") or [])
    contract = contract_of(q)
    if contract is not None and contract.is_misere:
        return (
            f"Play each card out in your head: {count_words(n, 'choice forces', 'choices force')} the declarer to win a "
            "trick sooner or later, whatever the declarer plays."
        )
    return (
        f"Play each card out in your head, the declarer's side playing its best: "
        f"{count_words(n, 'choice holds', 'choices hold')} them to the fewest tricks."
    )
