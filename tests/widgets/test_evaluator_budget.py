"""The hand evaluator where the search is slow (JupyterLite's Pyodide: no DDS): issue 31, defect 1.

Chapter 9b's ``HandEvaluator(rules, hands=6, seed=12, layouts=200)`` kept the notebook's Python busy for over
20 minutes in JupyterLite.  Now the cell takes the hands the book build simulated (saved into the JupyterLite
wheel) and keeps to a budget for any other hand, which the front end goes on simulating with ``simulate``.
The whole chapter in JupyterLite: tests/book/test_lite_chapters.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fivehundred_tutor import Rules
from fivehundred_tutor.bookbuild import lite
from fivehundred_tutor.handlers import evaluator as ev
from fivehundred_tutor.handlers import handle
from fivehundred_tutor.solver import dds
from fivehundred_tutor.widgets import HandEvaluator

RULES = Rules()


def _no_simulation(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Record every call of the simulation (none may happen) while still running it."""
    calls: list[Any] = []
    real = ev.simulate

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append((args[3] if len(args) > 3 else None, kwargs.get("layouts")))
        return real(*args, **kwargs)

    monkeypatch.setattr(ev, "simulate", counting)
    return calls


def _saved_file(tmp_path: Path, model: dict[str, Any]) -> Path:
    """What the JupyterLite build writes into its wheel for a chapter whose saved widget state holds ``model``."""
    state = {"m1": {"state": {"evaluator": model, "index": 0}}, "m2": {"state": {"quiz": {}}}}
    executed = {"metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {"state": state}}}}
    path = tmp_path / "saved-hands.json"
    path.write_text(json.dumps(lite.chapter_saved_hands([executed])))
    return path


def test_hands_the_build_simulated_are_taken_as_saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built = ev.evaluator_model(RULES, hands=2, seed=12, layouts=6, title="Judge a hand")
    saved = _saved_file(tmp_path, built)
    calls = _no_simulation(monkeypatch)
    again = ev.evaluator_model(RULES, hands=2, seed=12, layouts=6, title="Judge a hand", budget=0.0, saved=saved)
    assert calls == [], "a saved hand is not simulated again"
    assert again == built, "the same model as the build's, words and all"
    # a third hand was not saved: planned as a live new hand, not simulated within a budget of nothing
    more = ev.evaluator_model(RULES, hands=3, seed=12, layouts=6, budget=0.0, saved=saved)
    assert more["hands"][:2] == built["hands"] and calls == []
    extra = more["hands"][2]
    assert not extra["ready"] and extra["layouts"] == min(6, ev.LIVE_LAYOUTS) and extra["chunk"] == 1
    # other rules, another seed or other layouts are other hands
    assert not ev.evaluator_model(RULES, hands=1, seed=12, layouts=7, budget=0.0, saved=saved)["hands"][0]["ready"]
    three = Rules(players=3)
    assert not ev.evaluator_model(three, hands=1, seed=12, layouts=6, budget=0.0, saved=saved)["hands"][0]["ready"]


def test_a_hand_not_saved_keeps_to_the_budget_and_the_front_end_finishes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a budget the cell simulates one unit (a layout of one denomination) at a time and stops when the
    budget is spent; the front end's ``simulate`` requests go on until the hand is ready and can be judged."""
    calls = _no_simulation(monkeypatch)
    model = ev.evaluator_model(RULES, hands=6, seed=12, layouts=200, budget=0.0, saved=Path("/nonexistent"))
    assert calls == [], "a budget of nothing: no simulation in the cell"
    assert all(not h["ready"] and h["layouts"] == ev.LIVE_LAYOUTS for h in model["hands"])
    # the front end's requests as JupyterLite answers them (a hand of one layout here: the test's time)
    monkeypatch.setattr(dds, "available", lambda: False)
    model = ev.evaluator_model(RULES, hands=1, seed=12, layouts=1, budget=0.0, saved=Path("/nonexistent"))
    state: dict[str, Any] = {"evaluator": model, "index": 0, "responses": {}, "judged": []}
    for _ in range(40):
        out = handle("evaluator", {"type": "simulate", "index": 0}, state)
        state["evaluator"] = out["update"]["evaluator"]
        if out["reply"]["ready"]:
            break
    assert out["reply"]["ready"] and out["reply"]["done"] == 1
    assert all(size == 1 for _den, size in calls), "one layout a request"
    estimates = {d: 5 for d in ev.DENOMINATIONS}
    judged = handle("evaluator", {"type": "judge", "index": 0, "estimates": estimates}, state)
    assert judged["reply"]["type"] == "judged"


def test_the_widget_keeps_to_its_cell_budget_without_dds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chapter 9b's cell without DDS: hands not saved are not simulated whole (before: 6 x 200 layouts)."""
    monkeypatch.setattr(dds, "available", lambda: False)
    calls = _no_simulation(monkeypatch)
    widget = HandEvaluator(RULES, hands=6, seed=12, layouts=200, title="Judge a hand", cell_budget=0.0)
    hands = widget.evaluator["hands"]
    assert calls == [] and len(hands) == 6 and not any(h["ready"] for h in hands)
