"""Play problems: plain-data handlers, verdicts, Bridge-Master rearranging, precomputed book data."""

from __future__ import annotations

import json
import re

import pytest

from fivehundred_tutor.deal import Deal
from fivehundred_tutor.handlers import problem as problems
from fivehundred_tutor.handlers.problem import ProblemError, precompute, respond, start
from fivehundred_tutor.records import DealRecord
from fivehundred_tutor.rng import Random
from fivehundred_tutor.rules import Rules
from fivehundred_tutor.solver import Solver, analyse, best_actions


def test_name_the_suit_problem() -> None:
    state = start({"library": "10-ending-name-the-suit"})
    json.dumps(state)  # plain data all the way
    assert state["status"] == "your-turn"
    assert state["seat"] == 0 and state["target"] == 10
    assert "JK:S" in state["legal"] and state["prompt"].startswith("Your turn")
    wrong = respond(state, "JK:C")
    assert wrong["verdict"] == "mistake" and wrong["cost"] == 2
    assert wrong["annotation"].startswith("Your side (North–South) takes 8 instead of 10: ")
    assert wrong["line_intro"] == "Here is how East–West make the most of it"
    assert wrong["best"] == ["JK:S"]
    right = respond(state, "Joker:S")
    assert right["verdict"] == "best" and right["replies"] == ["8S", "JS", "KS"]
    state = right["state"]
    for _ in range(3):
        reply = respond(state, state["legal"][0] if state["legal"] != ["QS", "4D", "KC"] else "QS")
        state = reply["state"]
        if state["status"] == "done":
            break
    assert state["status"] == "done"
    assert state["result"].startswith("North bid 7NT")


def test_illegal_action_is_explained_and_changes_nothing() -> None:
    state = start({"library": "10-ending-name-the-suit"})
    reply = respond(state, "KH")
    assert reply["verdict"] == "illegal"
    assert "does not hold K♥" in reply["annotation"]
    assert reply["state"] is state
    reply = respond(state, "zz")
    assert reply["verdict"] == "illegal"


def test_defence_problem_other_seats_answer_with_the_solver() -> None:
    state = start({"library": "12-defence-keep-the-right-card"})
    assert state["seat"] == 0 and state["rearrange"] is False
    assert state["view"]["trick"] == [[3, "JK"]]  # West has led the joker; North to play
    reply = respond(state, "JD")
    assert reply["verdict"] == "mistake" and reply["cost"] == 1
    reply = respond(state, "8D")
    assert reply["verdict"] == "best"
    # the other seats' answers in words a learner can follow: who won each trick, who leads the next
    words = reply["answered_with"]
    assert words and all(w.split()[0] in {"North", "East", "South", "West"} for w in words), words
    finished = [i for i, w in enumerate(words) if w.endswith("wins the trick)")]
    assert finished, words  # this trick ends with the other seats' cards
    assert all(words[i + 1].split()[1] == "leads" for i in finished if i + 1 < len(words)), words
    deal = Deal.from_dict(
        {**DealRecord.from_dict(reply["state"]["record"]).to_deal().to_dict(), "actions": []}
    )  # the record replays
    assert deal is not None


def test_bad_problems_and_states() -> None:
    with pytest.raises(ProblemError, match="library"):
        start({})
    with pytest.raises(ProblemError, match="no library deal"):
        start({"library": "nope"})
    with pytest.raises(ProblemError, match="in the auction"):
        start({"library": "01-drawing-trumps", "start": 0})
    state = start({"library": "10-ending-name-the-suit"})
    broken = dict(state, played=["AH"])
    with pytest.raises(ProblemError, match="damaged"):
        respond(broken, "QS")


def _ending_problems(seed: int, count: int):  # type: ignore[no-untyped-def]
    rng = Random(seed)
    for _ in range(count):
        deck = Rules().deck()
        rng.shuffle(deck)
        hands = [deck[i * 4 : (i + 1) * 4] for i in range(4)]
        deal = Deal.from_position(Rules(), hands, "7S", 0, 0, tricks_won=[3, 1, 2, 0])
        solver = Solver()
        while not deal.is_over:
            deal.push(best_actions(deal, solver.analyse(deal))[0])
        yield DealRecord.from_deal(deal)


def test_declarer_problem_rearranges_the_defenders_so_a_lucky_line_fails() -> None:
    found = 0
    for record in _ending_problems(1, 200):
        state = start({"record": record.to_dict(), "seat": 0, "start": 0})
        assert state["rearrange"] is True
        before = record.to_deal(0)
        for code in state["legal"]:
            reply = respond(state, code)
            if not reply["rearranged"]:
                continue
            found += 1
            assert reply["verdict"] == "mistake"
            new = DealRecord.from_dict(reply["state"]["record"])
            # Declarer's and partner's cards are untouched; the defenders hold the same cards between them.
            assert new.hands[0] == record.hands[0] and new.hands[2] == record.hands[2]
            assert sorted(new.hands[1] + new.hands[3]) == sorted(record.hands[1] + record.hands[3])
            assert new.hands[1] != record.hands[1]
            # On the new layout the best first card still reaches the target, the learner's does not.
            moved = new.to_deal(0)
            values = analyse(moved)
            assert max(values.values()) >= state["target"]
            assert values[moved.parse_action(code)] < state["target"]
            # On the real layout the learner's card did reach the target (that is why it was moved).
            assert analyse(before)[before.parse_action(code)] >= state["target"]
        if found >= 3:
            break
    assert found >= 3


def test_precompute_for_the_book() -> None:
    data = precompute({"library": "05-defence-take-your-ace"})
    json.dumps(data)
    assert data["seat"] == 3
    first = data["steps"][0]
    assert first["index"] == 29 and first["prompt"].startswith("Your turn")
    assert first["choices"]["AS"]["verdict"] == "best"
    assert first["choices"]["6S"]["verdict"] == "mistake" and first["choices"]["6S"]["cost"] == 1
    assert all(step["played"] in step["choices"] for step in data["steps"])


def test_widget_requests_live_path() -> None:
    pytest.importorskip("anywidget")
    from fivehundred_tutor.widgets.problem import PlayProblem

    widget = PlayProblem({"library": "12-defence-keep-the-right-card"})
    assert widget.request({"type": "hello"})["live"] is True
    reply = widget.request({"type": "play", "code": "8D"})
    assert reply["verdict"] == "best" and reply["type"] == "verdict"
    assert widget.state["played"][0] == "8D"  # the live state moved on
    assert widget.request({"type": "play", "code": "KS"})["type"] in ("verdict", "error")
    bad = widget.request({"type": "fly"})
    assert bad["type"] == "error" and "known: hello, hint, play, restart, takeback" in bad["error"]
    again = widget.request({"type": "restart"})
    assert again["type"] == "restarted" and widget.state["played"] == []


def test_takeback_hint_and_the_line_that_beats_a_costly_card() -> None:
    state = problems.start({"library": "10-ending-name-the-suit"})
    assert state["prompt"] == "Your turn: lead the joker — and name which suit?"
    tip = problems.hint(state)
    assert "names the suit" in tip["principle"] and "Joker (as ♠)" not in tip["principle"]
    assert tip["answer"] == "Play Joker (as ♠)."
    wrong = problems.respond(state, "QS")
    assert wrong["verdict"] == "mistake" and wrong["card"] == "Q♠"
    # the line that beats it, in card notation, trick by trick
    assert wrong["line"][0].startswith("North Q♠, ") and wrong["line"][0].endswith("West wins")
    assert not re.search(r"\b(10|[2-9AKQJT])[SHDC]\b", " ".join(wrong["line"]) + wrong["annotation"])
    back = problems.takeback(wrong["state"])
    assert back["played"] == state["played"] and back["legal"] == state["legal"]
    assert back["prompt"] == state["prompt"] and back["undo"] == []
    right = problems.respond(back, "JK:S")
    assert right["verdict"] == "best" and right["line"] == []
    with pytest.raises(problems.ProblemError, match="no card of yours"):
        problems.takeback(back)


def test_book_steps_carry_the_question_hint_and_lines() -> None:
    data = problems.precompute({"library": "12-defence-keep-the-right-card"})
    first = data["steps"][0]
    assert first["prompt"].startswith("Your turn: West leads the joker")
    assert first["hint"]["answer"] == "Play 8♦." and first["best"] == ["8D"]
    costly = first["choices"]["JD"]
    assert costly["verdict"] == "mistake" and costly["line"] and "J♦" in costly["line"][0]
    # the hand is shown trumps first (diamonds), the left bower J♥ among them
    assert first["view"]["hand"][:2] == ["JD", "8D"] and first["view"]["left_bower"] == "JH"


def test_a_defenders_verdict_is_said_from_the_defenders_side() -> None:
    """A defender hears what *their* side takes (a reviewer read "with best play from here East–West
    take 7, not 6" as North, and "the line that beats it" without knowing what was beaten)."""
    state = start({"library": "05-defence-take-your-ace"})
    assert state["seat"] == 3  # West, a defender
    wrong = respond(state, "5S")
    assert wrong["verdict"] == "mistake"
    assert wrong["annotation"] == "Your side (East–West) takes 3 instead of 4: 5♠ costs a trick. Better was A♠."
    assert wrong["line_intro"] == "Here is how North–South make the most of it"
    assert respond(state, "AS")["line_intro"] == ""


def test_a_first_miss_can_be_said_without_giving_the_answer_away() -> None:
    """Issue 31 (6): a play problem showed the better card on the first wrong try while offering Try again
    and Hint.  Every verdict comes with ``reason``: what the card cost, without the better card (the widget
    shows it on a first miss, the answer after a second one or when asked), live and saved alike."""
    state = start({"library": "05-defence-take-your-ace"})
    wrong = respond(state, "5S")
    assert wrong["annotation"] == "Your side (East–West) takes 3 instead of 4: 5♠ costs a trick. Better was A♠."
    assert wrong["reason"] == "Your side (East–West) takes 3 instead of 4: 5♠ costs a trick."
    assert "A♠" not in wrong["reason"] and wrong["best_words"] == ["A♠"]
    right = respond(state, "AS")
    assert right["reason"] == right["annotation"]  # nothing to hold back
    saved = precompute({"library": "10-ending-name-the-suit"})
    misses = [c for step in saved["steps"] for c in step["choices"].values() if c["verdict"] == "mistake"]
    assert misses
    for choice in misses:
        assert choice["annotation"].startswith(choice["reason"]) and "Better was" in choice["annotation"]
        assert "Better was" not in choice["reason"], choice["reason"]
