"""One hand of Five Hundred: auction → kitty → play → done.

The :class:`Deal` is the one mutable state object: ``legal_actions()``,
``push(action)``, ``pop()``, like python-chess's ``Board``.

>>> deal = Deal.new(Rules(), seed=7, dealer=0)
>>> deal.phase.value, deal.rules.seat_name(deal.to_move)
('auction', 'East')
>>> deal.push("pass"); deal.push("6NT"); deal.auction[-1]
(2, Bid.parse('6NT'))
>>> deal.pop()
Bid.parse('6NT')
>>> try:
...     deal.push("J♦")
... except IllegalAction as err:
...     print(err)
It is the auction: South must bid or pass, not play a card.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, NamedTuple, cast

from .actions import HAND, TABLE, Action, CallPartner, Discard, NominateJoker, Play
from .bids import PASS, Bid, BidParseError, Pass, parse_call
from .cards import ALL_CARDS, JOKER, Card, CardParseError, Suit, display_order, left_bower
from .display import picture
from .errors import GameStateError, IllegalAction
from .explain import call_label, play_label, why_illegal
from .i18n import gettext as _
from .i18n import gettext_noop as N_
from .i18n import ngettext
from .rng import Random
from .rules import NO_SUIT, Rules, RulesError

__all__ = [
    "AUCTION",
    "DONE",
    "KITTY",
    "PLAY",
    "Deal",
    "DealResult",
    "GameStateError",
    "IllegalAction",
    "Phase",
    "Trick",
]


class Phase(str, enum.Enum):
    """Where a deal stands; one legal-actions path per phase.  Compares equal to its text (``"play"``)."""

    AUCTION = "auction"
    KITTY = "kitty"
    PLAY = "play"
    DONE = "done"

    # Shown, printed and serialised as its text, so JSON, f-strings and doctests read "play".
    __str__ = str.__str__
    __format__ = str.__format__  # type: ignore[assignment]
    __repr__ = str.__repr__


# Final: the compiled engine keeps them in C statics (no module-dict lookup per use)
AUCTION: Final[Phase] = Phase.AUCTION
KITTY: Final[Phase] = Phase.KITTY
PLAY: Final[Phase] = Phase.PLAY
DONE: Final[Phase] = Phase.DONE
FORMAT = "fivehundred-deal/1"


class Trick(NamedTuple):
    """A completed trick: who led, the plays ``(seat, card, source)``, the winner, a led joker's suit."""

    leader: int
    plays: tuple[tuple[int, Card, str | None], ...]
    winner: int
    joker_suit: Suit | None
    win_index: int = -1  # index into ``plays`` of the winning card

    @property
    def cards(self) -> list[Card]:
        return [card for _, card, _ in self.plays]

    @property
    def winning_card(self) -> Card:
        """The card that won (in the 2-player game a seat plays two cards to a trick)."""
        if self.win_index >= 0:
            return self.plays[self.win_index][1]
        return next(card for seat, card, _ in self.plays if seat == self.winner)

    @property
    def winning_source(self) -> str | None:
        """``"hand"`` or ``"table"`` in the 2-player game."""
        return self.plays[self.win_index][2] if self.win_index >= 0 else None


# What pop() needs to undo an action, as small plain tuples (the action itself, on ``history``,
# says which kind): building a NamedTuple costs a Python-level call on every card played.
#: a call: the auction's scalar state before it (``Deal._auction_state``)
CallUndo = tuple[
    int | None, Bid | None, int | None, list[bool], int, int, bool, int, bool,
    tuple[tuple[str, Suit | None] | None, ...], Phase, str | None,
]  # fmt: skip
#: the trick as it stood before its last card completed it: (plays, led joker's suit, leader,
#: 2-player slot order, 2-player table cards that turned up as (seat, pile))
TrickEnd = tuple[
    list[tuple[int, Card, str | None]], Suit | None, int | None, list[tuple[int, str]], list[tuple[int, int]]
]
#: a card played: (seat, index in the hand or -1, index of the table pile or -1, the seat's shown voids
#: before it, the trick it completed or None)
PlayUndo = tuple[int, int, int, int, TrickEnd | None]
#: a discard: where the card sat in the declarer's hand; a nomination or a partner call: the seat
SeatUndo = tuple[int]
Undo = CallUndo | PlayUndo | SeatUndo


def _record_seed(seed: object) -> int | None:
    """A record's seed: an int, or its decimal text (a widget carries a seed beyond 2**53 as text, since
    JavaScript's numbers cannot hold it).

    >>> _record_seed("4611686018427387905"), _record_seed(7), _record_seed(None)
    (4611686018427387905, 7, None)
    """
    if seed is None:
        return None
    if isinstance(seed, int) and not isinstance(seed, bool):
        return seed
    if isinstance(seed, str) and seed.isascii() and seed.isdigit() and len(seed) <= 40:
        return int(seed)
    raise RulesError(f"a deal record's seed must be a whole number, not {seed!r}")


@dataclasses.dataclass(frozen=True)
class DealResult:
    """How a hand ended and what each side scored."""

    contract: Bid | None
    declarer: int | None
    declarer_tricks: int
    tricks_by_seat: tuple[int, ...]
    made: bool
    scores: tuple[int, ...]  # per side, in ``rules.sides`` order
    thrown_in: bool
    summary: str

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Field by field: the compiled (frozen) class cannot be restored by setting attributes.
        return (DealResult, tuple(getattr(self, f.name) for f in dataclasses.fields(self)))

    def to_dict(self) -> dict[str, Any]:
        return {
            "contract": None if self.contract is None else self.contract.code,
            "declarer": self.declarer,
            "declarer_tricks": self.declarer_tricks,
            "tricks_by_seat": list(self.tricks_by_seat),
            "made": self.made,
            "scores": list(self.scores),
            "thrown_in": self.thrown_in,
            "summary": self.summary,
        }


# Play(card) and Discard(card) by card.index (None where no card has that index)
_PLAIN: Final = [Play(c) for c in sorted(ALL_CARDS, key=lambda c: c.index)]
_DISCARDS: Final = [Discard(c) for c in sorted(ALL_CARDS, key=lambda c: c.index)]


def _parses(parser: Any, text: str) -> bool:
    try:
        parser(text)
    except ValueError:
        return False
    return True


def _holds_suit(cards: list[Card], suit_of: list[int], suit: int) -> bool:
    return any(suit_of[c.index] == suit for c in cards)


def _cards(cards: Iterable[Card | str]) -> list[Card]:
    return [Card.parse(c) if isinstance(c, str) else c for c in cards]


class Deal:
    """The state of one hand.  Build with :meth:`new`, :meth:`from_position` or :meth:`from_dict`."""

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Sequence[Card | str]],
        kitty: Sequence[Card | str] = (),
        dealer: int = 0,
        *,
        table: Sequence[Sequence[Sequence[Card | str]]] | None = None,
        seed: int | None = None,
        _checked: bool = False,
        _position: bool = False,
    ) -> None:
        n = rules.players
        if len(hands) != n:
            raise RulesError(f"{n} players need {n} hands, got {len(hands)}")
        if not 0 <= dealer < n:
            raise RulesError(f"dealer must be a seat 0–{n - 1}, not {dealer}")
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.seed = seed
        # (new() deals Card objects: no text to read)
        self.hands: list[list[Card]] = [list(h) if _checked else _cards(h) for h in hands]  # type: ignore[arg-type]
        self.kitty: list[Card] = list(kitty) if _checked else _cards(kitty)  # type: ignore[arg-type]
        self.table: list[list[list[Card]]] | None = None
        self._pile_up: list[list[bool]] = []
        if rules.players == 2:
            if table is None:
                raise RulesError("the 2-player game needs table piles for each player")
            self.table = [[_cards(pile) for pile in piles] for piles in table]
            self._pile_up = [[True] * len(piles) for piles in self.table]
        if not _checked:
            self._check_cards()
            if not _position:
                self._check_sizes()
        # The cards as dealt, for the record (written out as codes only when a record is asked for).
        self._dealt_hands: tuple[tuple[Card, ...], ...] = tuple([tuple(h) for h in self.hands])
        self._dealt_kitty: tuple[Card, ...] = tuple(self.kitty)
        self._dealt_table: tuple[tuple[tuple[Card, ...], ...], ...] | None = None
        if self.table is not None:
            self._dealt_table = tuple([tuple([tuple(pile) for pile in piles]) for piles in self.table])
        self._start_position: dict[str, Any] | None = None  # from_position's set-up, for the record
        # Rules read on every card, copied here once.
        self._stops_early = rules.misere_stops_early
        self._joker_any_time = rules.joker_any_time
        self.discards: list[Card] = []
        self.phase: Phase = AUCTION
        self.to_move: int | None = (dealer + 1) % n
        # auction
        self.auction: list[tuple[int, Bid | Pass]] = []
        self.high_bid: Bid | None = None
        self.high_bidder: int | None = None
        self._passed = [False] * n
        self._calls = 0  # calls since the auction (re)opened
        self._consecutive_passes = 0
        self._seven_bid = False
        self._bidders = 0  # bit per seat that bid since the auction (re)opened
        self._raise_pending = False
        # each seat's last bid denomination, for the rebid-after-change variant
        self._last_denomination: tuple[tuple[str, Suit | None] | None, ...] = (None,) * n
        self.thrown_in_reason: str | None = None
        # play
        self.contract: Bid | None = None
        self.declarer: int | None = None
        self.active: tuple[int, ...] = tuple(range(n))
        self.leader: int | None = None
        self.trick: list[tuple[int, Card, str | None]] = []
        self.trick_joker_suit: Suit | None = None
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * n
        self.voids = [0] * n  # bit s set: seat has shown void in suit s
        self.joker_fixed: Suit | None = None
        self._nominating = False
        # 5 players: the card the declarer calls, and its holder (the partner for this hand)
        self.called_card: Card | None = None
        self.partner: int | None = None
        self._calling = False
        self._order: list[tuple[int, str]] = []  # 2-player: (seat, source) for each slot of the trick
        self.history: list[Action] = []
        self._undo: list[Undo] = []
        self._legal: list[Action] | None = None  # cache, cleared by push/pop
        self._ctable = rules.table(None)  # card tables for the contract; see _refresh_table

    # ----------------------------------------------------------- constructors
    @classmethod
    def new(cls, rules: Rules | None = None, seed: int | None = None, dealer: int = 0) -> Deal:
        """Shuffle (reproducibly from ``seed``) and deal in the rules' packet pattern."""
        rules = rules or Rules()
        if seed is None:
            seed = Random.fresh_seed()
        deck = rules.deck()
        Random(seed).shuffle(deck)
        n = rules.players
        hands: list[list[Card]] = [[] for _ in range(n)]
        kitty: list[Card] = []
        order = [(dealer + 1 + i) % n for i in range(n)]
        pos = 0
        for where, count in rules.deal_pattern():
            if where == "hands":
                for seat in order:
                    hands[seat].extend(deck[pos : pos + count])
                    pos += count
            else:
                kitty.extend(deck[pos : pos + count])
                pos += count
        table = None
        if n == 2:
            # Five face-down cards each, then a face-up card on each (RULES.md section 8).
            downs = {seat: deck[pos + 5 * k : pos + 5 * k + 5] for k, seat in enumerate(order)}
            pos += 10
            ups = {seat: deck[pos + 5 * k : pos + 5 * k + 5] for k, seat in enumerate(order)}
            pos += 10
            table = [[[downs[s][i], ups[s][i]] for i in range(5)] for s in range(n)]
        assert pos == len(deck), (pos, len(deck))
        return cls(rules, hands, kitty, dealer, table=table, seed=seed, _checked=True)

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        hands: Mapping[int | str, Iterable[Card | str]] | Sequence[Iterable[Card | str]],
        contract: Bid | str,
        declarer: int | str,
        leader: int | str | None = None,
        *,
        tricks_won: Sequence[int] | None = None,
        joker_fixed: Suit | None = None,
        table: Sequence[Sequence[Sequence[Card | str]]] | None = None,
        called_card: Card | str | None = None,
        partner: int | str | None = None,
    ) -> Deal:
        """A play-phase position set up directly (problems, endings, tests).

        ``hands`` maps seat (index or name) to cards; seats sitting out of a misère
        may be omitted.  ``tricks_won`` counts tricks already taken by each seat.
        With 5 players, ``called_card`` is the card the declarer called and ``partner`` its holder
        (by default whoever holds it in ``hands``; give it when the card was played before this
        position); without either the declarer plays alone.

        >>> d = Deal.from_position(Rules(), {0: "JH 5S", 1: "AH 6S", 2: "KH 7S", 3: "QH 8S"}, "7H", 0)
        >>> d.phase, d.to_move, len(d.legal_actions())
        ('play', 0, 2)
        """
        seat_of = {name.lower(): i for i, name in enumerate(rules.seat_names)}
        seat_of.update({name[0].lower(): i for i, name in enumerate(rules.seat_names) if rules.players != 6})

        def seat_index(s: int | str) -> int:
            if isinstance(s, int):
                if not 0 <= s < rules.players:
                    raise RulesError(f"no seat {s} in a {rules.players}-player game")
                return s
            try:
                return seat_of[s.strip().lower()]
            except KeyError:
                raise RulesError(f"no seat named {s!r}; seats are {', '.join(rules.seat_names)}") from None

        bid = Bid.parse(contract) if isinstance(contract, str) else contract
        decl = seat_index(declarer)
        lead = decl if leader is None else seat_index(leader)
        by_seat: list[list[Card]] = [[] for _ in range(rules.players)]
        items = hands.items() if isinstance(hands, Mapping) else enumerate(hands)
        for seat, cards in items:
            by_seat[seat_index(seat)] = _cards(cards.split() if isinstance(cards, str) else cards)
        deal = cls(
            rules,
            by_seat,
            (),
            (decl - 1) % rules.players,
            table=table or ([[]] * 2 if rules.players == 2 else None),
            _position=True,
        )
        deal._start_position = start = {
            "contract": bid.code,
            "declarer": decl,
            "leader": lead,
            "tricks_won": list(tricks_won or [0] * rules.players),
            "joker_fixed": None if joker_fixed is None else joker_fixed.letter,
        }
        deal._enter_position(bid, decl, lead, tricks_won, joker_fixed)
        if called_card is not None or partner is not None:
            called = Card.parse(called_card) if isinstance(called_card, str) else called_card
            deal._set_partner(called, None if partner is None else seat_index(partner))
            start["called_card"] = None if called is None else called.code
            start["partner"] = deal.partner
        return deal

    def _set_partner(self, called: Card | None, partner: int | None) -> None:
        """A position's called card and partner (5 players), checked as the call would be."""
        if not self.rules.calls_partner:
            raise RulesError("only the 5-player game calls a partner")
        assert self.contract is not None and self.declarer is not None
        if self.contract.is_misere:
            raise RulesError("misère is played alone: no partner is called")
        if partner is None:
            holders = [s for s in range(self.n) if called in self.hands[s]]
            if not holders:
                raise RulesError(f"nobody holds {called}: say who the partner is")
            partner = holders[0]
        elif called is not None and any(called in self.hands[s] for s in range(self.n) if s != partner):
            raise RulesError(f"{called} is in another player's hand, not the partner's")
        if partner == self.declarer:
            raise RulesError("the declarer cannot be their own partner")
        self.called_card = called
        self.partner = partner

    def _enter_position(
        self, bid: Bid, decl: int, lead: int, tricks_won: Sequence[int] | None, joker_fixed: Suit | None
    ) -> None:
        self.contract, self.declarer, self.high_bid, self.high_bidder = bid, decl, bid, decl
        self.joker_fixed = joker_fixed
        self._refresh_table()
        self.tricks_won = list(tricks_won or [0] * self.n)
        self.active = self._active_seats()
        if lead not in self.active:
            raise RulesError(f"{self.rules.seat_name(lead)} sits out this contract and cannot lead")
        sizes = {len(self.hands[s]) + self._table_count(s) for s in self.active}
        if len(sizes) != 1:
            raise RulesError("every active player must hold the same number of cards")
        self.phase, self.leader, self.to_move = PLAY, lead, lead
        if self.n == 2:
            other = 1 - lead
            self._order = [(lead, HAND), (other, HAND), (lead, TABLE), (other, TABLE)]
        if sizes == {0}:
            self.phase, self.to_move = DONE, None

    def _check_cards(self) -> None:
        seen: set[Card] = set()
        everything = [c for h in self.hands for c in h] + self.kitty
        if self.table is not None:
            everything += [c for piles in self.table for pile in piles for c in pile]
        deck = set(self.rules.deck())
        for card in everything:
            if card in seen:
                raise RulesError(f"{card} appears twice in the deal")
            if card not in deck:
                raise RulesError(f"{card} is not in the {self.rules.deck_size}-card deck")
            seen.add(card)

    def _check_sizes(self) -> None:
        """A deal before the auction is a misdeal unless every hand, the kitty and the 2-player piles are full."""
        size = self.rules.hand_size
        for seat, hand in enumerate(self.hands):
            if len(hand) != size:
                name = self.rules.seat_name(seat)
                raise RulesError(f"misdeal: {name} holds {len(hand)} cards; every hand is dealt {size}")
        if len(self.kitty) != self.rules.kitty_size:
            raise RulesError(f"misdeal: the kitty holds {len(self.kitty)} cards, not {self.rules.kitty_size}")
        if self.table is not None:
            for seat, piles in enumerate(self.table):
                if len(piles) != 5 or any(len(pile) != 2 for pile in piles):
                    name = self.rules.seat_name(seat)
                    raise RulesError(f"misdeal: {name}'s table needs five piles of two cards")

    # ------------------------------------------------------------- queries
    def _table_count(self, seat: int) -> int:
        if self.table is None:
            return 0
        return sum(len(p) for p in self.table[seat])

    def table_up(self, seat: int) -> list[Card]:
        """2-player game: the face-up table cards of ``seat`` (playable)."""
        if self.table is None:
            return []
        return [pile[-1] for pile, up in zip(self.table[seat], self._pile_up[seat]) if pile and up]

    def table_piles(self, seat: int) -> list[tuple[Card | None, Card | None, bool]]:
        """2-player game: each pile as (face-down card or None, top card or None, top face up)."""
        assert self.table is not None
        out: list[tuple[Card | None, Card | None, bool]] = []
        for pile, up in zip(self.table[seat], self._pile_up[seat]):
            if len(pile) == 2:
                out.append((pile[0], pile[1], True))
            elif len(pile) == 1:
                out.append((None, pile[0], up))
            else:
                out.append((None, None, False))
        return out

    @property
    def is_nominating(self) -> bool:
        """Variant step: the joker's holder names its suit in advance, before the first lead."""
        return self._nominating

    @property
    def is_calling(self) -> bool:
        """5 players: the declarer has discarded and now calls a card to choose a partner."""
        return self._calling

    @property
    def declaring_seats(self) -> tuple[int, ...]:
        """The declarer's side for this hand: partners, or with 5 players the declarer and the called partner."""
        if self.declarer is None:
            return ()
        if self.rules.calls_partner:
            if self.partner is None or self.partner == self.declarer:
                return (self.declarer,)
            return (self.declarer, self.partner)
        return self.rules.sides[self.rules.side_of(self.declarer)]

    @property
    def partner_shown(self) -> bool:
        """5 players: whether the called card has been played (on the table now or in a finished
        trick, or before a position set up with :meth:`from_position`), so that every player knows
        who the partner is.  Only play takes a card out of a hand, and nobody discards the called card."""
        card = self.called_card
        return card is not None and not any(card in hand for hand in self.hands)

    def partner_known_to(self, seat: int | None) -> int | None:
        """5 players: the called partner as ``seat`` knows it (``None`` for a commentator's view: every
        card seen).  The partner knows from the call, having the card; everyone else when it is played.

        >>> d = Deal.from_position(
        ...     Rules.preset("five-player"),
        ...     ["AH", "KH", "QH", "JH", "2H"], "7NT", 0, called_card="KH")
        >>> d.partner, d.partner_known_to(0), d.partner_known_to(1), d.partner_known_to(2)
        (1, None, 1, None)
        >>> d.push("AH"); d.push("KH"); d.partner_known_to(0), d.partner_known_to(2)
        (1, 1)
        """
        if self.partner is None:
            return None
        if seat is None or seat == self.partner or self.partner_shown:
            return self.partner
        return None

    def known_partners(self, seat: int) -> tuple[int, ...]:
        """The seats ``seat`` knows to be on its side for this hand (itself left out): its partners in
        a partnership game; with 5 players the declarer and the called partner once ``seat`` knows the
        partner, and the other defenders for a defender who knows who the partner is (in misère the
        declarer plays alone, so every defender knows the other three)."""
        if not self.rules.calls_partner:
            return self.rules.partners(seat)
        declarer = self.declarer
        if declarer is None or self.contract is None:
            return ()
        if self.contract.is_misere:
            return () if seat == declarer else tuple(s for s in range(self.n) if s not in (seat, declarer))
        partner = self.partner_known_to(seat)
        if partner is None:
            return ()
        declaring = (declarer, partner)
        if seat in declaring:
            return tuple(s for s in declaring if s != seat)
        return tuple(s for s in range(self.n) if s != seat and s not in declaring)

    @property
    def play_order(self) -> tuple[tuple[int, str], ...]:
        """2-player game: (seat, ``"hand"``/``"table"``) for each slot of the current trick; empty otherwise."""
        return tuple(self._order)

    @property
    def is_over(self) -> bool:
        return self.phase is DONE

    @property
    def declaring_side(self) -> int | None:
        return None if self.declarer is None else self.rules.side_of(self.declarer)

    def side_tricks(self, side: int) -> int:
        return sum(self.tricks_won[s] for s in self.rules.sides[side])

    @property
    def declarer_tricks(self) -> int:
        """Tricks won by the declarer's side so far (the declarer alone in misère)."""
        if self.declarer is None:
            return 0
        if self.contract is not None and self.contract.is_misere:
            return self.tricks_won[self.declarer]
        if self.rules.calls_partner:
            return sum(self.tricks_won[s] for s in self.declaring_seats)
        return self.side_tricks(self.rules.side_of(self.declarer))

    @property
    def exposed_seats(self) -> tuple[int, ...]:
        """Seats whose hands lie face up: the open-misère declarer after the first trick."""
        if self.contract is not None and self.contract.is_open_misere and self.tricks and self.declarer is not None:
            return (self.declarer,)
        return ()

    def trick_cards(self) -> list[Card]:
        return [card for _, card, _ in self.trick]

    def trick_leader(self) -> tuple[int, Card] | None:
        """The seat and card winning the trick on the table so far (None before its first card)."""
        if not self.trick:
            return None
        best = self.rules.trick_winner(self.trick_cards(), self.contract, self.trick_joker_suit, self.joker_fixed)
        seat, card, _source = self.trick[best]
        return seat, card

    def would_win(self, card: Card) -> bool:
        """Whether ``card``, played to the trick on the table now, would be winning it so far."""
        cards = self.trick_cards()
        winner = self.rules.trick_winner([*cards, card], self.contract, self.trick_joker_suit, self.joker_fixed)
        return winner == len(cards)

    def _refresh_table(self) -> None:
        """Cache the card tables whenever the contract or the joker's fixed suit changes."""
        self._ctable = self.rules.table(self.contract, self.joker_fixed)

    def _active_seats(self) -> tuple[int, ...]:
        assert self.declarer is not None and self.contract is not None
        if self.contract.is_misere and self.rules.partnerships:
            partners = self.rules.partners(self.declarer)
            return tuple(s for s in range(self.n) if s not in partners)
        return tuple(range(self.n))

    @property
    def active(self) -> tuple[int, ...]:
        """Seats taking part in the play (the misère declarer's partners sit out)."""
        return self._active

    @active.setter
    def active(self, seats: tuple[int, ...]) -> None:
        self._active = seats
        self._successor = {s: seats[(i + 1) % len(seats)] for i, s in enumerate(seats)}

    # ------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (empty only when the deal is done)."""
        cached = self._legal
        if cached is None:
            cached = self._legal = self._compute_legal()
        return list(cached)

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        if phase is PLAY:
            if self._nominating:
                return [NominateJoker(None), *(NominateJoker(s) for s in Suit)]
            if self.n == 2:
                return self._legal_plays_two()
            return self._legal_plays(self.to_move)  # type: ignore[arg-type]
        if phase is AUCTION:
            return self._legal_calls()
        if phase is KITTY:
            if self._calling:
                return self._partner_calls()
            return [_DISCARDS[c.index] for c in self.hands[self.declarer]]  # type: ignore[index]
        return []

    def _partner_calls(self) -> list[Action]:
        """Any card another player holds (the declarer knows the rest: own hand, kitty, discards)."""
        decl = self.declarer
        held = [c for s in range(self.n) if s != decl for c in self.hands[s]]
        return [CallPartner(c) for c in sorted(held, key=lambda c: c.index)]

    def _legal_calls(self) -> list[Action]:
        rules = self.rules
        ladder = rules.ladder
        start = 0 if self.high_bid is None else rules.ladder_place(self.high_bid) + 1
        six_inform = rules.six_bids_informational
        out: list[Action] = [PASS]
        for i in range(start, len(ladder)):
            bid = ladder[i]
            # Only misères and (American) 6-level bids can be restricted: ask the one place that knows.
            if (bid.is_misere or six_inform) and self._bid_restriction(bid) is not None:
                continue
            out.append(bid)
        return out

    def _bid_problem(self, bid: Bid) -> str | None:
        rules = self.rules
        if not rules.outranks(bid, self.high_bid):
            assert self.high_bid is not None
            return _(
                "{bid} does not outrank {high}: bid more tricks, or as many in a higher "
                "denomination (♠ < ♣ < ♦ < ♥ < NT)"
            ).format(bid=call_label(bid), high=call_label(self.high_bid)) + self._misere_place_note(bid)
        return self._bid_restriction(bid)

    def _bid_restriction(self, bid: Bid) -> str | None:
        """Reasons a bid that outranks the current one is still not allowed."""
        rules = self.rules
        if bid.is_misere and not rules.misere_allowed:
            return _("misère is not allowed under these rules")
        if bid.kind == "misere" and rules.misere_needs_seven and not self._seven_bid:
            return _("misère may be bid only after someone has bid at the 7 level in this auction")
        if rules.six_bids_informational and bid.tricks == 6 and len(self.auction) >= 2:
            return _("6-level bids only inform (American rules), so only the first two players may make them")
        return None

    def _misere_place_note(self, bid: Bid) -> str:
        if bid.is_misere:
            return f"; {self.rules.describe_misere_placement()}"
        return ""

    def _legal_plays(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        table = self._ctable
        if not self.trick:
            if table.joker_free and JOKER in hand:
                out: list[Action] = [Play(c) for c in hand if c is not JOKER]
                out.extend(Play(JOKER, None, s) for s in self._joker_suits(seat))
                return out
            return [_PLAIN[c.index] for c in hand]
        suit_of = table.suit_of
        led = suit_of[self.trick[0][1].index]
        if led == NO_SUIT:
            led = int(self.trick_joker_suit)  # type: ignore[arg-type]
        follow: list[Action] = [_PLAIN[c.index] for c in hand if suit_of[c.index] == led]
        if not follow:
            return [_PLAIN[c.index] for c in hand]
        if table.joker_free and self._joker_any_time and JOKER in hand:
            follow.append(Play(JOKER))
        return follow

    def _joker_suits(self, seat: int) -> list[Suit]:
        if self.rules.joker_nominate_void_suit:
            return list(Suit)
        allowed = [s for s in Suit if not self.voids[seat] >> s & 1]
        return allowed or list(Suit)

    def _legal_plays_two(self) -> list[Action]:
        seat, source = self._order[len(self.trick)]
        cards = self.hands[seat] if source == HAND else self.table_up(seat)
        table = self._ctable
        if not self.trick:
            out: list[Action] = []
            for c in cards:
                if c is JOKER and table.joker_free:
                    out.extend(Play(JOKER, source, s) for s in self._joker_suits(seat))
                else:
                    out.append(Play(c, source))
            return out
        suit_of = table.suit_of
        led = suit_of[self.trick[0][1].index]
        if led == NO_SUIT:
            led = int(self.trick_joker_suit)  # type: ignore[arg-type]
        follow: list[Action] = [Play(c, source) for c in cards if suit_of[c.index] == led]
        if not follow:
            return [Play(c, source) for c in cards]
        if table.joker_free and self._joker_any_time and JOKER in cards:
            follow.append(Play(JOKER, source))
        return follow

    # ------------------------------------------------------------------ push
    def push(self, action: Action | str) -> None:
        """Make ``action`` (an action object or its text).  Illegal → :class:`IllegalAction`, deal unchanged."""
        if isinstance(action, str):
            action = self.parse_action(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            raise IllegalAction(self._why_not(action, legal), action, legal)
        # A legal action's kind says what it does.
        if isinstance(action, Play):
            self._push_play(action)
        elif isinstance(action, (Bid, Pass)):
            self._push_call(action)
        elif isinstance(action, Discard):
            self._push_discard(action)
        elif isinstance(action, CallPartner):
            self._push_partner_call(action)
        else:
            self._push_nomination(action)
        self.history.append(action)
        self._legal = None

    def push_many(self, actions: Iterable[Action | str]) -> None:
        for a in actions:
            self.push(a)

    def _auction_state(self) -> CallUndo:
        """The auction's scalar state, saved before each call so that pop() can restore it."""
        return (
            self.to_move,
            self.high_bid,
            self.high_bidder,
            self._passed,
            self._calls,
            self._consecutive_passes,
            self._seven_bid,
            self._bidders,
            self._raise_pending,
            self._last_denomination,
            self.phase,
            self.thrown_in_reason,
        )

    def _push_call(self, call: Bid | Pass) -> None:
        rules = self.rules
        seat = self.to_move
        assert seat is not None
        self._undo.append(self._auction_state())
        self.auction.append((seat, call))
        n = self.n
        if self._raise_pending:
            self._raise_pending = False
            if call is PASS:
                self._end_auction()
                return
            assert isinstance(call, Bid) and self.high_bid is not None
            same_denomination = call.kind == self.high_bid.kind and call.trump == self.high_bid.trump
            self.high_bid = call
            if call.tricks == 7:
                self._seven_bid = True
            if same_denomination:
                self._end_auction()
                return
            # A new denomination reopens the auction to everyone (popular form).
            self._passed = [False] * n
            self._calls = 1
            self._consecutive_passes = 0
            self._bidders = 1 << seat
            self.to_move = (seat + 1) % n
            return
        self._calls += 1
        if call is PASS:
            self._passed = [*self._passed]  # copy on write: the undo snapshot keeps the old list
            self._passed[seat] = True
            self._consecutive_passes += 1
        else:
            assert isinstance(call, Bid)
            self.high_bid = call
            self.high_bidder = seat
            self._consecutive_passes = 0
            self._bidders |= 1 << seat
            if call.tricks == 7:
                self._seven_bid = True
            denomination = (call.kind, call.trump)
            previous = self._last_denomination[seat]
            self._last_denomination = (
                *self._last_denomination[:seat],
                denomination,
                *self._last_denomination[seat + 1 :],
            )
            if rules.passers_back_on_change and previous is not None and previous != denomination:
                # Seed 000_: a player who passed may bid again once someone has changed
                # the suit of their bid; here every player who passed is back in.
                self._passed = [False] * n
        if rules.single_round_auction:
            if self._calls >= n:
                self._finish_or_throw_in()
            else:
                self.to_move = (seat + 1) % n
            return
        if rules.passers_back_any_time:
            if self.high_bid is None and self._consecutive_passes >= n:
                self._throw_in(N_("all players passed"))
            elif self.high_bid is not None and self._consecutive_passes >= n - 1:
                self._finish_or_throw_in()
            else:
                self.to_move = (seat + 1) % n
            return
        remaining = [s for s in range(n) if not self._passed[s]]
        if self._calls >= n or len(remaining) <= 1:
            if not remaining:
                self._throw_in(N_("all players passed"))
                return
            if len(remaining) == 1 and self.high_bidder == remaining[0]:
                self._finish_or_throw_in()
                return
        nxt = (seat + 1) % n
        while self._passed[nxt]:
            nxt = (nxt + 1) % n
        self.to_move = nxt

    def _finish_or_throw_in(self) -> None:
        if self.high_bid is None:
            self._throw_in(N_("all players passed"))
            return
        if self.rules.six_bids_informational and self.high_bid.tricks == 6:
            self._throw_in(N_("nobody reached the 7 level (6-level bids only inform), so the hand is redealt"))
            return
        assert self.high_bidder is not None
        others_bid = self._bidders & ~(1 << self.high_bidder)
        if self.rules.declarer_may_raise and others_bid and not self.rules.single_round_auction:
            self._raise_pending = True
            self.to_move = self.high_bidder
            return
        self._end_auction()

    def _throw_in(self, reason: str) -> None:
        self.phase = DONE
        self.to_move = None
        self.thrown_in_reason = reason

    def _end_auction(self) -> None:
        assert self.high_bid is not None and self.high_bidder is not None
        self.contract = self.high_bid
        self.declarer = self.high_bidder
        self.phase = KITTY
        self.to_move = self.declarer
        self.hands[self.declarer].extend(self.kitty)
        self.active = self._active_seats()
        self._refresh_table()

    def _push_discard(self, action: Discard) -> None:
        decl = self.declarer
        assert decl is not None
        hand = self.hands[decl]
        idx = hand.index(action.card)
        del hand[idx]
        self.discards.append(action.card)
        self._undo.append((idx,))
        if len(self.discards) == self.rules.kitty_size:
            assert self.contract is not None
            if self.rules.calls_partner and not self.contract.is_misere:
                self._calling = True  # the declarer now calls a card; to_move stays the declarer
            else:
                self._start_play()

    def _push_partner_call(self, action: CallPartner) -> None:
        assert self.declarer is not None
        self._undo.append((self.declarer,))
        self.called_card = action.card
        self.partner = next(s for s in range(self.n) if action.card in self.hands[s])
        self._calling = False
        self._start_play()

    def _start_play(self) -> None:
        decl = self.declarer
        assert decl is not None and self.contract is not None
        self.phase = PLAY
        self.leader = decl
        self.to_move = decl
        if self.n == 2:
            self._order = [(decl, HAND), (1 - decl, HAND), (decl, TABLE), (1 - decl, TABLE)]
        if self.rules.joker_advance_nomination and self.contract.trump is None:
            # Variant: any holder may name the joker's suit (seed 000_), or only the declarer.
            seats = (decl,) if self.rules.joker_named_by_declarer_only else self.active
            for seat in seats:
                if JOKER in self.hands[seat] or (self.table is not None and any(JOKER in p for p in self.table[seat])):
                    self._nominating = True
                    self.to_move = seat
                    break

    def _push_nomination(self, action: NominateJoker) -> None:
        assert self.to_move is not None
        self._undo.append((self.to_move,))
        self.joker_fixed = action.suit
        self._refresh_table()
        self._nominating = False
        self.to_move = self.leader

    def _push_play(self, action: Play) -> None:
        seat = self.to_move
        assert seat is not None
        card = action.card
        table = self._ctable
        suit_of = table.suit_of
        pile_index = -1
        if action.source == TABLE:
            assert self.table is not None
            piles = self.table[seat]
            ups = self._pile_up[seat]
            for i, pile in enumerate(piles):
                if pile and pile[-1] is card and ups[i]:
                    pile_index = i
                    break
            cards_before: list[Card] = self.table_up(seat)
            piles[pile_index].pop()
            if piles[pile_index]:
                ups[pile_index] = False  # the card beneath turns up when the trick is complete
            hand_index = -1
        else:
            hand = self.hands[seat]
            cards_before = hand
            hand_index = hand.index(card)
        old_void = self.voids[seat]
        if self.trick:
            led = suit_of[self.trick[0][1].index]
            if led == NO_SUIT:
                led = int(self.trick_joker_suit)  # type: ignore[arg-type]
            if suit_of[card.index] != led and not _holds_suit(cards_before, suit_of, led):
                self.voids[seat] = old_void | (1 << led)  # shown void (matters for joker nominations)
        else:
            self.trick_joker_suit = action.joker_suit
        if hand_index >= 0:
            del self.hands[seat][hand_index]
        self.trick.append((seat, card, action.source))
        trick_size = 4 if self.n == 2 else len(self._active)
        if len(self.trick) < trick_size:
            self._undo.append((seat, hand_index, pile_index, old_void, None))
            if self.n == 2:
                self.to_move = self._order[len(self.trick)][0]
            else:
                self.to_move = self._successor[seat]
            return
        # The trick is complete.  Its list and the slot order are replaced below, not changed: the
        # undo record keeps them as they are.
        plays = self.trick
        turned: list[tuple[int, int]] = []
        trick_end: TrickEnd = (plays, self.trick_joker_suit, self.leader, self._order, turned)
        win_index = table.winner([c for _, c, _ in plays], self.trick_joker_suit)
        winner, _, win_source = plays[win_index]
        leader = self.leader
        assert leader is not None
        self.tricks.append(Trick(leader, tuple(plays), winner, self.trick_joker_suit, win_index))
        self.tricks_won[winner] += 1
        if self.n == 2:
            for s in (0, 1):
                for i, up in enumerate(self._pile_up[s]):
                    if not up and self.table[s][i]:  # type: ignore[index]
                        self._pile_up[s][i] = True
                        turned.append((s, i))
            first, second = (HAND, TABLE) if win_source == HAND else (TABLE, HAND)
            other = 1 - winner
            self._order = [(winner, first), (other, first), (winner, second), (other, second)]
        self.trick = []
        self.trick_joker_suit = None
        self.leader = winner
        self._undo.append((seat, hand_index, pile_index, old_void, trick_end))
        contract = self.contract
        assert contract is not None
        if (contract.is_misere and winner == self.declarer and self._stops_early) or self._hands_empty():
            self.phase, self.to_move = DONE, None
        else:
            self.to_move = winner

    def _hands_empty(self) -> bool:
        """Every active seat has played its last card."""
        return not any(self.hands[s] or (self.table is not None and self._table_count(s)) for s in self._active)

    # ------------------------------------------------------------------- pop
    def pop(self) -> Action:
        """Undo the last action and return it."""
        if not self.history:
            raise GameStateError("there is no action to undo")
        action = self.history.pop()
        undo = self._undo.pop()
        self._legal = None
        # The action says which kind of undo record it left.
        if isinstance(action, Play):
            self._pop_play(action, cast(PlayUndo, undo))
        elif isinstance(action, (Bid, Pass)):
            self._pop_call(cast(CallUndo, undo))
        elif isinstance(action, Discard):
            self._pop_discard(cast(SeatUndo, undo)[0])
        elif isinstance(action, CallPartner):
            self.called_card = None
            self.partner = None
            self._calling = True
            self.phase = KITTY
            self.to_move = cast(SeatUndo, undo)[0]
            self.leader = None
            self._nominating = False
        else:
            self.joker_fixed = None
            self._refresh_table()
            self._nominating = True
            self.to_move = cast(SeatUndo, undo)[0]
        return action

    def _pop_call(self, undo: CallUndo) -> None:
        if self.phase is KITTY:
            assert self.declarer is not None
            del self.hands[self.declarer][-len(self.kitty) :]
            self.contract = None
            self.declarer = None
            self.active = tuple(range(self.n))
            self._refresh_table()
        (
            self.to_move,
            self.high_bid,
            self.high_bidder,
            self._passed,
            self._calls,
            self._consecutive_passes,
            self._seven_bid,
            self._bidders,
            self._raise_pending,
            self._last_denomination,
            self.phase,
            self.thrown_in_reason,
        ) = undo
        self.auction.pop()

    def _pop_discard(self, hand_index: int) -> None:
        assert self.declarer is not None
        card = self.discards.pop()
        self.hands[self.declarer].insert(hand_index, card)
        self.phase = KITTY
        self.to_move = self.declarer
        self.leader = None
        self._nominating = False
        self._calling = False
        self._order = []

    def _pop_play(self, action: Play, undo: PlayUndo) -> None:
        seat, hand_index, pile_index, old_void, trick_end = undo
        if trick_end is not None:
            trick = self.tricks.pop()
            self.tricks_won[trick.winner] -= 1
            plays, joker_suit, leader, order, turned = trick_end
            for s, i in turned:
                self._pile_up[s][i] = False
            self.trick, self.trick_joker_suit, self.leader, self._order = plays, joker_suit, leader, order
            self.phase = PLAY
        self.trick.pop()
        if not self.trick:
            self.trick_joker_suit = None
        self.voids[seat] = old_void
        if pile_index >= 0:
            assert self.table is not None
            pile = self.table[seat][pile_index]
            pile.append(action.card)
            self._pile_up[seat][pile_index] = True
        else:
            self.hands[seat].insert(hand_index, action.card)
        self.to_move = seat

    # ------------------------------------------------------ parsing and errors
    def parse_action(self, text: str) -> Action:
        """Read an action in the current phase: ``"7H"``, ``"pass"``, ``"discard 5S"``, ``"J♦"``, ``"Joker H"``."""
        raw = text.strip()
        low = raw.lower()
        try:
            if self.phase is AUCTION:
                return parse_call(raw)
            if self.phase is KITTY and self._calling:
                for prefix in ("call ", "c:", "c "):
                    if low.startswith(prefix):
                        raw = raw[len(prefix) :]
                        break
                return CallPartner(Card.parse(raw))
            if self.phase is KITTY:
                for prefix in ("discard ", "d:", "d "):
                    if low.startswith(prefix):
                        raw = raw[len(prefix) :]
                        break
                return Discard(Card.parse(raw))
            if self.phase is PLAY:
                if self._nominating:
                    rest = low.removeprefix("n:").removeprefix("nominate ").strip()
                    if rest in {"-", "none", "no", "free", "keep"}:
                        return NominateJoker(None)
                    return NominateJoker(Suit.parse(rest))
                return self._parse_play(raw)
        except (CardParseError, BidParseError) as err:
            message = str(err)
            seat_name = self._mover_name()
            if self.phase is AUCTION and _parses(Card.parse, raw):
                message = _("It is the auction: {seat} must bid or pass, not play a card.").format(seat=seat_name)
            elif self.phase is KITTY and _parses(parse_call, raw):
                message = _("The auction is over: {seat} must discard, not bid.").format(seat=seat_name)
            elif self.phase is PLAY and _parses(parse_call, raw):
                message = _("The auction is over: {seat} must play a card, not bid.").format(seat=seat_name)
            raise IllegalAction(message, text, self.legal_actions()) from None
        raise IllegalAction(_("The deal is over: no more actions."), text)

    def _mover_name(self) -> str:
        """The name of the seat to move, in the reader's language (for messages)."""
        return _("nobody") if self.to_move is None else self.rules.local_seat_name(self.to_move)

    def _parse_play(self, raw: str) -> Play:
        source = None
        low = raw.lower()
        for prefix, src in (("h:", HAND), ("t:", TABLE), ("hand ", HAND), ("table ", TABLE)):
            if low.startswith(prefix):
                source, raw = src, raw[len(prefix) :]
                break
        joker_suit = None
        card_text = raw
        if ":" in raw:
            card_text, suit_text = raw.split(":", 1)
            joker_suit = Suit.parse(suit_text)
        else:
            parts = raw.replace("(", " ").replace(")", " ").split()
            if len(parts) >= 2 and parts[0].lower() in {"joker", "jk"}:
                card_text = parts[0]
                joker_suit = Suit.parse(parts[-1].removeprefix("as").strip() or parts[-1])
        card = Card.parse(card_text)
        candidates = [
            a
            for a in self.legal_actions()
            if isinstance(a, Play)
            and a.card is card
            and (source is None or a.source == source)
            and (joker_suit is None or a.joker_suit == joker_suit)
        ]
        if len(candidates) == 1:
            return candidates[0]
        if len(candidates) > 1 and joker_suit is None:
            raise IllegalAction(
                _("Leading the joker in no trumps, name the suit it stands for, e.g. 'Joker H' or 'JK:H'."),
                raw,
                candidates,
            )
        seat = self.to_move
        if self.n == 2 and source is None and seat is not None:
            source = self._order[len(self.trick)][1]
        return Play(card, source, joker_suit)

    def _why_not(self, action: object, legal: Sequence[Action]) -> str:
        seat_name = self._mover_name()
        if self.phase is DONE:
            return _("The deal is over: no more actions.")
        if self.phase is AUCTION:
            if not isinstance(action, (Bid, Pass)):
                return _("It is the auction: {seat} must bid or pass, not play a card.").format(seat=seat_name)
            if isinstance(action, Bid):
                problem = self._bid_problem(action)
                if problem:
                    return _("{seat} cannot bid {bid}: {problem}.").format(
                        seat=seat_name, bid=call_label(action), problem=problem
                    )
            return _("{call} is not a legal call now.").format(call=call_label(action))
        if self.phase is KITTY and self._calling:
            if not isinstance(action, CallPartner):
                return _("{seat} has discarded and now calls a card to choose a partner.").format(seat=seat_name)
            return _("{card} is not in another player's hand, so calling it would choose no partner.").format(
                card=action.card.short_name
            )
        if self.phase is KITTY:
            if not isinstance(action, Discard):
                k = self.rules.kitty_size - len(self.discards)
                return ngettext(
                    "{seat} has taken the kitty and must discard {n} more card first.",
                    "{seat} has taken the kitty and must discard {n} more cards first.",
                    k,
                ).format(seat=seat_name, n=k)
            return _("{card} is not in {seat}'s hand, so it cannot be discarded.").format(
                card=action.card.short_name, seat=seat_name
            )
        if self._nominating:
            return _("{seat} holds the joker and first says whether to nominate its suit.").format(seat=seat_name)
        if not isinstance(action, Play):
            return _("It is the play: {seat} must play a card.").format(seat=seat_name)
        card = action.card
        seat = self.to_move
        assert seat is not None
        if self.n == 2:
            want_source = self._order[len(self.trick)][1]
            if action.source != want_source:
                if want_source == HAND:
                    return _("{seat} now plays from the hand, not the table.").format(seat=seat_name)
                return _("{seat} now plays from the table, not the hand.").format(seat=seat_name)
            pool = self.hands[seat] if want_source == HAND else self.table_up(seat)
        else:
            pool = self.hands[seat]
        if card not in pool:
            if self.n == 2 and action.source == TABLE:
                return _("{seat} does not hold {card} among the face-up cards on the table.").format(
                    seat=seat_name, card=card.short_name
                )
            return _("{seat} does not hold {card} in hand.").format(seat=seat_name, card=card.short_name)
        if card.is_joker and not self.trick and action.joker_suit is not None:
            return _("{seat} has shown void in {suit}, so the joker may not be named {suit} (variant rule).").format(
                seat=seat_name, suit=action.joker_suit.local_name
            )
        if card.is_joker and not self.trick and action.joker_suit is None:
            return _("Leading the joker in no trumps, name the suit it stands for, e.g. 'Joker H'.")
        if action.joker_suit is not None:
            return _("Only a joker that is led names a suit.")
        reason = why_illegal(
            self.rules,
            card,
            pool,
            self.trick_cards(),
            self.contract,
            self.trick_joker_suit,
            self.joker_fixed,
            from_table=self.n == 2 and action.source == TABLE,
        )
        return reason or _("{play} is not legal now.").format(play=play_label(action))

    # -------------------------------------------------------------- results
    def result(self) -> DealResult:
        """The outcome; only when ``phase == "done"``."""
        if self.phase is not DONE:
            raise GameStateError(f"the deal is not finished (phase: {self.phase})")
        rules = self.rules
        nsides = len(rules.sides)
        if self.contract is None or self.declarer is None:
            summary = (
                _("Thrown in: {reason}.").format(reason=_(self.thrown_in_reason))
                if self.thrown_in_reason
                else _("Thrown in.")
            )
            return DealResult(None, None, 0, tuple(self.tricks_won), False, (0,) * nsides, True, summary)
        contract, decl = self.contract, self.declarer
        taken = self.declarer_tricks
        declaring_points = rules.score(contract, taken)[0]
        made = declaring_points > 0
        scores = [0] * nsides
        declaring = {rules.side_of(s) for s in self.declaring_seats}
        for side in declaring:
            scores[side] = declaring_points  # 5 players: the called partner scores as the declarer does
        if not contract.is_misere or rules.misere_defenders_score:
            for side in range(nsides):
                if side not in declaring:
                    scores[side] = rules.defender_points(self.side_tricks(side))
        name = rules.local_seat_name(decl)
        if contract.is_misere:
            if made:
                verdict = _("made it: no tricks taken")
            else:
                number = self._misere_lost_at()
                verdict = (
                    _("failed: took a trick")
                    if number is None
                    else _("failed: took a trick (trick {number})").format(number=number)
                )
        elif made:
            verdict = ngettext("took {n} trick: made", "took {n} tricks: made", taken).format(n=taken)
        else:
            verdict = ngettext("took {n} trick: set", "took {n} tricks: set", taken).format(n=taken)
        if rules.calls_partner and self.called_card is not None and self.partner is not None:
            name = _("{declarer} (with {partner}, who held the called {card})").format(
                declarer=name, partner=rules.local_seat_name(self.partner), card=self.called_card.short_name
            )
        scores_text = ", ".join(f"{rules.local_side_name(i)} {s:+d}" for i, s in enumerate(scores))
        summary = _("{declarer} bid {contract}, {verdict}. {scores}.").format(
            # a misère in the reader's words ("odkryte misère", "misère aperta"); a level in notation (7♥)
            declarer=name,
            contract=contract.words if contract.is_misere else contract,
            verdict=verdict,
            scores=scores_text,
        )
        return DealResult(contract, decl, taken, tuple(self.tricks_won), made, tuple(scores), False, summary)

    def _misere_lost_at(self) -> int | None:
        """The number (1–10) of the first trick a failed misère's declarer took, or None when unknown.

        A position (``from_position``) counts the tricks it started with; when the hand stops at the
        declarer's first trick (``Rules.misere_stops_early``) that trick is the last one played.
        """
        start = self._start_position
        before = sum(start["tricks_won"]) if start is not None else 0
        for number, trick in enumerate(self.tricks, before + 1):
            if trick.winner == self.declarer:
                return number
        if self.rules.misere_stops_early and self.declarer is not None and self.tricks_won[self.declarer]:
            return sum(self.tricks_won)
        return None

    # --------------------------------------------------------------- records
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` can see, as plain data (like OpenSpiel's ``ObservationString(player)``).

        Hidden hands are card counts; the kitty and discards show only to the declarer.
        ``seat=None`` is a commentator's view: every hand and the kitty.  Hands are in
        display order (:func:`~fivehundred_tutor.cards.display_order`: trumps first once a trump
        contract is set, the left bower among them), cards as codes; ``left_bower`` names that card.

        >>> from fivehundred_tutor import Rules
        >>> v = Deal.new(Rules(), seed=3).view(0)
        >>> len(v["hands"][0]), v["hands"][1], v["phase"]
        (10, 10, 'auction')
        """
        rules = self.rules
        n = rules.players
        exposed = set(self.exposed_seats)
        sees_all = seat is None
        hands: list[list[str] | int] = []
        trump = None if self.contract is None else self.contract.trump
        bower = left_bower(trump)
        for s in range(n):
            cards = display_order(self.hands[s], trump=trump)
            hands.append([c.code for c in cards] if sees_all or s == seat or s in exposed else len(cards))
        declarer_view = self.declarer is not None and (sees_all or seat == self.declarer)
        last = self.tricks[-1] if self.tricks else None
        out: dict[str, Any] = {
            "seat": seat,
            "phase": self.phase.value,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hands": hands,
            "exposed": sorted(exposed),
            "out": [s for s in range(n) if s not in self.active] if self.contract is not None else [],
            "auction": [[s, call.code] for s, call in self.auction],
            "contract": None if self.contract is None else self.contract.code,
            "declarer": self.declarer,
            "trick": [[s, c.code, src] for s, c, src in self.trick],
            "trick_joker_suit": None if self.trick_joker_suit is None else self.trick_joker_suit.letter,
            "last_trick": None
            if last is None
            else {"plays": [[s, c.code, src] for s, c, src in last.plays], "winner": last.winner},
            "tricks_won": list(self.tricks_won),
            "side_tricks": [self.side_tricks(i) for i in range(len(rules.sides))]
            if self.contract is not None
            else None,
            "declarer_tricks": self.declarer_tricks,
            "kitty": [c.code for c in self.kitty] if sees_all else len(self.kitty),
            "discards": [c.code for c in self.discards] if declarer_view else len(self.discards),
            "joker_fixed": None if self.joker_fixed is None else self.joker_fixed.letter,
            "left_bower": None if bower is None else bower.code,
            "is_nominating": self._nominating,
            "called_card": None if self.called_card is None else self.called_card.code,
            "partner": self.partner_known_to(seat),
            "is_calling": self._calling,
            "play_order": [[s, src] for s, src in self._order] if self.phase is PLAY else [],
            "over": self.phase is DONE,
        }
        if self.phase is KITTY and declarer_view:
            assert self.declarer is not None
            out["kitty_in_hand"] = [c.code for c in self.kitty if c in self.hands[self.declarer]]
        if self.table is not None:
            piles = []
            for s in range(n):
                row = []
                for down, top, up in self.table_piles(s):
                    face = None if top is None else (top.code if up else "?")  # turns up when its trick ends
                    row.append([None if down is None else "?", face, bool(up)])
                piles.append(row)
            out["piles"] = piles
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe record; ``Deal.from_dict(d.to_dict())`` rebuilds the same state."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "seed": self.seed,
        }
        out["hands"] = [[c.code for c in h] for h in self._dealt_hands]
        out["kitty"] = [c.code for c in self._dealt_kitty]
        if self._dealt_table is not None:
            out["table"] = [[[c.code for c in pile] for pile in piles] for piles in self._dealt_table]
        if self._start_position is not None:
            out["position"] = self._start_position
        out["actions"] = [a.code for a in self.history]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Deal:
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise RulesError(f"not a deal record (expected format {FORMAT!r})")
        rules = Rules.from_dict(dict(data["rules"]))
        position = data.get("position")
        if position:
            joker_fixed = position.get("joker_fixed")
            deal = cls.from_position(
                rules,
                list(data["hands"]),
                position["contract"],
                position["declarer"],
                position["leader"],
                tricks_won=position.get("tricks_won"),
                joker_fixed=None if joker_fixed is None else Suit.parse(joker_fixed),
                table=data.get("table"),
                called_card=position.get("called_card"),
                partner=position.get("partner"),
            )
            deal.dealer = data.get("dealer", deal.dealer)
        else:
            deal = cls(
                rules,
                data["hands"],
                data["kitty"],
                data["dealer"],
                table=data.get("table"),
                seed=_record_seed(data.get("seed")),
            )
        for code in data.get("actions", []):
            deal.push(code)
        return deal

    def copy(self) -> Deal:
        """An independent copy with the same history."""
        return Deal.from_dict(self.to_dict())

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """Pickled and deep-copied as its record: the same state from the compiled engine or the plain one."""
        return (_from_record, (self.to_dict(),))

    def root(self) -> Deal:
        """An independent copy as the deal stood before its first action (like python-chess's
        ``Board.root``): replay ``history`` on it to walk through the deal.

        >>> d = Deal.new(Rules(), seed=1)
        >>> d.push(d.legal_actions()[0])
        >>> len(d.root().history), d.root().hands == Deal.new(Rules(), seed=1).hands
        (0, True)
        """
        return Deal.from_dict({**self.to_dict(), "actions": []})

    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the current state (for tests of push/pop)."""
        return (
            self.phase,
            self.to_move,
            tuple(tuple(h) for h in self.hands),
            None if self.table is None else tuple(tuple(tuple(p) for p in piles) for piles in self.table),
            tuple(tuple(u) for u in self._pile_up),
            tuple(self.discards),
            tuple(self.auction),
            self.high_bid,
            self.high_bidder,
            tuple(self._passed),
            self._calls,
            self._consecutive_passes,
            self._seven_bid,
            self._bidders,
            self._raise_pending,
            self.contract,
            self.declarer,
            self.active,
            self.leader,
            tuple(self.trick),
            self.trick_joker_suit,
            tuple(self.tricks),
            tuple(self.tricks_won),
            tuple(self.voids),
            self.joker_fixed,
            self._nominating,
            self.called_card,
            self.partner,
            self._calling,
            self._last_denomination,
            tuple(self._order),
            tuple(self.history),
            self.thrown_in_reason,
        )

    # ------------------------------------------------------------- display
    def __str__(self) -> str:
        return picture(self, "text")

    def __repr__(self) -> str:
        return f"<Deal {self.rules.preset_name} phase={self.phase} actions={len(self.history)}>"

    def _repr_html_(self) -> str:
        return picture(self, "html")


def _from_record(record: dict[str, Any]) -> Deal:
    return Deal.from_dict(record)
