"""The book's one bidding standard (fivehundred_tutor.bidding_standard) and everything that must agree with it.

- the standard itself: the count rounded to the nearest trick, the trumps a bid wants, no trumps,
  supporting partner, a trick to spare over partner's bid, misère — and no misère loophole;
- the heuristic bots: every bid they make is sound, and they make the highest-scoring sound call
  (so they raise partner whenever the standard makes the raise their best call);
- the hand-judging quiz: one sound choice, judged with partner's bid when there is one, the
  answer never guessable from its position, supporting partner asked;
- the hand evaluator's words: its counts, hints and "enough to bid" sentences are the standard's;
- chapters 04, 05, 09a and 09b: no count written by hand in their prose (every figure is computed).

The auctions the book shows are checked with the auction so far in tests/book/test_book_auctions_sound.py
(the built pages), tests/book/test_library_deals_sound.py (the library) and
tests/book/test_chapters_content.py (the chapters' example auctions).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from fivehundred_tutor import PASS, Bid, Card, Deal, Rules, Suit, parse_cards
from fivehundred_tutor.bidding_standard import (
    COUNT_VALUES,
    HandJudge,
    auction_context,
    call_problem,
    call_problem_in,
    count,
    count_items,
    estimate_tricks,
    expected_support,
    explain_call,
    judge_in,
    kitty_share,
    misere_danger,
    partner_share,
    rounded,
)
from fivehundred_tutor.bots import HeuristicBot
from fivehundred_tutor.deal import AUCTION
from fivehundred_tutor.handlers import evaluator as ev
from fivehundred_tutor.questions import generate
from fivehundred_tutor.rng import Random

RULES = Rules()
CHAPTERS = Path(__file__).resolve().parents[2] / "book" / "chapters"


def judge_at(hand: str, adjust: float = 0.0, auction: list[tuple[int, object]] | None = None) -> HandJudge:
    context = auction_context(RULES, 2, auction or [])  # type: ignore[arg-type]
    return HandJudge(RULES, parse_cards(hand), context, adjust)


# ------------------------------------------------------------------------------------------ the standard


def test_the_count_is_own_tricks_plus_partner_and_kitty_and_the_shares_add_up() -> None:
    assert expected_support(RULES) == 2.3
    assert (partner_share(RULES), kitty_share(RULES)) == (1.8, 0.5)
    hand = parse_cards("JH AH QH 8H 5H AC KC 9S 7D 4D")
    items = count_items(RULES, hand, Bid.parse("7H"))
    assert [i.kind for i in items] == ["right bower", "trump ace", "trump length", "side ace-king"]
    assert all(i.tricks == COUNT_VALUES[i.kind] * (len(i.cards) if i.kind == "trump length" else 1) for i in items)
    assert estimate_tricks(RULES, hand, Bid.parse("7H")) == pytest.approx(sum(i.tricks for i in items))
    assert count(RULES, hand, Bid.parse("7H")) == 7.1
    # no partner in the 3-player game: the kitty brings it all
    three = Rules.preset("three-player")
    assert partner_share(three) == 0 and kitty_share(three) == expected_support(three)


def test_a_bid_is_sound_when_the_rounded_count_reaches_it() -> None:
    assert [rounded(x) for x in (6.4, 6.45, 6.5, 6.9, 7.0, 7.49, 7.5)] == [6, 6, 7, 7, 7, 7, 8]
    hand = "JH AH QH 8H 5H AC KC 9S 7D 4D"  # counts 7.1 in hearts
    for adjust, sound in ((-0.6, True), (-0.7, False), (0.3, True), (0.4, True)):
        j = judge_at(hand, adjust)
        assert j.is_sound(Bid.parse("7H")) is sound, (adjust, j.count(Bid.parse("7H")))
    assert judge_at(hand, 0.3).is_sound(Bid.parse("8H")) is False  # 7.4 is about 7
    assert judge_at(hand, 0.4).is_sound(Bid.parse("8H")) is True  # 7.5 is about 8
    # the old hidden slack (a trick above the count) is gone: 7♦ on 6.2 is not sound
    j = judge_in(Deal.new(RULES, seed=48, dealer=0))
    assert j.count(Bid.parse("7D")) < 6.5 or not j.is_sound(Bid.parse("7D"))


def test_the_trumps_a_bid_wants() -> None:
    three = "JH 9H 5H AS KS AC KC AD KD 9C"  # three hearts, strong side cards
    j = judge_at(three)
    assert j.count(Bid.parse("7H")) >= 7.5
    assert j.is_sound(Bid.parse("6H")) and not j.is_sound(Bid.parse("7H"))
    assert "only 3 trumps" in str(j.problem(Bid.parse("7H")))
    assert "with no diamonds" in str(judge_at("JS 9S 5S AS KS AC KC QC JC 9C").problem(Bid.parse("6D")))
    no_joker = judge_at("KS QS JS 10S 9S 8S AH 7C 5D 6D")
    assert "neither the joker nor two aces" in str(no_joker.problem(Bid.parse("6NT")))
    assert judge_at("AS KS QS JS 10S 9S AH 7H 5D AD").problem(Bid.parse("6NT")) is None


def test_the_misere_type_hand_does_not_pass_a_six_level_bid_any_more() -> None:
    """The loophole: a misère hand made any 6-level bid sound (the 9b quiz offered 6♠ with one spade)."""
    rng = Random(3)
    found = 0
    for _ in range(4000):
        hand = rng.sample(RULES.deck(), 10)
        j = HandJudge(RULES, hand)
        if not j.is_sound(Bid.misere()):
            continue
        found += 1
        for bid in RULES.ladder:
            if bid.is_misere or bid.tricks != 6 or not j.is_sound(bid):
                continue
            assert rounded(j.count(bid)) >= 6
            if bid.trump is not None:
                assert j.trumps(bid) >= 3, (hand, bid)
    assert found >= 20


def test_supporting_partner_counts_partner_s_level() -> None:
    opened = [(0, Bid.parse("6H")), (1, PASS)]
    hand = "JK 7H 4H AS 8S 9C 8C 7C 6C 5C"  # own 2.5 in hearts: joker, A♠, the diamond void
    alone = judge_at(hand)
    raising = judge_at(hand, auction=opened)
    seven = Bid.parse("7H")
    assert alone.own(seven) == 2.5 and alone.count(seven) == 4.8 and not alone.is_sound(seven)
    assert raising.raising(seven) == 6 and raising.count(seven) == round(2.5 + 6 - 1.8, 1)
    assert raising.is_sound(seven) and not raising.is_sound(Bid.parse("8H"))
    assert "raising partner" not in str(raising.reckoning(seven)) and "partner's 6 − 1.8" in raising.reckoning(seven)
    # a raise wants two trumps of one's own
    one_trump = judge_at("JK AS KS AD KD 9C 8C 7C 6C 5C", auction=opened)
    assert "to raise partner" in str(one_trump.problem(seven))


def test_a_new_suit_over_partner_s_bid_needs_a_trick_to_spare() -> None:
    hand = "JS JC AS 9S 6S AD 8H 7C 5C 4D"  # spades: counts about 7
    free = judge_at(hand)
    spades = Bid.parse("7S")
    assert rounded(free.count(spades)) == 7 and free.is_sound(spades)
    over_partner = judge_at(hand, auction=[(0, Bid.parse("6H")), (1, PASS)])
    assert over_partner.need(spades) == 8 and not over_partner.is_sound(spades)
    assert "a trick to spare" in str(over_partner.problem(spades))
    over_opponent = judge_at(hand, auction=[(1, Bid.parse("6H"))])
    assert over_opponent.is_sound(spades)


def test_the_auction_context_reads_partner_s_suits_and_who_holds_the_bid() -> None:
    ctx = auction_context(RULES, 2, [(0, Bid.parse("6H")), (1, Bid.parse("6NT"))])
    assert ctx.partner_level(3) == 6 and ctx.partner_holds is None  # East holds the bid
    mine_first = auction_context(RULES, 2, [(2, Bid.parse("6H")), (3, PASS), (0, Bid.parse("7H"))])
    assert mine_first.partner_level(3) is None and mine_first.partner_holds == 3  # a raise of my suit is no new promise
    assert auction_context(RULES, 0, []).partner_levels == ()


# ------------------------------------------------------------------------------------------ the bots


def _bot_auctions(rules: Rules, deals: int) -> list[tuple[Deal, object]]:
    """(the deal before the call, the call) for every call the heuristic bots make in ``deals`` seeded deals."""
    bot = HeuristicBot()
    out: list[tuple[Deal, object]] = []
    for seed in range(deals):
        deal = Deal.new(rules, seed=seed, dealer=seed % rules.players)
        while deal.phase == AUCTION:
            call = bot.choose(deal)
            out.append((deal.copy(), call))
            deal.push(call)
    return out


@pytest.mark.parametrize("preset", ["australian", "two-player", "three-player", "six-player", "american"])
def test_every_bot_call_is_the_best_sound_call(preset: str) -> None:
    rules = Rules.preset(preset)
    raises = 0
    for before, call in _bot_auctions(rules, 150):
        judge = judge_in(before)
        legal = before.legal_actions()
        sound = [a for a in legal if isinstance(a, Bid) and judge.is_sound(a)]
        assert call_problem_in(before, call) is None, (preset, explain_call(before, call))  # type: ignore[arg-type]
        if not sound:
            assert call is PASS
            continue
        best = max(sound, key=rules.bid_value)
        if not best.is_misere and rules.bidding != "single-round":  # as cheaply as the denomination allows
            best = min((b for b in sound if b.kind == best.kind and b.trump == best.trump), key=rules.bid_key)
        assert call == best, (preset, explain_call(before, call), str(best))
        raises += judge.raising(best) is not None
    if rules.partnerships:
        assert raises >= 5, f"{preset}: the bots raised partner only {raises} times"


def test_the_bots_raise_partner_where_the_standard_says() -> None:
    """The deal chapter 09a replays: North raises South's 6♥ (the bots used to pass)."""
    bot = HeuristicBot()
    deal = Deal.new(RULES, seed=25, dealer=0)
    calls = []
    while deal.phase == AUCTION:
        call = bot.choose(deal)
        calls.append((RULES.seat_name(deal.to_move), str(call), explain_call(deal, call)))
        deal.push(call)
    assert ("North", "7♥") in [(who, what) for who, what, _ in calls]
    assert any("North raises partner's hearts" in words for _, _, words in calls)


# ------------------------------------------------------------------------------------------ the quiz


def _context_of(q: dict) -> object:
    names = RULES.seat_names
    auction = [
        (names.index(c["seat"]), Bid.parse(c["call"]) if c["call"] != "pass" else PASS)
        for c in q["context"].get("auction", [])
    ]
    return auction_context(RULES, 2, auction)  # type: ignore[arg-type]


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_hand_judging_has_one_sound_choice_and_an_unguessable_place(difficulty: int) -> None:
    seeds = 120
    places: Counter[int] = Counter()
    partner = raises = 0
    for seed in range(seeds):
        q = generate("hand-judging", RULES, seed, difficulty)
        hand = [Card.parse(c["code"]) for c in q["context"]["hand"]]
        judge = HandJudge(RULES, hand, _context_of(q))  # type: ignore[arg-type]
        ids = [c["id"] for c in q["choices"]]
        sound = [i for i in ids if judge.is_sound(Bid.parse(i))]
        assert sound == [q["answer"]], q["prompt"]
        for i in ids:
            if i != q["answer"]:
                assert str(judge.problem(Bid.parse(i))) in q["explanation"]
        answer = Bid.parse(q["answer"])
        assert not (answer.tricks == 6 and answer.trump is not None and judge.trumps(answer) < 3)  # no bluff
        assert [Bid.parse(i) for i in ids] == sorted((Bid.parse(i) for i in ids), key=RULES.bid_key)
        places[ids.index(q["answer"])] += 1
        if "auction" in q["context"]:
            partner += 1
            raises += judge.raising(answer) is not None
    assert max(places.values()) <= (1 / 4 + 0.2) * seeds, places
    if difficulty >= 2:
        assert 0.3 * seeds <= partner <= 0.7 * seeds and 0.25 * partner <= raises <= 0.6 * partner, (partner, raises)
    else:
        assert partner == 0


def test_hand_judging_explains_the_raise_in_the_standard_s_terms() -> None:
    for seed in range(60):
        q = generate("hand-judging", RULES, seed, 2)
        if "auction" in q["context"] and "raising partner" in q["explanation"].split(" The others")[0]:
            assert "partner's level" in q["explanation"] and "rounded to the nearest trick" in q["explanation"]
            return
    pytest.fail("no hand-judging question raised partner in 60 seeds")


def test_the_kitty_quiz_contracts_are_sound_by_the_standard() -> None:
    from fivehundred_tutor.questions.judging import sound_suit_levels

    rng = Random(5)
    for _ in range(200):
        hand = rng.sample(RULES.deck(), 10)
        for suit in Suit:
            want = [t for t in range(6, 11) if call_problem(RULES, hand, Bid.suit(t, suit)) is None]
            assert sound_suit_levels(RULES, hand, suit) == want


# ------------------------------------------------------------------------------------------ the evaluator


def test_the_evaluator_words_are_the_standard_s() -> None:
    assert ev.principle(RULES) == ev.PRINCIPLE
    for key in ("joker", "left bower", "trump ace", "trump length", "side ace", "side ace-king"):
        assert f"{COUNT_VALUES[key]:g}" in ev.PRINCIPLE
    assert "2.3" in ev.PRINCIPLE
    item = ev.hand_item(RULES, 3, layouts=4)
    hand = [Card.parse(c) for c in item["cards"]]
    for d, res in item["results"].items():
        contract = Bid.no_trumps(7) if d == "NT" else Bid.parse("7" + d)
        assert res["count"] == count(RULES, hand, contract)
        judge = HandJudge(RULES, hand)
        levels = [t for t in range(6, 11) if judge.is_sound(Bid.parse(f"{t}{d}"))]
        if levels:
            top = Bid.parse(f"{levels[-1]}{d}")
            assert f"is enough to bid {top}." in res["reason"] or f"the highest sound bid is {top}." in res["reason"]
        else:
            assert "that is no bid" in res["reason"]
    assert "with partner and the kitty" in item["hints"][1]
    three = ev.hand_item(Rules.preset("three-player"), 3, layouts=2)
    assert "with the kitty:" in three["hints"][1] and "The kitty adds" in three["hints"][0]


# ------------------------------------------------------------------------------------------ the chapters


def _prose(path: Path) -> str:
    """The chapter's text outside code cells and the front matter (what is written by hand)."""
    text = path.read_text(encoding="utf-8").split("---", 2)[2]
    return re.sub(r"```\{code-cell\}.*?```", "", text, flags=re.S)


@pytest.mark.parametrize(
    "chapter", ["04-bidding-ladder.md", "05-auction.md", "09a-whole-hand.md", "09b-judging-a-hand.md"]
)
def test_no_count_is_written_by_hand_in_the_bidding_chapters(chapter: str) -> None:
    """A decimal count (2.3, 6.8, 0.85) in these chapters' prose could drift from the standard: they are computed."""
    prose = _prose(CHAPTERS / chapter)
    decimals = re.findall(r"(?<![\w.])\d+\.\d+(?![\w.])", prose)
    assert not decimals, f"{chapter}: counts written by hand: {decimals}"
    assert not re.search(r"\bSLACK\b|generous by a trick", prose)


def test_misere_danger_is_the_sum_of_the_dangers_left() -> None:
    hand = parse_cards("6S 5S 10H 10C 8C 6C 5C 6D 5D KS")
    assert misere_danger(RULES, hand, 3) == pytest.approx(0.3)
    assert misere_danger(RULES, hand, 0) == pytest.approx(0.3 + (16 - 8) / 3 + (10 - 5) / 3 + (10 - 9.5) / 3)


def test_check_my_play_judges_an_overbid_by_the_standard() -> None:
    """The review of a set contract says what the standard made of the bid, with the auction at the time."""
    from fivehundred_tutor.handlers.play import review

    bot = HeuristicBot()
    for seed in range(40):
        deal = Deal.new(RULES, seed=seed, dealer=3)  # North calls first
        bid = Bid.parse("8H")
        problem = call_problem_in(deal, bid)
        if problem is None:
            continue
        deal.push_many([bid, PASS, PASS, PASS])
        while not deal.is_over:
            deal.push(bot.choose(deal))
        if deal.result().made:
            continue
        lesson = review(deal, 0)["lesson"]
        assert f"Counting your cards as dealt: {problem}. Bidding 8 asked for more than the hand held." in lesson
        assert "needs a count of 8" in problem or "trumps" in problem
        return
    pytest.fail("no set 8♥ in 40 seeds")
