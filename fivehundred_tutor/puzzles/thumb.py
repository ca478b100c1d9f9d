"""Rules of thumb: the simple rule a player would reach for in a position, and the card it picks.

A puzzle is instructive when the heuristic bot or the rule of thumb for the position gets it
wrong; the verdict then says which rule fails here and why ("third hand high loses here: …").

>>> from fivehundred_tutor import Rules
>>> from fivehundred_tutor.deal import Deal
>>> d = Deal.from_position(Rules(), {0: "AS 9H 4D", 1: "KS 5S 8D", 2: "QS 6S 5D", 3: "7C 8C 9C"}, "7H", 0)
>>> d.push_many(["9H", "8D", "5D", "7C"])   # North wins the first trick with 9♥
>>> d.push("AS")
>>> thumb = rule_of_thumb(d)
>>> thumb.name, str(thumb.action)
('second-hand-low', '5♠')
"""

from __future__ import annotations

import dataclasses

from ..actions import Play
from ..cards import JOKER
from ..deal import Deal
from ..i18n import gettext_noop as N_
from ..rules import NO_SUIT

__all__ = ["RULE_WORDS", "Thumb", "rule_of_thumb"]

#: each rule as a learner reads it
RULE_WORDS = {
    "draw-trumps": N_("lead your highest trump"),
    "top-of-longest": N_("lead the top card of your longest suit"),
    "low-from-longest": N_("lead a low card of your longest suit"),
    "second-hand-low": N_("second hand plays low"),
    "third-hand-high": N_("third hand plays high"),
    "win-cheaply": N_("win the trick as cheaply as you can"),
    "play-low": N_("play your lowest card when you cannot win the trick"),
    "partner-winning": N_("play low when your partner is winning the trick"),
    "own-winning": N_("play low when your own card is already winning the trick"),
    "highest-loser": N_("in misère, play your highest card that still loses the trick"),
    "lead-lowest": N_("in misère, lead your lowest card"),
    "duck-under": N_("against misère, play just under the declarer's card"),
}


@dataclasses.dataclass(frozen=True)
class Thumb:
    """A rule of thumb (its name in :data:`RULE_WORDS`) and the action it picks."""

    name: str
    action: Play

    @property
    def words(self) -> str:
        return RULE_WORDS[self.name]


def rule_of_thumb(deal: Deal) -> Thumb | None:
    """The rule a simple player follows here, and its card (None: no rule fits, or one legal card)."""
    plays = [a for a in deal.legal_actions() if isinstance(a, Play) and a.joker_suit is None]
    if len(deal.legal_actions()) < 2 or not plays:
        return None
    rules, contract, seat = deal.rules, deal.contract, deal.to_move
    assert contract is not None and seat is not None and deal.declarer is not None
    table = rules.table(contract, deal.joker_fixed)
    suit_of, power = table.suit_of, table.power
    trump = table.trump

    def low(options: list[Play]) -> Play:
        return min(options, key=lambda p: (suit_of[p.card.index] == trump, p.card is JOKER, power[p.card.index]))

    def high(options: list[Play]) -> Play:
        return max(options, key=lambda p: power[p.card.index])

    trick = deal.trick_cards()
    if contract.is_misere:
        if not trick:
            return Thumb("lead-lowest", low(plays))
        winning = [p for p in plays if deal.would_win(p.card)]
        losing = [p for p in plays if p not in winning]
        if seat == deal.declarer:
            return Thumb("highest-loser", high(losing)) if losing else None
        leader = deal.trick_leader()
        if leader is not None and leader[0] == deal.declarer and losing:
            return Thumb("duck-under", high(losing))
        return None
    declaring = rules.side_of(seat) == rules.side_of(deal.declarer)
    if not trick:
        trumps = [p for p in plays if suit_of[p.card.index] == trump and trump != NO_SUIT]
        if declaring and trumps:
            return Thumb("draw-trumps", high(trumps))
        side = [p for p in plays if suit_of[p.card.index] not in (trump, NO_SUIT)] or plays
        counts: dict[int, int] = {}
        for p in side:
            counts[suit_of[p.card.index]] = counts.get(suit_of[p.card.index], 0) + 1
        longest = max(
            counts, key=lambda s: (counts[s], max(power[p.card.index] for p in side if suit_of[p.card.index] == s))
        )
        in_suit = [p for p in side if suit_of[p.card.index] == longest]
        top = high(in_suit)
        # top of a sequence (A K, K Q …), else a low card: the usual opening-lead rule
        return Thumb("top-of-longest", top) if power[top.card.index] >= 12 else Thumb("low-from-longest", low(in_suit))
    led = suit_of[deal.trick[0][1].index]
    following = [p for p in plays if suit_of[p.card.index] == led]
    leader = deal.trick_leader()
    assert leader is not None
    partner_winning = leader[0] != seat and rules.side_of(leader[0]) == rules.side_of(seat)
    if rules.players == 2:
        partner_winning = leader[0] == seat
    winners = [p for p in plays if deal.would_win(p.card)]
    slots = 4 if rules.players == 2 else len(deal.active)
    place = len(trick)  # 1: second to play, 2: third
    if partner_winning:
        # two players: no partner, the seat's own card (from hand or table) is winning
        return Thumb("own-winning" if rules.players == 2 else "partner-winning", low(plays))
    if not declaring and rules.players == 4 and following and place == 1:
        return Thumb("second-hand-low", low(following))
    if not declaring and rules.players == 4 and following and place == 2:
        return Thumb("third-hand-high", high(following))
    if winners and (place == slots - 1 or not following or declaring):
        return Thumb("win-cheaply", min(winners, key=lambda p: (suit_of[p.card.index] == trump, power[p.card.index])))
    if not winners:
        return Thumb("play-low", low(plays))
    return None
