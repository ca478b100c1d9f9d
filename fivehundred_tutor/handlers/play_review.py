"""*Check my play* in ``PlayDeal``: the learner's cards in a finished deal, checked double dummy.

Each card the learner chose is compared with the best card with every hand in view; the rows say
which cost tricks, whether the other side later gave them back, and a lesson on the contract
(could it make? would another discard have made it?).

Five hands have no fast solver (DDS takes four), so a 5-player deal is checked by the solver's own
search within :data:`FIVE_PLAYER_NODES` search nodes: the learner's cards from the last back, as
many as the nodes allow; the earlier ones are left unchecked and the review says so
(``python -m bench.bench_five_review`` measures what that leaves).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..actions import Action, Discard, Play
from ..bidding_standard import call_problem_in
from ..cards import Card, short_names
from ..deal import Deal, Phase
from ..explain import play_label
from ..i18n import gettext as _
from ..i18n import ngettext, pgettext
from .fields import RequestError

#: Search nodes *Check my play* may spend on a 5-player deal, by the search that runs ("compiled": the
#: kernel's mypyc-built search; "interpreted": plain Python, as in the live book).  Nodes, not seconds:
#: the same cards are checked on every machine with the same build.
FIVE_PLAYER_NODES: dict[str, int] = {"compiled": 1_000_000, "interpreted": 150_000}


def review(deal: Deal, seat: int, hinted: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The learner's card plays in a finished deal, each checked by the double-dummy solver.

    For every card ``seat`` played where the choice mattered, the solver compares it with
    the best card *with all hands in view*: ``rows`` lists the ones that cost tricks (and
    which cards were better); ``summary`` says it in a sentence.

    >>> from fivehundred_tutor import Rules
    >>> deal = Deal.from_position(Rules(), {0: "AH 5S", 1: "KH 6S", 2: "QH 7S", 3: "JS 8S"}, "7NT", 0)
    >>> deal.push_many(["5S", "6S", "7S", "8S", "JS", "AH", "KH", "QH"])
    >>> r = review(deal, 0)
    >>> r["rows"][0]["text"]
    'Trick 1: your 5♠ cost a trick against the best play from there on; A♥ kept the best result.'
    >>> r["checked"], r["lost"]
    (1, 1)
    """
    from ..analysis.sampling_bot import search_kind
    from ..solver import SearchLimit, Solver
    from .replay import FACE_DOWN_NOTE

    if not deal.is_over:
        raise RequestError("the deal is not over yet: finish it, then ask for a review")
    rules = deal.rules
    notes = [_(FACE_DOWN_NOTE)] if rules.players == 2 else []
    if deal.declarer is None or not any(isinstance(a, Play) for a in deal.history):
        return {"type": "review", "rows": [], "checked": 0, "lost": 0, "notes": notes,
                "summary": _("No cards were played in this deal, so there is nothing to check.")}  # fmt: skip
    solver = Solver()
    budget = FIVE_PLAYER_NODES[search_kind(solver)] if rules.calls_partner else None
    decisions = _decisions(deal, seat)
    rows: list[dict[str, Any]] = []
    checked = 0
    unchecked: list[int] = []  # the tricks of the cards the node budget left unchecked
    spent = solver.nodes
    # the last cards first: they are the cheap ones, so a budget leaves out the first tricks only
    for number, replay, action in reversed(decisions):
        if unchecked:
            unchecked.append(len(replay.tricks) + 1)
            continue
        left = None if budget is None else budget - (solver.nodes - spent)
        try:
            if left is not None and left <= 0:
                raise SearchLimit("the review's budget is spent")
            played, best_value, best = solver.check(replay, action, all_best=False, node_limit=left)
        except SearchLimit:
            unchecked.append(len(replay.tricks) + 1)
            continue
        checked += 1
        lost = abs(played - best_value)
        if lost:
            rows.append(
                _row(replay, action, played, lost, best, bool(hinted and hinted.get(str(number)) == action.code))
            )
    rows.reverse()
    if unchecked:
        notes.append(_unchecked_note(deal, sorted(unchecked), checked))
    given = _given_back(deal, seat, rows)
    lost_total = sum(r["lost"] for r in rows)
    # the cards the summary counts: with some left unchecked (5 players), only those checked
    which = _("that were a real choice and could be checked in time") if unchecked else _("that were a real choice")
    if not checked and unchecked:
        summary = _(
            "None of your cards could be checked while you wait: with five players there are too many ways "
            "to play out the tricks."
        )
    elif not checked:
        summary = _("You had no real choice of card in this deal (or sat it out), so there is nothing to check.")
    elif not rows:
        summary = ngettext(
            "All {n} of your cards {which} kept the best result, even with every hand in view.",
            "All {n} of your cards {which} kept the best result, even with every hand in view.",
            checked,
        ).format(n=checked, which=which)
    else:
        cost = (
            _tricks_words(lost_total)
            if lost_total == 1
            else ngettext("{n} trick in all", "{n} tricks in all", lost_total).format(n=lost_total)
        )
        # Translators: {checked} cards {which} (a clause: "that were a real choice"); {kept} of them kept the
        # best result, {costly} cost {cost} ("2 tricks in all")
        summary = ngettext(
            "Of your {checked} card {which}, {kept} kept the best result and {costly} cost {cost} — judged with "
            "every hand in view, which you could not see, so some may have been fair guesses.",
            "Of your {checked} cards {which}, {kept} kept the best result and {costly} cost {cost} — judged with "
            "every hand in view, which you could not see, so some may have been fair guesses.",
            checked,
        ).format(checked=checked, which=which, kept=checked - len(rows), costly=len(rows), cost=cost)
        from_hints = sum(1 for r in rows if r.get("hinted"))
        if from_hints:
            summary += " " + ngettext(
                "One of them was the hint's card: the hint weighs only what you can see, so with every hand in "
                "view it is sometimes beaten.",
                "{n} of them were the hint's card: the hint weighs only what you can see, so with every hand in "
                "view it is sometimes beaten.",
                from_hints,
            ).format(n=from_hints)
        if given:
            summary += " " + _("The other side later gave {tricks} back by playing less than their best.").format(
                tricks=_tricks_words(given)
            )
    lesson = _contract_lesson(deal, seat, solver, budget)
    if lesson:
        summary = f"{lesson} {summary}"
    return {"type": "review", "rows": rows, "checked": checked, "lost": lost_total, "notes": notes, "summary": summary,
            "lesson": lesson, "unchecked": len(unchecked)}  # fmt: skip


def _decisions(deal: Deal, seat: int) -> list[tuple[int, Deal, Play]]:
    """The learner's cards that were a real choice: (number of actions before it, the position then
    (a copy), the card played)."""
    replay = deal.root()
    out: list[tuple[int, Deal, Play]] = []
    for number, action in enumerate(deal.history):
        if (
            replay.phase is Phase.PLAY
            and replay.to_move == seat
            and isinstance(action, Play)
            and len({a.card for a in replay.legal_actions() if isinstance(a, Play)}) > 1
        ):
            out.append((number, replay.copy(), action))
        replay.push(action)
    return out


def _row(replay: Deal, action: Play, played: int, lost: int, best: list[Action], hinted: bool) -> dict[str, Any]:
    """The review's row for a card that cost ``lost`` tricks (``best``: the cards that kept the best result)."""
    trick = len(replay.tricks) + 1
    # Translators: joins the cards that kept the best result ("7♦ or A♥ or Q♥")
    better = _(" or ").join(play_label(a) for a in best[:3] if isinstance(a, Play))
    row: dict[str, Any] = {
        "trick": trick,
        "card": str(action),
        "lost": lost,
        "better": [a.code for a in best],
        "after": played,  # the declaring side's tricks with best play by all after the card
        "text": _(
            "Trick {trick}: your {card} cost {tricks} against the best play from there on; {better} kept the best result."
        ).format(trick=trick, card=play_label(action), tricks=_tricks_words(lost), better=better),
    }
    if hinted:
        # the hint judged with the other hands hidden, this check with every hand in view
        row["hinted"] = True
        row["text"] += " " + _(
            "It was the hint's card: with the other hands hidden it was a fair choice, and only "
            "with every hand in view was another card better."
        )
    return row


def _unchecked_note(deal: Deal, tricks: list[int], checked: int) -> str:
    """Why some cards were not checked (five hands: no fast solver), in a learner's words."""
    first, last = tricks[0], tricks[-1]
    if first == last:
        text = _("Not checked: your card in trick {first}.").format(first=first)
    else:
        text = ngettext(
            "Not checked: your {n} card in tricks {first} to {last}.",
            "Not checked: your {n} cards in tricks {first} to {last}.",
            len(tricks),
        ).format(n=len(tricks), first=first, last=last)
    text += " " + _(
        "With five players there are too many ways to play out the tricks to check every card while you wait."
    )
    if checked:
        if len(tricks) == 1:
            later = ngettext("Your card after it was checked.", "Your {n} cards after it were checked.", checked)
        else:
            later = ngettext("Your card after them was checked.", "Your {n} cards after them were checked.", checked)
        text += " " + later.format(n=checked)
    return text


def _tricks_words(n: int) -> str:
    # Translators: a count of tricks as an object ("cost a trick", "gave 2 tricks back")
    return ngettext("a trick", "{n} tricks", n).format(n=n)


def _given_back(deal: Deal, seat: int, rows: list[dict[str, Any]]) -> int:
    """Tricks the other side handed back after the learner's costly cards (at most what those cost), with
    each row's text saying so: the declaring side's tricks with best play by all after a costly card,
    less what the learner's later cards cost, against the tricks it took in the end (the learner's
    partner's slips count against the gift: the figure is what the other side gave, net)."""
    from ..solver import maximises

    if not rows or deal.declarer is None:
        return 0
    final = deal.result().declarer_tricks
    # the learner's gain is more declaring-side tricks if they want those (solver.maximises), else fewer
    sign = 1 if maximises(deal, seat) else -1
    misere = deal.contract is not None and deal.contract.is_misere
    if seat in deal.declaring_seats:  # (5 players: the declarer or the called partner)
        other = _("Later the defenders gave {what} back: they too played less than their best.")
    elif misere:
        other = _("Later the declarer gave {what} back: they too played less than their best.")
    else:
        other = _("Later the declarer's side gave {what} back: they too played less than their best.")
    first = 0
    for i, row in enumerate(rows):
        later = sum(r["lost"] for r in rows[i + 1 :])
        # the learner's side's gain since the card, against best play by all after it with their later slips
        raw = max(0, sign * (final - row["after"]) + later)
        if i == 0:
            first = raw
        back = min(row["lost"], raw)
        if back:
            row["given_back"] = back
            # Translators: the tricks a costly card lost, given back later ("gave it / them / 1 of them back")
            if back == row["lost"] == 1:
                what = pgettext("tricks given back", "it")
            elif back == row["lost"]:
                what = pgettext("tricks given back", "them")
            else:
                what = pgettext("tricks given back", "{n} of them").format(n=back)
            row["text"] += " " + other.format(what=what)
    return min(sum(int(r["lost"]) for r in rows), first)


def _tricks(n: int) -> str:
    return ngettext("{n} trick", "{n} tricks", n).format(n=n)


def _play_start(deal: Deal, discards: list[Card] | None = None) -> Deal:
    """The deal replayed up to its first card played (``discards``: the declarer's, instead of theirs)."""
    start = deal.root()
    pending = list(discards) if discards is not None else None
    for action in deal.history:
        if start.phase is Phase.PLAY:
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


def _declaring_name(deal: Deal) -> str:
    """The declaring side in words: "North–South"; with 5 players "North and North-east" (the partner)."""
    assert deal.declarer is not None
    rules = deal.rules
    if rules.calls_partner:
        # Translators: joins the 5-player declarer and the called partner ("North and North-east")
        return _(" and ").join(rules.local_seat_name(s) for s in deal.declaring_seats)
    return rules.local_side_name(rules.side_of(deal.declarer))


def _contract_lesson(deal: Deal, seat: int, solver: Any, node_limit: int | None = None) -> str:
    """When the learner's side went down as declarers, or defended and let the contract make: what the
    cards were worth with every hand in view (from the first card played, after the discards), and for
    a declarer who went down, what the bid was worth by the count of their cards and a better discard.
    ``node_limit``: the search nodes the whole-deal solve may take (5 players), else no lesson."""
    from ..solver import SearchLimit, SolveError

    rules = deal.rules
    contract, declarer = deal.contract, deal.declarer
    if contract is None or declarer is None or contract.is_misere or rules.players == 2:
        return ""
    result = deal.result()
    declaring = seat in deal.declaring_seats  # (5 players: the declarer or the called partner)
    if result.made == declaring:
        return ""  # made as declarers, or beaten as defenders: nothing to add
    start = _play_start(deal)
    try:
        best = solver.solve(start, node_limit=node_limit)
    except (SolveError, SearchLimit):
        return ""
    need, took = contract.tricks, result.declarer_tricks
    name = rules.local_seat_name(declarer)
    if not declaring:
        them = _declaring_name(deal)
        if best >= need:
            return _(
                "With every hand in view, {contract} could not be beaten: {them} take {tricks} even against the best defence."
            ).format(contract=contract, them=them, tricks=_tricks(best))
        return _(
            "With every hand in view, your side could have held {them} to {tricks} and beaten {contract} (they took {took})."
        ).format(them=them, tricks=_tricks(best), contract=contract, took=took)
    discarded = [a.card for a in deal.history if isinstance(a, Discard)]
    cards = short_names(discarded, ", ")
    if not discarded:
        after = ""
    elif declarer == seat:
        after = _(" after your discards ({cards})").format(cards=cards)
    else:
        # Translators: {seat} is the declarer's seat ("after North's discards (4♠, 5♦, 6♣)")
        after = _(" after {seat}'s discards ({cards})").format(seat=name, cards=cards)
    if best >= need:
        return _(
            "With every hand in view, {contract} could take {tricks}{after}: the contract was there, and {lost} went in the play."
        ).format(contract=contract, tricks=_tricks(best), after=after, lost=_tricks(best - took))
    text = _("With every hand in view, {contract} could take at most {tricks}{after}, short of {need}.").format(
        contract=contract, tricks=_tricks(best), after=after, need=need
    )
    if declarer == seat and discarded and solver.uses_dds(start):
        better = _better_discards(deal, start, solver, best)
        if better is not None:
            value, kept, thrown = better
            text += " " + _("Keeping {kept} (and discarding {thrown} instead) would have made {tricks}.").format(
                kept=kept.short_name, thrown=thrown.short_name, tricks=_tricks(value)
            )
    if declarer == seat and len(deal.root().hands[seat]) == rules.hand_size and deal.auction:
        # a whole deal, not a position set up mid-play: the bid judged as the book's standard judges it
        walk = deal.root()
        for who, call in deal.auction:
            if who == seat and call == contract:
                break
            walk.push(call)
        problem = call_problem_in(walk, contract) if walk.phase is Phase.AUCTION else None
        if problem is not None:
            text += " " + _(
                "Counting your cards as dealt: {problem}. Bidding {need} asked for more than the hand held."
            ).format(problem=problem, need=need)
    return text
