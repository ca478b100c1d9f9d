"""Kitty puzzles (issue 28: "bidding and kitty puzzles too where the simulation gives a clear answer"): the
declarer holds thirteen cards, three go face down; the cards of the best discard by double-dummy simulation, with a
clear margin over every other card, loaded by load_bank() as every puzzle, and verdicts from the figures."""

from __future__ import annotations

import pytest

from fivehundred_tutor.actions import Discard
from fivehundred_tutor.bots import discards_for
from fivehundred_tutor.cards import Card
from fivehundred_tutor.deal import KITTY
from fivehundred_tutor.handlers import handle
from fivehundred_tutor.handlers.models import PuzzleCard, shape_problems
from fivehundred_tutor.puzzles import load_bank
from fivehundred_tutor.puzzles.bank import KITTY_SPEC
from fivehundred_tutor.puzzles.kitty import MARGIN, MOST_BEST, check_kitty_puzzle, kitty_puzzle, top_trumps
from fivehundred_tutor.puzzles.words import puzzle_card
from fivehundred_tutor.rng import Random


def _kitty() -> list:  # type: ignore[type-arg]
    return [p for p in load_bank() if p.kind == "kitty"]


def test_kitty_puzzles_load_through_load_bank_with_a_clear_answer() -> None:
    puzzles = _kitty()
    assert len(puzzles) >= 10, len(puzzles)  # the drill at the end of chapter 6 shows 10
    for p in puzzles:
        deal = p.deal
        assert deal.phase == KITTY and deal.to_move == p.seat == deal.declarer
        hand = list(deal.hands[p.seat])
        assert len(hand) == 13 and deal.contract is not None and deal.contract.trump is not None
        # .best is exactly the cards whose best discard is worth the most; every other card of the hand is
        # worth MARGIN points less at best
        assert isinstance(p.best, frozenset) and 1 <= len(p.best) <= MOST_BEST and p.best <= set(deal.legal_actions())
        assert set(p.values) == {Discard(c).code for c in hand}
        top = max(p.values.values())
        assert {code for code, v in p.values.items() if v == top} == set(p.best_codes)
        assert all(top - v >= MARGIN for code, v in p.values.items() if code not in p.best_codes), p.values
        # the rule of thumb throws a card that is not best: the puzzle teaches something
        thumb = discards_for(deal.rules, hand, deal.contract, 3)
        assert " ".join(c.code for c in sorted(thumb, key=deal.rules.deck().index)) == p.heuristic
        assert any(Discard(c) not in p.best for c in thumb)
        # no top trump is ever best
        assert not {Discard(c) for c in top_trumps(deal.rules, deal.contract)} & p.best
        assert p.themes == ("discarding",) and isinstance(p.rating, int)


@pytest.mark.slow
def test_a_kitty_puzzle_made_again_from_its_seed_is_the_banks() -> None:
    """Reproducible: one sampled deal made again from the spec is the bank's puzzle, value for value (about 5 s)."""
    sample = Random(28).choice(_kitty())
    seed = int(sample.id.split("-")[1])
    again = kitty_puzzle(seed, layouts=KITTY_SPEC["layouts"])
    assert again is not None and again == sample.to_dict()


def test_a_puzzle_whose_answer_was_changed_fails_its_check() -> None:
    """check_kitty_puzzle says what differs: a bank file whose best cards were edited is caught."""
    import dataclasses

    p = _kitty()[0]
    others = sorted(set(p.values) - set(p.best_codes))
    forged = dataclasses.replace(p, best_codes=(others[0],), values={**p.values, others[0]: 999})
    problem = check_kitty_puzzle(forged)
    assert problem is not None and p.id in problem


def test_each_cards_verdict_says_the_simulations_figures() -> None:
    for p in _kitty():
        card = puzzle_card(p)
        assert shape_problems(card, PuzzleCard) == []
        assert card["decision"] == "discard" and len(card["legal"]) == 13
        rows = p.figures["discards"]
        best = rows[p.figures["best_discard"]]
        best_cards = " ".join(str(Card.parse(c)) for c in p.figures["best_discard"].split())
        top = max(p.values.values())
        for choice in card["classes"]:
            (code,) = choice["codes"]
            text = choice["verdict"]
            assert choice["best"] == (f"d:{code}" in p.best_codes)
            assert f"Best is to discard {best_cards}: made in {best['make']}% of the layouts" in text, text
            if not choice["best"]:
                own = rows[p.figures["discard_of"][code]]
                assert f"made in {own['make']}% of the layouts, {own['tricks']:.1f} tricks" in text, text
                assert f"{top - p.values['d:' + code]} points less" in text, text
        assert p.heuristic.replace(" ", "") and "rule of thumb" in card["lesson"]


def test_the_trainer_serves_kitty_puzzles() -> None:
    reply = handle("puzzles", {"type": "next", "rating": 1500, "theme": "discarding", "seen": []}, {})["reply"]
    assert reply["card"]["kind"] == "kitty" and reply["card"]["decision"] == "discard"
