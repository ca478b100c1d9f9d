// fivehundred_tutor — the assignment: a student's question set, answered in a notebook
// widget or in the class's static page (assignment-page.js).
//
// It draws questions, collects answers and compares a response's canonical key with
// the keys the engine accepted (written into the data by Python).  No rule of the
// game is decided here.  In exam mode the data holds no accepted keys at all.

import { card, cardEl } from "./cards.js";
import { download, el, expect, uid } from "./dom.js";
import { plural } from "./format.js";
import { answerState, isAnswered, numberHint, responseKey } from "./keys.js";
import { nt, t } from "./language.js";
import { mountWidget, root, safe } from "./mount.js";

/** The pieces of `message` around `field`, with `nodes` in its place (a sentence holding elements). */
function fillWith(message, field, nodes) {
  const at = message.indexOf(field);
  return at < 0 ? [message, " ", ...nodes] : [message.slice(0, at), ...nodes, message.slice(at + field.length)];
}

import { renderer } from "./parts.js";
import { FEEDBACK_MODE } from "./protocol.js";
import { contextTrick, TABLE_RENDERERS } from "./table.js";

const SHEET_FORMAT = "fivehundred-answers/1";

/** The verdict the data allows: null when this set carries no answers (exam). */
function verdictOf(item, response) {
  if (!Array.isArray(item.accept)) return null;
  const key = responseKey(item.question, response);
  if (key === null) return { correct: false, unreadable: true };
  return { correct: item.accept.includes(key), unreadable: false };
}

function contextView(context) {
  const box = el("div", { class: "fht-context" });
  if (!context || typeof context !== "object") return box;
  if (context.contract && typeof context.contract === "object" && context.contract.label) {
    const c = context.contract;
    box.append(
      el(
        "div",
        {},
        el("div", { class: "fht-label", text: t("Contract") }),
        el("strong", { text: c.label }),
        ` (${c.trumps ? t("{words}; {trumps} are trumps", { words: c.words, trumps: c.trumps }) : t("{words}; no trumps", { words: c.words })})`,
      ),
    );
  }
  const trick = Array.isArray(context.trick) ? context.trick.filter((v) => v && typeof v.code === "string") : [];
  if (trick.length)
    box.append(
      el(
        "div",
        {},
        el("div", { class: "fht-label", text: t("Trick") }),
        renderer(TABLE_RENDERERS).one(contextTrick(t("The trick so far"), trick, { small: true })),
      ),
    );
  if (context.auction && Array.isArray(context.auction)) {
    const text = context.auction.length ? context.auction.map((c) => `${c.seat} ${c.label}`).join(", ") : t("no calls yet");
    box.append(el("div", {}, el("div", { class: "fht-label", text: t("Auction") }), el("span", { text })));
  }
  return box;
}

function choiceLabel(choice) {
  if (choice.card) {
    return [
      cardEl(choice.card, { small: true, label: choice.words || card(choice.card).name }),
      el("span", { class: "fht-asg-choice-text", "aria-hidden": "true", text: choice.label }),
    ];
  }
  return [el("span", { text: choice.label })];
}

/** The answer controls of one question; `onChange(response)` on every change. */
function answerControls(item, response, onChange, disabled) {
  const q = item.question;
  const name = uid("fht-asg");
  const fieldset = el("fieldset", { class: "fht-asg-controls" });
  const legendText =
    {
      choice: t("Choose one"),
      multi: t("Choose every one that applies"),
      cards: q.context?.count ? nt("Pick {n} card", "Pick {n} cards", q.context.count, { n: q.context.count }) : t("Pick the cards"),
      order: t("Put them in order, highest first"),
      number: t("Write whole numbers (minus sign for a loss)"),
      text: t("Answer in your own words (your teacher marks it)"),
    }[q.kind] || t("Your answer");
  fieldset.append(el("legend", { text: legendText }));
  const choices = Array.isArray(q.choices) ? q.choices : [];
  if (q.kind === "choice" || q.kind === "multi" || q.kind === "cards") {
    const many = q.kind !== "choice";
    const chosen = new Set(many ? (Array.isArray(response) ? response : []) : response ? [response] : []);
    const wrap = el("div", { class: "fht-choices" });
    const counter = q.kind === "cards" ? el("div", { class: "fht-muted", "aria-live": "polite" }) : null;
    const updateCounter = () => {
      if (counter) counter.textContent = nt("{n} of {need} picked", "{n} of {need} picked", chosen.size, { n: chosen.size, need: q.context.count });
    };
    for (const choice of choices) {
      const input = el("input", { type: many ? "checkbox" : "radio", name, value: choice.id, disabled });
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
      wrap.append(el("label", { class: "fht-asg-choice", "data-choice": choice.id }, input, ...choiceLabel(choice)));
    }
    fieldset.append(wrap);
    if (counter) {
      updateCounter();
      fieldset.append(counter);
    }
  } else if (q.kind === "order") {
    const ids = choices.map((c) => c.id);
    let order = Array.isArray(response) && response.length === ids.length && ids.every((id) => response.includes(id)) ? [...response] : ids;
    const list = el("ol", { class: "fht-asg-order" });
    const byId = Object.fromEntries(choices.map((c) => [c.id, c]));
    const draw = (focusId, dir) => {
      list.replaceChildren();
      order.forEach((id, at) => {
        const choice = byId[id];
        const words = choice.words || choice.label;
        const up = el("button", {
          type: "button",
          class: "fht-btn",
          "aria-label": t("Move {item} up", { item: words }),
          disabled: disabled || at === 0,
          text: "\u2191",
        });
        const down = el("button", {
          type: "button",
          class: "fht-btn",
          "aria-label": t("Move {item} down", { item: words }),
          disabled: disabled || at === order.length - 1,
          text: "\u2193",
        });
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
        list.append(el("li", { "data-choice": id }, ...choiceLabel(choice), up, down));
        if (focusId === id) setTimeout(() => ((dir === "up" ? up : down).disabled ? (dir === "up" ? down : up) : dir === "up" ? up : down).focus(), 0);
      });
    };
    draw(null);
    const keep = el("button", { type: "button", class: "fht-btn", disabled, text: t("This is my order") });
    keep.addEventListener("click", () => onChange(order));
    fieldset.append(list, keep);
  } else if (q.kind === "number") {
    // No fields: one box, and the response is its text (not a dict), as the engine reads it.
    const named = Array.isArray(q.fields) && q.fields.length > 0;
    const fields = named ? q.fields : [{ id: "value", label: t("Answer") }];
    const values = named ? { ...(response && typeof response === "object" ? response : {}) } : { value: response ?? "" };
    for (const f of fields) {
      const id = uid("fht-num");
      // no inputmode "numeric": iOS's number pad has no minus key, and scores can be negative
      const input = el("input", { id, type: "text", autocomplete: "off", size: 6, value: values[f.id] ?? "", disabled });
      input.addEventListener("input", () => {
        values[f.id] = input.value;
        onChange(named ? { ...values } : values.value);
      });
      fieldset.append(el("div", { class: "fht-asg-field" }, el("label", { for: id, text: f.label }), input));
    }
  } else if (q.kind === "text") {
    // a written answer, marked by hand later: the position it is about (when there is one), then the words
    const hand = Array.isArray(q.context?.hand) ? q.context.hand.filter((c) => c && typeof c.code === "string") : [];
    if (hand.length) {
      const words = hand.map((c) => c.words || card(c.code).name).join(", ");
      const row = el("div", { class: "fht-cards", role: "group", "aria-label": t("Your hand: {cards}", { cards: words }) });
      for (const c of hand) row.append(cardEl(c.code, { small: true, label: c.words || card(c.code).name }));
      fieldset.append(el("div", { class: "fht-asg-hand" }, el("div", { class: "fht-label", text: t("Your hand") }), row));
    }
    const id = uid("fht-text");
    const area = el("textarea", { id, class: "fht-asg-text", rows: 5, maxlength: Number(q.max_chars) || 5000, disabled });
    area.value = typeof response === "string" ? response : "";
    area.addEventListener("input", () => onChange(area.value));
    fieldset.append(el("label", { for: id, class: "fht-label", text: t("Your answer") }), area);
  } else if (q.kind === "play") {
    // a deal to play (an assignment's play section): played at the notebook's play table, which writes
    // the calls and cards into this sheet; the grader replays them (no answer to give here)
    const played = Array.isArray(response) ? response.length : 0;
    fieldset.append(
      el("p", {
        class: "fht-asg-play",
        text: played
          ? t("Played: {played} calls and cards are in your answer sheet.", { played })
          : t("Play this deal at the play table in your notebook (the cell after the questions): your calls and cards go into your answer sheet."),
      }),
    );
  } else {
    throw new Error(`unknown question kind "${q.kind}"`);
  }
  return fieldset;
}

function showVerdict(box, item, response, final = false) {
  const verdict = verdictOf(item, response);
  if (!verdict) return;
  box.className = `fht-feedback ${verdict.correct ? "fht-good" : "fht-bad"}`;
  const hint = numberHint(item.question, response);
  const head = !isAnswered(response)
    ? t("Not answered yet.")
    : hint || (verdict.unreadable ? t("Write whole numbers only, like 280 or -140.") : verdict.correct ? t("Correct!") : t("Not quite."));
  if (!final && (verdict.unreadable || !isAnswered(response))) {
    box.className = "fht-feedback fht-bad";
    box.replaceChildren(el("span", { class: "fht-verdict-bad", text: head }));
    return;
  }
  box.replaceChildren(
    el("span", { class: verdict.correct ? "fht-verdict-good" : "fht-verdict-bad", text: head }),
    verdict.correct ? "" : el("span", { text: ` ${t("The answer: {answer}.", { answer: item.answer_words })}` }),
    el("div", { text: item.explanation || "" }),
  );
}

/**
 * Draw a student's set into `container`.  `store` = {answers(), setAnswer(item, response),
 * submitted(), submit(), footer(root)}; `meta` is the assignment's public description.
 */
export function drawSet(container, meta, student, items, store, name = "") {
  container.replaceChildren();
  const feedbackMode = meta.feedback;
  // the student's name from the roster when the page has it (their id stays beside it: it names the sheet)
  const who = name
    ? [el("strong", { class: "fht-asg-student", text: name }), el("span", { class: "fht-muted", text: ` (${student})` })]
    : [el("strong", { class: "fht-asg-student", text: student })];
  const head = el(
    "div",
    { class: "fht-asg-head" },
    el("h2", {}, ...fillWith(t("Questions for {student}"), "{student}", who)),
    el("p", {
      text: nt("{title} · {n} question · {points} points", "{title} · {n} questions · {points} points", items.length, {
        title: meta.title,
        n: items.length,
        points: meta.max_points,
      }),
    }),
    el("p", {
      class: "fht-muted",
      text:
        feedbackMode === FEEDBACK_MODE.NONE
          ? t("Exam: no feedback is shown; your teacher grades your answer sheet.")
          : feedbackMode === FEEDBACK_MODE.AFTER_SUBMIT
            ? t("Your results come back with your teacher's feedback after grading.")
            : t("Press Check on a question to see whether you are right."),
    }),
  );
  // when and how to hand in: the words come from the assignment file (written by Python), shown before the questions
  for (const [key, cls] of [
    ["due_words", "fht-asg-due"],
    ["late_words", "fht-asg-late"],
    ["hand_in_words", "fht-asg-handin"],
  ]) {
    if (typeof meta[key] === "string" && meta[key]) head.append(el("p", { class: cls, text: meta[key] }));
  }
  container.append(head);
  const progress = el("p", { class: "fht-asg-progress", role: "status", "aria-live": "polite" });
  const boxes = [];
  const updateProgress = () => {
    const answers = store.answers();
    // words are read by a person, not by a key: any words count as an answer
    const states = items.map((it) =>
      it.question.kind === "text" ? (isAnswered(answers[it.item]) ? "answered" : "blank") : answerState(it.question, answers[it.item]),
    );
    const done = states.filter((s) => s === "answered").length;
    const toFix = states.filter((s) => s === "unreadable").length;
    progress.textContent = toFix
      ? t("Answered {done} of {total}. {fix} to fix (whole numbers only).", { done, total: items.length, fix: toFix })
      : t("Answered {done} of {total}.", { done, total: items.length });
  };
  const submitted = store.submitted();
  let section = null;
  for (const item of items) {
    if (item.section !== section) {
      section = item.section;
      container.append(el("h3", { class: "fht-asg-section", text: section }));
    }
    const q = item.question;
    const titleId = uid("fht-asg-title");
    const box = el("section", { class: "fht-asg-item", "aria-labelledby": titleId, "data-item": item.item });
    box.append(el("h4", { id: titleId, text: t("Question {item} ({points})", { item: item.item, points: plural(item.points, "point") }) }));
    box.append(el("p", { class: "fht-prompt", text: q.prompt }));
    box.append(contextView(q.context));
    const feedback = el("div", { class: "fht-feedback", role: "status", "aria-live": "polite" });
    const controls = answerControls(
      item,
      store.answers()[item.item],
      (response) => {
        store.setAnswer(item.item, response);
        // a number box that holds no whole number says so at once, beside the box (it is not counted)
        const hint = numberHint(q, response);
        feedback.className = hint ? "fht-feedback fht-bad" : "fht-feedback";
        feedback.replaceChildren(...(hint ? [el("span", { class: "fht-verdict-bad fht-asg-hint", text: hint })] : []));
        for (const input of controls?.querySelectorAll?.("input[type=text]") ?? []) input.setAttribute("aria-invalid", hint ? "true" : "false");
        updateProgress();
      },
      submitted && feedbackMode === FEEDBACK_MODE.AFTER_SUBMIT,
    );
    box.append(controls);
    if (feedbackMode === FEEDBACK_MODE.IMMEDIATE && Array.isArray(item.accept)) {
      const checkBtn = el("button", { type: "button", class: "fht-btn fht-asg-check", text: t("Check") });
      checkBtn.addEventListener("click", () => showVerdict(feedback, item, store.answers()[item.item]));
      box.append(checkBtn);
    }
    box.append(feedback);
    const saved = numberHint(q, store.answers()[item.item]);
    if (saved && !(submitted && feedbackMode === FEEDBACK_MODE.AFTER_SUBMIT)) {
      feedback.className = "fht-feedback fht-bad";
      feedback.append(el("span", { class: "fht-verdict-bad fht-asg-hint", text: saved }));
    }
    if (submitted && feedbackMode === FEEDBACK_MODE.AFTER_SUBMIT) showVerdict(feedback, item, store.answers()[item.item], true);
    boxes.push(box);
    container.append(box);
  }
  const foot = el("div", { class: "fht-asg-foot" }, progress);
  if (feedbackMode === FEEDBACK_MODE.AFTER_SUBMIT && !submitted && items.some((it) => Array.isArray(it.accept))) {
    const finish = el("button", { type: "button", class: "fht-btn fht-asg-finish", text: t("Finish and show my results") });
    finish.addEventListener("click", () => store.submit());
    foot.append(finish);
  }
  store.footer(foot);
  container.append(foot);
  updateProgress();
}

// ------------------------------------------------------------------ notebook widget
function render({ model, el: host }) {
  let offStatus = () => {};
  const widget = mountWidget(host, model, {
    kind: "assignment",
    label: "assignment",
    traits: ["data", "submitted"],
    focus: false,
    draw: (root) => {
      const data = expect(model.get("data"), "object", "assignment data");
      const items = expect(data.items, "array", "assignment questions");
      const meta = expect(data.assignment, "object", "assignment description");
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
          const status = el("p", { class: "fht-muted fht-asg-status", role: "status", "aria-live": "polite", text: model.get("status") || "" });
          const onStatus = () => {
            status.textContent = model.get("status") || "";
          };
          offStatus();
          model.on("change:status", onStatus);
          offStatus = () => model.off("change:status", onStatus);
          foot.append(status);
        },
      };
      drawSet(root, meta, String(data.student || ""), items, store);
    },
  });
  return () => {
    widget.dispose();
    offStatus();
  };
}

// ---------------------------------------------------------------------- the page
function loadSaved(key) {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch (_error) {
    return null;
  }
}

function save(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch (_error) {
    return false;
  }
}

/** Build the answer sheet the grader reads. */
export function answerSheet(meta, student, items, answers) {
  const picked = {};
  const ids = {};
  for (const it of items) {
    ids[it.item] = it.question.id;
    if (isAnswered(answers[it.item])) picked[it.item] = answers[it.item];
  }
  return {
    format: SHEET_FORMAT,
    assignment: meta.id,
    fingerprint: meta.fingerprint,
    student,
    answers: picked,
    question_ids: ids,
    token: typeof meta.token === "string" ? meta.token : "",
    saved_at: new Date().toISOString(),
    source: "page",
  };
}

/** The class page: ask for the student's id, then show their set. */
export function mountPage(host, data) {
  safe(host, "assignment", () => {
    expect(data, "object", "page data");
    const meta = expect(data.assignment, "object", "assignment description");
    const sets = expect(data.students, "object", "question sets");
    const page = root(host, "assignment", { label: `${meta.title}: assignment` });
    const ask = (message) => {
      page.replaceChildren();
      const inputId = uid("fht-id");
      const form = el(
        "form",
        { class: "fht-asg-login" },
        el("label", { for: inputId, text: t("Your student id") }),
        el("input", { id: inputId, name: "student", type: "text", autocomplete: "username", required: true, spellcheck: "false" }),
        el("button", { type: "submit", class: "fht-btn", text: t("Show my questions") }),
      );
      const error = el("p", { class: "fht-error-text", role: "alert", text: message || "" });
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const typed = form.elements.student.value.trim();
        const exact = Object.hasOwn(sets, typed) ? typed : null;
        const loose = exact || Object.keys(sets).find((k) => k.toLowerCase() === typed.toLowerCase()) || null;
        if (!loose) {
          error.textContent = typed ? t('No questions for the id "{id}". Check the id your teacher gave you.', { id: typed }) : t("Type your student id.");
          form.elements.student.focus();
          return;
        }
        show(loose);
      });
      page.append(el("p", { text: t("{title}: type your student id to get your own questions.", { title: meta.title }) }), form, error);
      setTimeout(() => form.elements.student.focus(), 0);
    };
    const show = (student) => {
      const items = expect(sets[student], "array", `questions of ${student}`);
      const storeKey = `fht-assignment:${meta.id}:${meta.fingerprint}:${student}`;
      const saved = loadSaved(storeKey) || {};
      let answers = saved.answers && typeof saved.answers === "object" ? saved.answers : {};
      let submitted = Boolean(saved.submitted);
      const persist = () => save(storeKey, { answers, submitted });
      const area = el("div", {});
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
          const button = el("button", { type: "button", class: "fht-btn fht-asg-download", text: t("Download my answer sheet") });
          const note = el("p", { class: "fht-muted", role: "status", "aria-live": "polite" });
          button.addEventListener("click", () => {
            const sheet = answerSheet(meta, student, items, answers);
            download(JSON.stringify(sheet, null, 1), `${meta.id}-${student}.answers.json`);
            const file = `${meta.id}-${student}.answers.json`;
            note.textContent =
              typeof meta.hand_in === "string" && meta.hand_in
                ? t("Saved {file}: hand in that file through {place}.", { file, place: meta.hand_in })
                : t("Saved {file}: hand it in the way your teacher told you.", { file });
          });
          const actions = el("div", { class: "fht-asg-actions" }, button);
          if (Object.keys(sets).length > 1) {
            const change = el("button", { type: "button", class: "fht-btn", text: t("Not you? Use another id") });
            change.addEventListener("click", () => ask(""));
            actions.append(change);
          }
          foot.append(actions, note);
        },
      };
      const names = data.names && typeof data.names === "object" ? data.names : {};
      const name = typeof names[student] === "string" ? names[student] : "";
      const redraw = () => drawSet(area, meta, student, items, store, name);
      page.replaceChildren(area);
      redraw(); // no autofocus: a focus ring on the first choice looked like an answer already chosen
    };
    const own = Object.keys(sets);
    // a student's own page holds their set only
    if (own.length === 1) show(own[0]);
    else ask("");
  });
}

export default { render };
