// Progress (widgets/src/progress.js): one store for every host, Leitner boxes for the review, the days
// practised, and a progress file checked like a stranger's.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import {
  allWidgets,
  answeredIds,
  DAYS_KEY,
  dayKey,
  dayStats,
  exportProgress,
  FILE_FORMAT,
  importProgress,
  isDone,
  LEGACY_PREFIX,
  LEGACY_REVIEW_KEY,
  loadReview,
  loadWidget,
  MAX_FILE_BYTES,
  markDone,
  masteredCount,
  masteryNeed,
  noteActivity,
  noteForReview,
  noteVisit,
  onProgressChange,
  ProgressFileError,
  quizMastery,
  REVIEW_KEY,
  resetProgress,
  reviewAnswer,
  reviewQueue,
  STORE_PREFIX,
  saveWidget,
  setDailyGoal,
  visits,
  widgetId,
} from "../src/progress.js";

class MemoryStorage {
  constructor() {
    this.map = new Map();
  }
  get length() {
    return this.map.size;
  }
  key(i) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k) {
    return this.map.has(k) ? this.map.get(k) : null;
  }
  setItem(k, v) {
    this.map.set(k, String(v));
  }
  removeItem(k) {
    this.map.delete(k);
  }
}

beforeEach(() => {
  Object.defineProperty(globalThis, "localStorage", { value: new MemoryStorage(), configurable: true, writable: true });
});

const item = (id) => ({ id, prompt: `question ${id}`, kind: "choice", answer: "a", choices: [{ id: "a", label: "A" }] });

test("a widget's record is the same wherever it is answered (book, JupyterLite, JupyterLab pages)", () => {
  const bank = [item("q1"), item("q2"), item("q3")];
  const id = widgetId({ title: "Bowers", bank });
  assert.equal(id, widgetId({ title: "Bowers", bank: [...bank, item("q9")] }), "new questions keep the id");
  assert.notEqual(id, widgetId({ title: "Bowers", bank: [item("other")] }));
  saveWidget(id, { mastered: { q1: true, q2: false } }, "/lite/lab/");
  const back = loadWidget(id, "/chapters/03-bowers.html");
  assert.equal(masteredCount(back, bank), 1);
  assert.ok(back.updated > 0, "stamped");
  assert.deepEqual(loadWidget("another quiz#00000000"), { mastered: {}, round: null });
  assert.deepEqual(Object.keys(allWidgets()), [id]);
});

test("v1 progress (kept per page; every JupyterLite chapter under one page) moves into the one store, once", () => {
  const s = globalThis.localStorage;
  s.setItem(`${LEGACY_PREFIX}/chapters/03-bowers.html`, JSON.stringify({ "Bowers#1": { mastered: { a: true }, round: null } }));
  s.setItem(`${LEGACY_PREFIX}/lite/lab/`, JSON.stringify({ "Bowers#1": { mastered: { b: true } }, "Scoring#2": { mastered: { c: false } } }));
  s.setItem(LEGACY_REVIEW_KEY, JSON.stringify({ step: 3, items: { x: { box: 1, due: 4, item: item("x") } } }));
  s.setItem("someone-else", "kept");
  assert.deepEqual(loadWidget("Bowers#1").mastered, { a: true, b: true });
  assert.deepEqual(loadWidget("Scoring#2").mastered, { c: false });
  assert.equal(loadReview().step, 3);
  assert.deepEqual(
    [...s.map.keys()].filter((k) => !k.startsWith(STORE_PREFIX)),
    ["someone-else"],
  );
});

test("mastery: four in five of the quiz's questions right at the latest first try (new questions count)", () => {
  assert.equal(masteryNeed(12), 10);
  assert.equal(masteryNeed(10), 8);
  assert.equal(masteryNeed(5), 4);
  assert.equal(masteryNeed(1), 1);
  const mastered = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`q${i}`, true]));
  assert.deepEqual(quizMastery({ mastered }, 12), { right: 9, need: 10, mastered: false, started: true });
  assert.equal(quizMastery({ mastered: { ...mastered, q9: false } }, 12).mastered, false);
  assert.equal(quizMastery({ mastered: { ...mastered, new1: true } }, 12).mastered, true);
  assert.equal(quizMastery(null, 12).started, false);
});

test("the days practised: today's answers, the goal, the streak (alive until today ends), the best run", () => {
  const day = (d) => new Date(2026, 4, d, 15, 0);
  noteActivity(3, day(1));
  noteActivity(1, day(2));
  noteActivity(2, day(4));
  noteActivity(5, day(5));
  noteActivity(4, day(6));
  assert.deepEqual({ ...dayStats(day(6)) }, { today: 4, goal: 10, met: false, streak: 3, atRisk: false, best: 3, days: 5 });
  const tomorrow = dayStats(day(7));
  assert.equal(tomorrow.streak, 3, "yesterday keeps the streak alive");
  assert.equal(tomorrow.atRisk, true);
  assert.equal(dayStats(day(8)).streak, 0, "a day missed ends it");
  assert.equal(setDailyGoal(5), true);
  assert.equal(setDailyGoal(7), false, "only the goals offered");
  assert.equal(dayStats(day(6)).met, false);
  noteActivity(1, day(6));
  assert.equal(dayStats(day(6)).met, true);
  assert.equal(dayKey(day(6)), "2026-05-06");
});

test("moments and visits: a done moment is news once", () => {
  assert.equal(markDone("chapter:03-bowers"), true);
  assert.equal(markDone("chapter:03-bowers"), false);
  assert.equal(isDone("chapter:03-bowers"), true);
  assert.equal(isDone("chapter:04"), false);
  noteVisit("chapters/03-bowers", new Date(2026, 0, 2));
  noteVisit("chapters/03-bowers", new Date(2026, 0, 9));
  assert.deepEqual(visits(), { "chapters/03-bowers": "2026-01-02" });
});

test("a missed question comes back before a known one", () => {
  noteForReview(item("known"), false);
  reviewAnswer(item("known"), true); // box 2
  reviewAnswer(item("known"), true); // box 3
  noteForReview(item("missed"), false); // box 1
  const queue = reviewQueue();
  assert.deepEqual(
    queue.map((e) => e.item.id),
    ["missed", "known"],
  );
  assert.equal(queue[0].box, 1);
  assert.equal(queue[1].box, 3);
  assert.ok(queue[1].due > loadReview().step, "the known one is not due yet");
  reviewAnswer(item("missed"), false);
  assert.equal(reviewQueue()[0].item.id, "missed");
});

test("a right first answer in a chapter does not add a question, only moves a stored one up", () => {
  noteForReview(item("fresh"), true);
  assert.equal(Object.keys(loadReview().items).length, 0);
  noteForReview(item("x"), false);
  noteForReview(item("x"), true);
  assert.equal(loadReview().items.x.box, 2);
});

test("reset forgets every record, the review, the days and moments, and nothing else", () => {
  saveWidget("w", { mastered: { q1: true } });
  noteForReview(item("q1"), false);
  noteActivity(1);
  markDone("x");
  globalThis.localStorage.setItem("someone-else", "kept");
  assert.equal(resetProgress(), 4);
  assert.equal(globalThis.localStorage.getItem(REVIEW_KEY), null);
  assert.equal(globalThis.localStorage.getItem("someone-else"), "kept");
});

test("no storage (private mode): nothing breaks", () => {
  Object.defineProperty(globalThis, "localStorage", {
    get() {
      throw new Error("denied");
    },
    configurable: true,
  });
  assert.equal(saveWidget("w", { mastered: {} }), false);
  assert.deepEqual(loadWidget("w"), { mastered: {}, round: null });
  noteForReview(item("q"), false);
  noteActivity(2);
  assert.deepEqual(reviewQueue(), []);
  assert.equal(dayStats().streak, 0);
  assert.throws(() => importProgress(exportProgress()), ProgressFileError);
});

test("answeredIds: the widget's kept and this round's answered questions, once each, the last SEEN_LIMIT", () => {
  const record = { mastered: { "q-a": true, "q-b": false } };
  const round = { answers: { "q-b": { correct: true }, "q-c": { correct: false }, "#4": { correct: true } } };
  assert.deepEqual(answeredIds(record, round), ["q-a", "q-b", "q-c"]); // "#4": a question without an id
  assert.deepEqual(answeredIds(null, null), []);
  assert.deepEqual(answeredIds(record, round, 2), ["q-b", "q-c"]);
});

test("onProgressChange hears this page's writes and another tab's", () => {
  const heard = [];
  const target = new EventTarget();
  const saved = { add: globalThis.addEventListener, remove: globalThis.removeEventListener, dispatch: globalThis.dispatchEvent };
  globalThis.addEventListener = target.addEventListener.bind(target);
  globalThis.removeEventListener = target.removeEventListener.bind(target);
  globalThis.dispatchEvent = target.dispatchEvent.bind(target);
  try {
    const stop = onProgressChange((keys) => heard.push(keys));
    saveWidget("w", { mastered: {} });
    const other = new Event("storage");
    other.key = `${STORE_PREFIX}days`;
    target.dispatchEvent(other);
    const unrelated = new Event("storage");
    unrelated.key = "jupyterlab-settings";
    target.dispatchEvent(unrelated);
    stop();
    saveWidget("w", { mastered: {} });
    assert.deepEqual(heard, [[`${STORE_PREFIX}w:w`], [`${STORE_PREFIX}days`]]);
  } finally {
    globalThis.addEventListener = saved.add;
    globalThis.removeEventListener = saved.remove;
    globalThis.dispatchEvent = saved.dispatch;
  }
});

// ------------------------------------------------------------------------------ the progress file

/** Export on one device, import on another (a fresh store). */
function moveDevice(text) {
  globalThis.localStorage = new MemoryStorage();
  return importProgress(text);
}

test("a progress file carries everything to another device, and adds to what is there", () => {
  saveWidget("Bowers#1", { title: "Bowers", mastered: { a: true, b: false }, round: { answers: { a: { response: "x", correct: true } }, at: 1 } });
  noteForReview(item("missed"), false);
  noteActivity(4, new Date(2026, 4, 1));
  setDailyGoal(20);
  markDone("chapter:03-bowers");
  const text = exportProgress();
  const file = JSON.parse(text);
  assert.equal(file.format, FILE_FORMAT);
  assert.deepEqual(Object.keys(file.records).sort(), ["days", "done", "review", "w:Bowers#1"]);
  const counts = moveDevice(text);
  assert.deepEqual(counts, { widgets: 1, review: 1, days: 1 });
  assert.deepEqual(loadWidget("Bowers#1").mastered, { a: true, b: false });
  assert.equal(loadWidget("Bowers#1").round.at, 1);
  assert.equal(reviewQueue()[0].item.id, "missed");
  assert.equal(dayStats(new Date(2026, 4, 1)).today, 4);
  assert.equal(dayStats().goal, 20);
  assert.equal(isDone("chapter:03-bowers"), true);
  // a third device with progress of its own: both are kept, the newer record of a widget wins
  globalThis.localStorage = new MemoryStorage();
  saveWidget("Scoring#2", { mastered: { s: true } });
  saveWidget("Bowers#1", { mastered: { a: false, c: true } });
  noteActivity(2, new Date(2026, 4, 1));
  importProgress(text);
  assert.deepEqual(Object.keys(allWidgets()).sort(), ["Bowers#1", "Scoring#2"]);
  assert.equal(dayStats(new Date(2026, 4, 1)).today, 4, "a day's answers: the larger count");
  assert.deepEqual(loadWidget("Bowers#1").mastered, { a: false, b: false, c: true }, "the newer record's say wins");
});

test("a file from an attacker: nothing reaches a prototype, no foreign key is written, data only", () => {
  const evil = `{"format": "${FILE_FORMAT}", "version": 2, "records": {
    "__proto__": {"polluted": true},
    "w:x": {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "mastered": {"q": true, "r": "yes"},
            "round": {"answers": {"q": {"response": {"nested": {"deep": 1}}, "correct": true}, "r": {"response": 3, "correct": false}}}},
    "../jupyterlab-settings": {"a": 1},
    "w:bad\\u0000name": {"mastered": {}},
    "review": {"step": 2, "items": {"bad": {"box": 1, "item": {"id": "bad", "kind": "script", "prompt": "<img src=x onerror=alert(1)>"}},
                                     "odd": {"box": 9, "item": {"id": "odd", "kind": "choice", "prompt": "?", "choices": [{"id": "a", "label": "A", "card": "<b>"}]}},
                                     "ok": {"box": 99, "item": {"id": "ok", "kind": "choice", "prompt": "<b>plain text</b>", "choices": [{"id": "a", "label": "A", "card": "JD"}]}}}}
  }}`;
  importProgress(evil);
  assert.equal({}.polluted, undefined);
  assert.equal(Object.prototype.polluted, undefined);
  const keys = [...globalThis.localStorage.map.keys()];
  assert.deepEqual(keys.sort(), [`${STORE_PREFIX}review`, `${STORE_PREFIX}w:x`]);
  const x = loadWidget("x");
  assert.equal(Object.getPrototypeOf(x), Object.prototype);
  assert.equal(x.polluted, undefined);
  assert.deepEqual(x.mastered, { q: true }, "only true/false");
  assert.deepEqual(Object.keys(x.round.answers), ["r"], "an answer the panel could not draw is dropped");
  const review = loadReview();
  assert.deepEqual(Object.keys(review.items), ["ok"], "a question the review cannot draw is dropped");
  assert.equal(review.items.ok.box, 5);
  assert.equal(review.items.ok.item.prompt, "<b>plain text</b>", "kept as text (the panel writes textContent)");
});

test("a file that is not one says so, and changes nothing", () => {
  saveWidget("mine", { mastered: { q: true } });
  const before = [...globalThis.localStorage.map.entries()];
  const cases = [
    ["not json at all", /not the JSON/],
    ["[1, 2]", /not a progress file from this book/],
    [JSON.stringify({ format: "something else", version: 2, records: {} }), /not a progress file from this book/],
    [JSON.stringify({ format: FILE_FORMAT, version: 9, records: {} }), /version 9/],
    [JSON.stringify({ format: FILE_FORMAT, version: 2 }), /holds no progress/],
    [" ".repeat(MAX_FILE_BYTES + 1), /too big/],
    [`{"format": "${FILE_FORMAT}", "version": 2, "records": {"w:a": ${"[".repeat(40)}${"]".repeat(40)}}}`, /nests too deeply/],
    [JSON.stringify({ format: FILE_FORMAT, version: 2, records: { "w:a": { title: "x".repeat(30000) } } }), /far too long/],
    [JSON.stringify({ format: FILE_FORMAT, version: 2, records: Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`w:${i}`, {}])) }), /far more/],
  ];
  for (const [text, reason] of cases) {
    assert.throws(
      () => importProgress(text),
      (error) => error instanceof ProgressFileError && reason.test(error.message),
      text.slice(0, 60),
    );
  }
  assert.throws(() => importProgress(42), ProgressFileError);
  assert.deepEqual([...globalThis.localStorage.map.entries()], before);
});

test("a stored review item that cannot be drawn (edited by hand, an old format) is left out, not drawn", () => {
  globalThis.localStorage.setItem(REVIEW_KEY, JSON.stringify({ step: 1, items: { a: { box: 1, item: { id: "a" } }, b: { box: 1, due: 0, item: item("b") } } }));
  assert.deepEqual(
    reviewQueue().map((e) => e.item.id),
    ["b"],
  );
  assert.ok(globalThis.localStorage.getItem(DAYS_KEY) === null);
});

test("two saves in one millisecond are stamped in order (a merge keeps the later one)", () => {
  globalThis.localStorage = new MemoryStorage();
  const realNow = Date.now;
  Date.now = () => 1_800_000_000_000;
  try {
    saveWidget("Tie#1", { mastered: { a: true } });
    const first = loadWidget("Tie#1").updated;
    saveWidget("Tie#1", { mastered: { a: false } });
    assert.ok(loadWidget("Tie#1").updated > first, "the second save's stamp is later");
  } finally {
    Date.now = realNow;
  }
});
