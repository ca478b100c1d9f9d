// The AssignmentMaker's words (widgets/src/maker.js), without a browser.

import assert from "node:assert/strict";
import { test } from "node:test";
import { makerSummary } from "../src/maker.js";

test("the made set's line names the command in quotes, with no raw Markdown backticks (issue 27, review N3)", () => {
  const text = makerSummary("s0001", 10, 16, "hw1-s0001.questions.json");
  assert.equal(text, 's0001: 10 questions, 16 points — the same set "fivehundred-tutor assign" writes to students/s0001/hw1-s0001.questions.json.');
  assert.ok(!text.includes("`"));
});
