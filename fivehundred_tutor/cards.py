"""Suits and cards: small immutable values with symmetric parse and format.

>>> Card.parse("J♦") == Card.parse("JD") == Card.parse("jd")
True
>>> str(Card.parse("th"))
'10♥'
>>> Card.parse("Joker").is_joker, Card.parse("JK").suit
(True, None)
>>> Card.parse("QS").name
'Queen of spades'
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from typing import ClassVar, Final

from .display import picture
from .errors import CardParseError
from .i18n import gettext as _
from .i18n import per_language, pgettext

__all__ = [
    "JOKER",
    "Card",
    "CardParseError",
    "Suit",
    "display_order",
    "format_cards",
    "left_bower",
    "parse_cards",
    "short_names",
]


class Suit(enum.IntEnum):
    """The four suits, in bidding order (♠ < ♣ < ♦ < ♥).

    >>> str(Suit.HEARTS), Suit.parse("d"), Suit.HEARTS.is_red
    ('♥', <Suit.DIAMONDS: 2>, True)
    >>> Suit.HEARTS.sister
    <Suit.DIAMONDS: 2>
    """

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    def __str__(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """ASCII letter: S, C, D or H."""
        return "SCDH"[self]

    @property
    def word(self) -> str:
        """Plural English name: 'spades' (what English sentences are built from; parsing reads it too)."""
        return _SUIT_WORDS[self]

    @property
    def local_name(self) -> str:
        """The suit's name in the reader's language (:mod:`fivehundred_tutor.i18n`): 'spades', 'pik', 'picche'.

        Polish names a suit by its indeclinable name ("kolor pik", "as pik"), so a sentence never has to
        decline it.
        """
        return _suit_names()[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def colour(self) -> str:
        return "red" if self.is_red else "black"

    @property
    def sister(self) -> Suit:
        """The other suit of the same colour (home of the left bower)."""
        return _SISTER[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip().replace("\ufe0f", "").lower()
        try:
            return _SUIT_NAMES[key]
        except KeyError:
            raise CardParseError(
                _("{text} is not a suit: use ♠ ♣ ♦ ♥, S C D H or a name like 'hearts'").format(text=repr(text))
            ) from None


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥"}
_SUIT_WORDS = {
    Suit.SPADES: "spades",
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
}
_SISTER = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}


def _build_suit_names() -> dict[Suit, str]:
    return {
        Suit.SPADES: pgettext("suit", "spades"),
        Suit.CLUBS: pgettext("suit", "clubs"),
        Suit.DIAMONDS: pgettext("suit", "diamonds"),
        Suit.HEARTS: pgettext("suit", "hearts"),
    }


_suit_names = per_language(_build_suit_names)
_SUIT_NAMES: dict[str, Suit] = {}
for _s in Suit:
    for _alias in (_s.symbol, _s.letter.lower(), _s.word, _s.word[:-1]):
        _SUIT_NAMES[_alias] = _s
_SUIT_NAMES.update({"♤": Suit.SPADES, "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS})

# Rank values order the cards within a suit.  The 6-player pack's 11, 12 and 13
# rank between the 10 and the jack, so the court cards sit above them.
JACK: Final = 21
QUEEN: Final = 22
KING: Final = 23
ACE: Final = 24
JOKER_RANK: Final = 30
_RANK_LABELS = {JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_RANK_WORDS = {
    2: "Two",
    3: "Three",
    4: "Four",
    5: "Five",
    6: "Six",
    7: "Seven",
    8: "Eight",
    9: "Nine",
    10: "Ten",
    11: "Eleven",
    12: "Twelve",
    13: "Thirteen",
    JACK: "Jack",
    QUEEN: "Queen",
    KING: "King",
    ACE: "Ace",
}
_RANK_PARSE = {str(v): v for v in range(2, 14)}
_RANK_PARSE.update({"t": 10, "j": JACK, "q": QUEEN, "k": KING, "a": ACE})
_CARD_RE = re.compile(r"^(10|11|12|13|[2-9tjqka])\s*(?:of\s+)?(.+)$")
_WORDS_RE = re.compile(r"^(\w+)\s+of\s+(\w+)$")
_RANK_FROM_WORD = {w.lower(): v for v, w in _RANK_WORDS.items()}
#: English rank words by rank (``11: 'Jack'``): the words the chapters' English comments use.
RANK_WORDS_EN: Final[dict[int, str]] = dict(_RANK_WORDS)
_JOKER_WORDS = {"joker", "jk", "jo", "jkr", "★", "🃏"}


class Card:
    """One playing card (or the joker).  Instances are interned: compare with ``==``.

    ``rank`` is an int (2–13 for pips, J=21, Q=22, K=23, A=24, joker 30);
    ``suit`` is a :class:`Suit`, or ``None`` for the joker.

    >>> c = Card.parse("10H"); (c.rank_label, c.suit, c.code, c.name)
    ('10', <Suit.HEARTS: 3>, 'TH', 'Ten of hearts')
    >>> Card.parse(c.code) is c
    True
    """

    __slots__ = ("_code", "_str", "index", "is_joker", "rank", "suit")
    _cache: ClassVar[dict[tuple[int, Suit | None], Card]] = {}

    rank: int
    suit: Suit | None
    is_joker: bool
    index: int
    _str: str
    _code: str

    def __new__(cls, rank: int, suit: Suit | None) -> Card:
        key = (rank, suit)
        card = cls._cache.get(key)
        if card is not None:
            return card
        if rank == JOKER_RANK:
            if suit is not None:
                raise CardParseError("the joker has no suit")
        elif rank not in _RANK_WORDS or suit is None:
            raise CardParseError(f"no such card: rank {rank!r}, suit {suit!r}")
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "is_joker", rank == JOKER_RANK)
        # A dense index (0..64) lets tables be plain lists.
        index = 64 if suit is None else int(suit) * 16 + (rank - 2 if rank < 14 else rank - 9)
        object.__setattr__(card, "index", index)
        if suit is None:
            text, code = "Joker", "JK"
        else:
            label = _RANK_LABELS.get(rank, str(rank))
            text = f"{label}{suit.symbol}"
            code = ("T" if rank == 10 else label) + suit.letter
        object.__setattr__(card, "_str", text)
        object.__setattr__(card, "_code", code)
        cls._cache[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, Suit | None]]:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"J♦"``, ``"JD"``, ``"jd"``, ``"10H"``, ``"TH"``, ``"Joker"``, ``"JK"``."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardParseError(f"expected a card as text, got {type(text).__name__}")
        key = text.strip().replace("\ufe0f", "").lower()
        if key in _JOKER_WORDS or key == "the joker":
            return JOKER
        word_match = _WORDS_RE.match(key)
        if word_match and word_match.group(1) in _RANK_FROM_WORD:
            return cls(_RANK_FROM_WORD[word_match.group(1)], Suit.parse(word_match.group(2)))
        match = _CARD_RE.match(key)
        if match is None:
            raise CardParseError(
                _("{text} is not a card: write rank then suit, like 'J♦', 'JD', '10H' or 'Joker'").format(
                    text=repr(text)
                )
            )
        rank = _RANK_PARSE[match.group(1)]
        try:
            suit = Suit.parse(match.group(2))
        except CardParseError:
            raise CardParseError(
                _("{text} is not a card: {suit} is not a suit (♠ ♣ ♦ ♥ or S C D H)").format(
                    text=repr(text), suit=repr(match.group(2))
                )
            ) from None
        return cls(rank, suit)

    @property
    def code(self) -> str:
        """ASCII code, stable for JSON and file names: ``'JD'``, ``'TH'``, ``'JK'``."""
        return self._code

    @property
    def rank_label(self) -> str:
        """``'A'``, ``'K'``, ``'10'``, ``'11'`` …; ``'Joker'`` for the joker."""
        if self.is_joker:
            return "Joker"
        return _RANK_LABELS.get(self.rank, str(self.rank))

    @property
    def name(self) -> str:
        """Words a screen reader says, in the reader's language: ``'Jack of diamonds'``, ``'Joker'``
        (``'Walet karo'``, ``'Fante di quadri'``, ``'Jolly'``: :mod:`fivehundred_tutor.i18n`).

        A name is for a label or for a sentence that holds it in the nominative (after a colon): Polish
        would otherwise have to decline it.
        """
        return _card_names()[self.index]

    @property
    def short_name(self) -> str:
        """The card as a learner reads it in a sentence or a list, in the reader's language: ``'J♦'``,
        ``'10♥'``, and the joker by its name (``'Joker'``, ``'Dżoker'``, ``'Jolly'``), as the card faces and
        the widgets show it.  ``str(card)`` stays the notation every language reads (``Card.parse`` reads it back).

        >>> Card.parse("JD").short_name, JOKER.short_name
        ('J♦', 'Joker')
        """
        return _card_names()[self.index] if self.suit is None else self._str

    @property
    def rank_word(self) -> str:
        """The rank in words, in the reader's language: ``'Jack'``, ``'Walet'``, ``'Fante'`` (the joker's name)."""
        return _card_names()[self.index] if self.suit is None else _rank_words()[self.rank]

    @property
    def is_red(self) -> bool:
        return self.suit is not None and self.suit.is_red

    def __str__(self) -> str:
        return self._str

    def __repr__(self) -> str:
        return f"Card.parse({self._str!r})"

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        """Display order (suit, then rank); not trick-taking power."""
        return self.index < other.index

    def _repr_html_(self) -> str:
        return picture(self, "html")


JOKER: Final = Card(JOKER_RANK, None)
# Create every card once, so tables indexed by ``card.index`` cover them all.
ALL_CARDS: Final[tuple[Card, ...]] = tuple(Card(r, s) for s in Suit for r in _RANK_WORDS) + (JOKER,)


def _build_rank_words() -> dict[int, str]:
    return {
        2: pgettext("card rank", "Two"),
        3: pgettext("card rank", "Three"),
        4: pgettext("card rank", "Four"),
        5: pgettext("card rank", "Five"),
        6: pgettext("card rank", "Six"),
        7: pgettext("card rank", "Seven"),
        8: pgettext("card rank", "Eight"),
        9: pgettext("card rank", "Nine"),
        10: pgettext("card rank", "Ten"),
        11: pgettext("card rank", "Eleven"),
        12: pgettext("card rank", "Twelve"),
        13: pgettext("card rank", "Thirteen"),
        JACK: pgettext("card rank", "Jack"),
        QUEEN: pgettext("card rank", "Queen"),
        KING: pgettext("card rank", "King"),
        ACE: pgettext("card rank", "Ace"),
    }


_rank_words = per_language(_build_rank_words)


def _build_card_names() -> dict[int, str]:
    ranks = _rank_words()
    suits = _suit_names()
    # Translators: a card's name, e.g. "Jack of diamonds"; {rank} is a rank word, {suit} a suit's name
    pattern = pgettext("card name", "{rank} of {suit}")
    names = {c.index: pattern.format(rank=ranks[c.rank], suit=suits[c.suit]) for c in ALL_CARDS if c.suit is not None}
    names[JOKER.index] = pgettext("card name", "Joker")
    return names


_card_names = per_language(_build_card_names)


def parse_cards(text: str | list[str] | list[Card]) -> list[Card]:
    """Read several cards: ``"J♦ 10H joker"`` or ``"JD,TH,JK"`` or a list.

    >>> [str(c) for c in parse_cards("J♦ 10H, joker")]
    ['J♦', '10♥', 'Joker']
    """
    if isinstance(text, str):
        parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    else:
        parts = list(text)  # type: ignore[arg-type]
    return [Card.parse(p) for p in parts]


def format_cards(cards: list[Card] | tuple[Card, ...]) -> str:
    """Inverse of :func:`parse_cards`: ``'J♦ 10♥ Joker'``."""
    return " ".join(str(c) for c in cards)


def short_names(cards: Iterable[Card], sep: str = " ") -> str:
    """Cards as a learner reads them (:attr:`Card.short_name`), in the reader's language: ``'J♦ 10♥ Joker'``
    (``'J♦ 10♥ Jolly'`` in Italian); :func:`format_cards` is the notation.

    >>> short_names(parse_cards("JD 10H JK"), ", ")
    'J♦, 10♥, Joker'
    """
    return sep.join(c.short_name for c in cards)


_DISPLAY_SUIT = {Suit.SPADES: 1, Suit.HEARTS: 2, Suit.CLUBS: 3, Suit.DIAMONDS: 4}


def display_order(cards: Iterable[Card], *, trump: Suit | None = None) -> list[Card]:
    """How a hand is shown: joker first, then ♠ ♥ ♣ ♦ (alternating colours), high to low.

    With a ``trump`` suit (a trump contract) the trumps come first, in their order of
    power: joker, right bower, left bower (the jack of the same colour, which is a
    trump), then ace down; the other suits follow, alternating colours where they can.

    >>> format_cards(display_order(parse_cards("5D JK AS 10H")))
    'Joker A♠ 10♥ 5♦'
    >>> format_cards(display_order(parse_cards("5D JK AS JD 10H AH JH 3C"), trump=Suit.HEARTS))
    'Joker J♥ J♦ A♥ 10♥ A♠ 5♦ 3♣'
    """
    if trump is None:
        return sorted(cards, key=lambda c: (0 if c.suit is None else _DISPLAY_SUIT[c.suit], -c.rank))
    left = Card.parse(f"J{trump.sister.letter}")
    # the other suits after the trumps, colours alternating: opposite colour, same colour, opposite
    first, last = sorted((s for s in Suit if s not in (trump, trump.sister)), key=lambda s: _DISPLAY_SUIT[s])
    others = [first, trump.sister, last]
    place = {trump: 1, **{s: 2 + i for i, s in enumerate(others)}}

    def key(c: Card) -> tuple[int, int]:
        if c.suit is None:
            return (0, 0)
        if c.suit == trump and c.rank == JACK:
            return (1, -1000)
        if c is left or c == left:
            return (1, -999)
        return (place[c.suit], -c.rank)

    return sorted(cards, key=key)


def left_bower(trump: Suit | None) -> Card | None:
    """The left bower under ``trump`` (the jack of the same colour), or None without trumps.

    >>> str(left_bower(Suit.HEARTS))
    'J♦'
    """
    return None if trump is None else Card.parse(f"J{trump.sister.letter}")
