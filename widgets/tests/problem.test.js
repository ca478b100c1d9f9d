// The play problem's view and reducer (widgets/src/problem.js), without a browser: what the learner sees
// (the table, the question, the verdict, the hints, the end) and what each event and each reply from
// Python changes: a pick judged (from the saved steps, or by Python), an error, a card taken back, a hint,
// the problem started again.

import assert from "node:assert/strict";
import { test } from "node:test";
import { findPart, walk } from "../src/parts.js";
import { freshProblemUi, problemNow, problemReduce, problemView } from "../src/problem.js";
import { PROBLEM_STATUS, REPLY } from "../src/protocol.js";

const names = ["North", "East", "South", "West"];
const view = (over = {}) => ({
  seat: 0,
  seat_name: "North",
  contract: "7NT",
  contract_label: "7NT",
  declarer: 0,
  hand: ["JK", "QS", "4D"],
  left_bower: null,
  trick: [],
  tricks_won: [3, 0, 3, 0],
  to_move: 0,
  ...over,
});
const data = {
  title: "Ending: which suit does the joker name?",
  intro: "North is on lead with the joker.",
  seat_names: names,
  seat_name: "North",
  steps: [
    {
      index: 0,
      view: view(),
      played: "JK:S",
      played_words: "Joker (as ♠)",
      prompt: "Your turn: lead the joker — and name which suit?",
      hint: { principle: "Led in no trumps, the joker names the suit.", answer: "Play Joker (as ♠)." },
      best: ["JK:S"],
      choices: {
        QS: {
          verdict: "mistake",
          card: "Q♠",
          annotation: "Q♠ costs 2 tricks. Better was Joker (as ♠).",
          reason: "Q♠ costs 2 tricks.",
          line: ["North Q♠, East 8♠, South J♠, West K♠: West wins"],
          line_intro: "Here is how East–West make the most of it",
        },
        "4D": {
          verdict: "mistake",
          card: "4♦",
          annotation: "4♦ costs 2 tricks. Better was Joker (as ♠).",
          reason: "4♦ costs 2 tricks.",
          line: [],
          line_intro: "",
        },
        "JK:S": { verdict: "best", card: "Joker (as ♠)", annotation: "Joker (as ♠) keeps the best result within reach.", reason: "", line: [], line_intro: "" },
        "JK:C": {
          verdict: "mistake",
          card: "Joker (as ♣)",
          annotation: "Joker (as ♣) costs 2 tricks.",
          reason: "Joker (as ♣) costs 2 tricks.",
          line: [],
          line_intro: "",
        },
      },
    },
    {
      index: 4,
      view: view({ hand: ["QS", "4D"], trick: [[2, "QC"]], tricks_won: [4, 0, 3, 0] }),
      played: "QS",
      played_words: "Q♠",
      prompt: "",
      hint: { principle: "Cash the winner.", answer: "Play Q♠." },
      best: ["QS"],
      choices: { QS: { verdict: "best", card: "Q♠", annotation: "Q♠ wins.", reason: "", line: [], line_intro: "" } },
    },
  ],
  result: "North bid 7NT, took 10 tricks: made.",
};
const book = (ui = freshProblemUi()) => ({ s: { data, state: null }, ui });
/** Python's state for the first decision (as handlers.problem.start writes it). */
const liveState = { view: view(), legal: ["QS", "4D", "JK:S", "JK:C"], status: PROBLEM_STATUS.YOUR_TURN, prompt: "Lead the joker?", result: null };
const s = { data, state: liveState };

/** Run events through the reducer from `ui` (each must change something); the last output. */
function run(ui, ...events) {
  let out = null;
  for (const event of events) {
    out = problemReduce(s, ui, event);
    assert.ok(out, `${event.type} changes something`);
    ui = out.ui;
  }
  return out;
}
const live = () => run(freshProblemUi(), { type: "hello" }).ui;
const texts = (parts) => [...walk(parts)].filter((p) => p.kind === "text").map((p) => p.text);
const cardsOf = (parts) => findPart(parts, "hand").cards;

test("the first step from the book: title, intro, contract, the question, the legal cards as buttons, the other ways, a hint", () => {
  const parts = problemView(data, freshProblemUi());
  const words = texts(parts);
  assert.equal(findPart(parts, "text", "fht-title").text, data.title);
  assert.ok(words.includes(data.intro));
  assert.ok(words.includes("Contract 7NT. You play North."));
  assert.ok(words.includes("Tricks so far: North 3, East 0, South 3, West 0."));
  assert.equal(findPart(parts, "text", "fht-problem-question").text, data.steps[0].prompt);
  assert.equal(findPart(parts, "text", "fht-problem-lead").text, "No card on the table: the lead is yours.");
  // the joker itself is no button to press: its ways to play are (the hand's JK is not among the legal cards)
  assert.deepEqual(
    cardsOf(parts).map((c) => [c.code, c.disabled]),
    [
      ["JK", true],
      ["QS", false],
      ["4D", false],
    ],
  );
  const choices = findPart(parts, "choices");
  assert.deepEqual(
    choices.buttons.map((b) => b.code),
    ["JK:S", "JK:C"],
  );
  assert.equal(choices.label, "Other ways to play");
  assert.equal(choices.disabled, false);
  assert.equal(choices.marks, null);
  const hint = findPart(parts, "button", "fht-hint-btn");
  assert.equal(hint.text, "Hint");
  assert.equal(findPart(parts, "box", "fht-hints"), null, "no hint line before one is asked for");
  assert.deepEqual(hint.on, { type: "hint" });
  assert.equal(findPart(parts, "verdict"), null);
});

test("a first miss from the book: why it costs, not the answer; Show the answer shows it, the line and the card played", () => {
  const { s: state, ui } = book();
  const out = problemReduce(state, ui, { type: "choose", code: "QS" });
  assert.equal(out.focus, "verdict");
  assert.equal(out.ui.misses, 1);
  assert.equal(out.ui.shown.step, data.steps[0]); // the table as it was
  let parts = problemView(data, out.ui);
  let verdict = findPart(parts, "verdict");
  assert.equal(verdict.correct, false);
  assert.equal(verdict.reason, "Q♠ costs 2 tricks.");
  assert.equal(verdict.answer, "");
  assert.equal(verdict.detail, "");
  assert.deepEqual(verdict.onTryAgain, { type: "tryAgain" });
  assert.deepEqual(verdict.onContinue, { type: "next" });
  assert.equal(verdict.continueLabel, "Keep this card and continue");
  assert.equal(verdict.extra[0].cls, "fht-show-answer");
  assert.deepEqual(verdict.notes, ["", "Continue goes on as in the deal."]);
  // no card marked as the answer yet; the pick marked as the learner's
  assert.deepEqual(
    cardsOf(parts).map((c) => c.cls),
    [[], ["fht-wrong-pick"], []],
  );
  assert.deepEqual(findPart(parts, "choices").marks, { best: [], picked: "QS" });
  assert.equal(findPart(parts, "text", "fht-problem-question"), null);
  assert.equal(findPart(parts, "button", "fht-hint-btn"), null);
  // nothing more is chosen while the verdict shows
  assert.equal(problemReduce(state, out.ui, { type: "choose", code: "4D" }), null);

  const shown = problemReduce(state, out.ui, { type: "showAnswer" });
  assert.equal(shown.focus, "verdict");
  parts = problemView(data, shown.ui);
  verdict = findPart(parts, "verdict");
  assert.equal(verdict.reason, "Q♠ costs 2 tricks. Better was Joker (as ♠).");
  assert.equal(verdict.answer, "Joker (as ♠)");
  assert.equal(verdict.detail, "Here is how East–West make the most of it: North Q♠, East 8♠, South J♠, West K♠: West wins.");
  assert.deepEqual(verdict.extra, []);
  assert.deepEqual(verdict.notes, ["", "Continue goes on as in the deal, where Joker (as ♠) was played."]);
  assert.deepEqual(findPart(parts, "choices").marks, { best: ["JK:S"], picked: "QS" });
});

test("Try again clears the verdict and keeps the miss: a second miss shows the answer at once", () => {
  const again = run(freshProblemUi(), { type: "choose", code: "QS" }, { type: "tryAgain" });
  assert.equal(again.focus, "hand");
  assert.equal(again.ui.verdict, null);
  assert.equal(again.ui.shown, null);
  assert.equal(again.ui.misses, 1);
  const second = run(again.ui, { type: "choose", code: "4D" });
  assert.equal(second.ui.misses, 2);
  const verdict = findPart(problemView(data, second.ui), "verdict");
  assert.equal(verdict.answer, "Joker (as ♠)");
  assert.deepEqual(verdict.extra, []);
});

test("a right pick: Right, Continue; Continue goes to the next step with a fresh count", () => {
  const right = run(freshProblemUi(), { type: "choose", code: "QS" }, { type: "tryAgain" }, { type: "choose", code: "JK:S" });
  let parts = problemView(data, right.ui);
  const verdict = findPart(parts, "verdict");
  assert.equal(verdict.correct, true);
  assert.equal(right.ui.misses, 1, "a right pick counts no miss");
  assert.equal(verdict.onTryAgain, null);
  assert.equal(verdict.continueLabel, "Continue");
  assert.deepEqual(verdict.notes, ["", ""]); // the card the deal went on with was the pick
  assert.deepEqual(findPart(parts, "choices").marks, { best: ["JK:S"], picked: "JK:S" });
  const next = run(right.ui, { type: "next" });
  assert.equal(next.focus, "next");
  assert.deepEqual([next.ui.step, next.ui.misses, next.ui.verdict], [1, 0, null]);
  parts = problemView(data, next.ui);
  assert.equal(findPart(parts, "text", "fht-problem-question").text, "Your turn: choose a card.");
  assert.equal(findPart(parts, "trick").slots[0].caption, "South");
  assert.equal(findPart(parts, "choices"), null);
});

test("the end: the result and Start again; Start again goes back to the first step", () => {
  const ui = { ...freshProblemUi(), step: 2 };
  assert.equal(problemNow(data, ui).done, true);
  const parts = problemView(data, ui);
  const done = findPart(parts, "box", "fht-problem-done");
  assert.deepEqual(done.attrs, { role: "status" });
  assert.equal(findPart(done, "text", "fht-verdict-reason").text, data.result);
  assert.deepEqual(findPart(done, "button", "fht-restart").on, { type: "restart" });
  assert.equal(findPart(parts, "hand"), null);
  const out = problemReduce(s, { ...ui, misses: 1 }, { type: "restart" });
  assert.deepEqual([out.ui.step, out.ui.misses, out.request], [0, 0, undefined]);
});

test("hints from the book: the principle, then the card, then no more", () => {
  const first = run(freshProblemUi(), { type: "hint" });
  assert.equal(first.focus, "hint");
  let parts = problemView(data, first.ui);
  assert.deepEqual(texts(findPart(parts, "box", "fht-hints")), [data.steps[0].hint.principle]);
  assert.equal(findPart(parts, "button", "fht-hint-btn").text, "Show the card");
  const second = run(first.ui, { type: "hint" }, { type: "hint" });
  assert.equal(second.ui.hintsShown, 2);
  parts = problemView(data, second.ui);
  assert.deepEqual(texts(findPart(parts, "box", "fht-hints")), [data.steps[0].hint.principle, data.steps[0].hint.answer]);
  const button = findPart(parts, "button", "fht-hint-btn");
  assert.deepEqual([button.text, button.disabled], ["No more hints", true]);
});

test("a host's hello: Python's position from then on, unless the learner has begun", () => {
  const ui = live();
  assert.equal(ui.book, false);
  assert.deepEqual(ui.live, liveState);
  const now = problemNow(data, ui);
  assert.deepEqual([now.prompt, now.done], ["Lead the joker?", false]);
  assert.equal(problemReduce(s, { ...freshProblemUi(), step: 1 }, { type: "hello" }), null);
  assert.equal(problemReduce(s, run(freshProblemUi(), { type: "choose", code: "QS" }).ui, { type: "hello" }), null);
  // a state without legal plays gives none
  assert.deepEqual(problemReduce({ data, state: { view: view() } }, freshProblemUi(), { type: "hello" }).ui.live.legal, []);
});

test("live: a card goes to Python, the hand waits; its verdict shows over the table as it was", () => {
  const asked = run(live(), { type: "choose", code: "QS" });
  assert.deepEqual(asked.request, { type: "play", code: "QS" });
  assert.equal(asked.ui.waiting, true);
  assert.equal(asked.focus, undefined);
  assert.ok(cardsOf(problemView(data, asked.ui)).every((c) => c.disabled));
  assert.equal(findPart(problemView(data, asked.ui), "button", "fht-hint-btn").disabled, true);
  assert.equal(problemReduce(s, asked.ui, { type: "choose", code: "4D" }), null);
  const after = { view: view({ trick: [[0, "QS"]] }), legal: [], status: PROBLEM_STATUS.YOUR_TURN, prompt: "", result: null };
  const reply = {
    type: REPLY.VERDICT,
    verdict: "mistake",
    annotation: "Q♠ costs 2 tricks. Better was Joker (as ♠).",
    reason: "Q♠ costs 2 tricks.",
    best: ["JK:S"],
    best_words: ["Joker (as ♠)"],
    line: [],
    answered_with: ["East 8♠", "South J♠"],
    ...after,
  };
  const out = run(asked.ui, { type: "replied", asked: asked.request, reply });
  assert.equal(out.focus, "verdict");
  assert.equal(out.ui.waiting, false);
  assert.deepEqual(out.ui.pending, after);
  assert.equal(out.ui.shown.prompt, "Lead the joker?"); // the table before the card
  assert.equal(out.ui.misses, 1);
  const verdict = findPart(problemView(data, out.ui), "verdict");
  assert.deepEqual([verdict.reason, verdict.answer], ["Q♠ costs 2 tricks.", ""]);
  assert.deepEqual(verdict.notes, ["Then: East 8♠, South J♠.", ""]);
  // Continue: Python's position after the card
  const next = run(out.ui, { type: "next" });
  assert.deepEqual([next.ui.live, next.ui.step, next.ui.pending], [after, 0, null]);
});

test("live: an illegal card and an error say why under the table, and the hand is free again", () => {
  const asked = run(live(), { type: "choose", code: "4D" });
  for (const [reply, words] of [
    [{ type: REPLY.VERDICT, verdict: "illegal", annotation: "You must follow suit." }, "You must follow suit."],
    [{ type: REPLY.ERROR, error: "No such card." }, "No such card."],
  ]) {
    const out = run(asked.ui, { type: "replied", asked: asked.request, reply });
    assert.deepEqual([out.ui.waiting, out.ui.verdict, out.ui.error, out.focus], [false, null, words, undefined]);
    const parts = problemView(data, out.ui);
    const error = findPart(parts, "verdict");
    assert.deepEqual([error.correct, error.heading, error.reason], [null, "That card cannot be played", words]);
    assert.ok(cardsOf(parts).some((c) => !c.disabled));
    // the next pick clears it
    assert.equal(run(out.ui, { type: "choose", code: "QS" }).ui.error, "");
  }
});

test("live: no answer from Python falls back on the saved verdicts", () => {
  const asked = run(live(), { type: "choose", code: "QS" });
  const out = run(asked.ui, { type: "replied", asked: asked.request, reply: null });
  assert.deepEqual([out.ui.book, out.ui.live, out.ui.waiting], [true, null, false]);
  assert.equal(out.ui.verdict.reason, data.steps[0].choices.QS.annotation);
  assert.equal(out.focus, "verdict");
  // a card the saved step has no verdict for: nothing judged
  const other = run(live(), { type: "choose", code: "KC" });
  const none = run(other.ui, { type: "replied", asked: other.request, reply: null });
  assert.deepEqual([none.ui.verdict, none.ui.book, none.draw, none.ui.waiting], [null, true, true, false]);
  assert.match(none.ui.error, /No answer came/);
});

test("live: Try again asks Python to take the card back, then the table is its position again", () => {
  const asked = run(live(), { type: "choose", code: "QS" });
  const judged = run(asked.ui, {
    type: "replied",
    asked: asked.request,
    reply: { type: REPLY.VERDICT, verdict: "mistake", annotation: "Costly.", view: view({ trick: [[0, "QS"]] }), legal: [], status: PROBLEM_STATUS.YOUR_TURN },
  });
  const back = run(judged.ui, { type: "tryAgain" });
  assert.deepEqual(back.request, { type: "takeback" });
  assert.equal(back.ui.waiting, true);
  assert.ok(findPart(problemView(data, back.ui), "verdict"), "the verdict stays while Python takes the card back");
  const reply = { type: REPLY.TAKEN_BACK, view: view(), legal: liveState.legal, status: PROBLEM_STATUS.YOUR_TURN, prompt: "Again?" };
  const out = run(back.ui, { type: "replied", asked: back.request, reply });
  assert.equal(out.focus, "hand");
  assert.deepEqual(out.ui.live, { view: reply.view, legal: reply.legal, status: reply.status, prompt: "Again?", result: null });
  assert.deepEqual([out.ui.verdict, out.ui.shown, out.ui.pending, out.ui.waiting, out.ui.misses], [null, null, null, false, 1]);
  assert.equal(findPart(problemView(data, out.ui), "text", "fht-problem-question").text, "Again?");
  // no answer: the card and its verdict stay (Try again can ask again), and the learner is told why
  const lost = run(back.ui, { type: "replied", asked: back.request, reply: null });
  assert.deepEqual([lost.ui.verdict, lost.ui.live, lost.ui.waiting], [judged.ui.verdict, judged.ui.live, false]);
  const said = [...walk(problemView(data, lost.ui))].find((p) => p.kind === "verdict" && p.correct === null);
  assert.equal(said.heading, "The card could not be taken back.");
  assert.match(said.reason, /Python did not answer/);
  assert.deepEqual(run(lost.ui, { type: "tryAgain" }).request, { type: "takeback" });
  // Python's own words when it refuses
  const refused = run(back.ui, { type: "replied", asked: back.request, reply: { type: REPLY.ERROR, error: "No card to take back." } });
  assert.equal(refused.ui.error, "No card to take back.");
});

test("live: a hint comes from Python, else from the book", () => {
  const asked = run(live(), { type: "hint" });
  assert.deepEqual(asked.request, { type: REPLY.HINT });
  assert.equal(asked.ui.waiting, true);
  const out = run(asked.ui, {
    type: "replied",
    asked: asked.request,
    reply: { type: REPLY.HINT, principle: "Think of the spades.", answer: "Play Joker (as ♠)." },
  });
  assert.deepEqual([out.ui.hints, out.ui.hintsShown, out.ui.waiting, out.focus], [["Think of the spades.", "Play Joker (as ♠)."], 1, false, "hint"]);
  // the second line is already there: no second request
  assert.equal(run(out.ui, { type: "hint" }).request, undefined);
  const lost = run(asked.ui, { type: "replied", asked: asked.request, reply: null });
  assert.deepEqual(lost.ui.hints, [data.steps[0].hint.principle, data.steps[0].hint.answer]);
});

test("live: Start again asks Python, and its fresh position is the learner's turn", () => {
  const ui = { ...live(), misses: 1, live: { ...liveState, status: PROBLEM_STATUS.DONE, result: "Made." } };
  assert.equal(problemNow(data, ui).done, true);
  const asked = run(ui, { type: "restart" });
  assert.deepEqual([asked.request, asked.ui.misses, asked.draw], [{ type: "restart" }, 0, undefined]);
  const reply = { type: REPLY.RESTARTED, view: view(), legal: liveState.legal, prompt: "Lead the joker?" };
  const out = run(asked.ui, { type: "replied", asked: asked.request, reply });
  assert.deepEqual(out.ui.live, { view: reply.view, legal: reply.legal, status: PROBLEM_STATUS.YOUR_TURN, prompt: reply.prompt, result: null });
  assert.equal(problemNow(data, out.ui).done, false);
  // no answer: Python's last position stays
  assert.deepEqual(run(asked.ui, { type: "replied", asked: asked.request, reply: null }).ui.live, ui.live);
});

test("a model that is not a problem is a readable error", () => {
  assert.throws(() => problemView(null, freshProblemUi()), /problem data should be an object/);
  assert.throws(() => problemView({ steps: [] }, freshProblemUi()), /seat names should be an array/);
});
