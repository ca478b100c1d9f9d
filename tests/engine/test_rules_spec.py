"""One test per rule of RULES.md, named after its section.  Variants are tested where they are switched on."""

from __future__ import annotations

import pytest

from fivehundred_tutor import JOKER, PASS, Card, Deal, Game, Rules, RulesError, Suit
from fivehundred_tutor.game import cut_for_dealer
from tests.support.engine import assert_illegal_unchanged, bid, cards, codes, run_auction

# --------------------------------------------------------------------------- 1. Players, deck, deal


def test_rule_1_default_four_players_in_partnerships_opposite() -> None:
    rules = Rules()
    assert rules.players == 4 and rules.partnerships
    assert rules.sides == ((0, 2), (1, 3))
    assert rules.seat_names == ("North", "East", "South", "West")
    assert rules.partners(0) == (2,)


def test_rule_1_default_deck_43_cards() -> None:
    deck = Rules().deck()
    assert len(deck) == 43 and len(set(deck)) == 43
    for suit, low in ((Suit.HEARTS, 4), (Suit.DIAMONDS, 4), (Suit.SPADES, 5), (Suit.CLUBS, 5)):
        in_suit = [c for c in deck if c.suit == suit]
        assert len(in_suit) == (11 if low == 4 else 10)
        assert min(c.rank for c in in_suit) == low
    assert JOKER in deck
    assert Card.parse("4S") not in deck and Card.parse("3H") not in deck


def test_rule_1_deck_variant_45_cards_black_fours_kitty_of_five() -> None:
    rules = Rules.preset("45-card")
    deck = rules.deck()
    assert len(deck) == 45 and Card.parse("4S") in deck and Card.parse("4C") in deck
    assert rules.kitty_size == 5
    deal = Deal.new(rules, seed=3)
    assert len(deal.kitty) == 5 and all(len(h) == 10 for h in deal.hands)


def test_rule_1_deck_33_cards_for_three_players() -> None:
    rules = Rules(players=3)
    deck = rules.deck()
    assert len(deck) == 33
    assert {c.rank for c in deck if not c.is_joker} == {7, 8, 9, 10, 21, 22, 23, 24}


def test_rule_1_deck_63_cards_for_six_players() -> None:
    deck = Rules(players=6).deck()
    assert len(deck) == 63
    for label in ("11H", "12H", "13H", "11D", "13D", "11S", "12C", "2S", "3C"):
        assert Card.parse(label) in deck
    assert Card.parse("13S") not in deck and Card.parse("13C") not in deck


def test_rule_1_ten_cards_each_and_a_kitty_of_three() -> None:
    for players in (3, 4, 6):
        deal = Deal.new(Rules(players=players), seed=5)
        assert all(len(h) == 10 for h in deal.hands)
        assert len(deal.kitty) == 3


def test_rule_1_deal_pattern_three_one_four_one_three_one() -> None:
    rules = Rules()
    assert rules.deal_pattern() == [("hands", 3), ("kitty", 1), ("hands", 4), ("kitty", 1), ("hands", 3), ("kitty", 1)]
    assert Rules(players=3).deal_pattern() == [("hands", 3), ("kitty", 3), ("hands", 4), ("hands", 3)]
    # With the fixed shuffle, the first card after the first packets goes to the kitty.
    deck = rules.deck()
    from fivehundred_tutor.rng import Random

    Random(9).shuffle(deck)
    deal = Deal.new(rules, seed=9, dealer=3)
    assert deal.hands[0][:3] == deck[0:3]  # North is left of dealer West: first packet
    assert deal.kitty[0] == deck[12]


def _check_cut(rules: Rules, value: object) -> None:
    seen_ties = False
    for seed in range(60):
        dealer, rounds = cut_for_dealer(rules, seed)
        contenders = list(range(rules.players))
        for cuts in rounds:
            values = [value(c) for c in cuts]  # type: ignore[operator]
            low = min(values)
            contenders = [s for s, v in zip(contenders, values) if v == low]
            seen_ties |= len(contenders) > 1
        assert contenders == [dealer]
    assert seen_ties, "ties should occur and be cut again in 60 tries"


def test_rule_1_first_dealer_by_cut_lowest_deals() -> None:
    _check_cut(Rules(), lambda c: -1 if c.is_joker else c.rank)


def test_rule_1_three_player_cut_ace_low_joker_lower() -> None:
    _check_cut(Rules(players=3), lambda c: -1 if c.is_joker else (0 if c.rank == 24 else c.rank))


def test_rule_1_deal_passes_clockwise_after_every_hand() -> None:
    game = Game(Rules(), seed=1, first_dealer=2)
    dealers = []
    for _ in range(5):
        deal = game.new_deal()
        dealers.append(deal.dealer)
        for _ in range(4):
            deal.push(PASS)
        game.record(deal)
    assert dealers == [2, 3, 0, 1, 2]


# --------------------------------------------------------------------------- 2. Rank of cards


def test_rule_2_no_trump_order_joker_ace_down() -> None:
    rules = Rules()
    nt = bid("7NT")
    order = rules.ranking(Suit.HEARTS, nt)
    assert [str(c) for c in order] == ["A♥", "K♥", "Q♥", "J♥", "10♥", "9♥", "8♥", "7♥", "6♥", "5♥", "4♥"]
    assert rules.ranking(None, nt) == [JOKER]
    assert rules.trick_winner(cards("AH JK KH"), nt, Suit.HEARTS) == 1


def test_rule_2_trump_order_joker_right_bower_left_bower() -> None:
    order = Rules().ranking(Suit.HEARTS, bid("7H"))
    assert [str(c) for c in order] == [
        "Joker", "J♥", "J♦", "A♥", "K♥", "Q♥", "10♥", "9♥", "8♥", "7♥", "6♥", "5♥", "4♥",
    ]  # fmt: skip


def test_rule_2_sister_suit_has_no_jack() -> None:
    order = Rules().ranking(Suit.DIAMONDS, bid("7H"))
    assert [str(c) for c in order] == ["A♦", "K♦", "Q♦", "10♦", "9♦", "8♦", "7♦", "6♦", "5♦", "4♦"]


def test_rule_2_other_colour_suits_keep_their_jacks() -> None:
    order = Rules().ranking(Suit.SPADES, bid("7H"))
    assert [str(c) for c in order][:5] == ["A♠", "K♠", "Q♠", "J♠", "10♠"]


def test_rule_2_left_bower_and_joker_are_trumps_for_every_purpose() -> None:
    rules = Rules()
    hearts = bid("7H")
    assert rules.effective_suit(Card.parse("JD"), hearts) == Suit.HEARTS
    assert rules.effective_suit(JOKER, hearts) == Suit.HEARTS
    assert rules.effective_suit(JOKER, bid("7NT")) is None
    # Following suit: diamonds led, the left bower cannot follow.
    assert rules.legal_plays(cards("JD 5D 9S"), cards("AD"), hearts) == cards("5D")
    # Hearts led: the left bower and joker must follow.
    assert set(rules.legal_plays(cards("JD JK 9S"), cards("4H"), hearts)) == set(cards("JD JK"))
    # Showing a void: playing the left bower on a diamond lead is a trump, and wins.
    assert rules.trick_winner(cards("AD KD JD"), hearts) == 2


# --------------------------------------------------------------------------- 3. Bidding


def test_rule_3_bidding_starts_left_of_dealer() -> None:
    for dealer in range(4):
        assert Deal.new(Rules(), seed=1, dealer=dealer).to_move == (dealer + 1) % 4


def test_rule_3_denominations_rank_spades_clubs_diamonds_hearts_no_trumps() -> None:
    rules = Rules()
    assert rules.outranks(bid("6C"), bid("6S"))
    assert rules.outranks(bid("6D"), bid("6C"))
    assert rules.outranks(bid("6H"), bid("6D"))
    assert rules.outranks(bid("6NT"), bid("6H"))
    assert rules.outranks(bid("7S"), bid("6NT"))
    assert not rules.outranks(bid("7S"), bid("7S"))
    ladder = rules.bid_ladder()
    assert ladder[0] == bid("6S") and ladder[-1] == bid("10NT")


def test_rule_3_misere_ranks_above_7nt_below_8s() -> None:
    ladder = [str(b) for b in Rules().bid_ladder()]
    i = ladder.index("misère")
    assert ladder[i - 1] == "7NT" and ladder[i + 1] == "8♠"


def test_rule_3_misere_only_after_a_seven_level_bid() -> None:
    deal = Deal.new(Rules(), seed=2)
    run_auction(deal, ["6S"])
    assert bid("misere") not in deal.legal_actions()
    assert_illegal_unchanged(deal, "misere", "7 level")
    deal.push("7S")
    assert bid("misere") in deal.legal_actions()


def test_rule_3_open_misere_between_10d_and_10h_any_time() -> None:
    rules = Rules()
    ladder = [str(b) for b in rules.bid_ladder()]
    i = ladder.index("open misère")
    assert ladder[i - 1] == "10♦" and ladder[i + 1] == "10♥"
    assert rules.bid_value(bid("OM")) == 500 and rules.bid_value(bid("MIS")) == 250
    deal = Deal.new(rules, seed=2)
    deal.push("open misere")  # even as the first bid
    assert deal.high_bid == bid("OM")


def test_rule_3_pass_is_final_in_the_australian_auction() -> None:
    deal = Deal.new(Rules(), seed=2, dealer=3)  # North bids first
    run_auction(deal, ["pass", "6S", "6H", "pass"])  # N passes; E, S bid; W passes
    assert deal.to_move == 1  # North is skipped: East next
    run_auction(deal, ["7S", "pass"])
    assert deal.phase == "kitty" and deal.declarer == 1 and deal.contract == bid("7S")


def test_rule_3_auction_ends_when_all_but_one_have_passed() -> None:
    deal = Deal.new(Rules(), seed=2, dealer=0)
    run_auction(deal, ["6S", "pass", "pass"])
    assert deal.phase == "auction"
    deal.push("pass")
    assert deal.phase == "kitty" and deal.declarer == 1


def test_rule_3_last_player_may_still_bid_after_three_passes() -> None:
    deal = Deal.new(Rules(), seed=2, dealer=0)
    run_auction(deal, ["pass", "pass", "pass"])
    assert deal.phase == "auction" and deal.to_move == 0
    deal.push("6S")
    assert deal.phase == "kitty" and deal.declarer == 0


def test_rule_3_all_pass_throws_the_hand_in() -> None:
    deal = Deal.new(Rules(), seed=2)
    run_auction(deal, ["pass"] * 4)
    result = deal.result()
    assert deal.phase == "done" and result.thrown_in and result.scores == (0, 0)


def test_rule_3_bid_must_outrank_with_a_reason() -> None:
    deal = Deal.new(Rules(), seed=2)
    deal.push("7H")
    message = assert_illegal_unchanged(deal, "7S", "does not outrank")
    assert "♠ < ♣ < ♦ < ♥ < NT" in message


@pytest.mark.parametrize(
    ("placement", "below", "above", "value_mis", "value_om"),
    [
        ("open-above-10h", "10♥", "10NT", 250, 500),
        ("open-330", "8NT", "9♠", 250, 330),
        ("low", "8♠", "8♣", 150, 250),
    ],
)
def test_rule_3_variant_1_misere_placements_and_values(
    placement: str, below: str, above: str, value_mis: int, value_om: int
) -> None:
    rules = Rules(misere_placement=placement)
    ladder = [str(b) for b in rules.bid_ladder()]
    i = ladder.index("open misère")
    assert ladder[i - 1] == below and ladder[i + 1] == above
    assert rules.bid_value(bid("MIS")) == value_mis and rules.bid_value(bid("OM")) == value_om
    if placement == "low":
        j = ladder.index("misère")
        assert ladder[j - 1] == "7♠" and ladder[j + 1] == "7♣"


def test_rule_3_variant_2_misere_without_restriction_or_not_at_all() -> None:
    free = Deal.new(Rules.preset("misere-any-time"), seed=1)
    assert bid("MIS") in free.legal_actions()
    never = Deal.new(Rules.preset("no-misere"), seed=1)
    assert not any(getattr(a, "is_misere", False) for a in never.legal_actions())
    assert bid("MIS") not in Rules.preset("no-misere").bid_ladder()


def test_rule_3_variant_3_american_single_round() -> None:
    deal = Deal.new(Rules.preset("american"), seed=1, dealer=3)
    run_auction(deal, ["6S", "pass", "7H"])
    assert deal.phase == "auction"
    deal.push("pass")
    assert deal.phase == "kitty" and deal.declarer == 2  # one round only, highest bid wins


def test_rule_3_variant_3_american_six_bids_inform_only_first_two_and_redeal() -> None:
    rules = Rules.preset("american")
    deal = Deal.new(rules, seed=1, dealer=3)
    run_auction(deal, ["6S", "6H"])
    assert_illegal_unchanged(deal, "6NT", "first two")
    run_auction(deal, ["pass", "pass"])
    result = deal.result()
    assert result.thrown_in and "7 level" in (deal.thrown_in_reason or "")


def test_rule_3_variant_4_bidding_again_after_passing() -> None:
    deal = Deal.new(Rules.preset("bridge-bidding"), seed=1, dealer=3)
    run_auction(deal, ["pass", "6S", "pass", "pass"])  # N passed, but is asked again after E's bid
    assert deal.phase == "auction" and deal.to_move == 0
    deal.push("pass")
    assert deal.phase == "kitty" and deal.declarer == 1
    deal = Deal.new(Rules.preset("bridge-bidding"), seed=1, dealer=3)
    run_auction(deal, ["pass", "6S", "pass", "6H"])
    deal.push("7S")  # North passed before and bids again
    assert deal.high_bidder == 0


def test_rule_3_variant_4b_bidding_again_after_passing_once_someone_changes_suit() -> None:
    """Seed 000_: "można licytować po spasowaniu, jeśli któryś z graczy wciąż zmienił kolor swojej
    odzywki" -- a player who passed may bid again once a player changes the suit of their bid."""
    rules = Rules.preset("rebid-after-change")
    deal = Deal.new(rules, seed=1, dealer=3)
    run_auction(deal, ["pass", "6S", "pass", "6H"])  # N and S passed; first bids change nothing
    assert deal.to_move == 1, "North and South are out until someone changes suit"
    deal.push("7S")  # East raises in the same suit: nobody comes back
    assert deal.to_move == 3
    deal = Deal.new(rules, seed=1, dealer=3)
    run_auction(deal, ["pass", "6S", "pass", "6H", "7C"])  # East changes from spades to clubs
    assert deal.to_move == 2, "South, who passed, is asked again"
    run_auction(deal, ["pass", "pass"])
    assert deal.to_move == 0
    deal.push("7H")  # North passed before and bids again
    assert deal.high_bidder == 0
    deal.push("pass")  # East passes; South and West passed after the change: the auction ends
    assert deal.phase == "kitty" and deal.declarer == 0
    # In the default game a pass stays final.
    deal = Deal.new(Rules(), seed=1, dealer=3)
    run_auction(deal, ["pass", "6S", "pass", "6H", "7C"])
    assert deal.to_move == 3


def test_rule_3_variant_5_declarer_may_raise_reopening_the_auction() -> None:
    rules = Rules.preset("declarer-raises")
    # Others all passed: no raise.
    deal = Deal.new(rules, seed=1, dealer=3)
    run_auction(deal, ["6S", "pass", "pass", "pass"])
    assert deal.phase == "kitty"
    # Competition, then a raise in the same denomination: the others may not re-enter.
    deal = Deal.new(rules, seed=1, dealer=3)
    run_auction(deal, ["6S", "6C", "pass", "pass", "7S", "pass"])
    assert deal.phase == "auction" and deal.to_move == 0  # North may raise
    deal.push("8S")
    assert deal.phase == "kitty" and deal.contract == bid("8S")
    # A change of denomination reopens the auction.
    deal = Deal.new(rules, seed=1, dealer=3)
    run_auction(deal, ["6S", "6C", "pass", "pass", "7S", "pass"])
    deal.push("8H")
    assert deal.phase == "auction" and deal.to_move == 1
    run_auction(deal, ["pass", "pass", "pass"])
    assert deal.phase == "kitty" and deal.contract == bid("8H") and deal.declarer == 0


# --------------------------------------------------------------------------- 4. Kitty


def test_rule_4_declarer_takes_kitty_and_discards_as_many() -> None:
    deal = Deal.new(Rules(), seed=4, dealer=3)
    kitty = list(deal.kitty)
    run_auction(deal, ["6H", "pass", "pass", "pass"])
    assert deal.phase == "kitty" and deal.to_move == 0
    assert len(deal.hands[0]) == 13 and all(c in deal.hands[0] for c in kitty)
    # Any cards may go, from hand or kitty.
    for card in [kitty[0], deal.hands[0][0], deal.hands[0][1]]:
        deal.push(f"discard {card}")
    assert deal.phase == "play" and len(deal.hands[0]) == 10 and len(deal.discards) == 3
    assert all(len(h) == 10 for h in deal.hands)  # the partner takes no part


def test_rule_4_discards_are_out_of_play() -> None:
    deal = Deal.new(Rules(), seed=4, dealer=3)
    run_auction(deal, ["6H", "pass", "pass", "pass"])
    discarded = list(deal.hands[0][:3])
    for card in discarded:
        deal.push(f"d:{card.code}")
    played = set()
    from tests.support.engine import finish_randomly

    finish_randomly(deal, 1)
    for trick in deal.tricks:
        played.update(trick.cards)
    assert not played & set(discarded)


def test_rule_4_only_cards_in_hand_can_be_discarded() -> None:
    deal = Deal.new(Rules(), seed=4, dealer=3)
    run_auction(deal, ["6H", "pass", "pass", "pass"])
    foreign = deal.hands[1][0]
    assert_illegal_unchanged(deal, f"discard {foreign}", "not in")


# --------------------------------------------------------------------------- 5. Play


def _position(hands: dict[int, str], contract: str, declarer: int = 0, rules: Rules | None = None) -> Deal:
    return Deal.from_position(rules or Rules(), hands, contract, declarer)


def test_rule_5_declarer_leads_any_card() -> None:
    deal = Deal.new(Rules(), seed=4, dealer=3)
    run_auction(deal, ["pass", "6H", "pass", "pass"])
    for card in list(deal.hands[1][:3]):
        deal.push(f"discard {card}")
    assert deal.to_move == 1
    assert {a.card for a in deal.legal_actions()} == set(deal.hands[1])  # type: ignore[attr-defined]


def test_rule_5_must_follow_suit_else_any_card() -> None:
    deal = _position({0: "AS 5H", 1: "KS 6H", 2: "4H 7H", 3: "QS 8C"}, "7H")
    deal.push("AS")
    assert codes(deal.legal_actions()) == ["KS"]
    deal.push("KS")
    assert set(codes(deal.legal_actions())) == {"4H", "7H"}  # void: anything, trumping included
    fresh = Deal.from_position(Rules(), {0: "AS 5H", 1: "KS 6H", 2: "4H 7H", 3: "QS 8C"}, "7H", 0)
    fresh.push("AS")
    assert_illegal_unchanged(fresh, "6H", "must follow suit")


def test_rule_5_left_bower_follows_trumps_not_its_printed_suit() -> None:
    deal = _position({0: "AD 5S", 1: "JD 6D", 2: "5C 7C", 3: "QS 8C"}, "7H")
    deal.push("AD")
    assert codes(deal.legal_actions()) == ["6D"]
    message = assert_illegal_unchanged(deal, "JD", "left bower")
    assert "heart" in message


def test_rule_5_highest_trump_wins_else_highest_of_led_suit() -> None:
    rules = Rules()
    assert rules.trick_winner(cards("KS AS 4H QS"), bid("7H")) == 2
    assert rules.trick_winner(cards("KS AS 4D QS"), bid("7H")) == 1
    assert rules.trick_winner(cards("KS AC JD 5H"), bid("7H")) == 2


def test_rule_5_winner_leads_next_and_ten_tricks_are_played() -> None:
    deal = Deal.new(Rules(), seed=8, dealer=0)
    run_auction(deal, ["6S", "pass", "pass", "pass"])
    from tests.support.engine import finish_randomly

    finish_randomly(deal, 3)
    assert len(deal.tricks) == 10
    for prev, nxt in zip(deal.tricks, deal.tricks[1:]):
        assert nxt.leader == prev.winner


def test_rule_5_no_dummy_partner_plays_own_cards() -> None:
    deal = Deal.new(Rules(), seed=8, dealer=0)
    run_auction(deal, ["6S", "pass", "pass", "pass"])
    for card in list(deal.hands[1][:3]):
        deal.push(f"discard {card}")
    assert deal.active == (0, 1, 2, 3)
    assert deal.exposed_seats == ()


def test_rule_5_joker_led_in_no_trumps_names_a_suit_others_follow_and_it_wins() -> None:
    deal = _position({0: "JK 5S", 1: "KH 6S", 2: "4H 7C", 3: "QS 8C"}, "7NT")
    leads = codes(deal.legal_actions())
    assert {"JK:S", "JK:C", "JK:D", "JK:H", "5S"} == set(leads)
    assert_illegal_unchanged(deal, "JK", "name the suit")
    deal.push("Joker H")
    assert codes(deal.legal_actions()) == ["KH"]
    deal.push("KH")
    deal.push("4H")
    deal.push("QS")
    assert deal.tricks[0].winner == 0 and deal.tricks[0].joker_suit == Suit.HEARTS


def test_rule_5_joker_in_no_trumps_only_when_void_and_then_wins() -> None:
    deal = _position({0: "AS 5H", 1: "JK 6S", 2: "5S 7C", 3: "QS 8C"}, "7NT")
    deal.push("AS")
    assert codes(deal.legal_actions()) == ["6S"]
    assert_illegal_unchanged(deal, "JK", "cannot follow")
    deal2 = _position({0: "AS 5H", 1: "JK 6H", 2: "5S 7C", 3: "QS 8C"}, "7NT")
    deal2.push("AS")
    assert "JK" in codes(deal2.legal_actions())
    deal2.push("JK")
    deal2.push("5S")
    deal2.push("QS")
    assert deal2.tricks[0].winner == 1


def test_rule_5_joker_may_be_named_a_suit_its_holder_still_holds() -> None:
    deal = _position({0: "JK 5H", 1: "KH 6S", 2: "4H 7C", 3: "QS 8C"}, "7NT")
    assert "JK:H" in codes(deal.legal_actions())


def test_rule_5_variant_a_joker_any_time() -> None:
    rules = Rules.preset("joker-any-time")
    deal = _position({0: "AS 5H", 1: "JK 6S", 2: "5S 7C", 3: "QS 8C"}, "7NT", rules=rules)
    deal.push("AS")
    assert set(codes(deal.legal_actions())) == {"6S", "JK"}
    deal.push("JK")
    deal.push("5S")
    deal.push("QS")
    assert deal.tricks[0].winner == 1


def test_rule_5_variant_b_joker_not_named_to_a_suit_shown_void() -> None:
    hands = {0: "AS 5H 9D", 1: "6H 7H JK", 2: "5S 7C 8C", 3: "KS 8D 9C"}
    for rules, allowed in ((Rules.preset("joker-not-to-void"), False), (Rules(), True)):
        deal = Deal.from_position(rules, hands, "7NT", 0)
        for c in ("AS", "6H", "5S", "KS"):  # East shows void in spades
            deal.push(c)
        for c in ("5H", "7H", "7C", "8D"):  # East wins with the 7H and leads
            deal.push(c)
        assert deal.to_move == 1
        leads = codes(deal.legal_actions())
        assert ("JK:S" in leads) is allowed and "JK:H" in leads
        if not allowed:
            assert_illegal_unchanged(deal, "JK:S", "shown void")


def test_rule_5_variant_c_american_joker_rules() -> None:
    rules = Rules.preset("american")
    assert rules.joker_no_trumps == "when-void" and not rules.joker_nominate_void_suit
    assert not rules.joker_advance_nomination


def test_rule_5_variant_d_joker_suit_nominated_in_advance() -> None:
    rules = Rules.preset("joker-advance")
    deal = Deal.new(rules, seed=6, dealer=3)
    run_auction(deal, ["7NT", "pass", "pass", "pass"])
    for card in [c for c in deal.hands[0] if c is not JOKER][:3]:
        deal.push(f"discard {card}")
    holder = next((s for s in range(4) if JOKER in deal.hands[s]), None)
    if holder is None:
        pytest.skip("joker in the kitty discards for this seed")
    assert deal.to_move == holder
    deal.push("n:H")
    assert deal.joker_fixed == Suit.HEARTS and deal.to_move == 0
    assert rules.effective_suit(JOKER, bid("7NT"), Suit.HEARTS) == Suit.HEARTS
    # Nominated, the joker is the top heart: it must follow hearts and wins only in hearts.
    assert rules.trick_winner(cards("AH JK"), bid("7NT"), joker_fixed=Suit.HEARTS) == 1
    assert rules.trick_winner(cards("AS JK"), bid("7NT"), joker_fixed=Suit.HEARTS) == 0


def _misere_deal(rules: Rules, seed: int = 1) -> Deal:
    deal = Deal.new(rules, seed=seed, dealer=rules.players - 1)
    run_auction(deal, ["7S", "MIS"] + ["pass"] * (rules.players - 1))
    return deal


def _joker_deal(rules: Rules, holder_is_declarer: bool) -> Deal:
    """A 7NT deal (North declares) with the joker in North's hand or in a defender's."""
    for seed in range(200):
        deal = Deal.new(rules, seed=seed, dealer=3)
        if JOKER in deal.kitty or (JOKER in deal.hands[0]) != holder_is_declarer:
            continue
        run_auction(deal, ["7NT", "pass", "pass", "pass"])
        for card in [c for c in deal.hands[0] if c is not JOKER][:3]:
            deal.push(f"discard {card}")
        return deal
    raise AssertionError("no suitable seed")


def test_rule_5_variant_d1_any_holder_nominates_in_advance() -> None:
    """Seed 000_: "Zgodnie z niektórymi zasadami, posiadacz dżokera może go wcześniej nominować"
    -- the joker's holder, whoever it is, may nominate it in advance (the joker-advance preset)."""
    rules = Rules.preset("joker-advance")
    assert rules.joker_advance_by == "any-holder"
    deal = _joker_deal(rules, holder_is_declarer=False)
    holder = next(s for s in range(4) if JOKER in deal.hands[s])
    assert holder != 0 and deal.is_nominating and deal.to_move == holder


def test_rule_5_variant_d2_only_the_declarer_nominates_in_advance() -> None:
    """Rule pages quoting the Australian rules: the contractor, if holding the joker, may nominate it."""
    rules = Rules.preset("joker-advance-declarer")
    deal = _joker_deal(rules, holder_is_declarer=False)
    assert not deal.is_nominating and deal.to_move == 0 and deal.phase == "play"
    deal = _joker_deal(rules, holder_is_declarer=True)
    assert deal.is_nominating and deal.to_move == 0
    deal.push("n:S")
    assert deal.joker_fixed == Suit.SPADES and deal.to_move == 0


def test_rule_5_misere_partner_sits_out_three_play() -> None:
    deal = _misere_deal(Rules())
    assert deal.contract == bid("MIS") and deal.declarer == 1
    assert deal.active == (0, 1, 2)  # West, East's partner, lays down
    for card in list(deal.hands[1][:3]):
        deal.push(f"discard {card}")
    seats = []
    for _ in range(3):
        seats.append(deal.to_move)
        deal.push(deal.legal_actions()[0])
    assert seats == [1, 2, 0]  # declarer leads, West is skipped


def test_rule_5_misere_ends_when_declarer_wins_a_trick() -> None:
    deal = Deal.from_position(Rules(), {0: "4H 5S", 1: "AH 6S", 2: "5H 7S"}, "MIS", 1)
    deal.push("AH")
    deal.push("5H")
    deal.push("4H")
    assert deal.phase == "done" and len(deal.tricks) == 1
    result = deal.result()
    assert not result.made and result.scores[1] == -250 and result.scores[0] == 0


def test_rule_5_open_misere_hand_exposed_after_first_trick() -> None:
    deal = Deal.from_position(Rules(), {0: "KH 5S", 1: "4H 6S", 2: "5H 7S"}, "OM", 1)
    assert deal.exposed_seats == ()
    for c in ("4H", "5H", "KH"):
        deal.push(c)
    assert deal.exposed_seats == (1,)


def test_rule_5_three_players_all_play_a_misere() -> None:
    deal = _misere_deal(Rules(players=3))
    assert deal.active == (0, 1, 2)


def test_rule_5_six_players_both_partners_sit_out_a_misere() -> None:
    deal = _misere_deal(Rules(players=6))
    assert deal.declarer == 1 and deal.active == (0, 1, 2, 4)


def test_rule_5_declarer_leads_first_trick_in_misere() -> None:
    deal = _misere_deal(Rules())
    for card in list(deal.hands[1][:3]):
        deal.push(f"discard {card}")
    assert deal.to_move == deal.declarer


# --------------------------------------------------------------------------- 6. Scoring


def test_rule_6_avondale_schedule() -> None:
    rules = Rules()
    expected = {"6S": 40, "6C": 60, "6D": 80, "6H": 100, "6NT": 120, "7S": 140, "8D": 280, "9H": 400, "10NT": 520}
    for text, value in expected.items():
        assert rules.bid_value(bid(text)) == value
    for b in rules.bid_ladder():
        if not b.is_misere:
            assert rules.bid_value(b) == 40 + 100 * (b.tricks - 6) + 20 * b.denomination


def test_rule_6_no_bonus_for_overtricks() -> None:
    assert Rules().score(bid("8D"), 9) == (280, 10)


def test_rule_6_slam_scores_250_when_contract_worth_less() -> None:
    rules = Rules()
    assert rules.score(bid("7S"), 10)[0] == 250
    assert rules.score(bid("8D"), 10)[0] == 280  # worth 250 or more: no change
    assert Rules(slam_bonus=False).score(bid("7S"), 10)[0] == 140


def test_rule_6_failing_scores_minus_the_value_scores_may_go_negative() -> None:
    assert Rules().score(bid("7NT"), 6) == (-220, 40)


def test_rule_6_defenders_score_ten_a_trick_whether_or_not_made() -> None:
    assert Rules().score(bid("6S"), 6) == (40, 40)
    assert Rules().score(bid("6S"), 3) == (-40, 70)


def test_rule_6_variant_defenders_only_tricks_beyond_five() -> None:
    rules = Rules.preset("defenders-beyond-five")
    assert rules.score(bid("6S"), 3) == (-40, 20)
    assert rules.score(bid("6S"), 6) == (40, 0)


def test_rule_6_misere_defenders_score_nothing() -> None:
    assert Rules().score(bid("MIS"), 0) == (250, 0)
    assert Rules().score(bid("OM"), 1) == (-500, 0)


def _scripted_game(
    rules: Rules, scores: list[int], declarer_side: int, made: bool, declaring: int, defending: int
) -> Game:
    """A game whose next recorded deal adds the given points."""
    game = Game(rules, seed=1, first_dealer=0)
    game.scores = list(scores)

    class _Fake:
        tricks: tuple[object, ...] = ()
        declaring_seats = rules.sides[declarer_side]

        def result(self) -> object:
            from fivehundred_tutor.deal import DealResult

            pts = [0] * len(rules.sides)
            pts[declarer_side] = declaring
            for s in range(len(pts)):
                if s != declarer_side:
                    pts[s] = defending
            return DealResult(
                bid("7H"), rules.sides[declarer_side][0], 7, (0,) * rules.players, made, tuple(pts), False, ""
            )

    game.record(_Fake())  # type: ignore[arg-type]
    return game


def test_rule_6_reaching_500_wins() -> None:
    game = _scripted_game(Rules(), [300, 100], 0, True, 200, 30)
    assert game.winner == 0 and game.is_over


def test_rule_6_both_reach_500_declaring_side_wins() -> None:
    game = _scripted_game(Rules(), [450, 480], 0, True, 200, 30)
    assert game.winner == 0


def test_rule_6_defenders_reaching_500_win_by_default() -> None:
    game = _scripted_game(Rules(), [0, 480], 0, False, -200, 30)
    assert game.winner == 1


def test_rule_6_minus_500_loses_at_once() -> None:
    game = _scripted_game(Rules(), [-400, 0], 0, False, -200, 30)
    assert game.loser == 0 and game.winner == 1


def test_rule_6_variant_no_minus_500_loss() -> None:
    game = _scripted_game(Rules.preset("no-hole"), [-400, 0], 0, False, -200, 30)
    assert not game.is_over


def test_rule_6_variant_win_only_as_declarer() -> None:
    game = _scripted_game(Rules.preset("declarer-must-win"), [0, 480], 0, False, -200, 30)
    assert not game.is_over
    game = _scripted_game(Rules.preset("declarer-must-win"), [0, 480], 1, True, 200, 30)
    assert game.winner == 1


def test_rule_6_three_players_declarer_wins_tie_at_500_and_no_hole() -> None:
    rules = Rules(players=3)
    assert rules.hole is None
    game = _scripted_game(rules, [400, 480, 0], 0, True, 140, 30)
    assert game.winner == 0
    assert Rules(players=3).replace(hole=-500).hole == -500


def _bot_deal(rules: Rules, seed: int) -> Deal:
    from fivehundred_tutor.bots import HeuristicBot

    deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
    bot = HeuristicBot()
    while not deal.is_over:
        deal.push(bot.choose(deal))
    return deal


def test_rule_6_three_players_two_defenders_past_500_first_to_reach_it_trick_by_trick_wins() -> None:
    """Seed 002_: "Jeśli tylko dwóch przeciwników zdobędzie 500 lub więcej punktów, wygrywa gracz,
    który wykona pierwszą lewę" (Hoyle: the one who first makes the trick that brings them over 500)."""
    rules = Rules(players=3)
    checked_against_higher_score = False
    for seed in range(60):
        deal = _bot_deal(rules, seed)
        result = deal.result()
        if result.thrown_in or deal.contract is None or deal.contract.is_misere or result.made:
            continue
        assert deal.declarer is not None
        a, b = (s for s in range(3) if s != deal.declarer)
        if not deal.tricks_won[a] or not deal.tricks_won[b]:
            continue
        # When does each defender take its n-th trick?
        nth = {s: [i for i, t in enumerate(deal.tricks, 1) if t.winner == s] for s in (a, b)}
        for need_a in range(1, deal.tricks_won[a] + 1):
            for need_b in range(1, deal.tricks_won[b] + 1):
                before = [0, 0, 0]
                before[a], before[b] = 500 - 10 * need_a, 500 - 10 * need_b
                game = Game(rules, seed=1, first_dealer=0)
                game.scores = list(before)
                game.record(deal)
                at = {a: nth[a][need_a - 1], b: nth[b][need_b - 1]}
                first = min((a, b), key=at.__getitem__)
                assert game.winner == first, (seed, need_a, need_b)
                assert f"at trick {at[first]}" in game.reason
                if game.scores[first] < game.scores[a if first == b else b]:
                    checked_against_higher_score = True
    assert checked_against_higher_score, "no case where the first to 500 ends with the lower score"


# --------------------------------------------------------------------------- 7. Three players


def test_rule_7_three_players_each_for_themselves_defenders_score_individually() -> None:
    rules = Rules(players=3)
    assert rules.sides == ((0,), (1,), (2,)) and not rules.partnerships
    deal = Deal.from_position(rules, {0: "AS AH", 1: "KS 8H", 2: "QS KH"}, "6S", 0, tricks_won=[5, 2, 1])
    for c in ("AS", "KS", "QS", "AH", "8H", "KH"):
        deal.push(c)
    result = deal.result()
    assert result.tricks_by_seat == (7, 2, 1)
    assert result.scores == (40, 20, 10)


# --------------------------------------------------------------------------- 8a. Five players


def test_rule_8a_five_players_53_cards_ten_each_kitty_of_three() -> None:
    """Seed 002_: "Od 2 do 6 graczy" (two to six players); the usual 5-handed pack: 52 cards + joker."""
    rules = Rules.preset("five-player")
    assert rules.players == 5 and rules.deck_size == 53 and len(set(rules.deck())) == 53
    assert JOKER in rules.deck() and Card.parse("2S") in rules.deck()
    deal = Deal.new(rules, seed=4)
    assert [len(h) for h in deal.hands] == [10] * 5 and len(deal.kitty) == 3
    assert not rules.partnerships and rules.sides == tuple((s,) for s in range(5))


def test_rule_8a_five_players_declarer_calls_a_card_and_its_holder_is_the_partner() -> None:
    rules = Rules.preset("five-player")
    deal = Deal.new(rules, seed=4, dealer=4)
    run_auction(deal, ["7H", "pass", "pass", "pass", "pass"])
    for card in list(deal.hands[0])[:3]:
        deal.push(f"discard {card}")
    assert deal.phase == "kitty" and deal.is_calling and deal.to_move == 0
    others = {c for s in range(1, 5) for c in deal.hands[s]}
    assert {a.card for a in deal.legal_actions()} == others  # type: ignore[union-attr]
    own = deal.hands[0][0]
    assert_illegal_unchanged(deal, f"c:{own.code}", "another player")
    called = Card.parse("JH") if Card.parse("JH") in others else sorted(others, key=lambda c: c.index)[0]
    holder = next(s for s in range(5) if called in deal.hands[s])
    deal.push(f"c:{called.code}")
    assert deal.partner == holder and deal.declaring_seats == (0, holder) and deal.phase == "play"
    assert deal.pop().code == f"c:{called.code}" and deal.is_calling  # undo restores the call
    deal.push(f"c:{called.code}")
    rng_deal = deal
    from tests.support.engine import finish_randomly

    finish_randomly(rng_deal, 3)
    result = rng_deal.result()
    taken = rng_deal.tricks_won[0] + rng_deal.tricks_won[holder]
    assert result.declarer_tricks == taken
    value = rules.score(bid("7H"), taken)[0]
    for seat in range(5):
        expected = value if seat in (0, holder) else 10 * rng_deal.tricks_won[seat]
        assert result.scores[seat] == expected


def test_rule_8a_five_players_misere_is_played_alone_against_four() -> None:
    rules = Rules.preset("five-player")
    deal = Deal.new(rules, seed=4, dealer=4)
    run_auction(deal, ["OM", "pass", "pass", "pass", "pass"])
    for card in list(deal.hands[0])[:3]:
        deal.push(f"discard {card}")
    assert not deal.is_calling and deal.phase == "play" and deal.declaring_seats == (0,)
    assert deal.active == (0, 1, 2, 3, 4)


def test_rule_8a_five_players_called_partner_reaching_500_wins() -> None:
    rules = Rules.preset("five-player")
    for seed in range(40):
        deal = _bot_deal(rules, seed)
        if deal.result().made and deal.partner is not None and not deal.result().thrown_in:
            break
    else:
        raise AssertionError("no made contract with a partner")
    partner = deal.partner
    game = Game(rules, seed=1, first_dealer=0)
    game.scores = [0] * 5
    game.scores[partner] = 499
    game.record(deal)
    assert game.winner == partner


# --------------------------------------------------------------------------- 8. Two players


def test_rule_8_two_player_layout_piles_and_kitty() -> None:
    deal = Deal.new(Rules(players=2), seed=5)
    assert all(len(h) == 10 for h in deal.hands) and len(deal.kitty) == 3
    for seat in (0, 1):
        piles = deal.table_piles(seat)
        assert len(piles) == 5 and all(down is not None and top is not None and up for down, top, up in piles)
        assert len(deal.table_up(seat)) == 5
    total = sum(len(h) for h in deal.hands) + 20 + 3
    assert total == 43


def test_rule_8_no_misere_in_the_two_player_game() -> None:
    assert all(not b.is_misere for b in Rules(players=2).bid_ladder())
    with pytest.raises(RulesError, match="not allowed in the 2-player game"):
        Rules(players=2, misere="any-time")


def _two_player_play(seed: int = 5) -> Deal:
    deal = Deal.new(Rules(players=2), seed=seed, dealer=1)  # North bids first
    run_auction(deal, ["6H", "pass"])
    for card in list(deal.hands[0][:3]):
        deal.push(f"discard {card}")
    return deal


def test_rule_8_first_trick_order_hand_hand_table_table() -> None:
    deal = _two_player_play()
    order = []
    for _ in range(4):
        action = deal.legal_actions()[0]
        order.append((deal.to_move, action.source))  # type: ignore[attr-defined]
        deal.push(action)
    assert order == [(0, "hand"), (1, "hand"), (0, "table"), (1, "table")]


def test_rule_8_later_order_follows_the_source_of_the_winning_card() -> None:
    from tests.support.engine import finish_randomly

    deal = finish_randomly(_two_player_play(), 2)
    for prev, trick in zip(deal.tricks, deal.tricks[1:]):
        win_source = next(src for seat, card, src in prev.plays if seat == prev.winner and card == prev.winning_card)
        other = 1 - prev.winner
        first, second = ("hand", "table") if win_source == "hand" else ("table", "hand")
        assert [(s, src) for s, _, src in trick.plays] == [
            (prev.winner, first),
            (other, first),
            (prev.winner, second),
            (other, second),
        ]
    assert len(deal.tricks) == 10


def test_rule_8_face_down_card_turns_up_when_trick_complete() -> None:
    deal = _two_player_play()
    deal.push(deal.legal_actions()[0])
    deal.push(deal.legal_actions()[0])
    table_play = deal.legal_actions()[0]
    card = table_play.card  # type: ignore[attr-defined]
    pile = next(i for i, (_, top, _) in enumerate(deal.table_piles(0)) if top == card)
    deal.push(table_play)
    down, top, up = deal.table_piles(0)[pile]
    assert down is None and top is not None and not up  # still face down during the trick
    assert top not in deal.table_up(0)
    deal.push(deal.legal_actions()[0])
    assert deal.table_piles(0)[pile][2] and top in deal.table_up(0)


def test_rule_8_following_suit_applies_to_the_source_played_from() -> None:
    table = [[["5S", "AH"], ["6S", "7C"], ["7S", "8C"], ["8S", "9C"], ["9S", "10C"]],
             [["4H", "KH"], ["5H", "6D"], ["6H", "7D"], ["7H", "8D"], ["8H", "9D"]]]  # fmt: skip
    deal = Deal.from_position(Rules(players=2), {0: "QH 10S", 1: "QC JS"}, "6S", 0, table=table)
    deal.push("QH")  # hearts led from North's hand
    assert codes(deal.legal_actions()) == ["h:QC", "h:JS"]  # South's hand has no hearts (JS is not a trump here)
    deal.push("h:QC")
    assert codes(deal.legal_actions()) == ["t:AH"]  # North's face-up table has a heart: must follow
    deal.push("t:AH")
    assert codes(deal.legal_actions()) == ["t:KH"]


# --------------------------------------------------------------------------- 9. Six players


def test_rule_9_six_players_teams_of_three_alternate_seats() -> None:
    rules = Rules(players=6)
    assert rules.sides == ((0, 2, 4), (1, 3, 5))
    assert Rules.preset("six-player-individual").sides == tuple((s,) for s in range(6))
    deal = Deal.new(rules, seed=2)
    assert len(deal.kitty) == 3 and all(len(h) == 10 for h in deal.hands)
