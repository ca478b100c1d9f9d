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

Method (pure Python, standard library only): the position becomes bitmasks per effective suit
(cards ranked by power, so the left bower and the joker are simply the top trumps), searched with
null-window alpha-beta probes ("can the declaring side still take *t* tricks?"), fail-soft, from a
heuristic playout's guess.  A transposition table at trick starts keyed on *relevant ranks* (as Bo
Haglund's DDS does for bridge), sure- and quick-trick bounds, equivalent-card grouping, killer cards
and a careful move order (misère has its own, and two bounds of its own) keep the nodes few.  How each
of these was measured, and what was tried and dropped: ``bench/solver-diary.md``;
``bench/bench_solver.py`` and ``bench/bench_backends.py`` print the figures.

Compiled: the search (:mod:`.position`, :mod:`.search`) is fully typed Python, and where a C
compiler is there the README's commands compile those two modules with mypyc
(:mod:`.native`; the build: :mod:`fivehundred_tutor.bookbuild.native`).  The same source,
the same nodes, 2-4x less time; the browser (Pyodide) runs the Python.  ``Solver(native=False)``
runs the Python search whatever is built.

The code: this module is the API and the per-contract tables;
:mod:`.position` the bitmask position, its trick logic and bounds;
:mod:`.search` the search and its relevant-rank table.

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
    return seat in deal.declaring_seats  # with 5 players, the declarer and the called partner


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

    def check(
        self, deal: Deal, action: Action, *, all_best: bool = True, node_limit: int | None = None
    ) -> tuple[int, int, list[Action]]:
        """What a review needs of one played card: its value, the best value, and the actions
        that keep the best value — cheaper than :meth:`analyse`, which gives every action's exact
        value: here an action other than ``action`` is only asked whether it keeps the best.

        ``all_best=False``: when ``action`` itself keeps the best value, the list is just
        ``[action]`` and the other actions are not asked at all (a review names the better cards
        only of a card that cost something; the other cards' probes were half of the work on a
        2-player deal's opening lead).

        ``node_limit``: the search nodes all of it may visit together (the pure-Python search; DDS
        solves ignore it); past them it raises :class:`SearchLimit`."""
        if deal.phase != PLAY or deal.is_nominating or self.uses_dds(deal):
            values = self.analyse(deal, node_limit=node_limit)
            if not all_best and values[action] == _best_of(deal, values)[0]:
                return values[action], values[action], [action]
            return values[action], *_best_of(deal, values)
        assert deal.to_move is not None
        mover_max = maximises(deal, deal.to_move)
        start = self.nodes

        def left() -> int | None:
            if node_limit is None:
                return None
            remaining = node_limit - (self.nodes - start)
            if remaining <= 0:
                raise SearchLimit(f"the check went past its limit of {node_limit:,} nodes")
            return remaining

        search = self._search(deal, left())
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
                    child = self._search(deal, left())
                    bound = {"hi": future} if mover_max else {"lo": future}
                    v = deal.declarer_tricks + child.value(future, **bound)
                    keep = v == best_value
                else:
                    # One null-window probe: does it keep the best?  (``future`` more tricks for
                    # a maximising mover; for a minimising one, no more than ``future``.)
                    child = self._search(deal, left())
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
        key = (deal.rules, deal.contract, deal.declarer, deal.declaring_seats, deal.joker_fixed, deal.active)
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
        if deal.rules.calls_partner:  # the declarer and the called partner
            counts = "tricks taken by " + " and ".join(deal.rules.seat_name(s) for s in deal.declaring_seats)
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
