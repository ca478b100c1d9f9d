// AssignmentMaker (after assignment.js): an instructor types a student id and gets that student's
// own question set, made by the engine (fivehundred_tutor.exercises.maker): the same file
// `fivehundred-tutor assign` writes.  Live book: the engine in the browser; JupyterLab: the kernel.

function fhtDrawMaker(model, el, ui) {
  const root = fhtRoot(el, "maker", { label: "make a student's question set" });
  root.append(fhtTitle("A student's own questions"));
  const made = JSON.parse(fhtExpect(model.get("made_text"), "string", "question set"));
  const meta = fhtExpect(made.assignment, "object", "assignment description");
  const items = fhtExpect(made.items, "array", "questions");
  const student = String(made.student || "");
  const srcId = fhtAsgUid("fht-maker-src");
  const idId = fhtAsgUid("fht-maker-id");
  const source = fhtEl("textarea", { id: srcId, class: "fht-maker-source", rows: 10, cols: 70, spellcheck: "false" });
  source.value = ui.source !== null ? ui.source : model.get("source") || "";
  source.addEventListener("input", () => { ui.source = source.value; });
  root.append(fhtEl("details", { class: "fht-maker-details" }, fhtEl("summary", { text: `The assignment: ${meta.title} (edit it to try your own)` }), fhtEl("label", { for: srcId, class: "fht-label", text: "Assignment file (TOML)" }), source));
  const input = fhtEl("input", { id: idId, name: "student", type: "text", autocomplete: "off", spellcheck: "false", value: ui.typed !== null ? ui.typed : student });
  input.addEventListener("input", () => { ui.typed = input.value; });
  const form = fhtEl("form", { class: "fht-bar fht-maker-form" },
    fhtEl("label", { for: idId, text: "Student id" }), input,
    fhtEl("button", { type: "submit", class: "fht-btn fht-maker-make", disabled: ui.waiting || undefined, text: "Make this student's questions" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    ui.make(input.value.trim(), source.value);
  });
  root.append(form);
  const status = fhtLive(root);
  status.classList.add("fht-feedback", "fht-maker-status");
  if (ui.message) {
    status.textContent = ui.message;
    if (ui.bad) status.classList.add("fht-bad");
  }
  const fileName = `${meta.id}-${student}.questions.json`;
  const download = fhtEl("button", { type: "button", class: "fht-btn fht-maker-download", text: `Download ${fileName}` });
  download.addEventListener("click", () => {
    const blob = new Blob([model.get("made_text")], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = fhtEl("a", { href: url, download: fileName });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
  root.append(fhtEl("p", { class: "fht-maker-summary", "data-student": student, text: `${student}: ${items.length} questions, ${meta.max_points} points — the same set \`fivehundred-tutor assign\` writes to students/${student}/${fileName}.` }), download);
  const area = fhtEl("div", {});
  const preview = fhtEl("details", { class: "fht-maker-preview" }, fhtEl("summary", { text: `Preview ${student}'s questions, as the student sees them` }), area);
  if (ui.previewOpen) preview.open = true;
  preview.addEventListener("toggle", () => { ui.previewOpen = preview.open; });
  root.append(preview);
  let answers = {};
  fhtAsgDraw(area, meta, student, items, {
    answers: () => answers,
    setAnswer: (item, response) => { answers = { ...answers, [item]: response }; },
    submitted: () => false,
    submit: () => {},
    footer: () => {},
  });
}

const fhtMaker = {
  render({ model, el }) {
    const ui = { waiting: false, message: "", bad: false, source: null, typed: null, previewOpen: false };
    const draw = () => fhtKeepFocus(el, () => fhtSafe(el, "maker", () => fhtDrawMaker(model, el, ui)));
    ui.make = async (student, source) => {
      if (ui.waiting) return;
      ui.waiting = true;
      ui.message = `Making the questions of ${student || "…"}…`;
      ui.bad = false;
      draw();
      const reply = await fhtRequest(model, { type: "make", student, source }, 30000);
      ui.waiting = false;
      if (!reply) {
        ui.message = "Making a set needs the engine: run this notebook in JupyterLab, or open the live book.";
        ui.bad = true;
      } else if (reply.type === "error") {
        ui.message = reply.error;
        ui.bad = true;
      } else {
        ui.message = `Made the ${reply.questions} questions of ${reply.student}.`;
        ui.typed = null;
      }
      draw();
    };
    draw();
    model.on("change:made_text", draw);
    return () => model.off("change:made_text", draw);
  },
};
export default fhtMaker;
