// Words and labels (widgets/src/format.js): bids, context headings, marks, problem choices.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { bidLabel, contextName, isBidCode, markWords, PLURALS, playWords, plural } from "../src/format.js";

test("bid labels", () => {
  assert.equal(bidLabel("7H"), "7\u2665");
  assert.equal(bidLabel("6S"), "6\u2660");
  assert.equal(bidLabel("10NT"), "10NT");
  assert.equal(bidLabel("MIS"), "misère");
  assert.equal(bidLabel("OM"), "open misère");
  assert.equal(bidLabel("pass"), "pass");
  assert.equal(bidLabel("11H"), "11H");
});

test("bid codes", () => {
  for (const code of ["6S", "7C", "8D", "9H", "10NT", "MIS", "OM"]) assert.ok(isBidCode(code), code);
  for (const code of ["5S", "11H", "7X", "NT", "", null, 7]) assert.ok(!isBidCode(code), String(code));
});

test("context headings", () => {
  assert.equal(contextName("hand"), "Your hand");
  assert.equal(contextName("trick"), "The trick so far");
  assert.equal(contextName("cards_left"), "Cards left");
  assert.equal(contextName("kitty"), "Kitty");
});

test("annotation marks in words", () => {
  assert.equal(markWords("?!"), "dubious move");
  assert.equal(markWords("!!"), "brilliant move");
  assert.equal(markWords("?"), "mistake");
  assert.equal(markWords("+"), "+");
});

test("a play problem's choices in words", () => {
  assert.equal(playWords("JD"), "Jack of diamonds");
  assert.equal(playWords("JK:H"), "Joker, naming hearts");
  assert.equal(playWords("h:JK:S"), "Joker from hand, naming spades");
  assert.equal(playWords("t:QC"), "Queen of clubs from the table");
});

test("plurals", () => {
  assert.equal(plural(1, "trick"), "1 trick");
  assert.equal(plural(0, "trick"), "0 tricks");
  assert.equal(plural(3, "point"), "3 points");
  assert.equal(plural(1, "bids outrank it"), "1 bid outranks it"); // the verb agrees too
  assert.equal(plural(2, "still empty", { shown: "hearts and no trumps" }), "hearts and no trumps are still empty");
  assert.equal(plural(1, "within tricks"), "one trick");
  assert.throws(() => plural(2, "no such phrase"), /no plural forms for "no such phrase"/);
});

test("a catalog supplies another language's forms: Polish has one, few and many", () => {
  const polish = { trick: { one: "# lewa", few: "# lewy", many: "# lew", other: "# lewy" } };
  const lewy = (n) => plural(n, "trick", { catalog: polish, locale: "pl" });
  assert.deepEqual([1, 2, 5, 22, 25].map(lewy), ["1 lewa", "2 lewy", "5 lew", "22 lewy", "25 lew"]);
});

test("every phrase the widgets count has its forms in the catalog", () => {
  const src = new URL("../src/", import.meta.url);
  const used = new Set();
  for (const name of readdirSync(src).filter((f) => f.endsWith(".js"))) {
    for (const m of readFileSync(new URL(name, src), "utf8").matchAll(/\bplural\([^,()]+(?:\([^()]*\))?[^,()]*,\s*"([^"]+)"/g)) used.add(m[1]);
  }
  assert.ok(used.size >= 10, [...used].join(", "));
  for (const key of used) assert.ok(Object.hasOwn(PLURALS, key), key);
  for (const [key, forms] of Object.entries(PLURALS)) assert.ok(forms.one && forms.other, key);
});
