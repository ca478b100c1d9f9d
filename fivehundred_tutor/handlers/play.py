"""Play a whole deal against the bots: the learner holds one seat, :class:`~fivehundred_tutor.bots.HeuristicBot` the others.

Plain data in, plain data out (standard library only), so the same functions
answer the :class:`~fivehundred_tutor.widgets.play.PlayDeal` widget from the
JupyterLab kernel and from the engine running under Pyodide in the reader's
browser::

    state = start(Rules(), seed=7, seat=0)        # the bots act until it is the learner's turn
    state["view"]["legal"]                        # [{"code": "pass", "label": "Pass"}, ...]
    out = handle("play", {"type": "act", "code": "pass"}, {"state": state})
    out["update"]["state"]["view"]["phase"]
    handle("play", {"type": "review"}, ...)       # once the deal is over: the learner's cards,
                                                  # checked by the double-dummy solver
    handle("play", {"type": "hint"}, ...)         # the strong bot's choice for the learner, in words
    handle("play", {"type": "level", "level": "strong"}, ...)  # the bots: "easy" (rules of thumb)
                                                  # or "strong" (sampling; the state keeps "level")
    handle("play", {"type": "judge", "on": True}, ...)  # from now on the state's "verdicts": each of
                                                  # the learner's calls by the book's bidding standard

>>> from fivehundred_tutor import Rules
>>> s = start(Rules(), seed=7, seat=0)
>>> s["view"]["to_move"] == 0 or s["view"]["over"]
True
"""

from __future__ import annotations

from typing import Any, get_args

from ..actions import CallPartner, Discard, Play
from ..analysis.duplicate import DuplicateBot
from ..analysis.sampling_bot import SamplingBot
from ..bids import Bid
from ..bots import Bot, HeuristicBot
from ..deal import Deal, Phase
from ..explain import action_text, call_label, joker_play_words, play_label
from ..i18n import gettext as _
from ..rules import Rules
from .fields import Handler, RequestError, widget_state
from .models import BotLevel
from .partner_call import partner_view
from .play_hints import action_label, hint
from .play_review import review
from .play_verdicts import call_verdicts

__all__ = ["DUPLICATE", "HANDLERS", "LEVELS", "call_verdicts", "hint", "review", "start", "view"]


LEVELS: tuple[BotLevel, ...] = get_args(BotLevel)  # the bots: rules of thumb, or sampling
#: a play test's bots (handlers.playtest): the strong bots, choosing the same cards in every host
DUPLICATE = "duplicate"


def _bot(level: str, seed: int) -> Bot:
    if level == "strong":
        return SamplingBot(seed=seed)
    if level == DUPLICATE:
        return DuplicateBot(seed)
    return HeuristicBot()


def _level(value: object) -> str:
    if value not in (*LEVELS, DUPLICATE):
        raise RequestError(f"'level' must be one of {', '.join(LEVELS)}, got {value!r}")
    return str(value)


def _played_words(seat: str, action: Play) -> str:
    """'West plays 8♠'; the joker by its own message (a language may need it as the verb's object)."""
    if action.card.is_joker and action.source is None:
        return joker_play_words(seat, action.joker_suit)
    return _("{seat} plays {card}").format(seat=seat, card=play_label(action))


def _step(deal: Deal, mover: int, action: Any, tricks_before: int, seat: int) -> dict[str, Any] | None:
    """One card on the table, for the widget to show the bots' cards one at a time: who played
    what, the trick as it stands after it, the winner once the trick is complete, and the tricks
    taken so far (so the counts change with the card that wins a trick, not before it is seen);
    with 5 players, the partner as the learner at ``seat`` knows it after this card (it shows with
    the called card, not before)."""
    if not isinstance(action, Play):
        return None
    done = len(deal.tricks) > tricks_before
    plays = deal.tricks[-1].plays if done else deal.trick
    step: dict[str, Any] = {
        "seat": mover,
        "card": action.card.code,
        "words": _played_words(deal.rules.local_seat_name(mover), action) + _reveal_words(deal, mover, action, seat),
        "trick": [[s, c.code] for s, c, _src in plays],
        "winner": deal.tricks[-1].winner if done else None,
        "tricks_won": list(deal.tricks_won),
        "side_tricks": [deal.side_tricks(i) for i in range(len(deal.rules.sides))],
    }
    if deal.rules.calls_partner:  # the partner as the learner knows it after this card, and in words
        known = partner_view(deal, seat)
        step.update({key: known[key] for key in ("partner", "partner_words", "declaring_known")})
    return step


def _reveal_words(deal: Deal, mover: int, action: Play, seat: int) -> str:
    """With 5 players, what the called card tells everyone as it is played (to the learner at ``seat``)."""
    if deal.called_card is None or action.card is not deal.called_card or deal.declarer is None:
        return ""
    rules = deal.rules
    declarer = rules.local_seat_name(deal.declarer)
    if mover == seat:
        if deal.declarer == seat:
            return _(": the called card, so you are your partner")
        return _(": the called card, so you are {declarer}'s partner").format(declarer=declarer)
    if deal.declarer == seat:
        return _(": the called card, so {seat} is your partner").format(seat=rules.local_seat_name(mover))
    # Translators: {declarer} is the seat of the declarer who called the card
    return _(": the called card, so {seat} is {declarer}'s partner").format(
        seat=rules.local_seat_name(mover), declarer=declarer
    )


def _bots_move(
    deal: Deal, seat: int, log: list[str], level: str = "easy", seed: int = 0, steps: list[dict[str, Any]] | None = None
) -> None:
    bot = _bot(level, seed)
    while not deal.is_over and deal.to_move != seat:
        mover = deal.to_move
        assert mover is not None
        action = bot.choose(deal)
        before = len(deal.tricks)
        deal.push(action)
        text = _log_text(deal, mover, action, seat)
        if steps is not None and (step := _step(deal, mover, action, before, seat)) is not None:
            steps.append(step)
        log.append(_with_trick(deal, text, before))


def _with_trick(deal: Deal, text: str, tricks_before: int) -> str:
    """A log line, with who took the trick when this card completed it."""
    if len(deal.tricks) == tricks_before:
        return text
    # Translators: a line of the deal's story, then who took the trick it completed ("…; trick 3 to North")
    return _("{text}; trick {number} to {seat}").format(
        text=text, number=len(deal.tricks), seat=deal.rules.local_seat_name(deal.tricks[-1].winner)
    )


def _log_text(deal: Deal, mover: int, action: Any, seat: int) -> str:
    """An action in the story of the deal, as the learner at ``seat`` may read it (a bot's discards
    are face down; the called partner shows only with the called card)."""
    rules = deal.rules
    name = rules.local_seat_name(mover)
    you = mover == seat
    if isinstance(action, Discard) and not you:
        return _("{seat} discards a card").format(seat=name)
    if isinstance(action, CallPartner):
        if you:
            return _("You call the {card}: whoever holds it is your partner for this deal").format(
                card=action.card.short_name
            )
        if deal.partner == seat:
            return _(
                "{seat} calls the {card}: whoever holds it is {seat}'s partner for this deal"
                " (you hold it: you are the partner)"
            ).format(seat=name, card=action.card.short_name)
        return _("{seat} calls the {card}: whoever holds it is {seat}'s partner for this deal").format(
            seat=name, card=action.card.short_name
        )
    text = action_text(rules, mover, action, you=you)
    if isinstance(action, Play):
        text += _reveal_words(deal, mover, action, seat)
    return text


def view(deal: Deal, seat: int) -> dict[str, Any]:
    """What the learner at ``seat`` sees (:meth:`Deal.view`: other hands as counts), and what they may do."""
    rules = deal.rules
    seen = deal.view(seat)
    legal: list[dict[str, Any]] = []
    if not deal.is_over and deal.to_move == seat:
        for action in deal.legal_actions():
            entry: dict[str, Any] = {"code": action.code, "label": action_label(action)}
            if isinstance(action, Bid):
                entry["words"] = action.words
            plain_card = (
                isinstance(action, Play) and action.joker_suit is None and action.source in (None, "hand")
            ) or (isinstance(action, Discard))
            if plain_card:
                entry["card"] = action.card.code  # type: ignore[union-attr]
            if isinstance(action, CallPartner):
                entry["call"] = action.card.code  # a card to call, drawn in the partner call's picker
            legal.append(entry)
    last = seen["last_trick"] if not deal.trick else None
    out: dict[str, Any] = {
        "seat": seat,
        "seat_names": [rules.local_seat_name(i) for i in range(rules.players)],
        "side_names": [rules.local_side_name(i) for i in range(len(rules.sides))],
        "dealer": deal.dealer,
        "phase": seen["phase"],
        "to_move": deal.to_move,
        "hands": seen["hands"],
        "auction": [{"seat": who, "call": call.code, "label": call_label(call)} for who, call in deal.auction],
        "contract": None if deal.contract is None else str(deal.contract),
        "declarer": deal.declarer,
        "kitty": len(deal.kitty),
        # while the learner discards: which cards of their hand came from the kitty
        "from_kitty": [] if deal.is_calling else list(seen.get("kitty_in_hand") or []),
        # while the learner discards: how many cards they have still to put down
        "to_discard": max(0, len(deal.hands[seat]) - rules.hand_size)
        if deal.phase is Phase.KITTY and deal.to_move == seat
        else 0,
        "discard_total": rules.kitty_size,  # how many the declarer puts down in all
        "left_bower": seen["left_bower"],
        "trick": [[s, code] for s, code, _src in seen["trick"]],
        "last_trick": None
        if last is None
        else {"plays": [[s, c] for s, c, _ in last["plays"]], "winner": last["winner"]},
        "tricks_won": seen["tricks_won"],
        "side": rules.side_of(seat),  # the learner's side (an index into side_names)
        "legal": legal,
        "over": deal.is_over,
        "result": None,
    }
    if seen["side_tricks"] is not None and not rules.calls_partner:
        out["side_tricks"] = seen["side_tricks"]
    if rules.calls_partner:
        out.update(partner_view(deal, seat))
    if deal.is_over:
        result = deal.result()
        out["result"] = {
            "summary": result.summary,
            "scores": list(result.scores),
            "made": result.made,
            "thrown_in": result.thrown_in,
        }
    return out


def _state(
    deal: Deal,
    seat: int,
    seed: int,
    log: list[str],
    level: str = "easy",
    hinted: dict[str, str] | None = None,
    judge: bool = False,
) -> dict[str, Any]:
    return {
        "deal": deal.to_dict(),
        "seat": seat,
        "seed": seed,
        "level": level,
        "log": log,  # the whole story of the deal (about 60 lines at most), auction and discards included
        "view": view(deal, seat),
        # the hints given: the number of actions in the deal when one was asked → the action it named
        # (Check my play says when a costly card was the hint's; only words depend on it)
        "hinted": dict(hinted or {}),
        # asked for (Judge my calls): a verdict on each of the learner's calls by the book's bidding standard
        "judge": judge,
        "verdicts": call_verdicts(deal, seat) if judge else [],
    }


def _hinted(state: dict[str, Any]) -> dict[str, str]:
    """The state's hints given, keeping only well-formed entries (it comes back from the page)."""
    raw = state.get("hinted")
    if not isinstance(raw, dict):
        return {}
    kept = {k: v for k, v in raw.items() if isinstance(k, str) and k.isdigit() and isinstance(v, str) and len(v) < 16}
    return dict(list(kept.items())[:200])


def start(
    rules: Rules, seed: int, seat: int = 0, dealer: int | None = None, level: str = "easy", judge: bool = False
) -> dict[str, Any]:
    """A fresh deal (seeded); the bots (``level`` "easy" or "strong") act until the learner's first turn;
    ``judge``: each of the learner's calls gets a verdict by the book's bidding standard (the state's "verdicts")."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise RequestError(f"seat must be 0–{rules.players - 1}, got {seat!r}")
    level = _level(level)
    deal = Deal.new(rules, seed=seed, dealer=(seed % rules.players) if dealer is None else dealer)
    log = [
        _("{dealer} deals. You are {seat}.").format(
            dealer=rules.local_seat_name(deal.dealer), seat=rules.local_seat_name(seat)
        )
    ]
    _bots_move(deal, seat, log, level, seed)
    return _state(deal, seat, seed, log, level, judge=judge)


def _act(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    code = request.get("code")
    if not isinstance(code, str) or not code:
        raise RequestError(
            "an 'act' request needs 'code', the code of one of your legal actions (e.g. 'pass', '7H', 'JD')"
        )
    deal = Deal.from_dict(state["deal"])
    seat = int(state["seat"])
    if deal.is_over:
        raise RequestError("the deal is over: ask for a new deal")
    if deal.to_move != seat:
        raise RequestError(f"it is {deal.rules.seat_name(deal.to_move or 0)}'s turn, not yours")
    legal = {a.code: a for a in deal.legal_actions()}
    if code not in legal:
        allowed = ", ".join(action_label(a) for a in legal.values())
        raise RequestError(f"that cannot be played now; you may: {allowed}")
    log = list(state.get("log") or [])
    first = len(log)
    action = legal[code]
    before = len(deal.tricks)
    deal.push(action)
    steps: list[dict[str, Any]] = []
    if (own := _step(deal, seat, action, before, seat)) is not None:
        steps.append(own)
    log.append(_with_trick(deal, _log_text(deal, seat, action, seat), before))
    level = _level(state.get("level", "easy"))
    seed = int(state.get("seed", 0))
    _bots_move(deal, seat, log, level, seed, steps)
    new = _state(deal, seat, seed, log, level, _hinted(state), state.get("judge") is True)
    return {
        "reply": {
            "type": "moved",
            "log": log[first:],
            "steps": steps,
            "over": deal.is_over,
            "result": new["view"]["result"],
        },
        "update": {"state": new},
    }


def _review(state: dict[str, Any]) -> dict[str, Any]:
    deal = Deal.from_dict(state["deal"])
    return {"reply": review(deal, int(state["seat"]), hinted=_hinted(state)), "update": {}}


def _new_deal(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    seed = request.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62:
        raise RequestError(f"'seed' must be a whole number from 0, got {seed!r}")
    old = state.get("deal") or {}
    rules = Rules.from_dict(old.get("rules") or {})
    level = _level(request.get("level", state.get("level", "easy")))
    new = start(rules, seed, int(state.get("seat", 0)), level=level, judge=state.get("judge") is True)
    return {"reply": {"type": "deal", "seed": seed}, "update": {"state": new}}


def _set_level(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """The bots' level from now on ("easy": rules of thumb; "strong": they weigh many ways the cards could lie)."""
    level = _level(request.get("level"))
    return {"reply": {"type": "level", "level": level}, "update": {"state": {**state, "level": level}}}


def _judge(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """Verdicts on the learner's calls by the book's bidding standard, from now on (``on``: true) or no more."""
    on = request.get("on")
    if not isinstance(on, bool):
        raise RequestError(f"'on' must be true or false, got {on!r}")
    deal = Deal.from_dict(state["deal"])
    verdicts = call_verdicts(deal, int(state["seat"])) if on else []
    return {
        "reply": {"type": "judge", "on": on, "verdicts": verdicts},
        "update": {"state": {**state, "judge": on, "verdicts": verdicts}},
    }


def _hint(state: dict[str, Any]) -> dict[str, Any]:
    deal = Deal.from_dict(state["deal"])
    reply = hint(deal, int(state["seat"]), int(state.get("seed", 0)))
    hinted = {**_hinted(state), str(len(deal.history)): reply["code"]}
    return {"reply": reply, "update": {"state": {**state, "hinted": hinted}}}


def _family_state(state: dict[str, Any]) -> dict[str, Any]:
    inner = widget_state(state, "state", "deal")
    if "deal" not in inner:
        raise RequestError("this widget has no deal in its state")
    return inner


HANDLERS: dict[str, Handler] = {
    "act": lambda request, state: _act(request, _family_state(state)),
    "new_deal": lambda request, state: _new_deal(request, _family_state(state)),
    "review": lambda request, state: _review(_family_state(state)),
    "level": lambda request, state: _set_level(request, _family_state(state)),
    "hint": lambda request, state: _hint(_family_state(state)),
    "judge": lambda request, state: _judge(request, _family_state(state)),
}
