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
from ..cards import Card, Suit
from ..deal import Deal
from ..rng import Random
from ..rules import Rules
from .cardplay import contract_phrase, trick_words
from .core import QuestionError, answer_slot, bid_info, card_choice, card_info, cards_info
from .positions import MAX_TRIES, TrickSpot, random_contract, random_trick, retry, trick_slots

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
        return "the declarer"
    if rules.side_of(seat) == rules.side_of(spot.declarer):
        return "the declarer's partner"
    return "a defender"


def _you_are(rules: Rules, spot: TrickSpot) -> str:
    """ "You are North (a defender)"; in the 2-player game "You are South (a defender), playing from your table"."""
    me = spot.to_play
    where = f", playing from your {me.source}" if me.source else ""
    return f"You are {rules.seat_name(me.seat)} ({_role(rules, spot, me.seat)}){where}"


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
    spot, _legal, winners = retry(rng, make, "a play-decision position", tries=4 * MAX_TRIES)
    contract = spot.contract
    power = rules.table(contract).power
    cheapest = min(winners, key=lambda c: power[c.index])
    return {
        "prompt": (
            f"{contract_phrase(contract)} {rules.seat_name(spot.declarer)} is the declarer. Trick so far: "
            f"{trick_words(spot)}. {_you_are(rules, spot)}, last to play, and want to "
            "win this trick as cheaply as possible. Which card do you play?"
        ),
        "kind": "choice",
        "choices": [card_choice(c) for c in spot.hand],
        "context": {**spot.context(rules), "hand": cards_info(spot.hand)},
        "answer": cheapest.code,
        "explanation": (
            f"Cards that win: {' '.join(str(c) for c in winners)}; the cheapest is {cheapest}: "
            + rules.explain_trick([*spot.trick, cheapest], contract, spot.joker_suit)
            + " Keep the higher cards for later tricks."
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

    spot, legal, keep = retry(rng, make, "a partner-winning position")
    contract = spot.contract
    current = rules.trick_winner(spot.trick, contract, spot.joker_suit)
    partner = spot.slots[current]
    overtake = [c for c in legal if c not in keep]
    return {
        "prompt": (
            f"{contract_phrase(contract)} {rules.seat_name(spot.declarer)} is the declarer. Trick so far: "
            f"{trick_words(spot)}. {_you_are(rules, spot)}, last to play; your partner "
            f"{partner.label} is winning "
            f"with {spot.trick[current]}. Which of your cards leave the trick with your partner? Pick every one."
        ),
        "kind": "multi",
        "choices": [card_choice(c) for c in spot.hand],
        "context": {**spot.context(rules), "hand": cards_info(spot.hand)},
        "answer": [c.code for c in keep],
        "explanation": (
            f"Leaving partner the trick: {' '.join(str(c) for c in keep)}. "
            f"{' or '.join(str(c) for c in overtake)} would take it"
            + (": " if len(overtake) == 1 else f". With {overtake[0]}: ")
            + rules.explain_trick([*spot.trick, overtake[0]], contract, spot.joker_suit)
            + " Playing last, you lose nothing by leaving your partner the trick, while overtaking spends a"
            " winner; overtake only when you need the lead yourself (an ending can make that right)."
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
    what: str = "difficulty 3 play decisions",
) -> tuple[Deal, dict[str, int]]:
    """A small ending, every hand dealt (``cards_each`` cards; seats sitting out a misère hold none),
    sometimes with a trick in progress, where ``accept(deal)`` holds and the card played matters
    (``decisive(values)``: by default, the verdict provider's values differ).  Returns the deal and ``{action code: tricks for the declaring side}``."""
    provider = verdict_provider()
    if provider is None:
        raise QuestionError(f"{what} need the double-dummy solver (fivehundred_tutor.solver), which is missing")
    if rules.players == 2:
        raise QuestionError(f"{what} are not made for the 2-player game")

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
        for _ in range(10 - cards_each):
            tricks_won[r.choice(takers)] += 1
        leader = r.choice(active)
        deal = Deal.from_position(rules, hands, bid, declarer, leader, tricks_won=tricks_won)
        for _ in range(r.randbelow(len(active))):  # a trick in progress, sometimes
            deal.push(r.choice(deal.legal_actions()))
        if deal.to_move is None or not accept(deal):
            return None
        verdicts = provider(deal)
        values = {(k.code if hasattr(k, "code") else str(k)): int(v) for k, v in verdicts.items()}
        if len(values) < 2 or not decisive(values):
            return None
        return deal, values

    found: tuple[Deal, dict[str, int]] = retry(rng, make, "a position where the choice of card matters")
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
        label = str(card) if ":" not in code else f"{card} as {Suit.parse(code.split(':')[1])}"
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


def _tricks_words(n: int) -> str:
    return f"{n} trick" + ("" if n == 1 else "s")


def verdict_question(rules: Rules, deal: Deal, values: Mapping[str, int], situation: str = "") -> dict[str, Any]:
    """Which card(s) give the best result for the player to move, with best play by all from here?

    ``situation``: what the prompt says of the player to move after "You are North, to play" (a defender
    with no card of the suit led …)."""
    seat = deal.to_move
    assert seat is not None and deal.contract is not None and deal.declarer is not None
    declaring = mover_maximises(deal)
    best = max(values.values()) if declaring else min(values.values())
    answer = sorted(code for code, v in values.items() if v == best)
    contract = deal.contract
    trick = ", ".join(f"{rules.seat_name(s)} {c}" for s, c, _ in deal.trick) or "nothing yet (a lead)"
    choices = verdict_choices(values)
    goal = "the most tricks for your side" if declaring else "the fewest tricks for the declarer's side"
    lines = ", ".join(f"{c['label']} → {values[c['id']]}" for c in choices)
    return {
        "prompt": (
            f"{contract_phrase(contract)} Everyone's cards are shown. "
            f"{rules.seat_name(deal.declarer)} is the declarer; the declaring side has "
            f"{_tricks_words(deal.declarer_tricks)} so far. Trick so far: {trick}. You are {rules.seat_name(seat)}, "
            f"to play{situation}. "
            f"Which card(s) give {goal} with best play from here? Pick every such card."
        ),
        "kind": "multi",
        "choices": choices,
        "context": ending_context(rules, deal),
        "answer": answer,
        "explanation": f"Tricks for the declaring side after each play, with best play: {lines}.",
    }
