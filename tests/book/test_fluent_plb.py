"""The Polish edition's fixes from the fluent reader's review (pages B: 09b–15, glossary): the wrong
wording cannot come back, in the edition's pages, in the Polish deal library or in the catalog behind
the widgets and the engine. Side names keep the singular verb that review A chose."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from fivehundred_tutor import Deal, Rules, set_language
from fivehundred_tutor.i18n import gettext, ngettext

ROOT = Path(__file__).resolve().parents[2]
PL = ROOT / "book" / "editions" / "pl"
DEALS = ROOT / "fivehundred_tutor" / "data" / "deals" / "pl"


def page(name: str) -> str:
    return (PL / name).read_text(encoding="utf-8")


@pytest.fixture
def polish() -> Iterator[None]:
    set_language("pl")
    yield
    set_language("en")


# ------------------------------------------------------------------------------------------- pages

PAGES = [
    # (page, wrong text, right text)
    ("chapters/09b-judging-a-hand.md", 'cards = " ".join(str(c) for c in ordered)',
     '"dżoker" if c.is_joker else str(c) for c in ordered'),  # 2
    ("chapters/09b-judging-a-hand.md", "| {title} | Lewy |", "| {title} | Wartość w lewach |"),  # 36
    ("chapters/12-annotated-deals.md", "którą Północ może wyjść", "którą Północ może zagrać na wyjście"),  # 6
    ("chapters/12-annotated-deals.md", "dla każdego koloru, który może\nnominować",
     "dla każdego koloru, do\nktórego można go nominować"),  # 6
    ("chapters/09c-card-play.md", "którą może wyjść Północ", "którą Północ może zagrać na wyjście"),  # 6
    ("chapters/09c-card-play.md", "{północ_południe} biorą", "{północ_południe} bierze **"),  # 7
    ("chapters/09d-defence.md", "{północ_południe} biorą", "{północ_południe} bierze **"),  # 7
    ("chapters/09d-defence.md", "Północ–Południe nie mogą nigdy", "Północ–Południe nie może nigdy"),  # 7
    ("chapters/13-variants.md", '"; ".join(six.local_side_name(s)', '"; ".join(drużyna(s)'),  # 10
    ("chapters/13-variants.md", "rozdania z kartami rzuconymi (%)", 'set_ylabel("rozdania bez gry (%)")'),  # 11
    ("chapters/13-variants.md", "średni wynik strony rozgrywającej\")",
     'set_ylabel("średni zapis rozgrywających")'),  # 11
    ("chapters/13-variants.md", "z lat 1900", "„odmianą ze Stanów Zjednoczonych z XX wieku”"),  # 32
    ("chapters/14-instructors.md", "**Download …**", "a przycisk **Pobierz …** go\nzapisuje."),  # 12
    ("chapters/14-instructors.md", "answers held back for 3 students",
     "(`odpowiedzi wstrzymane dla 3 uczniów: …`)"),  # 13
    ("chapters/12b-puzzle-trainer.md", "W nawiasach podajemy angielskie nazwy",
     "assert all(gettext(THEMES[t]) == TEMATY[t] for t in THEMES)"),  # 27
    ("chapters/12b-puzzle-trainer.md", "(ang. *{THEMES[t]}*)", '| {TEMATY[t]} | {tys(themes[t])} |'),  # 27
    ("chapters/09e-at-the-table.md", "([dokładanie do koloru](#gloss-follow-suit))",
     "**Rewoka** to [niedołożenie do koloru](#gloss-follow-suit), choć się mogło."),  # 31
    ("chapters/15-final-test.md", "pyta o: {", "'wracają tematy' if len(twice) > 1 else 'wraca temat'"),  # 35
    ("chapters/06-kitty.md", "trzy z musiku", "trzy z musika"),  # 14
]  # fmt: skip


@pytest.mark.parametrize(("name", "wrong", "right"), PAGES)
def test_the_polish_page_has_the_fixed_words(name: str, wrong: str, right: str) -> None:
    text = page(name)
    assert wrong not in text
    assert right in text


def test_no_plural_verb_after_a_side_name_in_the_polish_deal_library() -> None:
    """Finding 7: the side names take a singular verb everywhere (as review A chose), the deals' words too."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(DEALS.glob("*.json")))
    for wrong in (
        "Południe mają",
        "Południe biorą",
        "Południe potrzebują",
        "Zachód wzięli",
        "Południe ani razu nie oddali",
    ):
        assert wrong not in text, wrong
    intro = json.loads((DEALS / "10-ending-name-the-suit.json").read_text(encoding="utf-8"))["intro"]
    assert intro.startswith("Północ–Południe ma sześć lew w 7NT i potrzebuje jeszcze jednej;")


def test_the_six_player_teams_are_listed_in_polish() -> None:
    """Finding 10: no "&" between the players of a team in the page's sentence."""
    text = page("chapters/13-variants.md")
    assert 'return ", ".join(names[:-1]) + " i " + names[-1]' in text
    assert 'assert drużyna(0) == "Północ, Południowy wschód i Południowy zachód"' in text


# ---------------------------------------------------------------------------------------- catalog

CATALOG = [
    # (msgid, the Polish text it must give)
    ("{text}, and {contract} goes down ({tricks}: {stake})", "{text}, a {contract} wpada ({tricks}: {stake})"),  # 17
    ("{declarer} is playing misère (no trumps; the declarer must take no trick) and has taken none so far.",
     "{declarer} gra misère (bez atu; rozgrywający nie może wziąć żadnej lewy) i na razie nie ma żadnej."),  # 19
    ("Hole", "Próg przegranej"),  # 25
    ("Call the {card}", "Wywołaj: {card}"),  # 34
    ("{seat} called the {card}: whoever holds it is {seat}'s partner, a secret until it is played.",
     "{seat} wywołuje kartę {card}: kto ją ma, jest partnerem rozgrywającego, co pozostaje tajemnicą, dopóki nie "
     "zostanie zagrana."),  # 34
    ("The calls so far: {calls}.", "Dotychczasowa licytacja: {calls}."),  # 39
    ("Discards: {cards}", "Zrzutka: {cards}"),  # 14
    ("Discarding after taking the kitty: keep the trumps (bowers, joker), make a void.",
     "Zrzutka po wzięciu musika: zatrzymaj atuty (walety atutowe, dżokera), opróżnij kolor."),  # 14
    ("feedback: immediate (accepted answers are in the student files)",
     "informacja zwrotna: od razu (poprawne odpowiedzi są w plikach uczniów)"),  # 15
    ("exam (no answers in student files)", "egzamin (bez odpowiedzi w plikach uczniów)"),  # 15
    ("{declarer} (with {partner}, who held the called {card})",
     "{declarer} (partner: {partner}, który miał wywołaną kartę: {card})"),  # 9
    ("You hold {cards} and are first to bid. Which of these bids could a sound player make with this hand?",
     "Licytujesz pierwszy. Twoja ręka: {cards}. Którą z tych odzywek mógłby zgłosić rozsądny gracz z taką ręką?"),  # 3
    ("{seat}'s {card} is winning this trick, and none of your cards can beat it. Which card can you best spare?",
     "Na razie lewę wygrywa {card} ({seat}) i nie masz nic wyższego. Której karty najmniej ci szkoda?"),  # 24
]  # fmt: skip


@pytest.mark.parametrize(("msgid", "polish_text"), CATALOG)
def test_the_catalog_gives_the_fixed_polish(polish: None, msgid: str, polish_text: str) -> None:
    assert gettext(msgid) == polish_text


def test_the_fixed_plurals(polish: None) -> None:
    # 1: the evaluator's tolerance after "o"
    within = ngettext("one trick", "# tricks", 1).replace("#", "1")
    rule = gettext("{rules}. An estimate within {within} of the average over the deals is right.")
    assert rule.format(rules="Zasady", within=within) == (
        "Zasady. Ocena, która różni się od średniej z rozdań najwyżej o jedną lewę, jest dobra."
    )
    # 16: the verb agrees with the count
    msg = "{count} of your cards would win this trick: of those, which is the lowest?"
    assert ngettext(msg, msg, 2).format(count=2) == "Tę lewę wygrałyby 2 z twoich kart: która z nich jest najniższa?"
    assert ngettext(msg, msg, 5).format(count=5) == "Tę lewę wygrałoby 5 z twoich kart: która z nich jest najniższa?"
    # 17: the contract "wpada" in the puzzle verdict too
    goes_down = ", and with it the contract: {contract} goes down, {signed_now} instead of {signed_best}"
    assert "wpada" in ngettext(goes_down, goes_down.replace("with it", "with them"), 2)
    # 15: "uczeń", not "student"
    assert (
        ngettext("{id}: {n} student — {counts}", "{id}: {n} students — {counts}", 3).format(
            id="hw-basics", n=3, counts="ocenione: 2, odrzucone: 1"
        )
        == "hw-basics: 3 uczniów — ocenione: 2, odrzucone: 1"
    )
    held = ngettext(
        "  answers held back for {n} student: {names} (no graded sheet, or still able to hand in; grade again after "
        "the last deadline to release them)",
        "  answers held back for {n} students: {names} (no graded sheet, or still able to hand in; grade again after "
        "the last deadline to release them)",
        3,
    )
    assert held.format(n=3, names="ben, cy").startswith("  odpowiedzi wstrzymane dla 3 uczniów: ben, cy")


def test_the_engine_says_the_fixed_polish(polish: None) -> None:
    from fivehundred_tutor.cli.exercises import _status_count
    from fivehundred_tutor.questions.cardplay import _suit_choices
    from fivehundred_tutor.questions.core import _check_multi

    assert _status_count("graded", 2) == "ocenione: 2"  # 15
    no_suit = _suit_choices()[-1]
    assert (no_suit["label"], no_suit["words"]) == ("bez koloru", "(dopóki nie zostanie zagrany)")  # 30
    question = {"kind": "multi", "choices": [{"id": x} for x in "abcde"], "answer": list("abcde")}
    assert _check_multi(question, ["a"])[2] == "Trafione: 1, błędne: 0, pominięte: 4."  # 21


def test_the_deal_text_calls_the_discard_zrzutka(polish: None) -> None:
    """Finding 14: `fivehundred-tutor deal --play` lists the discards as the "zrzutka", not "into the kitty"."""
    from fivehundred_tutor.bots import HeuristicBot
    from fivehundred_tutor.render import deal_text

    deal, bot = Deal.new(Rules(), seed=4), HeuristicBot()
    while not deal.is_over:
        deal.push(bot.choose(deal))
    text = deal_text(deal)
    assert "\nZrzutka: " in text and "musiku" not in text


def test_no_old_wording_is_left_in_the_polish_catalog() -> None:
    """Every live msgstr (the obsolete "#~" entries are never shown)."""
    from babel.messages.pofile import read_po

    from fivehundred_tutor.bookbuild.catalogs import po_path

    with po_path("pl").open("rb") as f:
        catalog = read_po(f, locale="pl")
    strings = [s for m in catalog if m.id for s in (m.string if isinstance(m.string, tuple) else (m.string,))]
    text = (
        "\n".join(f'"{s}"' for s in strings)
        + "\n"
        + "\n".join(f'msgstr[0] "{m.string[0]}"' for m in catalog if m.id and isinstance(m.string, tuple))
    )
    for wrong in (
        "upada", "nie wziął żadnej", "Pod kreską", "Wezwij", "wezwan", "Wezwan", "wezwał", "Twojej", "Twoje odpowiedzi",
        "z musiku", "do musiku", "wzięciu musiku", "Odrzucone do", "akceptowane", "{n} – {status}",
        "z partnerem {partner}", "Masz {cards}", "i masz {cards}", "jej nie pobije", "Dotychczasowe odzywki",
        "\"trafione:", "bez koloru, dopóki", "msgstr[0] \"jedna lewa\"",
    ):  # fmt: skip
        assert wrong not in text, wrong
    assert not re.search(r"studen(?!ts?\})", text)  # "uczeń" (a {student} placeholder stays as it is)
