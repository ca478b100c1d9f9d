"""The words of generated questions' explanations, as an expert read them (issue 25, expert read F17 b, c, d
and F14): each is checked over many seeds against what the question itself holds."""

from __future__ import annotations

import re

from fivehundred_tutor import PASS, Bid, Card, Rules, Suit
from fivehundred_tutor.bidding_standard import MISERE_LIMITS, OPEN_MISERE_LIMITS, misere_danger
from fivehundred_tutor.questions import generate

RULES = Rules()


def test_the_bids_above_are_a_list_with_commas() -> None:
    """F17 b: "Above 7♥: misère 8♠ open misère." read as one bid "misère 8♠"; now "misère, 8♠, open misère"."""
    lists = 0
    for seed in range(60):
        q = generate("bid-ladder", RULES, seed, 2)
        above = re.match(r"Above [^:]+: (.*?)\. Bids rank", q["explanation"])
        assert above is not None, q["explanation"]
        if above.group(1) != "none of them":
            labels = {c["id"]: c["label"] for c in q["choices"]}
            assert above.group(1).split(", ") == [labels[code] for code in q["answer"]], q["explanation"]
            lists += len(q["answer"]) > 1
    assert lists > 20


def test_every_card_that_would_overtake_partner_is_named() -> None:
    """F17 c: "8♣ would take it" where 10♣ would too (the answer left both out); now "8♣ or 10♣ would take it"."""
    several = 0
    for topic in ("play-decision", "defence"):
        for seed in range(80):
            q = generate(topic, RULES, seed, 2)
            if not q["prompt"].endswith("Which of your cards leave the trick with your partner? Pick every one."):
                continue
            ctx = q["context"]
            contract = Bid.parse(ctx["contract"]["code"])
            joker_suit = None if ctx["joker_suit"] is None else Suit.parse(ctx["joker_suit"])
            hand = [Card.parse(c["code"]) for c in ctx["hand"]]
            legal = RULES.legal_plays(hand, [Card.parse(c["code"]) for c in ctx["trick"]], contract, joker_suit)
            overtake = [str(c) for c in legal if c.code not in q["answer"]]
            assert f"{' or '.join(overtake)} would take it" in q["explanation"], (overtake, q["explanation"])
            several += len(overtake) > 1
    assert several > 3


def test_a_void_is_not_made_of_low_cards() -> None:
    """F17 d: the kitty quiz's void questions said "Throw 3 low side cards … for example 5♥ Q♥ 7♠" (a queen
    and a king are no low cards: they go to make a void). A void discard is "side cards"; "low side cards"
    is said only where the example holds no picture card."""
    for level in (1, 2, 3):
        for seed in range(40):
            text = generate("kitty", RULES, seed, level)["explanation"]
            example = re.search(r"Throw \d ((?:low |of your lowest )?side cards).*for example ([^.]*)\.$", text)
            assert example is not None, text
            if example.group(1) == "low side cards":
                assert not re.search(r"\b[KQJ][♠♥♣♦]", example.group(2)), text
            if level == 3:
                assert example.group(1) == "side cards" and "emptying a short side suit" in text, text


def test_a_misere_answer_is_explained_by_its_danger_not_by_a_count() -> None:
    """F14: a sound misère was explained by "only low cards are left once the kitty exchange has thrown away the
    most dangerous" and the trick-count rule ("A bid is sound when the count … reaches its level"): a misère has
    no count, and the exchange keeps the three unseen kitty cards. Now the standard's rule 6, with this hand's
    danger."""
    seen = set()
    for seed in range(400):
        q = generate("hand-judging", RULES, seed, 3)
        right = Bid.parse(q["answer"])
        if not right.is_misere:
            continue
        seen.add(right)
        text = q["explanation"]
        assert "the count, rounded to the nearest trick" not in text and "only low cards are left" not in text, text
        danger = misere_danger(RULES, [Card.parse(c["code"]) for c in q["context"]["hand"]], 3)
        limit = (OPEN_MISERE_LIMITS if right.is_open_misere else MISERE_LIMITS)[0]
        assert f"the danger left, with 0.3 for the three unseen kitty cards you must keep, is {danger:.1f}".replace(
            ".0,", ","
        ) in text.replace(".0,", ","), text
        assert danger <= limit
        if len(seen) == 2:
            break
    assert len(seen) == 2, seen


def test_a_take_over_answer_is_explained_by_the_trick_to_spare() -> None:
    """Second expert read, N2: when the sound answer bids a new denomination over partner's opening, its
    explanation gave the plain rule ("A bid is sound when the count … reaches its level"), not the standard's
    rule 5 (a trick to spare).  Now it names the count it needs, one more than its level, and this hand's count
    reaches it."""
    from fivehundred_tutor.bidding_standard import HandJudge, auction_context, rounded

    found = 0
    for seed in range(300):
        q = generate("hand-judging", RULES, seed, 2 + seed % 2)
        auction = q["context"].get("auction")
        right = Bid.parse(q["answer"])
        if not auction or right.is_misere or Bid.parse(auction[0]["call"]).denomination == right.denomination:
            continue
        found += 1
        text = q["explanation"]
        hand = [Card.parse(c["code"]) for c in q["context"]["hand"]]
        judge = HandJudge(RULES, hand, auction_context(RULES, 2, [(0, Bid.parse(auction[0]["call"])), (1, PASS)]))
        assert judge.need(right) == right.tricks + 1
        assert f"over partner's bid, {right} needs a count of {right.tricks + 1}, one more than its level" in text, text
        assert "reaches one more than its level" in text and "reaches its level." not in text, text
        assert rounded(judge.count(right)) >= right.tricks + 1 and judge.is_sound(right)
        if found == 6:
            break
    assert found == 6
