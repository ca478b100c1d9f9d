"""The library of annotated deals: every file reads, replays, validates, and covers the required kinds."""

from __future__ import annotations

import json
from importlib import resources

import jsonschema
import pytest

from fivehundred_tutor.records import (
    annotate,
    critical_moments,
    format_text,
    library,
    library_names,
    load_library_record,
    load_record,
    parse_text,
    schema,
)

NAMES = library_names()


def test_at_least_twelve_deals() -> None:
    assert len(NAMES) >= 12


@pytest.mark.parametrize("name", NAMES)
def test_library_deal_reads_validates_and_round_trips(name: str) -> None:
    source = load_library_record(name, annotated=False)
    annotated = load_library_record(name)
    # The stored JSON is the text source plus solver verdicts, nothing else.
    plain = annotated.to_dict()
    plain.pop("annotations")
    assert plain == source.to_dict()
    data = json.loads(resources.files("fivehundred_tutor").joinpath("data", "deals", name + ".json").read_text("utf-8"))
    jsonschema.validate(data, schema())
    assert parse_text(format_text(source)).to_dict() == source.to_dict()
    deal = source.to_deal()
    assert deal.is_over
    assert source.title and source.intro and source.comments, "a library deal is written for the book"
    # Solver verdicts on every card of the play, and every "your turn" stop has a unique good answer
    # that the record actually plays.
    start = source.start_deal()
    plays = []
    for i, code in enumerate(source.actions):
        if start.phase == "play":
            plays.append(i)
        start.push(code)
    assert sorted(annotated.annotations) == plays
    for index in source.stops:
        note = annotated.annotations[index]
        assert note["cost"] == 0, (name, index)
        assert note["best"] == [annotated.actions[index]], (name, index, note["best"])
    args = annotated.replay_args()
    assert args["deal"].history == deal.history
    assert set(args["comments"]) >= set(source.comments)


def test_library_covers_the_kinds_the_book_needs() -> None:
    records = library()
    kinds = set()
    for rec in records.values():
        deal = rec.to_deal()
        contract = deal.contract
        assert contract is not None
        result = deal.result()
        if rec.rules.players == 3:
            kinds.add("3-player")
        if rec.rules.players == 2:
            kinds.add("2-player")
        if contract.is_open_misere:
            kinds.add("open misère")
        elif contract.is_misere:
            kinds.add("misère")
        if contract.is_no_trumps and any(getattr(a, "joker_suit", None) is not None for a in deal.history):
            kinds.add("no-trump joker")
        if not contract.is_misere and result.declarer_tricks == 10:
            kinds.add("slam")
        if not result.made:
            kinds.add("set")
        if rec.seat is not None and rec.seat not in deal.rules.sides[deal.rules.side_of(deal.declarer)]:
            kinds.add("defence")
        if any(n.get("critical") for n in rec.annotations.values()):
            kinds.add("critical moments")
    assert kinds >= {
        "3-player",
        "2-player",
        "open misère",
        "misère",
        "no-trump joker",
        "slam",
        "set",
        "defence",
        "critical moments",
    }


def test_stored_annotations_match_the_solver_on_an_ending() -> None:
    stored = load_library_record("10-ending-name-the-suit")
    fresh = annotate(load_library_record("10-ending-name-the-suit", annotated=False))
    assert fresh.annotations == stored.annotations
    assert critical_moments(fresh)[0] == 0


def test_unknown_library_name_lists_the_choices() -> None:
    with pytest.raises(ValueError, match="01-drawing-trumps"):
        load_library_record("no-such-deal")


def test_records_load_from_json_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    rec = load_library_record("08-three-players")
    path = tmp_path / "deal.json"
    path.write_text(rec.to_json(), encoding="utf-8")
    assert load_record(path).to_dict() == rec.to_dict()
    plain = load_library_record("08-three-players", annotated=False)  # the notation carries no solver verdicts
    text = tmp_path / "deal.txt"
    text.write_text(format_text(plain), encoding="utf-8")
    assert load_record(text).to_dict() == plain.to_dict()


@pytest.mark.parametrize("language", ["pl", "it"])
def test_every_library_deal_loads_in_the_readers_language(language: str) -> None:
    """The records keep their result's summary in English; read in Polish or Italian the summary is other words
    for the same facts, so it is not compared (the facts are): before, every library deal raised RecordError
    under FIVEHUNDRED_LANG=pl / it.  A changed fact still does."""
    from fivehundred_tutor import set_language
    from fivehundred_tutor.records import DealRecord, RecordError, library_names, load_library_record

    english = load_library_record(library_names()[0]).to_dict()
    try:
        set_language(language)
        for name in library_names():
            assert load_library_record(name).result() is not None
        forged = json.loads(json.dumps(english))
        forged["result"]["scores"] = [s + 10 for s in forged["result"]["scores"]]
        with pytest.raises(RecordError, match="does not match the replayed play"):
            DealRecord.from_dict(forged)
    finally:
        set_language("en")
