"""The one base of every error this package raises on purpose, and the engine's own errors.

A :class:`FiveHundredError` means "this input or request cannot be answered", in words a
learner or an instructor can act on; anything else that escapes is a bug.  The request
dispatcher relies on that difference: a bad request is told to the learner, a bug is
reported as a bug (never as the learner's mistake) and never swallowed.

The engine's errors keep their old homes too (``fivehundred_tutor.cards.CardParseError`` is
this module's class); each is also the built-in kind it always was (``ValueError`` …), so
existing ``except ValueError`` code keeps catching them.  This module stays plain Python when
the engine core is compiled (:mod:`fivehundred_tutor.native`): mypyc compiles classes that
derive from one built-in exception only.

>>> issubclass(IllegalAction, FiveHundredError) and issubclass(IllegalAction, ValueError)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["BidParseError", "CardParseError", "FiveHundredError", "GameStateError", "IllegalAction", "RulesError"]


class FiveHundredError(Exception):
    """Base of every error the package raises on purpose: bad input, an illegal move, a bad request."""


class CardParseError(FiveHundredError, ValueError):
    """Raised when text cannot be read as a card, suit or list of cards."""


class BidParseError(FiveHundredError, ValueError):
    """Raised when text cannot be read as a bid or a pass."""


class RulesError(FiveHundredError, ValueError):
    """A rules object was asked for something inconsistent (e.g. 45 cards with 3 players)."""


class IllegalAction(FiveHundredError, ValueError):
    """An action that the rules do not allow now.  The deal is left unchanged."""

    def __init__(self, message: str, action: object = None, legal: Sequence[Any] = ()) -> None:
        super().__init__(message)
        self.action = action
        self.legal = list(legal)


class GameStateError(FiveHundredError, RuntimeError):
    """Asked for something the deal cannot give yet (e.g. the result before the end)."""
