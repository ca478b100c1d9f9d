// AssignmentMaker: an instructor types a student id and gets that student's
// own question set, made by the engine (fivehundred_tutor.exercises.maker): the same file
// `fivehundred-tutor assign` writes.  Live book: the engine in the browser; JupyterLab: the kernel.

import { drawSet } from "./assignment.js";
import { download, el, expect, liveRegion, title, uid } from "./dom.js";
import { request } from "./host.js";
import { nt, t } from "./language.js";
import { mountWidget } from "./mount.js";
import { REPLY } from "./protocol.js";

/** The line under the made set, in words (a command is named in quotes: the text shows no Markdown). */
export function makerSummary(student, count, points, fileName) {
  return nt(
    '{student}: {n} question, {points} points — the same set "fivehundred-tutor assign" writes to {path}.',
    '{student}: {n} questions, {points} points — the same set "fivehundred-tutor assign" writes to {path}.',
    count,
    { student, n: count, points, path: `students/${student}/${fileName}` },
  );
}

function drawMaker(model, root, ui) {
  root.append(title(t("A student's own questions")));
  const made = JSON.parse(expect(model.get("made_text"), "string", "question set"));
  const meta = expect(made.assignment, "object", "assignment description");
  const items = expect(made.items, "array", "questions");
  const student = String(made.student || "");
  const srcId = uid("fht-maker-src");
  const idId = uid("fht-maker-id");
  const source = el("textarea", { id: srcId, class: "fht-maker-source", rows: 10, cols: 70, spellcheck: "false" });
  source.value = ui.source !== null ? ui.source : model.get("source") || "";
  source.addEventListener("input", () => {
    ui.source = source.value;
  });
  root.append(
    el(
      "details",
      { class: "fht-maker-details" },
      el("summary", { text: t("The assignment: {title} (edit it to try your own)", { title: meta.title }) }),
      el("label", { for: srcId, class: "fht-label", text: t("Assignment file (TOML)") }),
      source,
    ),
  );
  const input = el("input", {
    id: idId,
    name: "student",
    type: "text",
    autocomplete: "off",
    spellcheck: "false",
    value: ui.typed !== null ? ui.typed : student,
  });
  input.addEventListener("input", () => {
    ui.typed = input.value;
  });
  const form = el(
    "form",
    { class: "fht-bar fht-maker-form" },
    el("label", { for: idId, text: t("Student id") }),
    input,
    el("button", { type: "submit", class: "fht-btn fht-maker-make", disabled: ui.waiting || undefined, text: t("Make this student's questions") }),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    ui.make(input.value.trim(), source.value);
  });
  root.append(form);
  const status = liveRegion(root);
  status.classList.add("fht-feedback", "fht-maker-status");
  if (ui.message) {
    status.textContent = ui.message;
    if (ui.bad) status.classList.add("fht-bad");
  }
  const fileName = `${meta.id}-${student}.questions.json`;
  const button = el("button", { type: "button", class: "fht-btn fht-maker-download", text: t("Download {file}", { file: fileName }) });
  button.addEventListener("click", () => download(model.get("made_text"), fileName));
  root.append(
    el("p", {
      class: "fht-maker-summary",
      "data-student": student,
      text: makerSummary(student, items.length, meta.max_points, fileName),
    }),
    button,
  );
  const area = el("div", {});
  const preview = el(
    "details",
    { class: "fht-maker-preview" },
    el("summary", { text: t("Preview {student}'s questions, as the student sees them", { student }) }),
    area,
  );
  if (ui.previewOpen) preview.open = true;
  preview.addEventListener("toggle", () => {
    ui.previewOpen = preview.open;
  });
  root.append(preview);
  let answers = {};
  drawSet(area, meta, student, items, {
    answers: () => answers,
    setAnswer: (item, response) => {
      answers = { ...answers, [item]: response };
    },
    submitted: () => false,
    submit: () => {},
    footer: () => {},
  });
}

export default {
  render({ model, el: host }) {
    const ui = { waiting: false, message: "", bad: false, source: null, typed: null, previewOpen: false };
    const widget = mountWidget(host, model, {
      kind: "maker",
      label: t("make a student's question set"),
      traits: ["made_text"],
      draw: (root) => drawMaker(model, root, ui),
    });
    ui.make = async (student, source) => {
      if (ui.waiting) return;
      ui.waiting = true;
      ui.message = t("Making the questions of {student}…", { student: student || "…" });
      ui.bad = false;
      widget.draw();
      const reply = await request(model, { type: "make", student, source }, 30000);
      ui.waiting = false;
      if (!reply) {
        ui.message = t("Making a set needs the engine: run this notebook in JupyterLab, or open the live book.");
        ui.bad = true;
      } else if (reply.type === REPLY.ERROR) {
        ui.message = reply.error;
        ui.bad = true;
      } else {
        ui.message = nt("Made the {n} question of {student}.", "Made the {n} questions of {student}.", reply.questions, {
          n: reply.questions,
          student: reply.student,
        });
        ui.typed = null;
      }
      widget.draw();
    };
    return widget.dispose;
  },
};
