// Deal replay: every frame was computed by the engine; this code draws frame k and asks at stops.

import { card, cardEl, cardRow, markCards } from "./cards.js";
import { el, expect, roving, title } from "./dom.js";
import { verdictBox } from "./feedback.js";
import { markWords } from "./format.js";
import { request } from "./host.js";
import { checkVersion, mountWidget } from "./mount.js";

const AREAS = ["top", "left", "right", "bottom"];

function markEl(mark) {
  if (!mark) return null;
  return el(
    "span",
    { class: "fht-mark-wrap" },
    el("span", { class: "fht-mark", "aria-hidden": "true", text: mark }),
    el("span", { class: "fht-sr", text: `(${markWords(mark)}) ` }),
  );
}

function handCards(hand) {
  if (typeof hand === "number") return { faceDown: hand };
  if (typeof hand !== "string") throw new Error(`a hand should be card codes or a count, got ${JSON.stringify(hand)}`);
  return { codes: hand ? hand.split(" ") : [] };
}

/** Tag the left bower among a hand's cards (the engine names it in the frame; it sits among the trumps). */
function tagBower(row, code) {
  if (!code) return;
  for (const node of row.querySelectorAll(`[data-card="${code}"]`)) {
    node.classList.add("fht-bower");
    node.append(el("span", { class: "fht-bower-tag", "aria-hidden": "true", text: "left bower" }));
    const words = node.querySelector(".fht-sr");
    if (words) words.textContent += " (the left bower, a trump)";
    else node.setAttribute("aria-label", `${node.getAttribute("aria-label")} (the left bower, a trump)`);
  }
}

function seatBox(data, frame, seat, opts) {
  const names = data.seat_names;
  const name = names[seat];
  const tags = [];
  if (seat === data.dealer) tags.push("dealer");
  if (frame.declarer === seat) tags.push("declarer");
  const out = (frame.out || []).includes(seat);
  if (out) tags.push("sits out: hand laid aside");
  if ((frame.exposed || []).includes(seat)) tags.push("hand exposed");
  if (frame.to_move === seat) tags.push("to move");
  const won = frame.tricks_won ? frame.tricks_won[seat] : 0;
  const box = el("div", { class: `fht-seat${frame.to_move === seat ? " fht-to-move" : ""}${out ? " fht-out" : ""}`, "data-seat": seat });
  box.append(
    el(
      "div",
      {},
      el("span", { class: "fht-seat-name", text: name }),
      tags.length ? el("span", { class: "fht-hint", text: ` (${tags.join(", ")})` }) : null,
      frame.contract ? el("span", { class: "fht-counts", text: ` · ${won} trick${won === 1 ? "" : "s"}` }) : null,
    ),
  );
  const hand = handCards(frame.hands[seat]);
  const stopHere = opts.stop && opts.stop.seat === seat && !opts.answered && (opts.stop.kind === "play" || opts.stop.kind === "discard");
  if (hand.codes) {
    const label = `${name}'s hand${out ? " (laid aside)" : ""}: ${hand.codes.map((c) => card(c).name).join(", ") || "no cards"}`;
    if (stopHere) {
      const row = el("div", { class: "fht-cards fht-stop-hand", role: "group", "aria-label": `${name}'s hand: choose a card` });
      const choices = new Map(opts.stop.choices.map((c) => [c.code, c]));
      for (const code of hand.codes) {
        if (choices.has(code)) row.append(cardEl(code, { button: true, onClick: opts.onChoose }));
        else row.append(cardEl(code, { dim: true }));
      }
      roving(row);
      tagBower(row, frame.left_bower);
      box.append(row);
    } else {
      const fromKitty = frame.declarer === seat ? frame.kitty_cards || [] : [];
      const row = cardRow(hand.codes, { label });
      for (const node of row.querySelectorAll("[data-card]")) {
        if (fromKitty.includes(node.dataset.card)) {
          node.classList.add("fht-from-kitty");
          node.setAttribute("aria-label", `${node.getAttribute("aria-label")} (from the kitty)`);
        }
      }
      if (out) row.classList.add("fht-aside");
      tagBower(row, frame.left_bower);
      if (opts.stop && opts.stop.seat === seat && opts.answered && opts.stop.kind !== "call") {
        // after an answer: the card played in the deal highlighted, the learner's pick marked
        const nodes = [...row.querySelectorAll("[data-card]")];
        markCards(
          nodes,
          (n) => n.dataset.card === opts.stop.answer,
          (n) => n.dataset.card === opts.picked,
        );
      }
      box.append(row);
    }
  } else {
    const row = el("div", {
      class: "fht-cards",
      role: "img",
      "aria-label": `${name}'s hand: ${hand.faceDown} face-down card${hand.faceDown === 1 ? "" : "s"}`,
    });
    for (let i = 0; i < hand.faceDown; i++) row.append(cardEl("", { faceDown: true, small: true, label: "a face-down card" }));
    for (const child of row.children) child.setAttribute("aria-hidden", "true");
    box.append(row);
  }
  if (frame.piles) {
    const piles = el("div", { class: "fht-piles", role: "group", "aria-label": `${name}'s table piles` });
    frame.piles[seat].forEach(([down, top, up], i) => {
      const words = [];
      const pile = el("div", { class: "fht-pile", "data-pile": i });
      if (down) {
        pile.append(cardEl("", { faceDown: true, label: "face-down card" }));
        words.push("a face-down card");
      }
      if (top) {
        const faceUp = up && top !== "?";
        const topEl = cardEl(faceUp ? top : "", { faceDown: !faceUp, label: faceUp ? card(top).name : "face-down card" });
        topEl.classList.add("fht-pile-top");
        const stopPile = stopHere && faceUp && opts.stop.choices.some((c) => c.code === top);
        if (stopPile) {
          const btn = cardEl(top, { button: true, onClick: opts.onChoose });
          btn.classList.add("fht-pile-top");
          pile.append(btn);
        } else {
          pile.append(topEl);
        }
        words.push(faceUp ? `${card(top).name} face up on top` : "a face-down card on top");
      }
      for (const child of pile.children) if (!child.matches("button")) child.setAttribute("aria-hidden", "true");
      pile.setAttribute("role", "img");
      if (pile.querySelector("button")) pile.removeAttribute("role");
      else pile.setAttribute("aria-label", `pile ${i + 1}: ${words.join(", ") || "empty"}`);
      piles.append(pile);
    });
    box.append(piles);
  }
  return box;
}

function trickView(data, frame) {
  const names = data.seat_names;
  const plays = frame.trick || [];
  const wrap = el("div", { class: "fht-trick-wrap" });
  const heading =
    frame.winner !== null && frame.winner !== undefined
      ? `Trick ${frame.trick_no}: ${names[frame.winner]} wins`
      : frame.contract
        ? `Trick ${frame.trick_no + 1}`
        : "";
  if (heading) wrap.append(el("div", { class: "fht-label fht-trick-title", text: heading }));
  const slot = (seat, code, source) => {
    const wins = frame.winner === seat;
    const caption = names[seat] + (source ? ` (${source})` : "") + (wins ? ": wins" : "");
    return el(
      "div",
      { class: `fht-trick-slot${wins ? " fht-won" : ""}`, "data-seat": seat },
      cardEl(code, { highlight: wins, label: `${names[seat]} played ${card(code).name}${wins ? ", winning the trick" : ""}` }),
      el("div", { text: caption }),
    );
  };
  const compass = data.players <= 4 && data.players >= 3;
  if (compass) {
    const grid = el("div", { class: "fht-trick", role: "group", "aria-label": "cards played to the trick" });
    const areas = { top: "t", left: "l", right: "r", bottom: "b" };
    for (const [seat, code, source] of plays) {
      const s = slot(seat, code, source);
      s.classList.add(`fht-at-${areas[data.positions[seat]] || "c"}`);
      grid.append(s);
    }
    wrap.append(grid);
  } else {
    const row = el("div", { class: "fht-cards fht-trick-row", role: "group", "aria-label": "cards played to the trick, in order" });
    for (const [seat, code, source] of plays) row.append(slot(seat, code, source));
    wrap.append(row);
    if (frame.order && frame.phase === "play") {
      wrap.append(
        el("div", { class: "fht-order-line", text: `Order this trick: ${frame.order.map(([s, src], i) => `${i + 1}. ${names[s]} ${src}`).join(", ")}` }),
      );
    }
  }
  if (frame.joker_suit)
    wrap.append(
      el("div", { class: "fht-hint", text: `The joker was led naming ${{ S: "spades", C: "clubs", D: "diamonds", H: "hearts" }[frame.joker_suit]}.` }),
    );
  if (frame.explain) wrap.append(el("div", { class: "fht-hint fht-trick-explain", text: frame.explain }));
  return wrap;
}

function auctionView(data, position) {
  const calls = [];
  data.actions.forEach((action, i) => {
    if (action.kind === "call" && i < position) calls.push([i, action]);
  });
  if (!calls.length) return null;
  const list = el("ol", { class: "fht-auction-list", "aria-label": "the auction so far" });
  for (const [i, action] of calls) {
    list.append(
      el(
        "li",
        { class: i === position - 1 ? "fht-current" : null },
        `${data.seat_names[action.seat]}: ${action.label}`,
        " ",
        markEl(action.mark),
        action.comment ? el("span", { class: "fht-hint", text: " (comment)" }) : null,
      ),
    );
  }
  return el("div", { class: "fht-auction" }, el("div", { class: "fht-label", text: "Auction" }), list);
}

function drawReplay(model, root, state) {
  state.verdict = null;
  const data = expect(model.get("model"), "object", "replay model");
  checkVersion(data, "replay");
  const frames = expect(data.frames, "array", "frames");
  const actions = expect(data.actions, "array", "actions");
  expect(data.seat_names, "array", "seat names");
  if (frames.length !== actions.length + 1)
    throw new Error(`the replay has ${frames.length} frames for ${actions.length} actions (expected one more frame than actions)`);
  let position = Number(model.get("position")) || 0;
  position = Math.max(0, Math.min(position, actions.length));
  const frame = expect(frames[position], "object", `frame ${position}`);
  expect(frame.hands, "array", `hands in frame ${position}`);
  const answers = model.get("answers") || {};
  const stop = (data.stops || []).find((s) => s.index === position) || null;
  const answer = stop ? answers[String(position)] : null;
  const last = position > 0 ? actions[position - 1] : null;

  root.append(title(data.title || "A deal of Five Hundred"));
  if (data.random) {
    const back = state.lesson
      ? el("button", {
          type: "button",
          class: "fht-back-to-lesson",
          text: "Back to the lesson deal",
          onclick: () => {
            model.set("model", state.lesson.model);
            model.set("deal", state.lesson.deal);
            model.set("position", 0);
            model.set("answers", {});
            model.save_changes();
            state.lesson = null;
          },
        })
      : null;
    root.append(el("div", { class: "fht-random-note" }, el("span", { text: "A new deal dealt at random: not part of the lesson, no comments. " }), back));
  }

  const go = (to) => {
    to = Math.max(0, Math.min(to, actions.length));
    if (to === position) return;
    state.focus = state.focus || "nav";
    model.set("position", to);
    model.save_changes();
  };
  const blocked = Boolean(stop && !answer);
  const nav = el("div", { class: "fht-bar fht-nav", role: "toolbar", "aria-label": "replay controls" });
  nav.append(
    el("button", { type: "button", class: "fht-start", text: "\u00AB Start", disabled: position === 0, onclick: () => go(0) }),
    el("button", { type: "button", class: "fht-back", text: "\u25C0 Back", disabled: position === 0, onclick: () => go(position - 1) }),
    el("button", {
      type: "button",
      class: "fht-forward",
      text: "Next \u25B6",
      disabled: position >= actions.length || blocked,
      onclick: () => go(position + 1),
    }),
    el("button", { type: "button", class: "fht-end", text: "End \u00BB", disabled: position >= actions.length || blocked, onclick: () => go(actions.length) }),
    el("span", { class: "fht-progress", text: `Step ${position} of ${actions.length}` }),
  );
  if (state.live) {
    nav.append(
      el("button", {
        type: "button",
        class: "fht-new-deal",
        text: "New deal",
        onclick: () => {
          if (!data.random) state.lesson = { model: data, deal: model.get("deal") };
          request(model, { type: "new_deal", seed: Math.floor(Math.random() * 1e9) }, 20000);
        },
      }),
    );
  }
  root.append(nav);

  const stepText = last ? `${last.text}.` : `Dealt by ${data.seat_names[data.dealer]}. Step forward to see the auction.`;
  root.append(el("p", { class: "fht-step", role: "status", "aria-live": "polite" }, last ? markEl(last.mark) : null, stepText));
  root.append(el("div", { class: "fht-comment", "aria-label": "comment" }, last?.comment ? last.comment : ""));

  const onChoose = (code) => {
    const choice = stop.choices.find((c) => c.code === code);
    if (!choice) return;
    if (!choice.legal) {
      // not an answer: the reason, and the stop stays open
      state.illegal = { position, code, text: choice.feedback };
      state.focus = "stop";
      if (state.redraw) state.redraw();
      return;
    }
    state.illegal = null;
    const all = { ...(model.get("answers") || {}) };
    all[String(position)] = { choice: code, correct: Boolean(choice.correct) };
    state.focus = "stop";
    model.set("answers", all);
    model.save_changes();
    if (state.live) {
      request(model, { type: "answer", index: position, choice: code }).then((reply) => {
        if (reply?.type !== "judged") return;
        state.engine[position] = reply;
        if (state.redraw) state.redraw();
      });
    }
  };
  if (stop) {
    const box = el("div", { class: "fht-stop", role: "group", "aria-label": "your turn" });
    box.append(el("p", { class: "fht-stop-prompt" }, el("strong", { text: stop.prompt })));
    if (!answer && (stop.kind === "call" || stop.kind === "nominate")) {
      const group = el("div", { class: "fht-choices", role: "group", "aria-label": "calls you may make" });
      for (const choice of stop.choices)
        group.append(
          el("button", { type: "button", class: "fht-choice", "data-choice": choice.code, text: choice.label, onclick: () => onChoose(choice.code) }),
        );
      roving(group);
      box.append(group);
    } else if (!answer) {
      box.append(
        el("p", {
          class: "fht-hint",
          text:
            `Choose a card from ${data.seat_names[stop.seat]}'s ${frame.piles ? "hand or face-up table cards" : "hand"} below ` +
            "(Tab to the cards, arrows to move, Enter to choose).",
        }),
      );
    }
    const setAnswers = (all) => {
      state.focus = "stop";
      model.set("answers", all);
      model.save_changes();
    };
    const right = stop.choices.find((c) => c.correct);
    const nextStep = position < actions.length ? () => go(position + 1) : null;
    if (answer) {
      const choice = stop.choices.find((c) => c.code === answer.choice);
      const verdict = answer.shown
        ? verdictBox({ correct: null, heading: "The card played in the deal", reason: right ? right.feedback : "", onContinue: nextStep })
        : verdictBox({
            correct: Boolean(answer.correct),
            reason: choice ? choice.feedback : "",
            answer: answer.correct ? "" : right?.label || "",
            onTryAgain: answer.correct
              ? null
              : () => {
                  const all = { ...(model.get("answers") || {}) };
                  delete all[String(position)];
                  setAnswers(all);
                },
            onContinue: nextStep,
          });
      box.append(verdict.node);
      state.verdict = verdict;
    } else {
      if (state.illegal && state.illegal.position === position) {
        box.append(verdictBox({ correct: null, heading: "That card cannot be played", reason: `${state.illegal.text} Choose another card.` }).node);
      }
      const hints = stop.hint ? [stop.hint.principle, stop.hint.answer] : [];
      const shown = state.hints[position] || 0;
      const row = el("div", { class: "fht-verdict-actions fht-stop-actions" });
      if (hints.length)
        row.append(
          el("button", {
            type: "button",
            class: "fht-hint-btn",
            disabled: shown >= hints.length || undefined,
            text: shown === 0 ? "Hint" : shown < hints.length ? "Another hint" : "No more hints",
            onclick: () => {
              state.hints[position] = shown + 1;
              state.focus = "hint";
              if (state.redraw) state.redraw();
            },
          }),
        );
      row.append(
        el("button", {
          type: "button",
          class: "fht-show",
          text: "Show me",
          onclick: () => {
            const all = { ...(model.get("answers") || {}) };
            all[String(position)] = { choice: stop.answer, correct: false, shown: true };
            setAnswers(all);
          },
        }),
      );
      box.append(row);
      if (shown)
        box.append(
          el(
            "ol",
            { class: "fht-hints" },
            hints.slice(0, shown).map((h) => el("li", { class: "fht-hint-line", text: h })),
          ),
        );
    }
    root.append(box);
  }

  const table = el("div", { class: "fht-table" });
  const byArea = { top: [], left: [], right: [], bottom: [] };
  for (let seat = 0; seat < data.players; seat++) {
    const area = AREAS.includes(data.positions[seat]) ? data.positions[seat] : "top";
    byArea[area].push(seatBox(data, frame, seat, { stop, answered: Boolean(answer), picked: answer?.choice, onChoose }));
  }
  for (const area of AREAS) table.append(el("div", { class: `fht-area-${area}` }, byArea[area]));
  const center = el("div", { class: "fht-area-center" });
  if (frame.contract) {
    const sides = (frame.side_tricks || []).map((n, i) => `${data.side_names[i]} ${n}`).join(", ");
    center.append(
      el(
        "div",
        { class: "fht-contract" },
        el("strong", { text: `Contract: ${frame.contract_label || frame.contract} by ${data.seat_names[frame.declarer]}` }),
        el("div", { class: "fht-counts", text: `Tricks: ${sides}` }),
      ),
    );
  } else if (typeof data.kitty === "number" || Array.isArray(data.kitty)) {
    const n = typeof data.kitty === "number" ? data.kitty : data.kitty.length;
    center.append(el("div", { class: "fht-hint", text: `Kitty: ${n} face-down cards` }));
  }
  if (frame.phase === "kitty") {
    const n = Array.isArray(data.kitty) ? data.kitty.length : data.kitty;
    center.append(
      el("div", {
        class: "fht-hint fht-kitty-note",
        text:
          `${data.seat_names[frame.declarer]} has taken the kitty${frame.kitty_cards ? " (its cards are marked)" : ""} ` +
          `and discards ${n} cards: ${frame.discards} so far.`,
      }),
    );
  }
  if (frame.discard_cards?.length) {
    center.append(
      el(
        "div",
        { class: "fht-discards" },
        el("div", { class: "fht-label", text: "Discarded (out of play)" }),
        cardRow(frame.discard_cards, { label: `discarded: ${frame.discard_cards.map((c) => card(c).name).join(", ")}`, small: true }),
      ),
    );
  }
  center.append(trickView(data, frame));
  table.append(center);
  // The frame is a size container, so the table can re-arrange itself when the widget is narrow.
  root.append(el("div", { class: "fht-table-frame" }, table));

  const auction = auctionView(data, position);
  if (auction) root.append(auction);
  if (position === actions.length && data.result) root.append(el("p", { class: "fht-result" }, el("strong", { text: data.result })));

  root.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.target.closest(".fht-cards, .fht-choices, .fht-piles")) return;
    const keys = { ArrowRight: position + 1, ArrowLeft: position - 1, Home: 0, End: actions.length };
    if (!(event.key in keys)) return;
    if (blocked && keys[event.key] > position) return;
    event.preventDefault();
    state.focus = "keep";
    go(keys[event.key]);
  });

  const focus = state.focus;
  state.focus = null;
  if (focus === "stop") {
    if (answer && state.verdict) {
      // the question, the verdict and the hand together on screen (a phone: the stop's top just under the page header)
      const stopBox = root.querySelector(".fht-stop");
      if (stopBox && typeof stopBox.scrollIntoView === "function") stopBox.scrollIntoView({ block: "start" });
      state.verdict.focus({ preventScroll: true });
    } else root.querySelector(".fht-stop-hand button, .fht-stop .fht-choices button, .fht-forward:not([disabled])")?.focus();
  } else if (focus === "hint") root.querySelector(".fht-stop .fht-hint-btn:not([disabled]), .fht-stop-hand button")?.focus();
  else if (focus === "nav" || focus === "keep") {
    const want = state.lastButton && root.querySelector(`.${state.lastButton}:not([disabled])`);
    (
      want ||
      root.querySelector(".fht-stop-hand button, .fht-stop button, .fht-forward:not([disabled]), .fht-back:not([disabled])") ||
      root.querySelector(".fht-nav button")
    ).focus();
  }
  nav.addEventListener("focusin", (event) => {
    const cls = [...event.target.classList].find((c) => ["fht-start", "fht-back", "fht-forward", "fht-end"].includes(c));
    if (cls) state.lastButton = cls;
  });
  if (stop && !answer && state.lastButton) {
    const first = root.querySelector(".fht-stop-hand button, .fht-stop .fht-choices button");
    if (first && (focus === "nav" || focus === "keep")) first.focus();
  }
}

export default {
  render({ model, el: host }) {
    const state = { live: false, focus: null, engine: {}, lastButton: null, redraw: null, illegal: null, hints: {}, lesson: null, verdict: null };
    const widget = mountWidget(host, model, {
      kind: "replay",
      label: () => model.get("model")?.title || "deal replay",
      fourColour: true,
      traits: ["model", "position", "answers"],
      draw: (root) => drawReplay(model, root, state),
      hello: () => {
        state.live = true;
        widget.redraw();
      },
    });
    state.redraw = widget.redraw;
    return widget.dispose;
  },
};
