"""A compact text notation for deal records that instructors can write by hand.

PBN-like tags, then the actions, with comments in braces, PGN marks after a
card, and ``@`` for a "your turn" stop::

    [Title "Bowers at work"]
    [Rules "australian"]
    [Dealer "West"]
    [North "J♦ 10♦ 8♦ 4♦ K♣ 9♣ 6♣ 5♣ 10♠ 10♥"]
    [East "..."]  [South "..."]  [West "..."]
    [Kitty "A♦ 7♠ 6♠"]
    [Seat "North"]

    {An introduction, shown before the deal.}

    auction: pass 7♦ {North has both bowers.} pass pass pass
    discards: 7♠ 6♠ 5♣
    play:
    1. J♦ 5♦ 7♦ 9♦ {Draw trumps first.}
    2. @{Your turn: what next?} 10♦! ...

Rules: ``[Rules "preset"]`` plus ``[Option "name=value"]`` tags for changed
options.  Cards are ``J♦`` or ``JD``; the joker led in no trumps is ``JK:H``
(or ``Joker:H``); 2-player plays may carry ``h:``/``t:`` (hand/table), and
2-player table piles are tags like ``[NorthTable "5♥/6♥ 7♦"]`` (face-down card
first).  An ending starts from ``[Contract]``, ``[Declarer]``, ``[Leader]``
and optional ``[TricksWon "3 2 2 0"]`` instead of an auction.  Trick numbers
(``1.``) and the section words ``auction:``, ``discards:``, ``play:`` are for
people; the parser checks that a section word matches the state of the deal.
Other tags (``[Event "..."]``) are kept as free tags.  Every action is checked
with the engine as it is read: a parse error names the line, the column and
what was expected.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ..actions import Discard, NominateJoker, Play
from ..bids import Bid, Pass
from ..cards import Card, CardParseError, parse_cards
from ..deal import AUCTION, KITTY, PLAY, IllegalAction
from ..rules import Rules, RulesError
from .record import DealRecord, RecordError, sorted_hand

__all__ = ["NotationError", "format_text", "load_record", "parse_text", "sorted_hand"]

_KNOWN_TAGS = {
    "title",
    "rules",
    "option",
    "dealer",
    "kitty",
    "seat",
    "contract",
    "declarer",
    "leader",
    "trickswon",
    "jokerfixed",
}
_SECTIONS = {"auction:": AUCTION, "discards:": KITTY, "kitty:": KITTY, "play:": PLAY}
_SECTION_WORDS = {AUCTION: "auction:", KITTY: "discards:", PLAY: "play:"}
_TRICK_NUMBER = re.compile(r"^\d+\.$")
_MARK_RE = re.compile(r"^(.*?)(!!|\?\?|!\?|\?!|!|\?)$")


class NotationError(RecordError):
    """A parse error at ``line``/``column`` (1-based) of the text."""

    def __init__(self, message: str, line: int, column: int, source: str | None = None) -> None:
        where = f"{source}: " if source else ""
        super().__init__(f"{where}line {line}, column {column}: {message}")
        self.line = line
        self.column = column
        self.reason = message


class _Reader:
    def __init__(self, text: str, source: str | None) -> None:
        self.text = text
        self.pos = 0
        self.line = 1
        self.col = 1
        self.source = source

    def error(self, message: str, line: int | None = None, col: int | None = None) -> NotationError:
        return NotationError(message, line or self.line, col or self.col, self.source)

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def advance(self) -> str:
        ch = self.text[self.pos]
        self.pos += 1
        if ch == "\n":
            self.line += 1
            self.col = 1
        else:
            self.col += 1
        return ch

    def skip_space(self) -> None:
        while self.pos < len(self.text):
            ch = self.peek()
            if ch.isspace():
                self.advance()
            elif ch == ";":  # a comment to the end of the line, for instructors' notes
                while self.pos < len(self.text) and self.peek() != "\n":
                    self.advance()
            else:
                break

    def tokens(self) -> list[tuple[str, str, int, int]]:
        """(kind, text, line, column): kind is tag-name/tag-value pairs as 'tag', 'comment', 'stop', 'word'."""
        out: list[tuple[str, str, int, int]] = []
        while True:
            self.skip_space()
            if self.pos >= len(self.text):
                return out
            line, col = self.line, self.col
            ch = self.peek()
            if ch == "[":
                self.advance()
                self.skip_space()
                name_start = self.pos
                while self.pos < len(self.text) and (self.peek().isalnum() or self.peek() in "_-"):
                    self.advance()
                name = self.text[name_start : self.pos]
                if not name:
                    raise self.error("expected a tag name after '[', like [Dealer \"West\"]")
                self.skip_space()
                if self.peek() != '"':
                    raise self.error(f"expected a quoted value after the tag name {name!r}")
                self.advance()
                vline, vcol = self.line, self.col
                value_start = self.pos
                while self.pos < len(self.text) and self.peek() != '"':
                    if self.peek() == "\n":
                        raise self.error(f"the value of tag {name!r} is not closed with '\"' on its line")
                    self.advance()
                if self.pos >= len(self.text):
                    raise self.error(f"the value of tag {name!r} is not closed with '\"'")
                value = self.text[value_start : self.pos]
                self.advance()
                after = (self.line, self.col)
                while self.peek() in (" ", "\t"):
                    self.advance()
                if self.peek() != "]":
                    raise self.error(f"expected ']' to close the tag {name!r}", *after)
                self.advance()
                out.append(("tag", name, line, col))
                out.append(("value", value, vline, vcol))
            elif ch == "{":
                self.advance()
                start = self.pos
                while self.pos < len(self.text) and self.peek() != "}":
                    if self.peek() == "{":
                        raise self.error("a comment cannot contain '{'; close the comment with '}' first")
                    self.advance()
                if self.pos >= len(self.text):
                    raise self.error("this comment is not closed: expected '}'", line, col)
                body = self.text[start : self.pos]
                self.advance()
                out.append(("comment", " ".join(body.split()), line, col))
            elif ch == "@":
                self.advance()
                out.append(("stop", "", line, col))
            elif ch in "]}":
                raise self.error(f"unexpected {ch!r}: there is no opening {'[' if ch == ']' else '{'} for it")
            else:
                start = self.pos
                while self.pos < len(self.text) and not self.peek().isspace() and self.peek() not in "[]{}@;":
                    self.advance()
                out.append(("word", self.text[start : self.pos], line, col))


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_text(text: str, *, source: str | None = None) -> DealRecord:
    """Read the text notation into a :class:`DealRecord` (checking every action with the engine)."""
    reader = _Reader(text, source)
    tokens = reader.tokens()

    def err(message: str, tok: tuple[str, str, int, int]) -> NotationError:
        return NotationError(message, tok[2], tok[3], source)

    # ---- tags
    tags: list[tuple[str, str, tuple[str, str, int, int]]] = []
    i = 0
    while i < len(tokens) and tokens[i][0] == "tag":
        tags.append((tokens[i][1], tokens[i + 1][1], tokens[i + 1]))
        i += 2
    preset = "australian"
    options: dict[str, Any] = {}
    rules_tok = None
    for name, value, tok in tags:
        if name.lower() == "rules":
            preset, rules_tok = value.strip(), tok
        elif name.lower() == "option":
            if "=" not in value:
                raise err(f'expected an option as name=value, like "misere_stops_early=false", not {value!r}', tok)
            key, raw = value.split("=", 1)
            options[key.strip()] = _value(raw.strip())
    try:
        rules = Rules.preset(preset, **options)
    except (RulesError, TypeError) as exc:
        tok = rules_tok or (tags[0][2] if tags else ("", "", 1, 1))
        raise err(f"bad rules: {exc}", tok) from None
    seat_names = {n.lower(): k for k, n in enumerate(rules.seat_names)}
    seat_names.update({n.lower().replace("-", ""): k for k, n in enumerate(rules.seat_names)})
    if rules.players != 6:
        seat_names.update({n[0].lower(): k for k, n in enumerate(rules.seat_names)})

    def seat(value: str, tok: tuple[str, str, int, int]) -> int:
        key = value.strip().lower()
        if key.isdigit() and int(key) < rules.players:
            return int(key)
        if key not in seat_names:
            raise err(f"expected a seat ({', '.join(rules.seat_names)}), not {value!r}", tok)
        return seat_names[key]

    def cards(value: str, tok: tuple[str, str, int, int]) -> list[str]:
        try:
            return [c.code for c in parse_cards(value)]
        except CardParseError as exc:
            raise err(str(exc), tok) from None

    hands: list[list[str]] = [[] for _ in range(rules.players)]
    table: list[list[list[str]]] | None = [[], []] if rules.players == 2 else None
    rec_tags: dict[str, str] = {}
    title = None
    dealer: int | None = None
    kitty: list[str] = []
    position: dict[str, Any] = {}
    learner = None
    for name, value, tok in tags:
        low = name.lower()
        bare = low.replace("-", "")
        if bare in seat_names and len(bare) > 1:
            hands[seat_names[bare]] = cards(value, tok)
        elif bare.endswith("table") and bare[:-5] in seat_names and table is not None:
            piles = []
            for pile in value.split():
                piles.append(cards(pile.replace("/", " "), tok))
                if len(piles[-1]) > 2:
                    raise err(f"a table pile holds at most 2 cards (face-down/face-up), not {pile!r}", tok)
            table[seat_names[bare[:-5]]] = piles
        elif low == "title":
            title = value
        elif low == "dealer":
            dealer = seat(value, tok)
        elif low == "kitty":
            kitty = cards(value, tok)
        elif low == "seat":
            learner = seat(value, tok)
        elif low == "contract":
            try:
                position["contract"] = Bid.parse(value).code
            except ValueError as exc:
                raise err(str(exc), tok) from None
        elif low in ("declarer", "leader"):
            position[low] = seat(value, tok)
        elif low == "trickswon":
            parts = value.split()
            if len(parts) != rules.players or not all(p.isdigit() for p in parts):
                raise err(f"expected {rules.players} whole numbers (tricks won by each seat), not {value!r}", tok)
            position["tricks_won"] = [int(p) for p in parts]
        elif low == "jokerfixed":
            position["joker_fixed"] = value.strip().upper()[:1]
        elif low in _KNOWN_TAGS:
            pass
        else:
            rec_tags[name] = value
    if position and ("contract" not in position or "declarer" not in position):
        tok = tags[0][2] if tags else ("", "", 1, 1)
        raise err("an ending needs both [Contract] and [Declarer] tags", tok)
    if position:
        position.setdefault("leader", position["declarer"])
        position.setdefault("tricks_won", [0] * rules.players)
        position.setdefault("joker_fixed", None)
    rec = DealRecord(
        rules=rules,
        hands=hands,
        dealer=(dealer if dealer is not None else ((position["declarer"] - 1) % rules.players if position else 0)),
        kitty=kitty,
        table=table,
        position=position or None,
        title=title,
        tags=rec_tags,
        seat=learner,
    )
    first = tokens[i] if i < len(tokens) else ("", "", reader.line, reader.col)
    try:
        deal = rec.start_deal()
    except RecordError as exc:
        raise err(str(exc), tags[0][2] if tags else first) from None

    # ---- actions
    intro: list[str] = []
    pending_stop: str | None = None
    last_index = -1
    while i < len(tokens):
        tok = tokens[i]
        kind, body = tok[0], tok[1]
        i += 1
        if kind in ("tag", "value"):
            raise err("tags must all come before the first action", tok)
        if kind == "comment":
            if last_index < 0:
                intro.append(body)
            else:
                old = rec.comments.get(last_index)
                rec.comments[last_index] = body if old is None else old + "\n\n" + body
            continue
        if kind == "stop":
            if pending_stop is not None:
                raise err("two stops in a row: expected an action after '@'", tok)
            pending_stop = "Your turn"
            if i < len(tokens) and tokens[i][0] == "comment":  # @{prompt}
                pending_stop = tokens[i][1] or pending_stop
                i += 1
            continue
        low = body.lower()
        if low in _SECTIONS:
            want = _SECTIONS[low]
            if deal.phase != want:
                raise err(
                    f"{body!r} does not fit here: the deal is in the {deal.phase}, so expected "
                    f"{_SECTION_WORDS.get(deal.phase, 'nothing more')!r}",
                    tok,
                )
            continue
        if _TRICK_NUMBER.match(body):
            continue
        mark = None
        m = _MARK_RE.match(body)
        if m and m.group(1):
            body, mark = m.group(1), m.group(2)
        if not deal.legal_actions():
            raise err(f"expected the end of the record: the deal is over, but found {body!r}", tok)
        try:
            deal.push(body)
        except IllegalAction as exc:
            seat_word = rules.seat_name(deal.to_move) if deal.to_move is not None else "nobody"
            expected = {AUCTION: "a call", KITTY: "a discard", PLAY: "a card"}.get(deal.phase, "an action")
            raise err(f"expected {expected} by {seat_word}: {exc}", tok) from None
        last_index = len(deal.history) - 1
        rec.actions.append(deal.history[-1].code)
        if mark is not None:
            rec.marks[last_index] = mark
        if pending_stop is not None:
            rec.stops[last_index] = pending_stop
            pending_stop = None
    if pending_stop is not None:
        raise NotationError("expected an action after the stop '@'", reader.line, reader.col, source)
    if intro:
        rec.intro = "\n\n".join(intro)
    return rec


def _quote(value: str) -> str:
    if '"' in value or "\n" in value:
        raise RecordError(f"a tag value cannot contain quotes or line breaks: {value!r}")
    return value


def _comment(text: str) -> str:
    if "{" in text or "}" in text:
        raise RecordError(f"a comment cannot contain braces: {text!r}")
    return "{" + text + "}"


def _card_text(code: str, symbols: bool) -> str:
    return str(Card.parse(code)) if symbols else code


def _action_text(action: Any, symbols: bool) -> str:
    if isinstance(action, Play):
        if not symbols:
            return action.code
        prefix = "" if action.source is None else action.source[0] + ":"
        named = "" if action.joker_suit is None else ":" + action.joker_suit.symbol
        return prefix + _card_text(action.card.code, symbols) + named
    if isinstance(action, Discard):
        return _card_text(action.card.code, symbols)
    if isinstance(action, (Bid, Pass)):
        return action.code if isinstance(action, Bid) else "pass"
    assert isinstance(action, NominateJoker)
    return action.code


def format_text(record: DealRecord, *, symbols: bool = True) -> str:
    """Write ``record`` in the text notation; ``parse_text(format_text(r))`` gives ``r`` back."""
    rules = record.rules
    lines: list[str] = []

    def tag(name: str, value: str) -> None:
        lines.append(f'[{name} "{_quote(value)}"]')

    if record.title:
        tag("Title", record.title)
    for name, value in record.tags.items():
        tag(name, value)
    tag("Rules", rules.preset_name)
    base = Rules.preset(rules.preset_name)
    for key, value in rules.to_dict().items():
        if key not in ("preset_name", "hole_set") and getattr(base, key) != value:
            tag("Option", f"{key}={json.dumps(value)}")
    names = rules.seat_names
    if not record.position:
        tag("Dealer", names[record.dealer])
    for s, hand in enumerate(record.hands):
        if hand or not record.position:
            tag(names[s].replace("-", ""), " ".join(_card_text(c, symbols) for c in sorted_hand(hand)))
    if record.table is not None:
        for s, piles in enumerate(record.table):
            tag(
                names[s] + "Table",
                " ".join("/".join(_card_text(c, symbols) for c in pile) for pile in piles),
            )
    if record.kitty:
        tag("Kitty", " ".join(_card_text(c, symbols) for c in sorted_hand(record.kitty)))
    if record.position:
        pos = record.position
        tag("Contract", str(pos["contract"]))
        tag("Declarer", names[pos["declarer"]])
        tag("Leader", names[pos.get("leader", pos["declarer"])])
        if any(pos.get("tricks_won") or []):
            tag("TricksWon", " ".join(str(t) for t in pos["tricks_won"]))
        if pos.get("joker_fixed"):
            tag("JokerFixed", str(pos["joker_fixed"]))
    if record.seat is not None:
        tag("Seat", names[record.seat])
    lines.append("")
    if record.intro:
        lines.append(_comment(record.intro))
        lines.append("")
    deal = record.start_deal()
    current: list[str] = []
    phase = None
    trick_no = len(deal.tricks)

    def flush() -> None:
        if current:
            lines.append(" ".join(current))
            current.clear()

    for index, code in enumerate(record.actions):
        if deal.phase != phase:
            flush()
            phase = deal.phase
            current.append(_SECTION_WORDS[phase])
            if phase == PLAY:
                flush()
        if phase == PLAY and not deal.trick and not current:
            current.append(f"{sum(deal.tricks_won) + 1}.")
        deal.push(code)
        word = _action_text(deal.history[-1], symbols)
        if index in record.stops:
            stop = record.stops[index]
            current.append("@" + ("" if stop == "Your turn" else _comment(stop)))
        current.append(word + record.marks.get(index, ""))
        if index in record.comments:
            current.append(_comment(record.comments[index]))
        if phase == PLAY and len(deal.tricks) > trick_no:
            trick_no = len(deal.tricks)
            flush()
    flush()
    return "\n".join(lines).rstrip() + "\n"


def load_record(path: str | Path) -> DealRecord:
    """Read a record file: JSON (``.json``, or text that starts with ``{``) or the text notation."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() == ".json" or text.lstrip().startswith("{"):
        return DealRecord.from_json(text)
    return parse_text(text, source=str(path))
