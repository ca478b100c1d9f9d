"""A player that looks at what it can see: :class:`SamplingBot`.

Card play as GIB played bridge: deal the cards it cannot see many ways consistent with
everything it has seen (its hand, face-up cards, cards played, voids shown, suits bid), solve
each layout double dummy and play the card with the best total over the layouts — a made
contract counts for more than a trick.  Bidding from simulated trick counts (:func:`simulate`):
the bid with the best expected score among those that make often enough, not the cheapest level;
misère and open misère only when the simulation says they make.  Discards and joker
nominations are the heuristic bot's.

Everything it decides is computed by :meth:`SamplingBot.choose_from_view` from ``Deal.view(seat)``
and the public history of tricks; :meth:`SamplingBot.choose` only builds those two from the deal.
So with sampling seeded, two deals that look the same from the seat get the same choice.

Budget: positions that map to bridge are solved by DDS (about 3 ms a layout, ``samples`` = 20
layouts).  The others (the free joker in no trumps, misère, 3 and 6 players; and every position
where DDS is not there, as in the live book under Pyodide) by the solver's own search, by the
:class:`SamplePlan` of the search that runs (:data:`PLANS`): from how many tricks left it samples,
over how many layouts, and how many search nodes one decision may spend on all of them together
(a hard cap, checked inside the search: ``Solver.analyse(node_limit=…)``; a layout cut short is
left out; nodes, not seconds, so the choice is the same on every machine with the same build).
Earlier in the deal, or when the cap leaves fewer than ``least`` layouts solved, the bot plays
the heuristic bot's card.

- "compiled" (the kernel: the mypyc-built search): from the first trick, 10 layouts, 300k nodes
  (at most about 0.8 s at 390k nodes/s; most decisions spend a tenth of it).  A cap checked only
  after each layout let 5 of 7,811 decisions of a duplicate match pass 1 s CPU (max 1.30 s).
- "interpreted" (the live book: plain Python under Pyodide, 1.5-2.5x slower than CPython's
  ~85k nodes/s): from 8 tricks left (the third trick on), 10 layouts, 30k nodes a decision,
  so a learner's move with up to three bots' replies stays within about 3 s in the browser
  (``python -m bench.bench_bot_moves --host interpreted``; ``python -m bench.bench_live``).

With 5 players the called card is public, its holder is not: the partner knows, and everyone once
the card is played (``Deal.partner_known_to``); until then each layout deals the called card to one
of the hands that may hold it (never the declarer's, never the discards), so the layouts weigh every
seat that might be the partner, and in each layout the partner is whoever holds the card there.  The
choice depends on nothing else (tests/engine/test_five_players.py deals whole other deals the seat
cannot tell apart and checks the bot chooses the same).

Bids are simulated only with DDS in the 4-player game (without it 100 layouts take minutes);
otherwise the bot counts its hand as the heuristic bot does, counting less on a partner who
passed (:func:`counted_bid`).  ``budget`` seconds stop the sampling early (then the choice
depends on the machine's speed, so tests leave it unset).
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Mapping, Sequence
from typing import Any

from ..actions import Action, Play
from ..bids import PASS, Bid, parse_call
from ..bots import HeuristicBot, misere_danger
from ..deal import AUCTION, KITTY, PLAY, Deal
from ..rng import Random, derive_seed
from ..rules import Rules
from ..solver import SearchLimit, Solver, dds, maximises
from . import KITTY as PILE
from . import Knowledge, layout_position, public_history, sample_layouts, simulate

__all__ = ["PlayReport", "SamplingBot"]

# Bonus (in tricks) for a layout where the bot's side reaches its goal (contract made or beaten).
GOAL_BONUS = 3.0
# Share of simulated layouts in which misère (open misère) must make before the bot bids it.
MISERE_NEED = 0.75
OPEN_MISERE_NEED = 0.9
# Search nodes the misère simulation of one bid may spend (pure Python: misère does not map to
# bridge); layouts it could not prove in them count as not made, so the bot bids misère only
# when it is shown sound in time (40 hands worth simulating: the same 39 decisions with 20k,
# 35k or 50k nodes as with no limit; the other needed 95k).  About 0.4 s of the 1 s a bid
# may take, beside the tricks simulation's 0.2-0.3 s (``python -m bench.bench_bot_moves
# --misere-hands 30``).
MISERE_NODES = 35_000


@dataclasses.dataclass(frozen=True)
class SamplePlan:
    """How the bot samples card play where its layouts are solved by the solver's own search."""

    tricks: int  # sample when this many tricks are left, or fewer (earlier: rules of thumb)
    layouts: int  # layouts solved at most
    nodes: int | None  # search nodes one decision may spend, all layouts together (None: no cap)
    least: int  # the fewest layouts to decide from: the cap reached with fewer → rules of thumb


#: The plan for each kind of search (see the module's docstring for the figures behind them).
PLANS: dict[str, SamplePlan] = {
    "compiled": SamplePlan(tricks=10, layouts=10, nodes=300_000, least=4),
    "interpreted": SamplePlan(tricks=8, layouts=10, nodes=30_000, least=4),
}
# Tricks a partner who passed adds less than one not heard from yet (partner and kitty together):
# 1,400 hands whose partner had passed, solved double dummy with the kitty, took 3.15 tricks more
# than the bidder's own count, against 3.49 when partner had not called yet (/tmp study, DDS).
PARTNER_PASSED = 0.35


def _side_of(deal: Deal, seat: int) -> int:
    """``seat``'s side in a layout: the rules' sides, except that with 5 players the declarer and the
    layout's called partner are one side and the other three another (as the solver counts them)."""
    if deal.rules.calls_partner:
        return 0 if seat in deal.declaring_seats else 1
    return deal.rules.side_of(seat)


def search_kind(solver: Solver) -> str:
    """ "compiled" (the mypyc-built search) or "interpreted" (plain Python, as in the live book)."""
    return "compiled" if solver.native else "interpreted"


def partner_passed(rules: Rules, seat: int, auction: Sequence[Sequence[Any]]) -> bool:
    """Whether a partner of ``seat`` has called and every call of theirs was a pass."""
    partners = [s for s, _c in auction if s != seat and rules.side_of(s) == rules.side_of(seat)]
    return bool(partners) and all(parse_call(c) is PASS for s, c in auction if s in partners)


class PlayReport:
    """What the samples said about each legal play: total score, layouts where it was among the
    best, layouts where the bot's side reached its goal with it, tricks its side took with it (summed
    over the layouts), layouts where the trick stayed with its side (no opponent still to play could
    beat the card winning it).  ``why`` tells why nothing was solved: "only" (one legal card),
    "early" (too many tricks left for this search), "cut" (the node cap reached before ``least``
    layouts); ``plan`` is the plan the solver's own search followed (None: DDS solved every layout)."""

    def __init__(
        self,
        layouts: int,
        totals: dict[Action, float],
        best: dict[Action, int],
        goal: dict[Action, int],
        *,
        tricks: dict[Action, int] | None = None,
        holds: dict[Action, int] | None = None,
        why: str = "",
        plan: SamplePlan | None = None,
    ):
        self.layouts = layouts
        self.totals = totals
        self.best = best
        self.goal = goal
        self.tricks = tricks if tricks is not None else {a: 0 for a in totals}
        self.holds = holds if holds is not None else {a: 0 for a in totals}
        self.why = why
        self.plan = plan

    def ranked(self) -> list[Action]:
        return sorted(self.totals, key=lambda a: -self.totals[a])


class SamplingBot:
    """Plays by double-dummy sampling; bids by simulation.  See the module's docstring."""

    def __init__(
        self,
        *,
        samples: int = 20,
        bid_layouts: int = 40,
        misere_layouts: int = 8,
        misere_nodes: int | None = MISERE_NODES,
        seed: int = 0,
        budget: float | None = None,
        plans: Mapping[str, SamplePlan] | None = None,
        make_chance: float = 0.6,
        solver: Solver | None = None,
    ) -> None:
        self.samples = samples
        self.bid_layouts = bid_layouts
        self.misere_layouts = misere_layouts
        self.misere_nodes = misere_nodes
        self.seed = seed
        self.budget = budget
        self.plans = dict(PLANS if plans is None else plans)
        self.make_chance = make_chance
        self.solver = solver
        self.fallback = HeuristicBot()
        self.last_report: PlayReport | None = None
        self._bid_cache: dict[tuple[Any, ...], dict[str, Any]] = {}

    def plan(self, solver: Solver | None = None) -> SamplePlan:
        """The sampling plan of the search that solves the layouts DDS does not take."""
        return self.plans[search_kind(solver or self.solver or Solver())]

    # ------------------------------------------------------------ dispatch
    def choose(self, deal: Deal) -> Action:
        """The bot's action for the player to move, from that seat's view only."""
        seat = deal.to_move
        if seat is None:
            raise ValueError("the deal is over: nothing to choose")
        if deal.phase in (KITTY,) or deal.is_nominating or deal.rules.players == 2:
            return self.fallback.choose(deal)  # the declarer's own cards only / the table game
        return self.choose_from_view(deal.rules, deal.view(seat), public_history(deal))

    def choose_from_view(self, rules: Rules, view: Mapping[str, Any], history: Sequence[Mapping[str, Any]]) -> Action:
        knowledge = Knowledge.from_view(rules, view, history)
        if view["phase"] == AUCTION:
            if not self.simulates_bids(rules):
                # Without DDS a simulation takes minutes: the hand counted as the heuristic bot counts it.
                return self.counted_bid(knowledge)
            return self._bid(knowledge)
        if view["phase"] != PLAY:
            raise ValueError(f"the sampling bot plays the auction and the cards, not the {view['phase']}")
        return self._play(knowledge)

    def simulates_bids(self, rules: Rules) -> bool:
        """Whether this bot simulates its bids (in time only where DDS is there and the game maps to bridge);
        otherwise it counts its hand (:meth:`counted_bid`)."""
        backend = "auto" if self.solver is None else self.solver.backend
        return backend != "python" and dds.available() and rules.players == 4

    # ------------------------------------------------------------- card play
    def _rng(self, knowledge: Knowledge) -> Random:
        v = knowledge.view
        return Random(
            derive_seed("sampling-bot", self.seed, knowledge.seat, v["auction"], len(knowledge.unseen), v["trick"])
        )

    def analyse_play(self, knowledge: Knowledge) -> PlayReport:
        """Score every legal play over sampled layouts (the basis of the choice and of hints)."""
        solver = self.solver or Solver()
        plan = self.plan(solver)
        rng = self._rng(knowledge)
        start = time.perf_counter()
        deals = [layout_position(knowledge, layout) for layout in sample_layouts(knowledge, self.samples, rng)]
        legal = deals[0].legal_actions()
        totals = {a: 0.0 for a in legal}
        best = {a: 0 for a in legal}
        goal = {a: 0 for a in legal}
        tricks = {a: 0 for a in legal}
        holds = {a: 0 for a in legal}
        if len(legal) == 1:
            return PlayReport(0, totals, best, goal, why="only")
        by_dds = [solver.uses_dds(d) for d in deals]
        searched = [d for d, dds_layout in zip(deals, by_dds) if not dds_layout]
        # In no trumps the joker may be in play in some layouts (the solver's own search) and in the
        # kitty in others (DDS): the plan of the search decides whether to sample at all.
        if searched and self._tricks_left(searched[0]) > plan.tricks:
            return PlayReport(0, totals, best, goal, why="early", plan=plan)
        done = searched_done = 0
        nodes_at_start = solver.nodes
        for deal, dds_layout in zip(deals, by_dds):
            try:
                # a hard cap: the nodes this decision has left (checked inside the search, not after it)
                spent = solver.nodes - nodes_at_start
                values = solver.analyse(
                    deal, node_limit=None if dds_layout or plan.nodes is None else plan.nodes - spent
                )
            except SearchLimit:
                if searched_done < plan.least:
                    zero = {a: 0 for a in legal}
                    return PlayReport(0, {a: 0.0 for a in legal}, zero, dict(zero), why="cut", plan=plan)
                break  # decide from the layouts solved in full
            assert deal.to_move is not None
            mover_max = maximises(deal, deal.to_move)
            scores = {a: self._score(deal, v, mover_max) for a, v in values.items()}
            top = max(scores.values())
            for a, s in scores.items():
                totals[a] += s
                best[a] += s == top
                goal[a] += s >= GOAL_BONUS if mover_max else s > -GOAL_BONUS
                tricks[a] += self._side_tricks(deal, values[a])
                holds[a] += self._holds(deal, a)
            done += 1
            if not dds_layout:
                searched_done += 1
                if searched_done >= plan.layouts:
                    break
            if self.budget is not None and time.perf_counter() - start > self.budget:
                break
        return PlayReport(done, totals, best, goal, tricks=tricks, holds=holds, plan=plan if searched_done else None)

    @staticmethod
    def _tricks_left(deal: Deal) -> int:
        return (sum(len(deal.hands[s]) for s in deal.active) + len(deal.trick)) // len(deal.active)

    @staticmethod
    def _side_tricks(deal: Deal, value: int) -> int:
        """Tricks the mover's side ends with, from a solver value (the declaring side's tricks; in
        misère, the declarer's own, which is the mover's side's count only for the declarer)."""
        assert deal.to_move is not None and deal.declarer is not None
        if deal.to_move in deal.declaring_seats:  # (5 players: the layout's called partner too)
            return value
        return deal.rules.hand_size - value

    @staticmethod
    def _holds(deal: Deal, action: Action) -> bool:
        """Whether, with ``action`` played in this layout, the trick is (so far) won by the mover's side
        and no opponent still to play holds a card they may play that would beat it."""
        rules = deal.rules
        seat = deal.to_move
        assert seat is not None and isinstance(action, Play)
        side = _side_of(deal, seat)
        deal.push(action)
        try:
            if not deal.trick:  # the trick is complete
                return _side_of(deal, deal.tricks[-1].winner) == side
            leader = deal.trick_leader()
            assert leader is not None
            if _side_of(deal, leader[0]) != side:
                return False
            cards = deal.trick_cards()
            played = {s for s, _c, _src in deal.trick}
            for other in deal.active:
                if other in played or _side_of(deal, other) == side:
                    continue
                legal = rules.legal_plays(
                    deal.hands[other], cards, deal.contract, deal.trick_joker_suit, deal.joker_fixed
                )
                if any(deal.would_win(card) for card in legal):
                    return False
            return True
        finally:
            deal.pop()

    @staticmethod
    def _score(deal: Deal, tricks: int, mover_max: bool) -> float:
        """A layout's value for the mover: tricks, plus a bonus when its side reaches its goal."""
        contract = deal.contract
        assert contract is not None
        if contract.is_misere:
            made = tricks == 0
        else:
            made = tricks >= contract.tricks
        if mover_max:  # the declaring side (in misère, the defenders, who want the declarer to win one)
            return tricks + (GOAL_BONUS if (not made if contract.is_misere else made) else 0.0)
        return -tricks - (GOAL_BONUS if (not made if contract.is_misere else made) else 0.0)

    def _play(self, knowledge: Knowledge) -> Action:
        report = self.analyse_play(knowledge)
        self.last_report = report
        if report.layouts == 0:
            if len(report.totals) == 1:
                return next(iter(report.totals))
            return self.fallback.choose(self._any_layout(knowledge))
        # Ties: the heuristic bot's card if it is among the best, else the first in order.
        ranked = report.ranked()
        top = report.totals[ranked[0]]
        tied = [a for a in ranked if report.totals[a] == top]
        if len(tied) > 1:
            preferred = self.fallback.choose(self._any_layout(knowledge))
            if preferred in tied:
                return preferred
        return ranked[0]

    def _any_layout(self, knowledge: Knowledge) -> Deal:
        """A layout position for the heuristic bot, which reads only the mover's hand and the table."""
        return layout_position(knowledge, sample_layouts(knowledge, 1, self._rng(knowledge))[0])

    # --------------------------------------------------------------- bidding
    def counted_bid(self, knowledge: Knowledge) -> Action:
        """The heuristic bot's call from the bot's own cards, counting :data:`PARTNER_PASSED` tricks
        less from partner and the kitty once a partner has passed (the heuristic bot counts the same
        on every partner)."""
        passed = partner_passed(knowledge.rules, knowledge.seat, knowledge.view["auction"])
        bot = HeuristicBot(boldness=-PARTNER_PASSED) if passed else self.fallback
        return bot.choose(self._auction_deal(knowledge))

    def _auction_deal(self, knowledge: Knowledge) -> Deal:
        """The auction so far over one sampled layout: which calls are legal depends on the calls
        made, not on the hidden cards."""
        layout = sample_layouts(knowledge, 1, self._rng(knowledge))[0]
        rules = knowledge.rules
        hands = [list(knowledge.known.get(s, [])) + list(layout.get(s, [])) for s in range(rules.players)]
        deal = Deal(rules, hands, layout.get(PILE, []), knowledge.view["dealer"])
        for _s, code in knowledge.view["auction"]:
            deal.push(parse_call(code))
        return deal

    def bid_figures(self, knowledge: Knowledge) -> dict[str, Any]:
        """The simulation behind the bids: chance of making each level per denomination, and of
        misère (``None`` when the hand is not worth simulating; exact whenever it reaches
        :data:`MISERE_NEED`, below that a lower bound, as the solving stops once it cannot)."""
        view = knowledge.view
        key = (knowledge.seat, tuple(knowledge.known[knowledge.seat]), tuple(sorted(knowledge.bid_suits.items())))
        found = self._bid_cache.get(key)
        if found is not None:
            return found
        rules = knowledge.rules
        hand = knowledge.known[knowledge.seat]
        seed = derive_seed("sampling-bid", self.seed, knowledge.seat, view["auction"], [c.code for c in hand])
        sim = simulate(
            rules, knowledge.seat, hand, layouts=self.bid_layouts, seed=seed, knowledge=knowledge, solver=self.solver
        )
        chances = {d: {t: sim.chance(d, t) for t in range(6, 11)} for d in sim.tricks}
        misere: float | None = None
        if rules.misere_allowed and rules.players in (3, 4) and misere_danger(rules, hand, rules.kitty_size) <= 1.2:
            # Only "made in at least MISERE_NEED of the layouts?" decides the bid: the solving
            # stops once too many layouts have failed (proving a misère sound is the slow part).
            n = self.misere_layouts
            may_fail = n - math.ceil(MISERE_NEED * n - 1e-9)
            mis = simulate(
                rules,
                knowledge.seat,
                hand,
                layouts=n,
                seed=seed,
                denominations=["MIS"],
                knowledge=knowledge,
                solver=self.solver,
                stop_when=lambda _d, c: sum(k for t, k in c.items() if t > 0) > may_fail,
                node_limit=self.misere_nodes,
            )
            # The share made over all n layouts (those left unsolved count as failed: the figure
            # is exact whenever it reaches MISERE_NEED, a lower bound below it).
            misere = mis.tricks["MIS"][0] / n
        out = {"chances": chances, "misere": misere, "means": {d: sim.mean(d) for d in sim.tricks}}
        if len(self._bid_cache) > 64:
            self._bid_cache.clear()
        self._bid_cache[key] = out
        return out

    def _bid(self, knowledge: Knowledge) -> Action:
        rules = knowledge.rules
        view = knowledge.view
        high_seat: int | None = None
        for s, code in view["auction"]:
            if parse_call(code) is not PASS:
                high_seat = s
        legal = [a for a in self._auction_deal(knowledge).legal_actions() if isinstance(a, Bid)]
        if not legal:
            return PASS
        figures = self.bid_figures(knowledge)
        partner_high = (
            high_seat is not None
            and high_seat != knowledge.seat
            and rules.side_of(high_seat) == rules.side_of(knowledge.seat)
        )
        need = self.make_chance + (0.15 if partner_high else 0.0)
        best: Bid | None = None
        best_ev = 0.0
        for bid in legal:
            value = rules.bid_value(bid)
            if bid.is_misere:
                p = figures["misere"]
                if p is None:
                    continue
                if p < (OPEN_MISERE_NEED if bid.is_open_misere else MISERE_NEED):
                    continue
            else:
                denomination = "NT" if bid.trump is None else bid.trump.letter
                chances = figures["chances"][denomination]
                # Half a trick of caution: real play (hidden cards) falls short of double dummy;
                # a trick and a half in no trumps, whose first tricks are played by rules of thumb
                # while the free joker is out (too slow to solve) and whose figures name it in advance.
                extra = 1 if bid.trump is None else 0
                p = (chances.get(bid.tricks + extra, 0.0) + chances.get(bid.tricks + extra + 1, 0.0)) / 2
                if p < need:
                    continue
            ev = (2 * p - 1) * value
            if ev > best_ev:
                best, best_ev = bid, ev
        return best if best is not None else PASS
