// The course: which chapters the learner has done, is doing and has not started, and the next step.
// The book build writes the course (window.fhtCourse: each chapter's path, title and quizzes, from the
// built pages; fivehundred_tutor/bookbuild/course.py); the learner's results are the progress store's
// (progress.js).  Pure functions of the two, tested in widgets/tests/course.test.js.
//
//   chapter done      every quiz in it mastered (progress.js quizMastery: MASTERY_SHARE of its questions
//                     right at the latest first try, or the quiz's own pass mark: the final test's); a
//                     chapter without a quiz, when its own widget says so (markDone(`chapter:${path}`))
//   chapter started   any answer given in it (in any host); opening its page is not enough
//   next step         the first chapter, in the book's order, that is not done; after a chapter just
//                     done, the first after it that is not done (then, wrapping, the first before it)

import { nt, t } from "./language.js";
import { allWidgets, isDone, masteryNeed, quizMastery, visits, widgetId } from "./progress.js";

/** The course the page's script gave (window.fhtCourse), checked; null when there is none (a notebook). */
export function pageCourse(value = globalThis.fhtCourse) {
  if (!value || typeof value !== "object" || !Array.isArray(value.chapters)) return null;
  const chapters = value.chapters.filter((c) => c && typeof c.path === "string" && typeof c.title === "string");
  return { ...value, chapters: chapters.map((c) => ({ ...c, quizzes: Array.isArray(c.quizzes) ? c.quizzes : [] })) };
}

/** A quiz of the course as the store knows it: its widget id (the same as the quiz widget computes). */
export function courseQuizId(quiz) {
  return widgetId({ title: quiz.title, bank: [{ id: quiz.first }] });
}

/** The store as the course reads it: every widget record, the visits, and isDone. */
export function readStore() {
  return { widgets: allWidgets(), visits: visits(), isDone };
}

/** One chapter's state: {state: "done" | "started" | "new", quizzes: [{id, title, right, need, mastered}]}. */
export function chapterState(chapter, store) {
  const quizzes = chapter.quizzes.map((q) => {
    const id = courseQuizId(q);
    const m = quizMastery(store.widgets[id], q.size, q.pass_mark);
    return { id, title: q.title, size: q.size, ...m };
  });
  const answered = quizzes.some((q) => q.started);
  const done = quizzes.length ? quizzes.every((q) => q.mastered) : store.isDone(`chapter:${chapter.path}`);
  const state = done ? "done" : answered ? "started" : "new";
  return { state, quizzes };
}

/** Every chapter with its state, in the book's order. */
export function courseStates(course, store = readStore()) {
  return course.chapters.map((chapter, index) => ({ ...chapter, index, ...chapterState(chapter, store) }));
}

/**
 * The next step: the first chapter not done (null when all are); with `after` (a chapter's path, the one
 * just done), the first not done after it in the book's order, else the first not done before it.
 */
export function nextStep(states, after = null) {
  const at = after === null ? -1 : states.findIndex((c) => c.path === after);
  return states.slice(at + 1).find((c) => c.state !== "done") || states.find((c) => c.state !== "done") || null;
}

/** The chapter a quiz belongs to (by its widget id), or null. */
export function chapterOfQuiz(course, id) {
  return course?.chapters.find((c) => c.quizzes.some((q) => courseQuizId(q) === id)) || null;
}

/** What is left to master a quiz, in words: "2 more right at the first try master this quiz". */
export function masteryWords({ right, need, mastered }) {
  if (mastered) return t("Quiz mastered.");
  const left = need - right;
  return nt(
    "{n} more right at the first try masters this quiz ({need} of its questions).",
    "{n} more right at the first try master this quiz ({need} of its questions).",
    left,
    { n: left, need },
  );
}

/** The rule, said once where the course is shown. */
export function masteryRule() {
  return t(
    "A chapter is done when its quiz is mastered: four in five of the quiz's questions right at your first try ({need} of 12). A question you missed counts once you get it right at the first try in a later round (“Practise the missed ones”). The final test has its own rule: it is done at its pass mark.",
    { need: masteryNeed(12) },
  );
}

/** A chapter's state in words, for the map and for a screen reader. */
export function stateWords(c) {
  if (c.state === "done") return t("done");
  if (c.state === "new") return t("not started");
  const open = c.quizzes.filter((q) => !q.mastered);
  if (!open.length) return t("in progress");
  const q = open[0];
  return c.quizzes.length > 1
    ? t("in progress: {right} of {need} to master “{quiz}”", { right: q.right, need: q.need, quiz: q.title })
    : t("in progress: {right} of {need} to master the quiz", { right: q.right, need: q.need });
}
