"""Question generators: misère, the 2-player play order, and play decisions from a position.

Play decisions at difficulty 3 need verdicts for every legal play (tricks the
side takes with best play from there).  They come from a *verdict provider*:
by default ``fivehundred_tutor.solver.analyse`` when that module exists;
:func:`set_verdict_provider` plugs in another (tests use a plain minimax).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any

from ..actions import Play
from ..bids import PASS, Bid
from ..cards import Card, Suit
from ..deal import AUCTION, KITTY, PLAY, Deal
from ..rng import Random
from ..rules import Rules
from .bidding import call_verdict, finished_deal, hand_words, random_auction
from .cardplay import contract_phrase, trick_words
from .core import QuestionError, answer_slot, bid_info, card_choice, card_info, cards_info, rules_key, sub_seed
from .positions import MAX_TRIES, TrickSpot, random_contract, random_trick, retry

_INDEX = attrgetter("index")  # a hand's display order

__all__ = ["gen_misere", "gen_play_decision", "gen_two_player", "set_verdict_provider", "verdict_provider"]


# ------------------------------------------------------------------- misère
def misere_unavailable(rules: Rules) -> str | None:
    if rules.misere == "never":
        return "misère is not played under these rules"
    return None


def gen_misere(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    if rules.misere == "never":
        raise QuestionError("misère is not played under these rules")
    if difficulty == 1:
        contract = rng.choice([Bid.misere(), Bid.open_misere()])
        declarer = rng.randbelow(rules.players)
        taken = 0 if rng.random() < 0.5 else 1
        side = rules.sides[rules.side_of(declarer)]
        active = [s for s in range(rules.players) if s == declarer or s not in side]
        defenders = [s for s in active if s != declarer]
        tricks = [0] * rules.players
        tricks[declarer] = taken
        for _ in range(10 - taken):
            tricks[rng.choice(defenders)] += 1
        result = finished_deal(rules, contract, declarer, tricks).result()
        fields = [{"id": f"side{i}", "label": rules.side_name(i)} for i in range(len(rules.sides))]
        scored = ", ".join(f"{rules.side_name(i)} {p:+d}" for i, p in enumerate(result.scores))
        defend = (
            "defenders score nothing for their tricks"
            if not rules.misere_defenders_score
            else "defenders score their tricks (variant)"
        )
        return {
            "prompt": f"{hand_words(rules, contract, declarer, tricks)}. What does each side score?",
            "kind": "number",
            "fields": fields,
            "choices": [],
            "context": {
                "contract": bid_info(contract),
                "declarer": rules.seat_name(declarer),
                "tricks": {rules.seat_name(declarer): taken},
            },
            "answer": {f"side{i}": p for i, p in enumerate(result.scores)},
            "explanation": (
                f"{contract} is worth {rules.bid_value(contract)} under these rules: the declarer must take no "
                f"trick; made scores the value, one trick taken loses it; {defend}. So: {scored}."
            ),
        }
    if difficulty == 2:
        want_legal = rng.random() < 0.5

        def make(r: Random) -> Deal | None:
            deal = random_auction(rules, r, r.randbelow(min(4, rules.players)))
            if any(b.is_misere for _, b in deal.auction if isinstance(b, Bid)):
                return None
            if (Bid.misere() in deal.legal_actions()) != want_legal:
                return None
            return deal

        try:
            deal = retry(rng, make, "an auction for a misère question")
        except QuestionError:  # these rules allow only one verdict
            want_legal = not want_legal
            deal = retry(rng, make, "an auction for a misère question")
        legal, reason = call_verdict(deal, Bid.misere())
        seat = rules.seat_name(deal.to_move) if deal.to_move is not None else ""
        calls = ", ".join(f"{rules.seat_name(s)} {c}" for s, c in deal.auction) or "no calls yet"
        return {
            "prompt": f"Auction so far: {calls}. May {seat} bid misère now?",
            "kind": "choice",
            "choices": [{"id": "yes", "label": "Yes"}, {"id": "no", "label": "No"}],
            "context": {
                "auction": [{"seat": rules.seat_name(s), "call": c.code, "label": str(c)} for s, c in deal.auction],
                "dealer": rules.seat_name(deal.dealer),
                "to_bid": seat,
            },
            "answer": "yes" if legal else "no",
            "explanation": reason + f" (Misère under these rules: {rules.describe_misere_placement()}.)",
        }
    return _misere_play(rules, rng)


def _misere_play(rules: Rules, rng: Random) -> dict[str, Any]:
    """The misère declarer plays last to a trick: which legal cards do not win it?"""

    def make(r: Random) -> tuple[TrickSpot, list[Card], list[Card]] | None:
        contract = Bid.misere()
        declarer = r.randbelow(rules.players)
        probe = random_trick(r, rules, contract, played=0, declarer=declarer)
        slots = probe.slots
        leader = slots[1 % len(slots)].seat  # the declarer is last: the seat after them leads
        spot = random_trick(
            r, rules, contract, played=len(slots) - 1, declarer=declarer, leader=leader, hand_size=4 + r.randbelow(7)
        )
        if spot.to_play.seat != declarer:
            return None
        legal = rules.legal_plays(spot.hand, spot.trick, contract, spot.joker_suit)
        last = len(spot.trick)
        safe = [c for c in legal if rules.trick_winner([*spot.trick, c], contract, spot.joker_suit) != last]
        if not safe or len(safe) == len(legal):
            return None
        return spot, legal, safe

    spot, legal, safe = retry(rng, make, "a misère trick")
    contract = spot.contract
    unsafe = [c for c in legal if c not in safe]
    example = unsafe[0]
    why = rules.explain_trick([*spot.trick, example], contract, spot.joker_suit)
    illegal = [c for c in spot.hand if c not in legal]
    illegal_note = ""
    if illegal:
        reason = rules.why_illegal(illegal[0], spot.hand, spot.trick, contract, spot.joker_suit)
        illegal_note = f" {reason}" if reason else ""
    return {
        "prompt": (
            f"{rules.seat_name(spot.declarer)} is playing misère (no trumps; the declarer must take no trick). "
            f"Trick so far: {trick_words(spot)}. The declarer plays last. Which cards may the declarer play "
            "without winning the trick? Pick every one."
        ),
        "kind": "multi",
        "choices": [card_choice(c) for c in spot.hand],
        "context": {**spot.context(rules), "hand": cards_info(spot.hand)},
        "answer": [c.code for c in safe],
        "explanation": (f"Safe: {' '.join(str(c) for c in safe)}. Playing {example} would win: {why}{illegal_note}"),
    }


# ------------------------------------------------------- 2-player play order
_TWO_PLAYER: dict[Any, Rules] = {}


def two_player_rules(rules: Rules) -> Rules:
    """These rules for two players (the dummy layout), other options kept.

    Made once per set of rules (keyed by :func:`~.core.rules_key`), so its tables are built once too.
    """
    if rules.players == 2:
        return rules
    key = rules_key(rules)
    found = _TWO_PLAYER.get(key)
    if found is None:
        if len(_TWO_PLAYER) >= 32:
            _TWO_PLAYER.clear()
        found = _TWO_PLAYER[key] = rules.replace(players=2, deck_size=None, partnerships=None, misere="never")
    return found


def _played_deal(rules: Rules, rng: Random, tricks_done: int) -> Deal:
    def make(r: Random) -> Deal | None:
        deal = Deal.new(rules, seed=sub_seed("two-player", r.next64()), dealer=r.randbelow(2))
        # A quick auction (one bid, then passes) and random discards: the order of play is the point.
        bids = [a for a in deal.legal_actions() if isinstance(a, Bid)]
        deal.push(r.choice(bids[:10]))
        while deal.phase == AUCTION:
            deal.push(PASS)
        while deal.phase == KITTY:
            deal.push(r.choice(deal.legal_actions()))
        if deal.phase != PLAY:
            return None
        while len(deal.tricks) < tricks_done or deal.trick or not isinstance(deal.legal_actions()[0], Play):
            deal.push(r.choice(deal.legal_actions()))
            if deal.is_over:
                return None
        return deal

    found: Deal = retry(rng, make, "a 2-player deal")
    return found


def _slot_words(rules: Rules, seat: int, source: str) -> str:
    return f"{rules.seat_name(seat)} {source}"


def gen_two_player(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    r2 = two_player_rules(rules)
    note = "" if r2 is rules else " (the 2-player game under these rules)"
    if difficulty in (1, 2):
        done = 0 if difficulty == 1 else 1 + rng.randbelow(8)
        deal = _played_deal(r2, rng, done)
        leader = deal.to_move
        assert leader is not None and deal.declarer is not None
        order: list[tuple[int, str]] = []
        for _ in range(4):
            seat = deal.to_move
            legal = deal.legal_actions()
            assert seat is not None and isinstance(legal[0], Play) and legal[0].source is not None
            order.append((seat, legal[0].source))
            deal.push(legal[0])
        for _ in range(4):
            deal.pop()
        other = 1 - leader
        candidates = [
            [(leader, "hand"), (other, "hand"), (leader, "table"), (other, "table")],
            [(leader, "table"), (other, "table"), (leader, "hand"), (other, "hand")],
            [(leader, "hand"), (leader, "table"), (other, "hand"), (other, "table")],
            [(other, "hand"), (leader, "hand"), (other, "table"), (leader, "table")],
        ]
        if order not in candidates:  # pragma: no cover - the engine's order is always one of these
            candidates[3] = order

        def cid(seq: list[tuple[int, str]]) -> str:
            return "-".join(f"{r2.seat_names[s][0]}{src[0]}" for s, src in seq)

        choices = [
            {"id": cid(seq), "label": ", ".join(_slot_words(r2, s, src) for s, src in seq)} for seq in candidates
        ]
        if difficulty == 1:
            last_ctx = None
            situation = f"First trick{note}: {r2.seat_name(deal.declarer)} is the declarer."
            why = "In the first trick: declarer's hand card, opponent's hand card, declarer's table card, opponent's table card."
        else:
            last = deal.tricks[-1]
            src = last.winning_source or "hand"
            last_ctx = {"winner": r2.seat_name(last.winner), "source": src, **card_info(last.winning_card)}
            situation = (
                f"Two players{note}. {r2.seat_name(last.winner)} won the last trick with "
                f"{last.winning_card} from the {src}."
            )
            why = (
                "After the first trick the winner leads, and the order follows where the winning card came from: "
                "won from the hand → hand, hand, table, table; won from the table → table, table, hand, hand "
                "(each pair: the trick winner first)."
            )
        rng.shuffle(choices)
        return {
            "prompt": f"{situation} In what order are the cards of the next trick played?",
            "kind": "choice",
            "choices": choices,
            "context": {
                "rules_players": 2,
                "declarer": r2.seat_name(deal.declarer),
                "contract": bid_info(deal.contract) if deal.contract else None,
                "leader": r2.seat_name(leader),
                "last_trick": last_ctx,
            },
            "answer": cid(order),
            "explanation": why,
        }
    # Difficulty 3: which face-up table cards may be played now?

    def make(r: Random) -> tuple[Deal, list[Card], list[Card]] | None:
        deal = _played_deal(r2, r, r.randbelow(6))
        for _ in range(3):
            legal = deal.legal_actions()
            plays = [a for a in legal if isinstance(a, Play)]
            if deal.trick and plays and plays[0].source == "table":
                seat = deal.to_move
                assert seat is not None
                ups = deal.table_up(seat)
                ok = [a.card for a in plays]
                if len(ups) >= 2 and len(ok) < len(ups):
                    return deal, ups, ok
            deal.push(r.choice(legal))
            if deal.is_over or not deal.trick:
                return None
        return None

    deal, ups, ok = retry(rng, make, "a 2-player table-card question")
    seat = deal.to_move
    assert seat is not None and deal.contract is not None
    trick = deal.trick_cards()
    bad = [c for c in ups if c not in ok]
    # a joker whose suit was named in advance (variant) leads as that suit
    led_as = deal.trick_joker_suit
    if led_as is None and trick[0].is_joker:  # (Suit.SPADES is 0: test for None, never truthiness)
        led_as = deal.joker_fixed
    reason = r2.why_illegal(bad[0], ups, trick, deal.contract, led_as) if bad else None
    plays = ", ".join(f"{r2.seat_name(s)} {c} ({src})" for s, c, src in deal.trick)
    return {
        "prompt": (
            f"Two players{note}. {contract_phrase(deal.contract)} Trick so far: {plays}. "
            f"{r2.seat_name(seat)} now plays from the table. Which face-up table cards may be played? Pick every one."
        ),
        "kind": "multi",
        "choices": [card_choice(c) for c in ups],
        "context": {
            "rules_players": 2,
            "contract": bid_info(deal.contract),
            "trick": [{"seat": r2.seat_name(s), "source": src, **card_info(c)} for s, c, src in deal.trick],
            "joker_suit": None if deal.trick_joker_suit is None else deal.trick_joker_suit.word,
            "table_up": cards_info(ups),
            "hand": cards_info(deal.hands[seat]),
        },
        "answer": [c.code for c in ok],
        "explanation": (
            "Following suit applies to the source played from: a table card must follow if one of your face-up "
            f"table cards can. {reason or ''}"
        ).strip(),
    }


# -------------------------------------------------------------- play decisions
VerdictProvider = Callable[[Deal], Mapping[Any, int]]
_provider: list[VerdictProvider | None] = [None]


def set_verdict_provider(provider: VerdictProvider | None) -> None:
    """Use ``provider(deal) -> {action or action code: tricks for the declaring side}`` for difficulty 3."""
    _provider[0] = provider


def verdict_provider() -> VerdictProvider | None:
    if _provider[0] is not None:
        return _provider[0]
    try:
        from .. import solver  # type: ignore[attr-defined]
    except ImportError:
        return None
    analyse = getattr(solver, "analyse", None)
    return analyse if callable(analyse) else None


def _partners_play(rules: Rules) -> bool:
    return bool(rules.partnerships) and rules.players in (4, 6)


def gen_play_decision(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    if difficulty == 3:
        return _solver_decision(rules, rng)
    if difficulty == 2 and _partners_play(rules):
        return _partner_winning(rules, rng)
    return _cheapest_winner(rules, rng)


def _role(rules: Rules, spot: TrickSpot, seat: int) -> str:
    if seat == spot.declarer:
        return "the declarer"
    if rules.side_of(seat) == rules.side_of(spot.declarer):
        return "the declarer's partner"
    return "a defender"


#: cards in the hand of the player last to play (the 2-player game: five face-up table cards), so that
#: every "which card?" question has the same number of choices and the answer's place can be balanced
LAST_HAND = 6


def _last_hand_size(rules: Rules) -> int:
    return min(LAST_HAND, 5) if rules.players == 2 else LAST_HAND


def _last_seat_spot(rules: Rules, r: Random) -> TrickSpot:
    contract = random_contract(r, rules, no_trumps=0.2)
    size = 4 if rules.players == 2 else rules.players
    return random_trick(r, rules, contract, played=size - 1, hand_size=LAST_HAND)


def _cheapest_winner(rules: Rules, rng: Random, defender: bool = False) -> dict[str, Any]:
    """Last to play, the other side winning: which card wins the trick most cheaply?

    The hand is shown in its usual order, and the answer's place among its cards is balanced by the
    hand chosen: the cheapest winner is drawn first, then the cards below and above it in that order
    (the other players' cards are not shown, so any unseen cards may make up the hand).
    ``defender``: the player to move is a defender.
    """
    k = _last_hand_size(rules)
    slot = answer_slot(rng, k)

    def make(r: Random) -> tuple[TrickSpot, list[Card], list[Card]] | None:
        spot = _last_seat_spot(rules, r)
        trick, contract, named = spot.trick, spot.contract, spot.joker_suit
        last = len(trick)
        current = rules.trick_winner(trick, contract, named)
        me = spot.to_play.seat
        if rules.side_of(spot.slots[current].seat) == rules.side_of(me):
            return None  # partner (or self, 2-player) already winning: another question
        if defender and rules.side_of(me) == rules.side_of(spot.declarer):
            return None
        unseen = [c for c in rules.deck() if c not in trick]
        would_win = [c for c in unseen if rules.trick_winner([*trick, c], contract, named) == last]
        if not would_win:
            return None
        cheapest = r.choice(would_win)
        below = [c for c in unseen if c.index < cheapest.index]
        above = [c for c in unseen if c.index > cheapest.index]
        if len(below) < slot or len(above) < k - 1 - slot:
            return None
        hand = sorted([cheapest, *r.sample(below, slot), *r.sample(above, k - 1 - slot)], key=_INDEX)
        legal = rules.legal_plays(hand, trick, contract, named)
        winners = [c for c in legal if rules.trick_winner([*trick, c], contract, named) == last]
        if len(winners) < 2 or len(winners) == len(legal):
            return None
        power = rules.table(contract).power
        if min(winners, key=lambda c: power[c.index]) != cheapest:
            return None
        spot.hands[last] = hand
        return spot, legal, winners

    # an answer at the end of the hand is rare (few cards rank after it): a larger budget of tries
    spot, _legal, winners = retry(rng, make, "a play-decision position", tries=4 * MAX_TRIES)
    contract = spot.contract
    power = rules.table(contract).power
    cheapest = min(winners, key=lambda c: power[c.index])
    me = spot.to_play
    return {
        "prompt": (
            f"{contract_phrase(contract)} {rules.seat_name(spot.declarer)} is the declarer. Trick so far: "
            f"{trick_words(spot)}. You are {me.label} ({_role(rules, spot, me.seat)}), last to play, and want to "
            "win this trick as cheaply as possible. Which card do you play?"
        ),
        "kind": "choice",
        "choices": [card_choice(c) for c in spot.hand],
        "context": {**spot.context(rules), "hand": cards_info(spot.hand)},
        "answer": cheapest.code,
        "explanation": (
            f"Cards that win: {' '.join(str(c) for c in winners)}; the cheapest is {cheapest}: "
            + rules.explain_trick([*spot.trick, cheapest], contract, spot.joker_suit)
            + " Keep the higher cards for later tricks."
        ),
    }


def _partner_winning(rules: Rules, rng: Random) -> dict[str, Any]:
    def make(r: Random) -> tuple[TrickSpot, list[Card], list[Card]] | None:
        spot = _last_seat_spot(rules, r)
        current = rules.trick_winner(spot.trick, spot.contract, spot.joker_suit)
        me = spot.to_play.seat
        winner_seat = spot.slots[current].seat
        if winner_seat == me or rules.side_of(winner_seat) != rules.side_of(me):
            return None
        legal = rules.legal_plays(spot.hand, spot.trick, spot.contract, spot.joker_suit)
        keep = [c for c in legal if rules.trick_winner([*spot.trick, c], spot.contract, spot.joker_suit) == current]
        if not keep or len(keep) == len(legal) or len(legal) < 2:
            return None
        return spot, legal, keep

    spot, legal, keep = retry(rng, make, "a partner-winning position")
    contract = spot.contract
    current = rules.trick_winner(spot.trick, contract, spot.joker_suit)
    partner = spot.slots[current]
    overtake = [c for c in legal if c not in keep]
    me = spot.to_play
    return {
        "prompt": (
            f"{contract_phrase(contract)} {rules.seat_name(spot.declarer)} is the declarer. Trick so far: "
            f"{trick_words(spot)}. You are {me.label}, last to play; your partner {partner.label} is winning "
            f"with {spot.trick[current]}. Which of your cards leave the trick with your partner? Pick every one."
        ),
        "kind": "multi",
        "choices": [card_choice(c) for c in spot.hand],
        "context": {**spot.context(rules), "hand": cards_info(spot.hand)},
        "answer": [c.code for c in keep],
        "explanation": (
            f"Leaving partner the trick: {' '.join(str(c) for c in keep)}. "
            f"{overtake[0]} would take it: "
            + rules.explain_trick([*spot.trick, overtake[0]], contract, spot.joker_suit)
            + " Playing last, you lose nothing by leaving your partner the trick, while overtaking spends a"
            " winner; overtake only when you need the lead yourself (an ending can make that right)."
        ),
    }


def _solver_decision(rules: Rules, rng: Random) -> dict[str, Any]:
    provider = verdict_provider()
    if provider is None:
        raise QuestionError(
            "difficulty 3 play decisions need the double-dummy solver (fivehundred_tutor.solver), which is missing"
        )
    if rules.players == 2:
        raise QuestionError("difficulty 3 play decisions are not made for the 2-player game")

    def make(r: Random) -> tuple[Deal, dict[str, int]] | None:
        contract = random_contract(r, rules, no_trumps=0.25)
        cards_each = 3
        deck = rules.deck()
        r.shuffle(deck)
        n = rules.players
        declarer = r.randbelow(n)
        hands = [deck[s * cards_each : (s + 1) * cards_each] for s in range(n)]
        done = 10 - cards_each
        tricks_won = [0] * n
        for _ in range(done):
            tricks_won[r.randbelow(n)] += 1
        leader = r.randbelow(n)
        deal = Deal.from_position(rules, hands, contract, declarer, leader, tricks_won=tricks_won)
        for _ in range(r.randbelow(n)):  # a trick in progress, sometimes
            deal.push(r.choice(deal.legal_actions()))
        verdicts = provider(deal)
        values = {(k.code if hasattr(k, "code") else str(k)): int(v) for k, v in verdicts.items()}
        if len(values) < 2 or len(set(values.values())) < 2:
            return None
        return deal, values

    deal, values = retry(rng, make, "a position where the choice of card matters")
    seat = deal.to_move
    assert seat is not None and deal.contract is not None and deal.declarer is not None
    declaring = rules.side_of(seat) == rules.side_of(deal.declarer)
    best = max(values.values()) if declaring else min(values.values())
    answer = sorted(code for code, v in values.items() if v == best)
    contract = deal.contract
    hands_ctx = {rules.seat_name(s): cards_info(deal.hands[s]) for s in range(rules.players) if deal.hands[s]}
    trick = ", ".join(f"{rules.seat_name(s)} {c}" for s, c, _ in deal.trick) or "nothing yet (you lead)"
    choices = []
    for code in sorted(values):
        card = Card.parse(code.split(":")[0])
        label = str(card) if ":" not in code else f"{card} as {Suit.parse(code.split(':')[1])}"
        choices.append({"id": code, "label": label, "words": card.name, "card": card.code})
    goal = "the most tricks for your side" if declaring else "the fewest tricks for the declarer's side"
    if contract.is_misere:
        goal = "the best result for your side (misère)"
    lines = ", ".join(f"{c['label']} → {values[c['id']]}" for c in choices)
    return {
        "prompt": (
            f"{contract_phrase(contract)} Everyone's cards are shown. "
            f"{rules.seat_name(deal.declarer)} is the declarer; the declaring side has "
            f"{deal.declarer_tricks} trick(s) so far. Trick so far: {trick}. {rules.seat_name(seat)} to play. "
            f"Which card(s) give {goal} with best play from here? Pick every such card."
        ),
        "kind": "multi",
        "choices": choices,
        "context": {
            "contract": bid_info(contract),
            "declarer": rules.seat_name(deal.declarer),
            "hands": hands_ctx,
            "trick": [{"seat": rules.seat_name(s), **card_info(c)} for s, c, _ in deal.trick],
            "to_play": rules.seat_name(seat),
            "declarer_tricks": deal.declarer_tricks,
            "deal": deal.to_dict(),
        },
        "answer": answer,
        "explanation": f"Tricks for the declaring side after each play, with best play: {lines}.",
    }
