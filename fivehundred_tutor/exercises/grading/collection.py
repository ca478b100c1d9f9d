"""What the collection itself says about a file: whose hand-in it is and when it came in.

Only what the student cannot write counts: the folder the collection put it in (nbgrader's
``submitted/<id>/<assignment>/`` and exchange ``<id>+<assignment>+<time>/``, a folder per roster id, Moodle's
per-user entry), the name Canvas gave it (its user id, its ``LATE_`` marker, its submission order), and
nbgrader's own ``timestamp.txt`` beside the files it collected.  A roster id that only appears in a file's name
is a hint (the page names its download ``hw1-<id>.answers.json``, and anyone can rename a file): it may say
whom an unreadable file was meant for, never whose answers a sheet holds.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass
from pathlib import Path

from ..roster import Roster
from ..text import safe_text

__all__ = [
    "NBGRADER_FOLDERS",
    "Owner",
    "canvas_late",
    "canvas_order",
    "collection_owner",
    "name_hint",
    "nbgrader_stamp",
    "read_timestamp",
    "stamp_problem",
]

_ALNUM_RUN = re.compile(r"[A-Za-z0-9]+")
# Canvas's bulk download: "<name>_<user id>_<submission id>_<file>" ("<name>_LATE_<user id>_…" when late);
# a file the student handed in again under the same name gets "-1", "-2" … before its extension.
_CANVAS_FILE = re.compile(r"^(?P<who>[^_/]+)_(?P<late>LATE_)?(?P<user>[0-9]{1,20})_(?P<sub>[0-9]{1,20})_(?P<file>.+)$")
_RESUBMITTED = re.compile(r"-(?P<n>[0-9]{1,4})(?=\.[A-Za-z0-9]+$)")
# Moodle's download: "<Full name>_<participant id>_assignsubmission_file_" (a folder, or a prefix of each file);
# the shortest name that fits, so a student's own file name cannot move the split
_MOODLE_PART = re.compile(r"^(?P<who>.+?)_(?P<participant>[0-9]{1,20})_assignsubmission_[a-z]+_")
# nbgrader's exchange inbound: "<student>+<assignment>+<timestamp>[+<random>]"
_NBGRADER_INBOUND = re.compile(r"^(?P<student>[^+/]+)\+(?P<assignment>[^+/]+)\+(?P<time>[^+/]+)(?:\+[^/]*)?$")


@dataclass(frozen=True)
class Owner:
    """Whose hand-in the collection says a file is.

    ``student`` is the roster id, or None when the collection names someone it cannot pin down: ``candidates``
    then holds the roster students it may be (two with one name in a Moodle download), or nobody (a person not
    on the roster).  ``where`` says it in words, for the instructor.  ``depth``: the path part that named it.
    """

    student: str | None
    where: str
    candidates: frozenset[str] = frozenset()
    depth: int = 0
    layout: str = "folder"  # folder | nbgrader | nbgrader-inbound | moodle | canvas


def name_hint(rel: str, roster: Roster) -> str | None:
    """The roster id a file's path mentions (``hw1-alice.answers.json``), if exactly one: a hint, not a fact."""
    starts = [m.start() for m in _ALNUM_RUN.finditer(rel)]
    ends = [m.end() for m in _ALNUM_RUN.finditer(rel)]
    hits = set()
    for i, a in enumerate(starts):
        for b in ends[i:]:
            if b - a > 64:
                break
            if rel[a:b] in roster:
                hits.add(rel[a:b])
    hits = {h for h in hits if not any(h != o and h in o for o in hits)}
    return hits.pop() if len(hits) == 1 else None


def canvas_order(name: str) -> tuple[int, int] | None:
    """(submission id, resubmission number) from a Canvas bulk-download file name; None if it is not one.

    >>> canvas_order("smithbob_340934_208490284_hw1.answers-2.json")
    (208490284, 2)
    >>> canvas_order("hw1-bob.answers.json") is None
    True
    """
    m = _CANVAS_FILE.match(name)
    if m is None:
        return None
    again = _RESUBMITTED.search(m["file"])
    return int(m["sub"]), int(again["n"]) if again else 0


def canvas_late(name: str) -> bool | None:
    """Canvas's own verdict on a file of its bulk download (``_LATE_`` in the name), or None if not Canvas's.

    >>> canvas_late("smithbob_LATE_340934_208490284_hw1.answers.json"), canvas_late("smithbob_340934_2_x.json")
    (True, False)
    """
    m = _CANVAS_FILE.match(name)
    return None if m is None else bool(m["late"])


def _by_folder_name(part: str, roster: Roster, folded: dict[str, str]) -> str | None:
    return part if part in roster else folded.get(part.casefold())


#: the folders nbgrader keeps its students' submissions in: ``<course>/submitted/<id>/<assignment>/``
NBGRADER_FOLDERS = ("submitted", "autograded")


def collection_owner(rel: str, roster: Roster, assignment_id: str, *, root_name: str = "") -> Owner | None:
    """Whose hand-in the collection's own layout says ``rel`` (a path inside the submissions folder) is.

    The outermost folder that names a student decides (the student writes only inside their own folder): a
    folder named by a roster id (nbgrader's ``submitted/<id>/``), nbgrader's exchange ``<id>+<assignment>+…``,
    Moodle's ``<Full name>_<participant>_assignsubmission_…`` entry; then, for a file at no such folder,
    Moodle's prefix on the file and Canvas's user id in the file name.  None when the collection names no one.
    ``root_name``: the submissions folder's own name (``submitted`` when it is nbgrader's): ``<id>/<assignment>/``
    is nbgrader's layout only inside a folder of that name, since a student's own ``hw1/`` folder looks the same.

    >>> from fivehundred_tutor.exercises.roster import Roster, Student
    >>> people = Roster([Student("bob")])
    >>> collection_owner("submitted/bob/hw1/a.json", people, "hw1").layout
    'nbgrader'
    >>> collection_owner("bob/hw1/a.json", people, "hw1").layout, collection_owner("hw1-bob.json", people, "hw1")
    ('folder', None)
    """
    parts = rel.split("/")
    folded = {s.id.casefold(): s.id for s in roster}
    for depth, part in enumerate(parts[:-1]):
        sid = _by_folder_name(part, roster, folded)
        if sid is not None:
            inside = parts[depth - 1] if depth else root_name
            nbgrader = inside in NBGRADER_FOLDERS and depth + 1 < len(parts) - 1 and parts[depth + 1] == assignment_id
            return Owner(sid, f"the folder {part}/", depth=depth, layout="nbgrader" if nbgrader else "folder")
        inbound = _NBGRADER_INBOUND.match(part)
        if inbound is not None and inbound["assignment"] == assignment_id:
            sid = _by_folder_name(inbound["student"], roster, folded)
            where = f"nbgrader's exchange folder of {inbound['student']}"
            return Owner(sid, where, depth=depth, layout="nbgrader-inbound")
        moodle = _moodle_owner(part, roster, depth)
        if moodle is not None:
            return moodle
    moodle = _moodle_owner(parts[-1], roster, len(parts) - 1)
    if moodle is not None:
        return moodle
    m = _CANVAS_FILE.match(parts[-1])
    if m is not None and any(s.lms_id for s in roster):
        found = [s.id for s in roster if s.lms_id == m["user"]]
        where = f"the Canvas submission of user {m['user']}"
        return Owner(found[0] if len(found) == 1 else None, where, depth=len(parts) - 1, layout="canvas")
    return None


def _moodle_owner(part: str, roster: Roster, depth: int) -> Owner | None:
    m = _MOODLE_PART.match(part)
    if m is None:
        return None
    where = f"the Moodle entry {m['who']}_{m['participant']}"
    by_participant = [s.id for s in roster if s.lms_id and s.lms_id == m["participant"]]
    if len(by_participant) == 1:
        return Owner(by_participant[0], where, depth=depth, layout="moodle")
    who = m["who"].casefold()
    named = frozenset(s.id for s in roster if s.name and s.name.casefold() == who)
    if len(named) == 1:
        return Owner(next(iter(named)), where, depth=depth, layout="moodle")
    return Owner(None, where, named, depth=depth, layout="moodle")  # two students of one name, or nobody


def read_timestamp(path: Path) -> _dt.datetime | None:
    """nbgrader's ``timestamp.txt`` (written by ``submit``/``collect``): the collection's own time."""
    try:
        text = path.read_text(encoding="utf-8")[:100].strip()
    except (OSError, UnicodeDecodeError):
        return None
    return parse_nbgrader_time(text)


def parse_nbgrader_time(text: str) -> _dt.datetime | None:
    """A time as nbgrader writes it (``2026-12-01 10:00:00.000000 UTC``), or None.

    >>> parse_nbgrader_time("2026-12-01 10:00:00.000000 UTC").isoformat()
    '2026-12-01T10:00:00+00:00'
    """
    text = text.replace(" UTC", "+00:00").replace(" ", "T", 1)
    try:
        when = _dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=_dt.timezone.utc)


def _stamp_path(root: Path, rel: str, owner: Owner) -> tuple[Path, str]:
    """nbgrader's ``timestamp.txt`` for the submission ``rel`` belongs to: (its path, as the run shows it)."""
    top = rel.split("/")[: owner.depth + (2 if owner.layout == "nbgrader" else 1)]
    return root.joinpath(*top, "timestamp.txt"), safe_text("/".join([*top, "timestamp.txt"]), 200)


def nbgrader_stamp(root: Path, rel: str, owner: Owner | None) -> _dt.datetime | None:
    """The collection time nbgrader wrote for the submission ``rel`` belongs to, in its own layout only.

    ``<id>/<assignment>/timestamp.txt`` (``submitted/``, ``autograded/``) or ``<id>+<assignment>+<time>/
    timestamp.txt`` (the exchange): the one beside the submission's top folder, never one a student put deeper
    inside their files.
    """
    if owner is None or owner.layout not in ("nbgrader", "nbgrader-inbound"):
        return None
    stamp, _ = _stamp_path(root, rel, owner)
    if stamp.is_file() and not stamp.is_symlink():
        return read_timestamp(stamp)
    if owner.layout == "nbgrader-inbound":
        m = _NBGRADER_INBOUND.match(rel.split("/")[owner.depth])
        return parse_nbgrader_time(m["time"]) if m else None
    return None


def stamp_problem(root: Path, rel: str, owner: Owner | None) -> str:
    """Why nbgrader's layout gives no collection time for the submission ``rel`` belongs to, in words for the
    instructor ("" when it gives one, or the layout is not nbgrader's): no ``timestamp.txt``, a link, a pipe, or
    text that is not a time as nbgrader writes it."""
    if owner is None or owner.layout not in ("nbgrader", "nbgrader-inbound") or nbgrader_stamp(root, rel, owner):
        return ""
    stamp, shown = _stamp_path(root, rel, owner)
    if stamp.is_symlink():
        return f"{shown} is a link (not followed)"
    if not stamp.exists() and owner.layout == "nbgrader-inbound":
        return f"no {shown}, and the exchange folder's name holds no time"
    if not stamp.exists():
        return f"no {shown}"
    if not stamp.is_file():
        return f"{shown} is not a regular file (not read)"
    return f"{shown} holds no time as nbgrader writes it, one line like 2026-03-01 10:00:00.000000 UTC"
