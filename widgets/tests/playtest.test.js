// The play test's progress (widgets/src/playtest.js): a reload goes on from the kept state, and
// only from a state of the same test that went further.

import assert from "node:assert/strict";
import { test } from "node:test";
import { findPart, walk } from "../src/parts.js";
import { freshPlayUi, playReduce, playState, playView } from "../src/play.js";
import { keepState, keptState, progressOf, storeId, testOf } from "../src/playtest.js";

const state = (id, { results = 0, index = 0, actions = 0, version = 1 } = {}) => ({
  deal: { actions: Array.from({ length: actions }, () => "pass") },
  test: { id, version, deals: [{}, {}, {}, {}], index, results: Array.from({ length: results }, () => ({})) },
});

test("an ordinary deal has no test", () => {
  assert.equal(testOf({ deal: {} }), null);
  assert.equal(testOf(null), null);
  assert.equal(progressOf({ deal: {} }), -1);
});

test("progress counts finished deals, then the deal in progress", () => {
  assert.ok(progressOf(state("t1", { results: 1, index: 1 })) > progressOf(state("t1", { actions: 30 })));
  assert.ok(progressOf(state("t1", { actions: 5 })) > progressOf(state("t1", { actions: 4 })));
});

test("the kept state comes back only for the same test, and only when it went further", () => {
  const store = new Map();
  const save = (id, record) => store.set(id, record);
  const load = (id) => store.get(id);
  const fresh = state("t1");
  assert.equal(keptState(fresh, load), null, "nothing kept yet");
  const later = state("t1", { results: 1, index: 1, actions: 3 });
  keepState(later, "Final test", save);
  assert.deepEqual([...store.keys()], [storeId(later.test)]);
  assert.deepEqual(keptState(fresh, load), later);
  assert.equal(keptState(state("t1", { results: 2, index: 2 }), load), null, "the model went further");
  assert.equal(keptState(state("t2"), load), null, "another test (a rebuilt book with other deals)");
  store.set(storeId(fresh.test), { state: state("t1", { results: 3, version: 2 }) });
  assert.equal(keptState(fresh, load), null, "another version of the test");
  store.set(storeId(fresh.test), { state: "garbage" });
  assert.equal(keptState(fresh, load), null, "a damaged record is ignored");
});

// ------------------------------------------------------------------ the table in test mode (play.js)

const view = (over = {}) => ({
  seat: 2,
  seat_names: ["North", "East", "South", "West"],
  side_names: ["North–South", "East–West"],
  side: 0,
  dealer: 3,
  declarer: 1,
  contract: "6♥",
  phase: "play",
  to_move: 2,
  over: false,
  hands: [3, 3, ["JD", "5C", "AS"], 3],
  tricks_won: [1, 2, 0, 4],
  side_tricks: [1, 6],
  trick: [],
  legal: [{ card: "5C", code: "5C", label: "Five of clubs" }],
  result: null,
  ...over,
});
const result = { words: ["Your table: 6♥ by East; your side scored +40.", "Your 7 cards lost 1 trick."], rows: [{ text: "Trick 3: your 5♣ cost a trick." }] };
const testState = (over = {}, testOver = {}) => ({
  view: view(over),
  level: "duplicate",
  log: [],
  deal: { actions: [] },
  test: { id: "t1", version: 1, deals: [{}, {}], index: 0, results: [], summary: { played: 0, text: "No deal played yet: 2 to go." }, ...testOver },
});
const at = (st, ui = freshPlayUi()) => ({ ...playState(st, ui), raw: st });
const classes = (parts) => [...walk(parts)].map((p) => p.cls || "").join(" ");

test("a test has its header and no level menu, hint or other deal", () => {
  const parts = playView(at(testState()), freshPlayUi());
  assert.equal(findPart(parts, "text", "fht-playtest-deal").text, "Deal 1 of 2");
  const cls = classes(parts);
  for (const gone of ["fht-level", "fht-hint-btn", "fht-new-deal", "fht-review", "fht-playtest-next", "fht-playtest-result"])
    assert.ok(!cls.includes(gone), gone);
  assert.ok(cls.includes("fht-speed"), "the pace of the bots' cards can still be set");
});

test("a finished deal shows its result, the number so far and the next deal", () => {
  const done = testState(
    { over: true, legal: [], result: { scores: [40, -20], made: true, summary: "East bid 6♥." } },
    { results: [result], summary: { played: 1, text: "You lost 1 trick a deal." } },
  );
  const parts = playView(at(done), freshPlayUi());
  const panel = findPart(parts, "box", "fht-playtest-result");
  const texts = [...walk(panel)].filter((p) => p.kind === "text").map((p) => p.text);
  assert.deepEqual(texts, [
    "Deal 1 of 2: how you did",
    ...result.words,
    "Trick 3: your 5♣ cost a trick.",
    "Your test so far (1 of 2 deals)",
    "You lost 1 trick a deal.",
  ]);
  const next = findPart(parts, "button", "fht-playtest-next");
  assert.equal(next.text, "Deal 2 of 2");
  assert.deepEqual(playReduce(at(done), freshPlayUi(), next.on).send, { type: "next" });
  // the last deal: the test again
  const last = testState(
    { over: true, legal: [], result: { scores: [40, -20], made: true, summary: "" } },
    { index: 1, results: [result, result], summary: { played: 2, text: "…" } },
  );
  const again = findPart(playView(at(last), freshPlayUi()), "button", "fht-playtest-again");
  assert.deepEqual(playReduce(at(last), freshPlayUi(), again.on).send, { type: "again" });
  const panel2 = findPart(playView(at(last), freshPlayUi()), "box", "fht-playtest-result");
  assert.equal(findPart(panel2, "text", "fht-label").text, "Deal 2 of 2: how you did");
});

test("a new deal of the test says which", () => {
  const out = playReduce(
    at(testState()),
    { ...freshPlayUi(), waiting: "next" },
    { type: "replied", reply: { type: "deal", index: 1 }, asked: { type: "next" } },
  );
  assert.equal(out.ui.message, "Deal 2: the bots have acted up to your turn.");
});
