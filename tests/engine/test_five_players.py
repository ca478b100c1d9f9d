"""Five players (RULES.md section 8a): the called partner, by random simulation.

The declarer calls a card after discarding; its holder is the partner, and nobody else learns who
that is until the card is played.  Random deals (every legal action equally likely, and the bots'
deals) check the call, the secret, the sides the bots believe in and the scores.
"""

from __future__ import annotations

import pytest

from fivehundred_tutor import Deal, IllegalAction, Rules
from fivehundred_tutor.actions import CallPartner, Discard, Play
from fivehundred_tutor.analysis import Knowledge, layout_position, public_history, sample_layouts
from fivehundred_tutor.bots import HeuristicBot
from fivehundred_tutor.cards import Card
from fivehundred_tutor.rng import Random
from fivehundred_tutor.solver import Solver, maximises

FIVE = Rules.preset("five-player")


def shown_partner(deal: Deal) -> bool:
    """Whether the called card has been seen by everyone (on the table or in a finished trick)."""
    card = deal.called_card
    on_table = [c for t in deal.tricks for c in t.cards] + deal.trick_cards()
    return card is not None and card in on_table


def check_secret(deal: Deal) -> None:
    """Each seat's view names the partner exactly when that seat can know it."""
    for seat in range(5):
        seen = deal.view(seat)["partner"]
        if deal.partner is None:
            assert seen is None
        elif seat == deal.partner or shown_partner(deal):
            assert seen == deal.partner, (seat, deal.history[-1])
        else:
            assert seen is None, f"{FIVE.seat_name(seat)} saw the partner before the card was played"
    assert deal.view(None)["partner"] == deal.partner
    assert deal.partner_shown == shown_partner(deal)


def check_known_partners(deal: Deal) -> None:
    """What a seat believes about its side never goes beyond what it can know, and is never wrong."""
    if deal.declarer is None or deal.contract is None:
        return
    declaring = set(deal.declaring_seats)
    for seat in range(5):
        allies = set(deal.known_partners(seat))
        assert seat not in allies
        mine = seat in declaring
        assert all((other in declaring) == mine for other in allies), "a seat counted an opponent as an ally"
        if deal.contract.is_misere:
            assert allies == (set() if seat == deal.declarer else set(range(5)) - {seat, deal.declarer})
        elif deal.view(seat)["partner"] is None:
            assert allies == set()


def play_random(seed: int) -> tuple[Deal, int]:
    """A deal with every action at random; returns it and the step at which the card was called."""
    rng = Random(seed)
    deal = Deal.new(FIVE, seed=seed, dealer=seed % 5)
    called_at = -1
    while not deal.is_over:
        legal = deal.legal_actions()
        if deal.is_calling:
            called_at = len(deal.history)
            assert all(isinstance(a, CallPartner) for a in legal)
            held = {c for s in range(5) if s != deal.declarer for c in deal.hands[s]}
            assert {a.card for a in legal} == held  # type: ignore[union-attr]
            assert len(held) == 40  # every card but the declarer's ten; the three discards are the declarer's
        deal.push(rng.choice(legal))
        check_secret(deal)
        check_known_partners(deal)
    return deal, called_at


@pytest.mark.parametrize("seed", range(60))
def test_random_five_player_deals_keep_the_partner_secret_and_score_both_declarers(seed: int) -> None:
    deal, called_at = play_random(seed)
    result = deal.result()
    if result.thrown_in:
        assert deal.partner is None and called_at < 0
        return
    assert deal.contract is not None and deal.declarer is not None
    if deal.contract.is_misere:
        assert called_at < 0 and deal.partner is None and deal.declaring_seats == (deal.declarer,)
        return
    assert called_at >= 0 and deal.called_card is not None and deal.partner is not None
    assert deal.called_card in deal.root().hands[deal.partner] and deal.partner != deal.declarer
    # the partner is revealed by the trick its card was played to, and only from that card on
    trick = next(t for t in deal.tricks if deal.called_card in t.cards)
    assert any(seat == deal.partner and card is deal.called_card for seat, card, _ in trick.plays)
    taken = deal.tricks_won[deal.declarer] + deal.tricks_won[deal.partner]
    value = FIVE.score(deal.contract, taken)[0]
    assert result.declarer_tricks == taken
    for seat in range(5):
        expected = value if seat in (deal.declarer, deal.partner) else 10 * deal.tricks_won[seat]
        assert result.scores[seat] == expected
    assert FIVE.seat_name(deal.partner) in result.summary and str(deal.called_card) in result.summary


def test_the_secret_is_kept_while_the_called_card_waits_and_told_the_moment_it_is_played() -> None:
    """Stepping through a deal card by card: before the called card every defender and the declarer see
    no partner; with the card on the table (the trick not yet finished) everyone does."""
    for seed in range(40):
        deal = Deal.new(FIVE, seed=seed)
        bot = HeuristicBot()
        while not deal.is_over and deal.partner is None:
            deal.push(bot.choose(deal))
        if deal.partner is None:
            continue
        assert deal.called_card is not None
        while not deal.partner_shown:
            assert deal.view(deal.declarer)["partner"] is None
            action = bot.choose(deal)
            deal.push(action)
        last = deal.history[-1]
        assert isinstance(last, Play) and last.card is deal.called_card
        if deal.trick:  # the card is on the table, its trick unfinished: already known to all
            assert all(deal.view(s)["partner"] == deal.partner for s in range(5))
            return
    raise AssertionError("no seed played the called card before the last of a trick")


def test_calling_a_card_nobody_else_holds_is_refused_and_changes_nothing() -> None:
    deal = Deal.new(FIVE, seed=4, dealer=4)
    deal.push_many(["7H", "pass", "pass", "pass", "pass"])
    for card in list(deal.hands[0])[:3]:
        deal.push(f"discard {card}")
    before = deal.state_key()
    for card in [deal.hands[0][0], *deal.discards]:
        with pytest.raises(IllegalAction, match="not in another player's hand"):
            deal.push(CallPartner(card))
        assert deal.state_key() == before
    with pytest.raises(IllegalAction, match="calls a card"):
        deal.push(Play(deal.hands[0][0]))
    assert deal.state_key() == before


def test_a_position_keeps_its_called_partner_through_a_record() -> None:
    hands = ["AH KH", "QH 5S", "JH 6S", "2H 7S", "3H 8S"]
    deal = Deal.from_position(FIVE, hands, "7H", 0, called_card="QH")
    assert deal.partner == 1 and deal.declaring_seats == (0, 1)
    again = Deal.from_dict(deal.to_dict())
    assert again.partner == 1 and again.called_card == Card.parse("QH")
    with pytest.raises(Exception, match="nobody holds"):
        Deal.from_position(FIVE, hands, "7H", 0, called_card="QS")
    with pytest.raises(Exception, match="their own partner"):
        Deal.from_position(FIVE, hands, "7H", 0, partner=0)
    with pytest.raises(Exception, match="only the 5-player game"):
        Deal.from_position(Rules(), ["AH", "KH", "QH", "JH"], "7H", 0, called_card="KH")


def test_the_solver_counts_the_called_partner_with_the_declarer() -> None:
    """North (declarer) and the partner holding the called A♣ take both tricks; without the call
    North is alone against the A♣."""
    hands = ["AH 5C", "AC 6S", "4S 7C", "5S 8C", "7S 9C"]
    with_partner = Deal.from_position(FIVE, hands, "6H", 0, called_card="AC")
    alone = Deal.from_position(FIVE, hands, "6H", 0)
    solver = Solver(backend="python")
    assert solver.solve(with_partner) == 2  # the A♥, then the partner's A♣
    assert solver.solve(alone) == 1  # the same cards with North alone: only the A♥ counts
    assert maximises(with_partner, 1) and not maximises(alone, 1)


def _as_seen_by(deal: Deal, seat: int, rng: Random | None) -> Deal:
    """The position as ``seat`` sees it, with the cards it cannot see where they really are (``rng``
    None) or dealt again at random, consistently with everything it has seen (then the called card
    may be with someone else).  The seat's own hand is in the same order in both."""
    knowledge = Knowledge.from_view(deal.rules, deal.view(seat), public_history(deal))
    if rng is None:
        layout = {s: list(deal.hands[s]) for s in knowledge.hidden if s >= 0}
    else:
        layout = sample_layouts(knowledge, 1, rng)[0]
    return layout_position(knowledge, layout)


@pytest.mark.parametrize("seed", range(40))
def test_the_heuristic_bot_decides_from_what_its_seat_can_see(seed: int) -> None:
    """At each of a deal's decisions in the play, the bot's card is the same in other layouts of the
    hidden cards that its seat cannot tell apart, including layouts where someone else is the partner.
    (A bot that read the true partner before the card shows fails here on 3 of these 40 deals.)"""
    deal = Deal.new(FIVE, seed=100 + seed)
    bot = HeuristicBot()
    rng = Random(seed)
    partners_seen: set[int | None] = set()
    while not deal.is_over:
        if deal.phase == "play" and not deal.is_nominating:
            seat = deal.to_move
            assert seat is not None
            choice = bot.choose(_as_seen_by(deal, seat, None))
            for _ in range(3):
                other = _as_seen_by(deal, seat, rng)
                partners_seen.add(other.partner)
                assert other.view(seat)["hands"][seat] == deal.view(seat)["hands"][seat]
                assert bot.choose(other) == choice
        deal.push(bot.choose(deal))
    if deal.partner is not None:
        assert len(partners_seen) > 1  # the layouts did move the partner around


def test_a_defender_cannot_count_on_a_fellow_defender_before_the_partner_shows() -> None:
    """North declares 6♠ and called the joker.  North-west plays last to a heart trick that South-west's
    7♥ is winning: whether South-west is a fellow defender (true here) or the secret partner,
    North-west cannot know, so it trumps with the K♠ as it would against anyone.  Once the joker has
    shown that North-east is the partner, North-west knows South-west is on its side and throws the 3♣."""
    bot = HeuristicBot()
    hidden = Deal.from_position(FIVE, ["9S 4H", "JK 5H", "2C 6H", "KC 7H", "KS 3C"], "6S", 0, called_card="JK")
    hidden.push_many(["4H", "5H", "6H", "7H"])
    assert hidden.known_partners(4) == () and hidden.to_move == 4 and hidden.trick_leader()[0] == 3  # type: ignore[index]
    assert bot.choose(hidden).code == "KS"
    # the same trick after the joker was played to an earlier one: North-west knows who is who
    shown = Deal.from_position(FIVE, ["9S 4H", "8H 5H", "2C 6H", "KC 7H", "KS 3C"], "6S", 0, called_card="JK",
                               partner=1)  # fmt: skip
    shown.push_many(["4H", "5H", "6H", "7H"])
    assert shown.known_partners(4) == (2, 3) and shown.partner_shown
    assert bot.choose(shown).code == "3C"


def _redealt(deal: Deal, seat: int, rng: Random) -> Deal:
    """A whole other deal with the same history that ``seat`` cannot tell from ``deal``: the cards it
    has not seen dealt again where they might be (the called card may change hands, and with it the
    partner), the same auction, discards where the seat cannot see them, call and cards played."""
    knowledge = Knowledge.from_view(deal.rules, deal.view(seat), public_history(deal))
    layout = sample_layouts(knowledge, 1, rng)[0]
    root = deal.root()
    played: dict[int, list[Card]] = {s: [] for s in range(5)}
    for trick in deal.tricks:
        for s, card, _src in trick.plays:
            played[s].append(card)
    for s, card, _src in deal.trick:
        played[s].append(card)
    declarer = deal.declarer
    assert declarer is not None
    discards = list(deal.discards) if seat == declarer else layout.pop(-1)
    hands = [list(root.hands[s]) if s == seat else played[s] + layout.get(s, []) for s in range(5)]
    # the declarer's thirteen before the discards: ten dealt and the kitty (which three is which
    # does not show), the discards among them
    everything = hands[declarer] + ([] if seat == declarer else discards)
    kitty = list(root.kitty) if seat == declarer else everything[-3:]
    if seat != declarer:
        hands[declarer] = everything[:-3]
    other = Deal(deal.rules, hands, kitty, deal.dealer)
    pending = iter(discards)
    for action in deal.history:
        other.push(Discard(next(pending)) if isinstance(action, Discard) else action)
    assert other.view(seat) == deal.view(seat)
    return other


@pytest.mark.slow
def test_the_sampling_bot_decides_from_what_its_seat_can_see() -> None:
    """The strong bot's card is the same in whole other deals that look the same from its seat, with
    the called card (so the partner) elsewhere, and it did weigh sampled layouts to choose it."""
    from fivehundred_tutor.analysis.sampling_bot import SamplingBot

    rng = Random(5)
    sampled = partner_moved = 0
    for seed in (3, 6, 7, 10):
        deal = Deal.new(FIVE, seed=seed)
        bot = HeuristicBot()
        while not deal.is_over and (deal.partner is None or len(deal.tricks) < 6):
            deal.push(bot.choose(deal))
        if deal.is_over or deal.partner is None:
            continue
        for _ in range(4):  # a few decisions of the last tricks, before and after the call shows
            seat = deal.to_move
            assert seat is not None
            choice = SamplingBot(seed=seed).choose(deal)
            strong = SamplingBot(seed=seed)
            for _k in range(2):
                other = _redealt(deal, seat, rng)
                partner_moved += other.partner != deal.partner
                assert strong.choose(other) == choice
                sampled += bool(strong.last_report and strong.last_report.layouts)
            deal.push(choice)
    assert sampled >= 8 and partner_moved >= 2
