// A quiz's verdict words (widgets/src/feedback.js): what a first miss teaches, and the round's score line.
// The fresh-eyes learner's findings: a miss after reading every hint said only "You chose 6♥."; the
// summary counted skipped questions in its "of" while the header did not.

import assert from "node:assert/strict";
import { test } from "node:test";
import { missReason, missRung, roundScoreWords } from "../src/feedback.js";

test("a first miss shows the next rung not yet read, else the last one read again", () => {
  assert.equal(missRung(2, 0), 0);
  assert.equal(missRung(2, 1), 1);
  assert.equal(missRung(2, 2), 1); // every rung read: the last one again, never nothing
  assert.equal(missRung(2, 5), 1);
  assert.equal(missRung(1, 1), 0);
  assert.equal(missRung(0, 0), null);
});

test("a first miss always teaches something, never a bare 'You chose X.'", () => {
  const hint = "Which cards are trumps in hearts?";
  assert.equal(missReason("You chose 6♥.", hint), `You chose 6♥. ${hint}`);
  const again = missReason("You chose 6♥.", hint, { repeated: true });
  assert.ok(again.startsWith("You chose 6♥. ") && again.endsWith(hint) && again.length > `You chose 6♥. ${hint}`.length, again);
  for (const text of [missReason("You chose 6♥.", ""), missReason("", "")]) {
    assert.notEqual(text, "You chose 6♥.");
    assert.ok(text.length > 20, text);
  }
});

test("the round's score counts the answered questions, the skipped ones said apart", () => {
  assert.equal(roundScoreWords(1, 12, 2), "1 of 10 answered right at the first try; 2 skipped.");
  assert.equal(roundScoreWords(3, 3, 0), "3 of 3 right at the first try.");
  assert.equal(roundScoreWords(0, 2, 2), "None answered yet; 2 skipped.");
});
