"""The report folder: checked before grading starts, rewritten whole on each run, and a list of what ``grade``
wrote there (only those files are ever removed)."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from pathlib import Path

from ...text import csv_safe, safe_text
from ..results import GradingError

__all__ = ["MANIFEST", "OUTPUT_NAMES", "check_out_folder", "finish_out", "prepare_out", "write_csv"]

OUTPUT_NAMES = (
    "gradebook.csv",
    "item_analysis.csv",
    "distractors.csv",
    "summary.md",
    "unmatched.csv",
    "problems.csv",
    "histogram.png",
    "item_analysis.png",
)
MANIFEST = ".grade-files.json"  # what the last grade wrote into its output folder (only those are ever removed)


def check_out_folder(out: str | Path) -> Path:
    """The reports' folder, checked before grading starts: new, empty, or written by an earlier grade."""
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise GradingError(f"{safe_text(folder)}: --out names a file, not a folder; give a folder for the reports")
    for name in (*OUTPUT_NAMES, "canvas_grades.csv", "moodle_grades.csv", "overrides_applied.csv"):
        if (folder / name).is_dir():
            raise GradingError(f"{safe_text(folder / name)}: a folder is in the way of a report file; move it")
    if (folder / "feedback").exists() and not (folder / "feedback").is_dir():
        raise GradingError(f"{safe_text(folder / 'feedback')}: a file is in the way of the feedback folder; move it")
    if folder.is_dir() and not (folder / MANIFEST).is_file() and any(folder.iterdir()):
        raise GradingError(
            f"{safe_text(folder)}: this folder holds files that 'grade' did not write (it keeps a list, {MANIFEST}, "
            "of its own); give an empty or new folder for the reports"
        )
    return folder


def prepare_out(out: str | Path) -> Path:
    folder = check_out_folder(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise GradingError(f"{safe_text(folder)}: cannot make the output folder ({err.strerror})") from None
    return folder


def _previous_files(folder: Path) -> list[str]:
    """The files the last grade run wrote here, from its manifest (relative paths inside ``folder`` only)."""
    try:
        listed = json.loads((folder / MANIFEST).read_text(encoding="utf-8")).get("files", [])
    except (OSError, ValueError, AttributeError):
        return []
    return [
        f for f in listed if isinstance(f, str) and f and not f.startswith(("/", "\\")) and ".." not in f.split("/")
    ]


def finish_out(folder: Path, written: list[Path]) -> None:
    """Remove what the last run wrote and this one did not (a student no longer on the roster, an overrides
    file no longer wanted), then record this run's files.  Anything else in the folder is left alone."""
    now = {p.relative_to(folder).as_posix() for p in written}
    for rel in _previous_files(folder):
        if rel in now:
            continue
        path = folder / rel
        if path.is_file() and not path.is_symlink():
            path.unlink()
        parent = path.parent
        while parent != folder and folder in parent.parents:
            try:
                parent.rmdir()  # only when empty
            except OSError:
                break
            parent = parent.parent
    (folder / MANIFEST).write_text(
        json.dumps({"written_by": "fivehundred-tutor grade", "files": sorted(now)}, indent=1) + "\n",
        encoding="utf-8",
    )


def write_csv(path: Path, header: list[str], rows: Iterable[Iterable[str]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow([csv_safe(h) for h in header])
        for row in rows:
            writer.writerow([csv_safe(str(v)) for v in row])
