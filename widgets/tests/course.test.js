// The course (widgets/src/course.js): chapter states from the course the build wrote and the store.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import {
  chapterOfQuiz,
  chapterState,
  courseQuizId,
  courseStates,
  masteryRule,
  masteryWords,
  nextStep,
  pageCourse,
  readStore,
  stateWords,
} from "../src/course.js";
import { markDone, noteVisit, saveWidget, widgetId } from "../src/progress.js";

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

const course = pageCourse({
  version: 1,
  root: "https://example.org/book/",
  chapters: [
    { path: "chapters/01-how-to-use", title: "How to use this book", quizzes: [{ title: "Card ranking quiz", first: "q-a", size: 12 }] },
    {
      path: "chapters/04-bidding-ladder",
      title: "The bidding ladder",
      quizzes: [
        { title: "Bidding ladder quiz", first: "q-b", size: 12 },
        { title: "What is the bid worth?", first: "q-c", size: 5 },
      ],
    },
    { path: "chapters/15-final-test", title: "A final test", quizzes: [] },
  ],
});

const right = (n, prefix = "q") => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, true]));

test("a quiz of the course has the id the quiz widget computes from its bank", () => {
  assert.equal(courseQuizId({ title: "Card ranking quiz", first: "q-a" }), widgetId({ title: "Card ranking quiz", bank: [{ id: "q-a" }, { id: "q-z" }] }));
  assert.equal(chapterOfQuiz(course, widgetId({ title: "What is the bid worth?", bank: [{ id: "q-c" }] })).path, "chapters/04-bidding-ladder");
  assert.equal(chapterOfQuiz(course, "Somewhere else#00000000"), null);
  assert.equal(pageCourse(undefined), null, "a notebook has no course");
});

test("not started, started (an answer in any host), done (every quiz mastered)", () => {
  let states = courseStates(course, readStore());
  assert.deepEqual(
    states.map((c) => c.state),
    ["new", "new", "new"],
  );
  assert.equal(nextStep(states).path, "chapters/01-how-to-use");
  // opening a chapter is not starting it (learner review, finding 10: "in progress: 0 of 10" after a look)
  noteVisit("chapters/04-bidding-ladder");
  states = courseStates(course, readStore());
  assert.deepEqual(
    states.map((c) => c.state),
    ["new", "new", "new"],
  );
  saveWidget(courseQuizId(course.chapters[1].quizzes[1]), { mastered: { "q-c": false } });
  assert.equal(chapterState(course.chapters[1], readStore()).state, "started", "one answer, even wrong, starts it");
  saveWidget(courseQuizId(course.chapters[1].quizzes[1]), {});
  saveWidget(courseQuizId(course.chapters[0].quizzes[0]), { mastered: { ...right(9), x: false } });
  states = courseStates(course, readStore());
  assert.deepEqual(
    states.map((c) => c.state),
    ["started", "new", "new"],
  );
  assert.equal(stateWords(states[0]), "in progress: 9 of 10 to master the quiz");
  saveWidget(courseQuizId(course.chapters[0].quizzes[0]), { mastered: { ...right(9), x: true } });
  states = courseStates(course, readStore());
  assert.equal(states[0].state, "done");
  assert.equal(nextStep(states).path, "chapters/04-bidding-ladder", "the next step: the first chapter not done");
  // a chapter with two quizzes is done when both are mastered
  saveWidget(courseQuizId(course.chapters[1].quizzes[0]), { mastered: right(10) });
  assert.equal(chapterState(course.chapters[1], readStore()).state, "started");
  assert.equal(stateWords(courseStates(course, readStore())[1]), "in progress: 0 of 4 to master “What is the bid worth?”");
  saveWidget(courseQuizId(course.chapters[1].quizzes[1]), { mastered: right(4) });
  assert.equal(chapterState(course.chapters[1], readStore()).state, "done");
  // a chapter without a quiz: done when its own widget says so
  assert.equal(chapterState(course.chapters[2], readStore()).state, "new");
  markDone("chapter:chapters/15-final-test");
  assert.equal(chapterState(course.chapters[2], readStore()).state, "done");
  assert.equal(nextStep(courseStates(course, readStore())), null);
});

test("the words: what is left to master a quiz, and the rule", () => {
  assert.equal(masteryWords({ right: 8, need: 10, mastered: false }), "2 more right at the first try master this quiz (10 of its questions).");
  assert.equal(masteryWords({ right: 9, need: 10, mastered: false }), "1 more right at the first try masters this quiz (10 of its questions).");
  assert.equal(masteryWords({ right: 11, need: 10, mastered: true }), "Quiz mastered.");
  assert.match(masteryRule(), /four in five .* \(10 of 12\)/);
  assert.match(masteryRule(), /The final test has its own rule: it is done at its pass mark\./, "the rule the final test is done by, said where the rule is");
});

test("a test with a pass mark (the final test: 41 questions, pass 27) is done at the pass mark, not at one answer", () => {
  const final = {
    path: "chapters/15-final-test",
    title: "The final test",
    quizzes: [{ title: "Final test, part 1: the rules", first: "f0", size: 41, pass_mark: 27 }],
  };
  const id = courseQuizId(final.quizzes[0]);
  saveWidget(id, { mastered: right(1, "f") });
  const state = chapterState(final, readStore());
  assert.equal(state.state, "started");
  assert.deepEqual([state.quizzes[0].right, state.quizzes[0].need, state.quizzes[0].mastered], [1, 27, false]);
  saveWidget(id, { mastered: right(26, "f") });
  assert.equal(chapterState(final, readStore()).state, "started");
  assert.equal(stateWords({ state: "started", quizzes: chapterState(final, readStore()).quizzes }), "in progress: 26 of 27 to master the quiz");
  saveWidget(id, { mastered: right(27, "f") });
  assert.equal(chapterState(final, readStore()).state, "done", "27 of 41 passes (four in five would ask 33)");
});

test("after a chapter is done, the next step is the next chapter not done, not the first one left (learner review, finding 8)", () => {
  const states = (done) => course.chapters.map((c, index) => ({ ...c, index, state: done.includes(index) ? "done" : "new" }));
  assert.equal(
    nextStep(states([1]), "chapters/04-bidding-ladder").path,
    "chapters/15-final-test",
    "after The bidding ladder: the next chapter, not How to use this book",
  );
  assert.equal(nextStep(states([0]), "chapters/01-how-to-use").path, "chapters/04-bidding-ladder");
  assert.equal(nextStep(states([1, 2]), "chapters/15-final-test").path, "chapters/01-how-to-use", "the last chapter done: back to the first one left");
  assert.equal(nextStep(states([1])).path, "chapters/01-how-to-use", "without a chapter just done: the first not done");
  assert.equal(nextStep(states([0, 1, 2]), "chapters/04-bidding-ladder"), null);
});
