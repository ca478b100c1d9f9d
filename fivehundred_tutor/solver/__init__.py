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

Backends: where a position is bridge in disguise (4 players, a suit contract or no
trumps with the joker out of play, every effective suit at most 13 cards) and the
optional ``endplay`` package is installed, ``Solver()`` hands it to Bo Haglund's DDS
(:mod:`.dds`: each effective suit relabelled A, K, Q, J … by power; on full suit deals
tens of times faster); everything else, and the live book under Pyodide, uses
the pure-Python search below.  ``Solver(backend="python")`` forces the search (tests
compare the two).

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
cards — a whole suit once every other hand is out of it — limited by the lengths of
opponents who could ruff or of the opposing joker's holder, plus a trick for its side's
joker, or cashed by a partner reached through an entry), worked out once per exact position —
in no trumps only since the relevant ranks (there -21% nodes; in suit contracts it saved 4% of
the nodes and cost 10% more time), and there before the table is asked (see below; elsewhere
when the table has no answer); and above all move ordering.  Nodes over 12
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
Misère orders its own moves: the declarer ducks with its highest card under the trick's
winner (void: throws its highest card, the joker last), a defender plays under the winner,
and leads low cards before winners, first in suits where the declarer must go over the
leader's lowest card.  And two misère bounds when a defender is to lead (``_misere_safe``:
in every suit the declarer's i-th lowest card is under the defenders' i-th lowest, so it
never wins again; ``_misere_forced``: it must take this trick).  Over 80 misère layouts
dealt to hands worth a misère bid: 222k nodes; 624k with the general move order, 1,087k
without the two bounds.
``bench/bench_solver.py`` prints timings and node counts.

The 2-player game: table keys name each face-down card by the table card covering it, and
leave out low face-up cards only down to the lowest face-down card of a suit (so two positions
sharing an entry hold the same face-down cards under the same covers); the sure-trick bound
counts a face-down card as its table's (every card is played in the end), and so does the
quick-trick bound of no trumps (which gives up when a partner's table could be forced to play
the joker).  :meth:`Solver.check`
answers "Check my play": the played card's exact value, and for each other card one null-window
probe (does it keep the best?) instead of its exact value.  Measured (CPU, loaded machine): a
full 2-player deal's solve 3.1 s → 2.2 s median (max 15 → 9 s, 10 bot-bid deals); a whole-deal
check 0.73 → 0.42 s median over 6 deals (max 24 → 18 s); ``bench/bench_backends.py`` prints
both.  Since: a review asks the other cards only of a played card that cost something
(``check(all_best=False)``: when the card keeps the best, its value is all that is needed) —
10 bench deals' checks 903k → 689k nodes (median 54.8k → 40.8k, max 233k → 198k); the other
cards' probes were half of the opening lead's check.  With the per-node work below, CPU per
whole-deal check (load 1–2, paired runs): median 0.87–0.90 → 0.52–0.59 s, max 3.5–3.6 →
2.4–2.9 s, still over the 2 s target on the two worst deals (deal 9: a ten-trick success proof
of 59k nodes at the opening lead, and a costly second lead whose exact value and the other
cards' probes take 92k).

Per node (pure Python; CPython instruction counts under valgrind, which unlike the times on
this shared machine do not vary): the cyclic garbage collector paused while a probe runs (the
search makes no cycles, and the collector's passes over the growing tables cost about a tenth
of a long solve); the trick's winner passed as arguments, forced cards without killers; the
2-player table pattern's hand part cached by the suit's cards, with only the face-down cards'
codes worked out each time (16% of a 2-player check went there); the sure-trick bound of one
suit; the quick-trick bound's top runs written out; a void hand's ordered candidates kept per
contract (since, in the interpreter only: see below).  Together: a 2-player opening check −10% instructions, a
no-trump solve with the joker −8%, suit contracts unchanged, nodes unchanged.  What is left of the collector's cost
(~0.1 s of a 2 s review: the first pass after each probe walks what the probe allocated) would
need ``gc.freeze``, which would also keep other code's garbage: not done.

No trumps with the joker in a hand (measured for issue 15's 0.1 s target, not met): half of
a search's nodes (40–55%) lie after the joker is gone, where the position is bridge — but
they hang under 500–5,700 distinct trick starts per full deal, and a DDS call through endplay
costs ~0.45 ms whatever the size (0.23 ms in batches), the cost of 30–40 pure-Python nodes.
Handing every such trick start to DDS (cached by position): median 0.47 → 1.27 s per full
deal (10 deals), also because an exact DDS value depends on every card, so the relevant-rank
table shares less above it; only those with ≥ 6 tricks left: 0.44 s, within the noise.  The
search with the joker in play is itself 20–50k nodes, ~0.2–0.5 s: the target needs several
times fewer nodes, not a faster back end for the rest.  Tried and dropped besides: the ordered
leads kept per exact position (+0.2% instructions), grouping a 2-player table's touching cards
that cover nothing (−1% nodes), the suit-contract quick-trick bound in the 2-player game (−3%
nodes once a face-down trump makes its table a ruffer; not kept: that path is otherwise unused
and not proven), and probing the most tricks left right after the guess's first success (a
whole-deal check 689k → 646k nodes, but joker no trumps +2%, NT +6%, and the worst check the
same: the 2-player checks' worst deals are success proofs of all ten tricks, and a lead that
costs needs its exact value and every other card's probe).

Issue 15 again (joker NT, the 10 ``bench_backends`` deals and 10 more of its seeds; nodes are the
same compiled and in Python).  Two sound no-trump bounds at trick starts (tests against exhaustive
minimax: ``tests/engine/test_solver_joker_bounds.py``): the joker's holder's side is sure of the
joker and of each of the holder's top cards, whoever leads (``Position._joker_tricks``: the holder
never has to discard while it holds the joker, and once it wins a trick it is on lead), and a
leader whose every suit's top card is the other side's, with no joker on its side, loses the trick
(``_lead_loses``).  20 deals: 869.6k → 817.4k nodes (the bench's 10: median 49.2k → 48.4k, max
158.8k → 134.9k); the second bound alone −1%.  Per node, compiled: sets of cards ``w`` bits a
suit apart, ``w`` the widest suit (11–13 in the 4-player game: small ints; with 20 bits a hand was
a 100-bit int), killers keyed on one int, popcounts from a bytes table (to mypyc,
``int.bit_count()`` is a generic method call), list items updated as ``x[i] = x[i] ^ b`` (mypyc
compiles ``x[i] ^= b`` as ``PyNumber_InPlaceXor`` on boxed ints), the relevant-rank table's bounds
as one int, typed table entries, a trick start's signature taking the suits the last trick left
alone from that trick's start: callgrind over 3 joker-NT deals (114.5k nodes), 2.08G → 1.64G
instructions in the search; the garbage collector's walks over the young table entries are
another 0.15G.  ``bench_backends --deals 10 --only "joker in a hand"``, compiled CPU, paired with
the tree before this work at load 3.6–3.9: median 0.215 and 0.168 s → 0.160 and 0.138 s, max
0.64–0.67 → 0.55 s; Python 0.71/0.56 → 0.57/0.52 s (with the signature step, at load 6–7:
0.212/0.203 → 0.183/0.185 s, max 0.79/0.83 → 0.48/0.49 s).  Suit contracts, misère, 3 and 2 players:
the same nodes, less time.  Still over the 0.1 s median (the bench's median deal is 48k nodes;
≈2 µs a node would be needed).  Tried and dropped: leaving out a led joker's nominations that
are no better than another (opponents out of the suit, partners out of the other): −0.3%
nodes; the holder's partner on lead cashing its top cards before the holder's: −0.7%, and the
random endings did not exercise it enough to tell a wrong version apart; the void hand's
candidate key written out (more instructions, not fewer).  Not tried: DDS's "later tricks" in no
trumps (the other side held to its top suits' lengths): not shown sound here, where a squeeze can
take a defender's top card.

Issue 15's joker-NT target met (``bench_backends --deals 10 --only "joker in a hand"``, whose
kind now always has the joker in a hand: 1 of its 10 deals and 4 of its 20 had left it in the
kitty, bridge deals that DDS solved in milliseconds).  Per node, compiled — mypyc unpacks a tuple
of ints into C values and boxes every int again when it is stored, and an int above 256 put in a
list, tuple or dict is a new object: a suit's table information (``SuitInfo``) and an exact
position's entry (``Entry``) as small final classes, not tuples and lists; moves as small int
codes ``s << 5 | bit index`` (no tuple per card played, killers compared as ints); no closures in
``_follow``/``_lead`` (mypyc gives such a function an environment object at every call); the
exact key as ``tuple()`` of the hands' list, its leader in a slot at the list's end; the table
bucket a tuple of the suits' lengths kept as int objects; ``dict.setdefault`` for a new exact
entry (most positions reached are new); a void hand's candidates worked out each time (kept per
contract, more than half were never asked for again: the key and look-up cost more than the
work; in the interpreter they are still kept: there the work costs more, ``RUNS_COMPILED``).
callgrind, 3 joker-NT deals (105.9k nodes either way): 1.243G → 0.972G instructions in the
search.  Fewer nodes, no trumps: the sure- and quick-trick bounds before the relevant-rank table
(nearly every visit to a trick start is the first to its exact position, and then they decide
half of those that reach the table, for less than its signature and look-up: +1.7% nodes, −6%
instructions; in suit contracts +1% nodes for nothing, so not there); low leads, and winners,
from the suits the leader's side holds most of first (they went in suit order: −13%; by the
leader's own length −5%, shortest first −3%); the free joker led after the low leads (it was the
last winner, before them: −7%; first of all +8%).  The bench's 20 deals (the new set) 840k →
675k nodes, median 32.4k → 27.3k, max 134.9k → 156.0k; 40 deals 1.64M → 1.35M, max 174k → 156k;
3 of them under callgrind with both: 1.243G → 0.683G instructions.  ``bench_backends --deals 10``
at load 1.3–1.7, paired with the tree before this work, compiled CPU: joker NT median 0.115 →
0.042 s, max 0.33 → 0.20 s (Python 0.66 → 0.39 s, max 1.80 → 1.69 s); suit 0.061 → 0.034 s, NT
with the joker in the kitty 0.032 → 0.013 s, 2 players 0.248 → 0.161 s, a whole 2-player check
0.149 → 0.097 s (Python about as before: 0.47 → 0.50 s, within the noise of paired runs;
callgrind, the Python search on 3 suit deals: 3.93G → 3.99G instructions, same nodes).  Suit
contracts, misère, 3 and 2 players: the same nodes as before.  Tried and dropped: the joker
after the discards when void (+18% nodes); nominations ordered by the opponents' length in the
suit (±0.2%); void discards by the partner's or the side's length, or shortest first (+19%,
+13%, +22%); second hand low always in no trumps (+28%); one winner, then the low leads (+8%); in
suit contracts, low leads by the side's length (−1.6%, median and max up); the joker held back
when void while a partner still to play holds the suit's best card (+1.4%); bisecting the range
after the first probe instead of stepping from the guess (+10%; a perfect guess would save 9% of
the nodes); the bounds before the table in two steps, the partner's quick tricks and the joker's
only when the leader's own do not decide (−0.5% instructions); the live cards updated a suit at a
time at a trick's end (−0.8% compiled instructions; with a new entry made at every exact
look-up, +8% Python time); a void hand's candidates kept per contract when compiled (2-player
checks +15% time); ``Entry`` with class defaults and no ``__init__`` (no gain in Python).  Not
tried: mypyc's native ints (``i64``): the compiled search's time is in boxing, lists and dicts,
not in arithmetic.

Compiled: the search (:mod:`.position`, :mod:`.search`) is fully typed Python, and where a C
compiler is there the README's commands compile those two modules with mypyc
(:mod:`.native`; the build: :mod:`fivehundred_tutor.bookbuild.native`).  The same source,
the same nodes, 2-4x less time; the browser (Pyodide) runs the Python.  ``Solver(native=False)``
runs the Python search whatever is built.

The code: this module is the API and the per-contract tables;
:mod:`.solver_position` the bitmask position, its trick logic and bounds;
:mod:`.solver_search` the search and its relevant-rank table.

>>> from fivehundred_tutor.deal import Deal
>>> from fivehundred_tutor.rules import Rules
>>> d = Deal.from_position(Rules(), {0: "JD 8S", 1: "AH 6S", 2: "KH 7S", 3: "JH 5S"}, "7H", 0)
>>> solve(d)  # West's right bower beats North's left bower; North's 8♠ wins the other trick
1
>>> {a.code: v for a, v in analyse(d).items()}
{'JD': 1, '8S': 1}
"""

from __future__ import annotations

from typing import Any

from ..actions import Action, Play
from ..deal import DONE, PLAY, Deal
from ..errors import FiveHundredError
from . import dds, native
from . import position as python_position
from . import search as python_search
from .limits import SearchLimit
from .position import Context, SuitInfo
from .search import Entry, Search, Table

# The search compiled by mypyc when it was built from these very sources (``native``), else the
# Python modules; ``Solver(native=False)`` picks the Python ones whatever is built.
NATIVE = native.load()

__all__ = [
    "DOUBLE_DUMMY_NOTE",
    "SearchLimit",
    "SolveError",
    "Solver",
    "analyse",
    "best_actions",
    "maximises",
    "native_status",
    "solve",
    "solve_report",
]

DOUBLE_DUMMY_NOTE = (
    "2-player dummy layout: the face-down table cards are treated as known (double dummy), "
    "so the figures assume everyone can see them."
)


def native_status() -> str:
    """Which search this process's solvers use by default, and why (one line)."""
    return native.status()


class SolveError(FiveHundredError, ValueError):
    """The position cannot be solved (not in the play phase, or malformed)."""


def maximises(deal: Deal, seat: int) -> bool:
    """Whether ``seat`` wants the declarer's side to take tricks (the declaring side; in misère, the defenders)."""
    assert deal.contract is not None and deal.declarer is not None
    if deal.contract.is_misere:
        return seat != deal.declarer
    return deal.rules.side_of(seat) == deal.rules.side_of(deal.declarer)


class Solver:
    """A reusable solver; keeps transposition tables between positions of the same contract.

    Use one ``Solver`` for every position of one deal (annotating a whole deal
    reuses much of the work).  ``nodes`` counts search nodes (for benchmarks).
    """

    def __init__(self, *, relevant_ranks: bool = True, backend: str = "auto", native: bool | None = None) -> None:
        if backend not in ("auto", "python", "dds"):
            raise ValueError(f"backend must be 'auto', 'python' or 'dds', not {backend!r}")
        if backend == "dds" and not dds.available():
            raise SolveError("the 'dds' backend needs the endplay package (pip install 'fivehundred-tutor[dds]')")
        # "auto": DDS for positions that map to bridge when endplay is importable, else pure Python.
        self.backend = backend
        self._contexts: dict[tuple[Any, ...], tuple[Context, Table, dict[int, SuitInfo], dict[Any, Entry]]] = {}
        self.nodes = 0
        # False: table entries keep every card's owner (exact relative ranks); a reference for tests.
        self.relevant_ranks = relevant_ranks
        # The search's modules: compiled (mypyc) where built and not refused, else Python; the
        # same answers and nodes either way ("python" above means "not DDS", whichever build).
        if native and NATIVE is None:
            raise SolveError(f"the compiled search is not available: {native_status()}")
        core = NATIVE if native is not False and NATIVE is not None else (python_position, python_search)
        self.native = core is NATIVE
        self._context_class: type[Context] = core[0].Context
        self._search_class: type[Search] = core[1].Search

    # ------------------------------------------------------------ public API
    def solve(self, deal: Deal, *, node_limit: int | None = None) -> int:
        """Tricks the declaring side ends with (declarer's own in misère), counting tricks already won.

        ``node_limit``: a pure-Python search that would visit more search nodes than this raises
        :class:`SearchLimit` instead (a cap that, unlike a time limit, gives the same answer on
        every machine; DDS solves ignore it).
        """
        if deal.phase == DONE:
            if deal.declarer is None:
                raise SolveError("the deal was thrown in: there is nothing to solve")
            return deal.declarer_tricks
        if deal.phase != PLAY:
            raise SolveError(f"the solver works from the play phase; this deal is in the {deal.phase}")
        if deal.is_nominating:
            values = self.analyse(deal)
            return values[best_actions(deal, values)[0]]
        if self.uses_dds(deal):
            return deal.declarer_tricks + dds.future_tricks(deal)
        return deal.declarer_tricks + self._future(deal, node_limit)

    def uses_dds(self, deal: Deal) -> bool:
        """Whether this solver hands ``deal`` to DDS (a bridge-like position, endplay importable)."""
        if self.backend == "python":
            return False
        ok = dds.mappable(deal)
        if self.backend == "dds" and not ok:
            raise SolveError("this position does not map to bridge (misère, free joker in play, not 4 players)")
        return ok and dds.available()

    def analyse(self, deal: Deal, *, node_limit: int | None = None) -> dict[Action, int]:
        """Each legal action of the player to move → :meth:`solve` after it.

        ``node_limit``: the search nodes all of it may visit together (the pure-Python search;
        DDS solves ignore it); past them it raises :class:`SearchLimit`.
        """
        if deal.phase != PLAY:
            raise SolveError(f"the solver works from the play phase; this deal is in the {deal.phase}")
        out: dict[Action, int] = {}
        start = self.nodes

        def left() -> int | None:
            if node_limit is None:
                return None
            remaining = node_limit - (self.nodes - start)
            if remaining <= 0:
                raise SearchLimit(f"the analysis went past its limit of {node_limit:,} nodes")
            return remaining

        if deal.is_nominating:
            for action in deal.legal_actions():
                deal.push(action)
                try:
                    out[action] = self.solve(deal, node_limit=left())
                finally:
                    deal.pop()
            return out
        if self.uses_dds(deal):
            return dds.play_values(deal)
        search = self._search(deal, left())
        base = deal.declarer_tricks
        value = base + search.value(self._playout_guess(deal))
        assert deal.to_move is not None
        mover_max = maximises(deal, deal.to_move)
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
                    child = self._search(deal, left())
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

    def check(self, deal: Deal, action: Action, *, all_best: bool = True) -> tuple[int, int, list[Action]]:
        """What a review needs of one played card: its value, the best value, and the actions
        that keep the best value — cheaper than :meth:`analyse`, which gives every action's exact
        value: here an action other than ``action`` is only asked whether it keeps the best.

        ``all_best=False``: when ``action`` itself keeps the best value, the list is just
        ``[action]`` and the other actions are not asked at all (a review names the better cards
        only of a card that cost something; the other cards' probes were half of the work on a
        2-player deal's opening lead)."""
        if deal.phase != PLAY or deal.is_nominating or self.uses_dds(deal):
            values = self.analyse(deal)
            if not all_best and values[action] == _best_of(deal, values)[0]:
                return values[action], values[action], [action]
            return values[action], *_best_of(deal, values)
        assert deal.to_move is not None
        mover_max = maximises(deal, deal.to_move)
        search = self._search(deal)
        best_value = deal.declarer_tricks + search.value(self._playout_guess(deal))
        groups = search.root_groups()
        keeps: dict[int, bool] = {}
        best: list[Action] = []
        played = best_value
        # The played card first: its exact value.
        for a in [action, *(x for x in deal.legal_actions() if x != action)]:
            assert isinstance(a, Play)
            gid = groups.get(self._action_key(search.ctx, deal, a))
            if gid is not None and gid in keeps:
                if keeps[gid]:
                    best.append(a)
                continue
            deal.push(a)
            try:
                future = best_value - deal.declarer_tricks
                if deal.phase == DONE:
                    v = deal.declarer_tricks
                    keep = v == best_value
                elif a == action:
                    child = self._search(deal)
                    bound = {"hi": future} if mover_max else {"lo": future}
                    v = deal.declarer_tricks + child.value(future, **bound)
                    keep = v == best_value
                else:
                    # One null-window probe: does it keep the best?  (``future`` more tricks for
                    # a maximising mover; for a minimising one, no more than ``future``.)
                    child = self._search(deal)
                    if mover_max:
                        keep = future <= 0 or child.probe(future) >= future
                    else:
                        keep = future + 1 > child.tricks_left or child.probe(future + 1) < future + 1
                    v = best_value if keep else -1
            finally:
                deal.pop()
            if a == action:
                played = v
                if keep and not all_best:
                    return played, best_value, [action]
            if gid is not None:
                keeps[gid] = keep
            if keep:
                best.append(a)
        return played, best_value, best

    # -------------------------------------------------------------- helpers
    @staticmethod
    def _action_key(ctx: Context, deal: Deal, action: Play) -> tuple[int, int, int]:
        vp = ctx.vp_index(deal.to_move, action.source)  # type: ignore[arg-type]
        s, b = ctx.code_of[action.card]
        nom = -1 if action.joker_suit is None else int(action.joker_suit)
        return (vp, s, b if nom < 0 else (b << 3) | nom)

    def _context(self, deal: Deal) -> tuple[Context, Table, dict[int, SuitInfo], dict[Any, Entry]]:
        # (Whether the joker is free follows from the contract and joker_fixed.)
        key = (deal.rules, deal.contract, deal.declarer, deal.joker_fixed, deal.active)
        found = self._contexts.get(key)
        if found is None:
            found = self._contexts[key] = (self._context_class(deal), {}, {}, {})
        return found

    def _search(self, deal: Deal, node_limit: int | None = None) -> Search:
        """A search of ``deal`` that may visit ``node_limit`` nodes (None: no limit)."""
        ctx, tt, rel, abs_tt = self._context(deal)
        search = self._search_class(self, ctx, tt, rel, abs_tt, deal)
        if node_limit is not None:
            search.limit = node_limit
        return search

    def _future(self, deal: Deal, node_limit: int | None = None) -> int:
        return self._search(deal, node_limit).value(self._playout_guess(deal))

    @staticmethod
    def _playout_guess(deal: Deal) -> int:
        """First guess for the root search: the deal played out by the heuristic bot (right or
        within a trick most of the time; saves about a tenth of the nodes)."""
        from ..bots import HeuristicBot  # the bots do not need the solver; imported late all the same

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
    mover_max = maximises(deal, deal.to_move)
    best = max(values.values()) if mover_max else min(values.values())
    return [a for a, v in values.items() if v == best]


def _best_of(deal: Deal, values: dict[Action, int]) -> tuple[int, list[Action]]:
    best = best_actions(deal, values)
    return values[best[0]], best


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
