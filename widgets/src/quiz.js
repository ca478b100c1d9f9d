// Quiz panel shared by the quiz widgets, the bidding ladder and the review.
// Python put every question, answer, explanation, hint and verdict into the model;
// this code only draws, collects the answer, looks the verdict up and keeps the learner's progress.

import { card, cardEl, cardRow } from "./cards.js";
import { el, expect, roving, title, uid } from "./dom.js";
import { hintButton, hintsRead, markAnswer, missReason, missRung, statusLine, summaryBox, verdictBox } from "./feedback.js";
import { bidLabel, contextName, isBidCode, listWords } from "./format.js";
import { kernelOf, kernelRestarted, request } from "./host.js";
import { localVerdict, missedFields, numberMisses } from "./keys.js";
import { checkVersion, mountWidget } from "./mount.js";
import { renderer } from "./parts.js";
import { answeredIds, loadWidget, masteredCount, noteForReview, saveWidget, widgetId } from "./progress.js";
import { contextTrick, TABLE_RENDERERS } from "./table.js";

/** Is this context object a card (the engine's card_info), not a bid or anything else? */
function isCardInfo(v) {
  if (!v || typeof v !== "object" || typeof v.code !== "string" || "trumps" in v) return false;
  try {
    return !v.words || card(v.code).name === v.words;
  } catch (_error) {
    return false;
  }
}

function contextView(context, choiceCards = []) {
  const box = el("div", { class: "fht-context" });
  const same = (value) =>
    Array.isArray(value) && choiceCards.length > 0 && value.length === choiceCards.length && value.every((v) => v && choiceCards.includes(v.code));
  for (const [key, value] of Object.entries(context || {})) {
    if (value === null || value === undefined || key === "count") continue;
    if (same(value)) continue; // the choices show these very cards
    if (value && typeof value === "object" && !Array.isArray(value) && typeof value.format === "string") continue; // a record for programs
    const label = () => el("div", { class: "fht-label", text: contextName(key) });
    if (
      value &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      Object.keys(value).length &&
      Object.values(value).every((v) => Array.isArray(v) && v.every(isCardInfo))
    ) {
      const wrap = el("div", {}, label());
      for (const [who, cards] of Object.entries(value)) {
        wrap.append(
          el("div", { class: "fht-hint", text: who }),
          cardRow(
            cards.map((c) => c.code),
            { label: `${who}: ${cards.map((c) => c.words).join(", ") || "no cards"}` },
          ),
        );
      }
      box.append(wrap);
      continue;
    }
    if (Array.isArray(value) && value.length && value.every((v) => v && typeof v === "object" && typeof v.call === "string")) {
      box.append(el("div", {}, label(), el("span", { text: value.map((v) => `${v.seat ? `${v.seat}: ` : ""}${v.label || bidLabel(v.call)}`).join(", ") })));
      continue;
    }
    if (key === "contract" && typeof value === "object") {
      const trumps = value.trumps ? `${value.trumps} are trumps` : "no trumps";
      box.append(el("div", {}, el("div", { class: "fht-label", text: "Contract" }), el("strong", { text: value.label }), ` (${value.words}; ${trumps})`));
    } else if (Array.isArray(value) && value.length && value.every(isCardInfo)) {
      const wrap = el("div", {}, el("div", { class: "fht-label", text: contextName(key) }));
      if (value.some((v) => v.seat)) {
        wrap.append(renderer(TABLE_RENDERERS).one(contextTrick(contextName(key), value)));
      } else {
        wrap.append(
          cardRow(
            value.map((v) => v.code),
            { label: `${contextName(key)}: ${value.map((v) => v.words || card(v.code).name).join(", ")}` },
          ),
        );
      }
      box.append(wrap);
    } else if (Array.isArray(value) && value.length === 0) {
      box.append(el("div", {}, el("div", { class: "fht-label", text: contextName(key) }), el("span", { class: "fht-muted", text: "none yet" })));
    } else if (Array.isArray(value) && value.length && value.every((v) => typeof v === "string" && isBidCode(v))) {
      box.append(el("div", {}, el("div", { class: "fht-label", text: contextName(key) }), el("span", { text: value.map(bidLabel).join("  ") })));
    } else if (value && typeof value === "object" && typeof value.code === "string" && (value.words || value.label)) {
      if (isCardInfo(value)) {
        const extra = [value.winner ? `won by ${value.winner}` : "", value.source ? `from the ${value.source}` : ""].filter(Boolean).join(", ");
        box.append(
          el(
            "div",
            {},
            el("div", { class: "fht-label", text: contextName(key) }),
            cardRow([value.code], { label: value.words + (extra ? `, ${extra}` : "") }),
            extra ? el("div", { class: "fht-hint", text: extra }) : null,
          ),
        );
      } else {
        box.append(
          el(
            "div",
            {},
            el("div", { class: "fht-label", text: contextName(key) }),
            el("strong", { text: value.label || value.code }),
            value.words && value.words !== value.label ? ` (${value.words})` : null,
          ),
        );
      }
    } else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      box.append(el("div", {}, el("div", { class: "fht-label", text: contextName(key) }), el("span", { text: String(value) })));
    } else if (value && typeof value === "object" && typeof value.summary === "string") {
      box.append(el("div", {}, el("div", { class: "fht-label", text: key === "hand" ? "This hand" : contextName(key) }), el("span", { text: value.summary })));
    } else if (Array.isArray(value) && value.every((v) => v && typeof v === "object" && typeof v.label === "string")) {
      // bids or other labelled items: their labels, as a learner reads them (never codes)
      box.append(el("div", {}, el("div", { class: "fht-label", text: contextName(key) }), el("span", { text: value.map((v) => v.label).join(", ") })));
    } else if (Array.isArray(value) || typeof value === "object") {
      const parts = Array.isArray(value)
        ? value.map((v) => (typeof v === "object" ? Object.values(v).join(" ") : String(v)))
        : Object.entries(value).map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
      box.append(el("div", {}, el("div", { class: "fht-label", text: contextName(key) }), el("span", { text: parts.join("; ") })));
    }
  }
  return box;
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

/**
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
    review: false,
  };
}

/** The round in progress: answers by question id, the indices asked (null: all), summary shown. */
function freshRound() {
  return { answers: {}, indices: null, summary: false };
}

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
  state.record = { ...state.record, title: source.quiz.title || "Quiz", round: state.round };
  saveWidget(source.progressId, state.record);
}

/** The learner's wrong pick marked among the answer controls; the right answer highlighted once `revealed`. */
function highlight(question, answerArea, response, revealed = true) {
  const kind = question.kind;
  const buttons = [...answerArea.querySelectorAll("[data-choice]")];
  if (kind === "choice") {
    markAnswer(
      buttons,
      (b) => revealed && b.dataset.choice === question.answer,
      (b) => b.dataset.choice === response,
    );
  } else if (kind === "multi") {
    const right = new Set(question.answer || []);
    const picked = new Set(Array.isArray(response) ? response : []);
    markAnswer(
      buttons,
      (b) => revealed && right.has(b.dataset.choice),
      (b) => picked.has(b.dataset.choice) && !right.has(b.dataset.choice),
    );
  } else if (kind === "cards") {
    const example = new Set(question.answer?.example || []);
    const forbidden = new Set(question.answer?.forbidden || []);
    const picked = new Set(Array.isArray(response) ? response : []);
    markAnswer(
      buttons,
      (b) => revealed && example.has(b.dataset.choice),
      (b) => picked.has(b.dataset.choice) && forbidden.has(b.dataset.choice),
    );
  } else if (kind === "number" && response !== null) {
    const missed = new Set(missedFields(question, response).map((f) => String(f.id)));
    for (const input of answerArea.querySelectorAll("input[data-field]")) {
      if (!missed.has(input.dataset.field)) continue;
      input.classList.add("fht-wrong-pick");
      input.setAttribute("aria-invalid", "true"); // the red outline, for a screen reader too
    }
  }
}

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

/** Keys inside a quiz belong to the quiz: JupyterLab must not take Enter (or letters) from it. */
function ownKeys(section) {
  section.addEventListener("focusin", (event) => keepInView(event.target));
  section.addEventListener("keydown", (event) => {
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

/**
 * Draw a quiz into `container`: the question, its answer controls, *Hint*, and after an answer a
 * visible verdict (feedback.js) with *Try again* / *Continue*; at the end of a round a summary.
 * `state` is the mount's state (live host, focus, progress); `source` which questions (modelSource).
 */
export function quizPanel(model, container, state, source = modelSource(model)) {
  const { quiz, bank } = source;
  container.replaceChildren();
  const section = el("div", { class: "fht-quiz" });
  container.append(section);
  ownKeys(section);
  if (!bank.length) {
    section.append(el("p", { text: source.review ? "Nothing to review yet." : "This quiz has no questions." }));
    return;
  }
  loadProgress(model, state, source);
  const round = state.round;
  const all = bank.map((_q, i) => i);
  const asked = (Array.isArray(round.indices) ? round.indices : []).filter((i) => Number.isInteger(i) && i >= 0 && i < bank.length);
  // a practice round over questions a new bank no longer has (new rules): all of them again
  const indices = asked.length ? asked : all;
  let index = source.index();
  if (state.resume) {
    // back after a reload: where the learner was
    state.resume = false;
    if (Number.isInteger(round.at) && indices.includes(round.at) && round.at !== index) {
      index = round.at;
      source.setIndex(index);
    }
  }
  if (!indices.includes(index)) index = indices[0];
  const pos = indices.indexOf(index);
  const question = expect(bank[index], "object", `question ${index + 1}`);
  expect(question.prompt, "string", "question prompt");
  const qid = question.id || `#${index}`;
  const entry = round.answers[qid];
  const retrying = state.retry === qid;
  const done = entry && !retrying ? entry : null;
  const promptId = uid("fht-q");
  const answeredInRound = indices.filter((i) => round.answers[bank[i].id || `#${i}`]);
  const firstRight = answeredInRound.filter((i) => round.answers[bank[i].id || `#${i}`].first).length;

  section.append(title(quiz.title || "Quiz"));
  const bar = el("div", { class: "fht-bar" });
  bar.append(el("span", { class: "fht-progress", text: `Question ${pos + 1} of ${indices.length}` }));
  const scoreWords = answeredInRound.length ? `Right at the first try: ${firstRight} of ${answeredInRound.length}` : "No answers yet";
  bar.append(el("span", { class: "fht-score", "data-score": firstRight, text: scoreWords }));
  if (!source.review) {
    const mastered = masteredCount(state.record, bank);
    bar.append(el("span", { class: "fht-mastered", "data-mastered": mastered, text: `Mastered ${mastered} of ${bank.length}` }));
  }
  section.append(bar);

  const restart = () => {
    state.round = freshRound();
    state.retry = null;
    if (source.onRestart) source.onRestart();
    saveProgress(state, source);
    state.focus = "prompt";
    if (source.index() !== 0) source.setIndex(0);
    state.redraw?.();
  };

  if (round.summary) {
    const missed = indices.filter((i) => round.answers[bank[i].id || `#${i}`] && !round.answers[bank[i].id || `#${i}`].first);
    const skipped = indices.filter((i) => !round.answers[bank[i].id || `#${i}`]);
    const summary = summaryBox({
      score: firstRight,
      total: indices.length,
      missed: missed.map((i) => ({ prompt: bank[i].prompt, answer: bank[i].answer_words || "" })),
      skipped: skipped.map((i) => ({ prompt: bank[i].prompt })),
      onSkipped: () => {
        round.summary = false;
        round.at = skipped[0];
        state.retry = null;
        saveProgress(state, source);
        state.focus = "prompt";
        source.setIndex(skipped[0]);
        state.redraw?.();
      },
      note: source.review ? "" : `Mastered ${masteredCount(state.record, bank)} of ${bank.length} in this quiz.`,
      onPractise: () => {
        state.round = { answers: {}, indices: missed, summary: false };
        state.retry = null;
        saveProgress(state, source);
        state.focus = "prompt";
        source.setIndex(missed[0]);
        state.redraw?.();
      },
      onRestart: restart,
    });
    section.append(summary.node);
    if (state.focus === "verdict") summary.focus();
    state.focus = null;
    return;
  }

  section.append(el("p", { class: "fht-prompt", id: promptId, text: question.prompt }));
  const choiceCards = (Array.isArray(question.choices) ? question.choices : []).map((c) => c.card).filter(Boolean);
  const hand = question.context?.hand;
  const handCodes = Array.isArray(hand) ? hand.map((c) => c?.code) : [];
  section.append(contextView(question.context, question.kind === "cards" ? handCodes : choiceCards));

  const answerArea = el("div", { class: "fht-answer" });
  const verdictArea = el("div", { class: "fht-verdict-area" });
  const problem = el("p", { class: "fht-input-problem", role: "alert", hidden: true });
  section.append(answerArea, problem);
  const hints = Array.isArray(question.hints) ? question.hints : [];
  state.hintsSeen = state.hintsSeen || {};
  const hintSlot = el("div", { class: "fht-hint-slot" });
  section.append(hintSlot, verdictArea);
  const showProblem = (text) => {
    problem.textContent = text;
    problem.hidden = !text;
  };

  const next = () => {
    state.retry = null;
    // Onward to the next unanswered question; past the last one, the summary (it lists any skipped
    // ones, with a button to answer them: never a silent jump back to a question skipped earlier).
    const to = indices.slice(pos + 1).find((i) => !round.answers[bank[i].id || `#${i}`]);
    state.focus = "prompt";
    if (to !== undefined) round.at = to;
    if (to === undefined) {
      round.summary = true;
      saveProgress(state, source);
      state.focus = "verdict";
      state.redraw?.();
    } else {
      saveProgress(state, source);
      source.setIndex(to);
      state.redraw?.();
    }
  };

  // Record an answer (or a "Show the answer" before any: response null, a miss) and draw its verdict.
  const settle = (response, verdict, { gaveUp = false } = {}) => {
    const old = round.answers[qid];
    const tries = (old?.tries || 0) + 1;
    const first = old ? old.first : verdict.correct;
    // a first miss shows the next rung of the hint ladder the learner has not read yet (never the answer),
    // or, every rung read already, the last one read again; the rungs read before stay listed (`opened`)
    const opened = state.hintsSeen[qid] || 0;
    let hint = null;
    if (!verdict.correct && !gaveUp && tries < 2 && !state.shown?.[qid]) {
      hint = missRung(hints.length, opened);
      if (hint !== null && hint >= opened) state.hintsSeen = { ...state.hintsSeen, [qid]: hint + 1 };
    }
    round.answers[qid] = { response, correct: verdict.correct, first, tries, feedback: verdict.feedback, hint, opened };
    round.at = index;
    state.retry = null;
    state.focus = "verdict";
    if (gaveUp) state.shown = { ...(state.shown || {}), [qid]: true };
    if (!old) {
      // the first answer to this question in this round decides mastery and the review box
      state.record.mastered = { ...(state.record.mastered || {}), [qid]: verdict.correct };
      if (source.onFirstAnswer) source.onFirstAnswer(question, verdict.correct);
      else noteForReview(question, verdict.correct, quiz.title || "");
    }
    saveProgress(state, source);
    const all = { ...(model.get("responses") || {}) };
    if (!source.review) {
      if (!old) {
        const streak = verdict.correct ? (model.get("streak") || 0) + 1 : 0;
        model.set("score", (model.get("score") || 0) + (verdict.correct ? 1 : 0));
        model.set("answered", (model.get("answered") || 0) + 1);
        model.set("streak", streak);
        model.set("best_streak", Math.max(streak, model.get("best_streak") || 0));
      }
      all[String(index)] = { response, correct: verdict.correct, first, tries, feedback: verdict.feedback };
      model.set("responses", all);
      model.save_changes();
    }
    state.redraw?.();
  };

  const submit = (response) => {
    const verdict = localVerdict(question, response);
    settle(response, verdict);
    if (state.live && state.host === "kernel" && !source.review) {
      // the kernel records the answer (the widget's `judged`) and judges it again; its verdict may add a line, never replace the one shown
      request(model, { type: "answer", index, response }, 4000, { onStatus: state.onStatus, born: state.born }).then((reply) => {
        if (reply?.type !== "judged" || reply.index !== index) return;
        if (Boolean(reply.correct) !== verdict.correct) {
          state.notes = { ...(state.notes || {}), [qid]: "Checked again, this answer reads differently: see the explanation." };
          state.redraw?.();
        }
      });
    }
  };

  // The last rung of the hint ladder: the answer, when the learner asks for it.  Before any answer it
  // counts as a miss (not right at the first try); after a miss it shows the answer to that question.
  const showAnswer = () => {
    if (entry) {
      state.shown = { ...(state.shown || {}), [qid]: true };
      state.retry = null;
      state.focus = "verdict";
      state.redraw?.();
    } else settle(null, { correct: false, feedback: "" }, { gaveUp: true });
  };
  if (!done && hints.length) {
    const ladder = hintButton(hints, {
      start: state.hintsSeen[qid] || 0,
      onUse: (n) => {
        state.hintsSeen = { ...state.hintsSeen, [qid]: n };
      },
      last: { text: "Show the answer", onClick: showAnswer },
    });
    hintSlot.append(ladder.node);
  } else if (done) {
    // the hints read before this answer stay where they were, above its verdict
    const read = hintsRead(hints, done.opened);
    if (read) hintSlot.append(read);
  }

  const choices = Array.isArray(question.choices) ? question.choices : [];
  const group = el("div", { class: "fht-choices", role: "group", "aria-labelledby": promptId });
  const checkBtn = (enabled, onClick) =>
    el("button", { type: "button", class: "fht-check", disabled: !enabled || Boolean(done), onclick: onClick, text: "Check" });
  const kind = question.kind;
  if (kind === "choice") {
    for (const choice of choices) {
      const chosen = done && done.response === choice.id;
      group.append(choiceButton(choice, { disabled: Boolean(done), "aria-pressed": chosen ? "true" : null, class: chosen ? "fht-choice fht-selected" : null }));
    }
    group.addEventListener("click", (event) => {
      const btn = event.target.closest("[data-choice]");
      if (btn && !btn.disabled) submit(btn.dataset.choice);
    });
    roving(group);
    answerArea.append(group);
  } else if (kind === "multi" || kind === "cards") {
    const pool = kind === "cards" ? (Array.isArray(hand) ? hand : []).map((c) => ({ id: c.code, label: c.label, words: c.words, card: c.code })) : choices;
    const picked = new Set(done ? done.response : []);
    const need = kind === "cards" ? Number(question.context?.count || 0) : 0;
    const status = el("span", { class: "fht-hint" });
    const check = checkBtn(false, () => submit([...picked]));
    const refresh = () => {
      status.textContent = need ? `${picked.size} of ${need} picked` : `${picked.size} picked`;
      check.disabled = Boolean(done) || (need ? picked.size !== need : picked.size === 0);
    };
    for (const choice of pool) {
      const btn = choiceButton(choice, { disabled: Boolean(done), "aria-pressed": picked.has(choice.id) ? "true" : "false" });
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
    answerArea.append(group, el("div", { class: "fht-bar" }, check, status));
  } else if (kind === "order") {
    const order = done ? [...done.response] : [];
    const line = el("div", { class: "fht-order-line", "aria-live": "polite" });
    const check = checkBtn(false, () => submit([...order]));
    const undo = el("button", { type: "button", class: "fht-undo", text: "Undo", disabled: Boolean(done) });
    const labelOf = (id) => (choices.find((c) => c.id === id) || { label: id }).label;
    const refresh = () => {
      line.textContent = order.length ? `Your order: ${order.map(labelOf).join(" > ")}` : "Click the cards from highest to lowest.";
      for (const btn of group.querySelectorAll("[data-choice]")) btn.disabled = Boolean(done) || order.includes(btn.dataset.choice);
      check.disabled = Boolean(done) || order.length !== choices.length;
      undo.disabled = Boolean(done) || order.length === 0;
    };
    for (const choice of choices) group.append(choiceButton(choice));
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
    answerArea.append(group, line, el("div", { class: "fht-bar" }, check, undo));
  } else if (kind === "number") {
    const fields = Array.isArray(question.fields) && question.fields.length ? question.fields : [{ id: "", label: "Answer" }];
    const inputs = [];
    const form = el("form", { class: "fht-bar fht-number", "aria-labelledby": promptId });
    fields.forEach((field, i) => {
      const id = `${promptId}-f${i}`;
      const prior = done ? (field.id ? done.response?.[field.id] : done.response) : "";
      const input = el("input", {
        id,
        type: "text",
        // no inputmode "numeric": iOS's number pad has no minus key, and scores can be negative
        autocomplete: "off",
        enterkeyhint: "done",
        value: prior === undefined ? "" : String(prior),
        disabled: Boolean(done),
        "data-field": field.id,
      });
      inputs.push(input);
      // each label stays with its box (a phone wrapped "East–West" onto one line and its box onto the next)
      form.append(el("span", { class: "fht-field" }, el("label", { for: id, text: field.label || "Answer" }), input));
    });
    const check = checkBtn(true, null);
    check.type = "submit";
    form.append(check);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const values = {};
      for (const input of inputs) {
        const text = input.value.trim().replace("\u2212", "-");
        if (!/^[+-]?\d{1,6}$/.test(text)) {
          showProblem(`"${input.value}" is not a whole number: write digits, with a minus sign for a loss (e.g. -140).`);
          input.focus();
          return;
        }
        values[input.dataset.field] = Number.parseInt(text, 10);
      }
      showProblem("");
      submit(fields.length === 1 && !fields[0].id ? values[""] : values);
    });
    answerArea.append(form);
  } else {
    throw new Error(`question ${index + 1} has an unknown kind "${kind}"`);
  }

  let box = null;
  if (done) {
    const last = !indices.slice(pos + 1).some((i) => !round.answers[bank[i].id || `#${i}`]);
    const why = question.explanation || "";
    // A first wrong answer: what was chosen and a hint to think with (the next rung not read yet, or the
    // last one read again: never a bare "You chose …"), not yet the answer (the explanation often names
    // it), so "Try again" is a real second try; the answer and the explanation after a second miss, or
    // when the learner asks.
    const revealed = done.correct || (done.tries || 1) >= 2 || Boolean(state.shown?.[qid]);
    // progress saved before the ladder: the principle; saved when a miss with every rung read showed none: the last
    const rung = Number.isInteger(done.hint) ? done.hint : missRung(hints.length, done.hint === undefined ? 0 : hints.length);
    // which boxes of a number question are off, in words (their outlines say it only to the eye)
    const misses = done.correct ? [] : numberMisses(question, done.response);
    const feedback = [misses.length ? `Not right yet: ${listWords(misses)}.` : "", done.feedback].filter(Boolean).join(" ");
    const reason = done.correct
      ? why
      : revealed
        ? [feedback, why].filter(Boolean).join(" ")
        : missReason(feedback, rung === null ? "" : hints[rung], { repeated: rung !== null && rung < (done.opened || 0) });
    const answerButton = revealed
      ? null
      : el("button", {
          type: "button",
          class: "fht-show-answer",
          text: "Show the answer",
          onclick: () => {
            state.shown = { ...(state.shown || {}), [qid]: true };
            state.focus = "verdict";
            state.redraw?.();
          },
        });
    box = verdictBox({
      correct: done.correct,
      reason,
      answer: done.correct || !revealed ? "" : question.answer_words || "",
      extra: [answerButton],
      onTryAgain: done.correct
        ? null
        : () => {
            state.retry = qid;
            state.focus = "prompt";
            state.redraw?.();
          },
      onContinue: next,
      continueLabel: last ? "See how you did" : "Next question",
    });
    if (state.notes?.[qid]) box.addNote(state.notes[qid]);
    verdictArea.append(box.node);
    if (!done.correct) highlight(question, answerArea, done.response, revealed);
    else markAnswer([...answerArea.querySelectorAll("[data-choice]")], () => false);
  }

  const go = (to) => {
    state.retry = null;
    state.focus = "prompt";
    state.round.at = to;
    saveProgress(state, source);
    source.setIndex(to);
    state.redraw?.();
  };
  // Moving between questions: back to the one before, or past this one without answering ("Skip"); once
  // this one is answered, the verdict's "Next question" is the one way on (two "Next" buttons side by side
  // read as the same thing with an unclear difference).
  const nav = el("div", { class: "fht-bar fht-nav", role: "group", "aria-label": "Move between questions" });
  nav.append(
    el(
      "button",
      { type: "button", class: "fht-prev", disabled: pos <= 0, onclick: () => go(indices[pos - 1]) },
      el("span", { "aria-hidden": "true", text: "\u25C0 " }),
      "Previous",
    ),
  );
  if (!done)
    nav.append(
      el(
        "button",
        { type: "button", class: "fht-next", disabled: pos >= indices.length - 1, onclick: () => go(indices[pos + 1]) },
        "Skip",
        el("span", { "aria-hidden": "true", text: " \u25B6" }),
      ),
    );
  const status = statusLine(el("p"), state.statusText || "", { failed: state.statusKind === "restarted" || state.statusKind === "silent" });
  if (state.live && !source.review) {
    nav.append(
      el("button", {
        type: "button",
        class: "fht-new",
        text: "New question",
        onclick: () => {
          state.focus = "prompt";
          request(model, { type: "new_question", seen: answeredIds(state.record, state.round) }, 4000, { onStatus: state.onStatus, born: state.born }).then(
            (reply) => {
              if (reply && reply.type === "question") {
                if (Array.isArray(state.round.indices)) state.round.indices = [...state.round.indices, reply.index];
                state.round.summary = false;
                go(reply.index);
              } else if (reply && reply.type === "error") statusLine(status, reply.error, { failed: true });
            },
          );
        },
      }),
    );
    if (Array.isArray(quiz.presets) && quiz.presets.length) {
      const id = `${promptId}-rules`;
      const select = el(
        "select",
        { id, class: "fht-rules" },
        quiz.presets.map((p) => {
          const name = typeof p === "string" ? p : p.name;
          return el("option", { value: name, selected: name === quiz.rules_name, text: typeof p === "string" ? p : p.title });
        }),
      );
      select.addEventListener("change", () => {
        state.focus = "prompt";
        statusLine(status, "Changing the rules\u2026");
        request(model, { type: "set_rules", rules: select.value }, 20000, { onStatus: state.onStatus, born: state.born }).then((reply) => {
          if (reply && reply.type === "error") {
            statusLine(status, reply.error, { failed: true });
            select.value = quiz.rules_name;
          } else statusLine(status, "");
        });
      });
      nav.append(el("label", { for: id, text: "Rules" }), select);
    }
  }
  section.append(nav, status);

  if (state.focus === "verdict" && box) box.focus();
  else if (state.focus === "prompt") {
    const first = section.querySelector(".fht-answer button:not([disabled]), .fht-answer input:not([disabled])");
    if (first) first.focus();
  }
  state.focus = null;
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
