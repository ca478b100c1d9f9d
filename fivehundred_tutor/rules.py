"""The rules of Five Hundred as one typed, immutable object.

Every variant in RULES.md is a field (or a preset) here; nothing else in the
package hard-codes the default game.

>>> rules = Rules()
>>> len(rules.deck()), rules.kitty_size
(43, 3)
>>> rules.bid_value(Bid.parse("8D")), rules.bid_value(Bid.parse("misere"))
(280, 250)
>>> rules.outranks(Bid.parse("misere"), Bid.parse("7NT"))
True
>>> [str(c) for c in rules.ranking(Suit.HEARTS, Bid.parse("7H"))[:4]]
['Joker', 'J♥', 'J♦', 'A♥']
>>> rules.effective_suit(Card.parse("JD"), Bid.parse("7H"))
<Suit.HEARTS: 3>
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, Literal, get_args

from .bids import DENOMINATIONS, Bid
from .cards import ACE, ALL_CARDS, JACK, JOKER, Card, Suit
from .errors import RulesError
from .explain import describe_rules, explain_card, explain_trick, why_illegal
from .i18n import gettext as _
from .i18n import gettext_noop as N_
from .i18n import per_language, pgettext

__all__ = [
    "PRESETS",
    "PRESET_TITLES",
    "Bidding",
    "ContractTable",
    "DefenderTricks",
    "JokerAdvanceBy",
    "JokerNoTrumps",
    "Misere",
    "MiserePlacement",
    "Rules",
    "RulesError",
    "option_problem",
    "preset_title",
]

NO_SUIT: Final = 4  # effective-suit code for the joker in no trumps / misère

# The options that are names: each is one of a few words, compared as such (mypy checks the words).
Misere = Literal["after-seven", "any-time", "never"]
MiserePlacement = Literal["standard", "open-above-10h", "open-330", "low"]
Bidding = Literal["australian", "single-round", "rebid", "rebid-on-change"]
JokerAdvanceBy = Literal["any-holder", "declarer"]
JokerNoTrumps = Literal["when-void", "any-time"]
DefenderTricks = Literal["all", "beyond-five"]


# Bid ladder keys: suit and NT bids sit at multiples of 10; misères slot between.
def _natural_key(tricks: int, denomination: int) -> int:
    return ((tricks - 6) * 5 + denomination) * 10


_PLACEMENTS: dict[str, dict[str, tuple[int, int]]] = {
    # name: {"misere": (ladder key, value), "open_misere": (ladder key, value)}
    "standard": {"misere": (_natural_key(7, 4) + 5, 250), "open_misere": (_natural_key(10, 2) + 5, 500)},
    "open-above-10h": {
        "misere": (_natural_key(7, 4) + 5, 250),
        "open_misere": (_natural_key(10, 3) + 5, 500),
    },
    "open-330": {"misere": (_natural_key(7, 4) + 5, 250), "open_misere": (_natural_key(8, 4) + 5, 330)},
    "low": {"misere": (_natural_key(7, 0) + 5, 150), "open_misere": (_natural_key(8, 0) + 5, 250)},
}


def _build_placement_words() -> dict[str, str]:
    return {
        "standard": _("misère above 7NT and below 8♠ (250); open misère above 10♦ and below 10♥ (500)"),
        "open-above-10h": _("misère above 7NT (250); open misère above 10♥ and below 10NT (500)"),
        "open-330": _("misère above 7NT (250); open misère above 8NT and below 9♠ (330)"),
        "low": _("misère above 7♠ and below 7♣ (150); open misère above 8♠ and below 8♣ (250)"),
    }


_placement_words = per_language(_build_placement_words)

_SEAT_NAMES = {
    2: ("North", "South"),
    3: ("North", "East", "West"),
    4: ("North", "East", "South", "West"),
    5: ("North", "North-east", "South-east", "South-west", "North-west"),
    6: ("North", "North-east", "South-east", "South", "South-west", "North-west"),
}


def _build_local_seat_names() -> dict[str, str]:
    return {
        "North": pgettext("seat", "North"),
        "East": pgettext("seat", "East"),
        "South": pgettext("seat", "South"),
        "West": pgettext("seat", "West"),
        "North-east": pgettext("seat", "North-east"),
        "South-east": pgettext("seat", "South-east"),
        "South-west": pgettext("seat", "South-west"),
        "North-west": pgettext("seat", "North-west"),
    }


_local_seat_names = per_language(_build_local_seat_names)
_DECKS = {33: 3, 43: 4, 45: 4, 53: 2, 63: 6}  # deck size -> lowest rank kept (red suits for 43/45)

_CHOICES: dict[str, tuple[str, ...]] = {
    "misere": get_args(Misere),
    "misere_placement": get_args(MiserePlacement),
    "bidding": get_args(Bidding),
    "joker_advance_by": get_args(JokerAdvanceBy),
    "joker_no_trumps": get_args(JokerNoTrumps),
    "defender_tricks": get_args(DefenderTricks),
}
assert set(_CHOICES["misere_placement"]) == set(_PLACEMENTS)


class ContractTable:
    """Precomputed effective suit and power of every card under one contract.

    Indexed by ``card.index``; suits are ints 0–3 (``Suit``) or ``NO_SUIT``.
    """

    __slots__ = ("joker_free", "power", "suit_of", "trump")

    def __init__(self, contract: Bid | None, joker_fixed: Suit | None = None) -> None:
        trump = contract.trump if contract is not None else None
        self.trump: int = NO_SUIT if trump is None else int(trump)
        # In no trumps / misère the joker belongs to no suit until played,
        # unless its suit was nominated in advance.
        self.joker_free = trump is None and joker_fixed is None
        suit_of = [NO_SUIT] * 65
        power = [0] * 65
        for card in ALL_CARDS:
            i = card.index
            if card.is_joker:
                suit_of[i] = int(trump) if trump is not None else (NO_SUIT if joker_fixed is None else int(joker_fixed))
                power[i] = 100
                continue
            assert card.suit is not None
            suit_of[i] = int(card.suit)
            power[i] = card.rank
            if trump is not None and card.rank == JACK:
                if card.suit == trump:
                    power[i] = 99  # right bower
                elif card.suit == trump.sister:
                    suit_of[i] = int(trump)  # left bower changes suit
                    power[i] = 98
        self.suit_of = suit_of
        self.power = power

    def winner(self, trick: Sequence[Card], joker_suit: Suit | None) -> int:
        """Index of the card winning a (non-empty) ``trick`` under this contract; see :meth:`Rules.trick_winner`."""
        suit_of, power = self.suit_of, self.power
        if self.joker_free:
            for i, card in enumerate(trick):
                if card is JOKER:
                    return i  # in no trumps the joker wins whatever it names
        led = suit_of[trick[0].index]
        if led == NO_SUIT:
            led = NO_SUIT if joker_suit is None else int(joker_suit)
        best, best_key = 0, -1
        trump = self.trump
        for i, card in enumerate(trick):
            s = suit_of[card.index]
            if s == trump:
                key = 1000 + power[card.index]
            elif s == led:
                key = power[card.index]
            else:
                continue
            if key > best_key:
                best, best_key = i, key
        return best


@dataclasses.dataclass(frozen=True, kw_only=True)
class Rules:
    """Rules parameters.  ``Rules()`` is the 4-player Australian game.

    Fields left as ``None`` take the value that suits ``players``.
    Use :meth:`preset` for the named variants of RULES.md.
    """

    preset_name: str = "australian"
    players: int = 4
    deck_size: int | None = None
    partnerships: bool | None = None
    misere: Misere | None = None
    misere_placement: MiserePlacement = "standard"
    misere_value: int | None = None
    open_misere_value: int | None = None
    bidding: Bidding = "australian"
    six_bids_informational: bool = False
    declarer_may_raise: bool = False
    joker_no_trumps: JokerNoTrumps = "when-void"
    joker_nominate_void_suit: bool = True
    joker_advance_nomination: bool = False
    joker_advance_by: JokerAdvanceBy = "any-holder"
    defender_tricks: DefenderTricks = "all"
    misere_defenders_score: bool = False
    slam_bonus: bool = True
    target: int = 500
    hole: int | None = -500
    hole_set: bool = False  # internal: True when ``hole`` was given explicitly
    # A side that falls to this score or below without losing there (no ``hole``, or a lower
    # one: the 3-player game) plays on but can no longer win; should it reach the target later,
    # nobody wins and play continues (seed 002_, the Polish 3-player guide).  ``None``: no bar.
    barred_from_winning_at: int | None = -500
    win_only_as_declarer: bool = False
    misere_stops_early: bool = True

    # Worked out once from the options (in __post_init__): not options themselves, so no argument,
    # not compared, not in the record.  Plain fields, not cached properties: the compiled engine
    # (mypyc) reads them as fast as any attribute.
    # What the worded options mean, as yes/no facts the engine, the bots and the teaching ask:
    # the options' words are compared here, once (mypy's strict equality checks them against the
    # Literal types), and nowhere else (tests/engine/test_typed_vocabulary.py).
    #: misère and open misère are on the ladder (``misere`` is not "never")
    misere_allowed: bool = dataclasses.field(init=False, repr=False, compare=False)
    #: misère only after a 7-level bid in the same auction (``misere="after-seven"``)
    misere_needs_seven: bool = dataclasses.field(init=False, repr=False, compare=False)
    #: each player calls once, in turn (``bidding="single-round"``)
    single_round_auction: bool = dataclasses.field(init=False, repr=False, compare=False)
    #: a player who passed is out of the auction (``bidding`` "australian" or "single-round")
    pass_is_final: bool = dataclasses.field(init=False, repr=False, compare=False)
    #: a player who passed may bid again whenever it is their turn (``bidding="rebid"``)
    passers_back_any_time: bool = dataclasses.field(init=False, repr=False, compare=False)
    #: players who passed are back in once someone changes their suit (``bidding="rebid-on-change"``)
    passers_back_on_change: bool = dataclasses.field(init=False, repr=False, compare=False)
    #: in no trumps the joker may be played at any time, not only when void (``joker_no_trumps="any-time"``)
    joker_any_time: bool = dataclasses.field(init=False, repr=False, compare=False)
    #: only the declarer may name the joker's suit in advance (``joker_advance_by="declarer"``)
    joker_named_by_declarer_only: bool = dataclasses.field(init=False, repr=False, compare=False)
    #: defenders score only their tricks beyond five (``defender_tricks="beyond-five"``)
    defenders_score_beyond_five: bool = dataclasses.field(init=False, repr=False, compare=False)
    #: seats grouped by scoring side: ((0, 2), (1, 3)) for four players
    sides: tuple[tuple[int, ...], ...] = dataclasses.field(init=False, repr=False, compare=False)
    #: every biddable contract, lowest first (misères at their variant places)
    ladder: tuple[Bid, ...] = dataclasses.field(init=False, repr=False, compare=False)
    _side_of: tuple[int, ...] = dataclasses.field(init=False, repr=False, compare=False)
    _ladder_place: dict[Bid, int] = dataclasses.field(init=False, repr=False, compare=False)
    _deck: tuple[Card, ...] = dataclasses.field(init=False, repr=False, compare=False)
    _tables: dict[tuple[Bid | None, Suit | None], ContractTable] = dataclasses.field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if self.players not in _SEAT_NAMES:
            raise RulesError(f"Five Hundred is played by 2, 3, 4, 5 or 6 players, not {self.players}")
        default_deck = {2: 43, 3: 33, 4: 43, 5: 53, 6: 63}[self.players]
        if self.deck_size is None:
            set_(self, "deck_size", default_deck)
        allowed = {2: (43,), 3: (33,), 4: (43, 45), 5: (53,), 6: (63,)}[self.players]
        if self.deck_size not in allowed:
            raise RulesError(
                f"a {self.players}-player game uses a deck of "
                + " or ".join(str(a) for a in allowed)
                + f" cards, not {self.deck_size}"
            )
        if self.partnerships is None:
            set_(self, "partnerships", self.players in (4, 6))
        if self.partnerships and self.players not in (4, 6):
            raise RulesError(f"{self.players} players cannot play in partnerships")
        if self.players in (4,) and not self.partnerships:
            raise RulesError("the 4-player game is played in fixed partnerships")
        if self.misere is None:
            set_(self, "misere", "never" if self.players == 2 else "after-seven")
        for field, options in _CHOICES.items():
            value = getattr(self, field)
            if value not in options:
                raise RulesError(f"{field} must be one of {', '.join(options)}; got {value!r}")
        self._read_words()
        if self.players == 2 and self.misere_allowed:
            raise RulesError("misère (open or not) is not allowed in the 2-player game")
        placement = _PLACEMENTS[self.misere_placement]
        if self.misere_value is None:
            set_(self, "misere_value", placement["misere"][1])
        if self.open_misere_value is None:
            set_(self, "open_misere_value", placement["open_misere"][1])
        if self.target <= 0:
            raise RulesError(f"the target score must be positive, not {self.target}")
        if self.hole is not None and self.hole >= 0:
            raise RulesError(f"the losing score ('in the hole') must be negative, not {self.hole}")
        barred = self.barred_from_winning_at
        if barred is not None and barred >= 0:
            raise RulesError(f"the score that bars a side from winning must be negative, not {barred}")
        if self.players == 3 and not self.hole_set and self.hole == -500:
            # The 3-player source plays on below -500 (RULES.md section 6).
            set_(self, "hole", None)
        if self.six_bids_informational and not self.single_round_auction:
            raise RulesError("6-level information bids belong to the single-round (American) auction")
        self._work_out()

    def _read_words(self) -> None:
        """Set the yes/no facts of the worded options (``misere_allowed`` …)."""
        set_ = object.__setattr__
        set_(self, "misere_allowed", self.misere != "never")
        set_(self, "misere_needs_seven", self.misere == "after-seven")
        set_(self, "single_round_auction", self.bidding == "single-round")
        set_(self, "pass_is_final", self.bidding in ("australian", "single-round"))
        set_(self, "passers_back_any_time", self.bidding == "rebid")
        set_(self, "passers_back_on_change", self.bidding == "rebid-on-change")
        set_(self, "joker_any_time", self.joker_no_trumps == "any-time")
        set_(self, "joker_named_by_declarer_only", self.joker_advance_by == "declarer")
        set_(self, "defenders_score_beyond_five", self.defender_tricks == "beyond-five")

    def _work_out(self) -> None:
        """Set the fields that follow from the options (sides, deck, ladder, contract tables)."""
        set_ = object.__setattr__
        sides = (
            tuple(tuple(range(start, self.players, 2)) for start in (0, 1))
            if self.partnerships
            else tuple((seat,) for seat in range(self.players))
        )
        set_(self, "sides", sides)
        set_(
            self,
            "_side_of",
            tuple(next(i for i, side in enumerate(sides) if seat in side) for seat in range(self.players)),
        )
        set_(self, "_deck", self._make_deck())
        set_(self, "ladder", self._make_ladder())
        set_(self, "_ladder_place", {bid: i for i, bid in enumerate(self.ladder)})
        set_(self, "_tables", {})

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        # The options only (the worked-out fields follow from them); a compiled frozen class
        # cannot be restored attribute by attribute.
        return (_from_options, ({f.name: getattr(self, f.name) for f in _OPTIONS},))

    # ------------------------------------------------------------------ presets
    @classmethod
    def preset(cls, name: str, **options: Any) -> Rules:
        """A named variant, optionally adjusted: ``Rules.preset("american", target=300)``."""
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        if key not in PRESETS:
            raise RulesError(f"no preset named {name!r}; choose one of: {', '.join(PRESETS)}")
        base = dict(PRESETS[key][1])
        base.update(options)
        if "hole" in options:
            base["hole_set"] = True
        return cls(preset_name=key, **base)

    @staticmethod
    def preset_names() -> list[str]:
        return list(PRESETS)

    def replace(self, **options: Any) -> Rules:
        """A copy with some options changed (validated again)."""
        if "hole" in options:
            options["hole_set"] = True
        return dataclasses.replace(self, **options)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe options, only those differing from ``Rules()`` plus the preset name."""
        default = {f.name: getattr(_DEFAULT_FOR_DIFF, f.name) for f in _OPTIONS}
        out: dict[str, Any] = {"preset_name": self.preset_name}
        for f in _OPTIONS:
            value = getattr(self, f.name)
            if f.name != "preset_name" and value != default[f.name]:
                out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        if not isinstance(data, dict):
            raise RulesError(f"rules must be an object of options, not {type(data).__name__}")
        names = {f.name for f in _OPTIONS}
        unknown = set(data) - names
        if unknown:
            raise RulesError(f"unknown rules option(s): {', '.join(sorted(unknown))}")
        for name, value in data.items():
            problem = option_problem(name, value)
            if problem:
                raise RulesError(problem)
        return cls(**data)

    @classmethod
    def coerce(cls, rules: Rules | str | Mapping[str, Any] | None) -> Rules:
        """Rules from whatever a caller holds: a ``Rules``, a preset name, options as in
        :meth:`to_dict` (a record, a request, a widget's state), or ``None`` for the default game.

        Anything else, an unknown option or a value of the wrong kind is a :class:`RulesError`
        that says what to write (the same from the compiled engine and the plain one).

        >>> Rules.coerce("american").bidding, Rules.coerce({"players": 3}).players, Rules.coerce(None).players
        ('single-round', 3, 4)
        >>> Rules.coerce({"slam_bonus": "no"})
        Traceback (most recent call last):
        ...
        fivehundred_tutor.errors.RulesError: slam_bonus must be true or false, not 'no'
        """
        if rules is None:
            return cls()
        if isinstance(rules, Rules):
            return rules
        if isinstance(rules, str):
            return cls.preset(rules)
        if isinstance(rules, Mapping):
            return cls.from_dict(dict(rules))
        raise RulesError(
            f"rules must be a preset name (like 'american') or a table of options, not {type(rules).__name__}"
        )

    # ------------------------------------------------------------- the table
    @property
    def seat_names(self) -> tuple[str, ...]:
        return _SEAT_NAMES[self.players]

    def seat_name(self, seat: int) -> str:
        """The seat's English name, as records and requests spell it: ``'North'``."""
        return _SEAT_NAMES[self.players][seat]

    def local_seat_name(self, seat: int) -> str:
        """The seat's name in the reader's language (:mod:`fivehundred_tutor.i18n`): ``'Północ'``, ``'Nord'``."""
        return _local_seat_names()[_SEAT_NAMES[self.players][seat]]

    @property
    def calls_partner(self) -> bool:
        """5 players: after the kitty, the declarer calls a card and its holder becomes the partner."""
        return self.players == 5

    @property
    def kitty_size(self) -> int:
        return 5 if self.deck_size == 45 else 3

    @property
    def hand_size(self) -> int:
        return 10

    def side_of(self, seat: int) -> int:
        return self._side_of[seat]

    def side_name(self, side: int) -> str:
        sep = "–" if self.players == 4 else " & "
        return sep.join(self.seat_name(s) for s in self.sides[side])

    def local_side_name(self, side: int) -> str:
        """:meth:`side_name` in the reader's language: ``'Północ–Południe'``, ``'Nord–Sud'``."""
        sep = "–" if self.players == 4 else " & "
        return sep.join(self.local_seat_name(s) for s in self.sides[side])

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side (empty without partnerships)."""
        return tuple(s for s in self.sides[self.side_of(seat)] if s != seat)

    # ------------------------------------------------------------------ deck
    def deck(self) -> list[Card]:
        """The pack for these rules, in a fixed order (suit, then rank), joker last.

        >>> len(Rules(players=3).deck()), len(Rules(players=5).deck()), len(Rules(players=6).deck())
        (33, 53, 63)
        """
        return list(self._deck)

    def _make_deck(self) -> tuple[Card, ...]:
        size = self.deck_size
        cards: list[Card] = []
        for suit in Suit:
            if size == 33:
                ranks = list(range(7, 11)) + [JACK, JACK + 1, JACK + 2, ACE]
            elif size == 53:
                ranks = list(range(2, 11)) + [JACK, JACK + 1, JACK + 2, ACE]
            elif size == 63:
                top = 13 if suit.is_red else 12
                ranks = list(range(2, top + 1)) + [JACK, JACK + 1, JACK + 2, ACE]
            else:
                low = 4 if (suit.is_red or size == 45) else 5
                ranks = list(range(low, 11)) + [JACK, JACK + 1, JACK + 2, ACE]
            cards.extend(Card(rank, suit) for rank in ranks)
        cards.append(JOKER)
        assert len(cards) == size, (len(cards), size)
        return tuple(cards)

    def deal_pattern(self) -> list[tuple[str, int]]:
        """Packets for dealing: ("hands", n) gives n to each player, ("kitty", n) to the kitty."""
        if self.players == 3:
            return [("hands", 3), ("kitty", 3), ("hands", 4), ("hands", 3)]
        if self.kitty_size == 5:
            return [("hands", 3), ("kitty", 2), ("hands", 4), ("kitty", 2), ("hands", 3), ("kitty", 1)]
        return [("hands", 3), ("kitty", 1), ("hands", 4), ("kitty", 1), ("hands", 3), ("kitty", 1)]

    # ----------------------------------------------------------------- bids
    def bid_key(self, bid: Bid) -> int:
        """Position of ``bid`` on the ladder (higher outranks)."""
        if bid.kind == "misere":
            return _PLACEMENTS[self.misere_placement]["misere"][0]
        if bid.kind == "open_misere":
            return _PLACEMENTS[self.misere_placement]["open_misere"][0]
        return _natural_key(bid.tricks, bid.denomination)

    def _make_ladder(self) -> tuple[Bid, ...]:
        bids: list[Bid] = []
        for tricks in range(6, 11):
            for denom in DENOMINATIONS:
                bids.append(Bid.no_trumps(tricks) if denom is None else Bid.suit(tricks, denom))
        if self.misere_allowed:
            bids += [Bid.misere(), Bid.open_misere()]
        return tuple(sorted(bids, key=self.bid_key))

    def ladder_place(self, bid: Bid) -> int:
        """Where ``bid`` stands on :attr:`ladder` (0: the lowest); a bid not on it (misère under
        "never") is a :class:`RulesError`.

        >>> Rules().ladder_place(Bid.parse("6S")), Rules.preset("no-misere").ladder_place(Bid.parse("7NT"))
        (0, 9)
        """
        place = self._ladder_place.get(bid)
        if place is None:
            raise RulesError(f"{bid} cannot be bid under these rules")
        return place

    def bid_ladder(self) -> list[Bid]:
        """Every biddable contract, lowest first (misères at their variant places)."""
        return list(self.ladder)

    def bid_value(self, bid: Bid) -> int:
        """Avondale value: 40 + 100·(tricks − 6) + 20·denomination; misères per variant."""
        if bid.kind == "misere":
            assert self.misere_value is not None
            return self.misere_value
        if bid.kind == "open_misere":
            assert self.open_misere_value is not None
            return self.open_misere_value
        return 40 + 100 * (bid.tricks - 6) + 20 * bid.denomination

    def outranks(self, a: Bid, b: Bid | None) -> bool:
        """Does bid ``a`` beat bid ``b`` (``None`` = no bid yet)?"""
        return b is None or self.bid_key(a) > self.bid_key(b)

    def describe_misere_placement(self) -> str:
        return _placement_words()[self.misere_placement]

    # ------------------------------------------------------------- cards in play
    def table(self, contract: Bid | None, joker_fixed: Suit | None = None) -> ContractTable:
        key = (contract, joker_fixed)
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = ContractTable(contract, joker_fixed)
        return table

    def effective_suit(self, card: Card, contract: Bid | None, joker_fixed: Suit | None = None) -> Suit | None:
        """The suit a card belongs to under ``contract``.

        The left bower and the joker are trumps; the joker has no suit in no trumps
        and misère (unless nominated in advance, ``joker_fixed``).
        """
        code = self.table(contract, joker_fixed).suit_of[card.index]
        return None if code == NO_SUIT else Suit(code)

    def ranking(self, suit: Suit | None, contract: Bid | None) -> list[Card]:
        """Deck cards whose effective suit is ``suit``, highest first.

        >>> [str(c) for c in Rules().ranking(Suit.DIAMONDS, Bid.parse("7H"))][:4]
        ['A♦', 'K♦', 'Q♦', '10♦']
        """
        table = self.table(contract)
        code = NO_SUIT if suit is None else int(suit)
        cards = [c for c in self._deck if table.suit_of[c.index] == code]
        return sorted(cards, key=lambda c: -table.power[c.index])

    def card_power(self, card: Card, contract: Bid | None) -> int:
        return self.table(contract).power[card.index]

    def led_suit(self, trick: Sequence[Card], contract: Bid | None, joker_suit: Suit | None = None) -> Suit | None:
        """The suit others must follow, given the first card and a led joker's named suit."""
        if not trick:
            return None
        table = self.table(contract)
        code = table.suit_of[trick[0].index]
        if code == NO_SUIT:
            if joker_suit is None:
                raise RulesError("the joker was led in no trumps: say which suit it names (joker_suit)")
            return joker_suit
        return Suit(code)

    def legal_plays(
        self,
        hand: Iterable[Card],
        trick: Sequence[Card],
        contract: Bid | None,
        joker_suit: Suit | None = None,
        joker_fixed: Suit | None = None,
    ) -> list[Card]:
        """Cards of ``hand`` that may be played to ``trick`` (cards already played, in order).

        >>> r, hearts = Rules(), Bid.parse("7H")
        >>> [str(c) for c in r.legal_plays(parse_cards("JD AD 5S"), parse_cards("4H"), hearts)]
        ['J♦']
        """
        hand = list(hand)
        if not trick:
            return hand
        table = self.table(contract, joker_fixed)
        led = table.suit_of[trick[0].index]
        if led == NO_SUIT:
            if joker_suit is None:
                raise RulesError("the joker was led in no trumps: say which suit it names (joker_suit)")
            led = int(joker_suit)
        suit_of = table.suit_of
        followers = [c for c in hand if suit_of[c.index] == led]
        if not followers:
            return hand
        if table.joker_free and JOKER in hand and self.joker_any_time:
            followers.append(JOKER)
        return followers

    def trick_winner(
        self,
        trick: Sequence[Card],
        contract: Bid | None,
        joker_suit: Suit | None = None,
        joker_fixed: Suit | None = None,
    ) -> int:
        """Index (into ``trick``) of the card winning it so far.

        >>> Rules().trick_winner(parse_cards("AH JD 5H"), Bid.parse("7H"))
        1
        """
        if not trick:
            raise RulesError("an empty trick has no winner")
        return self.table(contract, joker_fixed).winner(trick, joker_suit)

    # --------------------------------------------------------------- scoring
    def score(self, contract: Bid, declarer_tricks: int) -> tuple[int, int]:
        """(declaring side, defending side) points for one hand.

        >>> Rules().score(Bid.parse("8D"), 9)
        (280, 10)
        >>> Rules().score(Bid.parse("7S"), 10), Rules().score(Bid.parse("7S"), 6)
        ((250, 0), (-140, 40))

        With several defending sides (3 players) the second figure is their total.
        """
        if not 0 <= declarer_tricks <= 10:
            raise RulesError(f"a side takes 0–10 tricks, not {declarer_tricks}")
        value = self.bid_value(contract)
        if contract.is_misere:
            made = declarer_tricks == 0
            return (value if made else -value, 0)
        made = declarer_tricks >= contract.tricks
        declaring = value if made else -value
        if made and declarer_tricks == 10 and self.slam_bonus and value < 250:
            declaring = 250
        return declaring, self.defender_points(10 - declarer_tricks)

    def defender_points(self, tricks: int) -> int:
        """Points for defenders' tricks (10 each; only beyond five in that variant)."""
        if self.defenders_score_beyond_five:
            return 10 * max(0, tricks - 5)
        return 10 * tricks

    # ---------------------------------------------------------- explanations
    def explain_card(self, card: Card, contract: Bid | None) -> str:
        """One sentence on what ``card`` is under ``contract``.

        >>> Rules().explain_card(Card.parse("JD"), Bid.parse("7H"))
        'J♦ is the left bower: a heart (a trump) while hearts are trumps, the third-highest card.'
        """
        return explain_card(self, card, contract)

    def why_illegal(
        self,
        card: Card,
        hand: Sequence[Card],
        trick: Sequence[Card],
        contract: Bid | None,
        joker_suit: Suit | None = None,
        *,
        from_table: bool = False,
    ) -> str | None:
        """``None`` if ``card`` may be played, else the reason in words (``from_table``: ``hand`` is the
        2-player game's face-up table cards)."""
        return why_illegal(self, card, hand, trick, contract, joker_suit, from_table=from_table)

    def explain_trick(self, trick: Sequence[Card], contract: Bid | None, joker_suit: Suit | None = None) -> str:
        """Why the winning card wins."""
        return explain_trick(self, trick, contract, joker_suit)

    @property
    def bars_from_winning(self) -> bool:
        """Can a side be barred from winning (fall to ``barred_from_winning_at`` and play on)?

        >>> Rules.preset("three-player").bars_from_winning, Rules().bars_from_winning
        (True, False)
        """
        barred = self.barred_from_winning_at
        return barred is not None and (self.hole is None or self.hole < barred)

    # -------------------------------------------------------------- for people
    def describe(self) -> list[tuple[str, str]]:
        """(topic, setting) pairs in words, for the book and CLI."""
        return describe_rules(self)

    @property
    def title(self) -> str:
        """What a learner reads for these rules: their preset's title ("Australian rules (the usual game)")."""
        return preset_title(self.preset_name)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><th scope='row'>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in self.describe()
        )
        return f"<table class='fht-rules'><caption>{html.escape(_('Rules: {title}').format(title=self.title))}</caption>{rows}</table>"


def _presets() -> dict[str, tuple[str, dict[str, Any]]]:
    return {
        "australian": ("4 players in partnerships, 43 cards; the default game", {}),
        "american": (
            "one round of bidding, 6-level bids only inform, the joker named only to a suit not shown void",
            {"bidding": "single-round", "six_bids_informational": True, "joker_nominate_void_suit": False},
        ),
        "two-player": ("2 players with the dummy layout (5 table piles each)", {"players": 2}),
        "three-player": ("3 players each for themselves, 33 cards", {"players": 3}),
        "six-player": ("6 players in two teams of three, 63 cards", {"players": 6}),
        "six-player-individual": ("6 players each for themselves, 63 cards", {"players": 6, "partnerships": False}),
        "45-card": ("black 4s kept: 45 cards and a kitty of 5", {"deck_size": 45}),
        "misere-any-time": ("misère may be bid without a 7 bid first", {"misere": "any-time"}),
        "no-misere": ("misère and open misère may not be bid", {"misere": "never"}),
        "open-misere-above-10h": ("open misère above 10♥, below 10NT", {"misere_placement": "open-above-10h"}),
        "open-misere-330": ("open misère above 8NT, below 9♠, worth 330", {"misere_placement": "open-330"}),
        "misere-150": ("misère 150 above 7♠; open misère 250 above 8♠", {"misere_placement": "low"}),
        "five-player": (
            "5 players, 53 cards; the declarer calls a card and its holder is the partner for the hand",
            {"players": 5},
        ),
        "bridge-bidding": ("a player who passed may bid again (as in bridge)", {"bidding": "rebid"}),
        "rebid-after-change": (
            "a player who passed may bid again once someone changes the suit of their bid",
            {"bidding": "rebid-on-change"},
        ),
        "declarer-raises": ("the auction winner may raise their own bid", {"declarer_may_raise": True}),
        "joker-any-time": ("in no trumps the joker may be played at any time", {"joker_no_trumps": "any-time"}),
        "joker-not-to-void": (
            "the joker may not be named to a suit its holder has shown void in",
            {"joker_nominate_void_suit": False},
        ),
        "joker-advance": (
            "in no trumps the joker's holder, declarer or defender, may name its suit before the first lead",
            {"joker_advance_nomination": True},
        ),
        "joker-advance-declarer": (
            "in no trumps a declarer holding the joker may name its suit before the first lead",
            {"joker_advance_nomination": True, "joker_advance_by": "declarer"},
        ),
        "defenders-beyond-five": ("defenders score only tricks beyond five", {"defender_tricks": "beyond-five"}),
        "no-hole": ("no loss at -500", {"hole": None, "barred_from_winning_at": None}),
        "declarer-must-win": ("a side wins only by making a contract as declarer", {"win_only_as_declarer": True}),
    }


PRESETS = _presets()
#: the fields that are options (the arguments of ``Rules(...)``), in order
_OPTIONS = tuple(f for f in dataclasses.fields(Rules) if f.init)
_DEFAULT_FOR_DIFF = Rules()


def _from_options(options: dict[str, Any]) -> Rules:
    return Rules(**options)


# Each option's kind, for options read from outside (records, requests, files): "bool", "int",
# "words" (one of a Literal's words) or "text"; "?" where None is allowed.  Written out, not read
# from the annotations: the compiled class's annotations are not the source's
# (tests/engine/test_typed_vocabulary.py checks this table against them).
_OPTION_KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "preset_name": ("text", ()),
    "players": ("int", ()),
    "deck_size": ("int?", ()),
    "partnerships": ("bool?", ()),
    "misere": ("words?", get_args(Misere)),
    "misere_placement": ("words", get_args(MiserePlacement)),
    "misere_value": ("int?", ()),
    "open_misere_value": ("int?", ()),
    "bidding": ("words", get_args(Bidding)),
    "six_bids_informational": ("bool", ()),
    "declarer_may_raise": ("bool", ()),
    "joker_no_trumps": ("words", get_args(JokerNoTrumps)),
    "joker_nominate_void_suit": ("bool", ()),
    "joker_advance_nomination": ("bool", ()),
    "joker_advance_by": ("words", get_args(JokerAdvanceBy)),
    "defender_tricks": ("words", get_args(DefenderTricks)),
    "misere_defenders_score": ("bool", ()),
    "slam_bonus": ("bool", ()),
    "target": ("int", ()),
    "hole": ("int?", ()),
    "hole_set": ("bool", ()),
    "barred_from_winning_at": ("int?", ()),
    "win_only_as_declarer": ("bool", ()),
    "misere_stops_early": ("bool", ()),
}
assert set(_OPTION_KINDS) == {f.name for f in _OPTIONS}, "a Rules option without its kind in _OPTION_KINDS"


def option_problem(name: str, value: Any) -> str | None:
    """What is wrong with ``value`` for the option ``name`` (None: nothing; the values themselves,
    like a 45-card deck for 3 players, are checked by ``Rules`` itself).

    >>> option_problem("target", 1.5), option_problem("misere", "nevr"), option_problem("hole", None)
    ('target must be a whole number, not 1.5', "misere must be one of after-seven, any-time, never; got 'nevr'", None)
    """
    kind, words = _OPTION_KINDS.get(name, ("unknown", ()))
    if kind == "unknown":
        return f"unknown rules option {name!r}"
    if value is None and kind.endswith("?"):
        return None
    kind = kind.rstrip("?")
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:39] + "…"  # a value read from a file may be huge
    if kind == "bool" and not isinstance(value, bool):
        return f"{name} must be true or false, not {shown}"
    if kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
        return f"{name} must be a whole number, not {shown}"
    if kind == "words" and not isinstance(value, str):
        return f"{name} must be a name in quotes (one of {', '.join(words)}), not {shown}"
    if kind == "words" and value not in words:
        return f"{name} must be one of {', '.join(words)}; got {shown}"
    if kind == "text" and not isinstance(value, str):
        return f"{name} must be a name, not {shown}"
    return None


#: what a learner reads for each rules preset (the Rules menu), in the order of ``Rules.preset_names()``
PRESET_TITLES: dict[str, str] = {
    "australian": N_("Australian rules (the usual game)"),
    "american": N_("American rules (one round of bidding)"),
    "two-player": N_("Two players"),
    "three-player": N_("Three players"),
    "six-player": N_("Six players in two teams"),
    "six-player-individual": N_("Six players, each for themselves"),
    "45-card": N_("45 cards (black 4s kept)"),
    "misere-any-time": N_("Misère at any time"),
    "no-misere": N_("No misère"),
    "open-misere-above-10h": N_("Open misère above 10\u2665"),
    "open-misere-330": N_("Open misère worth 330"),
    "misere-150": N_("Misère worth 150"),
    "five-player": N_("Five players (a called partner)"),
    "bridge-bidding": N_("Bid again after passing (as in bridge)"),
    "rebid-after-change": N_("Bid again when the suit changes"),
    "declarer-raises": N_("The declarer may raise their bid"),
    "joker-any-time": N_("Joker at any time in no trumps"),
    "joker-not-to-void": N_("Joker not named to a void suit"),
    "joker-advance": N_("Joker's suit named before the lead"),
    "joker-advance-declarer": N_("Declarer names the joker's suit before the lead"),
    "defenders-beyond-five": N_("Defenders score only tricks beyond five"),
    "no-hole": N_("No loss at -500"),
    "declarer-must-win": N_("Win only by making a contract"),
}


def preset_title(name: str) -> str:
    """The human title of a rules preset, for a learner (its slug never reaches one).

    >>> preset_title("joker-any-time"), Rules().title
    ('Joker at any time in no trumps', 'Australian rules (the usual game)')
    """
    if name in PRESET_TITLES:
        return _(PRESET_TITLES[name])
    return name.replace("-", " ").capitalize()


def _fix_doctest_namespace() -> None:
    # Doctests above use parse_cards and Card/Bid/Suit by name.
    from .cards import parse_cards

    globals()["parse_cards"] = parse_cards


_fix_doctest_namespace()
