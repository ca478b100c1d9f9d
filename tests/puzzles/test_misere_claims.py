"""Every misère puzzle's lesson, verdicts and rule-of-thumb note say only what the lines the verdict shows
show (the expert read of chapter 8's misère drill: "keep your low Q♦: later it goes under the declarer" where
North's 9♠ catches East and South's K♠ must go now, and the "low" card is only a discard in the trick the
declarer must win; "8♣ now" over a line that leads 7♣; "you must win trick 9 with 8♣" under a line shown to
trick 2; "play your highest card that still loses" where every card loses).

The checks read the learner's card (``puzzle_card``): the words, and the tricks of each choice's line as the
trainer shows them; each sentence must match one of the forms below, so a new form needs its own check here.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from fivehundred_tutor.actions import Play
from fivehundred_tutor.cards import Card
from fivehundred_tutor.puzzles import Puzzle, load_bank
from fivehundred_tutor.puzzles.words import puzzle_card
from fivehundred_tutor.rules import NO_SUIT

CARD = r"(the joker|(?:10|[2-9JQKA])[♠♣♦♥])"
SEAT = r"(North|East|South|West)"


def _card(words: str) -> Card:
    if words == "the joker":
        return Card.parse("JK")
    return Card.parse(words[:-1].replace("10", "T") + {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}[words[-1]])


def _misere_puzzles() -> list[Puzzle]:
    return [p for p in load_bank() if not p.figures and p.deal.contract is not None and p.deal.contract.is_misere]


def _played(code: str) -> Card:
    """The card of a play's code in a shown trick ("JK", "8C"; a 2-player code's source left out)."""
    parts = code.split(":")
    return Card.parse(parts[1] if parts[0] in ("h", "t") else parts[0])


class _Reader:
    """One puzzle's position and the lines its card shows."""

    def __init__(self, puzzle: Puzzle, card: dict[str, Any]) -> None:
        self.puzzle, self.card = puzzle, card
        self.deal = deal = puzzle.deal
        rules, contract = deal.rules, deal.contract
        assert contract is not None and deal.declarer is not None
        table = rules.table(contract, deal.joker_fixed)
        self.suit_of, self.power = table.suit_of, table.power
        self.seat, self.declarer = puzzle.seat, deal.declarer
        self.seat_of = {rules.seat_name(s): s for s in range(rules.players)}
        self.plays = [a for a in deal.legal_actions() if isinstance(a, Play)]
        self.best_class = next(c for c in card["classes"] if c["best"])
        self.best_line: list[dict[str, Any]] = self.best_class["line"]

    def trick(self, line: list[dict[str, Any]], number: int) -> dict[str, Any] | None:
        return next((t for t in line if t["number"] == number), None)

    def card_of(self, trick: dict[str, Any], seat: int) -> Card | None:
        return next((_played(code) for s, code, _src in trick["plays"] if s == seat), None)

    def winning_card(self, trick: dict[str, Any]) -> Card:
        return _played(trick["plays"][trick["win_index"]][1])

    def first_card(self) -> Card | None:
        """The card the seat plays now in the best line the card shows."""
        return self.card_of(self.best_line[0], self.seat) if self.best_line else None

    def under(self, low: Card, high: Card) -> bool:
        suit = self.suit_of[high.index]
        return (
            not low.is_joker
            and not high.is_joker
            and suit != NO_SUIT
            and self.suit_of[low.index] == suit
            and self.power[low.index] < self.power[high.index]
        )

    def declarer_wins(self, line: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [t for t in line if t["winner"] == self.declarer]

    def complete(self, line: list[dict[str, Any]]) -> bool:
        """The line, as shown, is legal from the position and plays the hand to its end (a led joker's suit,
        which a shown trick does not name, is any that lets the line be played)."""
        deal = self.puzzle.deal
        skip = len(deal.trick)
        cards = [(s, _played(code)) for trick in line for s, code, _src in trick["plays"]][skip:]

        def play(i: int) -> bool:
            if i == len(cards):
                return deal.is_over
            seat, card = cards[i]
            if deal.to_move != seat:
                return False
            for action in [a for a in deal.legal_actions() if isinstance(a, Play) and a.card == card]:
                deal.push(action)
                try:
                    if play(i + 1):
                        return True
                finally:
                    deal.pop()
            return False

        return play(0)

    def led_suit(self) -> int | None:
        return self.suit_of[self.deal.trick[0][1].index] if self.deal.trick else None

    def following(self) -> list[Play]:
        led = self.led_suit()
        return [a for a in self.plays if led is not None and self.suit_of[a.card.index] == led]


def _outcome_problems(r: _Reader, outcome: str, line: list[dict[str, Any]], where: str) -> list[str]:
    """ "South takes no trick: the misère succeeds" / "East must win trick 8: the misère fails"."""
    name = r.deal.rules.seat_name(r.declarer)
    out = []
    if outcome == f"{name} takes no trick: the misère succeeds":
        if r.declarer_wins(line) or not r.complete(line):
            out.append(f"{where}: {outcome!r}, but the line shown does not play the hand out trick-free")
    elif found := re.fullmatch(rf"{SEAT} must win trick (\d+): the misère fails", outcome):
        taken = r.declarer_wins(line)
        if found[1] != name or not taken or taken[0]["number"] != int(found[2]):
            out.append(f"{where}: {outcome!r}, but the line shown does not have the declarer win that trick first")
    else:
        out.append(f"{where}: an outcome with no check: {outcome!r}")
    return out


def _verdict_problems(r: _Reader) -> list[str]:
    out: list[str] = []
    pid = r.puzzle.id
    for cls in r.card["classes"]:
        verdict, line = cls["verdict"], cls["line"]
        if cls["best"]:
            found = re.fullmatch(r"(.+?): (.+)\.", verdict)
            assert found, verdict
            out += _outcome_problems(r, found[2], line, f"{pid} {cls['codes']}")
            continue
        found = re.fullmatch(r"(.+?) (costs the contract.*|lets .*)\. Best is (.+?): (.+)\.", verdict)
        if not found:
            out.append(f"{pid}: a verdict with no check: {verdict!r}")
            continue
        miss = found[2]
        out += _outcome_problems(r, found[4], r.best_line, f"{pid} best, in {verdict!r}")
        taken = r.declarer_wins(line)
        if m := re.fullmatch(r"costs the contract: you must win trick (\d+)(?: with " + CARD + ")?", miss):
            ok = (
                r.seat == r.declarer
                and bool(taken)
                and taken[0]["number"] == int(m[1])
                and (m[2] is None or r.winning_card(taken[0]) == _card(m[2]))
            )
            if not ok:
                out.append(f"{pid}: {verdict!r}, but the line shown is {line}")
        elif miss == "costs the contract":
            if r.seat != r.declarer:
                out.append(f"{pid}: {verdict!r} for a defender")
        elif m := re.fullmatch(SEAT + r" escape: \1 takes no trick and the misère succeeds", miss[len("lets ") :]):
            if r.seat_of[m[1]] != r.declarer or taken or not r.complete(line):
                out.append(f"{pid}: {verdict!r}, but the line shown does not play the hand out trick-free")
        else:
            out.append(f"{pid}: a verdict with no check: {verdict!r}")
    return out


def _lesson_problems(r: _Reader) -> list[str]:
    lesson, line, seat, declarer = r.card["lesson"], r.best_line, r.seat, r.declarer
    declarer_name = r.deal.rules.seat_name(declarer)
    first = r.first_card()
    best = r.puzzle.best
    out: list[str] = []

    def need(ok: bool, what: str) -> None:
        if not ok:
            out.append(f"{r.puzzle.id}: {what} ({lesson!r}; best line {line})")

    def trick(n: str) -> dict[str, Any]:
        found = r.trick(line, int(n))
        assert found is not None, f"{r.puzzle.id}: trick {n} is not in the line shown ({lesson!r})"
        return found

    if m := re.fullmatch(
        r"Against misère, keep " + CARD + r": at trick (\d+) it goes under " + SEAT + r"'s " + CARD
        + r", and \3 must win that trick\.",
        lesson,
    ):  # fmt: skip
        t, low, high = trick(m[2]), _card(m[1]), _card(m[4])
        need(m[3] == declarer_name and t["winner"] == declarer and r.card_of(t, declarer) == high, "declarer wins")
        need(r.card_of(t, seat) == low and r.under(low, high), "the kept card goes under the declarer's card")
        need(any(a.card == low and a not in best for a in r.plays), "the kept card is one the seat could play now")
        need(t is not line[0], "a later trick")
    elif m := re.fullmatch(
        r"Against misère, get rid of " + CARD + r" now: " + SEAT + r" must win trick (\d+) with " + CARD
        + r", and your \1, higher, could overtake it\.",
        lesson,
    ):  # fmt: skip
        t, card, his = trick(m[3]), _card(m[1]), _card(m[4])
        need(first == card, "the card the shown line plays now")
        need(m[2] == declarer_name and t["winner"] == declarer and r.winning_card(t) == his, "declarer wins")
        need(r.under(his, card), "the card thrown is higher in the declarer's winning suit")
        need(line[0]["winner"] != declarer, "the declarer does not win this trick")
    elif m := re.fullmatch(
        r"Against misère, a defender takes this trick to lead the next: from there " + SEAT
        + r" is forced to win trick (\d+)\.",
        lesson,
    ):  # fmt: skip
        taker = line[0]["winner"]
        need(taker not in (None, declarer) and len(line) > 1 and line[1]["plays"][0][0] == taker, "a defender leads")
        need(m[1] == declarer_name and trick(m[2])["winner"] == declarer, "the declarer wins that trick")
    elif m := re.fullmatch(
        r"Against misère, keep a card under the declarer's: " + SEAT + r" must win this trick with " + CARD + r"\.",
        lesson,
    ):
        t = line[0]
        need(bool(r.deal.trick) and t["winner"] == declarer and r.winning_card(t) == _card(m[2]), "declarer wins")
        mine = r.card_of(t, seat)
        need(mine is not None and (r.under(mine, _card(m[2])) or not r.following()), "the seat's card is under")
    elif m := re.fullmatch(
        r"Against misère, lead where the declarer must go over you: " + SEAT + r" wins this trick with " + CARD
        + r"\.",
        lesson,
    ):  # fmt: skip
        t = line[0]
        need(not r.deal.trick and t["winner"] == declarer and r.winning_card(t) == _card(m[2]), "declarer wins")
        need(first is not None and r.under(first, _card(m[2])), "the lead goes under the declarer's card")
    elif m := re.fullmatch(
        r"Against misère, keep the low cards that force the declarer to win a trick: here " + SEAT
        + r" must win trick (\d+)\.",
        lesson,
    ):  # fmt: skip
        need(trick(m[2])["winner"] == declarer, "the declarer wins that trick")
    elif lesson == "Against misère, the defenders try to make the declarer win a trick.":
        pass
    elif m := re.fullmatch(
        r"Duck under: play your highest card that still loses the trick \(" + CARD
        + r"\), and keep the lower ones to lose later tricks\.",
        lesson,
    ):  # fmt: skip
        under = [a for a in r.following() if not r.deal.would_win(a.card)]
        need(first == _card(m[1]) and line[0]["winner"] != declarer, "the card played now loses the trick")
        need(bool(under) and first == max(under, key=lambda a: r.power[a.card.index]).card, "highest that loses")
        need(any(r.power[a.card.index] < r.power[_card(m[1]).index] for a in r.following()), "lower ones kept")
    elif m := re.fullmatch(
        r"Out of the suit led, throw a dangerous high card: " + CARD
        + r" goes now, while another player wins the trick\.",
        lesson,
    ):  # fmt: skip
        card = _card(m[1])
        need(first == card and bool(r.deal.trick) and not r.following(), "a discard now")
        need(line[0]["winner"] != declarer, "another player wins the trick")
        same = [c for c in r.deal.hands[seat] if r.suit_of[c.index] == r.suit_of[card.index]]
        need(card.is_joker or all(r.power[c.index] <= r.power[card.index] for c in same), "its suit's highest")
    elif m := re.fullmatch(
        r"Keep a low card as an exit: " + CARD + r" now, and " + CARD + r" loses trick (\d+) later\.", lesson
    ):
        t, low = trick(m[3]), _card(m[2])
        need(first == _card(m[1]), "the card the shown line plays now")
        need(r.card_of(t, seat) == low and t["winner"] != declarer and t is not line[0], "the low card loses later")
        lowest = min(r.plays, key=lambda a: (a.card.is_joker, r.power[a.card.index]))
        need(lowest.card == low and lowest not in best, "the seat's lowest card, kept")
    elif m := re.fullmatch(
        r"Get rid of " + CARD + r" now, while a higher card of its suit is still out to beat it\.", lesson
    ):
        card = _card(m[1])
        need(first == card and line[0]["winner"] != declarer, "the card played now, and it loses")
        need(
            any(
                r.suit_of[c.index] == r.suit_of[card.index] and r.power[c.index] > r.power[card.index]
                for s in r.deal.active
                if s != seat
                for c in r.deal.hands[s]
            ),
            "a higher card of its suit is out",
        )
    elif m := re.fullmatch(
        r"In misère the declarer must lose every trick: " + CARD + r" keeps every trick to the end losable\.", lesson
    ):
        need(first == _card(m[1]) and not r.declarer_wins(line) and r.complete(line), "every trick lost")
    elif lesson == "In misère the declarer must lose every trick: every other card here makes you win more tricks.":
        need(all(c["best"] or c["cost"] > 0 for c in r.card["classes"]), "every other card costs")
    else:
        out.append(f"{r.puzzle.id}: a misère lesson with no check: {lesson!r}")
    return out


def _note_problems(r: _Reader) -> list[str]:
    note = r.card["thumb_note"]
    if not note:
        return []
    thumb = r.deal.parse_action(r.puzzle.thumb[1]) if r.puzzle.thumb else None
    out: list[str] = []
    if thumb is None or thumb in r.puzzle.best:
        out.append(f"{r.puzzle.id}: a note on a rule whose card is best: {note!r}")
    some_win = any(r.deal.would_win(a.card) for a in r.plays)
    if "play your highest card that still loses the trick" in note or "play just under the declarer's card" in note:
        if not (r.deal.trick and some_win):
            out.append(f"{r.puzzle.id}: {note!r}, but every card loses this trick")
    elif "lead your lowest card" in note:
        lowest = min(r.plays, key=lambda a: (a.card.is_joker, r.power[a.card.index]))
        if r.deal.trick or thumb is None or thumb.card != lowest.card:
            out.append(f"{r.puzzle.id}: {note!r}, but the rule's card is not the lowest lead")
    else:
        out.append(f"{r.puzzle.id}: a misère note with no check: {note!r}")
    return out


@pytest.mark.slow
def test_every_misere_lesson_verdict_and_note_is_shown_by_its_lines() -> None:
    problems: list[str] = []
    puzzles = _misere_puzzles()
    assert len(puzzles) > 400
    for puzzle in puzzles:
        r = _Reader(puzzle, puzzle_card(puzzle))
        problems += _lesson_problems(r) + _verdict_problems(r) + _note_problems(r)
    assert not problems, f"{len(problems)} misère claims the lines do not show:\n" + "\n".join(problems[:25])


def _by_id(pid: str) -> tuple[Puzzle, dict[str, Any]]:
    puzzle = next(p for p in load_bank() if p.id == pid)
    return puzzle, puzzle_card(puzzle)


@pytest.mark.parametrize("pid", ["open-misere-1047-27", "open-misere-983-22", "misere-553-17", "misere-1937-14"])
def test_the_experts_false_keep_low_lessons(pid: str) -> None:
    """The card named was only a discard in the trick the declarer must win (or not low at all): no lesson
    says it goes under the declarer."""
    puzzle, card = _by_id(pid)
    r = _Reader(puzzle, card)
    assert "goes under" not in card["lesson"], card["lesson"]
    assert not _lesson_problems(r)
    if pid == "open-misere-1047-27":
        # North's 9♠ catches East at trick 8; the point is that South's K♠ must go now
        assert card["lesson"].startswith("Against misère, get rid of K♠ now: East must win trick 8 with 10♠")


@pytest.mark.parametrize("pid", ["misere-303-17", "open-misere-712-28"])
def test_the_experts_true_keep_low_lessons_stay(pid: str) -> None:
    puzzle, card = _by_id(pid)
    assert "goes under" in card["lesson"] and not _lesson_problems(_Reader(puzzle, card)), card["lesson"]


def test_the_lesson_names_the_card_its_shown_line_plays() -> None:
    puzzle, card = _by_id("open-misere-1421-7")
    r = _Reader(puzzle, card)
    assert r.first_card() == Card.parse("7C") and "7♣ now" in card["lesson"], card["lesson"]


@pytest.mark.parametrize("pid", ["open-misere-1421-7", "open-misere-309-24", "misere-936-12", "misere-1650-8"])
def test_a_verdict_names_only_a_trick_its_line_shows(pid: str) -> None:
    puzzle, card = _by_id(pid)
    assert not _verdict_problems(_Reader(puzzle, card))


def test_no_highest_loser_note_where_every_card_loses() -> None:
    _puzzle, card = _by_id("open-misere-309-24")
    assert card["thumb_note"] == "" and card["thumb_code"] == ""
