"""Duplicate play: a deal played again with the strong bot in a learner's seat (*par*), and each
card a player chose graded by its double-dummy loss.

In duplicate bridge the same cards are played at two tables and a pair is judged against the
other table, not against the luck of the deal.  Here the other table is a bot's: the same deal
(same seed, same dealer), the same bots in the other seats, and :class:`DuplicateBot` in the
learner's seat.  Each card a player chose (where the legal cards were not all the same card) is
graded by the solver with every hand in view: the tricks it lost against the best card from
there on (0 for a card that kept the best result).  The sum over a deal is what a player "lost
to perfect play"; the bot's own sum at the par table is the figure to beat.

The bots choose the same cards in every host: :class:`DuplicateBot` is the sampling bot with the
live book's plan (:data:`DUPLICATE_PLANS`), a fresh solver's own search for every decision (never
DDS, whose availability differs between hosts) and node caps, not seconds.  The compiled search
(the kernel) and the plain one (the browser) visit the same nodes, so a deal played in JupyterLab,
in the live book and at the book's build goes the same way for the same cards, and the par worked
out when the book was built is the par of the deal a reader plays.

>>> from fivehundred_tutor import Rules
>>> deal = Deal.from_position(Rules(), {0: "AH 5S", 1: "KH 6S", 2: "QH 7S", 3: "JS 8S"}, "7NT", 0)
>>> grade = grade_card(deal, deal.parse_action("5S"))
>>> grade.loss, grade.card, grade.trick
(1, '5S', 1)
>>> grade_card(deal, deal.parse_action("AH")).loss
0
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..actions import Action, Play
from ..bids import PASS
from ..cards import Card, Suit
from ..deal import AUCTION, PLAY, Deal, IllegalAction
from ..rules import Rules
from ..solver import Solver
from .sampling_bot import PLANS, SamplingBot

__all__ = [
    "DUPLICATE_PLANS",
    "CardGrade",
    "DuplicateBot",
    "Par",
    "bots_act",
    "card_words",
    "grade_card",
    "graded_cards",
    "is_choice",
    "learner_seat",
    "par",
    "passing_reaches_contract",
    "replay",
]

#: The live book's sampling plan for every search (the kernel's compiled search too): the same
#: choices in every host, within the live book's time per move (``analysis.sampling_bot.PLANS``).
DUPLICATE_PLANS = {"compiled": PLANS["interpreted"], "interpreted": PLANS["interpreted"]}


class DuplicateBot:
    """The stronger bot of a play test, the same in every host (see the module's docstring).

    A fresh :class:`SamplingBot` with a fresh solver for every decision: a solver's tables
    remember earlier searches, and a node cap met with warm tables would choose differently
    from one met with cold tables.
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, deal: Deal) -> Action:
        bot = SamplingBot(seed=self.seed, solver=Solver(backend="python"), plans=DUPLICATE_PLANS)
        return bot.choose(deal)


Chooser = Callable[[Deal], Action]


def bots_act(deal: Deal, seat: int, bot: DuplicateBot | Any) -> list[tuple[int, Action]]:
    """The bots (``bot.choose``) act for every seat but ``seat`` until it is ``seat``'s turn or the
    deal is over; returns who did what, in order."""
    done: list[tuple[int, Action]] = []
    while not deal.is_over and deal.to_move != seat:
        mover = deal.to_move
        assert mover is not None
        action = bot.choose(deal)
        deal.push(action)
        done.append((mover, action))
    return done


def replay(
    rules: Rules, seed: int, dealer: int, seat: int, actions: Sequence[str], bot: DuplicateBot | None = None
) -> Deal:
    """The deal ``seed`` (dealt by ``dealer``) with ``seat``'s actions given as codes and the bots'
    answering them: what a play test's table did, made again from the learner's actions alone.

    Raises :class:`~fivehundred_tutor.deal.IllegalAction` naming the action that cannot be made
    (its number, counting from 1, and what was allowed), or ``ValueError`` when actions are left
    over after the deal ended.  The deal is left unfinished when the actions run out first.

    >>> d = replay(Rules(), 3, 0, 2, [])
    >>> d.to_move == 2 or d.is_over
    True
    """
    bot = bot or DuplicateBot(seed)
    deal = Deal.new(rules, seed=seed, dealer=dealer)
    bots_act(deal, seat, bot)
    for number, code in enumerate(actions, 1):
        if deal.is_over:
            raise ValueError(f"action {number} ({code!r}) comes after the end of the deal")
        if not isinstance(code, str) or len(code) > 12:
            raise IllegalAction(f"action {number} is not an action's code (such as 'pass', '7H' or 'JD')")
        legal = {a.code: a for a in deal.legal_actions()}
        action = legal.get(code)
        if action is None:
            allowed = ", ".join(legal)
            raise IllegalAction(f"action {number} ({code!r}) cannot be made there; allowed: {allowed}")
        deal.push(action)
        bots_act(deal, seat, bot)
    return deal


def learner_seat(rules: Rules) -> int:
    """The seat a learner plays from by default: South where there is one (the book's diagrams), else the first.

    >>> learner_seat(Rules()), learner_seat(Rules.preset("three-player"))
    (2, 0)
    """
    return rules.seat_names.index("South") if "South" in rules.seat_names else 0


def passing_reaches_contract(rules: Rules, seed: int, dealer: int, seat: int) -> bool:
    """Whether the bots reach a contract when ``seat`` passes throughout (then a learner who passes still
    plays the deal: it is not thrown in)."""
    deal = Deal.new(rules, seed=seed, dealer=dealer)
    bot = DuplicateBot(seed)
    while deal.phase == AUCTION:
        deal.push(PASS if deal.to_move == seat else bot.choose(deal))
    return deal.contract is not None


def card_words(code: str) -> str:
    """A card action's code in card notation: "JD" → "J♦", "JK:H" → "Joker (as ♥)".

    >>> card_words("JD"), card_words("JK:H")
    ('J♦', 'Joker (as ♥)')
    """
    card, _, suit = code.partition(":")
    words = str(Card.parse(card))
    return f"{words} (as {Suit.parse(suit)})" if suit else words


def is_choice(deal: Deal) -> bool:
    """Whether the player to move chooses a card: the play phase, and more than one card may be played
    (a joker's nominations alone are no choice of card, as in *Check my play*)."""
    if deal.phase != PLAY or deal.is_over:
        return False
    return len({a.card for a in deal.legal_actions() if isinstance(a, Play)}) > 1


@dataclasses.dataclass(frozen=True)
class CardGrade:
    """One card a player chose, graded with every hand in view.

    ``trick`` counts from 1; ``card`` is the action's code (``"JD"``, ``"JK:H"``); ``loss`` the
    tricks it lost against the best card from there on (for the declaring side, or in misère the
    declarer's own tricks: the player's side's goal either way); ``best`` the action codes that
    kept the best result (filled only for a card that lost, by :func:`graded_cards`).
    """

    trick: int
    card: str
    loss: int
    best: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"trick": self.trick, "card": self.card, "loss": self.loss, "best": list(self.best)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CardGrade:
        """From :meth:`to_dict`'s data (checked: it may come back from a page)."""
        trick, card, loss, best = data.get("trick"), data.get("card"), data.get("loss"), data.get("best", [])
        if not (type(trick) is int and 1 <= trick <= 20 and type(loss) is int and 0 <= loss <= 20):
            raise ValueError("a graded card needs 'trick' (1-20) and 'loss' (0-20) as whole numbers")
        if not isinstance(card, str) or len(card) > 8 or not isinstance(best, list) or len(best) > 20:
            raise ValueError("a graded card needs 'card', an action's code, and 'best', a short list of codes")
        if not all(isinstance(b, str) and len(b) <= 8 for b in best):
            raise ValueError("'best' must list actions' codes")
        return cls(trick, card, loss, tuple(best))


def grade_card(deal: Deal, action: Action, solver: Solver | None = None, *, node_limit: int | None = None) -> CardGrade:
    """The double-dummy loss of ``action`` for the player to move (``deal`` is left as it was).

    Two solves: the position before the card (the best result from there, for the mover) and
    after it.  ``node_limit`` caps each of the pure-Python searches (DDS ignores it): past it
    :class:`~fivehundred_tutor.solver.SearchLimit` is raised and the solver's tables stay sound,
    so the same solver can finish the job later, without the cap.
    """
    if deal.phase != PLAY or deal.to_move is None:
        raise ValueError("a card is graded in the play phase, on the turn of the player who plays it")
    solver = solver or Solver()
    best = solver.solve(deal, node_limit=node_limit)
    trick = len(deal.tricks) + 1
    deal.push(action)
    try:
        played = solver.solve(deal, node_limit=node_limit)
    finally:
        deal.pop()
    return CardGrade(trick, action.code, abs(best - played))


def graded_cards(deal: Deal, seat: int, solver: Solver | None = None) -> list[CardGrade]:
    """Every card ``seat`` chose in ``deal`` (finished or not), graded; a costly card's grade names
    the cards that kept the best result."""
    solver = solver or Solver()
    walk = deal.root()
    grades: list[CardGrade] = []
    for action in deal.history:
        if walk.to_move == seat and isinstance(action, Play) and is_choice(walk):
            grade = grade_card(walk, action, solver)
            if grade.loss:
                _played, _best, keep = solver.check(walk, action)
                grade = dataclasses.replace(grade, best=tuple(a.code for a in keep))
            grades.append(grade)
        walk.push(action)
    return grades


@dataclasses.dataclass(frozen=True)
class Par:
    """The par table of one deal: the bot in ``seat`` too, the deal played to its end, its cards graded."""

    seed: int
    dealer: int
    seat: int
    deal: Deal
    grades: tuple[CardGrade, ...]

    @property
    def lost(self) -> int:
        """Tricks the bot's cards lost to perfect play, in all."""
        return sum(g.loss for g in self.grades)

    def to_dict(self) -> dict[str, Any]:
        """Plain data: the contract, who declared, the score of each side, the bot's actions and grades."""
        rules = self.deal.rules
        result = self.deal.result()
        return {
            "seed": self.seed,
            "dealer": self.dealer,
            "seat": self.seat,
            "contract": None if result.contract is None else str(result.contract),
            "declarer": result.declarer,
            "made": result.made,
            "thrown_in": result.thrown_in,
            "declarer_tricks": result.declarer_tricks,
            "scores": list(result.scores),
            "side": rules.side_of(self.seat),
            "summary": result.summary,
            "actions": [a.code for s, a in _moves(self.deal) if s == self.seat],
            "grades": [g.to_dict() for g in self.grades],
            "lost": self.lost,
            "choices": len(self.grades),
        }


def _moves(deal: Deal) -> list[tuple[int, Action]]:
    """Who made each action of ``deal``, in order."""
    walk = deal.root()
    out = []
    for action in deal.history:
        assert walk.to_move is not None
        out.append((walk.to_move, action))
        walk.push(action)
    return out


def par(rules: Rules, seed: int, dealer: int, seat: int, solver: Solver | None = None) -> Par:
    """Play deal ``seed`` with :class:`DuplicateBot` in every seat (``seat`` included) and grade ``seat``'s cards.

    >>> p = par(Rules(), 3, 0, 2)
    >>> p.deal.is_over and p.lost == sum(g.loss for g in p.grades)
    True
    """
    deal = Deal.new(rules, seed=seed, dealer=dealer)
    bot = DuplicateBot(seed)
    while not deal.is_over:
        deal.push(bot.choose(deal))
    return Par(seed, dealer, seat, deal, tuple(graded_cards(deal, seat, solver)))
