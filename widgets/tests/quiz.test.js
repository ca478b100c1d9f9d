// The quiz panel's view and reducer (widgets/src/quiz.js) and a question's context (context.js),
// without a browser: where a round is, what a verdict says, what each event changes.

import assert from "node:assert/strict";
import { test } from "node:test";
import { contextParts } from "../src/context.js";
import { dayWords } from "../src/coursemap.js";
import { findPart, walk } from "../src/parts.js";
import { choiceMarks, freshRound, goalReachedWords, modelSource, quizReduce, quizRound, quizView, readWholeNumbers, resumeAt, verdictOf } from "../src/quiz.js";

const bank = [
  {
    id: "q1",
    kind: "choice",
    prompt: "Which card wins?",
    choices: [
      { id: "a", label: "J♥" },
      { id: "b", label: "J♦" },
    ],
    answer: "a",
    answer_key: "a",
    answer_words: "J♥",
    explanation: "The right bower is the highest trump.",
    hints: ["Which jack is the right bower?", "Hearts are trumps."],
  },
  { id: "q2", kind: "number", prompt: "How many points?", fields: [{ id: "declarers", label: "Declarers" }], answer: { declarers: 280 }, answer_words: "280" },
  { id: "q3", kind: "choice", prompt: "Third", choices: [{ id: "x", label: "X" }], answer: "x" },
];
const source = { quiz: { title: "Bowers", bank }, bank, index: () => 0, progressId: "t", review: false };
const ui = (over = {}) => ({
  live: false,
  round: freshRound(),
  record: { mastered: {} },
  shown: {},
  hintsSeen: {},
  notes: {},
  statusText: "",
  statusKind: "ok",
  ...over,
});
const at = (u, index = 0) => ({
  ...quizRound(bank, u.round, index, u.retry),
  promptId: "p",
  score: { score: 0, answered: 0, streak: 0, best_streak: 0 },
  responses: {},
});

test("the round: which question, how far, right at the first try", () => {
  const round = { ...freshRound(), answers: { q1: { correct: true, first: true } } };
  const s = quizRound(bank, round, 1);
  assert.deepEqual([s.index, s.pos, s.qid, s.answered, s.firstRight], [1, 1, "q2", [0], 1]);
  assert.equal(quizRound(bank, { ...round, indices: [2, 9] }, 0).index, 2); // not asked: the round's first
  const parts = quizView(at(ui({ round })), source, ui({ round }));
  assert.equal(findPart(parts, "text", "fht-progress").text, "Question 1 of 3");
  assert.equal(findPart(parts, "text", "fht-score").text, "Right at the first try: 1 of 1");
});

test("a first miss teaches with the next hint, not the answer; the second shows it", () => {
  const first = quizReduce(at(ui()), source, ui(), { type: "submit", response: "b" });
  assert.equal(first.ui.round.answers.q1.hint, 0);
  assert.deepEqual(first.ui.hintsSeen, { q1: 1 });
  assert.deepEqual(first.set.responses["0"].correct, false);
  assert.deepEqual([first.set.score, first.set.answered, first.set.streak], [0, 1, 0]);
  assert.deepEqual(first.firstAnswer.correct, false);
  const done = first.ui.round.answers.q1;
  assert.deepEqual(verdictOf(bank[0], done), { revealed: false, reason: "Which jack is the right bower?", answer: "" });
  assert.deepEqual(verdictOf(bank[0], { ...done, tries: 2 }).answer, "J♥");
  assert.deepEqual(choiceMarks(bank[0], "b", false), { b: "wrong" });
  assert.deepEqual(choiceMarks(bank[0], "b", true), { a: "right", b: "wrong" });
  const verdict = findPart(quizView(at(first.ui), source, first.ui), "verdict");
  assert.equal(verdict.correct, false);
  assert.deepEqual(verdict.onTryAgain, { type: "tryAgain" });
  assert.equal(verdict.extra[0].text, "Show the answer");
  const again = quizReduce(at(first.ui), source, first.ui, { type: "tryAgain" });
  assert.equal(at(again.ui).done, null);
});

test("Show the answer before any answer counts as a miss; the answer shows at once", () => {
  const out = quizReduce(at(ui()), source, ui(), { type: "showAnswer" });
  assert.equal(out.ui.round.answers.q1.first, false);
  assert.equal(out.ui.shown.q1, true);
  assert.equal(verdictOf(bank[0], out.ui.round.answers.q1, { shown: true }).answer, "J♥");
});

test("onward: the next unanswered question, then the summary with the skipped ones", () => {
  const u = ui({ round: { ...freshRound(), answers: { q1: { correct: true, first: true } } } });
  const next = quizReduce(at(u), source, u, { type: "next" });
  assert.equal(next.setIndex, 1);
  const skipped = ui({ round: { ...freshRound(), answers: { q1: { first: true }, q3: { first: false } } } });
  const end = quizReduce(at(skipped, 2), source, skipped, { type: "next" });
  assert.equal(end.ui.round.summary, true);
  const summary = findPart(quizView(at(end.ui, 2), source, end.ui), "summary");
  assert.deepEqual(summary.skipped, [{ prompt: "How many points?" }]);
  assert.deepEqual(summary.onSkipped, { type: "answerSkipped", to: 1 });
  assert.deepEqual(summary.onPractise, { type: "practise", indices: [2] });
});

test("a live host: new questions and other rules; the kernel's second opinion adds a line", () => {
  const live = ui({ live: true, host: "kernel" });
  const parts = quizView(at(live), { ...source, quiz: { ...source.quiz, presets: [{ name: "default", title: "Australian" }], rules_name: "default" } }, live);
  assert.ok(findPart(parts, "button", "fht-new"));
  assert.deepEqual(findPart(parts, "rules").options, [["default", "Australian"]]);
  const sent = quizReduce(at(live), source, live, { type: "submit", response: "a" });
  assert.deepEqual(sent.request, { type: "answer", index: 0, response: "a" });
  const judged = quizReduce(at(sent.ui), source, sent.ui, {
    type: "judged",
    reply: { type: "judged", index: 0, correct: false },
    asked: sent.request,
    verdict: sent.verdict,
  });
  assert.match(judged.ui.notes.q1, /^Checked again/);
  const error = quizReduce(at(live), source, live, { type: "question", reply: { type: "error", error: "No more questions." } });
  assert.deepEqual(error.ui.note, { text: "No more questions.", failed: true });
});

test("numbers are read as whole numbers, a bad box named", () => {
  const fields = [{ id: "declarers" }, { id: "defenders" }];
  assert.deepEqual(readWholeNumbers({ declarers: " +280", defenders: "\u2212100" }, fields), { response: { declarers: 280, defenders: -100 } });
  assert.equal(readWholeNumbers({ declarers: "2.5", defenders: "1" }, fields).field, "declarers");
  assert.deepEqual(readWholeNumbers({ "": "40" }, [{ id: "" }]), { response: 40 });
  const miss = quizReduce(at(ui(), 1), source, ui(), { type: "submit", response: { declarers: 240 } });
  const answer = findPart(quizView(at(miss.ui, 1), source, miss.ui), "answer-number");
  assert.deepEqual(answer.fields[0].invalid, true);
});

test("a context: cards as cards, a trick with its seats, bids in words", () => {
  const box = contextParts({
    hand: [{ code: "JD", words: "Jack of diamonds" }],
    trick: [{ code: "TH", words: "Ten of hearts", seat: "West", source: "hand" }],
    contract: { label: "7♥", words: "seven hearts", trumps: "hearts" },
    calls: ["7H", "MIS"],
    count: 2,
  });
  const hand = [...walk(box)].find((p) => p.kind === "hand");
  assert.equal(hand.label, "Your hand: Jack of diamonds");
  const trick = findPart(box, "trick");
  assert.equal(trick.label, "The trick so far: West: Ten of hearts");
  assert.equal(trick.slots[0].caption, "West (hand)");
  assert.ok([...walk(box)].some((p) => p.text === "7♥  misère"));
  assert.equal(box.children.length, 4); // the count is not shown
});

test("New question: asked next, right after the question the learner is at (not 'Question 13 of 13')", () => {
  const live = ui({ live: true, host: "browser" });
  // at question 1 of 3; the engine appends question index 3 to the bank
  const out = quizReduce(at(live, 0), source, live, { type: "question", reply: { type: "question", index: 3 } });
  assert.deepEqual(out.ui.round.indices, [0, 3, 1, 2]);
  assert.equal(out.setIndex, 3);
  const grown = [...bank, { id: "q4", kind: "choice", prompt: "New", choices: [{ id: "a", label: "A" }], answer: "a" }];
  const s = quizRound(grown, out.ui.round, 3);
  assert.equal(s.pos, 1, "Question 2 of 4");
  assert.equal(s.indices.length, 4);
  // asked again from there: after the new one, still in order
  const again = quizReduce({ ...s, promptId: "p", score: {}, responses: {} }, source, out.ui, { type: "question", reply: { type: "question", index: 4 } });
  assert.deepEqual(again.ui.round.indices, [0, 3, 4, 1, 2]);
});

test("a new question that arrives while the learner reads a verdict waits its turn (the verdict stays)", () => {
  const live = ui({ live: true, host: "browser" });
  const asked = quizReduce(at(live, 0), source, live, { type: "newQuestion" });
  // meanwhile the learner answers the saved question they are at
  const answered = quizReduce(at(asked.ui, 0), source, asked.ui, { type: "submit", response: "b" });
  const out = quizReduce(at(answered.ui, 0), source, answered.ui, { type: "question", reply: { type: "question", index: 3 } });
  assert.equal(out.setIndex, undefined, "no jump away from the verdict");
  assert.deepEqual(out.ui.round.indices, [0, 3, 1, 2], "the new question comes next");
  assert.equal(out.ui.note.text, "Your new question is ready: it comes next.");
  // asked and still there, unanswered: shown at once, as before
  const direct = quizReduce(at(asked.ui, 0), source, asked.ui, { type: "question", reply: { type: "question", index: 3 } });
  assert.equal(direct.setIndex, 3);
  // the note goes once the learner moves on
  const moved = quizReduce(at(out.ui, 0), source, out.ui, { type: "next" });
  assert.equal(moved.ui.note, null);
});

test("once the answer is shown, going on is the main button (Try again second)", () => {
  const first = quizReduce(at(ui()), source, ui(), { type: "submit", response: "b" });
  assert.equal(findPart(quizView(at(first.ui), source, first.ui), "verdict").continueFirst, false, "a first miss: Try again leads");
  const second = quizReduce(at({ ...first.ui, retry: "q1" }), source, { ...first.ui, retry: "q1" }, { type: "submit", response: "b" });
  const verdict = findPart(quizView(at(second.ui), source, second.ui), "verdict");
  assert.equal(verdict.answer, "J♥");
  assert.equal(verdict.continueFirst, true);
  const shown = quizReduce(at(first.ui), source, first.ui, { type: "revealAnswer" });
  assert.equal(findPart(quizView(at(shown.ui), source, shown.ui), "verdict").continueFirst, true);
});

test("the answer that masters the quiz is a moment (once), and the bar says the quiz is mastered", () => {
  const five = Array.from({ length: 5 }, (_, i) => ({
    id: `m${i}`,
    kind: "choice",
    prompt: `Q${i}`,
    choices: [{ id: "a", label: "A" }],
    answer: "a",
    answer_key: "a",
  }));
  const src = { quiz: { title: "Five", bank: five, size: 5 }, bank: five, index: () => 0, progressId: "five", size: 5, review: false };
  const atFive = (u, index) => ({ ...quizRound(five, u.round, index, u.retry), promptId: "p", score: {}, responses: {} });
  let u = ui({ record: { mastered: { m0: true, m1: true, m2: true } } });
  const fourth = quizReduce(atFive(u, 3), src, u, { type: "submit", response: "a" });
  assert.equal(fourth.ui.moment.heading, "Quiz mastered", "4 of 5 masters it");
  assert.equal(fourth.ui.moment.qid, "m3");
  const parts = quizView(atFive(fourth.ui, 3), src, fourth.ui);
  assert.equal(findPart(parts, "moment").text, "4 of its questions right at your first try.");
  assert.match(findPart(parts, "text", "fht-mastered-done").text, /Quiz mastered/);
  u = fourth.ui;
  const fifth = quizReduce(atFive(u, 4), src, { ...u, moment: null }, { type: "submit", response: "a" });
  assert.equal(fifth.ui.moment, null, "already mastered: no second moment");
  const moved = quizReduce(atFive(fourth.ui, 3), src, fourth.ui, { type: "next" });
  assert.equal(moved.ui.moment, null, "the moment stays with its question");
});

test("a test with a pass mark: one right answer does not master it, the pass mark does (the final test)", () => {
  const form = Array.from({ length: 41 }, (_, i) => ({
    id: `f${i}`,
    kind: "choice",
    prompt: `Q${i}`,
    choices: [{ id: "a", label: "A" }],
    answer: "a",
    answer_key: "a",
  }));
  const model = { get: (k) => ({ quiz: { title: "Final test", bank: form, size: 41, pass_mark: 27 }, index: 0 })[k] };
  const src = modelSource(model);
  assert.equal(src.passMark, 27);
  const atForm = (u, index) => ({ ...quizRound(form, u.round, index, u.retry), promptId: "p", score: {}, responses: {} });
  let u = ui();
  const one = quizReduce(atForm(u, 0), src, u, { type: "submit", response: "a" });
  assert.ok(!one.ui.moment, "one right answer: no 'Quiz mastered'");
  assert.ok(!findPart(quizView(atForm(one.ui, 0), src, one.ui), "text", "fht-mastered-done"));
  u = ui({ record: { mastered: Object.fromEntries(form.slice(0, 26).map((q) => [q.id, true])) } });
  const pass = quizReduce(atForm(u, 26), src, u, { type: "submit", response: "a" });
  assert.equal(pass.ui.moment.heading, "Quiz mastered", "the 27th right answer reaches the pass mark");
  assert.match(findPart(quizView(atForm(pass.ui, 26), src, pass.ui), "text", "fht-mastered-done").text, /Quiz mastered \(27 of 41\)/);
});

test("coming back: where the learner was; a question gone with the page (a live one): the first not answered", () => {
  const answers = { q1: { correct: true, first: true } };
  assert.equal(resumeAt(bank, { answers, at: 2 }, [0, 1, 2]), 2);
  assert.equal(resumeAt(bank, { answers, at: 7 }, [0, 1, 2]), 1, "question 8 was a fresh one: back to the first open");
  assert.equal(resumeAt(bank, { answers: {}, at: 7 }, [0, 1, 2]), 0);
  assert.equal(resumeAt(bank, { answers: {} }, [0, 1, 2]), null, "never moved: stay");
  const all = { q1: { correct: true }, q2: { correct: true }, q3: { correct: false } };
  assert.equal(resumeAt(bank, { answers: all, at: 9 }, [0, 1, 2]), null);
});

test("the day's goal reached says the days-in-a-row streak as the course map does, the first day too (learner review, finding 9)", () => {
  const first = { today: 10, goal: 10, met: true, streak: 1, atRisk: false };
  assert.equal(goalReachedWords(first), "Today's goal reached: 10 answers. 1 day in a row. Come back tomorrow to make it 2.");
  assert.ok(goalReachedWords(first).includes(dayWords(first)[0]), "the sidebar's words: 1 day in a row");
  assert.doesNotMatch(goalReachedWords(first), /start a streak/);
  const third = { ...first, today: 12, streak: 3 };
  assert.equal(goalReachedWords(third), "Today's goal reached: 12 answers. 3 days in a row. Come back tomorrow to make it 4.");
  assert.ok(goalReachedWords(third).includes(dayWords(third)[0]));
});
