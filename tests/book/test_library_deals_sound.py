"""Every bid in the library's annotated deals is one a sound player could make with that hand.

The hand evaluation is the book's bidding standard with the auction so far
(:func:`fivehundred_tutor.bidding_standard.call_problem_in`, the same check the chapters' example
auctions pass).  In the 2-player game the bidder's face-up table cards
count with the hand: they are played like hand cards.
"""

from __future__ import annotations

import pytest

from fivehundred_tutor import Bid, Rules, parse_cards
from fivehundred_tutor.bidding_standard import call_problem_in
from fivehundred_tutor.questions.judging import call_problem, expected_support
from fivehundred_tutor.records import library_names, load_library_record


def _bids(name: str) -> list[tuple[str, str | None]]:
    """(who bid what, the evaluation's objection or None) for each bid of a library deal's auction."""
    record = load_library_record(name)
    if record.position:
        return []
    deal = record.start_deal()
    rules = deal.rules
    out: list[tuple[str, str | None]] = []
    for code in record.sections()["auction"]:
        action = deal.parse_action(code)
        seat = deal.to_move
        if isinstance(action, Bid):
            out.append((f"{rules.seat_name(seat)} {action}", call_problem_in(deal, action)))
        deal.push(action)
    return out


@pytest.mark.parametrize("name", library_names())
def test_every_library_bid_is_sound_for_the_hand(name: str) -> None:
    for who, problem in _bids(name):
        assert problem is None, f"{name}: {who}: {problem}"


def test_library_auctions_are_checked_at_all() -> None:
    checked = sum(len(_bids(name)) for name in library_names())
    assert checked >= 15


def test_two_player_evaluation_counts_the_face_up_table_cards() -> None:
    record = load_library_record("09-two-players-dummy-layout")
    deal = record.start_deal()
    north_hand, north_table = deal.hands[0], deal.table_up(0)
    assert len(north_table) == 5
    eight = Bid.parse("8D")
    # On the ten hand cards alone 8♦ looks far too high; with Q♦ 10♦ … face up it is a fair bid.
    assert call_problem(deal.rules, north_hand, eight) is not None
    assert call_problem(deal.rules, north_hand, eight, north_table) is None
    # The unseen support is then the five face-down table cards and the kitty only.
    assert expected_support(deal.rules) < expected_support(Rules())


def test_the_evaluation_rejects_the_bids_these_deals_used_to_show() -> None:
    rules = Rules()
    # 03: East's misère with A♣ Q♣ Q♥.
    assert call_problem(rules, parse_cards("5S 6D 5D AC QC 7C 6C 5C QH 7H"), Bid.misere())
    # 06: South's 7♠ with three trumps; East's misère with A♠ K♥ Q♥ (three cards to clear).
    assert call_problem(rules, parse_cards("JK QS 7S 7D 5D AC QC TC 8C 8H"), Bid.parse("7S"))
    old_east = call_problem(rules, parse_cards("AS 9S 6S 5S 4D 9C 6C 5C KH QH"), Bid.misere())
    assert old_east is not None and "kitty exchange" in old_east


def test_the_misere_deal_still_teaches_what_its_comments_say() -> None:
    record = load_library_record("06-misere")
    deal = record.to_deal()
    assert deal.contract == Bid.misere() and deal.result().made
    east = record.start_deal().hands[1]
    assert parse_cards("6H")[0] in east and record.sections()["discards"] == ["d:AS", "d:KH", "d:QH"]
    slam = load_library_record("03-slam-in-spades").to_deal()
    assert str(slam.contract) == "7♠" and slam.result().declarer_tricks == 10
    assert 250 in slam.result().scores
