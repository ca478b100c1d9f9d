// Deal replay: every frame was computed by the engine; this code draws frame k and asks at stops.
// replayState reads the model, replayView draws it as parts, replayReduce says what an event changes
// (all three pure, tested in widgets/tests/replay.test.js); the renderers and the keyboard are below.

import { card } from "./cards.js";
import { el, expect, roving } from "./dom.js";
import { focusVerdict, renderVerdict } from "./feedback.js";
import { markWords, plural, sourceWords } from "./format.js";
import { t, words } from "./language.js";
import { checkVersion, mountView } from "./mount.js";
import { titlePart } from "./parts.js";
import { ACTION_KIND, PHASE } from "./protocol.js";
import {
  cardPart,
  contractPart,
  faceDownPart,
  faceDownWords,
  gridPlace,
  handPart,
  pilesPart,
  seatPart,
  slotPart,
  TABLE_RENDERERS,
  tablePart,
  trickPart,
} from "./table.js";

const AREAS = ["top", "left", "right", "bottom"];

/**
 * The replay now, checked: its data, the position (kept in range), that frame, the stop there and its answer;
 * `allHands` (the learner's "Show all hands") shows one seat's view with every hand face up.
 */
export function replayState(data, position, answers, deal = null, allHands = false) {
  expect(data, "object", "replay model");
  checkVersion(data, "replay");
  const frames = expect(data.frames, "array", "frames");
  const actions = expect(data.actions, "array", "actions");
  expect(data.seat_names, "array", "seat names");
  if (frames.length !== actions.length + 1)
    throw new Error(`the replay has ${frames.length} frames for ${actions.length} actions (expected one more frame than actions)`);
  const at = Math.max(0, Math.min(Number(position) || 0, actions.length));
  const frame = expect(frames[at], "object", `frame ${at}`);
  expect(frame.hands, "array", `hands in frame ${at}`);
  const stop = (data.stops || []).find((s) => s.index === at) || null;
  const answer = stop ? answers?.[String(at)] || null : null;
  const last = at > 0 ? actions[at - 1] : null;
  // the cards the comment shown names (Python found them in its words): highlighted while it shows
  const named = last?.comment ? last.named || [] : [];
  const open = Boolean(allHands) && Array.isArray(frame.open_hands);
  return {
    data,
    actions,
    frame,
    position: at,
    answers: answers || {},
    stop,
    answer,
    last,
    deal,
    allHands: open,
    canOpen: Array.isArray(frame.open_hands),
    named,
  };
}

/** The replay's own state at the start (the model holds the position and the answers). */
export function freshReplayUi() {
  // dealing: new deals asked and not yet come; restore: the lesson to go back to when they come (the
  // learner went Back while a deal was on its way: the host sets the new deal's traits when it comes)
  return { live: false, focus: null, lastButton: null, illegal: null, hints: {}, lesson: null, dealing: 0, restore: null };
}

/** Can the learner step past this position (not while a stop there waits for an answer)? */
const blocked = (s) => Boolean(s.stop && !s.answer);

// ----------------------------------------------------------------------------------- the view

function navPart(s) {
  const end = s.actions.length;
  const at = s.position;
  const go = (cls, text, to, disabled) => ({ kind: "button", cls, text, disabled, on: { type: "go", to } });
  return {
    kind: "box",
    cls: "fht-bar fht-nav",
    attrs: { role: "toolbar", "aria-label": t("replay controls") },
    children: [
      // on a phone Start and End show their arrows only (the word stays their name): the row fits one line
      { ...go("fht-start", null, 0, at === 0), children: ["\u00AB ", { kind: "text", tag: "span", cls: "fht-nav-word", text: t("Start") }] },
      go("fht-back", `\u25C0 ${t("Back")}`, at - 1, at === 0),
      go("fht-forward", `${t("Next")} \u25B6`, at + 1, at >= end || blocked(s)),
      { ...go("fht-end", null, end, at >= end || blocked(s)), children: [{ kind: "text", tag: "span", cls: "fht-nav-word", text: t("End") }, " \u00BB"] },
      { kind: "text", tag: "span", cls: "fht-progress", text: t("Step {at} of {end}", { at, end }) },
    ],
  };
}

/**
 * What the deal shows and which deal it is (every hand face up, a new deal), apart from the step buttons:
 * those stay on one row, so on a phone the comment, the trick, the hand and the buttons share one screen.
 */
function optionsPart(s, ui) {
  const children = [
    ui.live ? { kind: "button", cls: "fht-new-deal", text: t("New deal"), on: { type: "newDeal" } } : null,
    // one seat's view: every hand face up, or only what that seat sees
    s.canOpen
      ? {
          kind: "button",
          cls: `fht-all-hands${s.allHands ? " fht-pressed" : ""}`,
          attrs: { "aria-pressed": String(s.allHands) },
          on: { type: "allHands" },
          // the state in sight, not only in aria-pressed: a ticked box while every hand shows (a click
          // turns the others' face down), an empty one while only this seat's does; the name stays
          children: [
            { kind: "text", tag: "span", cls: "fht-toggle-mark", attrs: { "aria-hidden": "true" }, text: s.allHands ? "\u2611 " : "\u2610 " },
            t("Show all hands"),
          ],
        }
      : null,
  ].filter(Boolean);
  return children.length ? { kind: "box", cls: "fht-bar fht-deal-options", children } : null;
}

function stopPart(s, ui) {
  const { stop, answer, data, frame, position } = s;
  const children = [{ kind: "box", tag: "p", cls: "fht-stop-prompt", children: [{ kind: "text", tag: "strong", text: stop.prompt }] }];
  if (!answer && (stop.kind === ACTION_KIND.CALL || stop.kind === ACTION_KIND.NOMINATE)) {
    children.push({
      kind: "choices",
      label: t("calls you may make"),
      buttons: stop.choices.map((choice) => ({
        kind: "button",
        cls: "fht-choice",
        text: choice.label,
        attrs: { "data-choice": choice.code },
        on: { type: "choose", code: choice.code },
      })),
    });
  } else if (!answer) {
    const seat = data.seat_names[stop.seat];
    children.push({
      kind: "text",
      cls: "fht-hint",
      text: frame.piles
        ? t("Choose a card from {seat}'s hand or face-up table cards below (Tab to the cards, arrows to move, Enter to choose).", { seat })
        : t("Choose a card from {seat}'s hand below (Tab to the cards, arrows to move, Enter to choose).", { seat }),
    });
  }
  const right = stop.choices.find((c) => c.correct);
  const onContinue = position < s.actions.length ? { type: "go", to: position + 1 } : null;
  if (answer?.shown) {
    children.push({ kind: "verdict", correct: null, heading: t("The card played in the deal"), reason: right ? right.feedback : "", onContinue });
  } else if (answer) {
    const choice = stop.choices.find((c) => c.code === answer.choice);
    children.push({
      kind: "verdict",
      correct: Boolean(answer.correct),
      reason: choice ? choice.feedback : "",
      // a miss holds the deal's card back, as the quizzes do: Try again, or Show me asks for it
      onTryAgain: answer.correct ? null : { type: "tryAgain" },
      onContinue,
      extra: answer.correct ? [] : [{ kind: "button", cls: "fht-show", text: t("Show me"), on: { type: "show" } }],
    });
  } else {
    if (ui.illegal && ui.illegal.position === position) {
      children.push({
        kind: "verdict",
        correct: null,
        heading: t("That card cannot be played"),
        reason: t("{reason} Choose another card.", { reason: ui.illegal.text }),
      });
    }
    const hints = stop.hint ? [stop.hint.principle, stop.hint.answer] : [];
    const shown = ui.hints[position] || 0;
    const hintText = shown === 0 ? t("Hint") : shown < hints.length ? t("Another hint") : t("No more hints");
    children.push({
      kind: "box",
      cls: "fht-verdict-actions fht-stop-actions",
      children: [
        hints.length ? { kind: "button", cls: "fht-hint-btn", text: hintText, disabled: shown >= hints.length, on: { type: "hint" } } : null,
        { kind: "button", cls: "fht-show", text: t("Show me"), on: { type: "show" } },
      ],
    });
    if (shown)
      children.push({
        kind: "box",
        tag: "ol",
        cls: "fht-hints",
        children: hints.slice(0, shown).map((h) => ({ kind: "text", tag: "li", cls: "fht-hint-line", text: h })),
      });
  }
  return { kind: "box", cls: "fht-stop", attrs: { role: "group", "aria-label": t("your turn") }, children };
}

/** A seat's hand: face up (the stop's choices as buttons), or a count of face-down cards. */
function seatHand(s, seat, name, out) {
  const { frame, stop, answer } = s;
  const hand = s.allHands ? frame.open_hands[seat] : frame.hands[seat];
  if (typeof hand === "number") return faceDownPart(hand, faceDownWords(name, hand));
  if (typeof hand !== "string") throw new Error(`a hand should be card codes or a count, got ${JSON.stringify(hand)}`);
  const codes = hand ? hand.split(" ") : [];
  const bower = (code) => code === frame.left_bower;
  // the declarer's cards from the kitty, marked as the kitty note says, at a stop too
  const fromKitty = frame.declarer === seat ? frame.kitty_cards || [] : [];
  const kitty = (code) => fromKitty.includes(code);
  if (stop && stop.seat === seat && !answer && (stop.kind === ACTION_KIND.PLAY || stop.kind === ACTION_KIND.DISCARD)) {
    const choices = new Set(stop.choices.map((c) => c.code));
    const cards = codes.map((code) =>
      cardPart(code, { button: choices.has(code), dim: !choices.has(code), bower: bower(code), kitty: kitty(code), kittyTag: true, on: { type: "choose" } }),
    );
    return handPart(cards, t("{seat}'s hand: choose a card", { seat: name }), "fht-stop-hand");
  }
  // after an answer: the card played in the deal highlighted, the learner's pick marked
  const marking = stop && stop.seat === seat && answer && stop.kind !== ACTION_KIND.CALL;
  // the deal's card is marked once it is no secret: a right answer, or Show me (a miss marks only the pick)
  const revealed = answer && (answer.correct || answer.shown);
  const mark = (code) => {
    if (!marking) return null;
    if (code === stop.answer && revealed) return "right";
    if (code === answer.choice) return answer.correct ? "right" : "wrong"; // a card as good as the deal's is right
    return null;
  };
  const cards = codes.map((code) =>
    cardPart(code, { bower: bower(code), kitty: kitty(code), kittyTag: true, mark: mark(code), named: s.named.includes(code) }),
  );
  const named = codes.map((c) => card(c).name).join(", ") || t("no cards");
  const label = out ? t("{seat}'s hand (laid aside): {cards}", { seat: name, cards: named }) : t("{seat}'s hand: {cards}", { seat: name, cards: named });
  return handPart(cards, label, out ? "fht-aside" : "");
}

function seatOf(s, seat) {
  const { data, frame, stop, answer } = s;
  const name = data.seat_names[seat];
  const out = (frame.out || []).includes(seat);
  const tags = [
    seat === data.dealer ? "dealer" : "",
    frame.declarer === seat ? "declarer" : "",
    out ? "sits out: hand laid aside" : "", // i18n-ok: a tag code, shown through tagWords()
    (frame.exposed || []).includes(seat) ? "hand exposed" : "", // i18n-ok: a tag code
    frame.to_move === seat ? "to move" : "", // i18n-ok: a tag code
  ].filter(Boolean);
  const body = [seatHand(s, seat, name, out)];
  if (frame.piles) {
    const open = stop && stop.seat === seat && !answer && (stop.kind === ACTION_KIND.PLAY || stop.kind === ACTION_KIND.DISCARD);
    body.push(pilesPart(name, frame.piles[seat], { choosable: open ? stop.choices.map((c) => c.code) : [], on: { type: "choose" } }));
  }
  const cls = [frame.to_move === seat ? "fht-to-move" : "", out ? "fht-out" : ""].filter(Boolean).join(" ");
  return seatPart(seat, name, { tags, counts: frame.contract ? plural(frame.tricks_won ? frame.tricks_won[seat] : 0, "trick") : null, cls, body });
}

function trickOf(s) {
  const { data, frame } = s;
  const names = data.seat_names;
  const won = frame.winner !== null && frame.winner !== undefined;
  const heading = won
    ? t("Trick {n}: {seat} wins", { n: frame.trick_no, seat: names[frame.winner] })
    : frame.contract
      ? t("Trick {n}", { n: frame.trick_no + 1 })
      : "";
  const compass = data.players <= 4 && data.players >= 3;
  // the card that won (Python says which): in the 2-player game a seat plays two cards to a trick
  const slots = (frame.trick || []).map(([seat, code, source], index) => {
    const wins = frame.winning_play !== undefined ? frame.winning_play === index : frame.winner === seat;
    const who = names[seat] + (source ? ` (${sourceWords(source)})` : "");
    return slotPart(seat, code, {
      caption: wins ? t("{seat}: wins", { seat: who }) : who,
      words: wins
        ? t("{seat} played {card}, winning the trick", { seat: names[seat], card: card(code).name })
        : t("{seat} played {card}", { seat: names[seat], card: card(code).name }),
      won: wins,
      named: s.named.includes(code),
      at: compass ? gridPlace(data.positions[seat]) : null,
    });
  });
  const notes = [];
  if (!compass && frame.order && frame.phase === PHASE.PLAY)
    notes.push({
      cls: "fht-order-line",
      text: t("Order this trick: {order}", { order: frame.order.map(([seat, src], i) => `${i + 1}. ${names[seat]} (${sourceWords(src)})`).join(", ") }),
    });
  if (frame.joker_suit)
    notes.push({ cls: "fht-hint", text: t("The joker was led naming {suit}.", { suit: words().suits[frame.joker_suit] || frame.joker_suit }) });
  return compass
    ? trickPart(slots, { label: t("cards played to the trick"), heading, notes })
    : trickPart(slots, { cls: "fht-cards fht-trick-row", label: t("cards played to the trick, in order"), heading, notes });
}

function centerOf(s) {
  const { data, frame } = s;
  const center = [];
  const kitty = Array.isArray(data.kitty) ? data.kitty.length : data.kitty;
  if (frame.contract) {
    const title = t("Contract: {contract} by {seat}", { contract: frame.contract_label || frame.contract, seat: data.seat_names[frame.declarer] });
    center.push(
      contractPart(
        title,
        (frame.side_tricks || []).map((n, i) => `${data.side_names[i]} ${n}`),
      ),
    );
  } else if (typeof kitty === "number") {
    center.push({ kind: "text", tag: "div", cls: "fht-hint", text: t("Kitty: {cards}", { cards: plural(kitty, "face-down card") }) });
  }
  if (frame.phase === PHASE.KITTY) {
    const fields = { seat: data.seat_names[frame.declarer], cards: plural(kitty, "card"), so_far: frame.discards };
    const text = frame.kitty_cards
      ? t("{seat} has taken the kitty (its cards are marked) and discards {cards}: {so_far} so far.", fields)
      : t("{seat} has taken the kitty and discards {cards}: {so_far} so far.", fields);
    center.push({ kind: "text", tag: "div", cls: "fht-hint fht-kitty-note", text });
  }
  if (frame.discard_cards?.length) {
    const cards = frame.discard_cards.map((code) => cardPart(code, { small: true }));
    center.push({
      kind: "box",
      cls: "fht-discards",
      children: [
        { kind: "text", tag: "div", cls: "fht-label", text: t("Discarded (out of play)") },
        handPart(cards, t("discarded: {cards}", { cards: frame.discard_cards.map((c) => card(c).name).join(", ") })),
      ],
    });
  }
  center.push(trickOf(s));
  return center;
}

function auctionPart(s) {
  const calls = s.actions.map((action, i) => [i, action]).filter(([i, action]) => action.kind === ACTION_KIND.CALL && i < s.position);
  if (!calls.length) return null;
  const items = calls.map(([i, action]) => ({
    kind: "box",
    tag: "li",
    cls: i === s.position - 1 ? "fht-current" : null,
    children: [
      `${s.data.seat_names[action.seat]}: ${action.label}`,
      " ",
      action.mark ? { kind: "mark", mark: action.mark } : null,
      // a call's comment, in its words once the auction has gone past it (the step's own shows below)
      action.comment && i < s.position - 1 ? { kind: "text", tag: "span", cls: "fht-hint fht-call-comment", text: `\u2014 ${action.comment}` } : null,
    ],
  }));
  return {
    kind: "box",
    cls: "fht-auction",
    children: [
      { kind: "text", tag: "div", cls: "fht-label", text: t("Auction") },
      { kind: "box", tag: "ol", cls: "fht-auction-list", attrs: { "aria-label": t("the auction so far") }, children: items },
    ],
  };
}

/** The replay at its position, as parts: title, controls, the step in words, the stop, the table, the auction. */
export function replayView(s, ui) {
  const { data, last } = s;
  const byArea = Object.fromEntries(AREAS.map((area) => [area, []]));
  for (let seat = 0; seat < data.players; seat++) byArea[AREAS.includes(data.positions[seat]) ? data.positions[seat] : "top"].push(seatOf(s, seat));
  const stepText = last ? `${last.text}.` : t("Dealt by {seat}. Step forward to see the auction.", { seat: data.seat_names[data.dealer] });
  return [
    titlePart(data.title || t("A deal of Five Hundred")),
    data.random
      ? {
          kind: "box",
          cls: "fht-random-note",
          children: [
            { kind: "text", tag: "span", text: `${t("A new deal dealt at random: not part of the lesson, no comments.")} ` },
            ui.lesson ? { kind: "button", cls: "fht-back-to-lesson", text: t("Back to the lesson deal"), on: { type: "backToLesson" } } : null,
          ],
        }
      : null,
    navPart(s),
    {
      kind: "box",
      tag: "p",
      cls: "fht-step",
      attrs: { role: "status", "aria-live": "polite" },
      children: [last?.mark ? { kind: "mark", mark: last.mark } : null, stepText],
    },
    { kind: "box", cls: "fht-comment", attrs: { "aria-label": t("comment") }, children: [last?.comment || ""] },
    s.stop ? stopPart(s, ui) : null,
    tablePart(
      AREAS.map((area) => [area, byArea[area]]),
      centerOf(s),
      // face to face, nobody sits left or right: the trick takes the table's whole width; five or six round
      // the table: a phone draws it tighter (fht.css)
      data.players === 2 ? "fht-table fht-face-to-face" : data.players >= 5 ? "fht-table fht-crowded" : "fht-table",
      // why the trick's card won: under the trick, across the table (the centre column is narrow)
      s.frame.explain ? [{ kind: "text", tag: "div", cls: "fht-hint fht-trick-explain", text: s.frame.explain }] : [],
    ),
    optionsPart(s, ui),
    auctionPart(s),
    s.position === s.actions.length && data.result
      ? { kind: "box", tag: "p", cls: "fht-result", children: [{ kind: "text", tag: "strong", text: data.result }] }
      : null,
  ];
}

// -------------------------------------------------------------------------------- the reducer

const STEP_KEYS = { ArrowRight: 1, ArrowLeft: -1 };

/**
 * What an event changes: {ui, set (model traits), request, redraw}, or null when it changes nothing.
 * Events: go {to}, key {key}, choose {code}, tryAgain, show, hint, newDeal, dealt (its reply came), backToLesson, hello.
 */
export function replayReduce(s, ui, event) {
  const at = s.position;
  const answers = (all) => ({ ui: { ...ui, focus: "stop" }, set: { answers: all } });
  switch (event.type) {
    case "go": {
      const to = Math.max(0, Math.min(event.to, s.actions.length));
      if (to === at) return null;
      return { ui: { ...ui, focus: event.focus || ui.focus || "nav" }, set: { position: to } };
    }
    case "key": {
      const to = event.key in STEP_KEYS ? at + STEP_KEYS[event.key] : event.key === "Home" ? 0 : event.key === "End" ? s.actions.length : null;
      if (to === null || (blocked(s) && to > at)) return null;
      return replayReduce(s, { ...ui, focus: "keep" }, { type: "go", to }) || { ui: { ...ui, focus: "keep" } };
    }
    case "choose": {
      const choice = s.stop?.choices.find((c) => c.code === event.code);
      if (!choice || s.answer) return null;
      // an illegal card is no answer: the reason, and the stop stays open
      if (!choice.legal) return { ui: { ...ui, illegal: { position: at, code: event.code, text: choice.feedback }, focus: "stop" }, redraw: true };
      const out = answers({ ...s.answers, [String(at)]: { choice: event.code, correct: Boolean(choice.correct) } });
      out.ui.illegal = null;
      if (ui.live) out.request = { type: "answer", index: at, choice: event.code };
      return out;
    }
    case "tryAgain": {
      const all = { ...s.answers };
      delete all[String(at)];
      return answers(all);
    }
    case "show":
      return s.stop && !s.answer?.shown ? answers({ ...s.answers, [String(at)]: { choice: s.stop.answer, correct: false, shown: true } }) : null;
    case "hint":
      return { ui: { ...ui, hints: { ...ui.hints, [at]: (ui.hints[at] || 0) + 1 }, focus: "hint" }, redraw: true };
    case "newDeal":
      return {
        ui: { ...ui, lesson: s.data.random ? ui.lesson : { model: s.data, deal: s.deal }, dealing: (ui.dealing || 0) + 1, restore: null },
        request: { type: "new_deal", seed: event.seed },
        wait: 20000,
        reply: "dealt",
      };
    case "backToLesson": {
      if (!ui.lesson) return null;
      const lesson = { model: ui.lesson.model, deal: ui.lesson.deal, position: 0, answers: {} };
      return { ui: { ...ui, lesson: null, restore: ui.dealing ? lesson : null }, set: lesson };
    }
    case "dealt": {
      // a deal that comes after the learner went back to the lesson: the lesson stays
      const dealing = Math.max(0, (ui.dealing || 0) - 1);
      const restore = dealing ? ui.restore : null;
      if (ui.restore && s.data.random) return { ui: { ...ui, dealing, restore, lesson: null }, set: ui.restore };
      return { ui: { ...ui, dealing, restore } };
    }
    case "hello":
      return { ui: { ...ui, live: true }, redraw: true };
    case "allHands":
      return s.canOpen ? { ui: { ...ui, focus: "allHands" }, set: { show_all_hands: !s.allHands } } : null;
    case "navFocus":
      return { ui: { ...ui, lastButton: event.cls } };
    default:
      return null;
  }
}

// ------------------------------------------------------------------------------ the renderers

function renderMark(part) {
  return el(
    "span",
    { class: "fht-mark-wrap" },
    el("span", { class: "fht-mark", "aria-hidden": "true", text: part.mark }),
    el("span", { class: "fht-sr", text: `(${markWords(part.mark)}) ` }),
  );
}

function renderChoices(part, r) {
  const group = el("div", { class: "fht-choices", role: "group", "aria-label": part.label }, r.all(part.buttons));
  roving(group);
  return group;
}

const RENDERERS = { ...TABLE_RENDERERS, mark: renderMark, choices: renderChoices, verdict: renderVerdict };
const NAV_BUTTONS = ["fht-start", "fht-back", "fht-forward", "fht-end"];

/** After a draw: the keyboard where the learner's last action leaves it (the verdict, a hint, the same button). */
function placeFocus(root, s, ui, dispatch) {
  root.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.target.closest(".fht-cards, .fht-choices, .fht-piles")) return;
    if (dispatch({ type: "key", key: event.key })) event.preventDefault();
  });
  root.querySelector(".fht-nav")?.addEventListener("focusin", (event) => {
    const cls = [...event.target.classList].find((c) => NAV_BUTTONS.includes(c));
    if (cls) dispatch({ type: "navFocus", cls });
  });
  const focus = ui.focus;
  const verdict = root.querySelector(".fht-stop .fht-verdict");
  if (focus === "stop") {
    if (s.answer && verdict) {
      // the question, the verdict and the hand together on screen (a phone: the stop's top just under the page header)
      const stopBox = root.querySelector(".fht-stop");
      if (stopBox && typeof stopBox.scrollIntoView === "function") stopBox.scrollIntoView({ block: "start" });
      focusVerdict(verdict, { preventScroll: true });
    } else root.querySelector(".fht-stop-hand button, .fht-stop .fht-choices button, .fht-forward:not([disabled])")?.focus();
  } else if (focus === "allHands") root.querySelector(".fht-all-hands")?.focus();
  else if (focus === "hint") root.querySelector(".fht-stop .fht-hint-btn:not([disabled]), .fht-stop-hand button")?.focus();
  else if (focus === "nav" || focus === "keep") {
    const want = ui.lastButton && root.querySelector(`.${ui.lastButton}:not([disabled])`);
    (
      want ||
      root.querySelector(".fht-stop-hand button, .fht-stop button, .fht-forward:not([disabled]), .fht-back:not([disabled])") ||
      root.querySelector(".fht-nav button")
    ).focus();
    // a stop that waits for an answer takes the keyboard from the nav buttons
    if (s.stop && !s.answer && ui.lastButton) root.querySelector(".fht-stop-hand button, .fht-stop .fht-choices button")?.focus();
  }
  return { ...ui, focus: null };
}

export default {
  render({ model, el: host }) {
    const widget = mountView(host, model, {
      kind: "replay",
      label: () => model.get("model")?.title || t("deal replay"),
      fourColour: true,
      traits: ["model", "position", "answers", "show_all_hands"],
      hello: true,
      ui: freshReplayUi(),
      read: () => replayState(model.get("model"), model.get("position"), model.get("answers"), model.get("deal"), model.get("show_all_hands")),
      view: replayView,
      reduce: (s, ui, event) => replayReduce(s, ui, event.type === "newDeal" ? { ...event, seed: Math.floor(Math.random() * 1e9) } : event),
      renderers: RENDERERS,
      after: placeFocus,
    });
    return widget.dispose;
  },
};
