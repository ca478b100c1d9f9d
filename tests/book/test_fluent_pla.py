"""The Polish edition's fixes from the fluent reader's review (pages A: index, 01–09a): the wrong
wording cannot come back, in the edition's pages or in the catalog behind the widgets and the engine."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fivehundred_tutor import Deal, IllegalAction, Rules, set_language
from fivehundred_tutor.i18n import gettext, ngettext

PL = Path(__file__).resolve().parents[2] / "book" / "editions" / "pl"


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
    ("chapters/01-how-to-use.md", "(„Walet karo”)\ni dopasowują się", "a same obrazki dopasowują się"),  # 3
    (
        "chapters/01-how-to-use.md",
        "Pierwsza zła odpowiedź nazywa",
        "Po pierwszej złej odpowiedzi\nzobaczysz, co wybrałeś",
    ),  # 38
    ("chapters/02-deck-and-hierarchy.md", "(jest ich {rules.players})", "każdy z {rules.players} graczy dostaje"),  # 39
    (
        "chapters/03-bowers.md",
        "(po królu karo od następnego gracza)",
        "następny gracz dołożył króla karo, a ty grasz trzeci",
    ),  # 42
    (
        "chapters/04-bidding-ladder.md",
        "[str(b) for b in ladder]",
        '"odkryte misère" if b.is_open_misere else str(b)',
    ),  # 21
    ("chapters/05-auction.md", "a te odejdą przy", "tylko wtedy, gdy musik nie przyniesie niczego groźnego"),  # 8
    ("chapters/05-auction.md", "każdą inną kartę", "trzeba się pozbyć {listed(west_worst)}; wszystkie pozostałe"),  # 9
    ("chapters/07-playing-tricks.md", ", kartą: {lower(", '"dżokerem" if trick.winning_card.is_joker'),  # 14
    (
        "chapters/08-misere.md",
        "złożona z kartami",
        "tyle że rozgrywający gra z kartami wyłożonymi\nodkrytymi na stole",
    ),  # 15
    ("chapters/08-misere.md", "przebić wyżej", "na każdą kartę Południa ktoś musi zagrać wyższą"),  # 16
    ("chapters/08-misere.md", "mogłyby przebić niskie", "mogłyby pobić niskie wyjście partnera"),  # 16
    ("chapters/08-misere.md", "odkłada go z musikiem", "odkłada go do zrzutki przy wymianie z musikiem"),  # 17
    ("chapters/08-misere.md", "rozdającego programu", "rozdanie wygenerowane przez program książki"),  # 18
    ("chapters/08-misere.md", "mogłaby przebić późniejsze", "mogłaby pobić późniejsze niskie wyjście gracza"),  # 37
    ("chapters/08-misere.md", "odzywka, którą test ręki", "ale dobry gracz by jej nie zgłosił"),  # 41
    (
        "chapters/09a-whole-hand.md",
        "dla: {name(trick.winner)}",
        "Lewę {len(walk.tricks)} bierze {name(trick.winner)}",
    ),  # 23
    ("chapters/09c-card-play.md", "Północ–Południe biorą", "Północ–Południe bierze jedną lewę"),  # 19
    (
        "index.md",
        "[Zadania rozgrywkowe](chapters/12a-play-problems.md)",
        "[Problemy rozgrywkowe](chapters/12a-play-problems.md)",
    ),  # 20
    ("chapters/06-kitty.md", "postanowił odrzucić", "postanowił zrzucić"),  # 28
]


@pytest.mark.parametrize(("name", "wrong", "right"), PAGES)
def test_the_polish_page_has_the_fixed_words(name: str, wrong: str, right: str) -> None:
    text = page(name)
    assert wrong not in text
    assert right in text


def test_the_auction_chapter_keeps_the_open_misere_warning() -> None:
    """Finding 8: East's open misère is a risky call, as the English page says, not a sure thing."""
    text = page("chapters/05-auction.md")
    assert "jest ryzykowne" in text and "east_spare = default.kitty_size - len(east_worst)" in text


# ---------------------------------------------------------------------------------------- catalog

CATALOG = [
    # (msgid, the Polish text it must give)
    ("{done} of {chapters}.", "Ukończono {done} z {chapters}."),  # 1
    ("Joker not named to a void suit", "Dżokera nie można nominować do koloru, w którym pokazano renons"),  # 6
    ("Joker at any time in no trumps", "Dżoker w każdej chwili w grze bez atu"),  # 7
    ("The contract is {contract} ({words}): no trumps.", "Kontrakt to {contract} ({words}): nie ma atutów."),  # 5
    ("The auction is over: {seat} must discard, not bid.",
     "Licytacja się skończyła, więc {seat} musi teraz odłożyć zrzutkę, a nie licytować."),  # 13
    ("A deal of Five Hundred", "Rozdanie w Pięćset"),  # 12
    ("{text}; trick {number} to {seat}", "{text}; lewę {number} bierze {seat}"),  # 23
    ("Come back tomorrow to make it {n}.", "Wróć jutro, by przedłużyć serię do {n}."),  # 24
    ("{card} is allowed, but {why}", "{card} to karta dozwolona, ale {why}"),  # 25
    ("made in {make}% of the layouts, {tricks} tricks and {points} points on average",
     "ugrane w {make}% rozkładów, średnio {tricks} lewy i {points} pkt"),  # 26
    ("Your rating over {puzzles}", "Historia rankingu: {puzzles}"),  # 27
    ("You took the kitty: choose a card to discard.", "Musik jest twój: wybierz kartę do zrzutki."),  # 28
    ("sits out", "nie gra"),  # 29
    ("sits out: hand laid aside", "nie gra: karty odłożone"),  # 29
    ("Double dummy: the declarer ({seat}) can keep clear of every trick.",
     "Przy wszystkich rękach odkrytych rozgrywający ({seat}) może nie wziąć żadnej lewy."),  # 30
    ("{action} keeps that.", "{action}: ten wynik się nie zmienia."),  # 30
    ("Not right yet: {fields}.", "Jeszcze nie — sprawdź: {fields}."),  # 31
    ("{side} win: reached {target}", "{side} wygrywa: osiąga {target}"),  # 32
    ("{side} lose: fell to {hole} or below (in the hole)", "{side} przegrywa: spada do {hole} lub niżej (pod próg przegranej)"),  # 32
    ("a side at {hole} or below loses", "strona z wynikiem {hole} lub niższym przegrywa"),  # 32
    ("Exactly one trump was played in this trick, and a trump beats every card of another suit.",
     "W tej lewie zagrano dokładnie jeden atut, a atut bije każdą kartę innego koloru."),  # 33
    ("Keep every trump and every side ace, and leave yourself void in a side suit (no cards of it).",
     "Zatrzymaj wszystkie atuty i wszystkie asy w kolorach bocznych i zrób renons w jednym kolorze bocznym "
     "(odłóż wszystkie jego karty)."),  # 34
    ("{points} for {suit}", "{points} za miano {suit}"),  # 35
    ("On the bid ladder, what is the cheapest bid that outranks {bid}?", "Która odzywka jest na drabinie tuż nad {bid}?"),  # 36
    ("Last trick: {seat} won it", "Ostatnią lewę wziął gracz {seat}"),  # 43
    ("With every hand in view, {contract} could take at most {tricks}{after}, short of {need}.",
     "Przy wszystkich rękach odkrytych w kontrakcie {contract} dało się wziąć najwyżej {tricks}{after}, mniej niż "
     "potrzebne {need}."),  # 44
]  # fmt: skip


@pytest.mark.parametrize(("msgid", "polish_text"), CATALOG)
def test_the_catalog_gives_the_fixed_polish(polish: None, msgid: str, polish_text: str) -> None:
    assert gettext(msgid) == polish_text


def test_the_fixed_plurals(polish: None) -> None:
    chapters = ngettext("# chapter done", "# chapters done", 23).replace("#", "23")
    assert gettext("{done} of {chapters}.").format(done=0, chapters=chapters) == "Ukończono 0 z 23 rozdziałów."  # 1
    discard = ngettext(
        "You took the kitty: discard {n} card, one at a time (a card you tap is discarded at once).",
        "You took the kitty: discard {n} cards, one at a time (a card you tap is discarded at once).",
        3,
    ).format(n=3)
    assert (
        discard == "Musik jest twój: odłóż do zrzutki 3 karty, po jednej (kliknięta karta od razu trafia do zrzutki)."
    )  # 28
    made = ngettext(
        "{side} made their contract and reached {score}", "{side} made their contract and reached {score}", 2
    )
    assert (
        made.format(side="Północ–Południe", score=630) == "Północ–Południe realizuje kontrakt i dochodzi do 630 punktów"
    )  # 19


def test_no_old_wording_is_left_in_the_polish_catalog() -> None:
    from fivehundred_tutor.bookbuild.catalogs import po_path

    text = po_path("pl").read_text(encoding="utf-8")
    for wrong in (
        "rozdziałów ukończone", "w bez atu", "Pięćsetk", "dla: {seat}", "będzie ich {n}", "jest dozwolona, ale",
        "na przestrzeni", "pauzuje", "niedobrze", "jedno atu", "zostań bez", "miejsce koloru", "drabince",
        "najtańsza odzywka", "jedną z kart:", "wziął gracz: ", "mógł wziąć najwyżej", "odrzucenie", "do odrzutu",
        "nie wyższa odzywka", "pas wcześniej", "} realizują", "} dochodzą", "{side} wygrywają", "drużyna z wynikiem",
        "uniknąć wzięcia", "się utrzymuje", "odłożyć karty do musika", "o {cost} punktów",
    ):  # fmt: skip
        assert wrong not in text, wrong


def test_a_bid_too_low_is_refused_in_one_polish_sentence(polish: None) -> None:
    """Finding 11: no "to nie wyższa odzywka niż", no two colons in a row."""
    deal = Deal.new(Rules(), seed=3)
    deal.push("7H")
    with pytest.raises(IllegalAction) as err:
        deal.push("6S")
    assert str(err.value).startswith("Południe nie może zalicytować 6♠, bo 6♠ nie jest wyższe od 7♥: zgłoś więcej lew")
