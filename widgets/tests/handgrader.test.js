// The hand grader's view and reducer (widgets/src/handgrader.js), without a browser: what the marker sees
// of one answer, and what each click and key changes (a tick is saved at once; a draft survives a save).

import assert from "node:assert/strict";
import { test } from "node:test";
import { draftOf, draftPoints, nextUnmarked, reduce, view } from "../src/handgrader.js";
import { findPart, walk } from "../src/parts.js";

const answer = (over = {}) => ({
  index: 0,
  label: "Answer 1 of 2",
  student: "",
  name: "",
  item: "2.1",
  section: "Explain your play",
  points: 3,
  ask: "Say why that card.",
  situation: "",
  hand: ["5S", "TS"],
  trick: [],
  reference: "5♠",
  explanation: "The cheapest winner.",
  rubric: [
    { label: "Names the card", points: 1 },
    { label: "Says why", points: 2 },
  ],
  response: "<b>The 5♠</b>, because it wins.",
  mark: null,
  stale: false,
  ...over,
});
const state = (answers = [answer(), answer({ index: 1, label: "Answer 2 of 2", mark: { criteria: [1], comment: "ok", points: 2 } })]) => ({
  assignment: { id: "hw1", title: "Homework one" },
  answers,
  marked: answers.filter((a) => a.mark).length,
});
const ui = (over = {}) => ({ index: 0, drafts: {}, message: "", bad: false, focus: null, ...over });
const texts = (parts) => [...walk(parts)].map((p) => p.text).filter(Boolean);

test("one answer at a time: where it is, the student's words as text, the rubric as toggles", () => {
  const parts = view(state(), ui());
  assert.ok(texts(parts).includes("Item 2.1 · Explain your play · Answer 1 of 2"));
  assert.ok(texts(parts).includes("1 of 2 answers marked"));
  assert.equal(findPart(parts, "answer").text, "<b>The 5♠</b>, because it wins."); // text, drawn with textContent
  const lines = [...walk(parts)].filter((p) => p.kind === "button" && String(p.cls).includes("fht-hg-line"));
  assert.deepEqual(
    lines.map((p) => [p.text, p.attrs["aria-pressed"]]),
    [
      ["1. Names the card (+1)", "false"],
      ["2. Says why (+2)", "false"],
    ],
  );
  assert.equal(findPart(parts, "button", "fht-hg-prev").disabled, true);
  assert.ok(texts(parts).some((t) => t.startsWith("Not marked yet.")));
});

test("a tick is a decision: the rubric line toggles and the mark is sent at once", () => {
  const out = reduce(state(), ui(), { type: "key", key: "2" });
  assert.deepEqual(out.request, { type: "mark", index: 0, criteria: [1], comment: "", points: null });
  assert.equal(out.reply, "saved");
  assert.deepEqual(draftOf(state(), out.ui, 0).criteria, [1]);
  const again = reduce(state(), out.ui, { type: "toggle", line: 1 });
  assert.deepEqual(again.request.criteria, []);
  assert.equal(reduce(state(), ui(), { type: "key", key: "7" }), null); // no line 7
});

test("points add up to at most the answer's; a saved mark is where a draft starts", () => {
  const s = state();
  assert.equal(draftPoints(s.answers[0], { criteria: [0, 1], comment: "", points: null }), 3);
  assert.equal(draftPoints({ ...s.answers[0], points: 2 }, { criteria: [0, 1], comment: "", points: null }), 2);
  assert.deepEqual(draftOf(s, ui({ index: 1 }), 1), { criteria: [1], comment: "ok", points: 2 });
});

test("j, k and n move between answers; n finds the next one not marked", () => {
  const s = state();
  assert.equal(reduce(s, ui(), { type: "key", key: "j" }).ui.index, 1);
  assert.equal(reduce(s, ui({ index: 1 }), { type: "key", key: "k" }).ui.index, 0);
  assert.equal(reduce(s, ui(), { type: "key", key: "k" }), null); // already at the first
  assert.equal(nextUnmarked(s, 1), 0);
  const all = state([answer({ mark: { criteria: [], comment: "", points: 0 } })]);
  assert.equal(reduce(all, ui(), { type: "key", key: "n" }).ui.message, "Every answer is marked.");
  assert.equal(reduce(s, ui(), { type: "key", key: "c" }).ui.focus, "comment");
  assert.equal(reduce(s, ui(), { type: "key", key: "x" }), null);
});

test("the comment is kept as typed and saved with s; a reply says what was saved, or why not", () => {
  const typed = reduce(state(), ui(), { type: "comment", text: "Say why not the ace." }).ui;
  const save = reduce(state(), typed, { type: "key", key: "s" });
  assert.equal(save.request.comment, "Say why not the ace.");
  const saved = { type: "marked", answer: { ...answer(), mark: { criteria: [], comment: "Say why not the ace.", points: 0 } }, marked: 2 };
  const after = reduce(state(), save.ui, { type: "saved", reply: saved, asked: save.request });
  assert.equal(after.ui.message, "Saved: 0 of 3.");
  assert.equal(after.ui.drafts[0], undefined); // the model holds it now
  const failed = reduce(state(), save.ui, { type: "saved", reply: null, asked: save.request });
  assert.match(failed.ui.message, /^Not saved: /);
  assert.equal(failed.ui.bad, true);
});

test("a section without a rubric asks for points; no answers says so", () => {
  const s = state([answer({ rubric: [] })]);
  assert.equal(findPart(view(s, ui()), "points").max, 3);
  const out = reduce(s, reduce(s, ui(), { type: "points", value: "2.5" }).ui, { type: "save" });
  assert.equal(out.request.points, 2.5);
  const empty = view(state([]), ui());
  assert.ok(texts(empty).includes("No written answers to mark in these submissions."));
  assert.equal(reduce(state([]), ui(), { type: "key", key: "j" }), null);
});

test("an answer changed since its mark says so", () => {
  const parts = view(state([answer({ stale: true })]), ui());
  assert.ok(texts(parts).some((t) => t.startsWith("The answer changed since it was marked")));
});

test("a number key never takes a tick off a saved mark silently, and u undoes (issue 27, review C4)", () => {
  const s = state();
  // answer 2 is marked (line 2 ticked): pressing 2 again is a draft, not a request
  const off = reduce(s, ui({ index: 1 }), { type: "key", key: "2" });
  assert.equal(off.request, undefined);
  assert.equal(off.ui.message, "Line 2 unticked: not saved yet (s saves, u undoes).");
  assert.deepEqual(draftOf(s, off.ui, 1).criteria, []);
  assert.equal(findPart(view(s, off.ui), "button", "fht-hg-undo").disabled, false);
  const back = reduce(s, off.ui, { type: "key", key: "u" });
  assert.equal(back.request, undefined);
  assert.deepEqual(draftOf(s, back.ui, 1).criteria, [1]); // the saved mark again
  // a tick adds and is saved at once; u sends the mark it replaced
  const tick = reduce(s, ui({ index: 1 }), { type: "key", key: "1" });
  assert.deepEqual(tick.request.criteria, [0, 1]);
  const undo = reduce(s, tick.ui, { type: "key", key: "u" });
  assert.equal(undo.request, undefined); // the draft goes first (the reply has not come back)
  const afterReply = { ...tick.ui, drafts: {} };
  assert.deepEqual(reduce(s, afterReply, { type: "key", key: "u" }).request, { type: "mark", index: 1, criteria: [1], comment: "ok", points: null });
  // on an answer not marked before, u clears the mark the tick made
  const first = reduce(s, ui(), { type: "key", key: "1" });
  assert.deepEqual(reduce(s, { ...first.ui, drafts: {} }, { type: "key", key: "u" }).request, { type: "clear", index: 0 });
  assert.equal(reduce(s, ui(), { type: "key", key: "u" }).ui.message, "Nothing to undo on this answer.");
});

test("the marking view's words in Polish (issue 29 part 2)", async () => {
  const { useLanguage } = await import("../src/language.js");
  useLanguage("pl");
  try {
    const text = JSON.stringify(view(state(), { index: 0, drafts: {} }));
    assert.match(text, /Ocenianie ręczne: /);
    assert.match(text, /Zapisz ocenę \(s\)/);
    assert.doesNotMatch(text, /Marking by hand|Save mark/);
  } finally {
    useLanguage("en");
  }
});
