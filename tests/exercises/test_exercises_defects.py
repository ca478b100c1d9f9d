"""Issue 13: an instructor's attacks on assign/grade, one test per defect (named after it)."""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import hmac
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from fivehundred_tutor.cli import main as cli_main
from fivehundred_tutor.exercises import (
    AssignmentError,
    MissingSecret,
    RosterError,
    assert_correct,
    assign,
    expected_question,
    grade,
    grade_folder,
    load_assignment,
    load_roster,
    parse_assignment,
    parse_roster,
)
from fivehundred_tutor.questions.core import SEED_LIMIT, question_id, sub_seed
from tests.support.exercises import (
    MAX_POINTS,
    SECTIONS,
    TEST_SECRET,
    all_right,
    gradebook_rows,
    right_response,
    roster,
    sheet_for,
    small_assignment,
    write_assignment,
    write_json,
    write_roster,
    wrong_response,
)

ROOT = Path(__file__).resolve().parents[2]


def _cli(capsys, *args: str) -> tuple[int, str, str]:
    code = cli_main([*args])
    out = capsys.readouterr()
    return code, out.out, out.err


def _one_line_error(code: int, err: str, *words: str) -> None:
    assert code != 0
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    for w in words:
        assert w in err, (w, err)


# ----------------------------------------------------------------------------------- 1. secrets
def _seed_guesses() -> list[int]:
    days = [dt.date(2025, 1, 1) + dt.timedelta(days=i) for i in range(3 * 366)]
    return [77, 500500, 20261129, 20260307, *range(0, 2000), *(int(d.strftime("%Y%m%d")) for d in days)]


def test_exam_answers_are_not_recoverable_from_released_files(tmp_path):
    """The attacker has the package, the assignment file and amy's released folder (seed 77 in the file)."""
    hw_path = write_assignment(tmp_path, "none", secret=False)
    people = load_roster(write_roster(tmp_path, "amy", "ben"))
    hw = load_assignment(hw_path)
    assert hw.secret is None
    assign(hw, people, tmp_path / "release")
    secret_file = tmp_path / "hw1.secret"
    assert secret_file.is_file() and oct(secret_file.stat().st_mode & 0o777) == "0o600"
    secret = bytes.fromhex(secret_file.read_text(encoding="utf-8").splitlines()[-1])
    # what amy has: her own folder
    released = {p.name: p.read_bytes() for p in (tmp_path / "release/students/amy").iterdir()}
    blob = b"\n".join(released.values())
    assert secret.hex().encode() not in blob and secret not in blob and b'"seed"' not in blob
    the_set = json.loads(released["hw1-amy.questions.json"])
    released_ids = {i["question"]["id"] for i in the_set["items"]}
    # the assignment file alone regenerates nothing
    attacker_hw = parse_assignment(
        __import__("tomllib").loads(hw_path.read_text(encoding="utf-8")), source="stolen copy"
    )
    with pytest.raises(MissingSecret, match="secret"):
        attacker_hw.questions_for("amy")
    # guess the seed (the guesses, small numbers, every date of 2025-2027), old and new derivations
    first = attacker_hw.sections[0]
    tried = 0
    for guess in _seed_guesses():
        for level in first.difficulty:
            old = sub_seed("fivehundred-assignment", "hw1", guess, "amy", 0, 0)
            assert question_id(first.topic, attacker_hw.rules, old, level) not in released_ids
            key = str(guess).encode()  # "the seed is the key"
            msg = json.dumps(["fivehundred-assignment/2", "hw1", guess, first.key, "amy", 0], separators=(",", ":"))
            new = int.from_bytes(hmac.new(key, msg.encode(), hashlib.sha256).digest()[:8], "big") % SEED_LIMIT
            assert question_id(first.topic, attacker_hw.rules, new, level) not in released_ids
            tried += 2
    assert tried > 4000
    # ... while the instructor, with the secret, gets exactly amy's questions (so the search above could hit)
    assert {q["id"] for q in load_assignment(hw_path).questions_for("amy")} == released_ids
    # and a second assign reuses the secret: the same questions
    assign(load_assignment(hw_path), people, tmp_path / "again")
    again = json.loads((tmp_path / "again/students/amy/hw1-amy.questions.json").read_text(encoding="utf-8"))
    assert {i["question"]["id"] for i in again["items"]} == released_ids


def test_grade_says_which_secret_it_needs_and_what_losing_it_means(tmp_path, capsys):
    hw_path = write_assignment(tmp_path, secret=False)
    roster_path = write_roster(tmp_path, "amy")
    (tmp_path / "subs").mkdir()
    code, _, err = _cli(
        capsys, "grade", str(hw_path), "--roster", str(roster_path), "--submissions", str(tmp_path / "subs"),
        "--out", str(tmp_path / "g"), "--no-progress",
    )  # fmt: skip
    _one_line_error(code, err, str(tmp_path / "hw1.secret"), "lost", "cannot be graded")
    code, out, _ = _cli(
        capsys, "assign", str(hw_path), "--roster", str(roster_path), "--out", str(tmp_path / "rel"), "--no-progress"
    )
    assert code == 0 and "new secret" in out and "back it up" in out


def test_secret_stays_out_of_everything_a_student_gets(tmp_path):
    hw = parse_assignment(
        {"id": "hw1", "title": "T", "seed": 77, "feedback": "after-submit", "sections": SECTIONS}
    )  # no file: the secret goes to the instructor-only folder
    assign(hw, roster("amy", "ben"), tmp_path / "rel")
    secret_file = tmp_path / "rel/instructor/hw1.secret"
    assert hw.secret is not None and secret_file.is_file()
    for p in (tmp_path / "rel/students").rglob("*"):
        if p.is_file():
            text = p.read_text(encoding="utf-8")
            assert hw.secret.hex() not in text and '"accept"' not in text and '"explanation"' not in text


# ------------------------------------------------------------------------------ 2. memory
MEMORY_SCRIPT = r"""
import json, sys, time
from pathlib import Path
from typing import Any
from tests.support.exercises import memory_kb, small_assignment, roster  # run from the repository's root
from fivehundred_tutor.exercises import grade_folder
hw = small_assignment()
people = roster(*[f"s{i:02d}" for i in range(24)])
hw.questions_for("s00")  # the question generators imported: the baseline is a grader ready to start
before_kb, _ = memory_kb()
t0 = time.perf_counter()
report = grade_folder(hw, people, Path(sys.argv[1]))
took = time.perf_counter() - t0
_, peak_kb = memory_kb()
print(json.dumps({"before_kb": before_kb, "peak_kb": peak_kb, "seconds": took,
                  "statuses": sorted({s.status for s in report.students}),
                  "total": report.by_id()["s00"].total}))
"""


def _run_memory_script(subs: Path, parent_holds_mb: int = 0) -> dict[str, Any]:
    """Grade ``subs`` in a fresh process (started from one holding ``parent_holds_mb`` MB) and return its figures."""
    script = MEMORY_SCRIPT
    if parent_holds_mb:  # a big parent, as a pytest worker is late in a full run
        script = (
            "import subprocess, sys\n"
            f"held = bytearray({parent_holds_mb} << 20)\n"
            "for i in range(0, len(held), 4096): held[i] = 1\n"
            f"sys.stdout.write(subprocess.run([sys.executable, '-c', {MEMORY_SCRIPT!r}, sys.argv[1]], "
            "capture_output=True, text=True, check=True).stdout)\n"
        )
    out = subprocess.run(
        [sys.executable, "-c", script, str(subs)], capture_output=True, text=True, timeout=600, check=True, cwd=ROOT
    )
    figures: dict[str, Any] = json.loads(out.stdout)
    return figures


@pytest.mark.slow
def test_memory_stays_flat_under_the_size_limit(tmp_path):
    hw = small_assignment()
    subs = tmp_path / "subs"
    subs.mkdir()
    pad = [1] * 800_000  # twice: 1.6 million elements a sheet
    for i in range(24):
        sid = f"s{i:02d}"
        sheet = sheet_for(hw, sid, {**all_right(hw, sid), "9.9": pad}, padding=pad)
        raw = json.dumps(sheet).encode()
        assert 4_500_000 < len(raw) < 5_000_000
        (subs / f"hw1-{sid}.answers.json").write_bytes(raw)
    figures = _run_memory_script(subs)
    growth_mb = (figures["peak_kb"] - figures["before_kb"]) / 1024
    print(f"24 × 4.8 MB sheets: peak RSS {figures['peak_kb'] / 1024:.0f} MB, {growth_mb:.0f} MB over the "
          f"grader's start, {figures['seconds']:.1f} s")  # fmt: skip
    assert growth_mb < 100, figures  # one sheet at a time: 24 held at once would be about 24 × 13 MB
    assert figures["total"] == MAX_POINTS and figures["statuses"] == ["flagged"]  # the stray answer is reported


def test_the_memory_figure_is_the_graders_own_not_its_parents(tmp_path):
    """The figure above is the grading process's own: started from a process holding 400 MB, it does not grow
    (getrusage's ru_maxrss did: it reported the parent's peak, so the test failed late in a full run)."""
    subs = tmp_path / "subs"
    subs.mkdir()
    alone = _run_memory_script(subs)
    from_big = _run_memory_script(subs, parent_holds_mb=400)
    assert from_big["peak_kb"] < alone["peak_kb"] + 50 * 1024, (alone, from_big)


# -------------------------------------------------------------- 3. per-student access
def test_answers_and_identities_are_not_public(tmp_path):
    hw = small_assignment("after-submit")
    people = roster("amy", "ben", "carol.smith@uni.example")
    assign(hw, people, tmp_path / "rel")
    assert not (tmp_path / "rel/page").exists() and not (tmp_path / "rel/manifest.json").exists()
    for sid in people.ids:
        home = tmp_path / "rel/students" / sid
        text = "\n".join(p.read_text(encoding="utf-8") for p in home.iterdir())
        others = [o for o in people.ids if o != sid]
        assert not any(o in text for o in others), sid
        own_ids = {q["id"] for q in hw.questions_for(sid)}
        other_ids = {q["id"] for o in others for q in hw.questions_for(o)}
        assert all(i in text for i in own_ids) and not any(i in text for i in other_ids)
        assert '"accept"' not in text and '"answer_words"' not in text  # after-submit: no answers before grading
    # a sheet in ben's name made from amy's files (her token) is refused, and it does not make ben "rejected":
    # nothing shows ben handed it in (issue 27); it is listed for the instructor
    subs = tmp_path / "subs"
    forged = sheet_for(hw, "ben", all_right(hw, "ben"), token=hw.token_for("amy"))
    write_json(subs / "hw1-ben.answers.json", forged)
    unsigned = sheet_for(hw, "amy", all_right(hw, "amy"), token="")
    write_json(subs / "amy" / "hw1-amy.answers.json", unsigned)  # in amy's own folder: graded, flagged
    report = grade_folder(hw, people, subs)
    ben = report.by_id()["ben"]
    assert (
        ben.status == "missing"
        and ben.total == 0
        and "token is not ben's" in dict(report.unmatched)["hw1-ben.answers.json"]
    )
    amy = report.by_id()["amy"]
    assert amy.status == "flagged" and any("no token" in p for p in amy.problems)


# ------------------------------------------------------------------------- 4. duplicates
def test_duplicates_are_decided_by_collection_times_not_saved_at(tmp_path):
    hw = small_assignment()
    subs = tmp_path / "subs"
    full = write_json(subs / "week3-bob.answers.json", sheet_for(hw, "bob", all_right(hw, "bob")))
    trap = write_json(
        subs / "week3-trumps-bob (1).answers.json", sheet_for(hw, "bob", {}, saved_at="9999-12-31T23:59:59Z")
    )
    os.utime(trap, (1_700_000_000, 1_700_000_000))
    os.utime(full, (1_700_000_900, 1_700_000_900))  # the full sheet was collected last
    bob = grade_folder(hw, roster("bob"), subs).by_id()["bob"]
    assert bob.total == MAX_POINTS
    assert any("duplicated" in p and "collected last" in p and "week3-bob" in p for p in bob.problems)
    # collected the other way round: the later file wins, and it is still reported
    os.utime(full, (1_600_000_000, 1_600_000_000))
    bob = grade_folder(hw, roster("bob"), subs).by_id()["bob"]
    assert bob.total == 0 and bob.status == "flagged" and any("duplicated" in p for p in bob.problems)
    # nbgrader's timestamp.txt is the collection's time for its submission (its exchange keeps each one) …
    nb = tmp_path / "nb/inbound"
    first, late = nb / "bob+hw1+2026-01-01 10:00:00 UTC", nb / "bob+hw1+2026-01-02 10:00:00 UTC"
    a = write_json(first / "a.answers.json", sheet_for(hw, "bob", {}))
    b = write_json(late / "b.answers.json", sheet_for(hw, "bob", all_right(hw, "bob")))
    os.utime(a, (1_900_000_000, 1_900_000_000))  # a file time that lies
    (first / "timestamp.txt").write_text("2026-01-01 10:00:00.000000 UTC", encoding="utf-8")
    (late / "timestamp.txt").write_text("2026-01-02 10:00:00.000000 UTC", encoding="utf-8")
    assert b.exists()
    bob = grade_folder(hw, roster("bob"), nb).by_id()["bob"]
    assert bob.total == MAX_POINTS and any("timestamp.txt" in p for p in bob.problems)
    # … but a timestamp.txt inside a student's own files is theirs, not the collection's (issue 27)
    (first / "late").mkdir()
    (first / "late" / "timestamp.txt").write_text("2026-01-03 10:00:00.000000 UTC", encoding="utf-8")
    os.replace(a, first / "late" / "a.answers.json")
    bob = grade_folder(hw, roster("bob"), nb).by_id()["bob"]
    assert bob.total == MAX_POINTS


# ------------------------------------------------------------------------- 5. stray files
def test_stray_files_output_inside_submissions_nbgrader_tree_dotfiles_and_fifos(tmp_path):
    hw = small_assignment()
    people = roster("amy", "ben", "cy", "dee", "eve", "fay", "gus", "hal", "ida")
    subs = tmp_path / "subs"
    for sid in ("amy", "ben", "cy"):
        write_json(subs / f"hw1-{sid}.answers.json", sheet_for(hw, sid, all_right(hw, sid)))
    first = grade(hw, people, subs, subs / "grades", feedback="both")
    second = grade(hw, people, subs, subs / "grades", feedback="both")
    for report in (first, second):
        counts = {k: sum(1 for s in report.students if s.status == k) for k in ("graded", "missing")}
        assert counts == {"graded": 3, "missing": 6} and not report.unmatched
    assert any("grades/" in f and "output folder" in why for f, why in second.skipped)
    # an nbgrader submitted/ tree: timestamp.txt in every folder flags nobody
    nb = tmp_path / "course/submitted"
    for sid in ("amy", "ben"):
        write_json(nb / sid / "hw1" / "hw1.answers.json", sheet_for(hw, sid, all_right(hw, sid)))
        (nb / sid / "hw1" / "timestamp.txt").write_text("2026-01-01 10:00:00.000000 UTC", encoding="utf-8")
    (nb / "amy/hw1/.ipynb_checkpoints").mkdir()
    (nb / "amy/hw1/.hidden.json").write_text("{}", encoding="utf-8")
    os.mkfifo(nb / "ben/hw1/pipe.json")
    report = grade_folder(hw, roster("amy", "ben"), nb)
    assert report.by_id()["amy"].status == "graded", report.by_id()["amy"].problems
    ben = report.by_id()["ben"]
    assert ben.total == MAX_POINTS and any("named pipe" in p for p in ben.problems)
    skipped = dict(report.skipped)
    assert "amy/hw1/.hidden.json" in skipped and "amy/hw1/.ipynb_checkpoints/" in skipped


# ------------------------------------------------------------------------ 6. editing after release
def test_editing_points_or_inserting_a_section_changes_nobodys_questions(tmp_path):
    hw = small_assignment()
    people = roster("amy", "ben")
    subs = tmp_path / "subs"
    for sid in people.ids:
        write_json(subs / f"hw1-{sid}.answers.json", sheet_for(hw, sid, all_right(hw, sid)))
    repointed = small_assignment(sections=[{**s, "points": 3} for s in SECTIONS])
    report = grade_folder(repointed, people, subs)
    for s in report.students:
        assert s.status == "graded" and s.total == repointed.max_points and not s.problems, s.problems
    inserted = small_assignment(
        sections=[{"title": "Tricks", "topic": "trick-winner", "count": 2, "difficulty": 2, "points": 1}, *SECTIONS]
    )
    old = {q["id"] for q in hw.questions_for("amy")}
    assert old <= {q["id"] for q in inserted.questions_for("amy")}
    report = grade_folder(inserted, people, subs)
    for s in report.students:
        assert s.total == MAX_POINTS, s.problems  # every old answer still counts; the new items are unanswered
        assert not any("tampered" in p for p in s.problems)
        assert s.status == "graded"


# ------------------------------------------------------------------------ 7. rounding
def test_partial_credit_is_rounded_once(monkeypatch):
    import fivehundred_tutor.exercises.grading as grading
    import fivehundred_tutor.exercises.grading.score as scoring

    sections = [{"title": "A", "topic": "bowers", "count": 4, "difficulty": 1, "points": 3}]
    hw = small_assignment(sections=sections)
    for score, expected in ((0.6667, 4 * 2.0), (0.5, 4 * 1.5), (0.8889, 4 * 8 / 3)):
        monkeypatch.setattr(scoring, "check", lambda q, r, s=score: {"correct": False, "score": s, "feedback": ""})
        items, _ = grading.grade_sheet(hw, "amy", sheet_for(hw, "amy", all_right(hw, "amy")))
        result = grading.StudentResult("amy", status="graded", items=items)
        assert result.total == round(expected, 4), (score, result.total)
    monkeypatch.setattr(scoring, "check", lambda q, r: {"correct": False, "score": 0.6667, "feedback": ""})
    items, _ = grading.grade_sheet(hw, "amy", sheet_for(hw, "amy", all_right(hw, "amy")))
    assert items[0].score == 2.0  # 2 of 3 on a 3-point item is 2, not 2.0001
    three = small_assignment(sections=[{**sections[0], "count": 9}])
    monkeypatch.setattr(scoring, "check", lambda q, r: {"correct": False, "score": 0.5, "feedback": ""})
    items, _ = grading.grade_sheet(three, "amy", sheet_for(three, "amy", all_right(three, "amy")))
    assert grading.StudentResult("amy", status="graded", items=items).total == 13.5


# ------------------------------------------------------------------------ 8. tracebacks
def test_bad_paths_and_values_give_one_line_errors(tmp_path, capsys):
    hw_path = write_assignment(tmp_path)
    roster_path = write_roster(tmp_path, "amy")
    subs = tmp_path / "subs"
    subs.mkdir()
    a_file = tmp_path / "taken.txt"
    a_file.write_text("x", encoding="utf-8")
    base = ["--roster", str(roster_path), "--no-progress"]
    code, _, err = _cli(capsys, "grade", str(hw_path), *base, "--submissions", str(subs), "--out", str(a_file))
    _one_line_error(code, err, "names a file")
    code, _, err = _cli(capsys, "assign", str(hw_path), *base, "--out", str(a_file))
    _one_line_error(code, err, "names a file")
    (tmp_path / "g" / "gradebook.csv").mkdir(parents=True)
    code, _, err = _cli(capsys, "grade", str(hw_path), *base, "--submissions", str(subs), "--out", str(tmp_path / "g"))
    _one_line_error(code, err, "gradebook.csv", "folder is in the way")
    deep = {
        "deep.toml": "id = 'hw1'\nseed = 1\nx = " + "[" * 50_000 + "]" * 50_000 + "\n",
        "deep.json": '{"id": "hw1", "x": ' + "[" * 50_000 + "]" * 50_000 + "}",
        "deep.yaml": "id: hw1\nx: " + "[" * 50_000 + "]" * 50_000 + "\n",
        "huge.toml": "id = 'hw1'\nseed = 1\n[rules]\ntarget = 1e308\n[[sections]]\ntopic = 'bowers'\n",
        "half.toml": "id = 'hw1'\nseed = 1\n[rules]\ntarget = 1.5\n[[sections]]\ntopic = 'bowers'\n",
    }
    for name, text in deep.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        t0 = time.perf_counter()
        code, _, err = _cli(capsys, "assign", str(path), *base, "--out", str(tmp_path / "o"))
        assert time.perf_counter() - t0 < 5, name
        _one_line_error(code, err)
        assert len(err) < 400, (name, err)
        assert ("nested too deeply" in err) if name.startswith("deep") else ("target" in err), (name, err)


# ------------------------------------------------------------------------ 9. rules values
@pytest.mark.parametrize(
    "option,message",
    [
        ({"slam_bonus": "no"}, "slam_bonus must be true or false"),
        ({"misere_value": -100}, "misere_value must be at least"),
        ({"target": 1.5}, "target must be a whole number"),
        ({"target": True}, "target must be a whole number"),
        ({"bidding": 3}, "bidding must be a name"),
        ({"colour": "red"}, "unknown option"),
    ],
)
def test_rules_values_are_type_checked(option, message):
    data = {"id": "hw1", "title": "T", "seed": 1, "sections": [{"topic": "bowers"}], "rules": option}
    with pytest.raises(AssignmentError, match=message):
        parse_assignment(data)


def test_yaml_alias_bomb_is_refused_quickly(tmp_path):
    lines = [
        "id: hw1",
        "seed: 1",
        "rules:",
        '  a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
    ]
    for i in range(1, 9):
        lines.append(f"  a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    t0 = time.perf_counter()
    with pytest.raises(AssignmentError) as info:
        load_assignment(path)
    assert time.perf_counter() - t0 < 1
    assert "anchors and aliases" in str(info.value) and len(str(info.value)) < 300


# ------------------------------------------------------------------------ 10. rosters
CANVAS_EXPORT = (
    "Student,ID,SIS User ID,SIS Login ID,Section,Homework 1 (1234),Current Points,Final Points,Current Score,"
    "Unposted Current Score,Final Score,Unposted Final Score\n"
    "    Points Possible,,,,,10.00,(read only),(read only),(read only),(read only),(read only),(read only)\n"
    '"Lovelace, Ada",1001,S001,ada,Section 1,,0.00,0.00,,,0.00,0.00\n'
    '"Núñez, José",1002,S002,jnunez,Section 1,,0.00,0.00,,,0.00,0.00\n'
    '"Student, Test",1003,,test-student,Section 1,,,,,,,\n'
)
MOODLE_EXPORT = (
    "First name,Last name,ID number,Institution,Department,Email address,Assignment: Homework 1 (Real),"
    "Course total (Real),Last downloaded from this course\n"
    "Ada,Lovelace,S001,Uni,Maths,ada@uni.example,-,-,1764500000\n"
    "Zoë,Ångström,,Uni,Physics,zoe@uni.example,-,-,1764500000\n"
)


def test_rosters_canvas_export_and_case_collisions(tmp_path):
    canvas = parse_roster(CANVAS_EXPORT, "canvas.csv")
    assert canvas.source_format == "canvas" and canvas.ids == ["ada", "jnunez"]
    assert canvas.get("jnunez").name == "Núñez, José" and canvas.get("ada").lms_id == "1001"
    moodle = parse_roster(MOODLE_EXPORT, "moodle.csv")
    assert moodle.source_format == "moodle" and moodle.ids == ["S001", "zoe@uni.example"]
    assert moodle.get("zoe@uni.example").name == "Zoë Ångström"
    with pytest.raises(RosterError, match="differs only in case"):
        parse_roster("id\nAlice\nalice\n")
    ext = parse_roster("id,extension_days\namy,2\nben,\n")
    assert ext.get("amy").extension_days == 2 and ext.get("ben").extension_days == 0
    with pytest.raises(RosterError, match="extension"):
        parse_roster("id,extension_days\namy,soon\n")


def test_lms_round_trip_canvas_and_moodle_grade_files(tmp_path):
    hw = small_assignment()
    people = parse_roster(CANVAS_EXPORT)
    subs = tmp_path / "subs"
    write_json(subs / "hw1-ada.answers.json", sheet_for(hw, "ada", all_right(hw, "ada")))
    grade(hw, people, subs, tmp_path / "g", histogram=False)
    with (tmp_path / "g/canvas_grades.csv").open(encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    assert rows[0][:5] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
    assert rows[0][5] == "Homework one (hw1)" and rows[1][0].strip() == "Points Possible" and rows[1][5] == "10"
    assert rows[2][1:] == ["1001", "S001", "ada", "Section 1", "10"]  # the SIS User ID given back
    assert rows[3][3] == "jnunez" and rows[3][5] == ""  # missing: blank, not 0
    reread = parse_roster((tmp_path / "g/canvas_grades.csv").read_text(encoding="utf-8"))
    assert reread.ids == ["ada", "jnunez"]  # our export reads back as a Canvas roster
    with (tmp_path / "g/moodle_grades.csv").open(encoding="utf-8") as fh:
        moodle = list(csv.DictReader(fh))
    assert moodle[0]["Username"] == "ada" and moodle[0]["Homework one"] == "10"
    feedback = tmp_path / "g/feedback"
    assert sorted(p.name for p in feedback.iterdir()) == ["ada", "jnunez"]
    assert (feedback / "ada/hw1.md").is_file()


# ------------------------------------------------------------------------ 11. escaping
def test_unescaped_text_in_summary_terminal_and_spreadsheets(tmp_path, capsys):
    sections = [{**SECTIONS[0], "title": '=HYPERLINK("http://x")'}, *SECTIONS[1:]]
    hw_path = write_assignment(tmp_path, sections=sections)
    hw = load_assignment(hw_path)
    roster_path = write_roster(tmp_path, "amy")
    subs = tmp_path / "subs"
    claim = sheet_for(hw, "amy", {})
    claim["student"] = "<img src=x onerror=alert(4)>"
    write_json(subs / "claim.json", claim)
    write_json(subs / "\x1b[31mred\x1b[0m.json", {"format": "other"})
    code, out, err = _cli(
        capsys, "grade", str(hw_path), "--roster", str(roster_path), "--submissions", str(subs),
        "--out", str(tmp_path / "g"), "--no-progress", "--no-histogram",
    )  # fmt: skip
    assert code == 1  # rows were rejected / unmatched
    assert "\x1b" not in out + err and "?[31mred" in err
    summary = (tmp_path / "g/summary.md").read_text(encoding="utf-8")
    assert not re.search(r"(?<!\\)<img", summary) and r"\<img" in summary and "\x1b" not in summary
    gradebook = (tmp_path / "g/gradebook.csv").read_text(encoding="utf-8")
    assert "'=HYPERLINK" in gradebook.splitlines()[0]
    items = (tmp_path / "g/item_analysis.csv").read_text(encoding="utf-8")
    assert "'=HYPERLINK" in items and ",=HYPERLINK" not in items
    html = (tmp_path / "g/feedback/amy/hw1.html").read_text(encoding="utf-8")
    assert "=HYPERLINK(&quot;http://x&quot;)" in html


# --------------------------------------------------------------- 12. answers, blanks, exit codes
def test_assert_correct_never_reveals_the_answer():
    hw = small_assignment()
    for q in hw.questions_for("amy"):
        with pytest.raises(AssertionError) as info:
            assert_correct(hw, "amy", q["item"], wrong_response(q))
        message = str(info.value)
        words = (
            [str(v) for v in (q["answer"]["example"] if q["kind"] == "cards" else q["answer"])]
            if isinstance(q["answer"], (list, dict))
            else [str(q["answer"])]
        )
        assert q["item"] in message and "The answer" not in message
        assert not any(w in message for w in words if len(w) > 1), (message, words)
        assert_correct(hw, "amy", q["item"], right_response(q))


def test_missing_student_is_blank_and_exit_code_says_rows_were_rejected(tmp_path, capsys):
    hw_path = write_assignment(tmp_path)
    hw = load_assignment(hw_path)
    roster_path = write_roster(tmp_path, "amy", "ben")
    subs = tmp_path / "subs"
    write_json(subs / "hw1-amy.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    args = ["grade", str(hw_path), "--roster", str(roster_path), "--submissions", str(subs), "--no-progress"]
    code, out, _ = _cli(capsys, *args, "--out", str(tmp_path / "g1"), "--no-histogram")
    assert code == 0 and "1 graded, 1 missing" in out
    ben = gradebook_rows(tmp_path / "g1/gradebook.csv")["ben"]
    assert ben["total"] == "" and ben["percent"] == "" and ben["status"] == "missing"
    (subs / "hw1-ben.answers.json").write_text("{not json", encoding="utf-8")
    code, _, err = _cli(capsys, *args, "--out", str(tmp_path / "g2"), "--no-histogram")
    assert code == 1 and "rejected" in err
    ben = gradebook_rows(tmp_path / "g2/gradebook.csv")["ben"]
    # nothing of ben's could be graded: blank (the instructor decides), never a 0 an LMS upload would record
    assert ben["status"] == "rejected" and ben["total"] == ""
    canvas = (tmp_path / "g2/canvas_grades.csv").read_text(encoding="utf-8")
    assert any(line.split(",")[3] == "ben" and line.rstrip().endswith(",") for line in canvas.splitlines())


def test_feedback_for_a_misfiled_sheet_names_no_other_student(tmp_path, capsys):
    hw_path = write_assignment(tmp_path)
    hw = load_assignment(hw_path)
    roster_path = write_roster(tmp_path, "amy", "ben")
    subs = tmp_path / "subs"
    write_json(subs / "ben" / "hw1.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    args = ["grade", str(hw_path), "--roster", str(roster_path), "--submissions", str(subs), "--no-progress"]
    code, _, _ = _cli(capsys, *args, "--out", str(tmp_path / "g"), "--no-histogram")
    assert code == 1
    for student, other in (("ben", "amy"), ("amy", "ben")):
        files = list((tmp_path / "g" / "feedback" / student).glob("*"))
        assert files, f"no feedback for {student}"
        for path in files:
            assert other not in path.read_text(encoding="utf-8"), path
    # integrity matters stay with the instructor (the instructor review): ben is told to see them, amy nothing
    assert "speak to your instructor" in (tmp_path / "g" / "feedback" / "ben" / "hw1.md").read_text(encoding="utf-8")
    assert "another student" not in (tmp_path / "g" / "feedback" / "amy" / "hw1.md").read_text(encoding="utf-8")
    # the instructor's own list names both
    unmatched = (tmp_path / "g" / "unmatched.csv").read_text(encoding="utf-8")
    assert "amy" in unmatched and "ben" in unmatched


# --------------------------------------------------------------- deadlines, overrides, idempotence
def test_deadline_late_penalty_cap_and_extensions(tmp_path):
    data = {
        "id": "hw1",
        "title": "Homework one",
        "seed": 77,
        "sections": SECTIONS,
        "deadline": {"due": "2026-03-01T12:00:00+00:00", "penalty_per_day": 10, "max_penalty": 25},
    }
    hw = parse_assignment(data, secret=TEST_SECRET)
    people = parse_roster("id,extension_days\namy,0\nben,0\ncy,5\ndee,0\n")
    subs = tmp_path / "subs"
    due = dt.datetime(2026, 3, 1, 12, tzinfo=dt.timezone.utc).timestamp()
    for sid, late_seconds in (("amy", -60), ("ben", 86400 + 60), ("cy", 3 * 86400), ("dee", 9 * 86400)):
        path = write_json(subs / f"hw1-{sid}.answers.json", sheet_for(hw, sid, all_right(hw, sid)))
        os.utime(path, (due + late_seconds, due + late_seconds))
    report = grade_folder(hw, people, subs, file_times=True)  # these file times are the hand-in times
    got = {s.student: (s.days_late, s.total) for s in report.students}
    assert got == {"amy": (0, 10), "ben": (2, 8), "cy": (0, 10), "dee": (9, 7.5)}
    with pytest.raises(AssignmentError, match="time zone"):
        parse_assignment({**data, "deadline": {"due": "2026-03-01T12:00:00"}})


def test_overrides_apply_on_every_grade_and_regrading_is_idempotent(tmp_path, capsys):
    hw_path = write_assignment(tmp_path)
    hw = load_assignment(hw_path)
    roster_path = write_roster(tmp_path, "amy", "ben")
    subs = tmp_path / "subs"
    amy = {"2.1": wrong_response(expected_question(hw, "amy", "2.1"))}
    write_json(subs / "hw1-amy.answers.json", sheet_for(hw, "amy", amy))
    (tmp_path / "hw1.overrides.csv").write_text(
        "student,item,points,comment\namy,2.1,1.5,accepted the alternative reading\n", encoding="utf-8"
    )
    args = ["grade", str(hw_path), "--roster", str(roster_path), "--submissions", str(subs), "--no-progress"]
    outputs = []
    for _run in range(2):
        code, out, _ = _cli(capsys, *args, "--out", str(tmp_path / "g"), "--no-histogram")
        assert code == 0 and "overrides applied: 1" in out
        files = sorted(p for p in (tmp_path / "g").rglob("*") if p.is_file())
        outputs.append({p.relative_to(tmp_path / "g").as_posix(): p.read_bytes() for p in files})
    assert outputs[0] == outputs[1]  # grading twice gives the same files
    row = gradebook_rows(tmp_path / "g/gradebook.csv")["amy"]
    assert float(row["total"]) == 1.5 and "to 1.5 (accepted the alternative reading)" in row["problems"]
    applied = (tmp_path / "g/overrides_applied.csv").read_text(encoding="utf-8")
    assert "amy,2.1" in applied and "accepted the alternative reading" in applied
    (tmp_path / "hw1.overrides.csv").write_text("student,item,points,comment\namy,9.9,1,x\n", encoding="utf-8")
    code, _, err = _cli(capsys, *args, "--out", str(tmp_path / "g"))
    _one_line_error(code, err, "no item '9.9'")


def test_checking_api_needs_the_grading_side_secret():
    hw = small_assignment()
    stripped = parse_assignment(
        {"id": "hw1", "title": "Homework one", "seed": 77, "feedback": "immediate", "sections": SECTIONS}
    )
    with pytest.raises(MissingSecret):
        expected_question(stripped, "amy", "1.1")
    assert expected_question(hw, "amy", "1.1")["id"] == hw.questions_for("amy")[0]["id"]
