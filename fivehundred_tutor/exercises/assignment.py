"""Assignment files: what to ask, under which rules, for how many points.

An assignment is a TOML (or YAML, or JSON) file::

    id = "hw1"                      # letters, digits, - _ . (appears in file names)
    title = "Bowers and bidding"
    seed = 20261129                 # the master seed: every student's set derives from it
    feedback = "immediate"          # "immediate", "after-submit" or "none" (exam)

    [rules]                         # a preset, plus any Rules option
    preset = "australian"

    [[sections]]
    title = "The bowers"
    topic = "bowers"                # see fivehundred_tutor.questions.TOPICS
    count = 3
    difficulty = [1, 2]             # one level, or a list the questions cycle through
    points = 2                      # per question

The same (assignment, student) always gives the same questions, on any machine:
each question's seed is derived from the assignment id, the master seed, the
student id and the question's place.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..questions import TOPICS, QuestionError, generate
from ..questions.core import canonical_json, sub_seed
from ..rules import Rules, RulesError

__all__ = [
    "FEEDBACK_MODES",
    "Assignment",
    "AssignmentError",
    "Section",
    "load_assignment",
    "parse_assignment",
]

FEEDBACK_MODES = ("immediate", "after-submit", "none")
ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$")
MAX_QUESTIONS = 500


class AssignmentError(ValueError):
    """The assignment file is missing, unreadable or inconsistent (the message says where and why)."""


@dataclass(frozen=True)
class Section:
    title: str
    topic: str
    count: int
    difficulty: tuple[int, ...]
    points: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "topic": self.topic,
            "count": self.count,
            "difficulty": list(self.difficulty),
            "points": self.points,
        }


@dataclass(frozen=True)
class Assignment:
    id: str
    title: str
    seed: int
    feedback: str
    rules: Rules
    sections: tuple[Section, ...]
    source: str = field(default="", compare=False)

    @property
    def exam(self) -> bool:
        """Exam mode: no answer or explanation reaches any student file or page."""
        return self.feedback == "none"

    @property
    def question_count(self) -> int:
        return sum(s.count for s in self.sections)

    @property
    def max_points(self) -> float:
        return sum(s.count * s.points for s in self.sections)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "seed": self.seed,
            "feedback": self.feedback,
            "rules": self.rules.to_dict(),
            "sections": [s.to_dict() for s in self.sections],
        }

    @property
    def fingerprint(self) -> str:
        """A short hash of everything that decides questions and points (not the title or feedback mode)."""
        data = {k: v for k, v in self.to_dict().items() if k not in ("title", "feedback")}
        for s in data["sections"]:
            s.pop("title", None)
        return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()[:16]

    def public_meta(self) -> dict[str, Any]:
        """What a student's files may say about the assignment (no seed)."""
        return {
            "id": self.id,
            "title": self.title,
            "feedback": self.feedback,
            "fingerprint": self.fingerprint,
            "rules": self.rules.to_dict(),
            "rules_words": [list(row) for row in self.rules.describe()],
            "sections": [{"title": s.title, "count": s.count, "points": s.points} for s in self.sections],
            "max_points": self.max_points,
        }

    # ----------------------------------------------------------- questions
    def items(self) -> list[tuple[str, int, int, Section]]:
        """(item label "2.3", section index, index in section, section) for every question."""
        out = []
        for si, section in enumerate(self.sections):
            for j in range(section.count):
                out.append((f"{si + 1}.{j + 1}", si, j, section))
        return out

    def question_seed(self, student: str, section_index: int, index: int) -> int:
        return sub_seed("fivehundred-assignment", self.id, self.seed, student, section_index, index)

    def questions_for(self, student: str) -> list[dict[str, Any]]:
        """Every question of ``student``'s set (with answers), in order; each carries ``item``/``section``."""
        out = []
        for label, si, j, section in self.items():
            level = section.difficulty[j % len(section.difficulty)]
            q = generate(section.topic, self.rules, self.question_seed(student, si, j), level)
            q["points"] = section.points
            q["item"] = label
            q["section"] = section.title
            out.append(q)
        return out


# ------------------------------------------------------------------ loading
def read_user_text(path: Path, what: str, error: type[ValueError], utf8_hint: str = "") -> str:
    """An instructor's file as text, or ``error`` with a message naming the file and the problem."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise error(f"{path}: no such {what}") from None
    except OSError as err:
        raise error(f"{path}: cannot read it ({err.strerror})") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(f"{path}: not UTF-8 text{utf8_hint}") from None


def _read_mapping(path: Path) -> dict[str, Any]:
    text = read_user_text(path, "assignment file", AssignmentError)
    suffix = path.suffix.lower()
    if suffix == ".toml":
        if sys.version_info >= (3, 11):
            import tomllib
        else:  # pragma: no cover - exercised on Python 3.10 only
            import tomli as tomllib  # type: ignore[import-not-found]
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as err:
            raise AssignmentError(f"{path}: not valid TOML: {err}") from None
    elif suffix in (".yaml", ".yml"):
        try:
            import yaml  # type: ignore[import-untyped]
        except ImportError:  # pragma: no cover
            raise AssignmentError(f"{path}: reading YAML needs PyYAML (pip install pyyaml), or use TOML") from None
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as err:
            raise AssignmentError(f"{path}: not valid YAML: {err}") from None
    elif suffix == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise AssignmentError(f"{path}: not valid JSON: {err}") from None
    else:
        raise AssignmentError(f"{path}: use a .toml, .yaml or .json assignment file")
    if not isinstance(data, dict):
        raise AssignmentError(f"{path}: the file should hold a table of settings (title, seed, sections …)")
    return data


def load_assignment(path: str | Path) -> Assignment:
    """Read and check an assignment file; errors name the file and the field."""
    p = Path(path)
    return parse_assignment(_read_mapping(p), source=str(p))


def _int(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise AssignmentError(f"{where} must be a whole number, not {value!r}")
    if low is not None and value < low:
        raise AssignmentError(f"{where} must be at least {low}, not {value}")
    if high is not None and value > high:
        raise AssignmentError(f"{where} must be at most {high}, not {value}")
    return value


def parse_assignment(data: Mapping[str, Any], source: str = "assignment") -> Assignment:
    """Check a mapping of settings (as read from a file) and build the :class:`Assignment`."""
    where = source
    known = {"id", "title", "seed", "feedback", "rules", "sections"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise AssignmentError(f"{where}: unknown setting(s) {', '.join(unknown)}; allowed: {', '.join(sorted(known))}")
    aid = data.get("id")
    if not isinstance(aid, str) or not ID_RE.match(aid):
        raise AssignmentError(
            f"{where}: 'id' must be a short name of letters, digits, '-', '_' or '.', like \"hw1\" (got {aid!r})"
        )
    title = data.get("title", aid)
    if not isinstance(title, str) or not title.strip():
        raise AssignmentError(f"{where}: 'title' must be text")
    if "seed" not in data:
        raise AssignmentError(f"{where}: give a 'seed' (a whole number): every student's questions derive from it")
    seed = _int(data["seed"], f"{where}: 'seed'", 0, (1 << 63) - 1)
    feedback = data.get("feedback", "immediate")
    if feedback not in FEEDBACK_MODES:
        raise AssignmentError(f"{where}: 'feedback' must be one of {', '.join(FEEDBACK_MODES)} (got {feedback!r})")
    rules = _rules(data.get("rules", {}), where)
    raw_sections = data.get("sections")
    if not isinstance(raw_sections, list) or not raw_sections:
        raise AssignmentError(f"{where}: give at least one [[sections]] entry (topic, count, difficulty, points)")
    sections = tuple(_section(s, i, rules, where) for i, s in enumerate(raw_sections))
    total = sum(s.count for s in sections)
    if total > MAX_QUESTIONS:
        raise AssignmentError(f"{where}: {total} questions is too many (at most {MAX_QUESTIONS})")
    titles = [s.title for s in sections]
    if len(set(titles)) != len(titles):
        raise AssignmentError(f"{where}: section titles must differ (they head the gradebook columns)")
    return Assignment(aid, title.strip(), seed, feedback, rules, sections, source)


def _rules(raw: Any, where: str) -> Rules:
    if not isinstance(raw, Mapping):
        raise AssignmentError(f'{where}: [rules] must be a table, like preset = "american"')
    options = dict(raw)
    preset = options.pop("preset", "australian")
    try:
        return Rules.preset(str(preset), **options)
    except (RulesError, TypeError) as err:
        raise AssignmentError(f"{where}: [rules]: {err}") from None


def _section(raw: Any, i: int, rules: Rules, where: str) -> Section:
    here = f"{where}: section {i + 1}"
    if not isinstance(raw, Mapping):
        raise AssignmentError(f"{here} must be a table (topic, count, difficulty, points)")
    known = {"title", "topic", "count", "difficulty", "points"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise AssignmentError(f"{here}: unknown setting(s) {', '.join(unknown)}; allowed: {', '.join(sorted(known))}")
    topic = raw.get("topic")
    if topic not in TOPICS:
        raise AssignmentError(f"{here}: 'topic' must be one of {', '.join(TOPICS)} (got {topic!r})")
    info = TOPICS[topic]
    reason = info.unavailable(rules)
    if reason:
        raise AssignmentError(f"{here}: topic {topic!r} cannot be asked: {reason}")
    count = _int(raw.get("count", 1), f"{here}: 'count'", 1, MAX_QUESTIONS)
    levels_raw = raw.get("difficulty", 1)
    levels = levels_raw if isinstance(levels_raw, list) else [levels_raw]
    if not levels:
        raise AssignmentError(f"{here}: 'difficulty' needs at least one level")
    for level in levels:
        if isinstance(level, bool) or level not in info.difficulties:
            raise AssignmentError(
                f"{here}: difficulty {level!r} is not a level of {topic!r} "
                f"({', '.join(f'{k}: {v}' for k, v in info.difficulties.items())})"
            )
    points = raw.get("points", 1)
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not 0 < points <= 1000:
        raise AssignmentError(f"{here}: 'points' (per question) must be a number above 0, not {points!r}")
    title = raw.get("title", info.title)
    if not isinstance(title, str) or not title.strip():
        raise AssignmentError(f"{here}: 'title' must be text")
    # Make one question now so that a topic the rules cannot support fails here, not at grading.
    for level in dict.fromkeys(levels):
        try:
            generate(topic, rules, 0, int(level))
        except QuestionError as err:
            raise AssignmentError(f"{here}: difficulty {level}: {err}") from None
    return Section(
        title.strip(),
        topic,
        count,
        tuple(int(v) for v in levels),
        float(points) if isinstance(points, float) else points,
    )
