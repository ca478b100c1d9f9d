// PlayProblem: play one seat of a problem deal.  Book: precomputed verdicts along the
// recorded line.  JupyterLab and the live book: every card goes to Python (handlers.problem),
// which judges it, answers for the other seats, takes a card back, and gives hints.
// The verdict is a visible panel under the hand (feedback.js); the words are Python's.

import { markCards } from "./cards.js";
import { el, expect, roving, title } from "./dom.js";
import { verdictBox } from "./feedback.js";
import { playWords } from "./format.js";
import { request } from "./host.js";
import { t } from "./language.js";
import { checkVersion, mountWidget } from "./mount.js";
import { renderer } from "./parts.js";
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

/** What the learner sees now: the saved step (book) or the live state, or the view kept while a verdict shows. */
function current(data, ui) {
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

function drawProblem(model, root, ui) {
  const data = expect(model.get("model"), "object", "problem data");
  checkVersion(data, "play problem");
  expect(data.steps, "array", "steps");
  const names = expect(data.seat_names, "array", "seat names");
  root.append(title(data.title || t("Play problem")));
  if (data.intro) root.append(el("p", { class: "fht-context fht-problem-intro", text: data.intro }));
  const now = current(data, ui);
  const { view, legal } = now;
  const contract = view?.contract_label || data.contract_label || data.contract;
  root.append(el("p", { class: "fht-context", text: t("Contract {contract}. You play {seat}.", { contract, seat: data.seat_name }) }));
  const answered = Boolean(ui.verdict);
  // a first miss holds the answer back (the better card, its marks, the line that beats the card), as the
  // quizzes do: Try again is then a real second try; a second miss or *Show the answer* shows it
  const revealed = answered && (ui.verdict.good || ui.misses >= 2 || ui.revealed);
  const shownVerdict = answered && !revealed ? { ...ui.verdict, best: [] } : ui.verdict;
  if (view) {
    const table = renderer(TABLE_RENDERERS, (event) => ui.choose(event.code));
    root.append(table.one(problemTrick(names, view.trick)));
    root.append(el("p", { class: "fht-muted", text: t("Tricks so far: {tricks}.", { tricks: view.tricks_won.map((n, s) => `${names[s]} ${n}`).join(", ") }) }));
    if (!now.done && !answered) root.append(el("p", { class: "fht-label fht-problem-question", text: now.prompt || t("Your turn: choose a card.") }));
    const playable = !ui.waiting && !answered && !now.done;
    const cardCodes = legal.filter((c) => !c.includes(":"));
    root.append(table.one(problemHand(view, names, { legal: cardCodes, playable, verdict: shownVerdict })));
    const special = legal.filter((c) => c.includes(":"));
    let choiceButtons = [];
    if (special.length && !now.done) {
      const box = el("div", { class: "fht-choices", role: "group", "aria-label": t("Other ways to play") });
      for (const code of special) {
        box.append(el("button", { type: "button", "data-choice": code, onclick: () => ui.choose(code), disabled: !playable || undefined }, playWords(code)));
      }
      roving(box);
      root.append(box);
      choiceButtons = [...box.querySelectorAll("button")];
    }
    if (answered) {
      // the other ways to play marked as the hand's cards are: a right pick as right, else the best one(s) and the pick
      const best = shownVerdict.good ? [shownVerdict.code] : shownVerdict.best || [];
      markCards(
        choiceButtons,
        (b) => best.includes(b.dataset.choice),
        (b) => b.dataset.choice === ui.verdict.code,
      );
    }
    if (!answered && !now.done) root.append(hintArea(ui));
  }
  if (answered) {
    const v = ui.verdict;
    const line = revealed && v.line?.length ? t("{intro}: {line}.", { intro: v.lineIntro || bestLineIntro(), line: v.line.join("; ") }) : "";
    const box = verdictBox({
      correct: v.good,
      reason: revealed ? v.reason : v.held || v.reason,
      answer: v.good || !revealed ? "" : v.answer,
      detail: line,
      onTryAgain: v.good ? null : () => ui.tryAgain(),
      onContinue: () => ui.next(),
      continueLabel: v.good ? t("Continue") : t("Keep this card and continue"),
      extra: revealed ? [] : [el("button", { type: "button", class: "fht-show-answer", text: t("Show the answer"), onclick: () => ui.showAnswer() })],
    });
    // the line already plays out this trick: the other seats' answers are not said twice
    if (v.after && !line) box.addNote(v.after);
    // the card the deal went on with is often the answer: named once the answer is shown
    if (v.note) box.addNote(revealed ? v.note : t("Continue goes on as in the deal."));
    root.append(box.node);
    ui.verdictBox = box;
  }
  if (ui.error) root.append(verdictBox({ correct: null, heading: t("That card cannot be played"), reason: ui.error }).node);
  if (now.done && !answered) {
    root.append(
      el(
        "div",
        { class: "fht-verdict fht-verdict-note fht-problem-done", role: "status" },
        el("p", { class: "fht-verdict-reason", text: now.result || t("The problem is finished.") }),
        el(
          "div",
          { class: "fht-verdict-actions" },
          el("button", { type: "button", class: "fht-restart", text: t("Start again"), onclick: () => ui.restart() }),
        ),
      ),
    );
  }
}

/** *Hint*: first a principle, then the card (from Python: saved in the book, asked for when live). */
function hintArea(ui) {
  const list = el("ol", { class: "fht-hints" });
  for (const line of (ui.hints || []).slice(0, ui.hintsShown)) list.append(el("li", { class: "fht-hint-line", text: line }));
  const more = ui.hintsShown < 2;
  const button = el("button", {
    type: "button",
    class: "fht-hint-btn",
    disabled: !more || ui.waiting || undefined,
    text: ui.hintsShown === 0 ? t("Hint") : more ? t("Show the card") : t("No more hints"),
    onclick: () => ui.hint(),
  });
  return el("div", { class: "fht-hint-area" }, button, ui.hintsShown ? list : null);
}

export default {
  render({ model, el: host }) {
    // Book mode (saved verdicts) until a host answers "hello".
    const ui = {
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
    };
    const widget = mountWidget(host, model, {
      kind: "problem",
      label: () => {
        const untitled = t("untitled");
        return t("Play problem: {title}", { title: model.get("model")?.title || untitled });
      },
      fourColour: true,
      traits: ["model"],
      draw: (root) => drawProblem(model, root, ui),
      hello: () => {
        if (ui.step !== 0 || ui.verdict) return;
        const live = model.get("state") || {};
        ui.book = false;
        ui.live = { view: live.view, legal: live.legal || [], status: live.status, prompt: live.prompt, result: live.result };
        widget.draw();
      },
    });
    const draw = widget.draw;
    const focusVerdict = () => ui.verdictBox?.focus();
    const fresh = () => {
      ui.verdict = null;
      ui.shown = null;
      ui.hints = null;
      ui.hintsShown = 0;
      ui.error = "";
      ui.revealed = false;
    };
    ui.choose = async (code) => {
      if (ui.waiting || ui.verdict) return;
      const data = model.get("model");
      const before = current(data, ui);
      ui.error = "";
      if (!ui.book) {
        ui.waiting = true;
        draw();
        const reply = await request(model, { type: "play", code }, 30000);
        ui.waiting = false;
        if (reply && reply.type === REPLY.VERDICT) {
          if (reply.verdict === "illegal") {
            ui.error = reply.annotation;
            draw();
            return;
          }
          ui.pending = { view: reply.view, legal: reply.legal, status: reply.status, prompt: reply.prompt, result: reply.result };
          ui.shown = before; // the table as it was, while the verdict shows
          ui.verdict = {
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
          if (!ui.verdict.good) ui.misses += 1;
          draw();
          focusVerdict();
          return;
        }
        if (reply && reply.type === REPLY.ERROR) {
          ui.error = reply.error;
          draw();
          return;
        }
        ui.book = true; // nothing answered: the saved verdicts
        ui.live = null;
      }
      const step = data.steps[ui.step];
      const choice = step?.choices[code];
      if (!choice) return;
      ui.shown = before;
      ui.verdict = {
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
      if (!ui.verdict.good) ui.misses += 1;
      draw();
      focusVerdict();
    };
    ui.showAnswer = () => {
      ui.revealed = true;
      draw();
      focusVerdict();
    };
    ui.tryAgain = async () => {
      if (!ui.book && ui.pending) {
        ui.waiting = true;
        draw();
        const reply = await request(model, { type: "takeback" }, 30000);
        ui.waiting = false;
        if (reply && reply.type === REPLY.TAKEN_BACK) {
          ui.live = { view: reply.view, legal: reply.legal, status: reply.status, prompt: reply.prompt, result: null };
        } else {
          ui.error = reply?.error || t("The card could not be taken back.");
        }
      }
      ui.pending = null;
      fresh();
      draw();
      host.querySelector(".fht-cards button:not([disabled]), .fht-choices button:not([disabled])")?.focus();
    };
    ui.next = () => {
      ui.misses = 0;
      if (!ui.book && ui.pending) ui.live = ui.pending;
      else if (ui.book) ui.step += 1;
      ui.pending = null;
      fresh();
      draw();
      host.querySelector(".fht-cards button:not([disabled]), .fht-choices button:not([disabled]), .fht-restart")?.focus();
    };
    ui.hint = async () => {
      if (!ui.hints) {
        if (!ui.book) {
          ui.waiting = true;
          draw();
          const reply = await request(model, { type: REPLY.HINT }, 30000);
          ui.waiting = false;
          if (reply && reply.type === REPLY.HINT) ui.hints = [reply.principle, reply.answer];
        }
        if (!ui.hints) {
          const step = model.get("model").steps[ui.step];
          ui.hints = step ? [step.hint.principle, step.hint.answer] : [];
        }
      }
      ui.hintsShown = Math.min(2, ui.hintsShown + 1);
      draw();
      host.querySelector(".fht-hint-btn:not([disabled])")?.focus();
    };
    ui.restart = async () => {
      ui.misses = 0;
      if (!ui.book) {
        const reply = await request(model, { type: "restart" }, 30000);
        if (reply && reply.type === REPLY.RESTARTED)
          ui.live = { view: reply.view, legal: reply.legal, status: PROBLEM_STATUS.YOUR_TURN, prompt: reply.prompt, result: null };
      }
      ui.step = 0;
      fresh();
      draw();
    };
    return widget.dispose;
  },
};
