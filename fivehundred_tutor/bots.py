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
from .bids import PASS, Bid
from .cards import ACE, JOKER, KING, QUEEN, Card, Suit
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


def estimate_tricks(rules: Rules, hand: Sequence[Card], contract: Bid) -> float:
    """Rough count of tricks this hand takes by itself under ``contract`` (no partner, no kitty)."""
    table = rules.table(contract)
    suit_of, power = table.suit_of, table.power
    by_suit: dict[int, list[int]] = {}
    for card in hand:
        by_suit.setdefault(suit_of[card.index], []).append(power[card.index])
    for powers in by_suit.values():
        powers.sort(reverse=True)
    tricks = 0.0
    if contract.trump is not None:
        trumps = by_suit.get(int(contract.trump), [])
        n = len(trumps)
        for p in trumps:
            if p >= 99:
                tricks += 1.0
            elif p == 98:
                tricks += 0.85 if n >= 2 else 0.4
            elif p == ACE:
                tricks += 0.75 if n >= 2 else 0.5
            elif p == KING and n >= 3:
                tricks += 0.4
        tricks += max(0, n - 3) * 0.8
        for suit, powers in by_suit.items():
            if suit == int(contract.trump):
                continue
            if powers[0] == ACE:
                tricks += 0.9
                if len(powers) > 1 and powers[1] == KING:
                    tricks += 0.6
            elif powers[0] == KING and len(powers) >= 2:
                tricks += 0.4
        voids = sum(1 for s in range(4) if s != int(contract.trump) and s not in by_suit)
        tricks += min(voids, max(0, n - 2)) * 0.6
        return tricks
    # No trumps: the joker, top cards, and long suits with stoppers.
    if JOKER in hand:
        tricks += 1.0
    unstopped = 0
    for suit in range(4):
        powers = by_suit.get(suit, [])
        if not powers:
            unstopped += 1
            continue
        top = 0.0
        if powers[0] == ACE:
            top += 1.0
            if len(powers) > 1 and powers[1] == KING:
                top += 0.9
        elif powers[0] == KING and len(powers) >= 2:
            top += 0.5
        elif powers[0] < QUEEN or len(powers) < 3:
            unstopped += 1
        if len(powers) >= 5 and top >= 1:
            top += (len(powers) - 4) * 0.8
        tricks += top
    return tricks - 0.7 * unstopped


def misere_danger(rules: Rules, hand: Sequence[Card], discards: int = 3) -> float:
    """How likely this hand is to be forced to win a trick in misère (0 = safe).

    Each card that is high for its place in its suit adds danger; the worst
    ``discards`` cards go out with the kitty exchange, and the unseen kitty adds a little.
    """
    power = rules.table(Bid.misere()).power
    by_suit: dict[Suit, list[int]] = {}
    for card in hand:
        if card.suit is not None:
            by_suit.setdefault(card.suit, []).append(power[card.index])
    risks: list[float] = [4.0] if JOKER in hand else []
    for powers in by_suit.values():
        # The i-th lowest card of a suit is safe if it is low enough to duck the i-th round.
        for i, p in enumerate(sorted(powers)):
            threshold = 5 + 1.5 * i
            if min(p, 16) > threshold:
                risks.append((min(p, 16) - threshold) / 3)
    risks.sort(reverse=True)
    return sum(risks[discards:]) + 0.3


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
    def _support(self, rules: Rules) -> float:
        """Tricks expected from partner(s) and the kitty."""
        if rules.players == 4:
            return 2.3
        if rules.players == 6:
            return 3.6 if rules.partnerships else 1.4
        if rules.players == 5:
            return 2.0  # a called partner and the kitty
        if rules.players == 2:
            return 2.0  # the face-up table cards
        return 1.6

    def _bid(self, deal: Deal, legal: list[Action]) -> Action:
        rules = deal.rules
        seat = deal.to_move
        assert seat is not None
        hand = deal.hands[seat]
        if rules.players == 2:
            hand = hand + deal.table_up(seat)
        bids = [a for a in legal if isinstance(a, Bid)]
        partner_high = (
            deal.high_bidder is not None
            and deal.high_bidder != seat
            and rules.side_of(deal.high_bidder) == rules.side_of(seat)
        )
        best: Bid | None = None
        best_value = -1
        support = self._support(rules) + self.boldness
        estimates: dict[int, float] = {}
        for bid in bids:
            if bid.is_misere:
                continue
            key = bid.denomination
            if key not in estimates:
                estimates[key] = estimate_tricks(rules, hand, bid) + support
            need = bid.tricks + (1.0 if partner_high else 0.0)
            if estimates[key] >= need and rules.bid_value(bid) > best_value:
                best, best_value = bid, rules.bid_value(bid)
        for bid in bids:
            if bid.is_misere and rules.players != 2:
                danger = misere_danger(rules, deal.hands[seat], rules.kitty_size)
                limit = 0.35 if bid.is_open_misere else 1.0
                if danger <= limit and rules.bid_value(bid) > best_value:
                    best, best_value = bid, rules.bid_value(bid)
        if best is None:
            return PASS
        # Bid only as high as needed: the cheapest bid of the chosen denomination.
        same = [b for b in bids if b.kind == best.kind and b.trump == best.trump]
        return min(same, key=rules.bid_key) if best.tricks and rules.bidding != "single-round" else best

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
        my_side = rules.side_of(seat)
        declaring = rules.side_of(deal.declarer) == my_side  # type: ignore[arg-type]
        if not trick_cards:
            return self._lead(deal, plays, strength, declaring)
        win_now = rules.trick_winner(trick_cards, contract, deal.trick_joker_suit, deal.joker_fixed)
        winner_seat = deal.trick[win_now][0]
        slots = 4 if rules.players == 2 else len(deal.active)
        last = len(trick_cards) == slots - 1
        partner_winning = winner_seat != seat and rules.side_of(winner_seat) == my_side
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
