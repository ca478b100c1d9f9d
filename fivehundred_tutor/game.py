"""A game: deals until a side reaches the target (or falls in the hole), rotating the dealer.

In the 3-player game (``Rules.barred_from_winning_at``) a player who falls to −500 plays on
but can no longer win: reaching 500 later, nobody wins and play continues.

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
from .i18n import gettext as _
from .i18n import ngettext
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
        #: sides barred from winning (``Rules.barred_from_winning_at``): side -> the score it fell to
        self.barred: dict[int, int] = {}
        #: True when the game ended with nobody able to win (every side barred)
        self.no_winner = False
        #: what happened on the way that did not end the game: (deal number from 1, words)
        self.notes: list[tuple[int, str]] = []

    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.loser is not None or self.no_winner

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
        name = rules.local_side_name
        if rules.hole is not None:
            sunk = [s for s, pts in enumerate(self.scores) if pts <= rules.hole]
            if sunk:
                self.loser = sunk[0]
                reached = [s for s, pts in enumerate(self.scores) if pts >= rules.target]
                if reached:
                    # One side reached the target as another fell in the hole on the same hand: the
                    # side that reached it wins (Italian source 004_, "Vittoria": "vince la coppia
                    # che ha raggiunto +500").
                    self._decide_winner(result, deal, reached)
                    if self.winner is not None:
                        # Translators: the form is chosen by the number of players on {side} (1: one
                        # player, as with 3 players; 2 or 3: a partnership), for the verbs to agree
                        self.reason = ngettext(
                            "{side} reached {score} as {other} fell to {low}: the side that reaches {target} wins",
                            "{side} reached {score} as {other} fell to {low}: the side that reaches {target} wins",
                            self._players(self.winner),
                        ).format(
                            side=name(self.winner),
                            score=self.scores[self.winner],
                            other=name(self.loser),
                            low=self.scores[self.loser],
                            target=rules.target,
                        )
                        return
                if len(self.scores) == 2:
                    self.winner = 1 - self.loser
                # Translators: the form is chosen by the number of players on {side} (1, or 2–3 in a partnership)
                self.reason = ngettext(
                    "{side} fell to {score} (in the hole)",
                    "{side} fell to {score} (in the hole)",
                    self._players(self.loser),
                ).format(side=name(self.loser), score=self.scores[self.loser])
                return
        self._bar_fallen(result)
        reached = [s for s, pts in enumerate(self.scores) if pts >= rules.target]
        contenders = [s for s in reached if s not in self.barred]
        self._decide_winner(result, deal, contenders)
        if self.winner is None:
            self._note_barred_at_target(result, reached)

    def _bar_fallen(self, result: DealResult) -> None:
        """Bar from winning every side that fell to ``barred_from_winning_at`` this hand; end a game nobody can win."""
        rules = self.rules
        if not rules.bars_from_winning:
            return
        floor = rules.barred_from_winning_at
        assert floor is not None
        for side, pts in enumerate(self.scores):
            if pts <= floor and side not in self.barred:
                self.barred[side] = pts
                self._note(
                    _("{side} fell to {score} and can no longer win; play goes on").format(
                        side=rules.local_side_name(side), score=pts
                    )
                )
        if len(self.barred) == len(self.scores):
            # Every side has fallen: nobody can win any more (interpretation; the guide plays on
            # "until an opponent wins", and here there is none).
            self.no_winner = True
            if rules.partnerships:
                self.reason = _("every side has fallen to {score} or below, so nobody can win").format(score=floor)
            else:
                self.reason = _("every player has fallen to {score} or below, so nobody can win").format(score=floor)

    def _note_barred_at_target(self, result: DealResult, reached: list[int]) -> None:
        """Say so when a barred side passes the target: nobody wins, play continues (seed 002_)."""
        target = self.rules.target
        for side in reached:
            if side in self.barred and self.scores[side] - result.scores[side] < target:
                # Translators: the form is chosen by the number of players on {side} (1, or 2–3 in a partnership)
                said = ngettext(
                    "{side} reached {score} but fell to {low} earlier: nobody wins, and play continues",
                    "{side} reached {score} but fell to {low} earlier: nobody wins, and play continues",
                    self._players(side),
                )
                self._note(
                    said.format(side=self.rules.local_side_name(side), score=self.scores[side], low=self.barred[side])
                )

    def _decide_winner(self, result: DealResult, deal: Deal, reached: list[int]) -> None:
        """Set the winner, if any, among ``reached`` (the sides at the target that may still win)."""
        rules = self.rules
        name = rules.local_side_name
        if not reached:
            return
        dside = rules.side_of(result.declarer)  # type: ignore[arg-type]
        declaring = {rules.side_of(s) for s in deal.declaring_seats}
        if result.made:
            # The declarer first; with 5 players the called partner too, if only they got there.
            for side in (dside, *sorted(declaring - {dside})):
                if side in reached:
                    self.winner = side
                    if len(reached) > 1:
                        # Translators: the form is chosen by the number of players on {side} (1, or 2–3 in a
                        # partnership)
                        said = ngettext(
                            "{side} made their contract and reached {score} "
                            "(the declaring side wins when others pass the target too)",
                            "{side} made their contract and reached {score} "
                            "(the declaring side wins when others pass the target too)",
                            self._players(side),
                        )
                    else:
                        # Translators: the form is chosen by the number of players on {side} (1, or 2–3 in a
                        # partnership)
                        said = ngettext(
                            "{side} made their contract and reached {score}",
                            "{side} made their contract and reached {score}",
                            self._players(side),
                        )
                    self.reason = said.format(side=name(side), score=self.scores[side])
                    return
        if rules.win_only_as_declarer:
            return
        defenders = [s for s in reached if s not in declaring]
        if len(defenders) == 1:
            self.winner = defenders[0]
            # Translators: the form is chosen by the number of players on {side} (1, or 2–3 in a partnership)
            self.reason = ngettext(
                "{side} reached {score} as defenders",
                "{side} reached {score} as defenders",
                self._players(defenders[0]),
            ).format(side=name(defenders[0]), score=self.scores[defenders[0]])
        elif defenders:
            # Several defenders pass the target on one hand (3 or more players, each for
            # themselves): the first to reach it, trick by trick, wins (seed 002_; Hoyle).
            first, at_trick = self._first_to_target(deal, defenders)
            self.winner = first
            # Translators: the form is chosen by the number of players on {side} (1, or 2–3 in a partnership)
            self.reason = ngettext(
                "{side} reached {target} first, at trick {trick}, and wins with {score}",
                "{side} reached {target} first, at trick {trick}, and wins with {score}",
                self._players(first),
            ).format(side=name(first), target=rules.target, trick=at_trick, score=self.scores[first])
        elif dside in reached:
            self.winner = dside
            # Translators: the form is chosen by the number of players on {side} (1, or 2–3 in a partnership)
            self.reason = ngettext("{side} reached {score}", "{side} reached {score}", self._players(dside)).format(
                side=name(dside), score=self.scores[dside]
            )

    def _players(self, side: int) -> int:
        """How many players ``side`` has: the count that chooses a reason's form (a verb agrees with it)."""
        return len(self.rules.sides[side])

    def _note(self, words: str) -> None:
        self.notes.append((len(self.deals), words))

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
            "barred": {str(side): score for side, score in self.barred.items()},
            "notes": [list(note) for note in self.notes],
        }
