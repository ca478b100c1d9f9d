"""What two narrow themes claim, checked on every puzzle of the bank that has them, from the lines the verdicts show
(not from the code that tagged them): a crossruff puzzle's best card goes to a trick its side ruffs; a bower-guard
puzzle's bower survives the best line and falls to the opponents on a line that spends a guard."""

from __future__ import annotations

from typing import Any

from fivehundred_tutor.cards import Card
from fivehundred_tutor.puzzles import Puzzle, load_bank
from fivehundred_tutor.puzzles.words import puzzle_card


def _table(puzzle: Puzzle) -> Any:
    deal = puzzle.deal
    assert deal.contract is not None
    return deal.rules.table(deal.contract, deal.joker_fixed)


def _side(puzzle: Puzzle, seat: int) -> bool:
    rules = puzzle.deal.rules
    return rules.side_of(seat) == rules.side_of(puzzle.seat)


def _falls(puzzle: Puzzle, line: list[dict[str, Any]], bowers: list[str]) -> bool:
    """Whether the seat plays one of ``bowers`` to a trick the opponents win along the shown ``line``."""
    return any(
        code in bowers and not _side(puzzle, trick["winner"])
        for trick in line
        for seat, code, _src in trick["plays"]
        if seat == puzzle.seat
    )


def test_a_crossruff_puzzles_best_card_goes_to_a_trick_its_side_ruffs() -> None:
    tagged = [p for p in load_bank() if "crossruff" in p.themes]
    assert len(tagged) >= 5
    for puzzle in tagged:
        table = _table(puzzle)
        best = next(k for k in puzzle_card(puzzle)["classes"] if k["best"])
        first = best["line"][0]["plays"]
        led = table.suit_of[Card.parse(first[0][1]).index]
        ruffed = [
            seat
            for seat, code, _src in first
            if _side(puzzle, seat) and led != table.trump and table.suit_of[Card.parse(code).index] == table.trump
        ]
        assert ruffed, f"{puzzle.id}: the best card's trick is not ruffed by its side: {first}"


def test_a_bower_guard_puzzles_bower_falls_only_when_a_guard_is_spent() -> None:
    tagged = [p for p in load_bank() if "bower-guard" in p.themes]
    assert tagged, "the bank has bower-guard puzzles (2 when mined at 647fe96)"
    for puzzle in tagged:
        table = _table(puzzle)
        mine = [c for c in puzzle.deal.hands[puzzle.seat] if table.suit_of[c.index] == table.trump]
        bowers = [c.code for c in mine if table.power[c.index] in (98, 99)]
        card = puzzle_card(puzzle)

        best = next(k for k in card["classes"] if k["best"])
        assert not _falls(puzzle, best["line"], bowers), f"{puzzle.id}: the bower falls on the best line"
        spending = [
            k
            for k in card["classes"]
            if not k["best"]
            and any(table.suit_of[Card.parse(c.split(":")[0]).index] == table.trump for c in k["codes"])
        ]
        assert any(_falls(puzzle, k["line"], bowers) for k in spending), (
            f"{puzzle.id}: no trump spent lets the bower fall"
        )
