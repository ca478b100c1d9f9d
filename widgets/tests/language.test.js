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
