"""Double-dummy solver for Five Hundred: every hand visible, best play by all.

``solve(deal)`` gives the number of tricks the declaring side ends with when
everyone plays perfectly from the current position, counting the tricks
already won.  In misère and open misère it counts the declarer's own tricks,
and the declarer is the one trying to keep it low (with the engine's default
``misere_stops_early`` the figure is 0 or 1 plus tricks already taken).
``analyse(deal)`` gives that figure after each legal action of the player to
move, so a replay can say "this card costs a trick".

What it understands: bowers and the joker in suit contracts; the free joker in
no trumps and misère (its named suit when led — every nomination is a
separate action — the when-void / any-time variants, the not-to-a-void-suit
variant and an advance nomination); misère with 3 active players (the
declarer's partner sits out); the 3-player game; 6 players; and the
2-player dummy layout, where **the face-down table cards are treated as known**
(``DOUBLE_DUMMY_NOTE``; :func:`solve_report` says so in its result).

Several defenders (3 players, misère) are treated as one coalition, as
double-dummy solvers do.

Method (pure Python, standard library only): the position is turned into
bitmasks per effective suit (cards ranked by power, so the left bower and the
joker are simply the top trumps), searched with null-window alpha-beta ("can
the declaring side still take *t* tricks?"), fail-soft (a probe's answer is a
bound, often past *t*), and a search over *t* that starts from a heuristic
playout's result.

What measurably matters, first the transposition table at trick starts.  It stores
lower/upper bounds keyed on *relevant ranks*, as Bo Haglund's DDS does for bridge:
every answer carries the set of cards it depended on — a trick's ranks matter only
if its winner beat another card of its suit, and then down to the winner, or
rather to the lowest card grouped with it as equivalent (cutting at the winner
alone lets a grouped card fall below the card it beat; cutting at the best card
beaten is safe too but shares less: 0.81M nodes) — and is stored under the owners
of just those top cards of each suit plus every hand's suit lengths, so positions
that differ only in low cards share it.  Over 20 random 10-card suit deals: 0.58M
nodes against 1.92M with every card's owner in the key
(``Solver(relevant_ranks=False)``; itself ~3x fewer than absolute keys).  An
exact-position cache in front of it saves recomputing keys.  Then: equivalent-card
grouping (touching cards of one hand are one move); the sure-trick bounds from top
trumps and the free joker; the quick-trick bound for the side on lead (its own top
cards, limited by the lengths of opponents who could ruff, or cashed by a partner
reached through an entry), worked out when the table has no answer — in no trumps
only since the relevant ranks (there -21% nodes; in suit contracts it saved 4% of
the nodes and cost 10% more time); and above all move ordering.  Nodes over 12
random 10-card suit deals, measured before the relevant ranks: 6.8M before the
quick tricks through partner, fail-soft probes and the playout guess (together →
4.7M), then leads: side-suit winners an opponent could ruff after the low leads (→
2.4M), low leads into a ruff after the others (→ 2.05M), every suit's low lead
before the middle cards and long suits first (→ 1.7M), safe side-suit winners
before the top trump (→ 1.5M); over-ruffs before discards and third hand high gave
a few per cent each.  Killer cards when following: the card that last refuted the
heuristic first choice, per (player, place in the trick, suit led, winning card,
tricks left), is tried first next time, kept for the whole contract (20 suit
deals: 2.25M → 1.70M nodes; no trumps -14%; annotating -11% more from sharing
them).  Tried and dropped: the same for leads (by player and tricks left, or a
history score per suit: +7–15% nodes — the static lead order is better), a second
killer slot (no gain), storing every cut-off card as the killer (+29%), and with
relevant ranks, sharing the best lead between like positions (no gain).
``bench/bench_solver.py`` prints timings and node counts.

>>> from fivehundred_tutor.deal import Deal
>>> from fivehundred_tutor.rules import Rules
>>> d = Deal.from_position(Rules(), {0: "JD 8S", 1: "AH 6S", 2: "KH 7S", 3: "JH 5S"}, "7H", 0)
>>> solve(d)  # West's right bower beats North's left bower; North's 8♠ wins the other trick
1
>>> {a.code: v for a, v in analyse(d).items()}
{'JD': 1, '8S': 1}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .actions import HAND, TABLE, Action, Play
from .bids import Bid
from .cards import Card
from .deal import DONE, PLAY, Deal
from .rules import NO_SUIT

__all__ = ["DOUBLE_DUMMY_NOTE", "SolveError", "Solver", "analyse", "best_actions", "solve", "solve_report"]

DOUBLE_DUMMY_NOTE = (
    "2-player dummy layout: the face-down table cards are treated as known (double dummy), "
    "so the figures assume everyone can see them."
)

_JOKER_SUIT = 4  # internal suit of the free joker (no trumps / misère)
_SUIT_MASK = (1 << 20) - 1  # one suit's cards; sets of cards span five suits, 20 bits apart


# Suit → (relative-rank pattern, live cards, each hand's length); the table:
# bucket → per-suit cut → cut patterns → [lower bound, upper bound].
_SuitInfo = tuple[int, int, int]
_Table = dict[tuple[int, ...], dict[tuple[int, ...], dict[tuple[int, ...], list[int]]]]


class SolveError(ValueError):
    """The position cannot be solved (not in the play phase, or malformed)."""


def _bits(x: int) -> list[int]:
    """Single-bit ints of ``x``, highest first."""
    out = []
    while x:
        b = 1 << (x.bit_length() - 1)
        out.append(b)
        x ^= b
    return out


class _Context:
    """Everything fixed for one contract: card ↔ (suit, bit), sides, variants."""

    def __init__(self, deal: Deal) -> None:
        rules = deal.rules
        contract = deal.contract
        assert contract is not None and deal.declarer is not None
        self.rules = rules
        self.contract: Bid = contract
        self.declarer: int = deal.declarer
        self.two = rules.players == 2
        table = rules.table(contract, deal.joker_fixed)
        self.trump = -1 if table.trump == NO_SUIT else table.trump
        self.joker_free = table.joker_free
        self.joker_any_time = rules.joker_no_trumps == "any-time"
        self.void_rule = self.joker_free and not rules.joker_nominate_void_suit
        self.misere = contract.is_misere
        self.stop_on_count = self.misere and rules.misere_stops_early
        self.card_of: dict[tuple[int, int], Card] = {}
        self.code_of: dict[Card, tuple[int, int]] = {}
        by_suit: dict[int, list[Card]] = {}
        for card in rules.deck():
            s = table.suit_of[card.index]
            if s == NO_SUIT:
                s = _JOKER_SUIT
            by_suit.setdefault(s, []).append(card)
        for s, cards in by_suit.items():
            cards.sort(key=lambda c: table.power[c.index])
            for i, card in enumerate(cards):
                self.code_of[card] = (s, 1 << i)
                self.card_of[(s, 1 << i)] = card
        self.suits = tuple(sorted(by_suit))
        self.killers: dict[tuple[int, int, int, int, int, int], tuple[int, int]] = {}
        # Virtual players: active seats, or (seat, source) pairs in the 2-player game.
        if self.two:
            self.vps: list[tuple[int, str | None]] = [(0, HAND), (0, TABLE), (1, HAND), (1, TABLE)]
        else:
            self.vps = [(s, None) for s in deal.active]
        n = len(self.vps)
        self.n = n
        dside = rules.side_of(self.declarer)
        if self.misere:
            self.counts = [seat == self.declarer for seat, _ in self.vps]
            self.is_max = [seat != self.declarer for seat, _ in self.vps]
        else:
            self.counts = [rules.side_of(seat) == dside for seat, _ in self.vps]
            self.is_max = list(self.counts)
        # Play order of a trick, from the vp that won the last one.
        self.next_order: list[tuple[int, ...]] = []
        if self.two:
            for vp in range(4):
                seat, src = self.vps[vp]
                other_src = TABLE if src == HAND else HAND
                o = 1 - seat
                self.next_order.append(
                    (
                        self.vp_index(seat, src),
                        self.vp_index(o, src),
                        self.vp_index(seat, other_src),
                        self.vp_index(o, other_src),
                    )
                )
        else:
            self.next_order = [tuple((v + k) % n for k in range(n)) for v in range(n)]
        # The quick-trick bound pays in no trumps only (measured with the relevant-rank table:
        # suit contracts -10% time without it, no trumps +12%).
        self.quick = not self.two and not self.misere and self.trump < 0
        # Bits per card in a relative-rank pattern (the owner's index).
        self.bits = 2 if n <= 4 else 3

    def vp_index(self, seat: int, source: str | None) -> int:
        return self.vps.index((seat, source if self.two else None))

    def key(self) -> tuple[Any, ...]:
        return (self.rules, self.contract, self.declarer, self.joker_free, self.trump)


class Solver:
    """A reusable solver; keeps transposition tables between positions of the same contract.

    Use one ``Solver`` for every position of one deal (annotating a whole deal
    reuses much of the work).  ``nodes`` counts search nodes (for benchmarks).
    """

    def __init__(self, *, relevant_ranks: bool = True) -> None:
        self._contexts: dict[tuple[Any, ...], tuple[_Context, _Table, dict[int, _SuitInfo], dict[Any, list[int]]]] = {}
        self.nodes = 0
        # False: table entries keep every card's owner (exact relative ranks); a reference for tests.
        self.relevant_ranks = relevant_ranks

    # ------------------------------------------------------------ public API
    def solve(self, deal: Deal) -> int:
        """Tricks the declaring side ends with (declarer's own in misère), counting tricks already won."""
        if deal.phase == DONE:
            if deal.declarer is None:
                raise SolveError("the deal was thrown in: there is nothing to solve")
            return deal.declarer_tricks
        if deal.phase != PLAY:
            raise SolveError(f"the solver works from the play phase; this deal is in the {deal.phase}")
        if deal._nominating:
            values = self.analyse(deal)
            mover_max = self._seat_is_max(deal, deal.to_move)  # type: ignore[arg-type]
            return max(values.values()) if mover_max else min(values.values())
        return deal.declarer_tricks + self._future(deal)

    def analyse(self, deal: Deal) -> dict[Action, int]:
        """Each legal action of the player to move → :meth:`solve` after it."""
        if deal.phase != PLAY:
            raise SolveError(f"the solver works from the play phase; this deal is in the {deal.phase}")
        out: dict[Action, int] = {}
        if deal._nominating:
            for action in deal.legal_actions():
                deal.push(action)
                try:
                    out[action] = self.solve(deal)
                finally:
                    deal.pop()
            return out
        search = self._search(deal)
        base = deal.declarer_tricks
        value = base + search.value()
        assert deal.to_move is not None
        mover_max = self._seat_is_max(deal, deal.to_move)
        groups = search.root_groups()
        legal = deal.legal_actions()
        seen: dict[int, int] = {}
        for action in legal:
            assert isinstance(action, Play)
            gid = groups.get(self._action_key(search.ctx, deal, action))
            if gid is not None and gid in seen:
                out[action] = seen[gid]
                continue
            deal.push(action)
            try:
                guess = value
                if deal.phase == DONE:
                    v = deal.declarer_tricks
                else:
                    # The mover's best is ``value``: no move does better for the mover.
                    child = self._search(deal)
                    future = guess - deal.declarer_tricks
                    if mover_max:
                        v = deal.declarer_tricks + child.value(future, hi=future)
                    else:
                        v = deal.declarer_tricks + child.value(future, lo=future)
            finally:
                deal.pop()
            out[action] = v
            if gid is not None:
                seen[gid] = v
        return out

    # -------------------------------------------------------------- helpers
    @staticmethod
    def _seat_is_max(deal: Deal, seat: int) -> bool:
        assert deal.contract is not None and deal.declarer is not None
        if deal.contract.is_misere:
            return seat != deal.declarer
        return deal.rules.side_of(seat) == deal.rules.side_of(deal.declarer)

    @staticmethod
    def _action_key(ctx: _Context, deal: Deal, action: Play) -> tuple[int, int, int]:
        vp = ctx.vp_index(deal.to_move, action.source)  # type: ignore[arg-type]
        s, b = ctx.code_of[action.card]
        nom = -1 if action.joker_suit is None else int(action.joker_suit)
        return (vp, s, b if nom < 0 else (b << 3) | nom)

    def _context(self, deal: Deal) -> tuple[_Context, _Table, dict[int, _SuitInfo], dict[Any, list[int]]]:
        table = deal.rules.table(deal.contract, deal.joker_fixed)
        key = (deal.rules, deal.contract, deal.declarer, deal.joker_fixed, table.joker_free, deal.active)
        found = self._contexts.get(key)
        if found is None:
            found = self._contexts[key] = (_Context(deal), {}, {}, {})
        return found

    def _search(self, deal: Deal) -> _Search:
        ctx, tt, rel, abs_tt = self._context(deal)
        return _Search(self, ctx, tt, rel, abs_tt, deal)

    def _future(self, deal: Deal) -> int:
        search = self._search(deal)
        return search.value(self._playout_guess(deal))

    @staticmethod
    def _playout_guess(deal: Deal) -> int:
        """First guess for the root search: the deal played out by the heuristic bot (right or
        within a trick most of the time; saves about a tenth of the nodes)."""
        from .bots import HeuristicBot  # the bots do not need the solver; imported late all the same

        bot = HeuristicBot()
        base = deal.declarer_tricks
        pushed = 0
        try:
            while deal.phase == PLAY:
                deal.push(bot.choose(deal))
                pushed += 1
            return deal.declarer_tricks - base
        finally:
            for _ in range(pushed):
                deal.pop()


class _Search:
    """The mutable bitmask position and the null-window search over it."""

    def __init__(
        self,
        owner: Solver,
        ctx: _Context,
        tt: _Table,
        rel: dict[int, _SuitInfo],
        abs_tt: dict[Any, list[int]],
        deal: Deal,
    ):
        self.owner = owner
        self.ctx = ctx
        self.tt = tt
        self.general = owner.relevant_ranks
        # The cards the last answer depended on (suit s in bits 20·s…), set by every search call.
        self.wr = 0
        # Fixed facts, copied here for the inner loop.
        self.is_max = ctx.is_max
        self.trump = ctx.trump
        self.two = ctx.two
        self.any_time = ctx.joker_any_time
        self.void_rule = ctx.void_rule
        self.last_i = ctx.n - 1
        # The representative-card cache for each virtual player (face-up table cards are never grouped).
        self.rep_cache = [_REPS_NG if ctx.two and ctx.vps[vp][1] == TABLE else _REPS for vp in range(ctx.n)]
        self.rel = rel
        # Exact positions → the same entry as their relative-rank key (a cheap first look).
        self.abs_tt = abs_tt
        n = ctx.n
        self.masks = [[0] * 5 for _ in range(n)]
        self.live = [0] * 5
        self.voids = [0] * n
        self.under: dict[tuple[int, int, int], tuple[int, int]] = {}
        self.pending: list[tuple[int, int, int]] = []
        # Follow-card killers: the card that last cut off, per (player, place in the trick, suit led,
        # winning card, tricks left).
        # (Kept on the context, so every position of the contract shares them.)
        self.killers = ctx.killers
        code_of = ctx.code_of
        total = 0
        if ctx.two:
            assert deal.table is not None
            for seat in (0, 1):
                hv = ctx.vp_index(seat, HAND)
                tv = ctx.vp_index(seat, TABLE)
                for card in deal.hands[seat]:
                    s, b = code_of[card]
                    self.masks[hv][s] |= b
                    total += 1
                for pile, (_down, _top, up) in zip(deal.table[seat], deal.table_piles(seat)):
                    if not pile:
                        continue
                    for card in pile:
                        s, b = code_of[card]
                        self.live[s] |= b
                        total += 1
                    if up:
                        ts, tb = code_of[pile[-1]]
                        self.masks[tv][ts] |= tb
                        if len(pile) == 2:
                            us, ub = code_of[pile[0]]
                            self.under[(tv, ts, tb)] = (us, ub)
                    else:
                        us, ub = code_of[pile[-1]]
                        self.pending.append((tv, us, ub))
            order = tuple(ctx.vp_index(seat, src) for seat, src in deal._order)
            self.voids = [deal.voids[seat] for seat, _ in ctx.vps]
        else:
            for vp, (seat, _) in enumerate(ctx.vps):
                for card in deal.hands[seat]:
                    s, b = code_of[card]
                    self.masks[vp][s] |= b
                    total += 1
                self.voids[vp] = deal.voids[seat]
            assert deal.leader is not None
            order = ctx.next_order[ctx.vp_index(deal.leader, None)]
        for vp in range(n):
            for s in range(5):
                self.live[s] |= self.masks[vp][s]
        # Each hand as one int (suit s in bits 20·s…), kept in step with ``masks``.
        self.packed = [sum(self.masks[vp][s] << (20 * s) for s in range(5)) for vp in range(n)]
        self.order = order
        self.i = len(deal.trick)
        total += self.i
        self.tricks_left = total // n
        # The trick so far.
        self.trick: list[tuple[int, int]] = []
        self.led = -1
        self.wvp = -1
        self.wkind = 0
        self.wbit = 0
        for k, (seat, card, src) in enumerate(deal.trick):
            s, b = code_of[card]
            self.live[s] |= b
            self.trick.append((s, b))
            vp = ctx.vp_index(seat, src)
            if k == 0:
                self.led = int(deal.trick_joker_suit) if s == _JOKER_SUIT else s  # type: ignore[arg-type]
                self.wvp, self.wkind, self.wbit = vp, self._kind(s), b
            elif self._beats(s, b):
                self.wvp, self.wkind, self.wbit = vp, self._kind(s), b

    # ----------------------------------------------------------- trick logic
    def _kind(self, s: int) -> int:
        if s == _JOKER_SUIT:
            return 3
        if s == self.ctx.trump:
            return 2
        return 1

    def _beats(self, s: int, b: int) -> bool:
        wk = self.wkind
        if wk == 3:
            return False
        if s == _JOKER_SUIT:
            return True
        if s == self.ctx.trump:
            return wk < 2 or b > self.wbit
        return s == self.led and wk == 1 and b > self.wbit

    # ----------------------------------------------------------- root values
    def value(self, guess: int | None = None, lo: int = 0, hi: int | None = None) -> int:
        """Future tricks for the counting side, by binary search on null-window probes.

        ``lo``/``hi`` are bounds already known (e.g. a child of a maximising move cannot
        be worth more than its parent); ``guess`` is probed first.
        """
        lo = max(lo, 0)
        hi = self.tricks_left if hi is None else min(hi, self.tricks_left)
        if self.ctx.stop_on_count:
            hi = min(hi, 1)
        if lo >= hi:
            return hi
        # Each probe's fail-soft answer moves a bound, often past the target probed.
        # With a guess, step from it (MTD(f)-like: the next probe sits at the new bound);
        # without one, halve the range.
        step = guess is not None
        mid = (lo + hi + 1) // 2 if guess is None else min(max(guess, lo + 1), hi)
        while lo < hi:
            v = self.probe(mid)
            if v >= mid:
                lo = min(v, hi)
                mid = lo + 1
            else:
                hi = max(v, lo)
                mid = hi
            if not step:
                mid = (lo + hi + 1) // 2
        return lo

    def probe(self, target: int) -> int:
        """Can the counting side take at least ``target`` more tricks?

        Fail-soft: the answer is yes when the figure returned is at least ``target``; it is
        then a lower bound of the true value, otherwise an upper bound.
        """
        self.nodes = 0
        result = self._lead(target) if self.i == 0 else self._follow(self.i, target)
        self.owner.nodes += self.nodes
        return result

    def root_groups(self) -> dict[tuple[int, int, int], int]:
        """Map each move of the player to move to an equivalence-group id."""
        out: dict[tuple[int, int, int], int] = {}
        vp = self.order[self.i]
        m = self.masks[vp]
        no_group = self.ctx.two and self.ctx.vps[vp][1] == TABLE
        gid = 0
        for s in range(5):
            x = m[s]
            if not x:
                continue
            prev_in = False
            for b in _bits(self.live[s]):
                if x & b:
                    if not prev_in or no_group or s == _JOKER_SUIT:
                        gid += 1
                    prev_in = True
                    if s == _JOKER_SUIT:
                        for nom in range(4):
                            out[(vp, s, (b << 3) | nom)] = gid
                            gid += 1
                    else:
                        out[(vp, s, b)] = gid
                else:
                    prev_in = False
        return out

    # ------------------------------------------------------------- the search
    def _abs_key(self, leader: int) -> tuple[int, ...]:
        if self.ctx.void_rule:
            return (leader, *self.packed, *self.voids)
        return (leader, *self.packed)

    def _signature(self, leader: int) -> tuple[tuple[int, ...], list[_SuitInfo]]:
        """The table bucket of this trick start, and each suit's (pattern, live cards, lengths).

        The bucket is the leader and how many cards of each suit each hand holds (plus the
        known voids under the not-to-a-void-suit rule).  Within a bucket, entries are keyed on
        the owners of each suit's top cards — only as many as the result depended on."""
        ctx = self.ctx
        masks = self.masks
        bucket = [leader]
        pats: list[_SuitInfo] = []
        if ctx.two:
            # Face-down cards under table cards are not in the masks: exact keys only.
            for s in ctx.suits:
                bucket.append(masks[0][s] | masks[1][s] << 20 | masks[2][s] << 40 | masks[3][s] << 60)
        else:
            rel = self.rel
            four = ctx.n == 4
            if four:
                m0, m1, m2, m3 = masks
            for s in ctx.suits:
                if four:
                    ab = m0[s] | m1[s] << 20 | m2[s] << 40 | m3[s] << 60
                else:
                    ab = 0
                    for vp in range(ctx.n):
                        ab |= masks[vp][s] << (20 * vp)
                info = rel.get(ab)
                if info is None:
                    info = rel[ab] = self._rel_info(s)
                bucket.append(info[2])
                pats.append(info)
        if ctx.void_rule:
            bucket.extend(self.voids)
        return tuple(bucket), pats

    def _rel_info(self, s: int) -> _SuitInfo:
        """Suit ``s``: the owners of its live cards top down as one int (a relative-rank pattern,
        ``bits`` bits per card under a leading 1), how many are live, and each hand's length."""
        masks = self.masks
        n = self.ctx.n
        shift = self.ctx.bits
        r = 1
        count = 0
        lengths = 0
        for b in _bits(self.live[s]):
            for vp in range(n):
                if masks[vp][s] & b:
                    r = r << shift | vp
                    lengths += 1 << (5 * vp)
                    count += 1
                    break
        return r, count, lengths

    def _cut(self, wr: int, pats: list[_SuitInfo]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The table key for a result that depended on the cards in ``wr``: per suit, how many
        low cards to drop from the pattern (as a shift), and the patterns so cut."""
        if not self.general:
            return (0,) * len(pats), tuple([p[0] for p in pats])
        shift = self.ctx.bits
        live = self.live
        cut = []
        pre = []
        for (r, count, _), s in zip(pats, self.ctx.suits):
            x = wr >> (20 * s) & _SUIT_MASK
            if x:
                sh = shift * (count - (live[s] >> ((x & -x).bit_length() - 1)).bit_count())
            else:
                sh = shift * count
            cut.append(sh)
            pre.append(r >> sh)
        return tuple(cut), tuple(pre)

    def _relevant(self, cut: tuple[int, ...], pats: list[_SuitInfo]) -> int:
        """The cards of this position that a table entry with ``cut`` depended on (the lowest
        one of each suit stands for it and every live card above it)."""
        shift = self.ctx.bits
        live = self.live
        wr = 0
        for (_, count, _), s, sh in zip(pats, self.ctx.suits, cut):
            k = count - sh // shift
            if k:
                x = live[s]
                for _ in range(k - 1):
                    x ^= 1 << (x.bit_length() - 1)
                wr |= 1 << (x.bit_length() - 1 + 20 * s)
        return wr

    def _quick(self, vp: int) -> tuple[int, int]:
        """Tricks the leader can cash at once, whatever the others do (suit/NT contracts only),
        and the cards that figure depends on (the top runs it counts)."""
        ctx = self.ctx
        masks = self.masks
        mine = masks[vp]
        is_max = ctx.is_max
        mx = is_max[vp]
        live = self.live
        q = 0
        wr = 0
        t = ctx.trump
        if t >= 0:
            top, low = _top_run(mine[t], live[t])
            wr = low << (20 * t)
            # Opponents still holding trumps once the leader's top trumps are drawn.
            ruffers = [o for o in range(ctx.n) if is_max[o] != mx and masks[o][t].bit_count() > top]
            q = top
            for s in range(4):
                if s != t and mine[s]:
                    r, low = _top_run(mine[s], live[s])
                    if r:
                        wr |= low << (20 * s)
                        # A winner is safe while every opponent who could ruff still follows suit.
                        for o in ruffers:
                            c = masks[o][s].bit_count()
                            if c < r:
                                r = c
                        q += r
        else:
            stopper = -1
            if mine[_JOKER_SUIT]:
                q = 1
            else:
                for o in range(ctx.n):
                    if is_max[o] != mx and masks[o][_JOKER_SUIT]:
                        if ctx.joker_any_time:
                            return 0, 0
                        stopper = o
            for s in range(4):
                if mine[s]:
                    r, low = _top_run(mine[s], live[s])
                    if r:
                        wr |= low << (20 * s)
                        if stopper >= 0:
                            # The opposing joker wins as soon as its holder is void.
                            c = masks[stopper][s].bit_count()
                            if c < r:
                                r = c
                        q += r
        return q, wr

    def _quick_via_partner(self, vp: int, q: int, wr: int) -> tuple[int, int]:
        """Tricks the leader's side can cash by leading to a partner's winner, then the partner's
        quick tricks (the winner that gave the entry is one of them); ``(q, wr)`` if none does
        better.  Also the cards the figure depends on."""
        ctx = self.ctx
        masks = self.masks
        is_max = ctx.is_max
        mx = is_max[vp]
        mine = masks[vp]
        live = self.live
        t = ctx.trump
        for p in range(ctx.n):
            if p == vp or is_max[p] != mx:
                continue
            theirs = masks[p]
            # Suits where the leader can reach the partner's top card (checked before the
            # partner's quick tricks, which cost more).
            entries = [s for s in range(4) if mine[s] and theirs[s] & (1 << (live[s].bit_length() - 1))]
            if not entries:
                continue
            qp, wp = self._quick(p)
            if qp <= q:
                continue
            for s in entries:
                # The entry trick must not be ruffed (or taken by the free joker).
                safe = True
                if s != t:
                    for o in range(ctx.n):
                        if is_max[o] == mx or masks[o][s]:
                            continue
                        if (masks[o][t] if t >= 0 else masks[o][_JOKER_SUIT]) or (
                            t < 0 and ctx.joker_any_time and masks[o][_JOKER_SUIT]
                        ):
                            safe = False
                            break
                    if t < 0 and ctx.joker_any_time:
                        for o in range(ctx.n):
                            if is_max[o] != mx and masks[o][_JOKER_SUIT]:
                                safe = False
                if safe:
                    q = qp
                    wr = wp | 1 << (live[s].bit_length() - 1 + 20 * s)
                    break
        return q, wr

    def _sure_bounds(self) -> tuple[int, int, int, int]:
        """Bounds from sure winners: a hand's trumps above every opposing trump each win a trick,
        and so does the free joker in no trumps and misère.

        Returns (tricks the counting side is sure of, most it can take), and the cards each
        bound depends on.
        """
        ctx = self.ctx
        masks = self.masks
        counts = ctx.counts
        t = ctx.trump
        if t < 0:
            for vp in range(ctx.n):
                if masks[vp][_JOKER_SUIT]:
                    return (1, self.tricks_left, 0, 0) if counts[vp] else (0, self.tricks_left - 1, 0, 0)
            return 0, self.tricks_left, 0, 0
        all_count = all_other = 0
        for vp in range(ctx.n):
            if counts[vp]:
                all_count |= masks[vp][t]
            else:
                all_other |= masks[vp][t]
        sure_count = sure_other = 0
        low_count = low_other = 0
        h_other = all_other.bit_length()
        h_count = all_count.bit_length()
        for vp in range(ctx.n):
            x = masks[vp][t]
            if not x:
                continue
            if counts[vp]:
                y = x >> h_other
                c = y.bit_count()
                if c > sure_count:
                    sure_count = c
                    low_count = (y & -y) << h_other
            else:
                y = x >> h_count
                c = y.bit_count()
                if c > sure_other:
                    sure_other = c
                    low_other = (y & -y) << h_count
        sh = 20 * t
        return sure_count, self.tricks_left - sure_other, low_count << sh, low_other << sh

    def _lead(self, target: int, akey: tuple[int, ...] | None = None, entry: list[int] | None = None) -> int:
        """Can the counting side take ``target`` more tricks, from a trick start?

        ``akey``/``entry``: the exact-position key and what the table held for it, when the
        caller has looked already.  Leaves in ``self.wr`` the cards the answer depended on."""
        if target <= 0:
            self.wr = 0
            return 0
        left = self.tricks_left
        if target > left:
            self.wr = 0
            return left
        self.nodes += 1
        ctx = self.ctx
        if left == 1 and not self.pending:
            return self._last_trick()
        vp = self.order[0]
        if akey is None:
            akey = self._abs_key(vp)
            entry = self.abs_tt.get(akey)
            if entry is not None:
                if entry[0] >= target:
                    self.wr = entry[4]
                    return entry[0]
                if entry[1] < target:
                    self.wr = entry[5]
                    return entry[1]
        if entry is None:
            # [lower bound, upper bound, best lead's suit and card, the cards each bound
            # depends on, whether the sure/quick-trick bounds are in]
            entry = [0, left, 0, 0, 0, 0, 0]
            self.abs_tt[akey] = entry
        # The table proper: results of positions that differ from this one only in cards
        # the results did not depend on.
        bucket, pats = self._signature(vp)
        group = self.tt.get(bucket)
        if group is not None:
            for cutvec, stored in group.items():
                found = stored.get(tuple([p[0] >> sh for p, sh in zip(pats, cutvec)]))
                if found is None:
                    continue
                if found[0] > entry[0]:
                    entry[0] = found[0]
                    entry[4] = self._relevant(cutvec, pats)
                    if found[0] >= target:
                        self.wr = entry[4]
                        return found[0]
                if found[1] < entry[1]:
                    entry[1] = found[1]
                    entry[5] = self._relevant(cutvec, pats)
                    if found[1] < target:
                        self.wr = entry[5]
                        return found[1]
        else:
            group = self.tt[bucket] = {}
        if not entry[6]:
            # The sure-trick and quick-trick bounds (worked out once per exact position,
            # and only if the table has not answered).
            entry[6] = 1
            lo, hi, wlo, whi = (0, left, 0, 0) if ctx.two else self._sure_bounds()
            if ctx.quick:
                q, wq = self._quick(vp)
                if q < left:
                    q, wq = self._quick_via_partner(vp, q, wq)
                if ctx.is_max[vp]:
                    if q > lo:
                        lo, wlo = min(q, left), wq
                elif left - q < hi:
                    hi, whi = left - q, wq
            if lo > entry[0]:
                entry[0], entry[4] = lo, wlo
                if lo >= target:
                    self.wr = wlo
                    return lo
            if hi < entry[1]:
                entry[1], entry[5] = hi, whi
                if hi < target:
                    self.wr = whi
                    return hi
        mx = ctx.is_max[vp]
        m = self.masks[vp]
        live = self.live
        trump = ctx.trump
        # Lead candidates: one card per group of touching cards; winners first, then low cards.
        winners: list[tuple[int, int]] = []
        others: list[tuple[int, int]] = []
        middle: list[tuple[int, int]] = []
        for s in range(5):
            x = m[s]
            if not x:
                continue
            reps = _reps(x, live[s], ctx.two and ctx.vps[vp][1] == TABLE)
            if reps[0] == 1 << (live[s].bit_length() - 1):
                winners.append((s, reps[0]))
                reps = reps[1:]
            if reps:
                others.append((s, reps[-1]))
                middle.extend((s, b) for b in reps[:-1])
        unsafe: list[tuple[int, int]] = []
        if trump >= 0 and winners:
            # Side winners an opponent could ruff go after the low leads.
            masks = self.masks
            opps = [o for o in range(ctx.n) if ctx.is_max[o] != mx and masks[o][trump]]
            first = [sb for sb in winners if sb[0] == trump]
            for sb in winners:
                if sb[0] != trump:
                    if any(not masks[o][sb[0]] for o in opps):
                        unsafe.append(sb)
                    else:
                        first.append(sb)
            # Safe side-suit winners before the top trump (measured: fewer nodes).
            winners = [sb for sb in first if sb[0] != trump] + [sb for sb in first if sb[0] == trump]
        if trump >= 0 and len(others) > 1:
            # Suit contracts: low leads from long suits first (measured; not so in no trumps).
            others.sort(key=lambda sb: -m[sb[0]].bit_count())
        if not ctx.two and len(others) > 1:
            # Low leads towards partner's winners (or partner's ruffs) first.
            masks = self.masks
            partners = [o for o in self.order[1:] if ctx.is_max[o] == mx]
            if partners:
                pref = []
                for s, b in others:
                    top = 1 << (live[s].bit_length() - 1)
                    for o in partners:
                        po = masks[o]
                        if po[s] & top or (trump >= 0 and not po[s] and po[trump]):
                            pref.append((s, b))
                            break
                if pref:
                    others = pref + [sb for sb in others if sb not in pref]
        if trump >= 0 and len(others) > 1:
            # Low leads an opponent could ruff come after the others.
            masks = self.masks
            voids = [o for o in range(ctx.n) if ctx.is_max[o] != mx and masks[o][trump]]
            ruffable = [sb for sb in others if sb[0] != trump and any(not masks[o][sb[0]] for o in voids)]
            if ruffable:
                others = [sb for sb in others if sb not in ruffable] + ruffable
        moves = winners + others + middle + unsafe
        hint = (entry[2], entry[3])
        if hint[1] and hint in moves:
            moves.remove(hint)
            moves.insert(0, hint)
        best = -1 if mx else left + 1
        wr = 0
        masks_vp = m
        packed = self.packed
        for s, b in moves:
            masks_vp[s] ^= b
            packed[vp] ^= b << (20 * s)
            self.trick.append((s, b))
            under = self.under.get((vp, s, b)) if ctx.two else None
            if under is not None:
                self.pending.append((vp, under[0], under[1]))
            if s == _JOKER_SUIT:
                noms: Iterable[int] = self._nominations(vp)
            else:
                noms = (s,)
            cut = False
            for led in noms:
                self.led = led
                self.wvp, self.wkind, self.wbit = vp, (3 if s == _JOKER_SUIT else (2 if s == trump else 1)), b
                r = self._follow(1, target)
                if (r >= target) == mx:
                    best = r
                    wr = self.wr
                    cut = True
                    break
                wr |= self.wr
                if (r > best) == mx:
                    best = r
            if under is not None:
                self.pending.pop()
            self.trick.pop()
            masks_vp[s] ^= b
            packed[vp] ^= b << (20 * s)
            if cut:
                entry[2], entry[3] = s, b
                break
        cutvec, pre = self._cut(wr, pats)
        same_cut = group.get(cutvec)
        if same_cut is None:
            same_cut = group[cutvec] = {}
        found = same_cut.get(pre)
        if found is None:
            found = same_cut[pre] = [0, left]
        if best >= target:
            entry[0], entry[4] = best, wr
            if best > found[0]:
                found[0] = best
        else:
            entry[1], entry[5] = best, wr
            if best < found[1]:
                found[1] = best
        self.wr = wr
        return best

    def _last_trick(self) -> int:
        """Everyone has one card left: the counting side's tricks from the last trick (0 or 1)."""
        ctx = self.ctx
        masks = self.masks
        trump = ctx.trump
        best_vp, best_kind, best_bit, best_suit, led = -1, -1, 0, -1, -1
        played: list[tuple[int, int]] = []
        for vp in self.order:
            m = masks[vp]
            s = next(x for x in range(5) if m[x])
            b = m[s]
            if s == _JOKER_SUIT:
                kind = 3
            elif s == trump:
                kind = 2
            elif led < 0 or s == led:
                kind = 1
            else:
                kind = 0
            if led < 0:
                led = s
            played.append((s, b))
            if kind > best_kind or (kind == best_kind and kind > 0 and b > best_bit):
                best_vp, best_kind, best_bit, best_suit = vp, kind, b, s
        # The winner's rank matters only if it beat another card of its suit (see _end_trick).
        beat = any(s == best_suit and b < best_bit for s, b in played)
        self.wr = best_bit << (20 * best_suit) if beat else 0
        return 1 if ctx.counts[best_vp] else 0

    def _nominations(self, vp: int) -> list[int]:
        if self.ctx.void_rule:
            allowed = [s for s in range(4) if not self.voids[vp] >> s & 1]
            return allowed or [0, 1, 2, 3]
        return [0, 1, 2, 3]

    def _follow(self, i: int, target: int) -> int:
        self.nodes += 1
        vp = self.order[i]
        m = self.masks[vp]
        led = self.led
        live = self.live
        is_max = self.is_max
        mx = is_max[vp]
        cache = self.rep_cache[vp]
        fm = m[led]
        trump = self.trump
        # Candidate moves, ordered.
        wvp, wkind, wbit = self.wvp, self.wkind, self.wbit
        friend_winning = is_max[wvp] == mx
        cands: list[tuple[int, int]]
        if fm:
            void = False
            split = 0 if friend_winning or wkind > 1 else wbit
            key = fm | live[led] << 20 | split << 40 | led << 60
            cands = _FOLLOW.get(key)  # type: ignore[assignment]
            if cands is None:
                reps = _reps(fm, live[led], cache is _REPS_NG)
                if split:
                    cands = [(led, b) for b in reversed(reps) if b > split] + [
                        (led, b) for b in reversed(reps) if b < split
                    ]
                else:
                    cands = [(led, b) for b in reversed(reps)]
                if cache is _REPS:
                    if len(_FOLLOW) > 200_000:
                        _FOLLOW.clear()
                    _FOLLOW[key] = cands
            if friend_winning and wkind == 1 and i == self.last_i - 1 and len(cands) > 1:
                # Third hand high: the cheapest card that beats everything the last hand holds.
                top4 = self.masks[self.order[i + 1]][led]
                if top4 > wbit:
                    h = 1 << (top4.bit_length() - 1)
                    for k, sb in enumerate(cands):
                        if sb[1] > h:
                            if k:
                                cands = [sb, *cands[:k], *cands[k + 1 :]]
                            break
            elif split and i == 1 and self.last_i == 3 and len(cands) > 1:
                # Second hand low when the fourth hand (partner) holds the suit's top card.
                o = self.order
                p4 = self.masks[o[3]][led]
                if p4 and p4 > self.masks[o[2]][led] and p4 > split:
                    cands = sorted(cands, key=lambda sb: sb[1])
            if self.any_time and m[_JOKER_SUIT]:
                cands = [*cands, (_JOKER_SUIT, 1)]
        else:
            void = True
            low_discards: list[tuple[int, int]] = []
            rest: list[tuple[int, int]] = []
            ruffs: list[tuple[int, int]] = []
            for s in range(5):
                x = m[s]
                if not x:
                    continue
                lv = live[s]
                reps = cache.get(x | lv << 20)
                if reps is None:
                    reps = _reps(x, lv, cache is _REPS_NG)
                if s in (trump, _JOKER_SUIT):
                    ruffs.extend([(s, b) for b in reversed(reps)])
                else:
                    low_discards.append((s, reps[-1]))
                    if len(reps) > 1:
                        rest.extend([(s, b) for b in reps[:-1]])
            if trump < 0 and len(low_discards) > 1:
                # No trumps: discard from long suits first (measured; neutral in suit contracts).
                low_discards.sort(key=lambda sb: -m[sb[0]].bit_count())
            if friend_winning:
                cands = low_discards + rest + ruffs
            elif wkind == 2 and ruffs:
                # Over-ruffs first; ruffing below the winning trump is a discard that costs a trump.
                over = [sb for sb in ruffs if sb[0] == _JOKER_SUIT or sb[1] > wbit]
                below = [sb for sb in ruffs if not (sb[0] == _JOKER_SUIT or sb[1] > wbit)]
                cands = over + low_discards + rest + below
            else:
                cands = ruffs + low_discards + rest
        kkey = (vp, i, led, wkind, wbit, self.tricks_left)
        killer = self.killers.get(kkey)
        if killer is not None and killer != cands[0] and killer in cands:
            cands = [killer, *[sb for sb in cands if sb != killer]]
        last = i == self.last_i
        best = -1 if mx else self.tricks_left + 1
        wr = 0
        trick = self.trick
        track_voids = void and self.void_rule
        two = self.two
        packed = self.packed
        nxt = i + 1
        for s, b in cands:
            m[s] ^= b
            shifted = b << (20 * s)
            packed[vp] ^= shifted
            trick.append((s, b))
            if two:
                under = self.under.get((vp, s, b))
                if under is not None:
                    self.pending.append((vp, under[0], under[1]))
            if track_voids:
                old_voids = self.voids[vp]
                self.voids[vp] = old_voids | (1 << led)
            # Does this card take the lead in the trick?  (The free joker always does.)
            if wkind != 3 and (
                s == _JOKER_SUIT or (s == trump and (wkind < 2 or b > wbit)) or (s == led and wkind == 1 and b > wbit)
            ):
                self.wvp, self.wkind, self.wbit = vp, (3 if s == _JOKER_SUIT else (2 if s == trump else 1)), b
                r = self._end_trick(target) if last else self._follow(nxt, target)
                self.wvp, self.wkind, self.wbit = wvp, wkind, wbit
            else:
                r = self._end_trick(target) if last else self._follow(nxt, target)
            if track_voids:
                self.voids[vp] = old_voids
            if two and under is not None:
                self.pending.pop()
            trick.pop()
            m[s] ^= b
            packed[vp] ^= shifted
            if (r >= target) == mx:
                if (s, b) != cands[0]:
                    self.killers[kkey] = (s, b)
                return r
            wr |= self.wr
            if (r > best) == mx:
                best = r
        self.wr = wr
        return best

    def _end_trick(self, target: int) -> int:
        ctx = self.ctx
        winner = self.wvp
        # Ranks matter in this trick only if the winner beat another card of its suit, and then
        # down to the winner — or rather to the lowest card grouped with it as equivalent
        # (the touching cards below it in the same hand), which beat that card just as well.
        wkind = self.wkind
        tw = 0
        if wkind < 3:
            ws = ctx.trump if wkind == 2 else self.led
            wbit = self.wbit
            for s, b in self.trick:
                if s == ws and b < wbit:
                    own = self.masks[winner][ws]
                    below = self.live[ws] & (wbit - 1)
                    while below:
                        nb = 1 << (below.bit_length() - 1)
                        if not own & nb:
                            break
                        wbit = nb
                        below ^= nb
                    tw = wbit << (20 * ws)
                    break
        inc = 0
        if ctx.counts[winner]:
            if ctx.stop_on_count:
                self.wr = tw
                return 1
            inc = 1
            target -= 1
        if target <= 0:
            self.wr = tw
            return inc
        if target >= self.tricks_left:
            self.wr = tw
            return inc + self.tricks_left - 1
        akey = None
        entry = None
        if not self.pending and self.tricks_left > 2:  # the last trick is never stored
            akey = self._abs_key(winner)
            entry = self.abs_tt.get(akey)
            if entry is not None:
                if entry[0] >= target:
                    self.wr = entry[4] | tw
                    return inc + entry[0]
                if entry[1] < target:
                    self.wr = entry[5] | tw
                    return inc + entry[1]
        live = self.live
        removed = self.trick
        for s, b in removed:
            live[s] ^= b
        saved_trick = self.trick
        self.trick = []
        saved_order = self.order
        saved = (self.led, self.wvp, self.wkind, self.wbit)
        self.order = ctx.next_order[winner]
        pending = self.pending
        if pending:
            for vp, s, b in pending:
                self.masks[vp][s] |= b
                self.packed[vp] |= b << (20 * s)
            self.pending = []
        self.tricks_left -= 1
        r = self._lead(target, akey, entry)
        self.tricks_left += 1
        if pending:
            for vp, s, b in pending:
                self.masks[vp][s] ^= b
                self.packed[vp] ^= b << (20 * s)
            self.pending = pending
        self.order = saved_order
        self.led, self.wvp, self.wkind, self.wbit = saved
        self.trick = saved_trick
        for s, b in removed:
            live[s] ^= b
        self.wr |= tw
        return inc + r


# Caches keyed on ``x | live << 20``: grouped (``_REPS``), every card apart (``_REPS_NG``);
# and the ordered follow-suit candidates (``_FOLLOW``).
_REPS: dict[int, list[int]] = {}
_REPS_NG: dict[int, list[int]] = {}
_FOLLOW: dict[int, list[tuple[int, int]]] = {}


def _reps(x: int, live: int, no_group: bool) -> list[int]:
    """One card (the highest) of each run of touching cards of ``x`` among ``live``; highest first."""
    cache = _REPS_NG if no_group else _REPS
    key = x | live << 20
    found = cache.get(key)
    if found is not None:
        return found
    out = []
    prev_in = False
    for b in _bits(live):
        if x & b:
            if not prev_in or no_group:
                out.append(b)
            prev_in = True
        else:
            prev_in = False
    if len(cache) > 200_000:
        cache.clear()
    cache[key] = out
    return out


def _top_run(x: int, live: int) -> tuple[int, int]:
    """How many of the top live cards in a row belong to ``x``, and the lowest of them (0 if none)."""
    missing = live & ~x
    n = missing.bit_length()
    run = live >> n
    return run.bit_count(), (run & -run) << n


# ---------------------------------------------------------------- module API
def solve(deal: Deal, solver: Solver | None = None) -> int:
    """Tricks the declaring side takes with best play by all, counting tricks already won.

    In misère (and open misère) the declarer's own tricks, the declarer minimising.
    In the 2-player game the face-down table cards are treated as known.
    """
    return (solver or Solver()).solve(deal)


def analyse(deal: Deal, solver: Solver | None = None) -> dict[Action, int]:
    """Each legal action of the player to move → :func:`solve` after playing it."""
    return (solver or Solver()).analyse(deal)


def best_actions(deal: Deal, values: dict[Action, int] | None = None) -> list[Action]:
    """The legal actions that keep the best figure for the player to move."""
    values = values if values is not None else analyse(deal)
    if not values:
        return []
    assert deal.to_move is not None
    mover_max = Solver._seat_is_max(deal, deal.to_move)
    best = max(values.values()) if mover_max else min(values.values())
    return [a for a, v in values.items() if v == best]


def solve_report(deal: Deal, solver: Solver | None = None) -> dict[str, Any]:
    """Plain-data summary: value, per-action values (by code), best codes, who counts, notes."""
    solver = solver or Solver()
    value = solver.solve(deal)
    values = solver.analyse(deal) if deal.phase == PLAY else {}
    assert deal.contract is not None and deal.declarer is not None
    notes = []
    if deal.rules.players == 2:
        notes.append(DOUBLE_DUMMY_NOTE)
    if deal.contract.is_misere:
        counts = f"tricks taken by the declarer ({deal.rules.seat_name(deal.declarer)}), who tries to take none"
    else:
        counts = f"tricks taken by {deal.rules.side_name(deal.rules.side_of(deal.declarer))}"
    return {
        "value": value,
        "counts": counts,
        "contract": deal.contract.code,
        "to_move": None if deal.to_move is None else deal.rules.seat_name(deal.to_move),
        "actions": {a.code: v for a, v in values.items()},
        "best": [a.code for a in best_actions(deal, values)] if values else [],
        "face_down_known": deal.rules.players == 2,
        "notes": notes,
    }
