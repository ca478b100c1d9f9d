"""Every figure the chapters' prose states is computed, or checked by code in the same section.

The mechanism, so that a change of seed, rules or engine fails the build instead of printing a
false sentence:

1. Each page (a MyST notebook) is cut into **sections** at its headings; a section owns the code
   cells under its heading.
2. The **prose** of a section — its markdown, without headings, labels, link targets, inline code
   and HTML tags — is read for **claim tokens** (``tests/support/claims.py``): cards and contracts
   written with a suit symbol (``J♦``, ``7♠``), no-trump contracts (``6NT``), numbers (``250``,
   ``−500``, ``12%``) and counts in words ("ten cards", "seven trumps", "makes exactly six").
   A sentence the page computes (``Markdown(f"…")``) is output, not prose: it cannot drift.
3. Each token must be **backed** in the same section: its value appears, in any of the forms code
   writes it (``J♦``/``JD``, ``7♠``/``7S``, ``ten`` → ``10``), in the section's code —
   * in an ``assert`` (a hidden ``remove-cell`` check, or a visible one), when the section's code
     makes an example the engine generates (a seeded deal, a bot's play, a simulation, a library
     record, a generated question): only an assert ties the prose to what was generated;
   * anywhere in the section's code otherwise: the prose then describes literal input (the hands of
     an ending, the cards of a trick), and editing the input without the prose fails here.
4. Not claims about an example: the game's and variants' names ("Three-player 500", "the 3-player
   game"), a cross-reference's title, words in quotation marks (a source's own words, read against
   the source documents) and years.  A block of prose (a paragraph, or one item of a list) that
   states what a **source** says, a bidding **convention** or a **citation**, with nothing to
   compute, may open with ``<!-- claims: source -->`` (or ``convention``, ``citation``): its tokens
   are exempt.  The marker is refused in a section that makes a generated example, so it cannot
   excuse a sentence about one.

What it cannot see: a figure changed into another figure that the same section's code also states
(the check is by value, not by meaning), and a claim with no figure in it ("so few hands").  Those
are what the hidden asserts are for; this test makes sure no figure goes without one.

``PENDING`` lists the chapters another engineer is rewriting under issue 25 (bidding, misère and
three players, the final test): they are checked too, and expected to fail until their rewrite
lands — a pending chapter that passes fails, so the list can only shrink.  The reference pages
without code (glossary, rules index, sources) are checked by ``test_reference_facts``: every
figure on them is listed there with the engine fact that backs it.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jupytext
import pytest

from tests.support.claims import Token, code_forms, tokens

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
CHAPTERS = sorted((BOOK / "chapters").glob("*.md"))
PAGES = [*CHAPTERS, BOOK / "index.md"]

#: chapters being rewritten by another engineer under issue 25 (expected to fail until then)
PENDING: dict[str, str] = {}

#: code that makes an example the engine generates (its prose must be backed by asserts)
GENERATED = re.compile(
    r"Deal\.new\(|\bGame\(|simulate\(|load_library_record\(|find_deal\(|\bgenerate\(|\.choose\(|bot_deal\(|"
    r"start\(\{|run\(\"(?:deal|simulate|assign|grade)"
)
EXEMPT = re.compile(r"<!--\s*claims:\s*(source|convention|citation)\s*-->")
SEED_ARG = re.compile(r"\bseed\s*=\s*\d+|\"--seed\",\s*\"\d+\"")


@dataclass
class Section:
    page: str
    title: str
    prose: list[str] = field(default_factory=list)
    code: list[str] = field(default_factory=list)

    @property
    def generated(self) -> bool:
        return any(GENERATED.search(c) for c in self.code)

    def backing(self) -> str:
        """The code that may back this section's prose: its asserts when it makes a generated
        example, else all of its code (without ``seed=`` arguments)."""
        if not self.generated:
            return SEED_ARG.sub(" ", "\n".join(without_comments(c) for c in self.code))
        parts = []
        for source in self.code:
            try:
                tree = ast.parse(source)
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Assert):
                    parts.append(ast.get_source_segment(source, node) or "")
        return "\n".join(parts)


def without_comments(source: str) -> str:
    """Code without its ``#`` comments: a figure in a comment backs nothing."""
    try:
        kept = [t for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type != tokenize.COMMENT]
        return tokenize.untokenize(kept)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return source


def sections(path: Path) -> list[Section]:
    nb: Any = jupytext.read(path, fmt="md:myst")
    out = [Section(path.stem, "(opening)")]
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for part in re.split(r"(?m)^(?=#{1,6} )", cell.source):
                heading = re.match(r"#{1,6} (.*)", part)
                if heading:
                    out.append(Section(path.stem, heading.group(1).strip()))
                    part = part[heading.end() :]
                out[-1].prose.append(part)
        elif cell.cell_type == "code":
            out[-1].code.append(cell.source)
    return out


#: the game's and its variants' names, not figures: "Five Hundred (500)", "Three-player 500", "the 3-player game"
NAMES = re.compile(
    r"Five Hundred \(500\)|\b(?:American|Australian|Canadian|Three-player|Two-player|[Tt]hree-player|[Tt]wo-player) 500\b"
    r"|\*500 Cards\*|500 \(card game\)|500 Card Game|article on 500|card game 500|\b\d(?:-| and \d-)player\b|\b\d- and\b"
)


#: a quotation: words of a source (straight or curly quotes, on one line)
QUOTED = re.compile(r"\"[^\"\n]*\"|“[^”\n]*”")
YEARS = re.compile(r"\b(?:1[89]\d\d|20\d\d)s?\b")


def clean(text: str) -> str:
    """Prose as a reader sees it: no labels, link targets, inline code, HTML tags or comments (the
    claims marker stays, as a token-free tag); a cross-reference's words are a title, not a claim."""
    text = re.sub(r"(?m)^\([\w-]+\)=\s*$", " ", text)  # MyST labels
    text = re.sub(r"\[[^\]]*\]\((?:#|\.\./|[\w-]+\.md)[^)]*\)", " ", text)  # cross-references
    text = re.sub(r"\]\([^)]*\)", "]", text)  # link targets
    text = NAMES.sub(" ", text)
    text = QUOTED.sub(" ", text)  # a source's own words, read against the source (the seeds)
    text = YEARS.sub(" ", text)  # "(1995)", "2005 text", "the 1900s": dates of a citation
    text = re.sub(r"`[^`\n]*`", " ", text)  # inline code
    text = re.sub(r"(?s)<!--(?!\s*claims:).*?-->", " ", text)
    text = re.sub(r"<(?!!--)[^>]+>", " ", text)  # HTML tags (their text stays)
    text = re.sub(r"(?m)^(\s*)(\*\*)?\d+\.\s", r"\1\2", text)  # numbered-list markers, plain or bold
    return text


def paragraphs(text: str) -> list[str]:
    """Blocks of prose: paragraphs, and each item of a list (a claims marker covers one block)."""
    blocks = []
    for paragraph in re.split(r"\n\s*\n", text):
        blocks += re.split(r"\n(?=\s*(?:[-*]|\d+\.)\s)", paragraph)
    return [b for b in blocks if b.strip()]


def backed(token: Token, backing: str) -> bool:
    return any(re.search(r"(?<![\w.])" + re.escape(form) + r"(?![\w])", backing) for form in code_forms(token))


def problems_of(path: Path) -> tuple[list[str], int]:
    """(unbacked claims as messages, number of exempt paragraphs) for one page."""
    problems: list[str] = []
    exempt = 0
    for section in sections(path):
        backing = section.backing()
        for block in paragraphs("\n".join(section.prose)):
            paragraph = clean(block)
            marker = EXEMPT.search(paragraph)
            if marker:
                exempt += 1
                if section.generated:
                    problems.append(
                        f"{path.stem} § {section.title}: a claims marker in a section with a generated example"
                    )
                continue
            for token in tokens(paragraph, a_trick=False):
                if not backed(token, backing):
                    line = " ".join(paragraph.split())
                    where = max(0, line.find(token.text) - 50)
                    problems.append(f"{path.stem} § {section.title}: {token.text!r} — …{line[where : where + 110]}…")
    return problems, exempt


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.stem)
def test_every_figure_in_the_prose_is_computed_or_checked(path: Path) -> None:
    problems, _ = problems_of(path)
    if path.stem in PENDING:
        if problems:
            pytest.xfail(f"{PENDING[path.stem]} is rewriting this chapter: {len(problems)} unbacked figures")
        pytest.fail(f"{path.stem} passes now: take it off PENDING")
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------ the reference pages (no code)
def reference_entries(path: Path) -> dict[str, str]:
    """A reference page's entries, by key: a glossary term, a rules-index row (its first cell), a
    paragraph or list item of the sources page (its first words)."""
    text = path.read_text(encoding="utf-8")
    entries: dict[str, str] = {}
    if path.name == "rules-index.md":
        for line in text.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if line.startswith("|") and cells[0] not in ("Rule", "---") and not cells[0].startswith("-"):
                key = " ".join(clean(cells[0]).split())
                key = key if key not in entries else f"{key} (again)"
                entries[key] = " | ".join(cells[1:-1])  # the section column is a cross-reference
    elif path.name == "glossary.md":
        for block in re.split(r"\n\s*\n", text):
            term = re.search(r"(?m)^([^\n:(#][^\n]*)\n: ", block)
            if term:
                entries[term.group(1).strip()] = block[term.end() :]
            elif block.strip() and not block.lstrip().startswith(("#", "(")):
                entries[block.strip().split()[0]] = block
    else:
        for block in paragraphs(text):
            if not block.lstrip().startswith(("#", "(")):
                entries[" ".join(block.split()[:4])] = block
    return entries


def reference_tokens(text: str) -> list[str]:
    return [t.text.replace("\n", " ") for t in tokens(clean(text), a_trick=False)]


def _ladder_below(rules: Any, bid: Any) -> Any:
    ladder = rules.bid_ladder()
    return ladder[ladder.index(bid) - 1]


def _crossed(rules: Any, scores: list[int], contract: str, tricks: list[int]) -> int | None:
    """The winner when a hand of ``contract`` by North (``tricks`` per seat) ends a game standing at
    ``scores`` (the rules index: one side reaches 500 as the other falls to −500)."""
    from fivehundred_tutor import Bid, Deal
    from fivehundred_tutor.game import Game

    game = Game(rules, seed=1, first_dealer=0)
    game.scores = list(scores)
    hands: list[list[str]] = [[] for _ in range(rules.players)]
    game.record(Deal.from_position(rules, hands, Bid.parse(contract), 0, tricks_won=tricks))
    assert max(game.scores) >= rules.target and min(game.scores) <= rules.hole, game.scores
    return game.winner if game.winner is not None and game.scores[game.winner] >= rules.target else None


def _engine() -> dict[str, Any]:
    from fivehundred_tutor import Bid, Rules, Suit

    return {"Bid": Bid, "Rules": Rules, "Suit": Suit, "below": _ladder_below, "crossed": _crossed}


#: every figure of the reference pages, entry by entry: the tokens as written, and what backs them —
#: an expression checked against the engine, or "source:"/"citation:" with what was read
REFERENCE_FACTS: dict[tuple[str, str], tuple[list[str], str]] = {
    ("glossary.md", "Avondale schedule"): (
        ["40", "6♠", "520", "10NT"],
        "Rules().bid_value(Bid.parse('6S')) == 40 and Rules().bid_value(Bid.parse('10NT')) == 520",
    ),
    ("glossary.md", "Bid"): (
        ["6", "10"],
        "{b.tricks for b in Rules().bid_ladder() if not b.is_misere} == {6, 7, 8, 9, 10}",
    ),
    ("glossary.md", "Bower"): (
        ["two jacks"],
        "sum(1 for c in Rules().ranking(Suit.HEARTS, Bid.parse('7H'))[1:3] if c.rank_label == 'J') == 2",
    ),
    ("glossary.md", "Defenders"): (["six players"], "Rules.preset('six-player-individual').players == 6"),
    ("glossary.md", "In the hole"): (["−500"], "Rules().hole == -500"),
    ("glossary.md", "Inkle"): (["two players"], "source: the English Wikipedia article, 2005 text"),
    ("glossary.md", "Kitty"): (
        ["45", "500"],
        "Rules.preset('45-card').kitty_size == 5 and len(Rules.preset('45-card').deck()) == 45",
    ),
    ("glossary.md", "Nullo"): (
        ["500", "−500", "500", "250", "8♠", "8♣"],
        "source: seed 004_ (Nullo 500 / -500); the '500 (Bid) Official Team Rules' sheet (250, between 8♠ and 8♣)",
    ),
    ("glossary.md", "Partner"): (
        ["five players", "three players"],
        "Rules.preset('five-player').players == 5 and Rules.preset('three-player').players == 3 "
        "and Rules.preset('six-player').sides == ((0, 2, 4), (1, 3, 5))",
    ),
    ("glossary.md", "Slam"): (
        ["ten tricks", "250", "250"],
        "Rules().score(Bid.parse('6S'), 10)[0] == 250 and Rules().hand_size == 10",
    ),
    ("rules-index.md", "Players and partnerships"): (
        ["4", "3", "2", "5", "6"],
        "[Rules.preset(p).players for p in ('australian', 'three-player', 'two-player', 'five-player', 'six-player')]"
        " == [4, 3, 2, 5, 6] and Rules.preset('six-player').partnerships",
    ),
    ("rules-index.md", "Deck"): (
        ["43", "4", "5", "45", "33", "53", "63"],
        "[len(Rules.preset(p).deck()) for p in ('australian', '45-card', 'three-player', 'five-player', 'six-player')]"
        " == [43, 45, 33, 53, 63] and min(c.rank for c in Rules().deck() if c.suit == Suit.HEARTS) == 4"
        " and min(c.rank for c in Rules().deck() if c.suit == Suit.SPADES) == 5",
    ),
    ("rules-index.md", "Hands and kitty"): (
        ["10", "3", "5", "45"],
        "Rules().hand_size == 10 and Rules().kitty_size == 3 and Rules.preset('45-card').kitty_size == 5",
    ),
    ("rules-index.md", "Dealing pattern"): (
        ["3", "1", "4", "1", "3", "1", "3", "3", "4", "3"],
        "Rules().deal_pattern() == [('hands', 3), ('kitty', 1), ('hands', 4), ('kitty', 1), ('hands', 3), ('kitty', 1)]"
        " and Rules.preset('three-player').deal_pattern() == [('hands', 3), ('kitty', 3), ('hands', 4), ('hands', 3)]",
    ),
    ("rules-index.md", "No trumps and misère"): (
        ["10", "5", "4"],
        "[c.rank_label for c in Rules().ranking(Suit.SPADES, Bid.parse('7NT'))][:5] == ['A', 'K', 'Q', 'J', '10']"
        " and Rules().ranking(Suit.SPADES, Bid.parse('7NT'))[-1].rank == 5"
        " and Rules().ranking(Suit.HEARTS, Bid.parse('7NT'))[-1].rank == 4",
    ),
    ("rules-index.md", "Trump suit"): (
        ["10"],
        "[c.rank_label for c in Rules().ranking(Suit.HEARTS, Bid.parse('7H'))][3:7] == ['A', 'K', 'Q', '10']",
    ),
    ("rules-index.md", "Sister suit"): (
        ["10"],
        "[c.rank_label for c in Rules().ranking(Suit.DIAMONDS, Bid.parse('7H'))][:4] == ['A', 'K', 'Q', '10']",
    ),
    ("rules-index.md", "Bids and their order"): (
        ["6", "10", "6♠", "10NT"],
        "Rules().bid_ladder()[0] == Bid.parse('6S') and [b for b in Rules().bid_ladder() if not b.is_misere][-1] == Bid.parse('10NT')",
    ),
    ("rules-index.md", "Misère"): (
        ["7NT", "8♠", "7", "250", "7♠", "150"],
        "below(Rules(), Bid.misere()) == Bid.parse('7NT') and Rules().bid_value(Bid.misere()) == 250"
        " and below(Rules.preset('misere-150'), Bid.misere()) == Bid.parse('7S')"
        " and Rules.preset('misere-150').bid_value(Bid.misere()) == 150 and Rules().misere == 'after-seven'",
    ),
    ("rules-index.md", "Open misère"): (
        ["10♦", "10♥", "500", "10♥", "8NT", "330", "8♠", "250"],
        "below(Rules(), Bid.open_misere()) == Bid.parse('10D') and Rules().bid_value(Bid.open_misere()) == 500"
        " and below(Rules.preset('open-misere-above-10h'), Bid.open_misere()) == Bid.parse('10H')"
        " and below(Rules.preset('open-misere-330'), Bid.open_misere()) == Bid.parse('8NT')"
        " and Rules.preset('open-misere-330').bid_value(Bid.open_misere()) == 330"
        " and below(Rules.preset('misere-150'), Bid.open_misere()) == Bid.parse('8S')"
        " and Rules.preset('misere-150').bid_value(Bid.open_misere()) == 250",
    ),
    ("rules-index.md", "End of the auction"): (["6"], "Rules.preset('american').six_bids_informational"),
    ("rules-index.md", "Bidding conventions"): (["6NT", "6"], "source: seed 000_ (6NT, bluff 6-bids)"),
    ("rules-index.md", "Kitty"): (["5", "45"], "Rules.preset('45-card').kitty_size == 5"),
    ("rules-index.md", "Misère play"): (
        ["3", "6"],
        "Rules.preset('three-player').players == 3 and Rules.preset('six-player').players == 6",
    ),
    ("rules-index.md", "Contract values"): (
        ["40", "100", "6", "20"],
        "all(Rules().bid_value(b) == 40 + 100 * (b.tricks - 6) + 20 * d for d, s in enumerate('SCDH')"
        " for b in (Bid.parse(f'{n}{s}') for n in range(6, 11)))"
        " and all(Rules().bid_value(Bid.parse(f'{n}NT')) == 40 + 100 * (n - 6) + 20 * 4 for n in range(6, 11))",
    ),
    ("rules-index.md", "Made / set"): (["10"], "source: seed 004_ (overtricks 'di solito' 10 each); not played"),
    ("rules-index.md", "Slam"): (
        ["ten tricks", "250", "250"],
        "Rules().score(Bid.parse('7NT'), 10)[0] == 250 and Rules(slam_bonus=False).score(Bid.parse('7NT'), 10)[0] == 220",
    ),
    ("rules-index.md", "Defenders"): (
        ["10"],
        "Rules().defender_points(1) == 10 and Rules().score(Bid.misere(), 0)[1] == 0"
        " and Rules.preset('defenders-beyond-five').defender_points(6) == 10",
    ),
    ("rules-index.md", "Winning"): (
        ["500", "500", "500", "−500", "500"],
        "Rules().target == 500 and Rules().hole == -500 and crossed(Rules(), [-350, 470], '7NT', [2, 3, 2, 3]) == 1"
        " and crossed(Rules.preset('five-player'), [-480, 480, 0, 0, 0], '6S', [1, 2, 3, 2, 2]) == 1",
    ),
    ("rules-index.md", "Losing"): (
        ["−500", "−500", "3", "−500"],
        "Rules().hole == -500 and Rules.preset('no-hole').hole is None and Rules.preset('three-player').hole is None"
        " and Rules.preset('three-player').players == 3 and Rules.preset('three-player').barred_from_winning_at == -500",
    ),
    ("rules-index.md", "Three players ( )"): (
        ["33", "43"],
        "Rules.preset('three-player').players == 3 and len(Rules.preset('three-player').deck()) == 33"
        " and len(Rules().deck()) == 43",
    ),
    ("rules-index.md", "Two players: layout ( )"): (
        ["10", "5"],
        "Rules.preset('two-player').players == 2 and Rules.preset('two-player').hand_size == 10",
    ),
    ("rules-index.md", "Six players"): (
        ["63"],
        "len(Rules.preset('six-player').deck()) == 63 and Rules.preset('six-player').players == 6",
    ),
    ("rules-index.md", "Five players"): (
        ["53"],
        "len(Rules.preset('five-player').deck()) == 53 and Rules.preset('five-player').players == 5",
    ),
}


def _reference_pages() -> list[Path]:
    return [BOOK / "glossary.md", BOOK / "rules-index.md", BOOK / "references.md"]


def test_reference_facts() -> None:
    """Every figure on the glossary, the rules index and the sources page is listed in
    ``REFERENCE_FACTS`` with what backs it, and each engine fact holds: a changed figure fails
    until its fact is updated (and checked)."""
    problems = []
    seen = set()
    for path in _reference_pages():
        for key, text in reference_entries(path).items():
            found = reference_tokens(text)
            if not found:
                continue
            fact = REFERENCE_FACTS.get((path.name, key))
            if fact is None and path.name == "references.md":
                continue  # the sources page: below
            seen.add((path.name, key))
            if fact is None:
                problems.append(f"{path.name} / {key}: figures {found} are not in REFERENCE_FACTS")
                continue
            expected, backing = fact
            if found != expected:
                problems.append(f"{path.name} / {key}: the page says {found}, REFERENCE_FACTS lists {expected}")
            elif not backing.startswith(("source:", "citation:")) and not eval(backing, _engine()):
                problems.append(f"{path.name} / {key}: {backing} does not hold")
    stale = set(REFERENCE_FACTS) - seen
    assert not stale, f"REFERENCE_FACTS lists entries no page has: {sorted(stale)}"
    assert not problems, "\n".join(problems)


def test_the_sources_page_figures_are_the_sources() -> None:
    """The sources page describes documents: its deck sizes are the engine's presets, the rest is
    what those documents say (read against the seeds and the rule books it names)."""
    text = (BOOK / "references.md").read_text(encoding="utf-8")
    from fivehundred_tutor import Rules

    assert "3-player (33 cards)" in text and len(Rules.preset("three-player").deck()) == 33
    assert "five players use 53 cards" in text and len(Rules.preset("five-player").deck()) == 53
    assert "the rule that −500 does not end the\n   game" in text and Rules.preset("three-player").hole is None


# -------------------------------------------------------------------------------- planted drift
@pytest.mark.parametrize(
    ("chapter", "old", "new", "kind"),
    [
        ("09-scoring", "scores 250, not 40", "scores 250, not 45", "a rule's figure (a score)"),
        ("01a-phases-of-a-hand", "back to ten cards", "back to nine cards", "a count in words"),
        (
            "06-kitty",
            "three random cards from the 33",
            "three random cards from the 32",
            "a figure about a generated example",
        ),
        ("09c-card-play", "the K♦ is with East", "the J♦ is with East", "a card of a literal example"),
        (
            "09d-defence",
            "North's only heart is the 5♥",
            "North's only heart is the 6♥",
            "a card the example does not hold",
        ),
        ("13-variants", "open misère above 8NT worth 330", "open misère above 8NT worth 350", "a variant's value"),
        (
            "09c-card-play",
            "no spades left and one small trump",
            "no spades left and four small trumps",
            "a hand's count",
        ),
    ],
)
def test_a_planted_drift_in_a_chapter_fails(tmp_path: Path, chapter: str, old: str, new: str, kind: str) -> None:
    source = (BOOK / "chapters" / f"{chapter}.md").read_text(encoding="utf-8")
    assert old in source, f"{old!r} is no longer in {chapter}: update this test"
    copy = tmp_path / f"{chapter}.md"
    copy.write_text(source.replace(old, new, 1), encoding="utf-8")
    assert not problems_of(BOOK / "chapters" / f"{chapter}.md")[0], "clean before the drift is planted"
    problems, _ = problems_of(copy)
    assert problems, f"{kind}: {new!r} was not caught"


def test_a_claims_marker_cannot_excuse_a_generated_example(tmp_path: Path) -> None:
    source = (BOOK / "chapters" / "06-kitty.md").read_text(encoding="utf-8")
    old = "Replay the example hand."
    copy = tmp_path / "06-kitty.md"
    copy.write_text(source.replace(old, "<!-- claims: source --> " + old, 1), encoding="utf-8")
    assert any("claims marker in a section with a generated example" in p for p in problems_of(copy)[0])


def test_a_figure_in_a_comment_backs_nothing(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "---\njupytext:\n  text_representation:\n    format_name: myst\n---\n\n## A section\n\nThe kitty has 7 cards.\n\n"
        "```{code-cell} ipython3\n:tags: [remove-cell]\n\nkitty = 3  # 7\n```\n",
        encoding="utf-8",
    )
    assert problems_of(page)[0]


def test_a_planted_drift_on_a_reference_page_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, old, new in (
        ("glossary.md", "40 for 6♠", "60 for 6♠"),  # the figure changes: the listed tokens no longer match
        ("rules-index.md", "| 10 cards each, kitty of 3 |", "| 10 cards each, kitty of 5 |"),
    ):
        pages = []
        for path in _reference_pages():
            copy = tmp_path / path.name
            text = path.read_text(encoding="utf-8")
            copy.write_text(text.replace(old, new) if path.name == name else text, encoding="utf-8")
            pages.append(copy)
        monkeypatch.setattr(sys.modules[__name__], "_reference_pages", lambda pages=pages: pages)
        with pytest.raises(AssertionError):
            test_reference_facts()
    # a fact that no longer holds fails too, with the figures unchanged
    monkeypatch.setattr(
        sys.modules[__name__],
        "_reference_pages",
        lambda: [BOOK / n for n in ("glossary.md", "rules-index.md", "references.md")],
    )
    facts = dict(REFERENCE_FACTS)
    facts[("glossary.md", "In the hole")] = (["−500"], "Rules().hole == -400")
    monkeypatch.setattr(sys.modules[__name__], "REFERENCE_FACTS", facts)
    with pytest.raises(AssertionError, match="does not hold"):
        test_reference_facts()


def test_no_slam_bonus_is_a_house_rule_not_the_italian_sources() -> None:
    """Seed 004_ says only that a made ten-trick bid scores its table value (always 440 or more), which
    agrees with the default's slam rule: "no slam bonus" is a house rule, and the book says so."""
    variants = (BOOK / "chapters" / "13-variants.md").read_text(encoding="utf-8")
    index = (BOOK / "rules-index.md").read_text(encoding="utf-8")
    slam_row = next(line for line in index.splitlines() if line.startswith("| Slam |"))
    assert "Italian" not in slam_row and "house rule" in slam_row, slam_row
    bullet = variants[variants.index("**No slam bonus**") :].split("\n- ")[0]
    assert "house rule" in bullet and "the Italian source gives a ten-trick contract just its table value" not in bullet
    assert "440" in bullet  # why the Italian line agrees with the default


def test_a_part_number_is_a_label_and_a_figure_beside_it_is_not() -> None:
    found = [t.text for t in tokens("**Part 2** has you bid; Part 1 asks 24 questions, part 3 scores 20 of them.")]
    assert found == ["24", "20"], found
