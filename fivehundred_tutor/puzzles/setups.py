"""The deals the miner plays: each *kind* of puzzle, its rules and how its contract comes about.

Suit contracts and the 2- and 3-player games come from the bots' own auctions.  No-trump
contracts, misère and open misère are rare in those, so for them the hand that suits the
contract best bids it (the no-trump hand with the most tricks by the heuristic count, the
misère hand in least danger), in an auction the engine checks call by call: a 7-level bid first
where misère needs one, the others pass.  Then the declarer takes the kitty and discards as the
heuristic bot does.

>>> deal = setup_deal("misere", 3)
>>> deal is not None and deal.contract is not None and deal.contract.is_misere, str(deal.phase)
(True, 'play')
"""

from __future__ import annotations

from ..actions import Action
from ..bids import PASS, Bid
from ..bots import HeuristicBot, estimate_tricks, misere_danger
from ..deal import AUCTION, KITTY, PLAY, Deal, IllegalAction
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..rng import derive_seed
from ..rules import Rules

__all__ = ["KINDS", "KIND_TITLES", "kind_of", "kind_title", "rules_for", "setup_deal"]

#: the kinds of puzzle, in the order the bank lists them
KINDS = ("suit", "no-trumps", "misere", "open-misere", "two-player", "three-player")
#: what a learner reads for each kind
KIND_TITLES = {
    "suit": N_("four players, a trump contract"),
    "no-trumps": N_("four players, no trumps"),
    "misere": N_("four players, misère"),
    "open-misere": N_("four players, open misère"),
    "two-player": N_("two players (the table cards)"),
    "three-player": N_("three players"),
    "bidding": N_("four players, the auction"),
    "kitty": N_("four players, the kitty"),
}


def kind_title(kind: str) -> str:
    """What a learner reads for a kind of puzzle, in their language: ``'four players, no trumps'``."""
    return _(KIND_TITLES[kind])


_PRESETS = {"two-player": "two-player", "three-player": "three-player"}
_NATURAL = ("suit", "two-player", "three-player")


def rules_for(kind: str) -> Rules:
    """The rules a kind of puzzle is played under (the default game, 2 or 3 players)."""
    if kind not in KINDS:
        raise ValueError(f"no puzzle kind {kind!r}; kinds are {', '.join(KINDS)}")
    return Rules.preset(_PRESETS.get(kind, "australian"))


def kind_of(deal: Deal) -> str:
    """The kind a position in the play belongs to."""
    assert deal.contract is not None
    if deal.rules.players == 2:
        return "two-player"
    if deal.rules.players == 3:
        return "three-player"
    if deal.contract.is_open_misere:
        return "open-misere"
    if deal.contract.is_misere:
        return "misere"
    return "suit" if deal.contract.has_trumps else "no-trumps"


def _drive(deal: Deal, declarer: int, contract: Bid) -> bool:
    """Calls that make ``declarer`` win the auction with ``contract`` (False if the engine refuses)."""
    rules = deal.rules
    needs_seven = contract.is_misere and not contract.is_open_misere and rules.misere_needs_seven
    opener: int | None = None
    try:
        while deal.phase == AUCTION:
            seat = deal.to_move
            assert seat is not None
            legal = deal.legal_actions()
            call: Action = PASS
            if seat == declarer:
                if contract in legal:
                    call = contract
                else:  # not yet: the cheapest bid keeps the declarer in the auction
                    bids = [a for a in legal if isinstance(a, Bid) and not a.is_misere]
                    call = min(bids, key=rules.bid_key) if bids else PASS
            elif needs_seven and deal.high_bid is not None and deal.high_bid.is_misere:
                call = PASS
            elif (
                needs_seven
                and (opener is None or opener == seat)
                and (deal.high_bid is None or deal.high_bid.tricks < 7)
            ):
                seven = Bid.parse("7S")
                if seven in legal:
                    call, opener = seven, seat
            deal.push(call)
    except IllegalAction:
        return False
    return deal.contract == contract and deal.declarer == declarer


def setup_deal(kind: str, seed: int) -> Deal | None:
    """A deal of ``kind`` from ``seed``, in the play phase (None: thrown in, or no contract of that kind)."""
    rules = rules_for(kind)
    dealer = seed % rules.players
    deal = Deal.new(rules, seed=derive_seed("puzzle-deal", kind, seed), dealer=dealer)
    bot = HeuristicBot()
    seats = range(rules.players)
    if kind in _NATURAL:
        while deal.phase == AUCTION:
            deal.push(bot.choose(deal))
        if deal.contract is None or (kind == "suit" and not deal.contract.has_trumps):
            return None
    elif kind == "no-trumps":
        counts = {s: estimate_tricks(rules, deal.hands[s], Bid.parse("6NT")) for s in seats}
        declarer = max(seats, key=lambda s: (counts[s], -s))
        # as high as the heuristic bot would go: its own tricks and about 2.3 from partner and kitty
        level = max(6, min(9, int(counts[declarer] + 2.3)))
        if not _drive(deal, declarer, Bid.parse(f"{level}NT")):
            return None
    else:
        danger = {s: misere_danger(rules, deal.hands[s], rules.kitty_size) for s in seats}
        declarer = min(seats, key=lambda s: (danger[s], s))
        if not _drive(deal, declarer, Bid.open_misere() if kind == "open-misere" else Bid.misere()):
            return None
    while deal.phase == KITTY:
        deal.push(bot.choose(deal))
    return deal if deal.phase == PLAY else None
