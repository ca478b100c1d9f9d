"""Duplicates are settled by the collection's own order: Canvas's and nbgrader's, else file times — never a time a
student writes.  The exports below follow the LMS's documented naming:

- Canvas "Download Submissions": one flat folder of ``<lastnamefirstname>_<user id>_<submission id>_<file name>``
  (``<name>_LATE_<user id>_…`` for a late one); a resubmission has a higher submission id, and a file handed in
  again under the same name is renamed with ``-1``, ``-2`` … before its extension;
- Moodle "Download all submissions": a folder ``<Full name>_<participant id>_assignsubmission_file_`` per student
  (or that prefix on each file); it gives no order of its own;
- nbgrader ``collect``: ``submitted/<student>/<assignment>/`` with ``timestamp.txt`` beside the files.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

from fivehundred_tutor.exercises import Roster, grade, grade_folder
from fivehundred_tutor.exercises.grading import canvas_order
from fivehundred_tutor.exercises.roster import Student
from tests.support.exercises import MAX_POINTS, all_right, sheet_for, small_assignment, write_json

CANVAS_ROSTER = Roster(
    [Student("amy.n", "Amy Nguyen", lms_id="340934"), Student("bob.s", "Bob Smith", lms_id="340977")], "canvas"
)


def _time(path: Path, when: int) -> None:
    os.utime(path, (when, when))


def test_canvas_submission_ids_decide_not_file_times(tmp_path: Path) -> None:
    hw = small_assignment()
    subs = tmp_path / "submissions"
    empty = write_json(subs / "nguyenamy_340934_208490284_hw1.answers.json", sheet_for(hw, "amy.n", {}))
    full = write_json(
        subs / "nguyenamy_340934_208491507_hw1.answers-1.json", sheet_for(hw, "amy.n", all_right(hw, "amy.n"))
    )
    _time(full, 1_700_000_000)
    _time(empty, 1_800_000_000)  # the file times say the empty sheet came last: Canvas's ids say otherwise
    report = grade(hw, CANVAS_ROSTER, subs, tmp_path / "grades")
    amy = report.by_id()["amy.n"]
    assert amy.total == MAX_POINTS
    assert amy.collected_by == "Canvas submission 208491507, resubmitted file -1"
    assert any("collected last by Canvas submission order" in p and "208491507" in p for p in amy.problems)
    assert amy.status == "graded"  # Canvas's own order: an ordinary resubmission, not a flag (issue 27 trial)
    with (tmp_path / "grades" / "gradebook.csv").open(encoding="utf-8") as fh:
        row = {r["student_id"]: r for r in csv.DictReader(fh)}["amy.n"]
    assert row["collected_by"].startswith("Canvas submission 208491507") and row["total"] == f"{MAX_POINTS:g}"


def test_canvas_same_submission_resubmitted_file_and_late_marker(tmp_path: Path) -> None:
    hw = small_assignment()
    subs = tmp_path / "submissions"
    # one submission id, the same file handed in twice: Canvas renamed the second one "-1", then "-2"
    write_json(subs / "smithbob_LATE_340977_208499999_hw1.answers.json", sheet_for(hw, "bob.s", {}))
    write_json(
        subs / "smithbob_LATE_340977_208499999_hw1.answers-2.json", sheet_for(hw, "bob.s", all_right(hw, "bob.s"))
    )
    write_json(subs / "smithbob_LATE_340977_208499999_hw1.answers-1.json", sheet_for(hw, "bob.s", {}))
    for f in subs.iterdir():
        _time(f, 1_900_000_000 if "-2" not in f.name else 1_600_000_000)
    bob = grade_folder(hw, CANVAS_ROSTER, subs).by_id()["bob.s"]
    assert bob.total == MAX_POINTS and bob.collected_by.endswith("resubmitted file -2")
    assert canvas_order("smithbob_LATE_340977_208499999_hw1.answers-2.json") == (208499999, 2)
    assert canvas_order("hw1-bob.s.answers.json") is None


def test_canvas_user_id_names_the_owner_so_a_copied_sheet_is_caught(tmp_path: Path) -> None:
    hw = small_assignment()
    subs = tmp_path / "submissions"
    write_json(subs / "nguyenamy_340934_208490001_hw1.answers.json", sheet_for(hw, "amy.n", all_right(hw, "amy.n")))
    # Bob hands in Amy's file (her name and token inside) from his own Canvas account
    write_json(subs / "smithbob_340977_208490002_hw1.answers.json", sheet_for(hw, "amy.n", all_right(hw, "amy.n")))
    report = grade_folder(hw, CANVAS_ROSTER, subs)
    bob = report.by_id()["bob.s"]
    assert not bob.has_grade and any("another student's answer sheet" in p for p in bob.problems)
    assert report.by_id()["amy.n"].total == MAX_POINTS


def test_moodle_folders_fall_back_to_file_times_and_say_so(tmp_path: Path) -> None:
    hw = small_assignment()
    roster = Roster([Student("amy", "Amy Nguyen"), Student("zoe", "Zoë Ng")], "moodle")
    subs = tmp_path / "download"
    folder = subs / "Zoë Ng_1234567_assignsubmission_file_"
    old = write_json(folder / "hw1.answers.json", sheet_for(hw, "zoe", {}))
    new = write_json(folder / "hw1 (2).answers.json", sheet_for(hw, "zoe", all_right(hw, "zoe")))
    _time(old, 1_700_000_000)
    _time(new, 1_700_000_500)
    flat = write_json(subs / "Amy Nguyen_1234568_assignsubmission_file_hw1.answers.json", sheet_for(hw, "amy", {}))
    _time(flat, 1_700_000_000)
    report = grade_folder(hw, roster, subs)
    zoe = report.by_id()["zoe"]
    assert zoe.total == MAX_POINTS and zoe.collected_by.startswith("file time")
    assert any("collected last by file time" in p for p in zoe.problems)
    # the folder's name is the owner: a classmate's sheet in Zoë's folder is caught
    write_json(folder / "hw1-amy.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))  # her file, her name
    report = grade_folder(hw, roster, subs)
    assert any("another student's answer sheet" in p for p in report.by_id()["zoe"].problems)


def test_nbgrader_timestamp_of_the_submission_folder_covers_its_subfolders(tmp_path: Path) -> None:
    hw = small_assignment()
    roster = Roster([Student("bob")])
    nb = tmp_path / "inbound"  # nbgrader's exchange keeps every submission: <student>+<assignment>+<time>
    later = nb / "bob+hw1+2026-01-02 10:00:00.000000 UTC"
    earlier = nb / "bob+hw1+2026-01-01 09:00:00.000000 UTC"
    first = write_json(later / "work/a.answers.json", sheet_for(hw, "bob", all_right(hw, "bob")))
    (later / "timestamp.txt").write_text("2026-01-02 10:00:00.000000 UTC", encoding="utf-8")
    second = write_json(earlier / "b.answers.json", sheet_for(hw, "bob", {}))
    (earlier / "timestamp.txt").write_text("2026-01-01 09:00:00.000000 UTC", encoding="utf-8")
    _time(first, 1_600_000_000)
    _time(second, 1_900_000_000)  # file times that lie: timestamp.txt, written by nbgrader, decides
    bob = grade_folder(hw, roster, nb).by_id()["bob"]
    assert bob.total == MAX_POINTS and bob.collected_by == "nbgrader timestamp.txt 2026-01-02 10:00:00 UTC"
    assert bob.collected_at.startswith("2026-01-02T10:00")


def test_mixed_sources_use_file_times_and_a_written_time_never_counts(tmp_path: Path) -> None:
    hw = small_assignment()
    roster = Roster([Student("bob")])
    subs = tmp_path / "subs"
    canvas = write_json(
        subs / "smithbob_340977_208490284_hw1.answers.json", sheet_for(hw, "bob", {}, saved_at="9999-12-31T00:00:00Z")
    )
    plain = write_json(
        subs / "hw1-bob.answers.json", sheet_for(hw, "bob", all_right(hw, "bob"), saved_at="1970-01-01T00:00:00Z")
    )
    _time(canvas, 1_700_000_000)
    _time(plain, 1_700_000_100)
    bob = grade_folder(hw, roster, subs).by_id()["bob"]
    assert bob.total == MAX_POINTS and bob.collected_by.startswith("file time")
