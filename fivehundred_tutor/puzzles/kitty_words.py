"""A kitty puzzle as the trainer draws it: the declarer's thirteen cards, and each card's verdict from the figures.

Every sentence is computed from the puzzle's figures (:mod:`.kitty`): how often a discard makes the contract over
the layouts, its tricks and its score on average, and which discard the rule of thumb chooses.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, Suit, short_names
from ..explain import call_label
from ..i18n import decimal
from ..i18n import gettext as _
from .cardhead import card_head
from .model import Puzzle
from .themes import lesson

__all__ = ["kitty_card"]

_SUIT_WORDS = {Suit.SPADES: "spades", Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts"}


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else f"\u2212{-points}" if points < 0 else "0"


def _cards(key: str) -> str:
    """A discard's key ("5S 6S QS") as a learner reads it: "5♠ 6♠ Q♠"."""
    return short_names(Card.parse(code) for code in key.split())


def _figure(row: dict[str, Any]) -> str:
    return _("made in {make}% of the layouts, {tricks} tricks and {points} points on average").format(
        make=row["make"], tricks=decimal(row["tricks"]), points=_signed(int(row["mean"]))
    )


def _lesson(puzzle: Puzzle, hand: list[Card], best_key: str) -> str:
    """Why the best discard is best, from what it does to the hand: the voids it makes, a trump or a king it throws."""
    deal = puzzle.deal
    rules, contract = deal.rules, deal.contract
    assert contract is not None
    thrown = [Card.parse(code) for code in best_key.split()]
    kept = [c for c in hand if c not in thrown]
    trump = contract.trump
    voids = []
    for suit in _SUIT_WORDS:
        if suit == trump:
            continue
        held = [c for c in hand if rules.effective_suit(c, contract) == suit]
        if held and not any(rules.effective_suit(c, contract) == suit for c in kept):
            voids.append(_(_SUIT_WORDS[suit]))
    parts = []
    if voids:
        parts.append(
            _("The best discard leaves you void in {suits}: their tricks are yours to trump.").format(
                suits=_("{first} and {second}").format(first=", ".join(voids[:-1]), second=voids[-1])
                if len(voids) > 1
                else voids[0]
            )
        )
    if any(rules.effective_suit(c, contract) == trump for c in thrown):
        parts.append(_("Even a trump goes: here it is worth less than the side cards it lets you keep."))
    if any(c.code[0] in "AK" for c in thrown if rules.effective_suit(c, contract) != trump):
        parts.append(_("A high side card goes too: it is the suit, not the card, that decides."))
    parts.append(lesson("discarding"))
    return " ".join(parts)


def kitty_card(puzzle: Puzzle) -> dict[str, Any]:
    """Plain data the trainer draws a kitty puzzle from (as :func:`~.words.puzzle_card` a play puzzle's)."""
    deal = puzzle.deal
    seat = puzzle.seat
    rules, contract = deal.rules, deal.contract
    assert contract is not None
    name = rules.local_seat_name
    figures = puzzle.figures

    rows: dict[str, dict[str, Any]] = figures["discards"]
    best_key = str(figures["best_discard"])
    hand = list(deal.hands[seat])
    values = {code.removeprefix("d:"): int(v) for code, v in puzzle.values.items()}
    best = {code.removeprefix("d:") for code in puzzle.best_codes}
    top = max(values.values())
    best_words = _("discard {cards}: {figure}").format(cards=_cards(best_key), figure=_figure(rows[best_key]))
    thumb_key = puzzle.heuristic
    thumb = (
        _(
            "The bots' rule of thumb (it weighs keeping trumps, aces and guarded kings against emptying a short side suit) throws {cards}: {figure}."
        ).format(cards=_cards(thumb_key), figure=_figure(rows[thumb_key]))
        if thumb_key in rows
        else ""
    )
    codes = [c.code for c in hand]
    classes = []
    for card in hand:
        code = card.code
        if code in best:
            verdict = _("{card} goes. Best is to {best}.").format(card=card.short_name, best=best_words)
        else:
            own = str(figures["discard_of"][code])
            verdict = _(
                "Every discard with {card} does worse: the best of them, {cards}, is {figure}, {cost} points less on"
                " average. Best is to {best}."
            ).format(
                card=card.short_name,
                cards=_cards(own),
                figure=_figure(rows[own]),
                cost=top - values[code],
                best=best_words,
            )
        classes.append(
            {"codes": [code], "best": code in best, "cost": top - values[code], "verdict": verdict, "line": []}
        )
    view = deal.view(seat)
    prompt = _(
        "You are {seat}, the declarer in {contract}, and the kitty is yours: three of your {count} cards go face down."
        " Choose a card that belongs in the best discard."
    ).format(seat=name(seat), contract=call_label(contract), count=len(hand))
    return {
        **card_head(puzzle, rules, seat),
        "lesson_theme": puzzle.themes[0],
        "lesson": " ".join(x for x in (_lesson(puzzle, hand, best_key), thumb) if x),
        "lesson_key": "discarding",
        "theme_lessons": {},
        "thumb_rule": "",
        "thumb_note": "",
        "thumb_code": "",
        "side_names": [rules.local_side_name(i) for i in range(len(rules.sides))],
        "declarer": seat,
        "contract": contract.code,
        "contract_label": call_label(contract),
        "hands": view["hands"],
        "left_bower": view["left_bower"],
        "trump_suit": None if contract.trump is None else contract.trump.letter,
        "exposed": view["exposed"],
        "out": view["out"],
        "piles": None,
        "trick": [],
        "trick_joker_suit": None,
        "tricks_won": [0] * rules.players,
        "side_tricks": [0] * len(rules.sides),
        "history": [],
        "voids": {},
        "prompt": prompt,
        "legal": codes,
        "choice_of": {code: i for i, code in enumerate(codes)},
        "classes": classes,
        "solution": _("Best is to {best}.").format(best=best_words),
        "decision": "discard",
        "auction": [[s, call_label(call)] for s, call in deal.auction],
        "calls": [],
    }
