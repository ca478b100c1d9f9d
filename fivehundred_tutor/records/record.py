"""The deal record: a whole deal (or an ending) with comments, marks and stops.

JSON form (``"format": "fivehundred-record/1"``, JSON Schema in
``fivehundred_tutor/data/record.schema.json``, also ``records.schema()``)::

    {
      "format": "fivehundred-record/1",
      "title": "Bowers at work",              # optional
      "tags": {"Event": "Book, chapter 4"},  # optional free tags (strings)
      "rules": {"preset_name": "australian"},# Rules.to_dict()
      "dealer": 3,                           # seat index
      "hands": [["JD", "TD", ...], ...],     # per seat, as dealt (or the ending's holdings)
      "kitty": ["5S", "6C", "JK"],
      "table": [[["5H", "6H"], ...], ...],   # 2 players only: piles (face-down first)
      "position": {"contract": "8S", "declarer": 0, "leader": 2,
                   "tricks_won": [3, 2, 2, 0]},   # endings only: no auction or kitty
      "auction": ["pass", "7H", ...], "discards": ["d:5S", ...],
      "play": ["JD", "AH", ..., "JK:H"],     # action codes (Play.code, NominateJoker.code)
      "result": {...},                       # DealResult.to_dict() when the play is complete
      "intro": "text shown before the first action",
      "comments": {"12": "text"},            # keyed by index into the whole action list
      "marks": {"12": "?"},                  # ! ? ?? !? ?! !!
      "stops": {"20": "Your turn: what do you lead?"},   # learner plays this action
      "seat": 2,                             # the learner's seat (view), optional
      "annotations": {"12": {...}}           # solver verdicts (filled by annotate)
    }

Action indices count through auction, discards and play in that order, exactly
like ``Deal.history`` — the replay widget's keys.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

from ..cards import Card
from ..deal import AUCTION, DONE, KITTY, Deal, IllegalAction
from ..errors import FiveHundredError
from ..rules import Rules, RulesError

__all__ = ["FORMAT", "MARKS", "DealRecord", "RecordError", "sorted_hand"]

FORMAT = "fivehundred-record/1"
MARKS = ("!", "?", "??", "!?", "?!", "!!")
MARK_WORDS = {
    "!": "a good play",
    "!!": "an excellent play",
    "?": "a mistake",
    "??": "a blunder",
    "!?": "an interesting try",
    "?!": "a dubious play",
}


class RecordError(FiveHundredError, ValueError):
    """A record that cannot be read or replayed; the message says where and why."""


def _index_map(raw: Any, what: str, value_type: type = str) -> dict[int, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise RecordError(f"{what} must be an object keyed by action index, not {type(raw).__name__}")
    out: dict[int, Any] = {}
    for key, value in raw.items():
        try:
            index = int(key)
        except (TypeError, ValueError):
            raise RecordError(f"{what}: key {key!r} is not an action index (a whole number)") from None
        if index < 0:
            raise RecordError(f"{what}: action index {index} is negative")
        if value_type is not object and not isinstance(value, value_type):
            raise RecordError(f"{what}[{key}] must be {value_type.__name__}, not {type(value).__name__}")
        out[index] = value
    return out


@dataclasses.dataclass
class DealRecord:
    """One deal with commentary.  Build from JSON (:meth:`from_dict`), text (``parse_text``) or a Deal."""

    rules: Rules
    hands: list[list[str]]
    dealer: int = 0
    kitty: list[str] = dataclasses.field(default_factory=list)
    table: list[list[list[str]]] | None = None
    position: dict[str, Any] | None = None
    actions: list[str] = dataclasses.field(default_factory=list)
    title: str | None = None
    tags: dict[str, str] = dataclasses.field(default_factory=dict)
    intro: str | None = None
    comments: dict[int, str] = dataclasses.field(default_factory=dict)
    marks: dict[int, str] = dataclasses.field(default_factory=dict)
    stops: dict[int, str] = dataclasses.field(default_factory=dict)
    seat: int | None = None
    annotations: dict[int, dict[str, Any]] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        # One canonical form: hands and kitty in display order (the order cards were dealt
        # in does not change the deal).
        self.hands = [sorted_hand(list(h)) for h in self.hands]
        self.kitty = sorted_hand(list(self.kitty))

    # ------------------------------------------------------------- building
    @classmethod
    def from_deal(cls, deal: Deal, **fields: Any) -> DealRecord:
        """A record of ``deal`` as played so far (no comments unless given); hands in display order."""
        data = deal.to_dict()
        rec = cls(
            rules=deal.rules,
            hands=[sorted_hand(h) for h in data["hands"]],
            dealer=deal.dealer,
            kitty=sorted_hand(data.get("kitty", [])),
            table=data.get("table"),
            position=data.get("position"),
            actions=list(data["actions"]),
        )
        for name, value in fields.items():
            setattr(rec, name, value)
        rec.validate()
        return rec

    def start_deal(self) -> Deal:
        """The deal before any action."""
        try:
            if self.position:
                pos = self.position
                from ..cards import Suit

                fixed = pos.get("joker_fixed")
                deal = Deal.from_position(
                    self.rules,
                    self.hands,
                    pos["contract"],
                    pos["declarer"],
                    pos.get("leader"),
                    tricks_won=pos.get("tricks_won"),
                    joker_fixed=None if fixed is None else Suit.parse(fixed),
                    table=self.table,
                )
                deal.dealer = self.dealer
                return deal
            return Deal(self.rules, self.hands, self.kitty, self.dealer, table=self.table)
        except (RulesError, ValueError, KeyError) as err:
            raise RecordError(f"the deal cannot be set up: {err}") from err

    def to_deal(self, upto: int | None = None) -> Deal:
        """The deal with the recorded actions replayed (the first ``upto`` only, if given)."""
        deal = self.start_deal()
        for i, code in enumerate(self.actions[:upto]):
            try:
                deal.push(code)
            except IllegalAction as err:
                raise RecordError(f"action {i + 1} ({code!r}) cannot be played: {err}") from err
        return deal

    def validate(self) -> None:
        """Raise :class:`RecordError` if the actions do not replay or keys point past the end."""
        deal = self.to_deal()
        n = len(self.actions)
        for what, mapping in (("comments", self.comments), ("marks", self.marks), ("annotations", self.annotations)):
            for index in mapping:
                if index >= n:
                    raise RecordError(f"{what}: action index {index} is past the last action ({n - 1})")
        for index in self.stops:
            if index >= n:
                raise RecordError(f"stops: action index {index} is past the last action ({n - 1})")
        for index, mark in self.marks.items():
            if mark not in MARKS:
                raise RecordError(f"marks[{index}]: {mark!r} is not a mark; use one of {' '.join(MARKS)}")
        if self.seat is not None and not 0 <= self.seat < self.rules.players:
            raise RecordError(f"seat {self.seat} does not exist with {self.rules.players} players")
        del deal

    # ----------------------------------------------------------------- views
    def sections(self) -> dict[str, list[str]]:
        """The actions split into auction, discards (kitty) and play."""
        deal = self.start_deal()
        out: dict[str, list[str]] = {"auction": [], "discards": [], "play": []}
        for code in self.actions:
            phase = deal.phase
            deal.push(code)
            out["auction" if phase == AUCTION else "discards" if phase == KITTY else "play"].append(code)
        return out

    def result(self) -> dict[str, Any] | None:
        deal = self.to_deal()
        return deal.result().to_dict() if deal.phase == DONE else None

    def _notes_in_language(self) -> dict[int, str]:
        """The solver's verdicts said again in the reader's language (the record keeps them in English):
        action index → words; empty in English, or where a note cannot be read back."""
        from ..i18n import SOURCE_LANGUAGE, get_language

        wanted = {i for i, note in self.annotations.items() if note.get("text")}
        if get_language() == SOURCE_LANGUAGE or not wanted:
            return {}
        from .notes import note_text

        out: dict[int, str] = {}
        deal = self.start_deal()
        for index, code in enumerate(self.actions):
            if index in wanted:
                try:
                    action = deal.parse_action(code)
                    out[index] = note_text(deal, action, self.annotations[index])
                except Exception:  # a note the record holds but the engine cannot place: keep its words
                    pass
            deal.push(code)
        return out

    def replay_args(self, *, solver_notes: bool = True) -> dict[str, Any]:
        """Keyword arguments for ``DealReplay(**record.replay_args())``.

        Comments are the author's, followed by the solver's verdict when the
        record was annotated (``solver_notes=False`` leaves those out); author
        marks win over automatic ones.  The ``intro`` is not part of them: show
        it as text before the widget.
        """
        comments: dict[int, str] = {}
        marks: dict[int, str] = {}
        if solver_notes:
            local = self._notes_in_language()
            for index, note in self.annotations.items():
                if note.get("text"):
                    comments[index] = local.get(index, note["text"])
                if note.get("mark"):
                    marks[index] = note["mark"]
        for index, text in self.comments.items():
            comments[index] = text + ("\n\n" + comments[index] if index in comments else "")
        marks.update(self.marks)
        return {
            "deal": self.to_deal(),
            "comments": dict(sorted(comments.items())),
            "marks": dict(sorted(marks.items())),
            "stops": sorted(self.stops),
            "seat": self.seat,
            "title": self.title,
        }

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT}
        if self.title:
            out["title"] = self.title
        if self.tags:
            out["tags"] = dict(self.tags)
        out["rules"] = self.rules.to_dict()
        out["dealer"] = self.dealer
        out["hands"] = [list(h) for h in self.hands]
        out["kitty"] = list(self.kitty)
        if self.table is not None:
            out["table"] = [[list(p) for p in piles] for piles in self.table]
        if self.position:
            out["position"] = dict(self.position)
        out.update(self.sections())
        result = self.result()
        if result is not None:
            out["result"] = result
        if self.intro:
            out["intro"] = self.intro
        if self.comments:
            out["comments"] = {str(i): t for i, t in sorted(self.comments.items())}
        if self.marks:
            out["marks"] = {str(i): m for i, m in sorted(self.marks.items())}
        if self.stops:
            out["stops"] = {str(i): t for i, t in sorted(self.stops.items())}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.annotations:
            out["annotations"] = {str(i): a for i, a in sorted(self.annotations.items())}
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DealRecord:
        if not isinstance(data, Mapping):
            raise RecordError(f"a deal record is a JSON object, not {type(data).__name__}")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a deal record: 'format' must be {FORMAT!r}, found {data.get('format')!r}")
        for key in ("rules", "hands"):
            if key not in data:
                raise RecordError(f"a deal record needs {key!r}")
        try:
            rules = Rules.from_dict(dict(data["rules"]))
        except (RulesError, TypeError) as err:
            raise RecordError(f"rules: {err}") from err
        actions = [*data.get("auction", []), *data.get("discards", []), *data.get("play", [])]
        if not all(isinstance(a, str) for a in actions):
            raise RecordError("auction, discards and play must be lists of action codes (strings)")
        rec = cls(
            rules=rules,
            hands=[[_card_code(c) for c in h] for h in data["hands"]],
            dealer=int(data.get("dealer", 0)),
            kitty=[_card_code(c) for c in data.get("kitty", [])],
            table=data.get("table"),
            position=dict(data["position"]) if data.get("position") else None,
            actions=actions,
            title=data.get("title"),
            tags={str(k): str(v) for k, v in dict(data.get("tags", {})).items()},
            intro=data.get("intro"),
            comments=_index_map(data.get("comments"), "comments"),
            marks=_index_map(data.get("marks"), "marks"),
            stops=_index_map(data.get("stops"), "stops"),
            seat=data.get("seat"),
            annotations=_index_map(data.get("annotations"), "annotations", dict),
        )
        rec.validate()
        recorded = data.get("result")
        if recorded is not None and _result_facts(recorded) != _result_facts(rec.result()):
            raise RecordError("the recorded 'result' does not match the replayed play")
        return rec

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_json(cls, text: str) -> DealRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise RecordError(f"not valid JSON: line {err.lineno}, column {err.colno}: {err.msg}") from None
        return cls.from_dict(data)


def _result_facts(result: Any) -> Any:
    """A result without its ``summary``: the summary is words in the reader's language (a record written in
    English is read in Polish or Italian), the rest is the facts the replay must agree with."""
    if isinstance(result, dict):
        return {k: v for k, v in result.items() if k != "summary"}
    return result


def _hand_order(code: str) -> tuple[int, int]:
    card = Card.parse(code)
    if card.suit is None:
        return (-1, 0)
    return ((0, 2, 1, 3)[card.suit], -card.rank)


def sorted_hand(codes: list[str]) -> list[str]:
    """Display order: joker first, then ♠ ♦ ♣ ♥ (colours alternate), high to low."""
    return sorted(codes, key=_hand_order)


def _card_code(text: Any) -> str:
    if not isinstance(text, str):
        raise RecordError(f"a card must be written as text, not {type(text).__name__}")
    try:
        return Card.parse(text).code
    except ValueError as err:
        raise RecordError(str(err)) from None
