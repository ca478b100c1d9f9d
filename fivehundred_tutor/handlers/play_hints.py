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
from ..explain import call_label, nominate_words
from ..i18n import decimal, ngettext
from ..i18n import gettext as _
from ..rules import NO_SUIT
from .fields import RequestError


def action_label(action: object) -> str:
    """What a button (and the hint) says for ``action``.

    >>> from fivehundred_tutor import Card
    >>> action_label(Play(Card.parse("AH"))), action_label(Discard(Card.parse("4S")))
    ('Play Ace of hearts', 'Discard Four of spades')
    """
    if isinstance(action, Pass):
        return _("Pass")
    if isinstance(action, Bid):
        return _("Bid {bid}").format(bid=call_label(action))
    if isinstance(action, Discard):
        return _("Discard {card}").format(card=action.card.name)
    if isinstance(action, CallPartner):
        return _("Call the {card}").format(card=action.card.name)
    if isinstance(action, NominateJoker):
        return nominate_words(action)
    assert isinstance(action, Play)
    words = action.card.name
    if action.joker_suit is not None:
        # Translators: a button: the joker, and the suit it names ("Joker, naming hearts")
        words = _("{card}, naming {suit}").format(card=words, suit=action.joker_suit.local_name)
    if action.source == "hand":
        words = _("{card} from the hand").format(card=words)
    elif action.source == "table":
        words = _("{card} from the table").format(card=words)
    return _("Play {card}").format(card=words)


def _counted_bid_reason(deal: Deal, seat: int, action: object) -> str:
    """Why a call, from the learner's own cards only, in the book's bidding standard
    (:mod:`~fivehundred_tutor.bidding_standard`): the count as a sum, and the level it reaches.
    Once partner has passed the strong bot counts :data:`PARTNER_PASSED` less on them
    (:func:`~fivehundred_tutor.analysis.sampling_bot.SamplingBot.counted_bid`), and the sum shows it."""
    rules = deal.rules
    passed = partner_passed(rules, seat, [(s, c.code) for s, c in deal.auction])
    judge = judge_in(deal, -PARTNER_PASSED if passed else 0.0)
    caution = (
        " "
        + _("Your partner has passed (too weak to bid), so count {share} of a trick less on them.").format(
            share=decimal(PARTNER_PASSED, 2, trim=True)
        )
        if passed
        else ""
    )
    if isinstance(action, Bid) and action.is_misere:
        return " " + _("Your cards are low enough to hope to lose every trick.")
    if isinstance(action, Bid):
        return f"{caution} " + _("Your hand counts {reckoning}: enough for {bid}.").format(
            reckoning=judge.reckoning(action), bid=call_label(action)
        )
    bids = [a for a in deal.legal_actions() if isinstance(a, Bid) and not a.is_misere]
    if not bids:
        return " " + _("No bid you may make now is higher than the bid before.")
    best = max(bids, key=judge.count)
    cheapest = min((b for b in bids if b.denomination == best.denomination), key=lambda b: b.tricks)
    need = judge.need(cheapest)
    if rounded(judge.count(cheapest)) >= need:  # the count is there, the trumps are not
        verdict = _("but {problem}").format(problem=judge.problem(cheapest))
    elif need > cheapest.tricks:
        verdict = _(
            "short of the {need} that {bid} would need (partner holds the bid: a new suit over it wants a trick to spare)"
        ).format(need=need, bid=cheapest)
    else:
        verdict = _("short of the {need} that {bid} would need").format(need=need, bid=cheapest)
    return f"{caution} " + _(
        "Your best chance for a bid is {denomination}: your hand counts {reckoning}, {verdict}."
    ).format(denomination=_denomination_words(best), reckoning=judge.reckoning(cheapest), verdict=verdict)


def _average(x: float) -> str:
    """An average count of tricks: one decimal, none when whole ("5", "3.2"; "3,2" in Polish)."""
    return decimal(x, 1).removesuffix(decimal(0.0, 1)[1:])


def _denomination_words(bid: Bid) -> str:
    if bid.trump is None:
        return _("no trumps")
    return _("{suit} as trumps").format(suit=bid.trump.local_name)


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
    text = _("{action}.").format(action=action_label(action))
    report = bot.last_report if isinstance(action, Play) else None
    if deal.phase is Phase.AUCTION and not bot.simulates_bids(deal.rules):
        # Without DDS (the live book) a bidding simulation takes minutes: count the hand instead.
        text += _counted_bid_reason(deal, seat, action)
    elif isinstance(action, Bid):
        figures = bot.bid_figures(Knowledge.from_view(deal.rules, deal.view(seat), public_history(deal)))
        if action.is_misere and figures["misere"] is not None:
            share = round(100 * figures["misere"])
            text += " " + _(
                "Dealing the unseen cards at random {n} times, you lose every trick in {share}% of them."
            ).format(n=bot.misere_layouts, share=share)
        elif not action.is_misere:
            denomination = "NT" if action.trump is None else action.trump.letter
            share = round(100 * figures["chances"][denomination][action.tricks])
            text += " " + _(
                "Dealing the unseen cards at random {n} times, your side takes {tricks} or more tricks in {share}% of them."
            ).format(n=bot.bid_layouts, tricks=action.tricks, share=share)
    elif isinstance(action, Pass):
        text += " " + _(
            "No bid you may make now takes its tricks often enough when the unseen cards are dealt many ways."
        )
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
    if table.power[card.index] != top:
        return ""
    trumps = table.trump != NO_SUIT
    if higher == 1 and trumps:
        text = _("It is the best trump you do not hold: {rest}")
    elif higher == 1:
        text = _("It is the best card you do not hold: {rest}")
    elif trumps:
        text = _("It is one of the best trumps you do not hold: {rest}")
    else:
        text = _("It is one of the best cards you do not hold: {rest}")
    # Translators: follows "It is the best trump you do not hold: "
    rest = _(
        "whoever holds it becomes your partner, and a card that high wins a trick for your side. "
        "The others learn who your partner is only when it is played."
    )
    return " " + text.format(rest=rest)


def _must_follow(deal: Deal) -> str:
    """The only card: the learner must follow the suit led to the trick on the table ("trumps", "hearts")."""
    table = deal.rules.table(deal.contract, deal.joker_fixed)
    led = table.suit_of[deal.trick[0][1].index]
    if led == NO_SUIT:
        led = int(deal.trick_joker_suit) if deal.trick_joker_suit is not None else NO_SUIT
    if led == NO_SUIT:
        return _("It is the only card you may play: you must follow suit.")
    if led == table.trump:
        return _("It is the only card you may play: you must follow trumps.")
    return _("It is the only card you may play: you must follow {suit}.").format(suit=Suit(led).local_name)


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
            return " " + _("It is your only card.")
        return " " + _must_follow(deal)
    if report is not None and report.layouts:
        return _sampled_reason(deal, seat, action, report)
    # early in the deal, or with too many ways the unseen cards could lie, the strong bot goes by its
    # rules of thumb: the hint says the rule, not how long weighing would take (issue 30: no engine aside)
    return " " + _("A rule of thumb: {rule}.").format(rule=_rule_of_thumb(deal, seat, action))


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
            return _("in misère, lead low") if seat == deal.declarer else _("lead low, so the declarer may have to win")
        if seat == deal.declarer:
            losing = [p.card for p in plays if not deal.would_win(p.card)]
            if card in losing and power[card.index] == max(power[c.index] for c in losing):
                return _("in misère, play your highest card that still loses the trick")
            return _("in misère, play low")
        return _("play low, and leave the declarer winning the trick when you can")
    declaring = rules.side_of(seat) == rules.side_of(deal.declarer or 0)
    if not trick:
        suit = table.suit_of[card.index]
        if declaring and suit == table.trump and table.trump != NO_SUIT:
            return _("as declarer, draw the opponents' trumps: lead your highest trump")
        if power[card.index] == ACE and suit != table.trump:
            return _("lead an ace: it should win the trick")
        if card.is_joker:
            return _("lead the joker: it wins the trick")
        return _("lead a low card from your longest suit")
    winner_card, partner_winning = _partner_leads(deal, seat)
    winning = winner_card.short_name if winner_card is not None else ""
    winners = [p.card for p in plays if deal.would_win(p.card)]
    if partner_winning and card == lowest:
        return _("your partner's {card} is winning the trick, so play your lowest card").format(card=winning)
    if card in winners and _strength(deal, card) == min(_strength(deal, c) for c in winners):
        return _("beat the {card} as cheaply as you can").format(card=winning)
    if not winners and card == lowest:
        return _("nothing you may play beats the {card}, so play your lowest card").format(card=winning)
    return _("keep your best cards and play this one")


def _sampled_reason(deal: Deal, seat: int, action: Play, report: PlayReport) -> str:
    """The samples' figures as reasons: who takes the trick, which card it keeps, how this card fares
    against the next best; every figure counted over the layouts the strong bot solved, every other
    statement about the cards the learner sees."""
    rules = deal.rules
    contract = deal.contract
    assert contract is not None and deal.declarer is not None
    n = report.layouts
    card = action.card
    # a sample of the ways they could lie, not all of them
    ways = ngettext("{n} random deal of the unseen cards", "{n} random deals of the unseen cards", n).format(n=n)
    reasons: list[str] = []
    if not contract.is_misere:
        reasons = _trick_reasons(deal, seat, action, report.holds[action], n, ways)
    said = any(ways in r for r in reasons)
    declaring = rules.side_of(seat) == rules.side_of(deal.declarer)
    others = [a for a in report.ranked() if isinstance(a, Play) and a.card != card]
    alt = others[0] if others else None
    # Translators: {intro} / {over} begin the sentences below ("of those 40, " / "over those 40, ")
    intro = _("Of those {n}, ").format(n=n) if said else _("Of {ways}, ").format(ways=ways)
    over = _("Over those {n}, ").format(n=n) if said else _("Over {ways}, ").format(ways=ways)
    if alt is None:  # the joker with different suits named: nothing else to compare
        compare = _("{intro}it does best of all in {count}.").format(intro=intro, count=report.best[action])
    elif report.goal[action] != report.goal[alt]:
        compare = (
            _("{intro}your side makes {contract} in {count} with it, and in {other} with the {card}.")
            if declaring
            else _("{intro}your side beats {contract} in {count} with it, and in {other} with the {card}.")
        ).format(
            intro=intro,
            contract=call_label(contract),
            count=report.goal[action],
            other=report.goal[alt],
            card=alt.card.short_name,
        )
    elif report.tricks[action] != report.tricks[alt] and not contract.is_misere:
        mine, theirs = _average(report.tricks[action] / n), _average(report.tricks[alt] / n)
        compare = _(
            "{over}your side ends the deal with {mine} tricks on average with it (the tricks already won "
            "included), and {theirs} with the {card}."
        ).format(over=over, mine=mine, theirs=theirs, card=alt.card.short_name)
    elif report.best[action] != report.best[alt]:
        compare = _(
            "{intro}it does as well as any card in {count}; the {card} would do as well only in {other}."
        ).format(intro=intro, count=report.best[action], card=alt.card.short_name, other=report.best[alt])
    else:
        compare = _(
            "{over}the {card} does just as well, so either will do: nothing you can see makes one better "
            "than the other."
        ).format(over=over, card=alt.card.short_name)
        reasons = [r for r in reasons if r != _keeps(alt.card)]  # either will do
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
    winning = winner_card.short_name if winner_card is not None else ""
    if deal.would_win(card):
        if last:
            out.append(_("It wins the trick."))
        elif held == n:
            out.append(_("It wins this trick in all {ways}: no opponent after you could beat it.").format(ways=ways))
        elif held:
            out.append(
                _(
                    "In {held} of the {ways}, no opponent after you could beat it, so it would win this trick there."
                ).format(held=held, ways=ways)
            )
    elif partner_winning:
        if last:
            out.append(_("Your partner's {card} already wins the trick.").format(card=winning))
        else:
            out.append(
                _("Your partner's {card} is winning the trick, and stays so in {held} of {ways}.").format(
                    card=winning, held=held, ways=ways
                )
            )
    elif winner_card is not None:
        plays = [a.card for a in deal.legal_actions() if isinstance(a, Play)]
        if any(deal.would_win(c) for c in plays):
            out.append(_("It lets the {card} win for now.").format(card=winning))
        else:
            out.append(_("Nothing you may play beats the {card}.").format(card=winning))
    table = rules.table(contract, deal.joker_fixed)
    suit = table.suit_of[card.index]
    higher = [
        c
        for c in deal.hands[seat]
        if table.suit_of[c.index] == suit and table.power[c.index] > table.power[card.index] and not c.is_joker
    ]
    if higher and not card.is_joker:
        top = max(higher, key=lambda c: table.power[c.index])
        out.append(_keeps(top))
    return out


def _keeps(card: Card) -> str:
    return _("It keeps your {card} for later.").format(card=card.short_name)


def _discard_reason(deal: Deal, seat: int, card: Card) -> str:
    """Why this discard, in the words of the rule the bots discard by (``bots.discards_for``): keep
    trumps, aces and guarded kings, make short side suits void; in misère, throw the high cards."""
    contract = deal.contract
    assert contract is not None
    if contract.is_misere:
        return " " + _(
            "In misère you keep your low cards: this is one of the likeliest to win a trick you do not want."
        )
    table = deal.rules.table(contract)
    suit = table.suit_of[card.index]
    if card.is_joker or suit == table.trump:
        return " " + _("Every card you hold is worth keeping; this one least.")
    held = sum(1 for c in deal.hands[seat] if table.suit_of[c.index] == suit)
    if contract.trump is not None and held <= 2 and card.suit is not None:
        side = card.suit.local_name
        if held == 1:
            return " " + _(
                "Keep trumps, aces and guarded kings; it is your only card in {suit}: once it is gone you can trump {suit}."
            ).format(suit=side)
        return " " + _(
            "Keep trumps, aces and guarded kings; it is one of only two {suit}: throwing it brings you nearer a void, "
            "where you can trump."
        ).format(suit=side)
    return " " + _("Keep trumps, aces and guarded kings; of the rest, this card is the one you would miss least.")
