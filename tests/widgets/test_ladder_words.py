"""The ladder names a bid once: 'misère (misère) is worth 250' said the name twice (issue 30, wording)."""

from __future__ import annotations

from fivehundred_tutor import Rules
from fivehundred_tutor.handlers import handle
from fivehundred_tutor.handlers.ladder import ladder_model


def test_a_bid_whose_words_are_its_name_is_said_once() -> None:
    state = {"ladder": ladder_model(Rules())}
    said = {
        rung["code"]: handle("ladder", {"type": "explain", "bid": rung["code"]}, state)["reply"]["text"]
        for rung in state["ladder"]["rungs"]
    }
    misere = next(code for code, text in said.items() if text.lower().startswith("misère"))
    assert said[misere].startswith("misère is worth 250"), said[misere]
    assert said["7H"].startswith("7♥ (seven hearts) is worth 200") or "(" in said["7H"].split(" is worth")[0], said[
        "7H"
    ]
    assert not any("misère (misère)" in text.lower() for text in said.values())
