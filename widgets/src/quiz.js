// Quiz panel shared by the quiz widgets, the bidding ladder and the review.
// Python put every question, answer, explanation, hint and verdict into the model;
// this code only draws, collects the answer, looks the verdict up and keeps the learner's progress.
// quizRound reads where the round is, quizView draws it as parts, quizReduce says what an event
// changes (pure, tested in widgets/tests/quiz.test.js); the renderers and quizPanel's runtime follow.

import { card, cardEl } from "./cards.js";
import { contextParts } from "./context.js";
import { chapterOfQuiz, chapterState, courseStates, masteryWords, nextStep, pageCourse, readStore } from "./course.js";
import { el, expect, notebookKey, roving, uid } from "./dom.js";
import { focusVerdict, hintButton, hintsRead, markAnswer, missReason, missRung, momentBox, renderVerdict, statusLine, summaryBox } from "./feedback.js";
import { listWords, plural } from "./format.js";
import { kernelOf, kernelRestarted, request } from "./host.js";
import { localVerdict, missedFields, numberMisses } from "./keys.js";
import { nt, t } from "./language.js";
import { checkVersion, mountWidget } from "./mount.js";
import { renderer, titlePart } from "./parts.js";
import { answeredIds, dayStats, loadWidget, markDone, masteredCount, noteActivity, noteForReview, quizMastery, saveWidget, widgetId } from "./progress.js";
import { REPLY } from "./protocol.js";
import { TABLE_RENDERERS } from "./table.js";

/** The quiz a panel draws: the model's own bank and index (a quiz widget, the ladder). */
export function modelSource(model) {
  const quiz = expect(model.get("quiz"), "object", "quiz");
  checkVersion(quiz, "quiz");
  return {
    quiz,
    bank: expect(quiz.bank, "array", "quiz bank"),
    index: () => Number(model.get("index")) || 0,
    setIndex: (to) => {
      model.set("index", to);
      model.save_changes();
    },
    progressId: widgetId(quiz),
    // the questions the quiz was made with (a live host adds new ones; mastery is out of these)
    size: Number.isInteger(quiz.size) && quiz.size > 0 ? quiz.size : quiz.bank.length,
    // a test's own rule (the final test's pass mark): right at the first try that masters it
    passMark: Number.isInteger(quiz.pass_mark) && quiz.pass_mark > 0 ? quiz.pass_mark : null,
    review: false,
  };
}

/** The round in progress: answers by question id, the indices asked (null: all), summary shown. */
export function freshRound() {
  return { answers: {}, indices: null, summary: false };
}

/** A question's id in a round (a bank without ids: its place). */
const idOf = (bank, i) => bank[i].id || `#${i}`;

/**
 * Where the round is: the questions asked (`indices`; a round over questions a new bank no longer has
 * asks them all again), the one shown (`index`, `pos` among them), its id and its answer (`done`;
 * none while the learner tries again), the answered ones and how many were right at the first try.
 */
export function quizRound(bank, round, index, retry = null) {
  const all = bank.map((_q, i) => i);
  const asked = (Array.isArray(round.indices) ? round.indices : []).filter((i) => Number.isInteger(i) && i >= 0 && i < bank.length);
  const indices = asked.length ? asked : all;
  const at = indices.includes(index) ? index : indices[0];
  const question = expect(bank[at], "object", `question ${at + 1}`);
  expect(question.prompt, "string", "question prompt");
  const qid = idOf(bank, at);
  const entry = round.answers[qid];
  const answered = indices.filter((i) => round.answers[idOf(bank, i)]);
  return {
    indices,
    index: at,
    pos: indices.indexOf(at),
    question,
    qid,
    entry,
    done: entry && retry !== qid ? entry : null,
    answered,
    firstRight: answered.filter((i) => round.answers[idOf(bank, i)].first).length,
  };
}

/**
 * Where a learner coming back to a round starts: the question they were at; when that question is
 * not in the bank any more (a fresh one the live engine made, gone with the page), the round's first
 * question not answered yet; null when there is nothing to move to.
 */
export function resumeAt(bank, round, indices) {
  const at = round?.at;
  if (Number.isInteger(at) && indices.includes(at)) return at;
  if (!Number.isInteger(at)) return null;
  const open = indices.find((i) => !round.answers?.[idOf(bank, i)]);
  return open === undefined ? null : open;
}

// ----------------------------------------------------------------------------------- the view

/** Marks after an answer: the learner's wrong pick, and the right answer once `revealed`. */
export function choiceMarks(question, response, revealed) {
  const marks = {};
  const mark = (id, right, wrong) => {
    if (right) marks[id] = "right";
    else if (wrong) marks[id] = "wrong";
  };
  const ids = (Array.isArray(question.choices) ? question.choices : []).map((c) => c.id);
  const picked = new Set(Array.isArray(response) ? response : []);
  if (question.kind === "choice") for (const id of ids) mark(id, revealed && id === question.answer, id === response);
  else if (question.kind === "multi") {
    const right = new Set(question.answer || []);
    for (const id of ids) mark(id, revealed && right.has(id), picked.has(id) && !right.has(id));
  } else if (question.kind === "cards") {
    const example = new Set(question.answer?.example || []);
    const forbidden = new Set(question.answer?.forbidden || []);
    for (const c of question.context?.hand || []) mark(c.code, revealed && example.has(c.code), picked.has(c.code) && forbidden.has(c.code));
  }
  return marks;
}

/** The answer controls of a question, as one part its kind's renderer draws. */
function answerPart(question, done, s) {
  const choices = Array.isArray(question.choices) ? question.choices : [];
  const revealed = done ? verdictOf(question, done, s).revealed : false;
  const marks = done && !done.correct ? choiceMarks(question, done.response, revealed) : {};
  const base = { promptId: s.promptId, locked: Boolean(done), marks };
  switch (question.kind) {
    case "choice":
      return { kind: "answer-choice", ...base, choices, chosen: done?.response ?? null };
    case "multi":
    case "cards": {
      const hand = question.context?.hand;
      const pool =
        question.kind === "cards" ? (Array.isArray(hand) ? hand : []).map((c) => ({ id: c.code, label: c.label, words: c.words, card: c.code })) : choices;
      const need = question.kind === "cards" ? Number(question.context?.count || 0) : 0;
      return { kind: "answer-pick", ...base, choices: pool, picked: done ? done.response : [], need };
    }
    case "order":
      return { kind: "answer-order", ...base, choices, order: done ? [...done.response] : [] };
    case "number": {
      const fields = Array.isArray(question.fields) && question.fields.length ? question.fields : [{ id: "", label: t("Answer") }];
      const missed = done && !done.correct && done.response !== null ? new Set(missedFields(question, done.response).map((f) => String(f.id))) : new Set();
      const prior = (field) => (done ? (field.id ? done.response?.[field.id] : done.response) : "");
      return {
        kind: "answer-number",
        ...base,
        fields: fields.map((field) => ({ id: field.id, label: field.label || t("Answer"), value: prior(field) ?? "", invalid: missed.has(String(field.id)) })),
      };
    }
    default:
      throw new Error(`question ${s.index + 1} has an unknown kind "${question.kind}"`);
  }
}

/**
 * What the verdict on an answer says.  A first wrong answer: what was chosen and a hint to think with
 * (the next rung not read yet, or the last one read again: never a bare "You chose …"), not yet the
 * answer (the explanation often names it), so "Try again" is a real second try; the answer and the
 * explanation after a second miss, or when the learner asks.
 */
export function verdictOf(question, done, { shown = false } = {}) {
  const hints = Array.isArray(question.hints) ? question.hints : [];
  const why = question.explanation || "";
  const revealed = done.correct || (done.tries || 1) >= 2 || Boolean(shown);
  // progress saved before the ladder: the principle; saved when a miss with every rung read showed none: the last
  const rung = Number.isInteger(done.hint) ? done.hint : missRung(hints.length, done.hint === undefined ? 0 : hints.length);
  // which boxes of a number question are off, in words (their outlines say it only to the eye)
  const misses = done.correct ? [] : numberMisses(question, done.response);
  const feedback = [misses.length ? t("Not right yet: {fields}.", { fields: listWords(misses) }) : "", done.feedback].filter(Boolean).join(" ");
  let reason = why;
  if (!done.correct && revealed) reason = [feedback, why].filter(Boolean).join(" ");
  else if (!done.correct) reason = missReason(feedback, rung === null ? "" : hints[rung], { repeated: rung !== null && rung < (done.opened || 0) });
  return { revealed, reason, answer: done.correct || !revealed ? "" : question.answer_words || "" };
}

function barPart(s, source, record) {
  const { firstRight, answered, pos, indices } = s;
  const items = [
    { kind: "text", tag: "span", cls: "fht-progress", text: t("Question {n} of {total}", { n: pos + 1, total: indices.length }) },
    {
      kind: "text",
      tag: "span",
      cls: "fht-score",
      attrs: { "data-score": firstRight },
      text: answered.length ? t("Right at the first try: {right} of {answered}", { right: firstRight, answered: answered.length }) : t("No answers yet"),
    },
  ];
  if (!source.review) {
    const mastered = masteredCount(record, source.bank);
    const done = quizMastery(record, source.size || source.bank.length, source.passMark).mastered;
    items.push({
      kind: "text",
      tag: "span",
      cls: done ? "fht-mastered fht-mastered-done" : "fht-mastered",
      attrs: { "data-mastered": mastered },
      text: done
        ? `\u2713 ${t("Quiz mastered ({mastered} of {total})", { mastered, total: source.bank.length })}`
        : t("Mastered {mastered} of {total}", { mastered, total: source.bank.length }),
    });
  }
  return { kind: "box", cls: "fht-bar", children: items };
}

function summaryPart(s, source, ui) {
  const { bank } = source;
  const answers = ui.round.answers;
  const missed = s.indices.filter((i) => answers[idOf(bank, i)] && !answers[idOf(bank, i)].first);
  const skipped = s.indices.filter((i) => !answers[idOf(bank, i)]);
  return {
    kind: "summary",
    score: s.firstRight,
    total: s.indices.length,
    missed: missed.map((i) => ({ prompt: bank[i].prompt, answer: bank[i].answer_words || "" })),
    skipped: skipped.map((i) => ({ prompt: bank[i].prompt })),
    note: source.review
      ? ""
      : `${t("Mastered {mastered} of {total} in this quiz.", { mastered: masteredCount(ui.record, bank), total: bank.length })} ${masteryWords(quizMastery(ui.record, source.size || bank.length, source.passMark))}`,
    onSkipped: { type: "answerSkipped", to: skipped[0] },
    onPractise: { type: "practise", indices: missed },
    onRestart: { type: "restart" },
  };
}

function navPart(s, source, ui) {
  const { pos, indices, done } = s;
  const children = [
    {
      kind: "button",
      cls: "fht-prev",
      disabled: pos <= 0,
      on: { type: "go", to: indices[pos - 1] },
      children: [{ kind: "text", tag: "span", attrs: { "aria-hidden": "true" }, text: "\u25C0 " }, t("Previous")],
    },
    // once a question is answered, the verdict's "Next question" is the one way on (two "Next" buttons
    // side by side read as the same thing with an unclear difference)
    done
      ? null
      : {
          kind: "button",
          cls: "fht-next",
          disabled: pos >= indices.length - 1,
          on: { type: "go", to: indices[pos + 1] },
          children: [t("Skip"), { kind: "text", tag: "span", attrs: { "aria-hidden": "true" }, text: " \u25B6" }],
        },
  ];
  const quiz = source.quiz;
  if (ui.live && !source.review) {
    children.push({ kind: "button", cls: "fht-new", text: t("New question"), on: { type: "newQuestion" } });
    if (Array.isArray(quiz.presets) && quiz.presets.length) {
      const options = quiz.presets.map((p) => (typeof p === "string" ? [p, p] : [p.name, p.title]));
      children.push({ kind: "rules", id: `${s.promptId}-rules`, value: quiz.rules_name, options });
    }
  }
  return { kind: "box", cls: "fht-bar fht-nav", attrs: { role: "group", "aria-label": t("Move between questions") }, children };
}

/** The panel as parts: the round's progress, then the question (or the round's summary), the moves. */
export function quizView(s, source, ui) {
  const { question, done, qid } = s;
  const head = [titlePart(source.quiz.title || t("Quiz")), barPart(s, source, ui.record)];
  if (ui.round.summary) return [...head, summaryPart(s, source, ui)];
  const hints = Array.isArray(question.hints) ? question.hints : [];
  const choiceCards = (Array.isArray(question.choices) ? question.choices : []).map((c) => c.card).filter(Boolean);
  const hand = question.context?.hand;
  const handCodes = Array.isArray(hand) ? hand.map((c) => c?.code) : [];
  let hintPart = null;
  if (!done && hints.length) hintPart = { kind: "ladder", hints, start: ui.hintsSeen[qid] || 0 };
  else if (done?.opened) hintPart = { kind: "read", hints, read: done.opened }; // the hints read before this answer stay above its verdict
  let verdict = null;
  if (done) {
    const words = verdictOf(question, done, { shown: ui.shown[qid] });
    const last = !s.indices.slice(s.pos + 1).some((i) => !ui.round.answers[idOf(source.bank, i)]);
    verdict = {
      kind: "verdict",
      correct: done.correct,
      reason: words.reason,
      answer: words.answer,
      extra: words.revealed ? [] : [{ kind: "button", cls: "fht-show-answer", text: t("Show the answer"), on: { type: "revealAnswer" } }],
      onTryAgain: done.correct ? null : { type: "tryAgain" },
      onContinue: { type: "next" },
      continueLabel: last ? t("See how you did") : t("Next question"),
      // the answer is on screen: going on is the main way, trying again a second one
      continueFirst: words.revealed,
      notes: ui.notes[qid] ? [ui.notes[qid]] : [],
    };
  }
  return [
    ...head,
    { kind: "text", cls: "fht-prompt", attrs: { id: s.promptId }, text: question.prompt },
    contextParts(question.context, question.kind === "cards" ? handCodes : choiceCards),
    answerPart(question, done, { ...s, shown: ui.shown[qid] }),
    { kind: "box", cls: "fht-hint-slot", children: [hintPart] },
    { kind: "box", cls: "fht-verdict-area", children: [ui.moment?.qid === qid ? { kind: "moment", ...ui.moment } : null, verdict] },
    navPart(s, source, ui),
    ui.note
      ? { kind: "status", ...ui.note }
      : { kind: "status", text: ui.statusText || "", failed: ui.statusKind === "restarted" || ui.statusKind === "silent" },
  ];
}

// -------------------------------------------------------------------------------- the reducer

/**
 * Record an answer (or a "Show the answer" before any: response null, a miss): the round, the hint
 * ladder's rung a first miss shows, mastery and the review box (the first answer in a round decides),
 * the model's score (not in the review) and the kernel's copy.
 */
function settle(s, source, ui, response, verdict, { gaveUp = false } = {}) {
  const { qid, index, question } = s;
  const hints = Array.isArray(question.hints) ? question.hints : [];
  const old = ui.round.answers[qid];
  const tries = (old?.tries || 0) + 1;
  const first = old ? old.first : verdict.correct;
  // a first miss shows the next rung of the hint ladder the learner has not read yet (never the answer),
  // or, every rung read already, the last one read again; the rungs read before stay listed (`opened`)
  const opened = ui.hintsSeen[qid] || 0;
  let hint = null;
  let hintsSeen = ui.hintsSeen;
  if (!verdict.correct && !gaveUp && tries < 2 && !ui.shown[qid]) {
    hint = missRung(hints.length, opened);
    if (hint !== null && hint >= opened) hintsSeen = { ...hintsSeen, [qid]: hint + 1 };
  }
  const round = {
    ...ui.round,
    at: index,
    answers: { ...ui.round.answers, [qid]: { response, correct: verdict.correct, first, tries, feedback: verdict.feedback, hint, opened } },
  };
  const record = old ? ui.record : { ...ui.record, mastered: { ...(ui.record.mastered || {}), [qid]: verdict.correct } };
  // the answer that masters the quiz is a moment (said once, above its verdict)
  const size = source.size || source.bank.length;
  const now = quizMastery(record, size, source.passMark);
  const moment =
    !source.review && !old && now.mastered && !quizMastery(ui.record, size, source.passMark).mastered
      ? {
          qid,
          heading: t("Quiz mastered"),
          text: nt("{right} of its questions right at your first try.", "{right} of its questions right at your first try.", now.right, { right: now.right }),
        }
      : ui.moment;
  const out = {
    ui: { ...ui, round, record, hintsSeen, retry: null, focus: "verdict", moment, shown: gaveUp ? { ...ui.shown, [qid]: true } : ui.shown },
    save: true,
    firstAnswer: old ? null : { question, correct: verdict.correct, qid },
    redraw: true,
  };
  if (!source.review) {
    const { score = 0, answered = 0, streak = 0, best_streak = 0 } = s.score;
    const next = verdict.correct ? streak + 1 : 0;
    const counts = old ? {} : { score: score + (verdict.correct ? 1 : 0), answered: answered + 1, streak: next, best_streak: Math.max(next, best_streak) };
    out.set = { ...counts, responses: { ...s.responses, [String(index)]: { response, correct: verdict.correct, first, tries, feedback: verdict.feedback } } };
  }
  return out;
}

/** Move to question `to` (the round remembers where the learner is). */
function go(ui, to, extra = {}) {
  return {
    ui: {
      ...ui,
      ...extra,
      retry: null,
      focus: "prompt",
      moment: null,
      note: ui.note?.ready ? null : ui.note, // "your new question is ready" goes once the learner moves
      round: { ...(extra.round || ui.round), at: to },
    },
    save: true,
    setIndex: to,
    redraw: true,
  };
}

/**
 * What an event changes: {ui, save (the progress), firstAnswer, set (model traits), setIndex, request,
 * reply, redraw}, or null.  Events: submit {response}, showAnswer, revealAnswer, tryAgain, next,
 * go {to}, restart, practise {indices}, answerSkipped {to}, hintUsed {n}, newQuestion,
 * question {reply}, rules {value}, rulesSet {reply}, judged {reply, verdict}.
 */
export function quizReduce(s, source, ui, event) {
  const { qid } = s;
  switch (event.type) {
    case "submit": {
      const verdict = localVerdict(s.question, event.response);
      const out = settle(s, source, ui, event.response, verdict);
      // the kernel records the answer (the widget's `judged`) and judges it again; its verdict may add a line, never replace the one shown
      if (ui.live && ui.host === "kernel" && !source.review)
        Object.assign(out, { request: { type: "answer", index: s.index, response: event.response }, reply: "judged", verdict });
      return out;
    }
    case "judged": {
      const reply = event.reply;
      if (reply?.type !== REPLY.JUDGED || reply.index !== event.asked.index || Boolean(reply.correct) === event.verdict.correct) return null;
      const id = idOf(source.bank, reply.index);
      return { ui: { ...ui, notes: { ...ui.notes, [id]: t("Checked again, this answer reads differently: see the explanation.") } }, redraw: true };
    }
    // the last rung of the hint ladder, the answer when the learner asks: before any answer it counts as
    // a miss (not right at the first try); after a miss it shows the answer to that question
    case "showAnswer":
      if (!s.entry) return settle(s, source, ui, null, { correct: false, feedback: "" }, { gaveUp: true });
      return { ui: { ...ui, shown: { ...ui.shown, [qid]: true }, retry: null, focus: "verdict" }, redraw: true };
    case "revealAnswer":
      return { ui: { ...ui, shown: { ...ui.shown, [qid]: true }, focus: "verdict" }, redraw: true };
    case "tryAgain":
      return { ui: { ...ui, retry: qid, focus: "prompt" }, redraw: true };
    case "hintUsed":
      return { ui: { ...ui, hintsSeen: { ...ui.hintsSeen, [qid]: event.n } } };
    case "next": {
      // onward to the next unanswered question; past the last one, the summary (it lists any skipped
      // ones, with a button to answer them: never a silent jump back to a question skipped earlier)
      const to = s.indices.slice(s.pos + 1).find((i) => !ui.round.answers[idOf(source.bank, i)]);
      if (to === undefined) return { ui: { ...ui, retry: null, focus: "verdict", round: { ...ui.round, summary: true } }, save: true, redraw: true };
      return go(ui, to);
    }
    case "go":
      return event.to === undefined ? null : go(ui, event.to);
    case "restart":
      return { ...go(ui, 0, { round: freshRound() }), restart: true, setIndex: source.index() !== 0 ? 0 : null };
    case "practise":
      return go(ui, event.indices[0], { round: { answers: {}, indices: event.indices, summary: false } });
    case "answerSkipped":
      return go(ui, event.to, { round: { ...ui.round, summary: false } });
    case "newQuestion":
      return {
        // where the learner asked from: the new question is shown at once only if they are still there
        ui: { ...ui, focus: "prompt", asked: { qid, answered: Boolean(s.entry) } },
        request: { type: "new_question", seen: answeredIds(ui.record, ui.round) },
        reply: "question",
      };
    case "question": {
      const reply = event.reply;
      if (reply?.type === REPLY.ERROR) return { ui: { ...ui, note: { text: reply.error, failed: true } }, redraw: true };
      if (reply?.type !== REPLY.QUESTION) return null;
      // asked next, right after the question the learner is at (not at the far end of the round)
      const order = s.indices.filter((i) => i !== reply.index);
      const indices = [...order.slice(0, s.pos + 1), reply.index, ...order.slice(s.pos + 1)];
      const round = { ...ui.round, indices, summary: false };
      const still = !ui.asked || (ui.asked.qid === qid && ui.asked.answered === Boolean(s.entry));
      if (still || ui.round.summary) return go({ ...ui, asked: null }, reply.index, { round });
      // the learner answered or moved on while it came: their verdict stays; the new question comes next
      return {
        ui: { ...ui, asked: null, round, note: { text: t("Your new question is ready: it comes next."), failed: false, ready: true } },
        save: true,
        redraw: true,
      };
    }
    case "rules":
      return {
        ui: { ...ui, focus: "prompt", note: { text: t("Changing the rules…"), failed: false } },
        request: { type: "set_rules", rules: event.value },
        wait: 20000,
        reply: "rulesSet",
        redraw: true,
      };
    case "rulesSet":
      if (event.reply?.type === REPLY.ERROR) return { ui: { ...ui, note: { text: event.reply.error, failed: true } }, redraw: true };
      return { ui: { ...ui, note: null }, redraw: true };
    default:
      return null;
  }
}

// ------------------------------------------------------------------------------ the renderers

/**
 * The numbers typed in a number question's boxes (`values` by field id), read as the response key
 * reads them: {response} (one unnamed box: its number; else {field: number}), or {problem, field}.
 */
export function readWholeNumbers(values, fields) {
  const numbers = {};
  for (const field of fields) {
    const typed = String(values[field.id] ?? "");
    const text = typed.trim().replace("\u2212", "-");
    if (!/^[+-]?\d{1,6}$/.test(text))
      return { problem: t('"{typed}" is not a whole number: write digits, with a minus sign for a loss (e.g. -140).', { typed }), field: field.id };
    numbers[field.id] = Number.parseInt(text, 10);
  }
  return { response: fields.length === 1 && !fields[0].id ? numbers[""] : numbers };
}

function choiceButton(choice, attrs = {}) {
  if (choice.card) {
    const btn = cardEl(choice.card, { button: true, label: choice.words || card(choice.card).name });
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") btn.classList.add(...String(v).split(" ").filter(Boolean));
      else btn.setAttribute(k, v === true ? "" : String(v));
    }
    btn.dataset.choice = choice.id;
    return btn;
  }
  const extra = choice.words && choice.words !== choice.label ? el("span", { class: "fht-muted", text: ` ${choice.words}` }) : null;
  return el("button", { type: "button", class: "fht-choice", "data-choice": choice.id, ...attrs }, el("span", { text: choice.label }), extra);
}

const checkButton = (enabled) => el("button", { type: "button", class: "fht-check", disabled: !enabled, text: t("Check") });

/** The answer area with its controls, and the line that says what to fix in what was typed. */
function answerArea(part, controls, problem = null) {
  const area = el("div", { class: "fht-answer" }, controls);
  const marked = [...area.querySelectorAll("[data-choice]")];
  if (Object.keys(part.marks).length)
    markAnswer(
      marked,
      (b) => part.marks[b.dataset.choice] === "right",
      (b) => part.marks[b.dataset.choice] === "wrong",
    );
  const fragment = document.createDocumentFragment();
  fragment.append(area, problem || el("p", { class: "fht-input-problem", role: "alert", hidden: true }));
  return fragment;
}

function renderChoice(part, r) {
  const group = el("div", { class: "fht-choices", role: "group", "aria-labelledby": part.promptId });
  for (const choice of part.choices) {
    const chosen = part.locked && part.chosen === choice.id;
    group.append(choiceButton(choice, { disabled: part.locked, "aria-pressed": chosen ? "true" : null, class: chosen ? "fht-choice fht-selected" : null }));
  }
  group.addEventListener("click", (event) => {
    const btn = event.target.closest("[data-choice]");
    if (btn && !btn.disabled) r.dispatch({ type: "submit", response: btn.dataset.choice });
  });
  roving(group);
  return answerArea(part, group);
}

/** Several to pick (multi, cards): a pick toggles; Check once the count is right. */
function renderPick(part, r) {
  const group = el("div", { class: "fht-choices", role: "group", "aria-labelledby": part.promptId });
  const picked = new Set(part.picked);
  const status = el("span", { class: "fht-hint" });
  const check = checkButton(false);
  check.addEventListener("click", () => r.dispatch({ type: "submit", response: [...picked] }));
  const refresh = () => {
    status.textContent = part.need
      ? nt("{n} of {need} picked", "{n} of {need} picked", picked.size, { n: picked.size, need: part.need })
      : nt("{n} picked", "{n} picked", picked.size, { n: picked.size });
    check.disabled = part.locked || (part.need ? picked.size !== part.need : picked.size === 0);
  };
  for (const choice of part.choices) {
    const btn = choiceButton(choice, { disabled: part.locked, "aria-pressed": picked.has(choice.id) ? "true" : "false" });
    btn.addEventListener("click", () => {
      if (picked.has(choice.id)) picked.delete(choice.id);
      else picked.add(choice.id);
      btn.setAttribute("aria-pressed", picked.has(choice.id) ? "true" : "false");
      btn.classList.toggle("fht-selected", picked.has(choice.id));
      refresh();
    });
    if (picked.has(choice.id)) btn.classList.add("fht-selected");
    group.append(btn);
  }
  roving(group);
  refresh();
  return answerArea(part, [group, el("div", { class: "fht-bar" }, check, status)]);
}

/** Cards in order, highest first: each click adds the next; Undo takes the last back. */
function renderOrder(part, r) {
  const group = el("div", { class: "fht-choices", role: "group", "aria-labelledby": part.promptId });
  const order = [...part.order];
  const line = el("div", { class: "fht-order-line", "aria-live": "polite" });
  const check = checkButton(false);
  check.addEventListener("click", () => r.dispatch({ type: "submit", response: [...order] }));
  const undo = el("button", { type: "button", class: "fht-undo", text: t("Undo"), disabled: part.locked });
  const labelOf = (id) => (part.choices.find((c) => c.id === id) || { label: id }).label;
  const refresh = () => {
    line.textContent = order.length ? t("Your order: {order}", { order: order.map(labelOf).join(" > ") }) : t("Click the cards from highest to lowest.");
    for (const btn of group.querySelectorAll("[data-choice]")) btn.disabled = part.locked || order.includes(btn.dataset.choice);
    check.disabled = part.locked || order.length !== part.choices.length;
    undo.disabled = part.locked || order.length === 0;
  };
  for (const choice of part.choices) group.append(choiceButton(choice));
  group.addEventListener("click", (event) => {
    const btn = event.target.closest("[data-choice]");
    if (!btn || btn.disabled) return;
    order.push(btn.dataset.choice);
    refresh();
    (group.querySelector("[data-choice]:not([disabled])") || check).focus();
  });
  undo.addEventListener("click", () => {
    order.pop();
    refresh();
  });
  roving(group);
  refresh();
  return answerArea(part, [group, line, el("div", { class: "fht-bar" }, check, undo)]);
}

/** Whole numbers in boxes (a score, a count); a box that is off is outlined and said so. */
function renderNumber(part, r) {
  const problem = el("p", { class: "fht-input-problem", role: "alert", hidden: true });
  const form = el("form", { class: "fht-bar fht-number", "aria-labelledby": part.promptId });
  part.fields.forEach((field, i) => {
    const id = `${part.promptId}-f${i}`;
    const input = el("input", {
      id,
      type: "text",
      // no inputmode "numeric": iOS's number pad has no minus key, and scores can be negative
      autocomplete: "off",
      enterkeyhint: "done",
      value: String(field.value),
      disabled: part.locked,
      "data-field": field.id,
      class: field.invalid ? "fht-wrong-pick" : null,
      "aria-invalid": field.invalid ? "true" : null, // the red outline, for a screen reader too
    });
    // each label stays with its box (a phone wrapped "East–West" onto one line and its box onto the next)
    form.append(el("span", { class: "fht-field" }, el("label", { for: id, text: field.label }), input));
  });
  const check = checkButton(true);
  check.type = "submit";
  check.disabled = part.locked;
  form.append(check);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const inputs = [...form.querySelectorAll("input[data-field]")];
    const read = readWholeNumbers(Object.fromEntries(inputs.map((input) => [input.dataset.field, input.value])), part.fields);
    problem.textContent = read.problem || "";
    problem.hidden = !read.problem;
    if (read.problem) inputs.find((input) => input.dataset.field === String(read.field))?.focus();
    else r.dispatch({ type: "submit", response: read.response });
  });
  return answerArea(part, form, problem);
}

function renderRules(part, r) {
  const select = el(
    "select",
    { id: part.id, class: "fht-rules" },
    part.options.map(([name, text]) => el("option", { value: name, selected: name === part.value, text })),
  );
  select.addEventListener("change", () => r.dispatch({ type: "rules", value: select.value }));
  const fragment = document.createDocumentFragment();
  fragment.append(el("label", { for: part.id, text: t("Rules") }), select);
  return fragment;
}

/** Keys inside a quiz belong to the quiz: JupyterLab must not take Enter (or letters) from it. */
function ownKeys(section) {
  section.addEventListener("focusin", (event) => keepInView(event.target));
  section.addEventListener("keydown", (event) => {
    if (notebookKey(event)) return; // Shift+Enter runs the notebook's cell (JupyterLab then keeps the button unpressed)
    const target = event.target;
    const tag = target?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") {
      event.stopPropagation();
      if (event.key === "Enter" && tag === "INPUT" && target.form) {
        event.preventDefault();
        target.form.requestSubmit();
      }
    } else if (tag === "BUTTON" && (event.key === "Enter" || event.key === " ")) {
      event.stopPropagation();
    }
  });
}

const RENDERERS = {
  ...TABLE_RENDERERS,
  "answer-choice": renderChoice,
  "answer-pick": renderPick,
  "answer-order": renderOrder,
  "answer-number": renderNumber,
  ladder: (part, r) =>
    hintButton(part.hints, {
      start: part.start,
      onUse: (n) => r.dispatch({ type: "hintUsed", n }),
      last: { text: t("Show the answer"), onClick: () => r.dispatch({ type: "showAnswer" }) },
    }).node,
  read: (part) => hintsRead(part.hints, part.read),
  summary: (part, r) =>
    summaryBox({
      ...part,
      onSkipped: () => r.dispatch(part.onSkipped),
      onPractise: () => r.dispatch(part.onPractise),
      onRestart: () => r.dispatch(part.onRestart),
    }).node,
  verdict: renderVerdict,
  moment: momentBox,
  rules: renderRules,
  status: (part) => statusLine(el("p"), part.text, { failed: part.failed }),
};

/** Room kept above a focused control for the book's sticky header (the CSS's scroll-margin-top, 4.5rem). */
const HEADER_ROOM = 72;

/**
 * A control that gets the keyboard's focus is scrolled fully into view: the browser leaves one that is
 * partly on screen where it is (a quiz's first card cut off at the bottom edge of a phone).
 */
export function keepInView(node) {
  if (!node || typeof node.getBoundingClientRect !== "function" || typeof node.scrollIntoView !== "function") return;
  requestAnimationFrame(() => {
    if (document.activeElement !== node) return;
    const box = node.getBoundingClientRect();
    const below = window.innerHeight || document.documentElement.clientHeight;
    if (box.top < HEADER_ROOM || box.bottom > below - 8) node.scrollIntoView({ block: "nearest" });
  });
}

// -------------------------------------------------------------------------------- the runtime

/** Load this widget's progress once per mount (localStorage in the book; the model's traits in JupyterLab). */
function loadProgress(model, state, source) {
  if (state.round && state.loadedFor === source.progressId) return;
  state.loadedFor = source.progressId;
  state.record = source.progressId ? loadWidget(source.progressId) : { mastered: {}, round: null };
  state.round = state.record.round && typeof state.record.round === "object" ? { ...freshRound(), ...state.record.round } : freshRound();
  state.resume = true;
  // JupyterLab: the kernel keeps the answers in `responses` as long as it runs
  const responses = source.review ? {} : model.get("responses") || {};
  for (const [at, done] of Object.entries(responses)) {
    const item = source.bank[Number(at)];
    if (item?.id && done && typeof done === "object" && !state.round.answers[item.id]) {
      state.round.answers[item.id] = {
        response: done.response,
        correct: Boolean(done.correct),
        first: done.first ?? Boolean(done.correct),
        tries: done.tries || 1,
      };
    }
  }
}

function saveProgress(state, source) {
  if (!source.progressId) return;
  state.record = { ...state.record, title: source.quiz.title || t("Quiz"), round: state.round };
  saveWidget(source.progressId, state.record);
}

/** Carry out what the reducer said (`out`): the panel's state, progress, the model, requests, a redraw. */
function apply(model, state, source, out, dispatch) {
  const before = state.moment;
  Object.assign(state, out.ui);
  if (out.restart && source.onRestart) source.onRestart();
  let goal = null;
  if (out.firstAnswer) {
    const { question, correct } = out.firstAnswer;
    if (source.onFirstAnswer) source.onFirstAnswer(question, correct);
    else noteForReview(question, correct, source.quiz.title || "");
    goal = dayGoalMoment(() => noteActivity(1));
  }
  if (out.save) saveProgress(state, source);
  const fresh = Boolean(state.moment) && state.moment !== before;
  if (fresh) state.moment = chapterMoment(state.moment, source.progressId);
  if (goal) state.moment = fresh ? { ...state.moment, lines: [goal] } : { qid: out.firstAnswer.qid, heading: t("Today's goal reached"), text: goal };
  if (out.set) {
    for (const [name, value] of Object.entries(out.set)) model.set(name, value);
    model.save_changes();
  }
  if (out.setIndex !== undefined && out.setIndex !== null) source.setIndex(out.setIndex);
  if (out.request) {
    const asked = out.request;
    // the reply goes to the panel as it is when the reply comes (the learner may have answered or moved
    // on meanwhile), not as it was when asked
    request(model, asked, out.wait ?? 4000, { onStatus: state.onStatus, born: state.born }).then((reply) =>
      (state.dispatch || dispatch)({ type: out.reply, reply, asked, verdict: out.verdict }),
    );
  }
  if (out.redraw) state.redraw?.();
}

/** Count an answer for today; the words of the moment when it reaches the day's goal (null otherwise). */
function dayGoalMoment(count) {
  const was = dayStats();
  count();
  const now = dayStats();
  if (was.met || !now.met) return null;
  return goalReachedWords(now);
}

/**
 * The day's goal reached, in words: the answers and the days-in-a-row streak as the course map says it
 * ("1 day in a row" on the first day too), and what tomorrow makes of it.
 */
export function goalReachedWords(now) {
  const days = Math.max(1, now.streak || 0);
  const streak = `${plural(days, "day in a row")}. ${t("Come back tomorrow to make it {n}.", { n: days + 1 })}`;
  return `${t("Today's goal reached: {answers}.", { answers: plural(now.today, "answer") })} ${streak}`;
}

/** A quiz mastered in the book: when that finishes its chapter, the chapter's moment and the next step. */
function chapterMoment(moment, quizId) {
  const course = pageCourse();
  const chapter = chapterOfQuiz(course, quizId);
  if (!chapter || chapterState(chapter, readStore()).state !== "done" || !markDone(`chapter:${chapter.path}`)) return moment;
  const next = nextStep(courseStates(course), chapter.path);
  const href = (path) => (course.root ? new URL(`${path}.html`, course.root).href : `${path}.html`);
  return { ...moment, chapter: t("Chapter done: {title}.", { title: chapter.title }), next: next ? { title: next.title, href: href(next.path) } : null };
}

/**
 * Draw a quiz into `container`: the question, its answer controls, *Hint*, and after an answer a
 * visible verdict (feedback.js) with *Try again* / *Continue*; at the end of a round a summary.
 * `state` is the mount's state (live host, focus, progress); `source` which questions (modelSource).
 */
export function quizPanel(model, container, state, source = modelSource(model)) {
  container.replaceChildren();
  const section = el("div", { class: "fht-quiz" });
  container.append(section);
  ownKeys(section);
  if (!source.bank.length) {
    section.append(el("p", { text: source.review ? t("Nothing to review yet.") : t("This quiz has no questions.") }));
    return;
  }
  loadProgress(model, state, source);
  Object.assign(state, { shown: state.shown || {}, hintsSeen: state.hintsSeen || {}, notes: state.notes || {} });
  let index = source.index();
  const round = quizRound(source.bank, state.round, index, state.retry);
  if (state.resume) {
    // back after a reload: where the learner was
    state.resume = false;
    const at = resumeAt(source.bank, state.round, round.indices);
    if (at !== null && at !== index) {
      index = at;
      source.setIndex(index);
    }
  }
  const score = Object.fromEntries(["score", "answered", "streak", "best_streak"].map((name) => [name, model.get(name) || 0]));
  const s = { ...quizRound(source.bank, state.round, index, state.retry), promptId: uid("fht-q"), score, responses: model.get("responses") || {} };
  const dispatch = (event) => {
    const out = quizReduce(s, source, state, event);
    if (out) apply(model, state, source, out, dispatch);
  };
  state.dispatch = dispatch;
  section.append(...renderer(RENDERERS, dispatch).all(quizView(s, source, state)));
  const summary = state.round.summary;
  if (state.focus === "verdict") {
    const box = section.querySelector(summary ? ".fht-summary" : ".fht-verdict-area .fht-verdict");
    if (summary) box?.querySelector(".fht-verdict-actions button")?.focus();
    else if (box) focusVerdict(box);
  } else if (state.focus === "prompt" && !summary) {
    section.querySelector(".fht-answer button:not([disabled]), .fht-answer input:not([disabled])")?.focus();
  }
  state.focus = null;
  state.note = null;
}

const QUIZ_TRAITS = ["quiz", "index", "score", "streak", "best_streak", "answered", "responses"];

/**
 * Mount a widget with a quiz panel (mountWidget's options; `draw(root, state)`): redraw when the
 * quiz traits (and `traits`) change, and find out whether a host answers (then: new questions).
 */
export function mountQuiz(host, model, { kind, label, traits = [], draw }) {
  const kernel = kernelOf(model);
  const state = { live: false, host: null, focus: null, redraw: null, retry: null, born: kernel?.id, statusText: "", statusKind: "ok" };
  kernelRestarted(model, state.born); // start watching the kernel for a restart
  state.onStatus = (status, text) => {
    if (state.statusKind === status) return;
    state.statusKind = status;
    state.statusText = text;
    if (status === "restarted") state.live = false;
    state.redraw?.();
  };
  const widget = mountWidget(host, model, {
    kind,
    label,
    traits: [...QUIZ_TRAITS, ...traits],
    draw: (root) => draw(root, state),
    hello: (reply) => {
      state.live = true;
      state.host = reply.host || "kernel";
      widget.redraw();
    },
  });
  state.redraw = widget.redraw;
  const onKernel = (event) => {
    if (event.detail?.model === model) state.onStatus(event.detail.status, event.detail.text);
  };
  window.addEventListener("fht-kernel", onKernel);
  return () => {
    window.removeEventListener("fht-kernel", onKernel);
    widget.dispose();
  };
}
