"""Five players in ``PlayDeal`` (issue 30): the partner call, the secret partner, the bots, the review.

The learner's seat is played through the ``play`` handlers as the widget does (an ``act`` request per
action); every state the learner is sent is checked for what it must not show.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from fivehundred_tutor import Card, Deal, Rules
from fivehundred_tutor.actions import Play
from fivehundred_tutor.bots import HeuristicBot
from fivehundred_tutor.handlers import handle, play_review
from fivehundred_tutor.handlers.play import start
from fivehundred_tutor.solver import Solver

FIVE = Rules.preset("five-player")
SEAT = 2  # South-east, the seat the widget gives the learner with five players


def _deal(state: dict[str, Any]) -> Deal:
    return Deal.from_dict(state["deal"])


def _check_secret(state: dict[str, Any]) -> None:
    """The learner's view names the partner only when the learner can know it, and every legal action
    the view offers is legal in the deal."""
    deal, view = _deal(state), state["view"]
    knows = deal.partner is not None and (deal.partner == SEAT or deal.partner_shown)
    assert view["partner"] == (deal.partner if knows else None)
    assert view["you_are_partner"] == (deal.partner == SEAT and deal.partner is not None)
    if not knows and deal.partner is not None:
        assert deal.rules.seat_name(deal.partner) + " is" not in view["partner_words"]
        assert deal.partner not in view["declaring_known"]
    codes = {a.code for a in deal.legal_actions()} if deal.to_move == SEAT else set()
    assert {entry["code"] for entry in view["legal"]} == codes


def _play(
    seed: int, choose: Callable[[Deal, list[dict[str, Any]]], str], *, steps: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """A whole deal, the learner's actions chosen by ``choose(deal, legal entries)``; the bots' steps
    (cards one at a time) collected in ``steps``."""
    state = start(FIVE, seed, seat=SEAT)
    _check_secret(state)
    for _ in range(80):
        if state["view"]["over"]:
            return state
        code = choose(_deal(state), state["view"]["legal"])
        out = handle("play", {"type": "act", "code": code}, {"state": state})
        assert out["reply"]["type"] == "moved", out["reply"]
        if steps is not None:
            steps.extend(out["reply"]["steps"])
        state = out["update"]["state"]
        _check_secret(state)
    raise AssertionError("the deal did not end")


def _declare(deal: Deal, legal: list[dict[str, Any]]) -> str:
    """Bid 10NT at once (nobody outbids it), then play as the bots would."""
    codes = [e["code"] for e in legal]
    if deal.phase == "auction" and "10NT" in codes:
        return "10NT"
    return HeuristicBot().choose(deal).code


def _as_bots_would(deal: Deal, legal: list[dict[str, Any]]) -> str:
    return HeuristicBot().choose(deal).code


def test_the_learner_declares_calls_a_card_from_the_picker_and_both_score() -> None:
    called: list[dict[str, Any]] = []

    def choose(deal: Deal, legal: list[dict[str, Any]]) -> str:
        if deal.is_calling:
            groups = state_seen[-1]["call_groups"]
            calls = [e for e in legal if "call" in e]
            assert calls == legal and len(calls) == 40  # every card the others hold, and nothing else
            in_groups = [code for g in groups for code in g["cards"]]
            assert sorted(in_groups) == sorted(e["call"] for e in calls) and len(set(in_groups)) == 40
            assert [g["open"] for g in groups] == [True] + [False] * (len(groups) - 1)
            assert deal.contract is not None
            assert groups[0]["label"] == ("Trumps" if deal.contract.trump else "The joker and the aces")
            assert "c:" + groups[0]["cards"][0] == HeuristicBot().choose(deal).code  # the bots' call: the best card
            assert all(e["label"] == "Call the " + Card.parse(e["call"]).name for e in calls)
            called.append(calls[0])
            return calls[0]["code"]  # the first of the open group: the best trump the learner does not hold
        return _declare(deal, legal)

    state_seen: list[dict[str, Any]] = []
    state = start(FIVE, 3, seat=SEAT)
    for _ in range(80):
        state_seen.append(state["view"])
        if state["view"]["over"]:
            break
        code = choose(_deal(state), state["view"]["legal"])
        state = handle("play", {"type": "act", "code": code}, {"state": state})["update"]["state"]
        _check_secret(state)
    deal = _deal(state)
    assert deal.declarer == SEAT and deal.is_over and called
    assert deal.called_card is not None and deal.called_card.code == called[0]["call"]
    assert any(
        line.startswith(f"You call the {deal.called_card}: whoever holds it is your partner") for line in state["log"]
    )
    result = state["view"]["result"]
    assert (
        result["scores"][SEAT] == result["scores"][deal.partner] == FIVE.score(deal.contract, deal.declarer_tricks)[0]
    )
    partner_name = FIVE.seat_name(deal.partner)  # type: ignore[arg-type]
    assert state["view"]["partner_words"].startswith(f"{partner_name} played the called {deal.called_card.name}")
    assert f"{partner_name} is your partner" in " ".join(state["log"])


def test_the_partner_shows_with_the_called_card_in_the_bots_steps() -> None:
    """The steps the widget animates carry the partner from the called card's step on, never before."""
    for seed in range(3, 40):
        steps: list[dict[str, Any]] = []
        state = _play(seed, _declare, steps=steps)
        deal = _deal(state)
        if deal.declarer != SEAT or deal.partner is None or deal.partner == SEAT:
            continue
        called = deal.called_card
        assert called is not None
        at = next(i for i, step in enumerate(steps) if step["card"] == called.code)
        assert all(step["partner"] is None for step in steps[:at])
        assert all(step["partner"] == deal.partner for step in steps[at:])
        assert steps[at]["words"].endswith(f"the called card, so {FIVE.seat_name(deal.partner)} is your partner")
        assert steps[at]["partner_words"].startswith(f"{FIVE.seat_name(deal.partner)} played the called")
        return
    raise AssertionError("no seed where a bot partner played the learner's called card")


def test_the_learner_as_secret_partner_is_told_and_nobody_else_is() -> None:
    for seed in range(60):
        state = start(FIVE, seed, seat=SEAT)
        deal = _deal(state)
        while not deal.is_over and deal.partner is None:
            state = handle(
                "play", {"type": "act", "code": _as_bots_would(deal, state["view"]["legal"])}, {"state": state}
            )["update"]["state"]
            deal = _deal(state)
        if deal.partner != SEAT or deal.declarer == SEAT:
            continue
        view = state["view"]
        name, card = FIVE.seat_name(deal.declarer), deal.called_card  # type: ignore[arg-type]
        assert card is not None and view["you_are_partner"] and view["partner"] == SEAT
        assert view["partner_words"] == (
            f"You hold the called {card.name}: you are {name}'s partner for this deal. Nobody else knows until you play it."
        )
        assert any("(you hold it: you are the partner)" in line for line in state["log"])
        for other in range(5):
            if other not in (SEAT,):
                assert deal.view(other)["partner"] is None or deal.partner_shown
        return
    raise AssertionError("no seed where a bot called the learner's card")


def test_the_hint_calls_the_best_trump_the_learner_does_not_hold_and_says_why() -> None:
    state = start(FIVE, 3, seat=SEAT)
    deal = _deal(state)
    while not deal.is_calling:
        state = handle("play", {"type": "act", "code": _declare(deal, state["view"]["legal"])}, {"state": state})[
            "update"
        ]["state"]
        deal = _deal(state)
    reply = handle("play", {"type": "hint"}, {"state": state})["reply"]
    assert reply["type"] == "hint" and reply["code"] == HeuristicBot().choose(deal).code
    assert reply["code"] == "c:" + state["view"]["call_groups"][0]["cards"][0]
    assert "you do not hold: whoever holds it becomes your partner" in reply["text"]
    assert "JK" not in reply["text"] and "c:" not in reply["text"]


def test_a_wrong_call_is_refused_in_words_and_changes_nothing() -> None:
    state = start(FIVE, 3, seat=SEAT)
    deal = _deal(state)
    while not deal.is_calling:
        state = handle("play", {"type": "act", "code": _declare(deal, state["view"]["legal"])}, {"state": state})[
            "update"
        ]["state"]
        deal = _deal(state)
    own = deal.hands[SEAT][0]
    for code in (f"c:{own.code}", own.code, "c:XX", "pass"):
        out = handle("play", {"type": "act", "code": code}, {"state": state})
        assert out["reply"]["type"] == "error" and out["update"] == {}
        assert "that cannot be played now; you may: Call the" in out["reply"]["error"]


#: a budget that checks every card of the deals these tests play, with the compiled search or without it
#: (the budget the widget uses is a speed matter, measured by bench/bench_five_players.py)
WHOLE = {"compiled": 50_000_000, "interpreted": 50_000_000}


def test_check_my_play_answers_a_five_player_deal_and_agrees_with_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_review, "FIVE_PLAYER_NODES", WHOLE)
    state = _play(3, _declare)
    reply = handle("play", {"type": "review"}, {"state": state})["reply"]
    assert reply["type"] == "review" and reply["checked"] > 0 and not reply["notes"]
    deal = _deal(state)
    replay, solver, lost = deal.root(), Solver(), 0
    for action in deal.history:
        if replay.phase == "play" and replay.to_move == SEAT and isinstance(action, Play):
            values = solver.analyse(replay)
            if len({a.card for a in values}) > 1:  # type: ignore[attr-defined]
                best = max(values.values()) if SEAT in replay.declaring_seats else min(values.values())
                lost += abs(values[action] - best)
        replay.push(action)
    assert reply["lost"] == lost


def test_check_my_play_says_plainly_which_cards_it_could_not_check_in_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a budget too small for the first tricks, the review checks the last cards, says which
    tricks it left out and why, and never claims them as kept."""
    state = _play(3, _declare)
    monkeypatch.setattr(play_review, "FIVE_PLAYER_NODES", WHOLE)
    full = handle("play", {"type": "review"}, {"state": state})["reply"]
    monkeypatch.setattr(play_review, "FIVE_PLAYER_NODES", {"compiled": 3_000, "interpreted": 3_000})
    cut = handle("play", {"type": "review"}, {"state": state})["reply"]
    assert 0 < cut["checked"] < full["checked"]
    left_out = full["checked"] - cut["checked"]
    note = cut["notes"][0]
    assert note.startswith(f"Not checked: your {left_out} cards in tricks 1 to ") or note.startswith(
        "Not checked: your card in trick 1."
    )
    assert "With five players there are too many ways to play out the tricks" in note
    assert (
        f"{cut['checked']} of your cards that were a real choice and could be checked in time" in cut["summary"]
        or f"Of your {cut['checked']} cards that were a real choice and could be checked in time" in cut["summary"]
    )
    assert cut["unchecked"] == left_out and full["unchecked"] == 0
    assert all(row["trick"] > left_out for row in cut["rows"])


def test_five_player_bots_at_both_levels_play_whole_deals_from_the_widget() -> None:
    for level in ("easy", "strong"):
        state = start(FIVE, 7, seat=SEAT, level=level)
        state = _play_from(state)
        assert state["view"]["over"] and state["view"]["result"]["summary"]


def _play_from(state: dict[str, Any]) -> dict[str, Any]:
    for _ in range(80):
        if state["view"]["over"]:
            return state
        legal = state["view"]["legal"]
        out = handle("play", {"type": "act", "code": legal[-1]["code"]}, {"state": state})
        assert out["reply"]["type"] == "moved", out["reply"]
        state = out["update"]["state"]
        _check_secret(state)
    raise AssertionError("the deal did not end")


def test_the_widget_seats_the_learner_south_east_with_five() -> None:
    from fivehundred_tutor.widgets import PlayDeal

    widget = PlayDeal(FIVE, seed=3)
    assert widget.state["seat"] == SEAT and widget.state["view"]["seat_names"][SEAT] == "South-east"
