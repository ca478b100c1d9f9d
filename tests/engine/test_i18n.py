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
        ("QS", "Queen of spades", "Dama pik", "Donna di picche"),
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
        "Devi rispondere al seme (attacco: J♥) e hai J♦ "
        "(il fante dello stesso colore della briscola e il jolly contano come briscole)."
    )
    # Diamonds led under hearts trumps: the left bower J♦ is a heart, not a diamond.
    deal = in_play(rules, "7H", ["AS KS", "6D 5H", "JD 7D", "QS 7C"], "6D")
    set_language("pl")
    text = illegal(deal, "JD")
    assert text.startswith(
        "J♦ to lewy walet (walet w tej samej barwie co atu): gdy atutem jest kier, należy do koloru kier"
    )
    assert "(6♦); musisz dołożyć do koloru wyjścia (masz: 7♦)." in text
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
    assert illegal(deal, "JK").startswith("Attacco: 6♦. Il jolly si può giocare solo quando non puoi rispondere")
    auction = Deal.new(rules, seed=3)
    auction.push("7H")
    set_language("pl")
    assert illegal(auction, "6S").startswith("Południe nie może zalicytować 6♠, bo 6♠ nie jest wyższe od 7♥")
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
        (1, "bierze tylko 1 lewę — kontrakt niezrealizowany", "ha fatto solo 1 presa e non ha realizzato il contratto"),
        (2, "bierze tylko 2 lewy — kontrakt niezrealizowany", "ha fatto solo 2 prese e non ha realizzato il contratto"),
        (5, "bierze tylko 5 lew — kontrakt niezrealizowany", "ha fatto solo 5 prese e non ha realizzato il contratto"),
    ],
)
def test_deal_results_count_tricks_in_each_language(declarer_tricks: int, pl: str, it: str) -> None:
    """A deal's result is a sentence (the fluent readers: not "Nord, dichiarazione 7♥: 1 presa: non realizzata")."""
    rules = Rules()
    tricks = [declarer_tricks, 10 - declarer_tricks, 0, 0]
    set_language("pl")
    summary = finished(rules, "7H", tricks).result().summary
    assert summary == f"Północ rozgrywa 7♥ i {pl}. Północ–Południe -200, Wschód–Zachód +{(10 - declarer_tricks) * 10}."
    set_language("it")
    assert finished(rules, "7H", tricks).result().summary.startswith(f"Nord ha dichiarato 7♥, {it}. Nord–Sud -200")


def test_twenty_two_takes_the_polish_few_form_and_twelve_the_many() -> None:
    """Polish: 22 lewy (like 2), 12 lew (like 5); Italian: one form for every count above one."""
    made = ("took {n} trick: made", "took {n} tricks: made")
    set_language("pl")
    got = {n: ngettext(*made, n).format(n=n) for n in (1, 2, 5, 12, 22, 25)}
    assert got == {
        1: "bierze 1 lewę — kontrakt zrealizowany",
        2: "bierze 2 lewy — kontrakt zrealizowany",
        5: "bierze 5 lew — kontrakt zrealizowany",
        12: "bierze 12 lew — kontrakt zrealizowany",
        22: "bierze 22 lewy — kontrakt zrealizowany",
        25: "bierze 25 lew — kontrakt zrealizowany",
    }
    set_language("it")
    assert [ngettext(*made, n).format(n=n) for n in (1, 2, 22)] == [
        "ha fatto 1 presa e ha realizzato il contratto",
        "ha fatto 2 prese e ha realizzato il contratto",
        "ha fatto 22 prese e ha realizzato il contratto",
    ]


def test_game_ends_in_polish_and_italian() -> None:
    three = Rules.preset("three-player")
    set_language("pl")
    game = Game(three, seed=1, first_dealer=0)
    game.record(finished(three, "10NT", [1, 0, 9]))  # North fails 10NT: -520, barred
    assert game.notes[-1][1] == "Północ: wynik spadł do -520, wygrana nie jest już możliwa; gra toczy się dalej"
    game.scores = [500 - 520, 0, 0]
    game.record(finished(three, "10NT", [10, 0, 0]))  # back above 500: nobody wins
    assert game.notes[-1][1] == (
        "Północ dochodzi do 500 punktów, ale po wcześniejszym spadku do -520 nie może wygrać: nikt nie wygrywa, "
        "gra toczy się dalej"
    )
    four = Rules()
    set_language("it")
    game = Game(four, seed=1, first_dealer=0)
    game.scores = [400, 0]
    game.record(finished(four, "7H", [4, 3, 3, 0]))
    assert game.reason == "Nord–Sud realizzano la dichiarazione e arrivano a 600 punti"
    game = Game(four, seed=1, first_dealer=0)
    game.scores = [-400, 0]
    game.record(finished(four, "7H", [3, 3, 3, 1]))
    assert game.reason == "Nord–Sud scendono a -600 punti e finiscono nel pantano"
    set_language("en")
    assert game.reason == "Nord–Sud scendono a -600 punti e finiscono nel pantano", "a reason keeps its words"


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
         "Vince A♠: non è stata giocata nessuna briscola ed è la carta più alta di picche, il seme di attacco."),
        ("KD AS 5D QD", "7NT", "Wygrywa K♦: to najwyższa karta w kolorze karo, kolorze wyjścia (bez atu żaden inny kolor nie może wygrać).",
         "Vince K♦: è la carta più alta di quadri, il seme di attacco (senza briscola nessun altro seme può vincere)."),
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
        "Południe nie może zalicytować misère, bo misère nie jest wyższe od 8♠: zgłoś więcej lew albo tyle samo "
        "lew w starszym mianie (♠ < ♣ < ♦ < ♥ < NT); misère powyżej 7NT i poniżej 8♠ (250); "
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
        "La mano di Est conta 3,9 prese proprie + 2,3 dal compagno e dal tallone = 6,2, circa 6, "
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
    assert generate("bowers", None, 3, 1)["prompt"].startswith("Kontrakt to ")


# ------------------------------------------------------------- the widgets' words, made in the kernel
#: the joker's English notation (``str(JOKER)``), which a Polish or Italian learner never reads: a card list
#: names it "Dżoker" / "Jolly" (the fluent readers found "Joker" in the story of the deal, the choices, the
#: verdicts)
NOTATION = re.compile(r"\bJoker\b")


def _english_in(texts: list[str]) -> list[str]:
    return [t for t in texts if ENGLISH.search(t) or NOTATION.search(t)]


def _strings(value: object) -> list[str]:
    """Every string a reply or model holds, codes included (their English is checked apart)."""
    if isinstance(value, dict):
        return [
            s for k, v in value.items() if k not in {"code", "call", "card", "codes", "better"} for s in _strings(v)
        ]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


@pytest.mark.parametrize("language", ["pl", "it"])
def test_a_deal_at_the_play_table_speaks_the_learners_language(language: str) -> None:
    """The story of the deal, the seat and side names, the auction, every hint on the way and Check my play:
    a learner who plays a whole deal in Polish or Italian reads no English (issue 29: bots' explanations)."""
    from fivehundred_tutor.handlers import handle
    from fivehundred_tutor.handlers.play import start

    set_language(language)
    texts: list[str] = []
    for seed in (0, 2):
        state = start(Rules(), seed=seed, seat=0)
        for _ in range(60):
            view = state["view"]
            texts += _strings({k: view[k] for k in ("seat_names", "side_names", "auction", "legal")})
            if view["over"]:
                break
            texts.append(handle("play", {"type": "hint"}, {"state": state})["reply"]["text"])
            out = handle("play", {"type": "act", "code": view["legal"][-1]["code"]}, {"state": state})
            texts += _strings(out["reply"]["log"]) + [s["words"] for s in out["reply"]["steps"]]
            state = out["update"]["state"]
        review = handle("play", {"type": "review"}, {"state": state})["reply"]
        texts += [review["summary"], *(r["text"] for r in review["rows"])]
    assert len(texts) > 200
    assert not _english_in(texts), _english_in(texts)[:3]
    set_language("en")
    assert start(Rules(), seed=0, seat=0)["log"][0].startswith("North deals. You are North.")


@pytest.mark.parametrize("language", ["pl", "it"])
def test_the_puzzle_trainers_cards_speak_the_learners_language(language: str) -> None:
    """The prompt, every verdict, the solution, the lesson, the themes and the kind of a spread of the bank's
    puzzles (card play, misère, two and three players, bidding, the kitty), in Polish and Italian."""
    from fivehundred_tutor.puzzles import load_bank
    from fivehundred_tutor.puzzles.words import puzzle_card

    bank = load_bank()
    kinds: dict[str, list] = {}
    for puzzle in bank:
        kinds.setdefault(puzzle.kind, []).append(puzzle)
    chosen = [p for group in kinds.values() for p in group[:6]]
    set_language(language)
    texts: list[str] = []
    for puzzle in chosen:
        card = puzzle_card(puzzle)
        texts += [card["prompt"], card["solution"], card["lesson"], card["kind_title"], *card["theme_names"]]
        texts += [c["verdict"] for c in card["classes"]] + card["seat_names"] + card["side_names"]
    assert len(kinds) >= 6 and len(texts) > 300
    assert not _english_in(texts), _english_in(texts)[:3]


# ------------------------------------------------------------- the joker in card lists (the fluent readers)


def test_the_joker_in_a_card_list_has_its_name_in_the_language_and_the_notation_stays() -> None:
    """A card list a learner reads names the joker as the glossary does ("Dżoker", "Jolly"); ``str(card)``
    and ``Card.parse`` stay the notation every language reads, and English is unchanged."""
    from fivehundred_tutor.cards import JOKER, parse_cards, short_names

    cards = parse_cards("JK JD 10H")
    assert [c.short_name for c in cards] == ["Joker", "J♦", "10♥"]
    for language, joker in (("pl", "Dżoker"), ("it", "Jolly")):
        set_language(language)
        assert short_names(cards, ", ") == f"{joker}, J♦, 10♥"
        assert str(JOKER) == "Joker" and Card.parse(str(JOKER)) is JOKER
        assert all(Card.parse(str(c)) is c for c in Rules.preset("six-player").deck())


def _joker_deal(language: str) -> Deal:
    """North declares 7♥ holding the joker and is on lead."""
    set_language(language)
    deal = Deal.from_position(Rules(), [["JK", "5H"], ["AS", "5C"], ["KS", "6D"], ["QS", "7D"]], Bid.parse("7H"), 0)
    return deal


@pytest.mark.parametrize(("language", "joker"), [("pl", "Dżoker"), ("it", "Jolly")])
def test_the_joker_in_the_story_the_picture_and_the_reasons(language: str, joker: str) -> None:
    """The story of the deal (a seat plays the joker), the deal's picture (its trick line), the reason a card
    may not be played, and the 2-player table piles: the joker by its name, never "Joker"."""
    from fivehundred_tutor.explain import action_label, action_text

    deal = _joker_deal(language)
    deal.push("JK")
    told = action_text(deal.rules, 0, Play(Card.parse("JK")))
    assert joker.lower() in told.lower() and "Joker" not in told, told
    assert action_label(Play(Card.parse("JK"))) == joker
    deal.push("AS")
    picture = str(deal)
    assert f"{joker} A♠" in picture and "Joker" not in picture  # the trick on the table
    deal = _joker_deal(language)
    deal.push("5H")
    deal.push("5C")  # East has no heart
    assert joker in illegal(deal, "JK") and "Joker" not in illegal(deal, "JK")  # South holds no joker
    set_language("en")
    assert "Joker" in illegal(deal, "JK")


@pytest.mark.parametrize("language", ["pl", "it"])
def test_quiz_choices_and_explanations_name_the_joker_in_the_language(language: str) -> None:
    """Every choice's label, every hand shown, every prompt and explanation of every topic over many seeds."""
    from fivehundred_tutor.questions import TOPICS, generate

    set_language(language)
    texts: list[str] = []
    for topic, info in TOPICS.items():
        for level in info.difficulties:
            for seed in range(6):
                try:
                    question = generate(topic, None, seed, level)
                except Exception:  # a topic a default deal cannot ask: others are asked
                    continue
                texts += [str(question.get("prompt", "")), str(question.get("explanation", ""))]
                texts += _strings(question.get("choices", [])) + _strings(question.get("context", {}))
    assert any("Dżoker" in t or "Jolly" in t for t in texts)
    assert not [t for t in texts if NOTATION.search(t)], [t for t in texts if NOTATION.search(t)][:3]


@pytest.mark.parametrize("language", ["pl", "it"])
def test_a_replay_names_the_joker_in_its_choices_and_verdicts(language: str) -> None:
    """A library deal replayed with a stop at every card: the buttons, the verdicts, the hints, the story."""
    from fivehundred_tutor.handlers.replay import replay_model
    from fivehundred_tutor.records import load_library_record

    set_language(language)
    args = load_library_record("02-the-left-bower-trap").replay_args()
    deal = args.pop("deal")
    args["stops"] = list(range(len(deal.history)))
    texts = _strings(replay_model(deal, **args))
    assert any("Dżoker" in t or "Jolly" in t for t in texts)
    assert not [t for t in texts if NOTATION.search(t)], [t for t in texts if NOTATION.search(t)][:3]


# ------------------------------------------------------------- results and ends as sentences (the fluent readers)


@pytest.mark.parametrize(
    ("language", "pair", "single"),
    [
        ("pl", "Północ–Południe realizuje kontrakt i dochodzi do 600 punktów", "Północ realizuje kontrakt i dochodzi do 600 punktów"),
        ("it", "Nord–Sud realizzano la dichiarazione e arrivano a 600 punti", "Nord realizza la dichiarazione e arriva a 600 punti"),
    ],
)  # fmt: skip
def test_a_game_ends_in_a_sentence_whose_verb_agrees_with_the_side(language: str, pair: str, single: str) -> None:
    """The reason a game ends is a sentence, not "Nord–Sud: dichiarazione realizzata, punteggio 630"; a partnership
    takes the plural verb and a player of the 3-player game the singular (the form chosen by the side's size);
    Polish names a side as one subject, singular either way ("Północ–Południe realizuje", as the Polish pages do)."""
    set_language(language)
    four, three = Rules(), Rules.preset("three-player")
    game = Game(four, seed=1, first_dealer=0)
    game.scores = [400, 0]
    game.record(finished(four, "7H", [4, 3, 3, 0]))
    assert game.reason == pair
    game = Game(three, seed=1, first_dealer=0)
    game.scores = [400, 0, 0]
    game.record(finished(three, "7H", [8, 1, 1]))
    assert game.reason == single
    set_language("en")
    game = Game(four, seed=1, first_dealer=0)
    game.scores = [400, 0]
    game.record(finished(four, "7H", [4, 3, 3, 0]))
    assert game.reason == "North–South made their contract and reached 600"


def test_a_misere_result_reads_as_a_sentence() -> None:
    set_language("pl")
    assert (
        finished(Rules(), "OM", [0, 10, 0, 0])
        .result()
        .summary.startswith("Północ rozgrywa odkryte misère i nie bierze żadnej lewy — kontrakt zrealizowany.")
    )
    set_language("it")
    assert (
        finished(Rules(), "MIS", [0, 10, 0, 0])
        .result()
        .summary.startswith("Nord ha dichiarato misère, non ha fatto nessuna presa e ha realizzato il contratto.")
    )


@pytest.mark.parametrize(
    ("language", "forms"),
    [
        ("pl", {1: "Rozwiąż 1 zadanie na tym poziomie", 3: "Rozwiąż 3 zadania na tym poziomie", 16: "Rozwiąż 16 zadań na tym poziomie"}),
        ("it", {1: "Risolvi 1 problema di un livello", 16: "Risolvi 16 problemi di un livello"}),
    ],
)  # fmt: skip
def test_counts_take_their_plural_forms_not_a_colon(language: str, forms: dict[int, str]) -> None:
    """ "Rozwiąż na poziomie tyle zadań: 16" was a count phrased around the plural; the widgets' words and the
    deal's caption now take the form of their count (1 zadanie, 2–4 zadania, 5+ zadań)."""
    from fivehundred_tutor.bookbuild.catalogs import widget_words

    words = widget_words()[language]
    plurals = words["plurals"]
    assert isinstance(plurals, dict)
    solve = plurals["Solve {n} problem of a level to open the next one."]
    rule = {
        "pl": lambda n: 0 if n == 1 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2,
        "it": lambda n: int(n != 1),
    }
    for n, start in forms.items():
        assert solve[rule[language](n)].format(n=n).startswith(start)
    set_language(language)
    caption = ngettext("A deal of Five Hundred, {n} player: {phase}", "A deal of Five Hundred, {n} players: {phase}", 4)
    assert ": {phase}" not in caption
    messages = words["messages"]
    assert isinstance(messages, dict)
    assert not [
        m for m in list(messages.values()) + [f for v in plurals.values() for f in v] if re.search(r"\btyle \w+: \{", m)
    ]


def test_the_italian_catalog_says_seme_di_attacco_and_never_rifiuto() -> None:
    """The led suit is the "seme di attacco" (the Italian pages and glossary), never "seme di uscita" or
    "seme uscito"; a revoke is a "rinuncia", never a "rifiuto"."""
    from fivehundred_tutor.bookbuild.catalogs import _read, po_path

    texts = []
    for message in _read(po_path("it"), locale="it"):
        texts += list(message.string) if isinstance(message.string, (list, tuple)) else [message.string or ""]
    text = " ".join(" ".join(t.split()) for t in texts)
    assert "seme di attacco" in text
    assert not re.search(r"seme di uscita|seme uscito|rifiut", text)


def test_the_simulation_names_its_rules_by_their_title_not_the_presets_slug(capsys: pytest.CaptureFixture[str]) -> None:
    """ "(wariant two-player)": a variant's slug left in a sentence. The command line's simulation heading says the
    rules' title in the reader's language."""
    from fivehundred_tutor.cli import main

    set_language("pl")
    assert main(["simulate", "--preset", "three-player", "--hands", "2", "--seed", "1", "--no-progress"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "Trzech graczy: symulacja 2 rozdań, ziarno 1" and "three-player" not in first


@pytest.mark.parametrize("language", ["pl", "it"])
def test_sentences_a_learner_reads_are_not_forms(language: str) -> None:
    """The worst "Label: value" translations the fluent readers' pass found (item 6): the play table's first line,
    a puzzle's line of play, a card one does not hold, the quiz prompts, the game-end choices. None of them puts
    a seat, a card or a side after a colon in place of a sentence."""
    from fivehundred_tutor.bookbuild.catalogs import _read, po_path

    msgids = {
        "{dealer} deals. You are {seat}.",
        "{seat} wins this trick",
        "{seat} wins trick {n} with {card}",
        "Trick {number}: {plays}; {seat} wins.",
        "{seat} does not hold {card} in hand.",
        "Yes: {seat} chose {choice} here.",
        "{contract} Which suit does {card} belong to?",
        "{side} wins: reached {target}",
        "{side} lose: fell to {hole} or below (in the hole)",
        "{seat} to play:",
        "{card} face up on top",
        "{side} needed {need} trick and took {taken}: made, so they score {value}.",
        "{side} made their contract and reached {score}",
        "{declarer} bid {contract}, {verdict}. {scores}.",
    }
    found = {}
    for message in _read(po_path(language), locale=language):
        key = message.id if isinstance(message.id, str) else message.id[0]
        if key in msgids:
            found[key] = list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]
    assert set(found) == msgids
    form = re.compile(r"^\w+: \{|: \{(seat|card|side|declarer|choice)\}|^\{(side|seat)\}: ")
    answer = re.compile(r"^(Tak|Sì): ")  # answers a question, as "Yes: …" does
    assert not [(k, s) for k, forms in found.items() for s in forms if form.search(answer.sub("", s))], language


@pytest.mark.parametrize(
    ("language", "plain", "naming"),
    [
        ("en", "North plays the joker", "You play the joker, naming hearts"),
        ("pl", "Północ zagrywa dżokera", "Zagrywasz dżokera jako kier"),
        ("it", "Nord gioca il jolly", "Tu giochi il jolly, nominando cuori"),
    ],
)
def test_the_joker_played_is_the_object_of_the_sentence(language: str, plain: str, naming: str) -> None:
    """Fluent reviews (plB 24, itB 12): "Południe zagrywa Dżoker" / "Sud gioca Jolly" put the card's name, a
    nominative without an article, where the verb wants its object: the joker played has its own messages."""
    from fivehundred_tutor.explain import action_text
    from fivehundred_tutor.handlers.play import _played_words

    set_language(language)
    try:
        rules = Rules(joker_advance_nomination=False)
        assert action_text(rules, 0, Play(Card.parse("JK"))) == plain
        assert action_text(rules, 0, Play(Card.parse("JK"), joker_suit=Suit.HEARTS), you=True) == naming
        assert _played_words(rules.local_seat_name(0), Play(Card.parse("JK"))) == plain
    finally:
        set_language("en")
