"""The solver's verdicts in words, in the reader's language: what ``annotate`` writes at a critical moment,
and what a replay in another language says again from a note's figures (the record keeps the English)."""

from __future__ import annotations

from typing import Any

from ..actions import Play
from ..deal import Deal
from ..explain import action_label, play_label
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..i18n import ngettext
from ..solver import DOUBLE_DUMMY_NOTE

__all__ = ["double_dummy_note", "made", "note_text"]


def made(deal: Deal, value: int) -> bool:
    assert deal.contract is not None
    if deal.contract.is_misere:
        return value == 0
    return value >= deal.contract.tricks


def _describe(deal: Deal, action_text: str, note: dict[str, Any], best_text: str) -> str:
    """The verdict in words, in the reader's language (English: "Double dummy: …", which the replay
    says in plain words, "With every hand in view, …")."""
    assert deal.contract is not None and deal.declarer is not None
    rules = deal.rules
    value, after, cost = note["value"], note["after"], note["cost"]
    misere = deal.contract.is_misere
    if misere:
        who = rules.local_seat_name(deal.declarer)
        if value == 0:
            # Translators: "Double dummy": with every hand in view (the solver's verdict); {seat} the misère declarer
            before = _("Double dummy: the declarer ({seat}) can keep clear of every trick.").format(seat=who)
        else:
            before = _("Double dummy: the defence can force {seat} to take a trick.").format(seat=who)
    else:
        # Translators: {side} the declaring side ("North–South") or the declarer's seat
        before = ngettext(
            "Double dummy: {side} can take {n} trick.", "Double dummy: {side} can take {n} tricks.", value
        ).format(side=rules.local_side_name(rules.side_of(deal.declarer)), n=value)
    values = {"action": action_text, "best": best_text, "n": cost, "value": value, "after": after}
    if cost == 0:
        # Translators: {action} the card played (J♦); {best} the other cards as good ("A♥ or K♥")
        then = _("{action} keeps that (as would {best}).") if best_text else _("{action} keeps that.")
    elif misere:
        if after == 0:
            then = _("{action} lets the declarer escape; {best} was the card.")
        else:
            then = _("{action} hands the declarer a trick; {best} was the card.")
    elif made(deal, value) == made(deal, after):
        # Translators: {value} → {after}: the tricks the declaring side can take before and after the card
        then = ngettext(
            "{action} costs {n} trick: {value} → {after}. Best was {best}.",
            "{action} costs {n} tricks: {value} → {after}. Best was {best}.",
            cost,
        )
    elif made(deal, value):
        then = ngettext(
            "{action} costs {n} trick — and the contract with it: {value} → {after}. Best was {best}.",
            "{action} costs {n} tricks — and the contract with it: {value} → {after}. Best was {best}.",
            cost,
        )
    else:
        then = ngettext(
            "{action} costs {n} trick — enough to make the contract: {value} → {after}. Best was {best}.",
            "{action} costs {n} tricks — enough to make the contract: {value} → {after}. Best was {best}.",
            cost,
        )
    return before + " " + then.format(**values)


#: the solver's :data:`~fivehundred_tutor.solver.DOUBLE_DUMMY_NOTE`, marked for the catalogs
_DOUBLE_DUMMY_NOTE = N_(
    "2-player dummy layout: the face-down table cards are treated as known (double dummy), "
    "so the figures assume everyone can see them."
)


def double_dummy_note() -> str:
    """The 2-player game's note after an annotation, in the reader's language (English: the solver's own)."""
    return _(_DOUBLE_DUMMY_NOTE) if _DOUBLE_DUMMY_NOTE == DOUBLE_DUMMY_NOTE else DOUBLE_DUMMY_NOTE


def _either(texts: list[str]) -> str:
    """ "J♦", "J♦ or A♥", "J♦ or A♥ or K♥"."""
    text = texts[0]
    for more in texts[1:]:
        # Translators: alternatives among cards (card notation), "J♦ or A♥"
        text = _("{first} or {second}").format(first=text, second=more)
    return text


def note_text(deal: Deal, action: Any, note: dict[str, Any], best: list[Any] | None = None) -> str:
    """A critical moment's verdict in words, in the reader's language, from ``deal`` (the position before
    ``action``) and the note's figures (``best``: the best actions, else read from the note's codes).  The
    record keeps the English words; a replay in another language says them again with this."""
    if best is None:
        best = [deal.parse_action(code) for code in note["best"]]
    others = [a for a in best if a != action]
    best_text = (_either([_words(a) for a in others[:3]]) if others else "") + (" …" if len(others) > 3 else "")
    text = _describe(deal, _words(action), note, best_text)
    if deal.rules.players == 2:
        text += " " + double_dummy_note()
    return text


def _words(action: Any) -> str:
    """An action in card notation, in the reader's language: "J♦", "Joker (as ♠)", "8♠ from hand"."""
    return play_label(action) if isinstance(action, Play) else action_label(action)
