"""Players for simulations and example deals.

:class:`HeuristicBot` bids from a trick estimate, discards to keep trumps and
make voids, and plays by simple card-sense (win cheaply, don't overtake a
partner, lead trumps as declarer, duck in misère).  It sees only its own cards
and what has been played.  :class:`RandomBot` plays a uniformly random legal action.

>>> from fivehundred_tutor import Deal, Rules
>>> deal = Deal.new(Rules(), seed=11)
>>> bot = HeuristicBot()
>>> while not deal.is_over:
...     deal.push(bot.choose(deal))
>>> deal.result().thrown_in or len(deal.tricks) >= 1
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from .actions import Action, Discard, NominateJoker, Play
from .bidding_standard import estimate_tricks, judge_in, misere_danger
from .bids import PASS, Bid
from .cards import ACE, JOKER, KING, Card
from .deal import AUCTION, KITTY, Deal
from .rng import Random
from .rules import NO_SUIT, Rules

__all__ = ["Bot", "HeuristicBot", "RandomBot", "discards_for", "estimate_tricks", "misere_danger"]


@runtime_checkable
class Bot(Protocol):
    """What plays a seat: :class:`RandomBot`, :class:`HeuristicBot` and the sampling bot
    (:class:`~fivehundred_tutor.analysis.sampling_bot.SamplingBot`) all are one.

    >>> isinstance(HeuristicBot(), Bot)
    True
    """

    def choose(self, deal: Deal) -> Action:
        """A legal action for the player to move in ``deal`` (which it leaves unchanged)."""
        ...


class RandomBot:
    """Chooses uniformly among the legal actions (reproducible from ``seed``)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Random(seed)

    def choose(self, deal: Deal) -> Action:
        return self.rng.choice(deal.legal_actions())


def discards_for(rules: Rules, hand: Sequence[Card], contract: Bid, count: int) -> list[Card]:
    """The ``count`` cards the heuristic bot throws away from ``hand`` (with the kitty) under ``contract``:
    keep trumps, aces and guarded kings, make short side suits void; in misère, the high cards."""
    table = rules.table(contract)
    suit_of, power = table.suit_of, table.power
    counts = [0] * 5
    for c in hand:
        counts[suit_of[c.index]] += 1

    def keep_value(card: Card) -> float:
        p = power[card.index]
        s = suit_of[card.index]
        if contract.is_misere:
            return -p - (50 if card is JOKER else 0) + (6 if counts[s] <= 2 else 0)
        if s == table.trump or card is JOKER:
            return 200 + p
        value = float(p)
        if p == ACE:
            value += 60
        elif p == KING and counts[s] >= 2:
            value += 25
        if contract.trump is not None and counts[s] <= 2:
            value -= 12  # discarding a short side suit makes a void to ruff
        if contract.trump is None and counts[s] >= 5:
            value += 10
        return value

    return sorted(hand, key=keep_value)[:count]


class HeuristicBot:
    """A sensible, deterministic player for every preset."""

    def __init__(self, boldness: float = 0.0) -> None:
        self.boldness = boldness

    # ------------------------------------------------------------ dispatch
    def choose(self, deal: Deal) -> Action:
        legal = deal.legal_actions()
        if not legal:
            raise ValueError("the deal is over: nothing to choose")
        if len(legal) == 1:
            return legal[0]
        if deal.phase == AUCTION:
            return self._bid(deal, legal)
        if deal.phase == KITTY:
            if deal.is_calling:
                return self._call_partner(deal, legal)
            return self._discard(deal)
        if isinstance(legal[0], NominateJoker):
            return NominateJoker(None)
        return self._play(deal, [a for a in legal if isinstance(a, Play)])

    # ------------------------------------------------------------- bidding
    def _bid(self, deal: Deal, legal: list[Action]) -> Action:
        """The highest-scoring call the book's bidding standard calls sound (:mod:`~fivehundred_tutor.bidding_standard`),
        bid as cheaply as the denomination allows; ``boldness`` moves the count."""
        rules = deal.rules
        judge = judge_in(deal, self.boldness)
        sound = [a for a in legal if isinstance(a, Bid) and judge.is_sound(a)]
        if not sound:
            return PASS
        best = max(sound, key=rules.bid_value)
        if best.is_misere or rules.single_round_auction:
            return best
        # Bid only as high as needed: the cheapest sound bid of the chosen denomination.
        return min((b for b in sound if b.kind == best.kind and b.trump == best.trump), key=rules.bid_key)

    def _call_partner(self, deal: Deal, legal: list[Action]) -> Action:
        """5 players: call the highest trump (or, in no trumps, the highest card) someone else holds."""
        power = deal.rules.table(deal.contract).power
        return max(legal, key=lambda a: power[a.card.index])  # type: ignore[union-attr]

    # -------------------------------------------------------------- kitty
    def _discard(self, deal: Deal) -> Action:
        assert deal.declarer is not None and deal.contract is not None
        return Discard(discards_for(deal.rules, deal.hands[deal.declarer], deal.contract, 1)[0])

    # --------------------------------------------------------------- play
    def _play(self, deal: Deal, plays: list[Play]) -> Action:
        rules = deal.rules
        contract = deal.contract
        seat = deal.to_move
        assert contract is not None and seat is not None
        table = rules.table(contract, deal.joker_fixed)
        suit_of, power = table.suit_of, table.power
        trump = table.trump

        def strength(p: Play) -> int:
            c = p.card
            return (1000 if suit_of[c.index] == trump or c is JOKER else 0) + power[c.index]

        trick_cards = deal.trick_cards()
        if contract.is_misere:
            return self._play_misere(deal, plays, strength)
        # the seats this one knows to be on its side (with 5 players the called partner is secret
        # until the called card is played: only what the seat itself can know)
        allies = deal.known_partners(seat)
        declaring = seat in deal.declaring_seats  # a seat knows whether it declares or holds the called card
        if not trick_cards:
            return self._lead(deal, plays, strength, declaring)
        win_now = rules.trick_winner(trick_cards, contract, deal.trick_joker_suit, deal.joker_fixed)
        winner_seat = deal.trick[win_now][0]
        slots = 4 if rules.players == 2 else len(deal.active)
        last = len(trick_cards) == slots - 1
        partner_winning = winner_seat in allies
        if rules.players == 2:
            partner_winning = winner_seat == seat  # my own hand card already leads the trick
        winners = [
            p
            for p in plays
            if rules.trick_winner(trick_cards + [p.card], contract, deal.trick_joker_suit, deal.joker_fixed)
            == len(trick_cards)
        ]
        lowest = min(plays, key=lambda p: (strength(p) >= 1000, power[p.card.index]))
        if partner_winning:
            top = trick_cards[win_now]
            safe = last or strength(Play(top)) >= 1000 + ACE or power[top.index] >= ACE
            if safe or not winners:
                return lowest
        if winners:
            return min(winners, key=strength)
        return lowest

    def _lead(self, deal: Deal, plays: list[Play], strength: object, declaring: bool) -> Action:
        rules = deal.rules
        contract = deal.contract
        assert contract is not None
        table = rules.table(contract, deal.joker_fixed)
        suit_of, power = table.suit_of, table.power
        trump = table.trump
        cards = [p.card for p in plays]
        counts = [0] * 5
        for c in cards:
            counts[suit_of[c.index]] += 1
        trumps = [p for p in plays if suit_of[p.card.index] == trump and trump != NO_SUIT]
        if declaring and trumps:
            top = max(trumps, key=lambda p: power[p.card.index])
            if power[top.card.index] >= ACE and len(trumps) >= 2:
                return top
        aces = [p for p in plays if power[p.card.index] == ACE and suit_of[p.card.index] != trump]
        if aces:
            return max(aces, key=lambda p: counts[suit_of[p.card.index]])
        jokers = [p for p in plays if p.card is JOKER]
        if jokers and contract.trump is None:
            longest = max(range(4), key=lambda s: counts[s])
            named = [p for p in jokers if p.joker_suit is not None and int(p.joker_suit) == longest]
            if declaring:
                return named[0] if named else jokers[0]
        side = [p for p in plays if suit_of[p.card.index] not in (trump, NO_SUIT)]
        pool = side or [p for p in plays if p.card is not JOKER] or plays
        longest_suit = max({suit_of[p.card.index] for p in pool}, key=lambda s: counts[s])
        in_suit = [p for p in pool if suit_of[p.card.index] == longest_suit]
        return min(in_suit, key=lambda p: power[p.card.index])

    def _play_misere(self, deal: Deal, plays: list[Play], strength: object) -> Action:
        rules = deal.rules
        contract = deal.contract
        seat = deal.to_move
        assert contract is not None
        table = rules.table(contract, deal.joker_fixed)
        power = table.power
        trick_cards = deal.trick_cards()
        plain = [p for p in plays if p.card is not JOKER] or plays
        if seat == deal.declarer:
            if not trick_cards:
                return min(plain, key=lambda p: power[p.card.index])
            losing = [
                p
                for p in plays
                if rules.trick_winner(trick_cards + [p.card], contract, deal.trick_joker_suit, deal.joker_fixed)
                != len(trick_cards)
            ]
            if losing:
                return max(losing, key=lambda p: power[p.card.index])
            return min(plays, key=lambda p: power[p.card.index])
        # A defender: keep the declarer winning if possible, else play low.
        if not trick_cards:
            return min(plain, key=lambda p: power[p.card.index])
        win_now = rules.trick_winner(trick_cards, contract, deal.trick_joker_suit, deal.joker_fixed)
        if deal.trick[win_now][0] == deal.declarer:
            under = [
                p
                for p in plain
                if rules.trick_winner(trick_cards + [p.card], contract, deal.trick_joker_suit, deal.joker_fixed)
                == win_now
            ]
            if under:
                return max(under, key=lambda p: power[p.card.index])
        return min(plain, key=lambda p: power[p.card.index])
