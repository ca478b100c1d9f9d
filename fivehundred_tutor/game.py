"""A game: deals until a side reaches the target (or falls in the hole), rotating the dealer.

>>> from fivehundred_tutor.bots import HeuristicBot
>>> game = Game(Rules(), seed=3)
>>> game.play(HeuristicBot())
>>> game.is_over and game.winner is not None
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .actions import Action
from .cards import Card
from .deal import Deal, DealResult, GameStateError
from .rng import Random, derive_seed
from .rules import Rules

__all__ = ["Game", "Player", "cut_for_dealer"]


class Player(Protocol):
    def choose(self, deal: Deal) -> Action: ...


def cut_for_dealer(rules: Rules, seed: int) -> tuple[int, list[list[Card]]]:
    """Each player cuts a card; the lowest deals, ties cut again.

    Ace high, joker lowest; in the 3-player game the ace is lowest and the joker
    lower still (RULES.md section 1). Returns the dealer and the rounds of cuts.
    """
    rng = Random(seed)
    rounds: list[list[Card]] = []
    contenders = list(range(rules.players))

    def cut_value(card: Card) -> int:
        if card.is_joker:
            return -1
        if rules.players == 3 and card.rank == 24:
            return 0
        return card.rank

    while True:
        deck = rules.deck()
        rng.shuffle(deck)
        cuts = deck[: len(contenders)]
        rounds.append(cuts)
        low = min(cut_value(c) for c in cuts)
        tied = [seat for seat, c in zip(contenders, cuts) if cut_value(c) == low]
        if len(tied) == 1:
            return tied[0], rounds
        contenders = tied


class Game:
    """Scores per side across deals, the dealer passing clockwise after every hand."""

    def __init__(self, rules: Rules | None = None, seed: int | None = None, first_dealer: int | None = None) -> None:
        self.rules = rules or Rules()
        self.seed = Random.fresh_seed() if seed is None else seed
        if first_dealer is None:
            first_dealer, self.cuts = cut_for_dealer(self.rules, derive_seed(self.seed, "cut"))
        else:
            self.cuts = []
        self.dealer = first_dealer
        self.scores = [0] * len(self.rules.sides)
        self.deals: list[Deal] = []
        self.results: list[DealResult] = []
        self.winner: int | None = None
        self.loser: int | None = None
        self.reason = ""

    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.loser is not None

    def new_deal(self) -> Deal:
        if self.is_over:
            raise GameStateError("the game is over")
        return Deal.new(self.rules, seed=derive_seed(self.seed, "deal", len(self.deals)), dealer=self.dealer)

    def record(self, deal: Deal) -> DealResult:
        """Add a finished deal's scores, check for the end of the game, pass the deal on."""
        result = deal.result()
        self.deals.append(deal)
        self.results.append(result)
        for side, points in enumerate(result.scores):
            self.scores[side] += points
        self.dealer = (self.dealer + 1) % self.rules.players
        self._check_end(result, deal)
        return result

    def _check_end(self, result: DealResult, deal: Deal) -> None:
        rules = self.rules
        if result.thrown_in or result.declarer is None:
            return
        dside = rules.side_of(result.declarer)
        declaring = {rules.side_of(s) for s in deal.declaring_seats}
        name = rules.side_name
        if rules.hole is not None:
            sunk = [s for s, pts in enumerate(self.scores) if pts <= rules.hole]
            if sunk:
                self.loser = sunk[0]
                if len(self.scores) == 2:
                    self.winner = 1 - self.loser
                self.reason = f"{name(self.loser)} fell to {self.scores[self.loser]} (in the hole)"
                return
        reached = [s for s, pts in enumerate(self.scores) if pts >= rules.target]
        if not reached:
            return
        if result.made:
            # The declarer first; with 5 players the called partner too, if only they got there.
            for side in (dside, *sorted(declaring - {dside})):
                if side in reached:
                    self.winner = side
                    self.reason = f"{name(side)} made their contract and reached {self.scores[side]}"
                    if len(reached) > 1:
                        self.reason += " (the declaring side wins when others pass the target too)"
                    return
        if rules.win_only_as_declarer:
            return
        defenders = [s for s in reached if s not in declaring]
        if len(defenders) == 1:
            self.winner = defenders[0]
            self.reason = f"{name(defenders[0])} reached {self.scores[defenders[0]]} as defenders"
        elif defenders:
            # Several defenders pass the target on one hand (3 or more players, each for
            # themselves): the first to reach it, trick by trick, wins (seed 002_; Hoyle).
            first, at_trick = self._first_to_target(deal, defenders)
            self.winner = first
            self.reason = (
                f"{name(first)} reached {rules.target} first, at trick {at_trick}, and wins with {self.scores[first]}"
            )
        elif dside in reached:
            self.winner = dside
            self.reason = f"{name(dside)} reached {self.scores[dside]}"

    def _first_to_target(self, deal: Deal, sides: list[int]) -> tuple[int, int]:
        """Which of ``sides`` (defenders) reached the target first, replaying the hand's tricks.

        Returns the side and the number of the trick (1–10) that brought it there.
        """
        rules = self.rules
        before = {s: self.scores[s] - deal.result().scores[s] for s in sides}
        taken = dict.fromkeys(sides, 0)
        for number, trick in enumerate(deal.tricks, start=1):
            side = rules.side_of(trick.winner)
            if side not in taken:
                continue
            taken[side] += 1
            if before[side] + rules.defender_points(taken[side]) >= rules.target:
                return side, number
        raise AssertionError("a defender passed the target without a trick that took them there")

    def play(
        self, players: Player | list[Player], max_deals: int = 500, on_deal: Callable[[Deal], None] | None = None
    ) -> None:
        """Play to the end with the given player(s) (one for every seat, or a list per seat)."""
        seats = players if isinstance(players, list) else [players] * self.rules.players
        while not self.is_over and len(self.deals) < max_deals:
            deal = self.new_deal()
            while not deal.is_over:
                deal.push(seats[deal.to_move].choose(deal))  # type: ignore[index]
            self.record(deal)
            if on_deal:
                on_deal(deal)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "scores": list(self.scores),
            "deals": [d.to_dict() for d in self.deals],
            "winner": self.winner,
            "reason": self.reason,
        }
