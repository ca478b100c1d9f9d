// "Skip to the quiz": a chapter's exercise is dozens of Tab presses down the page (the sidebar, the
// header, every link of the text).  Next to the theme's "Skip to main content" (shown when the keyboard
// reaches it, the first stop of the page) a second link goes straight to the page's first exercise
// widget and puts the keyboard on its first control.  A page script (coursemap.js runs it).

import { t } from "./language.js";

const STATE_MIME = "application/vnd.jupyter.widget-state+json";
const VIEW_MIME = "application/vnd.jupyter.widget-view+json";
/** Widget kinds that are exercises, most wanted first: a chapter's quiz, then the rest. */
const EXERCISES = () => [
  ["quiz", t("Skip to the quiz")],
  ["ladder", t("Skip to the quiz")],
  ["problem", t("Skip to the problem")],
  ["evaluator", t("Skip to the exercise")],
  ["play", t("Skip to the game")],
];

/** The page's exercise: {kind, words, view (its widget-view script)} or null, from the saved widget state. */
export function pageExercise(doc = document) {
  let models = {};
  try {
    models = JSON.parse(doc.querySelector(`script[type="${STATE_MIME}"]`)?.textContent || "{}").state || {};
  } catch (_error) {
    return null;
  }
  const views = [...doc.querySelectorAll(`script[type="${VIEW_MIME}"]`)].map((script) => {
    let id = null;
    try {
      id = JSON.parse(script.textContent).model_id;
    } catch (_error) {
      id = null;
    }
    return { script, kind: models[id]?.state?._fht_host?.kind || null };
  });
  for (const [kind, words] of EXERCISES()) {
    const found = views.find((v) => v.kind === kind);
    if (found) return { kind, words, view: found.script };
  }
  return null;
}

/** Put the link beside the theme's skip link (once). */
export function addSkipLink(doc = document) {
  const bar = doc.getElementById("pst-skip-link");
  const exercise = pageExercise(doc);
  if (!bar || !exercise || bar.querySelector(".fht-skip-exercise")) return null;
  const cell = exercise.view.closest(".cell") || exercise.view.parentElement;
  if (!cell.id) cell.id = "fht-exercise";
  const link = doc.createElement("a");
  link.href = `#${cell.id}`;
  link.className = "fht-skip-exercise";
  link.textContent = exercise.words;
  link.addEventListener("click", (event) => {
    const control = cell.querySelector(".fht-root button:not([disabled]), .fht-root input:not([disabled]), .fht-root select");
    if (!control) return; // not drawn yet: the anchor still scrolls there
    event.preventDefault();
    cell.scrollIntoView({ block: "start" });
    control.focus({ preventScroll: true });
  });
  bar.append(" ", link);
  return link;
}
