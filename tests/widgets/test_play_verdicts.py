"""Play against the bots: a verdict on each of the learner's calls by the book's bidding standard, when asked."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fivehundred_tutor import Bid, Deal, Rules
from fivehundred_tutor.bidding_standard import call_problem_in, judge_in
from fivehundred_tutor.handlers import handle, handle_json
from fivehundred_tutor.handlers.models import PlayState, shape_problems
from fivehundred_tutor.handlers.play import start


def _ask(kind: str, request: dict[str, Any], state: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    out = handle("play", request, {"state": state})
    assert out["reply"]["type"] != "error", out["reply"]
    return out["reply"], {**state, **out["update"].get("state", {})}


def _first_call_with_a_sound_bid() -> tuple[dict[str, Any], Bid]:
    """A deal where, at the learner's first call, the standard finds a bid sound (the highest such)."""
    rules = Rules()
    for seed in range(40):
        state = start(rules, seed=seed, seat=0)
        deal = Deal.from_dict(state["deal"])
        if deal.phase != "auction" or deal.to_move != 0:
            continue
        judge = judge_in(deal)
        sound = [a for a in deal.legal_actions() if isinstance(a, Bid) and not a.is_misere and judge.is_sound(a)]
        if sound:
            return state, max(sound, key=rules.bid_value)
    raise AssertionError("no deal in 40 with a sound bid for the learner")


def test_each_call_gets_the_standards_verdict_once_the_learner_asks() -> None:
    state, best = _first_call_with_a_sound_bid()
    assert state["view"]["phase"] == "auction"
    assert state.get("judge") is not True and not state.get("verdicts")  # not unless asked
    reply, asked = _ask("judge", {"type": "judge", "on": True}, state)
    assert (reply["type"], reply["on"], reply["verdicts"], asked["judge"]) == ("judge", True, [], True)

    # a pass where a bid was sound: said so, with the bid and the count
    _, passed = _ask("act", {"type": "act", "code": "pass"}, asked)
    verdict = passed["verdicts"][0]
    assert (verdict["call"], verdict["verdict"]) == ("pass", "missed"), verdict
    assert str(best) in verdict["text"] and judge_in(Deal.from_dict(state["deal"])).reckoning(best) in verdict["text"]

    # the sound bid itself: sound; a bid a level too high for the count: unsound, with the standard's reason
    _, bid = _ask("act", {"type": "act", "code": best.code}, asked)
    assert bid["verdicts"][0]["verdict"] == "sound" and "sound" in bid["verdicts"][0]["text"]
    deal = Deal.from_dict(state["deal"])
    greedy = next(b for b in deal.legal_actions() if isinstance(b, Bid) and b.tricks == 10 and b.trump is not None)
    problem = call_problem_in(deal, greedy)
    assert problem is not None
    _, over = _ask("act", {"type": "act", "code": greedy.code}, asked)
    assert over["verdicts"][0]["verdict"] == "unsound" and problem in over["verdicts"][0]["text"]

    # every call of the learner's in the deal has one, judged as the auction stood then
    for after in (passed, bid, over):
        assert shape_problems(after, PlayState) == []
        replay = Deal.from_dict({**after["deal"], "actions": []})
        mine = []
        for action in Deal.from_dict(after["deal"]).history:
            if replay.phase != "auction":
                break
            if replay.to_move == 0:
                mine.append((action.code, call_problem_in(replay, action) is None))
            replay.push(action)
        got = [(v["call"], v["verdict"] != "unsound") for v in after["verdicts"]]
        assert got == mine and len(mine) >= 1

    # kept for the next deal; off again: no verdicts
    _, fresh = _ask("new_deal", {"type": "new_deal", "seed": 5}, over)
    assert fresh["judge"] is True
    _, off = _ask("judge", {"type": "judge", "on": False}, over)
    assert off["judge"] is False and off["verdicts"] == []


@pytest.mark.parametrize("language", ["pl", "it"])
def test_the_verdicts_speak_the_learners_language(language: str) -> None:
    state, _best = _first_call_with_a_sound_bid()
    state = handle("play", {"type": "judge", "on": True}, {"state": state})["update"]["state"]
    message = {
        "kind": "play",
        "request": {"type": "act", "code": "pass"},
        "state": {"state": state},
        "language": language,
    }
    verdicts = json.loads(handle_json(json.dumps(message)))["update"]["state"]["verdicts"]
    assert verdicts[0]["verdict"] == "missed"
    english = handle("play", {"type": "act", "code": "pass"}, {"state": state})["update"]["state"]["verdicts"]
    assert verdicts[0]["text"] != english[0]["text"] and "book's standard" not in verdicts[0]["text"]
