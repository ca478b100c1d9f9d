"""The solver's line: how the play goes on, best for every seat, after one choice.

A puzzle keeps, for each class of the mover's choices, the line that follows it to the end of
the hand (its first action is the choice itself).  The verdict compares a wrong choice's line
with the best one trick by trick: the first trick where the mover's side falls behind is where
the mistake shows.

>>> from fivehundred_tutor import Rules
>>> from fivehundred_tutor.deal import Deal
>>> from fivehundred_tutor.solver import Solver
>>> d = Deal.from_position(Rules(), {0: "AS 5S", 1: "KS 6S", 2: "7C 8C", 3: "9C TC"}, "7H", 0)
>>> [a.code for a in best_line(d, d.parse_action("AS"), Solver())]
['AS', '6S', '7C', '9C', '5S', 'KS', '8C', 'TC']
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, Play
from ..deal import PLAY, Deal
from ..solver import Solver, best_actions

__all__ = ["best_line", "natural_choice", "side_running", "trick_winners"]


def natural_choice(deal: Deal, best: Sequence[Action]) -> Action:
    """Among equally good actions, the one a player would choose: the lowest card (a card from
    hand before one from the table, a named suit in bidding order)."""
    table = deal.rules.table(deal.contract, deal.joker_fixed)

    def key(action: Action) -> tuple[int, str, str]:
        if isinstance(action, Play):
            return (table.power[action.card.index], action.source or "", action.code)
        return (0, "", action.code)

    return min(best, key=key)


def best_line(deal: Deal, first: Action, solver: Solver) -> list[Action]:
    """``first``, then best play by every seat to the end of the hand (``deal`` is left as it was)."""
    line: list[Action] = [first]
    deal.push(first)
    try:
        while deal.phase == PLAY:
            pick = natural_choice(deal, best_actions(deal, solver.analyse(deal)))
            deal.push(pick)
            line.append(pick)
    finally:
        for _ in line:
            deal.pop()
    return line


def trick_winners(deal: Deal, line: Sequence[Action]) -> list[int]:
    """The winner of each trick the line completes, in order (``deal`` is left as it was)."""
    done = len(deal.tricks)
    pushed = 0
    try:
        for action in line:
            deal.push(action)
            pushed += 1
        return [t.winner for t in deal.tricks[done:]]
    finally:
        for _ in range(pushed):
            deal.pop()


def side_running(deal: Deal, winners: Sequence[int], seat: int) -> list[int]:
    """The tricks ``seat``'s side has won after each trick of ``winners`` (its own tricks only in misère
    for the declarer; in misère a defender's side counts the declarer's tricks, which it wants)."""
    rules = deal.rules
    assert deal.contract is not None and deal.declarer is not None
    out: list[int] = []
    count = 0
    for winner in winners:
        if deal.contract.is_misere:
            count += winner == deal.declarer
        else:
            count += rules.side_of(winner) == rules.side_of(seat)
        out.append(count)
    return out
