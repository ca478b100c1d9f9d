"""The book's one bidding standard: how to count a hand, and which calls that count makes sound.

Everything that judges or makes a bid uses this module: the hand-judging quiz, the hand
evaluator's words, the heuristic bots' bidding, the checks on every auction the book shows, and
the chapter that teaches the standard (*Judging a hand and bidding*, section ``bidding-standard``),
whose numbers are read from the data below.

**The count** of a hand for a denomination is the tricks it takes by itself (:func:`count_items`:
the joker, the bowers, the top trumps, length, side aces, voids; in no trumps the joker, top cards,
long suits and the suits with no stopper) plus what partner and the kitty bring on average
(:func:`expected_support`: 2.3 in the 4-player game), to one decimal.

**A bid is sound** when the count, rounded to the nearest whole trick (a half rounds up: 6.5 is
7, 6.4 is 6), reaches it (:func:`rounded`), and the hand has the trumps for it (three for a 6
bid, four from 7 up; no trumps wants the joker or two aces).

**Supporting partner**: partner's bid in a denomination promises its level minus the support they
counted on; the side's count is then your own tricks + that promise + the kitty's share, which is
your own tricks + partner's level − :func:`your_share` (in the 4-player game partner's share,
1.8).  Both hands count their trump length: it looks like counting the suit's length twice, but
partner's promise is a cautious one, and long trumps in both hands make their tricks by ruffing in
the short hand (the chapter checks a raise against the simulation).  A raise needs two trumps of your own.

**Over partner's bid**, a new denomination needs a trick to spare (:data:`TAKE_OVER_MARGIN`).

**Misère** is sound when, after the kitty exchange throws away the most dangerous cards, nothing
dangerous is left, and when the hand does not lean on that exchange for more than one card
(:data:`MISERE_LIMITS`; open misère, seen by the defenders, is stricter).  A 6-level bid made only
to stay in the auction for a misère is a *bluff*, never sound by the count.

>>> from fivehundred_tutor import Rules, parse_cards, Bid
>>> hand = parse_cards("JH AH QH 8H 5H AC KC 9S 7D 4D")
>>> count(Rules(), hand, Bid.parse("7H"))
7.1
>>> call_problem(Rules(), hand, Bid.parse("7H")) is None
True
>>> print(call_problem(Rules(), hand, Bid.parse("8H")))
8♥ needs a count of 8; this hand counts 4.8 tricks of its own + 2.3 from partner and the kitty = 7.1, about 7
>>> print(call_problem(Rules(), hand, Bid.parse("misere")))
misère with the joker, bowers or aces that must win tricks (danger 6.1)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .bids import Bid, Pass
from .cards import ACE, JOKER, KING, QUEEN, Card, Suit
from .deal import AUCTION, Deal
from .i18n import decimal, ngettext
from .i18n import gettext as _
from .rules import Rules

__all__ = [
    "COUNT_VALUES",
    "MISERE_LIMITS",
    "MISERE_SAFE_LOWEST",
    "MISERE_SAFE_STEP",
    "NO_TRUMP_ACES",
    "OPEN_MISERE_LIMITS",
    "RAISE_TRUMPS",
    "ROUNDING",
    "TAKE_OVER_MARGIN",
    "AuctionContext",
    "CountItem",
    "HandJudge",
    "auction_context",
    "call_problem",
    "call_problem_in",
    "count",
    "count_items",
    "estimate_tricks",
    "expected_support",
    "explain_call",
    "judge_in",
    "kitty_share",
    "misere_danger",
    "misere_dangers",
    "misere_problem",
    "partner_share",
    "rounded",
    "trump_count",
    "trumps_needed",
    "unstopped_suits",
    "your_share",
]

#: what each item of a hand's own count is worth, in tricks (the chapter prints these)
COUNT_VALUES: dict[str, float] = {
    "joker": 1.0,
    "right bower": 1.0,
    "left bower": 0.85,  # with another trump beside it
    "left bower alone": 0.4,  # the only trump: it may be caught
    "trump ace": 0.75,
    "trump ace alone": 0.5,
    "trump king": 0.4,  # with three trumps or more
    "trump length": 0.8,  # each trump beyond the third
    "side ace": 0.9,
    "side ace-king": 1.5,
    "guarded king": 0.4,  # a side king with another card of its suit
    "void": 0.6,  # a side suit to trump, one per trump beyond the second
    "nt joker": 1.0,
    "nt ace": 1.0,
    "nt ace-king": 1.9,
    "nt guarded king": 0.5,
    "nt length": 0.8,  # each card beyond the fourth of a suit of five or more headed by the ace
    "nt no stopper": -0.7,  # a suit the others can run: no ace, no guarded king, no queen with two more
}
#: the count item of the suits with no stopper in no trumps (a key of COUNT_VALUES)
NO_STOPPER = "nt no stopper"
#: a count is read to the nearest whole trick: a bid is sound down to this far below its level
ROUNDING = 0.5
#: a 6-level suit bid wants this many trumps (the joker and the left bower counted), 7 and up one more
SIX_LEVEL_TRUMPS = 3
#: no trumps wants the joker or this many aces
NO_TRUMP_ACES = 2
#: raising partner's suit wants this many trumps of your own
RAISE_TRUMPS = 2
#: over partner's bid, a new denomination needs a count this much above its level
TAKE_OVER_MARGIN = 1
#: misère: (danger left after the kitty exchange's discards, danger left after one discard)
MISERE_LIMITS = (1.0, 3.5)
#: open misère, seen by the defenders: stricter
OPEN_MISERE_LIMITS = (0.5, 2.5)


class CountItem(NamedTuple):
    """One item of a hand's own count: its kind (a key of :data:`COUNT_VALUES`), the cards or
    suits it is about, and the tricks it adds."""

    kind: str
    cards: tuple[Card, ...]
    suits: tuple[Suit, ...]
    tricks: float


def _by_suit(rules: Rules, hand: Sequence[Card], contract: Bid) -> tuple[dict[int, list[Card]], list[int]]:
    table = rules.table(contract)
    suit_of, power = table.suit_of, table.power
    by_suit: dict[int, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(suit_of[card.index], []).append(card)
    for cards in by_suit.values():
        cards.sort(key=lambda c: -power[c.index])
    return by_suit, power


def count_items(rules: Rules, hand: Sequence[Card], contract: Bid) -> list[CountItem]:
    """The hand's own count under ``contract``'s denomination, item by item (no partner, no kitty).

    >>> from fivehundred_tutor import Rules, parse_cards, Bid
    >>> [(i.kind, i.tricks) for i in count_items(Rules(), parse_cards("JH AH QH 8H 5H AC KC 9S 7D 4D"), Bid.parse("7H"))]
    [('right bower', 1.0), ('trump ace', 0.75), ('trump length', 1.6), ('side ace-king', 1.5)]
    """
    by_suit, power = _by_suit(rules, hand, contract)
    v = COUNT_VALUES
    items: list[CountItem] = []
    if contract.trump is not None:
        trump = int(contract.trump)
        trumps = by_suit.get(trump, [])
        n = len(trumps)
        for card in trumps:
            p = power[card.index]
            if card is JOKER:
                items.append(CountItem("joker", (card,), (), v["joker"]))
            elif p >= 99:
                items.append(CountItem("right bower", (card,), (), v["right bower"]))
            elif p == 98:
                kind = "left bower" if n >= 2 else "left bower alone"
                items.append(CountItem(kind, (card,), (), v[kind]))
            elif p == ACE:
                kind = "trump ace" if n >= 2 else "trump ace alone"
                items.append(CountItem(kind, (card,), (), v[kind]))
            elif p == KING and n >= 3:
                items.append(CountItem("trump king", (card,), (), v["trump king"]))
        if n > 3:
            items.append(CountItem("trump length", tuple(trumps[3:]), (), (n - 3) * v["trump length"]))
        for suit, cards in sorted(by_suit.items()):
            if suit == trump:
                continue
            high = power[cards[0].index]
            if high == ACE:
                if len(cards) > 1 and power[cards[1].index] == KING:
                    items.append(CountItem("side ace-king", (cards[0], cards[1]), (), v["side ace-king"]))
                else:
                    items.append(CountItem("side ace", (cards[0],), (), v["side ace"]))
            elif high == KING and len(cards) >= 2:
                items.append(CountItem("guarded king", (cards[0],), (), v["guarded king"]))
        voids = [Suit(s) for s in range(4) if s != trump and s not in by_suit]
        ruffs = min(len(voids), max(0, n - 2))
        if ruffs:
            items.append(CountItem("void", (), tuple(voids[:ruffs]), ruffs * v["void"]))
        return items
    if JOKER in hand:
        items.append(CountItem("nt joker", (JOKER,), (), v["nt joker"]))
    unstopped: list[Suit] = []
    for suit in range(4):
        cards = by_suit.get(suit, [])
        if not cards:
            unstopped.append(Suit(suit))
            continue
        powers = [power[c.index] for c in cards]
        top = 0.0
        if powers[0] == ACE:
            if len(powers) > 1 and powers[1] == KING:
                items.append(CountItem("nt ace-king", (cards[0], cards[1]), (), v["nt ace-king"]))
                top = v["nt ace-king"]
            else:
                items.append(CountItem("nt ace", (cards[0],), (), v["nt ace"]))
                top = v["nt ace"]
        elif powers[0] == KING and len(powers) >= 2:
            items.append(CountItem("nt guarded king", (cards[0],), (), v["nt guarded king"]))
            top = v["nt guarded king"]
        elif powers[0] < QUEEN or len(powers) < 3:
            unstopped.append(Suit(suit))
        if len(powers) >= 5 and top >= 1:
            items.append(CountItem("nt length", tuple(cards[4:]), (Suit(suit),), (len(powers) - 4) * v["nt length"]))
    if unstopped:
        items.append(CountItem(NO_STOPPER, (), tuple(unstopped), len(unstopped) * v[NO_STOPPER]))
    return items


def estimate_tricks(rules: Rules, hand: Sequence[Card], contract: Bid) -> float:
    """The hand's own count under ``contract``'s denomination: the sum of :func:`count_items`."""
    return sum(item.tricks for item in count_items(rules, hand, contract))


def unstopped_suits(rules: Rules, hand: Sequence[Card]) -> tuple[Suit, ...]:
    """The suits of ``hand`` with no stopper in no trumps (no ace, no guarded king, no queen with two more).

    >>> from fivehundred_tutor import Rules, parse_cards
    >>> [str(s) for s in unstopped_suits(Rules(), parse_cards("JK QS AH QH 5C AD KD 7D 6D 4D"))]
    ['♠', '♣']
    """
    for item in count_items(rules, hand, Bid.no_trumps(6)):
        if item.kind == NO_STOPPER:
            return item.suits
    return ()


#: misère: the i-th lowest card of a suit (from 0) is safe up to this power, plus this step per card
MISERE_SAFE_LOWEST, MISERE_SAFE_STEP = 5.0, 1.5


def misere_dangers(rules: Rules, hand: Sequence[Card]) -> list[tuple[Card, float]]:
    """The cards of ``hand`` that could be forced to win a trick in misère, most dangerous first,
    each with its danger.

    Read each suit from the bottom: the lowest card is safe up to a 5, the next up to a 6, then
    8, 9, 11 … (it must be low enough to duck that round of the suit); each card above its mark
    adds a third of a trick per step (a picture card counts as a 16); the joker, which wins any
    trick it is played to, adds 4.

    >>> from fivehundred_tutor import Rules, parse_cards
    >>> [(str(c), round(d, 2)) for c, d in misere_dangers(Rules(), parse_cards("6S 5S 10H 10C 8C 6C 5C 6D 5D KS"))]
    [('K♠', 2.67), ('10♥', 1.67), ('10♣', 0.17)]
    """
    power = rules.table(Bid.misere()).power
    by_suit: dict[Suit, list[Card]] = {}
    for card in hand:
        if card.suit is not None:
            by_suit.setdefault(card.suit, []).append(card)
    dangers: list[tuple[Card, float]] = [(JOKER, 4.0)] if JOKER in hand else []
    for cards in by_suit.values():
        for i, card in enumerate(sorted(cards, key=lambda c: power[c.index])):
            p = min(power[card.index], 16)
            mark = MISERE_SAFE_LOWEST + MISERE_SAFE_STEP * i
            if p > mark:
                dangers.append((card, (p - mark) / 3))
    dangers.sort(key=lambda cd: -cd[1])
    return dangers


def misere_danger(rules: Rules, hand: Sequence[Card], discards: int = 3) -> float:
    """How likely this hand is to be forced to win a trick in misère (0 = safe): the dangers of
    :func:`misere_dangers` left once the worst ``discards`` cards go out with the kitty exchange,
    and a little (0.3) for the unseen kitty."""
    return sum(d for _c, d in misere_dangers(rules, hand)[discards:]) + 0.3


def expected_support(rules: Rules) -> float:
    """Tricks a bidder may expect from partner(s) and the kitty, on average.

    In the 2-player game the face-up table cards count with the hand (see
    :func:`call_problem`); what is left unseen is the bidder's five face-down table cards
    and the kitty: eight cards, at the 4-player rate of 2.3 tricks for thirteen unseen cards.
    """
    if rules.players == 4:
        return 2.3
    if rules.players == 6:
        return 3.6 if rules.partnerships else 1.4
    if rules.players == 2:
        return round(2.3 * 8 / 13, 1)
    if rules.players == 5:
        return 2.0
    return 1.6


def partner_share(rules: Rules) -> float:
    """The part of :func:`expected_support` that partner's cards bring (the rest is the kitty's),
    shared by the number of cards: in the 4-player game 2.3 × 10/13 ≈ 1.8.  0 without partners."""
    partners = len(rules.partners(0)) if rules.partnerships else 0
    cards = partners * rules.hand_size
    return round(expected_support(rules) * cards / (cards + rules.kitty_size), 1)


def your_share(rules: Rules) -> float:
    """The part of partner's count that your own cards were to bring: one hand's share of
    :func:`expected_support`.  Raising partner, you put your own tricks in its place; in the
    4-player game it is :func:`partner_share` (1.8); in the 6-player partnership game it is your
    hand's part of the two partners' share (the other partner still brings theirs).  0 without partners.

    >>> from fivehundred_tutor import Rules
    >>> your_share(Rules()), your_share(Rules.preset("six-player"))
    (1.8, 1.6)
    """
    partners = len(rules.partners(0)) if rules.partnerships else 0
    if not partners:
        return 0.0
    cards = partners * rules.hand_size
    return round(expected_support(rules) * rules.hand_size / (cards + rules.kitty_size), 1)


def kitty_share(rules: Rules) -> float:
    """The part of :func:`expected_support` that the kitty brings (in the 4-player game 0.5)."""
    return round(expected_support(rules) - partner_share(rules), 1)


def trump_count(rules: Rules, hand: Sequence[Card], bid: Bid) -> int:
    """Cards of ``hand`` that are trumps under ``bid`` (the joker and left bower included)."""
    if bid.trump is None:
        return 0
    suit_of = rules.table(bid).suit_of
    return sum(1 for c in hand if suit_of[c.index] == int(bid.trump))


def trumps_needed(tricks: int) -> int:
    """Trumps a suit bid of ``tricks`` wants in the bidder's own hand: 3 at the 6 level, 4 above."""
    return SIX_LEVEL_TRUMPS if tricks == 6 else SIX_LEVEL_TRUMPS + 1


@dataclass(frozen=True)
class AuctionContext:
    """What the auction so far tells a bidder: the levels partner opened in each denomination
    (0–3 suits, 4 no trumps) and the denomination of partner's bid if it is the high bid."""

    partner_levels: tuple[tuple[int, int], ...] = ()
    partner_holds: int | None = None

    def partner_level(self, denomination: int) -> int | None:
        for d, level in self.partner_levels:
            if d == denomination:
                return level
        return None


NO_CONTEXT = AuctionContext()


def auction_context(rules: Rules, seat: int, auction: Sequence[tuple[int, Bid | Pass]]) -> AuctionContext:
    """The :class:`AuctionContext` for ``seat`` after ``auction`` ((seat, call) pairs, in order).

    Partner's bid counts as a promise in a denomination partner bid before ``seat`` did: when
    partner raises your own suit, that is no new promise for you to raise again.

    >>> from fivehundred_tutor import PASS, Rules
    >>> auction_context(Rules(), 2, [(0, Bid.parse("6H")), (1, PASS)])
    AuctionContext(partner_levels=((3, 6),), partner_holds=3)

    """
    partners = set(rules.partners(seat)) if rules.partnerships else set()
    levels: dict[int, int] = {}
    mine: set[int] = set()
    holder: int | None = None
    for who, call in auction:
        if not isinstance(call, Bid):
            continue
        holder = who
        if call.is_misere:
            continue
        d = call.denomination
        if who == seat:
            mine.add(d)
        elif who in partners and d not in mine:
            levels[d] = max(levels.get(d, 0), call.tricks)
    holds: int | None = None
    if holder is not None and holder in partners:
        last = next(c for w, c in reversed(auction) if isinstance(c, Bid))
        holds = -1 if last.is_misere else last.denomination
    return AuctionContext(tuple(sorted(levels.items())), holds)


def misere_problem(rules: Rules, hand: Sequence[Card], open_misere: bool = False) -> str | None:
    """``None`` if the hand is sound for misère (or open misère), else why not."""
    limits = OPEN_MISERE_LIMITS if open_misere else MISERE_LIMITS
    after_kitty = misere_danger(rules, hand, rules.kitty_size)
    if after_kitty > limits[0]:
        return _("misère with the joker, bowers or aces that must win tricks (danger {danger})").format(
            danger=decimal(after_kitty)
        )
    after_one = misere_danger(rules, hand, 1)
    if after_one > limits[1]:
        return _("misère with more high cards than the kitty exchange can safely clear (danger {danger})").format(
            danger=decimal(after_one)
        )
    return None


def rounded(count: float) -> int:
    """``count`` to the nearest whole trick, a half rounding up (not to even, as Python's ``round``).

    >>> rounded(6.5), rounded(6.4), rounded(7.0)
    (7, 6, 7)
    """
    return math.floor(count + ROUNDING + 1e-9)


class HandJudge:
    """Judges calls for one hand in one auction, counting each denomination once.

    ``adjust`` moves every count (a bot's boldness); the standard itself is ``adjust=0``.
    """

    def __init__(
        self, rules: Rules, hand: Sequence[Card], context: AuctionContext = NO_CONTEXT, adjust: float = 0.0
    ) -> None:
        self.rules = rules
        self.hand = list(hand)
        self.context = context
        self.adjust = adjust
        self.support = expected_support(rules)
        self.partner_share = partner_share(rules)
        self.your_share = your_share(rules)
        self._own: dict[int, float] = {}
        self._trumps: dict[int, int] = {}
        self._misere: dict[bool, str | None] = {}

    def own(self, bid: Bid) -> float:
        """The hand's own count in ``bid``'s denomination, to one decimal (as the reader sees it)."""
        d = bid.denomination
        found = self._own.get(d)
        if found is None:
            found = self._own[d] = round(estimate_tricks(self.rules, self.hand, bid), 1)
        return found

    def trumps(self, bid: Bid) -> int:
        d = bid.denomination
        found = self._trumps.get(d)
        if found is None:
            found = self._trumps[d] = trump_count(self.rules, self.hand, bid)
        return found

    def raising(self, bid: Bid) -> int | None:
        """Partner's level when ``bid`` raises partner's denomination, else ``None``."""
        return self.context.partner_level(bid.denomination)

    def count(self, bid: Bid) -> float:
        """The count for ``bid``: own + partner and the kitty, or, raising partner, own + partner's level − their share
        (to one decimal; to two with an ``adjust`` such as 0.35, so that the sum shown adds up)."""
        level = self.raising(bid)
        helpers = level - self.your_share if level is not None else self.support
        return round(self.own(bid) + helpers + self.adjust, 2 if self.adjust else 1)

    def need(self, bid: Bid) -> int:
        """The whole count ``bid`` needs: its level, a trick more over partner's bid in another denomination."""
        holds = self.context.partner_holds
        take_over = holds is not None and holds != bid.denomination and self.raising(bid) is None
        return bid.tricks + (TAKE_OVER_MARGIN if take_over else 0)

    def reckoning(self, bid: Bid) -> str:
        """The count for ``bid`` as a sum a reader can check: ``'3.9 tricks of its own + 2.3 from partner and
        the kitty = 6.2, about 6'``."""
        own, total = self.own(bid), self.count(bid)
        level = self.raising(bid)
        if level is not None:
            parts = _("{own} tricks of its own + partner's {level} − {share}").format(
                own=decimal(own), level=level, share=decimal(self.your_share)
            )
        elif self.partner_share:
            parts = _("{own} tricks of its own + {support} from partner and the kitty").format(
                own=decimal(own), support=decimal(self.support)
            )
        else:
            parts = _("{own} tricks of its own + {support} from the kitty").format(
                own=decimal(own), support=decimal(self.support)
            )
        shown = decimal(total)
        if self.adjust:
            parts += f" {'+' if self.adjust > 0 else '−'} {decimal(abs(self.adjust), 2, trim=True)}"
            shown = decimal(total, 2, trim=True)
        return _("{parts} = {total}, about {whole}").format(parts=parts, total=shown, whole=rounded(total))

    def _misere_problem(self, open_misere: bool) -> str | None:
        if open_misere not in self._misere:
            self._misere[open_misere] = misere_problem(self.rules, self.hand, open_misere)
        return self._misere[open_misere]

    def shape_problem(self, call: Bid) -> str | None:
        """What the hand lacks for ``call`` besides the count: trumps, or the joker or aces for no trumps."""
        level = self.raising(call)
        if call.trump is not None:
            trumps = self.trumps(call)
            want = RAISE_TRUMPS if level is not None else trumps_needed(call.tricks)
            if trumps == 0:
                return _("{call} with no {suit}").format(call=call, suit=call.trump.local_name)
            if trumps < want and level is not None:
                return ngettext(
                    "{call} with only {n} trump to raise partner ({want} wanted)",
                    "{call} with only {n} trumps to raise partner ({want} wanted)",
                    trumps,
                ).format(call=call, n=trumps, want=want)
            if trumps < want:
                return ngettext(
                    "{call} with only {n} trump ({want} wanted)", "{call} with only {n} trumps ({want} wanted)", trumps
                ).format(call=call, n=trumps, want=want)
        elif level is None:
            aces = sum(1 for c in self.hand if c.rank == ACE and not c.is_joker)
            if JOKER not in self.hand and aces < NO_TRUMP_ACES:
                return _("{call} with neither the joker nor two aces").format(call=call)
        return None

    def is_sound(self, call: Bid | Pass) -> bool:
        """Whether a sound player could make ``call`` (:meth:`problem` is ``None``), without the words."""
        if not isinstance(call, Bid):
            return True
        if call.is_misere:
            return self._misere_problem(call.is_open_misere) is None
        if call.trump is not None:
            want = RAISE_TRUMPS if self.raising(call) is not None else trumps_needed(call.tricks)
            if self.trumps(call) < want:
                return False
        elif self.shape_problem(call) is not None:
            return False
        return rounded(self.count(call)) >= self.need(call)

    def problem(self, call: Bid | Pass) -> str | None:
        """``None`` if a sound player could make ``call``; else the reason it is unsound."""
        if self.is_sound(call):
            return None
        assert isinstance(call, Bid)
        if call.is_misere:
            return self._misere_problem(call.is_open_misere)
        shape = self.shape_problem(call)
        if shape is not None:
            return shape
        need = self.need(call)
        reckoning = self.reckoning(call)
        if need > 10:
            return _(
                "{call} takes over partner's bid, which wants a trick to spare: more than all ten tricks; "
                "this hand counts {reckoning}"
            ).format(call=call, reckoning=reckoning)
        if need > call.tricks:
            return _(
                "{call} takes over partner's bid, which wants a trick to spare: a count of {need}; "
                "this hand counts {reckoning}"
            ).format(call=call, need=need, reckoning=reckoning)
        return _("{call} needs a count of {need}; this hand counts {reckoning}").format(
            call=call, need=need, reckoning=reckoning
        )


def call_problem(
    rules: Rules,
    hand: Sequence[Card],
    call: Bid | Pass,
    table: Sequence[Card] = (),
    *,
    context: AuctionContext = NO_CONTEXT,
) -> str | None:
    """``None`` if a sound player could make ``call`` with ``hand``; else the reason it is unsound.

    ``table``: in the 2-player game, the bidder's face-up table cards, which are played like
    the hand's and count with it (the face-down ones are part of :func:`expected_support`).
    ``context``: what the auction so far says (:func:`auction_context`): partner's bids to
    support, and whether partner holds the bid.  A pass is always sound.
    """
    return HandJudge(rules, [*hand, *table], context).problem(call)


def judge_in(deal: Deal, adjust: float = 0.0) -> HandJudge:
    """The :class:`HandJudge` of the player to call in ``deal``: their hand (with their face-up table
    cards in the 2-player game) and what the auction so far tells them."""
    seat = deal.to_move
    if seat is None or deal.phase != AUCTION:
        raise ValueError("nobody is to call: the auction is over")
    rules = deal.rules
    hand = [*deal.hands[seat], *(deal.table_up(seat) if rules.players == 2 else ())]
    return HandJudge(rules, hand, auction_context(rules, seat, deal.auction), adjust)


def call_problem_in(deal: Deal, call: Bid | Pass) -> str | None:
    """:func:`call_problem` for the player to call in ``deal``, with the auction so far.

    >>> from fivehundred_tutor import Deal, Rules
    >>> deal = Deal.new(Rules(), seed=48, dealer=0)
    >>> print(call_problem_in(deal, Bid.parse("7C")))
    7♣ needs a count of 7; this hand counts 3.4 tricks of its own + 2.3 from partner and the kitty = 5.7, about 6
    """
    return judge_in(deal).problem(call)


def _listed(words: Sequence[str]) -> str:
    """``'A♠'``, ``'A♠ and K♥'``, ``'A♠, K♥ and 5♣'`` (the last joined as the language joins it)."""
    if len(words) < 2:
        return "".join(words)
    return _("{cards} and {last}").format(cards=", ".join(words[:-1]), last=words[-1])


def explain_call(deal: Deal, call: Bid | Pass) -> str:
    """A sentence on ``call`` by the player to call in ``deal``, in the standard's terms (the book's
    replayed auctions are told with it, so the words always match the cards), in the reader's language.

    >>> from fivehundred_tutor import Deal, Rules, PASS
    >>> deal = Deal.new(Rules(), seed=2367, dealer=0)
    >>> print(explain_call(deal, Bid.parse("6C")))
    East's hand counts 3.9 tricks of its own + 2.3 from partner and the kitty = 6.2, about 6, with clubs as trumps: 6♣.
    """
    judge = judge_in(deal)
    rules = deal.rules
    seat = deal.to_move
    assert seat is not None
    name = rules.local_seat_name(seat)
    high = deal.high_bid
    # the bid to beat in the reader's words when it is a misère ("misère aperta"); a level in notation (7♥)
    said_high = "" if high is None else high.words if high.is_misere else str(high)
    if isinstance(call, Bid) and call.is_misere:
        worst = [c.short_name for c, _danger in misere_dangers(rules, judge.hand)]
        if not worst:
            return _("{seat}'s hand has no card too high for a hand that must lose every trick: {call}.").format(
                seat=name, call=call.words
            )
        if len(worst) <= rules.kitty_size:
            return _(
                "{seat}'s hand has only the {cards} too high for a hand that must lose every trick, "
                "and the kitty exchange can throw them away: {call}."
            ).format(seat=name, cards=_listed(worst), call=call.words)
        return _("{seat}'s hand has only the {cards} too high for a hand that must lose every trick: {call}.").format(
            seat=name, cards=_listed(worst), call=call.words
        )
    if isinstance(call, Bid):
        reckoning = judge.reckoning(call)
        if judge.raising(call) is not None:
            if call.trump is None:
                return _("{seat} raises partner's no trumps to {call}: {seat}'s hand counts {reckoning}.").format(
                    seat=name, call=call, reckoning=reckoning
                )
            return _("{seat} raises partner's {suit} to {call}: {seat}'s hand counts {reckoning}.").format(
                seat=name, suit=call.trump.local_name, call=call, reckoning=reckoning
            )
        same = [b for b in deal.legal_actions() if isinstance(b, Bid) and b.denomination == call.denomination]
        cheapest = high is not None and call.tricks > 6 and call == min(same, key=rules.bid_key)
        if call.trump is None and cheapest:
            text = _("{seat}'s hand counts {reckoning}, in no trumps: {call}, the cheapest such bid above {high}.")
        elif call.trump is None:
            text = _("{seat}'s hand counts {reckoning}, in no trumps: {call}.")
        elif cheapest:
            text = _(
                "{seat}'s hand counts {reckoning}, with {suit} as trumps: {call}, the cheapest such bid above {high}."
            )
        else:
            text = _("{seat}'s hand counts {reckoning}, with {suit} as trumps: {call}.")
        suit = call.trump.local_name if call.trump is not None else ""
        return text.format(seat=name, reckoning=reckoning, suit=suit, call=call, high=said_high)
    legal = [a for a in deal.legal_actions() if isinstance(a, Bid) and not a.is_misere]
    sound = [b for b in legal if judge.is_sound(b)]
    if sound:
        return _("{seat} passes, though {bid} would have been sound.").format(
            seat=name, bid=max(sound, key=rules.bid_value)
        )
    if not legal:
        return _("{seat} passes: no bid is left that outranks {high}.").format(seat=name, high=said_high)
    best = max(legal, key=judge.count)
    total = judge.count(best)
    if best.trump is None and high is not None:
        text = _(
            "{seat}'s best count is {total}, about {whole}, in no trumps: nothing above {high} is in reach, "
            "so {seat} passes."
        )
    elif best.trump is None:
        text = _("{seat}'s best count is {total}, about {whole}, in no trumps: not enough for a bid, so {seat} passes.")
    elif high is not None:
        text = _(
            "{seat}'s best count is {total}, about {whole}, with {suit} as trumps: nothing above {high} is in "
            "reach, so {seat} passes."
        )
    else:
        text = _(
            "{seat}'s best count is {total}, about {whole}, with {suit} as trumps: not enough for a bid, "
            "so {seat} passes."
        )
    suit = best.trump.local_name if best.trump is not None else ""
    return text.format(seat=name, total=decimal(total), whole=rounded(total), suit=suit, high=said_high)


def count(rules: Rules, hand: Sequence[Card], bid: Bid, context: AuctionContext = NO_CONTEXT) -> float:
    """The count for ``bid``'s denomination, to one decimal: own tricks + partner and the kitty, or,
    raising partner's denomination, own tricks + partner's level − :func:`partner_share`."""
    return HandJudge(rules, hand, context).count(bid)
