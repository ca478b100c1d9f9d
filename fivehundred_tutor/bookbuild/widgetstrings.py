"""Find English a learner can see in the widgets' source, outside the catalogs (issue 29, part 2).

Every word a widget shows (text, buttons, aria labels, titles, status lines) goes through ``t()`` /
``nt()`` of widgets/src/language.js, so Babel extracts it and the catalogs translate it.  This scanner
reads each ``widgets/src/*.js`` file, strips comments, and reports every string literal (quoted or the
static parts of a template literal) that reads as English words and is not:

- an argument of ``t(`` / ``nt(`` (the catalogs' own messages),
- console or ``Error`` text (a developer reads it, never a learner),
- on a line marked ``// i18n-ok: <reason>`` (a name, a code, a key),
- in a file of :data:`ALLOWED_FILES` (each with its reason).

``python -m fivehundred_tutor.bookbuild.widgetstrings`` prints what it finds (exit 1 if any);
tests/quality/test_widget_strings.py runs it, and shows it catching a bare ``text: "Show the answer"``.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2] / "widgets" / "src"

# Files not scanned, each with why.  Keep this list short.
ALLOWED_FILES: dict[str, str] = {
    "catalogs.js": "generated from the .po files: it IS the translations",
}

# Files whose bare English is not wrapped yet: how many literals each may still have.  A file may only go
# down (wrap its words, lower or drop its line); a file not listed has none.
NOT_YET_WRAPPED: dict[str, int] = {
    # "the engine is not running": the worker's reply error, which a widget shows; the worker has no page
    # and no language (language.js reads the page's), so it is to be translated where the reply arrives
    "live-worker.js": 1,
}

# Words that are English-looking but not for translation (names of keys the code compares against).
NOT_WORDS = {
    "Enter", "Escape", "Tab", "Home", "End", "Backspace", "Delete", "Space", "Shift", "Control", "Alt", "Meta",
    "Node", "Error", "NaN", "Infinity", "GET", "POST", "JSON", "NT", "OK",
}  # fmt: skip

_WORD = re.compile(r"^[A-Za-z][a-z]*(?:'[a-z]+)?[.,:;!?…)]*$|^\(?[a-z]+$")
_CALL_T = re.compile(r"\b(?:t|nt)\(\s*$")
_CALL_DEV = re.compile(r"\b(?:console\.\w+|Error|assert\w*|querySelector(?:All)?|closest|matches)\(\s*$")
_MARK = "i18n-ok"


@dataclass(frozen=True)
class Finding:
    file: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.text!r}"


def looks_english(text: str) -> bool:
    """Would a learner read `text` as English words?  Two words, or one capitalised word ("Continue")."""
    # arrows and other signs beside a word ("\\u00AB Start", "Next ▶") are not words: a lone word among them counts
    tokens = [tok for tok in text.split() if re.search(r"[A-Za-z]", re.sub(r"\\u[0-9A-Fa-f]{4}", "", tok))]
    words = [tok for tok in tokens if _WORD.match(tok)]
    if len(words) >= 2 and any(re.search(r"[a-z]{2}", w) for w in words):
        return True
    if len(tokens) == 1 and len(words) == 1:
        word = words[0].rstrip(".,:;!?…)")
        return bool(re.fullmatch(r"[A-Z][a-z]{2,}", word)) and word not in NOT_WORDS
    return False


def _literals(source: str) -> list[tuple[int, int, str]]:
    """(offset, line, text) of each string literal of `source`, comments and regex literals skipped.

    A template literal's text is its static parts, each ``${…}`` read as ``{}``; literals inside a
    ``${…}`` are found too.
    """
    out: list[tuple[int, int, str]] = []
    i, n = 0, len(source)
    last_sig = ""  # the last significant character, to tell a regex literal from a division

    def scan_template(start: int) -> int:
        # source[start] == "`"; returns the index after the closing backtick
        j = start + 1
        parts: list[str] = []
        while j < n and source[j] != "`":
            if source[j] == "\\":
                parts.append(source[j : j + 2])
                j += 2
            elif source.startswith("${", j):
                parts.append(" {} ")
                depth, j = 1, j + 2
                inner_start = j
                while j < n and depth:
                    if source[j] == "{":
                        depth += 1
                    elif source[j] == "}":
                        depth -= 1
                    elif source[j] in "\"'":
                        q = source[j]
                        k = j + 1
                        while k < n and source[k] != q:
                            k += 2 if source[k] == "\\" else 1
                        j = k
                    elif source[j] == "`":
                        j = scan_template(j) - 1
                    j += 1
                for off, _line, text in _literals(source[inner_start : j - 1]):
                    out.append((inner_start + off, 0, text))
            else:
                parts.append(source[j])
                j += 1
        out.append((start, 0, "".join(parts)))
        return j + 1

    while i < n:
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            i = n if end < 0 else end + 2
        elif c in "\"'":
            j = i + 1
            while j < n and source[j] != c and source[j] != "\n":
                j += 2 if source[j] == "\\" else 1
            out.append((i, 0, source[i + 1 : j]))
            i = j + 1
            last_sig = c
        elif c == "`":
            i = scan_template(i)
            last_sig = "`"
        elif c == "/" and (last_sig == "" or last_sig in "(,=:[!&|?{};+-*%<>~^" or _ends_keyword(source, i)):
            j = i + 1
            in_class = False
            while j < n and source[j] != "\n":
                if source[j] == "\\":
                    j += 2
                    continue
                if source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                elif source[j] == "/" and not in_class:
                    break
                j += 1
            i = j + 1
            while i < n and source[i].isalpha():
                i += 1
            last_sig = "/"
        else:
            if not c.isspace():
                last_sig = c
            i += 1
    return out


def _ends_keyword(source: str, i: int) -> bool:
    before = source[max(0, i - 12) : i].rstrip()
    return bool(re.search(r"\b(?:return|typeof|case|in|of|yield|await)$", before))


def scan_text(source: str, name: str = "<snippet>") -> list[Finding]:
    """The English literals of one file's `source` that no t()/nt() wraps."""
    lines = source.splitlines()
    findings: list[Finding] = []
    for offset, _line, text in _literals(source):
        if not looks_english(text):
            continue
        line_no = source.count("\n", 0, offset) + 1
        if _MARK in lines[line_no - 1]:
            continue
        before = source[max(0, offset - 300) : offset]
        if _CALL_T.search(before) or _CALL_DEV.search(before):
            continue
        # nt("{n} card", "{n} cards", …): the plural is the call's second argument
        if re.search(r"\bnt\(\s*(?:\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`[^`]*`)\s*,\s*$", before):
            continue
        # format.js's plural table ({one: "# trick", other: "# tricks"}, extracted by bookbuild/catalogs.py)
        # and its keys, as plural(n, "trick") names them
        if re.search(r"\b(?:one|other):\s*$", before) or re.search(
            r"\bplural\([^()\n]*(?:\([^()\n]*\))?[^()\n]*,\s*$", before
        ):
            continue
        after = source[offset : offset + len(text) + 400]
        if re.match(r"(?:\"[^\"\n]*\"|'[^'\n]*')\s*:\s*\{\s*one:", after):
            continue
        # an object's key ({"left bower": t("left bower")}) is a code, never shown
        quoted = 2 if source[offset] in "\"'" else 0
        if re.search(r"[{,]\s*$", before) and re.match(r"\s*:", source[offset + len(text) + quoted :]):
            continue
        # checkVersion(data, "play problem"): the name in a version mismatch's Error (a developer's text)
        if re.search(r"\bcheckVersion\([^()\n]*,\s*$", before):
            continue
        # a shape check's label (expect(value, "array", "quiz bank")) is a developer's error text
        if re.search(r"\bexpect\((?:[^()\n]|\([^()\n]*\))*$", before):
            continue
        findings.append(Finding(name, line_no, text.strip()))
    return findings


def scan(root: Path = SOURCE) -> list[Finding]:
    findings: list[Finding] = []
    for path in sorted(root.glob("*.js")):
        if path.name in ALLOWED_FILES:
            continue
        findings.extend(scan_text(path.read_text(encoding="utf-8"), path.name))
    return findings


def over_budget(found: list[Finding]) -> dict[str, tuple[int, int]]:
    """Files with more bare English than NOT_YET_WRAPPED allows them: {file: (found, allowed)}."""
    counts: dict[str, int] = {}
    for finding in found:
        counts[finding.file] = counts.get(finding.file, 0) + 1
    return {f: (n, NOT_YET_WRAPPED.get(f, 0)) for f, n in counts.items() if n > NOT_YET_WRAPPED.get(f, 0)}


def main() -> int:
    found = scan()
    for finding in found:
        print(finding)
    print(f"{len(found)} English literal(s) outside t()/nt() in {SOURCE}", file=sys.stderr)
    over = over_budget(found)
    for name, (n, allowed) in sorted(over.items()):
        print(f"{name}: {n} bare English literal(s), {allowed} allowed (NOT_YET_WRAPPED)", file=sys.stderr)
    return 1 if over else 0


if __name__ == "__main__":
    raise SystemExit(main())
