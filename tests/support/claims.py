"""Finding the claims a sentence makes about cards, contracts and numbers (tests only).

Shared by ``tests/book/test_claims.py`` (the chapters' prose) and
``tests/engine/test_library_claims.py`` (the library deals' titles and comments): both read text
for the same kinds of token — a card (``J♦``, ``10♥``), a contract (``7♠``, ``6NT``), a number or
a count in words ("seven trumps") — and turn each into the forms the engine's data uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SUIT_LETTERS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}
SUIT_WORDS = {"spades": "S", "clubs": "C", "diamonds": "D", "hearts": "H"}
NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
        ]
    )
}
NUMBER_WORDS.update({"none": 0, "no": 0, "both": 2, "all ten": 10, "single": 1, "lone": 1})

#: a card or a contract written with a suit symbol: "J♦", "10♥", "7♠" (a rank 6–10 is either)
SUITED = re.compile(r"(?<![\w♠♣♦♥])(10|[2-9AKQJ])([♠♣♦♥])(?![\w])")
#: a no-trump contract: "6NT", "10NT"
NO_TRUMPS = re.compile(r"(?<![\w])(6|7|8|9|10)NT\b")
#: a number written in digits, signed or not: "250", "−500", "+80", "12%"
DIGITS = re.compile(r"(?<![\w.,/#♠♣♦♥-])([−+-]?)(\d+)(%?)(?![\w♠♣♦♥])")
#: a numeral that names a part of the page ("**Part 2**", "Part 1 asks …") is a label, not a figure
LABEL = re.compile(r"(?i)\bpart\s*\**\s*$")
#: a count in words before the thing counted: "seven trumps", "three small diamonds", "two queens"
COUNT_NOUNS = (
    r"tricks?|trumps?|cards?|points?|players?|piles?|spades|hearts|diamonds|clubs|aces?|kings?|queens?|jacks?|"
    r"rounds?|suits?|bowers?|hands?|sides?|partnerships?"
)
COUNT = re.compile(
    r"(?i)\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen)"
    r"((?:\s+(?:small|low|more|other|side|high|top|sure|red|black|plain|highest|lowest|of\s+the|of\s+its|of\s+them))*)"
    r"\s+(" + COUNT_NOUNS + r")\b"
)


#: a number of tricks left implicit: "made exactly six", "they would have taken only three", "took none"
BARE_TRICKS = re.compile(
    r"(?i)\b(?:took|take|takes|taken|makes|made|won|wins)\s+(?:only\s+|exactly\s+)?"
    r"(none|one|two|three|four|five|six|seven|eight|nine|ten)(?=[.,;:)]|\s+(?:exactly|instead|and)\b|\s*$)"
)
#: a number of tricks before "fewer": "naming clubs, two fewer"
FEWER = re.compile(r"(?i)\b(one|two|three|four|five|six|seven|eight|nine|ten)\s+fewer\b")
#: one trick, in words: "costs a trick", "gives up a trick"
A_TRICK = re.compile(r"(?i)\b(?:costs?|costing|gives? up|gave up|give away|gives away)\s+(?:\w+\s+){0,2}?(a)\s+trick\b")


#: a card in words: "the jack of diamonds", "the 5 of diamonds", "ace of hearts"
WORD_CARD = re.compile(
    r"(?i)\b(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|10|[4-9])\s+of\s+(spades|clubs|diamonds|hearts)\b"
)
_RANK_WORDS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "T", "10": "T", "nine": "9", "eight": "8"}
_RANK_WORDS.update({"seven": "7", "six": "6", "five": "5", "four": "4"})


@dataclass(frozen=True)
class Token:
    """A claim token found in text: its kind, the text as written, where it is, and its value."""

    kind: str  # "suited" (a card or a contract), "notrumps", "number", "count"
    text: str
    start: int
    end: int
    value: str | int  # "JD" / "7S" (rank letters as the engine writes them: T for 10) / 120 / 7
    noun: str = ""  # for a count: what is counted ("trumps", "spades", ...)


def card_code(rank: str, symbol: str) -> str:
    """ "10", "♥" → "TH"; "J", "♦" → "JD"."""
    return ("T" if rank == "10" else rank) + SUIT_LETTERS[symbol]


def tokens(text: str, *, a_trick: bool = True) -> list[Token]:
    """Every claim token in ``text``, in order.  ``a_trick=False`` leaves out "costs a trick" (in a
    chapter's prose it is mostly the definition of a mark, not a figure about an example)."""
    out: list[Token] = []
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= s or a >= e for s, e in taken)

    for m in SUITED.finditer(text):
        out.append(Token("suited", m.group(0), m.start(), m.end(), card_code(m.group(1), m.group(2))))
        taken.append(m.span())
    for m in WORD_CARD.finditer(text):
        rank = _RANK_WORDS.get(m.group(1).lower(), m.group(1))
        out.append(Token("suited", m.group(0), m.start(), m.end(), rank + SUIT_WORDS[m.group(2).lower()]))
        taken.append(m.span())
    for m in NO_TRUMPS.finditer(text):
        out.append(Token("notrumps", m.group(0), m.start(), m.end(), m.group(1) + "NT"))
        taken.append(m.span())
    for m in COUNT.finditer(text):
        noun = m.group(3).lower()
        out.append(Token("count", m.group(0), m.start(), m.end(), NUMBER_WORDS[m.group(1).lower()], noun))
        taken.append(m.span())
    for pattern in (BARE_TRICKS, FEWER, A_TRICK) if a_trick else (BARE_TRICKS, FEWER):
        for m in pattern.finditer(text):
            if free(*m.span(1)):
                word = m.group(1).lower()
                out.append(
                    Token("count", m.group(0), m.start(1), m.end(), 1 if word == "a" else NUMBER_WORDS[word], "tricks")
                )
                taken.append(m.span())
    for m in DIGITS.finditer(text):
        if free(*m.span()) and not LABEL.search(text, 0, m.start()):
            sign = -1 if m.group(1) in ("−", "-") else 1
            out.append(Token("number", m.group(0), m.start(), m.end(), sign * int(m.group(2))))
    return sorted(out, key=lambda t: t.start)


def code_forms(token: Token) -> list[str]:
    """How code may write the token's value: "J♦" as J♦ or JD; 7♠ as 7♠ or 7S; 10♥ as 10♥, TH, 10H."""
    if token.kind == "suited":
        code = str(token.value)
        symbol = {v: k for k, v in SUIT_LETTERS.items()}[code[-1]]
        rank = "10" if code.startswith("T") else code[:-1]
        return [code, rank + symbol, rank + code[-1]]
    if token.kind == "notrumps":
        return [str(token.value)]
    return [str(abs(int(token.value)))]
