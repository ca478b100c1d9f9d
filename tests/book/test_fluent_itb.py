"""The Italian edition's fluency fixes (review itB) stay fixed: the edition pages' wording, the library deals'
Italian comments, and the Italian catalog's messages as the engine and the widgets say them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from fivehundred_tutor import set_language
from fivehundred_tutor.i18n import gettext, ngettext
from fivehundred_tutor.puzzles.themes import lesson, theme_name

ROOT = Path(__file__).resolve().parents[2]
IT = ROOT / "book" / "editions" / "it"
DEALS = ROOT / "fivehundred_tutor" / "data" / "deals" / "it"
PO = ROOT / "fivehundred_tutor" / "locale" / "it" / "LC_MESSAGES" / "fivehundred_tutor.po"


def page(name: str) -> str:
    """The page's markdown with its line breaks and indents as single spaces (prose is wrapped anywhere)."""
    return " ".join((IT / name).read_text(encoding="utf-8").split())


def msgstrs() -> list[str]:
    with PO.open("rb") as f:
        catalog = read_po(f, locale="it")
    out: list[str] = []
    for message in catalog:
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            out.extend(str(s) for s in strings if s)
    return out


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
        # 2: "Segue il gioco base" read as "next comes the basic game"
        ("chapters/09b-judging-a-hand.md", "Segue il gioco", "Il capitolo si riferisce al gioco **base** in quattro;"),
        ("chapters/09d-defence.md", "Segue il gioco", "Il capitolo si riferisce al gioco di **base**;"),
        (
            "chapters/09a-whole-hand.md",
            "Segue il gioco",
            "Il capitolo si riferisce al gioco **base** (nessuna variante)",
        ),
        ("chapters/01a-phases-of-a-hand.md", "Segue il gioco", "La pagina si riferisce al gioco **base**:"),
        # 3: impasse is feminine
        ("chapters/09c-card-play.md", "Questo è un **[impasse]", "Questa è un’**[impasse](#gloss-finesse)**:"),
        # 4: a lone card is "secca"
        (
            "chapters/09c-card-play.md",
            "un **[singolo]",
            "Il K♦ di Ovest è **[secco](#gloss-singleton)**: è l’unica quadri",
        ),
        ("chapters/09b-judging-a-hand.md", "5♣ singoli", "e Q♠ e 5♣ secchi"),
        ("glossary.md", "\x00", 'che è *secca* ("il re secco", "l\'asso secco")'),
        # 5
        (
            "chapters/09d-defence.md",
            "L’ultimo, controllato.",
            "Mettiamo alla prova l’ultimo consiglio con il risolutore.",
        ),
        # 9
        ("chapters/11-two-players.md", "nel motore, le regole", "nel codice del libro si chiama `two-player`"),
        # 10: the engine's refusal quoted, not spliced after a colon
        (
            "chapters/09e-at-the-table.md",
            "sarebbe la rinuncia: *{refusal",
            "e il libro risponde: «{refusal(position('AH'), '7D')}»",
        ),
        # 11: no "e Est"
        ("chapters/10-three-players.md", "aveva {before[first]} e {o_name}", "aveva {before[first]}, {o_name} "),
        # 33
        (
            "chapters/10-three-players.md",
            "che questo libro legge, e le sue partite giocano",
            "questo libro lo interpreta, e le sue partite lo applicano, come la prima presa",
        ),
        # 14: "pacchetto" is a pack of cards to a card player
        ("chapters/12-annotated-deals.md", "pacchetto", "smazzate della raccolta del libro, ognuna scritta a mano"),
        ("chapters/12-annotated-deals.md", "pacchetto", "Il libro contiene una raccolta di smazzate scritte a mano"),
        # 16, 17
        ("chapters/12b-puzzle-trainer.md", "*Levels A–E*", "*Livelli A–E*: le raccolte di problemi"),
        ("chapters/12b-puzzle-trainer.md", "rispondono meglio che possono", "rispondono come meglio possono"),
        # 18: the trainer's themes as the trainer names them
        ("chapters/09c-card-play.md", "i giochi di fine mano", "tenere protetto un bower, la messa in mano e il jolly"),
        # 23
        (
            "chapters/15-final-test.md",
            "con la strategia *{strategia",
            "ottiene il risultato migliore {scegliendo(cal.guess_strategy)}:",
        ),
        # 24, 25
        (
            "rules-index.md",
            "il jolly ancora più bassa",
            "in tre: l'asso è la carta più bassa, il jolly è ancora più basso",
        ),
        ("references.md", "il jolly ancora più bassa", "il jolly è ancora più basso)"),
        (
            "rules-index.md",
            "gioca le sue carte, coperte",
            "il compagno gioca le sue carte dalla mano, senza stenderle in tavola",
        ),
        (
            "chapters/07-playing-tricks.md",
            "gioca le sue carte, coperte",
            "gioca le sue carte dalla mano, senza mostrarle prima",
        ),
        # 26: NT is this book's notation, SB the Italian source's
        (
            "glossary.md",
            "\x00",
            "Questo libro lo scrive NT, come i testi inglesi e i widget (6NT = sei senza briscola); la fonte italiana scrive SB.",
        ),
    ],
)
def test_an_edition_page_has_the_fixed_wording(name: str, wrong: str, right: str) -> None:
    text = page(name)
    assert wrong not in text
    assert right in text


def test_the_guessing_strategy_reads_as_a_phrase() -> None:  # 23
    assert 'assert scegliendo("position 4") == "scegliendo sempre la quarta risposta"' in page(
        "chapters/15-final-test.md"
    )


# --- the library deals' Italian comments ----------------------------------------------------------


def deal_texts(name: str) -> list[str]:
    entry = json.loads((DEALS / name).read_text(encoding="utf-8"))
    return [
        entry.get("title", ""),
        entry.get("intro", ""),
        *entry.get("comments", {}).values(),
        *entry.get("stops", {}).values(),
    ]


def test_a_deal_prompt_has_its_article() -> None:  # 7
    stops = deal_texts("11-ending-overtake-with-the-joker.json")
    assert "Tocca a te: l’A♥ del compagno sta vincendo. Quale briscola giochi?" in stops
    assert "Tocca a te: il compagno ha attaccato con il 9♠ e Sud ha messo il K♠. Quale picche giochi?" in deal_texts(
        "05-defence-take-your-ace.json"
    )


def test_no_deal_says_singolo() -> None:  # 4
    for path in DEALS.glob("*.json"):
        assert "singol" not in path.read_text(encoding="utf-8"), path
    assert "Est tiene il 6♥, una cuori bassa secca." in " ".join(deal_texts("06-misere.json"))


# --- catalog ------------------------------------------------------------------------------------


def test_the_count_is_conto_everywhere() -> None:  # 1
    strings = msgstrs()
    assert not [s for s in strings if "conteggio" in s.lower()]


def test_the_count_messages(italian: None) -> None:  # 1
    assert gettext("{call} needs a count of {need}; this hand counts {reckoning}") == (
        "{call} richiede un conto di {need}; questa mano conta {reckoning}"
    )
    assert gettext(
        "{seat}'s best count is {total}, about {whole}, with {suit} as trumps: not enough for a bid, so {seat} passes."
    ).startswith("Il conto migliore di {seat} è {total}, circa {whole}, con {suit} come briscola")
    assert gettext("{own} tricks of its own + {support} from partner and the kitty") == (
        "{own} prese proprie + {support} dal compagno e dal tallone"
    )


def test_the_opening_and_the_pass_need_no_ed(italian: None) -> None:  # 11
    text = gettext(
        "You sit {seat} and hold {cards}. Your partner, {partner}, opened {opening} and {right} passed. "
        "Which of these bids could a sound player make now?"
    ).format(seat="Sud", cards="…", partner="Nord", opening="6♦", right="Est")
    assert "Il tuo compagno, Nord, ha aperto 6♦, poi Est ha passato." in text
    assert " e Est" not in text


def test_a_side_can_be_a_pair_or_one_player(italian: None) -> None:  # 12b
    text = ngettext("Double dummy: {side} can take {n} trick.", "Double dummy: {side} can take {n} tricks.", 10)
    assert text.format(side="Nord–Sud", n=10) == "Con tutte le mani in vista, il massimo per Nord–Sud è 10 prese."
    assert "può fare" not in text


def test_a_card_allowed_or_not_has_no_gender(italian: None) -> None:  # 12a, 13
    assert (
        gettext("{card} is allowed, but it is not the card to play here: try again, or ask for a hint.").format(
            card="Jolly"
        )
        == "Puoi giocare Jolly, ma qui non è la carta giusta: riprova, o chiedi un suggerimento."
    )
    assert gettext("{card} is allowed, but it is not the card to throw here: try again, or ask for a hint.").startswith(
        "Puoi scartare {card}, ma"
    )
    assert gettext("{card} is allowed, but {why}") == "Puoi scartare {card}, ma {why}"
    refused = gettext("{card} is not allowed: {reason}").format(
        card="9♦", reason="Devi rispondere al seme (attacco: 7♠) e hai A♠ 6♠ 10♠ 9♠ 5♠."
    )
    assert gettext("{reason} Choose another card.").format(reason=refused) == (
        "Non puoi giocare 9♦. Devi rispondere al seme (attacco: 7♠) e hai A♠ 6♠ 10♠ 9♠ 5♠. Scegli un’altra carta."
    )
    assert gettext("it cannot be played now.") == "Non in questo momento."
    assert not [s for s in msgstrs() if "è consentita" in s]


def test_the_trainer_themes_are_named_as_in_the_book(italian: None) -> None:  # 18
    assert theme_name("bower-guard") == "Tenere protetto un bower"
    assert theme_name("endplay") == "Messa in mano"
    assert lesson("bower-guard").startswith("Un bower che non è ancora la briscola più alta")


def test_the_called_card_is_set_off(italian: None) -> None:  # 22
    assert gettext("{declarer} (with {partner}, who held the called {card})") == (
        "{declarer} (con {partner}, che aveva la carta chiamata, {card})"
    )


def test_the_final_test_says_come_meglio_puoi(italian: None) -> None:  # 23
    assert not [s for s in msgstrs() if "meglio che puoi" in s]
    assert gettext(
        "Bid and play as well as you can: the bots are the stronger ones. Each card you choose is checked against "
        "perfect play (every hand in view); you see how you did when the deal ends."
    ).startswith("Dichiara e gioca come meglio puoi: i bot sono i più forti.")


def test_a_counter_names_what_it_counts(italian: None) -> None:  # 28
    assert gettext("Mastered {mastered} of {total}") == "Domande padroneggiate: {mastered} su {total}"
    assert gettext("Mastered {mastered} of {total} in this quiz.") == (
        "Domande padroneggiate in questo quiz: {mastered} su {total}."
    )
    assert gettext("Judged well at the first try: {mastered} of {tried}") == (
        "Mani valutate correttamente al primo tentativo: {mastered} su {tried}"
    )
