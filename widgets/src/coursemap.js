// The course map (a page script of the built book, bundled as coursemap.js; bookbuild/course.py loads it
// on every page after the course, window.fhtCourse):
//   - the sidebar: each chapter's state beside its link (done ✓, in progress ◐), and above the contents the
//     streak, today's answers and the next step;
//   - the front page (#fht-course-map): the next step, the streak and the daily goal, every chapter with
//     its state, what "done" means, and the progress file (save it; load one: another device, or a
//     JupyterLab of one's own, which keeps its progress apart from the book's site);
//   - a chapter page counts as opened (progress.js noteVisit);
//   - "Skip to the quiz" beside the theme's "Skip to main content" (skiplink.js).
// Everything is redrawn when the progress changes, on this page or in another tab (JupyterLite's).

import { courseStates, masteryRule, nextStep, pageCourse, readStore, stateWords } from "./course.js";
import { el } from "./dom.js";
import { plural } from "./format.js";
import { nt, t } from "./language.js";
import { dayStats, GOALS, noteVisit, onProgressChange, setDailyGoal } from "./progress.js";
import { progressFileArea } from "./progressfile.js";
import { addSkipLink } from "./skiplink.js";

const MARKS = { done: "\u2713", started: "\u25D0", new: "" };

/** The path of a page of the site ("chapters/03-bowers"), from its URL; null outside the site. */
export function pathOf(url, root) {
  if (!root) return null;
  const href = new URL(url, root);
  href.hash = "";
  href.search = "";
  const base = new URL(root).href;
  if (!href.href.startsWith(base)) return null;
  return (
    href.href
      .slice(base.length)
      .replace(/(\/index)?\.html$/, "")
      .replace(/\/$/, "") || "index"
  );
}

/** The streak and today's answers in words: ["3 days in a row", "Today: 4 of 10 answers"]. */
export function dayWords(stats) {
  const days = stats.streak ? plural(stats.streak, "day in a row") : "";
  const streak = stats.streak
    ? stats.atRisk
      ? t("{days}: answer a question today to keep it", { days })
      : days
    : t("No streak yet: answer a question a day to start one");
  const today = stats.met
    ? nt("Today: {n} answer, the day's goal reached", "Today: {n} answers, the day's goal reached", stats.today, { n: stats.today })
    : nt("Today: {n} of {goal} answers", "Today: {n} of {goal} answers", stats.goal, { n: stats.today, goal: stats.goal });
  return [streak, today];
}

function href(course, path) {
  return new URL(`${path}.html`, course.root).href;
}

function nextLink(course, next, cls) {
  if (!next) return el("p", { class: `${cls} fht-course-all-done`, text: t("Every chapter done. The review below keeps what you learned fresh.") });
  const words =
    next.state === "new" && next.index === 0
      ? t("Start here: {chapter}", { chapter: next.title })
      : next.state === "started"
        ? t("Continue: {chapter}", { chapter: next.title })
        : t("Next: {chapter}", { chapter: next.title });
  return el("a", { class: cls, href: href(course, next.path) }, `${words} `, el("span", { "aria-hidden": "true", text: "\u2192" }));
}

function dayLine(stats, cls) {
  const [streak, today] = dayWords(stats);
  const meter = el(
    "span",
    { class: "fht-course-meter", "aria-hidden": "true" },
    el("span", { style: `width: ${Math.min(100, Math.round((100 * stats.today) / stats.goal))}%` }),
  );
  return el(
    "div",
    { class: cls },
    el(
      "span",
      { class: `fht-course-streak${stats.streak ? " fht-course-streak-on" : ""}` },
      el("span", { class: "fht-course-flame", "aria-hidden": "true", text: "\u2605" }),
      ` ${streak}`,
    ),
    el("span", { class: "fht-course-today" }, today, " ", meter),
  );
}

// ------------------------------------------------------------------------------------ the sidebar

function drawSidebar(course, states, stats) {
  const nav = document.querySelector(".bd-sidebar-primary nav.bd-docs-nav");
  if (!nav) return;
  for (const link of nav.querySelectorAll("a.reference.internal")) {
    const path = pathOf(new URL(link.getAttribute("href") || "", location.href).href, course.root);
    const chapter = states.find((c) => c.path === path);
    for (const old of link.querySelectorAll(".fht-course-mark")) old.remove();
    if (!chapter) continue;
    link.classList.remove("fht-course-done", "fht-course-started");
    if (chapter.state !== "new") link.classList.add(`fht-course-${chapter.state}`);
    if (chapter.state === "new") continue;
    link.append(
      el(
        "span",
        { class: "fht-course-mark" },
        el("span", { "aria-hidden": "true", text: ` ${MARKS[chapter.state]}` }),
        el("span", { class: "fht-sr", text: ` (${chapter.state === "done" ? t("done") : t("in progress")})` }),
      ),
    );
  }
  let box = nav.parentElement.querySelector(".fht-course-side");
  if (!box) {
    box = el("div", { class: "fht-course-side", role: "region", "aria-label": t("Your course in short") });
    nav.before(box);
  }
  box.replaceChildren(dayLine(stats, "fht-course-days"), nextLink(course, nextStep(states), "fht-course-next"));
}

// ------------------------------------------------------------------------------------ the front page

function goalPicker(stats, redraw) {
  const select = el(
    "select",
    { id: "fht-course-goal", class: "fht-course-goal" },
    GOALS.map((n) => el("option", { value: n, selected: n === stats.goal, text: nt("{n} answer a day", "{n} answers a day", n, { n }) })),
  );
  select.addEventListener("change", () => {
    setDailyGoal(Number(select.value));
    redraw();
  });
  return el("p", { class: "fht-course-goal-line" }, el("label", { for: "fht-course-goal", text: `${t("Daily goal:")} ` }), select);
}

function drawFrontMap(holder, course, states, stats, state) {
  const next = nextStep(states);
  const done = states.filter((c) => c.state === "done").length;
  const list = el(
    "ol",
    { class: "fht-course-list" },
    states.map((c) =>
      el(
        "li",
        { class: `fht-course-item fht-course-${c.state}${next && c.path === next.path ? " fht-course-is-next" : ""}` },
        el("span", { class: "fht-course-state-mark", "aria-hidden": "true", text: MARKS[c.state] || "\u25CB" }),
        el("a", { href: href(course, c.path), text: c.title }),
        el("span", { class: "fht-course-state", text: stateWords(c) }),
      ),
    ),
  );
  holder.replaceChildren(
    el(
      "div",
      { class: "fht-course", role: "region", "aria-label": t("Your course") },
      nextLink(course, next, "fht-course-next fht-course-next-big"),
      dayLine(stats, "fht-course-days"),
      el("p", { class: "fht-course-count", text: t("{done} of {chapters}.", { done, chapters: plural(states.length, "chapter done") }) }),
      el(
        "details",
        { class: "fht-course-details", open: state.open || null },
        el("summary", { text: t("Every chapter, your goal and your progress file") }),
        list,
        el("p", { class: "fht-hint fht-course-rule", text: masteryRule() }),
        goalPicker(stats, state.redraw),
        progressFileArea({
          status: state.file,
          intro: t(
            "Your progress stays in this browser (nothing is sent anywhere); the book's notebooks in JupyterLab in your browser share it. To carry it to another device or browser, save it to a file and load the file there.",
          ),
          onChange: (status) => {
            state.file = status;
            state.redraw();
          },
        }),
      ),
    ),
  );
  holder.querySelector("details").addEventListener("toggle", (event) => {
    state.open = event.target.open;
  });
}

// ------------------------------------------------------------------------------------ the page

function start() {
  addSkipLink();
  const course = pageCourse();
  if (!course) return;
  const here = pathOf(location.href, course.root);
  if (here && course.chapters.some((c) => c.path === here)) noteVisit(here);
  const holder = document.getElementById("fht-course-map");
  const state = { open: false, file: { text: "", failed: false }, redraw: null };
  state.redraw = () => {
    const states = courseStates(course, readStore());
    const stats = dayStats();
    drawSidebar(course, states, stats);
    if (holder) {
      const focused = holder.contains(document.activeElement) ? document.activeElement.className : null;
      drawFrontMap(holder, course, states, stats, state);
      if (focused) holder.querySelector(`.${focused.split(" ")[0]}`)?.focus({ preventScroll: true });
    }
  };
  state.redraw();
  let queued = false;
  onProgressChange(() => {
    if (queued) return;
    queued = true;
    setTimeout(() => {
      queued = false;
      state.redraw();
    }, 50);
  });
}

if (typeof document !== "undefined") {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}
