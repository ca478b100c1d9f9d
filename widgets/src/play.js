// PlayDeal: you hold one seat, the bots the others.  Every move is answered by the engine
// (fivehundred_tutor.playdeal): the kernel in JupyterLab, the engine in your browser in the
// live book.  This code draws the state the engine wrote and sends your choice; no rules here.

import { card, cardEl, cardRow } from "./cards.js";
import { el, expect, liveRegion, roving, title } from "./dom.js";
import { request } from "./host.js";
import { mountWidget } from "./mount.js";

function trickRow(names, plays, winner) {
  const row = el("div", {
    class: "fht-cards fht-play-trick",
    role: "group",
    "aria-label": plays.length ? `Cards on the table: ${plays.map(([s, c]) => `${names[s]}: ${card(c).name}`).join(", ")}` : "No cards on the table yet",
  });
  for (const [seat, code] of plays) {
    row.append(
      el(
        "div",
        { class: `fht-trick-slot${seat === winner ? " fht-won" : ""}` },
        cardEl(code, { small: true }),
        el("div", { text: names[seat] + (seat === winner ? " wins" : "") }),
      ),
    );
  }
  return row;
}

function drawPlay(model, root, ui) {
  const state = expect(model.get("state"), "object", "deal state");
  const v = expect(state.view, "object", "deal view");
  const names = expect(v.seat_names, "array", "seat names");
  const me = Number(v.seat);
  root.append(title(model.get("title") || "Play a deal against the bots"));
  const facts = [`You are ${names[me]}`, `dealer ${names[v.dealer]}`];
  if (v.contract) facts.push(`contract ${v.contract} by ${names[v.declarer]}`);
  if (v.side_tricks) facts.push(`tricks ${v.side_names.map((n, i) => `${n} ${v.side_tricks[i]}`).join(", ")}`);
  root.append(el("p", { class: "fht-context fht-play-facts", text: `${facts.join(" · ")}.` }));
  if (v.auction?.length && v.phase === "auction") {
    root.append(
      el(
        "p",
        { class: "fht-play-auction" },
        el("span", { class: "fht-label", text: "Auction: " }),
        v.auction.map((a) => `${names[a.seat]} ${a.label}`).join(", "),
      ),
    );
  }
  if (v.phase === "play" || v.last_trick) {
    const showing = v.trick.length ? v.trick : v.last_trick ? v.last_trick.plays : [];
    const winner = v.trick.length ? null : v.last_trick ? v.last_trick.winner : null;
    root.append(el("div", { class: "fht-label", text: v.trick.length || !v.last_trick ? "This trick" : "Last trick" }), trickRow(names, showing, winner));
  }
  const legal = Array.isArray(v.legal) ? v.legal : [];
  const byCard = new Map(legal.filter((a) => a.card).map((a) => [a.card, a]));
  const mine = Array.isArray(v.hands[me]) ? v.hands[me] : [];
  let prompt = "";
  if (v.over) prompt = "The deal is over.";
  else if (ui.waiting) prompt = "The engine is thinking…";
  else if (legal.length)
    prompt =
      v.phase === "auction" ? "Your call: bid or pass." : v.phase === "kitty" ? "You took the kitty: choose a card to discard." : "Your turn: choose a card.";
  root.append(el("p", { class: "fht-label fht-play-prompt", text: prompt }));
  const hand = cardRow(mine, {
    label: `Your hand (${names[me]})`,
    button: !v.over && legal.length > 0,
    onClick: (code) => {
      const a = byCard.get(code);
      if (a) ui.act(a.code);
    },
  });
  for (const btn of hand.querySelectorAll("button")) {
    const action = byCard.get(btn.dataset.card);
    if (!action || ui.waiting) btn.disabled = true;
    else btn.querySelector(".fht-sr").textContent = action.label;
  }
  root.append(hand);
  const others = legal.filter((a) => !a.card);
  if (others.length && !v.over) {
    const box = el("div", { class: "fht-choices fht-play-calls", role: "group", "aria-label": v.phase === "auction" ? "Your call" : "Other ways to play" });
    for (const a of others) {
      const words = a.words ? el("span", { class: "fht-sr", text: ` (${a.words})` }) : null;
      box.append(
        el(
          "button",
          { type: "button", class: "fht-choice", "data-choice": a.code, disabled: ui.waiting || undefined, onclick: () => ui.act(a.code) },
          a.label.replace(/^Bid /, ""),
          words,
        ),
      );
    }
    roving(box);
    root.append(box);
  }
  const log = Array.isArray(state.log) ? state.log.slice(-6) : [];
  root.append(
    el("div", { class: "fht-label", text: "What happened" }),
    el(
      "ul",
      { class: "fht-play-log" },
      log.map((t) => el("li", { text: t })),
    ),
  );
  const feedback = liveRegion(root);
  feedback.classList.add("fht-feedback");
  if (ui.message) feedback.textContent = ui.message;
  if (v.over && v.result) {
    const scores = v.side_names.map((n, i) => `${n} ${v.result.scores[i] > 0 ? "+" : ""}${v.result.scores[i]}`).join(", ");
    root.append(
      el(
        "div",
        { class: `fht-feedback fht-play-result ${v.result.made ? "fht-good" : "fht-bad"}` },
        el("strong", { text: "Score: " }),
        scores,
        el("div", { text: v.result.summary }),
      ),
    );
  }
  if (v.over && ui.review) {
    // The solver's check of the learner's cards (computed by the engine; drawn here).
    const review = el("div", { class: "fht-play-review", role: "group", "aria-label": "Your play, checked by the solver" });
    review.append(el("p", { class: "fht-label", text: "Your play, checked by the solver" }), el("p", { text: ui.review.summary }));
    if (ui.review.rows.length)
      review.append(
        el(
          "ul",
          { class: "fht-play-log" },
          ui.review.rows.map((r) => el("li", { text: r.text })),
        ),
      );
    for (const note of ui.review.notes || []) review.append(el("p", { class: "fht-muted", text: note }));
    root.append(review);
  }
  const nav = el("div", { class: "fht-bar fht-nav" });
  if (v.over && !ui.review) {
    nav.append(
      el("button", {
        type: "button",
        class: "fht-review",
        disabled: ui.waiting || undefined,
        text: "Check my play",
        title: "The double-dummy solver checks each card you chose",
        onclick: () => ui.checkPlay(),
      }),
    );
  }
  nav.append(el("button", { type: "button", class: "fht-new-deal", disabled: ui.waiting || undefined, text: "New deal", onclick: () => ui.newDeal() }));
  root.append(nav);
}

export default {
  render({ model, el: host }) {
    const ui = { waiting: false, message: "", focus: null, review: null };
    const widget = mountWidget(host, model, {
      kind: "play",
      label: () => model.get("title") || "play a deal",
      fourColour: true,
      traits: ["state"],
      draw: (root) => drawPlay(model, root, ui),
    });
    const send = async (message) => {
      ui.waiting = true;
      ui.message = "";
      widget.draw();
      // The solver's check of a whole deal can take a while (the 2-player game most): wait longer for it.
      const reply = await request(model, message, message.type === "review" ? 120000 : 30000);
      ui.waiting = false;
      if (!reply) ui.message = "Playing needs the engine: run this notebook in JupyterLab, or open the live book.";
      else if (reply.type === "error") ui.message = reply.error;
      else if (reply.type === "moved") ui.message = `${reply.log.join(". ")}.`;
      else if (reply.type === "deal") {
        ui.message = "A new deal.";
        ui.review = null;
      } else if (reply.type === "review") {
        ui.review = reply;
        ui.message = reply.summary;
      }
      widget.draw();
      const first = host.querySelector(".fht-play-calls button:not([disabled]), .fht-cards button:not([disabled]), .fht-review, .fht-new-deal");
      if (first) first.focus();
    };
    ui.act = (code) => {
      if (!ui.waiting) send({ type: "act", code });
    };
    ui.newDeal = () => {
      if (!ui.waiting) send({ type: "new_deal", seed: Math.floor(Math.random() * 1e9) });
    };
    ui.checkPlay = () => {
      if (!ui.waiting) send({ type: "review" });
    };
    return widget.dispose;
  },
};
