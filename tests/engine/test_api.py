"""The public API spelled out in the engine issue, plus explanations, rendering and the CLI."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from fivehundred_tutor import (
    JOKER,
    PASS,
    Bid,
    BidParseError,
    Card,
    CardParseError,
    Deal,
    IllegalAction,
    Rules,
    RulesError,
    Suit,
)
from fivehundred_tutor.cli import main
from tests.support.engine import assert_illegal_unchanged, bid, cards


def test_suits_and_their_symbols() -> None:
    assert str(Suit.HEARTS) == "♥" and str(Suit.SPADES) == "♠"
    assert [s.name for s in Suit] == ["SPADES", "CLUBS", "DIAMONDS", "HEARTS"]


def test_card_parse_and_format_are_symmetric() -> None:
    assert Card.parse("J♦") == Card.parse("JD") == Card.parse("jd")
    assert Card.parse("10H") == Card.parse("TH")
    assert Card.parse("Joker") == Card.parse("JK")
    assert str(Card.parse("th")) == "10♥"
    assert Card.parse("JK").suit is None and Card.parse("JK").is_joker
    assert Card.parse("QS").suit == Suit.SPADES and not Card.parse("QS").is_joker
    for card in Rules(players=6).deck():
        assert Card.parse(str(card)) is card and Card.parse(card.code) is card and Card.parse(card.name) is card


@pytest.mark.parametrize("text", ["", "ZZ", "1H", "JX", "14S", "joker of hearts", "J♦♦"])
def test_bad_card_text_gives_a_clear_error(text: str) -> None:
    with pytest.raises(CardParseError, match=r"card|suit"):
        Card.parse(text)


def test_bid_parse_and_attributes() -> None:
    assert Bid.parse("7H") == Bid.parse("7♥")
    nt = Bid.parse("7NT")
    assert nt.tricks == 7 and nt.trump is None and str(nt) == "7NT"
    assert Bid.parse("misere") == Bid.parse("MIS") and Bid.parse("MIS").is_misere
    assert Bid.parse("open misere") == Bid.parse("OM")
    om = Bid.parse("OM")
    assert om.is_misere and om.is_open_misere and om.trump is None
    assert Bid.parse("8♠").trump == Suit.SPADES and str(Bid.parse("8s")) == "8♠"
    for b in Rules().bid_ladder():
        assert Bid.parse(str(b)) is b and Bid.parse(b.code) is b


@pytest.mark.parametrize("text", ["5H", "11NT", "7X", "pass", "", "seven hearts"])
def test_bad_bid_text_gives_a_clear_error(text: str) -> None:
    with pytest.raises(BidParseError):
        Bid.parse(text)


def test_pass_reads_as_pass_in_any_case() -> None:
    assert str(PASS) == "pass"
    deal = Deal.new(Rules(), seed=1)
    deal.push("PASS")
    deal.push("Pass")
    assert [c for _, c in deal.auction] == [PASS, PASS]


def test_rules_constructors_and_errors() -> None:
    assert Rules().players == 4 and Rules().deck_size == 43
    assert Rules(players=3).kitty_size == 3 and Rules(players=2).players == 2 and Rules(players=6).deck_size == 63
    assert Rules.preset("american").bidding == "single-round"
    assert Rules.preset("american", target=300).target == 300
    with pytest.raises(RulesError, match="2, 3, 4, 5 or 6"):
        Rules(players=7)
    with pytest.raises(RulesError, match="no preset named"):
        Rules.preset("martian")
    with pytest.raises(RulesError, match="deck of 33"):
        Rules(players=3, deck_size=43)
    with pytest.raises(RulesError, match="misere must be one of"):
        Rules(misere="sometimes")


def test_effective_suit_and_ranking() -> None:
    rules = Rules()
    hearts = bid("7H")
    assert rules.effective_suit(Card.parse("JD"), hearts) == Suit.HEARTS
    assert rules.effective_suit(JOKER, hearts) == Suit.HEARTS
    assert rules.effective_suit(JOKER, bid("7NT")) is None
    assert rules.effective_suit(Card.parse("JD"), bid("7NT")) == Suit.DIAMONDS
    assert rules.ranking(Suit.HEARTS, hearts)[:3] == cards("JK JH JD")


def test_legal_plays_with_named_joker_suit() -> None:
    rules = Rules()
    assert rules.legal_plays(cards("AH 5S"), cards("JK"), bid("7NT"), joker_suit=Suit.HEARTS) == cards("AH")
    with pytest.raises(RulesError, match="joker_suit"):
        rules.legal_plays(cards("AH 5S"), cards("JK"), bid("7NT"))


def test_explanations_are_first_class() -> None:
    rules = Rules()
    assert rules.explain_card(Card.parse("JD"), bid("7H")) == (
        "J♦ is the left bower: a heart (a trump) while hearts are trumps, the third-highest card."
    )
    assert "right bower" in rules.explain_card(Card.parse("JH"), bid("7H"))
    assert "no jack" in rules.explain_card(Card.parse("AD"), bid("7H"))
    reason = rules.why_illegal(Card.parse("JD"), cards("JD 5D"), cards("AD"), bid("7H"))
    assert reason is not None and "left bower" in reason
    assert rules.why_illegal(Card.parse("5D"), cards("JD 5D"), cards("AD"), bid("7H")) is None
    assert "left bower" in rules.explain_trick(cards("AD KD JD"), bid("7H"))
    assert "joker" in rules.explain_trick(cards("AS JK"), bid("7NT")).lower()


def test_illegal_actions_raise_a_value_error_and_leave_the_deal_unchanged() -> None:
    assert issubclass(IllegalAction, ValueError)
    deal = Deal.new(Rules(), seed=3, dealer=3)
    assert_illegal_unchanged(deal, "JD", "auction")
    assert_illegal_unchanged(deal, "7X", "not a bid")
    deal.push("7H")
    assert_illegal_unchanged(deal, "6NT", "does not outrank")
    deal.push_many(["pass", "pass", "pass"])
    assert_illegal_unchanged(deal, "8NT", "auction is over")
    foreign = deal.hands[1][0]
    assert_illegal_unchanged(deal, f"discard {foreign}", "not in North's hand")
    for card in list(deal.hands[0][:3]):
        deal.push(f"discard {card}")
    assert_illegal_unchanged(deal, foreign.code, "does not hold")
    assert_illegal_unchanged(deal, "pass", "auction is over")


def test_deal_renders_as_text_and_html() -> None:
    deal = Deal.new(Rules(), seed=3)
    text = str(deal)
    assert "North" in text and "Kitty" in text
    html = deal._repr_html_()
    assert "<svg" in html and 'aria-label="' in html
    assert 'aria-label="Jack of diamonds"' in Card.parse("JD")._repr_html_()
    assert "seven hearts" in Bid.parse("7H")._repr_html_()
    assert "<table" in Rules()._repr_html_()


def test_result_before_the_end_is_an_error() -> None:
    from fivehundred_tutor import GameStateError

    with pytest.raises(GameStateError, match="not finished"):
        Deal.new(Rules(), seed=1).result()


def test_from_dict_rejects_other_documents() -> None:
    with pytest.raises(RulesError, match="not a deal record"):
        Deal.from_dict({"format": "something else"})


# ----------------------------------------------------------------------------- CLI


def test_cli_deal_prints_a_readable_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--seed", "4", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "3 players" in out and "Kitty" in out and "West" in out


def test_cli_deal_json_round_trips(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--seed", "4", "--play", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert Deal.from_dict(record).is_over


def test_cli_simulate_reports_make_rates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "40", "--seed", "2", "--no-progress", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hands"] == 40
    played = sum(row["played"] for row in report["contracts"].values())
    assert played + report["thrown_in"] == 40
    for row in report["contracts"].values():
        assert 0 <= row["make_rate"] <= 1


def test_cli_simulate_shows_a_progress_bar() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "fivehundred_tutor", "simulate", "--hands", "30", "--preset", "american"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "make rate" in proc.stdout and "hand" in proc.stderr  # tqdm writes to stderr


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["simulate", "--preset", "nope"], "no preset named 'nope'"),
        (["simulate", "--hands", "0"], "--hands must be a positive number"),
        (["deal", "--players", "7"], "invalid choice"),
        (["frobnicate"], "invalid choice"),
        (["simulate", "--hands", "ten"], "invalid int value"),
    ],
)
def test_cli_errors_are_one_clear_line(argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) != 0
    err = capsys.readouterr().err.strip()
    assert fragment in err and len(err.splitlines()) == 1


def test_cli_rules_lists_presets_and_describes_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    assert "american" in capsys.readouterr().out
    assert main(["rules", "american"]) == 0
    out = capsys.readouterr().out
    assert "one round only" in out and "10NT=520" in out


@pytest.mark.parametrize("preset", ["australian", "two-player", "45-card"])
def test_a_misdeal_is_refused_and_a_position_is_not(preset: str) -> None:
    """A deal before the auction needs full hands, kitty and 2-player piles; an ending set up by from_position does not."""
    rules = Rules.preset(preset)
    good = Deal.new(rules, seed=4, dealer=0)
    hands = [list(h) for h in good.hands]
    hands[1].append(hands[0].pop())  # one hand of 9 cards, one of 11: every card still dealt once
    table = [[list(pile) for pile in piles] for piles in good.table] if good.table else None
    with pytest.raises(RulesError, match=r"misdeal: .* holds 9 cards; every hand is dealt 10"):
        Deal(rules, hands, good.kitty, 0, table=table)
    with pytest.raises(RulesError, match="misdeal: the kitty holds"):
        Deal(rules, good.hands, good.kitty[:-1], 0, table=table)
    Deal(rules, good.hands, good.kitty, 0, table=table)  # the dealt deal itself is fine
    if rules.players == 4:
        ending = Deal.from_position(rules, {0: "JH 5S", 1: "AH 6S", 2: "KH 7S", 3: "QH 8S"}, "7H", 0)
        assert len(ending.legal_actions()) == 2
