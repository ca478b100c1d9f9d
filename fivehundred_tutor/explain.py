"""Explanations in words: why a card belongs to a suit, why a play is illegal, why a card wins.

The quizzes, the replay annotations and ``IllegalAction`` messages all use these,
so a learner always reads the same reasoning.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .actions import Action, CallPartner, Discard, NominateJoker, Play
from .bids import PASS, Bid, Pass
from .cards import JACK, JOKER, Card, Suit
from .i18n import gettext as _
from .i18n import ngettext, per_language, pgettext

if TYPE_CHECKING:
    from .rules import Rules


def _build_places() -> list[str]:
    # Translators: a card's place in the order of its suit, as "the {place} trump" and "the {place} of its
    # suit" use it (Polish: the locative of "na … miejscu"; Italian: the feminine of "la … per valore")
    return [
        pgettext("place in order", "highest"),
        pgettext("place in order", "second-highest"),
        pgettext("place in order", "third-highest"),
        pgettext("place in order", "fourth-highest"),
        pgettext("place in order", "fifth-highest"),
        pgettext("place in order", "sixth-highest"),
        pgettext("place in order", "seventh-highest"),
        pgettext("place in order", "eighth-highest"),
        pgettext("place in order", "ninth-highest"),
        pgettext("place in order", "tenth-highest"),
        pgettext("place in order", "eleventh-highest"),
        pgettext("place in order", "twelfth-highest"),
        pgettext("place in order", "thirteenth-highest"),
        pgettext("place in order", "fourteenth-highest"),
        pgettext("place in order", "fifteenth-highest"),
        pgettext("place in order", "sixteenth-highest"),
        pgettext("place in order", "seventeenth-highest"),
        pgettext("place in order", "eighteenth-highest"),
    ]


_places = per_language(_build_places)


def _place_words(place: int) -> str:
    """0 → "highest", 8 → "ninth-highest": a card's place in its suit in words (the longest suit, the
    six-player pack's trumps, holds 18)."""
    return _places()[place]


def _contract_words(contract: Bid | None) -> str:
    """Where a card's rank is said: "while hearts are trumps", "in no trumps" (Polish puts its own comma)."""
    if contract is None:
        return pgettext("contract phrase", "with no contract yet")
    if contract.is_misere:
        return pgettext("contract phrase", "in {contract} (no trumps)").format(contract=contract)
    if contract.trump is None:
        return pgettext("contract phrase", "in no trumps")
    return pgettext("contract phrase", "while {trumps} are trumps").format(trumps=contract.trump.local_name)


def explain_card(rules: Rules, card: Card, contract: Bid | None) -> str:
    """What ``card`` is under ``contract`` (its suit, its place), in the reader's language."""
    trump = contract.trump if contract is not None else None
    where = _contract_words(contract)
    if card.is_joker:
        if trump is not None:
            return _("The joker is the highest trump {where}: it beats every other card.").format(where=where)
        if rules.joker_no_trumps == "when-void":
            return _(
                "The joker belongs to no suit {where} until it is played: it wins any trick it is played to; "
                "led, its holder names the suit to follow; it may be played only when its holder cannot follow suit."
            ).format(where=where)
        return _(
            "The joker belongs to no suit {where} until it is played: it wins any trick it is played to; "
            "led, its holder names the suit to follow; it may be played at any time (variant)."
        ).format(where=where)
    assert card.suit is not None
    if trump is not None and card.rank == JACK and card.suit == trump:
        return _("{card} is the right bower: the jack of trumps, the second-highest card after the joker.").format(
            card=card
        )
    if trump is not None and card.rank == JACK and card.suit == trump.sister:
        return _("{card} is the left bower: a {trump} (a trump) {where}, the third-highest card.").format(
            card=card, trump=_one_card_of()[trump], where=where
        )
    order = rules.ranking(card.suit, contract)
    place = order.index(card) if card in order else -1
    if trump is not None and card.suit == trump:
        return _("{card} is a trump {where}, the {place} trump.").format(
            card=card, where=where, place=_place_words(place)
        )
    suit = _one_card_of()[card.suit]
    if trump is not None and card.suit == trump.sister:
        jack = f"J{card.suit}"
        if place >= 0:
            return _(
                "{card} is a plain {suit} {where}, the {place} of its suit "
                "(this suit has no jack: {jack} is the left bower, a trump)."
            ).format(card=card, suit=suit, where=where, place=_place_words(place), jack=jack)
        return _("{card} is a {suit} {where} (this suit has no jack: {jack} is the left bower, a trump).").format(
            card=card, suit=suit, where=where, jack=jack
        )
    if place >= 0:
        return _("{card} is a plain {suit} {where}, the {place} of its suit.").format(
            card=card, suit=suit, where=where, place=_place_words(place)
        )
    return _("{card} is a {suit} {where}.").format(card=card, suit=suit, where=where)


def _build_one_card_of() -> dict[Suit, str]:
    # Translators: a suit as said of one card ("a heart"); Polish and Italian use the suit's name
    return {
        Suit.SPADES: pgettext("one card of the suit", "spade"),
        Suit.CLUBS: pgettext("one card of the suit", "club"),
        Suit.DIAMONDS: pgettext("one card of the suit", "diamond"),
        Suit.HEARTS: pgettext("one card of the suit", "heart"),
    }


_one_card_of = per_language(_build_one_card_of)


def _cards_and_joker(cards: Sequence[Card]) -> str:
    """``'K♥ 5♥'``, ``'K♥ 5♥ and the joker'``, ``'the joker'``: cards a learner holds, in a sentence."""
    named = " ".join(str(c) for c in cards if not c.is_joker)
    if JOKER not in cards:
        return named
    return _("{cards} and the joker").format(cards=named) if named else _("the joker")


def why_illegal(
    rules: Rules,
    card: Card,
    hand: Sequence[Card],
    trick: Sequence[Card],
    contract: Bid | None,
    joker_suit: Suit | None = None,
    joker_fixed: Suit | None = None,
    *,
    from_table: bool = False,
) -> str | None:
    """``None`` if legal; else a sentence a learner understands, in the reader's language.

    ``from_table``: ``hand`` is the player's face-up table cards (the 2-player game), which the sentence
    does not call cards one holds."""
    if card not in hand:
        return _("{card} is not in the hand.").format(card=card)
    legal = rules.legal_plays(hand, trick, contract, joker_suit, joker_fixed)
    if card in legal:
        return None
    led = rules.led_suit(trick, contract, joker_suit)
    assert led is not None
    table = rules.table(contract, joker_fixed)
    followers = [c for c in hand if table.suit_of[c.index] == int(led)]
    shown = _cards_and_joker(followers)
    if trick[0].is_joker:
        lead = _("the joker led as a {suit}").format(suit=_one_card_of()[led])
    else:
        lead = _("{card} led").format(card=trick[0])
    if card.is_joker and table.joker_free:
        if from_table:
            return _(
                "With {lead}, the joker may be played only when you cannot follow suit "
                "(no trumps, default rule) — your face-up table cards have {suits}: {cards}."
            ).format(lead=lead, suits=led.local_name, cards=shown)
        return _(
            "With {lead}, the joker may be played only when you cannot follow suit "
            "(no trumps, default rule) — you hold {suits}: {cards}."
        ).format(lead=lead, suits=led.local_name, cards=shown)
    trump = contract.trump if contract is not None else None
    if trump is not None and card.rank == JACK and card.suit == trump.sister:
        return _(
            "{card} is the left bower: a {trump} while {trumps} are trumps, not a {suit}, "
            "so it cannot follow {lead}; you must follow with {cards}."
        ).format(
            card=card,
            trump=_one_card_of()[trump],
            trumps=trump.local_name,
            suit=_one_card_of()[trump.sister],
            lead=lead,
            cards=shown,
        )
    if trump is not None and led == trump and (Card(JACK, trump.sister) in followers or JOKER in followers):
        if from_table:
            return _(
                "You must follow suit: {lead}, and your face-up table cards include {cards} "
                "(the left bower and the joker count as trumps)."
            ).format(lead=lead, cards=shown)
        return _(
            "You must follow suit: {lead}, and you hold {cards} (the left bower and the joker count as trumps)."
        ).format(lead=lead, cards=shown)
    if from_table:
        return _("You must follow suit: {lead}, and your face-up table cards include {cards}.").format(
            lead=lead, cards=shown
        )
    return _("You must follow suit: {lead}, and you hold {cards}.").format(lead=lead, cards=shown)


def explain_trick(rules: Rules, trick: Sequence[Card], contract: Bid | None, joker_suit: Suit | None = None) -> str:
    """Why the winning card of ``trick`` wins, in the reader's language."""
    winner = rules.trick_winner(trick, contract, joker_suit)
    card = trick[winner]
    table = rules.table(contract)
    trump = contract.trump if contract is not None else None
    if card is JOKER:
        if trump is not None:
            return _("The joker wins: it is the highest trump.")
        return _("The joker wins: in no trumps it takes any trick it is played to.")
    led = rules.led_suit(trick, contract, joker_suit)
    trumps = [c for c in trick if trump is not None and table.suit_of[c.index] == int(trump)]
    if trumps:
        only = len(trumps) == 1
        if card.rank == JACK and card.suit == trump:
            if only:
                return _("{card} (the right bower) wins: the only trump in the trick.").format(card=card)
            return _("{card} (the right bower) wins: the highest trump in the trick.").format(card=card)
        if card.rank == JACK and trump is not None and card.suit == trump.sister:
            if only:
                return _("{card} (the left bower, a trump) wins: the only trump in the trick.").format(card=card)
            return _("{card} (the left bower, a trump) wins: the highest trump in the trick.").format(card=card)
        if only:
            return _("{card} wins: the only trump in the trick.").format(card=card)
        return _("{card} wins: the highest trump in the trick.").format(card=card)
    assert led is not None
    if trump is None:
        return _("{card} wins: it is the highest {suit}, the suit led (with no trumps, no other suit can win).").format(
            card=card, suit=_one_card_of()[led]
        )
    return _("{card} wins: no trump was played, and it is the highest {suit}, the suit led.").format(
        card=card, suit=_one_card_of()[led]
    )


def describe_rules(rules: Rules) -> list[tuple[str, str]]:
    """The rules in rows of (what, how), in the reader's language: the table a chapter or ``rules`` shows."""
    misere = {
        "after-seven": _("allowed after someone has bid at the 7 level (open misère at any time)"),
        "any-time": _("allowed at any time (variant)"),
        "never": _("not allowed"),
    }[str(rules.misere)]
    bidding = {
        "australian": _("clockwise from the dealer's left; a player who passes is out"),
        "single-round": _("one round only: each player bids once (American)"),
        "rebid": _("a player who passed may bid again (as in bridge)"),
        "rebid-on-change": _("a player who passed may bid again once a player changes the suit of their bid"),
    }[rules.bidding]
    if rules.partnerships:
        players = _("{n}, in partnerships")
    elif rules.calls_partner:
        players = _("{n}, the declarer with a partner chosen by calling a card")
    else:
        players = _("{n}, each for themselves")
    size = int(rules.deck_size or 0)  # set by Rules on creation
    deck = ngettext("{deck} card, 10 each, kitty of {kitty}", "{deck} cards, 10 each, kitty of {kitty}", size)
    rows = [
        (pgettext("rules row", "Players"), players.format(n=rules.players)),
        (pgettext("rules row", "Deck"), deck.format(deck=rules.deck_size, kitty=rules.kitty_size)),
        (pgettext("rules row", "Bidding"), bidding),
        (pgettext("rules row", "Misère"), misere),
    ]
    if rules.misere != "never":
        rows.append((pgettext("rules row", "Misère placement"), rules.describe_misere_placement()))
    if rules.six_bids_informational:
        rows.append(
            (
                pgettext("rules row", "6-level bids"),
                _("informational only; if nobody reaches 7 the hand is redealt"),
            )
        )
    if rules.declarer_may_raise:
        rows.append((pgettext("rules row", "Raising"), _("the auction winner may raise their own bid")))
    when_void = rules.joker_no_trumps == "when-void"
    if rules.joker_nominate_void_suit:
        joker = (
            _("played only when its holder cannot follow suit; led, it names a suit")
            if when_void
            else _("played at any time; led, it names a suit")
        )
    else:
        joker = (
            _("played only when its holder cannot follow suit; led, it names a suit not shown void")
            if when_void
            else _("played at any time; led, it names a suit not shown void")
        )
    clauses = [joker]
    if rules.joker_advance_nomination:
        if rules.joker_advance_by == "declarer":
            clauses.append(_("the declarer, if holding it, may name its suit before the first lead"))
        else:
            clauses.append(_("its holder may name its suit before the first lead"))
    rows.append((pgettext("rules row", "Joker in no trumps"), "; ".join(clauses)))
    defenders = _("10 for every trick") if rules.defender_tricks == "all" else _("10 for each trick beyond five")
    rows.append((pgettext("rules row", "Defenders"), defenders))
    slam = _("all 10 tricks on a contract under 250 scores 250") if rules.slam_bonus else _("no bonus")
    rows.append((pgettext("rules row", "Slam"), slam))
    end = [_("first to {target}").format(target=rules.target)]
    if rules.hole is not None:
        end.append(_("a side at {hole} or below loses").format(hole=rules.hole))
    if rules.bars_from_winning:
        barred = (
            _(
                "a side at {score} or below plays on but can no longer win "
                "(reaching {target} later, nobody wins and play continues)"
            )
            if rules.partnerships
            else _(
                "a player at {score} or below plays on but can no longer win "
                "(reaching {target} later, nobody wins and play continues)"
            )
        )
        end.append(barred.format(score=rules.barred_from_winning_at, target=rules.target))
    if rules.win_only_as_declarer:
        end.append(_("a side wins only by making a contract as declarer"))
    rows.append((pgettext("rules row", "Game"), "; ".join(end)))
    return rows


def action_kind(action: Action) -> str:
    """``"call"``, ``"discard"``, ``"nominate"`` or ``"play"``."""
    if isinstance(action, (Bid, Pass)):
        return "call"
    if isinstance(action, Discard):
        return "discard"
    if isinstance(action, NominateJoker):
        return "nominate"
    if isinstance(action, CallPartner):
        return "partner"
    return "play"


def action_label(action: Action) -> str:
    """An action in card notation, without the player: ``J♦``, ``Joker (as ♠)``, ``7♥``, ``pass``.

    >>> action_label(Play(JOKER, joker_suit=Suit.SPADES))
    'Joker (as ♠)'
    """
    if isinstance(action, Play):
        return str(action.card) if action.joker_suit is None else f"Joker (as {action.joker_suit})"
    if isinstance(action, Discard):
        return str(action.card)
    return str(action)


def action_text(rules: Rules, seat: int, action: Action) -> str:
    """One action in words, as a learner reads it in a log: ``"North bids 7♥"``, ``"East plays J♦"``.

    >>> from fivehundred_tutor import Rules
    >>> action_text(Rules(), 0, Bid.parse("7H"))
    'North bids 7♥'
    """
    name = rules.seat_name(seat)
    if action is PASS:
        return f"{name} passes"
    if isinstance(action, Bid):
        return f"{name} bids {action}"
    if isinstance(action, Discard):
        return f"{name} discards {action.card}"
    if isinstance(action, NominateJoker):
        return f"{name}: {action}"
    if isinstance(action, CallPartner):
        return f"{name} calls the {action.card}: whoever holds it is {name}'s partner"
    assert isinstance(action, Play)
    text = f"{name} plays {action.card}"
    if action.joker_suit is not None:
        text += f" (naming {action.joker_suit.word})"
    if action.source is not None:
        text += f" from the {action.source}"
    return text


# ------------------------------------------------------- a play problem's words
def play_principle(
    rules: Rules,
    contract: Bid,
    seat: int,
    declarer: int,
    winning: tuple[int, Card] | None,
    *,
    joker_names_suit: bool,
    can_win: bool = True,
) -> str:
    """A principle for ``seat``'s card, from what it sees: ``winning`` is the seat and card winning the trick
    so far (``None`` when ``seat`` leads); ``joker_names_suit``: ``seat`` may lead the joker and name its suit;
    ``can_win``: some card ``seat`` may play beats the trick so far (not when the joker or a card no one can
    beat is winning it).

    >>> from fivehundred_tutor import Rules
    >>> play_principle(Rules(), Bid.parse("7H"), 0, 0, None, joker_names_suit=False)
    "On lead as the declaring side: draw the opponents' trumps while you hold the top ones, then cash your winners."
    """
    if contract.is_misere:
        if seat == declarer:
            return "In misère you must lose every trick: play the highest card that is still sure to lose."
        return "Against misère you want the declarer to win a trick: lead or keep the cards that can force it."
    if joker_names_suit:
        return (
            "Led in no trumps, the joker wins and names the suit everyone must follow. "
            "Which suit would make an opponent's high card fall under it?"
        )
    mine = rules.side_of(seat)
    if winning is None:
        declaring = mine == rules.side_of(declarer)
        if declaring and contract.has_trumps:
            return "On lead as the declaring side: draw the opponents' trumps while you hold the top ones, then cash your winners."
        if declaring:
            return (
                "On lead in no trumps: count your sure winners, and keep an entry to the hand that holds the long suit."
            )
        return (
            "On lead in defence: lead through the declarer's strength, and keep the cards that can still beat theirs."
        )
    winner, card = winning
    if rules.side_of(winner) == mine:
        return (
            f"Your side is winning this trick ({rules.seat_name(winner)}'s {card}). "
            "Do you need the lead yourself, or can you keep your high cards for later?"
        )
    if not can_win:
        return (
            f"{rules.seat_name(winner)}'s {card} is winning this trick, and none of your cards can beat it. "
            "Which card can you best spare?"
        )
    return (
        f"{rules.seat_name(winner)}'s {card} is winning this trick. Can you win it cheaply, "
        "or should you save a card that will take a trick later?"
    )


def play_verdict(
    rules: Rules,
    contract: Bid,
    declarer: int,
    seat: int | None,
    played: str,
    best: Sequence[str],
    *,
    cost: int,
    after: int,
    target: int,
    total: int,
    moved: bool = False,
    name_better: bool = True,
) -> str:
    """The verdict on a card (``played``; ``best``: the cards that keep the best result), said from the
    learner's side: what *their* side takes.  ``after``/``target``: the declaring side's tricks (in misère the
    declarer's) after this card and with best play; ``total``: every trick of the deal; ``moved``: the
    defenders' cards were rearranged to beat a line that works only on the actual layout.
    ``name_better=False``: what the card cost, without naming the better card (a first miss: the answer is
    held back, so that *Try again* is a real second try)."""
    better_cards = " or ".join(best[:3])
    if moved:
        return (
            f"{played} works only if the defenders' cards lie kindly. They don't: with the cards as they "
            f"really are, the defence now holds you to {after}."
            + (f" {better_cards} would have succeeded on this layout too." if name_better else "")
        )
    if cost == 0:
        others = [b for b in best if b != played]
        extra = f" ({' or '.join(others[:3])} would do as well)" if others else ""
        return f"{played} keeps the best result within reach{extra}."
    better = f"Better was {better_cards}." if name_better else ""
    costs = f"{played} costs {'a trick' if cost == 1 else f'{cost} tricks'}"
    if contract.is_misere:
        if seat == declarer:
            return f"You take {after} instead of {target}: {costs}. {better}".rstrip()
        return f"{rules.seat_name(declarer)} takes {after} instead of {target} and is closer to escaping: {costs}. {better}".rstrip()
    costs += stake_words(rules, contract, after, target, cost)
    if seat is None or rules.players == 2:
        return (
            f"{rules.side_name(rules.side_of(declarer))} take {after} instead of {target}: {costs}. {better}".rstrip()
        )
    declaring = rules.side_of(seat) == rules.side_of(declarer)
    mine, should = (after, target) if declaring else (total - after, total - target)
    name = rules.side_name(rules.side_of(seat))
    who = "You take" if name == rules.seat_name(seat) else f"Your side ({name}) takes"
    return f"{who} {mine} instead of {should}: {costs}. {better}".rstrip()


def stake_words(rules: Rules, contract: Bid, after: int, target: int, cost: int) -> str:
    """What the lost tricks are worth when they change the score — the slam, or the contract
    (", and with it the slam: 7NT scores 220 instead of 250"); empty when the score stays the
    same.  ``after`` and ``target`` are the declaring side's tricks in the whole deal.

    >>> from fivehundred_tutor import Rules
    >>> stake_words(Rules(), Bid.parse("7H"), 6, 7, 1)
    ', and with it the contract: 7♥ goes down, -200 instead of +200'
    """
    if contract.is_misere or after == target or not 0 <= min(after, target) <= max(after, target) <= 10:
        return ""
    now, best = rules.score(contract, after)[0], rules.score(contract, target)[0]
    if now == best:
        return ""
    it = "it" if cost == 1 else "them"
    if after >= contract.tricks and target >= contract.tricks:  # both made: the slam is at stake
        if target > after:
            return f", and with {it} the slam: {contract} scores {now} instead of {best}"
        return f", and gives the declaring side the slam: {contract} scores {now} instead of {best}"
    if target >= contract.tricks:
        return f", and with {it} the contract: {contract} goes down, {now:+d} instead of {best:+d}"
    return f", and lets {contract} make: {now:+d} for the declaring side instead of {best:+d}"


def line_intro(rules: Rules, seat: int | None) -> str:
    """The words before the line of best play after a costly card (the learner's opponents' play).

    >>> from fivehundred_tutor import Rules
    >>> line_intro(Rules(), 0)
    'Here is how East–West make the most of it'
    """
    if seat is None:
        return "How the best play goes from there"
    mine = rules.side_of(seat)
    others = [rules.side_name(s) for s in range(len(rules.sides)) if s != mine]
    if len(others) == 1:
        return f"Here is how {others[0]} make the most of it"
    return "Here is how the other players make the most of it"
