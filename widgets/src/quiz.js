// Quiz panel shared by the quiz widgets and the bidding ladder.
// The engine put every question, answer, explanation and verdict into the model;
// this code only draws, collects the answer and looks the verdict up.

import { card, cardEl, cardRow } from "./cards.js";
import { el, expect, roving, title } from "./dom.js";
import { bidLabel, contextName, isBidCode } from "./format.js";
import { request } from "./host.js";
import { localVerdict } from "./keys.js";
import { checkVersion, mountWidget } from "./mount.js";

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
        const row = el("div", {
          class: "fht-cards",
          role: "group",
          "aria-label": `${contextName(key)}: ${value.map((v) => `${v.seat}: ${v.words || card(v.code).name}`).join(", ")}`,
        });
        for (const v of value)
          row.append(
            el("div", { class: "fht-trick-slot" }, cardEl(v.code, { small: false }), el("div", { text: v.seat + (v.source ? ` (${v.source})` : "") })),
          );
        wrap.append(row);
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
 * Draw the quiz stored in the model's `quiz`, `index`, `score`, `streak`, `best_streak`,
 * `answered`, `responses` traits into `container`.  `state.live` says a kernel answers.
 */
export function quizPanel(model, container, state) {
  const quiz = expect(model.get("quiz"), "object", "quiz");
  checkVersion(quiz, "quiz");
  const bank = expect(quiz.bank, "array", "quiz bank");
  container.replaceChildren();
  const section = el("div", { class: "fht-quiz" });
  container.append(section);
  if (!bank.length) {
    section.append(el("p", { text: "This quiz has no questions." }));
    return;
  }
  let index = Number(model.get("index")) || 0;
  if (index < 0 || index >= bank.length) index = 0;
  const question = expect(bank[index], "object", `question ${index + 1}`);
  expect(question.prompt, "string", "question prompt");
  const responses = model.get("responses") || {};
  const done = responses[String(index)];
  const score = model.get("score") || 0;
  const answered = model.get("answered") || 0;
  const promptId = `fht-q-${Math.random().toString(36).slice(2, 9)}`;

  section.append(title(quiz.title || "Quiz"));
  section.append(
    el(
      "div",
      { class: "fht-bar" },
      el("span", { class: "fht-progress", text: `Question ${index + 1} of ${bank.length}` }),
      el("span", {
        class: "fht-score",
        "data-score": score,
        text: `Score ${score} of ${answered} · streak ${model.get("streak") || 0} (best ${model.get("best_streak") || 0})`,
      }),
    ),
  );
  section.append(el("p", { class: "fht-prompt", id: promptId, text: question.prompt }));
  const choiceCards = (Array.isArray(question.choices) ? question.choices : []).map((c) => c.card).filter(Boolean);
  const hand = question.context?.hand;
  const handCodes = Array.isArray(hand) ? hand.map((c) => c?.code) : [];
  section.append(contextView(question.context, question.kind === "cards" ? handCodes : choiceCards));

  const feedback = el("div", { class: "fht-feedback", role: "status", "aria-live": "polite" });
  const answerArea = el("div", { class: "fht-answer" });
  section.append(answerArea, feedback);

  const showVerdict = (verdict, engineChecked) => {
    feedback.className = `fht-feedback ${verdict.correct ? "fht-good" : "fht-bad"}`;
    const parts = [
      el("span", { class: verdict.correct ? "fht-verdict-good" : "fht-verdict-bad", text: verdict.correct ? "Right. " : "Wrong. " }),
      el("span", { class: "fht-feedback-text", text: verdict.feedback || "" }),
      question.explanation ? el("div", { class: "fht-explanation", text: question.explanation }) : null,
      engineChecked
        ? el("div", {
            class: "fht-hint fht-engine-checked",
            text: state.host === "browser" ? "Checked by the engine in your browser." : "Checked by the engine in the kernel.",
          })
        : null,
    ];
    feedback.replaceChildren(...parts.filter(Boolean));
  };

  const submit = (response) => {
    const verdict = localVerdict(question, response);
    state.focus = "next";
    const all = { ...(model.get("responses") || {}) };
    if (!all[String(index)]) {
      const streak = verdict.correct ? (model.get("streak") || 0) + 1 : 0;
      model.set("score", (model.get("score") || 0) + (verdict.correct ? 1 : 0));
      model.set("answered", (model.get("answered") || 0) + 1);
      model.set("streak", streak);
      model.set("best_streak", Math.max(streak, model.get("best_streak") || 0));
    }
    all[String(index)] = { response, correct: verdict.correct, feedback: verdict.feedback };
    model.set("responses", all);
    model.save_changes();
    if (state.live) {
      request(model, { type: "answer", index, response }).then((reply) => {
        if (reply?.type !== "judged" || reply.index !== index) return;
        state.engine = { ...(state.engine || {}), [index]: reply };
        if (state.redraw) state.redraw();
      });
    }
  };

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
      const next = group.querySelector("[data-choice]:not([disabled])");
      (next || check).focus();
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
      const prior = done ? (field.id ? done.response[field.id] : done.response) : "";
      const input = el("input", {
        id,
        type: "text",
        inputmode: "numeric",
        autocomplete: "off",
        value: prior === undefined ? "" : String(prior),
        disabled: Boolean(done),
        "data-field": field.id,
      });
      inputs.push(input);
      form.append(el("label", { for: id, text: field.label || "Answer" }), input);
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
          feedback.className = "fht-feedback fht-bad";
          feedback.textContent = `"${input.value}" is not a whole number: write digits, with a minus sign for a loss (e.g. -140).`;
          input.focus();
          return;
        }
        values[input.dataset.field] = Number.parseInt(text, 10);
      }
      submit(fields.length === 1 && !fields[0].id ? values[""] : values);
    });
    answerArea.append(form);
  } else {
    throw new Error(`question ${index + 1} has an unknown kind "${kind}"`);
  }

  if (done) {
    const engine = state.engine?.[index];
    showVerdict(engine ? { correct: done.correct, feedback: engine.feedback } : done, Boolean(engine));
  }

  const go = (to) => {
    state.focus = "prompt";
    model.set("index", to);
    model.save_changes();
  };
  const nav = el("div", { class: "fht-bar fht-nav" });
  nav.append(el("button", { type: "button", class: "fht-prev", text: "\u25C0 Previous", disabled: index === 0, onclick: () => go(index - 1) }));
  nav.append(el("button", { type: "button", class: "fht-next", text: "Next \u25B6", disabled: index >= bank.length - 1, onclick: () => go(index + 1) }));
  if (state.live) {
    nav.append(
      el("button", {
        type: "button",
        class: "fht-new",
        text: "New question",
        onclick: () => {
          state.focus = "prompt";
          request(model, { type: "new_question" }).then((reply) => {
            if (reply && reply.type === "question") go(reply.index);
            else if (reply && reply.type === "error") feedback.textContent = reply.error;
          });
        },
      }),
    );
    if (Array.isArray(quiz.presets) && quiz.presets.length) {
      const id = `${promptId}-rules`;
      const select = el(
        "select",
        { id, class: "fht-rules" },
        quiz.presets.map((name) => el("option", { value: name, selected: name === quiz.rules_name, text: name })),
      );
      select.addEventListener("change", () => {
        state.focus = "prompt";
        request(model, { type: "set_rules", rules: select.value }, 20000).then((reply) => {
          if (reply && reply.type === "error") {
            feedback.className = "fht-feedback fht-bad";
            feedback.textContent = reply.error;
            select.value = quiz.rules_name;
          }
        });
      });
      nav.append(el("label", { for: id, text: "Rules" }), select);
    }
  } else if (index >= bank.length - 1) {
    nav.append(el("span", { class: "fht-hint", text: "End of the questions: run the notebook in JupyterLab for new ones." }));
  }
  section.append(nav);

  if (state.focus === "next") {
    (
      section.querySelector(".fht-next:not([disabled])") ||
      section.querySelector(".fht-new") ||
      section.querySelector(".fht-prev:not([disabled])") ||
      feedback
    ).focus();
  } else if (state.focus === "prompt") {
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
  const state = { live: false, host: null, focus: null, engine: {}, redraw: null };
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
  return widget.dispose;
}
