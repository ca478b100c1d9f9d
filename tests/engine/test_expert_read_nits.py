"""Small points of the expert read (issue 25, F17 g, h): a library deal's lesson and a play problem's hint."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import fivehundred_tutor
from fivehundred_tutor import Bid, Card, Deal, Rules
from fivehundred_tutor.cli import main
from fivehundred_tutor.explain import play_principle
from fivehundred_tutor.handlers.problem import hint, start

DEALS_DIR = Path(fivehundred_tutor.__file__).parent / "data" / "deals"


def test_the_left_bower_lesson_names_the_joker_too() -> None:
    """F17 g: library deal 2 said "A left bower is a sure winner only when you also hold the right bower (or it
    has been played)": the joker beats it too."""
    record = json.loads((DEALS_DIR / "02-the-left-bower-trap.json").read_text(encoding="utf-8"))
    words = json.dumps(record, ensure_ascii=False)
    assert "only when you also hold the right bower" not in words
    assert "A left bower is a sure winner only when the joker and the right bower are yours or gone." in words
    rules, hearts = Rules(), Bid.parse("7H")
    assert rules.ranking(Card.parse("5H").suit, hearts)[:3] == [Card.parse(c) for c in ("JK", "JH", "JD")]


def test_a_trick_no_card_of_yours_can_beat_gets_no_win_it_cheaply_hint() -> None:
    """F17 h: problem 3 (chapter 12a) hinted "West's Joker is winning this trick. Can you win it cheaply, or should
    you save a card…?" when nothing beats the joker; now "…none of your cards can beat it. Which card can you best
    spare?". A trick that can be won keeps the old question."""
    said = hint(start({"library": "12-defence-keep-the-right-card"}))["principle"]
    assert (
        said == "West's Joker is winning this trick, and none of your cards can beat it. Which card can you best spare?"
    )
    winnable = play_principle(Rules(), Bid.parse("7H"), 1, 0, (0, Card.parse("AS")), joker_names_suit=False)
    assert winnable.endswith("Can you win it cheaply, or should you save a card that will take a trick later?")


def test_a_played_out_deal_prints_the_hands_as_dealt(capsys: pytest.CaptureFixture[str]) -> None:
    """F17 o: chapter 14's `fivehundred-tutor deal --seed 4 --play` printed "North — / East — / …": the hands
    after the play, all empty. A played-out deal prints the hands as dealt (a deal in progress, the hands now)."""
    assert main(["deal", "--seed", "4", "--play"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("; the hands as dealt")
    dealt = Deal.new(Rules(), seed=4)
    for seat, name in enumerate(("North", "East", "South", "West")):
        row = next(line for line in lines if line[2:].startswith(name + " "))
        assert "—" not in row and sum(str(c)[:-1] in row or c.is_joker for c in dealt.hands[seat]) == 10, row
    going = Deal.new(Rules(), seed=4)
    going.push_many(["pass", "pass", "pass", "7H"])
    assert "the hands as dealt" not in str(going)
