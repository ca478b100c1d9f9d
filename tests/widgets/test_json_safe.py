"""No whole number that JavaScript cannot hold reaches a widget's front end (issue 31, defect 2).

A deal seeded by ``derive_seed`` carries a 63-bit seed in its record; in JupyterLite Pyodide hands such a
number to the page as a ``BigInt`` and the widget stays "Loading widget…" ("Do not know how to serialize a
BigInt"); in JupyterLab it arrives rounded off.  The built book's chapters are checked too
(``tests/book/test_lite.py::test_no_chapter_widget_model_holds_a_number_javascript_cannot`` and the JupyterLite
sweep).
"""

from __future__ import annotations

import json

from fivehundred_tutor import Deal, Rules
from fivehundred_tutor.bots import HeuristicBot
from fivehundred_tutor.rng import derive_seed
from fivehundred_tutor.widgets import DealReplay
from fivehundred_tutor.widgets.base import SAFE_INTEGER, json_safe, unsafe_integers


def _played(seed: int) -> Deal:
    rules = Rules()
    deal = Deal.new(rules, seed=seed, dealer=0)
    bot = HeuristicBot()
    while not deal.is_over:
        deal.push(bot.choose(deal))
    return deal


def test_a_replay_of_a_deal_with_a_63_bit_seed_sends_no_unsafe_integer() -> None:
    seed = derive_seed("annotated-deals", "made", 0)
    assert seed > SAFE_INTEGER, "the case of chapter 12: a derived seed is beyond JavaScript's numbers"
    widget = DealReplay(_played(seed), title="A trump contract made")
    state = widget.get_state()
    assert unsafe_integers({k: v for k, v in state.items() if k not in ("_esm", "_css")}) == []
    assert state["deal"]["seed"] == str(seed), "the seed is carried exactly, as text"
    assert widget.deal["seed"] == seed, "the Python side keeps the number"
    # and what the front end would parse is what Python meant
    assert json.loads(json.dumps(state["deal"]))["seed"] == str(seed)


def test_json_safe_leaves_small_numbers_and_booleans_alone() -> None:
    value = {"a": [1, -SAFE_INTEGER, SAFE_INTEGER, True, 2.5, None], "b": {"c": -(2**60)}, "t": (2**53,)}
    assert json_safe(value) == {
        "a": [1, -SAFE_INTEGER, SAFE_INTEGER, True, 2.5, None],
        "b": {"c": str(-(2**60))},
        "t": [str(2**53)],
    }
    assert unsafe_integers(value) == ["b.c", "t[0]"]
