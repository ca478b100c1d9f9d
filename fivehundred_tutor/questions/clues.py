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
from ..i18n import decimal, ngettext
from ..i18n import gettext as _
from ..rules import Rules
from .reading import (
    NO_TRUMP_JACKS,
    aim,
    cards_of,
    contract_of,
    is_special,
    joker_rule,
    led_suit,
    local_name,
    misere_defenders,
    number_word,
    partnerships,
    rules_of,
    sentence,
    suit_one,
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
            return _(
                "Both cards are {suits}, and {suits} have no jack while {trumps} are trumps (it is the left bower, "
                "a trump): their order is A, K, Q, 10, 9 … down. Which of the two comes first?"
            ).format(suits=suit.local_name, trumps=trump.local_name)
        if trump is None:
            text = _(
                "Both cards are {suits} and there are no trumps, so only their ranks count: A, K, Q, J, 10, 9 … down. "
                "Which of the two comes first?"
            )
        else:
            text = _(
                "Both cards are {suits} and {suits} are not trumps, so only their ranks count: A, K, Q, J, 10, 9 … "
                "down. Which of the two comes first?"
            )
        return text.format(suits=suit.local_name)
    if trump is None:
        return _("Compare ranks within one suit: A, K, Q, J, 10, 9 … down.")
    special = sum(1 for c in cards if is_special(c, contract))
    order = _("the joker, then the jack of {trumps} (right bower), then the jack of {other} (left bower)").format(
        trumps=trump.local_name, other=trump.sister.local_name
    )
    if q.get("kind") == "order":
        if special == 1:
            return _(
                "One of these cards is the joker or a bower: it goes first; the rest follow A, K, Q, 10, 9 … down."
            )
        text = ngettext(
            "{count} of these cards is the joker or a bower: they go first, in this order: {order}; the rest "
            "follow A, K, Q, 10, 9 … down.",
            "{count} of these cards are the joker or a bower: they go first, in this order: {order}; the rest "
            "follow A, K, Q, 10, 9 … down.",
            special,
        )
        return sentence(text.format(count=number_word(special), order=order))
    if special == 1:
        return _("Exactly one of these cards is the joker or a bower: either one beats the ace of trumps.")
    text = ngettext(
        "{count} card here is the joker or a bower; among them the order is {order}.",
        "{count} cards here are the joker or a bower; among them the order is {order}.",
        special,
    )
    return sentence(text.format(count=number_word(special), order=order))


def _right_bower_asked(q: Mapping[str, Any], trump: Suit) -> bool:
    """Does a "which jack?" question ask for the right bower (its answer is the jack of trumps)?"""
    answer = q.get("answer")
    if isinstance(answer, str) and answer:
        return Card.parse(answer) == Card(JACK, trump)
    return "right bower" in str(q.get("prompt", ""))  # a public view: its English prompt


def bowers(q: Mapping[str, Any]) -> str:
    contract = contract_of(q)
    trump = contract.trump if contract is not None else None
    context = q.get("context") or {}
    if trump is None:
        card = context.get("card")
        if isinstance(card, Mapping) and card.get("code") and Card.parse(str(card["code"])).is_joker:
            return (
                _(NO_TRUMP_JACKS)
                + " "
                + _(
                    "The joker is the one card apart: in no trumps it wins any trick it is played to, and when it "
                    "is led its holder names the suit to follow."
                )
            )
        if isinstance(card, Mapping) and card.get("code"):
            c = Card.parse(str(card["code"]))
            if c.rank == JACK:
                return (
                    _(NO_TRUMP_JACKS)
                    + " "
                    + _("Here nothing is trumps, so {card} stays in its own suit.").format(card=c)
                )
            return (
                _(NO_TRUMP_JACKS)
                + " "
                + _("Only the joker and the jacks can ever change suit, and {card} is neither.").format(card=c)
            )
        return _(NO_TRUMP_JACKS) + " " + _("Only the joker is a card apart.")
    if q.get("kind") == "multi":
        n = len(q.get("answer") or [])
        text = ngettext(
            "{count} of these cards is a trump: count every {trump}, both bowers and the joker.",
            "{count} of these cards are trumps: count every {trump}, both bowers and the joker.",
            n,
        )
        return sentence(text.format(count=number_word(n), trump=suit_one(trump)))
    card = context.get("card")
    if isinstance(card, Mapping) and card.get("code"):
        c = Card.parse(str(card["code"]))
        if c.is_joker:
            return _("The joker is the highest card of all while {trumps} are trumps.").format(trumps=trump.local_name)
        if c.rank == JACK:
            return _(
                "{card} is a jack: only the jack of {trumps} and the other jack of the same colour become trumps."
            ).format(card=c, trumps=trump.local_name)
        return _("Only the joker and the jacks can change suit, and {card} is neither.").format(card=c)
    if _right_bower_asked(q, trump):
        return _("The right bower is the jack of the trump suit itself.")
    if trump.is_red:
        return _("The left bower is the jack of the other red suit: {trumps} are red.").format(trumps=trump.local_name)
    return _("The left bower is the jack of the other black suit: {trumps} are black.").format(trumps=trump.local_name)


def legal_plays(q: Mapping[str, Any]) -> str:
    n = len(q.get("answer") or [])
    total = len(q.get("choices") or [])
    rules = rules_of(q)
    led = led_suit(q, rules, contract_of(q))
    if led is None:
        return _("Nothing has been led yet: the first card of a trick may be any card.")
    contract = contract_of(q)
    if n == total:
        return sentence(
            _("{suits} were led: do you hold any card that counts as a {suit}?").format(
                suits=led.local_name, suit=suit_one(led)
            )
        )
    if contract is not None and contract.trump is not None:
        note = _("(the left bower and the joker count as trumps)")
    else:
        hand = cards_of((q.get("context") or {}).get("hand"))
        joker = any(c.is_joker for c in hand)
        note = f"({joker_rule(rules)})" if joker else _("(with no trumps, every jack stays in its own suit)")
    # Translators: {note} is a remark in brackets, e.g. "(the left bower and the joker count as trumps)"
    text = ngettext(
        "{suits} were led, and {count} of your cards may be played {note}.",
        "{suits} were led, and {count} of your cards may be played {note}.",
        n,
    )
    return sentence(text.format(suits=led.local_name, count=number_word(n), note=note))


def trick_winner(q: Mapping[str, Any]) -> str:
    rules = rules_of(q)
    contract = contract_of(q)
    trick = cards_of((q.get("context") or {}).get("trick"))
    led = led_suit(q, rules, contract)
    trump = contract.trump if contract is not None else None
    suits = led.local_name if led is not None else _("the suit led")
    one = suit_one(led) if led is not None else _("card of the suit led")
    if trump is None:
        if any(c.is_joker for c in trick):
            return _("The joker was played: in no trumps it wins any trick it is played to.")
        return sentence(
            _("{suits} were led and there are no trumps: only a {suit} can win.").format(suits=suits, suit=one)
        )
    trumps = sum(1 for c in trick if rules.effective_suit(c, contract) == trump)
    if trumps == 0:
        return _("No trump was played in this trick, so the highest {suit} (the suit led) wins.").format(suit=one)
    if trumps == 1:
        return _("Exactly one trump was played in this trick, and a trump beats every card of another suit.")
    text = ngettext(
        "{count} trump was played: the highest of them wins (the joker, the right bower, the left bower, then A, "
        "K, Q, 10 …).",
        "{count} trumps were played: the highest of them wins (the joker, the right bower, the left bower, then A, "
        "K, Q, 10 …).",
        trumps,
    )
    return sentence(text.format(count=number_word(trumps)))


def bid_values(q: Mapping[str, Any]) -> str:
    context = q.get("context") or {}
    bid = context.get("bid")
    if q.get("kind") == "choice":
        text = _(
            "Work back from {points}: take away 40; each whole 100 left is a trick above six, and what remains, "
            "divided by 20, is the suit's place (♠ 0, ♣ 1, ♦ 2, ♥ 3, NT 4)."
        ).format(points=context.get("points"))
        if rules_of(q).misere_allowed:
            text += " " + _(
                "If no bid on that formula fits, think of the two calls whose values are fixed by the rules."
            )
        return text
    if isinstance(bid, Mapping) and bid.get("code"):
        b = Bid.parse(str(bid["code"]))
        if b.is_misere:
            return _(
                "{bid} is not worked out with the formula: its value is fixed by the rules (see the bid ladder)."
            ).format(bid=b)
        places = "♠ 0, ♣ 1, ♦ 2, ♥ 3, NT 4"
        above = b.tricks - 6
        text = ngettext(
            "{bid} has {count} trick above six, and its suit's place is {place} ({places}).",
            "{bid} has {count} tricks above six, and its suit's place is {place} ({places}).",
            above,
        )
        return text.format(bid=b, count=number_word(above), place=b.denomination, places=places)
    return _("Work it out in three parts: 40, then the tricks above six, then the suit.")


def bid_ladder(q: Mapping[str, Any]) -> str:
    rules = rules_of(q)
    context = q.get("context") or {}
    kind = q.get("kind")
    bid = context.get("bid")
    base = Bid.parse(str(bid["code"])) if isinstance(bid, Mapping) and bid.get("code") else None
    misere = " " + _("Misère and open misère have places of their own on the ladder.") if rules.misere_allowed else ""
    if kind == "multi" and base is not None:
        n = len(q.get("answer") or [])
        text = ngettext("{count} of these bids outranks {bid}.", "{count} of these bids outrank {bid}.", n)
        return sentence(text.format(count=number_word(n), bid=base)) + misere
    if kind == "choice" and "to_bid" not in context and base is not None:
        if base.is_misere:
            return _("{bid} has its own place on the ladder, between two bids: which one is just above it?").format(
                bid=base
            )
        # the misères are not named here: one of them may be the answer
        between = " " + _("Are the calls that are not suit bids placed between them?") if rules.misere_allowed else ""
        return (
            _("Is there a higher suit left at the {level} level? If not, the next level up begins with spades.").format(
                level=base.tricks
            )
            + between
        )
    return _auction_clue(q, rules)


def _auction_clue(q: Mapping[str, Any], rules: Rules) -> str:
    context = q.get("context") or {}
    who = context.get("to_bid") or "the player"
    seat = local_name(rules, str(who)) if context.get("to_bid") else _("the player")
    auction = [a for a in context.get("auction") or [] if isinstance(a, Mapping)]
    passed = any(a.get("seat") == who and a.get("call") == "pass" for a in auction)
    bids = [a for a in auction if a.get("call") != "pass"]
    checks = [
        _("Does the call outrank the last bid, {bid}?").format(bid=bids[-1].get("label"))
        if bids
        else _("No one has bid yet.")
    ]
    if passed:
        # a question, not the verdict: in the default game it would give the answer away
        if rules.pass_is_final:
            checks.append(
                _("{seat} passed earlier: what does a pass mean for the rest of the auction?").format(seat=seat)
            )
        else:
            checks.append(
                _("{seat} passed earlier: under these rules, may a player who passed come back in, and when?").format(
                    seat=seat
                )
            )
    if "misère" in str(q.get("prompt", "")):
        if rules.misere_needs_seven:
            checks.append(_("Misère needs a bid at the 7 level earlier in this auction: is there one?"))
        elif not rules.misere_allowed:
            checks.append(_("May misère be bid at all under these rules?"))
        else:
            checks.append(_("Under these rules misère needs no 7-level bid first."))
    return " ".join(checks)


def scoring(q: Mapping[str, Any]) -> str:
    contract = contract_of(q)
    context = q.get("context") or {}
    if contract is None:
        return _("Work out the declarer's side first, then the defenders.")
    rules = rules_of(q)
    if contract.is_misere:
        taken = sum(int(v) for v in (context.get("tricks") or {}).values())
        text = ngettext(
            "{count} trick for the declarer: a misère is made only with none, and in misère {defenders}.",
            "{count} tricks for the declarer: a misère is made only with none, and in misère {defenders}.",
            taken,
        )
        return sentence(text.format(count=number_word(taken), defenders=misere_defenders(rules)))
    tricks = context.get("tricks") or {}
    tally = ", ".join(f"{local_name(rules, str(k))}: {v}" for k, v in tricks.items())
    if partnerships(rules):
        text = ngettext(
            "The declaring side needed {n} trick. Look at how many each side took ({tally}): made or not?",
            "The declaring side needed {n} tricks. Look at how many each side took ({tally}): made or not?",
            contract.tricks,
        )
    else:
        text = ngettext(
            "The declarer needed {n} trick. Look at how many each player took ({tally}): made or not?",
            "The declarer needed {n} tricks. Look at how many each player took ({tally}): made or not?",
            contract.tricks,
        )
    if rules.defenders_score_beyond_five:
        then = _("Then the defenders: 10 for each trick beyond five.")
    else:
        then = _("Then the defenders: 10 for each trick.")
    return text.format(n=contract.tricks, tally=tally) + " " + then


def game_end(q: Mapping[str, Any]) -> str:
    rules = rules_of(q)
    side = partnerships(rules)
    if rules.hole is not None:
        if side:
            text = _(
                "Write down each side's new total (the score before plus this hand's). Is any total at {target} or "
                "more or at {hole} or below? If the declaring side made the contract and reached {target}, the "
                "declaring side wins, even if another side reached it too."
            )
        else:
            text = _(
                "Write down each player's new total (the score before plus this hand's). Is any total at {target} "
                "or more or at {hole} or below? If the declarer made the contract and reached {target}, the declarer "
                "wins, even if another player reached it too."
            )
    elif side:
        text = _(
            "Write down each side's new total (the score before plus this hand's). Is any total at {target} or "
            "more? If the declaring side made the contract and reached {target}, the declaring side wins, even if "
            "another side reached it too."
        )
    else:
        text = _(
            "Write down each player's new total (the score before plus this hand's). Is any total at {target} or "
            "more? If the declarer made the contract and reached {target}, the declarer wins, even if another "
            "player reached it too."
        )
    text = text.format(target=rules.target, hole=rules.hole)
    if rules.win_only_as_declarer:
        if side:
            text += " " + _("Under these rules a side wins only by making a contract as declarer.")
        else:
            text += " " + _("Under these rules a player wins only by making a contract as declarer.")
    if rules.hole is None and rules.bars_from_winning:
        if side:
            more = _("A side who falls to {score} or below plays on but can no longer win.")
        else:
            more = _("A player who falls to {score} or below plays on but can no longer win.")
        text += " " + more.format(score=rules.barred_from_winning_at)
    elif rules.hole is None:
        text += " " + _("Under these rules a low score does not end the game.")
    return text


def misere(q: Mapping[str, Any]) -> str:
    kind = q.get("kind")
    if kind == "number":
        return scoring(q)
    if kind == "choice":
        return _auction_clue(q, rules_of(q))
    n = len(q.get("answer") or [])
    text = ngettext(
        "{count} of your cards is safe: a card that follows suit if you can, and stays below the highest card of "
        "the suit led so far (the joker would win).",
        "{count} of your cards are safe: a card that follows suit if you can, and stays below the highest card of "
        "the suit led so far (the joker would win).",
        n,
    )
    return sentence(text.format(count=number_word(n)))


def two_player(q: Mapping[str, Any]) -> str:
    context = q.get("context") or {}
    rules = rules_of(q)
    if q.get("kind") == "multi":
        n = len(q.get("answer") or [])
        return ngettext(
            "Only your face-up table cards count here: {count} of them follows the rule for the suit led.",
            "Only your face-up table cards count here: {count} of them follow the rule for the suit led.",
            n,
        ).format(count=number_word(n))
    last = context.get("last_trick")
    if isinstance(last, Mapping) and last.get("winner"):
        if last.get("source", "hand") == "table":
            text = _(
                "{seat} won the last trick, with a card from the table: the winner leads, and the trick starts "
                "with the two cards from that same place."
            )
        elif last.get("source", "hand") == "hand":
            text = _(
                "{seat} won the last trick, with a card from the hand: the winner leads, and the trick starts "
                "with the two cards from that same place."
            )
        else:
            text = (
                f"{{seat}} won the last trick, with a card from the {last.get('source')}: the winner leads, and the "
                "trick starts with the two cards from that same place."
            )
        return text.format(seat=local_name(rules, str(last["winner"])))
    declarer = context.get("declarer")
    return _("In the first trick {seat}, the declarer, leads with a hand card.").format(
        seat=local_name(rules, str(declarer)) if declarer else _("the declarer")
    )


def kitty(q: Mapping[str, Any]) -> str:
    answer = q.get("answer") or {}
    if not isinstance(answer, Mapping):
        return ""
    keep = list(answer.get("forbidden") or [])
    trumps = list(answer.get("trumps", keep))
    aces = [c for c in keep if c not in trumps]
    count = answer.get("count", 3)
    free = len(q.get("choices") or []) - len(keep)
    held = ngettext("{count} trump", "{count} trumps", len(trumps)).format(count=number_word(len(trumps)))
    if aces:
        aces_words = ngettext("{count} side ace", "{count} side aces", len(aces)).format(count=number_word(len(aces)))
        held = _("{items} and {last}").format(items=held, last=aces_words)
    text = ngettext(
        "You hold {held} (the bowers and the joker counted as trumps): keep them all, which leaves {free} card to "
        "choose {count} from.",
        "You hold {held} (the bowers and the joker counted as trumps): keep them all, which leaves {free} cards to "
        "choose {count} from.",
        free,
    ).format(held=held, free=free, count=count)
    if answer.get("need_void"):
        text += " " + ngettext(
            "Look for a side suit with {count} card or fewer and no ace: discarding all of it leaves you void.",
            "Look for a side suit with {count} cards or fewer and no ace: discarding all of it leaves you void.",
            count,
        ).format(count=count)
    return text


def hand_judging(q: Mapping[str, Any]) -> str:
    """The book's bidding standard, as a method (bidding_standard): the trumps, the count, the raise."""
    rules = rules_of(q)
    text = ngettext(
        "For each bid, count your trumps in its suit (the bowers and the joker too): {six} for a 6 bid, {seven} from "
        "7 up. Then your own tricks + about {support} from partner and the kitty, rounded to the nearest trick, "
        "must reach the bid. No trumps wants the joker or {aces} ace, and each suit with no stopper takes {stopper} "
        "off the count.",
        "For each bid, count your trumps in its suit (the bowers and the joker too): {six} for a 6 bid, {seven} from "
        "7 up. Then your own tricks + about {support} from partner and the kitty, rounded to the nearest trick, "
        "must reach the bid. No trumps wants the joker or {aces} aces, and each suit with no stopper takes {stopper} "
        "off the count.",
        NO_TRUMP_ACES,
    ).format(
        six=trumps_needed(6),
        seven=trumps_needed(7),
        support=_number(expected_support(rules)),
        aces=NO_TRUMP_ACES,
        stopper=_number(-COUNT_VALUES["nt no stopper"]),
    )
    if (q.get("context") or {}).get("auction"):
        text += " " + ngettext(
            "Raising partner's suit: your own tricks + partner's level − {share}, with {trumps} trump of your own; "
            "a new suit over partner's bid needs a trick to spare.",
            "Raising partner's suit: your own tricks + partner's level − {share}, with {trumps} trumps of your own; "
            "a new suit over partner's bid needs a trick to spare.",
            RAISE_TRUMPS,
        ).format(share=_number(your_share(rules)), trumps=RAISE_TRUMPS)
    return text


def _number(value: float) -> str:
    """``f"{value:g}"`` with the reader's decimal separator (1.5; 1,5 in Polish)."""
    return f"{value:g}".replace(".", decimal(0.5)[1])


def play_decision(q: Mapping[str, Any]) -> str:
    n = len(q.get("answer") or []) if isinstance(q.get("answer"), list) else 1
    task = aim(q)
    if task == "cheap":
        rules, contract = rules_of(q), contract_of(q)
        context = q.get("context") or {}
        trick, hand = cards_of(context.get("trick")), cards_of(context.get("hand"))
        named = context.get("joker_suit")
        joker = Suit.parse(str(named)) if named else None
        legal = rules.legal_plays(hand, trick, contract, joker)
        wins = sum(1 for c in legal if rules.trick_winner([*trick, c], contract, joker) == len(trick))
        text = ngettext(
            "{count} of your cards would win this trick: of those, which is the lowest?",
            "{count} of your cards would win this trick: of those, which is the lowest?",
            wins,
        )
        return sentence(text.format(count=number_word(wins)))
    if task == "partner":
        return ngettext(
            "Which of your cards would not beat your partner's card? {count} card does that.",
            "Which of your cards would not beat your partner's card? {count} cards do that.",
            n,
        ).format(count=sentence(number_word(n)))
    return ngettext(
        "Play the ending out in your head for each card: {count} choice keeps the best result for your side.",
        "Play the ending out in your head for each card: {count} choices keep the best result for your side.",
        n,
    ).format(count=number_word(n))


def defence(q: Mapping[str, Any]) -> str:
    if aim(q) in ("cheap", "partner"):
        return play_decision(q)
    n = len(q.get("answer") or [])
    contract = contract_of(q)
    if contract is not None and contract.is_misere:
        return ngettext(
            "Play each card out in your head: {count} choice forces the declarer to win a trick sooner or later, "
            "whatever the declarer plays.",
            "Play each card out in your head: {count} choices force the declarer to win a trick sooner or later, "
            "whatever the declarer plays.",
            n,
        ).format(count=number_word(n))
    return ngettext(
        "Play each card out in your head, the declarer's side playing its best: {count} choice holds them to the "
        "fewest tricks.",
        "Play each card out in your head, the declarer's side playing its best: {count} choices hold them to the "
        "fewest tricks.",
        n,
    ).format(count=number_word(n))
