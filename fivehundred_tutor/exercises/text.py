"""Text that crosses out of the exercises: safe in a terminal, a spreadsheet cell and Markdown; points as written."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from ..i18n import pgettext

__all__ = ["csv_safe", "fmt_points", "md_escape", "safe_text", "status_words"]


def safe_text(text: object, limit: int = 300) -> str:
    """Text that is safe to print in a terminal: control characters (escape sequences) shown as '?'."""
    out = "".join(ch if ch.isprintable() else "?" for ch in str(text))
    return out if len(out) <= limit else out[: limit - 1] + "…"


def csv_safe(value: str) -> str:
    """Keep spreadsheets from reading text as a formula (cells starting with = + - @ tab or CR)."""
    if value and value[0] in "=+-@\t\r" and not re.fullmatch(r"-?\d+(\.\d+)?", value):
        return "'" + value
    return value


def fmt_points(x: float | Fraction) -> str:
    """Points as every report writes them (gradebook, summary, feedback, Canvas and Moodle files): at most 2
    decimals, rounded half up as a spreadsheet does, no trailing zeros.  Totals are summed exactly, then written.

    >>> [fmt_points(v) for v in (16, 4.2, 3.78, 6.6667, Fraction(2, 3), 0.125, 12.0, -0.001)]
    ['16', '4.2', '3.78', '6.67', '0.67', '0.13', '12', '0']
    """
    exact = Decimal(x.numerator) / Decimal(x.denominator) if isinstance(x, Fraction) else Decimal(repr(float(x)))
    text = f"{exact.quantize(_CENT, rounding=ROUND_HALF_UP):f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


_CENT = Decimal("0.01")


_MD_INLINE = re.compile(r"([\\`*_\[\]<>|])")  # emphasis, code, links and images, HTML, table cells
_MD_ENTITY = re.compile(r"&(?=#?[A-Za-z0-9]+;)")  # "&lt;" would become "<"; "Q&A" stays as it is
_MD_LINE_START = re.compile(r"^(\s*)(#|>|[-+=](?=\s|$)|[0-9]{1,9}(?=[.)](?:\s|$)))")  # a heading, quote, list


def md_escape(text: object) -> str:
    r"""Text for Markdown (and the HTML it may become), one line: only what Markdown would read as markup is
    escaped ("3.5", "(the joker)", "Correct!" stay as they are; "<img", "*", "_", "[" do not).

    >>> print(md_escape("Correct! 3.5 points (the joker) <img src=x> a_b"))
    Correct! 3.5 points (the joker) \<img src=x\> a\_b
    >>> print(md_escape("# 1. -140"), md_escape("1. first"))
    \# 1. -140 1\. first
    """
    one = safe_text(text, 2000).replace("\n", " ")
    one = _MD_ENTITY.sub("\\\\&", _MD_INLINE.sub(r"\\\1", one)).replace("~~", "\\~\\~")
    m = _MD_LINE_START.match(one)
    if m:
        mark = m.group(2)
        escaped = mark + "\\" if mark[0].isdigit() else "\\" + mark  # "1\\. first", "\\# title"
        one = m.group(1) + escaped + one[m.end() :]
    return one


def status_words(status: str) -> str:
    """A student's status in the reader's language (the gradebook and the LMS files keep the English word).

    >>> status_words("graded"), status_words("something else")
    ('graded', 'something else')
    """
    return {
        "graded": pgettext("student's status", "graded"),
        "flagged": pgettext("student's status", "flagged"),
        "missing": pgettext("student's status", "missing"),
        "rejected": pgettext("student's status", "rejected"),
        "override": pgettext("student's status", "override"),
    }.get(status, status)
