"""Every library deal's title and comments say only what the deal record shows.

The mechanism (what makes drift fail, not only the asserts written so far): each text of a record —
its title, intro, comments and stop prompts — is cut into sentences, and every claim token in a
sentence (a card, a contract, a number, a count in words: ``tests/support/claims.py``) must be
*consumed* by one of the checks below, which verifies it against the deal at that moment (before
the commented action, or after the discards for the title).  A token no check consumes fails as
"unchecked", so a new sentence cannot slip in an unverified figure; it must be written in a form a
check reads, or the check extended.  The checks:

- **cards**: a card named is held, or was played this deal, by a seat the sentence names (North,
  "partner", "you", "the defenders", "the declarer"; the seat to move when it names none; any seat in
  an intro or a title); in a sentence about the kitty, a kitty card.  A run of cards after "the joker"
  in a sentence on the trump order is the trump suit from the top.
- **contracts**: the deal's contract or a call of its auction; "ranks just below X" is the bid ladder.
- **counts**: "N spades" = the subject's cards printed in spades, besides the cards the sentence names
  (the bowers and the joker by name too); "N trumps" = the subject's trumps (the defenders': between
  them); "the top/three highest N trumps" = the N highest trumps are the subject's; "N queens"; "N
  cards left".
- **tricks**: "N tricks" when the deal is over = the declaring side's tricks (or the named side's);
  "have N tricks" = won so far; "N tricks are left"; "keeps N tricks" / "N tricks within reach" = the
  solver's value for the player to move (stored annotations); "costs a trick", "one trick fewer", "two
  fewer" = the solver's cost of each card named (the solver runs here); "trick 6" names a trick in
  which a card of the sentence was played.
- **points**: a value is the worth of a contract named in the sentence (or the deal's), a score of the
  result, the slam score, or the defenders' points for one trick.
- **the deck** (intros): "N cards" is the deck, a hand, the kitty or (2 players) the table cards;
  "N players", "N piles", "7 to ace".

A sentence may also carry words that are not claims ("one of them", "one from hand"): ``NOT_CLAIMS``.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field

import pytest

from fivehundred_tutor import Bid, Deal, Rules
from fivehundred_tutor.actions import Play
from fivehundred_tutor.bids import PASS
from fivehundred_tutor.handlers.problem import precompute
from fivehundred_tutor.records import library_names, load_library_record
from fivehundred_tutor.records.record import DealRecord
from fivehundred_tutor.solver import analyse
from tests.support.claims import SUIT_WORDS, Token, tokens

NAMES = library_names()

#: phrases whose number is not a fact about the deal (an idiom; a rule's "one from hand")
NOT_CLAIMS = (
    "one of them",
    "one from hand",
    "one from the",
    "one more round",
    "need one more",
    "two rounds may",
    "in one hand",
)

RANK_NOUNS = {"aces": "A", "kings": "K", "queens": "Q", "jacks": "J"}

#: words before a contract ("a sound 6♥", "bids 7♠", "against South's 6♥") or after it ("7♠ is worth")
BID_BEFORE = re.compile(
    r"(?:\bbids?|\bbidding|\bopens?|\bsound|\bcontract|\bplays|\bagainst|\bmakes?|\bmade|instead of|'s)\s*$"
)
BID_AFTER = re.compile(r"^\s*(?:,\s*)?(?:is worth|worth|made|contract)")


@dataclass
class Sentence:
    """One sentence of a record's text, with the deal at its moment."""

    record: DealRecord
    where: str  # "title", "intro", "comment 12", "stop 12"
    text: str
    index: int | None  # the action the text is about (None: title and intro)
    before: Deal  # the deal before that action (title: after the discards; intro: the start)
    final: Deal  # the whole deal, played out
    problems: list[str] = field(default_factory=list)

    @property
    def rules(self) -> Rules:
        return self.record.rules

    @property
    def last(self) -> bool:
        """The text is about the deal as a whole (the title) or its last action."""
        return self.where == "title" or self.index == len(self.record.actions) - 1

    def fail(self, what: str) -> None:
        self.problems.append(f"{self.record.title!r}, {self.where}: {what} — in “{self.text}”")


def first_play(record: DealRecord) -> int:
    deal = record.start_deal()
    for i, code in enumerate(record.actions):
        if deal.phase == "play":
            return i
        deal.push(code)
    return len(record.actions)


def sentences_of(record: DealRecord) -> list[Sentence]:
    final = record.to_deal()
    texts: list[tuple[str, str, int | None]] = [
        ("title", record.title or "", None),
        ("intro", record.intro or "", None),
    ]
    texts += [(f"comment {i}", t, i) for i, t in sorted(record.comments.items())]
    texts += [(f"stop {i}", t, i) for i, t in sorted(record.stops.items())]
    out = []
    for where, text, index in texts:
        if where == "title":
            before = record.to_deal(first_play(record))
        elif index is None:
            before = record.start_deal()
        else:
            before = record.to_deal(index)
        for part in re.split(r"(?<=[.!?…])\s+(?=[A-Z“\"(])", " ".join(text.split())):
            if part.strip():
                out.append(Sentence(record, where, part.strip(), index, before, final))
    return out


# ------------------------------------------------------------------------ what a sentence names
def subjects(s: Sentence) -> set[int]:
    """The seats a sentence names (North, "partner", "you", "the defenders", "the declarer", "North–South")."""
    rules, deal = s.rules, s.final
    found: set[int] = set()
    text = s.text
    for side in range(len(rules.sides)):
        name = rules.side_name(side)
        if "–" in name and name in text:
            found |= set(rules.sides[side])
            text = text.replace(name, " ")
    for seat in range(rules.players):
        if re.search(rf"\b{rules.seat_name(seat)}\b", text):
            found.add(seat)
    low = text.lower()
    viewer = s.record.seat if s.record.seat is not None else deal.declarer
    if viewer is not None and re.search(r"\byou\b|\byour\b", low):
        found.add(viewer)
    if viewer is not None and re.search(r"\bpartner\b", low):  # "partner's A♥" — written from the viewer's seat
        found |= {viewer, *rules.partners(viewer)}
    if deal.declarer is not None and "declarer" in low:
        found.add(deal.declarer)
    if deal.declarer is not None and re.search(r"\bdefen(?:ders|ce)\b", low):
        found |= {x for x in deal.active if rules.side_of(x) != rules.side_of(deal.declarer)}
    return found


def nearest_subject(s: Sentence, t: Token) -> set[int]:
    """The seats of the last subject named before ``t`` in the sentence — a side ("North–South"), a
    seat not in the possessive ("West", not "East's"), "the defenders", "the declarer" — or none:
    "East–West +80, North–South take four tricks" → North and South."""
    rules, deal = s.rules, s.final
    text = s.text[: t.start]
    found: list[tuple[int, set[int]]] = []
    spans: list[tuple[int, int]] = []
    for side in range(len(rules.sides)):
        name = rules.side_name(side)
        if "–" in name:
            for m in re.finditer(re.escape(name), text):
                found.append((m.start(), set(rules.sides[side])))
                spans.append(m.span())
    for seat in range(rules.players):
        for m in re.finditer(rf"\b{rules.seat_name(seat)}\b(?!'s)", text):
            if not any(a <= m.start() < b for a, b in spans):
                found.append((m.start(), {seat}))
    if deal.declarer is not None:
        defenders = {x for x in deal.active if rules.side_of(x) != rules.side_of(deal.declarer)}
        for m in re.finditer(r"\bthe defen(?:ders|ce)\b", text, re.I):
            found.append((m.start(), defenders))
        for m in re.finditer(r"\bthe declarer\b(?!'s)", text, re.I):
            found.append((m.start(), {deal.declarer}))
    return max(found, key=lambda f: f[0])[1] if found else set()


def is_bid_code(code: str) -> bool:
    return bool(re.fullmatch(r"(6|7|8|9|T)[SCDH]|(6|7|8|9|10)NT", code))


def as_bid(code: str) -> Bid:
    return Bid.parse("10" + code[1:] if code.startswith("T") else code)


def is_bid_token(s: Sentence, t: Token) -> bool:
    """A token that names a contract, not a card (by the words around it)."""
    if t.kind == "notrumps":
        return True
    if t.kind != "suited" or not is_bid_code(str(t.value)):
        return False
    return bool(
        BID_BEFORE.search(s.text[max(0, t.start - 30) : t.start]) or BID_AFTER.match(s.text[t.end : t.end + 20])
    )


def named_cards(s: Sentence) -> set[str]:
    """Cards the sentence names: by symbol, and the joker and the bowers by name (under a trump contract)."""
    names = {str(t.value) for t in tokens(s.text) if t.kind == "suited" and not is_bid_token(s, t)}
    low = s.text.lower()
    contract = s.final.contract
    if "joker" in low:
        names.add("JK")
    if contract is not None and contract.trump is not None:
        both = re.search(r"both (?:bowers|red jacks|black jacks)", low)
        if "right bower" in low or both:
            names.add("J" + contract.trump.letter)
        if "left bower" in low or both:
            names.add("J" + contract.trump.sister.letter)
    return names


def cards_of(s: Sentence, seat: int) -> set[str]:
    """The cards ``seat`` holds at the sentence's moment, or played (the declarer: discarded) in the deal
    up to and with its action; for the title and the last comment, every card it played."""
    deal = s.before
    cards = {c.code for c in deal.hands[seat]}
    if deal.table is not None:  # 2 players: the table piles, face down or up
        cards |= {c.code for pile in deal.table_piles(seat) for c in pile[:2] if c is not None}
    if seat == deal.declarer:
        cards |= {c.code for c in deal.discards}
    cards |= {c.code for t in deal.tricks for (p, c, _) in t.plays if p == seat}
    cards |= {c.code for p, c, _ in deal.trick if p == seat}
    if s.index is not None and deal.to_move == seat:
        action = deal.parse_action(s.record.actions[s.index])
        if isinstance(action, Play):
            cards.add(action.card.code)
    if s.last:
        cards |= {c.code for t in s.final.tricks for (p, c, _) in t.plays if p == seat}
    return cards


def holding(s: Sentence, seat: int) -> set[str]:
    """What ``seat`` holds at the sentence's moment (for a count)."""
    return {c.code for c in s.before.hands[seat]}


# ---------------------------------------------------------------------------------- the checks
def check_card(s: Sentence, t: Token, who: set[int]) -> bool:
    """A card is the named seats' (or the mover's; in an intro, anyone's), on the table, or in the kitty."""
    code = str(t.value)
    seats = set(who)
    if s.index is not None:
        seats.add(s.before.to_move)
    elif not who:
        seats = set(range(s.rules.players))
    pools = [cards_of(s, x) for x in seats if x is not None]
    pools.append({c.code for _, c, _ in s.before.trick})
    if "kitty" in s.text.lower():
        pools.append(set(s.record.kitty))
    return any(code in pool for pool in pools)


def is_call(s: Sentence, bid: Bid) -> bool:
    return bid == s.final.contract or bid in [c for _, c in s.final.auction if c is not PASS]


def check_trump_run(s: Sentence) -> set[int]:
    """A sentence on the trump order ("Spades are trumps: the joker, J♠ (right bower), J♣ …"): its
    cards, in order, are the trump suit from the top.  Returns the positions of the tokens it checked."""
    contract = s.final.contract
    suited = [t for t in tokens(s.text) if t.kind == "suited"]
    if contract is None or contract.trump is None or len(suited) < 3:
        return set()
    if not re.search(r"are trumps|from the top|order of power", s.text.lower()):
        return set()
    order = [c.code for c in s.rules.ranking(contract.trump, contract)]
    codes = [str(t.value) for t in suited]
    if codes != order[1 : 1 + len(codes)] and codes != order[: len(codes)]:
        s.fail(f"the trumps listed ({' '.join(codes)}) are not the trump suit from the top ({' '.join(order)})")
    return {t.start for t in suited}


def check_count(s: Sentence, t: Token, who: set[int]) -> bool:
    """A count in words: "five spades", "seven trumps", "the top three trumps", "two queens", "nine tricks"."""
    n, noun, words = int(t.value), t.noun, t.text.lower()
    low = s.text.lower()
    before_text = low[: t.start]
    if re.search(r"\bbids?\s*$", before_text):  # "bids seven spades"
        letter = SUIT_WORDS.get(noun)
        return letter is not None and is_call(s, Bid.parse(f"{n}{letter}"))
    if noun == "players":
        return n in (s.rules.players, len(s.final.active))
    if noun == "piles":
        return s.before.table is not None and n == len(s.before.table_piles(0))
    if "sure" in words:  # "the joker and the left bower look like two sure trump tricks"
        return n == len(named_cards(s))
    if noun == "rounds" and re.match(r"\s*of trumps", low[t.end :]):  # trumps led so far
        contract = s.before.contract
        return contract is not None and n == sum(
            1 for tr in s.before.tricks if s.rules.effective_suit(tr.cards[0], contract) == contract.trump
        )
    if noun in ("tricks", "trick"):
        return check_tricks(s, t, who)
    if noun in ("cards", "card"):
        if n == 1 and re.search(r"the one card|the only card", low):
            return only_card(s)
        if re.match(r"\s*left", low[t.end :]):
            return any(len(s.before.hands[x]) == n for x in who or {s.before.to_move})
        return n in deck_numbers(s.rules)
    seats = who or (set(range(s.rules.players)) if s.index is None else {s.before.to_move})
    pools = [holding(s, x) for x in seats]
    if "kitty" in low and not who:
        pools = [set(s.record.kitty)]
    if len(pools) > 1 and re.search(r"between them|the defenders|the defence", low):
        pools = [set().union(*pools)]
    named = named_cards(s)
    if noun in RANK_NOUNS:
        return any(sum(1 for c in pool if c.startswith(RANK_NOUNS[noun])) == n for pool in pools)
    contract = s.final.contract
    if noun in ("trumps", "trump"):
        if contract is None or contract.trump is None:
            return False
        order = [c.code for c in s.rules.ranking(contract.trump, contract)]
        if "top" in words or "highest" in words or re.search(r"\btop\s*$", before_text):
            return any(set(order[:n]) <= pool for pool in pools)
        besides = "small" in words or "other" in words or "besides" in low
        return any(len([c for c in pool - (named if besides else set()) if c in order]) == n for pool in pools)
    if noun in SUIT_WORDS:  # the suit printed on the cards ("two small hearts": besides those named)
        letter = SUIT_WORDS[noun]
        rest = named if re.search(r"small|other|more", words) or "besides" in low else set()
        return any(len({c for c in pool if c != "JK" and c.endswith(letter)} - rest) == n for pool in pools)
    return False


def deck_numbers(rules: Rules) -> set[int]:
    numbers = {len(rules.deck()), rules.hand_size, rules.kitty_size}
    if rules.players == 2:
        numbers |= {10, 5, 4}  # table cards, piles, cards to a trick
    return numbers


def check_tricks(s: Sentence, t: Token, who: set[int]) -> bool:
    n = int(t.value)
    low = s.text.lower()
    deal, final, rules = s.before, s.final, s.rules
    declaring = final.declaring_side
    if re.match(r"\s*(?:are|is) left", low[t.end :]):
        return deal.to_move is not None and n == len(deal.hands[deal.to_move])
    denomination = re.match(r"\s*in (no trumps|spades|clubs|diamonds|hearts)\b", low[t.end :])
    if denomination:  # "six tricks in no trumps look safe": a call at that level
        letter = "NT" if denomination.group(1) == "no trumps" else SUIT_WORDS[denomination.group(1)]
        return is_call(s, Bid.parse(f"{n}{letter}"))
    near_before, near_after = low[max(0, t.start - 25) : t.start], low[t.end : t.end + 25]
    if re.search(r"\b(?:keeps?|kept)\b", near_before) or "within reach" in near_after:
        return n in solver_values(s)
    if re.search(r"fewer|short of", t.text.lower() + near_after) or re.search(
        r"\bcosts?\b|\bcost\b|give up|gives up|give away", near_before + t.text.lower()
    ):
        return n in solver_costs(s, clause(s.text, t))
    if re.search(r"\bhave\s*$", low[: t.start]) and declaring is not None:
        return n == deal.side_tricks(declaring)
    if s.last and final.is_over and declaring is not None:
        sides = {rules.side_of(x) for x in who} or {declaring}
        if re.match(r"\s*in total", low[t.end :]):
            sides = {declaring}
        if re.search(r"\ball\s*$", low[: t.start]) and n < 10:  # "All four tricks": all those left at the start
            return n == final.side_tricks(declaring) - _won_at_start(s)
        return any(n == final.side_tricks(side) for side in sides)
    return False


def _won_at_start(s: Sentence) -> int:
    start = s.record.start_deal()
    declaring = s.final.declaring_side
    return start.side_tricks(declaring) if declaring is not None else 0


def solver_values(s: Sentence) -> set[int]:
    """The best figure the stored solver notes give, at this action and the three before it."""
    out = set()
    for j in range(max(0, (s.index or 0) - 3), (s.index or 0) + 1):
        note = s.record.annotations.get(j)
        if note:
            out.add(int(note["value"]))
    return out


def only_card(s: Sentence) -> bool:
    """ "the one card that kept …": the solver's best was that card alone, at this action or just before."""
    named = named_cards(s)
    for j in range(max(0, (s.index or 0) - 3), (s.index or 0) + 1):
        note = s.record.annotations.get(j)
        if note and len(note["best"]) == 1 and note["best"][0].split(":")[-1] in named:
            return True
    return False


def clause(text: str, t: Token) -> str:
    """The part of ``text`` between semicolons that holds ``t``."""
    start = text.rfind(";", 0, t.start) + 1
    end = text.find(";", t.end)
    return text[start : end if end >= 0 else len(text)]


def solver_costs(s: Sentence, part: str) -> set[int]:
    """What each card named in ``part`` of the sentence (or the joker naming a suit) would have cost
    the player who held it, worked out by the solver now — at this action or earlier in the trick."""
    if s.index is None:
        return set()
    named = named_cards(Sentence(s.record, s.where, part, s.index, s.before, s.final))
    suits = {"JK:" + SUIT_WORDS[m] for m in re.findall(r"naming (spades|clubs|diamonds|hearts)", part.lower())}
    if suits:
        named.add("JK")
    start = s.index - len(s.before.trick)
    for j in range(s.index, start - 1, -1):
        deal = s.record.to_deal(j)
        mover = deal.to_move
        if deal.phase != "play" or mover is None or deal.contract is None or deal.declarer is None:
            continue
        if not named & {c.code for c in deal.hands[mover]}:
            continue
        values = analyse(deal)
        declaring = deal.rules.side_of(mover) == deal.rules.side_of(deal.declarer)
        best = max(values.values()) if declaring != deal.contract.is_misere else min(values.values())
        costs = set()
        for action, value in values.items():
            card = action.card.code if isinstance(action, Play) else ""
            if action.code in suits or (card in named and action.code == card):
                costs.add(abs(best - value))
        return costs
    return set()


def check_points(s: Sentence, t: Token) -> bool:
    """A number of points: the worth of a contract named (or the deal's), a score of the result, the
    slam, the defenders' points for a trick."""
    n = abs(int(t.value))
    rules, final = s.rules, s.final
    low = s.text.lower()
    bids = [
        as_bid(str(x.value)) for x in tokens(s.text) if x.kind in ("suited", "notrumps") and is_bid_code(str(x.value))
    ]
    if "misère" in low:
        bids.append(Bid.open_misere() if "open misère" in low else Bid.misere())
    if final.contract is not None:
        bids.append(final.contract)
    admissible = {rules.defender_points(1)} | {rules.bid_value(b) for b in bids}
    if final.is_over:
        admissible |= {abs(x) for x in final.result().scores}
    if "slam" in low and rules.slam_bonus:
        admissible.add(250)
    return n in admissible


def check_number(s: Sentence, t: Token) -> bool:
    n = int(t.value)
    before_text, after_text = s.text[: t.start].lower(), s.text[t.end :].lower()
    if re.search(r"\btrick\s*$", before_text):  # "at trick 6": a card named was played in it
        named = named_cards(s)
        return 1 <= n <= len(s.final.tricks) and (
            not named or bool(named & {c.code for c in s.final.tricks[n - 1].cards})
        )
    if re.match(r"\s*to ace", after_text):
        return n == min(c.rank for c in s.rules.deck() if not c.is_joker)
    if re.match(r"\s*(?:cards|each)", after_text):
        return n in deck_numbers(s.rules)
    return check_points(s, t)


def check_sentence(s: Sentence) -> None:
    low = s.text.lower()
    for phrase in NOT_CLAIMS:
        low = low.replace(phrase, "#" * len(phrase))
    who = subjects(s)
    checked = check_trump_run(s)
    for t in tokens(s.text):
        if t.start in checked or low[t.start] == "#":
            continue
        if t.kind == "suited" and re.search(r"just below\s*$", s.text[: t.start]):
            ladder = s.rules.bid_ladder()
            contract = s.final.contract
            ok = contract is not None and ladder.index(as_bid(str(t.value))) - ladder.index(contract) == 1
        elif is_bid_token(s, t):
            ok = is_call(s, as_bid(str(t.value)))
        elif t.kind == "suited":
            ok = check_card(s, t, who) or (is_bid_code(str(t.value)) and is_call(s, as_bid(str(t.value))))
        elif t.kind == "count":
            ok = check_count(s, t, nearest_subject(s, t) or who)
        else:
            ok = check_number(s, t)
        if not ok:
            s.fail(f"{t.text!r} does not match the deal, or no check reads it")


def problems_of(record: DealRecord) -> list[str]:
    out: list[str] = []
    for s in sentences_of(record):
        check_sentence(s)
        out += s.problems
    return out


# ----------------------------------------------------------------------------------- the tests
@pytest.mark.parametrize("name", NAMES)
def test_every_claim_in_the_title_and_comments_matches_the_deal(name: str) -> None:
    problems = problems_of(load_library_record(name))
    assert not problems, "\n".join(problems)


def _with_text(name: str, old: str, new: str) -> DealRecord:
    """A copy of a library record with one piece of its text changed (a planted drift)."""
    record = copy.deepcopy(load_library_record(name))
    if record.title and old in record.title:
        record.title = record.title.replace(old, new)
        return record
    if record.intro and old in record.intro:
        record.intro = record.intro.replace(old, new)
        return record
    for index, text in record.comments.items():
        if old in text:
            record.comments[index] = text.replace(old, new)
            return record
    raise AssertionError(f"{old!r} is not in {name}")


@pytest.mark.parametrize(
    ("name", "old", "new", "kind"),
    [
        (
            "03-slam-in-spades",
            "seven trumps in one hand",
            "eight spades in one hand",
            "the title's count (the old title)",
        ),
        ("03-slam-in-spades", "North keeps seven trumps", "North keeps six trumps", "a count of trumps"),
        (
            "03-slam-in-spades",
            "North has the joker and five spades",
            "North has the joker and six spades",
            "a count of a suit",
        ),
        (
            "03-slam-in-spades",
            "North has the joker and five",
            "East has the joker and five",
            "a card in the wrong hand",
        ),
        (
            "03-slam-in-spades",
            "J♠ (right bower), J♣ (left bower)",
            "J♣ (right bower), J♠ (left bower)",
            "the trump order",
        ),
        ("03-slam-in-spades", "North plays 7♠, worth 140", "North plays 7♠, worth 160", "a contract's value"),
        ("03-slam-in-spades", "North plays 7♠, worth 140", "North plays 7♣, worth 160", "a contract nobody bid"),
        ("03-slam-in-spades", "All ten tricks. 7♠", "Nine tricks. 7♠", "the tricks taken"),
        ("02-the-left-bower-trap", "set by one, −80 for", "set by one, −100 for", "a score"),
        (
            "02-the-left-bower-trap",
            "kept seven tricks within reach",
            "kept eight tricks within reach",
            "the solver's figure",
        ),
        ("10-ending-name-the-suit", "takes one trick fewer", "takes two tricks fewer", "what a card costs"),
        (
            "10-ending-name-the-suit",
            "the Q♠ or the 4♦, two fewer",
            "the Q♠ or the 4♦, three fewer",
            "what a card costs",
        ),
        ("10-ending-name-the-suit", "four tricks are left", "five tricks are left", "the tricks left"),
        ("05-defence-take-your-ace", "South makes exactly six", "South makes exactly seven", "a bare count of tricks"),
        ("08-three-players", "33 cards", "43 cards", "the deck"),
        ("09-two-players-dummy-layout", "8♦ is worth 280", "8♦ is worth 300", "a contract's value (2 players)"),
        ("06-misere", "the A♠, the K♥ and the Q♥", "the A♠, the K♦ and the Q♥", "a discard the declarer never held"),
    ],
)
def test_a_planted_drift_fails(name: str, old: str, new: str, kind: str) -> None:
    assert not problems_of(load_library_record(name)), "the record is clean before the drift is planted"
    problems = problems_of(_with_text(name, old, new))
    assert problems, f"{kind}: {new!r} was not caught"


def test_a_figure_no_check_reads_fails_as_unchecked() -> None:
    planted = _with_text("01-drawing-trumps", "Nobody else has a bid.", "Nobody else has a bid. East has 3 aces.")
    assert any("'3'" in p for p in problems_of(planted)), problems_of(planted)


def test_the_checks_read_every_kind_of_claim() -> None:
    """Not vacuous: the library's texts carry each kind of token, and the checks read them all."""
    kinds: dict[str, int] = {}
    for name in NAMES:
        for sentence in sentences_of(load_library_record(name)):
            for token in tokens(sentence.text):
                kinds[token.kind] = kinds.get(token.kind, 0) + 1
    assert kinds.get("suited", 0) > 150 and kinds.get("count", 0) > 40 and kinds.get("number", 0) > 15, kinds
    assert kinds.get("notrumps", 0) >= 3, kinds


def test_the_first_play_problem_says_the_slam_is_at_stake() -> None:
    """Problem 1 (chapter 12a): a wrong lead still makes 7NT; what it loses is the slam, and the verdict says so."""
    steps = precompute({"library": "10-ending-name-the-suit"})["steps"]
    wrong = steps[0]["choices"]["KC"]
    assert wrong["cost"] == 1
    assert "costs a trick, and with it the slam: 7NT scores 220 instead of 250" in wrong["annotation"], wrong
    rules = Rules()
    assert rules.score(Bid.parse("7NT"), 9)[0] == 220 and rules.score(Bid.parse("7NT"), 10)[0] == 250


#: "the defenders have no trumps left", "East has no more trumps": a side or seat said to hold no trump
NO_TRUMPS = re.compile(r"\bha(?:ve|s) no (?:more )?trumps\b(?: left)?")


def test_no_comment_says_a_seat_has_no_trumps_while_it_holds_one() -> None:
    """Issue 25, F4: library deal 1, trick 2: "West must follow with the left bower (J♦) whatever South
    plays: the defenders have no trumps left" — West's J♦ is a trump (RULES.md §2). A sentence saying a
    seat or side holds no trump is read against the hands at its moment."""
    checked, problems = 0, []
    for name in NAMES:
        for s in sentences_of(load_library_record(name)):
            for m in NO_TRUMPS.finditer(s.text):
                who = nearest_subject(s, Token("count", m.group(), m.start(), m.end(), 0))
                deal = s.before
                contract = deal.contract
                assert who and contract is not None and contract.trump is not None, s.text
                held = [
                    c
                    for seat in who
                    for c in deal.hands[seat]
                    if c.is_joker or s.rules.effective_suit(c, contract) == contract.trump
                ]
                checked += 1
                if held:
                    problems.append(f"{name}, {s.where}: {held} still held — in “{s.text}”")
    assert checked >= 1
    assert not problems, "\n".join(problems)


def test_ruffing_advice_agrees_with_the_card_play_chapter() -> None:
    """Issue 25, F5: library deal 3 closed with "The pattern to remember: … ruff the short suit in the hand
    with the trumps", the opposite of chapter 9c's "Ruff in the short hand" rule. A comment about ruffing
    in the long (trump) hand names it as the exception to that rule and says why it pays here."""
    long_hand = r"(?:hand with the trumps|long(?: trump)? hand)"
    ruffing = []
    for name in NAMES:
        record = load_library_record(name)
        for s in sentences_of(record):
            low = s.text.lower()
            if re.search(rf"\bruff\w*\b.*\b{long_hand}|\b{long_hand}\b.*\bruff", low):
                comment = " ".join(t.text for t in sentences_of(record) if t.where == s.where)
                ruffing.append(comment)
            if "pattern to remember" in low and "ruff" in low:
                raise AssertionError(f"{name}, {s.where}: {s.text}")
    text = " ".join(ruffing)
    assert ruffing and "exception" in text and "ruff in the short hand" in text, ruffing
    assert "(6♠ and K♠) went under South's bowers" in text, ruffing  # the reason it pays in this deal
