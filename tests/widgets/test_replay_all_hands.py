"""Annotated deals (issue 30): a replay of one seat's view can show every hand ("Show all hands", on by
default when the deal is annotated: the comments name partner's and the defenders' cards), and the
cards a comment names are found in its words by Python when the model is built (the widget only
highlights the codes it is given)."""

from __future__ import annotations

from fivehundred_tutor import Rules
from fivehundred_tutor.handlers.replay import cards_named, replay_model
from fivehundred_tutor.records import load_library_record
from fivehundred_tutor.widgets import DealReplay


def test_cards_named_reads_symbols_words_and_the_joker() -> None:
    rules = Rules()
    text = "North has the right bower, A♥ K♥ and two small hearts; the joker beats 10♦. A K Q of diamonds."
    assert cards_named(rules, text) == ["AH", "KH", "JK", "TD"]
    assert cards_named(rules, "picks up the kitty (Nine of diamonds, Ace of spades) and discards 9♦") == ["9D", "AS"]
    # no card in a word, a seat or a contract's strain; a card not in the pack is not a card named
    assert cards_named(rules, "North–South, 7NT, Avondale, A♠") == ["AS"]
    # a bid written like a card is not a card named
    said = "North bids 7♠; a sound 6♥; 8♦ is worth 280; North plays 9♣, worth 180; the lone 7♠ and 10♥ go"
    assert cards_named(rules, said) == ["7S", "TH"]
    assert cards_named(Rules.preset("two-player"), "2♣ is not in a 2-player pack; Q♦ is") == ["QD"]


def test_one_seats_view_carries_every_hand_and_the_comments_named_cards() -> None:
    args = load_library_record("01-drawing-trumps").replay_args()
    assert args["seat"] == 0
    model = replay_model(**args)
    first = model["frames"][0]
    assert isinstance(first["hands"][1], int)  # East face down in North's view
    assert [len(h.split()) for h in first["open_hands"]] == [10, 10, 10, 10]
    assert first["open_hands"][0] == first["hands"][0]
    kitty = model["actions"][4]
    assert kitty["comment"].startswith("The kitty brings K♠, A♣ and another trump (7♥)")
    assert kitty["named"] == ["KS", "AC", "7H"]
    assert all("named" not in a for a in model["actions"] if "comment" not in a)
    # every hand shown already: nothing more to carry
    assert "open_hands" not in replay_model(args["deal"])["frames"][0]


def test_show_all_hands_is_on_for_an_annotated_deal_and_off_otherwise() -> None:
    args = load_library_record("01-drawing-trumps").replay_args()
    assert DealReplay(**args).show_all_hands is True
    assert DealReplay(**args, show_all_hands=False).show_all_hands is False
    bare = DealReplay(args["deal"], seat=0)
    assert bare.show_all_hands is False
    assert "show_all_hands" in bare.get_state()
