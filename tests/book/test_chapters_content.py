"""Content checks for the book's chapters (helper C's area).

The chapters themselves run under nbval (see ``tests/book/conftest.py``); these tests check what a run
cannot: that every chapter is in the table of contents, has a live widget and a quiz, says
which variant its rules belong to, that every cross-reference has a target, that the printed
Avondale table is the engine's (and reprints for a house rule), and that the glossary and the
variants chapter cover the sources' terms and variants.  Fast: no kernel is started.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import jupytext
import pytest

from fivehundred_tutor import PRESETS, Bid, Rules, Suit

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
CHAPTERS = sorted((BOOK / "chapters").glob("*.md"))
REFERENCE_PAGES = [BOOK / "glossary.md", BOOK / "rules-index.md", BOOK / "references.md"]

WIDGETS = (
    "CardView",
    "CardHierarchyQuiz",
    "BowerTrainer",
    "BiddingLadder",
    "TrickTrainer",
    "ScoringQuiz",
    "DealReplay",
    "QuizWidget",
    "PlayProblem",
)
QUIZZES = ("CardHierarchyQuiz", "BowerTrainer", "BiddingLadder", "TrickTrainer", "ScoringQuiz", "QuizWidget")


def read(path: Path) -> Any:
    return jupytext.read(path, fmt="md:myst")


def visible_code(path: Path) -> list[str]:
    """Source of the code cells a reader sees (not removed from the page)."""
    cells = []
    for cell in read(path).cells:
        tags = cell.metadata.get("tags", [])
        if cell.cell_type == "code" and "remove-cell" not in tags and "remove-input" not in tags:
            cells.append(cell.source)
    return cells


def prose(path: Path) -> str:
    return "\n".join(c.source for c in read(path).cells if c.cell_type == "markdown")


def test_there_are_fourteen_chapters() -> None:
    assert len(CHAPTERS) >= 14, [p.name for p in CHAPTERS]


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_is_a_myst_notebook(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    header = text.split("---", 2)[1]
    assert "format_name: myst" in header and "name: python3" in header
    nb = read(path)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    assert any(c.cell_type == "code" for c in nb.cells)
    assert not re.search(r"^\s*(import random|from random import)", text, re.M), "use fivehundred_tutor.rng"


def test_every_page_is_in_the_toc_and_every_toc_entry_exists() -> None:
    toc = (BOOK / "_toc.yml").read_text(encoding="utf-8")
    entries = re.findall(r"file:\s*(\S+)", toc)
    for path in CHAPTERS + REFERENCE_PAGES:
        rel = path.relative_to(BOOK).with_suffix("").as_posix()
        assert rel in entries, f"{rel} is missing from _toc.yml"
    for entry in entries:
        assert (BOOK / f"{entry}.md").exists() or (BOOK / f"{entry}.ipynb").exists(), entry


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_has_a_widget_and_a_seeded_quiz(path: Path) -> None:
    code = "\n".join(visible_code(path))
    used = {w for w in WIDGETS if re.search(rf"\b{w}\(", code)}
    assert used, f"{path.name} shows no widget"
    quiz_calls = re.findall(rf"\b(?:{'|'.join(QUIZZES)})\((.*)\)", code)
    assert quiz_calls, f"{path.name} has no quiz widget"
    for args in quiz_calls:
        assert "seed=" in args, f"{path.name}: a quiz without a fixed seed: {args}"
    assert re.search(r"\bfrom fivehundred_tutor\.widgets import\b", code)


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_has_card_pictures_or_engine_output(path: Path) -> None:
    code = "\n".join(c.source for c in read(path).cells if c.cell_type == "code")
    assert re.search(r"cards_html\(|CardView\(|DealReplay\(|Deal\.new\(|Deal\.from_position\(", code), path.name


@pytest.mark.parametrize("path", CHAPTERS[1:], ids=lambda p: p.stem)
def test_chapter_says_which_variant(path: Path) -> None:
    text = prose(path)
    says_whose = r"\bdefault\b|\b(every|all) variants?\b|variant `[a-z0-9-]+`"
    assert re.search(says_whose, text, re.I), f"{path.name} never says which variant its rules belong to"
    assert re.search(r"variant|preset", text, re.I), f"{path.name} names no variant"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_defines_its_rules_profile_in_a_cell(path: Path) -> None:
    code = "\n".join(c.source for c in read(path).cells if c.cell_type == "code")
    assert re.search(r"\brules = (Rules\(|Rules\.preset\()", code) or "Rules(" in code, path.name


def test_every_reference_has_a_target() -> None:
    pages = CHAPTERS + REFERENCE_PAGES + [BOOK / "index.md"]
    texts = {p: p.read_text(encoding="utf-8") for p in pages if p.exists()}
    labels = set()
    for text in texts.values():
        labels |= set(re.findall(r"^\(([\w-]+)\)=\s*$", text, re.M))
    links = 0
    for path, text in texts.items():
        # Cross-references are Markdown links, which JupyterLab shows as links too ({ref} and
        # {doc} roles would show as raw text there).
        assert not re.search(r"\{(ref|doc)\}`", text), f"{path.name}: use [text](#label) or [text](page.md)"
        for target in re.findall(r"\]\(#([\w-]+)\)", text):
            assert target in labels, f"{path.name}: link to undefined label {target!r}"
            links += 1
        for page in re.findall(r"\]\(([\w./-]+\.md)\)", text):
            assert (path.parent / page).exists(), f"{path.name}: link to missing page {page!r}"
            links += 1
    assert links >= 100
    glossary = texts[BOOK / "glossary.md"]
    terms = {line.strip().lower() for line in glossary.splitlines() if re.match(r"^[A-Z][\w ]+$", line)}
    for path, text in texts.items():
        for term in re.findall(r"\{term\}`([^`]+)`", text):
            assert term.lower() in terms, f"{path.name}: {{term}} {term!r} not in the glossary"


def _table_from_chapter(rules_expr: str) -> tuple[str, dict[str, Any]]:
    """Run chapter 4's setup cell with another rules profile, then its table cell; return the Markdown."""
    nb = read(BOOK / "chapters" / "04-bidding-ladder.md")
    code = [c for c in nb.cells if c.cell_type == "code"]
    setup = code[0].source
    assert re.search(r"^rules = Rules\(\)", setup, re.M), "chapter 4 must set its profile as `rules = Rules()`"
    setup = re.sub(r"^rules = Rules\(\)", f"rules = {rules_expr}", setup, flags=re.M)
    table = next(c for c in code if "avondale-table" in c.metadata.get("tags", []))
    namespace: dict[str, Any] = {}
    exec(setup, namespace)
    *body, last = table.source.rstrip().splitlines()
    exec("\n".join(body), namespace)
    markdown = eval(last, namespace)
    return markdown.data, namespace


@pytest.mark.parametrize("preset", ["australian", "misere-150", "open-misere-330", "no-misere"])
def test_printed_scoring_table_is_the_engines(preset: str) -> None:
    text, _ = _table_from_chapter(f'Rules.preset("{preset}")')
    rules = Rules.preset(preset)
    rows = [line for line in text.splitlines() if re.match(r"^\| (6|7|8|9|10) \|", line)]
    assert len(rows) == 5
    for line in rows:
        cells = [c.strip() for c in line.strip("|").split("|")]
        tricks = int(cells[0])
        expected = [rules.bid_value(Bid.suit(tricks, s)) for s in Suit] + [rules.bid_value(Bid.no_trumps(tricks))]
        assert [int(c) for c in cells[1:]] == expected
    if rules.misere == "never":
        assert "Misère" not in text
    else:
        assert f"Misère: **{rules.bid_value(Bid.misere())}**" in text
        assert f"open misère: **{rules.bid_value(Bid.open_misere())}**" in text


def test_scoring_table_reprints_for_a_house_rule() -> None:
    default, _ = _table_from_chapter("Rules()")
    low, _ = _table_from_chapter('Rules.preset("misere-150")')
    assert default != low and "**150**" in low and "**250**" in default


def test_variants_chapter_covers_every_preset_and_the_sources_variants() -> None:
    text = (BOOK / "chapters" / "13-variants.md").read_text(encoding="utf-8")
    index = (BOOK / "rules-index.md").read_text(encoding="utf-8")
    for name in PRESETS:
        if name != "australian":
            assert f"`{name}`" in text or f"`{name}`" in index, f"preset {name} is described nowhere"
    for needle in (
        "45 cards",
        "63 cards",
        "Six players",
        "Nullo",
        "Inkle",
        "St Paul",
        "Bryce Francis",
        "6NT promises the joker",
        "Canadian",
    ):
        assert needle in text, needle


def test_glossary_gives_the_sources_polish_and_italian_terms() -> None:
    text = (BOOK / "glossary.md").read_text(encoding="utf-8")
    for word in (
        "musik",
        "tallone",
        "walet",
        "lewa",
        "presa",
        "misère",
        "briscola",
        "atu",
        "bez atu",
        "dżoker",
        "licytacja",
        "asta",
        "pantano",
        "renons",
        "dichiarante",
        "rozgrywający",
    ):
        assert word in text, word


def test_rules_index_points_at_every_rule_section() -> None:
    index = (BOOK / "rules-index.md").read_text(encoding="utf-8")
    labels = set()
    for path in CHAPTERS:
        labels |= set(re.findall(r"^\((rule-[\w-]+)\)=\s*$", path.read_text(encoding="utf-8"), re.M))
    assert len(labels) >= 25
    missing = sorted(label for label in labels if label not in index and label != "rule-misere-defence")
    assert not missing, f"rules index lacks {missing}"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_every_plot_has_alt_text(path: Path) -> None:
    for cell in read(path).cells:
        if cell.cell_type == "code" and "plt.show()" in cell.source:
            alt = cell.metadata.get("mystnb", {}).get("image", {}).get("alt", "")
            assert len(alt) > 40, f"{path.name}: a plot without a description for screen readers"


# ------------------------------------------------------------------ issue 12: "wrong now" items
# Each test keeps one corrected claim from coming back.


def chapter(stem: str) -> Path:
    return next(p for p in CHAPTERS if p.stem.startswith(stem))


def page_text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def code_text(path: Path) -> str:
    return "\n".join(c.source for c in read(path).cells if c.cell_type == "code")


def test_three_player_end_is_the_first_to_500_trick_by_trick() -> None:
    text = prose(chapter("10"))
    assert "unclear" not in text and "higher score" not in text
    assert "first, trick by trick" in text and "who takes the first trick" in text
    # A worked hand whose winner the engine's game decides, checked in a hidden cell.
    assert "race_game.winner == first" in code_text(chapter("10"))


def test_three_player_minus_500_is_taught_as_the_guides_rule_with_an_engine_game() -> None:
    """Seed 002_: a player at -500 plays on; reaching 500 later, nobody wins and play continues."""
    text = " ".join(prose(chapter("10")).split())
    assert "plays on, but can no longer win" in text
    assert "nobody wins the game. The game goes on" in text and "3-player guide" in text
    assert "interpretation" in text and "four-player rule" in text
    code = code_text(chapter("10"))
    # The example is a game the engine played and judged, its sentence computed and asserted.
    assert "played_on_example()" in code and "long_game.notes" in code and "nobody wins" in code
    assert "`three-player`" not in page_text(chapter("10")), "a preset slug in the reader's text"


def test_misere_strategy_is_taught_as_the_sources_have_it_and_checked_by_the_solver() -> None:
    """Issue 25 §3: the kitty is an exchange, a short suit (seed 004_), defending a misère, and open
    misère examples that pass the book's hand test — each shown on deals the solver checks."""
    text = " ".join(prose(chapter("08")).split())
    assert "The kitty is an exchange" in text and "you must keep all three kitty cards" in text
    assert "un seme corto" in text and "A **void** is where your dangerous cards go" in text
    for advice in ("Lead low, under the declarer", "Let the declarer win", "High cards only to take the lead"):
        assert advice in text, advice
    assert "The sources give no advice on defending a misère" in text
    assert "long in" not in text, "the old advice to lead the declarer's long suits"
    assert "fair bid" not in text, "an open misère called fair without a check"
    code = code_text(chapter("08"))
    # Each lesson's example is computed: every kitty counted, the exchange and the first lead
    # solved, the defence found on a dealt hand that passes the hand test, with asserts.
    for needle in (
        "combinations(unseen, default.kitty_size)",
        "unbeatable_exchanges(o_start, o_seat, Bid.open_misere())",
        "Solver().analyse(lead_position)",
        "defence_example()",
        "sound_auction(d_played)",
        "sound_auction(open_deal)",
    ):
        assert needle in code, needle


def test_two_rounds_of_trumps_are_not_said_to_usually_draw_them() -> None:
    for path in CHAPTERS + REFERENCE_PAGES:
        text = prose(path) if path in CHAPTERS else page_text(path)
        assert not re.search(r"two rounds (of trumps )?usually draw", text, re.I), path.name
    code = code_text(chapter("07"))
    assert "[12, 24, 41]" in code and "rng.shuffle" in code, "the odds are computed and checked by dealing"


def test_weak_six_reason_is_that_passing_is_final() -> None:
    for stem in ("05", "13"):
        text = prose(chapter(stem))
        assert not re.search(r"help (someone|their partner|partner)[^.]*reach (the )?7", text), stem
        assert re.search(r"pass(ing)? is final", text), stem
        assert re.search(r"stay in the auction", text), stem


def test_advance_joker_nomination_is_two_attributed_variants() -> None:
    text = prose(chapter("07"))
    assert "published Australian rules" not in text
    # each named as a learner would name it in the prose; the code beside it plays both
    code = page_text(chapter("07"))
    assert '"joker-advance"' in code and '"joker-advance-declarer"' in code
    assert "Polish encyclopedia" in text and "Declarer only" in text and "Any holder" in text
    assert Rules.preset("joker-advance").joker_advance_by == "any-holder"
    assert Rules.preset("joker-advance-declarer").joker_advance_by == "declarer"


def test_nullo_and_inkle_give_each_sources_meaning() -> None:
    variants, glossary = prose(chapter("13")), page_text(BOOK / "glossary.md")
    for text in (variants, glossary):
        assert re.search(r"Italian source", text) and "Trickster" in text and "Wikipedia" in text
        assert re.search(r"Nullo[\s\S]{0,400}American name of misère|American rule books use[\s\S]{0,80}misère", text)
    assert "Trickster" in prose(chapter("08"))
    references = page_text(BOOK / "references.md")
    for source in ("Trickster", "Official Team Rules", "Wikipedia", "500 Cards"):
        assert source in references, source


def test_widow_is_ordinary_and_the_guides_odd_words_are_named() -> None:
    for path in (BOOK / "glossary.md", BOOK / "references.md"):
        text = page_text(path)
        flat = text.replace("\n", " ")
        assert not re.search(r"odd (words )?\((for example \*wdowa\*|the kitty is a .widow.)", flat), path.name
        for word in ("Prawy napastnik", "Lewy altanka", "łapówk"):
            assert word in text, (path.name, word)
        assert "ordinary American" in text


def test_variants_chapter_has_five_players_and_rebid_after_change() -> None:
    text = page_text(chapter("13"))
    # the variants by name in the prose; the code that switches each on, in the code beside it
    assert "## Five players" in text and 'Rules.preset("five-player")' in text
    assert "interpretation" in text.split("## Five players")[1].split("## Six players")[0]
    assert "bidding again once someone changes suit" in page_text(chapter("05"))
    assert 'Rules.preset("rebid-after-change")' in page_text(chapter("05"))
    assert Rules.preset("five-player").deck_size == 53


def test_attributions_are_what_the_sources_say() -> None:
    assert "The sources give simple advice" not in prose(chapter("06"))
    variants = prose(chapter("13"))
    assert "Kings, and even queens and jacks, can be shown" not in variants
    assert re.search(r"\*\*Kings\*\* are shown", variants)
    assert "may be played at any time" in prose(chapter("03"))
    assert "cannot work" in prose(chapter("10")) and "3 × 10 + 3 = 33" in prose(chapter("10"))


EXAMPLE_AUCTION = re.compile(
    r"auction\(Deal\.new\((?P<rules>[^,]+), seed=(?P<seed>\d+), dealer=(?P<dealer>\d+)\), (?P<calls>\[[^\]]*\])\)"
)


def test_every_example_auction_is_sound_for_the_hands() -> None:
    """Every bid made in an example auction passes the hand evaluation (questions.judging)."""
    import ast

    from fivehundred_tutor import Deal
    from fivehundred_tutor.bidding_standard import call_problem_in

    names = {"rules": Rules(), "default": Rules(), "american": Rules.preset("american"), "Rules": Rules}
    checked = 0
    for path in CHAPTERS:
        for match in EXAMPLE_AUCTION.finditer(code_text(path)):
            rules = eval(match["rules"], {}, names)
            deal = Deal.new(rules, seed=int(match["seed"]), dealer=int(match["dealer"]))
            for text in ast.literal_eval(match["calls"]):
                call = deal.parse_action(text)
                if call not in deal.legal_actions():
                    continue  # the example shows the engine refusing it
                problem = call_problem_in(deal, call)
                assert problem is None, f"{path.name}: {rules.seat_name(deal.to_move)} {problem}"  # type: ignore[arg-type]
                deal.push(call)
                checked += 1
    assert checked >= 20


def test_the_hand_evaluation_rejects_the_bids_the_book_used_to_show() -> None:
    from fivehundred_tutor import Bid, Deal
    from fivehundred_tutor.questions.judging import call_problem

    old = Deal.new(Rules(), seed=7, dealer=0)  # chapter 5's former example hands
    assert call_problem(Rules(), old.hands[0], Bid.parse("7C"))  # North: 7♣ with one club
    assert call_problem(Rules(), old.hands[3], Bid.parse("misere"))  # West: A♠ K♣ Q♣ J♥ J♦
    assert call_problem(Rules(), old.hands[1], Bid.parse("open misere"))  # East with A♦ Q♦


def test_bot_statistics_are_labelled_as_what_the_bots_do() -> None:
    for path in CHAPTERS:
        cells = read(path).cells
        if "from fivehundred_tutor.cli import simulate" not in code_text(path):
            continue  # the bots' simulation (a chapter may define its own double-dummy one)
        for i, cell in enumerate(cells):
            if cell.cell_type == "code" and "simulate(" in cell.source:
                before = next(c.source for c in reversed(cells[:i]) if c.cell_type == "markdown")
                assert re.search(r"\bbots?\b", before), f"{path.name}: bot figures not labelled as the bots'"


def test_kitty_quiz_discards_no_aces_and_its_contracts_are_sound() -> None:
    from fivehundred_tutor import Bid, Card
    from fivehundred_tutor.questions import generate
    from fivehundred_tutor.questions.judging import call_problem

    for difficulty in (1, 2, 3):
        for seed in range(25):
            q = generate("kitty", Rules(), seed, difficulty)
            example = [Card.parse(c) for c in q["answer"]["example"]]
            hand = [Card.parse(c["code"]) for c in q["context"]["hand"]]
            assert not any(c.rank == 24 and not c.is_joker for c in example) or all(
                c.rank == 24 for c in hand if c.code not in q["answer"]["forbidden"]
            ), q["explanation"]
            contract = Bid.parse(q["context"]["contract"]["code"])
            trumps = [c for c in hand if c.code in q["answer"]["forbidden"]]
            assert len(trumps) >= (3 if contract.tricks == 6 else 4), q["prompt"]
            power = Rules().table(contract).power
            others = sorted((c for c in hand if c not in trumps), key=lambda c: -power[c.index])
            assert call_problem(Rules(), (trumps + others)[:10], contract) is None, q["prompt"]


def test_decision_quiz_does_not_forbid_overtaking_partner() -> None:
    from fivehundred_tutor.questions import generate

    for seed in range(12):
        q = generate("play-decision", Rules(), seed, 2)
        assert "Don't overtake" not in q["explanation"]


# --------------------------------------------------------------- glossary: defined before first use

# How each glossary term is recognised in prose (default: the term, optionally plural).
TERM_PATTERNS = {
    "avondale schedule": r"\bAvondale\b",
    "bid": r"\bbid(s|ding|der|ders)?\b",
    "cash": r"\bcash(es|ed|ing)?\b",
    "cut": r"\bcuts? (a card|for the deal)|\bthe cut\b",
    "discard": r"\bdiscard(s|ed|ing)?\b",
    "double dummy": r"\bdouble[ -]dummy\b",
    "draw trumps": r"\bdraw(s|ing|n)? (the )?(defenders' )?trumps\b",
    "duck": r"\bduck(s|ed|ing)?\b",
    "entry": r"\bentr(y|ies)\b",
    "follow suit": r"\bfollow(s|ed|ing)? (the )?suit\b",
    "in the hole": r"\bin the hole\b",
    "lead": r"\blead(s|ing)?\b|\bled\b",
    "misdeal": r"\bmisdeal(s|t)?\b",
    "misère": r"\bmis[eè]re\b",
    "no trumps": r"\bno[ -]trumps?\b",
    "pass": r"\bpass(es|ed)?\b(?! (clockwise|to|on|round))",
    "revoke": r"\brevok(e|es|ed|ing)\b",
    "ruff": r"\bruff(s|ed|ing)?\b",
    "set": r"\b(is|was|be|been|are|were|gets?) set\b",
    "side suit": r"\bside[ -]suits?\b",
    "signal": r"\bsignal(s|led|ling)?\b",
    "trumps": r"\btrumps?\b",
    "void": r"\bvoid\b",
}


def reading_order() -> list[Path]:
    """The chapters in the order of the table of contents."""
    toc = (BOOK / "_toc.yml").read_text(encoding="utf-8")
    return [BOOK / f"{entry}.md" for entry in re.findall(r"file:\s*(chapters/\S+)", toc)]


def glossary_terms() -> dict[str, str]:
    """Glossary label → term."""
    text = page_text(BOOK / "glossary.md")
    return {m[0]: m[1].strip() for m in re.findall(r"^\((gloss-[\w-]+)\)=\n(.+)$", text, re.M)}


def scannable(text: str) -> str:
    """Prose as a reader meets it, same length: headings, labels, code spans and link targets blanked."""
    blank = lambda m: " " * len(m.group(0))  # noqa: E731
    text = re.sub(r"^(#+ .*|\([\w-]+\)=)$", blank, text, flags=re.M)
    text = re.sub(r"`[^`\n]*`", blank, text)
    return re.sub(r"\]\([^)]*\)", lambda m: "]" + " " * (len(m.group(0)) - 1), text)


def test_every_glossary_term_is_linked_at_or_before_its_first_use() -> None:
    terms = glossary_terms()
    assert len(terms) >= 35, sorted(terms.values())
    pages = [(path, prose(path)) for path in reading_order()]
    problems = []
    for label, term in terms.items():
        pattern = re.compile(TERM_PATTERNS.get(term.lower(), rf"\b{re.escape(term)}s?\b"), re.I)
        first_use = first_link = None
        for number, (path, text) in enumerate(pages):
            if first_use is None:
                match = pattern.search(scannable(text))
                if match:
                    first_use = (number, match.start(), path.name, text[max(0, match.start() - 40) : match.end() + 10])
            if first_link is None:
                link = re.search(rf"\[[^\]]*\]\(#{label}\)|\[[^\]]*\]\([./]*glossary\.md#{label}\)", text)
                if link:
                    first_link = (number, link.start())
        if first_use is None:
            continue  # not used in the chapters (reference pages only)
        if first_link is None or first_link > first_use[:2]:
            problems.append(f"{term!r} first used in {first_use[2]} ({first_use[3]!r}) before a link to #{label}")
    assert not problems, "\n".join(problems)


def test_hand_judging_quiz_answer_is_the_only_sound_choice() -> None:
    from fivehundred_tutor import PASS, Bid, Card
    from fivehundred_tutor.bidding_standard import auction_context, call_problem
    from fivehundred_tutor.questions import generate

    rules = Rules()
    for difficulty in (1, 2, 3):
        for seed in range(15):
            q = generate("hand-judging", rules, seed, difficulty)
            hand = [Card.parse(c["code"]) for c in q["context"]["hand"]]
            auction = [
                (rules.seat_names.index(c["seat"]), PASS if c["call"] == "pass" else Bid.parse(c["call"]))
                for c in q["context"].get("auction", [])
            ]
            context = auction_context(rules, rules.seat_names.index("South"), auction)
            verdicts = {c["id"]: call_problem(rules, hand, Bid.parse(c["id"]), context=context) for c in q["choices"]}
            assert [bid for bid, problem in verdicts.items() if problem is None] == [q["answer"]], q["prompt"]
            for problem in verdicts.values():
                assert problem is None or problem in q["explanation"]


def test_the_joker_is_described_by_the_rule_in_force() -> None:
    """Issue 25, expert read: F15 (chapter 8 called the misère declarer's joker "a certain losing card" and
    said a defender's joker wins "whenever that defender wants to take the lead": by default it may be
    played only when void in the suit led, or led); F16 (chapter 7 called variant (d) "a different habit
    of announcing", yet it changes what may be played and the book's games play it); F18 (chapter 7
    quoted "may be made at any moment" for the advance nomination: the source says it of the default
    nomination of a led joker)."""
    misere = " ".join(prose(chapter("08")).split())
    assert "certain losing card" not in misere and "whenever that defender wants" not in misere
    assert "a sure trick, which sinks the misère" in misere and "once that defender is out of the suit led" in misere
    play = " ".join(prose(chapter("07")).split())
    assert "habit of announcing" not in play and "All four change what may be played" in play
    any_holder = play[play.index("**Any holder (Polish encyclopedia).**") : play.index("**Declarer only.**")]
    assert "any moment" not in any_holder
    default = play[play.index("**Default (Polish sources") : play.index("Here the declarer, North, leads the joker")]
    assert 'the nomination "may be made at any moment"' in default
    # (d) changes what may be played: a named joker must follow its suit (the engine's preset plays it)
    assert Rules.preset("joker-advance").joker_advance_nomination


def test_both_chapters_say_the_standard_does_not_assume_that_no_trumps_promises_the_joker() -> None:
    """Issue 25, expert read F13: chapter 13 gives the Polish source's "6NT promises the joker" as the standard
    agreement, while the book's standard (chapter 9b, rule 3), which its bots play, bids no trumps with two
    aces and no joker; neither chapter said so. Both now name the relation and link to each other, and the
    engine agrees: a hand without the joker whose bots' call is 6NT."""
    standard = " ".join(prose(chapter("09b")).split())
    rule_3 = standard[standard.index("Many partnerships agree") :]
    rule_3 = rule_3[: rule_3.index("**4.")]
    assert "promises the joker" in rule_3 and "(#rule-conventions)" in rule_3
    assert "The book's standard does not assume that agreement, and neither do the book's bots" in rule_3
    variants = " ".join(prose(chapter("13")).split())
    item = variants[variants.index("**6NT promises the joker.**") : variants.index('**The St Paul "no"**')]
    assert "(#bidding-standard)) does not assume it, and neither do the book's bots" in item
    from fivehundred_tutor.bidding_standard import HandJudge
    from fivehundred_tutor.bots import HeuristicBot
    from fivehundred_tutor.deal import Deal

    deal = Deal.new(Rules(), seed=103, dealer=3)  # North first to bid, without the joker
    hand = deal.hands[0]
    assert all(c.suit is not None for c in hand) and sum(c.rank_label == "A" for c in hand) >= 2
    assert HeuristicBot().choose(deal) == Bid.parse("6NT") and HandJudge(Rules(), hand).is_sound(Bid.parse("6NT"))


def test_the_expert_reads_small_points_in_the_prose() -> None:
    """Issue 25, expert read F17 j, l, m, q and F12: chapter 7's heading said the rules of play are "the same in
    all four-player variants" while two joker variants in it change following suit; 9e said the sources "say
    nothing about mistakes at the table" (the Italian source names the revoke); the rules index sent
    "Players and partnerships" to "How to use this book"; 12b showed a puzzle's six cards "as its seat sees it"
    with no contract or trick; 9b's misère marks call a lowest 5 safe, though the red suits go down to the 4."""
    play = read(chapter("07")).cells
    headings = [
        line for c in play if c.cell_type == "markdown" for line in c.source.splitlines() if line.startswith("## ")
    ]
    assert (
        "## The rules of play (default; the same in every four-player variant but the joker variants below)" in headings
    )
    assert "same in all four-player variants" not in page_text(BOOK / "rules-index.md") + page_text(
        BOOK / "glossary.md"
    )
    table = " ".join(prose(chapter("09e")).split())
    assert (
        "say nothing about what happens after a mistake at the table** (the Italian source only names the [revoke](#gloss-revoke)"
        in table
    )
    row = next(
        line
        for line in page_text(BOOK / "rules-index.md").splitlines()
        if line.startswith("| Players and partnerships")
    )
    assert row.endswith("[A hand in five phases](#ch-phases) |")
    trainer = page_text(chapter("12b"))
    assert "as its seat sees it before choosing:\nthe contract, the trick so far and its own cards." in trainer
    assert 'f"The contract: {puzzle_deal.contract}' in trainer and "Trick {len(puzzle_deal.tricks) + 1}" in trainer
    standard = " ".join(prose(chapter("09b")).split())
    assert "hearts and diamonds go down to the 4, so a lowest red 5 is not quite safe" in standard
    assert min(c.rank for c in Rules().deck() if c.suit == Suit.HEARTS) == 4


def test_replay_comments_write_cards_as_the_book_does() -> None:
    """Issue 25, expert read F17 e: replay comments and a kitty summary spelled cards in words ("keeps Jack of
    clubs; the discards are Eight of spades, Four of hearts", "Kept from the kitty: Five of diamonds") while the
    rest of the book writes J♣, 8♠. The sentences chapters 6, 12 and 13 compute join cards as the book writes them."""
    for stem in ("06", "12-", "13"):
        code = code_text(chapter(stem))
        assert not re.search(r"join\(c\.name for c\b|c\.name for c in deal\.(kitty|discards)", code), stem
        assert re.search(r"str\(c\) for c in (deal\.)?(kitty|discards|kept|trump_discards)", code), stem


def test_the_bot_charts_of_chapters_5_and_9_use_one_sample() -> None:
    """Issue 25, expert read F17 f: chapter 5's chart of winning bids and chapter 9's make rates were drawn from two
    different 400-hand samples (seeds 5 and 9: 6♠ won 23 auctions in one and 16 in the other), which a reader
    takes for one figure. Both now simulate the same deals, and chapter 9 says so."""
    calls = {stem: re.findall(r"simulate\(rules, \d+, seed=\d+\)", code_text(chapter(stem))) for stem in ("05", "09-")}
    assert calls["05"] and calls["05"] == calls["09-"], calls
    assert (
        "the same 400 deals as the chart of winning\nbids in [What contracts do the book's bots end up in?](#bot-contracts)"
        in (prose(chapter("09-")))
    )


def glossary_entry(term: str) -> str:
    """The glossary's definition of ``term``, joined into one line."""
    match = re.search(rf"^{term}\n((?::|  ).*\n)+", page_text(BOOK / "glossary.md"), re.MULTILINE)
    assert match, term
    return " ".join(match.group(0).split())


def test_the_glossary_partner_and_stopper_entries_are_exact() -> None:
    """Issue 25, expert read F17 k: *Partner* knew only the four- and five-player games (RULES.md §9: six players
    play in "two teams of three in alternate seats"), and *Stopper* named an ace or a guarded king but not the queen
    with two others that chapter 9b's standard counts. Each now says what the engine and the standard do."""
    from fivehundred_tutor.bidding_standard import count_items
    from fivehundred_tutor.cards import parse_cards

    partner = glossary_entry("Partner")
    assert "six-player team game, two teams of three in alternate seats" in partner, partner
    assert "players two and four seats round from you" in partner
    six = Rules.preset("six-player")
    assert six.sides == ((0, 2, 4), (1, 3, 5))  # alternate seats
    assert "six each for themselves, you have none" in partner
    assert Rules.preset("six-player-individual").sides == tuple((s,) for s in range(6))

    stopper = glossary_entry("Stopper")
    assert "an ace, a king with another card of its suit (K x), or a queen with at least two others" in (stopper)

    assert "no ace, no king with another card of its suit, no queen with two others" in code_text(chapter("09b"))

    def unstopped(cards: str) -> set[Suit]:
        items = count_items(Rules(), parse_cards(cards), Bid.parse("7NT"))
        return {s for item in items if item.kind == "nt no stopper" for s in item.suits}

    # the standard: A, Kx and Qxx stop a suit; a bare K, Qx and J-high suits do not
    assert Suit.HEARTS not in unstopped("AH 5S 6S 7S 8S 9S 5C 6C 7C 8C")
    assert Suit.HEARTS not in unstopped("KH 5H 6S 7S 8S 9S 5C 6C 7C 8C")
    assert Suit.HEARTS in unstopped("KH 5S 6S 7S 8S 9S 5C 6C 7C 8C")
    assert Suit.HEARTS not in unstopped("QH 5H 6H 7S 8S 9S 5C 6C 7C 8C")
    assert Suit.HEARTS in unstopped("QH 5H 6S 7S 8S 9S 5C 6C 7C 8C")
    assert Suit.HEARTS in unstopped("JH 5H 6H 7S 8S 9S 5C 6C 7C 8C")


def test_the_italian_sources_place_for_misere_is_quoted_as_it_stands() -> None:
    """Issue 25, expert read F17 n: the Italian source (004_, "Dichiarazioni Misère") places misère "tra 7 cuori e 8
    picche nella maggior parte degli ordini d'asta", which the book did not say. Chapter 8 quotes it word for word and
    says what it leaves open (7NT lies between those bids too; the Polish encyclopedia settles it: above 7NT)."""
    text = " ".join(prose(chapter("08")).split())
    assert (
        '*"La Misère si colloca tra 7 cuori e 8 picche nella maggior parte degli ordini d\'asta"* ("misère sits '
        'between 7 hearts and 8 spades in most bidding orders")' in text
    )
    assert "Between 7♥ and 8♠ the ladder has two bids, 7NT and misère" in text
    ladder = Rules().bid_ladder()
    between = ladder[ladder.index(Bid.parse("7H")) + 1 : ladder.index(Bid.parse("8S"))]
    assert list(between) == [Bid.parse("7NT"), Bid.misere()]
    assert '*"wyższa od 7BA, ale niższa od 8♠"* (higher than 7NT but lower than 8♠)' in text
