// PlayDeal: you hold one seat, the bots the others, drawn as a table: four seats, the trick in the
// middle, tricks won, the contract, the kitty.  Every move is answered by Python (handlers.play):
// the kernel in JupyterLab, the engine in your browser in the live book.  This code draws the
// state Python wrote, shows the bots' cards one at a time, and sends your choice; no rules here.
// playView draws a state as parts and playReduce says what an event changes (both pure, tested in
// widgets/tests/play.test.js); the runtime at the bottom sends the requests and paces the cards.

import { card } from "./cards.js";
import { el, expect, roving } from "./dom.js";
import { renderVerdict } from "./feedback.js";
import { plural } from "./format.js";
import { request } from "./host.js";
import { nt, t } from "./language.js";
import { mountWidget } from "./mount.js";
import {
  calledCardOptions,
  callPickerPart,
  declaringTricks,
  isCall,
  isCalling,
  markCalled,
  myPartnerTricks,
  PARTNER_RENDERERS,
  partnerLinePart,
  partnerTags,
  withStep,
} from "./partnercall.js";
import { renderer, titlePart } from "./parts.js";
import { keepState, keptState, testButtonParts, testHeaderPart, testOf, testPanelPart } from "./playtest.js";
import { BOT_LEVEL, PHASE, REPLY } from "./protocol.js";
import { cardPart, contractPart, faceDownPart, handPart, placeOf, seatPart, slotPart, TABLE_RENDERERS, tablePart, trickPart, trickPlace } from "./table.js";

/** Pauses when the bots play: a card each, and a finished trick stays a while (or until Continue;
 * "wait": until Continue, for a learner who wants to look at every trick). */
export const SPEEDS = { normal: { card: 600, trick: 1500 }, fast: { card: 200, trick: 600 }, wait: { card: 600, trick: null } };

/** How long before saying a request is slow (the first one also waits for Python to start). */
const SLOW_MS = { review: 60000, hint: 20000 };

/** The widget's own state at the start: nothing asked, nothing shown, the bots' cards one at a time. */
export function freshPlayUi() {
  return {
    before: null,
    mine: null,
    waiting: false,
    slow: "",
    message: "",
    error: "",
    hintText: "",
    hintCode: "", // the action the hint names: its card (or call) is marked while the hint shows
    review: null,
    anim: null,
    speed: "normal",
    historyOpen: false,
  };
}

/**
 * What the table shows now: the state Python wrote (or, while a move is on its way, the one before it),
 * with the tricks taken as of the card on the table while the cards of a move are shown one by one
 * (the final counts would tell who wins a trick before its cards are seen).
 */
export function playState(state, ui) {
  const shown = expect(ui.before || state, "object", "deal state");
  const view = expect(shown.view, "object", "deal view");
  const counted = Array.isArray(ui.anim?.tricks_won) ? { ...view, tricks_won: ui.anim.tricks_won, side_tricks: ui.anim.side_tricks ?? view.side_tricks } : view;
  // five players: the partner as the learner knew it at that card (it shows with the called card)
  const v = withStep(counted, ui.anim);
  expect(v.seat_names, "array", "seat names");
  return { state: shown, v, me: Number(v.seat), log: Array.isArray(shown.log) ? shown.log : [] };
}

/** What the learner does while discarding, with how many cards are still to go. */
export function discardWords(v) {
  const left = Number.isInteger(v.to_discard) ? v.to_discard : 0;
  if (left <= 0) return t("You took the kitty: choose a card to discard.");
  const total = Number.isInteger(v.discard_total) && v.discard_total >= left ? v.discard_total : left;
  if (left === total)
    return nt(
      "You took the kitty: discard {n} card, one at a time (a card you tap is discarded at once).",
      "You took the kitty: discard {n} cards, one at a time (a card you tap is discarded at once).",
      total,
      { n: total },
    );
  return t("Discard {cards}.", { cards: plural(left, "more card") });
}

/** The learner's tricks, and their side's when they have a partner: which count is which, in words. */
export function myTricks(v, me) {
  if (Array.isArray(v.declaring_known)) return myPartnerTricks(v, me); // five players: a called partner
  const own = t("you took {tricks}", { tricks: plural(v.tricks_won[me], "trick") });
  const side = Number.isInteger(v.side) && Array.isArray(v.side_tricks) ? v.side_tricks[v.side] : null;
  const partnered = v.side_names && typeof v.side_names[v.side] === "string" && v.side_names[v.side] !== v.seat_names[me];
  return side !== null && side !== undefined && partnered
    ? t("{own}; your side ({side}) {tricks}", { own, side: v.side_names[v.side], tricks: plural(side, "trick") })
    : own;
}

// ----------------------------------------------------------------------------------- the view

function settingsPart(s, ui) {
  return {
    kind: "box",
    cls: "fht-bar fht-play-settings",
    children: [
      // a play test (playtest.js) keeps its bots: every reader plays the same deals against the same play
      testOf(s.state)
        ? null
        : {
            kind: "select",
            cls: "fht-level",
            label: t("How strong the bots play"),
            disabled: Boolean(ui.waiting),
            value: s.state.level === BOT_LEVEL.STRONG ? BOT_LEVEL.STRONG : BOT_LEVEL.EASY,
            options: [
              [BOT_LEVEL.EASY, t("Bots: easy (rules of thumb)")],
              [BOT_LEVEL.STRONG, t("Bots: stronger (they weigh the unseen cards)")],
            ],
            on: { type: "level" },
          },
      {
        kind: "select",
        cls: "fht-speed",
        label: t("How fast the bots' cards appear"),
        value: ui.speed,
        options: [
          ["normal", t("Bots' cards: one at a time")],
          ["fast", t("Bots' cards: faster")],
          ["wait", t("Bots' cards: each trick stays until Continue")],
        ],
        on: { type: "speed" },
      },
      // the learner's calls judged by the book's bidding standard, once asked for (Python judges them)
      testOf(s.state)
        ? null
        : {
            kind: "select",
            cls: "fht-judge",
            label: t("Judge my calls by the book's bidding standard"),
            disabled: Boolean(ui.waiting),
            value: s.state.judge === true ? "on" : "off",
            options: [
              ["off", t("Your calls: not judged")],
              ["on", t("Your calls: judged by the book's bidding standard")],
            ],
            on: { type: "judge" },
          },
    ],
  };
}

/** Once asked for: a verdict on each of the learner's calls (Python's words, newest last). */
export function verdictsPart(state) {
  const verdicts = state.judge === true && Array.isArray(state.verdicts) ? state.verdicts : [];
  if (!verdicts.length) return null;
  const label = t("Your calls, by the book's bidding standard");
  return {
    kind: "box",
    cls: "fht-play-review fht-play-verdicts",
    attrs: { role: "group", "aria-label": label },
    children: [
      { kind: "text", cls: "fht-label", text: label },
      {
        kind: "box",
        tag: "ul",
        cls: "fht-play-log",
        children: verdicts.map((v) => ({ kind: "text", tag: "li", cls: `fht-call-${v.verdict}`, attrs: { "data-call": v.call }, text: v.text })),
      },
    ],
  };
}

function otherSeat(v, seat, ui) {
  const name = v.seat_names[seat];
  const moving = ui.anim ? false : v.to_move === seat && !v.over;
  const tags = [seat === v.dealer ? "dealer" : "", v.declarer === seat ? "declarer" : "", ...partnerTags(v, seat), moving ? "to play" : ""].filter(Boolean); // i18n-ok: tag codes, shown through tagWords()
  const hand = v.hands[seat];
  const count = Array.isArray(hand) ? hand.length : Number(hand) || 0;
  return seatPart(seat, name, {
    tags,
    counts: v.contract ? plural(v.tricks_won[seat], "trick") : null,
    cls: moving ? "fht-to-move" : "",
    body: [faceDownPart(count, `${name}: ${plural(count, "card face down")}`)],
  });
}

function trickOf(v, me, ui) {
  const names = v.seat_names;
  let plays = v.trick;
  let winner = null;
  let heading = v.phase === PHASE.PLAY ? t("This trick") : "";
  if (ui.anim) {
    plays = ui.anim.trick;
    winner = ui.anim.winner;
    heading = winner === null || winner === undefined ? t("This trick") : t("{seat} wins the trick", { seat: names[winner] });
  } else if (ui.mine) {
    plays = [...plays, ui.mine]; // your card, on the table at once while the bots' answer is on its way
  } else if (!plays.length && v.last_trick) {
    plays = v.last_trick.plays;
    winner = v.last_trick.winner;
    heading = t("Last trick: {seat} won it", { seat: names[winner] });
  }
  const at = (seat) => trickPlace(seat, me, names.length);
  const slots = plays.map(([seat, code]) =>
    slotPart(seat, code, { caption: seat === winner ? t("{seat}: wins", { seat: names[seat] }) : names[seat], won: seat === winner, at: at(seat) }),
  );
  // every seat's place kept (an empty one invisible): the table keeps its size as the cards come,
  // so the learner's hand below never moves under the pointer
  const played = new Set(plays.map(([seat]) => seat));
  for (let seat = 0; seat < names.length; seat++) if (!played.has(seat)) slots.push(slotPart(seat, "", { caption: names[seat], at: at(seat), place: true }));
  const label = plays.length
    ? t("Cards on the table: {cards}", { cards: plays.map(([seat, code]) => `${names[seat]}: ${card(code).name}`).join(", ") })
    : t("No cards on the table");
  // never a heading over an empty table: say who leads
  const lead =
    !plays.length && v.to_move !== null && v.to_move !== undefined
      ? v.to_move === me
        ? t("You lead: choose a card.")
        : t("{seat} leads.", { seat: names[v.to_move] })
      : null;
  return trickPart(slots, { label, heading, lead, cls: names.length === 5 ? "fht-trick fht-trick-five" : "fht-trick" });
}

function centerOf(v, me, ui) {
  const names = v.seat_names;
  const center = [];
  if (v.contract)
    center.push(
      contractPart(
        t("Contract {contract} by {seat}", { contract: v.contract, seat: names[v.declarer] }),
        Array.isArray(v.declaring_known) ? declaringTricks(v) : (v.side_tricks || []).map((n, i) => `${v.side_names[i]} ${n}`),
      ),
    );
  center.push(partnerLinePart(v)); // five players: the called card, and who holds it once that may be known
  if (v.phase === PHASE.AUCTION) {
    center.push({
      kind: "text",
      tag: "div",
      cls: "fht-hint",
      text: nt("Kitty: {n} card face down, for the winner of the auction.", "Kitty: {n} cards face down, for the winner of the auction.", v.kitty, {
        n: v.kitty,
      }),
    });
    const calls = v.auction.length ? v.auction.map((a) => `${names[a.seat]} ${a.label}`).join(", ") : t("no calls yet");
    center.push({
      kind: "box",
      tag: "p",
      cls: "fht-play-auction",
      children: [{ kind: "text", tag: "span", cls: "fht-label", text: `${t("Auction:")} ` }, calls],
    });
  } else if (v.phase === PHASE.KITTY && !v.partner_words && !isCalling(v)) {
    center.push({ kind: "text", tag: "div", cls: "fht-hint", text: t("{seat} has taken the kitty and is discarding.", { seat: names[v.declarer] }) });
  }
  if (v.phase === PHASE.PLAY || v.last_trick || ui.anim) center.push(trickOf(v, me, ui));
  return center;
}

/** A card the hint names: ringed (as a card a comment names), and said so. */
function hintedCard(part) {
  return { ...part, cls: [...part.cls, "fht-named", "fht-hinted"], words: t("{card} (the hint's card)", { card: part.words }) };
}

/** A call button's words: the call as shown, and in words for a screen reader when they say more ("7♥ (seven hearts)",
 * never "misère (misère)"); the hint's call says so. */
export function callWords(action, hinted = false) {
  const shown = action.label.replace(/^Bid /, "");
  const said = [action.words && action.words !== shown ? action.words : "", hinted ? t("the hint's call") : ""].filter(Boolean).join(", ");
  return [shown, said ? { kind: "text", tag: "span", cls: "fht-sr", text: ` (${said})` } : null];
}

/** The learner's seat: what to do now, their hand (the legal cards are buttons), other ways to act. */
function mySeat(v, me, ui) {
  const names = v.seat_names;
  const legal = ui.anim ? [] : Array.isArray(v.legal) ? v.legal : [];
  const byCard = new Map(legal.filter((a) => a.card).map((a) => [a.card, a]));
  const held = Array.isArray(v.hands[me]) ? v.hands[me] : [];
  const fromKitty = new Set(v.phase === PHASE.KITTY && Array.isArray(v.from_kitty) ? v.from_kitty : []);
  let prompt = "";
  if (ui.anim) prompt = ui.anim.words;
  else if (v.over) prompt = t("The deal is over.");
  else if (ui.waiting === "act" || ui.waiting === "new_deal") prompt = v.phase === PHASE.AUCTION ? t("The bots are bidding…") : t("The bots are playing…");
  else if (legal.length)
    prompt =
      v.phase === PHASE.AUCTION
        ? t("Your call: bid or pass.")
        : isCalling(v)
          ? t("Call a card, usually the best one you do not hold: whoever holds it becomes your partner for this deal.")
          : v.phase === PHASE.KITTY
            ? `${discardWords(v)}${fromKitty.size ? ` ${t("The cards marked “kitty” came from it.")}` : ""}`
            : t("Your turn: choose a card.");
  // while you discard: the cards that came from the kitty say so, on the card and in its name
  const cards = (ui.mine ? held.filter((c) => c !== ui.mine[1]) : held).map((code) => {
    if (v.over) return cardPart(code);
    const action = byCard.get(code);
    const open = action && !ui.waiting;
    const marks = { bower: Boolean(v.left_bower) && code === v.left_bower, kitty: fromKitty.has(code), kittyTag: true };
    const part = cardPart(code, { button: true, disabled: !open, words: open ? action.label : null, on: { type: "act", action: action?.code }, ...marks });
    const marked = open && ui.hintCode && action.code === ui.hintCode ? hintedCard(part) : part;
    return calledCardOptions(v, code).called ? markCalled(marked) : marked;
  });
  const body = [{ kind: "text", cls: "fht-label fht-play-prompt", text: prompt }, handPart(cards, t("Your hand ({seat})", { seat: names[me] }))];
  if (isCalling(v) && !ui.anim && !v.over) body.push(callPickerPart(v, { disabled: Boolean(ui.waiting) }));
  const others = legal.filter((a) => !a.card && !isCall(a));
  if (others.length && !v.over) {
    body.push({
      kind: "choices",
      cls: "fht-play-calls",
      label: v.phase === PHASE.AUCTION ? t("Your call") : t("Other ways to play"),
      buttons: others.map((a) => ({
        kind: "button",
        cls: ui.hintCode && a.code === ui.hintCode ? "fht-choice fht-called fht-hinted" : "fht-choice",
        attrs: { "data-choice": a.code },
        disabled: Boolean(ui.waiting),
        on: { type: "act", action: a.code },
        children: callWords(a, ui.hintCode && a.code === ui.hintCode),
      })),
    });
  }
  const cls = `fht-play-me${legal.length ? " fht-to-move" : ""}`;
  return seatPart(me, t("{seat} (you)", { seat: names[me] }), { counts: v.contract ? myTricks(v, me) : null, cls, body });
}

function navPart(v, ui, state) {
  const legal = ui.anim ? [] : Array.isArray(v.legal) ? v.legal : [];
  const waiting = Boolean(ui.waiting);
  const held = ui.anim?.held ? { kind: "button", cls: "fht-continue-trick", text: t("Continue"), on: { type: "release" } } : null;
  // a test: no hint, no other deal (the next deal, or the test again, comes under the deal's result)
  if (testOf(state)) return { kind: "box", cls: "fht-bar fht-nav", children: [held] }; // the next deal: under its result
  return {
    kind: "box",
    cls: "fht-bar fht-nav",
    children: [
      held,
      !ui.anim && legal.length && !v.over ? { kind: "button", cls: "fht-hint-btn", disabled: waiting, text: t("Hint"), on: { type: "hint" } } : null,
      v.over && !ui.review && !ui.anim
        ? {
            kind: "button",
            cls: "fht-review",
            disabled: waiting,
            text: t("Check my play"),
            attrs: { title: t("Each card you chose, compared with the best card with every hand in view") },
            on: { type: "checkPlay" },
          }
        : null,
      { kind: "button", cls: "fht-new-deal", disabled: waiting, text: t("New deal"), on: { type: "newDeal" } },
    ],
  };
}

function resultPart(v) {
  const scores = v.side_names.map((n, i) => `${n} ${v.result.scores[i] > 0 ? "+" : ""}${v.result.scores[i]}`).join(", ");
  return {
    kind: "box",
    cls: `fht-verdict fht-play-result ${v.result.made ? "fht-verdict-right" : "fht-verdict-wrong"}`,
    attrs: { role: "status" },
    children: [
      { kind: "box", cls: "fht-verdict-heading", children: [{ kind: "text", tag: "strong", text: t("Score: {scores}", { scores }) }] },
      { kind: "text", cls: "fht-verdict-reason", text: v.result.summary },
    ],
  };
}

function reviewPart(review) {
  const label = t("Your play, with every hand in view");
  return {
    kind: "box",
    cls: "fht-play-review",
    attrs: { role: "group", "aria-label": label },
    children: [
      { kind: "text", cls: "fht-label", text: label },
      { kind: "text", text: review.summary },
      review.rows.length
        ? { kind: "box", tag: "ul", cls: "fht-play-log", children: review.rows.map((row) => ({ kind: "text", tag: "li", text: row.text })) }
        : null,
      ...(review.notes || []).map((note) => ({ kind: "text", cls: "fht-muted", text: note })),
    ],
  };
}

/** The deal as parts: settings, the table, your seat, the buttons, messages, the score, the review, the story. */
export function playView(s, ui) {
  const { v, me, log } = s;
  const players = v.seat_names.length;
  const byArea = { top: [], left: [], right: [] }; // with five, the two seats across share the top
  // in the order of play from the learner's left, so two seats sharing the top sit left to right
  for (let turn = 1; turn < players; turn++) {
    const seat = (me + turn) % players;
    byArea[placeOf(seat, me, players)]?.push(otherSeat(v, seat, ui));
  }
  return [
    titlePart(s.title || t("Play a deal against the bots")),
    testOf(s.state) ? testHeaderPart(s.state) : null,
    settingsPart(s, ui),
    tablePart(
      ["top", "left", "right"].map((area) => [area, byArea[area]]),
      centerOf(v, me, ui),
      `fht-table fht-play-table${players === 5 ? " fht-table-five" : ""}`,
    ),
    mySeat(v, me, ui),
    navPart(v, ui, s.state),
    verdictsPart(s.state),
    // messages, hints and errors: visible, next to the table
    ui.hintText ? { kind: "verdict", correct: null, heading: t("Hint"), reason: ui.hintText, cls: "fht-play-hint" } : null,
    ui.error ? { kind: "verdict", correct: null, heading: t("Not possible"), reason: ui.error } : null,
    ui.message ? { kind: "text", cls: "fht-play-message", attrs: { role: "status" }, text: ui.message } : null,
    ui.slow ? { kind: "text", cls: "fht-play-message fht-play-slow", attrs: { role: "status" }, text: ui.slow } : null,
    v.over && v.result && !ui.anim ? resultPart(v) : null,
    v.over && ui.review ? reviewPart(ui.review) : null,
    testOf(s.state) ? testPanelPart(s.state, v.over && !ui.anim) : null,
    testOf(s.state) ? { kind: "box", cls: "fht-bar fht-playtest-nav", children: testButtonParts(s.state, v.over && !ui.anim, ui) } : null,
    // the deal's whole story (the auction and the discards too), open or closed as the learner left it
    log.length ? { kind: "history", lines: log, open: ui.historyOpen } : null,
  ];
}

// -------------------------------------------------------------------------------- the reducer

const late = () => ({
  hint: t("The hint is taking too long: play on without it (it will show here if it comes while it is still your turn)."),
  review: t("Checking your play is taking a long time: it will show here when it is done."),
  other: t("This is taking longer than usual: the bots' answer will show here as soon as it comes."),
});

/** Start a request: the table stays as it was until the answer comes. */
function sending(s, ui, message, extra = {}) {
  if (ui.waiting) return null;
  return { ui: { ...ui, ...extra, waiting: message.type, message: "", error: "", hintText: "", hintCode: "", slow: "", before: s.raw }, send: message };
}

/**
 * What an event changes: {ui, send (a request to make), release (let a held trick go), steps (the
 * bots' cards to show one by one), quiet (an answer that came too late to show)}, or null.
 * Learner's events: act {action, code}, newDeal {seed}, checkPlay, hint, level {value}, speed {value},
 * history {open}, release.  The runtime's: late {asked} (no answer yet), replied {reply, asked, late,
 * moved (the deal changed meanwhile)}, step {step} (a card of the bots' move), steps-done.
 */
export function playReduce(s, ui, event) {
  switch (event.type) {
    case "call":
      // five players: the declarer calls a card (a card of another hand, never put on the table)
      if (ui.anim || !event.action) return null;
      return sending(s, ui, { type: "act", code: event.action });
    case "act":
      if (ui.anim || !event.action) return null;
      return sending(s, ui, { type: "act", code: event.action }, { mine: event.code ? [s.me, event.code] : null });
    case "newDeal":
      return sending(s, ui, { type: "new_deal", seed: event.seed });
    case "checkPlay":
      return sending(s, ui, { type: REPLY.REVIEW });
    case "nextDeal":
      return sending(s, ui, { type: "next" });
    case "again":
      return sending(s, ui, { type: "again" });
    case "hint":
      return sending(s, ui, { type: REPLY.HINT });
    case "level":
      return sending(s, ui, { type: REPLY.LEVEL, level: event.value });
    case "judge":
      return sending(s, ui, { type: REPLY.JUDGE, on: event.value === "on" });
    case "speed":
      return { ui: { ...ui, speed: event.value } };
    case "history":
      return { ui: { ...ui, historyOpen: event.open } };
    case "release":
      return { ui, release: true };
    case "late": {
      // a hint or a check gives the buttons back (nothing changes until its answer comes); a move keeps waiting
      const type = event.asked.type;
      if (type === REPLY.HINT || type === REPLY.REVIEW) return { ui: { ...ui, waiting: false, before: null, slow: late()[type] } };
      return { ui: { ...ui, slow: late().other } };
    }
    case "replied": {
      const { reply, asked } = event;
      // answered after the buttons came back: shown only if the deal has not moved on
      if (event.late && (asked.type === REPLY.HINT || asked.type === REPLY.REVIEW) && (!reply || event.moved || ui.waiting))
        return { ui: { ...ui, slow: "" }, quiet: true };
      const next = { ...ui, slow: "", waiting: false, before: null, mine: null };
      if (!reply) next.error = t("No answer came: in JupyterLab, run this notebook's cells; in the online book, reload the page.");
      else if (reply.type === REPLY.ERROR) next.error = reply.error;
      else if (reply.type === REPLY.DEAL)
        Object.assign(next, {
          message: testOf(s.state) ? t("Deal {n}: the bots have acted up to your turn.", { n: Number(reply.index) + 1 }) : t("A new deal."),
          review: null,
        });
      else if (reply.type === REPLY.REVIEW) next.review = reply;
      else if (reply.type === REPLY.HINT) Object.assign(next, { hintText: reply.text, hintCode: typeof reply.code === "string" ? reply.code : "" });
      else if (reply.type === REPLY.JUDGE)
        next.message = reply.on
          ? t("Each of your calls now gets a verdict by the book's bidding standard, under the buttons.")
          : t("Your calls are no longer judged.");
      else if (reply.type === REPLY.LEVEL)
        next.message = reply.level === BOT_LEVEL.STRONG ? t("The bots now weigh many ways the cards could lie.") : t("The bots now play by rules of thumb.");
      return { ui: next, steps: reply?.type === REPLY.MOVED && Array.isArray(reply.steps) ? reply.steps : null };
    }
    case "step": {
      const { step } = event;
      const done = step.winner !== null && step.winner !== undefined;
      const anim = { trick: step.trick, winner: step.winner, words: `${step.words}.`, held: done, tricks_won: step.tricks_won, side_tricks: step.side_tricks };
      return { ui: { ...ui, anim } };
    }
    case "steps-done":
      return { ui: { ...ui, anim: null } };
    default:
      return null;
  }
}

// ------------------------------------------------------------------------------ the renderers

function renderSelect(part, r) {
  const select = el(
    "select",
    { class: part.cls, "aria-label": part.label, disabled: part.disabled || undefined, onchange: (e) => r.dispatch({ ...part.on, value: e.target.value }) },
    part.options.map(([value, text]) => el("option", { value, text })),
  );
  select.value = part.value;
  return select;
}

function renderChoices(part, r) {
  const box = el("div", { class: `fht-choices${part.cls ? ` ${part.cls}` : ""}`, role: "group", "aria-label": part.label }, r.all(part.buttons));
  roving(box);
  return box;
}

/** The story so far: a long one scrolls in its own box, the newest line in view, reachable by keyboard (Tab, then arrows). */
function renderHistory(part, r) {
  const list = el(
    "ul",
    { class: "fht-play-log" },
    part.lines.map((text) => el("li", { text })),
  );
  const box = el("div", { class: "fht-play-story", role: "region", "aria-label": t("What happened so far, from the deal on"), tabindex: "0" }, list);
  const history = el("details", { class: "fht-play-history", open: part.open || undefined }, el("summary", { text: t("What happened so far") }), box);
  history.addEventListener("toggle", () => {
    r.dispatch({ type: "history", open: history.open });
    if (history.open) box.scrollTop = box.scrollHeight;
  });
  if (history.open) requestAnimationFrame(() => (box.scrollTop = box.scrollHeight));
  return history;
}

const RENDERERS = { ...TABLE_RENDERERS, ...PARTNER_RENDERERS, select: renderSelect, choices: renderChoices, history: renderHistory, verdict: renderVerdict };

// -------------------------------------------------------------------------------- the runtime

export default {
  render({ model, el: host }) {
    let ui = freshPlayUi();
    let release = () => {};
    // a play test: the learner's progress kept in this browser (a reload goes on where they were)
    const kept = keptState(model.get("state"));
    if (kept) {
      model.set("state", kept);
      model.save_changes();
    }
    const keep = () => keepState(model.get("state"), model.get("title"));
    model.on("change:state", keep);
    const read = () => ({ ...playState(model.get("state"), ui), raw: model.get("state"), title: model.get("title") });
    const widget = mountWidget(host, model, {
      kind: "play",
      label: () => model.get("title") || t("play a deal"),
      fourColour: true,
      traits: ["state"],
      draw: (root) => root.append(...renderer(RENDERERS, (event) => dispatch(event)).all(playView(read(), ui))),
    });
    const dispatch = (event) => {
      const out = playReduce(read(), ui, event.type === "newDeal" ? { ...event, seed: Math.floor(Math.random() * 1e9) } : event);
      if (!out) return null;
      ui = out.ui;
      if (out.release) release();
      if (out.send) send(out.send);
      return out;
    };
    const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    /** The cards of a move one at a time; a finished trick stays until Continue or a pause. */
    const animate = async (steps) => {
      for (const step of steps) {
        const pace = SPEEDS[ui.speed] || SPEEDS.normal;
        dispatch({ type: "step", step });
        widget.draw();
        if (!ui.anim.held) {
          await wait(pace.card);
          continue;
        }
        if (pace.trick === null) host.querySelector(".fht-continue-trick")?.focus(); // the keyboard goes on from there
        await new Promise((resolve) => {
          const timer = pace.trick === null ? null : setTimeout(resolve, pace.trick);
          release = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        release = () => {};
      }
      dispatch({ type: "steps-done" });
    };
    const send = async (message) => {
      const asked = model.get("state");
      widget.draw();
      // the solver's check of a whole deal can take a while (the 2-player game most): wait longer for it
      const answer = request(model, message, message.type === REPLY.REVIEW ? 120000 : 30000);
      let late = false;
      const timer = setTimeout(() => {
        late = true;
        dispatch({ type: "late", asked: message });
        widget.draw();
      }, SLOW_MS[message.type] || 20000);
      const reply = await answer;
      clearTimeout(timer);
      const out = dispatch({ type: "replied", reply, asked: message, late, moved: model.get("state") !== asked });
      if (out.steps) await animate(out.steps);
      widget.draw();
      if (out.quiet) return;
      const review = reply?.type === REPLY.REVIEW ? host.querySelector(".fht-play-review") : reply?.test ? host.querySelector(".fht-playtest-result") : null;
      if (review) {
        // the keyboard stays with what the learner asked for: the review, not the top of the page
        review.tabIndex = -1;
        review.focus();
      } else
        host
          .querySelector(
            ".fht-play-calls button:not([disabled]), .fht-cards button:not([disabled]), .fht-review, .fht-new-deal, .fht-playtest-next, .fht-playtest-again",
          )
          ?.focus();
      // a hint asked for is read at once: below the table it can start under the window's edge
      const hint = reply?.type === REPLY.HINT ? host.querySelector(".fht-play-hint") : null;
      if (hint && typeof hint.scrollIntoView === "function") hint.scrollIntoView({ block: "nearest" });
    };
    return () => {
      model.off("change:state", keep);
      widget.dispose();
    };
  },
};
