"""The engine in the learner's language: ``set_language`` / ``FIVEHUNDRED_LANG``, card words, the reasons
an action is illegal, deal results and the ends of games in Polish and Italian (issue 29, items 1-3).

The words are the sources' own (seeds 000_-002_ Polish: *walet*, *dżoker*, *musik*, *lewa*, *atu*,
*kolor*, *renons*; 004_ Italian: *fante*, *briscola*, *presa*, *tallone*, *seme*; the jolly as Italians
call the joker).  Polish counts take three forms (1 lewa, 2 lewy, 5 lew, 22 lewy), Italian two.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

import fivehundred_tutor
from fivehundred_tutor import Bid, Card, Deal, IllegalAction, Play, Rules, Suit, get_language, set_language
from fivehundred_tutor.game import Game
from fivehundred_tutor.i18n import ngettext
from fivehundred_tutor.render import cards_html

#: English words no Polish or Italian message may still hold (whole words)
ENGLISH = re.compile(
    r"\b(the|must|cannot|trick|tricks|hand|joker|follow|suit|bid|pass|kitty|discard|made|set|reached|fell|"
    r"North|South|East|West|hearts|diamonds|spades|clubs|left bower|trumps?)\b"
)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test leaves the process in English, as the rest of the suite expects."""
    yield
    set_language("en")


# ------------------------------------------------------------- the switch


def test_set_language_is_the_package_contract_and_english_is_the_default() -> None:
    assert fivehundred_tutor.set_language is set_language and "set_language" in fivehundred_tutor.__all__
    assert get_language() == "en"
    for code, normal in (("pl", "pl"), ("it_IT.UTF-8", "it"), (" PL ", "pl"), ("en-GB", "en")):
        set_language(code)
        assert get_language() == normal


def test_an_unknown_language_names_those_there_are_and_changes_nothing() -> None:
    set_language("it")
    with pytest.raises(ValueError, match=r"no messages in 'fr': the languages are en \(English\), it .*pl"):
        set_language("fr")
    assert get_language() == "it" and Card.parse("JD").name == "Fante di quadri"


def test_the_environment_variable_chooses_the_language_at_import() -> None:
    code = (
        "import fivehundred_tutor as f\n"
        "d = f.Deal.new(f.Rules(), seed=3)\n"
        "try:\n    d.push('JD')\nexcept f.IllegalAction as e:\n    print(f.get_language(), '|', e)\n"
    )
    env = dict(os.environ, FIVEHUNDRED_LANG="pl_PL.UTF-8")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "pl | Trwa licytacja: Wschód musi licytować albo spasować, a nie zagrywać kartę."
    env["FIVEHUNDRED_LANG"] = "xx"
    bad = subprocess.run([sys.executable, "-c", "import fivehundred_tutor"], env=env, capture_output=True, text=True)
    assert bad.returncode != 0 and "no messages in 'xx': the languages are en (English)" in bad.stderr


# ------------------------------------------------------------- card words


@pytest.mark.parametrize(
    ("code", "en", "pl", "it"),
    [
        ("JD", "Jack of diamonds", "Walet karo", "Fante di quadri"),
        ("10H", "Ten of hearts", "Dziesiątka kier", "Dieci di cuori"),
        ("QS", "Queen of spades", "Dama pik", "Regina di picche"),
        ("AC", "Ace of clubs", "As trefl", "Asso di fiori"),
        ("KH", "King of hearts", "Król kier", "Re di cuori"),
        ("4D", "Four of diamonds", "Czwórka karo", "Quattro di quadri"),
        ("Joker", "Joker", "Dżoker", "Jolly"),
    ],
)
def test_card_names_in_each_language(code: str, en: str, pl: str, it: str) -> None:
    card = Card.parse(code)
    for language, name in (("en", en), ("pl", pl), ("it", it)):
        set_language(language)
        assert card.name == name


def test_every_card_suit_and_seat_has_its_own_name() -> None:
    """No two cards share a name in any language, and every word is translated (none left in English)."""
    six = Rules.preset("six-player")
    for language in ("pl", "it"):
        set_language(language)
        names = [c.name for c in six.deck()]
        assert len(set(names)) == len(names) == 63
        assert not [n for n in names if ENGLISH.search(n) or " of " in n], language
        assert not [s for s in Suit if s.local_name == s.word]
        seats = [six.local_seat_name(s) for s in range(6)] + [Rules().local_seat_name(s) for s in range(4)]
        assert not [s for s in seats if ENGLISH.search(s) or s.startswith(("North", "South"))], seats
    set_language("pl")
    assert [Suit.parse(x).local_name for x in "SCDH"] == ["pik", "trefl", "karo", "kier"]
    assert Rules().local_side_name(0) == "Północ–Południe" and Rules().seat_name(0) == "North"
    set_language("it")
    assert [Suit.parse(x).local_name for x in "SCDH"] == ["picche", "fiori", "quadri", "cuori"]
    assert Rules().local_side_name(1) == "Est–Ovest"


def test_aria_labels_of_drawn_cards_are_in_the_language() -> None:
    set_language("pl")
    html = cards_html([Card.parse("JD"), Card.parse("Joker")])
    assert 'aria-label="Walet karo, Dżoker"' in html and ">DŻOKER</text>" in html
    set_language("it")
    assert 'aria-label="Fante di quadri, Jolly"' in cards_html([Card.parse("JD"), Card.parse("Joker")])


# ------------------------------------------------------- illegal actions


def illegal(deal: Deal, action: str | Play) -> str:
    """The reason ``action`` is refused; the deal must be left exactly as it was."""
    before = deal.to_dict()
    with pytest.raises(IllegalAction) as err:
        deal.push(action)
    assert deal.to_dict() == before
    return str(err.value)


def in_play(rules: Rules, contract: str, hands: list[str], lead: str) -> Deal:
    """North declares ``contract`` and East has led ``lead``: South is to play."""
    deal = Deal.from_position(rules, [h.split() for h in hands], Bid.parse(contract), 0, leader=1)
    deal.push(lead)
    return deal


def test_follow_suit_and_left_bower_reasons_in_polish_and_italian() -> None:
    rules = Rules()
    hands = ["AS KS", "JH 5H", "JD 6D", "QS 7C"]
    # Hearts trumps, East leads J♥ (right bower); South holds the left bower J♦ and 6♦: J♦ must follow.
    set_language("pl")
    deal = in_play(rules, "7H", hands, "JH")
    text = illegal(deal, "6D")
    assert (
        text
        == "Musisz dołożyć do koloru (wyjście: J♥); twoje karty w tym kolorze: J♦ (lewy walet i dżoker liczą się jako atuty)."
    )
    set_language("it")
    assert illegal(deal, "6D") == (
        "Devi rispondere al seme (uscita: J♥) e hai J♦ "
        "(il fante dello stesso colore della briscola e il jolly contano come briscole)."
    )
    # Diamonds led under hearts trumps: the left bower J♦ is a heart, not a diamond.
    deal = in_play(rules, "7H", ["AS KS", "6D 5H", "JD 7D", "QS 7C"], "6D")
    set_language("pl")
    text = illegal(deal, "JD")
    assert text.startswith(
        "J♦ to lewy walet (walet w tej samej barwie co atu): gdy atutem jest kier, należy do koloru kier"
    )
    assert "(6♦); musisz dołożyć jedną z kart: 7♦." in text
    set_language("it")
    assert "quando la briscola è cuori è una carta di cuori, non di quadri" in illegal(deal, "JD")


def test_the_joker_in_no_trumps_and_the_auction_in_polish_and_italian() -> None:
    rules = Rules()
    deal = in_play(rules, "7NT", ["AS KS", "6D 5H", "JK 7D", "QS 7C"], "6D")
    set_language("pl")
    assert illegal(deal, "JK") == (
        "Wyjście: 6♦. Dżokera można zagrać tylko wtedy, gdy nie da się dołożyć do koloru "
        "(bez atu, zasada domyślna) — masz karty w kolorze karo: 7♦."
    )
    set_language("it")
    assert illegal(deal, "JK").startswith("Uscita: 6♦. Il jolly si può giocare solo quando non puoi rispondere")
    auction = Deal.new(rules, seed=3)
    auction.push("7H")
    set_language("pl")
    assert illegal(auction, "6S").startswith("Południe nie może zalicytować 6♠: 6♠ to nie wyższa odzywka niż 7♥")
    assert illegal(auction, "JD") == "Trwa licytacja: Południe musi licytować albo spasować, a nie zagrywać kartę."
    set_language("it")
    assert illegal(auction, "6S").startswith("Sud non può dichiarare 6♠: 6♠ non supera 7♥")


@pytest.mark.parametrize(
    ("language", "forms"),
    [
        ("pl", {1: "jeszcze 1 kartę.", 2: "jeszcze 2 karty.", 3: "jeszcze 3 karty.", 5: "jeszcze 5 kart."}),
        ("it", {1: "ancora 1 carta.", 2: "ancora 2 carte.", 3: "ancora 3 carte.", 5: "ancora 5 carte."}),
        (
            "en",
            {1: "discard 1 more card first.", 2: "2 more cards first.", 3: "3 more cards first.", 5: "5 more cards"},
        ),
    ],
)
def test_cards_left_to_discard_take_the_plural_form_of_the_count(language: str, forms: dict[int, str]) -> None:
    """The declarer who tries to play before discarding is told how many cards are left: 3, 2, 1 (5 with
    the 45-card pack's kitty); Polish: 1 kartę, 2-4 karty, 5 kart."""
    set_language(language)
    for rules in (Rules(), Rules(deck_size=45)):
        deal = Deal.new(rules, seed=11)
        deal.push("6S")
        while deal.phase.value == "auction":
            deal.push("pass")
        hand = list(deal.hands[deal.to_move])  # type: ignore[index]
        for left in range(rules.kitty_size, 0, -1):
            text = illegal(deal, Play(hand[0]))
            if left in forms:
                assert forms[left] in text, (left, text)
            deal.push(f"discard {hand[left - 1]}")


# ------------------------------------------------------- results and game ends


def finished(rules: Rules, contract: str, tricks: list[int]) -> Deal:
    empty: list[list[str]] = [[] for _ in range(rules.players)]
    return Deal.from_position(rules, empty, Bid.parse(contract), 0, tricks_won=tricks)


@pytest.mark.parametrize(
    ("declarer_tricks", "pl", "it"),
    [
        (1, "wzięta 1 lewa: kontrakt niezrealizowany", "1 presa: non realizzata"),
        (2, "wzięte 2 lewy: kontrakt niezrealizowany", "2 prese: non realizzata"),
        (5, "wziętych 5 lew: kontrakt niezrealizowany", "5 prese: non realizzata"),
    ],
)
def test_deal_results_count_tricks_in_each_language(declarer_tricks: int, pl: str, it: str) -> None:
    rules = Rules()
    tricks = [declarer_tricks, 10 - declarer_tricks, 0, 0]
    set_language("pl")
    summary = finished(rules, "7H", tricks).result().summary
    assert summary == f"Północ, kontrakt 7♥: {pl}. Północ–Południe -200, Wschód–Zachód +{(10 - declarer_tricks) * 10}."
    set_language("it")
    assert finished(rules, "7H", tricks).result().summary.startswith(f"Nord, dichiarazione 7♥: {it}. Nord–Sud -200")


def test_twenty_two_takes_the_polish_few_form_and_twelve_the_many() -> None:
    """Polish: 22 lewy (like 2), 12 lew (like 5); Italian: one form for every count above one."""
    made = ("took {n} trick: made", "took {n} tricks: made")
    set_language("pl")
    got = {n: ngettext(*made, n).format(n=n) for n in (1, 2, 5, 12, 22, 25)}
    assert got == {
        1: "wzięta 1 lewa: kontrakt zrealizowany",
        2: "wzięte 2 lewy: kontrakt zrealizowany",
        5: "wziętych 5 lew: kontrakt zrealizowany",
        12: "wziętych 12 lew: kontrakt zrealizowany",
        22: "wzięte 22 lewy: kontrakt zrealizowany",
        25: "wziętych 25 lew: kontrakt zrealizowany",
    }
    set_language("it")
    assert [ngettext(*made, n).format(n=n) for n in (1, 2, 22)] == [
        "1 presa: realizzata",
        "2 prese: realizzata",
        "22 prese: realizzata",
    ]


def test_game_ends_in_polish_and_italian() -> None:
    three = Rules.preset("three-player")
    set_language("pl")
    game = Game(three, seed=1, first_dealer=0)
    game.record(finished(three, "10NT", [1, 0, 9]))  # North fails 10NT: -520, barred
    assert game.notes[-1][1] == "Północ: wynik spadł do -520, wygrana nie jest już możliwa; gra toczy się dalej"
    game.scores = [500 - 520, 0, 0]
    game.record(finished(three, "10NT", [10, 0, 0]))  # back above 500: nobody wins
    assert game.notes[-1][1] == "Północ: wynik 500, ale wcześniej spadł do -520: nikt nie wygrywa, gra toczy się dalej"
    four = Rules()
    set_language("it")
    game = Game(four, seed=1, first_dealer=0)
    game.scores = [400, 0]
    game.record(finished(four, "7H", [4, 3, 3, 0]))
    assert game.reason == "Nord–Sud: dichiarazione realizzata, punteggio 600"
    game = Game(four, seed=1, first_dealer=0)
    game.scores = [-400, 0]
    game.record(finished(four, "7H", [3, 3, 3, 1]))
    assert game.reason == "Nord–Sud: punteggio sceso a -600 (nel pantano)"
    set_language("en")
    assert game.reason == "Nord–Sud: punteggio sceso a -600 (nel pantano)", "a reason keeps the words it was given in"


def test_a_whole_game_played_in_polish_speaks_no_english() -> None:
    from fivehundred_tutor.bots import HeuristicBot

    set_language("pl")
    game = Game(Rules(), seed=5)
    game.play(HeuristicBot())
    texts = [game.reason, *(r.summary for r in game.results), *(n for _, n in game.notes)]
    assert game.is_over and game.reason
    assert not [t for t in texts if ENGLISH.search(t)], texts


def test_the_browsers_engine_answers_each_request_in_its_widgets_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The live book's worker (handle_json) speaks the language the widget was made in, for that request
    only; a request without one, or with an unknown one, is answered in the engine's own."""
    import json

    from fivehundred_tutor import handlers

    probe = {"probe": lambda request, state: {"reply": {"type": "probe", "words": Card.parse("JD").name}}}
    monkeypatch.setattr(handlers, "_table", lambda kind: probe)

    def ask(**extra: object) -> str:
        message = json.dumps({"kind": "cards", "request": {"type": "probe"}, "state": {}, **extra})
        return str(json.loads(handlers.handle_json(message))["reply"]["words"])

    assert ask(language="pl") == "Walet karo" and get_language() == "en"
    assert ask(language="it") == "Fante di quadri"
    assert ask() == ask(language="xx") == ask(language=7) == "Jack of diamonds"


@pytest.mark.parametrize(
    ("trick", "contract", "pl", "it"),
    [
        ("5H JD AH 6S", "7H", "Wygrywa J♦ (lewy walet, który jest atutem): najwyższy atut w tej lewie.",
         "Vince J♦ (il fante dello stesso colore, che è una briscola): la briscola più alta della presa."),
        ("AS JH KS QS", "7H", "Wygrywa J♥ (prawy walet, czyli walet atu): jedyny atut w tej lewie.",
         "Vince J♥ (il fante di briscola): l'unica briscola della presa."),
        ("AS 5D KS QS", "7H", "Wygrywa A♠: nikt nie zagrał atutu, a to najwyższa karta w kolorze pik, kolorze wyjścia.",
         "Vince A♠: non è stata giocata nessuna briscola ed è la carta più alta di picche, il seme di uscita."),
        ("KD AS 5D QD", "7NT", "Wygrywa K♦: to najwyższa karta w kolorze karo, kolorze wyjścia (bez atu żaden inny kolor nie może wygrać).",
         "Vince K♦: è la carta più alta di quadri, il seme di uscita (senza briscola nessun altro seme può vincere)."),
        ("KD JK 5D QD", "7NT", "Wygrywa dżoker: w grze bez atu bierze każdą lewę, do której zostanie zagrany.",
         "Vince il jolly: senza briscola prende ogni presa in cui viene giocato."),
    ],
)  # fmt: skip
def test_why_a_card_wins_the_trick_in_polish_and_italian(trick: str, contract: str, pl: str, it: str) -> None:
    cards, bid, rules = [Card.parse(c) for c in trick.split()], Bid.parse(contract), Rules()
    english = rules.explain_trick(cards, bid)
    set_language("pl")
    assert rules.explain_trick(cards, bid) == pl
    set_language("it")
    assert rules.explain_trick(cards, bid) == it
    set_language("en")
    assert rules.explain_trick(cards, bid) == english and " wins" in english


def test_bids_in_words_for_screen_readers() -> None:
    from fivehundred_tutor.render import bid_html

    bids = [Bid.parse(b) for b in ("7H", "6NT", "MIS", "OM", "10S")]
    assert [b.words for b in bids] == ["seven hearts", "six no trumps", "misère", "open misère", "ten spades"]
    set_language("pl")
    assert [b.words for b in bids] == ["siedem kier", "sześć bez atu", "misère", "odkryte misère", "dziesięć pik"]
    assert 'aria-label="siedem kier">7♥<' in bid_html(bids[0])
    set_language("it")
    assert [b.words for b in bids] == ["sette cuori", "sei senza briscola", "misère", "misère aperta", "dieci picche"]


@pytest.mark.parametrize(
    ("card", "contract", "pl", "it"),
    [
        ("JD", "7H", "J♦ to lewy walet: gra jako karta w kolorze kier (atut), gdy atutem jest kier; trzecia najwyższa karta.",
         "J♦ è il fante dello stesso colore della briscola (left bower): una carta di cuori (una briscola) quando la briscola è cuori, la terza carta più alta."),
        ("AH", "7H", "A♥ to atut, gdy atutem jest kier; wśród atutów jest na czwartym miejscu.",
         "A♥ è una briscola quando la briscola è cuori: la quarta per valore."),
        ("QD", "7H", "Q♦ to zwykła karta w kolorze karo, gdy atutem jest kier; w swoim kolorze jest na trzecim miejscu "
         "(w tym kolorze nie ma waleta: J♦ to lewy walet, czyli atut).",
         "Q♦ è una carta di quadri (non briscola) quando la briscola è cuori: la terza del suo seme per valore "
         "(questo seme non ha il fante: J♦ è il fante dello stesso colore della briscola, cioè una briscola)."),
        ("5C", "MIS", "5♣ to zwykła karta w kolorze trefl w kontrakcie misère (bez atu); w swoim kolorze jest na dziesiątym miejscu.",
         "5♣ è una carta di fiori (non briscola) nella dichiarazione misère (senza briscola): la decima del suo seme per valore."),
        ("JK", "7H", "Dżoker to najwyższy atut, gdy atutem jest kier: bije każdą inną kartę.",
         "Il jolly è la briscola più alta quando la briscola è cuori: batte ogni altra carta."),
    ],
)  # fmt: skip
def test_what_a_card_is_in_polish_and_italian(card: str, contract: str, pl: str, it: str) -> None:
    rules, c, bid = Rules(), Card.parse(card), Bid.parse(contract)
    english = rules.explain_card(c, bid)
    set_language("pl")
    assert rules.explain_card(c, bid) == pl
    set_language("it")
    assert rules.explain_card(c, bid) == it
    set_language("en")
    assert rules.explain_card(c, bid) == english


def test_every_card_explained_in_every_contract_speaks_the_language() -> None:
    """explain_card for every card of the six-player pack (the longest suits) under every kind of contract."""
    rules = Rules.preset("six-player")
    contracts = [None, *(Bid.parse(b) for b in ("7H", "7S", "7NT", "MIS"))]
    for language in ("pl", "it"):
        set_language(language)
        texts = [rules.explain_card(c, b) for b in contracts for c in rules.deck()]
        # the Italian source (seed 004_) names the bowers with the English words, beside its own
        texts = [t.replace("(left bower)", "").replace("(right bower)", "") for t in texts]
        assert not [t for t in texts if ENGLISH.search(t) or "highest" in t], language


def test_the_rules_table_in_polish_and_italian() -> None:
    """Every preset's rules in words, with no English left; the three-player guide's own rule as it says it."""
    for language in ("pl", "it"):
        set_language(language)
        for name in Rules.preset_names():
            rows = Rules.preset(name).describe()
            text = " ".join(f"{what} {how}" for what, how in rows)
            assert not ENGLISH.search(text.replace("bridge", "")), (language, name, text)
    set_language("pl")
    rows = dict(Rules.preset("three-player").describe())
    assert rows["Talia"] == "33 karty, po 10 na gracza, musik: 3"
    assert "gracz z wynikiem -500 lub niższym gra dalej, ale nie może już wygrać" in rows["Koniec gry"]
    assert dict(Rules.preset("45-card").describe())["Talia"] == "45 kart, po 10 na gracza, musik: 5"
    set_language("it")
    assert dict(Rules().describe())["Mazzo"] == "43 carte, 10 a testa, tallone di 3"


def test_a_misere_bid_refused_says_its_place_in_the_language() -> None:
    auction = Deal.new(Rules(), seed=3)
    auction.push("8S")
    set_language("pl")
    assert illegal(auction, "MIS") == (
        "Południe nie może zalicytować misère: misère to nie wyższa odzywka niż 8♠: zgłoś więcej lew albo tyle samo "
        "w starszym mianie (♠ < ♣ < ♦ < ♥ < NT); misère powyżej 7NT i poniżej 8♠ (250); "
        "odkryte misère powyżej 10♦ i poniżej 10♥ (500)."
    )


def test_typing_errors_are_explained_in_the_language() -> None:
    """What a learner typed that is no card, suit or bid: the reason in their language (the deal unchanged)."""
    deal = Deal.new(Rules(), seed=3)
    set_language("pl")
    assert illegal(deal, "7X") == "'7X' to nie odzywka: 'x' to nie miano (♠ ♣ ♦ ♥ albo NT)"
    with pytest.raises(ValueError, match=r"^'zz' to nie karta: napisz wysokość, a potem kolor"):
        Card.parse("zz")
    set_language("it")
    with pytest.raises(ValueError, match=r"^'QX' non è una carta: 'x' non è un seme"):
        Card.parse("QX")
    with pytest.raises(ValueError, match=r"^'kiery' non è un seme"):
        Suit.parse("kiery")


def test_the_bidding_standards_words_in_polish_and_italian() -> None:
    """The count behind a call (decimal commas: 3,9), the reason a bid is unsound, a pass explained."""
    from fivehundred_tutor import PASS
    from fivehundred_tutor.bidding_standard import call_problem_in, explain_call

    east = Deal.new(Rules(), seed=2367, dealer=0)
    south = Deal.new(Rules(), seed=48, dealer=0)
    set_language("pl")
    assert explain_call(east, Bid.parse("6C")) == (
        "Wschód: rachunek ręki, gdy atutem jest trefl, to 3,9 lewy z własnej ręki + 2,3 od partnera i z musika "
        "= 6,2, czyli około 6; odzywka: 6♣."
    )
    assert explain_call(east, PASS) == "Wschód pasuje, choć odzywka 6♣ byłaby poprawna."
    assert call_problem_in(south, Bid.parse("7C")) == (
        "7♣ wymaga rachunku 7; rachunek tej ręki: 3,4 lewy z własnej ręki + 2,3 od partnera i z musika = 5,7, "
        "czyli około 6"
    )
    set_language("it")
    assert explain_call(east, Bid.parse("6C")) == (
        "La mano di Est conta 3,9 prese proprie + 2,3 dal partner e dal tallone = 6,2, circa 6, "
        "con fiori come briscola: 6♣."
    )


def test_every_call_of_many_auctions_is_explained_without_english() -> None:
    from fivehundred_tutor.bidding_standard import call_problem_in, explain_call

    for language in ("pl", "it"):
        set_language(language)
        texts = []
        for preset in ("australian", "three-player", "misere-any-time"):
            for seed in range(12):
                deal = Deal.new(Rules.preset(preset), seed=seed, dealer=0)
                for _ in range(3):
                    legal = deal.legal_actions()
                    texts += [explain_call(deal, a) for a in legal]
                    texts += [str(call_problem_in(deal, a)) for a in legal if isinstance(a, Bid)]
                    deal.push(legal[len(legal) // 3])
        assert len(texts) > 1000
        found = [t for t in texts if ENGLISH.search(t) or re.search(r"\d\.\d", t)]
        assert not found, found[:3]


@pytest.mark.parametrize("topic", ["card-hierarchy", "bowers"])
def test_card_ranking_and_bower_questions_are_asked_in_polish_and_italian(topic: str) -> None:
    """The prompt, the choices' words and the explanation of every level, over many seeds: no English left
    (the same seed asks the same question in every language; the English ids and answers are unchanged)."""
    from fivehundred_tutor.questions import TOPICS, generate

    english = [generate(topic, None, seed, level) for level in TOPICS[topic].difficulties for seed in range(15)]
    for language in ("pl", "it"):
        set_language(language)
        asked = [generate(topic, None, seed, level) for level in TOPICS[topic].difficulties for seed in range(15)]
        assert [(q["answer"], [c["id"] for c in q["choices"]]) for q in asked] == [
            (q["answer"], [c["id"] for c in q["choices"]]) for q in english
        ]
        texts = [q["prompt"] for q in asked] + [q["explanation"] for q in asked]
        texts += [str(c.get("words", "")) for q in asked for c in q["choices"]]
        texts = [t.replace("(left bower)", "").replace("(right bower)", "") for t in texts]
        found = [t for t in texts if ENGLISH.search(t) or re.search(r"\b(Which|contract|card|no suit)\b", t)]
        assert not found, found[:3]
    set_language("pl")
    assert generate("bowers", None, 3, 1)["prompt"].startswith("Kontrakt: ")
