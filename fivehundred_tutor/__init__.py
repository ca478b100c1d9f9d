"""fivehundred_tutor: learn the card game Five Hundred (500) with a rules engine that explains itself.

>>> from fivehundred_tutor import Card, Bid, Rules, Deal
>>> str(Card.parse("jd")), Rules().bid_value(Bid.parse("7NT"))
('J♦', 220)
"""

from .actions import Action, Discard, NominateJoker, Play
from .bids import PASS, Bid, BidParseError, Pass, parse_call
from .cards import JOKER, Card, CardParseError, Suit, format_cards, parse_cards
from .deal import Deal, DealResult, GameStateError, IllegalAction, Trick
from .game import Game
from .rules import PRESETS, Rules, RulesError

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
    "parse_call",
    "parse_cards",
]
