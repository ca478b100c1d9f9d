"""Question generators: misère and the 2-player play order.

(Play decisions moved to :mod:`.play`; its verdict provider is re-exported here for old imports.)
"""

from __future__ import annotations

from typing import Any

from ..actions import Play
from ..bids import PASS, Bid
from ..cards import Card, short_names
from ..deal import AUCTION, KITTY, PLAY, Deal
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..rng import Random
from ..rules import Rules
from .bidding import call_text, call_verdict, finished_deal, hand_words, random_auction
from .cardplay import contract_phrase, trick_words
from .core import (
    QuestionError,
    bid_info,
    bid_text,
    card_choice,
    card_in_text,
    card_info,
    cards_info,
    rules_key,
    sub_seed,
)
from .play import gen_play_decision, set_verdict_provider, verdict_provider
from .positions import TrickSpot, random_trick, retry
from .reading import partnerships, sentence

__all__ = ["gen_misere", "gen_play_decision", "gen_two_player", "set_verdict_provider", "verdict_provider"]


# ------------------------------------------------------------------- misère
def misere_unavailable(rules: Rules) -> str | None:
    if not rules.misere_allowed:
        return _("misère is not played under these rules")
    return None


def gen_misere(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    if not rules.misere_allowed:
        raise QuestionError(_("misère is not played under these rules"))
    if difficulty == 1:
        contract = rng.choice([Bid.misere(), Bid.open_misere()])
        declarer = rng.randbelow(rules.players)
        taken = 0 if rng.random() < 0.5 else 1
        side = rules.sides[rules.side_of(declarer)]
        active = [s for s in range(rules.players) if s == declarer or s not in side]
        defenders = [s for s in active if s != declarer]
        tricks = [0] * rules.players
        tricks[declarer] = taken
        for _trick in range(10 - taken):
            tricks[rng.choice(defenders)] += 1
        result = finished_deal(rules, contract, declarer, tricks).result()
        fields = [{"id": f"side{i}", "label": rules.local_side_name(i)} for i in range(len(rules.sides))]
        scored = ", ".join(f"{rules.local_side_name(i)} {p:+d}" for i, p in enumerate(result.scores))
        if rules.misere_defenders_score:
            why = _(
                "{bid} is worth {value} under these rules: the declarer must take no trick; made scores the value, "
                "one trick taken loses it; defenders score their tricks (variant). So: {scores}."
            )
        else:
            why = _(
                "{bid} is worth {value} under these rules: the declarer must take no trick; made scores the value, "
                "one trick taken loses it; defenders score nothing for their tricks. So: {scores}."
            )
        ask = (
            _("{hand}. What does each side score?")
            if partnerships(rules)
            else _("{hand}. What does each player score?")
        )
        return {
            "prompt": ask.format(hand=hand_words(rules, contract, declarer, tricks)),
            "kind": "number",
            "fields": fields,
            "choices": [],
            "context": {
                "contract": bid_info(contract),
                "declarer": rules.seat_name(declarer),
                "tricks": {rules.seat_name(declarer): taken},
            },
            "answer": {f"side{i}": p for i, p in enumerate(result.scores)},
            "explanation": why.format(bid=sentence(bid_text(contract)), value=rules.bid_value(contract), scores=scored),
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
            deal = retry(rng, make, N_("an auction for a misère question"))
        except QuestionError:  # these rules allow only one verdict
            want_legal = not want_legal
            deal = retry(rng, make, N_("an auction for a misère question"))
        legal, reason = call_verdict(deal, Bid.misere())
        seat = rules.seat_name(deal.to_move) if deal.to_move is not None else ""
        local = rules.local_seat_name(deal.to_move) if deal.to_move is not None else ""
        calls = ", ".join(f"{rules.local_seat_name(s)} {call_text(c)}" for s, c in deal.auction) or _("no calls yet")
        return {
            "prompt": _("Auction so far: {calls}. May {seat} bid misère now?").format(calls=calls, seat=local),
            "kind": "choice",
            "choices": [{"id": "yes", "label": _("Yes")}, {"id": "no", "label": _("No")}],
            "context": {
                "auction": [
                    {"seat": rules.seat_name(s), "call": c.code, "label": call_text(c)} for s, c in deal.auction
                ],
                "dealer": rules.seat_name(deal.dealer),
                "to_bid": seat,
            },
            "answer": "yes" if legal else "no",
            "explanation": reason
            + " "
            + _("(Misère under these rules: {placement}.)").format(placement=rules.describe_misere_placement()),
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

    spot, legal, safe = retry(rng, make, N_("a misère trick"))
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
        "prompt": _(
            "{declarer} is playing misère (no trumps; the declarer must take no trick). Trick so far: {trick}. "
            "The declarer plays last. Which cards may the declarer play without winning the trick? Pick every one."
        ).format(declarer=rules.local_seat_name(spot.declarer), trick=trick_words(spot, rules)),
        "kind": "multi",
        "choices": [card_choice(c) for c in spot.hand],
        "context": {**spot.context(rules), "hand": cards_info(spot.hand)},
        "answer": [c.code for c in safe],
        "explanation": _("Safe: {cards}. Playing {card} would win the trick.").format(
            cards=short_names(safe), card=card_in_text(example)
        )
        + f" {why}{illegal_note}",
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

    found: Deal = retry(rng, make, N_("a 2-player deal"))
    return found


def _slot_words(rules: Rules, seat: int, source: str) -> str:
    """ "South hand", "North table" (in the reader's language)."""
    name = rules.local_seat_name(seat)
    if source == "table":
        # Translators: the 2-player game: a seat's face-up table cards, in a list of the order of play
        return _("{seat} table").format(seat=name)
    # Translators: the 2-player game: a seat's hand, in a list of the order of play
    return _("{seat} hand").format(seat=name)


def gen_two_player(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    r2 = two_player_rules(rules)
    note = r2 is not rules  # "(the 2-player game under these rules)"
    if difficulty in (1, 2):
        done = 0 if difficulty == 1 else 1 + rng.randbelow(8)
        deal = _played_deal(r2, rng, done)
        leader = deal.to_move
        assert leader is not None and deal.declarer is not None
        order: list[tuple[int, str]] = []
        for _play in range(4):
            seat = deal.to_move
            legal = deal.legal_actions()
            assert seat is not None and isinstance(legal[0], Play) and legal[0].source is not None
            order.append((seat, legal[0].source))
            deal.push(legal[0])
        for _play in range(4):
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
            situation = (
                _("First trick (the 2-player game under these rules): {seat} is the declarer.")
                if note
                else _("First trick: {seat} is the declarer.")
            ).format(seat=r2.local_seat_name(deal.declarer))
            why = _(
                "In the first trick: declarer's hand card, opponent's hand card, declarer's table card, "
                "opponent's table card."
            )
        else:
            last = deal.tricks[-1]
            src = last.winning_source or "hand"
            last_ctx = {"winner": r2.seat_name(last.winner), "source": src, **card_info(last.winning_card)}
            if src == "table":
                situation = (
                    _(
                        "Two players (the 2-player game under these rules). {seat} won the last trick with {card} from the table."
                    )
                    if note
                    else _("Two players. {seat} won the last trick with {card} from the table.")
                )
            else:
                situation = (
                    _(
                        "Two players (the 2-player game under these rules). {seat} won the last trick with {card} from the hand."
                    )
                    if note
                    else _("Two players. {seat} won the last trick with {card} from the hand.")
                )
            situation = situation.format(seat=r2.local_seat_name(last.winner), card=card_in_text(last.winning_card))
            why = _(
                "After the first trick the winner leads, and the order follows where the winning card came from: "
                "won from the hand → hand, hand, table, table; won from the table → table, table, hand, hand "
                "(each pair: the trick winner first)."
            )
        rng.shuffle(choices)
        return {
            "prompt": _("{situation} In what order are the cards of the next trick played?").format(
                situation=situation
            ),
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
        for _step in range(3):
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

    deal, ups, ok = retry(rng, make, N_("a 2-player table-card question"))
    seat = deal.to_move
    assert seat is not None and deal.contract is not None
    trick = deal.trick_cards()
    bad = [c for c in ups if c not in ok]
    # a joker whose suit was named in advance (variant) leads as that suit
    led_as = deal.trick_joker_suit
    if led_as is None and trick[0].is_joker:  # (Suit.SPADES is 0: test for None, never truthiness)
        led_as = deal.joker_fixed
    reason = r2.why_illegal(bad[0], ups, trick, deal.contract, led_as, from_table=True) if bad else None
    plays = ", ".join(
        (_("{seat} {card} (table)") if src == "table" else _("{seat} {card} (hand)")).format(
            seat=r2.local_seat_name(s), card=c.short_name
        )
        for s, c, src in deal.trick
    )
    if note:
        prompt = _(
            "Two players (the 2-player game under these rules). {contract} Trick so far: {plays}. {seat} now plays "
            "from the table. Which face-up table cards may be played? Pick every one."
        )
    else:
        prompt = _(
            "Two players. {contract} Trick so far: {plays}. {seat} now plays from the table. Which face-up table "
            "cards may be played? Pick every one."
        )
    return {
        "prompt": prompt.format(contract=contract_phrase(deal.contract), plays=plays, seat=r2.local_seat_name(seat)),
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
            _(
                "Following suit applies to the source played from: a table card must follow if one of your face-up "
                "table cards can."
            )
            + f" {reason or ''}"
        ).strip(),
    }
