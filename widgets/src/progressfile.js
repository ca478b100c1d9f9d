// The progress file (progress.js exportProgress / importProgress) as two buttons and a status line:
// *Save my progress to a file* and *Load progress from a file*.  The course map on the book's front page
// and the Review widget (in every host: a JupyterLab of one's own keeps its progress apart from the
// book's site, so the file is how it moves) both show it.

import { download, el, uid } from "./dom.js";
import { plural } from "./format.js";
import { t } from "./language.js";
import { dayKey, exportProgress, importProgress, MAX_FILE_BYTES } from "./progress.js";

/** What a loaded file brought, in words. */
export function loadedWords(name, counts) {
  return t("Progress loaded from {name}: {widgets}, {review}, {days} of practice.", {
    name,
    widgets: plural(counts.widgets, "quiz or widget"),
    review: plural(counts.review, "question to review"),
    days: plural(counts.days, "day"),
  });
}

/**
 * The buttons and their status line.  `status` ({text, failed}) is what the last action said (kept by the
 * caller across redraws); `onChange(status)` is told after a save or a load (then redraw).
 */
export function progressFileArea({ status = { text: "", failed: false }, onChange, intro = "" }) {
  const id = uid("fht-progress-file");
  const line = el("p", {
    class: `fht-progress-file-status${status.failed ? " fht-status-failed" : ""}`,
    role: "status",
    "aria-live": "polite",
    text: status.text || "",
  });
  const save = el("button", {
    type: "button",
    class: "fht-progress-save",
    text: t("Save my progress to a file"),
    onclick: () => {
      download(exportProgress(), `fivehundred-progress-${dayKey()}.json`);
      onChange({ text: t("Saved. Load that file in another browser, or in JupyterLab's Review, to carry on there."), failed: false });
    },
  });
  const input = el("input", { type: "file", id, class: "fht-progress-input", accept: ".json,application/json" });
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    if (!file) return;
    try {
      if (file.size > MAX_FILE_BYTES) throw new Error(t("That file is too big to be a progress file from this book."));
      onChange({ text: loadedWords(file.name, importProgress(await file.text())), failed: false });
    } catch (error) {
      onChange({ text: error.message, failed: true });
    }
  });
  const load = el("label", { for: id, class: "fht-progress-load" }, t("Load progress from a file"));
  return el(
    "div",
    { class: "fht-progress-file" },
    intro ? el("p", { class: "fht-hint", text: intro }) : null,
    el("div", { class: "fht-progress-file-buttons" }, save, input, load),
    line,
  );
}
