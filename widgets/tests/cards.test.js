// Card facts and spoken names (widgets/src/cards.js): pure functions, no DOM.

import assert from "node:assert/strict";
import { test } from "node:test";
import { card, cardName, markCards, SUITS, shortName } from "../src/cards.js";

test("spoken names of cards", () => {
  assert.equal(cardName("JD"), "Jack of diamonds");
  assert.equal(cardName("TH"), "Ten of hearts");
  assert.equal(cardName("AS"), "Ace of spades");
  assert.equal(cardName("11C"), "Eleven of clubs");
  assert.equal(cardName("13H"), "Thirteen of hearts");
  assert.equal(cardName("JK"), "Joker");
});

test("short names use the suit symbol and 10, not T", () => {
  assert.equal(shortName("JD"), "J\u2666");
  assert.equal(shortName("TH"), "10\u2665");
  assert.equal(shortName("12S"), "12\u2660");
  assert.equal(shortName("JK"), "Joker");
});

test("display facts", () => {
  assert.deepEqual(card("QC"), {
    code: "QC",
    joker: false,
    suit: "C",
    label: "Q",
    sym: "\u2663",
    red: false,
    name: "Queen of clubs",
    short: "Q\u2663",
  });
  assert.equal(card("9D").red, true);
  assert.equal(card("JK").joker, true);
  assert.equal(card("JK").suit, null);
  for (const suit of Object.keys(SUITS)) assert.equal(card(`A${suit}`).suit, suit);
});

test("every rank of every suit has a name", () => {
  const ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "11", "12", "13", "J", "Q", "K", "A"];
  const names = new Set();
  for (const suit of "SCDH") for (const rank of ranks) names.add(cardName(rank + suit));
  assert.equal(names.size, 64);
});

test("what is not a card code is refused with a readable error", () => {
  for (const bad of ["", "X", "1D", "JX", "10H", "jd", "toString", "JDD"]) {
    assert.throws(() => card(bad), /is not a card code/, bad);
  }
  assert.throws(() => card(null), /expected a card code/);
  assert.throws(() => card(7), /expected a card code/);
});

test("marking a button named by its text keeps its words in its accessible name", () => {
  const button = (text, label = null) => {
    const attrs = label === null ? {} : { "aria-label": label };
    const classes = new Set();
    return {
      textContent: text,
      classList: { toggle: (c, on) => (on ? classes.add(c) : classes.delete(c)) },
      querySelector: () => null,
      getAttribute: (name) => attrs[name] ?? null,
      setAttribute: (name, value) => {
        attrs[name] = value;
      },
      classes,
    };
  };
  const named = button(" Joker, naming clubs ");
  const labelled = button("J♦", "Jack of diamonds");
  const other = button("Joker, naming spades");
  markCards(
    [named, labelled, other],
    (b) => b === named,
    (b) => b === labelled,
  );
  assert.equal(named.getAttribute("aria-label"), "Joker, naming clubs (the answer)");
  assert.equal(labelled.getAttribute("aria-label"), "Jack of diamonds (your answer)");
  assert.equal(other.getAttribute("aria-label"), null);
  assert.ok(named.classes.has("fht-right-answer") && labelled.classes.has("fht-wrong-pick"));
});
