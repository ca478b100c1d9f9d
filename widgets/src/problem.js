// PlayProblem: play one seat of a problem deal.  Book: precomputed verdicts along the
// recorded line.  JupyterLab: every card goes to Python (problems.handle_request).

import { cardEl, cardRow } from "./cards.js";
import { el, expect, liveRegion, roving, title } from "./dom.js";
import { playWords } from "./format.js";
import { request } from "./host.js";
import { checkVersion, mountWidget } from "./mount.js";

function drawProblem(model, root, ui) {
  const data = expect(model.get("model"), "object", "problem data");
  checkVersion(data, "play problem");
  const steps = expect(data.steps, "array", "steps");
  const names = expect(data.seat_names, "array", "seat names");
  root.append(title(data.title || "Play problem"));
  root.append(el("p", { class: "fht-context", text: `Contract ${data.contract}. You play ${data.seat_name}.` }));
  let view, legal, prompt, done;
  if (ui.live) {
    view = ui.live.view;
    legal = ui.live.legal;
    prompt = null;
    done = ui.live.status === "done";
  } else if (ui.step < steps.length) {
    const step = steps[ui.step];
    view = step.view;
    legal = Object.keys(step.choices);
    prompt = step.prompt;
    done = false;
  } else {
    view = null;
    legal = [];
    done = true;
  }
  if (view) {
    const trick = view.trick.length
      ? el(
          "div",
          { class: "fht-trick", role: "group", "aria-label": "Cards played to this trick" },
          ...view.trick.map(([seat, code]) => el("span", { class: "fht-seat" }, `${names[seat]}: `, cardEl(code, { small: true }))),
        )
      : el("p", { class: "fht-muted", text: "You are on lead." });
    root.append(trick);
    root.append(el("p", { class: "fht-muted", text: `Tricks so far: ${view.tricks_won.map((t, s) => `${names[s]} ${t}`).join(", ")}.` }));
    if (prompt) root.append(el("p", { class: "fht-label", text: prompt }));
    const cardCodes = legal.filter((c) => !c.includes(":"));
    const hand = cardRow(view.hand, {
      label: `Your hand (${names[view.seat]})`,
      button: !ui.waiting && !ui.answered && !done,
      onClick: (code) => ui.choose(code),
    });
    for (const btn of hand.querySelectorAll("button")) {
      if (!cardCodes.includes(btn.dataset.card)) btn.disabled = true;
    }
    root.append(hand);
    const special = legal.filter((c) => c.includes(":"));
    if (special.length && !ui.answered && !done) {
      const box = el("div", { class: "fht-choices", role: "group", "aria-label": "Other ways to play" });
      for (const code of special) {
        box.append(el("button", { type: "button", "data-choice": code, onclick: () => ui.choose(code), disabled: ui.waiting || undefined }, playWords(code)));
      }
      roving(box);
      root.append(box);
    }
  }
  const feedback = liveRegion(root);
  feedback.classList.add("fht-feedback");
  if (ui.feedback) {
    feedback.classList.add(ui.good ? "fht-good" : "fht-bad");
    feedback.textContent = ui.feedback;
  }
  if (!ui.live && ui.answered && ui.step < steps.length) {
    root.append(el("button", { type: "button", class: "fht-next", onclick: () => ui.next() }, "Continue the deal"));
  }
  if (done) root.append(el("p", { class: "fht-label", text: ui.result || "The problem is finished." }));
}

export default {
  render({ model, el: host }) {
    // Book mode (saved verdicts) until a kernel answers "hello".
    const ui = { step: 0, answered: false, waiting: false, feedback: "", good: true, live: null, result: null, book: true };
    const widget = mountWidget(host, model, {
      kind: "problem",
      label: () => `Play problem: ${model.get("model")?.title || "untitled"}`,
      fourColour: true,
      traits: ["model"],
      draw: (root) => drawProblem(model, root, ui),
      hello: () => {
        if (ui.step !== 0 || ui.answered) return;
        const live = model.get("state") || {};
        ui.book = false;
        ui.live = { view: live.view, legal: live.legal || [], status: live.status };
        widget.draw();
      },
    });
    const draw = widget.draw;
    ui.choose = async (code) => {
      if (ui.waiting) return;
      const data = model.get("model");
      if (!ui.book) {
        ui.waiting = true;
        draw();
        const reply = await request(model, { type: "play", code }, 8000);
        ui.waiting = false;
        if (reply && reply.type === "verdict") {
          ui.live = { view: reply.view, legal: reply.legal, status: reply.status };
          ui.good = reply.verdict === "best";
          const answered = reply.replies?.length ? ` Then: ${reply.replies.join(" ")}.` : "";
          ui.feedback = reply.annotation + answered;
          ui.result = reply.result;
          draw();
          return;
        }
        if (reply && reply.type === "error") {
          ui.feedback = reply.error;
          ui.good = false;
          draw();
          return;
        }
        ui.book = true; // the kernel went away: the saved verdicts
      }
      const step = data.steps[ui.step];
      const choice = step.choices[code];
      ui.answered = true;
      ui.good = choice.verdict === "best";
      const played = step.played === code ? "" : ` In the deal, ${playWords(step.played)} was played.`;
      ui.feedback = choice.annotation + played;
      draw();
    };
    ui.next = () => {
      ui.step += 1;
      ui.answered = false;
      ui.feedback = "";
      draw();
    };
    return widget.dispose;
  },
};
