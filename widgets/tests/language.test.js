// The widgets' words in the engine's language (widgets/src/language.js, catalogs.js): card names as
// a screen reader says them in Polish and Italian, from the same catalogs as the engine.

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";
import { card, cardName } from "../src/cards.js";
import { language, useLanguage, words } from "../src/language.js";

afterEach(() => useLanguage("en"));

test("English unless the model or the page says otherwise", () => {
  assert.equal(language(), "en");
  assert.equal(cardName("JD"), "Jack of diamonds");
});

test("Polish card names: walet karo, dziesiątka kier, dżoker", () => {
  assert.equal(useLanguage("pl"), "pl");
  assert.equal(cardName("JD"), "Walet karo");
  assert.equal(cardName("TH"), "Dziesiątka kier");
  assert.equal(cardName("QS"), "Dama pik");
  assert.equal(cardName("AC"), "As trefl");
  assert.equal(cardName("JK"), "Dżoker");
  assert.equal(card("JK").name, "Dżoker");
});

test("Italian card names: fante di quadri, dieci di cuori, jolly", () => {
  assert.equal(useLanguage("it_IT"), "it");
  assert.equal(cardName("JD"), "Fante di quadri");
  assert.equal(cardName("TH"), "Dieci di cuori");
  assert.equal(cardName("KC"), "Re di fiori");
  assert.equal(cardName("JK"), "Jolly");
});

test("every card has its own name in every language, none left in English", () => {
  const ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "11", "12", "13", "J", "Q", "K", "A"];
  for (const code of ["pl", "it"]) {
    useLanguage(code);
    const names = new Set();
    for (const suit of "SCDH") for (const rank of ranks) names.add(cardName(rank + suit));
    assert.equal(names.size, 64, code);
    for (const name of names) assert.doesNotMatch(name, / of |Jack|Queen|King|Ace|hearts|spades/, `${code}: ${name}`);
  }
});

test("an unknown or missing language keeps the one spoken", () => {
  useLanguage("pl");
  assert.equal(useLanguage("fr"), "pl");
  assert.equal(useLanguage(undefined), "pl");
  assert.equal(words().joker, "Dżoker");
});

test("the joker's short name and label are the language's too", () => {
  useLanguage("it");
  assert.equal(card("JK").short, "Jolly");
  assert.equal(card("JK").label, "Jolly");
  useLanguage("en");
  assert.equal(card("JK").short, "Joker");
});

test("interface words from the catalogs, English where a message has no entry", async () => {
  const { t } = await import("../src/language.js");
  assert.equal(t("a face-down card"), "a face-down card");
  useLanguage("pl");
  assert.equal(t("a face-down card"), "zakryta karta");
  assert.equal(t("This widget cannot be shown."), "Nie można wyświetlić tego widżetu.");
  assert.equal(t("no such message {x}", { x: 3 }), "no such message 3");
  useLanguage("it");
  assert.equal(t("a face-down card"), "una carta coperta");
});

test("plural rules from the catalogs: Polish 1 / 2-4 / 5+ (12-14 many, 22 few), Italian and English two", async () => {
  const { PLURAL } = await import("../src/catalogs.js");
  const { nt } = await import("../src/language.js");
  assert.deepEqual([1, 2, 4, 5, 12, 14, 21, 22, 25, 102].map(PLURAL.pl), [0, 1, 1, 2, 2, 2, 2, 1, 2, 1]);
  assert.deepEqual([0, 1, 2, 22].map(PLURAL.it), [1, 0, 1, 1]);
  assert.deepEqual([0, 1, 2, 22].map(PLURAL.en), [1, 0, 1, 1]);
  // a counted message without an entry keeps its English forms, chosen by English's rule
  assert.equal(nt("{n} card", "{n} cards", 1, { n: 1 }), "1 card");
  assert.equal(nt("{n} card", "{n} cards", 22, { n: 22 }), "22 cards");
});

test("every counted phrase of the widgets (format.js's plural table) in Polish and Italian", async () => {
  const { listWords, plural } = await import("../src/format.js");
  assert.deepEqual(
    [1, 2, 5, 22].map((n) => plural(n, "trick")),
    ["1 trick", "2 tricks", "5 tricks", "22 tricks"],
  );
  useLanguage("pl");
  assert.deepEqual(
    [1, 2, 5, 12, 22].map((n) => plural(n, "trick")),
    ["1 lewa", "2 lewy", "5 lew", "12 lew", "22 lewy"],
  );
  assert.deepEqual(
    [1, 3, 5].map((n) => plural(n, "more card")),
    ["jeszcze 1 kartę", "jeszcze 3 karty", "jeszcze 5 kart"],
  );
  assert.equal(plural(2, "still empty", { shown: "Północ, Wschód" }), "wciąż puste: Północ, Wschód");
  assert.equal(listWords(["A♠", "K♥", "5♣"]), "A♠, K♥ i 5♣");
  useLanguage("it");
  assert.deepEqual(
    [1, 2, 22].map((n) => plural(n, "point")),
    ["1 punto", "2 punti", "22 punti"],
  );
  assert.equal(listWords(["A♠", "K♥"]), "A♠ e K♥");
});

test("verdicts, scores, play choices and annotation words in Polish and Italian", async () => {
  const { roundScoreWords } = await import("../src/feedback.js");
  const { bidLabel, contextName, markWords, playWords } = await import("../src/format.js");
  assert.equal(roundScoreWords(3, 5), "3 of 5 right at the first try.");
  assert.equal(playWords("h:JK:H"), "Joker from hand, naming hearts");
  useLanguage("pl");
  assert.equal(roundScoreWords(3, 5), "Dobrze za pierwszym razem: 3 z 5.");
  assert.equal(roundScoreWords(2, 5, 2), "Dobrze za pierwszym razem: 2 z 3 odpowiedzianych; pominięte: 2.");
  assert.equal(playWords("h:JK:H"), "Dżoker z ręki, nominowany do koloru kier");
  assert.equal(playWords("t:JD"), "Walet karo ze stołu");
  assert.equal(markWords("?!"), "wątpliwe zagranie");
  assert.equal(contextName("hand"), "Twoja ręka");
  assert.equal(contextName("cards_left"), "Cards left", "a key the catalogs do not name keeps its own words");
  assert.equal(bidLabel("OM"), "odkryte misère");
  useLanguage("it");
  assert.equal(playWords("JK:S"), "Jolly, nominando picche");
  assert.equal(bidLabel("OM"), "misère aperta");
});

test("the course's words and the progress file's in Polish and Italian, counts in their plural forms (issue 29 part 2)", async () => {
  const { masteryRule, masteryWords, stateWords } = await import("../src/course.js");
  const { loadedWords } = await import("../src/progressfile.js");
  const { numberHint } = await import("../src/keys.js");
  useLanguage("pl");
  assert.equal(masteryWords({ right: 9, need: 10, mastered: false }), "Jeszcze 1 dobra odpowiedź za pierwszym razem i quiz opanowany (10 jego pytań).");
  assert.equal(masteryWords({ right: 8, need: 10, mastered: false }), "Jeszcze 2 dobre odpowiedzi za pierwszym razem i quiz opanowany (10 jego pytań).");
  assert.equal(masteryWords({ right: 5, need: 10, mastered: false }), "Jeszcze 5 dobrych odpowiedzi za pierwszym razem i quiz opanowany (10 jego pytań).");
  assert.equal(masteryWords({ right: 10, need: 10, mastered: true }), "Quiz opanowany.");
  assert.equal(stateWords({ state: "new", quizzes: [] }), "nierozpoczęty");
  assert.equal(stateWords({ state: "started", quizzes: [{ mastered: false, right: 3, need: 10, title: "Q" }] }), "w toku: 3 z 10 do opanowania quizu");
  assert.match(masteryRule(), /^Rozdział jest ukończony, gdy opanujesz jego quiz: cztery na pięć pytań quizu dobrze za pierwszym razem \(10 z 12\)/);
  assert.equal(
    loadedWords("p.json", { widgets: 22, review: 5, days: 2 }),
    "Wczytano postępy z pliku p.json: 22 quizy i widżety, 5 pytań do powtórki, 2 dni ćwiczeń.",
  );
  assert.equal(numberHint({ kind: "number", fields: [{ id: "a" }, { id: "b" }] }, { a: "40", b: "" }), "Wpisz liczbę w każde pole (0, jeśli nic).");
  useLanguage("it");
  assert.equal(
    masteryWords({ right: 8, need: 10, mastered: false }),
    "Ancora 2 risposte giuste al primo tentativo e il quiz è padroneggiato (10 delle sue domande).",
  );
  assert.equal(stateWords({ state: "done", quizzes: [] }), "completato");
});

test("a progress file's faults are told in Polish and Italian (issue 29 part 2)", async () => {
  const { importProgress } = await import("../src/progress.js");
  useLanguage("pl");
  assert.throws(() => importProgress("{not json"), { message: "To nie jest plik postępów: to nie jest JSON, który zapisuje ta książka." });
  assert.throws(() => importProgress(JSON.stringify({ format: "nope" })), { message: /^To nie jest plik postępów z tej książki/ });
  useLanguage("it");
  assert.throws(() => importProgress(42), { message: "Questo non è un file dei progressi (non è testo)." });
});

test("the table's tags and the partner's trick counts in Polish and Italian (issue 29 part 2)", async () => {
  const { tagWords } = await import("../src/table.js");
  const { myPartnerTricks } = await import("../src/partnercall.js");
  const v = { tricks_won: [0, 1, 2, 0, 3], declaring_known: [2, 4] };
  useLanguage("pl");
  assert.deepEqual(["dealer", "left bower", "kitty", "to move"].map(tagWords), ["rozdający", "lewy walet", "musik", "na ruchu"]);
  assert.equal(myPartnerTricks(v, 2), "wzięte przez ciebie: 2 lewy; z partnerem: 5 lew");
  assert.equal(myPartnerTricks(v, 1), "wzięte przez ciebie: 1 lewa");
  useLanguage("it");
  assert.equal(myPartnerTricks(v, 2), "hai fatto 2 prese; con il tuo compagno 5 prese");
  assert.equal(tagWords("kitty"), "tallone");
});

test("the play test's and the question maker's lines in Polish, counts in their plural forms (issue 29 part 2)", async () => {
  const { testButtonParts } = await import("../src/playtest.js");
  const { makerSummary } = await import("../src/maker.js");
  useLanguage("pl");
  const parts = testButtonParts({ test: { id: "t", index: 0, deals: [1, 2, 3] } }, true, {});
  assert.equal(parts[0].text, "Rozdanie 2 z 3");
  assert.equal(
    makerSummary("ala", 22, 60, "a.json"),
    "ala: 22 pytania, 60 pkt — ten sam zestaw, który „fivehundred-tutor assign” zapisuje do students/ala/a.json.",
  );
  assert.equal(makerSummary("ala", 5, 60, "a.json").slice(0, 13), "ala: 5 pytań,");
});

test("the game's prompts in Polish and Italian, the kitty's count in its plural forms (issue 29 part 2)", async () => {
  const { discardWords, myTricks } = await import("../src/play.js");
  useLanguage("pl");
  assert.equal(
    discardWords({ to_discard: 3, discard_total: 3 }),
    "Musik jest twój: odłóż do zrzutki 3 karty, po jednej (kliknięta karta od razu trafia do zrzutki).",
  );
  assert.equal(discardWords({ to_discard: 5, discard_total: 5 }).slice(0, 40), "Musik jest twój: odłóż do zrzutki 5 kart");
  assert.equal(discardWords({ to_discard: 1, discard_total: 3 }), "Zrzuć jeszcze 1 kartę.");
  const v = { tricks_won: [2, 1, 3, 0], seat_names: ["Ty", "W", "N", "E"], side: 0, side_tricks: [5, 1], side_names: ["Ty i N", "W i E"] };
  assert.equal(myTricks(v, 0), "wzięte przez ciebie: 2 lewy; twoja strona (Ty i N): 5 lew");
  useLanguage("it");
  assert.equal(discardWords({ to_discard: 0 }), "Hai preso il tallone: scegli una carta da scartare.");
});

test("the hand evaluator's verdict in Polish and Italian (issue 29 part 2)", async () => {
  const { offBy } = await import("../src/evaluator.js");
  const res = { mean: 7.26, chance: { 9: 0.2 } };
  useLanguage("pl");
  assert.match(
    offBy({ code: "S", words: "piki" }, res, 9),
    /^Gdy atu to piki, twoja ocena 9 jest za wysoka\. Średnio rozdania dają 7,3 lewy, a 9 lub więcej w .+ z nich\.$/,
  );
  assert.match(offBy({ code: "NT" }, res, 5), /^Bez atu: twoja ocena 5 jest za niska\./);
  useLanguage("it");
  assert.match(offBy({ code: "S", words: "picche" }, res, 9), /^Con picche come briscola hai detto 9: troppo alto\. In media le smazzate danno 7,3 prese/);
});

test("the live engine's status lines in Polish and Italian, whole sentences (issue 29 part 2)", async () => {
  const { doingText } = await import("../src/live.js");
  useLanguage("pl");
  assert.equal(doingText("hint", true), "Szukam podpowiedzi — za pierwszym razem trwa to kilka sekund.");
  assert.equal(doingText("new_deal", false), "Rozdaję nowe rozdanie…");
  useLanguage("it");
  assert.equal(doingText("act", true), "Aspetto i bot — la prima volta ci vuole qualche secondo.");
  useLanguage("en");
  assert.equal(doingText("new_question", true), "Getting a new question ready — the first one takes a few seconds.");
});
