"""Actions of the kitty and play phases (auction actions are ``Bid`` and ``PASS``).

Actions are interned immutable values with a compact ``code`` used in JSON
records; ``str()`` is for people.

>>> from fivehundred_tutor.cards import Card, Suit
>>> Play(Card.parse("JD")).code, Play(Card.parse("JK"), joker_suit=Suit.HEARTS).code
('JD', 'JK:H')
>>> str(Play(Card.parse("JK"), joker_suit=Suit.HEARTS)), Discard(Card.parse("5S")).code
('Joker (as ♥)', 'd:5S')
"""

from __future__ import annotations

from typing import ClassVar, Final

from .bids import Bid, Pass
from .cards import Card, Suit

__all__ = ["Action", "CallPartner", "Discard", "NominateJoker", "Play"]

HAND: Final = "hand"
TABLE: Final = "table"


class Play:
    """Play ``card`` to the trick.

    ``source`` is ``"hand"`` or ``"table"`` in the 2-player game (else ``None``);
    ``joker_suit`` is the suit named when the joker is led in no trumps / misère.
    """

    __slots__ = ("_str", "card", "code", "joker_suit", "source")
    _cache: ClassVar[dict[tuple[Card, str | None, Suit | None], Play]] = {}

    card: Card
    source: str | None
    joker_suit: Suit | None
    code: str
    _str: str

    def __new__(cls, card: Card, source: str | None = None, joker_suit: Suit | None = None) -> Play:
        key = (card, source, joker_suit)
        found = cls._cache.get(key)
        if found is not None:
            return found
        if source not in (None, HAND, TABLE):
            raise ValueError(f"source must be 'hand' or 'table', not {source!r}")
        if joker_suit is not None and not card.is_joker:
            raise ValueError("only the joker names a suit")
        self = object.__new__(cls)
        code = card.code
        text = str(card)
        if joker_suit is not None:
            code += ":" + joker_suit.letter
            text = f"Joker (as {joker_suit})"
        if source is not None:
            code = source[0] + ":" + code
            text = f"{text} from {source}"
        for name, value in (
            ("card", card),
            ("source", source),
            ("joker_suit", joker_suit),
            ("code", code),
            ("_str", text),
        ):
            object.__setattr__(self, name, value)
        cls._cache[key] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[type[Play], tuple[Card, str | None, Suit | None]]:
        return (Play, (self.card, self.source, self.joker_suit))

    def __str__(self) -> str:
        return self._str

    def __repr__(self) -> str:
        """Evaluates back to this play: ``Play(Card.parse('J♦'))``, ``Play(JOKER, joker_suit=Suit.SPADES)``."""
        extra = "" if self.source is None else f", source={self.source!r}"
        if self.joker_suit is not None:
            extra += f", joker_suit=Suit.{self.joker_suit.name}"
        return f"Play({self.card!r}{extra})"


class Discard:
    """Discard ``card`` face down after taking the kitty (declarer only)."""

    __slots__ = ("card", "code")
    _cache: ClassVar[dict[Card, Discard]] = {}

    card: Card
    code: str

    def __new__(cls, card: Card) -> Discard:
        found = cls._cache.get(card)
        if found is not None:
            return found
        self = object.__new__(cls)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "code", "d:" + card.code)
        cls._cache[card] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[type[Discard], tuple[Card]]:
        return (Discard, (self.card,))

    def __str__(self) -> str:
        return f"discard {self.card}"

    def __repr__(self) -> str:
        return f"Discard({self.card!r})"


class NominateJoker:
    """Variant: before the first lead in no trumps, the joker's holder names its suit (or not: ``None``)."""

    __slots__ = ("code", "suit")
    _cache: ClassVar[dict[Suit | None, NominateJoker]] = {}

    suit: Suit | None
    code: str

    def __new__(cls, suit: Suit | None) -> NominateJoker:
        found = cls._cache.get(suit)
        if found is not None:
            return found
        self = object.__new__(cls)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "code", "n:" + (suit.letter if suit is not None else "-"))
        cls._cache[suit] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[type[NominateJoker], tuple[Suit | None]]:
        return (NominateJoker, (self.suit,))

    def __str__(self) -> str:
        return "keep the joker free" if self.suit is None else f"nominate the joker as {self.suit.word}"

    def __repr__(self) -> str:
        return f"NominateJoker({'None' if self.suit is None else f'Suit.{self.suit.name}'})"


class CallPartner:
    """5 players: after the kitty, the declarer calls a card; its holder is the declarer's partner."""

    __slots__ = ("card", "code")
    _cache: ClassVar[dict[Card, CallPartner]] = {}

    card: Card
    code: str

    def __new__(cls, card: Card) -> CallPartner:
        found = cls._cache.get(card)
        if found is not None:
            return found
        self = object.__new__(cls)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "code", "c:" + card.code)
        cls._cache[card] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[type[CallPartner], tuple[Card]]:
        return (CallPartner, (self.card,))

    def __str__(self) -> str:
        return f"call {self.card} as partner"

    def __repr__(self) -> str:
        return f"CallPartner({self.card!r})"


Action = Bid | Pass | Play | Discard | NominateJoker | CallPartner
