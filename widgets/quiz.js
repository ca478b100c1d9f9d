// Quiz panel shared by the quiz widgets and the bidding ladder.
// The engine put every question, answer, explanation and verdict into the model;
// this code only draws, collects the answer and looks the verdict up.

const FHT_CONTEXT_NAMES = { hand: "Your hand", trick: "The trick so far", cards: "Cards", card: "Card", contract: "Contract" };

function fhtHuman(key) {
  return FHT_CONTEXT_NAMES[key] || key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/** The key under which the engine stored the verdict for a response (handlers._canonical). */
export function fhtResponseKey(kind, response) {
  if (kind === "choice") return String(response);
  if (kind === "multi" || kind === "cards") return [...response].map(String).sort().join(",");
  if (kind === "order") return response.map(String).join(",");
  if (kind === "number") {
    if (response !== null && typeof response === "object") return Object.keys(response).sort().map((k) => `${k}=${response[k]}`).join(",");
    return String(response);
  }
  throw new Error(`unknown question kind "${kind}"`);
}

/** Look the verdict up in what the engine precomputed. */
export function fhtLocalVerdict(question, response) {
  const key = fhtResponseKey(question.kind, response);
  const verdicts = question.verdicts || {};
  if (Object.prototype.hasOwnProperty.call(verdicts, key)) {
    const [correct, at] = verdicts[key];
    return { correct: Boolean(correct), feedback: (question.feedbacks || [])[at] || "" };
  }
  if (question.answer_key !== null && question.answer_key !== undefined && key === question.answer_key) return { correct: true, feedback: question.right };
  return { correct: false, feedback: question.wrong };
}

/** Is this context object a card (the engine's card_info), not a bid or anything else? */
function fhtIsCardInfo(v) {
  if (!v || typeof v !== "object" || typeof v.code !== "string" || "trumps" in v) return false;
  try {
    return !v.words || fhtCard(v.code).name === v.words;
  } catch (_error) {
    return false;
  }
}

const FHT_BID_RE = /^(6|7|8|9|10)(S|C|D|H|NT)$/;
/** Display text for a bid code: "7H" → "7♥", "MIS" → "misère". */
export function fhtBidLabel(code) {
  if (code === "MIS") return "misère";
  if (code === "OM") return "open misère";
  const m = FHT_BID_RE.exec(code);
  if (!m) return code;
  return m[1] + (m[2] === "NT" ? "NT" : FHT_SUITS[m[2]].sym);
}

function fhtContextView(context, choiceCards = []) {
  const box = fhtEl("div", { class: "fht-context" });
  const same = (value) => Array.isArray(value) && choiceCards.length > 0 && value.length === choiceCards.length && value.every((v) => v && choiceCards.includes(v.code));
  for (const [key, value] of Object.entries(context || {})) {
    if (value === null || value === undefined || key === "count") continue;
    if (same(value)) continue; // the choices show these very cards
    if (value && typeof value === "object" && !Array.isArray(value) && typeof value.format === "string") continue; // a record for programs
    const label = () => fhtEl("div", { class: "fht-label", text: fhtHuman(key) });
    if (value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length && Object.values(value).every((v) => Array.isArray(v) && v.every(fhtIsCardInfo))) {
      const wrap = fhtEl("div", {}, label());
      for (const [who, cards] of Object.entries(value)) {
        wrap.append(fhtEl("div", { class: "fht-hint", text: who }), fhtCardRow(cards.map((c) => c.code), { label: `${who}: ` + (cards.map((c) => c.words).join(", ") || "no cards") }));
      }
      box.append(wrap);
      continue;
    }
    if (Array.isArray(value) && value.length && value.every((v) => v && typeof v === "object" && typeof v.call === "string")) {
      box.append(fhtEl("div", {}, label(), fhtEl("span", { text: value.map((v) => `${v.seat ? v.seat + ": " : ""}${v.label || fhtBidLabel(v.call)}`).join(", ") })));
      continue;
    }
    if (key === "contract" && typeof value === "object") {
      const trumps = value.trumps ? `${value.trumps} are trumps` : "no trumps";
      box.append(fhtEl("div", {}, fhtEl("div", { class: "fht-label", text: "Contract" }), fhtEl("strong", { text: value.label }), ` (${value.words}; ${trumps})`));
    } else if (Array.isArray(value) && value.length && value.every(fhtIsCardInfo)) {
      const wrap = fhtEl("div", {}, fhtEl("div", { class: "fht-label", text: fhtHuman(key) }));
      if (value.some((v) => v.seat)) {
        const row = fhtEl("div", { class: "fht-cards", role: "group", "aria-label": fhtHuman(key) + ": " + value.map((v) => `${v.seat}: ${v.words || fhtCard(v.code).name}`).join(", ") });
        for (const v of value) row.append(fhtEl("div", { class: "fht-trick-slot" }, fhtCardEl(v.code, { small: false }), fhtEl("div", { text: v.seat + (v.source ? ` (${v.source})` : "") })));
        wrap.append(row);
      } else {
        wrap.append(fhtCardRow(value.map((v) => v.code), { label: fhtHuman(key) + ": " + value.map((v) => v.words || fhtCard(v.code).name).join(", ") }));
      }
      box.append(wrap);
    } else if (Array.isArray(value) && value.length === 0) {
      box.append(fhtEl("div", {}, fhtEl("div", { class: "fht-label", text: fhtHuman(key) }), fhtEl("span", { class: "fht-muted", text: "none yet" })));
    } else if (Array.isArray(value) && value.length && value.every((v) => typeof v === "string" && (FHT_BID_RE.test(v) || v === "MIS" || v === "OM"))) {
      box.append(fhtEl("div", {}, fhtEl("div", { class: "fht-label", text: fhtHuman(key) }), fhtEl("span", { text: value.map(fhtBidLabel).join("  ") })));
    } else if (value && typeof value === "object" && typeof value.code === "string" && (value.words || value.label)) {
      if (fhtIsCardInfo(value)) {
        const extra = [value.winner ? `won by ${value.winner}` : "", value.source ? `from the ${value.source}` : ""].filter(Boolean).join(", ");
        box.append(fhtEl("div", {}, fhtEl("div", { class: "fht-label", text: fhtHuman(key) }), fhtCardRow([value.code], { label: value.words + (extra ? `, ${extra}` : "") }), extra ? fhtEl("div", { class: "fht-hint", text: extra }) : null));
      } else {
        box.append(fhtEl("div", {}, fhtEl("div", { class: "fht-label", text: fhtHuman(key) }), fhtEl("strong", { text: value.label || value.code }), value.words && value.words !== value.label ? ` (${value.words})` : null));
      }
    } else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      box.append(fhtEl("div", {}, fhtEl("div", { class: "fht-label", text: fhtHuman(key) }), fhtEl("span", { text: String(value) })));
    } else if (value && typeof value === "object" && typeof value.summary === "string") {
      box.append(fhtEl("div", {}, fhtEl("div", { class: "fht-label", text: key === "hand" ? "This hand" : fhtHuman(key) }), fhtEl("span", { text: value.summary })));
    } else if (Array.isArray(value) || typeof value === "object") {
      const parts = Array.isArray(value) ? value.map((v) => (typeof v === "object" ? Object.values(v).join(" ") : String(v))) : Object.entries(value).map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
      box.append(fhtEl("div", {}, fhtEl("div", { class: "fht-label", text: fhtHuman(key) }), fhtEl("span", { text: parts.join("; ") })));
    }
  }
  return box;
}

function fhtChoiceButton(choice, attrs = {}) {
  if (choice.card) {
    const btn = fhtCardEl(choice.card, { button: true, label: choice.words || fhtCard(choice.card).name });
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") btn.classList.add(...String(v).split(" ").filter(Boolean));
      else btn.setAttribute(k, v === true ? "" : String(v));
    }
    btn.dataset.choice = choice.id;
    return btn;
  }
  const extra = choice.words && choice.words !== choice.label ? fhtEl("span", { class: "fht-muted", text: ` ${choice.words}` }) : null;
  return fhtEl("button", { type: "button", class: "fht-choice", "data-choice": choice.id, ...attrs }, fhtEl("span", { text: choice.label }), extra);
}

/**
 * Draw the quiz stored in the model's `quiz`, `index`, `score`, `streak`, `best_streak`,
 * `answered`, `responses` traits into `container`.  `state.live` says a kernel answers.
 */
export function fhtQuizPanel(model, container, state) {
  const quiz = fhtExpect(model.get("quiz"), "object", "quiz");
  fhtCheckVersion(quiz, "quiz");
  const bank = fhtExpect(quiz.bank, "array", "quiz bank");
  container.replaceChildren();
  const section = fhtEl("div", { class: "fht-quiz" });
  container.append(section);
  if (!bank.length) {
    section.append(fhtEl("p", { text: "This quiz has no questions." }));
    return;
  }
  let index = Number(model.get("index")) || 0;
  if (index < 0 || index >= bank.length) index = 0;
  const question = fhtExpect(bank[index], "object", `question ${index + 1}`);
  fhtExpect(question.prompt, "string", "question prompt");
  const responses = model.get("responses") || {};
  const done = responses[String(index)];
  const score = model.get("score") || 0;
  const answered = model.get("answered") || 0;
  const promptId = `fht-q-${Math.random().toString(36).slice(2, 9)}`;

  section.append(fhtTitle(quiz.title || "Quiz"));
  section.append(
    fhtEl("div", { class: "fht-bar" },
      fhtEl("span", { class: "fht-progress", text: `Question ${index + 1} of ${bank.length}` }),
      fhtEl("span", { class: "fht-score", "data-score": score, text: `Score ${score} of ${answered} · streak ${model.get("streak") || 0} (best ${model.get("best_streak") || 0})` })),
  );
  section.append(fhtEl("p", { class: "fht-prompt", id: promptId, text: question.prompt }));
  const choiceCards = (Array.isArray(question.choices) ? question.choices : []).map((c) => c.card).filter(Boolean);
  const hand = question.context && question.context.hand;
  const handCodes = Array.isArray(hand) ? hand.map((c) => c && c.code) : [];
  section.append(fhtContextView(question.context, question.kind === "cards" ? handCodes : choiceCards));

  const feedback = fhtEl("div", { class: "fht-feedback", role: "status", "aria-live": "polite" });
  const answerArea = fhtEl("div", { class: "fht-answer" });
  section.append(answerArea, feedback);

  const showVerdict = (verdict, engineChecked) => {
    feedback.className = "fht-feedback " + (verdict.correct ? "fht-good" : "fht-bad");
    const parts = [
      fhtEl("span", { class: verdict.correct ? "fht-verdict-good" : "fht-verdict-bad", text: verdict.correct ? "Right. " : "Wrong. " }),
      fhtEl("span", { class: "fht-feedback-text", text: verdict.feedback || "" }),
      question.explanation ? fhtEl("div", { class: "fht-explanation", text: question.explanation }) : null,
      engineChecked ? fhtEl("div", { class: "fht-hint fht-engine-checked", text: state.host === "browser" ? "Checked by the engine in your browser." : "Checked by the engine in the kernel." }) : null,
    ];
    feedback.replaceChildren(...parts.filter(Boolean));
  };

  const submit = (response) => {
    const verdict = fhtLocalVerdict(question, response);
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
      fhtRequest(model, { type: "answer", index, response }).then((reply) => {
        if (!reply || reply.type !== "judged" || reply.index !== index) return;
        state.engine = { ...(state.engine || {}), [index]: reply };
        if (state.redraw) state.redraw();
      });
    }
  };

  const choices = Array.isArray(question.choices) ? question.choices : [];
  const group = fhtEl("div", { class: "fht-choices", role: "group", "aria-labelledby": promptId });
  const checkBtn = (enabled, onClick) => fhtEl("button", { type: "button", class: "fht-check", disabled: !enabled || Boolean(done), onclick: onClick, text: "Check" });
  const kind = question.kind;
  if (kind === "choice") {
    for (const choice of choices) {
      const chosen = done && done.response === choice.id;
      group.append(fhtChoiceButton(choice, { disabled: Boolean(done), "aria-pressed": chosen ? "true" : null, class: chosen ? "fht-choice fht-selected" : null }));
    }
    group.addEventListener("click", (event) => {
      const btn = event.target.closest("[data-choice]");
      if (btn && !btn.disabled) submit(btn.dataset.choice);
    });
    fhtRoving(group);
    answerArea.append(group);
  } else if (kind === "multi" || kind === "cards") {
    const pool = kind === "cards" ? (Array.isArray(hand) ? hand : []).map((c) => ({ id: c.code, label: c.label, words: c.words, card: c.code })) : choices;
    const picked = new Set(done ? done.response : []);
    const need = kind === "cards" ? Number((question.context && question.context.count) || 0) : 0;
    const status = fhtEl("span", { class: "fht-hint" });
    const check = checkBtn(false, () => submit([...picked]));
    const refresh = () => {
      status.textContent = need ? `${picked.size} of ${need} picked` : `${picked.size} picked`;
      check.disabled = Boolean(done) || (need ? picked.size !== need : picked.size === 0);
    };
    for (const choice of pool) {
      const btn = fhtChoiceButton(choice, { disabled: Boolean(done), "aria-pressed": picked.has(choice.id) ? "true" : "false" });
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
    fhtRoving(group);
    refresh();
    answerArea.append(group, fhtEl("div", { class: "fht-bar" }, check, status));
  } else if (kind === "order") {
    const order = done ? [...done.response] : [];
    const line = fhtEl("div", { class: "fht-order-line", "aria-live": "polite" });
    const check = checkBtn(false, () => submit([...order]));
    const undo = fhtEl("button", { type: "button", class: "fht-undo", text: "Undo", disabled: Boolean(done) });
    const labelOf = (id) => (choices.find((c) => c.id === id) || { label: id }).label;
    const refresh = () => {
      line.textContent = order.length ? `Your order: ${order.map(labelOf).join(" > ")}` : "Click the cards from highest to lowest.";
      for (const btn of group.querySelectorAll("[data-choice]")) btn.disabled = Boolean(done) || order.includes(btn.dataset.choice);
      check.disabled = Boolean(done) || order.length !== choices.length;
      undo.disabled = Boolean(done) || order.length === 0;
    };
    for (const choice of choices) group.append(fhtChoiceButton(choice));
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
    fhtRoving(group);
    refresh();
    answerArea.append(group, line, fhtEl("div", { class: "fht-bar" }, check, undo));
  } else if (kind === "number") {
    const fields = Array.isArray(question.fields) && question.fields.length ? question.fields : [{ id: "", label: "Answer" }];
    const inputs = [];
    const form = fhtEl("form", { class: "fht-bar fht-number", "aria-labelledby": promptId });
    fields.forEach((field, i) => {
      const id = `${promptId}-f${i}`;
      const prior = done ? (field.id ? done.response[field.id] : done.response) : "";
      const input = fhtEl("input", { id, type: "text", inputmode: "numeric", autocomplete: "off", value: prior === undefined ? "" : String(prior), disabled: Boolean(done), "data-field": field.id });
      inputs.push(input);
      form.append(fhtEl("label", { for: id, text: field.label || "Answer" }), input);
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
    const engine = state.engine && state.engine[index];
    showVerdict(engine ? { correct: done.correct, feedback: engine.feedback } : done, Boolean(engine));
  }

  const go = (to) => {
    state.focus = "prompt";
    model.set("index", to);
    model.save_changes();
  };
  const nav = fhtEl("div", { class: "fht-bar fht-nav" });
  nav.append(fhtEl("button", { type: "button", class: "fht-prev", text: "\u25C0 Previous", disabled: index === 0, onclick: () => go(index - 1) }));
  nav.append(fhtEl("button", { type: "button", class: "fht-next", text: "Next \u25B6", disabled: index >= bank.length - 1, onclick: () => go(index + 1) }));
  if (state.live) {
    nav.append(fhtEl("button", {
      type: "button", class: "fht-new", text: "New question",
      onclick: () => {
        state.focus = "prompt";
        fhtRequest(model, { type: "new_question" }).then((reply) => {
          if (reply && reply.type === "question") go(reply.index);
          else if (reply && reply.type === "error") feedback.textContent = reply.error;
        });
      },
    }));
    if (Array.isArray(quiz.presets) && quiz.presets.length) {
      const id = `${promptId}-rules`;
      const select = fhtEl("select", { id, class: "fht-rules" }, quiz.presets.map((name) => fhtEl("option", { value: name, selected: name === quiz.rules_name, text: name })));
      select.addEventListener("change", () => {
        state.focus = "prompt";
        fhtRequest(model, { type: "set_rules", rules: select.value }, 20000).then((reply) => {
          if (reply && reply.type === "error") {
            feedback.className = "fht-feedback fht-bad";
            feedback.textContent = reply.error;
            select.value = quiz.rules_name;
          }
        });
      });
      nav.append(fhtEl("label", { for: id, text: "Rules" }), select);
    }
  } else if (index >= bank.length - 1) {
    nav.append(fhtEl("span", { class: "fht-hint", text: "End of the questions: run the notebook in JupyterLab for new ones." }));
  }
  section.append(nav);

  if (state.focus === "next") {
    (section.querySelector(".fht-next:not([disabled])") || section.querySelector(".fht-new") || section.querySelector(".fht-prev:not([disabled])") || feedback).focus();
  } else if (state.focus === "prompt") {
    const first = section.querySelector(".fht-answer button:not([disabled]), .fht-answer input:not([disabled])");
    if (first) first.focus();
  }
  state.focus = null;
}

/** Wire a quiz panel to the model: redraw on change, discover a live kernel. */
export function fhtMountQuiz(model, el, kind, drawAll, extraTraits = []) {
  const state = { live: false, focus: null, engine: {}, redraw: null };
  const draw = () => fhtKeepFocus(el, () => fhtSafe(el, kind, () => drawAll(state)));
  const redraw = fhtBatched(draw);
  state.redraw = redraw;
  draw();
  const names = ["quiz", "index", "score", "streak", "best_streak", "answered", "responses", ...extraTraits];
  for (const name of names) model.on(`change:${name}`, redraw);
  fhtRequest(model, { type: "hello" }, 5000).then((reply) => {
    if (reply && reply.live) {
      state.live = true;
      state.host = reply.host || "kernel";
      redraw();
    }
  });
  return () => {
    for (const name of names) model.off(`change:${name}`, redraw);
  };
}
