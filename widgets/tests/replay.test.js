// The deal replay's view and reducer (widgets/src/replay.js), without a browser: what the learner
// sees at a position (controls, the stop, the table) and what each event changes.

import assert from "node:assert/strict";
import { test } from "node:test";
import { useLanguage } from "../src/language.js";
import { findPart, walk } from "../src/parts.js";
import { freshReplayUi, replayReduce, replayState, replayView } from "../src/replay.js";

const names = ["North", "East", "South", "West"];
const frame = (over = {}) => ({
  hands: ["JD TH 5C", 3, 3, 3],
  trick: [],
  tricks_won: [0, 0, 0, 0],
  side_tricks: [0, 0],
  contract: "7H",
  declarer: 0,
  to_move: 0,
  phase: "play",
  trick_no: 0,
  winner: null,
  left_bower: "JD",
  ...over,
});
const data = {
  title: "A short deal",
  players: 4,
  dealer: 3,
  seat_names: names,
  side_names: ["North–South", "East–West"],
  positions: ["bottom", "left", "top", "right"],
  kitty: 5,
  actions: [
    { kind: "call", seat: 0, label: "7♥", text: "North bids 7♥", mark: "!" },
    { kind: "play", seat: 0, text: "North plays J♦", comment: "The left bower leads." },
  ],
  frames: [
    frame({ contract: null, phase: "auction" }),
    frame(),
    frame({ hands: ["TH 5C", 3, 3, 3], trick: [[0, "JD", ""]], tricks_won: [1, 0, 0, 0], to_move: 1 }),
  ],
  stops: [
    {
      index: 1,
      seat: 0,
      kind: "play",
      prompt: "Which card do you lead?",
      answer: "JD",
      choices: [
        { code: "JD", label: "J♦", legal: true, correct: true, feedback: "The left bower draws trumps." },
        { code: "TH", label: "10♥", legal: true, correct: false, feedback: "It lets the jack of hearts win." },
        { code: "5C", label: "5♣", legal: false, correct: false, feedback: "You must follow suit." },
      ],
      hint: { principle: "Draw trumps first.", answer: "Lead the left bower." },
    },
  ],
  result: "North–South made 7♥.",
};

const at = (position, answers = {}) => replayState(data, position, answers);
const button = (parts, cls) => findPart(parts, "button", cls);

test("the controls: nothing before the start, no stepping past a stop that waits for an answer", () => {
  const start = replayView(at(0), freshReplayUi());
  assert.equal(button(start, "fht-start").disabled, true);
  assert.equal(button(start, "fht-forward").disabled, false);
  assert.equal(findPart(start, "text", "fht-progress").text, "Step 0 of 2");
  assert.equal(button(start, "fht-new-deal"), null); // only when a host answers
  const stop = replayView(at(1), { ...freshReplayUi(), live: true });
  assert.equal(button(stop, "fht-forward").disabled, true);
  assert.equal(button(stop, "fht-end").disabled, true);
  assert.ok(button(stop, "fht-new-deal"));
  const answered = replayView(at(1, { 1: { choice: "JD", correct: true } }), freshReplayUi());
  assert.equal(button(answered, "fht-forward").disabled, false);
});

test("at a stop the seat's hand offers the cards to choose, the left bower said as such", () => {
  const parts = replayView(at(1), freshReplayUi());
  const hand = findPart(parts, "hand", "fht-stop-hand");
  assert.equal(hand.label, "North's hand: choose a card");
  assert.deepEqual(
    hand.cards.map((c) => [c.code, c.button, c.words]),
    [
      ["JD", true, "Jack of diamonds (the left bower, a trump)"],
      ["TH", true, "Ten of hearts"],
      ["5C", true, "Five of clubs"],
    ],
  );
  const facedown = [...walk(parts)].filter((p) => p.kind === "facedown").map((p) => p.label);
  assert.ok(facedown.includes("East's hand: 3 face-down cards"), facedown);
  assert.deepEqual(findPart(parts, "seat").counts, "0 tricks");
});

test("after a wrong answer: only the pick is marked, the deal's card held back until Show me", () => {
  const parts = replayView(at(1, { 1: { choice: "TH", correct: false } }), freshReplayUi());
  const verdict = findPart(parts, "verdict");
  assert.equal(verdict.correct, false);
  assert.equal(verdict.reason, "It lets the jack of hearts win.");
  assert.ok(!verdict.answer, "no 'The answer:' on a first miss");
  assert.deepEqual(verdict.onTryAgain, { type: "tryAgain" });
  assert.deepEqual(
    verdict.extra.map((b) => b.on),
    [{ type: "show" }],
  );
  const words = (ps) => [...walk(ps)].find((p) => p.kind === "hand" && p.label.startsWith("North's hand")).cards.map((c) => c.words);
  assert.deepEqual(words(parts), ["Jack of diamonds (the left bower, a trump)", "Ten of hearts (your answer)", "Five of clubs"]);
  // Show me: the deal's card marked and its reason said
  const shown = replayView(at(1, { 1: { choice: "JD", correct: false, shown: true } }), freshReplayUi());
  assert.equal(findPart(shown, "verdict").reason, "The left bower draws trumps.");
  assert.deepEqual(words(shown), ["Jack of diamonds (the left bower, a trump) (the answer)", "Ten of hearts", "Five of clubs"]);
});

test("a card as good as the deal's, judged right, is marked right, not as a miss", () => {
  const equal = { ...data, stops: [{ ...data.stops[0], choices: data.stops[0].choices.map((c) => (c.code === "TH" ? { ...c, correct: true } : c)) }] };
  const parts = replayView(replayState(equal, 1, { 1: { choice: "TH", correct: true } }), freshReplayUi());
  assert.equal(findPart(parts, "verdict").correct, true);
  const hand = [...walk(parts)].find((p) => p.kind === "hand" && p.label.startsWith("North's hand"));
  assert.ok(hand.cards.find((c) => c.code === "TH").words.endsWith("(the answer)"), hand.cards.map((c) => c.words).join(" | "));
});

test("an illegal card is not an answer: its reason shows and the stop stays open", () => {
  const out = replayReduce(at(1), freshReplayUi(), { type: "choose", code: "5C" });
  assert.equal(out.set, undefined);
  assert.equal(out.ui.illegal.text, "You must follow suit.");
  const verdict = findPart(replayView(at(1), out.ui), "verdict");
  assert.equal(verdict.heading, "That card cannot be played");
  assert.equal(verdict.reason, "You must follow suit. Choose another card.");
});

test("an answer is saved in the model, and sent to a live host", () => {
  const out = replayReduce(at(1), freshReplayUi(), { type: "choose", code: "JD" });
  assert.deepEqual(out.set, { answers: { 1: { choice: "JD", correct: true } } });
  assert.equal(out.request, undefined);
  const live = replayReduce(at(1), { ...freshReplayUi(), live: true }, { type: "choose", code: "JD" });
  assert.deepEqual(live.request, { type: "answer", index: 1, choice: "JD" });
  const again = replayReduce(at(1, { 1: { choice: "TH", correct: false } }), freshReplayUi(), { type: "tryAgain" });
  assert.deepEqual(again.set, { answers: {} });
  const shown = replayReduce(at(1), freshReplayUi(), { type: "show" });
  assert.deepEqual(shown.set.answers["1"], { choice: "JD", correct: false, shown: true });
});

test("keys step through the deal, never past an open stop; hints come one at a time", () => {
  assert.deepEqual(replayReduce(at(0), freshReplayUi(), { type: "key", key: "ArrowRight" }).set, { position: 1 });
  assert.equal(replayReduce(at(1), freshReplayUi(), { type: "key", key: "ArrowRight" }), null);
  assert.deepEqual(replayReduce(at(1), freshReplayUi(), { type: "key", key: "Home" }).set, { position: 0 });
  assert.equal(replayReduce(at(0), freshReplayUi(), { type: "key", key: "x" }), null);
  assert.equal(replayReduce(at(2), freshReplayUi(), { type: "go", to: 9 }), null); // already at the end
  const one = replayReduce(at(1), freshReplayUi(), { type: "hint" });
  const hints = findPart(replayView(at(1), one.ui), "box", "fht-hints");
  assert.deepEqual(
    hints.children.map((h) => h.text),
    ["Draw trumps first."],
  );
  assert.equal(button(replayView(at(1), one.ui), "fht-hint-btn").text, "Another hint");
});

test("a new deal remembers the lesson's, and Back returns to it", () => {
  const out = replayReduce({ ...at(0), deal: "the lesson" }, freshReplayUi(), { type: "newDeal", seed: 7 });
  assert.deepEqual(out.request, { type: "new_deal", seed: 7 });
  assert.equal(out.ui.lesson.deal, "the lesson");
  const back = replayReduce(replayState({ ...data, random: true }, 0, {}), out.ui, { type: "backToLesson" });
  assert.deepEqual(Object.keys(back.set), ["model", "deal", "position", "answers"]);
  assert.equal(back.set.model, data);
  assert.equal(back.ui.lesson, null);
});

test("Back while a new deal is on its way: the deal that comes late does not replace the lesson", () => {
  const asked = replayReduce({ ...at(0), deal: "the lesson" }, freshReplayUi(), { type: "newDeal", seed: 7 });
  assert.equal(asked.reply, "dealt");
  const randomState = replayState({ ...data, random: true }, 0, {});
  const first = replayReduce(randomState, asked.ui, { type: "dealt", reply: { type: "deal" } }); // the first deal came
  assert.equal(first.set, undefined, "a deal that comes while the learner waits for it stays");
  const again = replayReduce(randomState, first.ui, { type: "newDeal", seed: 8 }); // another one asked
  const back = replayReduce(randomState, again.ui, { type: "backToLesson" }); // Back before it comes
  assert.equal(back.set.model, data);
  // the host has set the late deal's traits: the widget shows a random deal again, and puts the lesson back
  const late = replayReduce(randomState, back.ui, { type: "dealt", reply: { type: "deal" } });
  assert.equal(late.set.model, data);
  assert.equal(late.set.deal, "the lesson");
  assert.equal(late.ui.dealing, 0);
  assert.equal(late.ui.restore, null);
});

test("the end: the trick's winner, the result, the auction with its marks", () => {
  const parts = replayView(at(2), freshReplayUi());
  assert.equal(findPart(parts, "trick").slots[0].words, "North played Jack of diamonds");
  assert.equal(findPart(parts, "contract").title, "Contract: 7H by North");
  assert.deepEqual(findPart(parts, "contract").sides, ["North–South 0", "East–West 0"]);
  assert.equal(findPart(parts, "box", "fht-result").children[0].text, "North–South made 7♥.");
  assert.ok(findPart(parts, "mark"));
  assert.throws(() => replayState({ ...data, frames: data.frames.slice(1) }, 0, {}), /2 frames for 2 actions/);
});

test("the auction list: a call's comment in its words once the auction is past it, never a bare '(comment)'", () => {
  const calls = [
    { kind: "call", seat: 0, label: "6♥", text: "North bids 6♥", comment: "North has the right bower: a sound 6♥." },
    { kind: "call", seat: 1, label: "pass", text: "East passes" },
    ...data.actions.slice(1),
  ];
  const commented = { ...data, actions: calls, frames: [data.frames[0], data.frames[0], data.frames[1], data.frames[2]] };
  const list = (position) => findPart(replayView(replayState(commented, position, {}), freshReplayUi()), "box", "fht-auction-list");
  const text = (part) => (typeof part === "string" ? part : !part ? "" : (part.text ?? "") + (part.children || []).map(text).join(""));
  assert.doesNotMatch(text(list(1)), /comment/, "the step's own comment shows below the table, not twice");
  assert.equal(text(list(1)), "North: 6♥ ");
  assert.match(text(list(2)), /North: 6♥ \u2014 North has the right bower: a sound 6♥\./);
  assert.doesNotMatch(text(list(2)), /\(comment\)/);
});

test("a finished trick marks the card that won it, not every card of the winner's (2 players)", () => {
  const two = {
    ...data,
    players: 2,
    seat_names: ["North", "South"],
    side_names: ["North", "South"],
    positions: ["top", "bottom"],
    frames: [
      frame({ hands: ["AH 5C", "8H 6S"], contract: null, phase: "auction" }),
      frame({ hands: ["AH 5C", "8H 6S"] }),
      frame({
        hands: ["5C", "6S"],
        trick: [
          [1, "8H", "hand"],
          [0, "AH", "hand"],
          [1, "4H", "table"],
          [0, "5H", "table"],
        ],
        winner: 0,
        winning_play: 1,
        trick_no: 1,
      }),
    ],
    stops: [],
  };
  const slots = findPart(replayView(replayState(two, 2, {}), freshReplayUi()), "trick").slots;
  assert.deepEqual(
    slots.map((s) => [s.code, s.won]),
    [
      ["8H", false],
      ["AH", true],
      ["4H", false],
      ["5H", false],
    ],
  );
  assert.equal(slots[1].caption, "North (hand): wins");
  assert.equal(slots[3].caption, "North (table)");
});

test("at a discard stop the cards from the kitty are marked and said", () => {
  const kitty = {
    ...data,
    frames: [frame({ contract: null, phase: "auction" }), frame({ phase: "kitty", kitty_cards: ["TH"] }), frame()],
    stops: [{ ...data.stops[0], kind: "discard", prompt: "Which card do you discard?" }],
  };
  const hand = findPart(replayView(replayState(kitty, 1, {}), freshReplayUi()), "hand", "fht-stop-hand");
  const ten = hand.cards.find((c) => c.code === "TH");
  assert.equal(ten.words, "Ten of hearts (from the kitty)");
  assert.ok(ten.tags.includes("kitty") && ten.cls.includes("fht-from-kitty"), ten);
});

test("Show all hands: one seat's view turns every hand face up, and back; a replay with every hand shown has no toggle", () => {
  const open = ["JD TH 5C", "AS KS QS", "9H 8H 7H", "AC KC QC"];
  const seatView = { ...data, frames: data.frames.map((f) => ({ ...f, open_hands: open })) };
  const hidden = replayView(replayState(seatView, 0, {}, null, false), freshReplayUi());
  const toggle = button(hidden, "fht-all-hands");
  const words = (b) => b.children.map((c) => (typeof c === "string" ? c : c.text)).join("");
  const spoken = (b) =>
    b.children
      .filter((c) => typeof c === "string" || c.attrs?.["aria-hidden"] !== "true")
      .map((c) => c.text ?? c)
      .join("");
  // what a sighted learner sees says the state (learner review, finding 6: the label never changed and the
  // pressed state was a border like a focus ring): an empty box while only the seat's hand shows, a ticked
  // one while every hand does; the accessible name stays "Show all hands", aria-pressed says the state
  assert.equal(words(toggle), "\u2610 Show all hands");
  assert.equal(spoken(toggle), "Show all hands");
  assert.equal(toggle.attrs["aria-pressed"], "false");
  assert.ok(!toggle.cls.includes("fht-pressed"));
  const seats = (parts) => [...walk(parts)].filter((p) => p.kind === "seat").map((p) => p.body[0].kind);
  assert.deepEqual(seats(hidden), ["facedown", "facedown", "facedown", "hand"]); // East, South, West face down; North at the bottom
  const shown = replayView(replayState(seatView, 0, {}, null, true), freshReplayUi());
  assert.equal(button(shown, "fht-all-hands").attrs["aria-pressed"], "true");
  assert.equal(words(button(shown, "fht-all-hands")), "\u2611 Show all hands");
  assert.equal(spoken(button(shown, "fht-all-hands")), "Show all hands");
  assert.ok(button(shown, "fht-all-hands").cls.includes("fht-pressed"));
  assert.deepEqual(seats(shown), ["hand", "hand", "hand", "hand"]);
  const east = [...walk(shown)].find((p) => p.kind === "seat" && p.seat === 1).body[0];
  assert.deepEqual(
    east.cards.map((c) => c.code),
    ["AS", "KS", "QS"],
  );
  // the toggle sets the model's trait (saved with the page), the keyboard stays on it
  const out = replayReduce(replayState(seatView, 0, {}, null, false), freshReplayUi(), { type: "allHands" });
  assert.deepEqual(out.set, { show_all_hands: true });
  assert.equal(out.ui.focus, "allHands");
  assert.deepEqual(replayReduce(replayState(seatView, 0, {}, null, true), freshReplayUi(), { type: "allHands" }).set, { show_all_hands: false });
  // every hand already shown (no seat's view): no toggle, and the event changes nothing
  assert.equal(button(replayView(at(0), freshReplayUi()), "fht-all-hands"), null);
  assert.equal(replayReduce(at(0), freshReplayUi(), { type: "allHands" }), null);
});

test("the cards a comment names are highlighted while it shows, in the hands and the trick, and said", () => {
  const actions = [data.actions[0], { ...data.actions[1], comment: "The left bower (J♦) leads; 10♥ waits.", named: ["JD", "TH"] }];
  const withNames = { ...data, stops: [], actions };
  const cards = (parts) => [...walk(parts)].filter((p) => p.kind === "hand").flatMap((h) => h.cards);
  const named = (parts) =>
    cards(parts)
      .filter((c) => c.cls.includes("fht-named"))
      .map((c) => c.code);
  // step 2: the comment on North's J♦ shows; J♦ is in the trick, 10♥ still in the hand
  const after = replayView(replayState(withNames, 2, {}), freshReplayUi());
  assert.deepEqual(named(after), ["TH"]);
  assert.match(cards(after).find((c) => c.code === "TH").words, /Ten of hearts, named in the comment/);
  const slot = [...walk(after)].find((p) => p.kind === "trick").slots[0];
  assert.equal(slot.named, true);
  assert.match(slot.words, /named in the comment/);
  // step 1: the call's step has no comment: nothing highlighted
  assert.deepEqual(named(replayView(replayState(withNames, 1, {}), freshReplayUi())), []);
});

test("the replay's controls and lines speak Polish (issue 29 part 2)", () => {
  useLanguage("pl");
  try {
    const text = JSON.stringify(replayView(at(0), { ...freshReplayUi(), live: true }));
    assert.match(text, /Krok \d+ z \d+/);
    assert.match(text, /Rozdaje .*\. Przejdź krok dalej, by zobaczyć licytację\./);
    assert.match(text, /"Nowe rozdanie"/);
    assert.doesNotMatch(text, /Step \d+ of|New deal|Dealt by/);
  } finally {
    useLanguage("en");
  }
});
