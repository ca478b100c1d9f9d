"""Bids and the pass: the calls of the auction.

>>> Bid.parse("7H") == Bid.parse("7♥")
True
>>> b = Bid.parse("7NT"); (b.tricks, b.trump, b.is_no_trumps, str(b))
(7, None, True, '7NT')
>>> Bid.parse("misere") == Bid.parse("MIS"), Bid.parse("open misere") == Bid.parse("OM")
(True, True)
>>> str(PASS), parse_call("Pass") is PASS
('pass', True)
"""

from __future__ import annotations

import re
from typing import ClassVar, Final, Literal

from .cards import Suit
from .display import picture
from .errors import BidParseError, CardParseError
from .i18n import gettext as _
from .i18n import per_language, pgettext

__all__ = ["DENOMINATIONS", "PASS", "Bid", "BidKind", "BidParseError", "Pass", "parse_call"]


# Denomination order for bidding: ♠ < ♣ < ♦ < ♥ < NT.
DENOMINATIONS: Final[tuple[Suit | None, ...]] = (
    Suit.SPADES,
    Suit.CLUBS,
    Suit.DIAMONDS,
    Suit.HEARTS,
    None,
)

#: what a bid is: a suit contract, no trumps, misère or open misère
BidKind = Literal["suit", "nt", "misere", "open_misere"]
_KIND_SUIT: Final = "suit"
_KIND_NT: Final = "nt"
_KIND_MISERE: Final = "misere"
_KIND_OPEN: Final = "open_misere"
_MISERE_WORDS = {"mis", "misere", "misère", "m", "nullo"}
_OPEN_WORDS = {"om", "open misere", "open misère", "openmisere", "open-misere", "open mis"}
_BID_RE = re.compile(r"^(6|7|8|9|10)\s*(nt|no trumps?|no-trumps?|nt\.|ba|n|.+)$")


class Bid:
    """A contract bid: a number of tricks and a denomination, or a misère.

    Instances are interned, so ``==`` and ``is`` agree.  Ranking between bids
    depends on the :class:`~fivehundred_tutor.rules.Rules` (misère placement);
    ask ``rules.outranks(a, b)``.
    """

    __slots__ = ("_code", "_str", "kind", "tricks", "trump")
    _cache: ClassVar[dict[tuple[str, int, Suit | None], Bid]] = {}

    kind: BidKind
    tricks: int  # 6–10; 0 for the misères (the declarer must take no tricks)
    trump: Suit | None
    _str: str
    _code: str

    def __new__(cls, kind: BidKind, tricks: int = 0, trump: Suit | None = None) -> Bid:
        key = (kind, tricks, trump)
        bid = cls._cache.get(key)
        if bid is not None:
            return bid
        if kind == _KIND_SUIT:
            if trump is None or not 6 <= tricks <= 10:
                raise BidParseError(f"a suit bid needs 6–10 tricks and a suit, not {tricks} {trump}")
            text = f"{tricks}{trump.symbol}"
            code = f"{tricks}{trump.letter}"
        elif kind == _KIND_NT:
            if trump is not None or not 6 <= tricks <= 10:
                raise BidParseError(f"a no-trump bid needs 6–10 tricks, not {tricks}")
            text = code = f"{tricks}NT"
        elif kind == _KIND_MISERE:
            text, code, tricks = "misère", "MIS", 0
        elif kind == _KIND_OPEN:
            text, code, tricks = "open misère", "OM", 0
        else:
            raise BidParseError(f"unknown kind of bid {kind!r}")
        bid = object.__new__(cls)
        for name, value in (
            ("kind", kind),
            ("tricks", tricks),
            ("trump", trump if kind == _KIND_SUIT else None),
            ("_str", text),
            ("_code", code),
        ):
            object.__setattr__(bid, name, value)
        cls._cache[key] = bid
        return bid

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Bid is immutable")

    def __reduce__(self) -> tuple[type[Bid], tuple[str, int, Suit | None]]:
        return (Bid, (self.kind, self.tricks, self.trump))

    @classmethod
    def suit(cls, tricks: int, trump: Suit | int) -> Bid:
        """``tricks`` of ``trump`` (a :class:`Suit`, or its number 0–3 as the plain engine always took).

        >>> Bid.suit(7, 0) == Bid.suit(7, Suit.SPADES) == Bid.parse("7S")
        True
        """
        return cls(_KIND_SUIT, tricks, trump if isinstance(trump, Suit) else Suit(trump))

    @classmethod
    def no_trumps(cls, tricks: int) -> Bid:
        return cls(_KIND_NT, tricks, None)

    @classmethod
    def misere(cls) -> Bid:
        return cls(_KIND_MISERE)

    @classmethod
    def open_misere(cls) -> Bid:
        return cls(_KIND_OPEN)

    @classmethod
    def parse(cls, text: str) -> Bid:
        """Read ``"7H"``, ``"7♥"``, ``"7NT"``, ``"misere"``/``"MIS"``, ``"open misere"``/``"OM"``."""
        if isinstance(text, Bid):
            return text
        if not isinstance(text, str):
            raise BidParseError(f"expected a bid as text, got {type(text).__name__}")
        key = " ".join(text.strip().replace("\ufe0f", "").lower().split())
        if key in _MISERE_WORDS:
            return cls.misere()
        if key in _OPEN_WORDS:
            return cls.open_misere()
        match = _BID_RE.match(key)
        if match is None:
            if key == "pass":
                raise BidParseError("'pass' is a call but not a bid: use Call.parse or PASS")
            raise BidParseError(
                _(
                    "{text} is not a bid: write tricks (6–10) then ♠ ♣ ♦ ♥ or NT "
                    "(like '7H', '8♠', '6NT'), or 'misere' / 'open misere'"
                ).format(text=repr(text))
            )
        tricks, denom = int(match.group(1)), match.group(2).strip()
        if denom in {"nt", "no trump", "no trumps", "no-trump", "no-trumps", "nt.", "ba", "n"}:
            return cls.no_trumps(tricks)
        try:
            return cls.suit(tricks, Suit.parse(denom))
        except CardParseError:
            raise BidParseError(
                _("{text} is not a bid: {denomination} is not a denomination (♠ ♣ ♦ ♥ or NT)").format(
                    text=repr(text), denomination=repr(denom)
                )
            ) from None

    @property
    def is_misere(self) -> bool:
        """True for misère *and* open misère (both mean: take no tricks)."""
        return self.kind in (_KIND_MISERE, _KIND_OPEN)

    @property
    def is_open_misere(self) -> bool:
        return self.kind == _KIND_OPEN

    @property
    def is_no_trumps(self) -> bool:
        return self.kind == _KIND_NT

    @property
    def has_trumps(self) -> bool:
        return self.kind == _KIND_SUIT

    @property
    def denomination(self) -> int:
        """0 ♠, 1 ♣, 2 ♦, 3 ♥, 4 NT (for the Avondale formula); -1 for misères."""
        if self.kind == _KIND_SUIT:
            assert self.trump is not None
            return int(self.trump)
        return 4 if self.kind == _KIND_NT else -1

    @property
    def code(self) -> str:
        """ASCII form: ``'7H'``, ``'7NT'``, ``'MIS'``, ``'OM'``."""
        return self._code

    @property
    def words(self) -> str:
        """What a screen reader says, in the reader's language: ``'seven hearts'``, ``'six no trumps'``,
        ``'misère'`` (``'siedem kier'``, ``'sei senza briscola'``: :mod:`fivehundred_tutor.i18n`)."""
        words = _bid_words()
        if self.is_misere:
            return words["OM" if self.kind == _KIND_OPEN else "MIS"]
        number = words[str(self.tricks)]
        if self.trump is None:
            return words["NT"].format(number=number)
        return words["suit"].format(number=number, suit=self.trump.local_name)

    def __str__(self) -> str:
        return self._str

    def __repr__(self) -> str:
        return f"Bid.parse({self._code!r})"

    def _repr_html_(self) -> str:
        return picture(self, "html")


def _build_bid_words() -> dict[str, str]:
    return {
        "6": pgettext("tricks bid", "six"),
        "7": pgettext("tricks bid", "seven"),
        "8": pgettext("tricks bid", "eight"),
        "9": pgettext("tricks bid", "nine"),
        "10": pgettext("tricks bid", "ten"),
        # Translators: a bid in words, e.g. "seven hearts"; {suit} is a suit's name
        "suit": pgettext("bid in words", "{number} {suit}"),
        "NT": pgettext("bid in words", "{number} no trumps"),
        "MIS": pgettext("bid in words", "misère"),
        "OM": pgettext("bid in words", "open misère"),
    }


_bid_words = per_language(_build_bid_words)


class Pass:
    """The pass.  There is one instance, :data:`PASS`; ``str(PASS) == 'pass'``."""

    __slots__ = ()
    _instance: ClassVar[Pass | None] = None

    def __new__(cls) -> Pass:
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    code = "pass"
    is_misere = False

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "PASS"

    def __reduce__(self) -> tuple[type[Pass], tuple[()]]:
        return (Pass, ())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return other.strip().lower() == "pass"
        return other is self

    def __hash__(self) -> int:
        return hash("pass")


PASS: Final = Pass()


def parse_call(text: str | Bid | Pass) -> Bid | Pass:
    """Read a bid or the pass: ``parse_call("pass") is PASS``."""
    if isinstance(text, (Bid, Pass)):
        return text
    if isinstance(text, str) and text.strip().lower() in {"pass", "p", "no bid", "-"}:
        return PASS
    return Bid.parse(text)
