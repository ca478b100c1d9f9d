"""Double-dummy simulation: what one seat can know, layouts of the cards it cannot see, and trick
counts over those layouts (GIB's method for bridge, applied to Five Hundred).

:class:`Knowledge` is everything a seat has seen, built from :meth:`Deal.view` and the public
history of completed tricks only (never from another seat's hidden cards): its own hand,
face-up hands, cards played, voids shown by not following suit, what the auction said.
:func:`sample_layouts` deals the unseen cards consistently with it (seeded, with the project's
own :class:`~fivehundred_tutor.rng.Random`).  :func:`simulate` answers a bidder's question:
with this hand as declarer, how many tricks in each denomination, over ``n`` layouts of the
other hands and the kitty (the declarer takes the kitty and discards as the heuristic bot
would), solved double dummy — by DDS where a layout maps to bridge, else the pure-Python solver.

In no trumps, where the free joker makes a layout unlike bridge, :func:`simulate` counts the
joker as named in advance by its holder (the better of its two longest suits; a variant of the
rules): two quick solves instead of one slow one.  Misère is solved as it is (pure Python).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..actions import Play
from ..bids import Bid
from ..bots import discards_for
from ..cards import JOKER, Card, Suit
from ..deal import PLAY, Deal
from ..rng import Random
from ..rules import NO_SUIT, Rules
from ..saved import remember
from ..solver import SearchLimit, Solver, dds

__all__ = [
    "DENOMINATIONS",
    "KITTY",
    "Knowledge",
    "Simulation",
    "layout_position",
    "public_history",
    "sample_layouts",
    "simulate",
    "solve_many",
]

KITTY = -1  # layout key of the cards nobody holds (the kitty, or the declarer's discards)
DENOMINATIONS: tuple[str, ...] = ("S", "C", "D", "H", "NT")
# A seat that bid a suit is dealt at least this many of its trumps (played ones count).
BID_LENGTH = 3


def public_history(deal: Deal) -> list[dict[str, Any]]:
    """Completed tricks as plain data (every player saw them): leader, plays, led joker's suit."""
    return [
        {
            "leader": t.leader,
            "plays": [[s, c.code, src] for s, c, src in t.plays],
            "joker_suit": None if t.joker_suit is None else t.joker_suit.letter,
        }
        for t in deal.tricks
    ]


@dataclasses.dataclass
class Knowledge:
    """What ``seat`` knows of a deal in the play phase (or, with ``contract=None``, before it)."""

    rules: Rules
    seat: int
    known: dict[int, list[Card]]  # hands the seat can see: its own, face-up ones
    hidden: dict[int, int]  # seat → number of cards it holds that ``seat`` cannot see (KITTY: the unseen pile)
    unseen: list[Card]  # the cards to deal among ``hidden``
    voids: dict[int, set[int]]  # seat → effective suits (under the contract) it has shown void in
    bid_suits: dict[int, int]  # seat → effective trump suit it bid (the auction's evidence)
    played_by: dict[int, list[Card]]  # seat → cards it has played (tricks and the current trick)
    contract: Bid | None = None
    declarer: int | None = None
    view: dict[str, Any] = dataclasses.field(default_factory=dict)
    # 5 players: the card the declarer called while it is still unseen; whoever holds it is the
    # partner, so neither the declarer nor the discards (``KITTY``) may hold it in a layout
    called: Card | None = None

    @classmethod
    def from_view(cls, rules: Rules, view: Mapping[str, Any], history: Sequence[Mapping[str, Any]]) -> Knowledge:
        """Built from ``Deal.view(seat)`` and :func:`public_history` alone."""
        seat = view["seat"]
        if seat is None:
            raise ValueError("a seat's knowledge needs that seat's view, not the commentator's")
        n = rules.players
        contract = None if view["contract"] is None else Bid.parse(view["contract"])
        declarer = view["declarer"]
        joker_fixed = None if view.get("joker_fixed") is None else Suit.parse(view["joker_fixed"])
        table = rules.table(contract, joker_fixed)
        known: dict[int, list[Card]] = {}
        hidden: dict[int, int] = {}
        for s in range(n):
            h = view["hands"][s]
            if isinstance(h, int):
                if h:
                    hidden[s] = h
            else:
                known[s] = [Card.parse(c) for c in h]
        seen = {c for cards in known.values() for c in cards}
        played_by: dict[int, list[Card]] = {s: [] for s in range(n)}
        voids: dict[int, set[int]] = {s: set() for s in range(n)}
        tricks = [(t["plays"], t.get("joker_suit")) for t in history]
        tricks.append((view["trick"], view.get("trick_joker_suit")))
        any_time = rules.joker_any_time
        for plays, joker_letter in tricks:
            if not plays:
                continue
            led_card = Card.parse(plays[0][1])
            led = table.suit_of[led_card.index]
            if led == NO_SUIT:
                led = NO_SUIT if joker_letter is None else int(Suit.parse(joker_letter))
            for i, (s, code, _src) in enumerate(plays):
                card = Card.parse(code)
                played_by[s].append(card)
                seen.add(card)
                suit = table.suit_of[card.index]
                if i == 0 or led == NO_SUIT or suit == led:
                    continue
                if suit == NO_SUIT and any_time:
                    continue  # the joker may be played while holding the suit led
                voids[s].add(led)
        discards = view.get("discards")
        if isinstance(discards, list):
            seen.update(Card.parse(c) for c in discards)
            kitty = 0
        else:
            kitty = int(discards or 0)
        if view["phase"] in ("auction", "kitty"):
            kitty_view = view.get("kitty")
            kitty = kitty_view if isinstance(kitty_view, int) else 0
        if kitty:
            hidden[KITTY] = kitty
        unseen = [c for c in rules.deck() if c not in seen]
        bid_suits: dict[int, int] = {}
        for s, code in view.get("auction", []):
            bid = Bid.parse(code) if code.upper() not in ("P", "PASS", "-") else None
            if bid is not None and bid.trump is not None and s != seat:
                bid_suits[s] = int(bid.trump)  # counted with its bowers and the joker
        if sum(hidden.values()) != len(unseen):
            raise ValueError(f"the view does not add up: {len(unseen)} unseen cards for {sum(hidden.values())} places")
        called_code = view.get("called_card")
        called = None if called_code is None else Card.parse(called_code)
        if called is not None and called not in unseen:
            called = None  # held by the seat itself, or played: no constraint left to keep
        return cls(
            rules, seat, known, hidden, unseen, voids, bid_suits, played_by, contract, declarer, dict(view), called
        )

    def allowed(self, seat: int, card: Card) -> bool:
        """Whether ``seat`` may hold ``card`` as far as this knowledge goes (the kitty may hold anything
        but the called card)."""
        if card == self.called and (seat == KITTY or seat == self.declarer):
            return False  # another player holds the called card (5 players): never the declarer or the discards
        if seat == KITTY or not self.voids.get(seat):
            return True
        joker_fixed = None if self.view.get("joker_fixed") is None else Suit.parse(self.view["joker_fixed"])
        suit = self.rules.table(self.contract, joker_fixed).suit_of[card.index]
        return suit == NO_SUIT or suit not in self.voids[seat]


def sample_layouts(knowledge: Knowledge, n: int, rng: Random, *, tries: int = 40) -> list[dict[int, list[Card]]]:
    """``n`` deals of the unseen cards to the hidden places (seats and ``KITTY``), each consistent
    with the voids shown; seats that bid a suit get at least ``BID_LENGTH`` of it where a few
    tries allow (counting cards they already played).  Never a card a seat has shown it cannot hold."""
    out = []
    places = sorted(knowledge.hidden)
    for _ in range(n):
        best: dict[int, list[Card]] | None = None
        for attempt in range(tries):
            layout = _deal_once(knowledge, places, rng)
            if layout is None:
                continue
            best = layout
            if attempt >= tries // 2 or _fits_auction(knowledge, layout):
                break
        if best is None:
            # Tight voids can defeat the random greedy deal: a matching always finds a fit.
            best = _deal_by_matching(knowledge, places, rng)
        out.append(best)
    return out


def _deal_by_matching(knowledge: Knowledge, places: list[int], rng: Random) -> dict[int, list[Card]]:
    """A layout by bipartite matching of cards to free places (Kuhn's augmenting paths), in a
    random order; every void is respected.  Raises if nothing fits (inconsistent knowledge)."""
    slots = [p for p in places for _ in range(knowledge.hidden[p])]
    rng.shuffle(slots)
    cards = list(knowledge.unseen)
    rng.shuffle(cards)
    options = [[j for j, p in enumerate(slots) if knowledge.allowed(p, c)] for c in cards]
    holder: list[int] = [-1] * len(slots)

    def augment(i: int, seen: list[bool]) -> bool:
        for j in options[i]:
            if not seen[j]:
                seen[j] = True
                if holder[j] < 0 or augment(holder[j], seen):
                    holder[j] = i
                    return True
        return False

    for i in range(len(cards)):
        if not augment(i, [False] * len(slots)):
            raise ValueError("no layout of the unseen cards fits what has been shown")
    layout: dict[int, list[Card]] = {p: [] for p in places}
    for j, i in enumerate(holder):
        layout[slots[j]].append(cards[i])
    return layout


def _deal_once(knowledge: Knowledge, places: list[int], rng: Random) -> dict[int, list[Card]] | None:
    cards = list(knowledge.unseen)
    rng.shuffle(cards)
    room = {p: knowledge.hidden[p] for p in places}
    # The most constrained cards first (fewest places that may hold them).
    options = {c: [p for p in places if knowledge.allowed(p, c)] for c in cards}
    cards.sort(key=lambda c: len(options[c]))
    layout: dict[int, list[Card]] = {p: [] for p in places}
    for card in cards:
        free = [p for p in options[card] if room[p]]
        total = sum(room[p] for p in free)
        if not total:
            return None
        # Weighted by room left: with no voids this is a uniform deal.
        k = rng.randbelow(total)
        for p in free:
            k -= room[p]
            if k < 0:
                layout[p].append(card)
                room[p] -= 1
                break
    return layout


def _fits_auction(knowledge: Knowledge, layout: Mapping[int, list[Card]]) -> bool:
    joker_fixed = None if knowledge.view.get("joker_fixed") is None else Suit.parse(knowledge.view["joker_fixed"])
    for s, suit in knowledge.bid_suits.items():
        if s not in layout:
            continue
        bid = Bid.suit(7, Suit(suit))
        table = knowledge.rules.table(bid, joker_fixed if knowledge.contract is None else None)
        held = [c for c in layout[s] + knowledge.played_by.get(s, []) if table.suit_of[c.index] == suit]
        if len(held) < BID_LENGTH:
            return False
    return True


def layout_position(knowledge: Knowledge, layout: Mapping[int, Sequence[Card]]) -> Deal:
    """The play-phase position ``knowledge`` describes, with ``layout``'s cards in the hidden hands."""
    view = knowledge.view
    rules = knowledge.rules
    if view.get("phase") != PLAY:
        raise ValueError("a layout position is built in the play phase")
    assert knowledge.contract is not None and knowledge.declarer is not None
    hands: dict[int | str, list[Card]] = {s: list(c) for s, c in knowledge.known.items()}
    for s, cards in layout.items():
        if s != KITTY:
            hands.setdefault(s, []).extend(cards)
    plays = view["trick"]
    for s, code, _src in plays:
        hands.setdefault(s, []).append(Card.parse(code))
    leader = plays[0][0] if plays else view["to_move"]
    joker_fixed = None if view.get("joker_fixed") is None else Suit.parse(view["joker_fixed"])
    # 5 players: the called partner as this layout has it (whoever holds the called card in it,
    # unless the seat already knows)
    called = view.get("called_card")
    deal = Deal.from_position(
        rules,
        hands,
        knowledge.contract,
        knowledge.declarer,
        leader,
        tricks_won=view["tricks_won"],
        joker_fixed=joker_fixed,
        called_card=called,
        partner=view.get("partner") if called is not None else None,
    )
    letter = view.get("trick_joker_suit")
    for k, (_s, code, src) in enumerate(plays):
        card = Card.parse(code)
        nominated = Suit.parse(letter) if (k == 0 and card is JOKER and letter is not None) else None
        deal.push(Play(card, src, nominated))
    return deal


def solve_many(deals: Sequence[Deal], solver: Solver | None = None) -> list[int]:
    """Declarer's-side tricks of each position: DDS in one batch for those that map to bridge."""
    solver = solver or Solver()
    use_dds = solver.backend != "python" and dds.available()
    out: list[int | None] = [None] * len(deals)
    batch = [i for i, d in enumerate(deals) if use_dds and dds.mappable(d)]
    for i, t in zip(batch, dds.future_tricks_many([deals[i] for i in batch])):
        out[i] = deals[i].declarer_tricks + t
    for i, d in enumerate(deals):
        if out[i] is None:
            out[i] = solver.solve(d)
    return [int(v) for v in out if v is not None]


@dataclasses.dataclass
class Simulation:
    """Trick counts of one seat as declarer, per denomination, over ``layouts`` layouts."""

    seat: int
    layouts: int
    tricks: dict[str, Counter[int]]  # denomination ("S", "C", "D", "H", "NT", "MIS") → tricks → layouts

    def mean(self, denomination: str) -> float:
        c = self.tricks[denomination]
        return sum(t * k for t, k in c.items()) / max(1, sum(c.values()))

    def chance(self, denomination: str, tricks: int) -> float:
        """Share of layouts where the declaring side takes at least ``tricks`` (misère: at most ``tricks``)."""
        c = self.tricks[denomination]
        total = max(1, sum(c.values()))
        if denomination == "MIS":
            return sum(k for t, k in c.items() if t <= tricks) / total
        return sum(k for t, k in c.items() if t >= tricks) / total

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Simulation:
        """The simulation :meth:`to_dict` wrote (its ``mean`` is worked out again)."""
        tricks = {d: Counter({int(t): int(k) for t, k in c.items()}) for d, c in data["tricks"].items()}
        return cls(int(data["seat"]), int(data["layouts"]), tricks)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "layouts": self.layouts,
            "tricks": {d: {str(t): k for t, k in sorted(c.items())} for d, c in self.tricks.items()},
            "mean": {d: round(self.mean(d), 2) for d in self.tricks},
        }


def _contract(denomination: str) -> Bid:
    if denomination == "NT":
        return Bid.no_trumps(7)
    if denomination == "MIS":
        return Bid.misere()
    return Bid.suit(7, Suit.parse(denomination))


def simulate(
    rules: Rules,
    seat: int,
    hand: Sequence[Card],
    *,
    layouts: int = 100,
    seed: int = 0,
    denominations: Sequence[str] = DENOMINATIONS,
    knowledge: Knowledge | None = None,
    solver: Solver | None = None,
    stop_when: Callable[[str, Counter[int]], bool] | None = None,
    node_limit: int | None = None,
) -> Simulation:
    """Deal the cards ``seat`` cannot see ``layouts`` times; for each layout and denomination,
    ``seat`` declares (takes the kitty, discards, leads) and the deal is solved double dummy.

    The 4-, 5- and 6-player games (and 3 players); not the 2-player game.  With 5 or 6 players
    every layout is solved in Python (no DDS), 20–100 s each: keep ``layouts`` small.  ``knowledge`` adds
    what the auction showed (its ``bid_suits``); by default only the hand is known.
    ``stop_when(denomination, counts so far)``, asked after each layout, stops that
    denomination early when it says yes (its counts then cover the layouts solved): a caller
    that needs only "at least k of n" need not solve the rest once the answer is known.
    ``node_limit`` caps the pure-Python search nodes of each denomination's layouts together
    (:class:`~fivehundred_tutor.solver.SearchLimit`): the layout that would pass it and those
    after it are left unsolved, as with ``stop_when`` — the same layouts on every machine.
    """
    if rules.players == 2:
        raise ValueError("the simulation deals hidden hands; the 2-player game has none to deal")
    hand = list(hand)
    if knowledge is None and solver is None and stop_when is None and node_limit is None:
        # the book build's simulations are saved for its JupyterLite (fivehundred_tutor.saved): there a plain-Python
        # Pyodide would take many minutes over a chapter's 200 layouts (issue 31)
        arguments = [rules.to_dict(), seat, [c.code for c in hand], layouts, seed, list(denominations)]
        return remember(
            "simulation",
            arguments,
            lambda: _simulate(rules, seat, hand, layouts, seed, denominations, None, None, None, None),
            dump=Simulation.to_dict,
            load=Simulation.from_dict,
        )
    return _simulate(rules, seat, hand, layouts, seed, denominations, knowledge, solver, stop_when, node_limit)


def _simulate(
    rules: Rules,
    seat: int,
    hand: list[Card],
    layouts: int,
    seed: int,
    denominations: Sequence[str],
    knowledge: Knowledge | None,
    solver: Solver | None,
    stop_when: Callable[[str, Counter[int]], bool] | None,
    node_limit: int | None,
) -> Simulation:
    if knowledge is None:
        unseen = [c for c in rules.deck() if c not in set(hand)]
        per = rules.hand_size
        hidden = {s: per for s in range(rules.players) if s != seat}
        hidden[KITTY] = rules.kitty_size
        knowledge = Knowledge(rules, seat, {seat: hand}, hidden, unseen, {}, {}, {}, view={})
    rng = Random(seed)
    solver = solver or Solver()
    use_dds = solver.backend != "python" and dds.available()
    # One job per (layout, denomination, joker nomination): (hands by seat, contract, joker_fixed).
    jobs: dict[str, list[tuple[list[list[Card]], Bid, Suit | None]]] = {d: [] for d in denominations}
    groups: dict[str, list[tuple[list[int], bool]]] = {
        d: [] for d in denominations
    }  # a layout's jobs, holder maximises
    for layout in sample_layouts(knowledge, layouts, rng):
        kitty = layout.get(KITTY, [])
        full = hand + kitty
        for d in denominations:
            contract = _contract(d)
            gone = set(discards_for(rules, full, contract, len(kitty)))
            hands = [list(layout.get(s, [])) for s in range(rules.players)]
            hands[seat] = [c for c in full if c not in gone]
            holder = next((s for s, cs in enumerate(hands) if JOKER in cs), None)
            if d == "NT" and holder is not None:
                # The joker named in advance by its holder, who picks the best suit for its side.
                ids = []
                held = hands[holder]
                # Its two longest suits (the others are seldom better: half the solves).
                for suit in sorted(Suit, key=lambda x: -sum(1 for c in held if c.suit == x))[:2]:
                    ids.append(len(jobs[d]))
                    jobs[d].append((hands, contract, suit))
                groups[d].append((ids, rules.side_of(holder) == rules.side_of(seat)))
            else:
                groups[d].append(([len(jobs[d])], True))
                jobs[d].append((hands, contract, None))
    out: dict[str, Counter[int]] = {}
    for d in denominations:
        values: list[int] = [0] * len(jobs[d])
        fast = [i for i, (h, c, j) in enumerate(jobs[d]) if use_dds and dds.hands_mappable(rules, h, c, j)]
        solved = dds.opening_tricks_many(
            rules, [(jobs[d][i][0], jobs[d][i][1], seat, seat, jobs[d][i][2]) for i in fast]
        )
        for i, v in zip(fast, solved):
            values[i] = v
        done = set(fast)
        counts: Counter[int] = Counter()
        spent = solver.nodes
        for ids, mx in groups[d]:
            try:
                for i in ids:
                    if i not in done:
                        h, c, j = jobs[d][i]
                        left = None if node_limit is None else node_limit - (solver.nodes - spent)
                        values[i] = solver.solve(
                            Deal.from_position(rules, dict(enumerate(h)), c, seat, seat, joker_fixed=j),
                            node_limit=left,
                        )
            except SearchLimit:
                break
            counts[(max if mx else min)(values[i] for i in ids)] += 1
            if stop_when is not None and stop_when(d, counts):
                break
        out[d] = counts
    return Simulation(seat, layouts, out)
