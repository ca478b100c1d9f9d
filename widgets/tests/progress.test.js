// Progress (widgets/src/progress.js): results kept per page, Leitner boxes for the review.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import {
  answeredIds,
  loadReview,
  loadWidget,
  masteredCount,
  noteForReview,
  REVIEW_KEY,
  resetProgress,
  reviewAnswer,
  reviewQueue,
  saveWidget,
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

const item = (id) => ({ id, prompt: `question ${id}`, kind: "choice", answer: "a" });

test("a widget's record survives and counts what is mastered", () => {
  const bank = [item("q1"), item("q2"), item("q3")];
  const id = widgetId({ title: "Bowers", bank });
  assert.equal(id, widgetId({ title: "Bowers", bank: [...bank, item("q9")] }), "new questions keep the id");
  assert.notEqual(id, widgetId({ title: "Bowers", bank: [item("other")] }));
  saveWidget(id, { mastered: { q1: true, q2: false } }, "/chapters/03/");
  const back = loadWidget(id, "/chapters/03/");
  assert.equal(masteredCount(back, bank), 1);
  assert.deepEqual(loadWidget(id, "/chapters/04/"), { mastered: {}, round: null }, "per page");
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

test("reset forgets every page and the review", () => {
  saveWidget("w", { mastered: { q1: true } }, "/a/");
  noteForReview(item("q1"), false);
  globalThis.localStorage.setItem("someone-else", "kept");
  assert.equal(resetProgress(), 2);
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
  assert.deepEqual(reviewQueue(), []);
});

test("answeredIds: the widget's kept and this round's answered questions, once each, the last SEEN_LIMIT", () => {
  const record = { mastered: { "q-a": true, "q-b": false } };
  const round = { answers: { "q-b": { correct: true }, "q-c": { correct: false }, "#4": { correct: true } } };
  assert.deepEqual(answeredIds(record, round), ["q-a", "q-b", "q-c"]); // "#4": a question without an id
  assert.deepEqual(answeredIds(null, null), []);
  assert.deepEqual(answeredIds(record, round, 2), ["q-b", "q-c"]);
});
