// Review (the book's home page): the questions missed in any chapter come back first, then those
// the review says are due (Leitner boxes, progress.js), then fresh ones from the saved bank.
// *Reset my progress* forgets every chapter's results and the review box.

import { el, expect } from "./dom.js";
import { plural } from "./format.js";
import { t } from "./language.js";
import { checkVersion } from "./mount.js";
import { loadReview, resetProgress, reviewAnswer, reviewQueue, STORE_PREFIX } from "./progress.js";
import { progressFileArea } from "./progressfile.js";
import { mountQuiz, quizPanel } from "./quiz.js";

/** Questions missed and not yet put right (box 1): what the review's first line counts. */
export function missedCount(data = loadReview()) {
  return reviewQueue(data).filter((e) => e.box === 1).length;
}

/** The questions of one review round: the stored ones (due first), then the bank's others. */
function reviewBank(quiz) {
  const data = loadReview();
  const stored = reviewQueue(data);
  const due = stored.filter((e) => e.due <= data.step || e.box === 1);
  const later = stored.filter((e) => !due.includes(e));
  const ids = new Set(stored.map((e) => e.item.id));
  const fresh = (Array.isArray(quiz.bank) ? quiz.bank : []).filter((q) => !ids.has(q.id));
  return {
    items: [...due.map((e) => e.item), ...fresh, ...later.map((e) => e.item)],
    from: [...due.map((e) => e.where || ""), ...fresh.map(() => ""), ...later.map((e) => e.where || "")],
  };
}

function resetButton(state) {
  const area = el("div", { class: "fht-reset" });
  const ask = el("button", {
    type: "button",
    class: "fht-reset-progress",
    text: t("Reset my progress"),
    onclick: () => {
      area.replaceChildren(
        el("span", { text: `${t("Forget every chapter's results and this review?")} ` }),
        el("button", {
          type: "button",
          class: "fht-reset-yes",
          text: t("Yes, reset"),
          onclick: () => {
            resetProgress();
            state.reviewBank = null;
            state.round = null;
            state.loadedFor = null;
            state.index = 0;
            state.resetDone = true;
            state.redraw?.();
          },
        }),
        el("button", { type: "button", class: "fht-reset-no", text: t("Keep it"), onclick: () => state.redraw?.() }),
      );
      area.querySelector(".fht-reset-no").focus();
    },
  });
  area.append(ask);
  return area;
}

/**
 * Answers given elsewhere (another tab, or a chapter left with Back, which brings this page back as it
 * was): the first line counts them at once, and a round not yet begun is made again to ask them.
 */
function watchElsewhere(state) {
  const refresh = () => {
    if (!Object.keys(state.round?.answers || {}).length) {
      state.reviewBank = null;
      state.index = 0;
    }
    state.redraw?.();
  };
  const onShow = (event) => {
    if (event.persisted) refresh();
  };
  const onStorage = (event) => {
    if (event.key === null || event.key?.startsWith(STORE_PREFIX)) refresh();
  };
  window.addEventListener("pageshow", onShow);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener("pageshow", onShow);
    window.removeEventListener("storage", onStorage);
  };
}

export default {
  render({ model, el: host }) {
    let watching = null;
    const dispose = mountQuiz(host, model, {
      kind: "review",
      label: t("Review"),
      draw: (root, state) => {
        watching ??= watchElsewhere(state);
        const quiz = expect(model.get("quiz"), "object", "review");
        checkVersion(quiz, "review");
        if (!state.reviewBank) {
          state.reviewBank = reviewBank(quiz);
          state.index = 0;
        }
        const bank = state.reviewBank;
        const missed = missedCount();
        const intro = missed
          ? plural(missed, "missed questions first")
          : bank.from.some(Boolean)
            ? t("Questions from the chapters come back here, missed ones sooner than known ones.")
            : t("Questions you miss in any chapter come back here. Until then: questions from every chapter.");
        root.append(el("p", { class: "fht-review-intro", text: intro }));
        if (state.resetDone) {
          root.append(el("p", { class: "fht-review-reset-done", role: "status", text: t("Your progress is reset.") }));
          state.resetDone = false;
        }
        const panel = el("div");
        root.append(panel);
        const at = Math.min(state.index || 0, bank.items.length - 1);
        const from = bank.from[at];
        quizPanel(model, panel, state, {
          quiz: { ...quiz, title: from ? t("Review — from “{chapter}”", { chapter: from }) : t("Review") },
          bank: bank.items,
          index: () => state.index || 0,
          setIndex: (to) => {
            state.index = to;
          },
          progressId: null,
          review: true,
          onFirstAnswer: (question, correct) => reviewAnswer(question, correct, from || ""),
          onRestart: () => {
            state.reviewBank = null;
          },
        });
        root.append(resetButton(state));
        root.append(
          progressFileArea({
            status: state.file || { text: "", failed: false },
            intro: t(
              "Your progress stays in this browser. To carry it to another browser or device (or between the book and a JupyterLab of your own), save it to a file and load the file there.",
            ),
            onChange: (status) => {
              state.file = status;
              state.reviewBank = null; // a loaded file may bring questions to review
              state.round = null;
              state.loadedFor = null;
              state.index = 0;
              state.redraw?.();
            },
          }),
        );
      },
    });
    return () => {
      watching?.();
      dispose();
    };
  },
};
