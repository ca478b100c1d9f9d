// PlayDeal: you hold one seat, the bots the others, drawn as a table: four seats, the trick in the
// middle, tricks won, the contract, the kitty.  Every move is answered by Python (handlers.play):
// the kernel in JupyterLab, the engine in your browser in the live book.  This code draws the
// state Python wrote, shows the bots' cards one at a time, and sends your choice; no rules here.

import { card, cardEl, cardRow } from "./cards.js";
import { el, expect, roving, title } from "./dom.js";
import { verdictBox } from "./feedback.js";
import { request } from "./host.js";
import { mountWidget } from "./mount.js";

/** Pauses when the bots play: a card each, and a finished trick stays a while (or until Continue;
 * "wait": until Continue, for a learner who wants to look at every trick). */
export const SPEEDS = { normal: { card: 600, trick: 1500 }, fast: { card: 200, trick: 600 }, wait: { card: 600, trick: null } };

/** Where each seat sits, the learner at the bottom. */
function placeOf(seat, me, players) {
  const turn = (seat - me + players) % players;
  if (players === 4) return ["bottom", "left", "top", "right"][turn];
  if (players === 3) return ["bottom", "left", "right"][turn];
  if (players === 2) return ["bottom", "top"][turn];
  return turn === 0 ? "bottom" : "top";
}

/** The learner's cards that came from the kitty, while they discard (the hand marks them). */
const fromKittyCards = (v) => new Set(v.phase === "kitty" && Array.isArray(v.from_kitty) ? v.from_kitty : []);

/** What the learner does while discarding, with how many cards are still to go. */
function discardWords(v) {
  const left = Number.isInteger(v.to_discard) ? v.to_discard : 0;
  if (left <= 0) return "You took the kitty: choose a card to discard.";
  const total = Number.isInteger(v.discard_total) && v.discard_total >= left ? v.discard_total : left;
  if (left === total) return `You took the kitty: discard ${total} cards, one at a time (a card you tap is discarded at once).`;
  return `Discard ${left} more card${left === 1 ? "" : "s"}.`;
}

/** The tag under a card that came from the kitty (fht.css .fht-kitty-tag). */
const kittyTag = () => el("span", { class: "fht-kitty-tag", "aria-hidden": "true", text: "kitty" });

const tricksWord = (n) => `${n} trick${n === 1 ? "" : "s"}`;

/** The learner's tricks, and their side's when they have a partner: which count is which, in words. */
function myTricks(v, me) {
  const own = `you took ${tricksWord(v.tricks_won[me])}`;
  const side = Number.isInteger(v.side) && Array.isArray(v.side_tricks) ? v.side_tricks[v.side] : null;
  const partnered = v.side_names && typeof v.side_names[v.side] === "string" && v.side_names[v.side] !== v.seat_names[me];
  return side !== null && side !== undefined && partnered ? `${own}; your side (${v.side_names[v.side]}) ${tricksWord(side)}` : own;
}

function seatBox(v, seat, me, ui) {
  const names = v.seat_names;
  const tags = [];
  if (seat === v.dealer) tags.push("dealer");
  if (v.declarer === seat) tags.push("declarer");
  const moving = ui.anim ? false : v.to_move === seat && !v.over;
  if (moving) tags.push(seat === me ? "your turn" : "to play");
  const won = v.tricks_won[seat];
  const box = el("div", { class: `fht-seat${moving ? " fht-to-move" : ""}`, "data-seat": seat });
  box.append(
    el(
      "div",
      {},
      el("span", { class: "fht-seat-name", text: seat === me ? `${names[seat]} (you)` : names[seat] }),
      tags.length ? el("span", { class: "fht-hint", text: ` (${tags.join(", ")})` }) : null,
      v.contract ? el("span", { class: "fht-counts", text: ` · ${won} trick${won === 1 ? "" : "s"}` }) : null,
    ),
  );
  const hand = v.hands[seat];
  if (seat !== me) {
    const count = Array.isArray(hand) ? hand.length : Number(hand) || 0;
    const row = el("div", { class: "fht-cards", role: "img", "aria-label": `${names[seat]}: ${count} card${count === 1 ? "" : "s"} face down` });
    for (let i = 0; i < count; i++) row.append(cardEl("", { faceDown: true, small: true, label: "a face-down card" }));
    for (const child of row.children) child.setAttribute("aria-hidden", "true");
    box.append(row);
  }
  return box;
}

function trickArea(v, me, ui) {
  const names = v.seat_names;
  let plays = v.trick;
  let winner = null;
  let heading = v.phase === "play" ? "This trick" : "";
  if (ui.anim) {
    plays = ui.anim.trick;
    winner = ui.anim.winner;
    heading = winner === null || winner === undefined ? "This trick" : `${names[winner]} wins the trick`;
  } else if (ui.mine) {
    // your card, on the table at once while the bots' answer is on its way
    plays = [...plays, ui.mine];
  } else if (!plays.length && v.last_trick) {
    plays = v.last_trick.plays;
    winner = v.last_trick.winner;
    heading = `Last trick: ${names[winner]} won it`;
  }
  const wrap = el("div", { class: "fht-trick-wrap" });
  if (heading) wrap.append(el("div", { class: "fht-label fht-trick-title", text: heading }));
  const grid = el("div", {
    class: "fht-trick",
    role: "group",
    "aria-label": plays.length ? `Cards on the table: ${plays.map(([s, c]) => `${names[s]}: ${card(c).name}`).join(", ")}` : "No cards on the table",
  });
  const areas = { top: "t", left: "l", right: "r", bottom: "b" };
  for (const [seat, code] of plays) {
    const wins = seat === winner;
    grid.append(
      el(
        "div",
        { class: `fht-trick-slot fht-at-${areas[placeOf(seat, me, v.seat_names.length)]}${wins ? " fht-won" : ""}`, "data-seat": seat },
        cardEl(code, { highlight: wins }),
        el("div", { text: names[seat] + (wins ? ": wins" : "") }),
      ),
    );
  }
  // every seat's place kept (an empty one invisible): the table keeps its size as the cards come,
  // so the learner's hand below never moves under the pointer
  const played = new Set(plays.map(([seat]) => seat));
  for (let seat = 0; seat < names.length; seat++) {
    if (played.has(seat)) continue;
    const slot = el("div", { class: `fht-trick-slot fht-trick-place fht-at-${areas[placeOf(seat, me, names.length)]}`, "aria-hidden": "true" });
    slot.append(cardEl("", { faceDown: true, label: "" }), el("div", { text: names[seat] }));
    grid.append(slot);
  }
  if (!plays.length && v.to_move !== null && v.to_move !== undefined) {
    // never a heading over an empty table: say who leads
    grid.append(el("p", { class: "fht-trick-empty fht-hint fht-at-c", text: v.to_move === me ? "You lead: choose a card." : `${names[v.to_move]} leads.` }));
  }
  wrap.append(grid);
  return wrap;
}

function drawPlay(model, root, ui) {
  // while a move is on its way, the table as it was (the answer's state shows card by card after)
  const state = expect(ui.before || model.get("state"), "object", "deal state");
  const shown = expect(state.view, "object", "deal view");
  // while the cards of a move are shown one by one, the tricks taken as of the card on the table
  // (the final counts would tell who wins a trick before its cards are seen)
  const v = Array.isArray(ui.anim?.tricks_won) ? { ...shown, tricks_won: ui.anim.tricks_won, side_tricks: ui.anim.side_tricks ?? shown.side_tricks } : shown;
  const names = expect(v.seat_names, "array", "seat names");
  const me = Number(v.seat);
  const players = names.length;
  root.append(title(model.get("title") || "Play a deal against the bots"));

  // settings: the bots' level, and how fast their cards appear
  const level = el(
    "select",
    { class: "fht-level", "aria-label": "How strong the bots play", disabled: ui.waiting || undefined, onchange: (e) => ui.setLevel(e.target.value) },
    el("option", { value: "easy", text: "Bots: easy (rules of thumb)" }),
    el("option", { value: "strong", text: "Bots: stronger (they weigh the unseen cards)" }),
  );
  level.value = state.level === "strong" ? "strong" : "easy";
  const speed = el(
    "select",
    { class: "fht-speed", "aria-label": "How fast the bots' cards appear", onchange: (e) => (ui.speed = e.target.value) },
    el("option", { value: "normal", text: "Bots' cards: one at a time" }),
    el("option", { value: "fast", text: "Bots' cards: faster" }),
    el("option", { value: "wait", text: "Bots' cards: each trick stays until Continue" }),
  );
  speed.value = ui.speed;
  root.append(el("div", { class: "fht-bar fht-play-settings" }, level, speed));

  // the table: the seats around, the contract, the kitty and the trick in the middle
  const table = el("div", { class: "fht-table fht-play-table" });
  const byArea = { top: [], left: [], right: [], bottom: [] };
  for (let seat = 0; seat < players; seat++) if (seat !== me) byArea[placeOf(seat, me, players)].push(seatBox(v, seat, me, ui));
  for (const area of ["top", "left", "right"]) table.append(el("div", { class: `fht-area-${area}` }, byArea[area]));
  const center = el("div", { class: "fht-area-center" });
  if (v.contract) {
    // a side's name and its count stay on one line (a narrow centre wrapped "East–West" at its dash, or from its "2")
    const sides = (v.side_tricks || []).flatMap((n, i) => [i ? ", " : "", el("span", { class: "fht-nowrap", text: `${v.side_names[i]} ${n}` })]);
    center.append(
      el(
        "div",
        { class: "fht-contract" },
        el("strong", { text: `Contract ${v.contract} by ${names[v.declarer]}` }),
        sides.length ? el("div", { class: "fht-counts" }, "Tricks: ", sides) : null,
      ),
    );
  }
  if (v.phase === "auction") {
    center.append(el("div", { class: "fht-hint", text: `Kitty: ${v.kitty} cards face down, for the winner of the auction.` }));
    const calls = v.auction.length ? v.auction.map((a) => `${names[a.seat]} ${a.label}`).join(", ") : "no calls yet";
    center.append(el("p", { class: "fht-play-auction" }, el("span", { class: "fht-label", text: "Auction: " }), calls));
  } else if (v.phase === "kitty") {
    center.append(el("div", { class: "fht-hint", text: `${names[v.declarer]} has taken the kitty and is discarding.` }));
  }
  if (v.phase === "play" || v.last_trick || ui.anim) center.append(trickArea(v, me, ui));
  table.append(center);
  root.append(el("div", { class: "fht-table-frame" }, table));

  // your seat: the prompt, your hand, other ways to act
  const legal = ui.anim ? [] : Array.isArray(v.legal) ? v.legal : [];
  const byCard = new Map(legal.filter((a) => a.card).map((a) => [a.card, a]));
  const held = Array.isArray(v.hands[me]) ? v.hands[me] : [];
  const mine = ui.mine ? held.filter((c) => c !== ui.mine[1]) : held;
  const fromKitty = fromKittyCards(v);
  let prompt = "";
  if (ui.anim) prompt = ui.anim.words;
  else if (v.over) prompt = "The deal is over.";
  else if (ui.waiting === "act" || ui.waiting === "new_deal") prompt = v.phase === "auction" ? "The bots are bidding…" : "The bots are playing…";
  else if (legal.length)
    prompt =
      v.phase === "auction"
        ? "Your call: bid or pass."
        : v.phase === "kitty"
          ? `${discardWords(v)}${fromKitty.size ? " The cards marked “kitty” came from it." : ""}`
          : "Your turn: choose a card.";
  const seatEl = el("div", { class: `fht-seat fht-play-me${legal.length ? " fht-to-move" : ""}`, "data-seat": me });
  seatEl.append(
    el(
      "div",
      {},
      el("span", { class: "fht-seat-name", text: `${names[me]} (you)` }),
      v.contract ? el("span", { class: "fht-counts", text: ` · ${myTricks(v, me)}` }) : null,
    ),
  );
  seatEl.append(el("p", { class: "fht-label fht-play-prompt", text: prompt }));
  const hand = cardRow(mine, {
    label: `Your hand (${names[me]})`,
    button: !v.over,
    onClick: (code) => {
      const a = byCard.get(code);
      if (a) ui.act(a.code, code);
    },
  });
  // while you discard: the cards that came from the kitty say so, on the card and in its name
  for (const btn of hand.querySelectorAll("button")) {
    const action = byCard.get(btn.dataset.card);
    if (!action || ui.waiting) btn.disabled = true;
    else btn.querySelector(".fht-sr").textContent = action.label;
    const bower = v.left_bower && btn.dataset.card === v.left_bower;
    const kitty = fromKitty.has(btn.dataset.card);
    if (bower) {
      btn.classList.add("fht-bower");
      btn.append(el("span", { class: "fht-bower-tag", "aria-hidden": "true", text: "left bower" }));
      btn.querySelector(".fht-sr").textContent += " (the left bower, a trump)";
    }
    if (kitty) {
      btn.append(kittyTag()); // under the left bower's tag when the card is both
      btn.classList.add("fht-from-kitty");
      btn.querySelector(".fht-sr").textContent += " (from the kitty)";
    }
  }
  seatEl.append(hand);
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
    seatEl.append(box);
  }
  root.append(seatEl);

  // buttons: continue past a finished trick, hint, check my play, new deal
  const nav = el("div", { class: "fht-bar fht-nav" });
  if (ui.anim?.held) nav.append(el("button", { type: "button", class: "fht-continue-trick", text: "Continue", onclick: () => ui.release() }));
  if (!ui.anim && legal.length && !v.over)
    nav.append(el("button", { type: "button", class: "fht-hint-btn", disabled: ui.waiting || undefined, text: "Hint", onclick: () => ui.hint() }));
  if (v.over && !ui.review && !ui.anim)
    nav.append(
      el("button", {
        type: "button",
        class: "fht-review",
        disabled: ui.waiting || undefined,
        text: "Check my play",
        title: "Each card you chose, compared with the best card with every hand in view",
        onclick: () => ui.checkPlay(),
      }),
    );
  nav.append(el("button", { type: "button", class: "fht-new-deal", disabled: ui.waiting || undefined, text: "New deal", onclick: () => ui.newDeal() }));
  root.append(nav);

  // messages, hints and errors: visible, next to the table
  if (ui.hintText) {
    const hint = verdictBox({ correct: null, heading: "Hint", reason: ui.hintText }).node;
    hint.classList.add("fht-play-hint");
    root.append(hint);
  }
  if (ui.error) root.append(verdictBox({ correct: null, heading: "Not possible", reason: ui.error }).node);
  if (ui.message) root.append(el("p", { class: "fht-play-message", role: "status", text: ui.message }));
  if (ui.slow) root.append(el("p", { class: "fht-play-message fht-play-slow", role: "status", text: ui.slow }));

  if (v.over && v.result && !ui.anim) {
    const scores = v.side_names.map((n, i) => `${n} ${v.result.scores[i] > 0 ? "+" : ""}${v.result.scores[i]}`).join(", ");
    root.append(
      el(
        "div",
        { class: `fht-verdict fht-play-result ${v.result.made ? "fht-verdict-right" : "fht-verdict-wrong"}`, role: "status" },
        el("div", { class: "fht-verdict-heading" }, el("strong", { text: `Score: ${scores}` })),
        el("p", { class: "fht-verdict-reason", text: v.result.summary }),
      ),
    );
  }
  if (v.over && ui.review) {
    const review = el("div", { class: "fht-play-review", role: "group", "aria-label": "Your play, with every hand in view" });
    review.append(el("p", { class: "fht-label", text: "Your play, with every hand in view" }), el("p", { text: ui.review.summary }));
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
  // the deal's whole story (the auction and the discards too), open or closed as the learner left it;
  // a long one scrolls in its own box, the newest line in view, reachable by keyboard (Tab, then arrows)
  const log = Array.isArray(state.log) ? state.log : [];
  if (log.length) {
    const box = el(
      "div",
      { class: "fht-play-story", role: "region", "aria-label": "What happened so far, from the deal on", tabindex: "0" },
      el(
        "ul",
        { class: "fht-play-log" },
        log.map((t) => el("li", { text: t })),
      ),
    );
    const history = el("details", { class: "fht-play-history", open: ui.historyOpen || undefined }, el("summary", { text: "What happened so far" }), box);
    history.addEventListener("toggle", () => {
      ui.historyOpen = history.open;
      if (history.open) box.scrollTop = box.scrollHeight;
    });
    root.append(history);
    if (history.open) requestAnimationFrame(() => (box.scrollTop = box.scrollHeight));
  }
}

export default {
  render({ model, el: host }) {
    const ui = {
      before: null,
      mine: null,
      waiting: false,
      slow: "",
      message: "",
      error: "",
      hintText: "",
      review: null,
      anim: null,
      speed: "normal",
      release: () => {},
    };
    const widget = mountWidget(host, model, {
      kind: "play",
      label: () => model.get("title") || "play a deal",
      fourColour: true,
      traits: ["state"],
      draw: (root) => drawPlay(model, root, ui),
    });
    const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    /** The cards of a move one at a time; a finished trick stays until Continue or a pause. */
    const animate = async (steps) => {
      for (const step of steps) {
        const pace = SPEEDS[ui.speed] || SPEEDS.normal;
        const done = step.winner !== null && step.winner !== undefined;
        ui.anim = { trick: step.trick, winner: step.winner, words: `${step.words}.`, held: done, tricks_won: step.tricks_won, side_tricks: step.side_tricks };
        widget.draw();
        if (done && pace.trick === null) host.querySelector(".fht-continue-trick")?.focus(); // the keyboard goes on from there
        if (done) {
          await new Promise((resolve) => {
            const timer = pace.trick === null ? null : setTimeout(resolve, pace.trick);
            ui.release = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          ui.release = () => {};
        } else {
          await wait(pace.card);
        }
      }
      ui.anim = null;
    };
    const focusFirst = () => {
      const first = host.querySelector(".fht-play-calls button:not([disabled]), .fht-cards button:not([disabled]), .fht-review, .fht-new-deal");
      if (first) first.focus();
    };
    /** How long before saying a request is slow (the first one also waits for Python to start). */
    const SLOW_MS = { review: 60000, hint: 20000 };
    const send = async (message) => {
      ui.waiting = message.type;
      ui.message = "";
      ui.error = "";
      ui.hintText = "";
      ui.slow = "";
      ui.before = model.get("state");
      const asked = ui.before;
      widget.draw();
      // The solver's check of a whole deal can take a while (the 2-player game most): wait longer for it.
      const answer = request(model, message, message.type === "review" ? 120000 : 30000);
      let late = false;
      // A request that takes too long says so; a hint or a check gives the buttons back (nothing
      // changes until its answer comes), a move keeps waiting for the bots, saying so.
      const timer = setTimeout(() => {
        late = true;
        if (message.type === "hint" || message.type === "review") {
          ui.waiting = false;
          ui.before = null;
          ui.slow =
            message.type === "hint"
              ? "The hint is taking too long: play on without it (it will show here if it comes while it is still your turn)."
              : "Checking your play is taking a long time: it will show here when it is done.";
        } else ui.slow = "This is taking longer than usual: the bots' answer will show here as soon as it comes.";
        widget.draw();
      }, SLOW_MS[message.type] || 20000);
      const reply = await answer;
      clearTimeout(timer);
      ui.slow = "";
      if (late && (message.type === "hint" || message.type === "review")) {
        // answered after the buttons came back: show it only if the deal has not moved on
        if (!reply || model.get("state") !== asked || ui.waiting) {
          widget.draw();
          return;
        }
      }
      ui.waiting = false;
      ui.before = null;
      ui.mine = null;
      if (!reply) ui.error = "No answer came: in JupyterLab, run this notebook's cells; in the online book, reload the page.";
      else if (reply.type === "error") ui.error = reply.error;
      else if (reply.type === "moved") {
        await animate(Array.isArray(reply.steps) ? reply.steps : []);
      } else if (reply.type === "deal") {
        ui.message = "A new deal.";
        ui.review = null;
      } else if (reply.type === "review") {
        ui.review = reply;
      } else if (reply.type === "hint") {
        ui.hintText = reply.text;
      } else if (reply.type === "level") {
        ui.message = reply.level === "strong" ? "The bots now weigh many ways the cards could lie." : "The bots now play by rules of thumb.";
      }
      widget.draw();
      const review = reply?.type === "review" ? host.querySelector(".fht-play-review") : null;
      if (review) {
        // the keyboard stays with what the learner asked for: the review, not the top of the page
        review.tabIndex = -1;
        review.focus();
      } else focusFirst();
      // a hint asked for is read at once: below the table it can start under the window's edge
      const hint = reply?.type === "hint" ? host.querySelector(".fht-play-hint") : null;
      if (hint && typeof hint.scrollIntoView === "function") hint.scrollIntoView({ block: "nearest" });
    };
    ui.act = (code, card = null) => {
      if (ui.waiting || ui.anim) return;
      const seat = Number(model.get("state")?.view?.seat);
      ui.mine = card ? [seat, card] : null;
      send({ type: "act", code }).finally(() => {
        ui.mine = null;
      });
    };
    ui.newDeal = () => {
      if (!ui.waiting) send({ type: "new_deal", seed: Math.floor(Math.random() * 1e9) });
    };
    ui.checkPlay = () => {
      if (!ui.waiting) send({ type: "review" });
    };
    ui.hint = () => {
      if (!ui.waiting) send({ type: "hint" });
    };
    ui.setLevel = (level) => {
      if (!ui.waiting) send({ type: "level", level });
    };
    return widget.dispose;
  },
};
