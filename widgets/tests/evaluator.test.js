// The hand evaluator's pure helpers (widgets/src/evaluator.js): reading an estimate, the verdict
// look-up, the sentence about a far-off estimate, the chart's bar heights.

import assert from "node:assert/strict";
import { test } from "node:test";
import { barHeights, judgeHand, offBy, percent, readEstimate } from "../src/evaluator.js";

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
