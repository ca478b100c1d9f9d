"""The play test's figures: each card's double-dummy loss, the par table, and the test's handler.

Losses are checked against independent recomputations: a plain minimax over small positions
(no solver at all), and the solver's ``analyse`` (every legal card's value) at each decision of
seeded deals, where the grading uses two ``solve`` calls.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from fivehundred_tutor import Deal, Rules
from fivehundred_tutor import solver as solver_module
from fivehundred_tutor.actions import Play
from fivehundred_tutor.analysis.duplicate import (
    CardGrade,
    DuplicateBot,
    grade_card,
    graded_cards,
    is_choice,
    par,
    replay,
)
from fivehundred_tutor.deal import IllegalAction
from fivehundred_tutor.handlers import handle, playtest
from fivehundred_tutor.solver import Solver, dds, maximises

RULES = Rules()
SOUTH = 2


def minimax(deal: Deal) -> int:
    """Tricks the declaring side ends with (the declarer's own in misère), by trying every line."""
    if deal.is_over or deal.phase != "play":
        return deal.declarer_tricks
    assert deal.to_move is not None
    values = []
    for action in deal.legal_actions():
        deal.push(action)
        values.append(minimax(deal))
        deal.pop()
    return max(values) if maximises(deal, deal.to_move) else min(values)


POSITIONS = [
    ({0: "AH 5S", 1: "KH 6S", 2: "QH 7S", 3: "JS 8S"}, "7NT", 0),
    ({0: "AS KS 5D", 1: "QS 6D 7C", 2: "JH 8D 9C", 3: "10S 9D AC"}, "7H", 1),
    ({0: "JK 5D 6C", 1: "AD 7D 8C", 2: "KD QC 9S", 3: "AC KC 10D"}, "8NT", 0),
    ({0: "JD 9H 5C", 1: "JH AC 6S", 2: "KH QH 7C", 3: "AS 8C 9D"}, "6H", 3),
    ({0: "AH 5S 6D", 1: "KH 6S 7D", 2: "QH 7S 8D", 3: "JS 8S 9D"}, "MIS", 0),
]


@pytest.mark.parametrize(("hands", "contract", "declarer"), POSITIONS)
def test_each_card_loss_matches_a_plain_minimax(hands: dict[int, str], contract: str, declarer: int) -> None:
    """Every legal card of every player in small positions: loss = best value - its value, by minimax."""
    deal = Deal.from_position(RULES, hands, contract, declarer)
    checked = 0

    def walk(d: Deal) -> None:
        nonlocal checked
        if d.is_over:
            return
        assert d.to_move is not None
        values = {}
        for action in d.legal_actions():
            d.push(action)
            values[action] = minimax(d)
            d.pop()
        best = max(values.values()) if maximises(d, d.to_move) else min(values.values())
        for action, value in values.items():
            grade = grade_card(d, action, Solver())
            assert grade.loss == abs(best - value), (d.to_dict(), action.code)
            checked += 1
        d.push(next(iter(values)))
        walk(d)
        d.pop()

    walk(deal)
    assert checked >= 6


def test_a_grade_leaves_the_deal_as_it_was_and_a_cap_raises() -> None:
    deal = Deal.new(RULES, seed=4, dealer=0)
    bot = DuplicateBot(4)
    while deal.phase != "play":
        deal.push(bot.choose(deal))
    before = deal.to_dict()
    action = deal.legal_actions()[0]
    python = Solver(backend="python")
    with pytest.raises(solver_module.SearchLimit):
        grade_card(deal, action, python, node_limit=10)
    assert deal.to_dict() == before
    # the same solver finishes the job without the cap, and agrees with a fresh one
    assert grade_card(deal, action, python) == grade_card(deal, action, Solver(backend="python"))
    assert deal.to_dict() == before


@pytest.fixture(scope="module")
def pars() -> list[Any]:
    return [par(RULES, seed, seed % 4, SOUTH) for seed in (3, 8)]


def test_par_losses_match_the_solvers_analysis_of_every_decision(pars: list[Any]) -> None:
    """The par table's grades, recomputed: at each of South's decisions, every legal card's value (analyse)."""
    for table in pars:
        deal = table.deal
        assert deal.is_over and not deal.result().thrown_in
        walk = deal.root()
        recomputed = []
        solver = Solver()
        for action in deal.history:
            if walk.to_move == SOUTH and isinstance(action, Play) and is_choice(walk):
                values = solver.analyse(walk)
                best = max(values.values()) if maximises(walk, SOUTH) else min(values.values())
                recomputed.append((len(walk.tricks) + 1, action.code, abs(best - values[action])))
            walk.push(action)
        assert [(g.trick, g.card, g.loss) for g in table.grades] == recomputed
        assert table.lost == sum(r[2] for r in recomputed)
        data = table.to_dict()
        assert data["lost"] == table.lost and data["choices"] == len(recomputed)
        assert data["scores"] == list(deal.result().scores)


def test_a_costly_card_names_the_cards_that_kept_the_best() -> None:
    deal = Deal.from_position(RULES, {0: "AH 5S", 1: "KH 6S", 2: "QH 7S", 3: "JS 8S"}, "7NT", 0)
    deal.push_many(["5S", "6S", "7S", "8S", "JS", "AH", "KH", "QH"])
    grades = graded_cards(deal, 0)
    assert grades == [CardGrade(1, "5S", 1, ("AH",))]


def test_replay_of_the_par_actions_is_the_par_deal(pars: list[Any]) -> None:
    for table in pars:
        data = table.to_dict()
        again = replay(RULES, table.seed, table.dealer, SOUTH, data["actions"])
        assert [a.code for a in again.history] == [a.code for a in table.deal.history]


def test_replay_names_the_action_that_cannot_be_made(pars: list[Any]) -> None:
    table = pars[0]
    actions = table.to_dict()["actions"]
    bad = [*actions[:2], "ZZ", *actions[3:]]
    with pytest.raises(IllegalAction, match=r"action 3 \('ZZ'\) cannot be made there; allowed: "):
        replay(RULES, table.seed, table.dealer, SOUTH, bad)
    with pytest.raises(ValueError, match="comes after the end of the deal"):
        replay(RULES, table.seed, table.dealer, SOUTH, [*actions, actions[-1]])
    with pytest.raises(IllegalAction, match="is not an action's code"):
        replay(RULES, table.seed, table.dealer, SOUTH, [["not", "a", "code"]])  # type: ignore[list-item]
    partial = replay(RULES, table.seed, table.dealer, SOUTH, actions[:3])
    assert not partial.is_over and partial.to_move == SOUTH


def test_the_bots_choose_the_same_cards_without_dds_or_the_compiled_search(
    pars: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The live book's host (plain Python, no DDS) plays the par tables the book's build played."""
    monkeypatch.setattr(solver_module, "NATIVE", None)
    monkeypatch.setattr(dds, "available", lambda: False)
    table = pars[0]
    again = par(RULES, table.seed, table.dealer, SOUTH)
    assert [a.code for a in again.deal.history] == [a.code for a in table.deal.history]
    assert again.grades == table.grades


def test_card_grade_from_a_page_is_checked() -> None:
    good = CardGrade(3, "JD", 1, ("AH",))
    assert CardGrade.from_dict(good.to_dict()) == good
    for bad in [
        {"trick": 0, "card": "JD", "loss": 0},
        {"trick": 3, "card": "JD", "loss": -1},
        {"trick": 3, "card": "x" * 9, "loss": 0},
        {"trick": 3, "card": "JD", "loss": 0, "best": ["AH"] * 21},
        {"trick": True, "card": "JD", "loss": 0},
        {"trick": 3, "card": "JD", "loss": 0, "best": [5]},
    ]:
        with pytest.raises(ValueError):
            CardGrade.from_dict(bad)


# ------------------------------------------------------------------ the handler
@pytest.fixture(scope="module")
def state() -> dict[str, Any]:
    return playtest.start_test(RULES, seed=15, deals=2, seat=SOUTH)


def _play(state: dict[str, Any], learner: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """One deal of the test to its end; returns the final state and the last reply."""
    out: dict[str, Any] = {}
    for _ in range(40):
        if state["view"]["over"]:
            return state, out["reply"]
        deal = Deal.from_dict(state["deal"])
        out = handle("playtest", {"type": "act", "code": learner.choose(deal).code}, {"state": state})
        assert out["reply"]["type"] == "moved", out["reply"]
        state = out["update"]["state"]
        # the grades stay hidden from the reply until the deal is over
        assert ("test" in out["reply"]) == state["view"]["over"]
    raise AssertionError("the deal never ended")


def test_the_deals_are_kept_by_their_rule(state: dict[str, Any]) -> None:
    deals = state["test"]["deals"]
    assert len(deals) == 2 and len({d["seed"] for d in deals}) == 2
    for d in deals:
        assert d["contract"] is not None and d["choices"] >= playtest.MIN_CHOICES
        again = par(RULES, d["seed"], d["dealer"], SOUTH).to_dict()
        assert again == d
    assert json.loads(json.dumps(state)) == state  # plain data


def test_the_stronger_bot_as_learner_scores_par(state: dict[str, Any]) -> None:
    """Duplicate: the same bot in the learner's seat, through the handler, is the par table to the card."""
    s = state
    for k in range(2):
        table = s["test"]["deals"][k]
        s, reply = _play(s, DuplicateBot(int(table["seed"])))
        result = reply["test"]["result"]
        assert (result["lost"], result["choices"], result["score"]) == (
            table["lost"],
            table["choices"],
            table["scores"][table["side"]],
        )
        assert result["contract"] == table["contract"]
        assert [g["loss"] for g in s["test"]["grades"]] == [g["loss"] for g in table["grades"]]
        if k == 0:
            s = handle("playtest", {"type": "next"}, {"state": s})["update"]["state"]
    summary = s["test"]["summary"]
    assert summary["played"] == 2 and summary["lost"] == summary["par_lost"]
    assert summary["lost_per_deal"] == summary["par_lost_per_deal"]


def test_a_learners_losses_are_each_cards_loss_recomputed(state: dict[str, Any]) -> None:
    from fivehundred_tutor.bots import RandomBot

    final, reply = _play(state, RandomBot(7))
    deal = Deal.from_dict(final["deal"])
    recomputed = [(g.trick, g.card, g.loss) for g in graded_cards(deal, SOUTH, Solver(backend="python"))]
    result = reply["test"]["result"]
    assert [(g["trick"], g["card"], g["loss"]) for g in final["test"]["grades"]] == recomputed
    assert result["lost"] == sum(r[2] for r in recomputed)
    costly = [r for r in recomputed if r[2]]
    assert len(result["rows"]) == len(costly)
    for row in result["rows"]:
        assert row["text"].startswith(f"Trick {row['trick']}: your ") and "kept the best result" in row["text"]
    summary = final["test"]["summary"]
    assert summary["played"] == 1 and summary["lost"] == result["lost"]
    assert summary["text"] == playtest.summary_words(summary)


def test_cards_the_cap_cuts_short_are_graded_at_the_end(state: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """With a cap no search meets (the browser's plain search, 1 node), every card waits for the end,
    and the end gives the grades an uncapped run gives."""
    from fivehundred_tutor.bots import HeuristicBot

    uncapped, _ = _play(state, HeuristicBot())
    monkeypatch.setattr(playtest, "GRADE_NODES", 1)
    monkeypatch.setattr(dds, "available", lambda: False)
    playtest._SOLVERS.clear()
    s = state
    waited = 0
    for _ in range(40):
        if s["view"]["over"]:
            break
        deal = Deal.from_dict(s["deal"])
        s = handle("playtest", {"type": "act", "code": HeuristicBot().choose(deal).code}, {"state": s})["update"][
            "state"
        ]
        waited = max(waited, len(s["test"]["pending"]))
    assert waited >= 3 and s["test"]["pending"] == []
    assert s["test"]["grades"] == uncapped["test"]["grades"]
    assert s["test"]["results"] == uncapped["test"]["results"]


def test_next_and_again(state: dict[str, Any]) -> None:
    early = handle("playtest", {"type": "next"}, {"state": state})["reply"]
    assert early["type"] == "error" and "finish this deal first" in early["error"]
    from fivehundred_tutor.bots import HeuristicBot

    s, _ = _play(state, HeuristicBot())
    s = handle("playtest", {"type": "next"}, {"state": s})["update"]["state"]
    assert s["test"]["index"] == 1 and len(s["test"]["results"]) == 1 and s["test"]["grades"] == []
    s, _ = _play(s, HeuristicBot())
    last = handle("playtest", {"type": "next"}, {"state": s})["reply"]
    assert last["type"] == "error" and "last deal" in last["error"]
    again = handle("playtest", {"type": "again"}, {"state": s})["update"]["state"]
    assert again["test"]["index"] == 0 and again["test"]["results"] == []
    assert again["deal"] == state["deal"]


def test_a_broken_state_gets_a_readable_error(state: dict[str, Any]) -> None:
    no_test = {k: v for k, v in state.items() if k != "test"}
    reply = handle("playtest", {"type": "act", "code": "pass"}, {"state": no_test})["reply"]
    assert reply["type"] == "error" and "holds no play test" in reply["error"]
    bad = {**state, "test": {**state["test"], "grades": [{"trick": "x"}]}}
    reply = handle("playtest", {"type": "act", "code": "pass"}, {"state": bad})["reply"]
    assert reply["type"] == "error"
    flood = {**state, "test": {**state["test"], "pending": list(range(50))}}
    reply = handle("playtest", {"type": "act", "code": "pass"}, {"state": flood})["reply"]
    assert reply["type"] == "error" and "not readable" in reply["error"]


def test_summary_words() -> None:
    assert playtest.summary_words({"played": 0, "deals": 4}) == "No deal played yet: 4 to go."
    one = {"played": 1, "lost": 1, "par_lost": 0, "deals": 4}
    assert playtest.summary_words(one) == (
        "You lost 1 trick a deal to perfect play; the stronger bot in your seat lost 0 tricks on the same deal."
    )
    s = playtest.summary([{"lost": 2, "par_lost": 1, "score": 100, "par_score": -40}] * 3, 4)
    assert (s["lost_per_deal"], s["par_lost_per_deal"], s["points"], s["par_points"]) == (2.0, 1.0, 300, -120)
    assert s["text"].startswith("You lost 2 tricks a deal")


def test_grade_dataclass_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        CardGrade(1, "JD", 0).loss = 2  # type: ignore[misc]
