"""Puzzle themes, computed from the position and its solution (lichess tags its puzzles the same way).

Each detector reads the position at the decision (what every seat holds, the trick, the contract),
the best choice and the lines the solver plays after each choice.  A puzzle has every theme whose
detector fires, and always one of ``declarer-play`` / ``defence`` (in misère, the escape or the
defence), so that each puzzle belongs to some drill.

The themes, as a learner reads them (:data:`THEMES`), with each theme's lesson in general
(:data:`LESSONS`); a verdict's lesson is chosen by :mod:`.lessons`, only where the puzzle shows it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from ..actions import Action, Play
from ..cards import Card
from ..deal import Deal
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..rules import NO_SUIT

__all__ = ["LESSONS", "THEMES", "Decision", "detect_themes", "lesson", "theme_name"]

#: theme → its name for a learner
THEMES: dict[str, str] = {
    "opening-lead": N_("The opening lead"),
    "drawing-trumps": N_("Drawing trumps"),
    "bower-guard": N_("Keeping a bower guarded"),
    "ruffing": N_("Ruffing"),
    "crossruff": N_("Crossruffing"),
    "joker-no-trumps": N_("The joker in no trumps"),
    "joker-suit": N_("Naming the joker's suit"),
    "entries": N_("Entries: reaching partner"),
    "unblocking": N_("Unblocking"),
    "ducking": N_("Ducking"),
    "endplay": N_("End-play (throw-in)"),
    "second-hand": N_("Second hand in defence"),
    "third-hand": N_("Third hand in defence"),
    "counting-kitty": N_("Counting the kitty"),
    "misere-escape": N_("Escaping in misère"),
    "misere-defence": N_("Defending against misère"),
    "two-player": N_("Two players: hand and table"),
    "three-player": N_("Three players"),
    "declarer-play": N_("Declarer play"),
    "defence": N_("Defence"),
    "judging-hand": N_("Judging a hand (bidding)"),
    "discarding": N_("Discarding after the kitty"),
}

#: theme → the lesson a verdict names
LESSONS: dict[str, str] = {
    "opening-lead": N_(
        "The first lead of the hand sets the plan: count your winners and your losers before you choose it."
    ),
    "drawing-trumps": N_("Draw the opponents' trumps while you hold the top ones, so they cannot ruff your winners."),
    "bower-guard": N_("A bower that is not yet the top trump needs a lower trump beside it: keep it guarded."),
    "ruffing": N_("When you are out of the suit led, a trump can take the trick."),
    "crossruff": N_("With short suits in both hands, ruff back and forth instead of drawing trumps."),
    "joker-no-trumps": N_("In no trumps the joker wins any trick it is played to: choose the trick it takes."),
    "joker-suit": N_("Led in no trumps, the joker names the suit the others must follow: name the one that helps you."),
    "entries": N_("Keep a way to reach your partner's winners, and use it at the right time."),
    "unblocking": N_("Play your high card early so it does not block the suit your side is running."),
    "ducking": N_("Sometimes you should let a trick go, to keep control of the suit for later."),
    "endplay": N_("Give the lead away at the right moment, so the opponent must lead into your winners."),
    "second-hand": N_("Second hand usually plays low; know when to break the rule."),
    "third-hand": N_("Third hand usually plays high; know when a lower card does better."),
    "counting-kitty": N_("Remember the cards that went out with the kitty: they change which cards are winners."),
    "misere-escape": N_("In misère, get rid of the dangerous cards while someone else is sure to win the trick."),
    "misere-defence": N_("Against misère, keep the low cards that force the declarer to win a trick."),
    "two-player": N_("In the two-player game, whether you win with a hand or a table card decides who plays next."),
    "three-player": N_(
        "With three players, the declarer plays alone against the other two, who defend together for the hand;"
        " but each defender scores only the tricks they take themselves."
    ),
    "declarer-play": N_("Count your tricks, and plan the play before the first card."),
    "defence": N_("Work with your partner: count the declarer's tricks and find where yours will come from."),
    "judging-hand": N_(
        "Bid the level your hand makes often enough to score most on average, not the most it could take."
    ),
    "discarding": N_(
        "Discard what cannot take a trick and keep what can: a void to ruff, a guard for a king, every trump."
    ),
}


@dataclasses.dataclass(frozen=True)
class Decision:
    """A puzzle at the moment of choice: the position, the solver's values, the answer and the lines.

    ``lines`` maps one action of each class (the best class included) to its line to the end of the
    hand; ``winners`` maps the same actions to the winners of the tricks their lines complete.
    """

    deal: Deal
    seat: int
    values: Mapping[Action, int]
    best: frozenset[Action]
    lines: Mapping[Action, Sequence[Action]]
    winners: Mapping[Action, Sequence[int]]

    @property
    def best_one(self) -> Action:
        return next(a for a in self.lines if a in self.best)

    @property
    def losers(self) -> list[Action]:
        return [a for a in self.lines if a not in self.best]


def _cards(actions: Sequence[Action] | frozenset[Action]) -> list[Play]:
    return [a for a in actions if isinstance(a, Play)]


def detect_themes(d: Decision) -> tuple[str, ...]:
    """Every theme of the decision, in the order of :data:`THEMES`."""
    deal, seat = d.deal, d.seat
    rules, contract = deal.rules, deal.contract
    assert contract is not None and deal.declarer is not None
    table = rules.table(contract, deal.joker_fixed)
    suit_of, power, trump = table.suit_of, table.power, table.trump
    side = rules.side_of(seat)
    declaring = side == rules.side_of(deal.declarer)
    found: set[str] = set()
    best_cards = _cards(d.best)
    best = best_cards[0] if best_cards else None
    trick = list(deal.trick)
    opponents = [s for s in deal.active if rules.side_of(s) != side]
    partners = [s for s in deal.active if s != seat and rules.side_of(s) == side]
    # who wins the current trick on the best line and on the others
    first_winner = {a: (w[0] if w else None) for a, w in d.winners.items()}
    best_takes = first_winner.get(d.best_one)

    def side_wins(winner: int | None) -> bool:
        return winner is not None and rules.side_of(winner) == side

    if not deal.tricks and not trick:
        found.add("opening-lead")
    if contract.is_misere:
        found.add("misere-escape" if seat == deal.declarer else "misere-defence")
    else:
        found.add("declarer-play" if declaring else "defence")
    if rules.players == 2:
        found.add("two-player")
    if rules.players == 3:
        found.add("three-player")
    if best is None:
        return tuple(t for t in THEMES if t in found)
    best_suit = suit_of[best.card.index]
    is_trump = trump != NO_SUIT and best_suit == trump
    if trump != NO_SUIT and not contract.is_misere:
        opp_trumps = sum(1 for s in opponents for c in deal.hands[s] if suit_of[c.index] == trump)
        if (
            declaring
            and not trick
            and is_trump
            and opp_trumps
            and any(suit_of[a.card.index] != trump for a in _cards(d.losers))
        ):
            found.add("drawing-trumps")
        if trick:
            led = suit_of[trick[0][1].index]
            if led != trump and is_trump:
                found.add("ruffing")
        if _keeps_a_bower_guarded(d, opponents, suit_of, power, trump):
            found.add("bower-guard")
        if declaring and partners:
            line = list(d.lines[d.best_one])
            ruffs = ruffs_along(deal, line, [seat, *partners], suit_of, trump)
            # the choice is part of it: the trick the best card plays to is ruffed by the side (the card itself, or
            # a lead that partner ruffs), not a crossruff that comes later whatever is played now
            now = ruffs_along(deal, line, [seat, *partners], suit_of, trump, this_trick_only=True)
            if all(ruffs.get(s, 0) >= 1 for s in [seat, *partners]) and sum(ruffs.values()) >= 3 and now:
                found.add("crossruff")
    if contract.trump is None:
        holds_joker = any(c.is_joker for c in deal.hands[seat])
        joker_choices = [a for a in d.lines if isinstance(a, Play) and a.card.is_joker]
        if holds_joker and (best.card.is_joker or joker_choices):
            found.add("joker-no-trumps")
        nominations = {a for a in deal.legal_actions() if isinstance(a, Play) and a.joker_suit is not None}
        if best.joker_suit is not None and not nominations <= d.best:
            found.add("joker-suit")
    # the mover's choice puts partner on lead, where the other choices do not
    if partners and best_takes in partners and all(first_winner.get(a) not in partners for a in d.losers):
        found.add("entries")
    if trick and not contract.is_misere:
        leader = deal.trick_leader()
        assert leader is not None
        led = suit_of[trick[0][1].index]
        if (
            leader[0] in partners
            and best_suit == led
            and any(
                suit_of[a.card.index] == led and power[a.card.index] < power[best.card.index] for a in _cards(d.losers)
            )
        ):
            found.add("unblocking")
        if not deal.would_win(best.card) and any(deal.would_win(a.card) for a in _cards(d.losers)):
            found.add("ducking")
        if not declaring and rules.players == 4:
            if len(trick) == 1:
                found.add("second-hand")
            elif len(trick) == 2:
                found.add("third-hand")
    tricks_left = len(deal.hands[seat]) + (0 if deal.table is None else len(deal.table_up(seat)))
    if (
        not trick
        and not contract.is_misere
        and tricks_left <= 5
        and best_takes is not None
        and not side_wins(best_takes)
        and any(side_wins(first_winner.get(a)) for a in d.losers)
    ):
        found.add("endplay")
    if deal.discards and not contract.is_misere:
        out_above = [
            c for c in deal.discards if suit_of[c.index] == best_suit and power[c.index] > power[best.card.index]
        ]
        live_above = [
            c
            for s in deal.active
            if s != seat
            for c in deal.hands[s]
            if suit_of[c.index] == best_suit and power[c.index] > power[best.card.index]
        ]
        # only the declarer saw the discards: a defender cannot count them
        if seat == deal.declarer and out_above and not live_above and side_wins(best_takes):
            found.add("counting-kitty")
    return tuple(t for t in THEMES if t in found)


def _keeps_a_bower_guarded(
    d: Decision, opponents: Sequence[int], suit_of: Sequence[int], power: Sequence[int], trump: int
) -> bool:
    """The best card keeps a bower guarded that a losing card leaves to fall.

    A bower under an opponent's higher trump survives their trump leads only with lower trumps beside
    it.  The theme holds when the best card keeps the bower and its guards (the bower is not lost to the
    opponents on the best line), and a losing card spends a guard, after which the bower falls under
    the higher trump on that card's line."""
    deal, seat = d.deal, d.seat
    mine = [c for c in deal.hands[seat] if suit_of[c.index] == trump]
    theirs = [power[c.index] for s in opponents for c in deal.hands[s] if suit_of[c.index] == trump]
    best = d.best_one
    for bower in (c for c in mine if power[c.index] in (98, 99)):
        if not any(p > power[bower.index] for p in theirs):
            continue
        guards = [c for c in mine if power[c.index] < power[bower.index]]
        if not guards or not isinstance(best, Play) or best.card in (bower, *guards):
            continue
        if _falls(deal, d.lines[best], bower, opponents):
            continue
        if any(
            isinstance(a, Play) and a.card in guards and _falls(deal, d.lines[a], bower, opponents) for a in d.losers
        ):
            return True
    return False


def _falls(deal: Deal, line: Sequence[Action], card: Card, opponents: Sequence[int]) -> bool:
    """Whether ``card`` goes to a trick the opponents win along ``line`` (``deal`` is left as it was)."""
    done = len(deal.tricks)
    pushed = 0
    try:
        for action in line:
            deal.push(action)
            pushed += 1
        return any(card in t.cards and t.winner in opponents for t in deal.tricks[done:])
    finally:
        for _ in range(pushed):
            deal.pop()


def ruffs_along(
    deal: Deal,
    line: Sequence[Action],
    seats: Sequence[int],
    suit_of: Sequence[int],
    trump: int,
    *,
    this_trick_only: bool = False,
) -> dict[int, int]:
    """How many times each of ``seats`` ruffs (a trump on another suit's lead) along ``line`` (or, with
    ``this_trick_only``, in the trick on the table or the one the line's first card leads)."""
    out: dict[int, int] = {}
    pushed = 0
    done = len(deal.tricks)
    try:
        for action in line:
            if this_trick_only and len(deal.tricks) > done:
                break
            mover = deal.to_move
            if isinstance(action, Play) and deal.trick and mover is not None and mover in seats:
                led = suit_of[deal.trick[0][1].index]
                if led != trump and suit_of[action.card.index] == trump:
                    out[mover] = out.get(mover, 0) + 1
            deal.push(action)
            pushed += 1
    finally:
        for _ in range(pushed):
            deal.pop()
    return out


def lesson(theme: str) -> str:
    """The theme's lesson in the reader's language."""
    return _(LESSONS[theme])


def theme_name(theme: str) -> str:
    """The theme's name in the reader's language: ``'Drawing trumps'``."""
    return _(THEMES[theme])
