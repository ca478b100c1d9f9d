"""Bidding puzzles (issue 28: "bidding and kitty puzzles too where the simulation gives a clear answer"):
a hand and the auction so far, the best call by simulation with a clear margin, loaded by load_bank()
as every puzzle, and verdicts that teach from the simulation's figures."""

from __future__ import annotations

import re

from fivehundred_tutor.deal import AUCTION
from fivehundred_tutor.handlers import handle
from fivehundred_tutor.handlers.models import PuzzleCard, shape_problems
from fivehundred_tutor.puzzles import load_bank
from fivehundred_tutor.puzzles.auction import MARGIN, bidding_puzzle, check_auction_puzzle
from fivehundred_tutor.puzzles.bank import AUCTION_SPEC
from fivehundred_tutor.puzzles.words import puzzle_card
from fivehundred_tutor.rng import Random


def _bidding() -> list:  # type: ignore[type-arg]
    return [p for p in load_bank() if p.kind == "bidding"]


def test_bidding_puzzles_load_through_load_bank() -> None:
    puzzles = _bidding()
    assert len(puzzles) >= 40, len(puzzles)
    for p in puzzles:
        deal = p.deal
        assert deal.phase == AUCTION and deal.to_move == p.seat
        assert all(call.code == "pass" for _s, call in deal.auction), "the auction so far is passes"
        assert isinstance(p.best, frozenset) and len(p.best) == 1 and p.best <= set(deal.legal_actions())
        best = p.best_codes[0]
        # .best is exactly the call with the best average, by the clear margin over every other call offered
        assert all(p.values[best] - v >= MARGIN for c, v in p.values.items() if c != best), p.values
        assert p.themes == ("judging-hand",) and isinstance(p.rating, int)


def test_a_seeded_sample_simulated_again_gives_the_same_best() -> None:
    """The bank's bidding puzzles are reproducible: two sampled puzzles simulated again from their seeds give the
    same values and best call, and one deal made again from the spec is the bank's puzzle."""
    puzzles = _bidding()
    sample = Random(28).sample(puzzles, 2)
    assert [check_auction_puzzle(p) for p in sample] == [None, None]
    first = puzzles[0]
    seed = int(first.id.split("-")[1])
    again = bidding_puzzle(seed, layouts=AUCTION_SPEC["layouts"])
    assert again is not None and again == first.to_dict()


def test_each_calls_verdict_says_the_simulations_figures() -> None:
    for p in _bidding():
        card = puzzle_card(p)
        assert shape_problems(card, PuzzleCard) == []
        assert card["decision"] == "bid" and sorted(card["legal"]) == sorted(p.values)
        make = p.figures["make"]
        for choice in card["classes"]:
            (code,) = choice["codes"]
            if code != "pass":
                assert f"makes in {make[code]}% of the layouts" in choice["verdict"], choice["verdict"]
                value = p.values[code]
                assert (f"+{value}" if value > 0 else f"\u2212{-value}" if value < 0 else "0") in choice["verdict"]
            assert choice["best"] == (code == p.best_codes[0])
        mean = re.search(r"takes (\d+\.\d) tricks on average over (\d+) layouts", card["lesson"])
        assert mean is not None and int(mean[2]) == p.figures["layouts"]


def test_the_trainer_serves_bidding_puzzles() -> None:
    reply = handle("puzzles", {"type": "next", "rating": 1500, "theme": "judging-hand", "seen": []}, {})["reply"]
    assert reply["card"]["kind"] == "bidding" and reply["card"]["calls"]


def test_the_build_checks_every_play_puzzle_and_a_sample_of_bidding_and_kitty_ones() -> None:
    """Simulating all the bidding puzzles again takes a minute (bench.bench_puzzles): the build re-solves every play
    puzzle and simulates a seeded sample of bidding puzzles; this file's sample test covers them too."""
    from fivehundred_tutor.puzzles import bank

    checked = bank._build_checked()
    assert {p.id for p in checked if not p.figures} == {p.id for p in load_bank() if not p.figures}
    for kind in ("bidding", "kitty"):
        assert len([p for p in checked if p.kind == kind]) == bank.AUCTION_CHECKED, kind


def test_pass_is_a_word_inside_a_sentence_and_capital_where_one_starts() -> None:
    """'The next best, Pass, your side…' read as a name; now 'pass' inside a sentence, 'Pass' starting one and on
    the call's button."""
    seen = 0
    for puzzle in [p for p in load_bank() if p.kind == "bidding"]:
        card = puzzle_card(puzzle)
        assert ["pass", "Pass"] in card["calls"]
        for choice in card["classes"]:
            assert ", Pass," not in choice["verdict"] and "Best is Pass" not in choice["verdict"], choice["verdict"]
            if choice["codes"] == ["pass"]:
                assert choice["verdict"].startswith("Pass: "), choice["verdict"]
            seen += "The next best, pass," in choice["verdict"]
    assert seen > 0
