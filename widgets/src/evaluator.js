// The hand evaluator: a hand, the learner's estimate of its tricks in ♠ ♣ ♦ ♥ and no trumps, and the
// answer of a double-dummy simulation that Python computed (the distribution of tricks, the average,
// the chance of each count, the rule-of-thumb count in words).  This code draws those numbers, looks
// the verdict up (the whole estimates Python judged right) and keeps the learner's progress.

import { cardRow } from "./cards.js";
import { el, expect, title, uid } from "./dom.js";
import { hintButton, statusLine, verdictBox } from "./feedback.js";
import { listWords } from "./format.js";
import { kernelOf, kernelRestarted, request } from "./host.js";
import { checkVersion, mountWidget } from "./mount.js";
import { hash, loadWidget, saveWidget } from "./progress.js";

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
  const name = den.code === "NT" ? "In no trumps" : `With ${den.words} as trumps`;
  const avg = Number(res.mean).toFixed(1);
  const share = percent(res.chance[value] ?? 0);
  const direction = value > res.mean ? "too high" : "too low";
  return `${name} you said ${value}: ${direction}. On average the deals give ${avg} tricks, and ${value} or more in ${share} of them.`;
}

/** Bar heights (0..1) of a distribution, the tallest bar 1. */
export function barHeights(dist) {
  const top = Math.max(1, ...dist);
  return dist.map((k) => k / top);
}

/** One denomination's small bar chart: layouts by tricks taken, the learner's estimate marked. */
function chart(den, res, value, tricks, layouts, right) {
  const heights = barHeights(res.dist);
  const made = [6, 7, 8, 9, 10].filter((t) => t <= tricks).map((t) => `${t}+ ${percent(res.chance[t])}`);
  const words = `${den.code === "NT" ? "No trumps" : `${den.label} ${den.words}`}: average ${Number(res.mean).toFixed(1)} tricks in ${layouts} deals of the other cards; ${made.join(", ")}${value === null ? "" : `; you said ${value}`}`;
  const bars = el("div", { class: "fht-ev-bars", role: "img", "aria-label": words });
  heights.forEach((h, t) => {
    const cls = ["fht-ev-bar"];
    if (t === value) cls.push(right ? "fht-ev-yours fht-ev-yours-right" : "fht-ev-yours");
    bars.append(
      el(
        "div",
        { class: "fht-ev-col", title: `${t} tricks: ${res.dist[t]} of ${layouts} deals` },
        el("div", { class: cls.join(" "), style: `height: ${Math.max(2, Math.round(h * 100))}%` }),
        el("div", { class: "fht-ev-tick", text: String(t) }),
      ),
    );
  });
  return el(
    "figure",
    { class: `fht-ev-chart${right ? " fht-ev-ok" : value === null ? "" : " fht-ev-off"}`, "data-den": den.code },
    el(
      "figcaption",
      { class: "fht-ev-caption" },
      el("strong", { text: den.label }),
      value === null ? null : el("span", { class: "fht-ev-mark", text: right ? " \u2713" : " \u2717" }),
      el("span", { text: ` average ${Number(res.mean).toFixed(1)}` }),
    ),
    bars,
    el("div", { class: "fht-ev-made", text: made.join(" \u00b7 ") }),
  );
}

/** Keys typed in the widget stay in it: JupyterLab must not take Enter or digits from its inputs. */
function ownKeys(node) {
  node.addEventListener("keydown", (event) => {
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

function draw(model, root, state) {
  const data = expect(model.get("evaluator"), "object", "evaluator");
  checkVersion(data, "hand evaluator");
  const hands = expect(data.hands, "array", "evaluator hands");
  const dens = expect(data.denominations, "array", "evaluator denominations");
  const tricks = Number(data.tricks) || 10;
  const progressId = `evaluator:${data.title || ""}#${hash(String(hands[0]?.id || ""))}`;
  if (state.loadedFor !== progressId) {
    state.loadedFor = progressId;
    state.record = loadWidget(progressId);
    state.record.round = state.record.round && typeof state.record.round === "object" ? state.record.round : { answers: {} };
    state.record.round.answers = state.record.round.answers || {};
    // JupyterLab: the kernel keeps the answers in `responses` as long as it runs
    for (const [id, done] of Object.entries(model.get("responses") || {})) {
      if (!state.record.round.answers[id] && done?.estimates) state.record.round.answers[id] = done;
    }
  }
  const answers = state.record.round.answers;
  const save = () => {
    state.record.title = data.title || "Judge a hand";
    saveWidget(progressId, state.record);
  };
  let index = Number(model.get("index")) || 0;
  if (index < 0 || index >= hands.length) index = 0;
  const item = expect(hands[index], "object", `hand ${index + 1}`);
  const done = answers[item.id] && state.retry !== item.id ? answers[item.id] : null;
  const formId = uid("fht-ev");

  root.append(title(data.title || "Judge a hand"));
  const mastered = hands.filter((h) => state.record.mastered?.[h.id] === true).length;
  const tried = hands.filter((h) => state.record.mastered?.[h.id] !== undefined).length;
  root.append(
    el(
      "div",
      { class: "fht-bar" },
      el("span", { class: "fht-progress", text: `Hand ${index + 1} of ${hands.length}` }),
      el("span", { class: "fht-mastered", "data-mastered": mastered, text: `Judged well at the first try: ${mastered} of ${tried}` }),
    ),
  );
  const seat = data.seat_name || "North";
  root.append(
    el("p", {
      class: "fht-prompt",
      id: `${formId}-q`,
      text: data.prompt || `You sit ${seat}. How many tricks would this hand take with each of these as trumps?`,
    }),
  );
  root.append(cardRow(item.cards, { label: `${seat}'s hand: ${item.label}` }));
  root.append(
    el("p", {
      class: "fht-hint fht-ev-rules",
      text: `${data.rules_title}. An estimate within ${data.tolerance === 1 ? "one trick" : `${data.tolerance} tricks`} of the average over the deals is right.`,
    }),
  );

  const problem = el("p", { class: "fht-input-problem", role: "alert", hidden: true });
  const form = el("form", { class: "fht-ev-form", "aria-labelledby": `${formId}-q` });
  const inputs = {};
  for (const den of dens) {
    const id = `${formId}-${den.code}`;
    const prior = done ? done.estimates[den.code] : (state.drafts?.[item.id]?.[den.code] ?? "");
    const input = el("input", {
      id,
      type: "number",
      min: 0,
      max: tricks,
      step: 1,
      inputmode: "numeric",
      autocomplete: "off",
      enterkeyhint: "done",
      value: prior === undefined || prior === null ? "" : String(prior),
      disabled: Boolean(done),
      "data-den": den.code,
      "aria-label": den.code === "NT" ? "Tricks in no trumps" : `Tricks with ${den.words} as trumps`,
    });
    inputs[den.code] = input;
    form.append(
      el(
        "div",
        { class: "fht-ev-field" },
        el(
          "label",
          { for: id, class: `fht-ev-label fht-ev-${den.code}` },
          el("span", { "aria-hidden": "true", text: den.label }),
          el("span", { class: "fht-sr", text: den.words }),
        ),
        input,
      ),
    );
  }
  const check = el("button", { type: "submit", class: "fht-check", disabled: Boolean(done), text: "Check" });
  form.append(el("div", { class: "fht-ev-submit" }, check));
  ownKeys(form);
  root.append(form, problem);

  const status = statusLine(el("p"), "");
  const ready = Boolean(item.ready);
  if (!ready) {
    statusLine(status, `Dealing the other cards: ${item.done} of ${item.layouts} deals so far\u2026`);
  }
  if (state.statusText) statusLine(status, state.statusText, { failed: true });

  const showProblem = (text) => {
    problem.textContent = text;
    problem.hidden = !text;
  };

  const finish = (estimates) => {
    const verdict = judgeHand(item, estimates);
    const old = answers[item.id];
    const first = old ? old.first : verdict.correct;
    answers[item.id] = { estimates, correct: verdict.correct, first, marks: verdict.marks };
    if (!old) state.record.mastered = { ...(state.record.mastered || {}), [item.id]: verdict.correct };
    state.retry = null;
    state.pending = null;
    state.focus = "verdict";
    save();
    model.set("responses", { ...(model.get("responses") || {}), [item.id]: answers[item.id] });
    model.save_changes();
    state.redraw();
    if (state.live && state.host === "kernel") request(model, { type: "judge", index, estimates }, 4000, { onStatus: state.onStatus, born: state.born });
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const estimates = {};
    const empty = dens.filter((den) => !String(inputs[den.code].value).trim());
    if (empty.length && empty.length < dens.length) {
      const names = empty.map((den) => (den.code === "NT" ? "no trumps" : den.words));
      showProblem(`Fill in all ${dens.length === 5 ? "five" : dens.length}: ${listWords(names)} ${names.length === 1 ? "is" : "are"} still empty.`);
      inputs[empty[0].code].focus();
      return;
    }
    for (const den of dens) {
      const value = readEstimate(inputs[den.code].value, tricks);
      if (value === null) {
        showProblem(`Write a whole number of tricks from 0 to ${tricks} for ${den.code === "NT" ? "no trumps" : den.words}.`);
        inputs[den.code].focus();
        return;
      }
      estimates[den.code] = value;
    }
    showProblem("");
    state.drafts = { ...(state.drafts || {}), [item.id]: estimates };
    if (!item.ready) {
      state.pending = { id: item.id, estimates };
      statusLine(status, `Your estimates are in. Dealing the other cards: ${item.done} of ${item.layouts} deals\u2026`);
      return;
    }
    finish(estimates);
  });

  const hints = Array.isArray(item.hints) ? item.hints : [];
  if (!done && hints.length) root.append(hintButton(hints).node);

  const another = () => {
    state.retry = null;
    state.focus = "prompt";
    if (index + 1 < hands.length) {
      model.set("index", index + 1);
      model.save_changes();
      state.redraw();
      return;
    }
    if (state.live) {
      statusLine(status, "Dealing a new hand\u2026");
      request(model, { type: "new_hand" }, 8000, { onStatus: state.onStatus, born: state.born }).then((reply) => {
        if (reply?.type === "error") statusLine(status, reply.error, { failed: true });
        else if (!reply) statusLine(status, "No new hand came: try again in a moment.", { failed: true });
      });
      return;
    }
    model.set("index", 0);
    model.save_changes();
    state.redraw();
  };

  let box = null;
  if (done) {
    const byGap = dens
      .filter((d) => item.results[d.code] && !done.marks?.[d.code])
      .sort((a, b) => Math.abs(done.estimates[b.code] - item.results[b.code].mean) - Math.abs(done.estimates[a.code] - item.results[a.code].mean));
    const lines = byGap.slice(0, 2).map((d) => `${offBy(d, item.results[d.code], done.estimates[d.code])} ${item.results[d.code].reason}`);
    let reason;
    if (done.correct) {
      const best = dens.reduce((a, b) => (item.results[b.code].mean > item.results[a.code].mean ? b : a));
      reason = `Every estimate is within a trick of the average. The best denomination is ${best.code === "NT" ? "no trumps" : best.words} (average ${Number(item.results[best.code].mean).toFixed(1)}). ${item.results[best.code].reason}`;
    } else reason = lines[0] || "";
    const others =
      byGap.length > 2
        ? `Also off: ${byGap
            .slice(2)
            .map((d) => `${d.label} (you said ${done.estimates[d.code]}, average ${Number(item.results[d.code].mean).toFixed(1)})`)
            .join(", ")}.`
        : "";
    box = verdictBox({
      correct: done.correct,
      heading: done.correct ? "Well judged" : "Not yet",
      reason,
      detail: others,
      onTryAgain: done.correct
        ? null
        : () => {
            state.retry = item.id;
            state.focus = "prompt";
            state.redraw();
          },
      onContinue: another,
      continueLabel: "Try another hand",
      hints: done.correct ? null : hints,
    });
    // a second far-off denomination: its own paragraph, as plain as the first
    if (!done.correct && lines[1]) box.node.querySelector(".fht-verdict-reason")?.after(el("p", { class: "fht-verdict-reason", text: lines[1] }));
    root.append(box.node);
    const charts = el("div", { class: "fht-ev-charts" });
    for (const den of dens) {
      const res = item.results[den.code];
      if (res) charts.append(chart(den, res, done.estimates[den.code], tricks, item.done, Boolean(done.marks?.[den.code])));
    }
    root.append(
      el(
        "div",
        { class: "fht-ev-answer" },
        el("div", { class: "fht-label", text: "In how many deals of the other cards each number of tricks was taken" }),
        charts,
        el("p", {
          class: "fht-hint fht-ev-note",
          text: `Your hand stayed as it is; the other cards were dealt ${item.done} times, and each deal was played out with every card in view, everyone playing perfectly (which favours the declarer a little).`,
        }),
      ),
    );
  } else {
    root.append(el("div", { class: "fht-bar fht-nav" }, el("button", { type: "button", class: "fht-next", text: "Try another hand", onclick: another })));
  }
  root.append(status);

  // live: go on simulating a hand that is not ready (one request at a time)
  // (after an error it stops for this hand: no loop of failing requests)
  if (!ready && state.live && !state.busy && state.failed !== item.id) {
    state.busy = true;
    request(model, { type: "simulate", index }, 8000, { onStatus: state.onStatus, born: state.born }).then((reply) => {
      state.busy = false;
      if (reply?.type === "error") {
        state.failed = item.id;
        state.statusText = `Dealing the other cards for this hand stopped: ${reply.error}`;
      }
      state.redraw();
    });
  }
  if (ready && state.pending?.id === item.id) queueMicrotask(() => finish(state.pending.estimates));

  if (state.focus === "verdict" && box) box.focus();
  else if (state.focus === "prompt") inputs[dens[0].code]?.focus();
  state.focus = null;
}

export default {
  render({ model, el: host }) {
    const kernel = kernelOf(model);
    const state = { live: false, host: null, focus: null, retry: null, born: kernel?.id, statusText: "", redraw: () => {} };
    kernelRestarted(model, state.born);
    state.onStatus = (status, text) => {
      state.statusText = status === "ok" ? "" : text;
      if (status === "restarted") state.live = false;
      state.redraw();
    };
    const widget = mountWidget(host, model, {
      kind: "evaluator",
      label: () => model.get("evaluator")?.title || "Judge a hand",
      traits: ["evaluator", "index", "responses"],
      draw: (root) => draw(model, root, state),
      hello: (reply) => {
        state.live = true;
        state.host = reply.host || "kernel";
        widget.redraw();
      },
    });
    state.redraw = widget.redraw;
    return () => widget.dispose();
  },
};
