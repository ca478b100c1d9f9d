"""Question generators about cards and play: hierarchy, bowers, legal plays, trick winner, kitty.

Every answer comes from the engine (``rules.ranking``, ``effective_suit``,
``legal_plays``, ``trick_winner``) and every explanation from its
``explain_*`` / ``why_illegal`` sentences.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from ..bids import Bid
from ..cards import ACE, JACK, JOKER, Card, Suit, short_names
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..i18n import ngettext
from ..rng import Random
from ..rules import Rules
from .core import QuestionError, answer_slot, bid_info, bid_text, card_choice, card_in_text, card_info, cards_info
from .judging import sound_suit_levels
from .positions import TrickSpot, random_contract, random_trick, retry, slot_words
from .reading import suit_one

__all__ = ["gen_bowers", "gen_hierarchy", "gen_kitty", "gen_legal_plays", "gen_trick_winner"]

_INDEX = attrgetter("index")  # display order: sorted(cards) == sorted(cards, key=_INDEX), faster


def _suit_contract(rng: Random, rules: Rules) -> Bid:
    return random_contract(rng, rules, no_trumps=0.0)


def contract_phrase(contract: Bid) -> str:
    """The sentence a question about play opens with: the contract and what is trumps, in the reader's language."""
    if contract.is_misere:
        return _("The contract is {contract}: no trumps, and the declarer must take no trick.").format(
            contract=bid_text(contract)
        )
    if contract.trump is None:
        return _("The contract is {contract} ({words}): no trumps.").format(contract=contract, words=contract.words)
    return _("The contract is {contract} ({words}): {suit} are trumps.").format(
        contract=contract, words=contract.words, suit=contract.trump.local_name
    )


# ---------------------------------------------------------------- hierarchy
def gen_hierarchy(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    if difficulty == 1:
        contract = random_contract(rng, rules, no_trumps=0.3)
        suits = [s for s in Suit if s != contract.trump]
        suit = rng.choice(suits)
        pool = rules.ranking(suit, contract)
        a, b = rng.sample(pool, 2)
        order = [c for c in pool if c in (a, b)]  # highest first
        cards = [a, b]
        prompt = _("{contract} Which card ranks higher: {a} or {b}?").format(
            contract=contract_phrase(contract), a=a, b=b
        )
        explanation = " ".join(rules.explain_card(c, contract) for c in order)
        return {
            "prompt": prompt,
            "kind": "choice",
            "choices": [card_choice(c) for c in cards],
            "context": {"contract": bid_info(contract), "cards": cards_info(cards)},
            "answer": order[0].code,
            "explanation": explanation,
        }
    contract = _suit_contract(rng, rules)
    assert contract.trump is not None
    pool = rules.ranking(contract.trump, contract)
    specials = [c for c in pool if c.is_joker or c.rank == JACK]
    size = 3 if difficulty == 2 else 5
    picked = [rng.choice(specials)]
    rest = [c for c in pool if c not in picked]
    picked += rng.sample(rest, size - 1)
    rng.shuffle(picked)
    order = [c for c in pool if c in picked]
    explanation = " ".join(rules.explain_card(c, contract) for c in order)
    context = {"contract": bid_info(contract), "cards": cards_info(picked)}
    if difficulty == 2:
        return {
            "prompt": _("{contract} Which of these cards is the highest?").format(contract=contract_phrase(contract)),
            "kind": "choice",
            "choices": [card_choice(c) for c in picked],
            "context": context,
            "answer": order[0].code,
            "explanation": explanation,
        }
    return {
        "prompt": _("{contract} Put these trumps in order, highest first.").format(contract=contract_phrase(contract)),
        "kind": "order",
        "choices": [card_choice(c) for c in picked],
        "context": context,
        "answer": [c.code for c in order],
        "explanation": explanation,
    }


# ------------------------------------------------------------------- bowers
_NO_SUIT_ID = "none"


def _suit_choices() -> list[dict[str, str]]:
    out = [{"id": s.letter, "label": str(s), "words": s.local_name} for s in Suit]
    out.append({"id": _NO_SUIT_ID, "label": _("no suit"), "words": _("(until it is played)")})
    return out


def gen_bowers(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    deck = rules.deck()
    if difficulty == 1:
        contract = _suit_contract(rng, rules)
        which = rng.choice(["right", "left"])
        jacks = [c for c in deck if c.rank == JACK]
        want = 99 if which == "right" else 98
        bower = next(c for c in jacks if rules.card_power(c, contract) == want)
        return {
            "prompt": (
                _("{contract} Which jack is the right bower?")
                if which == "right"
                else _("{contract} Which jack is the left bower?")
            ).format(contract=contract_phrase(contract)),
            "kind": "choice",
            "choices": [card_choice(c) for c in jacks],
            "context": {"contract": bid_info(contract)},
            "answer": bower.code,
            "explanation": rules.explain_card(bower, contract),
        }
    if difficulty == 2:
        contract = random_contract(rng, rules, no_trumps=0.25)
        trump = contract.trump
        if trump is None:
            candidates = [JOKER, *[c for c in deck if c.rank == JACK]]
        else:
            candidates = [c for c in deck if c.is_joker or c.rank == JACK or c.suit in (trump, trump.sister)]
        card = rng.choice(candidates)
        suit = rules.effective_suit(card, contract)
        return {
            "prompt": _("{contract} Which suit does {card} belong to?").format(
                contract=contract_phrase(contract), card=card_in_text(card)
            ),
            "kind": "choice",
            "choices": _suit_choices(),
            "context": {"contract": bid_info(contract), "card": card_info(card)},
            "answer": _NO_SUIT_ID if suit is None else suit.letter,
            "explanation": rules.explain_card(card, contract),
        }

    def make(r: Random) -> tuple[Bid, list[Card]] | None:
        contract = _suit_contract(r, rules)
        assert contract.trump is not None
        hand = r.sample(deck, 8)
        left = Card(JACK, contract.trump.sister)
        tricky = [c for c in hand if c is left or c.is_joker or c.suit == contract.trump.sister]
        if left not in hand or len(tricky) < 2:
            return None
        return contract, sorted(hand)

    contract, hand = retry(rng, make, N_("a hand with a left bower"))
    trump = contract.trump
    assert trump is not None
    trumps = [c.code for c in hand if rules.effective_suit(c, contract) == trump]
    notes = [rules.explain_card(c, contract) for c in hand if c.is_joker or c.rank == JACK or c.suit == trump.sister]
    return {
        "prompt": _("{contract} Which of these cards are trumps? Pick every one.").format(
            contract=contract_phrase(contract)
        ),
        "kind": "multi",
        "choices": [card_choice(c) for c in hand],
        "context": {"contract": bid_info(contract), "hand": cards_info(hand)},
        "answer": trumps,
        "explanation": _("Trumps here: {cards}.").format(cards=short_names(Card.parse(a) for a in trumps))
        + " "
        + " ".join(notes),
    }


# ---------------------------------------------------------------- legal plays
def _legal_spot(rules: Rules, rng: Random, difficulty: int) -> TrickSpot:
    hand_size = {1: 6, 2: 8, 3: 10}[difficulty]

    def make(r: Random) -> TrickSpot | None:
        if difficulty == 3:
            contract = Bid.no_trumps(6 + r.randbelow(5))
        else:
            contract = _suit_contract(r, rules)
        size = 4 if rules.players == 2 else rules.players
        played = 1 + r.randbelow(size - 1)
        trump = contract.trump
        plant = None
        lead = None
        if difficulty == 1:
            lead = (lambda c: c.suit != trump and not c.is_joker) if trump is not None else None
        elif difficulty == 2:
            assert trump is not None
            plant = (Card(JACK, trump.sister), played)
            lead = lambda c: c.suit in (trump, trump.sister) or c.is_joker  # noqa: E731
        else:
            plant = (JOKER, 0 if r.random() < 0.4 else played)
        spot = random_trick(r, rules, contract, played=played, hand_size=hand_size, lead=lead, plant=plant)
        hand, trick = spot.hand, spot.trick
        legal = rules.legal_plays(hand, trick, contract, spot.joker_suit)
        if difficulty == 1:
            # Plain suit led; the hand can follow; no bower question.
            led = rules.led_suit(trick, contract, spot.joker_suit)
            lb = Card(JACK, trump.sister) if trump is not None else None
            if led == trump or lb in hand or JOKER in hand or len(legal) == len(hand):
                return None
            return spot
        if difficulty == 2:
            assert trump is not None
            lb = Card(JACK, trump.sister)
            led = rules.led_suit(trick, contract, spot.joker_suit)
            if lb not in hand or led not in (trump, trump.sister):
                return None
            return spot
        # No trumps with the joker in play: led (with its named suit) or in the hand.
        if trick[0].is_joker or (JOKER in hand and JOKER not in trick):
            return spot
        return None

    found: TrickSpot = retry(rng, make, N_("a trick for a legal-plays question"))
    return found


def trick_words(spot: TrickSpot, rules: Rules | None = None) -> str:
    """ "North 8♥, East A♥" in the reader's language (``rules`` names the seats; without them, the English
    labels)."""
    parts = []
    for i, card in enumerate(spot.trick):
        who = spot.slots[i].label if rules is None else slot_words(rules, spot.slots[i])
        text = f"{who} {card.short_name}"
        if i == 0 and card.is_joker and spot.joker_suit is not None:
            # Translators: {play} is "North Joker"; {suit} one card of the suit the joker's holder named ("heart")
            text = _("{play} (led as a {suit})").format(play=text, suit=suit_one(spot.joker_suit))
        parts.append(text)
    return ", ".join(parts)


def gen_legal_plays(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    spot = _legal_spot(rules, rng, difficulty)
    contract, hand, trick = spot.contract, spot.hand, spot.trick
    legal = rules.legal_plays(hand, trick, contract, spot.joker_suit)
    reasons = [
        reason for c in hand if (reason := rules.why_illegal(c, hand, trick, contract, spot.joker_suit)) is not None
    ]
    if len(legal) == len(hand):
        led = rules.led_suit(trick, contract, spot.joker_suit)
        if contract.trump is not None:
            text = _("You hold no {suits} (remember the bowers and the joker), so every card may be played.")
        else:
            text = _("You hold no {suits} (with no trumps every jack stays in its suit), so every card may be played.")
        explanation = text.format(suits=led.local_name if led is not None else _("the suit led"))
    else:
        first = reasons[0] if reasons else ""
        explanation = _("Legal: {cards}.").format(cards=short_names(legal)) + f" {first}"
    prompt = _(
        "{contract} Trick so far: {trick}. {seat} to play. Which cards may be played? Pick every legal card."
    ).format(contract=contract_phrase(contract), trick=trick_words(spot, rules), seat=slot_words(rules, spot.to_play))
    return {
        "prompt": prompt,
        "kind": "multi",
        "choices": [card_choice(c) for c in hand],
        "context": {**spot.context(rules), "hand": cards_info(hand)},
        "answer": [c.code for c in legal],
        "explanation": explanation.strip(),
    }


# ---------------------------------------------------------------- trick winner
def gen_trick_winner(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    """Which card wins a complete trick?  The cards are shown in the order played, and the winner's place
    is balanced by choosing the trick (any seat's card may win, the lead's too)."""
    size = 4 if rules.players == 2 else rules.players
    slot = answer_slot(rng, size)

    def make(r: Random) -> TrickSpot | None:
        if difficulty == 3:
            contract = random_contract(r, rules, no_trumps=0.5)
        else:
            contract = _suit_contract(r, rules)
        trump = contract.trump
        plant = None
        lead = None
        if difficulty == 1 and trump is not None:
            lead = lambda c: c.suit != trump and not c.is_joker and c != Card(JACK, trump.sister)  # noqa: E731
        if difficulty == 3:
            if trump is None:
                plant = (JOKER, None)
            else:
                plant = (Card(JACK, trump.sister), None)
                lead = lambda c: c.suit in (trump, trump.sister)  # noqa: E731
        hand_size = 10 - r.randbelow(6) if difficulty == 1 else 2 + r.randbelow(5)
        spot = random_trick(r, rules, contract, played=size - 1, hand_size=hand_size, lead=lead, plant=plant)
        legal = rules.legal_plays(spot.hand, spot.trick, contract, spot.joker_suit)
        card = r.choice(legal)
        spot.hand.remove(card)
        spot.trick.append(card)
        spot.hands.append([])  # nobody left to play
        table = rules.table(contract)
        trumps = [c for c in spot.trick if trump is not None and table.suit_of[c.index] == int(trump)]
        led = rules.led_suit(spot.trick, contract, spot.joker_suit)
        if rules.trick_winner(spot.trick, contract, spot.joker_suit) != slot:
            return None
        if difficulty == 1:
            return spot if not trumps and led != trump else None
        if difficulty == 2:
            bower = any(c.rank == JACK and c in trumps for c in spot.trick)
            return spot if trumps and (bower or len(trumps) >= 2) else None
        interesting = JOKER in spot.trick or (
            trump is not None and Card(JACK, trump.sister) in spot.trick and led in (trump, trump.sister)
        )
        return spot if interesting else None

    spot: TrickSpot = retry(rng, make, N_("a trick for a trick-winner question"))
    contract, trick = spot.contract, spot.trick
    winner = rules.trick_winner(trick, contract, spot.joker_suit)
    labels = [s.label for s in spot.slots]
    words = [slot_words(rules, s) for s in spot.slots]
    choices = [
        {**card_choice(c), "label": f"{c.short_name} ({words[i]})", "seat": labels[i]} for i, c in enumerate(trick)
    ]
    context = spot.context(rules)
    context.pop("to_play", None)
    return {
        "prompt": _("{contract} The trick: {trick}. Which card wins the trick?").format(
            contract=contract_phrase(contract), trick=trick_words(spot, rules)
        ),
        "kind": "choice",
        "choices": choices,
        "context": context,
        "answer": trick[winner].code,
        "explanation": rules.explain_trick(trick, contract, spot.joker_suit),
    }


# ----------------------------------------------------------------------- kitty
def _throw_words(k: int, example: list[str], voids: str | None) -> str:
    """The advice that ends a kitty explanation: throw ``k`` side cards ("low side cards" only when the
    example holds no picture card: a king thrown to make a void, or a jack that is the lowest left, is no
    low card), emptying a short side suit (``voids``: the suits that can go) when one is asked for."""
    cards = short_names(Card.parse(c) for c in example)
    if voids is not None:
        return ngettext(
            "Throw {k} side card, emptying a short side suit so that you can trump it at once: your {voids}; "
            "for example {cards}.",
            "Throw {k} side cards, emptying a short side suit so that you can trump it at once: your {voids}; "
            "for example {cards}.",
            k,
        ).format(k=k, voids=voids, cards=cards)
    if any(Card.parse(c).rank >= JACK for c in example):
        text = ngettext(
            "Throw {k} of your lowest side cards, for example {cards}.",
            "Throw {k} of your lowest side cards, for example {cards}.",
            k,
        )
    else:
        text = ngettext(
            "Throw {k} low side card, for example {cards}.", "Throw {k} low side cards, for example {cards}.", k
        )
    return text.format(k=k, cards=cards)


def gen_kitty(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    """Discard after taking the kitty; the discard is judged by its quality (see ``core._check_cards``).

    Keep every trump (the bowers and the joker among them) and every side ace; at level 3 also empty a
    short side suit.  The hand has at least :data:`KITTY_MIN_TRUMPS` trumps (a declarer's hand), so that
    a blind pick of cards keeps them all only rarely.
    """
    k = rules.kitty_size
    deck = rules.deck()

    def make(r: Random) -> tuple[Bid, list[Card], list[Card], list[Card]] | None:
        trump = Suit(r.randbelow(4))
        probe = Bid.suit(7, trump)
        hand = sorted(r.sample(deck, 10 + k), key=_INDEX)
        suit_of = rules.table(probe).suit_of  # effective suits (the left bower and joker are trumps)
        trumps = [c for c in hand if suit_of[c.index] == trump]
        others = [c for c in hand if suit_of[c.index] != trump]
        losers = [c for c in others if c.rank != ACE]
        if len(losers) < k or len(trumps) < KITTY_MIN_TRUMPS:
            return None
        # The contract is one a sound player could have bid with the ten cards kept.
        power = rules.table(probe).power
        kept = trumps + sorted(others, key=lambda c: -power[c.index])[: max(0, 10 - len(trumps))]
        levels = sound_suit_levels(rules, kept[:10], trump)
        if not levels:
            return None
        contract = Bid.suit(levels[r.randbelow(len(levels))], trump)
        special = any(c.is_joker or (c.rank == JACK and c.suit == trump.sister) for c in trumps)
        sister_cards = any(c.suit == trump.sister for c in others)
        if difficulty == 1 and special:
            return None
        if difficulty == 2 and not (special and sister_cards):
            return None
        if difficulty == 3 and not (special and _voids(rules, contract, others, k)[1]):
            return None
        return contract, hand, trumps, others

    contract, hand, trumps, others = retry(rng, make, N_("a declarer's hand for a kitty question"))
    trump = contract.trump
    assert trump is not None
    voidable, right_voids = _voids(rules, contract, others, k)
    aces = [c for c in others if c.rank == ACE]
    power = rules.table(contract).power
    losers = sorted((c for c in others if c.rank != ACE), key=lambda c: power[c.index])
    groups = [[c.code for c in cards] for cards in right_voids.values()] if difficulty == 3 else []
    example = _example_discard(losers, groups, k)
    if difficulty == 3:
        task = (
            _("Keep every trump and every side ace, and leave yourself void in a side suit (no cards of it).")
            if aces
            else _("Keep every trump, and leave yourself void in a side suit (no cards of it).")
        )
    else:
        task = _("Keep every trump and every side ace.") if aces else _("Keep every trump.")
    notes = [rules.explain_card(c, contract) for c in trumps if c.is_joker or c.rank == JACK]
    ace_words = ""
    if aces:
        ace_words = " " + ngettext(
            "Keep your {cards} too: an ace wins tricks.", "Keep your {cards} too: aces win tricks.", len(aces)
        ).format(cards=_words(aces))
    explanation = (
        _("Your trumps, highest first: {cards}.").format(
            cards=short_names(sorted(trumps, key=lambda c: -power[c.index]))
        )
        + "".join(" " + n for n in notes)
        + " "
        + _("Keep them all: a thrown trump is a trick given away.")
        + ace_words
        + " "
        + _throw_words(k, example, _words_and(right_voids) if difficulty == 3 else None)
    )
    hold = ngettext(
        "{contract} You are the declarer and have taken the kitty: you hold {n} cards and must discard {k}. "
        "Which {k} do you discard?",
        "{contract} You are the declarer and have taken the kitty: you hold {n} cards and must discard {k}. "
        "Which {k} do you discard?",
        k,
    ).format(contract=contract_phrase(contract), n=len(hand), k=k)
    return {
        "prompt": f"{hold} {task}",
        "kind": "cards",
        "choices": [card_choice(c) for c in hand],
        "context": {"contract": bid_info(contract), "hand": cards_info(hand), "count": k},
        "answer": {
            "count": k,
            "forbidden": [c.code for c in trumps + aces],  # the cards to keep (the quiz marks a thrown one)
            "trumps": [c.code for c in trumps],
            "aces": [c.code for c in aces],
            "need_void": difficulty == 3,
            "side_suits": {s.word: [c.code for c in cards] for s, cards in voidable.items()},
            "void_any_of": groups,
            "example": example,
            "example_words": short_names(Card.parse(c) for c in example),
        },
        "explanation": explanation,
    }


#: a declarer's hand after the kitty holds at least this many trumps (sound bids need three to four)
KITTY_MIN_TRUMPS = 4


def _voids(
    rules: Rules, contract: Bid, others: list[Card], k: int
) -> tuple[dict[Suit, list[Card]], dict[Suit, list[Card]]]:
    """The side suits a discard of ``k`` cards can empty, and those among them with no ace (the right voids)."""
    voidable: dict[Suit, list[Card]] = {}
    for s in Suit:
        cards = [c for c in others if rules.effective_suit(c, contract) == s]
        if s != contract.trump and 0 < len(cards) <= k:
            voidable[s] = cards
    right = {s: cards for s, cards in voidable.items() if not any(c.rank == ACE for c in cards)}
    return voidable, right


def _words(cards: list[Card]) -> str:
    return short_names(cards)


def _words_and(suits: dict[Suit, list[Card]]) -> str:
    """'clubs (7♣ 8♣)' or 'clubs (7♣) or your diamonds (5♦ 6♦)' (in the reader's language)."""
    parts = [f"{s.local_name} ({_words(cards)})" for s, cards in suits.items()]
    text = parts[0] if parts else ""
    for part in parts[1:]:
        # Translators: the side suits a discard can empty: "clubs (7♣) or your diamonds (5♦ 6♦)"
        text = _("{a} or your {b}").format(a=text, b=part)
    return text


def _example_discard(losers: list[Card], groups: list[list[str]], k: int) -> list[str]:
    """The lowest side cards, starting with the shortest right void when one is asked for."""
    chosen: list[str] = []
    if groups:
        chosen = list(sorted(groups, key=len)[0])
    for c in losers:
        if len(chosen) >= k:
            break
        if c.code not in chosen:
            chosen.append(c.code)
    if len(chosen) != k:
        raise QuestionError(_("no legal discard example"))
    return chosen
