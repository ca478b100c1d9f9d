"""The *Hint* of ``PlayDeal``: the strong bot's choice for the learner's seat, and why, in words.

The reasons come from what the learner can see (their hand, the table, the bidding, the cards
played) and from the figures of the sampling bot's layouts, never from the hidden hands: a bid
from the simulated trick counts (or, without DDS, from the hand counted as the bots count it);
a card from how it fares over the layouts against the next best, or from the rule of thumb
that picks it when sampling would take too long; a discard from the bots' discarding rule.
"""

from __future__ import annotations

from typing import Any

from ..actions import CallPartner, Discard, NominateJoker, Play
from ..analysis import Knowledge, public_history
from ..analysis.sampling_bot import PARTNER_PASSED, PlayReport, SamplingBot, partner_passed
from ..bidding_standard import judge_in, rounded
from ..bids import Bid, Pass
from ..cards import ACE, Card, Suit
from ..deal import Deal, Phase
from ..rules import NO_SUIT
from .fields import RequestError


def action_label(action: object) -> str:
    """What a button (and the hint) says for ``action``.

    >>> from fivehundred_tutor import Card
    >>> action_label(Play(Card.parse("AH"))), action_label(Discard(Card.parse("4S")))
    ('Play Ace of hearts', 'Discard Four of spades')
    """
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Bid):
        return f"Bid {action}"
    if isinstance(action, Discard):
        return f"Discard {action.card.name}"
    if isinstance(action, CallPartner):
        return f"Call the {action.card.name}"
    if isinstance(action, NominateJoker):
        return str(action)
    assert isinstance(action, Play)
    words = action.card.name
    if action.joker_suit is not None:
        words += f", naming {action.joker_suit.word}"
    if action.source is not None:
        words += f" from the {action.source}"
    return f"Play {words}"


def _counted_bid_reason(deal: Deal, seat: int, action: object) -> str:
    """Why a call, from the learner's own cards only, in the book's bidding standard
    (:mod:`~fivehundred_tutor.bidding_standard`): the count as a sum, and the level it reaches.
    Once partner has passed the strong bot counts :data:`PARTNER_PASSED` less on them
    (:func:`~fivehundred_tutor.analysis.sampling_bot.SamplingBot.counted_bid`), and the sum shows it."""
    rules = deal.rules
    passed = partner_passed(rules, seat, [(s, c.code) for s, c in deal.auction])
    judge = judge_in(deal, -PARTNER_PASSED if passed else 0.0)
    caution = (
        f" Your partner has passed (too weak to bid), so count {PARTNER_PASSED:g} of a trick less on them."
        if passed
        else ""
    )
    if isinstance(action, Bid) and action.is_misere:
        return " Your cards are low enough to hope to lose every trick."
    if isinstance(action, Bid):
        return f"{caution} Your hand counts {judge.reckoning(action)}: enough for {action}."
    bids = [a for a in deal.legal_actions() if isinstance(a, Bid) and not a.is_misere]
    if not bids:
        return " No bid you may make now is higher than the bid before."
    best = max(bids, key=judge.count)
    cheapest = min((b for b in bids if b.denomination == best.denomination), key=lambda b: b.tricks)
    need = judge.need(cheapest)
    spare = " (partner holds the bid: a new suit over it wants a trick to spare)" if need > cheapest.tricks else ""
    if rounded(judge.count(cheapest)) >= need:  # the count is there, the trumps are not
        verdict = f"but {judge.problem(cheapest)}"
    else:
        verdict = f"short of the {need} that {cheapest} would need{spare}"
    return (
        f"{caution} Your best chance for a bid is {_denomination_words(best)}: your hand counts "
        f"{judge.reckoning(cheapest)}, {verdict}."
    )


def _average(x: float) -> str:
    """An average count of tricks: one decimal, none when whole ("5", "3.2")."""
    return f"{x:.1f}".removesuffix(".0")


def _denomination_words(bid: Bid) -> str:
    return "no trumps" if bid.trump is None else f"{bid.trump.word} as trumps"


def hint(deal: Deal, seat: int, seed: int = 0) -> dict[str, Any]:
    """The strong bot's choice for the learner's seat, with the reason in words from its samples.

    It sees what the learner sees (their hand, the table, the bidding, the cards played), never
    the hidden hands: it deals the unseen cards many ways and counts how each choice fares.
    """
    if deal.is_over:
        raise RequestError("the deal is over: there is nothing to hint")
    if deal.to_move != seat:
        raise RequestError(f"it is {deal.rules.seat_name(deal.to_move or 0)}'s turn, not yours")
    bot = SamplingBot(seed=seed)
    action = bot.choose(deal)
    text = f"{action_label(action)}."
    report = bot.last_report if isinstance(action, Play) else None
    if deal.phase is Phase.AUCTION and not bot.simulates_bids(deal.rules):
        # Without DDS (the live book) a bidding simulation takes minutes: count the hand instead.
        text += _counted_bid_reason(deal, seat, action)
    elif isinstance(action, Bid):
        figures = bot.bid_figures(Knowledge.from_view(deal.rules, deal.view(seat), public_history(deal)))
        if action.is_misere and figures["misere"] is not None:
            share = round(100 * figures["misere"])
            text += f" Dealing the unseen cards at random {bot.misere_layouts} times, you lose every trick in {share}% of them."
        elif not action.is_misere:
            denomination = "NT" if action.trump is None else action.trump.letter
            share = round(100 * figures["chances"][denomination][action.tricks])
            text += (
                f" Dealing the unseen cards at random {bot.bid_layouts} times, your side takes {action.tricks} or more tricks "
                f"in {share}% of them."
            )
    elif isinstance(action, Pass):
        text += " No bid you may make now takes its tricks often enough when the unseen cards are dealt many ways."
    elif isinstance(action, Play):
        text += _play_reason(deal, seat, action, report)
    elif isinstance(action, Discard):
        text += _discard_reason(deal, seat, action.card)
    elif isinstance(action, CallPartner):
        text += _call_reason(deal, action.card)
    return {"type": "hint", "code": action.code, "label": action_label(action), "text": text}


def _call_reason(deal: Deal, card: Card) -> str:
    """Why this call (5 players), in the words of the bots' rule: the best card someone else holds, so
    that the partner it chooses holds a sure trick for the declarer's side."""
    contract = deal.contract
    assert contract is not None
    table = deal.rules.table(contract, deal.joker_fixed)
    callable_ = [a.card for a in deal.legal_actions() if isinstance(a, CallPartner)]
    top = max(table.power[c.index] for c in callable_)
    higher = sum(1 for c in callable_ if table.power[c.index] == top)
    what = "trump" if table.trump != NO_SUIT else "card"
    best = f"the best {what}" if higher == 1 else f"one of the best {what}s"
    if table.power[card.index] != top:
        return ""
    return (
        f" It is {best} you do not hold: whoever holds it becomes your partner, and a card that high "
        "wins a trick for your side. The others learn who your partner is only when it is played."
    )


def _led_words(deal: Deal) -> str:
    """The suit led to the trick on the table, in words ("trumps", "hearts")."""
    table = deal.rules.table(deal.contract, deal.joker_fixed)
    led = table.suit_of[deal.trick[0][1].index]
    if led == NO_SUIT:
        led = int(deal.trick_joker_suit) if deal.trick_joker_suit is not None else NO_SUIT
    if led == NO_SUIT:
        return "suit"
    return "trumps" if led == table.trump else Suit(led).word


def _partner_leads(deal: Deal, seat: int) -> tuple[Card | None, bool]:
    """The card winning the trick on the table so far (None before its first card), and whether a partner
    of ``seat`` played it."""
    leader = deal.trick_leader()
    if leader is None:
        return None, False
    who, card = leader
    return card, who != seat and deal.rules.side_of(who) == deal.rules.side_of(seat)


def _strength(deal: Deal, card: Card) -> int:
    table = deal.rules.table(deal.contract, deal.joker_fixed)
    return (1000 if table.suit_of[card.index] == table.trump or card.is_joker else 0) + table.power[card.index]


def _play_reason(deal: Deal, seat: int, action: Play, report: PlayReport | None) -> str:
    """Why this card, from what the learner can see and what the strong bot's samples showed."""
    cards = {a.card for a in deal.legal_actions() if isinstance(a, Play)}
    if len(cards) == 1:
        if len(deal.hands[seat]) == 1:
            return " It is your only card."
        return f" It is the only card you may play: you must follow {_led_words(deal)}."
    if report is not None and report.layouts:
        return _sampled_reason(deal, seat, action, report)
    # early in the deal, or with too many ways the unseen cards could lie, the strong bot goes by its
    # rules of thumb: the hint says the rule, not how long weighing would take (issue 30: no engine aside)
    return f" A rule of thumb: {_rule_of_thumb(deal, seat, action)}."


def _rule_of_thumb(deal: Deal, seat: int, action: Play) -> str:
    """The bots' rule of thumb that picks this card, in words, checked against what the learner sees."""
    rules = deal.rules
    contract = deal.contract
    assert contract is not None
    card = action.card
    table = rules.table(contract, deal.joker_fixed)
    power = table.power
    plays = [a for a in deal.legal_actions() if isinstance(a, Play)]
    lowest = min(plays, key=lambda p: (_strength(deal, p.card) >= 1000, power[p.card.index])).card
    trick = deal.trick_cards()
    if contract.is_misere:
        if not trick:
            return "in misère, lead low" if seat == deal.declarer else "lead low, so the declarer may have to win"
        if seat == deal.declarer:
            losing = [p.card for p in plays if not deal.would_win(p.card)]
            if card in losing and power[card.index] == max(power[c.index] for c in losing):
                return "in misère, play your highest card that still loses the trick"
            return "in misère, play low"
        return "play low, and leave the declarer winning the trick when you can"
    declaring = rules.side_of(seat) == rules.side_of(deal.declarer or 0)
    if not trick:
        suit = table.suit_of[card.index]
        if declaring and suit == table.trump and table.trump != NO_SUIT:
            return "as declarer, draw the opponents' trumps: lead your highest trump"
        if power[card.index] == ACE and suit != table.trump:
            return "lead an ace: it should win the trick"
        if card.is_joker:
            return "lead the joker: it wins the trick"
        return "lead a low card from your longest suit"
    winner_card, partner_winning = _partner_leads(deal, seat)
    winners = [p.card for p in plays if deal.would_win(p.card)]
    if partner_winning and card == lowest:
        return f"your partner's {winner_card} is winning the trick, so play your lowest card"
    if card in winners and _strength(deal, card) == min(_strength(deal, c) for c in winners):
        return f"beat the {winner_card} as cheaply as you can"
    if not winners and card == lowest:
        return f"nothing you may play beats the {winner_card}, so play your lowest card"
    return "keep your best cards and play this one"


def _sampled_reason(deal: Deal, seat: int, action: Play, report: PlayReport) -> str:
    """The samples' figures as reasons: who takes the trick, which card it keeps, how this card fares
    against the next best; every figure counted over the layouts the strong bot solved, every other
    statement about the cards the learner sees."""
    rules = deal.rules
    contract = deal.contract
    assert contract is not None and deal.declarer is not None
    n = report.layouts
    card = action.card
    ways = f"{n} random deals of the unseen cards"  # a sample of the ways they could lie, not all of them
    reasons: list[str] = []
    if not contract.is_misere:
        reasons = _trick_reasons(deal, seat, action, report.holds[action], n, ways)
    said = any(ways in r for r in reasons)
    declaring = rules.side_of(seat) == rules.side_of(deal.declarer)
    verb = "makes" if declaring else "beats"
    others = [a for a in report.ranked() if isinstance(a, Play) and a.card != card]
    alt = others[0] if others else None
    intro = f"Of those {n}, " if said else f"Of {ways}, "
    over = f"Over those {n}, " if said else f"Over {ways}, "
    if alt is None:  # the joker with different suits named: nothing else to compare
        compare = f"{intro}it does best of all in {report.best[action]}."
    elif report.goal[action] != report.goal[alt]:
        compare = (
            f"{intro}your side {verb} {contract} in {report.goal[action]} with it, "
            f"and in {report.goal[alt]} with the {alt.card}."
        )
    elif report.tricks[action] != report.tricks[alt] and not contract.is_misere:
        mine, theirs = _average(report.tricks[action] / n), _average(report.tricks[alt] / n)
        compare = (
            f"{over}your side ends the deal with {mine} tricks on average with it (the tricks already won "
            f"included), and {theirs} with the {alt.card}."
        )
    elif report.best[action] != report.best[alt]:
        compare = (
            f"{intro}it does as well as any card in {report.best[action]}; the {alt.card} would do as well "
            f"only in {report.best[alt]}."
        )
    else:
        compare = (
            f"{over}the {alt.card} does just as well, so either will do: nothing you can see makes one better "
            "than the other."
        )
        reasons = [r for r in reasons if r != f"It keeps your {alt.card} for later."]  # either will do
    return "".join(f" {r}" for r in [*reasons, compare[0].upper() + compare[1:]])


def _trick_reasons(deal: Deal, seat: int, action: Play, held: int, n: int, ways: str) -> list[str]:
    """Sentences on the trick on the table (``held``: layouts where no opponent still to play could beat
    the card winning it for the learner's side) and on the higher card this one keeps."""
    rules = deal.rules
    contract = deal.contract
    card = action.card
    out: list[str] = []
    trick = deal.trick_cards()
    last = len(trick) == len(deal.active) - 1
    winner_card, partner_winning = _partner_leads(deal, seat)
    if deal.would_win(card):
        if last:
            out.append("It wins the trick.")
        elif held == n:
            out.append(f"It wins this trick in all {ways}: no opponent after you could beat it.")
        elif held:
            out.append(
                f"In {held} of the {ways}, no opponent after you could beat it, so it would win this trick there."
            )
    elif partner_winning:
        if last:
            out.append(f"Your partner's {winner_card} already wins the trick.")
        else:
            out.append(f"Your partner's {winner_card} is winning the trick, and stays so in {held} of {ways}.")
    elif winner_card is not None:
        plays = [a.card for a in deal.legal_actions() if isinstance(a, Play)]
        if any(deal.would_win(c) for c in plays):
            out.append(f"It lets the {winner_card} win for now.")
        else:
            out.append(f"Nothing you may play beats the {winner_card}.")
    table = rules.table(contract, deal.joker_fixed)
    suit = table.suit_of[card.index]
    higher = [
        c
        for c in deal.hands[seat]
        if table.suit_of[c.index] == suit and table.power[c.index] > table.power[card.index] and not c.is_joker
    ]
    if higher and not card.is_joker:
        top = max(higher, key=lambda c: table.power[c.index])
        out.append(f"It keeps your {top} for later.")
    return out


def _discard_reason(deal: Deal, seat: int, card: Card) -> str:
    """Why this discard, in the words of the rule the bots discard by (``bots.discards_for``): keep
    trumps, aces and guarded kings, make short side suits void; in misère, throw the high cards."""
    contract = deal.contract
    assert contract is not None
    if contract.is_misere:
        return " In misère you keep your low cards: this is one of the likeliest to win a trick you do not want."
    table = deal.rules.table(contract)
    suit = table.suit_of[card.index]
    if card.is_joker or suit == table.trump:
        return " Every card you hold is worth keeping; this one least."
    held = sum(1 for c in deal.hands[seat] if table.suit_of[c.index] == suit)
    keep = " Keep trumps, aces and guarded kings;"
    if contract.trump is not None and held <= 2:
        side = card.suit.word if card.suit is not None else "that suit"
        if held == 1:
            return f"{keep} it is your only card in {side}: once it is gone you can trump {side}."
        return f"{keep} it is one of only two {side}: throwing it brings you nearer a void, where you can trump."
    return f"{keep} of the rest, this card is the one you would miss least."
