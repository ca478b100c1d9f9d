// The hand evaluator's pure helpers (widgets/src/evaluator.js): reading an estimate, the verdict
// look-up, the sentence about a far-off estimate, the chart's bar heights.

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  barHeights,
  evaluatorReduce,
  evaluatorState,
  evaluatorView,
  freshEvaluatorUi,
  judgeHand,
  offBy,
  percent,
  readEstimate,
  readEstimates,
} from "../src/evaluator.js";
import { findPart } from "../src/parts.js";

const res = (mean, right, chance = []) => ({ mean, right, chance, dist: [], reason: "" });
const item = {
  results: { S: res(7.4, [7, 8]), C: res(4.1, [4, 5]), D: res(3.0, [2, 4]), H: res(8.6, [8, 9]), NT: res(2.2, [2, 3]) },
};

test("estimates: whole numbers from 0 to the hand's size", () => {
  assert.equal(readEstimate("7", 10), 7);
  assert.equal(readEstimate(" 10 ", 10), 10);
  assert.equal(readEstimate("0", 10), 0);
  for (const bad of ["", "11", "-1", "\u22121", "7.5", "seven", null, undefined]) assert.equal(readEstimate(bad, 10), null, String(bad));
});

test("the verdict is the look-up of the right ranges, every denomination", () => {
  assert.deepEqual(judgeHand(item, { S: 7, C: 5, D: 2, H: 9, NT: 3 }), { correct: true, marks: { S: true, C: true, D: true, H: true, NT: true } });
  const wrong = judgeHand(item, { S: 9, C: 5, D: 4, H: 8, NT: 1 });
  assert.equal(wrong.correct, false);
  assert.deepEqual(wrong.marks, { S: false, C: true, D: true, H: true, NT: false });
  assert.equal(judgeHand(item, { S: 7, C: 5, D: 2, H: 9 }).correct, false); // no estimate for NT
});

test("the sentence names the denomination, the estimate, the average and the chance", () => {
  const chance = [1, 1, 1, 1, 1, 0.9, 0.8, 0.55, 0.3, 0.12, 0.02];
  assert.equal(
    offBy({ code: "H", words: "hearts" }, res(7.44, [7, 8], chance), 9),
    "With hearts as trumps you said 9: too high. On average the deals give 7.4 tricks, and 9 or more in 12% of them.",
  );
  assert.equal(
    offBy({ code: "NT", words: "no trumps" }, res(7.44, [7, 8], chance), 5),
    "In no trumps you said 5: too low. On average the deals give 7.4 tricks, and 5 or more in 90% of them.",
  );
});

test("bars: the tallest is 1, an empty chart stays flat", () => {
  assert.deepEqual(barHeights([0, 2, 4, 1]), [0, 0.5, 1, 0.25]);
  assert.deepEqual(barHeights([0, 0]), [0, 0]);
  assert.equal(percent(0.834), "83%");
  assert.equal(percent(undefined), "0%");
});

const dens = [
  { code: "S", label: "♠", words: "spades" },
  { code: "C", label: "♣", words: "clubs" },
  { code: "D", label: "♦", words: "diamonds" },
  { code: "H", label: "♥", words: "hearts" },
  { code: "NT", label: "NT", words: "no trumps" },
];

test("the boxes are read whole, a half-filled form says which are still empty", () => {
  assert.deepEqual(readEstimates({ S: "7", C: "5", D: "2", H: "9", NT: "3" }, dens, 10), { estimates: { S: 7, C: 5, D: 2, H: 9, NT: 3 } });
  assert.deepEqual(readEstimates({ S: "7", C: "5", D: "2", H: "9", NT: "" }, dens, 10), {
    problem: "Fill in all five: no trumps is still empty.",
    field: "NT",
  });
  assert.deepEqual(readEstimates({ S: "7", C: "5", D: "2", H: "", NT: "" }, dens, 10).problem, "Fill in all five: hearts and no trumps are still empty.");
  assert.deepEqual(readEstimates({ S: "17", C: "5", D: "2", H: "1", NT: "0" }, dens, 10), {
    problem: "Write a whole number of tricks from 0 to 10 for spades.",
    field: "S",
  });
});

const simulated = {
  id: "h1",
  cards: ["JD", "TH"],
  label: "Jack of diamonds, ten of hearts",
  ready: true,
  done: 40,
  layouts: 40,
  hints: ["Count your trumps."],
  results: Object.fromEntries(
    Object.entries(item.results).map(([code, r]) => [code, { ...r, dist: [0, 1, 2], chance: [1, 0.5, 0.1], reason: `Why ${code}.` }]),
  ),
};
const data = { title: "Judge", hands: [simulated, { ...simulated, id: "h2" }], denominations: dens, tricks: 10, tolerance: 1, rules_title: "Default rules" };
const record = () => ({ mastered: {}, round: { answers: {} } });

test("an answer: judged, saved as the first try, the verdict names the two furthest off", () => {
  const s = { ...evaluatorState(data, 0, record(), null), responses: {} };
  const out = evaluatorReduce(s, freshEvaluatorUi(), { type: "submit", values: { S: "9", C: "5", D: "2", H: "9", NT: "7" } });
  assert.equal(out.run.record.mastered.h1, false);
  assert.deepEqual(out.set.responses.h1.marks, { S: false, C: true, D: true, H: true, NT: false });
  const done = { ...evaluatorState(data, 0, out.run.record, null), responses: {} };
  const shown = { ...out.ui, shown: { h1: true } }; // the answer asked for (a first miss holds it back: below)
  const verdict = findPart(evaluatorView(done, shown), "verdict");
  assert.equal(verdict.heading, "Not yet");
  assert.match(verdict.reason, /^In no trumps you said 7: too high\./);
  assert.match(verdict.more[0], /^With spades as trumps you said 9: too high\./);
  assert.deepEqual(verdict.onContinue, { type: "another" });
  assert.equal(findPart(evaluatorView(done, shown), "chart").den, "S");
  assert.equal(
    findPart(evaluatorView(s, freshEvaluatorUi()), "estimates").rules,
    "Default rules. An estimate within one trick of the average over the deals is right.",
  );
});

test("estimates typed before the deals are done wait for them; the next hand, or a new one from a host", () => {
  const busy = { ...evaluatorState({ ...data, hands: [{ ...simulated, ready: false, done: 10 }] }, 0, record(), null), responses: {} };
  const out = evaluatorReduce(busy, { ...freshEvaluatorUi(), live: true }, { type: "submit", values: { S: "7", C: "5", D: "2", H: "9", NT: "3" } });
  assert.equal(out.ui.pending.id, "h1");
  assert.match(out.ui.note.text, /^Your estimates are in\. Dealing the other cards: 10 of 40 deals/);
  assert.deepEqual(evaluatorReduce(busy, out.ui, { type: "simulate" }).request, { type: "simulate", index: 0 });
  const s = { ...evaluatorState(data, 0, record(), null), responses: {} };
  assert.deepEqual(evaluatorReduce(s, freshEvaluatorUi(), { type: "another" }).set, { index: 1 });
  const last = { ...evaluatorState(data, 1, record(), null), responses: {} };
  assert.deepEqual(evaluatorReduce(last, freshEvaluatorUi(), { type: "another" }).set, { index: 0 });
  assert.deepEqual(evaluatorReduce(last, { ...freshEvaluatorUi(), live: true }, { type: "another" }).request, { type: "new_hand" });
});

test("a first miss holds the answer back (issue 31, 6): which estimates are off, not the deals' averages; a second miss or Show the answer shows it", () => {
  const s = { ...evaluatorState(data, 0, record(), null), responses: {} };
  const out = evaluatorReduce(s, freshEvaluatorUi(), { type: "submit", values: { S: "9", C: "5", D: "2", H: "9", NT: "7" } });
  assert.equal(out.set.responses.h1.tries, 1);
  const done = { ...evaluatorState(data, 0, out.run.record, null), responses: out.set.responses };
  const held = evaluatorView(done, out.ui);
  const verdict = findPart(held, "verdict");
  assert.match(verdict.reason, /^In no trumps you said 7: too high\. With spades as trumps you said 9: too high\.$/);
  assert.doesNotMatch(JSON.stringify(verdict), /average|On average/);
  assert.equal(findPart(held, "chart"), null); // the simulation's charts are the answer
  assert.deepEqual(verdict.onTryAgain, { type: "tryAgain" });
  assert.deepEqual(verdict.extra[0].on, { type: "showAnswer" });
  // asked for: the answer
  const shown = evaluatorReduce(done, out.ui, { type: "showAnswer" });
  assert.equal(findPart(evaluatorView(done, shown.ui), "chart").den, "S");
  assert.match(findPart(evaluatorView(done, shown.ui), "verdict").reason, /On average the deals give/);
  // tried again and missed again: the answer
  const again = evaluatorReduce(done, { ...out.ui, retry: "h1" }, { type: "tryAgain" });
  const retry = { ...evaluatorState(data, 0, out.run.record, "h1"), responses: out.set.responses };
  const second = evaluatorReduce(retry, again.ui, { type: "submit", values: { S: "9", C: "5", D: "2", H: "9", NT: "7" } });
  assert.equal(second.set.responses.h1.tries, 2);
  const after = { ...evaluatorState(data, 0, second.run.record, null), responses: second.set.responses };
  assert.equal(findPart(evaluatorView(after, second.ui), "chart").den, "S");
});
