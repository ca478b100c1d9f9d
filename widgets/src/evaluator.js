// The hand evaluator: a hand, the learner's estimate of its tricks in ♠ ♣ ♦ ♥ and no trumps, and the
// answer of a double-dummy simulation that Python computed (the distribution of tricks, the average,
// the chance of each count, the rule-of-thumb count in words).  This code draws those numbers, looks
// the verdict up (the whole estimates Python judged right) and keeps the learner's progress.
// evaluatorState reads the model, evaluatorView draws it as parts, evaluatorReduce says what an event
// changes (pure, tested in widgets/tests/evaluator.test.js); renderers and the runtime are below.

import { el, expect, notebookKey, uid } from "./dom.js";
import { focusVerdict, hintButton, renderVerdict, statusLine } from "./feedback.js";
import { decimalWords, listWords, plural } from "./format.js";
import { kernelOf, kernelRestarted } from "./host.js";
import { nt, t } from "./language.js";
import { checkVersion, mountView } from "./mount.js";
import { titlePart } from "./parts.js";
import { hash, loadWidget, saveWidget } from "./progress.js";
import { REPLY } from "./protocol.js";
import { cardPart, handPart, TABLE_RENDERERS } from "./table.js";

/** "83%" from 0.834. */
export function percent(share) {
  return `${Math.round((Number(share) || 0) * 100)}%`;
}

/** An estimate typed by the learner: a whole number 0..max, or null. */
export function readEstimate(text, max) {
  const t = String(text ?? "")
    .trim()
    .replace("\u2212", "-");
  if (!/^\d{1,2}$/.test(t)) return null;
  const n = Number.parseInt(t, 10);
  return n >= 0 && n <= max ? n : null;
}

/** The name of a denomination in a sentence: "no trumps", "hearts". */
const denWords = (den) => (den.code === "NT" ? t("no trumps") : den.words);

/** "With spades as trumps you said 9: too high." (or in no trumps, too low): one sentence of a verdict. */
function saidWords(den, value, high) {
  if (den.code === "NT") return high ? t("In no trumps you said {value}: too high.", { value }) : t("In no trumps you said {value}: too low.", { value });
  return high
    ? t("With {suit} as trumps you said {value}: too high.", { suit: den.words, value })
    : t("With {suit} as trumps you said {value}: too low.", { suit: den.words, value });
}

/**
 * The estimates typed in the boxes (`values`: {S: "7", …}), read: {estimates} when every box holds a
 * whole number of tricks, else {problem, field}: what to fix, and the first box to fix.
 */
export function readEstimates(values, dens, tricks) {
  const empty = dens.filter((den) => !String(values[den.code] ?? "").trim());
  if (empty.length && empty.length < dens.length) {
    const all = dens.length === 5 ? "five" : dens.length;
    const names = listWords(empty.map(denWords));
    return { problem: t("Fill in all {all}: {empty}.", { all, empty: plural(empty.length, "still empty", { shown: names }) }), field: empty[0].code };
  }
  const estimates = {};
  for (const den of dens) {
    const value = readEstimate(values[den.code], tricks);
    if (value === null)
      return { problem: t("Write a whole number of tricks from 0 to {max} for {den}.", { max: tricks, den: denWords(den) }), field: den.code };
    estimates[den.code] = value;
  }
  return { estimates };
}

/**
 * The verdict on `estimates` ({S: 7, …}) for a simulated hand: per denomination whether it lies in
 * the range Python judged right, and all right together.  A look-up, no rules.
 */
export function judgeHand(item, estimates) {
  const marks = {};
  for (const [code, res] of Object.entries(item.results || {})) {
    const [lo, hi] = res.right;
    const value = estimates[code];
    marks[code] = Number.isInteger(value) && value >= lo && value <= hi;
  }
  return { correct: Object.values(marks).every(Boolean), marks };
}

/** The sentence about one denomination after an estimate: what was said, what the layouts give. */
export function offBy(den, res, value) {
  const avg = decimalWords(res.mean);
  const share = percent(res.chance[value] ?? 0);
  return `${saidWords(den, value, value > res.mean)} ${t("On average the deals give {avg} tricks, and {value} or more in {share} of them.", { avg, value, share })}`;
}

/** Bar heights (0..1) of a distribution, the tallest bar 1. */
export function barHeights(dist) {
  const top = Math.max(1, ...dist);
  return dist.map((k) => k / top);
}

/**
 * What a verdict says: the two estimates furthest off, each with its reason (`reason`, and `more` a second
 * paragraph), the others named in `detail`; all right: the best denomination and why.
 */
export function verdictWords(item, dens, done, { revealed = true } = {}) {
  const mean = (den) => Number(item.results[den.code].mean);
  if (done.correct) {
    const best = dens.reduce((a, b) => (mean(b) > mean(a) ? b : a));
    const reason = `${t("Every estimate is within a trick of the average. The best denomination is {den} (average {avg}).", { den: denWords(best), avg: decimalWords(mean(best)) })} ${item.results[best.code].reason}`;
    return { reason, more: [], detail: "" };
  }
  const gap = (den) => Math.abs(done.estimates[den.code] - mean(den));
  const byGap = dens.filter((d) => item.results[d.code] && !done.marks?.[d.code]).sort((a, b) => gap(b) - gap(a));
  if (!revealed) {
    // a first miss: which estimates are off and which way, not the deals' averages (the answer), so that
    // Try again is a real second try, as in the quizzes
    const way = (d) => saidWords(d, done.estimates[d.code], done.estimates[d.code] > mean(d));
    return { reason: byGap.map(way).join(" "), more: [], detail: t("Try again, or show the answer: what the deals gave.") };
  }
  const lines = byGap.slice(0, 2).map((d) => `${offBy(d, item.results[d.code], done.estimates[d.code])} ${item.results[d.code].reason}`);
  const others = byGap
    .slice(2)
    .map((d) => t("{den} (you said {value}, average {avg})", { den: d.label, value: done.estimates[d.code], avg: decimalWords(mean(d)) }));
  return { reason: lines[0] || "", more: lines.slice(1), detail: others.length ? t("Also off: {list}.", { list: others.join(", ") }) : "" };
}

/** The widget's progress id: one per set of hands (its title and first hand). */
export function progressId(data) {
  return `evaluator:${data.title || ""}#${hash(String(data.hands?.[0]?.id || ""))}`;
}

/** The evaluator now, checked: the hands, the one shown, its answer (unless tried again), the learner's record. */
export function evaluatorState(data, index, record, retry) {
  expect(data, "object", "evaluator");
  checkVersion(data, "hand evaluator");
  const hands = expect(data.hands, "array", "evaluator hands");
  const dens = expect(data.denominations, "array", "evaluator denominations");
  const at = Number.isInteger(index) && index >= 0 && index < hands.length ? index : 0;
  const item = expect(hands[at], "object", `hand ${at + 1}`);
  const answers = record.round.answers;
  const done = answers[item.id] && retry !== item.id ? answers[item.id] : null;
  return { data, hands, dens, tricks: Number(data.tricks) || 10, index: at, item, done, record, answers };
}

/** Is the answer of a judged hand shown: right, a second miss, or asked for (`ui.shown`)? */
export function answerShown(done, ui, item) {
  return Boolean(done && (done.correct || (done.tries || 1) >= 2 || ui?.shown?.[item.id]));
}

/** The evaluator's own state at the start: no host yet, nothing typed. */
export function freshEvaluatorUi() {
  return {
    live: false,
    host: null,
    focus: null,
    retry: null,
    statusText: "",
    note: null,
    problem: null,
    drafts: {},
    pending: null,
    busy: false,
    failed: null,
    shown: {},
  };
}

// ----------------------------------------------------------------------------------- the view

function chartPart(den, res, value, tricks, layouts, right) {
  const made = [6, 7, 8, 9, 10].filter((t) => t <= tricks).map((t) => `${t}+ ${percent(res.chance[t])}`);
  const name = den.code === "NT" ? t("No trumps") : `${den.label} ${den.words}`;
  const mean = decimalWords(res.mean);
  return {
    kind: "chart",
    den: den.code,
    label: den.label,
    mean,
    // the histogram's title after the denomination: "average 8.9", "średnio 8,9"
    caption: t("average {mean}", { mean }),
    value,
    right,
    words:
      value === null
        ? t("{den}: average {mean} tricks in {layouts} deals of the other cards; {made}", { den: name, mean, layouts, made: made.join(", ") })
        : t("{den}: average {mean} tricks in {layouts} deals of the other cards; {made}; you said {value}", {
            den: name,
            mean,
            layouts,
            made: made.join(", "),
            value,
          }),
    made: made.join(" \u00b7 "),
    bars: barHeights(res.dist).map((height, k) => ({
      t: k,
      height,
      title: nt("{k} trick: {n} of {layouts} deals", "{k} tricks: {n} of {layouts} deals", k, { k, n: res.dist[k], layouts }),
    })),
  };
}

function statusOf(s, ui) {
  if (ui.note) return ui.note;
  if (ui.statusText) return { text: ui.statusText, failed: true };
  if (!s.item.ready)
    return { text: t("Dealing the other cards: {done} of {layouts} deals so far…", { done: s.item.done, layouts: s.item.layouts }), failed: false };
  return { text: "", failed: false };
}

/** The hand, the five boxes, and after an answer the verdict and the charts of the simulation. */
export function evaluatorView(s, ui) {
  const { data, hands, dens, tricks, item, done, record } = s;
  const mastered = hands.filter((h) => record.mastered?.[h.id] === true).length;
  const tried = hands.filter((h) => record.mastered?.[h.id] !== undefined).length;
  const seat = data.seat_name || t("North");
  const values = done ? done.estimates : ui.drafts[item.id] || {};
  const hints = Array.isArray(item.hints) ? item.hints : [];
  const parts = [
    titlePart(data.title || t("Judge a hand")),
    {
      kind: "box",
      cls: "fht-bar",
      children: [
        { kind: "text", tag: "span", cls: "fht-progress", text: t("Hand {n} of {total}", { n: s.index + 1, total: hands.length }) },
        {
          kind: "text",
          tag: "span",
          cls: "fht-mastered",
          attrs: { "data-mastered": mastered },
          text: t("Judged well at the first try: {mastered} of {tried}", { mastered, tried }),
        },
      ],
    },
    {
      kind: "estimates",
      prompt: data.prompt || t("You sit {seat}. How many tricks would this hand take with each of these as trumps?", { seat }),
      hand: handPart(
        item.cards.map((code) => cardPart(code)),
        `${seat}'s hand: ${item.label}`,
      ),
      rules: t("{rules}. An estimate within {within} of the average over the deals is right.", {
        rules: data.rules_title,
        within: plural(data.tolerance, "within tricks"),
      }),
      fields: dens.map((den) => ({
        code: den.code,
        label: den.label,
        words: den.words,
        name: den.code === "NT" ? t("Tricks in no trumps") : t("Tricks with {suit} as trumps", { suit: den.words }),
        value: values[den.code] ?? "",
      })),
      max: tricks,
      locked: Boolean(done),
      problem: ui.problem?.text || "",
    },
    !done && hints.length ? { kind: "hints", hints } : null,
  ];
  const revealed = answerShown(done, ui, item);
  if (done) {
    const words = verdictWords(item, dens, done, { revealed });
    parts.push({
      kind: "verdict",
      correct: done.correct,
      heading: done.correct ? t("Well judged") : t("Not yet"),
      reason: words.reason,
      more: words.more,
      detail: words.detail,
      onTryAgain: done.correct ? null : { type: "tryAgain" },
      onContinue: { type: "another" },
      continueLabel: t("Try another hand"),
      hints: done.correct ? null : hints,
      // held back on a first miss: the answer only when asked for
      extra: revealed ? [] : [{ kind: "button", cls: "fht-show-answer", text: t("Show the answer"), on: { type: "showAnswer" } }],
    });
  }
  if (done && revealed) {
    parts.push({
      kind: "box",
      cls: "fht-ev-answer",
      children: [
        { kind: "text", tag: "div", cls: "fht-label", text: t("In how many deals of the other cards each number of tricks was taken") },
        {
          kind: "box",
          cls: "fht-ev-charts",
          children: dens
            .filter((den) => item.results[den.code])
            .map((den) => chartPart(den, item.results[den.code], done.estimates[den.code], tricks, item.done, Boolean(done.marks?.[den.code]))),
        },
        {
          kind: "text",
          cls: "fht-hint fht-ev-note",
          text: nt(
            "Your hand stayed as it is; the other cards were dealt {n} time, and each deal was played out with every card in view, everyone playing perfectly (which favours the declarer a little).",
            "Your hand stayed as it is; the other cards were dealt {n} times, and each deal was played out with every card in view, everyone playing perfectly (which favours the declarer a little).",
            item.done,
            { n: item.done },
          ),
        },
      ],
    });
  }
  if (!done) {
    parts.push({ kind: "box", cls: "fht-bar fht-nav", children: [{ kind: "button", cls: "fht-next", text: t("Try another hand"), on: { type: "another" } }] });
  }
  parts.push({ kind: "status", ...statusOf(s, ui) });
  return parts;
}

// -------------------------------------------------------------------------------- the reducer

/** The answer to the hand shown, judged, saved (mastery counts the first answer only) and sent to a kernel. */
function finish(s, ui, estimates) {
  const { item, answers, record } = s;
  const verdict = judgeHand(item, estimates);
  const old = answers[item.id];
  const entry = {
    estimates,
    correct: verdict.correct,
    first: old ? old.first : verdict.correct,
    marks: verdict.marks,
    tries: (old?.tries || 1) + (old ? 1 : 0),
  };
  const next = {
    ...record,
    title: s.data.title || t("Judge a hand"),
    round: { ...record.round, answers: { ...answers, [item.id]: entry } },
    mastered: old ? record.mastered : { ...(record.mastered || {}), [item.id]: verdict.correct },
  };
  return {
    ui: { ...ui, retry: null, pending: null, focus: "verdict" },
    run: { record: next },
    set: { responses: { ...s.responses, [item.id]: entry } },
    request: ui.live && ui.host === "kernel" ? { type: REPLY.JUDGE, index: s.index, estimates } : null,
    redraw: true,
  };
}

/**
 * What an event changes: {ui, set, request, reply, run: {record} (progress to save), redraw}, or null.
 * Events: submit {values}, finish (estimates waiting for the deals), tryAgain, showAnswer, another, simulate,
 * simulated {reply}, newHand {reply}, hello {reply}, kernel {status, text}.
 */
export function evaluatorReduce(s, ui, event) {
  const { item } = s;
  switch (event.type) {
    case "submit": {
      const read = readEstimates(event.values, s.dens, s.tricks);
      if (read.problem)
        return { ui: { ...ui, problem: { text: read.problem, field: read.field }, drafts: { ...ui.drafts, [item.id]: event.values } }, redraw: true };
      const next = { ...ui, problem: null, drafts: { ...ui.drafts, [item.id]: read.estimates } };
      if (!item.ready) {
        const note = {
          text: t("Your estimates are in. Dealing the other cards: {done} of {layouts} deals…", { done: item.done, layouts: item.layouts }),
          failed: false,
        };
        return { ui: { ...next, pending: { id: item.id, estimates: read.estimates }, note }, redraw: true };
      }
      return finish(s, next, read.estimates);
    }
    case "finish":
      return item.ready && ui.pending?.id === item.id ? finish(s, ui, ui.pending.estimates) : null;
    case "tryAgain":
      return { ui: { ...ui, retry: item.id, focus: "prompt" }, redraw: true };
    case "showAnswer":
      return { ui: { ...ui, shown: { ...(ui.shown || {}), [item.id]: true }, focus: "verdict" }, redraw: true };
    case "another": {
      const next = { ...ui, retry: null, focus: "prompt" };
      if (s.index + 1 < s.hands.length) return { ui: next, set: { index: s.index + 1 }, redraw: true };
      if (ui.live)
        return {
          ui: { ...next, note: { text: t("Dealing a new hand…"), failed: false } },
          request: { type: "new_hand" },
          wait: 8000,
          reply: "newHand",
          redraw: true,
        };
      return { ui: next, set: { index: 0 }, redraw: true };
    }
    case "newHand":
      if (event.reply?.type === REPLY.ERROR) return { ui: { ...ui, note: { text: event.reply.error, failed: true } }, redraw: true };
      if (!event.reply) return { ui: { ...ui, note: { text: t("No new hand came: try again in a moment."), failed: true } }, redraw: true };
      return null;
    case "simulate":
      // live: go on simulating a hand that is not ready, one request at a time; after an error it stops for this hand
      if (item.ready || !ui.live || ui.busy || ui.failed === item.id) return null;
      return { ui: { ...ui, busy: true }, request: { type: "simulate", index: s.index }, wait: 8000, reply: "simulated" };
    case "simulated": {
      const next = { ...ui, busy: false };
      if (event.reply?.type === REPLY.ERROR)
        Object.assign(next, { failed: item.id, statusText: t("Dealing the other cards for this hand stopped: {error}", { error: event.reply.error }) });
      return { ui: next, redraw: true };
    }
    case "hello":
      return { ui: { ...ui, live: true, host: event.reply.host || "kernel" }, redraw: true };
    case "kernel":
      return { ui: { ...ui, statusText: event.status === "ok" ? "" : event.text, live: event.status === "restarted" ? false : ui.live }, redraw: true };
    default:
      return null;
  }
}

// ------------------------------------------------------------------------------ the renderers

/** One denomination's small bar chart: layouts by tricks taken, the learner's estimate marked. */
function renderChart(part) {
  const bars = el("div", { class: "fht-ev-bars", role: "img", "aria-label": part.words });
  for (const bar of part.bars) {
    const cls = ["fht-ev-bar"];
    if (bar.t === part.value) cls.push(part.right ? "fht-ev-yours fht-ev-yours-right" : "fht-ev-yours");
    bars.append(
      el(
        "div",
        { class: "fht-ev-col", title: bar.title },
        el("div", { class: cls.join(" "), style: `height: ${Math.max(2, Math.round(bar.height * 100))}%` }),
        el("div", { class: "fht-ev-tick", text: String(bar.t) }),
      ),
    );
  }
  return el(
    "figure",
    { class: `fht-ev-chart${part.right ? " fht-ev-ok" : part.value === null || part.value === undefined ? "" : " fht-ev-off"}`, "data-den": part.den },
    el(
      "figcaption",
      { class: "fht-ev-caption" },
      el("strong", { text: part.label }),
      part.value === null || part.value === undefined ? null : el("span", { class: "fht-ev-mark", text: part.right ? " \u2713" : " \u2717" }),
      el("span", { text: ` ${part.caption}` }),
    ),
    bars,
    el("div", { class: "fht-ev-made", text: part.made }),
  );
}

/** Keys typed in the widget stay in it: JupyterLab must not take Enter or digits from its inputs. */
function ownKeys(node) {
  node.addEventListener("keydown", (event) => {
    if (notebookKey(event)) return; // Shift+Enter runs the notebook's cell (JupyterLab then keeps the button unpressed)
    const tag = event.target?.tagName;
    if (tag === "INPUT") {
      event.stopPropagation();
      if (event.key === "Enter" && event.target.form) {
        event.preventDefault();
        event.target.form.requestSubmit();
      }
    } else if (tag === "BUTTON" && (event.key === "Enter" || event.key === " ")) {
      event.stopPropagation();
    }
  });
}

/** The question, the hand and the five boxes (with their ids linking labels and prompt). */
function renderEstimates(part, r) {
  const formId = uid("fht-ev");
  const problem = el("p", { class: "fht-input-problem", role: "alert", hidden: !part.problem, text: part.problem || undefined });
  const form = el("form", { class: "fht-ev-form", "aria-labelledby": `${formId}-q` });
  for (const field of part.fields) {
    const id = `${formId}-${field.code}`;
    const input = el("input", {
      id,
      type: "number",
      min: 0,
      max: part.max,
      step: 1,
      inputmode: "numeric",
      autocomplete: "off",
      enterkeyhint: "done",
      value: field.value === undefined || field.value === null ? "" : String(field.value),
      disabled: part.locked,
      "data-den": field.code,
      "aria-label": field.name,
    });
    const label = el(
      "label",
      { for: id, class: `fht-ev-label fht-ev-${field.code}` },
      el("span", { "aria-hidden": "true", text: field.label }),
      el("span", { class: "fht-sr", text: field.words }),
    );
    form.append(el("div", { class: "fht-ev-field" }, label, input));
  }
  form.append(el("div", { class: "fht-ev-submit" }, el("button", { type: "submit", class: "fht-check", disabled: part.locked, text: t("Check") })));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const values = Object.fromEntries([...form.querySelectorAll("input[data-den]")].map((input) => [input.dataset.den, input.value]));
    r.dispatch({ type: "submit", values });
  });
  ownKeys(form);
  const fragment = document.createDocumentFragment();
  fragment.append(
    el("p", { class: "fht-prompt", id: `${formId}-q`, text: part.prompt }),
    r.one(part.hand),
    el("p", { class: "fht-hint fht-ev-rules", text: part.rules }),
    form,
    problem,
  );
  return fragment;
}

const RENDERERS = {
  ...TABLE_RENDERERS,
  estimates: renderEstimates,
  chart: renderChart,
  verdict: renderVerdict,
  hints: (part) => hintButton(part.hints).node,
  status: (part) => statusLine(el("p"), part.text, { failed: part.failed }),
};

// -------------------------------------------------------------------------------- the runtime

export default {
  render({ model, el: host }) {
    const kernel = kernelOf(model);
    const born = kernel?.id;
    kernelRestarted(model, born);
    // the learner's record: localStorage in the book; in JupyterLab the kernel's `responses` too, as long as it runs
    let record = null;
    let loadedFor = null;
    const recordOf = (data) => {
      const id = progressId(data);
      if (loadedFor !== id) {
        loadedFor = id;
        record = loadWidget(id);
        record.round = record.round && typeof record.round === "object" ? record.round : { answers: {} };
        record.round.answers = record.round.answers || {};
        for (const [key, done] of Object.entries(model.get("responses") || {})) {
          if (!record.round.answers[key] && done?.estimates) record.round.answers[key] = done;
        }
      }
      return record;
    };
    let widget = null;
    const read = () => {
      const data = expect(model.get("evaluator"), "object", "evaluator");
      return { ...evaluatorState(data, Number(model.get("index")) || 0, recordOf(data), widget?.ui().retry), responses: model.get("responses") || {} };
    };
    widget = mountView(host, model, {
      kind: "evaluator",
      label: () => model.get("evaluator")?.title || t("Judge a hand"),
      traits: ["evaluator", "index", "responses"],
      hello: true,
      ui: freshEvaluatorUi(),
      read,
      view: evaluatorView,
      reduce: evaluatorReduce,
      renderers: RENDERERS,
      requestOptions: { onStatus: (status, text) => widget.dispatch({ type: "kernel", status, text }), born },
      run: ({ record: next }) => {
        record = next;
        saveWidget(loadedFor, record);
      },
      after: (root, _s, ui, dispatch) => {
        if (ui.focus === "verdict") {
          const verdict = root.querySelector(".fht-verdict");
          if (verdict) focusVerdict(verdict);
        } else if (ui.focus === "prompt") root.querySelector("input[data-den]")?.focus();
        if (ui.problem) root.querySelector(`input[data-den="${ui.problem.field}"]`)?.focus();
        queueMicrotask(() => {
          dispatch({ type: "simulate" });
          dispatch({ type: "finish" });
        });
        return { ...ui, focus: null, note: null, problem: ui.problem && { ...ui.problem, field: null } };
      },
    });
    return () => widget.dispose();
  },
};
