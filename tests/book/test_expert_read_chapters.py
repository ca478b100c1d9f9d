"""An expert's read of the built book, chapters 1, 3, 4, 7 and 9, in the English, Polish and Italian editions:
each sentence it found wrong or misleading, checked against the engine (or the chapter's own figures), so that
it cannot come back.

- ch. 1: a picture labelled "Top five hearts" showed J♥ J♦ A♥ K♥ Q♥, leaving out the joker, while the home
  page gives the joker, J♥, J♦, A♥, K♥ as the five best cards with hearts trumps;
- ch. 3: "the ranks in this chapter hold in every variant the sources describe", while chapter 13 reports the
  Italian source's Canadian joker (valid only in no trumps) and its six-player pack with a second joker;
- ch. 4: "open misère is the same with your cards laid face up" (RULES §5: after the first trick);
- ch. 7: "with seven trumps or fewer … that is the exception", while the table gives 41% at seven;
- ch. 9: "the higher the contract, the less often it is made", while its chart has 8♣ (88%) and 8♥ (85%) above
  most seven-level contracts.
"""

from __future__ import annotations

import ast
import re
from math import comb
from pathlib import Path
from typing import Any

import jupytext
import pytest

from fivehundred_tutor import Bid, Deal, Rules, Suit, parse_cards
from fivehundred_tutor.cli import simulate

ROOT = Path(__file__).resolve().parents[2]
EDITIONS = {"en": ROOT / "book", "pl": ROOT / "book" / "editions" / "pl", "it": ROOT / "book" / "editions" / "it"}


def _page(lang: str, chapter: str) -> str:
    return (EDITIONS[lang] / "chapters" / f"{chapter}.md").read_text(encoding="utf-8")


def _cells(lang: str, chapter: str) -> list[Any]:
    return list(jupytext.reads(_page(lang, chapter), fmt="md:myst").cells)


def _prose(lang: str, chapter: str) -> str:
    return "\n\n".join(c.source for c in _cells(lang, chapter) if c.cell_type == "markdown")


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("lang", list(EDITIONS))
def test_ch01_the_pictured_top_cards_are_the_engines_top_trumps(lang: str) -> None:
    cell = next(c.source for c in _cells(lang, "01-how-to-use") if c.cell_type == "code" and "CardView(" in c.source)
    shown = re.search(r'= parse_cards\("([^"]+)"\)', cell)
    label = re.search(r'label="([^"]+)"', cell)
    assert shown and label, cell
    cards = parse_cards(shown[1])
    assert cards == Rules().ranking(Suit.HEARTS, Bid.parse("7H"))[:5], shown[1]
    # the label says what they are: the best cards when hearts are trumps, as the home page's picture says
    words = {"en": "when hearts are trumps", "pl": "gdy atu są kiery", "it": "quando la briscola è cuori"}[lang]
    assert words in label[1] and label[1] in (EDITIONS[lang] / "index.md").read_text(encoding="utf-8"), label[1]


#: how each edition names what chapter 13 reports: the Canadian joker, and the Italian six-player pack's second joker
VARIANT_WORDS = {
    "en": ("Canadian", "second joker"),
    "pl": ("kanadyjskiej", "drugi"),
    "it": ("canadese", "secondo jolly"),
}


@pytest.mark.parametrize("lang", list(EDITIONS))
def test_ch03_the_ranks_claim_names_the_variants_chapter_13_reports(lang: str) -> None:
    canadian, second = VARIANT_WORDS[lang]
    variants = _flat(_prose(lang, "13-variants"))
    assert canadian in variants and second in variants  # chapter 13 reports both
    intro = _flat(_page(lang, "03-bowers").split("(rule-bowers)=")[0])
    assert not re.search(r"every variant\*\*|każdym wariancie\*\*|ogni variante\*\*", intro), "the unqualified claim"
    assert canadian in intro and (second in intro or "drugiego dżokera" in intro), intro[-900:]
    assert "(#ch-variants)" in intro
    # what it says of the book's own games holds: one joker in the six-player pack, and the joker tops the trumps
    assert sum(1 for c in Rules.preset("six-player").deck() if c.is_joker) == 1
    assert all(Rules.preset(p).ranking(t, Bid.suit(7, t))[0].is_joker for p in Rules.preset_names() for t in Suit)


@pytest.mark.parametrize("lang", list(EDITIONS))
def test_ch04_open_misere_is_face_up_after_the_first_trick(lang: str) -> None:
    paragraph = next(p for p in _prose(lang, "04-bidding-ladder").split("\n\n") if "(#gloss-open-misere)" in p)
    words = {"en": "after the first trick", "pl": "po pierwszej lewie", "it": "dopo la prima presa"}[lang]
    assert words in _flat(paragraph), paragraph
    deal = Deal.from_position(Rules(), {"S": "5S 4H", "E": "AS KH", "W": "10S QH"}, Bid.open_misere(), "S")
    assert deal.exposed_seats == ()
    for _ in range(3):
        deal.push(deal.legal_actions()[0])
    assert deal.exposed_seats == (deal.declarer,)


def _two_rounds_draw_all(mine: int) -> float:
    """Each defender holds at most two of the 13 - ``mine`` red-suit trumps out, in 30 unseen cards."""
    out, unseen = 13 - mine, 30
    others = unseen - out
    good = sum(
        comb(out, a) * comb(others, 10 - a) * comb(out - a, b) * comb(others - (10 - a), 10 - b)
        for a in range(3)
        for b in range(3)
        if 0 <= out - a - b <= 10
    )
    return good / (comb(unseen, 10) * comb(unseen - 10, 10))


@pytest.mark.parametrize("lang", list(EDITIONS))
def test_ch07_the_draw_trumps_tip_says_what_its_table_gives_at_seven_trumps(lang: str) -> None:
    tip = _flat(next(p for p in _prose(lang, "07-playing-tricks").split("\n- ") if "(#gloss-draw-trumps)" in p))
    seven = _two_rounds_draw_all(7)
    assert 0.25 < seven < 0.5 and len(Rules().ranking(Suit.HEARTS, Bid.parse("7H"))) == 13
    assert f"({round(100 * seven)}%)" in tip, tip
    assert not re.search(r"exception|wyjąt|eccezion", tip), tip


def _run_until(lang: str, chapter: str, marker: str) -> Any:
    """Run the chapter's code cells in order, up to the one holding ``marker``; that cell's last value."""
    import matplotlib

    from fivehundred_tutor import i18n

    matplotlib.use("Agg")
    before = i18n.get_language()
    i18n.set_language(lang)
    try:
        namespace: dict[str, Any] = {}
        for cell in _cells(lang, chapter):
            if cell.cell_type != "code":
                continue
            tree = ast.parse(cell.source)
            last = tree.body.pop() if marker in cell.source and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, chapter, "exec"), namespace)
            if last is not None:
                return eval(compile(ast.Expression(last.value), chapter, "eval"), namespace)
        raise AssertionError(f"no code cell holds {marker!r}")
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("lang", list(EDITIONS))
def test_ch09_the_make_rate_sentence_says_what_the_chart_shows(lang: str) -> None:
    report = simulate(Rules(), 400, seed=5)
    rows = [(n, r) for n, r in report["contracts"].items() if r["played"] >= 3]

    def level(name: str) -> int:
        bid = Bid.parse(name)
        return 0 if bid.is_misere else bid.tricks

    sevens = [r["make_rate"] for n, r in rows if level(n) == 7]
    above = [n for n, r in rows if level(n) >= 8 and 2 * sum(r["make_rate"] > s for s in sevens) > len(sevens)]
    assert "8♣" in above and "8♥" in above  # the expert's reading of the chart
    text = _run_until(lang, "09-scoring", "higher = rate(").data
    assert all(name in text for name in above), text
    assert not re.search(r"The higher the contract|Im wyższy kontrakt|Più il contratto è alto", text), text
