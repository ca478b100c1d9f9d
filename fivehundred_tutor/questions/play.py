"""Play decisions from a position: win a trick cheaply, leave partner's winner alone, the best card of an ending.

Endings (every hand in view) need verdicts for every legal play (tricks the declaring side takes with
best play from there).  They come from a *verdict provider*: by default
``fivehundred_tutor.solver.analyse`` when that module exists; :func:`set_verdict_provider` plugs in
another (tests use a plain minimax).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any

from ..bids import Bid
from ..cards import Card, Suit, short_names
from ..deal import Deal
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..i18n import ngettext
from ..rng import Random
from ..rules import Rules
from .cardplay import contract_phrase, trick_words
from .core import QuestionError, answer_slot, bid_info, card_choice, card_in_text, card_info, cards_info
from .positions import MAX_TRIES, TrickSpot, random_contract, random_trick, retry, slot_words, trick_slots

__all__ = [
    "LAST_HAND",
    "cheapest_winner",
    "ending_context",
    "gen_play_decision",
    "mover_maximises",
    "partner_winning",
    "partners_play",
    "set_verdict_provider",
    "solver_ending",
    "verdict_choices",
    "verdict_provider",
    "verdict_question",
]

_INDEX = attrgetter("index")  # a hand's display order

VerdictProvider = Callable[[Deal], Mapping[Any, int]]
_provider: list[VerdictProvider | None] = [None]


def set_verdict_provider(provider: VerdictProvider | None) -> None:
    """Use ``provider(deal) -> {action or action code: tricks for the declaring side}`` for difficulty 3."""
    _provider[0] = provider


def verdict_provider() -> VerdictProvider | None:
    if _provider[0] is not None:
        return _provider[0]
    try:
        from .. import solver  # type: ignore[attr-defined]
    except ImportError:
        return None
    analyse = getattr(solver, "analyse", None)
    return analyse if callable(analyse) else None


def partners_play(rules: Rules) -> bool:
    """Does a player have a partner who plays their own cards (4 and 6 players in partnerships)?"""
    return bool(rules.partnerships) and rules.players in (4, 6)


def gen_play_decision(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    if difficulty == 3:
        return _solver_decision(rules, rng)
    if difficulty == 2 and partners_play(rules):
        return partner_winning(rules, rng)
    return cheapest_winner(rules, rng)


def _role(rules: Rules, spot: TrickSpot, seat: int) -> str:
    if seat == spot.declarer:
        return _("the declarer")
    if rules.side_of(seat) == rules.side_of(spot.declarer):
        return _("the declarer's partner")
    return _("a defender")


def _you_are(rules: Rules, spot: TrickSpot) -> str:
    """ "You are North (a defender)"; in the 2-player game "You are South (a defender), playing from your table"."""
    me = spot.to_play
    if me.source == "hand":
        text = _("You are {seat} ({role}), playing from your hand")
    elif me.source == "table":
        text = _("You are {seat} ({role}), playing from your table")
    else:
        text = _("You are {seat} ({role})")
    return text.format(seat=rules.local_seat_name(me.seat), role=_role(rules, spot, me.seat))


def or_words(words: list[str]) -> str:
    """'9♣', '9♣ or Q♣', '9♣ or Q♣ or K♣' (in the reader's language)."""
    text = words[0]
    for word in words[1:]:
        # Translators: a choice between cards: "9♣ or Q♣" (chained for three: "9♣ or Q♣ or K♣")
        text = _("{a} or {b}").format(a=text, b=word)
    return text


#: cards in the hand of the player last to play (the 2-player game: five face-up table cards), so that
#: every "which card?" question has the same number of choices and the answer's place can be balanced
LAST_HAND = 6


def _last_hand_size(rules: Rules) -> int:
    return min(LAST_HAND, 5) if rules.players == 2 else LAST_HAND


def _last_seat_spot(rules: Rules, r: Random) -> TrickSpot:
    contract = random_contract(r, rules, no_trumps=0.2)
    size = 4 if rules.players == 2 else rules.players
    return random_trick(r, rules, contract, played=size - 1, hand_size=LAST_HAND)


def cheapest_winner(rules: Rules, rng: Random, *, defender: bool = False) -> dict[str, Any]:
    """Last to play, the other side winning: which card wins the trick most cheaply?

    The hand is shown in its usual order, and the answer's place among its cards is balanced by the
    hand chosen: the cheapest winner is drawn first, then the cards below and above it in that order
    (the other players' cards are not shown, so any unseen cards may make up the hand).
    ``defender``: the player to move is a defender.
    """
    k = _last_hand_size(rules)
    slot = answer_slot(rng, k)

    def make(r: Random) -> tuple[TrickSpot, list[Card], list[Card]] | None:
        spot = _last_seat_spot(rules, r)
        trick, contract, named = spot.trick, spot.contract, spot.joker_suit
        last = len(trick)
        current = rules.trick_winner(trick, contract, named)
        me = spot.to_play.seat
        if rules.side_of(spot.slots[current].seat) == rules.side_of(me):
            return None  # partner (or self, 2-player) already winning: another question
        if defender and rules.side_of(me) == rules.side_of(spot.declarer):
            return None
        unseen = [c for c in rules.deck() if c not in trick]
        would_win = [c for c in unseen if rules.trick_winner([*trick, c], contract, named) == last]
        if not would_win:
            return None
        cheapest = r.choice(would_win)
        below = [c for c in unseen if c.index < cheapest.index]
        above = [c for c in unseen if c.index > cheapest.index]
        if len(below) < slot or len(above) < k - 1 - slot:
            return None
        hand = sorted([cheapest, *r.sample(below, slot), *r.sample(above, k - 1 - slot)], key=_INDEX)
        legal = rules.legal_plays(hand, trick, contract, named)
        winners = [c for c in legal if rules.trick_winner([*trick, c], contract, named) == last]
        if len(winners) < 2 or len(winners) == len(legal):
            return None
        power = rules.table(contract).power
        if min(winners, key=lambda c: power[c.index]) != cheapest:
            return None
        spot.hands[last] = hand
        return spot, legal, winners

    # an answer at the end of the hand is rare (few cards rank after it): a larger budget of tries
    spot, _legal, winners = retry(rng, make, N_("a play-decision position"), tries=4 * MAX_TRIES)
    contract = spot.contract
    power = rules.table(contract).power
    cheapest = min(winners, key=lambda c: power[c.index])
    return {
        "prompt": _(
            "{contract} {declarer} is the declarer. Trick so far: {trick}. {you_are}, last to play, and want to "
            "win this trick as cheaply as possible. Which card do you play?"
        ).format(
            contract=contract_phrase(contract),
            declarer=rules.local_seat_name(spot.declarer),
            trick=trick_words(spot, rules),
            you_are=_you_are(rules, spot),
        ),
        "kind": "choice",
        "choices": [card_choice(c) for c in spot.hand],
        "context": {**spot.context(rules), "hand": cards_info(spot.hand)},
        "answer": cheapest.code,
        "explanation": _(
            "Cards that win: {cards}; the cheapest is {card}: {why} Keep the higher cards for later tricks."
        ).format(
            cards=short_names(winners),
            card=card_in_text(cheapest),
            why=rules.explain_trick([*spot.trick, cheapest], contract, spot.joker_suit),
        ),
    }


def partner_winning(rules: Rules, rng: Random, *, defender: bool = False) -> dict[str, Any]:
    """Last to play, partner winning: which cards leave the trick with partner?  ``defender``: you defend."""

    def make(r: Random) -> tuple[TrickSpot, list[Card], list[Card]] | None:
        spot = _last_seat_spot(rules, r)
        current = rules.trick_winner(spot.trick, spot.contract, spot.joker_suit)
        me = spot.to_play.seat
        winner_seat = spot.slots[current].seat
        if winner_seat == me or rules.side_of(winner_seat) != rules.side_of(me):
            return None
        if defender and rules.side_of(me) == rules.side_of(spot.declarer):
            return None
        legal = rules.legal_plays(spot.hand, spot.trick, spot.contract, spot.joker_suit)
        keep = [c for c in legal if rules.trick_winner([*spot.trick, c], spot.contract, spot.joker_suit) == current]
        if not keep or len(keep) == len(legal) or len(legal) < 2:
            return None
        return spot, legal, keep

    spot, legal, keep = retry(rng, make, N_("a partner-winning position"))
    contract = spot.contract
    current = rules.trick_winner(spot.trick, contract, spot.joker_suit)
    partner = spot.slots[current]
    overtake = [c for c in legal if c not in keep]
    return {
        "prompt": _(
            "{contract} {declarer} is the declarer. Trick so far: {trick}. {you_are}, last to play; your partner "
            "{partner} is winning with {card}. Which of your cards leave the trick with your partner? Pick every one."
        ).format(
            contract=contract_phrase(contract),
            declarer=rules.local_seat_name(spot.declarer),
            trick=trick_words(spot, rules),
            you_are=_you_are(rules, spot),
            partner=slot_words(rules, partner),
            card=card_in_text(spot.trick[current]),
        ),
        "kind": "multi",
        "choices": [card_choice(c) for c in spot.hand],
        "context": {**spot.context(rules), "hand": cards_info(spot.hand)},
        "answer": [c.code for c in keep],
        "explanation": (
            _("Leaving partner the trick: {keep}. {card} would take it: {why}")
            if len(overtake) == 1
            else _("Leaving partner the trick: {keep}. {cards} would take it. With {card}: {why}")
        ).format(
            keep=short_names(keep),
            cards=or_words([c.short_name for c in overtake]),
            card=overtake[0].short_name,
            why=rules.explain_trick([*spot.trick, overtake[0]], contract, spot.joker_suit),
        )
        + " "
        + _(
            "Playing last, you lose nothing by leaving your partner the trick, while overtaking spends a winner; "
            "overtake only when you need the lead yourself (an ending can make that right)."
        ),
    }


def _solver_decision(rules: Rules, rng: Random) -> dict[str, Any]:
    deal, values = solver_ending(
        rules, rng, lambda deal: True, contract=lambda r: random_contract(r, rules, no_trumps=0.25)
    )
    return verdict_question(rules, deal, values)


def solver_ending(
    rules: Rules,
    rng: Random,
    accept: Callable[[Deal], bool],
    *,
    contract: Callable[[Random], Bid],
    cards_each: int = 3,
    decisive: Callable[[dict[str, int]], bool] = lambda values: len(set(values.values())) > 1,
    what: str = N_("difficulty 3 play decisions"),
) -> tuple[Deal, dict[str, int]]:
    """A small ending, every hand dealt (``cards_each`` cards; seats sitting out a misère hold none),
    sometimes with a trick in progress, where ``accept(deal)`` holds and the card played matters
    (``decisive(values)``: by default, the verdict provider's values differ).  Returns the deal and ``{action code: tricks for the declaring side}``."""
    provider = verdict_provider()
    if provider is None:
        raise QuestionError(
            _("{what} need the double-dummy solver (fivehundred_tutor.solver), which is missing").format(what=_(what))
        )
    if rules.players == 2:
        raise QuestionError(_("{what} are not made for the 2-player game").format(what=_(what)))

    def make(r: Random) -> tuple[Deal, dict[str, int]] | None:
        bid = contract(r)
        deck = rules.deck()
        r.shuffle(deck)
        n = rules.players
        declarer = r.randbelow(n)
        active = sorted(slot.seat for slot in trick_slots(rules, bid, declarer, declarer))
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i, seat in enumerate(active):
            hands[seat] = deck[i * cards_each : (i + 1) * cards_each]
        tricks_won = [0] * n
        takers = [s for s in active if not (bid.is_misere and s == declarer)]  # a misère still alive
        for _trick in range(10 - cards_each):
            tricks_won[r.choice(takers)] += 1
        leader = r.choice(active)
        deal = Deal.from_position(rules, hands, bid, declarer, leader, tricks_won=tricks_won)
        for _play in range(r.randbelow(len(active))):  # a trick in progress, sometimes
            deal.push(r.choice(deal.legal_actions()))
        if deal.to_move is None or not accept(deal):
            return None
        verdicts = provider(deal)
        values = {(k.code if hasattr(k, "code") else str(k)): int(v) for k, v in verdicts.items()}
        if len(values) < 2 or not decisive(values):
            return None
        return deal, values

    found: tuple[Deal, dict[str, int]] = retry(rng, make, N_("a position where the choice of card matters"))
    return found


def mover_maximises(deal: Deal) -> bool:
    """Does the player to move want the declaring side to take tricks?  (In misère the defenders do.)"""
    assert deal.to_move is not None and deal.contract is not None and deal.declarer is not None
    if deal.contract.is_misere:
        return deal.to_move != deal.declarer
    return deal.rules.side_of(deal.to_move) == deal.rules.side_of(deal.declarer)


def verdict_choices(values: Mapping[str, int]) -> list[dict[str, str]]:
    """The choices of an ending question: every legal play (a led joker: with the suit it names)."""
    choices = []
    for code in sorted(values):
        card = Card.parse(code.split(":")[0])
        # Translators: the joker led as a suit it names: "Joker as ♥"
        label = (
            card.short_name
            if ":" not in code
            else _("{card} as {suit}").format(card=card.short_name, suit=Suit.parse(code.split(":")[1]))
        )
        choices.append({"id": code, "label": label, "words": card.name, "card": card.code})
    return choices


def ending_context(rules: Rules, deal: Deal) -> dict[str, Any]:
    """What an ending question shows: the contract, every hand, the trick so far, who plays."""
    assert deal.contract is not None and deal.declarer is not None and deal.to_move is not None
    return {
        "contract": bid_info(deal.contract),
        "declarer": rules.seat_name(deal.declarer),
        "hands": {rules.seat_name(s): cards_info(deal.hands[s]) for s in range(rules.players) if deal.hands[s]},
        "trick": [{"seat": rules.seat_name(s), **card_info(c)} for s, c, _ in deal.trick],
        "to_play": rules.seat_name(deal.to_move),
        "declarer_tricks": deal.declarer_tricks,
        "deal": deal.to_dict(),
    }


def verdict_question(
    rules: Rules, deal: Deal, values: Mapping[str, int], situation: str = "", *, cannot_follow: bool = False
) -> dict[str, Any]:
    """Which card(s) give the best result for the player to move, with best play by all from here?

    ``cannot_follow``: the prompt says the player to move is a defender with no card of the suit led, so
    any card may be played.  ``situation``: any other words after "You are North, to play" (in the
    reader's language)."""
    seat = deal.to_move
    assert seat is not None and deal.contract is not None and deal.declarer is not None
    declaring = mover_maximises(deal)
    best = max(values.values()) if declaring else min(values.values())
    answer = sorted(code for code, v in values.items() if v == best)
    contract = deal.contract
    played = ", ".join(f"{rules.local_seat_name(s)} {c.short_name}" for s, c, _source in deal.trick)
    trick = played or _("nothing yet (a lead)")
    choices = verdict_choices(values)
    lines = ", ".join(f"{c['label']} → {values[c['id']]}" for c in choices)
    n = deal.declarer_tricks
    # Translators: {situation} is empty, or what the prompt adds of the player to move
    if cannot_follow:
        you = _("You are {seat}, to play (a defender) with no card of the suit led, so any card may be played.")
    else:
        you = _("You are {seat}, to play{situation}.")
    you = you.format(seat=rules.local_seat_name(seat), situation=situation)
    if declaring:
        ask = _("Which card(s) give the most tricks for your side with best play from here? Pick every such card.")
    else:
        ask = _(
            "Which card(s) give the fewest tricks for the declarer's side with best play from here? "
            "Pick every such card."
        )
    shown = ngettext(
        "{contract} Everyone's cards are shown. {declarer} is the declarer; the declaring side has {n} trick so "
        "far. Trick so far: {trick}.",
        "{contract} Everyone's cards are shown. {declarer} is the declarer; the declaring side has {n} tricks so "
        "far. Trick so far: {trick}.",
        n,
    ).format(contract=contract_phrase(contract), declarer=rules.local_seat_name(deal.declarer), n=n, trick=trick)
    return {
        "prompt": f"{shown} {you} {ask}",
        "kind": "multi",
        "choices": choices,
        "context": ending_context(rules, deal),
        "answer": answer,
        "explanation": _("Tricks for the declaring side after each play, with best play: {lines}.").format(lines=lines),
    }
