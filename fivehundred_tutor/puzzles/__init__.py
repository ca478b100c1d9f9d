"""Puzzles: positions mined from bot-played deals, each with one clearly best class of cards.

The miner (:mod:`.mine`) has the bots play seeded deals of every kind (four players in trumps
and no trumps, misère, open misère, two and three players) and keeps a decision as a puzzle when
the solver's best cards are one class that beats every other card by a trick, a simple player
gets it wrong, and the answer stays best however the unseen cards lie.  Each puzzle is themed
(:mod:`.themes`) and rated on the Glicko scale (:mod:`.rating`, :mod:`.glicko`); the bank ships
in the wheel (:mod:`.bank`).  Levelled problem sets and chapter drills are drawn from it
(:mod:`.sets`).

Public API (a contract)::

    from fivehundred_tutor.puzzles import load_bank
    puzzle = load_bank()[0]
    puzzle.id, puzzle.deal, puzzle.best, puzzle.themes, puzzle.rating

``python -m fivehundred_tutor.puzzles`` mines (``mine``, ``build``), checks (``check``) and
describes (``stats``) the bank.
"""

from __future__ import annotations

from .bank import check_bank, check_puzzle, load_bank
from .glicko import Rating
from .model import Puzzle, PuzzleError
from .setups import KIND_TITLES, KINDS
from .themes import LESSONS, THEMES

__all__ = [
    "KINDS",
    "KIND_TITLES",
    "LESSONS",
    "THEMES",
    "Puzzle",
    "PuzzleError",
    "Rating",
    "check_bank",
    "check_puzzle",
    "load_bank",
]
