// HandGrader: mark a class's written answers one at a time (JupyterLab), as nbgrader's formgrader does.
// The view is a pure function of the model's data and the widget's own state (which answer, the marks
// being edited); one reducer turns every click and key into what changes.  Python keeps the marks: each
// one is sent as a request and saved there at once.  A student's words are only ever text (textContent).
//
// Keys (when the focus is in the widget, not in the comment box; a click anywhere on it puts it there):
// 1–9 tick a rubric line, s save, u undo, j / k next and previous answer, n next answer not marked yet,
// c comment.  In the comment box: Ctrl+Enter saves, Escape leaves it.  A tick is saved at once; taking a
// tick off a saved mark is not (s saves it, u undoes it), and u takes back the last mark saved.

import { card, cardRow } from "./cards.js";
import { el, expect, uid } from "./dom.js";
import { plural } from "./format.js";
import { t } from "./language.js";
import { mountView } from "./mount.js";
import { titlePart } from "./parts.js";
import { REPLY } from "./protocol.js";

const keysText = () => t("Keys (click the widget first): 1–9 tick a rubric line · s save · u undo · j / k next, previous · n next not marked · c comment");

function points(x) {
  return Number.isInteger(x) ? String(x) : String(Math.round(x * 100) / 100);
}

/** The marks being edited for answer `i`: the saved mark's, until the marker changes them. */
export function draftOf(state, ui, i) {
  const saved = state.answers[i]?.mark;
  const draft = ui.drafts[i];
  return {
    criteria: draft?.criteria ?? (saved ? [...saved.criteria] : []),
    comment: draft?.comment ?? (saved ? saved.comment : ""),
    points: draft?.points ?? (saved ? saved.points : null),
  };
}

/** The points a draft is worth (the rubric lines ticked, at most the answer's points). */
export function draftPoints(answer, draft) {
  if (!answer.rubric.length) return draft.points;
  const sum = draft.criteria.reduce((total, i) => total + Number(answer.rubric[i]?.points || 0), 0);
  return Math.min(Number(answer.points), sum);
}

/** The first answer after `from` (wrapping) with no current mark, or -1. */
export function nextUnmarked(state, from) {
  const n = state.answers.length;
  for (let step = 1; step <= n; step += 1) {
    const i = (from + step) % n;
    if (!state.answers[i].mark) return i;
  }
  return -1;
}

function status(answer) {
  if (answer.stale) return t("The answer changed since it was marked: mark it again.");
  if (answer.mark) return t("Marked: {points} of {max}.", { points: points(answer.mark.points), max: points(answer.points) });
  return t("Not marked yet.");
}

/** The parts of the widget (pure: the same data and ui give the same parts). */
export function view(state, ui) {
  const head = titlePart(t("Marking by hand: {title}", { title: state.assignment.title }));
  const total = state.answers.length;
  if (!total) return [head, { kind: "text", cls: "fht-hg-empty", text: t("No written answers to mark in these submissions.") }];
  const i = Math.min(ui.index, total - 1);
  const a = state.answers[i];
  const draft = draftOf(state, ui, i);
  const who = a.student ? ` · ${a.name ? `${a.name} (${a.student})` : a.student}` : "";
  const rubric = a.rubric.length
    ? {
        kind: "box",
        cls: "fht-hg-rubric",
        attrs: { role: "group", "aria-label": t("Rubric: tick what the answer does") },
        children: a.rubric.map((line, n) => ({
          kind: "button",
          cls: `fht-btn fht-hg-line${draft.criteria.includes(n) ? " fht-hg-on" : ""}`,
          attrs: { "aria-pressed": draft.criteria.includes(n) ? "true" : "false", "data-field": `line-${n}` },
          text: `${n + 1}. ${line.label} (+${points(line.points)})`,
          on: { type: "toggle", line: n },
        })),
      }
    : { kind: "points", value: draft.points, max: a.points };
  return [
    head,
    {
      kind: "box",
      cls: "fht-hg-bar",
      children: [
        {
          kind: "text",
          tag: "span",
          cls: "fht-hg-where",
          text: t("Item {item} · {section} · {label}{who}", { item: a.item, section: a.section, label: a.label, who }),
        },
        {
          kind: "text",
          tag: "span",
          cls: "fht-hg-progress",
          attrs: { role: "status" },
          text: t("{marked} of {answers} marked", { marked: state.marked, answers: plural(total, "answer") }),
        },
      ],
    },
    { kind: "text", cls: "fht-hg-ask", text: a.ask },
    a.situation ? { kind: "text", cls: "fht-hg-situation", text: a.situation } : null,
    a.hand.length ? { kind: "hand", cards: a.hand } : null,
    a.trick.length
      ? { kind: "text", cls: "fht-hg-trick", text: t("Trick so far: {cards}", { cards: a.trick.map((p) => `${p.seat} ${card(p.code).name}`).join(", ") }) }
      : null,
    a.reference || a.explanation ? { kind: "reference", reference: a.reference, explanation: a.explanation } : null,
    { kind: "answer", text: a.response },
    rubric,
    {
      kind: "text",
      cls: `fht-hg-status${a.stale ? " fht-bad" : ""}`,
      text: `${status(a)} ${t("This mark: {points} of {max}.", { points: draftPoints(a, draft) ?? "–", max: points(a.points) })}`,
    },
    { kind: "comment", value: draft.comment },
    {
      kind: "box",
      cls: "fht-bar fht-hg-actions",
      children: [
        { kind: "button", cls: "fht-btn fht-hg-save", text: t("Save mark (s)"), on: { type: "save" } },
        { kind: "button", cls: "fht-btn fht-hg-clear", text: t("Clear mark"), disabled: !a.mark && !a.stale, on: { type: "clear" } },
        { kind: "button", cls: "fht-btn fht-hg-undo", text: "Undo (u)", disabled: !canUndo(ui, i), on: { type: "undo" } },
        { kind: "button", cls: "fht-btn fht-hg-prev", text: "← Previous (k)", disabled: i === 0, on: { type: "go", to: i - 1 } },
        { kind: "button", cls: "fht-btn fht-hg-next", text: "Next (j) →", disabled: i === total - 1, on: { type: "go", to: i + 1 } },
        { kind: "button", cls: "fht-btn fht-hg-unmarked", text: t("Next not marked (n)"), on: { type: "unmarked" } },
      ],
    },
    { kind: "text", cls: `fht-hg-message${ui.bad ? " fht-bad" : ""}`, attrs: { role: "status", "aria-live": "polite" }, text: ui.message },
    { kind: "text", cls: "fht-hg-keys fht-muted", text: keysText() },
  ];
}

function withDraft(state, ui, change) {
  const i = ui.index;
  const draft = { ...draftOf(state, ui, i), ...change };
  return { ...ui, drafts: { ...ui.drafts, [i]: draft } };
}

/** Is there something to undo on answer `i`: a change not saved yet, or the last mark saved here? */
function canUndo(ui, i) {
  return Boolean(ui.drafts[i]) || ui.undo?.at === i;
}

/** What a change sent now replaces: the saved mark (null: none), so that u can put it back. */
function undoOf(state, ui) {
  const saved = state.answers[ui.index].mark;
  return { at: ui.index, mark: saved ? { criteria: [...saved.criteria], comment: saved.comment, points: saved.points } : null };
}

function markRequest(state, ui) {
  const a = state.answers[ui.index];
  const draft = draftOf(state, ui, ui.index);
  return { type: "mark", index: a.index, criteria: draft.criteria, comment: draft.comment, points: a.rubric.length ? null : draft.points };
}

/** What an event changes (pure): see mountView's `reduce`. */
export function reduce(state, ui, event) {
  const total = state.answers.length;
  if (!total) return null;
  switch (event.type) {
    case "go": {
      const to = Math.max(0, Math.min(total - 1, event.to));
      return to === ui.index ? null : { ui: { ...ui, index: to, message: "", bad: false, focus: "answer" }, redraw: true };
    }
    case "unmarked": {
      const to = nextUnmarked(state, ui.index);
      if (to < 0) return { ui: { ...ui, message: t("Every answer is marked."), bad: false }, redraw: true };
      return { ui: { ...ui, index: to, message: "", bad: false, focus: "answer" }, redraw: true };
    }
    case "toggle": {
      const a = state.answers[ui.index];
      if (!a.rubric[event.line]) return null;
      const criteria = draftOf(state, ui, ui.index).criteria;
      const next = criteria.includes(event.line) ? criteria.filter((c) => c !== event.line) : [...criteria, event.line].sort((x, y) => x - y);
      const changed = withDraft(state, ui, { criteria: next });
      if (a.mark?.criteria.includes(event.line) && !next.includes(event.line)) {
        // taking a tick off a saved mark is never silent: a draft until s saves it (u undoes it)
        const words = t("Line {n} unticked: not saved yet (s saves, u undoes).", { n: event.line + 1 });
        return { ui: { ...changed, message: words, bad: false }, redraw: true };
      }
      // a tick is a decision: saved at once, as formgrader does (u takes it back)
      return {
        ui: { ...changed, message: t("Saving…"), bad: false, undo: undoOf(state, ui) },
        request: markRequest(state, changed),
        reply: "saved",
        redraw: true,
      };
    }
    case "comment":
      return { ui: withDraft(state, ui, { comment: String(event.text) }) };
    case "points": {
      const value = Number(event.value);
      return { ui: withDraft(state, ui, { points: event.value === "" || Number.isNaN(value) ? null : value }) };
    }
    case "save":
      return { ui: { ...ui, message: t("Saving…"), bad: false, undo: undoOf(state, ui) }, request: markRequest(state, ui), reply: "saved", redraw: true };
    case "undo": {
      const i = ui.index;
      const a = state.answers[i];
      if (ui.drafts[i]) {
        return { ui: { ...ui, drafts: { ...ui.drafts, [i]: undefined }, message: t("Undone: back to the saved mark."), bad: false }, redraw: true };
      }
      if (ui.undo?.at !== i) return { ui: { ...ui, message: t("Nothing to undo on this answer."), bad: false }, redraw: true };
      const before = ui.undo.mark;
      const request = before
        ? { type: "mark", index: a.index, criteria: before.criteria, comment: before.comment, points: a.rubric.length ? null : before.points }
        : { type: "clear", index: a.index };
      return { ui: { ...ui, undo: null, message: t("Undoing…"), bad: false }, request, reply: "saved", redraw: true };
    }
    case "clear":
      return {
        ui: { ...ui, drafts: { ...ui.drafts, [ui.index]: undefined }, message: t("Clearing…"), bad: false, undo: undoOf(state, ui) },
        request: { type: "clear", index: state.answers[ui.index].index },
        reply: "saved",
        redraw: true,
      };
    case "saved": {
      const reply = event.reply;
      if (reply?.type !== REPLY.MARKED) {
        const why = reply?.message || reply?.error || t("Python did not answer: is the notebook's kernel running?");
        return { ui: { ...ui, message: t("Not saved: {why}", { why }), bad: true }, redraw: true };
      }
      const at = state.answers.findIndex((a) => a.index === reply.answer.index);
      const drafts = { ...ui.drafts };
      if (at >= 0 && drafts[at] && event.asked.type === "mark") {
        // keep an edit made while the request was on its way; what was saved is now the model's
        const sent = event.asked;
        const now = drafts[at];
        if (now.comment === sent.comment && String(now.criteria) === String(sent.criteria)) delete drafts[at];
      } else if (at >= 0) {
        delete drafts[at];
      }
      const words = reply.answer.mark
        ? t("Saved: {points} of {max}.", { points: points(reply.answer.mark.points), max: points(reply.answer.points) })
        : t("Mark cleared.");
      return { ui: { ...ui, drafts, message: words, bad: false }, redraw: true };
    }
    case "key":
      return keyEvent(state, ui, event.key);
    default:
      return null;
  }
}

function keyEvent(state, ui, key) {
  if (/^[1-9]$/.test(key)) return reduce(state, ui, { type: "toggle", line: Number(key) - 1 });
  if (key === "s") return reduce(state, ui, { type: "save" });
  if (key === "u") return reduce(state, ui, { type: "undo" });
  if (key === "j") return reduce(state, ui, { type: "go", to: ui.index + 1 });
  if (key === "k") return reduce(state, ui, { type: "go", to: ui.index - 1 });
  if (key === "n") return reduce(state, ui, { type: "unmarked" });
  if (key === "c") return { ui: { ...ui, focus: "comment" }, redraw: true };
  return null;
}

// ------------------------------------------------------------------ renderers (DOM)
const RENDERERS = {
  hand: (part) => el("div", { class: "fht-hg-hand" }, el("div", { class: "fht-label", text: t("The student's hand") }), cardRow(part.cards, { small: true })),
  reference: (part) =>
    el(
      "details",
      { class: "fht-hg-reference" },
      el("summary", { text: t("The engine's answer (for you: not shown to the student until it is graded)") }),
      part.reference ? el("p", {}, el("strong", { text: `${t("Answer:")} ` }), part.reference) : null,
      part.explanation ? el("p", { text: part.explanation }) : null,
    ),
  answer: (part) => {
    const id = uid("fht-hg-answer");
    return el(
      "div",
      { class: "fht-hg-answer-box" },
      el("div", { class: "fht-label", id, text: t("The student's answer") }),
      el("div", { class: "fht-hg-answer", tabindex: "0", role: "document", "aria-labelledby": id, text: part.text }),
    );
  },
  comment: (part, r) => {
    const id = uid("fht-hg-comment");
    const area = el("textarea", { id, class: "fht-hg-comment", rows: 3, maxlength: 2000 });
    area.value = part.value;
    area.addEventListener("input", () => r.dispatch({ type: "comment", text: area.value }));
    return el("div", { class: "fht-hg-comment-box" }, el("label", { for: id, class: "fht-label", text: t("Comment for the student (c)") }), area);
  },
  points: (part, r) => {
    const id = uid("fht-hg-points");
    const input = el("input", { id, class: "fht-hg-points", type: "number", min: 0, max: part.max, step: "any", value: part.value ?? "" });
    input.addEventListener("input", () => r.dispatch({ type: "points", value: input.value }));
    return el("div", { class: "fht-hg-points-box" }, el("label", { for: id, class: "fht-label", text: t("Points (0 to {max})", { max: part.max }) }), input);
  },
};

function read(model) {
  const data = expect(model.get("data"), "object", "marking data");
  expect(data.answers, "array", "written answers");
  expect(data.assignment, "object", "assignment");
  return data;
}

function after(root, _state, ui, dispatch) {
  root.setAttribute("data-lm-suppress-shortcuts", "true"); // JupyterLab's notebook keys stay out of the widget
  root.addEventListener("keydown", (event) => {
    const typing = event.target.closest("textarea, input");
    if (typing) {
      if (event.key === "Escape") {
        event.target.blur();
        root.querySelector(".fht-hg-answer")?.focus();
      } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        dispatch({ type: "save" });
      } else {
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (dispatch({ type: "key", key: event.key })) {
      event.preventDefault();
      event.stopPropagation();
    }
  });
  // a click on the widget (its heading, the rubric's words, anywhere not a control) puts the keyboard in it,
  // so 1–9, s, c … reach the widget, not JupyterLab's notebook (whose command mode would take them)
  root.addEventListener("click", (event) => {
    if (event.target.closest("button, textarea, input, select, summary, a, .fht-hg-answer")) return;
    if (window.getSelection?.()?.toString()) return; // selecting words to copy: leave the selection be
    root.querySelector(".fht-hg-answer")?.focus({ preventScroll: true });
  });
  if (ui.focus === "comment") root.querySelector(".fht-hg-comment")?.focus();
  else if (ui.focus === "answer") root.querySelector(".fht-hg-answer")?.focus();
  return { ...ui, focus: null };
}

function render({ model, el: host }) {
  const widget = mountView(host, model, {
    kind: "handgrader",
    label: t("Marking written answers"),
    traits: ["data"],
    ui: { index: 0, drafts: {}, message: "", bad: false, focus: null, undo: null },
    read: () => read(model),
    view,
    reduce,
    renderers: RENDERERS,
    after,
  });
  return () => widget.dispose();
}

export default { render };
