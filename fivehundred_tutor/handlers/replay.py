"""Deal replays: every step of a deal precomputed, with comments, marks and "your turn" stops.

:func:`replay_model` builds the model a :class:`~fivehundred_tutor.widgets.DealReplay` starts from;
the requests judge a stop (``answer``) and deal a new bot-played deal (``new_deal``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..actions import Action, Discard, Play
from ..bids import Bid
from ..bots import HeuristicBot, discards_for
from ..cards import ACE, JACK, KING, QUEEN, RANK_WORDS_EN, Card, Suit, display_order
from ..deal import Deal
from ..explain import action_kind, action_label, action_text, call_label, why_illegal
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..puzzles.classes import class_key
from ..rules import Rules
from .fields import Handler, RequestError, int_field, str_field
from .models import MARKS, MODEL_VERSION
from .problem import principle

__all__ = ["FACE_DOWN_NOTE", "HANDLERS", "bot_deal", "cards_named", "discard_verdict", "judge_stop", "replay_model"]


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


def _hand_texts(hands: Sequence[Any]) -> list[Any]:
    return [" ".join(h) if isinstance(h, list) else h for h in hands]


def cards_named(rules: Rules, text: str) -> list[str]:
    """The codes of the cards of ``rules``' pack that ``text`` names, in the order it names them, each once:
    "J♠", "10♦", "Joker" / "the joker", or in words "Nine of diamonds" (in English and in the language
    spoken).  A replay highlights them while the comment shows.

    >>> cards_named(Rules(), "Lead the J♠; the joker beats it, and the Nine of diamonds and 10♦ follow. A K Q.")
    ['JS', 'JK', '9D', 'TD']
    """
    forms: dict[str, str] = {}
    for card in rules.deck():
        for form in (str(card), card.name, _english_name(card)):
            if form:
                forms[form.lower()] = card.code
    pattern = re.compile(
        r"(?<![\w♠♣♦♥])(" + "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)) + r")(?![\w♠♣♦♥])",
        re.IGNORECASE,
    )
    named: list[str] = []
    for match in pattern.finditer(text):
        code = forms[match.group(1).lower()]
        if _is_a_bid(text, match.start(), match.end(), code):
            continue
        if code not in named:
            named.append(code)
    return named


# "a sound 6♥", "North bids 7♠", "8♦ is worth 280", "plays 7♠, worth 140": a bid written like a card
_BID_BEFORE = re.compile(r"\b(?:bids?|bidding|sound|contract(?: of)?)\s+$", re.IGNORECASE)
_BID_AFTER = re.compile(r"^,?\s+(?:is\s+)?(?:worth|contract|bid)\b", re.IGNORECASE)


def _is_a_bid(text: str, start: int, end: int, code: str) -> bool:
    """Is the card-like ``text[start:end]`` (6 to 10 of a suit) a bid, by the words around it?"""
    if code[0] not in "6789T":
        return False
    return bool(_BID_BEFORE.search(text[max(0, start - 20) : start]) or _BID_AFTER.match(text[end : end + 20]))


def _english_name(card: Card) -> str:
    """ "Nine of diamonds": the name the chapters' English comments use, whatever the language spoken."""
    if card.suit is None:
        return "Joker"
    return f"{RANK_WORDS_EN[card.rank]} of {card.suit.word}"


def _snapshot(deal: Deal, viewer: int | None, last_trick_done: bool) -> dict[str, Any]:
    """One replay frame: :meth:`Deal.view` for ``viewer``, shaped for the replay widget; one seat's view
    also has every hand face up (``open_hands``) for the widget's "Show all hands"."""
    seen = deal.view(viewer)
    frame: dict[str, Any] = {
        "phase": seen["phase"],
        "to_move": seen["to_move"],
        "hands": _hand_texts(seen["hands"]),
        "tricks_won": seen["tricks_won"],
        "trick_no": len(deal.tricks),
        "exposed": seen["exposed"],
        "out": seen["out"],
        "discards": len(deal.discards),
        "contract": seen["contract"],
        "contract_label": None if deal.contract is None else call_label(deal.contract),
        "declarer": seen["declarer"],
    }
    if viewer is not None:
        frame["open_hands"] = _hand_texts(deal.view(None)["hands"])
    if seen["left_bower"] is not None:
        frame["left_bower"] = seen["left_bower"]
    if "kitty_in_hand" in seen:
        frame["kitty_cards"] = seen["kitty_in_hand"]
    if deal.discards and isinstance(seen["discards"], list):
        frame["discard_cards"] = seen["discards"]
    if seen["side_tricks"] is not None:
        frame["side_tricks"] = seen["side_tricks"]
    if last_trick_done and deal.tricks:
        trick = deal.tricks[-1]
        frame["trick"] = seen["last_trick"]["plays"]
        frame["winner"] = trick.winner
        # the card that won, not every card of the winner's (a 2-player seat plays two to a trick)
        frame["winning_play"] = trick.plays.index(next(p for p in trick.plays if p[1] == trick.winning_card))
        frame["explain"] = deal.rules.explain_trick(trick.cards, deal.contract, trick.joker_suit)
    else:
        frame["trick"] = seen["trick"]
        frame["winner"] = None
        if seen["trick_joker_suit"] is not None:
            frame["joker_suit"] = seen["trick_joker_suit"]
    if "piles" in seen:
        frame["piles"] = seen["piles"]
        if last_trick_done and deal.tricks:
            # "Order this trick" under a finished trick: the order it was played in (the deal's
            # play order already describes the next trick)
            frame["order"] = [[seat, source] for seat, _card, source in deal.tricks[-1].plays]
        elif seen["play_order"]:
            frame["order"] = seen["play_order"]
    return frame


def _plain_words(text: str) -> str:
    """ "Double dummy: North–South can take 6 tricks." → "With every hand in view, North–South can take 6 tricks." """
    from ..solver import DOUBLE_DUMMY_NOTE

    return text.replace("Double dummy: ", "With every hand in view, ").replace(DOUBLE_DUMMY_NOTE, FACE_DOWN_NOTE)


#: the 2-player game's note on the face-down table cards, in a learner's words
#: (English, marked for the catalogs: ``gettext(FACE_DOWN_NOTE)`` where it is shown)
FACE_DOWN_NOTE = N_(
    "In the 2-player game the face-down table cards count as seen here: the figures assume everyone can see them."
)


def discard_verdict(rules: Rules, hand: Sequence[Card], contract: Bid, card: Card, remaining: int) -> tuple[bool, str]:
    """Is throwing ``card`` from ``hand`` (the declarer's, with the kitty) sound by the kitty chapter's rules?

    ``remaining`` is how many cards are still to go.  In a trump or no-trump contract: keep your
    trumps (the joker and the left bower among them), keep your aces and guarded kings (they win
    tricks), throw low side cards — unless the hand has too few other cards to throw.  In misère:
    throw the cards most likely to win a trick.  Returns ``(sound, reason)``: the reason is about
    the card ("it is …"), to follow its name.

    >>> from fivehundred_tutor import parse_cards
    >>> hand = parse_cards("JK JH JD AH KH 9H AS 5S 6C 7C QD 8D 4D")
    >>> discard_verdict(Rules(), hand, Bid.parse("7H"), Card.parse("JD"), 3)
    (False, 'it is the left bower, a trump: keep your trumps, and throw a low side card instead.')
    >>> discard_verdict(Rules(), hand, Bid.parse("7H"), Card.parse("6C"), 3)
    (True, 'it is a low side card, a loser you will not miss. Throwing the clubs can leave you void, so you can trump them.')
    >>> discard_verdict(Rules(), hand, Bid.parse("7H"), Card.parse("5S"), 3)  # the A♠ stays: no spade void
    (True, 'it is a low side card, a loser you will not miss.')
    """
    table = rules.table(contract)
    suit_of = table.suit_of
    if contract.is_misere:
        dangerous = set(discards_for(rules, hand, contract, remaining))
        if card in dangerous or card.is_joker:
            return True, _("it is one of the cards most likely to win a trick: in misère, throw those.")
        return False, _("it is low enough to lose a trick: in misère, throw the higher cards that could win one.")
    trump = table.trump

    def is_trump(c: Card) -> bool:
        return c.is_joker or (trump is not None and suit_of[c.index] == trump)

    def same_suit(c: Card) -> list[Card]:
        return [o for o in hand if o is not c and not is_trump(o) and suit_of[o.index] == suit_of[c.index]]

    def is_winner(c: Card) -> bool:
        if c.is_joker or is_trump(c):
            return False
        if c.rank == ACE:
            return True
        if c.rank == KING:
            return bool(same_suit(c))  # guarded
        # a queen beside its king: once the ace is gone the two are the suit's top cards
        return c.rank == QUEEN and any(o.rank == KING for o in same_suit(c))

    others = [c for c in hand if not is_trump(c)]
    if is_trump(card):
        if len(others) >= remaining:
            if trump is None:
                return False, _("it is the joker, which wins any trick it is played to: throw a low card instead.")
            if card.is_joker:
                kind = _("it is the joker, a trump")
            elif card.rank == JACK and card.suit == trump:
                kind = _("it is the right bower, a trump")
            elif card.rank == JACK:
                kind = _("it is the left bower, a trump")
            else:
                kind = _("it is a trump")
            # Translators: {kind} is "it is the left bower, a trump" and the like
            return False, _("{kind}: keep your trumps, and throw a low side card instead.").format(kind=kind)
        return True, _("with so few side cards, a low trump has to go.")
    if is_winner(card):
        losers = [c for c in others if not is_winner(c)]
        if len(losers) >= remaining:
            if card.rank == ACE:
                return False, _("it is an ace, likely to win a trick: throw losers, not winners.")
            if card.rank == KING:
                return False, _("it is a king with a card beside it, likely to win a trick: throw losers, not winners.")
            return False, _("it is a queen beside your king, likely to win a trick: throw losers, not winners.")
        return True, _("every side card left can win a trick, so one of them has to go.")
    suit = suit_of[card.index]
    kept = [c for c in others if suit_of[c.index] == suit and is_winner(c)]
    length = sum(1 for c in others if suit_of[c.index] == suit)
    reason = _("it is a low side card, a loser you will not miss.")
    if trump is not None and length <= remaining and not kept:  # a void needs the suit's winners gone too
        reason += " " + _("Throwing the {suit} can leave you void, so you can trump them.").format(
            suit=Suit(suit).local_name
        )
    return True, reason


def _stop_data(deal: Deal, index: int, played: Action, comment: str) -> dict[str, Any]:
    """The question at a stop: every choice the mover has, judged against the annotated action."""
    rules = deal.rules
    seat = deal.to_move
    assert seat is not None
    legal = deal.legal_actions()
    name = rules.local_seat_name(seat)
    choices: list[dict[str, Any]] = []
    kind = action_kind(played)
    played_label = action_label(played)
    if kind in ("play", "discard"):
        assert isinstance(played, (Play, Discard))
        if kind == "play":
            assert isinstance(played, Play)
            source = played.source
            pool = deal.hands[seat] if source in (None, "hand") else deal.table_up(seat)
        else:
            pool = deal.hands[seat]
        legal_cards = {a.card for a in legal if isinstance(a, (Play, Discard))}
        # a card as good as the deal's (no live card lies between them: the joker and the left bower once the
        # right bower is gone) is a right answer too
        same = {card for card in legal_cards if kind == "play" and _equivalent(deal, legal, card, played)}
        for card in display_order(pool):
            if kind == "discard":
                # judged by the chapter's rule (keep your trumps and winners), not by agreement with the deal
                assert deal.contract is not None
                remaining = rules.kitty_size - len(deal.discards)
                correct, why = discard_verdict(rules, pool, deal.contract, card, remaining)
                also = (
                    " " + _("In the deal, {seat} threw {card} here.").format(seat=name, card=played.card.short_name)
                    if card is not played.card
                    else ""
                )
                text = (_("Yes, {card}: {why}") if correct else _("{card} is allowed, but {why}")).format(
                    card=card.short_name, why=why
                ) + also
                if card is played.card and not correct:
                    text = _("{seat} threw {card} here, but {why}").format(seat=name, card=card.short_name, why=why)
            elif card is played.card:
                correct = True
                text = _("Yes: {seat} played {card} here.").format(seat=name, card=card.short_name)
            elif card in same:
                correct = True
                text = _(
                    "Yes: {card} is as good as {played}, which {seat} played here (no card still out lies between them)."
                ).format(card=card.short_name, played=played.card.short_name, seat=name)
            elif card in legal_cards:
                # the deal's card is held back until the learner asks (Show me), as the quizzes do
                correct = False
                text = (
                    _("{card} is allowed, but it is not the card to play here: try again, or ask for a hint.")
                    if kind == "play"
                    else _("{card} is allowed, but it is not the card to throw here: try again, or ask for a hint.")
                ).format(card=card.short_name)
            else:
                correct = False
                reason = why_illegal(
                    rules, card, pool, deal.trick_cards(), deal.contract, deal.trick_joker_suit, deal.joker_fixed
                )
                text = _("{card} is not allowed: {reason}").format(
                    card=card.short_name, reason=reason or _("it cannot be played now.")
                )
            choices.append(
                {
                    "code": card.code,
                    "label": card.short_name,
                    "legal": card in legal_cards,
                    "correct": correct,
                    "feedback": text + (f" {comment}" if correct and comment else ""),
                }
            )
        # the card of the deal first among the right answers: the widget names the first as "the answer"
        choices.sort(key=lambda c: not (c["correct"] and c["code"] == played.card.code))
        prompt = (
            _("Your turn ({seat}): what do you play?")
            if kind == "play"
            else _("Your turn ({seat}): what do you discard?")
        ).format(seat=name)
    else:
        for action in legal:
            correct = action == played
            label = action_label(action)
            text = (
                _("Yes: {seat} chose {choice} here.").format(seat=name, choice=label)
                if correct
                else _(
                    "{choice} is allowed, but it is not the call to make here: try again, or ask for a hint."
                ).format(choice=label)
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
        prompt = (
            _("Your turn ({seat}): what do you call?") if kind == "call" else _("Your turn ({seat}): what do you do?")
        ).format(seat=name)
    answer = played.card.code if isinstance(played, (Play, Discard)) else str(getattr(played, "code", played))
    right = next((c["label"] for c in choices if c["correct"]), played_label)
    answer_hint = _("In the deal, {seat} chose {choice}.").format(seat=name, choice=right)
    if kind == "discard":
        misere = deal.contract is not None and deal.contract.is_misere
        answer_hint = (
            _("A high card that could win a trick, for example {card}.")
            if misere
            else _("Any low card of a side suit, for example {card}.")
        ).format(card=right)
    return {
        "index": index,
        "seat": seat,
        "kind": kind,
        "prompt": prompt,
        "choices": choices,
        "answer": answer,
        "hint": {"principle": _stop_principle(deal, seat, kind), "answer": answer_hint},
    }


def _stop_principle(deal: Deal, seat: int, kind: str) -> str:
    """A principle for a stop, from what the mover sees (its hand, the table, the auction)."""
    if kind == "play" and deal.contract is not None:
        return principle(deal, seat)
    if kind == "discard" and deal.contract is not None and deal.contract.is_misere:
        return _("Discarding for misère: throw the high cards that could win a trick; keep the low ones.")
    if kind == "discard":
        return _("Discarding from the kitty: keep your trumps and your aces; throw the low cards of short side suits.")
    if kind == "call":
        return _("Count the tricks your hand can take with your partner's help; bid only what you expect to make.")
    return _("Which choice keeps the most tricks within reach for your side?")


def replay_model(
    deal: Deal,
    *,
    comments: Mapping[int, str] | None = None,
    marks: Mapping[int, str] | None = None,
    stops: Sequence[int] | None = None,
    seat: int | None = None,
    title: str | None = None,
    random: bool = False,
) -> dict[str, Any]:
    """Everything a replay needs, precomputed: one frame per step of ``deal.history``.

    Frame ``k`` shows the table after the first ``k`` actions.  ``comments`` and
    ``marks`` are keyed by index into ``deal.history``; ``stops`` lists history
    indices where the learner is asked to choose that action.  ``random`` marks a deal
    dealt at the learner's request (not the lesson's own): the widget says so.
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
    # The deal library's annotations open with a bridge term; a learner reads plain words.
    comments = {k: _plain_words(text) for k, text in comments.items()}
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
            "kind": action_kind(action),
            "code": action.code,
            "label": action_label(action),
            "text": action_text(rules, mover, action),
        }
        if isinstance(action, (Play, Discard)):
            entry["card"] = action.card.code
        if isinstance(action, Discard) and seat is not None and mover != seat:
            # one seat's view: the declarer's discards stay hidden
            entry.update(
                code="d:?",
                label=_("a card"),
                text=_("{seat} discards a card").format(seat=rules.local_seat_name(mover)),
            )
            del entry["card"]
        if done_trick:
            trick = replay.tricks[-1]
            entry["text"] = _("{text}; trick {number} to {seat}").format(
                text=entry["text"], number=len(replay.tricks), seat=rules.local_seat_name(trick.winner)
            )
        if i in comments:
            entry["comment"] = comments[i]
            named = cards_named(rules, comments[i])
            if named:
                entry["named"] = named
        if i in marks:
            entry["mark"] = marks[i]
        actions.append(entry)
    start_kitty = record.get("kitty", [])
    model: dict[str, Any] = {
        "version": MODEL_VERSION,
        "title": title or "A deal of Five Hundred",
        "random": random,
        "rules": rules.to_dict(),
        "players": rules.players,
        "seat_names": [rules.local_seat_name(i) for i in range(rules.players)],
        "positions": [_POSITIONS.get(name, "top") for name in rules.seat_names],
        "sides": [list(side) for side in rules.sides],
        "side_names": [rules.local_side_name(i) for i in range(len(rules.sides))],
        "dealer": deal.dealer,
        "viewer": seat,
        "kitty": start_kitty if seat is None else len(start_kitty),
        "actions": actions,
        "frames": frames,
        "stops": stop_data,
        "result": deal.result().summary if deal.is_over else None,
    }
    return model


def _equivalent(deal: Deal, legal: Sequence[Action], card: Card, played: Action) -> bool:
    """Whether playing ``card`` comes to the same as ``played`` (touching cards: :mod:`..puzzles.classes`)."""
    if not isinstance(played, Play) or card is played.card:
        return card is getattr(played, "card", None)
    ours = [a for a in legal if isinstance(a, Play) and a.card is card and a.source == played.source]
    return any(class_key(deal, a) == class_key(deal, played) for a in ours)


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
    index = int_field(request, "index", 0, 10_000)
    choice = str_field(request, "choice")
    record = state.get("deal")
    if not isinstance(record, dict):
        raise RequestError("this replay has no deal to judge against")
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
    bot = HeuristicBot()
    for attempt in range(20):
        deal = Deal.new(rules, seed=seed + attempt, dealer=0)
        while not deal.is_over:
            deal.push(bot.choose(deal))
        if deal.contract is not None:
            return deal
    return deal


def _replay_new_deal(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    seed = int_field(request, "seed", 0, 2**62)
    old = state.get("model") or {}
    rules = Rules.from_dict(old.get("rules") or {})
    deal = bot_deal(rules, seed)
    viewer = old.get("viewer")
    model = replay_model(deal, seat=viewer, title=_("A new deal played by the bots"), random=True)
    return {
        "reply": {"type": "deal", "seed": seed, "result": model["result"]},
        "update": {"model": model, "deal": deal.to_dict(), "position": 0, "answers": {}},
    }


HANDLERS: dict[str, Handler] = {"answer": _replay_answer, "new_deal": _replay_new_deal}
