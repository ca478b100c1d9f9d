// Bidding ladder: every bid with its value (from the engine), click for what outranks it; quiz below.

import { el, expect, roving, title } from "./dom.js";
import { plural } from "./format.js";
import { t } from "./language.js";
import { checkVersion } from "./mount.js";
import { mountQuiz, quizPanel } from "./quiz.js";

const SUIT_CLASS = { S: "fht-suit-S", C: "fht-suit-C", D: "fht-suit-D", H: "fht-suit-H" };

function drawLadder(model, root, state) {
  const ladder = expect(model.get("ladder"), "object", "ladder");
  checkVersion(ladder, "ladder");
  const rungs = expect(ladder.rungs, "array", "ladder rungs");
  const selected = model.get("selected") || "";
  const section = el("div", { class: "fht-ladder-part" });
  section.append(title(ladder.rules_title ? t("Bidding ladder: {rules}", { rules: ladder.rules_title }) : t("Bidding ladder")));
  section.append(
    el("p", {
      class: "fht-hint",
      text: t("Lowest bid first. {placement}. Click a bid for its value and what outranks it.", {
        placement: `${ladder.placement.charAt(0).toUpperCase()}${ladder.placement.slice(1)}`,
      }),
    }),
  );
  const grid = el("div", { class: "fht-ladder-grid", role: "group", "aria-label": t("bids from lowest to highest") });
  let row = null;
  let level = null;
  const sel = rungs.findIndex((r) => r.code === selected);
  rungs.forEach((rung, i) => {
    expect(rung.code, "string", "bid code");
    if (rung.level !== level) {
      level = rung.level;
      row = el("div", { class: "fht-ladder-row" }, el("span", { class: "fht-row-label", "aria-hidden": "true", text: String(level) }));
      grid.append(row);
    }
    const cls = ["fht-bid"];
    if (rung.misere) cls.push("fht-misere");
    if (sel >= 0 && i > sel) cls.push("fht-outranks");
    const btn = el(
      "button",
      {
        type: "button",
        class: cls.join(" "),
        "data-bid": rung.code,
        "aria-pressed": rung.code === selected ? "true" : "false",
        onclick: () => {
          state.focusBid = rung.code;
          model.set("selected", rung.code === selected ? "" : rung.code);
          model.save_changes();
        },
      },
      el("span", { class: `fht-bid-label ${SUIT_CLASS[rung.suit] || ""}`, text: rung.label }),
      el("span", { class: "fht-bid-value", text: String(rung.value) }),
    );
    btn.setAttribute("title", `${rung.words}, worth ${rung.value}`);
    row.append(btn);
  });
  roving(grid, "button");
  section.append(grid);
  const detail = el("div", { class: "fht-feedback fht-ladder-detail", role: "status", "aria-live": "polite" });
  if (sel >= 0) {
    const rung = rungs[sel];
    const above = rungs.slice(sel + 1);
    // a bid whose words are its name (misère) is not said twice: "misère (misère)"
    const named = rung.words && rung.words.toLowerCase() !== rung.label.toLowerCase() ? `${rung.label} (${rung.words})` : rung.label;
    const parts = [t("{bid} is worth {value}.", { bid: named, value: rung.value })];
    if (above.length) {
      const list =
        above
          .slice(0, 6)
          .map((r) => r.label)
          .join(", ") + (above.length > 6 ? ", …" : "");
      parts.push(
        t("{count}: {list}. The cheapest bid over it is {bid} ({value}).", {
          count: plural(above.length, "bids outrank it"),
          list,
          bid: above[0].label,
          value: above[0].value,
        }),
      );
    } else {
      parts.push(t("Nothing outranks it: it is the top of the ladder."));
    }
    if (rung.note) parts.push(t("Note: {note}.", { note: rung.note }));
    detail.textContent = parts.join(" ");
  }
  section.append(detail);
  root.append(section);
  if (state.focusBid) {
    const btn = grid.querySelector(`[data-bid="${state.focusBid}"]`);
    if (btn) btn.focus();
    state.focusBid = null;
  }
}

export default {
  render({ model, el: host }) {
    return mountQuiz(host, model, {
      kind: "ladder",
      label: t("bidding ladder and quiz"),
      traits: ["ladder", "selected"],
      draw: (root, state) => {
        drawLadder(model, root, state);
        const quiz = model.get("quiz");
        if (quiz && Array.isArray(quiz.bank) && quiz.bank.length) {
          const panel = el("div", { class: "fht-ladder-quiz" });
          root.append(panel);
          quizPanel(model, panel, state);
        }
      },
    });
  },
};
