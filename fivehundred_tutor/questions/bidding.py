"""Question generators about the auction, scoring and the end of the game.

Answers come from ``rules.bid_ladder``/``bid_value``/``outranks``, from a real
:class:`~fivehundred_tutor.deal.Deal` (is a call legal now? its
``IllegalAction`` message is the explanation), from ``Deal.result()`` for
scores and from :class:`~fivehundred_tutor.game.Game` for the end of a game.
"""

from __future__ import annotations

from typing import Any

from ..bids import PASS, Bid, Pass
from ..cards import Suit
from ..deal import AUCTION, Deal, IllegalAction
from ..game import Game
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..i18n import ngettext, pgettext
from ..rng import Random
from ..rules import Rules
from .core import QuestionError, answer_slot, bid_info, bid_text, ordered_choices, sub_seed
from .positions import random_contract, retry
from .reading import number_word, partnerships, sentence

__all__ = [
    "end_of_game_words",
    "finished_deal",
    "game_end_outcomes",
    "gen_bid_ladder",
    "gen_bid_values",
    "gen_game_end",
    "gen_scoring",
    "random_auction",
]


def _bid_choice(bid: Bid, rules: Rules) -> dict[str, Any]:
    return {"id": bid.code, "label": bid_text(bid), "words": bid.words}


def _denomination_words(d: int) -> str:
    """'spades' … 'hearts' (0–3), 'no trumps' (4), in the reader's language."""
    return Suit(d).local_name if d < 4 else _("no trumps")


def call_text(call: Bid | Pass) -> str:
    """A call as a sentence shows it: "7♠", "misère", "pass" (in the reader's language)."""
    return pgettext("call", "pass") if call is PASS else bid_text(call)  # type: ignore[arg-type]


def _value_explanation(rules: Rules, bid: Bid) -> str:
    """The value of ``bid`` in words a learner can follow: "8♥ is worth 300: start from 40, add 100 for each
    trick above six (two: 200), and add 60 for hearts (…)"."""
    value = rules.bid_value(bid)
    if bid.is_misere:
        return _("{bid} is worth {value} under these rules ({placement}).").format(
            bid=sentence(bid_text(bid)), value=value, placement=rules.describe_misere_placement()
        )
    d = bid.denomination
    above = bid.tricks - 6
    if above == 0:
        tricks = _("nothing for tricks (six is the lowest bid)")
    elif above == 1:
        tricks = _("100 for the one trick above six")
    else:
        tricks = ngettext(
            "100 for each of the {count} tricks above six ({points})",
            "100 for each of the {count} tricks above six ({points})",
            above,
        ).format(count=number_word(above), points=100 * above)
    if d:
        # Translators: the points a bid's suit adds: "60 for hearts"
        suit = _("{points} for {suit}").format(points=20 * d, suit=_denomination_words(d))
    else:
        suit = _("nothing for spades")
    ladder = ", ".join(f"{_denomination_words(i)} {20 * i}" for i in range(5))
    # Translators: {tricks} and {suit} are "100 for the one trick above six", "60 for hearts" …
    return _(
        "{bid} is worth {value}: 40, plus {tricks}, plus {suit} (each step up from spades adds 20: {ladder})."
    ).format(bid=bid, value=value, tricks=tricks, suit=suit, ladder=ladder)


def _score_explanation(rules: Rules, contract: Bid, declarer: int, tricks: list[int], scores: tuple[int, ...]) -> str:
    """Why each side scores what it does, for this hand (the value, made or not, the defenders' tricks)."""
    notes = [_value_explanation(rules, contract)]
    dside = rules.side_of(declarer)
    who = rules.local_side_name(dside)
    seat = rules.local_seat_name(declarer)
    taken = sum(tricks[s] for s in rules.sides[dside]) if not contract.is_misere else tricks[declarer]
    value = rules.bid_value(contract)
    need = contract.tricks
    one = len(rules.sides[dside]) == 1  # "West scores", "East–West score"
    if contract.is_misere:
        if taken == 0 and one:
            text = _("{seat} took no trick: made, so {side} scores {value}.")
        elif taken == 0:
            text = _("{seat} took no trick: made, so {side} score {value}.")
        elif one:
            text = ngettext(
                "{seat} took {taken} trick: failed, so {side} loses {value}.",
                "{seat} took {taken} tricks: failed, so {side} loses {value}.",
                taken,
            )
        else:
            text = ngettext(
                "{seat} took {taken} trick: failed, so {side} lose {value}.",
                "{seat} took {taken} tricks: failed, so {side} lose {value}.",
                taken,
            )
        notes.append(text.format(seat=seat, side=who, taken=taken, value=value))
        if not rules.misere_defenders_score:
            notes.append(_("In misère the defenders score nothing for their tricks."))
    else:
        if scores[dside] > value:
            text = _("{side} took all ten tricks on a contract worth less than 250, so they score 250.")
        elif taken > need:
            text = ngettext(
                "{side} needed {need} trick and took {taken}: made, so they score {value} (no bonus for the extra "
                "tricks).",
                "{side} needed {need} tricks and took {taken}: made, so they score {value} (no bonus for the extra "
                "tricks).",
                need,
            )
        elif taken >= need:
            text = ngettext(
                "{side} needed {need} trick and took {taken}: made, so they score {value}.",
                "{side} needed {need} tricks and took {taken}: made, so they score {value}.",
                need,
            )
        elif taken:
            text = ngettext(
                "{side} needed {need} trick and took only {taken}: failed, so they lose {value}.",
                "{side} needed {need} tricks and took only {taken}: failed, so they lose {value}.",
                need,
            )
        else:
            text = ngettext(
                "{side} needed {need} trick and took none: failed, so they lose {value}.",
                "{side} needed {need} tricks and took none: failed, so they lose {value}.",
                need,
            )
        notes.append(text.format(side=who, need=need, taken=taken, value=value))
        if rules.players == 2:
            if rules.defenders_score_beyond_five:
                notes.append(_("The defender scores 10 for each trick taken beyond five."))
            else:
                notes.append(_("The defender scores 10 for each trick taken."))
        elif rules.defenders_score_beyond_five:
            notes.append(_("The defenders score 10 for each trick they took beyond five."))
        else:
            notes.append(_("The defenders score 10 for each trick they took."))
    return " ".join(notes)


# -------------------------------------------------------------- bid values
def gen_bid_values(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    ladder = rules.bid_ladder()
    if difficulty == 1:
        pool = [b for b in ladder if b.has_trumps and b.tricks <= 7]
    elif difficulty == 2:
        pool = [b for b in ladder if not b.is_misere]
    else:
        pool = [b for b in ladder if b.is_misere or b.tricks >= 9]
    bid = rng.choice(pool)
    if difficulty < 3 or rng.random() < 0.5:
        return {
            "prompt": _("How many points is a bid of {bid} ({words}) worth?").format(bid=bid, words=bid.words),
            "kind": "number",
            "fields": [{"id": "points", "label": _("points")}],
            "choices": [],
            "context": {"bid": bid_info(bid)},
            "answer": {"points": rules.bid_value(bid)},
            "explanation": _value_explanation(rules, bid),
        }
    # Which bid is worth this many points?  The bids are shown in ladder order, the answer's place
    # balanced by the bid asked about and the others shown.
    slot = answer_slot(rng, 4)

    def make(r: Random) -> tuple[Bid, list[Bid]] | None:
        bid = r.choice(pool)
        value = rules.bid_value(bid)
        others = [b for b in ladder if rules.bid_value(b) != value]
        choices = ordered_choices(r, bid, others, 4, slot, key=ladder.index)
        return None if choices is None else (bid, choices)

    bid, choices = retry(rng, make, N_("bids to choose from"))
    value = rules.bid_value(bid)
    return {
        "prompt": ngettext("Which bid is worth {value} point?", "Which bid is worth {value} points?", value).format(
            value=value
        ),
        "kind": "choice",
        "choices": [_bid_choice(b, rules) for b in choices],
        "context": {"points": value},
        "answer": bid.code,
        "explanation": _value_explanation(rules, bid),
    }


# -------------------------------------------------------------- bid ladder
def random_auction(rules: Rules, rng: Random, calls: int, dealer: int | None = None) -> Deal:
    """A deal whose auction has ``calls`` random legal calls and is still open (or raises)."""

    def make(r: Random) -> Deal | None:
        deal = Deal.new(rules, seed=sub_seed("auction", r.next64()), dealer=r.randbelow(rules.players))
        for _call in range(calls):
            legal = deal.legal_actions()
            bids = [a for a in legal if isinstance(a, Bid)]
            if not bids or r.random() < 0.35:
                deal.push(PASS)
            else:
                deal.push(r.choice(bids[: 2 + r.randbelow(12)]))
            if deal.phase != AUCTION:
                return None
        return deal

    found: Deal = retry(rng, make, N_("an open auction"))
    return found


def _auction_context(deal: Deal) -> list[dict[str, str]]:
    rules = deal.rules
    return [{"seat": rules.seat_name(seat), "call": call.code, "label": call_text(call)} for seat, call in deal.auction]


def _auction_words(deal: Deal) -> str:
    if not deal.auction:
        return _("No calls yet.")
    calls = ", ".join(f"{deal.rules.local_seat_name(s)} {call_text(c)}" for s, c in deal.auction)
    return _("Auction so far: {calls}.").format(calls=calls)


def call_verdict(deal: Deal, call: Bid | Pass) -> tuple[bool, str]:
    """Is ``call`` legal now?  The engine's own reason when it is not."""
    try:
        deal.push(call)
    except IllegalAction as err:
        return False, str(err)
    deal.pop()
    seat = deal.rules.local_seat_name(deal.to_move) if deal.to_move is not None else _("the player")
    if deal.high_bid is None:
        return True, _("Yes: {call} opens the auction, and {seat} may make it.").format(call=call_text(call), seat=seat)
    return True, _("Yes: {call} outranks {high}, and nothing in these rules stops {seat} bidding it.").format(
        call=call_text(call), high=bid_text(deal.high_bid), seat=seat
    )


def gen_bid_ladder(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    ladder = rules.bid_ladder()
    if difficulty == 1:
        # the choices in ladder order; the answer's place balanced by the bid asked about
        slot = answer_slot(rng, 4)

        def make(r: Random) -> tuple[Bid, Bid, list[Bid]] | None:
            i = r.randbelow(len(ladder) - 1)
            low, answer = ladder[i], ladder[i + 1]
            near = [b for b in ladder if b not in (low, answer) and abs(ladder.index(b) - i) <= 6]
            choices = ordered_choices(r, answer, near, 4, slot, key=ladder.index)
            return None if choices is None else (low, answer, choices)

        low, answer, choices = retry(rng, make, N_("a bid and its neighbours"))
        return {
            "prompt": _("On the bid ladder, what is the cheapest bid that outranks {bid}?").format(bid=bid_text(low)),
            "kind": "choice",
            "choices": [_bid_choice(b, rules) for b in choices],
            "context": {"bid": bid_info(low), "ladder": [b.code for b in ladder]},
            "answer": answer.code,
            "explanation": (
                _("Bids rank by tricks, then ♠ < ♣ < ♦ < ♥ < NT; {answer} comes right after {bid}.").format(
                    answer=bid_text(answer), bid=bid_text(low)
                )
                + (
                    " " + _("Misère places: {placement}.").format(placement=rules.describe_misere_placement())
                    if rules.misere_allowed
                    else ""
                )
            ),
        }
    if difficulty == 2:
        i = 3 + rng.randbelow(len(ladder) - 6)
        base = ladder[i]
        near = [b for b in ladder if b is not base and abs(ladder.index(b) - i) <= 5]
        misere = [b for b in ladder if b.is_misere and b is not base]
        higher = [b for b in near if rules.outranks(b, base)]
        lower = [b for b in near if not rules.outranks(b, base)]
        # at least one bid on each side, so that "none" and "all" are never the answer
        first = [rng.choice(higher), rng.choice(lower)]
        picks = first + rng.sample([b for b in near if b not in first], 2)
        for m in misere:
            if m not in picks and len(picks) < 6:
                picks.append(m)
        picks.sort(key=ladder.index)  # a multi question: the ladder's order helps reading, gives nothing away
        above = [b.code for b in picks if rules.outranks(b, base)]
        return {
            "prompt": _("Which of these bids outrank {bid}? Pick every one.").format(bid=bid_text(base)),
            "kind": "multi",
            "choices": [_bid_choice(b, rules) for b in picks],
            "context": {"bid": bid_info(base)},
            "answer": above,
            "explanation": (
                _("Above {bid}: {bids}. Bids rank by tricks, then ♠ < ♣ < ♦ < ♥ < NT; {placement}.")
                if rules.misere_allowed
                else _("Above {bid}: {bids}. Bids rank by tricks, then ♠ < ♣ < ♦ < ♥ < NT.")
            ).format(
                bid=bid_text(base),
                bids=", ".join(bid_text(b) for b in picks if rules.outranks(b, base)) or _("none of them"),
                placement=rules.describe_misere_placement() if rules.misere_allowed else "",
            ),
        }
    return _call_question(rules, rng)


#: what a player who passed may do, by ``rules.bidding`` (the variant named when it is not the default);
#: English: ``gettext`` it when shown
PASSED_PLAYER = {
    "australian": N_(
        "in this game a player who passes is out of the auction for the rest of the hand: a pass is final"
    ),
    "single-round": N_("in this game each player calls once: a pass is final"),
    "rebid": N_("in this variant a player who passed may bid again (as in bridge)"),
    "rebid-on-change": N_(
        "in this variant a player who passed may bid again only once a player changes the suit of their own bid"
    ),
}


def _call_question(rules: Rules, rng: Random) -> dict[str, Any]:
    """May this player make this call now?  Yes and no equally often (drawn first).

    Half the time the player asked about has passed earlier and the bidding has come round to their
    seat: in the default game a pass is final, so the answer is no (a variant that lets them back in is
    named, and the engine decides).  Otherwise the player to call, with a bid that is legal or a near
    miss (just below the high bid, a misère before its time).
    """
    ladder = rules.bid_ladder()
    want_legal = rng.random() < 0.5
    # the answers a player who passed can get: the default game only no; bridge-like bidding only yes;
    # one round of bidding never comes round again
    verdicts = {"australian": (False,), "rebid": (True,), "rebid-on-change": (True, False)}.get(rules.bidding, ())
    # with two players a pass ends the auction or leaves one bidder: the bidding never comes round to a pass
    ask_passed = rng.random() < 0.5 and want_legal in verdicts and rules.players > 2
    # enough calls for the bidding to come round to a player who passed (five and six players need more)
    fewest = max(2, rules.players - 2)

    def passed_player(r: Random) -> tuple[Deal, int, Bid] | None:
        deal = random_auction(rules, r, fewest + r.randbelow(4))
        seat = (deal.auction[-1][0] + 1) % rules.players  # the next seat round from the last call
        if not any(s == seat and call is PASS for s, call in deal.auction):
            return None
        bids = [a for a in deal.legal_actions() if isinstance(a, Bid)]
        if not bids:
            return None
        bid = r.choice(bids[:8])  # a bid that outranks the high bid: passing is the only question
        legal = deal.to_move == seat and bid in bids
        return (deal, seat, bid) if legal == want_legal else None

    def to_call(r: Random) -> tuple[Deal, int, Bid] | None:
        deal = random_auction(rules, r, 1 + r.randbelow(min(3, rules.players - 1)))
        legal_now = {a for a in deal.legal_actions() if isinstance(a, Bid)}
        if want_legal:
            pool = sorted(legal_now, key=rules.bid_key)[:8]
        else:
            # near misses: just below the high bid, misères and 6-level bids where they are not allowed
            pool = [b for b in ladder if b not in legal_now]
            if deal.high_bid is not None:
                key = rules.bid_key(deal.high_bid)
                pool = [b for b in pool if b.is_misere or b.tricks == 6 or rules.bid_key(b) >= key - 60]
        if not pool or deal.to_move is None:
            return None
        return deal, deal.to_move, r.choice(pool)

    found = None
    if ask_passed:
        try:
            found = retry(rng, passed_player, N_("an auction with a player who passed"))
        except QuestionError:  # these rules give a player who passed one verdict only (the other is asked)
            found = None
    deal, seat, bid = found or retry(rng, to_call, N_("an auction for a bid question"))
    name = rules.seat_name(seat)
    local = rules.local_seat_name(seat)
    rule = _(PASSED_PLAYER[rules.bidding])
    passed = any(s == seat and call is PASS for s, call in deal.auction)
    if deal.to_move == seat:
        legal, reason = call_verdict(deal, bid)
        if passed:
            if rules.passers_back_on_change:
                back = _("{seat} passed earlier, but {rule}, and one has: {seat} is back in.")
            else:
                back = _("{seat} passed earlier, but {rule}: {seat} is back in.")
            reason = back.format(seat=local, rule=rule) + " " + reason
    else:
        legal = False
        nxt = rules.local_seat_name(deal.to_move) if deal.to_move is not None else _("nobody")
        if rules.passers_back_on_change:
            text = _("No: {seat} passed earlier, and {rule}: nobody has since. {next} calls next.")
        else:
            text = _("No: {seat} passed earlier, and {rule}. {next} calls next.")
        reason = text.format(seat=local, rule=rule, next=nxt)
    if passed:
        prompt = _(
            "{auction} {seat} passed earlier; the bidding has come round to {seat}'s seat again. "
            "May {seat} bid {bid} now?"
        )
    else:
        prompt = _("{auction} May {seat} bid {bid} now?")
    return {
        "prompt": prompt.format(auction=_auction_words(deal), seat=local, bid=bid_text(bid)),
        "kind": "choice",
        "choices": [{"id": "yes", "label": _("Yes")}, {"id": "no", "label": _("No")}],
        "context": {
            "auction": _auction_context(deal),
            "dealer": rules.seat_name(deal.dealer),
            "to_bid": name,
            "bid": bid_info(bid),
        },
        "answer": "yes" if legal else "no",
        "explanation": reason,
    }


# ----------------------------------------------------------------- scoring
def finished_deal(rules: Rules, contract: Bid, declarer: int, tricks_by_seat: list[int]) -> Deal:
    """A finished deal with these tricks taken, so ``deal.result()`` scores it."""
    hands: list[list[str]] = [[] for _ in range(rules.players)]
    return Deal.from_position(rules, hands, contract, declarer, tricks_won=tricks_by_seat)


def _spread(rng: Random, total: int, seats: list[int], n: int) -> list[int]:
    counts = [0] * n
    for _trick in range(total):
        counts[rng.choice(seats)] += 1
    return counts


def scoring_position(
    rules: Rules, rng: Random, difficulty: int, declarer: int | None = None
) -> tuple[Bid, int, list[int]]:
    """(contract, declarer, tricks per seat) for a hand to score (``declarer``: a random seat if None)."""
    n = rules.players
    if declarer is None:
        declarer = rng.randbelow(n)
    ladder = rules.bid_ladder()
    if difficulty == 1:
        contract = random_contract(rng, rules, no_trumps=0.2)
        taken = contract.tricks + rng.randbelow(10 - contract.tricks) if contract.tricks < 10 else 10
        if taken == 10 and rules.bid_value(contract) < 250:
            taken = contract.tricks
    elif difficulty == 2:
        contract = random_contract(rng, rules, no_trumps=0.3)
        taken = rng.randbelow(contract.tricks) if rng.random() < 0.7 else rng.randint(contract.tricks, 10)
    else:
        special = [b for b in ladder if b.is_misere]
        if special and rng.random() < 0.4:
            contract = rng.choice(special)
            taken = 0 if rng.random() < 0.5 else 1 + rng.randbelow(3)
            if taken and rules.misere_stops_early:
                taken = 1  # the hand stops at the declarer's first trick: a misère never fails by more
        else:
            contract = rng.choice([b for b in ladder if not b.is_misere and rules.bid_value(b) < 250])
            taken = 10 if rng.random() < 0.6 else rng.randbelow(contract.tricks)
    side = rules.sides[rules.side_of(declarer)]
    if contract.is_misere:
        decl_seats = [declarer]
        active = [s for s in range(n) if s == declarer or s not in side]
    else:
        decl_seats = list(side)
        active = list(range(n))
    defenders = [s for s in active if s not in decl_seats]
    played = 10
    if contract.is_misere and taken and rules.misere_stops_early:
        played = 1 + rng.randbelow(10)  # the hand stopped at the declarer's trick: trick 1 to 10
    counts = _spread(rng, taken, decl_seats, n)
    other = _spread(rng, played - taken, defenders, n)
    return contract, declarer, [a + b for a, b in zip(counts, other)]


def _tricks_words(rules: Rules, tricks: list[int]) -> str:
    sides = rules.sides
    parts = []
    for i, side in enumerate(sides):
        total = sum(tricks[s] for s in side)
        took = ngettext("{side} took {n} trick", "{side} took {n} tricks", total)
        parts.append(took.format(side=rules.local_side_name(i), n=total))
    return "; ".join(parts)


def hand_words(rules: Rules, contract: Bid, declarer: int, tricks: list[int]) -> str:
    """'North bid 8♦ (eight diamonds); North–South took 9 tricks; East–West took 1 trick'."""
    name = rules.local_seat_name(declarer)
    if contract.is_misere:
        n = tricks[declarer]
        return ngettext(
            "{seat} bid {contract} and took {n} trick", "{seat} bid {contract} and took {n} tricks", n
        ).format(seat=name, contract=bid_text(contract), n=n)
    return _("{seat} bid {contract} ({words}); {tricks}").format(
        seat=name, contract=contract, words=contract.words, tricks=_tricks_words(rules, tricks)
    )


def gen_scoring(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    contract, declarer, tricks = scoring_position(rules, rng, difficulty)
    deal = finished_deal(rules, contract, declarer, tricks)
    result = deal.result()
    fields = [{"id": f"side{i}", "label": rules.local_side_name(i)} for i in range(len(rules.sides))]
    name = rules.seat_name(declarer)
    what = hand_words(rules, contract, declarer, tricks)
    why = _score_explanation(rules, contract, declarer, tricks, result.scores)
    scored = ", ".join(f"{rules.local_side_name(i)} {pts:+d}" for i, pts in enumerate(result.scores))
    if partnerships(rules):
        prompt = _("{hand}. What does each side score for this hand?")
    else:
        prompt = _("{hand}. What does each player score for this hand?")
    return {
        "prompt": prompt.format(hand=what),
        "kind": "number",
        "fields": fields,
        "choices": [],
        "context": {
            "contract": bid_info(contract),
            "declarer": name,
            # a misère: the declarer's own tricks (play may stop at the first, so the rest were never played)
            "tricks": {name: tricks[declarer]}
            if contract.is_misere
            else {rules.side_name(i): sum(tricks[s] for s in side) for i, side in enumerate(rules.sides)},
        },
        "answer": {f"side{i}": pts for i, pts in enumerate(result.scores)},
        "explanation": _("{why} So: {scores}.").format(why=why, scores=scored),
    }


# ---------------------------------------------------------------- game end
def _tens(rng: Random, low: int, high: int) -> int:
    """A running score between ``low`` and ``high``: a multiple of 10, as every score in the game is."""
    return 10 * rng.randint(-(-low // 10), high // 10)


def game_end_outcomes(rules: Rules, difficulty: int) -> list[str]:
    """The choices of a game-end question, in a fixed order: each side wins, each side is in the hole
    (level 3, when the rules have a hole), nobody yet."""
    sides = range(len(rules.sides))
    hole = [f"hole:{i}" for i in sides] if difficulty == 3 and rules.hole is not None else []
    return [*(f"win:{i}" for i in sides), *hole, "continue"]


def end_of_game_words(rules: Rules) -> str:
    """What a low score does under ``rules``: "; a side at -500 or below loses" (or plays on)."""
    side = partnerships(rules)
    if rules.hole is not None:
        text = _("a side at {hole} or below loses") if side else _("a player at {hole} or below loses")
    elif rules.bars_from_winning:
        text = (
            _("a side who falls to {score} or below plays on but can no longer win")
            if side
            else _("a player who falls to {score} or below plays on but can no longer win")
        )
    else:
        text = _("under these rules a low score does not end the game")
    return "; " + text.format(hole=rules.hole, score=rules.barred_from_winning_at)


def _game_answer(game: Game) -> str:
    if game.winner is not None and game.scores[game.winner] >= game.rules.target:
        return f"win:{game.winner}"  # reached the target (as another fell in the hole: it still wins, seed 004_)
    if game.loser is not None:
        return f"hole:{game.loser}"
    if game.winner is not None:
        return f"win:{game.winner}"
    return "continue"


def gen_game_end(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    """What happens after a hand: a side wins, a side is in the hole, or the game goes on.

    The outcome is chosen first, evenly among the choices shown (so neither its place nor the base
    rate of "the game goes on" gives it away), then a position with that outcome is built.  Level 1:
    the declaring side near the target; 2: every side near it; 3: sides near the hole or the target.
    Running scores are multiples of 10 strictly between the hole and the target (a game in progress).
    """
    nsides = len(rules.sides)
    target = rules.target
    outcomes = game_end_outcomes(rules, difficulty)
    want = outcomes[answer_slot(rng, len(outcomes))]
    about = int(want.split(":")[1]) if ":" in want else None
    hole = rules.hole if rules.hole is not None else -500
    each = not partnerships(rules)

    def make(r: Random) -> tuple[list[int], Bid, int, list[int], Game] | None:
        seat = None
        if about is not None and r.random() < 0.75:  # the side the outcome is about declares, mostly
            seat = r.choice(list(rules.sides[about]))
        contract, declarer, tricks = scoring_position(rules, r, 1 + r.randbelow(3), declarer=seat)
        dside = rules.side_of(declarer)
        if difficulty == 1:
            before = [_tens(r, 0, target - 40) for _ in range(nsides)]
            before[dside] = _tens(r, target - 300, target - 20)
        elif difficulty == 2:
            before = [_tens(r, target - 200, target - 10) for _ in range(nsides)]
        else:
            before = [
                _tens(r, hole + 10, hole + 250) if r.random() < 0.5 else _tens(r, target - 250, target - 10)
                for _ in range(nsides)
            ]
        deal = finished_deal(rules, contract, declarer, tricks)
        after = [b + p for b, p in zip(before, deal.result().scores)]
        if sum(1 for i, a in enumerate(after) if a >= target and i != dside) > 1:
            return None  # two defenders past the target: who got there first depends on the order of tricks
        if rules.hole is not None and max(after) >= target and min(after) <= rules.hole:
            return None  # both ends crossed on one hand: "reached 500" and "fell to -500" would both be true
        game = Game(rules, seed=0, first_dealer=declarer)
        game.scores = list(before)
        game.record(deal)
        if _game_answer(game) != want:
            return None
        return before, contract, declarer, tricks, game

    before, contract, declarer, tricks, game = retry(rng, make, N_("a game-end position"))
    result = game.results[-1]

    def one(i: int) -> bool:
        return len(rules.sides[i]) == 1  # "West wins", "East–West win"

    def label(i: int, hole_too: bool) -> str:
        if not hole_too:
            text = _("{side} wins") if one(i) else _("{side} win")
        else:
            text = _("{side} wins: reached {target}") if one(i) else _("{side} win: reached {target}")
        return text.format(side=rules.local_side_name(i), target=target)

    def lose(i: int) -> str:
        text = (
            _("{side} loses: fell to {hole} or below (in the hole)")
            if one(i)
            else _("{side} lose: fell to {hole} or below (in the hole)")
        )
        return text.format(side=rules.local_side_name(i), hole=hole)

    labels = {f"win:{i}": label(i, False) for i in range(nsides)}
    if any(o.startswith("hole:") for o in outcomes):
        # Each choice names its reason: in a two-sided game one side in the hole means the other wins,
        # so "East–West win" alone would be true of "North–South lose (in the hole)" too.
        labels = {f"win:{i}": label(i, True) for i in range(nsides)}
        labels |= {f"hole:{i}": lose(i) for i in range(nsides)}
    labels["continue"] = _("Nobody yet: the game goes on")
    choices = [{"id": o, "label": labels[o]} for o in outcomes]
    score_words = ", ".join(f"{rules.local_side_name(i)} {pts}" for i, pts in enumerate(before))
    scored = ", ".join(f"{rules.local_side_name(i)} {pts:+d}" for i, pts in enumerate(result.scores))
    after = ", ".join(f"{rules.local_side_name(i)} {pts}" for i, pts in enumerate(game.scores))
    if each:
        rule = _(
            "A player reaching {target} wins (if the declarer and another player reach it on the same hand, the "
            "declarer wins)"
        )
    else:
        rule = _(
            "A side reaching {target} wins (if the declaring side and another reach it on the same hand, the "
            "declaring side wins)"
        )
    rule = rule.format(target=target)
    if rules.win_only_as_declarer:
        rule += "; " + (
            _("a player wins only by making a contract as declarer")
            if each
            else _("a side wins only by making a contract as declarer")
        )
    rule += end_of_game_words(rules)
    notes = "; ".join(words for _words, words in game.notes)
    if rules.hole is not None:
        nobody = (
            _("No player has reached {target} or fallen to {hole}")
            if each
            else _("No side has reached {target} or fallen to {hole}")
        )
    else:
        nobody = _("No player has reached {target}") if each else _("No side has reached {target}")
    reason = game.reason or notes or nobody.format(target=target, hole=rules.hole)
    return {
        "prompt": _("Scores before the hand: {scores}. {hand}: {scored}. What happens now?").format(
            scores=score_words, hand=hand_words(rules, contract, declarer, tricks), scored=scored
        ),
        "kind": "choice",
        "choices": choices,
        "context": {
            "scores_before": {rules.side_name(i): pts for i, pts in enumerate(before)},
            "hand": result.to_dict(),
            "target": target,
            "hole": rules.hole,
        },
        "answer": want,
        "explanation": _("Scores after the hand: {scores}. {rule}. {reason}.").format(
            scores=after, rule=rule, reason=reason
        ),
    }
