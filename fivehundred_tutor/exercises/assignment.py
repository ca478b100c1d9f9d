"""Assignment files: what to ask, under which rules, for how many points.

An assignment is a TOML (or YAML, or JSON) file::

    id = "hw1"                      # letters, digits, - _ . (appears in file names)
    title = "Bowers and bidding"
    seed = 20261129                 # mixed into every student's questions (with the secret)
    feedback = "immediate"          # "immediate", "after-submit" or "none" (exam)

    [deadline]                      # optional
    due = 2026-12-01T23:59:00+10:00 # with its time zone
    penalty_per_day = 10            # percent of the score per day (or part of a day) late
    max_penalty = 50                # percent, at most

    [rules]                         # a preset, plus any Rules option
    preset = "australian"

    [[sections]]
    name = "bowers"                 # stable name: keep it when you rename, move or re-point a section
    title = "The bowers"
    topic = "bowers"                # see fivehundred_tutor.questions.TOPICS
    count = 3
    difficulty = [1, 2]             # one level, or a list the questions cycle through
    points = 2                      # per question

**The secret.**  The first ``assign`` makes a random secret (``secrets``) and
keeps it beside the assignment file (``hw1.toml`` → ``hw1.secret``); it is
never copied into anything a student receives.  Each question's seed is an
HMAC-SHA256 of that secret over (assignment id, seed, section name, student
id, index), so the assignment file and the ``seed`` alone regenerate nothing,
and a student's released files (question ids included) cannot be turned
back into the seed.  Grading needs the same secret: without it nobody, the
instructor included, can re-derive the questions.

Questions depend on the section's *name* (default: its title), the topic, the
difficulty and the student — not on points or on the section's place, so
changing points or inserting a section changes nobody's existing questions.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import hashlib
import hmac
import json
import os
import re
import secrets
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, get_args

from ..analysis.duplicate import learner_seat
from ..errors import FiveHundredError
from ..questions import TOPICS, QuestionError, generate
from ..questions.core import SEED_LIMIT, canonical_json
from ..rules import Rules, RulesError, option_problem
from .marking import (
    SCORING,
    SECTION_KINDS,
    Criterion,
    ItemRule,
    MarkingError,
    parse_item_rules,
    parse_rubric,
    written_question,
)
from .playsection import PLAY_TOPIC, TRICKS_TO_ZERO, play_item

__all__ = [
    "FEEDBACK_MODES",
    "SECRET_SUFFIX",
    "Assignment",
    "AssignmentError",
    "MissingSecret",
    "Section",
    "create_secret",
    "load_assignment",
    "parse_assignment",
    "read_secret",
    "secret_path",
    "weak_secret",
]

#: when students see whether they were right (widgets/src/protocol.js has the same words)
FeedbackMode = Literal["immediate", "after-submit", "none"]
FEEDBACK_MODES: tuple[FeedbackMode, ...] = get_args(FeedbackMode)
ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$")
NAME_RE = re.compile(r"^[^\x00-\x1f\x7f]{1,80}$")
MAX_QUESTIONS = 500
MAX_FILE_BYTES = 200_000
MAX_DEPTH = 12
SECRET_SUFFIX = ".secret"
_DERIVATION = "fivehundred-assignment/2"


class AssignmentError(FiveHundredError, ValueError):
    """The assignment file is missing, unreadable or inconsistent (the message says where and why)."""


class MissingSecret(AssignmentError):
    """The assignment's secret is needed (to make or grade questions) and is not loaded."""


# ------------------------------------------------------------------ the secret
def secret_path(assignment_file: str | Path) -> Path:
    """Where an assignment file's secret lives: ``hw1.toml`` → ``hw1.secret`` beside it."""
    return Path(assignment_file).with_suffix(SECRET_SUFFIX)


def _secret_file_text(secret: bytes, assignment_id: str) -> str:
    return (
        f"# The secret of assignment {assignment_id!r} (fivehundred-tutor). Keep it private and keep a backup:\n"
        "# every student's questions are derived from it, and grading needs it. Never hand it out.\n"
        f"{secret.hex()}\n"
    )


def read_secret(path: str | Path) -> bytes:
    """The secret in a ``.secret`` file (hex text; ``#`` lines are comments)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MissingSecret(f"{p}: no such secret file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise MissingSecret(f"{p}: cannot read the secret file ({err})") from None
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if len(lines) != 1 or not re.fullmatch(r"[0-9a-fA-F]{32,128}", lines[0]) or len(lines[0]) % 2:
        raise MissingSecret(f"{p}: not a secret file (expected one line of 64 hexadecimal digits)")
    secret = bytes.fromhex(lines[0])
    weak = weak_secret(secret)
    if weak:
        raise AssignmentError(f"{p}: {weak}")
    return secret


#: a secret with fewer different byte values than this is not random: 16 random bytes (the shortest secret taken)
#: have fewer than 8 different values about once in 10^17 draws; 32 (``assign``'s) about once in 10^45
MIN_DISTINCT_BYTES = 8


def weak_secret(secret: bytes) -> str:
    """Why ``secret`` is no secret ("" when it may be one): all zeros, one byte repeated, a few bytes in turn.

    >>> weak_secret(bytes(32)).split(":")[0], weak_secret(bytes(range(32)))
    ('this secret is not random (all its 32 bytes are 00)', '')
    """
    distinct = len(set(secret))
    if distinct >= MIN_DISTINCT_BYTES:
        return ""
    what = f"all its {len(secret)} bytes are {secret[0]:02x}" if distinct == 1 else f"only {distinct} different bytes"
    return (
        f"this secret is not random ({what}): anyone could guess it and re-make every student's questions and "
        "answers. Delete it and run 'assign' again: a fresh random secret is made (new questions; hand out the "
        "new files)"
    )


def create_secret(path: str | Path, assignment_id: str) -> bytes:
    """Make a new random secret and write it to ``path`` (readable by its owner only); never overwrites."""
    p = Path(path)
    secret = secrets.token_bytes(32)
    try:
        fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise AssignmentError(f"{p}: a secret file is already there; it was not replaced") from None
    except OSError as err:
        raise AssignmentError(f"{p}: cannot write the secret file ({err.strerror})") from None
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(_secret_file_text(secret, assignment_id))
    return secret


# ------------------------------------------------------------------ the model
@dataclass(frozen=True)
class Section:
    title: str
    topic: str
    count: int
    difficulty: tuple[int, ...]
    points: float
    name: str = ""
    scoring: str = "each"  # each | all-or-nothing | guessing (see marking.py)
    kind: str = "auto"  # auto (the engine checks) | written (answered in words, marked by hand)
    prompt: str = ""  # a written section's question, in the instructor's words
    rubric: tuple[Criterion, ...] = ()  # a written section's marking lines
    tricks_to_zero: int | None = None  # a play section: tricks beyond par that take a deal to 0 points

    @property
    def key(self) -> str:
        """The stable name questions are derived from (``name``, else the title)."""
        return self.name or self.title

    @property
    def written(self) -> bool:
        return self.kind == "written"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "title": self.title,
            "topic": self.topic,
            "count": self.count,
            "difficulty": list(self.difficulty),
            "points": self.points,
        }
        if self.name:
            out["name"] = self.name
        if self.scoring != "each":
            out["scoring"] = self.scoring
        if self.written:
            out.update(kind=self.kind, prompt=self.prompt, rubric=[c.to_dict() for c in self.rubric])
        if self.tricks_to_zero is not None:
            out["tricks_to_zero"] = self.tricks_to_zero
        return out


@dataclass(frozen=True)
class Deadline:
    due: _dt.datetime
    penalty_per_day: float = 0.0  # percent of the score per day (or part of a day) late
    max_penalty: float = 100.0  # percent

    def days_late(self, when: _dt.datetime, extension_days: float = 0.0) -> int:
        """Whole days (a part counts as one) that ``when`` is past the due time plus the extension."""
        due = self.due + _dt.timedelta(days=extension_days)
        late = (when - due).total_seconds()
        if late <= 0:
            return 0
        return int(-(-late // 86400))

    def penalty(self, days: int) -> float:
        """The fraction of the score taken off for ``days`` late."""
        return min(self.max_penalty, days * self.penalty_per_day) / 100.0

    def to_dict(self) -> dict[str, Any]:
        return {"due": self.due.isoformat(), "penalty_per_day": self.penalty_per_day, "max_penalty": self.max_penalty}


@dataclass(frozen=True)
class Assignment:
    id: str
    title: str
    seed: int
    feedback: FeedbackMode
    rules: Rules
    sections: tuple[Section, ...]
    source: str = field(default="", compare=False)
    deadline: Deadline | None = field(default=None, compare=False)
    secret: bytes | None = field(default=None, compare=False, repr=False)
    secret_file: str = field(default="", compare=False)
    hand_in: str = field(default="", compare=False)  # where students hand in, in the instructor's words
    item_rules: tuple[ItemRule, ...] = field(default=(), compare=False)  # class-wide decisions about items

    @property
    def exam(self) -> bool:
        """Exam mode: no answer or explanation reaches any student file or page."""
        return self.feedback == "none"

    @property
    def question_count(self) -> int:
        return sum(s.count for s in self.sections)

    @property
    def max_points(self) -> float:
        """The most a student can score: every question's points, less the items an item rule dropped."""
        return sum(self.section_max(s) for s in self.sections)

    def dropped(self) -> set[str]:
        """Labels of the items a rule dropped from everyone's grade (a rule for one question only drops nothing
        here: it applies to the students given that question)."""
        keys = {key: label for label, key in self.item_keys().items()}
        return {keys.get(r.item, r.item) for r in self.item_rules if r.action == "drop" and not r.question}

    def section_max(self, section: Section) -> float:
        """A section's points, less its dropped items."""
        si = self.sections.index(section)
        gone = sum(1 for label in self.dropped() if label.split(".")[0] == str(si + 1))
        return (section.count - gone) * section.points

    def item_keys(self) -> dict[str, str]:
        """Item label → stable key ("2.3" → "bowers#3")."""
        return {label: f"{section.key}#{j + 1}" for label, _, j, section in self.items()}

    def to_dict(self) -> dict[str, Any]:
        out = {
            "id": self.id,
            "title": self.title,
            "seed": self.seed,
            "feedback": self.feedback,
            "rules": self.rules.to_dict(),
            "sections": [s.to_dict() for s in self.sections],
        }
        if self.deadline is not None:
            out["deadline"] = self.deadline.to_dict()
        if self.hand_in:
            out["hand_in"] = self.hand_in
        if self.item_rules:
            out["item_rules"] = [r.to_dict() for r in self.item_rules]
        return out

    @property
    def fingerprint(self) -> str:
        """A short hash of what decides the questions (not titles, points, order, feedback or deadline)."""
        data = {
            "id": self.id,
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "sections": sorted(
                [s.key, s.topic, s.count, list(s.difficulty), *([s.kind, s.prompt] if s.written else [])]
                for s in self.sections
            ),
        }
        return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()[:16]

    def public_meta(self) -> dict[str, Any]:
        """What a student's files may say about the assignment (no seed, no secret)."""
        meta = {
            "id": self.id,
            "title": self.title,
            "feedback": self.feedback,
            "fingerprint": self.fingerprint,
            "rules": self.rules.to_dict(),
            "rules_words": [list(row) for row in self.rules.describe()],
            "sections": [{"title": s.title, "count": s.count, "points": s.points} for s in self.sections],
            "max_points": self.max_points,
        }
        if self.deadline is not None:
            meta["due"] = self.deadline.due.isoformat()
            meta["due_words"] = due_words(self.deadline)
            if self.deadline.penalty_per_day:
                meta["late_words"] = late_words(self.deadline)
        if self.hand_in:
            meta["hand_in"] = self.hand_in
        place = self.hand_in or "the way your teacher told you"
        meta["hand_in_words"] = f"When you have answered, download your answer sheet and hand it in through {place}."
        return meta

    # ----------------------------------------------------------- the secret
    def adopt_secret(self, secret: bytes, secret_file: str | Path = "") -> None:
        """Give this assignment its secret (``assign`` does this at the first release)."""
        if not isinstance(secret, bytes) or len(secret) < 16:
            raise AssignmentError("a secret is at least 16 random bytes")
        weak = weak_secret(secret)
        if weak:
            raise AssignmentError(f"{secret_file or self.id}: {weak}")
        if self.secret is not None and not hmac.compare_digest(self.secret, secret):
            raise AssignmentError(f"{self.id}: already has a different secret")
        object.__setattr__(self, "secret", secret)
        if secret_file:
            object.__setattr__(self, "secret_file", str(secret_file))

    def secret_hint(self) -> str:
        """Where this assignment's secret is expected, for messages."""
        if self.secret_file:
            return self.secret_file
        if self.source and Path(self.source).suffix:
            return str(secret_path(self.source))
        return f"{self.id}{SECRET_SUFFIX}"

    def require_secret(self) -> bytes:
        if self.secret is None:
            raise MissingSecret(
                f"{self.id}: its secret is not loaded; it should be in {self.secret_hint()} "
                "(the first 'assign' made it beside the assignment file). Every student's questions derive "
                "from it: without it they cannot be re-made or graded. If it is lost, run 'assign' again "
                "(a new secret, new questions) and hand out the new files; sheets answered on the old ones "
                "cannot be graded."
            )
        return self.secret

    def _mac(self, *parts: object) -> bytes:
        message = canonical_json([_DERIVATION, self.id, *parts]).encode("utf-8")
        return hmac.digest(self.require_secret(), message, "sha256")  # == hmac.new(...).digest(), one C call

    def token_for(self, student: str) -> str:
        """The student's token: in their own files only, checked on every sheet they hand in."""
        return self._mac("token", student).hex()[:32]

    # ----------------------------------------------------------- questions
    def items(self) -> list[tuple[str, int, int, Section]]:
        """(item label "2.3", section index, index in section, section) for every question."""
        out = []
        for si, section in enumerate(self.sections):
            for j in range(section.count):
                out.append((f"{si + 1}.{j + 1}", si, j, section))
        return out

    def question_seed(self, student: str, section: Section | int, index: int) -> int:
        """HMAC-SHA256(secret; assignment, seed, section name, student, index), as a seed JavaScript can hold."""
        sec = self.sections[section] if isinstance(section, int) else section
        digest = self._mac(self.seed, sec.key, student, index)
        return int.from_bytes(digest[:8], "big") % SEED_LIMIT

    def questions_for(self, student: str) -> list[dict[str, Any]]:
        """Every question of ``student``'s set (with answers), in order; each carries ``item``/``section``/``key``."""
        self.require_secret()
        out = []
        for label, _si, j, section in self.items():
            level = section.difficulty[j % len(section.difficulty)]
            seed = self.question_seed(student, section, j)
            if section.written:
                q = written_question(
                    section_key=section.key,
                    title=section.title,
                    prompt=section.prompt,
                    topic=section.topic,
                    rules=self.rules,
                    seed=seed,
                    level=level,
                    index=j,
                )
                q["rubric"] = [c.to_dict() for c in section.rubric]
            elif section.topic == PLAY_TOPIC:  # a deal to play (exercises.playsection), graded by tricks lost
                seat, zero = learner_seat(self.rules), section.tricks_to_zero or TRICKS_TO_ZERO
                q = play_item(self.rules, seed, j, seat, section.points, zero)
            else:
                q = generate(section.topic, self.rules, seed, level)
            q["points"] = section.points
            q["item"] = label
            q["key"] = f"{section.key}#{j + 1}"
            q["section"] = section.title
            out.append(q)
        return out


# ------------------------------------------------------------------ loading
def read_user_text(path: Path, what: str, error: type[ValueError], utf8_hint: str = "") -> str:
    """An instructor's file as text, or ``error`` with a message naming the file and the problem."""
    try:
        if path.is_dir():
            raise error(f"{path}: a folder, not a {what}")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise error(f"{path}: no such {what}") from None
    except OSError as err:
        raise error(f"{path}: cannot read it ({err.strerror})") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(f"{path}: not UTF-8 text{utf8_hint}") from None


def _depth_ok(data: Any, limit: int = MAX_DEPTH) -> bool:
    """True when ``data`` nests no deeper than ``limit`` (checked without recursion)."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            return False
        if isinstance(value, Mapping):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return True


def _yaml_guard(text: str, where: str) -> None:
    """Refuse YAML anchors/aliases (alias bombs) and deep nesting before building anything."""
    import yaml  # type: ignore[import-untyped]

    depth = 0
    opening = (
        yaml.BlockMappingStartToken,
        yaml.BlockSequenceStartToken,
        yaml.FlowMappingStartToken,
        yaml.FlowSequenceStartToken,
    )
    closing = (yaml.BlockEndToken, yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken)
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if isinstance(token, (yaml.AliasToken, yaml.AnchorToken)):
                raise AssignmentError(f"{where}: YAML anchors and aliases (&name, *name) are not allowed here")
            if isinstance(token, yaml.TagToken):
                raise AssignmentError(f"{where}: YAML tags (!name) are not allowed here")
            if isinstance(token, opening):
                depth += 1
                if depth > MAX_DEPTH:
                    raise AssignmentError(f"{where}: nested too deeply (more than {MAX_DEPTH} levels)")
            elif isinstance(token, closing):
                depth -= 1
    except yaml.YAMLError as err:
        raise AssignmentError(f"{where}: not valid YAML: {_short(str(err))}") from None


def _short(text: str, limit: int = 200) -> str:
    one = " ".join(text.split())
    return one if len(one) <= limit else one[: limit - 1] + "…"


def parse_text(text: str, kind: str, where: str) -> dict[str, Any]:
    """Settings from TOML/YAML/JSON text, refusing oversized, deeply nested or alias-bomb input quickly."""
    if len(text) > MAX_FILE_BYTES:
        raise AssignmentError(f"{where}: too long for an assignment file ({len(text):,} characters)")
    data: Any
    try:
        if kind == "toml":
            if sys.version_info >= (3, 11):
                import tomllib
            else:  # pragma: no cover - exercised on Python 3.10 only
                import tomli as tomllib  # type: ignore[import-not-found]
            try:
                data = tomllib.loads(text)
            except tomllib.TOMLDecodeError as err:
                raise AssignmentError(f"{where}: not valid TOML: {_short(str(err))}") from None
        elif kind == "yaml":
            try:
                import yaml
            except ImportError:  # pragma: no cover
                raise AssignmentError(f"{where}: reading YAML needs PyYAML (pip install pyyaml), or use TOML") from None
            _yaml_guard(text, where)
            try:
                data = yaml.safe_load(text)
            except yaml.YAMLError as err:
                raise AssignmentError(f"{where}: not valid YAML: {_short(str(err))}") from None
        else:
            try:
                data = json.loads(text)
            except json.JSONDecodeError as err:
                raise AssignmentError(f"{where}: not valid JSON: {_short(str(err))}") from None
    except RecursionError:
        raise AssignmentError(f"{where}: nested too deeply to be an assignment file") from None
    if not isinstance(data, dict):
        raise AssignmentError(f"{where}: the file should hold a table of settings (title, seed, sections …)")
    if not _depth_ok(data):
        raise AssignmentError(f"{where}: nested too deeply (more than {MAX_DEPTH} levels)")
    return data


def _read_mapping(path: Path) -> dict[str, Any]:
    suffix = path.suffix.lower()
    kinds = {".toml": "toml", ".yaml": "yaml", ".yml": "yaml", ".json": "json"}
    if suffix not in kinds:
        raise AssignmentError(f"{path}: use a .toml, .yaml or .json assignment file")
    text = read_user_text(path, "assignment file", AssignmentError)
    return parse_text(text, kinds[suffix], str(path))


def load_assignment(path: str | Path, *, secret: str | Path | bytes | None = None) -> Assignment:
    """Read and check an assignment file; errors name the file and the field.

    The secret is read from ``secret`` (bytes, or a ``.secret`` file), else from the
    file beside the assignment (``hw1.toml`` → ``hw1.secret``) when it exists.
    """
    p = Path(path)
    assignment = parse_assignment(_read_mapping(p), source=str(p))
    if isinstance(secret, bytes):
        assignment.adopt_secret(secret)
    elif secret is not None:
        assignment.adopt_secret(read_secret(secret), secret)
    else:
        beside = secret_path(p)
        object.__setattr__(assignment, "secret_file", str(beside))
        if beside.exists():
            assignment.adopt_secret(read_secret(beside), beside)
    return assignment


def _int(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise AssignmentError(f"{where} must be a whole number, not {_short(repr(value), 60)}")
    if low is not None and value < low:
        raise AssignmentError(f"{where} must be at least {low}, not {value}")
    if high is not None and value > high:
        raise AssignmentError(f"{where} must be at most {high}, not {value}")
    return value


def _number(value: Any, where: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise AssignmentError(f"{where} must be a number, not {_short(repr(value), 60)}")
    if not low <= value <= high:
        raise AssignmentError(f"{where} must be between {low:g} and {high:g}, not {value:g}")
    return float(value) if isinstance(value, float) else value


def parse_assignment(data: Mapping[str, Any], source: str = "assignment", *, secret: bytes | None = None) -> Assignment:
    """Check a mapping of settings (as read from a file) and build the :class:`Assignment`."""
    where = source
    if not isinstance(data, Mapping):
        raise AssignmentError(f"{where}: the assignment should be a table of settings")
    if not _depth_ok(data):
        raise AssignmentError(f"{where}: nested too deeply (more than {MAX_DEPTH} levels)")
    known = {"id", "title", "seed", "feedback", "rules", "sections", "deadline", "hand_in", "item_rules"}
    if "secret" in data:
        raise AssignmentError(
            f"{where}: keep the secret out of the assignment file; it lives in its own .secret file beside it"
        )
    unknown = sorted(str(k) for k in set(data) - known)
    if unknown:
        raise AssignmentError(
            f"{where}: unknown setting(s) {_short(', '.join(unknown), 80)}; allowed: {', '.join(sorted(known))}"
        )
    aid = data.get("id")
    if not isinstance(aid, str) or not ID_RE.match(aid):
        raise AssignmentError(
            f"{where}: 'id' must be a short name of letters, digits, '-', '_' or '.', like \"hw1\" "
            f"(got {_short(repr(aid), 60)})"
        )
    title = data.get("title", aid)
    if not isinstance(title, str) or not title.strip() or not NAME_RE.match(title.strip()):
        raise AssignmentError(f"{where}: 'title' must be one line of text (at most 80 characters)")
    if "seed" not in data:
        raise AssignmentError(f"{where}: give a 'seed' (a whole number): it is mixed into every student's questions")
    seed = _int(data["seed"], f"{where}: 'seed'", 0, (1 << 63) - 1)
    feedback = data.get("feedback", "immediate")
    if feedback not in FEEDBACK_MODES:
        raise AssignmentError(
            f"{where}: 'feedback' must be one of {', '.join(FEEDBACK_MODES)} (got {_short(repr(feedback), 60)})"
        )
    rules = _rules(data.get("rules", {}), where)
    raw_sections = data.get("sections")
    if not isinstance(raw_sections, list) or not raw_sections:
        raise AssignmentError(f"{where}: give at least one [[sections]] entry (topic, count, difficulty, points)")
    if len(raw_sections) > MAX_QUESTIONS:
        raise AssignmentError(f"{where}: {len(raw_sections)} sections is too many")
    sections = tuple(_section(s, i, rules, where) for i, s in enumerate(raw_sections))
    total = sum(s.count for s in sections)
    if total > MAX_QUESTIONS:
        raise AssignmentError(f"{where}: {total} questions is too many (at most {MAX_QUESTIONS})")
    titles = [s.title for s in sections]
    if len(set(titles)) != len(titles):
        raise AssignmentError(f"{where}: section titles must differ (they head the gradebook columns)")
    keys = [s.key.casefold() for s in sections]
    if len(set(keys)) != len(keys):
        raise AssignmentError(f"{where}: section names must differ (each section's questions derive from its name)")
    deadline = _deadline(data.get("deadline"), where)
    hand_in = data.get("hand_in", "")
    if not isinstance(hand_in, str) or len(hand_in) > 200 or not all(ch.isprintable() for ch in hand_in):
        raise AssignmentError(
            f"{where}: 'hand_in' says where students hand in, one line of text (at most 200 characters), "
            'like "the course page"'
        )
    out = Assignment(aid, title.strip(), seed, feedback, rules, sections, source, deadline, hand_in=hand_in.strip())
    items = {label: (label, sec.kind) for label, _, _, sec in out.items()}
    items.update({key: (label, items[label][1]) for label, key in out.item_keys().items()})
    try:
        rules_of_items = parse_item_rules(data.get("item_rules"), where, items)
    except MarkingError as err:
        raise AssignmentError(str(err)) from None
    object.__setattr__(out, "item_rules", rules_of_items)
    if out.max_points <= 0:
        raise AssignmentError(f"{where}: [[item_rules]] drop every item: nothing is left to grade")
    if secret is not None:
        out.adopt_secret(secret)
    return out


def _deadline(raw: Any, where: str) -> Deadline | None:
    if raw is None:
        return None
    here = f"{where}: [deadline]"
    if not isinstance(raw, Mapping):
        raise AssignmentError(f"{here} must be a table (due, penalty_per_day, max_penalty)")
    unknown = sorted(str(k) for k in set(raw) - {"due", "penalty_per_day", "max_penalty"})
    if unknown:
        raise AssignmentError(f"{here}: unknown setting(s) {_short(', '.join(unknown), 80)}")
    due = parse_time(raw.get("due"), f"{here}: 'due'")
    per_day = _number(raw.get("penalty_per_day", 0), f"{here}: 'penalty_per_day' (percent)", 0, 100)
    cap = _number(raw.get("max_penalty", 100), f"{here}: 'max_penalty' (percent)", 0, 100)
    return Deadline(due, float(per_day), float(cap))


def due_words(deadline: Deadline) -> str:
    """The due date as a student reads it, in the assignment's own time zone.

    >>> due_words(Deadline(_dt.datetime(2026, 3, 1, 23, 59, tzinfo=_dt.timezone(_dt.timedelta(hours=10)))))
    'Due Sunday 1 March 2026 at 23:59 (UTC+10:00).'
    """
    due = deadline.due
    zone = due.tzname() or "UTC"
    zone = "UTC" if zone == "UTC+00:00" else zone
    return f"Due {due:%A} {due.day} {due:%B %Y} at {due:%H:%M} ({zone})."


def late_words(deadline: Deadline) -> str:
    """The late penalty in words.

    >>> late_words(Deadline(_dt.datetime(2026, 3, 1, tzinfo=_dt.timezone.utc), 10, 50))
    'Late work loses 10% of its score for each day (or part of a day) late, at most 50%.'
    """
    cap = "" if deadline.max_penalty >= 100 else f", at most {deadline.max_penalty:g}%"
    return f"Late work loses {deadline.penalty_per_day:g}% of its score for each day (or part of a day) late{cap}."


def parse_time(value: Any, where: str) -> _dt.datetime:
    """A moment with its time zone, from a TOML/YAML datetime or ISO 8601 text."""
    if isinstance(value, str):
        try:
            value = _dt.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            raise AssignmentError(f"{where}: write a date and time like 2026-12-01T23:59:00+10:00") from None
    if not isinstance(value, _dt.datetime):
        raise AssignmentError(f"{where}: write a date and time like 2026-12-01T23:59:00+10:00")
    if value.tzinfo is None:
        raise AssignmentError(f"{where}: give the time zone too, like 2026-12-01T23:59:00+10:00 (or Z for UTC)")
    return value


# Each Rules option an assignment may set: its type and, for numbers, the allowed range.
_RULE_NUMBERS: dict[str, tuple[int, int]] = {
    "players": (2, 6),
    "deck_size": (33, 63),
    "misere_value": (10, 2000),
    "open_misere_value": (10, 2000),
    "target": (50, 10_000),
    "hole": (-10_000, -10),
    "barred_from_winning_at": (-10_000, -10),
}


def _rules(raw: Any, where: str) -> Rules:
    if not isinstance(raw, Mapping):
        raise AssignmentError(f'{where}: [rules] must be a table, like preset = "american"')
    options = dict(raw)
    preset = options.pop("preset", "australian")
    if not isinstance(preset, str):
        raise AssignmentError(f"{where}: [rules]: 'preset' must be a name, like \"american\"")
    fields = {f.name: f for f in dataclasses.fields(Rules) if f.init and f.name not in ("preset_name", "hole_set")}
    for name, value in options.items():
        if name not in fields:
            raise AssignmentError(
                f"{where}: [rules]: unknown option {_short(repr(name), 40)}; options: {', '.join(sorted(fields))}"
            )
        if name in _RULE_NUMBERS:
            low, high = _RULE_NUMBERS[name]
            _int(value, f"{where}: [rules]: {name}", low, high)
        else:
            problem = option_problem(name, value)  # true/false, or one of the option's words
            if problem:
                raise AssignmentError(f"{where}: [rules]: {_short(problem)}")
    try:
        return Rules.preset(preset, **options)
    except (RulesError, TypeError, ValueError) as err:
        raise AssignmentError(f"{where}: [rules]: {_short(str(err))}") from None


def _play_section(raw: Mapping[str, Any], here: str) -> Section:
    """A play section (``topic = "play"``): ``count`` deals, ``points`` each, ``tricks_to_zero``."""
    known = {"name", "title", "topic", "count", "points", "tricks_to_zero"}
    unknown = sorted(str(k) for k in set(raw) - known)
    if unknown:
        raise AssignmentError(
            f"{here}: unknown setting(s) {_short(', '.join(unknown), 80)} for a play section; "
            f"allowed: {', '.join(sorted(known))}"
        )
    count = _int(raw.get("count", 1), f"{here}: 'count' (deals)", 1, 20)
    zero = _int(raw.get("tricks_to_zero", TRICKS_TO_ZERO), f"{here}: 'tricks_to_zero'", 1, 10)
    points = raw.get("points", 1)
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not 0 < points <= 1000:
        raise AssignmentError(f"{here}: 'points' (per deal) must be a number above 0, not {_short(repr(points), 40)}")
    title, name = raw.get("title", "Play"), raw.get("name", "")
    if not isinstance(title, str) or not title.strip() or not NAME_RE.match(title.strip()):
        raise AssignmentError(f"{here}: 'title' must be one line of text (at most 80 characters)")
    if not isinstance(name, str) or (name and not NAME_RE.match(name.strip())):
        raise AssignmentError(f"{here}: 'name' must be one line of text (at most 80 characters)")
    return Section(title.strip(), PLAY_TOPIC, count, (1,), points, name.strip(), tricks_to_zero=zero)


def _section(raw: Any, i: int, rules: Rules, where: str) -> Section:
    here = f"{where}: section {i + 1}"
    if not isinstance(raw, Mapping):
        raise AssignmentError(f"{here} must be a table (topic, count, difficulty, points)")
    if raw.get("topic") == PLAY_TOPIC:
        return _play_section(raw, here)
    known = {"name", "title", "topic", "count", "difficulty", "points", "scoring", "kind", "prompt", "rubric"}
    unknown = sorted(str(k) for k in set(raw) - known)
    if unknown:
        raise AssignmentError(
            f"{here}: unknown setting(s) {_short(', '.join(unknown), 80)}; allowed: {', '.join(sorted(known))}"
        )
    kind = raw.get("kind", "auto")
    if kind not in SECTION_KINDS:
        raise AssignmentError(
            f"{here}: 'kind' must be one of {', '.join(SECTION_KINDS)} (got {_short(repr(kind), 40)})"
        )
    if kind == "written" and raw.get("topic") in (None, ""):
        return _written_section(raw, here, "", rules)
    topic = raw.get("topic")
    if not isinstance(topic, str) or topic not in TOPICS:
        raise AssignmentError(f"{here}: 'topic' must be one of {', '.join(TOPICS)} (got {_short(repr(topic), 40)})")
    info = TOPICS[topic]
    reason = info.unavailable(rules)
    if reason:
        raise AssignmentError(f"{here}: topic {topic!r} cannot be asked: {reason}")
    count = _int(raw.get("count", 1), f"{here}: 'count'", 1, MAX_QUESTIONS)
    levels_raw = raw.get("difficulty", 1)
    levels = levels_raw if isinstance(levels_raw, list) else [levels_raw]
    if not levels:
        raise AssignmentError(f"{here}: 'difficulty' needs at least one level")
    if len(levels) > 20:
        raise AssignmentError(f"{here}: 'difficulty' lists too many levels")
    for level in levels:
        if isinstance(level, bool) or not isinstance(level, int) or level not in info.difficulties:
            raise AssignmentError(
                f"{here}: difficulty {_short(repr(level), 40)} is not a level of {topic!r} "
                f"({', '.join(f'{k}: {v}' for k, v in info.difficulties.items())})"
            )
    points = raw.get("points", 1)
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not 0 < points <= 1000:
        raise AssignmentError(
            f"{here}: 'points' (per question) must be a number above 0, not {_short(repr(points), 40)}"
        )
    title = raw.get("title", info.title)
    if not isinstance(title, str) or not title.strip() or not NAME_RE.match(title.strip()):
        raise AssignmentError(f"{here}: 'title' must be one line of text (at most 80 characters)")
    name = raw.get("name", "")
    if not isinstance(name, str) or (name and not NAME_RE.match(name.strip())):
        raise AssignmentError(f"{here}: 'name' must be one line of text (at most 80 characters)")
    # Make one question now so that a topic the rules cannot support fails here, not at grading.
    kinds = set()
    for level in dict.fromkeys(levels):
        try:
            kinds.add(generate(topic, rules, 0, int(level))["kind"])
        except QuestionError as err:
            raise AssignmentError(f"{here}: difficulty {level}: {err}") from None
    scoring = raw.get("scoring", "each")
    if scoring not in SCORING:
        raise AssignmentError(
            f"{here}: 'scoring' must be one of {', '.join(SCORING)} (got {_short(repr(scoring), 40)})"
        )
    if scoring == "guessing" and "choice" not in kinds:
        raise AssignmentError(
            f"{here}: a guessing correction is for choose-one questions; {topic!r} at these levels asks for "
            f'{", ".join(sorted(kinds))} (use scoring = "each" or "all-or-nothing")'
        )
    section = Section(
        title.strip(),
        topic,
        count,
        tuple(int(v) for v in levels),
        float(points) if isinstance(points, float) else points,
        name.strip(),
        scoring,
    )
    return _written_section(raw, here, topic, rules, section) if kind == "written" else section


def _written_section(
    raw: Mapping[str, Any], here: str, topic: str, rules: Rules, base: Section | None = None
) -> Section:
    """A section answered in words: its prompt and rubric (and, with a topic, the position each student explains)."""
    if raw.get("scoring", "each") != "each":
        raise AssignmentError(f"{here}: a written section is marked by hand: leave out 'scoring'")
    try:
        prompt = _written_prompt(raw.get("prompt"), here)
        points = base.points if base else raw.get("points", 1)
        if isinstance(points, bool) or not isinstance(points, (int, float)) or not 0 < points <= 1000:
            raise AssignmentError(f"{here}: 'points' (per question) must be a number above 0")
        rubric = parse_rubric(raw.get("rubric"), here, float(points))
    except MarkingError as err:
        raise AssignmentError(str(err)) from None
    title = raw.get("title", "Explain in words")
    if not isinstance(title, str) or not title.strip() or not NAME_RE.match(title.strip()):
        raise AssignmentError(f"{here}: 'title' must be one line of text (at most 80 characters)")
    name = raw.get("name", "")
    if not isinstance(name, str) or (name and not NAME_RE.match(name.strip())):
        raise AssignmentError(f"{here}: 'name' must be one line of text (at most 80 characters)")
    count = base.count if base else _int(raw.get("count", 1), f"{here}: 'count'", 1, MAX_QUESTIONS)
    levels = base.difficulty if base else (0,)
    return Section(
        base.title if base else title.strip(),
        topic,
        count,
        levels,
        float(points) if isinstance(points, float) else points,
        base.name if base else name.strip(),
        "each",
        "written",
        prompt,
        rubric,
    )


def _written_prompt(value: Any, here: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > 500:
        raise AssignmentError(
            f"{here}: a written section needs a 'prompt': its question, in words (at most 500 characters)"
        )
    if not all(ch.isprintable() or ch == "\n" for ch in value):
        raise AssignmentError(f"{here}: 'prompt' must be plain text")
    return " ".join(value.split())
