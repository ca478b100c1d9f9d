// Five players in PlayDeal (widgets/src/partnercall.js, and how play.js uses it) without a browser: the
// partner call's picker, the secret partner on the table, the five seats, the trick's five places.

import assert from "node:assert/strict";
import { test } from "node:test";
import { declaringTricks, myPartnerTricks, withStep } from "../src/partnercall.js";
import { findPart, walk } from "../src/parts.js";
import { freshPlayUi, playReduce, playState, playView } from "../src/play.js";
import { trickPlace } from "../src/table.js";

const NAMES = ["North", "North-east", "South-east", "South-west", "North-west"];
const call = (code, name) => ({ code: `c:${code}`, label: `Call the ${name}`, call: code });

// as handlers.play.view writes it for South-east, who won the auction with 7♥ and has discarded
const calling = (over = {}) => ({
  seat: 2,
  seat_names: NAMES,
  side_names: NAMES,
  side: 2,
  dealer: 1,
  declarer: 2,
  contract: "7♥",
  phase: "kitty",
  to_move: 2,
  over: false,
  hands: [10, 10, ["JH", "AH", "4H", "KC", "QC", "9S", "8S", "7D", "6D", "5D"], 10, 10],
  tricks_won: [0, 0, 0, 0, 0],
  trick: [],
  left_bower: "JD",
  legal: [call("JK", "Joker"), call("JD", "Jack of diamonds"), call("KH", "King of hearts"), call("AS", "Ace of spades"), call("2C", "Two of clubs")],
  called_card: null,
  partner: null,
  you_are_partner: false,
  partner_words: "",
  declaring_known: [2],
  call_groups: [
    { label: "Trumps", open: true, cards: ["JK", "JD", "KH"] },
    { label: "Spades", open: false, cards: ["AS"] },
    { label: "Clubs", open: false, cards: ["2C"] },
  ],
  ...over,
});
const state = (over = {}) => ({ view: calling(over), level: "easy", log: ["South-east bids 7♥."] });
const at = (st, ui = freshPlayUi()) => ({ ...playState(st, ui), raw: st });

test("calling: the picker shows the trumps open, the other suits folded, each card a button named for the call", () => {
  const parts = playView(at(state()), freshPlayUi());
  const picker = findPart(parts, "box", "fht-partner-call");
  assert.equal(picker.attrs["aria-label"], "Call a card to choose your partner");
  const [trumps, spades, clubs] = picker.children;
  assert.equal(trumps.kind, "box");
  assert.equal(trumps.children[0].text, "Trumps");
  const hand = trumps.children[1];
  assert.equal(hand.label, "Trumps: 3 cards you may call");
  assert.deepEqual(
    hand.cards.map((c) => [c.code, c.words, c.button, c.disabled, c.on]),
    [
      ["JK", "Call the Joker", true, false, { type: "call", action: "c:JK" }],
      ["JD", "Call the Jack of diamonds", true, false, { type: "call", action: "c:JD" }],
      ["KH", "Call the King of hearts", true, false, { type: "call", action: "c:KH" }],
    ],
  );
  assert.deepEqual([spades.kind, spades.summary, clubs.summary], ["fold", "Spades (1 card)", "Clubs (1 card)"]);
  assert.equal(spades.children[0].cards[0].words, "Call the Ace of spades");
  // the calls are not also drawn as buttons of their own, and the learner's own cards are not buttons to press
  assert.equal(findPart(parts, "choices"), null);
  const me = [...walk(parts)].find((p) => p.kind === "seat" && p.seat === 2);
  assert.ok(findPart(me.body, "hand").cards.every((c) => c.disabled));
  assert.match(findPart(me.body, "text", "fht-play-prompt").text, /^Call a card, usually the best one you do not hold: /);
  assert.equal(findPart(parts, "text", "fht-partner-line"), null); // the prompt says it: no second line on the table
  assert.ok(![...walk(parts)].some((p) => /is discarding/.test(p.text || ""))); // the discards are done: no stale line
});

test("a call is sent as the learner's action and never put on the table as a card played", () => {
  const s = at(state());
  const out = playReduce(s, freshPlayUi(), { type: "call", action: "c:JK", code: "JK" });
  assert.deepEqual(out.send, { type: "act", code: "c:JK" });
  assert.equal(out.ui.mine, null);
  const waiting = findPart(playView(at(state(), out.ui), out.ui), "box", "fht-partner-call");
  assert.ok(waiting.children[0].children[1].cards.every((c) => c.disabled));
});

test("the partner on the table: a secret until the called card shows, then tagged and counted with the declarer", () => {
  const secret = {
    phase: "play",
    legal: [],
    call_groups: [],
    to_move: 3,
    called_card: "JK",
    partner_words: "You called the Joker: whoever holds it is your partner for this deal. You will know who when it is played.",
    tricks_won: [0, 1, 2, 0, 0],
  };
  let parts = playView(at(state(secret)), freshPlayUi());
  assert.equal(findPart(parts, "text", "fht-partner-line").text, secret.partner_words);
  assert.ok([...walk(parts)].filter((p) => p.kind === "seat").every((seat) => !seat.tags.includes("partner")));
  assert.deepEqual(findPart(parts, "contract").sides, ["you 2 (partner not known yet)"]);
  const shown = {
    ...secret,
    partner: 1,
    declaring_known: [2, 1],
    partner_words: "North-east played the called Joker: North-east is your partner for this deal.",
  };
  parts = playView(at(state(shown)), freshPlayUi());
  const ne = [...walk(parts)].find((p) => p.kind === "seat" && p.seat === 1);
  assert.ok(ne.tags.includes("partner"));
  assert.deepEqual(findPart(parts, "contract").sides, ["you and North-east 3"]);
  const me = [...walk(parts)].find((p) => p.kind === "seat" && p.seat === 2);
  assert.equal(me.counts, "you took 2 tricks; with your partner 3 tricks");
  assert.equal(myPartnerTricks(calling(secret), 2), "you took 2 tricks");
  assert.deepEqual(declaringTricks({ ...calling(shown), seat: 0 }), ["South-east and North-east 3"]);
});

test("while the bots' cards are shown one by one, the partner shows with the called card's step, not before", () => {
  const final = {
    phase: "play",
    legal: [],
    call_groups: [],
    called_card: "JK",
    partner: 1,
    declaring_known: [2, 1],
    partner_words: "North-east played the called Joker: …",
  };
  const before = {
    trick: [[3, "4C"]],
    winner: null,
    words: "South-west plays 4♣.",
    held: false,
    partner: null,
    partner_words: "You called the Joker: …",
    declaring_known: [2],
  };
  const ui = { ...freshPlayUi(), anim: before };
  const v = playState(state(final), ui).v;
  assert.equal(v.partner, null);
  assert.equal(v.partner_words, "You called the Joker: …");
  assert.deepEqual(v.declaring_known, [2]);
  const parts = playView(at(state(final), ui), ui);
  assert.ok([...walk(parts)].filter((p) => p.kind === "seat").every((seat) => !seat.tags.includes("partner")));
  assert.equal(withStep(calling(), { trick: [] }).partner, null); // a step without partner fields changes nothing
});

test("the secret partner's hand: the called card is marked, and said", () => {
  const partner = calling({
    seat: 3,
    declarer: 1,
    phase: "play",
    call_groups: [],
    to_move: 3,
    hands: [10, 10, 10, ["JK", "5S", "6S"], 10],
    legal: [{ card: "5S", code: "5S", label: "Play Five of spades" }],
    called_card: "JK",
    partner: 3,
    you_are_partner: true,
    declaring_known: [1, 3],
  });
  const parts = playView(at({ view: partner, log: [] }), freshPlayUi());
  const joker = findPart(parts, "hand").cards.find((c) => c.code === "JK");
  assert.deepEqual(joker.tags, ["called"]);
  assert.ok(joker.cls.includes("fht-called"));
  assert.equal(joker.words, "Joker (the called card: you are the partner)");
  // nobody else's seat is tagged: the learner is the partner, not shown a tag of their own
  assert.ok([...walk(parts)].filter((p) => p.kind === "seat").every((seat) => !seat.tags.includes("partner")));
});

test("five seats: two across at the top, and a place for each in the trick", () => {
  const parts = playView(
    at(
      state({
        phase: "play",
        legal: [],
        call_groups: [],
        trick: [
          [3, "4C"],
          [4, "5C"],
          [0, "6C"],
        ],
      }),
    ),
    freshPlayUi(),
  );
  const table = findPart(parts, "table");
  assert.ok(table.cls.includes("fht-table-five"));
  const areas = Object.fromEntries(table.areas.map(([area, seats]) => [area, seats.map((s) => s.name)]));
  assert.deepEqual(areas, { top: ["North-west", "North"], left: ["South-west"], right: ["North-east"] });
  const trick = findPart(parts, "trick");
  assert.equal(trick.cls, "fht-trick fht-trick-five");
  assert.deepEqual(Object.fromEntries(trick.slots.map((s) => [s.seat, s.at])), { 0: "tr", 1: "r", 2: "b", 3: "l", 4: "tl" });
  assert.deepEqual(
    [0, 1, 2, 3].map((seat) => trickPlace(seat, 0, 4)),
    ["b", "l", "t", "r"],
  );
});
