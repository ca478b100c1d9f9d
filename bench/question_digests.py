"""Digests of generated questions, to prove a speed change left every question identical.

    .venv/bin/python -m bench.question_digests --write tests/data/question_digests.json   # record
    .venv/bin/python -m bench.question_digests --seeds 400                               # compare, more seeds

For every topic a set of rules allows, every difficulty, and a spread of seeds (including seeds as large as the
assignment derivation makes), the canonical JSON of each question is hashed; one digest per (rules, topic,
difficulty).  ``tests/exercises/test_question_identity.py`` compares the recorded digests.  Record again only when
a change is *meant* to change the questions (a new explanation, a fixed bug) — never to make a speed change pass.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from fivehundred_tutor.questions import TOPICS, QuestionError, available_topics, generate
from fivehundred_tutor.questions.core import canonical_json, sub_seed
from fivehundred_tutor.rules import Rules

#: (name, rules, seeds) — the default rules get the most seeds; other tables and variants fewer.
PRESETS = (
    ("australian", 60),
    ("american", 12),
    ("two-player", 12),
    ("three-player", 12),
    ("six-player", 12),
    ("five-player", 12),
    ("misere-any-time", 12),
    ("joker-not-to-void", 12),
)


def seeds(count: int) -> list[int]:
    """Small seeds, and large ones like the per-student derivation makes (below 2**53)."""
    small = list(range(count // 3))
    return small + [sub_seed("identity", i) for i in range(count - len(small))]


def digests(scale: float = 1.0) -> dict[str, str]:
    out: dict[str, str] = {}
    for preset, count in PRESETS:
        rules = Rules.preset(preset)
        allowed = set(available_topics(rules))
        for topic, info in TOPICS.items():
            if topic not in allowed:
                continue
            for level in info.difficulties:
                h = hashlib.sha256()
                for seed in seeds(max(3, int(count * scale))):
                    try:
                        q = generate(topic, rules, seed, level)
                    except QuestionError as err:
                        h.update(f"error:{err}".encode())
                        continue
                    h.update(canonical_json(q).encode("utf-8"))
                out[f"{preset}/{topic}/{level}"] = h.hexdigest()[:24]
    out["assignment/every-topic"] = assignment_digest(max(2, int(6 * scale)))
    return out


def assignment_digest(students: int) -> str:
    """Students' whole question sets and tokens under a fixed secret (the HMAC derivation included)."""
    from fivehundred_tutor.exercises import parse_assignment

    sections = [
        {"title": f"Part {i}", "topic": topic, "count": 2, "difficulty": list(info.difficulties)}
        for i, (topic, info) in enumerate(TOPICS.items())
    ]
    hw = parse_assignment(
        {"id": "digest", "title": "Digest", "seed": 42, "sections": sections}, secret=bytes(range(32))
    )
    h = hashlib.sha256()
    for i in range(students):
        sid = f"student-{i}@example.org" if i % 2 else f"s{i:04d}"
        h.update(hw.token_for(sid).encode("utf-8"))
        h.update(canonical_json(hw.questions_for(sid)).encode("utf-8"))
    return h.hexdigest()[:24]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", type=Path, help="record the digests in this file")
    parser.add_argument("--against", type=Path, help="compare with the digests recorded in this file")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the number of seeds")
    args = parser.parse_args()
    found = digests(args.scale)
    if args.write:
        args.write.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"{len(found)} digests written to {args.write}")
        return 0
    if args.against:
        want = json.loads(args.against.read_text(encoding="utf-8"))
        bad = [k for k in want if want[k] != found.get(k)]
        print(
            f"{len(want) - len(bad)} of {len(want)} groups identical" + (f"; differ: {', '.join(bad)}" if bad else "")
        )
        return 1 if bad else 0
    print(json.dumps(found, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
