// Play a deal against the bots (widgets/src/play.js) without a browser: what the table shows for a
// state Python wrote, and what each event (the learner's, the runtime's) changes.

import assert from "node:assert/strict";
import { test } from "node:test";
import { findPart, walk } from "../src/parts.js";
import { callWords, discardWords, freshPlayUi, myTricks, playReduce, playState, playView } from "../src/play.js";
import { placeOf } from "../src/table.js";

const view = (over = {}) => ({
  seat: 0,
  seat_names: ["North", "East", "South", "West"],
  side_names: ["North–South", "East–West"],
  side: 0,
  dealer: 3,
  declarer: 0,
  contract: "7♥",
  phase: "play",
  to_move: 0,
  over: false,
  hands: [["JD", "TH", "5C"], 3, 3, 3],
  tricks_won: [1, 0, 0, 0],
  side_tricks: [1, 0],
  trick: [[3, "4C"]],
  left_bower: "JD",
  legal: [
    { card: "JD", code: "JD", label: "Jack of diamonds, the left bower" },
    { card: "5C", code: "5C", label: "Five of clubs" },
  ],
  ...over,
});
const state = (over = {}) => ({ view: view(over), level: "easy", log: ["North bids 7♥."] });
const at = (st, ui = freshPlayUi()) => ({ ...playState(st, ui), raw: st });

test("seats sit round the learner, who is at the bottom", () => {
  assert.deepEqual(
    [0, 1, 2, 3].map((seat) => placeOf(seat, 0, 4)),
    ["bottom", "left", "top", "right"],
  );
  assert.deepEqual(
    [0, 1, 2].map((seat) => placeOf(seat, 1, 3)),
    ["right", "bottom", "left"],
  );
  // five: the two seats across share the top (playing order: left, top left, top right, right)
  assert.deepEqual(
    [0, 1, 2, 3, 4].map((seat) => placeOf(seat, 2, 5)),
    ["top", "right", "bottom", "left", "top"],
  );
});

test("the learner's legal cards are buttons named by their action; the others wait; the left bower is tagged", () => {
  const parts = playView(at(state()), freshPlayUi());
  const me = [...walk(parts)].find((p) => p.kind === "seat" && p.cls.includes("fht-play-me"));
  assert.equal(me.name, "North (you)");
  assert.equal(me.counts, "you took 1 trick; your side (North–South) 1 trick");
  const hand = findPart(me.body, "hand");
  assert.deepEqual(
    hand.cards.map((c) => [c.code, c.disabled, c.words, c.tags]),
    [
      ["JD", false, "Jack of diamonds, the left bower (the left bower, a trump)", ["left bower"]],
      ["TH", true, "Ten of hearts", []],
      ["5C", false, "Five of clubs", []],
    ],
  );
  assert.equal(findPart(me.body, "text", "fht-play-prompt").text, "Your turn: choose a card.");
  const east = [...walk(parts)].find((p) => p.kind === "seat" && p.seat === 1);
  assert.equal(findPart(east.body, "facedown").label, "East: 3 cards face down");
  assert.equal(east.counts, "0 tricks");
});

test("the trick keeps every seat's place, and says who leads an empty table", () => {
  const trick = findPart(playView(at(state()), freshPlayUi()), "trick");
  assert.equal(trick.label, "Cards on the table: West: Four of clubs");
  assert.deepEqual(
    trick.slots.map((s) => [s.seat, s.at, s.place]),
    [
      [3, "r", false],
      [0, "b", true],
      [1, "l", true],
      [2, "t", true],
    ],
  );
  const empty = findPart(playView(at(state({ trick: [] })), freshPlayUi()), "trick");
  assert.equal(empty.lead, "You lead: choose a card.");
  assert.equal(empty.label, "No cards on the table");
});

test("discarding: how many to go, the cards from the kitty marked", () => {
  assert.equal(discardWords({ to_discard: 3, discard_total: 3 }), "You took the kitty: discard 3 cards, one at a time (a card you tap is discarded at once).");
  assert.equal(discardWords({ to_discard: 1, discard_total: 3 }), "Discard 1 more card.");
  assert.equal(discardWords({ to_discard: 2, discard_total: 3 }), "Discard 2 more cards.");
  const parts = playView(
    at(
      state({ phase: "kitty", from_kitty: ["TH"], to_discard: 2, discard_total: 3, legal: [{ card: "TH", code: "d:TH", label: "Discard the ten of hearts" }] }),
    ),
    freshPlayUi(),
  );
  const ten = findPart(parts, "hand").cards.find((c) => c.code === "TH");
  assert.deepEqual(ten.tags, ["kitty"]);
  assert.ok(ten.words.endsWith(" (from the kitty)"));
  assert.match(findPart(parts, "text", "fht-play-prompt").text, /^Discard 2 more cards\. The cards marked “kitty” came from it\.$/);
  assert.equal(myTricks(view({ side_names: ["North", "East"], side: 0 }), 0), "you took 1 trick");
});

test("a move: the learner's card goes on the table at once, the buttons wait for the answer", () => {
  const s = at(state());
  const out = playReduce(s, freshPlayUi(), { type: "act", action: "JD", code: "JD" });
  assert.deepEqual(out.send, { type: "act", code: "JD" });
  assert.equal(out.ui.waiting, "act");
  assert.deepEqual(out.ui.mine, [0, "JD"]);
  assert.equal(playReduce(s, out.ui, { type: "hint" }), null); // one request at a time
  const parts = playView(at(state(), out.ui), out.ui);
  assert.equal(findPart(parts, "text", "fht-play-prompt").text, "The bots are playing…");
  assert.ok(findPart(parts, "trick").slots.some((slot) => slot.code === "JD" && !slot.place));
  assert.ok(findPart(parts, "button", "fht-new-deal").disabled);
});

test("answers: the bots' cards one by one, errors and hints shown, a late hint dropped once the deal moved on", () => {
  const s = at(state());
  const moved = playReduce(
    s,
    { ...freshPlayUi(), waiting: "act" },
    { type: "replied", reply: { type: "moved", steps: [{ trick: [], winner: null, words: "East plays" }] }, asked: { type: "act" } },
  );
  assert.equal(moved.steps.length, 1);
  assert.equal(moved.ui.waiting, false);
  const step = playReduce(s, moved.ui, { type: "step", step: { trick: [[1, "4C"]], winner: 1, words: "East wins", tricks_won: [1, 1, 0, 0] } });
  assert.equal(step.ui.anim.held, true);
  assert.equal(findPart(playView(at(state(), step.ui), step.ui), "button", "fht-continue-trick").on.type, "release");
  const none = playReduce(s, { ...freshPlayUi(), waiting: "act" }, { type: "replied", reply: null, asked: { type: "act" } });
  assert.match(none.ui.error, /^No answer came/);
  const late = playReduce(s, freshPlayUi(), { type: "late", asked: { type: "hint" } });
  assert.equal(late.ui.waiting, false);
  assert.match(late.ui.slow, /^The hint is taking too long/);
  const dropped = playReduce(s, late.ui, { type: "replied", reply: { type: "hint", text: "Lead trumps." }, asked: { type: "hint" }, late: true, moved: true });
  assert.equal(dropped.quiet, true);
  assert.equal(dropped.ui.hintText, "");
  const shown = playReduce(
    s,
    { ...freshPlayUi(), waiting: "hint" },
    { type: "replied", reply: { type: "hint", text: "Lead trumps." }, asked: { type: "hint" } },
  );
  assert.equal(findPart(playView(s, shown.ui), "verdict").reason, "Lead trumps.");
});

test("the deal over: the score, Check my play, the story", () => {
  const over = state({ over: true, legal: [], to_move: null, result: { scores: [200, -200], made: true, summary: "North–South made 7♥." } });
  const parts = playView(at(over), freshPlayUi());
  assert.equal(findPart(parts, "box", "fht-play-result").children[0].children[0].text, "Score: North–South +200, East–West -200");
  assert.ok(findPart(parts, "button", "fht-review"));
  assert.deepEqual(findPart(parts, "history").lines, ["North bids 7♥."]);
  assert.ok(findPart(parts, "hand").cards.every((c) => !c.button));
});

test("calls judged when asked: the setting sends Python the request, the verdicts it wrote show in its words", () => {
  const s = at(state());
  const select = findPart(playView(s, freshPlayUi()), "select", "fht-judge");
  assert.equal(select.value, "off");
  assert.equal(findPart(playView(s, freshPlayUi()), "box", "fht-play-verdicts"), null); // nothing unless asked
  const out = playReduce(s, freshPlayUi(), { ...select.on, value: "on" });
  assert.deepEqual(out.send, { type: "judge", on: true });
  const judged = {
    ...state(),
    judge: true,
    verdicts: [
      { call: "pass", label: "Pass", verdict: "missed", text: "You passed, but 7♥ was sound by the book's standard: …" },
      { call: "8H", label: "8♥", verdict: "unsound", text: "Your 8♥ is not sound by the book's standard: …" },
    ],
  };
  const answered = playReduce(at(judged), out.ui, { type: "replied", reply: { type: "judge", on: true, verdicts: judged.verdicts }, asked: out.send });
  const parts = playView(at(judged), answered.ui);
  assert.equal(findPart(parts, "select", "fht-judge").value, "on");
  const items = findPart(parts, "box", "fht-play-verdicts").children[1].children;
  assert.deepEqual(
    items.map((i) => [i.cls, i.text]),
    judged.verdicts.map((v) => [`fht-call-${v.verdict}`, v.text]),
  );
  assert.match(answered.ui.message, /verdict by the book's bidding standard/);
  // a play test judges no calls
  assert.equal(findPart(playView(at({ ...judged, test: { id: "t", deals: [], index: 0 } }), freshPlayUi()), "select", "fht-judge"), null);
});

test("a call's button says its words only when they say more: '7♥ (seven hearts)', never 'misère (misère)'", () => {
  const text = (parts) => parts.map((p) => (typeof p === "string" ? p : p ? p.text : "")).join("");
  assert.equal(text(callWords({ code: "MIS", label: "Bid misère", words: "misère" })), "misère");
  assert.equal(text(callWords({ code: "OM", label: "Bid open misère", words: "open misère" })), "open misère");
  assert.equal(text(callWords({ code: "7H", label: "Bid 7♥", words: "seven hearts" })), "7♥ (seven hearts)");
  assert.equal(text(callWords({ code: "pass", label: "Pass" })), "Pass");
  assert.equal(text(callWords({ code: "MIS", label: "Bid misère", words: "misère" }, true)), "misère (the hint's call)");
});

test("the hint's card is ringed and said in the hand while the hint shows, and no more once the learner acts", () => {
  const s = at(state());
  const shown = playReduce(
    s,
    { ...freshPlayUi(), waiting: "hint" },
    { type: "replied", reply: { type: "hint", code: "5C", text: "Play Five of clubs." }, asked: { type: "hint" } },
  );
  const cards = findPart(playView(s, shown.ui), "hand").cards;
  const five = cards.find((c) => c.code === "5C");
  assert.ok(five.cls.includes("fht-named") && five.cls.includes("fht-hinted"), five.cls);
  assert.match(five.words, /\(the hint's card\)$/);
  assert.ok(!cards.find((c) => c.code === "JD").cls.includes("fht-hinted"));
  const acted = playReduce(s, shown.ui, { type: "act", action: "5C", code: "5C" });
  assert.equal(acted.ui.hintCode, "");
  // in the auction: the hint's call is ringed on its button
  const auction = at(
    state({
      phase: "auction",
      auction: [],
      kitty: 3,
      contract: null,
      trick: [],
      legal: [
        { code: "pass", label: "Pass" },
        { code: "MIS", label: "Bid misère", words: "misère" },
      ],
    }),
  );
  const bid = playReduce(
    auction,
    { ...freshPlayUi(), waiting: "hint" },
    { type: "replied", reply: { type: "hint", code: "MIS", text: "Bid misère." }, asked: { type: "hint" } },
  );
  const buttons = findPart(playView(auction, bid.ui), "choices", "fht-play-calls").buttons;
  assert.deepEqual(
    buttons.map((b) => b.cls),
    ["fht-choice", "fht-choice fht-called fht-hinted"],
  );
});
