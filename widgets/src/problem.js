// PlayProblem: play one seat of a problem deal.  Book: precomputed verdicts along the
// recorded line.  JupyterLab and the live book: every card goes to Python (handlers.problem),
// which judges it, answers for the other seats, takes a card back, and gives hints.
// The verdict is a visible panel under the hand (feedback.js); the words are Python's.
// problemView draws the learner's state as parts, problemReduce says what an event (and a reply from
// Python) changes: both pure, tested in widgets/tests/problem.test.js; the renderers and the runtime
// (requests, the keyboard) are below.

import { markCards } from "./cards.js";
import { el, expect, roving } from "./dom.js";
import { focusVerdict, renderVerdict } from "./feedback.js";
import { playWords } from "./format.js";
import { request } from "./host.js";
import { t } from "./language.js";
import { checkVersion, mountWidget } from "./mount.js";
import { renderer, titlePart } from "./parts.js";
import { PROBLEM_STATUS, REPLY } from "./protocol.js";
import { cardPart, handPart, slotPart, TABLE_RENDERERS, trickPart } from "./table.js";

const bestLineIntro = () => t("How the best play goes from there");

/** The trick on the table, each card under its player's name (none yet: the lead is the learner's). */
export function problemTrick(names, trick) {
  if (!trick.length) return { kind: "text", cls: "fht-muted fht-problem-lead", text: t("No card on the table: the lead is yours.") };
  const slots = trick.map(([seat, code]) => slotPart(seat, code, { caption: names[seat], small: true }));
  return trickPart(slots, { cls: "fht-trick fht-problem-trick", label: t("Cards played to this trick"), wrap: false });
}

/**
 * The learner's hand: the legal cards are buttons while a card may be chosen; after a verdict the
 * chosen card and the best one(s) marked (a right pick as right).
 */
export function problemHand(view, names, { legal, playable, verdict }) {
  const best = verdict ? (verdict.good ? [verdict.code] : verdict.best || []) : [];
  const mark = (code) => (best.includes(code) ? "right" : verdict && code === verdict.code ? "wrong" : null);
  const cards = view.hand.map((code) =>
    cardPart(code, {
      button: true,
      disabled: !playable || !legal.includes(code),
      bower: Boolean(view.left_bower) && code === view.left_bower,
      mark: mark(code),
      on: { type: "choose" },
    }),
  );
  return handPart(cards, t("Your hand ({seat})", { seat: names[view.seat] }));
}

// ---------------------------------------------------------------------------------- the state

/**
 * The widget's own state at the start: book mode (the saved verdicts) until a host answers "hello".
 * step: the saved step shown (book); live: the position Python holds; verdict: the pick judged;
 * shown: the table as it was while the verdict shows; pending: Python's position after the pick;
 * asking: the table when a card went to Python; misses: wrong picks at this decision.
 */
export function freshProblemUi() {
  return {
    step: 0,
    verdict: null,
    waiting: false,
    live: null,
    book: true,
    hints: null,
    hintsShown: 0,
    shown: null,
    error: "",
    pending: null,
    misses: 0,
    revealed: false,
    asking: null,
  };
}

/** What a new decision starts without: no verdict, no hints, no error. */
const FRESH = { verdict: null, shown: null, hints: null, hintsShown: 0, error: "", errorHeading: "", revealed: false };

/** The problem's data, checked: a readable Error on bad data. */
export function checkedProblem(data) {
  expect(data, "object", "problem data");
  checkVersion(data, "play problem");
  expect(data.steps, "array", "steps");
  expect(data.seat_names, "array", "seat names");
  return data;
}

/** What the learner sees now: the saved step (book) or the live state, or the view kept while a verdict shows. */
export function problemNow(data, ui) {
  if (ui.shown) return ui.shown;
  if (ui.live)
    return { view: ui.live.view, legal: ui.live.legal, prompt: ui.live.prompt, done: ui.live.status === PROBLEM_STATUS.DONE, result: ui.live.result };
  const steps = data.steps;
  if (ui.step < steps.length) {
    const step = steps[ui.step];
    return { view: step.view, legal: Object.keys(step.choices), prompt: step.prompt, done: false, step };
  }
  return { view: null, legal: [], prompt: null, done: true, result: data.result };
}

/** A position Python holds (its state, or a reply): the view, the legal plays, the status, prompt and result. */
const position = (from, over = {}) => ({ view: from.view, legal: from.legal, status: from.status, prompt: from.prompt, result: from.result, ...over });

/** Is the answer shown: a right pick, a second miss, or *Show the answer*.  A first miss holds it back. */
const revealed = (ui) => Boolean(ui.verdict) && Boolean(ui.verdict.good || ui.misses >= 2 || ui.revealed);

// ---------------------------------------------------------------------------------- the view

/** The parts of the problem now (pure): the data checked, then the table, the verdict, the end. */
export function problemView(data, ui) {
  checkedProblem(data);
  const now = problemNow(data, ui);
  const contract = now.view?.contract_label || data.contract_label || data.contract;
  return [
    titlePart(data.title || t("Play problem")),
    data.intro ? { kind: "text", cls: "fht-context fht-problem-intro", text: data.intro } : null,
    { kind: "text", cls: "fht-context", text: t("Contract {contract}. You play {seat}.", { contract, seat: data.seat_name }) },
    now.view ? tableParts(now, data.seat_names, ui) : [],
    ui.verdict ? verdictPart(ui) : null,
    ui.error ? { kind: "verdict", correct: null, heading: ui.errorHeading || t("That card cannot be played"), reason: ui.error } : null,
    now.done && !ui.verdict ? donePart(now) : null,
  ];
}

/** The trick, the tricks so far, the question, the hand, the other ways to play, the hints. */
function tableParts(now, names, ui) {
  const { view, legal } = now;
  const answered = Boolean(ui.verdict);
  // a first miss holds the answer back (the better card, its marks, the line that beats the card), as the
  // quizzes do: Try again is then a real second try; a second miss or *Show the answer* shows it
  const verdict = answered && !revealed(ui) ? { ...ui.verdict, best: [] } : ui.verdict;
  const playable = !ui.waiting && !answered && !now.done;
  const special = legal.filter((c) => c.includes(":"));
  // the other ways to play marked as the hand's cards are: a right pick as right, else the best one(s) and the pick
  const marks = answered ? { best: verdict.good ? [verdict.code] : verdict.best || [], picked: ui.verdict.code } : null;
  const tricks = view.tricks_won.map((n, s) => `${names[s]} ${n}`).join(", ");
  return [
    problemTrick(names, view.trick),
    { kind: "text", cls: "fht-muted", text: t("Tricks so far: {tricks}.", { tricks }) },
    !now.done && !answered ? { kind: "text", cls: "fht-label fht-problem-question", text: now.prompt || t("Your turn: choose a card.") } : null,
    problemHand(view, names, { legal: legal.filter((c) => !c.includes(":")), playable, verdict }),
    special.length && !now.done
      ? { kind: "choices", label: t("Other ways to play"), buttons: special.map((code) => ({ code, words: playWords(code) })), disabled: !playable, marks }
      : null,
    !answered && !now.done ? hintPart(ui) : null,
  ];
}

/** *Hint*: first a principle, then the card (from Python: saved in the book, asked for when live). */
function hintPart(ui) {
  const more = ui.hintsShown < 2;
  const lines = (ui.hints || []).slice(0, ui.hintsShown).map((text) => ({ kind: "text", tag: "li", cls: "fht-hint-line", text }));
  return {
    kind: "box",
    cls: "fht-hint-area",
    children: [
      {
        kind: "button",
        cls: "fht-hint-btn",
        disabled: !more || ui.waiting,
        text: ui.hintsShown === 0 ? t("Hint") : more ? t("Show the card") : t("No more hints"),
        on: { type: "hint" },
      },
      ui.hintsShown ? { kind: "box", tag: "ol", cls: "fht-hints", children: lines } : null,
    ],
  };
}

/** The verdict on the pick: why, and (once shown) the answer and the line that beats the card. */
function verdictPart(ui) {
  const v = ui.verdict;
  const shown = revealed(ui);
  const line = shown && v.line?.length ? t("{intro}: {line}.", { intro: v.lineIntro || bestLineIntro(), line: v.line.join("; ") }) : "";
  return {
    kind: "verdict",
    correct: v.good,
    reason: shown ? v.reason : v.held || v.reason,
    answer: v.good || !shown ? "" : v.answer,
    detail: line,
    onTryAgain: v.good ? null : { type: "tryAgain" },
    onContinue: { type: "next" },
    continueLabel: v.good ? t("Continue") : t("Keep this card and continue"),
    extra: shown ? [] : [{ kind: "button", cls: "fht-show-answer", text: t("Show the answer"), on: { type: "showAnswer" } }],
    notes: [
      // the line already plays out this trick: the other seats' answers are not said twice
      v.after && !line ? v.after : "",
      // the card the deal went on with is often the answer: named once the answer is shown
      v.note ? (shown ? v.note : t("Continue goes on as in the deal.")) : "",
    ],
  };
}

/** The end of the problem: its result, and *Start again*. */
function donePart(now) {
  return {
    kind: "box",
    cls: "fht-verdict fht-verdict-note fht-problem-done",
    attrs: { role: "status" },
    children: [
      { kind: "text", cls: "fht-verdict-reason", text: now.result || t("The problem is finished.") },
      { kind: "box", cls: "fht-verdict-actions", children: [{ kind: "button", cls: "fht-restart", text: t("Start again"), on: { type: "restart" } }] },
    ],
  };
}

// -------------------------------------------------------------------------------- the reducer

/** A verdict from Python (handlers.problem's `verdict` reply) on the card `code`. */
function liveVerdict(reply, code) {
  return {
    code,
    good: reply.verdict === "best",
    reason: reply.annotation,
    held: reply.reason || "",
    answer: (reply.best_words || []).join(" or "),
    best: reply.best || [],
    line: reply.line || [],
    lineIntro: reply.line_intro || "",
    after: reply.answered_with?.length ? t("Then: {plays}.", { plays: reply.answered_with.join(", ") }) : "",
  };
}

/** A verdict from the saved step on the card `code` (its `choice`). */
function bookVerdict(step, code, choice) {
  return {
    code,
    good: choice.verdict === "best",
    reason: choice.annotation,
    held: choice.reason || "",
    answer: (step.best || []).map((c) => step.choices[c]?.card || playWords(c)).join(" or "),
    best: step.best || [],
    line: choice.line || [],
    lineIntro: choice.line_intro || "",
    note: step.played === code ? "" : t("Continue goes on as in the deal, where {card} was played.", { card: step.played_words || playWords(step.played) }),
  };
}

/** The pick judged: the verdict shows (a miss counted) and takes the keyboard. */
const judged = (ui, verdict) => ({ ui: { ...ui, verdict, misses: ui.misses + (verdict.good ? 0 : 1) }, draw: true, focus: "verdict" });

/** Judge `code` from the saved step (the table `before` kept while the verdict shows); a card it has no verdict for: nothing. */
function judgeFromBook(data, ui, code, before) {
  const step = data.steps[ui.step];
  const choice = step?.choices[code];
  // no saved verdict for this card (Python did not answer, and the page holds none): say so, cards free again
  if (!choice) return { ui: { ...ui, error: t("No answer came: in JupyterLab, run this notebook's cells; in the online book, reload the page.") }, draw: true };
  return judged({ ...ui, shown: before }, bookVerdict(step, code, choice));
}

/** The saved step's hints: the principle, then the card. */
function bookHints(data, ui) {
  const step = data.steps[ui.step];
  return step ? [step.hint.principle, step.hint.answer] : [];
}

/** One more hint line shown (two at most), the keyboard on the *Hint* button. */
const oneMoreHint = (ui) => ({ ui: { ...ui, hintsShown: Math.min(2, ui.hintsShown + 1) }, draw: true, focus: "hint" });

/**
 * What an event changes (pure): {ui, draw, focus ("verdict", "hand", "next", "hint"), request (a message
 * for Python: its reply comes back as the event replied {asked, reply})}, or null for nothing.
 * `s` is {data: the model, state: Python's state (for hello)}.  Events: choose {code}, showAnswer,
 * tryAgain, next, hint, restart, hello, replied {asked, reply}.
 */
export function problemReduce(s, ui, event) {
  switch (event.type) {
    case "hello": {
      if (ui.step !== 0 || ui.verdict) return null;
      const live = s.state || {};
      return { ui: { ...ui, book: false, live: position(live, { legal: live.legal || [] }) }, draw: true };
    }
    case "choose": {
      if (ui.waiting || ui.verdict) return null;
      const before = problemNow(s.data, ui);
      if (!ui.book)
        return { ui: { ...ui, error: "", errorHeading: "", waiting: true, asking: before }, request: { type: "play", code: event.code }, draw: true };
      return judgeFromBook(s.data, { ...ui, error: "", errorHeading: "" }, event.code, before);
    }
    case "showAnswer":
      return { ui: { ...ui, revealed: true }, draw: true, focus: "verdict" };
    case "tryAgain":
      if (!ui.book && ui.pending) return { ui: { ...ui, waiting: true }, request: { type: "takeback" }, draw: true };
      return { ui: { ...ui, pending: null, ...FRESH }, draw: true, focus: "hand" };
    case "next": {
      const live = !ui.book && ui.pending ? ui.pending : ui.live;
      const step = ui.book ? ui.step + 1 : ui.step;
      return { ui: { ...ui, misses: 0, live, step, pending: null, ...FRESH }, draw: true, focus: "next" };
    }
    case "hint":
      if (ui.hints) return oneMoreHint(ui);
      if (!ui.book) return { ui: { ...ui, waiting: true }, request: { type: REPLY.HINT }, draw: true };
      return oneMoreHint({ ...ui, hints: bookHints(s.data, ui) });
    case "restart":
      if (!ui.book) return { ui: { ...ui, misses: 0 }, request: { type: "restart" } };
      return { ui: { ...ui, misses: 0, step: 0, ...FRESH }, draw: true };
    case "replied":
      return problemReplied(s, ui, event.asked, event.reply);
    default:
      return null;
  }
}

/** What Python's reply (null: nothing answered) to the request `asked` changes. */
function problemReplied(s, ui, asked, reply) {
  const next = { ...ui, waiting: false };
  switch (asked.type) {
    case "play": {
      const before = ui.asking;
      const done = { ...next, asking: null };
      if (reply?.type === REPLY.VERDICT) {
        if (reply.verdict === "illegal") return { ui: { ...done, error: reply.annotation }, draw: true };
        return judged({ ...done, pending: position(reply), shown: before }, liveVerdict(reply, asked.code));
      }
      if (reply?.type === REPLY.ERROR) return { ui: { ...done, error: reply.error }, draw: true };
      return judgeFromBook(s.data, { ...done, book: true, live: null }, asked.code, before); // nothing answered: the saved verdicts
    }
    case "takeback": {
      if (reply?.type !== REPLY.TAKEN_BACK) {
        // the card stays on the table and so does the verdict (its Try again can ask again); say why
        const error = reply?.error || t("Python did not answer: is the notebook's kernel running?");
        return { ui: { ...next, error, errorHeading: t("The card could not be taken back.") }, draw: true };
      }
      next.live = position(reply, { result: null });
      return { ui: { ...next, pending: null, ...FRESH }, draw: true, focus: "hand" };
    }
    case REPLY.HINT: {
      const hints = reply?.type === REPLY.HINT ? [reply.principle, reply.answer] : null;
      return oneMoreHint({ ...next, hints: hints || bookHints(s.data, next) });
    }
    case "restart": {
      const live = reply?.type === REPLY.RESTARTED ? position(reply, { status: PROBLEM_STATUS.YOUR_TURN, result: null }) : ui.live;
      return { ui: { ...ui, live, step: 0, ...FRESH }, draw: true };
    }
    default:
      return null;
  }
}

// ------------------------------------------------------------------------------ the renderers

/** The other ways to play (a joker's suit …): buttons in words, marked as the hand's cards are after a verdict. */
function renderChoices(part, r) {
  const box = el("div", { class: "fht-choices", role: "group", "aria-label": part.label });
  for (const { code, words } of part.buttons) {
    box.append(
      el("button", { type: "button", "data-choice": code, onclick: () => r.dispatch({ type: "choose", code }), disabled: part.disabled || undefined }, words),
    );
  }
  roving(box);
  if (part.marks) {
    const { best, picked } = part.marks;
    markCards(
      [...box.querySelectorAll("button")],
      (b) => best.includes(b.dataset.choice),
      (b) => b.dataset.choice === picked,
    );
  }
  return box;
}

const RENDERERS = { ...TABLE_RENDERERS, choices: renderChoices, verdict: renderVerdict };

/** Where the keyboard goes after an event: the verdict's first button, a card, the next card (or *Start again*), *Hint*. */
const FOCUS = {
  hand: ".fht-cards button:not([disabled]), .fht-choices button:not([disabled])",
  next: ".fht-cards button:not([disabled]), .fht-choices button:not([disabled]), .fht-restart",
  hint: ".fht-hint-btn:not([disabled])",
};

function placeFocus(host, focus) {
  if (focus !== "verdict") host.querySelector(FOCUS[focus])?.focus();
  else {
    const box = host.querySelector(".fht-verdict");
    if (box) focusVerdict(box);
  }
}

// -------------------------------------------------------------------------------- the runtime

export default {
  render({ model, el: host }) {
    let ui = freshProblemUi();
    const widget = mountWidget(host, model, {
      kind: "problem",
      label: () => {
        const untitled = t("untitled");
        return t("Play problem: {title}", { title: model.get("model")?.title || untitled });
      },
      fourColour: true,
      traits: ["model"],
      draw: (root) => root.append(...renderer(RENDERERS, (event) => dispatch(event)).all(problemView(model.get("model"), ui))),
      hello: () => dispatch({ type: "hello" }),
    });
    const dispatch = async (event) => {
      const out = problemReduce({ data: model.get("model"), state: model.get("state") }, ui, event);
      if (!out) return;
      ui = out.ui;
      if (out.draw) widget.draw();
      if (out.focus) placeFocus(host, out.focus);
      if (out.request) {
        const reply = await request(model, out.request, 30000);
        dispatch({ type: "replied", asked: out.request, reply });
      }
    };
    return widget.dispose;
  },
};
