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

>>> from fivehundred_tutor import Rules
>>> s = start(Rules(), seed=7, seat=0)
>>> s["view"]["to_move"] == 0 or s["view"]["over"]
True
"""

from __future__ import annotations

from typing import Any

from ..actions import Discard, NominateJoker, Play
from ..analysis import Knowledge, public_history
from ..analysis.bot import SamplingBot
from ..bids import Bid, Pass
from ..bots import HeuristicBot, estimate_tricks
from ..cards import Card
from ..deal import Deal
from ..explain import action_text
from ..questions.judging import expected_support
from ..rules import Rules
from .fields import Handler, RequestError, widget_state

__all__ = ["HANDLERS", "LEVELS", "hint", "review", "start", "view"]

_LOG_KEEP = 40


def _label(action: object) -> str:
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Bid):
        return f"Bid {action}"
    if isinstance(action, Discard):
        return f"Discard {action.card.name}"
    if isinstance(action, NominateJoker):
        return str(action)
    assert isinstance(action, Play)
    words = action.card.name
    if action.joker_suit is not None:
        words += f", naming {action.joker_suit.word}"
    if action.source is not None:
        words += f" from the {action.source}"
    return f"Play {words}"


def _as_you(name: str, text: str) -> str:
    """ "South plays 8♠" → "You play 8♠" (the learner's own actions in the log)."""
    rest = text[len(name) :] if text.startswith(name) else " " + text
    for third, second in ((" plays", " play"), (" bids", " bid"), (" passes", " pass"), (" discards", " discard")):
        if rest.startswith(third):
            rest = second + rest[len(third) :]
            break
    return "You" + rest


LEVELS = ("easy", "strong")  # the bots: rules of thumb, or looking at many ways the unseen cards could lie


def _bot(level: str, seed: int) -> HeuristicBot | SamplingBot:
    if level == "strong":
        return SamplingBot(seed=seed)
    return HeuristicBot()


def _level(value: object) -> str:
    if value not in LEVELS:
        raise RequestError(f"'level' must be one of {', '.join(LEVELS)}, got {value!r}")
    return str(value)


def _step(deal: Deal, mover: int, action: Any, tricks_before: int) -> dict[str, Any] | None:
    """One card on the table, for the widget to show the bots' cards one at a time: who played
    what, the trick as it stands after it, the winner once the trick is complete, and the tricks
    taken so far (so the counts change with the card that wins a trick, not before it is seen)."""
    if not isinstance(action, Play):
        return None
    done = len(deal.tricks) > tricks_before
    plays = deal.tricks[-1].plays if done else deal.trick
    return {
        "seat": mover,
        "card": action.card.code,
        "words": f"{deal.rules.seat_name(mover)} plays {action}",
        "trick": [[s, c.code] for s, c, _src in plays],
        "winner": deal.tricks[-1].winner if done else None,
        "tricks_won": list(deal.tricks_won),
        "side_tricks": [deal.side_tricks(i) for i in range(len(deal.rules.sides))],
    }


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
        text = action_text(deal.rules, mover, action)
        if isinstance(action, Discard):
            text = f"{deal.rules.seat_name(mover)} discards a card"
        if steps is not None and (step := _step(deal, mover, action, before)) is not None:
            steps.append(step)
        if len(deal.tricks) > before:
            text += f"; trick {len(deal.tricks)} to {deal.rules.seat_name(deal.tricks[-1].winner)}"
        log.append(text)


def view(deal: Deal, seat: int) -> dict[str, Any]:
    """What the learner at ``seat`` sees (:meth:`Deal.view`: other hands as counts), and what they may do."""
    rules = deal.rules
    seen = deal.view(seat)
    legal: list[dict[str, Any]] = []
    if not deal.is_over and deal.to_move == seat:
        for action in deal.legal_actions():
            entry: dict[str, Any] = {"code": action.code, "label": _label(action)}
            if isinstance(action, Bid):
                entry["words"] = action.words
            plain_card = (
                isinstance(action, Play) and action.joker_suit is None and action.source in (None, "hand")
            ) or (isinstance(action, Discard))
            if plain_card:
                entry["card"] = action.card.code  # type: ignore[union-attr]
            legal.append(entry)
    last = seen["last_trick"] if not deal.trick else None
    out: dict[str, Any] = {
        "seat": seat,
        "seat_names": list(rules.seat_names),
        "side_names": [rules.side_name(i) for i in range(len(rules.sides))],
        "dealer": deal.dealer,
        "phase": seen["phase"],
        "to_move": deal.to_move,
        "hands": seen["hands"],
        "auction": [
            {"seat": who, "call": call.code, "label": "pass" if isinstance(call, Pass) else str(call)}
            for who, call in deal.auction
        ],
        "contract": None if deal.contract is None else str(deal.contract),
        "declarer": deal.declarer,
        "kitty": len(deal.kitty),
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
    if seen["side_tricks"] is not None:
        out["side_tricks"] = seen["side_tricks"]
    if deal.is_over:
        result = deal.result()
        out["result"] = {
            "summary": result.summary,
            "scores": list(result.scores),
            "made": result.made,
            "thrown_in": result.thrown_in,
        }
    return out


def _state(deal: Deal, seat: int, seed: int, log: list[str], level: str = "easy") -> dict[str, Any]:
    return {
        "deal": deal.to_dict(),
        "seat": seat,
        "seed": seed,
        "level": level,
        "log": log[-_LOG_KEEP:],
        "view": view(deal, seat),
    }


def start(rules: Rules, seed: int, seat: int = 0, dealer: int | None = None, level: str = "easy") -> dict[str, Any]:
    """A fresh deal (seeded); the bots (``level`` "easy" or "strong") act until the learner's first turn."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise RequestError(f"seat must be 0–{rules.players - 1}, got {seat!r}")
    level = _level(level)
    deal = Deal.new(rules, seed=seed, dealer=(seed % rules.players) if dealer is None else dealer)
    log = [f"{rules.seat_name(deal.dealer)} deals. You are {rules.seat_name(seat)}."]
    _bots_move(deal, seat, log, level, seed)
    return _state(deal, seat, seed, log, level)


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
        allowed = ", ".join(_label(a) for a in legal.values())
        raise RequestError(f"that cannot be played now; you may: {allowed}")
    log = list(state.get("log") or [])
    first = len(log)
    action = legal[code]
    before = len(deal.tricks)
    deal.push(action)
    steps: list[dict[str, Any]] = []
    if (own := _step(deal, seat, action, before)) is not None:
        steps.append(own)
    text = action_text(deal.rules, seat, action)
    if len(deal.tricks) > before:
        text += f"; trick {len(deal.tricks)} to {deal.rules.seat_name(deal.tricks[-1].winner)}"
    log.append(_as_you(deal.rules.seat_name(seat), text))
    level = _level(state.get("level", "easy"))
    seed = int(state.get("seed", 0))
    _bots_move(deal, seat, log, level, seed, steps)
    new = _state(deal, seat, seed, log, level)
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


def review(deal: Deal, seat: int) -> dict[str, Any]:
    """The learner's card plays in a finished deal, each checked by the double-dummy solver.

    For every card ``seat`` played where the choice mattered, the solver compares it with
    the best card *with all hands in view*: ``rows`` lists the ones that cost tricks (and
    which cards were better); ``summary`` says it in a sentence.

    >>> from fivehundred_tutor import Rules
    >>> deal = Deal.from_position(Rules(), {0: "AH 5S", 1: "KH 6S", 2: "QH 7S", 3: "JS 8S"}, "7NT", 0)
    >>> deal.push_many(["5S", "6S", "7S", "8S", "JS", "AH", "KH", "QH"])
    >>> r = review(deal, 0)
    >>> r["rows"][0]["text"]
    'Trick 1: your 5♠ cost a trick; A♥ kept the best result.'
    >>> r["checked"], r["lost"]
    (1, 1)
    """
    from ..solver import Solver
    from .replay import FACE_DOWN_NOTE

    if not deal.is_over:
        raise RequestError("the deal is not over yet: finish it, then ask for a review")
    rules = deal.rules
    notes = [FACE_DOWN_NOTE] if rules.players == 2 else []
    if deal.declarer is None or not any(isinstance(a, Play) for a in deal.history):
        return {"type": "review", "rows": [], "checked": 0, "lost": 0, "notes": notes,
                "summary": "No cards were played in this deal, so there is nothing to check."}  # fmt: skip
    replay = deal.root()
    solver = Solver()
    rows: list[dict[str, Any]] = []
    checked = 0
    for action in deal.history:
        if (
            replay.phase == "play"
            and replay.to_move == seat
            and isinstance(action, Play)
            and len({a.card for a in replay.legal_actions() if isinstance(a, Play)}) > 1
        ):
            checked += 1
            played, best_value, best = solver.check(replay, action, all_best=False)  # best: only if lost
            lost = abs(played - best_value)
            if lost:
                trick = len(replay.tricks) + 1
                better = " or ".join(str(a) for a in best[:3])
                rows.append(
                    {
                        "trick": trick,
                        "card": str(action),
                        "lost": lost,
                        "better": [a.code for a in best],
                        "text": f"Trick {trick}: your {action} cost {'a trick' if lost == 1 else f'{lost} tricks'}; "
                        f"{better} kept the best result.",
                    }
                )
        replay.push(action)
    lost_total = sum(r["lost"] for r in rows)
    if not checked:
        summary = "You had no real choice of card in this deal (or sat it out), so there is nothing to check."
    elif not rows:
        summary = (
            f"All {checked} of your cards that were a real choice kept the best result, even with every hand in view."
        )
    else:
        cost = "a trick" if lost_total == 1 else f"{lost_total} tricks in all"
        summary = (
            f"Of your {checked} cards that were a real choice, {checked - len(rows)} kept the best result and "
            f"{len(rows)} cost {cost} — judged with every hand in view, which you could not see, so some may "
            "have been fair guesses."
        )
    lesson = _contract_lesson(deal, seat, solver)
    if lesson:
        summary = f"{lesson} {summary}"
    return {"type": "review", "rows": rows, "checked": checked, "lost": lost_total, "notes": notes, "summary": summary,
            "lesson": lesson}  # fmt: skip


def _tricks(n: int) -> str:
    return "1 trick" if n == 1 else f"{n} tricks"


def _play_start(deal: Deal, discards: list[Card] | None = None) -> Deal:
    """The deal replayed up to its first card played (``discards``: the declarer's, instead of theirs)."""
    start = deal.root()
    pending = list(discards) if discards is not None else None
    for action in deal.history:
        if start.phase == "play":
            break
        if isinstance(action, Discard) and pending is not None:
            action = Discard(pending.pop(0))
        start.push(action)
    return start


def _better_discards(deal: Deal, start: Deal, solver: Any, best: int) -> tuple[int, Card, Card] | None:
    """The best single change to the declarer's discards (one card kept instead of one thrown):
    (tricks with best play after it, the card kept, the card thrown instead), when it takes more."""
    declarer = deal.declarer
    assert declarer is not None
    thrown = [a.card for a in deal.history if isinstance(a, Discard)]
    found: tuple[int, Card, Card] | None = None
    for i, old in enumerate(thrown):
        for keep in sorted(start.hands[declarer], key=lambda c: c.index):
            other = [*thrown[:i], keep, *thrown[i + 1 :]]
            try:
                value = solver.solve(_play_start(deal, other))
            except Exception:  # a swap the rules refuse (a card that may not be discarded): skip it
                continue
            if value > (found[0] if found else best):
                found = (value, old, keep)
    return found


def _contract_lesson(deal: Deal, seat: int, solver: Any) -> str:
    """When the learner's side went down as declarers, or defended and let the contract make: what the
    cards were worth with every hand in view (from the first card played, after the discards), and for
    a declarer who went down, what the bid was worth by the count of their cards and a better discard."""
    from ..solver import SolveError

    rules = deal.rules
    contract, declarer = deal.contract, deal.declarer
    if contract is None or declarer is None or contract.is_misere or rules.players == 2:
        return ""
    result = deal.result()
    declaring = rules.side_of(seat) == rules.side_of(declarer)
    if result.made == declaring:
        return ""  # made as declarers, or beaten as defenders: nothing to add
    start = _play_start(deal)
    try:
        best = solver.solve(start)
    except SolveError:
        return ""
    need, took = contract.tricks, result.declarer_tricks
    name = rules.seat_name(declarer)
    if not declaring:
        them = rules.side_name(rules.side_of(declarer))
        if best >= need:
            return (
                f"With every hand in view, {contract} could not be beaten: {them} take {_tricks(best)} "
                "even against the best defence."
            )
        return (
            f"With every hand in view, your side could have held {them} to {_tricks(best)} and beaten "
            f"{contract} (they took {took})."
        )
    discarded = [a.card for a in deal.history if isinstance(a, Discard)]
    whose = "your" if declarer == seat else f"{name}'s"
    after = f" after {whose} discards ({', '.join(str(c) for c in discarded)})" if discarded else ""
    if best >= need:
        return (
            f"With every hand in view, {contract} could take {_tricks(best)}{after}: the contract was there, "
            f"and {_tricks(best - took)} went in the play."
        )
    text = f"With every hand in view, {contract} could take at most {_tricks(best)}{after}, short of {need}."
    if declarer == seat and discarded and solver.uses_dds(start):
        better = _better_discards(deal, start, solver, best)
        if better is not None:
            value, kept, thrown = better
            text += f" Keeping {kept} (and discarding {thrown} instead) would have made {_tricks(value)}."
    dealt = list(deal.root().hands[seat])
    if declarer == seat and len(dealt) == rules.hand_size:  # a whole deal, not a position set up mid-play
        own = max(0.0, estimate_tricks(rules, dealt, contract))
        support = expected_support(rules)
        if own + support < need - 0.5:
            text += (
                f" Counting your cards as dealt, {contract} was worth about {_tricks(round(own + support))} "
                f"(about {round(own)} of your own and {round(support)} from your partner and the kitty): "
                f"bidding {need} asked for more than the hand held."
            )
    return text


def _review(state: dict[str, Any]) -> dict[str, Any]:
    deal = Deal.from_dict(state["deal"])
    return {"reply": review(deal, int(state["seat"])), "update": {}}


def _new_deal(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    seed = request.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62:
        raise RequestError(f"'seed' must be a whole number from 0, got {seed!r}")
    old = state.get("deal") or {}
    rules = Rules.from_dict(old.get("rules") or {})
    level = _level(request.get("level", state.get("level", "easy")))
    new = start(rules, seed, int(state.get("seat", 0)), level=level)
    return {"reply": {"type": "deal", "seed": seed}, "update": {"state": new}}


def _set_level(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """The bots' level from now on ("easy": rules of thumb; "strong": they weigh many ways the cards could lie)."""
    level = _level(request.get("level"))
    return {"reply": {"type": "level", "level": level}, "update": {"state": {**state, "level": level}}}


def _simulates_bids(rules: Rules) -> bool:
    """Whether a hint may simulate the bidding (fast only with DDS, in the 4-player game), as the strong bot does."""
    from ..solver import dds

    return dds.available() and rules.players == 4


def _counted_bid_reason(deal: Deal, seat: int, action: object) -> str:
    """Why a call, from the learner's own cards only: the tricks they count and what partner and the kitty add."""
    rules = deal.rules
    hand = deal.hands[seat]
    if rules.players == 2:
        hand = hand + deal.table_up(seat)
    bids = [a for a in deal.legal_actions() if isinstance(a, Bid) and not a.is_misere]
    support = expected_support(rules)
    helpers = "your partner and the kitty" if rules.players in (4, 6) else "the kitty"
    if isinstance(action, Bid) and action.is_misere:
        return " Your cards are low enough to hope to lose every trick."
    if isinstance(action, Bid):
        own = estimate_tricks(rules, hand, action)
        return (
            f" Counting your cards, you can expect about {own:.0f} tricks in {_denomination_words(action)} yourself, "
            f"and about {support:.0f} more from {helpers}: enough for {action.tricks}."
        )
    if not bids:
        return " No bid you may make now is higher than the bid before."
    best = max(bids, key=lambda b: estimate_tricks(rules, hand, b))
    own = estimate_tricks(rules, hand, best)
    cheapest = min((b for b in bids if b.denomination == best.denomination), key=lambda b: b.tricks)
    return (
        f" Your best suit for a bid is {_denomination_words(best)}: you can expect about {own:.0f} tricks there "
        f"yourself and about {support:.0f} more from {helpers}, short of the {cheapest.tricks} that {cheapest} "
        "would need."
    )


def _denomination_words(bid: Bid) -> str:
    return "no trumps" if bid.trump is None else f"{bid.trump.word} as trumps"


def hint(deal: Deal, seat: int, seed: int = 0) -> dict[str, Any]:
    """The strong bot's choice for the learner's seat, with the reason in words from its samples.

    It sees what the learner sees (their hand, the table, the bidding, the cards played), never
    the hidden hands: it deals the unseen cards many ways and counts how each choice fares.
    """
    if deal.is_over:
        raise RequestError("the deal is over: there is nothing to hint")
    if deal.to_move != seat:
        raise RequestError(f"it is {deal.rules.seat_name(deal.to_move or 0)}'s turn, not yours")
    bot = SamplingBot(seed=seed)
    action = bot.choose(deal)
    text = f"{_label(action)}."
    report = bot.last_report if isinstance(action, Play) else None
    if deal.phase == "auction" and not _simulates_bids(deal.rules):
        # Without DDS (the live book) a bidding simulation takes minutes: count the hand instead.
        text += _counted_bid_reason(deal, seat, action)
    elif isinstance(action, Bid):
        figures = bot.bid_figures(Knowledge.from_view(deal.rules, deal.view(seat), public_history(deal)))
        if action.is_misere and figures["misere"] is not None:
            share = round(100 * figures["misere"])
            text += f" Dealing the unseen cards {bot.misere_layouts} ways, you lose every trick in {share}% of them."
        elif not action.is_misere:
            denomination = "NT" if action.trump is None else action.trump.letter
            share = round(100 * figures["chances"][denomination][action.tricks])
            text += (
                f" Dealing the unseen cards {bot.bid_layouts} ways, your side takes {action.tricks} or more tricks "
                f"in {share}% of them."
            )
    elif isinstance(action, Pass):
        text += " No bid you may make now takes its tricks often enough when the unseen cards are dealt many ways."
    elif isinstance(action, Play) and report is not None and report.layouts:
        ranked = report.ranked()
        n = report.layouts
        text += f" It keeps the best result in {report.best[action]} of {n} ways the unseen cards could lie"
        others = [a for a in ranked if a != action and isinstance(a, Play) and a.card != action.card]
        if others and report.best[others[0]] == report.best[action]:
            text += f"; {others[0].card} does just as well, so either will do"
        elif others:
            text += f"; {others[0].card} in {report.best[others[0]]}"
        text += "."
    elif isinstance(action, Play):
        text += " (A rule of thumb: too early in the deal to weigh every way the unseen cards could lie.)"
    elif isinstance(action, Discard):
        text += _discard_reason(deal, seat, action.card)
    return {"type": "hint", "code": action.code, "label": _label(action), "text": text}


def _discard_reason(deal: Deal, seat: int, card: Card) -> str:
    """Why this discard, in the words of the rule the bots discard by (``bots.discards_for``): keep
    trumps, aces and guarded kings, make short side suits void; in misère, throw the high cards."""
    contract = deal.contract
    assert contract is not None
    if contract.is_misere:
        return " In misère you keep your low cards: this is one of the likeliest to win a trick you do not want."
    table = deal.rules.table(contract)
    suit = table.suit_of[card.index]
    if card.is_joker or suit == table.trump:
        return " Every card you hold is worth keeping; this one least."
    held = sum(1 for c in deal.hands[seat] if table.suit_of[c.index] == suit)
    keep = " Keep trumps, aces and guarded kings;"
    if contract.trump is not None and held <= 2:
        side = card.suit.word if card.suit is not None else "that suit"
        if held == 1:
            return f"{keep} it is your only card in {side}: once it is gone you can trump {side}."
        return f"{keep} it is one of only two {side}: throwing it brings you nearer a void, where you can trump."
    return f"{keep} of the rest, this card is the one you would miss least."


def _hint(state: dict[str, Any]) -> dict[str, Any]:
    deal = Deal.from_dict(state["deal"])
    return {"reply": hint(deal, int(state["seat"]), int(state.get("seed", 0))), "update": {}}


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
}
