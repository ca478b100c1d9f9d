// The play test's parts of the play table (play.js draws the table; this module draws what a test
// adds): which deal of how many, the result of a finished deal beside the bot's table (par), the
// test's number so far, and the buttons to go on.  Every figure and sentence here was written by
// Python (handlers.playtest); this code makes them parts (parts.js) and keeps the learner's progress
// (progress.js).

import { nt, t } from "./language.js";
import { loadWidget, saveWidget } from "./progress.js";

/** The test a play state carries (null: an ordinary deal against the bots). */
export function testOf(state) {
  const test = state && typeof state === "object" ? state.test : null;
  return test && typeof test === "object" && Array.isArray(test.deals) && typeof test.id === "string" ? test : null;
}

/** How far a saved test went: finished deals first, then the actions of the deal in progress. */
export function progressOf(state) {
  const test = testOf(state);
  if (!test) return -1;
  const done = Array.isArray(test.results) ? test.results.length : 0;
  const index = Number.isInteger(test.index) ? test.index : 0;
  const actions = Array.isArray(state.deal?.actions) ? state.deal.actions.length : 0;
  return done * 1e6 + index * 1e3 + actions;
}

/** The progress store's key for a test: its deals and rules (a rebuilt book with other deals starts afresh). */
export const storeId = (test) => `playtest#${test.id}`;

/** The kept state of this test if it went further than the model's (a reload, a new session); else null. */
export function keptState(state, load = loadWidget) {
  const test = testOf(state);
  if (!test) return null;
  const kept = load(storeId(test))?.state;
  if (!testOf(kept) || testOf(kept).id !== test.id || testOf(kept).version !== test.version) return null;
  return progressOf(kept) > progressOf(state) ? kept : null;
}

/** Keep the test's state with the learner's progress (fails quietly: progress is a comfort). */
export function keepState(state, title, save = saveWidget) {
  const test = testOf(state);
  if (test) save(storeId(test), { title, state });
}

const n = (value) => (Number.isInteger(value) ? value : 0);

/** "Deal 2 of 4", and what is graded, above the table (parts: parts.js). */
export function testHeaderPart(state) {
  const test = testOf(state);
  return {
    kind: "box",
    cls: "fht-playtest-head",
    children: [
      { kind: "text", cls: "fht-label fht-playtest-deal", text: t("Deal {n} of {total}", { n: n(test.index) + 1, total: test.deals.length }) },
      {
        kind: "text",
        cls: "fht-hint",
        text: t(
          "Bid and play as well as you can: the bots are the stronger ones. Each card you choose is checked against perfect play (every hand in view); you see how you did when the deal ends.",
        ),
      },
    ],
  };
}

/** The finished deal beside the bot's table, the cards that cost tricks, and the test so far (null: nothing yet). */
export function testPanelPart(state, over) {
  const test = testOf(state);
  const results = Array.isArray(test.results) ? test.results : [];
  const index = n(test.index);
  const result = over ? results[index] : null;
  const children = [];
  if (result) {
    children.push({ kind: "text", cls: "fht-label", text: t("Deal {n} of {total}: how you did", { n: index + 1, total: test.deals.length }) });
    for (const line of Array.isArray(result.words) ? result.words : []) children.push({ kind: "text", text: String(line) });
    const rows = Array.isArray(result.rows) ? result.rows : [];
    if (rows.length)
      children.push({ kind: "box", tag: "ul", cls: "fht-play-log", children: rows.map((r) => ({ kind: "text", tag: "li", text: String(r.text) })) });
  }
  const summary = test.summary && typeof test.summary.text === "string" ? test.summary : null;
  if (summary && n(summary.played) > 0) {
    const done = n(summary.played) >= test.deals.length;
    children.push({
      kind: "box",
      cls: "fht-playtest-summary",
      children: [
        {
          kind: "text",
          cls: "fht-label",
          text: done
            ? test.graded === false
              ? t("Every deal is played")
              : t("The play test is done")
            : nt("Your test so far ({played} of {n} deal)", "Your test so far ({played} of {n} deals)", test.deals.length, {
                played: summary.played,
                n: test.deals.length,
              }),
        },
        { kind: "text", cls: "fht-playtest-number", text: summary.text },
      ],
    });
  }
  return children.length
    ? { kind: "box", cls: "fht-playtest-result", attrs: { role: "group", "aria-label": t("How you did in the play test") }, children }
    : null;
}

/** The buttons a test shows instead of New deal / Check my play: the next deal, or the test again. */
export function testButtonParts(state, over, ui) {
  const test = testOf(state);
  const index = n(test.index);
  const waiting = Boolean(ui.waiting);
  if (!over) return [];
  if (index + 1 < test.deals.length)
    return [
      {
        kind: "button",
        cls: "fht-playtest-next",
        disabled: waiting,
        text: t("Deal {n} of {total}", { n: index + 2, total: test.deals.length }),
        on: { type: "nextDeal" },
      },
    ];
  // an assignment's deals (test.graded false) are played once: the answer sheet holds them
  if (test.graded === false) return [];
  return [{ kind: "button", cls: "fht-playtest-again", disabled: waiting, text: t("Take the play test again"), on: { type: "again" } }];
}
