"""Play problems: the learner plays one seat of a deal, the solver answers for the others.

A live interaction, answered the same in every host (the kernel, the live book's Web Worker, a
notebook): the problem widget's requests (:data:`HANDLERS`: play, takeback, hint, restart) call the
plain-data functions below::

    state = start({"library": "10-ending-name-the-suit"})
    reply = respond(state, "JK:S")      # verdict, annotation, the other seats' answers
    state = reply["state"]

A problem is a deal record (a library name, or a record as JSON data) with the
learner's ``seat`` and the action index where the problem ``start``s (by
default the record's first "your turn" stop, and the record's seat).  From
there the learner plays every card of that seat; the other seats answer with
the solver (best play for their side; among equal cards, the one the record
played if it is among them, else the first).

After each card the reply gives a verdict — ``"best"`` (keeps the best figure
the learner's side can reach) or ``"mistake"`` (costs tricks) — and a sentence.

Declarer problems (``rearrange``, on by default when the learner is on the
declaring side of a suit or no-trump contract with 3 or 4 players): before the
defenders answer, their unseen cards may be rearranged — keeping every card
already played and every void already shown — so that a line that only works
on the actual layout fails, as Bridge Master does.  The search tries up to
``max_layouts`` layouts (solved double dummy) and keeps the first that beats
the learner's line; the reply says so.

For the book (no kernel), :func:`precompute` walks the recorded line and stores,
at each of the learner's turns, the verdict of every legal card.
"""

from __future__ import annotations

import copy
from typing import Any

from ..actions import Play
from ..deal import DONE, PLAY, Deal, IllegalAction
from ..errors import FiveHundredError
from ..explain import action_label, call_label, line_intro, play_label, play_principle, play_verdict
from ..i18n import gettext as _
from ..records import DealRecord, RecordError, load_library_record
from ..rng import Random, derive_seed
from ..rules import NO_SUIT
from ..solver import Solver, maximises
from .fields import Handler

__all__ = ["HANDLERS", "ProblemError", "hint", "precompute", "principle", "respond", "start", "takeback"]


class ProblemError(FiveHundredError, ValueError):
    """A problem or state that cannot be used; the message says why."""


def _label(action: Any) -> str:
    """A card played, in card notation and the reader's language: "J♦", "Joker (as ♠)"."""
    return play_label(action) if isinstance(action, Play) else action_label(action)


def _either(cards: list[str]) -> str:
    """ "J♦", "J♦ or A♥", "J♦ or A♥ or K♥"."""
    text = cards[0]
    for card in cards[1:]:
        # Translators: alternatives among cards (card notation), "J♦ or A♥"
        text = _("{first} or {second}").format(first=text, second=card)
    return text


# ------------------------------------------------------------------ loading
def _record(problem: dict[str, Any]) -> DealRecord:
    if not isinstance(problem, dict):
        raise ProblemError(f"a problem is an object like {{'library': NAME}}, not {type(problem).__name__}")
    if "library" in problem:
        try:
            return load_library_record(str(problem["library"]), annotated=False)
        except RecordError as err:
            raise ProblemError(str(err)) from None
    if "record" in problem:
        try:
            return DealRecord.from_dict(problem["record"])
        except RecordError as err:
            raise ProblemError(f"the problem's record: {err}") from None
    raise ProblemError("a problem needs 'library' (a library deal name) or 'record' (a deal record)")


def _settings(problem: dict[str, Any], record: DealRecord) -> tuple[int, int, bool]:
    start_at = problem.get("start")
    if start_at is None:
        start_at = min(record.stops) if record.stops else _first_play(record)
    if not isinstance(start_at, int) or not 0 <= start_at < len(record.actions):
        raise ProblemError(f"'start' must be an action index from 0 to {len(record.actions) - 1}")
    deal = record.to_deal(start_at)
    if deal.phase != PLAY:
        raise ProblemError(f"the problem must start in the play, but action {start_at} is in the {deal.phase}")
    seat = problem.get("seat", record.seat if record.seat is not None else deal.to_move)
    if not isinstance(seat, int) or seat not in deal.active:
        raise ProblemError(f"'seat' must be one of the seats in play: {list(deal.active)}")
    assert deal.contract is not None
    default_rearrange = (
        _on_declaring_side(deal, seat)
        and not deal.contract.is_misere
        and deal.rules.players in (3, 4)
        and len(_defenders(deal)) == 2
    )
    rearrange = bool(problem.get("rearrange", default_rearrange))
    return start_at, seat, rearrange


def _first_play(record: DealRecord) -> int:
    deal = record.start_deal()
    for i, code in enumerate(record.actions):
        if deal.phase == PLAY:
            return i
        deal.push(code)
    raise ProblemError("the record has no play to start from")


def _on_declaring_side(deal: Deal, seat: int) -> bool:
    assert deal.declarer is not None
    return deal.rules.side_of(seat) == deal.rules.side_of(deal.declarer)


def _defenders(deal: Deal) -> list[int]:
    return [s for s in deal.active if not _on_declaring_side(deal, s)]


# -------------------------------------------------------------------- state
def _deal_of(state: dict[str, Any]) -> Deal:
    try:
        record = DealRecord.from_dict(state["record"])
        deal = record.to_deal(state["start"])
        for code in state["played"]:
            deal.push(code)
    except (KeyError, TypeError, RecordError, IllegalAction) as err:
        raise ProblemError(f"this problem state is damaged: {err}") from None
    return deal


def _view(deal: Deal, seat: int) -> dict[str, Any]:
    seen = deal.view(seat)
    return {
        "seat": seat,
        "seat_name": deal.rules.local_seat_name(seat),
        "contract": seen["contract"],
        "contract_label": "" if deal.contract is None else call_label(deal.contract),
        "declarer": seen["declarer"],
        "hand": seen["hands"][seat],  # display order: trumps first once there is a contract
        "left_bower": seen.get("left_bower"),
        "exposed": {s: [c.code for c in deal.hands[s]] for s in seen["exposed"] if s != seat},
        "trick": [[s, code] for s, code, _src in seen["trick"]],
        "tricks_won": seen["tricks_won"],
        "declarer_tricks": seen["declarer_tricks"],
        "to_move": seen["to_move"],
    }


def _advance(deal: Deal, seat: int, solver: Solver, recorded: list[str], words: list[str] | None = None) -> list[str]:
    """Let the other seats play (solver's best) until the learner's turn or the end
    (``words`` gets each play in card notation: "East 8♠", "West leads 10♠", and who won each
    trick that a play completes: "West J♦ (West wins the trick)")."""
    played: list[str] = []
    while deal.phase == PLAY and deal.to_move != seat:
        values = solver.analyse(deal)
        mover = deal.to_move
        assert mover is not None
        maximise = maximises(deal, mover)
        target = max(values.values()) if maximise else min(values.values())
        best = [a for a, v in values.items() if v == target]
        index = len(deal.history)
        pick = best[0]
        if index < len(recorded):
            for a in best:
                if a.code == recorded[index]:
                    pick = a
        leads = not deal.trick
        tricks = len(deal.tricks)
        deal.push(pick)
        played.append(pick.code)
        if words is not None:
            who = deal.rules.local_seat_name(mover)
            card = _label(pick)
            if len(deal.tricks) > tricks:
                winner = deal.rules.local_seat_name(deal.tricks[-1].winner)
                # Translators: a seat's card that ends a trick, and the trick's winner: "West J♦ (West wins the trick)"
                text = (
                    _("{seat} leads {card} ({winner} wins the trick)")
                    if leads
                    else _("{seat} {card} ({winner} wins the trick)")
                ).format(seat=who, card=card, winner=winner)
            else:
                # Translators: a seat's card (card notation): "West leads 10♠", "East 8♠"
                text = (_("{seat} leads {card}") if leads else _("{seat} {card}")).format(seat=who, card=card)
            words.append(text)
    return played


def _summary(deal: Deal) -> str | None:
    return deal.result().summary if deal.phase == DONE else None


def start(problem: dict[str, Any]) -> dict[str, Any]:
    """The state at the start of ``problem``: the learner's view, legal actions, the target."""
    record = _record(problem)
    start_at, seat, rearrange = _settings(problem, record)
    # The state keeps the record only up to the start: the learner's own line follows in "played".
    clean = copy.deepcopy(record)
    clean.actions = record.actions[:start_at]
    clean.annotations = {}
    clean.comments = {i: t for i, t in record.comments.items() if i < start_at}
    clean.marks = {i: m for i, m in record.marks.items() if i < start_at}
    clean.stops = {}
    deal = record.to_deal(start_at)
    solver = Solver()
    played = _advance(deal, seat, solver, record.actions)
    target = solver.solve(deal) if deal.phase == PLAY else deal.declarer_tricks
    state: dict[str, Any] = {
        "problem": {k: v for k, v in problem.items() if k != "record"},
        "record": clean.to_dict(),
        "start": start_at,
        "seat": seat,
        "rearrange": rearrange,
        "target": target,
        "maximise": maximises(deal, seat),
        "played": played,
        "recorded": record.actions,
        "title": record.title,
        "intro": record.intro,
        "prompt": record.stops.get(start_at),
        "stops": {str(i): t for i, t in record.stops.items() if i >= start_at},
        "undo": [],
    }
    return _finish(state, deal)


def _finish(state: dict[str, Any], deal: Deal) -> dict[str, Any]:
    seat = state["seat"]
    state["status"] = "done" if deal.phase != PLAY else "your-turn"
    state["legal"] = [a.code for a in deal.legal_actions()] if state["status"] == "your-turn" else []
    state["view"] = _view(deal, seat)
    state["result"] = _summary(deal)
    index = len(deal.history)
    on_line = [a.code for a in deal.history] == list(state["recorded"][:index])
    # The written question of the record's stop, while the learner follows the recorded line.
    state["prompt"] = (state.get("stops") or {}).get(str(index)) if on_line else None
    return state


# ------------------------------------------------------- lines, takeback, hints
_UNDO_KEEP = 12
_LINE_TRICKS = 2


def _line(deal: Deal, action: Any, solver: Solver) -> list[str]:
    """The best play for every seat after ``action`` (the learner's card), to the end of
    the next trick: each trick in words, who played what and who won (card notation)."""
    trial = deal.copy()
    name = trial.rules.local_seat_name
    out: list[str] = []
    plays: list[str] = []
    first = True
    while trial.phase == PLAY and len(out) < _LINE_TRICKS:
        mover = trial.to_move
        assert mover is not None
        if first:
            pick = action
            first = False
        else:
            values = solver.analyse(trial)
            target = max(values.values()) if maximises(trial, mover) else min(values.values())
            pick = next(a for a, v in values.items() if v == target)
        tricks = len(trial.tricks)
        trial.push(pick)
        plays.append(_("{seat} {card}").format(seat=name(mover), card=_label(pick)))
        if len(trial.tricks) > tricks:
            # Translators: a trick's cards ("North J♦, East 8♠, …") and who won it
            out.append(_("{plays}: {seat} wins").format(plays=", ".join(plays), seat=name(trial.tricks[-1].winner)))
            plays = []
    if plays:
        out.append(", ".join(plays))
    return out


def takeback(state: dict[str, Any]) -> dict[str, Any]:
    """The state before the learner's last card (and the other seats' answers to it)."""
    if not isinstance(state, dict) or state.get("status") not in ("your-turn", "done"):
        raise ProblemError("takeback needs a state returned by start() or respond()")
    undo = list(state.get("undo") or [])
    if not undo:
        raise ProblemError("there is no card of yours to take back")
    last = undo.pop()
    new_state = dict(state)
    new_state["played"] = list(state["played"][: int(last["played"])])
    if last.get("record"):
        new_state["record"] = last["record"]
    new_state["undo"] = undo
    return _finish(new_state, _deal_of(new_state))


def principle(deal: Deal, seat: int) -> str:
    """A principle for the position, from what ``seat`` sees (its hand, the trick, the contract)."""
    assert deal.contract is not None and deal.declarer is not None
    trick = deal.trick_cards()
    winning = None
    if trick:
        at = deal.rules.trick_winner(trick, deal.contract, deal.trick_joker_suit, deal.joker_fixed)
        winning = (deal.trick[at][0], trick[at])
    plays = [a for a in deal.legal_actions() if isinstance(a, Play)]
    names_suit = any(a.joker_suit is not None for a in plays)
    can_win = winning is None or any(
        deal.rules.trick_winner([*trick, a.card], deal.contract, deal.trick_joker_suit, deal.joker_fixed) == len(trick)
        for a in plays
    )
    return play_principle(
        deal.rules, deal.contract, seat, deal.declarer, winning, joker_names_suit=names_suit, can_win=can_win
    )


def _hint_answer(best: list[Any]) -> str:
    # Translators: the card(s) that keep the best result, card notation: "Play J♦ or A♥."
    return _("Play {cards}.").format(cards=_either([_label(a) for a in best[:3]]))


def hint(state: dict[str, Any]) -> dict[str, Any]:
    """``{"principle", "answer"}`` for the learner's turn: the principle reads only what the seat
    sees; the answer names the card(s) that keep the best result (no hidden hand is shown)."""
    if not isinstance(state, dict) or state.get("status") != "your-turn":
        raise ProblemError("a hint needs a problem waiting for your card")
    deal = _deal_of(state)
    seat = state["seat"]
    values = Solver().analyse(deal)
    target = max(values.values()) if state["maximise"] else min(values.values())
    best = [a for a, v in values.items() if v == target]
    return {"principle": principle(deal, seat), "answer": _hint_answer(best)}


# ------------------------------------------------------------ rearranging
def _void_mask(deal: Deal, seat: int) -> int:
    return deal.voids[seat]


def _layouts(deal: Deal, rng: Random, limit: int) -> list[dict[int, list[str]]]:
    """Other deals of the defenders' remaining cards, consistent with the voids they have shown."""
    defenders = _defenders(deal)
    a, b = defenders
    pool = [c for s in defenders for c in deal.hands[s]]
    size_a = len(deal.hands[a])
    table = deal.rules.table(deal.contract, deal.joker_fixed)

    def fits(seat: int, cards: list[Any]) -> bool:
        voids = _void_mask(deal, seat)
        for card in cards:
            suit = table.suit_of[card.index]
            if suit != NO_SUIT and voids >> suit & 1:
                return False
        return True

    out: list[dict[int, list[str]]] = []
    seen = {tuple(sorted(c.code for c in deal.hands[a]))}
    for _attempt in range(limit * 20):
        if len(out) >= limit:
            break
        cards = list(pool)
        rng.shuffle(cards)
        hand_a, hand_b = cards[:size_a], cards[size_a:]
        key = tuple(sorted(c.code for c in hand_a))
        if key in seen or not fits(a, hand_a) or not fits(b, hand_b):
            continue
        seen.add(key)
        out.append({a: [c.code for c in hand_a], b: [c.code for c in hand_b]})
    return out


def _with_layout(state: dict[str, Any], deal: Deal, layout: dict[int, list[str]]) -> dict[str, Any]:
    """The state's record with the defenders' start hands changed so that they now hold ``layout``."""
    record = DealRecord.from_dict(state["record"])
    start_deal = record.start_deal()
    kept_in_hand = {s: {c.code for c in deal.hands[s]} for s in layout}
    new_hands = [list(h) for h in record.hands]
    for s, cards in layout.items():
        # The seat's start hand = its cards already played (or discarded) + the new remaining cards.
        gone = [c for c in new_hands[s] if c not in kept_in_hand[s]]
        new_hands[s] = gone + cards
    record.hands = new_hands
    del start_deal
    record.validate()
    return record.to_dict()


def respond(state: dict[str, Any], action_code: str, *, max_layouts: int = 24) -> dict[str, Any]:
    """Play the learner's ``action_code``; judge it; let the other seats answer.

    Returns ``{"verdict", "annotation", "reason", "cost", "best", "replies", "rearranged", "state"}``
    (``reason``: the annotation without the better card, for a first miss);
    an illegal action gives ``verdict == "illegal"`` with the engine's reason and the
    state unchanged.
    """
    if not isinstance(state, dict) or state.get("status") not in ("your-turn", "done"):
        raise ProblemError("respond() needs a state returned by start() or a previous respond()")
    if state["status"] == "done":
        return {"verdict": "over", "annotation": _("The problem is finished."), "state": state, "replies": []}
    deal = _deal_of(state)
    seat = state["seat"]
    rules = deal.rules
    try:
        action = deal.parse_action(str(action_code))
        if action not in deal.legal_actions():
            deal.push(action)  # raises with the engine's reason
    except IllegalAction as err:
        return {"verdict": "illegal", "annotation": str(err), "state": state, "replies": [], "cost": 0}
    solver = Solver()
    values = solver.analyse(deal)
    maximise = state["maximise"]
    best_value = max(values.values()) if maximise else min(values.values())
    after = values[action]
    cost = abs(best_value - after)
    best = [a for a, v in values.items() if v == best_value]
    line = _line(deal, action, solver) if cost else []
    deal.push(action)
    new_state = dict(state)
    new_state["played"] = [*state["played"], action.code]
    undo = {"played": len(state["played"]), "record": None}
    rearranged = False
    if state["rearrange"] and deal.phase == PLAY and after >= state["target"]:
        # Bridge Master: look for a layout of the defenders' unseen cards that beats this line.
        rng = Random(derive_seed("problem-layout", *new_state["played"]))
        for layout in _layouts(deal, rng, max_layouts):
            candidate = dict(new_state)
            candidate["record"] = _with_layout(new_state, deal, layout)
            trial = _deal_of(candidate)
            trial_value = solver.solve(trial)
            if trial_value < state["target"]:
                before = _deal_of({**candidate, "played": state["played"]})
                if solver.solve(before) >= state["target"]:
                    # The right play would still have worked on this layout: the learner's did not.
                    undo["record"] = state["record"]
                    new_state, deal, after, rearranged = candidate, trial, trial_value, True
                    cost = max(cost, state["target"] - trial_value)
                    line = _line(_deal_of({**candidate, "played": state["played"]}), action, solver)
                    break
    then: list[str] = []
    replies = _advance(deal, seat, solver, state["recorded"], then)
    new_state["played"] = [*new_state["played"], *replies]
    new_state["undo"] = [*(state.get("undo") or []), undo][-_UNDO_KEEP:]
    _finish(new_state, deal)
    words = _verdict_words(deal, action, cost, best, after, state, rearranged)
    return {
        "verdict": "best" if cost == 0 else "mistake",
        "annotation": words,
        # the verdict without the better card: what a first miss shows (the answer held back, as quizzes do)
        "reason": _verdict_words(deal, action, cost, best, after, state, rearranged, name_better=False),
        "card": _label(action),
        "line": line,
        "line_intro": line_intro(rules, seat) if line else "",
        "cost": cost,
        "best": [a.code for a in best],
        "best_words": [_label(a) for a in best],
        "value": after,
        "replies": replies,
        "answered_with": then,
        "rearranged": rearranged,
        "state": new_state,
    }


def _verdict_words(
    deal: Deal,
    action: Any,
    cost: int,
    best: list[Any],
    after: int,
    state: dict[str, Any],
    moved: bool,
    *,
    name_better: bool = True,
) -> str:
    """The verdict on the learner's card in words (:func:`~fivehundred_tutor.explain.play_verdict`)."""
    assert deal.contract is not None and deal.declarer is not None
    # every trick of the deal: those played, and those the cards still out (hands, the trick) make
    total = len(deal.tricks) + (sum(len(h) for h in deal.hands) + len(deal.trick)) // deal.rules.players
    return play_verdict(
        deal.rules,
        deal.contract,
        deal.declarer,
        state.get("seat"),
        _label(action),
        [_label(a) for a in best],
        cost=cost,
        after=after,
        target=int(state["target"]),
        total=total,
        moved=moved,
        name_better=name_better,
    )


# ---------------------------------------------------------------- the book
def precompute(problem: dict[str, Any]) -> dict[str, Any]:
    """Plain data for a kernel-less page: at each of the learner's turns along the recorded
    line, every legal action with its verdict and sentence (no rearranging)."""
    record = _record(problem)
    start_at, seat, _rearrange = _settings(problem, record)
    deal = record.to_deal(start_at)
    solver = Solver()
    steps: list[dict[str, Any]] = []
    maximise = maximises(deal, seat)
    target = solver.solve(deal)
    for index in range(start_at, len(record.actions)):
        if deal.phase != PLAY:
            break
        if deal.to_move == seat:
            values = solver.analyse(deal)
            best_value = max(values.values()) if maximise else min(values.values())
            best = [a for a, v in values.items() if v == best_value]
            choices = {}
            for a, v in values.items():
                cost = abs(best_value - v)
                choices[a.code] = {
                    "verdict": "best" if cost == 0 else "mistake",
                    "cost": cost,
                    "value": v,
                    "card": _label(a),
                    "annotation": _verdict_words(deal, a, cost, best, v, {"target": best_value, "seat": seat}, False),
                    "reason": _verdict_words(
                        deal, a, cost, best, v, {"target": best_value, "seat": seat}, False, name_better=False
                    ),
                    "line": _line(deal, a, solver) if cost else [],
                    "line_intro": line_intro(deal.rules, seat) if cost else "",
                }
            steps.append(
                {
                    "index": index,
                    "view": _view(deal, seat),
                    "played": record.actions[index],
                    "played_words": _label(deal.parse_action(record.actions[index])),
                    "prompt": record.stops.get(index),
                    "hint": {"principle": principle(deal, seat), "answer": _hint_answer(best)},
                    "best": [a.code for a in best],
                    "choices": choices,
                }
            )
        deal.push(record.actions[index])
    return {
        "title": record.title,
        "intro": record.intro,
        "seat": seat,
        "start": start_at,
        "target": target,
        "steps": steps,
        "result": deal.result().summary if deal.phase == DONE else None,
    }


# ------------------------------------------------------------- the requests
def _play(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """``{"type": "play", "code": "JD"}`` → the solver's verdict and the problem's new state."""
    code = request.get("code")
    if not isinstance(code, str) or not code:
        raise ProblemError("a 'play' request needs 'code', the action code of a legal card")
    result = respond(state.get("state") or {}, code)
    reply = {k: v for k, v in result.items() if k != "state"}
    new = result["state"]
    reply.update({"type": "verdict", "view": new["view"], "legal": new["legal"], "status": new["status"]})
    reply["result"] = new["result"]
    reply["prompt"] = new["prompt"]
    return {"reply": reply, "update": {"state": new}}


def _restart(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """``{"type": "restart"}`` → a fresh start of the same problem."""
    spec = state.get("problem") or (state.get("state") or {}).get("problem")
    if not spec:
        raise ProblemError("restart needs the problem ('problem' in the widget state)")
    fresh = start(spec)
    reply = {"type": "restarted", "view": fresh["view"], "legal": fresh["legal"], "prompt": fresh["prompt"]}
    return {"reply": reply, "update": {"state": fresh}}


def _takeback(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """``{"type": "takeback"}`` → the problem as it was before the learner's last card."""
    back = takeback(state.get("state") or {})
    reply = {"type": "taken-back", "view": back["view"], "legal": back["legal"], "status": back["status"]}
    reply["prompt"] = back["prompt"]
    return {"reply": reply, "update": {"state": back}}


def _hint(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """``{"type": "hint"}`` → ``{"principle": …, "answer": …}`` for the learner's turn."""
    return {"reply": {"type": "hint", **hint(state.get("state") or {})}}


HANDLERS: dict[str, Handler] = {"play": _play, "restart": _restart, "takeback": _takeback, "hint": _hint}
