"""Puzzle ratings refined from learners' progress files (issue 28: "an initial rating from its difficulty …,
later refined from solves"): the CLI reads the files the book saves, a missed puzzle rises, a solved one falls,
and a file that is not a progress file — hostile or broken — is reported by name and left out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fivehundred_tutor.puzzles import load_bank
from fivehundred_tutor.puzzles.__main__ import main
from fivehundred_tutor.puzzles.model import PuzzleError
from fivehundred_tutor.puzzles.refining import (
    MAX_FILE_BYTES,
    Attempt,
    attempts_in,
    read_ratings,
    refine_ratings,
    with_ratings,
)


def progress_file(history: list[dict[str, object]]) -> bytes:
    """A file as the book's *Save my progress to a file* writes it (widgets/src/progress.js exportProgress)."""
    record = {"rating": {"rating": 1500, "deviation": 200, "volatility": 0.06}, "history": history, "tries": {}}
    return json.dumps(
        {
            "format": "fivehundred-tutor progress",
            "version": 2,
            "exported": "2026-12-06T10:00:00Z",
            "records": {"w:puzzle-trainer": {**record, "streak": {"current": 0, "best": 0}, "updated": 1}},
        }
    ).encode()


def test_a_missed_puzzle_rises_and_a_solved_one_falls() -> None:
    bank = load_bank()
    hard, easy = bank[0], bank[1]
    tries = [Attempt(hard.id, 1700.0, False)] * 6 + [Attempt(easy.id, 1300.0, True)] * 6
    refined = refine_ratings({p.id: p.rating for p in bank}, tries)
    assert refined[hard.id].rating > hard.rating and refined[easy.id].rating < easy.rating
    assert refined[hard.id].attempts == 6 and refined[hard.id].deviation < 250
    assert set(refined) == {hard.id, easy.id}, "untried puzzles keep their rating"
    moved = with_ratings(bank, {hard.id: refined[hard.id].rating})
    assert moved[0].rating == refined[hard.id].rating and moved[0].id == hard.id and moved[1] is bank[1]


def test_the_cli_reads_good_files_and_reports_the_bad_ones(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = load_bank()[0]
    entries = [{"id": puzzle.id, "ok": False, "before": 1800, "after": 1790, "themes": []}]
    good = tmp_path / "ana.json"
    good.write_bytes(progress_file(entries))
    other = tmp_path / "ben.json"
    other.write_bytes(progress_file(entries + [{"id": "no-such-puzzle-1-1", "ok": True, "before": 1500}]))
    bad = {
        "notes.json": b'{"format": "something else"}',
        "broken.json": b'{"format": "fivehundred-tutor progress", "records": ',
        "deep.json": b"[" * 100_000 + b"]" * 100_000,
        "huge.json": b" " * (MAX_FILE_BYTES + 1),
    }
    for name, data in bad.items():
        (tmp_path / name).write_bytes(data)
    out = tmp_path / "ratings.json"
    files = [good, other, *(tmp_path / name for name in bad)]
    assert main(["refine", *map(str, files), "-o", str(out)]) == 0
    said = capsys.readouterr()
    assert "2 of 6 files read: 3 first tries, 1 puzzles refined" in said.out
    for name in bad:
        assert f"left out: {tmp_path / name}" in said.err, name
    ratings = read_ratings(out)
    assert list(ratings) == [puzzle.id] and ratings[puzzle.id] > puzzle.rating


@pytest.mark.parametrize(
    ("entry", "kept"),
    [
        ({"id": "suit-1-2", "ok": True, "before": 1500}, True),
        ({"id": "suit-1-2", "ok": "yes", "before": 1500}, False),
        ({"id": "suit-1-2", "ok": True, "before": True}, False),
        ({"id": "suit-1-2", "ok": True, "before": 1e308}, False),
        ({"id": "x" * 5000, "ok": True, "before": 1500}, False),
        ({"id": ["suit-1-2"], "ok": True, "before": 1500}, False),
        ("suit-1-2", False),
    ],
)
def test_only_well_formed_tries_count(entry: object, kept: bool) -> None:
    found = attempts_in(progress_file([entry]), "f.json")  # type: ignore[list-item]
    assert (found == [Attempt("suit-1-2", 1500.0, True)]) is kept


def test_a_file_without_tries_has_none_and_a_ratings_file_must_be_one(tmp_path: Path) -> None:
    empty = json.dumps({"format": "fivehundred-tutor progress", "version": 2, "records": {}}).encode()
    assert attempts_in(empty, "new.json") == []
    wrong = tmp_path / "r.json"
    wrong.write_text('{"ratings": {"suit-1-2": {"rating": 1}}}')
    with pytest.raises(PuzzleError, match="not a ratings file"):
        read_ratings(wrong)
