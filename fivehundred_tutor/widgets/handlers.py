"""Host-agnostic request handlers and model builders for the widgets.

Everything here takes and returns plain JSON data and knows nothing of
traitlets, kernels or anywidget, so the same functions can answer a widget
from the JupyterLab kernel or, later, from the engine running under Pyodide
in the reader's browser.

    handle(kind, request, state) -> {"reply": {...}, "update": {...}}

``kind`` names the widget family ("cards", "quiz", "ladder", "replay"),
``request`` is the message from the front end (``{"type": ..., "id": ...}``)
and ``state`` the widget's current plain-data state.  ``update`` holds new
values for state keys (the host applies them); ``reply`` goes back to the
front end and always echoes the request's ``id``.  Bad requests get
``{"type": "error", "error": "<what to do>"}``; :func:`handle` never raises.

The builders (:func:`replay_model`, :func:`ladder_model`, :func:`quiz_item`)
make the models the widget classes start from: every step of a deal and every
question's verdicts are precomputed, so the widgets work in the static book
with no kernel.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..actions import Discard, NominateJoker, Play
from ..bids import PASS, Bid, Pass
from ..cards import Card, Suit
from ..deal import Deal, IllegalAction
from ..explain import why_illegal
from ..rules import Rules, RulesError

__all__ = [
    "MARKS",
    "RequestError",
    "dispatch",
    "handle",
    "judge_stop",
    "ladder_model",
    "replay_model",
]

MODEL_VERSION = 1
MARKS = ("!", "?", "??", "!?", "?!", "!!")
_MAX_REQUEST_CHARS = 20_000


class RequestError(ValueError):
    """A request the handlers cannot answer; the message says what to send instead."""


# ---------------------------------------------------------------- dispatch


def handle(kind: str, request: Any, state: Mapping[str, Any]) -> dict[str, Any]:
    """Answer one front-end request.  Never raises: problems become an error reply."""
    req_id = request.get("id") if isinstance(request, dict) else None
    try:
        if not isinstance(request, dict):
            raise RequestError(f"a request must be an object like {{'type': 'hello'}}, not {type(request).__name__}")
        if len(json.dumps(request, default=str)) > _MAX_REQUEST_CHARS:
            raise RequestError("the request is too large")
        rtype = request.get("type")
        if not isinstance(rtype, str):
            raise RequestError("the request has no 'type' (e.g. 'hello', 'answer', 'new_question')")
        if rtype == "hello":
            result: dict[str, Any] = {"reply": {"type": "hello", "live": True}, "update": {}}
        else:
            table = _HANDLERS.get(kind)
            if table is None:
                raise RequestError(f"no widget kind {kind!r}; kinds are {', '.join(sorted(_HANDLERS))}")
            fn = table.get(rtype)
            if fn is None:
                known = ", ".join(sorted(["hello", *table]))
                raise RequestError(f"unknown request type {rtype!r} for a {kind} widget; known: {known}")
            result = fn(request, dict(state))
    except (RequestError, RulesError, IllegalAction, ValueError, KeyError, TypeError, IndexError) as err:
        message = str(err) if not isinstance(err, KeyError) else f"missing field {err}"
        result = {"reply": {"type": "error", "error": message}, "update": {}}
    except Exception as err:  # a handler bug must not put a traceback in the kernel log
        result = {"reply": {"type": "error", "error": f"internal error ({type(err).__name__}): {err}"}, "update": {}}
    result["reply"]["id"] = req_id
    result.setdefault("update", {})
    return result


dispatch = handle


def _int(request: Mapping[str, Any], key: str, lo: int, hi: int) -> int:
    value = request.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"'{key}' must be a whole number, got {value!r}")
    if not lo <= value <= hi:
        raise RequestError(f"'{key}' must be between {lo} and {hi}, got {value}")
    return value


def _str(request: Mapping[str, Any], key: str) -> str:
    value = request.get(key)
    if not isinstance(value, str) or not value.strip():
        raise RequestError(f"'{key}' must be a non-empty string, got {value!r}")
    return value


# ------------------------------------------------------------ card display


def sort_for_display(cards: Sequence[Card]) -> list[Card]:
    """Joker first, then ♠ ♥ ♣ ♦ (alternating colours), high to low: display order only."""
    order = {Suit.SPADES: 1, Suit.HEARTS: 2, Suit.CLUBS: 3, Suit.DIAMONDS: 4}
    return sorted(cards, key=lambda c: (0 if c.suit is None else order[c.suit], -c.rank))


def cards_model(cards: Sequence[str], four_colour: bool, label: str) -> dict[str, Any]:
    parsed = [Card.parse(c) for c in cards]
    return {
        "cards": [c.code for c in parsed],
        "four_colour": bool(four_colour),
        "label": label or ", ".join(c.name for c in parsed) or "no cards",
    }


def _cards_set(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    cards = request.get("cards")
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    if not isinstance(cards, list):
        raise RequestError("'cards' must be a list of card codes like ['JD', 'TH'] or a string 'JD TH'")
    model = cards_model(cards, bool(state.get("four_colour", False)), "")
    return {"reply": {"type": "cards", "cards": model["cards"]}, "update": {"cards": model["cards"]}}


# ------------------------------------------------------------ the ladder


def _bid_label(bid: Bid) -> str:
    return str(bid)


def ladder_model(rules: Rules) -> dict[str, Any]:
    """Every biddable contract for ``rules``, lowest first, with its value and notes."""
    ladder = rules.bid_ladder()
    rungs = []
    for i, bid in enumerate(ladder):
        note = ""
        if bid.kind == "misere":
            if rules.misere == "after-seven":
                note = "may be bid only after someone has bid at the 7 level in this auction"
            elif rules.misere == "any-time":
                note = "may be bid at any time under these rules"
        elif bid.kind == "open_misere":
            note = "may be bid at any time, even as the first bid; the declarer's hand is exposed after the first trick"
        if rules.six_bids_informational and bid.tricks == 6:
            note = "6-level bids only inform (American rules): they cannot win the auction"
        above = ladder[i + 1 :]
        rungs.append(
            {
                "code": bid.code,
                "label": _bid_label(bid),
                "words": bid.words,
                "value": rules.bid_value(bid),
                "level": bid.tricks if not bid.is_misere else (ladder[i - 1].tricks if i else 6),
                "suit": bid.trump.letter if bid.trump is not None else ("NT" if bid.is_no_trumps else "MIS"),
                "misere": bid.is_misere,
                "note": note,
                "cheapest_over": above[0].code if above else None,
                "outranked_by": len(above),
            }
        )
    return {
        "version": MODEL_VERSION,
        "rules": rules.to_dict(),
        "rules_name": rules.preset_name,
        "placement": rules.describe_misere_placement() if rules.misere != "never" else "misère is not allowed",
        "rungs": rungs,
    }


def _rules_from_request(request: dict[str, Any], example: str) -> Rules:
    """The ``rules`` of a request: a preset name or a dict of options."""
    options = request.get("rules")
    if isinstance(options, str):
        return Rules.preset(options)
    if isinstance(options, dict):
        return Rules.from_dict(options)
    raise RequestError(f"'rules' must be a preset name (e.g. '{example}') or a dict of options")


def _ladder_set_rules(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    rules = _rules_from_request(request, "misere-150")
    model = ladder_model(rules)
    return {"reply": {"type": "ladder", "rules_name": rules.preset_name}, "update": {"ladder": model}}


def _ladder_explain(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    code = _str(request, "bid")
    rules = Rules.from_dict(state["ladder"]["rules"])
    bid = Bid.parse(code)
    if bid not in rules.bid_ladder():
        raise RequestError(f"{bid} cannot be bid under these rules")
    ladder = rules.bid_ladder()
    above = ladder[ladder.index(bid) + 1 :]
    text = f"{bid} ({bid.words}) is worth {rules.bid_value(bid)}. "
    text += (
        f"{len(above)} bid(s) outrank it; the cheapest is {above[0]}."
        if above
        else "Nothing outranks it: it is the top of the ladder."
    )
    return {"reply": {"type": "explain", "bid": bid.code, "text": text}, "update": {}}


# ------------------------------------------------------------ deal replay

_POSITIONS = {
    "North": "top",
    "South": "bottom",
    "East": "right",
    "West": "left",
    "North-east": "right",
    "South-east": "right",
    "South-west": "left",
    "North-west": "left",
}


def _action_kind(action: object) -> str:
    if isinstance(action, (Bid, Pass)):
        return "call"
    if isinstance(action, Discard):
        return "discard"
    if isinstance(action, NominateJoker):
        return "nominate"
    return "play"


def _action_text(rules: Rules, seat: int, action: object) -> str:
    name = rules.seat_name(seat)
    if action is PASS:
        return f"{name} passes"
    if isinstance(action, Bid):
        return f"{name} bids {action}"
    if isinstance(action, Discard):
        return f"{name} discards {action.card}"
    if isinstance(action, NominateJoker):
        return f"{name}: {action}"
    assert isinstance(action, Play)
    text = f"{name} plays {action.card}"
    if action.joker_suit is not None:
        text += f" (naming {action.joker_suit.word})"
    if action.source is not None:
        text += f" from the {action.source}"
    return text


def _snapshot(deal: Deal, viewer: int | None, last_trick_done: bool) -> dict[str, Any]:
    rules = deal.rules
    n = rules.players
    exposed = set(deal.exposed_seats)
    out = [s for s in range(n) if s not in deal.active] if deal.contract is not None else []
    hands: list[Any] = []
    for seat in range(n):
        cards = sort_for_display(deal.hands[seat])
        if viewer is None or seat == viewer or seat in exposed:
            hands.append(" ".join(c.code for c in cards))
        else:
            hands.append(len(cards))
    frame: dict[str, Any] = {
        "phase": deal.phase,
        "to_move": deal.to_move,
        "hands": hands,
        "tricks_won": list(deal.tricks_won),
        "trick_no": len(deal.tricks),
        "exposed": sorted(exposed),
        "out": out,
        "discards": len(deal.discards),
        "contract": None if deal.contract is None else deal.contract.code,
        "contract_label": None if deal.contract is None else str(deal.contract),
        "declarer": deal.declarer,
    }
    declarer_visible = deal.declarer is not None and (viewer is None or viewer == deal.declarer)
    if deal.phase == "kitty" and declarer_visible:
        frame["kitty_cards"] = [c.code for c in deal.kitty if c in deal.hands[deal.declarer]]  # type: ignore[index]
    if deal.discards and declarer_visible:
        frame["discard_cards"] = [c.code for c in deal.discards]
    if deal.contract is not None:
        frame["side_tricks"] = [deal.side_tricks(i) for i in range(len(rules.sides))]
    if last_trick_done and deal.tricks:
        trick = deal.tricks[-1]
        frame["trick"] = [[s, c.code, src] for s, c, src in trick.plays]
        frame["winner"] = trick.winner
        frame["explain"] = rules.explain_trick(trick.cards, deal.contract, trick.joker_suit)
    else:
        frame["trick"] = [[s, c.code, src] for s, c, src in deal.trick]
        frame["winner"] = None
    if deal.trick_joker_suit is not None and not last_trick_done:
        frame["joker_suit"] = deal.trick_joker_suit.letter
    if deal.table is not None:
        piles = []
        for seat in range(n):
            row = []
            for down, top, up in deal.table_piles(seat):
                row.append([None if down is None else "?", top.code if top is not None else None, bool(up)])
                if top is not None and not up:
                    row[-1][1] = "?"
            piles.append(row)
        frame["piles"] = piles
        if deal.phase == "play" and deal._order:
            frame["order"] = [[s, src] for s, src in deal._order]
    return frame


def _stop_data(deal: Deal, index: int, played: object, comment: str) -> dict[str, Any]:
    """The question at a stop: every choice the mover has, judged against the annotated action."""
    rules = deal.rules
    seat = deal.to_move
    assert seat is not None
    legal = deal.legal_actions()
    name = rules.seat_name(seat)
    choices: list[dict[str, Any]] = []
    kind = _action_kind(played)
    played_label = _action_label(played)
    if kind in ("play", "discard"):
        assert isinstance(played, (Play, Discard))
        if kind == "play":
            assert isinstance(played, Play)
            source = played.source
            pool = deal.hands[seat] if source in (None, "hand") else deal.table_up(seat)
        else:
            pool = deal.hands[seat]
        legal_cards = {a.card for a in legal if isinstance(a, (Play, Discard))}
        for card in sort_for_display(pool):
            correct = card is played.card
            if correct:
                text = f"Yes: {name} played {card} here."
            elif card in legal_cards:
                text = f"{card} is legal, but the annotated play is {played.card}."
            else:
                reason = why_illegal(
                    rules, card, pool, deal.trick_cards(), deal.contract, deal.trick_joker_suit, deal.joker_fixed
                )
                text = f"{card} is not allowed: {reason or 'it cannot be played now.'}"
            choices.append(
                {
                    "code": card.code,
                    "label": str(card),
                    "legal": card in legal_cards,
                    "correct": correct,
                    "feedback": text + (f" {comment}" if correct and comment else ""),
                }
            )
        prompt = f"Your turn ({name}): what do you {'play' if kind == 'play' else 'discard'}?"
    else:
        for action in legal:
            correct = action == played
            label = _action_label(action)
            text = (
                f"Yes: {name} chose {label} here."
                if correct
                else f"{label} is legal, but the annotation chose {played_label}."
            )
            choices.append(
                {
                    "code": action.code,
                    "label": label,
                    "legal": True,
                    "correct": correct,
                    "feedback": text + (f" {comment}" if correct and comment else ""),
                }
            )
        prompt = f"Your turn ({name}): what do you call?" if kind == "call" else f"Your turn ({name}): what do you do?"
    answer = played.card.code if isinstance(played, Play) else str(getattr(played, "code", played))
    return {"index": index, "seat": seat, "kind": kind, "prompt": prompt, "choices": choices, "answer": answer}


def _action_label(action: object) -> str:
    if isinstance(action, Play):
        return str(action.card) + (f" (as {action.joker_suit.word})" if action.joker_suit else "")
    if isinstance(action, Discard):
        return str(action.card)
    return str(action)


def replay_model(
    deal: Deal,
    *,
    comments: Mapping[int, str] | None = None,
    marks: Mapping[int, str] | None = None,
    stops: Sequence[int] | None = None,
    seat: int | None = None,
    title: str | None = None,
) -> dict[str, Any]:
    """Everything a replay needs, precomputed: one frame per step of ``deal.history``.

    Frame ``k`` shows the table after the first ``k`` actions.  ``comments`` and
    ``marks`` are keyed by index into ``deal.history``; ``stops`` lists history
    indices where the learner is asked to choose that action.
    """
    rules = deal.rules
    history = list(deal.history)
    comments = dict(comments or {})
    marks = dict(marks or {})
    stop_list = list(stops or [])
    n_actions = len(history)
    for what, keys in (("comments", comments), ("marks", marks)):
        for key in keys:
            if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key < n_actions:
                raise ValueError(f"{what} are keyed by index into deal.history (0–{n_actions - 1}); got {key!r}")
    for key, text in comments.items():
        if not isinstance(text, str):
            raise ValueError(f"comment {key} must be text, not {type(text).__name__}")
    for key, mark in marks.items():
        if mark not in MARKS:
            raise ValueError(f"mark {mark!r} at {key} is not one of {' '.join(MARKS)}")
    for key in stop_list:
        if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key < n_actions:
            raise ValueError(f"stops are indices into deal.history (0–{n_actions - 1}); got {key!r}")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players):
        raise ValueError(f"seat must be a seat number 0–{rules.players - 1} or None, got {seat!r}")

    record = deal.to_dict()
    replay = Deal.from_dict({**record, "actions": []})
    frames = [_snapshot(replay, seat, False)]
    actions = []
    stop_data = []
    stop_set = set(stop_list)
    for i, action in enumerate(history):
        mover = replay.to_move
        assert mover is not None
        if i in stop_set:
            stop_data.append(_stop_data(replay, i, action, comments.get(i, "")))
        tricks_before = len(replay.tricks)
        replay.push(action)
        done_trick = len(replay.tricks) > tricks_before
        frames.append(_snapshot(replay, seat, done_trick))
        entry: dict[str, Any] = {
            "seat": mover,
            "kind": _action_kind(action),
            "code": action.code,
            "label": _action_label(action),
            "text": _action_text(rules, mover, action),
        }
        if isinstance(action, (Play, Discard)):
            entry["card"] = action.card.code
        if isinstance(action, Discard) and seat is not None and mover != seat:
            # one seat's view: the declarer's discards stay hidden
            entry.update(code="d:?", label="a card", text=f"{rules.seat_name(mover)} discards a card")
            del entry["card"]
        if done_trick:
            trick = replay.tricks[-1]
            entry["text"] += f"; trick {len(replay.tricks)} to {rules.seat_name(trick.winner)}"
        if i in comments:
            entry["comment"] = comments[i]
        if i in marks:
            entry["mark"] = marks[i]
        actions.append(entry)
    start_kitty = record.get("kitty", [])
    model: dict[str, Any] = {
        "version": MODEL_VERSION,
        "title": title or f"Five Hundred deal ({rules.preset_name})",
        "rules": rules.to_dict(),
        "players": rules.players,
        "seat_names": list(rules.seat_names),
        "positions": [_POSITIONS.get(name, "top") for name in rules.seat_names],
        "sides": [list(side) for side in rules.sides],
        "side_names": [rules.side_name(i) for i in range(len(rules.sides))],
        "dealer": deal.dealer,
        "viewer": seat,
        "kitty": start_kitty if seat is None else len(start_kitty),
        "actions": actions,
        "frames": frames,
        "stops": stop_data,
        "result": deal.result().summary if deal.is_over else None,
    }
    return model


def judge_stop(stop: Mapping[str, Any], choice: str) -> dict[str, Any]:
    """The verdict for ``choice`` (a card or call code) at a precomputed stop."""
    for option in stop["choices"]:
        if option["code"] == choice:
            return {
                "index": stop["index"],
                "choice": choice,
                "correct": bool(option["correct"]),
                "legal": bool(option["legal"]),
                "feedback": option["feedback"],
                "answer": stop["answer"],
            }
    raise RequestError(f"{choice!r} is not one of the choices at this stop")


def _replay_answer(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    index = _int(request, "index", 0, 10_000)
    choice = _str(request, "choice")
    record = state.get("record")
    if not isinstance(record, dict):
        raise RequestError("this replay has no deal record to judge against")
    model = state["model"]
    stop = next((s for s in model.get("stops", []) if s["index"] == index), None)
    if stop is None:
        raise RequestError(f"there is no stop at step {index}")
    # Judge with the engine from the deal record (not from the front end's copy).
    deal = Deal.from_dict({**record, "actions": record["actions"][:index]})
    played = deal.parse_action(record["actions"][index])
    comment = next((a.get("comment", "") for i, a in enumerate(model.get("actions", [])) if i == index), "")
    verdict = judge_stop(_stop_data(deal, index, played, comment), choice)
    answers = dict(state.get("answers") or {})
    answers[str(index)] = {"choice": choice, "correct": verdict["correct"]}
    return {"reply": {"type": "judged", **verdict}, "update": {"answers": answers}}


def bot_deal(rules: Rules, seed: int) -> Deal:
    """A whole deal played by the heuristic bot (re-dealt until someone bids), for live replays."""
    from ..bots import HeuristicBot

    bot = HeuristicBot()
    for attempt in range(20):
        deal = Deal.new(rules, seed=seed + attempt, dealer=0)
        while not deal.is_over:
            deal.push(bot.choose(deal))
        if deal.contract is not None:
            return deal
    return deal


def _replay_new_deal(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    seed = _int(request, "seed", 0, 2**62)
    old = state.get("model") or {}
    rules = Rules.from_dict(old.get("rules") or {})
    deal = bot_deal(rules, seed)
    viewer = old.get("viewer")
    model = replay_model(deal, seat=viewer, title=f"Bot deal, seed {seed}")
    return {
        "reply": {"type": "deal", "seed": seed, "result": model["result"]},
        "update": {"model": model, "record": deal.to_dict(), "position": 0, "answers": {}},
    }


# ---------------------------------------------------------------- quizzes
# (filled in below once the question generators are available)

_HANDLERS: dict[str, dict[str, Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]]] = {
    "cards": {"set_cards": _cards_set},
    "ladder": {"set_rules": _ladder_set_rules, "explain": _ladder_explain},
    "replay": {"answer": _replay_answer, "new_deal": _replay_new_deal},
}


def _questions() -> Any:
    from .. import questions

    return questions


def _answer_words(question: Mapping[str, Any]) -> str:
    from ..questions.core import _answer_words as words

    return str(words(question))


def _canonical(kind: str, response: Any) -> str:
    """The lookup key the front end computes for a response (quiz.js ``fhtResponseKey``)."""
    if kind == "choice":
        return str(response)
    if kind in ("multi", "cards"):
        return ",".join(sorted(str(r) for r in response))
    if kind == "order":
        return ",".join(str(r) for r in response)
    if kind == "number":
        if isinstance(response, Mapping):
            return ",".join(f"{k}={int(response[k])}" for k in sorted(response))
        return str(int(response))
    raise RequestError(f"unknown question kind {kind!r}")


def quiz_item(question: Mapping[str, Any]) -> dict[str, Any]:
    """A generated question plus precomputed verdicts, so the static book can judge it with no kernel.

    ``verdicts`` maps the front end's response key to ``[correct (0/1), index into feedbacks]``,
    from the engine's ``check``, for every choice (``choice``), every subset of choices
    (``multi``, up to 6 choices) and every pick from the hand (``cards``, up to 300 picks);
    ``right`` and ``wrong`` cover the rest (exact match with ``answer`` is right).
    """
    from itertools import combinations

    check = _questions().check
    item = dict(question)
    kind = item["kind"]
    verdicts: dict[str, list[int]] = {}
    feedbacks: list[str] = []
    seen: dict[str, int] = {}

    def add(response: Any) -> None:
        result = check(question, response)
        text = result["feedback"]
        if text not in seen:
            seen[text] = len(feedbacks)
            feedbacks.append(text)
        verdicts[_canonical(kind, response)] = [int(bool(result["correct"])), seen[text]]

    ids = [c["id"] for c in item.get("choices") or []]
    if kind == "choice":
        for cid in ids:
            add(cid)
    elif kind == "multi" and len(ids) <= 6:
        for mask in range(1, 1 << len(ids)):
            add([cid for bit, cid in enumerate(ids) if mask >> bit & 1])
    elif kind == "cards":
        hand = [c["code"] for c in (item.get("context") or {}).get("hand", [])]
        count = int((item.get("context") or {}).get("count", 0))
        picks = list(combinations(hand, count)) if 0 < count <= len(hand) else []
        if len(picks) <= 300:
            for pick in picks:
                add(list(pick))
    right = check(question, question["answer"]) if kind != "cards" else {"feedback": "Correct!"}
    item["verdicts"] = verdicts
    item["feedbacks"] = feedbacks
    item["right"] = right["feedback"]
    item["wrong"] = f"Not quite. The answer: {_answer_words(question)}."
    item["answer_key"] = _canonical(kind, question["answer"]) if kind != "cards" else None
    return item


def build_bank(
    rules: Rules, topics: Sequence[str], count: int, seed: int, difficulty: int | None = None
) -> list[dict[str, Any]]:
    """``count`` questions cycling through ``topics`` (and their difficulty levels), seeded."""
    q = _questions()
    bank = []
    for i in range(count):
        topic = topics[i % len(topics)]
        levels = sorted(q.TOPICS[topic].difficulties) if difficulty is None else [difficulty]
        level = levels[(i // len(topics)) % len(levels)]
        bank.append(quiz_item(q.generate(topic, rules, seed + i, level)))
    return bank


def quiz_model(
    rules: Rules, topics: Sequence[str], count: int, seed: int, title: str, difficulty: int | None = None
) -> dict[str, Any]:
    q = _questions()
    usable = [t for t in topics if t in q.TOPICS and q.TOPICS[t].unavailable(rules) is None]
    if not usable:
        raise ValueError(f"none of the topics {', '.join(topics)} can be asked under the rules {rules.preset_name!r}")
    if count < 1:
        raise ValueError("a quiz needs at least one question")
    return {
        "version": MODEL_VERSION,
        "title": title,
        "rules": rules.to_dict(),
        "rules_name": rules.preset_name,
        "presets": Rules.preset_names(),
        "topics": usable,
        "difficulty": difficulty,
        "bank": build_bank(rules, usable, count, seed, difficulty),
        "next_seed": seed + count,
    }


def _quiz_answer(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    quiz = state["quiz"]
    bank = quiz["bank"]
    index = _int(request, "index", 0, max(0, len(bank) - 1))
    if "response" not in request:
        raise RequestError("an answer needs a 'response'")
    question = bank[index]
    result = _questions().check(question, request["response"])
    judged = list(state.get("judged") or [])
    judged.append({"index": index, "id": question.get("id"), "response": request["response"], **result})
    return {"reply": {"type": "judged", "index": index, **result}, "update": {"judged": judged}}


def _quiz_new_question(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    quiz = dict(state["quiz"])
    rules = Rules.from_dict(quiz["rules"])
    topics = quiz["topics"]
    topic = request.get("topic") or topics[len(quiz["bank"]) % len(topics)]
    if topic not in topics:
        raise RequestError(f"topic {topic!r} is not in this quiz; its topics are {', '.join(topics)}")
    seed = int(quiz["next_seed"])
    info = _questions().TOPICS[topic]
    level = quiz.get("difficulty") or sorted(info.difficulties)[seed % len(info.difficulties)]
    item = quiz_item(_questions().generate(topic, rules, seed, level))
    quiz["bank"] = [*quiz["bank"], item]
    quiz["next_seed"] = seed + 1
    return {"reply": {"type": "question", "index": len(quiz["bank"]) - 1}, "update": {"quiz": quiz}}


def _quiz_set_rules(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    rules = _rules_from_request(request, "american")
    quiz = state["quiz"]
    model = quiz_model(
        rules, quiz["topics"], len(quiz["bank"]), int(quiz["next_seed"]), quiz["title"], quiz.get("difficulty")
    )
    update: dict[str, Any] = {"quiz": model, "index": 0, "responses": {}}
    if "ladder" in state:
        update["ladder"] = ladder_model(rules)
    return {"reply": {"type": "rules", "rules_name": rules.preset_name}, "update": update}


_QUIZ_HANDLERS = {"answer": _quiz_answer, "new_question": _quiz_new_question, "set_rules": _quiz_set_rules}
_HANDLERS["quiz"] = dict(_QUIZ_HANDLERS)
_HANDLERS["ladder"] = {
    "answer": _quiz_answer,
    "new_question": _quiz_new_question,
    "set_rules": _quiz_set_rules,
    "explain": _ladder_explain,
}
