// fivehundred_tutor — the assignment: a student's question set, answered in a notebook
// widget or in the class's static page.
//
// Concatenated after widgets/cards.js (fivehundred_tutor.widgets.base.esm_bundle).
// It draws questions, collects answers and compares a response's canonical key with
// the keys the engine accepted (written into the data by Python).  No rule of the
// game is decided here.  In exam mode the data holds no accepted keys at all.

const FHT_ASG_SHEET_FORMAT = "fivehundred-answers/1";
let fhtAsgCounter = 0;

function fhtAsgUid(prefix) {
  fhtAsgCounter += 1;
  return `${prefix}-${fhtAsgCounter}-${Math.random().toString(36).slice(2, 7)}`;
}

/** Canonical text of a response (mirrors fivehundred_tutor.exercises.sheets.response_key); null if unreadable. */
export function fhtAsgKey(question, response) {
  const kind = question.kind;
  if (response === undefined || response === null) return null;
  if (kind === "choice") return typeof response === "string" ? response : null;
  if (kind === "multi" || kind === "cards") return Array.isArray(response) ? [...response].map(String).sort().join(",") : null;
  if (kind === "order") return Array.isArray(response) ? response.map(String).join(",") : null;
  if (kind === "number") {
    const fields = question.fields || [];
    const values = fields.length ? fields.map((f) => (response || {})[f.id]) : [response];
    const out = [];
    for (const v of values) {
      const text = String(v === undefined || v === null ? "" : v).trim().replace("\u2212", "-");
      if (!/^[+-]?\d{1,6}$/.test(text)) return null;
      out.push(String(parseInt(text, 10)));
    }
    return out.join(",");
  }
  return null;
}

function fhtAsgAnswered(question, response) {
  if (response === undefined || response === null || response === "") return false;
  if (Array.isArray(response)) return response.length > 0;
  if (typeof response === "object") return Object.values(response).some((v) => String(v ?? "").trim() !== "");
  return true;
}

/** The verdict the data allows: null when this set carries no answers (exam). */
function fhtAsgVerdict(item, response) {
  if (!Array.isArray(item.accept)) return null;
  const key = fhtAsgKey(item.question, response);
  if (key === null) return { correct: false, unreadable: true };
  return { correct: item.accept.includes(key), unreadable: false };
}

function fhtAsgContext(context) {
  const box = fhtEl("div", { class: "fht-context" });
  if (!context || typeof context !== "object") return box;
  if (context.contract && typeof context.contract === "object" && context.contract.label) {
    const c = context.contract;
    box.append(fhtEl("div", {}, fhtEl("div", { class: "fht-label", text: "Contract" }),
      fhtEl("strong", { text: c.label }), ` (${c.words}${c.trumps ? `; ${c.trumps} are trumps` : "; no trumps"})`));
  }
  const trick = Array.isArray(context.trick) ? context.trick.filter((v) => v && typeof v.code === "string") : [];
  if (trick.length) {
    const words = trick.map((v) => `${v.seat}: ${v.words || fhtCard(v.code).name}`).join(", ");
    const row = fhtEl("div", { class: "fht-cards", role: "group", "aria-label": `The trick so far: ${words}` });
    for (const v of trick) row.append(fhtEl("div", { class: "fht-trick-slot" }, fhtCardEl(v.code, { small: true }), fhtEl("div", { text: v.seat })));
    box.append(fhtEl("div", {}, fhtEl("div", { class: "fht-label", text: "Trick" }), row));
  }
  if (context.auction && Array.isArray(context.auction)) {
    const text = context.auction.length ? context.auction.map((c) => `${c.seat} ${c.label}`).join(", ") : "no calls yet";
    box.append(fhtEl("div", {}, fhtEl("div", { class: "fht-label", text: "Auction" }), fhtEl("span", { text })));
  }
  return box;
}

function fhtAsgChoiceLabel(choice) {
  if (choice.card) {
    return [fhtCardEl(choice.card, { small: true, label: choice.words || fhtCard(choice.card).name }),
      fhtEl("span", { class: "fht-asg-choice-text", "aria-hidden": "true", text: choice.label })];
  }
  return [fhtEl("span", { text: choice.label })];
}

/** The answer controls of one question; `onChange(response)` on every change. */
function fhtAsgControls(item, response, onChange, disabled) {
  const q = item.question;
  const name = fhtAsgUid("fht-asg");
  const fieldset = fhtEl("fieldset", { class: "fht-asg-controls" });
  const legendText = {
    choice: "Choose one",
    multi: "Choose every one that applies",
    cards: `Pick ${q.context && q.context.count ? q.context.count : "the"} cards`,
    order: "Put them in order, highest first",
    number: "Write whole numbers (minus sign for a loss)",
  }[q.kind] || "Your answer";
  fieldset.append(fhtEl("legend", { text: legendText }));
  const choices = Array.isArray(q.choices) ? q.choices : [];
  if (q.kind === "choice" || q.kind === "multi" || q.kind === "cards") {
    const many = q.kind !== "choice";
    const chosen = new Set(many ? (Array.isArray(response) ? response : []) : response ? [response] : []);
    const wrap = fhtEl("div", { class: "fht-choices" });
    const counter = q.kind === "cards" ? fhtEl("div", { class: "fht-muted", "aria-live": "polite" }) : null;
    const updateCounter = () => {
      if (counter) counter.textContent = `${chosen.size} of ${q.context.count} picked`;
    };
    for (const choice of choices) {
      const input = fhtEl("input", { type: many ? "checkbox" : "radio", name, value: choice.id, disabled });
      input.checked = chosen.has(choice.id);
      input.addEventListener("change", () => {
        if (many) {
          if (input.checked) chosen.add(choice.id);
          else chosen.delete(choice.id);
          updateCounter();
          onChange(choices.map((c) => c.id).filter((id) => chosen.has(id)));
        } else if (input.checked) {
          onChange(choice.id);
        }
      });
      wrap.append(fhtEl("label", { class: "fht-asg-choice", "data-choice": choice.id }, input, ...fhtAsgChoiceLabel(choice)));
    }
    fieldset.append(wrap);
    if (counter) {
      updateCounter();
      fieldset.append(counter);
    }
  } else if (q.kind === "order") {
    const ids = choices.map((c) => c.id);
    let order = Array.isArray(response) && response.length === ids.length && ids.every((id) => response.includes(id)) ? [...response] : ids;
    const list = fhtEl("ol", { class: "fht-asg-order" });
    const byId = Object.fromEntries(choices.map((c) => [c.id, c]));
    const draw = (focusId, dir) => {
      list.replaceChildren();
      order.forEach((id, at) => {
        const choice = byId[id];
        const words = choice.words || choice.label;
        const up = fhtEl("button", { type: "button", class: "fht-btn", "aria-label": `Move ${words} up`, disabled: disabled || at === 0, text: "\u2191" });
        const down = fhtEl("button", { type: "button", class: "fht-btn", "aria-label": `Move ${words} down`, disabled: disabled || at === order.length - 1, text: "\u2193" });
        const move = (delta) => {
          const to = at + delta;
          if (to < 0 || to >= order.length) return;
          order = [...order];
          [order[at], order[to]] = [order[to], order[at]];
          onChange(order);
          draw(id, delta < 0 ? "up" : "down");
        };
        up.addEventListener("click", () => move(-1));
        down.addEventListener("click", () => move(1));
        list.append(fhtEl("li", { "data-choice": id }, ...fhtAsgChoiceLabel(choice), up, down));
        if (focusId === id) setTimeout(() => ((dir === "up" ? up : down).disabled ? (dir === "up" ? down : up) : dir === "up" ? up : down).focus(), 0);
      });
    };
    draw(null);
    const keep = fhtEl("button", { type: "button", class: "fht-btn", disabled, text: "This is my order" });
    keep.addEventListener("click", () => onChange(order));
    fieldset.append(list, keep);
  } else if (q.kind === "number") {
    const fields = Array.isArray(q.fields) && q.fields.length ? q.fields : [{ id: "value", label: "Answer" }];
    const values = { ...(response && typeof response === "object" ? response : {}) };
    for (const f of fields) {
      const id = fhtAsgUid("fht-num");
      const input = fhtEl("input", { id, type: "text", inputmode: "numeric", autocomplete: "off", size: 6, value: values[f.id] ?? "", disabled });
      input.addEventListener("input", () => {
        values[f.id] = input.value;
        onChange({ ...values });
      });
      fieldset.append(fhtEl("div", { class: "fht-asg-field" }, fhtEl("label", { for: id, text: f.label }), input));
    }
  } else {
    throw new Error(`unknown question kind "${q.kind}"`);
  }
  return fieldset;
}

function fhtAsgShowVerdict(box, item, response, final = false) {
  const verdict = fhtAsgVerdict(item, response);
  if (!verdict) return;
  box.className = "fht-feedback " + (verdict.correct ? "fht-good" : "fht-bad");
  const q = item.question;
  const blank = q.kind === "number" && (q.fields || []).some((f) => String((response || {})[f.id] ?? "").trim() === "");
  const head = !fhtAsgAnswered(q, response) ? "Not answered yet."
    : blank ? "Write a number in every box (0 if nothing)."
    : verdict.unreadable ? "Write whole numbers only, like 280 or -140."
    : verdict.correct ? "Correct!" : "Not quite.";
  if (!final && (verdict.unreadable || !fhtAsgAnswered(q, response))) {
    box.className = "fht-feedback fht-bad";
    box.replaceChildren(fhtEl("span", { class: "fht-verdict-bad", text: head }));
    return;
  }
  box.replaceChildren(
    fhtEl("span", { class: verdict.correct ? "fht-verdict-good" : "fht-verdict-bad", text: head }),
    verdict.correct ? "" : fhtEl("span", { text: ` The answer: ${item.answer_words}.` }),
    fhtEl("div", { text: item.explanation || "" }),
  );
}

/**
 * Draw a student's set into `container`.  `store` = {answers(), setAnswer(item, response),
 * submitted(), submit(), footer(root)}; `meta` is the assignment's public description.
 */
function fhtAsgDraw(container, meta, student, items, store) {
  container.replaceChildren();
  const feedbackMode = meta.feedback;
  const head = fhtEl("div", { class: "fht-asg-head" },
    fhtEl("h2", {}, "Questions for ", fhtEl("strong", { class: "fht-asg-student", text: student })),
    fhtEl("p", { text: `${meta.title} · ${items.length} questions · ${meta.max_points} points` }),
    fhtEl("p", { class: "fht-muted", text: feedbackMode === "none" ? "Exam: no feedback is shown; your teacher grades your answer sheet." : feedbackMode === "after-submit" ? "Press Finish at the end to see your results." : "Press Check on a question to see whether you are right." }));
  container.append(head);
  const progress = fhtEl("p", { class: "fht-asg-progress", role: "status", "aria-live": "polite" });
  const boxes = [];
  const updateProgress = () => {
    const answers = store.answers();
    const done = items.filter((it) => fhtAsgAnswered(it.question, answers[it.item])).length;
    progress.textContent = `Answered ${done} of ${items.length}.`;
  };
  const submitted = store.submitted();
  let section = null;
  for (const item of items) {
    if (item.section !== section) {
      section = item.section;
      container.append(fhtEl("h3", { class: "fht-asg-section", text: section }));
    }
    const q = item.question;
    const titleId = fhtAsgUid("fht-asg-title");
    const box = fhtEl("section", { class: "fht-asg-item", "aria-labelledby": titleId, "data-item": item.item });
    box.append(fhtEl("h4", { id: titleId, text: `Question ${item.item} (${item.points} point${item.points === 1 ? "" : "s"})` }));
    box.append(fhtEl("p", { class: "fht-prompt", text: q.prompt }));
    box.append(fhtAsgContext(q.context));
    const feedback = fhtEl("div", { class: "fht-feedback", role: "status", "aria-live": "polite" });
    const controls = fhtAsgControls(item, store.answers()[item.item], (response) => {
      store.setAnswer(item.item, response);
      feedback.replaceChildren();
      feedback.className = "fht-feedback";
      updateProgress();
    }, submitted && feedbackMode === "after-submit");
    box.append(controls);
    if (feedbackMode === "immediate" && Array.isArray(item.accept)) {
      const checkBtn = fhtEl("button", { type: "button", class: "fht-btn fht-asg-check", text: "Check" });
      checkBtn.addEventListener("click", () => fhtAsgShowVerdict(feedback, item, store.answers()[item.item]));
      box.append(checkBtn);
    }
    box.append(feedback);
    if (submitted && feedbackMode === "after-submit") fhtAsgShowVerdict(feedback, item, store.answers()[item.item], true);
    boxes.push(box);
    container.append(box);
  }
  const foot = fhtEl("div", { class: "fht-asg-foot" }, progress);
  if (feedbackMode === "after-submit" && !submitted && items.some((it) => Array.isArray(it.accept))) {
    const finish = fhtEl("button", { type: "button", class: "fht-btn fht-asg-finish", text: "Finish and show my results" });
    finish.addEventListener("click", () => store.submit());
    foot.append(finish);
  }
  store.footer(foot);
  container.append(foot);
  updateProgress();
}

// ------------------------------------------------------------------ notebook widget
function fhtAsgRenderWidget({ model, el }) {
  fhtSafe(el, "assignment", () => {
    const root = fhtRoot(el, "assignment", { label: "assignment" });
    const draw = () => {
      fhtSafe(root, "assignment", () => {
        const data = fhtExpect(model.get("data"), "object", "assignment data");
        const items = fhtExpect(data.items, "array", "assignment questions");
        const meta = fhtExpect(data.assignment, "object", "assignment description");
        const store = {
          answers: () => model.get("answers") || {},
          setAnswer: (item, response) => {
            model.set("answers", { ...(model.get("answers") || {}), [item]: response });
            model.save_changes();
          },
          submitted: () => Boolean(model.get("submitted")),
          submit: () => {
            model.set("submitted", true);
            model.save_changes();
          },
          footer: (foot) => {
            const status = fhtEl("p", { class: "fht-muted fht-asg-status", role: "status", "aria-live": "polite", text: model.get("status") || "" });
            model.on("change:status", () => { status.textContent = model.get("status") || ""; });
            foot.append(status);
          },
        };
        fhtAsgDraw(root, meta, String(data.student || ""), items, store);
      });
    };
    draw();
    model.on("change:data", draw);
    model.on("change:submitted", draw);
  });
}

// ---------------------------------------------------------------------- the page
function fhtAsgStorage(key) {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch (_error) {
    return null;
  }
}

function fhtAsgSave(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch (_error) {
    return false;
  }
}

/** Build the answer sheet the grader reads. */
export function fhtAsgSheet(meta, student, items, answers) {
  const picked = {};
  const ids = {};
  for (const it of items) {
    ids[it.item] = it.question.id;
    if (fhtAsgAnswered(it.question, answers[it.item])) picked[it.item] = answers[it.item];
  }
  return {
    format: FHT_ASG_SHEET_FORMAT, assignment: meta.id, fingerprint: meta.fingerprint, student,
    answers: picked, question_ids: ids, saved_at: new Date().toISOString(), source: "page",
  };
}

/** The class page: ask for the student's id, then show their set. */
export function fhtMountPage(el, data) {
  fhtSafe(el, "assignment", () => {
    fhtExpect(data, "object", "page data");
    const meta = fhtExpect(data.assignment, "object", "assignment description");
    const sets = fhtExpect(data.students, "object", "question sets");
    const root = fhtRoot(el, "assignment", { label: `${meta.title}: assignment` });
    const ask = (message) => {
      root.replaceChildren();
      const inputId = fhtAsgUid("fht-id");
      const form = fhtEl("form", { class: "fht-asg-login" },
        fhtEl("label", { for: inputId, text: "Your student id" }),
        fhtEl("input", { id: inputId, name: "student", type: "text", autocomplete: "username", required: true, spellcheck: "false" }),
        fhtEl("button", { type: "submit", class: "fht-btn", text: "Show my questions" }));
      const error = fhtEl("p", { class: "fht-error-text", role: "alert", text: message || "" });
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const typed = form.elements.student.value.trim();
        const exact = Object.prototype.hasOwnProperty.call(sets, typed) ? typed : null;
        const loose = exact || Object.keys(sets).find((k) => k.toLowerCase() === typed.toLowerCase()) || null;
        if (!loose) {
          error.textContent = typed ? `No questions for the id "${typed}". Check the id your teacher gave you.` : "Type your student id.";
          form.elements.student.focus();
          return;
        }
        show(loose);
      });
      root.append(fhtEl("p", { text: `${meta.title}: type your student id to get your own questions.` }), form, error);
      setTimeout(() => form.elements.student.focus(), 0);
    };
    const show = (student) => {
      const items = fhtExpect(sets[student], "array", `questions of ${student}`);
      const storeKey = `fht-assignment:${meta.id}:${meta.fingerprint}:${student}`;
      const saved = fhtAsgStorage(storeKey) || {};
      let answers = saved.answers && typeof saved.answers === "object" ? saved.answers : {};
      let submitted = Boolean(saved.submitted);
      const persist = () => fhtAsgSave(storeKey, { answers, submitted });
      const area = fhtEl("div", {});
      const store = {
        answers: () => answers,
        setAnswer: (item, response) => {
          answers = { ...answers, [item]: response };
          persist();
        },
        submitted: () => submitted,
        submit: () => {
          submitted = true;
          persist();
          redraw();
        },
        footer: (foot) => {
          const download = fhtEl("button", { type: "button", class: "fht-btn fht-asg-download", text: "Download my answer sheet" });
          const note = fhtEl("p", { class: "fht-muted", role: "status", "aria-live": "polite" });
          download.addEventListener("click", () => {
            const sheet = fhtAsgSheet(meta, student, items, answers);
            const blob = new Blob([JSON.stringify(sheet, null, 1)], { type: "application/json" });
            const url = URL.createObjectURL(blob);
            const a = fhtEl("a", { href: url, download: `${meta.id}-${student}.answers.json` });
            document.body.append(a);
            a.click();
            a.remove();
            setTimeout(() => URL.revokeObjectURL(url), 1000);
            note.textContent = `Saved ${meta.id}-${student}.answers.json: hand in that file.`;
          });
          const change = fhtEl("button", { type: "button", class: "fht-btn", text: "Not you? Use another id" });
          change.addEventListener("click", () => ask(""));
          foot.append(fhtEl("div", { class: "fht-asg-actions" }, download, change), note);
        },
      };
      const redraw = () => fhtAsgDraw(area, meta, student, items, store);
      root.replaceChildren(area);
      redraw();
      const first = area.querySelector("input, button");
      if (first) first.focus();
    };
    ask("");
  });
}

const fhtAssignment = { render: fhtAsgRenderWidget };
export default fhtAssignment;
