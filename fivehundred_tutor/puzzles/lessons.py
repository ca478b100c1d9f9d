"""The one-line lesson a puzzle's verdict teaches, and the note on the rule of thumb that fails:
each derived from the position and the solver's lines, and said only when it is true of them.

A theme names what a position is about; its lesson says what to do.  A lesson is kept only when the
position and the solution show it (a "ruff with a small trump" lesson only when the best card is the
seat's lowest trump and takes the trick), else the next theme's, else the contract's general one.  A
misère puzzle always gets a misère lesson, named from what its best line shows: ducking under, keeping
a low card as an exit, throwing a high card while a higher one is out; for a defender, playing under
the declarer, keeping a low card to give him a trick, taking the lead to give him one later.
tests/puzzles/test_lessons.py checks every puzzle of the bank against what each lesson says.

>>> from fivehundred_tutor.puzzles import load_bank
>>> from fivehundred_tutor.puzzles.words import puzzle_card
>>> card = puzzle_card(next(p for p in load_bank() if p.id == "suit-1554-30"))
>>> card["lesson_key"], "small trump" in card["lesson"]
('ruff-high', False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from ..actions import Action, Play
from ..cards import Card
from ..deal import Deal
from ..i18n import gettext as _
from ..i18n import ngettext
from ..rules import NO_SUIT
from .themes import THEMES, ruffs_along, theme_name

__all__ = ["Lesson", "choose_lesson", "teach", "thumb_note"]

#: the line after an action (its first action is the action itself), as the bank keeps it
LineOf = Callable[[Action], Sequence[Action]]
#: the tricks an action costs against the best, as its verdict says ("6♦ costs 2 tricks")
CostOf = Callable[[Action], int]


@dataclasses.dataclass(frozen=True)
class Lesson:
    """A lesson: its key (what it claims, for the tests) and its words."""

    key: str
    text: str


@dataclasses.dataclass(frozen=True)
class _Trick:
    plays: tuple[tuple[int, Card], ...]
    winner: int
    number: int


def _tricks(deal: Deal, line: Sequence[Action]) -> list[_Trick]:
    """The tricks the line completes (the one on the table first)."""
    done = len(deal.tricks)
    pushed = 0
    try:
        for action in line:
            deal.push(action)
            pushed += 1
        return [
            _Trick(tuple((s, c) for s, c, _src in t.plays), t.winner, done + i + 1)
            for i, t in enumerate(deal.tricks[done:])
        ]
    finally:
        for _i in range(pushed):
            deal.pop()


def _name(card: Card) -> str:
    return _("the joker") if card.is_joker else str(card)


class _Position:
    """What the lessons read: the position, the legal cards, the best class and its line."""

    def __init__(
        self,
        deal: Deal,
        seat: int,
        best: frozenset[Action],
        line_of: LineOf,
        shown: Action | None = None,
        cost_of: CostOf | None = None,
    ) -> None:
        self.deal, self.seat, self.best, self.line_of, self.cost_of = deal, seat, best, line_of, cost_of
        rules, contract = deal.rules, deal.contract
        assert contract is not None and deal.declarer is not None
        self.contract, self.declarer = contract, deal.declarer
        table = rules.table(contract, deal.joker_fixed)
        self.suit_of, self.power, self.trump = table.suit_of, table.power, table.trump
        self.plays = [a for a in deal.legal_actions() if isinstance(a, Play)]
        self.best_plays = [a for a in self.plays if a in best]
        if isinstance(shown, Play) and shown in self.best_plays:
            # the best card whose line the verdict shows first: the lesson names the card that line plays
            self.best_plays.remove(shown)
            self.best_plays.insert(0, shown)
        self.best_card: Card | None = self.best_plays[0].card if self.best_plays else None
        self.trick = list(deal.trick)
        self.led = self.suit_of[self.trick[0][1].index] if self.trick else None
        self.following = [p for p in self.plays if self.led is not None and self.suit_of[p.card.index] == self.led]
        self.leader = deal.trick_leader()
        self.side = rules.side_of(seat)
        self.partners = [s for s in deal.active if s != seat and rules.side_of(s) == self.side]
        self.opponents = [s for s in deal.active if rules.side_of(s) != self.side]
        self.best_tricks = _tricks(deal, line_of(self.best_plays[0])) if self.best_plays else []

    def is_trump(self, card: Card) -> bool:
        return self.trump != NO_SUIT and self.suit_of[card.index] == self.trump

    def low(self, plays: Sequence[Play]) -> Play:
        """The lowest card: a side card before a trump, the joker last."""
        return min(plays, key=lambda p: (self.is_trump(p.card), p.card.is_joker, self.power[p.card.index]))

    def high(self, plays: Sequence[Play]) -> Play:
        return max(plays, key=lambda p: self.power[p.card.index])

    def best_has(self, play: Play) -> bool:
        return play in self.best

    def cost(self, plays: Sequence[Play]) -> int | None:
        """The tricks each of ``plays`` costs, as their verdicts say, when they all cost the same (else None:
        a lesson that says "a lower card costs n tricks" must be true of every lower card)."""
        if self.cost_of is None or not plays:
            return None
        costs = {self.cost_of(a) for a in plays}
        return costs.pop() if len(costs) == 1 else None

    def first_winner(self, action: Action) -> int | None:
        tricks = _tricks(self.deal, self.line_of(action))
        return tricks[0].winner if tricks else None

    @property
    def best_first_winner(self) -> int | None:
        return self.best_tricks[0].winner if self.best_tricks else None

    def ours(self, winner: int | None) -> bool:
        return winner is not None and self.deal.rules.side_of(winner) == self.side

    def partner_winning(self) -> bool:
        """A partner (not the seat itself) holds the winning card of the trick on the table."""
        return self.leader is not None and self.leader[0] in self.partners

    def under(self, card: Card, winner: Card) -> bool:
        """``card`` is of ``winner``'s suit and lower: played to ``winner``'s trick, it goes under it."""
        if card.is_joker or winner.is_joker:
            return False
        suit = self.suit_of[winner.index]
        return (
            suit != NO_SUIT and self.suit_of[card.index] == suit and self.power[card.index] < self.power[winner.index]
        )

    def later_trick_with(self, card: Card) -> _Trick | None:
        """The trick of the best line, after this one, to which the seat plays ``card``."""
        for t in self.best_tricks[1:]:
            if any(s == self.seat and c == card for s, c in t.plays):
                return t
        return None


# ------------------------------------------------------------------ suit and no-trump contracts


def _suit_lesson(p: _Position, theme: str) -> Lesson | None:
    """The theme's lesson when the position and the solution show it, else None."""
    deal, best = p.deal, p.best_card
    if best is None:
        return None
    rules = deal.rules
    if theme == "opening-lead":
        if not deal.tricks and not p.trick:
            return Lesson(
                "opening-lead",
                _("The first lead of the hand sets the plan: count your winners and your losers before you choose it."),
            )
    elif theme == "drawing-trumps":
        opp_trumps = any(p.is_trump(c) for s in p.opponents for c in deal.hands[s])
        if not p.trick and p.is_trump(best) and opp_trumps and p.side == rules.side_of(p.declarer):
            return Lesson(
                "drawing-trumps", _("Lead trumps to draw the opponents' trumps, so they cannot ruff your winners.")
            )
    elif theme == "bower-guard":
        mine = [c for c in deal.hands[p.seat] if p.is_trump(c)]
        live_top = max((p.power[c.index] for s in deal.active for c in deal.hands[s] if p.is_trump(c)), default=0)
        guarded = [c for c in mine if p.power[c.index] in (98, 99) and p.power[c.index] < live_top]
        if guarded and len(mine) == 2 and not p.is_trump(best):
            return Lesson(
                "bower-guard",
                _("A bower that is not yet the top trump needs a lower trump beside it: keep it guarded."),
            )
    elif theme == "ruffing":
        return _ruff_lesson(p)
    elif theme == "crossruff":
        if p.partners and p.side == rules.side_of(p.declarer):
            ruffs = ruffs_along(deal, list(p.line_of(p.best_plays[0])), [p.seat, *p.partners], p.suit_of, p.trump)
            if all(ruffs.get(s, 0) >= 1 for s in [p.seat, *p.partners]) and sum(ruffs.values()) >= 3:
                return Lesson(
                    "crossruff", _("With short suits in both hands, ruff back and forth instead of drawing trumps.")
                )
    elif theme == "joker-no-trumps":
        if p.contract.trump is None and any(c.is_joker for c in deal.hands[p.seat]):
            return Lesson(
                "joker-no-trumps",
                _("In no trumps the joker wins any trick it is played to: choose the trick it takes."),
            )
    elif theme == "joker-suit":
        if p.best_plays[0].joker_suit is not None:
            return Lesson(
                "joker-suit",
                _("Led in no trumps, the joker names the suit the others must follow: name the one that helps you."),
            )
    elif theme == "entries":
        if p.best_first_winner in p.partners:
            return Lesson("entries", _("Keep a way to reach your partner's winners, and use it at the right time."))
    elif theme == "unblocking":
        lower = [
            a
            for a in p.following
            if a not in p.best and p.power[a.card.index] < p.power[best.index] and not p.is_trump(a.card)
        ]
        cost = p.cost(lower)
        if p.leader is not None and p.trick[0][0] in p.partners and p.best_plays[0] in p.following and cost:
            return Lesson(
                "unblocking",
                ngettext(
                    "Following your partner's lead, a lower card of the suit costs a trick here: play the high one,"
                    " so it does not block your side's suit.",
                    "Following your partner's lead, a lower card of the suit costs {n} tricks here: play the high"
                    " one, so it does not block your side's suit.",
                    cost,
                ).format(n=cost),
            )
    elif theme == "ducking":
        if p.trick and not deal.would_win(best) and not p.ours(p.best_first_winner):
            return Lesson("ducking", _("Sometimes you should let a trick go, to keep control of the suit for later."))
    elif theme == "endplay":
        if not p.trick and p.best_first_winner is not None and not p.ours(p.best_first_winner):
            return Lesson(
                "endplay", _("Give the lead away at the right moment, so the opponent must lead into your winners.")
            )
    elif theme in ("second-hand", "third-hand"):
        return _hand_lesson(p, theme)
    elif theme == "counting-kitty":
        if deal.discards and p.ours(p.best_first_winner):
            return Lesson(
                "counting-kitty",
                _("Remember the cards that went out with the kitty: they change which cards are winners."),
            )
    elif theme == "two-player":
        if rules.players == 2:
            return Lesson(
                "two-player",
                _("In the two-player game, whether you win with a hand or a table card decides who plays next."),
            )
    elif theme == "three-player" and rules.players == 3:
        return Lesson(
            "three-player",
            _(
                "With three players, the declarer plays alone against the other two, who defend together for the"
                " hand; but each defender scores only the tricks they take themselves."
            ),
        )
    return None


def _ruff_lesson(p: _Position) -> Lesson | None:
    best = p.best_card
    assert best is not None
    if not p.trick or p.led == p.trump or not p.is_trump(best) or p.following:
        return None
    trumps = [a for a in p.plays if p.is_trump(a.card)]
    lowest = p.low(trumps)
    higher = [a for a in trumps if a not in p.best and p.power[a.card.index] > p.power[lowest.card.index]]
    if p.best_has(lowest) and higher and p.ours(p.best_first_winner):
        return Lesson(
            "ruff-small",
            _(
                "Out of the suit led, ruff with your smallest trump: it takes the trick, and {card} stays for later."
            ).format(card=_name(p.high(higher).card)),
        )
    lower = sorted(
        (a for a in trumps if a not in p.best and p.power[a.card.index] < p.power[best.index]),
        key=lambda a: -p.power[a.card.index],
    )
    for a in lower:
        winner = p.first_winner(a)
        if winner is not None and not p.ours(winner):
            return Lesson(
                "ruff-high",
                _("Out of the suit led, ruff high enough: {card} would be overruffed by {seat}.").format(
                    card=_name(a.card), seat=p.deal.rules.local_seat_name(winner)
                ),
            )
    if p.ours(p.best_first_winner):
        return Lesson(
            "ruffing",
            _("Out of the suit led, a trump takes the trick: here it is worth spending {card}.").format(
                card=_name(best)
            ),
        )
    return None


def _hand_lesson(p: _Position, theme: str) -> Lesson | None:
    rules = p.deal.rules
    defending = p.side != rules.side_of(p.declarer)
    if not defending or rules.players != 4 or not p.following or p.best_plays[0] not in p.following:
        return None
    if theme == "second-hand" and len(p.trick) == 1:
        if p.best_has(p.low(p.following)):
            lowest = p.power[p.low(p.following).card.index]
            cost = p.cost([a for a in p.following if a not in p.best and p.power[a.card.index] > lowest])
            if not cost:
                return None
            return Lesson(
                "second-hand-low",
                ngettext(
                    "Second hand plays low: here a higher card costs a trick.",
                    "Second hand plays low: here a higher card costs {n} tricks.",
                    cost,
                ).format(n=cost),
            )
        cost = p.cost([p.low(p.following)])
        if not cost:
            return None
        return Lesson(
            "second-hand-high",
            ngettext(
                "Second hand usually plays low, but not here: {card} is best, and your lowest card costs a trick.",
                "Second hand usually plays low, but not here: {card} is best, and your lowest card costs {n} tricks.",
                cost,
            ).format(card=_name(p.high(p.best_plays).card), n=cost),
        )
    if theme == "third-hand" and len(p.trick) == 2:
        if p.best_has(p.high(p.following)):
            highest = p.power[p.high(p.following).card.index]
            cost = p.cost([a for a in p.following if a not in p.best and p.power[a.card.index] < highest])
            if not cost:
                return None
            return Lesson(
                "third-hand-high",
                ngettext(
                    "Third hand plays high: here a lower card costs a trick.",
                    "Third hand plays high: here a lower card costs {n} tricks.",
                    cost,
                ).format(n=cost),
            )
        cost = p.cost([p.high(p.following)])
        if not cost:
            return None
        return Lesson(
            "third-hand-low",
            ngettext(
                "Third hand usually plays high, but not here: {card} is best, and your highest card costs a trick.",
                "Third hand usually plays high, but not here: {card} is best, and your highest card costs {n} tricks.",
                cost,
            ).format(card=_name(p.low(p.best_plays).card), n=cost),
        )
    return None


def _general_suit_lesson(p: _Position) -> Lesson:
    rules = p.deal.rules
    if p.partner_winning() and p.best_has(p.low(p.plays)):
        return Lesson("partner-winning", _("Your partner is winning the trick: play low and keep your high cards."))
    if p.side == rules.side_of(p.declarer):
        return Lesson("declarer-play", _("Count your tricks, and plan the play to the end of the hand."))
    return Lesson("defence", _("Count the declarer's tricks, and find where your side's tricks will come from."))


# ------------------------------------------------------------------ misère


def _misere_declarer(p: _Position) -> Lesson:
    deal, best = p.deal, p.best_card
    assert best is not None
    escapes = not any(t.winner == p.declarer for t in p.best_tricks)
    first = p.best_first_winner
    if p.trick and p.following and p.best_plays[0] in p.following and first != p.declarer:
        under = [a for a in p.following if not deal.would_win(a.card)]
        if under and p.best_has(p.high(under)) and len(p.following) > 1:
            return Lesson(
                "misere-duck",
                _(
                    "Duck under: play your highest card that still loses the trick ({card}), and keep the lower ones"
                    " to lose later tricks."
                ).format(card=_name(best)),
            )
    if p.trick and not p.following and first != p.declarer:
        same = [c for c in deal.hands[p.seat] if p.suit_of[c.index] == p.suit_of[best.index]]
        if best.is_joker or p.power[best.index] == max(p.power[c.index] for c in same):
            return Lesson(
                "misere-discard",
                _(
                    "Out of the suit led, throw a dangerous high card: {card} goes now, while another player wins the trick."
                ).format(card=_name(best)),
            )
    low = p.low(p.plays)
    if not p.best_has(low):
        later = p.later_trick_with(low.card)
        if later is not None and later.winner != p.declarer:
            return Lesson(
                "misere-exit",
                _("Keep a low card as an exit: {card} now, and {low} loses trick {n} later.").format(
                    card=_name(best), low=_name(low.card), n=later.number
                ),
            )
    suit = p.suit_of[best.index]
    higher_out = any(
        p.suit_of[c.index] == suit and p.power[c.index] > p.power[best.index]
        for s in deal.active
        if s != p.seat
        for c in deal.hands[s]
    )
    mine_in_suit = [c for c in deal.hands[p.seat] if p.suit_of[c.index] == suit]
    if (
        higher_out
        and first != p.declarer
        and first is not None
        and p.power[best.index] == max(p.power[c.index] for c in mine_in_suit)
        and len(mine_in_suit) > 1
    ):
        return Lesson(
            "misere-rid",
            _("Get rid of {card} now, while a higher card of its suit is still out to beat it.").format(
                card=_name(best)
            ),
        )
    if escapes:
        return Lesson(
            "misere-escape",
            _("In misère the declarer must lose every trick: {card} keeps every trick to the end losable.").format(
                card=_name(best)
            ),
        )
    return Lesson(
        "misere-fewest",
        _("In misère the declarer must lose every trick: every other card here makes you win more tricks."),
    )


def _misere_defender(p: _Position) -> Lesson:
    deal, best = p.deal, p.best_card
    assert best is not None
    rules = deal.rules
    first = p.best_first_winner
    declarer = rules.local_seat_name(p.declarer)
    if first == p.declarer and p.best_tricks:
        his = next(c for s, c in p.best_tricks[0].plays if s == p.declarer and p.best_tricks[0].winner == s)
        if p.trick:
            return Lesson(
                "misere-under",
                _("Against misère, keep a card under the declarer's: {seat} must win this trick with {card}.").format(
                    seat=declarer, card=_name(his)
                ),
            )
        return Lesson(
            "misere-lead-under",
            _("Against misère, lead where the declarer must go over you: {seat} wins this trick with {card}.").format(
                seat=declarer, card=_name(his)
            ),
        )
    taken = next((t for t in p.best_tricks if t.winner == p.declarer), None)
    if taken is not None and taken.number > p.best_tricks[0].number:
        # the trick the declarer must win, and his card that wins it
        his = next(c for s, c in taken.plays if s == p.declarer)
        mine = next((c for s, c in taken.plays if s == p.seat), None)
        if mine is not None and any(a.card == mine and a not in p.best for a in p.plays) and p.under(mine, his):
            return Lesson(
                "misere-keep-low",
                _(
                    "Against misère, keep {card}: at trick {n} it goes under {seat}'s {his}, and {seat} must win"
                    " that trick."
                ).format(card=_name(mine), n=taken.number, seat=declarer, his=_name(his)),
            )
        if p.under(his, best):
            return Lesson(
                "misere-danger",
                _(
                    "Against misère, get rid of {card} now: {seat} must win trick {n} with {his}, and your {card},"
                    " higher, could overtake it."
                ).format(card=_name(best), n=taken.number, seat=declarer, his=_name(his)),
            )
    if first is not None and first != p.declarer and first in deal.active and taken is not None:
        leads_next = p.best_tricks[1].plays[0][0] if len(p.best_tricks) > 1 else None
        if leads_next is not None and leads_next != p.declarer:
            return Lesson(
                "misere-take-lead",
                _(
                    "Against misère, a defender takes this trick to lead the next: from there {seat} is forced to win"
                    " trick {n}."
                ).format(seat=declarer, n=taken.number),
            )
    if taken is not None:
        return Lesson(
            "misere-defence",
            _(
                "Against misère, keep the low cards that force the declarer to win a trick: here {seat} must win trick {n}."
            ).format(seat=declarer, n=taken.number),
        )
    return Lesson("misere-defence-try", _("Against misère, the defenders try to make the declarer win a trick."))


# ------------------------------------------------------------------ entry points


def choose_lesson(
    deal: Deal,
    seat: int,
    themes: Sequence[str],
    best: frozenset[Action],
    line_of: LineOf,
    shown: Action | None = None,
    cost_of: CostOf | None = None,
) -> tuple[str, Lesson]:
    """The theme the verdict names and its lesson: the first theme (in :data:`THEMES` order, the general
    declarer-play / defence last) whose lesson the position and the solution show; ``shown``: the best action
    whose line the verdict shows (by default the first best card); ``cost_of``: the tricks an action costs, as
    its verdict says (a lesson that names what a card costs, "your lowest card costs 2 tricks", needs it)."""
    return _choose(_Position(deal, seat, best, line_of, shown, cost_of), themes)


def _choose(p: _Position, themes: Sequence[str]) -> tuple[str, Lesson]:
    deal, seat = p.deal, p.seat
    named = [t for t in themes if t not in ("declarer-play", "defence")] or list(themes)
    if p.contract.is_misere:
        theme = "misere-escape" if seat == p.declarer else "misere-defence"
        if p.best_card is None:
            return theme, Lesson(theme, theme_name(theme))
        lesson = _misere_declarer(p) if seat == p.declarer else _misere_defender(p)
        return theme, lesson
    for theme in sorted(named, key=list(THEMES).index):
        found = _suit_lesson(p, theme)
        if found is not None:
            return theme, found
    general = _general_suit_lesson(p)
    theme = "declarer-play" if p.side == deal.rules.side_of(p.declarer) else "defence"
    return (named[0] if general.key == "partner-winning" and named else theme), general


def teach(
    deal: Deal,
    seat: int,
    themes: Sequence[str],
    thumb: tuple[str, str] | None,
    best: frozenset[Action],
    line_of: LineOf,
    shown: Action | None = None,
    cost_of: CostOf | None = None,
) -> tuple[str, Lesson, str, str, dict[str, str]]:
    """:func:`choose_lesson`, :func:`thumb_note` and each named theme's own lesson (for a theme drill) together:
    one reading of the position."""
    p = _Position(deal, seat, best, line_of, shown, cost_of)
    theme, lesson = _choose(p, themes)
    name, note = _note(p, thumb)
    return theme, lesson, name, note, _theme_lessons(p, themes)


def _theme_lessons(p: _Position, themes: Sequence[str]) -> dict[str, str]:
    """Each named theme's own lesson about the position, for the themes that have one: a theme drill teaches the
    theme drilled, not the one :func:`_choose` puts first (none in misère: its lesson is the misère one)."""
    if p.contract.is_misere:
        return {}
    found = {theme: _suit_lesson(p, theme) for theme in themes if theme not in ("declarer-play", "defence")}
    return {theme: lesson.text for theme, lesson in found.items() if lesson is not None}


def thumb_note(
    deal: Deal, seat: int, thumb: tuple[str, str] | None, best: frozenset[Action], line_of: LineOf
) -> tuple[str, str]:
    """The rule of thumb that loses here, and why, as ``(its name, the note)``; ``("", "")`` when the rule
    does not apply to the position or its card is best."""
    return _note(_Position(deal, seat, best, line_of), thumb)


def _note(p: _Position, thumb: tuple[str, str] | None) -> tuple[str, str]:
    from .thumb import RULE_WORDS

    if thumb is None:
        return "", ""
    deal, seat, line_of = p.deal, p.seat, p.line_of
    name, code = thumb
    action = deal.parse_action(code)
    if action in p.best:
        return "", ""
    if name in ("partner-winning", "own-winning"):
        if p.leader is None:
            return "", ""
        if deal.rules.players == 2:
            name = "own-winning" if p.leader[0] == seat else ""
        elif not p.partner_winning():
            name = ""
        if not name:
            return "", ""
    if name in ("highest-loser", "duck-under") and not any(deal.would_win(a.card) for a in p.plays):
        # every card loses the trick: "the highest card that still loses" picks nothing out, and is no rule here
        return "", ""
    words = RULE_WORDS[name]
    note = _("The usual rule — {rule} — loses here.").format(rule=_(words))
    tricks = _tricks(deal, line_of(action))
    if p.trick and tricks and not p.ours(tricks[0].winner) and name in ("partner-winning", "own-winning"):
        note += " " + _("{seat}, still to play, takes the trick with {card}.").format(
            seat=deal.rules.local_seat_name(tricks[0].winner),
            card=_name(_winning_card(deal, line_of(action), len(deal.tricks))),
        )
    return name, note


def _winning_card(deal: Deal, line: Sequence[Action], index: int) -> Card:
    """The card that wins trick ``index`` (0-based over the deal) along ``line``."""
    pushed = 0
    try:
        for action in line:
            deal.push(action)
            pushed += 1
            if len(deal.tricks) > index:
                return deal.tricks[index].winning_card
        raise ValueError("the line does not finish the trick")
    finally:
        for _i in range(pushed):
            deal.pop()
