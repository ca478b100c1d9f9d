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


def test_table_cards_are_not_called_cards_you_hold() -> None:
    """Second expert read, F17i: the 2-player table-card questions explained 'You must follow suit: K♥ led, and
    you hold J♥' of a face-up table card (q31ab454ba6984c97, q5159fd6d17c2ffd5): those cards lie on the table."""
    two = Rules.preset("two-player")
    found = 0
    for seed in range(200):
        q = generate("two-player", two, seed, 3)
        if "plays from the table" not in q["prompt"] or "follow suit:" not in q["explanation"]:
            continue
        found += 1
        text = q["explanation"]
        assert "you hold" not in text and "and your face-up table cards include" in text, text
        if found == 4:
            break
    assert found == 4


def test_an_illegal_table_card_is_refused_without_calling_it_held() -> None:
    """F17i in the engine: the IllegalAction for a face-up table card that must follow suit says the table
    cards include the suit, not that the player holds them; the deal is unchanged."""
    from fivehundred_tutor import Deal, IllegalAction
    from fivehundred_tutor.actions import TABLE, Play
    from fivehundred_tutor.bots import RandomBot
    from fivehundred_tutor.deal import PLAY

    two = Rules.preset("two-player")
    bot = RandomBot(seed=3)
    for seed in range(60):
        deal = Deal.new(two, seed=seed)
        while not deal.is_over:
            seat = deal.to_move
            legal = deal.legal_actions()
            if deal.phase == PLAY and deal.trick and seat is not None:
                bad = [c for c in deal.table_up(seat) if Play(c, TABLE) not in legal]
                if bad and any(getattr(a, "source", None) == TABLE for a in legal):
                    before = deal.copy()
                    try:
                        deal.push(Play(bad[0], TABLE))
                    except IllegalAction as error:
                        assert "you hold" not in str(error) and "face-up table cards" in str(error), error
                        assert deal.legal_actions() == before.legal_actions()
                        return
                    raise AssertionError(f"{bad[0]} from the table was accepted")
            deal.push(bot.choose(deal))
    raise AssertionError("no illegal table card met in 60 deals")


def test_a_choice_button_says_its_label_once() -> None:
    """The quiz button shows a choice's label and then its words when they differ: the joker question's last
    choice read "no suit no suit until it is played".  Every choice of the questions that name suits, over seeds."""
    checked = 0
    for topic in ("bowers",):
        for seed in range(40):
            for difficulty in (1, 2, 3):
                q = generate(topic, RULES, seed, difficulty)
                for choice in q.get("choices", []):
                    label, words = choice.get("label", ""), choice.get("words", "")
                    if words and words != label:
                        assert not words.lower().startswith(label.lower()), (label, words)
                        checked += 1
    assert checked > 0
