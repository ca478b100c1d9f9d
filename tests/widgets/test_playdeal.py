"""Playing a deal against the bots: the end-of-deal check of the learner's cards by the solver."""

from __future__ import annotations

from typing import Any

from fivehundred_tutor import Deal, Rules
from fivehundred_tutor.handlers import handle
from fivehundred_tutor.handlers.play import review, start
from fivehundred_tutor.solver import Solver, best_actions


def _play_out(state: dict[str, Any], pick: int) -> dict[str, Any]:
    """Play the learner's seat to the end, always choosing legal action number ``pick`` (wrapped)."""
    for _ in range(60):
        if state["view"]["over"]:
            return state
        legal = state["view"]["legal"]
        out = handle("play", {"type": "act", "code": legal[pick % len(legal)]["code"]}, {"state": state})
        assert out["reply"]["type"] == "moved", out["reply"]
        state = out["update"]["state"]
    raise AssertionError("the deal did not end")


def test_review_agrees_with_the_solver_card_by_card() -> None:
    # A learner who always plays their last legal card: the review must list exactly the
    # cards the solver says lost tricks, with the solver's better cards.
    state = _play_out(start(Rules(), seed=11, seat=2), pick=-1)
    reply = handle("play", {"type": "review", "id": 4}, {"state": state})["reply"]
    assert reply["type"] == "review" and reply["id"] == 4
    deal = Deal.from_dict(state["deal"])
    replay = Deal.from_dict({**deal.to_dict(), "actions": []})
    solver = Solver()
    expected, checked = [], 0
    for action in deal.history:
        cards = {a.card for a in replay.legal_actions() if getattr(a, "card", None)}
        if replay.phase == "play" and replay.to_move == 2 and len(cards) > 1:
            checked += 1
            values = solver.analyse(replay)
            best = best_actions(replay, values)
            lost = abs(values[action] - values[best[0]])
            if lost:
                expected.append((len(replay.tricks) + 1, str(action), lost, [a.code for a in best]))
        replay.push(action)
    assert reply["checked"] == checked > 0
    assert [(r["trick"], r["card"], r["lost"], r["better"]) for r in reply["rows"]] == expected
    assert reply["lost"] == sum(e[2] for e in expected)
    assert str(checked) in reply["summary"]
    for row in reply["rows"]:
        assert row["text"].startswith(f"Trick {row['trick']}: your {row['card']} cost")


def test_some_learner_loses_a_trick_and_the_review_says_which() -> None:
    found = None
    for seed in range(30):
        state = _play_out(start(Rules(), seed=seed, seat=0), pick=-1)
        reply = handle("play", {"type": "review"}, {"state": state})["reply"]
        if reply["rows"]:
            found = reply
            break
    assert found is not None, "thirty deals of careless play and never a costly card?"
    assert "cost" in found["summary"] and "in view" in found["summary"]


def test_review_before_the_end_is_a_clear_error() -> None:
    state = start(Rules(), seed=3, seat=1)
    reply = handle("play", {"type": "review"}, {"state": state})["reply"]
    assert reply["type"] == "error" and "not over" in reply["error"]


def test_review_of_a_deal_without_play_or_choices() -> None:
    # Seat 0 passes throughout; a thrown-in deal has no cards to check.
    for seed in range(200):
        state = start(Rules(), seed=seed, seat=0)
        while not state["view"]["over"]:
            legal = state["view"]["legal"]
            code = "pass" if any(a["code"] == "pass" for a in legal) else legal[0]["code"]
            state = handle("play", {"type": "act", "code": code}, {"state": state})["update"]["state"]
        if state["view"]["result"]["thrown_in"]:
            reply = handle("play", {"type": "review"}, {"state": state})["reply"]
            assert reply["rows"] == [] and reply["checked"] == 0 and "nothing to check" in reply["summary"]
            return
    raise AssertionError("no thrown-in deal in 200 seeds")


def test_two_player_review_says_the_face_down_cards_were_known() -> None:
    # A short 2-player ending (two cards in hand, a face-up card on a face-down one on the table).
    table = [[["5H", "6H"]], [["7H", "8H"]]]
    deal = Deal.from_position(Rules(players=2), {0: "AS 4D", 1: "KS 9D"}, "7S", 0, 0, table=table)
    while not deal.is_over:
        deal.push(deal.legal_actions()[-1])
    reply = review(deal, 0)
    assert reply["type"] == "review" and any("face-down" in n for n in reply["notes"])
    assert reply["checked"] >= 1


def test_the_learner_picks_the_bots_level_and_it_is_kept() -> None:
    state = start(Rules(), seed=5, seat=0)
    assert state["level"] == "easy"
    out = handle("play", {"type": "level", "level": "strong"}, {"state": state})
    assert out["reply"]["type"] == "level" and out["reply"]["level"] == "strong"
    state = out["update"]["state"]
    assert state["level"] == "strong"
    legal = state["view"]["legal"]
    state = handle("play", {"type": "act", "code": legal[0]["code"]}, {"state": state})["update"]["state"]
    assert state["level"] == "strong"
    new = handle("play", {"type": "new_deal", "seed": 9}, {"state": state})["update"]["state"]
    assert new["level"] == "strong"
    bad = handle("play", {"type": "level", "level": "expert"}, {"state": state})["reply"]
    assert bad["type"] == "error" and "easy, strong" in bad["error"]


def test_strong_bots_play_from_the_start_and_differ_from_easy_ones() -> None:
    # The same seed with each level: the bots' auctions differ on some deal (the strong ones
    # bid from simulations, not from the cheapest level).
    for seed in range(12):
        easy = start(Rules(), seed=seed, seat=0, level="easy")
        strong = start(Rules(), seed=seed, seat=0, level="strong")
        if easy["view"]["auction"] != strong["view"]["auction"]:
            return
    raise AssertionError("twelve deals and the strong bots always called like the easy ones")


def test_hint_is_the_strong_bots_choice_in_words_from_its_samples() -> None:
    from fivehundred_tutor.analysis.sampling_bot import SamplingBot

    seen_play = False
    for seed in range(20):
        state = start(Rules(), seed=seed, seat=1)
        for _ in range(40):
            if state["view"]["over"]:
                break
            reply = handle("play", {"type": "hint"}, {"state": state})["reply"]
            assert reply["type"] == "hint"
            deal = Deal.from_dict(state["deal"])
            assert reply["code"] == SamplingBot(seed=seed).choose(deal).code
            assert reply["code"] in [a["code"] for a in state["view"]["legal"]]
            for word in ("engine", "kernel", "seed", "layout", "sample"):
                assert word not in reply["text"].lower()
            if "random deals of the unseen cards" in reply["text"]:
                seen_play = True
                assert reply["text"].startswith(f"{reply['label']}.")
                break
            state = handle("play", {"type": "act", "code": reply["code"]}, {"state": state})["update"]["state"]
        if seen_play:
            break
    assert seen_play


def test_hint_when_it_is_not_the_learners_turn_is_a_clear_error() -> None:
    state = _play_out(start(Rules(), seed=3, seat=1), pick=0)
    reply = handle("play", {"type": "hint"}, {"state": state})["reply"]
    assert reply["type"] == "error" and "over" in reply["error"]


def test_a_bidding_hint_without_dds_counts_the_hand_at_once(monkeypatch: Any) -> None:
    """The live book has no DDS: a bidding hint must not simulate (minutes under Pyodide, the
    widget stuck), but count the learner's own cards and say what partner and the kitty add."""
    from fivehundred_tutor.analysis.sampling_bot import SamplingBot
    from fivehundred_tutor.solver import dds

    monkeypatch.setattr(dds, "available", lambda: False)

    def no_simulation(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a bidding hint without DDS must not simulate the bidding")

    monkeypatch.setattr(SamplingBot, "_bid", no_simulation)
    monkeypatch.setattr(SamplingBot, "bid_figures", no_simulation)
    kinds = set()
    for seed in range(12):
        state = start(Rules(), seed=seed, seat=0)
        if state["view"]["phase"] != "auction" or state["view"]["over"]:
            continue
        reply = handle("play", {"type": "hint"}, {"state": state})["reply"]
        assert reply["type"] == "hint"
        assert reply["code"] == SamplingBot(seed=seed).choose(Deal.from_dict(state["deal"])).code
        text = reply["text"]
        assert text.startswith(f"{reply['label']}.") and "tricks" in text, text
        assert "partner" in text and ("kitty" in text or "partner's" in text), text  # raising: partner's level
        for word in ("engine", "kernel", "seed", "layout", "sample"):
            assert word not in text.lower()
        kinds.add(reply["label"] == "Pass")
    assert kinds == {True, False}  # both a bid and a pass explained


def test_check_my_play_after_a_failed_contract_teaches_about_the_contract() -> None:
    """A contract that went down is not praised card by card only: the review says what the cards
    were worth with every hand in view (a reviewer's 6♥ set with 2 tricks read "All 8 of your cards
    … kept the best result")."""
    hands = {0: "AH 5S", 1: "KH 6S", 2: "QH 7S", 3: "JS 8S"}
    deal = Deal.from_position(Rules(), hands, "7NT", 0)
    deal.push_many(["AH", "KH", "QH", "JS", "5S", "6S", "7S", "8S"])
    assert not deal.result().made
    declarer = review(deal, 0)
    assert declarer["lesson"].startswith("With every hand in view, 7NT could take at most 1 trick, short of 7."), (
        declarer
    )
    assert declarer["summary"].startswith(declarer["lesson"])
    # the defenders let nothing through: no lesson for them; the declarer's side learns it
    assert review(deal, 1)["lesson"] == ""
    assert review(deal, 2)["lesson"] == declarer["lesson"]


def test_check_my_play_for_defenders_of_a_made_contract() -> None:
    from fivehundred_tutor.bots import HeuristicBot

    rules = Rules()
    bot = HeuristicBot()
    for seed in range(40):
        deal = Deal.new(rules, seed=seed, dealer=0)
        while not deal.is_over:
            deal.push(bot.choose(deal))
        if deal.declarer is None or deal.contract is None or deal.contract.is_misere or not deal.result().made:
            continue
        defender = next(s for s in range(4) if rules.side_of(s) != rules.side_of(deal.declarer))
        lesson = review(deal, defender)["lesson"]
        assert lesson.startswith("With every hand in view, "), lesson
        assert rules.side_name(rules.side_of(deal.declarer)) in lesson and str(deal.contract) in lesson
        assert review(deal, deal.declarer)["lesson"] == ""  # made: nothing to add for the declarer
        return
    raise AssertionError("no contract made in 40 deals")


def test_a_discard_hint_says_why_in_the_words_of_the_rule_the_bots_discard_by() -> None:
    """Taking the kitty, the hint names the card and why: a short side suit to make void, or the least
    useful card kept after trumps, aces and guarded kings; never only "Discard Seven of spades."."""
    from fivehundred_tutor.bots import discards_for

    seen = 0
    for seed in range(40):
        state = start(Rules(), seed=seed, seat=0)
        for _ in range(30):  # the learner passes until someone else has the contract, or bids and wins it
            view = state["view"]
            if view["over"] or view["phase"] != "auction":
                break
            reply = handle("play", {"type": "hint"}, {"state": state})["reply"]
            state = handle("play", {"type": "act", "code": reply["code"]}, {"state": state})["update"]["state"]
        if state["view"]["phase"] != "kitty" or state["view"]["over"]:
            continue
        deal = Deal.from_dict(state["deal"])
        assert deal.declarer == 0 and deal.contract is not None
        reply = handle("play", {"type": "hint"}, {"state": state})["reply"]
        card = discards_for(deal.rules, deal.hands[0], deal.contract, 1)[0]
        assert reply["text"].startswith(f"Discard {card.name}. "), reply["text"]
        reason = reply["text"].split(". ", 1)[1]
        assert len(reason) > 30 and ("trump" in reason or "misère" in reason), reply["text"]
        if deal.contract.trump is not None and card.suit is not None and not card.is_joker:
            held = sum(1 for c in deal.hands[0] if c.suit == card.suit)
            if (
                held <= 2
                and deal.rules.table(deal.contract).suit_of[card.index] != deal.rules.table(deal.contract).trump
            ):
                assert card.suit.word in reason, reply["text"]
        seen += 1
        if seen >= 3:
            return
    assert seen, "forty deals and the learner never took the kitty"
