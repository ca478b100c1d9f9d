"""Every puzzle's lesson and rule-of-thumb note says only what its position and solution show
(issue 25, findings F6 and N7: "play low when partner is winning" over a top-trump answer, "count your
winners and losers" on misère puzzles).  The checks read the position and the lines of the verdict
(``puzzle_card``), not the code that chose the lesson."""

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


def _card(words: str) -> Card:
    if words == "the joker":
        return Card.parse("JK")
    return Card.parse(words[:-1].replace("10", "T") + {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}[words[-1]])


def _problems(puzzle: Puzzle, card: dict[str, Any]) -> list[str]:
    deal, seat = puzzle.deal, puzzle.seat
    rules, contract = deal.rules, deal.contract
    assert contract is not None and deal.declarer is not None
    table = rules.table(contract, deal.joker_fixed)
    suit_of, power, trump = table.suit_of, table.power, table.trump
    plays = [a for a in deal.legal_actions() if isinstance(a, Play)]
    best = [a for a in plays if a in puzzle.best]
    is_trump = lambda c: trump != NO_SUIT and suit_of[c.index] == trump  # noqa: E731
    led = suit_of[deal.trick[0][1].index] if deal.trick else None
    following = [a for a in plays if led is not None and suit_of[a.card.index] == led]
    leader = deal.trick_leader()
    side = rules.side_of(seat)
    best_line = next(c for c in card["classes"] if c["best"])["line"]
    first = best_line[0]["winner"] if best_line else None
    name_of = {rules.seat_name(s): s for s in range(rules.players)}
    lesson, note = card["lesson"], card["thumb_note"]
    out: list[str] = []

    def need(ok: bool, what: str) -> None:
        if not ok:
            out.append(f"{puzzle.id}: {what!r} does not hold ({lesson} | {note})")

    def trick_n(n: int) -> dict[str, Any]:
        return next(t for t in best_line if t["number"] == n)

    def lowest(options: list[Play]) -> Play:
        return min(options, key=lambda a: (is_trump(a.card), a.card.is_joker, power[a.card.index]))

    if contract.is_misere:
        need("winners and your losers" not in lesson, "a misère lesson")
        if seat == deal.declarer:
            need(any(k in lesson for k in ("Duck under", "exit", "dangerous high", "Get rid of", "lose every trick")),
                 "a misère declarer's idea")  # fmt: skip
        else:
            need("Against misère" in lesson, "a misère defender's idea")
    if "winners and your losers" in lesson:
        need(not contract.is_misere and not deal.tricks and not deal.trick, "the first lead of a suit contract")
    for text in (lesson, note):
        if "partner is winning" in text:
            need(rules.players != 2 and leader is not None and leader[0] != seat and rules.side_of(leader[0]) == side,
                 "partner is winning the trick")  # fmt: skip
        if "own card is already winning" in text:
            need(rules.players == 2 and leader is not None and leader[0] == seat, "own card winning")
    if "play low" in lesson:
        need(lowest(plays) in best, "the best card is the lowest")
    if "small" in lesson and "trump" in lesson:
        trumps = [a for a in plays if is_trump(a.card)]
        need(bool(trumps) and lowest(trumps) in best, "the best card is the smallest trump")
        kept = re.search(CARD + r" stays for later", lesson)
        need(
            kept is not None and any(a.card == _card(kept[1]) and a not in best for a in trumps), "a higher trump kept"
        )
    if found := re.search(r"ruff high enough: " + CARD + r" would be overruffed by (\w+)", lesson):
        lower = _card(found[1])
        cls = next(
            c for c in card["classes"] if lower.code in c["codes"] or any(x.endswith(lower.code) for x in c["codes"])
        )
        need(not cls["best"] and is_trump(lower) and power[lower.index] < power[best[0].card.index], "a lower trump")
        need(cls["line"][0]["winner"] == name_of[found[2]] and rules.side_of(name_of[found[2]]) != side, "overruffed")
    for hand in ("Second hand plays low", "Second hand usually plays low, but not",
                 "Third hand plays high", "Third hand usually plays high, but not"):  # fmt: skip
        if hand in lesson:
            pick = lowest(following) if hand.startswith("Second") else max(following, key=lambda a: power[a.card.index])
            holds = pick in best
            need(holds if hand.endswith(("low", "high")) else not holds, hand)
    if "Lead trumps" in lesson:
        need(not deal.trick and all(is_trump(a.card) for a in best), "a trump lead")
    if "let a trick go" in lesson:
        need(first is not None and rules.side_of(first) != side, "the trick goes to the other side")
    if "reach your partner" in lesson:
        need(first is not None and first != seat and rules.side_of(first) == side, "partner wins the trick")
    if found := re.search(r"(\w+), still to play, takes the trick with " + CARD, note):
        thumb = deal.parse_action(puzzle.thumb[1]) if puzzle.thumb else None
        cls = next(c for c in card["classes"] if thumb is not None and thumb.code in c["codes"])
        winner = cls["line"][0]["winner"]
        need(not cls["best"] and winner == name_of[found[1]] and rules.side_of(winner) != side, "the rule's card loses")
    # misère: the tricks the lesson names
    if found := re.search(r"Duck under: play your highest card that still loses the trick \(" + CARD, lesson):
        under = [a for a in following if not deal.would_win(a.card)]
        need(bool(under) and max(under, key=lambda a: power[a.card.index]) in best and first != deal.declarer, "ducked")
    if found := re.search(r"and " + CARD + r" loses trick (\d+) later", lesson):
        t = trick_n(int(found[2]))
        need(any(s == seat and code.endswith(_card(found[1]).code) for s, code, _src in t["plays"])
             and t["winner"] != deal.declarer, "the exit card loses that trick")  # fmt: skip
    if "dangerous high card" in lesson:
        need(not following and first != deal.declarer, "a discard while another wins the trick")
    if found := re.search(r"Get rid of " + CARD + r" now, while a higher", lesson):
        c = _card(found[1])
        higher = any(suit_of[x.index] == suit_of[c.index] and power[x.index] > power[c.index]
                     for s in deal.active if s != seat for x in deal.hands[s])  # fmt: skip
        need(higher and first != deal.declarer, "a higher card is out")
    if found := re.search(r"(\w+) (?:must win|wins) this trick with " + CARD, lesson):
        need(first == deal.declarer == name_of[found[1]], "the declarer wins this trick")
    if found := re.search(r"(?:must|forced to) win trick (\d+)", lesson):
        need(trick_n(int(found[1]))["winner"] == deal.declarer, "the declarer wins that trick")
    # every misère lesson's claims, against the lines the card shows: tests/puzzles/test_misere_claims.py
    return out


def _card_problems(puzzle: Puzzle, card: dict[str, Any]) -> list[str]:
    """The card's lesson, and each theme's own lesson a theme drill reads instead, checked alike."""
    out = _problems(puzzle, card)
    for theme, text in card["theme_lessons"].items():
        assert theme in puzzle.themes, (puzzle.id, theme)
        out += [f"{p} (the {theme} drill's lesson)" for p in _problems(puzzle, {**card, "lesson": text})]
    return out


@pytest.mark.slow
def test_every_lesson_is_true_of_its_puzzle() -> None:
    problems = [p for puzzle in load_bank() if not puzzle.figures for p in _card_problems(puzzle, puzzle_card(puzzle))]
    assert not problems, f"{len(problems)} lessons say what their puzzle does not show:\n" + "\n".join(problems[:20])


@pytest.mark.parametrize(
    "fragment",
    ["two-player-21-19", "suit-1554-30", "suit-700-41", "misere-1540-8", "open-misere-1035-7", "misere-1764-8"],
)
def test_the_experts_puzzles(fragment: str) -> None:
    """F6 and N7 by name: no 'partner' in a two-player note, no small-trump lesson over a top trump, a
    misère idea on a misère puzzle."""
    puzzle = next(p for p in load_bank() if p.id == fragment)
    card = puzzle_card(puzzle)
    assert "winners and your losers" not in card["lesson"]
    assert "a small trump can take the trick" not in card["lesson"]
    if puzzle.kind == "two-player":
        assert "partner" not in card["thumb_note"] + card["lesson"]
    if "misere" in puzzle.kind:
        assert card["lesson_key"].startswith("misere-")
