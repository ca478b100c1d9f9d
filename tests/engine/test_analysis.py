"""Double-dummy simulation: a seat's knowledge comes from its view, layouts respect everything shown."""

from __future__ import annotations

import pytest

from fivehundred_tutor import Deal, Rules
from fivehundred_tutor.analysis import KITTY, Knowledge, layout_position, public_history, sample_layouts, simulate
from fivehundred_tutor.bots import HeuristicBot
from fivehundred_tutor.cards import parse_cards
from fivehundred_tutor.deal import PLAY
from fivehundred_tutor.rng import Random, derive_seed
from fivehundred_tutor.solver import Solver, dds


def played_deal(seed: int, plays: int, rules: Rules | None = None) -> Deal | None:
    """A bot-bid deal ``plays`` cards into the play (None if thrown in or over by then)."""
    rules = rules or Rules()
    deal = Deal.new(rules, seed=seed)
    bot = HeuristicBot()
    while deal.phase != PLAY and not deal.is_over:
        deal.push(bot.choose(deal))
    for _ in range(plays):
        if deal.phase != PLAY:
            return None
        deal.push(bot.choose(deal))
    return deal if deal.phase == PLAY else None


def knowledge(deal: Deal, seat: int) -> Knowledge:
    return Knowledge.from_view(deal.rules, deal.view(seat), public_history(deal))


def positions(count: int = 40) -> list[tuple[Deal, int]]:
    out = []
    for i in range(count * 2):
        deal = played_deal(derive_seed("analysis", i), 6 + i % 25)
        if deal is not None:
            out.append((deal, deal.active[i % len(deal.active)]))
        if len(out) == count:
            break
    return out


def test_the_sampler_never_deals_a_card_a_seat_has_shown_it_cannot_hold() -> None:
    shown_voids = 0
    for deal, seat in positions():
        k = knowledge(deal, seat)
        table = deal.rules.table(deal.contract, deal.joker_fixed)
        played = {c for t in deal.tricks for _, c, _ in t.plays} | set(deal.trick_cards())
        shown_voids += sum(len(v) for s, v in k.voids.items() if s != seat)
        for s, suits in k.voids.items():  # the voids read from the tricks are true
            assert not any(table.suit_of[c.index] in suits for c in deal.hands[s])
        # tries=0: straight to the matching that backs up the random deals.
        both = sample_layouts(k, 30, Random(seed=len(played))) + sample_layouts(k, 5, Random(1), tries=0)
        for layout in both:
            dealt = [c for cards in layout.values() for c in cards]
            assert sorted(dealt) == sorted(k.unseen)  # every unseen card once
            assert not set(dealt) & played  # never a played card
            assert not set(dealt) & set(deal.hands[seat])  # never the seat's own
            for s, cards in layout.items():
                assert len(cards) == k.hidden[s]
                if s == KITTY:
                    continue
                assert len(cards) == len(deal.hands[s])
                # A seat that did not follow a suit holds none of it (the free joker aside).
                for card in cards:
                    suit = table.suit_of[card.index]
                    assert suit not in k.voids[s] or suit == 4
    assert shown_voids > 10  # the check above had voids to respect


def test_knowledge_holds_only_what_the_seat_can_see() -> None:
    for deal, seat in positions(10):
        k = knowledge(deal, seat)
        assert k.known[seat] == sorted(deal.hands[seat], key=lambda c: k.known[seat].index(c))
        hidden_cards = {c for s in deal.active if s != seat for c in deal.hands[s]} - {
            c for s in deal.exposed_seats for c in deal.hands[s]
        }
        assert hidden_cards <= set(k.unseen)
        for s in k.known:
            assert s == seat or s in deal.exposed_seats


def test_the_true_layout_rebuilds_the_position() -> None:
    for deal, seat in positions(15):
        k = knowledge(deal, seat)
        truth = {s: list(deal.hands[s]) for s in k.hidden if s != KITTY}
        if KITTY in k.hidden:
            truth[KITTY] = [c for c in k.unseen if not any(c in h for h in truth.values())]
        rebuilt = layout_position(k, truth)
        assert rebuilt.to_move == deal.to_move
        assert sorted(a.code for a in rebuilt.legal_actions()) == sorted(a.code for a in deal.legal_actions())
        assert rebuilt.declarer_tricks == deal.declarer_tricks
        assert Solver().solve(rebuilt) == Solver().solve(deal)


def test_simulation_is_seeded_and_sees_strength() -> None:
    rules = Rules()
    strong = parse_cards("JK JH JD AH KH 10H AS AC KC 6S")
    weak = parse_cards("4H 5H 6D 7D 5S 6S 7C 8C 9S 10C")
    a = simulate(rules, 0, strong, layouts=12, seed=4, denominations=["H", "S"])
    b = simulate(rules, 0, strong, layouts=12, seed=4, denominations=["H", "S"])
    assert a.tricks == b.tricks
    assert sum(a.tricks["H"].values()) == 12
    w = simulate(rules, 0, weak, layouts=12, seed=4, denominations=["H"])
    assert a.mean("H") >= 8 > w.mean("H") + 2
    assert a.chance("H", 8) >= 0.9
    assert a.mean("H") > a.mean("S")


@pytest.mark.skipif(not dds.available(), reason="endplay (DDS) is not installed")
def test_simulation_same_with_and_without_dds() -> None:
    hand = parse_cards("JH JD AH KH 10H AS KS AC 6D 7D")
    for denomination in ("H", "NT"):
        fast = simulate(Rules(), 1, hand, layouts=3, seed=9, denominations=[denomination])
        slow = simulate(
            Rules(), 1, hand, layouts=3, seed=9, denominations=[denomination], solver=Solver(backend="python")
        )
        assert fast.tricks == slow.tricks
