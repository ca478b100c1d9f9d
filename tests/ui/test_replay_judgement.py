"""What a replay marks and how it judges a stop, computed in Python (the widget only draws it).

- A finished trick marks the one card that won it: in the 2-player game a seat plays two cards to
  a trick, and only the winning one is marked (the widget once marked both of the winner's cards).
- A discard stop (chapter "The kitty and discarding") is judged by the chapter's rule — keep your
  trumps and your winners, throw low side cards — not by agreement with the bot's discard.
"""

from __future__ import annotations

from typing import Any

from fivehundred_tutor import Bid, Card, Deal, Discard, Rules, parse_cards
from fivehundred_tutor.bots import HeuristicBot
from fivehundred_tutor.handlers import handle
from fivehundred_tutor.handlers.replay import discard_verdict, replay_model
from fivehundred_tutor.records import load_library_record


def _bot_deal(rules: Rules, seed: int) -> Deal:
    bot = HeuristicBot()
    deal = Deal.new(rules, seed=seed, dealer=0)
    while not deal.is_over:
        deal.push(bot.choose(deal))
    return deal


def _finished_frames(model: dict) -> list[dict]:
    return [f for f in model["frames"] if f.get("winner") is not None]


def test_two_player_replay_marks_only_the_winning_card() -> None:
    for deal in (
        _bot_deal(Rules.preset("two-player"), 4),
        load_library_record("09-two-players-dummy-layout").to_deal(),
    ):
        model = replay_model(deal)
        frames = _finished_frames(model)
        assert len(frames) == 10
        for frame, trick in zip(frames, deal.tricks):
            assert len(frame["trick"]) == 4
            seat, code, _ = frame["trick"][frame["winning_play"]]
            assert seat == frame["winner"] == trick.winner and code == trick.winning_card.code
            # the winner's other card in the trick is there, and it is not the one marked
            other = [
                i for i, (s, _, _) in enumerate(frame["trick"]) if s == trick.winner and i != frame["winning_play"]
            ]
            assert len(other) == 1
            # the order line under a finished trick is the order that trick was played in
            assert frame["order"] == [[s, src] for s, _, src in trick.plays]


def test_four_player_replay_marks_the_winning_card_too() -> None:
    deal = _bot_deal(Rules(), 4)
    for frame, trick in zip(_finished_frames(replay_model(deal)), deal.tricks):
        assert frame["trick"][frame["winning_play"]][1] == trick.winning_card.code


def _kitty_stop_deal() -> tuple[Deal, int]:
    """The chapter's deal: seed 3, North deals; the bots bid and play it."""
    deal = _bot_deal(Rules(), 3)
    first = next(i for i, a in enumerate(deal.history) if isinstance(a, Discard))
    return deal, first


def test_discarding_the_left_bower_is_wrong_by_the_rule_not_by_the_bot() -> None:
    deal, first = _kitty_stop_deal()
    stop = replay_model(deal, stops=[first])["stops"][0]
    assert deal.contract is not None and deal.contract.trump is not None
    by_code = {c["code"]: c for c in stop["choices"]}
    bower = next(
        c
        for c in by_code
        if Rules().effective_suit(Card.parse(c), deal.contract) == deal.contract.trump
        and c[0] == "J"
        and c[1] != deal.contract.trump.letter
    )
    assert not by_code[bower]["correct"]
    assert "left bower" in by_code[bower]["feedback"] and "keep your trumps" in by_code[bower]["feedback"]
    # a low side card the bot did not throw first is still right
    bot_first = deal.discards[0]
    other_low = [c for c in stop["choices"] if c["correct"] and c["code"] != bot_first.code]
    assert other_low, "the chapter's hand has more than one sound discard"
    assert other_low[0]["feedback"].startswith("Yes")
    # no trump is a right answer; the answer is the card the bot threw, as a card code
    for choice in stop["choices"]:
        card = Card.parse(choice["code"])
        if Rules().effective_suit(card, deal.contract) == deal.contract.trump:
            assert not choice["correct"], choice
    assert stop["answer"] == bot_first.code and stop["choices"][0]["code"] == bot_first.code


def test_the_live_answer_judges_a_discard_the_same_way() -> None:
    deal, first = _kitty_stop_deal()
    model = replay_model(deal, stops=[first])
    stop = model["stops"][0]
    state = {"model": model, "deal": deal.to_dict(), "answers": {}}
    for choice in stop["choices"]:
        reply = handle("replay", {"type": "answer", "index": first, "choice": choice["code"]}, state)["reply"]
        assert reply["correct"] == choice["correct"] and reply["feedback"] == choice["feedback"]


def test_discard_verdicts() -> None:
    rules = Rules()
    hand = parse_cards("JK JH JD AH KH 9H AS 5S 6C 7C QD 8D 4D")
    hearts = Bid.parse("7H")
    verdict = {c.code: discard_verdict(rules, hand, hearts, c, 3)[0] for c in hand}
    assert [c for c, sound in verdict.items() if sound] == ["5S", "6C", "7C", "QD", "8D", "4D"]
    assert "ace" in discard_verdict(rules, hand, hearts, Card.parse("AS"), 3)[1]
    # with too few side cards to throw, a low trump has to go
    trumps = parse_cards("JK JH JD AH KH QH TH 9H 8H 7H 6H 5H AS")
    assert discard_verdict(rules, trumps, hearts, Card.parse("5H"), 3)[0]
    # no trumps: the joker is kept; misère: the high cards go
    nt = Bid.parse("7NT")
    assert not discard_verdict(rules, hand, nt, Card.parse("JK"), 3)[0]
    low = parse_cards("JK AS 5S 6S 7C 6C 5C 4D 5D 6D 4H 5H 6H")
    assert discard_verdict(rules, low, Bid.misere(), Card.parse("AS"), 3)[0]
    assert not discard_verdict(rules, low, Bid.misere(), Card.parse("4H"), 3)[0]


def test_a_queen_beside_its_king_is_kept_and_a_guarded_suit_is_not_said_to_void() -> None:
    """Issue 25, F1: chapter 6's replay called North's Q♥ (beside K♥, in 7♦) "a low side card, a loser you
    will not miss. Throwing the hearts can leave you void" while calling the K♥ a winner to keep — and
    the Q♥ won trick 6 of that very deal."""
    rules = Rules()
    diamonds = Bid.parse("7D")
    hand = parse_cards("JK JD JH AD KD 9D 7D KH QH 8H 5S 6S 7C")  # J♥ is the left bower: a diamond
    queen = discard_verdict(rules, hand, diamonds, Card.parse("QH"), 3)
    assert queen == (False, "it is a queen beside your king, likely to win a trick: throw losers, not winners.")
    eight = discard_verdict(rules, hand, diamonds, Card.parse("8H"), 3)
    assert eight[0] and "void" not in eight[1]  # K♥ Q♥ are kept: no heart void
    spade = discard_verdict(rules, hand, diamonds, Card.parse("5S"), 3)
    assert spade[0] and "Throwing the spades can leave you void" in spade[1]
    # an unguarded queen, or one beside the ace only, is still a low card to throw
    assert discard_verdict(rules, parse_cards("JK JD JH AD KD 9D 7D AH QH 8H 5S 6S 7C"), diamonds, Card.parse("QH"), 3)[
        0
    ]


def _ruff_stop(third_hand: str) -> dict[str, Any]:
    """Seat 1, out of spades, ruffs North's A♠ with the left bower J♦ while holding the joker too."""
    from fivehundred_tutor.actions import Play
    from fivehundred_tutor.cards import Card

    deal = Deal.from_position(Rules(), {0: "AS 5C", 1: "JK JD", 2: third_hand, 3: "7S 8C"}, "7H", 0)
    deal.push(Play(Card.parse("AS")))
    deal.push(Play(Card.parse("JD")))
    return replay_model(deal, stops=[1])["stops"][0]


def test_a_card_as_good_as_the_deals_is_right_and_a_miss_keeps_the_deals_card_back() -> None:
    # The learner's find in chapter 12's 'A contract that went down': the joker marked wrong beside J♦ when both
    # are the top trumps left (the right bower J♥ is gone): either wins the same.
    by_code = {c["code"]: c for c in _ruff_stop("9S 6C")["choices"]}
    assert by_code["JK"]["correct"] and "as good as J♦" in by_code["JK"]["feedback"], by_code["JK"]
    assert by_code["JD"]["correct"]
    # with the right bower still out (third hand holds J♥) the joker and J♦ are not the same card to play
    stop = _ruff_stop("JH 6C")
    by_code = {c["code"]: c for c in stop["choices"]}
    assert not by_code["JK"]["correct"]
    # a miss does not give the deal's card away: the widget's Show me does
    assert "J♦" not in by_code["JK"]["feedback"] and "try again" in by_code["JK"]["feedback"], by_code["JK"]
    assert stop["answer"] == "JD"
