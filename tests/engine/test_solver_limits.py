"""The solver's node limit, and the misère bounds that keep misère bidding within its budget."""

from __future__ import annotations

from collections import Counter

import pytest

from fivehundred_tutor import Deal, Rules
from fivehundred_tutor.analysis import simulate
from fivehundred_tutor.cards import parse_cards
from fivehundred_tutor.rng import derive_seed
from fivehundred_tutor.solver import SearchLimit, Solver
from fivehundred_tutor.solver import position as solver_position
from tests.support.solver import unfinished_positions


def full_deal(seed: int, contract: str) -> Deal:
    deal = Deal.new(Rules(), seed=seed)
    hands = {s: list(deal.hands[s]) for s in range(4)}
    return Deal.from_position(Rules(), hands, contract, 0)


def test_a_search_past_its_node_limit_raises_and_leaves_the_solver_sound() -> None:
    deal = full_deal(derive_seed("node-limit", 1), "7NT")
    before = deal.state_key()
    solver = Solver(backend="python")
    with pytest.raises(SearchLimit, match="limit of 50 nodes"):
        solver.solve(deal, node_limit=50)
    assert deal.state_key() == before
    # The tables kept only what finished: the same solver then gives the fresh solver's value.
    assert solver.solve(deal) == Solver(backend="python").solve(deal)
    assert solver.solve(deal, node_limit=10**9) == solver.solve(deal)


def test_misere_bounds_cut_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # Their soundness is the exhaustive-minimax comparison in test_solver.py (misère cases);
    # here: they do cut (this fails if either is switched off), with the same values.
    deals = list(unfinished_positions("misere-bounds", Rules(), "MIS", 6, 30))

    def run() -> tuple[list[int], int]:
        values, nodes = [], 0
        for deal in deals:
            solver = Solver(backend="python", native=False)  # the Python classes are the ones patched
            values.append(solver.solve(deal))
            nodes += solver.nodes
        return values, nodes

    values, nodes = run()
    monkeypatch.setattr(solver_position.Position, "_misere_safe", lambda self: 0)
    values_unsafe, nodes_unsafe = run()
    monkeypatch.setattr(solver_position.Position, "_misere_forced", lambda self, vp: 0)
    values_none, nodes_none = run()
    assert values == values_unsafe == values_none
    assert nodes < nodes_unsafe < nodes_none


def test_simulation_stops_a_denomination_when_asked() -> None:
    rules = Rules()
    hand = parse_cards("4H 5H 6D 7D 5S 6S 7C 8C 9S 10C")
    whole = simulate(rules, 0, hand, layouts=6, seed=3, denominations=["H"])
    asked: list[int] = []

    def stop(denomination: str, counts: Counter[int]) -> bool:
        asked.append(sum(counts.values()))
        return sum(counts.values()) == 2

    part = simulate(rules, 0, hand, layouts=6, seed=3, denominations=["H"], stop_when=stop)
    assert asked == [1, 2]
    assert sum(part.tricks["H"].values()) == 2
    # The layouts it solved are the first two of the whole run (same seed, same order).
    assert all(part.tricks["H"][t] <= whole.tricks["H"][t] for t in part.tricks["H"])


def test_misere_simulation_under_a_node_limit_is_the_same_on_every_run() -> None:
    rules = Rules()
    hand = parse_cards("4H 5H 6H 5D 6D 5S 7S 5C 6C 7C")
    runs = [
        simulate(rules, 0, hand, layouts=6, seed=5, denominations=["MIS"], node_limit=40_000).tricks["MIS"]
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
    unlimited = simulate(rules, 0, hand, layouts=6, seed=5, denominations=["MIS"]).tricks["MIS"]
    # The limit left some layouts unsolved (counted as not made by the bidding bot), not all.
    assert 0 < sum(runs[0].values()) < sum(unlimited.values()) == 6
    assert all(runs[0][t] <= unlimited[t] for t in runs[0])


@pytest.mark.parametrize("native", [False, None])  # the plain search, and the compiled one where built
def test_an_analysis_keeps_to_its_node_limit_all_actions_together(native: bool | None) -> None:
    """``analyse(node_limit=N)`` visits at most N nodes over the root search and every action's search (a
    bot's per-decision cap), raises past them with the deal and the tables unchanged, and under a limit
    it keeps gives the same values as without one."""
    deal = full_deal(derive_seed("node-limit", 2), "7NT")
    before = deal.state_key()
    free = Solver(backend="python", native=native)
    values = free.analyse(deal)
    spent = free.nodes
    assert spent > 200 and len(values) > 1
    for limit in (50, spent // 3, spent - 1):
        capped = Solver(backend="python", native=native)
        with pytest.raises(SearchLimit):
            capped.analyse(deal, node_limit=limit)
        assert capped.nodes <= limit + 10, (capped.nodes, limit)  # the node that found the limit, give or take
        assert deal.state_key() == before
        assert capped.analyse(deal) == values  # what it kept is sound
    roomy = Solver(backend="python", native=native)
    assert roomy.analyse(deal, node_limit=spent) == values and roomy.nodes == spent


def test_a_sampling_decision_keeps_to_its_plan_s_node_cap() -> None:
    """The strong bot's card play spends at most its plan's nodes on one decision, all layouts together;
    with too few layouts solved it says so ("cut") and plays the rule of thumb."""
    from fivehundred_tutor.analysis.sampling_bot import SamplePlan, SamplingBot

    rules = Rules()
    cut = solved = 0
    for seed in range(12):
        deal = Deal.new(rules, seed=derive_seed("bot-cap", seed), dealer=3)
        deal.push_many(["6NT", "pass", "pass", "pass"])
        while deal.phase == "kitty":
            deal.push(deal.legal_actions()[0])
        for cap in (2_000, 60_000):
            plan = SamplePlan(tricks=10, layouts=10, nodes=cap, least=2)
            solver = Solver(backend="python")
            bot = SamplingBot(seed=seed, plans={"compiled": plan, "interpreted": plan}, solver=solver)
            bot.choose(deal)
            assert solver.nodes <= cap + 50, (seed, cap, solver.nodes)  # a few nodes past: a budget, not a count
            report = bot.last_report
            assert report is not None
            cut += report.why == "cut"
            solved += report.layouts >= 2
    assert cut and solved, (cut, solved)
