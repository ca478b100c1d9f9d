"""fivehundred_tutor: learn the card game Five Hundred (500) with a rules engine that explains itself.

>>> from fivehundred_tutor import Card, Bid, Rules, Deal
>>> str(Card.parse("jd")), Rules().bid_value(Bid.parse("7NT"))
('J♦', 220)
"""

import os as _os
import sys as _sys

# `python -m fivehundred_tutor` puts the current folder first on sys.path: run inside a folder of students' files
# (grade's submissions), their csv.py or random.py would be imported instead of the standard library's.  While
# runpy looks for this package, sys.argv[0] is "-m"; the current folder is dropped unless this package lives there.
if (
    _sys.argv[:1] == ["-m"]
    and _sys.path
    and _os.path.abspath(_sys.path[0] or _os.curdir) == _os.getcwd()
    and _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__))) != _os.getcwd()
):
    del _sys.path[0]

# First, before any of the engine is imported: importing native decides whether the engine core is
# its compiled build or the plain modules (see native.py).
from . import native  # noqa: F401

# isort: split
from .actions import Action, Discard, NominateJoker, Play
from .bids import PASS, Bid, BidParseError, Pass, parse_call
from .cards import JOKER, Card, CardParseError, Suit, format_cards, parse_cards
from .deal import Deal, DealResult, GameStateError, IllegalAction, Trick
from .errors import FiveHundredError
from .game import Game
from .i18n import get_language, set_language
from .rules import PRESETS, Rules, RulesError

# isort: split
# Last, render: it hands the engine's values their pictures (display.py), so Jupyter draws a card or a deal.
from . import render  # noqa: F401

__version__ = "0.1.0"

__all__ = [
    "JOKER",
    "PASS",
    "PRESETS",
    "Action",
    "Bid",
    "BidParseError",
    "Card",
    "CardParseError",
    "Deal",
    "DealResult",
    "Discard",
    "FiveHundredError",
    "Game",
    "GameStateError",
    "IllegalAction",
    "NominateJoker",
    "Pass",
    "Play",
    "Rules",
    "RulesError",
    "Suit",
    "Trick",
    "format_cards",
    "get_language",
    "parse_call",
    "parse_cards",
    "set_language",
]
