"""Question generators about the auction, scoring and the end of the game.

Answers come from ``rules.bid_ladder``/``bid_value``/``outranks``, from a real
:class:`~fivehundred_tutor.deal.Deal` (is a call legal now? its
``IllegalAction`` message is the explanation), from ``Deal.result()`` for
scores and from :class:`~fivehundred_tutor.game.Game` for the end of a game.
"""

from __future__ import annotations

from typing import Any

from ..bids import PASS, Bid, Pass
from ..deal import AUCTION, Deal, IllegalAction
from ..game import Game
from ..rng import Random
from ..rules import Rules
from .core import bid_info, sub_seed
from .positions import random_contract, retry

__all__ = ["finished_deal", "gen_bid_ladder", "gen_bid_values", "gen_game_end", "gen_scoring", "random_auction"]


def _bid_choice(bid: Bid, rules: Rules) -> dict[str, Any]:
    return {"id": bid.code, "label": str(bid), "words": bid.words}


_COUNT_WORDS = ("none", "one", "two", "three", "four")
_DENOMINATION_WORDS = ("spades", "clubs", "diamonds", "hearts", "no trumps")


def _value_explanation(rules: Rules, bid: Bid) -> str:
    """The value of ``bid`` in words a learner can follow: "8♥ is worth 300: start from 40, add 100 for each
    trick above six (two: 200), and add 60 for hearts (…)"."""
    value = rules.bid_value(bid)
    if bid.is_misere:
        return f"{bid} is worth {value} under these rules ({rules.describe_misere_placement()})."
    d = bid.denomination
    above = bid.tricks - 6
    if above == 0:
        tricks = "nothing for tricks (six is the lowest bid)"
    elif above == 1:
        tricks = "100 for the one trick above six"
    else:
        tricks = f"100 for each of the {_COUNT_WORDS[above]} tricks above six ({100 * above})"
    suit = f"{20 * d} for {_DENOMINATION_WORDS[d]}" if d else "nothing for spades"
    ladder = ", ".join(f"{word} {20 * i}" for i, word in enumerate(_DENOMINATION_WORDS))
    return f"{bid} is worth {value}: 40, plus {tricks}, plus {suit} (each step up from spades adds 20: {ladder})."


def _score_explanation(rules: Rules, contract: Bid, declarer: int, tricks: list[int], scores: tuple[int, ...]) -> str:
    """Why each side scores what it does, for this hand (the value, made or not, the defenders' tricks)."""
    notes = [_value_explanation(rules, contract)]
    dside = rules.side_of(declarer)
    who = rules.side_name(dside)
    taken = sum(tricks[s] for s in rules.sides[dside]) if not contract.is_misere else tricks[declarer]
    value = rules.bid_value(contract)
    plural = "s" if taken != 1 else ""
    if contract.is_misere:
        if taken == 0:
            notes.append(f"{rules.seat_name(declarer)} took no trick: made, so {who} score {value}.")
        else:
            notes.append(f"{rules.seat_name(declarer)} took {taken} trick{plural}: failed, so {who} lose {value}.")
        if not rules.misere_defenders_score:
            notes.append("In misère the defenders score nothing for their tricks.")
    else:
        if scores[dside] > value:
            notes.append(f"{who} took all ten tricks on a contract worth less than 250, so they score 250.")
        elif taken >= contract.tricks:
            extra = " (no bonus for the extra tricks)" if taken > contract.tricks else ""
            notes.append(f"{who} needed {contract.tricks} tricks and took {taken}: made, so they score {value}{extra}.")
        else:
            took = f"only {taken}" if taken else "none"
            notes.append(f"{who} needed {contract.tricks} tricks and took {took}: failed, so they lose {value}.")
        notes.append(
            "The defenders score 10 for each trick they took."
            if rules.defender_tricks == "all"
            else "The defenders score 10 for each trick they took beyond five."
        )
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
            "prompt": f"How many points is a bid of {bid} ({bid.words}) worth?",
            "kind": "number",
            "fields": [{"id": "points", "label": "points"}],
            "choices": [],
            "context": {"bid": bid_info(bid)},
            "answer": {"points": rules.bid_value(bid)},
            "explanation": _value_explanation(rules, bid),
        }
    # Which bid is worth this many points?
    value = rules.bid_value(bid)
    others = [b for b in ladder if rules.bid_value(b) != value]
    choices = [bid, *rng.sample(others, 3)]
    rng.shuffle(choices)
    return {
        "prompt": f"Which bid is worth {value} points?",
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
        for _ in range(calls):
            legal = deal.legal_actions()
            bids = [a for a in legal if isinstance(a, Bid)]
            if not bids or r.random() < 0.35:
                deal.push(PASS)
            else:
                deal.push(r.choice(bids[: 2 + r.randbelow(12)]))
            if deal.phase != AUCTION:
                return None
        return deal

    found: Deal = retry(rng, make, "an open auction")
    return found


def _auction_context(deal: Deal) -> list[dict[str, str]]:
    rules = deal.rules
    return [{"seat": rules.seat_name(seat), "call": call.code, "label": str(call)} for seat, call in deal.auction]


def _auction_words(deal: Deal) -> str:
    if not deal.auction:
        return "No calls yet."
    return "Auction so far: " + ", ".join(f"{deal.rules.seat_name(s)} {c}" for s, c in deal.auction) + "."


def call_verdict(deal: Deal, call: Bid | Pass) -> tuple[bool, str]:
    """Is ``call`` legal now?  The engine's own reason when it is not."""
    try:
        deal.push(call)
    except IllegalAction as err:
        return False, str(err)
    deal.pop()
    seat = deal.rules.seat_name(deal.to_move) if deal.to_move is not None else "the player"
    if deal.high_bid is None:
        return True, f"Yes: {call} opens the auction, and {seat} may make it."
    return True, f"Yes: {call} outranks {deal.high_bid}, and nothing in these rules stops {seat} bidding it."


def gen_bid_ladder(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    ladder = rules.bid_ladder()
    if difficulty == 1:
        i = rng.randbelow(len(ladder) - 1)
        low, answer = ladder[i], ladder[i + 1]
        distractors = [b for b in ladder if b not in (low, answer) and abs(ladder.index(b) - i) <= 6]
        choices = [answer, *rng.sample(distractors, 3)]
        rng.shuffle(choices)
        return {
            "prompt": f"On the bid ladder, what is the cheapest bid that outranks {low}?",
            "kind": "choice",
            "choices": [_bid_choice(b, rules) for b in choices],
            "context": {"bid": bid_info(low), "ladder": [b.code for b in ladder]},
            "answer": answer.code,
            "explanation": (
                f"Bids rank by tricks, then ♠ < ♣ < ♦ < ♥ < NT; {answer} comes right after {low}."
                + (f" Misère places: {rules.describe_misere_placement()}." if rules.misere != "never" else "")
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
        rng.shuffle(picks)
        above = [b.code for b in picks if rules.outranks(b, base)]
        return {
            "prompt": f"Which of these bids outrank {base}? Pick every one.",
            "kind": "multi",
            "choices": [_bid_choice(b, rules) for b in picks],
            "context": {"bid": bid_info(base)},
            "answer": above,
            "explanation": (
                f"Above {base}: {' '.join(str(b) for b in picks if rules.outranks(b, base)) or 'none of them'}. "
                "Bids rank by tricks, then ♠ < ♣ < ♦ < ♥ < NT"
                + (f"; {rules.describe_misere_placement()}." if rules.misere != "never" else ".")
            ),
        }
    want_legal = rng.random() < 0.5

    def make(r: Random) -> tuple[Deal, Bid] | None:
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
        return (deal, r.choice(pool)) if pool else None

    deal, bid = retry(rng, make, "an auction for a bid question")
    legal, reason = call_verdict(deal, bid)
    seat = rules.seat_name(deal.to_move) if deal.to_move is not None else ""
    return {
        "prompt": f"{_auction_words(deal)} May {seat} bid {bid} now?",
        "kind": "choice",
        "choices": [{"id": "yes", "label": "Yes"}, {"id": "no", "label": "No"}],
        "context": {
            "auction": _auction_context(deal),
            "dealer": rules.seat_name(deal.dealer),
            "to_bid": seat,
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
    for _ in range(total):
        counts[rng.choice(seats)] += 1
    return counts


def scoring_position(rules: Rules, rng: Random, difficulty: int) -> tuple[Bid, int, list[int]]:
    """(contract, declarer, tricks per seat) for a hand to score."""
    n = rules.players
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
    counts = _spread(rng, taken, decl_seats, n)
    other = _spread(rng, 10 - taken, defenders, n)
    return contract, declarer, [a + b for a, b in zip(counts, other)]


def _tricks_words(rules: Rules, tricks: list[int]) -> str:
    sides = rules.sides
    parts = []
    for i, side in enumerate(sides):
        total = sum(tricks[s] for s in side)
        parts.append(f"{rules.side_name(i)} took {total} trick{'s' if total != 1 else ''}")
    return "; ".join(parts)


def hand_words(rules: Rules, contract: Bid, declarer: int, tricks: list[int]) -> str:
    """'North bid 8♦ (eight diamonds); North–South took 9 tricks; East–West took 1 trick'."""
    name = rules.seat_name(declarer)
    if contract.is_misere:
        n = tricks[declarer]
        return f"{name} bid {contract} and took {n} trick{'s' if n != 1 else ''}"
    return f"{name} bid {contract} ({contract.words}); {_tricks_words(rules, tricks)}"


def gen_scoring(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    contract, declarer, tricks = scoring_position(rules, rng, difficulty)
    deal = finished_deal(rules, contract, declarer, tricks)
    result = deal.result()
    fields = [{"id": f"side{i}", "label": rules.side_name(i)} for i in range(len(rules.sides))]
    name = rules.seat_name(declarer)
    what = hand_words(rules, contract, declarer, tricks)
    why = _score_explanation(rules, contract, declarer, tricks, result.scores)
    scored = ", ".join(f"{rules.side_name(i)} {pts:+d}" for i, pts in enumerate(result.scores))
    return {
        "prompt": f"{what}. What does each side score for this hand?",
        "kind": "number",
        "fields": fields,
        "choices": [],
        "context": {
            "contract": bid_info(contract),
            "declarer": name,
            "tricks": {rules.side_name(i): sum(tricks[s] for s in side) for i, side in enumerate(rules.sides)},
        },
        "answer": {f"side{i}": pts for i, pts in enumerate(result.scores)},
        "explanation": f"{why} So: {scored}.",
    }


# ---------------------------------------------------------------- game end
def gen_game_end(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    nsides = len(rules.sides)
    target = rules.target

    def make(r: Random) -> tuple[list[int], Bid, int, list[int], Game] | None:
        contract, declarer, tricks = scoring_position(rules, r, 1 + r.randbelow(3))
        if difficulty == 1:
            before = [r.randint(0, target - 40) for _ in range(nsides)]
            dside = rules.side_of(declarer)
            before[dside] = r.randint(target - 300, target - 20)
        elif difficulty == 2:
            before = [r.randint(target - 200, target - 10) for _ in range(nsides)]
        else:
            hole = rules.hole if rules.hole is not None else -500
            before = [
                r.randint(hole + 10, hole + 250) if r.random() < 0.5 else r.randint(target - 250, target - 10)
                for _ in range(nsides)
            ]
        game = Game(rules, seed=0, first_dealer=declarer)
        game.scores = list(before)
        deal = finished_deal(rules, contract, declarer, tricks)
        game.record(deal)
        ends = game.is_over
        if difficulty >= 2 and not ends and r.random() < 0.7:
            return None
        return before, contract, declarer, tricks, game

    before, contract, declarer, tricks, game = retry(rng, make, "a game-end position")
    result = game.results[-1]
    choices = [
        {"id": f"win:{i}", "label": f"{rules.side_name(i)} win{'s' if len(rules.sides[i]) == 1 else ''}"}
        for i in range(nsides)
    ]
    if rules.hole is not None:
        choices += [
            {
                "id": f"hole:{i}",
                "label": f"{rules.side_name(i)} lose{'s' if len(rules.sides[i]) == 1 else ''} (in the hole)",
            }
            for i in range(nsides)
        ]
    choices.append({"id": "continue", "label": "Nobody yet: the game goes on"})
    if game.loser is not None:
        answer = f"hole:{game.loser}"
    elif game.winner is not None:
        answer = f"win:{game.winner}"
    else:
        answer = "continue"
    score_words = ", ".join(f"{rules.side_name(i)} {pts}" for i, pts in enumerate(before))
    scored = ", ".join(f"{rules.side_name(i)} {pts:+d}" for i, pts in enumerate(result.scores))
    after = ", ".join(f"{rules.side_name(i)} {pts}" for i, pts in enumerate(game.scores))
    rule = f"A side reaching {target} wins (if both do on the same hand, the declaring side wins)"
    if rules.win_only_as_declarer:
        rule += "; a side wins only by making a contract as declarer"
    if rules.hole is not None:
        rule += f"; a side at {rules.hole} or below loses"
    reason = game.reason or f"No side has reached {target}" + (
        f" or fallen to {rules.hole}" if rules.hole is not None else ""
    )
    return {
        "prompt": (
            f"Scores before the hand: {score_words}. {hand_words(rules, contract, declarer, tricks)}: "
            f"{scored}. What happens now?"
        ),
        "kind": "choice",
        "choices": choices,
        "context": {
            "scores_before": {rules.side_name(i): pts for i, pts in enumerate(before)},
            "hand": result.to_dict(),
            "target": target,
            "hole": rules.hole,
        },
        "answer": answer,
        "explanation": f"Scores after the hand: {after}. {rule}. {reason}.",
    }
