"""Defence questions: the defenders' decisions the Defence chapter teaches.

1. Your partner is winning the trick and you play last: which of your cards leave it with them?
   (With no partner, 3 or 5 players: win the trick as cheaply as you can.)
2. You cannot follow suit, in a small ending with every hand in view: which card do you play (ruff or
   throw, and which)?  The double-dummy verdicts decide.
3. Beating a misère: every hand in view, a defender to play: which cards force the declarer to take a
   trick?  (Where misère is not played: a defender's best card in a small ending.)

Every answer comes from the engine (the trick winner) or the verdict provider (best play by all).
"""

from __future__ import annotations

from typing import Any

from ..bids import Bid
from ..cards import Card
from ..deal import Deal
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..i18n import ngettext
from ..rng import Random
from ..rules import Rules
from .core import QuestionError
from .play import (
    cheapest_winner,
    mover_maximises,
    or_words,
    partner_winning,
    partners_play,
    solver_ending,
    verdict_choices,
    verdict_question,
)
from .positions import random_contract

__all__ = ["defence_unavailable", "gen_defence"]


def defence_unavailable(rules: Rules) -> str | None:
    if rules.players == 2:
        return _("the 2-player game has no defending partner and no misère; its chapter has its own quiz")
    return None


def _defending(deal: Deal) -> bool:
    """Is the player to move a defender?"""
    if deal.to_move is None or deal.contract is None:
        return False
    if deal.contract.is_misere:
        return deal.to_move != deal.declarer
    return not mover_maximises(deal)


def _cannot_follow(deal: Deal) -> bool:
    """A defender to play to a trick in progress who holds no card of the suit led."""
    seat = deal.to_move
    if seat is None or not deal.trick or not _defending(deal) or deal.contract is None:
        return False
    rules = deal.rules
    trick = deal.trick_cards()
    led = rules.led_suit(trick, deal.contract, deal.trick_joker_suit)
    hand = deal.hands[seat]
    return led is not None and len(hand) > 1 and all(rules.effective_suit(c, deal.contract) != led for c in hand)


def gen_defence(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    why = defence_unavailable(rules)
    if why:
        raise QuestionError(why)
    if difficulty == 1:
        if partners_play(rules):
            return partner_winning(rules, rng, defender=True)
        return cheapest_winner(rules, rng, defender=True)
    if difficulty == 2:
        return _cannot_follow_question(rules, rng)
    if not rules.misere_allowed:
        deal, values = solver_ending(
            rules,
            rng,
            _defending,
            what=N_("defence endings"),
            contract=lambda r: random_contract(r, rules, no_trumps=0.25),
        )
        return verdict_question(rules, deal, values)
    return _beat_the_misere(rules, rng)


def _cannot_follow_question(rules: Rules, rng: Random) -> dict[str, Any]:
    deal, values = solver_ending(
        rules,
        rng,
        _cannot_follow,
        what=N_("defence endings"),
        contract=lambda r: random_contract(r, rules, no_trumps=0.3),
    )
    question = verdict_question(rules, deal, values, cannot_follow=True)
    question["explanation"] += " " + _ruff_or_throw(deal, values)
    return question


def _ruff_or_throw(deal: Deal, values: dict[str, int]) -> str:
    """Why the best cards are best, read from the verdicts only: trump it, do not, or what throwing costs."""
    contract = deal.contract
    assert contract is not None
    best = min(values.values())  # the defender holds the declaring side to the fewest tricks
    good = {code for code, v in values.items() if v == best}
    if contract.trump is not None:
        trump = {
            c for c in values if deal.rules.effective_suit(Card.parse(c.split(":")[0]), contract) == contract.trump
        }
        if good <= trump and trump != set(values):
            return _(
                "Here only trumping holds them to that: every card thrown away gives the declarer's side more tricks."
            )
        if trump and not good & trump:
            return _(
                "Trumping does not help here: it gives the declarer's side more tricks; throw a card away instead."
            )
    costly = or_words([Card.parse(c.split(":")[0]).short_name for c in sorted(values) if c not in good])
    return _("What you keep matters: playing {cards} gives the declarer's side more tricks.").format(cards=costly)


def _beat_the_misere(rules: Rules, rng: Random) -> dict[str, Any]:
    """A misère ending, a defender to play: which cards force the declarer to win a trick?"""

    def some_escape(values: dict[str, int]) -> bool:  # some cards beat it, some let the declarer escape
        return min(values.values()) == 0 < max(values.values())

    deal, values = solver_ending(
        rules, rng, _defending, what=N_("defence endings"), contract=lambda r: Bid.misere(), decisive=some_escape
    )
    seat, declarer = deal.to_move, deal.declarer
    assert seat is not None and declarer is not None
    answer = sorted(code for code, v in values.items() if v > 0)
    choices = verdict_choices(values)
    beat = [c["label"] for c in choices if values[c["id"]] > 0]
    escape = [c["label"] for c in choices if values[c["id"]] == 0]
    name, who = rules.local_seat_name(declarer), rules.local_seat_name(seat)
    played = ", ".join(f"{rules.local_seat_name(s)} {c.short_name}" for s, c, _source in deal.trick)
    trick = played or _("nothing yet: a lead")
    partners = [rules.local_seat_name(s) for s in range(rules.players) if s != declarer and not deal.hands[s]]
    parts = [
        _(
            "{declarer} is playing misère (no trumps; the declarer must take no trick) and has taken none so far."
        ).format(declarer=name)
    ]
    if partners:
        seats = partners[0]
        for other in partners[1:]:
            seats = _("{items} and {last}").format(items=seats, last=other)
        parts.append(ngettext("{seats} sits out.", "{seats} sit out.", len(partners)).format(seats=seats))
    parts.append(
        _(
            "Everyone's cards are shown. Trick so far: {trick}. You are {seat} (a defender), to play. "
            "Which card(s) force {declarer} to take a trick, whatever {declarer} does? Pick every such card."
        ).format(trick=trick, seat=who, declarer=name)
    )
    if escape:
        verdict = _(
            "With best play from here, {declarer} must take a trick after {beat}; after {escape}, {declarer} can escape."
        )
    else:
        verdict = _("With best play from here, {declarer} must take a trick after {beat}.")
    question = verdict_question(rules, deal, values)
    question.update(
        {
            "prompt": " ".join(parts),
            "answer": answer,
            "choices": choices,
            "explanation": verdict.format(declarer=name, beat=", ".join(beat), escape=", ".join(escape))
            + " "
            + _(
                "Against a misère, lead low under the declarer, in a suit where the declarer holds a higher "
                "card than yours; play under a card of the declarer's that is winning; a high card is worth playing "
                "only to take the lead for the defender who holds that low card, otherwise throw it away when you "
                "cannot follow suit."
            ),
        }
    )
    return question
