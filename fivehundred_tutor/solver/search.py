"""The double-dummy solver's search: null-window alpha-beta over a :class:`Position`,
with the relevant-rank transposition table.  See :mod:`.solver` for the method.
"""

from __future__ import annotations

import gc
from typing import Any, Final, Protocol, final

from ..actions import TABLE
from ..deal import Deal
from .limits import NO_LIMIT, SearchLimit
from .position import (
    FOLLOW,
    JOKER_SUIT,
    POPCOUNT,
    REPS_NG,
    RUNS_COMPILED,
    Context,
    Position,
    SuitInfo,
    bits_of,
    follow_cands,
    group_moves,
)


class Owner(Protocol):
    """What a search reads from and reports to the solver that made it."""

    #: key the transposition table on relevant ranks (else on exact cards)
    relevant_ranks: bool
    #: search nodes visited, every search of the solver together
    nodes: int


@final
class Entry:
    """What the search knows of one exact trick-start position: its bounds, the cards each
    depends on, the best lead found (a move code), whether the sure/quick-trick bounds are in,
    and its table signature (bucket and per-suit patterns) once worked out."""

    __slots__ = ("bounded", "bucket", "hi", "hint", "lo", "pats", "whi", "wlo")

    def __init__(self, hi: int) -> None:
        self.lo = 0
        self.hi = hi
        self.hint = -1
        self.wlo = 0
        self.whi = 0
        self.bounded = False
        self.bucket: tuple[object, ...] | None = None
        self.pats: list[SuitInfo] | None = None


# What :meth:`Search._bounds` answers when the bounds do not decide a probe (an upper bound may
# be below 0).
UNDECIDED: Final = -(1 << 30)

# The table: bucket → per-suit cut → cut patterns → lower bound | upper bound << 8 (one int: no
# list to allocate, and nothing for the garbage collector to walk).
Table = dict[tuple[object, ...], dict[tuple[int, ...], dict[tuple[int, ...], int]]]


class Search(Position):
    """A position and the null-window search over it, sharing the tables of its contract."""

    def __init__(
        self,
        owner: Owner,
        ctx: Context,
        tt: Table,
        rel: dict[int, SuitInfo],
        abs_tt: dict[Any, Entry],
        deal: Deal,
    ) -> None:
        super().__init__(ctx, deal)
        self.owner = owner
        self.tt = tt
        self.relevant_ranks = owner.relevant_ranks
        self.rel = rel
        # Exact positions → the same entry as their relative-rank key (a cheap first look).
        self.abs_tt = abs_tt
        # Follow-card killers: the card that last cut off, per (player, place in the trick, suit led,
        # winning card, tricks left).
        # (Kept on the context, so every position of the contract shares them.)
        self.killers = ctx.killers
        self.misere_order = ctx.misere and not ctx.two
        self.void_cands = ctx.void_cands
        # Search nodes this search may still visit (see Solver.solve's ``node_limit``).
        self.limit = NO_LIMIT
        # Each trick start's suit patterns by tricks left, while its moves are searched, and the
        # last trick's: the next trick start's signature takes the suits it left alone from it.
        self.trick_pats: list[list[SuitInfo] | None] = [None] * (self.tricks_left + 2)
        self.parent_pats: list[SuitInfo] | None = None
        # An empty list for each trick start's trick, by tricks left (not a new one each time).
        self.spare: list[list[int]] = [[] for _ in range(self.tricks_left + 2)]
        # A new entry for the exact table, ready for the next new position.
        self.spare_entry = Entry(0)
        self.parent_changed = 0
        # 2-player game: each face-down card → the table card covering it.
        self.cover_of = {(us, ub): cover for cover, (us, ub) in self.under.items()}

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
        self.parent_pats = None
        # No cyclic garbage collection meanwhile: the search makes no reference cycles, and the
        # collector's passes over the growing tables cost a tenth of a long solve (2-player
        # checks: 4.2-4.6 s -> 3.8-3.9 s CPU).
        collect = gc.isenabled()
        if collect:
            gc.disable()
        try:
            if self.i == 0:
                result = self._lead(target)
            else:
                result = self._follow(self.i, target, self.wvp, self.wkind, self.wbit)
        finally:
            if collect:
                gc.enable()
            self.owner.nodes += self.nodes
            self.limit -= self.nodes
        return result

    # ------------------------------------------------------------- the search
    def _signature(self, leader: int) -> tuple[tuple[object, ...], list[SuitInfo]]:
        """The table bucket of this trick start, and each suit's :class:`SuitInfo`.

        The bucket is the leader and how many cards of each suit each hand holds (plus the
        known voids under the not-to-a-void-suit rule).  Within a bucket, entries are keyed on
        the owners of each suit's top cards — only as many as the result depended on."""
        ctx = self.ctx
        masks = self.masks
        pats: list[SuitInfo] = []
        if ctx.two:
            pats = self._two_infos()
            return (leader, *[info.lengths for info in pats], *[info.count for info in pats]), pats
        rel = self.rel
        four = ctx.n == 4
        if four:
            m0, m1, m2, m3 = masks
        w = self.w
        bucket: list[object] = [leader]
        # The suits the last trick left alone: their patterns are the last trick start's.
        parent = self.parent_pats
        changed = self.parent_changed if parent is not None else -1
        for k, s in enumerate(ctx.suits):
            if not changed >> s & 1:
                assert parent is not None
                info = parent[k]
            else:
                if four:
                    ab = m0[s] | m1[s] << w | m2[s] << 2 * w | m3[s] << 3 * w
                else:
                    ab = 0
                    for vp in range(ctx.n):
                        ab |= masks[vp][s] << (w * vp)
                found = rel.get(ab)
                if found is None:
                    found = rel[ab] = self._rel_info(s)
                info = found
            pats.append(info)
            bucket.append(info.lkey)
        if ctx.void_rule:
            bucket.extend(self.voids)
        return tuple(bucket), pats

    def _two_infos(self) -> list[SuitInfo]:
        """2-player game: each suit's live cards top down as owner codes — a hand or table
        (0–3), or a face-down card by the table card that covers it (that table, its suit and
        place among its suit's live cards) — with the suit's live count and each hand's length.
        Positions that differ only in absolute ranks share entries; the face-down cards are in
        the key, so nothing is assumed of them.  A key may leave out low cards (relevant ranks)
        down to the lowest face-down card of a suit, never a face-down card itself: then two
        positions with one key hold the same face-down cards under the same covers, and the low
        cards left out are face-up cards of the same hands, as in the 4-player game.

        A suit with no face-down card is coded from the four hands alone (cached in ``rel``)."""
        m0, m1, m2, m3 = self.masks
        live = self.live
        rel = self.rel
        out: list[SuitInfo] = []
        w = self.w
        for s in self.ctx.suits:
            a0, a1, a2, a3 = m0[s], m1[s], m2[s], m3[s]
            ab = a0 | a1 << w | a2 << 2 * w | a3 << 3 * w
            if live[s] == a0 | a1 | a2 | a3:
                info = rel.get(ab)
                if info is None:
                    info = rel[ab] = self._two_info(s, ab)
            else:
                info = self._two_info(s, ab)
            out.append(info)
        return out

    def _two_info(self, s: int, ab: int) -> SuitInfo:
        """One suit's entry of :meth:`_two_infos` (``ab``: the four hands' cards of the suit).

        The hands' part is cached by the suit's cards (``ctx.two_base``: the pattern with 511 in
        each face-down card's place, and those places); only the face-down cards' codes, which
        depend on their covers, are worked out each time (the whole suit was, at 16% of the time
        of a 2-player check)."""
        live_s = self.live[s]
        w = self.w
        key = ab | live_s << 4 * w
        base = self.ctx.two_base.get(key)
        if base is None:
            r = 1
            lengths = 0
            count = 0
            keep = 0
            down: list[tuple[int, int]] = []
            x = live_s
            while x:
                n = x.bit_length() - 1
                b = 1 << n
                x ^= b
                count += 1
                if ab >> n & (1 | 1 << w | 1 << 2 * w | 1 << 3 * w):
                    code = 0 if ab >> n & 1 else 1 if ab >> (n + w) & 1 else 2 if ab >> (n + 2 * w) & 1 else 3
                    lengths += 1 << (5 * code)
                else:
                    code = 511
                    keep = count
                    down.append((count, b))
                r = r << 9 | code
            base = self.ctx.two_base[key] = (
                SuitInfo(r, count, lengths, count - keep),
                [(9 * (count - k), b) for k, b in down],
            )
        info, places = base
        if places:
            r = info.pat
            masks = self.masks
            live = self.live
            cover_of = self.cover_of
            for sh, b in places:
                code = 511
                cover = cover_of.get((s, b))
                if cover is not None:
                    tv, ts, tb = cover
                    if masks[tv][ts] & tb:
                        code = 8 + (tv * 5 + ts) * 16 + POPCOUNT[live[ts] >> tb.bit_length()]
                for vp, us, ub in self.pending:
                    if us == s and ub == b:
                        code = 4 + vp
                if code != 511:
                    r ^= (511 ^ code) << sh
            if r != info.pat:
                return SuitInfo(r, info.count, info.lengths, info.free)
        return info

    def _rel_info(self, s: int) -> SuitInfo:
        """Suit ``s``: the owners of its live cards top down as one int (a relative-rank pattern,
        ``bits`` bits per card under a leading 1), how many are live, and each hand's length."""
        masks = self.masks
        n = self.ctx.n
        shift = self.ctx.bits
        r = 1
        count = 0
        lengths = 0
        for b in bits_of(self.live[s]):
            for vp in range(n):
                if masks[vp][s] & b:
                    r = r << shift | vp
                    lengths += 1 << (5 * vp)
                    count += 1
                    break
        return SuitInfo(r, count, lengths, count)

    def _cut(self, wr: int, pats: list[SuitInfo]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The table key for a result that depended on the cards in ``wr``: per suit, how many
        low cards to drop from the pattern (as a shift), and the patterns so cut."""
        if not self.relevant_ranks:
            return (0,) * len(pats), tuple([p.pat for p in pats])
        shift = self.ctx.bits
        live = self.live
        w = self.w
        mask = (1 << w) - 1
        cut = []
        pre = []
        for info, s in zip(pats, self.ctx.suits):
            count = info.count
            free = info.free
            x = wr >> (w * s) & mask
            k = count - POPCOUNT[live[s] >> ((x & -x).bit_length() - 1)] if x else count
            sh = shift * (k if k < free else free)
            cut.append(sh)
            pre.append(info.pat >> sh)
        return tuple(cut), tuple(pre)

    def _relevant(self, cut: tuple[int, ...], pats: list[SuitInfo]) -> int:
        """The cards of this position that a table entry with ``cut`` depended on (the lowest
        one of each suit stands for it and every live card above it)."""
        shift = self.ctx.bits
        live = self.live
        wr = 0
        for info, s, sh in zip(pats, self.ctx.suits, cut):
            k = info.count - sh // shift
            if k:
                x = live[s]
                for _ in range(k - 1):
                    x ^= 1 << (x.bit_length() - 1)
                wr |= 1 << (x.bit_length() - 1 + self.w * s)
        return wr

    def _lead(self, target: int, akey: tuple[int, ...] | None = None, entry: Entry | None = None) -> int:
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
        if self.nodes > self.limit:
            raise SearchLimit(f"the search went past its limit of {self.nodes - 1:,} nodes")
        ctx = self.ctx
        if left == 1 and not self.pending:
            return self._last_trick()
        vp = self.order[0]
        if akey is None:
            akey = self._abs_key(vp)
            entry = self.abs_tt.get(akey)
            if entry is not None:
                if entry.lo >= target:
                    self.wr = entry.wlo
                    return entry.lo
                if entry.hi < target:
                    self.wr = entry.whi
                    return entry.hi
        if entry is None:
            entry = Entry(left)
            self.abs_tt[akey] = entry
        if ctx.quick and not entry.bounded:
            bounded = self._bounds(entry, vp, target)
            if bounded != UNDECIDED:
                return bounded
        # The table proper: results of positions that differ from this one only in cards
        # the results did not depend on.
        bucket = entry.bucket
        pats = entry.pats
        if bucket is None or pats is None:
            bucket, pats = self._signature(vp)
            if not self.pending:  # (a function of the exact position: kept for its next visit)
                entry.bucket, entry.pats = bucket, pats
        group = self.tt.get(bucket)
        if group is not None:
            npats = len(pats)
            for cutvec, stored in group.items():
                found = stored.get(tuple([pats[k].pat >> cutvec[k] for k in range(npats)]))
                if found is None:
                    continue
                f0 = found & 255
                if f0 > entry.lo:
                    entry.lo = f0
                    w0 = self._relevant(cutvec, pats)
                    entry.wlo = w0
                    if f0 >= target:
                        self.wr = w0
                        return f0
                f1 = found >> 8
                if f1 < entry.hi:
                    entry.hi = f1
                    w1 = self._relevant(cutvec, pats)
                    entry.whi = w1
                    if f1 < target:
                        self.wr = w1
                        return f1
        else:
            group = self.tt[bucket] = {}
        if not entry.bounded:
            bounded = self._bounds(entry, vp, target)
            if bounded != UNDECIDED:
                return bounded
        mx = ctx.is_max[vp]
        m = self.masks[vp]
        live = self.live
        trump = ctx.trump
        # Lead candidates (move codes): one card per group of touching cards; winners first, then
        # low cards.
        winners: list[int] = []
        others: list[int] = []
        middle: list[int] = []
        no_group = ctx.two and ctx.vps[vp][1] == TABLE
        for s in range(5):
            x = m[s]
            if not x:
                continue
            reps = group_moves(x, live[s], no_group, s)
            if reps[0] & 31 == live[s].bit_length() - 1:
                winners.append(reps[0])
                reps = reps[1:]
            if reps:
                others.append(reps[-1])
                middle.extend(reps[:-1])
        unsafe: list[int] = []
        if trump >= 0 and winners:
            # Side winners an opponent could ruff go after the low leads.
            masks = self.masks
            opps = [o for o in range(ctx.n) if ctx.is_max[o] != mx and masks[o][trump]]
            first = [mv for mv in winners if mv >> 5 == trump]
            for mv in winners:
                if mv >> 5 != trump:
                    if any(not masks[o][mv >> 5] for o in opps):
                        unsafe.append(mv)
                    else:
                        first.append(mv)
            # Safe side-suit winners before the top trump (measured: fewer nodes).
            winners = [mv for mv in first if mv >> 5 != trump] + [mv for mv in first if mv >> 5 == trump]
        if trump >= 0 and len(others) > 1:
            # Suit contracts: low leads from long suits first (measured).
            _longest_first(others, m)
        elif ctx.quick and (len(others) > 1 or len(winners) > 1):
            # No trumps: low leads, and winners, from the suits the leader's side holds most of
            # first (measured: 40 joker-NT deals -13% nodes, 20 NT deals with the joker in the
            # kitty -6%; low leads by the leader's own length -5% and -1%).
            masks = self.masks
            side = [0, 0, 0, 0, 0]
            for o in range(ctx.n):
                if ctx.is_max[o] == mx:
                    mo = masks[o]
                    for t in range(4):
                        side[t] += POPCOUNT[mo[t]]
            _most_first(others, side)
            _most_first(winners, side)  # (the joker, counted 0, stays last)
        if len(others) > 1:
            # Low leads towards partner's winners (or partner's ruffs) first.
            masks = self.masks
            partners = [o for o in self.order[1:] if ctx.is_max[o] == mx]
            if partners:
                pref = []
                for mv in others:
                    s = mv >> 5
                    top = 1 << (live[s].bit_length() - 1)
                    for o in partners:
                        po = masks[o]
                        if po[s] & top or (trump >= 0 and not po[s] and po[trump]):
                            pref.append(mv)
                            break
                if pref:
                    others = pref + [mv for mv in others if mv not in pref]
        if trump >= 0 and len(others) > 1:
            # Low leads an opponent could ruff come after the others.
            masks = self.masks
            voids = [o for o in range(ctx.n) if ctx.is_max[o] != mx and masks[o][trump]]
            ruffable = [mv for mv in others if mv >> 5 != trump and any(not masks[o][mv >> 5] for o in voids)]
            if ruffable:
                others = [mv for mv in others if mv not in ruffable] + ruffable
        if ctx.misere and not ctx.two and mx and len(others) > 1:
            # Misère, a defender leads: first the suits where the declarer must go over the
            # leader's low card (their lowest is above it).
            _misere_lead_order(others, self.masks[ctx.counts.index(True)])
        if ctx.misere:
            moves = others + middle + winners + unsafe
        elif winners and winners[-1] >> 5 == JOKER_SUIT:
            # The free joker (the last winner) led after the low leads, before the middle cards
            # (measured: 20 joker-NT deals -6.7% nodes; first of all, +8%).
            moves = winners[:-1] + others + winners[-1:] + middle + unsafe
        else:
            moves = winners + others + middle + unsafe
        hint = entry.hint
        if hint >= 0 and hint in moves:
            moves.remove(hint)
            moves.insert(0, hint)
        best = -1 if mx else left + 1
        wr = 0
        masks_vp = m
        packed = self.packed
        w = self.w
        self.trick_pats[left] = pats
        for mv in moves:
            s = mv >> 5
            b = 1 << (mv & 31)
            masks_vp[s] = masks_vp[s] ^ b
            packed[vp] = packed[vp] ^ b << (w * s)
            self.trick.append(mv)
            under = self.under.get((vp, s, b)) if ctx.two and self.covers[vp] >> (w * s) & b else None
            if under is not None:
                self.pending.append((vp, under[0], under[1]))
            if s == JOKER_SUIT:
                noms = self._nominations(vp)
            else:
                noms = [s]
            cut = False
            kind = 3 if s == JOKER_SUIT else (2 if s == trump else 1)
            for led in noms:
                self.led = led
                r = self._follow(1, target, vp, kind, b)
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
            masks_vp[s] = masks_vp[s] ^ b
            packed[vp] = packed[vp] ^ b << (w * s)
            if cut:
                entry.hint = mv
                break
        cutvec, pre = self._cut(wr, pats)
        same_cut = group.get(cutvec)
        if same_cut is None:
            same_cut = group[cutvec] = {}
        found = same_cut.get(pre)
        flo, fhi = (0, left) if found is None else (found & 255, found >> 8)
        if best >= target:
            entry.lo, entry.wlo = best, wr
            if best > flo:
                flo = best
        else:
            entry.hi, entry.whi = best, wr
            if best < fhi:
                fhi = best
        if found is None or found != flo | fhi << 8:
            same_cut[pre] = flo | fhi << 8
        self.wr = wr
        return best

    def _bounds(self, entry: Entry, vp: int, target: int) -> int:
        """The sure-trick and quick-trick bounds of this trick start (``vp`` to lead), worked out
        once per exact position and kept in ``entry``: the answer if they decide the probe, else
        :data:`UNDECIDED`.

        In no trumps the search asks them before the relevant-rank table (on a first visit, which
        is nearly every visit, they decide half of the trick starts that reach the table, for less
        than its signature and look-up); elsewhere only when the table has not answered (they are
        the sure trumps there: +1% nodes before the table, for no gain)."""
        ctx = self.ctx
        left = self.tricks_left
        entry.bounded = True
        lo, hi, wlo, whi = self._sure_bounds()
        if ctx.misere and not ctx.two and not ctx.counts[vp]:
            # A defender to lead: the declarer sure to take no more, or to take this trick.
            w = self._misere_safe() if hi else 0
            if w:
                hi, whi = 0, w
            elif not lo:
                w = self._misere_forced(vp)
                if w:
                    lo, wlo = 1, w
        if ctx.quick:
            q, wq = self._quick(vp)
            if not q and not ctx.two:
                # The other side sure to win this trick (and, holding the joker, one more).
                w = self._lead_loses(vp)
                if w:
                    other = 2 if left > 1 and self.live[JOKER_SUIT] else 1
                    if ctx.is_max[vp]:
                        if left - other < hi:
                            hi, whi = left - other, w
                    elif other > lo:
                        lo, wlo = other, w
            if q < left:
                q, wq = self._quick_via_partner(vp, q, wq)
            if ctx.is_max[vp]:
                if q > lo:
                    lo, wlo = min(q, left), wq
            elif left - q < hi:
                hi, whi = left - q, wq
            if self.live[JOKER_SUIT] and not ctx.two:
                j, q, wq = self._joker_tricks()
                if j >= 0:
                    if ctx.is_max[j]:
                        if q > lo:
                            lo, wlo = min(q, left), wq
                    elif left - q < hi:
                        hi, whi = left - q, wq
        if lo > entry.lo:
            entry.lo, entry.wlo = lo, wlo
            if lo >= target:
                self.wr = wlo
                return lo
        if hi < entry.hi:
            entry.hi, entry.whi = hi, whi
            if hi < target:
                self.wr = whi
                return hi
        return UNDECIDED

    def _misere_follow_order(self, cands: list[int], fm: int, mx: bool, wbit: int, wkind: int) -> list[int]:
        """Misère: the declarer ducks with its highest card under the winner (or, void, throws its
        highest card, the joker last); a defender plays under the trick's winner, highest first
        (keeping low cards to lead), and the joker last."""
        if fm:
            wk = wbit.bit_length() - 1
            under = sorted(
                (mv for mv in cands if mv >> 5 != JOKER_SUIT and (wkind != 1 or mv & 31 < wk)),
                key=lambda mv: -(mv & 31),
            )
            over = [mv for mv in cands if mv not in under]
            return under + over
        if not mx:
            return sorted(cands, key=lambda mv: (mv >> 5 == JOKER_SUIT, -(mv & 31)))
        return [mv for mv in cands if mv >> 5 != JOKER_SUIT] + [mv for mv in cands if mv >> 5 == JOKER_SUIT]

    def _void_cands(self, m: list[int], no_group: bool, friend_winning: bool, wkind: int, wbit: int) -> list[int]:
        """The ordered candidates of hand ``m``, void in the suit led: with a partner winning, low
        discards (from long suits first in no trumps), then the other cards, then trumps and the
        joker; against a trump, over-ruffs first; else trumps and the joker first."""
        live = self.live
        trump = self.trump
        low_discards: list[int] = []
        rest: list[int] = []
        ruffs: list[int] = []
        for s in range(5):
            x = m[s]
            if not x:
                continue
            reps = group_moves(x, live[s], no_group, s)
            if s in (trump, JOKER_SUIT):
                ruffs.extend(reps[::-1])
            else:
                low_discards.append(reps[-1])
                if len(reps) > 1:
                    rest.extend(reps[:-1])
        if trump < 0 and len(low_discards) > 1:
            # No trumps: discard from long suits first (measured; neutral in suit contracts).
            _longest_first(low_discards, m)
        if friend_winning:
            return low_discards + rest + ruffs
        if wkind == 2 and ruffs:
            # Over-ruffs first; ruffing below the winning trump is a discard that costs a trump.
            wk = wbit.bit_length() - 1
            over = [mv for mv in ruffs if mv >> 5 == JOKER_SUIT or mv & 31 > wk]
            below = [mv for mv in ruffs if not (mv >> 5 == JOKER_SUIT or mv & 31 > wk)]
            return over + low_discards + rest + below
        return ruffs + low_discards + rest

    def _follow(self, i: int, target: int, wvp: int, wkind: int, wbit: int) -> int:
        """Can the counting side take ``target`` more tricks, from the ``i``-th card of a trick?

        ``wvp``, ``wkind`` and ``wbit``: who is winning the trick so far, with what (1: a card of
        the suit led, 2: a trump, 3: the free joker) and its bit.  (Arguments rather than
        attributes: set and restored around every card, they cost a tenth of the time.)"""
        self.nodes += 1
        vp = self.order[i]
        m = self.masks[vp]
        led = self.led
        live = self.live
        is_max = self.is_max
        mx = is_max[vp]
        no_group = self.rep_cache[vp] is REPS_NG
        fm = m[led]
        trump = self.trump
        # Candidate moves, ordered.
        friend_winning = is_max[wvp] == mx
        cands: list[int]
        if fm:
            void = False
            split = 0 if friend_winning or wkind > 1 else wbit
            hit = FOLLOW.get(fm | live[led] << 19 | split << 38 | led << 57 | no_group << 60)  # follow_key
            cands = follow_cands(fm, live[led], split, led, no_group) if hit is None else hit
            if friend_winning and wkind == 1 and i == self.last_i - 1 and len(cands) > 1:
                # Third hand high: the cheapest card that beats everything the last hand holds.
                top4 = self.masks[self.order[i + 1]][led]
                if top4 > wbit:
                    hk = top4.bit_length() - 1
                    for k in range(len(cands)):
                        mv = cands[k]
                        if mv & 31 > hk:
                            if k:
                                cands = [mv, *cands[:k], *cands[k + 1 :]]
                            break
            elif split and i == 1 and self.last_i == 3 and len(cands) > 1:
                # Second hand low when the fourth hand (partner) holds the suit's top card.
                o = self.order
                p4 = self.masks[o[3]][led]
                if p4 and p4 > self.masks[o[2]][led] and p4 > split:
                    cands = sorted(cands)  # (one suit: by rank)
            if self.any_time and m[JOKER_SUIT]:
                cands = [*cands, JOKER_SUIT << 5]
        else:
            void = True
            if RUNS_COMPILED:
                # (Compiled, worked out each time: kept per contract, the key and the look-up
                # cost more than the work; 2-player checks +15% time.)
                cands = self._void_cands(m, no_group, friend_winning, wkind, wbit)
            else:
                # In the interpreter, kept per contract under the hand's cards, the live cards and
                # who is winning (the work is many Python steps; 2-player checks -4%).
                vkey = (self.packed[vp], *live, no_group, 0 if friend_winning else (wbit if wkind == 2 else -1))
                found = self.void_cands.get(vkey)
                if found is None:
                    found = self._void_cands(m, no_group, friend_winning, wkind, wbit)
                    if len(self.void_cands) > 200_000:
                        self.void_cands.clear()
                    self.void_cands[vkey] = found
                cands = found
        if self.misere_order:
            cands = self._misere_follow_order(cands, fm, mx, wbit, wkind)
        last = i == self.last_i
        trick = self.trick
        packed = self.packed
        nxt = i + 1
        w = self.w
        if len(cands) == 1 and not (void and self.void_rule):
            # A forced card (or one group of equivalent cards): no killer to keep.
            mv = cands[0]
            s = mv >> 5
            b = 1 << (mv & 31)
            m[s] = m[s] ^ b
            shifted = b << (w * s)
            packed[vp] = packed[vp] ^ shifted
            trick.append(mv)
            under = self.under.get((vp, s, b)) if self.two and self.covers[vp] & shifted else None
            if under is not None:
                self.pending.append((vp, under[0], under[1]))
            if wkind != 3 and (
                s == JOKER_SUIT or (s == trump and (wkind < 2 or b > wbit)) or (s == led and wkind == 1 and b > wbit)
            ):
                kind = 3 if s == JOKER_SUIT else (2 if s == trump else 1)
                r = self._end_trick(target, vp, kind, b) if last else self._follow(nxt, target, vp, kind, b)
            else:
                r = self._end_trick(target, wvp, wkind, wbit) if last else self._follow(nxt, target, wvp, wkind, wbit)
            if under is not None:
                self.pending.pop()
            trick.pop()
            m[s] = m[s] ^ b
            packed[vp] = packed[vp] ^ shifted
            return r
        kkey = vp | i << 3 | led << 6 | wkind << 9 | self.tricks_left << 11 | wbit << 16
        killer = self.killers.get(kkey)
        if killer is not None and killer != cands[0] and killer in cands:
            cands = [killer, *[mv for mv in cands if mv != killer]]
        best = -1 if mx else self.tricks_left + 1
        wr = 0
        track_voids = void and self.void_rule
        two = self.two
        covers = self.covers[vp]
        for mv in cands:
            s = mv >> 5
            b = 1 << (mv & 31)
            m[s] = m[s] ^ b
            shifted = b << (w * s)
            packed[vp] = packed[vp] ^ shifted
            trick.append(mv)
            if two and covers & shifted:
                under = self.under[(vp, s, b)]
                self.pending.append((vp, under[0], under[1]))
            if track_voids:
                old_voids = self.voids[vp]
                self.voids[vp] = old_voids | (1 << led)
            # Does this card take the lead in the trick?  (The free joker always does.)
            if wkind != 3 and (
                s == JOKER_SUIT or (s == trump and (wkind < 2 or b > wbit)) or (s == led and wkind == 1 and b > wbit)
            ):
                kind = 3 if s == JOKER_SUIT else (2 if s == trump else 1)
                r = self._end_trick(target, vp, kind, b) if last else self._follow(nxt, target, vp, kind, b)
            else:
                r = self._end_trick(target, wvp, wkind, wbit) if last else self._follow(nxt, target, wvp, wkind, wbit)
            if track_voids:
                self.voids[vp] = old_voids
            if two and covers & shifted:
                self.pending.pop()
            trick.pop()
            m[s] = m[s] ^ b
            packed[vp] = packed[vp] ^ shifted
            if (r >= target) == mx:
                if mv != cands[0]:
                    self.killers[kkey] = mv
                return r
            wr |= self.wr
            if (r > best) == mx:
                best = r
        self.wr = wr
        return best

    def _end_trick(self, target: int, winner: int, wkind: int, wbit: int) -> int:
        """The trick is complete, won by ``winner`` (with ``wkind``/``wbit``, as in :meth:`_follow`):
        count it and search on from the next trick's start."""
        ctx = self.ctx
        # Ranks matter in this trick only if the winner beat another card of its suit, and then
        # down to the winner — or rather to the lowest card grouped with it as equivalent
        # (the touching cards below it in the same hand), which beat that card just as well.
        tw = 0
        if wkind < 3:
            ws = ctx.trump if wkind == 2 else self.led
            # (The codes of suit ``ws`` below the winner: ``low <= mv < high``.)
            low = ws << 5
            high = low + wbit.bit_length() - 1
            for mv in self.trick:
                if low <= mv < high:
                    own = self.masks[winner][ws]
                    below = self.live[ws] & (wbit - 1)
                    while below:
                        nb = 1 << (below.bit_length() - 1)
                        if not own & nb:
                            break
                        wbit = nb
                        below ^= nb
                    tw = wbit << (self.w * ws)
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
            # (A new position's entry goes in with the one look-up: most are new.)
            spare = self.spare_entry
            entry = self.abs_tt.setdefault(akey, spare)
            if entry is spare:
                entry.hi = self.tricks_left - 1
                self.spare_entry = Entry(0)
            if entry.lo >= target:
                self.wr = entry.wlo | tw
                return inc + entry.lo
            if entry.hi < target:
                self.wr = entry.whi | tw
                return inc + entry.hi
        live = self.live
        removed = self.trick
        changed = 0
        for mv in removed:
            s = mv >> 5
            live[s] = live[s] ^ 1 << (mv & 31)
            changed |= 1 << s
        saved_trick = self.trick
        self.trick = self.spare[self.tricks_left]
        saved_order = self.order
        led = self.led
        self.order = ctx.next_order[winner]
        pending = self.pending
        if pending:
            for vp, s, b in pending:
                self.masks[vp][s] = self.masks[vp][s] | b
                self.packed[vp] = self.packed[vp] | b << (self.w * s)
            self.pending = []
        if ctx.two:
            self.parent_pats = None
        else:
            self.parent_pats = self.trick_pats[self.tricks_left]
            self.parent_changed = changed
        self.tricks_left -= 1
        r = self._lead(target, akey, entry)
        self.tricks_left += 1
        if pending:
            for vp, s, b in pending:
                self.masks[vp][s] = self.masks[vp][s] ^ b
                self.packed[vp] = self.packed[vp] ^ b << (self.w * s)
            self.pending = pending
        self.order = saved_order
        self.led = led
        self.trick = saved_trick
        for mv in removed:
            s = mv >> 5
            live[s] = live[s] ^ 1 << (mv & 31)
        self.wr |= tw
        return inc + r


def _longest_first(moves: list[int], m: list[int]) -> None:
    """Sort ``moves`` (codes) by the length of their suit in hand ``m``, longest first (stable).
    (An insertion sort: a few moves, and compiled, ``sort(key=…)`` calls its key as a Python
    function for each.)"""
    for a in range(1, len(moves)):
        mv = moves[a]
        n = POPCOUNT[m[mv >> 5]]
        b = a
        while b > 0 and POPCOUNT[m[moves[b - 1] >> 5]] < n:
            moves[b] = moves[b - 1]
            b -= 1
        moves[b] = mv


def _most_first(moves: list[int], count: list[int]) -> None:
    """Sort ``moves`` (codes) by ``count`` of their suit, most first (stable; as :func:`_longest_first`)."""
    for a in range(1, len(moves)):
        mv = moves[a]
        n = count[mv >> 5]
        b = a
        while b > 0 and count[moves[b - 1] >> 5] < n:
            moves[b] = moves[b - 1]
            b -= 1
        moves[b] = mv


def _misere_lead_order(moves: list[int], dm: list[int]) -> None:
    """Misère, a defender's low leads: first the suits where the declarer (cards ``dm``) must go
    over the lead (its lowest card is above it), then by the declarer's length (stable)."""
    moves.sort(
        key=lambda mv: (
            0 if (dm[mv >> 5] and (dm[mv >> 5] & -dm[mv >> 5]) > 1 << (mv & 31)) else 1,
            POPCOUNT[dm[mv >> 5]],
        )
    )
