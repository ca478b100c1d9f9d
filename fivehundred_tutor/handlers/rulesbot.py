"""The rules bot: a player who knows every rule of the game and nothing more.

It reads a question as a learner does, without its answer (:func:`~fivehundred_tutor.questions.public_view`),
and answers from the engine's rules: the legal cards, the winner of a trick, the ranking of the
cards and of the bids, bid values, whether a call may be made now (the auction played on a
deal), scores and the end of the game; a small ending with every hand in view, from the solver.
Where a question asks for judgment more than rules (judging a hand, the quality of a discard),
it answers as the rules-of-thumb bot would (:class:`~fivehundred_tutor.bots.HeuristicBot`).

What it scores on the final test's forms shows what knowing the rules is worth there
(:mod:`.calibration`); where it misses shows where the test asks for more than the rules.

>>> from fivehundred_tutor import questions
>>> from fivehundred_tutor.rules import Rules
>>> q = questions.generate("trick-winner", Rules(), seed=3, difficulty=3)
>>> rules_bot_answer(questions.public_view(q)) == q["answer"]
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..actions import Play
from ..bids import Bid, Pass
from ..bots import HeuristicBot, discards_for
from ..cards import Card, Suit
from ..deal import Deal, IllegalAction
from ..game import Game
from ..i18n import gettext as _
from ..rules import Rules

__all__ = ["auction_calls", "codes_of", "context_of", "contract_of", "rules_bot_answer"]


def context_of(q: Mapping[str, Any]) -> Mapping[str, Any]:
    """A question's ``context`` (empty when it has none)."""
    ctx = q.get("context")
    return ctx if isinstance(ctx, Mapping) else {}


def codes_of(items: Any) -> list[str]:
    """The card codes of a context's list of cards (``[{"code": "JD", ...}]``)."""
    return [str(i["code"]) for i in items or [] if isinstance(i, Mapping) and "code" in i]


def contract_of(q: Mapping[str, Any]) -> Bid | None:
    """The contract a question is asked under (None: it names none)."""
    info = context_of(q).get("contract")
    return Bid.parse(info["code"]) if isinstance(info, Mapping) and info.get("code") else None


def auction_calls(q: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A question's auction as (seat name, call code) pairs."""
    return [
        (str(a.get("seat")), str(a.get("call"))) for a in context_of(q).get("auction") or [] if isinstance(a, Mapping)
    ]


def _rules(q: Mapping[str, Any]) -> Rules:
    return Rules.from_dict(dict(q["rules"]))


def _choices(q: Mapping[str, Any]) -> list[str]:
    return [str(c["id"]) for c in q.get("choices") or []]


def _joker_suit(q: Mapping[str, Any]) -> Suit | None:
    word = context_of(q).get("joker_suit")
    return next((s for s in Suit if s.word == word), None) if word else None


def _cards(items: Any) -> list[Card]:
    return [Card.parse(code) for code in codes_of(items)]


def _seat(rules: Rules, name: Any) -> int:
    return rules.seat_names.index(str(name))


def _auction_deal(rules: Rules, q: Mapping[str, Any]) -> Deal:
    """The question's auction replayed on a deal (which calls are legal does not depend on the cards)."""
    ctx = context_of(q)
    deal = Deal.new(rules, seed=0, dealer=_seat(rules, ctx["dealer"]))
    for seat, call in auction_calls(q):
        if deal.to_move != _seat(rules, seat):
            raise ValueError(f"the auction's calls are out of turn at {seat} {call}")
        deal.push(call)
    return deal


def _may_call(rules: Rules, q: Mapping[str, Any], call: Bid | Pass) -> str:
    deal = _auction_deal(rules, q)
    if deal.to_move != _seat(rules, context_of(q)["to_bid"]):
        return "no"  # a player who passed is out of the auction (the bidding never comes back to them)
    try:
        deal.push(call)
    except IllegalAction:
        return "no"
    return "yes"


def _finished(rules: Rules, contract: Bid, declarer: int, tricks_by_side: Mapping[int, int]) -> Deal:
    """A finished deal with these tricks: the declaring side's all on the declarer, the others on one defender."""
    tricks = [0] * rules.players
    side = rules.side_of(declarer)
    defender = next(s for s in range(rules.players) if rules.side_of(s) != side)
    for s, n in tricks_by_side.items():
        tricks[declarer if s == side else defender] += n
    hands: list[list[str]] = [[] for _ in range(rules.players)]
    return Deal.from_position(rules, hands, contract, declarer, tricks_won=tricks)


def _scores_answer(q: Mapping[str, Any], deal: Deal) -> dict[str, int]:
    scores = deal.result().scores
    return {str(f["id"]): scores[i] for i, f in enumerate(q.get("fields") or [])}


def _order(rules: Rules, cards: list[Card], contract: Bid) -> list[Card]:
    suit = next((s for c in cards if (s := rules.effective_suit(c, contract)) is not None), None)
    pool = rules.ranking(suit if suit is not None else Suit.SPADES, contract)
    return sorted(cards, key=pool.index)


def _asks_right_bower(q: Mapping[str, Any], contract: Bid) -> bool:
    """Does a "which jack?" question ask for the right bower?  Its prompt says so, in English or in the
    reader's language (the question's own words: the prompt :mod:`~fivehundred_tutor.questions.cardplay`
    writes)."""
    from ..questions.cardplay import contract_phrase

    prompt = str(q["prompt"])
    return "right bower" in prompt or prompt == _("{contract} Which jack is the right bower?").format(
        contract=contract_phrase(contract)
    )


def _answer_cards(rules: Rules, q: Mapping[str, Any]) -> Any:
    topic, level, ctx = q["topic"], q["difficulty"], context_of(q)
    contract = contract_of(q)
    if topic == "card-hierarchy":
        assert contract is not None
        order = [c.code for c in _order(rules, [Card.parse(c) for c in _choices(q)], contract)]
        return order if q["kind"] == "order" else order[0]
    if topic == "bowers":
        assert contract is not None
        if level == 1:
            want = 99 if _asks_right_bower(q, contract) else 98
            return next(c for c in _choices(q) if rules.card_power(Card.parse(c), contract) == want)
        if level == 2:
            suit = rules.effective_suit(Card.parse(ctx["card"]["code"]), contract)
            return "none" if suit is None else suit.letter
        return [c for c in _choices(q) if rules.effective_suit(Card.parse(c), contract) == contract.trump]
    if topic in ("legal-plays", "trick-winner", "misere", "play-decision"):
        trick, hand, joker = _cards(ctx.get("trick")), _cards(ctx.get("hand")), _joker_suit(q)
        assert contract is not None
        if topic == "trick-winner":
            return _choices(q)[rules.trick_winner(trick, contract, joker)]
        legal = rules.legal_plays(hand, trick, contract, joker)
        if topic == "legal-plays":
            return [c.code for c in legal]
        last = len(trick)
        if topic == "misere":  # the declarer plays last and must not win the trick
            return [c.code for c in legal if rules.trick_winner([*trick, c], contract, joker) != last]
        current = rules.trick_winner(trick, contract, joker)
        if level == 1:  # win the trick as cheaply as possible
            winners = [c for c in legal if rules.trick_winner([*trick, c], contract, joker) == last]
            return min(winners, key=lambda c: rules.card_power(c, contract)).code
        return [c.code for c in legal if rules.trick_winner([*trick, c], contract, joker) == current]
    raise LookupError(topic)


def _answer_play_solver(q: Mapping[str, Any]) -> list[str]:
    from ..solver import Solver, maximises

    deal = Deal.from_dict(context_of(q)["deal"])
    values = Solver().analyse(deal)
    assert deal.to_move is not None
    best = max(values.values()) if maximises(deal, deal.to_move) else min(values.values())
    return sorted(a.code for a, v in values.items() if v == best and isinstance(a, Play))


def _tricks_by_side(rules: Rules, q: Mapping[str, Any]) -> dict[int, int]:
    """A scoring question's tricks by side: its context names sides ("North–South": 7) or, for a misère,
    the declarer's seat ("West": 1); an older question says it only in its prompt ("took 1 trick")."""
    sides = [rules.side_name(i) for i in range(len(rules.sides))]
    given = context_of(q).get("tricks")
    out: dict[int, int] = {}
    if isinstance(given, Mapping):
        for name, n in given.items():
            side = sides.index(name) if name in sides else rules.side_of(_seat(rules, name))
            out[side] = out.get(side, 0) + int(n)
        return out
    found = re.search(r"took (\d+) tricks?", str(q["prompt"]))
    if found is None:
        raise ValueError("a scoring question that does not say how many tricks were taken")
    return {rules.side_of(_seat(rules, context_of(q)["declarer"])): int(found.group(1))}


def _misere_scoring(rules: Rules, q: Mapping[str, Any]) -> dict[str, int]:
    contract = contract_of(q)
    assert contract is not None
    return _scores_answer(
        q, _finished(rules, contract, _seat(rules, context_of(q)["declarer"]), _tricks_by_side(rules, q))
    )


def _game_end(rules: Rules, q: Mapping[str, Any]) -> str:
    ctx = context_of(q)
    hand = ctx["hand"]
    contract = Bid.parse(hand["contract"])
    names = [rules.side_name(i) for i in range(len(rules.sides))]
    game = Game(rules, seed=0, first_dealer=hand["declarer"])
    game.scores = [int(ctx["scores_before"][n]) for n in names]
    tricks = {i: sum(hand["tricks_by_seat"][s] for s in side) for i, side in enumerate(rules.sides)}
    if contract.is_misere:
        tricks = {rules.side_of(hand["declarer"]): hand["tricks_by_seat"][hand["declarer"]]}
    game.record(_finished(rules, contract, hand["declarer"], tricks))
    if game.winner is not None and game.scores[game.winner] >= rules.target:
        return f"win:{game.winner}"  # the side that reached the target wins, even as another falls
    if game.loser is not None:
        return f"hole:{game.loser}"
    return f"win:{game.winner}" if game.winner is not None else "continue"


def rules_bot_answer(question: Mapping[str, Any]) -> Any:
    """The rules bot's answer to a question, read without its answer (``public_view``); the response
    :func:`~fivehundred_tutor.questions.check` reads.  ``LookupError``: a topic it cannot read."""
    q = question
    rules = _rules(q)
    topic, level, ctx = q["topic"], q["difficulty"], context_of(q)
    if topic in ("card-hierarchy", "bowers", "legal-plays", "trick-winner") or (topic == "play-decision" and level < 3):
        return _answer_cards(rules, q)
    if topic == "play-decision":
        return _answer_play_solver(q)
    if topic == "defence":  # a defender's play: an ending in view (the solver), else one trick as in play-decision
        if "deal" in ctx:
            return _answer_play_solver(q)
        return _answer_cards(rules, {**q, "topic": "play-decision", "difficulty": 1 if q["kind"] == "choice" else 2})
    if topic == "bid-values":
        if q["kind"] == "number":
            return {str(q["fields"][0]["id"]): rules.bid_value(Bid.parse(ctx["bid"]["code"]))}
        return next(c for c in _choices(q) if rules.bid_value(Bid.parse(c)) == ctx["points"])
    if topic == "bid-ladder":
        base = Bid.parse(ctx["bid"]["code"])
        if level == 1:
            above = [Bid.parse(c) for c in _choices(q) if rules.outranks(Bid.parse(c), base)]
            return min(above, key=rules.bid_key).code
        if level == 2:
            return [c for c in _choices(q) if rules.outranks(Bid.parse(c), base)]
        return _may_call(rules, q, base)
    if topic == "scoring":
        contract = contract_of(q)
        assert contract is not None
        return _scores_answer(q, _finished(rules, contract, _seat(rules, ctx["declarer"]), _tricks_by_side(rules, q)))
    if topic == "game-end":
        return _game_end(rules, q)
    if topic == "misere":
        if q["kind"] == "number":
            return _misere_scoring(rules, q)
        if q["kind"] == "choice":
            return _may_call(rules, q, Bid.misere() if not ctx.get("bid") else Bid.parse(ctx["bid"]["code"]))
        return _answer_cards(rules, q)
    if topic == "kitty":
        contract = contract_of(q)
        assert contract is not None
        return [c.code for c in discards_for(rules, _cards(ctx["hand"]), contract, int(ctx["count"]))]
    if topic == "hand-judging":
        # judgment, not rules: the rules-of-thumb bot's opening call if it is offered, else the lowest offered
        call = HeuristicBot().choose(_opening(rules, _cards(ctx["hand"])))
        offered = _choices(q)
        if call.code in offered:
            return call.code
        return min(offered, key=lambda c: rules.bid_key(Bid.parse(c)))
    raise LookupError(f"the rules bot cannot read a {topic} question")


def _opening(rules: Rules, hand: list[Card]) -> Deal:
    """A deal where ``hand`` is the first to bid (the other cards dealt at random: the bot reads only its own)."""
    rest = [c for c in rules.deck() if c not in hand]
    first = 1  # the dealer is seat 0: seat 1 bids first
    hands: list[list[Card]] = [[] for _ in range(rules.players)]
    hands[first] = list(hand)
    k = 0
    for seat in range(rules.players):
        if seat != first:
            hands[seat] = rest[k : k + rules.hand_size]
            k += rules.hand_size
    return Deal(rules, hands, rest[k:], 0)
