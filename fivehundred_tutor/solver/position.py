"""The double-dummy solver's position: a deal in the play phase as bitmasks.

Cards are grouped by *effective* suit (the left bower and the joker are the top
trumps; the free joker of no trumps and misère is a suit of its own) and ranked
by power, one bit per card, so that "who holds the top live card" and "which
cards of a hand touch" are a few integer operations.  Besides the trick logic
this module holds what can be known of a position without searching it: the
groups of equivalent cards, the sure-trick and quick-trick bounds (each with
the cards it depends on, for the relevant-rank table in :mod:`.solver_search`)
and the last trick.  See :mod:`.solver` for the method and its measurements.
"""

from __future__ import annotations

from typing import Final, final

from ..actions import HAND, TABLE
from ..bids import Bid
from ..cards import Card
from ..deal import Deal
from ..rules import NO_SUIT

# Bits set in each number below 2**18 (any one suit's cards): compiled, ``int.bit_count()`` is a
# slow generic method call, and indexing bytes is a native operation (in Python about as fast).
_INC: Final = bytes(range(1, 256)) + b"\0"


def _popcounts(bits: int) -> bytes:
    table = b"\0"
    for _ in range(bits):
        table += table.translate(_INC)
    return table


POPCOUNT: Final = _popcounts(18)
# Whether this module runs compiled (mypyc builds it as an extension module): a cache that pays
# in the interpreter can cost more than the work it saves in C.
RUNS_COMPILED: Final = not __file__.endswith((".py", ".pyc"))
JOKER_SUIT: Final = 4  # internal suit of the free joker (no trumps / misère)
SUIT_MASK: Final = (1 << 20) - 1  # one suit's cards at most (the widest suit has 18)


def bits_of(x: int) -> list[int]:
    """Single-bit ints of ``x``, highest first."""
    out = []
    while x:
        b = 1 << (x.bit_length() - 1)
        out.append(b)
        x ^= b
    return out


@final
class SuitInfo:
    """One suit at a trick start: its relative-rank pattern, how many cards are live, each hand's
    length (5 bits a hand; ``lengths``, and ``lkey`` the same int as an object for the table's
    keys: compiled, putting an int in a tuple makes a new int object), and how many low cards a
    key may leave out.  (A class, not a tuple: compiled, a tuple of ints is unpacked into C
    values and packed again each time it is stored.)"""

    __slots__ = ("count", "free", "lengths", "lkey", "pat")

    def __init__(self, pat: int, count: int, lengths: int, free: int) -> None:
        self.pat = pat
        self.count = count
        self.lengths = lengths
        self.lkey: object = lengths
        self.free = free


class Context:
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
        self.joker_any_time = rules.joker_any_time
        self.void_rule = self.joker_free and not rules.joker_nominate_void_suit
        self.misere = contract.is_misere
        self.stop_on_count = self.misere and rules.misere_stops_early
        self.card_of: dict[tuple[int, int], Card] = {}
        self.code_of: dict[Card, tuple[int, int]] = {}
        by_suit: dict[int, list[Card]] = {}
        for card in rules.deck():
            s = table.suit_of[card.index]
            if s == NO_SUIT:
                s = JOKER_SUIT
            by_suit.setdefault(s, []).append(card)
        for s, cards in by_suit.items():
            cards.sort(key=lambda c: table.power[c.index])
            for i, card in enumerate(cards):
                self.code_of[card] = (s, 1 << i)
                self.card_of[(s, 1 << i)] = card
        self.suits = tuple(sorted(by_suit))
        # Sets of cards (a hand, the cards a result depended on) span the five suits ``w`` bits
        # apart, ``w`` the widest suit: small ints (no big-int arithmetic) up to 12 bits a suit.
        self.w: int = max(len(cards) for cards in by_suit.values())
        assert self.w <= 18  # (follow_key's fields, POPCOUNT)
        self.killers: dict[int, int] = {}
        # The ordered candidates of a hand void in the suit led (see Search._follow; the
        # interpreter's only).
        self.void_cands: dict[tuple[int, ...], list[int]] = {}
        # 2-player game: a suit's table pattern without its face-down cards' codes (see
        # Search._two_info), by the suit's cards.
        self.two_base: dict[int, tuple[SuitInfo, list[tuple[int, int]]]] = {}
        # Virtual players: active seats, or (seat, source) pairs in the 2-player game.
        if self.two:
            self.vps: list[tuple[int, str | None]] = [(0, HAND), (0, TABLE), (1, HAND), (1, TABLE)]
        else:
            self.vps = [(s, None) for s in deal.active]
        n = len(self.vps)
        self.n = n
        # the declarer's side (with 5 players: the declarer and the called partner of this deal)
        declaring = deal.declaring_seats
        if self.misere:
            self.counts = [seat == self.declarer for seat, _ in self.vps]
            self.is_max = [seat != self.declarer for seat, _ in self.vps]
        else:
            self.counts = [seat in declaring for seat, _ in self.vps]
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
        self.quick = not self.misere and self.trump < 0
        # Bits per card in a relative-rank pattern (the owner's index).
        # (2-player game: a hand, a table, or a face-down card by its cover — see _two_infos.)
        self.bits = 9 if self.two else (2 if n <= 4 else 3)

    def vp_index(self, seat: int, source: str | None) -> int:
        return self.vps.index((seat, source if self.two else None))


class Position:
    """The mutable bitmask position: hands, live cards, the trick so far, whose turn."""

    def __init__(self, ctx: Context, deal: Deal) -> None:
        # The cards the last answer depended on (suit s in bits w·s…): set by every search
        # call, and by :meth:`_last_trick`.
        self.wr = 0
        self.ctx = ctx
        self.w = ctx.w
        # Fixed facts, copied here for the inner loop.
        self.is_max = ctx.is_max
        self.trump = ctx.trump
        self.two = ctx.two
        self.any_time = ctx.joker_any_time
        self.void_rule = ctx.void_rule
        self.last_i = ctx.n - 1
        # The representative-card cache for each virtual player (face-up table cards are never grouped).
        self.rep_cache = [REPS_NG if ctx.two and ctx.vps[vp][1] == TABLE else REPS for vp in range(ctx.n)]
        n = ctx.n
        self.masks = [[0] * 5 for _ in range(n)]
        self.live = [0] * 5
        self.voids = [0] * n
        self.under: dict[tuple[int, int, int], tuple[int, int]] = {}
        # 2-player game: each table's cards with a face-down card under them, packed as ``packed``
        # (a cheap test before looking ``under`` up).
        self.covers = [0] * n
        # ... and the face-down cards by suit: (table, its card's suit and bit, the card's bit).
        self.under_in: list[list[tuple[int, int, int, int]]] = [[] for _ in range(5)]
        self.pending: list[tuple[int, int, int]] = []
        code_of = ctx.code_of
        total = 0
        if ctx.two:
            assert deal.table is not None
            for seat in (0, 1):
                hv = ctx.vp_index(seat, HAND)
                tv = ctx.vp_index(seat, TABLE)
                for card in deal.hands[seat]:
                    s, b = code_of[card]
                    self.masks[hv][s] = self.masks[hv][s] | b
                    total += 1
                for pile, (_down, _top, up) in zip(deal.table[seat], deal.table_piles(seat)):
                    if not pile:
                        continue
                    for card in pile:
                        s, b = code_of[card]
                        self.live[s] = self.live[s] | b
                        total += 1
                    if up:
                        ts, tb = code_of[pile[-1]]
                        self.masks[tv][ts] = self.masks[tv][ts] | tb
                        if len(pile) == 2:
                            us, ub = code_of[pile[0]]
                            self.under[(tv, ts, tb)] = (us, ub)
                            self.covers[tv] = self.covers[tv] | tb << (ctx.w * ts)
                            self.under_in[us].append((tv, ts, tb, ub))
                    else:
                        us, ub = code_of[pile[-1]]
                        self.pending.append((tv, us, ub))
            order = tuple(ctx.vp_index(seat, src) for seat, src in deal.play_order)
            self.voids = [deal.voids[seat] for seat, _ in ctx.vps]
        else:
            for vp, (seat, _) in enumerate(ctx.vps):
                for card in deal.hands[seat]:
                    s, b = code_of[card]
                    self.masks[vp][s] = self.masks[vp][s] | b
                    total += 1
                self.voids[vp] = deal.voids[seat]
            assert deal.leader is not None
            order = ctx.next_order[ctx.vp_index(deal.leader, None)]
        for vp in range(n):
            for s in range(5):
                self.live[s] = self.live[s] | self.masks[vp][s]
        # Each hand as one int (suit s in bits w·s…), kept in step with ``masks``.
        # (Its last item is not a hand: :meth:`_abs_key` puts the leader there.)
        self.packed = [sum(self.masks[vp][s] << (ctx.w * s) for s in range(5)) for vp in range(n)] + [0]
        self.order = order
        self.i = len(deal.trick)
        total += self.i
        self.tricks_left = total // n
        # The trick so far, as move codes (see :func:`move`).
        self.trick: list[int] = []
        self.led = -1
        self.wvp = -1
        self.wkind = 0
        self.wbit = 0
        for k, (seat, card, src) in enumerate(deal.trick):
            s, b = code_of[card]
            self.live[s] = self.live[s] | b
            self.trick.append(move(s, b))
            vp = ctx.vp_index(seat, src)
            if k == 0:
                self.led = int(deal.trick_joker_suit) if s == JOKER_SUIT else s  # type: ignore[arg-type]
                self.wvp, self.wkind, self.wbit = vp, self._kind(s), b
            elif self._beats(s, b):
                self.wvp, self.wkind, self.wbit = vp, self._kind(s), b

    # ----------------------------------------------------------- trick logic
    def _kind(self, s: int) -> int:
        if s == JOKER_SUIT:
            return 3
        if s == self.ctx.trump:
            return 2
        return 1

    def _beats(self, s: int, b: int) -> bool:
        wk = self.wkind
        if wk == 3:
            return False
        if s == JOKER_SUIT:
            return True
        if s == self.ctx.trump:
            return wk < 2 or b > self.wbit
        return s == self.led and wk == 1 and b > self.wbit

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
            for b in bits_of(self.live[s]):
                if x & b:
                    if not prev_in or no_group or s == JOKER_SUIT:
                        gid += 1
                    prev_in = True
                    if s == JOKER_SUIT:
                        for nom in range(4):
                            out[(vp, s, (b << 3) | nom)] = gid
                            gid += 1
                    else:
                        out[(vp, s, b)] = gid
                else:
                    prev_in = False
        return out

    def _abs_key(self, leader: int) -> tuple[int, ...]:
        # The hands, then the leader.  (Compiled, ``(leader, packed[0], …)`` unboxes each hand and
        # boxes it again, a new int object each; ``tuple()`` of the list only copies its items.)
        packed = self.packed
        packed[-1] = leader
        if self.ctx.void_rule:
            return (*packed, *self.voids)
        return tuple(packed)

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
            wr = low << (self.w * t)
            # Opponents still holding trumps once the leader's top trumps are drawn.
            ruffers = [o for o in range(ctx.n) if is_max[o] != mx and POPCOUNT[masks[o][t]] > top]
            q = top
            for s in range(4):
                if s != t and mine[s]:
                    r, low = _top_run(mine[s], live[s])
                    if r:
                        wr |= low << (self.w * s)
                        # A winner is safe while every opponent who could ruff still follows suit.
                        for o in ruffers:
                            c = POPCOUNT[masks[o][s]]
                            if c < r:
                                r = c
                        q += r
        else:
            stopper = -1
            # 2-player game: a face-down card counts as its table's (it may turn up while the
            # leader cashes).
            held = self._held() if self.two else masks
            if live[JOKER_SUIT]:
                for o in range(ctx.n):
                    if held[o][JOKER_SUIT]:
                        if is_max[o] == mx:
                            if o != vp and self.two:
                                # A table card left alone over it could force the joker out on
                                # the leader's winner, and the lead with it.
                                return 0, 0
                            # The joker wins a trick of its own for the leader's side, whenever
                            # it is played (a partner keeps it while the leader cashes).
                            q = 1
                        elif ctx.joker_any_time:
                            return 0, 0
                        else:
                            stopper = o
            top, wr = self._top_tricks(mine, held, vp, stopper)
            q += top
        return q, wr

    def _joker_tricks(self) -> tuple[int, int, int]:
        """No trumps, the free joker live in a hand (not the 2-player game): its holder, the
        tricks the holder's side is sure of whoever leads, and the cards that depends on.

        The holder ``J`` takes a trick with the joker and one with each of its top cards (cards
        above every other live card of their suit), and a whole suit once every other hand
        holds no more of it than ``J`` has top cards there.  ``J``'s play: on lead, cash the top
        cards, then the joker; following a suit, its highest card (a top card wins); void in
        the suit led, the joker.  So ``J`` never discards while the joker is in hand, and once
        it wins a trick it is on lead; top cards stay top, and following a suit ``J`` holds top
        cards in, each other hand plays one of it too.  Returns (-1, 0, 0) when not used."""
        ctx = self.ctx
        masks = self.masks
        j = -1
        for o in range(ctx.n):
            if masks[o][JOKER_SUIT]:
                j = o
                break
        if j < 0:
            return -1, 0, 0
        q, wr = self._top_tricks(masks[j], masks, j, -1)
        return j, q + 1, wr

    def _top_tricks(self, mine: list[int], held: list[list[int]], vp: int, stopper: int) -> tuple[int, int]:
        """No trumps: the tricks hand ``vp`` (cards ``mine``) cashes with its top cards, and the cards
        that figure depends on.  A whole suit counts once every other hand (``held``) has no more of
        it than ``vp`` has top cards there; with an opposing joker's holder ``stopper`` (or -1), no
        more of a suit than that holder can follow."""
        live = self.live
        masks = self.masks
        q = 0
        wr = 0
        for s in range(4):
            x = mine[s]
            if x:
                # (_top_run, written out: this loop is a tenth of a no-trump solve.)
                lv = live[s]
                top = (lv & ~x).bit_length()
                run = lv >> top
                r = POPCOUNT[run]
                if r:
                    wr |= (run & -run) << (top + self.w * s)
                    mine_len = POPCOUNT[x]
                    if r < mine_len:
                        # Once every other hand is void in the suit, the rest of it wins too.
                        for o in range(self.ctx.n):
                            if o != vp and POPCOUNT[held[o][s]] > r:
                                break
                        else:
                            r = mine_len
                    if stopper >= 0:
                        # The opposing joker wins as soon as its holder is void.
                        c = POPCOUNT[masks[stopper][s]]
                        if c < r:
                            r = c
                    q += r
        return q, wr

    def _lead_loses(self, vp: int) -> int:
        """No trumps, ``vp`` to lead: whether the other side is sure to win this trick — in every
        suit the leader holds, the top live card is the other side's (it follows suit with it),
        and the leader's side holds no joker.  Returns 0 if not, else the cards that depends on
        (the top card of each suit the leader holds)."""
        ctx = self.ctx
        masks = self.masks
        is_max = ctx.is_max
        mx = is_max[vp]
        for o in range(ctx.n):
            if is_max[o] == mx and masks[o][JOKER_SUIT]:
                return 0
        mine = masks[vp]
        live = self.live
        wr = 0
        for s in range(4):
            if mine[s]:
                top = 1 << (live[s].bit_length() - 1)
                for o in range(ctx.n):
                    if masks[o][s] & top:
                        if is_max[o] == mx:
                            return 0
                        break
                wr |= top << (self.w * s)
        return wr

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
                        if (masks[o][t] if t >= 0 else masks[o][JOKER_SUIT]) or (
                            t < 0 and ctx.joker_any_time and masks[o][JOKER_SUIT]
                        ):
                            safe = False
                            break
                    if t < 0 and ctx.joker_any_time:
                        for o in range(ctx.n):
                            if is_max[o] != mx and masks[o][JOKER_SUIT]:
                                safe = False
                if safe:
                    q = qp
                    wr = wp | 1 << (live[s].bit_length() - 1 + self.w * s)
                    break
        return q, wr

    def _misere_safe(self) -> int:
        """Misère, a defender to lead: whether the declarer can be sure of taking no more tricks.

        Returns 0 if not sure, else the cards that depends on (every live card of each suit).
        Sure when, in every suit, the declarer's ``i``-th lowest card is under the defenders'
        ``i``-th lowest (taking both defenders' cards together) for every ``i`` they both reach.
        Proof: the declarer never leads again, so each round of a suit is led by a defender's
        card ``x`` (no lower than their lowest, so above the declarer's lowest) or by the
        joker.  Under ``x`` the declarer plays their highest card below ``x``: the cards they
        keep above ``x`` move down one place, and so do the defenders' cards above ``x`` (``x``
        is gone), so the condition still holds.  Under the joker, and when out of the suit led,
        the declarer gives up their highest card (of that suit, or of any): lower places are
        unchanged, and the defenders' cards going only helps.  (A sufficient condition: a bound
        the search may use.)
        """
        ctx = self.ctx
        masks = self.masks
        decl = ctx.counts.index(True)
        mine = masks[decl]
        if mine[JOKER_SUIT]:
            return 0
        wr = 0
        for s in range(4):
            live = self.live[s]
            if not live:
                continue
            wr |= (live & -live) << (self.w * s)
            x = mine[s]
            pool = live ^ x
            i = 0
            while x and pool:
                d = x & -x
                x ^= d
                i += 1
                # More than i - 1 of the defenders' cards under the declarer's i-th lowest: unsafe.
                if POPCOUNT[pool & (d - 1)] >= i:
                    return 0
                if i >= POPCOUNT[pool]:
                    break
        return wr | (self.live[JOKER_SUIT] << (self.w * JOKER_SUIT))

    def _misere_forced(self, vp: int) -> int:
        """Misère, defender ``vp`` to lead: whether the declarer must win this very trick.

        So when the leader holds a suit in which every card of the declarer is above the
        leader's lowest card and above the other defenders' lowest (the defenders lead and
        play low; a defender out of the suit discards, unless the joker is all they hold).
        Returns 0 if not, else the cards that depends on (every live card of that suit)."""
        ctx = self.ctx
        masks = self.masks
        decl = ctx.counts.index(True)
        mine = masks[decl]
        lead = masks[vp]
        for s in range(4):
            x = mine[s]
            if not x or not lead[s]:
                continue
            low = lead[s] & -lead[s]
            if x & -x < low:
                continue
            ok = True
            for o in range(ctx.n):
                if o in (vp, decl):
                    continue
                theirs = masks[o][s]
                if theirs:
                    if x & -x < theirs & -theirs:
                        ok = False
                        break
                elif not any(masks[o][t] for t in range(4)):
                    ok = False  # only the joker left: they must play it, and it wins
                    break
            if ok:
                live = self.live[s]
                return (live & -live) << (self.w * s)
        return 0

    def _held(self) -> list[list[int]]:
        """2-player game: each virtual player's cards, face-down ones under its table cards
        (or turned up in this trick) included."""
        masks = self.masks
        held = masks
        for (tv, ts, tb), (us, ub) in self.under.items():
            if masks[tv][ts] & tb:
                if held is masks:
                    held = [list(m) for m in masks]
                held[tv][us] = held[tv][us] | ub
        if self.pending:
            if held is masks:
                held = [list(m) for m in masks]
            for vp, us, ub in self.pending:
                held[vp][us] = held[vp][us] | ub
        return held

    def _held_suit(self, s: int) -> list[int]:
        """:meth:`_held` of one suit, each virtual player's cards of it (the sure-trick bound needs
        no more: copying every hand's masks cost 5% of a 2-player check)."""
        masks = self.masks
        out = [m[s] for m in masks]
        for tv, ts, tb, ub in self.under_in[s]:
            if masks[tv][ts] & tb:
                out[tv] = out[tv] | ub
        for vp, us, ub in self.pending:
            if us == s:
                out[vp] = out[vp] | ub
        return out

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
            if self.live[JOKER_SUIT]:  # (live includes a face-down joker)
                for vp in range(ctx.n):
                    if masks[vp][JOKER_SUIT] or (self.two and self._held_suit(JOKER_SUIT)[vp]):
                        return (1, self.tricks_left, 0, 0) if counts[vp] else (0, self.tricks_left - 1, 0, 0)
            return 0, self.tricks_left, 0, 0
        # 2-player game: a face-down card is its table's too (every card is played in the end,
        # and a player plays one card a trick).
        held = self._held_suit(t) if self.two else None
        all_count = all_other = 0
        for vp in range(ctx.n):
            x = masks[vp][t] if held is None else held[vp]
            if counts[vp]:
                all_count |= x
            else:
                all_other |= x
        sure_count = sure_other = 0
        low_count = low_other = 0
        h_other = all_other.bit_length()
        h_count = all_count.bit_length()
        for vp in range(ctx.n):
            x = masks[vp][t] if held is None else held[vp]
            if not x:
                continue
            if counts[vp]:
                y = x >> h_other
                c = POPCOUNT[y]
                if c > sure_count:
                    sure_count = c
                    low_count = (y & -y) << h_other
            else:
                y = x >> h_count
                c = POPCOUNT[y]
                if c > sure_other:
                    sure_other = c
                    low_other = (y & -y) << h_count
        sh = self.w * t
        return sure_count, self.tricks_left - sure_other, low_count << sh, low_other << sh

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
            if s == JOKER_SUIT:
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
        self.wr = best_bit << (self.w * best_suit) if beat else 0
        return 1 if ctx.counts[best_vp] else 0

    def _nominations(self, vp: int) -> list[int]:
        if self.ctx.void_rule:
            allowed = [s for s in range(4) if not self.voids[vp] >> s & 1]
            return allowed or [0, 1, 2, 3]
        return [0, 1, 2, 3]


# Caches keyed on ``x | live << 20``: grouped (``REPS``), every card apart (``REPS_NG``); the
# same as move codes (``MOVES``, keyed as :func:`group_moves` says); and the ordered follow-suit
# candidates (``FOLLOW``, keyed as :func:`follow_key` says).
REPS: Final[dict[int, list[int]]] = {}
REPS_NG: Final[dict[int, list[int]]] = {}
MOVES: Final[dict[int, list[int]]] = {}
FOLLOW: Final[dict[int, list[int]]] = {}


def move(s: int, b: int) -> int:
    """The search's code for the card of suit ``s`` and bit ``b``: ``s << 5 | bit index`` (a small
    int: compiled, lists of them need no boxing, and comparing two is a C comparison)."""
    return s << 5 | (b.bit_length() - 1)


def follow_key(x: int, live: int, split: int, led: int, no_group: bool) -> int:
    """``FOLLOW``'s key for the cards ``x`` of the suit led among its ``live`` cards, tried first
    above ``split``.  (Written out in the search's inner loop.)  ``no_group``: the 2-player game's
    face-up table cards, never grouped, get keys of their own — the caches are shared by every
    deal, and a hand of another deal may hold the same cards (it once read a hand's grouped
    list for a table: a card under a table card could be skipped)."""
    return x | live << 19 | split << 38 | led << 57 | no_group << 60


def group_reps(x: int, live: int, no_group: bool) -> list[int]:
    """One card (the highest) of each run of touching cards of ``x`` among ``live``; highest first."""
    cache = REPS_NG if no_group else REPS
    key = x | live << 20
    found = cache.get(key)
    if found is not None:
        return found
    out = []
    prev_in = False
    for b in bits_of(live):
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


def group_moves(x: int, live: int, no_group: bool, s: int) -> list[int]:
    """:func:`group_reps` of suit ``s`` as move codes, highest first (cached)."""
    key = x | live << 20 | s << 40 | no_group << 43
    found = MOVES.get(key)
    if found is not None:
        return found
    out = [s << 5 | (b.bit_length() - 1) for b in group_reps(x, live, no_group)]
    if len(MOVES) > 200_000:
        MOVES.clear()
    MOVES[key] = out
    return out


def follow_cands(x: int, live: int, split: int, led: int, no_group: bool) -> list[int]:
    """The ordered candidates of a hand holding ``x`` of the suit led: lowest first, and with a
    ``split`` (the card to beat), the cheapest cards over it before the cards under it.  Cached in
    ``FOLLOW``."""
    reps = group_moves(x, live, no_group, led)
    if split:
        k = split.bit_length() - 1
        cands = [mv for mv in reversed(reps) if mv & 31 > k] + [mv for mv in reversed(reps) if mv & 31 < k]
    else:
        cands = reps[::-1]
    if len(FOLLOW) > 200_000:
        FOLLOW.clear()
    FOLLOW[follow_key(x, live, split, led, no_group)] = cands
    return cands


def _top_run(x: int, live: int) -> tuple[int, int]:
    """How many of the top live cards in a row belong to ``x``, and the lowest of them (0 if none)."""
    missing = live & ~x
    n = missing.bit_length()
    run = live >> n
    return POPCOUNT[run], (run & -run) << n
