"""What a learner reads about a puzzle: the question, and the verdict on each choice.

Everything here is computed from the puzzle's own data (the position, the solver's values and
the lines kept in the bank): no solving at read time, so a verdict is instant in every host.

>>> from fivehundred_tutor.puzzles import load_bank
>>> card = puzzle_card(load_bank()[0])
>>> sum(c["best"] for c in card["classes"]), card["seat_name"] in card["prompt"]
(1, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..actions import Action, Play
from ..bidding_standard import call_problem_in
from ..bids import PASS, Bid
from ..cards import Card, Suit
from ..deal import Deal
from ..explain import action_label, call_label
from ..i18n import decimal, ngettext, pgettext
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from .cardhead import card_head
from .classes import class_key
from .kitty import KITTY_KINDS
from .kitty_words import kitty_card
from .lessons import teach
from .lines import trick_winners
from .model import Puzzle
from .relayout import hand_voids

__all__ = ["auction_card", "line_tricks", "lines_in_words", "puzzle_card", "replay_line", "trick_words"]


def _tricks(n: int) -> str:
    return ngettext("{n} trick", "{n} tricks", n).format(n=n)


def _from_your(source: str | None, cards: str) -> str:
    """Cards played from the 2-player seat's hand or its table cards: "J♦ from your hand"."""
    if source == "hand":
        return _("{cards} from your hand").format(cards=cards)
    if source == "table":
        return _("{cards} from your table").format(cards=cards)
    return cards


def _card_words(action: Action) -> str:
    if isinstance(action, Play) and action.joker_suit is not None:
        return _("the joker naming {suit}").format(suit=action.joker_suit.local_name)
    if isinstance(action, Play):
        return _from_your(action.source, _name(action.card.code))
    return action_label(action)


def line_tricks(deal: Deal, line: Sequence[Action]) -> list[dict[str, Any]]:
    """The line as tricks, from the trick on the table (its cards already played included)."""
    out: list[dict[str, Any]] = []
    current = [[s, c.code, src] for s, c, src in deal.trick]
    start = len(deal.tricks)
    pushed = 0
    try:
        for action in line:
            deal.push(action)
            pushed += 1
            if len(deal.tricks) > start + len(out):
                trick = deal.tricks[-1]
                out.append(
                    {
                        "number": len(deal.tricks),
                        "plays": [[s, c.code, src] for s, c, src in trick.plays],
                        "winner": trick.winner,
                        "win_index": trick.win_index,
                    }
                )
        if deal.trick:
            out.append(
                {
                    "number": len(deal.tricks) + 1,
                    "plays": [[s, c.code, src] for s, c, src in deal.trick],
                    "winner": None,
                }
            )
    finally:
        for _ in range(pushed):
            deal.pop()
    del current
    return out


def trick_words(deal: Deal, trick: dict[str, Any]) -> str:
    name = deal.rules.local_seat_name
    plays = ", ".join(f"{name(s)} {_code_words(code)}" for s, code, _src in trick["plays"])
    if trick["winner"] is None:
        return _("Trick {number}: {plays}.").format(number=trick["number"], plays=plays)
    return _("Trick {number}: {plays}; {seat} wins.").format(
        number=trick["number"], plays=plays, seat=name(trick["winner"])
    )


def _name(code: str) -> str:
    card = Card.parse(code)
    return _("the joker") if card.is_joker else str(card)


def _code_words(code: str) -> str:
    """A play's code in words: "J♦", "the joker" (a 2-player code's source left out)."""
    parts = code.split(":")
    return _name(parts[1] if parts[0] in ("h", "t") else parts[0])


def _class_words(deal: Deal, actions: Sequence[Action]) -> str:
    """Equivalent choices in words, highest first: "A♥, K♥ or Q♥"; the joker's suits together."""
    plays = [a for a in actions if isinstance(a, Play)]
    if plays and all(a.joker_suit is not None for a in plays):
        suits = [a.joker_suit.local_name for a in plays if a.joker_suit is not None]
        if len(suits) == 4:
            return _("the joker, naming any suit")
        return _("the joker naming {suit}").format(suit=_or(suits))
    power = deal.rules.table(deal.contract, deal.joker_fixed).power
    ordered = sorted(actions, key=lambda a: -power[a.card.index] if isinstance(a, Play) else 0)
    sources = {a.source for a in plays}
    if len(plays) == len(ordered) > 1 and len(sources) == 1 and None not in sources:
        return _from_your(next(iter(sources)), _or([_name(a.card.code) for a in ordered if isinstance(a, Play)]))
    return _or([_card_words(a) for a in ordered])


def _or(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + _(" or ") + items[-1]


def _outcome(deal: Deal, seat: int, winners: Sequence[int]) -> str:
    """What the line gives the seat's side, in words (the contract's fate included)."""
    rules, contract = deal.rules, deal.contract
    assert contract is not None and deal.declarer is not None
    left = len(winners)
    if contract.is_misere:
        declarer = rules.local_seat_name(deal.declarer)
        taken = next((i for i, w in enumerate(winners) if w == deal.declarer), None)
        if taken is None:
            return _("{seat} takes no trick: the misère succeeds").format(seat=declarer)
        if seat == deal.declarer:
            return _("you must win trick {n}: the misère fails").format(n=len(deal.tricks) + taken + 1)
        return _("{seat} must win trick {n}: the misère fails").format(seat=declarer, n=len(deal.tricks) + taken + 1)
    declaring = _on_declaring_side(deal, seat)
    mine = team_running(deal, winners, seat)[-1] if winners else 0
    who = "side" if rules.players == 4 else ("you" if declaring or rules.players == 2 else "defenders")
    text = _taken_words(who, mine, left)
    decl_total = _declarer_tricks_after(deal, winners)
    if 0 <= decl_total <= 10:
        stake = stake_words(deal, decl_total)
        if decl_total >= contract.tricks:
            text = _("{text}, and {contract} makes ({stake})").format(text=text, contract=contract, stake=stake)
        else:
            text = _("{text}, and {contract} goes down ({tricks}: {stake})").format(
                text=text, contract=contract, tricks=_tricks(decl_total), stake=stake
            )
    return text


def _same_fate_words(deal: Deal, best: Sequence[int], other: Sequence[int], cost: int = 1) -> str:
    """When two lines leave the contract's fate and the declaring side's score alike, what the trick between them
    changes (the defenders' points, or no score at all): a learner told a card 'costs a trick' sees why it counts.
    "" when the fate or the declaring side's score differs (the verdict's figures say it); ``cost``: the tricks.

    >>> from fivehundred_tutor import Rules
    >>> d = Deal.from_position(Rules(), {0: "AS 5C", 1: "JD 6C", 2: "9S 7C", 3: "7S 8C"}, "6H", 0)
    >>> d.tricks_won = [4, 2, 3, 0]  # North–South have 7 tricks: both lines make 6♥
    >>> _same_fate_words(d, [0, 2], [1, 0])
    '6♥ makes either way and North–South score the same: the trick counts only in the score of East–West.'
    """
    rules, contract = deal.rules, deal.contract
    assert contract is not None and deal.declarer is not None

    ours_best, theirs_best = rules.score(contract, _declarer_tricks_after(deal, best))
    ours_other, theirs_other = rules.score(contract, _declarer_tricks_after(deal, other))
    if ours_best != ours_other or (ours_best > 0) != (ours_other > 0):
        return ""
    declarers = rules.local_side_name(rules.side_of(deal.declarer))
    if theirs_best == theirs_other:
        if ours_best > 0:
            return ngettext(
                "{contract} makes either way and the scores are the same: the trick changes no score here.",
                "{contract} makes either way and the scores are the same: the tricks change no score here.",
                cost,
            ).format(contract=contract)
        return ngettext(
            "{contract} goes down either way and the scores are the same: the trick changes no score here.",
            "{contract} goes down either way and the scores are the same: the tricks change no score here.",
            cost,
        ).format(contract=contract)
    if rules.players != 4:
        return ""  # the defenders score apart: the verdict's figures say what each gets
    theirs = next(rules.local_side_name(i) for i in range(len(rules.sides)) if i != rules.side_of(deal.declarer))
    if ours_best > 0:
        return ngettext(
            "{contract} makes either way and {declarers} score the same: the trick counts only in the score of "
            "{defenders}.",
            "{contract} makes either way and {declarers} score the same: the tricks count only in the score of "
            "{defenders}.",
            cost,
        ).format(contract=contract, declarers=declarers, defenders=theirs)
    return ngettext(
        "{contract} goes down either way and {declarers} lose the same: the trick counts only in the score of "
        "{defenders}.",
        "{contract} goes down either way and {declarers} lose the same: the tricks count only in the score of "
        "{defenders}.",
        cost,
    ).format(contract=contract, declarers=declarers, defenders=theirs)


def _taken_words(who: str, mine: int, left: int) -> str:
    """The tricks left that a line gives the learner's side ("your side takes 2 of the 3 tricks left"); ``who``:
    "side" (four players), "you" (the declarer or a 2-player seat), "defenders" (3 or 5 players, defending)."""
    if mine == left > 1:
        forms = {
            "side": ngettext("your side takes all {left} trick left", "your side takes all {left} tricks left", left),
            "you": ngettext("you take all {left} trick left", "you take all {left} tricks left", left),
            "defenders": ngettext(
                "the defenders take all {left} trick left", "the defenders take all {left} tricks left", left
            ),
        }
    elif not mine:
        forms = {
            "side": ngettext(
                "your side takes none of the {left} trick left", "your side takes none of the {left} tricks left", left
            ),
            "you": ngettext("you take none of the {left} trick left", "you take none of the {left} tricks left", left),
            "defenders": ngettext(
                "the defenders take none of the {left} trick left",
                "the defenders take none of the {left} tricks left",
                left,
            ),
        }
    else:
        forms = {
            "side": ngettext(
                "your side takes {mine} of the {left} trick left",
                "your side takes {mine} of the {left} tricks left",
                left,
            ),
            "you": ngettext(
                "you take {mine} of the {left} trick left", "you take {mine} of the {left} tricks left", left
            ),
            "defenders": ngettext(
                "the defenders take {mine} of the {left} trick left",
                "the defenders take {mine} of the {left} tricks left",
                left,
            ),
        }
    return forms[who].format(mine=mine, left=left)


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else f"\u2212{-points}" if points < 0 else "0"


def stake_words(deal: Deal, declarer_tricks: int) -> str:
    """What the hand scores when the declarer's side ends with ``declarer_tricks``: the stake a trick can change
    (a slam's 250, the defenders' 10 a trick), so a verdict that 'costs a trick' says what that trick is worth.

    >>> from fivehundred_tutor import Rules
    >>> d = Deal.from_position(Rules(), {0: "AS 5C", 1: "JD 6C", 2: "9S 7C", 3: "7S 8C"}, "6H", 0)
    >>> stake_words(d, 10), stake_words(d, 9), stake_words(d, 5)
    ('North–South +250, a slam; East–West 0', 'North–South +100; East–West +10', 'North–South −100; East–West +50')
    """
    rules, contract = deal.rules, deal.contract
    assert contract is not None and deal.declarer is not None
    declaring, defending = rules.score(contract, declarer_tricks)
    slam = declarer_tricks == 10 and not contract.is_misere and declaring > rules.bid_value(contract)
    ours = rules.local_side_name(rules.side_of(deal.declarer))
    words = f"{ours} {_signed(declaring)}" + (_(", a slam") if slam else "")
    if contract.is_misere or rules.players != 4:
        return words
    theirs = next(rules.local_side_name(i) for i in range(len(rules.sides)) if i != rules.side_of(deal.declarer))
    return f"{words}; {theirs} {_signed(defending)}"


def _declarer_tricks_after(deal: Deal, winners: Sequence[int]) -> int:
    """The declaring side's tricks at the end of a line whose tricks ``winners`` win."""
    return deal.declarer_tricks + sum(1 for w in winners if _on_declaring_side(deal, w))


def _on_declaring_side(deal: Deal, seat: int) -> bool:
    assert deal.declarer is not None
    return seat in deal.declaring_seats


def team_running(deal: Deal, winners: Sequence[int], seat: int) -> list[int]:
    """The tricks ``seat``'s team has won after each trick of ``winners``: the declaring side, or
    all the defenders together (with three players, the two defenders play as one against the
    declarer, as the solver counts them); in misère the declarer's own tricks."""
    assert deal.contract is not None and deal.declarer is not None
    declaring = _on_declaring_side(deal, seat)
    out: list[int] = []
    count = 0
    for winner in winners:
        if deal.contract.is_misere:
            count += winner == deal.declarer
        else:
            count += _on_declaring_side(deal, winner) == declaring
        out.append(count)
    return out


def _loss_index(deal: Deal, seat: int, best: Sequence[int], wrong: Sequence[int]) -> int:
    """The trick (from the one on the table) where the wrong line first differs in who wins."""
    for i, (g, b) in enumerate(zip(best, wrong)):
        if deal.rules.side_of(g) != deal.rules.side_of(b) or g != b:
            return i
    return max(0, min(len(best), len(wrong)) - 1)


def lines_in_words(deal: Deal, tricks: Sequence[dict[str, Any]]) -> list[str]:
    """A line's tricks in words ("Trick 7: South Q♠, West 6♣ …; South wins.")."""
    return [trick_words(deal, t) for t in tricks]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _misere_miss(deal: Deal, seat: int, winners: Sequence[int], tricks: list[dict[str, Any]]) -> str:
    """A wrong card in misère: the trick the declarer is forced to win, or the escape it allows."""
    assert deal.declarer is not None
    declarer = deal.rules.local_seat_name(deal.declarer)
    taken = next((i for i, w in enumerate(winners) if w == deal.declarer), None)
    if seat != deal.declarer:
        return _("lets {seat} escape: {seat} takes no trick and the misère succeeds").format(seat=declarer)
    if taken is None or taken >= len(tricks):
        return _("costs the contract")
    trick = tricks[taken]
    card = trick["plays"][trick["win_index"]][1] if trick.get("win_index", -1) >= 0 else None
    if card:
        return _("costs the contract: you must win trick {n} with {card}").format(
            n=trick["number"], card=_code_words(card)
        )
    return _("costs the contract: you must win trick {n}").format(n=trick["number"])


def _first_loss(
    deal: Deal, seat: int, best: Sequence[int], wrong: Sequence[int], lines_wrong: list[dict[str, Any]]
) -> str:
    """Where the wrong line falls behind: the trick and the card that takes it."""
    contract = deal.contract
    assert contract is not None
    good, bad = team_running(deal, best, seat), team_running(deal, wrong, seat)
    misere_decl = contract.is_misere and seat == deal.declarer
    for i, (g, b) in enumerate(zip(good, bad)):
        behind = b > g if misere_decl else b < g
        if contract.is_misere and seat != deal.declarer:
            behind = b < g
        if behind and i < len(lines_wrong):
            trick = lines_wrong[i]
            win = trick["plays"][trick["win_index"]] if trick.get("win_index", -1) >= 0 else None
            who = deal.rules.local_seat_name(trick["winner"])
            this = i == 0 and bool(deal.trick)
            if win and this:
                return _("{seat} wins this trick with {card}").format(seat=who, card=_code_words(win[1]))
            if win:
                return _("{seat} wins trick {n} with {card}").format(
                    seat=who, n=trick["number"], card=_code_words(win[1])
                )
            if this:
                return _("{seat} wins this trick").format(seat=who)
            return _("{seat} wins trick {n}").format(seat=who, n=trick["number"])
    return _("the other side gains a trick later")


def puzzle_card(puzzle: Puzzle) -> dict[str, Any]:
    """Plain data the trainer draws one puzzle from: the seat's view, the choices and every verdict."""
    if puzzle.kind in KITTY_KINDS:
        return kitty_card(puzzle)
    if puzzle.figures:
        return auction_card(puzzle)
    deal = puzzle.deal
    seat = puzzle.seat
    rules = deal.rules
    contract = deal.contract
    assert contract is not None and deal.declarer is not None
    view = deal.view(seat)
    name = rules.local_seat_name
    legal = deal.legal_actions()
    values = {a: puzzle.values[a.code] for a in legal}
    # choices by class and outcome; each group's line is the one the bank kept for one of its actions
    groups: dict[tuple[Any, ...], list[Action]] = {}
    for action in legal:
        groups.setdefault((class_key(deal, action), values[action]), []).append(action)
    best_value = values[next(iter(puzzle.best))]
    best_line_codes = next(v for k, v in puzzle.lines.items() if deal.parse_action(k) in puzzle.best)
    best_winners = trick_winners(deal, replay_line(deal, best_line_codes))
    best_outcome = _outcome(deal, seat, best_winners)
    best_words = _class_words(deal, [a for a in legal if a in puzzle.best])
    line_of = _line_finder(deal, puzzle)
    # the best card whose line the verdict shows first: the lesson reads that line, and names its card
    best_shown = next(
        (
            a
            for (_key, value), actions in groups.items()
            if value == best_value
            for a in actions
            if a.code in puzzle.lines
        ),
        None,
    )
    # a lesson that names what a card costs says what that card's verdict says
    lesson_theme, lesson, thumb_name, thumb_note, lessons_by_theme = teach(
        deal, seat, puzzle.themes, puzzle.thumb, puzzle.best, line_of, best_shown, lambda a: abs(best_value - values[a])
    )
    classes: list[dict[str, Any]] = []
    choice_of: dict[str, int] = {}
    for (_key, value), actions in groups.items():
        rep_code = next((a.code for a in actions if a.code in puzzle.lines), None)
        codes = [a.code for a in actions]
        is_best = value == best_value
        if rep_code is None:
            raise ValueError(f"{puzzle.id}: the bank keeps no line for {codes}")
        line_codes = puzzle.lines[rep_code]
        line = replay_line(deal, line_codes)
        tricks = line_tricks(deal, line)
        words_card = _class_words(deal, actions)
        if is_best:
            verdict = _("{choice}: {outcome}.").format(choice=_capital(words_card), outcome=best_outcome)
        else:
            cost = abs(best_value - value)
            winners = trick_winners(deal, line)
            if contract.is_misere:
                # Translators: {miss} is "costs the contract: you must win trick 8 with K♠" and the like
                verdict = _("{choice} {miss}. Best is {best}: {outcome}.").format(
                    choice=_capital(words_card),
                    miss=_misere_miss(deal, seat, winners, tricks),
                    best=best_words,
                    outcome=best_outcome,
                )
            else:
                verdict = _("{choice} costs {tricks}: {where}, and {line}. Best is {best}: {outcome}.").format(
                    choice=_capital(words_card),
                    tricks=_tricks(cost),
                    where=_first_loss(deal, seat, best_winners, winners, tricks),
                    line=_outcome(deal, seat, winners),
                    best=best_words,
                    outcome=best_outcome,
                )
                if same := _same_fate_words(deal, best_winners, winners, cost):
                    verdict = f"{verdict} {same}"
        if not is_best and not contract.is_misere:
            # a wrong choice's line only as far as the trick after the one where it shows; a misère verdict names
            # the trick the declarer must win, or says he wins none: its line is shown whole (it stops there, or
            # at the end of the hand)
            shown = _loss_index(deal, seat, best_winners, trick_winners(deal, line))
            tricks = tricks[: shown + 2]
        index = len(classes)
        classes.append(
            {"codes": codes, "best": is_best, "cost": abs(best_value - value), "verdict": verdict, "line": tricks}
        )
        for code in codes:
            choice_of[code] = index
    voids = {str(s): [Suit(v).letter for v in sorted(vs)] for s, vs in hand_voids(deal).items() if vs and s != seat}
    history = [
        {"number": i + 1, "plays": [[s, c.code, src] for s, c, src in t.plays], "winner": t.winner}
        for i, t in enumerate(deal.tricks)
    ]
    side_names = [rules.local_side_name(i) for i in range(len(rules.sides))]
    if seat == deal.declarer:
        role = pgettext("puzzle role", "the declarer")
    elif rules.side_of(seat) == rules.side_of(deal.declarer):
        role = pgettext("puzzle role", "the declarer's partner")
    else:
        role = pgettext("puzzle role", "a defender")
    if rules.players != 4:
        prompt = (
            _("You are {seat}, {role}. Contract: {contract} by {declarer}. Your lead: which card is best?")
            if not deal.trick
            else _("You are {seat}, {role}. Contract: {contract} by {declarer}. Your play: which card is best?")
        )
    else:
        prompt = (
            _("You play {seat}, {role}. Contract: {contract} by {declarer}. Your lead: which card is best?")
            if not deal.trick
            else _("You play {seat}, {role}. Contract: {contract} by {declarer}. Your play: which card is best?")
        )
    prompt = prompt.format(seat=name(seat), role=role, contract=call_label(contract), declarer=name(deal.declarer))
    return {
        **card_head(puzzle, rules, seat),
        "lesson_theme": lesson_theme,
        "lesson": lesson.text,
        "lesson_key": lesson.key,
        # a theme drill reads the drilled theme's lesson where the position has one of its own
        "theme_lessons": lessons_by_theme,
        "thumb_rule": thumb_name,
        "thumb_note": thumb_note,
        # the card the rule of thumb plays: its note is shown only to a learner who played that card
        "thumb_code": puzzle.thumb[1] if puzzle.thumb and thumb_note else "",
        "side_names": side_names,
        "declarer": deal.declarer,
        "contract": contract.code,
        "contract_label": call_label(contract),
        "hands": view["hands"],
        "left_bower": view["left_bower"],
        "trump_suit": None if contract.trump is None else contract.trump.letter,
        "exposed": view["exposed"],
        "out": view["out"],
        "piles": view.get("piles"),
        "trick": view["trick"],
        "trick_joker_suit": view["trick_joker_suit"],
        "tricks_won": view["tricks_won"],
        "side_tricks": view["side_tricks"],
        "history": history,
        "voids": voids,
        "prompt": prompt,
        "legal": [a.code for a in legal],
        "choice_of": choice_of,
        "classes": classes,
        "solution": _("Best is {best}: {outcome}.").format(best=best_words, outcome=best_outcome),
        "decision": "play",
        "auction": [],
        "calls": [],
    }


def _line_finder(deal: Deal, puzzle: Puzzle) -> Callable[[Action], list[Action]]:
    """The line the bank keeps for an action's class (the action first, then the kept line's rest)."""
    values = puzzle.values
    kept = {deal.parse_action(code): codes for code, codes in puzzle.lines.items()}

    memo: dict[Action, list[Action]] = {}

    def line_of(action: Action) -> list[Action]:
        if action not in memo:
            memo[action] = find(action)
        return memo[action]

    def find(action: Action) -> list[Action]:
        key = (class_key(deal, action), values[action.code])
        rep = next(a for a in kept if (class_key(deal, a), values[a.code]) == key)
        line = replay_line(deal, kept[rep])
        if rep == action:
            return line
        # an equivalent card of the same class: the same line with this card first
        return replay_line(deal, [action.code, *(a.code for a in line[1:])]) if _playable(deal, action, line) else line

    return line_of


def _playable(deal: Deal, action: Action, line: Sequence[Action]) -> bool:
    """Whether the line, ``action`` first instead of its own first card, can be played out."""
    pushed = 0
    try:
        for a in [action, *line[1:]]:
            if a not in deal.legal_actions():
                return False
            deal.push(a)
            pushed += 1
        return True
    finally:
        for _i in range(pushed):
            deal.pop()


def replay_line(deal: Deal, codes: Sequence[str]) -> list[Action]:
    """The line's codes as actions, each parsed in the position it is played in."""
    actions: list[Action] = []
    try:
        for code in codes:
            action = deal.parse_action(code)
            deal.push(action)
            actions.append(action)
    finally:
        for _ in actions:
            deal.pop()
    return actions


_DENOMINATION_WORDS = {
    "S": N_("spades"),
    "C": N_("clubs"),
    "D": N_("diamonds"),
    "H": N_("hearts"),
    "NT": N_("no trumps"),
}


def _call_words(code: str) -> str:
    """A call as a sentence names it ("pass", "7♠"); :func:`_capital` where it starts a sentence or a button."""
    return pgettext("call", "pass") if code == PASS.code else call_label(Bid.parse(code))


def _points(value: int) -> str:
    return _signed(value)


def standard_words(deal: Deal, best: str) -> str:
    """When a bidding puzzle's best call is one the book's bidding standard calls unsound, the sentence that says
    the simulation judged it, and what the standard says (else ""): the verdict must not pass for the standard.

    >>> from fivehundred_tutor.puzzles import load_bank
    >>> words = standard_words(next(p for p in load_bank() if p.id == "bidding-167-0").deal, "6NT")
    >>> words.endswith("the standard calls 6NT unsound (6NT with neither the joker nor two aces).")
    True
    """
    if best == PASS.code:
        return ""
    problem = call_problem_in(deal, Bid.parse(best))
    if problem is None:
        return ""
    return _(
        "The simulation, not the book's bidding standard, judges these calls: the standard calls {call} unsound ({why})."
    ).format(call=_call_words(best), why=problem)


def auction_card(puzzle: Puzzle) -> dict[str, Any]:
    """A bidding puzzle as the trainer draws it: the seat's hand, the calls so far, the calls offered, and each
    call's verdict from the simulation's figures (how often it makes, what it scores on average)."""
    deal = puzzle.deal
    seat = puzzle.seat
    rules = deal.rules
    name = rules.local_seat_name
    figures = puzzle.figures
    layouts = int(figures["layouts"])
    denom = str(figures["denomination"])
    make = {str(k): int(v) for k, v in figures["make"].items()}
    counts = {int(t): int(k) for t, k in figures["tricks"][denom].items()}
    mean_tricks = sum(t * k for t, k in counts.items()) / max(1, sum(counts.values()))
    values = dict(puzzle.values)
    # pass, then the bids from six tricks up
    codes = sorted(values, key=lambda c: (c != PASS.code, 0 if c == PASS.code else Bid.parse(c).tricks))
    best = puzzle.best_codes[0]
    runner = max((c for c in codes if c != best), key=lambda c: values[c])
    denom_words = _(_DENOMINATION_WORDS[denom])

    def figure(code: str) -> str:
        if code == PASS.code:
            return _("your side does not declare and scores 0")
        return _("makes in {make}% of the layouts and scores {points} on average").format(
            make=make[code], points=_points(values[code])
        )

    best_words = f"{_call_words(best)}: {figure(best)}"
    standard = standard_words(deal, best)
    classes = []
    for code in codes:
        if code == best:
            verdict = _("{best}. The next best, {other}, {figure}.").format(
                best=_capital(best_words), other=_call_words(runner), figure=figure(runner)
            )
        else:
            verdict = _("{call}: {figure}, {cost} points less than the best. Best is {best}.").format(
                call=_capital(_call_words(code)), figure=figure(code), cost=values[best] - values[code], best=best_words
            )
        if standard:
            verdict = f"{verdict} {standard}"
        classes.append(
            {"codes": [code], "best": code == best, "cost": values[best] - values[code], "verdict": verdict, "line": []}
        )
    if best == PASS.code:
        lesson = _(
            "Even in {denom}, this hand's best denomination, it takes {tricks} tricks on average over {n} layouts:"
            " every bid loses points on average, so pass."
        ).format(denom=denom_words, tricks=decimal(mean_tricks), n=layouts)
    else:
        lesson = _(
            "In {denom} this hand takes {tricks} tricks on average over {n} layouts: {best} is the level that"
            " makes often enough to score most."
        ).format(denom=denom_words, tricks=decimal(mean_tricks), n=layouts, best=_call_words(best))
    calls_so_far = [(s, _capital(_call_words(call.code))) for s, call in deal.auction]
    before: list[list[Any]] = [[s, w] for s, w in calls_so_far]
    so_far = (
        _("The calls so far: {calls}.").format(calls=", ".join(f"{name(s)} {w}" for s, w in calls_so_far))
        if before
        else _("You call first.")
    )
    prompt = _(
        "You are {seat}, with the kitty to come if you win the auction. {so_far} Your call: how many tricks in {denom}"
        " (this hand's best denomination by the simulation), or pass?"
    ).format(seat=name(seat), so_far=so_far, denom=denom_words)
    view = deal.view(seat)
    return {
        **card_head(puzzle, rules, seat),
        "lesson_theme": puzzle.themes[0],
        "lesson": lesson,
        "lesson_key": "judging-level" if best != PASS.code else "judging-pass",
        "theme_lessons": {},
        "thumb_rule": "",
        "thumb_note": "",
        "thumb_code": "",
        "side_names": [rules.local_side_name(i) for i in range(len(rules.sides))],
        "declarer": -1,
        "contract": "",
        "contract_label": "",
        "hands": view["hands"],
        "left_bower": None,
        "trump_suit": None,
        "exposed": [],
        "out": [],
        "piles": None,
        "trick": [],
        "trick_joker_suit": None,
        "tricks_won": [0] * rules.players,
        "side_tricks": [],
        "history": [],
        "voids": {},
        "prompt": prompt,
        "legal": codes,
        "choice_of": {code: i for i, code in enumerate(codes)},
        "classes": classes,
        "solution": " ".join(filter(None, [_("Best is {best}.").format(best=best_words), standard])),
        "decision": "bid",
        "auction": before,
        "calls": [[code, _capital(_call_words(code))] for code in codes],
    }
