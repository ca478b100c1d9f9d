// The visible verdict shared by every widget that judges an answer: a panel next to what it
// judges, with the verdict ("Right" / "Not yet"), one sentence of why, an optional right answer,
// and buttons (Try again, Continue, Hint).  Python wrote the words; this draws them.
//
//   const box = verdictBox({ correct: false, reason: "J♦ is a heart while hearts are trumps: the left bower.",
//                            answer: "J♦", onTryAgain: () => …, onContinue: () => …, hints: ["Which cards…?", "Is either card a jack?"] });
//   container.append(box.node);      // visible, role=status (screen readers hear it too)
//   box.addNote("…");                // a later, extra line (never replaces the verdict)
//   markAnswer(buttons, (b) => b.dataset.choice === "JD");   // the right answer highlighted
//
// Styles: feedback.css (≥ 44 px buttons, dark mode through the --fht-* variables).

import { el, uid } from "./dom.js";
import { plural } from "./format.js";
import { nt, t } from "./language.js";

/**
 * A *Hint* button and the place its hints appear: a ladder, one rung a click (the principle, then a
 * narrower clue…).  `start` hints show already (read before a redraw); `onUse(n)` is told how many
 * have been shown.  Past the last hint the button becomes `last` ({text, onClick}: e.g. "Show the
 * answer") when given, else it says there are no more.  Returns {button, panel, node, shown()}.
 */
export function hintButton(hints, { onUse = null, label = t("Hint"), start = 0, last = null } = {}) {
  const list = (Array.isArray(hints) ? hints : []).filter((h) => typeof h === "string" && h);
  const panelId = uid("fht-hints");
  const panel = el("ol", { class: "fht-hints", id: panelId, hidden: true });
  let shown = 0;
  const button = el("button", {
    type: "button",
    class: "fht-hint-btn",
    "aria-controls": panelId,
    "aria-expanded": "false",
    disabled: list.length === 0 && !last,
    text: label,
  });
  const reveal = () => {
    panel.append(el("li", { class: "fht-hint-line", text: list[shown] }));
    shown += 1;
    panel.hidden = false;
    button.setAttribute("aria-expanded", "true");
  };
  const relabel = () => {
    if (shown < list.length) button.textContent = shown === 0 ? label : t("Another hint");
    else if (last) {
      button.textContent = last.text;
      button.classList.add("fht-hint-last");
      button.removeAttribute("aria-controls");
      button.removeAttribute("aria-expanded");
    } else {
      button.disabled = true;
      button.textContent = t("No more hints");
    }
  };
  while (shown < Math.min(start, list.length)) reveal();
  relabel();
  button.addEventListener("click", () => {
    if (shown >= list.length) {
      if (last) last.onClick();
      return;
    }
    reveal();
    relabel();
    if (onUse) onUse(shown);
  });
  return { button, panel, node: el("div", { class: "fht-hint-area" }, button, panel), shown: () => shown };
}

/**
 * The hints already read, as a list that stays on screen (after a verdict, where the *Hint* button was):
 * a learner's hints never vanish when they answer.  Returns null when none were read.
 */
export function hintsRead(hints, read) {
  const list = (Array.isArray(hints) ? hints : []).filter((h) => typeof h === "string" && h).slice(0, Math.max(0, read || 0));
  if (!list.length) return null;
  return el(
    "div",
    { class: "fht-hint-area fht-hints-read" },
    el("div", { class: "fht-label", text: plural(list.length, "hints read") }),
    el(
      "ol",
      { class: "fht-hints" },
      list.map((h) => el("li", { class: "fht-hint-line", text: h })),
    ),
  );
}

/**
 * The rung of the hint ladder a first miss shows (an index into `count` hints, `read` of them read
 * before answering): the next one not yet read; when all were read, the last one read again; null
 * when there are no hints.
 */
export function missRung(count, read) {
  if (!(count > 0)) return null;
  const seen = Math.max(0, Number(read) || 0);
  return seen < count ? seen : count - 1;
}

/**
 * What a first miss says (never the answer, never a bare "You chose X."): the feedback on the choice
 * (`feedback`, e.g. "You chose 6♥."), then `hint`, the rung the miss shows; `repeated` when the learner
 * had read that rung already (every rung was read), so it is offered again as such.
 */
export function missReason(feedback, hint, { repeated = false } = {}) {
  const teach = hint ? (repeated ? t("Look again at the last hint: {hint}", { hint }) : hint) : t("Read the question again: which rule decides it?");
  return [feedback, teach].filter(Boolean).join(" ");
}

/**
 * The round's score in words: right at the first try out of the questions *answered* (the quiz's header
 * counts the same way), and the skipped ones said apart, never counted in the "of".
 */
export function roundScoreWords(score, total, skipped = 0) {
  const answered = total - skipped;
  if (!skipped) return t("{score} of {total} right at the first try.", { score, total });
  if (!answered) return nt("None answered yet; {skipped} skipped.", "None answered yet; {skipped} skipped.", skipped, { skipped });
  return t("{score} of {answered} answered right at the first try; {skipped} skipped.", { score, answered, skipped });
}

/**
 * A visible verdict panel.  Options:
 *   correct       true / false (a verdict), or null for a neutral note (e.g. "That card is not legal")
 *   heading       overrides "Right" / "Not yet"
 *   reason        one sentence of why (Python's words, card notation)
 *   answer        the right answer in words, shown after a wrong answer ("The answer: J♦")
 *   detail        a further line (an explanation, the line that beats a costly card)
 *   onTryAgain    shows *Try again* (first, and focused, after a wrong answer)
 *   onContinue    shows *Continue* (label: continueLabel); `continueFirst` puts it before *Try again*
 *                 (and gives it the focus): the answer is shown, going on is the main way
 *   hints         strings for a *Hint* button inside the panel (the principle first, then a clue)
 *   extra         more elements (buttons, links) for the button row
 * Returns {node, addNote(text), focus()}: focus() puts the keyboard on the first button.
 */
export function verdictBox({
  correct,
  heading = null,
  reason = "",
  answer = "",
  detail = "",
  onTryAgain = null,
  onContinue = null,
  continueLabel = t("Continue"),
  continueFirst = false,
  tryAgainLabel = t("Try again"),
  hints = null,
  extra = [],
} = {}) {
  const tone = correct === true ? "fht-verdict-right" : correct === false ? "fht-verdict-wrong" : "fht-verdict-note";
  const words = heading ?? (correct === true ? t("Right") : correct === false ? t("Not yet") : "");
  const node = el("div", { class: `fht-verdict ${tone}`, role: "status", "aria-live": "polite", "aria-atomic": "false" });
  if (words)
    node.append(
      el(
        "div",
        { class: "fht-verdict-heading" },
        el("span", { class: "fht-verdict-icon", "aria-hidden": "true", text: correct === true ? "\u2713" : correct === false ? "\u2717" : "\u2139" }),
        el("strong", { text: words }),
      ),
    );
  if (reason) node.append(el("p", { class: "fht-verdict-reason", text: reason }));
  if (answer && correct === false)
    node.append(el("p", { class: "fht-verdict-answer" }, el("span", { text: `${t("The answer:")} ` }), el("strong", { text: answer })));
  if (detail) node.append(el("p", { class: "fht-verdict-detail", text: detail }));
  const notes = el("div", { class: "fht-verdict-notes" });
  node.append(notes);
  const row = el("div", { class: "fht-verdict-actions" });
  const again = onTryAgain ? el("button", { type: "button", class: "fht-try-again", onclick: onTryAgain, text: tryAgainLabel }) : null;
  const next = onContinue ? el("button", { type: "button", class: "fht-continue", onclick: onContinue, text: continueLabel }) : null;
  // after a miss *Try again* leads (and takes the focus); once the answer is shown, going on does
  if (continueFirst) row.append(...[next, again].filter(Boolean));
  else row.append(...[again, next].filter(Boolean));
  let hintArea = null;
  if (Array.isArray(hints) && hints.length) {
    hintArea = hintButton(hints);
    row.append(hintArea.button);
  }
  for (const item of extra || []) if (item) row.append(item);
  if (row.childElementCount) node.append(row);
  if (hintArea) node.append(hintArea.panel);
  return {
    node,
    addNote(text) {
      if (text) notes.append(el("p", { class: "fht-verdict-note-line", text }));
    },
    focus(options = undefined) {
      focusVerdict(node, options);
    },
  };
}

/** Put the keyboard on a verdict panel (`node`, a verdictBox's): its first button, else the panel itself. */
export function focusVerdict(node, options = undefined) {
  const first = node.querySelector(":scope > .fht-verdict-actions button:not([disabled])");
  if (first) first.focus(options);
  else {
    node.tabIndex = -1;
    node.focus(options);
  }
}

/**
 * The renderer of a `verdict` part: verdictBox's options as data, its buttons' events (`onTryAgain`,
 * `onContinue`, each an event or null) sent to `r.dispatch`; `notes` added lines; `more` extra
 * paragraphs after the reason; `extra` button parts for the row.
 */
export function renderVerdict(part, r) {
  const box = verdictBox({
    ...part,
    onTryAgain: part.onTryAgain ? () => r.dispatch(part.onTryAgain) : null,
    onContinue: part.onContinue ? () => r.dispatch(part.onContinue) : null,
    extra: r.all(part.extra || []),
  });
  let at = box.node.querySelector(".fht-verdict-reason");
  for (const text of part.more || []) {
    const line = el("p", { class: "fht-verdict-reason", text });
    if (at) at.after(line);
    at = line;
  }
  for (const note of part.notes || []) box.addNote(note);
  if (part.cls) box.node.classList.add(...part.cls.split(" "));
  return box.node;
}

/**
 * Highlight the right answer among `items` (elements; `isRight(item)` says which) and mark the
 * learner's wrong pick (`isPicked(item)`).  Words are added for those who cannot see colour: a
 * visually hidden "(the answer)" / "(your answer)" *after* the item's own text, so its accessible
 * name still starts with the words on screen (WCAG 2.5.3, label in name); never an aria-label.
 */
export function markAnswer(items, isRight, isPicked = () => false) {
  for (const item of items) {
    const right = isRight(item);
    const picked = isPicked(item) && !right;
    item.classList.toggle("fht-right-answer", right);
    item.classList.toggle("fht-wrong-pick", picked);
    for (const old of item.querySelectorAll(":scope > .fht-mark-note")) old.remove();
    if (right || picked) item.append(el("span", { class: "fht-sr fht-mark-note", text: ` ${right ? t("(the answer)") : t("(your answer)")}` }));
  }
}

/**
 * The end of a round: score, what was missed, and buttons.  Options:
 *   score, total       how many were right at the first try, of how many asked (skipped ones included:
 *                      the score line counts the answered ones, and says the skipped ones apart)
 *   missed             [{prompt, answer}] the items missed (first try wrong)
 *   skipped            [{prompt}] the items not answered in this round
 *   onPractise         shows *Practise the missed ones* (when something was missed)
 *   onSkipped          shows *Answer the skipped ones* (when something was skipped)
 *   onRestart          shows *Start again*
 *   note               one more line (e.g. "Mastered 6 of 8 in this chapter")
 */
export function summaryBox({ score, total, missed = [], skipped = [], onPractise = null, onSkipped = null, onRestart = null, note = "" }) {
  const all = score === total;
  const node = el("div", { class: `fht-summary ${all ? "fht-verdict-right" : "fht-summary-some"}`, role: "status", "aria-live": "polite" });
  node.append(
    el("div", { class: "fht-verdict-heading" }, el("strong", { text: all ? t("All right at the first try") : t("Round finished") })),
    el("p", { class: "fht-summary-score", text: roundScoreWords(score, total, skipped.length) }),
  );
  if (missed.length) {
    node.append(el("div", { class: "fht-label", text: plural(missed.length, "you missed") }));
    node.append(
      el(
        "ul",
        { class: "fht-summary-missed" },
        missed.map((m) =>
          el("li", {}, el("span", { text: m.prompt }), m.answer ? el("span", { class: "fht-summary-answer", text: ` \u2014 ${m.answer}` }) : null),
        ),
      ),
    );
  }
  if (skipped.length) {
    const n = skipped.length;
    node.append(
      el("p", {
        class: "fht-summary-skipped-line",
        text: plural(n, "you skipped"),
      }),
    );
    node.append(
      el(
        "ul",
        { class: "fht-summary-skipped" },
        skipped.map((m) => el("li", { text: m.prompt })),
      ),
    );
  }
  if (note) node.append(el("p", { class: "fht-summary-note", text: note }));
  const row = el("div", { class: "fht-verdict-actions" });
  if (onSkipped && skipped.length)
    row.append(
      el("button", {
        type: "button",
        class: "fht-answer-skipped",
        onclick: onSkipped,
        text: plural(skipped.length, "answer skipped"),
      }),
    );
  if (onPractise && missed.length)
    row.append(el("button", { type: "button", class: "fht-practise", onclick: onPractise, text: t("Practise the missed ones") }));
  if (onRestart) row.append(el("button", { type: "button", class: "fht-restart", onclick: onRestart, text: t("Start again") }));
  if (row.childElementCount) node.append(row);
  return {
    node,
    focus() {
      const first = row.querySelector("button");
      if (first) first.focus();
    },
  };
}

/** One short status line (loading or failed), or nothing: `statusLine(null)` hides it. */
export function statusLine(node, text, { failed = false } = {}) {
  node.className = `fht-status-line${failed ? " fht-status-failed" : ""}`;
  node.textContent = text || "";
  node.hidden = !text;
  if (failed) node.setAttribute("role", "alert");
  else node.setAttribute("role", "status");
  return node;
}

/**
 * A done moment: a quiz mastered, a chapter done, a problem solved, the day's goal reached.  A `moment`
 * part ({heading, text, lines, chapter, next: {title, href}}) drawn as a panel above the verdict that
 * brought it, said once by a screen reader, with a link to the next step when there is one.
 */
export function momentBox(part) {
  const node = el(
    "div",
    { class: "fht-moment", role: "status", "aria-live": "polite" },
    el(
      "div",
      { class: "fht-verdict-heading" },
      el("span", { class: "fht-moment-icon", "aria-hidden": "true", text: "\u2605" }),
      el("strong", { text: part.heading }),
    ),
  );
  for (const line of [part.text, part.chapter, ...(part.lines || [])]) if (line) node.append(el("p", { class: "fht-moment-line", text: line }));
  if (part.next)
    node.append(
      el(
        "p",
        { class: "fht-moment-next" },
        el("a", { href: part.next.href, class: "fht-moment-link", text: `${t("Next: {title}", { title: part.next.title })} \u2192` }),
      ),
    );
  return node;
}
