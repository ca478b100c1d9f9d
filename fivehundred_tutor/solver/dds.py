"""Bo Haglund's double-dummy solver (DDS, through the PyPI package ``endplay``) for the
positions of Five Hundred that are bridge in disguise.

A position maps to bridge when four players are in the play (not misère, not the
2-, 3- or 6-player game), the contract is a suit or no trumps, in no trumps the
free joker is in no hand and not in the trick, and no effective suit has more
than 13 cards.  Then each *effective* suit, ranked by power under the contract
(trumps: joker, right bower, left bower, A, K, Q, 10 … 4), becomes a bridge suit
whose cards are A, K, Q, J, T, 9 … in that order, and the trick logic is the
same card for card: follow the effective suit led, the highest trump or else the
highest card of the suit led wins.  A red trump suit of the 43-card pack has
exactly 13 cards.

``endplay`` is optional: :func:`available` says whether it can be imported (it
has no wheel for Pyodide, so the live book always uses the pure-Python search).
The standard library is all the rest of the package needs.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from functools import cache
from typing import TYPE_CHECKING, Any

from ..actions import Action, Play
from ..bids import Bid
from ..cards import Card, Suit
from ..deal import PLAY, Deal
from ..rules import NO_SUIT, Rules

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "available",
    "future_tricks",
    "future_tricks_many",
    "hands_mappable",
    "mappable",
    "opening_tricks_many",
    "play_values",
    "set_threads",
]


@cache
def _lib() -> Any:
    """endplay's ctypes layer over DDS (``endplay._dds``), or None.

    Loaded by itself: importing the whole ``endplay`` package takes seconds (its dealer,
    parsers …), its ``_dds`` module only the shared library and the standard library.
    """
    loaded = sys.modules.get("endplay._dds")
    if loaded is not None:
        return loaded
    try:
        spec = importlib.util.find_spec("endplay")
        if spec is None or not spec.submodule_search_locations:
            return None
        path = os.path.join(next(iter(spec.submodule_search_locations)), "_dds", "__init__.py")
        sub = importlib.util.spec_from_file_location("fivehundred_tutor_endplay_dds", path)
        if sub is None or sub.loader is None:
            return None
        module = importlib.util.module_from_spec(sub)
        sub.loader.exec_module(module)
    except Exception:  # not installed, or a broken binary wheel: the pure-Python solver serves
        return None
    return module


def available() -> bool:
    """Whether DDS (the ``endplay`` package) can be used here."""
    return _lib() is not None


def set_threads(threads: int) -> None:
    """How many threads DDS may use (0: its own choice, every core); a no-op without DDS."""
    lib = _lib()
    if lib is not None:
        lib.SetMaxThreads(threads)


@cache
def _labels(rules: Rules, contract: Bid, joker_fixed: Any) -> dict[Card, tuple[int, int]] | None:
    """Card → (bridge suit 0–3, rank index into ``RANK_CHARS``), or None if a suit has over 13 cards."""
    table = rules.table(contract, joker_fixed)
    by_suit: dict[int, list[Card]] = {}
    for card in rules.deck():
        by_suit.setdefault(table.suit_of[card.index], []).append(card)
    out: dict[Card, tuple[int, int]] = {}
    for s, cards in by_suit.items():
        if s == NO_SUIT:
            continue  # the free joker: positions holding it are not mapped
        if len(cards) > 13:
            return None
        cards.sort(key=lambda c: -table.power[c.index])
        for i, card in enumerate(cards):
            out[card] = (s, i)
    return out


def mappable(deal: Deal) -> bool:
    """Whether ``deal`` (in the play phase) is a bridge position after relabelling."""
    contract = deal.contract
    if deal.phase != PLAY or contract is None or contract.is_misere or deal.rules.players != 4:
        return False
    if len(deal.active) != 4 or deal.table is not None or deal.is_nominating:
        return False
    labels = _labels(deal.rules, contract, deal.joker_fixed)
    if labels is None:
        return False
    if len(labels) < len(deal.rules.deck()):  # a free joker exists: it must be out of play
        in_play = [c for h in deal.hands for c in h] + [c for _, c, _ in deal.trick]
        if any(c not in labels for c in in_play):
            return False
    return True


def hands_mappable(
    rules: Rules, hands: Sequence[Sequence[Card]], contract: Bid, joker_fixed: Suit | None = None
) -> bool:
    """:func:`mappable` for an opening position given as four hands (no ``Deal`` needed)."""
    if contract.is_misere or rules.players != 4 or len(hands) != 4:
        return False
    labels = _labels(rules, contract, joker_fixed)
    return labels is not None and all(c in labels for h in hands for c in h)


def opening_tricks_many(
    rules: Rules, layouts: Sequence[tuple[Sequence[Sequence[Card]], Bid, int, int, Suit | None]]
) -> list[int]:
    """Tricks the declaring side takes from the opening lead, for many layouts given as
    ``(hands, contract, declarer, leader, joker_fixed)`` (each :func:`hands_mappable`).
    Nothing to solve needs no DDS (the pure-Python path, e.g. under Pyodide, passes none)."""
    if not layouts:
        return []
    _dds = _lib()
    out: list[int] = []
    for start in range(0, len(layouts), _dds.MAXNOOFBOARDS):
        chunk = layouts[start : start + _dds.MAXNOOFBOARDS]
        boards = _dds.boards()
        boards.noOfBoards = len(chunk)
        for i, (hands, contract, _declarer, leader, joker_fixed) in enumerate(chunk):
            labels = _labels(rules, contract, joker_fixed)
            assert labels is not None
            board = boards.deals[i]
            trump = rules.table(contract, joker_fixed).trump
            board.trump = 4 if trump == NO_SUIT else trump
            board.first = leader
            for seat in range(4):
                masks = board.remainCards[seat]
                for card in hands[seat]:
                    su, r = labels[card]
                    masks[su] |= 1 << (14 - r)
            boards.target[i] = -1
            boards.solutions[i] = 1
            boards.mode[i] = 1
        solved = _dds.solvedBoards()
        _dds.SolveAllBoardsBin(boards, solved)
        for i, (hands, _c, declarer, leader, _j) in enumerate(chunk):
            best = solved.solvedBoard[i].score[0]
            same = rules.side_of(leader) == rules.side_of(declarer)
            out.append(best if same else len(hands[leader]) - best)
    return out


def _board(deal: Deal) -> Any:
    """DDS's ``deal`` struct for this position: the hands as bitmasks (rank r at bit r, A = 14),
    the leader of the trick and the cards already played to it."""
    _dds = _lib()
    assert deal.contract is not None and deal.leader is not None
    labels = _labels(deal.rules, deal.contract, deal.joker_fixed)
    assert labels is not None
    board = _dds.deal()
    table = deal.rules.table(deal.contract, deal.joker_fixed)
    board.trump = 4 if table.trump == NO_SUIT else table.trump  # DDS: 0-3 suits, 4 no trumps
    board.first = deal.leader
    for seat in range(4):
        masks = board.remainCards[seat]
        for card in deal.hands[seat]:
            s, r = labels[card]
            masks[s] |= 1 << (14 - r)
    for k in range(3):
        board.currentTrickSuit[k] = 0
        board.currentTrickRank[k] = 0
    for k, (_seat, card, _src) in enumerate(deal.trick):
        s, r = labels[card]
        board.currentTrickSuit[k] = s
        board.currentTrickRank[k] = 14 - r
    return board


def _tricks_left(deal: Deal) -> int:
    return (sum(len(h) for h in deal.hands) + len(deal.trick)) // 4


def _declaring_to_move(deal: Deal) -> bool:
    assert deal.to_move is not None and deal.declarer is not None
    return deal.rules.side_of(deal.to_move) == deal.rules.side_of(deal.declarer)


def future_tricks(deal: Deal) -> int:
    """Tricks the declaring side takes from here on (the current trick included), by DDS."""
    return future_tricks_many([deal])[0]


def future_tricks_many(deals: Sequence[Deal]) -> list[int]:
    """:func:`future_tricks` for many mappable positions at once (DDS solves them on every core);
    none needs no DDS."""
    if not deals:
        return []
    _dds = _lib()
    out: list[int] = []
    for start in range(0, len(deals), _dds.MAXNOOFBOARDS):
        chunk = deals[start : start + _dds.MAXNOOFBOARDS]
        boards = _dds.boards()
        boards.noOfBoards = len(chunk)
        for i, deal in enumerate(chunk):
            boards.deals[i] = _board(deal)
            boards.target[i] = -1  # the best score
            boards.solutions[i] = 1  # one best card suffices
            boards.mode[i] = 1
        solved = _dds.solvedBoards()
        _dds.SolveAllBoardsBin(boards, solved)
        for i, deal in enumerate(chunk):
            best = solved.solvedBoard[i].score[0]
            out.append(best if _declaring_to_move(deal) else _tricks_left(deal) - best)
    return out


def play_values(deal: Deal) -> dict[Action, int]:
    """Each legal play of the player to move → tricks the declaring side ends with after it."""
    _dds = _lib()
    labels = _labels(deal.rules, deal.contract, deal.joker_fixed)  # type: ignore[arg-type]
    assert labels is not None
    fut = _dds.futureTricks()
    _dds.SolveBoard(_board(deal), 0, 3, 1, fut, 0)  # every legal card with its score
    by_label: dict[tuple[int, int], int] = {}
    for i in range(fut.cards):
        holding = (1 << fut.rank[i]) | fut.equals[i]
        for rank in range(2, 15):
            if holding >> rank & 1:
                by_label[(fut.suit[i], 14 - rank)] = fut.score[i]
    left = _tricks_left(deal)
    declaring = _declaring_to_move(deal)
    base = deal.declarer_tricks
    out: dict[Action, int] = {}
    for action in deal.legal_actions():
        assert isinstance(action, Play)
        t = by_label[labels[action.card]]
        out[action] = base + (t if declaring else left - t)
    return out
