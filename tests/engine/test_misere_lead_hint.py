"""The expert read of chapter 8's replay "Misère: getting rid of the dangerous cards": at East's opening lead
(step 10) the hint's principle was "play the highest card that is still sure to lose", which picks the 9♣
(North's only club is the J♣, so North must beat it), while the only answer the stop accepts is the 6♥.

The hint a misère declarer reads on lead says what is true of the lead: losing this trick is not enough, and
a short suit led now leaves a void.  The checks read the deal, not the hint's code."""

from __future__ import annotations

from fivehundred_tutor import Bid, Deal, Rules
from fivehundred_tutor.actions import Play
from fivehundred_tutor.cards import Card
from fivehundred_tutor.explain import play_principle
from fivehundred_tutor.handlers.replay import replay_model
from fivehundred_tutor.records import load_library_record


def _stop(index: int) -> tuple[Deal, dict]:  # type: ignore[type-arg]
    record = load_library_record("06-misere")
    args = record.replay_args()
    model = replay_model(args["deal"], comments=args["comments"], marks=args["marks"], stops=args["stops"])
    stop = next(s for s in model["stops"] if s["index"] == index)
    deal = record.to_deal()
    position = Deal.from_dict({**deal.to_dict(), "actions": [a.code for a in deal.history[:index]]})
    return position, stop


def _sure_to_lose(deal: Deal, card: Card) -> bool:
    """Led now, ``card`` loses whatever the others play: some other active player can only follow higher."""
    power = deal.rules.table(deal.contract).power
    for seat in deal.active:
        if seat == deal.to_move:
            continue
        suit = [c for c in deal.hands[seat] if not c.is_joker and not card.is_joker and c.suit == card.suit]
        if suit and all(power[c.index] > power[card.index] for c in suit):
            return True
    return False


def test_the_hint_at_easts_opening_lead_is_true_of_the_deal() -> None:
    deal, stop = _stop(10)
    east = deal.to_move
    assert east == deal.declarer and not deal.trick and deal.contract == Bid.misere()
    accepted = [Card.parse(c["code"]) for c in stop["choices"] if c["correct"]]
    assert accepted == [Card.parse("6H")]
    hand = deal.hands[east]
    plays = [a.card for a in deal.legal_actions() if isinstance(a, Play)]
    power = deal.rules.table(deal.contract).power
    # the old principle's card: the highest lead sure to lose is the 9♣, which the stop does not accept
    highest_loser = max((c for c in plays if _sure_to_lose(deal, c)), key=lambda c: power[c.index])
    assert highest_loser == Card.parse("9C") and highest_loser not in accepted
    principle = stop["hint"]["principle"]
    assert "highest card" not in principle, principle
    # what the principle says holds here: the answer is East's shortest suit, led now it leaves East void
    assert "short suit" in principle and "void" in principle, principle
    length = {s: sum(1 for c in hand if c.suit == s) for s in {c.suit for c in hand}}
    assert length[accepted[0].suit] == min(length.values()) == 1


def test_a_misere_declarer_following_suit_still_reads_the_highest_card_that_loses() -> None:
    lead = play_principle(Rules(), Bid.misere(), 1, 1, None, joker_names_suit=False)
    follow = play_principle(Rules(), Bid.misere(), 1, 1, (0, Card.parse("9H")), joker_names_suit=False)
    assert "short suit" in lead and "highest card" not in lead
    assert "highest card that is still sure to lose" in follow
