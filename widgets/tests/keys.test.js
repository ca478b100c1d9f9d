// Response keys (widgets/src/keys.js): the canonical text of an answer, as the engine stores it.
// With FHT_KEYS_FIXTURE set (tests/test_frontend.py does), every case Python computed from
// generated questions of every topic must give the same key here.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { answerState, isAnswered, localVerdict, missedFields, numberHint, numberMisses, responseKey, wholeNumberText } from "../src/keys.js";

const choice = { kind: "choice" };
const multi = { kind: "multi" };
const order = { kind: "order" };
const cards = { kind: "cards" };
const number = { kind: "number", fields: [] };
const score = {
  kind: "number",
  fields: [
    { id: "declarers", label: "Declarers" },
    { id: "defenders", label: "Defenders" },
  ],
};
const points = { kind: "number", fields: [{ id: "points", label: "points" }] };

test("choice, multi, cards and order keys", () => {
  assert.equal(responseKey(choice, "b"), "b");
  assert.equal(responseKey(choice, ["b"]), null);
  assert.equal(responseKey(multi, ["c", "a", "b"]), "a,b,c");
  assert.equal(responseKey(cards, ["JD", "AS", "10H"]), "10H,AS,JD");
  assert.equal(responseKey(cards, ["AS", "JD"]), responseKey(cards, ["JD", "AS"]));
  assert.equal(responseKey(order, ["c", "a", "b"]), "c,a,b");
  assert.equal(responseKey(multi, []), "");
  assert.equal(responseKey(multi, "ab"), null);
  assert.equal(responseKey(multi, [1, 2]), null);
  assert.equal(responseKey(choice, null), null);
  assert.equal(responseKey({ kind: "essay" }, "x"), null);
});

test("number keys read whole numbers however they were typed", () => {
  for (const same of [40, 40.0, "40", " 40 ", "+40", "040"]) assert.equal(responseKey(number, same), "40", String(same));
  assert.equal(responseKey(number, "\u2212140"), "-140");
  assert.equal(responseKey(number, "-0"), "0");
  assert.equal(responseKey(number, "1 040"), "1040");
  for (const bad of [40.5, "4e1", "", "forty", true, "1234567", {}, [40], Number.NaN]) assert.equal(responseKey(number, bad), null, String(bad));
});

test("number keys with fields follow the question's field order", () => {
  assert.equal(responseKey(score, { defenders: "-140", declarers: 280 }), "280,-140");
  assert.equal(responseKey(score, [280, -140]), "280,-140");
  assert.equal(responseKey(score, { declarers: 280 }), null);
  assert.equal(responseKey(score, { declarers: 280, defenders: 0, extra: 1 }), null);
  assert.equal(responseKey(score, 280), null);
  assert.equal(responseKey(points, 40), "40");
  assert.equal(responseKey(points, { points: "40" }), "40");
});

test("whole numbers", () => {
  assert.equal(wholeNumberText(-0), "0");
  assert.equal(wholeNumberText(2 ** 53), null);
  assert.equal(wholeNumberText("999999"), "999999");
  assert.equal(wholeNumberText(null), null);
});

test("answered or not", () => {
  for (const blank of [undefined, null, "", [], { a: "", b: " " }]) assert.equal(isAnswered(blank), false);
  for (const given of ["a", 0, ["x"], { a: "1" }]) assert.equal(isAnswered(given), true);
});

test("a number answer that cannot be read is not counted as answered", () => {
  assert.equal(answerState(points, { points: "abc" }), "unreadable");
  assert.equal(answerState(points, { points: "" }), "blank");
  assert.equal(answerState(points, { points: "-140" }), "answered");
  assert.equal(answerState({ kind: "choice" }, "b"), "answered");
});

test("a score box holding no whole number says why, at once (issue 27, review C13)", () => {
  for (const typed of ["forty", "1e5", "40.5", "4 0 x"]) {
    assert.equal(numberHint(points, { points: typed }), "Write whole numbers only, like 280 or -140.", typed);
  }
  assert.equal(numberHint(score, { declarers: "40", defenders: "" }), "Write a number in every box (0 if nothing).");
  assert.equal(numberHint(score, { declarers: "40", defenders: "forty" }), "Write whole numbers only, like 280 or -140.");
  for (const fine of [{ points: "-140" }, { points: "" }, null]) assert.equal(numberHint(points, fine), "");
  assert.equal(numberHint({ kind: "choice" }, "zz"), "");
});

test("quiz verdicts come from what the engine stored", () => {
  const question = { kind: "choice", verdicts: { a: [1, 0], b: [0, 1] }, feedbacks: ["Yes.", "No: a."], answer_key: "a", right: "Right!", wrong: "Wrong." };
  assert.deepEqual(localVerdict(question, "a"), { correct: true, feedback: "Yes." });
  assert.deepEqual(localVerdict(question, "b"), { correct: false, feedback: "No: a." });
  assert.deepEqual(localVerdict(question, "c"), { correct: false, feedback: "Wrong." });
  const sum = { ...points, verdicts: {}, answer_key: "40", right: "Right!", wrong: "Wrong." };
  assert.deepEqual(localVerdict(sum, { points: 40 }), { correct: true, feedback: "Right!" });
  assert.deepEqual(localVerdict(sum, { points: 45 }), { correct: false, feedback: "Wrong." });
});

const fixture = process.env.FHT_KEYS_FIXTURE;
test("the same keys as Python for generated questions", { skip: !fixture && "FHT_KEYS_FIXTURE is not set" }, () => {
  const cases = JSON.parse(readFileSync(fixture, "utf8"));
  assert.ok(cases.length > 0, "the fixture has no cases");
  const wrong = [];
  for (const { topic, question, response, key } of cases) {
    const got = responseKey(question, response);
    if (got !== key) wrong.push(`${topic} ${question.kind}: ${JSON.stringify(response)} -> JS ${JSON.stringify(got)}, Python ${JSON.stringify(key)}`);
  }
  assert.deepEqual(wrong, [], `${wrong.length} of ${cases.length} keys differ`);
});

test("the boxes of a number question that are off, by their labels", () => {
  const q = { ...score, answer: { declarers: -80, defenders: 40 } };
  assert.deepEqual(numberMisses(q, { declarers: "-80", defenders: "40" }), []);
  assert.deepEqual(numberMisses(q, { declarers: "\u221280", defenders: " +40 " }), []); // read as the key reads them
  assert.deepEqual(numberMisses(q, { declarers: "80", defenders: "40" }), ["Declarers"]);
  assert.deepEqual(numberMisses(q, { declarers: "-80", defenders: "" }), ["Defenders"]);
  assert.deepEqual(numberMisses(q, { declarers: "abc", defenders: "50" }), ["Declarers", "Defenders"]);
  assert.deepEqual(numberMisses(q, null), []);
  assert.deepEqual(numberMisses({ ...points, answer: { points: 40 } }, { points: "60" }), []); // one box: the verdict says it
});

test("the boxes to outline: one box, named fields, and a field the answer does not name", () => {
  assert.deepEqual(missedFields({ kind: "number", fields: [], answer: 40 }, "60"), [{ id: "", label: "Answer" }]);
  assert.deepEqual(missedFields({ kind: "number", fields: [], answer: 40 }, 40), []);
  assert.deepEqual(missedFields({ ...points, answer: { points: 40 } }, { points: "60" }), points.fields);
  assert.deepEqual(missedFields({ ...score, answer: { declarers: -80 } }, { declarers: "-80", defenders: "9" }), []);
  assert.deepEqual(missedFields({ ...score, answer: { declarers: -80, defenders: 40 } }, null), []);
});
