"""The double-dummy solver against a plain exhaustive minimax over the engine's own Deal.

The reference walks ``Deal.legal_actions()`` / ``push`` / ``pop`` with no pruning, no
equivalences and no bounds; a memo keyed on the full state at trick starts only
avoids recomputing identical positions.  Positions are random endings of 2–6 cards
per hand (mid-trick too), in every contract type and player count.
"""

from __future__ import annotations

import pytest

from fivehundred_tutor.bots import HeuristicBot
from fivehundred_tutor.cards import Suit
from fivehundred_tutor.deal import DONE, Deal
from fivehundred_tutor.rules import Rules
from fivehundred_tutor.solver import DOUBLE_DUMMY_NOTE, SolveError, Solver, analyse, best_actions, solve, solve_report
from tests.support.solver import CASES, minimax, unfinished_positions


def assert_agrees_with_minimax(deal: Deal) -> None:
    """The solver's value and every action's value equal plain minimax; the deal is left as found."""
    before = deal.state_key()
    solver = Solver(backend="python")  # the pure-Python search; DDS is checked against it in test_solver_dds
    assert solver.solve(deal) == minimax(deal, {}), deal.to_dict()
    values = solver.analyse(deal)
    assert deal.state_key() == before
    assert set(values) == set(deal.legal_actions())
    for action, value in values.items():
        deal.push(action)
        assert value == minimax(deal, {}), (action, deal.to_dict())
        deal.pop()


@pytest.mark.parametrize(("rules", "contract", "k", "count"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_agrees_with_exhaustive_minimax(rules: Rules, contract: str, k: int, count: int) -> None:
    checked = 0
    for deal in unfinished_positions("solver-test", rules, contract, k, count):
        assert_agrees_with_minimax(deal)
        checked += 1
    assert checked >= count * 0.8


@pytest.mark.parametrize("contract", ["7NT", "MIS"])
@pytest.mark.parametrize("k", [3, 4])
def test_agrees_with_minimax_when_the_joker_was_named_in_advance(contract: str, k: int) -> None:
    # The joker-advance variant: the joker's holder names its suit before the first lead, and
    # the engine then treats it as the top card of that suit.  (The nomination itself is a
    # move the solver takes the best of; this checks the positions after it.)
    checked = with_joker = 0
    for deal in unfinished_positions(
        "solver-test", Rules.preset("joker-advance"), contract, k, 60, joker_fixed=Suit(0)
    ):
        assert_agrees_with_minimax(deal)
        checked += 1
        with_joker += any(c.is_joker for h in deal.hands for c in h)
    assert checked >= 45
    assert with_joker >= 5  # the joker is in play in some of them


def test_the_advance_nomination_takes_the_holders_best_suit() -> None:
    # A real joker-advance deal that reaches the nomination (before the first lead): the
    # solver's figure is the holder's best over the five choices (no suit, or one of four).
    rules = Rules.preset("joker-advance")
    bot = HeuristicBot()
    for seed in range(400):
        deal = Deal.new(rules, seed=seed)
        while not deal.is_over and not (deal.phase == "play" and deal.is_nominating):
            deal.push(bot.choose(deal))
        if deal.is_over:
            continue
        before = deal.state_key()
        values = analyse(deal)
        assert {a.code for a in values} == {a.code for a in deal.legal_actions()}
        # The figure counts the declaring side's tricks (the declarer's own in misère, where the
        # declarer wants fewest).
        if deal.contract.is_misere:
            wants_most = deal.to_move != deal.declarer
        else:
            wants_most = rules.side_of(deal.to_move) == rules.side_of(deal.declarer)
        assert solve(deal) == (max if wants_most else min)(values.values())
        assert deal.state_key() == before
        return
    raise AssertionError("no advance nomination in 400 bot deals")


def test_hand_checked_bowers() -> None:
    # Hearts trumps.  North's left bower loses to West's right bower whenever it is played,
    # and North's 8♠ is the top spade: one trick for North–South either way.
    deal = Deal.from_position(Rules(), {0: "JD 8S", 1: "AH 6S", 2: "KH 7S", 3: "JH 5S"}, "7H", 0)
    assert solve(deal) == 1
    assert {a.code: v for a, v in analyse(deal).items()} == {"JD": 1, "8S": 1}


def test_hand_checked_ending_with_the_left_bower() -> None:
    # 8♠ by North; South to lead with three tricks left, North–South already have 5.
    # North: Joker A♦ 5♦   East: J♣ (left bower) K♦ Q♦   South: 9♠ 4♦ 6♦   West: 7♥ 8♥ 9♥.
    # The joker is a sure trick (East must follow trumps with the J♣ when it is led), A♦ is
    # the top diamond, but East's K♦ Q♦ guard a diamond trick: 5 + 2 = 7 whatever South leads.
    hands = {0: "JK AD 5D", 1: "JC KD QD", 2: "9S 4D 6D", 3: "7H 8H 9H"}
    deal = Deal.from_position(Rules(), hands, "8S", 0, 2, tricks_won=[3, 2, 2, 0])
    assert deal.declarer_tricks == 5
    assert solve(deal) == 7
    assert {a.code: v for a, v in analyse(deal).items()} == {"9S": 7, "4D": 7, "6D": 7}


def test_hand_checked_no_trump_joker_nomination() -> None:
    # 7NT by North, who leads.  North: Joker 5♠; East: A♠ 6♣; South: 7♣ 4♥; West: K♠ 8♣.
    # Joker named spades: East and West must give up A♠/K♠, South discards; North then
    # makes 5♠ too (2 tricks).  Joker named clubs: East, South, West play their clubs and
    # North's 5♠ then loses to A♠ (1 trick).  Leading 5♠ first: East's A♠ wins, then the
    # joker wins later: 1 trick.
    deal = Deal.from_position(Rules(), {0: "JK 5S", 1: "AS 6C", 2: "7C 4H", 3: "KS 8C"}, "7NT", 0)
    values = {a.code: v for a, v in analyse(deal).items()}
    assert values == {"5S": 1, "JK:S": 2, "JK:C": 1, "JK:D": 1, "JK:H": 1}
    assert solve(deal) == 2
    assert [a.code for a in best_actions(deal, analyse(deal))] == ["JK:S"]


def test_hand_checked_misere_counts_declarer_tricks() -> None:
    # Misère by North, partner South sits out.  North: 4♥ 5♥; East: 6♥ 10♠; West: 7♥ 9♠.
    # Whatever is led, North's hearts are the lowest: North takes no trick.
    deal = Deal.from_position(Rules(), {0: "4H 5H", 1: "6H TS", 3: "7H 9S"}, "MIS", 0)
    assert deal.active == (0, 1, 3)
    assert solve(deal) == 0
    # North: A♥ K♥ against East 6♥ 7♥ and West 8♥ 9♥: North must win the first heart trick.
    deal = Deal.from_position(Rules(), {0: "AH KH", 1: "6H 7H", 3: "8H 9H"}, "MIS", 0)
    assert solve(deal) == 1


def test_two_player_report_says_face_down_cards_are_known() -> None:
    rules = Rules(players=2)
    table = [[["5H", "6H"]], [["7H", "8H"]]]
    deal = Deal.from_position(rules, {0: "AS 4D", 1: "KS 9D"}, "7S", 0, 0, table=table)
    report = solve_report(deal)
    assert report["face_down_known"] is True
    assert DOUBLE_DUMMY_NOTE in report["notes"]
    assert report["value"] == minimax(deal, {})


def test_solve_refuses_the_auction_with_a_clear_message() -> None:
    deal = Deal.new(Rules(), seed=3)
    with pytest.raises(SolveError, match="play phase"):
        solve(deal)


def test_a_finished_deal_reports_its_tricks() -> None:
    deal = Deal.from_position(Rules(), {0: "JH", 1: "AH", 2: "KH", 3: "QH"}, "7H", 0, tricks_won=[4, 3, 2, 0])
    deal.push_many(["JH", "AH", "KH", "QH"])
    assert deal.phase == DONE
    assert solve(deal) == 7


CHECK_CASES = [
    ("4p-suit", Rules(), "7H", 4, 15),
    ("4p-nt", Rules(), "7NT", 4, 15),
    ("4p-misere", Rules(), "MIS", 4, 15),
    ("3p-suit", Rules(players=3), "7C", 4, 10),
    ("2p-suit", Rules(players=2), "7D", 4, 15),
    ("2p-nt", Rules(players=2), "7NT", 3, 15),
    ("joker-any-time", Rules.preset("joker-any-time"), "7NT", 3, 10),
]


@pytest.mark.parametrize(
    ("rules", "contract", "k", "count"), [c[1:] for c in CHECK_CASES], ids=[c[0] for c in CHECK_CASES]
)
def test_check_agrees_with_analyse(rules: Rules, contract: str, k: int, count: int) -> None:
    # ``check`` (what "Check my play" asks of every card) gives the played card's exact value,
    # the best value and every action that keeps it — as ``analyse`` does with every value exact.
    checked = 0
    for deal in unfinished_positions("solver-check", rules, contract, k, count):
        values = Solver(backend="python").analyse(deal)
        best = best_actions(deal, values)
        for action in deal.legal_actions():
            before = deal.state_key()
            played, best_value, keeps = Solver(backend="python").check(deal, action)
            assert deal.state_key() == before
            assert (played, best_value, set(keeps)) == (values[action], values[best[0]], set(best)), deal.to_dict()
        checked += 1
    assert checked >= count * 0.8
