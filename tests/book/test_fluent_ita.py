"""The Italian edition's fluency fixes (review itA) stay fixed: the edition pages' wording and the Italian
catalog's messages, as the engine and the widgets say them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fivehundred_tutor import Bid, Card, Deal, IllegalAction, Rules, set_language
from fivehundred_tutor.bids import PASS
from fivehundred_tutor.explain import action_text
from fivehundred_tutor.i18n import gettext, ngettext, pgettext

ROOT = Path(__file__).resolve().parents[2]
IT = ROOT / "book" / "editions" / "it"


def page(name: str) -> str:
    return (IT / name).read_text(encoding="utf-8")


@pytest.fixture
def italian() -> Iterator[None]:
    set_language("it")
    try:
        yield
    finally:
        set_language("en")


# --- pages ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "wrong", "right"),
    [
        # 6: "vivo" is not said of a widget
        ("chapters/01-how-to-use.md", "I widget sono vivi", "I widget sono interattivi"),
        ("chapters/04-bidding-ladder.md", "La scala qui sotto è viva", "La scala qui sotto è interattiva"),
        # 9
        (
            "chapters/07-playing-tricks.md",
            "ogni variante in quattro tranne",
            "le stesse in ogni variante a quattro giocatori, tranne le varianti del jolly qui sotto",
        ),
        ("rules-index.md", "variante in quattro", "ogni variante a quattro giocatori, tranne quelle del jolly"),
        ("glossary.md", "variante in\n", "ogni variante a quattro giocatori, tranne quelle del jolly"),
        # 10, 11, 12
        ("chapters/08-misere.md", "quante che siano", "per quante\n  prese seguirebbero"),
        (
            "chapters/08-misere.md",
            "come fanno quasi i difensori",
            "(quasi come i difensori, una volta che la mano del dichiarante",
        ),
        ("chapters/08-misere.md", "del mazziere del libro", "Ecco una smazzata generata dal programma del libro"),
        # 27: "la misère è aperta" read as the bid "misère aperta"
        (
            "chapters/05-auction.md",
            "la misère è aperta ai giocatori",
            "i giocatori ancora nell'asta possono\ndichiarare misère",
        ),
        # 8: the engine's message starts its own sentence ("Attacco: K♠. …")
        ("chapters/07-playing-tricks.md", 'il jolly:", err)', 'say("Nord prova a giocare il jolly.", err)'),
        # 1: NT explained where it first shows, with the Italian source's SB
        ("chapters/02-deck-and-hierarchy.md", "\x00", "la fonte italiana usa **SB**"),
        ("chapters/04-bidding-ladder.md", "\x00", "la fonte italiana scrive SB, *Senza Briscola*"),
        # 5: the engine says "compagno"
        ("chapters/13-variants.md", '("sei tu il partner")', '("sei tu il compagno")'),
    ],
)
def test_an_edition_page_has_the_fixed_wording(name: str, wrong: str, right: str) -> None:
    text = page(name)
    assert wrong not in text
    assert right in text


@pytest.mark.parametrize(
    ("name", "wrong"),
    [
        # 3: the joker is "il jolly" in a list of cards you may play, not the notation "Joker"
        ("chapters/03-bowers.md", 'say("Puoi giocare:", ", ".join(str(c) for c in legal))'),
        ("chapters/07-playing-tricks.md", '", ".join(map(str, rules.legal_plays(hand, trick, nt'),
        ("chapters/07-playing-tricks.md", 'say("→ puoi giocare:", ", ".join(str(c) for c in legal))'),
    ],
)
def test_a_card_list_names_the_joker_in_italian(name: str, wrong: str) -> None:
    text = page(name)
    assert wrong not in text
    assert '"il jolly" if c.suit is None else str(c)' in text


def test_no_edition_page_or_message_says_licitazione(italian: None) -> None:
    for path in IT.rglob("*.md"):
        if ".ipynb_checkpoints" not in path.parts:
            assert "licitazione" not in path.read_text(encoding="utf-8").lower(), path
    po = (ROOT / "fivehundred_tutor/locale/it/LC_MESSAGES/fivehundred_tutor.po").read_text(encoding="utf-8")
    strings = [line for line in po.splitlines() if not line.startswith("#")]
    # the msgids are English: any "licitazione" left would be in a msgstr
    assert not [line for line in strings if "licitazione" in line]


# --- catalog ------------------------------------------------------------------------------------


def test_the_auction_is_asta(italian: None) -> None:  # 4, 18
    assert gettext("Auction so far: {calls}.") == "L'asta finora: {calls}."
    assert gettext("A bid must outrank the last bid, and only a player still in the auction may bid.") == (
        "Una dichiarazione deve superare l'ultima, e può dichiarare solo un giocatore ancora in gara nell'asta."
    )
    assert (
        gettext(
            "{auction} {seat} passed earlier; the bidding has come round to {seat}'s seat again. May {seat} bid {bid} now?"
        )
        == "{auction} {seat} ha già passato; ora il turno torna a {seat}. {seat} può dichiarare {bid} adesso?"
    )
    assert "fuori dall'asta" in gettext(
        "in this game a player who passes is out of the auction for the rest of the hand: a pass is final"
    )


def test_a_hand_valuation_says_compagno(italian: None) -> None:  # 5
    assert gettext("{own} tricks of its own + {support} from partner and the kitty") == (
        "{own} prese proprie + {support} dal compagno e dal tallone"
    )
    assert gettext("{seat} raises partner's {suit} to {call}: {seat}'s hand counts {reckoning}.") == (
        "{seat} alza a {call} la dichiarazione a {suit} del compagno: la mano conta {reckoning}."
    )
    assert gettext("partner") == "compagno"


def test_the_lead_is_attacco(italian: None) -> None:  # 8
    rules = Rules()
    deal = Deal.from_position(
        rules, [h.split() for h in ["AS KS", "JH 5H", "JD 6D", "QS 7C"]], Bid.parse("7H"), 0, leader=1
    )
    deal.push("JH")
    with pytest.raises(IllegalAction) as err:
        deal.push("6D")
    assert str(err.value).startswith("Devi rispondere al seme (attacco: J♥) e hai J♦")
    deal = Deal.from_position(
        rules, [h.split() for h in ["AS KS", "6D 5H", "JK 7D", "QS 7C"]], Bid.parse("7NT"), 0, leader=1
    )
    deal.push("6D")
    with pytest.raises(IllegalAction) as err:
        deal.push("JK")
    assert str(err.value).startswith("Attacco: 6♦. Il jolly si può giocare solo quando non puoi rispondere al seme")
    assert "uscita" not in str(err.value).lower()


def test_the_joker_in_no_trumps_reads_in_order(italian: None) -> None:  # 2
    text = Rules().explain_card(Card.parse("JK"), Bid.parse("7NT"))
    assert text.startswith("Il jolly, senza briscola, non appartiene a nessun seme finché non viene giocato")


def test_the_place_of_a_card_elides_its_article(italian: None) -> None:  # 14
    rules = Rules()
    assert rules.explain_card(Card.parse("7H"), Bid.parse("7S")).endswith(": l’ottava del suo seme per valore.")
    assert rules.explain_card(Card.parse("AS"), Bid.parse("7S")).endswith(": la quarta per valore.")
    assert pgettext("place in order", "eleventh-highest") == "l’undicesima"


def test_the_rules_option_for_the_joker_and_a_void(italian: None) -> None:  # 7
    assert (
        gettext("Joker not named to a void suit")
        == "Il jolly non si nomina in un seme in cui ci si è già mostrati vuoti"
    )


def test_no_trump_contract_words_are_not_repeated(italian: None) -> None:  # 13
    assert gettext("{words}; no trumps") == "{words}"
    assert gettext("The contract is {contract} ({words}): no trumps.") == "La dichiarazione è {contract} ({words})."


def test_the_ladder_status_line(italian: None) -> None:  # 15
    assert gettext("may be bid only after someone has bid at the 7 level in this auction") == (
        "si può dichiarare solo dopo che qualcuno, in quest'asta, ha dichiarato al livello 7"
    )
    assert gettext("{bid} is worth {value}.") == "Valore di {bid}: {value}."
    # the list may end in "…": no full stop after it
    assert gettext("{count}: {list}. The cheapest bid over it is {bid} ({value}).") == (
        "{count}: {list}; la più economica è {bid} ({value})."
    )


def test_the_no_suit_button_says_nessun_seme_once(italian: None) -> None:  # 16
    label, words = gettext("no suit"), gettext("(until it is played)")
    assert f"{label} {words}" == "nessun seme (finché non viene giocato)"


def test_one_trick_loses_a_misere(italian: None) -> None:  # 17
    text = gettext(
        "{bid} is worth {value} under these rules: the declarer must take no trick; made scores the value, one "
        "trick taken loses it; defenders score nothing for their tricks. So: {scores}."
    )
    assert "una presa fatta e lo perde" not in text
    assert "se ci riesce segna il valore, ma basta una presa perché lo perda" in text


def test_a_side_scores_in_words_that_agree_with_a_pair_or_one_player(italian: None) -> None:  # 19
    text = ngettext(
        "{side} needed {need} trick and took {taken}: made, so they score {value}.",
        "{side} needed {need} tricks and took {taken}: made, so they score {value}.",
        8,
    ).format(side="Nord–Sud", need=8, taken=8, value=300)
    assert text == "A Nord–Sud servivano 8 prese e ne sono state fatte 8: dichiarazione realizzata, quindi 300 punti."
    assert "doveva" not in text


def test_the_multi_card_verdict(italian: None) -> None:  # 20
    assert gettext("{hits} right, {wrong} wrong, {missed} missed.").format(hits=0, wrong=1, missed=2) == (
        "Carte giuste: 0, sbagliate: 1, dimenticate: 2."
    )


def test_the_left_bower_badge_is_short(italian: None) -> None:  # 21
    assert gettext("left bower") == "left bower"


def test_the_result_line_says_the_contract_was_bid(italian: None) -> None:  # 23
    verdict = ngettext("took {n} trick: made", "took {n} tricks: made", 9).format(n=9)
    assert verdict == "ha fatto 9 prese e ha realizzato il contratto"
    summary = gettext("{declarer} bid {contract}, {verdict}. {scores}.")
    assert summary == "{declarer} ha dichiarato {contract}, {verdict}. {scores}."
    assert (
        gettext("failed: took a trick (trick {number})")
        == "ha fatto una presa (la n. {number}) e non ha realizzato il contratto"
    )


def test_the_kitty_discard_words(italian: None) -> None:  # 24
    assert "vanno scartate coperte" in gettext(
        "You are {seat}, the declarer in {contract}, and the kitty is yours: three of your {count} cards go face down. "
        "Choose a card that belongs in the best discard."
    )
    assert (
        gettext("Three cards go face down before the first lead.")
        == "Prima dell’attacco tre carte vanno messe da parte coperte."
    )
    figure = gettext("made in {make}% of the layouts, {tricks} tricks and {points} points on average")
    assert figure.startswith("realizza il contratto nel {make}% delle distribuzioni") and "mantenuto" not in figure


def test_the_play_check_counts_agree(italian: None) -> None:  # 25
    text = ngettext(
        "Of your {checked} card {which}, {kept} kept the best result and {costly} cost {cost} — judged with every "
        "hand in view, which you could not see, so some may have been fair guesses.",
        "Of your {checked} cards {which}, {kept} kept the best result and {costly} cost {cost} — judged with every "
        "hand in view, which you could not see, so some may have been fair guesses.",
        7,
    ).format(checked=7, which="che erano una vera scelta", kept=6, costly=1, cost="una presa")
    assert text.startswith(
        "Delle tue 7 carte che erano una vera scelta: con 6 hai ottenuto il risultato migliore, con 1 hai perso una presa"
    )


def test_your_own_actions_say_tu(italian: None) -> None:  # 26
    rules = Rules()
    assert action_text(rules, 2, PASS, you=True) == "Tu passi"
    assert action_text(rules, 2, Bid.parse("7H"), you=True) == "Tu dichiari 7♥"
