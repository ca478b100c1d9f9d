"""Explanations in words: why a card belongs to a suit, why a play is illegal, why a card wins.

The quizzes, the replay annotations and ``IllegalAction`` messages all use these,
so a learner always reads the same reasoning.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

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
        return pgettext("contract phrase", "in {contract} (no trumps)").format(contract=call_label(contract))
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
        if not rules.joker_any_time:
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
            card=card, trump=suit_one(trump), where=where
        )
    order = rules.ranking(card.suit, contract)
    place = order.index(card) if card in order else -1
    if trump is not None and card.suit == trump:
        return _("{card} is a trump {where}, the {place} trump.").format(
            card=card, where=where, place=_place_words(place)
        )
    suit = suit_one(card.suit)
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


def suit_one(suit: Suit) -> str:
    """One card of ``suit`` in words, in the reader's language: "heart" ("any heart", "led as a heart")."""
    return _one_card_of()[suit]


def _cards_and_joker(cards: Sequence[Card]) -> str:
    """``'K♥ 5♥'``, ``'K♥ 5♥ and the joker'``, ``'the joker'``: cards a learner holds, in a sentence."""
    named = " ".join(c.short_name for c in cards if not c.is_joker)
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
        return _("{card} is not in the hand.").format(card=card.short_name)
    legal = rules.legal_plays(hand, trick, contract, joker_suit, joker_fixed)
    if card in legal:
        return None
    led = rules.led_suit(trick, contract, joker_suit)
    assert led is not None
    table = rules.table(contract, joker_fixed)
    followers = [c for c in hand if table.suit_of[c.index] == int(led)]
    shown = _cards_and_joker(followers)
    if trick[0].is_joker:
        lead = _("the joker led as a {suit}").format(suit=suit_one(led))
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
            trump=suit_one(trump),
            trumps=trump.local_name,
            suit=suit_one(trump.sister),
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
            card=card, suit=suit_one(led)
        )
    return _("{card} wins: no trump was played, and it is the highest {suit}, the suit led.").format(
        card=card, suit=suit_one(led)
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
    if rules.misere_allowed:
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
    when_void = not rules.joker_any_time
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
        if rules.joker_named_by_declarer_only:
            clauses.append(_("the declarer, if holding it, may name its suit before the first lead"))
        else:
            clauses.append(_("its holder may name its suit before the first lead"))
    rows.append((pgettext("rules row", "Joker in no trumps"), "; ".join(clauses)))
    defenders = _("10 for each trick beyond five") if rules.defenders_score_beyond_five else _("10 for every trick")
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


#: what an action is, as a replay or a deal record names it (the widgets draw each kind its own way)
ActionKind = Literal["call", "discard", "nominate", "partner", "play"]


def action_kind(action: Action) -> ActionKind:
    """``"call"``, ``"discard"``, ``"nominate"``, ``"partner"`` (calling a partner) or ``"play"``."""
    if isinstance(action, (Bid, Pass)):
        return "call"
    if isinstance(action, Discard):
        return "discard"
    if isinstance(action, NominateJoker):
        return "nominate"
    if isinstance(action, CallPartner):
        return "partner"
    return "play"


def call_label(call: Bid | Pass) -> str:
    """A call as a list of calls shows it, in the reader's language: ``7♥``, ``6NT``, ``misère``, ``pass``
    (``pas``, ``passo``; the misère bids in words, the others in notation).

    >>> call_label(PASS), call_label(Bid.parse("OM"))
    ('pass', 'open misère')
    """
    if isinstance(call, Pass):
        return pgettext("call", "pass")
    return call.words if call.is_misere else str(call)


def nominate_words(action: NominateJoker) -> str:
    """A joker nomination in words, in the reader's language: ``nominate the joker as hearts``."""
    if action.suit is None:
        return _("keep the joker free")
    return _("nominate the joker as {suit}").format(suit=action.suit.local_name)


def action_label(action: Action) -> str:
    """An action in card notation, without the player, in the reader's language: ``J♦``, ``Joker (as ♠)``,
    ``7♥``, ``pass``.

    >>> action_label(Play(JOKER, joker_suit=Suit.SPADES))
    'Joker (as ♠)'
    """
    if isinstance(action, Play):
        if action.joker_suit is None:
            return action.card.short_name
        # Translators: the joker led in no trumps or misère, naming the suit it stands for (a symbol)
        return _("Joker (as {suit})").format(suit=action.joker_suit.symbol)
    if isinstance(action, Discard):
        return action.card.short_name
    if isinstance(action, (Bid, Pass)):
        return call_label(action)
    if isinstance(action, NominateJoker):
        return nominate_words(action)
    return _("call {card} as partner").format(card=action.card.short_name)


def play_label(action: Play) -> str:
    """A card played as the table's story shows it (``str(Play)`` in the reader's language): ``8♠``,
    ``Joker (as ♠)``, and with two players where it came from: ``8♠ from hand``.

    >>> play_label(Play(Card.parse("8S"), source="table"))
    '8♠ from table'
    """
    text = action_label(action)
    if action.source == "hand":
        return _("{card} from hand").format(card=text)
    if action.source == "table":
        return _("{card} from table").format(card=text)
    return text


def joker_play_words(seat: str | None, naming: Suit | None) -> str:
    """The joker played, as a sentence: its own messages, so that a language can put the joker where it
    is the object of the verb (Polish "zagrywa dżokera", Italian "gioca il jolly"); ``seat`` None: you.

    >>> joker_play_words("West", None), joker_play_words(None, Suit.HEARTS)
    ('West plays the joker', 'You play the joker, naming hearts')
    """
    if naming is None:
        return _("You play the joker") if seat is None else _("{seat} plays the joker").format(seat=seat)
    if seat is None:
        # Translators: {suit} is a suit's name, e.g. "hearts"
        return _("You play the joker, naming {suit}").format(suit=naming.local_name)
    # Translators: {suit} is a suit's name, e.g. "hearts"
    return _("{seat} plays the joker, naming {suit}").format(seat=seat, suit=naming.local_name)


def action_text(rules: Rules, seat: int, action: Action, *, you: bool = False) -> str:
    """One action in words, as a learner reads it in a log, in the reader's language: ``"North bids 7♥"``,
    ``"East plays J♦"``; ``you``: the learner's own (``"You bid 7♥"``).

    >>> from fivehundred_tutor import Rules
    >>> action_text(Rules(), 0, Bid.parse("7H")), action_text(Rules(), 2, PASS, you=True)
    ('North bids 7♥', 'You pass')
    """
    name = rules.local_seat_name(seat)
    if action is PASS:
        return _("You pass") if you else _("{seat} passes").format(seat=name)
    if isinstance(action, Bid):
        bid = call_label(action)
        return _("You bid {bid}").format(bid=bid) if you else _("{seat} bids {bid}").format(seat=name, bid=bid)
    if isinstance(action, Discard):
        card = action.card.short_name
        return (
            _("You discard {card}").format(card=card)
            if you
            else _("{seat} discards {card}").format(seat=name, card=card)
        )
    if isinstance(action, NominateJoker):
        return _("{seat}: {action}").format(seat=_("You") if you else name, action=nominate_words(action))
    if isinstance(action, CallPartner):
        if you:
            return _("You call the {card}: whoever holds it is your partner").format(card=action.card.short_name)
        # Translators: a 5-player call; {seat} is the declarer who calls the card (twice)
        return _("{seat} calls the {card}: whoever holds it is {seat}'s partner").format(
            seat=name, card=action.card.short_name
        )
    assert isinstance(action, Play)
    if action.card.is_joker and action.source is None:
        return joker_play_words(None if you else name, action.joker_suit)
    played = action.card.short_name
    if action.joker_suit is not None:
        # Translators: {suit} is a suit's name, e.g. "hearts"
        played = _("{card} (naming {suit})").format(card=played, suit=action.joker_suit.local_name)
    if action.source == "hand":
        played = _("{card} from the hand").format(card=played)
    elif action.source == "table":
        played = _("{card} from the table").format(card=played)
    return _("You play {card}").format(card=played) if you else _("{seat} plays {card}").format(seat=name, card=played)


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
        if seat == declarer and winning is None:
            # the declarer's lead (the first trick's: a declarer who wins a trick has lost): "the highest card still
            # sure to lose" is no rule here, a high card sure to lose now can leave a suit where no card goes under
            return _(
                "On lead in misère, a card that loses this trick is not enough: it must leave you safe in the tricks"
                " to come. A short suit led now soon leaves you void in it, free to throw a dangerous card whenever"
                " it is led."
            )
        if seat == declarer:
            return _("In misère you must lose every trick: play the highest card that is still sure to lose.")
        return _("Against misère you want the declarer to win a trick: lead or keep the cards that can force it.")
    if joker_names_suit:
        return _(
            "Led in no trumps, the joker wins and names the suit everyone must follow. "
            "Which suit would make an opponent's high card fall under it?"
        )
    mine = rules.side_of(seat)
    if winning is None:
        declaring = mine == rules.side_of(declarer)
        if declaring and contract.has_trumps:
            return _(
                "On lead as the declaring side: draw the opponents' trumps while you hold the top ones, then cash your winners."
            )
        if declaring:
            return _(
                "On lead in no trumps: count your sure winners, and keep an entry to the hand that holds the long suit."
            )
        return _(
            "On lead in defence: lead through the declarer's strength, and keep the cards that can still beat theirs."
        )
    winner, card = winning
    # Translators: {seat} and {card}: the seat winning the trick so far and its card ("North's K♠")
    names = {"seat": rules.local_seat_name(winner), "card": card.short_name}
    if rules.side_of(winner) == mine:
        return _(
            "Your side is winning this trick ({seat}'s {card}). "
            "Do you need the lead yourself, or can you keep your high cards for later?"
        ).format(**names)
    if not can_win:
        return _(
            "{seat}'s {card} is winning this trick, and none of your cards can beat it. Which card can you best spare?"
        ).format(**names)
    return _(
        "{seat}'s {card} is winning this trick. Can you win it cheaply, "
        "or should you save a card that will take a trick later?"
    ).format(**names)


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
    better_cards = _(" or ").join(best[:3])
    if moved:
        text = _(
            "{played} works only if the defenders' cards lie kindly. They don't: with the cards as they "
            "really are, the defence now holds you to {after}."
        ).format(played=played, after=after)
        if name_better:
            text += " " + _("{cards} would have succeeded on this layout too.").format(cards=better_cards)
        return text
    if cost == 0:
        others = [b for b in best if b != played]
        if others:
            return _("{played} keeps the best result within reach ({others} would do as well).").format(
                played=played, others=_(" or ").join(others[:3])
            )
        return _("{played} keeps the best result within reach.").format(played=played)
    better = " " + _("Better was {cards}.").format(cards=better_cards) if name_better else ""
    # Translators: what a card cost ("J♦ costs a trick", "J♦ costs 2 tricks"), then what was at stake
    costs = ngettext("{played} costs a trick", "{played} costs {n} tricks", cost).format(played=played, n=cost)
    if contract.is_misere:
        if seat == declarer:
            return (
                _("You take {after} instead of {target}: {costs}.").format(after=after, target=target, costs=costs)
                + better
            )
        return (
            _("{seat} takes {after} instead of {target} and is closer to escaping: {costs}.").format(
                seat=rules.local_seat_name(declarer), after=after, target=target, costs=costs
            )
            + better
        )
    costs += stake_words(rules, contract, after, target, cost)
    if seat is None or rules.players == 2:
        return (
            _("{side} take {after} instead of {target}: {costs}.").format(
                side=rules.local_side_name(rules.side_of(declarer)), after=after, target=target, costs=costs
            )
            + better
        )
    declaring = rules.side_of(seat) == rules.side_of(declarer)
    mine, should = (after, target) if declaring else (total - after, total - target)
    side = rules.side_of(seat)
    if len(rules.sides[side]) == 1:
        text = _("You take {mine} instead of {should}: {costs}.")
    else:
        text = _("Your side ({side}) takes {mine} instead of {should}: {costs}.")
    return text.format(side=rules.local_side_name(side), mine=mine, should=should, costs=costs) + better


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
    values = {"contract": contract, "now": now, "best": best, "signed_now": f"{now:+d}", "signed_best": f"{best:+d}"}
    if after >= contract.tricks and target >= contract.tricks:  # both made: the slam is at stake
        if target > after:
            return ngettext(
                ", and with it the slam: {contract} scores {now} instead of {best}",
                ", and with them the slam: {contract} scores {now} instead of {best}",
                cost,
            ).format(**values)
        return _(", and gives the declaring side the slam: {contract} scores {now} instead of {best}").format(**values)
    if target >= contract.tricks:
        return ngettext(
            ", and with it the contract: {contract} goes down, {signed_now} instead of {signed_best}",
            ", and with them the contract: {contract} goes down, {signed_now} instead of {signed_best}",
            cost,
        ).format(**values)
    return _(", and lets {contract} make: {signed_now} for the declaring side instead of {signed_best}").format(
        **values
    )


def line_intro(rules: Rules, seat: int | None) -> str:
    """The words before the line of best play after a costly card (the learner's opponents' play).

    >>> from fivehundred_tutor import Rules
    >>> line_intro(Rules(), 0)
    'Here is how East–West make the most of it'
    """
    if seat is None:
        return _("How the best play goes from there")
    mine = rules.side_of(seat)
    others = [rules.local_side_name(s) for s in range(len(rules.sides)) if s != mine]
    if len(others) == 1:
        return _("Here is how {side} make the most of it").format(side=others[0])
    return _("Here is how the other players make the most of it")
