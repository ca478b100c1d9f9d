"""The replay's words a learner reads, from Python: human titles, card notation, a hint per stop,
a random new deal marked as such (the widget then offers "Back to the lesson deal")."""

from __future__ import annotations

import re

from fivehundred_tutor import Rules
from fivehundred_tutor.cards import Card, Suit, display_order, format_cards
from fivehundred_tutor.handlers import handle
from fivehundred_tutor.handlers.replay import bot_deal, replay_model
from fivehundred_tutor.records import load_library_record

CARD_CODE = re.compile(r"\b(10|[2-9AKQJT])[SHDC]\b")


def test_titles_are_human_and_a_new_deal_is_marked_random() -> None:
    model = replay_model(bot_deal(Rules(), 3))
    assert model["title"] == "A deal of Five Hundred" and model["random"] is False
    reply = handle("replay", {"type": "new_deal", "seed": 916934284}, {"model": model, "deal": {}})
    new = reply["update"]["model"]
    assert new["title"] == "A new deal played by the bots" and new["random"] is True
    assert "seed" not in new["title"].lower() and "916934284" not in new["title"]


def test_stop_words_hint_and_left_bower() -> None:
    model = replay_model(**load_library_record("05-defence-take-your-ace").replay_args())
    stop = model["stops"][0]
    assert stop["hint"]["principle"] and "A♠" not in stop["hint"]["principle"]
    assert stop["hint"]["answer"] == "In the deal, West chose A♠."
    for choice in stop["choices"]:
        assert not CARD_CODE.search(choice["feedback"]), choice["feedback"]
        assert "annotat" not in choice["feedback"]
    illegal = next(c for c in stop["choices"] if not c["legal"])
    assert "must follow suit" in illegal["feedback"]
    # hearts are trumps: every frame with the contract names J♦ as the left bower
    assert {f.get("left_bower") for f in model["frames"] if f["contract"]} == {"JD"}


def test_left_bower_sits_among_the_trumps() -> None:
    hand = [Card.parse(c) for c in ["5D", "JK", "AS", "JD", "10H", "AH", "JH", "KC"]]
    assert format_cards(display_order(hand, trump=Suit.HEARTS)) == "Joker J♥ J♦ A♥ 10♥ A♠ 5♦ K♣"
    assert format_cards(display_order(hand)) == "Joker A♠ A♥ J♥ 10♥ K♣ J♦ 5♦"
